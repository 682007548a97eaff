"""Issue 13 against a real django-spirit forum on 127.0.0.1: `meneur check` tells unread MPs from read ones,
and the forum session is kept in the game's database so that commands run one after another (a cron'd
`meneur poll`) do not log in each time — spirit allows five logins per five minutes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.store import Store, kv_get
from meneur.tests.spiritforum import SpiritForum


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def _config(tmp_path: Path, forum: SpiritForum, topic: int, mj: str, players: list[str]) -> Path:
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat(timespec="seconds")
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{mj}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline}"\n[poll]\nmin_request_interval = 0.01\n'
        + "".join(f'[[players]]\nname = "{n}"\n' for n in players),
        encoding="utf-8",
    )
    return path


def _requests(out: str) -> int:
    found = re.search(r"^requests: (\d+)$", out, re.M)
    assert found, out
    return int(found.group(1))


def test_check_counts_unopened_mps_as_unread(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["Agathe", "Bruno", "Cyril"]
    seeded = forum.seed("MJ_Unread", players, topic_title="Partie MP — Jour 1")
    forum.client("Agathe").send_private("Ma cible", ["MJ_Unread"], "Je protège Bruno")
    forum.client("Bruno").send_private("Question", ["MJ_Unread"], "Je flaire Cyril")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    config = _config(tmp_path, forum, seeded["topic_id"], "MJ_Unread", players)
    assert main(["check", "--config", str(config)]) == 0
    assert "inbox: 2 entries, 2 unread" in capsys.readouterr().out
    assert main(["poll", "--config", str(config)]) == 0  # reads both MPs
    assert "inbox: 2 new MP(s)" in capsys.readouterr().out
    assert main(["check", "--config", str(config)]) == 0
    assert "inbox: 2 entries, 0 unread" in capsys.readouterr().out
    forum.client("Agathe").send_private("Encore", ["MJ_Unread"], "Je change d'avis")
    assert main(["check", "--config", str(config)]) == 0
    assert "inbox: 3 entries, 1 unread" in capsys.readouterr().out


def _poll(config: Path, password: str) -> str:
    """`meneur poll` in its own process, as cron runs it (a process holds its database's daemon lock)."""
    env = {**os.environ, "MENEUR_PASSWORD": password}
    done = subprocess.run(
        [sys.executable, "-m", "meneur.daemon.cli", "poll", "--config", str(config)],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_commands_reuse_the_forum_session_until_the_forum_drops_it(forum: SpiritForum, tmp_path: Path) -> None:
    players = ["Hector", "Irène", "Jules"]
    seeded = forum.seed("MJ_Session", players, topic_title="Partie session — Jour 1")
    config = _config(tmp_path, forum, seeded["topic_id"], "MJ_Session", players)
    first = _requests(_poll(config, seeded["password"]))
    session = kv_get(Store(tmp_path / "partie.sqlite"), "forum-session")
    assert session and "sessionid" in session

    # Idle: the topic's last page and the inbox, no login (before: 4 requests, two of them the login).
    assert _requests(_poll(config, seeded["password"])) == 2 < first
    # The saved session is what logs in: a wrong password is never sent while it holds.
    assert _requests(_poll(config, "wrong-but-never-sent")) == 2

    # The forum forgets every session (a restart, an expiry): the next command logs in again and keeps the new one.
    forum.shell("from django.contrib.sessions.models import Session\nSession.objects.all().delete()\nout(0)")
    forum.client("Irène").send_private("Vote", ["MJ_Session"], "Je vote contre Jules")
    out = _poll(config, seeded["password"])
    assert "inbox: 1 new MP(s)" in out and _requests(out) > 2, out
    renewed = kv_get(Store(tmp_path / "partie.sqlite"), "forum-session")
    assert renewed and renewed != session
    assert _requests(_poll(config, seeded["password"])) == 2


def test_check_finds_a_forum_time_zone_an_hour_off(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["Karim", "Léa", "Marc"]
    seeded = forum.seed("MJ_Zone", players, topic_title="Partie horaire — Jour 1")  # the MJ's profile: Paris
    forum.client("Karim").post_comment(seeded["topic_id"], "Bonjour à tous")  # stamped now, in Paris time
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    config = _config(tmp_path, forum, seeded["topic_id"], "MJ_Zone", players)
    assert main(["check", "--config", str(config)]) == 0  # Europe/Paris: the forum's own zone
    assert "autre fuseau" not in capsys.readouterr().out
    config.write_text(
        config.read_text(encoding="utf-8").replace('engine = "spirit"', 'engine = "spirit"\ntimezone = "UTC"')
    )
    assert main(["check", "--config", str(config)]) == 2
    out = capsys.readouterr().out
    assert "erreur : [forum] timezone = UTC" in out and "autre fuseau" in out, out


def test_mps_lists_what_was_read_and_understood(forum: SpiritForum, tmp_path: Path) -> None:
    roles = {"Nadia": "salvateur", "Oscar": "voyante", "Paul": "seigneur_loup", "Quentin": "loup_assommeur"}
    seeded = forum.seed("MJ_Mps", list(roles), topic_title="Partie MP lus — Jour 0")
    now = datetime.now(UTC)
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Mps"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 1\n'
        f'[[deadlines]]\nlabel = "Jour 0"\nat = "{(now - timedelta(minutes=5)).isoformat(timespec="seconds")}"\n'
        f'[[deadlines]]\nlabel = "Nuit 1"\nkind = "night"\nat = "{(now + timedelta(days=1)).isoformat()}"\n'
        "[poll]\nmin_request_interval = 0.01\ngrace = 0\n"
        + "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in roles.items()),
        encoding="utf-8",
    )
    _poll(config, seeded["password"])  # Jour 0 ends: the night begins
    forum.client("Nadia").send_private("Nuit 1", ["MJ_Mps"], "Cette nuit je protège Oscar")
    forum.client("Oscar").send_private("Ma vision", ["MJ_Mps"], "Je regarde Zorglub")
    assert "inbox: 2 new MP(s)" in _poll(config, seeded["password"])
    done = subprocess.run(
        [sys.executable, "-m", "meneur.daemon.cli", "mps", "--config", str(config)],
        capture_output=True, text=True, timeout=120, check=False, env={**os.environ, "MENEUR_LANG": "fr"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Nuit 1 (N1) : 2 MP reçu(s)" in out, out
    assert "Nadia — Nuit 1" in out and "compris : salvateur.proteger → Oscar" in out, out
    assert "Oscar — Ma vision" in out and "pas compris : 'Zorglub'" in out, out
    assert "n'ont pas encore agi" not in out  # the first night, only Cupidon has a power (none here)


def test_a_poll_that_closes_several_days_counts_each_against_its_own_deadline(
    forum: SpiritForum, tmp_path: Path
) -> None:
    players = ["Romane", "Simon", "Tristan"]
    seeded = forum.seed("MJ_Days", players, topic_title="Partie deux jours")
    now = datetime.now(UTC)
    first = forum.client("Romane").post_comment(seeded["topic_id"], "**Je vote contre Simon**")
    second = forum.client("Simon").post_comment(seeded["topic_id"], "**Je vote contre Tristan**")
    forum.set_comment_dates({first: now - timedelta(hours=2, minutes=30), second: now - timedelta(hours=1, minutes=30)})
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Days"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{(now - timedelta(hours=2)).isoformat(timespec="seconds")}"\n'
        f'[[deadlines]]\nlabel = "Jour 2"\nat = "{(now - timedelta(hours=1)).isoformat(timespec="seconds")}"\n'
        "[poll]\nmin_request_interval = 0.01\ngrace = 0\n" + "".join(f'[[players]]\nname = "{n}"\n' for n in players),
        encoding="utf-8",
    )
    out = _poll(config, seeded["password"])  # a daemon back after both days ended
    assert "Jour 1: tally: Simon 1" in out and "Jour 2: tally: Tristan 1" in out, out
    assert "après l'heure limite" not in out and "ne joue pas" not in out, out  # the tests run in French

    # The same days read back from the game's database, each against its own configured deadline.
    def count(day: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "meneur.daemon.cli", "count", "--config", str(config),
             "--db", str(tmp_path / "partie.sqlite"), "--day", day],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip

    one, two = count("Jour 1"), count("Jour 2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert "Jour 1" in one.stdout and "**Simon** : 1 vote (Romane)" in one.stdout, one.stdout
    assert "Tristan" not in one.stdout.split("N'ont pas encore voté")[0], one.stdout
    assert "**Tristan** : 1 vote (Simon)" in two.stdout and "Romane" not in two.stdout.split("N'ont")[0], two.stdout
    assert "après l'heure limite" not in one.stderr + two.stderr


def test_run_prints_each_count_warning_once(forum: SpiritForum, tmp_path: Path) -> None:
    players = ["Ugo", "Vera", "Willy"]
    seeded = forum.seed("MJ_Once", players, topic_title="Partie avertissements")
    forum.client("Ugo").post_comment(seeded["topic_id"], "Je vote contre Vera")  # not bold: one warning
    config = tmp_path / "partie.toml"
    deadline = (datetime.now(UTC) + timedelta(seconds=20)).isoformat()
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Once"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline}"\n'
        "[poll]\nmin_request_interval = 0.01\ntopic_every = 1\nnear_every = 1\ngrace = 1\n"
        + "".join(f'[[players]]\nname = "{n}"\n' for n in players),
        encoding="utf-8",
    )
    run = subprocess.Popen(
        [sys.executable, "-m", "meneur.daemon.cli", "run", "--config", str(config), "--web-port", "-1",
         "--stop-when-done"],
        env={**os.environ, "MENEUR_PASSWORD": seeded["password"]}, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert run.stdout is not None
    lines = []
    try:
        for line in run.stdout:  # the first cycle's report, then two more posts, each seen by a later cycle
            lines.append(line)
            if line.startswith("requests:") and sum(x.startswith("requests:") for x in lines) == 1:
                forum.client("Vera").post_comment(seeded["topic_id"], "**Je vote contre Willy**")
            if line.startswith("requests:") and sum(x.startswith("requests:") for x in lines) == 2:
                forum.client("Willy").post_comment(seeded["topic_id"], "**Je vote contre Vera**")
        assert run.wait(timeout=120) == 0
    finally:
        run.kill()
    out = "".join(lines)
    assert out.count("tally:") >= 3, out  # three reports…
    assert out.count("Ugo a écrit « Je vote contre Vera » sans gras") == 1, out  # …one warning line
