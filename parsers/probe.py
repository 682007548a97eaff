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
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from typing import Any

from cssselect import HTMLTranslator
from lxml import etree
from lxml.etree import _Element as HtmlElement

from .dates import parse_forum_date
from .engines import generic_layout
from .layout import Layout, parse_edit_notice, parse_topic_page, read_document, select_all, text_of
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

# -- reading the page ------------------------------------------------------------------------------

_MAX_BLOCKS = 200  # posts a page can hold; more date-alikes than this are not posts
_SKIP = frozenset({"script", "style", "head", "title", "noscript", "template", "textarea", "select", "option"})
_YEARISH = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|(?<!\d)\d{1,2}[/.]\d{1,2}[/.]\d{2}(?!\d)")
_TIMEISH = re.compile(r"(?<!\d)\d{1,2}\s*[:h]\s*\d{2}(?!\d)|\d\s*[ap]\.?\s?m\b", re.IGNORECASE)
_RELATIVE = re.compile(
    r"\b(?:aujourd['’]hui|hier|avant-hier|today|yesterday|il y a \d+|\d+ (?:minutes?|hours?|days?) ago)\b",
    re.IGNORECASE,
)
_DATE_ATTRS = ("datetime", "title", "data-time", "data-date", "data-datetime", "content")
_PROFILE_HREF = re.compile(
    r"profil|profile|member|membre|/users?/|/u/|[?&;](?:u|uid|user|userid|user_id|showuser|id_membre)=|auteur|author",
    re.IGNORECASE,
)
_SEARCH_HREF = re.compile(r"search|recherche", re.IGNORECASE)
_NAME_CLASS = re.compile(r"author|auteur|username|user|name|pseudo|nick|poster|membre|member", re.IGNORECASE)
_QUOTE_CLASS = re.compile(r"quote|citation|cite", re.IGNORECASE)
_QUOTE_PART = re.compile(r"auteur|author|header|title|titre|head", re.IGNORECASE)  # "X a écrit :"
_SIGNATURE_CLASS = re.compile(r"signature|^sig$|^sign$", re.IGNORECASE)
_SEPARATOR = re.compile(r"^\s*(_{5,}|-{5,})\s*$")
_PAGE_HREF = re.compile(r"(?:page|start|debut|offset|pg|p)\D{0,2}\d+|/\d+/?$", re.IGNORECASE)
_ALTERNATING = re.compile(r"^(?:odd|even|alt|alternate|first|last|unread|online|offline|hidden)$", re.IGNORECASE)


def _is_element(node: Any) -> bool:
    return isinstance(node, HtmlElement) and isinstance(node.tag, str)


def _classes(element: HtmlElement) -> list[str]:
    return [c for c in (element.get("class") or "").split() if c]


def _norm_classes(element: HtmlElement) -> tuple[str, ...]:
    """The element's classes with alternation stripped (row1/row2, bg1/bg2, odd/even)."""
    kept = {re.sub(r"\d+$", "", c) for c in _classes(element) if not _ALTERNATING.match(c)}
    return tuple(sorted(c for c in kept if c))


def _shape(element: HtmlElement) -> tuple[str, tuple[str, ...]]:
    return (str(element.tag), _norm_classes(element))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _short_text(element: HtmlElement, limit: int) -> str | None:
    """The element's text if it is at most ``limit`` characters, else None, without flattening the
    megabytes of a long post's ancestors to find out."""
    raw = text_of(element)
    if len(raw) > 8 * limit + 200:
        return None
    flat = _flat(raw)
    return flat if len(flat) <= limit else None


def _own_text(element: HtmlElement) -> str:
    parts = [element.text or ""] + [child.tail or "" for child in element]
    return _flat(" ".join(parts))


def _ancestors(element: HtmlElement) -> list[HtmlElement]:
    found = []
    parent = element.getparent()
    while parent is not None:
        found.append(parent)
        parent = parent.getparent()
    return found


def _up(element: HtmlElement, count: int) -> list[HtmlElement]:
    """The ``count`` nearest ancestors (a page can nest thousands deep: never walk to the root for these)."""
    found: list[HtmlElement] = []
    parent = element.getparent()
    while parent is not None and len(found) < count:
        found.append(parent)
        parent = parent.getparent()
    return found


def _inside(node: HtmlElement, container: HtmlElement) -> bool:
    parent: HtmlElement | None = node
    while parent is not None:
        if parent is container:
            return True
        parent = parent.getparent()
    return False


@dataclass
class _DateSpot:
    element: HtmlElement
    attr: str | None
    text: str
    when: datetime | None  # None: a relative date meneur cannot read


def _date_spots(doc: HtmlElement, tz: str) -> list[_DateSpot]:
    """Every element holding a date and time (in its own text or a date attribute)."""
    spots: list[_DateSpot] = []
    for element in doc.iter():
        if not _is_element(element) or element.tag in _SKIP:
            continue
        if any(a.tag in _SKIP for a in _up(element, 3) if _is_element(a)):
            continue
        found = False
        for attr in _DATE_ATTRS:
            value = element.get(attr)
            if value and len(value) <= 120 and _YEARISH.search(value) and _TIMEISH.search(value):
                when = _date(value, tz)
                if when is not None:
                    spots.append(_DateSpot(element, attr, _flat(value), when))
                    found = True
                    break
        if found:
            continue
        own = _own_text(element)
        if not own or len(own) > 300:
            continue
        if _RELATIVE.search(own) and _TIMEISH.search(own) and not _YEARISH.search(own):
            spots.append(_DateSpot(element, None, own, None))
            continue
        if not _YEARISH.search(own):
            continue
        text = own
        if not _TIMEISH.search(own):
            whole = _short_text(element, 200)  # "14/03/2026 <b>20:15</b>": the time in a child
            if whole is None or not _TIMEISH.search(whole):
                continue
            text = whole
        when = _date(text, tz)
        if when is not None:
            spots.append(_DateSpot(element, None, text, when))
    return spots


def _date(text: str, tz: str) -> datetime | None:
    try:
        return parse_forum_date(text, tz)
    except ParseError:
        return None


def _spot_family(spot: _DateSpot) -> tuple[Any, ...]:
    chain = [spot.element, *_up(spot.element, 2)]
    return (spot.attr, tuple(_shape(e) for e in chain if _is_element(e)))


def _blocks_of(elements: Sequence[HtmlElement]) -> list[HtmlElement] | None:
    """The highest ancestors of the dates that no two dates share: one post block each."""
    chains = [[e, *_ancestors(e)] for e in elements]
    best: list[HtmlElement] | None = None
    level = 0
    while all(level < len(chain) for chain in chains):
        at = [chain[level] for chain in chains]
        if len({id(e) for e in at}) < len(at):
            break
        best = at
        level += 1
    if best is None:
        return None
    # Blocks nested in one another (a date inside a quote of another post) are no post blocks.
    ids = {id(b) for b in best}
    if any(id(a) in ids for b in best for a in _ancestors(b)):
        return None
    return best


# -- selectors that pick, in every post, the node the heuristics chose --------------------------------


def _css_step(nodes: Sequence[HtmlElement], attr: str | None = None) -> str | None:
    tags = {str(n.tag) for n in nodes}
    if len(tags) != 1:
        return None
    common = set(_classes(nodes[0]))
    for node in nodes[1:]:
        common &= set(_classes(node))
    usable = sorted(c for c in common if re.fullmatch(r"-?[_a-zA-Z][_a-zA-Z0-9-]*", c))
    step = tags.pop() + "".join(f".{c}" for c in usable)
    if attr is not None:
        step += f"[{attr}]"
    return step


def _first(context: HtmlElement, selector: str) -> Any:
    found = select_all(context, selector)
    return found[0] if found else None


def _picks(selector: str, blocks: Sequence[HtmlElement], targets: Sequence[HtmlElement | None]) -> bool:
    """True if ``selector``, relative to each block, finds the target first (and nothing where none)."""
    try:
        for block, target in zip(blocks, targets, strict=True):
            found = _first(block, selector)
            if target is None:
                if found is not None and not isinstance(found, str) and text_of(found).strip():
                    return False
            elif found is not target:
                return False
    except (ParseError, etree.XPathError):
        return False
    return True


def _relative_selector(
    blocks: Sequence[HtmlElement], targets: Sequence[HtmlElement | None], attr: str | None = None
) -> str | None:
    """A selector relative to the post that finds each target first: CSS with classes, shortest
    first, else an XPath of child steps from the post."""
    pairs = [(b, t) for b, t in zip(blocks, targets, strict=True) if t is not None]
    if not pairs:
        return None
    chains: list[list[HtmlElement]] = []
    for block, target in pairs:
        chain = [target]
        for ancestor in _ancestors(target):
            if ancestor is block:
                break
            chain.append(ancestor)
        chains.append(chain)
    if all(t is b for b, t in pairs):
        return None  # the post itself
    depth = min(len(c) for c in chains)
    own = _css_step([c[0] for c in chains], attr)
    if own is None:
        return _child_path(blocks, targets, pairs)
    variants = [[own]]
    alone = sorted({_css_step([c[0]], attr) or "" for c in chains})
    if own.split("[")[0] == str(chains[0][0].tag) and 1 < len(alone) <= 3 and all("." in v for v in alone):
        variants.append(alone)  # a.username / a.username-coloured: one of these classes each
    ancestors: list[str] = []
    for level in range(1, min(depth, 5)):
        step = _css_step([c[level] for c in chains])
        if step is None:
            break
        ancestors.append(step)
    contexts: list[list[str]] = [[], *([a] for a in ancestors)]
    contexts += [list(reversed(ancestors[:k])) for k in range(2, len(ancestors) + 1)]
    candidates = [", ".join(" ".join([*context, v]) for v in variant) for context in contexts for variant in variants]
    # A bare tag ("a") is found first by luck of the template: a class or an attribute says what it is.
    candidates.sort(key=lambda c: not re.search(r"[.#\[]", c))
    for candidate in candidates:
        if _picks(candidate, blocks, targets):
            return candidate
    return _child_path(blocks, targets, pairs)


def _child_path(
    blocks: Sequence[HtmlElement], targets: Sequence[HtmlElement | None], pairs: Sequence[tuple[HtmlElement, Any]]
) -> str | None:
    # Child steps from the post, by position among siblings of the same tag.
    paths = set()
    for block, target in pairs:
        parts: list[str] = []
        node = target
        while node is not block:
            parent = node.getparent()
            same = [s for s in parent if _is_element(s) and s.tag == node.tag]
            parts.insert(0, f"{node.tag}[{same.index(node) + 1}]")
            node = parent
        paths.add("xpath:./" + "/".join(parts))
    for path in sorted(paths):
        if _picks(path, blocks, targets):
            return path
    return None


def _post_selector(blocks: Sequence[HtmlElement], doc: HtmlElement) -> str | None:
    """A selector over the whole page that finds exactly the post blocks, in page order."""
    wanted = [id(b) for b in blocks]

    def exact(selector: str) -> bool:
        try:
            found = [n for n in select_all(doc, selector) if _is_element(n)]
        except (ParseError, etree.XPathError):
            return False
        return [id(n) for n in found] == wanted

    step = _css_step(blocks)
    candidates: list[str] = []
    if step is not None:
        candidates.append(step)
        for attr in ("id", "data-pk", "data-id", "data-post-id", "data-postid", "data-number"):
            if all(b.get(attr) for b in blocks):
                candidates.append(f"{step}[{attr}]")
        holder = _common_ancestor(blocks)
        if holder is not None and holder.get("id") and re.fullmatch(r"[_a-zA-Z][\w-]*", holder.get("id") or ""):
            candidates.append(f"{holder.tag}#{holder.get('id')} {step}")
            candidates.append(f"{holder.tag}#{holder.get('id')} > {step}")
    # A tag without classes (phpBB 2's table rows): the tag with a child path all blocks share.
    tag = str(blocks[0].tag)
    shared = _shared_child_paths(blocks)
    for path in shared:
        candidates.append(f"xpath://{tag}[{path}]")
    for candidate in candidates:
        if exact(candidate):
            return candidate
    return None


def _shared_child_paths(blocks: Sequence[HtmlElement]) -> list[str]:
    """XPath child paths (``td/span[@class='name']``) present in every block, two or three steps deep."""

    def paths(block: HtmlElement) -> set[str]:
        found: set[str] = set()
        for child in block:
            if not _is_element(child):
                continue
            first = str(child.tag)  # row1/row2: the cell's class alternates from post to post
            for grand in child:
                if _is_element(grand) and grand.get("class"):
                    found.add(f"{first}/{_xstep(grand)}")
                for great in grand if _is_element(grand) else ():
                    if _is_element(great) and great.get("class"):
                        found.add(f"{first}/{_xstep(grand)}/{_xstep(great)}")
        return found

    common: set[str] | None = None
    for block in blocks[:60]:
        mine = paths(block)
        common = mine if common is None else common & mine
        if not common:
            return []
    return sorted(common or (), key=lambda p: (p.count("/"), p))


def _xstep(element: HtmlElement) -> str:
    cls = element.get("class")
    if cls and "'" not in cls:
        return f"{element.tag}[@class='{cls}']"
    return str(element.tag)


def _common_ancestor(blocks: Sequence[HtmlElement]) -> HtmlElement | None:
    first = _ancestors(blocks[0])
    others = [{id(a) for a in _ancestors(b)} for b in blocks[1:]]
    for ancestor in first:
        if all(id(ancestor) in seen for seen in others):
            return ancestor
    return None


# -- the fields of a post ----------------------------------------------------------------------------


def _post_id(blocks: Sequence[HtmlElement]) -> dict[str, Any] | None:
    """Where each post's number sits: the block's own id/data attribute, a named anchor, a permalink."""
    for attr in ("data-pk", "data-id", "data-post-id", "data-postid", "id", "data-number"):
        values = [b.get(attr) or "" for b in blocks]
        digits = [re.search(r"\d+", v) for v in values]
        if all(digits) and len({d.group() for d in digits if d}) == len(blocks):
            regex = _digits_regex(values)
            if regex is not None:
                return {"attr": attr, "regex": regex}
    for attr, selector in (("name", "a[name]"), ("id", "a[id]"), ("id", "[id]")):
        targets = []
        for block in blocks:
            found = [n for n in select_all(block, selector) if n is not block and re.search(r"\d", n.get(attr) or "")]
            targets.append(found[0] if found else None)
        if any(t is None for t in targets):
            continue
        values = [t.get(attr) or "" for t in targets if t is not None]
        ids = [re.search(r"\d+", v) for v in values]
        if len({m.group() for m in ids if m}) != len(blocks):
            continue
        select = _relative_selector(blocks, targets, attr)
        regex = _digits_regex(values)
        if select is not None and regex is not None:
            return {"select": select, "attr": attr, "regex": regex}
    return _permalink_id(blocks)


def _permalink_id(blocks: Sequence[HtmlElement]) -> dict[str, Any] | None:
    """The number in each post's link to itself (``sujet.php?id=7#msg2301``), when nothing else holds it."""
    targets: list[HtmlElement | None] = []
    anchors: set[str] = set()
    for block in blocks:
        found = None
        for link in block.iter("a"):
            anchor = re.search(r"#(\D*)(\d+)$", link.get("href") or "")
            if anchor is not None:
                found = link
                anchors.add(anchor.group(1))
                break
        targets.append(found)
    numbers = [re.search(r"(\d+)$", t.get("href") or "") for t in targets if t is not None]
    if None in targets or len(anchors) != 1 or len({n.group(1) for n in numbers if n}) != len(blocks):
        return None
    select = _relative_selector(blocks, targets, "href")
    if select is None:
        return None
    return {"select": select, "attr": "href", "regex": f"#{re.escape(anchors.pop())}(\\d+)$"}


def _digits_regex(values: Sequence[str]) -> str | None:
    """``p123``, ``m4502``, ``post-9`` → a regex whose group is the number, true for every value."""
    shapes = [re.match(r"^(\D*)\d+(\D*)$", v) for v in values]
    if any(m is None for m in shapes):
        return r"(\d+)" if all(re.search(r"\d", v) for v in values) else None
    prefixes = {m.groups() for m in shapes if m is not None}
    if len(prefixes) == 1:
        before, after = prefixes.pop()
        return f"^{re.escape(before)}(\\d+){re.escape(after)}$"
    return r"(\d+)"


def _author(blocks: Sequence[HtmlElement], bodies: Sequence[HtmlElement]) -> list[HtmlElement | None]:
    """Each post's author: a profile link with a name outside the body, of the kind most posts have
    (a default avatar's letter « F » is a profile link too, on its poster's posts only); else an
    element with a name-like class."""
    links: list[list[HtmlElement]] = []
    for block, body in zip(blocks, bodies, strict=True):
        mine = []
        for link in block.iter("a"):
            if body is not block and _inside(link, body):
                continue
            name = _short_text(link, 60) or ""
            href = link.get("href") or ""
            if not name or len(name) > 60 or name.replace(" ", "").isdigit() or _SEARCH_HREF.search(href):
                continue  # "Messages : 1422" links to a search of the author's posts, not to the author
            if _PROFILE_HREF.search(href):
                mine.append(link)
        links.append(mine)
    coverage: Counter[Any] = Counter()
    for mine in links:
        coverage.update({_shape(link) for link in mine})
    found: list[HtmlElement | None] = []
    for block, body, mine in zip(blocks, bodies, links, strict=True):
        pick = max(mine, key=lambda link: (coverage[_shape(link)], -mine.index(link))) if mine else None
        if pick is None:
            for element in block.iter():
                if not _is_element(element) or (body is not block and _inside(element, body)):
                    continue
                if any(_NAME_CLASS.search(c) for c in _classes(element)):
                    name = _short_text(element, 60) or ""
                    if name and not _YEARISH.search(name):
                        pick = element
                        break
        found.append(pick)
    return found


def _author_id_attr(authors: Sequence[HtmlElement | None]) -> str | None:
    """An attribute of the author's element that holds the member number (``data-user-id="52"``)."""
    for attr in ("data-user-id", "data-userid", "data-uid", "data-user", "data-member-id"):
        if all(a is not None and re.fullmatch(r"\d+", a.get(attr) or "") for a in authors):
            return attr
    return None


def _author_id_regex(hrefs: Sequence[str]) -> str | None:
    """``profil.php?id=312`` → ``[?&;]id=(\\d+)``; ``/user/2/name/`` → ``/user/(\\d+)``."""
    regexes = set()
    for href in hrefs:
        query = re.search(r"[?&;](\w+)=\d+", href)
        path = re.search(r"/([A-Za-z_-]+)/\d+", href)
        dotted = re.search(r"/([A-Za-z_-]+)/[^/?#]*\.\d+/?(?:$|[?#])", href)  # /membres/firmin.305/
        if query:
            regexes.add(f"[?&;]{re.escape(query.group(1))}=(\\d+)")
        elif path:
            regexes.add(f"/{re.escape(path.group(1))}/(\\d+)")
        elif dotted:
            regexes.add(f"/{re.escape(dotted.group(1))}/[^/?#]*\\.(\\d+)")
        else:
            return None
    if len(regexes) != 1:
        return None
    regex = regexes.pop()
    return regex if all(re.search(regex, h) for h in hrefs) else None


def _author_id_beside(blocks: Sequence[HtmlElement]) -> dict[str, Any] | None:
    """The author's profile link in the element right after the post (phpBB 2 puts the profile
    buttons in the next table row), when the post itself has none with a number."""
    targets: list[HtmlElement | None] = []
    words: set[str] = set()
    for block in blocks:
        after = block.getnext()
        while after is not None and not _is_element(after):
            after = after.getnext()
        link = None
        if after is not None:
            for candidate in after.iter("a"):
                found = _PROFILE_HREF.search(candidate.get("href") or "")
                if found and re.search(r"\d", candidate.get("href") or ""):
                    link = candidate
                    words.add(found.group(0))
                    break
        if link is None:
            return None
        targets.append(link)
    if len(words) != 1 or "'" in next(iter(words)):
        return None
    select = f"xpath:following-sibling::*[1]//a[contains(@href, '{words.pop()}')]"
    regex = _author_id_regex([t.get("href") or "" for t in targets if t is not None])
    if regex is None or not _picks(select, blocks, targets):
        return None
    return {"select": select, "attr": "href", "regex": regex}


def _subtree_text_len(element: HtmlElement) -> int:
    raw = text_of(element)  # its letters: the template's indentation is no text
    return len(raw) - sum(raw.count(space) for space in " \n\t\r\xa0")


def _body(blocks: Sequence[HtmlElement], avoid: Sequence[Iterable[HtmlElement]]) -> list[HtmlElement]:
    """Each post's body: walk down from the post, by slots all posts share, while the current slot
    holds the date or the author (the header must be left) or one child slot holds most of the text."""
    current: list[HtmlElement] = list(blocks)
    n = len(blocks)
    while True:
        holds_header = any(
            node is not None and node is not cur and _inside(node, cur)
            for cur, nodes in zip(current, avoid, strict=True)
            for node in nodes
        )
        slots: dict[tuple[Any, int], list[HtmlElement | None]] = defaultdict(lambda: [None] * n)
        repeated: set[Any] = set()
        for index, node in enumerate(current):
            seen: Counter[Any] = Counter()
            for child in node:
                if not _is_element(child) or child.tag in _SKIP:
                    continue
                key = _shape(child)
                seen[key] += 1
                if seen[key] > 1:
                    repeated.add(key)
                slots[(key, seen[key])][index] = child
        if not slots:
            return current
        total = sum(_subtree_text_len(c) for c in current) or 1
        scored = []
        for slot, children in slots.items():
            present = sum(1 for c in children if c is not None)
            weight = sum(_subtree_text_len(c) for c in children if c is not None)
            scored.append((weight, present, slot, children))
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        weight, present, slot, children = scored[0]
        enough = present >= n - max(1, n // 10) if n > 2 else present == n
        if not enough:
            return current
        if holds_header:
            if present < n:
                return current
        elif slot[0] in repeated or weight < 0.6 * total or present < n:
            return current
        current = [c for c in children if c is not None]


# -- dates: the format, and a regex that keeps the date alone -------------------------------------

_TOKEN = re.compile(r"\d+|[^\W\d_]+|\s+|.", re.UNICODE)
_MONTH_WORDS = re.compile(
    r"^(?:janv?|janvier|f[ée]vr?|f[ée]vrier|mars?|avr|avril|mai|juin|juil|juillet|ao[uû]t?|sept?|septembre|oct|"
    r"octobre|nov|novembre|d[ée]c|d[ée]cembre|jan|january|feb|february|march|apr|april|may|june?|july?|aug|"
    r"august|september|october|november|december)$",
    re.IGNORECASE,
)


def _narrow(text: str, tz: str) -> str | None:
    """The shortest run of ``text``'s tokens that reads as the same date."""
    tokens = _TOKEN.findall(text)
    if len(tokens) > 80:
        return None
    target = _date(text, tz)
    if target is None:
        return None
    start, end = 0, len(tokens)
    while end - 1 > start and _date("".join(tokens[start : end - 1]), tz) == target:
        end -= 1
    while start + 1 < end and _date("".join(tokens[start + 1 : end]), tz) == target:
        start += 1
    after = [t for t in tokens[end : end + 4] if not t.isspace() and t != "."]
    if after and after[0].lower() in ("am", "pm"):  # 09:00 AM reads as 09:00 without it, 09:00 PM does not
        end = tokens.index(after[0], end) + 1
    return "".join(tokens[start:end]).strip()


def _generalise(window: str) -> str:
    parts = []
    tokens = _TOKEN.findall(window)
    for index, token in enumerate(tokens):
        if token.lower() == "er" and index and tokens[index - 1].isdigit():
            continue  # "1er avril": the day's suffix, on the first of the month only
        if token.isdigit():
            follows = tokens[index + 1 : index + 3]
            ordinal = follows[:1] == ["er"] or (
                len(follows) == 2 and follows[0].isspace() and bool(_MONTH_WORDS.match(follows[1]))
            )
            parts.append(r"\d{4}" if len(token) == 4 else r"\d{1,2}(?:er)?" if ordinal else r"\d{1,2}")
        elif token.isspace():
            parts.append(r"\s+")
        elif token.lower() in ("am", "pm"):
            parts.append("[AaPp][Mm]")
        elif token.isalpha():
            parts.append(r"[^\W\d_]+\.?" if _MONTH_WORDS.match(token) else re.escape(token))
        else:
            parts.append(re.escape(token))
    regex = "".join(parts).replace(r"[^\W\d_]+\.?\.", r"[^\W\d_]+\.?")
    return f"({regex})"


def date_format(window: str) -> str:
    """« 13 mars 2026 à 21h04 » → « JJ mois AAAA à HHhMM »: how the forum writes a date."""
    out = []
    seen_year = False
    before: list[str] = []
    after = ["HH", "MM", "SS"]
    has_month_word = any(_MONTH_WORDS.match(t) for t in _TOKEN.findall(window) if t.isalpha())
    tokens = _TOKEN.findall(window)
    for index, token in enumerate(tokens):
        if token.lower() == "er" and index and tokens[index - 1].isdigit():
            continue
        if token.isdigit():
            if len(token) == 4 and not seen_year:
                out.append("AAAA")
                seen_year = True
            elif not seen_year:
                out.append("JJ" if has_month_word or not before else "MM")
                before.append(token)
            else:
                out.append(after.pop(0) if after else token)
        elif token.isalpha():
            if _MONTH_WORDS.match(token):
                out.append("mois")
            elif token.lower() in ("am", "pm"):
                out.append(token)
            elif len(token) <= 4 and seen_year is False and not before:
                out.append("jour" if token.lower() not in ("le", "on", "the") else token)
            else:
                out.append(token)
        else:
            out.append(token)
    return "".join(out)


# -- pagination --------------------------------------------------------------------------------------


_PAGE_PARAM = re.compile(r"[?&;]page=\d+")
_CURRENT = re.compile(r"^\D{0,12}\d+(?:\s*(?:of|sur|/)\s*\d+)?$", re.IGNORECASE)


def _page_links(doc: HtmlElement, blocks: Sequence[HtmlElement]) -> list[HtmlElement]:
    """Links to other pages of the topic: a page number for a label, or ``page=N`` in the address."""
    post_ids = {id(b) for b in blocks}
    found = []
    for link in doc.iter("a"):
        label = _short_text(link, 40) or ""
        href = link.get("href") or ""
        if not href or href.startswith("#"):
            continue
        numbered = label.isdigit() and len(label) <= 4 and (label == "1" or _PAGE_HREF.search(href))
        if not (numbered or (not label and _PAGE_PARAM.search(href))):  # page 1's address often has no number
            continue
        if any(id(a) in post_ids for a in _ancestors(link)):
            continue  # a number inside a post is not the topic's pagination
        found.append(link)
    return found


def _current_in(container: HtmlElement) -> HtmlElement | None:
    """The page number shown, not linked: « <b>2</b> », « <li class="active">2 », « Page 2 of 3 »."""
    for element in container.iter():
        if not _is_element(element) or element.tag == "a" or any(a.tag == "a" for a in _ancestors(element)):
            continue
        if any(_is_element(c) and c.tag == "a" for c in element.iter()):
            continue
        if _CURRENT.match(_short_text(element, 40) or ""):
            return element
    return None


def _pagination(doc: HtmlElement, blocks: Sequence[HtmlElement]) -> tuple[dict[str, str] | None, bool]:
    """``{current, links}`` around the page links, and whether the current page is marked. None when
    the page has no such links."""
    links = _page_links(doc, blocks)
    groups: dict[Any, list[HtmlElement]] = defaultdict(list)
    for link in links:
        container = _container(link, links)
        if container is not None:
            groups[_shape(container)].append(container)
    if not groups:
        return None, False
    best = max(groups.values(), key=lambda found: (len(found), _current_in(found[0]) is not None))
    container = best[0]
    holder = _css_of_container(doc, container)
    if holder is None:
        return None, False
    result = {"links": f"{holder} a"}
    current = _current_in(container)
    if current is not None:
        step = _css_step([current])
        candidates = [f"{holder} {step}"] if step is not None else []
        xpath = HTMLTranslator().css_to_xpath(holder, prefix="descendant-or-self::")
        candidates.append(
            f"xpath:({xpath})[1]//*[not(self::a) and not(ancestor::a) and not(.//a)]"
            "[translate(normalize-space(.), '0123456789', '') = '' and normalize-space(.) != '']"
        )
        for candidate in candidates:
            if _first(doc, candidate) is current:
                result["current"] = candidate
                break
    return result, "current" in result


def _container(link: HtmlElement, links: Sequence[HtmlElement]) -> HtmlElement | None:
    """The pagination block around a page link: the nearest ancestor with an id or a class that
    holds another page link or the current page's number."""
    fallback = None
    for ancestor in _up(link, 5):
        if not (ancestor.get("id") or ancestor.get("class")):
            continue
        fallback = fallback if fallback is not None else ancestor
        if any(other is not link and _inside(other, ancestor) for other in links) or _current_in(ancestor) is not None:
            return ancestor
    return fallback


def _css_of_container(doc: HtmlElement, container: HtmlElement) -> str | None:
    ident = container.get("id")
    candidates = []
    if ident and re.fullmatch(r"[_a-zA-Z][\w-]*", ident):
        candidates.append(f"{container.tag}#{ident}")
    step = _css_step([container])
    if step is not None and step != container.tag:
        candidates.append(step)
    for candidate in candidates:
        if _first(doc, candidate) is container:
            return candidate
    return None


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


def _edit_notices(blocks: Sequence[HtmlElement], tz: str) -> list[HtmlElement | None]:
    found: list[HtmlElement | None] = []
    for block in blocks:
        matches: list[HtmlElement] = []
        for element in block.iter():
            if not _is_element(element) or element is block:
                continue
            whole = _short_text(element, 300)
            if not whole or not _EDITED.search(whole):
                continue
            if parse_edit_notice(whole, tz).editor is not None or _EDITED_OTHER.search(whole):
                matches.append(element)
        # The innermost element that holds the whole notice and has a class of its own.
        with_class = [m for m in matches if m.get("class")]
        found.append((with_class or matches)[-1] if matches else None)
    return found


_EDITED = re.compile(r"dit|modif|edit", re.IGNORECASE)
# Notices parse_edit_notice cannot split into editor and time: the post is still marked edited.
_EDITED_OTHER = re.compile(
    r"^\W*(?:last edit|edited by|edited|derni[èe]re (?:modification|[ée]dition)|modifi[ée] par|[ée]dit[ée] par)\b",
    re.IGNORECASE,
)
_HISTORY = re.compile(r"histor|revision|r[ée]vision|/edits?/", re.IGNORECASE)


def _edit_counts(blocks: Sequence[HtmlElement]) -> list[HtmlElement | None]:
    """Engines that show only how many times a post was edited: a link to its history, the number
    for a label (django-spirit's pencil « 1 »)."""
    found: list[HtmlElement | None] = []
    for block in blocks:
        pick = None
        for link in block.iter("a"):
            if _HISTORY.search(link.get("href") or "") and (_short_text(link, 10) or "").isdigit():
                pick = link
                break
        found.append(pick)
    return found


def _quotes(bodies: Sequence[HtmlElement]) -> list[str]:
    found: list[str] = []
    for body in bodies:
        stack: list[tuple[HtmlElement, bool]] = [(child, False) for child in reversed(body) if _is_element(child)]
        while stack:  # depth-first, by hand: a post can nest quotes thousands deep
            element, quoted = stack.pop()
            if element.tag == "blockquote":
                if "blockquote" not in found:
                    found.insert(0, "blockquote")
                quoted = True
            elif (
                not quoted
                and element.tag != "cite"
                and any(_QUOTE_CLASS.search(c) and not _QUOTE_PART.search(c) for c in _classes(element))
            ):
                step = _css_step([element])
                if step is not None and step not in found and not _quote_header(element):
                    found.append(step)
            stack.extend((child, quoted) for child in reversed(element) if _is_element(child))
    return found


_QUOTE_HEADER = re.compile(
    r"(?:a écrit|a dit|wrote|said)\s*:?\s*$|^(?:quote from|citation de|cité par|quote)\b", re.IGNORECASE
)


def _quote_header(element: HtmlElement) -> bool:
    """The "X a écrit :" line above a quote, or an empty frame around it, not the quote itself."""
    text = _short_text(element, 120)
    if text is None:
        return False
    return not text or (len(text) < 120 and bool(_QUOTE_HEADER.search(text)))


def _signatures(bodies: Sequence[HtmlElement]) -> tuple[list[str], str | None]:
    """Signature elements inside the bodies (to drop), or the separator line that starts them."""
    drop: list[str] = []
    separators: Counter[str] = Counter()
    for body in bodies:
        for element in body.iter():
            if not _is_element(element) or element is body:
                continue
            if any(_SIGNATURE_CLASS.search(c) for c in _classes(element)):
                step = _css_step([element])
                if step is not None and step not in drop:
                    drop.append(step)
                continue
            for piece in (element.text, element.tail):
                if piece and _SEPARATOR.match(piece):
                    separators[piece.strip()] += 1
    separator = separators.most_common(1)[0][0] if separators and not drop else None
    return drop, separator


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
