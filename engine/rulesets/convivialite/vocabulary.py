"""How players of `convivialite` ask the MJ for each power, by MP: the verbs read by
:func:`meneur.parsers.actions.find_actions`.

Canonical forms (always understood, alone on their line; the same texts are in :data:`HELP`):

- ``!amoureux.aduler NOM`` — Amoureux : N1, NOM devient ton adulé.
- ``!amoureux.decouvrir`` — Amoureux du village : N2, découvrir le camp de ton adulé.
- ``!loups.inviter NOM1, NOM2`` — Loup : N1, ton coupon d'invitation pour deux joueurs.
- ``!loups.griffer NOM`` — Loup : griffer NOM (griffure gagnée N1, ou la Sorcière loup seule).
- ``!loups.vote_secret NOM`` — Loup Amoureux (et son adulé) : le vote privé du jour.
- ``!sorciere.potion NOM`` — Sorcière du village : à partir de la N3, la potion de mort sur NOM.
- ``!traqueur.scanner NOM`` — Traqueur : découvrir le rôle de NOM, mort ou vivant.

Answers to the MJ's questions (the wolf's role, an invitation accepted or refused, the wolf's pick
between two accepted invitations, a role taken by the Traqueur) go through `meneur answer` or the MJ's
page, with the question ids of RULINGS.md.
"""

from __future__ import annotations

from dataclasses import replace

from ....vocabulary import Verb

_VEUX = "(veux|voudrais|vais|souhaite|souhaiterais|aimerais|désire|compte|préfère|choisis de|décide de)"

VERBS: tuple[Verb, ...] = (
    Verb(
        "amoureux.aduler",
        (
            "j'(adule|adulerai|adore|choisis) {cible} [comme adulé|comme adulée|pour adulé|pour adulée]",
            f"je {_VEUX} aduler {{cible}}",
            "(mon|ma) (adulé|adulée|adulé·e) (est|sera|:) {cible}",
            "(adulé|adulée) : {cible}",
            "je tombe amoureux de {cible}",
            "je tombe amoureuse de {cible}",
        ),
    ),
    Verb(
        "amoureux.decouvrir",
        (
            f"je {_VEUX} (découvrir|connaître|savoir) le camp de (mon|ma) (adulé|adulée)",
            "je (découvre|regarde) le camp de (mon|ma) (adulé|adulée)",
            "(découvrir|connaître) le camp de (mon|ma) (adulé|adulée)",
        ),
        min_targets=0,
        max_targets=0,
    ),
    Verb(
        "loups.inviter",
        (
            "j'(invite|inviterai) {cible}",
            f"je {_VEUX} inviter {{cible}}",
            "(mes|les) (invitations|invités) (sont pour|vont à|pour|sont|:) {cible}",
            "[mon|le] coupon (pour|sur|:) {cible}",
            "(invitation|invitations) (pour|à|:) {cible}",
        ),
        min_targets=2,
        max_targets=2,
    ),
    Verb(
        "loups.griffer",
        (
            "je (griffe|grifferai|lacère) {cible}",
            f"je {_VEUX} griffer {{cible}}",
            "[ma|la] griffure (pour|sur|:) {cible}",
            "griffer : {cible}",
        ),
    ),
    Verb(
        "loups.vote_secret",
        (
            "[mon|le] vote (secret|privé) (contre|pour|sur|:|est contre|va contre) {cible}",
            "je vote (secrètement|en secret) contre {cible}",
            "en secret je vote contre {cible}",
        ),
    ),
    Verb(
        "sorciere.potion",
        (
            "[ma|la] potion [de mort|mortelle|de la mort] (sur|pour|contre|à|:) {cible}",
            "j'(empoisonne|empoisonnerai) {cible}",
            f"je {_VEUX} empoisonner {{cible}}",
            "je (lance|jette|verse) ma potion (sur|à|contre) {cible}",
        ),
    ),
    Verb(
        "traqueur.scanner",
        (
            "je (scanne|scannerai|traque|sonde|piste) {cible}",
            f"je {_VEUX} (scanner|traquer|sonder|pister) {{cible}}",
            "(scan|sonde|sondage) (sur|pour|de|:) {cible}",
            "scanner : {cible}",
        ),
    ),
)

# Keywords: the words that name each power wherever they stand, for the free reader
# (meneur.parsers.freeform). Accents off, word beginnings.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "amoureux.aduler": ("adul", "ador", "amour", "coeur"),
    "amoureux.decouvrir": ("decouvr", "camp", "savoir si", "loup ou", "villageois ou"),
    "loups.inviter": ("invit", "coupon", "propos", "devenir loup", "rejoin", "recrut", "tent"),
    "loups.griffer": ("griff", "tue", "tuer", "attaqu"),
    "loups.vote_secret": ("vot", "secret"),
    "sorciere.potion": ("potion", "fiole", "empois", "poison", "tue", "tuer"),
    "traqueur.scanner": ("scan", "traqu", "sond", "pist", "regard", "espion", "role", "identite"),
}

VERBS = tuple(replace(verb, keywords=KEYWORDS.get(verb.power, ())) for verb in VERBS)


HELP: dict[str, str] = {
    "amoureux.aduler": "Amoureux : la N1, NOM devient ton adulé (tu ne pourras jamais voter contre lui).",
    "amoureux.decouvrir": "Amoureux du village : pendant la N2, découvrir le camp de ton adulé (à tes risques).",
    "loups.inviter": "Loup : pendant la N1, ton coupon d'invitation pour deux joueurs.",
    "loups.griffer": "Loup : griffer NOM, quand tu as une griffure utilisable cette nuit.",
    "loups.vote_secret": "Loup Amoureux (ou son adulé) : ton vote privé du jour, qui remplace ton vote public.",
    "sorciere.potion": "Sorcière du village : à partir de la N3, ta potion de mort sur NOM (une fois).",
    "traqueur.scanner": "Traqueur : découvrir le rôle de NOM, mort ou vivant.",
}

EXAMPLES: dict[str, str] = {
    "amoureux.aduler": "Mon adulé est Boris",
    "amoureux.decouvrir": "Je veux découvrir le camp de mon adulé",
    "loups.inviter": "J'invite Boris et Talen",
    "loups.griffer": "Je griffe Boris",
    "loups.vote_secret": "Mon vote secret contre Boris",
    "sorciere.potion": "Potion de mort sur Boris",
    "traqueur.scanner": "Je scanne Boris",
}
