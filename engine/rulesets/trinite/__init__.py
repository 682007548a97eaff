"""The `trinite` rule set: "LG Trinité", the second item-based one (one object a player)."""

from __future__ import annotations

from ...contract import RuleSet
from ...model import GameState
from . import rules
from .rules import (
    DAWN_ORDER,
    NAMES,
    NIGHT_ORDER,
    OBJECT_ORDER,
    close_day,
    day_tally,
    night_actors,
    resolve_night,
    setup,
    validate,
    vote_refusal,
)
from .vocabulary import ANSWERS, EXAMPLES, HELP, VERBS, mayor_announcement


def groups(state: GameState) -> dict[str, list[str]]:
    """The groups of three as the MJ's page shows them: "Groupe N" → its members, the dead included."""
    return {f"Groupe {n}": members for n, members in enumerate(rules.groups_of(state), start=1)}


# The live daemon reads the mayor's posts after the deadline (tie-break, the swap) as answers.
READS_MAYOR_POSTS = True

__all__ = ["DAWN_ORDER", "NIGHT_ORDER", "RULESET", "groups", "rules"]

RULESET = RuleSet(
    id="trinite",
    title="LG Trinité",
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
    voters=rules.voters,
    night_actors=night_actors,
    groups=groups,
    powers_of=rules.powers_of,
    card_extra=rules.card_extra,
    opening=rules.opening,
    mayor_announcement=mayor_announcement,
    reads_mayor_posts=READS_MAYOR_POSTS,
    help=HELP,
    examples=EXAMPLES,
    role_order=OBJECT_ORDER,
    answers=ANSWERS,
)
