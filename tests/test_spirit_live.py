"""meneur against a real django-spirit forum on 127.0.0.1: votes, MPs, posting exactly once."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.outbox import SETTLE
from meneur.daemon.store import Store
from meneur.tests.spiritforum import SpiritForum

MJ = "Grand_Hibou"
PLAYERS = ["Lucas", "Lucie", "Zoé", "Jean-Pierre", "Bérénice"]


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def write_config(tmp: Path, forum: SpiritForum, topic_id: int, every: int, deadline: datetime) -> Path:
    players = "\n".join(f'[[players]]\nname = "{name}"\n' for name in PLAYERS)
    path = tmp / "game.toml"
    path.write_text(
        f"""
[forum]
engine = "spirit"
url = "{forum.base_url}"

[account]
username = "{MJ}"
password_env = "MENEUR_TEST_PASSWORD"

[game]
topic = "{topic_id}"
database = "game.sqlite"

[[deadlines]]
label = "Jour 1"
at = "{deadline.isoformat()}"

[poll]
min_request_interval = 0.01

[outbox]
auto = ["vote_count"]
count_every_votes = {every}

{players}
""",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def game_setup(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    monkeypatch.setenv("MENEUR_TEST_PASSWORD", "loupgarou12")
    seeded = forum.seed(MJ, PLAYERS, spectators=["Papy"], topic_title=f"Partie {tmp_path.name[-6:]} — Jour 1")
    deadline = datetime.now(UTC) + timedelta(hours=1)
    config = load_config(write_config(tmp_path, forum, seeded["topic_id"], 3, deadline))
    return {"seeded": seeded, "config": config}


def new_game(config) -> LiveGame:  # type: ignore[no-untyped-def]
    return LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))


def test_live_count_autopost_once_and_mps_both_ways(forum: SpiritForum, game_setup: dict) -> None:
    seeded, config = game_setup["seeded"], game_setup["config"]
    topic = seeded["topic_id"]
    forum.client("Lucas").post_comment(topic, "Bonjour à tous !\n\n**Je vote contre Lucie**")
    forum.client("Lucie").post_comment(topic, "Pas moi ! **Je vote contre Lucas**")
    forum.client("Zoé").post_comment(topic, "**Je vote contre lucie** et je l'assume.")
    papy = forum.client("Papy").post_comment(topic, "**Je vote contre Zoé**")  # a spectator
    game = new_game(config)

    report = game.cycle()
    assert report.count is not None
    assert report.count.current == {"Lucas": "Lucie", "Lucie": "Lucas", "Zoé": "Lucie"}
    # The MJ's opening post shows the format with a formatted example: the MJ's posts hold no vote, no warning.
    warned = {(w.post_id, w.kind) for w in report.count.warnings}
    assert warned == {(str(papy), "voter_not_player")}
    assert len(report.sent) == 1  # three new votes: the live count went out

    text = forum.client("Bérénice").read_topic_text(topic)
    assert text.count("Décompte des votes") == 1
    assert "Lucie : 2 votes" in text

    # Nothing new: one request, no second count post.
    again = game.cycle(inbox=False)
    assert again.requests == 1
    assert again.sent == []
    assert forum.client("Bérénice").read_topic_text(topic).count("Décompte des votes") == 1

    # A player's MP reaches the store once, matched to the player.
    forum.client("Lucie").send_private("Nuit 1 — Voyante", [MJ], "Je sonde Lucas cette nuit.")
    assert [m.author for m in game.poller.poll_inbox()] == ["Lucie"]
    assert game.poller.poll_inbox() == []
    rows = list(game.store.db.query("select player, content_text from mps"))
    assert [(r["player"], "sonde Lucas" in r["content_text"]) for r in rows] == [("Lucie", True)]

    # An MP from the daemon arrives in the player's private topics.
    game.outbox.draft("Nuit 1/receipt/Lucie", "receipt", "Bien reçu : tu sondes Lucas.", recipient="Lucie",
                      subject="Reçu — Nuit 1", approved=True)  # fmt: skip
    sent = game.outbox.send_ready(game.adapter)
    assert [d.state for d in sent] == ["sent"]
    titles = [t["title"] for t in forum.client("Lucie").private_topics()]
    assert titles.count("Reçu — Nuit 1") == 1


def test_new_pages_are_followed(forum: SpiritForum, game_setup: dict) -> None:
    seeded, config = game_setup["seeded"], game_setup["config"]
    topic = seeded["topic_id"]
    game = new_game(config)
    first = game.cycle(inbox=False)
    assert first.topic is not None and first.topic.pages == [1]
    lucas = forum.client("Lucas")
    for n in range(25):  # 20 comments a page: this opens page 2
        lucas.post_comment(topic, f"Message {n} : je réfléchis encore.")
    lucas.post_comment(topic, "**Je vote contre Bérénice**")
    report = game.cycle(inbox=False)
    assert report.topic is not None and report.topic.pages == [1, 2]
    assert report.requests == 2  # k new pages cost k + 1 requests: page 1 again, then page 2
    assert report.count is not None and report.count.current == {"Lucas": "Bérénice"}


KILLER = """
import os, signal, sys
from datetime import UTC, datetime
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.outbox import SETTLE
from meneur.daemon.store import Store

config = load_config(__import__("pathlib").Path(sys.argv[1]))
game = LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))
game.outbox.draft("Jour 1/annonce", "morning", "Le village se réveille : personne n'est mort.", approved=True)
real_reply = game.adapter.reply

def reply_then_die(body):
    real_reply(body)                       # the forum has the post…
    os.kill(os.getpid(), signal.SIGKILL)   # …and meneur dies before writing it down

game.adapter.reply = reply_then_die
game.outbox.send_ready(game.adapter)
"""


def test_killed_between_posting_and_recording_posts_exactly_once(
    forum: SpiritForum, game_setup: dict, tmp_path: Path
) -> None:
    import os
    import subprocess
    import sys

    seeded, config = game_setup["seeded"], game_setup["config"]
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, str(config.path)], env=dict(os.environ), capture_output=True, timeout=120
    )
    assert proc.returncode == -9, proc.stderr.decode()
    game = new_game(config)
    assert game.outbox.get("Jour 1/annonce").state == "sending"
    assert game.outbox.send_ready(game.adapter) == []  # restarted at once: the post may still be on its way
    later = datetime.now(UTC) + SETTLE
    game = LiveGame(config, Store(config.live.database), make_adapter(config), lambda: later)
    sent = game.outbox.send_ready(game.adapter)  # the restart: looks on the forum first
    assert [(d.key, d.state) for d in sent] == [("Jour 1/annonce", "sent")]
    assert sent[0].forum_id is not None
    text = forum.client("Lucas").read_topic_text(seeded["topic_id"])
    assert text.count("Le village se réveille") == 1
    game.outbox.send_ready(game.adapter)  # and sending again changes nothing
    assert forum.client("Lucas").read_topic_text(seeded["topic_id"]).count("Le village se réveille") == 1


def test_a_lost_session_is_renewed_before_posting(forum: SpiritForum, game_setup: dict) -> None:
    seeded, config = game_setup["seeded"], game_setup["config"]
    game = new_game(config)
    game.cycle(inbox=False)
    assert game.adapter.logged_in
    game.adapter.http.client.cookies.clear()  # the forum forgot us (expired session, restart…)
    game.outbox.draft("Jour 1/annonce-2", "morning", "Deuxième annonce du matin.", approved=True)
    assert [d.state for d in game.outbox.send_ready(game.adapter)] == ["sent"]
    text = forum.client("Lucas").read_topic_text(seeded["topic_id"])
    assert text.count("Deuxième annonce du matin.") == 1
