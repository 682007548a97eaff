"""phpBB 3.3 (prosilver): sessions with form tokens, the one-second rule, MPs in the UCP.

Facts used: login at ``ucp.php?mode=login`` (``username``, ``password``, ``autologin``, hidden
``sid``/``redirect``/``form_token``/``creation_time``, button ``login``); a form posted in the same
second it was served is refused, so meneur waits a little over a second; a reply is
``posting.php?mode=reply&t=T`` and phpBB may show the posts that arrived meanwhile instead of
saving (then the form is fetched again); the inbox is ``ucp.php?i=pm&folder=inbox``, one MP
``ucp.php?i=pm&mode=view&f=0&p=ID``, a new MP ``ucp.php?i=pm&mode=compose&u=UID``.
phpBB answers most refusals with 200 and a message box, so success is read on the page.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from urllib.parse import urljoin

import httpx

from ...parsers.dates import parse_forum_date
from ...parsers.forms import find_form
from ...parsers.layout import parse_document, select_all, text_of
from ...parsers.records import Form, InboxEntry, ParseError, PrivateMessage
from ..i18n import _
from .base import ForumError, LoginFailed, OffsetPaged, message_from, refused_for_length

_POST_LINK = re.compile(r"viewtopic\.php\?(?:[^\"'#]*&(?:amp;)?)?p=(\d+)")
_MSG_LINK = re.compile(r"[?&;]p=(\d+)")
_ONE_SECOND = 1.1  # phpBB refuses a form posted within a second of being served


class Phpbb3Adapter(OffsetPaged):
    engine = "phpbb3"
    default_per_page = 10
    markup = "bbcode"
    wait: Callable[[float], None] = staticmethod(time.sleep)

    # -- session -------------------------------------------------------------------------------
    def is_login_page(self, response: httpx.Response) -> bool:
        if "mode=login" in str(response.url):
            return True
        form = find_form(response.content, having="password")
        return form is not None and "mode=login" in form.action

    def _submit(self, page: httpx.Response, form: Form, data: dict[str, str]) -> httpx.Response:
        """Post a form as a browser would, after phpBB's one-second rule."""
        self.wait(_ONE_SECOND)
        buttons = dict(form.buttons)
        payload = {**form.values(), **data}
        for button in ("login", "post"):
            if button in buttons and button not in payload:
                payload[button] = buttons[button]
        return self.http.post(urljoin(str(page.url), form.action), payload, headers={"Referer": str(page.url)})

    def login(self) -> None:
        page = self.http.get(self.url("ucp.php?mode=login"))
        form = find_form(page.content, having="password")
        if form is None:
            raise LoginFailed(_("no login form at {page}").format(page="ucp.php?mode=login"))
        _refuse_captcha(page.text, self.settings.username)
        response = self._submit(
            page,
            form,
            {"username": self.settings.username, "password": self.settings.password(), "autologin": "on"},
        )
        if "mode=logout" not in response.text:
            _refuse_captcha(response.text, self.settings.username)
            message = _message_box(response.content)
            raise LoginFailed(
                _("the forum refused the login of {user}: {why}").format(
                    user=self.settings.username, why=message or _("no reason given")
                )
            )
        self.logged_in = True

    # -- the topic -----------------------------------------------------------------------------
    def topic_page_url(self, number: int) -> str:
        start = 0 if number <= 1 else (number - 1) * self.per_page()
        suffix = f"&start={start}" if start else ""
        return self.url(f"viewtopic.php?t={self.settings.topic}{suffix}")

    # -- MPs -----------------------------------------------------------------------------------
    def _folder(self, folder: str) -> list[InboxEntry]:
        response = self.get(f"ucp.php?i=pm&folder={folder}")
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        entries = []
        for row in select_all(doc, "ul.topiclist li.row, ul.pmlist li.row, li.row"):
            link = next(iter(select_all(row, "a.topictitle")), None)
            if link is None:
                continue
            href = link.get("href") or ""
            found = _MSG_LINK.search(href.replace("&amp;", "&"))
            if not found:
                continue
            author = next(iter(select_all(row, "a.username, a.username-coloured, span.username")), None)
            entries.append(
                InboxEntry(
                    key=found.group(1),
                    subject=" ".join(text_of(link).split()),
                    author=" ".join(text_of(author).split()) if author is not None else None,
                    url=urljoin(str(response.url), href),
                    unread="unread" in (row.get("class") or "") or bool(select_all(row, "[class*='unread']")),
                )
            )
        return entries

    def list_inbox(self) -> list[InboxEntry]:
        return self._folder("inbox")

    def read_inbox_entry(self, entry: InboxEntry) -> list[PrivateMessage]:
        response = self.get(entry.url)
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        post = next(iter(select_all(doc, f"div#post-{entry.key}, div.post.pm")), None)
        if post is None:
            raise ParseError(f"MP {entry.key}: no message on its page")
        author_node = next(iter(select_all(post, "p.author a.username, p.author a.username-coloured")), None)
        author = " ".join(text_of(author_node).split()) if author_node is not None else (entry.author or "")
        author_id = None
        if author_node is not None:
            found = re.search(r"[?&;]u=(\d+)", author_node.get("href") or "")
            author_id = found.group(1) if found else None
        author_line = " ".join(text_of(next(iter(select_all(post, "p.author")), post)).split())
        try:
            sent_at = parse_forum_date(author_line, self.settings.timezone)
        except ParseError:
            sent_at = None
        content = next(iter(select_all(post, "div.content")), None)
        if content is None:
            raise ParseError(f"MP {entry.key}: no content")
        subject = " ".join(text_of(next(iter(select_all(post, "h3")), content)).split()) or entry.subject
        return [message_from(content, entry.key, author, author_id, sent_at, subject)]

    # -- posting -------------------------------------------------------------------------------
    def reply(self, body: str) -> str | None:
        path = f"posting.php?mode=reply&t={self.settings.topic}"
        page = self.get(path)
        for _attempt in range(3):  # new posts may arrive while meneur writes: phpBB then asks again
            form = find_form(page.content, having="message")
            if form is None:
                raise ForumError(
                    _("no reply form at {page}: {why}").format(
                        page=path, why=_message_box(page.content) or _("is the topic locked?")
                    )
                )
            subject = form.values().get("subject", "")
            response = self._submit(page, form, {"message": body, "subject": subject})
            # Saved: phpBB 3.3 redirects to viewtopic.php?p=ID#pID (a message page only when a
            # moderator must approve the post first).
            for hop in response.history:
                found = _POST_LINK.search(hop.headers.get("location", ""))
                if found:
                    return found.group(1)
            landed = _POST_LINK.search(str(response.url))
            if landed and "posting.php" not in str(response.url):
                return landed.group(1)
            if _saved(response):
                return None
            if find_form(response.content, having="message") is None or not _new_posts(response):
                why = _message_box(response.content)
                if why and refused_for_length(why, body):
                    raise self.too_long(why, body)
                raise ForumError(
                    _("the forum did not save the reply: {why}").format(
                        why=_message_box(response.content) or _("no reason given")
                    )
                )
            # New posts arrived meanwhile: phpBB shows them with the form again (the new posts' id
            # and fresh tokens in it): send that form once more.
            page = response
        raise ForumError(_("phpBB kept showing new posts instead of saving the reply"))

    def post_link(self, post_id: str, page: int | None = None) -> str:
        return self.url(f"viewtopic.php?p={post_id}#p{post_id}")

    def mp_link(self, forum_id: str) -> str | None:
        return self.url(f"ucp.php?i=pm&mode=view&p={forum_id}")

    def send_mp(self, username: str, user_id: str | None, subject: str, body: str) -> str | None:
        if not user_id:
            raise ForumError(
                _("cannot send an MP to {user} on phpBB without their user id (players.user_id)").format(user=username)
            )
        page = self.get(f"ucp.php?i=pm&mode=compose&u={user_id}")
        form = find_form(page.content, having="message")
        if form is None:
            raise ForumError(_("no MP form: {why}").format(why=_message_box(page.content) or _("not allowed?")))
        data = {"subject": subject, "message": body, f"address_list[u][{user_id}]": "to"}
        response = self._submit(page, form, data)
        if not _saved(response):
            why = _message_box(response.content)
            if why and refused_for_length(why, body):
                raise self.too_long(why, body)
            raise ForumError(
                _("the forum did not send the MP to {user}: {why}").format(
                    user=username, why=_message_box(response.content) or _("no reason given")
                )
            )
        # "Votre message a été envoyé." with a link (and a meta refresh) to the sent message.
        sent = re.search(r"mode=view(?:&amp;|&)p=(\d+)", response.text)
        return sent.group(1) if sent else None

    def find_own_mp(self, username: str, subject: str, reference: str) -> str | None:
        for entry in self._folder("sentbox"):
            if entry.subject.strip() != subject.strip():
                continue
            for message in self.read_inbox_entry(entry):
                if reference in message.content_text:
                    return message.msg_id
        return None


_SAVED = ("a été enregistré avec succès", "Votre message a été envoyé", "has been posted successfully",
          "has been sent successfully", "message has been sent")  # fmt: skip
_NEW_POSTS = ("nouveau message a été ajouté", "nouveau message a été publié", "new post has been made")


def _new_posts(response: httpx.Response) -> bool:
    return any(marker in response.text for marker in _NEW_POSTS)


def _saved(response: httpx.Response) -> bool:
    return any(marker in response.text for marker in _SAVED)


def _message_box(html: bytes) -> str:
    """The text of phpBB's message or error box, for the MJ."""
    doc = parse_document(html)
    for selector in ("div#message div.inner", "div#message", "div.error", "p.error", "div.panel div.inner"):
        node = next(iter(select_all(doc, selector)), None)
        if node is not None:
            return " ".join(text_of(node).split())[:300]
    return ""


_CAPTCHA = re.compile(r'name="(?:confirm_code|confirm_id|g-recaptcha-response|qa_answer)"|class="g-recaptcha"', re.I)


def _refuse_captcha(html: str, username: str) -> None:
    """After failed logins phpBB asks for a visual confirmation: meneur cannot answer it, and trying
    again would only lock the account longer."""
    if _CAPTCHA.search(html):
        raise LoginFailed(
            _(
                "phpBB asks for a visual confirmation (captcha) before logging {user} in, after failed "
                "logins: log in once by hand in a browser with the right password, then start meneur again"
            ).format(user=username)
        )
