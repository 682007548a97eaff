"""Vote extraction on post bodies: formatting, quotes, several votes, names cut from the text."""

from __future__ import annotations

import pytest
from lxml import html
from meneur.parsers.layout import votes_in_html
from meneur.parsers.phpbb2 import LAYOUT as PHPBB2
from meneur.parsers.phpbb3 import LAYOUT as PHPBB3
from meneur.parsers.records import VoteFormat, VoteStatus
from meneur.parsers.votes import extract_votes

BROWN = VoteFormat()
MARKDOWN = VoteFormat(require_colour=False)


def votes(body: str, fmt: VoteFormat = BROWN) -> list[tuple[str, str]]:
    found = votes_in_html(f'<div class="content">{body}</div>', PHPBB3, fmt)
    return [(m.target, m.status.value) for m in found]


@pytest.mark.parametrize(
    "body",
    [
        '<span style="color:brown"><strong class="text-strong">Je vote contre Bob</strong></span>',
        '<strong class="text-strong"><span style="color: #A52A2A">Je vote contre Bob</span></strong>',
        '<span style="color:#a52a2a;"><strong>Je vote contre Bob</strong></span>',
        '<span style="COLOR : Brown"><b>Je vote contre Bob</b></span>',
        '<span style="color: rgb(165, 42, 42)"><b>Je vote contre Bob</b></span>',
        '<font color="brown"><b>Je vote contre Bob</b></font>',
        '<span style="font-weight: bold"><span style="color: brown">Je vote contre Bob</span></span>',
        '<span style="font-weight:700;color:brown">JE VOTE CONTRE bob !</span>',
        '<span style="color:brown"><strong>Je  vote\u00a0contre : Bob.</strong></span>',
    ],
)
def test_formatted_vote_spellings(body: str) -> None:
    assert [(name.lower(), status) for name, status in votes(body)] == [("bob", "ok")]


def test_plain_text_is_not_bold() -> None:
    assert votes("je vote contre Bob") == [("Bob", "not_bold")]


def test_bold_without_colour_is_wrong_colour() -> None:
    assert votes("<strong>Je vote contre Bob</strong>") == [("Bob", "wrong_colour")]


def test_other_colour_is_wrong_colour() -> None:
    found = votes_in_html('<div><span style="color:red"><b>Je vote contre Bob</b></span></div>', PHPBB3, BROWN)
    assert [(m.status, m.colour) for m in found] == [(VoteStatus.WRONG_COLOUR, "#ff0000")]


def test_colour_configurable() -> None:
    red = VoteFormat(colours=frozenset({"#ff0000"}))
    assert votes('<span style="color:red"><b>Je vote contre Bob</b></span>', red) == [("Bob", "ok")]
    assert votes('<span style="color:brown"><b>Je vote contre Bob</b></span>', red) == [("Bob", "wrong_colour")]


def test_markdown_forum_needs_bold_only() -> None:
    assert votes("<p><strong>Je vote contre Bob</strong></p>", MARKDOWN) == [("Bob", "ok")]
    assert votes("<p>Je vote contre Bob</p>", MARKDOWN) == [("Bob", "not_bold")]


def test_name_stops_at_the_formatted_run() -> None:
    body = '<span style="color:brown"><strong>Je vote contre Bob</strong></span> parce qu\'il ment'
    assert votes(body) == [("Bob", "ok")]


def test_unformatted_name_after_formatted_phrase() -> None:
    body = '<span style="color:brown"><strong>Je vote contre</strong></span> Bob'
    assert votes(body) == [("Bob", "not_bold")]


def test_quotes_never_count_even_nested() -> None:
    vote = '<span style="color:brown"><strong>Je vote contre Alice</strong></span>'
    body = (
        f"<blockquote><div><cite>Bob a écrit :</cite>{vote}"
        f'<blockquote class="uncited"><div>{vote}</div></blockquote></div></blockquote>'
        "Je suis d'accord avec lui."
    )
    assert votes(body) == []


def test_text_after_a_quote_still_counts() -> None:
    body = (
        '<blockquote><div><span style="color:brown"><strong>Je vote contre Alice</strong></span></div>'
        '</blockquote><span style="color:brown"><strong>Je vote contre Carole</strong></span>'
    )
    assert votes(body) == [("Carole", "ok")]


def test_phpbb2_quote_table() -> None:
    body = (
        '<span class="postbody"><table width="90%"><tr><td><span class="genmed"><b>Bob a écrit:</b></span></td>'
        '</tr><tr><td class="quote"><span style="color: brown"><span style="font-weight: bold">Je vote contre '
        "Alice</span></span></td></tr></table><br />Bof.</span>"
    )
    assert votes_in_html(body, PHPBB2, BROWN) == []


def test_several_votes_in_reading_order() -> None:
    body = (
        '<span style="color:brown"><b>Je vote contre Bob</b></span><br>finalement<br>'
        '<span style="color:brown"><b>Je vote contre Carole</b></span>'
    )
    assert votes(body) == [("Bob", "ok"), ("Carole", "ok")]


def test_two_votes_on_one_line() -> None:
    body = '<span style="color:brown"><b>Je vote contre Bob je vote contre Carole</b></span>'
    assert votes(body) == [("Bob", "ok"), ("Carole", "ok")]


def test_vote_never_spans_lines() -> None:
    body = '<span style="color:brown"><b>Je vote contre<br>Bob</b></span>'
    assert votes(body) == [("", "ok")]


def test_scripts_and_comments_are_not_text() -> None:
    body = "<!-- Je vote contre Bob --><script>var s='Je vote contre Bob';</script>Rien."
    assert votes(body) == []


def test_name_punctuation_cleaned() -> None:
    body = '<span style="color:brown"><b>Je vote contre « Jean-Pierre » !!!</b></span>'
    assert votes(body) == [("Jean-Pierre", "ok")]


def test_extract_on_live_element_matches_stored_html() -> None:
    body = '<div class="content"><span style="color:brown"><b>Je vote contre Bob</b></span></div>'
    element = html.fragment_fromstring(body)
    live = extract_votes(element, BROWN, lambda _: False)
    assert live == votes_in_html(body, PHPBB3, BROWN)
