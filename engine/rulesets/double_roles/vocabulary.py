"""`double-roles`: the powers and how players ask for them by MP (canonical ``!power NAME``), their help
and an example for the role cards. A house is named by its owner (« la maison de Bruno »)."""

from __future__ import annotations

from ....vocabulary import Verb

_HOUSE = "[la maison de|la maison d'|chez|sur la maison de|sur la maison d'|sur|dans la maison de|dans la maison d']"
_HOUSE_NAMED = "[la maison de|la maison d'|maison de|maison d'|chez]"  # « Cible : maison de Bruno »
_TO_HOUSE = "(chez|à la maison de|dans la maison de|dans la maison d')"  # going to a house, said
_KIND_WORDS = (
    ("roles", "roles"), ("role", "roles"), ("les roles", "roles"), ("ses roles", "roles"), ("leurs roles", "roles"),
    ("natures", "natures"), ("nature", "natures"), ("la nature", "natures"), ("les natures", "natures"),
    ("sa nature", "natures"), ("leurs natures", "natures"),
)  # fmt: skip
# The Convaincant's natures as players write them (« en loup », « villageoise », « assassin avec ma liste »).
_NATURE_WORDS = tuple(
    (f"{prefix}{spelling}".strip(), value)
    for value, spellings in {
        "villageois": ("villageois", "villageoise", "villageoi", "villagois", "vilageois"),
        "loup": ("loup", "loupe", "louve", "loup garou", "lg"),
        "loup_solitaire": ("loup solitaire", "solitaire", "ls", "louve solitaire"),
        "assassin": ("assassin", "assassine", "assasin"),
        "copie": ("copie", "ma liste", "mes cibles", "ma liste de cibles", "assassin avec ma liste",
                  "assassin avec ma liste de cibles", "assassin avec mes cibles"),
    }.items()
    for spelling in spellings
    for prefix in ("", "en ", "un ", "une ", "nature ", "la nature ", "en nature ")
)  # fmt: skip
_ROLE_NUMBER_WORDS = tuple(
    (f"{prefix}{spelling}{suffix}".strip(), value)
    for value, spellings in {
        "1": ("1", "premier", "1er", "un", "1e", "1ere", "premiere"),
        "2": ("2", "deuxieme", "second", "seconde", "deux", "2eme", "2e", "2nd", "2nd"),
    }.items()
    for spelling in spellings
    for prefix in ("", "role ", "son role ", "le role ", "sur son role ", "sur le role ", "son ", "le ", "sur son ",
                   "n ", "role n ", "roles ")
    for suffix in ("", " role")
)  # fmt: skip

VERBS: tuple[Verb, ...] = (
    Verb(
        "planque.planquer",
        (
            f"je me planque {_HOUSE} {{cible}}",
            f"je me cache {_TO_HOUSE} {{cible}}",
            f"planque {_HOUSE} {{cible}}",
            f"(j'irai|je vais|je veux|je vais aller) me (planquer|cacher) {_HOUSE} {{cible}}",
            "(je passe|passe) la nuit chez {cible}",
            "je vais dormir chez {cible}",
        ),
        slots=("MAISON",),
        keywords=("planqu", "cache", "jojo"),
    ),
    Verb(
        "maison.echanger",
        (
            "je (veux échanger|échange) [de maison|ma maison] avec {cible}",
            "échange de (maison|maisons) avec {cible}",
            "[je veux|jveux] (échanger|switcher|swapper|changer) de (maison|maisons) avec {cible}",
        ),
        keywords=("echang", "switch", "swap"),
    ),
    Verb(
        "salbatar.salbatariser",
        (f"je salbatarise {_HOUSE} {{cible}}", f"salbatar (sur|chez|:) {_HOUSE} {{cible}}"),
        slots=("MAISON",),
        max_targets=2,
        keywords=("salbatar",),
    ),
    Verb(
        "cupidon.amoureux",
        (
            "je rends amoureux {cible} et {cible}",
            "[les|mes] amoureux (sont|seront|:) {cible} et {cible}",
            "{cible} et {cible} (sont|seront) (amoureux|amoureuses|en couple)",
            "je marie {cible} et {cible}",
            "cupidon [:|sur] {cible} et {cible}",
            "je tire ma flèche sur {cible} et {cible}",
            # Cupidon naming himself (« Il peut se désigner lui-même »): « moi » is read as the sender.
            "je rends {cible} (amoureux|amoureuse) (de|avec) {cible}",
            "cupidon [:|sur] {cible} avec {cible}",
            "je me {moi} (rends|mets|déclare) (amoureux|amoureuse|en couple) (de|avec) {cible}",
            "je {moi} (veux|vais) (être|tomber) (amoureux|amoureuse) (de|avec) {cible}",
        ),
        2,
        2,
        keywords=("couple", "fleche", "cupidon", "marie", "amoureu"),
    ),
    Verb(
        "voyante.sonder",
        (
            f"je (sonde|espionne|regarde) {_HOUSE} {{cible}} [pour|:|,|-] [voir] {{cible}}",
            "je (regarde|vois|veux voir|sonde|espionne) [les] {cible} (chez|dans la maison de|de la maison de) {cible}",
            "(voyante|je sonde|j'espionne) [:] [la] maison de {cible} [,|:|-] [je veux voir] [les] {cible}",
            f"(espionnage|sondage) {_HOUSE} {{cible}} [pour|:|,|-] {{cible}}",
            f"voyante (sur|:|chez) {_HOUSE} {{cible}} [pour|:|,|-] {{cible}}",
            f"je (vais voir|veux voir|vais regarder) {_TO_HOUSE} {{cible}} [,|:|-] [les|leurs] {{cible}}",
            "je (veux voir|vais voir|regarde) (les|leurs) {cible} de (la maison de|la maison d') {cible}",
        ),
        2,
        2,
        keywords=("sonde", "espionn", "voyante", "voir nature", "voir role", "boule", "cristal"),
        words=_KIND_WORDS,
        slots=("MAISON", "ROLES_OU_NATURES"),
    ),
    Verb(
        "voyeur.lier",
        (
            "je (crée un lien avec|me lie à|me lie avec|lie|me connecte à|me connecte avec) {cible}",
            "(lien|nouveau lien|voyeur|connexion) (avec|sur|vers|:) {cible}",
        ),
        max_targets=2,
        keywords=("lien", "lier", "voyeur", "connect", "connexion"),
    ),
    Verb(
        "sorcier.rituel",
        (
            "(j'utilise|je lance) mon rituel [de mort] sur {cible}",
            "rituel [de mort] (sur|contre|pour) {cible}",
            "je tue {cible} (avec|par) [mon|un|le] rituel [de mort]",
        ),
        keywords=("rituel", "sorcier"),
    ),
    Verb(
        "salvateur.proteger",
        (
            f"je (protège|reprotège|re-protège|re protège) {_HOUSE} {{cible}}",
            f"protection (sur|de|pour) {_HOUSE} {{cible}}",
            f"je veille sur {_HOUSE} {{cible}}",
            f"(salva|salvateur) (sur|:|chez) {_HOUSE} {{cible}}",
        ),
        slots=("MAISON",),
        max_targets=2,
        keywords=("protege", "reprotege", "protection", "salva", "veille"),
    ),
    Verb(
        "meute.devorer",
        (
            f"(nous attaquons|on attaque|j'attaque|nous ciblons|on cible|je cible) {_HOUSE} {{cible}}",
            f"(je vise|on vise|nous visons) {_HOUSE} {{cible}}",
            f"(cible|victime) : {_HOUSE_NAMED} {{cible}}",
            "[pour] (la cible|la victime) [de la nuit|de cette nuit|des loups|de la meute] : "
            f"{_HOUSE_NAMED} {{cible}}",
            f"(on mange|on bouffe|on dévore|je vote pour attaquer|les loups attaquent) {_HOUSE} {{cible}}",
            f"(pour les loups|pour la meute) [je cible|je vote|on cible|c'est] [:] {_HOUSE_NAMED} {{cible}}",
            f"(loups|cible loups|cible des loups|meute|les loups) : {_HOUSE_NAMED} {{cible}}",
            f"(pour les loups|pour la meute|les loups) c'est {_HOUSE_NAMED} {{cible}}",
        ),
        slots=("MAISON",),
        keywords=("attaqu", "devor", "victime", "mange", "bouff", "meute"),
        bare=True,
    ),
    Verb(
        "loup_solitaire.devorer",
        (
            f"(attaque solitaire|en solitaire|en loup solitaire|loup solitaire) (sur|contre|:) {_HOUSE} {{cible}}",
            f"en loup solitaire (j'attaque|je bouffe|je mange|je dévore|je tue) [aussi] {_HOUSE} {{cible}}",
            "(en solo|en solitaire|seul|seule) [,] (je vais tuer|je tue|j'attaque|je vais attaquer|je bouffe|je mange"
            f"|je dévore|je vais bouffer|je vais manger) [aussi] {_HOUSE} {{cible}}",
            f"(je me lève seul|je me lève seule) pour (bouffer|tuer|attaquer|manger) {_HOUSE} {{cible}}",
            "(seul|seule|en solo) sur (la maison de|la maison d') {cible}",
            f"je (veux|vais) (tuer|attaquer|bouffer|manger) (seul|seule|en solo|en solitaire) {_HOUSE} {{cible}}",
            f"(je veux attaquer seul|je veux attaquer seule|j'attaque seul|j'attaque seule) {_HOUSE} {{cible}}",
        ),
        slots=("MAISON",),
        keywords=("loup solitaire", "en solitaire", "solitaire", "en solo"),
    ),
    Verb(
        "assassin.tuer",
        (
            "j'assassine {cible}",
            "(je tue|meurtre sur|mon meurtre :) {cible}",
            "(j'utilise mon kill sur|mon kill sur|kill sur|je fais mon meurtre sur) {cible}",
            "(je bute|je vais buter) {cible}",
        ),
        keywords=("assassin", "meurtre", "kill", "traque", "bute"),
    ),
    Verb(
        "necromancienne.ressusciter",
        ("je (ressuscite|ressucite|ramène) {cible}", "potion de vie (sur|pour) {cible}"),
        keywords=("ressus", "ressuc", "potion", "necro", "ramene"),
    ),
    Verb(
        "convaincant.convaincre",
        (
            f"je (vais|me rends) {_HOUSE} {{cible}} [et] [je] (le|la) (transforme|convertis|rends|change|passe) "
            "[en] {cible}",
            f"je (vais|me rends) {_TO_HOUSE} {{cible}} pour (le|la) "
            "(rendre|transformer en|convertir en|changer en) {cible}",
            "je (convaincs|convertis|transforme) {cible} (en|:|,) {cible}",
            f"je (vais|me rends) {_TO_HOUSE} {{cible}} (:|,) [nature|en] {{cible}}",
            f"(conviction|convaincant) (sur|chez|:) {_HOUSE} {{cible}} [:|,|-|en] [nature] {{cible}}",
        ),
        2,
        2,
        keywords=("convain", "convic", "converti", "transform"),
        words=_NATURE_WORDS,
        slots=("MAISON", "NATURE"),
    ),
    Verb(
        "corbeau.accuser",
        (
            "(je mets|je met|corbeau sur|mes deux voix sur) {cible}",
            "je (croasse|accuse) {cible}",
            "je (mets|met) [les] (2|deux) voix [du corbeau] (sur|contre|à) {cible}",
            "(rajouter|ajouter) (2|deux) voix contre {cible}",
            "je me (mets|met) [les] (2|deux) voix [du corbeau] (à|sur) {moi}",
        ),
        keywords=("corbeau", "croass", "accus", "croa"),
    ),
    Verb(
        "araignee.tisser",
        (
            "je (relie|tisse un lien entre|lie) {cible} et {cible}",
            "(toile|araignée) (sur|:|entre) {cible} et {cible}",
            "{cible} et {cible} (pourront s'envoyer|peuvent s'envoyer|pourront se parler|pourront s'écrire)",
        ),
        2,
        2,
        keywords=("toile", "tisse", "araign", "relie"),
    ),
    Verb(
        "institutrice.priver",
        (
            "je prive de vote {cible}",
            "je (retire|enlève) (le droit de vote|leur droit de vote|le vote|leur vote) (à|de) {cible}",
            "{cible} (ne votent pas|ne vote pas|sont privés de vote|est privé de vote|est privée de vote)",
            "(privation de vote|pas de vote) (pour|:) {cible}",
            "{cible} [qui] (perdent leur vote|perd son vote|perdent leurs votes|perdent leur droit de vote)",
            "(institutrice|punis|puni|au coin) [aujourd'hui] : {cible}",
        ),
        1,
        3,
        # « X et Y ne votent pas » (the plural: a list of hers; « Bruno ne vote pas souvent » is chatter)
        keywords=(
            "prive",
            "privation",
            "institutrice",
            "punis",
            "au coin",
            "droit de vote",
            "ne votent pas",
            "ne vote pas aujourd",
        ),
    ),
    Verb(
        "chatelain.annuler",
        (
            "si c'est {cible} (qui doit y passer|qui brûle|qui part au bûcher), j'annule [le bûcher]",
            "j'annule le bûcher (si c'est|de|pour) {cible}",
            "annulation du bûcher (si c'est|de|pour) {cible}",
            # « si c'est vraiment machin ou truc qui doit y passer aujourd'hui, j'utiliserai mon pouvoir »: « ou »
            # joins the names he saves, it is no hesitation
            "si c'est [vraiment] {cible} ou {cible} (qui doit y passer|qui doit partir|qui brûle|qui part au bûcher) "
            "[aujourd'hui] [,] [j'annule|j'utiliserai mon pouvoir] [le bûcher]",
            "si c'est [vraiment] {cible} ou {cible} ou {cible} (qui doit y passer|qui doit partir|qui brûle) "
            "[aujourd'hui] [,] [j'annule|j'utiliserai mon pouvoir] [le bûcher]",
            "(j'annule|jannule) [le bûcher|le bucher] si (ça tombe sur|c'est) {cible} ou {cible}",
            "si {cible} ou {cible} (doit être brûlé|doit être brûlée|doit y passer|part au bûcher)",
            "(j'annule|jannule) [le bûcher|le bucher] si (ça tombe sur|c'est) {cible} ou {cible} ou {cible}",
        ),
        1,
        30,
        keywords=("annul", "chatelain"),
    ),
    Verb(
        "sympathique.booster",
        (
            "je (booste|sympathise) {cible} [sur] [son|le] [rôle] {cible}",
            "(boost|sympathique) (sur|pour|:) {cible} [,|:|-] [son|le] [rôle] {cible}",
            "je (donne|file) un boost à {cible} sur {cible}",
        ),
        2,
        2,
        keywords=("boost", "sympath"),
        words=_ROLE_NUMBER_WORDS,
        slots=("NOM", "ROLE_1_OU_2"),
    ),
    Verb(
        "lache.envoyer",
        (
            "(message|mp) anonyme (pour|à) {cible}",
            "(transmets|envoie|envoies|transmet|dis) [ce message|ce mp|ça|ceci|le message|ce texte] (à|pour) {cible}",
            "(lache|lâche|destinataire) (:|pour|à) {cible}",
            "(envoie|envoyer) anonymement (à|pour) {cible}",
            "[peux-tu|tu peux|pourrais-tu] transmettre (ce message|ce mp|ceci|ça) à {cible}",
        ),
        keywords=("anonym", "lache", "destinataire", "transmet"),
    ),
    Verb(
        "detective.enqueter",
        ("j'enquête sur {cible}", "enquête (sur|:) {cible}", "(détective|je surveille) (sur|:) {cible}"),
        keywords=("enquet", "detective", "surveill", "piege"),
    ),
)

HELP: dict[str, str] = {
    "salbatar.salbatariser": (
        "Chaque nuit, une maison : tous ceux qui s'y trouvent perdent leurs pouvoirs pour la nuit et le "
        "jour à venir (jamais la même maison deux nuits de suite)."
    ),
    "cupidon.amoureux": "Nuit 1 ou nuit 2, une fois : deux amoureux (toi aussi, si tu veux).",
    "voyante.sonder": (
        "Chaque nuit, tu espionnes une maison : précise « rôles » ou « natures », tu les vois pour tous ceux qui "
        "s'y trouvent."
    ),
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
            "De jour : des MP anonymes (2 × le numéro du jour) que le MJ transmet à leur destinataire sans ton nom; "
            "un MP par message, le destinataire d'abord."
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
    "lache.envoyer": "Message anonyme pour Gaston : je sais qui tu es.",
    "sympathique.booster": "Je booste Bruno sur son rôle 2",
    "convaincant.convaincre": "Je vais chez Bruno : villageois",
    "planque.planquer": "Je me planque chez Gaston",
    "maison.echanger": "Je veux échanger de maison avec Bruno",
    "voyeur.lier": "Je crée un lien avec Gaston",
    "araignee.tisser": "Je relie Carla et Gaston",
    "institutrice.priver": "Je prive de vote Carla et David",
    "chatelain.annuler": "Si c'est Emma ou Fanny qui doit y passer, j'annule le bûcher",
    "salbatar.salbatariser": "Je salbatarise la maison de Bruno",
    "cupidon.amoureux": "Je rends amoureux Bruno et Carla",
    "voyante.sonder": "J'espionne la maison de Carla : rôles",
    "sorcier.rituel": "J'utilise mon rituel de mort sur David",
    "salvateur.proteger": "Je protège la maison de Gaston",
    "meute.devorer": "On attaque la maison de Gaston",
    "loup_solitaire.devorer": "Seul, j'attaque la maison de Bruno",
    "assassin.tuer": "J'assassine Gaston",
    "necromancienne.ressusciter": "Je ressuscite Gaston",
    "corbeau.accuser": "Corbeau sur Emma",
    "detective.enqueter": "J'enquête sur Fanny",
}
assert set(HELP) == set(EXAMPLES) == {v.power for v in VERBS}
