"""The spirit adapter over httpx.MockTransport, serving pages saved from a real spirit forum."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.base import ForumError, ForumSettings
from meneur.daemon.adapters.spirit import SpiritAdapter
from meneur.daemon.http import PoliteClient
from meneur.parsers.engines import NAMED
from meneur.parsers.records import InboxEntry

PAGES = Path(__file__).resolve().parent.parent / "fixtures" / "forums" / "spirit"


def page(name: str) -> httpx.Response:
    return httpx.Response(200, content=(PAGES / name).read_bytes(), headers={"content-type": "text/html"})


def adapter(handler) -> SpiritAdapter:  # type: ignore[no-untyped-def]
    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None)
    spirit = SpiritAdapter(
        http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "pw", "1", NAMED["spirit"])
    )
    spirit.logged_in = True
    http.client.cookies.set("csrftoken", "tok")
    return spirit


def test_inbox_lists_private_topics_with_their_sizes() -> None:
    spirit = adapter(lambda request: page("private-list.html"))
    entries = spirit.list_inbox()
    assert [(e.key, e.subject) for e in entries][:2] == [("4", "Les loups — nuit 1"), ("2", "Ma cible cette nuit")]
    assert all(e.size is not None and e.size >= 1 for e in entries)
    assert entries[1].url.endswith("/topic/private/2/ma-cible-cette-nuit/")


def test_a_private_topic_is_read_whole() -> None:
    spirit = adapter(lambda request: page("private-topic.html"))
    entry = spirit.list_inbox.__self__

    messages = spirit.read_inbox_entry(
        InboxEntry("2", "Ma cible cette nuit", None, "http://127.0.0.1:9/topic/private/2/x/")
    )
    assert len(messages) == 3 and entry is spirit
    assert messages[0].author == "Lucas" and messages[0].sent_at is not None
    assert all(m.msg_id.startswith("2.") for m in messages)


def test_a_dropped_double_mp_is_an_error_not_a_success() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"location": "/topic/private/"})

    with pytest.raises(ForumError, match="double post"):
        adapter(handler).send_mp("Lucas", None, "Reçu", "Bien reçu.")


def test_a_reply_returns_the_new_comment_id() -> None:
    seen: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.content)
        return httpx.Response(302, headers={"location": "/comment/812/find/"})

    assert adapter(handler).reply("**Décompte**") == "812"
    assert b"csrfmiddlewaretoken=tok" in seen[0] and b"comment=" in seen[0]
