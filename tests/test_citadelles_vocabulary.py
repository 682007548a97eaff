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
        # typed fast, « je » run into its verb (corpus ci-197)
        ("jveux etre CS, pouvoir supervoix", ["habitant.cs", "habitant.supervoix"]),
        ("jveux etre scientifique", ["habitant.sf"]),
        ("jprends GM", ["habitant.gm"]),
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
        ("sf.lancer.sabotage", ()),
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
    """ÉCHANGE is always with « le gardien des murs de sa citadelle »: the GM's name adds nothing (RULINGS R29b)."""
    from meneur.tests.test_citadelles_engine import game16

    state = game16({"P03": "echange"})
    assert read(state, "P03", "J'échange mon rôle avec P02 cette nuit") == [("cm.echanger", ())]
    assert read(state, "P03", "Échange avec le GM stp") == [("cm.echanger", ())]
    assert read(state, "P03", "J'utilise ÉCHANGE, je deviens gardien des murs") == [("cm.echanger", ())]


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


# -- Issue 17: the players' natural French, measured on the MP corpus (fixtures/mps/citadelles*.toml) --------------

# The names the help's examples use (Marc, Zoé, Hugo) are players here: 16 players, SF, GM, CM, CS per citadel.
EXAMPLE_NAMES = ["Anne", "Marc", "Hugo", "Zoé", "Bea", "Cyril", "Dina", "Elie"]
EXAMPLE_NAMES += ["Fanny", "Gael", "Ines", "Jade", "Kim", "Lou", "Mona", "Nils"]


def example_game(phase: str = "N2", twelve: bool = False) -> GameState:
    names = EXAMPLE_NAMES[:12] if twelve else EXAMPLE_NAMES
    posts = ("sf", "gm", "cb/supervoix/annulation") if twelve else ("sf", "gm", "cm/echange", "cs/annulation")
    roles = {n: posts[i % len(posts)] for i, n in enumerate(names)}
    groups = {n: i // len(posts) + 1 for i, n in enumerate(names)}
    wolves = {n: "loups" for n in ("Hugo", "Cyril", "Gael", "Kim")[: 3 if twelve else 4]}
    state = setup(names, seed=2, roles=roles, camps=wolves, groups=groups)
    if phase == "J0-soir":
        state = setup(names, seed=2, roles=dict.fromkeys(names, "habitant"), camps=wolves, groups=groups)
    state.phase = phase
    return state


def holder(power: str) -> tuple[GameState, str]:
    """A game and a sender who holds ``power`` (the SF of the West, Mona, for every project)."""
    role = power.split(".")[0]
    if role == "habitant":
        return example_game("J0-soir"), "Anne"
    if role == "cb":
        return example_game(twelve=True), "Hugo"
    state = example_game()
    sender = {"loups": "Hugo", "sf": "Mona", "gm": "Marc", "cm": "Hugo", "cs": "Zoé"}[role]
    if power.split(".")[1].startswith("poste_"):  # the last one alive in his citadel (the North)
        for other in ("Anne", "Marc", "Hugo", "Zoé"):
            state.player(other).alive = other == {"sf": "Anne", "gm": "Marc", "cm": "Hugo", "cs": "Zoé"}[role]
        sender = next(n for n in ("Anne", "Marc", "Hugo", "Zoé") if state.player(n).alive)
    return state, sender


# The examples that show two orders at once, read whole.
TWO_ORDERS = {
    "sf.utiliser": [("sf.lancer.explosif", ()), ("sf.utiliser", ("Marc",))],
    "sf.detruire": [("sf.detruire", ()), ("sf.lancer.radio", ())],
}


@pytest.mark.parametrize("power", sorted(v.power for v in RULES.verbs))
def test_every_power_has_help_and_its_example_is_read_exactly(power: str) -> None:
    """The role card's example of each power (RuleSet.examples), read by the MP reader as the card's holder
    sends it: that power with the example's names, nothing else, no doubt."""
    assert RULES.help.get(power), power
    example = RULES.examples[power]
    state, sender = holder(power)
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp(example, sender, state, RULES.verbs, resolver, "mp")
    names = tuple(n for n in ("Marc", "Zoé", "Hugo") if n in example)
    verb = next(v for v in RULES.verbs if v.power == power)
    expected = TWO_ORDERS.get(power, [(power, names if verb.max_targets else ())])
    assert [(a.power, a.targets) for a in reading.actions] == expected, example
    assert not reading.doubtful and not reading.unclear, example


@pytest.mark.parametrize("power", sorted(v.power for v in RULES.verbs))
def test_every_canonical_form_is_read_exactly(power: str) -> None:
    from meneur.parsers.actions import canonical

    verb = next(v for v in RULES.verbs if v.power == power)
    form = canonical(verb)
    text = form.split(" ")[0] + (" Marc" if verb.min_targets or verb.max_targets else "")
    state, sender = holder(power)
    assert read(state, sender, text) == [(power, ("Marc",) if verb.max_targets else ())], (form, text)


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        # « S'il choisit un projet à utilisation immédiate, alors il peut s'en servir dans la foulée »: the
        # launch and the use, two orders (RULINGS R10d); Jules is the West's SF, David the East's, Alice the North's.
        ("Jules", "Je lance explosif sur Alice", [("sf.lancer.explosif", ()), ("sf.utiliser.explosif", ("Alice",))]),
        (
            "David",
            "je lance collaboration pour protéger Gaby",
            [("sf.lancer.collaboration", ()), ("sf.utiliser.collaboration", ("Gaby",))],
        ),
        (
            "Alice",
            "Je lance décadence, cible : l'Ouest",
            [("sf.lancer.decadence", ()), ("sf.utiliser.decadence.ouest", ())],
        ),
        # « ou le garder pour plus tard »: a launch alone, and a use alone, stay one order each
        ("Jules", "Je lance le projet explosif", [("sf.lancer.explosif", ())]),
        ("Jules", "J'utilise explosif sur Alice", [("sf.utiliser.explosif", ("Alice",))]),
        ("Jules", "Projet explosif chargé, je fais exploser Alice", [("sf.utiliser.explosif", ("Alice",))]),
        ("David", "Le projet politique est chargé : je le mets sur moi-même", [("sf.utiliser.politique", ("David",))]),
        ("Gaby", "tour du ciel : j'active", [("sf.utiliser.tour_du_ciel", ())]),
        ("Jules", "on abandonne forteresse et on part sur explosif", [("sf.detruire", ()), ("sf.lancer.explosif", ())]),
        # an intent taken back is no order
        ("Jules", "Je voulais utiliser explosif sur Alice mais finalement non, pas cette nuit", []),
        # the wolves: a killer and a victim in three words; « cible X »; « c'est X qui s'en charge »
        ("Carla", "Léo tue David", [("loups.tueur", ("Léo",)), ("loups.attaquer", ("David",))]),
        (
            "Carla",
            "Pour cette nuit : cible Alice, et c'est Hugo qui s'en charge",
            [("loups.attaquer", ("Alice",)), ("loups.tueur", ("Hugo",))],
        ),
        (
            "Carla",
            "on mange david ce soir, et jsuis la tueuse",
            [("loups.attaquer", ("David",)), ("loups.tueur", ("Carla",))],
        ),
    ],
)
def test_issue17_orders(sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert read(game12(), sender, text) == expected


def test_guarding_the_walls_is_the_gm_post_not_a_pass() -> None:
    """« je garde les murs »: the gardien des murs' post, at J0's evening (« garder » keeps no power here)."""
    state = setup(NAMES12, seed=3)
    state.phase = "J0-soir"
    assert read(state, "Alice", "Moi je garde les murs :)") == [("habitant.gm", ())]
    assert read(state, "Alice", "coucou, je garde les murs de Tribüdouduna ^^") == [("habitant.gm", ())]


def test_two_posts_and_no_choice_is_asked_back() -> None:
    state = setup(NAMES12, seed=3)
    state.phase = "J0-soir"
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp("SF ou GM, je m'en fiche, donne moi ce qui reste", "Alice", state, RULES.verbs, resolver, "mp")
    assert not reading.actions
    assert [(u.power, u.reason) for u in reading.unclear] == [("habitant.sf", "choice")]


def test_an_order_asked_back_leaves_the_others_open() -> None:
    """« On attaque David. Tueur : Ca » — « Ca » is nobody: the MJ asks, and the attack is read with doubt."""
    state = game12()
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp("On attaque David. Tueur : Zorglub", "Carla", state, RULES.verbs, resolver, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [("loups.attaquer", ("David",))]
    assert reading.doubtful == frozenset({0}) and [u.power for u in reading.unclear] == ["loups.tueur"]


def test_a_pass_that_names_ones_post_is_no_order() -> None:
    state = game12()
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    for text in ("Je fais rien cette nuit, je suis GM", "Je suis GM donc rien à faire, bonne nuit !"):
        reading = read_mp(text, "Bruno", state, RULES.verbs, resolver, "mp")
        assert reading.not_an_order and not reading.actions, text


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        # the third batch of the corpus (ci-202..221), first read wrong: the pronoun's use on a citadel, « c moi
        # qui tue » (the killer, not a victim), « X en tueuse », « premier projet : X », « la place du GM »
        (
            "Alice",
            "je démarre le projet Sabotage et je le balance direct sur Tribüdouduna",
            [("sf.lancer.sabotage", ()), ("sf.viser.ouest", ())],
        ),
        (
            "Jules",
            "Explosif sur Alice. Et côté loups on prend David, c moi qui tue",
            [("sf.utiliser.explosif", ("Alice",)), ("loups.attaquer", ("David",)), ("loups.tueur", ("Jules",))],
        ),
        ("Carla", "David comme cible, Hugo en tueur stp", [("loups.attaquer", ("David",)), ("loups.tueur", ("Hugo",))]),
        ("Gaby", "premier projet : vérité", [("sf.lancer.verite", ())]),
    ],
)
def test_third_batch_orders(sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    """(Jules, the West's SF, is a wolf here.)"""
    state = game12(wolves={"Carla": "loups", "Hugo": "loups", "Jules": "loups"})
    assert read(state, sender, text) == expected


def test_the_last_survivor_takes_the_place_of_the_gm() -> None:
    state = game12()
    state.player("Gaby").alive = state.player("Hugo").alive = False
    assert read(state, "Inès", "Dernier du Sud : je prends la place du GM") == [("cb.poste_gm", ())]


def test_a_project_named_in_an_aside_is_not_launched() -> None:
    assert read(game12(), "Alice", "Je détruis le projet en cours (connaissance) et je lance Radar longue portée") == [
        ("sf.detruire", ()),
        ("sf.lancer.radar_longue_portee", ()),
    ]
    assert read(game12(), "Alice", "connaissance") == [("sf.lancer.connaissance", ())]


def test_a_name_for_tonight_beside_a_wolfs_order_is_the_victim() -> None:
    """« Grrr, Kévin ce soir. Je m'en occupe. »: the pack's victim with no keyword, and the killer."""
    assert read(game12(), "Carla", "Grrr, David ce soir. Je m'en occupe.") == [
        ("loups.attaquer", ("David",)),
        ("loups.tueur", ("Carla",)),
    ]
    # a name in a sentence that says more is no victim
    assert read(game12(), "Carla", "David m'a fait rire ce soir. Je m'en occupe.") == [("loups.tueur", ("Carla",))]
