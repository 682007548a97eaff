"""The `convivialite` rule set: "Règles Loup-garou à 7"."""

from __future__ import annotations

from ...contract import RuleSet
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
RULESET = RuleSet(
    id="convivialite",
    title="Règles Loup-garou à 7",
    setup=setup,
    validate=validate,
    close_day=close_day,
    resolve_night=resolve_night,
    is_wolf=rules.is_wolf,
    verbs=VERBS,
    role_names=NAMES,
    night_order=NIGHT_ORDER,
    day_tally=day_tally,
    vote_refusal=vote_refusal,
    night_actors=night_actors,
    help=HELP,
    examples=EXAMPLES,
    role_order=ROLE_ORDER,
)
