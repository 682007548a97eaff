"""Memory and time are bounded: capped answers and files, capped vote mentions and warnings (issue 11)."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.base import ForumSettings
from meneur.daemon.adapters.spirit import SpiritAdapter
from meneur.daemon.cli import main
from meneur.daemon.game import TOPIC
from meneur.daemon.http import PoliteClient, ResponseTooLarge
from meneur.daemon.poller import CountingStopped, Poller, open_alerts
from meneur.daemon.store import Store
from meneur.engine.names import NameResolver, PlayerName
from meneur.parsers.engines import NAMED
from meneur.parsers.layout import parse_topic_page
from meneur.parsers.records import MENTION_CAP, VoteFormat, VoteStatus

PLACE = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "spirit" / "j1-place"
BODY = '<div class="comment__text js-comment-text">'


def client(body: bytes, headers: dict[str, str] | None = None, max_bytes: int = 1024 * 1024) -> PoliteClient:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body, headers={"content-type": "text/html", **(headers or {})})

    return PoliteClient(
        httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None, max_bytes=max_bytes
    )


def test_an_answer_larger_than_the_cap_is_not_read() -> None:
    with pytest.raises(ResponseTooLarge, match="larger than 1024 KB"):
        client(b"<p>" * 1_000_000).get("http://127.0.0.1:9/topic/3/")


def test_a_small_gzip_that_inflates_past_the_cap_is_not_read() -> None:
    bomb = gzip.compress(b" " * 50_000_000)
    assert len(bomb) < 100_000
    with pytest.raises(ResponseTooLarge):
        client(bomb, {"content-encoding": "gzip"}).get("http://127.0.0.1:9/topic/3/")


def test_an_answer_under_the_cap_is_read_whole() -> None:
    page = (PLACE / "page-1.html").read_bytes()
    assert client(page).get("http://127.0.0.1:9/topic/3/").content == page


def test_a_huge_topic_page_is_a_page_error_for_the_poller(tmp_path: Path) -> None:
    page = (PLACE / "page-1.html").read_text(encoding="utf-8")
    huge = page.replace(BODY, BODY + "<p>" + "<strong>Je vote contre Lucas</strong> " * 40_000 + "</p>", 1).encode()
    assert len(huge) > 1024 * 1024
    http = client(huge)
    spirit = SpiritAdapter(http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"]))
    spirit.logged_in = True
    store = Store(tmp_path / "game.sqlite")
    poller = Poller(store, spirit, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC))
    with pytest.raises(CountingStopped):
        poller.poll_topic()
    assert "max_page_kb" in str(open_alerts(store, "layout")[0]["message"])


def test_count_refuses_a_file_larger_than_the_cap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = (PLACE / "case.toml").read_text(encoding="utf-8").replace("[forum]\n", "[forum]\nmax_page_kb = 32\n", 1)
    (tmp_path / "case.toml").write_text(case, encoding="utf-8")
    page = PLACE / "page-1.html"
    assert page.stat().st_size > 32 * 1024
    assert main(["count", "--config", str(tmp_path / "case.toml"), str(page)]) == 2
    assert "larger than 32 KB" in capsys.readouterr().err


def with_votes(unit: str, times: int, last: str = "") -> tuple[bytes, str]:
    """Page 1 of j1-place with Lucas's first comment holding ``unit`` ``times`` times, then ``last``."""
    html = (PLACE / "page-1.html").read_text(encoding="utf-8")
    clean = parse_topic_page(html.encode(), NAMED["spirit"])
    lucas = next(p for p in clean.posts if p.author == "Lucas")
    at = html.index(BODY, html.index(f'data-pk="{lucas.post_id}"')) + len(BODY)
    return (html[:at] + "<p>" + unit * times + last + "</p>" + html[at:]).encode(), lucas.post_id


def test_a_post_of_many_votes_keeps_few_mentions_and_its_last_vote() -> None:
    page, post_id = with_votes(
        "<strong>Je vote contre Lucie</strong> ", 20_000, "<strong>Je vote contre Zébulon</strong>"
    )
    mentions = parse_topic_page(page, NAMED["spirit"], fmt=VoteFormat(require_colour=False)).votes_of(post_id)
    assert mentions is not None and len(mentions) == MENTION_CAP
    assert mentions[-1].target == "Zébulon" and mentions[-1].status is VoteStatus.OK


def test_the_last_formatted_vote_stands_even_behind_unformatted_ones() -> None:
    page, post_id = with_votes("<strong>Je vote contre Zébulon</strong> " * 60 + "Je vote contre Lucie ", 300, "")
    mentions = parse_topic_page(page, NAMED["spirit"], fmt=VoteFormat(require_colour=False)).votes_of(post_id)
    assert mentions is not None and len(mentions) == MENTION_CAP
    assert [m.target for m in mentions if m.status is VoteStatus.OK][-1] == "Zébulon"


def test_thousands_of_malformed_votes_make_a_few_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MENEUR_LANG", raising=False)  # the MJ's language: French
    page, post_id = with_votes("Je vote contre Lucie ! ", 30_000)
    (tmp_path / "page-1.html").write_bytes(page)
    pages = [str(tmp_path / "page-1.html"), str(PLACE / "page-2.html"), str(PLACE / "page-3.html")]
    assert main(["count", "--config", str(PLACE / "case.toml"), "--json", *pages]) == 0
    result = json.loads(capsys.readouterr().out)
    theirs = [w for w in result["warnings"] if w["post_id"] == post_id]
    assert 1 <= len(theirs) <= 5
    assert any("autres votes mal formatés de ce genre : aucun n'est compté" in w["message"] for w in theirs)
    expected = json.loads((PLACE / "expected.json").read_text(encoding="utf-8"))
    assert result["current"] == expected["current"]
