"""Reminders before a deadline (``[reminders]``), on a real django-spirit forum: the day's post with the standing
count and who has not voted, drafted by `meneur run`'s scheduler at its time; the night's MPs to the players
who hold a night power and sent nothing; each drafted once per deadline — not again by a second call, nor
after a restart, nor once the MJ discarded it."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import ConfigError, load_config, parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.reminders import draft_reminder, due_reminders
from meneur.daemon.scheduler import GameScheduler
from meneur.daemon.store import Store
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Rappel"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def run_until(game: LiveGame, done: Callable[[list[tuple[str, Any]]], bool], timeout: float = 120) -> list:
    """`meneur run`'s scheduler on ``game`` in a thread, stopped once ``done(reports)`` holds (or after
    ``timeout`` seconds, a generous bound for a loaded machine: the test then fails on what it finds)."""
    reports: list[tuple[str, Any]] = []
    scheduler = GameScheduler(game, on_report=lambda kind, value: reports.append((kind, value)))
    thread = threading.Thread(target=scheduler.run, kwargs={"handle_signals": False}, daemon=True)
    thread.start()
    end = time.monotonic() + timeout
    while time.monotonic() < end and not done(reports):
        time.sleep(0.2)
    scheduler.request_stop("test")
    thread.join(60)
    assert not thread.is_alive()
    return reports


def test_the_day_reminder_is_posted_by_the_scheduler_once(forum: SpiritForum, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    seeded = forum.seed(MJ, ["Anna", "Basile", "Coline"], topic_title="Partie rappels du jour")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    topic = seeded["topic_id"]
    forum.client("Anna").post_comment(topic, "Bon, je me lance.\n\n**Je vote contre Basile**")
    # The day ends in an hour and a few seconds: with day_post_hours = 1 the reminder is due in a few seconds.
    end = datetime.now(UTC) + timedelta(hours=1, seconds=4)
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{end.isoformat(timespec="seconds")}"\n'
        "[poll]\ntopic_every = 1\ninbox_every = 1\ngrace = 0\nmin_request_interval = 0.01\n"
        '[outbox]\nauto = ["reminder"]\n[reminders]\nday_post_hours = 1\n'
        '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n[[players]]\nname = "Coline"\n',
        encoding="utf-8",
    )
    config = load_config(path)

    def start() -> LiveGame:
        return LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))

    game = start()
    [due] = due_reminders(game)
    assert (due.deadline, due.kind) == ("Jour 1", "day") and due.at == datetime.fromisoformat(
        end.isoformat(timespec="seconds")
    ) - timedelta(hours=1)
    reports = run_until(game, lambda reports: any(kind == "reminder" for kind, _value in reports))
    [made] = [value for kind, value in reports if kind == "reminder"]
    assert [d.key for d in made] == ["Jour 1/reminder/day"]
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        assert db.execute("select kind, state from drafts").fetchall() == [("reminder", "sent")]
    posted = [c["text"] for c in forum.client(MJ).comments(topic) if "Rappel" in c["text"]]
    assert len(posted) == 1
    assert "Rappel — Jour 1 : plus que" in posted[0] and "pour voter" in posted[0]
    assert "Basile : 1 vote (Anna)" in posted[0]
    assert "N'ont pas encore voté : Basile, Coline." in posted[0]

    # Restarted before the deadline, once the reminder's time has passed: nothing is drafted or posted again.
    again = start()
    assert [d.id for d in again.deadlines("pending")] == ["Jour 1"] and due_reminders(again) == []
    reports = run_until(again, lambda reports: sum(kind == "cycle" for kind, _value in reports) >= 2)
    assert not any(kind == "reminder" for kind, _value in reports)
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        assert db.execute("select count(*) from drafts").fetchone()[0] == 1
    assert len([c for c in forum.client(MJ).comments(topic) if "Rappel" in c["text"]]) == 1


def test_the_night_reminder_goes_to_those_with_a_power_who_sent_nothing(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roles = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "salvateur", "Emile": "simple_villageois"}
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, MJ, roles, 5, seed=2, title="Partie rappels de nuit")
    game.config = replace(game.config, live=replace(game.config.live, remind_night_hours=0.5))
    start, hour = clock.now, timedelta(hours=1)
    for n, label in enumerate(("Jour 0", "Nuit 1", "Jour 1"), start=1):  # in classique, only Cupidon acts at N1
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
    night = start + 3 * hour  # Nuit 2 runs from start + 3 h to start + 4 h; its reminder is due at + 3 h 30
    topic = forum.client("Basile").send_private("Cette nuit", [MJ], "Je sonde Anna")
    forum.set_comment_date(forum.client(MJ).comments(topic)[0]["pk"], night + timedelta(minutes=5))
    clock.now = night + timedelta(minutes=20)
    game.cycle()
    assert draft_reminder(game, "Nuit 2", "night") == []  # not due yet
    assert [(r.deadline, r.kind) for r in due_reminders(game)] == [("Nuit 2", "night")]

    clock.now = night + timedelta(minutes=40)
    made = draft_reminder(game, "Nuit 2", "night")
    by = {d.recipient: d for d in made}
    # Basile wrote already; Emile holds no night power.
    assert set(by) == {"Anna", "Coline"} and all(d.kind == "reminder" and d.state == "drafted" for d in made)
    coline = by["Coline"].body
    assert "la Nuit 2 se termine dans 20 min" in coline and "`!salvateur.proteger NOM`" in coline
    assert "`!loups.devorer NOM`" in by["Anna"].body

    # Drafted once: a second call, or a daemon started again on the database, drafts nothing — and a
    # reminder the MJ discarded stays discarded.
    game.outbox.discard("Nuit 2/reminder/night/Anna")
    assert draft_reminder(game, "Nuit 2", "night") == [] and due_reminders(game) == []
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    assert draft_reminder(again, "Nuit 2", "night") == []
    assert {d.key: d.state for d in again.outbox.drafts() if d.kind == "reminder"} == {
        "Nuit 2/reminder/night/Anna": "discarded",
        "Nuit 2/reminder/night/Coline": "drafted",
    }
    # Approved, it goes out like any draft: Coline reads it in her inbox.
    again.outbox.approve("Nuit 2/reminder/night/Coline")
    again.outbox.send_ready(again.adapter)
    mine = [t for t in forum.client("Coline").private_topics() if "rappel" in t["title"]]
    assert len(mine) == 1 and "!salvateur.proteger NOM" in forum.client("Coline").comments(mine[0]["id"])[0]["text"]


def test_a_cron_poll_drafts_the_reminder_once(forum: SpiritForum, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Without `meneur run`, the MJ's cron'd `meneur poll` drafts a reminder that is due — once."""
    import os
    import subprocess
    import sys

    seeded = forum.seed(MJ, ["Anna", "Basile"], topic_title="Partie rappels par cron")
    end = datetime.now(UTC) + timedelta(minutes=30)
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{end.isoformat(timespec="seconds")}"\n'
        "[poll]\ngrace = 0\nmin_request_interval = 0.01\n[reminders]\nday_post_hours = 2\n"
        '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n',
        encoding="utf-8",
    )
    env = {**os.environ, "MENEUR_PASSWORD": seeded["password"]}
    meneur = Path(sys.executable).parent / "meneur"
    outs = []
    for _ in range(2):
        done = subprocess.run([str(meneur), "poll", "--config", str(path)], env=env, capture_output=True, text=True,
                              timeout=300)  # fmt: skip
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert "rappel : rédigé Jour 1/reminder/day" in outs[0] and "rappel" not in outs[1]
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        assert db.execute("select key, kind, state from drafts").fetchall() == [
            ("Jour 1/reminder/day", "reminder", "drafted")
        ]


@pytest.mark.parametrize("value", ["-1", "200", '"trois"'])
def test_reminder_hours_are_checked(value: str) -> None:
    with pytest.raises(ConfigError, match=r"reminders\.day_post_hours"):
        parse_config(f'[forum]\nengine = "spirit"\n[reminders]\nday_post_hours = {value}\n')
