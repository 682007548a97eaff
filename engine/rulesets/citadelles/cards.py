"""`citadelles`: what a role card adds to the generic context — the player's citadel, its inhabitants,
his fighter powers, and for a scientist his citadel's projects (the templates write them in French)."""

from __future__ import annotations

from ...model import GameState
from .common import citadel_of, lab, members, powers
from .projects import CIT_ANY, CITADEL_TARGETS, OWN_CITADEL, PROJECTS
from .roles import CITADEL_ROLES, CITADELS, CM, FIGHTERS, GM, HABITANT, SF, powers_for


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


def powers_of(state: GameState, name: str) -> list[str]:
    """The orders ``name`` may send now (role cards, the examples of a reply to an MP not understood): his
    post's, the projects of his own citadel only, a fighter's powers as he holds them, the lone
    survivor's choice of post. The wolves' are added by meneur for every wolf."""
    player = state.player(name)
    role = player.role
    if role == HABITANT:
        allowed = [p for p in powers_for(CM) if p != "echange" or len(state.players) == 16]
        return [f"habitant.{r}" for r in CITADEL_ROLES[len(state.players)]] + [f"habitant.{p}" for p in allowed]
    citadel = citadel_of(state, name)
    if citadel is None or not player.alive:
        return []
    found: list[str] = []
    if role == SF:
        room = lab(state, citadel)
        for project in PROJECTS[citadel].values():
            if project.id in room["detruits"]:
                continue
            found.append(f"sf.lancer.{project.id}")
            if project.passive:
                continue
            if project.target in CITADEL_TARGETS:
                aims = [*CITADELS, OWN_CITADEL] if project.target == CIT_ANY else CITADELS
                found += [f"sf.utiliser.{project.id}.{c}" for c in aims]
            else:
                found.append(f"sf.utiliser.{project.id}")
        found += ["sf.utiliser", *(f"sf.viser.{c}" for c in (*CITADELS, OWN_CITADEL)), "sf.detruire"]
    held = powers(state, name)
    if role in FIGHTERS and "annulation" in held and not player.markers.get("annulation_utilisee"):
        found.append(f"{role}.annuler")
    if role == CM and "echange" in held:
        found.append("cm.echanger")
    if members(state, citadel) == [name]:
        found += [f"{role}.poste_{post}" for post in (SF, GM)]
    return found
