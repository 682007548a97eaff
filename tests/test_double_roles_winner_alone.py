"""`double-roles`' ``check_winner`` has a short path for the common case, nobody in love. It must read the same
winner as the general path, which builds each player's love group: forced here on the same state by one player
loving himself (a love group of one, the same goals), over random tables of every nature, living or dead, with
Liches' phylactères and Assassins' targets."""

from __future__ import annotations

import random

import pytest
from meneur.engine.model import GameState
from meneur.engine.rulesets.double_roles import RULESET, check_winner

NAMES = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston", "Hugo", "Inès", "Jules"]
NATURES = ("villageois", "loup", "loup_solitaire", "assassin")


def _random_table(seed: int) -> GameState:
    rng = random.Random(seed)
    state = RULESET.setup(NAMES[: 6 + seed % 5], seed)
    names = [p.name for p in state.players]
    for player in state.players:
        player.markers.pop("amours", None)
        player.camp = rng.choice(NATURES)
        player.alive = rng.random() < 0.4  # few living players: the games' ends, where winners are read
        if player.camp == "loup_solitaire" and rng.random() < 0.5:
            player.markers["phylactere"] = rng.choice(names)
        if player.camp == "assassin":
            player.markers["cibles"] = rng.sample(names, rng.randint(0, 3))
    return state


def _general_path(state: GameState) -> str | None:
    """The same state read through the love groups: the first player loves himself (his group is himself)."""
    loving = state.copy()
    first = loving.players[0]
    first.markers["amours"] = [first.name]
    return check_winner(loving)


@pytest.mark.parametrize("block", range(10))
def test_nobody_in_love_reads_the_winner_the_general_path_reads(block: int) -> None:
    seen: set[str | None] = set()
    for seed in range(block * 300, block * 300 + 300):
        state = _random_table(seed)
        found = check_winner(state)
        assert found == _general_path(state), seed
        seen.add(found)
    # The tables reach the ends that matter: no end yet, and each side's.
    assert {None, "village", "loups", "aucun"} <= seen
    assert any(w and "assassin:" in w for w in seen) and any(w and "loup_solitaire" in w for w in seen)
