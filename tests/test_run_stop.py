"""`meneur run` stopped by SIGTERM or SIGINT at random moments of its cycles, against the real test forum.

Issue 13: the signal handler's ``shutdown(wait=True)`` held APScheduler's job-store lock while the worker,
still in a poll, waited for it to add its next job: the daemon hung for ever. Here one game is started and
stopped many times (a vote posted before each start, the day's deadline passing midway); each stop must end
the process within 10 s with status 0 and no traceback, a second signal during the stop must be harmless,
and at the end nothing is lost: every post is stored, every live count that went out is on the forum once,
no draft is left half-sent, and the deadline fired once.
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO

import pytest
from meneur.tests.spiritforum import SpiritForum

MENEUR = Path(sys.executable).parent / "meneur"
RUNS = int(os.environ.get("MENEUR_STOP_RUNS", "50"))


class Run:
    """``meneur run`` in a subprocess, its standard error read as it comes (to know when it runs)."""

    def __init__(self, config: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([str(MENEUR), "run", "--config", str(config), "--web-port", "0", "-v"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        self.err: list[str] = []
        self.out: list[str] = []
        self.running = threading.Event()
        self._readers = [
            threading.Thread(target=self._read, args=(self.proc.stderr, self.err), daemon=True),
            threading.Thread(target=self._read, args=(self.proc.stdout, self.out), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: IO[str] | None, lines: list[str]) -> None:
        assert stream is not None
        for line in stream:
            lines.append(line)
            if "meneur is running" in line:
                self.running.set()

    def stop_and_wait(self, signals: list[tuple[float, signal.Signals]], limit: float = 10) -> tuple[str, float]:
        """Send each signal after its delay; wait for the end. Returns (stdout, seconds from the first signal)."""
        sent = None
        for delay, signum in signals:
            time.sleep(delay)
            self.proc.send_signal(signum)
            sent = sent or time.monotonic()
        try:
            self.proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"still running {limit} s after the signal\n{''.join(self.err)[-3000:]}")
        took = time.monotonic() - (sent or 0)
        for reader in self._readers:
            reader.join(5)
        return "".join(self.out), took

    @property
    def stderr(self) -> str:
        return "".join(self.err)


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_a_signal_at_any_moment_stops_run_within_10_s_and_loses_nothing(forum: SpiritForum, tmp_path: Path) -> None:
    players = ["Anna", "Basile", "Chloe"]
    seeded = forum.seed("MJ_Stop", players, topic_title="Partie arrêtée cent fois")
    topic = int(seeded["topic_id"])
    deadline = datetime.now(UTC) + timedelta(seconds=4 * RUNS // 2)  # passes about halfway through the runs
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Stop"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline.isoformat(timespec="seconds")}"\n'
        "[poll]\ntopic_every = 0.3\ninbox_every = 0.5\ngrace = 0\nmin_request_interval = 0.01\n"
        '[outbox]\nauto = ["vote_count"]\ncount_every_votes = 1\n'
        + "".join(f'[[players]]\nname = "{name}"\n' for name in players),
        encoding="utf-8",
    )
    env = {**os.environ, "MENEUR_PASSWORD": seeded["password"]}
    rng = random.Random(13)
    outputs: list[str] = []
    for run in range(RUNS):
        voter, target = players[run % 3], players[(run + 1) % 3]
        forum.client(voter).post_comment(topic, f"Tour {run}.\n\n**Je vote contre {target}**")
        run_ = Run(config, env)
        assert run_.running.wait(30), run_.stderr
        first = signal.SIGTERM if run % 2 == 0 else signal.SIGINT
        second = signal.SIGTERM if first == signal.SIGINT else signal.SIGINT
        signals = [(rng.uniform(0.0, 3.5), first)]  # anywhere in the polls
        if run % 3 == 0:  # a second signal while it stops
            signals.append((rng.uniform(0.0, 0.5), second))
        out, took = run_.stop_and_wait(signals)
        assert took < 10
        assert run_.proc.returncode == 0, f"run {run}: status {run_.proc.returncode}\n{run_.stderr[-3000:]}"
        assert "Traceback" not in run_.stderr, f"run {run}:\n{run_.stderr[-3000:]}"
        outputs.append(out)
        with sqlite3.connect(tmp_path / "partie.sqlite") as db:
            assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
            states = {row[0] for row in db.execute("select state from drafts")}
            assert states <= {"approved", "sending", "sent", "drafted"}, states

    # A last run with no signal: it finishes what the stops left (a live count left "sending" is looked for
    # on the forum before it is sent), then stops by itself, every deadline being done.
    last = subprocess.run([str(MENEUR), "run", "--config", str(config), "--web-port", "-1", "--stop-when-done"],
                          env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert last.returncode == 0, last.stderr
    outputs.append(last.stdout)

    comments = forum.client("MJ_Stop").comments(topic)
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        stored = {row[0] for row in db.execute("select post_id from posts where deleted_at is null")}
        assert {str(c["pk"]) for c in comments if c["author"] in players} <= stored
        assert db.execute("select state from deadlines where id = 'Jour 1'").fetchone()[0] == "fired"
        drafts = db.execute("select key, state, reference, forum_id from drafts where kind = 'vote_count'").fetchall()
        evening = db.execute("select state from drafts where key = 'Jour 1/evening'").fetchone()
    assert evening == ("drafted",)
    assert drafts and {state for _key, state, _ref, _id in drafts} == {"sent"}
    mine = {str(c["pk"]): c["text"] for c in comments if c["author"] == "MJ_Stop"}
    for key, _state, reference, forum_id in drafts:
        copies = [pk for pk, text in mine.items() if re.search(rf"réf\. {re.escape(reference)}\b", text)]
        assert copies == [forum_id], f"{key}: on the forum as {copies}, stored as {forum_id}"
    assert len(mine) == 1 + len(drafts)  # the opening post, then one post per live count
    assert sum(out.count("deadline: drafted Jour 1/evening") for out in outputs) == 1


class DudForum:
    """A local server that takes connections and answers every request with a 500, or never answers."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.closing = threading.Event()
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closing.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(60)
            try:
                while b"\r\n\r\n" not in conn.recv(65536):
                    pass
                if self.mode == "500":
                    conn.sendall(
                        b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    )
                else:
                    self.closing.wait(60)
            except OSError:
                return

    def close(self) -> None:
        self.closing.set()
        self.server.close()


@pytest.mark.parametrize("fault", ["hang", "500", "refused"])
@pytest.mark.parametrize("after", [0.2, 2.5])
def test_a_signal_stops_run_within_10_s_when_the_forum_fails(fault: str, after: float, tmp_path: Path) -> None:
    """The running job is in a request the forum leaves hanging (20 s before httpx gives up), or between
    retries (up to 8 s × jitter of backoff): the stop cuts the waits short and leaves a hanging request."""
    dud = DudForum(fault)
    port = dud.port
    if fault == "refused":
        dud.close()  # nothing listens there any more: every connection is refused
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:{port}/"\n[account]\nusername = "MJ"\n'
        '[game]\ntopic = "1"\ndatabase = "partie.sqlite"\n[[deadlines]]\nlabel = "Jour 1"\n'
        f'at = "{(datetime.now(UTC) - timedelta(minutes=5)).isoformat(timespec="seconds")}"\n'
        "[poll]\ntopic_every = 1\ninbox_every = 1\ngrace = 0\nmin_request_interval = 0.01\n"
        '[[players]]\nname = "Anna"\n',
        encoding="utf-8",
    )
    env = {**os.environ, "MENEUR_PASSWORD": "secret"}
    try:
        run = Run(config, env)
        assert run.running.wait(30), run.stderr
        _out, took = run.stop_and_wait([(after, signal.SIGTERM)])
        assert took < 10
        assert run.proc.returncode == 0, run.stderr[-3000:]
        assert "Traceback" not in run.stderr, run.stderr[-3000:]
        with sqlite3.connect(tmp_path / "partie.sqlite") as db:
            assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
            assert db.execute("select state from deadlines").fetchone()[0] == "pending"  # it fires at the next start
    finally:
        dud.close()
