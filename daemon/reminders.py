"""Reminders drafted before a deadline (``[reminders]``): a post in the game topic ``day_post_hours`` before a
day ends, with the standing count and who has not voted yet; an MP ``night_mp_hours`` before dawn to each
living player who holds a night power and has sent the MJ nothing that night.

Each reminder is drafted once per deadline: a mark in ``kv`` (``reminder/<deadline>/<day|night>``) is set in
the transaction that drafts it, so neither a second job nor a restart drafts it again (a draft the MJ
discarded stays discarded). A reminder that could not be drafted at its time (the count stopped by a layout
alert, the night's phase not reached yet because the deadline before it is still being retried) is drafted
by the next poll that can, while its deadline is ahead (:func:`draft_due_reminders`). The drafts go through
the outbox like any other (``[outbox] auto`` may list ``reminder``). The scheduler sets one job per pending
deadline at start, from the database, as it does for the deadlines themselves (:func:`due_reminders`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from .drafts import powers_of
from .game import TOPIC, Deadline, LiveGame
from .outbox import Draft
from .render import render
from .store import kv_get, kv_set

log = logging.getLogger("meneur.reminders")

DAY = "day"
_Text = tuple[str, str | None, str | None, str]  # a draft to make: key, recipient (None: the topic), subject, body
NIGHT = "night"


@dataclass(frozen=True)
class Reminder:
    deadline: str  # the deadline's id
    kind: str  # DAY (a post) or NIGHT (MPs)
    at: datetime  # when it is due

    @property
    def job_id(self) -> str:
        return f"reminder:{self.deadline}:{self.kind}"


def _mark(deadline: str, kind: str) -> str:
    return f"reminder/{deadline}/{kind}"


def _hours(game: LiveGame, kind: str) -> float:
    live = game.config.live
    return live.remind_day_hours if kind == DAY else live.remind_night_hours


def due_reminders(game: LiveGame) -> list[Reminder]:
    """The reminders still to draft: one per pending deadline whose kind has a reminder configured, not drafted
    yet, and whose deadline has not passed (a reminder after the deadline would tell nothing)."""
    found = []
    now = game.clock()
    for deadline in game.deadlines("pending"):
        if deadline.kind not in (DAY, NIGHT):
            continue
        hours = _hours(game, deadline.kind)
        if hours <= 0 or deadline.at <= now or kv_get(game.store, _mark(deadline.id, deadline.kind)):
            continue
        if deadline.kind == NIGHT and game.engine is None:
            continue  # who holds a night power is the rule set's to say
        found.append(Reminder(deadline.id, deadline.kind, deadline.at - timedelta(hours=hours)))
    return found


def _left(deadline: datetime, now: datetime) -> str:
    """The time left, in French: « 2 h 45 », « 3 h », « 40 min »."""
    minutes = max(0, round((deadline - now).total_seconds() / 60))
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest:02d}" if rest else "")


def draft_reminder(game: LiveGame, deadline_id: str, kind: str) -> list[Draft]:
    """Draft the reminder of ``deadline_id`` now, once: the day's post or the night's MPs. Nothing when it was
    drafted before, the deadline is no longer pending or has passed, or it is not yet due."""
    rows = [d for d in game.deadlines("pending") if d.id == deadline_id and d.kind == kind]
    now = game.clock()
    if not rows or kv_get(game.store, _mark(deadline_id, kind)):
        return []
    deadline = rows[0]
    if not deadline.at - timedelta(hours=_hours(game, kind)) <= now < deadline.at:
        return []
    texts = _day_post(game, deadline, now) if kind == DAY else _night_mps(game, deadline, now)
    if texts is None:  # not yet known who to remind: a later poll tries again (no mark)
        return []
    approved = "reminder" in game.config.live.auto
    made = []
    with game.store.transaction():
        if kv_get(game.store, _mark(deadline_id, kind)):  # another process drafted it meanwhile
            return []
        for key, recipient, subject, body in texts:
            made.append(game.outbox.draft(key, "reminder", body, recipient, subject, approved))
        kv_set(game.store, _mark(deadline_id, kind), now.isoformat())
    log.info("reminder for %r drafted: %d draft(s)", deadline.label, len(made))
    return made


def _day_post(game: LiveGame, deadline: Deadline, now: datetime) -> list[_Text]:
    count = game.live_count(deadline)
    posts = {p.post_id: p for p in game.store.posts(TOPIC)}
    by_mp = game.engine is not None and game.engine.rules.votes_by_mp
    not_voted = list(count.tally.not_voted)
    if by_mp:
        # Votes sent by MP (baguette): the rules give a vote to whoever sent none (his own, for want of one), so
        # the tally's "not voted" leaves him out; the reminder names every voter whose vote MP has not come.
        counted = [voter for row in count.tally.counts for voter in row.voters]
        not_voted = [v for v in counted if v not in count.standing] + not_voted
        order = [p.name for p in game.config.players]
        not_voted = sorted(dict.fromkeys(not_voted), key=lambda n: order.index(n) if n in order else len(order))
    context = {
        "day": deadline.label,
        "left": _left(deadline.at, now),
        "secret": game.counts_secret(),  # who has not voted, but no numbers (double-roles)
        "counts": () if game.counts_secret() else count.tally.counts,
        "not_voted": not_voted,
        "by_mp": by_mp,  # the votes are MPs to the MJ, not posts
        "mj": game.config.live.username,
        "deadline": deadline.at,
        "tz": game.config.timezone,
        "last_post": posts.get(count.last_post_id or ""),
    }
    body = render("reminder_day", game.config.markup, context, game.config.templates_dir, game.config.vote_format)
    return [(f"{deadline.id}/reminder/day", None, None, body)]


def draft_due_reminders(game: LiveGame) -> list[Draft]:
    """Draft every reminder whose time has come and whose deadline is still ahead, once each: what each poll
    does, so a reminder whose own job failed (the count stopped by a layout alert, the phase before not
    resolved yet because the forum was down at its deadline, meneur stopping) is drafted by the next poll."""
    now = game.clock()
    made: list[Draft] = []
    for reminder in due_reminders(game):
        if reminder.at <= now:
            made += draft_reminder(game, reminder.deadline, reminder.kind)
    return made


def _night_mps(game: LiveGame, deadline: Deadline, now: datetime) -> list[_Text] | None:
    engine = game.engine
    assert engine is not None and deadline.phase is not None
    view = engine.night_view(deadline.phase, game.window(deadline), deadline.at)
    wrote = {str(mp["player"]) for mp in view["mps"]}
    state = engine.state_before(deadline.phase)
    if state.winner:
        return []  # the game is over: nobody to remind
    if state.phase != deadline.phase:
        return None  # the phase before is not resolved yet (its deadline is being retried): not known yet
    texts: list[_Text] = []
    for player in view["not_acted"]:
        if player in wrote:
            continue
        context = {
            "player": player,
            "night": deadline.label,
            "left": _left(deadline.at, now),
            "deadline": deadline.at,
            "tz": game.config.timezone,
            "powers": powers_of(state, player),
            "mj": game.config.live.username,
        }
        body = render(
            "reminder_night", game.config.markup, context, game.config.templates_dir, game.config.vote_format
        )
        # A subject of its own per player and night: spirit drops an MP whose title repeats the MJ's previous one.
        subject = f"{deadline.label} — rappel pour {player}"
        texts.append((f"{deadline.id}/reminder/night/{player}", player, subject, body))
    return texts
