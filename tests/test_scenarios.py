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


SMALL = """ruleset = "{ruleset}"
seed = 1
{top}
[[players]]
name = "Boris"
role = "{wolf}"

[[players]]
name = "Lucie"
role = "{other}"

[[phases]]
phase = "J0"
{phase}
"""


def write(tmp_path: Path, ruleset: str = "classique", top: str = "", phase: str = "") -> Path:
    roles = {"classique": ("seigneur_loup", "voyante"), "convivialite": ("detective", "sorciere")}[ruleset]
    path = tmp_path / "scenario.toml"
    path.write_text(SMALL.format(ruleset=ruleset, top=top, phase=phase, wolf=roles[0], other=roles[1]), "utf-8")
    return path


@pytest.mark.parametrize(
    ("top", "said"),
    [
        ('[options]\nvictoire_parite = "oui"', "is not one of"),
        ("[options]\nidiot_graces = true", "is not one of"),
        ("[options]\nparite = true", "unknown classique option"),
        ('[options]\nflute_victoire = "aube"', "does not apply yet"),
    ],
)
def test_a_wrong_option_is_refused_with_the_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], top: str, said: str
) -> None:
    assert main(["replay", "--json", str(write(tmp_path, top=top))]) == 2
    assert said in capsys.readouterr().err


def test_options_are_refused_by_a_rule_set_that_has_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "convivialite", top="[options]\nvictoire_parite = true")
    assert main(["replay", "--json", str(path)]) == 2
    assert "has no options" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("phase", "said"),
    [
        ('deadline = "2026-01-01T20:00:00"', "needs its offset"),
        ('deadline = "demain soir"', "deadline 'demain soir' is not an ISO 8601 time"),
    ],
)
def test_a_deadline_needs_a_time_with_its_offset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], phase: str, said: str
) -> None:
    assert main(["replay", "--json", str(write(tmp_path, phase=phase))]) == 2
    assert said in capsys.readouterr().err


def test_a_night_takes_no_deadline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, phase='\n[[phases]]\nphase = "N1"\ndeadline = "2026-01-01T20:00:00+01:00"')
    assert main(["replay", "--json", str(path)]) == 2
    assert "is a night" in capsys.readouterr().err
