"""`trinite` through `meneur replay`: the vote counter keeps the post of the dead player OUIJA lets vote
(RuleSet.voters), and only on that day. MPs in canonical form (the vocabulary is tested elsewhere)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from meneur.daemon.cli import main

GAME = """ruleset = "trinite"
seed = 3
players = [
  {{ name = "Alice",  role = "arc",      group = 1, camp = "village" }},
  {{ name = "Bob",    role = "armure",   group = 1, camp = "village" }},
  {{ name = "Carole", role = "carte",    group = 1, camp = "village" }},
  {{ name = "David",  role = "potion",   group = 2, camp = "village" }},
  {{ name = "Eve",    role = "chapelet", group = 2, camp = "village" }},
  {{ name = "Fanny",  role = "sceptre",  group = 2, camp = "village" }},
  {{ name = "Gaston", role = "dague",    group = 3, camp = "loups" }},
  {{ name = "Hugo",   role = "orbe",     group = 3, camp = "loups" }},
  {{ name = "Iris",   role = "baton",    group = 3, camp = "village" }},
]

[[phases]]
phase = "J0"
decrees = [ {{ kind = "kill", player = "Carole" }} ]

[[phases]]
phase = "N1"
mps = [ {{ from = "Fanny", text = "{mp}" }} ]

[[phases]]
phase = "J1"
posts = [ {{ author = "Carole", text = "[color=brown][b]Je vote contre Gaston[/b][/color]" }} ]

[[phases]]
phase = "N2"

[[phases]]
phase = "J2"
posts = [ {{ author = "Carole", text = "[color=brown][b]Je vote contre Hugo[/b][/color]" }} ]
"""


def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], mp: str) -> list[dict[str, object]]:
    path = tmp_path / "ouija.toml"
    path.write_text(GAME.format(mp=mp), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_dead_voter_of_ouija_votes_the_next_day_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = replay(tmp_path, capsys, "!sceptre.ouija Carole")
    assert {"type": "ouija_announced", "phase": "N1", "audience": "public", "player": "Carole"} in events
    counts = {e["phase"]: e["counts"] for e in events if e["type"] == "vote_result"}
    assert counts["J1"] == {"Gaston": 1}
    assert [(e["phase"], e["player"]) for e in events if e["type"] == "death"] == [("J0", "Carole"), ("J1", "Gaston")]
    assert counts["J2"] == {}  # "lors de la prochaine journée": not the day after
    assert any(e["type"] == "vote_warning" and e["phase"] == "J2" and e["kind"] == "voter_dead" for e in events)


def test_without_ouija_the_dead_do_not_vote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = replay(tmp_path, capsys, "!sceptre.pacte")  # a day power by night: refused, no OUIJA
    counts = {e["phase"]: e["counts"] for e in events if e["type"] == "vote_result"}
    assert counts["J1"] == {}
    assert any(e["type"] == "vote_warning" and e["phase"] == "J1" and e["kind"] == "voter_dead" for e in events)
