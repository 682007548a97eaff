"""django-spirit 0.14: Django sessions and CSRF; private topics serve as MPs.

Facts used (spirit's own views and templates): login at ``/user/login/``; a reply is
``POST /comment/<topic>/publish/`` answered by a redirect to ``/comment/<pk>/find/``; a private
topic is ``POST /topic/private/publish/`` (``title``, ``comment``, ``users`` = comma-separated
usernames) answered by a redirect to the new topic; ``/topic/private/`` lists the MJ's private
topics with their comment counts.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from ...parsers.engines import NAMED
from ...parsers.forms import find_form
from ...parsers.layout import parse_document, parse_topic_page, select_all, text_of
from ...parsers.records import InboxEntry, PrivateMessage, WrongPage
from ..http import PoliteClient
from ..i18n import _
from .base import (
    FetchedPage,
    ForumAdapter,
    ForumError,
    ForumSettings,
    LoginFailed,
    LoginRateLimited,
    RateLimited,
    refused_for_length,
)

log = logging.getLogger("meneur.forum")

_TOPIC_ID = re.compile(r"/topic/(?:private/)?(\d+)/")
_COMMENT_ID = re.compile(r"/comment/(\d+)/")


def _post_hash(*texts: str) -> str:
    """What spirit's double-post check compares for this post (32 characters, its field's size)."""
    return hashlib.md5("\x00".join(texts).encode(), usedforsecurity=False).hexdigest()


# Spirit's answer to a form sent too soon (its ``ratelimit`` decorator): the form again, or for a login a
# redirect to it, with "Too many submissions, wait 10s." (or "5m") in the page's message box. Spirit 0.14's
# French catalog leaves it untranslated; a translated forum says it in French.
_RATE_LIMIT_TEXT = re.compile(
    r"(?:too many submissions|trop (?:de|d'|d’)\s*(?:soumissions|envois|messages|publications|tentatives|requêtes))"
    r"\D{0,40}?(\d+)\s*(s|sec|secondes?|seconds?|m|min|minutes?|h|heures?|hours?)?\b",
    re.I,
)
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600}


def rate_limit_wait(response: httpx.Response) -> float | None:
    """The seconds spirit asked to wait, when its message box says the form came too soon; else None."""
    doc = parse_document(response.content, response.charset_encoding, whole=True)
    for item in select_all(doc, ".messages li"):
        found = _RATE_LIMIT_TEXT.search(" ".join(text_of(item).split()))
        if found:
            unit = (found.group(2) or "s")[0].lower()
            return float(int(found.group(1)) * _UNIT_SECONDS.get(unit, 1))
    return None


def _form_errors(response: httpx.Response) -> str:
    """The form errors of a page spirit answered with instead of a redirect (it re-shows the form)."""
    doc = parse_document(response.content, response.charset_encoding, whole=True)
    return " | ".join(" ".join(text_of(e).split()) for e in select_all(doc, ".errorlist"))


class SpiritAdapter(ForumAdapter):
    """Spirit's double-post check (``UserProfile.update_post_hash``) compares one hash per member with the
    hash of his last post, within ``ST_DOUBLE_POST_THRESHOLD_MINUTES`` (30): for a private topic the hash
    of its title alone, for a comment that of its text and topic. Two MPs in a row with the same title (two
    players' "ta réponse" of the same minute, the same reminder) would see the second silently dropped. The
    forms take that hash from the client when it gives one (``topic_hash``, ``comment_hash``): meneur gives
    the hash of the whole message, whose reference makes each draft its own."""

    engine = "spirit"
    markup = "markdown"
    default_max_post_chars = 3000  # ST_COMMENT_MAX_LEN
    _topic_path: str | None = None  # the canonical /topic/<pk>/<slug>/ once seen

    # Spirit's rate limit (on by default: one post per 10 s per member, in fixed windows of 10 s): a post it
    # refuses for it was not saved. meneur waits what the forum said and tries again, and spaces its next
    # posts as much, as long as one post needs no more than ``pace_budget`` seconds of waiting; past that,
    # RateLimited: the outbox keeps the draft queued for the next cycle.
    pace_budget: float = 35.0
    sleep: Callable[[float], None] = staticmethod(time.sleep)
    monotonic: Callable[[], float] = staticmethod(time.monotonic)
    wall_clock: Callable[[], float] = staticmethod(time.time)
    _post_interval: float = 0.0  # learnt from the forum's first refusal

    def __init__(self, http: PoliteClient, settings: ForumSettings) -> None:
        super().__init__(http, settings)
        # when meneur last posted each form (comments and private topics are counted apart), monotonic
        self._last_posts: dict[str, float] = {}
        self._login_not_before = 0.0  # wall-clock time: a login refused for its rate is not tried before

    # -- the session, with the time before which the forum said not to log in again --------------------
    def session(self) -> str:
        data = json.loads(super().session())
        if self._login_not_before > self.wall_clock():
            data["login_not_before"] = self._login_not_before
        return json.dumps(data, sort_keys=True)

    def keep_session(self, saved: str | None, save: Callable[[str], None]) -> None:
        super().keep_session(saved, save)
        try:
            data = json.loads(saved) if saved else None
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("url") == self.settings.base_url:
            when = data.get("login_not_before")
            if isinstance(when, int | float) and data.get("username") == self.settings.username:
                self._login_not_before = float(when)
        if self.logged_in and self.http.client.cookies.get("sessionid") is None:
            self.logged_in = False  # saved after a refused login: cookies, but no session to reuse

    def is_login_page(self, response: httpx.Response) -> bool:
        if urlsplit(str(response.url)).path.rstrip("/").endswith("/user/login"):
            return True
        # An expired session may also be answered in place, at the asked address: spirit's login form
        # (a username and a password field) is on no page the MJ reads once logged in.
        form = find_form(response.content, having="password")
        return form is not None and any(name == "username" for name, _ in form.fields)

    def _csrf(self) -> str:
        token = self.http.client.cookies.get("csrftoken")
        if not token:
            self.http.get(self.url("user/login/"))
            token = self.http.client.cookies.get("csrftoken")
        if not token:
            raise ForumError(_("the forum gave no CSRF cookie"))
        return str(token)

    def _pace(self, form: str) -> None:
        """Space posts as the forum asked (once it refused one for its rate), within ``pace_budget``."""
        last = self._last_posts.get(form)
        if last is None or not self._post_interval:
            return
        wait = last + self._post_interval + 0.25 - self.monotonic()
        if wait <= 0:
            return
        if wait > self.pace_budget:
            raise self._rate_limited(self._post_interval, wait)
        log.info("spirit takes one post per %.0f s: waiting %.1f s", self._post_interval, wait)
        self.sleep(wait)

    def _rate_limited(self, interval: float, wait: float) -> RateLimited:
        return RateLimited(
            _(
                "the forum takes one message every {interval:.0f} s from a member: meneur is pacing its messages "
                "and sends this one at its next cycle (nothing to do)"
            ).format(interval=interval),
            wait,
        )

    def _post(self, path: str, data: dict[str, str], referer: str) -> httpx.Response:
        """POST a form; a refusal for the forum's rate limit (nothing saved) is waited out and tried again,
        up to ``pace_budget`` seconds for this post, else RateLimited."""
        waited, form = 0.0, path.split("/")[0]  # "comment" or "topic" (private)
        while True:
            self._pace(form)
            response = self._post_once(path, data, referer)
            wait = rate_limit_wait(response) if response.status_code == 200 else None
            self._last_posts[form] = self.monotonic()
            if wait is None:
                return response
            self._post_interval = max(self._post_interval, wait)
            if waited + wait + 0.25 > self.pace_budget:
                raise self._rate_limited(wait, wait)
            log.info("spirit refused a post for its rate limit (wait %.0f s): trying again", wait)
            waited += wait + 0.25

    def _post_once(self, path: str, data: dict[str, str], referer: str) -> httpx.Response:
        if not self.logged_in:
            self.login()
        payload = {"csrfmiddlewaretoken": self._csrf(), **data}
        response = self.http.post(self.url(path), payload, headers={"Referer": referer}, follow_redirects=False)
        if response.status_code in (302, 303) and "/user/login" in response.headers.get("location", ""):
            self.logged_in = False
            self.login()
            payload["csrfmiddlewaretoken"] = self._csrf()
            response = self.http.post(self.url(path), payload, headers={"Referer": referer}, follow_redirects=False)
        self.session_changed()
        return response

    def login(self) -> None:
        now = self.wall_clock()
        if now < self._login_not_before:  # asking again would only keep the account locked out
            raise self._login_limited(self._login_not_before - now)
        page = self.http.get(self.url("user/login/"))
        form = find_form(page.content, having="password")
        if form is None and page.history and self.http.client.cookies.get("sessionid"):
            # Spirit sends a logged-in user away from its login page: the session still holds (the
            # login form seen in place of a page came from something between meneur and the forum).
            self.logged_in = True
            return
        if form is None:
            raise LoginFailed(_("no login form at {page}").format(page="/user/login/"))
        data = {**form.values(), "username": self.settings.username, "password": self.settings.password()}
        response = self.http.post(
            urljoin(str(page.url), form.action or ""),
            data,
            headers={"Referer": str(page.url)},
            follow_redirects=False,
        )
        location = urlsplit(urljoin(str(page.url), response.headers.get("location", "")))
        if response.status_code in (302, 303) and location.path.rstrip("/").endswith("/user/login"):
            # Sent back to the login form: spirit's answer to a login over its rate (5 per 5 min per username
            # and per address), whose message box says how long to wait.
            wait = rate_limit_wait(self.http.get(location.geturl()))
            if wait is not None:
                self._login_not_before = self.wall_clock() + wait
                if self._save_session is not None:
                    self._save_session(self.session())
                    self._saved_session = self.session()
                raise self._login_limited(wait)
        if (
            response.status_code not in (302, 303)
            or location.path.rstrip("/").endswith("/user/login")
            or not self.http.client.cookies.get("sessionid")
        ):
            raise LoginFailed(
                _("the forum refused the login of {user} (wrong password?)").format(user=self.settings.username)
            )
        self.logged_in = True

    def _login_limited(self, wait: float) -> LoginRateLimited:
        return LoginRateLimited(
            _(
                "the forum limits the number of logins and refuses those of {user} for now: meneur tries again "
                "in {minutes} min (nothing to do; the password is not in question)"
            ).format(user=self.settings.username, minutes=max(1, round(wait / 60))),
            wait,
        )

    def topic_page_url(self, number: int) -> str:
        path = self._topic_path or f"topic/{self.settings.topic}/"
        return self.url(f"{path}?page={number}")

    def read_topic_page(self, number: int) -> FetchedPage:
        """Spirit answers ``/topic/<pk>/?page=N`` (no slug, or an old one) with a 301 to
        ``/topic/<pk>/<slug>/``, page 1: the page number is lost. The address it moved to is
        learnt, and the page asked for again there, once."""
        url = self.topic_page_url(number)
        response = self.get(url)
        landed = urlsplit(str(response.url))
        if response.history and landed.path != urlsplit(url).path and _TOPIC_ID.search(landed.path):
            self._topic_path = landed.path
            if number != 1 and f"page={number}" not in landed.query:
                url = self.topic_page_url(number)
                response = self.get(url)
        if response.status_code >= 400:
            raise ForumError(f"topic page {number}: HTTP {response.status_code}")
        fetched = self.topic_page_from(number, url, response)
        self._topic_path = urlsplit(fetched.url).path
        return fetched

    def learned(self) -> dict[str, str]:
        return {"topic_path": self._topic_path} if self._topic_path else {}

    def learn(self, facts: dict[str, str]) -> None:
        path = facts.get("topic_path")
        found = _TOPIC_ID.search(path or "")
        if path and found and found.group(1) == str(self.settings.topic):
            self._topic_path = path

    def list_inbox(self) -> list[InboxEntry]:
        """Every private topic of the MJ's, all pages of the list (most recently active first)."""
        entries: list[InboxEntry] = []
        seen: set[str] = set()
        number, last = 1, 1
        while number <= last:
            response = self.get(f"topic/private/?page={number}")
            doc = parse_document(response.content, response.charset_encoding, whole=True)
            # Lists show numbered page links ("1 2 >"); topics show "Page 1 of 3": read both.
            hrefs = [a.get("href") or "" for a in select_all(doc, "ul.paginator a")]
            numbers = [int(m.group(1)) for h in hrefs if (m := re.search(r"[?&]page=(\d+)", h))]
            last = max([last, *numbers])
            for row in select_all(doc, "div.layout__topics__topic"):
                entry = self._entry(row)
                if entry is not None and entry.key not in seen:
                    seen.add(entry.key)
                    entries.append(entry)
            number += 1
        return entries

    def _entry(self, row: Any) -> InboxEntry | None:
        link = next(iter(select_all(row, "a.topic__link")), None)
        count = next(iter(select_all(row, "div.topic__comments")), None)
        if link is None:
            return None
        href = link.get("href") or ""
        found = _TOPIC_ID.search(href)
        if not found:
            return None
        size_text = re.sub(r"\D", "", text_of(count)) if count is not None else ""
        # Never opened: the link lacks "is-visited"; opened before but grown since: the comment icon is "new".
        unread = "is-visited" not in (link.get("class") or "").split() or bool(select_all(row, ".js-comment-is-new"))
        return InboxEntry(
            key=found.group(1),
            subject=" ".join(text_of(link).split()),
            author=None,
            url=self.url(urlsplit(href).path),
            size=int(size_text) if size_text else None,
            unread=unread,
        )

    def read_inbox_entry(self, entry: InboxEntry) -> list[PrivateMessage]:
        messages: list[PrivateMessage] = []
        number, last = 1, 1
        path = urlsplit(entry.url).path
        while number <= last:
            response = self.get(f"{path}?page={number}")
            landed = urlsplit(str(response.url))
            if landed.path != path:  # a new slug: spirit's redirect drops ?page=
                path = landed.path
                if number != 1 and f"page={number}" not in landed.query:
                    response = self.get(f"{path}?page={number}")
            page = parse_topic_page(
                response.content, NAMED["spirit"], self.settings.timezone, encoding=response.charset_encoding
            )
            if page.pagination.current != number:
                raise WrongPage(
                    f"MP {entry.key}: asked for page {number} ({path}), got page {page.pagination.current}",
                    number,
                    page.pagination.current,
                    page.pagination.last,
                )
            last = page.pagination.last
            for post in page.posts:
                messages.append(
                    PrivateMessage(
                        msg_id=f"{entry.key}.{post.post_id}",
                        author=post.author,
                        author_id=post.author_id,
                        sent_at=post.posted_at,
                        subject=entry.subject,
                        content_html=post.content_html,
                        content_text=post.content_text,
                        content_hash=post.content_hash,
                    )
                )
            number += 1
        return messages

    def post_link(self, post_id: str, page: int | None = None) -> str:
        return self.url(f"comment/{post_id}/find/")  # spirit redirects to the comment in its page

    def mp_link(self, forum_id: str) -> str | None:
        return self.url(f"topic/private/{forum_id}/")

    def reply(self, body: str) -> str | None:
        referer = self.url(self._topic_path or f"topic/{self.settings.topic}/")
        data = {"comment": body, "comment_hash": _post_hash("comment", self.settings.topic, body)}
        response = self._post(f"comment/{self.settings.topic}/publish/", data, referer)
        if response.status_code not in (302, 303):
            why = _form_errors(response) if response.status_code == 200 else ""
            if why and refused_for_length(why, body):
                raise self.too_long(why, body)
            raise ForumError(f"spirit did not accept the reply (HTTP {response.status_code}) {why}".rstrip())
        found = _COMMENT_ID.search(response.headers.get("location", ""))
        return found.group(1) if found else None

    def send_mp(self, username: str, user_id: str | None, subject: str, body: str) -> str | None:
        title = subject[:255]
        data = {
            "title": title,
            "comment": body,
            "users": username,
            "topic_hash": _post_hash("private", username, title, body),
        }
        response = self._post("topic/private/publish/", data, self.url("topic/private/publish/"))
        if response.status_code not in (302, 303):
            why = _form_errors(response) if response.status_code == 200 else ""
            if why and refused_for_length(why, body):
                raise self.too_long(why, body)
            raise ForumError(
                f"spirit did not accept the private message to {username} (HTTP {response.status_code}) {why}".rstrip()
            )
        found = _TOPIC_ID.search(response.headers.get("location", ""))
        if not found:
            # Spirit drops, silently, a private topic whose hash is that of the MJ's previous post (within
            # ST_DOUBLE_POST_THRESHOLD_MINUTES): the very same message, sent a moment ago. The outbox looks
            # for it before trying again.
            raise ForumError(f"spirit dropped the MP to {username} as a double post (title {subject!r})")
        return found.group(1)

    def find_own_mp(self, username: str, subject: str, reference: str) -> str | None:
        for entry in self.list_inbox():
            if entry.subject != subject[:255]:
                continue
            for message in self.read_inbox_entry(entry):
                if reference in message.content_text and message.author.casefold() == self.settings.username.casefold():
                    return entry.key
        return None
