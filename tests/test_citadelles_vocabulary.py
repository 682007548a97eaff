"""`citadelles` as players write it: MPs read by meneur's real MP reader with the rule set's verbs, and a
J0 played by `meneur replay` from posts (the citadel choice in the players' words) and MPs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from meneur.daemon.mp_actions import read_mp
from meneur.daemon.replay import load_scenario, replay
from meneur.engine.model import GameState
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets import ruleset
from meneur.engine.rulesets.citadelles.setup import setup
from meneur.tests.test_citadelles_engine import NAMES12, A, deaths, game12, night

RULES = ruleset("citadelles")


def read(state: GameState, sender: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp(text, sender, state, RULES.verbs, resolver, "mp")
    return [(a.power, a.targets) for a in reading.actions]


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        (
            "Carla",
            "Nous attaquons David cette nuit. Le tueur sera Léo.",
            [("loups.attaquer", ("David",)), ("loups.tueur", ("Léo",))],
        ),
        (
            "Carla",
            "On attaque David, c'est moi le tueur.",
            [("loups.attaquer", ("David",)), ("loups.tueur", ("Carla",))],
        ),
        ("Alice", "Je lance le projet micro-ondes", [("sf.lancer.micro_ondes", ())]),
        ("Alice", "J'utilise le projet sabotage sur l'Est", [("sf.utiliser.sabotage.est", ())]),
        ("Alice", "Sabotage sur le Sud stp", [("sf.utiliser.sabotage.sud", ())]),
        (
            "Jules",
            "Je lance le projet explosif et je l'utilise sur Alice",
            [("sf.lancer.explosif", ()), ("sf.utiliser", ("Alice",))],
        ),
        ("Jules", "je lance le projet oeil de druide", [("sf.lancer.oeil_de_druide", ())]),
        (
            "Alice",
            "Je détruis le projet en cours et je lance le projet radio",
            [("sf.detruire", ()), ("sf.lancer.radio", ())],
        ),
        ("Léo", "J'utilise mon pouvoir annulation", [("cb.annuler", ())]),
        ("Alice", "!sf.utiliser.sabotage.est", [("sf.utiliser.sabotage.est", ())]),
    ],
)
def test_night_orders_as_players_write_them(
    sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert read(game12(), sender, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Je prends le poste de scientifique", ["habitant.sf"]),
        ("GM pour moi", ["habitant.gm"]),
        (
            "Je veux être combattant, pouvoirs : supervoix et intendant",
            ["habitant.cb", "habitant.supervoix", "habitant.intendant"],
        ),
        (
            "Je serai combattante, avec annulation et supervision.",
            ["habitant.cb", "habitant.annulation", "habitant.supervision"],
        ),
        ("CS, pouvoir : supervoix", ["habitant.cs", "habitant.supervoix"]),
    ],
)
def test_j0_evening_requests(text: str, expected: list[str]) -> None:
    state = setup(NAMES12, seed=3)
    state.phase = "J0-soir"
    assert [power for power, _ in read(state, "Alice", text)] == expected


def test_a_project_used_without_its_name_is_the_one_launched_tonight() -> None:
    """ "Si le projet est chargé à 100 % suite à cette charge, alors il peut l'utiliser dans la foulée." """
    outcome = night(game12(), A("Jules", "sf.lancer.explosif"), A("Jules", "sf.utiliser", "Alice"))
    assert deaths(outcome) == [("Alice", "explosif")]


SCENARIO = """
ruleset = "citadelles"
seed = 4
{players}

[[phases]]
phase = "J0-matin"
posts = [
{posts}
]

[[phases]]
phase = "J0-zenith"
posts = [
  {{ author = "Alice", text = "Ok je bouge : je vais au Sud." }},
  {{ author = "Bruno", text = "Moi je rejoins Tribüdouduna alors." }},
]

[[phases]]
phase = "J0-soir"
mps = [
{mps}
]
"""


def test_replay_plays_j0_from_posts_and_mps(tmp_path: Path) -> None:
    players = "\n".join(f'[[players]]\nname = "{n}"' for n in NAMES12)
    wanted = ["Nord"] * 5 + ["l'Est"] * 3 + ["Sud"] * 2 + ["l'Ouest"] * 2
    posts = "\n".join(
        f'  {{ author = "{n}", text = "[color=brown][b]Je vote contre Inès[/b][/color]\\n[b]Citadelle : {c}[/b]" }},'
        for n, c in zip(NAMES12, wanted, strict=True)
    )
    mps = "\n".join(f'  {{ from = "{n}", text = "Je prends le poste de gardien des murs." }},' for n in NAMES12)
    path = tmp_path / "j0.toml"
    path.write_text(SCENARIO.format(players=players, posts=posts, mps=mps), encoding="utf-8")
    lines = list(replay(load_scenario(path)))
    by_type = {line["type"]: line for line in lines}
    assert by_type["mayor_elected"]["player"] == "Inès"
    assert by_type["citadels_chosen"]["balanced"] is False
    final = by_type["citadels_final"]
    assert final["how"] == "accord" and "Alice" in final["citadels"]["sud"] and "Bruno" in final["citadels"]["ouest"]
    assert lines[-1]["phase"] == "N1"
    assert len([line for line in lines if line["type"] == "roles_drawn"]) == 4  # everyone asked GM


def test_every_draft_of_random_games_is_french_without_placeholders() -> None:
    """The posts and MPs of random games (every event the engine emits), drafted from the templates of
    `templates/citadelles/`: no identifier, English word or template leftover, as for every rule set."""
    from meneur.daemon.drafts import drafts_for, opening_post, role_cards
    from meneur.tests.test_citadelles_random import play
    from meneur.tests.test_templates_complete import ENGLISH, IDENTIFIER, TEMPLATE_LEFTOVER

    opening = opening_post(setup(NAMES12, seed=3))
    assert opening is not None and "ŒIL DE DRUIDE [2]" in opening.body
    bodies = [opening.body, *(card.body for card in role_cards(game12(), "MJ"))]
    bodies += [card.body for card in role_cards(setup(NAMES12, seed=3), "MJ")]
    kinds: set[str] = set()
    for seed in range(12):
        events: list[dict[str, object]] = []
        play(seed, checked=False, events=events)
        kinds |= {str(e["type"]) for e in events}
        for phase in dict.fromkeys(str(e["phase"]) for e in events):
            for markup in ("bbcode", "markdown"):
                bodies += [d.body for d in drafts_for("citadelles", phase, events, RULES.role_names, markup=markup)]
    assert {"project_result", "death", "role_given", "citadels_final", "moved"} <= kinds
    for body in bodies:
        words = set(body.lower().replace("'", " ").split())
        assert not IDENTIFIER.search(re.sub(r"\[code\].*?\[/code\]|`[^`]*`", "", body)), body
        assert not TEMPLATE_LEFTOVER.search(body), body
        assert not words & ENGLISH, (words & ENGLISH, body)
        assert "Message du MJ." not in body, body


def test_destroying_a_project_by_its_name() -> None:
    state = game12()
    assert read(state, "Gaby", "Je détruis mon projet et je lance tour du ciel à la place") == [
        ("sf.detruire", ()),
        ("sf.lancer.tour_du_ciel", ()),
    ]
    assert read(state, "Alice", "Je détruis radio et je lance sabotage sur Bïbiloune") == [
        ("sf.detruire", ()),
        ("sf.utiliser.sabotage.sud", ()),
    ]


def test_we_launch() -> None:
    assert read(game12(), "David", "On lance nuit sans lune") == [("sf.lancer.nuit_sans_lune", ())]
    assert read(game12(), "Alice", "je lance les micro-ondes") == [("sf.lancer.micro_ondes", ())]
    assert read(game12(), "Jules", "Projet connaissance stp") == [("sf.lancer.connaissance", ())]
    assert read(game12(), "Jules", "Projet explosif sur Alice") == [("sf.utiliser.explosif", ("Alice",))]
    assert read(game12(), "David", "Espionnage industriel, je le lance") == [("sf.lancer.espionnage_industriel", ())]
    assert read(game12(), "Alice", "Chant des sirènes, je l'utilise") == [("sf.utiliser.chant_des_sirenes", ())]


def test_the_last_survivor_names_his_post() -> None:
    state = game12()
    text = "Je suis la dernière de Bïbiloune, je prends le poste de gardienne des murs."
    assert read(state, "Inès", text) == [("cb.poste_gm", ())]


def test_exchange_names_the_gm_or_not() -> None:
    from meneur.tests.test_citadelles_engine import game16

    state = game16({"P03": "echange"})
    assert read(state, "P03", "J'échange mon rôle avec P02 cette nuit") == [("cm.echanger", ("P02",))]
    assert read(state, "P03", "Échange avec le GM stp") == [("cm.echanger", ())]
    from meneur.engine.model import Action
    from meneur.engine.rulesets.citadelles.validation import validate

    assert validate(state, Action("P03", "cm.echanger", ("P01",))) is not None


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        ("Carla", "Je tue David cette nuit.", [("loups.attaquer", ("David",))]),
        (
            "Carla",
            "Les loups ciblent David, c'est Léo qui attaque",
            [("loups.attaquer", ("David",)), ("loups.tueur", ("Léo",))],
        ),
        ("Carla", "on mange david, tueur leo", [("loups.attaquer", ("David",)), ("loups.tueur", ("Léo",))]),
        ("David", "politique pour moi cette nuit", [("sf.utiliser.politique", ("David",))]),
        ("Alice", "Le radar cette nuit : Léo", [("sf.utiliser.radar_longue_portee", ("Léo",))]),
        ("Alice", "Je veux la radio pour Örchnoung", [("sf.lancer.radio", ())]),
        ("Léo", "J'utilise mon pouvoir d'annulation sur le projet de notre citadelle", [("cb.annuler", ())]),
        ("Alice", "Merci pour les infos du recensement !", []),
    ],
)
def test_more_orders_as_players_write_them(sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert read(game12(), sender, text) == expected


def test_a_project_aimed_at_ones_own_citadel() -> None:
    """CHAOS: "Ciblez une citadelle, éventuellement la vôtre" — « sur nous », « sur notre citadelle »."""
    from meneur.tests.test_citadelles_engine import calm

    assert read(game12(), "David", "Chaos sur nous-mêmes, Félix veut changer de pouvoir") == [
        ("sf.utiliser.chaos.nous", ())
    ]
    state = calm(calm(game12(), A("David", "sf.lancer.chaos")))
    outcome = night(state, A("David", "sf.utiliser.chaos.nous"), answers={"N3:pouvoir:Félix": "supervoix,intendant"})
    assert outcome.state.player("Félix").markers["pouvoirs"] == ("supervoix", "intendant")
