"""The `baguette` module on `classique`, from the rule text (shared/rules/004_448b084b5106ef37.txt): each test
states the rule it checks, its expected outcome written from the text, and plays it through the composed
rule set's public functions (setup, close_day, resolve_night, read_den, day_tally)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from meneur.engine.contract import TopicPost
from meneur.engine.model import Action, Decree, GameState, Outcome
from meneur.engine.modules import compose, module, refusal
from meneur.engine.rulesets import ruleset
from meneur.parsers.colour_spans import bbcode_colours, html_colours

RULES = compose(ruleset("classique"), ["baguette"])
ROLES = {
    "Alice": "voyante",
    "Bob": "loup_garou",
    "Carole": "salvateur",
    "Dan": "chasseur",
    "Eve": "seigneur_loup",
    "Fred": "simple_villageois",
    "Gus": "cupidon",
    "Hugo": "sorciere",
}
T0 = datetime(2026, 3, 15, 19, 0, tzinfo=UTC)


def game(**extra: Any) -> GameState:
    return RULES.setup(list(ROLES), 1, ROLES, **extra)


def vote(player: str, target: str) -> Action:
    return Action(player, "baguette.vote", (target,))


def blank(player: str) -> Action:
    return Action(player, "baguette.blanc")


def power(player: str, name: str, *targets: str) -> Action:
    return Action(player, f"baguette.{name}", targets)


def found(outcome: Outcome, event_type: str, /, **data: Any) -> list[dict[str, Any]]:
    return [
        e.as_json()
        for e in outcome.events
        if e.type == event_type and all(e.as_json().get(k) == v for k, v in data.items())
    ]


def den(author: str, text: str, minute: int = 0, **flags: bool) -> TopicPost:
    reading = bbcode_colours(text)
    when = T0.replace(minute=minute)
    return TopicPost(author, when, text, reading.spans, reading.colour, source=f"p{minute}", **flags)


def elected(state: GameState, magicien: str = "Fred") -> GameState:
    """J0 with everyone voting for ``magicien``: the state at N1."""
    out = RULES.close_day(state, {}, actions=[power(p, "election", magicien) for p in ROLES])
    assert out.state.memory["baguette"]["magicien"] == magicien
    return out.state


def night2(magicien: str = "Fred", **extra: Any) -> GameState:
    """The game at N2 with ``magicien`` holding the wand (named his own successor's successor… by the MJ)."""
    state = elected(game(**extra), "Gus")
    state = RULES.resolve_night(state, [power("Gus", "successeur", magicien)]).state
    out = RULES.close_day(state, {}, actions=[blank(p) for p in ROLES])  # blank majority: no pyre
    assert out.state.phase == "N2" and out.state.memory["baguette"]["magicien"] == magicien
    return out.state


def alive(outcome: Outcome, name: str) -> bool:
    return outcome.state.player(name).alive


# -- composition, config ---------------------------------------------------------------------------------
def test_the_module_composes_on_classique_and_keeps_its_id_and_roles() -> None:
    assert RULES.id == "classique" and RULES.modules == ("baguette",) and RULES.votes_by_mp
    assert RULES.role_names == ruleset("classique").role_names
    assert "baguette.vote" in {v.power for v in RULES.verbs}
    assert not any(v.power.startswith("maire.") for v in RULES.verbs)  # no mayor with the wand
    assert RULES.schedule["day_end"] == "22:00" and RULES.schedule["actions_end"] == "21:00"


def test_an_unknown_module_or_base_is_refused_in_french() -> None:
    assert "Module inconnu" in (refusal("classique", ["baguettes"]) or "")
    assert "pas sur « trinite »" in (refusal("trinite", ["baguette"]) or "")
    with pytest.raises(KeyError):
        module("nope")


def test_config_refuses_an_unknown_module(tmp_path: Any) -> None:
    from meneur.daemon.config import ConfigError, parse_config

    text = '[game]\nruleset = "classique"\nmodules = ["{}"]\n[forum]\nurl = "http://127.0.0.1:1/"\n'
    with pytest.raises(ConfigError, match="Module inconnu"):
        parse_config(text.format("baguettes"), tmp_path / "partie.toml")


# -- W: the wand ---------------------------------------------------------------------------------------------
def test_w1_most_votes_elects_the_magicien_on_j0() -> None:
    # « Le joueur ayant le plus de voix l'emporte »: 2 for Fred, 1 for Dan → Fred.
    out = RULES.close_day(
        game(), {}, actions=[power("Alice", "election", "Fred"), vote("Bob", "Fred"), vote("Carole", "Dan")]
    )
    assert found(out, "magicien_elected", player="Fred", round=1)
    assert found(out, "wand_holder", player="Fred", how="election")
    assert out.state.phase == "N1" and not found(out, "death")


def test_w2_a_tie_goes_to_a_second_round_on_j1_among_the_tied_then_a_draw() -> None:
    out = RULES.close_day(game(), {}, actions=[vote("Alice", "Fred"), vote("Bob", "Dan")])
    assert found(out, "magicien_tie", candidates=["Dan", "Fred"]) and out.state.memory["baguette"]["magicien"] is None
    state = RULES.resolve_night(out.state, []).state
    # J1: a vote for someone else is refused; Fred and Dan tie again → drawn between them.
    day = RULES.close_day(
        state,
        {},
        actions=[
            power("Alice", "election", "Hugo"),
            power("Bob", "election", "Fred"),
            power("Carole", "election", "Dan"),
        ]
        + [blank(p) for p in ROLES],
    )
    assert found(day, "action_refused", player="Alice", power="baguette.election")
    drawn = found(day, "magicien_drawn")
    assert drawn and drawn[0]["player"] in ("Fred", "Dan") and drawn[0]["candidates"] == ["Dan", "Fred"]
    assert day.state.memory["baguette"]["magicien"] == drawn[0]["player"]


def test_w2_the_second_round_winner_is_elected_after_j1s_pyre() -> None:
    out = RULES.close_day(game(), {}, actions=[vote("Alice", "Fred"), vote("Bob", "Dan")])
    state = RULES.resolve_night(out.state, []).state
    day = RULES.close_day(state, {}, actions=[power("Bob", "election", "Dan")] + [blank(p) for p in ROLES])
    assert found(day, "magicien_elected", player="Dan", round=2)


def test_w4_the_successor_is_the_first_of_three_names_who_may_receive_it() -> None:
    # Fred (J0) names Fred?, Hugo dead…: Fred may not name himself; Dan, the first valid name, receives it at J1.
    state = elected(game())
    state = RULES.resolve_night(state, [power("Fred", "successeur", "Fred", "Dan", "Eve")]).state
    out = RULES.close_day(state, {}, actions=[blank(p) for p in ROLES])
    assert found(out, "wand_holder", player="Dan", previous="Fred", how="successeur")


def test_w4_no_successor_named_is_a_draw_among_those_who_may_receive_it() -> None:
    state = elected(game())
    out = RULES.close_day(RULES.resolve_night(state, []).state, {}, actions=[blank(p) for p in ROLES])
    passed = found(out, "wand_holder", how="tirage")
    assert passed and passed[0]["player"] not in ("Fred",)


def test_w5_a_former_holder_may_not_receive_it_again_before_everyone_alive_has() -> None:
    state = elected(game())  # Fred
    state = RULES.resolve_night(state, [power("Fred", "successeur", "Dan")]).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in ROLES]).state  # Dan
    # Dan names Fred first: Fred has held it, others have not → Fred skipped, Eve receives it.
    state = RULES.resolve_night(state, [power("Dan", "successeur", "Fred", "Eve")]).state
    out = RULES.close_day(state, {}, actions=[blank(p) for p in state.living()])
    assert found(out, "wand_holder", player="Eve", how="successeur")


def test_w5_once_round_the_living_it_passes_freely() -> None:
    state = elected(game())
    memory = state.memory["baguette"]
    memory["porteurs"] = list(ROLES)  # everyone has held it
    state = RULES.resolve_night(state, [power("Fred", "successeur", "Alice")]).state
    out = RULES.close_day(state, {}, actions=[blank(p) for p in ROLES])
    assert found(out, "wand_holder", player="Alice", how="successeur")


def test_w6_a_dead_holders_testament_gives_the_wand_at_once() -> None:
    state = night2("Fred")
    out = RULES.resolve_night(
        state,
        [power("Fred", "testament", "Hugo")],
        decrees=[Decree("foudroiement", "Fred")],
    )
    assert not alive(out, "Fred")
    assert found(out, "wand_holder", player="Hugo", how="testament")


def test_w7_the_double_vote_is_the_default_and_decides() -> None:
    # Fred (Magicien, default power) votes Bob; Alice votes Eve; the others blank: Bob 2, Eve 1 → Bob burns.
    state = elected(game())
    state = RULES.resolve_night(state, []).state
    # Fred (Magicien, default power) and Dan vote Bob, Alice and Carole Eve, the four others one each elsewhere:
    # Bob 3 (Fred's vote twice), Eve 2 → Bob burns (without the double vote it would be a tie).
    actions = [vote("Fred", "Bob"), vote("Dan", "Bob"), vote("Alice", "Eve"), vote("Carole", "Eve")]
    actions += [vote("Bob", "Alice"), vote("Eve", "Carole"), vote("Gus", "Dan"), vote("Hugo", "Fred")]
    out = RULES.close_day(state, {}, actions=actions)
    assert found(out, "vote_result", weights={"Fred": 2})
    assert found(out, "death", player="Bob", cause="bucher")


def test_w8_a_one_time_power_is_gone_for_the_next_holders() -> None:
    state = night2("Fred")
    state = RULES.resolve_night(state, [power("Fred", "immunite", "Alice"), power("Fred", "successeur", "Dan")]).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in state.living()]).state
    out = RULES.resolve_night(state, [power("Dan", "immunite", "Alice")])
    assert found(out, "action_refused", player="Dan", power="baguette.immunite")


def test_w9_the_forbidden_power_is_refused_to_a_wolf_holder_and_told_to_the_wolves_only() -> None:
    out = RULES.close_day(game(), {}, actions=[power(p, "election", "Bob") for p in ROLES])
    told = found(out, "forbidden_power", power="piege")
    assert sorted(e["player"] for e in told) == ["Bob", "Eve"]
    state = RULES.resolve_night(out.state, [power("Bob", "successeur", "Bob")]).state
    state.memory["baguette"]["magicien"] = "Bob"  # he keeps it (an MJ's setting for the test)
    state = RULES.close_day(state, {}, actions=[blank(p) for p in ROLES]).state
    state.memory["baguette"]["magicien"] = "Bob"
    night = RULES.resolve_night(state, [power("Bob", "piege", "Alice")])
    assert found(night, "action_refused", player="Bob", reason="Ce pouvoir est inaccessible aux Loups-Garous.")


def test_w10_a_wolf_holder_recruits_a_player_who_becomes_a_wolf_and_keeps_his_power() -> None:
    state = night2("Eve")  # Eve is the Seigneur Loup
    out = RULES.resolve_night(state, [power("Eve", "double_voix"), power("Eve", "recrutement", "Alice")])
    recruit = out.state.player("Alice")
    assert RULES.is_wolf(recruit) and recruit.role == "voyante" and recruit.camp == "loups"
    assert found(out, "recruited", player="Alice")


# -- B: votes by MP --------------------------------------------------------------------------------------------
def test_b3_a_player_without_a_vote_has_his_own_vote_against_himself() -> None:
    # Alice and Bob vote Carole; the six others send nothing: each has 1 against himself → Carole burns.
    state = RULES.resolve_night(elected(game()), []).state
    out = RULES.close_day(state, {}, actions=[vote("Alice", "Carole"), vote("Bob", "Carole")])
    result = found(out, "vote_result")[0]
    # Carole sent nothing either: her own vote is against her too (3).
    assert result["counts"]["Carole"] == 3 and sorted(result["self_votes"]) == [
        "Carole",
        "Dan",
        "Eve",
        "Fred",
        "Gus",
        "Hugo",
    ]
    assert found(out, "death", player="Carole", cause="bucher")


def test_b1_the_last_vote_mp_counts() -> None:
    state = RULES.resolve_night(elected(game()), []).state
    assert RULES.day_tally is not None and RULES.mp_votes is not None
    votes = RULES.mp_votes(state, [vote("Alice", "Bob"), blank("Alice"), vote("Bob", "Carole"), vote("Bob", "Dan")])
    count, standing = RULES.day_tally(state, votes)
    assert standing["Alice"] == "blanc" and standing["Bob"] == "Dan"
    assert count.as_dict()["blanc"] == 1 and count.as_dict()["Dan"] == 2  # Bob's vote and Dan's own


def test_b4_a_blank_majority_cancels_the_pyre() -> None:
    state = RULES.resolve_night(elected(game()), []).state
    actions = [blank(p) for p in ("Alice", "Bob", "Carole", "Dan", "Eve", "Gus")] + [
        vote("Fred", "Hugo"),
        vote("Hugo", "Fred"),
    ]
    out = RULES.close_day(state, {}, actions=actions)
    assert found(out, "no_pyre", reason="blanc") and not found(out, "death")


def test_b4_blank_tied_with_a_player_burns_him_by_default_and_cancels_with_the_option() -> None:
    def day(options: dict[str, str]) -> Outcome:
        state = RULES.resolve_night(elected(game(options=options)), []).state
        # Fred (double vote) votes Hugo: Hugo 2; Alice, Bob blank: 2; the others vote one each for different players
        actions = [vote("Fred", "Hugo"), blank("Alice"), blank("Bob"), vote("Carole", "Dan"), vote("Dan", "Eve")]
        actions += [vote("Eve", "Gus"), vote("Gus", "Carole"), vote("Hugo", "Alice")]
        return RULES.close_day(state, {}, actions=actions)

    assert found(day({}), "death", player="Hugo", cause="bucher")
    assert found(day({"baguette.blanc_egalite": "annule"}), "no_pyre", reason="blanc")


def test_b5_a_justified_absence_is_a_non_vote() -> None:
    state = RULES.resolve_night(elected(game()), []).state
    absent = Action("Hugo", "baguette.absence", ("J1",))
    out = RULES.close_day(state, {}, actions=[absent, vote("Alice", "Carole")] + [blank(p) for p in ("Bob",)])
    result = found(out, "vote_result")[0]
    assert result["absent"] == ["Hugo"] and "Hugo" not in result["self_votes"]
    assert "Hugo" not in result["counts"]


def test_b5_a_vague_absence_is_put_to_the_mj() -> None:
    state = RULES.resolve_night(elected(game()), []).state
    out = RULES.close_day(state, {}, actions=[Action("Hugo", "baguette.absence", ())])
    assert any(q.id == "J1:absence:Hugo" and q.to == "MJ" for q in out.questions)
    answered = RULES.close_day(
        state, {}, {"J1:absence:Hugo": "J1,J2"}, actions=[Action("Hugo", "baguette.absence", ())]
    )
    assert found(answered, "absence_noted", player="Hugo", phases=["J1", "J2"])


def test_b6_on_a_tie_the_magiciens_vote_decides() -> None:
    state = RULES.resolve_night(elected(game()), [power("Fred", "immunite", "Gus")]).state  # no double vote today
    actions = [vote("Fred", "Bob"), vote("Alice", "Eve"), vote("Carole", "Eve"), vote("Dan", "Bob")]
    actions += [vote("Bob", "Alice"), vote("Eve", "Carole"), vote("Gus", "Dan"), vote("Hugo", "Fred")]
    out = RULES.close_day(state, {}, actions=actions)
    assert found(out, "tie", resolved_by="magicien", choice="Bob")
    assert found(out, "death", player="Bob", cause="bucher")


@pytest.fixture
def alice_and_eve_tied() -> Outcome:
    """J1 closed on a tie the Magicien did not vote in: Fred (who immunised Gus at N1) votes against Hugo, Alice
    and Carole against Eve, Dan and Bob against Alice; Eve, Gus and Hugo against Carole, Dan and Fred."""
    state = RULES.resolve_night(elected(game()), [power("Fred", "immunite", "Gus")]).state
    actions = [
        vote("Fred", "Hugo"),
        vote("Alice", "Eve"),
        vote("Carole", "Eve"),
        vote("Dan", "Alice"),
        vote("Bob", "Alice"),
    ]
    actions += [vote("Eve", "Carole"), vote("Gus", "Dan"), vote("Hugo", "Fred")]
    return RULES.close_day(state, {}, actions=actions)


def test_b6_a_tie_the_magicien_did_not_vote_in_is_his_choice_at_night_and_cancels_that_players_actions(
    alice_and_eve_tied: Outcome,
) -> None:
    day = alice_and_eve_tied
    assert found(day, "pyre_pending", candidates=["Alice", "Eve"], magicien="Fred") and not found(day, "death")
    night = RULES.resolve_night(
        day.state, [Action("Alice", "voyante.sonder", ("Bob",)), power("Fred", "egalite", "Alice")]
    )
    assert found(night, "pyre", player="Alice", late=True)
    assert found(night, "death", player="Alice", cause="bucher")
    assert not found(night, "seer_result")  # « verra ses actions nocturnes annulées »


def test_b6_without_the_magiciens_choice_the_question_is_his(alice_and_eve_tied: Outcome) -> None:
    day = alice_and_eve_tied
    night = RULES.resolve_night(day.state, [])
    assert any(q.id == "N2:egalite_bucher" and q.to == "Fred" for q in night.questions)
    answered = RULES.resolve_night(day.state, [], {"N2:egalite_bucher": "Eve"})
    assert found(answered, "death", player="Eve", cause="bucher")


def test_p1_the_immune_player_survives_the_pyre_and_is_revealed_only_then() -> None:
    state = RULES.resolve_night(elected(game()), [power("Fred", "immunite", "Alice")]).state
    out = RULES.close_day(state, {}, actions=[vote(p, "Alice") for p in ("Bob", "Carole", "Dan", "Eve")])
    assert found(out, "pyre_immune", player="Alice") and alive(out, "Alice")
    assert not [e for e in out.events if e.type == "power_chosen" and e.audience == "public"]


def test_p1_immunity_on_the_magicien_himself_is_refused() -> None:
    out = RULES.resolve_night(elected(game()), [power("Fred", "immunite", "Fred")])
    assert found(
        out, "action_refused", player="Fred", reason="Ce pouvoir n'est pas utilisable sur le Magicien lui-même."
    )


# -- D: the den ----------------------------------------------------------------------------------------------------
def read(state: GameState, *posts: TopicPost) -> list[Action]:
    assert RULES.read_den is not None
    return RULES.read_den(state, list(posts))


def test_d1_the_victim_is_a_name_in_another_colour_and_the_last_post_counts() -> None:
    state = night2()
    actions = read(
        state,
        den("Bob", "Je pense à Alice mais on mange [color=red]Carole[/color]", 1),
        den("Eve", "Non, plutôt [b][color=#0000FF]Hugo[/color][/b]", 2),
    )
    assert actions == [Action("Eve", "loups.devorer", ("Hugo",), "den:p2")]
    out = RULES.resolve_night(state, actions)
    assert found(out, "death", player="Hugo", cause="loups") and alive(out, "Carole") and alive(out, "Alice")


def test_d1_a_post_that_is_only_a_coloured_name_chooses_and_one_naming_two_does_not() -> None:
    state = night2()
    assert read(state, den("Bob", "[color=red]Carole[/color]")) == [
        Action("Bob", "loups.devorer", ("Carole",), "den:p0")
    ]
    assert read(state, den("Bob", "[color=red]On hésite entre Alice et Carole[/color]")) == []
    assert read(state, den("Bob", "[color=blue]Ce soir on mange [color=red]Hugo[/color][/color]"))[0].targets == (
        "Hugo",
    )


def test_d3_wolves_may_not_eat_each_other() -> None:
    state = night2()
    actions = read(state, den("Bob", "[color=red]Carole[/color]", 1), den("Eve", "[color=red]Bob[/color]", 2))
    out = RULES.resolve_night(state, actions)
    assert found(out, "den_refused", author="Eve", target="Bob")
    assert found(out, "death", player="Carole", cause="loups")


@pytest.mark.parametrize("flag", ["edited", "deleted"])
def test_d4_an_edited_or_deleted_victim_post_means_no_victim(flag: str) -> None:
    state = night2()
    actions = read(
        state, den("Bob", "[color=red]Carole[/color]", 1, **{flag: True}), den("Eve", "[color=red]Hugo[/color]", 2)
    )
    out = RULES.resolve_night(state, actions)
    assert found(out, "den_no_victim", reason=flag) and not found(out, "death")


def test_d4_with_the_option_only_the_post_that_counts_matters() -> None:
    state = night2(options={"baguette.edition_antre": "dernier"})
    actions = read(
        state, den("Bob", "[color=red]Carole[/color]", 1, edited=True), den("Eve", "[color=red]Hugo[/color]", 2)
    )
    assert found(RULES.resolve_night(state, actions), "death", player="Hugo", cause="loups")


def test_d8_a_successful_anti_devoilement_kills_the_target_besides_the_victim() -> None:
    state = night2()
    actions = read(
        state,
        den("Bob", "[color=red]Carole[/color]", 1),
        den("Eve", "Anti-dévoilement : [color=green]Alice Voyante[/color]", 2),
    )
    out = RULES.resolve_night(state, actions)
    assert found(out, "death", player="Alice", cause="anti_devoilement")
    assert found(out, "death", player="Carole", cause="loups")


def test_d8_a_first_failed_anti_devoilement_saves_the_victim_and_costs_the_wolf_his_vote() -> None:
    state = night2()
    actions = read(
        state, den("Bob", "[color=red]Carole[/color]", 1), den("Eve", "[color=green]Alice chasseur[/color]", 2)
    )
    out = RULES.resolve_night(state, actions)
    assert not found(out, "death") and found(out, "vote_lost", player="Eve")
    # Next pyre: Eve's vote against Hugo does not count; she has one vote against herself.
    day = RULES.close_day(out.state, {}, actions=[vote("Eve", "Hugo")])
    assert found(day, "vote_result")[0]["voters"]["Eve"] == ["Eve"]


def test_d8_a_second_failed_anti_devoilement_kills_the_wolf() -> None:
    state = night2()
    state.memory["baguette"]["anti_devoilements"] = 1
    actions = read(
        state, den("Bob", "[color=red]Carole[/color]", 1), den("Bob", "[color=green]Dan : voyante[/color]", 2)
    )
    out = RULES.resolve_night(state, actions)
    assert found(out, "death", player="Bob", cause="anti_devoilement_rate") and alive(out, "Carole")


def test_d6_no_anti_devoilement_with_fewer_than_seven_alive() -> None:
    state = night2()
    state.player("Gus").alive = False
    state.player("Hugo").alive = False  # 6 alive
    out = RULES.resolve_night(state, read(state, den("Eve", "[color=green]Alice voyante[/color]")))
    assert found(out, "anti_devoilement_refused") and alive(out, "Alice")


def test_d10_the_magiciens_protection_saves_from_the_wolves_not_from_the_anti_devoilement() -> None:
    state = night2("Fred")
    actions = [power("Fred", "protection", "Alice"), Action("Carole", "salvateur.proteger", ("Alice",))]
    actions += read(state, den("Bob", "[color=red]Alice[/color]", 1))
    out = RULES.resolve_night(state, actions)
    assert alive(out, "Alice")
    assert found(out, "actions_cancelled", player="Carole", by="protection")  # « bénéfique ou maléfique »
    again = RULES.resolve_night(
        state,
        [
            power("Fred", "protection", "Alice"),
            *read(state, den("Bob", "[color=red]x[/color] [color=green]Alice voyante[/color]")),
        ],
    )
    assert found(again, "death", player="Alice", cause="anti_devoilement")


def test_p3_the_trap_cancels_the_first_action_on_its_target_and_names_its_author() -> None:
    state = night2("Fred")
    actions = [power("Fred", "piege", "Hugo"), Action("Alice", "voyante.sonder", ("Hugo",))]
    actions += read(state, den("Bob", "[color=red]Hugo[/color]", 1))
    out = RULES.resolve_night(state, actions)
    assert found(out, "trap_result", player="Fred", target="Hugo", caught="Alice")
    assert not found(out, "seer_result") and found(out, "death", player="Hugo", cause="loups")


def test_p5_the_suspicion_answers_at_the_nights_end() -> None:
    out = RULES.resolve_night(night2("Fred"), [power("Fred", "suspicion", "Eve", "seigneur_loup")])
    assert found(out, "suspicion_result", player="Fred", target="Eve", correct=True)


def test_p4_copying_a_stunned_player_stuns_the_magicien() -> None:
    roles = dict(ROLES, Bob="loup_assommeur")
    state = RULES.setup(list(roles), 1, roles)
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Gus") for p in roles]).state
    state = RULES.resolve_night(state, [power("Gus", "successeur", "Alice")]).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in roles]).state
    out = RULES.resolve_night(
        state,
        [
            power("Alice", "copie", "Carole"),
            Action("Bob", "loup_assommeur.assommer", ("Carole",)),
            Action("Alice", "voyante.sonder", ("Eve",)),
        ],
    )
    assert found(out, "copy_result", player="Alice", copied=["bloque"]) and not found(out, "seer_result")


# -- M: MJ roles, decrees --------------------------------------------------------------------------------------------
CHAPERON = {"id": "chaperon_rouge", "name": "Petit Chaperon rouge", "camp": "village", "indevorable": True}


def test_m1_an_mj_role_is_dealt_and_the_mj_asked_its_effect_each_night() -> None:
    roles = dict(ROLES, Gus="chaperon_rouge")
    state = RULES.setup(list(roles), 1, roles, mj_roles=[CHAPERON])
    assert state.player("Gus").role == "chaperon_rouge" and state.player("Gus").camp == "village"
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Fred") for p in roles]).state
    out = RULES.resolve_night(state, [], {"N1:mj_role:Gus": "tue:Hugo"})
    assert found(out, "death", player="Hugo", cause="mj_role")


def test_m1_the_chaperon_survives_the_wolves_unless_a_magicien_lg_makes_her_devorable() -> None:
    roles = dict(ROLES, Gus="chaperon_rouge")
    state = RULES.setup(list(roles), 1, roles, mj_roles=[CHAPERON])
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Bob") for p in roles]).state
    state = RULES.resolve_night(state, [power("Bob", "successeur", "Eve")]).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in roles]).state  # Eve, a wolf, holds it
    eaten = read(state, den("Bob", "[color=red]Gus[/color]"))
    assert alive(RULES.resolve_night(state, eaten), "Gus")
    out = RULES.resolve_night(state, [power("Eve", "double_voix"), power("Eve", "chaperon"), *eaten])
    assert found(out, "death", player="Gus", cause="loups")


def test_m2_foudroiement_reveals_the_alignment_of_a_gentil_and_the_role_of_a_wolf() -> None:
    state = night2()
    out = RULES.resolve_night(state, [], decrees=[Decree("foudroiement", "Alice"), Decree("foudroiement", "Bob")])
    assert found(out, "foudroiement", player="Alice", alignement="gentil")
    assert found(out, "foudroiement", player="Bob", role="loup_garou")
    assert found(out, "death", player="Alice", cause="foudroiement") and found(
        out, "death", player="Bob", cause="foudroiement"
    )


# -- the coloured spans ---------------------------------------------------------------------------------------------
def test_colour_spans_from_bbcode_and_html_agree_and_skip_quotes() -> None:
    text = "[quote=Bob][color=red]Alice[/color][/quote]On mange [color=red]Carole[/color]"
    html = (
        '<blockquote><span style="color:red">Alice</span></blockquote>'
        'On mange <span style="color: #FF0000">Carole</span>'
    )
    assert bbcode_colours(text).spans == html_colours(html).spans == (("#ff0000", "Carole"),)
    two = bbcode_colours("[color=red]Bob[/color] [color=green]Alice voyante[/color]")
    assert two.colour is None and two.spans == (("#ff0000", "Bob"), ("#008000", "Alice voyante"))
    whole = bbcode_colours("[color=blue]Tout en bleu sauf [color=red]Hugo[/color][/color]")
    assert whole.colour == "#0000ff" and whole.spans == (("#ff0000", "Hugo"),)


def test_m2_a_player_struck_by_day_is_not_counted_in_that_days_vote() -> None:
    # The foudroiement is « la mort subite »: at the deadline the struck player no longer votes nor is voted.
    state = RULES.resolve_night(elected(game()), []).state
    out = RULES.close_day(
        state, {}, decrees=[Decree("foudroiement", "Hugo")], actions=[blank(p) for p in ("Alice", "Bob")]
    )
    result = found(out, "vote_result")[0]
    assert "Hugo" not in result["self_votes"] and "Hugo" not in result["counts"]
    assert found(out, "death", player="Hugo", cause="foudroiement")


def test_a_game_knows_its_modules_and_rules_for_composes_them() -> None:
    from meneur.engine.modules import rules_for

    state = game()
    assert state.memory["modules"] == ["baguette"]
    assert rules_for(state).modules == ("baguette",) and rules_for(state).votes_by_mp
    plain = ruleset("classique").setup(list(ROLES), 1, ROLES)
    assert rules_for(plain) is ruleset("classique")


def alice_ties_with(other: str, immune: str) -> Outcome:
    """J1 closed on a tie, Fred (the Magicien) voting for neither: after Fred immunised ``immune`` at N1, Carole
    and Gus vote against ``other``, Dan and the last of Bob and Eve against Alice; Alice, ``other`` and Hugo vote
    against Carole, Dan and Fred."""
    state = RULES.resolve_night(elected(game()), [power("Fred", "immunite", immune)]).state
    third = ({"Bob", "Eve"} - {other}).pop()
    actions = [
        vote("Fred", "Hugo"),
        vote("Carole", other),
        vote("Gus", other),
        vote("Dan", "Alice"),
        vote(third, "Alice"),
    ]
    actions += [vote("Alice", "Carole"), vote(other, "Dan"), vote("Hugo", "Fred")]
    return RULES.close_day(state, {}, actions=actions)


def test_b6_the_immunity_of_the_day_holds_for_the_victim_chosen_at_night() -> None:
    # Fred immunised Alice for J1's pyre; Alice and Eve tie and Fred did not vote for either: he names Alice
    # at night — she was immune at « le bûcher du jour »: saved, revealed.
    day = alice_ties_with("Eve", immune="Alice")
    assert found(day, "pyre_pending", candidates=["Alice", "Eve"])
    night = RULES.resolve_night(day.state, [power("Fred", "egalite", "Alice")])
    assert found(night, "pyre_immune", player="Alice") and alive(night, "Alice")


def test_b6_a_wolf_burnt_at_night_leaves_the_packs_choice_standing() -> None:
    # Bob and Alice tie, Fred names Bob at night; Bob had posted the den's victim: the pack's choice stands.
    day = alice_ties_with("Bob", immune="Gus")
    night = RULES.resolve_night(
        day.state, [power("Fred", "egalite", "Bob"), *read(day.state, den("Bob", "[color=red]Carole[/color]"))]
    )
    assert found(night, "death", player="Bob", cause="bucher")
    assert found(night, "death", player="Carole", cause="loups")


def test_b1_je_vote_pour_x_is_a_pyre_vote_on_a_day_without_an_election() -> None:
    # « Je vote pour X » reads as an election ballot; on a pyre day with no election running it is the pyre's.
    state = RULES.resolve_night(elected(game()), []).state
    out = RULES.close_day(state, {}, actions=[power(p, "election", "Hugo") for p in ("Alice", "Bob", "Carole")])
    assert not found(out, "action_refused") and found(out, "death", player="Hugo", cause="bucher")


def test_the_mjs_protect_and_wand_decrees_and_no_mayor() -> None:
    state = night2("Fred")
    eaten = read(state, den("Bob", "[color=red]Alice[/color]"))
    out = RULES.resolve_night(state, eaten, decrees=[Decree("protect", "Alice"), Decree("wand", "Hugo")])
    assert alive(out, "Alice") and found(out, "actions_cancelled", player="Bob", by="mj")
    assert found(out, "wand_holder", player="Hugo", previous="Fred", how="mj")
    assert out.state.memory["baguette"]["magicien"] == "Hugo"
    day = RULES.close_day(out.state, {}, decrees=[Decree("mayor", "Alice")], actions=[blank(p) for p in ROLES])
    assert found(day, "decree_refused", kind="mayor") and day.state.mayor is None


def test_config_wants_a_rule_set_under_a_module(tmp_path: Any) -> None:
    from meneur.daemon.config import ConfigError, parse_config

    text = '[game]\nmodules = ["baguette"]\n[forum]\nurl = "http://127.0.0.1:1/"\n'
    with pytest.raises(ConfigError, match="un module se joue sur une règle"):
        parse_config(text, tmp_path / "partie.toml")
    good = '[game]\nruleset = "classique"\nmodules = ["baguette"]\n[forum]\nurl = "http://127.0.0.1:1/"\n'
    assert parse_config(good, tmp_path / "partie.toml").live.modules == ("baguette",)


def test_b6_a_tie_left_to_a_magicien_who_is_dead_by_night_follows_the_no_magicien_option(
    alice_and_eve_tied: Outcome,
) -> None:
    day = alice_and_eve_tied
    assert found(day, "pyre_pending", magicien="Fred")
    struck = RULES.resolve_night(day.state, [], decrees=[Decree("foudroiement", "Fred")])
    assert not any(q.to == "Fred" for q in struck.questions)
    assert found(struck, "no_pyre", reason="tie")
    drawn_state = day.state.copy()
    drawn_state.memory["baguette"]["options"] = {"baguette.egalite_sans_magicien": "tirage"}
    drawn = RULES.resolve_night(drawn_state, [], decrees=[Decree("foudroiement", "Fred")])
    late = found(drawn, "pyre", late=True)
    assert late and late[0]["player"] in ("Alice", "Eve")


def test_t2_night_orders_sent_by_day_are_kept_for_the_coming_night() -> None:
    # « Il est possible d'anticiper en cas d'absence »: the Voyante's look and the Magicien's power, sent on J1.
    state = RULES.resolve_night(elected(game()), [power("Fred", "successeur", "Dan")]).state
    day = RULES.close_day(
        state,
        {},
        actions=[Action("Alice", "voyante.sonder", ("Bob",)), power("Dan", "protection", "Alice")]
        + [blank(p) for p in ROLES],
    )
    assert not found(day, "action_refused")
    night = RULES.resolve_night(day.state, read(day.state, den("Bob", "[color=red]Alice[/color]")))
    assert found(night, "seer_result", player="Alice", target="Bob")
    assert found(night, "power_chosen", player="Dan", power="protection") and alive(night, "Alice")


def test_the_state_of_an_mj_role_is_revealed_at_death() -> None:
    # « L'état de la Bête (Villageoise ou LG) sera révélé à sa mort. »
    roles = dict(ROLES, Gus="bete")
    bete = {"id": "bete", "name": "la Bête", "camp": "loups"}
    state = RULES.setup(list(roles), 1, roles, mj_roles=[bete])
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Fred") for p in roles]).state
    state = RULES.resolve_night(state, [], {"N1:mj_role:Gus": "aucun"}).state
    out = RULES.close_day(state, {}, actions=[vote(p, "Gus") for p in roles])
    assert found(out, "mj_role_revealed", player="Gus", name="la Bête", camp="loups")


def test_p4_copying_the_maitre_vampire_makes_the_magicien_indevorable() -> None:
    # classique: the Maître-Vampire « ne peut pas non plus être mangé par les loups »: indévorable.
    roles = dict(ROLES, Gus="maitre_vampire")
    state = RULES.setup(list(roles), 1, roles)
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Fred") for p in roles]).state
    state = RULES.resolve_night(state, [power("Fred", "successeur", "Alice")]).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in roles]).state
    out = RULES.resolve_night(
        state, [power("Alice", "copie", "Gus"), *read(state, den("Bob", "[color=red]Alice[/color]"))]
    )
    assert found(out, "copy_result", player="Alice", copied=["indevorable"]) and alive(out, "Alice")


def test_d1_a_post_written_all_in_one_colour_is_the_posts_colour_unless_it_is_only_a_name() -> None:
    state = night2()
    assert read(state, den("Marc", "[color=red]Non, on mange Hugo ce soir[/color]")) == []  # Marc is no player
    assert read(state, den("Eve", "[color=red]Non, on mange Hugo ce soir[/color]")) == []
    assert read(state, den("Eve", "[color=red]Hugo[/color]"))[0].targets == ("Hugo",)
    assert read(state, den("Eve", "[color=green]Alice : Voyante[/color]"))[0].power == "baguette.anti_devoilement"


def test_m2_a_foudroye_gentils_role_is_not_told_publicly() -> None:
    out = RULES.resolve_night(night2(), [], decrees=[Decree("foudroiement", "Alice"), Decree("foudroiement", "Bob")])
    public = [e.as_json() for e in out.events if e.type == "death" and e.audience == "public"]
    assert {e["player"]: e["role"] for e in public} == {"Alice": None, "Bob": "loup_garou"}
    assert found(out, "foudroiement_role", player="Alice", role="voyante", audience="mj")


def test_w2_a_second_round_ballot_counts_even_if_its_voter_burns_at_that_pyre() -> None:
    # « un 2ème tour d'élection au jour n° 1, en parallèle du bûcher »: both votes close at 22:00 together.
    out = RULES.close_day(game(), {}, actions=[vote("Alice", "Fred"), vote("Bob", "Dan")])
    state = RULES.resolve_night(out.state, []).state
    ballots = [power("Hugo", "election", "Fred"), power("Alice", "election", "Fred"), power("Bob", "election", "Dan")]
    pyre = [vote(p, "Hugo") for p in ("Alice", "Bob", "Carole", "Dan", "Eve")]
    day = RULES.close_day(state, {}, actions=[*ballots, *pyre])
    assert found(day, "death", player="Hugo", cause="bucher")
    assert found(day, "magicien_elected", player="Fred", round=2, counts={"Fred": 2, "Dan": 1})


def test_b7_the_bases_vote_weights_hold_with_mp_votes() -> None:
    # classique's Sorcière charisme: « au prochain bûcher, le vote de la personne qui la boit comptera double ».
    state = RULES.resolve_night(elected(game()), [power("Fred", "immunite", "Gus")]).state  # no double vote
    state.memory["charisme"] = "Alice"
    actions = [vote("Alice", "Bob"), vote("Carole", "Eve"), vote("Dan", "Eve"), vote("Bob", "Gus")]
    actions += [vote("Eve", "Carole"), vote("Fred", "Dan"), vote("Gus", "Alice"), vote("Hugo", "Fred")]
    out = RULES.close_day(state, {}, actions=actions)  # without the potion, Eve 2 alone would burn
    assert found(out, "vote_result", weights={"Alice": 2})
    assert found(out, "tie", candidates=["Bob", "Eve"])  # Bob 2 (Alice's double), Eve 2


def test_p5_the_suspicion_may_name_a_character_the_mj_declared() -> None:
    roles = dict(ROLES, Gus="chaperon")
    state = RULES.setup(list(roles), 1, roles, mj_roles=[dict(CHAPERON, id="chaperon")])
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Fred") for p in roles]).state
    assert RULES.validate(state, power("Fred", "suspicion", "Gus", "chaperon_rouge")) is None  # N1: a known name
    assert RULES.validate(state, power("Fred", "suspicion", "Gus", "merlin")) is not None  # not declared here
    state = RULES.resolve_night(state, [], {"N1:mj_role:Gus": "aucun"}).state
    state.phase = "N2"  # the next night, as the MJ's test bench
    state.memory["baguette"]["magicien"] = "Fred"
    out = RULES.resolve_night(state, [power("Fred", "suspicion", "Gus", "chaperon_rouge")], {"N2:mj_role:Gus": "aucun"})
    assert found(out, "suspicion_result", player="Fred", target="Gus", correct=True)


def test_p4_a_magicien_who_copied_the_chasseur_shoots_when_he_dies_that_night_or_day() -> None:
    # « chasseur => Magicien chasseur »: eaten that night, he replies like classique's Chasseur.
    state = night2("Fred")
    actions = [power("Fred", "copie", "Dan"), *read(state, den("Bob", "[color=red]Fred[/color]"))]
    asked = RULES.resolve_night(state, actions)
    assert any(q.id == "N2:chasseur:Fred" and q.to == "Fred" for q in asked.questions)
    out = RULES.resolve_night(state, actions, {"N2:chasseur:Fred": "Eve"})
    assert found(out, "death", player="Fred", cause="loups") and found(out, "death", player="Eve", cause="chasseur")
    assert found(out, "hunter_shot", player="Fred", target="Eve") and not found(out, "answer_unused")
    # The next day too: burnt at J2's pyre, he shoots.
    night = RULES.resolve_night(state, [power("Fred", "copie", "Dan")])
    day = RULES.close_day(
        night.state,
        {},
        {"J2:chasseur:Fred": "Bob"},
        actions=[vote(p, "Fred") for p in ("Alice", "Bob", "Carole", "Dan", "Eve")],
    )
    assert found(day, "death", player="Fred", cause="bucher") and found(day, "death", player="Bob", cause="chasseur")


def test_d1_the_den_reads_the_forums_html_as_the_players_bbcode() -> None:
    state = night2()
    html = '<div class="content">Non : <span style="color:#ff0000">Hugo</span> ce soir</div>'
    whole = '<div class="content"><span style="color:red">Non, on mange Hugo ce soir</span></div>'
    for text, victims in ((html, [("Hugo",)]), (whole, [])):
        reading = html_colours(text)
        post = TopicPost("Eve", T0, text, reading.spans, reading.colour, source="h")
        assert [a.targets for a in read(state, post)] == victims


def test_a_days_vote_mps_are_refused_in_validates_own_words() -> None:
    """The day's vote MPs (checked for the whole day at once) get ``validate``'s answer: a dead voter, a dead or
    unknown target, an unknown voter are refused with the French reason ``validate`` gives, to that player;
    the living players' votes for the living stand."""
    state = game()
    state.phase = "J1"
    state.player("Fred").alive = False
    state.player("Gus").alive = False
    mps = [
        vote("Fred", "Alice"),  # dead voter
        vote("Alice", "Gus"),  # dead target
        vote("Carole", "Zoé"),  # nobody of that name
        blank("Zoé"),  # not a player
        Action("Gus", "baguette.blanc"),  # dead, blank
        vote("Dan", "Hugo"),
        blank("Eve"),
    ]
    expected = {(a.player, a.power): RULES.validate(state, a) for a in mps}
    assert [why is None for why in expected.values()] == [False, False, False, False, False, True, True]
    outcome = RULES.close_day(state, {}, actions=mps)
    refused = {(e["player"], e["power"]): e["reason"] for e in found(outcome, "action_refused")}
    assert refused == {key: why for key, why in expected.items() if why is not None}
    assert refused[("Alice", "baguette.vote")] == "Gus est mort·e."
    assert refused[("Carole", "baguette.vote")] == "Zoé ne joue pas dans cette partie."
    assert refused[("Zoé", "baguette.blanc")] == "Tu ne fais pas partie de la partie."
    assert refused[("Fred", "baguette.vote")] == "Les morts ne peuvent plus agir."
    result = found(outcome, "vote_result")[0]
    assert result["voters"]["Hugo"] == ["Dan", "Hugo"] and result["blank"] == 1  # Hugo: his own voice


def test_m2_the_pyre_burns_its_victim_when_the_first_living_player_is_struck_that_day() -> None:
    # The count sends Dan to the pyre while the MJ strikes Alice (the first player of the game) at the same
    # deadline: the struck player is out of the count, and the pyre still burns the count's victim.
    state = RULES.resolve_night(elected(game()), []).state
    out = RULES.close_day(
        state,
        {},
        decrees=[Decree("foudroiement", "Alice")],
        actions=[vote(p, "Dan") for p in ("Bob", "Carole", "Eve", "Fred", "Gus", "Hugo")],
    )
    assert found(out, "death", player="Alice", cause="foudroiement")
    assert found(out, "pyre", player="Dan") and not alive(out, "Dan")


def test_a_base_without_close_decided_day_burns_the_same_victim_through_a_forged_vote() -> None:
    # The contract's other way: a base that only has ``close_day`` is given one vote for the count's victim.
    from dataclasses import replace

    plain = compose(replace(ruleset("classique"), close_decided_day=None), ["baguette"])
    state = RULES.resolve_night(elected(game()), []).state
    votes = [vote(p, "Dan") for p in ("Alice", "Bob", "Carole")] + [vote("Eve", "Hugo")]
    decided, forged = RULES.close_day(state, {}, actions=votes), plain.close_day(state, {}, actions=votes)
    assert found(decided, "pyre", player="Dan") and found(forged, "pyre", player="Dan")
    assert decided.state == forged.state and decided.events == forged.events


def test_the_bewitched_drinker_of_charisme_votes_double_as_his_master() -> None:
    # classique: the charisme « comptera double » and the bewitched « devront voter comme leur maître »: the
    # Sorcière's charisme on Fred, the Chaman's mauvais oeil on Fred and Gus; on J2 the Chaman votes Dan, so
    # Fred's vote is Dan's and weighs two (as classique's own count weighs it), Gus's one.
    roles = {**ROLES, "Gus": "chaman"}
    state = RULES.setup(list(roles), 1, roles)
    state = RULES.close_day(state, {}, actions=[power(p, "election", "Alice") for p in roles]).state
    state = RULES.resolve_night(state, []).state
    state = RULES.close_day(state, {}, actions=[blank(p) for p in roles]).state  # J1: no pyre
    orders = [Action("Hugo", "sorciere.charisme", ("Fred",)), Action("Gus", "chaman.mauvais_oeil", ("Fred", "Carole"))]
    state = RULES.resolve_night(state, orders).state
    assert state.memory["charisme"] == "Fred" and state.memory["mauvais_oeil_du_jour"]["chaman"] == "Gus"
    out = RULES.close_day(state, {}, actions=[vote("Gus", "Dan"), blank("Alice"), blank("Bob")])
    result = found(out, "vote_result")[0]
    assert result["weights"].get("Fred") == 2
    assert result["counts"]["Dan"] == 5  # Gus 1, Carole 1, Fred 2, and Dan's own vote (he sent none)


def test_p3_the_trap_stops_an_anti_devoilement_posted_first_and_only_then() -> None:
    """« Ce piège immunise le joueur ciblé de la 1ère action nocturne »: the anti-dévoilement is a night action on its
    target (the protection alone says « Ne protège pas de l'anti-dévoilement »); scenario 311."""
    state = night2("Fred")
    reveal = read(state, den("Bob", "[color=green]Alice voyante[/color]", 1))
    first = RULES.resolve_night(
        state, [power("Fred", "piege", "Alice"), *reveal, Action("Carole", "salvateur.proteger", ("Alice",))]
    )
    assert found(first, "trap_result", player="Fred", target="Alice", caught="Bob") and alive(first, "Alice")
    assert not found(first, "anti_devoilement")  # stopped: neither success nor failure, not spent
    assert first.state.memory["baguette"].get("anti_devoilements", 0) == 0
    second = RULES.resolve_night(
        state, [power("Fred", "piege", "Alice"), Action("Carole", "salvateur.proteger", ("Alice",)), *reveal]
    )
    assert found(second, "trap_result", player="Fred", target="Alice", caught="Carole")
    assert found(second, "death", player="Alice", cause="anti_devoilement")


def test_a_vote_with_two_names_is_refused_not_counted_for_the_first() -> None:
    """« je vote contre Noé et Noémie » (fixtures/mps/baguette.toml bg-101): one voice, one name; the voter is told,
    and his own voice stays against him until he sends one name."""
    state = night2("Fred")
    state.phase = "J2"
    why = RULES.validate(state, Action("Alice", "baguette.vote", ("Bob", "Eve")))
    assert why is not None and "Bob" in why and "Eve" in why
    assert RULES.validate(state, Action("Alice", "baguette.vote", ("Bob",))) is None


@pytest.mark.parametrize(
    ("text", "target", "role"),
    [
        ("AD : [color=green]Carole : salvatrice[/color]", "Carole", "salvateur"),
        ("[color=green]Dan chasseuse[/color]", "Dan", "chasseur"),
        ("[color=green]Carole la salva[/color]", "Carole", "salvateur"),
        ("[color=green]Hugo : sorcier[/color]", "Hugo", "sorciere"),
    ],
)
def test_d5_an_anti_devoilement_names_a_role_as_players_write_it(text: str, target: str, role: str) -> None:
    """Feminine forms and the usual shortenings name the role (RULINGS D5); such a post was read as a victim."""
    state = night2()
    actions = read(state, den("Bob", "On mange [color=red]Alice[/color]", 1), den("Eve", text, 2))
    assert [(a.power, a.targets) for a in actions] == [
        ("loups.devorer", ("Alice",)),
        ("baguette.anti_devoilement", (target, role)),
    ]


def test_d5_a_name_and_an_unknown_role_is_no_victim_the_mj_is_told() -> None:
    """« [color=green]Carole : salvatoure[/color] »: an anti-dévoilement whose role is no role — not the night's new
    victim (it was read as one); the MJ is told, and it is neither a success nor a failure."""
    state = night2()
    actions = read(
        state,
        den("Bob", "On mange [color=red]Alice[/color]", 1),
        den("Eve", "AD : [color=green]Carole : salvatoure[/color]", 2),
    )
    assert ("loups.devorer", ("Alice",)) in [(a.power, a.targets) for a in actions]
    out = RULES.resolve_night(state, actions)
    refused = found(out, "anti_devoilement_refused")
    assert refused and "salvatoure" in refused[0]["reason"]
    assert found(out, "death", player="Alice", cause="loups") and alive(out, "Carole")
    assert out.state.memory["baguette"].get("anti_devoilements", 0) == 0


def test_d1_a_sentence_in_colour_ending_on_the_name_is_still_the_victim() -> None:
    state = night2()
    actions = read(state, den("Bob", "ok [color=red]le vieux c'est Alice[/color] ce soir", 1))
    assert [(a.power, a.targets) for a in actions] == [("loups.devorer", ("Alice",))]
