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

from ..engine.names import normalise_name
from ..parsers.dates import zone
from ..parsers.engines import ENGINES, layout_for
from ..parsers.records import ParseError
from .adapters.base import ForumError
from .cli_live import add_commands, setup_logging
from .config import Config, ConfigError, PlayerConfig, load_config, parse_deadline
from .counting import count_from_store, count_json, count_post_text, read_pages
from .game import GameError
from .http import ForumUnavailable
from .outbox import OutboxError
from .poller import CountingStopped
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
            raise UsageError(f"--tz: {exc}") from exc
        config = replace(config, timezone=args.tz)
    if args.players is not None:
        listed = _names(args.players)
        forms = [normalise_name(n) for n in listed]
        repeated = [n for i, n in enumerate(listed) if forms[i] in forms[:i]]
        if repeated:
            raise UsageError(f"--players names the same player twice: {', '.join(repeated)}")
        known = {p.name: p for p in config.players}
        config = replace(config, players=tuple(known.get(n, PlayerConfig(n)) for n in listed))
    if args.dead is not None:
        dead = {normalise_name(n): n for n in _names(args.dead)}
        names = {normalise_name(p.name) for p in config.players}
        unknown = [n for form, n in dead.items() if form not in names]
        if unknown:
            raise UsageError(f"--dead names players not in the list: {', '.join(unknown)}")
        config = replace(
            config,
            players=tuple(replace(p, dead=p.dead or normalise_name(p.name) in dead) for p in config.players),
        )
    if args.until:
        deadline = parse_deadline(args.until, config.timezone)
        if deadline is None:
            raise UsageError(f"--until: not an ISO 8601 date and time: {args.until!r}")
        config = replace(config, deadline=deadline)
    if not config.players:
        raise UsageError('no players: give --players "A,B,C" or a [[players]] list in --config')
    if config.engine == "generic" and not args.config:
        raise UsageError("the generic engine needs --config with [forum.selectors]")
    return config


def cmd_count(args: argparse.Namespace) -> int:
    config = _count_config(args)
    if not args.pages and not args.db:
        raise UsageError("give topic pages to read (PAGE.html …), or --db to recount a stored topic")
    try:
        store = Store(Path(args.db) if args.db else None)
    except StoreError as exc:
        raise UsageError(f"--db: {exc}") from exc
    except (OSError, sqlite3.DatabaseError) as exc:
        raise UsageError(f"--db {args.db}: cannot open it ({exc})") from exc
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
            print(f"warning: post {warning.post_id}: {warning.kind}: {warning.message}", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meneur", description="A game master's assistant for forum Loup-garou.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    count = commands.add_parser(
        "count",
        help="count the day's votes from saved topic pages",
        description="Count the votes in saved topic pages and print the count post (BBCode) or JSON.",
    )
    count.add_argument("pages", nargs="*", metavar="PAGE.html", help="topic pages, in any order")
    count.add_argument("--forum", choices=[e for e in ENGINES if e != "generic"], help="forum engine")
    count.add_argument("--players", help='players, comma-separated: "A,B,C"')
    count.add_argument("--dead", help='dead players, comma-separated: "X,Y"')
    count.add_argument("--until", help="the deadline, ISO 8601; without an offset, in the forum's time zone")
    count.add_argument("--tz", help="the forum's time zone (default Europe/Paris)")
    count.add_argument("--config", help="a meneur configuration file (TOML) instead of the flags")
    count.add_argument("--json", action="store_true", help="print JSON instead of the count post")
    count.add_argument("--db", help="keep pages and posts in this SQLite file; without pages, recount from it")
    count.add_argument("--topic", default="game", help="the topic's key in the database (default: game)")
    count.add_argument("--day", help='a label for the post title, e.g. "Jour 2"')
    count.set_defaults(handler=cmd_count)
    add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    setup_logging(getattr(args, "verbose", False))
    try:
        return int(args.handler(args))
    except (UsageError, ConfigError, ParseError, OutboxError, NotImplementedError, GameError, StoreError) as exc:
        print(f"meneur: error: {exc}", file=sys.stderr)
        return 2
    except (ForumError, ForumUnavailable, CountingStopped) as exc:
        print(f"meneur: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`meneur count … | head`): not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
