"""``GameState.player`` answers from a name → position table: it must keep answering like a scan of
``players`` whatever is done to the list (records replaced, reordered, added, removed), and a copy's
table must be its own."""

from __future__ import annotations

import pytest
from meneur.engine.model import GameState, PlayerState


def _scan(state: GameState, name: str) -> PlayerState:
    return next(p for p in state.players if p.name == name)


def _state() -> GameState:
    return GameState("classique", 1, [PlayerState(n, "villageois", "village") for n in ("Ana", "Bob", "Cid")])


def test_the_lookup_follows_every_change_of_the_list() -> None:
    state = _state()
    assert state.player("Bob") is state.players[1]
    state.players.reverse()
    assert state.player("Bob") is _scan(state, "Bob") and state.player("Ana") is state.players[2]
    state.players[0] = PlayerState("Cid", "loup", "loups")  # a record replaced at the same place
    assert state.player("Cid").role == "loup"
    state.players.pop(0)
    with pytest.raises(KeyError):
        state.player("Cid")
    state.players.append(PlayerState("Dan", "voyante", "village"))
    assert state.player("Dan") is state.players[-1]
    with pytest.raises(KeyError):
        state.player("Zoé")


def test_two_players_of_one_name_give_the_first_as_before() -> None:
    state = _state()
    state.players.append(PlayerState("Ana", "loup", "loups"))
    assert state.player("Ana") is state.players[0]
    state.players.insert(0, PlayerState("Ana", "sorciere", "village"))
    assert state.player("Ana").role == "sorciere"


def test_a_copy_looks_up_its_own_records() -> None:
    state = _state()
    state.player("Cid")  # the table is built
    clone = state.copy()
    assert clone.player("Cid") is clone.players[2] and clone.player("Cid") is not state.player("Cid")
    clone.players.reverse()
    assert clone.player("Cid") is clone.players[0]
    assert state.player("Cid") is state.players[2]
    assert clone != state and clone.players[::-1] == state.players
