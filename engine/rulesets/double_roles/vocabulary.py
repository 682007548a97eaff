"""`double-roles`: the powers and how players ask for them by MP (canonical ``!power NAME``), their help
and an example for the role cards. A house is named by its owner (« la maison de Bruno »)."""

from __future__ import annotations

from ....vocabulary import Verb

_HOUSE = "[la maison de|la maison d'|chez|sur la maison de|sur la maison d'|sur]"
_KIND_WORDS = (
    ("roles", "roles"), ("role", "roles"), ("les roles", "roles"), ("ses roles", "roles"), ("leurs roles", "roles"),
    ("natures", "natures"), ("nature", "natures"), ("la nature", "natures"), ("les natures", "natures"),
    ("sa nature", "natures"), ("leurs natures", "natures"),
)  # fmt: skip

VERBS: tuple[Verb, ...] = (
    Verb(
        "planque.planquer",
        (f"je me planque {_HOUSE} {{cible}}", f"je me cache {_HOUSE} {{cible}}", f"planque {_HOUSE} {{cible}}"),
        slots=("MAISON",),
        keywords=("planqu", "cache"),
    ),
    Verb(
        "maison.echanger",
        (
            "je (veux échanger|échange) [de maison|ma maison] avec {cible}",
            "échange de (maison|maisons) avec {cible}",
        ),
        keywords=("echang",),
    ),
    Verb(
        "salbatar.salbatariser",
        (f"je salbatarise {_HOUSE} {{cible}}", f"salbatar (sur|chez) {_HOUSE} {{cible}}"),
        slots=("MAISON",),
        max_targets=2,
        keywords=("salbatar",),
    ),
    Verb(
        "cupidon.amoureux",
        (
            "je rends amoureux {cible} et {cible}",
            "(les|mes) amoureux (sont|seront|:) {cible} et {cible}",
            "{cible} et {cible} (sont|seront) (amoureux|amoureuses|en couple)",
        ),
        2,
        2,
        keywords=("amoureu", "couple", "fleche"),
    ),
    Verb(
        "voyante.sonder",
        (
            f"je (sonde|espionne|regarde) {_HOUSE} {{cible}} [pour|:|,|-] [voir] {{cible}}",
            "je (regarde|vois|veux voir|sonde|espionne) [les] {cible} (chez|dans la maison de|de la maison de) {cible}",
            "[voyante] [:] [la] maison de {cible} [,|:|-] [je veux voir] [les] {cible}",
            f"(espionnage|sondage) {_HOUSE} {{cible}} [pour|:|,|-] {{cible}}",
        ),
        2,
        2,
        keywords=("sonde", "espionn"),
        words=_KIND_WORDS,
        slots=("MAISON", "ROLES_OU_NATURES"),
    ),
    Verb(
        "voyeur.lier",
        ("je (crée un lien avec|me lie à|me lie avec|lie) {cible}", "(lien|nouveau lien) (avec|sur|vers|:) {cible}"),
        max_targets=2,
        keywords=("lien", "lier"),
    ),
    Verb(
        "sorcier.rituel",
        (
            "(j'utilise|je lance) mon rituel [de mort] sur {cible}",
            "rituel [de mort] (sur|contre|pour) {cible}",
            "je tue {cible} (avec|par) [mon|un|le] rituel [de mort]",
        ),
        keywords=("rituel",),
    ),
    Verb(
        "salvateur.proteger",
        (f"je protège {_HOUSE} {{cible}}", f"protection (sur|de|pour) {_HOUSE} {{cible}}"),
        slots=("MAISON",),
        max_targets=2,
        keywords=("protege", "protection"),
    ),
    Verb(
        "meute.devorer",
        (
            f"(nous attaquons|on attaque|j'attaque|nous ciblons|on cible|je cible) {_HOUSE} {{cible}}",
            f"(je vise|on vise|nous visons) {_HOUSE} {{cible}}",
            "(cible|victime) : [la maison de] {cible}",
        ),
        slots=("MAISON",),
        keywords=("attaqu", "devor", "victime"),
        bare=True,
    ),
    Verb(
        "loup_solitaire.devorer",
        (f"seul,? j'attaque {_HOUSE} {{cible}}", f"(attaque solitaire|en solitaire) (sur|contre) {_HOUSE} {{cible}}"),
        slots=("MAISON",),
        keywords=("solitaire",),
    ),
    Verb(
        "assassin.tuer",
        ("j'assassine {cible}", "(je tue|meurtre sur|mon meurtre :) {cible}"),
        keywords=("assassin", "meurtre"),
    ),
    Verb(
        "necromancienne.ressusciter",
        ("je (ressuscite|ressucite|ramène) {cible}", "potion de vie (sur|pour) {cible}"),
        keywords=("ressus", "ressuc", "potion"),
    ),
    Verb(
        "convaincant.convaincre",
        (
            f"je (vais|me rends|vais convaincre|convaincs) {_HOUSE} {{cible}} [:|,|-|pour|en] "
            "[le rendre|la rendre|nature] {cible}",
            f"(conviction|convaincant) (sur|chez) {_HOUSE} {{cible}} [:|,|-] {{cible}}",
        ),
        2,
        2,
        keywords=("convain", "convic"),
        words=(
            ("villageois", "villageois"),
            ("villageoise", "villageois"),
            ("loup", "loup"),
            ("loup solitaire", "loup_solitaire"),
            ("solitaire", "loup_solitaire"),
            ("assassin", "assassin"),
            ("copie", "copie"),
            ("ma liste", "copie"),
            ("mes cibles", "copie"),
        ),
        slots=("MAISON", "NATURE"),
    ),
    Verb(
        "corbeau.accuser",
        ("(je mets|corbeau sur|mes deux voix sur) {cible}", "je (croasse|accuse) {cible}"),
        keywords=("corbeau", "croass"),
    ),
    Verb(
        "araignee.tisser",
        ("je (relie|tisse un lien entre|lie) {cible} et {cible}", "(toile|araignée) (sur|:|entre) {cible} et {cible}"),
        2,
        2,
        keywords=("toile", "tisse", "araign"),
    ),
    Verb(
        "institutrice.priver",
        (
            "je prive de vote {cible}",
            "je (retire|enlève) (le droit de vote|leur droit de vote|le vote|leur vote) (à|de) {cible}",
            "{cible} (ne votent pas|ne vote pas|sont privés de vote|est privé de vote|est privée de vote)",
            "(privation de vote|pas de vote) (pour|:) {cible}",
        ),
        1,
        3,
        keywords=("prive", "privation"),
    ),
    Verb(
        "chatelain.annuler",
        (
            "si c'est {cible} (qui doit y passer|qui brûle|qui part au bûcher), j'annule [le bûcher]",
            "j'annule le bûcher (si c'est|de|pour) {cible}",
            "annulation du bûcher (si c'est|de|pour) {cible}",
        ),
        1,
        30,
        keywords=("annul",),
    ),
    Verb(
        "sympathique.booster",
        (
            "je (booste|sympathise) {cible} [sur] [son|le] [rôle] {cible}",
            "(boost|sympathique) (sur|pour) {cible} [,|:|-] [son|le] [rôle] {cible}",
        ),
        2,
        2,
        keywords=("boost", "sympath"),
        words=(
            ("1", "1"),
            ("2", "2"),
            ("premier", "1"),
            ("deuxieme", "2"),
            ("second", "2"),
            ("un", "1"),
            ("deux", "2"),
        ),
        slots=("NOM", "ROLE_1_OU_2"),
    ),
    Verb(
        "lache.envoyer",
        ("(message|mp) anonyme (pour|à) {cible}", "(transmets|envoie|dis) [ce message|ce mp] (à|pour) {cible}"),
        keywords=("anonym",),
    ),
    Verb(
        "detective.enqueter",
        ("j'enquête sur {cible}", "enquête (sur|:) {cible}"),
        keywords=("enquet",),
    ),
)

HELP: dict[str, str] = {
    "salbatar.salbatariser": (
        "Chaque nuit, une maison : tous ceux qui s'y trouvent perdent leurs pouvoirs pour la nuit et le "
        "jour à venir (jamais la même maison deux nuits de suite)."
    ),
    "cupidon.amoureux": "Nuit 1 ou nuit 2, une fois : deux amoureux (toi aussi, si tu veux).",
    "voyante.sonder": "Chaque nuit, tu espionnes une maison : les rôles ou les natures de tous ceux qui s'y trouvent.",
    "sorcier.rituel": "Une fois dans la partie : tu tues quelqu'un, où qu'il soit, sans sortir de chez toi.",
    "salvateur.proteger": (
        "Chaque nuit, tu protèges une maison des loups (jamais la même maison deux nuits de suite, quel "
        "que soit le Salvateur)."
    ),
    "meute.devorer": (
        "Chaque nuit, un seul MP : la maison que tu veux attaquer. La majorité des loups décide (tirage "
        "au sort en cas d'égalité)."
    ),
    "loup_solitaire.devorer": (
        "Les nuits paires, tu peux aussi attaquer seul la maison d'un autre Loup ou Loup Solitaire."
    ),
    "assassin.tuer": "Une fois dans la partie, de nuit : tu tues un joueur, où qu'il soit.",
    "necromancienne.ressusciter": "Une potion de vie : tu ressuscites quelqu'un mort cette nuit (pas toi).",
    "corbeau.accuser": "Chaque nuit, deux voix de plus contre un joueur au prochain bûcher (toi aussi, si tu veux).",
    "detective.enqueter": (
        "Chaque nuit, tu enquêtes sur un vivant (sort-il de chez lui ? comment meurt-il ?) ou sur un mort."
    ),
}
HELP.update(
    {
        "lache.envoyer": (
            "De jour : des MP anonymes (2 × le numéro du jour) que le MJ transmet à leur destinataire sans ton nom."
        ),
        "sympathique.booster": (
            "Une fois dans la partie, de jour ou de nuit : tu boostes l'un des deux rôles (1 ou 2) de quelqu'un "
            "d'autre; il saura que tu es Sympathique."
        ),
        "convaincant.convaincre": (
            "Une fois, jusqu'à la nuit 4 : tu vas à une maison et changes la nature de quelqu'un qui s'y trouve "
            "(villageois, loup, loup solitaire, assassin; « copie » : un Assassin donne sa liste)."
        ),
        "planque.planquer": (
            "3 fois dans la partie, tu te caches dans la maison de quelqu'un (il n'en sait rien) : tu n'es plus "
            "chez toi cette nuit."
        ),
        "maison.echanger": (
            "De jour, une fois par jour : si l'autre demande aussi l'échange avec toi, vous échangez de maison "
            "pour la nuit qui suit."
        ),
        "voyeur.lier": (
            "Chaque nuit, un nouveau lien permanent : tu sais si tes liés sont amoureux et si leurs conditions de "
            "victoire changent; à la tombée de la nuit et au lever du jour, la nature des morts."
        ),
        "araignee.tisser": "Chaque nuit, deux personnes (toi aussi) pourront s'envoyer 2 MP chacune le lendemain.",
        "institutrice.priver": (
            "Chaque jour, jusqu'à 3 personnes (2 quand 8 ou moins sont en vie) perdent leur vote; ton propre vote "
            "ne compte jamais (en secret)."
        ),
        "chatelain.annuler": (
            "Une fois dans la partie : « si c'est X ou Y qui doit y passer, j'annule » — pas de bûcher ce jour-là "
            "(jamais le tien)."
        ),
    }
)
EXAMPLES: dict[str, str] = {
    "lache.envoyer": "Message anonyme pour Hugo : je sais qui tu es.",
    "sympathique.booster": "Je booste Lucie sur son rôle 2",
    "convaincant.convaincre": "Je vais chez Marc : villageois",
    "planque.planquer": "Je me planque chez Gaston",
    "maison.echanger": "Je veux échanger de maison avec Alice",
    "voyeur.lier": "Je crée un lien avec Hugo",
    "araignee.tisser": "Je relie Alice et Bruno",
    "institutrice.priver": "Je prive de vote Carla et David",
    "chatelain.annuler": "J'annule le bûcher si c'est Emma, Fanny",
    "salbatar.salbatariser": "Je salbatarise la maison de Boris",
    "cupidon.amoureux": "Je rends amoureux Alice et Bruno",
    "voyante.sonder": "J'espionne la maison de Carla : rôles",
    "sorcier.rituel": "J'utilise mon rituel de mort sur David",
    "salvateur.proteger": "Je protège la maison de Lucie",
    "meute.devorer": "On attaque la maison de Paul",
    "loup_solitaire.devorer": "Seul, j'attaque la maison de Marc",
    "assassin.tuer": "J'assassine Zoé",
    "necromancienne.ressusciter": "Je ressuscite Hugo",
    "corbeau.accuser": "Corbeau sur Emma",
    "detective.enqueter": "J'enquête sur Fanny",
}
assert set(HELP) == set(EXAMPLES) == {v.power for v in VERBS}
