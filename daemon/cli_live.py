"""The live daemon's commands: init, check, poll, run, outbox, alerts… and their arguments (``add_commands``).

What the commands share (the configuration, the database, the forum adapter) is in ``cli_common``;
``meneur outbox`` in ``cli_outbox``, ``meneur replay`` in ``cli_replay``."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from ..engine.daycount import DayCount
from ..engine.messages import N_
from .adapters import make_adapter
from .cli_common import SESSION_KEY as SESSION_KEY
from .cli_common import _adapter, _config, _game, _now, _reaching, _store
from .cli_outbox import cmd_outbox
from .cli_replay import cmd_replay as cmd_replay
from .cli_replay import describe as describe
from .config import (
    ERROR,
    Config,
    ConfigError,
    clock_problem,
    require_secrets,
    setup_problems,
)
from .counting import count_json
from .game import TOPIC, CycleReport, Deadline, GameError, LiveGame
from .i18n import _, translated
from .init_file import FORUMS
from .labels import alert_kind, label
from .poller import open_alerts
from .reminders import draft_reminder, due_reminders
from .store import Store


def cmd_init(args: argparse.Namespace) -> int:
    from .init_file import init_text

    target = Path(args.path)
    if target.exists() and not args.force:
        print(_("meneur: error: {path} exists (use --force to overwrite)").format(path=target), file=sys.stderr)
        return 2
    if args.ruleset:
        from .config import role_ids

        try:
            role_ids(args.ruleset)
        except KeyError as exc:
            print(_("meneur: error: {error}").format(error=str(exc).strip(chr(34))), file=sys.stderr)
            return 2
    if args.modules:
        from ..engine.modules import refusal

        why = refusal(args.ruleset or "", args.modules) if args.ruleset else _("a module needs a --ruleset")
        if why:
            print(_("meneur: error: {error}").format(error=why), file=sys.stderr)
            return 2
    target.write_text(init_text(args.forum, args.ruleset, _now(), args.timezone, args.modules), encoding="utf-8")
    print(
        _("wrote {path} for {forum}{rules}: change what is marked À CHANGER, then run `meneur check --config {path}`")
        .format(path=target, forum=args.forum, rules=f" ({args.ruleset})" if args.ruleset else "")
    )  # fmt: skip
    return 0


def _fired(config: Config) -> frozenset[str]:
    """The deadlines the game's database has already handled (read only; no database: none)."""
    path = config.live.database
    if not path.exists():
        return frozenset()
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return frozenset(str(r[0]) for r in db.execute("select label from deadlines where state != 'pending'"))
        finally:
            db.close()
    except sqlite3.Error:
        return frozenset()


def cmd_check(args: argparse.Namespace) -> int:
    """Validate, log in, read the topic and the inbox into a throw-away store: nothing changes."""
    config = _config(args)
    require_secrets(config)  # before any request: a missing password is one line
    print(_("configuration: {path} is valid ({n} players, engine {engine})").format(
        path=config.path, n=len(config.players), engine=config.engine))  # fmt: skip
    problems = setup_problems(config, _now(), _fired(config))
    for level, message in problems:
        print((_("error: {message}") if level == ERROR else _("warning: {message}")).format(message=message))
    if any(level == ERROR for level, _message in problems):
        print(_("meneur check: fix the errors above; nothing was asked of the forum"))
        return 2
    adapter = _adapter(config, None)
    with _reaching(config, adapter):
        adapter.login()
    print(_("login: logged in to {url} as {user}").format(url=config.live.url, user=config.live.username))
    store = Store(None)
    game = LiveGame(config, store, adapter, _now)
    poll = game.poller.poll_topic()
    posts = store.posts(TOPIC)
    print(_("topic {topic}: {pages} page(s), {n} posts").format(
        topic=config.live.topic, pages=len(poll.pages), n=len(posts)))  # fmt: skip
    for post in posts[-5:]:
        print(f"  #{post.post_id} {post.author} ({post.posted_at:%Y-%m-%d %H:%M} UTC): {post.content_text[:70]}")
    clock = adapter.answers.server_now  # type: ignore[attr-defined]
    off = clock_problem(config, clock, max((p.posted_at for p in posts), default=None)) if clock else None
    if off:
        print(_("error: {message}").format(message=off))
    count = game.live_count()
    print(_("standing votes: {votes}").format(
        votes=", ".join(f"{v} → {t}" for v, t in count.current.items()) or _("none")))  # fmt: skip
    for warning in count.warnings:
        print("  " + _("warning: post {post}: {message}").format(
            post=warning.post_id, message=translated(warning.text)))  # fmt: skip
    entries = adapter.list_inbox()
    print(_("inbox: {n} message(s), {unread} unread").format(n=len(entries), unread=sum(e.unread for e in entries)))
    for entry in entries[:10]:
        print(f"  {entry.key}: {entry.subject}" + (f" — {entry.author}" if entry.author else ""))
    print(_("requests made: {n}").format(n=adapter.http.requests))
    return 2 if off else 0


def _print_count(
    count: DayCount, label: str | None = None, shown: set[str] | None = None, told: set[str] | None = None
) -> None:
    """A count's tally and warnings; with ``shown``, only the warnings on those posts; with ``told`` (the
    daemon's, across cycles), each warning once."""
    data = count_json(count)
    if shown is not None:
        data["warnings"] = [w for w in data["warnings"] if w["post_id"] in shown]
    if told is not None:
        fresh = [w for w in data["warnings"] if f"{w['post_id']} {w['message']}" not in told]
        told.update(f"{w['post_id']} {w['message']}" for w in fresh)
        data["warnings"] = fresh
    head = _("{day}: ").format(day=label) if label else ""
    print(head + _("tally: {tally}").format(
        tally=", ".join(f"{t} {n}" for t, n in data["tally"].items()) or _("no vote")))  # fmt: skip
    if data["not_voted"]:
        print(head + _("not voted: {names}").format(names=", ".join(data["not_voted"])))
    for warning in data["warnings"]:
        print("  " + _("warning: post {post}: {message}").format(post=warning["post_id"], message=warning["message"]))


def _print_report(report: CycleReport, count: bool = True, told: set[str] | None = None) -> None:
    topic = report.topic
    if topic is not None:
        print(_("topic: read page(s) {pages}, {new} new post(s), {edited} edited").format(
            pages=topic.pages, new=len(topic.new), edited=len(topic.edited)))  # fmt: skip
    print(_("inbox: {n} new MP(s)").format(n=report.new_mps))
    if count and report.count is not None:
        _print_count(report.count, told=told)
    for key in report.drafted:
        print(_("drafted: {key}").format(key=key))
    for key in report.sent:
        print(_("sent: {key}").format(key=key))
    print(_("requests: {n}").format(n=report.requests))


def _day_posts(game: LiveGame, day: Deadline) -> set[str]:
    """The posts a day's warnings are about: the day's, and those of the night after it (a late vote). When
    the next deadline is another day's, the posts after this one are that day's, and its warnings' business."""
    after = sorted((d for d in game.deadlines() if d.at > day.at), key=lambda d: d.at)
    until = None if not after else after[0].at if after[0].kind == "night" else day.at
    return {p.post_id for p in game.store.posts(TOPIC) if until is None or p.posted_at <= until}


def cmd_poll(args: argparse.Namespace) -> int:
    game = _game(args, forum=True, quick=True)
    game.store.hold_daemon_lock()  # one cycle of the daemon's: never beside a running one
    with _reaching(game.config, game.adapter):
        report = game.cycle()
        for reminder in due_reminders(game):  # a cron'd poll drafts the reminders that are due, as `run` does
            if reminder.at <= game.clock() and (made := draft_reminder(game, reminder.deadline, reminder.kind)):
                game.outbox.send_ready(game.adapter)
                print(_("reminder: drafted {keys}").format(keys=", ".join(d.key for d in made)))
        due = game.due_deadlines()
        # With deadlines due, the cycle's count is the first pending day's over every later post: each day is
        # shown instead with its own votes against its own deadline, once it is closed.
        _print_report(report, count=not due)
        for deadline in due:
            draft = game.fire_deadline(deadline.id)
            if any(d.id == deadline.id for d in game.deadlines("skipped")):  # the game went past its phase
                print(_("deadline {label}: skipped (the game went past {phase})").format(
                    label=deadline.label, phase=deadline.phase))  # fmt: skip
                continue
            if deadline.kind == "day":
                _print_count(game.live_count(deadline), deadline.label, _day_posts(game, deadline))
            print(_("deadline {label}: drafted {key} ({state})").format(
                label=deadline.label, key=draft.key, state=label(draft.state)) if draft
                else _("deadline {label}: done").format(label=deadline.label))  # fmt: skip
        if due and (day := game.current_day()) is not None:
            _print_count(game.live_count(day), day.label)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from .scheduler import GameScheduler

    # A stop asked while meneur is still starting (reading the configuration, logging in, dealing) lets
    # that step finish, then leaves cleanly, as a stop asked later does: never a process killed half-way.
    early: list[int] = []

    def starting_stop(number: int, frame: object) -> None:
        if early:  # asked twice: the MJ means now
            raise KeyboardInterrupt
        early.append(number)

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, starting_stop)
    game = _game(args, forum=True, web=args.web_port >= 0)

    told: set[str] = set()  # each warning is printed once, not at every cycle after it

    def report(kind: str, value: object) -> None:
        if kind == "cycle" and isinstance(value, CycleReport):
            topic = value.topic
            if (topic and (topic.new or topic.edited)) or value.drafted or value.sent:
                print(f"-- {datetime.now(UTC):%H:%M:%S} UTC")
                _print_report(value, told=told)
        elif kind == "deadline":
            print(_("deadline: drafted {key}").format(key=getattr(value, "key", value)))
            print(getattr(value, "body", ""))
        elif kind == "reminder" and isinstance(value, list):
            print(_("reminder: drafted {keys}").format(keys=", ".join(str(getattr(d, "key", d)) for d in value)))
        elif kind == "mps":
            print(_("inbox: {n} new MP(s)").format(n=len(value) if isinstance(value, list) else value))
        sys.stdout.flush()

    game.store.hold_daemon_lock()  # a second `meneur run` on this database stops here, before dealing or sending
    if game.engine is not None and not game.started():  # a new game: the role cards wait for the MJ
        dealt = game.deal()
        print(_("drafted {n} setup text(s): the opening post and the role cards (see the outbox)").format(n=len(dealt)),
              flush=True)  # fmt: skip
    scheduler = GameScheduler(game, report, stop_when_done=args.stop_when_done)
    if early:
        logging.getLogger("meneur.run").info("signal %d while starting: stopping before the first poll", early[0])
        return 0
    if args.web_port >= 0:
        from .web import serve

        config = game.config
        page_game = LiveGame(config, _store(config), make_adapter(config), _now)
        try:
            _server, address = serve(
                page_game,
                config.live.web_host,
                args.web_port,
                password=config.live.web_password(),
                wake=scheduler.send_now,
            )
            print(_("the MJ's page: {address}").format(address=address), flush=True)
        except OSError as exc:  # the page is a convenience: the daemon runs without it
            print(_("warning: the MJ's page could not start on port {port}: {why}").format(port=args.web_port, why=exc),
                  file=sys.stderr)  # fmt: skip
    if not scheduler.run(early=early):
        # A job the forum left hanging still runs: leave without waiting for it (see daemon/scheduler.py).
        print(_("stopped (the last request to the forum was left unfinished)"), file=sys.stderr, flush=True)
        logging.shutdown()
        sys.stdout.flush()
        os._exit(0)
    return 0


def cmd_mps(args: argparse.Namespace) -> int:
    """The MPs meneur has read (``meneur poll``/``run`` read them), and with a rule set what it understood of
    each for a night: the actions, the names it could not place, and who has not acted. Never asks the forum."""
    config = _config(args)
    store = _store(config)
    game = LiveGame(config, store, make_adapter(config), _now)
    nights = [d for d in game.deadlines() if d.kind == "night"]
    night = next((d for d in nights if d.label == args.night), None) if args.night else game.current_night()
    if args.night and night is None:
        known = ", ".join(d.label for d in nights) or _("none")
        print(_("meneur: error: no night deadline {label!r} (nights: {known})").format(label=args.night, known=known),
              file=sys.stderr)  # fmt: skip
        return 2
    if game.engine is not None and night is not None and night.phase:
        since = game.window(night)
        view = game.engine.night_view(night.phase, since, night.at)  # in_window: a deadline, not now
        print(_("{label} ({phase}): {n} MP(s) since {since}").format(
            label=night.label, phase=night.phase, n=len(view["mps"]),
            since=f"{since:%Y-%m-%d %H:%M} UTC" if since else _("the start"),
        ))  # fmt: skip
        for mp in view["mps"]:
            print(f"  {mp['at'][:16].replace('T', ' ')} UTC  {mp['player']} — {mp['subject']} [{mp['msg_id']}]")
            print(f"    « {mp['text'][:200]} »")
            for action in mp["actions"]:
                print("    " + _("understood: {power} → {targets}").format(
                    power=action["power"], targets=", ".join(action["targets"]) or "—"))  # fmt: skip
            for doubt in mp["unclear"]:
                print("    " + _("not understood: {name!r} ({power})").format(name=doubt["name"], power=doubt["power"]))
            if not mp["actions"] and not mp["unclear"]:
                print("    " + _("no action read"))
        if view["not_acted"]:
            print(_("not acted yet: {names}").format(names=", ".join(view["not_acted"])))
        return 0
    rows = list(store.db.query("select * from mps order by coalesce(sent_at, fetched_at)"))
    print(_("{n} MP(s) read").format(n=len(rows)))
    for row in rows:
        when = str(row["sent_at"] or row["fetched_at"])[:16].replace("T", " ")
        who = row["player"] or _("{author} (not a player)").format(author=row["author"])
        print(f"  {when} UTC  {who} — {row['subject'] or ''} [{row['msg_id']}]")
        print(f"    « {str(row['content_text'] or '')[:200]} »")
    return 0


def count_live(args: argparse.Namespace, config: Config) -> int:
    """``meneur count --config F --db D`` on a daemon's database: a day's count as the daemon makes it, against
    that day's configured deadline, from the previous one (``--day LABEL``; default: the day in progress, else
    the last day). What it prints is what ``meneur count`` prints."""
    import json

    from .counting import count_post_text

    store = _store(replace(config, live=replace(config.live, database=Path(args.db))))
    game = LiveGame(config, store, make_adapter(config), _now)
    days = [d for d in game.deadlines() if d.kind == "day"]
    if args.day:
        day = next((d for d in days if d.label == args.day), None)
        if day is None:
            known = ", ".join(d.label for d in days) or _("none")
            raise ConfigError(f"--day {args.day!r}: no day deadline of that label in {config.path} ({known})")
    else:
        day = game.current_day() or (days[-1] if days else None)
    count = game.live_count(day)
    if day is not None:
        mine = _day_posts(game, day)
        count = replace(count, warnings=tuple(w for w in count.warnings if w.post_id in mine))
    if args.json:
        json.dump(count_json(count), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(count_post_text(count, store.posts(TOPIC), config, day.label if day else None))
    sys.stdout.flush()
    for warning in count.warnings:
        print(_("warning: post {post}: {kind}: {message}").format(
            post=warning.post_id, kind=warning.kind, message=translated(warning.text)), file=sys.stderr)  # fmt: skip
    return 0


def cmd_roles(args: argparse.Namespace) -> int:
    """A rule set's role ids (what ``role`` takes in [[players]]) and their French names."""
    from .config import role_ids

    try:
        ids = role_ids(args.ruleset)
    except KeyError as exc:
        print(_("meneur: error: {error}").format(error=str(exc).strip(chr(34))), file=sys.stderr)
        return 2
    width = max(map(len, ids))
    for role, name in ids.items():
        print(f"{role:{width}}  {name}")
    return 0


def cmd_answer(args: argparse.Namespace) -> int:
    game = _game(args)
    draft = game.answer(args.question, args.choice)
    print(_("{question}: {choice} recorded; the phase was resolved again").format(
        question=args.question, choice=args.choice))  # fmt: skip
    if draft is not None:
        print(_("draft {key} ({state}):").format(key=draft.key, state=label(draft.state)))
        print(draft.body)
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    game = _game(args)
    for draft in game.deal():
        print(f"{draft.state:9} {draft.kind:10} {draft.key}" + (f" → {draft.recipient}" if draft.recipient else ""))
    return 0


def cmd_correct(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.undo:
        game.uncorrect(args.post)
        print(_("post {post}: the counter reads it again").format(post=args.post))
    elif args.target is None and not args.ignore:
        print(_("meneur: error: say whom the vote is against, or --ignore, or --undo"), file=sys.stderr)
        return 2
    else:
        game.correct(args.post, None if args.ignore else args.target)
        print(_("post {post}: ignored").format(post=args.post) if args.ignore
              else _("post {post}: a vote against {target}").format(post=args.post, target=args.target))  # fmt: skip
    return 0


def cmd_decree(args: argparse.Namespace) -> int:
    game = _game(args)
    player = None if args.kind == "event" else args.what
    text = args.what if args.kind == "event" else ""
    phase = game.decree(args.kind, player, args.cause, text)
    print(_("decree {kind} {what!r} recorded: it takes effect when {phase} is resolved").format(
        kind=args.kind, what=args.what, phase=phase))  # fmt: skip
    return 0


def cmd_replace(args: argparse.Namespace) -> int:
    from .chores import record_replacement

    game = _game(args)
    at = _now()
    if args.at:
        try:
            at = datetime.fromisoformat(args.at)
        except ValueError as exc:
            raise GameError(_("--at: an ISO 8601 time, not {value!r}").format(value=args.at)) from exc
        if at.tzinfo is None:
            from zoneinfo import ZoneInfo

            at = at.replace(tzinfo=ZoneInfo(game.config.timezone))
    made = record_replacement(game, args.old, args.new, at.astimezone(UTC))
    print(_("{new} replaces {player}: drafted {keys} (see the outbox)").format(
        new=args.new, player=args.old, keys=", ".join(d.key for d in made)))  # fmt: skip
    return 0


def cmd_alerts(args: argparse.Namespace) -> int:
    config = _config(args)
    alerts = open_alerts(_store(config))
    for alert in alerts:
        print(f"{alert['at']} [{alert_kind(str(alert['kind']))}] {alert['message']}")
    if not alerts:
        print(_("no open alert"))
    return 1 if alerts else 0


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    init_help = _("write a game's configuration for one forum engine and rule set, commented in French")
    init = commands.add_parser("init", help=init_help, description=init_help + _(": edit it, then run meneur check."))
    init.add_argument("path", nargs="?", default="meneur.toml", help=_("the file to write (default: meneur.toml)"))
    init.add_argument(
        "--forum",
        choices=FORUMS,
        default="phpbb3",
        help=_("the forum's engine: sets the vote format (no colour on django-spirit's Markdown) (default: phpbb3)"),
    )
    init.add_argument(
        "--ruleset",
        help=_(
            "the rule set that resolves each deadline, an installed one (meneur roles ID lists its roles) "
            "(default: none, meneur counts votes only)"
        ),
    )
    init.add_argument(
        "--modules",
        nargs="+",
        default=[],
        help=_("modules on top of the rule set (baguette): their fixed times become the deadlines; default: none"),
    )
    init.add_argument(
        "--timezone", default="Europe/Paris", help=_("the zone the forum shows its dates in (default: Europe/Paris)")
    )
    init.add_argument("--force", action="store_true", help=_("overwrite an existing file (default: refuse)"))
    init.set_defaults(handler=cmd_init)

    verbose = _("log what happens on standard error (default: warnings only)")

    def on_a_game(sub: argparse.ArgumentParser, handler: Callable[[argparse.Namespace], int]) -> None:
        """A command on a game: its configuration (--config), -v, and the function that runs it."""
        sub.add_argument("--config", required=True, help=_("the game's configuration (TOML)"))
        sub.add_argument("-v", "--verbose", action="store_true", help=verbose)
        sub.set_defaults(handler=handler)

    for name, handler, text, more in (
        ("check", cmd_check, _("validate the configuration, log in and show what meneur sees"),
         _("; warns in French about what would spoil a day (a vote format the forum cannot write, a past deadline, "
           "example values, a forum time zone that disagrees with the forum). Changes nothing.")),
        ("poll", cmd_poll, _("one poll cycle: topic, inbox, live count, drafts due, deadlines due"),
         _("; for cron. The forum session is kept in the game's database between runs.")),
        ("run", cmd_run, _("run the daemon in the foreground (Ctrl-C or SIGTERM stop it cleanly)"),
         _(", polling the forum, firing deadlines and serving the MJ's page.")),
        ("alerts", cmd_alerts, _("list open alerts (exit status 1 if any)"),
         _(": a page meneur could not read, a question of the rules waiting for the MJ, the forum unreachable.")),
    ):  # fmt: skip
        sub = commands.add_parser(name, help=text, description=text[0].upper() + text[1:] + more)
        on_a_game(sub, handler)
        if name == "run":
            sub.add_argument(
                "--stop-when-done",
                action="store_true",
                help=_("stop once no deadline is pending (default: run until stopped)"),
            )
            sub.add_argument(
                "--web-port",
                type=int,
                default=8765,
                help=_("the MJ's page on 127.0.0.1 ([web] host): 0 any free port, -1 none (default: 8765)"),
            )

    roles = commands.add_parser(
        "roles",
        help=_("list a rule set's role ids and their French names"),
        description=_("List the role ids a rule set knows (what [[players]] role takes) with their French names."),
    )
    roles.add_argument("ruleset", help=_("an installed rule set's id: classique, convivialite, trinite-meuporg…"))
    roles.set_defaults(handler=cmd_roles)

    mps_help = _("list the MPs meneur has read and, with a rule set, the night actions it understood")
    mps = commands.add_parser(
        "mps", help=mps_help, description=mps_help + _(" (read from the game's database; the forum is not asked).")
    )
    mps.add_argument("--config", required=True, help=_("the game's configuration (TOML)"))
    mps.add_argument("--night", help=_("the night deadline's label, e.g. 'Nuit 2' (default: the night in progress)"))
    mps.add_argument("-v", "--verbose", action="store_true", help=verbose)
    mps.set_defaults(handler=cmd_mps)

    def command(name: str, text: str, more: str) -> argparse.ArgumentParser:
        text, more = _(text), _(more)
        return commands.add_parser(name, help=text, description=text[0].upper() + text[1:] + more)  # type: ignore[no-any-return]

    answer = command(
        "answer",
        N_("answer a question of the rules (a hunter's shot, a tie…)"),
        N_("; the phase that asked it, and every phase after it, are resolved again and their unsent drafts renewed."),
    )
    answer.add_argument("question", help=_("its id, e.g. J2:chasseur:Hugo (see `meneur alerts`)"))
    answer.add_argument("choice", help=_("a player's name, names separated by commas, or aucun"))
    on_a_game(answer, cmd_answer)

    deal = command(
        "deal",
        N_("draft the opening post and every role card"),
        N_(" into the outbox (meneur run does it once, at the start of a new game); nothing is sent."),
    )
    on_a_game(deal, cmd_deal)

    correct = command(
        "correct",
        N_("the MJ's reading of a post for the vote counter"),
        N_(", kept by post id: it holds through every recount, a restart and the deadline's count."),
    )
    correct.add_argument("post", help=_("the post's id on the forum (the warnings name it)"))
    correct.add_argument("target", nargs="?", help=_("the player the post votes against"))
    correct.add_argument(
        "--ignore", action="store_true", help=_("the post holds no vote (default: a vote against TARGET)")
    )
    correct.add_argument("--undo", action="store_true", help=_("forget the correction (default: record one)"))
    on_a_game(correct, cmd_correct)

    decree = command(
        "decree",
        N_("the MJ's word: kill, revive, name the mayor, or an event"),
        N_("; it takes effect when the current phase is resolved, and is told in its post."),
    )
    decree.add_argument("kind", choices=["kill", "revive", "mayor", "event"], help=_("what the MJ decides"))
    decree.add_argument("what", help=_("the player (kill, revive, mayor) or the event's text, told in the next post"))
    decree.add_argument("--cause", default="mj", help=_("with kill: the cause shown (default: mj)"))
    on_a_game(decree, cmd_decree)

    replacing = command(
        "replace",
        N_("replace a player by another forum account"),
        N_(": from now (or --at), the new account's posts and MPs count as the player's and the old account's no "
           "longer; the public post and the newcomer's role card are drafted."),
    )  # fmt: skip
    replacing.add_argument("old", help=_("the player replaced (his name in the game)"))
    replacing.add_argument("new", help=_("the forum account that plays for him from now on"))
    replacing.add_argument("--at", help=_("when, ISO 8601 (default: now); without an offset, in the forum's time zone"))
    on_a_game(replacing, cmd_replace)

    replay_cmd = command(
        "replay",
        N_("play a scenario file through the parsers and the rules engine"),
        N_(" and print the posts and MPs it drafts (no forum, no database)."),
    )
    replay_cmd.add_argument("file", help=_("a scenario (TOML): see fixtures/scenarios/README.md"))
    replay_cmd.add_argument(
        "--json",
        action="store_true",
        help=_("one JSON object per event, then a final line (default: the drafted texts)"),
    )
    replay_cmd.set_defaults(handler=cmd_replay)

    outbox = command(
        "outbox",
        N_("see, approve, edit, send or discard drafts"),
        N_(
            ". Without --file, edit opens $VISUAL or $EDITOR on a terminal, else reads standard input; an empty "
            "text is refused."
        ),
    )
    outbox.add_argument(
        "action", choices=["list", "show", "approve", "edit", "send", "discard"], help=_("what to do with the drafts")
    )
    outbox.add_argument(
        "key", nargs="?", help=_("the draft's key (see `outbox list`); send without one: every approved")
    )
    outbox.add_argument("--config", required=True, help=_("the game's configuration (TOML)"))
    outbox.add_argument("--state", help=_("with list: only drafts in this state (default: every state)"))
    outbox.add_argument(
        "--file", help=_("with edit: the new text (default: $EDITOR on a terminal, else standard input)")
    )
    outbox.add_argument("-v", "--verbose", action="store_true", help=verbose)
    outbox.set_defaults(handler=cmd_outbox)


def setup_logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
