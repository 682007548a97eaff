"""The `double-roles` rule set: "règles double-rôles" (a nature and two roles per player, houses).
First increment: the roles of SPEC.md are played; any other is refused at setup."""

from __future__ import annotations

from ..registration import ruleset_from
from .mayor import read_post
from .mj_page import groups, mj_notes, player_note
from .night import NIGHT_ORDER
from .roles import NAMES, ROLE_ORDER
from .roles import RULESET as ID
from .rules import (
    card_extra,
    check_winner,
    close_day,
    day_powers,
    day_tally,
    is_wolf,
    night_actors,
    opening,
    powers_of,
    resolve_night,
    vote_refusal,
)
from .setup import OPTIONS, setup
from .validation import validate
from .vocabulary import EXAMPLES, HELP, VERBS

RULESET = ruleset_from(
    globals(),
    id=ID,
    title="Règles double-rôles",
    secret_counts=True,  # « Les résultats exacts du décompte des voix à chaque bûcher ne sont pas publics »
    # The Institutrice « a le droit de changer ses cibles tant que c'est avant la deadline »; the Lâche's MPs, the
    # swaps and the Châtelain's MP are sent « de jour »: every day MP counts until the deadline.
    day_powers_end_when_all_voted=False,
)

__all__ = ["RULESET", "check_winner"]
