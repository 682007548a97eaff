"""`trinite`: what the first post and the role cards say, and who acts tonight."""

from __future__ import annotations

from typing import Any

from ...model import GameState, next_phase
from .dawn import DAWN_LABELS, DAWN_ORDER
from .day import TODAY, today
from .objects import LOUPS, NAMES, NIGHT, PASSIVE, POWERS, RAVAGE_STOPS, STYLE_NAMES, style, word
from .powers import CAPE, MURS, RAVAGE, current_powers, group_number, groups_of, object_of


def opening(state: GameState) -> dict[str, object]:
    """ "le MJ n'annonce sur le premier message du forum (en plus d'un rappel des règles) que le nombre de
    loups, ainsi que la liste des joueurs séparés en fonction de leur groupe." """
    return {
        "players": len(state.players),
        "wolves": sum(1 for p in state.players if p.camp == LOUPS),
        "groups": groups_of(state),
        "dawn": [DAWN_LABELS[step] for step in DAWN_ORDER],  # the order of the dawn (RULINGS.md), in French
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


# -- for the MJ's page ---------------------------------------------------------------------------------------------
def player_note(state: GameState, name: str) -> str:
    """A player's style, as the MJ's page shows it beside the object."""
    return STYLE_NAMES[style(state.player(name).role)]


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """What the rules track besides the players, in French for the MJ's page: the night RAVAGE or MURS/PACTE
    marks, what the cape became, what the coming (or current) day holds."""
    notes: dict[str, list[str]] = {}
    soon = (state.phase, next_phase(state.phase))
    night: list[str] = []
    if state.memory.get(RAVAGE) in soon:
        stopped = ", ".join(word(p) for p in POWERS if p in RAVAGE_STOPS)
        night.append(f"RAVAGE ({state.memory[RAVAGE]}) : {stopped} ne fonctionnent pas")
    if state.memory.get(MURS) in soon:
        night.append(f"MURS ou PACTE ({state.memory[MURS]}) : chacun ne cible que son groupe (pas les loups)")
    if night:
        notes["Pouvoirs neutralisés"] = night
    cape = state.memory.get(CAPE, {})
    if cape:
        notes["Cape"] = [f"{word('cape.' + slot)} → {word(power)}" for slot, power in sorted(cape.items())]
    left: dict[str, Any] = today(state) or state.memory.get(TODAY) or {}
    if isinstance(left, dict) and left.get("phase") in soon:
        day = [f"CHARGE : {n}" for n in left.get("charge", ())]
        day += [f"CHAUDRON : une voix contre {n}" for n in left.get("chaudron", ())]
        execution = left.get("execution")
        if isinstance(execution, dict):
            day.append(f"EXÉCUTION : {execution['by']} vise {execution['target']}")
        day += [f"OUIJA : {n} (mort·e) vote" for n in left.get("ouija", ())]
        if day:
            notes[f"Vote de {left['phase']}"] = day
    return notes
