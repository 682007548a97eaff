"""`meneur run`: a deadline missed while meneur was down fires at start; SIGTERM stops it cleanly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from meneur.tests.spiritforum import SpiritForum

MENEUR = Path(sys.executable).parent / "meneur"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def config_for(forum: SpiritForum, tmp_path: Path, deadline: datetime, extra: str = "") -> tuple[Path, dict]:
    seeded = forum.seed("MJ_Run", ["Anna", "Basile"], topic_title=f"Partie {tmp_path.name[-8:]}")
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Run"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline.isoformat(timespec="seconds")}"\n'
        f"[poll]\ntopic_every = 1\ninbox_every = 1\ngrace = 0\nmin_request_interval = 0.01\n{extra}"
        '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n',
        encoding="utf-8",
    )
    return path, {**os.environ, "MENEUR_PASSWORD": seeded["password"]}


def offline_config(tmp_path: Path, at: datetime) -> Any:
    """A two-player game whose deadline « Jour 1 » falls ``at``, on a forum address nothing answers (the tests give
    the adapter their own transport), polled once a minute, without retries."""
    from meneur.daemon.config import parse_config

    return parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "{tmp_path / "g.sqlite"}"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{at.isoformat(timespec="seconds")}"\n'
        "[poll]\ntopic_every = 60\ninbox_every = 60\ngrace = 0\nmin_request_interval = 0.01\nretries = 0\n"
        '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n'
    )


def test_a_deadline_missed_while_down_fires_at_start(forum: SpiritForum, tmp_path: Path) -> None:
    config, env = config_for(forum, tmp_path, datetime.now(UTC) - timedelta(hours=2))
    run = subprocess.run([str(MENEUR), "run", "--config", str(config), "--stop-when-done"], env=env,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "échéance : Jour 1/evening rédigé" in run.stdout
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        assert db.execute("select state from deadlines").fetchone()[0] == "fired"
        assert db.execute("select state from drafts where key = 'Jour 1/evening'").fetchone()[0] == "drafted"


def test_sigterm_stops_the_daemon_cleanly(forum: SpiritForum, tmp_path: Path) -> None:
    config, env = config_for(forum, tmp_path, datetime.now(UTC) + timedelta(hours=2))
    proc = subprocess.Popen([str(MENEUR), "run", "--config", str(config), "-v"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    deadline = time.time() + 30
    db = tmp_path / "partie.sqlite"
    while time.time() < deadline:  # wait for a first poll to be recorded
        if db.exists():
            with sqlite3.connect(db) as conn:
                if conn.execute("select count(*) from sqlite_master where name = 'poll_state'").fetchone()[0] and \
                        conn.execute("select count(*) from poll_state").fetchone()[0]:  # fmt: skip
                    break
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "finishing the running job, then stopping" in err
    with sqlite3.connect(db) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"


def test_a_refused_login_stops_using_the_forum_and_tells_the_mj(tmp_path: Path) -> None:
    """Logging in again with a wrong password would lock the account: after one refusal the daemon leaves
    the forum alone (its page stays up) and opens an alert saying what to do."""
    import httpx
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.adapters.base import LoginFailed
    from meneur.daemon.config import parse_config
    from meneur.daemon.game import LiveGame
    from meneur.daemon.poller import open_alerts
    from meneur.daemon.scheduler import GameScheduler
    from meneur.daemon.store import Store

    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "{tmp_path / "g.sqlite"}"\n[[players]]\nname = "Anna"\n'
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    scheduler = GameScheduler(game)
    calls: list[str] = []

    def refused() -> None:
        calls.append("login")
        raise LoginFailed("spirit refused the login of MJ (wrong password?)")

    assert scheduler._guard("topic poll", refused) is None
    assert scheduler._guard("inbox poll", lambda: calls.append("inbox")) is None
    assert calls == ["login"]
    [alert] = open_alerts(game.store, "login")
    assert "wrong password" in str(alert["message"]) and "puis relancez meneur" in str(alert["message"])


def test_a_deadline_waiting_behind_a_slow_poll_is_not_set_twice(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The deadline falls while a topic poll waits on a slow forum: its job waits in the queue behind the
    poll. The poll's check for due deadlines without a job must not take it for lost and set a second
    one (a warning at every deadline, and APScheduler skipping the copy)."""
    import logging
    import threading

    import httpx
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.game import LiveGame
    from meneur.daemon.scheduler import GameScheduler
    from meneur.daemon.store import Store

    at = datetime.now(UTC) + timedelta(seconds=1)
    config = offline_config(tmp_path, at)

    def slow_forum(request: httpx.Request) -> httpx.Response:
        time.sleep(2.5)  # longer than the time left before the deadline
        return httpx.Response(503)

    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(slow_forum)))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    fired: list[str] = []
    real_fire = game.fire_deadline
    game.fire_deadline = lambda deadline_id: fired.append(deadline_id) or real_fire(deadline_id)  # type: ignore[method-assign]
    scheduler = GameScheduler(game, stop_grace=10)
    caplog.set_level(logging.INFO, logger="meneur")
    caplog.set_level(logging.WARNING, logger="apscheduler")
    runner = threading.Thread(target=scheduler.run, kwargs={"handle_signals": False})
    runner.start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not fired:
        time.sleep(0.1)
    time.sleep(6)  # the poll after the deadline, and its check for due deadlines
    scheduler.request_stop()
    runner.join(30)
    assert fired, "the deadline never fired"
    noise = [
        r.getMessage() for r in caplog.records if "had no job" in r.getMessage() or "maximum number" in r.getMessage()
    ]
    assert noise == []


def test_a_stop_landing_while_due_jobs_are_handed_out_is_a_clean_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A signal's stop sets APScheduler's state to stopped from the stop thread while the scheduler's own loop is
    still handing out the jobs due (the deadline, here): the loop then fails to remove the one-off job it has just
    handed out (it looks for it among the jobs of a stopped scheduler). That is a stop like any other: ``run``
    returns, the deadline stays pending for the next start — it must not end ``meneur run`` with a traceback."""
    import threading

    import httpx
    from apscheduler.executors.pool import ThreadPoolExecutor
    from apscheduler.schedulers.base import STATE_STOPPED
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.game import LiveGame
    from meneur.daemon.scheduler import GameScheduler
    from meneur.daemon.store import Store

    at = datetime.now(UTC) - timedelta(seconds=1)
    config = offline_config(tmp_path, at)
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda request: httpx.Response(503))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    scheduler = GameScheduler(game, stop_grace=10)
    real_submit = ThreadPoolExecutor.submit_job
    stopped_meanwhile: list[bool] = []

    def submit_job(executor: ThreadPoolExecutor, job: Any, run_times: Any) -> None:
        if job.id.startswith("deadline:") and not stopped_meanwhile:
            scheduler.request_stop("test")  # what a SIGTERM's handler does
            until = time.monotonic() + 10
            while scheduler.scheduler.state != STATE_STOPPED and time.monotonic() < until:
                time.sleep(0.01)
            stopped_meanwhile.append(scheduler.scheduler.state == STATE_STOPPED)
        real_submit(executor, job, run_times)

    monkeypatch.setattr(ThreadPoolExecutor, "submit_job", submit_job)
    failures: list[BaseException] = []

    def run() -> None:
        try:
            scheduler.run(handle_signals=False)
        except BaseException as error:
            failures.append(error)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(30)
    assert not runner.is_alive(), "run() did not return after the stop"
    assert stopped_meanwhile == [True], "the stop did not land while the deadline was handed out"
    assert failures == []
    assert [d.id for d in game.deadlines("pending")] == ["Jour 1"]  # fires at the next start
