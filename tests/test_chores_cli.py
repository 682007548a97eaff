"""The MJ's chores as an MJ meets them, through the command line only (`meneur poll`, as cron runs it, on a
real django-spirit forum): a call for help answered with the player's powers, an absence by MP stored with
its days, a player silent all day warned at the day's end — each once, whatever the number of polls."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.tests.spiritforum import SpiritForum

MENEUR = Path(sys.executable).parent / "meneur"
MJ = "MJ_Corvees"
ROLES = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "salvateur", "Denis": "simple_villageois",
         "Emile": "simple_villageois"}  # fmt: skip


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_help_absence_and_silence_through_meneur_poll(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = forum.seed(MJ, list(ROLES), topic_title="Partie des corvées — Jour 0")
    topic = seeded["topic_id"]
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    monkeypatch.chdir(tmp_path)
    now = datetime.now(UTC)
    day_end = now - timedelta(minutes=30)  # Jour 0 is over; Nuit 1 runs until tomorrow
    for voter, target in (("Anna", "Basile"), ("Basile", "Anna"), ("Coline", "Anna")):
        post = forum.client(voter).post_comment(topic, f"**Je vote contre {target}**")
        forum.set_comment_date(post, day_end - timedelta(hours=1))
    # Denis and Emile never post on Jour 0. Then, by night, three MPs to the MJ.
    sent = {
        "Coline": ("Euh", "Bonsoir MJ, comment je fais pour utiliser mon pouvoir ? aide stp"),
        "Denis": ("Absence", "Coucou, je serai absent du 3 au 5 décembre, désolé !"),
        "Basile": ("Nuit 1", "Je sonde Anna"),  # refused: « la première nuit, seul Cupidon agit »
    }
    for player, (title, text) in sent.items():
        private = forum.client(player).send_private(title, [MJ], text)
        forum.set_comment_date(forum.client(MJ).comments(private)[0]["pk"], now - timedelta(minutes=10))
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items())
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 3\n'
        f'[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n[activity]\nsilent_days = 1\n'
        f'[[deadlines]]\nlabel = "Jour 0"\nkind = "day"\nat = "{day_end.isoformat(timespec="seconds")}"\n'
        f'[[deadlines]]\nlabel = "Nuit 1"\nkind = "night"\n'
        f'at = "{(now + timedelta(days=1)).isoformat(timespec="seconds")}"\n{players}',
        encoding="utf-8",
    )
    for _ in range(3):  # cron: three polls, each a fresh process
        run = subprocess.run([str(MENEUR), "poll", "--config", str(config)], capture_output=True, text=True,
                             timeout=120, env={**os.environ, "MENEUR_PASSWORD": seeded["password"]})  # fmt: skip
        assert run.returncode == 0, run.stderr[-2000:]

    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        db.row_factory = sqlite3.Row
        outcomes = {r["player"]: r["outcome"] for r in db.execute("select player, outcome from mp_outcomes")}
        drafts = [dict(r) for r in db.execute("select kind, recipient, body from drafts")]
        absences = [dict(r) for r in db.execute("select * from absences")]
        alerts = [r["kind"] for r in db.execute("select kind from alerts where resolved = 0")]
        details = {r["player"]: r["detail"] for r in db.execute("select player, detail from mp_outcomes")}
    assert outcomes == {"Coline": "help", "Denis": "absence", "Basile": "refused"}, details
    helps = [d for d in drafts if d["kind"] == "help"]
    assert [d["recipient"] for d in helps] == ["Coline"]
    assert "Salvateur" in helps[0]["body"] and "!salvateur.proteger" in helps[0]["body"]
    assert len(absences) == 1 and absences[0]["player"] == "Denis"
    assert "12-03" in str(absences[0]["first"]) and "12-05" in str(absences[0]["last"])
    warned = sorted(d["recipient"] for d in drafts if d["kind"] == "activity")
    assert warned == ["Denis", "Emile"]  # silent on Jour 0, once each in three polls
    assert sum(1 for kind in alerts if kind.startswith("activity")) == 2
