"""Random games of `citadelles`, through the rule set's public functions: J0's three phases from random
posts (mayor, citadels, the mayor's distribution), random role and power requests, then random orders each
night among every verb (kept when ``validate`` accepts them) and random votes each day, some questions
answered. Each phase must leave its input unchanged and share no mutable part with it, follow the phase
sequence, and keep the citadels' posts sound (at most one living SF and one living GM per citadel, roles
as the player count allows)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets import ruleset
from meneur.engine.rulesets.citadelles import phase_after
from meneur.engine.rulesets.citadelles.roles import CITADEL_ROLES, CITADELS
from meneur.tests.test_state_copy import _mutable_ids

RULES = ruleset("citadelles")


def _j0_actions(state: GameState, rng: random.Random) -> list[Action]:
    names = [p.name for p in state.players]
    if state.phase == "J0-soir":
        kinds = [
            *CITADEL_ROLES[len(names)],
            "supervision",
            "annulation",
            "obstacle",
            "supervoix",
            "intendant",
            "echange",
        ]
        return [Action(n, f"habitant.{k}") for n in names for k in rng.sample(kinds, 3)]
    actions = [Action(n, "citadelle.choisir", (rng.choice(CITADELS),)) for n in names if rng.random() < 0.9]
    if state.phase == "J0-zenith" and state.mayor and rng.random() < 0.5:
        placed = tuple(f"{n}={rng.choice(CITADELS)}" for n in rng.sample(names, 4))
        actions.append(Action(state.mayor, "maire.repartir", placed))
    return [a for a in actions if RULES.validate(state, a) is None]


def _night_actions(state: GameState, rng: random.Random) -> list[Action]:
    names = [p.name for p in state.players]
    actions = []
    for player in state.players:
        if not player.alive:
            continue
        for verb in RULES.verbs:
            if not (verb.power.startswith(player.role + ".") or verb.power.startswith("loups.")):
                continue
            if rng.random() < 0.6:
                continue
            count = rng.randint(verb.min_targets, min(verb.max_targets, 1))
            action = Action(player.name, verb.power, tuple(rng.sample(names, count)))
            if RULES.validate(state, action) is None:
                actions.append(action)
    return actions


def _sound(state: GameState) -> None:
    allowed = {"habitant"} if state.phase == "J0-soir" else set(CITADEL_ROLES[len(state.players)])
    for citadel in CITADELS:
        inside = [p for p in state.players if p.markers.get("citadelle") == citadel]
        if not inside:
            continue
        assert len(inside) == len(state.players) // 4
        living = [p.role for p in inside if p.alive]
        assert living.count("sf") <= 1 and living.count("gm") <= 1, (citadel, living)
        assert set(living) <= allowed


def play(seed: int, checked: bool = True, events: list[dict[str, object]] | None = None) -> tuple[int, str | None]:
    rng = random.Random(seed)
    count = rng.choice((12, 16))
    state = RULES.setup([f"J{n:02d}" for n in range(count)], seed)
    phases = 0
    while state.winner is None and phases < 80:
        before = copy.deepcopy(state) if checked else None
        answers: dict[str, str] = {}
        outcome: Outcome
        if state.phase.startswith("J"):
            living = state.living()
            votes = {v: rng.choice(living) for v in living if rng.random() < 0.8}
            actions = _j0_actions(state, rng) if state.phase.startswith("J0") else []
            first = RULES.close_day(state, votes, {}, (), actions)
            for question in first.questions:
                if rng.random() < 0.7 and question.options:
                    answers[question.id] = rng.choice(question.options)
            outcome = RULES.close_day(state, votes, answers, (), actions)
        else:
            actions = _night_actions(state, rng)
            first = RULES.resolve_night(state, actions)
            for question in first.questions:
                if rng.random() < 0.7 and question.options:
                    answers[question.id] = rng.choice(question.options)
            outcome = RULES.resolve_night(state, actions, answers)
        if checked:
            assert state == before, f"{state.phase} changed the state it was given"
            assert not _mutable_ids(state, set()) & _mutable_ids(outcome.state, set())
            if outcome.state.winner is None:
                expected = phase_after(state.phase)
                skipped = state.phase == "J0-matin" and outcome.state.phase == "J0-soir"
                assert outcome.state.phase == expected or skipped, (state.phase, outcome.state.phase)
            _sound(outcome.state)
        if events is not None:
            events.extend(e.as_json() for e in outcome.events)
        state = outcome.state
        phases += 1
    return phases, state.winner


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_their_inputs_and_the_citadels_sound(seed: int) -> None:
    play(seed)


def test_random_games_end() -> None:
    """Most random games reach one of the outcomes the rules name."""
    winners = [play(seed, checked=False)[1] for seed in range(30)]
    assert sum(w is not None for w in winners) >= 25
    assert set(winners) - {None} <= {"village", "loups", "aucun", *(f"citadelle_{c}" for c in CITADELS)}
