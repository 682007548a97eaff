"""`trinite`: what the first post and the role cards say, and who acts tonight."""

from __future__ import annotations

from ...model import GameState
from .objects import LOUPS, NAMES, NIGHT, PASSIVE, POWERS, STYLE_NAMES, style, word
from .powers import current_powers, group_number, groups_of, object_of


def opening(state: GameState) -> dict[str, object]:
    """ "le MJ n'annonce sur le premier message du forum (en plus d'un rappel des règles) que le nombre de
    loups, ainsi que la liste des joueurs séparés en fonction de leur groupe." """
    return {
        "players": len(state.players),
        "wolves": sum(1 for p in state.players if p.camp == LOUPS),
        "groups": groups_of(state),
    }


def powers_of(state: GameState, name: str) -> list[str]:
    """The powers ``name`` may ask for by MP now: his intact object's [actif] and [actif de jour] powers
    (the cape's as replaced), the wolves' attack apart; none once dead."""
    player = state.player(name)
    item = object_of(state, name)
    if not player.alive or item is None or item.destroyed:
        return []
    return [p for p in current_powers(state, name, item) if POWERS[p].kind != PASSIVE]


def night_actors(state: GameState) -> list[str]:
    """Who may send an action MP tonight: the living wolves and the living holders of an intact object with
    an [actif] power."""
    able = []
    for player in state.players:
        if not player.alive:
            continue
        if player.camp == LOUPS or any(POWERS[p].kind == NIGHT for p in powers_of(state, player.name)):
            able.append(player.name)
    return able


def card_extra(state: GameState, name: str) -> dict[str, object]:
    """What a role card says besides the object: its style, its two powers (kind and name), the group."""
    player = state.player(name)
    return {
        "object": player.role,
        "object_name": NAMES[player.role],
        "style": STYLE_NAMES[style(player.role)],
        "powers": [{"power": p, "name": word(p), "kind": POWERS[p].kind} for p in current_powers(state, name)],
        "group": next(list(g) for g in groups_of(state) if name in g),
        "group_number": group_number(state, name),
    }
