"""`double-roles`' ``check_winner`` first asks a short question, ``_goes_on``: a Villageois and a Loup alive, neither
of them in love nor loved. Its answer is the one its rule gives, read here the long way (the lists of such players
and of the loved), over random tables with lovers, living or dead, and empty lists of lovers; and when it says the
game goes on, the full reading finds no winner either. The day's end reads the winner once after the pyre's
deaths (``close_day`` does not read it again when nothing changed since): a pyre, or the Chasseur's shot it brings,
that ends the game ends it at once, once."""

from __future__ import annotations

import random

import pytest
from meneur.engine.model import GameState, Outcome
from meneur.engine.rulesets.double_roles import RULESET
from meneur.engine.rulesets.double_roles.winning import _goes_on, _winner

NAMES = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston", "Hugo", "Inès", "Jules"]
NATURES = ("villageois", "loup", "loup_solitaire", "assassin")


def _rule(state: GameState) -> bool:
    """The rule, the long way: the living Villageois and Loups with no lover, the names loved by anyone."""
    loved = {name for p in state.players for name in p.markers.get("amours", [])}
    free = [p for p in state.players if p.alive and not p.markers.get("amours")]
    villagers = [p.name for p in free if p.camp == "villageois"]
    wolves = [p.name for p in free if p.camp == "loup"]
    return any(v not in loved for v in villagers) and any(w not in loved for w in wolves)


def _random_table(seed: int) -> GameState:
    rng = random.Random(seed)
    state = RULESET.setup(NAMES[: 6 + seed % 5], seed)
    names = [p.name for p in state.players]
    for player in state.players:
        player.camp = rng.choice(NATURES)
        player.alive = rng.random() < 0.7
        draw = rng.random()
        if draw < 0.15:
            player.markers["amours"] = rng.sample(names, rng.randint(1, 2))
        elif draw < 0.2:
            player.markers["amours"] = []  # a list of lovers left empty: not in love
        else:
            player.markers.pop("amours", None)
    return state


@pytest.mark.parametrize("block", range(6))
def test_goes_on_answers_as_its_rule_and_only_when_nobody_has_won(block: int) -> None:
    answers = set()
    for seed in range(block * 400, block * 400 + 400):
        state = _random_table(seed)
        goes_on = _goes_on(state)
        assert goes_on == _rule(state), seed
        if goes_on:
            assert _winner(state) is None, seed
        answers.add((goes_on, any(p.markers.get("amours") for p in state.players)))
    assert answers == {(True, True), (True, False), (False, True), (False, False)}  # with lovers and without


SEVEN = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston"]


def _day1(natures: dict[str, str], roles: dict[str, str] | None = None) -> GameState:
    """Seven players (two passive roles each unless told), J0 and a quiet first night: J1."""
    full = {n: (roles or {}).get(n, "croque_mort+croque_mort") for n in SEVEN}
    state = RULESET.setup(SEVEN, 5, full, camps={n: natures.get(n, "villageois") for n in SEVEN})
    state = RULESET.close_day(state, {}).state
    return RULESET.resolve_night(state, []).state


def _ends(outcome: Outcome) -> list[str]:
    return [str(e.data["winner"]) for e in outcome.events if e.type == "game_over"]


def test_a_pyre_that_burns_the_last_wolf_ends_the_game_at_once_and_once() -> None:
    state = _day1({"Bruno": "loup"})  # the only wolf; no Loup Solitaire, no Assassin
    out = RULESET.close_day(state, {"Alice": "Bruno", "Carla": "Bruno"})
    assert [e.data["player"] for e in out.events if e.type == "death"] == ["Bruno"]
    assert _ends(out) == ["village"] and out.state.winner == "village"
    assert out.state.phase == "J1"  # the game ends on the day it was won: no next phase


def test_a_pyre_that_leaves_the_game_open_moves_on_to_the_night() -> None:
    state = _day1({"Bruno": "loup", "Carla": "loup"})
    out = RULESET.close_day(state, {"Alice": "Bruno", "Gaston": "Bruno"})
    assert [e.data["player"] for e in out.events if e.type == "death"] == ["Bruno"]
    assert _ends(out) == [] and out.state.winner is None and out.state.phase == "N2"


def test_the_burnt_chasseur_who_shoots_the_last_wolf_ends_the_game() -> None:
    state = _day1({"Bruno": "loup"}, {"Alice": "chasseur+croque_mort"})
    out = RULESET.close_day(state, {"Bruno": "Alice", "Carla": "Alice"}, {"J1:chasseur:Alice": "Bruno"})
    assert [e.data["player"] for e in out.events if e.type == "death"] == ["Alice", "Bruno"]
    assert _ends(out) == ["village"] and out.state.winner == "village"
