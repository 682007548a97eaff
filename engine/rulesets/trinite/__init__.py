"""The `trinite` rule set: "LG Trinité", the second item-based one (one object a player)."""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Action, GameState, Outcome, next_phase
from ..registration import ruleset_from
from . import rules
from .day import _day_powers, note_excuses
from .deaths import resolution
from .help import EXAMPLES, HELP
from .objects import RAVAGE_STOPS, STYLE_NAMES, style, word
from .powers import MURS, RAVAGE
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
from .vocabulary import ANSWERS, VERBS, mayor_announcement


def groups(state: GameState) -> dict[str, list[str]]:
    """The groups of three as the MJ's page shows them: "Groupe N" → its members, the dead included."""
    return {f"Groupe {n}": members for n, members in enumerate(rules.groups_of(state), start=1)}


def day_powers(state: GameState, actions: Sequence[Action]) -> Outcome:
    """RAVAGE, MURS, PACTE and EXCUSE as the live daemon reads them during the day (the contract's hook): the
    day's own step, so the axe, shield or sceptre is destroyed at once and the bold announcement (or PACTE's
    count) is told at once; ``close_day`` takes the same actions at the deadline."""
    r, m = resolution(state, {}, ())
    note_excuses(r.state, _day_powers(m, actions))  # told at dusk, shown to the MJ now
    return r.outcome()


def player_note(state: GameState, name: str) -> str:
    """The MJ's page: the style of the player's object."""
    return STYLE_NAMES[style(state.player(name).role)]


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """The MJ's page: what the day powers decided for the coming night (this night, during a night)."""
    night = state.phase if state.phase.startswith("N") else next_phase(state.phase)
    stopped = []
    if state.memory.get(RAVAGE) == night:
        stopped.append("RAVAGE : " + ", ".join(sorted(word(p) for p in RAVAGE_STOPS)) + " ne fonctionnent pas")
    if state.memory.get(MURS) == night:
        stopped.append("MURS ou PACTE : chacun ne cible que son groupe (sauf l'attaque des loups)")
    excuse = state.memory.get("excuse")
    chats = [", ".join(c["players"]) for c in excuse["chats"]] if excuse and excuse.get("night") == night else []
    return {f"Pouvoirs neutralisés ({night})": stopped, f"EXCUSE : conversations privées ({night})": chats}


# The live daemon reads the mayor's posts after the deadline (tie-break, the swap) as answers.
READS_MAYOR_POSTS = True

__all__ = ["DAWN_ORDER", "NIGHT_ORDER", "RULESET", "groups", "rules"]

RULESET = ruleset_from(
    globals(),
    id="trinite",
    title="LG Trinité",
    is_wolf=rules.is_wolf,
    voters=rules.voters,
    powers_of=rules.powers_of,
    card_extra=rules.card_extra,
    opening=rules.opening,
    role_order=OBJECT_ORDER,
)
