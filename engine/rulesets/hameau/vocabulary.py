"""How players ask for each power of `hameau` in their MPs, and what the role cards say of them.

Each ``Verb`` is a power id (``role.power``) with French phrases: ``{cible}`` is a player's name,
``(a|b)`` one of the words, ``[a|b]`` optional words. The canonical form ``!garde.proteger Alice``
always works besides them. ``keywords`` let the free reader find a power in other wordings.
"""

from __future__ import annotations

from ....vocabulary import Verb

VERBS: tuple[Verb, ...] = (
    Verb(
        "garde.proteger",
        ("je (protège|garde|veille sur) {cible}", "(protection|garde) (sur|pour|de) {cible}"),
        keywords=("protege", "protection", "garde"),
    ),
    Verb(
        "loups.devorer",
        ("(nous dévorons|on dévore|je dévore|on mange|nous mangeons|je mange) {cible}", "(victime|cible) : {cible}"),
        keywords=("devor", "mange", "victime"),
        bare=True,
    ),
    Verb(
        "voyante.sonder",
        ("je (sonde|regarde|espionne) {cible}", "(je veux voir|je veux connaître) le rôle de {cible}"),
        keywords=("sonde", "regarde"),
    ),
    Verb(
        "commere.medire",
        (
            "je (médis de|fais courir une rumeur sur|lance une rumeur sur) {cible}",
            "(rumeur|ragot) (sur|contre) {cible}",
        ),
        keywords=("rumeur", "medi", "ragot"),
    ),
)

# What each power does, for the role cards.
HELP: dict[str, str] = {
    "garde.proteger": "Chaque nuit, tu protèges un joueur (toi aussi) des loups, jamais deux nuits de suite le même.",
    "loups.devorer": "Chaque nuit, la meute choisit sa victime (le dernier MP d'un loup compte).",
    "voyante.sonder": "Chaque nuit, tu découvres le rôle d'un autre joueur.",
    "commere.medire": "Chaque nuit, tu lances une rumeur : le lendemain, ta cible a une voix de plus contre elle.",
}

# An example MP for each power, for the role cards.
EXAMPLES: dict[str, str] = {
    "garde.proteger": "Je protège Alice",
    "loups.devorer": "Nous dévorons Bruno",
    "voyante.sonder": "Je sonde Carla",
    "commere.medire": "Je fais courir une rumeur sur David",
}
