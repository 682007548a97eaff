"""The rules engine inside the live daemon.

The game's state is never stored as such: each resolved phase stores its *inputs* (standing votes,
actions read from MPs, answers, decrees), and the state is rebuilt by replaying them from the
setup. That is how the daemon recovers after a crash, and why an answer that comes late simply
re-runs its phase.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, TypeVar

from ..engine import items
from ..engine.contract import TopicPost
from ..engine.model import Action, Decree, GameState, Outcome, Question, next_phase
from ..engine.names import NameResolver, PlayerName
from .config import Config
from .config_rules import live_rules, live_setup_extra
from .counting import count_from_store, post_orders
from .drafts import DraftText, day_power_drafts, drafts_for, opening_post, role_cards
from .i18n import _
from .mp_actions import MpReading, read_mp
from .mp_answers import ANSWERED, RECEIPTS, TOPIC, UNDERSTOOD, MpAnswering, MpWindow, _sent_order, in_window, said_key
from .relay import RELAY_POWERS, discarded_relays, read_order, relayed_messages
from .store import Store, kv_get, kv_set

T = TypeVar("T")


def in_time_order(posted: list[tuple[datetime, T]], sent: list[tuple[datetime, T]]) -> list[tuple[datetime, T]]:
    """A day's post orders and MP actions as one list by time; on equal times the posts first, each list
    keeping its own order (stable)."""
    keyed = [(when, 0, i, item) for i, (when, item) in enumerate(posted)]
    keyed += [(when, 1, i, item) for i, (when, item) in enumerate(sent)]
    keyed.sort(key=lambda row: (row[0], row[1], row[2]))
    return [(when, item) for when, _kind, _i, item in keyed]


def _as_input(action: Action) -> dict[str, Any]:
    """An action as a phase's stored inputs hold it."""
    return {"player": action.player, "power": action.power, "targets": list(action.targets), "source": action.source}


class EngineDriver(MpAnswering):
    def __init__(self, config: Config, store: Store, clock: Callable[[], datetime]) -> None:
        assert config.live.ruleset is not None
        self.config = config
        self.store = store
        self.clock = clock
        self.rules = live_rules(config.live)  # with [game] modules on top (engine/modules)

    # -- the state, rebuilt --------------------------------------------------------------------
    def setup(self) -> GameState:
        names = [p.name for p in self.config.players]
        roles = {p.name: p.role for p in self.config.players if p.role}
        camps = {p.name: p.camp for p in self.config.players if p.camp}
        extra: dict[str, Any] = {"camps": camps} if camps else {}
        extra.update(live_setup_extra(self.config.live))  # [[mj_roles]], for a module
        dealt = roles if len(roles) == len(names) else None
        state: GameState = self.rules.setup(names, self.config.live.seed, dealt, **extra)
        return state

    def phase_after(self, phase: str) -> str:
        """The phase after ``phase`` as the rule set orders them (``RuleSet.phase_after``: citadelles' J0 is
        J0-matin → J0-zenith → J0-soir), else J0 → N1 → J1 → N2…"""
        after = self.rules.phase_after
        return after(phase) if after is not None else next_phase(phase)

    def passed_over(self, phase: str, reached: str) -> list[str]:
        """The phases the game went past without playing them, from ``phase`` to ``reached`` (citadelles'
        J0-zenith, when the morning's choices balance the citadels); none when ``reached`` follows ``phase``."""
        skipped: list[str] = []
        step = self.phase_after(phase)
        for _step in range(8):  # a rule set skips a phase or two, never a whole game
            if step == reached:
                return skipped
            skipped.append(step)
            try:
                step = self.phase_after(step)
            except (ValueError, IndexError):
                break
        return []

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
        resolver = self.resolver()
        return read_order(  # a Lâche's words for another player are no order of his (daemon/relay.py)
            text, lambda part: read_mp(part, sender, state, self.rules.verbs, resolver, source, asked=asked)
        )

    def actions_from_mps(
        self, state: GameState, since: datetime | None, until: datetime, unclear: list[dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """The action MPs players sent in the phase's window, read in natural French, names resolved.

        Names that match nobody (or several players) go to ``unclear``: the sender is asked again."""
        return [action for _when, action in self._timed_mp_actions(state, since, until, unclear)]

    def _timed_mp_actions(
        self, state: GameState, since: datetime | None, until: datetime, unclear: list[dict[str, Any]] | None = None
    ) -> list[tuple[datetime, dict[str, Any]]]:
        """:meth:`actions_from_mps`, each with the time its MP was sent."""
        found: list[tuple[datetime, dict[str, Any]]] = []
        answers = {m for m, o in self.mp_outcomes().items() if o["outcome"] == ANSWERED}
        stored = self.mp_outcomes(state.phase)
        discarded = discarded_relays(self.store, stored)  # a relay the MJ set aside never left (R32)
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
                (when, {"player": a.player, "power": a.power, "targets": list(a.targets), "source": a.source})
                for a in reading.actions
                if not (a.power in RELAY_POWERS and str(row["msg_id"]) in discarded)
            )
        return found

    def actions_from_posts(self, state: GameState, since: datetime | None, until: datetime) -> list[dict[str, Any]]:
        """The orders the rule set reads in the day's posts besides the votes (``RuleSet.read_post``: citadelles'
        J0 citadel choices, the mayor's distribution), in the forum's order, as ``meneur replay`` reads them."""
        return [action for _when, action in self._timed_post_actions(state, since, until)]

    def _timed_post_actions(
        self, state: GameState, since: datetime | None, until: datetime
    ) -> list[tuple[datetime, dict[str, Any]]]:
        """:meth:`actions_from_posts`, each with the time of its post."""
        reader = self.rules.read_post
        if reader is None or not state.phase.startswith("J"):
            return []
        return [
            (read.post.posted_at, {"player": a.player, "power": a.power, "targets": [*a.targets], "source": a.source})
            for read in post_orders(self.store, TOPIC, self.config, state, reader, since, until)
            for a in read.orders
        ]

    def day_inputs(
        self, state: GameState, since: datetime | None, until: datetime, unclear: list[dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """The phase's actions as the rules take them: the orders read in its posts (``read_post``) and in its
        MPs, merged by the time each was posted or sent — an Institutrice's MP deprives only the OUI said after
        it (double-roles RULINGS R41). On equal times the posts come first; each kind keeps the forum's order."""
        posted = self._timed_post_actions(state, since, until)
        sent = self._timed_mp_actions(state, since, until, unclear)
        return [action for _when, action in in_time_order(posted, sent)]

    def _with_den(
        self, state: GameState, from_mps: list[dict[str, Any]], den: Sequence[TopicPost]
    ) -> list[dict[str, Any]]:
        """The night's MP actions and the den's (``RuleSet.read_den``), in the order they were written: the rules
        read some of them by time (baguette's trap takes the first choice)."""
        reader = self.rules.read_den
        if reader is None or not den or not state.phase.startswith("N"):
            return from_mps
        sent = {
            str(r["msg_id"]): datetime.fromisoformat(str(r["sent_at"] or r["fetched_at"]))
            for r in self.store.db.query("select msg_id, sent_at, fetched_at from mps")
        }
        posted = {f"den:{post.source}": post.time for post in den}
        timed = [(sent.get(str(a["source"])), i, a) for i, a in enumerate(from_mps)]
        timed += [
            (posted.get(a.source), len(from_mps) + i, {"player": a.player, "power": a.power,
                                                      "targets": list(a.targets), "source": a.source})
            for i, a in enumerate(reader(state, den))
        ]  # fmt: skip
        last = max((when for when, _i, _a in timed if when is not None), default=None)
        return [a for _when, _i, a in sorted(timed, key=lambda item: (item[0] or last, item[1]))]

    # -- the day, as its day powers leave it ------------------------------------------------------
    def day_actions(self, phase: str, state: GameState | None = None) -> list[Action]:
        """The actions accepted so far from the MPs of ``phase``, in the order they were read; for a rule set
        whose day powers include orders read from the posts (``read_post`` beside ``day_powers``: double-roles'
        destitution), those of the posts read so far too, merged by time (:meth:`day_inputs`). ``state``: the
        state ``phase`` began with (read again when not given)."""
        outcomes = self.mp_outcomes(phase)
        discarded = discarded_relays(self.store, outcomes)  # a relay the MJ set aside never left (R32)
        accepted = [
            Action(str(o["player"]), str(a["power"]), tuple(a["targets"]), msg_id)
            for msg_id, o in outcomes.items()
            for a in o["detail"].get("accepted", [])
            if not (a["power"] in RELAY_POWERS and msg_id in discarded)
        ]
        window = self._window_of(phase)
        if self.rules.read_post is None or self.rules.day_powers is None or window is None:
            return accepted
        begun = state if state is not None else self.state_before(phase)
        if begun.phase != phase:
            return accepted
        sent_at = {
            str(r["msg_id"]): datetime.fromisoformat(str(r["sent_at"] or r["fetched_at"]))
            for r in self.store.db.query("select msg_id, sent_at, fetched_at from mps where player is not null")
        }
        since, until = window
        sent = [(sent_at.get(a.source, until), a) for a in accepted]
        posted = [
            (when, Action(str(a["player"]), str(a["power"]), tuple(a["targets"]), str(a["source"])))
            for when, a in self._timed_post_actions(begun, since, until)
        ]
        return [action for _when, action in in_time_order(posted, sent)]

    def _window_of(self, phase: str) -> tuple[datetime | None, datetime] | None:
        """The window of ``phase``'s deadline (from the deadline before it, excluded), if it has one."""
        rows = list(self.store.db.query("select at, phase from deadlines where state != 'skipped' order by at"))
        for index, row in enumerate(rows):
            if row["phase"] == phase:
                since = datetime.fromisoformat(str(rows[index - 1]["at"])) if index else None
                return since, datetime.fromisoformat(str(row["at"]))
        return None

    def day_state(self, phase: str, state: GameState | None = None) -> GameState:
        """``phase`` as it stands now: the state it began with and, for a day whose rule set gives
        ``day_powers``, the day powers read so far applied (an object spent, a mark for the night)."""
        begun = state if state is not None else self.state_before(phase)
        hook = self.rules.day_powers
        if hook is None or not phase.startswith("J") or begun.phase != phase or begun.winner:
            return begun
        actions = self.day_actions(phase, begun)
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
        # A phase in which nobody votes (citadelles' J0-soir: ``day_tally`` counts nobody) never has everyone voted.
        return not tally.not_voted and bool(tally.counts)

    def _too_late(self, phase: str, state: GameState, since: datetime | None, when: datetime) -> bool:
        """A day's MP read after every living player had voted: its day powers are refused, where the rule set
        says so (``RuleSet.day_powers_end_when_all_voted``)."""
        # Votes sent by MP (baguette) are no day powers, and every living player "has voted" (his own vote
        # against himself) from the morning on: nothing there ends when all have voted.
        ends = self.rules.day_powers_end_when_all_voted and not self.rules.votes_by_mp
        return ends and phase.startswith("J") and self.everyone_voted(state, since, when)

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
        earlier = self.day_actions(window.phase, state)
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
            relayed_messages(self.store, fresh, self.config.layout),  # the Lâche's words (double-roles)
        )
        return [{"event": e, "key": d.key} for d, told in made for e in told], [d for d, _told in made], spent

    def post_order_drafts(self, deadline: str, phase: str) -> tuple[list[DraftText], list[dict[str, Any]]]:
        """What the day's post orders imply at once, for a rule set whose day powers include them (``read_post``
        beside ``day_powers``: double-roles' destitution, « Dès l'instant où le Maire est destitué »): the
        drafts of what was not told yet — by an earlier poll (stored by :meth:`record_post_orders_told`) or by
        an MP's answer — and the events they tell, each with its draft's key. A refusal is told at the close,
        with the day's other replies. Nothing once the day is resolved: its close tells the rest."""
        hook = self.rules.day_powers
        if hook is None or self.rules.read_post is None or not phase.startswith("J"):
            return [], []
        if list(self.store.db.query("select 1 from engine_phases where phase = ?", [phase])):
            return [], []
        begun = self.state_before(phase)
        if begun.phase != phase or begun.winner:
            return [], []
        actions = self.day_actions(phase, begun)
        if not actions:
            return [], []
        told = {said_key(t["event"]) for t in self.told_at_once(phase)}
        fresh = [
            e
            for e in (e.as_json() for e in hook(begun, actions).events)
            if e["audience"] in ("public", "private") and e["type"] not in RECEIPTS and said_key(e) not in told
        ]
        if not fresh:
            return [], []
        batch = len({t["key"].rsplit("/", 1)[0] for t in self.post_orders_told(phase)}) + 1
        made = day_power_drafts(
            self.config.live.ruleset or "",
            phase,
            fresh,
            f"{deadline}/day/posts-{batch}",
            self.rules.role_names,
            self.config.templates_dir,
            self.config.markup,
            self.config.vote_format,
        )
        return [d for d, _told in made], [{"event": e, "key": d.key} for d, events in made for e in events]

    def told_at_once(self, phase: str) -> list[dict[str, Any]]:
        """Every event the day's MPs and post orders told at once (``{"event", "key"}``: the draft telling it)."""
        told = [t for o in self.mp_outcomes(phase).values() for t in o["detail"].get("announced", [])]
        return told + self.post_orders_told(phase)  # double-roles: what the day's post orders told at once

    def post_orders_told(self, phase: str) -> list[dict[str, Any]]:
        return list(json.loads(kv_get(self.store, f"post-orders-told/{phase}") or "[]"))

    def record_post_orders_told(self, phase: str, told: list[dict[str, Any]]) -> None:
        """Remember what the day's post orders told at once (in the drafting's transaction): never twice."""
        kv_set(self.store, f"post-orders-told/{phase}", json.dumps(self.post_orders_told(phase) + told))

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
        self,
        phase: str,
        votes: dict[str, str],
        since: datetime | None,
        until: datetime,
        den: Sequence[TopicPost] = (),
        absences: Sequence[Action] = (),
    ) -> tuple[Outcome, list[DraftText]]:
        """Resolve ``phase`` from what the forum holds; store its inputs; return its drafts. ``den``: a night's
        posts of the wolves' den (daemon/den.py), read by the rules (``RuleSet.read_den``); ``absences``: the
        declared absences as the rules' actions (``RuleSet.absence_power``)."""
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
            "actions": [_as_input(a) for a in absences]
            + self._with_den(state, self.day_inputs(state, since, until, unclear), den),
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
            modules=self.config.live.modules,
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
        said.update(said_key(t["event"]) for t in self.post_orders_told(phase) if t["key"] in going)
        for msg_id, stored in self.mp_outcomes(phase).items():
            told = stored["reply_key"] in going
            said.update(said_key(t["event"]) for t in stored["detail"].get("announced", []) if t["key"] in going)
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
            and said_key(e) not in said
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
