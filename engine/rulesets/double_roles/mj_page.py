"""`double-roles`: what the MJ's page adds — each player's nature (``player_note``), the houses and who sleeps
in each the coming night (``groups``: « Chaque personnage a sa maison »; a swap agreed by day holds « pour une
nuit »), and the secrets the rules keep (``mj_notes``: the order numbers among the copies of a night role, the
Assassins' lists, the Liches' phylactères, the lovers, the swaps agreed or offered today…). MJ-only data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import GameState
from .roles import NAMES, NATURE_NAMES
from .rules import mj_notes as _rules_notes

_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü")
ORDER = "Ordre secret des rôles en double"
AGREED = "Échanges de maisons convenus aujourd'hui"
OFFERED = "Offres d'échange de maison sans réponse"


def house(name: str) -> str:
    """« Maison de Bruno », « Maison d'Irene »."""
    return f"Maison d'{name}" if name[:1] in _VOWELS else f"Maison de {name}"


def player_note(state: GameState, name: str) -> str:
    """The player's nature, as it stands now (a Convaincant may have changed it)."""
    camp = state.player(name).camp
    return NATURE_NAMES.get(camp, camp)


def groups(state: GameState) -> dict[str, list[str]]:
    """Each living player's house and who sleeps there the coming night: its owner, or, for a swap agreed by day
    (kept in ``memory["echanges"]`` from the pyre to the night), the other of the pair."""
    sleeps = {p.name: p.name for p in state.players if p.alive}
    for first, second in state.memory.get("echanges", []):
        if first in sleeps and second in sleeps:
            sleeps[first], sleeps[second] = second, first
    return {house(owner): [sleeps[owner]] for owner in sleeps}


def _order_lines(order: Mapping[str, int]) -> list[str]:
    """« Voyante : Bruno (2), Alice (42) » — each duplicated night role, its copies by their secret number."""
    by_role: dict[str, list[tuple[int, str]]] = {}
    for key, n in order.items():
        player, role = key.split(":", 1)
        role, _, copy = role.partition("#")
        by_role.setdefault(role, []).append((n, f"{player}, {copy}e copie" if copy else player))
    return [
        f"{NAMES.get(role, role)} : " + ", ".join(f"{who} ({n})" for n, who in sorted(rows))
        for role, rows in sorted(by_role.items(), key=lambda kv: NAMES.get(kv[0], kv[0]))
    ]


def _offers(state: GameState) -> tuple[list[str], list[str]]:
    """Today's swap offers read so far: the mutual pairs, and those the other has not answered."""
    offers: dict[str, str] = state.memory.get("jour", {}).get("echanges", {})
    agreed: list[str] = []
    waiting: list[str] = []
    for first, second in offers.items():
        if offers.get(second) == first:
            if f"{second} et {first}" not in agreed:
                agreed.append(f"{first} et {second}")
        else:
            waiting.append(f"{first} → {second}")
    return agreed, waiting


def mj_notes(state: GameState) -> dict[str, Sequence[str]]:
    """The rule set's notes (``rules.mj_notes``), the order numbers by role, and today's swap offers."""
    notes: dict[str, Sequence[str]] = dict(_rules_notes(state))
    if ORDER in notes:
        notes[ORDER] = _order_lines(state.memory.get("ordre", {}))
    agreed, waiting = _offers(state)
    if agreed:
        notes[AGREED] = agreed
    if waiting:
        notes[OFFERED] = waiting
    return notes


__all__ = ["groups", "house", "mj_notes", "player_note"]
