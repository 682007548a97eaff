"""phpBB 2.0 (subSilver): plain forms without tokens, pages in the board's own encoding.

Facts used: ``login.php`` (``username``, ``password``, ``autologin``, ``redirect``, ``login``);
reply at ``posting.php?mode=reply&t=T`` (``subject``, ``message``, hidden ``sid``, ``post``);
MPs at ``privmsg.php?folder=inbox``, one MP at ``privmsg.php?folder=inbox&mode=read&p=ID``, a new
one at ``privmsg.php?mode=post`` (``username``, ``subject``, ``message``, ``post``).
"""

from __future__ import annotations

import re
from urllib.parse import urlencode, urljoin

import httpx

from ...parsers.dates import parse_forum_date
from ...parsers.forms import find_form
from ...parsers.layout import parse_document, select_all, text_of
from ...parsers.records import Form, InboxEntry, ParseError, PrivateMessage
from ..i18n import _
from .base import ForumError, LoginFailed, OffsetPaged, message_from

_MSG_LINK = re.compile(r"mode=read&(?:amp;)?p=(\d+)")
_POST_LINK = re.compile(r"viewtopic\.php\?(?:[^\"'#]*&(?:amp;)?)?p=(\d+)")
_SAVED = ("enregistré avec succès", "entré avec succès", "envoyé avec succès", "a été envoyé", "successfully")


class Phpbb2Adapter(OffsetPaged):
    engine = "phpbb2"
    default_per_page = 15
    markup = "bbcode"

    def is_login_page(self, response: httpx.Response) -> bool:
        form = find_form(response.content, having="password")
        return form is not None and "login.php" in form.action

    def _submit(self, page: httpx.Response, form: Form, data: dict[str, str], button: str) -> httpx.Response:
        payload = {**form.values(), **data}
        buttons = dict(form.buttons)
        payload.setdefault(button, buttons.get(button, button))
        # phpBB 2 boards read forms in their page encoding (often ISO-8859-1), not UTF-8.
        encoding = page.encoding or "iso-8859-1"
        body = urlencode(payload, encoding=encoding, errors="xmlcharrefreplace").encode("ascii")
        headers = {"Referer": str(page.url), "Content-Type": "application/x-www-form-urlencoded"}
        return self.http.request("POST", urljoin(str(page.url), form.action), content=body, headers=headers)

    def login(self) -> None:
        page = self.http.get(self.url("login.php"))
        form = find_form(page.content, having="password")
        if form is None:
            raise LoginFailed(_("no login form at {page}").format(page="login.php"))
        data = {"username": self.settings.username, "password": self.settings.password(), "autologin": "on"}
        response = self._submit(page, form, data, "login")
        if "mode=logout" not in response.text and "logout=true" not in response.text:
            raise LoginFailed(
                _("the forum refused the login of {user} (wrong password?)").format(user=self.settings.username)
            )
        self.logged_in = True

    def topic_page_url(self, number: int) -> str:
        start = 0 if number <= 1 else (number - 1) * self.per_page()
        return self.url(f"viewtopic.php?t={self.settings.topic}" + (f"&start={start}" if start else ""))

    def list_inbox(self) -> list[InboxEntry]:
        response = self.get("privmsg.php?folder=inbox")
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        entries = []
        for link in select_all(doc, "a.topictitle"):
            href = link.get("href") or ""
            found = _MSG_LINK.search(href)
            if not found:
                continue
            row = link.getparent()
            while row is not None and row.tag != "tr":
                row = row.getparent()
            author = None
            if row is not None:
                names = [" ".join(text_of(a).split()) for a in select_all(row, "a.name, span.name a")]
                names = [name for name in names if name]
                author = names[0] if names else None
            entries.append(
                InboxEntry(
                    key=found.group(1),
                    subject=" ".join(text_of(link).split()),
                    author=author,
                    url=urljoin(str(response.url), href),
                )
            )
        return entries

    def read_inbox_entry(self, entry: InboxEntry) -> list[PrivateMessage]:
        response = self.get(entry.url)
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        body = next(iter(select_all(doc, "span.postbody")), None)
        if body is None:
            raise ParseError(f"MP {entry.key}: no message on its page")
        cell = body.getparent() if body.getparent() is not None else body
        details = " ".join(" ".join(text_of(n).split()) for n in select_all(doc, "span.genmed, span.postdetails"))
        author_match = re.search(r"De\s*:\s*(.+?)(?:\s+[ÀA]\s*:|\s+Post|$)", details)
        try:
            sent_at = parse_forum_date(details, self.settings.timezone)
        except ParseError:
            sent_at = None
        author = (author_match.group(1).strip() if author_match else entry.author) or ""
        return [message_from(cell, entry.key, author, None, sent_at, entry.subject)]

    def reply(self, body: str) -> str | None:
        path = f"posting.php?mode=reply&t={self.settings.topic}"
        page = self.get(path)
        form = find_form(page.content, having="message")
        if form is None:
            raise ForumError(_("no reply form at {page} (is the topic locked?)").format(page=path))
        response = self._submit(page, form, {"message": body, "subject": form.values().get("subject", "")}, "post")
        if not any(marker in response.text for marker in _SAVED):
            raise ForumError(_("the forum did not save the reply"))
        found = _POST_LINK.search(response.text)
        return found.group(1) if found else None

    def post_link(self, post_id: str, page: int | None = None) -> str:
        return self.url(f"viewtopic.php?p={post_id}#{post_id}")

    def send_mp(self, username: str, user_id: str | None, subject: str, body: str) -> str | None:
        page = self.get("privmsg.php?mode=post")
        form = find_form(page.content, having="message")
        if form is None:
            raise ForumError(_("no MP form at {page}").format(page="privmsg.php?mode=post"))
        response = self._submit(page, form, {"username": username, "subject": subject, "message": body}, "post")
        if not any(marker in response.text for marker in _SAVED):
            raise ForumError(_("the forum did not send the MP to {user}").format(user=username))
        return None

    def find_own_mp(self, username: str, subject: str, reference: str) -> str | None:
        response = self.get("privmsg.php?folder=sentbox")
        for link in select_all(parse_document(response.content, response.charset_encoding, whole=True), "a.topictitle"):
            if " ".join(text_of(link).split()) != subject.strip():
                continue
            found = _MSG_LINK.search(link.get("href") or "")
            if not found:
                continue
            entry = InboxEntry(found.group(1), subject, None, urljoin(str(response.url), link.get("href") or ""))
            if any(reference in m.content_text for m in self.read_inbox_entry(entry)):
                return entry.key
        return None
