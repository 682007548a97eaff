"""A live game on the test forum, for the tests that drive the daemon's engine by hand: the forum's
topic, a configuration with deadlines an hour apart, and a clock the test moves."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
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
