"""A whole game of `classique` at 14 players, played on a real django-spirit forum and resolved by
meneur's rules engine through the live daemon.

The game is fixtures/scenarios/classique/50-partie-complete-14.toml. Its posts (BBCode turned into
spirit's Markdown) and action MPs are sent over HTTP by the players' own sessions, then stamped at
simulated times a few hours apart (a forum keeps its own dates; this one is told them), the phases'
deadlines are set at those times, and the MJ's answers to the rules' questions are recorded ahead.
One `meneur poll` then reads the topic and the inbox and resolves every phase in order, as a
daemon that had been down would on restart. The drafted posts are printed, and the winner.

    .venv/bin/python scripts/demo_game.py
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

from meneur.daemon.store import Store
from meneur.tests.spiritforum import SpiritForum

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "fixtures" / "scenarios" / "classique" / "50-partie-complete-14.toml"
MJ = "Maitre_du_jeu"


def markdown(bbcode: str) -> str:
    """The scenario's BBCode as a player would write it on a Markdown forum. Spirit has no colour, so
    a bold vote that is not brown (not a vote on the BBCode forum) becomes plain text here too."""
    text = re.sub(
        r"\[quote(?:=[^\]]*)?\](.*?)\[/quote\]",
        lambda m: "\n\n" + "\n".join("> " + line for line in m.group(1).splitlines() or [""]) + "\n\n",
        bbcode,
        flags=re.S,
    )
    parts = re.split(r"(\[color=[^\]]*\].*?\[/color\])", text, flags=re.S | re.I)
    out = []
    for part in parts:
        brown = re.match(r"\[color=(brown|#a52a2a)\]", part, re.I)
        inner = re.sub(r"\[/?color(?:=[^\]]*)?\]", "", part, flags=re.I)
        out.append(re.sub(r"\[/?b\]", "**" if brown else "", inner))
    return "".join(out)


def main() -> int:
    scenario = tomllib.loads(GAME.read_text(encoding="utf-8"))
    names = [p["name"] for p in scenario["players"]]
    with SpiritForum.start() as forum, tempfile.TemporaryDirectory(prefix="meneur-game-") as tmp:
        seeded = forum.seed(MJ, names, topic_title="Partie complète à 14")
        topic = seeded["topic_id"]
        start = datetime.now(UTC) - timedelta(days=10)
        deadlines, stamps, answers = [], {}, {}
        for number, phase in enumerate(scenario["phases"]):
            begins = start + timedelta(hours=6 * number)
            for index, post in enumerate(phase.get("posts", [])):
                pk = forum.client(post["author"]).post_comment(topic, markdown(post["text"]) + f"\n\n_({index})_")
                stamps[pk] = begins + timedelta(minutes=1 + index)
            for index, mp in enumerate(phase.get("mps", [])):
                private = forum.client(mp["from"]).send_private(f"{phase['phase']} — {index + 1}", [MJ], mp["text"])
                first = forum.client(MJ).comments(private)[0]["pk"]
                stamps[first] = begins + timedelta(minutes=30 + index)
            answers.update({a["question"]: a["choice"] for a in phase.get("answers", [])})
            kind = "day" if phase["phase"].startswith("J") else "night"
            deadlines.append((phase["phase"], begins + timedelta(hours=5), kind))
        forum.set_comment_dates(stamps)
        print(f"== {len(names)} players, {len(stamps)} posts and MPs on {forum.base_url}", flush=True)

        config = Path(tmp) / "partie.toml"
        rows = "".join(
            f'[[deadlines]]\nlabel = "{p}"\nphase = "{p}"\nkind = "{k}"\nat = "{at.isoformat()}"\n'
            for p, at, k in deadlines
        )
        roles = "".join(f'[[players]]\nname = "{p["name"]}"\nrole = "{p["role"]}"\n' for p in scenario["players"])
        config.write_text(
            f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
            f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = {scenario["seed"]}\n'
            f"[poll]\nmin_request_interval = 0.05\ngrace = 0\n[outbox]\nauto = []\n{rows}{roles}",
            encoding="utf-8",
        )
        env = {**os.environ, "MENEUR_PASSWORD": seeded["password"]}
        meneur = str(REPO / ".venv" / "bin" / "meneur")
        store = Store(Path(tmp) / "partie.sqlite")  # the game's database, and the MJ's answers given ahead
        with store.transaction():
            for question, choice in answers.items():
                store.db.execute("insert into answers (question, choice) values (?, ?)", [question, choice])
        print("== meneur poll: reads the topic and the inbox, resolves every phase in order", flush=True)
        subprocess.run([meneur, "poll", "--config", str(config)], env=env, check=True)
        with sqlite3.connect(Path(tmp) / "partie.sqlite") as db:
            public = db.execute("select key, body from drafts where recipient is null order by created_at").fetchall()
            mps = db.execute("select count(*) from drafts where recipient is not null").fetchone()[0]
            events = db.execute("select events from engine_phases order by resolved_at, rowid").fetchall()
        for key, body in public:
            print(f"\n==== {key}\n{body.strip()}")
        winner = next((e for row in events for e in __import__("json").loads(row[0]) if e["type"] == "game_over"), None)
        print(f"\n== {len(public)} posts and {mps} MPs drafted for the MJ's approval")
        print(
            f"== winner: {winner['winner'] if winner else 'none yet'} (the scenario expects "
            f"{scenario['expect'].get('winner')})"
        )
        return 0 if winner and winner["winner"] == scenario["expect"].get("winner") else 1


if __name__ == "__main__":
    sys.exit(main())
