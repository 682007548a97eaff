"""``meneur probe PAGE.html``: selectors for an unknown forum from one saved topic page.

Every fixture forum's pages are probed through the CLI with no selectors given; the block it prints
is pasted (parsed as TOML, as the MJ would paste it) and read with the real generic reader. The
selectors meneur already has for those forums are the truth: the probe's must read the same posts
(ids, authors, dates, bodies, vote mentions) and the same pagination, and a day counted with them
must give the day's golden count. Pages of other shapes (fixtures/forums/probe) and hostile files
are probed too: a French error, never a traceback.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main
from meneur.parsers.engines import NAMED, generic_layout
from meneur.parsers.layout import Layout, parse_topic_page
from meneur.parsers.records import TopicPage, VoteFormat

ROOT = Path(__file__).resolve().parent.parent
TOPICS = ROOT / "fixtures" / "topics"
OWN = ROOT / "fixtures" / "forums" / "probe"
CASES = sorted(p.parent for p in TOPICS.glob("*/*/case.toml"))
PAGES = [(case, page) for case in CASES for page in sorted(case.glob("page-*.html"))]


@pytest.fixture(autouse=True)
def _french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MENEUR_LANG", "fr")


def case_toml(case: Path) -> dict[str, Any]:
    return tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))


def known_layout(case: Path) -> Layout:
    forum = case_toml(case)["forum"]
    if forum["engine"] == "generic":
        return generic_layout(forum["selectors"])
    return NAMED[forum["engine"]]


def probe(page: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    code = main(["probe", str(page), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def block_of(out: str) -> str:
    """The [forum.selectors] block of the report, as the MJ copies it."""
    lines = out.splitlines()
    start = lines.index("[forum.selectors]")
    return "\n".join(lines[start : lines.index("", start)])


def pasted(out: str) -> dict[str, Any]:
    """The block parsed as the MJ's configuration would parse it."""
    return tomllib.loads(block_of(out))["forum"]["selectors"]


def missing_notes(out: str) -> list[str]:
    """The report's list of what was not found on the page."""
    if "Introuvable sur cette page" not in out:
        return []
    part = out.split("Introuvable sur cette page", 1)[1].split("\n\n", 1)[0]
    return [line[4:] for line in part.splitlines() if line.startswith("  - ")]


def reading(page: TopicPage) -> list[tuple[Any, ...]]:
    return [(p.post_id, p.author, p.posted_at, p.content_text, page.votes_of(p.post_id)) for p in page.posts]


@pytest.mark.parametrize("case,page", PAGES, ids=[f"{c.parent.name}/{c.name}/{p.stem}" for c, p in PAGES])
def test_probe_reads_the_same_posts_as_the_known_selectors(
    case: Path, page: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tz = case_toml(case)["forum"].get("timezone", "Europe/Paris")
    code, out, err = probe(page, capsys, "--tz", tz)
    assert code == 0, err + out
    selectors = pasted(out)
    raw = page.read_bytes()
    fmt = VoteFormat()
    truth = parse_topic_page(raw, known_layout(case), tz, fmt)
    found = parse_topic_page(raw, generic_layout(selectors), tz, fmt)
    assert reading(found) == reading(truth)
    assert (found.pagination.current, found.pagination.last) == (truth.pagination.current, truth.pagination.last)
    assert dict(found.pagination.links).keys() == dict(truth.pagination.links).keys()
    if "author_id" in selectors:
        assert [p.author_id for p in found.posts] == [p.author_id for p in truth.posts]
    else:  # said, not guessed
        assert any(note.startswith("author_id") for note in missing_notes(out))
    # What the report shows the MJ is that reading: each post's id, author and local time.
    for post in found.posts[:3]:
        line = next(line for line in out.splitlines() if f"#{post.post_id} " in line)
        assert post.author in line


def pages_of(case: Path) -> list[Path]:
    return sorted(case.glob("page-*.html"), key=lambda p: int(p.stem.split("-")[1]))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_a_day_counted_with_the_probed_selectors_gives_the_golden_count(
    case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The MJ's way: probe the pages, keep the proposal that left nothing out (an edited post, a
    quote show only on some pages), paste it as a generic forum, count the day."""
    config = case_toml(case)
    tz = config["forum"].get("timezone", "Europe/Paris")
    proposals = []
    for page in pages_of(case):
        code, out, err = probe(page, capsys, "--tz", tz)
        assert code == 0, err
        proposals.append((len(missing_notes(out)), block_of(out)))
    best = min(proposals, key=lambda p: p[0])[1]
    text = (case / "case.toml").read_text(encoding="utf-8")
    rest = text[text.index("[game]") :] if "[game]" in text else text[text.index("[[players]]") :]
    if config["forum"]["engine"] == "spirit" and "[votes]" not in rest:  # Markdown: bold is the vote format
        rest = "[votes]\nrequire_colour = false\n\n" + rest
    pasted_config = f'[forum]\nengine = "generic"\ntimezone = "{tz}"\n\n{best}\n\n{rest}'
    (tmp_path / "probed.toml").write_text(pasted_config, encoding="utf-8")
    assert main(["count", "--json", "--config", str(tmp_path / "probed.toml"), *map(str, pages_of(case))]) == 0
    result = json.loads(capsys.readouterr().out)
    expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    assert result["current"] == expected["current"]
    assert result["tally"] == expected["tally"]
    assert result["not_voted"] == expected["not_voted"]
    got = sorted((w["post_id"], w["kind"]) for w in result["warnings"])
    want = sorted((w["post_id"], w["kind"]) for w in expected["warnings"])
    assert got == want, (sorted(set(got) - set(want)), sorted(set(want) - set(got)))
