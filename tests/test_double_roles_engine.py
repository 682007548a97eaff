"""The `double-roles` engine against the rule text (/work/shared/rules/002_83ddae694699eb35.txt): each test
quotes the rule it checks; expectations were written from the text, then the engine run."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.double_roles import RULESET, check_winner
from meneur.engine.rulesets.double_roles.night import NIGHT_ORDER
from meneur.engine.rulesets.double_roles.roles import NAMES, WEIGHTS
from meneur.engine.rulesets.double_roles.setup import NIGHT_ROLES, draw_roles, setup

NAMES7 = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston"]
WOLVES = {"Bruno": "loup", "Carla": "loup", "David": "loup", "Emma": "loup_solitaire", "Fanny": "assassin"}


def game(roles: dict[str, str], natures: dict[str, str] | None = None, seed: int = 1, **options: object) -> GameState:
    """Seven players; unnamed ones have two passive roles; natures by default: Alice and Gaston villagers,
    Bruno, Carla and David Loups, Emma the Loup Solitaire, Fanny the Assassin."""
    natures = natures or WOLVES
    full_roles = {n: roles.get(n, "croque_mort+croque_mort") for n in NAMES7}
    camps = {n: natures.get(n, "villageois") for n in NAMES7}
    return setup(NAMES7, seed, full_roles, camps=camps, options=options or None)


def night(state: GameState, *acts: tuple[str, str, tuple[str, ...]], answers: dict[str, str] | None = None) -> Outcome:
    if state.phase.startswith("J"):
        state = RULESET.close_day(state, {}).state
    return RULESET.resolve_night(state, [Action(p, power, t) for p, power, t in acts], answers)


def told(outcome: Outcome, kind: str, to: str | None = None) -> list[dict[str, object]]:
    return [e.data for e in outcome.events if e.type == kind and (to is None or to in e.to)]


def dead(outcome: Outcome) -> dict[str, str]:
    return {e.data["player"]: e.data["cause"] for e in outcome.events if e.type == "death"}


# -- setup ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [6, 7, 10, 14])
def test_natures_are_drawn_in_exact_counts(count: int) -> None:
    """ "Villageois : N-5 / N, Loup : 3 / N, Loup Solitaire : 1 / N, Assassin : 1 / N" (RULINGS R1: counts)."""
    from meneur.engine.rulesets.double_roles.setup import draw_natures

    for seed in range(20):
        natures = Counter(draw_natures(random.Random(seed), count))
        assert natures == {"villageois": count - 5, "loup": 3, "loup_solitaire": 1, "assassin": 1}


def test_roles_are_drawn_by_the_published_weights_with_duplicates() -> None:
    """ "chaque rôle a une probabilité d'être tiré" — Croque-Mort 17/260 … Vengeur 4/260; "Un rôle peut être
    tiré plusieurs fois"."""
    pairs = draw_roles(random.Random(7), 13000)
    drawn = Counter(r for pair in pairs for r in pair.split("+"))
    total = sum(drawn.values())
    for role, weight in WEIGHTS.items():
        expected = total * weight / 260
        assert abs(drawn[role] - expected) < 5 * expected**0.5, role  # five standard deviations
    assert any(a == b for a, b in (p.split("+") for p in pairs))


def test_every_role_is_played_and_an_unknown_one_refused() -> None:
    """All 26 roles are accepted at setup (none is silently ignored: each has its rules); a role that is not in
    the file is refused."""
    for role in WEIGHTS:
        assert game({"Alice": f"{role}+{role}"}).player("Alice").role == f"{role}+{role}"
    with pytest.raises(ValueError, match="two known roles"):
        game({"Alice": "ancien+voyante"})


def test_order_numbers_only_for_duplicated_night_roles_distinct_from_1_to_50() -> None:
    """ "Lorsqu'un rôle jouable de nuit est tiré plusieurs fois, un nombre aléatoire entre 1 et 50 est tiré
    pour chaque personne possédant ce rôle (jamais 2 fois le même)"."""
    state = game({"Alice": "voyante+voyante", "Bruno": "voyante+corbeau", "Carla": "meneur+meneur",
                  "David": "corbeau+sorcier"})  # fmt: skip
    numbers = state.memory["ordre"]
    assert set(numbers) == {"Alice:voyante", "Alice:voyante#2", "Bruno:voyante", "Bruno:corbeau", "David:corbeau"}
    assert len(set(numbers.values())) == len(numbers) and all(1 <= n <= 50 for n in numbers.values())
    assert "meneur" not in NIGHT_ROLES


def test_night_order_is_the_files() -> None:
    assert NIGHT_ORDER == (
        "planques", "echanges", "salbatars", "cupidon", "voyantes", "voyeurs", "sorciers", "salvateurs", "loups",
        "loup_solitaire", "assassins", "necromanciennes", "convaincants", "corbeaux", "araignees", "detectives",
    )  # fmt: skip
    assert NAMES["voyante+salvateur"] == "Voyante et Salvateur"


# -- the night -----------------------------------------------------------------------------------------


def test_wolves_attack_the_house_most_named() -> None:
    """ "la cible est choisie à la majorité"."""
    state = game({}, WOLVES)
    out = night(state, ("Bruno", "meute.devorer", ("Alice",)), ("Carla", "meute.devorer", ("Alice",)),
                ("David", "meute.devorer", ("Gaston",)))  # fmt: skip
    assert dead(out) == {"Alice": "loups"}


def test_wolves_tie_is_drawn_between_the_houses() -> None:
    """ "il suffirait d'un autre MP donnant une autre cible pour que le MJ tire au sort entre les deux"."""
    victims = set()
    for seed in range(12):
        out = night(game({}, WOLVES, seed=seed), ("Bruno", "meute.devorer", ("Alice",)),
                    ("Carla", "meute.devorer", ("Gaston",)))  # fmt: skip
        assert len(dead(out)) == 1
        victims |= set(dead(out))
    assert victims == {"Alice", "Gaston"}


def test_without_a_wolf_mp_nobody_is_attacked_and_one_mp_each() -> None:
    """ "Si le MJ n'a aucun MP de loup [...] personne ne sera attaqué"; "1 unique MP chacun"."""
    assert dead(night(game({}, WOLVES))) == {}
    out = night(game({}, WOLVES), ("Bruno", "meute.devorer", ("Alice",)), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(out) == {"Alice": "loups"}
    assert told(out, "action_refused", "Bruno")


def test_a_salbatarised_wolf_mp_alone_attacks_nobody() -> None:
    """ "ou un MP que d'un loup salbatarisé, personne ne sera attaqué"; the Salbatar plays before the wolves."""
    state = game({"Gaston": "salbatar+meneur"}, WOLVES)
    out = night(state, ("Gaston", "salbatar.salbatariser", ("Bruno",)), ("Bruno", "meute.devorer", ("Alice",)))
    assert dead(out) == {}
    assert told(out, "salbatarised", "Bruno")


def test_salbatar_cancels_the_powers_of_a_later_player_in_the_house() -> None:
    """ "Toute personne dans la maison ciblée perd alors tous ses pouvoirs pour la nuit et le jour à venir"."""
    state = game({"Gaston": "salbatar+meneur", "Alice": "voyante+meneur"})
    out = night(state, ("Gaston", "salbatar.salbatariser", ("Alice",)), ("Alice", "voyante.sonder", ("Bruno", "roles")))
    assert told(out, "seer_result") == []
    # … and the day after: the Meneur's extra vote is lost for that day.
    votes = {"Alice": "Bruno", "Gaston": "Carla"}
    assert RULESET.day_tally(out.state, votes)[0].as_dict() == {"Bruno": 1, "Carla": 2}


def test_duplicated_salbatars_act_by_their_secret_numbers() -> None:
    """The lower number plays first: salbatarising the other Salbatar's house cancels his action."""
    roles = {"Alice": "salbatar+meneur", "Gaston": "salbatar+meneur", "Bruno": "voyante+meneur"}
    acts = (("Alice", "salbatar.salbatariser", ("Gaston",)), ("Gaston", "salbatar.salbatariser", ("Bruno",)),
            ("Bruno", "voyante.sonder", ("Carla", "natures")))  # fmt: skip
    first = night(game(roles, ordre={"Alice:salbatar": 3, "Gaston:salbatar": 30}), *acts)
    assert told(first, "seer_result", "Bruno") and not told(first, "salbatarised", "Bruno")
    second = night(game(roles, ordre={"Alice:salbatar": 30, "Gaston:salbatar": 3}), *acts)
    assert told(second, "salbatarised", "Bruno") and not told(second, "seer_result", "Bruno")


def test_voyante_sees_roles_or_natures_of_the_house() -> None:
    state = game({"Alice": "voyante+meneur", "Bruno": "corbeau+sorcier"}, WOLVES)
    roles = told(night(state, ("Alice", "voyante.sonder", ("Bruno", "roles"))), "seer_result", "Alice")
    assert roles[0]["seen"] == [{"player": "Bruno", "roles": ["corbeau", "sorcier"]}]
    natures = told(night(state, ("Alice", "voyante.sonder", ("Emma", "natures"))), "seer_result", "Alice")
    assert natures[0]["seen"] == [{"player": "Emma", "nature": "loup_solitaire"}]  # SPEC.md: {player, nature}


def test_salvateur_protects_a_house_not_two_nights_running() -> None:
    """ "une maison ne peut pas être protégée deux nuits de suite, quel que soit le Salvateur" — lost, silently,
    when another protected it; refused when it was his own protection."""
    roles = {"Alice": "salvateur+meneur", "Gaston": "salvateur+meneur"}
    state = game(roles, WOLVES)
    first = night(state, ("Alice", "salvateur.proteger", ("Gaston",)), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(first) == {}
    second = night(first.state, ("Gaston", "salvateur.proteger", ("Gaston",)), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(second) == {"Gaston": "loups"}
    assert not told(second, "action_refused", "Gaston")
    again = night(first.state, ("Alice", "salvateur.proteger", ("Gaston",)))
    assert told(again, "action_refused", "Alice")


def test_vieux_chiant_survives_one_wolf_attack() -> None:
    state = game({"Alice": "vieux_chiant+meneur"}, WOLVES)
    first = night(state, ("Bruno", "meute.devorer", ("Alice",)))
    assert dead(first) == {} and told(first, "old_resisted", "Alice")
    assert dead(night(first.state, ("Bruno", "meute.devorer", ("Alice",)))) == {"Alice": "loups"}


def test_loup_solitaire_kills_another_wolf_on_even_nights_only() -> None:
    """ "Lors des nuits paires, vous pouvez vous lever aussi pour tuer un autre Loup ou Loup Solitaire"."""
    state = game({}, WOLVES)
    odd = night(state, ("Emma", "loup_solitaire.devorer", ("Bruno",)))
    assert dead(odd) == {} and told(odd, "action_refused", "Emma")
    even = night(odd.state, ("Emma", "loup_solitaire.devorer", ("Bruno",)), ("Carla", "meute.devorer", ("Alice",)))
    assert dead(even) == {"Alice": "loups", "Bruno": "loup_solitaire"}
    villager = night(odd.state, ("Emma", "loup_solitaire.devorer", ("Alice",)))
    assert told(villager, "action_refused", "Emma")


def test_sorcier_and_assassin_kill_once() -> None:
    state = game({"Alice": "sorcier+meneur"}, WOLVES)
    first = night(state, ("Alice", "sorcier.rituel", ("Gaston",)), ("Fanny", "assassin.tuer", ("Carla",)))
    assert dead(first) == {"Gaston": "rituel", "Carla": "assassin"}
    assert told(first, "assassin_found", "Fanny")[0]["house"] == "Carla"
    second = night(first.state, ("Alice", "sorcier.rituel", ("Bruno",)), ("Fanny", "assassin.tuer", ("Bruno",)))
    assert dead(second) == {} and len(told(second, "action_refused")) == 2


def test_necromancienne_revives_a_death_of_the_same_night() -> None:
    """ "1 potion de vie, qu'elle peut utiliser la nuit lorsqu'il y a un mort (dans la même nuit)"."""
    state = game({"Alice": "necromancienne+meneur"}, WOLVES)
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)), ("Alice", "necromancienne.ressusciter", ("Gaston",)))
    assert dead(out) == {} and out.state.player("Gaston").alive
    # RULINGS R10: the revived player is told, privately; the village is not.
    assert [(e.audience, e.to) for e in out.events if e.type == "revived"] == [("private", ("Gaston",))]
    kept = night(state, ("Alice", "necromancienne.ressusciter", ("Gaston",)))
    assert told(kept, "potion_unused", "Alice") and kept.state.player("Alice").markers["potions"] == 1


def test_corbeaux_add_two_votes_each_revealed_at_dawn() -> None:
    """ "deux voix contre lui, révélées au petit matin, aux votes du bûcher suivant"; two copies cumulate."""
    state = game({"Alice": "corbeau+corbeau", "Gaston": "meneur+chasseur"})
    out = night(state, ("Alice", "corbeau.accuser", ("Bruno",)), ("Alice", "corbeau.accuser", ("Bruno",)))
    assert told(out, "crow_votes") == [{"player": "Bruno", "votes": 4}]
    result, _ = RULESET.day_tally(out.state, {"Carla": "David"})
    assert result.as_dict()["Bruno"] == 4


def test_detective_on_the_living_and_the_dead() -> None:
    """A living target: "si cette personne reste chez elle ou pas cette nuit, et comment elle meurt"; a dead
    one: "si cette personne avait utilisé ses pouvoirs [...], sur qui, la manière de sa mort, et sa nature"."""
    state = game({"Alice": "detective+meneur", "Gaston": "voyante+meneur"}, WOLVES)
    first = night(state, ("Gaston", "voyante.sonder", ("Bruno", "roles")), ("Bruno", "meute.devorer", ("Gaston",)),
                  ("Alice", "detective.enqueter", ("Gaston",)))  # fmt: skip
    living = told(first, "detective_result", "Alice")[0]
    assert living["left_house"] is True and living["cause"] == "loups"
    second = night(first.state, ("Alice", "detective.enqueter", ("Gaston",)))
    report = told(second, "detective_result", "Alice")[0]
    assert report["used_powers"] is True and report["on"] == ["Bruno"]
    assert report["cause"] == "loups" and report["nature"] == "villageois"


def test_detective_on_himself_learns_how_he_dies_and_tells_the_village() -> None:
    """« Il peut enquêter sur lui [...] Ca ne l'empêchera pas de crever, mais ça lui permettra de révéler aux
    gens qui se lèveront comment il sera mort »: his traps work though he died earlier in the night."""
    state = game({"Alice": "detective+meneur"})
    out = night(state, ("Alice", "detective.enqueter", ("Alice",)), ("Bruno", "meute.devorer", ("Alice",)))
    assert dead(out) == {"Alice": "loups"}
    assert told(out, "detective_result", "Alice")[0]["cause"] == "loups"
    assert [(e.audience, e.data) for e in out.events if e.type == "detective_reveal"] == [
        ("public", {"player": "Alice", "cause": "loups"})
    ]
    other = night(state, ("Alice", "detective.enqueter", ("Gaston",)), ("Bruno", "meute.devorer", ("Alice",)))
    assert told(other, "detective_result") == []  # dead before his step, he investigates nobody else


def test_croque_mort_learns_the_roles_of_the_dead_at_dawn_unless_salbatarised() -> None:
    state = game({"Alice": "croque_mort+meneur", "Gaston": "voyante+sorcier", "Carla": "salbatar+meneur"})
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)))
    assert told(out, "dead_roles", "Alice") == [
        {"dead": [{"player": "Gaston", "roles": ["voyante", "sorcier"]}], "player": "Alice"}
    ]
    blind = night(state, ("Bruno", "meute.devorer", ("Gaston",)), ("Carla", "salbatar.salbatariser", ("Alice",)))
    assert told(blind, "dead_roles", "Alice") == []


def test_cupidon_lovers_die_of_grief_and_only_on_nights_1_and_2() -> None:
    state = game({"Alice": "cupidon+meneur"}, WOLVES)
    out = night(state, ("Alice", "cupidon.amoureux", ("Alice", "Gaston")), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(out) == {"Gaston": "loups", "Alice": "chagrin"}
    later = night(night(state).state)
    later = night(later.state, ("Alice", "cupidon.amoureux", ("Alice", "Gaston")))
    assert told(later, "action_refused", "Alice")


def test_chasseur_shoots_when_he_dies() -> None:
    state = game({"Gaston": "chasseur+meneur"}, WOLVES)
    asked = night(state, ("Bruno", "meute.devorer", ("Gaston",)))
    assert [q.id for q in asked.questions] == ["N1:chasseur:Gaston"]
    shot = night(state, ("Bruno", "meute.devorer", ("Gaston",)), answers={"N1:chasseur:Gaston": "Carla"})
    assert dead(shot) == {"Gaston": "loups", "Carla": "chasseur"}


# -- the day -------------------------------------------------------------------------------------------
def test_votes_against_oneself_are_refused_and_the_meneur_weighs_more() -> None:
    state = game({"Alice": "meneur+meneur"})
    assert RULESET.vote_refusal and RULESET.vote_refusal(state, "Bruno", "Bruno")
    day = RULESET.resolve_night(RULESET.close_day(state, {}).state, []).state
    result, standing = RULESET.day_tally(day, {"Alice": "Bruno", "Bruno": "Bruno", "Carla": "Alice"})
    assert result.as_dict() == {"Bruno": 3, "Alice": 1} and "Bruno" not in standing


def test_the_mayor_counts_double_only_on_a_tie_and_secretly() -> None:
    """ "un Maire, dont la voix comptera double en cas d'égalité (ce que vous ne saurez jamais)"."""
    state = RULESET.close_day(game({}), {"Alice": "Gaston", "Bruno": "Gaston"}).state
    assert state.mayor == "Gaston"
    day = RULESET.resolve_night(state, []).state
    tie = RULESET.close_day(day, {"Gaston": "Alice", "Carla": "Bruno"})
    assert dead(tie) == {"Alice": "bucher"}
    assert all(e.type != "vote_result" or e.audience == "mj" for e in tie.events)
    no_tie = RULESET.close_day(day, {"Gaston": "Alice", "Carla": "Bruno", "David": "Bruno"})
    assert dead(no_tie) == {"Bruno": "bucher"}
    still = RULESET.close_day(day, {"Gaston": "Alice", "Carla": "Bruno", "David": "Bruno", "Emma": "Fanny",
                                     "Fanny": "Emma", "Alice": "Fanny"})  # fmt: skip
    assert dead(still) == {}  # Alice 2 (doubled) against Bruno 2 and Fanny 2: still a tie


# -- winning -------------------------------------------------------------------------------------------
def _kill(state: GameState, *names: str) -> GameState:
    state = state.copy()
    for name in names:
        state.player(name).alive = False
    return state


def test_the_win_table() -> None:
    state = game({}, WOLVES)
    assert check_winner(state) is None
    # The village: every Loup and the Loup Solitaire dead; the Assassin's targets alive, he does not win.
    assert check_winner(_kill(state, "Bruno", "Carla", "David", "Emma")) == "village"
    # The wolves: every villager and the lone wolf dead.
    assert check_winner(_kill(state, "Alice", "Gaston", "Emma")) == "loups"
    # The lone wolf: the last alive.
    assert check_winner(_kill(state, "Alice", "Bruno", "Carla", "David", "Fanny", "Gaston")) == "loup_solitaire"
    # An Assassin whose targets are dead wins with the side that ends the game.
    assassin = game({}, WOLVES, cibles={"Fanny": ["Bruno", "Carla", "David", "Emma", "Alice", "Gaston"]})
    assert check_winner(_kill(assassin, "Bruno", "Carla", "David", "Emma", "Alice", "Gaston")) == "assassin:Fanny"
    partly = _kill(assassin, "Bruno", "Carla", "David", "Emma")
    assert check_winner(partly) == "village"


def test_mixed_lovers_win_as_the_last_two() -> None:
    """ "villageois amoureux d'un Loup [...] : être le seul survivant avec votre amoureux"."""
    state = game({"Alice": "cupidon+meneur"}, WOLVES)
    state = night(state, ("Alice", "cupidon.amoureux", ("Gaston", "Bruno"))).state
    assert check_winner(_kill(state, "Carla", "David", "Emma")) is None  # Gaston loves a wolf: not village
    assert check_winner(_kill(state, "Alice", "Carla", "David", "Emma", "Fanny")) == "amoureux"


def test_a_win_comes_before_the_death_it_would_drag() -> None:
    """« C1 gagne avant que M2 ne meure, et C2 perd »: the last wolf burnt, the village wins; then his lover dies
    of grief — which completes the Assassin's targets, too late: he loses (RULINGS R9)."""
    state = game({"Alice": "cupidon+meneur"}, cibles={"Fanny": ["Bruno", "Carla", "David", "Emma", "Gaston"]})
    state = night(state, ("Alice", "cupidon.amoureux", ("Gaston", "Bruno"))).state
    state = _kill(state, "Carla", "David", "Emma")
    out = RULESET.close_day(state, {"Alice": "Bruno", "Fanny": "Bruno"})
    assert dead(out) == {"Bruno": "bucher", "Gaston": "chagrin"}
    assert out.state.winner == "village"
    assert [e.data["winner"] for e in out.events if e.type == "game_over"] == ["village"]


def test_a_drawn_deal_always_gives_each_liche_a_possible_phylactere() -> None:
    """A deal drawn from the seed where no one may be a Liche's phylactère (« ne peut être de rôle Chanoine ni
    Liche, ni de nature Loup Solitaire ou Assassin ») is drawn again (RULINGS R2): every seed gives a game."""
    for seed in range(1500):
        state = setup(NAMES7[:6], seed)
        for player in state.players:
            if "liche" in player.role.split("+"):
                assert player.markers["phylactere"] != player.name
