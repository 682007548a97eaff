"""The records the parsers hand to the store and the engine: small, frozen, forum ids kept."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime

# The records the engine reads too live in meneur.vocabulary; offered here with the others.
from ..vocabulary import MENTION_CAP as MENTION_CAP
from ..vocabulary import WRITTEN_MAX as WRITTEN_MAX
from ..vocabulary import EditNotice as EditNotice
from ..vocabulary import Post as Post
from ..vocabulary import VoteMention as VoteMention
from ..vocabulary import VoteStatus as VoteStatus


class ParseError(ValueError):
    """A page or a value could not be read. The message is for the MJ, in English."""


class NotATopicPage(ParseError):
    """The page lacks the markers of a topic page of the configured forum engine."""


class LayoutChanged(ParseError):
    """The page looks like a topic page but yields no posts: never read that as "no votes"."""


class PageIncomplete(ParseError):
    """The page was not read whole (cut short, or nested deeper than the parser reads): what it
    lacks must never be read as posts deleted or votes withdrawn."""


class WrongPage(LayoutChanged):
    """The forum served another page of the topic than the one asked for."""

    def __init__(self, message: str, asked: int, served: int, last: int) -> None:
        super().__init__(message)
        self.asked = asked
        self.served = served
        self.last = last


@dataclass(frozen=True, slots=True)
class Pagination:
    """Where a page sits in its topic. ``links`` maps a page number to the forum's URL for it."""

    current: int
    last: int
    links: tuple[tuple[int, str], ...] = ()

    def url_for(self, page: int) -> str | None:
        return dict(self.links).get(page)


@dataclass(frozen=True, slots=True)
class TopicPage:
    engine: str
    posts: tuple[Post, ...]
    pagination: Pagination
    title: str | None = None
    # post id → vote mentions, when the page was read with a vote format
    votes: tuple[tuple[str, tuple[VoteMention, ...]], ...] | None = None
    # Tags left out to read the page: a post nested past libxml2's limit (their text is kept).
    flattened: int = 0

    def votes_of(self, post_id: str) -> tuple[VoteMention, ...] | None:
        return None if self.votes is None else dict(self.votes).get(post_id)


@dataclass(frozen=True, slots=True)
class VoteFormat:
    """What makes a vote count on this forum. Colours are normalised ``#rrggbb``."""

    colours: frozenset[str] = field(default_factory=lambda: frozenset({"#a52a2a"}))
    require_bold: bool = True
    require_colour: bool = True


_VOLATILE = re.compile(r"([?&](?:amp;)?)sid=[0-9a-f]{32}")


def content_hash(content_html: str) -> str:
    """Hash of a post body that ignores per-visit noise (phpBB session ids in links)."""
    stable = _VOLATILE.sub(r"\1", content_html) if "sid=" in content_html else content_html
    return hashlib.sha256(stable.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class InboxEntry:
    """One line of the MJ's inbox: a private message (phpBB) or a private conversation (spirit).

    ``size`` is what tells that a conversation grew (spirit's comment count); None where each
    entry is one message.
    """

    key: str
    subject: str
    author: str | None
    url: str
    size: int | None = None
    unread: bool = False


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    msg_id: str
    author: str
    author_id: str | None
    sent_at: datetime | None
    subject: str
    content_html: str
    content_text: str
    content_hash: str


@dataclass(frozen=True, slots=True)
class Form:
    """An HTML form as a browser would submit it (hidden fields included, buttons left out)."""

    action: str
    method: str
    fields: tuple[tuple[str, str], ...]
    buttons: tuple[tuple[str, str], ...] = ()

    def values(self) -> dict[str, str]:
        return dict(self.fields)
