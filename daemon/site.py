"""How a home-made forum is reached: page addresses, form field names, marker texts, and the
selectors of its inbox and of one private message (``[forum.pages]``, ``[forum.fields]``,
``[forum.markers]``, ``[forum.inbox]``, ``[forum.message]`` in the MJ's configuration)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..parsers.engines import selector_field
from ..parsers.layout import Field, compile_selector

_PAGES = ("login", "topic", "reply", "inbox", "sent", "compose")
_FIELDS = {"username": "username", "password": "password", "message": "message", "subject": "subject",
           "recipient": "recipient"}  # fmt: skip
_MARKERS = ("logged_in", "posted", "sent")


@dataclass(frozen=True)
class GenericSite:
    pages: Mapping[str, str]
    fields: Mapping[str, str]
    markers: Mapping[str, str]
    inbox: Mapping[str, Field] = field(default_factory=dict)
    row: str | None = None
    message: Mapping[str, Field] = field(default_factory=dict)

    @classmethod
    def from_config(cls, forum: Mapping[str, Any]) -> GenericSite:
        """Read ``[forum.pages]``, ``[forum.fields]``, ``[forum.markers]``, ``[forum.inbox]`` and
        ``[forum.message]``; a ValueError names the key at fault."""
        pages = dict(forum.get("pages", {}))
        unknown = set(pages) - set(_PAGES)
        if unknown:
            raise ValueError(f"forum.pages: unknown keys {sorted(unknown)} (known: {', '.join(_PAGES)})")
        if "topic" not in pages:
            raise ValueError('forum.pages.topic: the address of a topic page, e.g. "sujet.php?id={topic}&page={page}"')
        if "{page}" not in pages["topic"] or "{topic}" not in pages["topic"]:
            raise ValueError("forum.pages.topic: must contain {topic} and {page}")
        fields = {**_FIELDS, **dict(forum.get("fields", {}))}
        if set(fields) - set(_FIELDS):
            raise ValueError(f"forum.fields: unknown keys {sorted(set(fields) - set(_FIELDS))}")
        markers = dict(forum.get("markers", {}))
        if set(markers) - set(_MARKERS):
            raise ValueError(f"forum.markers: unknown keys {sorted(set(markers) - set(_MARKERS))}")
        for needed, marker in (("login", "logged_in"), ("reply", "posted"), ("compose", "sent")):
            if needed in pages and marker not in markers:
                raise ValueError(f"forum.markers.{marker}: needed with forum.pages.{needed}")
        inbox_table = dict(forum.get("inbox", {}))
        row = inbox_table.pop("row", None)
        inbox = {name: selector_field(f"forum.inbox.{name}", value) for name, value in inbox_table.items()}
        if "inbox" in pages and (row is None or not {"link", "id"} <= set(inbox)):
            raise ValueError("forum.inbox: needs row, link and id to read forum.pages.inbox")
        if row is not None:
            compile_selector(row)
        message = {
            name: selector_field(f"forum.message.{name}", value) for name, value in forum.get("message", {}).items()
        }
        if "inbox" in pages and "content" not in message:
            raise ValueError("forum.message.content: where a private message's text is")
        return cls(pages, fields, markers, inbox, row, message)
