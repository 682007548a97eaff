"""The game's state, the inputs that move it, and what comes out: events and questions.

Everything here is plain data. A rule set's functions take a state and inputs and return a new
state (the given one is never changed), events for the posts and MPs, and questions when the rules
need someone's choice. Same inputs, answers and seed ⇒ same outcome: that is how a game replays.

Copying is the engine's hot path (every phase starts from a copy of the state it is given), so
``GameState.copy`` copies only what may change in place: the players' records and ``markers``, and the
containers of ``memory``. Immutable values — strings, numbers, tuples and frozensets of them, frozen
dataclasses such as ``items.Item`` — are shared between the states, never copied. A state therefore
holds only plain data (dicts, lists, sets, atoms) and frozen records; anything else still copies,
through ``copy.deepcopy``, correctly but slowly.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes})
# Types whose values are shared, never copied: the atoms, and each frozen dataclass once seen.
_SHARED: set[type] = set(_ATOMS)


def _immutable(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _SHARED.add(kind)
        return True
    return False


def copy_data(value: Any) -> Any:
    """A copy of plain data that shares every immutable part: dicts, lists and sets are new, atoms and
    frozen records are the same objects, a tuple or frozenset is shared when all it holds is. Other
    values go through ``copy.deepcopy``. Much faster than ``deepcopy`` (no memo): the state holds no
    cycles and no shared mutable parts, which the property tests of the rule sets check. A container
    of shared values only (names, numbers, item records) is copied in one C-level pass."""
    kind = type(value)
    if kind in _SHARED:
        return value
    shared = _SHARED
    if kind is dict:
        if shared.issuperset(map(type, value.values())):
            return value.copy()
        return {key: item if type(item) in shared else copy_data(item) for key, item in value.items()}
    if kind is list:
        if shared.issuperset(map(type, value)):
            return value.copy()
        return [item if type(item) in shared else copy_data(item) for item in value]
    if kind is tuple or kind is frozenset:
        if shared.issuperset(map(type, value)):
            return value
        copied = [copy_data(item) for item in value]
        return value if all(a is b for a, b in zip(copied, value, strict=True)) else kind(copied)
    if kind is set:
        return value.copy() if shared.issuperset(map(type, value)) else {copy_data(item) for item in value}
    if _immutable(kind):
        return value
    return copy.deepcopy(value)


PUBLIC = "public"  # the morning or evening post
PRIVATE = "private"  # an MP to the players in ``to``
MJ = "mj"  # for the MJ only


@dataclass
class PlayerState:
    name: str
    role: str
    camp: str  # village, loups, vampires, flute… (lovers are a marker, not a camp)
    alive: bool = True
    death_phase: str | None = None
    death_cause: str | None = None
    markers: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> PlayerState:
        """A new record: the fields are atoms, shared; ``markers`` is copied (``copy_data``)."""
        clone = object.__new__(PlayerState)
        clone.__dict__.update(self.__dict__)
        clone.markers = copy_data(self.markers)
        return clone


@dataclass
class GameState:
    ruleset: str
    seed: int
    players: list[PlayerState]
    phase: str = "J0"
    mayor: str | None = None
    winner: str | None = None
    memory: dict[str, Any] = field(default_factory=dict)  # the rule set's own bookkeeping

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def living(self) -> list[str]:
        return [p.name for p in self.players if p.alive]

    def with_role(self, role: str, alive: bool = True) -> list[PlayerState]:
        return [p for p in self.players if p.role == role and (p.alive or not alive)]

    def copy(self) -> GameState:
        """An independent state: changing the copy never changes this one (nor the reverse)."""
        clone = object.__new__(GameState)
        clone.__dict__.update(self.__dict__)
        clone.players = [player.copy() for player in self.players]
        clone.memory = copy_data(self.memory)
        return clone

    def rng(self, purpose: str) -> random.Random:
        """A generator for one purpose of one phase, derived from the game's seed: no hidden state."""
        return random.Random(f"{self.seed}:{self.phase}:{purpose}")


@dataclass(frozen=True, slots=True)
class Action:
    """A power used by a player (from an MP or a public command), names already resolved."""

    player: str
    power: str
    targets: tuple[str, ...] = ()
    source: str = ""  # the MP's id, for the MJ


@dataclass(frozen=True, slots=True)
class Decree:
    """The MJ's word: kill, revive, set the mayor, or an event told in the next post."""

    kind: str  # kill | revive | mayor | event
    player: str | None = None
    cause: str = "mj"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    phase: str
    audience: str = PUBLIC
    to: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "phase": self.phase,
            "audience": self.audience,
            **({"to": list(self.to)} if self.to else {}),
            **self.data,
        }


@dataclass(frozen=True, slots=True)
class Question:
    """A choice the rules leave to a player or the MJ. ``id`` is stable: PHASE:KIND[:PLAYER]."""

    id: str
    to: str  # a player's name, or "MJ"
    kind: str
    prompt: str  # French, for the MP or the MJ's page
    options: tuple[str, ...]
    default: str = "aucun"  # what replay uses when no answer is given


@dataclass
class Outcome:
    state: GameState
    events: list[Event] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """False while a question is unanswered: the daemon waits; replay went on with the defaults."""
        return not self.questions


def next_phase(phase: str) -> str:
    """J0 → N1 → J1 → N2 → J2 …"""
    kind, number = phase[0], int(phase[1:])
    return f"N{number + 1}" if kind == "J" else f"J{number}"
