"""A cron'd `meneur poll` (a fresh process each time) against a real django-spirit forum: spirit's 301
that drops ?page= is followed knowingly, the slug address is kept, the second page is read (issue 11).

Each poll's requests are counted in the forum's own log and printed (run with -s to see them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from meneur.daemon.game import TOPIC
from meneur.daemon.store import Store
from meneur.tests.spiritforum import SpiritForum

MJ = "Grand_Hibou"
PLAYERS = ["Lucas", "Lucie", "Zoé", "Jean-Pierre", "Bérénice"]
MENEUR = Path(sys.executable).parent / "meneur"
REQUEST = re.compile(r'"(GET|POST) (\S+) HTTP/1\.[01]" (\d{3})')


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def poll(forum: SpiritForum, config: Path, env: dict[str, str]) -> list[tuple[str, str, str]]:
    """One `meneur poll` in its own process; the requests the forum saw meanwhile."""
    before = len(forum.log().splitlines())
    done = subprocess.run(
        [str(MENEUR), "poll", "--config", str(config)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = forum.log().splitlines()[before:]
    return [(m.group(1), m.group(2), m.group(3)) for line in lines if (m := REQUEST.search(line))]


def test_cron_polls_follow_the_slug_and_read_the_second_page(forum: SpiritForum, tmp_path: Path) -> None:
    seeded = forum.seed(MJ, PLAYERS, topic_title=f"Partie {tmp_path.name[-6:]} — Jour 1")
    topic = seeded["topic_id"]
    for n in range(19):  # with the MJ's opening comment: page 1 full (20 a page), no page 2 yet
        forum.client(PLAYERS[n % len(PLAYERS)]).post_comment(topic, f"Message {n} : je réfléchis encore.")
    players = "".join(f'[[players]]\nname = "{name}"\n' for name in PLAYERS)
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n[poll]\nmin_request_interval = 0.01\n'
        f"[outbox]\nauto = []\n{players}",
        encoding="utf-8",
    )
    env = {**os.environ, "MENEUR_PASSWORD": seeded["password"]}

    first = poll(forum, config, env)
    idle = poll(forum, config, env)
    lucie = forum.client("Lucie").post_comment(topic, "**Je vote contre Lucas**")  # page 2 begins
    second_page = poll(forum, config, env)
    zoe = forum.client("Zoé").post_comment(topic, "**Je vote contre Lucie**")  # on page 2 again
    again = poll(forum, config, env)

    store = Store(tmp_path / "partie.sqlite")
    pages = {p.post_id: p.page for p in store.posts(TOPIC)}
    assert pages[str(lucie)] == 2 and pages[str(zoe)] == 2
    assert len(pages) == 22
    assert not list(store.db.query("select * from alerts where resolved = 0"))
    topic_requests = [path for _, path, _ in [*idle, *second_page, *again] if path.startswith("/topic/")]
    # After the first poll, each fresh process asks the slug address straight away: no 301.
    assert all(path.startswith(f"/topic/{topic}/") and path.count("/") >= 4 for path in topic_requests
               if not path.startswith("/topic/private"))  # fmt: skip
    assert not [r for r in [*idle, *second_page, *again] if r[2] == "301"]
    for name, requests in (("first", first), ("idle", idle), ("new page 2", second_page), ("page 2 grew", again)):
        print(f"\n{name} poll: {len(requests)} requests: " + ", ".join(f"{m} {p} {s}" for m, p, s in requests))
