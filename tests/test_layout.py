"""Reading whole pages: the layout guard, the loose fallbacks, pagination, records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from meneur.parsers.engines import NAMED, generic_layout
from meneur.parsers.layout import parse_topic_page
from meneur.parsers.records import LayoutChanged, NotATopicPage, ParseError

TOPICS = Path(__file__).resolve().parent.parent / "fixtures" / "topics"
PHPBB3_PAGE = TOPICS / "phpbb3" / "j1-village" / "page-1.html"


def test_phpbb3_page_records() -> None:
    page = parse_topic_page(PHPBB3_PAGE.read_bytes(), NAMED["phpbb3"])
    assert len(page.posts) == 10
    assert page.pagination.current == 1 and page.pagination.last == 3
    first = page.posts[0]
    assert first.post_id.isdigit() and first.author and first.posted_at.tzinfo is not None
    assert [p.post_id for p in page.posts] == sorted((p.post_id for p in page.posts), key=int)
    assert page.title and "Jour" in page.title


def test_posts_removed_from_a_topic_page_is_a_layout_change_not_zero_votes() -> None:
    html = PHPBB3_PAGE.read_text(encoding="utf-8")
    stripped = re.sub(r'class="post has-profile', 'class="message has-profile', html)
    with pytest.raises(LayoutChanged):
        parse_topic_page(stripped.encode(), NAMED["phpbb3"])


def test_a_page_of_another_engine_is_not_a_topic_page() -> None:
    other = (TOPICS / "phpbb2" / "j1-taverne" / "page-1.html").read_bytes()
    with pytest.raises(NotATopicPage):
        parse_topic_page(other, NAMED["phpbb3"])


def test_unreadable_post_date_is_a_layout_change() -> None:
    html = PHPBB3_PAGE.read_text(encoding="utf-8")
    broken = re.sub(r'<time datetime="[^"]*"', '<time datetime="bientôt"', html, count=1)
    with pytest.raises(LayoutChanged):
        parse_topic_page(broken.encode(), NAMED["phpbb3"])


def test_derived_style_with_other_wrappers_falls_back_to_loose_selectors() -> None:
    html = PHPBB3_PAGE.read_text(encoding="utf-8")
    exact = parse_topic_page(html.encode(), NAMED["phpbb3"])
    # A style that wraps the page body and each post's inner parts in extra containers.
    derived = html.replace('<div id="page-body"', '<main class="shell"><div id="page-body"')
    derived = derived.replace('<div class="postbody">', '<section><div class="postbody">')
    derived = derived.replace('<dl class="postprofile"', '<aside><dl class="postprofile"')
    loose = parse_topic_page(derived.encode(), NAMED["phpbb3"])
    assert [(p.post_id, p.author, p.author_id, p.posted_at) for p in loose.posts] == [
        (p.post_id, p.author, p.author_id, p.posted_at) for p in exact.posts
    ]
    assert [p.content_hash for p in loose.posts] == [p.content_hash for p in exact.posts]


def test_session_ids_do_not_change_content_hashes() -> None:
    html = (TOPICS / "phpbb2" / "j3-bucher" / "page-1.html").read_bytes()
    other_sid = re.sub(rb"sid=[0-9a-f]{32}", b"sid=" + b"0" * 32, html)
    assert other_sid != html
    first = parse_topic_page(html, NAMED["phpbb2"])
    second = parse_topic_page(other_sid, NAMED["phpbb2"])
    assert [p.content_hash for p in first.posts] == [p.content_hash for p in second.posts]


def test_phpbb2_signature_is_cut_and_latin1_read() -> None:
    page = parse_topic_page((TOPICS / "phpbb2" / "j1-taverne" / "page-1.html").read_bytes(), NAMED["phpbb2"])
    assert all("_________________" not in p.content_text for p in page.posts)
    assert any(ch in p.content_text for p in page.posts for ch in "éèàç")


def test_spirit_pagination_reads_page_of_total() -> None:
    page = parse_topic_page((TOPICS / "spirit" / "j1-place" / "page-2.html").read_bytes(), NAMED["spirit"])
    assert (page.pagination.current, page.pagination.last) == (2, 3)
    assert page.pagination.url_for(1) is not None or page.pagination.url_for(3) is not None


@pytest.mark.parametrize(
    ("selectors", "needle"),
    [
        ({"post": "div.p"}, "missing selectors"),
        ({"post": "div.p", "post_id": "x", "author": "x", "date": "x", "content": "x", "colour": "x"}, "unknown"),
        ({"post": "div[", "post_id": "x", "author": "x", "date": "x", "content": "x"}, "bad selector"),
        ({"post": "div.p", "post_id": {"select": "a", "nope": 1}, "author": "x", "date": "x", "content": "x"}, "nope"),
    ],
)
def test_generic_layout_errors_name_the_selector(selectors: dict, needle: str) -> None:
    with pytest.raises(ParseError, match=needle):
        generic_layout(selectors)
