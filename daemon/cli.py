"""The ``meneur`` command. Its ``count`` interface is a contract scripts rely on: keep it stable."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.messages import N_
from ..engine.names import NameResolver, normalise_name
from ..parsers.dates import zone
from ..parsers.engines import ENGINES, layout_for
from ..parsers.records import ParseError
from .adapters.base import ForumError
from .archive import add_archive_command
from .argparse_words import argparse_in_language
from .cli_live import add_commands, setup_logging
from .config import Config, ConfigError, PlayerConfig, load_config, parse_deadline
from .counting import count_from_store, count_json, count_post_text, read_pages
from .game import GameError
from .http import ForumUnavailable
from .i18n import _, translated
from .outbox import OutboxError
from .poller import CountingStopped
from .probe_cmd import add_probe_command
from .simulate import add_simulate_command
from .store import Store, StoreError


class UsageError(Exception):
    """A mistake in how meneur was called, said plainly."""


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _count_config(args: argparse.Namespace) -> Config:
    config = load_config(Path(args.config)) if args.config else Config()
    if args.forum:
        config = replace(config, engine=args.forum, layout=layout_for(args.forum))
        if args.forum == "spirit" and not args.config:
            # Markdown has no colour: with the flags alone, bold is the whole vote format.
            config = replace(config, vote_format=replace(config.vote_format, require_colour=False))
    if args.tz:
        try:
            zone(args.tz)
        except ParseError as exc:
            raise UsageError(_("--tz: {error}").format(error=exc)) from exc
        config = replace(config, timezone=args.tz)
    if args.players is not None:
        listed = _names(args.players)
        forms = [normalise_name(n) for n in listed]
        repeated = [n for i, n in enumerate(listed) if forms[i] in forms[:i]]
        if repeated:
            raise UsageError(_("--players names the same player twice: {names}").format(names=", ".join(repeated)))
        known = {p.name: p for p in config.players}
        config = replace(config, players=tuple(known.get(n, PlayerConfig(n)) for n in listed))
    if args.dead is not None:
        dead = {normalise_name(n): n for n in _names(args.dead)}
        names = {normalise_name(p.name) for p in config.players}
        unknown = [n for form, n in dead.items() if form not in names]
        if unknown:
            raise UsageError(_("--dead names players not in the list: {names}").format(names=", ".join(unknown)))
        config = replace(
            config,
            players=tuple(replace(p, dead=p.dead or normalise_name(p.name) in dead) for p in config.players),
        )
    if args.until:
        deadline = parse_deadline(args.until, config.timezone)
        if deadline is None:
            raise UsageError(_("--until: not an ISO 8601 date and time: {value!r}").format(value=args.until))
        config = replace(config, deadline=deadline)
    if not config.players:
        raise UsageError(_('no players: give --players "A,B,C" or a [[players]] list in --config'))
    if config.engine == "generic" and not args.config:
        raise UsageError(_("the generic engine needs --config with [forum.selectors]"))
    return config


def cmd_count(args: argparse.Namespace) -> int:
    config = _count_config(args)
    if args.db and not args.pages and not args.until and config.live.deadlines:  # a daemon's game: its deadlines
        from .cli_live import count_live

        return count_live(args, config)
    if not args.pages and not args.db:
        raise UsageError(_("give topic pages to read (PAGE.html …), or --db to recount a stored topic"))
    try:
        store = Store(Path(args.db) if args.db else None)
    except StoreError as exc:
        raise UsageError(_("--db: {error}").format(error=exc)) from exc
    except (OSError, sqlite3.DatabaseError) as exc:
        raise UsageError(_("--db {path}: cannot open it ({error})").format(path=args.db, error=exc)) from exc
    pages = read_pages([Path(p) for p in args.pages], config)
    now = datetime.now(UTC)
    for page_file in pages:
        store.record_page(args.topic, page_file.page, page_file.raw, now)
    count, posts = count_from_store(store, args.topic, config)
    if args.json:
        json.dump(count_json(count), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(count_post_text(count, posts, config, args.day))
        sys.stdout.flush()
        for warning in count.warnings:
            print(
                _("warning: post {post}: {kind}: {message}").format(
                    post=warning.post_id, kind=warning.kind, message=translated(warning.text)
                ),
                file=sys.stderr,
            )
    return 0


def _pairs(text: str | None, flag: str) -> dict[str, str]:
    """ "A=loups, B=village" → {"A": "loups", "B": "village"}."""
    found: dict[str, str] = {}
    for part in _names(text or ""):
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError(
                _("{flag}: write NAME=VALUE pairs separated by commas, not {part!r}").format(flag=flag, part=part)
            )
        found[name.strip()] = value.strip()
    return found


def _read_mp_state(args: argparse.Namespace) -> tuple[Any, Any, NameResolver]:
    """The game state an MP is read in: the configuration's players, roles and camps (or the flags), the
    dead marked dead, the phase set."""
    from ..engine.rulesets import ruleset

    config = load_config(Path(args.config)) if args.config else Config()
    rules_id = args.ruleset or config.live.ruleset
    if not rules_id:
        raise UsageError(_("no rule set: give --ruleset, or a configuration with [game] ruleset"))
    try:
        rules = ruleset(rules_id)
    except KeyError as exc:
        raise UsageError(_("--ruleset: {error}").format(error=exc.args[0])) from exc
    from .config_deadlines import phase_problem

    if phase_problem(args.phase, rules_id):  # N2, J1, and the rule set's own (citadelles' J0-soir)
        raise UsageError(
            _("--phase: a phase as the rule set numbers them (N2, J1), not {value!r}").format(value=args.phase)
        )
    players = list(config.players)
    if args.players is not None:
        known = {p.name: p for p in players}
        players = [known.get(n, PlayerConfig(n)) for n in _names(args.players)]
    if not players:
        raise UsageError(_('no players: give --players "A,B,C" or a [[players]] list in --config'))
    names = [p.name for p in players]
    roles = {p.name: p.role for p in players if p.role}
    roles.update(_pairs(args.roles, "--roles"))
    camps = {p.name: p.camp for p in players if p.camp}
    camps.update(_pairs(args.camps, "--camps"))
    groups = {n: int(g) for n, g in _pairs(args.groups, "--groups").items() if g.isdigit()}
    dead = {p.name for p in players if p.dead} | set(_names(args.dead or ""))
    for name in [*roles, *camps, *groups, *dead, args.sender]:
        if name not in names:
            raise UsageError(
                _("{name!r} is not one of the players ({players})").format(name=name, players=", ".join(names))
            )
    extra: dict[str, Any] = {}
    if camps:
        extra["camps"] = camps
    if groups:
        extra["groups"] = groups
    if roles and len(roles) != len(names):  # dealing the others at random would read the MP in another game
        missing = ", ".join(n for n in names if n not in roles)
        raise UsageError(
            _("--roles gives some players' roles only (missing: {missing}): give every player's role "
              "(`meneur roles {ruleset}` lists the ids), or none").format(missing=missing, ruleset=rules_id)
        )
    dealt = roles or None
    try:
        state = rules.setup(names, config.live.seed, dealt, **extra)
    except (TypeError, ValueError) as exc:
        raise UsageError(
            _("the rule set {ruleset} cannot set up this game: {error}").format(ruleset=rules_id, error=exc)
        ) from exc
    for name in dead:
        state.player(name).alive = False
    state.phase = args.phase
    resolver = NameResolver([p.as_name() for p in players])
    return rules, state, resolver


def cmd_read_mp(args: argparse.Namespace) -> int:
    from ..engine.model import Action
    from .mp_actions import read_mp
    from .relay import read_order
    from .render import render

    if args.file and args.file != "-":
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(_("cannot read {path}: {error}").format(path=args.file, error=exc)) from exc
    else:
        text = sys.stdin.read()
    rules, state, resolver = _read_mp_state(args)
    # As the daemon reads it: a Lâche's words for another player are no order of his (daemon/relay.py).
    reading = read_order(text, lambda part: read_mp(part, args.sender, state, rules.verbs, resolver, "cli",
                                                    asked=args.asked))  # fmt: skip
    verdicts = [rules.validate(state, Action(a.player, a.power, a.targets)) for a in reading.actions]
    if args.json:
        result = {
            "actions": [
                {"power": a.power, "targets": list(a.targets), "doubtful": i in reading.doubtful}
                for i, (a, why) in enumerate(zip(reading.actions, verdicts, strict=True))
                if why is None
            ],
            "refused": [
                {"power": a.power, "targets": list(a.targets), "reason": why}
                for a, why in zip(reading.actions, verdicts, strict=True)
                if why is not None
            ],
            "unclear": [{"power": u.power, "name": u.name} for u in reading.unclear],
            "not_an_order": reading.not_an_order,
            "not_understood": reading.not_understood,
        }
        json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    roles = dict(rules.role_names)
    events: list[dict[str, Any]] = []
    lines = [_("MP from {sender} ({phase}), as meneur reads it:").format(sender=args.sender, phase=args.phase)]
    for index, (action, why) in enumerate(zip(reading.actions, verdicts, strict=True)):
        targets = ", ".join(action.targets) if action.targets else _("(no name)")
        doubt = _(" — read with a doubt: check it") if index in reading.doubtful else ""
        if why is None:
            lines.append(
                "  " + _("order understood: {power} → {targets}").format(power=action.power, targets=targets) + doubt
            )
            events.append({"type": "action_received", "power": action.power, "targets": list(action.targets)})
        else:
            refused = _("order refused: {power} → {targets}").format(power=action.power, targets=targets)
            lines.append(f"  {refused}{doubt} ({why})")
            events.append({"type": "action_refused", "power": action.power, "reason": why})
    asks: list[str] = []
    for unclear in reading.unclear:
        said = _(_UNCLEAR[unclear.reason]).format(name=unclear.name, power=unclear.power)
        lines.append("  " + _("unclear: {what} — the player will be asked").format(what=said))
        if unclear.reason == "name":
            events.append({"type": "action_unclear", "power": unclear.power, "name": unclear.name})
        else:
            asks.append(_ASK[unclear.reason].format(name=unclear.name))
    if reading.not_an_order:
        lines.append("  " + _("not an order: chatter, a question or thanks (for the MJ to read)"))
    if reading.not_understood:
        lines.append(
            "  " + _("not understood: the MP looks like an order but nothing could be read from it; for the MJ to read")
        )
    if events or asks:
        lines.append(_("The reply that would be drafted:"))
        for event in events:
            body = render(f"{rules_id_of(state)}/mp", "bbcode", {"event": event, "roles": roles}, None).strip()
            lines.extend(f"  {line}" for line in body.splitlines() if line.strip())
        lines.extend(f"  {ask}" for ask in asks)
    else:
        lines.append(_("No reply drafted."))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


_UNCLEAR = {  # for the MJ: in the MJ's language
    "name": N_('"{name}" is the name of no player, or of several ({power})'),
    "choice": N_("several names where the power takes fewer: {name} ({power})"),
    "missing": N_("a name is missing: only {name} ({power})"),
    "mode": N_("which power? the word names several of their powers ({name})"),
}
_ASK = {  # to the player, who reads French
    "choice": "J'hésite à lire ton MP : {name} ? Peux-tu me redire ton choix ?",
    "missing": "Il me manque un nom : je n'ai lu que {name}. Peux-tu me redonner ton choix complet ?",
    "mode": "Quel pouvoir veux-tu utiliser sur {name} ? Précise-le-moi, s'il te plaît.",
}


def rules_id_of(state: Any) -> str:
    return str(state.ruleset)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meneur", description=_("A game master's assistant for forum Loup-garou."))
    parser.add_argument(
        "--version", action="version", version=f"meneur {__version__}", help=_("show meneur's version and exit")
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    count = commands.add_parser(
        "count",
        help=_("count the day's votes from saved topic pages"),
        description=_("Count the votes in saved topic pages and print the count post (BBCode) or JSON."),
    )
    count.add_argument("pages", nargs="*", metavar="PAGE.html", help=_("topic pages, in any order"))
    count.add_argument("--forum", choices=[e for e in ENGINES if e != "generic"], help=_("forum engine"))
    count.add_argument("--players", help=_('players, comma-separated: "A,B,C"'))
    count.add_argument("--dead", help=_('dead players, comma-separated: "X,Y"'))
    count.add_argument("--until", help=_("the deadline, ISO 8601; without an offset, in the forum's time zone"))
    count.add_argument("--tz", help=_("the forum's time zone (default Europe/Paris)"))
    count.add_argument("--config", help=_("a meneur configuration file (TOML) instead of the flags"))
    count.add_argument("--json", action="store_true", help=_("print JSON instead of the count post"))
    count.add_argument("--db", help=_("keep pages and posts in this SQLite file; without pages, recount from it"))
    count.add_argument("--topic", default="game", help=_("the topic's key in the database (default: game)"))
    count.add_argument("--day", help=_('a label for the post title, e.g. "Jour 2"'))
    count.set_defaults(handler=cmd_count)
    read = commands.add_parser(
        "read-mp",
        help=_("show what meneur reads from one MP"),
        description=_(
            "Read one MP (a file, or stdin) as the daemon would: the orders understood, those the rule "
            "set refuses, the names not understood, and the reply it would draft."
        ),
    )
    read.add_argument("file", nargs="?", metavar="MP.txt", help=_("the MP's text (default: stdin)"))
    read.add_argument("--from", dest="sender", required=True, help=_("the player who sent it"))
    read.add_argument("--phase", required=True, help=_("the phase it was sent in: N2, J1 …"))
    read.add_argument("--config", help=_("a meneur configuration file (players, roles, camps, rule set)"))
    read.add_argument("--ruleset", help=_("classique, convivialite or trinite-meuporg"))
    read.add_argument("--players", help=_('players, comma-separated: "A,B,C"'))
    read.add_argument("--roles", help=_('roles: "A=voyante,B=loup_garou"'))
    read.add_argument("--camps", help=_('camps, where the rule set takes them: "A=loups"'))
    read.add_argument("--groups", help=_('groups (trinite-meuporg): "A=1,B=1,C=1"'))
    read.add_argument("--dead", help=_('dead players: "X,Y"'))
    read.add_argument("--asked", help=_("the power the MJ asked this player about (a bare name answers it)"))
    read.add_argument("--json", action="store_true", help=_("print JSON"))
    read.set_defaults(handler=cmd_read_mp)
    listing = commands.add_parser("rulesets", help=_("the installed rule sets (entry points meneur.rulesets)"))
    listing.set_defaults(handler=cmd_rulesets)
    add_commands(commands)
    add_probe_command(commands)
    add_simulate_command(commands)
    add_archive_command(commands)
    return parser


def cmd_rulesets(args: argparse.Namespace) -> int:
    """One line per installed rule set: its id, where it comes from, its title and its roles."""
    from ..engine.rulesets import installed, ruleset

    for name, point in sorted(installed().items()):
        try:
            rules = ruleset(name)
        except Exception as exc:  # a broken third-party package must not hide the others
            print(f"{name}\t{point.value}\tcannot be loaded: {exc}")
            continue
        print(f"{name}\t{point.value}\t{rules.title} ({len(rules.role_names)} roles, {len(rules.verbs)} powers)")
    return 0


def main(argv: list[str] | None = None) -> int:
    with argparse_in_language():
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 2
    setup_logging(getattr(args, "verbose", False))
    try:
        return int(args.handler(args))
    except (UsageError, ConfigError, ParseError, OutboxError, NotImplementedError, GameError, StoreError) as exc:
        print(_("meneur: error: {error}").format(error=exc), file=sys.stderr)
        return 2
    except (ForumError, ForumUnavailable, CountingStopped) as exc:
        print(_("meneur: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`meneur count … | head`): not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
