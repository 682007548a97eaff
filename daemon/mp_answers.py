"""How the live daemon answers each player's MP as it is read: exactly one outcome per MP (stored in
``mp_outcomes``), the reply to draft, an answer to an open question of the rules, a call for help. The
methods are :class:`~meneur.daemon.engine_live.EngineDriver`'s (a mixin): the driver replays the game, this
reads what the players sent in it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from ..engine.contract import RuleSet
from ..engine.model import Action, GameState, Question
from .absences import Absence, read_absence, record_absence
from .chores import asks_for_help, help_reply
from .config import Config
from .drafts import DraftText, mp_reply, powers_of
from .i18n import _
from .mp_actions import MpReading
from .relay import RELAY_POWERS, own_words, relay_alert
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
HELP = "help"  # a call for help (« aide », « comment je fais ? »): the list of the sender's powers goes to him
ABSENCE = "absence"  # « absent du 12 au 14 »: stored with the days it covers (daemon/absences.py), shown to the MJ

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


def said_key(event: dict[str, Any]) -> tuple[str, str, str]:
    """What an event tells, and to whom: the same announcement made at once and again at the deadline."""
    return str(event["type"]), str(event.get("audience", "public")), str(event.get("player", ""))


def _sent_order(row: Any) -> tuple[str, int]:
    """MPs in the order they were sent: by stamp, then — within one minute, where the inbox lists the
    newest first — by the forum's own number for the message (the last number of its id: spirit's
    comment, phpBB's message), which grows with each message sent."""
    numbers = re.findall(r"\d+", str(row["msg_id"]))
    return str(row["sent_at"] or row["fetched_at"]), int(numbers[-1]) if numbers else 0


class MpAnswering:
    """The MP half of the engine driver (see the module's docstring)."""

    if TYPE_CHECKING:  # the driver's half, which this one uses (engine_live.EngineDriver)
        config: Config
        store: Store
        rules: RuleSet
        clock: Callable[[], datetime]

        def _mps_between(
            self, since: datetime | None, until: datetime
        ) -> list[tuple[dict[str, Any], datetime, str]]: ...
        def _read(self, row: dict[str, Any], sender: str, state: GameState, asked: str | None = None) -> MpReading: ...
        def _told_at_once(
            self, state: GameState, window: MpWindow, msg_id: str, new: list[Action]
        ) -> tuple[list[dict[str, Any]], list[DraftText], bool]: ...
        def _too_late(self, phase: str, state: GameState, since: datetime | None, when: datetime) -> bool: ...
        def day_state(self, phase: str, state: GameState | None = None) -> GameState: ...
        def open_questions(self) -> list[Question]: ...
        def state_before(self, phase: str) -> GameState: ...

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
        subject = f"{window.label} — {sender}, ta réponse de {moment}"
        reply = DraftText("receipt", sender, subject, body, f"{window.deadline}/answer/{row['msg_id']}")
        alert = _("MP from {player} ({time}) taken as the answer to {question}: {choice}.").format(
            player=sender, time=moment, question=question.id, choice=choice
        )
        detail = {"question": question.id, "choice": choice}
        return MpAnswer(str(row["msg_id"]), sender, window, ANSWERED, detail, reply, alert)

    def _answer(
        self,
        row: dict[str, Any],
        when: datetime,
        sender: str,
        window: MpWindow,
        state: GameState,
        tz: str,
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
            if player.alive and not self._read(row, sender, state).actions:  # an absence is never too late
                absence = self._absence(msg_id, sender, window, self._own_words(row), when, tz, said)
                if absence is not None:
                    return absence
            late = _(
                "MP from {player} ({phase}, {time}): “{text}” — read after {phase} was resolved: it did not count."
            )
            return MpAnswer(msg_id, sender, window, LATE, {}, None, late.format(**said))
        if not player.alive:
            return MpAnswer(msg_id, sender, window, NOT_LIVING, {}, None, None)
        reading = self._read(row, sender, state)
        if not reading.actions and not reading.unclear and asks_for_help(str(row["content_text"] or "")):
            return self._help(msg_id, sender, window, state, when, tz)
        if not reading.actions:
            absence = self._absence(msg_id, sender, window, self._own_words(row), when, tz, said)
            if absence is not None:
                return absence
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
                    # What it replaces (the earlier choice for that power), unless it says the same again; a
                    # relayed MP (the Lâche's) replaces nothing: each one goes out.
                    "replaces": before[-1]["targets"]
                    if before and before[-1]["targets"] != list(action.targets) and action.power not in RELAY_POWERS
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
            "relayed": any(a["power"] in RELAY_POWERS for a in accepted),  # passed on, not a choice to change
            "night": window.phase.startswith("N"),
            "when": french_time(when, tz),
            **detail,
            "not_understood": outcome == NOT_UNDERSTOOD and not unclear,
            "examples": powers_of(state, sender) if outcome == NOT_UNDERSTOOD and not unclear else [],
        }
        body = mp_reply(
            self.config.live.ruleset or "",
            context,
            self.config.templates_dir,
            self.config.markup,
            modules=self.config.live.modules,
        )
        number = len([o for o in self.mp_outcomes().values() if o["player"] == sender]) + 1
        # A subject of its own per reply: spirit drops an MP whose title repeats the MJ's previous one, whoever it
        # goes to (players who wrote in the same minute get their own: their names).
        subject = f"{window.label} — {sender}, ton message de {french_time(when, tz)} (n°{number})"
        reply = DraftText("receipt", sender, subject, body, f"{window.deadline}/receipt/{msg_id}")
        alert = None
        if any(a["power"] in RELAY_POWERS for a in accepted):  # the Lâche's words, to look at before approving
            alert = relay_alert(self._own_words(row), sender, said)  # the words drafted (relay.own_words)
        if alert is not None:
            pass  # the relay's warning says to read the draft: it covers a doubt too
        elif outcome == NOT_UNDERSTOOD:
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

    def _help(self, msg_id: str, sender: str, window: MpWindow, state: GameState, when: datetime, tz: str) -> MpAnswer:
        """A call for help: the sender's powers as the day or night stands (a day power spent is gone)."""
        number = len([o for o in self.mp_outcomes().values() if o["player"] == sender]) + 1
        reply = help_reply(
            self.day_state(window.phase, state),
            sender,
            label=window.label,
            key=f"{window.deadline}/help/{msg_id}",
            # A subject of its own per reply: spirit drops an MP whose title repeats the MJ's previous one.
            subject=f"{window.label} — {sender}, aide pour ton message de {french_time(when, tz)} (n°{number})",
            mj=self.config.live.username,
            override=self.config.templates_dir,
            markup=self.config.markup,
            vote_format=self.config.vote_format,
        )
        return MpAnswer(msg_id, sender, window, HELP, {}, reply, None)  # nothing for the MJ to do

    def _own_words(self, row: dict[str, Any]) -> str:
        """The MP's own words, its quotes left out: the MJ's activity warning it quotes says « absent jusqu'à
        jeudi » as an example, which is no absence of the player's."""
        return own_words(row.get("content_html"), str(row["content_text"] or ""), self.config.layout)

    def _absence(
        self, msg_id: str, sender: str, window: MpWindow, text: str, when: datetime, tz: str, said: dict[str, str]
    ) -> MpAnswer | None:
        """An MP that declares an absence, with the days it covers read relative to its day (forum time)."""
        found = read_absence(text, when.astimezone(ZoneInfo(tz)).date())
        if found is None:
            return None
        detail = {
            "first": found.first.isoformat() if found.first else None,
            "last": found.last.isoformat() if found.last else None,
            "text": text.strip(),
            "sent_at": when.isoformat(),
        }
        alert = None
        if found.vague:  # the MJ asks the player which days
            alert = _("MP from {player} ({phase}, {time}): “{text}” — an absence whose days were not read: to confirm "
                      "with the player.").format(**said)  # fmt: skip
        return MpAnswer(msg_id, sender, window, ABSENCE, detail, None, alert)

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
        if answer.outcome == ABSENCE:
            d = answer.detail
            absence = Absence(
                date.fromisoformat(d["first"]) if d["first"] else None,
                date.fromisoformat(d["last"]) if d["last"] else None,
            )
            sent = datetime.fromisoformat(str(d["sent_at"]))
            record_absence(self.store, answer.player, "mp", answer.msg_id, sent, d["text"], absence, self.clock())
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
