"""`citadelles`: what a role card adds to the generic context — the player's citadel, its inhabitants,
his fighter powers, and for a scientist his citadel's projects (the templates write them in French)."""

from __future__ import annotations

from ...model import GameState
from .common import citadel_of, lab, members, powers
from .projects import PROJECTS


def card_extra(state: GameState, name: str) -> dict[str, object]:
    citadel = citadel_of(state, name)
    if citadel is None:
        return {"citadel": None, "size": len(state.players)}
    room = lab(state, citadel)
    return {
        "citadel": citadel,
        "size": len(state.players),
        "inhabitants": {m: state.player(m).role for m in members(state, citadel, alive=False)},
        "powers": list(powers(state, name)),
        "projects": [
            {"id": p.id, "need": p.need, "destroyed": p.id in room["detruits"]} for p in PROJECTS[citadel].values()
        ],
    }
