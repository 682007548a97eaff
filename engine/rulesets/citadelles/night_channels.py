"""`citadelles`: who may talk in private at night — the inhabitants of a citadel with a living INTENDANT,
or whose RADIO project is on (the wolves always may, among themselves). Told by MP when the night falls."""

from __future__ import annotations

from ...model import GameState
from ...resolution import Resolution
from .common import fighters_with, members, passive_on
from .roles import CITADELS


def channels(state: GameState) -> dict[str, str]:
    """Citadel → why its inhabitants may talk tonight (``intendant`` or ``radio``)."""
    found: dict[str, str] = {}
    for citadel in CITADELS:
        if fighters_with(state, citadel, "intendant"):
            found[citadel] = "intendant"
        elif citadel == "nord" and passive_on(state, citadel, "radio"):
            found[citadel] = "radio"
    return found


def announce_channels(r: Resolution, night: str) -> None:
    for citadel, why in channels(r.state).items():
        living = members(r.state, citadel)
        if len(living) > 1:
            r.emit("night_channel", "private", tuple(living), citadel=citadel, members=living, reason=why, night=night)
