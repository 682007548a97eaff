"""The fields of a probed post — id, author, body, date format, pagination, edit notices, quotes and
signatures — found by comparing the post blocks with one another (see :mod:`parsers.probe`)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from cssselect import HTMLTranslator
from lxml.etree import _Element as HtmlElement

from .layout import parse_edit_notice, select_all, text_of
from .probe_dom import (
    _NAME_CLASS,
    _PAGE_HREF,
    _PROFILE_HREF,
    _QUOTE_CLASS,
    _QUOTE_PART,
    _SEARCH_HREF,
    _SEPARATOR,
    _SIGNATURE_CLASS,
    _SKIP,
    _YEARISH,
    _ancestors,
    _classes,
    _css_step,
    _date,
    _first,
    _inside,
    _is_element,
    _picks,
    _relative_selector,
    _shape,
    _short_text,
    _up,
)

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
