"""The random-games bench still plays every rule set, and both copying paths (today's and the old
deepcopy) play the same games: a few games each, no timing asserted (figures belong to bench/)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from meneur.engine.model import GameState, Outcome

BENCH = Path(__file__).resolve().parents[1] / "bench" / "random_games.py"


def test_the_bench_plays_every_rule_set_the_same_on_both_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _bench()
    monkeypatch.setattr(sys, "argv", ["random_games.py", "--games", "4", "--repeat", "1"])
    bench.main()  # stops with SystemExit when the two paths disagree
    lines = capsys.readouterr().out.splitlines()
    names = {line.split()[0] for line in lines[1:]}
    assert names == {
        "classique", "convivialite", "trinite-meuporg", "trinite", "hameau", "citadelles", "double-roles",
        "classique+baguette",
    }  # fmt: skip


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("random_games_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_digest_is_the_same_for_the_same_games_and_sees_another_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--hash`` (what a faster engine is checked with): the same games give the same digest, on both copying
    paths; games played otherwise (each seed moved by one) give another."""
    bench = _bench()
    first = bench.digest("double-roles", 3)
    assert bench.digest("double-roles", 3) == first
    monkeypatch.setattr(GameState, "copy", bench.deepcopy_path)
    assert bench.digest("double-roles", 3) == first
    monkeypatch.setitem(bench.GAMES, "double-roles", lambda seed: bench.play_double_roles(seed + 1))
    assert bench.digest("double-roles", 3) != first


def test_the_composed_rule_set_is_digested_through_its_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """``classique+baguette`` (the base with the module): its digest records the composed rule set's phases
    (the wand's events among them), the same on both copying paths, another for other games."""
    bench = _bench()
    first = bench.digest("classique+baguette", 3)
    seen: list[str] = []
    composed = bench._installed("classique+baguette")

    def close_day(*args: object, **kwargs: object) -> object:
        outcome = composed.close_day(*args, **kwargs)  # type: ignore[arg-type]
        seen.extend(e.type for e in outcome.events)
        return outcome

    monkeypatch.setitem(bench._COMPOSED_RULES, "classique+baguette", replace(composed, close_day=close_day))
    assert bench.digest("classique+baguette", 3) == first
    assert "magicien_elected" in seen or "magicien_drawn" in seen  # the module's own J0 played
    monkeypatch.setitem(bench._COMPOSED_RULES, "classique+baguette", composed)
    monkeypatch.setattr(GameState, "copy", bench.deepcopy_path)
    assert bench.digest("classique+baguette", 3) == first
    monkeypatch.setitem(bench.GAMES, "classique+baguette", lambda seed: bench.play_baguette(seed + 1))
    assert bench.digest("classique+baguette", 3) != first


def test_the_events_digest_sees_the_facts_not_the_shape_of_the_markers(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--hash-events``: states that keep the same facts in other shapes (a counter at 0 left out, the markers in
    another order) give the digest of the games as played; a counter changed (one more potion everywhere) gives
    another; plain ``--hash`` sees the shape too."""
    bench = _bench()
    first, plain = bench.digest("double-roles", 3, known=True), bench.digest("double-roles", 3)
    rules = bench._installed("double-roles")

    def reshaped(change: Callable[[dict[str, object]], object]) -> None:
        """Each phase's new state, its markers changed by ``change`` before the digest (and the next phase) sees
        them."""

        def wrap(phase: Callable[..., Outcome]) -> Callable[..., Outcome]:
            def play(*args: object, **kwargs: object) -> Outcome:
                outcome = phase(*args, **kwargs)
                for player in outcome.state.players:
                    change(player.markers)
                return outcome

            return play

        shaped = replace(rules, close_day=wrap(rules.close_day), resolve_night=wrap(rules.resolve_night))
        monkeypatch.setattr(bench, "_installed", lambda name: shaped)

    def lean(markers: dict[str, object]) -> None:  # the counters at 0 out, the others in reverse order
        kept = [(k, v) for k, v in markers.items() if not (type(v) is int and v == 0)]
        markers.clear()
        markers.update(reversed(kept))

    reshaped(lean)  # the next phases play from the lean markers: the rules read a missing counter as 0
    assert bench.digest("double-roles", 3, known=True) == first
    assert bench.digest("double-roles", 3) != plain
    reshaped(lambda markers: markers.update(potions=markers.get("potions", 0) + 1))
    assert bench.digest("double-roles", 3, known=True) != first
