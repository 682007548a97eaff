"""A home-made forum, described in the MJ's configuration: page addresses, form field names,
a few marker texts, and selectors for the inbox and one message.

The topic itself is read with the generic layout (``[forum.selectors]``), like every engine.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urljoin

import httpx
from lxml import etree

from ...parsers.dates import parse_forum_date
from ...parsers.forms import find_form
from ...parsers.layout import Field, parse_document, read_field, select_all
from ...parsers.records import InboxEntry, ParseError, PrivateMessage
from ..i18n import _
from ..site import GenericSite
from .base import ForumAdapter, ForumError, LoginFailed, message_from


class GenericAdapter(ForumAdapter):
    engine = "generic"
    markup = "bbcode"

    def __init__(self, http: Any, settings: Any, site: GenericSite) -> None:
        super().__init__(http, settings)
        self.site = site

    def _page(self, name: str, **values: str) -> str:
        if name not in self.site.pages:
            raise ForumError(_("this forum's configuration has no forum.pages.{name}").format(name=name))
        return self.site.pages[name].format(topic=self.settings.topic, **values)

    def is_login_page(self, response: httpx.Response) -> bool:
        if "login" not in self.site.pages:
            return False
        form = find_form(response.content, having=self.site.fields["password"])
        return form is not None and self.site.markers.get("logged_in", "\0") not in response.text

    def login(self) -> None:
        if "login" not in self.site.pages:
            self.logged_in = True  # a forum read as a guest: nothing to do
            return
        page = self.http.get(self.url(self._page("login")))
        fields = self.site.fields
        form = find_form(page.content, having=fields["password"])
        if form is None:
            raise LoginFailed(_("no login form at {page}").format(page=self._page("login")))
        data = {
            **form.values(),
            fields["username"]: self.settings.username,
            fields["password"]: self.settings.password(),
        }
        for name, value in form.buttons[:1]:
            data.setdefault(name, value)
        response = self.http.post(urljoin(str(page.url), form.action), data, headers={"Referer": str(page.url)})
        if self.site.markers["logged_in"] not in response.text:
            raise LoginFailed(
                _("the forum refused the login of {user} (wrong password?)").format(user=self.settings.username)
            )
        self.logged_in = True

    def topic_page_url(self, number: int) -> str:
        return self.url(self._page("topic", page=str(number)))

    def _submit(self, page_name: str, data: dict[str, str], marker: str, what: str) -> httpx.Response:
        page = self.get(self._page(page_name))
        form = find_form(page.content, having=self.site.fields["message"])
        if form is None:
            raise ForumError(
                _("no form with a {field!r} field at {page}").format(
                    field=self.site.fields["message"], page=self._page(page_name)
                )
            )
        payload = {**form.values(), **data}
        for name, value in form.buttons[:1]:
            payload.setdefault(name, value)
        response = self.http.post(urljoin(str(page.url), form.action), payload, headers={"Referer": str(page.url)})
        if self.site.markers[marker] not in response.text:
            raise ForumError(
                _("the forum did not confirm {what} (no {marker!r} on the page)").format(
                    what=what, marker=self.site.markers[marker]
                )
            )
        return response

    def reply(self, body: str) -> str | None:
        response = self._submit("reply", {self.site.fields["message"]: body}, "posted", _("the reply"))
        anchor = re.search(
            r"#m?(\d+)",
            " ".join(select_all(parse_document(response.content, response.charset_encoding), "xpath://a/@href")),
        )
        return anchor.group(1) if anchor else None

    def send_mp(self, username: str, user_id: str | None, subject: str, body: str) -> str | None:
        fields = self.site.fields
        data = {fields["recipient"]: username, fields["subject"]: subject, fields["message"]: body}
        self._submit("compose", data, "sent", _("the MP to {user}").format(user=username))
        return None

    def _entries(self, page_name: str) -> list[InboxEntry]:
        if page_name not in self.site.pages or self.site.row is None:
            return []
        response = self.get(self._page(page_name))
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        entries = []
        for row in select_all(doc, self.site.row):
            if not isinstance(row, etree._Element):
                continue
            key = read_field(row, self.site.inbox["id"])
            link = read_field(row, self.site.inbox["link"])
            if not key or not link:
                continue
            author = read_field(row, self.site.inbox["author"]) if "author" in self.site.inbox else None
            subject_field = self.site.inbox.get("subject", Field(self.site.inbox["link"].select))
            entries.append(
                InboxEntry(key, read_field(row, subject_field) or "", author, urljoin(str(response.url), link))
            )
        return entries

    def list_inbox(self) -> list[InboxEntry]:
        return self._entries("inbox")

    def read_inbox_entry(self, entry: InboxEntry) -> list[PrivateMessage]:
        response = self.get(entry.url)
        doc = parse_document(response.content, response.charset_encoding, whole=True)
        spec = self.site.message
        content = select_all(doc, spec["content"].select) if spec["content"].select else []
        if not content or not isinstance(content[0], etree._Element):
            raise ParseError(f"MP {entry.key}: no content matching {spec['content'].select!r}")
        author = read_field(doc, spec["author"]) if "author" in spec else None
        sent_at = None
        if "date" in spec:
            date_text = read_field(doc, spec["date"])
            try:
                sent_at = parse_forum_date(date_text, self.settings.timezone) if date_text else None
            except ParseError:
                sent_at = None
        return [message_from(content[0], entry.key, author or entry.author or "", None, sent_at, entry.subject)]

    def find_own_mp(self, username: str, subject: str, reference: str) -> str | None:
        for entry in self._entries("sent"):
            if entry.subject.strip() != subject.strip():
                continue
            if any(reference in message.content_text for message in self.read_inbox_entry(entry)):
                return entry.key
        return None
