"""The rules engine inside the live daemon.

The game's state is never stored as such: each resolved phase stores its *inputs* (standing votes,
actions read from MPs, answers, decrees), and the state is rebuilt by replaying them from the
setup. That is how the daemon recovers after a crash, and why an answer that comes late simply
re-runs its phase.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from ..engine import items
from ..engine.model import Action, Decree, GameState, Outcome, Question
from ..engine.names import NameResolver, PlayerName
from ..engine.rulesets import ruleset
from .config import Config
from .counting import count_from_store
from .drafts import DraftText, day_power_drafts, drafts_for, mp_reply, opening_post, powers_of, role_cards
from .i18n import _
from .mp_actions import MpReading, read_mp
from .render import french_time, render
from .store import Store

# What became of one MP read in a phase's window: exactly one of these, stored in ``mp_outcomes``.
UNDERSTOOD = "understood"  # at least one action taken (a receipt goes to the player)
REFUSED = "refused"  # orders read, every one refused by the rules (the reasons go to the player)
NOT_UNDERSTOOD = "not_understood"  # looks like an order, nothing (or no name) read: the player is asked again
NOT_AN_ORDER = "not_an_order"  # chatter, a question to the MJ: shown to the MJ, no reply drafted
NOT_LIVING = "not_living"  # from a dead player: shown to the MJ, no reply
LATE = "late"  # stamped in a phase's window but read after it was resolved: shown to the MJ, not counted
ANSWERED = "answered"  # the sender's answer to an open question of the rules (a hunter's shot): taken as such

RECEIPTS = ("action_received", "action_refused")  # what the reply to an MP tells: not drafted twice
TOPIC = "game"  # the game topic's name in the store (daemon/game.py)
# Why a day power read once every living player had voted is refused (the player reads it in the reply).
TOO_LATE = (
    "Trop tard : tout le monde avait voté quand ton message est arrivé. Les pouvoirs de jour ne s'utilisent que "
    "tant que tout le monde n'a pas voté."
)


@dataclass(frozen=True)
class MpWindow:
    """A phase's window for MPs: those stamped after ``since`` and up to ``until`` belong to ``phase``."""

    deadline: str  # the deadline's id (the prefix of the phase's drafts)
    label: str
    phase: str
    since: datetime | None
    until: datetime


@dataclass(frozen=True)
class MpAnswer:
    """One MP's outcome, the reply drafted to its sender (if any) and what the MJ is told (if anything)."""

    msg_id: str
    player: str
    window: MpWindow
    outcome: str
    detail: dict[str, Any] = field(default_factory=dict)
    reply: DraftText | None = None
    alert: str | None = None
    drafts: list[DraftText] = field(default_factory=list)  # what a day power implies at once (announcements)


def in_window(when: datetime, since: datetime | None, until: datetime) -> bool:
    """Whether an MP stamped ``when`` belongs to the phase from ``since`` (excluded) to ``until``.

    Most forums stamp an MP to the minute: a stamp on a whole minute stands for any moment of that minute,
    and the MP belongs to the phase that minute ends in — an order sent in the seconds after a deadline,
    stamped with the deadline's minute, counts for the phase that began, not the one that is over."""
    latest = when + timedelta(minutes=1) if when.second == when.microsecond == 0 else when
    return latest <= until and (since is None or latest > since)


def _said(event: dict[str, Any]) -> tuple[str, str, str]:
    """What an event tells, and to whom: the same announcement made at once and again at the deadline."""
    return str(event["type"]), str(event.get("audience", "public")), str(event.get("player", ""))


def _sent_order(row: Any) -> tuple[str, int]:
    """MPs in the order they were sent: by stamp, then — within one minute, where the inbox lists the
    newest first — by the forum's own number for the message (the last number of its id: spirit's
    comment, phpBB's message), which grows with each message sent."""
    numbers = re.findall(r"\d+", str(row["msg_id"]))
    return str(row["sent_at"] or row["fetched_at"]), int(numbers[-1]) if numbers else 0


class EngineDriver:
    def __init__(self, config: Config, store: Store, clock: Callable[[], datetime]) -> None:
        assert config.live.ruleset is not None
        self.config = config
        self.store = store
        self.clock = clock
        self.rules = ruleset(config.live.ruleset)

    # -- the state, rebuilt --------------------------------------------------------------------
    def setup(self) -> GameState:
        names = [p.name for p in self.config.players]
        roles = {p.name: p.role for p in self.config.players if p.role}
        camps = {p.name: p.camp for p in self.config.players if p.camp}
        extra = {"camps": camps} if camps else {}
        dealt = roles if len(roles) == len(names) else None
        state: GameState = self.rules.setup(names, self.config.live.seed, dealt, **extra)
        return state

    def _stored(self) -> list[dict[str, Any]]:
        return list(self.store.db.query("select * from engine_phases order by resolved_at, rowid"))

    def state_before(self, phase: str) -> GameState:
        """The state at the start of ``phase``: setup, then every stored phase before it, replayed."""
        state = self.setup()
        for row in self._stored():
            if row["phase"] == phase or state.winner:
                break
            state = self._run(state, json.loads(row["inputs"])).state
        return state

    def latest_state(self) -> GameState:
        """The state after every resolved phase."""
        state = self.setup()
        for row in self._stored():
            if state.winner:
                break
            state = self._run(state, json.loads(row["inputs"])).state
        return state

    def _run(self, state: GameState, inputs: dict[str, Any]) -> Outcome:
        actions = [Action(a["player"], a["power"], tuple(a["targets"]), a.get("source", "")) for a in inputs["actions"]]
        decrees = [Decree(**d) for d in inputs.get("decrees", [])]
        answers = {**inputs.get("answers", {}), **self.answers()}
        if state.phase.startswith("J"):
            outcome: Outcome = self.rules.close_day(state, inputs["votes"], answers, decrees, actions)
        else:
            outcome = self.rules.resolve_night(state, actions, answers, decrees)
        return outcome

    def decrees(self, phase: str) -> list[dict[str, Any]]:
        """The MJ's decrees for a phase, in the order given (`meneur decree`)."""
        rows = self.store.db.query("select * from decrees where phase = ? order by id", [phase])
        return [{"kind": r["kind"], "player": r["player"], "cause": r["cause"], "text": r["text"]} for r in rows]

    def add_decree(self, phase: str, kind: str, player: str | None, cause: str, text: str) -> None:
        if kind == "mayor" and player == "aucun":
            player = None  # a successful censure motion: no mayor until the next election
        elif kind in ("kill", "revive", "mayor") and player not in {p.name for p in self.config.players}:
            raise ValueError(_("{player!r} is not a player of this game").format(player=player))
        with self.store.transaction():
            self.store.db.execute(
                "insert into decrees (phase, kind, player, cause, text, at) values (?, ?, ?, ?, ?, ?)",
                [phase, kind, player, cause, text, self.clock().isoformat()],
            )

    def resolver(self) -> NameResolver:
        return NameResolver([PlayerName(p.name, p.aliases, p.user_id) for p in self.config.players])

    def answers(self) -> dict[str, str]:
        return {row["question"]: row["choice"] for row in self.store.db.query("select * from answers")}

    # -- inputs from the forum -----------------------------------------------------------------
    def _mps_between(self, since: datetime | None, until: datetime) -> list[tuple[dict[str, Any], datetime, str]]:
        """The players' MPs of the phase from ``since`` to ``until`` (:func:`in_window`), in the order they
        were sent: (row, when, sender)."""
        rows = self.store.db.query("select * from mps where player is not null order by coalesce(sent_at, fetched_at)")
        found = []
        for row in sorted(rows, key=_sent_order):
            when = datetime.fromisoformat(str(row["sent_at"] or row["fetched_at"]))
            if in_window(when, since, until):
                found.append((row, when, str(row["player"])))
        return found

    def _read(self, row: dict[str, Any], sender: str, state: GameState, asked: str | None = None) -> MpReading:
        """One MP read for ``state``; ``asked``: the power of the question put to ``sender`` (``read_mp``)."""
        text, source = str(row["content_text"] or ""), str(row["msg_id"])
        return read_mp(text, sender, state, self.rules.verbs, self.resolver(), source, asked=asked)

    def actions_from_mps(
        self, state: GameState, since: datetime | None, until: datetime, unclear: list[dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """The action MPs players sent in the phase's window, read in natural French, names resolved.

        Names that match nobody (or several players) go to ``unclear``: the sender is asked again."""
        found: list[dict[str, Any]] = []
        answers = {m for m, o in self.mp_outcomes().items() if o["outcome"] == ANSWERED}
        stored = self.mp_outcomes(state.phase)
        for row, when, sender in self._mps_between(since, until):
            if str(row["msg_id"]) in answers:  # the answer to a question of the rules, not an order
                continue
            reading = self._read(row, sender, state)
            known = stored.get(str(row["msg_id"]))
            if reading.actions and (
                known["detail"].get("too_late", False) if known else self._too_late(state.phase, state, since, when)
            ):
                continue  # a day power read once everyone had voted: refused (the reply said why)
            if unclear is not None:
                unclear.extend(
                    {
                        "type": "action_unclear",
                        "phase": state.phase,
                        "audience": "private",
                        "to": [sender],
                        "player": sender,
                        "power": d.power,
                        "name": d.name,
                        "reason": d.reason,
                        "source": str(row["msg_id"]),
                    }
                    for d in reading.unclear
                )
            found.extend(
                {"player": a.player, "power": a.power, "targets": list(a.targets), "source": a.source}
                for a in reading.actions
            )
        return found

    # -- the day, as its day powers leave it ------------------------------------------------------
    def day_actions(self, phase: str) -> list[Action]:
        """The actions accepted so far from the MPs of ``phase``, in the order they were read."""
        return [
            Action(str(o["player"]), str(a["power"]), tuple(a["targets"]), msg_id)
            for msg_id, o in self.mp_outcomes(phase).items()
            for a in o["detail"].get("accepted", [])
        ]

    def day_state(self, phase: str, state: GameState | None = None) -> GameState:
        """``phase`` as it stands now: the state it began with and, for a day whose rule set gives
        ``day_powers``, the day powers read so far applied (an object spent, a mark for the night)."""
        begun = state if state is not None else self.state_before(phase)
        hook = self.rules.day_powers
        if hook is None or not phase.startswith("J") or begun.phase != phase or begun.winner:
            return begun
        actions = self.day_actions(phase)
        return hook(begun, actions).state if actions else begun

    def not_voting(self, state: GameState) -> set[str]:
        """The dead whose votes the counter drops: every dead player but those the rules let vote today
        (``RuleSet.voters``: trinite's OUIJA)."""
        allowed = set(self.rules.voters(state)) if self.rules.voters else set()
        return {p.name for p in state.players if not p.alive and p.name not in allowed}

    def everyone_voted(self, state: GameState, since: datetime | None, when: datetime) -> bool:
        """Whether every player the rules let vote had voted by ``when``: the day's count as it stood then
        (the rule set's ``day_tally`` says who votes). A day power comes "tant que tout le monde n'a pas voté"."""
        dead = self.not_voting(state)
        players = tuple(replace(p, dead=p.name in dead) for p in self.config.players)
        config = replace(self.config, deadline=when, players=players)
        refuse = self.rules.vote_refusal
        count, _posts = count_from_store(
            self.store, TOPIC, config, since, (lambda voter, target: refuse(state, voter, target)) if refuse else None
        )
        tally = self.rules.day_tally(state, count.current)[0] if self.rules.day_tally else count.tally
        return not tally.not_voted

    def _too_late(self, phase: str, state: GameState, since: datetime | None, when: datetime) -> bool:
        """A day's MP read after every living player had voted: its day powers are refused."""
        return phase.startswith("J") and self.everyone_voted(state, since, when)

    def _told_at_once(
        self, state: GameState, window: MpWindow, msg_id: str, new: list[Action]
    ) -> tuple[list[dict[str, Any]], list[DraftText], bool]:
        """The events ``new`` day actions imply as soon as they are read (``RuleSet.day_powers``), after those
        the day's earlier ones implied, each with the key of its draft; the drafts, keyed by the MP (so
        drafted once: the MP is answered once); and whether they spent one of the sender's objects (then
        there is no changing one's mind)."""
        hook = self.rules.day_powers
        if hook is None or not new or not window.phase.startswith("J"):
            return [], [], False
        earlier = self.day_actions(window.phase)
        was = hook(state, earlier) if earlier else Outcome(state)
        now = hook(state, [*earlier, *new])
        sender = new[0].player
        intact = {i.id for i in items.held(was.state, sender, intact_only=True)}
        spent = bool(intact - {i.id for i in items.held(now.state, sender, intact_only=True)})
        before = [e.as_json() for e in was.events]
        after = [e.as_json() for e in now.events]
        fresh = after[len(before) :] if after[: len(before)] == before else [e for e in after if e not in before]
        fresh = [e for e in fresh if e["type"] not in RECEIPTS]  # the MP's own reply says these already
        made = day_power_drafts(
            self.config.live.ruleset or "",
            window.phase,
            fresh,
            f"{window.deadline}/day/{msg_id}",
            self.rules.role_names,
            self.config.templates_dir,
            self.config.markup,
            self.config.vote_format,
        )
        return [{"event": e, "key": d.key} for d, told in made for e in told], [d for d, _told in made], spent

    # -- each MP answered as it is read ----------------------------------------------------------
    def mp_outcomes(self, phase: str | None = None) -> dict[str, dict[str, Any]]:
        """The stored outcomes, by MP id (of one phase, or all)."""
        sql = "select * from mp_outcomes" + (" where phase = ?" if phase else "") + " order by read_at, rowid"
        return {
            str(r["msg_id"]): {**r, "detail": json.loads(str(r["detail"]))}
            for r in self.store.db.query(sql, [phase] if phase else [])
        }

    def answer_new_mps(self, windows: list[MpWindow], tz: str) -> Iterator[MpAnswer]:
        """Each player's MP that has no outcome yet, read in the window it was sent in: its outcome, and the
        reply to draft. Lazy: the caller records each answer (:meth:`record_mp`) before the next is read,
        so a later MP that replaces an earlier one knows it. An MP whose phase cannot be read yet (no
        deadline after it, or the phase before it not resolved) waits for a later poll."""
        if not windows:
            return
        done = set(self.mp_outcomes())
        states: dict[str, GameState] = {}
        asking = self._asking_by_mp()
        for row, when, sender in self._mps_between(None, max(w.until for w in windows)):
            msg_id = str(row["msg_id"])
            window = next((w for w in windows if in_window(when, w.since, w.until)), None)
            if msg_id in done or window is None:
                continue
            if window.phase not in states:
                states[window.phase] = self.state_before(window.phase)
            state = states[window.phase]
            if state.phase != window.phase or state.winner:
                continue  # the phase before is not resolved yet (or the game is over)
            question = asking.get(sender)
            if question is not None:
                answered = self._answer_question(row, when, sender, window, state, tz, question)
                if answered is not None:
                    asking.pop(sender)
                    yield answered
                    continue
            yield self._answer(row, when, sender, window, state, tz)

    def _asking_by_mp(self) -> dict[str, Question]:
        """The open questions a player answers by MP (``RuleSet.answers``: a hunter's shot, a successor), by
        the player they are put to."""
        if not self.rules.answers:
            return {}
        found: dict[str, Question] = {}
        for question in self.open_questions():
            if question.to != "MJ" and question.kind in self.rules.answers:
                found.setdefault(question.to, question)
        return found

    def _answer_question(
        self,
        row: dict[str, Any],
        when: datetime,
        sender: str,
        window: MpWindow,
        state: GameState,
        tz: str,
        question: Question,
    ) -> MpAnswer | None:
        """The MP as the answer to ``question``, when it gives one for sure among the question's options; else
        None, and it is read as any other MP (with an alert for the MJ, who may answer with `meneur answer`)."""
        power = self.rules.answers[question.kind]
        reading = self._read(row, sender, state, asked=power)
        picked = [i for i, a in enumerate(reading.actions) if a.power == power]
        if not picked or reading.unclear or picked[-1] in reading.doubtful:
            return None
        targets = list(reading.actions[picked[-1]].targets)
        if not targets or any(t not in question.options for t in targets):
            return None
        choice = ", ".join(targets)
        moment = french_time(when, tz)
        body = render(
            "answer",
            self.config.markup,
            {"prompt": question.prompt, "choice": choice, "when": moment},
            self.config.templates_dir,
        )
        subject = f"{window.label} — ta réponse de {moment}"
        reply = DraftText("receipt", sender, subject, body, f"{window.deadline}/answer/{row['msg_id']}")
        alert = _("MP from {player} ({time}) taken as the answer to {question}: {choice}.").format(
            player=sender, time=moment, question=question.id, choice=choice
        )
        detail = {"question": question.id, "choice": choice}
        return MpAnswer(str(row["msg_id"]), sender, window, ANSWERED, detail, reply, alert)

    def _answer(
        self, row: dict[str, Any], when: datetime, sender: str, window: MpWindow, state: GameState, tz: str
    ) -> MpAnswer:
        msg_id = str(row["msg_id"])
        excerpt = " ".join(str(row["content_text"] or "").split())
        excerpt = excerpt if len(excerpt) <= 160 else excerpt[:159] + "…"
        said = {"player": sender, "phase": window.phase, "time": french_time(when, tz), "text": excerpt}
        try:
            player = state.player(sender)
        except KeyError:  # a sender the game does not know (configuration changed)
            return MpAnswer(
                msg_id,
                sender,
                window,
                NOT_LIVING,
                {"why": "unknown"},
                None,
                _("MP from {player} ({phase}, {time}): “{text}” — from no player of this game.").format(**said),
            )
        resolved = [str(r["resolved_at"]) for r in self.store.db.query(
            "select resolved_at from engine_phases where phase = ?", [window.phase])]  # fmt: skip
        if resolved and datetime.fromisoformat(str(row["fetched_at"])) > datetime.fromisoformat(resolved[0]):
            late = _(
                "MP from {player} ({phase}, {time}): “{text}” — read after {phase} was resolved: it did not count."
            )
            return MpAnswer(msg_id, sender, window, LATE, {}, None, late.format(**said))
        if not player.alive:
            return MpAnswer(msg_id, sender, window, NOT_LIVING, {}, None, None)
        reading = self._read(row, sender, state)
        if reading.not_an_order:
            return MpAnswer(
                msg_id,
                sender,
                window,
                NOT_AN_ORDER,
                {},
                None,
                _("MP from {player} ({phase}, {time}): “{text}” — not an order (to read).").format(**said),
            )
        earlier = [o for o in self.mp_outcomes(window.phase).values() if o["player"] == sender]
        accepted: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        begun = state
        state = self.day_state(window.phase, state)  # a day: the day powers read before this MP, applied
        too_late = bool(reading.actions) and self._too_late(window.phase, state, window.since, when)
        for index, action in enumerate(reading.actions):
            reason = self.rules.validate(state, action)
            reason = TOO_LATE if too_late and not reason else reason
            if reason:
                refused.append({"power": action.power, "targets": list(action.targets), "reason": reason})
                continue
            before = [a for o in earlier for a in o["detail"].get("accepted", []) if a["power"] == action.power]
            before += [a for a in accepted if a["power"] == action.power]
            accepted.append(
                {
                    "power": action.power,
                    "targets": list(action.targets),
                    "doubtful": index in reading.doubtful,
                    # What it replaces (the earlier choice for that power), unless it says the same again.
                    "replaces": before[-1]["targets"]
                    if before and before[-1]["targets"] != list(action.targets)
                    else None,
                }
            )
        unclear = [{"power": u.power, "name": u.name, "reason": u.reason} for u in reading.unclear]
        outcome = UNDERSTOOD if accepted else REFUSED if refused else NOT_UNDERSTOOD
        detail: dict[str, Any] = {"accepted": accepted, "refused": refused, "unclear": unclear}
        if too_late:
            detail["too_late"] = True
        new = [Action(sender, a["power"], tuple(a["targets"]), msg_id) for a in accepted]
        announced, at_once, spent = self._told_at_once(begun, window, msg_id, new)
        if announced:
            detail["announced"] = announced  # each event told at once, with the key of the draft telling it
        context = {
            "spent": spent,
            "night": window.phase.startswith("N"),
            "when": french_time(when, tz),
            **detail,
            "not_understood": outcome == NOT_UNDERSTOOD and not unclear,
            "examples": powers_of(state, sender) if outcome == NOT_UNDERSTOOD and not unclear else [],
        }
        body = mp_reply(self.config.live.ruleset or "", context, self.config.templates_dir, self.config.markup)
        number = len([o for o in self.mp_outcomes().values() if o["player"] == sender]) + 1
        # A subject of its own per reply: spirit drops an MP whose title repeats the MJ's previous one.
        subject = f"{window.label} — ton message de {french_time(when, tz)} (n°{number})"
        reply = DraftText("receipt", sender, subject, body, f"{window.deadline}/receipt/{msg_id}")
        alert = None
        if outcome == NOT_UNDERSTOOD:
            alert = _(
                "MP from {player} ({phase}, {time}): “{text}” — not understood; a reply asks the player to write it "
                "again."
            ).format(**said)
        elif any(a["doubtful"] for a in accepted):
            alert = _(
                "MP from {player} ({phase}, {time}): “{text}” — understood with a doubt; the reply lets the player "
                "correct it."
            ).format(**said)
        return MpAnswer(msg_id, sender, window, outcome, detail, reply, alert, at_once)

    def settled_by(self, answer: MpAnswer) -> list[str]:
        """The sender's earlier MPs of the phase that were not understood, now that this one was: the player
        rewrote it, so the MJ need not look at them any more."""
        if answer.outcome != UNDERSTOOD:
            return []
        return [
            msg_id
            for msg_id, o in self.mp_outcomes(answer.window.phase).items()
            if o["player"] == answer.player and o["outcome"] == NOT_UNDERSTOOD and msg_id != answer.msg_id
        ]

    def record_mp(self, answer: MpAnswer) -> None:
        """Store an MP's outcome (once: a re-read finds it and drafts nothing)."""
        self.store.db.execute(
            "insert or ignore into mp_outcomes (msg_id, phase, deadline, player, outcome, detail, reply_key, read_at) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                answer.msg_id,
                answer.window.phase,
                answer.window.deadline,
                answer.player,
                answer.outcome,
                json.dumps(answer.detail, ensure_ascii=False),
                answer.reply.key if answer.reply else None,
                self.clock().isoformat(),
            ],
        )

    def night_view(self, phase: str, since: datetime | None, until: datetime) -> dict[str, Any]:
        """For the MJ's page: the MPs players sent in a night's window, what was understood from each,
        and the living players with a night power who have not acted (yet)."""
        state = self.state_before(phase)
        mps: list[dict[str, Any]] = []
        acted: set[str] = set()
        outcomes = self.mp_outcomes(phase)
        for row, when, sender in self._mps_between(since, until):
            try:
                reading = self._read(row, sender, state)
            except KeyError:  # a sender the game does not know (configuration changed)
                reading = MpReading(not_understood=True)
            stored = outcomes.get(str(row["msg_id"]))
            if (stored["outcome"] == UNDERSTOOD) if stored is not None else bool(reading.actions):
                acted.add(sender)
            mps.append(
                {
                    "msg_id": str(row["msg_id"]),
                    "player": sender,
                    "at": when.isoformat(),
                    "subject": row["subject"] or "",
                    "text": str(row["content_text"] or ""),
                    "actions": [
                        {"power": a.power, "targets": list(a.targets), "doubtful": i in reading.doubtful}
                        for i, a in enumerate(reading.actions)
                    ],
                    "unclear": [{"power": d.power, "name": d.name, "reason": d.reason} for d in reading.unclear],
                    # What meneur did with it: understood, refused, not_understood, not_an_order… (None: not
                    # answered yet), the refusals' reasons, and the key of the reply drafted to the player.
                    "outcome": stored["outcome"] if stored else None,
                    "refused": stored["detail"].get("refused", []) if stored else [],
                    "reply": stored["reply_key"] if stored else None,
                    "question": stored["detail"].get("question") if stored else None,
                    "choice": stored["detail"].get("choice") if stored else None,
                }
            )
        actors = self.rules.night_actors
        if actors is not None:
            able: list[str] = list(actors(state))
        else:  # a rule set that does not say: everyone living whose role (or camp) has a power
            owners = {str(verb.power).split(".")[0] for verb in self.rules.verbs}
            able = [p.name for p in state.players if p.alive and (p.role in owners or p.camp in owners)]
        return {
            "phase": phase,
            "since": since.isoformat() if since else None,
            "mps": mps,
            "not_acted": [name for name in able if name not in acted],
        }

    # -- resolving a phase ---------------------------------------------------------------------
    def resolve(
        self, phase: str, votes: dict[str, str], since: datetime | None, until: datetime
    ) -> tuple[Outcome, list[DraftText]]:
        """Resolve ``phase`` from what the forum holds; store its inputs; return its drafts."""
        state = self.state_before(phase)
        if state.phase != phase:
            raise ValueError(
                _("the game is at {at}, not {phase}: check the [[deadlines]] phases").format(
                    at=state.phase, phase=phase
                )
            )
        unclear: list[dict[str, Any]] = []
        inputs = {
            "votes": votes if phase.startswith("J") else {},
            "actions": self.actions_from_mps(state, since, until, unclear),
            "answers": {},
            "decrees": self.decrees(phase),
        }
        outcome = self._run(state, inputs)
        events = unclear + [e.as_json() for e in outcome.events]
        with self.store.transaction():
            self.store.db.execute(
                "insert into engine_phases (phase, inputs, events, questions, resolved_at) values (?, ?, ?, ?, ?) "
                "on conflict(phase) do update set inputs = excluded.inputs, events = excluded.events, "
                "questions = excluded.questions",
                [
                    phase,
                    json.dumps(inputs, ensure_ascii=False),
                    json.dumps(events, ensure_ascii=False),
                    json.dumps([q.id for q in outcome.questions]),
                    self.clock().isoformat(),
                ],
            )
        return outcome, self._drafts(phase, events)

    def _drafts(self, phase: str, events: list[dict[str, Any]]) -> list[DraftText]:
        return drafts_for(
            self.config.live.ruleset or "",
            phase,
            self._not_told_yet(phase, events),
            self.rules.role_names,
            self.config.templates_dir,
            self.config.markup,
            self.config.vote_format,
        )

    def _not_told_yet(self, phase: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The phase's events less what the players were told when their MPs were read: the receipt of the
        action that counts (the rules' "action reçue" would say it twice) and the names not understood.
        A reply the MJ has not let go (still a draft, or discarded) tells nobody: the rules' MP stays."""
        going = {
            str(r["key"])
            for r in self.store.db.query("select key from drafts where state in ('approved', 'sending', 'sent')")
        }
        last: dict[tuple[str, str], tuple[list[str], bool]] = {}
        answered: set[str] = set()
        said: set[tuple[str, str, str]] = set()  # what a day power's drafts already told, once let go
        for msg_id, stored in self.mp_outcomes(phase).items():
            told = stored["reply_key"] in going
            said.update(_said(t["event"]) for t in stored["detail"].get("announced", []) if t["key"] in going)
            if told:
                answered.add(msg_id)
            for accepted in stored["detail"].get("accepted", []):
                last[(str(stored["player"]), str(accepted["power"]))] = (list(accepted["targets"]), told)
        return [
            e
            for e in events
            if not (
                e["type"] == "action_received" and last.get((e.get("player", ""), e["power"])) == (e["targets"], True)
            )
            and not (e["type"] == "action_unclear" and e.get("source") in answered)
            and _said(e) not in said
        ]

    def rerun(self, phase: str) -> tuple[Outcome, list[DraftText]]:
        """Run a resolved phase again from its stored inputs (an answer arrived)."""
        rows = list(self.store.db.query("select inputs from engine_phases where phase = ?", [phase]))
        if not rows:
            raise ValueError(_("phase {phase} has not been resolved yet").format(phase=phase))
        state = self.state_before(phase)
        # A game that ended before this phase (once the answer was known) resolves nothing more.
        outcome = Outcome(state) if state.winner else self._run(state, json.loads(rows[0]["inputs"]))
        events = [e.as_json() for e in outcome.events]
        with self.store.transaction():
            self.store.db.execute(
                "update engine_phases set events = ?, questions = ? where phase = ?",
                [json.dumps(events, ensure_ascii=False), json.dumps([q.id for q in outcome.questions]), phase],
            )
        return outcome, [] if state.winner else self._drafts(phase, events)  # no post for a phase that is not

    def phases_from(self, phase: str) -> list[str]:
        """The resolved phases from ``phase`` on, in the order they were resolved."""
        names = [str(row["phase"]) for row in self._stored()]
        return names[names.index(phase) :] if phase in names else []

    def open_questions(self) -> list[Question]:
        """The questions of resolved phases still waiting for an answer, with their prompts and options."""
        answered = self.answers()
        found: list[Question] = []
        state = self.setup()
        for row in self._stored():
            if state.winner:
                break
            outcome = self._run(state, json.loads(row["inputs"]))
            found.extend(q for q in outcome.questions if q.id not in answered)
            state = outcome.state
        return found

    def phase_asking(self, question: str) -> str | None:
        for row in self._stored():
            if question in json.loads(row["questions"]):
                return str(row["phase"])
        return None

    def role_cards(self) -> list[DraftText]:
        return role_cards(
            self.setup(),
            self.config.live.username,
            self.config.templates_dir,
            self.config.markup,
            self.config.vote_format,
        )

    def opening_post(self) -> DraftText | None:
        """The first post of the game, for rule sets that announce something at the start."""
        return opening_post(self.setup(), self.config.templates_dir, self.config.markup, self.config.vote_format)
