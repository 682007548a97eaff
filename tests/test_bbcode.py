"""BBCode as players type it, rendered like phpBB 3 and read back by the vote reader."""

from __future__ import annotations

from meneur.parsers.bbcode import render_bbcode
from meneur.parsers.layout import votes_in_html
from meneur.parsers.phpbb3 import LAYOUT
from meneur.parsers.records import VoteFormat


def votes(bbcode: str) -> list[tuple[str, str]]:
    html = f'<div class="content">{render_bbcode(bbcode)}</div>'
    return [(m.target, m.status.value) for m in votes_in_html(html, LAYOUT, VoteFormat())]


def test_a_brown_bold_vote_reads_as_a_vote() -> None:
    assert votes("Salut !\n[color=brown][b]Je vote contre Bob[/b][/color]") == [("Bob", "ok")]


def test_quotes_nest_and_never_count() -> None:
    text = '[quote="Alice"][quote][color=brown][b]Je vote contre Bob[/b][/color][/quote][/quote]Bof.'
    assert votes(text) == []


def test_html_typed_by_a_player_stays_text() -> None:
    html = render_bbcode("<b>Je vote contre Bob</b> [b]ok[/b]")
    assert "&lt;b&gt;" in html and '<strong class="text-strong">ok</strong>' in html


def test_unclosed_tags_are_closed_and_stray_closers_ignored() -> None:
    html = render_bbcode("[b][color=brown]Je vote contre Bob[/b] fin[/i]")
    assert html.count("<strong") == html.count("</strong>") and html.count("<span") == html.count("</span>")
