"""How players of `citadelles` ask the MJ, by MP: the role and powers chosen on J0's evening, the wolves'
target and killer, the scientists' projects, the fighters' powers, the lone survivor's post.

Power ids are in SPEC.md. The project verbs are generated from the annex's table (`projects.py`):
`sf.lancer.<projet>`, `sf.utiliser.<projet>` (a player, or none) and `sf.utiliser.<projet>.<citadelle>`.
This first increment reads the usual wordings and the canonical forms; the MP corpus comes next."""

from __future__ import annotations

from ....vocabulary import Verb, fold
from .projects import CIT_ANY, CITADEL_TARGETS, NONE, OWN, OWN_CITADEL, PROJECTS, Project
from .roles import CB, CITADEL_NAMES, CITADELS, CM, CS, GM, POWER_NAMES, POWERS, SF

_ROLE_WORDS = {
    SF: "(scientifique|sf)",
    GM: "(gardien des murs|gardienne des murs|gardien|gardienne|gm)",
    CB: "(combattant|combattante|cb|valkyrie|samouraï|guerrier|guerrière|chevalier)",
    CM: "(combattant-mur|combattant mur|combattante-mur|combattante mur|cm|viking|ninja|soldat|archer|archère)",
    CS: "(combattant-science|combattant science|combattante-science|combattante science|cs|valkyrie|samouraï"
    "|guerrier|guerrière|chevalier)",
}
_POST = "[le poste de|le rôle de|le poste|le rôle|être]"
# Word stems that name a post or a power wherever they stand (the free reader): « Combattant, pouvoirs
# supervoix et intendant », « je serai combattante, avec annulation ».
_ROLE_KEYS = {SF: ("scientifique", "sf"), GM: ("gardien", "gardienne", "gm"), CB: ("combattant", "cb")}
_ROLE_KEYS |= {
    CM: ("combattant mur", "cm", "viking", "ninja", "soldat", "archer", "archere"),
    CS: ("combattant science", "cs"),
}
_POWER_KEYS = {p: (p,) for p in POWERS} | {"supervoix": ("supervoix", "super voix")}
_POWER_WORDS = {p: f"({POWER_NAMES[p].lower()}|{p})" for p in POWERS} | {
    "supervoix": "(supervoix|super voix|super-voix)"
}
_CITADEL_WORDS = {
    "nord": "[la citadelle] (du nord|le nord|nord|örchnoung)",
    "est": "[la citadelle] (de l'est|l'est|säkoura)",
    "sud": "[la citadelle] (du sud|le sud|sud|bïbiloune)",
    "ouest": "[la citadelle] (de l'ouest|l'ouest|ouest|tribüdouduna)",
    OWN_CITADEL: "(nous|nous-mêmes|notre citadelle|ma citadelle|chez nous|nous même)",
}
_ALIASES = {
    "radar_longue_portee": "(radar longue portée|radar)",
    "canon_a_particules": "(canon à particules|canon)",
    "espionnage_industriel": "(espionnage industriel|espionnage)",
    "chant_des_sirenes": "(chant des sirènes|sirènes)",
    "restauration_de_la_confiance": "restauration de la confiance",
}


# The words that name a project wherever they stand, for the free reader (folded): a bare « Mutisme ambiant »
# at night is its launch. Only the names of several words: a lone « recensement » or « canon » in chatter or
# beside another order (« le projet en cours (connaissance) ») is no launch.
def _keywords(project: Project) -> tuple[str, ...]:
    key = fold(project.name).replace("-", " ")
    return (key,) if " " in key or project.target == NONE else ()


def _name(project: Project) -> str:
    return _ALIASES.get(project.id, project.name.lower())


def _zero(power: str, phrases: tuple[str, ...], keywords: tuple[str, ...] = ()) -> Verb:
    return Verb(power, phrases, min_targets=0, max_targets=0, keywords=keywords)


_UNIQUE: dict[str, Project] = {}  # every project id once (the North's SABOTAGE stands for all four)
for _table in PROJECTS.values():
    for _pid, _project in _table.items():
        _UNIQUE.setdefault(_pid, _project)


# « Je lance X sur Y »: the launch and the use in one order (RULINGS R10d). The same phrase is a phrase of
# both verbs, so the reader keeps both (`Verb.together`); the launch takes no name.
_LAUNCH = "(je|on) (lance|démarre|commence) [le|les|la] [projet]"
_USE = "(j'utilise|j'active|je déclenche|utilisation de|je me sers de|je me sers du) [le|les|la] [projet]"
_AIM_PLAYER = "(sur|contre|pour|:|pour protéger|pour sauver|pour voir|, cible :|cible :)"
# « Projet explosif chargé, je l'utilise sur Kévin »: the charge told, then the use (no launch).
_CHARGED = "[le] [projet] {name} [est] chargé [à 100 %|à fond] [,|:|.|!|donc]"
_THEN = "(je l'utilise|on l'utilise|je le mets|on le met|je m'en sers|on s'en sert|je l'active|j'active)"
# The project standing used by its pronoun (« je démarre Sabotage et je le balance direct sur l'Ouest »).
_PRONOUN_USE = (
    "je (le|la|les) (balance|envoie|mets|lance|tire|vise) [direct|directement|tout de suite|dans la foulée|aussitôt]"
)
# A project's own verb (EXPLOSIF: « je fais exploser Kévin »).
_SPECIAL = {
    "explosif": ("je (fais|vais faire) (exploser|sauter|péter) {cible}",),
    "canon_a_particules": ("je (tire|fais feu) sur {cible}",),
}
_AIM_CITADEL = "(sur|contre|vers|pour|:|, cible :|cible :)"


def _projects() -> list[Verb]:
    verbs: list[Verb] = []
    for pid, project in _UNIQUE.items():
        name = _name(project)
        launch_uses: list[str] = []
        uses: list[Verb] = []
        if project.passive:
            pass
        elif project.target in CITADEL_TARGETS:
            aims = [*CITADELS, OWN_CITADEL] if project.target == CIT_ANY else list(CITADELS)
            for citadel in aims:
                place = _CITADEL_WORDS[citadel]
                both = f"{_LAUNCH} {name} [cette nuit] {_AIM_CITADEL} {place}"
                launch_uses.append(both)
                uses.append(
                    _zero(
                        f"sf.utiliser.{pid}.{citadel}",
                        (
                            f"{_USE} {name} [cette nuit] {_AIM_CITADEL} {place}",
                            f"[le|les|la] [projet] {name} [cette nuit] (sur|contre|:) {place}",
                            both,
                        ),
                    )
                )
        elif project.target == NONE:
            uses.append(
                _zero(
                    f"sf.utiliser.{pid}",
                    (
                        f"{_USE} {name}",
                        f"[le|les] [projet] {name} [,|:] (je l'utilise|on l'utilise|je les utilise|on les utilise"
                        "|j'active|je l'active|on l'active|je le déclenche)",
                        f"{_CHARGED.format(name=name)} {_THEN}",
                    ),
                )
            )
        else:
            both = f"{_LAUNCH} {name} [cette nuit] {_AIM_PLAYER} {{cible}}"
            launch_uses.append(both)
            own = project.target == OWN
            uses.append(
                Verb(
                    f"sf.utiliser.{pid}",
                    (
                        f"{_USE} {name} [cette nuit] {_AIM_PLAYER} {{cible}}",
                        f"[le|la|les] [projet] {name} [cette nuit] (sur|contre|pour|:) {{cible}}",
                        f"{_CHARGED.format(name=name)} {_THEN} (sur|contre|pour) {{cible}}",
                        *_SPECIAL.get(pid, ()),
                        *(f"{_CHARGED.format(name=name)} {special}" for special in _SPECIAL.get(pid, ())),
                        both,
                        *((f"[le|la|les] [projet] {name} (pour|sur) moi {{moi}}",) if own else ()),
                        *((f"{_LAUNCH} {name} (pour|sur) moi {{moi}}",) if own else ()),
                    ),
                )
            )
            if own:
                launch_uses.append(f"{_LAUNCH} {name} (pour|sur) moi {{moi}}")
        verbs.append(
            Verb(
                f"sf.lancer.{pid}",
                (
                    f"{_LAUNCH} {name}",
                    f"nous (lançons|démarrons|commençons) [le|les] [projet] {name}",
                    f"lancement [du|de la] [projet] {name}",
                    f"[le|mon|notre|premier|1er] projet [:] {name}",
                    f"(on|nous) (prend|prenons) [le|la|les] [projet] {name}",
                    f"je (veux|choisis|prends) [le|la|les] [projet] {name}",
                    f"[le|les] [projet] {name} [,|:] (je le lance|on le lance|je les lance|on les lance|lancement)",
                    f"(je|on) (pars|part|passe|partons|passons) (sur|à) [le|les|la] [projet] {name}",
                    *launch_uses,
                ),
                min_targets=0,
                max_targets=0,
                keywords=_keywords(project),
                together=tuple(u.power for u in uses),
            )
        )
        verbs.extend(uses)
    return verbs


def _j0() -> list[Verb]:
    verbs = []
    for role, words in _ROLE_WORDS.items():
        verbs.append(
            _zero(
                f"habitant.{role}",
                (
                    f"je (prends|choisis|veux|serai|demande|deviens) {_POST} [le|la] {words}",
                    # as players type it fast: « jveux etre CS », « jprends GM »
                    f"(jprends|jchoisis|jveux|jserai|jdemande|jdeviens) {_POST} [le|la] {words}",
                    f"(poste|rôle) : {words}",
                    f"{words} pour moi",
                    f"{words} (stp|svp|merci)",
                    *(("je (garde|garderai|prends|prendrai|surveille) les murs",) if role == GM else ()),
                ),
                keywords=_ROLE_KEYS[role],
            )
        )
    for power, words in _POWER_WORDS.items():
        verbs.append(
            _zero(
                f"habitant.{power}",
                (
                    f"[je (prends|choisis)] [le|mon] (pouvoir|pouvoirs) [:] {words}",
                    f"{words} comme pouvoir",
                    f"et [le pouvoir] {words}",
                    f"je (prends|choisis) {words}",
                    f"avec [le pouvoir|les pouvoirs] {words}",
                ),
                keywords=_POWER_KEYS[power],
            )
        )
    return verbs


def _fighters() -> list[Verb]:
    verbs = [
        _zero(
            f"{role}.annuler",
            (
                "j'utilise [mon pouvoir] annulation",
                "j'utilise mon pouvoir d'annulation",
                "j'annule le projet [en cours|de ma citadelle]",
                "je veux annuler le projet",
                "annulation du projet",
                "je détruis le projet de ma citadelle avec mon pouvoir",
            ),
            keywords=("annulation", "annule"),
        )
        for role in (CB, CM, CS)
    ]
    # ÉCHANGE is always with « le gardien des murs de sa citadelle »: a name written adds nothing (no target).
    gm = "[le|la] (gardien|gardienne|gm) [des murs]"
    swap = "(j'échange|je veux échanger|on échange|échange|échanger) [mon rôle|de rôle|ma place|de poste|les rôles]"
    verbs.append(
        _zero(
            "cm.echanger",
            (
                f"{swap} [encore] avec {gm}",
                f"{swap} [encore] avec {{cible}}",
                "j'utilise [mon pouvoir] échange",
                "[mon] pouvoir [d'] échange [:] (oui|go|activé|je l'utilise|cette nuit)",
                f"j'utilise [mon pouvoir] échange [,|et|donc] (je deviens|je passe) {gm}",
                f"{swap} avec {{cible}} [,|et|donc] (je deviens|je passe) {gm}",
            ),
        )
    )
    for role in (SF, GM, CB, CM, CS):
        for post in (SF, GM):
            words = _ROLE_WORDS[post]
            verbs.append(
                _zero(
                    f"{role}.poste_{post}",
                    (
                        f"je (vais|pars|passe) [au] poste [de] {words}",
                        f"je (deviens|reste) {words}",
                        f"je choisis le poste [de] {words}",
                        f"je (prends|veux|choisis) [le poste de|le poste|être] [le|la] {words}",
                        f"je (passe|veux devenir) [le|la] {words}",
                        f"je (prends|veux|choisis) la place (de|du|des) [le|la] {words}",
                    ),
                )
            )
    return verbs


VERBS: tuple[Verb, ...] = (
    Verb(
        "loups.attaquer",
        (
            "(nous|on) (attaquons|attaque|mangeons|mange|dévorons|dévore|tuons|tue|ciblons|cible) {cible}",
            "notre (cible|victime) (est|sera|:) {cible}",
            "(j'attaque|je tue|je mange|je dévore|je croque) {cible}",
            "(cible|victime) [des loups] [:] {cible}",
            "(les loups|la meute) (ciblent|attaquent|mangent|dévorent|tuent) {cible}",
            "(nous|on) (prenons|prend) {cible}",
            "{cible} (comme|en) (cible|victime)",
            "(je veux que|que) (les loups|la meute) (mangent|attaquent|dévorent|tuent|ciblent) {cible}",
        ),
        # « Mathis tue Océane »: the killer's phrase takes Mathis, the verb's word the victim after it.
        keywords=("tue", "tuera", "mange", "mangera", "attaque", "attaquera", "devore", "croque", "bouffe"),
        bare=True,
    ),
    Verb(
        "loups.tueur",
        (
            "{cible} (sera|est) [le|notre] tueur",
            "{cible} (tue|tuera|attaque|attaquera)",
            "je m'en (charge|occupe) {moi}",
            "(c'est|ce sera) {cible} qui (attaque|attaquera)",
            "[le] tueur [sera|est|:] {cible}",
            "(c'est|ce sera) {cible} qui (tue|tuera)",
            "(c'est|ce sera) moi [le] (tueur|qui tue|qui tuera) {moi}",
            "(je suis|je serai|jsuis|jserai) [le|la] (tueur|tueuse) {moi}",
            "(c'est|ce sera) {cible} qui s'en (charge|occupe)",
            "(c'est|c|cest|ce sera) moi qui (tue|tuerai|tuera|attaque|attaquerai|mange) {moi}",
            "{cible} (comme|en) (tueur|tueuse)",
            "{cible} s'en (charge|occupe|chargera|occupera)",
            "(c'est|ce sera) moi [la] (tueuse|qui m'en charge|qui m'en occupe) {moi}",
        ),
    ),
    Verb(
        "sf.utiliser",
        (
            "je l'utilise (sur|contre|pour) {cible}",
            f"{_PRONOUN_USE} (sur|contre) {{cible}}",
            "je m'en sers (sur|contre|pour) {cible}",
            "j'utilise (mon|le|notre) projet (sur|contre|pour) {cible}",
            "je l'utilise (tout de suite|dans la foulée|directement|aussitôt|cette nuit)",
            "je l'utilise [tout de suite|dans la foulée|directement|aussitôt] (sur|pour) moi {moi}",
            "j'utilise (mon|le|notre) projet [en cours]",
        ),
        min_targets=0,
        max_targets=1,
    ),
    *(
        _zero(
            f"sf.viser.{c}",
            (
                f"je l'utilise (sur|contre|vers) {_CITADEL_WORDS[c]}",
                f"{_PRONOUN_USE} (sur|contre|vers) {_CITADEL_WORDS[c]}",
                f"j'utilise (mon|le|notre) projet (sur|contre) {_CITADEL_WORDS[c]}",
            ),
        )
        for c in (*CITADELS, OWN_CITADEL)
    ),
    _zero(
        "sf.detruire",
        (
            "je détruis [le|les] [projet] (en cours|actuel|courant)",
            "je détruis (mon|notre) projet [en cours|actuel]",
            "destruction du projet [en cours]",
            "(j'abandonne|on abandonne|on détruit|nous détruisons) [le|notre|mon] projet [en cours|actuel|courant]",
            *(
                f"(je détruis|on détruit|nous détruisons|j'abandonne|on abandonne) [le|les|la] [projet] {_name(p)}"
                for p in _UNIQUE.values()
            ),
        ),
    ),
    *_j0(),
    *_projects(),
    *_fighters(),
)

HELP: dict[str, str] = {
    "loups.attaquer": "La cible villageoise vivante de la meute cette nuit (jamais un loup).",
    "loups.tueur": "Le loup désigné comme tueur de la nuit (sans tueur, celui qui a envoyé la cible).",
    "sf.utiliser": "Utiliser le projet en cours (ou celui lancé cette nuit) sans le nommer.",
    "sf.detruire": "Détruire le projet en cours, chargé à 100 % (lance alors un autre projet la même nuit).",
    "cm.echanger": "ÉCHANGE : échanger ton rôle avec le gardien des murs de ta citadelle (à l'aube).",
}
HELP.update(
    {
        f"{r}.annuler": "ANNULATION : détruire le projet en cours de ta citadelle (une fois par partie)."
        for r in (CB, CM, CS)
    }
)
HELP.update(
    {f"habitant.{r}": f"Demander le poste {r.upper()} dans ta citadelle (le soir du jour 0)." for r in _ROLE_WORDS}
)
HELP.update({f"habitant.{p}": f"Choisir le pouvoir {POWER_NAMES[p]} si tu es combattant." for p in POWERS})
_AIMED = {"nord": "le Nord", "est": "l'Est", "sud": "le Sud", "ouest": "l'Ouest", OWN_CITADEL: "notre citadelle"}
_PLACE = {c: CITADEL_NAMES[c] for c in CITADELS} | {OWN_CITADEL: "ta propre citadelle"}
_ROLE_EXAMPLES = {
    SF: "scientifique",
    GM: "gardien des murs",
    CB: "combattant",
    CM: "combattant-mur",
    CS: "combattant-science",
}
# Each power's example, shown on the role cards (a test reads each one as its power, exactly). The names
# are the examples' own (Marc, Zoé, Hugo), as a player writes them.
EXAMPLES: dict[str, str] = {
    "loups.attaquer": "Nous attaquons Zoé.",
    "loups.tueur": "Le tueur sera Hugo.",
    "sf.utiliser": "Je lance le projet explosif et je l'utilise sur Marc.",
    "sf.detruire": "Je détruis le projet en cours et je lance le projet radio.",
    "cm.echanger": "J'échange mon rôle avec le gardien des murs.",
}
EXAMPLES.update({f"{r}.annuler": "J'utilise mon pouvoir annulation." for r in (CB, CM, CS)})
EXAMPLES.update({f"habitant.{r}": f"Je prends le poste de {w}." for r, w in _ROLE_EXAMPLES.items()})
EXAMPLES.update({f"habitant.{p}": f"Pouvoir : {POWER_NAMES[p].lower()}" for p in POWERS})
EXAMPLES.update({f"sf.viser.{c}": f"J'utilise mon projet sur {_AIMED[c]}." for c in (*CITADELS, OWN_CITADEL)})
for _pid, _project in _UNIQUE.items():
    _called = _project.name.lower()
    if _project.passive or _project.target == NONE:
        EXAMPLES[f"sf.lancer.{_pid}"] = f"Je lance le projet {_called}."
        HELP[f"sf.lancer.{_pid}"] = f"Lancer le projet {_project.name} [{_project.need}]."
        if not _project.passive:
            EXAMPLES[f"sf.utiliser.{_pid}"] = f"J'utilise le projet {_called}."
            HELP[f"sf.utiliser.{_pid}"] = f"Utiliser le projet {_project.name}, chargé."
        continue
    if _project.target in CITADEL_TARGETS:
        _example = f"Je lance le projet {_called} sur l'Ouest."
        for _c in (*CITADELS, OWN_CITADEL) if _project.target == CIT_ANY else CITADELS:
            EXAMPLES[f"sf.utiliser.{_pid}.{_c}"] = f"J'utilise le projet {_called} sur {_AIMED[_c]}."
            HELP[f"sf.utiliser.{_pid}.{_c}"] = f"Utiliser le projet {_project.name}, chargé, sur {_PLACE[_c]}."
    else:
        _example = f"Je lance le projet {_called} sur Marc."
        EXAMPLES[f"sf.utiliser.{_pid}"] = f"J'utilise le projet {_called} sur Marc."
        HELP[f"sf.utiliser.{_pid}"] = f"Utiliser le projet {_project.name}, chargé, sur un joueur."
    EXAMPLES[f"sf.lancer.{_pid}"] = f"Je lance le projet {_called}."
    HELP[f"sf.lancer.{_pid}"] = (
        f"Lancer le projet {_project.name} [{_project.need}] ; « {_example} » le lance et l'utilise la même nuit."
        if _project.need <= 1
        else f"Lancer le projet {_project.name} [{_project.need}] ; il ne sert qu'une fois chargé : « {_example} »"
        " le lance, et son utilisation est refusée cette nuit-là."
    )
for _verb in VERBS:
    _parts = _verb.power.split(".")
    if _parts[1].startswith("poste_"):
        _post = _parts[1][-2:]
        HELP[_verb.power] = f"Dernier habitant vivant de ta citadelle : prendre le poste {_post.upper()}."
        EXAMPLES[_verb.power] = f"Je vais au poste de {_ROLE_EXAMPLES[_post]}."
    elif _parts[:2] == [SF, "viser"]:
        HELP[_verb.power] = f"Utiliser le projet en cours, sans le nommer, sur {_PLACE[_parts[2]]}."
