"""`meneur replay`: a scenario file played through the real parsers and the rules engine.

Posts are rendered from BBCode to the forum's HTML and read by the vote counter; MPs are read by
the action parser; names are resolved as votes are. The engine runs phase by phase; unanswered
questions are printed and their defaults used, so a scenario always runs to its end.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ..engine.daycount import PostVotes, Roster, count_day
from ..engine.model import Action, Decree, Event, GameState, Outcome
from ..engine.names import NameResolver, PlayerName
from ..engine.rulesets import ruleset
from ..parsers.bbcode import render_bbcode
from ..parsers.layout import votes_in_html
from ..parsers.phpbb3 import LAYOUT
from ..parsers.records import Post, VoteFormat, content_hash
from .config import ConfigError
from .mp_actions import read_mp


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


def load_scenario(path: Path) -> Scenario:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    try:
        players = [(str(p["name"]), p.get("role")) for p in data["players"]]
        phases = [
            PhaseSpec(
                phase=str(ph["phase"]),
                posts=list(ph.get("posts", [])),
                mps=list(ph.get("mps", [])),
                answers={str(a["question"]): str(a["choice"]) for a in ph.get("answers", [])},
                decrees=[
                    Decree(str(d["kind"]), d.get("player"), str(d.get("cause", "mj")), str(d.get("text", "")))
                    for d in ph.get("decrees", [])
                ],
                mayor_post=str(ph["mayor_post"]) if "mayor_post" in ph else None,
                deadline=_deadline(ph),
            )
            for ph in data.get("phases", [])
        ]
        return Scenario(
            str(data["ruleset"]),
            int(data["seed"]),
            players,
            phases,
            dict(data.get("expect", {})),
            str(data.get("title", "")),
            {str(p["name"]): str(p["camp"]) for p in data["players"] if "camp" in p},
            {str(p["name"]): int(p["group"]) for p in data["players"] if "group" in p},
            dict(data.get("options", {})),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"{path}: missing or wrong field {exc}") from exc


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
    roster = Roster(tuple(p.name for p in state.players), frozenset(p.name for p in state.players if not p.alive))
    refusal = getattr(rules, "vote_refusal", None)
    count = count_day(
        entries,
        roster,
        _resolver(state),
        deadline=spec.deadline.astimezone(UTC) if spec.deadline else None,
        refusal=(lambda v, t: refusal(state, v, t)) if refusal else None,
    )
    warnings = [
        Event("vote_warning", state.phase, "mj", (), {"post": w.post_id, "kind": str(w.kind), "message": w.message})
        for w in count.warnings
    ]
    return count.current, warnings


def _actions(state: GameState, spec: PhaseSpec, verbs: Any) -> tuple[list[Action], list[Event]]:
    """The phase's actions, read from the MPs in natural French; unclear ones are told to the sender."""
    resolver = _resolver(state)
    actions: list[Action] = []
    events: list[Event] = []
    for index, mp in enumerate(spec.mps):
        sender = resolver.identify(str(mp["from"]))
        if sender is None:
            events.append(Event("mp_from_non_player", state.phase, "mj", (), {"from": mp["from"]}))
            continue
        source = f"{spec.phase}-mp{index + 1}"
        reading = read_mp(str(mp["text"]), sender, state, verbs, resolver, source)
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


def initial_state(scenario: Scenario) -> GameState:
    """The game as the scenario sets it up (roles, and camps or groups where the rule set takes them)."""
    rules = ruleset(scenario.ruleset)
    names = [name for name, _ in scenario.players]
    roles = {name: role for name, role in scenario.players if role}
    extra: dict[str, Any] = {}
    if scenario.camps:
        extra["camps"] = scenario.camps
    if scenario.groups:
        extra["groups"] = scenario.groups
    if scenario.options:
        if not getattr(rules, "OPTIONS", None):
            raise ScenarioError(f"the rule set {scenario.ruleset} has no options")
        extra["options"] = scenario.options
    try:
        state: GameState = rules.setup(names, scenario.seed, roles if len(roles) == len(names) else None, **extra)
    except ValueError as exc:  # an unknown option or value, a role the rule set does not have…
        raise ScenarioError(str(exc)) from exc
    return state


def replay(scenario: Scenario) -> Iterator[dict[str, Any]]:
    """Every event of the game as a JSON-ready dict, then a final line."""
    rules = ruleset(scenario.ruleset)
    state = initial_state(scenario)
    yield {"type": "setup", "phase": state.phase, "roles": {p.name: p.role for p in state.players}}
    start = datetime(2026, 1, 1, 12, tzinfo=UTC)
    for number, spec in enumerate(scenario.phases):
        if state.winner:
            break
        if spec.phase != state.phase:
            raise ScenarioError(f"phase {number + 1} is {spec.phase!r} but the game is at {state.phase!r}")
        actions, events = _actions(state, spec, rules.VERBS)
        outcome: Outcome
        if state.phase.startswith("J"):
            votes, warnings = _votes(state, spec, start + timedelta(days=number), rules)
            events += warnings
            answers = dict(spec.answers)
            reader = getattr(rules, "mayor_announcement", None)
            if spec.mayor_post is not None and reader is not None:  # read as the MJ would, unless answered
                answers.setdefault(f"{state.phase}:annonce_maire", reader(spec.mayor_post, state))
            outcome = rules.close_day(state, votes, answers, spec.decrees, actions)
        else:
            outcome = rules.resolve_night(state, actions, spec.answers, spec.decrees)
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
