"""The `classique` rule set: "Le jeu du Loup Garou (règlement)"."""

from __future__ import annotations

from . import rules
from .roles import NAMES, ROLE_ORDER
from .rules import NIGHT_ORDER, check_winner, close_day, resolve_night, setup, validate, vote_refusal
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

__all__ = [
    "EXAMPLES",
    "HELP",
    "NAMES",
    "NIGHT_ORDER",
    "ROLE_ORDER",
    "VERBS",
    "check_winner",
    "close_day",
    "resolve_night",
    "rules",
    "setup",
    "validate",
    "vote_refusal",
]
