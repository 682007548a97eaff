"""The `classique` rule set: "Le jeu du Loup Garou (règlement)"."""

from __future__ import annotations

from .roles import NAMES, ROLE_ORDER
from .rules import NIGHT_ORDER, PENDING, check_winner, close_day, resolve_night, setup, validate, vote_refusal
from .vocabulary import VERBS

__all__ = [
    "NAMES",
    "NIGHT_ORDER",
    "PENDING",
    "ROLE_ORDER",
    "VERBS",
    "check_winner",
    "close_day",
    "resolve_night",
    "setup",
    "validate",
    "vote_refusal",
]
