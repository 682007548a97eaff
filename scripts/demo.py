"""The live demo: a real django-spirit forum on 127.0.0.1, scripted players, meneur running beside it.

A compressed day: the deadline is ~70 s away. Players post, argue, vote (some votes malformed,
one changed, one too late) and send the MJ an MP; meneur polls, posts live counts on its own and,
at the deadline, drafts the evening post for the MJ. Everything stops by itself.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from meneur.tests.spiritforum import SpiritForum

REPO = Path(__file__).resolve().parent.parent
MJ = "Grand_Hibou"
PLAYERS = ["Lucas", "Lucie", "Zoé", "Jean-Pierre", "Bérénice", "Maître Corbeau"]
DAY = 70  # seconds from start to the deadline

SCRIPT = [  # (seconds after start, who, what)
    (3, "Lucas", "Bonjour le village. Quelqu'un a entendu des hurlements cette nuit ?"),
    (8, "Lucie", "Moi j'ai rien entendu… **Je vote contre Lucas** pour commencer."),
    (14, "Zoé", "Lucie accuse vite. Je vote contre Lucie"),  # not bold: a warning, not a vote
    (18, "Zoé", "Pardon, en gras : **Je vote contre Lucie**"),
    (24, "Jean-Pierre", "> **Je vote contre Lucas**\n\nJe ne suis pas d'accord avec Lucie."),  # a quote
    (30, "Bérénice", "**Je vote contre Lucie** elle est louche."),
    (36, "Lucas", "**Je vote contre Lucie**"),
    (44, "Jean-Pierre", "Finalement… **Je vote contre Lucas**"),
    (52, "Maître Corbeau", "**Je vote contre Bérénise**"),  # a typo: counted, with a warning
    (60, "Lucie", "**Je vote contre Zoé**"),  # she changes her vote
    (DAY + 4, "Bérénice", "Trop tard ? **Je vote contre Jean-Pierre**"),  # after the deadline
]


def players_act(forum: SpiritForum, topic: int, start: float) -> None:
    sessions = {name: forum.client(name) for name in PLAYERS}
    for offset, who, text in SCRIPT:
        time.sleep(max(0.0, start + offset - time.time()))
        sessions[who].post_comment(topic, text)
        print(f"[{offset:3d}s] {who}: {text.splitlines()[-1]}", flush=True)
        if offset == 30:
            sessions["Zoé"].send_private("Nuit 1 — Voyante", [MJ], "Cette nuit je sonde Lucas.")
            print(f"[{offset:3d}s] Zoé → MJ (MP): Cette nuit je sonde Lucas.", flush=True)


def main() -> int:
    print("== starting a django-spirit forum on 127.0.0.1 (first run installs it: ~1 min)", flush=True)
    with SpiritForum.start() as forum, tempfile.TemporaryDirectory(prefix="meneur-demo-") as tmp:
        seeded = forum.seed(MJ, PLAYERS, topic_title="Partie de démonstration — Jour 1")
        start = time.time()
        deadline = (datetime.now(UTC) + timedelta(seconds=DAY)).replace(microsecond=0)
        config = Path(tmp) / "demo.toml"
        roster = "\n".join(f'[[players]]\nname = "{name}"\n' for name in PLAYERS)
        config.write_text(
            f"""[forum]
engine = "spirit"
url = "{forum.base_url}"

[account]
username = "{MJ}"
password_env = "MENEUR_DEMO_PASSWORD"

[game]
topic = "{seeded["topic_id"]}"
database = "demo.sqlite"

[[deadlines]]
label = "Jour 1"
at = "{deadline.isoformat(timespec="seconds")}"

[poll]
topic_every = 6
inbox_every = 10
near_deadline = 20
near_every = 2
grace = 3
min_request_interval = 0.2

[outbox]
auto = ["vote_count"]
count_every_votes = 3

{roster}""",
            encoding="utf-8",
        )
        print(f"== forum at {forum.base_url}, topic {seeded['topic_id']}, deadline in {DAY} s", flush=True)
        env = {**os.environ, "MENEUR_DEMO_PASSWORD": seeded["password"]}
        meneur = REPO / ".venv" / "bin" / "meneur"
        actors = threading.Thread(target=players_act, args=(forum, seeded["topic_id"], start), daemon=True)
        actors.start()
        run = subprocess.Popen([str(meneur), "run", "--config", str(config), "--stop-when-done"], env=env)
        code = run.wait(timeout=DAY + 120)
        actors.join(timeout=30)
        print("\n== the evening post meneur drafted (it waits for the MJ's approval):", flush=True)
        subprocess.run([str(meneur), "outbox", "show", "Jour 1/evening", "--config", str(config)], env=env)
        subprocess.run([str(meneur), "outbox", "list", "--config", str(config)], env=env)
        with sqlite3.connect(Path(tmp) / "demo.sqlite") as db:
            created = db.execute("select created_at from drafts where key = 'Jour 1/evening'").fetchone()
        if created:
            delay = (datetime.fromisoformat(created[0]) - deadline).total_seconds()
            print(f"\n== deadline → evening draft: {delay:.1f} s (grace 3 s included)")
        posted = forum.client("Lucas").read_topic_text(seeded["topic_id"]).count("Décompte des votes")
        print(f"== live counts posted on the forum by meneur: {posted}")
        return code


if __name__ == "__main__":
    sys.exit(main())
