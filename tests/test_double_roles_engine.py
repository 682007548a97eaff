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


# -- the roles of the second batch ---------------------------------------------------------------------
def _day1(state: GameState, *acts: tuple[str, str, tuple[str, ...]]) -> GameState:
    """J1 after a quiet first night."""
    return night(state, *acts).state


def test_araignee_links_two_people_for_the_next_day() -> None:
    """ "il cible deux personnes (pas maisons) [...] pourront s'envoyer 2 MP chacun"; « Il peut se désigner »."""
    out = night(game({"Alice": "araignee+meneur"}), ("Alice", "araignee.tisser", ("Alice", "Gaston")))
    assert told(out, "spider_link", "Alice") == [{"target": "Gaston", "messages": 2, "player": "Alice"}]
    assert told(out, "spider_link", "Gaston")[0]["target"] == "Alice"


def test_vengeur_loads_three_votes_on_two_targets_who_lose_their_vote() -> None:
    """ "deux cibles, qui commenceront la prochaine journée avec 3 votes contre elles et perdront leurs voix
    pour cette même prochaine journée. Ce rôle est révélé au moment de sa mort"."""
    state = game({"Gaston": "vengeur+meneur"})
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)), answers={"N1:vengeur:Gaston": "Bruno,Carla"})
    assert told(out, "avenger") == [{"player": "Gaston", "targets": ["Bruno", "Carla"]}]
    result, standing = RULESET.day_tally(out.state, {"Bruno": "Alice", "Carla": "Alice", "David": "Alice"})
    assert result.as_dict() == {"Bruno": 3, "Carla": 3, "Alice": 1}
    assert standing == {"David": "Alice"}


def test_chatelain_cancels_the_pyre_he_named_once_never_his_own() -> None:
    state = _day1(game({"Alice": "chatelain+meneur"}))
    refused = RULESET.validate(state, Action("Alice", "chatelain.annuler", ("Alice", "Bruno")))
    assert refused == "Tu ne peux pas annuler ton propre bûcher."
    cancel = Action("Alice", "chatelain.annuler", ("Bruno", "Carla"))
    out = RULESET.close_day(state, {"Gaston": "Bruno"}, actions=[cancel])
    assert dead(out) == {} and told(out, "pyre_cancelled") == [{"player": "Bruno"}]
    assert told(out, "no_pyre") == [{"tie": False, "cancelled": True}]  # « pas de bûcher du tout ce jour-là »
    other = RULESET.close_day(state, {"Gaston": "David"}, actions=[cancel])
    assert dead(other) == {"David": "bucher"}  # David was not named: the pyre stands, the power is kept
    assert other.state.player("Alice").markers["annulations"] == 1
    later = _day1(out.state)
    assert RULESET.validate(later, cancel) == "Tu as déjà annulé un bûcher."


def test_institutrice_removes_votes_and_her_own_never_counts() -> None:
    """ "son vote ne compte jamais [...] jusqu'à 3 personnes [...] Si 8 personnes ou moins sont en vie, [...]
    2 personnes maximum"; « si quelqu'un est Institutrice et Meneur : cumul ! Sa voix compte pour deux »."""
    state = _day1(game({"Alice": "institutrice+croque_mort", "Gaston": "institutrice+meneur"}))
    three = Action("Alice", "institutrice.priver", ("Bruno", "Carla", "David"))
    assert RULESET.validate(state, three) is not None  # seven alive: two at most
    two = Action("Alice", "institutrice.priver", ("Bruno", "Carla"))
    votes = {"Alice": "Emma", "Bruno": "Fanny", "Carla": "Fanny", "David": "Emma", "Gaston": "Fanny"}
    out = RULESET.close_day(state, votes, actions=[two])
    counts = told(out, "vote_result")[0]["counts"]
    assert counts == {"Fanny": 2, "Emma": 1}  # Gaston's 2; David's 1; Alice, Bruno and Carla do not count
    assert dead(out) == {"Fanny": "bucher"}


def test_fuyard_flees_the_pyre_and_is_out_for_a_night_and_a_day() -> None:
    """ "il s'enfuit [...] reste en dehors de la partie pendant la nuit et le jour suivant (aucun post, aucun
    vote [...] intouchable car absent). Il revient au début de la nuit d'après"; "personne n'est crâmé"."""
    state = _day1(game({"Gaston": "fuyard+meneur"}))
    fled = RULESET.close_day(state, {"Alice": "Gaston"})
    assert dead(fled) == {} and told(fled, "fuyard_escaped") == [{"player": "Gaston"}]
    assert told(fled, "no_pyre") == [{"tie": False, "cancelled": True}]  # « personne n'est crâmé »
    away = RULESET.resolve_night(fled.state, [Action("Bruno", "meute.devorer", ("Gaston",))])
    assert dead(away) == {} and told(away, "action_refused", "Bruno")
    assert RULESET.day_tally(away.state, {"Gaston": "Bruno"})[0].as_dict() == {}
    back = RULESET.resolve_night(
        RULESET.close_day(away.state, {}).state, [Action("Bruno", "meute.devorer", ("Gaston",))]
    )
    assert dead(back) == {"Gaston": "loups"}


def test_sympathisant_loup_may_become_a_wolf_instead_of_dying() -> None:
    """ "sa nature peut devenir "Loup" s'il le veut au lieu de mourir s'il est attaqué par un ou des Loup"."""
    state = game({"Gaston": "sympathisant_loup+meneur"})
    asked = night(state, ("Bruno", "meute.devorer", ("Gaston",)))
    assert [q.id for q in asked.questions] == ["N1:sympathisant:Gaston"] and dead(asked) == {"Gaston": "loups"}
    turned = night(state, ("Bruno", "meute.devorer", ("Gaston",)), answers={"N1:sympathisant:Gaston": "oui"})
    assert dead(turned) == {} and turned.state.player("Gaston").camp == "loup"
    assert set(told(turned, "became_wolf", "Gaston")[0]["wolves"]) == {"Bruno", "Carla", "David", "Emma"}  # type: ignore[arg-type]
    assert told(turned, "new_wolf", "Emma") == [{"target": "Gaston", "player": "Emma"}]


def test_chanoine_is_immune_to_the_information_and_protection_roles() -> None:
    """« immunisé contre les effets d'une Voyante, d'un Sorcier, d'un Salvateur, d'un Salbatar, d'un Cupidon,
    [...] d'un Détective » — « il n'est donc pas immunisé contre les effets des (natures) Loups »."""
    roles = {"Gaston": "chanoine+meneur", "Alice": "voyante+salvateur", "Carla": "salbatar+meneur",
             "David": "detective+cupidon"}  # fmt: skip
    state = game(roles)
    out = night(
        state,
        ("Carla", "salbatar.salbatariser", ("Gaston",)),
        ("David", "cupidon.amoureux", ("Gaston", "Alice")),
        ("Alice", "voyante.sonder", ("Gaston", "natures")),
        ("Alice", "salvateur.proteger", ("Gaston",)),
        ("Bruno", "meute.devorer", ("Gaston",)),
        ("David", "detective.enqueter", ("Gaston",)),
    )
    assert not told(out, "salbatarised", "Gaston")
    assert told(out, "cupidon_result", "David")[0]["ok"] is False and not told(out, "lover")
    assert told(out, "seer_result", "Alice")[0]["seen"] == [{"player": "Gaston", "nature": "villageois"}]
    assert dead(out) == {"Gaston": "loups"}  # the protection did not work; the wolves are not resisted
    assert told(out, "detective_result", "David")[0]["left_house"] is False
    # The roles seen are two drawn among all roles, not his.
    shown = set()
    for seed in range(8):
        other = game({"Gaston": "chanoine+meneur", "Alice": "voyante+meneur"}, seed=seed)
        result = told(night(other, ("Alice", "voyante.sonder", ("Gaston", "roles"))), "seer_result", "Alice")
        seen = result[0]["seen"]
        assert seen[0]["player"] == "Gaston" and len(seen[0]["roles"]) == 2  # type: ignore[index]
        shown.add(tuple(seen[0]["roles"]))  # type: ignore[index]
    assert len(shown) > 1 and ("chanoine", "meneur") not in shown
    sorcier = game({"Gaston": "chanoine+meneur", "Alice": "sorcier+meneur"})
    ritual = night(sorcier, ("Alice", "sorcier.rituel", ("Gaston",)))
    assert dead(ritual) == {} and ritual.state.player("Alice").markers["rituels"] == 0


def test_paranoiaque_knows_who_uses_a_power_on_him_and_his_killer() -> None:
    """« il est au courant [...] du nom de [...] tout ce qui utilise un pouvoir sur lui. Il ne connaît que le
    seul des deux rôles mis en jeu »; « S'il meurt [...] il est mis au courant de son tueur [...] sauf si c'est
    par plusieurs Loups »; « n'arrive mystérieusement pas à bien distinguer le Chanoine »."""
    state = game({"Gaston": "paranoiaque+meneur", "Alice": "voyante+corbeau", "Fanny": "chanoine+meneur"})
    out = night(
        state,
        ("Alice", "voyante.sonder", ("Gaston", "roles")),
        ("Alice", "corbeau.accuser", ("Gaston",)),
        ("Fanny", "assassin.tuer", ("Gaston",)),
    )
    assert told(out, "paranoid_alert", "Gaston") == [
        {"by": "Alice", "role": "voyante", "player": "Gaston"},
        {"by": "Alice", "role": "corbeau", "player": "Gaston"},
    ]
    assert told(out, "paranoid_killer", "Gaston") == [{"by": None, "cause": "assassin", "player": "Gaston"}]
    pack = night(game({"Gaston": "paranoiaque+vieux_chiant"}), ("Bruno", "meute.devorer", ("Gaston",)))
    assert told(pack, "paranoid_killer", "Gaston")[0]["by"] == "loups"  # several wolves could kill: "des Loups"
    assert dead(pack) == {}  # the Vieux Chiant resisted; he still knows (« utiles [...] s'il est Vieux Chiant »)


def test_voyeur_links_and_learns_love_and_the_natures_of_the_dead() -> None:
    """« Chaque nuit, il crée un nouveau lien. A tout instant, il sait si les personnes avec qui il a des liens
    sont amoureuses (mais pas de qui) [...] à la tombée de la nuit et au début du jour, il obtient la nature de
    tous les morts »."""
    state = game({"Alice": "voyeur+meneur", "Gaston": "cupidon+meneur"})
    first = night(state, ("Alice", "voyeur.lier", ("Gaston",)), ("Bruno", "meute.devorer", ("Carla",)))
    assert told(first, "voyeur_link", "Alice") == [{"target": "Gaston", "amoureux": False, "player": "Alice"}]
    assert told(first, "dead_natures", "Alice") == [
        {"dead": [{"player": "Carla", "nature": "loup"}], "player": "Alice"}
    ]
    day = RULESET.close_day(first.state, {"Alice": "David"})  # nightfall: David's nature
    assert told(day, "dead_natures", "Alice")[0]["dead"] == [{"player": "David", "nature": "loup"}]
    second = RULESET.resolve_night(day.state, [Action("Gaston", "cupidon.amoureux", ("Gaston", "Emma"))])
    assert told(second, "voyeur_change", "Alice") == [{"target": "Gaston", "amoureux": True, "player": "Alice"}]


def test_liche_is_invincible_while_her_phylactere_lives_and_dies_with_him() -> None:
    """« Une Liche meurt dés que son phylactère meurt, mais est ressucitée aussi si son phylactère l'est. Une
    Liche est invincible tant que son phylactère est en vie »."""
    roles = {"Alice": "liche+meneur", "Carla": "sorcier+necromancienne"}
    state = game(roles, {**WOLVES, "Carla": "villageois"}, phylacteres={"Alice": "Gaston"})
    assert state.player("Alice").markers["phylactere"] == "Gaston"
    safe = night(state, ("Bruno", "meute.devorer", ("Alice",)), ("Fanny", "assassin.tuer", ("Alice",)))
    assert dead(safe) == {}
    both = night(state, ("Carla", "sorcier.rituel", ("Gaston",)), ("Bruno", "meute.devorer", ("Emma",)))
    assert dead(both) == {"Gaston": "rituel", "Alice": "phylactere", "Emma": "loups"}
    saved = night(state, ("Carla", "sorcier.rituel", ("Gaston",)), ("Carla", "necromancienne.ressusciter", ("Gaston",)))
    assert dead(saved) == {}  # the phylactère revived, the Liche with him


def test_phylactere_constraints_and_the_meneur_who_burns_a_liche() -> None:
    """« Son phylactère ne peut être de rôle Chanoine ni Liche, ni de nature Loup Solitaire ou Assassin »; the
    Meneur « S'il vote contre une Liche et que cette Liche passe au bûcher (et y survit donc), il devine
    immédiatement qui est son phylactère »."""
    with pytest.raises(ValueError, match="cannot be a phylactère"):
        game({"Alice": "liche+meneur"}, phylacteres={"Alice": "Emma"})  # Emma: the Loup Solitaire
    for seed in range(10):  # drawn: never the Loup Solitaire nor the Assassin nor a Chanoine
        drawn = game({"Alice": "liche+meneur", "Gaston": "chanoine+meneur"}, seed=seed)
        assert drawn.player("Alice").markers["phylactere"] in {"Bruno", "Carla", "David"}
    state = _day1(game({"Alice": "liche+croque_mort", "Gaston": "meneur+meneur"}, phylacteres={"Alice": "Bruno"}))
    out = RULESET.close_day(state, {"Gaston": "Alice", "Carla": "Alice"})
    assert dead(out) == {} and out.state.player("Alice").alive
    assert told(out, "meneur_phylactere", "Gaston") == [{"target": "Alice", "phylactere": "Bruno", "player": "Gaston"}]
    assert told(out, "meneur_phylactere", "Carla") == []  # Carla is no Meneur


def test_loup_solitaire_liche_wins_with_his_phylactere_as_the_last_two() -> None:
    """« si quelqu'un est Loup Solitaire Liche; il doit tuer tout le monde sauf son philactère, et gagne quand
    ils sont les deux derniers en vie [...] Même si le philactère est Loup, les Loups auront perdu »."""
    state = game({"Emma": "liche+meneur"}, phylacteres={"Emma": "Bruno"})
    assert check_winner(_kill(state, "Alice", "Carla", "David", "Fanny", "Gaston")) == "loup_solitaire"


def test_planque_hides_in_a_house_and_shares_its_fate() -> None:
    """« Le Planqué n'est plus concerné par ce qui se passe sur sa maison; il n'y est pas »; « si le logeur est
    attaqué par les loups, ils trouvent aussi le Planqué »; « si le logeur est espionné par une Voyante, la
    Voyante voit aussi le nom du joueur Planqué et son rôle "Planqué" »; « 3 fois dans la partie »."""
    state = game({"Gaston": "planque+meneur", "Alice": "voyante+meneur"})
    away = night(state, ("Gaston", "planque.planquer", ("Carla",)), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(away) == {}
    found = night(
        state,
        ("Gaston", "planque.planquer", ("Carla",)),
        ("Alice", "voyante.sonder", ("Carla", "natures")),
        ("Bruno", "meute.devorer", ("Carla",)),
    )
    assert dead(found) == {"Carla": "loups", "Gaston": "loups"}
    seen = told(found, "seer_result", "Alice")[0]["seen"]
    assert {"player": "Gaston", "roles": ["planque"]} in seen  # type: ignore[operator]
    later = state
    for _ in range(3):
        later = night(later, ("Gaston", "planque.planquer", ("Carla",))).state
    assert RULESET.validate(RULESET.close_day(later, {}).state, Action("Gaston", "planque.planquer", ("Carla",)))


def test_houses_swap_for_one_night_when_both_ask() -> None:
    """« Deux joueurs qui envoient un MP au MJ signalant chacun qu'ils veulent échanger avec l'autre, échangent
    effectivement juste après le bûcher [...] Un échange de maison n'a lieu que pour une nuit »; « ne pourra
    pas effectuer un autre échange après (pour ce jour-ci) »."""
    state = _day1(game({}))
    offers = [Action("Alice", "maison.echanger", ("Gaston",)), Action("Gaston", "maison.echanger", ("Alice",)),
              Action("Alice", "maison.echanger", ("Carla",))]  # fmt: skip
    day = RULESET.close_day(state, {}, actions=offers)
    assert told(day, "action_refused", "Alice")  # her second offer
    swapped = RULESET.resolve_night(day.state, [Action("Bruno", "meute.devorer", ("Alice",))])
    assert dead(swapped) == {"Gaston": "loups"}  # Gaston slept in Alice's house
    alone = RULESET.close_day(state, {}, actions=offers[:1])  # one offer only: no swap
    assert dead(RULESET.resolve_night(alone.state, [Action("Bruno", "meute.devorer", ("Alice",))])) == {
        "Alice": "loups"
    }
    back = RULESET.resolve_night(
        RULESET.close_day(swapped.state, {}).state, [Action("Bruno", "meute.devorer", ("Alice",))]
    )
    assert dead(back) == {"Alice": "loups"}  # the next night everyone is home again


def test_convaincant_changes_a_nature_once_by_night_4() -> None:
    """« il change la nature de la cible pour la nature de son choix »; « Si un Loup ou Loup Solitaire devient
    Villageois, il meurt immédiatement »; « Nuit 4 maximum »; a target made Assassin « reçoit une liste de cibles
    au hasard parmi les listes de cibles d'Assassin "originels" »."""
    state = game(
        {"Alice": "convaincant+meneur"}, cibles={"Fanny": ["Alice", "Bruno", "Carla", "David", "Emma", "Gaston"]}
    )
    killed = night(state, ("Alice", "convaincant.convaincre", ("Bruno", "villageois")))
    assert dead(killed) == {"Bruno": "convaincant"}
    again = night(killed.state, ("Alice", "convaincant.convaincre", ("Carla", "villageois")))
    assert told(again, "action_refused", "Alice") and dead(again) == {}
    made = night(state, ("Alice", "convaincant.convaincre", ("Gaston", "assassin")))
    gaston = made.state.player("Gaston")
    assert gaston.camp == "assassin" and gaston.markers["cibles"] == ["Alice", "Bruno", "Carla", "David", "Emma"]
    wolf = night(state, ("Alice", "convaincant.convaincre", ("Gaston", "loup")))
    assert wolf.state.player("Gaston").camp == "loup"
    assert told(wolf, "new_wolf", "Bruno") == [{"target": "Gaston", "player": "Bruno"}]
    late = state
    for _ in range(4):
        late = night(late).state
    late = RULESET.close_day(late, {}).state
    assert late.phase == "N5"
    assert RULESET.validate(late, Action("Alice", "convaincant.convaincre", ("Gaston", "loup"))) is not None


def _boost(state: GameState, sympathique: str, target: str, which: str) -> Outcome:
    """A Sympathique's boost by day (the day's MPs at the deadline), then the state at the deadline."""
    return RULESET.close_day(state, {}, actions=[Action(sympathique, "sympathique.booster", (target, which))])


def test_sympathique_boosts_the_chosen_role_and_the_target_knows() -> None:
    """« booster à quelqu'un une utilisation d'un de ses deux rôles (pas lui-même) [...] sa cible sait qu'il est
    sympathique »; Meneur: « sa voix aura +2 ce jour-ci » (R31: +2 instead of +1); Sorcier: « il gagne un nouveau
    rituel de mort »; Chanoine: « c'est automatiquement le deuxième rôle »; « Si la cible était salbatarisée, elle
    ne l'est plus à la place »."""
    state = _day1(game({"Alice": "sympathique+meneur", "Gaston": "meneur+sorcier", "Carla": "chanoine+sorcier"}))
    assert RULESET.validate(state, Action("Alice", "sympathique.booster", ("Alice", "1"))) is not None
    boosted = RULESET.day_powers(state, [Action("Alice", "sympathique.booster", ("Gaston", "1"))])  # type: ignore[misc]
    assert told(boosted, "sympathised", "Gaston") == [{"by": "Alice", "player": "Gaston"}]
    assert RULESET.day_tally(boosted.state, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 3}
    sorcier = _boost(state, "Alice", "Gaston", "2").state
    assert sorcier.player("Gaston").markers["rituels"] == 2
    canon = _boost(state, "Alice", "Carla", "1").state
    assert canon.player("Carla").markers["rituels"] == 2  # role 1 asked, role 2 (Sorcier) boosted
    spent = RULESET.validate(_day1(sorcier), Action("Alice", "sympathique.booster", ("Carla", "1")))
    assert spent == "Tu as déjà utilisé ton pouvoir de Sympathique."
    freed = game({"Alice": "sympathique+croque_mort", "Gaston": "meneur+croque_mort", "Carla": "salbatar+meneur"})
    freed = night(freed, ("Carla", "salbatar.salbatariser", ("Gaston",))).state
    assert RULESET.day_tally(freed, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 1}
    unfrozen = RULESET.day_powers(freed, [Action("Alice", "sympathique.booster", ("Gaston", "1"))])  # type: ignore[misc]
    assert RULESET.day_tally(unfrozen.state, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 2}


def test_sympathique_by_night_gives_two_protections_and_three_crow_votes() -> None:
    """Salvateur: « il va pouvoir protéger deux maisons la nuit prochaine »; Corbeau: « il devra répartir 3 voix
    sur des cibles (1, 2 ou 3 cibles) la nuit prochaine / cette nuit »."""
    state = game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+corbeau"})
    out = night(
        state,
        ("Alice", "sympathique.booster", ("Gaston", "1")),
        ("Gaston", "salvateur.proteger", ("Gaston",)),
        ("Gaston", "salvateur.proteger", ("Alice",)),
        ("Bruno", "meute.devorer", ("Alice",)),
    )
    assert dead(out) == {}  # both houses protected the night of the boost
    crow = night(
        game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+corbeau"}),
        ("Alice", "sympathique.booster", ("Gaston", "2")),
        ("Gaston", "corbeau.accuser", ("Bruno", "Carla")),
    )
    assert told(crow, "crow_votes") == [{"player": "Bruno", "votes": 2}, {"player": "Carla", "votes": 1}]


def test_sympathique_kiss_cool_on_the_loup_solitaire() -> None:
    """« Loup Solitaire : il peut attaquer dès la nuit prochaine s'il s'agissait d'une nuit impaire (et ne pourra
    plus alors qu'attaquer les nuits impaires) »."""
    state = game({"Alice": "sympathique+croque_mort"})
    out = night(state, ("Alice", "sympathique.booster", ("Emma", "1")), ("Emma", "loup_solitaire.devorer", ("Bruno",)))
    assert dead(out) == {"Bruno": "loup_solitaire"}  # night 1, odd: he attacks
    even = night(out.state, ("Emma", "loup_solitaire.devorer", ("Carla",)))
    assert told(even, "action_refused", "Emma") and dead(even) == {}


def test_lache_sends_twice_the_day_number_of_anonymous_mps() -> None:
    """« de jour, il peut envoyer "n" MP, "n" étant le numéro du jour multiplié par 2 [...] le joueur destinataire
    reçoit un MP anonyme; il ne sait pas qui lui a envoyé le message »."""
    state = _day1(game({"Alice": "lache+meneur"}))
    sends = [Action("Alice", "lache.envoyer", ("Gaston",), source=f"mp{n}") for n in range(3)]
    out = RULESET.close_day(state, {}, actions=sends)
    received = [e for e in out.events if e.type == "anonymous_mp"]
    assert [(e.to, e.data) for e in received] == [
        (("Gaston",), {"mp": "mp0", "player": "Gaston"}),
        (("Gaston",), {"mp": "mp1", "player": "Gaston"}),
    ]  # the sender's name is in no event for Gaston
    assert told(out, "action_refused", "Alice")  # the third MP on J1
    assert [e.data["player"] for e in out.events if e.type == "relay"] == ["Alice", "Alice"]  # for the MJ only


def test_boosted_detective_learns_the_role_that_made_a_living_target_go_out() -> None:
    """Détective boosted: « il saura quel est le rôle en cause si son enquête sur un vivant amène ce vivant à sortir
    de chez lui »."""
    state = game({"Alice": "detective+meneur", "Carla": "sympathique+meneur", "Gaston": "corbeau+meneur"})
    out = night(
        state,
        ("Carla", "sympathique.booster", ("Alice", "1")),
        ("Gaston", "corbeau.accuser", ("Bruno",)),
        ("Alice", "detective.enqueter", ("Gaston",)),
    )
    assert told(out, "detective_result", "Alice")[0]["out_role"] == "corbeau"
    plain = night(state, ("Gaston", "corbeau.accuser", ("Bruno",)), ("Alice", "detective.enqueter", ("Gaston",)))
    assert "out_role" not in told(plain, "detective_result", "Alice")[0]


def test_voyeur_linking_a_logeur_sees_whether_the_planque_is_in_love() -> None:
    """« si le logeur est espionné par un Voyeur, le Voyeur voit aussi si le Planqué est amoureux ou non »."""
    state = game({"Alice": "voyeur+meneur", "Gaston": "planque+meneur"})
    out = night(state, ("Gaston", "planque.planquer", ("Carla",)), ("Alice", "voyeur.lier", ("Carla",)))
    assert told(out, "voyeur_planque", "Alice") == [{"target": "Gaston", "amoureux": False, "player": "Alice"}]


def test_a_day_power_on_j0_is_refused_aloud_and_a_boost_on_j0_counts() -> None:
    """The Sympathique acts « quand il veut », J0 included; the Institutrice's MP on J0 (the mayor's election,
    no pyre) is refused with a reason rather than dropped (R17)."""
    state = game({"Alice": "sympathique+meneur", "Gaston": "sorcier+institutrice"})
    out = RULESET.close_day(
        state,
        {},
        actions=[
            Action("Alice", "sympathique.booster", ("Gaston", "1")),
            Action("Gaston", "institutrice.priver", ("Bruno",)),
        ],
    )
    assert out.state.player("Gaston").markers["rituels"] == 2
    assert told(out, "action_refused", "Gaston")[0]["power"] == "institutrice.priver"


def test_necromancienne_croque_mort_knows_the_roles_of_the_dead_at_once() -> None:
    """« Nécromancienne et Croque-Mort : [...] vous connaissez immédiatement les rôles des morts, au lieu d'attendre
    le début du jour ou le début de la nuit »: told during the night, before her own step."""
    state = game({"Alice": "necromancienne+croque_mort", "Gaston": "voyante+sorcier"})
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)), ("Alice", "necromancienne.ressusciter", ("Gaston",)))
    kinds = [e.type for e in out.events if "Alice" in e.to]
    assert kinds.index("dead_roles") < kinds.index("potion_used")
    assert told(out, "dead_roles", "Alice")[0]["dead"] == [{"player": "Gaston", "roles": ["voyante", "sorcier"]}]


def test_two_uses_may_come_in_one_mp() -> None:
    """A boosted Salvateur « va pouvoir protéger deux maisons »: naming both in one MP counts as two uses (one
    house each); without the boost, two names are refused."""
    state = game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+meneur"})
    both = ("Gaston", "salvateur.proteger", ("Gaston", "Carla"))
    out = night(state, ("Alice", "sympathique.booster", ("Gaston", "1")), both, ("Bruno", "meute.devorer", ("Carla",)))
    assert dead(out) == {}
    plain = night(state, both, ("Bruno", "meute.devorer", ("Carla",)))
    assert told(plain, "action_refused", "Gaston") and dead(plain) == {"Carla": "loups"}
    twice = game({"Gaston": "salvateur+salvateur"})
    assert dead(night(twice, both, ("Bruno", "meute.devorer", ("Carla",)))) == {}  # two copies, two houses


def test_mj_notes_show_what_the_rules_keep_secret() -> None:
    state = game({"Alice": "cupidon+corbeau", "Carla": "liche+meneur"}, phylacteres={"Carla": "Gaston"})
    out = night(state, ("Alice", "cupidon.amoureux", ("Alice", "David")), ("Alice", "corbeau.accuser", ("Bruno",)))
    assert RULESET.mj_notes is not None
    notes = RULESET.mj_notes(out.state)
    assert notes["Amoureux"] == ["Alice et David"]
    assert notes["Phylactères"] == ["Carla (Liche) : Gaston"]
    assert notes["Voix du Corbeau au prochain bûcher"] == ["Bruno : +2"]
    assert notes["Cibles des Assassins"][0].startswith("Fanny : ")


def test_the_game_ends_when_no_wolf_is_left_even_without_the_village() -> None:
    """With every Loup and the Loup Solitaire dead, nobody can win anything more by playing on: a villageoise in
    love with the Assassin and the Assassin, alone alive, end the game — both win, his targets being dead
    (« que les cibles de cet Assassin meurent »; « que vos cibles soient mortes [...] et que vous soyez en vie »)."""
    state = game({"Alice": "cupidon+meneur"}, cibles={"Fanny": ["Bruno", "Carla", "David", "Emma", "Gaston"]})
    state = night(state, ("Alice", "cupidon.amoureux", ("Alice", "Fanny"))).state
    assert check_winner(_kill(state, "Bruno", "Carla", "David", "Emma", "Gaston")) == "assassin:Fanny,amoureux:Alice"
