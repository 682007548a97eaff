"""`double-roles` random games: dealt from the seed (all 26 roles), random valid-looking actions and votes every
phase. Properties: the engine never changes the state it is given, the same inputs give the same outcome, every
action it keeps passes ``validate``, and games end with a winner of the SPEC's form."""

from __future__ import annotations

import random
import re

import pytest
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.double_roles import RULESET
from meneur.engine.rulesets.double_roles.rules import powers_of
from meneur.engine.rulesets.double_roles.validation import POWERS, powers_by_player

NAMES = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston", "Hugo", "Inès", "Jules"]
WINNER = re.compile(r"^(aucun|(village|loups|loup_solitaire|amoureux|assassin:\w+|amoureux:\w+)(,|$))+")


def _actions(state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    everyone = [p.name for p in state.players]
    out = []
    for name in living:
        for power in powers_of(state, name):
            spec = POWERS[power]
            if spec.day != state.phase.startswith("J") and not spec.anytime:
                continue
            if rng.random() < 0.5:
                continue
            count = rng.randint(spec.targets, spec.most or spec.targets)
            pool = everyone if power == "detective.enqueter" else living
            targets = rng.sample(pool, min(count, len(pool)))
            if spec.words:
                targets = [*targets[: spec.targets], rng.choice(spec.words)]
            out.append(Action(name, power, tuple(targets), source=f"{state.phase}:{name}:{power}"))
    return out


def _step(state: GameState, rng: random.Random) -> Outcome:
    actions = _actions(state, rng)
    if state.phase.startswith("J"):
        living = state.living()
        votes = {v: rng.choice(living) for v in living if rng.random() < 0.8}
        return RULESET.close_day(state, votes, {}, (), actions)
    return RULESET.resolve_night(state, actions, {}, ())


@pytest.mark.parametrize("seed", range(40))
def test_random_game(seed: int) -> None:
    rng = random.Random(seed)
    state = RULESET.setup(NAMES[: 6 + seed % 5], seed)
    for _ in range(40):
        if state.winner:
            break
        before = repr(state)
        mark = rng.getstate()
        outcome = _step(state, rng)
        assert repr(state) == before, "the given state was changed"
        rng.setstate(mark)
        again = _step(state, rng)
        assert repr(again.state) == repr(outcome.state) and again.events == outcome.events, "not deterministic"
        # Everyone's powers in one pass (what the bench asks) are each player's ``powers_of``.
        assert powers_by_player(outcome.state) == {p.name: powers_of(outcome.state, p.name) for p in state.players}
        for event in outcome.events:
            if event.type == "action_received":
                power = event.data["power"]
                assert power in POWERS
        state = outcome.state
    if state.winner:
        assert WINNER.match(state.winner), state.winner
