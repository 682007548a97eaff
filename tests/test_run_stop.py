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
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.tests.spiritforum import SpiritForum

MENEUR = Path(sys.executable).parent / "meneur"
RUNS = int(os.environ.get("MENEUR_STOP_RUNS", "50"))


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
        proc = subprocess.Popen([str(MENEUR), "run", "--config", str(config), "--web-port", "-1", "-v"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        time.sleep(rng.uniform(0.3, 4.0))  # the interpreter's start, then anywhere in the polls
        first = signal.SIGTERM if run % 2 == 0 else signal.SIGINT
        proc.send_signal(first)
        sent = time.monotonic()
        if run % 3 == 0:  # a second signal while it stops
            time.sleep(rng.uniform(0.0, 0.5))
            proc.send_signal(signal.SIGTERM if first == signal.SIGINT else signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"run {run}: still running 10 s after {first.name}\n{err[-3000:]}")
        assert time.monotonic() - sent < 10
        assert proc.returncode == 0, f"run {run}: status {proc.returncode}\n{err[-3000:]}"
        assert "Traceback" not in err, f"run {run}:\n{err[-3000:]}"
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
