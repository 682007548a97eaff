"""The random-games bench still plays every rule set, and both copying paths (today's and the old
deepcopy) play the same games: a few games each, no timing asserted (figures belong to bench/)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "random_games.py"


def test_the_bench_plays_every_rule_set_the_same_on_both_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("random_games_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(sys, "argv", ["random_games.py", "--games", "4", "--repeat", "1"])
    bench.main()  # stops with SystemExit when the two paths disagree
    lines = capsys.readouterr().out.splitlines()
    names = {line.split()[0] for line in lines[1:]}
    assert names == {"classique", "convivialite", "trinite-meuporg", "trinite", "hameau", "citadelles", "double-roles"}
