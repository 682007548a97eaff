"""The probe's reading of a page: date-like spots, the repeated post blocks around them, and CSS or XPath
selectors checked to pick, in every post, the node the heuristics chose (see :mod:`parsers.probe`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lxml import etree
from lxml.etree import _Element as HtmlElement

from .dates import parse_forum_date
from .layout import select_all, text_of
from .records import ParseError

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
