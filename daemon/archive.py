"""``meneur archive --out DIR``: a finished game's memory, as a static site read from its database.

One page (``index.html``) with an anchor per phase, a CSS file beside it, the day charts drawn inline in
SVG: one file to link to or to zip, that opens from ``file://`` with no server, no network and no script,
and whose anchors (``#J2``) work wherever the file goes. Beside it, ``resume.bbcode`` and ``resume.md``: the
winner and the deaths by phase with their roles, for the MJ to post.

What it shows comes from the store only: the phases the rules engine resolved (``engine_phases``: their
inputs and events), the deadlines, the posts of the game topic (each day recounted from them, once per
vote post, for the chart of votes over time), and the public posts meneur sent. Player text is escaped by
Jinja2's autoescape; the page's French is the players'.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from jinja2 import Environment, PackageLoader, select_autoescape

from ..engine.daycount import DayCount
from ..engine.model import GameState
from .config import Config, ConfigError, load_config
from .counting import account_binding, count_posts, resolver_of
from .engine_live import TOPIC, EngineDriver
from .i18n import _
from .store import Store

# The causes of death the built-in rule sets give, in the players' words; another shows as it is.
CAUSES = {
    "loups": "dévoré·e par les loups",
    "bucher": "bûcher",
    "poison": "empoisonné·e par la sorcière",
    "chagrin": "mort·e de chagrin",
    "chasseur": "abattu·e par le chasseur",
    "rage": "emporté·e par la rage du Seigneur Loup",
    "acolyte": "mort·e avec son Maître vampire",
    "mj": "décision du MJ",
}
CAMPS = {"village": "Victoire du village.", "loups": "Victoire des loups-garous.", "aucun": "Personne ne l'emporte."}
PALETTE = ("#b5462f", "#2f6db5", "#3c8c3a", "#8a4fb0", "#c28a12", "#1f8f8f", "#a83e79", "#5a5a5a")
CHART_W, CHART_H, LEFT, RIGHT, TOP, BOTTOM = 640, 220, 36, 12, 10, 26


class ArchiveError(Exception):
    """An archive that cannot be written, said for the MJ."""


@dataclass(frozen=True)
class Step:
    at: datetime
    voter: str
    target: str
    post_id: str
    excerpt: str
    tally: dict[str, int]


def phase_name(phase: str) -> str:
    return f"Jour {phase[1:]}" if phase.startswith("J") else f"Nuit {phase[1:]}" if phase.startswith("N") else phase


def gather(config: Config, store: Store, now: datetime) -> dict[str, Any]:
    """Everything the site and the summary show, from the store (no forum, no clock but ``now``)."""
    if not config.live.ruleset:
        raise ArchiveError(_("this game has no rule set ([game] ruleset): there is nothing to archive"))
    driver = EngineDriver(config, store, lambda: now)
    rules = driver.rules
    roles = dict(rules.role_names)
    setup = driver.setup()
    final = driver.latest_state()
    deadlines = {str(r["phase"]): r for r in store.db.query("select * from deadlines where phase is not null")}
    ordered = sorted(store.db.query("select at from deadlines"), key=lambda r: datetime.fromisoformat(str(r["at"])))
    times = [datetime.fromisoformat(str(r["at"])) for r in ordered]
    tz = ZoneInfo(config.timezone)
    phases = []
    for row in store.db.query("select * from engine_phases order by resolved_at, rowid"):
        phase = str(row["phase"])
        inputs = json.loads(str(row["inputs"]))
        events = [e for e in json.loads(str(row["events"])) if isinstance(e, dict)]
        deadline = deadlines.get(phase)
        at = datetime.fromisoformat(str(deadline["at"])) if deadline else None
        since = max((t for t in times if at is not None and t < at), default=None)
        entry: dict[str, Any] = {
            "phase": phase,
            "anchor": phase,
            "name": phase_name(phase),
            "label": str(deadline["label"]) if deadline else phase_name(phase),
            "at": at.astimezone(tz).strftime("%d/%m/%Y %H:%M") if at else None,
            "deaths": [
                {
                    "player": str(e["player"]),
                    "role": roles.get(str(e.get("role", "")), str(e.get("role", ""))),
                    "cause": CAUSES.get(str(e.get("cause", "")), str(e.get("cause", ""))),
                }
                for e in events
                if e.get("type") == "death"
            ],
            "facts": _facts(events, roles),
            "actions": [
                {
                    "player": str(a["player"]),
                    "text": _action(str(a["power"]), [str(t) for t in a["targets"]], rules.help, roles),
                }
                for a in inputs.get("actions", [])
            ],
            "winner": next((str(e["winner"]) for e in events if e.get("type") == "game_over"), None),
        }
        if phase.startswith("J") and at is not None:
            entry["day"] = _day(driver, config, phase, since, at, inputs.get("votes", {}), tz)
        phases.append(entry)
    sent = [
        {"kind": str(r["kind"]), "body": str(r["body"]), "at": _local(str(r["updated_at"]), tz), "key": str(r["key"])}
        for r in store.db.query("select * from drafts where state = 'sent' and recipient is null order by created_at")
    ]
    mps_sent = store.db.execute("select count(*) from drafts where state = 'sent' and recipient is not null")
    return {
        "title": f"Partie de loup-garou : {rules.title}",
        "ruleset": rules.title,
        "winner": final.winner,
        "verdict": _verdict(final.winner),
        "over": final.winner is not None,
        "players": _players(setup, final, roles),
        "phases": phases,
        "sent": sent,
        "mps_sent": int(mps_sent.fetchone()[0]),
        "made_at": now.astimezone(tz).strftime("%d/%m/%Y %H:%M"),
    }


def _verdict(winner: str | None) -> str:
    if winner is None:
        return "Partie en cours : pas encore de vainqueur."
    return CAMPS.get(winner, f"Victoire : {winner}.")


def _local(stamp: str, tz: ZoneInfo) -> str:
    return datetime.fromisoformat(stamp).astimezone(tz).strftime("%d/%m/%Y %H:%M")


def _power(power: str, roles: dict[str, str]) -> str:
    owner, _sep, verb = power.partition(".")
    who = roles.get(owner, "Loups-garous" if owner == "loups" else owner)
    return f"{who} — {verb.replace('_', ' ')}" if verb else who


def _action(power: str, targets: list[str], help: Mapping[str, str], roles: dict[str, str]) -> str:
    """An action in the rule set's own words (its role card help, "Voyante : découvrir le rôle de NOM."),
    with the names it was given; without a help line, the power's name and its targets."""
    said = help.get(power)
    named = ", ".join(targets) or "personne"
    if not said:
        return f"{_power(power, roles)} → {named}"
    said = re.sub(r"\s*\([^)]*\)", "", said).rstrip(". ")
    if "NOM" not in said:
        return f"{said} → {named}"
    for number, target in enumerate(targets[:2], 1):
        said = said.replace(f"NOM{number}", target)
    return said.replace("NOM", named) + "."


def _players(setup: GameState, final: GameState, roles: dict[str, str]) -> list[dict[str, Any]]:
    found = []
    for dealt in setup.players:
        end = final.player(dealt.name)
        found.append(
            {
                "name": dealt.name,
                "role": roles.get(dealt.role, dealt.role),
                "camp": dealt.camp,
                "end_role": roles.get(end.role, end.role) if end.role != dealt.role else None,
                "alive": end.alive,
                "death": f"{phase_name(end.death_phase)}, {CAUSES.get(end.death_cause or '', end.death_cause)}"
                if not end.alive and end.death_phase
                else None,
            }
        )
    return found


def _facts(events: list[dict[str, Any]], roles: dict[str, str]) -> list[str]:
    """The phase's public events besides deaths, in French (those the archive knows; the rest stay out)."""
    said = []
    for e in events:
        kind = e.get("type")
        if kind == "mayor_elected":
            said.append(f"{e['player']} est élu·e maire.")
        elif kind == "mayor_successor":
            said.append(f"{e['player']} reçoit l'écharpe de maire.")
        elif kind == "tie":
            choice = f" ; le maire désigne {e['choice']}" if e.get("choice") else ""
            said.append(f"Égalité entre {', '.join(map(str, e.get('candidates', [])))}{choice}.")
        elif kind == "pyre_protected":
            said.append(f"Les flammes épargnent {e['player']} : un ange veille sur lui·elle.")
        elif kind == "no_wolf_death":
            said.append("Les loups-garous n'ont tué personne.")
        elif kind == "resurrected":
            said.append(f"{e['player']} revient à la vie.")
        elif kind == "hunter_shot":
            said.append(f"Le chasseur {e['player']} tire sur {e['target']}.")
        elif kind == "mj_event" and e.get("text"):
            said.append(str(e["text"]))
        elif kind == "game_over":
            said.append(f"Fin de la partie. {_verdict(str(e['winner']))}")
    return said


def _day(
    driver: EngineDriver,
    config: Config,
    phase: str,
    since: datetime | None,
    at: datetime,
    votes: dict[str, str],
    tz: ZoneInfo,
) -> dict[str, Any]:
    """A day's final count (the votes the rules engine resolved it with) and its chart: the day recounted
    from the store at each vote post, as it stood then. The topic is read once; each recount takes the
    day's posts up to that moment (the posts of earlier days are not parsed again: the counter drops them
    all the same)."""
    rules = driver.rules
    store = driver.store
    state = driver.day_state(phase)
    dead = driver.not_voting(state)
    players = tuple(replace(p, dead=p.name in dead) for p in config.players)
    refusal = partial(rules.vote_refusal, state) if rules.vote_refusal else None
    everything = store.posts(TOPIC, deleted=True)
    gone = store.deleted_posts(TOPIC)
    accounts = account_binding(store, TOPIC, resolver_of(config))
    corrections = store.corrections(TOPIC)
    day_posts = [p for p in everything if since is None or p.posted_at > since]
    tallies: dict[datetime, dict[str, int]] = {}

    def count_at(when: datetime) -> DayCount:
        posts = [p for p in day_posts if p.posted_at <= when]
        day = replace(config, deadline=when, players=players)
        return count_posts(posts, day, since, corrections, refusal, gone, accounts)

    def tally_at(when: datetime) -> dict[str, int]:
        if when not in tallies:
            counted = count_at(when)
            tally = rules.day_tally(state, counted.current)[0] if rules.day_tally else counted.tally
            tallies[when] = {row.target: row.votes for row in tally.counts if row.votes > 0}
        return tallies[when]

    count = count_at(at)
    texts = {p.post_id: p.content_text for p in day_posts if p.post_id not in gone}
    steps: list[Step] = []
    standing: dict[str, str] = {}
    for vote in count.history:
        # A vote said again changes nothing: the count is the one before (a long day recounts far less).
        same = bool(steps) and standing.get(vote.voter) == vote.target
        tally = steps[-1].tally if same else tally_at(vote.posted_at)
        standing[vote.voter] = vote.target
        excerpt = " ".join(texts.get(vote.post_id, "").split())
        steps.append(
            Step(
                vote.posted_at,
                vote.voter,
                vote.target,
                vote.post_id,
                excerpt[:140] + ("…" if len(excerpt) > 140 else ""),
                tally,
            )
        )
    final = rules.day_tally(state, votes)[0] if rules.day_tally else None
    rows: list[dict[str, Any]] = []
    if final is not None:
        rows = [{"target": r.target, "votes": r.votes, "voters": list(r.voters)} for r in final.counts if r.votes]
        not_voted = list(final.not_voted)
    else:
        by: dict[str, list[str]] = {}
        for voter, target in votes.items():
            by.setdefault(target, []).append(voter)
        rows = sorted(({"target": t, "votes": len(v), "voters": v} for t, v in by.items()), key=lambda r: -r["votes"])
        not_voted = [p.name for p in config.players if p.name not in dead and p.name not in votes]
    start = since or (steps[0].at if steps else at)
    return {
        "rows": rows,
        "not_voted": not_voted,
        "steps": [
            {
                "at": s.at.astimezone(tz).strftime("%d/%m %H:%M"),
                "voter": s.voter,
                "target": s.target,
                "excerpt": s.excerpt,
            }
            for s in steps
        ],
        "chart": chart(steps, start, at, tz),
    }


def chart(steps: list[Step], start: datetime, end: datetime, tz: ZoneInfo) -> dict[str, Any]:
    """A step chart's geometry: for each player who had votes that day, the points of a step line (votes
    over time, from ``start`` to ``end``), its colour; the axes' ticks. The template draws it in SVG."""
    targets: list[str] = []
    for s in steps:
        for target in s.tally:
            if target not in targets:
                targets.append(target)
    top = max((v for s in steps for v in s.tally.values()), default=1) or 1
    span = max((end - start).total_seconds(), 1.0)
    inner_w, inner_h = CHART_W - LEFT - RIGHT, CHART_H - TOP - BOTTOM

    def x(when: datetime) -> float:
        return round(LEFT + inner_w * min(max((when - start).total_seconds() / span, 0.0), 1.0), 1)

    def y(votes: int) -> float:
        return round(TOP + inner_h * (1 - votes / top), 1)

    lines = []
    for index, target in enumerate(targets):
        points = [(x(start), y(0))]
        level = 0
        for s in steps:
            now = s.tally.get(target, 0)
            if now != level:
                points += [(x(s.at), y(level)), (x(s.at), y(now))]
                level = now
        points.append((x(end), y(level)))
        lines.append(
            {
                "target": target,
                "colour": PALETTE[index % len(PALETTE)],
                "points": " ".join(f"{a},{b}" for a, b in points),
                "final": level,
            }
        )
    step = 1 if top <= 8 else 2 if top <= 16 else 5
    hours = max(1, int(span // 3600 // 6))  # at most about six hour marks between the ends
    mark = start.astimezone(tz).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    marks = []
    while mark < end:
        where = x(mark)
        if LEFT + 60 < where < CHART_W - RIGHT - 60 and mark.astimezone(tz).hour % hours == 0:
            marks.append({"x": where, "label": mark.astimezone(tz).strftime("%Hh"), "anchor": "middle"})
        mark += timedelta(hours=1)
    return {
        "width": CHART_W,
        "height": CHART_H,
        "lines": lines,
        "yticks": [{"y": y(v), "label": v} for v in range(0, top + 1, step)],
        "xticks": [
            {"x": x(start), "label": start.astimezone(tz).strftime("%d/%m %H:%M"), "anchor": "start"},
            *marks,
            {"x": x(end), "label": end.astimezone(tz).strftime("%d/%m %H:%M"), "anchor": "end"},
        ],
        "left": LEFT,
        "right": CHART_W - RIGHT,
        "bottom": CHART_H - BOTTOM,
        "top": TOP,
    }


def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("meneur", "templates/archive"),
        autoescape=select_autoescape(["html", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def summary(data: dict[str, Any], markup: str) -> str:
    """The summary the MJ can post: the winner, the deaths by phase with their roles."""
    text_env = Environment(
        loader=PackageLoader("meneur", "templates/archive"),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    text_env.filters["esc"] = _escape_bbcode if markup == "bbcode" else _escape_markdown
    return text_env.get_template(f"resume.{markup}.j2").render(**data)


def _escape_bbcode(value: object) -> str:
    return str(value).replace("[", "&#91;").replace("]", "&#93;")


def _escape_markdown(value: object) -> str:
    text = str(value)
    for char in "\\`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text


def write_site(data: dict[str, Any], out: Path, force: bool) -> list[Path]:
    """Write the site into ``out``; returns the files written. A folder that holds anything but a previous
    archive's files is refused without ``force``."""
    names = ["index.html", "archive.css", "resume.bbcode", "resume.md"]
    if out.exists() and not out.is_dir():
        raise ArchiveError(_("{path} is a file, not a folder").format(path=out))
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ArchiveError(_("{path} is not empty: give --force to write the archive over it").format(path=out))
    out.mkdir(parents=True, exist_ok=True)
    env = _environment()
    (out / "index.html").write_text(env.get_template("index.html.j2").render(**data), encoding="utf-8")
    (out / "archive.css").write_text(env.get_template("archive.css.j2").render(), encoding="utf-8")
    (out / "resume.bbcode").write_text(summary(data, "bbcode"), encoding="utf-8")
    (out / "resume.md").write_text(summary(data, "markdown"), encoding="utf-8")
    return [out / name for name in names]


def add_archive_command(commands: Any) -> None:
    archive = commands.add_parser(
        "archive",
        help=_("write a finished game's archive: a static HTML site and a summary to post"),
        description=_(
            "Write the game's memory into a folder, from its database: one HTML page that opens without a "
            "server (the phases, every death with role and cause, each day's count with a chart of votes over "
            "time, the night actions, the roles dealt, the posts meneur sent), its CSS, and a summary to post "
            "(resume.bbcode, resume.md)."
        ),
    )
    archive.add_argument("--config", required=True, help=_("the game's configuration file (TOML)"))
    archive.add_argument("--out", required=True, metavar="DIR", help=_("the folder to write the site into"))
    archive.add_argument("--force", action="store_true", help=_("write into a folder that is not empty"))
    archive.add_argument("--partial", action="store_true", help=_("archive a game that is not over yet"))
    archive.add_argument("--summary", action="store_true", help=_("also print the summary to post"))
    archive.set_defaults(handler=cmd_archive)


def cmd_archive(args: argparse.Namespace) -> int:
    from .cli import UsageError  # cli imports this module: the error class is taken when needed

    config = load_config(Path(args.config))
    database = config.live.database
    if not database.is_file():
        raise ConfigError(_("{path}: no game database here ([game] database)").format(path=database))
    try:
        store = Store(database)
        data = gather(config, store, datetime.now().astimezone())
    except ArchiveError as exc:
        raise UsageError(str(exc)) from exc
    if not data["over"] and not args.partial:
        raise UsageError(_("the game is not over (no winner yet): give --partial to archive it as it stands"))
    try:
        written = write_site(data, Path(args.out), args.force)
    except ArchiveError as exc:
        raise UsageError(str(exc)) from exc
    except OSError as exc:
        raise UsageError(_("cannot write {path}: {error}").format(path=args.out, error=exc.strerror or exc)) from exc
    if not data["over"]:
        print(
            _("warning: the game is not over and this archive shows every role and night action: keep it to yourself"),
            file=sys.stderr,
        )
    if args.summary:
        sys.stdout.write(summary(data, config.markup))
    print(_("archive written: {path}").format(path=written[0].resolve()), file=sys.stderr)
    return 0
