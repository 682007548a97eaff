"""The activity rule (``[activity] silent_days``), on a real django-spirit forum: a living player without a post in
the game topic during that many day phases in a row opens an alert for the MJ and gets the MJ's warning MP
drafted — once per streak (not again when the streak goes on, nor after a restart); a player who posted, or a
dead one, is not warned."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.absences import Absence, record_absence
from meneur.daemon.activity_rule import check_activity
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import ConfigError, parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.poller import open_alerts
from meneur.daemon.store import Store
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Assidu"
ROLES = {
    "Anna": "loup_garou",
    "Basile": "voyante",
    "Coline": "salvateur",
    "Denis": "simple_villageois",
    "Emile": "simple_villageois",
}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def activity_alerts(game: LiveGame) -> list[str]:
    return [str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("activity:")]


def test_two_silent_days_warn_the_player_once(forum: SpiritForum, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setenv("MENEUR_LANG", "fr")
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 7, seed=3, title="Partie assiduité")
    game.config = replace(game.config, live=replace(game.config.live, activity_silent_days=2))
    start, hour = clock.now.replace(second=0, microsecond=0), timedelta(hours=1)

    def post(who: str, text: str, at: timedelta) -> None:
        forum.set_comment_date(forum.client(who).post_comment(topic, text), start + at)

    def fire(label: str, n: int) -> None:  # the n-th deadline is at start + n hours
        clock.now = start + n * hour + timedelta(seconds=61)
        game.fire_deadline(label)

    # Jour 0: Denis and Emile say nothing — one silent day is not yet a streak of two.
    for who in ("Anna", "Basile", "Coline"):
        post(who, f"{who} arrive au village.", timedelta(minutes=10))
    fire("Jour 0", 1)
    assert activity_alerts(game) == [] and not [d for d in game.outbox.drafts() if d.kind == "activity"]
    fire("Nuit 1", 2)
    # Jour 1: Emile speaks up; Denis is silent for a second day in a row.
    for who in ("Anna", "Basile", "Emile"):
        post(who, f"Bonjour, ici {who}.", 2 * hour + timedelta(minutes=15))
    fire("Jour 1", 3)
    [warning] = [d for d in game.outbox.drafts() if d.kind == "activity"]
    assert (warning.recipient, warning.state) == ("Denis", "drafted")
    assert "pendant 2 jours de suite (Jour 0, Jour 1)" in warning.body
    assert "MJ\\_Assidu, MJ" in warning.body  # spirit is a Markdown forum: the name is escaped
    assert activity_alerts(game) == [
        "Denis n'a rien posté dans le sujet de la partie depuis 2 jours (Jour 0, Jour 1) : "
        "un MP d'avertissement lui a été rédigé"
    ]

    # Checked again, or by a daemon started again on the database: nothing new.
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    [day1] = [d for d in again.deadlines() if d.id == "Jour 1"]
    assert check_activity(game, day1) == [] and check_activity(again, day1) == []

    fire("Nuit 2", 4)
    # Jour 2: the village votes Emile out; Denis is silent a third day, Emile a first.
    for who in ("Anna", "Basile", "Coline"):
        post(who, "**Je vote contre Emile**", 4 * hour + timedelta(minutes=20))
    fire("Jour 2", 5)
    assert game.engine is not None
    assert not next(p for p in game.engine.latest_state().players if p.name == "Emile").alive
    fire("Nuit 3", 6)
    post("Anna", "Encore une journée.", 6 * hour + timedelta(minutes=5))
    fire("Jour 3", 7)
    # Denis's streak goes on (4 days): it was warned once. Emile, silent two days, is dead: not warned.
    assert [(d.recipient, d.key) for d in game.outbox.drafts() if d.kind == "activity"] == [
        ("Denis", "activity/Denis/Jour 0")
    ]
    assert len(activity_alerts(game)) == 1
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        assert db.execute("select value from kv where key like 'activity/%'").fetchall() == [
            ((start + 3 * hour + timedelta(seconds=61)).isoformat(),)
        ]

    # Approved, the warning reaches Denis's inbox.
    game.outbox.approve(warning.key)
    game.outbox.send_ready(game.adapter)
    mine = [t for t in forum.client("Denis").private_topics() if "on ne te voit plus" in t["title"]]
    assert len(mine) == 1
    assert "absent jusqu'à jeudi" in forum.client("Denis").comments(mine[0]["id"])[0]["text"]


def test_a_post_ends_the_streak_and_a_new_streak_warns_again(forum: SpiritForum, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Coline, silent on Jour 0, speaks on Jour 1 and is silent again on Jour 2: two streaks, two warnings. Denis,
    silent throughout, said by MP he would be away those days: a day his absence covers is not a silent one."""
    monkeypatch.setenv("MENEUR_LANG", "fr")
    roles = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "simple_villageois", "Denis": "simple_villageois"}
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, MJ, roles, 7, seed=5, title="Partie deux séries")
    game.config = replace(game.config, live=replace(game.config.live, activity_silent_days=1))
    start, hour = clock.now.replace(second=0, microsecond=0), timedelta(hours=1)
    tz = ZoneInfo(game.config.timezone)
    away = Absence(start.astimezone(tz).date() - timedelta(days=1), (start + 6 * hour).astimezone(tz).date())
    with game.store.transaction():
        record_absence(game.store, "Denis", "mp", "mp-denis", start, "absent toute la semaine", away, start)
    labels = ["Jour 0", "Nuit 1", "Jour 1", "Nuit 2", "Jour 2"]
    coline_posts = {"Jour 1"}  # silent on Jour 0, speaks on Jour 1, silent again on Jour 2
    for n, label in enumerate(labels, start=1):
        for who in ("Anna", "Basile", "Coline"):
            if label.startswith("Jour") and (who != "Coline" or label in coline_posts):
                post = forum.client(who).post_comment(topic, f"{who} est là ({label}).")
                forum.set_comment_date(post, start + (n - 1) * hour + timedelta(minutes=10))
        clock.now = start + n * hour + timedelta(seconds=61)
        game.fire_deadline(label)
    assert [(d.recipient, d.key) for d in game.outbox.drafts() if d.kind == "activity"] == [
        ("Coline", "activity/Coline/Jour 0"),
        ("Coline", "activity/Coline/Jour 2"),
    ]
    assert activity_alerts(game) == [
        f"Coline n'a rien posté dans le sujet de la partie depuis 1 jour ({day}) : un MP d'avertissement lui a été "
        "rédigé"
        for day in ("Jour 0", "Jour 2")
    ]


def test_silent_days_is_read_and_checked() -> None:
    base = '[forum]\nengine = "spirit"\n'
    assert parse_config(base).live.activity_silent_days == 0  # off unless asked for
    assert parse_config(base + "[activity]\nsilent_days = 2\n").live.activity_silent_days == 2
    for value in ("-1", "2.5", '"deux"', "true", "101"):
        with pytest.raises(ConfigError, match=r"activity\.silent_days"):
            parse_config(base + f"[activity]\nsilent_days = {value}\n")
