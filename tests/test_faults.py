"""Faults: a forum that errs, hangs, logs meneur out or changes its layout; kills mid-write."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.base import ForumSettings
from meneur.daemon.adapters.spirit import SpiritAdapter
from meneur.daemon.game import TOPIC
from meneur.daemon.http import ForumUnavailable, PoliteClient
from meneur.daemon.poller import CountingStopped, Poller, open_alerts
from meneur.daemon.store import Store
from meneur.engine.names import NameResolver, PlayerName
from meneur.parsers.engines import NAMED

# A one-page topic: the mock forum below serves it for every page asked.
SPIRIT_PAGE = Path(__file__).resolve().parent.parent / "fixtures" / "forums" / "spirit" / "topic.html"


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now


def polite(handler, **kwargs) -> tuple[PoliteClient, FakeTime]:  # type: ignore[no-untyped-def]
    fake = FakeTime()
    client = PoliteClient(
        httpx.Client(transport=httpx.MockTransport(handler)), sleep=fake.sleep, clock=fake.clock, **kwargs
    )
    return client, fake


def test_5xx_are_retried_with_growing_backoff_then_succeed() -> None:
    answers = iter([503, 500, 502, 200])

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(next(answers), text="ok")

    client, fake = polite(handler, min_interval=0, backoff=1.0)
    assert client.get("http://127.0.0.1/x").status_code == 200
    assert client.requests == 4
    assert len(fake.slept) == 3
    assert 0.5 <= fake.slept[0] <= 1.5 and 1.0 <= fake.slept[1] <= 3.0 and 2.0 <= fake.slept[2] <= 6.0


def test_a_hanging_forum_gives_up_with_a_clear_error() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("no answer", request=request)

    client, _ = polite(handler, min_interval=0, retries=2)
    with pytest.raises(ForumUnavailable, match="timed out, 2 retries"):
        client.get("http://127.0.0.1/x")
    assert client.requests == 3


def test_a_post_that_timed_out_is_not_resent_blindly() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("no answer", request=request)

    client, _ = polite(handler, min_interval=0)
    with pytest.raises(ForumUnavailable, match="may have been saved"):
        client.post("http://127.0.0.1/x", {"a": "b"})
    assert client.requests == 1


def test_requests_are_spaced_by_the_rate_limit() -> None:
    client, fake = polite(lambda request: httpx.Response(200), min_interval=2.0)
    for _ in range(3):
        client.get("http://127.0.0.1/x")
    assert fake.slept == [2.0, 2.0]


def test_user_agent_names_meneur() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["user-agent"])
        return httpx.Response(200)

    client, _ = polite(handler)
    client.get("http://127.0.0.1/x")
    assert seen[0].startswith("meneur/")


def spirit_poller(tmp_path: Path, pages: dict[str, bytes]) -> tuple[Poller, Store]:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=pages["topic"], headers={"content-type": "text/html"})

    client, _ = polite(handler, min_interval=0)
    settings = ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"])
    adapter = SpiritAdapter(client, settings)
    adapter.logged_in = True  # reading a public topic needs no login
    store = Store(tmp_path / "game.sqlite")
    return Poller(store, adapter, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC)), store


def test_a_changed_layout_stops_counting_loudly_then_recovers(tmp_path: Path) -> None:
    good = SPIRIT_PAGE.read_bytes()
    pages = {"topic": good.replace(b"comments_list__comment", b"comments_list__remark")}
    poller, store = spirit_poller(tmp_path, pages)
    with pytest.raises(CountingStopped):
        poller.poll_topic()
    alerts = open_alerts(store, "layout")
    assert len(alerts) == 1 and "Le décompte est arrêté" in str(alerts[0]["message"])
    assert store.posts(TOPIC) == []
    pages["topic"] = good
    poller.poll_topic()
    assert open_alerts(store, "layout") == []
    assert len(store.posts(TOPIC)) > 0


def test_an_error_page_instead_of_the_topic_is_an_alert_not_zero_votes(tmp_path: Path) -> None:
    pages = {"topic": b"<html><body><h1>Maintenance</h1><p>Le forum revient vite.</p></body></html>"}
    poller, store = spirit_poller(tmp_path, pages)
    with pytest.raises(CountingStopped):
        poller.poll_topic()
    assert open_alerts(store, "layout")


WRITER = textwrap.dedent(
    """
    import sys
    from meneur.daemon.store import Store
    store = Store(sys.argv[1])
    store.db.execute("create table if not exists pairs (n integer, side text)")
    n = 0
    print("ready", flush=True)
    while True:
        with store.transaction():
            store.db.execute("insert into pairs values (?, 'a')", [n])
            store.db.execute("insert into pairs values (?, 'b')", [n])
        n += 1
    """
)


def test_the_database_survives_a_kill_during_writes(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(path) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        a, b = (conn.execute("select count(*) from pairs where side = ?", [s]).fetchone()[0] for s in "ab")
    assert a == b and a > 0  # every transaction whole, none half-written
    Store(path)  # and it opens again, migrations and all


FORUMS = Path(__file__).resolve().parent.parent / "fixtures" / "forums" / "spirit"


def test_a_layout_alert_reaches_the_mj_by_mp_once(tmp_path: Path) -> None:
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.config import parse_config
    from meneur.daemon.game import LiveGame

    published: list[dict[str, list[str]]] = []
    broken = SPIRIT_PAGE.read_bytes().replace(b"comments_list__comment", b"comments_list__remark")

    def handler(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/user/login/" and request.method == "GET":
            return httpx.Response(200, content=(FORUMS / "login.html").read_bytes(),
                                  headers={"set-cookie": "csrftoken=tok; Path=/"})  # fmt: skip
        if path == "/user/login/":
            return httpx.Response(302, headers={"location": "/user/", "set-cookie": "sessionid=s1; Path=/"})
        if path == "/topic/private/publish/":
            from urllib.parse import parse_qs

            published.append(parse_qs(request.content.decode()))
            return httpx.Response(302, headers={"location": "/topic/private/77/meneur/"})
        if path.startswith("/topic/3/"):
            return httpx.Response(200, content=broken, headers={"content-type": "text/html"})
        return httpx.Response(404)

    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "Grand_Hibou"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n[alerts]\nmp_mj = true\n'
        '[poll]\nmin_request_interval = 0.01\n[[players]]\nname = "Lucas"\n'
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(handler)))
    adapter.settings = type(adapter.settings)(**{**adapter.settings.__dict__, "password": lambda: "x"})
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    for _ in range(2):
        with pytest.raises(CountingStopped):
            game.cycle(inbox=False)
    assert len(published) == 1
    assert published[0]["users"] == ["Grand_Hibou"] and "décompte arrêté" in published[0]["title"][0]
    assert "Le décompte est arrêté" in published[0]["comment"][0]
