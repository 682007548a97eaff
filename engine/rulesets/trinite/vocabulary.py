"""Placeholder until helper w16-words' vocabulary lands: the canonical forms only (``!arc.barrage``)."""

from __future__ import annotations

from ....engine.model import GameState
from ....vocabulary import Verb
from .objects import PASSIVE, POWERS, word

VERBS: tuple[Verb, ...] = tuple(
    Verb(power, (), min_targets=spec.min_targets, max_targets=spec.max_targets)
    for power, spec in POWERS.items()
    if spec.kind != PASSIVE
)
HELP: dict[str, str] = {power: word(power) for power in POWERS}
EXAMPLES: dict[str, str] = {}
ANSWERS: dict[str, str] = {}  # question kind → the power whose MP answers it


def mayor_announcement(text: str, state: GameState) -> str:
    return "aucun"
