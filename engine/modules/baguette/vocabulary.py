"""How players of a `baguette` game write their votes and the Magicien's choices by MP: the verbs read by
:func:`meneur.parsers.actions.find_actions`, added to the base rule set's.

Canonical forms (always understood, alone on their line): ``!baguette.vote NOM``, ``!baguette.blanc``,
``!baguette.election NOM``, ``!baguette.successeur NOM1, NOM2, NOM3``, ``!baguette.testament NOM1, …``,
``!baguette.double_voix``, ``!baguette.immunite NOM``, ``!baguette.protection NOM``, ``!baguette.copie NOM``,
``!baguette.suspicion NOM, RÔLE``, ``!baguette.piege NOM`` (``moi``), ``!baguette.chaperon``,
``!baguette.recrutement NOM``, ``!baguette.egalite NOM``."""

from __future__ import annotations

from collections.abc import Mapping

from ....vocabulary import Verb, fold
from .common import NAMED_CHARACTERS, role_variants

_CHOIX = "[je (choisis|prends|veux|voudrais|utilise|demande)] [le pouvoir] [:]"


def _numero(n: str) -> str:
    """« le pouvoir 4 », « pouvoir n° 4 », « pouvoir numéro 4 »: the file numbers its powers 1) … 6)."""
    return f"[je (choisis|prends|veux|utilise)] [le] pouvoir [n°|n|no|numero] {n}"


def verbs(role_names: Mapping[str, str]) -> tuple[Verb, ...]:
    """The module's verbs; ``role_names`` (the base's role id → French name) spell the suspicion's roles, and
    the characters the rule file names for the MJ to declare (« le petit Chaperon rouge », « la Bête »…)."""
    roles: list[tuple[str, str]] = [*NAMED_CHARACTERS, *role_variants(role_names)]
    for role, name in role_names.items():
        roles.append((name, role))
        roles.append((role.replace("_", " "), role))
        roles.append((fold(name).replace("-", " "), role))
    return (
        Verb(
            "baguette.vote",
            (
                "je vote contre {cible}",
                "[mon] vote [:] contre {cible}",
                "mon vote (va|ira) contre {cible}",
                "je (mets|donne) ma voix contre {cible}",
                "vote bucher [:] {cible}",
                "[mon] vote [:] {cible}",
                "[mon] vote du jour [:] [contre] {cible}",
                "[vote] [au|pour le] bucher [:] {cible}",
                "je vote {cible}",
                "[pour le bucher] je vote [contre] {cible}",
                "contre {cible} [aussi]",
            ),
            keywords=("vote contre", "mon vote"),
        ),
        Verb(
            "baguette.blanc",
            (
                "je vote blanc",
                "[mon] vote [:] blanc",
                "vote blanc",
                "je (fais|mets) un vote blanc",
                "[vote] [au|pour le] bucher [:] blanc",
            ),
            min_targets=0,
            max_targets=0,
            keywords=("blanc",),
        ),
        Verb(
            "baguette.election",
            (
                "je vote pour {cible} comme magicien",
                "je vote pour {cible} pour [le] magicien",
                "je vote pour {cible} pour la baguette",
                "je vote {cible} (comme|pour) magicien",
                "{cible} (comme|pour) magicien",
                "{cible} pour la baguette",
                "[mon] vote pour [le] magicien [:] {cible}",
                "magicien : {cible}",
                "je vote pour {cible}",
                # J1's second round, beside the pyre's vote in the same MP
                "[pour le] (2e|2eme|deuxieme|second|2nd) tour [,] [:] [je vote] [pour] {cible}",
            ),
            keywords=("magicien",),
        ),
        Verb(
            "baguette.successeur",
            (
                "[mon] successeur [est|sera] [:] {cible}",
                "[mes] successeurs [sont|seront] [:] {cible}",
                "[mon|mes] (succ|succs) [:] {cible}",
                "[mes] successeurs par ordre de preference [:] {cible}",
                "[mes] successeurs [par ordre de preference] [:] 1 [.] {cible} 2 [.] {cible} [3 [.] {cible}]",
                "je (donne|transmets|passe|confie) la baguette a {cible} [,] sinon [a] {cible} [[,] sinon [a] {cible}]",
                "je (designe|choisis|nomme) {cible} comme successeur",
                "je (donne|transmets|passe|confie) la baguette a {cible}",
                "la baguette (a|pour) {cible}",
            ),
            max_targets=3,
            keywords=("successeur",),
        ),
        Verb(
            "baguette.testament",
            (
                "[mon] testament [:] {cible}",
                "je (legue|laisse) la baguette a {cible}",
                "en cas de mort la baguette a {cible}",
            ),
            max_targets=3,
            keywords=("testament",),
        ),
        Verb(
            "baguette.double_voix",
            (
                f"{_CHOIX} [la] double voix",
                "je reste (sur|a) [la] double voix",
                "pouvoir [:] double voix",
                "je (garde|conserve) [la] double voix",
                _numero("(1|un)"),
            ),
            min_targets=0,
            max_targets=0,
            keywords=("double voix",),
        ),
        Verb(
            "baguette.immunite",
            (
                f"{_CHOIX} [l'] immunite (pour|sur|a) {{cible}}",
                "j'immunise {cible}",
                "je m'immunise {moi}",
                "je rends {cible} immunise",
                "immuniser {cible}",
                f"{_numero('(2|deux)')} [,] (pour|sur|:) {{cible}}",
            ),
            keywords=("immunite", "immunise"),
        ),
        Verb(
            "baguette.protection",
            (
                "je protege {cible} de toute action",
                f"{_CHOIX} [la] protection (totale|de toute action) (pour|sur|de) {{cible}}",
                "pouvoir [3|trois] [:] protection (pour|sur|de) {cible}",
                f"{_numero('(3|trois)')} [,] (pour|sur|:) {{cible}}",
                "protection magique (pour|sur|de) {cible}",
                # the Salvateur's words (classique): the same phrase, the sender's own power decides
                "je protege {cible}",
                "[ma|la] protection (pour|sur|de) {cible}",
            ),
            keywords=("toute action", "protection magique"),
        ),
        Verb(
            "baguette.copie",
            (
                "je copie [l'etat de] {cible}",
                f"{_CHOIX} [la] copie [de] [l'etat de] {{cible}}",
                "copier [l'etat de] {cible}",
                f"{_numero('(4|quatre)')} [,] (pour|sur|:) {{cible}}",
            ),
            keywords=("copie", "copier"),
        ),
        Verb(
            "baguette.suspicion",
            (
                "je soupconne {cible} d'etre {cible}",
                f"{_CHOIX} [la] suspicion [:] {{cible}} (est|serait|=|:) [le|la] {{cible}}",
                "je pense que {cible} est [le|la] {cible}",
                "verifier [ma] suspicion [:] {cible} (est|:) [le|la] {cible}",
                "suspicion (sur|de) {cible} [,] [je pense|je crois] (qu'il|qu'elle|il|elle) est [le|la|un|une] {cible}",
                "[je veux] verifier que {cible} est [le|la|un|une] {cible}",
                f"{_numero('(5|cinq)')} [,] (pour|sur|:) {{cible}} [(est|=|:)] [le|la|un|une] {{cible}}",
            ),
            min_targets=2,
            max_targets=2,
            keywords=("soupconne", "suspicion"),
            words=tuple(roles),
            slots=("NOM", "RÔLE"),
        ),
        Verb(
            "baguette.piege",
            (
                "je (pose|depose|place|mets) [un] piege (devant|chez|devant chez|sur|devant la maison de) {cible}",
                "je (pose|depose|place|mets) [un] piege devant (chez moi|ma maison|ma porte)",
                "piege (devant|chez|devant chez|sur) {cible}",
                f"{_numero('(6|six)')} [,] (devant|chez|devant chez|sur|pour|:) {{cible}}",
            ),
            keywords=("piege",),
        ),
        Verb(
            "baguette.chaperon",
            (
                "je rends le [petit] chaperon rouge devorable",
                "[le] [petit] chaperon rouge devorable",
                "chaperon rouge devorable",
            ),
            min_targets=0,
            max_targets=0,
            keywords=("chaperon",),
        ),
        Verb(
            "baguette.recrutement",
            ("je recrute {cible}", "recrutement [de|:] {cible}", "recruter {cible}"),
            keywords=("recrute",),
        ),
        Verb(
            "baguette.egalite",
            (
                "je (choisis|designe) {cible} pour le bucher",
                "victime du bucher [:] {cible}",
                "je tranche pour {cible}",
                "egalite [:] {cible}",
                "pour l'egalite [au bucher] [,] je (choisis|designe|prends) {cible}",
                "je tranche [:] {cible} [au bucher]",
                "pour le bucher [,] je (choisis|designe|prends) {cible}",
            ),
            keywords=("tranche",),
        ),
    )


HELP: dict[str, str] = {
    "baguette.vote": "Voter contre NOM au bûcher, par MP au meneur avant 22h00 (le dernier MP compte).",
    "baguette.blanc": "Voter blanc (sans vote, vous avez une voix contre vous-même).",
    "baguette.election": "Élire NOM Magicien (jour 0, et 2ème tour au jour 1 en cas d'égalité).",
    "baguette.successeur": "Magicien : jusqu'à 3 successeurs par ordre de préférence, chaque nuit avant 21h00.",
    "baguette.testament": "Magicien : à qui va la Baguette si vous mourez (modifiable).",
    "baguette.double_voix": "Magicien : votre voix compte double au bûcher (pouvoir par défaut).",
    "baguette.immunite": "Magicien : NOM ne peut pas mourir au bûcher du jour (1 fois, pas vous-même).",
    "baguette.protection": "Magicien : NOM est protégé cette nuit de toute action (1 fois, pas vous-même).",
    "baguette.copie": "Magicien : copier l'état de NOM (indévorable, chasseur, protégé du chasseur, bloqué ; 1 fois).",
    "baguette.suspicion": "Magicien : vérifier si NOM a le rôle RÔLE, réponse à la fin de la nuit (1 fois).",
    "baguette.piege": "Magicien : piège devant chez NOM (ou vous) : le 1er qui agit sur lui est bloqué"
    " et nommé (1 fois).",
    "baguette.chaperon": "Magicien-LG : le petit Chaperon rouge devient dévorable cette nuit (1 fois, en plus).",
    "baguette.recrutement": "Magicien-LG : NOM devient Loup-Garou et rejoint l'antre la nuit suivante"
    " (1 fois, en plus).",
    "baguette.egalite": "Magicien : après une égalité au bûcher, la victime choisie avant la fin de la nuit.",
}

EXAMPLES: dict[str, str] = {
    "baguette.vote": "Je vote contre Boris",
    "baguette.blanc": "Je vote blanc",
    "baguette.election": "Je vote pour Lucie comme magicien",
    "baguette.successeur": "Mon successeur : Paul, Zoé, Marc",
    "baguette.testament": "Testament : Zoé, Paul",
    "baguette.double_voix": "Je choisis la double voix",
    "baguette.immunite": "Je choisis l'immunité pour Lucie",
    "baguette.protection": "Je protège Lucie de toute action",
    "baguette.copie": "Je copie l'état de Boris",
    "baguette.suspicion": "Je soupçonne Boris d'être voyante",
    "baguette.piege": "Je pose un piège devant chez Boris",
    "baguette.chaperon": "Je rends le petit Chaperon rouge dévorable",
    "baguette.recrutement": "Je recrute Paul",
    "baguette.egalite": "Je choisis Boris pour le bûcher",
}
