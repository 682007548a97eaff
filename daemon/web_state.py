"""What the MJ's page shows, drawn from the store and the rules engine: the players, the count, the
night's and the day's MPs, the questions, the drafts — and what a rule set adds (each player's objects and
their state, the rule set's own notes, the order of the night or dawn, the day powers used).

Drawn by :class:`meneur.daemon.web.MJPage` when the database changed; it never talks to the forum.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from ..engine import items
from ..engine.daycount import DayCount
from ..engine.model import Action
from .absences import absences_view
from .chores import activity
from .counting import count_json, post_orders
from .game import Deadline, LiveGame
from .i18n import translated
from .poller import open_alerts


def draw(game: LiveGame) -> dict[str, Any]:
    """What the MJ's page shows, from the store and the rules engine (the page draws it again when the
    database changes)."""
    pending = game.deadlines("pending")
    # The day in progress, else the last one that ended (its count at the deadline).
    day = game.current_day() or next((d for d in reversed(game.deadlines()) if d.kind == "day"), None)
    try:
        live: DayCount | None = game.live_count(day)
    except Exception:  # a layout alert stops counting: the page says so
        live = None
    alerts = open_alerts(game.store)
    drafts = game.outbox.drafts()
    phase = next((d.phase for d in pending if d.phase), None)
    engine_state = game.engine.state_before(phase) if game.engine and phase else None
    if game.engine and engine_state is None:  # every deadline is past: the game as it ended
        engine_state = game.engine.latest_state()
    if game.engine and engine_state is not None and phase:  # a day: with the day powers read so far
        engine_state = game.engine.day_state(phase, engine_state)
    rules = game.engine.rules if game.engine else None
    players = []
    for p in game.config.players:
        seen = engine_state.player(p.name) if engine_state else None
        role = seen.role if seen else p.role
        players.append(
            {
                "name": p.name,
                "alive": seen.alive if seen else not p.dead,
                "role": role,
                "role_name": rules.role_names.get(role, role) if rules and role else role,
                # A rule set's word on the player beyond the role (trinite: the object's style).
                "note": rules.player_note(engine_state, p.name)
                if rules and rules.player_note and engine_state and seen
                else None,
                "objects": _items(rules, engine_state, p.name) if rules and seen else [],
                "camp": seen.camp if seen else None,
                "death": f"{seen.death_phase}, {seen.death_cause}" if seen and not seen.alive else None,
            }
        )
    # A rule set with groups (houses, trios…) says who is in which: ``groups(state)``.
    grouping = game.engine.rules.groups if game.engine else None
    groups = {str(k): list(v) for k, v in grouping(engine_state).items()} if grouping and engine_state else {}
    night = game.current_night()
    night_view = (
        game.engine.night_view(night.phase, game.window(night), night.at)  # in_window: a deadline, not now
        if game.engine and night and night.phase
        else None
    )
    questions = (
        [{"id": q.id, "to": q.to, "prompt": q.prompt, "options": list(q.options)} for q in game.engine.open_questions()]
        if game.engine
        else [
            {"id": str(a["kind"]).split(":", 1)[1], "to": "", "prompt": str(a["message"]), "options": []}
            for a in alerts
            if str(a["kind"]).startswith("question:")
        ]
    )
    ruled = _rules_view(rules, engine_state) if rules and engine_state else None
    den = _den_view(game, engine_state) if ruled is not None and engine_state is not None else None
    if ruled is not None and den:
        ruled["notes"][DEN_HEADING] = den
    current = game.current_day() or next((d for d in reversed(game.deadlines()) if d.kind == "day"), None)
    day_powers = _day_powers(game, current) if game.engine and current and current.phase else None
    orders = _post_orders(game, current) if game.engine and current and current.phase else None
    posts = {p.post_id: p for p in game.store.posts("game")}
    corrections = game.store.corrections("game")
    living = [p["name"] for p in players if p["alive"]]
    return {
        "next_deadline": (
            {"label": pending[0].label, "at": pending[0].at.isoformat(), "phase": pending[0].phase} if pending else None
        ),
        "phase": engine_state.phase if engine_state else None,
        "winner": engine_state.winner if engine_state else None,
        "mayor": engine_state.mayor if engine_state else None,
        "players": players,
        "groups": groups,
        "living": living,
        "count": _count_view(game, live, posts, corrections, day, pending) if live else None,
        "timeline": _timeline(live, game.window(day) if day else None, day.at if day else None) if live else None,
        "night": night_view,
        "day_powers": day_powers,
        "post_orders": orders,  # what the rule set reads in the day's posts besides the votes (citadelles' J0)
        "activity": activity(game) if live is not None else [],  # per phase: posts, votes, powers (chores.py)
        "absences": absences_view(game.store),  # declared by MP or in the absence topic (absences.py)
        "rules": ruled,
        "alerts": [
            {"kind": a["kind"], "message": a["message"], "at": a["at"]}
            for a in alerts
            if not str(a["kind"]).startswith("question:")
        ],
        "questions": questions,
        "drafts": [
            {
                "key": d.key,
                "kind": d.kind,
                "state": d.state,
                "recipient": d.recipient,
                "subject": d.subject,
                "body": d.body,
                "error": d.error,
                "forum_id": d.forum_id,
                "link": _draft_link(game, d.recipient, d.forum_id) if d.state == "sent" else None,
                "updated_at": d.updated_at,
                "parts": game.outbox.planned_parts(d, game.adapter.max_post_chars()),
            }
            for d in drafts
        ],
    }


DEN_HEADING = "Antre des loups"

# What one den post gave, in the MJ's words (the module's den actions: engine/modules/baguette/den.py).
_DEN_READINGS = {
    "loups.devorer": "victime {0}",
    "baguette.anti_devoilement": "anti-dévoilement : {0} en {role}",
    "baguette.anti_devoilement_nul": "anti-dévoilement nul (post édité ou supprimé) : {0} en {role}",
    "baguette.antre_refus": "{0} est un loup, choix refusé (le précédent tient)",
}
_SPOILED = {"edited": "édité", "deleted": "supprimé"}


def _den_reading(rules: Any, actions: Sequence[Action], whole: bool = False) -> str:
    """A den reading (``RuleSet.read_den``'s actions) in the MJ's words, each action its clause; ``whole``: the
    night's reading (what the deadline takes, whose post), where a refused choice is only the post's."""
    said = []
    for action in actions:
        targets = [*action.targets, "", ""]
        spoiled = _SPOILED.get(targets[0], targets[0])
        if action.power == "baguette.sans_victime":
            said.append(
                f"pas de victime (post de {action.player} {spoiled})" if whole else f"post {spoiled}, pas de victime"
            )
        elif action.power == "loups.devorer" and whole:
            said.append(f"victime {targets[0]} (post de {action.player})")
        elif action.power == "baguette.antre_refus" and whole:
            continue
        elif action.power in _DEN_READINGS:
            role = rules.role_names.get(targets[1], targets[1])
            said.append(_DEN_READINGS[action.power].format(*targets, role=role))
        else:
            said.append(f"{action.power} {' '.join(action.targets)}".strip())
    if whole and not any(a.power in ("loups.devorer", "baguette.sans_victime") for a in actions):
        said.insert(0, "aucune victime désignée")
    return " ; ".join(said)


def _den_view(game: LiveGame, state: Any) -> list[str] | None:
    """The wolves' den for the MJ's page (``[game] den_topic``, ``RuleSet.read_den``): the night in progress (else
    the last one), first what its deadline would take from the posts stored so far, then each player's post since
    the night before with what was read from it or why nothing was (no name in another colour than the post, not
    a wolf, after the night's deadline)."""
    rules = game.engine.rules if game.engine else None
    night = game.current_night()
    if rules is None or rules.read_den is None or not game.config.live.den_topic or night is None:
        return None
    from zoneinfo import ZoneInfo

    from .den import den_posts

    tz = ZoneInfo(game.config.timezone)
    earlier = [d.at for d in game.deadlines() if d.kind == "night" and d.at < night.at]
    until = max(night.at, game.clock())
    mj = game.config.live.username
    posts = den_posts(game.store, game.poller.resolver, game.config.layout, mj, max(earlier, default=None), until)
    kept = [p for p in posts if p.time <= night.at]
    taken = _den_reading(rules, rules.read_den(state, kept), whole=True)
    lines = [f"{night.label}, jusqu'à {night.at.astimezone(tz):%d/%m %H:%M} : {taken}"]
    for post in posts:
        when = f"{post.time.astimezone(tz):%d/%m %H:%M} {post.author}"
        try:
            wolf = rules.is_wolf(state.player(post.author))
        except KeyError:
            wolf = False
        if not wolf:
            lines.append(f"{when} : non lu (pas un loup)")
        elif post.time > night.at:
            lines.append(f"{when} : non lu (après l'heure limite)")
        else:
            reading = _den_reading(rules, rules.read_den(state, [post]))
            lines.append(f"{when} : {reading or 'rien lu (aucun nom dans une autre couleur que le post)'}")
    return lines


def _items(rules: Any, state: Any, name: str) -> list[dict[str, Any]]:
    """The objects a player holds (item-based rule sets), in the rule set's words, and whether destroyed."""
    words = {**rules.role_names, **rules.item_names}
    return [{"object": words.get(i.kind, i.kind), "destroyed": i.destroyed} for i in items.held(state, name)]


def _rules_view(rules: Any, state: Any) -> dict[str, Any]:
    """What the rule set adds to the page: its own notes (``mj_notes``: neutralised powers…), the objects
    destroyed, and the night's (or dawn's) order as written once in the rule set."""
    words = {**rules.role_names, **rules.item_names}
    notes = {str(k): [str(line) for line in v] for k, v in rules.mj_notes(state).items()} if rules.mj_notes else {}
    destroyed = [
        {"object": words.get(i.kind, i.kind), "holder": i.holder, "alive": state.player(i.holder).alive}
        for i in items.every(state)
        if i.destroyed
    ]
    return {
        "notes": notes,
        "destroyed": destroyed,
        "has_items": bool(items.every(state)),
        "order": [{"step": step, "name": words.get(step, step)} for step in rules.night_order],
    }


def _day_powers(game: LiveGame, day: Deadline) -> dict[str, Any]:
    """The day's MPs as meneur answered them: the day powers used (in the order read), those refused and why,
    and what they implied at once (the announcements, with their drafts' state)."""
    assert game.engine is not None and day.phase
    states = {d.key: d.state for d in game.outbox.drafts()}
    used: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    announced: list[dict[str, Any]] = []
    for msg_id, outcome in game.engine.mp_outcomes(day.phase).items():
        seen = {"player": outcome["player"], "msg_id": msg_id, "at": outcome["read_at"]}
        accepted = outcome["detail"].get("accepted", [])
        used.extend({**seen, "power": a["power"], "targets": a["targets"]} for a in accepted)
        refused.extend(
            {**seen, "power": r["power"], "targets": r["targets"], "reason": r["reason"]}
            for r in outcome["detail"].get("refused", [])
        )
        announced.extend(
            {**seen, "type": t["event"]["type"], "key": t["key"], "state": states.get(t["key"])}
            for t in outcome["detail"].get("announced", [])
        )
    mps = game.engine.night_view(day.phase, game.window(day), day.at)["mps"]  # any phase's window: its MPs
    return {"phase": day.phase, "label": day.label, "used": used, "refused": refused, "announced": announced,
            "mps": mps}  # fmt: skip


def _post_orders(game: LiveGame, day: Deadline) -> dict[str, Any] | None:
    """The orders the rule set reads in the day's posts (``RuleSet.read_post``: citadelles' J0 citadel choices
    and the mayor's distribution), post by post, those read up to now: a player's post with neither an order
    nor a vote is shown as not understood, never dropped unseen. None for a day whose posts hold votes only."""
    assert game.engine is not None and day.phase
    reader = game.engine.rules.read_post
    if reader is None:
        return None
    state = game.engine.state_before(day.phase)
    if state.phase != day.phase or state.winner:
        return None
    found = post_orders(game.store, "game", game.config, state, reader, game.window(day), day.at)
    if not any(read.orders for read in found) and not state.phase.startswith("J0"):
        return None  # a day with nothing to read but votes: no section
    from .post_replies import readings, said  # what was told at once, and the posts edited after they were read

    told = readings(game, day.phase)
    return {
        "phase": day.phase,
        "label": day.label,
        "posts": [
            {
                "post_id": read.post.post_id,
                "author": read.author,
                "account": read.post.author,
                "at": read.post.posted_at.isoformat(),
                "text": read.post.content_text[:300],
                "orders": [{"power": a.power, "targets": list(a.targets)} for a in read.orders],
                "vote": read.vote,
                "refused": told.get(read.post.post_id, {}).get("reading", {}).get("refused", []),
                # its readings before it was edited (the post as it stands at the deadline counts)
                "earlier": [said(r) for r in told.get(read.post.post_id, {}).get("earlier", [])],
            }
            for read in found
        ],
    }


def _draft_link(game: LiveGame, recipient: str | None, forum_id: str | None) -> str | None:
    if not forum_id:
        return None
    adapter = game.adapter
    return adapter.post_link(forum_id) if recipient is None else adapter.mp_link(forum_id)


def _count_view(
    game: LiveGame,
    count: DayCount,
    posts: dict[str, Any],
    corrections: dict[str, str | None],
    day: Deadline | None,
    pending: list[Deadline],
) -> dict[str, Any]:
    adapter = game.adapter

    def post(post_id: str) -> dict[str, Any]:
        found = posts.get(post_id)
        return {
            "post_id": post_id,
            "link": adapter.post_link(post_id, found.page if found else None),
            "author": found.author if found else "?",
            "excerpt": (found.content_text[:160] if found else ""),
            "correction": corrections.get(post_id, "") if post_id in corrections else None,
        }

    data = count_json(count)
    data["day"] = day.label if day else None
    data["over"] = day is not None and day not in pending
    data["votes"] = [
        {**post(v.post_id), "voter": v.voter, "target": v.target, "at": v.posted_at.isoformat()}
        for v in sorted(count.standing.values(), key=lambda v: v.posted_at)
    ]
    data["warnings"] = [{**post(w.post_id), "kind": str(w.kind), "message": translated(w.text)} for w in count.warnings]
    data["corrections"] = [
        {**post(post_id), "target": target} for post_id, target in corrections.items() if post_id in posts
    ]
    return data


def _timeline(count: DayCount, start: datetime | None, end: datetime | None) -> dict[str, Any]:
    """Votes over time: after each counted vote, how many votes each player had (a step chart)."""
    standing: dict[str, str] = {}
    points = []
    for vote in count.history:
        before = standing.get(vote.voter)
        standing[vote.voter] = vote.target
        tally: dict[str, int] = {}
        for target in standing.values():
            tally[target] = tally.get(target, 0) + 1
        points.append(
            {"at": vote.posted_at.isoformat(), "voter": vote.voter, "target": vote.target, "before": before,
             "tally": tally}
        )  # fmt: skip
    return {
        "start": (start or (count.history[0].posted_at if count.history else None) or datetime.now(UTC)).isoformat(),
        "end": end.isoformat() if end else None,  # no deadline: the chart runs to the reader's now
        "points": points,
    }
