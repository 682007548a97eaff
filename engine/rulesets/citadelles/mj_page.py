"""`citadelles`: what the MJ's page shows besides the players — each citadel's wall (standing while its GM
lives), its projects (the current one with its charge out of [0]–[3], those used, those destroyed), the
night channels (INTENDANT, RADIO), and each player's citadel and fighter's powers. Pure: a state in, French
lines out (``RuleSet.mj_notes`` and ``RuleSet.player_note``)."""

from __future__ import annotations

from ...model import GameState
from .common import gm_alive, holder, lab, members
from .night_channels import channels
from .projects import PROJECTS
from .roles import CITADEL_NAMES, CITADELS, FIGHTERS, GM, POWER_NAMES, SF

WALLS = {"nord": "Mur de pierre", "est": "Mur de papier", "sud": "Mur d'observation", "ouest": "Mur majestueux"}
_CHANNEL = {"intendant": "INTENDANT", "radio": "RADIO"}


def _settled(state: GameState) -> bool:
    return bool(state.memory.get("habitants"))


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """One heading per citadel (inhabitants, wall, projects), then who may talk at night."""
    if not _settled(state):
        return {}
    notes: dict[str, list[str]] = {}
    for citadel in CITADELS:
        room = lab(state, citadel)
        projects = PROJECTS[citadel]
        living = members(state, citadel)
        dead = [n for n in members(state, citadel, alive=False) if n not in living]
        keeper = holder(state, citadel, GM)
        wall = f"debout (gardien {keeper})" if gm_alive(state, citadel) else "tombé (aucun gardien)"
        lines = [
            "Habitants : " + (", ".join(living) or "aucun vivant") + (f" (morts : {', '.join(dead)})" if dead else ""),
            f"{WALLS[citadel]} : {wall}",
        ]
        current = projects.get(str(room["courant"])) if room["courant"] else None
        scientist = holder(state, citadel, SF)
        if current is None:
            lines.append("Projet en cours : aucun" + ("" if scientist else " (aucun scientifique)"))
        else:
            charge = min(int(room["charge"]), current.need)
            ready = "chargé" if charge >= current.need else "en charge"
            lines.append(f"Projet en cours : {current.name} [{charge}/{current.need}] ({ready})")
        used = [projects[p].name for p in room["utilises"] if p in projects]
        if used:
            lines.append("Projets utilisés : " + ", ".join(used))
        gone = [projects[p].name for p in room["detruits"] if p in projects]
        lines.append("Projets détruits : " + (", ".join(gone) if gone else "aucun"))
        notes[CITADEL_NAMES[citadel]] = lines
    talk = channels(state)
    notes["Discussions privées la nuit"] = [
        f"{CITADEL_NAMES[c]} : {_CHANNEL.get(why, why)} — {', '.join(members(state, c))}" for c, why in talk.items()
    ] or ["aucune (les loups seuls)"]
    return notes


def player_note(state: GameState, name: str) -> str:
    """The player's citadel and, for a fighter, his powers (« Nord — SUPERVOIX, INTENDANT »)."""
    player = state.player(name)
    citadel = player.markers.get("citadelle")
    if citadel is None:
        return ""
    where = CITADEL_NAMES[citadel].split(" (")[0]
    held = player.markers.get("pouvoirs", ()) if player.role in FIGHTERS else ()
    return f"{where} — {', '.join(POWER_NAMES.get(p, p) for p in held)}" if held else where
