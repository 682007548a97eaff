"""How players of `trinite-meuporg` ask the MJ to use their items, by MP: the verbs read by
:func:`meneur.parsers.actions.find_actions`, and the mayor's evening announcement read from his post.

A power belongs to an item, not to a role (``boule_de_cristal.sonder``): whoever holds the item uses
it. Canonical forms (always understood, alone on their line) are in :data:`HELP`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ....engine.model import GameState
from ....vocabulary import Verb, fold
from .roles import NAMES

_VEUX = "(veux|voudrais|vais|souhaite|aimerais|compte|choisis de|décide de)"

VERBS: tuple[Verb, ...] = (
    Verb(
        "loups.attaquer",
        (
            "(nous|on) (attaquons|attaque|mangeons|mange|dévorons|dévore|tuons|tue|ciblons|cible|visons|vise) {cible}",
            "(les loups|la meute) (attaquent|attaque|mangent|dévorent|ciblent|choisissent) {cible}",
            "notre (cible|victime|proie) (est|sera|:) {cible}",
            "j'(attaque|vote pour attaquer|propose d'attaquer) {cible}",
            "je propose {cible} (comme cible|pour l'attaque)",
            "(attaque|cible) des loups (:|sur) {cible}",
        ),
    ),
    Verb(
        "boule_de_cristal.sonder",
        (
            "je (sonde|sonderai|regarde) {cible}",
            f"je {_VEUX} sonder {{cible}}",
            "[ma|la] boule de cristal (sur|pour|vers|:) {cible}",
            "(sondage|sonde) (sur|pour|:) {cible}",
        ),
    ),
    Verb(
        "potion_de_mort.tuer",
        (
            "[j'utilise|je lance] [ma|la] potion de mort (sur|contre|pour|:) {cible}",
            "j'empoisonne {cible}",
        ),
    ),
    Verb(
        "potion_d_echange.echanger",
        (
            "[j'utilise|je lance] [ma|la] potion d'échange (sur|entre|pour|:) {cible} et {cible}",
            "j'échange les objets de {cible} et {cible}",
            "j'échange les objets de {cible} et de {cible}",
        ),
        min_targets=2,
        max_targets=2,
    ),
    Verb(
        "cape.voler",
        (
            "je (vole|volerai|dépouille|détrousse) {cible}",
            "je vole les objets de {cible}",
            f"je {_VEUX} voler {{cible}}",
            "[ma|la] cape [d'invisibilité] (sur|pour|:) {cible}",
        ),
    ),
    Verb(
        "hache.frapper",
        (
            "[ma|la] hache (sur|contre|pour|:) {cible}",
            "je (frappe|hache) {cible}",
            "je détruis les objets de {cible}",
        ),
    ),
    Verb(
        "sceptre.designer",
        (
            "[mon|le] sceptre (sur|pour|:) {cible}",
            "je (réveille|convoque|fais parler) {cible} avec [mon|le] sceptre",
        ),
    ),
    Verb(
        "potion_de_verite.reveler",
        (
            "[j'utilise|je lance] [ma|la] potion de vérité (sur|pour|:) {cible}",
            "je révèle le camp de {cible} avec [ma|la] potion",
        ),
    ),
    Verb(
        "poupee_vaudou.maudire",
        (
            "je (maudis|maudirai) {cible}",
            "[ma|la] poupée [vaudou] (sur|pour|contre|:) {cible}",
            "[un|deux] (marqueur|marqueurs) [malédiction|de malédiction] (sur|pour|à|:) {cible}",
        ),
    ),
    Verb(
        "marteau.reparer",
        (
            "[mon|le] marteau (sur|pour|:) {cible}",
            "je répare les objets de {cible}",
            "je répare {cible}",
        ),
    ),
    Verb(
        "harpe.ressusciter",
        (
            "[ma|la] harpe (sur|pour|:) {cible}",
            "je (ressuscite|ramène) {cible}",
            f"je {_VEUX} ressusciter {{cible}}",
        ),
    ),
    Verb(
        "potion_de_telepathie.utiliser",
        (
            "j'utilise [ma|la] potion de télépathie",
            "[ma|la] potion de télépathie avec {cible} et {cible}",
            "[ma|la] potion de télépathie (pour|:) {cible} et {cible}",
        ),
        min_targets=0,
        max_targets=2,
    ),
    Verb(
        "chapelet.savoir",
        (
            "[mon|le] chapelet [en mode|mode] savoir (sur|pour|:) {cible}",
            "savoir (sur|pour|:) {cible}",
        ),
    ),
    Verb(
        "chapelet.proteger",
        (
            "[mon|le] chapelet [en mode|mode] protection (sur|pour|:) {cible}",
            "protection (sur|pour|:) {cible}",
            "je protège {cible}",
            "je me protège {moi}",
        ),
    ),
    Verb(
        "chapelet.intercepter",
        ("[mon|le] chapelet [en mode|mode] interception", "j'intercepte", "interception"),
        min_targets=0,
        max_targets=0,
    ),
    Verb(
        "prompteur.reveler",
        (
            "[mon|le] prompteur (sur|pour|:) {cible}",
            "je révèle le camp de {cible} avec [mon|le] prompteur",
        ),
    ),
)

# Keywords: the words that name each power wherever they stand, for the free reader
# (meneur.parsers.freeform). Accents off, word beginnings. "chapelet" alone names no mode.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "loups.attaquer": (
        "attaqu",
        "mang",
        "devor",
        "tue",
        "tuer",
        "tuon",
        "croqu",
        "victim",
        "cible",
        "proie",
        "vot",
        "propos",
        "meute",
    ),
    "boule_de_cristal.sonder": ("boule", "cristal", "sond", "regard", "vision", "voyan", "camp"),
    "potion_de_mort.tuer": ("potion de mort", "potion mortelle", "empois", "poison", "tue", "tuer"),
    "potion_d_echange.echanger": ("echang", "potion echange"),
    "cape.voler": ("cape", "vol", "derob", "detrouss", "depouill", "invisib", "pique"),
    "hache.frapper": ("hache", "frapp", "detrui", "detruir"),
    "sceptre.designer": ("sceptre", "reveill", "convoq", "ajout vote", "vote en plus", "vote de plus"),
    "potion_de_verite.reveler": ("verite", "revel"),
    "poupee_vaudou.maudire": ("poupee", "vaudou", "maudi", "maledict", "aiguill", "marqueur"),
    "marteau.reparer": ("marteau", "repar"),
    "harpe.ressusciter": ("harpe", "ressusc", "ramen", "reviv", "resurrect"),
    "potion_de_telepathie.utiliser": ("telepath",),
    "chapelet.savoir": ("savoir", "chapelet savoir", "chapelet"),
    "chapelet.proteger": ("proteg", "protec", "protej", "chapelet"),
    "chapelet.intercepter": ("intercep", "chapelet"),
    "prompteur.reveler": ("prompteur", "revel"),
}

VERBS = tuple(
    replace(verb, keywords=KEYWORDS.get(verb.power, ()), bare=verb.power == "loups.attaquer") for verb in VERBS
)


HELP: dict[str, str] = {
    "loups.attaquer": "Loups : proposer la cible de l'attaque (la majorité des loups l'emporte, sinon le hasard).",
    "boule_de_cristal.sonder": "Boule de cristal : sonder NOM.",
    "potion_de_mort.tuer": "Potion de mort : NOM meurt (un loup ne l'utilise qu'une fois mort).",
    "potion_d_echange.echanger": "Potion d'échange : NOM1 et NOM2 échangent leurs objets.",
    "cape.voler": "Cape d'invisibilité : voler les objets de NOM.",
    "hache.frapper": "Hache : détruire tous les objets de NOM (une fois).",
    "sceptre.designer": "Sceptre : le mort NOM ajoutera un vote au prochain bûcher.",
    "potion_de_verite.reveler": "Potion de vérité : révéler publiquement le camp du mort NOM.",
    "poupee_vaudou.maudire": "Poupée vaudou : un marqueur malédiction sur NOM (utilisable mort).",
    "marteau.reparer": "Marteau : réparer les objets détruits de NOM (une fois).",
    "harpe.ressusciter": "Harpe : ramener le mort NOM à la vie (une fois).",
    "potion_de_telepathie.utiliser": "Potion de télépathie (de jour) : ton groupe converse la nuit suivante.",
    "chapelet.savoir": "Chapelet SAVOIR : le rôle de NOM (la deuxième fois, son camp).",
    "chapelet.proteger": "Chapelet PROTECTION : NOM protégé de l'attaque des loups cette nuit.",
    "chapelet.intercepter": "Chapelet INTERCEPTION : tu meurs à la place des morts de ton groupe.",
    "prompteur.reveler": "Prompteur : révéler publiquement au matin le camp du mort NOM.",
}

EXAMPLES: dict[str, str] = {
    "loups.attaquer": "Nous attaquons Boris",
    "boule_de_cristal.sonder": "Je sonde Boris",
    "potion_de_mort.tuer": "Potion de mort sur Marc",
    "potion_d_echange.echanger": "Potion d'échange sur Zoé et Paul",
    "cape.voler": "Je vole Lucie",
    "hache.frapper": "Hache sur Hugo",
    "sceptre.designer": "Sceptre sur Paul",
    "potion_de_verite.reveler": "Potion de vérité sur Paul",
    "poupee_vaudou.maudire": "Je maudis Boris",
    "marteau.reparer": "Marteau sur Lucie",
    "harpe.ressusciter": "Je ressuscite Paul",
    "potion_de_telepathie.utiliser": "J'utilise ma potion de télépathie",
    "chapelet.savoir": "Chapelet en mode SAVOIR sur Boris",
    "chapelet.proteger": "Chapelet en mode PROTECTION sur Lucie",
    "chapelet.intercepter": "Chapelet en mode INTERCEPTION",
    "prompteur.reveler": "Prompteur sur Paul",
}

_GROUP = re.compile(r"\bgroupes?\s*(?:n°|no|numero|#)?\s*(\d+)(?:\s*(?:et|,|&)\s*(?:le\s+)?(?:groupe\s*)?(\d+))?")
_EVENT = re.compile(r"\bnuit\s+ev[e]nement\b")


def mayor_announcement(text: str, state: GameState) -> str:
    """The mayor's evening post → the answer to the question ``Jn:annonce_maire``: two groups and a
    role (``"groupe 1, groupe 3, voyant"``) and/or ``"nuit_evenement"``, or ``"aucun"``.

    "Le maire annonce alors s'il souhaite inverser deux joueurs (il indique deux groupes et un rôle)
    et/ou s'il souhaite que la prochaine nuit soit une nuit événement." A negated event ("pas de nuit
    événement") is not one."""
    folded = fold(text)
    parts: list[str] = []
    numbers: list[str] = []
    start = len(folded)
    for match in _GROUP.finditer(folded):
        numbers.extend(n for n in match.groups() if n)
        start = min(start, match.start())
    # The role named with the groups: the first after them, else the last before them.
    named = sorted(
        (m.start(), role) for role, name in NAMES.items() for m in re.finditer(rf"\b{re.escape(fold(name))}\b", folded)
    )
    roles = [r for at, r in named if at >= start] + [r for at, r in reversed(named) if at < start]
    if len(numbers) >= 2 and roles:
        parts += [f"groupe {numbers[0]}", f"groupe {numbers[1]}", roles[0]]
    for match in _EVENT.finditer(folded):
        before = folded[max(0, match.start() - 24) : match.start()]
        if not re.search(r"\b(pas|ni|aucune|sans|jamais)(\s+(encore|de|d'|la|une|cette|ma))*\s*$", before):
            parts.append("nuit_evenement")
            break
    known = len(state.memory.get("groups", []))
    if any(p.startswith("groupe ") and not 1 <= int(p.split()[1]) <= known for p in parts):
        parts = [p for p in parts if p == "nuit_evenement"]
    return ", ".join(parts) if parts else "aucun"
