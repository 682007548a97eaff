"""The `trinite-meuporg` rule set: "LG Trinité Meuporg", the first item-based one."""

from __future__ import annotations

from ...model import GameState
from . import rules
from .roles import NAMES, ROLE_ORDER
from .rules import (
    DAWN_ORDER,
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
from .vocabulary import EXAMPLES, HELP, VERBS, mayor_announcement


def groups(state: GameState) -> dict[str, list[str]]:
    """The groups of three as the MJ's page shows them: "Groupe N" → its members, the dead included."""
    return {f"Groupe {n}": members for n, members in enumerate(rules.groups_of(state), start=1)}


# The live daemon reads the mayor's posts after the deadline (tie-break, announcements) as answers.
READS_MAYOR_POSTS = True

__all__ = [
    "DAWN_ORDER",
    "EXAMPLES",
    "HELP",
    "NAMES",
    "NIGHT_ORDER",
    "READS_MAYOR_POSTS",
    "ROLE_ORDER",
    "VERBS",
    "check_winner",
    "close_day",
    "day_tally",
    "groups",
    "mayor_announcement",
    "night_actors",
    "resolve_night",
    "rules",
    "setup",
    "validate",
    "vote_refusal",
]
