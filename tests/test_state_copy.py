"""The engine's promise that a phase never changes the state it is given, for every rule set, and the
copy that keeps it (``GameState.copy``: new containers, shared immutable records).

Hypothesis draws a seed; a random game is played through each rule set's public functions (random
votes by day, random actions by night among the verbs of the rule set, kept when ``validate`` accepts
them, some answers given); before each phase the input is snapshotted with ``copy.deepcopy`` and
after it compared, and the output must share no mutable part with the input — but the memory a rule set
copies on change (``copy_on_change``: the items' store), which the output changes right away, through
``memory_for_change``, without changing the input.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.engine import items
from meneur.engine.items import Item
from meneur.engine.model import (
    Action,
    Event,
    FrozenMap,
    GameState,
    PlayerState,
    copied_on_change,
    copy_data,
    copy_on_change,
)
from meneur.engine.quick import factory, quick_init
from meneur.engine.rulesets import installed, ruleset
from meneur.engine.tally import TargetCount

# Every rule set meneur ships (a new one is checked without being listed), with a table size it plays.
BUILT_IN = sorted(name for name, point in installed().items() if point.value.startswith("meneur."))
PLAYERS = {"classique": 14, "trinite-meuporg": 12, "trinite": 9, "citadelles": 12}  # the others: 6


def _mutable_ids(value: Any, found: set[int], skip: frozenset[str] = frozenset()) -> set[int]:
    """The ids of every mutable container (dict, list, set, player record) reachable from ``value``; in a
    state's memory, not those under the keys ``skip``."""
    if isinstance(value, (dict, list, set, PlayerState, GameState)):
        if id(value) in found:
            return found
        found.add(id(value))
    if isinstance(value, GameState):
        for item in vars(value).values():
            if item is value.memory:
                found.add(id(item))
                for key, part in item.items():
                    if key not in skip:
                        _mutable_ids(part, found)
            else:
                _mutable_ids(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _mutable_ids(item, found)
    elif isinstance(value, (list, set, tuple, frozenset)):
        for item in value:
            _mutable_ids(item, found)
    elif isinstance(value, PlayerState):
        for item in vars(value).values():
            _mutable_ids(item, found)
    return found


def _night_actions(rules: Any, state: GameState, rng: random.Random) -> list[Action]:
    names = [p.name for p in state.players]
    actions = []
    for player in state.players:
        for verb in rules.verbs:
            if rng.random() < 0.5:
                continue
            count = rng.randint(verb.min_targets, min(verb.max_targets, len(names)))
            action = Action(player.name, verb.power, tuple(rng.sample(names, count)))
            if rules.validate(state, action) is None:
                actions.append(action)
    return actions


def _play_checked(name: str, seed: int) -> int:
    """A random game of ``name``; each phase's input is checked unchanged and unshared. The phases played."""
    rules = ruleset(name)
    rng = random.Random(seed)
    state = rules.setup([f"P{n}" for n in range(PLAYERS.get(name, 6))], seed)
    phases = 0
    while state.winner is None and phases < 40:
        before = copy.deepcopy(state)
        answers: dict[str, str] = {}
        if state.phase.startswith("J"):
            living = state.living()
            votes = {v: rng.choice(living) for v in living}
            first = rules.close_day(state, votes)
            for question in first.questions:  # answer some of them: the answered path runs too
                if rng.random() < 0.7:
                    answers[question.id] = rng.choice(question.options or ("aucun",))
            outcome = rules.close_day(state, votes, answers)
        else:
            actions = _night_actions(rules, state, rng)
            first = rules.resolve_night(state, actions)
            for question in first.questions:
                if rng.random() < 0.7:
                    answers[question.id] = rng.choice(question.options or ("aucun",))
            outcome = rules.resolve_night(state, actions, answers)
        assert state == before, f"{name}, seed {seed}: {state.phase} changed the state it was given"
        lazy = ON_CHANGE | copied_on_change(name)
        shared = _mutable_ids(state, set(), lazy) & _mutable_ids(outcome.state, set(), lazy)
        assert not shared, f"{name}, seed {seed}: {state.phase}'s new state shares mutable parts with its input"
        for key in sorted(copied_on_change(name) & outcome.state.memory.keys()):
            # A key the rule set shares until a change: the new state's own value, changed and put back as it
            # was (the same game), leaves the input as it was.
            value = outcome.state.memory_for_change(key)
            if isinstance(value, dict):
                value["?"] = []
                assert state == before, f"{name}, seed {seed}: memory[{key!r}] shared"
                del value["?"]
            elif isinstance(value, list):
                value.append("?")
                assert state == before, f"{name}, seed {seed}: memory[{key!r}] shared"
                value.pop()
        if items.KEY in outcome.state.memory and items.every(outcome.state):
            # The store may be shared: a change of the new state's (an item handed to its own holder: a new
            # record, the same game) leaves the input as it was.
            first = items.every(outcome.state)[0]
            items.transfer(outcome.state, first.id, first.holder)
            assert state == before and items.every(state) == items.every(before), f"{name}, seed {seed}: shared"
        state = outcome.state
        phases += 1
    return phases


# The memory keys shared until changed: the items' store (``items`` changes it only through
# ``memory_for_change``), and those a rule set registers (``copied_on_change``).
ON_CHANGE = frozenset({items.KEY})


@pytest.mark.parametrize("name", BUILT_IN)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_phase_never_changes_the_state_it_is_given(name: str, seed: int) -> None:
    assert _play_checked(name, seed) >= 1


def test_every_rule_set_meneur_ships_is_checked() -> None:
    assert {"classique", "convivialite", "hameau", "trinite-meuporg", "trinite"} <= set(BUILT_IN)


def test_the_checks_see_a_phase_that_changes_its_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property above can fail: with a copy that shares the markers and the memory (the mistake a
    faster copy could make), a game of each rule set is caught changing its input."""

    def shallow(self: GameState) -> GameState:
        clone = copy.copy(self)
        clone.players = [copy.copy(p) for p in self.players]
        return clone

    monkeypatch.setattr(GameState, "copy", shallow)
    for name in BUILT_IN:
        with pytest.raises(AssertionError, match=r"changed the state it was given|shares mutable parts"):
            for seed in range(20):
                _play_checked(name, seed)


def test_copy_is_independent_and_shares_only_immutable_parts() -> None:
    state = ruleset("trinite-meuporg").setup([f"P{n}" for n in range(9)], 3)
    state.player("P1").markers["liste"] = [1, {"a": [2]}]
    state.memory["ensemble"] = {"x"}
    state.memory["paire"] = ("a", ["b"])
    clone = state.copy()
    assert clone == state
    assert not _mutable_ids(state, set(), ON_CHANGE) & _mutable_ids(clone, set(), ON_CHANGE)
    assert clone.memory["paire"] == ("a", ["b"]) and clone.memory["paire"] is not state.memory["paire"]
    # The item records themselves are shared: they are frozen, a change replaces them. Their store is shared
    # too until one state changes an item (``copy_on_change``).
    assert all(a is b for a, b in zip(items.every(clone), items.every(state), strict=True))
    first = items.every(clone)[0]
    items.destroy(clone, first.id)
    items.transfer(clone, first.id, "P8")
    assert items.get(state, first.id) == first and items.get(clone, first.id).holder == "P8"
    assert clone.memory[items.KEY] is not state.memory[items.KEY]
    clone.player("P1").markers["liste"][1]["a"].append(3)
    assert state.player("P1").markers["liste"] == [1, {"a": [2]}]


def test_copy_data_shares_atoms_and_frozen_records_and_copies_the_rest() -> None:
    record = items.Item("dague#1", "dague", "Alice")
    data = {"n": 1, "s": "x", "t": ("a", 1), "r": record, "l": [record, {"k": None}], "f": frozenset({1})}
    copied = copy_data(data)
    assert copied == data and copied is not data
    assert copied["t"] is data["t"] and copied["r"] is record and copied["f"] is data["f"]
    assert copied["l"] is not data["l"] and copied["l"][1] is not data["l"][1] and copied["l"][0] is record


def test_a_frozen_map_is_shared_by_the_copy_and_never_changes() -> None:
    """trinite-meuporg keeps each player's companions in a FrozenMap: read like a dict, shared by every copy
    (and deepcopy), changed only by making a new one; a mutable value cannot get in."""
    state = ruleset("trinite-meuporg").setup([f"P{n}" for n in range(9)], 3)
    companions = state.memory["compagnons"]
    assert isinstance(companions, FrozenMap)
    assert companions == {m: tuple(sorted(g)) for g in state.memory["groups"] for m in g}
    clone = state.copy()
    assert clone.memory["compagnons"] is companions and copy.deepcopy(companions) is companions
    assert copy_data(companions) is companions
    with pytest.raises(TypeError):
        companions["P0"] = ("P0",)  # type: ignore[index]
    with pytest.raises(AttributeError):
        companions._items = {}  # type: ignore[misc]
    with pytest.raises(TypeError, match="immutable"):
        FrozenMap({"P0": ["P1"]})
    assert FrozenMap({"a": ("b",)}).get("a") == ("b",) and FrozenMap().get("z", 1) == 1


def test_the_quick_records_are_still_frozen_with_their_defaults() -> None:
    """``quick_init`` builds the frozen records faster: same parameters, defaults and factories, and still
    frozen, equal and shown as dataclasses are."""
    first, second = Event("death", "N1"), Event("death", "N1")
    assert first == second and first.data == {} and first.data is not second.data
    assert first.audience == "public" and first.to == ()
    assert repr(Action("A", "p", ("B",))) == "Action(player='A', power='p', targets=('B',), source='')"
    assert hash(Action("A", "p")) == hash(Action("A", "p"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.type = "x"  # type: ignore[misc]
    with pytest.raises(TypeError, match="phase"):
        Event("death")  # type: ignore[call-arg]
    assert Event(type="t", phase="J1", to=("A",)).to == ("A",)

    @dataclasses.dataclass
    class Plain:
        x: int

    with pytest.raises(TypeError, match="frozen"):
        quick_init(Plain)


def test_the_quick_records_copy_pickle_and_replace_as_dataclasses_do() -> None:
    """A quick record is built by its ``__new__`` (``__init__`` is ``object``'s): ``copy``, ``deepcopy`` and
    ``pickle`` (every protocol) give an equal record of the same class, a deep copy with its own data;
    ``dataclasses.replace`` changes only what it names; ``factory(cls)`` builds what ``cls(…)`` does; a
    subclass, which the construction would not fit, is refused."""
    event = Event("death", "N1", "private", ("A",), {"player": "A", "seen": ["B"]})
    for made in (
        copy.copy(event),
        copy.deepcopy(event),
        *(pickle.loads(pickle.dumps(event, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)),
    ):
        assert type(made) is Event and made == event
    deep = copy.deepcopy(event)
    assert deep.data is not event.data and deep.data["seen"] is not event.data["seen"]
    item = Item("dague#1", "dague", "A")
    assert copy.deepcopy([item]) == [item] and hash(copy.copy(item)) == hash(item)
    assert dataclasses.replace(item, holder="B") == Item("dague#1", "dague", "B")
    assert dataclasses.replace(event, audience="mj").to == ("A",)
    made = factory(Event)("death", "N1", to=("A",))
    assert type(made) is Event and made == Event("death", "N1", "public", ("A",), {})
    assert factory(TargetCount)("A", 2, ("B", "C")).modifiers == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.phase = "J1"  # type: ignore[misc]
    with pytest.raises(TypeError, match="subclassed"):

        class Later(Event):  # type: ignore[misc]
            pass


def test_a_copy_shares_a_copy_on_change_memory_until_either_state_changes_it() -> None:
    """``copy_on_change``: the copy shares the value (no copying), and whichever state asks for it to change
    (``memory_for_change``) gets its own first, once; the other state never sees the change. A key not
    registered for the state's rule set is copied as always and changed in place."""
    state = GameState("essai-copie", 1, [PlayerState("A", "r", "c")], memory={"l": [1], "n": {"x": [2]}})
    before = copy.deepcopy(state)
    assert state.memory_for_change("l") is state.memory["l"]  # not registered: in place, as always
    clone = state.copy()
    assert clone.memory["l"] is not state.memory["l"]
    copy_on_change("essai-copie", "l")
    copy_on_change("essai-copie", "l")  # again: nothing more
    clone = state.copy()
    assert clone.memory["l"] is state.memory["l"] and clone.memory["n"] is not state.memory["n"]
    mine = clone.memory_for_change("l")
    mine.append(3)
    assert clone.memory_for_change("l") is mine  # its own now: not copied again
    assert state == before and clone.memory["l"] == [1, 3]
    # The other way: the original changes after a copy, the copy keeps what it had.
    third = clone.copy()
    clone.memory_for_change("l").append(4)
    assert third.memory["l"] == [1, 3] and clone.memory["l"] == [1, 3, 4]
    # A state made from another's memory (as ``GameState(…, memory=…)`` allows) owns nothing either.
    shallow = GameState("essai-copie", 1, [], memory=dict(clone.memory))
    shallow.memory_for_change("l").append(5)
    assert clone.memory["l"] == [1, 3, 4]


def test_a_value_a_state_owns_by_own_memory_is_not_copied_again() -> None:
    """``own_memory``: the value put there is the state's own (``memory_for_change`` hands it back as it is), and
    the state it was copied from, and a copy made after, never see its changes."""
    state = GameState("essai-a-soi", 1, [], memory={"b": {"porteurs": ("Alice",)}})
    copy_on_change("essai-a-soi", "b")
    clone = state.copy()
    mine = dict(clone.memory["b"])
    clone.own_memory("b", mine)
    assert clone.memory_for_change("b") is mine  # not copied again
    mine["porteurs"] = ("Alice", "Bob")
    assert state.memory["b"] == {"porteurs": ("Alice",)}
    later = clone.copy()  # shares it again: neither owns it now
    assert later.memory["b"] is mine and clone.memory_for_change("b") is not mine


def test_a_phase_that_changes_no_item_copies_none() -> None:
    """The items' store goes from a state to the copy a phase makes as it is, not copied; the first change of
    an item gives the new state its own store and the old state keeps its items."""
    state = ruleset("trinite-meuporg").setup([f"P{n}" for n in range(9)], 3)
    clone = state.copy()
    assert clone.memory[items.KEY] is state.memory[items.KEY]
    first = items.every(state)[0]
    items.give(clone, "P2", "dague")
    assert clone.memory[items.KEY] is not state.memory[items.KEY]
    assert len(items.every(clone)) == len(items.every(state)) + 1 and items.get(state, first.id) is first
    items.destroy(state, first.id)  # the original changes too, on its own store
    assert items.get(state, first.id).destroyed and not items.get(clone, first.id).destroyed
