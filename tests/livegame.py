"""A live game on the test forum, for the tests that drive the daemon's engine by hand: the forum's
topic, a configuration with deadlines an hour apart, and a clock the test moves; the players' posts, votes and
MPs stamped at a given time, the engine's events of a phase, the MJ sending every draft and his page."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import serve
from meneur.tests.spiritforum import SpiritForum


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


def live_game(
    forum: SpiritForum,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    mj: str,
    roles: dict[str, str],
    phases: int,
    seed: int,
    title: str,
    ruleset: str = "classique",
    camps: dict[str, str] | None = None,
) -> tuple[LiveGame, Clock, int]:
    """A game of ``ruleset`` on the forum: its topic, and deadlines an hour apart from the clock's start
    (Jour 0, Nuit 1, Jour 1, … ``phases`` of them); ``camps``: each player's camp (a nature) beside his role.
    Returns the game, its clock and the topic id."""
    seeded = forum.seed(mj, list(roles), topic_title=title)
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    clock = Clock()
    labels = [f"Jour {n // 2}" if n % 2 == 0 else f"Nuit {n // 2 + 1}" for n in range(phases)]
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{label}"\nkind = "{"day" if label.startswith("Jour") else "night"}"\n'
        f'at = "{(clock.now + n * timedelta(hours=1)).isoformat(timespec="seconds")}"\n'
        for n, label in enumerate(labels, start=1)
    )
    players = "".join(
        f'[[players]]\nname = "{n}"\nrole = "{r}"\n' + (f'camp = "{camps[n]}"\n' if camps else "")
        for n, r in roles.items()
    )
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{mj}"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "{ruleset}"\nseed = {seed}\n'
        f"[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    config = load_config(path)
    return LiveGame(config, Store(config.live.database), make_adapter(config), clock), clock, seeded["topic_id"]


VOTE = "**Je vote contre {}**"


def vote(forum: SpiritForum, topic: int, voter: str, target: str, when: datetime) -> None:
    """``voter``'s vote against ``target`` in the game's topic (brown bold as the forum writes it), stamped ``when``."""
    post(forum, topic, voter, VOTE.format(target), when)


def post(forum: SpiritForum, topic: int, author: str, text: str, when: datetime) -> None:
    """A post in the topic, stamped ``when`` on the forum."""
    forum.set_comment_date(forum.client(author).post_comment(topic, text), when)


def send(forum: SpiritForum, mj: str, player: str, text: str, when: datetime, title: str | None = None) -> None:
    """A player's MP to the MJ, stamped ``when`` on the forum. Its title, unless given: the player and the time
    to the second (spirit drops an MP whose title repeats the sender's last one)."""
    private = forum.client(player).send_private(title or f"{player} {when:%d %H:%M:%S}", [mj], text)
    forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], when)


def events(game: LiveGame, phase: str) -> list[dict[str, Any]]:
    """The events the engine recorded for ``phase`` (none before it is resolved)."""
    rows = list(game.store.db.query("select events from engine_phases where phase = ?", [phase]))
    return list(json.loads(rows[0]["events"])) if rows else []


def send_everything(game: LiveGame) -> None:
    """The MJ approves every draft on his page, and meneur sends them: none is left unsent."""
    for draft in game.outbox.drafts("drafted"):
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)
    assert [d.key for d in game.outbox.drafts() if d.state not in ("sent", "discarded")] == []


def mj_page(game: LiveGame) -> str:
    """The MJ's page as his browser gets it."""
    server, address = serve(game, port=0, token="jeton")
    try:
        with httpx.Client(follow_redirects=True) as browser:
            return browser.get(address).text
    finally:
        server.shutdown()


def spirit_config(forum: SpiritForum, mj: str, topic: int, deadline: str, players: list[str], poll: str = "") -> str:
    """A configuration's text (TOML) for a game that counts votes only on the test forum's ``topic``: one day
    deadline (Jour 1, ``deadline`` in ISO 8601), the players without roles; ``poll``: more of the [poll] table."""
    return (
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{mj}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline}"\n[poll]\nmin_request_interval = 0.01\n{poll}'
        + "".join(f'[[players]]\nname = "{n}"\n' for n in players)
    )
