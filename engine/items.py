"""Items: things a player holds, that can be used by their current holder, destroyed, stolen,
swapped and repaired. Shared by the item-based rule sets (`trinite-meuporg`, later `trinite` and
`citadelles`).

Items live in the game's state (``state.memory["items"]``) as immutable ``Item`` records: a change
replaces the record, so copying a state shares every record and copies only the list that holds them
(``GameState.copy``), and a game replays identically. The store itself is not even copied with the state
(``model.copy_on_change``): every change here asks for the state's own store first (``_store_for_change``),
so a phase that changes no item copies none of it. Each item is one *instance* with a stable id (``"dague#3"``): two
potions of the same kind are two items, each with its own destroyed flag and holder. Every change
goes through the functions here and returns what moved or changed, so the rule set can tell the
players and react (a public announcement when a given kind changes hands, a check when a cursed
doll finds a new master).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .model import GameState, copy_on_change
from .quick import factory, quick_init

KEY = "items"


@quick_init
@dataclass(frozen=True, slots=True)
class Item:
    """One item as seen from outside: its id, its kind (``"potion_de_mort"``), its holder, its state."""

    id: str
    kind: str
    holder: str
    destroyed: bool = False

    @property
    def intact(self) -> bool:
        return not self.destroyed


@quick_init
@dataclass(frozen=True, slots=True)
class Transfer:
    """An item that changed hands."""

    item: Item  # as it is after the move
    giver: str
    taker: str


_item = factory(Item)  # ``Item(…)`` as a plain function: a table's starting items, every change


def _store(state: GameState) -> dict[str, Any]:
    store: dict[str, Any] | None = state.memory.get(KEY)
    if store is None:
        store = state.memory[KEY] = {"next": 1, "list": []}
    return store


def _store_for_change(state: GameState) -> dict[str, Any]:
    """The state's own store, to change. Only this module changes the store, each time through here: the
    promise ``copy_on_change`` asks for (made for the state's rule set at its first change)."""
    store: dict[str, Any]
    if KEY in state._owned:  # its own already (every change of a phase after the first): nothing to ask
        store = state.memory[KEY]
        return store
    _store(state)
    copy_on_change(state.ruleset, KEY)
    store = state.memory_for_change(KEY)
    return store


def _rows(state: GameState) -> list[Item]:
    """The stored records (read them only: a change goes through ``_change``)."""
    try:
        rows: list[Item] = state.memory[KEY]["list"]
    except KeyError:
        return []
    return rows


def _index(state: GameState, item_id: str, change: bool = False) -> tuple[list[Item], int]:
    """Where the item is: the stored list (the state's own with ``change``) and its position."""
    rows: list[Item] = (_store_for_change(state) if change else _store(state))["list"]
    for index, item in enumerate(rows):
        if item.id == item_id:
            return rows, index
    raise KeyError(f"no item {item_id!r}")


def _change(
    state: GameState, item_id: str, holder: str | None = None, destroyed: bool | None = None
) -> tuple[Item, Item]:
    """Replace the stored record by a changed one (records are immutable); (before, after)."""
    rows, index = _index(state, item_id, change=True)
    before = rows[index]
    after = rows[index] = _item(
        before.id,
        before.kind,
        before.holder if holder is None else holder,
        before.destroyed if destroyed is None else destroyed,
    )
    return before, after


def give(state: GameState, player: str, kind: str, destroyed: bool = False) -> Item:
    """Create a new item of ``kind`` in ``player``'s hands (the starting items)."""
    state.player(player)  # a KeyError for a name that is not in the game
    store = _store_for_change(state)
    item = _item(f"{kind}#{store['next']}", kind, player, destroyed)
    store["next"] += 1
    store["list"].append(item)
    return item


def give_all(state: GameState, gifts: Iterable[tuple[str, str]]) -> list[Item]:
    """``give`` of each ``(player, kind)`` in order, the store asked for once: a whole table's starting items. A
    KeyError for a name that is not in the game, and then none is given."""
    gifts = list(gifts)
    names = {p.name for p in state.players}
    for player, _ in gifts:
        if player not in names:
            raise KeyError(player)
    store = _store_for_change(state)
    number = store["next"]
    made = []
    for player, kind in gifts:
        made.append(_item(f"{kind}#{number}", kind, player))
        number += 1
    store["next"] = number
    store["list"].extend(made)
    return made


def every(state: GameState) -> list[Item]:
    """All items of the game, in the order they were created."""
    return list(_store(state)["list"])


def get(state: GameState, item_id: str) -> Item:
    rows, index = _index(state, item_id)
    return rows[index]


def held(state: GameState, player: str, intact_only: bool = False) -> list[Item]:
    """What ``player`` holds (destroyed items too, unless ``intact_only``)."""
    if intact_only:
        return [i for i in _rows(state) if i.holder == player and not i.destroyed]
    return [i for i in _rows(state) if i.holder == player]


def kinds_held(state: GameState, player: str) -> set[str]:
    """The kinds of the intact items ``player`` holds."""
    return {i.kind for i in _rows(state) if i.holder == player and not i.destroyed}


def usable(state: GameState, player: str, kind: str) -> Item | None:
    """The first intact item of ``kind`` that ``player`` holds: only the current holder uses an item,
    and a destroyed item has no power, active or passive."""
    try:  # ``_rows``, inline: the rules ask this for every power they check
        rows: list[Item] = state.memory[KEY]["list"]
    except KeyError:
        return None
    for item in rows:
        if item.holder == player and item.kind == kind and not item.destroyed:
            return item
    return None


def holders(state: GameState, kind: str) -> set[str]:
    """Who holds an intact item of ``kind`` (one pass, for a rule that asks it of every player)."""
    return {i.holder for i in _rows(state) if i.kind == kind and not i.destroyed}


def holder_of(state: GameState, kind: str) -> Item | None:
    """The first intact item of ``kind`` in the game, whoever holds it (for a one-of-a-kind item)."""
    for item in _rows(state):
        if item.kind == kind and not item.destroyed:
            return item
    return None


def destroy(state: GameState, item_id: str) -> bool:
    """Destroy an item; False if it already was."""
    if get(state, item_id).destroyed:
        return False
    _change(state, item_id, destroyed=True)
    return True


def destroy_all(state: GameState, player: str, keep: frozenset[str] = frozenset()) -> list[Item]:
    """Destroy every intact item ``player`` holds except the kinds in ``keep``; the items destroyed."""
    done = []
    for item in held(state, player, intact_only=True):
        if item.kind not in keep and destroy(state, item.id):
            done.append(get(state, item.id))
    return done


def repair(state: GameState, player: str) -> list[Item]:
    """Repair every destroyed item ``player`` holds; the items repaired."""
    return [_change(state, i.id, destroyed=False)[1] for i in held(state, player) if i.destroyed]


def transfer(state: GameState, item_id: str, taker: str) -> Transfer:
    """Hand one item to ``taker`` (whatever its state)."""
    state.player(taker)
    before, after = _change(state, item_id, holder=taker)
    return Transfer(after, before.holder, taker)


def steal(state: GameState, thief: str, victim: str) -> list[Transfer]:
    """Every item of ``victim`` (destroyed ones too) goes to ``thief``."""
    return [transfer(state, item.id, thief) for item in held(state, victim)]


def swap(state: GameState, first: str, second: str) -> list[Transfer]:
    """``first`` and ``second`` exchange everything they hold. Swapping with oneself moves nothing."""
    if first == second:
        return []
    mine, theirs = held(state, first), held(state, second)
    return [transfer(state, i.id, second) for i in mine] + [transfer(state, i.id, first) for i in theirs]
