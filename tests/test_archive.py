"""`meneur archive`: the static site of a finished game, read from its database and configuration.

The game is fixtures/scenarios/classique/50-partie-complete-14.toml (14 players, won by the village at
dawn of N6), played into a database without a forum, which is cheaper than the live demo
(scripts/demo_game.py) and goes through the same daemon code from the store on: the scenario's posts
are stored as a phpBB 3 forum shows them (BBCode rendered to HTML, a few minutes apart), its MPs as the
inbox holds them, and each deadline is handled by the live game (`LiveGame`): the MPs answered, the day
counted from the store, the phase resolved by the rules engine, its texts drafted. The MJ's answers to
the rules' questions are given ahead, as in the demo, and the public drafts are marked sent, as the MJ
would have approved them. Only the forum's HTTP is left out (never contacted).

The expected outcome below is written by hand from the scenario's own story (its header comment), not
read back from the engine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.replay import load_scenario
from meneur.daemon.store import Store
from meneur.parsers.bbcode import render_bbcode
from meneur.parsers.records import content_hash

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "fixtures" / "scenarios" / "classique" / "50-partie-complete-14.toml"
T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
HOSTILE = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"
MJ = "Maitre_du_jeu"

# Who died when, of what, with which role: the scenario's story, by hand.
DEATHS = [
    ("J1", "Théo", "Malade", "bûcher"),
    ("J2", "Gaston", "Ancien", "bûcher"),
    ("N3", "Marc", "Loup Assommeur", "loups"),
    ("N3", "Paul", "Cupidon", "loups"),
    ("J4", "Boris", "Seigneur Loup", "bûcher"),
    ("J4", "Nina", "Ange Gardien", "rage"),
    ("J5", "Chloé", "Joueur de flûte", "bûcher"),
    ("N6", "Hugo", "Chasseur", "loups"),
    ("N6", "Inès", "Berger", "chagrin"),
    ("N6", "Paul", "Cupidon", "chasseur"),
    ("N6", "Yann", "Chef de meute", "poison"),
]


def play_scenario(folder: Path, hostile: bool = True, phases: int | None = None) -> Path:
    """The scenario played into ``folder``/partie.sqlite; returns the configuration file. ``phases``: stop
    after that many (a game not over). ``hostile``: Théo's first post of J1 also holds a script."""
    scenario = load_scenario(GAME)
    folder.mkdir(parents=True, exist_ok=True)
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{p.phase}"\nphase = "{p.phase}"\n'
        f'kind = "{"day" if p.phase.startswith("J") else "night"}"\n'
        f'at = "{(T0 + timedelta(hours=6 * n + 5)).isoformat()}"\n'
        for n, p in enumerate(scenario.phases)
    )
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in scenario.players)
    path = folder / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "phpbb3"\nurl = "http://127.0.0.1:9/forum"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "42"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = {scenario.seed}\n'
        f"[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    os.environ.setdefault("MENEUR_PASSWORD", "never-used")  # the adapter is built, never used
    config = load_config(path)
    store = Store(config.live.database)
    clock = [T0]
    game = LiveGame(config, store, make_adapter(config), lambda: clock[0])
    number = 0
    with store.transaction():
        for n, spec in enumerate(scenario.phases[:phases]):
            begins = T0 + timedelta(hours=6 * n)
            for index, post in enumerate(spec.posts):
                text = str(post["text"])
                if hostile and spec.phase == "J1" and index == 0:
                    text = HOSTILE + "\n" + text
                html = render_bbcode(text)
                number += 1
                when = (begins + timedelta(minutes=7 + 9 * index)).isoformat()
                store.db.execute(
                    "insert into posts (topic, post_id, page_no, author, author_id, posted_at, content_html, "
                    "content_text, content_hash, version, first_seen, last_seen) values "
                    "('game', ?, 1, ?, null, ?, ?, ?, ?, 1, ?, ?)",
                    [str(number), post["author"], when, html, text, content_hash(html), when, when],
                )
            for index, mp in enumerate(spec.mps):
                when = (begins + timedelta(minutes=30 + index)).isoformat()
                store.db.execute(
                    "insert into mps (msg_id, author, player, sent_at, subject, content_text, fetched_at) "
                    "values (?, ?, ?, ?, ?, ?, ?)",
                    [f"{spec.phase}-{index}", mp["from"], mp["from"], when, spec.phase, mp["text"], when],
                )
            for question, choice in spec.answers.items():
                store.db.execute("insert into answers (question, choice) values (?, ?)", [question, choice])
    for deadline in game.deadlines()[:phases]:
        clock[0] = deadline.at + timedelta(minutes=1)
        game.answer_mps()
        game._resolve_with_engine(deadline)  # fire_deadline without its last reading of the forum
        with store.transaction():
            store.db.execute("update deadlines set state = 'fired', fired_at = ? where id = ?",
                             [clock[0].isoformat(), deadline.id])  # fmt: skip
            store.db.execute(  # the MJ approved the public posts, and they went out
                "update drafts set state = 'sent', forum_id = 'p' || rowid where recipient is null "
                "and state = 'drafted'"
            )
    store.db.conn.close()
    return path


def meneur(*args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "meneur"
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}
    return subprocess.run([str(script), *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_scenario(tmp_path_factory.mktemp("game"))
