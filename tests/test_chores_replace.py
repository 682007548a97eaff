"""`meneur replace OLD NEW` through the command line, beside the game's database, on a real django-spirit
forum: from the replacement on, the newcomer's votes and MPs are the player's and the replaced account's no
longer count (its vote is refused with a warning, the vote it posted before still stands); the public post
and the newcomer's role card are drafted, and the player's replies go to the newcomer. Every command reads
the replacement from the database: `meneur count`, `meneur poll`, the outbox."""

from __future__ import annotations

import json
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

MJ = "MJ_Remplace"
ROLES = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "simple_villageois", "Denis": "salvateur"}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def meneur(*args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """One `meneur` command, as the MJ runs it (its own process, beside the game's database)."""
    done = subprocess.run([str(MENEUR), *args], capture_output=True, text=True, timeout=300, env=os.environ.copy())
    assert done.returncode == code, done.stderr
    return done


def count(config: Path) -> dict:
    return dict(json.loads(meneur("count", "--config", str(config), "--db", str(config.parent / "partie.sqlite"),
                                  "--json").stdout))  # fmt: skip


def test_a_replaced_players_votes_and_mps_come_from_the_newcomer(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = forum.seed(MJ, list(ROLES), spectators=["Bertrand"], topic_title="Partie remplacement")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    topic = seeded["topic_id"]
    now = datetime.now(UTC).replace(second=0, microsecond=0)
    base = now - timedelta(minutes=40)
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 1\n'
        f'[[deadlines]]\nlabel = "Jour 0"\nkind = "day"\nat = "{(now + timedelta(hours=1)).isoformat()}"\n'
        "[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n"
        + "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items()),
        encoding="utf-8",
    )

    def post(who: str, text: str, minutes: int) -> None:
        forum.set_comment_date(forum.client(who).post_comment(topic, text), base + timedelta(minutes=minutes))

    def mp(who: str, text: str, minutes: int) -> None:
        sent = forum.client(who).send_private(f"Message de {who} ({minutes})", [MJ], text)
        forum.set_comment_date(forum.client(MJ).comments(sent)[0]["pk"], base + timedelta(minutes=minutes))

    post("Basile", "Je commence. **Je vote contre Anna**", 0)
    post("Bertrand", "Je passais par là : **Je vote contre Denis**", 5)  # not yet in the game: no vote
    meneur("poll", "--config", str(config))
    before = count(config)
    assert before["current"] == {"Basile": "Anna"}

    at = (base + timedelta(minutes=10)).isoformat()
    out = meneur("replace", "Basile", "Bertrand", "--at", at, "--config", str(config)).stdout
    assert "Bertrand remplace Basile : rédigé replace/1/post, replace/1/role_card" in out
    refused = meneur("replace", "Zoé", "Bertrand", "--config", str(config), code=2)  # no such player
    assert "'Zoé' n'est pas un joueur de cette partie" in refused.stderr

    post("Basile", "Je reviens ! **Je vote contre Coline**", 15)  # the old account, after: refused
    mp("Basile", "Je sonde Coline", 16)
    meneur("poll", "--config", str(config))
    after = count(config)
    assert after["current"] == {"Basile": "Anna"}  # the vote Basile's account posted before stands
    [warning] = [w for w in after["warnings"] if w["kind"] == "vote_refused"]
    assert warning["message"] == "Basile a été remplacé par Bertrand dans la partie (Basile) : ce vote ne compte pas."

    post("Bertrand", "Me voici. **Je vote contre Coline**", 20)  # the newcomer votes as Basile
    mp("Bertrand", "Je sonde Denis", 21)
    meneur("poll", "--config", str(config))
    last = count(config)
    assert last["current"] == {"Basile": "Coline"}
    assert "Basile" not in last["not_voted"] and "Bertrand" not in json.dumps(last["current"])

    with sqlite3.connect(tmp_path / "partie.sqlite") as db:
        senders = dict(db.execute("select author, player from mps").fetchall())
        assert senders == {"Basile": None, "Bertrand": "Basile"}
        outcomes = db.execute("select player, outcome from mp_outcomes").fetchall()
        assert [p for p, _o in outcomes] == ["Basile"]  # the newcomer's MP answered as Basile's
        drafts = {k: (kind, r) for k, kind, r in db.execute("select key, kind, recipient from drafts")}
    assert drafts["replace/1/post"] == ("replacement", None)
    assert drafts["replace/1/role_card"] == ("role_card", "Bertrand")
    [reply] = [k for k, (kind, r) in drafts.items() if kind == "receipt"]
    assert drafts[reply] == ("receipt", "Basile")

    # Sent: the public post in the topic, the role card and the reply to Basile in Bertrand's inbox.
    for key in ("replace/1/post", "replace/1/role_card", reply):
        meneur("outbox", "approve", key, "--config", str(config))
    meneur("outbox", "send", "--config", str(config))
    public = [c["text"] for c in forum.client(MJ).comments(topic) if "Bertrand remplace Basile" in c["text"]]
    assert len(public) == 1 and "ceux du compte Basile ne comptent plus" in public[0]
    inbox = {t["title"]: t["id"] for t in forum.client("Bertrand").private_topics()}
    card = forum.client("Bertrand").comments(inbox["Ton rôle : tu remplaces Basile"])[0]["text"]
    assert "tu remplaces Basile" in card and "Voyante" in card and "!voyante.sonder NOM" in card
    assert any("ton message de" in title for title in inbox)
    assert not any("ton message de" in t["title"] for t in forum.client("Basile").private_topics())
