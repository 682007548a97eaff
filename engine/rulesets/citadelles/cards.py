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


def opening(state: GameState) -> dict[str, object]:
    """The first post: the players, the wolves' number, the four citadels (walls, projects) — the annex the
    players read to choose ("Chaque joueur peut consulter les annexes pour les aider à choisir")."""
    return {
        "players": [p.name for p in state.players],
        "size": len(state.players),
        "wolves": sum(1 for p in state.players if p.camp == "loups"),
        "projects": {c: [{"id": p.id, "need": p.need} for p in table.values()] for c, table in PROJECTS.items()},
    }
