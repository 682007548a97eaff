"""A page is read whole or not at all: deep posts, pages cut short, encodings (issue 11)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.base import ForumSettings
from meneur.daemon.adapters.spirit import SpiritAdapter
from meneur.daemon.cli import main
from meneur.daemon.game import TOPIC
from meneur.daemon.http import PoliteClient
from meneur.daemon.poller import CountingStopped, Poller, open_alerts
from meneur.daemon.store import Store
from meneur.engine.names import NameResolver, PlayerName
from meneur.parsers.engines import NAMED
from meneur.parsers.layout import parse_topic_page
from meneur.parsers.records import PageIncomplete, VoteFormat

TOPICS = Path(__file__).resolve().parent.parent / "fixtures" / "topics"
VILLAGE = TOPICS / "phpbb3" / "j1-village"
PLACE = TOPICS / "spirit" / "j1-place"
BOLD = VoteFormat(require_colour=False)


def nest_in_post(html: str, marker: str, index: int, opening: str, closing: str, depth: int) -> str:
    """The page with the ``index``-th body (found by ``marker``) starting with ``depth`` nested elements."""
    starts = [m.end() for m in re.finditer(re.escape(marker), html)]
    at = starts[index]
    return html[:at] + opening * depth + "profond" + closing * depth + html[at:]


def votes_after(page, first: int) -> list[tuple[str, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return [(p.post_id, tuple(m.target for m in page.votes_of(p.post_id) or ())) for p in page.posts[first:]]


def test_a_post_of_250_nested_spans_hides_no_later_post() -> None:
    html = (VILLAGE / "page-1.html").read_text(encoding="utf-8")
    clean = parse_topic_page(html.encode(), NAMED["phpbb3"], fmt=VoteFormat())
    deep = nest_in_post(html, '<div class="content">', 2, '<span style="color:brown">', "</span>", 250)
    page = parse_topic_page(deep.encode(), NAMED["phpbb3"], fmt=VoteFormat())
    assert len(page.posts) == len(clean.posts) == 10
    assert votes_after(page, 3) == votes_after(clean, 3)
    assert any(targets for _, targets in votes_after(page, 3))  # later votes are there to be lost
    assert page.pagination == clean.pagination


def test_a_markdown_post_nested_a_thousand_deep_hides_no_later_comment() -> None:
    # 2 000 asterisks around a word: spirit's Markdown makes ~1 000 nested <em>/<strong>.
    html = (PLACE / "page-1.html").read_text(encoding="utf-8")
    clean = parse_topic_page(html.encode(), NAMED["spirit"], fmt=BOLD)
    deep = nest_in_post(html, '<div class="comment__text js-comment-text">', 1, "<em><strong>", "</strong></em>", 500)
    page = parse_topic_page(deep.encode(), NAMED["spirit"], fmt=BOLD)
    assert [p.post_id for p in page.posts] == [p.post_id for p in clean.posts]
    assert votes_after(page, 2) == votes_after(clean, 2)
    assert "profond" in page.posts[1].content_text


def test_a_post_nested_deeper_than_the_parser_reads_loses_only_its_deepest_tags() -> None:
    # libxml2 stops at depth 2048 even with huge_tree: the page is read again with the tags nested
    # past 1500 left out (their text kept), and every later post is there.
    html = (VILLAGE / "page-1.html").read_text(encoding="utf-8")
    clean = parse_topic_page(html.encode(), NAMED["phpbb3"], fmt=VoteFormat())
    deep = nest_in_post(html, '<div class="content">', 2, '<span style="color:brown">', "</span>", 3000)
    page = parse_topic_page(deep.encode(), NAMED["phpbb3"], fmt=VoteFormat())
    assert clean.flattened == 0 and page.flattened > 2 * (3000 - 1500)
    assert [p.post_id for p in page.posts] == [p.post_id for p in clean.posts]
    assert votes_after(page, 3) == votes_after(clean, 3)
    assert [p.content_hash for p in page.posts[3:]] == [p.content_hash for p in clean.posts[3:]]
    assert "profond" in page.posts[2].content_text
    assert page.pagination == clean.pagination


def test_a_page_cut_short_by_the_network_is_a_page_error() -> None:
    raw = (VILLAGE / "page-1.html").read_bytes()
    cut = raw[: raw.index(b'id="p', len(raw) // 2)]  # in the middle of the posts
    with pytest.raises(PageIncomplete, match="cut short"):
        parse_topic_page(cut, NAMED["phpbb3"])


def test_count_exits_2_on_a_page_cut_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pages = sorted(VILLAGE.glob("page-*.html"))
    cut = tmp_path / "page-2.html"
    raw = pages[1].read_bytes()
    cut.write_bytes(raw[: len(raw) // 2])
    args = ["count", "--config", str(VILLAGE / "case.toml"), "--json", str(pages[0]), str(cut), str(pages[2])]
    assert main(args) == 2
    assert "page-2.html" in capsys.readouterr().err


def spirit_poller(tmp_path: Path, served: dict[str, bytes]) -> tuple[Poller, Store]:
    """A poller over spirit pages served from memory, by ``?page=N``."""

    def handler(request: httpx.Request) -> httpx.Response:
        number = request.url.params.get("page", "1")
        return httpx.Response(200, content=served[number], headers={"content-type": "text/html; charset=utf-8"})

    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None)
    spirit = SpiritAdapter(http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"]))
    spirit.logged_in = True
    store = Store(tmp_path / "game.sqlite")
    resolver = NameResolver([PlayerName("Lucas")])
    return Poller(store, spirit, TOPIC, resolver, lambda: datetime.now(UTC)), store


def test_a_page_cut_short_marks_no_post_deleted_and_opens_an_alert(tmp_path: Path) -> None:
    pages = {str(n): (PLACE / f"page-{n}.html").read_bytes() for n in (1, 2, 3)}
    served = dict(pages)
    poller, store = spirit_poller(tmp_path, served)
    poller.poll_topic(full=True)
    before = {p.post_id for p in store.posts(TOPIC)}
    assert len(before) == 42
    served["2"] = pages["2"][: len(pages["2"]) * 2 // 3]
    with pytest.raises(CountingStopped):
        poller.poll_topic(full=True)
    assert store.deleted_posts(TOPIC) == set()
    assert {p.post_id for p in store.posts(TOPIC)} == before
    assert "cut short" in str(open_alerts(store, "layout")[0]["message"])


def test_a_post_edited_to_2500_levels_deletes_nothing_and_tells_the_mj(tmp_path: Path) -> None:
    pages = {str(n): (PLACE / f"page-{n}.html").read_bytes() for n in (1, 2, 3)}
    served = dict(pages)
    poller, store = spirit_poller(tmp_path, served)
    poller.poll_topic(full=True)
    html = pages["1"].decode("utf-8")
    served["1"] = nest_in_post(html, '<div class="comment__text js-comment-text">', 3, "<em>", "</em>", 2500).encode()
    result = poller.poll_topic(full=True)
    assert store.deleted_posts(TOPIC) == set() and result.deleted == []
    assert len(store.posts(TOPIC)) == 42 and len(result.edited) == 1
    assert open_alerts(store, "layout") == []
    assert "imbriqué sur plus de 1500 niveaux" in str(open_alerts(store, "deep-post:1")[0]["message"])


def strip_meta_charset(raw: bytes) -> bytes:
    stripped = re.sub(rb"<meta charset=\"utf-8\">", b"", raw, flags=re.IGNORECASE)
    assert stripped != raw
    return stripped


def test_a_page_without_a_declared_charset_is_read_in_the_headers_charset(tmp_path: Path) -> None:
    raw = strip_meta_charset((PLACE / "page-1.html").read_bytes())
    served = {"1": raw}
    poller, _ = spirit_poller(tmp_path, served)
    fetched = poller.adapter.read_topic_page(1)
    authors = {p.author for p in fetched.page.posts}
    assert "Éloïse" in authors and not any("Ã" in a for a in authors)


def test_without_header_or_meta_the_bytes_decide() -> None:
    utf8 = strip_meta_charset((PLACE / "page-1.html").read_bytes())
    assert "Éloïse" in {p.author for p in parse_topic_page(utf8, NAMED["spirit"]).posts}
    # phpBB 2 boards in Latin-1: the same page without its meta is still read as Latin-1.
    latin = (TOPICS / "phpbb2" / "j1-taverne" / "page-1.html").read_bytes()
    bare = re.sub(rb"<meta http-equiv=\"Content-Type\"[^>]*>", b"", latin)
    assert bare != latin
    with_meta = parse_topic_page(latin, NAMED["phpbb2"])
    without = parse_topic_page(bare, NAMED["phpbb2"])
    assert [p.content_text for p in without.posts] == [p.content_text for p in with_meta.posts]
    assert any(ch in "".join(p.content_text for p in without.posts) for ch in "éèàç")


def test_the_headers_charset_wins_over_the_pages() -> None:
    raw = (PLACE / "page-1.html").read_bytes().replace(b'<meta charset="utf-8">', b'<meta charset="iso-8859-1">')
    authors = {p.author for p in parse_topic_page(raw, NAMED["spirit"], encoding="utf-8").posts}
    assert "Éloïse" in authors


def test_expected_counts_unchanged_by_whole_page_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pages = [str(p) for p in sorted(PLACE.glob("page-*.html"))]
    assert main(["count", "--config", str(PLACE / "case.toml"), "--json", *pages]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = json.loads((PLACE / "expected.json").read_text(encoding="utf-8"))
    assert out["current"] == expected["current"]


# -- the page read is the page asked for ---------------------------------------------------------


class SpiritLike:
    """Serves the j1-place pages the way django-spirit does: ``/topic/3/?page=N`` (no slug) is a 301
    to ``/topic/3/partie-12/``, which loses ``?page=``. Records every path asked."""

    def __init__(self) -> None:
        self.pages = {n: (PLACE / f"page-{n}.html").read_bytes() for n in (1, 2, 3)}
        self.asked: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(str(request.url.raw_path.decode()))
        if request.url.path != "/topic/3/partie-12/":
            return httpx.Response(301, headers={"location": "/topic/3/partie-12/"})
        number = int(request.url.params.get("page", "1"))
        return httpx.Response(200, content=self.pages[number], headers={"content-type": "text/html; charset=utf-8"})

    def poller(self, store: Store) -> Poller:
        http = PoliteClient(httpx.Client(transport=httpx.MockTransport(self)), min_interval=0, sleep=lambda s: None)
        settings = ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"])
        spirit = SpiritAdapter(http, settings)
        spirit.logged_in = True
        return Poller(store, spirit, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC))


def add_comment(page: bytes, pk: int, text: str) -> bytes:
    """The page with one more comment: a copy of its last one, with a new id and text."""
    html = page.decode("utf-8")
    start = html.rindex('<div\n    class="comments_list__comment')
    start = html.rindex("<div", 0, start + 1)
    end = html.index('<div class="comments__footer', start) if '<div class="comments__footer' in html else None
    block = html[start:end]
    old_pk = re.search(r'data-pk="(\d+)"', block)
    assert old_pk is not None
    body = re.search(r'(<div class="comment__text js-comment-text">)(.*?)(</div>)', block, re.S)
    assert body is not None
    copy = block.replace(old_pk.group(0), f'data-pk="{pk}"').replace(body.group(2), f"<p>{text}</p>")
    return (html[:start] + block + copy + html[start + len(block) :]).encode("utf-8")


def test_a_fresh_process_asks_the_learnt_address_and_sees_the_new_comment(tmp_path: Path) -> None:
    forum = SpiritLike()
    store = Store(tmp_path / "game.sqlite")
    forum.poller(store).poll_topic()  # the first poll: every page
    assert len(store.posts(TOPIC)) == 42
    forum.pages[3] = add_comment(forum.pages[3], 99001, "<strong>Je vote contre Lucas</strong>")
    forum.asked.clear()
    fresh = forum.poller(Store(tmp_path / "game.sqlite"))  # a new `meneur poll`: nothing in memory
    result = fresh.poll_topic()
    assert result.new == ["99001"]
    assert forum.asked == ["/topic/3/partie-12/?page=3"]  # one request, at the right address
    assert open_alerts(store, "layout") == []


def test_a_redirect_that_loses_the_page_is_followed_knowingly(tmp_path: Path) -> None:
    forum = SpiritLike()
    store = Store(tmp_path / "game.sqlite")
    poller = forum.poller(store)
    poller.poll_topic()
    store.db.execute("delete from kv")  # an older database: the address was never kept
    forum.pages[3] = add_comment(forum.pages[3], 99002, "<strong>Je vote contre Lucas</strong>")
    result = forum.poller(store).poll_topic()
    assert result.new == ["99002"] and result.pages == [3]
    assert [p.page for p in store.posts(TOPIC) if p.post_id == "99002"] == [3]


def test_a_forum_serving_another_page_than_asked_is_a_layout_alert(tmp_path: Path) -> None:
    forum = SpiritLike()
    forum.pages[2] = forum.pages[1]  # page 1 served for page 2, without a redirect
    store = Store(tmp_path / "game.sqlite")
    with pytest.raises(CountingStopped, match="asked for topic page 2"):
        forum.poller(store).poll_topic()
    assert "served page 1" in str(open_alerts(store, "layout")[0]["message"])


def test_a_topic_that_lost_a_page_is_read_again_from_the_start(tmp_path: Path) -> None:
    forum = SpiritLike()
    store = Store(tmp_path / "game.sqlite")
    forum.poller(store).poll_topic()
    # Comments deleted: the topic has two pages now, and the forum serves page 2 for page 3.
    forum.pages[2] = forum.pages[2].replace(b"Page 2 of 3", b"Page 2 of 2")
    forum.pages[1] = forum.pages[1].replace(b"Page 1 of 3", b"Page 1 of 2").replace(b'href="?page=3"', b"")
    forum.pages[2] = forum.pages[2].replace(b'href="?page=3"', b"")
    forum.pages[3] = forum.pages[2]
    result = forum.poller(store).poll_topic()
    assert result.pages == [1, 2] and open_alerts(store, "layout") == []


class Board2At25:
    """The j3-bucher phpBB 2 pages on a board set to 25 posts a page (the links say start=25, 50);
    like phpBB 2, an offset between pages serves the page it falls in."""

    def __init__(self) -> None:
        source = TOPICS / "phpbb2" / "j3-bucher"
        self.pages = {
            n: (source / f"page-{n}.html")
            .read_bytes()
            .replace(b"start=30", b"start=50")
            .replace(b"start=15", b"start=25")
            for n in (1, 2, 3)
        }
        self.asked: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        start = int(request.url.params.get("start", "0"))
        self.asked.append(f"start={start}")
        return httpx.Response(
            200, content=self.pages[min(3, start // 25 + 1)], headers={"content-type": "text/html; charset=iso-8859-1"}
        )

    def poller(self, store: Store) -> Poller:
        from meneur.daemon.adapters.phpbb2 import Phpbb2Adapter

        http = PoliteClient(httpx.Client(transport=httpx.MockTransport(self)), min_interval=0, sleep=lambda s: None)
        board = Phpbb2Adapter(
            http, ForumSettings("http://127.0.0.1:9/", "MJ", lambda: "x", "1093", NAMED["phpbb2"], "Etc/GMT-1")
        )
        board.logged_in = True
        return Poller(store, board, TOPIC, NameResolver([PlayerName("Benoît")]), lambda: datetime.now(UTC))


def test_a_phpbb2_board_at_25_posts_a_page_is_read_at_the_right_offsets(tmp_path: Path) -> None:
    board = Board2At25()
    store = Store(tmp_path / "game.sqlite")
    result = board.poller(store).poll_topic()
    assert result.pages == [1, 2, 3] and board.asked == ["start=0", "start=25", "start=50"]
    assert len(store.posts(TOPIC)) == 15 + 15 + 8
    board.asked.clear()
    board.poller(Store(tmp_path / "game.sqlite")).poll_topic()  # a fresh process: the 25 was kept
    assert board.asked == ["start=50"]


@pytest.mark.parametrize(
    ("folder", "marker", "encoding"),
    [
        ("phpbb3/j1-village", '<div class="content">', "utf-8"),
        ("phpbb2/j3-bucher", '<span class="postbody">', "iso-8859-1"),
        ("spirit/j2-proces", '<div class="comment__text js-comment-text">', "utf-8"),
        ("generic/j4-moulin", '<div class="texte">', "utf-8"),
    ],
)
def test_every_engines_page_with_a_post_3000_deep_keeps_every_other_post(
    folder: str, marker: str, encoding: str
) -> None:
    """The tags left out are the deep post's only: every other post reads exactly as on the clean page."""
    from meneur.daemon.config import load_config

    config = load_config(TOPICS / folder / "case.toml")
    html = (TOPICS / folder / "page-1.html").read_bytes().decode(encoding)
    clean = parse_topic_page(html.encode(encoding), config.layout, config.timezone, config.vote_format)
    deep_html = nest_in_post(html, marker, 1, "<b><i>", "</i></b>", 1500)
    deep = parse_topic_page(deep_html.encode(encoding), config.layout, config.timezone, config.vote_format)
    assert deep.flattened > 0
    assert [p.post_id for p in deep.posts] == [p.post_id for p in clean.posts]

    (nested,) = [p.post_id for p in deep.posts if "profond" in p.content_text]

    def others(page):  # type: ignore[no-untyped-def]
        return [
            (p.author, p.posted_at, p.content_hash, page.votes_of(p.post_id)) for p in page.posts if p.post_id != nested
        ]

    assert len(others(deep)) == len(deep.posts) - 1
    assert others(deep) == others(clean)
    assert deep.pagination == clean.pagination and deep.title == clean.title
