"""The configuration `meneur init` writes: one forum engine, one rule set, commented in French for the MJ.

The file must load as it is (tests load every forum × rule set), and each value the MJ has to change is one
that `meneur check` refuses while it is left (the example's address, the example's players): a file written
here never runs a game by accident on example values. Deadlines are put in the next days, in the forum's zone.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from datetime import datetime, time, timedelta
from typing import Any

from ..parsers.dates import zone
from .config import is_example_player, role_ids

FORUMS = ("phpbb3", "phpbb2", "spirit", "generic")

_TOPIC_HINT = {
    "phpbb3": "l'id du sujet de la partie (phpBB 3 : viewtopic.php?t=1547)",
    "phpbb2": "l'id du sujet de la partie (phpBB 2 : viewtopic.php?t=1547)",
    "spirit": "l'id du sujet de la partie (django-spirit : /topic/1547/…)",
    "generic": "l'id du sujet, tel qu'il entre dans [forum.pages] topic ({topic})",
}

_VOTES = {
    "markdown": """[votes]
# django-spirit écrit en Markdown, qui n'a pas de couleurs : un vote est « **Je vote contre X** » en gras.
# Ne mettez pas require_colour = true ici : aucun vote ne compterait (meneur check le refuse).
require_bold = true
require_colour = false
""",
    "bbcode": """[votes]
colours = ["brown"]                # la couleur des votes, toute écriture CSS (brown, #a52a2a…)
require_bold = true                # le vote doit être en gras…
require_colour = true              # …et dans cette couleur : « [color=brown][b]Je vote contre X[/b][/color] »
""",
}

# A home-made forum: the tested example of fixtures/forums/generic/NOTES.md, to adapt to the forum's pages.
_GENERIC = """
# Un forum fait maison : où sont les messages sur ses pages (sélecteurs CSS, ou XPath avec « xpath: »).
# Exemple complet et testé : fixtures/forums/generic/NOTES.md. Adaptez chaque valeur à votre forum.
[forum.selectors]
post = "table.message"
post_id = { select = "td.entete a[name]", attr = "name", regex = '^m(\\d+)$' }
author = { select = "td.pseudo a.auteur" }
author_id = { select = "td.pseudo a.auteur", attr = "href", regex = 'profil\\.php\\?id=(\\d+)' }
date = { select = "span.infos-msg", regex = 'Posté le (\\d{1,2}(?:er)? \\w+ \\d{4} à \\d{1,2}h\\d{2})' }
content = { select = "td.corps > div.texte" }
quote = ["div.citation"]
marker = "div#fil-discussion"
pagination = { current = "div#pages-haut b.page-courante", links = "div#pages-haut a" }

[forum.pages]                      # les adresses, relatives à [forum] url
login = "connexion.php"
topic = "sujet.php?id={topic}&page={page}"
reply = "repondre.php?sujet={topic}"
inbox = "messagerie.php?dossier=reception"
sent = "messagerie.php?dossier=envoyes"
compose = "messagerie.php?nouveau=1"

[forum.fields]                     # le nom des champs des formulaires
username = "pseudo"
password = "motdepasse"
message = "message"
subject = "titre"
recipient = "destinataire"

[forum.markers]                    # des textes qui prouvent que c'est passé
logged_in = "Se Déconnecter"
posted = "Votre message a été posté."
sent = "Votre message a bien été envoyé"

[forum.inbox]                      # une ligne de la messagerie
row = "table.liste-mp tr.mp"
link = { select = "td.sujet a", attr = "href" }
id = { select = "td.sujet a", attr = "href", regex = 'lire=(\\d+)' }
author = { select = "td.correspondant a" }

[forum.message]                    # un MP ouvert
author = { select = "table.lecture-mp div.de a.auteur" }
date = { select = "table.lecture-mp div.date-mp", regex = 'Envoyé le (\\d{1,2}(?:er)? \\w+ \\d{4} à \\d{1,2}h\\d{2})' }
content = { select = "table.lecture-mp div.texte" }
"""


def example_players(ruleset: str | None) -> list[str]:
    """Placeholder names, as many as the rule set deals a game for (8 where it can: classique; convivialite 6,
    trinite-meuporg 9), found by setting a game up (pure); without a rule set, three."""
    if not ruleset:
        return ["Joueur1", "Joueur2", "Joueur3"]
    from ..engine.rulesets import ruleset as rules_of

    rules = rules_of(ruleset)
    for count in (8, 6, 9, 7, 10, 12, 5, 15):
        names = [f"Joueur{n}" for n in range(1, count + 1)]
        try:
            rules.setup(names, 0)
        except (ValueError, KeyError, TypeError):
            continue
        return names
    raise ValueError(f"no game of 5 to 15 players for the rule set {ruleset}")


def _deadlines(ruleset: str | None, now: datetime, timezone: str) -> list[tuple[str, datetime, str]]:
    local_now = now.astimezone(zone(timezone))
    tomorrow = local_now.date() + timedelta(days=1)

    def at(day: int, hour: int) -> datetime:
        return datetime.combine(tomorrow + timedelta(days=day), time(hour))

    if not ruleset:
        return [("Jour 1", at(0, 21), "day")]
    split = _split_day0(ruleset)
    if split:  # citadelles' J0-matin, J0-zenith, J0-soir: one deadline each, the same day
        hours = (12, 17, 21)[-len(split) :] if len(split) <= 3 else [10 + i for i in range(len(split))]
        return [(phase, at(0, hour), "day") for phase, hour in zip(split, hours, strict=True)] + [
            ("Nuit 1", at(1, 10), "night"),
            ("Jour 1", at(1, 21), "day"),
        ]
    return [("Jour 0", at(0, 21), "day"), ("Nuit 1", at(1, 10), "night"), ("Jour 1", at(1, 21), "day")]


_PARTS = {
    "matin": "# matin du jour 0 : le maire et les choix lus dans les posts",
    "zenith": "# zénith du jour 0 : sauté si le matin suffit (les règles le disent)",
    "soir": "# soir du jour 0 : les rôles demandés par MP",
}


def _deadline_comment(label: str, kind: str) -> str:
    if "-" in label:
        return _PARTS.get(label.split("-", 1)[1], "# une partie du jour 0 (voir les règles)")
    return "# jour : le bûcher (post du soir)" if kind == "day" else "# nuit : l'aube (post du matin)"


def _split_day0(ruleset: str) -> list[str]:
    from .config_deadlines import split_day0

    return list(split_day0(ruleset))


def _fixed_times(schedule: Mapping[str, Any], now: datetime, timezone: str) -> list[tuple[str, datetime, str]]:
    """The deadlines of a rule set's fixed times (``RuleSet.schedule``: baguette's days of 48 h ending at 22:00,
    nights of 24 h whose actions end at 21:00), for a game whose J0 begins tomorrow at the day's end time: each
    day's deadline, then the night's actions deadline (the day after the night began, if the actions end before
    the night does), to J2."""
    day_end = time.fromisoformat(str(schedule["day_end"]))
    actions_end = time.fromisoformat(str(schedule.get("actions_end", schedule["day_end"])))
    day_hours, night_hours = int(schedule["day_hours"]), int(schedule["night_hours"])
    opens = datetime.combine(now.astimezone(zone(timezone)).date() + timedelta(days=1), day_end)
    rows: list[tuple[str, datetime, str]] = []
    ends = opens + timedelta(hours=day_hours)
    for number in range(3):
        rows.append((f"Jour {number}", ends, "day"))
        if number == 2:
            break
        night_ends = ends + timedelta(hours=night_hours)
        actions = datetime.combine(night_ends.date(), actions_end)
        rows.append((f"Nuit {number + 1}", actions if ends < actions <= night_ends else night_ends, "night"))
        ends = night_ends + timedelta(hours=day_hours)
    return rows


def init_text(
    forum: str, ruleset: str | None, now: datetime, timezone: str = "Europe/Paris", modules: Sequence[str] = ()
) -> str:
    """The whole file, for ``forum`` (one of FORUMS) and ``ruleset`` (None: counting only, no rules engine), with
    ``modules`` on top of the rule set (their fixed times, if any, are the deadlines)."""
    if forum not in FORUMS:
        raise ValueError(f"unknown forum engine {forum!r} (one of {', '.join(FORUMS)})")
    markup = "markdown" if forum == "spirit" else "bbcode"
    roles = role_ids(ruleset) if ruleset else {}
    names = example_players(ruleset)
    assert all(is_example_player(name) for name in names)  # meneur check refuses them while they are left
    out = [
        "# meneur — configuration d'une partie (TOML). Changez ce qui est marqué À CHANGER, puis :",
        "#   meneur check --config CE_FICHIER   (vérifie, se connecte, montre ce que meneur voit ; ne change rien)",
        "",
        "[forum]",
        f'engine = "{forum}"' + " " * max(1, 35 - len(f'engine = "{forum}"')) + "# phpbb3 | phpbb2 | spirit | generic",
        'url = "https://forum.example.org/" # À CHANGER : l\'adresse du forum (sa racine)',
        f'timezone = "{timezone}"'
        + " " * max(1, 35 - len(f'timezone = "{timezone}"'))
        + "# le fuseau dans lequel le forum affiche ses dates",
    ]
    if forum in ("phpbb3", "phpbb2"):
        out.append(
            "# posts_per_page = 10              # réglage du forum phpBB, si meneur ne sait pas le lire sur ses pages"
        )
    default_chars = 3000 if forum == "spirit" else 60000
    out.append(
        f"# max_post_chars = {default_chars}"
        + " " * max(1, 35 - len(f"# max_post_chars = {default_chars}"))
        + "# le plus long message que le forum accepte (par défaut : 3000 sur django-spirit, 60000 ailleurs) ;"
        " meneur envoie un message plus long en plusieurs parties numérotées"
    )
    if forum == "spirit":
        out.append("# Sur django-spirit, les dates sont dans le fuseau du profil du compte MJ : mettez le même ici.")
    out += [
        "",
        "[account]",
        'username = "MJ"                    # À CHANGER : le compte du maître du jeu sur le forum',
        'password_env = "MENEUR_PASSWORD"   # le mot de passe est lu dans cette variable d\'environnement…',
        '# keyring = "meneur"               # …ou dans le trousseau du système, sous ce nom de service.',
        "# N'écrivez jamais le mot de passe dans ce fichier.",
        "",
        "[game]",
        f'topic = "1547"                     # À CHANGER : {_TOPIC_HINT[forum]}',
        'database = "partie.sqlite"         # la base de la partie, à côté de ce fichier ; lisible par vous seul',
    ]
    if ruleset:
        out += [
            f'ruleset = "{ruleset}"'
            + " " * max(1, 35 - len(f'ruleset = "{ruleset}"'))
            + "# les règles qui résolvent chaque échéance (meneur roles RULESET : ses rôles)",
            "seed = "
            + str(now.toordinal() % 100000)
            + " " * 23
            + "# le hasard de la partie (distribution…) : le même seed, la même partie",
        ]
    schedule: Mapping[str, Any] = {}
    if ruleset and modules:
        from ..engine.modules import compose
        from ..engine.rulesets import ruleset as rules_of

        composed = compose(rules_of(ruleset), modules)
        schedule = composed.schedule
        listed = ", ".join(f'"{m}"' for m in modules)
        out.append(f"modules = [{listed}]" + " " * max(1, 35 - len(f"modules = [{listed}]")) + "# les modules joués")
        if composed.read_den is not None:
            out.append(
                '# den_topic = "1548"               # À CHANGER : le sujet de l\'antre des loups (lu chaque nuit)'
            )
        if composed.absence_power is not None:
            out.append('# absence_topic = "1549"           # le sujet des absences, s\'il y en a un')
    out += [
        "",
        "# Une ligne par fin de phase, dans le fuseau du forum. Une échéance passée pendant que meneur était arrêté",
        "# est traitée à son redémarrage. Mettez-y les vraies dates de la partie.",
    ]
    if schedule:
        out.append(
            f"# Les horaires fixes des règles : jours de {schedule['day_hours']} h finissant à {schedule['day_end']}, "
            f"nuits de {schedule['night_hours']} h, actions de nuit jusqu'à {schedule.get('actions_end', '')}."
        )
    fixed = _fixed_times(schedule, now, timezone) if schedule else None
    for label, at, kind in fixed or _deadlines(ruleset, now, timezone):
        out += [
            "[[deadlines]]",
            f'label = "{label}"',
            f'at = "{at.isoformat()}"' + " " * 9 + _deadline_comment(label, kind),
            f'kind = "{kind}"',
        ]
    out += [
        "",
        "[poll]",
        "topic_every = 120                  # secondes entre deux lectures du sujet de la partie",
        "inbox_every = 300                  # secondes entre deux lectures de la messagerie du MJ",
        "near_deadline = 900                # dans le dernier quart d'heure avant une échéance…",
        "near_every = 30                    # …lire le sujet toutes les 30 secondes",
        "grace = 60                         # la lecture finale, 60 secondes après l'échéance",
        "min_request_interval = 2           # jamais plus d'une requête toutes les 2 secondes",
        "unreachable_after = 60             # alerte « forum injoignable » après 60 secondes sans réponse utile",
        "",
        "[outbox]",
        'auto = ["vote_count"]              # ce qui part sans votre accord ; le post du soir vous attend',
        "count_every_votes = 5              # un décompte publié tous les 5 nouveaux votes (0 : jamais)",
        "# settle = 60                      # un post dont la réponse s'est perdue est cherché sur le forum 60 s après",
        "",
        "[alerts]",
        "mp_mj = false                      # envoyer aussi les alertes au compte MJ par MP",
        "",
        "[web]",
        'host = "127.0.0.1"                 # la page du MJ n\'écoute que sur cette machine',
        '# password_env = "MENEUR_WEB_PASSWORD"  # un mot de passe pour la page, lu dans cette variable',
        '# lang = "fr"                      # la langue de meneur pour le MJ (page, commandes, alertes) : fr ou en ;',
        "#                                  # sans elle, la variable MENEUR_LANG, sinon le français",
        "",
        _VOTES[markup].rstrip("\n"),
        "",
        "[names]",
        "accept = 90                        # seuils de reconnaissance des noms mal écrits (0–100)",
        "warn = 75",
        "margin = 8",
    ]
    if forum == "generic":
        out.append(_GENERIC.rstrip("\n"))
    out += [
        "",
        "# À CHANGER : les joueurs, un bloc chacun. user_id (l'id du membre sur le forum) survit à un changement de",
        "# pseudo ; aliases : les autres noms qu'on lui donne dans les votes.",
    ]
    if ruleset:
        out.append(
            "# role : le rôle distribué par le MJ — tous les joueurs ou aucun (sans role : tirés au sort du seed)."
        )
        out.append(f"# Les rôles de {ruleset} (meneur roles {ruleset}) :")
        out += textwrap.wrap(", ".join(roles) + ".", 110, initial_indent="#   ", subsequent_indent="#   ")
    for index, name in enumerate(names):
        out += ["[[players]]", f'name = "{name}"']
        if index == 0:
            out += ['# user_id = "52"', '# aliases = ["J1"]']
            if ruleset:
                out.append(f'# role = "{next(iter(roles))}"')
    return "\n".join(out) + "\n"
