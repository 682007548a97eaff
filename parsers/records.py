"""The records the parsers hand to the store and the engine: small, frozen, forum ids kept."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


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
class EditNotice:
    """ "Dernière édition par X le …, édité N fois" and its kin, as far as it could be read."""

    raw: str
    editor: str | None = None
    edited_at: datetime | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Post:
    """One post of the game topic, as the forum shows it."""

    post_id: str
    author: str
    author_id: str | None
    posted_at: datetime  # aware, UTC
    content_html: str
    content_text: str
    content_hash: str
    edit: EditNotice | None = None
    page: int | None = None


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


class VoteStatus(StrEnum):
    OK = "ok"
    NOT_BOLD = "not_bold"
    WRONG_COLOUR = "wrong_colour"
    WRONG_WORDING = "wrong_wording"  # "Je vote pour X": not the vote's words, whatever its format


@dataclass(frozen=True, slots=True)
class VoteMention:
    """One "Je vote contre X" found in a post's own text (never in a quote).

    ``target`` is the name as written (cut at sentence punctuation); ``status`` says whether the
    text had the required format; ``colour`` is the colour seen (normalised ``#rrggbb``) if any.
    ``written`` is the whole formatted text after "contre", uncut (at most ``WRITTEN_MAX``
    characters), for names that hold punctuation themselves ("Kévin (le vrai)", "Qui?").
    """

    target: str
    status: VoteStatus
    colour: str | None = None
    bold: bool = False
    written: str = ""


WRITTEN_MAX = 200
# Vote mentions kept per post: the first MENTION_CAP - 1 in reading order, and the last formatted
# one (the post's vote) if it came later. A post of megabytes of votes costs no more than this.
MENTION_CAP = 50


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
