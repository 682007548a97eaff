"""The `convivialite` rule set: "Règles Loup-garou à 7"."""

from __future__ import annotations

from . import rules
from .roles import NAMES, ROLE_ORDER
from .rules import (
    NIGHT_ORDER,
    check_winner,
    close_day,
    day_tally,
    night_actors,
    resolve_night,
    setup,
    validate,
    vote_refusal,
)
from .vocabulary import EXAMPLES, HELP, VERBS

__all__ = [
    "EXAMPLES",
    "HELP",
    "NAMES",
    "NIGHT_ORDER",
    "ROLE_ORDER",
    "VERBS",
    "check_winner",
    "close_day",
    "day_tally",
    "night_actors",
    "resolve_night",
    "rules",
    "setup",
    "validate",
    "vote_refusal",
]
