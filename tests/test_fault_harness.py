"""Whole days through a faulty network, with meneur killed at random moments.

Between meneur and the real django-spirit test forum sits tests/faultproxy.py: requests are delayed,
dropped before or after the forum saw them, answered 500, cut short, left hanging, or answered with the
login page. Players post and send MPs directly to the forum (they are not behind meneur's network). meneur
runs as a fresh process each time — `meneur poll` as cron would run it, sometimes `meneur run` — and a
third of them are SIGKILLed at a random moment. After every process: `PRAGMA integrity_check`. At the end,
the network is healed, meneur polls until it settles, and the forum is compared with the store:

- every post of the topic and every MP to the MJ is stored, once, and none is marked deleted;
- each day's standing votes are those a careful MJ reads on the forum (last vote per player between the
  previous deadline and this one, by the forum's own minute stamps);
- every deadline fired once; its evening post is on the forum exactly once;
- every draft meneur recorded as sent is on the forum exactly once, no draft is left half-sent, and no
  post of meneur's is on the forum without its draft recorded as sent.

The number of faults is `MENEUR_FAULTS` (default 200; CI runs the default). The plan's seed is printed: a
failure replays with `MENEUR_FAULT_SEED=…`.
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
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import TOPIC, LiveGame
from meneur.daemon.outbox import Outbox
from meneur.daemon.store import Store
from meneur.tests.faultproxy import FaultProxy, Plan
from meneur.tests.spiritforum import SpiritForum, SpiritUnavailable

PARIS = ZoneInfo("Europe/Paris")
MJ = "Grand_Hibou"
PLAYERS = ["Lucas", "Lucie", "Zoé", "Hugo", "Anaïs", "Théo", "Manon"]
DAY = timedelta(seconds=60)
MENEUR = [sys.executable, "-c", "from meneur.daemon.cli import main; raise SystemExit(main())"]


@pytest.fixture(scope="module")
def forum() -> SpiritForum:
    try:
        server = SpiritForum.start()
    except SpiritUnavailable as exc:  # pragma: no cover - the test forum is installed by scripts/test
        pytest.skip(f"django-spirit is not installed: {exc}")
    yield server
    server.stop()


def _config(path: Path, proxy_url: str, topic: int, deadlines: list[datetime]) -> Path:
    rows = "".join(
        f'[[deadlines]]\nlabel = "Jour {n}"\nkind = "day"\nat = "{at.isoformat(timespec="seconds")}"\n'
        for n, at in enumerate(deadlines, start=1)
    )
    players = "".join(f'[[players]]\nname = "{name}"\n' for name in PLAYERS)
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{proxy_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
        "[poll]\nmin_request_interval = 0.01\ngrace = 0\ntimeout = 1.5\nretries = 2\nbackoff = 0.1\n"
        "topic_every = 1\ninbox_every = 1\nnear_every = 1\n"
        '[outbox]\nauto = ["vote_count", "evening"]\ncount_every_votes = 2\nsettle = 3\n'
        "[votes]\nrequire_colour = false\n"
        f"{rows}{players}",
        encoding="utf-8",
    )
    return path


def _integrity(db: Path) -> str:
    if not db.exists():
        return "ok"
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def _sending(db: Path) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return int(conn.execute("select count(*) from drafts where state = 'sending'").fetchone()[0])
    finally:
        conn.close()


class Ledger:
    """What the players did, as the forum saw it: the truth the store is checked against."""

    def __init__(self) -> None:
        self.comments: list[int] = []
        self.votes: list[tuple[int, str, str]] = []  # (comment pk, voter, target)
        self.mps: list[int] = []


def _play(forum: SpiritForum, topic: int, rng: random.Random, ledger: Ledger, clients: dict) -> None:
    """One player does one thing: a vote (sometimes changed), chatter, or an MP to the MJ."""
    who = rng.choice(PLAYERS)
    session = clients.setdefault(who, forum.client(who))
    roll = rng.random()
    if roll < 0.6:
        target = rng.choice([p for p in PLAYERS if p != who])
        text = f"Bon, après réflexion.\n\n**Je vote contre {target}**\n\n({rng.randrange(10**6)})"
        pk = session.post_comment(topic, text)
        ledger.comments.append(pk)
        ledger.votes.append((pk, who, target))
    elif roll < 0.85:
        pk = session.post_comment(topic, f"Je ne suis pas convaincu… ({rng.randrange(10**6)})")
        ledger.comments.append(pk)
    else:
        ledger.mps.append(session.send_private(f"Question {rng.randrange(10**6)}", [MJ], "Je peux voter blanc ?"))


def _run_meneur(args: list[str], cwd: Path, env: dict[str, str], kill_after: float | None, term: bool) -> str:
    """One meneur process; SIGKILLed (or SIGTERMed) after ``kill_after`` seconds if still running."""
    proc = subprocess.Popen(
        [*MENEUR, *args], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        out, _ = proc.communicate(timeout=kill_after if kill_after is not None else 120)
        return out
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM if term else signal.SIGKILL)
        try:
            out, _ = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            raise AssertionError(f"meneur {args[0]} did not stop within 15 s of SIGTERM:\n{out[-3000:]}") from None
        return out


def _forum_truth(forum: SpiritForum, topic: int) -> list[dict]:
    """Every comment of the topic with its exact date (the forum's database) and its text."""
    return forum.shell(
        "from spirit.comment.models import Comment\n"
        "out([{'pk': c.pk, 'user': c.user.username, 'date': c.date.isoformat(), 'text': c.comment}\n"
        "     for c in Comment.objects.filter(topic_id=ARGS['topic']).order_by('date', 'pk')])\n",
        topic=topic,
    )


def test_whole_days_through_faults_and_kills(forum: SpiritForum, tmp_path: Path) -> None:
    seed = int(os.environ.get("MENEUR_FAULT_SEED") or random.SystemRandom().randrange(10**9))
    goal = int(os.environ.get("MENEUR_FAULTS", "200"))
    runs = float(os.environ.get("MENEUR_FAULT_RUNS", "0.2"))  # the share of `meneur run` among the processes
    print(f"fault plan seed: {seed} (MENEUR_FAULT_SEED={seed} replays it); goal: {goal} faults")
    rng = random.Random(seed)
    seeded = forum.seed(MJ, PLAYERS, topic_title=f"Partie {seed} — Jour 1")
    topic = int(seeded["topic_id"])
    env = {**os.environ, "MENEUR_PASSWORD": seeded["password"], "PYTHONUNBUFFERED": "1"}
    # The forum stamps to the minute: a post made at 21:00:40 shows 21:00. Deadlines fall on the last second
    # of a minute, so a post's minute says on which side of the deadline it was made (players never post in
    # the seconds around one); the first is at least a minute away.
    now = datetime.now(UTC)
    start = now.replace(second=59, microsecond=0) + timedelta(minutes=1)
    if start - now < timedelta(seconds=60):
        start += timedelta(minutes=1)
    deadlines = [start, start + DAY]
    ledger, clients = Ledger(), {}
    plan = Plan(seed, rate=0.3)
    with FaultProxy(forum.port, plan, hang_for=2.0, max_delay=0.8) as proxy:
        config = _config(tmp_path / "partie.toml", proxy.base_url, topic, deadlines)
        db = tmp_path / "partie.sqlite"
        processes = kills = 0
        while len(proxy.faults()) < goal or datetime.now(UTC) < deadlines[-1] + timedelta(seconds=5):
            # Players act, but never in the few seconds around a deadline: the forum's minute stamps would
            # make "before" and "after" a matter of luck for the MJ too.
            now = datetime.now(UTC)
            if all(abs((now - d).total_seconds()) > 5 for d in deadlines):
                _play(forum, topic, rng, ledger, clients)
            use_run = rng.random() < runs
            killed = rng.random() < 0.35
            life = rng.uniform(0.2, 3.0) if killed else (rng.uniform(2.0, 6.0) if use_run else None)
            args = (
                ["run", "--config", str(config), "--web-port", "-1"] if use_run else ["poll", "--config", str(config)]
            )
            _run_meneur(args, tmp_path, env, life, term=use_run and not killed)
            processes += 1
            kills += killed
            check = _integrity(db)
            assert check == "ok", f"after process {processes} ({args[0]}, killed={killed}): {check}"
            assert processes < 2000, "the harness did not reach its goal in 2000 processes"
        faults = proxy.faults()
        # The network heals: meneur settles (finishes what was left sending, fires what is due).
        plan.enabled = False
        quiet = 0
        for _ in range(12):  # until two polls in a row send nothing (the second reads what the first sent)
            time.sleep(3.5)  # a draft whose answer was lost is looked for `settle` seconds after it was sent
            out = _run_meneur(["poll", "--config", str(config)], tmp_path, env, None, term=False)
            quiet = quiet + 1 if "sent:" not in out and "drafted" not in out and not _sending(db) else 0
            if quiet == 2:
                break
        assert quiet == 2, f"meneur does not settle on a healed network:\n{out[-3000:]}"
        assert _integrity(db) == "ok"

    print(f"{processes} meneur processes, {kills} SIGKILLed, {len(faults)} faults injected:")
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(s.fault for s in faults).items())))
    assert len(faults) >= goal

    truth = _forum_truth(forum, topic)
    players_posts = [c for c in truth if c["user"].casefold() != MJ.casefold()]
    cfg = load_config(config)
    store = Store(cfg.live.database)
    game = LiveGame(cfg, store, make_adapter(cfg), lambda: datetime.now(UTC))

    # Every post stored once, none marked deleted; every MP stored once.
    stored = Counter(row["post_id"] for row in store.db.query("select post_id from posts where topic = ?", [TOPIC]))
    missing = [(c["pk"], c["user"], c["text"][:80]) for c in truth if str(c["pk"]) not in stored]
    assert not missing, f"posts on the forum never stored: {missing}"
    assert all(n == 1 for n in stored.values())
    assert not store.deleted_posts(TOPIC), f"posts marked deleted though on the forum: {store.deleted_posts(TOPIC)}"
    stored_mps = Counter(str(row["msg_id"]) for row in store.db.query("select msg_id from mps"))
    assert len(stored_mps) >= len(ledger.mps), f"MPs sent {len(ledger.mps)}, stored {len(stored_mps)}"
    assert all(n == 1 for n in stored_mps.values())
    assert len(players_posts) == len(ledger.comments)

    # Each day's standing votes, as a careful MJ reads them on the forum.
    by_pk = {c["pk"]: c for c in truth}
    for n, (deadline, row) in enumerate(zip(deadlines, game.deadlines(), strict=True)):
        assert row.state == "fired", f"Jour {n + 1}: {row.state}"
        since = deadlines[n - 1] if n else None
        expected: dict[str, str] = {}
        for pk, voter, target in ledger.votes:  # in posting order
            shown = datetime.fromisoformat(by_pk[pk]["date"]).replace(second=0, microsecond=0)
            if shown <= deadline and (since is None or shown > since):
                expected[voter] = target
        count = game.live_count(row)
        got = {voter: vote.target for voter, vote in count.standing.items()}
        assert got == expected, f"Jour {n + 1}: counted {got}, the forum says {expected}"

    # Exactly once: each sent draft on the forum once; nothing half-sent; no stray copy.
    outbox = Outbox(store, lambda: datetime.now(UTC), "markdown")
    drafts = outbox.drafts()
    on_forum = Counter(
        m
        for c in truth
        if c["user"].casefold() == MJ.casefold()
        for m in re.findall(r"réf\. (mj-[0-9a-f]+)", c["text"])
    )
    for draft in drafts:
        if draft.recipient is not None:
            continue
        assert draft.state in ("sent", "drafted", "discarded"), f"{draft.key}: left {draft.state} ({draft.error})"
        if draft.state == "sent":
            assert on_forum[draft.reference] == 1, f"{draft.key}: {on_forum[draft.reference]} copies on the forum"
        else:
            assert on_forum[draft.reference] == 0, f"{draft.key} is {draft.state} but on the forum"
    known = {d.reference for d in drafts}
    assert set(on_forum) <= known, f"posts of meneur's with no draft: {set(on_forum) - known}"
    evenings = [d for d in drafts if d.kind == "evening"]
    assert len(evenings) == len(deadlines) and all(d.state == "sent" for d in evenings), [
        (d.key, d.state) for d in evenings
    ]
    print(
        f"  {len(players_posts)} player posts, {len(ledger.votes)} votes, {len(ledger.mps)} MPs, "
        f"{sum(on_forum.values())} meneur posts on the forum, all once"
    )
