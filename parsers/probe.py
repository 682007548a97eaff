"""Guess a home-made forum's ``[forum.selectors]`` from one saved topic page.

The page's post dates are the anchor: a family of date-like texts (or date attributes) that sit in the
same place of the markup marks one per post; climbing from each date to the last ancestor it does not
share with another date gives the repeated post block. Of the families found (the posts' dates, their
authors' sign-up dates, a sidebar of recent topics…), the one whose blocks hold the page's words wins;
blocks whose dates are out of order are a list (a board index), not a topic's posts. Inside the blocks, the
author (a profile link, else a name-like class), the body (where the posts' own text is), the id,
the quotes, the edit notices and the signatures are found by comparing the blocks with one another,
then the pagination is looked for around them.

Every selector proposed is checked on the page before it is kept (it must pick, in every post, the
node the heuristics chose), and :func:`probe_page` finally reads the page with the real generic
reader (``layout.parse_topic_page``): what it returns is what meneur would read. Nothing here does
I/O; what could not be found is said in ``Proposal.missing``, never guessed silently.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from lxml.etree import _Element as HtmlElement

from .engines import generic_layout
from .layout import Layout, parse_topic_page, read_document, select_all
from .probe_dom import (
    _MAX_BLOCKS,
    _blocks_of,
    _common_ancestor,
    _css_step,
    _date,
    _date_spots,
    _DateSpot,
    _inside,
    _is_element,
    _post_selector,
    _relative_selector,
    _short_text,
    _spot_family,
)
from .probe_fields import (
    _author,
    _author_id_attr,
    _author_id_beside,
    _author_id_regex,
    _body,
    _edit_counts,
    _edit_notices,
    _generalise,
    _narrow,
    _pagination,
    _post_id,
    _quotes,
    _signatures,
    _subtree_text_len,
    date_format,
)
from .records import NotATopicPage, PageIncomplete, ParseError, TopicPage, VoteFormat

# -- what the probe reports ------------------------------------------------------------------------


class ProbeFailed(ParseError):
    """The page gave no usable proposal. ``reason`` is a key the command phrases for the MJ."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Proposal:
    """The selectors found, how the dates read, and what could not be found (keys, see MISSING)."""

    selectors: dict[str, Any]
    blocks: int
    date_example: str
    date_format: str | None
    missing: tuple[str, ...] = ()
    relative_dates: tuple[str, ...] = ()  # "Aujourd'hui à 20h15": texts meneur cannot date


@dataclass(frozen=True)
class ProbeResult:
    proposal: Proposal
    page: TopicPage | None  # the page read with the proposal (None if the reader refused it)
    layout: Layout | None
    refused: str | None = None  # why the reader refused the proposal, if it did


MISSING = (
    "author_id",  # no profile link with a number: authors are matched by name
    "edit_notice",  # no "modifié par X le …" seen on this page
    "quote",  # no quote seen on this page: blockquote assumed
    "pagination",  # no page links (a topic on one page?)
    "pagination_current",  # page links, but the current page is not marked
    "date_regex",  # the date's text could not be narrowed to the date alone
    "marker",  # no container with an id around the posts
)

# -- the whole proposal --------------------------------------------------------------------------------


def _candidates(spots: Sequence[_DateSpot]) -> list[list[_DateSpot]]:
    families: dict[Any, list[_DateSpot]] = defaultdict(list)
    for spot in spots:
        families[_spot_family(spot)].append(spot)
    # A page's relative dates ("Aujourd'hui à 20h15") sit where the others do: join them to the family
    # of their place with the attribute-less absolute dates.
    ordered = sorted(families.values(), key=len, reverse=True)
    return [f for f in ordered if 2 <= len(f) <= _MAX_BLOCKS][:6]


def propose(html: bytes | str, tz: str = "Europe/Paris") -> Proposal:
    """The selectors a home-made forum's page suggests, each checked on the page. Raises ProbeFailed."""
    if not (html.strip() if isinstance(html, str | bytes) else html):
        raise ProbeFailed("empty")
    try:
        doc, _flattened = read_document(html, whole=False)
    except (NotATopicPage, PageIncomplete) as exc:
        raise ProbeFailed("not_html", str(exc)) from exc
    spots = _date_spots(doc, tz)
    if not spots:
        raise ProbeFailed("no_dates")
    families = _candidates(spots)
    if not families:
        raise ProbeFailed("single_post")
    tried: list[tuple[tuple[int, int, float], Proposal]] = []
    reasons: list[str] = []
    for family in families:
        try:
            score, proposal = _propose_from(doc, family, tz)
        except ProbeFailed as exc:
            reasons.append(exc.reason)
            continue
        tried.append((score, proposal))
    if not tried:
        raise ProbeFailed(reasons[0] if reasons else "no_posts")
    tried.sort(key=lambda t: t[0], reverse=True)
    return tried[0][1]


def _propose_from(doc: HtmlElement, family: list[_DateSpot], tz: str) -> tuple[tuple[int, int, float], Proposal]:
    blocks = _blocks_of([s.element for s in family])
    if blocks is None:
        raise ProbeFailed("no_posts")
    spot_of = {id(b): s for b, s in zip(blocks, family, strict=True)}
    dates = [spot_of[id(b)].element for b in blocks]
    # The author first found without a body (no body known yet: anywhere in the post).
    rough_authors = _author(blocks, blocks)
    bodies = _body(blocks, [[d] if a is None else [d, a] for d, a in zip(dates, rough_authors, strict=True)])
    if len(bodies) != len(blocks):
        raise ProbeFailed("no_body")
    authors = _author(blocks, bodies)
    if any(a is None for a in authors):
        raise ProbeFailed("no_author", str(sum(1 for a in authors if a is None)))
    post = _post_selector(blocks, doc)
    if post is None:
        raise ProbeFailed("no_post_selector")
    selectors: dict[str, Any] = {"post": post}
    post_id = _post_id(blocks)
    if post_id is None:
        raise ProbeFailed("no_post_id")
    selectors["post_id"] = post_id
    author = _relative_selector(blocks, authors)
    if author is None:
        raise ProbeFailed("no_author")
    selectors["author"] = author
    missing: list[str] = []
    hrefs = [a.get("href") or "" for a in authors if a is not None]
    id_regex = _author_id_regex(hrefs) if all(a is not None and a.tag == "a" for a in authors) else None
    id_attr = _author_id_attr(authors)
    if id_attr is not None:
        selectors["author_id"] = {"select": author, "attr": id_attr, "regex": r"^(\d+)$"}
    elif id_regex is not None:
        selectors["author_id"] = {"select": author, "attr": "href", "regex": id_regex}
    else:
        beside = _author_id_beside(blocks)
        if beside is not None:
            selectors["author_id"] = beside
        else:
            missing.append("author_id")

    spots = [spot_of[id(b)] for b in blocks]
    relative = tuple(s.text for s in spots if s.when is None)
    stamps = [s.when for s in spots if s.when is not None]
    pairs = list(pairwise(stamps))
    if not (all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)):
        raise ProbeFailed("not_in_order")  # a topic's posts come in the order they were posted
    attr = spots[0].attr
    date_select = _relative_selector(blocks, dates, attr)
    date: dict[str, Any] = {"select": date_select} if date_select else {}
    if attr is not None:
        date["attr"] = attr
    absolute = [s for s in spots if s.when is not None]
    example = absolute[0].text if absolute else spots[0].text
    fmt: str | None = None
    if attr is None or attr != "datetime":
        window = _narrow(example, tz)
        if window is not None:
            fmt = date_format(window)
            regex = _generalise(window)
            if window != example and all(
                (m := re.search(regex, s.text)) is not None and _date(m.group(1), tz) == s.when for s in absolute
            ):
                date["regex"] = regex
            elif window != example:
                missing.append("date_regex")
    else:
        fmt = "ISO 8601"
    selectors["date"] = date if date else {}

    # A post's text sits in an element of its own, apart from its author and date: a block that is
    # all text and links at once is a row of a list (a board index's last posts), not a post.
    if any(b is p for b, p in zip(bodies, blocks, strict=True)):
        raise ProbeFailed("no_body")
    content = _relative_selector(blocks, bodies)
    if content is None:
        raise ProbeFailed("no_body")
    selectors["content"] = content

    notice_nodes = _edit_notices(blocks, tz)
    counted = False
    if not any(n is not None for n in notice_nodes):
        notice_nodes, counted = _edit_counts(blocks), True
    drop: list[str] = []
    notice = _relative_selector(blocks, notice_nodes) if any(n is not None for n in notice_nodes) else None
    if notice is not None:
        selectors["edit_notice"] = {"select": notice, "regex": r"(\d+)"} if counted else notice
        inside = [n if n is not None and _inside(n, b) else None for n, b in zip(notice_nodes, bodies, strict=True)]
        if any(n is not None for n in inside):
            in_body = _relative_selector(bodies, inside)
            if in_body is not None:
                drop.append(in_body)
    else:
        missing.append("edit_notice")

    quotes = _quotes(bodies)
    if quotes:
        selectors["quote"] = quotes
    else:
        missing.append("quote")
        selectors["quote"] = ["blockquote"]
    signature_drop, separator = _signatures(bodies)
    drop.extend(signature_drop)
    if separator:
        selectors["signature_separator"] = separator
    if drop:
        selectors["drop"] = drop

    title = _title(doc, blocks)
    if title is not None:
        selectors["title"] = title
    marker = _marker(doc, blocks)
    if marker is not None:
        selectors["marker"] = marker
    else:
        missing.append("marker")
    pagination, marked = _pagination(doc, blocks)
    if pagination is None:
        missing.append("pagination")
    else:
        selectors["pagination"] = pagination
        if not marked:
            missing.append("pagination_current")

    text_total = sum(_subtree_text_len(b) for b in blocks)
    distinct = len({s.when for s in absolute})
    latest = sum(s.when.timestamp() for s in absolute if s.when is not None) / max(1, len(absolute))
    # The posts are where the page's words are: a sidebar of recent topics has as many names and dates,
    # not their text. Two families giving the same blocks (the post's date, the author's sign-up date)
    # weigh the same, and are told apart by the dates: a post's are all different, and later.
    score = (text_total, distinct, latest)
    proposal = Proposal(
        selectors=_clean(selectors), blocks=len(blocks), date_example=example, date_format=fmt,
        missing=tuple(missing), relative_dates=relative,
    )  # fmt: skip
    return score, proposal


def _title(doc: HtmlElement, blocks: Sequence[HtmlElement]) -> str | None:
    """The topic's title: the longest heading outside the posts that the window's <title> repeats
    (the board's own name in an h1 is not the topic's)."""
    window = next((_short_text(t, 400) for t in doc.iter("title")), None)
    if not window:
        return None
    headings = []
    for element in doc.iter("h1", "h2", "h3"):
        text = _short_text(element, 200)
        if text and len(text) > 3 and text in window and not any(_inside(element, b) for b in blocks):
            headings.append((len(text), element))
    for _length, heading in sorted(headings, key=lambda h: h[0], reverse=True):
        step = _css_step([heading])
        for candidate in dict.fromkeys([step or str(heading.tag), str(heading.tag)]):
            picked = [n for n in select_all(doc, candidate) if _is_element(n)]
            if picked and picked[0] is heading:
                return candidate
    return None


def _marker(doc: HtmlElement, blocks: Sequence[HtmlElement]) -> str | None:
    """The container of the posts, by its id or a class found once on the page: a page without it is
    not a topic page of this forum (a login page, an error), which meneur then says."""
    holder = _common_ancestor(blocks)
    if holder is None or holder.tag in ("html", "body"):
        return None
    ident = holder.get("id") or ""
    candidates = [f"{holder.tag}#{ident}"] if re.fullmatch(r"[_a-zA-Z][\w-]*", ident) else []
    step = _css_step([holder])
    if step is not None and "." in step:
        candidates.append(step)
    for candidate in candidates:
        found = [n for n in select_all(doc, candidate) if _is_element(n)]
        if len(found) == 1 and found[0] is holder:
            return candidate
    return None


def _clean(selectors: dict[str, Any]) -> dict[str, Any]:
    """Fields as the configuration writes them: a bare selector when there is no attr nor regex."""
    out: dict[str, Any] = {}
    for key, value in selectors.items():
        if isinstance(value, dict) and key not in ("pagination",):
            if not value:
                out[key] = {"select": None}
                continue
            if set(value) == {"select"}:
                out[key] = value["select"]
                continue
        out[key] = value
    return out


def probe_page(html: bytes | str, tz: str = "Europe/Paris", fmt: VoteFormat | None = None) -> ProbeResult:
    """Propose selectors for the page, then read the page with them through the generic reader."""
    proposal = propose(html, tz)
    try:
        layout = generic_layout(proposal.selectors)
        page = parse_topic_page(html, layout, tz, fmt or VoteFormat())
    except ParseError as exc:
        return ProbeResult(proposal, None, None, str(exc))
    return ProbeResult(proposal, page, layout)


# -- TOML --------------------------------------------------------------------------------------------


def toml_string(value: str) -> str:
    if "'" not in value and "\n" not in value and not any(ord(c) < 32 for c in value):
        return f"'{value}'"
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def toml_value(value: Any) -> str:
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items() if v is not None) + " }"
    raise TypeError(f"no TOML for {value!r}")


def selectors_toml(selectors: dict[str, Any]) -> list[str]:
    """The ``[forum.selectors]`` table, one line per key, in the order the configuration documents."""
    order = ("post", "post_id", "author", "author_id", "date", "content", "edit_notice", "quote",
             "signature_separator", "drop", "marker", "title", "pagination")  # fmt: skip
    lines = ["[forum.selectors]"]
    for key in order:
        if key in selectors:
            lines.append(f"{key} = {toml_value(selectors[key])}")
    return lines


__all__ = [
    "MISSING",
    "ProbeFailed",
    "ProbeResult",
    "Proposal",
    "date_format",
    "probe_page",
    "propose",
    "selectors_toml",
]  # fmt: skip
