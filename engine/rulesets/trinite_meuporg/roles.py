"""The 15 roles of "LG Trinité Meuporg", their style and the items each gives at the start.

A role has no power of its own: everything comes from its items ("les rôles n'ont aucun pouvoir
intrinsèque en dehors des objets qui leur sont donnés au départ"), except the healers' limit on
whom their items reach.
"""

from __future__ import annotations

DPS, TANK, HEAL = "DPS", "TANK", "HEAL"
STYLES: tuple[str, ...] = (DPS, TANK, HEAL)

ROLES: dict[str, tuple[str, tuple[str, ...]]] = {
    # DPS
    "voyant": (DPS, ("boule_de_cristal",)),
    "sorcier": (DPS, ("potion_de_mort", "potion_d_echange")),
    "voleur": (DPS, ("cape",)),
    "guerrier": (DPS, ("hache",)),
    "necromancien": (DPS, ("sceptre", "potion_de_verite")),
    # TANK
    "paladin": (TANK, ("armure",)),
    "chasseur": (TANK, ("arc",)),
    "espion": (TANK, ("carte",)),
    "rogue": (TANK, ("dague",)),
    "maudisseur": (TANK, ("poupee_vaudou",)),
    # HEAL
    "armurier": (HEAL, ("marteau",)),
    "barde": (HEAL, ("harpe", "potion_de_telepathie")),
    "druide": (HEAL, ("potion_de_verite", "potion_de_soins", "potion_de_telepathie")),
    "pretre": (HEAL, ("chapelet",)),
    "david_pujadas": (HEAL, ("prompteur",)),
}
ROLE_ORDER: tuple[str, ...] = tuple(ROLES)

NAMES: dict[str, str] = {
    "voyant": "Voyant", "sorcier": "Sorcier", "voleur": "Voleur", "guerrier": "Guerrier",
    "necromancien": "Nécromancien", "paladin": "Paladin", "chasseur": "Chasseur", "espion": "Espion",
    "rogue": "Rogue", "maudisseur": "Maudisseur", "armurier": "Armurier", "barde": "Barde", "druide": "Druide",
    "pretre": "Prêtre", "david_pujadas": "David Pujadas",
}  # fmt: skip

ITEM_NAMES: dict[str, str] = {
    "boule_de_cristal": "boule de cristal", "potion_de_mort": "potion de mort",
    "potion_d_echange": "potion d'échange", "cape": "cape d'invisibilité", "hache": "hache",
    "sceptre": "sceptre", "potion_de_verite": "potion de vérité", "armure": "armure", "arc": "arc",
    "carte": "carte", "dague": "dague", "poupee_vaudou": "poupée vaudou", "marteau": "marteau",
    "harpe": "harpe", "potion_de_telepathie": "potion de télépathie", "potion_de_soins": "potion de soins",
    "chapelet": "chapelet", "prompteur": "prompteur",
}  # fmt: skip

# Players (9, 12 or 15) → wolves.
WOLVES_BY_PLAYERS: dict[int, int] = {9: 2, 12: 3, 15: 4}

VILLAGE, LOUPS = "village", "loups"


def style(role: str) -> str:
    return ROLES[role][0]
