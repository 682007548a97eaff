"""Deadlines are rows copied from the configuration: a renamed label must not leave a second live deadline
for the same phase, nor fire again a phase that already fired under its old label."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import parse_config
from meneur.daemon.game import GameError, LiveGame
from meneur.daemon.store import Store


def game(tmp_path: Path, deadlines: list[tuple[str, str]], ruleset: bool = False) -> LiveGame:
    rows = "".join(f'[[deadlines]]\nlabel = "{label}"\nat = "{at}"\n' for label, at in deadlines)
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "{tmp_path / "g.sqlite"}"\n'
        + ('ruleset = "classique"\nseed = 3\n' if ruleset else "")
        + rows
        + "".join(f'[[players]]\nname = "{n}"\n' for n in ("Anna", "Basile", "Chloe", "Denis", "Eve"))
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    return LiveGame(config, Store(config.live.database), adapter, lambda: datetime(2026, 3, 15, 12, tzinfo=UTC))


def test_a_renamed_pending_deadline_replaces_the_old_one(tmp_path: Path) -> None:
    game(tmp_path, [("Jour 1", "2026-03-16T21:00:00")])
    renamed = game(tmp_path, [("J1", "2026-03-16T21:00:00")])
    assert [(d.id, d.state) for d in renamed.deadlines()] == [("J1", "pending")]


def test_a_label_given_to_a_fired_deadline_is_refused_not_fired_again(tmp_path: Path) -> None:
    first = game(tmp_path, [("Jour 1", "2026-03-14T21:00:00")])
    first.store.db.execute("update deadlines set state = 'fired' where id = 'Jour 1'")
    with pytest.raises(GameError, match=r"'J1'.*'Jour 1', which already fired"):
        game(tmp_path, [("J1", "2026-03-14T21:00:00")])
    assert stored(tmp_path) == [("Jour 1", "fired")]


def test_a_new_label_for_a_resolved_phase_is_refused_with_a_rule_set(tmp_path: Path) -> None:
    first = game(tmp_path, [("Jour 1", "2026-03-14T21:00:00")], ruleset=True)
    first.store.db.execute("update deadlines set state = 'fired' where id = 'Jour 1'")
    with pytest.raises(GameError, match="phase"):
        game(tmp_path, [("Jour 1 (prolongé)", "2026-03-14T22:00:00")], ruleset=True)


def test_fired_deadlines_kept_and_new_ones_added(tmp_path: Path) -> None:
    first = game(tmp_path, [("Jour 1", "2026-03-14T21:00:00")])
    first.store.db.execute("update deadlines set state = 'fired' where id = 'Jour 1'")
    later = game(tmp_path, [("Jour 1", "2026-03-14T21:00:00"), ("Jour 2", "2026-03-15T21:00:00")])
    assert [(d.id, d.state) for d in later.deadlines()] == [("Jour 1", "fired"), ("Jour 2", "pending")]


def stored(tmp_path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(tmp_path / "g.sqlite") as db:
        return db.execute("select id, state from deadlines order by at").fetchall()
