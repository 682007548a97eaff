"""`classique`'s winner, read in one pass that counts the camps (and tells whether a werewolf lives, for the
Traître's turn at a resolution's end), must read what the rules say, written here plainly over the set of the
living players' camps: over random tables of every role and camp, living or dead, cursed, charmed, in love."""

from __future__ import annotations

import random

import pytest
from meneur.engine.model import GameState
from meneur.engine.rulesets.classique import ROLE_ORDER, check_winner, close_decided_day, setup
from meneur.engine.rulesets.classique.roles import WOLVES

NAMES = ["Alice", "Bob", "Carole", "David", "Eve", "Fanny", "Gaston", "Hugo", "Inès", "Jules", "Karim", "Léa"]
CAMPS = ("village", "village", "village", "loups", "vampires", "flute")
ROLES = (*ROLE_ORDER, "loup_garou", "traitre", "traitre", "joueur_de_flute")


def _random_table(seed: int) -> GameState:
    rng = random.Random(seed)
    names = NAMES[: rng.randint(2, len(NAMES))]
    roles = {name: rng.choice(ROLES) for name in names}
    state = setup(names, seed, roles=roles, options={"victoire_parite": rng.random() < 0.5})
    state.phase = "J3"
    for player in state.players:
        player.alive = rng.random() < 0.5  # few living players: the games' ends, where winners are read
        if rng.random() < 0.3:
            player.camp = rng.choice(CAMPS)
        if rng.random() < 0.15:
            player.markers["loup"] = True  # cursed, bitten, the Lapinou's, a Traître's
        if rng.random() < 0.7:
            player.markers["charme"] = True
        if rng.random() < 0.1:
            player.markers["pouvoirs_perdus"] = True
    if rng.random() < 0.3:  # two lovers
        first, second = rng.sample(state.players, 2)
        first.markers["amoureux"], second.markers["amoureux"] = second.name, first.name
    return state


def _as_the_rules_read(state: GameState) -> str | None:
    """The winner over the set of the living players' camps (a werewolf's: "loups"), as the rule book says it."""
    living = [p for p in state.players if p.alive]
    wolf = [p.role in WOLVES or bool(p.markers.get("loup")) for p in living]
    camps = {"loups" if is_wolf else p.camp for p, is_wolf in zip(living, wolf, strict=True)}
    pack = sum(1 for p, is_wolf in zip(living, wolf, strict=True) if is_wolf or p.camp == "loups")
    flute = next((p for p in living if p.role == "joueur_de_flute" and not p.markers.get("pouvoirs_perdus")), None)
    if not living:
        return "aucun"
    if len(living) == 2 and living[0].markers.get("amoureux") == living[1].name:
        return "amoureux"
    if flute and all(p.markers.get("charme") for p in living if p is not flute and p.name != flute.name):
        return "flute"
    if camps == {"loups"}:
        return "loups"
    parity = state.memory.get("options", {}).get("victoire_parite", False)
    if 2 * pack >= len(living) and not camps & {"vampires", "flute"} and parity:
        return "loups"
    if camps == {"vampires"}:
        return "vampires"
    if not camps & {"loups", "vampires", "flute"}:
        return "village"
    return None


@pytest.mark.parametrize("block", range(5))
def test_check_winner_reads_the_camps_as_the_rules_do(block: int) -> None:
    seen: set[str | None] = set()
    for seed in range(block * 400, block * 400 + 400):
        state = _random_table(seed)
        found = check_winner(state)
        assert found == _as_the_rules_read(state), seed
        seen.add(found)
    # The tables reach every end.
    assert {None, "aucun", "amoureux", "flute", "loups", "vampires", "village"} <= seen


@pytest.mark.parametrize("block", range(5))
def test_a_resolution_ends_with_the_traitors_turn_then_the_winner(block: int) -> None:
    """Every phase's end: when no werewolf lives, each living Traître becomes one ("Lorsque tous les loups sont
    morts, le traître devient alors un véritable loup"), and only then is the winner read."""
    turned_seen = 0
    for seed in range(block * 400, block * 400 + 400):
        state = _random_table(seed)
        expected = state.copy()
        traitors = [p for p in expected.players if p.alive and p.role == "traitre"]
        if not any(p.alive and (p.role in WOLVES or p.markers.get("loup")) for p in expected.players):
            for traitor in traitors:
                traitor.role = "loup_garou"
                traitor.markers["loup"] = True
            turned_seen += bool(traitors)
        else:
            traitors = []
        winner = _as_the_rules_read(expected)
        outcome = close_decided_day(state, {}, None)  # nobody burnt: the phase only ends
        assert outcome.state.winner == winner, seed
        assert [p.role for p in outcome.state.players] == [p.role for p in expected.players], seed
        told = [e.data["player"] for e in outcome.events if e.type == "role_changed"]
        assert told == [p.name for p in traitors], seed
    assert turned_seen > 10  # the tables reach the Traître's turn
