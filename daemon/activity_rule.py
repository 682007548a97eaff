"""The activity rule (``[activity] silent_days``): a living player who has not posted in the game topic during
that many day phases in a row opens an alert for the MJ and gets the MJ's warning MP drafted
(``templates/activity_warning``). Checked when a day's deadline fires, from the activity that
:func:`meneur.daemon.chores.activity` computes (posts attributed as the count attributes them).

Once per player and streak: a streak is named by its first silent day, and a mark in ``kv``
(``activity/<player>/<first day>``) is set in the transaction that drafts the warning and opens the alert, so
neither a longer streak, a second check nor a restart warns him again; a post ends the streak, and a new one
warns him anew. A day his declared absence covers (daemon/absences.py) does not count as a silent one."""

from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

from .absences import absent_on
from .chores import activity
from .game import Deadline, LiveGame
from .i18n import ngettext
from .outbox import Draft
from .poller import add_alert
from .render import render
from .store import kv_get, kv_set

log = logging.getLogger("meneur.activity")

KIND = "activity"


def _mark(player: str, first: str) -> str:
    return f"activity/{player}/{first}"


def silent_streaks(game: LiveGame, upto: Deadline) -> dict[str, list[Deadline]]:
    """For each player, the day deadlines up to ``upto`` (included) that end his current run of days without a
    post in the game topic, in order; a player who posted on the last of them is left out."""
    deadlines = game.deadlines()
    days = [
        (d, {row["player"]: row["posts"] for row in phase["players"]})
        for d, phase in zip(deadlines, activity(game), strict=True)
        if d.kind == "day" and d.at <= upto.at
    ]
    days = _whole_days(days)
    streaks: dict[str, list[Deadline]] = {}
    for player in (p.name for p in game.config.players):
        run: list[Deadline] = []
        for deadline, posts in reversed(days):
            if posts.get(player, 0):
                break
            run.insert(0, deadline)
        if run:
            streaks[player] = run
    return streaks


def _whole_days(days: list[tuple[Deadline, dict[str, int]]]) -> list[tuple[Deadline, dict[str, int]]]:
    """A day played in parts (citadelles' J0-matin, J0-zenith, J0-soir: posting is even forbidden at J0-soir)
    is one day for the rule: its posts added up, under its last part's deadline seen so far."""
    merged: list[tuple[Deadline, dict[str, int]]] = []
    for deadline, posts in days:
        day = (deadline.phase or "").split("-")[0] if "-" in (deadline.phase or "") else None
        before = merged[-1][0].phase or "" if merged else ""
        if day is not None and "-" in before and before.split("-")[0] == day:
            total = dict(merged[-1][1])
            for player, count in posts.items():
                total[player] = total.get(player, 0) + count
            merged[-1] = (deadline, total)
        else:
            merged.append((deadline, posts))
    return merged


def _alive(game: LiveGame) -> set[str]:
    if game.engine is not None:
        return {p.name for p in game.engine.latest_state().players if p.alive}
    return {p.name for p in game.config.players if not p.dead}


def check_activity(game: LiveGame, deadline: Deadline) -> list[Draft]:
    """At the end of the day ``deadline``: warn each living player silent for ``silent_days`` day phases in a
    row (an alert, and the warning MP drafted), once per streak. Returns the drafts made now."""
    needed = game.config.live.activity_silent_days
    if needed <= 0 or deadline.kind != "day":
        return []
    alive = _alive(game)
    tz = ZoneInfo(game.config.timezone)
    approved = KIND in game.config.live.auto
    made = []
    for player, run in silent_streaks(game, deadline).items():
        if player not in alive or len(run) < needed:
            continue
        if len([d for d in run if player not in absent_on(game.store, d.at.astimezone(tz).date())]) < needed:
            continue  # away on some of those days, as he said (daemon/absences.py): not silent for the rule
        first, days = run[0], [d.label for d in run]
        mark = _mark(player, first.id)
        if kv_get(game.store, mark):
            continue
        context = {"player": player, "days": days, "mj": game.config.live.username}
        body = render(
            "activity_warning", game.config.markup, context, game.config.templates_dir, game.config.vote_format
        )
        # A subject of its own per player and streak: spirit drops an MP whose title repeats the MJ's previous one.
        subject = f"{deadline.label} — {player}, on ne te voit plus"
        with game.store.transaction():
            if kv_get(game.store, mark):  # another process warned him meanwhile
                continue
            made.append(game.outbox.draft(mark, KIND, body, player, subject, approved))
            add_alert(
                game.store,
                f"{KIND}:{player}:{first.id}",
                ngettext(
                    "{player} has not posted in the game topic for {count} day phase ({days}): a warning MP was "
                    "drafted to him",
                    "{player} has not posted in the game topic for {count} day phases ({days}): a warning MP was "
                    "drafted to him",
                    len(days),
                ).format(player=player, count=len(days), days=", ".join(days)),
                game.clock(),
            )
            kv_set(game.store, mark, game.clock().isoformat())
        log.info("activity: %s silent since %r, warning drafted", player, first.label)
    return made
