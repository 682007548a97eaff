"""Golden tests: every fixture day under fixtures/topics counted through the public CLI.

The expected results were written by hand from each day's story (see each folder's NOTES.md).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from meneur.daemon.cli import main

TOPICS = Path(__file__).resolve().parent.parent / "fixtures" / "topics"
CASES = sorted(p.parent for p in TOPICS.glob("*/*/expected.json"))


def pages_of(case: Path) -> list[str]:
    return [str(p) for p in sorted(case.glob("page-*.html"), key=lambda p: int(p.stem.split("-")[1]))]


def run_count(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    code = main(["count", "--json", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_every_engine_has_fixtures() -> None:
    engines = {case.parent.name for case in CASES}
    assert {"phpbb3", "phpbb2", "spirit", "generic"} <= engines
    for case in CASES:
        assert len(pages_of(case)) >= 2, case


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_golden_count(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    result = run_count(["--config", str(case / "case.toml"), *pages_of(case)], capsys)
    assert result["current"] == expected["current"]
    assert result["tally"] == expected["tally"]
    assert result["not_voted"] == expected["not_voted"]
    got = Counter((w["post_id"], w["kind"]) for w in result["warnings"])
    want = Counter((w["post_id"], w["kind"]) for w in expected["warnings"])
    assert got == want
    assert all(w["message"].strip() for w in result["warnings"])


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_page_order_does_not_matter(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    forward = run_count(["--config", str(case / "case.toml"), *pages_of(case)], capsys)
    backward = run_count(["--config", str(case / "case.toml"), *reversed(pages_of(case))], capsys)
    assert forward == backward
