"""`meneur run`'s scheduler against the real test forum behind a switch that can make it fail: HTTP 500s,
requests left hanging, or a page whose layout no longer reads. A deadline that falls during the fault is
retried, with an alert, until it fires; a forum that does not answer opens the "forum" alert and closes it
when it answers again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.scheduler import GameScheduler
from meneur.daemon.store import Store
from meneur.tests.spiritforum import SpiritForum


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


class Switch:
    """An HTTP transport that forwards to the real forum, or fails the way it is told to."""

    def __init__(self) -> None:
        self.real = httpx.Client(follow_redirects=False, timeout=30)
        self.mode = "up"
        self.release = threading.Event()  # ends the requests left hanging
        self.hanging = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if self.mode == "500":
            return httpx.Response(500, text="<h1>Internal Server Error</h1>")
        if self.mode == "hang":
            self.hanging += 1
            self.release.wait(30)
            raise httpx.ReadTimeout("no answer", request=request)
        forwarded = self.real.build_request(request.method, request.url, headers=request.headers,
                                            content=request.read())  # fmt: skip
        answer = self.real.send(forwarded)
        content = answer.content
        if self.mode == "layout" and request.method == "GET" and "/topic/" in request.url.path:
            content = content.replace(b"comments_list__comment", b"comments_list__remark")
        headers = [(k, v) for k, v in answer.headers.multi_items()
                   if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")]  # fmt: skip
        return httpx.Response(answer.status_code, headers=headers, content=content)

    def up(self) -> None:
        self.mode = "up"
        self.release.set()


def game_behind(
    switch: Switch, forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deadline_in: float,
    extra: str = "",
) -> tuple[LiveGame, int]:  # fmt: skip
    seeded = forum.seed("MJ_Fault", ["Anna", "Basile"], topic_title=f"Partie {tmp_path.name[-12:]}")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    forum.client("Anna").post_comment(seeded["topic_id"], "**Je vote contre Basile**")
    at = datetime.now(UTC) + timedelta(seconds=deadline_in)
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Fault"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{at.isoformat(timespec="milliseconds")}"\n'
        f"[poll]\ntopic_every = 0.5\ninbox_every = 1\nnear_every = 0.5\ngrace = 0\nmin_request_interval = 0.01\n"
        f'{extra}[outbox]\nauto = []\n[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n',
        encoding="utf-8",
    )
    config = load_config(path)
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(switch)))
    adapter.http.retries, adapter.http.backoff = 1, 0.05
    return LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC)), seeded["topic_id"]


def rows(db_path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db_path, timeout=30) as db:
        return db.execute(sql).fetchall()


def wait_for(check: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return False


def run_in_main_thread(scheduler: GameScheduler, script: Callable[[], None], limit: float) -> None:
    """Run the scheduler here (it installs signal handlers: the main thread's job) while ``script`` plays
    the forum's part in a thread; after ``limit`` seconds the scheduler is shut down whatever happened."""
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)

    def safety() -> None:
        time.sleep(limit)
        with contextlib.suppress(Exception):  # already stopped
            scheduler.scheduler.shutdown(wait=False)

    threading.Thread(target=script, daemon=True).start()
    threading.Thread(target=safety, daemon=True).start()
    try:
        scheduler.run()
    finally:
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])


@pytest.mark.parametrize("fault", ["500", "layout"])
def test_a_deadline_that_falls_during_a_fault_fires_once_the_forum_reads_again(
    fault: str, forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    switch = Switch()
    switch.mode = fault
    game, _topic = game_behind(switch, forum, tmp_path, monkeypatch, deadline_in=1.5)
    db = game.config.live.database
    seen: dict[str, object] = {}

    def the_forum() -> None:
        seen["alert"] = wait_for(
            lambda: bool(rows(db, "select 1 from alerts where kind = 'deadline:Jour 1' and resolved = 0")), 20
        )
        seen["pending during the fault"] = rows(db, "select state from deadlines")
        time.sleep(1.0)  # some retries more, still failing
        switch.up()

    run_in_main_thread(GameScheduler(game, stop_when_done=True), the_forum, limit=40)
    assert seen["alert"], "no alert about the deadline while the forum failed"
    assert seen["pending during the fault"] == [("pending",)]
    assert rows(db, "select state from deadlines") == [("fired",)]
    [(body,)] = rows(db, "select body from drafts where key = 'Jour 1/evening'")
    assert "Basile" in str(body)
    [(resolved,)] = rows(db, "select resolved from alerts where kind = 'deadline:Jour 1'")
    assert resolved == 1


@pytest.mark.parametrize("fault", ["500", "hang"])
def test_a_forum_that_does_not_answer_opens_the_forum_alert_then_closes_it(
    fault: str, forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    switch = Switch()
    game, _topic = game_behind(switch, forum, tmp_path, monkeypatch, deadline_in=3600,
                               extra="unreachable_after = 1.5\n")  # fmt: skip
    db = game.config.live.database
    scheduler = GameScheduler(game)
    seen: dict[str, object] = {}

    def the_forum() -> None:
        wait_for(lambda: bool(rows(db, "select 1 from poll_state")), 20)  # a first good poll
        switch.mode = fault
        began = time.monotonic()
        seen["opened"] = wait_for(lambda: bool(rows(db, "select 1 from alerts where kind = 'forum'")), 20)
        seen["after"] = time.monotonic() - began
        seen["still hanging"] = not switch.release.is_set() and switch.hanging > 0
        seen["message"] = rows(db, "select message from alerts where kind = 'forum'")
        switch.up()
        seen["closed"] = wait_for(lambda: rows(db, "select resolved from alerts where kind = 'forum'") == [(1,)], 20)
        scheduler.request_stop()

    run_in_main_thread(scheduler, the_forum, limit=60)
    assert seen["opened"] and seen["closed"], seen
    assert float(str(seen["after"])) < 10, seen
    if fault == "hang":  # seen while the request hangs, not only once every retry is spent
        assert seen["still hanging"], seen
    assert "has not answered" in str(seen["message"])


def test_a_deadline_reached_while_the_login_is_refused_waits_with_an_alert_then_fires_after_a_restart(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    switch = Switch()
    game, _topic = game_behind(switch, forum, tmp_path, monkeypatch, deadline_in=1.0)
    right = os.environ["MENEUR_PASSWORD"]
    monkeypatch.setenv("MENEUR_PASSWORD", "pas le bon")
    db = game.config.live.database
    scheduler = GameScheduler(game)
    seen: dict[str, object] = {}

    def the_forum() -> None:
        seen["alert"] = wait_for(
            lambda: bool(rows(db, "select 1 from alerts where kind = 'deadline:Jour 1' and resolved = 0")), 20
        )
        scheduler.request_stop()

    run_in_main_thread(scheduler, the_forum, limit=40)
    assert seen["alert"]
    [(message,)] = rows(db, "select message from alerts where kind = 'deadline:Jour 1'")
    assert "refused the MJ's login" in str(message)
    assert rows(db, "select state from deadlines") == [("pending",)]
    assert rows(db, "select count(*) from alerts where kind = 'login' and resolved = 0") == [(1,)]

    monkeypatch.setenv("MENEUR_PASSWORD", right)  # the MJ fixes the password and starts meneur again
    again = LiveGame(game.config, Store(db), make_adapter(game.config), lambda: datetime.now(UTC))
    run_in_main_thread(GameScheduler(again, stop_when_done=True), lambda: None, limit=40)
    assert rows(db, "select state from deadlines") == [("fired",)]
    assert rows(db, "select resolved from alerts where kind = 'deadline:Jour 1'") == [(1,)]


def test_a_deadline_job_that_runs_while_the_games_clock_is_still_before_it_waits_instead_of_failing(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The clock went back after the job was set: the job finds the deadline not over yet. It is set again
    (no traceback, no lost deadline) and fires once the clock has passed it."""
    switch = Switch()
    game, _topic = game_behind(switch, forum, tmp_path, monkeypatch, deadline_in=0.5)
    db = game.config.live.database
    behind = {"by": timedelta(hours=1)}
    game.clock = lambda: datetime.now(UTC) - behind["by"]
    game.outbox.clock = game.poller.clock = game.clock

    def the_forum() -> None:
        time.sleep(2.5)  # the deadline's job has run (and found it not over) at least once
        behind["by"] = timedelta(0)

    run_in_main_thread(GameScheduler(game, stop_when_done=True), the_forum, limit=40)
    assert rows(db, "select state from deadlines") == [("fired",)]
    assert "not over yet" not in caplog.text and "Traceback" not in caplog.text
