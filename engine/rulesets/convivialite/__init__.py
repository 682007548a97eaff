"""The `convivialite` rule set: "Règles Loup-garou à 7"."""

from __future__ import annotations

from ..registration import ruleset_from
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
    "RULESET",
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


# The rule set as meneur knows it (engine/contract.py), declared in pyproject.toml's entry points.
RULESET = ruleset_from(globals(), id="convivialite", title="Règles Loup-garou à 7", is_wolf=rules.is_wolf)
