"""What meneur asks of a forum, whatever its engine.

An adapter logs in as the MJ, reads the game topic page by page, lists the inbox and reads new
private messages, replies to the topic and sends MPs. It owns no state beyond the HTTP session:
where reading stopped, what was sent, all of that lives in the store.
"""

from __future__ import annotations

import json
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
from lxml import etree

from ...parsers.layout import Layout, parse_topic_page, text_of
from ...parsers.records import InboxEntry, ParseError, PrivateMessage, TopicPage, WrongPage, content_hash
from ..http import PoliteClient
from ..i18n import _

log = logging.getLogger("meneur.forum")


class ForumError(Exception):
    """The forum refused or did not understand what meneur did (English, for the MJ)."""


class LoginFailed(ForumError):
    pass


class RateLimited(ForumError):
    """The forum refused it for coming too soon after the previous one (a rate limit): it saved nothing, and
    takes it again after ``wait`` seconds."""

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


class LoginRateLimited(LoginFailed, RateLimited):
    """The forum refused a login for the number of recent logins (not for the password)."""


class TooLong(ForumError):
    """The forum answered that the message is longer than it takes: it saved nothing."""


_LENGTH_WORDS = re.compile(r"caract[eè]res?|characters?", re.I)
_LIMIT_WORDS = re.compile(r"maxim|au plus|at most|trop long|too long|pas plus|no more than", re.I)


def refused_for_length(why: str, body: str) -> bool:
    """Does the forum's error text say the message is too long? Its words (French or English), or the
    message's own length quoted in it ("… au plus 3000 caractères (actuellement 3130)")."""
    numbers = {int(n) for n in re.findall(r"\d+", why.replace("\u202f", "").replace("\xa0", ""))}
    if numbers & {len(body), len(body.strip())}:
        return True
    return bool(_LENGTH_WORDS.search(why) and _LIMIT_WORDS.search(why))


@dataclass(frozen=True)
class ForumSettings:
    base_url: str  # ends with "/"
    username: str
    password: Callable[[], str]  # asked for when needed, never stored in the adapter
    topic: str  # the game topic's id on the forum
    layout: Layout
    timezone: str = "Europe/Paris"
    posts_per_page: int | None = None  # phpBB's board setting; learned from pagination when None
    max_post_chars: int | None = None  # the longest post or MP the forum takes; the engine's default when None


@dataclass(frozen=True)
class FetchedPage:
    number: int
    url: str
    raw: bytes
    page: TopicPage


class ForumAdapter(ABC):
    engine: str = ""
    markup: str = "bbcode"
    # The longest post or MP (its text, in characters) the engine takes out of the box; ``[forum]
    # max_post_chars`` says it for a forum set otherwise. meneur sends a longer draft in parts.
    default_max_post_chars: int = 60000

    def __init__(self, http: PoliteClient, settings: ForumSettings) -> None:
        self.http = http
        self.settings = settings
        self.logged_in = False
        self._save_session: Callable[[str], None] | None = None
        self._saved_session: str | None = None

    # -- the forum session, kept between commands ------------------------------------------------
    def session(self) -> str:
        """The forum's session as text (its cookies, for this forum and account): what keep_session saves."""
        cookies = [
            {"name": c.name, "value": c.value, "domain": c.domain, "path": c.path, "expires": c.expires}
            for c in self.http.client.cookies.jar
            if c.value is not None
        ]
        return json.dumps(
            {"url": self.settings.base_url, "username": self.settings.username, "cookies": cookies}, sort_keys=True
        )

    def keep_session(self, saved: str | None, save: Callable[[str], None]) -> None:
        """Start from a session saved by an earlier command (a real forum allows few logins: django-spirit
        five per five minutes, phpBB a captcha after failed ones), and have ``save`` called whenever the
        forum changes it. The saved session is trusted until the forum answers with its login page."""
        self._save_session = save
        try:
            data = json.loads(saved) if saved else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("url") != self.settings.base_url:
            return
        if data.get("username") != self.settings.username or not data.get("cookies"):
            return
        for cookie in data["cookies"]:
            self.http.client.cookies.set(
                str(cookie["name"]), str(cookie["value"]), domain=str(cookie["domain"]), path=str(cookie["path"])
            )
        self._saved_session = self.session()
        self.logged_in = True
        log.info("reusing the saved %s session of %s", self.engine, self.settings.username)

    def session_changed(self) -> None:
        """Save the session if the forum changed it (a login, a renewed cookie)."""
        if self._save_session is None or not self.logged_in:
            return
        now = self.session()
        if now != self._saved_session:
            self._save_session(now)
            self._saved_session = now

    def max_post_chars(self) -> int:
        """The longest text this forum takes in one post or MP."""
        return self.settings.max_post_chars or self.default_max_post_chars

    def too_long(self, why: str, body: str) -> TooLong:
        """The French report of a post the forum refused for its length, for the MJ."""
        return TooLong(
            _(
                "the forum refused a message of {length} characters as too long ({why}): set [forum] "
                "max_post_chars to the forum's limit (now {limit}), then approve the draft again; meneur then "
                "sends it in parts"
            ).format(length=len(body), why=why[:200], limit=self.max_post_chars())
        )

    # -- helpers -------------------------------------------------------------------------------
    def url(self, path: str) -> str:
        return urljoin(self.settings.base_url, path)

    @abstractmethod
    def is_login_page(self, response: httpx.Response) -> bool:
        """Did the forum answer with its login form (session expired, or never logged in)?"""

    def get(self, path_or_url: str) -> httpx.Response:
        """GET as the MJ: logs in first if needed, and once more if the session has expired."""
        if not self.logged_in:
            self.login()
        response = self.http.get(self.url(path_or_url))
        if self.is_login_page(response):
            log.info("session expired on %s: logging in again", self.engine)
            self.logged_in = False
            self.login()
            response = self.http.get(self.url(path_or_url))
            if self.is_login_page(response):
                raise LoginFailed(
                    _("still asked to log in after logging in as {user}").format(user=self.settings.username)
                )
        self.session_changed()
        return response

    # -- the interface -------------------------------------------------------------------------
    @abstractmethod
    def login(self) -> None: ...

    @abstractmethod
    def topic_page_url(self, number: int) -> str: ...

    # -- links for the MJ's page ------------------------------------------------------------------
    def post_link(self, post_id: str, page: int | None = None) -> str:
        """The address of a post of the game topic (its page, and the post's anchor)."""
        return self.url(self.topic_page_url(page or 1)) + f"#{post_id}"

    def mp_link(self, forum_id: str) -> str | None:
        """The address of an MP meneur sent, where the forum has one."""
        return None

    def read_topic_page(self, number: int) -> FetchedPage:
        """Topic page ``number``, checked to be that page: a forum that serves another one (a
        redirect that lost the page number, a page gone after deletions) raises WrongPage rather
        than have page 1's posts taken for page 2's."""
        url = self.topic_page_url(number)
        response = self.get(url)
        if response.status_code >= 400:
            raise ForumError(_("topic page {number}: HTTP {status}").format(number=number, status=response.status_code))
        return self.topic_page_from(number, url, response)

    def topic_page_from(self, number: int, url: str, response: httpx.Response) -> FetchedPage:
        try:
            page = parse_topic_page(
                response.content, self.settings.layout, self.settings.timezone, encoding=response.charset_encoding
            )
        except ParseError as exc:
            raise type(exc)(f"topic page {number} ({url}): {exc}") from exc
        served = page.pagination.current
        # A home-made forum's layout may not say where its current page is: nothing to check then.
        if served != number and self.settings.layout.pagination_current is not None:
            raise WrongPage(
                f"asked for topic page {number} ({url}), the forum served page {served} of {page.pagination.last}"
                + (f" (redirected to {response.url})" if response.history else ""),
                number,
                served,
                page.pagination.last,
            )
        return FetchedPage(number, str(response.url), response.content, page)

    # -- what an adapter learns about the forum, kept in the store between processes -----------
    def learned(self) -> dict[str, str]:
        """Facts about the forum learnt while reading it (a canonical address, posts per page), so a
        fresh process (a cron'd ``meneur poll``) asks the right address first."""
        return {}

    def learn(self, facts: dict[str, str]) -> None:
        """Take back what ``learned`` gave in an earlier process (nothing to take by default)."""
        return None

    @abstractmethod
    def list_inbox(self) -> list[InboxEntry]: ...

    @abstractmethod
    def read_inbox_entry(self, entry: InboxEntry) -> list[PrivateMessage]:
        """The messages of an inbox entry (one for phpBB, the whole conversation for spirit)."""

    @abstractmethod
    def reply(self, body: str) -> str | None:
        """Post in the game topic; the new post's id when the forum tells it."""

    @abstractmethod
    def send_mp(self, username: str, user_id: str | None, subject: str, body: str) -> str | None:
        """Send a private message; its id when the forum tells it."""

    def find_own_post(self, reference: str) -> str | None:
        """The id of a post of the MJ's in the topic's last two pages holding ``reference``."""
        first = self.read_topic_page(1)
        last = first.page.pagination.last
        pages = [first] if last == 1 else [self.read_topic_page(n) for n in range(max(1, last - 1), last + 1)]
        for fetched in pages:
            for post in fetched.page.posts:
                if reference in post.content_text and same_name(post.author, self.settings.username):
                    return post.post_id
        return None

    @abstractmethod
    def find_own_mp(self, username: str, subject: str, reference: str) -> str | None:
        """The id of an MP the MJ sent to ``username`` holding ``reference``, if any."""


class OffsetPaged(ForumAdapter):
    """phpBB's topic pages, addressed by post offset (``&start=``): the offset of page N depends on
    the board's posts per page, taken from the configuration, else learnt from the pagination's
    links (and kept in the store, so a fresh process needs no extra request), else the default."""

    default_per_page = 10
    _learned_per_page: int | None = None

    def per_page(self) -> int:
        if self.settings.posts_per_page:
            return self.settings.posts_per_page
        if self._learned_per_page is None:
            self.read_topic_page(1)  # page 1 needs no offset; its links tell the others'
        return self._learned_per_page or self.default_per_page

    def _learn_per_page(self, links: tuple[tuple[int, str], ...]) -> None:
        for number, href in links:
            start = parse_qs(urlsplit(href.replace("&amp;", "&")).query).get("start")
            if number > 1 and start and start[0].isdigit() and int(start[0]) > 0:
                self._learned_per_page = int(start[0]) // (number - 1)
                return

    def read_topic_page(self, number: int) -> FetchedPage:
        fetched = super().read_topic_page(number)
        self._learn_per_page(fetched.page.pagination.links)
        return fetched

    def learned(self) -> dict[str, str]:
        return {"per_page": str(self._learned_per_page)} if self._learned_per_page else {}

    def learn(self, facts: dict[str, str]) -> None:
        value = facts.get("per_page", "")
        if value.isdigit() and int(value) > 0:
            self._learned_per_page = int(value)


def message_from(
    element: etree._Element,
    msg_id: str,
    author: str,
    author_id: str | None,
    sent_at: datetime | None,
    subject: str,
) -> PrivateMessage:
    """A private message record from the element holding its text."""
    html = etree.tostring(element, method="html", encoding="unicode", with_tail=False)
    return PrivateMessage(
        msg_id=msg_id,
        author=author,
        author_id=author_id,
        sent_at=sent_at,
        subject=subject,
        content_html=html,
        content_text=" ".join(text_of(element).split()),
        content_hash=content_hash(html),
    )


def same_name(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()
