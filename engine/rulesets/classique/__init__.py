"""The `classique` rule set: "Le jeu du Loup Garou (règlement)"."""

from __future__ import annotations

from ...model import GameState
from ..registration import ruleset_from
from . import rules
from .roles import NAMES, ROLE_ORDER
from .rules import (
    NIGHT_ORDER,
    OPTIONS,
    check_winner,
    close_day,
    close_decided_day,
    close_decided_day_owned,
    day_tally,
    day_votes,
    resolve_night,
    resolve_night_owned,
    setup,
    validate,
    vote_refusal,
)
from .validation import ANSWERS
from .vocabulary import HELP, VERBS

EXAMPLES: dict[str, str] = {
    "voyante.sonder": "Je sonde Boris",
    "salvateur.proteger": "Je protège Lucie",
    "loups.devorer": "Nous dévorons Paul",
    "sorciere.guerison": "J'utilise ma potion de guérison",
    "sorciere.empoisonnement": "Potion d'empoisonnement sur Marc",
    "sorciere.charisme": "Potion de charisme pour Zoé",
    "cupidon.amoureux": "Je rends amoureux Alice et Bob",
    "joueur_de_flute.charmer": "Je charme Zoé et Paul",
    "loup_assommeur.assommer": "J'assomme Lucie",
    "chef_de_meute.mordre": "Je mords Paul",
    "maitre_vampire.mordre": "Je vampirise Lucie et Marc",
    "seigneur_loup.maudire": "Je maudis Hugo",
    "berger.moutons": "Mes moutons devant chez Boris, Lucie et moi",
    "malade.tomber_malade": "Je tombe malade",
    "devin.designer": "Le devin désigne Marc",
    "ange_gardien.proteger": "Je protège Lucie du bûcher",
    "chaman.mauvais_oeil": "Mauvais oeil sur Boris et Marc",
    "chaman.mauvaise_langue": "Mauvaise langue sur Zoé et Paul",
    "enchanteur.endormir": "J'endors Alice",
}


def night_actors(state: GameState) -> list[str]:
    """The living players who have a power to use this night (the MJ's page lists who has not acted):
    those NIGHT_ORDER wakes, for their night powers. On the first night only Cupidon acts (the wolves'
    victim is fictional)."""
    first = state.phase == "N1"
    found = []
    for player in state.players:
        if not player.alive:
            continue
        # Who wakes is NIGHT_ORDER's business; which of their powers are used at night, the verbs'.
        wakes = (
            {player.role}
            if first
            else {player.role} & set(NIGHT_ORDER) | ({"loups"} if rules.is_wolf(player) else set())
        )
        powers = {verb.power for verb in VERBS if verb.power.split(".")[0] in wakes} - rules.DAY_POWERS
        if first:
            powers &= rules.FIRST_NIGHT_POWERS
        elif player.role == "cupidon":
            powers.discard("cupidon.amoureux")
        if powers:
            found.append(player.name)
    return found


__all__ = [
    "EXAMPLES",
    "HELP",
    "NAMES",
    "NIGHT_ORDER",
    "OPTIONS",
    "ROLE_ORDER",
    "RULESET",
    "VERBS",
    "check_winner",
    "close_day",
    "close_decided_day",
    "close_decided_day_owned",
    "day_tally",
    "day_votes",
    "night_actors",
    "resolve_night",
    "resolve_night_owned",
    "rules",
    "setup",
    "validate",
    "vote_refusal",
]


# The rule set as meneur knows it (engine/contract.py), declared in pyproject.toml's entry points.
RULESET = ruleset_from(globals(), id="classique", title="Le jeu du Loup Garou (règlement)", is_wolf=rules.is_wolf)
