"""The game's state, the inputs that move it, and what comes out: events and questions.

Everything here is plain data. A rule set's functions take a state and inputs and return a new
state (the given one is never changed), events for the posts and MPs, and questions when the rules
need someone's choice. Same inputs, answers and seed ⇒ same outcome: that is how a game replays.

Copying is the engine's hot path (every phase starts from a copy of the state it is given), so
``GameState.copy`` copies only what may change in place: the players' records and ``markers``, and the
containers of ``memory``. Immutable values — strings, numbers, tuples and frozensets of them, frozen
dataclasses such as ``items.Item``, a ``FrozenMap`` (a read-only mapping a rule set keeps in its memory) —
are shared between the states, never copied. A state therefore holds only plain data (dicts, lists,
sets, atoms) and frozen records; anything else still copies, through ``copy.deepcopy``, correctly but
slowly.

A memory key registered for a rule set with ``copy_on_change`` is not copied at all: the copy shares its
value with the state it comes from until one of them calls ``state.memory_for_change(key)``, which gives that
state its own copy first. Only for a key every change of which goes through ``memory_for_change`` (``items``
keeps its store so); reads need nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from .quick import quick_init

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
    cycles and no shared mutable parts, which the property tests of the rule sets check. A dict or list
    is first copied in one C-level pass, then only its parts that are not shared are replaced by copies
    (a list, tuple or dict of shared values, the common case — names, counters, flags — without a call)."""
    kind = type(value)
    shared = _SHARED
    if kind in shared:
        return value
    if kind is dict or kind is list:
        copied = value.copy()
        for key, item in value.items() if kind is dict else enumerate(value):
            part = type(item)
            if part in shared:
                continue
            if part is tuple or part is list:
                for inner in item:  # a Python loop: faster than ``shared.issuperset(map(type, item))``
                    if type(inner) not in shared:
                        copied[key] = copy_data(item)
                        break
                else:
                    if part is list:
                        copied[key] = item.copy()
            elif part is dict:
                for inner in item.values():
                    if type(inner) not in shared:
                        copied[key] = copy_data(item)
                        break
                else:
                    copied[key] = item.copy()
            else:
                copied[key] = copy_data(item)
        return copied
    if kind is tuple or kind is frozenset:
        if shared.issuperset(map(type, value)):
            return value
        parts = [copy_data(item) for item in value]
        return value if all(a is b for a, b in zip(parts, value, strict=True)) else kind(parts)
    if kind is set:
        return value.copy() if shared.issuperset(map(type, value)) else {copy_data(item) for item in value}
    if _immutable(kind):
        return value
    return copy.deepcopy(value)


def _copy_sharing(value: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """``copy_data`` of a dict (a state's memory) whose values under the keys ``keep`` are shared, not copied."""
    shared = _SHARED
    copied = value.copy()
    for key, item in value.items():
        if key in keep or type(item) in shared:
            continue
        copied[key] = copy_data(item)
    return copied


# The memory keys ``GameState.copy`` shares until a change, by rule set (``copy_on_change``). Keyed by the rule
# set's name, so that a rule set that registers none pays one look-up per copy, nothing more.
_COPY_ON_CHANGE: dict[str, frozenset[str]] = {}
_NONE: frozenset[str] = frozenset()


def copy_on_change(ruleset: str, key: str) -> None:
    """Let ``GameState.copy`` share ``state.memory[key]`` between a state of ``ruleset`` and its copy instead of
    copying it. The caller's promise: nothing changes that value in place but through
    ``state.memory_for_change(key)`` (replacing it, ``state.memory[key] = …``, is fine too); reading it needs
    nothing. May be called at any time, again and again: it changes how states are copied, never what they
    hold (a state made before owns none of the key: its first change copies)."""
    keys = _COPY_ON_CHANGE.get(ruleset, _NONE)
    if key not in keys:
        _COPY_ON_CHANGE[ruleset] = keys | {key}


def copied_on_change(ruleset: str) -> frozenset[str]:
    """The memory keys registered so far for ``ruleset`` with ``copy_on_change`` (for the tests that check the
    sharing)."""
    return _COPY_ON_CHANGE.get(ruleset, _NONE)


class FrozenMap(Mapping[str, Any]):
    """A read-only mapping for a rule set's memory, shared (never copied) by ``GameState.copy``: it never
    changes, a change is a new one. Its values must be immutable too (atoms, tuples of them, frozen
    records): a mutable one is refused. Equal to a dict with the same items."""

    __slots__ = ("_items",)
    _items: dict[str, Any]

    def __init__(self, items: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        content = dict(items)
        mutable = [key for key, value in content.items() if copy_data(value) is not value]
        if mutable:
            raise TypeError(f"FrozenMap values must be immutable: {', '.join(map(repr, mutable))}")
        object.__setattr__(self, "_items", content)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a FrozenMap does not change: make a new one")

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._items.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __copy__(self) -> FrozenMap:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMap:
        return self

    def __reduce__(self) -> tuple[type[FrozenMap], tuple[dict[str, Any]]]:
        return FrozenMap, (dict(self._items),)


_SHARED.add(FrozenMap)


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
        return _copy_player(self)


def _copy_player(player: PlayerState) -> PlayerState:
    clone = object.__new__(PlayerState)
    clone.name, clone.role, clone.camp = player.name, player.role, player.camp
    clone.alive, clone.death_phase, clone.death_cause = player.alive, player.death_phase, player.death_cause
    clone.markers = copy_data(player.markers)
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
    # ``player``'s name → position table: not part of the state (never compared, shown or given).
    _where: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    # The ``copy_on_change`` keys whose value this state has made its own (``memory_for_change``): the others may
    # be shared with a copy. Not a field: set on the few states that own one (the class's: none), replaced,
    # never changed in place.
    _owned: ClassVar[frozenset[str]] = _NONE

    def player(self, name: str) -> PlayerState:
        """The player called ``name`` (the first one, were two so called); a KeyError if none is.

        The rules ask this all the time: a name → position table answers, checked against the list at
        each use (the list is public and may change) and rebuilt when it is stale. Each state has its
        own table (``copy`` copies it with the list, in the same order)."""
        try:
            found = self.players[self._where[name]]
            if found.name == name:
                return found
        except (KeyError, IndexError):
            pass
        players = self.players
        where: dict[str, int] = {}
        for position, player in enumerate(players):
            where.setdefault(player.name, position)
        self._where = where
        if name not in where:
            raise KeyError(name)
        return players[where[name]]

    def memory_for_change(self, key: str) -> Any:
        """``self.memory[key]``, to be changed in place: for a ``copy_on_change`` key, this state's own (copied,
        ``copy_data``, the first time after it may have been shared); any other key's value as it is. A
        KeyError if the memory has no ``key``."""
        value = self.memory[key]
        if key in _COPY_ON_CHANGE.get(self.ruleset, _NONE) and key not in self._owned:
            value = self.memory[key] = copy_data(value)
            self._owned = self._owned | {key}  # type: ignore[misc]  # this state's, over the class's none
        return value

    def own_memory(self, key: str, value: Any) -> None:
        """Put ``value`` under ``self.memory[key]`` as this state's own: a ``copy_on_change`` key's
        ``memory_for_change`` will not copy it again. For a rule set that made the state's own value itself, cheaper
        than ``copy_data`` would (the baguette module: a shallow copy of a dict whose values are replaced, never
        changed in place)."""
        self.memory[key] = value
        if key not in self._owned:
            self._owned = self._owned | {key}  # type: ignore[misc]  # this state's, over the class's none

    def living(self) -> list[str]:
        return [p.name for p in self.players if p.alive]

    def with_role(self, role: str, alive: bool = True) -> list[PlayerState]:
        return [p for p in self.players if p.role == role and (p.alive or not alive)]

    def copy(self) -> GameState:
        """An independent state: changing the copy never changes this one (nor the reverse).

        The copies' fields are set one by one, in the order ``__init__`` sets them (``_FIELDS`` checks the
        lists below): the new objects keep CPython's compact per-object values, whose attribute reads the
        rules make all the time are the fastest (a replaced ``__dict__`` would lose them). A state's and a
        record's content is their dataclass fields: an attribute set outside them is not copied."""
        clone = object.__new__(GameState)
        clone.ruleset = self.ruleset
        clone.seed = self.seed
        clone.players = players = []
        new, shared = object.__new__, _SHARED
        for player in self.players:  # ``_copy_player``, inline: the hottest loop of a phase
            record = new(PlayerState)
            record.name = player.name
            record.role = player.role
            record.camp = player.camp
            record.alive = player.alive
            record.death_phase = player.death_phase
            record.death_cause = player.death_cause
            markers = player.markers
            if type(markers) is not dict:
                record.markers = copy_data(markers)
            elif not markers:  # most players' markers: nothing to look at
                record.markers = {}
            else:  # a new dict sharing the atoms (most markers), copying the rest: ``copy_data``'s loop, inline
                record.markers = copied = markers.copy()
                for key in markers:  # not ``.items()``: one object less to make, for the one or two markers most have
                    value = markers[key]
                    kind = type(value)
                    if kind in shared:
                        continue
                    if kind is list or kind is tuple:  # names (most of the others): looked through without a call
                        for inner in value:
                            if type(inner) not in shared:
                                copied[key] = copy_data(value)
                                break
                        else:
                            if kind is list:
                                copied[key] = value.copy()
                    elif kind is dict:
                        for inner in value.values():
                            if type(inner) not in shared:
                                copied[key] = copy_data(value)
                                break
                        else:
                            copied[key] = value.copy()
                    else:
                        copied[key] = copy_data(value)
            players.append(record)
        clone.phase = self.phase
        clone.mayor = self.mayor
        clone.winner = self.winner
        lazy = _COPY_ON_CHANGE.get(self.ruleset)
        if lazy is None:
            clone.memory = copy_data(self.memory)
        else:  # those keys' values shared from now on: neither state owns them (the clone has the class's none)
            clone.memory = _copy_sharing(self.memory, lazy)
            if self._owned:
                self._owned = self._owned - lazy  # type: ignore[misc]
        clone._where = self._where.copy()
        return clone

    def rng(self, purpose: str) -> random.Random:
        """A generator for one purpose of one phase, derived from the game's seed: no hidden state."""
        return random.Random(f"{self.seed}:{self.phase}:{purpose}")


# What ``GameState.copy`` sets, field by field, in ``__init__``'s order: a field added to either dataclass must
# be copied there too.
_FIELDS = {
    PlayerState: ("name", "role", "camp", "alive", "death_phase", "death_cause", "markers"),
    GameState: ("ruleset", "seed", "players", "phase", "mayor", "winner", "memory", "_where"),
}
for _kind, _names in _FIELDS.items():
    if tuple(f.name for f in fields(_kind)) != _names:
        raise TypeError(f"{_kind.__name__}.copy: the fields changed, copy them in GameState.copy")


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """A power used by a player (from an MP or a public command), names already resolved."""

    player: str
    power: str
    targets: tuple[str, ...] = ()
    source: str = ""  # the MP's id, for the MJ


@quick_init
@dataclass(frozen=True, slots=True)
class Decree:
    """The MJ's word: kill, revive, set the mayor, or an event told in the next post."""

    kind: str  # kill | revive | mayor | event
    player: str | None = None
    cause: str = "mj"
    text: str = ""


@quick_init
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


@quick_init
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
