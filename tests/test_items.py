"""The shared item mechanics (engine/items.py): holding, using by the current holder, destroying,
stealing, swapping, repairing."""

from __future__ import annotations

import pytest
from meneur.engine import items
from meneur.engine.model import GameState, PlayerState


def state() -> GameState:
    return GameState("test", 1, [PlayerState(n, "r", "village") for n in ("Alice", "Bob", "Carole")])


def test_give_creates_distinct_instances_held_by_their_player() -> None:
    s = state()
    first = items.give(s, "Alice", "potion_de_verite")
    second = items.give(s, "Bob", "potion_de_verite")
    assert first.id != second.id and first.kind == second.kind
    assert [i.id for i in items.held(s, "Alice")] == [first.id]
    assert items.usable(s, "Bob", "potion_de_verite") == second
    assert items.usable(s, "Carole", "potion_de_verite") is None
    with pytest.raises(KeyError):
        items.give(s, "Zoé", "dague")


def test_give_all_gives_what_give_gives_one_by_one_or_nothing_for_an_unknown_name() -> None:
    gifts = [("Alice", "dague"), ("Bob", "potion_de_verite"), ("Alice", "armure"), ("Carole", "dague")]
    one_by_one, at_once = state(), state()
    items.give(one_by_one, "Bob", "armure")  # a store that already holds an item: the numbering goes on
    items.give(at_once, "Bob", "armure")
    given = [items.give(one_by_one, player, kind) for player, kind in gifts]
    assert items.give_all(at_once, gifts) == given
    assert items.every(at_once) == items.every(one_by_one) and at_once == one_by_one
    assert items.give(at_once, "Carole", "dague") == items.give(one_by_one, "Carole", "dague")
    with pytest.raises(KeyError):
        items.give_all(at_once, [("Alice", "dague"), ("Zoé", "dague")])
    assert items.every(at_once) == items.every(one_by_one) and at_once == one_by_one


def test_a_destroyed_item_is_held_but_not_usable_and_is_destroyed_once() -> None:
    s = state()
    dague = items.give(s, "Alice", "dague")
    assert items.destroy(s, dague.id) is True
    assert items.destroy(s, dague.id) is False
    assert items.usable(s, "Alice", "dague") is None
    assert items.held(s, "Alice") == [items.get(s, dague.id)] and items.get(s, dague.id).destroyed
    assert items.held(s, "Alice", intact_only=True) == []
    assert items.holder_of(s, "dague") is None


def test_destroy_all_spares_the_kinds_kept_and_reports_only_what_it_destroyed() -> None:
    s = state()
    armure = items.give(s, "Bob", "armure")
    arc = items.give(s, "Bob", "arc")
    cape = items.give(s, "Bob", "cape", destroyed=True)
    done = items.destroy_all(s, "Bob", keep=frozenset({"armure"}))
    assert [i.id for i in done] == [arc.id]
    assert items.get(s, armure.id).intact and items.get(s, cape.id).destroyed


def test_repair_restores_every_destroyed_item_of_the_player_only() -> None:
    s = state()
    a = items.give(s, "Alice", "harpe", destroyed=True)
    b = items.give(s, "Alice", "potion_de_telepathie", destroyed=True)
    c = items.give(s, "Bob", "arc", destroyed=True)
    assert sorted(i.id for i in items.repair(s, "Alice")) == sorted([a.id, b.id])
    assert items.usable(s, "Alice", "harpe") is not None and items.get(s, c.id).destroyed
    assert items.repair(s, "Alice") == []


def test_steal_moves_everything_and_the_new_holder_alone_uses_it() -> None:
    s = state()
    dague = items.give(s, "Bob", "dague")
    broken = items.give(s, "Bob", "armure", destroyed=True)
    moved = items.steal(s, "Alice", "Bob")
    assert {(t.item.id, t.giver, t.taker) for t in moved} == {(dague.id, "Bob", "Alice"), (broken.id, "Bob", "Alice")}
    assert items.held(s, "Bob") == [] and items.usable(s, "Alice", "dague") is not None
    assert items.get(s, broken.id).destroyed  # stealing does not repair


def test_swap_exchanges_the_whole_hands_and_a_self_swap_moves_nothing() -> None:
    s = state()
    mort = items.give(s, "Alice", "potion_de_mort")
    echange = items.give(s, "Alice", "potion_d_echange")
    arc = items.give(s, "Carole", "arc")
    moved = items.swap(s, "Alice", "Carole")
    assert len(moved) == 3
    assert [i.id for i in items.held(s, "Alice")] == [arc.id]
    assert sorted(i.id for i in items.held(s, "Carole")) == sorted([mort.id, echange.id])
    assert items.swap(s, "Alice", "Alice") == []


def test_items_follow_a_copied_state_without_touching_the_original() -> None:
    s = state()
    cape = items.give(s, "Alice", "cape")
    copy = s.copy()
    items.transfer(copy, cape.id, "Bob")
    items.destroy(copy, cape.id)
    assert items.get(s, cape.id) == items.Item(cape.id, "cape", "Alice", False)
    assert items.get(copy, cape.id) == items.Item(cape.id, "cape", "Bob", True)
