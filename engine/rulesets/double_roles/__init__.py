"""The `double-roles` rule set: "règles double-rôles" (a nature and two roles per player, houses).
First increment: the roles of SPEC.md are played; any other is refused at setup."""

from __future__ import annotations

from ...contract import RuleSet
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

RULESET = RuleSet(
    id=ID,
    title="Règles double-rôles",
    setup=setup,
    validate=validate,
    close_day=close_day,
    resolve_night=resolve_night,
    is_wolf=is_wolf,
    verbs=VERBS,
    role_names=NAMES,
    night_order=NIGHT_ORDER,
    day_tally=day_tally,
    vote_refusal=vote_refusal,
    day_powers=day_powers,
    night_actors=night_actors,
    groups=groups,
    powers_of=powers_of,
    card_extra=card_extra,
    mj_notes=mj_notes,
    player_note=player_note,
    opening=opening,
    help=HELP,
    examples=EXAMPLES,
    role_order=ROLE_ORDER,
    options=OPTIONS,
    read_post=read_post,
    secret_counts=True,  # « Les résultats exacts du décompte des voix à chaque bûcher ne sont pas publics »
    # The Institutrice « a le droit de changer ses cibles tant que c'est avant la deadline »; the Lâche's MPs, the
    # swaps and the Châtelain's MP are sent « de jour »: every day MP counts until the deadline.
    day_powers_end_when_all_voted=False,
)

__all__ = ["RULESET", "check_winner"]
