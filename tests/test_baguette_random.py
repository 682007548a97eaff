"""Random games of `classique` with the `baguette` module, through the composed rule set's public functions:
random vote MPs (votes, blanks, election ballots), absences and testaments by day; by night the base roles'
orders, the Magicien's powers and successors (kept when ``validate`` accepts them) and random den posts
(victims, anti-dévoilements, some edited or deleted) read by ``read_den``; some questions answered. Each phase
must leave its input unchanged and share no mutable part with it, follow the phase sequence, and keep the
module's rules: a living Magicien or none, each one-time power used once at most, at most two
anti-dévoilements, the wand never back to a former holder before the round is done, every living voter
counted once (his vote, a blank, or his own self-vote) unless absent."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.engine.contract import TopicPost
from meneur.engine.model import Action, GameState, Outcome, copied_on_change, next_phase
from meneur.engine.modules import compose
from meneur.engine.modules.baguette.common import ONE_TIME
from meneur.engine.rulesets import ruleset
from meneur.parsers.colour_spans import bbcode_colours
from meneur.tests.test_state_copy import _mutable_ids

RULES = compose(ruleset("classique"), ["baguette"])
BASE = ruleset("classique")
COLOURS = ("red", "blue", "#00aa00", "purple")
T0 = datetime(2026, 3, 15, 19, tzinfo=UTC)


def _valid(state: GameState, actions: list[Action]) -> list[Action]:
    return [a for a in actions if RULES.validate(state, a) is None]


def _day_actions(state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    actions: list[Action] = []
    for name in living:
        roll = rng.random()
        if roll < 0.55:
            actions.append(Action(name, "baguette.vote", (rng.choice(living),)))
        elif roll < 0.7:
            actions.append(Action(name, "baguette.blanc"))
        if rng.random() < 0.4:
            actions.append(Action(name, "baguette.election", (rng.choice(living),)))
        if rng.random() < 0.05:
            number = int(state.phase[1:])
            covered = tuple(f"J{n}" for n in range(number, number + rng.randint(0, 2)))
            actions.append(Action(name, "baguette.absence", covered))
    magicien = state.memory["baguette"].get("magicien")
    if magicien and rng.random() < 0.3:
        actions.append(Action(magicien, "baguette.testament", tuple(rng.sample(living, min(2, len(living))))))
    rng.shuffle(actions)
    return _valid(state, actions)


def _night_actions(state: GameState, rng: random.Random) -> list[Action]:
    names = state.living()
    actions: list[Action] = []
    for player in state.players:
        if not player.alive:
            continue
        for verb in BASE.verbs:
            if not verb.power.startswith(player.role + ".") or rng.random() < 0.6:
                continue
            count = rng.randint(verb.min_targets, min(verb.max_targets, 2))
            actions.append(Action(player.name, verb.power, tuple(rng.sample(names, min(count, len(names))))))
    memory = state.memory["baguette"]
    magicien = memory.get("magicien")
    if magicien:
        kind = rng.choice(("double_voix", *ONE_TIME, "chaperon", "recrutement"))
        targets: tuple[str, ...] = ()
        if kind == "suspicion":
            targets = (rng.choice(names), rng.choice(list(BASE.role_names)))
        elif kind not in ("double_voix", "chaperon"):
            targets = (rng.choice(names),)
        actions.append(Action(magicien, f"baguette.{kind}", targets))
        if rng.random() < 0.8:
            actions.append(Action(magicien, "baguette.successeur", tuple(rng.sample(names, min(3, len(names))))))
    pending = memory.get("egalite_en_attente")
    if pending and rng.random() < 0.6:
        actions.append(Action(pending["magicien"], "baguette.egalite", (rng.choice(pending["candidates"]),)))
    return _valid(state, actions)


def _den(state: GameState, rng: random.Random) -> list[Action]:
    wolves = [p.name for p in state.players if p.alive and RULES.is_wolf(p)]
    if not wolves:
        return []
    posts = []
    names = state.living()
    roles = list(BASE.role_names.values())
    for index in range(rng.randint(0, 4)):
        colour = rng.choice(COLOURS)
        if rng.random() < 0.3:
            text = f"Anti-dévoilement : [color={colour}]{rng.choice(names)} {rng.choice(roles)}[/color]"
        else:
            text = f"On mange [color={colour}]{rng.choice(names)}[/color] ce soir"
        reading = bbcode_colours(text)
        posts.append(
            TopicPost(
                rng.choice(wolves),
                T0 + timedelta(minutes=index),
                text,
                reading.spans,
                reading.colour,
                edited=rng.random() < 0.1,
                deleted=rng.random() < 0.05,
                source=f"p{index}",
            )
        )
    assert RULES.read_den is not None
    return RULES.read_den(state, posts)


def _answered(first: Outcome, rng: random.Random) -> dict[str, str]:
    return {q.id: rng.choice(q.options) for q in first.questions if q.options and rng.random() < 0.7}


def _check(state: GameState, outcome: Outcome) -> None:
    after = outcome.state
    memory, before = after.memory["baguette"], state.memory["baguette"]
    magicien = memory.get("magicien")
    if after.winner is None:
        assert after.phase == next_phase(state.phase)
        assert magicien is None or after.player(magicien).alive, (state.phase, magicien)
    used = memory.get("pouvoirs_utilises", [])
    assert len(used) == len(set(used)), used
    assert memory.get("anti_devoilements", 0) <= 2
    for event in outcome.events:
        data = event.as_json()
        if event.type == "wand_holder" and data["how"] in ("successeur", "tirage", "testament"):
            assert data["player"] != data["previous"]
            if data["player"] in before.get("porteurs", []):  # « il faut que tous les joueurs en vie l'aient possédée »
                assert memory.get("tour_complet"), data
        if event.type == "vote_result" and state.phase != "J0":
            counted = [v for voters in data["voters"].values() for v in voters]
            assert len(counted) == len(set(counted))  # one vote each
            assert set(counted) <= set(state.living())
            plain = (
                not any(p.markers.get("amoureux") for p in state.players) and "votants_autorises" not in state.memory
            )
            if plain and "mauvais_oeil_du_jour" not in state.memory:
                extra = sum(data["weights"].values()) - len(data["weights"])
                assert sum(data["counts"].values()) + data["blank"] == len(state.living()) - len(data["absent"]) + extra


def _check_count(state: GameState, actions: list[Action], outcome: Outcome) -> None:
    """The deadline's count (``vote_result``) is the live count of the same vote MPs (``day_tally``): its rows
    against players in the same order (most votes first, then the players' order), their voters, the blank
    row, who did not vote; J0's election count too. (Not when a vague absence waits for the MJ's answer: the
    live count cannot know it.)"""
    assert RULES.day_tally is not None and RULES.mp_votes is not None and RULES.note_absences is not None
    if state.phase == "J0":  # the election's count, its leaders the tie's candidates in the count's order
        live, _ = RULES.day_tally(state, RULES.mp_votes(state, actions))
        told = next(e.as_json() for e in outcome.events if e.type.startswith("magicien_"))
        assert list(told["counts"].items()) == [(row.target, row.votes) for row in live.counts]
        if told["type"] == "magicien_tie":
            assert told["candidates"] == list(live.leaders)
        return
    if any(a.power == "baguette.absence" and not a.targets for a in actions):
        return
    result = next(e.as_json() for e in outcome.events if e.type == "vote_result")
    live, _ = RULES.day_tally(RULES.note_absences(state, actions), RULES.mp_votes(state, actions))
    rows = [row for row in live.counts if row.target != "blanc"]
    assert list(result["counts"].items()) == [(row.target, row.votes) for row in rows]
    assert result["voters"] == {row.target: list(row.voters) for row in rows}
    assert result["blank"] == live.as_dict().get("blanc", 0)
    assert result["not_voted"] == list(live.not_voted)


def play(seed: int, checked: bool = True) -> tuple[int, str | None]:
    rng = random.Random(seed)
    count = rng.randint(8, 14)
    state = RULES.setup([f"J{n:02d}" for n in range(count)], seed)
    phases = 0
    while state.winner is None and phases < 60:
        before = copy.deepcopy(state) if checked else None
        outcome: Outcome
        if state.phase.startswith("J"):
            actions = _day_actions(state, rng)
            first = RULES.close_day(state, {}, {}, (), actions)
            outcome = RULES.close_day(state, {}, _answered(first, rng), (), actions)
            if checked:
                _check_count(state, actions, outcome)
        else:
            actions = sorted(_night_actions(state, rng) + _den(state, rng), key=lambda _: rng.random())
            first = RULES.resolve_night(state, actions)
            outcome = RULES.resolve_night(state, actions, _answered(first, rng))
        if checked:
            assert state == before, f"{state.phase} changed the state it was given"
            lazy = copied_on_change(state.ruleset)  # shared until a change, by design (``model.copy_on_change``)
            assert not _mutable_ids(state, set(), lazy) & _mutable_ids(outcome.state, set(), lazy)
            for key in sorted(lazy & outcome.state.memory.keys()):
                # Shared until a change (the module's memory among them): the new state's own value, changed and
                # put back (the same game), leaves the input as it was.
                value = outcome.state.memory_for_change(key)
                if isinstance(value, dict):
                    value["?"] = []
                    assert state == before, f"{state.phase}: memory[{key!r}] shared"
                    del value["?"]
            _check(state, outcome)
        state = outcome.state
        phases += 1
    return phases, state.winner


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_their_inputs_and_the_wands_rules(seed: int) -> None:
    play(seed)


def test_random_games_end() -> None:
    """Most random games reach one of the outcomes classique names."""
    winners = [play(seed, checked=False)[1] for seed in range(30)]
    assert sum(w is not None for w in winners) >= 25
    assert set(winners) - {None} <= {"village", "loups", "amoureux", "flute", "vampires", "aucun"}


# The same rule set without the base's in-place entries: each phase then copies through ``working_state`` and
# the base's own copy (the contract's path for a base that has no ``*_owned`` entry).
COPYING = compose(replace(ruleset("classique"), close_decided_day_owned=None, resolve_night_owned=None), ["baguette"])


def test_the_composed_phases_do_not_offer_the_bases_own_entries() -> None:
    # A caller of the composed rule set gets phases that copy the state they are given, whatever the base offers.
    assert BASE.close_decided_day_owned is not None and BASE.resolve_night_owned is not None
    assert RULES.close_decided_day_owned is None and RULES.resolve_night_owned is None
    # Nor the base's decided close and vote list, which would skip the module's count.
    assert BASE.close_decided_day is not None and BASE.day_votes is not None
    assert RULES.close_decided_day is None and RULES.day_votes is None


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_the_in_place_base_plays_the_same_games_as_the_copying_one(seed: int) -> None:
    # The module copies the state once and the base resolves that copy in place (``*_owned``), or the base copies
    # the module's working state: every phase's outcome the same, answers and all.
    rng = random.Random(seed)
    count = rng.randint(8, 14)
    state = RULES.setup([f"J{n:02d}" for n in range(count)], seed)
    for _ in range(40):
        if state.winner is not None:
            break
        if state.phase.startswith("J"):
            actions = _day_actions(state, rng)
            first = RULES.close_day(state, {}, {}, (), actions)
            answers = _answered(first, rng)
            outcome = RULES.close_day(state, {}, answers, (), actions)
            other = COPYING.close_day(state, {}, answers, (), actions)
        else:
            actions = sorted(_night_actions(state, rng) + _den(state, rng), key=lambda _: rng.random())
            first = RULES.resolve_night(state, actions)
            answers = _answered(first, rng)
            outcome = RULES.resolve_night(state, actions, answers)
            other = COPYING.resolve_night(state, actions, answers)
        assert outcome.events == other.events and outcome.questions == other.questions
        assert outcome.state == other.state and repr(outcome.state) == repr(other.state)
        state = outcome.state


def _ballots(state: GameState, rng: random.Random) -> list[Action]:
    """A day of vote MPs only (most days), some of them refused: from a dead or unknown player, against one."""
    names = [p.name for p in state.players] + ["Inconnu"]
    power = "baguette.election" if state.phase == "J0" else "baguette.vote"
    actions = []
    for _ in range(rng.randint(0, 2 * len(names))):
        voter = rng.choice(names)
        actions.append(
            Action(voter, "baguette.blanc") if rng.random() < 0.2 else Action(voter, power, (rng.choice(names),))
        )
    return actions


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_a_day_of_vote_mps_only_is_read_as_any_other_day(seed: int) -> None:
    # The usual day (vote MPs only) is read in one pass; with another MP among them (a testament refused: only the
    # Magicien leaves one) the day is read step by step. Both tell the same refusals of the votes in the same order,
    # count the same votes and end the same way; the other only adds its own refusal.
    rng = random.Random(seed)
    state = RULES.setup([f"J{n:02d}" for n in range(rng.randint(8, 14))], seed)
    for _ in range(30):
        if state.winner is not None:
            break
        if state.phase.startswith("J"):
            ballots = _ballots(state, rng)
            magicien = state.memory["baguette"].get("magicien")
            other = next(p.name for p in state.players if p.name != magicien)
            testament = Action(other, "baguette.testament", (other,))
            outcome = RULES.close_day(state, {}, actions=ballots)
            stepwise = RULES.close_day(state, {}, actions=[*ballots, testament])
            refused = [e for e in stepwise.events if e.type == "action_refused" and e.data["power"] == testament.power]
            assert len(refused) == 1
            assert outcome.events == [e for e in stepwise.events if e is not refused[0]]
            assert outcome.state == stepwise.state and outcome.questions == stepwise.questions
        else:
            outcome = RULES.resolve_night(state, _night_actions(state, rng))
        state = outcome.state
