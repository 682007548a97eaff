"""The coloured runs of a post — « le nom de la victime choisie dans une couleur différente du post » (the
baguette module's den): from the BBCode a player types, or from the HTML the forum serves.

Each character of the post's own text (quotes left out) gets the colour of its innermost colour tag. The
post's colour is the one colour wrapping all its letters when other colours stand inside it (a post written
in blue with a red name); otherwise the forum's default (None), so that a post that is only a coloured name
names it. The runs in any other colour are the spans, in reading order, adjacent runs of one colour joined.
Pure: text in, data out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

from .colours import normalise_colour


@dataclass(frozen=True)
class ColourReading:
    colour: str | None  # the post's own text colour (``#rrggbb``), None for the default
    spans: tuple[tuple[str, str], ...]  # (colour, text) runs in another colour, stripped, in order


DEFAULT = "default"  # a span's colour when it is the forum's default (in a post written in a colour)

_TAG = re.compile(r"\[(/?)(color|quote)(?:=([^\]]*))?\]", re.IGNORECASE)


def bbcode_colours(text: str) -> ColourReading:
    """``On mange [color=red]Bob[/color]`` → colour None, spans (("#ff0000", "Bob"),). Quotes do not count."""
    runs: list[tuple[str | None, str | None, str]] = []
    colours: list[str | None] = []
    quotes = 0
    position = 0
    for match in _TAG.finditer(text):
        if not quotes:
            runs.append(_run(colours, text[position : match.start()]))
        position = match.end()
        closing, name, value = match.group(1), match.group(2).lower(), match.group(3)
        if name == "quote":
            quotes = max(0, quotes - 1) if closing else quotes + 1
        elif closing:
            if colours:
                colours.pop()
        else:
            colours.append(normalise_colour(value or "") if value else None)
    if not quotes:
        runs.append(_run(colours, text[position:]))
    return _reading(runs)


def _run(colours: list[str | None], text: str) -> tuple[str | None, str | None, str]:
    """(innermost colour, outermost colour, text)."""
    found = [c for c in colours if c is not None]
    return (found[-1] if found else None, found[0] if found else None, text)


class _HtmlRuns(HTMLParser):
    """The text of a post's HTML by colour: ``span style="color:…"`` (phpBB, Spirit) and ``font color``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[tuple[str | None, str | None, str]] = []
        self._stack: list[tuple[str, str | None, bool]] = []  # (tag, colour or None, is a quote)

    def _colours(self) -> list[str | None]:
        return [colour for _, colour, _quote in self._stack]

    def _quoted(self) -> bool:
        return any(quote for _, _, quote in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "hr"):
            if tag == "br" and not self._quoted():
                self.runs.append(_run(self._colours(), "\n"))
            return
        values = dict(attrs)
        colour = None
        style = values.get("style") or ""
        found = re.search(r"(?:^|;)\s*color\s*:\s*([^;]+)", style, re.IGNORECASE)
        if found:
            colour = normalise_colour(found.group(1))
        elif tag == "font" and values.get("color"):
            colour = normalise_colour(values["color"] or "")
        self._stack.append((tag, colour, tag == "blockquote"))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                del self._stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self._quoted():
            self.runs.append(_run(self._colours(), data))


def html_colours(html: str) -> ColourReading:
    """The same reading from a post's content HTML (``<span style="color:#FF0000">Bob</span>``)."""
    parser = _HtmlRuns()
    parser.feed(html)
    parser.close()
    return _reading(parser.runs)


def _reading(runs: list[tuple[str | None, str | None, str]]) -> ColourReading:
    lettered = [(inner, outer) for inner, outer, text in runs if any(c.isalnum() for c in text)]
    # The post's colour: one colour wrapping every letter, with other colours inside it (a post written in
    # blue with a red name); else the forum's default (a post that is only « [color=red]Bob[/color] » is a
    # red name in a plain post).
    outers = {outer for _, outer in lettered}
    own = None
    if len(outers) == 1 and None not in outers and any(inner != outer for inner, outer in lettered):
        own = outers.pop()
    joined: list[tuple[str, str]] = []
    for colour, _, text in runs:
        if colour == own:
            joined.append(("", "\n"))  # a break between two coloured runs: they are not one span
            continue
        label = colour or DEFAULT
        if joined and joined[-1][0] == label:
            joined[-1] = (label, joined[-1][1] + text)
        else:
            joined.append((label, text))
    spans = tuple((c, " ".join(t.split())) for c, t in joined if c and t.strip())
    return ColourReading(own, spans)
