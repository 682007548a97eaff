"""Find "Je vote contre X" in a post body, on its element tree.

Formatting matters (bold, colour) and quotes never count, so the body is walked element by
element, keeping for every character whether it is bold and which colour is innermost around it.
The body is cut into lines at ``<br>`` and block elements: a vote never spans two lines.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from lxml import etree
from lxml.etree import _Element as HtmlElement

from .colours import normalise_colour
from .records import MENTION_CAP, WRITTEN_MAX, VoteFormat, VoteMention, VoteStatus

_BLOCK_TAGS = frozenset(
    "p div li ul ol dl dt dd blockquote table tbody thead tr td th h1 h2 h3 h4 h5 h6 hr pre center "
    "section article header footer fieldset".split()
)
_SKIP_TAGS = frozenset({"script", "style", "noscript", "textarea", "select"})
_BOLD_TAGS = frozenset({"b", "strong"})

_STYLE_COLOUR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.IGNORECASE)
_STYLE_WEIGHT = re.compile(r"(?:^|;)\s*font-weight\s*:\s*([^;]+)", re.IGNORECASE)
# Matched on a folded copy of the line (lower case, accents off, same length as the original).
_PHRASE = re.compile(r"\bje\s+vote\s+contre\b\s*:?")
# "Je vote pour X" (the J0 election's natural words) is not the vote's form: found to be reported.
# "je vote pour qu'on…" / "pour que…" is talk, not a name.
_WRONG_WORDS = re.compile(r"\bje\s+vote\s+pour\b\s*:?(?!\s*qu(?:e\b|'|’))")
# The cheap pre-filter on the whole body: without this, no line can hold the phrase.
_MAYBE = re.compile(r"vote[\s\u00a0]+(?:contre|pour)", re.IGNORECASE)

_STRING = etree.XPath("string()")
_TAIL_MAX = 1000
_NAME_CUT = re.compile(r"[,;!?(){}\u2026]|\s[-\u2013\u2014]\s|\.\s")
_NAME_STRIP = " \t\u00a0.:!?\u2026\"'«»“”‘’*_~@[]"


class _Char(NamedTuple):
    """The style of one character: bold or not, innermost colour (``"?"`` if unreadable)."""

    bold: bool
    colour: str | None


def _build_fold_table() -> dict[int, str]:
    table = {0x00A0: " "}
    for code in range(0x00C0, 0x0250):
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base != chr(code) and len(base) == 1:
            table[code] = base
    return table


_FOLD = _build_fold_table()


def _fold(text: str) -> str:
    """Lower case, accents off, same length as ``text`` (so match positions are text positions)."""
    folded = text.lower().translate(_FOLD).lower()
    if len(folded) == len(text):
        return folded
    return "".join(c if len(c.lower()) != 1 else c.lower().translate(_FOLD) for c in text)


def _style_of(element: HtmlElement, bold: bool, colour: str | None) -> tuple[bool, str | None]:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in _BOLD_TAGS:
        bold = True
    if tag == "font":
        font_colour = element.get("color")
        if font_colour:
            colour = normalise_colour(font_colour) or "?"
    style = element.get("style")
    if style:
        match = _STYLE_COLOUR.search(style)
        if match:
            colour = normalise_colour(match.group(1)) or "?"
        match = _STYLE_WEIGHT.search(style)
        if match:
            weight = match.group(1).strip().lower()
            if weight in {"bold", "bolder"} or (weight.isdigit() and int(weight) >= 600):
                bold = True
            elif weight in {"normal", "lighter"} or (weight.isdigit() and int(weight) < 600):
                bold = False
    return bold, colour


class _Styles:
    """The style of each character of a line, kept as runs (where each style starts): a post of
    megabytes of bold text costs a few entries, not eight bytes a character."""

    __slots__ = ("length", "starts", "values")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.values: list[_Char] = []
        self.length = 0

    def extend(self, size: int, style: _Char) -> None:
        if not self.values or self.values[-1] != style:
            self.starts.append(self.length)
            self.values.append(style)
        self.length += size

    def __getitem__(self, index: int) -> _Char:
        return self.values[bisect_right(self.starts, index) - 1]


class _Lines:
    """Accumulates (text, style runs) line by line."""

    def __init__(self) -> None:
        self.lines: list[tuple[list[str], _Styles]] = [([], _Styles())]

    def add(self, text: str | None, bold: bool, colour: str | None) -> None:
        if not text:
            return
        text = text.replace("\r", "").replace("\n", " ")
        chars, styles = self.lines[-1]
        chars.append(text)
        styles.extend(len(text), _Char(bold, colour))

    def newline(self) -> None:
        if self.lines[-1][0]:
            self.lines.append(([], _Styles()))


def _walk(
    content: HtmlElement,
    out: _Lines,
    bold: bool,
    colour: str | None,
    is_quote: Callable[[HtmlElement], bool],
) -> None:
    """Every descendant's text and tail in document order, with its style; quotes and scripts
    skipped. A loop, not a recursion: a post may nest elements two thousand deep."""
    # A frame: the element's remaining children, the style inside it, the element (None for the
    # body itself), whether it is a block, and the style its tail takes (its parent's).
    Frame = tuple[Iterator[HtmlElement], bool, str | None, HtmlElement | None, bool, bool, str | None]
    frames: list[Frame] = [(iter(content), bold, colour, None, False, bold, colour)]
    while frames:
        children, inner_bold, inner_colour, element, block, outer_bold, outer_colour = frames[-1]
        child = next(children, None)
        if child is None:
            frames.pop()
            if element is not None:
                if block:
                    out.newline()
                out.add(element.tail, outer_bold, outer_colour)
            continue
        tag = child.tag if isinstance(child.tag, str) else ""  # comments have a callable tag
        if tag and tag not in _SKIP_TAGS:
            if not is_quote(child):
                child_block = tag in _BLOCK_TAGS
                if child_block or tag == "br":
                    out.newline()
                child_bold, child_colour = _style_of(child, inner_bold, inner_colour)
                out.add(child.text, child_bold, child_colour)
                frames.append((iter(child), child_bold, child_colour, child, child_block, inner_bold, inner_colour))
                continue
            out.newline()
        out.add(child.tail, inner_bold, inner_colour)


def styled_lines(content: HtmlElement, is_quote: Callable[[HtmlElement], bool]) -> list[tuple[str, _Styles]]:
    """The body's own text (quotes left out), line by line, with each character's style."""
    out = _Lines()
    bold, colour = _style_of(content, False, None)
    out.add(content.text, bold, colour)
    _walk(content, out, bold, colour, is_quote)
    return [("".join(chars), styles) for chars, styles in out.lines if chars]


def _formatted(style: _Char, fmt: VoteFormat) -> bool:
    if fmt.require_bold and not style.bold:
        return False
    return not (fmt.require_colour and style.colour not in fmt.colours)


def _failure(styles: Iterable[_Char], fmt: VoteFormat) -> VoteStatus:
    styles = list(styles)
    if fmt.require_bold and not all(s.bold for s in styles):
        return VoteStatus.NOT_BOLD
    return VoteStatus.WRONG_COLOUR


def clean_name(raw: str) -> str:
    """The name part of a vote: cut at sentence punctuation, stripped of quotes and trailing dots."""
    cut = _NAME_CUT.search(raw)
    if cut:
        raw = raw[: cut.start()]
    return " ".join(raw.strip(_NAME_STRIP).split()).strip(_NAME_STRIP)


def extract_votes(
    content: HtmlElement,
    fmt: VoteFormat,
    is_quote: Callable[[HtmlElement], bool],
) -> list[VoteMention]:
    """Every "Je vote contre X" in the body's own text, in reading order, formatted or not; and every
    "Je vote pour X", as a mention with the wrong words (WRONG_WORDING), for the MJ's warnings."""
    if not _MAYBE.search(str(_STRING(content))):
        return []
    mentions: list[VoteMention] = []
    later: list[tuple[str, _Styles, int, int, int]] = []  # past the cap: only the post's vote is read
    for text, styles in styled_lines(content, is_quote):
        lowered = text.lower()
        if "contre" not in lowered and "pour" not in lowered:
            continue
        folded = _fold(text)
        matches = sorted(
            [(m, True) for m in _PHRASE.finditer(folded)] + [(m, False) for m in _WRONG_WORDS.finditer(folded)],
            key=lambda item: item[0].start(),
        )
        for index, (match, right_words) in enumerate(matches):
            end_of_tail = matches[index + 1][0].start() if index + 1 < len(matches) else len(text)
            if not right_words:  # "Je vote pour X": reported, never a vote; past the cap, not read
                if len(mentions) < MENTION_CAP - 1:
                    mentions.append(_wrong_words(text, styles, match.start(), match.end(), end_of_tail))
            elif len(mentions) < MENTION_CAP - 1:
                mentions.append(_mention(text, styles, match.start(), match.end(), end_of_tail, fmt))
            else:
                later.append((text, styles, match.start(), match.end(), end_of_tail))
    for text, styles, start, phrase_end, end_of_tail in reversed(later):
        mention = _mention(text, styles, start, phrase_end, end_of_tail, fmt)
        if mention.status is VoteStatus.OK:
            mentions.append(mention)
            break
    return mentions


def _wrong_words(text: str, styles: _Styles, start: int, phrase_end: int, tail_end: int) -> VoteMention:
    tail_end = min(tail_end, phrase_end + _TAIL_MAX)
    phrase_styles = [styles[i] for i in range(start, phrase_end) if not text[i].isspace()]
    colour = phrase_styles[0].colour if phrase_styles else None
    bold = bool(phrase_styles) and all(s.bold for s in phrase_styles)
    return VoteMention(
        clean_name(text[phrase_end:tail_end]), VoteStatus.WRONG_WORDING, None if colour == "?" else colour, bold
    )


def _mention(text: str, styles: _Styles, start: int, phrase_end: int, tail_end: int, fmt: VoteFormat) -> VoteMention:
    tail_end = min(tail_end, phrase_end + _TAIL_MAX)  # a name is never longer: megabytes after it are not read
    phrase_styles = [styles[i] for i in range(start, phrase_end) if not text[i].isspace()]
    phrase_ok = all(_formatted(s, fmt) for s in phrase_styles)
    colour = phrase_styles[0].colour if phrase_styles else None
    colour = None if colour == "?" else colour
    bold = all(s.bold for s in phrase_styles)
    if not phrase_ok:
        name = clean_name(text[phrase_end:tail_end])
        return VoteMention(name, _failure(phrase_styles, fmt), colour, bold)
    # The name is the formatted run after "contre"; spaces in between pass whatever their style.
    end = phrase_end
    last_formatted = phrase_end
    while end < tail_end:
        if text[end].isspace():
            end += 1
            continue
        if not _formatted(styles[end], fmt):
            break
        end += 1
        last_formatted = end
    written = text[phrase_end:last_formatted]
    name = clean_name(written)
    if name:
        return VoteMention(name, VoteStatus.OK, colour, bold, " ".join(written[:WRITTEN_MAX].split()))
    rest = clean_name(text[phrase_end:tail_end])
    if not rest:
        return VoteMention("", VoteStatus.OK, colour, bold)
    rest_styles = [styles[i] for i in range(phrase_end, tail_end) if not text[i].isspace()]
    return VoteMention(rest, _failure(rest_styles[:1], fmt), colour, bold)
