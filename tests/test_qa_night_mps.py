"""Found by the QA pass (issue 12: no MP silently dropped), on the real django-spirit forum:

- ``meneur run`` resolves a deadline with the MPs it had already read: an order sent after the last
  inbox reading (every 300 s by default) was left out of the night it was sent in, without a word;
- django-spirit (and phpBB's MP pages) stamp an MP to the minute: an order sent in the night's first
  minute, after the day's deadline, is stamped with the deadline's minute and fell in the day's window —
  out of the night, and the day was already resolved."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

ROLES = {"Gaspard": "loup_garou", "Hector": "cupidon", "Ines": "voyante", "Jade": "salvateur", "Kilian": "chasseur"}
LOVERS = "Je rends amoureux Ines et Jade."
# The same game with other members: spirit drops a member's second identical message within 30 minutes.
ROLES_2 = {"Gael": "loup_garou", "Hugo": "cupidon", "Iris": "voyante", "Joy": "salvateur", "Karl": "chasseur"}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def night_actions(game: object, phase: str) -> list[dict[str, object]]:
    rows = list(game.store.db.query("select inputs from engine_phases where phase = ?", [phase]))  # type: ignore[attr-defined]
    assert rows, f"{phase} was not resolved"
    return [{k: a[k] for k in ("player", "power", "targets")} for a in json.loads(rows[0]["inputs"])["actions"]]


def test_an_mp_sent_after_the_last_inbox_reading_counts_for_its_night(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, "MJ_QA_Late", ROLES, 3, seed=3, title="Partie QA tard")
    start, hour = clock.now, timedelta(hours=1)
    clock.now = start + hour + timedelta(seconds=1)
    game.cycle()
    game.fire_deadline("Jour 0")
    # N1: Cupidon writes ten minutes before the dawn; the daemon's last inbox reading was before that.
    private = forum.client("Hector").send_private("Mes flèches", ["MJ_QA_Late"], LOVERS)
    forum.set_comment_date(
        forum.client("MJ_QA_Late").comments(private)[0]["pk"], start + 2 * hour - timedelta(minutes=10)
    )
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")  # what the scheduler's deadline job does: no inbox job ran in between
    assert night_actions(game, "N1") == [{"player": "Hector", "power": "cupidon.amoureux", "targets": ["Ines", "Jade"]}]


def test_an_mp_stamped_with_the_days_deadline_minute_counts_for_the_night(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _ = live_game(
        forum, tmp_path, monkeypatch, "MJ_QA_Minute", ROLES_2, 3, seed=3, title="Partie QA minute"
    )
    start, hour = clock.now, timedelta(hours=1)
    dusk = next(d.at for d in game.deadlines() if d.id == "Jour 0")
    clock.now = dusk + timedelta(seconds=1)
    game.cycle()
    game.fire_deadline("Jour 0")
    # Sent a few seconds after the day's deadline: the forum prints only the deadline's minute.
    private = forum.client("Hugo").send_private("Mes flèches", ["MJ_QA_Minute"], "Iris et Joy seront mes amoureux !")
    forum.set_comment_date(
        forum.client("MJ_QA_Minute").comments(private)[0]["pk"], dusk.replace(second=0, microsecond=0)
    )
    clock.now = dusk + timedelta(minutes=2)
    game.cycle()
    night = next(d for d in game.deadlines() if d.id == "Nuit 1")
    shown = game.engine.night_view("N1", game.window(night), night.at)  # type: ignore[union-attr]
    assert [[(a["power"], a["targets"]) for a in m["actions"]] for m in shown["mps"]] == [
        [("cupidon.amoureux", ["Iris", "Joy"])]
    ]
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    assert night_actions(game, "N1") == [{"player": "Hugo", "power": "cupidon.amoureux", "targets": ["Iris", "Joy"]}]


ROLES_3 = {"Gilles": "loup_garou", "Henri": "cupidon", "Ivy": "voyante", "Jules": "salvateur", "Kim": "chasseur"}


def test_a_correction_sent_in_the_same_minute_replaces_the_first_order(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forum stamps both MPs with one minute and lists the newest first: the order they were sent in
    decides which one the night applies (the later one, as the player meant), not the inbox's order."""
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, "MJ_QA_Fix", ROLES_3, 3, seed=3, title="Partie QA fix")
    start, hour = clock.now, timedelta(hours=1)
    clock.now = start + hour + timedelta(seconds=1)
    game.cycle()
    game.fire_deadline("Jour 0")
    henri, mj = forum.client("Henri"), forum.client("MJ_QA_Fix")
    first = henri.send_private("Flèches", ["MJ_QA_Fix"], "Je rends amoureux Ivy et Jules.")
    second = henri.send_private("Oups", ["MJ_QA_Fix"], "Non pardon, finalement je rends amoureux Ivy et Kim !")
    minute = (start + hour + timedelta(minutes=20)).replace(second=0, microsecond=0)
    forum.set_comment_dates({mj.comments(first)[0]["pk"]: minute, mj.comments(second)[0]["pk"]: minute})
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    assert night_actions(game, "N1")[-1] == {"player": "Henri", "power": "cupidon.amoureux", "targets": ["Ivy", "Kim"]}
    state = game.engine.state_before("J1")  # type: ignore[union-attr]
    assert sorted(p.name for p in state.players if "amoureux" in p.markers) == ["Ivy", "Kim"]
