"""The live game: one poll cycle, the live count, and what happens at a deadline.

Everything here reads and writes the store and talks to the forum through the adapter; the
clock is injected, so tests and the demo can run a day in seconds.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from ..engine.contract import TopicPost
from ..engine.daycount import CountedVote, DayCount
from ..engine.model import Action, GameState
from ..parsers.records import Post
from .adapters.base import ForumAdapter
from .config import Config
from .counting import count_from_store, count_post_text, resolver_of
from .drafts import DRAFTED_AT_ONCE_ONLY
from .engine_live import EngineDriver
from .i18n import _
from .mp_answers import ANSWERED, MpWindow, said_key
from .outbox import Draft, Outbox, OutboxError
from .poller import LAYOUT_ALERT, CountingStopped, Poller, TopicPoll, add_alert, open_alerts, resolve_alerts
from .render import render
from .store import Store, kv_get, kv_set

log = logging.getLogger("meneur.game")

TOPIC = "game"


class GameError(ValueError):
    """A request the game cannot honour (no rule set, an unknown question), said for the MJ."""


@dataclass(frozen=True)
class Deadline:
    id: str
    label: str
    at: datetime
    kind: str
    state: str
    phase: str | None = None


@dataclass
class CycleReport:
    topic: TopicPoll | None = None
    new_mps: int = 0
    count: DayCount | None = None
    drafted: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    requests: int = 0


class LiveGame:
    def __init__(self, config: Config, store: Store, adapter: ForumAdapter, clock: Callable[[], datetime]) -> None:
        self.config = config
        self.store = store
        self.adapter = adapter
        self.clock = clock
        self.outbox = Outbox(store, clock, adapter.markup, settle=timedelta(seconds=config.live.settle))
        self.poller = Poller(store, adapter, TOPIC, resolver_of(config), clock)
        self.engine = EngineDriver(config, store, clock) if config.live.ruleset else None
        self._absence_topic: Any = None  # daemon/absences.py's AbsenceTopic, made at the first poll
        self._den: Any = None  # daemon/den.py's DenTopic, made at the first poll
        self.sync_deadlines()

    # -- deadlines ------------------------------------------------------------------------------
    def sync_deadlines(self) -> None:
        """Deadlines are rows: the configuration adds or moves pending ones, never re-arms fired ones.

        A pending row the configuration no longer lists (a label renamed or removed) is taken out, so one
        phase never has two live deadlines; a new label for a deadline that already fired (same time, or
        same phase) is refused, since it would fire the phase a second time."""
        configured = {deadline.label for deadline in self.config.live.deadlines}
        with self.store.transaction():
            rows = list(self.store.db.query("select * from deadlines"))
            for deadline in self.config.live.deadlines:
                if any(str(r["id"]) == deadline.label for r in rows):
                    continue
                for row in rows:
                    if row["state"] == "pending" or str(row["id"]) in configured:
                        continue
                    same_time = datetime.fromisoformat(str(row["at"])) == deadline.at
                    same_phase = deadline.phase is not None and row.get("phase") == deadline.phase
                    if same_time or (same_phase and self.config.live.ruleset):
                        why = "time" if same_time else f"phase ({deadline.phase})"
                        raise GameError(
                            f"deadlines: {deadline.label!r} has the same {why} as {row['label']!r}, which already "
                            f"fired: a label names a deadline in the database; give it its label {row['label']!r} back"
                        )
            for row in rows:
                if row["state"] == "pending" and str(row["id"]) not in configured:
                    log.warning("the deadline %r is no longer in the configuration: taken out", row["label"])
                    self.store.db.execute("delete from deadlines where id = ? and state = 'pending'", [row["id"]])
            for deadline in self.config.live.deadlines:
                self.store.db.execute(
                    "insert into deadlines (id, label, at, kind, phase) values (?, ?, ?, ?, ?) on conflict(id) do "
                    "update set at = excluded.at, kind = excluded.kind, phase = excluded.phase "
                    "where deadlines.state = 'pending'",
                    [deadline.label, deadline.label, deadline.at.isoformat(), deadline.kind, deadline.phase],
                )

    def deadlines(self, state: str | None = None) -> list[Deadline]:
        """The deadlines (those of ``state`` only: pending, fired, skipped). A deadline whose phase the game
        went past (``skipped``: citadelles' J0-zenith when the morning balanced the citadels) is not one of
        the game's any more: listed only when asked for by its state, it bounds no phase's window."""
        where = " where state = ?" if state else " where state != 'skipped'"
        sql = "select * from deadlines" + where + " order by at"
        return [
            Deadline(
                str(r["id"]),
                str(r["label"]),
                datetime.fromisoformat(str(r["at"])),
                str(r["kind"]),
                str(r["state"]),
                str(r["phase"]) if r.get("phase") else None,
            )
            for r in self.store.db.query(sql, [state] if state else [])
        ]

    def current_day(self) -> Deadline | None:
        """The day in progress: the first pending day deadline."""
        return next((d for d in self.deadlines("pending") if d.kind == "day"), None)

    # -- counting -------------------------------------------------------------------------------
    def live_count(self, deadline: Deadline | None = None) -> DayCount:
        if open_alerts(self.store, LAYOUT_ALERT):
            raise CountingStopped(_("a layout alert is open: see `meneur check`"))
        day = deadline or self.current_day()
        config = self.config
        since = None
        refusal = None
        rules_state = None
        if day is not None:
            config = replace(config, deadline=day.at)
            # One topic may hold several days: the day's votes are those posted after the last phase ended.
            earlier = [d.at for d in self.deadlines() if d.at < day.at]
            since = max(earlier) if earlier else None
            if self.engine is not None and day.phase:  # the dead are the engine's, not the file's
                state = self.engine.day_state(day.phase)  # with the day powers read so far
                dead = self.engine.not_voting(state)
                config = replace(config, players=tuple(replace(p, dead=p.name in dead) for p in config.players))
                refuse = self.engine.rules.vote_refusal  # e.g. a lover's vote against the other
                if refuse is not None:
                    refusal = partial(refuse, state)
                rules_state = state
        count, _posts = count_from_store(self.store, TOPIC, config, since, refusal)
        if self.engine is not None and self.engine.rules.votes_by_mp and day is not None and rules_state is not None:
            return self._mp_count(day, rules_state, count)
        by_the_rules = self.engine.rules.day_tally if self.engine else None
        if by_the_rules is not None and rules_state is not None:
            # The count as the rule set makes it (double votes, who may vote…), as the deadline will.
            count = replace(count, tally=by_the_rules(rules_state, count.current)[0])
        return count

    def _mp_count(self, day: Deadline, state: GameState, posted: DayCount) -> DayCount:
        """The day's count where votes are sent by MP (``RuleSet.votes_by_mp``: baguette): the vote MPs
        accepted so far, the last one of each player standing (``RuleSet.mp_votes``), counted by the rules
        (a self-vote for want of one, blank votes, absences). A vote posted in the topic counts for nothing:
        the MJ is told, once per post."""
        assert self.engine is not None and day.phase is not None
        rules = self.engine.rules
        actions = self.engine.day_actions(day.phase)
        votes = rules.mp_votes(state, actions) if rules.mp_votes is not None else {}
        sent = {
            str(r["msg_id"]): datetime.fromisoformat(str(r["sent_at"] or r["fetched_at"]))
            for r in self.store.db.query("select msg_id, sent_at, fetched_at from mps")
        }
        standing: dict[str, CountedVote] = {}
        history: list[CountedVote] = []
        for action in actions:  # in the order read: the last vote of each player is the one standing
            one = rules.mp_votes(state, [action]) if rules.mp_votes is not None else {}
            if action.player in one:  # a vote MP (a blank vote's target is the rules' own word: "blanc")
                history.append(
                    CountedVote(action.source, action.player, one[action.player], sent.get(action.source, day.at))
                )
        for vote in history:
            if votes.get(vote.voter) == vote.target:
                standing[vote.voter] = vote
        if rules.note_absences is not None:  # the stored absences' non-votes, as the deadline will count them
            state = rules.note_absences(state, self.absence_actions(day))
        tally = rules.day_tally(state, votes)[0] if rules.day_tally is not None else posted.tally
        told = {str(r["kind"]) for r in self.store.db.query("select kind from alerts where kind like 'post-vote:%'")}
        for vote in posted.standing.values():
            if f"post-vote:{vote.post_id}" in told:  # once per post, even after the MJ closed it
                continue
            add_alert(
                self.store,
                f"post-vote:{vote.post_id}",
                _(
                    "{voter} posted a vote against {target} in the topic (post {post}): in this game the votes are "
                    "sent by MP, so it does not count."
                ).format(voter=vote.voter, target=vote.target, post=vote.post_id),
                self.clock(),
            )
        return DayCount(standing, tally, (), None, day.at, tuple(history))

    def _count_context(self, count: DayCount, label: str | None) -> dict[str, object]:
        posts = {p.post_id: p for p in self.store.posts(TOPIC)}
        return {
            "counts": count.tally.counts,
            "leaders": count.tally.leaders,
            "not_voted": count.tally.not_voted,
            "deadline": count.deadline,
            "tz": self.config.timezone,
            "last_post": posts.get(count.last_post_id or ""),
            "day": label,
        }

    def _maybe_post_live_count(self, count: DayCount, day: Deadline | None, report: CycleReport) -> None:
        every = self.config.live.count_every_votes
        if every <= 0 or day is None or self.counts_secret():
            return
        counted = {vote.post_id for vote in count.standing.values()}
        before = set(json.loads(kv_get(self.store, f"counted-posts/{day.id}") or "[]"))
        if len(counted - before) >= every:
            report.drafted.append(self._draft_count(count, day).key)

    def counts_secret(self) -> bool:
        """Whether the rule set keeps the count from the players (``RuleSet.secret_counts``): no count post."""
        return self.engine is not None and self.engine.rules.secret_counts

    def _draft_count(self, count: DayCount, day: Deadline) -> Draft:
        """The next live count of the day, and what it counted (to know when the next one is due)."""
        sequence = int(kv_get(self.store, f"count-seq/{day.id}") or "0") + 1
        body = count_post_text(count, self.store.posts(TOPIC), self.config, day.label)
        draft = self.outbox.draft(
            f"{day.id}/vote_count/{sequence}", "vote_count", body, approved="vote_count" in self.config.live.auto
        )
        kv_set(self.store, f"count-seq/{day.id}", str(sequence))
        kv_set(self.store, f"counted-posts/{day.id}", json.dumps(sorted(v.post_id for v in count.standing.values())))
        return draft

    # -- the cycle ------------------------------------------------------------------------------
    def cycle(self, inbox: bool = True) -> CycleReport:
        """One poll: the topic, the inbox, the live count, and the drafts ready to go."""
        start = self.adapter.http.requests
        report = CycleReport()
        try:
            report.topic = self.poller.poll_topic()
        except CountingStopped:
            self._alert_mj()
            raise
        if inbox:
            report.new_mps = len(self.poller.poll_inbox())
        self._poll_absences()
        self._poll_den()
        report.drafted.extend(self.answer_mps())
        report.drafted.extend(self.announce_post_orders())
        report.drafted.extend(self.answer_post_orders())
        day = self.current_day()
        report.count = self.live_count(day)
        self._maybe_post_live_count(report.count, day, report)
        self._answers_from_mayor_posts()
        report.sent = [d.key for d in self.outbox.send_ready(self.adapter)]
        report.requests = self.adapter.http.requests - start
        return report

    def _poll_absences(self, strict: bool = False) -> None:
        """The absence topic (``[game] absence_topic``, daemon/absences.py): never stops the count; ``strict`` (a
        day's deadline, whose non-votes it gives) raises what stops it being read, for the deadline to wait."""
        if not self.config.live.absence_topic:
            return
        from .absences import AbsenceTopic

        if self._absence_topic is None:
            self._absence_topic = AbsenceTopic(self, self.config.live.absence_topic)
        try:
            self._absence_topic.poll(full=strict)  # a deadline reads it all: a deleted absence is no absence
        except Exception as exc:
            log.exception("reading the absence topic failed")
            message = _("cannot read the absence topic: {error}").format(error=exc)
            add_alert(self.store, "absence-topic", message, self.clock())
            if strict:
                raise
        else:
            resolve_alerts(self.store, "absence-topic")

    def reads_den(self) -> bool:
        """Whether there is a wolves' den to read: ``[game] den_topic``, for rules that read it (``read_den``)."""
        return bool(self.config.live.den_topic) and self.engine is not None and self.engine.rules.read_den is not None

    def _poll_den(self, full: bool = False, strict: bool = False) -> None:
        """The wolves' den (``[game] den_topic``, daemon/den.py), like the absence topic: never stops the count;
        ``full`` (at a night's deadline) reads it all, which finds the posts deleted since; ``strict`` (the night's
        deadline, whose victim it holds) raises what stops it being read, for the deadline to wait and try again."""
        if not self.reads_den():
            return
        from .den import DenTopic

        if self._den is None:
            self._den = DenTopic(self, str(self.config.live.den_topic))
        try:
            self._den.poll(full=full)
        except Exception as exc:
            log.exception("reading the den failed")
            add_alert(self.store, "den-topic", _("cannot read the den topic: {error}").format(error=exc), self.clock())
            if strict:
                raise
        else:
            resolve_alerts(self.store, "den-topic")

    def den_posts(self, night: Deadline) -> list[TopicPost]:
        """The den's posts a night's deadline reads: from the previous night's deadline (a post by day counts for
        the coming night) up to this one (the actions deadline)."""
        from .den import den_posts

        earlier = [d.at for d in self.deadlines() if d.kind == "night" and d.at < night.at]
        mj = self.config.live.username
        return den_posts(self.store, self.poller.resolver, self.config.layout, mj, max(earlier, default=None), night.at)

    def absence_actions(self, day: Deadline) -> list[Action]:
        """The stored absences (absence topic and MPs, daemon/absences.py) as the rules take them at a day's
        deadline (``RuleSet.absence_power``: baguette's non-vote): each absence that covers the deadline's day or
        the day before names this day; one whose days were not said is handed over once, with no day, at the
        first day's deadline after it was said, by day or by night (the rules ask the MJ which days it covers)."""
        power = self.engine.rules.absence_power if self.engine is not None else None
        if power is None or day.kind != "day" or not day.phase:
            return []
        from zoneinfo import ZoneInfo

        from .absences import absences

        last = day.at.astimezone(ZoneInfo(self.config.timezone)).date()
        days_before = [d for d in self.deadlines() if d.kind == "day" and d.at < day.at]
        since = self.mp_edge(days_before[-1]) if days_before else None  # the day before's close handed over its own
        found: list[Action] = []
        for stored in absences(self.store):
            if stored.absence.vague:
                if stored.said_at > day.at or (since is not None and stored.said_at <= since):
                    continue
                targets: tuple[str, ...] = ()
            elif stored.absence.covers(last) or stored.absence.covers(last - timedelta(days=1)):
                targets = (day.phase,)
            else:
                continue
            found.append(Action(stored.player, power, targets, f"absence:{stored.ref}"))
        return found

    def answer_mps(self) -> list[str]:
        """Each player's MP read since the last poll ends as one outcome, with a reply drafted (a receipt,
        a refusal, "not understood") and the MJ alerted when it needs him: once per MP. Returns the
        replies' keys."""
        if self.engine is None:
            return []
        try:
            return self._answer_mps()
        except Exception as exc:  # answering MPs must never stop the count: the MJ is told instead
            log.exception("answering the players' MPs failed")
            add_alert(
                self.store,
                "mp-flow",
                _("meneur can no longer answer the players' MPs: {error}").format(error=exc),
                self.clock(),
            )
            return []

    def _answer_mps(self) -> list[str]:
        assert self.engine is not None
        all_ = self.deadlines()
        windows = [
            MpWindow(d.id, d.label, d.phase, self.mp_edge(all_[i - 1]) if i else None, self.mp_edge(d))
            for i, d in enumerate(all_)
            if d.phase
        ]
        keys = []
        for answer in self.engine.answer_new_mps(windows, self.config.timezone):
            with self.store.transaction():
                self.engine.record_mp(answer)
                if answer.reply is not None:
                    r = answer.reply
                    auto = r.kind in self.config.live.auto  # a receipt, an answer: "receipt"; a call for help: "help"
                    keys.append(self.outbox.draft(r.key, r.kind, r.body, r.recipient, r.subject, auto).key)
                for told in answer.drafts:  # what a day power implies at once: an announcement, a result
                    approved = told.kind in self.config.live.auto
                    kind = "result" if told.recipient else told.kind
                    made = self.outbox.draft(told.key, kind, told.body, told.recipient, told.subject, approved)
                    keys.append(made.key)
                if answer.alert is not None:
                    add_alert(self.store, f"mp:{answer.msg_id}", answer.alert, self.clock())
                for earlier in self.engine.settled_by(answer):  # a rewritten MP closes the alert on the first
                    self.store.db.execute("update alerts set resolved = 1 where kind = ?", [f"mp:{earlier}"])
            if answer.outcome == ANSWERED:  # a hunter's shot, a successor…: the phase is run again with it
                self.answer(str(answer.detail["question"]), str(answer.detail["choice"]))
        return keys

    def announce_post_orders(self) -> list[str]:
        """What the day's posts imply at once, beside the votes (double-roles: the mayor destituted the instant
        two thirds said OUI): drafted once under a stable key, remembered in the same transaction."""
        day = self.current_day()
        if self.engine is None or day is None or not day.phase:
            return []
        try:
            texts, told = self.engine.post_order_drafts(day.id, day.phase)
            keys = []
            with self.store.transaction():
                for text in texts:
                    approved = text.kind in self.config.live.auto
                    kind = "result" if text.recipient else text.kind
                    made = self.outbox.draft(text.key, kind, text.body, text.recipient, text.subject, approved)
                    keys.append(made.key)
                if told:
                    self.engine.record_post_orders_told(day.phase, told)
            return keys
        except Exception as exc:  # never stops the count: the MJ is told instead
            log.exception("reading the day's post orders failed")
            add_alert(self.store, "post-orders", _("meneur cannot read the day's orders in the posts: {error}").format(
                error=exc), self.clock())  # fmt: skip
            return []

    def answer_post_orders(self) -> list[str]:
        """The day's post orders the rules refuse, told to their authors at once; a post with an order edited
        since it was read, shown to the MJ (daemon/post_replies.py). Drafted and remembered in one transaction."""
        from .post_replies import post_replies, record_replies

        try:
            work = post_replies(self)
            return record_replies(self, work)
        except Exception as exc:  # never stops the count: the MJ is told instead
            log.exception("answering the day's post orders failed")
            add_alert(self.store, "post-orders", _("meneur cannot read the day's orders in the posts: {error}").format(
                error=exc), self.clock())  # fmt: skip
            return []

    def _alert_mj(self) -> None:
        """Tell the MJ by MP too (``alerts.mp_mj``), once per alert."""
        alert_id, self.poller.new_alert = self.poller.new_alert, None
        if alert_id is None or not self.config.live.alert_mj_by_mp:
            return
        message = str(next(iter(open_alerts(self.store, LAYOUT_ALERT)), {}).get("message", ""))
        body = f"meneur ne sait plus lire le sujet de la partie et a arrêté le décompte.\n\n{message}"
        self.outbox.draft(
            f"alert/{alert_id}",
            "alert",
            body,
            recipient=self.config.live.username,
            subject="meneur : décompte arrêté",
            approved=True,
        )
        self.outbox.send_ready(self.adapter)

    def post_count_now(self) -> Draft | None:
        """A live count at a set time (``outbox.count_at``), whatever the number of new votes."""
        day = self.current_day()
        if day is None or self.counts_secret():
            return None
        draft = self._draft_count(self.live_count(day), day)
        self.outbox.send_ready(self.adapter)
        return draft

    def fire_deadline(self, deadline_id: str) -> Draft | None:
        """The end of a phase: read everything once more, count at the deadline, draft the result."""
        rows = [d for d in self.deadlines() if d.id == deadline_id]
        if not rows or rows[0].state != "pending":
            return None
        deadline = rows[0]
        if self.clock() < deadline.at:
            raise ValueError(
                _("{label} is not over yet (deadline {at})").format(label=deadline.label, at=deadline.at.isoformat())
            )
        self.poller.poll_topic(full=True)  # catches edits on older pages too
        if self.engine is not None and deadline.phase:
            self.poller.poll_inbox()  # the orders sent since the last inbox reading belong to this phase too
            if deadline.kind == "night":
                self._poll_den(full=True, strict=True)  # the night's den, edits and deletions included
            elif self.engine.rules.absence_power is not None:
                self._poll_absences(strict=True)  # an absence said since the last poll is a non-vote too
        self.answer_mps()  # the MPs read since the last poll are answered before their phase is resolved
        self.answer_post_orders()  # and the posts (an edit on an older page is found by this full reading)
        draft = None
        if self.engine is not None and deadline.phase:
            draft = self._resolve_with_engine(deadline)
        elif deadline.kind == "day":
            count = self.live_count(deadline)
            body = render(
                "evening", self.adapter.markup, self._count_context(count, deadline.label), self.config.templates_dir
            )
            draft = self.outbox.draft(
                f"{deadline.id}/evening", "evening", body, approved="evening" in self.config.live.auto
            )
        self._check_activity(deadline)
        with self.store.transaction():
            self.store.db.execute(
                "update deadlines set state = 'fired', fired_at = ? where id = ?",
                [self.clock().isoformat(), deadline.id],
            )
        self.outbox.send_ready(self.adapter)
        return draft

    def _check_activity(self, deadline: Deadline) -> None:
        """The activity rule at a day's end (daemon/activity_rule.py); its failure never stops the deadline."""
        if deadline.kind != "day" or self.config.live.activity_silent_days <= 0:
            return
        from .activity_rule import check_activity

        try:
            check_activity(self, deadline)
        except Exception as exc:
            log.exception("the activity rule failed")
            message = _("the activity rule failed: {error}").format(error=exc)
            add_alert(self.store, "activity-rule", message, self.clock())

    def _resolve_with_engine(self, deadline: Deadline) -> Draft | None:
        """The rule set resolves the phase; its posts and MPs become drafts (public ones wait for the MJ)."""
        assert self.engine is not None and deadline.phase
        earlier = [d for d in self.deadlines() if d.at < deadline.at]
        since = self.mp_edge(earlier[-1]) if earlier else None
        votes = self.live_count(deadline).current if deadline.kind == "day" else {}
        if self.engine.rules.votes_by_mp:
            votes = {}  # the vote MPs are among the phase's actions: the rules read them (``mp_votes``)
        den = self.den_posts(deadline) if deadline.kind == "night" and self.reads_den() else []
        away = self.absence_actions(deadline)
        outcome, drafts = self.engine.resolve(deadline.phase, votes, since, self.mp_edge(deadline), den, away)
        self._set_aside_said_again(deadline.phase, [e.as_json() for e in outcome.events])
        self._skip_passed_over(deadline.phase, outcome.state.phase if not outcome.state.winner else None)
        return self._draft_engine_texts(deadline.id, outcome.questions, drafts)

    def _set_aside_said_again(self, phase: str, events: list[dict[str, Any]]) -> None:
        """The drafts a day power made at once (an announcement, a private result) that the MJ had not let go
        when the phase was resolved, and whose event the resolution tells again: set aside. The phase's own
        texts say it now (they leave out only what had gone out), or an earlier copy went out already; sent
        as well, the players would read it twice."""
        assert self.engine is not None
        said = {said_key(e) for e in events if e["type"] not in DRAFTED_AT_ONCE_ONLY}
        states = {d.key: d.state for d in self.outbox.drafts()}
        for entry in self.engine.told_at_once(phase):
            key = str(entry["key"])
            if states.get(key) in ("drafted", "failed") and said_key(entry["event"]) in said:
                try:
                    self.outbox.discard(key)
                except OutboxError as exc:  # sent meanwhile (the MJ's page): nothing left to set aside
                    log.warning("%s: not set aside (%s)", key, exc)
                    continue
                log.info("%s: its event is told again by the phase's texts: set aside", key)
                states[key] = "discarded"

    def _skip_passed_over(self, phase: str, reached: str | None) -> None:
        """The pending deadlines of phases the game went past (J0-zenith when the citadels are balanced) are
        skipped: they fire nothing, and the next phase's window runs from ``phase``'s deadline."""
        if self.engine is None or reached is None:
            return
        skipped = self.engine.passed_over(phase, reached)
        if not skipped:
            return
        with self.store.transaction():
            for gone in skipped:
                log.info("phase %s skipped: the game went from %s to %s", gone, phase, reached)
                self.store.db.execute(
                    "update deadlines set state = 'skipped', fired_at = ? where phase = ? and state = 'pending'",
                    [self.clock().isoformat(), gone],
                )

    def _draft_engine_texts(
        self, prefix: str, questions: list[Any], drafts: list[Any], replace_unsent: bool = False
    ) -> Draft | None:
        """Draft a resolved phase's texts. With ``replace_unsent`` (the phase ran again), its earlier drafts
        that the new run no longer makes, and that have not gone out, are discarded."""
        if replace_unsent:
            wanted = {f"{prefix}/{text.key}" for text in drafts}
            for stale in self.outbox.unsent_under(f"{prefix}/"):
                if stale.key not in wanted:
                    self.outbox.discard(stale.key)
        public = None
        for text in drafts:
            kind = "evening" if text.kind == "evening" else "morning" if text.kind == "morning" else "result"
            made = self.outbox.draft(
                f"{prefix}/{text.key}",
                kind,
                text.body,
                recipient=text.recipient,
                subject=text.subject,
                approved=kind in self.config.live.auto,
            )
            if text.recipient is None:
                public = made
        for question in questions:
            add_alert(
                self.store,
                f"question:{question.id}",
                _("the rules need an answer: meneur answer {id} CHOICE ({prompt})").format(
                    id=question.id, prompt=question.prompt
                ),
                self.clock(),
            )
        return public

    def answer(self, question: str, choice: str) -> Draft | None:
        """Record an answer and run its phase again, and every phase resolved after it (they start from
        what it decided); their unsent drafts are refreshed. Returns the answered phase's public draft."""
        if self.engine is None:
            raise GameError(_("this game has no rule set ([game] ruleset)"))
        phase = self.engine.phase_asking(question)
        if phase is None:
            raise GameError(_("no resolved phase asks {question!r}").format(question=question))
        with self.store.transaction():
            self.store.db.execute(
                "insert into answers (question, choice, at) values (?, ?, ?) on conflict(question) do update "
                "set choice = excluded.choice, at = excluded.at",
                [question, choice, self.clock().isoformat()],
            )
            self.store.db.execute("update alerts set resolved = 1 where kind = ?", [f"question:{question}"])
        first = None
        for later in self.engine.phases_from(phase):
            deadline = next((d for d in self.deadlines() if d.phase == later), None)
            outcome, drafts = self.engine.rerun(later)
            public = self._draft_engine_texts(
                deadline.id if deadline else later, outcome.questions, drafts, replace_unsent=True
            )
            first = public if later == phase else first
        return first

    def deal(self) -> list[Draft]:
        """The game's start: the opening post (for a rule set that has one) and each player's role card,
        drafted for the MJ's approval (or sent, with ``outbox.auto``). Safe to repeat: what went out stays."""
        if self.engine is None:
            raise GameError(_("this game has no rule set ([game] ruleset)"))
        texts = [t for t in [self.engine.opening_post()] if t is not None] + self.engine.role_cards()
        auto = self.config.live.auto
        return [
            self.outbox.draft(t.key, t.kind, t.body, recipient=t.recipient, subject=t.subject, approved=t.kind in auto)
            for t in texts
        ]

    def started(self) -> bool:
        """Whether the rules engine has resolved a phase yet."""
        return bool(list(self.store.db.query("select phase from engine_phases limit 1")))

    def correct(self, post_id: str, target: str | None) -> None:
        """The MJ's reading of a post for the counter: a vote against ``target``, or None (no vote).
        Stored by post id, it holds through every recount, the deadline's included."""
        if not any(p.post_id == post_id for p in self.store.posts(TOPIC)):
            raise GameError(_("no post {post!r} in the game topic").format(post=post_id))
        if target is not None and target not in {p.name for p in self.config.players}:
            raise GameError(_("{name!r} is not a player of this game").format(name=target))
        self.store.correct(TOPIC, post_id, target, self.clock())

    def uncorrect(self, post_id: str) -> None:
        self.store.uncorrect(TOPIC, post_id)

    def current_night(self) -> Deadline | None:
        """The night in progress (the first pending night), else the last night that ended."""
        nights = [d for d in self.deadlines() if d.kind == "night"]
        pending = [d for d in nights if d.state == "pending"]
        return pending[0] if pending else (nights[-1] if nights else None)

    def window(self, deadline: Deadline) -> datetime | None:
        """When the phase ending at ``deadline`` began: the previous deadline (its MPs' edge), if any."""
        earlier = [d for d in self.deadlines() if d.at < deadline.at]
        return self.mp_edge(earlier[-1]) if earlier else None

    def mp_edge(self, deadline: Deadline) -> datetime:
        """Where a deadline cuts the MPs between its phase and the next: the deadline itself, but for a day whose
        votes are MPs (``RuleSet.votes_by_mp``: baguette's « A 22h01, le MP n'est pas valable ») the end of the
        deadline's minute — an MP the forum stamps 22:00 is the day's."""
        votes_by_mp = self.engine is not None and self.engine.rules.votes_by_mp
        if not votes_by_mp or deadline.kind != "day":
            return deadline.at
        return deadline.at.replace(second=0, microsecond=0) + timedelta(minutes=1)

    def _players_posts(self) -> list[Post]:
        """The game topic's posts as the players wrote them (`meneur replace`): a newcomer's as the player's, a
        replaced account's, written after its replacement, left out."""
        from .replace import apply_to_posts, replacements

        posts, refused = apply_to_posts(self.store.posts(TOPIC), replacements(self.store))
        return [p for p in posts if p.post_id not in refused]

    def _answers_from_mayor_posts(self) -> None:
        """The mayor's posts after a day's deadline answer its open tie-break and announcement questions."""
        if self.engine is None or not self.engine.rules.reads_mayor_posts:
            return
        from .mayor_posts import KINDS, mayor_answers

        given = self.engine.answers()
        for deadline in self.deadlines("fired"):
            if deadline.kind != "day" or not deadline.phase:
                continue
            rows = list(self.store.db.query("select * from engine_phases where phase = ?", [deadline.phase]))
            open_ids = set(json.loads(rows[0]["questions"])) - set(given) if rows else set()
            open_ids = {q for q in open_ids if q.split(":")[1:2] and q.split(":")[1] in KINDS}
            questions = (
                [e for e in json.loads(rows[0]["events"]) if e.get("type") == "question" and e.get("id") in open_ids]
                if rows
                else []
            )
            if not questions:
                continue
            state = self.engine.state_before(self.engine.phase_after(deadline.phase))
            reader, layout = self.engine.rules.mayor_announcement, self.config.layout
            found = mayor_answers(questions, self._players_posts(), deadline.at, self.engine.resolver(), state,
                                  reader, layout)  # fmt: skip
            for question, choice in found.items():
                log.info("the mayor's post answers %s: %s", question, choice)
                self.answer(question, choice)

    def decree(self, kind: str, player: str | None, cause: str = "mj", text: str = "") -> str:
        """An MJ decree for the next phase to resolve (kill, revive, mayor, event); returns that phase."""
        if self.engine is None:
            raise GameError(_("this game has no rule set ([game] ruleset)"))
        upcoming = next((d for d in self.deadlines("pending") if d.phase), None)
        if upcoming is None or upcoming.phase is None:
            raise GameError(_("no pending deadline with a phase: add one to [[deadlines]]"))
        try:
            self.engine.add_decree(upcoming.phase, kind, player, cause, text)
        except ValueError as exc:
            raise GameError(str(exc)) from exc
        return upcoming.phase

    def due_deadlines(self) -> list[Deadline]:
        """Pending deadlines whose grace period is over (a deadline missed while down fires now)."""
        grace = timedelta(seconds=self.config.live.grace)
        # A day whose votes are MPs fires once its MPs' minute is over, whatever the grace.
        return [d for d in self.deadlines("pending") if max(d.at + grace, self.mp_edge(d)) <= self.clock()]

    def poll_interval(self) -> float:
        """Seconds to the next topic poll: faster in a deadline's last minutes, never past the final poll."""
        live = self.config.live
        day = self.current_day()
        if day is None:
            return live.topic_every
        left = (day.at - self.clock()).total_seconds()
        interval = live.near_every if 0 < left <= live.near_deadline else live.topic_every
        until_final = left + live.grace
        if until_final > 0:
            interval = min(interval, until_final)
        return max(interval, live.min_request_interval)
