"""`trinite` — "LG Trinité" (shared/rules/000_e44f1ff8762b1b6f.txt, lines 213–396).

One module per chapter of the rule file: ``objects`` (the 15 objects and their powers), ``setup``,
``powers`` (reading the state, validating an action), ``deaths`` (shared by the day and the dawn, and
who wins), ``day``, ``dawn`` (the order written once in DAWN_ORDER) and ``cards`` (the first post, the
role cards). This module gathers their public names. How each ambiguous rule was read: RULINGS.md."""

from __future__ import annotations

from .cards import card_extra, mj_notes, night_actors, opening, player_note, powers_of
from .dawn import DAWN_ORDER, NIGHT_ORDER, STEPS, resolve_night
from .day import close_day, day_powers, day_tally, today, voters
from .deaths import check_winner
from .objects import NAMES, OBJECT_ORDER, OBJECTS, POWERS, STYLES, style
from .powers import current_powers, group_of, groups_of, is_wolf, object_of, validate, vote_refusal
from .setup import setup

__all__ = [
    "DAWN_ORDER",
    "NAMES",
    "NIGHT_ORDER",
    "OBJECTS",
    "OBJECT_ORDER",
    "POWERS",
    "STEPS",
    "STYLES",
    "card_extra",
    "check_winner",
    "close_day",
    "current_powers",
    "day_powers",
    "day_tally",
    "group_of",
    "groups_of",
    "is_wolf",
    "mj_notes",
    "night_actors",
    "object_of",
    "opening",
    "player_note",
    "powers_of",
    "resolve_night",
    "setup",
    "style",
    "today",
    "validate",
    "vote_refusal",
    "voters",
]
