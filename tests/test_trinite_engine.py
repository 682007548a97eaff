"""The `trinite` rules ("LG Trinité", shared/rules/000_e44f1ff8762b1b6f.txt lines 213–396) through the
engine's public functions (actions already resolved). Each expectation is read from the rule text."""

from __future__ import annotations

import random
from typing import Any

import pytest
from meneur.engine import items
from meneur.engine.model import Action, Decree, GameState, Outcome
from meneur.engine.rulesets import ruleset, trinite
from meneur.engine.rulesets.trinite import rules
from meneur.engine.rulesets.trinite.rules import (
    DAWN_ORDER,
    POWERS,
    STEPS,
    close_day,
    day_tally,
    resolve_night,
    setup,
    style,
    validate,
)

# Three groups of three, listed group by group (offensif, défensif, tactique).
A = {
    "Ana": "arc", "Bea": "armure", "Cal": "paquet",
    "Dan": "potion", "Eve": "chapelet", "Fay": "sceptre",
    "Gus": "familier", "Hal": "orbe", "Ivy": "carte",
}  # fmt: skip
B = {
    "Ana": "hache", "Bea": "cape", "Cal": "lyre",
    "Dan": "dague", "Eve": "bouclier", "Fay": "baton",
    "Gus": "potion", "Hal": "armure", "Ivy": "carte",
}  # fmt: skip
WOLVES = ("Dan", "Gus")


def game(objects: dict[str, str] = A, wolves: tuple[str, ...] = WOLVES, phase: str = "N1") -> GameState:
    camps = {name: "loups" for name in wolves}
    groups = {name: index // 3 + 1 for index, name in enumerate(objects)}
    state = setup(list(objects), seed=7, roles=objects, camps=camps, groups=groups)
    state.phase = phase
    return state


def night(
    state: GameState, *actions: tuple[str, str, tuple[str, ...]], answers: dict[str, str] | None = None
) -> Outcome:
    return resolve_night(state, [Action(p, power, targets) for p, power, targets in actions], answers or {})


def day(
    state: GameState,
    votes: dict[str, str],
    *actions: tuple[str, str, tuple[str, ...]],
    answers: dict[str, str] | None = None,
) -> Outcome:
    return close_day(state, votes, answers or {}, (), [Action(p, power, targets) for p, power, targets in actions])


def deaths(outcome: Outcome) -> list[tuple[str, str]]:
    return [(e.data["player"], e.data["cause"]) for e in outcome.events if e.type == "death"]


def told(outcome: Outcome, player: str, type: str) -> list[dict[str, Any]]:
    return [e.data for e in outcome.events if e.type == type and player in e.to]


def public(outcome: Outcome, type: str) -> list[dict[str, Any]]:
    return [e.data for e in outcome.events if e.type == type and e.audience == "public"]


def intact(state: GameState, name: str) -> bool:
    return all(i.intact for i in items.held(state, name))


def questions(outcome: Outcome) -> list[str]:
    return [q.id for q in outcome.questions]


# -- setup ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "wolves"), [(9, 2), (12, 3), (15, 4)])
def test_the_deal_selects_objects_evenly_one_each_groups_of_one_style_each(count: int, wolves: int) -> None:
    state = setup([f"J{i}" for i in range(count)], seed=count)
    objects = [p.role for p in state.players]
    assert len(set(objects)) == count
    assert all(sum(style(o) == s for o in objects) == count // 3 for s in ("offensif", "defensif", "tactique"))
    assert sum(p.camp == "loups" for p in state.players) == wolves
    groups = rules.groups_of(state)
    assert len(groups) == count // 3 and sorted(n for g in groups for n in g) == sorted(p.name for p in state.players)
    assert all(sorted(style(state.player(n).role) for n in g) == ["defensif", "offensif", "tactique"] for g in groups)
    assert [(i.holder, i.kind) for i in items.every(state)] == [(p.name, p.role) for p in state.players]
    again = setup([f"J{i}" for i in range(count)], seed=count)
    assert [(p.role, p.camp) for p in again.players] == [(p.role, p.camp) for p in state.players]


def test_the_deal_refuses_what_the_rules_forbid() -> None:
    with pytest.raises(ValueError, match="9, 12 or 15"):
        setup([f"J{i}" for i in range(10)], seed=1)
    two_offensive = dict(A, Bea="hache", Dan="armure")  # group 1: arc + hache
    with pytest.raises(ValueError, match="one offensive"):
        setup(list(two_offensive), seed=1, roles=two_offensive, camps={"Dan": "loups", "Gus": "loups"})
    with pytest.raises(ValueError, match="2 wolves"):
        setup(list(A), seed=1, roles=A, camps={"Dan": "loups"} | {"Gus": "loups", "Ivy": "loups"})


def test_the_opening_tells_the_wolf_count_and_the_groups_and_the_card_the_object() -> None:
    state = game(phase="J0")
    assert trinite.RULESET.opening is not None and trinite.RULESET.card_extra is not None
    opening = trinite.RULESET.opening(state)
    assert opening["players"] == 9 and opening["wolves"] == 2
    assert opening["groups"] == [["Ana", "Bea", "Cal"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]
    assert len(opening["dawn"]) == len(DAWN_ORDER) and "SAUVETAGE" in opening["dawn"]  # type: ignore[arg-type]
    card = trinite.RULESET.card_extra(state, "Hal")
    assert card["object_name"] == "Orbe du druide" and card["style"] == "Défensif" and card["group_number"] == 3
    assert [p["name"] for p in card["powers"]] == ["RENVOI", "NATURE"]  # type: ignore[index]
    assert trinite.RULESET.groups is not None and trinite.RULESET.groups(state)["Groupe 2"] == ["Dan", "Eve", "Fay"]


def test_the_dawn_order_is_written_once_and_each_step_has_its_function() -> None:
    assert tuple(STEPS) == DAWN_ORDER == trinite.RULESET.night_order
    assert DAWN_ORDER.index("nature") < DAWN_ORDER.index("barrage") < DAWN_ORDER.index("protection")
    assert DAWN_ORDER.index("protection") < DAWN_ORDER.index("attaques") < DAWN_ORDER.index("sauvetage")
    assert DAWN_ORDER.index("sauvetage") < DAWN_ORDER.index("odorat") < DAWN_ORDER.index("reparation")
    assert DAWN_ORDER.index("reparation") < DAWN_ORDER.index("trouvere") < DAWN_ORDER.index("espionnage")
    # every [actif] power has its step
    night_powers = {p.split(".")[1] for p, spec in POWERS.items() if spec.kind == "actif" and spec.object}
    assert night_powers - {"imitation", "copie", "empoisonnement"} <= set(DAWN_ORDER) and "attaques" in DAWN_ORDER


# -- validation ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("player", "power", "targets", "said"),
    [
        ("Ana", "potion.empoisonnement", ("Bea",), "n'a pas le pouvoir EMPOISONNEMENT"),
        ("Gus", "familier.odorat", ("Gus",), "autre joueur que toi"),
        ("Fay", "sceptre.ouija", ("Ana",), "vise un joueur mort"),
        ("Ana", "arc.baroud", (), "passif"),
        ("Hal", "chapelet.protection", ("Ana",), "n'a pas le pouvoir PROTECTION"),
        ("Fay", "sceptre.pacte", (), "actif de jour"),
        ("Eve", "loups.attaquer", ("Ana",), "Seuls les loups"),
        ("Gus", "familier.instinct", ("7",), "groupes vont de 1 à 3"),
    ],
)
def test_each_refusal_says_why_in_french(player: str, power: str, targets: tuple[str, ...], said: str) -> None:
    refusal = validate(game(), Action(player, power, targets))
    assert refusal is not None and said in refusal


def test_the_dead_and_a_destroyed_object_use_no_power() -> None:
    state = game()
    state.player("Dan").alive = False
    assert "morts" in (validate(state, Action("Dan", "potion.chaudron", ("Ana",))) or "")
    items.destroy(state, items.held(state, "Gus")[0].id)
    assert "détruit" in (validate(state, Action("Gus", "familier.instinct", ("1",))) or "")


def test_a_day_power_by_night_and_a_night_power_by_day_are_refused() -> None:
    assert "de jour" in (validate(game(B), Action("Ana", "hache.ravage", ())) or "")
    assert "la nuit" in (validate(game(B, phase="J1"), Action("Ana", "hache.charge", ())) or "")
    assert validate(game(B, phase="J1"), Action("Ana", "hache.ravage", ())) is None


def test_protection_and_nature_not_the_same_player_two_nights_running() -> None:
    state = night(game(), ("Eve", "chapelet.protection", ("Ana",)), ("Hal", "orbe.nature", ("Bea",))).state
    state = close_day(state, {}).state
    assert state.phase == "N2"
    assert "deux nuits d'affilée" in (validate(state, Action("Eve", "chapelet.protection", ("Ana",))) or "")
    assert "deux nuits d'affilée" in (validate(state, Action("Hal", "orbe.nature", ("Bea",))) or "")
    assert validate(state, Action("Eve", "chapelet.protection", ("Eve",))) is None  # "éventuellement vous-même"


def test_one_active_power_a_night_the_later_mp_replaces_the_earlier() -> None:
    out = night(game(), ("Dan", "potion.empoisonnement", ("Ana",)), ("Dan", "potion.chaudron", ("Bea",)))
    assert deaths(out) == []
    assert rules.today(out.state)["chaudron"] == ["Bea"]


# -- the wolves, deaths, HONNEUR ---------------------------------------------------------------------------------
def test_the_wolves_kill_and_the_morning_tells_the_object_not_the_camp() -> None:
    out = night(game(), ("Dan", "loups.attaquer", ("Cal",)), ("Gus", "loups.attaquer", ("Cal",)))
    [death] = [e.data for e in out.events if e.type == "death"]
    assert death["player"] == "Cal" and death["cause"] == "loups" and death["object"] == "paquet"
    assert "camp" not in death


def test_wolves_who_disagree_the_majority_else_one_of_their_proposals() -> None:
    state = game(wolves=("Dan", "Gus"))
    out = night(state, ("Dan", "loups.attaquer", ("Cal",)), ("Gus", "loups.attaquer", ("Fay",)))
    assert [p for p, _ in deaths(out)] in (["Cal"], ["Fay"])


def test_honneur_reveals_the_camp_of_the_shield_holder_who_dies() -> None:
    out = night(game(B), ("Gus", "loups.attaquer", ("Eve",)))
    [death] = [e.data for e in out.events if e.type == "death"]
    assert death["player"] == "Eve" and death["camp"] == "village"


def test_a_power_of_a_user_already_dead_at_its_step_is_not_done() -> None:
    # "Tout pouvoir demandé qui se déclencherait après la mort de son utilisateur … n'est pas effectué":
    # the wolves kill Gus before his ODORAT's step (information comes after the kills).
    out = night(game(wolves=("Dan", "Ivy")), ("Dan", "loups.attaquer", ("Gus",)), ("Gus", "familier.odorat", ("Ana",)))
    assert deaths(out) == [("Gus", "loups")]
    assert told(out, "Gus", "action_void") and not told(out, "Gus", "odorat")


def test_the_wolves_and_the_poison_strike_together() -> None:
    # The night's deaths strike together at dawn (RULINGS A2): Dan, eaten, has poisoned Ana all the same.
    out = night(
        game(wolves=("Gus", "Ivy")), ("Gus", "loups.attaquer", ("Dan",)), ("Dan", "potion.empoisonnement", ("Ana",))
    )
    assert sorted(deaths(out)) == [("Ana", "empoisonnement"), ("Dan", "loups")]


# -- defences ---------------------------------------------------------------------------------------------------
def test_protection_saves_from_every_death_of_the_night() -> None:
    out = night(
        game(),
        ("Gus", "loups.attaquer", ("Cal",)),
        ("Dan", "potion.empoisonnement", ("Cal",)),
        ("Eve", "chapelet.protection", ("Cal",)),
    )
    assert deaths(out) == []
    assert not intact(out.state, "Dan")  # the potion is spent all the same


def test_mithril_saves_once_and_breaks() -> None:
    out = night(game(), ("Gus", "loups.attaquer", ("Bea",)))
    assert deaths(out) == [] and not intact(out.state, "Bea")


def test_the_armour_does_not_hold_against_two_deaths_in_one_night() -> None:
    # "Si vous êtes la cible de plusieurs pouvoirs de mort pendant la nuit, vous pouvez mourir même si elle
    # était intacte au début de la nuit !"
    out = night(game(), ("Gus", "loups.attaquer", ("Bea",)), ("Dan", "potion.empoisonnement", ("Bea",)))
    assert deaths(out) == [("Bea", "empoisonnement")]


def test_renvoi_sends_a_poison_back_to_its_launcher() -> None:
    # Hal (orbe) poisoned by Dan: Dan dies of his own poison, the orbe breaks at the end of the night.
    out = night(game(), ("Dan", "potion.empoisonnement", ("Hal",)))
    assert deaths(out) == [("Dan", "empoisonnement")]
    assert out.state.player("Hal").alive and not intact(out.state, "Hal")


def test_renvoi_against_the_wolves_lets_the_druid_choose() -> None:
    state = game(wolves=("Dan", "Ana"))
    asked = night(state, ("Dan", "loups.attaquer", ("Hal",)))
    assert "N1:renvoi:Hal" in questions(asked) and deaths(asked) == []
    out = night(state, ("Dan", "loups.attaquer", ("Hal",)), answers={"N1:renvoi:Hal": "Ana"})
    assert deaths(out) == [("Ana", "loups")]  # the redirected attack keeps its cause


def test_renvoi_against_baroud() -> None:
    # Ana (arc) is eaten, shoots Hal with BAROUD; Hal's RENVOI turns it on whom he chooses (Gus).
    answers = {"N1:baroud:Ana": "Hal", "N1:renvoi:Hal": "Gus"}
    out = night(game(), ("Dan", "loups.attaquer", ("Ana",)), answers=answers)
    assert deaths(out) == [("Ana", "loups"), ("Gus", "baroud")]
    assert not intact(out.state, "Ana")  # "Si vous faites ainsi, l'arc se détruit."


def test_baroud_on_the_pyre() -> None:
    state = game(phase="J1")
    votes = {n: "Ana" for n in A if n != "Ana"}
    out = close_day(state, votes, {"J1:baroud:Ana": "Dan"})
    assert deaths(out) == [("Ana", "bucher"), ("Dan", "baroud")]
    assert public(out, "pyre") == [{"player": "Ana", "object": "arc"}]


def test_interception_the_priest_dies_once_for_every_death_of_his_group() -> None:
    # "Si au moins un joueur vivant de votre groupe devrait mourir cette nuit-ci, vous mourrez à leur place."
    objects = dict(A, Ana="potion", Dan="arc")  # Ana poisons Dan, the wolves eat Fay: both of Eve's group
    out = night(
        game(objects, wolves=("Gus", "Ivy")),
        ("Gus", "loups.attaquer", ("Fay",)),
        ("Eve", "chapelet.interception", ()),
        ("Ana", "potion.empoisonnement", ("Dan",)),
    )
    assert deaths(out) == [("Eve", "interception")]


def test_interception_the_priest_dies_for_his_group() -> None:
    out = night(game(wolves=("Gus", "Ivy")), ("Gus", "loups.attaquer", ("Fay",)), ("Eve", "chapelet.interception", ()))
    assert deaths(out) == [("Eve", "interception")]


def test_sauvetage_of_a_poisoned_wolf() -> None:
    # "les loups peuvent … sauver un des leur qui serait victime d'empoisonnement"
    state = game(wolves=("Gus", "Ivy"))
    asked = night(state, ("Dan", "potion.empoisonnement", ("Gus",)))
    assert "N1:sauvetage:Ivy" in questions(asked)
    assert told(asked, "Ivy", "sauvetage") == [{"player": "Ivy", "dead": ["Gus"]}]
    out = night(state, ("Dan", "potion.empoisonnement", ("Gus",)), answers={"N1:sauvetage:Ivy": "Gus"})
    assert deaths(out) == [] and out.state.player("Gus").alive
    assert not intact(out.state, "Ivy")  # "Si vous faites ainsi, la carte se détruit."


def test_imitation_of_mithril_replaces_the_power_for_the_rest_of_the_game() -> None:
    state = night(game(B), ("Bea", "cape.imitation", ("mithril",))).state
    assert list(rules.current_powers(state, "Bea")) == ["armure.mithril", "cape.copie"]
    state = close_day(state, {}).state
    out = night(state, ("Gus", "loups.attaquer", ("Bea",)))
    assert deaths(out) == [] and not intact(out.state, "Bea")


def test_copie_gives_the_cape_the_copied_power_sent_under_its_own_id() -> None:
    state = night(game(B), ("Bea", "cape.copie", ("empoisonnement",))).state
    state = close_day(state, {}).state
    assert "n'a pas le pouvoir" not in (validate(state, Action("Bea", "potion.empoisonnement", ("Cal",))) or "")
    assert validate(state, Action("Bea", "cape.copie", ("odorat",))) is not None  # replaced
    out = night(state, ("Bea", "potion.empoisonnement", ("Cal",)))
    assert deaths(out) == [("Cal", "empoisonnement")] and not intact(out.state, "Bea")


@pytest.mark.parametrize("word", ["ouija", "imitation", "copie", "ravage", "mithril"])
def test_copie_refuses_what_the_rule_excludes(word: str) -> None:
    assert validate(game(B), Action("Bea", "cape.copie", (word,))) is not None


# -- neutralisations --------------------------------------------------------------------------------------------
def test_barrage_neutralises_renvoi_and_interception_and_tells_the_users() -> None:
    state = game(wolves=("Dan", "Gus"))
    out = night(
        state,
        ("Ana", "arc.barrage", ()),
        ("Dan", "loups.attaquer", ("Hal",)),
        ("Eve", "chapelet.interception", ()),
    )
    assert deaths(out) == [("Hal", "loups")]  # no RENVOI
    assert told(out, "Eve", "power_neutralised")[0]["by"] == "barrage"
    assert not intact(out.state, "Ana")  # "puis l'arc se détruit"


def test_nature_disables_the_target_s_object_for_the_night() -> None:
    out = night(game(), ("Hal", "orbe.nature", ("Bea",)), ("Gus", "loups.attaquer", ("Bea",)))
    assert deaths(out) == [("Bea", "loups")]  # MITHRIL off
    out = night(game(), ("Hal", "orbe.nature", ("Dan",)), ("Dan", "potion.empoisonnement", ("Ana",)))
    assert deaths(out) == [] and told(out, "Dan", "power_neutralised")


def test_ravage_is_announced_and_stops_the_next_night_s_powers() -> None:
    out = day(game(B, phase="J1"), {}, ("Ana", "hache.ravage", ()))
    assert public(out, "ravage_announced") and not intact(out.state, "Ana")  # "Détruisez votre hache."
    state = out.state
    assert state.phase == "N2"
    assert validate(state, Action("Hal", "armure.reparation", ())) is None  # not one RAVAGE lists
    # MITHRIL does not work: Hal dies
    assert deaths(night(state, ("Gus", "loups.attaquer", ("Hal",)))) == [("Hal", "loups")]


def test_ravage_the_mj_reminds_a_player_of_a_stopped_power() -> None:
    objects = dict(A, Ana="hache", Gus="familier")
    state = day(game(objects, phase="J1"), {}, ("Ana", "hache.ravage", ())).state
    refusal = validate(state, Action("Eve", "chapelet.protection", ("Cal",)))
    assert refusal is not None and "RAVAGE" in refusal and "autre chose" in refusal
    out = night(state, ("Eve", "chapelet.protection", ("Cal",)), ("Gus", "loups.attaquer", ("Cal",)))
    assert told(out, "Eve", "power_neutralised") and deaths(out) == [("Cal", "loups")]


def test_murs_group_only_targets_but_not_the_wolves() -> None:
    out = day(game(B, phase="J1"), {}, ("Eve", "bouclier.murs", ()))
    assert public(out, "group_only_announced") and not intact(out.state, "Eve")
    state = out.state
    assert "groupe" in (validate(state, Action("Fay", "baton.elementariste", ("Ana", "offensif"))) or "")
    assert validate(state, Action("Fay", "baton.elementariste", ("Dan", "offensif"))) is None
    assert (
        validate(state, Action("Gus", "loups.attaquer", ("Ana",))) is None
    )  # "l'attaque des loups n'est pas concernée"


def test_day_powers_act_as_soon_as_read_and_the_deadline_agrees() -> None:
    # For the live daemon: RAVAGE spends the hache and is announced at once; a second RAVAGE then finds the
    # hache gone; the deadline, given the same MPs, ends the same way.
    state = game(B, phase="J1")
    mps = [Action("Ana", "hache.ravage", ()), Action("Ana", "hache.ravage", ()), Action("Eve", "bouclier.murs", ())]
    now = rules.day_powers(state, mps)
    assert [e.type for e in now.events if e.audience == "public"] == ["ravage_announced", "group_only_announced"]
    assert not intact(now.state, "Ana") and not intact(now.state, "Eve") and intact(state, "Ana")
    assert [e.data["power"] for e in now.events if e.type == "action_refused"] == ["hache.ravage"]
    assert now.state.phase == "J1" and not now.questions
    evening = close_day(state, {}, {}, (), mps)
    assert public(evening, "ravage_announced") == public(now, "ravage_announced")
    assert evening.state.memory["ravage"] == evening.state.memory["murs"] == "N2"


def test_the_mj_s_page_notes_what_the_next_night_and_day_hold() -> None:
    state = day(game(B, phase="J1"), {}, ("Ana", "hache.ravage", ()), ("Eve", "bouclier.murs", ())).state
    notes = rules.mj_notes(state)
    assert len(notes["Pouvoirs neutralisés"]) == 2 and "MITHRIL" in notes["Pouvoirs neutralisés"][0]
    state = night(
        state, ("Dan", "dague.execution", ("Fay",)), ("Bea", "cape.imitation", ("mithril",))
    ).state  # MURS: his group
    notes = rules.mj_notes(state)
    assert notes["Vote de J2"] == ["EXÉCUTION : Dan vise Fay"] and notes["Cape"] == ["IMITATION → MITHRIL"]
    assert "Pouvoirs neutralisés" not in notes and rules.player_note(state, "Bea") == "Défensif"


def test_pacte_counts_the_dead_wolves_for_a_villager_and_walls_the_groups_for_a_wolf() -> None:
    state = game(phase="J1")
    state.player("Dan").alive = False
    out = day(state, {}, ("Fay", "sceptre.pacte", ()))
    assert told(out, "Fay", "pacte") == [{"player": "Fay", "count": 1}] and not public(out, "group_only_announced")
    out = day(game(wolves=("Fay", "Gus"), phase="J1"), {}, ("Fay", "sceptre.pacte", ()))
    assert public(out, "group_only_announced") and not told(out, "Fay", "pacte")
    assert not intact(out.state, "Fay")


# -- the votes --------------------------------------------------------------------------------------------------
def _counts(state: GameState, votes: dict[str, str]) -> dict[str, int]:
    return day_tally(state, votes)[0].as_dict()


def test_charge_doubles_the_voice_and_the_votes_against_the_charger() -> None:
    state = night(game(B), ("Ana", "hache.charge", ())).state
    assert state.phase == "J1"
    assert _counts(state, {"Ana": "Cal", "Bea": "Ana", "Dan": "Cal"}) == {"Cal": 3, "Ana": 2}


def test_execution_doubles_the_votes_against_its_target_and_the_dague_breaks_if_it_burns() -> None:
    out = night(game(B), ("Dan", "dague.execution", ("Cal",)))
    assert public(out, "execution_announced")
    state = out.state
    votes = {"Ana": "Cal", "Bea": "Fay", "Eve": "Fay", "Hal": "Fay"}
    assert _counts(state, votes) == {"Cal": 2, "Fay": 3}
    votes["Ivy"] = "Cal"
    burnt = close_day(state, votes)
    assert deaths(burnt) == [("Cal", "bucher")] and not intact(burnt.state, "Dan")


def test_execution_s_target_dead_at_dawn_asks_a_new_one_or_abandon() -> None:
    state = game(B, wolves=("Gus", "Ivy"))
    asked = night(state, ("Dan", "dague.execution", ("Cal",)), ("Gus", "loups.attaquer", ("Cal",)))
    assert "N1:execution:Dan" in questions(asked) and not public(asked, "execution_announced")
    out = night(
        state,
        ("Dan", "dague.execution", ("Cal",)),
        ("Gus", "loups.attaquer", ("Cal",)),
        answers={"N1:execution:Dan": "Fay"},
    )
    assert public(out, "execution_announced") and _counts(out.state, {"Ana": "Fay"}) == {"Fay": 2}


def test_chaudron_starts_the_day_with_a_vote() -> None:
    state = night(game(), ("Dan", "potion.chaudron", ("Hal",))).state
    assert _counts(state, {}) == {"Hal": 1}
    assert _counts(state, {"Ana": "Hal"}) == {"Hal": 2}


def test_ouija_lets_a_dead_player_vote_the_next_day() -> None:
    state = game()
    state.player("Cal").alive = False
    out = night(state, ("Fay", "sceptre.ouija", ("Cal",)))
    assert public(out, "ouija_announced") == [{"player": "Cal"}]
    assert _counts(out.state, {"Cal": "Dan"}) == {"Dan": 1}
    later = close_day(out.state, {}).state
    later = night(later).state
    assert _counts(later, {"Cal": "Dan"}) == {}  # only "la prochaine journée"


# -- information ------------------------------------------------------------------------------------------------
def test_odorat_the_object_then_the_camp_and_the_familiar_breaks() -> None:
    out = night(game(), ("Gus", "familier.odorat", ("Dan",)))
    assert told(out, "Gus", "odorat") == [{"player": "Gus", "target": "Dan", "object": "potion"}]
    state = close_day(out.state, {}).state
    out = night(state, ("Gus", "familier.odorat", ("Dan",)))
    assert told(out, "Gus", "odorat") == [{"player": "Gus", "target": "Dan", "camp": "loups"}]
    assert not intact(out.state, "Gus")


def test_instinct_and_infiltration() -> None:
    obj = dict(A, Gus="familier")
    out = night(game(obj, wolves=("Dan", "Eve")), ("Gus", "familier.instinct", ("2",)))
    assert told(out, "Gus", "instinct") == [{"player": "Gus", "group": 2, "detected": True}]
    out = night(game(obj, wolves=("Dan", "Hal")), ("Gus", "familier.instinct", ("groupe 2",)))
    assert told(out, "Gus", "instinct") == [{"player": "Gus", "group": 2, "detected": False}]
    assert not intact(out.state, "Gus")
    out = night(game(B), ("Dan", "dague.infiltration", ("3",)))
    assert told(out, "Dan", "infiltration") == [{"player": "Dan", "group": 3, "objects": ["potion", "armure", "carte"]}]
    assert not intact(out.state, "Dan")


def test_atout_the_camp_for_a_villager_the_style_for_a_wolf() -> None:
    out = night(game(), ("Cal", "paquet.atout", ("Eve",)))
    assert told(out, "Cal", "atout") == [{"player": "Cal", "target": "Eve", "camp": "village"}] and intact(
        out.state, "Cal"
    )
    out = night(game(), ("Cal", "paquet.atout", ("Dan",)))
    assert told(out, "Cal", "atout")[0]["camp"] == "loups" and not intact(out.state, "Cal")
    out = night(game(wolves=("Cal", "Gus")), ("Cal", "paquet.atout", ("Eve",)))
    assert told(out, "Cal", "atout")[0]["style"] == "defensif" and not intact(out.state, "Cal")


def test_elementariste() -> None:
    out = night(game(B), ("Fay", "baton.elementariste", ("Hal", "défensif")))
    assert told(out, "Fay", "elementariste") == [{"player": "Fay", "target": "Hal", "style": "defensif", "match": True}]


def test_observation_and_espionnage() -> None:
    objects = dict(B, Ivy="carte")
    out = night(
        game(objects, wolves=("Gus", "Ivy")),
        ("Gus", "loups.attaquer", ("Fay",)),
        ("Hal", "armure.reparation", ("Fay",)),
        ("Ivy", "carte.espionnage", ()),
        ("Dan", "dague.execution", ("Fay",)),
    )
    assert deaths(out) == [("Fay", "loups")] and told(out, "Fay", "observation") == []  # dead: no list
    spied = told(out, "Ivy", "espionnage")[0]
    assert (
        spied["wolves_target"] == "Fay"
        and {"user": "Dan", "power": "dague.execution", "target": "Fay"} in spied["targetings"]
    )
    out = night(game(objects), ("Dan", "dague.execution", ("Fay",)))
    assert told(out, "Fay", "observation") == [{"player": "Fay", "by": ["Dan"], "attacked": False}]


# -- repairs, resurrection ----------------------------------------------------------------------------------------
def test_reparation_lists_the_destroyed_objects_and_repairs_one() -> None:
    state = game(B)
    items.destroy(state, items.held(state, "Ana")[0].id)
    asked = night(state, ("Hal", "armure.reparation", ()))
    assert told(asked, "Hal", "reparation")[0]["destroyed"] == [{"player": "Ana", "object": "hache", "alive": True}]
    assert "N1:reparation:Hal" in questions(asked)
    out = night(state, ("Hal", "armure.reparation", ()), answers={"N1:reparation:Hal": "Ana"})
    assert intact(out.state, "Ana") and not intact(out.state, "Hal")


def test_troubadour_repairs_and_trouvere_revives() -> None:
    state = game(B)
    items.destroy(state, items.held(state, "Ana")[0].id)
    out = night(state, ("Cal", "lyre.troubadour", ("Ana",)))
    assert intact(out.state, "Ana") and not intact(out.state, "Cal")
    state = game(B)
    state.player("Ana").alive = False
    out = night(state, ("Cal", "lyre.trouvere", ("Ana",)))
    assert out.state.player("Ana").alive and not intact(out.state, "Cal")


# -- the day: mayor, swap, EXCUSE, winning --------------------------------------------------------------------------
def test_the_mayor_swaps_one_style_between_two_groups() -> None:
    state = game(phase="J1")
    state.mayor = "Ivy"
    out = close_day(state, {}, {"J1:annonce_maire": "groupe 1, groupe 3, offensif"})
    assert rules.groups_of(out.state) == [["Gus", "Bea", "Cal"], ["Dan", "Eve", "Fay"], ["Ana", "Hal", "Ivy"]]
    assert public(out, "groups_swapped")


def test_excuse_opens_a_chat_at_night_and_cuts_it_at_dawn_when_atout_was_used() -> None:
    out = day(game(phase="J1"), {}, ("Cal", "paquet.excuse", ("Ana", "Eve")))
    assert told(out, "Ana", "excuse")[0]["players"] == ["Cal", "Ana", "Eve"]
    out = night(out.state, ("Cal", "paquet.atout", ("Eve",)))
    assert told(out, "Eve", "excuse_end") and told(out, "Cal", "excuse_end")


@pytest.mark.parametrize(
    ("dead", "winner"),
    [(("Dan", "Gus"), "village"), (("Ana", "Bea", "Cal", "Eve", "Fay"), "loups"), (("Ana",), None)],
)
def test_who_wins(dead: tuple[str, ...], winner: str | None) -> None:
    state = game(phase="J1")
    out = close_day(state, {}, (), [Decree("kill", name) for name in dead])
    assert out.state.winner == winner


# -- random games ------------------------------------------------------------------------------------------------
def play_random(seed: int) -> list[dict[str, Any]]:
    """A random game: every living player uses one of his powers at random, the wolves attack, some questions
    answered (drawn from the seed): legal, not clever. Its events, as JSON."""
    names = [f"J{i}" for i in range((9, 12, 15)[seed % 3])]
    state = setup(names, seed)
    draw = random.Random(seed)
    log: list[dict[str, Any]] = []
    words = [p.split(".")[1] for p in POWERS if p != "loups.attaquer"]
    for _ in range(60):
        if state.winner:
            break
        night_ = state.phase.startswith("N")
        actions = []
        for p in state.players:
            for power in rules.powers_of(state, p.name) + (["loups.attaquer"] if p.camp == "loups" else []):
                spec = POWERS[power]
                if draw.random() < 0.5 or (spec.kind == "actif") != night_:
                    continue
                if spec.targets == "group":
                    targets: tuple[str, ...] = (str(draw.randint(1, len(names) // 3)),)
                elif spec.targets in ("passive", "active"):
                    targets = (draw.choice(words),)
                elif spec.targets == "style":
                    targets = (draw.choice(names), draw.choice(["offensif", "défensif", "tactique"]))
                else:
                    targets = tuple(draw.sample(names, draw.randint(spec.min_targets, spec.max_targets)))
                action = Action(p.name, power, targets)
                if validate(state, action) is None:
                    actions.append(action)
        living = state.living()
        votes = {v: draw.choice(living) for v in rules.voters(state)}
        answers: dict[str, str] = {}
        for _round in range(4):
            out = resolve_night(state, actions, answers) if night_ else close_day(state, votes, answers, (), actions)
            open_ = [q for q in out.questions if q.id not in answers]
            if not open_:
                break
            for q in open_:
                answers[q.id] = draw.choice([*q.options, "aucun"]) if q.options else "aucun"
                if q.kind == "annonce_maire" and draw.random() < 0.5:  # the mayor's swap, now and then
                    first, second = draw.sample(range(1, len(names) // 3 + 1), 2)
                    answers[q.id] = f"groupe {first}, groupe {second}, {draw.choice(['offensif', 'tactique'])}"
        log.extend(e.as_json() for e in out.events)
        state = out.state
        _invariants(state)
    return log


def _invariants(state: GameState) -> None:
    """What no phase may break: one object each, never moved; groups of three with one object of each style
    (the mayor's swap included); a group target never names a group that does not exist."""
    assert [(i.holder, i.kind) for i in items.every(state)] == [(p.name, p.role) for p in state.players]
    groups = rules.groups_of(state)
    assert sorted(n for g in groups for n in g) == sorted(p.name for p in state.players)
    for group in groups:
        assert sorted(style(state.player(n).role) for n in group) == ["defensif", "offensif", "tactique"], group


@pytest.mark.parametrize("seed", range(30))
def test_random_games_end_and_keep_the_rules_invariants(seed: int) -> None:
    log = play_random(seed)
    over = [e for e in log if e["type"] == "game_over"]
    assert len(over) <= 1
    dead = [e["player"] for e in log if e["type"] == "death"]
    revived = [e["player"] for e in log if e["type"] == "revived"]
    assert len(dead) - len(revived) <= (9, 12, 15)[seed % 3]
    swaps = [e for e in log if e["type"] == "groups_swapped"]
    assert all(len(e["players"]) == 2 and e["groups"][0] != e["groups"][1] for e in swaps)
    for event in log:
        if event["type"] == "death":
            assert event["object"] in rules.OBJECTS
            assert "camp" not in event or event["object"] in ("bouclier", "cape")  # HONNEUR only
        if event["type"] == "death" and event["phase"].startswith("N"):  # a night's deaths come from its powers
            assert event["cause"] in ("loups", "empoisonnement", "baroud", "interception", "mj"), event
        if event["type"] == "death" and event["phase"].startswith("J"):
            assert event["cause"] in ("bucher", "baroud", "mj"), event


def test_the_rule_set_is_installed() -> None:
    assert ruleset("trinite") is trinite.RULESET


def test_chaudron_and_execution_on_one_player_both_show_in_the_vote_result() -> None:
    """CHAUDRON's vote and EXÉCUTION's doubling on the same player: the evening's count names both what was
    added and why (before, the second replaced the first in the event the evening post reads)."""
    obj = dict(A, Gus="dague")
    state = night(game(obj), ("Dan", "potion.chaudron", ("Hal",)), ("Gus", "dague.execution", ("Hal",))).state
    out = day(state, {"Ana": "Hal", "Bea": "Hal"})
    [result] = [e.data for e in out.events if e.type == "vote_result"]
    # Two votes and CHAUDRON's make three; EXÉCUTION doubles every vote against Hal: six, four of them added.
    assert result["counts"]["Hal"] == 6
    assert result["added"] == {"Hal": 4}
    assert result["reasons"] == {"Hal": "chaudron+execution"}


def test_a_wolf_s_pacte_is_announced_exactly_as_murs() -> None:
    """PACTE by a wolf and MURS post the same sentence; nothing in the public events tells them apart (a
    villager's PACTE gives no announcement at all)."""
    obj = dict(A, Eve="bouclier")
    murs = day(game(obj, phase="J1"), {}, ("Eve", "bouclier.murs", ())).events
    pacte = day(game(obj, wolves=("Fay", "Gus"), phase="J1"), {}, ("Fay", "sceptre.pacte", ())).events
    shown = [[e.data for e in events if e.type == "group_only_announced" and e.audience == "public"]
             for events in (murs, pacte)]  # fmt: skip
    assert shown[0] == shown[1] and shown[0]
