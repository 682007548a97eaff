"""`meneur replay`: a scenario file played through the real parsers and the rules engine.

Posts are rendered from BBCode to the forum's HTML and read by the vote counter; MPs are read by
the action parser; names are resolved as votes are. The engine runs phase by phase; unanswered
questions are printed and their defaults used, so a scenario always runs to its end.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.contract import RuleSet, TopicPost
from ..engine.daycount import PostVotes, Roster, count_day
from ..engine.model import Action, Decree, Event, GameState, Outcome
from ..engine.modules import compose
from ..engine.modules import refusal as module_refusal
from ..engine.names import NameResolver, PlayerName, normalise_name
from ..engine.rulesets import ruleset
from ..parsers.bbcode import render_bbcode
from ..parsers.colour_spans import bbcode_colours
from ..parsers.layout import votes_in_html
from ..parsers.phpbb3 import LAYOUT
from ..parsers.records import Post, VoteFormat, content_hash
from .absences import read_absence, says_absent
from .config import ConfigError
from .i18n import translated
from .mp_actions import read_mp
from .relay import read_order


class ScenarioError(ConfigError):
    """A scenario file that cannot be played, said for its author."""


@dataclass
class PhaseSpec:
    phase: str
    posts: list[dict[str, Any]] = field(default_factory=list)
    mps: list[dict[str, Any]] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    decrees: list[Decree] = field(default_factory=list)
    mayor_post: str | None = None  # the mayor's post after the pyre, for rule sets that read one
    deadline: datetime | None = None  # a day's end: posts stamped after it do not count
    # Modules' inputs (baguette): the wolves' den posts and the absence topic's posts of this phase, and a
    # night's actions deadline (21:00: MPs and den posts stamped from a minute after it are late).
    den: list[dict[str, Any]] = field(default_factory=list)
    absences: list[dict[str, Any]] = field(default_factory=list)
    actions_deadline: datetime | None = None


@dataclass
class Scenario:
    ruleset: str
    seed: int
    players: list[tuple[str, str | None]]
    phases: list[PhaseSpec]
    expect: dict[str, Any]
    title: str = ""
    # Optional per-player setup a rule set may need (its ``setup`` takes them as keywords).
    camps: dict[str, str] = field(default_factory=dict)
    groups: dict[str, int] = field(default_factory=dict)
    # The rule set's options (its RULINGS' **Option** readings), passed to ``setup`` when given.
    options: dict[str, Any] = field(default_factory=dict)
    # Modules on top of the rule set (``modules = ["baguette"]``) and the roles the MJ resolves (``[[mj_roles]]``).
    modules: list[str] = field(default_factory=list)
    mj_roles: list[dict[str, Any]] = field(default_factory=list)


_TOP = {"ruleset", "seed", "title", "players", "phases", "expect", "options", "modules", "mj_roles"}
_PLAYER = {"name", "role", "camp", "group"}
_PHASE = {
    "phase",
    "posts",
    "mps",
    "answers",
    "decrees",
    "mayor_post",
    "deadline",
    "den",
    "absences",
    "actions_deadline",
}
_ROWS = {
    "posts": {"author", "text", "time"},
    "mps": {"from", "text", "time"},
    "den": {"author", "text", "time", "edited", "deleted"},
    "absences": {"author", "text", "time"},
    "answers": {"question", "choice"},
    "decrees": {"kind", "player", "cause", "text"},
}
_DECREES = ("kill", "revive", "mayor", "event")


class _Fields:
    """Typed reads out of a scenario's TOML: each mistake is one line naming the key."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def error(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {where}: {message}")

    def table(self, value: Any, where: str, known: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(where, f"expected a table, got {_shape(value)}")
        for key in value:
            if key not in known:
                raise self.error(f"{where}.{key}", f"unknown key (known: {', '.join(sorted(known))})")
        return value

    def rows(self, table: dict[str, Any], key: str, where: str, required: bool = False) -> list[Any]:
        if key not in table:
            if required:
                raise self.error(f"{where}{key}", "missing")
            return []
        value = table[key]
        if not isinstance(value, list) or not all(isinstance(row, dict) for row in value):
            raise self.error(
                f"{where}{key}", f"expected [[{key}]] rows or a list of {{ … }} tables, got {_shape(value)}"
            )
        return value

    def text(self, table: dict[str, Any], key: str, where: str, required: bool = True, empty: bool = False) -> Any:
        if key not in table:
            if required:
                raise self.error(f"{where}{key}", "missing")
            return None
        value = table[key]
        if not isinstance(value, str):
            raise self.error(f"{where}{key}", f"expected a string, got {_shape(value)}")
        if not empty and not value.strip():
            raise self.error(f"{where}{key}", "empty")
        return value

    def integer(self, table: dict[str, Any], key: str, where: str, required: bool = True) -> Any:
        if key not in table:
            if required:
                raise self.error(f"{where}{key}", "missing")
            return None
        value = table[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(f"{where}{key}", f"expected an integer, got {_shape(value)}")
        return value


def _shape(value: Any) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return repr(value)


def load_scenario(path: Path) -> Scenario:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    fields = _Fields(path)
    fields.table(data, "scenario", _TOP)
    name = fields.text(data, "ruleset", "")
    try:
        rules = ruleset(name)
    except KeyError as exc:
        raise fields.error("ruleset", str(exc).strip("\"'")) from exc
    modules = data.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise fields.error("modules", f"expected a list of module ids, got {_shape(modules)}")
    why = module_refusal(name, modules)
    if why:
        raise fields.error("modules", why)
    mj_roles = fields.rows(data, "mj_roles", "")
    if mj_roles and not modules:
        raise fields.error("mj_roles", 'MJ-resolved roles come with a module (modules = ["baguette"])')
    if modules:
        rules = compose(rules, modules)
    decree_kinds = (*_DECREES, *rules.decree_kinds)
    seed = fields.integer(data, "seed", "")
    title = fields.text(data, "title", "", required=False, empty=True) or ""
    rows = fields.rows(data, "players", "", required=True)
    if not rows:
        raise fields.error("players", "no player")
    players: list[tuple[str, str | None]] = []
    camps: dict[str, str] = {}
    groups: dict[str, int] = {}
    seen: dict[str, str] = {}
    for index, row in enumerate(rows):
        where = f"players[{index}]."
        fields.table(row, f"players[{index}]", _PLAYER)
        player = fields.text(row, "name", where).strip()
        form = normalise_name(player)
        if form in seen:
            raise fields.error(f"{where}name", f"{player!r} is already a player ({seen[form]})")
        seen[form] = player
        players.append((player, fields.text(row, "role", where, required=False)))
        camp = fields.text(row, "camp", where, required=False)
        if camp is not None:
            camps[player] = camp
        group = fields.integer(row, "group", where, required=False)
        if group is not None:
            groups[player] = group
    with_roles = [p for p, role in players if role]
    if with_roles and len(with_roles) != len(players):
        missing = ", ".join(p for p, role in players if not role)
        raise fields.error("players", f"a role for every player or for none (none for {missing})")
    phases = []
    for number, raw in enumerate(fields.rows(data, "phases", "")):
        where = f"phases[{number}]."
        ph = fields.table(raw, f"phases[{number}]", _PHASE)
        phase = fields.text(ph, "phase", where)
        if not re.fullmatch(r"[JN]\d+(?:-[a-z]+)?", phase):
            raise fields.error(f"{where}phase", f"a phase like J0, N1, J1… (or J0-matin), not {phase!r}")
        spec = PhaseSpec(phase=phase)
        for kind, known in _ROWS.items():
            for index, item in enumerate(fields.rows(ph, kind, where)):
                at = f"{where}{kind}[{index}]"
                fields.table(item, at, known)
                at += "."
                if kind == "posts":
                    spec.posts.append(_written(fields, item, at, "author"))
                elif kind == "mps":
                    spec.mps.append(_written(fields, item, at, "from"))
                elif kind in ("den", "absences"):
                    if not rules.modules:
                        raise fields.error(
                            f"{where}{kind}", 'den and absences are a module\'s (modules = ["baguette"])'
                        )
                    line: dict[str, Any] = {
                        "author": fields.text(item, "author", at).strip(),
                        "text": fields.text(item, "text", at, empty=True),
                    }
                    when = _post_time(fields, item, at)
                    if when is not None:
                        line["time"] = when
                    for flag in ("edited", "deleted"):
                        if flag in item:
                            if not isinstance(item[flag], bool):
                                raise fields.error(f"{at}{flag}", f"expected true or false, got {_shape(item[flag])}")
                            line[flag] = item[flag]
                    (spec.den if kind == "den" else spec.absences).append(line)
                elif kind == "answers":
                    spec.answers[fields.text(item, "question", at)] = fields.text(item, "choice", at)
                else:
                    decree = fields.text(item, "kind", at)
                    if decree not in decree_kinds:
                        raise fields.error(f"{at}kind", f"one of {', '.join(decree_kinds)}, not {decree!r}")
                    player_name = fields.text(
                        item, "player", at, required=decree in ("kill", "revive", "foudroiement", "protect")
                    )
                    spec.decrees.append(
                        Decree(
                            decree,
                            player_name,
                            fields.text(item, "cause", at, required=False) or "mj",
                            fields.text(item, "text", at, required=False, empty=True) or "",
                        )
                    )
        spec.mayor_post = fields.text(ph, "mayor_post", where, required=False, empty=True)
        try:
            spec.deadline = _deadline(ph)
        except ValueError as exc:
            raise fields.error(f"{where}deadline", str(exc)) from exc
        if "actions_deadline" in ph:
            if not phase.startswith("N"):
                raise fields.error(f"{where}actions_deadline", "a night's actions deadline: this phase is a day")
            try:
                spec.actions_deadline = _deadline({"phase": "J", "deadline": ph["actions_deadline"]})
            except ValueError as exc:
                raise fields.error(f"{where}actions_deadline", str(exc)) from exc
        phases.append(spec)
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise fields.error("expect", f"expected a table, got {_shape(expect)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise fields.error("options", f"expected an [options] table, got {_shape(options)}")
    if options and not rules.options:
        raise fields.error("options", f"the rule set {name} has no options")
    scenario = Scenario(
        name, seed, players, phases, dict(expect), title, camps, groups, dict(options), list(modules), list(mj_roles)
    )
    try:
        initial_state(scenario)
    except (ValueError, KeyError, TypeError) as exc:
        key = "options" if options and "option" in str(exc) else "players"
        raise fields.error(key, f"the {name} rules refuse this game: {str(exc).strip(chr(34))}") from exc
    return scenario


def _written(fields: _Fields, item: dict[str, Any], at: str, who: str) -> dict[str, str]:
    """A post's or an MP's row: its writer (under ``who``: a post's author, an MP's from), its text, and its
    time when the scenario gives one."""
    row = {who: fields.text(item, who, at).strip(), "text": fields.text(item, "text", at, empty=True)}
    when = _post_time(fields, item, at)
    if when is not None:
        row["time"] = when
    return row


def _post_time(fields: _Fields, item: dict[str, Any], at: str) -> str | None:
    """A post's time, with its offset (a time without one would be read in the machine's zone)."""
    if "time" not in item:
        return None
    value = item["time"]
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise fields.error(f"{at}time", f"not an ISO 8601 date and time: {value!r}") from exc
    elif isinstance(value, datetime):
        moment = value
    else:
        raise fields.error(f"{at}time", f"expected a date and time, got {_shape(value)}")
    if moment.tzinfo is None:
        raise fields.error(f"{at}time", f"{value} has no offset: write it like 2026-03-14T20:00:00+01:00")
    return moment.isoformat()


def _deadline(phase: dict[str, Any]) -> datetime | None:
    """A day's ``deadline``: an ISO 8601 time with its offset (a TOML date-time is taken as it is)."""
    value = phase.get("deadline")
    if value is None:
        return None
    if not str(phase.get("phase", "")).startswith("J"):
        raise ValueError(f"'deadline' ends a day; phase {phase.get('phase')!r} is a night")
    try:
        when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        raise ValueError(f"deadline {value!r} is not an ISO 8601 time (2026-03-14T20:00:00+01:00)") from None
    if when.tzinfo is None:
        raise ValueError(f"deadline {value!r} needs its offset (e.g. +01:00)")
    return when


def _resolver(state: GameState) -> NameResolver:
    return NameResolver([PlayerName(p.name) for p in state.players])


def _votes(state: GameState, spec: PhaseSpec, start: datetime, rules: Any) -> tuple[dict[str, str], list[Event]]:
    """The day's standing votes, read from the posts by the real vote counter."""
    entries = []
    fmt = VoteFormat()
    for index, post in enumerate(spec.posts):
        html = f'<div class="content">{render_bbcode(str(post["text"]))}</div>'
        when = datetime.fromisoformat(post["time"]) if post.get("time") else start + timedelta(minutes=index)
        record = Post(
            f"{spec.phase}-{index + 1}",
            str(post["author"]),
            None,
            when.astimezone(UTC),
            html,
            str(post["text"]),
            content_hash(html),
        )
        entries.append(PostVotes(record, tuple(votes_in_html(html, LAYOUT, fmt))))
    allowed = set(rules.voters(state)) if rules.voters else set()  # the dead the rules let vote today
    dead = frozenset(p.name for p in state.players if not p.alive and p.name not in allowed)
    roster = Roster(tuple(p.name for p in state.players), dead)
    refusal = rules.vote_refusal
    count = count_day(
        entries,
        roster,
        _resolver(state),
        deadline=spec.deadline.astimezone(UTC) if spec.deadline else None,
        refusal=(lambda v, t: refusal(state, v, t)) if refusal else None,
    )
    warnings = [
        Event(
            "vote_warning",
            state.phase,
            "mj",
            (),
            {"post": w.post_id, "kind": str(w.kind), "message": translated(w.text)},
        )
        for w in count.warnings
    ]
    return count.current, warnings


def _actions(
    state: GameState, spec: PhaseSpec, verbs: Any, phase_start: datetime | None = None
) -> tuple[list[Action], list[Event]]:
    """The phase's actions, read from the MPs in natural French; unclear ones are told to the sender. Given
    ``phase_start``, an MP stamped after the day's ``deadline`` (or the night's ``actions_deadline``) is late:
    told to the MJ (``late_mp``), not read (« tant que c'est avant la deadline »), as with a module."""
    resolver = _resolver(state)
    actions: list[Action] = []
    events: list[Event] = []
    deadline = spec.deadline if state.phase.startswith("J") else spec.actions_deadline
    for index, mp in enumerate(spec.mps):
        if phase_start is not None and _late(_stamp(mp, phase_start, index), deadline):
            when = _stamp(mp, phase_start, index).isoformat()
            events.append(Event("late_mp", state.phase, "mj", (), {"from": mp["from"], "time": when}))
            continue
        sender = resolver.identify(str(mp["from"]))
        if sender is None:
            events.append(Event("mp_from_non_player", state.phase, "mj", (), {"from": mp["from"]}))
            continue
        source = f"{spec.phase}-mp{index + 1}"
        # As the daemon reads it: a Lâche's words for another player are no order of his (daemon/relay.py).
        reading = read_order(str(mp["text"]), partial(read_mp, sender=sender, state=state, verbs=verbs,
                                                      resolver=resolver, source=source))  # fmt: skip
        actions.extend(reading.actions)
        events.extend(
            Event(
                "action_unclear",
                state.phase,
                "private",
                (sender,),
                {"power": u.power, "name": u.name, "reason": u.reason},
            )
            for u in reading.unclear
        )
        if reading.not_understood or reading.not_an_order:  # shown to the MJ, never dropped unseen
            kind = "mp_not_understood" if reading.not_understood else "mp_not_an_order"
            events.append(Event(kind, state.phase, "mj", (), {"from": sender, "mp": source, "text": str(mp["text"])}))
        for doubtful in sorted(reading.doubtful):
            read = reading.actions[doubtful]
            events.append(Event("mp_doubt", state.phase, "mj", (), {"from": sender, "mp": source, "power": read.power}))
    return actions, events


def _post_actions(state: GameState, spec: PhaseSpec, reader: Any) -> list[Action]:
    """The orders a rule set reads from the day's posts besides the votes (citadelles' J0, double-roles' mayor
    orders), in post order; a post stamped after the day's deadline does not count (as for its votes)."""
    resolver = _resolver(state)
    found: list[Action] = []
    for index, post in enumerate(spec.posts):
        author = resolver.identify(str(post["author"]))
        if author is None:
            continue
        if spec.deadline is not None and post.get("time") and datetime.fromisoformat(post["time"]) > spec.deadline:
            continue
        found += [replace(a, source=f"{spec.phase}-{index + 1}") for a in reader(state, author, str(post["text"]))]
    return found


def _in_time_order(spec: PhaseSpec, phase_start: datetime, posted: list[Action], sent: list[Action]) -> list[Action]:
    """The day's post orders and MP actions merged by the time each was posted or sent, as the live daemon
    merges them: an Institutrice's MP deprives of their vote only the OUI counted after it (« Dès l'instant
    où le Maire est destitué »). A row without ``time`` is stamped a minute after the one before, from the
    phase's start. Stable: on equal times posts come first, each list keeping its own order."""

    def stamp(action: Action, prefix: str, rows: list[dict[str, Any]], last: datetime) -> datetime:
        number = action.source.removeprefix(prefix)
        if action.source.startswith(prefix) and number.isdigit() and 0 < int(number) <= len(rows):
            index = int(number) - 1
            return _stamp(rows[index], phase_start, index).astimezone(UTC)
        return last  # an action of no row of its own (a module's): where it was read

    timed: list[tuple[datetime, int, int, Action]] = []
    last = phase_start
    for order, action in enumerate(posted):
        last = stamp(action, f"{spec.phase}-", spec.posts, last)
        timed.append((last, 0, order, action))
    last = phase_start
    for order, action in enumerate(sent):
        last = stamp(action, f"{spec.phase}-mp", spec.mps, last)
        timed.append((last, 1, order, action))
    timed.sort(key=lambda item: item[:3])
    return [action for *_key, action in timed]


def scenario_rules(scenario: Scenario) -> RuleSet:
    """The scenario's rule set, with its modules on top."""
    rules = ruleset(scenario.ruleset)
    return compose(rules, scenario.modules) if scenario.modules else rules


def initial_state(scenario: Scenario) -> GameState:
    """The game as the scenario sets it up (roles, and camps or groups where the rule set takes them)."""
    rules = scenario_rules(scenario)
    names = [name for name, _ in scenario.players]
    roles = {name: role for name, role in scenario.players if role}
    extra: dict[str, Any] = {}
    if scenario.camps:
        extra["camps"] = scenario.camps
    if scenario.groups:
        extra["groups"] = scenario.groups
    if scenario.options:
        if not rules.options:
            raise ScenarioError(f"the rule set {scenario.ruleset} has no options")
        extra["options"] = scenario.options
    if scenario.mj_roles:
        extra["mj_roles"] = scenario.mj_roles
    try:
        state: GameState = rules.setup(names, scenario.seed, roles if len(roles) == len(names) else None, **extra)
    except ValueError as exc:  # an unknown option or value, a role the rule set does not have…
        raise ScenarioError(str(exc)) from exc
    return state


def replay(scenario: Scenario) -> Iterator[dict[str, Any]]:
    """Every event of the game as a JSON-ready dict, then a final line."""
    rules = scenario_rules(scenario)
    state = initial_state(scenario)
    yield {"type": "setup", "phase": state.phase, "roles": {p.name: p.role for p in state.players}}
    start = datetime(2026, 1, 1, 12, tzinfo=UTC)
    den_carried: list[TopicPost] = []  # den posts of a day, read with the coming night's
    for number, spec in enumerate(scenario.phases):
        if state.winner:
            break
        if spec.phase != state.phase:
            raise ScenarioError(f"phases[{number}].phase: {spec.phase!r}, but the game is at {state.phase!r}")
        phase_start = start + timedelta(days=number)
        if rules.modules:
            actions, events = _module_actions(state, spec, rules, phase_start, scenario.phases, den_carried)
        else:
            actions, events = _actions(state, spec, rules.verbs, phase_start)
        if rules.read_post is not None and state.phase.startswith("J"):
            actions = _in_time_order(spec, phase_start, _post_actions(state, spec, rules.read_post), actions)
        outcome: Outcome
        if state.phase.startswith("J"):
            if rules.votes_by_mp:  # the votes are MPs, among the actions
                votes: dict[str, str] = {}
            else:
                votes, warnings = _votes(state, spec, phase_start, rules)
                events += warnings
            answers = dict(spec.answers)
            reader = rules.mayor_announcement
            if spec.mayor_post is not None and reader is not None:  # read as the MJ would, unless answered
                answers.setdefault(f"{state.phase}:annonce_maire", reader(spec.mayor_post, state))
            try:
                outcome = rules.close_day(state, votes, answers, spec.decrees, actions)
            except (ValueError, KeyError) as exc:
                raise ScenarioError(f"phases[{number}] ({spec.phase}): the rules refuse it: {exc}") from exc
        else:
            try:
                outcome = rules.resolve_night(state, actions, spec.answers, spec.decrees)
            except (ValueError, KeyError) as exc:
                raise ScenarioError(f"phases[{number}] ({spec.phase}): the rules refuse it: {exc}") from exc
        for event in [*events, *outcome.events]:
            yield event.as_json()
        state = outcome.state
    yield {
        "type": "final",
        "phase": state.phase,
        "alive": state.living(),
        "dead": [p.name for p in state.players if not p.alive],
        # null while the game goes on; "aucun" is a finished game nobody won (nobody left alive).
        "winner": state.winner,
    }


# -- modules (baguette): MPs stamped against the deadlines, the den, absences --------------------------------
_MINUTE = timedelta(minutes=1)


def _late(when: datetime, deadline: datetime | None) -> bool:
    """« A 22h01, le MP n'est pas valable »: stamped in the deadline's minute still counts, from the next one
    not (the forum shows minutes)."""
    return deadline is not None and when - deadline >= _MINUTE


def _stamp(row: dict[str, Any], phase_start: datetime, index: int) -> datetime:
    return datetime.fromisoformat(row["time"]) if row.get("time") else phase_start + timedelta(minutes=index)


def _module_actions(
    state: GameState,
    spec: PhaseSpec,
    rules: RuleSet,
    phase_start: datetime,
    phases: list[PhaseSpec],
    carried: list[TopicPost],
) -> tuple[list[Action], list[Event]]:
    """A module's phase: the MPs (votes included) before the deadline, the absences (topic and MP), the den's
    posts before the night's actions deadline — one list of actions in time order. ``carried``: den posts of
    the day before, read with this night's (a day's are added to it and read the next night)."""
    deadline = spec.deadline if state.phase.startswith("J") else spec.actions_deadline
    events: list[Event] = []
    timed: list[tuple[datetime, int, Action]] = []
    kept_mps = []
    for index, mp in enumerate(spec.mps):
        when = _stamp(mp, phase_start, index)
        if _late(when, deadline):
            events.append(Event("late_mp", state.phase, "mj", (), {"from": mp["from"], "time": when.isoformat()}))
            continue
        kept_mps.append((index, when, mp))
    resolver = _resolver(state)
    absence_rows: list[tuple[datetime, str, str]] = []
    for index, when, mp in kept_mps:
        sender = resolver.identify(str(mp["from"]))
        away = bool(rules.absence_power and sender is not None and says_absent(str(mp["text"])))
        if away and sender is not None:  # an absence MP; it may hold orders too (« j'anticipe : je sonde X »)
            absence_rows.append((when, sender, str(mp["text"])))
        one = PhaseSpec(spec.phase, mps=[mp])
        found, said = _actions(state, one, rules.verbs)
        if away:  # not an order, not understood: it was the absence
            said = [e for e in said if e.type not in ("mp_not_understood", "mp_not_an_order")]
        events += said
        timed += [(when, index, replace(a, source=f"{spec.phase}-mp{index + 1}")) for a in found]
    for index, row in enumerate(spec.absences):
        author = resolver.identify(str(row["author"]))
        if author is None:
            events.append(Event("mp_from_non_player", state.phase, "mj", (), {"from": row["author"]}))
            continue
        absence_rows.append((_stamp(row, phase_start, index), author, str(row["text"])))
    for when, author, text in absence_rows:
        action = _absence(state, rules, author, text, when, phases)
        if action is None:
            events.append(Event("absence_not_read", state.phase, "mj", (), {"player": author, "text": text}))
        else:
            timed.append((when, -1, action))
    if rules.read_den is not None:
        night = state.phase.startswith("N")
        carried += _den_posts(spec, phase_start, deadline if night else None, state.phase, events)
        if night and carried:  # a den post by day counts for the coming night (RULINGS D2)
            stamps = {post.source: post.time for post in carried}
            for action in rules.read_den(state, carried):
                timed.append((stamps.get(action.source.removeprefix("den:"), phase_start), 0, action))
            carried.clear()
    timed.sort(key=lambda item: item[0])
    return [action for _, _, action in timed], events


def _den_posts(
    spec: PhaseSpec, phase_start: datetime, deadline: datetime | None, phase: str, events: list[Event]
) -> list[TopicPost]:
    """The phase's den posts as the daemon stores them (coloured spans read), those stamped late left out."""
    posts: list[TopicPost] = []
    for index, row in enumerate(spec.den):
        when = _stamp(row, phase_start, index)
        source = f"{spec.phase}-den{index + 1}"
        if _late(when, deadline):
            events.append(Event("late_den_post", phase, "mj", (), {"author": row["author"], "post": source}))
            continue
        reading = bbcode_colours(str(row["text"]))
        posts.append(
            TopicPost(
                str(row["author"]),
                when,
                str(row["text"]),
                reading.spans,
                reading.colour,
                bool(row.get("edited")),
                bool(row.get("deleted")),
                source,
            )
        )
    return posts


def _absence(
    state: GameState, rules: RuleSet, author: str, text: str, when: datetime, phases: list[PhaseSpec]
) -> Action | None:
    """An absence declared (topic or MP) → the module's absence action: the day phases of the scenario whose
    deadline's day, or the day before, it covers; none when its days are vague or match no day."""
    found = read_absence(text, when.date())
    if found is None or rules.absence_power is None:
        return None
    covered: list[str] = []
    if not found.vague:
        for spec in phases:
            if spec.phase.startswith("J") and spec.deadline is not None:
                last = spec.deadline.date()
                if found.covers(last) or found.covers(last - timedelta(days=1)):
                    covered.append(spec.phase)
    return Action(author, rules.absence_power, tuple(covered), f"absence:{author}")
