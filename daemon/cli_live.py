"""The live daemon's commands: init, check, poll, run, outbox, alerts."""

from __future__ import annotations

import argparse
import logging
import os
import sqlite3
import sys
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path

from .adapters import make_adapter
from .config import Config, ConfigError, load_config, require_live, require_secrets
from .counting import count_json
from .game import TOPIC, CycleReport, LiveGame
from .i18n import _
from .labels import alert_kind, label
from .outbox import Outbox
from .poller import open_alerts
from .store import Store, StoreError


def _now() -> datetime:
    return datetime.now(UTC)


def _config(args: argparse.Namespace) -> Config:
    config = load_config(Path(args.config))
    require_live(config)
    return config


def _store(config: Config) -> Store:
    """The game's database, or one line saying why it cannot be opened."""
    try:
        return Store(config.live.database)
    except (StoreError, OSError, sqlite3.Error) as exc:
        where = f"{config.path or 'config'}: game.database"
        raise ConfigError(f"{where}: cannot open {config.live.database}: {exc}") from exc


def _game(args: argparse.Namespace, forum: bool = False, web: bool = False) -> LiveGame:
    """The game; with ``forum``, every secret the forum needs is read now (a missing one: exit 2 at start)."""
    config = _config(args)
    if forum:
        require_secrets(config, web)
    return LiveGame(config, _store(config), make_adapter(config), _now)


def cmd_init(args: argparse.Namespace) -> int:
    target = Path(args.path)
    if target.exists() and not args.force:
        print(f"meneur: error: {target} exists (use --force to overwrite)", file=sys.stderr)
        return 2
    text = resources.files("meneur.config").joinpath("example.toml").read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}: edit it, then run `meneur check --config {target}`")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Validate, log in, read the topic and the inbox into a throw-away store: nothing changes."""
    config = _config(args)
    require_secrets(config)
    print(f"configuration: {config.path} is valid ({len(config.players)} players, engine {config.engine})")
    adapter = make_adapter(config)
    adapter.login()
    print(f"login: logged in to {config.live.url} as {config.live.username}")
    store = Store(None)
    game = LiveGame(config, store, adapter, _now)
    poll = game.poller.poll_topic()
    posts = store.posts(TOPIC)
    print(f"topic {config.live.topic}: {len(poll.pages)} page(s), {len(posts)} posts")
    for post in posts[-5:]:
        print(f"  #{post.post_id} {post.author} ({post.posted_at:%Y-%m-%d %H:%M} UTC): {post.content_text[:70]}")
    count = game.live_count()
    print("standing votes: " + (", ".join(f"{v} → {t}" for v, t in count.current.items()) or "none"))
    for warning in count.warnings:
        print(f"  warning: post {warning.post_id}: {warning.message}")
    entries = adapter.list_inbox()
    print(f"inbox: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}, {sum(e.unread for e in entries)} unread")
    for entry in entries[:10]:
        print(f"  {entry.key}: {entry.subject}" + (f" — {entry.author}" if entry.author else ""))
    print(f"requests made: {adapter.http.requests}")
    return 0


def _print_report(report: CycleReport) -> None:
    topic = report.topic
    if topic is not None:
        print(f"topic: read page(s) {topic.pages}, {len(topic.new)} new post(s), {len(topic.edited)} edited")
    print(f"inbox: {report.new_mps} new MP(s)")
    if report.count is not None:
        data = count_json(report.count)
        print("tally: " + (", ".join(f"{t} {n}" for t, n in data["tally"].items()) or "no vote"))
        if data["not_voted"]:
            print("not voted: " + ", ".join(data["not_voted"]))
        for warning in data["warnings"]:
            print(f"  warning: post {warning['post_id']}: {warning['message']}")
    for key in report.drafted:
        print(f"drafted: {key}")
    for key in report.sent:
        print(f"sent: {key}")
    print(f"requests: {report.requests}")


def cmd_poll(args: argparse.Namespace) -> int:
    game = _game(args, forum=True)
    game.store.hold_daemon_lock()  # one cycle of the daemon's: never beside a running one
    _print_report(game.cycle())
    for deadline in game.due_deadlines():
        draft = game.fire_deadline(deadline.id)
        print(f"deadline {deadline.label}: " + (f"drafted {draft.key} ({draft.state})" if draft else "done"))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from .scheduler import GameScheduler

    game = _game(args, forum=True, web=args.web_port >= 0)

    def report(kind: str, value: object) -> None:
        if kind == "cycle" and isinstance(value, CycleReport):
            topic = value.topic
            if (topic and (topic.new or topic.edited)) or value.drafted or value.sent:
                print(f"-- {datetime.now(UTC):%H:%M:%S} UTC")
                _print_report(value)
        elif kind == "deadline":
            print(f"deadline: drafted {getattr(value, 'key', value)}")
            print(getattr(value, "body", ""))
        elif kind == "mps":
            print(f"inbox: {len(value) if isinstance(value, list) else value} new MP(s)")
        sys.stdout.flush()

    game.store.hold_daemon_lock()  # a second `meneur run` on this database stops here, before dealing or sending
    if game.engine is not None and not game.started():  # a new game: the role cards wait for the MJ
        dealt = game.deal()
        print(f"drafted {len(dealt)} setup text(s): the opening post and the role cards (see the outbox)", flush=True)
    scheduler = GameScheduler(game, report, stop_when_done=args.stop_when_done)
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
            print(f"the MJ's page: {address}", flush=True)
        except OSError as exc:  # the page is a convenience: the daemon runs without it
            print(f"warning: the MJ's page could not start on port {args.web_port}: {exc}", file=sys.stderr)
    if not scheduler.run():
        # A job the forum left hanging still runs: leave without waiting for it (see daemon/scheduler.py).
        print("stopped (the last request to the forum was left unfinished)", file=sys.stderr, flush=True)
        logging.shutdown()
        sys.stdout.flush()
        os._exit(0)
    return 0


def cmd_outbox(args: argparse.Namespace) -> int:
    config = _config(args)
    store = _store(config)
    outbox = Outbox(
        store, _now, "markdown" if config.engine == "spirit" else "bbcode", settle=timedelta(seconds=config.live.settle)
    )
    if args.action == "list":
        drafts = outbox.drafts(args.state)
        states = max((len(label(d.state)) for d in drafts), default=0)
        kinds = max((len(label(d.kind)) for d in drafts), default=0)
        for draft in drafts:
            print(
                f"{label(draft.state):{states}} {label(draft.kind):{kinds}} {draft.key}"
                + (f" → {draft.recipient}" if draft.recipient else "")
            )
        return 0
    if not args.key and args.action != "send":
        print(_("meneur: error: outbox {action} needs a draft key").format(action=args.action), file=sys.stderr)
        return 2
    if args.action == "show":
        draft = outbox.get(args.key)
        print(
            f"{draft.key} [{label(draft.state)}] {label(draft.kind)}"
            + (f" → {draft.recipient}" if draft.recipient else "")
        )
        if draft.error:
            print(_("last error: {error}").format(error=draft.error))
        print(draft.body)
    elif args.action == "approve":
        print(_("{key}: approved").format(key=outbox.approve(args.key).key))
    elif args.action == "discard":
        print(_("{key}: discarded (it will not be sent)").format(key=outbox.discard(args.key).key))
    elif args.action == "edit":
        body = Path(args.file).read_text(encoding="utf-8") if args.file else sys.stdin.read()
        print(_("{key}: edited (approve it to send)").format(key=outbox.edit(args.key, body).key))
    elif args.action == "send":
        require_secrets(config)
        adapter = make_adapter(config)
        drafts = [outbox.send(args.key, adapter)] if args.key else outbox.send_ready(adapter)
        for draft in drafts:
            if draft.forum_id:
                print(
                    _("{key}: {state} (forum id {id})").format(
                        key=draft.key, state=label(draft.state), id=draft.forum_id
                    )
                )
            else:
                print(f"{draft.key}: {label(draft.state)}")
    return 0


def cmd_answer(args: argparse.Namespace) -> int:
    game = _game(args)
    draft = game.answer(args.question, args.choice)
    print(f"{args.question}: {args.choice} recorded; the phase was resolved again")
    if draft is not None:
        print(f"draft {draft.key} ({draft.state}):")
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
        print(f"post {args.post}: the counter reads it again")
    elif args.target is None and not args.ignore:
        print("meneur: error: say whom the vote is against, or --ignore, or --undo", file=sys.stderr)
        return 2
    else:
        game.correct(args.post, None if args.ignore else args.target)
        print(f"post {args.post}: " + ("ignored" if args.ignore else f"a vote against {args.target}"))
    return 0


def cmd_decree(args: argparse.Namespace) -> int:
    game = _game(args)
    player = None if args.kind == "event" else args.what
    text = args.what if args.kind == "event" else ""
    phase = game.decree(args.kind, player, args.cause, text)
    print(f"decree {args.kind} {args.what!r} recorded: it takes effect when {phase} is resolved")
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
    init = commands.add_parser("init", help="write a commented example configuration")
    init.add_argument("path", nargs="?", default="meneur.toml")
    init.add_argument("--force", action="store_true", help="overwrite an existing file")
    init.set_defaults(handler=cmd_init)

    for name, handler, text in (
        ("check", cmd_check, "validate the configuration, log in and show what meneur sees (changes nothing)"),
        ("poll", cmd_poll, "one poll cycle: topic, inbox, live count, drafts due"),
        ("run", cmd_run, "run the daemon in the foreground (SIGINT/SIGTERM stop it cleanly)"),
        ("alerts", cmd_alerts, "list open alerts (exit status 1 if any)"),
    ):
        sub = commands.add_parser(name, help=text, description=text)
        sub.add_argument("--config", required=True, help="the game's configuration (TOML)")
        sub.add_argument("-v", "--verbose", action="store_true", help="log what happens")
        if name == "run":
            sub.add_argument("--stop-when-done", action="store_true", help="stop once no deadline is pending")
            sub.add_argument(
                "--web-port", type=int, default=8765, help="the MJ's page on 127.0.0.1 (0: any free port, -1: none)"
            )
        sub.set_defaults(handler=handler)

    answer = commands.add_parser("answer", help="answer a question of the rules (a hunter's shot, a tie…)")
    answer.add_argument("question", help="its id, e.g. J2:chasseur:Hugo (see `meneur alerts`)")
    answer.add_argument("choice", help="a player's name, names separated by commas, or aucun")
    answer.add_argument("--config", required=True)
    answer.add_argument("-v", "--verbose", action="store_true")
    answer.set_defaults(handler=cmd_answer)

    deal = commands.add_parser("deal", help="draft the opening post and every role card (meneur run does it once)")
    deal.add_argument("--config", required=True)
    deal.add_argument("-v", "--verbose", action="store_true")
    deal.set_defaults(handler=cmd_deal)

    correct = commands.add_parser("correct", help="the MJ's reading of a post for the vote counter (kept)")
    correct.add_argument("post", help="the post's id on the forum (the warnings name it)")
    correct.add_argument("target", nargs="?", help="the player the post votes against")
    correct.add_argument("--ignore", action="store_true", help="the post holds no vote")
    correct.add_argument("--undo", action="store_true", help="forget the correction")
    correct.add_argument("--config", required=True)
    correct.add_argument("-v", "--verbose", action="store_true")
    correct.set_defaults(handler=cmd_correct)

    decree = commands.add_parser("decree", help="the MJ's word: kill, revive, name the mayor, or an event")
    decree.add_argument("kind", choices=["kill", "revive", "mayor", "event"])
    decree.add_argument("what", help="the player (kill, revive, mayor) or the event's text, told in the next post")
    decree.add_argument("--cause", default="mj", help="with kill: the cause shown (default: mj)")
    decree.add_argument("--config", required=True)
    decree.add_argument("-v", "--verbose", action="store_true")
    decree.set_defaults(handler=cmd_decree)

    replay_cmd = commands.add_parser("replay", help="play a scenario file through the parsers and the rules engine")
    replay_cmd.add_argument("file", help="a scenario (TOML): see fixtures/scenarios/README.md")
    replay_cmd.add_argument("--json", action="store_true", help="one JSON object per event, then a final line")
    replay_cmd.set_defaults(handler=cmd_replay)

    outbox = commands.add_parser("outbox", help="see, approve, edit and send drafts")
    outbox.add_argument("action", choices=["list", "show", "approve", "edit", "send", "discard"])
    outbox.add_argument("key", nargs="?", help="the draft's key (see `outbox list`)")
    outbox.add_argument("--config", required=True)
    outbox.add_argument("--state", help="with list: only drafts in this state")
    outbox.add_argument("--file", help="with edit: the new text (default: standard input)")
    outbox.add_argument("-v", "--verbose", action="store_true")
    outbox.set_defaults(handler=cmd_outbox)


def setup_logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from ..engine.rulesets import ruleset
    from .drafts import drafts_for, opening_post, role_cards
    from .replay import initial_state, load_scenario, replay

    scenario = load_scenario(Path(args.file))
    events = list(replay(scenario))
    if args.json:
        for event in events:
            print(json.dumps(event, ensure_ascii=False))
        return 0
    rules = ruleset(scenario.ruleset)
    names = rules.role_names
    state = initial_state(scenario)
    opening = opening_post(state)
    if opening is not None:
        print("==== " + _("setup · opening · post in the game topic"))
        print(opening.body.strip() + "\n")
    for card in role_cards(state, "Maître du jeu"):
        print("==== " + _("setup · role card · MP to {player}").format(player=card.recipient))
        print(card.body.strip() + "\n")
    phases = list(dict.fromkeys(str(e["phase"]) for e in events if e["type"] not in ("setup", "final")))
    for phase in phases:
        for draft in drafts_for(scenario.ruleset, phase, events, names):
            where = (
                _("post in the game topic")
                if draft.recipient is None
                else _("MP to {player}").format(player=draft.recipient)
            )
            print(f"==== {phase} · {draft.kind} · {where}")
            print(draft.body.strip() + "\n")
        for event in (e for e in events if e.get("phase") == phase and e.get("audience") == "mj"):
            print("     " + _("(for the MJ) {event}").format(event=describe(event)))
    final = events[-1]
    winner = final["winner"] or _("none yet")
    print("==== " + _("end: winner {winner}; alive: {alive}").format(winner=winner, alive=", ".join(final["alive"])))
    return 0


def describe(event: dict[str, object]) -> str:
    """One readable line per event (the templates of the posts come with the engine's next step)."""
    kind, phase = event.get("type"), event.get("phase")
    audience = event.get("audience", "public")
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "phase", "audience"))
    where = {"public": _("post"), "private": f"MP → {', '.join(event.get('to', []))}", "mj": "MJ"}.get(  # type: ignore[arg-type]
        str(audience), str(audience)
    )
    return f"[{phase}] {where}: {kind} {details}".rstrip()
