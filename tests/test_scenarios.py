"""Every scenario under fixtures/scenarios replayed through `meneur replay --json`, checked against the
outcome its author wrote by hand in `[expect]`."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from meneur.daemon.cli import main

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "scenarios").glob("*/*.toml"))


def cases() -> list[object]:
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}") for path in SCENARIOS]


@pytest.mark.parametrize("path", cases())
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect = tomllib.loads(path.read_text(encoding="utf-8")).get("expect", {})
    assert main(["replay", "--json", str(path)]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    final = events[-1]
    assert final["type"] == "final"
    deaths = Counter((e["phase"], e["player"], e["cause"]) for e in events if e["type"] == "death")
    assert deaths == Counter((d["phase"], d["player"], d["cause"]) for d in expect.get("deaths", []))
    if "alive" in expect:
        assert sorted(final["alive"]) == sorted(expect["alive"])
    assert final["winner"] == expect.get("winner")
    for wanted in expect.get("events", []):
        assert any(all(e.get(k) == v for k, v in wanted.items()) for e in events), wanted
    for unwanted in expect.get("absent", []):
        assert not any(all(e.get(k) == v for k, v in unwanted.items()) for e in events), unwanted


def test_replay_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS[0]
    main(["replay", "--json", str(path)])
    first = capsys.readouterr().out
    main(["replay", "--json", str(path)])
    assert capsys.readouterr().out == first
