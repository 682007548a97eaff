"""What a player's post orders (``RuleSet.read_post``: citadelles' J0 citadel choice, the mayor's distribution)
become as soon as meneur reads the post, as an MP's orders do (daemon/mp_answers.py):

- an order the rules refuse (``RuleSet.validate``: a choice already validated, a distribution by another than
  the mayor…) is told to its author by MP at the poll that reads the post, while he can still fix it — once per
  reading of the post: a fresh process per poll finds what was told in the store (``kv``) and tells nothing again;
- a post edited after meneur read it is read again: if the new reading is refused, the player is told again; if a
  refused post now reads right, he is told it is understood now; either way the MJ is told (an alert, and the
  MJ's page marks the post), with the reading that counts — the text as it stands at the deadline (citadelles
  RULINGS R37).

A refusal told here is remembered as told at once (``EngineDriver.record_post_orders_told``), so the deadline's
own ``action_refused`` for that player is not drafted a second time. Rule sets whose day powers read the posts
(``RuleSet.day_powers``: double-roles) tell their post orders' effects through those and are left alone here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .counting import post_orders
from .drafts import DraftText, mp_reply
from .i18n import _
from .poller import add_alert
from .render import french_time, render
from .store import kv_get, kv_set

if TYPE_CHECKING:
    from ..vocabulary import Post
    from .game import LiveGame

TOPIC = "game"


def _key(phase: str) -> str:
    return f"post-replies/{phase}"


@dataclass
class PostReplies:
    """One poll's work: the replies to draft, the alerts for the MJ, and the store's record to write with them."""

    drafts: list[DraftText] = field(default_factory=list)
    alerts: list[tuple[str, str]] = field(default_factory=list)  # (alert kind, message)
    told: list[dict[str, Any]] = field(default_factory=list)  # for ``record_post_orders_told``
    record: dict[str, Any] = field(default_factory=dict)
    changed: bool = False


def readings(game: LiveGame, phase: str) -> dict[str, Any]:
    """What was stored of each post of ``phase`` read so far: post id → its text's hash, its reading
    (accepted and refused orders), how many replies it got, whether it was edited after it was read and its
    earlier readings."""
    return dict(json.loads(kv_get(game.store, _key(phase)) or "{}"))


def post_replies(game: LiveGame) -> PostReplies:
    """The current day's posts with orders compared with what was read of them before (see the module)."""
    work = PostReplies()
    engine = game.engine
    day = game.current_day()
    if engine is None or day is None or not day.phase:
        return work
    rules = engine.rules
    if rules.read_post is None or rules.day_powers is not None:
        return work
    phase = day.phase
    if list(game.store.db.query("select 1 from engine_phases where phase = ?", [phase])):
        return work  # resolved: its close told the rest
    state = engine.state_before(phase)
    if state.phase != phase or state.winner:
        return work
    stored = readings(game, phase)
    work.record = stored
    tz = game.config.timezone
    for read in post_orders(game.store, TOPIC, game.config, state, rules.read_post, game.window(day), day.at):
        if read.author is None:
            continue
        post = read.post
        accepted: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        for action in read.orders:
            reason = rules.validate(state, action)
            order = {"power": action.power, "targets": list(action.targets)}
            if reason:
                refused.append({**order, "reason": reason})
            else:
                accepted.append({**order, "doubtful": False, "replaces": None})
        reading = {"accepted": accepted, "refused": refused}
        before = stored.get(post.post_id)
        if before is not None and before["hash"] == post.content_hash:
            continue  # read already, unchanged
        entry: dict[str, Any] = {
            "hash": post.content_hash,
            "reading": reading,
            "replies": before["replies"] if before else 0,
            "edited": bool(before),
            "earlier": [*before.get("earlier", []), before["reading"]] if before else [],
            "author": read.author,
        }
        work.changed = True
        stored[post.post_id] = entry
        if before is not None and (before["reading"]["accepted"] or before["reading"]["refused"] or read.orders):
            work.alerts.append(_edit_alert(game, post, read.author, before["reading"], reading))
        was_refused = bool(before and before["reading"]["refused"])
        if refused or was_refused:  # a refusal to tell, or one told before that no longer stands
            if before is not None and reading == before["reading"]:
                continue  # the same reading: told already
            entry["replies"] += 1
            key = f"{day.id}/post-reply/{post.post_id}/{entry['replies']}"
            body = _reply_body(game, reading, post.posted_at, tz, edited=before is not None)
            subject = f"{day.label} — {read.author}, ton message de {french_time(post.posted_at, tz)} sur le sujet"
            work.drafts.append(DraftText("receipt", read.author, subject, body, key))
            if refused:
                event = {"type": "action_refused", "audience": "private", "player": read.author}
                work.told.append({"event": event, "key": key})
    return work


def _reply_body(game: LiveGame, reading: dict[str, Any], when: datetime, tz: str, edited: bool) -> str:
    config = game.config
    said = {"accepted": reading["accepted"], "refused": reading["refused"], "unclear": [], "night": False}
    said |= {"when": french_time(when, tz), "not_understood": False, "examples": []}
    receipt = mp_reply(
        config.live.ruleset or "",
        said,
        config.templates_dir,
        config.markup,
        modules=config.live.modules,
    )
    context = {"when": french_time(when, tz), "edited": edited, "refused": bool(reading["refused"]), "receipt": receipt}
    return render("post_reply", config.markup, context, config.templates_dir)


def said(reading: dict[str, Any]) -> str:
    """A post's reading in the MJ's words: its orders, the refused ones marked."""
    orders = [f"{o['power']} → {', '.join(o['targets'])}" for o in reading["accepted"]]
    orders += [f"{o['power']} → {', '.join(o['targets'])} ({_('refused')})" for o in reading["refused"]]
    return "; ".join(orders) or _("no order")


def _edit_alert(
    game: LiveGame, post: Post, author: str, before: dict[str, Any], now: dict[str, Any]
) -> tuple[str, str]:
    """The MJ's alert for one edit of a post with an order (its kind names the post's new text: once per edit)."""
    message = _(
        "{player}'s post {post} ({time}) holding an order was edited after meneur read it: it read “{before}”, it "
        "now reads “{now}”. The post as it stands at the deadline counts."
    ).format(player=author, post=post.post_id, time=french_time(post.posted_at, game.config.timezone),
             before=said(before), now=said(now))  # fmt: skip
    return f"post-order-edit:{post.post_id}:{post.content_hash[:16]}", message


def record_replies(game: LiveGame, work: PostReplies) -> list[str]:
    """Draft the replies, open the alerts and store what was read, in one transaction: never twice."""
    day = game.current_day()
    if not work.changed or day is None or not day.phase or game.engine is None:
        return []
    keys = []
    with game.store.transaction():
        for text in work.drafts:
            approved = text.kind in game.config.live.auto
            keys.append(game.outbox.draft(text.key, text.kind, text.body, text.recipient, text.subject, approved).key)
        for kind, message in work.alerts:
            add_alert(game.store, kind, message, game.clock())
        if work.told:
            game.engine.record_post_orders_told(day.phase, work.told)
        kv_set(game.store, _key(day.phase), json.dumps(work.record, ensure_ascii=False))
    return keys
