"""The forum engines meneur reads, by name, and the generic layout built from the MJ's selectors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import phpbb2, phpbb3, spirit
from .layout import Field, Layout, compile_selector
from .records import ParseError

NAMED: dict[str, Layout] = {
    "phpbb3": phpbb3.LAYOUT,
    "phpbb2": phpbb2.LAYOUT,
    "spirit": spirit.LAYOUT,
}
ENGINES = (*NAMED, "generic")

_FIELDS = ("post_id", "author", "author_id", "date", "content", "edit_notice")
_REQUIRED = ("post", "post_id", "author", "date", "content")
_SELECTOR_KEYS = {*_FIELDS, "post", "quote", "marker", "title", "pagination", "signature_separator", "drop"}


def layout_for(engine: str, selectors: Mapping[str, Any] | None = None) -> Layout:
    """The layout of a named engine, or the generic one described by ``selectors``."""
    if engine in NAMED:
        return NAMED[engine]
    if engine != "generic":
        raise ParseError(f"unknown forum engine {engine!r} (one of {', '.join(ENGINES)})")
    if selectors is None:
        raise ParseError("the generic engine needs selectors")
    return generic_layout(selectors)


def selector_field(name: str, value: Any) -> Field:
    if isinstance(value, str):
        value = {"select": value}
    if not isinstance(value, Mapping):
        raise ParseError(f"{name}: expected a selector or a table with select/attr/regex")
    unknown = set(value) - {"select", "attr", "regex"}
    if unknown:
        raise ParseError(f"{name}: unknown keys {sorted(unknown)} (known: select, attr, regex)")
    select = value.get("select")
    if select is not None:
        compile_selector(str(select))
    return Field(select, value.get("attr"), value.get("regex"))


def _strings(name: str, value: Any) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
        raise ParseError(f"{name}: expected a selector or a list of selectors")
    for selector in items:
        compile_selector(selector)
    return tuple(items)


def generic_layout(selectors: Mapping[str, Any]) -> Layout:
    """A home-made forum's layout from ``[forum.selectors]``; errors name the selector at fault."""
    unknown = set(selectors) - _SELECTOR_KEYS
    if unknown:
        raise ParseError(f"unknown selector keys {sorted(unknown)} (known: {', '.join(sorted(_SELECTOR_KEYS))})")
    missing = [key for key in _REQUIRED if key not in selectors]
    if missing:
        raise ParseError(f"missing selectors: {', '.join(missing)}")
    fields = {name: selector_field(name, selectors[name]) for name in _FIELDS if name in selectors}
    post = selectors["post"]
    if not isinstance(post, str):
        raise ParseError("post: expected a selector")
    compile_selector(post)
    pagination = selectors.get("pagination", {})
    if not isinstance(pagination, Mapping) or set(pagination) - {"current", "links"}:
        raise ParseError("pagination: expected a table with current and links")
    for key in ("marker", "title"):
        if key in selectors:
            _strings(key, selectors[key])
    return Layout(
        engine="generic",
        post=post,
        quote=_strings("quote", selectors.get("quote", ["blockquote"])),
        marker=selectors.get("marker"),
        title=selectors.get("title"),
        pagination_current=pagination.get("current"),
        pagination_links=pagination.get("links"),
        signature_separator=selectors.get("signature_separator"),
        drop=_strings("drop", selectors.get("drop", [])),
        **fields,
    )
