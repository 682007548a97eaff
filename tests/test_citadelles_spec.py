"""SPEC.md of `citadelles` (what scenarios and corpora are written from) kept true: its project table is the
engine's, and every event type and question kind the engine emits in random games is named there."""

from __future__ import annotations

import re
from pathlib import Path

from meneur.engine.rulesets.citadelles.projects import PROJECTS
from meneur.tests.test_citadelles_random import play

SPEC = (Path(__file__).resolve().parent.parent / "engine" / "rulesets" / "citadelles" / "SPEC.md").read_text("utf-8")
# Events meneur's own layers add around the rule set's (the vote counter's, the MP reader's, replay's).
GENERIC = {"setup", "final", "vote_warning", "mp_not_understood", "mp_not_an_order", "mp_doubt", "action_unclear"}


def test_the_project_table_is_the_engines() -> None:
    for citadel, table in PROJECTS.items():
        row = next(line for line in SPEC.splitlines() if line.startswith(f"| {citadel} |"))
        listed = dict(re.findall(r"`(\w+)` \[(\d)\]", row))
        for pid, project in table.items():
            if pid in listed:
                assert int(listed[pid]) == project.need, (citadel, pid)
            else:  # the common projects are listed once, in the North's row
                assert f"`{pid}`" in row, (citadel, pid)
        assert set(re.findall(r"`(\w+)`", row.split("|")[2])) == set(table), citadel


def test_every_event_and_question_the_engine_emits_is_in_the_spec() -> None:
    types: set[str] = set()
    kinds: set[str] = set()
    for seed in range(40):
        events: list[dict[str, object]] = []
        play(seed, checked=False, events=events)
        types |= {str(e["type"]) for e in events}
        kinds |= {str(e["id"]).split(":")[1] for e in events if e["type"] == "question"}
    assert {"death", "project_result", "citadels_final", "question"} <= types
    missing = sorted(t for t in types - GENERIC if f"`{t}`" not in SPEC)
    assert not missing, f"events not in SPEC.md: {missing}"
    missing = sorted(k for k in kinds if f":{k}" not in SPEC)
    assert not missing, f"questions not in SPEC.md: {missing}"
