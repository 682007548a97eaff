"""The `convivialite` rules ("Règles Loup-garou à 7") through the engine's public functions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.daemon.cli import main
from meneur.engine.model import Action, Decree, GameState, Outcome
from meneur.engine.rulesets import convivialite, ruleset
from meneur.engine.rulesets.convivialite import close_day, resolve_night, setup, validate
from meneur.engine.rulesets.convivialite.rules import idole_exposee, neighbours

# The topic's list order (the Idole's neighbours are read from it).
NAMES = ["BenP", "Bluerain", "Boris", "SuperA", "Talen", "NorthNikko"]
BASE = {"BenP": "amoureux", "Bluerain": "chanceux", "Boris": "detective",
        "SuperA": "idole", "Talen": "sorciere", "NorthNikko": "traqueur"}  # fmt: skip


def game(wolf: str = "Boris", phase: str = "J0", roles: dict[str, str] | None = None) -> GameState:
    state = setup(NAMES, seed=7, roles=roles or BASE, camps={wolf: "loups"})
    state.phase = phase
    return state


def deaths(outcome: Outcome) -> list[tuple[str, str]]:
    return [(e.data["player"], e.data["cause"]) for e in outcome.events if e.type == "death"]


def told(outcome: Outcome, player: str, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in outcome.events if e.type == kind and player in e.to]


def night1(state: GameState, actions: list[Action], answers: dict[str, str]) -> Outcome:
    assert state.phase == "N1"
    return resolve_night(state, actions, answers)


def after(outcome: Outcome, phase: str) -> GameState:
    state = outcome.state.copy()
    state.phase = phase
    return state


# -- setup --------------------------------------------------------------------------------------
def test_the_random_setup_draws_one_wolf_who_chooses_his_role_then_the_five_others_are_dealt() -> None:
    state = setup(NAMES, seed=3)
    assert [p.camp for p in state.players].count("loups") == 1
    assert {p.role for p in state.players} == {"a_choisir"}
    wolf = state.memory["loup_initial"]
    assert state.player(wolf).camp == "loups"
    unanswered = close_day(state, {})
    assert [q.id for q in unanswered.questions] == [f"J0:role_loup:{wolf}"]
    answered = close_day(state, {}, {f"J0:role_loup:{wolf}": "sorciere"})
    assert answered.complete
    dealt = answered.state
    assert dealt.player(wolf).role == "sorciere"
    assert sorted(p.role for p in dealt.players) == sorted(convivialite.ROLE_ORDER)
    assert told(answered, wolf, "coupon") and len([e for e in answered.events if e.type == "role_dealt"]) == 6
    # The deal is the seed's: the same answer gives the same roles; the state given is untouched.
    again = close_day(state, {}, {f"J0:role_loup:{wolf}": "sorciere"}).state
    assert [p.role for p in again.players] == [p.role for p in dealt.players]
    assert {p.role for p in state.players} == {"a_choisir"}
    # A wolf Sorcière has no potion; the Chanceux has his shield.
    assert not dealt.player(wolf).markers.get("potion")
    assert all(p.markers.get("bouclier") for p in dealt.players if p.role == "chanceux")


def test_a_wolf_named_by_the_mj_without_roles_is_kept_and_chooses_his_role() -> None:
    # "Le MJ choisit au hasard un loup": an MJ who drew the wolf himself writes only camp = "loups";
    # the engine must not draw another one. He still chooses his role on J0.
    for seed in range(6):
        state = setup(NAMES, seed, None, {"Talen": "loups"})
        assert state.memory["loup_initial"] == "Talen" and [p.name for p in state.players if p.camp == "loups"] == [
            "Talen"
        ]
        assert [q.id for q in close_day(state, {}).questions] == ["J0:role_loup:Talen"]
    with pytest.raises(ValueError, match="one wolf"):
        setup(NAMES, 1, None, {"Talen": "loups", "Boris": "loups"})


def test_a_hand_dealt_setup_needs_six_players_the_six_roles_and_one_wolf() -> None:
    with pytest.raises(ValueError, match="camp"):
        setup(NAMES, seed=1, roles=BASE)
    with pytest.raises(ValueError, match="six roles"):
        setup(NAMES, seed=1, roles={**BASE, "BenP": "idole"}, camps={"Boris": "loups"})
    with pytest.raises(ValueError, match="6 players"):
        setup(NAMES[:5], seed=1)
    assert ruleset("convivialite") is convivialite.RULESET


# -- votes --------------------------------------------------------------------------------------
def test_the_idole_votes_double_also_for_the_mayor() -> None:
    out = close_day(game(), {"SuperA": "Talen", "BenP": "Boris", "Bluerain": "Boris"})
    assert out.state.mayor is None
    tie = next(e for e in out.events if e.type == "vote_result")
    assert tie.data["counts"] == {"Boris": 2, "Talen": 2}
    assert [q.id for q in out.questions] == ["J0:maire_egalite"]
    won = close_day(game(), {"SuperA": "Talen", "BenP": "Boris"})
    assert won.state.mayor == "Talen"


def test_j1_names_a_suspect_who_has_two_more_votes_on_the_j2_pyre_only() -> None:
    j1 = close_day(game(phase="J1"), {"BenP": "Talen", "Bluerain": "Talen", "Talen": "Boris"})
    assert deaths(j1) == [] and j1.state.memory["suspect"] == "Talen"
    assert any(e.type == "suspect" and e.data["player"] == "Talen" for e in j1.events)
    j2 = close_day(after(j1, "J2"), {"BenP": "Boris", "Bluerain": "Boris", "Boris": "NorthNikko"})
    assert [e.data["counts"] for e in j2.events if e.type == "vote_result"] == [
        {"Boris": 2, "Talen": 2, "NorthNikko": 1}
    ]
    j3 = close_day(after(j1, "J3"), {"BenP": "Boris", "Bluerain": "Boris", "Boris": "NorthNikko"})
    assert deaths(j3) == [("Boris", "bucher")]


def test_a_tie_is_broken_by_the_living_mayor_or_nobody_burns() -> None:
    state = game(phase="J2")
    state.mayor = "Bluerain"
    votes = {"BenP": "Talen", "Talen": "BenP"}
    asked = close_day(state, votes)
    assert [q.id for q in asked.questions] == ["J2:maire_egalite"] and deaths(asked) == []
    assert deaths(close_day(state, votes, {"J2:maire_egalite": "Talen"})) == [("Talen", "bucher")]
    state.player("Bluerain").alive = False
    no_mayor = close_day(state, votes)
    assert not no_mayor.questions and deaths(no_mayor) == []


def test_two_names_where_one_is_asked_are_refused_and_the_question_stays_open() -> None:
    # "il départage les éventuelles égalités": the mayor names one of the tied, not two.
    state = game(phase="J2")
    state.mayor = "Bluerain"
    votes = {"BenP": "Talen", "Talen": "BenP"}
    out = close_day(state, votes, {"J2:maire_egalite": "Talen, BenP"})
    assert deaths(out) == [] and [q.id for q in out.questions] == ["J2:maire_egalite"]
    assert [e.data["question"] for e in out.events if e.type == "answer_refused"] == ["J2:maire_egalite"]
    # The same for the J1 suspect, and for the dying mayor's successor.
    j1 = game(phase="J1")
    j1.mayor = "Bluerain"
    suspicion = close_day(j1, votes, {"J1:maire_egalite": "Talen, BenP"})
    assert "suspect" not in suspicion.state.memory and not suspicion.complete
    mayor = game(phase="J2")
    mayor.mayor = "BenP"
    dead_mayor = close_day(mayor, {"Talen": "BenP", "Boris": "BenP"}, {"J2:successeur:BenP": "Talen, Boris"})
    assert deaths(dead_mayor) == [("BenP", "bucher")] and dead_mayor.state.mayor is None
    assert "J2:successeur:BenP" in {q.id for q in dead_mayor.questions}


def test_answers_are_read_without_case_or_accents() -> None:
    # The MJ copies the wolf's MP: "Sorcière", not the id "sorciere"; an invitee writes "Accepté".
    state = setup(NAMES, seed=3)
    wolf = state.memory["loup_initial"]
    dealt = close_day(state, {}, {f"J0:role_loup:{wolf}": "Sorcière"})
    assert dealt.complete and dealt.state.player(wolf).role == "sorciere"
    out = invite({"N1:invitation_reponse:Talen": "Accepté", "N1:invitation_reponse:SuperA": "REFUSE"})
    assert out.complete and out.state.player("Talen").camp == "loups"
    tie = game(phase="J2")
    tie.mayor = "Bluerain"
    assert deaths(close_day(tie, {"BenP": "Talen", "Talen": "BenP"}, {"J2:maire_egalite": " talen"})) == [
        ("Talen", "bucher")
    ]
    nobody = close_day(tie, {"BenP": "Talen", "Talen": "BenP"}, {"J2:maire_egalite": "Aucun"})
    assert nobody.complete and deaths(nobody) == []
    # The wolf's invitation, as he wrote it: "talen et superA".
    asked = night1(game("Boris", "N1"), [], {"N1:invitation:Boris": "talen et superA"})
    assert asked.state.memory["invites"] == ["Talen", "SuperA"]
    assert told(asked, "Boris", "invitation_sent") == [
        {"player": "Boris", "invites": ["Talen", "SuperA"], "drawn": False}
    ]


def test_the_pyre_reveals_the_camp_not_the_role() -> None:
    out = close_day(game(phase="J2"), {"BenP": "Boris", "Bluerain": "Boris"})
    assert deaths(out) == [("Boris", "bucher")] and out.state.winner == "village"
    pyre = [e.data for e in out.events if e.type == "pyre"]
    assert pyre == [{"player": "Boris", "camp": "loups"}]
    assert [e.data for e in out.events if e.type == "camp_revealed"] == [{"player": "Boris", "camp": "loups"}]


def test_the_amoureux_never_votes_against_the_adule() -> None:
    state = game(phase="J2")
    state.player("BenP").markers["adule"] = "Talen"
    assert convivialite.vote_refusal(state, "BenP", "Talen")
    assert convivialite.vote_refusal(state, "Bluerain", "Talen") is None
    out = close_day(state, {"BenP": "Talen", "Bluerain": "Boris"})
    assert deaths(out) == [("Boris", "bucher")]
    # The live counter does not know the rule: the engine drops the vote and tells the MJ.
    assert [(e.audience, e.data) for e in out.events if e.type == "vote_refused"] == [
        ("mj", {"player": "BenP", "target": "Talen"})
    ]


def test_votes_against_the_idole_count_double_once_both_list_neighbours_are_dead() -> None:
    state = game(phase="J3")
    assert neighbours(state, "SuperA") == ("Boris", "Talen")
    assert neighbours(state, "BenP") == ("NorthNikko", "Bluerain")  # the list read as a circle
    state.player("Talen").alive = False
    assert idole_exposee(state) is None
    votes = {"BenP": "SuperA", "NorthNikko": "Boris", "Bluerain": "Boris"}
    assert deaths(close_day(state, votes)) == [("Boris", "bucher")]
    state.player("Boris").alive = False
    state.player("Talen").camp = "loups"
    state.player("Boris").camp = "village"
    state.player("Bluerain").camp = "loups"
    assert idole_exposee(state) == "SuperA"
    out = close_day(state, {"BenP": "SuperA", "NorthNikko": "Bluerain", "Bluerain": "NorthNikko"})
    assert [e.data["counts"] for e in out.events if e.type == "vote_result"] == [
        {"SuperA": 2, "Bluerain": 1, "NorthNikko": 1}
    ]
    assert deaths(out) == [("SuperA", "bucher")]


# -- the chanceux and the potion ----------------------------------------------------------------
def test_the_chanceux_survives_his_first_pyre_and_loses_the_shield() -> None:
    state = game(phase="J2")
    first = close_day(state, {"BenP": "Bluerain", "Boris": "Bluerain"})
    assert deaths(first) == [] and any(e.type == "pyre_shield" for e in first.events)
    assert not first.state.player("Bluerain").markers["bouclier"]
    second = close_day(after(first, "J3"), {"BenP": "Bluerain", "Boris": "Bluerain"})
    assert deaths(second) == [("Bluerain", "bucher")]


@pytest.mark.parametrize(
    ("wolf", "target", "shield", "dies", "effect"),
    [
        ("Boris", "Boris", False, True, "morte"),  # a wolf without a shield
        ("Boris", "Bluerain", True, True, "morte"),  # a village Chanceux who still has his shield
        ("Boris", "Bluerain", False, False, "sans_effet"),  # a villager without a shield
        ("Boris", "BenP", False, False, "sans_effet"),  # a villager without a shield
        ("Bluerain", "Bluerain", True, False, "sans_effet"),  # a wolf Chanceux with his shield
        ("Bluerain", "Bluerain", False, True, "morte"),  # a wolf Chanceux whose shield is gone
    ],
)
def test_the_potion_of_death_follows_its_table(wolf: str, target: str, shield: bool, dies: bool, effect: str) -> None:
    state = game(wolf, "N3")
    state.player("Bluerain").markers["bouclier"] = shield
    out = resolve_night(state, [Action("Talen", "sorciere.potion", (target,))])
    assert deaths(out) == ([(target, "potion")] if dies else [])
    assert told(out, "Talen", "potion_result") == [{"player": "Talen", "target": target, "effect": effect}]
    assert not out.state.player("Talen").markers["potion"]
    if wolf == target and shield:
        assert told(out, target, "shield_lost") and not out.state.player(target).markers["bouclier"]


def test_the_potion_waits_for_n3_and_serves_once() -> None:
    early = game(phase="N2")
    assert validate(early, Action("Talen", "sorciere.potion", ("Boris",))) == "La potion s'utilise à partir de la N3."
    used = resolve_night(game(phase="N3"), [Action("Talen", "sorciere.potion", ("BenP",))])
    later = after(used, "N4")
    assert validate(later, Action("Talen", "sorciere.potion", ("Boris",))) == "Tu as déjà utilisé ta potion."


# -- invitations --------------------------------------------------------------------------------
def invite(answers: dict[str, str], wolf: str = "Boris", targets: tuple[str, str] = ("Talen", "SuperA")) -> Outcome:
    state = game(wolf, "N1")
    actions = [Action("BenP", "amoureux.aduler", ("Bluerain",)), Action(wolf, "loups.inviter", targets)]
    return night1(state, actions, answers)


def test_one_accepts_and_becomes_the_second_wolf() -> None:
    out = invite({"N1:invitation_reponse:Talen": "accepte", "N1:invitation_reponse:SuperA": "refuse"})
    assert out.complete and out.state.player("Talen").camp == "loups"
    assert told(out, "Talen", "joined_wolves") == [{"player": "Talen", "target": "Boris"}]
    assert told(out, "Boris", "new_wolf") == [{"player": "Boris", "target": "Talen"}]
    assert not out.state.memory.get("griffure_n2")
    assert not out.state.player("Talen").markers["potion"]  # a Sorcière turned wolf has no potion


def test_both_accept_and_the_wolf_detective_sees_their_roles_before_choosing() -> None:
    both = {"N1:invitation_reponse:Talen": "accepte", "N1:invitation_reponse:SuperA": "accepte"}
    pending = invite(both)
    assert [q.id for q in pending.questions] == ["N1:choix_invite:Boris"]
    assert told(pending, "Boris", "invitees_roles") == [
        {"player": "Boris", "roles": {"Talen": "sorciere", "SuperA": "idole"}}
    ]
    out = invite({**both, "N1:choix_invite:Boris": "SuperA"})
    assert out.state.player("SuperA").camp == "loups" and out.state.player("Talen").camp == "village"
    assert told(out, "Talen", "invitation_refused_by_wolf")
    # A wolf who is not the Détective chooses blind.
    other = invite({**both, "N1:choix_invite:BenP": "Talen"}, wolf="BenP", targets=("Talen", "SuperA"))
    assert not told(other, "BenP", "invitees_roles")


def test_unanswered_invitations_are_refusals_and_the_wolf_is_asked_when_he_invites_nobody() -> None:
    out = invite({})
    assert {q.id for q in out.questions} == {"N1:invitation_reponse:Talen", "N1:invitation_reponse:SuperA"}
    assert out.state.memory["griffure_n2"]
    silent = night1(game(phase="N1"), [Action("BenP", "amoureux.aduler", ("Bluerain",))], {})
    assert "N1:invitation:Boris" in {q.id for q in silent.questions}
    assert len(silent.state.memory["invites"]) == 2 and "Boris" not in silent.state.memory["invites"]


def test_both_refuse_the_griffure_is_for_n2_only() -> None:
    refused = invite({"N1:invitation_reponse:Talen": "refuse", "N1:invitation_reponse:SuperA": "refuse"})
    assert told(refused, "Boris", "invitations_refused")
    n2 = after(refused, "N2")
    out = resolve_night(n2, [Action("Boris", "loups.griffer", ("NorthNikko",))])
    assert deaths(out) == [("NorthNikko", "griffure")]
    unused = resolve_night(n2, [])
    assert deaths(unused) == [] and not unused.state.memory.get("griffure_n2")
    n3 = after(unused, "N3")
    assert validate(n3, Action("Boris", "loups.griffer", ("NorthNikko",))) is not None


def test_the_detective_village_learns_the_adule_and_the_invitees() -> None:
    out = invite({}, wolf="SuperA", targets=("Boris", "Talen"))
    assert told(out, "Boris", "detective_info") == [
        {"player": "Boris", "adule": "Bluerain", "invites": ["Boris", "Talen"]}
    ]
    assert out.state.player("Boris").markers["infos_detective"]["invites"] == ["Boris", "Talen"]


def test_the_wolf_amoureux_must_invite_the_adule_and_wins_the_secret_vote_when_the_adule_joins() -> None:
    state = game("BenP", "N1")
    wrong = night1(state, [Action("BenP", "amoureux.aduler", ("Talen",)),
                           Action("BenP", "loups.inviter", ("Boris", "SuperA"))], {})  # fmt: skip
    assert told(wrong, "BenP", "action_refused") and "N1:invitation:BenP" in {q.id for q in wrong.questions}
    assert "Talen" in wrong.state.memory["invites"]
    answers = {"N1:invitation_reponse:Talen": "accepte", "N1:invitation_reponse:Boris": "refuse"}
    out = night1(state, [Action("BenP", "amoureux.aduler", ("Talen",)),
                         Action("BenP", "loups.inviter", ("Boris", "Talen"))], answers)  # fmt: skip
    assert out.state.memory["pacte"] == {"amoureux": "BenP", "adule": "Talen"}
    j1 = after(out, "J1")
    # The secret vote replaces the public one; it differs, so the adulé does not inherit it.
    day = close_day(j1, {"BenP": "Bluerain", "Boris": "Bluerain", "SuperA": "NorthNikko"},
                    actions=[Action("BenP", "loups.vote_secret", ("NorthNikko",))])  # fmt: skip
    assert day.state.memory["suspect"] == "NorthNikko" and "vote_secret_adule" not in day.state.memory
    assert validate(after(day, "J2"), Action("Talen", "loups.vote_secret", ("Boris",))) is not None
    # Public and secret votes alike: Talen votes secretly the next day.
    same = close_day(j1, {"BenP": "Bluerain"}, actions=[Action("BenP", "loups.vote_secret", ("Bluerain",))])
    assert told(same, "Talen", "secret_vote_inherited")
    assert validate(after(same, "J2"), Action("Talen", "loups.vote_secret", ("Boris",))) is None
    assert validate(after(same, "J3"), Action("Talen", "loups.vote_secret", ("Boris",))) is not None
    assert validate(j1, Action("BenP", "loups.vote_secret", ("Talen",))) == "Tu ne peux jamais voter contre ton adulé."


def test_a_wolf_amoureux_who_invites_without_naming_his_adule_has_it_drawn_among_his_invitees() -> None:
    # "l'adulé doit être parmi les deux noms à qui il fait une proposition N1": BenP invites Boris and
    # Talen but names no adulé and does not answer; the MJ keeps the invitation and draws among the two.
    state = game("BenP", "N1")
    for seed in range(8):
        state.seed = seed
        out = night1(state, [Action("BenP", "loups.inviter", ("Boris", "Talen"))], {})
        adule = out.state.player("BenP").markers["adule"]
        assert adule in ("Boris", "Talen"), seed
        assert out.state.memory["invites"] == ["Boris", "Talen"] and not told(out, "BenP", "action_refused")
        assert told(out, "BenP", "adule_chosen") == [{"player": "BenP", "target": adule, "drawn": True}]
    # His answer, if it names someone else, makes the invitation invalid: the adulé is then invited.
    other = night1(state, [Action("BenP", "loups.inviter", ("Boris", "Talen"))], {"N1:adule:BenP": "SuperA"})
    assert "SuperA" in other.state.memory["invites"] and told(other, "BenP", "action_refused")
    assert told(other, "BenP", "adule_chosen") == [{"player": "BenP", "target": "SuperA", "drawn": False}]


def test_the_amoureux_and_the_wolf_are_told_what_the_mj_chose_for_them() -> None:
    # The Amoureux who sent no MP must know his adulé ("Il ne peut jamais voter contre"), the wolf
    # whom his mandatory coupon invited.
    out = night1(game("Boris", "N1"), [], {})
    adule = out.state.player("BenP").markers["adule"]
    assert told(out, "BenP", "adule_chosen") == [{"player": "BenP", "target": adule, "drawn": True}]
    invites = out.state.memory["invites"]
    assert told(out, "Boris", "invitation_sent") == [{"player": "Boris", "invites": invites, "drawn": True}]
    # With their own MPs they are told nothing more than that the MP was received.
    sent = invite({})
    assert not told(sent, "BenP", "adule_chosen") and not told(sent, "Boris", "invitation_sent")


def test_the_pact_kills_both_wolves_on_a_pyre_other_than_j2s() -> None:
    state = game("BenP", "J2")
    state.player("Talen").camp = "loups"
    state.player("BenP").markers["adule"] = "Talen"
    state.memory["pacte"] = {"amoureux": "BenP", "adule": "Talen"}
    j2 = close_day(state, {"Boris": "Talen", "Bluerain": "Boris", "NorthNikko": "Talen"})
    assert deaths(j2) == [("Talen", "bucher")] and j2.state.winner is None
    state.phase = "J3"
    j3 = close_day(state, {"Boris": "Talen", "Bluerain": "Boris", "NorthNikko": "Talen"})
    assert deaths(j3) == [("Talen", "bucher"), ("BenP", "pacte")] and j3.state.winner == "village"


# -- the N2 camp check and the detective's offer --------------------------------------------------
def test_the_amoureux_learns_the_camp_and_a_lone_wolf_detective_may_scratch_him_at_once() -> None:
    refused = invite({}, wolf="Boris")
    n2 = after(refused, "N2")
    n2.player("BenP").markers["adule"] = "Boris"
    check = [Action("BenP", "amoureux.decouvrir")]
    asked = resolve_night(n2, check)
    assert told(asked, "BenP", "adule_camp") == [{"player": "BenP", "target": "Boris", "camp": "loups"}]
    assert told(asked, "Boris", "amoureux_revealed") and "N2:griffer_amoureux:Boris" in {q.id for q in asked.questions}
    assert deaths(asked) == []
    # Cumulative with the invitation's griffure.
    both = resolve_night(
        n2, [*check, Action("Boris", "loups.griffer", ("Talen",))], {"N2:griffer_amoureux:Boris": "BenP"}
    )
    assert sorted(deaths(both)) == [("BenP", "griffure"), ("Talen", "griffure")]


def test_no_offer_when_someone_joined_or_the_wolf_is_not_the_detective() -> None:
    joined = invite({"N1:invitation_reponse:Talen": "accepte"}, wolf="Boris")
    n2 = after(joined, "N2")
    n2.player("BenP").markers["adule"] = "Boris"
    out = resolve_night(n2, [Action("BenP", "amoureux.decouvrir")])
    assert not told(out, "Boris", "amoureux_revealed") and out.complete


# -- scratches -----------------------------------------------------------------------------------
def test_two_wolves_cannot_scratch_each_other_nor_the_wolf_his_adule() -> None:
    state = game("BenP", "N2")
    state.memory["griffure_n2"] = True
    state.player("BenP").markers["adule"] = "Boris"
    assert validate(state, Action("BenP", "loups.griffer", ("Boris",))) == "Tu ne peux jamais griffer ton adulé."
    state.player("Talen").camp = "loups"
    assert (
        validate(state, Action("BenP", "loups.griffer", ("Talen",)))
        == "Deux loups ne peuvent pas se griffer entre eux."
    )


def test_the_wolf_sorciere_scratches_once_from_n3_when_alone_and_nobody_was_scratched() -> None:
    state = game("Talen", "N3")
    scratch = Action("Talen", "loups.griffer", ("NorthNikko",))
    assert validate(after(Outcome(state), "N2"), scratch) is not None
    out = resolve_night(state, [scratch])
    assert deaths(out) == [("NorthNikko", "griffure")]
    assert validate(after(out, "N4"), Action("Talen", "loups.griffer", ("BenP",))) is not None
    scratched_before = game("Talen", "N3")
    scratched_before.memory["griffes"] = 1
    assert validate(scratched_before, scratch) is not None
    two_wolves = game("Talen", "N3")
    two_wolves.player("Boris").camp = "loups"
    assert validate(two_wolves, scratch) is not None


# -- the traqueur --------------------------------------------------------------------------------
def test_the_village_traqueur_scans_from_n2_the_wolf_one_from_n1_after_the_invitations() -> None:
    n1 = game(phase="N1")
    assert validate(n1, Action("NorthNikko", "traqueur.scanner", ("Boris",))) == "Le traqueur scanne à partir de la N2."
    wolf = game("NorthNikko", "N1")
    out = night1(wolf, [Action("BenP", "amoureux.aduler", ("Bluerain",)),
                        Action("NorthNikko", "loups.inviter", ("Talen", "SuperA")),
                        Action("NorthNikko", "traqueur.scanner", ("Boris",))],
                 {"N1:invitation_reponse:Talen": "accepte"})  # fmt: skip
    kinds = [e.type for e in out.events if "NorthNikko" in e.to]
    assert kinds.index("scan_result") > kinds.index("new_wolf")
    assert told(out, "NorthNikko", "scan_result") == [{"player": "NorthNikko", "target": "Boris", "role": "detective"}]


def test_the_village_traqueur_may_take_a_dead_players_role_with_its_exceptions() -> None:
    state = game("Talen", "N3")
    for name in ("Bluerain", "Boris", "BenP"):
        state.player(name).alive = False
    state.player("Bluerain").markers["bouclier"] = True
    scan = resolve_night(state, [Action("NorthNikko", "traqueur.scanner", ("Bluerain",))])
    assert told(scan, "NorthNikko", "scan_result")[0]["bouclier"] is True
    assert "N3:prendre_role:NorthNikko" in {q.id for q in scan.questions}
    taken = resolve_night(
        state, [Action("NorthNikko", "traqueur.scanner", ("Bluerain",))], {"N3:prendre_role:NorthNikko": "oui"}
    )
    assert taken.state.player("NorthNikko").role == "chanceux" and taken.state.player("NorthNikko").markers["bouclier"]
    # Never the Amoureux; never the Chanceux without his shield.
    lover = resolve_night(state, [Action("NorthNikko", "traqueur.scanner", ("BenP",))])
    assert lover.complete
    state.player("Bluerain").markers["bouclier"] = False
    no_shield = resolve_night(state, [Action("NorthNikko", "traqueur.scanner", ("Bluerain",))])
    assert no_shield.complete and told(no_shield, "NorthNikko", "scan_result")[0]["bouclier"] is False
    # The village Détective's role carries his N1 information; a wolf Détective's cannot be taken.
    state.player("Boris").markers["infos_detective"] = {"adule": "Talen", "invites": ["Boris", "SuperA"]}
    detective = resolve_night(
        state, [Action("NorthNikko", "traqueur.scanner", ("Boris",))], {"N3:prendre_role:NorthNikko": "oui"}
    )
    assert told(detective, "NorthNikko", "role_taken")[0]["invites"] == ["Boris", "SuperA"]
    state.player("Boris").camp = "loups"
    assert resolve_night(state, [Action("NorthNikko", "traqueur.scanner", ("Boris",))]).complete


def test_the_village_traqueur_takes_a_dead_sorcieres_potion_only_if_she_still_has_it() -> None:
    # "ni le rôle de la sorcière si elle n'a plus sa potion"; taken with it, the potion serves him.
    state = game("Boris", "N3")
    state.player("Talen").alive = False  # the village Sorcière, her potion unused
    scan = [Action("NorthNikko", "traqueur.scanner", ("Talen",))]
    taken = resolve_night(state, scan, {"N3:prendre_role:NorthNikko": "oui"})
    assert told(taken, "NorthNikko", "scan_result")[0]["potion"] is True
    assert taken.state.player("NorthNikko").role == "sorciere" and taken.state.player("NorthNikko").markers["potion"]
    n4 = after(taken, "N4")
    potion = resolve_night(n4, [Action("NorthNikko", "sorciere.potion", ("Boris",))])
    assert deaths(potion) == [("Boris", "potion")] and potion.state.winner == "village"
    state.player("Talen").markers["potion"] = False
    spent = resolve_night(state, scan, {"N3:prendre_role:NorthNikko": "oui"})
    assert spent.complete and spent.state.player("NorthNikko").role == "traqueur"


def test_a_wolf_traqueur_never_takes_a_role() -> None:
    state = game("NorthNikko", "N3")
    state.player("SuperA").alive = False
    out = resolve_night(state, [Action("NorthNikko", "traqueur.scanner", ("SuperA",))])
    assert out.complete and out.state.player("NorthNikko").role == "traqueur"


# -- the MJ's page ------------------------------------------------------------------------------
def test_night_actors_are_the_living_with_a_power_usable_this_night() -> None:
    from meneur.engine.rulesets.convivialite import night_actors

    # N1: the Amoureux's adulé and the wolf's coupon; the village Traqueur waits for N2.
    assert night_actors(game("Boris", "N1")) == ["BenP", "Boris"]
    assert night_actors(game("NorthNikko", "N1")) == ["BenP", "NorthNikko"]  # the wolf Traqueur scans already
    # N2: the Amoureux's camp check, the Traqueur, and the wolf if both refused (the griffure).
    refused = after(invite({}), "N2")
    assert night_actors(refused) == ["BenP", "Boris", "NorthNikko"]
    joined = after(invite({"N1:invitation_reponse:Talen": "accepte"}), "N2")
    assert night_actors(joined) == ["BenP", "NorthNikko"]
    # From N3: the Traqueur and the village Sorcière's potion; the wolf Sorcière alone and unscratched.
    assert night_actors(game("Boris", "N3")) == ["Talen", "NorthNikko"]
    assert night_actors(game("Talen", "N3")) == ["Talen", "NorthNikko"]
    used = game("Talen", "N3")
    used.memory["griffes"] = 1
    used.player("NorthNikko").alive = False
    assert night_actors(used) == []


# -- winning -------------------------------------------------------------------------------------
def test_the_wolves_win_at_the_morning_check_only() -> None:
    state = game("Boris", "J3")
    state.player("Talen").camp = "loups"
    for name in ("BenP", "Bluerain"):
        state.player(name).alive = False
    day = close_day(state, {"Boris": "SuperA", "Talen": "SuperA"})
    assert deaths(day) == [("SuperA", "bucher")] and day.state.winner is None  # 2 wolves, 1 villager
    assert resolve_night(day.state, []).state.winner == "loups"


def test_a_night_with_too_few_players_left_to_invite_two_does_not_break() -> None:
    # The MJ's decrees leave the wolf and one villager on N1: no two players to invite, and at the
    # morning there are as many villagers as wolves.
    state = game("Boris", "J0")
    decrees = [Decree("kill", name) for name in ("BenP", "Bluerain", "SuperA", "Talen")]
    day = close_day(state, {}, decrees=decrees)
    assert day.state.winner is None and day.state.phase == "N1"
    night = resolve_night(day.state, [Action("Boris", "loups.inviter", ("NorthNikko", "Talen"))])
    assert night.state.winner == "loups"


def test_an_mj_decree_kills() -> None:
    out = resolve_night(game(phase="N2"), [], decrees=[Decree("kill", "Boris")])
    assert deaths(out) == [("Boris", "mj")] and out.state.winner == "village"


# -- random games --------------------------------------------------------------------------------
POWERS = ("amoureux.aduler", "amoureux.decouvrir", "loups.inviter", "loups.griffer", "loups.vote_secret",
          "sorciere.potion", "traqueur.scanner")  # fmt: skip


def _answer(question: Any, rng: random.Random) -> str:
    """Mostly a valid choice; sometimes "aucun", two names where one is asked, or a word out of the options."""
    roll = rng.random()
    if roll < 0.1:
        return "n'importe qui"
    if roll < 0.2 and len(question.options) >= 2:
        return ", ".join(rng.sample(list(question.options), 2))
    return str(rng.choice([*question.options, "aucun"]))


def _phase(state: GameState, rng: random.Random) -> Outcome:
    """One phase with random inputs (powers of any role, at any time, on anyone, the MJ's decrees now
    and then); open questions get random answers (or none) and the phase re-runs."""
    answers: dict[str, str] = {}
    decrees = [Decree("kill", rng.choice(NAMES))] if rng.random() < 0.05 else []
    if rng.random() < 0.05:
        decrees.append(Decree("mayor", rng.choice([*NAMES, None])))
    if rng.random() < 0.05:
        decrees.append(Decree("event", text="Un orage éclate."))
    actions = []
    for player in state.players:
        for _ in range(rng.choice((0, 1, 1, 2))):
            own = [p for p in POWERS if p.startswith(player.role) or (p.startswith("loups") and player.camp == "loups")]
            own = [p for p in own if (p == "loups.vote_secret") == state.phase.startswith("J")]  # of the phase
            power = rng.choice(own if own and rng.random() < 0.8 else POWERS)  # mostly their own powers
            count = 2 if power == "loups.inviter" else 0 if power == "amoureux.decouvrir" else 1
            count = count if rng.random() < 0.9 else rng.choice((0, 1, 2))  # now and then a wrong number
            actions.append(Action(player.name, power, tuple(rng.sample(NAMES, count))))
    if state.phase.startswith("J"):
        votes = {v: rng.choice(NAMES) for v in NAMES if rng.random() < 0.9}  # the dead's votes, votes for the dead
        run = lambda: close_day(state, votes, answers, decrees, actions)  # noqa: E731
    else:
        run = lambda: resolve_night(state, actions, answers, decrees)  # noqa: E731
    outcome = run()
    for _ in range(4):
        if outcome.complete:
            break
        for question in outcome.questions:
            if rng.random() < 0.8:
                answers[question.id] = _answer(question, rng)
        outcome = run()
    return outcome


def play_random(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    if rng.random() < 0.7:
        state = setup(NAMES, seed)  # the wolf drawn, his role chosen on J0
    else:  # dealt by hand
        dealt = list(convivialite.ROLE_ORDER)
        rng.shuffle(dealt)
        state = setup(NAMES, seed, dict(zip(NAMES, dealt, strict=True)), {rng.choice(NAMES): "loups"})
    log: list[dict[str, Any]] = []
    dead: set[str] = set()
    phases = 0
    while state.winner is None:
        phases += 1
        assert phases < 120, "the game does not end"
        outcome = _phase(state, rng)
        now_dead = {p.name for p in outcome.state.players if not p.alive}
        assert dead <= now_dead, "the dead stay dead"
        dead = now_dead
        log.extend(e.as_json() for e in outcome.events)
        state = outcome.state
        assert state.mayor is None or state.mayor in NAMES
    assert [p.camp for p in state.players].count("loups") in (1, 2)
    for death in (e for e in log if e["type"] == "death" and e["cause"] != "mj"):
        night = death["phase"].startswith("N")  # "pas de mort pendant les nuits sauf par … pouvoir"
        assert death["cause"] in ({"griffure", "potion"} if night else {"bucher", "pacte"}), death
        assert death["phase"] not in ("J0", "J1", "N1")  # the first pyre is J2's
    assert len([e for e in log if e["type"] == "potion_result"]) <= 1  # "une seule fois dans la partie"
    scratches = [e["phase"] for e in log if e["type"] == "scratched"]
    assert set(scratches) <= {"N2"} or len(scratches) == 1  # the wolf Sorcière only if nobody was scratched
    assert len([e for e in log if e["type"] in ("joined_wolves", "invitations_refused")]) <= 1  # one coupon
    for scratch in (e for e in log if e["type"] == "scratched"):  # "ils ne peuvent pas se griffer entre eux"
        assert state.player(scratch["player"]).camp == "village", scratch
        assert state.player(scratch["by"]).markers.get("adule") != scratch["player"]  # nor the wolf his adulé
    assert all(e["phase"] != "J2" for e in log if e["type"] == "death" and e["cause"] == "pacte")
    if state.winner == "village":
        assert not any(p.alive and p.camp == "loups" for p in state.players)
    else:
        assert len([p for p in state.players if p.alive and p.camp == "village"]) <= len(
            [p for p in state.players if p.alive and p.camp == "loups"]
        )
    return log


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_end_the_dead_stay_dead_and_replay_identically(seed: int) -> None:
    first = play_random(seed)
    assert json.dumps(first, sort_keys=True) == json.dumps(play_random(seed), sort_keys=True)


@pytest.mark.parametrize("seed", range(25))
def test_random_games_draft_every_post_and_mp_in_french(seed: int) -> None:
    from meneur.daemon.drafts import drafts_for

    log = play_random(seed)
    for phase in dict.fromkeys(e["phase"] for e in log):
        for draft in drafts_for("convivialite", phase, log, convivialite.NAMES):
            lines = draft.body.splitlines()
            assert not [line for line in lines if line.startswith("(") and line.endswith(")")], (phase, draft.body)


# -- scenarios through the templates -------------------------------------------------------------
SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "convivialite").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_drafts_its_posts_and_mps_in_french(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Le soir du Jour 0" in out and "Le matin du Jour 1" in out
    unknown = [line for line in out.splitlines() if line.startswith("(") and line.endswith(")")]
    assert unknown == [], unknown  # every private event has its French sentence


# -- in the live daemon ----------------------------------------------------------------------------
def _driver(players: str) -> Any:
    from datetime import UTC, datetime, timedelta

    from meneur.daemon.config import parse_config
    from meneur.daemon.engine_live import EngineDriver
    from meneur.daemon.store import Store

    config = parse_config('[game]\nruleset = "convivialite"\nseed = 12\n' + players)
    now = datetime(2026, 3, 14, 20, tzinfo=UTC)
    return EngineDriver(config, Store(None), lambda: now + timedelta(days=10)), now


def test_the_live_driver_asks_the_wolf_his_role_then_deals_and_drafts_the_mps() -> None:
    engine, t0 = _driver("".join(f'[[players]]\nname = "{n}"\n' for n in NAMES))
    cards = {card.recipient: card.body for card in engine.role_cards()}
    assert "tu es [b]le loup[/b]" in cards["Boris"] and "Ton rôle t'arrive" in cards["Talen"]
    outcome, drafts = engine.resolve("J0", {}, None, t0)
    assert [q.id for q in outcome.questions] == ["J0:role_loup:Boris"]
    with engine.store.transaction():
        engine.store.db.execute(
            "insert into answers (question, choice, at) values ('J0:role_loup:Boris', 'idole', ?)", [t0.isoformat()]
        )
    outcome, drafts = engine.rerun("J0")
    assert outcome.complete and outcome.state.player("Boris").role == "idole"
    to_boris = [d.body for d in drafts if d.recipient == "Boris"]
    assert any("tu seras [b]Idole[/b], dans le camp des loups" in body for body in to_boris)
    assert any("coupon d'invitation" in body for body in to_boris)
    assert engine.state_before("N1").player("Boris").role == "idole"


def test_the_live_driver_takes_a_hand_deal_with_the_wolfs_camp() -> None:
    players = "".join(
        f'[[players]]\nname = "{n}"\nrole = "{r}"\n' + ('camp = "loups"\n' if n == "SuperA" else "")
        for n, r in BASE.items()
    )
    engine, _ = _driver(players)
    state = engine.setup()
    assert [p.name for p in state.players if p.camp == "loups"] == ["SuperA"]
    assert state.player("SuperA").role == "idole"


def test_a_hand_dealt_wolf_is_told_of_his_coupon_on_his_role_card() -> None:
    # "l'informer qu'il a un coupon d'invitation en début de partie pour la N1": the random setup says it
    # in the MP after the deal; a hand-dealt wolf has only his role card.
    from meneur.daemon.drafts import role_cards

    cards = {c.recipient: c.body for c in role_cards(game("Boris"), "Wizzards")}
    assert "coupon d'invitation" in cards["Boris"] and "obligatoirement pendant la N1" in cards["Boris"]
    assert "griffure" in cards["Boris"].split("Pour agir")[0]
    assert "coupon" not in cards["Talen"]


def test_a_scenario_replays_identically(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS[1]
    main(["replay", "--json", str(path)])
    first = capsys.readouterr().out
    main(["replay", "--json", str(path)])
    assert capsys.readouterr().out == first and '"type": "final"' in first


def test_the_wolf_is_asked_his_role_by_its_french_name() -> None:
    from meneur.daemon.drafts import drafts_for

    state = setup(NAMES, seed=12)
    events = [e.as_json() for e in close_day(state, {}).events]
    drafts = drafts_for("convivialite", "J0", events, convivialite.NAMES)
    asked = [d.body for d in drafts if d.recipient == "Boris" and "quel rôle" in d.body]
    assert asked and "Amoureux, Chanceux, Détective, Idole, Sorcière, Traqueur" in asked[0]


def test_the_pact_mp_speaks_to_the_amoureux_and_to_his_adule_each_in_their_place() -> None:
    from meneur.daemon.drafts import drafts_for

    state = game("BenP", "N1")
    answers = {"N1:invitation_reponse:Talen": "accepte", "N1:invitation_reponse:Boris": "refuse"}
    out = night1(state, [Action("BenP", "amoureux.aduler", ("Talen",)),
                         Action("BenP", "loups.inviter", ("Boris", "Talen"))], answers)  # fmt: skip
    drafts = drafts_for("convivialite", "N1", [e.as_json() for e in out.events], convivialite.NAMES)
    pact = {d.recipient: d.body for d in drafts if d.recipient and "vote secret" in d.body}
    assert "Ton adulé·e [b]Talen[/b]" in pact["BenP"]
    assert "Ton adulé" not in pact["Talen"] and "l'Amoureux [b]BenP[/b]" in pact["Talen"]
    assert "tu hériteras" in pact["Talen"]


def test_the_posts_say_when_no_mayor_is_elected_and_when_the_mj_revives_a_player() -> None:
    from meneur.daemon.drafts import drafts_for

    def post(outcome: Outcome, phase: str) -> str:
        events = [e.as_json() for e in outcome.events]
        return next(d.body for d in drafts_for("convivialite", phase, events, convivialite.NAMES) if not d.recipient)

    tie = close_day(game(), {"BenP": "Talen", "Talen": "BenP"})  # the MJ has not broken the tie
    assert "pas de maire" in post(tie, "J0")
    dead = game(phase="N3")
    dead.player("Bluerain").alive = False
    revived = resolve_night(dead, [], decrees=[Decree("revive", "Bluerain")])
    assert "[b]Bluerain[/b] revient" in post(revived, "N3")
    evening = close_day(after(Outcome(dead), "J3"), {}, decrees=[Decree("revive", "Bluerain")])
    assert "[b]Bluerain[/b] revient" in post(evening, "J3")


def test_the_idole_is_told_her_two_neighbours_in_the_list_read_as_a_circle() -> None:
    # RULINGS R6: the first and the last player are neighbours; an Idole must know whom to watch.
    from meneur.daemon.drafts import drafts_for

    state = setup(NAMES, seed=3)
    wolf = state.memory["loup_initial"]
    dealt = close_day(state, {}, {f"J0:role_loup:{wolf}": "idole"})
    assert wolf == "Boris" and neighbours(dealt.state, "Boris") == ("Bluerain", "SuperA")
    assert told(dealt, "Boris", "role_dealt")[0]["voisins"] == ["Bluerain", "SuperA"]
    drafts = drafts_for("convivialite", "J0", [e.as_json() for e in dealt.events], convivialite.NAMES)
    card = next(d.body for d in drafts if d.recipient == "Boris" and "Idole" in d.body)
    assert "[b]Bluerain[/b] et [b]SuperA[/b]" in card
    # The Traqueur who takes a dead Idole's role watches his own neighbours.
    n3 = game("Boris", "N3")
    n3.player("SuperA").alive = False
    taken = resolve_night(
        n3, [Action("NorthNikko", "traqueur.scanner", ("SuperA",))], {"N3:prendre_role:NorthNikko": "oui"}
    )
    assert told(taken, "NorthNikko", "role_taken")[0]["voisins"] == ["Talen", "BenP"]


def test_received_and_refused_actions_are_named_in_french() -> None:
    from meneur.daemon.drafts import drafts_for

    actions = [
        Action("Boris", "loups.inviter", ("Talen", "SuperA")),
        Action("NorthNikko", "traqueur.scanner", ("Boris",)),
    ]
    out = night1(game("Boris", "N1"), actions, {})
    bodies = {d.recipient: d.body for d in drafts_for("convivialite", "N1", [e.as_json() for e in out.events], {})
              if d.recipient and "Action" in d.body}  # fmt: skip
    assert "Action reçue : ton invitation pour Talen et SuperA." in bodies["Boris"]
    assert bodies["NorthNikko"].startswith("Action refusée (ton scan) : Le traqueur scanne à partir de la N2.")


def test_the_mps_of_a_choice_made_by_the_mj_are_in_french() -> None:
    from meneur.daemon.drafts import drafts_for

    out = night1(game("Boris", "N1"), [], {})
    drafts = drafts_for("convivialite", "N1", [e.as_json() for e in out.events], convivialite.NAMES)
    adule = out.state.player("BenP").markers["adule"]
    first, second = out.state.memory["invites"]
    bodies = [d.body for d in drafts]
    assert any(f"ton adulé·e est [b]{adule}[/b]" in b for b in bodies if "tirage" in b)
    assert any(f"[b]{first}[/b] et [b]{second}[/b]" in b for b in bodies if "coupon" in b)


@pytest.mark.parametrize(
    ("text", "power", "targets"),
    [
        *[(example, power, None) for power, example in convivialite.EXAMPLES.items()],
        ("J'invite Boris et Talen cette nuit.", "loups.inviter", ("Boris", "Talen")),
        ("Je choisis Talen comme adulée.", "amoureux.aduler", ("Talen",)),
        ("Je veux découvrir le camp de mon adulée", "amoureux.decouvrir", ()),
        ("Vote secret : NorthNikko", "loups.vote_secret", ("NorthNikko",)),
        ("Je ne griffe pas Boris.", None, None),
    ],
)
def test_the_mps_are_read_in_natural_french(text: str, power: str | None, targets: tuple[str, ...] | None) -> None:
    from meneur.parsers.actions import find_actions

    found = [(m.power, m.targets) for m in find_actions(text, convivialite.VERBS)]
    if power is None:
        assert found == []
    else:
        assert [p for p, _ in found] == [power]
        assert targets is None or found[0][1] == targets


def test_the_live_count_is_the_rules_public_count() -> None:
    """day_tally: the Idole votes twice, the J1 suspect starts J2 with two more votes, a vote against the
    adulé does not stand; the wolf Amoureux's secret vote is not in it (close_day adds it at the end)."""
    roles = {"A": "amoureux", "B": "chanceux", "C": "detective", "D": "idole", "E": "sorciere", "F": "traqueur"}
    state = convivialite.setup(list(roles), seed=1, roles=roles, camps={"B": "loups"})
    state.phase = "J2"
    state.memory["suspect"] = "B"
    state.player("A").markers["adule"] = "C"
    result, standing = convivialite.day_tally(state, {"D": "E", "A": "C", "F": "E", "C": "B"})
    assert "A" not in standing  # against the adulé
    assert result.as_dict() == {"E": 3, "B": 3}  # D's double vote + F; C's vote + the suspicion's 2
    assert [m.reason for row in result.counts for m in row.modifiers] == ["suspicion"]
