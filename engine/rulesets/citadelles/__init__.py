"""The `citadelles` rule set: "LG Citadelles" (shared/rules/000_e44f1ff8762b1b6f.txt, lines 397–672).

Four citadels, J0 in three phases (``J0-matin``, ``J0-zenith``, ``J0-soir``), roles chosen inside each
citadel, projects and walls. Interface: SPEC.md; readings of the ambiguous rules: RULINGS.md.
Not declared as an entry point yet (the live daemon cannot play it): ``engine.rulesets.ruleset`` finds
it as an unlisted built-in, for ``meneur replay`` and ``meneur read-mp``."""

from __future__ import annotations

from ...model import GameState
from ..registration import ruleset_from
from .cards import card_extra, opening, powers_of
from .common import check_winner, is_wolf, members
from .dawn import DAWN_ORDER, NIGHT_ORDER, resolve_night
from .day import close_day, day_tally, vote_refusal, weights
from .mj_page import mj_notes, player_note
from .posts import mayor_announcement, read_post
from .roles import CITADEL_NAMES, CITADELS, NAMES, ROLE_ORDER
from .setup import setup
from .validation import night_actors, validate
from .vocabulary import EXAMPLES, HELP, VERBS

PHASES_J0 = ("J0-matin", "J0-zenith", "J0-soir")


def phase_after(phase: str) -> str:
    """J0-matin → J0-zenith → J0-soir → N1 → J1 → N2 … (a balanced morning skips the zenith: the
    resolution says so by the state's phase)."""
    if phase in PHASES_J0[:-1]:
        return PHASES_J0[PHASES_J0.index(phase) + 1]
    if phase == "J0-soir":
        return "N1"
    kind, count = phase[0], int(phase[1:])
    return f"N{count + 1}" if kind == "J" else f"J{count}"


def groups(state: GameState) -> dict[str, list[str]]:
    """The four citadels and their inhabitants (the dead included), once J0's distribution is settled."""
    if not any("citadelle" in p.markers for p in state.players):
        return {}
    return {CITADEL_NAMES[c]: members(state, c, alive=False) for c in CITADELS}


RULESET = ruleset_from(globals(), id="citadelles", title="LG Citadelles", reads_mayor_posts=True)

__all__ = ["DAWN_ORDER", "NIGHT_ORDER", "RULESET", "check_winner", "phase_after", "weights"]
