"""How players of `trinite` ("LG Trinité", shared/rules/000_e44f1ff8762b1b6f.txt lines 213–396) ask the MJ
to use their object's powers by MP: the verbs read by :func:`meneur.parsers.actions.find_actions` (and, by
their keywords, :mod:`meneur.parsers.freeform`), the answers to the MJ's questions, and the mayor's
evening announcement read from his post.

A power belongs to an object (``dague.infiltration``): whoever holds the object uses it. A power the cape
copied is asked for with the original power's id (the cape holder's « j'empoisonne Boris » is
``potion.empoisonnement``). Targets that are not players are words (:attr:`Verb.words`): a group's number
(``"2"``), a style (``"offensif"``, ``"defensif"``, ``"tactique"``), a power's name without accents
(``"mithril"``, ``"empoisonnement"``), EXÉCUTION's ``"abandon"``. :data:`help.HELP` and :data:`help.EXAMPLES` go on
the role cards, with each power's canonical form (``!dague.infiltration GROUPE``), always understood.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ....engine.model import GameState
from ....vocabulary import Verb, fold

_VEUX = "(veux|voudrais|vais|souhaite|aimerais|compte|choisis de|décide de|vais aller)"
_USE = "(j'utilise|j'active|je lance|je prends|je fais|je déclenche|j'enclenche|utilisation de|activation de|je joue)"
_ON = "(sur|contre|pour|:|de|du|vers|à)"
_OBJECTS = "arc|hache|dague|potion|familier|armure|chapelet|cape|orbe|bouclier|paquet|sceptre|lyre|bâton|carte"
# The cape's choice in words that name neither IMITATION nor COPIE: the rule set's validation tells which.
_TAKE = "je (vole|prends|pique|choisis) (le pouvoir|le pouvoir de|le pouvoir du|celui de|celui du) [l'|la] {cible}"
_ELEM = "(élémentariste|élémentaliste|elementarist|élémentarist)"
_GRP = "[le|du|au] [groupe|gr|grp] [n°|no|numéro|#]"  # before a group's number
_POW = "[le pouvoir|le|la|l'|les|un|le pouvoir de|celui de|le pouvoir du|celui du] [l'|la]"  # before a power's name

# -- word targets -------------------------------------------------------------------------------------------------

_NUMBERS = {1: ("un", "premier"), 2: ("deux", "deuxieme", "second"), 3: ("trois", "troisieme"),
            4: ("quatre", "quatrieme"), 5: ("cinq", "cinquieme")}  # fmt: skip
_GROUP_WORDS = tuple(
    (f"{prefix}{spelling}".strip(), str(n))
    for n, words in {**_NUMBERS, **{n: () for n in range(6, 31)}}.items()  # a group that is not: refused
    for spelling in (str(n), *words)
    for prefix in ("", "groupe ", "le ", "le groupe ", "du groupe ", "du ", "groupe n ", "groupe no ",
                   "groupe numero ", "n ", "no ", "numero ", "g", "g ", "gr ", "grp ", "group ")
)  # fmt: skip

_STYLE_SPELLINGS = {
    "offensif": ("offensif", "offensifs", "offensive", "offensives", "offencif", "offensife", "off"),
    "defensif": ("defensif", "defensifs", "defensive", "defensives", "defencif", "def"),
    "tactique": ("tactique", "tactiques", "tactic", "tac", "tacticien", "tatique", "tactik"),
}
_STYLE_WORDS = tuple(
    (f"{prefix}{spelling}", style)
    for style, spellings in _STYLE_SPELLINGS.items()
    for spelling in spellings
    for prefix in ("", "style ", "le style ", "un ", "une ", "de style ", "du style ", "en ", "l ", "les ", "objet ")
)

# The objects, their French names and their holders' titles (shared/rules lines 266–330), and each power's name.
OBJECTS: dict[str, tuple[str, ...]] = {
    "arc": ("arc", "chasseur"), "hache": ("hache", "berserker"), "dague": ("dague", "assassin"),
    "potion": ("potion", "sorcier"), "familier": ("familier", "invocateur"), "armure": ("armure", "paladin"),
    "chapelet": ("chapelet", "pretre"), "cape": ("cape", "voleur"), "orbe": ("orbe", "druide"),
    "bouclier": ("bouclier", "guerrier"), "paquet": ("paquet", "taromancien"), "sceptre": ("sceptre", "necromancien"),
    "lyre": ("lyre", "musicien"), "baton": ("baton", "magicien"), "carte": ("carte", "tacticien"),
}  # fmt: skip
PASSIVE = {"arc": "baroud", "armure": "mithril", "orbe": "renvoi", "bouclier": "honneur", "baton": "observation",
           "carte": "sauvetage"}  # fmt: skip
ACTIVE = {
    "barrage": "arc", "charge": "hache", "execution": "dague", "infiltration": "dague", "chaudron": "potion",
    "empoisonnement": "potion", "odorat": "familier", "instinct": "familier", "reparation": "armure",
    "protection": "chapelet", "interception": "chapelet", "imitation": "cape", "copie": "cape", "nature": "orbe",
    "atout": "paquet", "ouija": "sceptre", "trouvere": "lyre", "troubadour": "lyre", "elementariste": "baton",
    "espionnage": "carte",
}  # fmt: skip
DAY = {"ravage": "hache", "murs": "bouclier", "excuse": "paquet", "pacte": "sceptre"}
_TYPOS = {"empoisonnement": ("empoisonement", "empoissonnement", "poison"), "elementariste": ("elementaliste",),
          "execution": ("exectution", "exec"), "reparation": ("repartion",), "mithril": ("mythril", "mitril"),
          "trouvere": ("trouvre",), "observation": ("obs",), "infiltration": ("infiltation",),
          "murs": ("mur",)}  # fmt: skip


def _power_words(by_object: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Every power's name (and its typos) → that name; an object or its holder → its one power of the kind."""
    found: list[tuple[str, str]] = []
    for power in (*PASSIVE.values(), *ACTIVE, *DAY):
        for spelling in (power, *_TYPOS.get(power, ())):
            found += [(f"{p}{spelling}", power) for p in ("", "le ", "le pouvoir ", "pouvoir ", "la ", "l ")]
    for kind, power in by_object.items():
        for name in OBJECTS[kind]:
            found += [(f"{p}{name}", power) for p in ("", "le ", "la ", "l ", "de l ", "du ", "de la ")]
    for power, kind in (*((p, k) for k, p in PASSIVE.items()), *ACTIVE.items(), *DAY.items()):
        for name in OBJECTS[kind]:  # « le baroud de l'arc », « l'exécution de la dague »
            found += [(f"{power} {p}{name}", power) for p in ("de l ", "du ", "de la ", "de ", "d ")]
    return tuple(found)


_ONE_ACTIVE = {kind: power for kind in OBJECTS if len(p := [a for a, k in ACTIVE.items() if k == kind]) == 1
               for power in p}  # fmt: skip
_IMITATION_WORDS = _power_words(PASSIVE)
_COPIE_WORDS = _power_words(_ONE_ACTIVE)
_ABANDON = tuple((w, "abandon") for w in ("abandon", "abandonne", "abandonner", "j abandonne", "l abandon"))

# -- the verbs ----------------------------------------------------------------------------------------------------

VERBS: tuple[Verb, ...] = (
    Verb(
        "loups.attaquer",
        (
            "(nous|on) (attaquons|attaque|mangeons|mange|dévorons|dévore|tuons|tue) {cible}",
            "(nous|on) (ciblons|cible|visons|vise|croque|croquons|bouffe) {cible}",
            "(les loups|la meute) (attaquent|attaque|mangent|mange|dévorent|ciblent|choisissent) {cible}",
            "notre (cible|victime|proie) (est|sera|:|c'est) {cible}",
            "j'(attaque|vote pour attaquer|propose d'attaquer|propose) {cible} [comme cible|pour l'attaque]",
            "je propose {cible} (comme cible|pour l'attaque|comme victime)",
            "(attaque|cible|victime) des loups (:|sur|=) {cible}",
            "(attaque|victime) (:|sur) {cible}",
            f"je {_VEUX} (attaquer|manger|dévorer|croquer) {{cible}}",
        ),
    ),
    # ARC DU CHASSEUR
    Verb(
        "arc.barrage",
        (
            "(barrage|barage)",
            f"{_USE} [mon|l'] arc",
            "[mon|l'] arc (:|en mode|mode|pour) barrage",
            "je (neutralise|bloque) les pouvoirs [cette nuit]",
        ),
        0,
        0,
    ),
    # HACHE DU BERSERKER
    Verb(
        "hache.charge",
        (
            "charge",
            "je charge",
            "[ma|la] hache (:|en mode|mode|pour) charge",
            "je double ma voix",
            "ma voix (compte|comptera) double",
        ),
        0,
        0,
    ),
    Verb(
        "hache.ravage",
        ("ravage", "[ma|la] hache (:|en mode|mode|pour) ravage", "je (détruis|casse|brise) ma hache", "je ravage"),
        0,
        0,
    ),
    # DAGUE DE L'ASSASSIN
    Verb(
        "dague.execution",
        (
            f"exécution {_ON} {{cible}}",
            "exécution {cible}",
            "j'exécute {cible}",
            f"je {_VEUX} exécuter {{cible}}",
            f"[ma|la] dague {_ON} {{cible}}",
            "je (cible|vise|désigne) {cible} (avec|pour) [ma|la|une] (dague|exécution)",
            "je (change|modifie) [ma|la] cible [de l'exécution|d'exécution] (pour|:|en|contre) {cible}",
            "nouvelle cible [de l'exécution|pour l'exécution] (:|sera|est|c'est) {cible}",
        ),
        words=_ABANDON,
    ),
    Verb(
        "dague.infiltration",
        (
            f"infiltration [{_ON[1:-1]}|dans|chez] {_GRP} {{cible}}",
            f"j'infiltre {_GRP} {{cible}}",
            f"je {_VEUX} infiltrer {_GRP} {{cible}}",
            f"[ma|la] dague {_ON} [le] (groupe|gr|grp) [n°|no|numéro|#] {{cible}}",
            "[je veux] (voir|connaitre|savoir) les objets du (groupe|gr|grp) [n°|no|numéro|#] {cible}",
        ),
        words=_GROUP_WORDS,
        slots=("GROUPE",),
    ),
    # POTION DU SORCIER
    Verb(
        "potion.chaudron",
        (
            f"chaudron {_ON} {{cible}}",
            f"{_USE} [le|mon] chaudron {_ON} {{cible}}",
            "[ma|la] potion (en mode|mode|:) chaudron (sur|contre|pour|:) {cible}",
            "je (mets|ajoute|colle|place) [un] vote contre {cible}",
            "{cible} (commence|commencera|démarre) [la journée|la journee|demain|le jour] avec (un vote|une voix)",
        ),
    ),
    Verb(
        "potion.empoisonnement",
        (
            "j'empoisonne {cible}",
            f"je {_VEUX} empoisonner {{cible}}",
            f"(empoisonnement|poison) {_ON} {{cible}}",
            "[ma|la] potion (en mode|mode|:) (empoisonnement|poison) (sur|contre|pour|:) {cible}",
            "je (tue|fais mourir|élimine) {cible} (avec|grâce à) [ma|la] (potion|poison|cape)",
            "j'utilise [ma|la] potion pour (tuer|empoisonner) {cible}",
        ),
    ),
    # FAMILIER DE L'INVOCATEUR
    Verb(
        "familier.odorat",
        (
            f"odorat {_ON} {{cible}}",
            "je (renifle|flaire|sens) {cible}",
            f"[mon|le] familier (renifle|flaire|sent|{_ON[1:-1]}) {{cible}}",
            "j'envoie [mon|le] familier (sur|chez|renifler|flairer|sentir) {cible}",
        ),
    ),
    Verb(
        "familier.instinct",
        (
            f"instinct [{_ON[1:-1]}|dans|chez] {_GRP} {{cible}}",
            f"[mon|le] familier ({_ON[1:-1]}|dans|chez|renifle|flaire|sent|sonde) {_GRP} {{cible}}",
            "j'envoie [mon|le] familier (dans|sur|chez) [le] groupe [n°|no|numéro|#] {cible}",
            "je (renifle|flaire|sens) le groupe [n°|no|numéro|#] {cible}",
        ),
        words=_GROUP_WORDS,
        slots=("GROUPE",),
    ),
    # ARMURE DU PALADIN (the question Nn:reparation:P is answered with this power too)
    Verb(
        "armure.reparation",
        (
            "réparation",
            "[mon|l'] armure (en mode|mode|:|pour) réparation",
            f"réparation {_ON} [l'objet de|l'objet du joueur|l'objet] {{cible}}",
            "je (répare|réparerai|repare) (l'objet de|l'objet du joueur|l'objet|les objets de) {cible}",
            f"je (répare|repare) [le|la|l'] ({_OBJECTS}) (de|du) {{cible}}",
            f"je {_VEUX} réparer (l'objet de|celui de) {{cible}}",
        ),
        0,
        1,
    ),
    # CHAPELET DU PRÊTRE
    Verb(
        "chapelet.protection",
        (
            "je protège {cible}",
            "je me protège {moi}",
            f"je {_VEUX} protéger {{cible}}",
            "protection (sur|pour|de|:|à) {cible}",
            "[mon|le] chapelet [en mode|mode] protection (sur|pour|:) {cible}",
            "je (bénis|benis|prie pour) {cible}",
        ),
    ),
    Verb(
        "chapelet.interception",
        (
            "interception",
            "j'intercepte",
            "[mon|le] chapelet [en mode|mode] interception",
            "je meurs à la place de mon groupe",
        ),
        0,
        0,
    ),
    # CAPE DU VOLEUR (a power's name or the object it comes from)
    Verb(
        "cape.imitation",
        (
            f"imitation [{_ON[1:-1]}] {_POW} {{cible}}",
            f"j'imite {_POW} {{cible}}",
            f"je {_VEUX} imiter {_POW} {{cible}}",
            f"[ma|la] cape (imite|imitera|prend) {_POW} {{cible}}",
            _TAKE,
        ),
        words=_IMITATION_WORDS,
        slots=("POUVOIR",),
    ),
    Verb(
        "cape.copie",
        (
            f"copie [{_ON[1:-1]}] {_POW} {{cible}}",
            f"je copie {_POW} {{cible}}",
            f"je {_VEUX} copier {_POW} {{cible}}",
            f"[ma|la] cape (copie|copiera) {_POW} {{cible}}",
            _TAKE,
        ),
        words=_COPIE_WORDS,
        slots=("POUVOIR",),
    ),
    # ORBE DU DRUIDE (the question Nn:renvoi:P is answered with orbe.renvoi)
    Verb(
        "orbe.nature",
        (
            f"nature {_ON} {{cible}}",
            f"[mon|l'] orbe {_ON} {{cible}}",
            "je (désactive|neutralise|bloque) (l'objet de|les pouvoirs de|le pouvoir de|l'objet du joueur) {cible}",
            "je (désactive|neutralise) {cible}",
        ),
    ),
    Verb(
        "orbe.renvoi",
        (
            f"renvoi {_ON} {{cible}}",
            "je (renvoie|redirige|retourne) [l'attaque|le pouvoir|la mort|le coup|le tir|ça] (sur|vers|à) {cible}",
            "(nouvelle cible|la cible) [du renvoi] (:|sera|est|c'est) {cible}",
        ),
    ),
    # BOUCLIER DU GUERRIER
    Verb(
        "bouclier.murs",
        (
            "murs",
            "[les] murs",
            f"{_USE} [mon|le] bouclier",
            "je (lève|dresse|monte) les murs",
            "[mon|le] bouclier (:|en mode|mode|pour) murs",
        ),
        0,
        0,
    ),
    # PAQUET DU TAROMANCIEN
    Verb(
        "paquet.atout",
        (
            f"atout {_ON} {{cible}}",
            f"[mon|le] paquet {_ON} {{cible}}",
            "je (tire|lis) les cartes (de|pour|sur|à) {cible}",
            "je sonde {cible}",
            "je (tire|joue) [un|mon|l'] atout (sur|pour|contre) {cible}",
            "je (veux|voudrais|souhaite) (connaitre|connaître|savoir) (le camp|le style) de {cible}",
        ),
    ),
    Verb(
        "paquet.excuse",
        (
            f"excuse {_ON} {{cible}}",
            "excuse (avec|entre moi et) {cible}",
            f"{_USE} [mon|l'] excuse (avec|pour|sur|:) {{cible}}",
            "je (veux|voudrais|vais) parler en (privé|prive|mp) avec {cible}",
            "(discussion|conversation|discu|chat) (privée|privé|prive) avec {cible}",
        ),
        1,
        2,
    ),
    # SCEPTRE DU NÉCROMANCIEN
    Verb(
        "sceptre.pacte",
        (
            "pacte",
            "[mon|le] sceptre (:|en mode|mode|pour) pacte",
            "je (fais|signe|scelle) [un|le] pacte",
            "(je veux|je voudrais|j'aimerais) savoir combien de loups sont (morts|mort)",
            "(je veux|je voudrais|j'aimerais) [connaître|connaitre|savoir] le nombre de loups morts",
        ),
        0,
        0,
    ),
    Verb(
        "sceptre.ouija",
        (
            f"ouija {_ON} {{cible}}",
            "ouija (avec|pour faire voter) {cible}",
            f"[mon|le] sceptre {_ON} {{cible}}",
            "je (fais voter|réveille|convoque|invoque) {cible}",
            "{cible} (pourra|peut|puisse|va) voter",
            "{cible} votera",
            "je veux que {cible} (vote|puisse voter)",
            "je fais parler [les morts|le mort|la morte] [:] {cible}",
        ),
    ),
    # LYRE DU MUSICIEN
    Verb(
        "lyre.trouvere",
        (
            f"trouvère {_ON} {{cible}}",
            "je (ressuscite|ressucite|réssuscite|resuscite|ressuciterai|ramène) {cible}",
            f"je {_VEUX} (ressusciter|ressuciter|ramener|faire revivre|ranimer) {{cible}}",
            "je (fais revivre|ranime) {cible}",
            "je (ramène|fais revenir) {cible} à la vie",
        ),
    ),
    Verb(
        "lyre.troubadour",
        (
            f"troubadour {_ON} {{cible}}",
            "je répare (l'objet de|les objets de|l'objet du joueur) {cible} (avec|grâce à) [ma|la] lyre",
            "[ma|la] lyre (répare|pour réparer) (l'objet de|l'objet du joueur) {cible}",
            "je joue [de la lyre|un air] pour réparer l'objet de {cible}",
        ),
    ),
    # BÂTON DU MAGICIEN: a player, then a style (or the style first)
    Verb(
        "baton.elementariste",
        (
            f"{_ELEM} {_ON} {{cible}}",
            f"{_ELEM} (sur|:|pour) {{cible}} (style|en|pour le style|est [il|elle]|:|=|->) {{cible}}",
            f"[mon|le] bâton {_ON} {{cible}} (style|en|pour le style|est il|est elle|:|=|->) {{cible}}",
            "je (demande|veux savoir) si {cible} est [un|une] [joueur|joueuse] [de style|du style|style] {cible}",
            "je (teste|vérifie|verifie) (si|que) {cible} est [de style|du style|style] {cible}",
            "je (teste|vérifie|verifie) [le style] {cible} (style|en|pour le style|pour) {cible}",
            "(style|le style) {cible} (pour|sur|de) {cible}",
            f"{_ELEM} [:|sur|pour] est-ce que {{cible}} est [un|une] [joueur|joueuse] [de style|style] {{cible}}",
            f"{_ELEM} [:|sur|pour] {{cible}} (est il|est elle) [un|une] [de style|du style] {{cible}}",
            "[mon|le] bâton [:|sur|pour] est-ce que {cible} est [de style|du style|style] {cible}",
        ),
        2,
        2,
        words=_STYLE_WORDS,
        slots=("NOM", "STYLE"),
        asks=True,
    ),
    # CARTE DU TACTICIEN (the question Nn:sauvetage:P is answered with carte.sauvetage)
    Verb(
        "carte.espionnage",
        (
            "espionnage",
            "j'espionne",
            f"{_USE} [ma|la] carte",
            "[ma|la] carte (:|en mode|mode) espionnage",
            "(je veux|je voudrais|j'aimerais) la liste (de qui cible qui|de qui a ciblé qui|des ciblages)",
        ),
        0,
        0,
    ),
    Verb(
        "carte.sauvetage",
        (
            f"sauvetage {_ON} {{cible}}",
            "je sauve {cible} (avec|grâce à) [ma|la] carte",
            "[ma|la] carte (pour sauver|sauve|:) {cible}",
        ),
    ),
    # ARC (asked at death): the question …:baroud:P
    Verb(
        "arc.baroud",
        (
            f"baroud {_ON} {{cible}}",
            "je tire (sur|dans) {cible}",
            "je tire [une flèche|à l'arc|ma flèche|ma dernière flèche] (sur|dans|contre) {cible}",
            "j'emporte {cible} avec moi",
            "[mon|l'] arc (sur|contre|pour|:) {cible}",
            "j'(abats|emmène|embarque) {cible} [avec moi]",
        ),
    ),
)

# Keywords: the words that name each power wherever they stand, for the free reader (meneur.parsers.freeform).
# Accents off, word beginnings. A word of two powers of one object ("potion", "chapelet") names no mode.
KEYWORDS: dict[str, tuple[str, ...]] = {
    # Not "vot" (« il votait bizarrement », « je ne pourrai pas voter »: no attack).
    "loups.attaquer": ("attaqu", "mang", "devor", "tue", "tuer", "tuon", "croqu", "victim", "cible", "proie",
                       "propos", "meute"),
    "arc.barrage": ("barrag", "barag"),
    "hache.charge": ("charge",),
    "hache.ravage": ("ravag",),
    "dague.execution": ("execut", "dague"),
    "dague.infiltration": ("infiltr", "dague"),
    "potion.chaudron": ("chaudron", "potion"),
    "potion.empoisonnement": ("empois", "poison", "potion", "tue", "tuer"),
    "familier.odorat": ("odorat", "renifl", "flair", "familier"),
    "familier.instinct": ("instinct", "familier"),
    "armure.reparation": ("repar", "armure"),
    "chapelet.protection": ("proteg", "protec", "protej", "sauv", "chapelet"),
    "chapelet.interception": ("intercep", "chapelet"),
    "cape.imitation": ("imit",),  # not "cape": the cape's holder names it for a power it copied too
    "cape.copie": ("copi",),
    "orbe.nature": ("nature", "desactiv", "neutralis", "orbe"),
    "orbe.renvoi": ("renvo", "redirig", "orbe"),
    "bouclier.murs": ("murs", "bouclier"),
    "paquet.atout": ("atout", "paquet", "tarot"),
    "paquet.excuse": ("excuse",),
    "sceptre.pacte": ("pacte",),
    "sceptre.ouija": ("ouija", "sceptre"),
    "lyre.trouvere": ("trouver", "ressusc", "ressuc", "ressus", "resusc", "reviv", "ranim", "lyre"),
    "lyre.troubadour": ("troubadour", "lyre", "repar"),
    "baton.elementariste": ("element", "baton"),
    "carte.espionnage": ("espion", "carte"),
    "carte.sauvetage": ("sauvetage", "sauv", "carte"),
    "arc.baroud": ("baroud", "arc", "flech", "tire"),
}  # fmt: skip

VERBS = tuple(
    replace(verb, keywords=KEYWORDS.get(verb.power, ()), bare=verb.power == "loups.attaquer") for verb in VERBS
)

# The questions a player answers by MP (``PHASE:KIND:PLAYER`` → the power read from his MP while it is open),
# for the rule set's ``answers``.
ANSWERS: dict[str, str] = {
    "baroud": "arc.baroud",
    "renvoi": "orbe.renvoi",
    "sauvetage": "carte.sauvetage",
    "execution": "dague.execution",
    "reparation": "armure.reparation",
}

# -- the mayor's announcement ---------------------------------------------------------------------------------------

_GROUP = re.compile(
    r"\b(?:groupes?|gr|grp|g)\s*(?:n°|no|numero|#)?\s*(\d+)"
    r"(?:\s*(?:et|,|&|avec|/|-|<->|<=>|=>|\+)\s*(?:(?:du|le|de|au)\s+)?(?:(?:groupe|gr|grp|g)\s*(?:n°|no|#)?\s*)?(\d+))?"
)
_PAIR = re.compile(r"\b(?:du|le|les|entre le|entre les)\s+(\d+)\s*(?:et|&|avec|,|/)\s*(?:du|le|au)?\s*(\d+)\b")
_STYLE_NAME = re.compile(
    r"\b(?:(off(?:ensi(?:f|ve)s?|encifs?)?)|(def(?:ensi(?:f|ve)s?|encifs?|enseurs?)?)|(tac(?:tiques?|tic)?|tatiques?|tactiks?))\b"
)
_OBJECT_STYLE = {k: s for s, kinds in (("offensif", "arc hache dague potion familier"), ("defensif",
                 "armure chapelet cape orbe bouclier"), ("tactique", "paquet sceptre lyre baton carte"))
                 for k in kinds.split()}  # fmt: skip
_OBJECT_NAME = re.compile(r"\b(" + "|".join(_OBJECT_STYLE) + r")s?\b")
_REFUSED = re.compile(
    r"\b(pas d'?\s*(echange|inversion|swap|changement)|aucun (echange|changement)|je n'?\s*(echange|inverse|swap)\w* "
    r"(pas|personne|rien)|ne change rien|je garde les groupes)\b"
)


def mayor_announcement(text: str, state: GameState) -> str:
    """The mayor's post after the pyre → the answer to ``Jn:annonce_maire``: two groups and a style
    (``"groupe 1, groupe 3, offensif"``), or ``"aucun"``.

    "Chaque fin de journée après le bûcher, le maire peut s'il veut annoncer deux groupes différents et un
    nom de style. Le MJ échange entre les deux groupes les joueurs du style choisi." The style is named by
    its word (« les Offensifs », « style déf ») or by an object of that style (« j'échange les arcs »). A
    refused swap (« pas d'échange ce soir ») or a group that does not exist is ``"aucun"``."""
    folded = fold(text)
    if _REFUSED.search(folded):
        return "aucun"
    numbers: list[str] = []
    start = len(folded)
    for match in _GROUP.finditer(folded):
        numbers.extend(n for n in match.groups() if n)
        start = min(start, match.start())
    if not numbers:  # « les offensifs du 1 et du 3 », « entre le 2 et le 4 »
        for match in _PAIR.finditer(folded):
            numbers.extend(match.groups())
            start = min(start, match.start())
    numbers = list(dict.fromkeys(numbers))
    named: list[tuple[int, str]] = []
    for match in _STYLE_NAME.finditer(folded):
        style = ("offensif", "defensif", "tactique")[next(i for i, g in enumerate(match.groups()) if g)]
        named.append((match.start(), style))
    for match in _OBJECT_NAME.finditer(folded):
        named.append((match.start(), _OBJECT_STYLE[match.group(1)]))
    named.sort()
    # The style named with the groups: the first after them, else the last before them.
    styles = [s for at, s in named if at >= start] + [s for at, s in reversed(named) if at < start]
    known = len(state.players) // 3
    if len(numbers) < 2 or not styles or not all(1 <= int(n) <= known for n in numbers[:2]):
        return "aucun"
    return f"groupe {numbers[0]}, groupe {numbers[1]}, {styles[0]}"
