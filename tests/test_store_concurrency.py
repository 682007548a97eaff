"""One database, several users: `meneur run` (the daemon and its page, two connections in one process)
with CLI commands beside it. Nothing either side writes may be lost, and one daemon at a time."""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.store import Store, StoreError, kv_get, kv_set
from meneur.tests.rundaemon import MENEUR, Daemon
from meneur.tests.spiritforum import SpiritForum

OPEN_AND_CLOSE = (
    "import sys\nfrom meneur.daemon.store import Store, kv_get\nprint(kv_get(Store(sys.argv[1]), sys.argv[2]))"
)


def other_process_reads(path: Path, key: str) -> str:
    """Another process opens the database, reads one value and exits (as `meneur outbox list` does)."""
    run = subprocess.run([sys.executable, "-c", OPEN_AND_CLOSE, str(path), key], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_two_connections_in_one_process_and_a_command_beside_them_share_one_database(tmp_path: Path) -> None:
    path = tmp_path / "partie.sqlite"
    daemon = Store(path)
    page = Store(path)  # the MJ's page opens its own connection in the same process
    kv_set(daemon, "before", "1")
    assert other_process_reads(path, "before") == "1"  # a CLI command opens the database and closes it
    kv_set(daemon, "after", "2")  # the daemon goes on writing
    assert other_process_reads(path, "after") == "2"  # …into the one database everybody reads
    assert (tmp_path / "partie.sqlite-wal").exists()  # the daemon's log was not deleted under it
    del daemon, page
    assert kv_get(Store(path), "after") == "2"


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("mes notes de partie\n" * 50, encoding="utf-8")
    path.chmod(0o644)
    with pytest.raises(StoreError, match="not a SQLite database"):
        Store(path)
    assert path.read_text(encoding="utf-8") == "mes notes de partie\n" * 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    with pytest.raises(StoreError, match="not a file"):
        Store(tmp_path)


def test_folders_made_for_the_database_are_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        Store(tmp_path / "parties" / "48" / "partie.sqlite").hold_daemon_lock()
    finally:
        os.umask(old)
    for folder in (tmp_path / "parties", tmp_path / "parties" / "48"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    for name in ("partie.sqlite", "partie.sqlite-wal", "partie.sqlite-shm", "partie.sqlite.run.lock"):
        assert stat.S_IMODE((tmp_path / "parties" / "48" / name).stat().st_mode) == 0o600, name
    mode = stat.S_IMODE(tmp_path.stat().st_mode)
    Store(tmp_path / "autre.sqlite")
    assert stat.S_IMODE(tmp_path.stat().st_mode) == mode  # an existing folder is left as it was


# -- the daemon beside CLI commands, on the real forum ------------------------------------------------------


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def game_config(forum: SpiritForum, tmp_path: Path) -> tuple[Path, dict[str, str], int]:
    players = ["Anna", "Basile", "Chloé", "Denis"]
    seeded = forum.seed("MJ_Store", players, topic_title=f"Partie {tmp_path.name[-10:]}")
    deadline = datetime.now(UTC) + timedelta(hours=2)
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Store"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "data/partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline.isoformat(timespec="seconds")}"\n'
        "[poll]\ntopic_every = 1\ninbox_every = 1\ngrace = 0\nmin_request_interval = 0.01\n"
        '[outbox]\nauto = ["vote_count"]\ncount_every_votes = 2\n'
        + "".join(f'[[players]]\nname = "{p}"\n' for p in players),
        encoding="utf-8",
    )
    return path, {**os.environ, "MENEUR_PASSWORD": seeded["password"]}, int(seeded["topic_id"])


def meneur(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MENEUR), *args], env=env, capture_output=True, text=True, timeout=timeout)


def count_posts(forum: SpiritForum, topic: int, log_from: int) -> int:
    """Replies POSTed to the topic since ``log_from`` (the forum's own request log: what reached it,
    whether or not spirit then kept it)."""
    return len(re.findall(rf'"POST /comment/{topic}/publish/ HTTP/1\.1" 302', forum.log()[log_from:]))


def test_commands_beside_the_daemon_lose_nothing_and_a_restart_posts_nothing_twice(
    forum: SpiritForum, tmp_path: Path
) -> None:
    config, env, topic = game_config(forum, tmp_path)
    db = tmp_path / "data" / "partie.sqlite"
    daemon = Daemon(config, env, verbose=True)
    try:
        daemon.wait_for("la page du MJ : ")
        anna = forum.client("Anna").post_comment(topic, "**Je vote contre Basile**")
        forum.client("Basile").post_comment(topic, "**Je vote contre Anna**")
        daemon.wait_for("envoyé : Jour 1/vote_count/1")
        # The MJ looks at the outbox, the alerts and a recount, and corrects a post, while the daemon runs.
        assert "Jour 1/vote_count/1" in meneur(env, "outbox", "list", "--config", str(config)).stdout
        assert meneur(env, "alerts", "--config", str(config)).stdout.strip() == "aucune alerte ouverte"
        recount = meneur(env, "count", "--db", str(db), "--forum", "spirit", "--players", "Anna,Basile,Chloé,Denis")
        assert recount.returncode == 0 and "Basile" in recount.stdout, recount.stderr
        assert meneur(env, "correct", str(anna), "Basile", "--config", str(config)).returncode == 0
        log_from = len(forum.log())
        forum.client("Chloé").post_comment(topic, "**Je vote contre Basile**")
        forum.client("Denis").post_comment(topic, "Bon, **je vote contre Basile**")
        daemon.wait_for("envoyé : Jour 1/vote_count/2")
        assert "Jour 1/vote_count/2" in meneur(env, "outbox", "list", "--config", str(config)).stdout
    finally:
        daemon.stop()
    assert daemon.proc.returncode == 0, "\n".join(daemon.lines)
    assert count_posts(forum, topic, log_from) == 3  # Chloé's vote, Denis's, and one live count

    # After the stop, everything the daemon recorded is in the database.
    with sqlite3.connect(db) as conn:
        sent = conn.execute("select key, state, forum_id from drafts order by key").fetchall()
        voters = {row[0] for row in conn.execute("select author from posts")}
    assert [(key, state) for key, state, _ in sent] == [
        ("Jour 1/vote_count/1", "sent"),
        ("Jour 1/vote_count/2", "sent"),
    ]
    assert all(forum_id for _, _, forum_id in sent)
    assert {"Anna", "Basile", "Chloé", "Denis"} <= voters
    with sqlite3.connect(db) as conn:  # the command's write is there too
        assert conn.execute("select target from corrections where post_id = ?", [str(anna)]).fetchall() == [("Basile",)]

    # A restart reads the topic again and posts no count twice.
    log_from = len(forum.log())
    polled = meneur(env, "poll", "--config", str(config))
    assert polled.returncode == 0, polled.stderr
    assert count_posts(forum, topic, log_from) == 0, polled.stdout
    assert forum.client("Anna").read_topic_text(topic).count("Décompte des votes") == 2


def test_a_second_daemon_on_the_same_database_refuses_to_start(forum: SpiritForum, tmp_path: Path) -> None:
    config, env, _topic = game_config(forum, tmp_path)
    daemon = Daemon(config, env, verbose=True)
    try:
        daemon.wait_for("la page du MJ : ")
        second = meneur(env, "run", "--config", str(config), "--web-port", "-1", timeout=60)
        assert second.returncode == 2
        assert "already running" in second.stderr and str(daemon.proc.pid) in second.stderr
        poll = meneur(env, "poll", "--config", str(config))  # a cycle by hand would be a second writer too
        assert poll.returncode == 2 and "already running" in poll.stderr
        assert meneur(env, "outbox", "list", "--config", str(config)).returncode == 0  # looking is fine
    finally:
        daemon.stop()
    assert daemon.proc.returncode == 0
    again = meneur(env, "poll", "--config", str(config))  # the lock went with the daemon
    assert again.returncode == 0, again.stderr

    crashed = Daemon(config, env, verbose=True)  # a daemon killed outright leaves no stale lock behind either
    crashed.wait_for("la page du MJ : ")
    crashed.proc.kill()
    crashed.proc.wait()
    after_crash = meneur(env, "poll", "--config", str(config))
    assert after_crash.returncode == 0, after_crash.stderr
