"""Absences declared by MP, on a real django-spirit forum: « je serai absent du … au … », « pas là demain » end as
their own MP outcome (``absence``: no order, not « not understood », no reply), stored once with the days they
cover, read relative to the day the MP was sent; an absence whose days are not said alerts the MJ to confirm
it; an order in the same inbox is read as before; the MJ's page lists them with their days."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.absences import absent_on
from meneur.daemon.adapters import make_adapter
from meneur.daemon.game import LiveGame
from meneur.daemon.labels import alert_kind
from meneur.daemon.poller import open_alerts
from meneur.daemon.store import Store
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_chores_activity import page_text

MJ = "MJ_Absences"
ROLES = {"Anna": "loup_garou", "Basile": "cupidon", "Coline": "voyante", "Denis": "simple_villageois"}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_absences_by_mp(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MENEUR_LANG", "fr")
    game, clock, _topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 3, seed=4, title="Partie absences")
    start, hour = clock.now.replace(second=0, microsecond=0), timedelta(hours=1)
    clock.now = start + hour + timedelta(seconds=61)
    game.fire_deadline("Jour 0")
    sent = start + hour + timedelta(minutes=10)  # in Nuit 1
    today = sent.astimezone(ZoneInfo(game.config.timezone)).date()
    first, last = today + timedelta(days=3), today + timedelta(days=5)

    def mp(who: str, title: str, text: str) -> None:
        topic = forum.client(who).send_private(title, [MJ], text)
        forum.set_comment_date(forum.client(MJ).comments(topic)[0]["pk"], sent)

    mp("Denis", "Absence", f"Bonsoir, je serai absent du {first.day} au {last.day}, désolé !")
    mp("Coline", "Demain", "Pas là demain, je vote en rentrant si je peux.")
    mp("Anna", "Dispo", "Je vais être absente quelques jours.")
    mp("Basile", "Cupidon", "Je rends amoureux Coline et Denis")
    clock.now = start + hour + timedelta(minutes=20)
    game.cycle()

    assert game.engine is not None
    outcomes = {o["player"]: o for o in game.engine.mp_outcomes("N1").values()}
    assert {p: o["outcome"] for p, o in outcomes.items()} == {
        "Denis": "absence",
        "Coline": "absence",
        "Anna": "absence",
        "Basile": "understood",
    }
    assert [o["reply_key"] for p, o in outcomes.items() if p != "Basile"] == [None, None, None]  # nothing to reply
    assert (outcomes["Denis"]["detail"]["first"], outcomes["Denis"]["detail"]["last"]) == (
        first.isoformat(),
        last.isoformat(),
    )
    assert absent_on(game.store, today) == set()
    assert absent_on(game.store, today + timedelta(days=1)) == {"Coline"}
    assert [absent_on(game.store, today + timedelta(days=n)) for n in (2, 3, 4, 5, 6)] == [
        set(), {"Denis"}, {"Denis"}, {"Denis"}, set()
    ]  # fmt: skip
    # The vague one (Anna's) is for the MJ to confirm; the dated ones need nothing of him.
    told = [str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("mp:")]
    assert told == [
        "MP de Anna (N1, " + told[0].split("(N1, ")[1].split(")")[0] + ") : « Je vais être absente quelques jours. » — "
        "une absence dont les jours n'ont pas été lus : à confirmer avec le joueur."
    ]

    # Read again, or by a daemon started again on the database: stored once.
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    again.cycle()
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        rows = db.execute("select player, source, first, last from absences order by player").fetchall()
    assert rows == [
        ("Anna", "mp", None, None),
        ("Coline", "mp", (today + timedelta(days=1)).isoformat(), (today + timedelta(days=1)).isoformat()),
        ("Denis", "mp", first.isoformat(), last.isoformat()),
    ]

    # The MJ's page lists them with the days they cover.
    html = page_text(again)
    section = html[html.index('<section id="absences">') : html.index("</section>", html.index('id="absences"'))]
    row = {name: section[section.index(f"<b>{name}</b>") :].split("</tr>")[0] for name in ("Anna", "Coline", "Denis")}
    assert f"du {first:%d/%m/%Y} au {last:%d/%m/%Y} (3 jours)" in row["Denis"] and "par MP" in row["Denis"]
    assert f"le {today + timedelta(days=1):%d/%m/%Y}" in row["Coline"]
    assert '<span class="warning">jours non précisés : à confirmer</span>' in row["Anna"]
    assert "une absence : notée dans « Absences »" in html  # the MP itself, in the night's list


def test_absences_in_the_absence_topic(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``[game] absence_topic``: the topic is polled with the game's; a player's post there that declares an absence
    is stored once with its days (a quoted one is not the quoting player's), a vague one alerts the MJ."""
    monkeypatch.setenv("MENEUR_LANG", "fr")
    game, clock, _topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 3, seed=4, title="Partie sujet absences")
    absences_topic = forum.seed(MJ, list(ROLES), topic_title="Vos absences", opening="Postez ici vos absences.")
    game.config = replace(game.config, live=replace(game.config.live, absence_topic=str(absences_topic["topic_id"])))
    start = clock.now.replace(second=0, microsecond=0)
    said = start + timedelta(minutes=5)
    today = said.astimezone(ZoneInfo(game.config.timezone)).date()
    first, last = today + timedelta(days=2), today + timedelta(days=4)

    def post(who: str, text: str) -> None:
        forum.set_comment_date(forum.client(who).post_comment(absences_topic["topic_id"], text), said)

    post("Denis", f"Absent du {first.day} au {last.day} (mariage).")
    post("Anna", f"> Absent du {first.day} au {last.day} (mariage).\n\nProfite bien !")  # a quote: not Anna's
    post("Coline", "Je serai absente, je ne sais pas encore quand.")
    post("Basile", "Bon courage à tous.")
    clock.now = start + timedelta(minutes=10)
    game.cycle()

    assert absent_on(game.store, first) == absent_on(game.store, last) == {"Denis"}
    assert absent_on(game.store, last + timedelta(days=1)) == set()
    vague = [str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("absence:")]
    assert [alert_kind(str(a["kind"])) for a in open_alerts(game.store) if str(a["kind"]).startswith("absence:")] == [
        f"absence à confirmer : {next(p.post_id for p in game.store.posts('absences') if p.author == 'Coline')}"
    ]
    assert vague == [
        "Coline a déclaré une absence dans le sujet des absences sans en donner les jours : « Je serai absente, je "
        "ne sais pas encore quand. » — à confirmer avec le joueur."
    ]
    # Polled again, or by a daemon started again on the database: stored once; a new post is read.
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    again.cycle()
    post("Basile", "Pas là ce week-end.")
    again.cycle()
    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        rows = db.execute("select player, source, first, last from absences order by id").fetchall()
    assert [row[:2] for row in rows] == [("Denis", "topic"), ("Coline", "topic"), ("Basile", "topic")]
    assert rows[0][2:] == (first.isoformat(), last.isoformat()) and rows[1][2:] == (None, None)
    html = page_text(again)
    section = html[html.index('<section id="absences">') : html.index("</section>", html.index('id="absences"'))]
    assert "dans le sujet des absences" in section and f"du {first:%d/%m/%Y} au {last:%d/%m/%Y} (3 jours)" in section
    # The absence topic's posts are stored under its own name: the game topic (its count) holds none of them.
    assert len(again.store.posts("absences")) == 6  # the MJ's opening and the five posts
    assert [p.author for p in again.store.posts("game")] == [MJ]


def test_the_absence_topic_is_read_and_checked() -> None:
    from meneur.daemon.config import ConfigError, parse_config

    base = '[forum]\nengine = "spirit"\n[game]\ntopic = "3"\n'
    assert parse_config(base).live.absence_topic is None
    assert parse_config(base + 'absence_topic = "12"\n').live.absence_topic == "12"
    assert parse_config(base + "absence_topic = 12\n").live.absence_topic == "12"
    for value in ('""', "0", "[1]"):
        with pytest.raises(ConfigError, match=r"game\.absence_topic"):
            parse_config(base + f"absence_topic = {value}\n")
