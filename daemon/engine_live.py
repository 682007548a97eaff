"""The rules engine inside the live daemon.

The game's state is never stored as such: each resolved phase stores its *inputs* (standing votes,
actions read from MPs, answers, decrees), and the state is rebuilt by replaying them from the
setup. That is how the daemon recovers after a crash, and why an answer that comes late simply
re-runs its phase.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ..engine.model import Action, Decree, GameState, Outcome, Question
from ..engine.names import NameResolver, PlayerName
from ..engine.rulesets import ruleset
from .config import Config
from .drafts import DraftText, drafts_for, opening_post, role_cards
from .mp_actions import actions_in_mp
from .store import Store


def in_window(when: datetime, since: datetime | None, until: datetime) -> bool:
    """Whether an MP stamped ``when`` belongs to the phase from ``since`` (excluded) to ``until``.

    Most forums stamp an MP to the minute: a stamp on a whole minute stands for any moment of that minute,
    and the MP belongs to the phase that minute ends in — an order sent in the seconds after a deadline,
    stamped with the deadline's minute, counts for the phase that began, not the one that is over."""
    latest = when + timedelta(minutes=1) if when.second == when.microsecond == 0 else when
    return latest <= until and (since is None or latest > since)


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
            raise ValueError(f"{player!r} is not a player of this game")
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

    def actions_from_mps(
        self, state: GameState, since: datetime | None, until: datetime, unclear: list[dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """The action MPs players sent in the phase's window, read in natural French, names resolved.

        Names that match nobody (or several players) go to ``unclear``: the sender is asked again."""
        resolver = self.resolver()
        found: list[dict[str, Any]] = []
        for row, _, sender in self._mps_between(since, until):
            actions, doubts = actions_in_mp(
                str(row["content_text"]), sender, state, self.rules.verbs, resolver, str(row["msg_id"])
            )
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
                    }
                    for d in doubts
                )
            found.extend(
                {"player": a.player, "power": a.power, "targets": list(a.targets), "source": a.source} for a in actions
            )
        return found

    def night_view(self, phase: str, since: datetime | None, until: datetime) -> dict[str, Any]:
        """For the MJ's page: the MPs players sent in a night's window, what was understood from each,
        and the living players with a night power who have not acted (yet)."""
        state = self.state_before(phase)
        resolver = self.resolver()
        mps: list[dict[str, Any]] = []
        acted: set[str] = set()
        for row, when, sender in self._mps_between(since, until):
            try:
                actions, doubts = actions_in_mp(
                    str(row["content_text"]), sender, state, self.rules.verbs, resolver, str(row["msg_id"])
                )
            except KeyError:  # a sender the game does not know (configuration changed)
                actions, doubts = [], []
            if actions:
                acted.add(sender)
            mps.append(
                {
                    "msg_id": str(row["msg_id"]),
                    "player": sender,
                    "at": when.isoformat(),
                    "subject": row["subject"] or "",
                    "text": str(row["content_text"] or ""),
                    "actions": [{"power": a.power, "targets": list(a.targets)} for a in actions],
                    "unclear": [{"power": d.power, "name": d.name} for d in doubts],
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
            raise ValueError(f"the game is at {state.phase}, not {phase}: check the [[deadlines]] phases")
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
            events,
            self.rules.role_names,
            self.config.templates_dir,
            self.config.markup,
            self.config.vote_format,
        )

    def rerun(self, phase: str) -> tuple[Outcome, list[DraftText]]:
        """Run a resolved phase again from its stored inputs (an answer arrived)."""
        rows = list(self.store.db.query("select inputs from engine_phases where phase = ?", [phase]))
        if not rows:
            raise ValueError(f"phase {phase} has not been resolved yet")
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
