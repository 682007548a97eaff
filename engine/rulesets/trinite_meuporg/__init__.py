"""The `trinite-meuporg` rule set: "LG Trinité Meuporg", the first item-based one."""

from __future__ import annotations

from ...model import GameState
from ..registration import ruleset_from
from . import rules
from .powers import EVENT
from .roles import ITEM_NAMES, NAMES, ROLE_ORDER, style
from .rules import (
    DAWN_ORDER,
    NIGHT_ORDER,
    check_winner,
    close_day,
    day_powers,
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


def player_note(state: GameState, name: str) -> str:
    """The MJ's page: the player's style (DPS, TANK or HEAL)."""
    return style(state.player(name).role)


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """The MJ's page: the mayor's nuit événement, once a game (« une seule fois par partie »)."""
    night = state.memory.get(EVENT)
    if night:
        return {"Nuit événement": [f"déclarée pour {night}"]}
    used = state.memory.get("nuit_evenement_utilisee")
    return {"Nuit événement": ["déjà utilisée" if used else "pas encore utilisée"]}


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
    "RULESET",
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


# The rule set as meneur knows it (engine/contract.py), declared in pyproject.toml's entry points.
RULESET = ruleset_from(
    globals(),
    id="trinite-meuporg",
    title="LG Trinité Meuporg",
    is_wolf=rules.is_wolf,
    powers_of=rules.powers_of,
    card_extra=rules.card_extra,
    opening=rules.opening,
)
