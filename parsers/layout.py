"""A topic page read through a *layout*: where posts, ids, authors, dates and bodies sit.

The three named engines (phpBB 3, phpBB 2, django-spirit) are layouts written down in their own
modules; a home-made forum gets one from the MJ's configuration. One reader serves them all, so
the generic adapter is exercised by every test of the named ones.
"""

from __future__ import annotations

import codecs
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from cssselect import HTMLTranslator, SelectorError
from lxml import etree
from lxml.etree import _Element as HtmlElement

from .dates import parse_forum_date
from .records import (
    EditNotice,
    LayoutChanged,
    NotATopicPage,
    PageIncomplete,
    Pagination,
    ParseError,
    Post,
    TopicPage,
    VoteFormat,
    VoteMention,
    content_hash,
)
from .votes import extract_votes


@dataclass(frozen=True, slots=True)
class Field:
    """Where one value of a post sits.

    ``select`` is a CSS selector relative to the post (an XPath if it starts with ``xpath:``);
    None means the post element itself. ``attr`` takes an attribute instead of the text;
    ``regex`` keeps its first group.
    """

    select: str | None = None
    attr: str | None = None
    regex: str | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    engine: str
    post: str
    post_id: Field
    author: Field
    date: Field
    content: Field
    author_id: Field | None = None
    edit_notice: Field | None = None
    quote: tuple[str, ...] = ("blockquote",)
    marker: str | None = None
    title: str | None = None
    pagination_current: str | None = None
    pagination_links: str | None = None
    # Text that starts the signature inside the body (phpBB 2 prints it in the same element).
    signature_separator: str | None = None
    # Content elements that are not the author's words (e.g. "edited" badges), removed before reading.
    drop: tuple[str, ...] = ()


_EDIT = re.compile(
    r"(?:[ée]dition|modification|modifi[ée])\s+par\s+(?P<editor>.+?)\s+le\s+(?P<date>.+?)"
    r"(?:\s*[;,]\s*[ée]dit[ée]\s+(?P<count>\d+)\s+fois|\s*\]|\.?\s*$)",
    re.IGNORECASE,
)


Selector = Callable[[HtmlElement], Any]


def _compile_one(selector: str) -> Selector:
    try:
        if selector.startswith("xpath:"):
            return etree.XPath(selector[len("xpath:") :])
        if re.fullmatch(r"[a-z][a-z0-9]*", selector):
            # A bare tag: lxml's own iteration, no XPath machinery (descendant-or-self, like below).
            return lambda context: list(context.iter(selector))
        return etree.XPath(HTMLTranslator().css_to_xpath(selector, prefix="descendant-or-self::"))
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise ParseError(f"bad selector {selector!r}: {exc}") from exc


@lru_cache(maxsize=256)
def compile_selector(selector: str) -> Selector:
    """CSS (relative to the context element, itself included) or ``xpath:…`` → a callable giving
    the matching nodes in document order.

    ``A || B`` tries A, then B if A finds nothing: a layout can give an exact, fast path through
    the engine's template first and a looser search for styles that move things around.
    """
    alternatives = [_compile_one(part.strip()) for part in selector.split(" || ")]
    if len(alternatives) == 1:
        return alternatives[0]

    def first_found(context: HtmlElement) -> Any:
        found: Any = []
        for alternative in alternatives:
            found = alternative(context)
            if found:
                return found
        return found

    return first_found


def select_all(context: HtmlElement, selector: str) -> list[Any]:
    """Every node a selector finds (elements, or strings for an XPath ending in an attribute)."""
    found = compile_selector(selector)(context)
    return list(found) if isinstance(found, list) else [found]


def _first(context: HtmlElement, selector: str | None) -> Any:
    if selector is None:
        return context
    found = select_all(context, selector)
    return found[0] if found else None


def _text(node: Any) -> str:
    if node is None:
        return ""
    if isinstance(node, str):
        return " ".join(node.split())
    return " ".join(text_of(node).split())


def read_field(context: HtmlElement, field: Field, seen: dict[str, Any] | None = None) -> str | None:
    """The field's value in this post, or None where the forum shows nothing.

    ``seen`` remembers nodes already found in this post, for fields that share a selector.
    """
    if seen is not None and field.select is not None:
        if field.select not in seen:
            seen[field.select] = _first(context, field.select)
        node = seen[field.select]
    else:
        node = _first(context, field.select)
    if node is None:
        return None
    if field.attr is not None and not isinstance(node, str):
        value = node.get(field.attr)
        if value is None:
            return None
        value = " ".join(value.split())
    else:
        value = _text(node)
    if field.regex is not None:
        match = re.search(field.regex, value)
        if match is None:
            return None
        value = (match.group(1) if match.groups() else match.group(0)).strip()
    return value or None


# lxml's plain HTML parser: the same libxml2 parse as lxml.html, but its elements are made by C
# code, while lxml.html looks up a Python class for every element it hands out, which costs more
# than the parse itself when every post is walked. ``huge_tree`` lifts libxml2's nesting limit from
# 256 to 2048: a player's post of 250 nested spans must not end the page. One parser per thread and
# encoding, as a parser's error log is read after each parse.
_PARSERS = threading.local()
_STRING = etree.XPath("string()")
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_OPENS_HTML = re.compile(rb"<html[\s>]", re.IGNORECASE)
_CLOSES_HTML = re.compile(rb"</(?:html|body)\s*>", re.IGNORECASE)
_STR_OPENS_HTML = re.compile(r"<html[\s>]", re.IGNORECASE)
_STR_CLOSES_HTML = re.compile(r"</(?:html|body)\s*>", re.IGNORECASE)


def _parser(encoding: str | None) -> etree.HTMLParser:
    parsers: dict[str | None, etree.HTMLParser] | None = getattr(_PARSERS, "by_encoding", None)
    if parsers is None:
        parsers = _PARSERS.by_encoding = {}
    parser = parsers.get(encoding)
    if parser is None:
        parser = parsers[encoding] = etree.HTMLParser(remove_blank_text=False, huge_tree=True, encoding=encoding)
    return parser


def text_of(node: HtmlElement) -> str:
    """An element's text, descendants included, comments and scripts' markup left out."""
    return str(_STRING(node))


def _codec(name: str | None) -> str | None:
    """Python's name for an encoding, or None if it is not one."""
    if not name:
        return None
    try:
        return codecs.lookup(name.strip().strip("\"'")).name
    except LookupError:
        return None


def page_encoding(raw: bytes, declared: str | None = None) -> str:
    """How to read a page's bytes: the HTTP header's charset, then the page's own ``<meta>``,
    then a guess (UTF-8 if the bytes are valid UTF-8, else Windows-1252, a superset of Latin-1).
    libxml2 alone falls back to Latin-1 and makes "Zoé" of a UTF-8 page "ZoÃ©"."""
    for name in (declared, *(m.group(1).decode("ascii", "replace") for m in [_META_CHARSET.search(raw[:4096])] if m)):
        codec = _codec(name)
        if codec is not None:
            return codec
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _fatal(parser: etree.HTMLParser) -> str | None:
    """libxml2's first fatal error in the last parse (it then stops: the rest of the page is lost)."""
    for entry in parser.error_log:
        if entry.level_name == "FATAL" or entry.type_name == "ERR_RESOURCE_LIMIT":
            return f"{entry.message.strip()} (line {entry.line})"
    return None


# Deeper than this, elements are dropped (their text kept) when a page nests past libxml2's 2048.
FLATTEN_DEPTH = 1500
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_CLOSES_SAME = frozenset("p li dt dd tr td th option".split())  # a new one closes an open one
_CLOSES_P = frozenset(
    "address article aside blockquote div dl fieldset footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre "
    "section table ul".split()
)
_TOKEN = re.compile(
    r"<!--.*?-->|<(script|style|textarea|title)\b[^>]*>.*?</\1\s*>|<(/?)([A-Za-z][A-Za-z0-9:-]*)\b[^>]*>",
    re.DOTALL | re.IGNORECASE,
)


def flatten_deep(text: str, limit: int = FLATTEN_DEPTH) -> tuple[str, int]:
    """The page with every element nested deeper than ``limit`` left out (its text kept), and how many
    tags were left out. The nesting is followed as an HTML parser does it roughly (void elements,
    a new paragraph or list item closing the open one, a close tag closing what it encloses), which
    is enough: only what lies past ``limit``, far below any page's own depth, is touched."""
    out: list[str] = []
    position = 0
    stack: list[tuple[str, bool]] = []  # open elements: name, kept
    depth = 0  # kept elements open
    dropped = 0

    def close_from(index: int) -> None:
        nonlocal depth
        depth -= sum(1 for _, kept in stack[index:] if kept)
        del stack[index:]

    for token in _TOKEN.finditer(text):
        if token.group(3) is None:
            continue  # a comment, a script, a style: read as they are
        name = token.group(3).lower()
        if token.group(2):
            found = next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0] == name), None)
            if found is None:
                continue  # a stray close tag: the parser ignores it
            kept = stack[found][1]
            close_from(found)
            if kept:
                continue
        else:
            if name in _VOID or token.group(0).endswith("/>"):
                continue
            if stack and (
                (stack[-1][0] == "p" and name in _CLOSES_P) or (name in _CLOSES_SAME and stack[-1][0] == name)
            ):
                close_from(len(stack) - 1)
            if depth < limit:
                stack.append((name, True))
                depth += 1
                continue
            stack.append((name, False))
        out.append(text[position : token.start()])
        position = token.end()
        dropped += 1
    out.append(text[position:])
    return "".join(out), dropped


def parse_document(html: bytes | str, encoding: str | None = None, whole: bool = False) -> HtmlElement:
    """An HTML page, read in ``encoding`` (the HTTP header's charset) or as ``page_encoding`` finds it.

    With ``whole`` (pages whose content is stored: topic pages, MPs, the inbox), raises
    PageIncomplete when the page was not read to its end (see ``read_document``). Without it
    (forms, the answer to a POST) what could be read is returned."""
    return read_document(html, encoding, whole)[0]


def read_document(html: bytes | str, encoding: str | None = None, whole: bool = False) -> tuple[HtmlElement, int]:
    """The page's root, and how many tags nested past ``FLATTEN_DEPTH`` were left out to read it.

    libxml2 stops at an element nested deeper than 2048 (a player's post can do that) and drops the
    rest of the page: such a page is read again with its deepest tags left out, so every later post
    is still there. With ``whole``, PageIncomplete is raised when the page still cannot be read to
    its end, or when a page that opened ``<html>`` never closes it (cut short by the network):
    either way posts would silently be missing."""
    parser: etree.HTMLParser
    if isinstance(html, bytes):
        codec = page_encoding(html, encoding)
        data: bytes | str = html
        if codec not in ("utf-8", "cp1252", "iso8859-1"):  # libxml2 knows these by Python's names
            data, codec = html.decode(codec, "replace").encode("utf-8"), "utf-8"
        parser = _parser(codec)
        opens = _OPENS_HTML.search(html, 0, 4096) is not None
        closes = _CLOSES_HTML.search(html, max(0, len(html) - 8192)) is not None
    else:
        codec, data = None, html
        parser = _parser(None)
        opens = _STR_OPENS_HTML.search(html, 0, 4096) is not None
        closes = _STR_CLOSES_HTML.search(html, max(0, len(html) - 8192)) is not None
    try:
        root = etree.fromstring(data, parser)
        fatal = _fatal(parser)
        flattened = 0
        if fatal is not None and "depth" in fatal.lower():
            text = data if isinstance(data, str) else data.decode(codec or "utf-8", "replace")
            flat, flattened = flatten_deep(text)
            parser = _parser(None)
            root = etree.fromstring(flat, parser)
            fatal = _fatal(parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError, LookupError) as exc:
        raise NotATopicPage(f"not an HTML page ({exc})") from exc
    if whole and fatal is not None:
        raise PageIncomplete(
            f"the page could not be read to its end: {fatal}; what follows would be missing, "
            "so nothing on this page is trusted"
        )
    if whole and opens and not closes:
        raise PageIncomplete("the page is cut short (it never closes </html>): posts after the cut would be missing")
    if root is None:
        raise NotATopicPage("an empty page")
    return root, flattened


def _drop(node: HtmlElement) -> None:
    """Remove an element but keep the text that follows it."""
    parent = node.getparent()
    if parent is None:
        return
    if node.tail:
        previous = node.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + node.tail
        else:
            parent.text = (parent.text or "") + node.tail
    parent.remove(node)


def parse_edit_notice(text: str, tz: str) -> EditNotice:
    if text.strip().isdigit():  # an engine that shows only the number of edits
        times = int(text)
        return EditNotice(raw=f"edited {times} time{'s' if times > 1 else ''}", count=times)
    match = _EDIT.search(text)
    if match is None:
        return EditNotice(raw=text)
    edited_at: datetime | None
    try:
        edited_at = parse_forum_date(match.group("date"), tz)
    except ParseError:
        edited_at = None
    count = match.group("count")
    return EditNotice(
        raw=text,
        editor=match.group("editor").strip(),
        edited_at=edited_at,
        count=int(count) if count else None,
    )


def _cut_signature(content: HtmlElement, separator: str) -> None:
    """Remove the signature: everything from the separator on, in document order."""
    for node in content.iter():
        if node is not content and node.tail and separator in node.tail:
            node.tail = node.tail.split(separator, 1)[0]
            _drop_following(node, content)
            return
        if node.text and separator in node.text:
            node.text = node.text.split(separator, 1)[0]
            for child in list(node):
                node.remove(child)
            _drop_following(node, content)
            return


def _drop_following(node: HtmlElement, stop: HtmlElement) -> None:
    """Remove every later sibling of ``node`` and of each of its ancestors below ``stop``."""
    while node is not stop:
        parent = node.getparent()
        if parent is None:
            return
        for later in list(node.itersiblings()):
            parent.remove(later)
        node = parent


def quote_test(content: HtmlElement, layout: Layout) -> Callable[[HtmlElement], bool]:
    if all(re.fullmatch(r"[a-z][a-z0-9]*", selector) for selector in layout.quote):
        tags = frozenset(layout.quote)
        return lambda element: element.tag in tags
    quotes: set[HtmlElement] = set()
    for selector in layout.quote:
        quotes.update(node for node in select_all(content, selector) if node is not content)
    return quotes.__contains__


_OF_TOTAL = re.compile(r"(\d+)\s*(?:of|sur|/)\s*(\d+)", re.IGNORECASE)
_PAGE_PARAM = re.compile(r"[?&;]page=(\d+)")


def _pagination(doc: HtmlElement, layout: Layout) -> Pagination:
    """Current page and links to the others; "Page 2 of 3" gives the last page too."""
    current = 1
    last = 1
    if layout.pagination_current:
        found = _text(_first(doc, layout.pagination_current))
        both = _OF_TOTAL.search(found)
        digits = re.search(r"\d+", found)
        if both:
            current, last = int(both.group(1)), int(both.group(2))
        elif digits:
            current = int(digits.group())
    links: dict[int, str] = {}
    if layout.pagination_links:
        for node in select_all(doc, layout.pagination_links):
            if isinstance(node, str):
                continue
            label = _text(node)
            href = node.get("href")
            param = _PAGE_PARAM.search(href or "")
            number = int(label) if label.isdigit() else int(param.group(1)) if param else None
            if href and number is not None:
                links.setdefault(number, href)
    return Pagination(current=current, last=max([current, last, *links]), links=tuple(sorted(links.items())))


def parse_topic_page(
    html: bytes | str,
    layout: Layout,
    tz: str = "Europe/Paris",
    fmt: VoteFormat | None = None,
    encoding: str | None = None,
) -> TopicPage:
    """Read one topic page. With ``fmt``, each post's vote mentions are read too (``votes_of``);
    ``encoding`` is the HTTP header's charset, when the page came over HTTP.

    Raises NotATopicPage when the page is not one of this forum's topic pages, LayoutChanged
    when it looks like one but its posts cannot be read, and PageIncomplete when it was not read
    to its end: never an empty count, never posts taken for deleted.
    """
    doc, flattened = read_document(html, encoding, whole=True)
    marker = _first(doc, layout.marker) if layout.marker else None
    if layout.marker and marker is None:
        raise NotATopicPage(f"no {layout.marker!r} on the page: not a {layout.engine} topic page")
    elements = [node for node in select_all(doc, layout.post) if isinstance(node, HtmlElement)]
    if not elements:
        if layout.marker:
            raise LayoutChanged(f"a {layout.engine} topic page with no post matching {layout.post!r}")
        raise NotATopicPage(f"no post matching {layout.post!r}: not a {layout.engine} topic page")
    pagination = _pagination(doc, layout)
    title = None
    if layout.title:
        title = _text(marker if layout.title == layout.marker else _first(doc, layout.title)) or None
    posts = []
    votes: dict[str, tuple[VoteMention, ...]] = {}
    for element, seen in zip(elements, _batch(doc, layout, elements), strict=True):
        post, content = _read_post(element, layout, tz, pagination.current, seen)
        posts.append(post)
        if fmt is not None:
            votes[post.post_id] = tuple(extract_votes(content, fmt, quote_test(content, layout)))
    return TopicPage(
        layout.engine, tuple(posts), pagination, title, tuple(votes.items()) if fmt is not None else None, flattened
    )


@lru_cache(maxsize=128)
def _document_path(post: str, select: str) -> etree.XPath | None:
    """One XPath over the whole page for a field of every post, when both are exact paths."""
    post_path, field_path = post.split(" || ")[0], select.split(" || ")[0]
    if not (post_path.startswith("xpath:/") and field_path.startswith("xpath:./")):
        return None
    if "|" in post_path or "|" in field_path:
        return None
    return etree.XPath(post_path[len("xpath:") :] + field_path[len("xpath:.") :])


def select_nodes(query: etree.XPath, context: HtmlElement) -> list[Any]:
    found = query(context)
    return list(found) if isinstance(found, list) else []


def _batch(doc: HtmlElement, layout: Layout, elements: list[HtmlElement]) -> list[dict[str, Any]]:
    """The required fields of every post found with one query each, rather than one per post.

    Reading them post by post costs a query per field and post, more than the page's parse; here
    each node found is given to the post it sits in (its nearest post ancestor), so a post with a
    missing or extra node is still read right, and one the page query missed is read alone."""
    seens: list[dict[str, Any]] = [{} for _ in elements]
    owner = {element: index for index, element in enumerate(elements)}
    fields = [layout.author, layout.date, layout.content, *([layout.edit_notice] if layout.edit_notice else [])]
    for field in fields:
        if field.select is None:
            continue
        query = _document_path(layout.post, field.select)
        if query is None:
            continue
        if " || " not in field.select:  # no looser selector to fall back on: the page query is the answer
            for seen in seens:
                seen[field.select] = None
        for node in select_nodes(query, doc):
            parent: Any = node if isinstance(node, etree._Element) else getattr(node, "getparent", lambda: None)()
            while parent is not None and parent not in owner:
                parent = parent.getparent()
            if parent is not None and seens[owner[parent]].get(field.select) is None:
                seens[owner[parent]][field.select] = node
    return seens


def _read_post(
    element: HtmlElement, layout: Layout, tz: str, page: int, seen: dict[str, Any] | None = None
) -> tuple[Post, HtmlElement]:
    seen = {} if seen is None else seen
    post_id = read_field(element, layout.post_id, seen)
    if post_id is None:
        raise LayoutChanged(f"a post without an id ({layout.post_id})")
    author = read_field(element, layout.author, seen)
    date_text = read_field(element, layout.date, seen)
    select = layout.content.select
    if select is not None and select not in seen:
        seen[select] = _first(element, select)
    content = seen[select] if select is not None else element
    if author is None or date_text is None or content is None or isinstance(content, str):
        missing = [n for n, v in (("author", author), ("date", date_text), ("content", content)) if v is None]
        raise LayoutChanged(f"post {post_id}: cannot read its {', '.join(missing) or 'content'}")
    notice_text = read_field(element, layout.edit_notice, seen) if layout.edit_notice else None
    try:
        posted_at = parse_forum_date(date_text, tz)
    except ParseError as exc:
        raise LayoutChanged(f"post {post_id}: {exc}") from exc
    for selector in layout.drop:
        for node in select_all(content, selector):
            if isinstance(node, HtmlElement) and node is not content:
                _drop(node)
    if layout.signature_separator:
        _cut_signature(content, layout.signature_separator)
    content_html = etree.tostring(content, method="html", encoding="unicode", with_tail=False)
    return (
        Post(
            post_id=post_id,
            author=author,
            author_id=read_field(element, layout.author_id, seen) if layout.author_id else None,
            posted_at=posted_at,
            content_html=content_html,
            content_text=_text(content),
            content_hash=content_hash(content_html),
            edit=parse_edit_notice(notice_text, tz) if notice_text else None,
            page=page,
        ),
        content,
    )


def votes_in_html(content_html: str, layout: Layout, fmt: VoteFormat) -> list[VoteMention]:
    """The vote mentions of a stored post body (a recount needs no page, no network)."""
    root = parse_document(f"<html><body><div>{content_html}</div></body></html>")
    wrapper = root.find("body/div")
    assert wrapper is not None
    # The stored body is one element (the forum's content block): read that element itself.
    body = wrapper[0] if len(wrapper) == 1 and not (wrapper.text or "").strip() else wrapper
    return extract_votes(body, fmt, quote_test(body, layout))
