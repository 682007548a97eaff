"""How players of `classique` ask the MJ for each power, by MP: the verbs read by
:func:`meneur.parsers.actions.find_actions`.

Canonical forms — always understood, alone on their line, names separated by commas; ``moi`` is
yourself, ``personne`` is nobody where the power allows it (the same texts are in :data:`HELP`, for
the role cards):

- ``!voyante.sonder NOM`` — Voyante : découvrir le rôle de NOM.
- ``!salvateur.proteger NOM`` — Salvateur : protéger NOM des loups cette nuit (moi possible).
- ``!loups.devorer NOM`` — Loups-garous : la victime du festin (le dernier MP d'un loup compte).
- ``!sorciere.guerison`` — Sorcière : sauver la victime des loups (ou !sorciere.guerison NOM).
- ``!sorciere.empoisonnement NOM`` — Sorcière : empoisonner NOM.
- ``!sorciere.charisme NOM`` — Sorcière : le vote de NOM comptera double au prochain bûcher.
- ``!cupidon.amoureux NOM1, NOM2`` — Cupidon : les deux amoureux (moi possible).
- ``!joueur_de_flute.charmer NOM1, NOM2`` — Joueur de flûte : charmer une ou deux personnes
  (personne : ne charmer personne cette nuit).
- ``!loup_assommeur.assommer NOM`` — Loup assommeur : NOM ne pourra pas agir cette nuit.
- ``!chef_de_meute.mordre NOM`` — Chef de meute : commencer la transformation de NOM en loup.
- ``!maitre_vampire.mordre NOM1, NOM2`` — Maître-Vampire : tenter de vampiriser une ou deux
  personnes.
- ``!seigneur_loup.maudire NOM`` — Seigneur Loup : maudire NOM, qui deviendra loup-garou.
- ``!seigneur_loup.rage NOM`` — Seigneur Loup : condamné au bûcher, entraîner NOM avec vous.
- ``!berger.moutons NOM1, NOM2, NOM3`` — Berger : un mouton devant chaque demeure (moi : devant
  chez vous ; personne : aucun mouton).
- ``!malade.tomber_malade`` — Malade : tomber malade à partir de maintenant.
- ``!devin.designer NOM`` — Devin : NOM sera la victime des loups.
- ``!ange_gardien.proteger NOM`` — Ange-Gardien : protéger NOM du bûcher.
- ``!chaman.mauvais_oeil NOM1, NOM2`` — Chaman : NOM1 et NOM2 voteront comme vous au prochain
  bûcher.
- ``!chaman.mauvaise_langue NOM1, NOM2`` — Chaman : NOM1 et NOM2 devront s'accuser l'un l'autre.
- ``!enchanteur.endormir NOM`` — Enchanteur : endormir NOM cette nuit.
- ``!chasseur.tirer NOM`` — Chasseur : à votre mort, tirer sur NOM.
- ``!lapinou_garou.designer NOM`` — Lapinou-Garou : le loup NOM meurt à votre place.
- ``!ancien.designer NOM`` — Ancien : à votre mort au bûcher, NOM perd ses pouvoirs.
- ``!maire.successeur NOM`` — Maire : NOM sera votre successeur.
- ``!bouc_emissaire.votants NOM1, NOM2, NOM3, …`` — Bouc-émissaire : ceux qui voteront au
  prochain bûcher.

Phrase syntax: see :mod:`meneur.parsers.actions` (``(a|b)`` one of, ``[a|b]`` optional,
``{cible}`` names, ``{moi}`` the sender; accents and case do not matter). The same words may ask
for several roles' powers ("je mords X", "je protège X", "je désigne X", "je joue de la flûte pour X"):
all are returned and the engine keeps the sender's own.
"""

from __future__ import annotations

from dataclasses import replace

from ....vocabulary import Verb

# "je veux protéger", "j'aimerais protéger", "je vais donc protéger", "j'ai décidé de protéger"…
_VEUX = (
    "(veux|voudrais|vais|souhaite|souhaiterais|aimerais|désire|compte|préfère|choisis de|décide de|"
    "ai décidé de|tiens à|ai envie de)"
)
_ROLE_DE = "(le rôle|la carte|l'identité|l'identité secrète|la vraie identité|le vrai rôle|le personnage|le camp)"

# Shared by the Salvateur and the Ange-Gardien: the engine keeps the sender's own.
_PROTEGER = (
    "je (protège|protégerai|protégerais|veille sur|veillerai sur) {cible}",
    f"je {_VEUX} (protéger|veiller sur) {{cible}}",
    "je (mets|place|prends) {cible} sous (ma|sa|la) protection",
    "[ma|la] protection (va à|ira à|est pour|sera pour|pour|sur|:) {cible}",
    "mon protégé (est|sera|:) {cible}",
    "protéger : {cible}",
    "je me (protège|protégerai) {moi}",
    f"je {_VEUX} me protéger {{moi}}",
    "(auto-protection|autoprotection) {moi}",
    "je m'(auto-protège|autoprotège) {moi}",
    "je ne protège personne",
    "(pas de|aucune) protection",
)

# Chef de meute and Maître-Vampire.
_MORDRE = (
    "je (mords|mordrai|mordrais) {cible}",
    f"je {_VEUX} mordre {{cible}}",
    "[ma|la] morsure (sur|pour|va à|ira à|:) {cible}",
    "je (plante|enfonce) mes crocs dans {cible}",
    "mordre : {cible}",
)

# Chef de meute and Seigneur Loup: both turn a villager into a wolf.
_TRANSFORMER = ("je transforme {cible} [en loup|en loup-garou|en garou]",)

# Joueur de flûte and Enchanteur: both play the flute.
_FLUTE = (
    "je (joue|jouerai|jouerais) (de la flûte|de ma flûte|un air|un air de flûte|une mélodie|ma mélodie) pour {cible}",
    "[ma|une] mélodie (pour|sur|:) {cible}",
)

# Chasseur and Seigneur Loup (rage meurtrière): taken along in death.
_EMMENER = (
    "j'(emmène|emporte|entraîne) {cible} avec moi",
    "j'entraîne {cible} (dans le brasier|dans les flammes|dans la mort|dans ma chute|dans ma tombe)",
)

# Devin, Lapinou-Garou, Ancien, Maire, Bouc-émissaire: "je désigne X".
_DESIGNER = ("je (désigne|désignerai|nomme) {cible}",)

_MANGER = "(manger|dévorer|tuer|attaquer|croquer|bouffer|égorger)"
_VICTIME = "(victime|cible|proie|repas|dîner|festin|casse-croûte)"

VERBS: tuple[Verb, ...] = (
    Verb(
        "voyante.sonder",
        (
            "je (sonde|sonderai|sonderais|regarde|regarderai|espionne|scrute|inspecte|examine) {cible}",
            f"je {_VEUX} (sonder|regarder|observer|espionner|scruter|inspecter|examiner|voir) {{cible}}",
            f"je {_VEUX} (voir|connaître|savoir|découvrir|regarder) {_ROLE_DE} de {{cible}}",
            f"je (regarde|vois|découvre|consulte|sonde) {_ROLE_DE} de {{cible}}",
            f"je {_VEUX} (savoir|découvrir|voir) qui est {{cible}}",
            "(montre-moi|dis-moi|révèle-moi) qui est {cible}",
            "[ma|la] boule de cristal (sur|pour|vers|:) {cible}",
            "[ma|la] boule de cristal (se tourne|se pose|se penche) (vers|sur) {cible}",
            "(sondage|sonde|vision|voyance) (sur|pour|:) {cible}",
            "sonder : {cible}",
            "la voyante (sonde|regarde|observe) {cible}",
            "je ne sonde personne",
            "pas de (sondage|vision|voyance)",
        ),
    ),
    Verb(
        "salvateur.proteger",
        (*_PROTEGER, "le salvateur protège {cible}"),
    ),
    Verb(
        "loups.devorer",
        (
            "(nous|on) (mangeons|mange|dévorons|dévore|tuons|tue|attaquons|attaque|croquons|croque|bouffons|bouffe|"
            "égorgeons|égorge|ciblons|cible|visons|vise|choisissons|choisit) {cible}",
            "(nous|on) (voulons|veut|allons|va|avons décidé de|a décidé de|avons choisi de|a choisi de|aimerions|"
            f"aimerait|souhaitons|souhaite|préférons|préfère) {_MANGER} {{cible}}",
            "(les loups|les loups-garous|les lg|la meute) (mangent|dévorent|tuent|attaquent|croquent|choisissent|"
            "désignent|ciblent|mange|dévore|tue|attaque|choisit|désigne) {cible}",
            f"(les loups|les loups-garous|les lg|la meute) (veulent|vont|veut|va) {_MANGER} {{cible}}",
            f"notre {_VICTIME} [de cette nuit|de ce soir|cette nuit|ce soir] (est|sera|:) {{cible}}",
            f"{{cible}} (sera|est) notre {_VICTIME}",
            "au menu [ce soir|cette nuit|de ce soir] (:|il y a) {cible}",
            "(les loups|les loups-garous|les lg|la meute|nous|on) (a|ont|avons) (choisi|décidé|désigné|voté) : {cible}",
            "je (mange|dévore) {cible}",
        ),
    ),
    Verb(
        "sorciere.guerison",
        (
            "[ma|la] potion de (guérison|vie|soin|soins|résurrection) (sur|pour|à|:) {cible}",
            "[ma|la] potion de (guérison|vie|soin|soins|résurrection)",
            "[ma|la] potion de (guérison|vie|soin|soins|résurrection) (sur|pour|à) la victime",
            "je (sauve|ressuscite|soigne|guéris|ranime|réanime) {cible}",
            f"je {_VEUX} (sauver|ressusciter|soigner|guérir|ranimer|réanimer) {{cible}}",
            "je (sauve|ressuscite|soigne|guéris|ranime|réanime) (la victime|la victime des loups|le mort|la morte)",
            "je me (soigne|guéris|ressuscite) {moi}",
            "je me sauve (avec|grâce à) (ma|la) potion {moi}",
            "je (le|la) (sauve|ressuscite|soigne|ranime|réanime)",
            "guérison (sur|pour|:) {cible}",
        ),
        min_targets=0,
    ),
    Verb(
        "sorciere.empoisonnement",
        (
            "[ma|la] potion (d'empoisonnement|de mort|de poison|de la mort|empoisonnée|mortelle) "
            "(sur|pour|à|contre|:) {cible}",
            "(poison|empoisonnement) (sur|pour|contre|à|:) {cible}",
            "j'(empoisonne|empoisonnerai) {cible}",
            f"je {_VEUX} empoisonner {{cible}}",
            "je fais boire (du|mon|le) poison à {cible}",
            "empoisonner : {cible}",
            "la sorcière empoisonne {cible}",
        ),
    ),
    Verb(
        "sorciere.charisme",
        (
            "[ma|la] potion de charisme (sur|pour|à|:) {cible}",
            "charisme (sur|pour|à|:) {cible}",
            "je bois (ma|la) potion de charisme {moi}",
            "{cible} boit (ma|la) potion de charisme",
            "le vote de {cible} (compte|comptera) double",
        ),
    ),
    Verb(
        "cupidon.amoureux",
        (
            "je rends amoureux {cible} et {cible}",
            "je rends {cible} (amoureux|amoureuses)",
            "(les|mes) amoureux (sont|seront|:) {cible}",
            "amoureux : {cible}",
            "{cible} (sont|seront) (amoureux|amoureuses|les amoureux|mes amoureux|en couple)",
            "je (marie|unis|lie|accouple) {cible}",
            "je mets {cible} en couple",
            "je mets en couple {cible}",
            "(couple|mon couple|le couple) : {cible}",
            "je forme (un|le) couple [avec|entre|:] {cible}",
            "je (tire|décoche|lance|envoie) (mes flèches|une flèche|ma flèche|mes deux flèches|les flèches|"
            "deux flèches) (sur|vers|à|pour|dans) {cible}",
            "mes flèches (sont pour|vont à|:|sur|visent) {cible}",
            "je me (mets en couple|marie|lie) avec {moi} {cible}",
            "je me rends amoureux de {moi} {cible}",
        ),
        min_targets=2,
        max_targets=2,
    ),
    Verb(
        "joueur_de_flute.charmer",
        (
            "je (charme|charmerai|charmerais|ensorcelle) {cible} et {cible}",
            f"je {_VEUX} charmer {{cible}}",
            *_FLUTE,
            "(mes charmés|les charmés|charmés|charme|charmes|mon charme|mes charmes) (:|sur|pour) {cible}",
            "charmer : {cible}",
            "le joueur de flûte charme {cible}",
            "je ne charme personne",
            "(pas de|aucun) (charme|charmé|charmés)",
        ),
        min_targets=0,
        max_targets=2,
    ),
    Verb(
        "loup_assommeur.assommer",
        (
            "j'(assomme|assommerai) {cible}",
            f"je {_VEUX} assommer {{cible}}",
            "(coup de massue|coup de gourdin|coup de matraque|coup de bâton|assommage) (sur|pour|à|:) {cible}",
            "je (mets|met) {cible} (ko|k.o|au tapis|hors d'état de nuire)",
            "j'envoie {cible} au tapis",
            "assommer : {cible}",
            "le loup assommeur assomme {cible}",
        ),
    ),
    Verb(
        "chef_de_meute.mordre",
        (
            *_MORDRE,
            *_TRANSFORMER,
            "je (commence|lance|entame|débute) (la|une|ma) transformation (sur|de|:) {cible}",
            "le chef de meute mord {cible}",
        ),
    ),
    Verb(
        "maitre_vampire.mordre",
        (
            *_MORDRE,
            "je (vampirise|vampiriserai) {cible}",
            f"je {_VEUX} vampiriser {{cible}}",
            "(vampirisation|vampirisations) (sur|de|:) {cible}",
            "je (tente|essaie) (de vampiriser|une vampirisation sur) {cible}",
            "je (bois|suce) le sang de {cible}",
            "le (maître vampire|maître-vampire|vampire) mord {cible}",
        ),
        max_targets=2,
    ),
    Verb(
        "seigneur_loup.maudire",
        (
            "je (maudis|maudirai) {cible}",
            f"je {_VEUX} maudire {{cible}}",
            "[ma|la] malédiction (sur|contre|pour|va à|ira à|:) {cible}",
            "maudire : {cible}",
            *_TRANSFORMER,
            "le seigneur loup maudit {cible}",
        ),
    ),
    Verb(
        "seigneur_loup.rage",
        (
            "[ma] rage [meurtrière] (sur|contre|pour|:) {cible}",
            *_EMMENER,
        ),
    ),
    Verb(
        "berger.moutons",
        (
            "[un|1|une|mon|mes|les|des|deux|2|trois|3|le] (mouton|moutons) [:|,] (devant|chez|près de) {cible}",
            "(mouton|moutons) : {cible}",
            "pas de (mouton|moutons)",
            "aucun mouton",
            "je garde mes moutons",
        ),
        min_targets=0,
        max_targets=3,
    ),
    Verb(
        "malade.tomber_malade",
        (
            "je (tombe|tomberai) malade",
            f"je {_VEUX} tomber malade",
            "je deviens malade",
            "j'(active|déclenche|lance|commence) (ma|la) maladie",
            f"je {_VEUX} (activer|déclencher|commencer) (ma|la) maladie",
        ),
        min_targets=0,
        max_targets=0,
    ),
    Verb(
        "devin.designer",
        (
            "le devin (désigne|choisit) {cible}",
            *_DESIGNER,
            "je (choisis|désigne) {cible} comme (victime|la victime|victime des loups|repas des loups)",
            "la victime des loups (sera|est|:) {cible}",
            "j'utilise mon pouvoir (de devin|de divination) (sur|pour|:) {cible}",
            f"les loups (devront|doivent) {_MANGER} {{cible}}",
            "(les loups|les loups-garous|la meute) (tueront|mangeront|dévoreront|attaqueront|croqueront) {cible}",
            "[mon] pouvoir de (devin|divination) (sur|pour|:) {cible}",
            "je (devine|prédis) que {cible} (sera|va être) (la victime|mangé|mangée|dévoré|dévorée|tué|tuée)",
            "je (veux|voudrais|souhaite|aimerais|désire) que (les loups|les loups-garous|la meute|les lg) "
            "(tuent|mangent|dévorent|attaquent|croquent|choisissent) {cible}",
            "je (veux|voudrais|souhaite|aimerais|désire) que {cible} soit "
            "(la victime|mangé|mangée|dévoré|dévorée|tué|tuée)",
        ),
    ),
    Verb(
        "ange_gardien.proteger",
        (
            *_PROTEGER,
            "(l'ange gardien|l'ange-gardien|l'ange) protège {cible}",
            "je protège {cible} (du bûcher|contre le bûcher|des flammes)",
            f"je {_VEUX} protéger {{cible}} (du bûcher|contre le bûcher|des flammes)",
            "protection (du bûcher|contre le bûcher) (sur|pour|:) {cible}",
        ),
    ),
    Verb(
        "chaman.mauvais_oeil",
        (
            "[le|mon] (mauvais œil|mauvais-œil) (sur|pour|contre|à|:) {cible}",
            "{cible} (voteront|devront voter|doivent voter|vont voter) comme moi",
            "j'envoûte {cible} (avec|par) (le|mon) (mauvais œil|mauvais-œil)",
        ),
        min_targets=2,
        max_targets=2,
    ),
    Verb(
        "chaman.mauvaise_langue",
        (
            "[la|ma] (mauvaise langue|mauvaise-langue) (sur|pour|contre|à|:) {cible}",
            "{cible} (devront|doivent|vont) s'accuser",
            "j'envoûte {cible} (avec|par) (la|ma) (mauvaise langue|mauvaise-langue)",
        ),
        min_targets=2,
        max_targets=2,
    ),
    Verb(
        "enchanteur.endormir",
        (
            "j'(endors|endormirai) {cible}",
            f"je {_VEUX} endormir {{cible}}",
            "je (plonge|mets) {cible} dans (un|le) [profond] sommeil",
            "(sommeil|berceuse|ma berceuse) (sur|pour|:) {cible}",
            "je chante une berceuse à {cible}",
            *_FLUTE,
            "endormir : {cible}",
            "l'enchanteur endort {cible}",
        ),
    ),
    Verb(
        "chasseur.tirer",
        (
            "je (tire|tirerai) (sur|dans) {cible}",
            "je (tue|abats|descends|flingue|fusille|shoote|vise|bute) {cible}",
            f"je {_VEUX} (tirer sur|tuer|abattre|descendre|flinguer|viser) {{cible}}",
            "(ma|mon|la|le) (balle|tir|dernière balle|dernier tir|coup de fusil|cartouche) "
            "(sur|pour|est pour|va à|ira à|:) {cible}",
            *_EMMENER,
            "le chasseur (tire sur|tue|abat) {cible}",
        ),
    ),
    Verb(
        "lapinou_garou.designer",
        (
            *_DESIGNER,
            "{cible} (meurt|mourra) à ma place",
            "je (désigne|choisis|sacrifie) {cible} (à ma place|pour mourir à ma place)",
            "je sacrifie {cible}",
            "(le|un) loup (qui meurt|qui mourra) à ma place (est|sera|:) {cible}",
            "le lapinou désigne {cible}",
        ),
    ),
    Verb(
        "ancien.designer",
        (
            *_DESIGNER,
            "je (murmure|souffle|chuchote) [à l'oreille du mj] [le nom de] {cible}",
            "je (retire|enlève|prends) (ses|les) pouvoirs (à|de) {cible}",
            "mon dernier souffle (est pour|va à|:) {cible}",
            "l'ancien (désigne|murmure) {cible}",
        ),
    ),
    Verb(
        "maire.successeur",
        (
            *_DESIGNER,
            "mon successeur (est|sera|:) {cible}",
            "je (désigne|nomme|choisis) {cible} comme (successeur|mon successeur|maire|nouveau maire|nouvelle maire)",
            "je (lègue|laisse|transmets|passe|donne|confie) (l'écharpe|mon écharpe|la mairie|ma place de maire|"
            "mon poste de maire) à {cible}",
            "le nouveau maire (est|sera|:) {cible}",
        ),
    ),
    Verb(
        "bouc_emissaire.votants",
        (
            *_DESIGNER,
            "(ont|auront) le droit de voter [:] {cible}",
            "(peuvent|pourront) voter [:] {cible}",
            "(votants|les votants|électeurs|les électeurs) (:|sont|seront) {cible}",
            "j'autorise {cible} à voter",
            "seuls {cible} (pourront|peuvent) voter",
            "je (laisse|fais) voter {cible}",
        ),
        max_targets=30,
    ),
)


# Keywords: the words that name each power wherever they stand, for the free reader
# (meneur.parsers.freeform). Accents off, word beginnings.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "voyante.sonder": ("sond", "boule", "cristal", "voyance", "vision", "espion", "scrut", "inspect", "examin",
                       "observ", "regard", "identite", "role"),
    "salvateur.proteger": ("proteg", "protec", "protej", "salvat", "veill", "reproteg"),
    "loups.devorer": ("mang", "devor", "bouff", "croqu", "tue", "tuon", "attaqu", "egorg", "victim", "festin",
                      "repas", "diner", "proie", "menu", "vot", "meute"),
    "sorciere.guerison": ("sauv", "guer", "soign", "ressusc", "ranim", "reanim", "potion de vie",
                          "potion de soin", "potion de resurrection"),
    "sorciere.empoisonnement": ("empois", "poison", "potion de mort", "potion mortelle", "tue", "tuer"),
    "sorciere.charisme": ("charism",),
    "cupidon.amoureux": ("amour", "fleche", "couple", "marie", "unis", "cupid", "tourtereau", "elus", "coeur",
                         "destin", "lie"),
    "joueur_de_flute.charmer": ("charm", "flut", "melod", "ensorcel"),
    "loup_assommeur.assommer": ("assom", "asom", "massue", "gourdin", "matraq", "repos"),
    "chef_de_meute.mordre": ("mord", "morsure", "transform", "croc"),
    "maitre_vampire.mordre": ("mord", "morsure", "vampir", "sang", "croc"),
    "seigneur_loup.maudire": ("maudi", "maledict", "transform"),
    "seigneur_loup.rage": ("rage", "emmen", "entrain", "emport"),
    "berger.moutons": ("mouton", "brebis"),
    "malade.tomber_malade": ("malad",),
    "devin.designer": ("devin", "divin", "predi", "victim", "design", "tue", "mang", "devor"),
    "ange_gardien.proteger": ("proteg", "protec", "protej", "bucher", "veill"),
    "chaman.mauvais_oeil": ("mauvais oeil", "oeil", "vot comme", "envout"),
    "chaman.mauvaise_langue": ("mauvaise langue", "langue", "envout"),
    "enchanteur.endormir": ("endor", "sommeil", "berceus", "dodo", "dormi", "flut", "melod"),
    "chasseur.tirer": ("tir", "tue", "abat", "fusil", "balle", "flingu", "descend", "shoot", "emmen", "cartouch",
                       "bute"),
    "lapinou_garou.designer": ("sacrifi", "ma place", "design", "lapin"),
    "ancien.designer": ("design", "murmur", "souffl", "chuchot", "retir", "pouvoir"),
    "maire.successeur": ("success", "echarpe", "maire", "design", "legu", "transmet"),
    "bouc_emissaire.votants": ("vot", "design", "droit"),
}  # fmt: skip

VERBS = tuple(
    replace(verb, keywords=KEYWORDS.get(verb.power, ()), bare=verb.power == "loups.devorer") for verb in VERBS
)


HELP: dict[str, str] = {
    "voyante.sonder": "Voyante : découvrir le rôle de NOM.",
    "salvateur.proteger": "Salvateur : protéger NOM des loups cette nuit (moi possible).",
    "loups.devorer": "Loups-garous : la victime du festin (le dernier MP d'un loup compte).",
    "sorciere.guerison": "Sorcière : sauver la victime des loups (ou !sorciere.guerison NOM).",
    "sorciere.empoisonnement": "Sorcière : empoisonner NOM.",
    "sorciere.charisme": "Sorcière : le vote de NOM comptera double au prochain bûcher.",
    "cupidon.amoureux": "Cupidon : les deux amoureux (moi possible).",
    "joueur_de_flute.charmer": (
        "Joueur de flûte : charmer une ou deux personnes (personne : ne charmer personne cette nuit)."
    ),
    "loup_assommeur.assommer": "Loup assommeur : NOM ne pourra pas agir cette nuit.",
    "chef_de_meute.mordre": "Chef de meute : commencer la transformation de NOM en loup.",
    "maitre_vampire.mordre": "Maître-Vampire : tenter de vampiriser une ou deux personnes.",
    "seigneur_loup.maudire": "Seigneur Loup : maudire NOM, qui deviendra loup-garou.",
    "seigneur_loup.rage": "Seigneur Loup : condamné au bûcher, entraîner NOM avec vous.",
    "berger.moutons": ("Berger : un mouton devant chaque demeure (moi : devant chez vous ; personne : aucun mouton)."),
    "malade.tomber_malade": "Malade : tomber malade à partir de maintenant.",
    "devin.designer": "Devin : NOM sera la victime des loups.",
    "ange_gardien.proteger": "Ange-Gardien : protéger NOM du bûcher.",
    "chaman.mauvais_oeil": "Chaman : NOM1 et NOM2 voteront comme vous au prochain bûcher.",
    "chaman.mauvaise_langue": "Chaman : NOM1 et NOM2 devront s'accuser l'un l'autre.",
    "enchanteur.endormir": "Enchanteur : endormir NOM cette nuit.",
    "chasseur.tirer": "Chasseur : à votre mort, tirer sur NOM.",
    "lapinou_garou.designer": "Lapinou-Garou : le loup NOM meurt à votre place.",
    "ancien.designer": "Ancien : à votre mort au bûcher, NOM perd ses pouvoirs.",
    "maire.successeur": "Maire : NOM sera votre successeur.",
    "bouc_emissaire.votants": "Bouc-émissaire : ceux qui voteront au prochain bûcher.",
}
"""What each power does, in the players' words (the role card shows it beside :func:`canonical`)."""
