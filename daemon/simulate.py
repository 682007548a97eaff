"""``meneur simulate RULESET --players N``: random games of one rule set with simple player policies
(``engine/simulate.py``, pure), and their win rates per camp and per role with 95 % Wilson intervals, as
text, JSON, or an SVG bar chart drawn here (no plotting library).

This module is the side-effect part: it times the run, spreads the games over processes when asked,
prints the report and writes the chart. Same arguments and seed ⇒ same games, whatever ``--processes``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.contract import RuleSet
from ..engine.simulate import POLICIES, UNFINISHED, GameResult, Rate, Summary, game_seed, play, summarise
from .i18n import _, language

MIN_PLAYERS = 3
MAX_PLAYERS = 200
MAX_GAMES = 10_000_000


def add_simulate_command(commands: Any) -> None:
    sim = commands.add_parser(
        "simulate",
        help=_("play random games of a rule set and measure its balance"),
        description=_(
            "Play random games of a rule set with simple player policies and report the win rate of each "
            "camp and of each role's holder, with 95 % Wilson intervals."
        ),
    )
    sim.add_argument("ruleset", metavar="RULESET", help=_("the rule set's id (meneur rulesets lists them)"))
    sim.add_argument("--players", metavar="N", help=_("how many players (required unless --roles gives them)"))
    sim.add_argument(
        "--roles", metavar="ROLE,…", help=_('the roles dealt, comma-separated, one per player: "voyante,loup_garou,…"')
    )
    sim.add_argument("--games", metavar="N", default="1000", help=_("how many games (default 1000)"))
    sim.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        default="random",
        help=_("random: random votes and powers; pack: the wolves act together, the village follows its seers"),
    )
    sim.add_argument(
        "--seed", metavar="N", default="0", help=_("the run's seed: the same seed gives the same games (default 0)")
    )
    sim.add_argument("--processes", metavar="N", default="1", help=_("processes to play the games on (default 1)"))
    sim.add_argument("--json", action="store_true", help=_("print JSON"))
    sim.add_argument("--svg", metavar="FILE", help=_("also write a bar chart of the win rates (SVG)"))
    sim.set_defaults(handler=cmd_simulate)


def _refuse(message: str) -> Exception:
    from .cli import UsageError  # cli imports this module: the error class is taken when needed

    return UsageError(message)


def _number(option: str, text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise _refuse(
            _("{option}: {value!r} is not a whole number from {low} to {high}").format(
                option=option, value=text, low=low, high=high
            )
        )
    return value


def _rules(name: str) -> RuleSet:
    from ..engine.rulesets import installed, ruleset

    try:
        return ruleset(name)
    except KeyError as exc:
        known = ", ".join(sorted(installed()))
        raise _refuse(_("unknown rule set {name!r} (installed: {known})").format(name=name, known=known)) from exc


def _names(count: int) -> list[str]:
    return [f"Joueur{n:02d}" for n in range(1, count + 1)]


def _play_chunk(task: tuple[str, list[str], int, str, list[str] | None, int, int]) -> list[GameResult]:
    """Games ``first`` to ``last`` (excluded) of a run: one process's share."""
    from ..engine.rulesets import ruleset

    name, names, seed, policy, roles, first, last = task
    rules = ruleset(name)
    player = POLICIES[policy]()
    return [play(rules, names, game_seed(seed, n), player, roles) for n in range(first, last)]


def run(
    rules: RuleSet,
    names: list[str],
    seed: int,
    policy: str,
    roles: list[str] | None,
    games: int,
    processes: int,
    begin: int = 0,
) -> list[GameResult]:
    """Games ``begin`` to ``games`` of the run, in order (the chunks are put back in order: the same results
    for any ``processes``)."""
    size = max(1, -(-(games - begin) // (processes * 4)))
    tasks = [
        (rules.id, names, seed, policy, roles, first, min(games, first + size)) for first in range(begin, games, size)
    ]
    if processes <= 1 or len(tasks) <= 1:
        return [r for task in tasks for r in _play_chunk(task)]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        return [r for chunk in pool.map(_play_chunk, tasks) for r in chunk]


def _label(rules: RuleSet, key: str) -> str:
    if key == UNFINISHED:
        return _("unfinished")
    return rules.role_names.get(key) or rules.item_names.get(key) or key


def _decimal(value: float, digits: int = 1) -> str:
    """A number as the MJ writes it: a decimal comma in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language() == "fr" else text


def _percent(value: float) -> str:
    return _decimal(100 * value)


def report_text(rules: RuleSet, players: int, policy: str, seed: int, summary: Summary, seconds: float) -> str:
    lines = [
        _("{ruleset}: {players} players, {games} games, policy {policy}, seed {seed}").format(
            ruleset=rules.id, players=players, games=summary.games, policy=policy, seed=seed
        ),
        _("time taken: {seconds} s ({rate} games per second), {phases} phases per game").format(
            seconds=_decimal(seconds),
            rate=_decimal(summary.games / seconds if seconds > 0 else 0.0, 0),
            phases=_decimal(summary.phases / summary.games if summary.games else 0.0),
        ),
        "",
        _("Wins per camp (95 % Wilson interval):"),
    ]
    width = max(len(_label(rules, r.key)) for r in (*summary.camps, *summary.roles))
    for rate in summary.camps:
        low, high = rate.interval
        lines.append(
            f"  {_label(rules, rate.key):<{width}}  {_percent(rate.rate):>5} %  "
            f"[{_percent(low)} – {_percent(high)}]  {rate.wins}/{rate.games}"
        )
    lines += ["", _("Per role: its camp, players dealt it, and how often its holder won (95 % Wilson interval):")]
    camp_width = max((len(r.camp) for r in summary.roles), default=0)
    for rate in summary.roles:
        low, high = rate.interval
        lines.append(
            f"  {_label(rules, rate.key):<{width}}  {rate.camp:<{camp_width}}  {rate.games:>7}  "
            f"{_percent(rate.rate):>5} %  [{_percent(low)} – {_percent(high)}]"
        )
    return "\n".join(lines)


def report_json(rules: RuleSet, players: int, policy: str, seed: int, summary: Summary, seconds: float) -> str:
    def rates(found: Sequence[Rate]) -> dict[str, Any]:
        return {r.key: {"name": _label(rules, r.key), **r.as_json()} for r in found}

    document = {
        "ruleset": rules.id,
        "players": players,
        "games": summary.games,
        "policy": policy,
        "seed": seed,
        "seconds": round(seconds, 3),
        "phases": summary.phases,
        "camps": rates(summary.camps),
        "roles": rates(summary.roles),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


# -- the chart ---------------------------------------------------------------------------------------
_COLOURS = {"village": "#3b7dd8", "loups": "#b03030"}
_OTHER = "#888888"


def chart_svg(rules: RuleSet, players: int, policy: str, summary: Summary) -> str:
    """Horizontal bars, one per camp then one per role (in the colour of the camp it is dealt in), each with
    its 95 % interval as a whisker."""
    left, bar_width, row, top = 190, 460, 24, 50
    rows: list[tuple[str, Rate, str, str]] = [
        ("camp", r, _label(rules, r.key), _COLOURS.get(r.key, _OTHER)) for r in summary.camps
    ]
    rows += [("role", r, _label(rules, r.key), _COLOURS.get(r.camp, _OTHER)) for r in summary.roles]
    height = top + row * (len(rows) + 2) + 30
    width = left + bar_width + 80
    title = _("{ruleset}, {players} players, {games} games ({policy}): win rates, 95 % intervals").format(
        ruleset=rules.id, players=players, games=summary.games, policy=policy
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="22" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    for tick in range(0, 101, 25):
        x = left + bar_width * tick / 100
        out.append(f'<line x1="{x:.1f}" y1="{top - 8}" x2="{x:.1f}" y2="{height - 30}" stroke="#dddddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 14}" text-anchor="middle">{tick} %</text>')
    y = top
    section = ""
    for kind, rate, label, colour in rows:
        if kind != section:
            section = kind
            heading = _("Camps") if kind == "camp" else _("Roles (their holder's wins)")
            out.append(f'<text x="10" y="{y + 12}" font-weight="bold">{escape(heading)}</text>')
            y += row
        low, high = rate.interval
        mid = y + row / 2 - 2
        out.append(f'<text x="{left - 8}" y="{mid + 4:.1f}" text-anchor="end">{escape(label)}</text>')
        out.append(
            f'<rect class="{kind}" data-key={quoteattr(rate.key)} x="{left}" y="{y + 3}" '
            f'width="{bar_width * rate.rate:.2f}" height="{row - 10}" fill="{colour}">'
            f"<title>{escape(label)} : {_percent(rate.rate)} % ({rate.wins}/{rate.games})</title></rect>"
        )
        x1, x2 = left + bar_width * low, left + bar_width * high
        out.append(
            f'<g class="interval" stroke="black"><line x1="{x1:.2f}" y1="{mid:.1f}" x2="{x2:.2f}" y2="{mid:.1f}"/>'
            f'<line x1="{x1:.2f}" y1="{mid - 5:.1f}" x2="{x1:.2f}" y2="{mid + 5:.1f}"/>'
            f'<line x1="{x2:.2f}" y1="{mid - 5:.1f}" x2="{x2:.2f}" y2="{mid + 5:.1f}"/></g>'
        )
        out.append(f'<text x="{x2 + 6:.1f}" y="{mid + 4:.1f}">{_percent(rate.rate)} %</text>')
        y += row
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the command -------------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules(args.ruleset)
    roles: list[str] | None = None
    if args.roles is not None:
        roles = [r.strip() for r in args.roles.split(",") if r.strip()]
        unknown = sorted({r for r in roles if r not in rules.role_names})
        if unknown:
            raise _refuse(
                _("--roles: unknown roles in {ruleset}: {unknown} (known: {known})").format(
                    ruleset=rules.id, unknown=", ".join(unknown), known=", ".join(sorted(rules.role_names))
                )
            )
    if args.players is None and roles is None:
        raise _refuse(_("--players: how many players? (or --roles, one role per player)"))
    players = _number("--players", args.players, MIN_PLAYERS, MAX_PLAYERS) if args.players is not None else 0
    if roles is not None:
        if players and len(roles) != players:
            raise _refuse(
                _("--roles gives {roles} roles for {players} players: one role per player").format(
                    roles=len(roles), players=players
                )
            )
        players = _number("--players", str(len(roles)), MIN_PLAYERS, MAX_PLAYERS)
    games = _number("--games", args.games, 1, MAX_GAMES)
    seed = _number("--seed", args.seed, 0, 2**63 - 1)
    processes = _number("--processes", args.processes, 1, 64)
    names = _names(players)
    start = time.perf_counter()
    try:  # one game first: a deal the rule set refuses is said before the run, not from a process
        first = _play_chunk((rules.id, names, seed, args.policy, roles, 0, 1))
    except (ValueError, TypeError, KeyError) as exc:
        raise _refuse(
            _("{ruleset} cannot be simulated with {players} players and this deal: {error}").format(
                ruleset=rules.id, players=players, error=exc
            )
        ) from exc
    results = first + run(rules, names, seed, args.policy, roles, games, processes, begin=1)
    seconds = time.perf_counter() - start
    summary = summarise(results)
    if args.svg:
        try:
            Path(args.svg).write_text(chart_svg(rules, players, args.policy, summary), encoding="utf-8")
        except OSError as exc:
            raise _refuse(_("cannot write {path}: {error}").format(path=args.svg, error=exc.strerror or exc)) from exc
    if args.json:
        print(report_json(rules, players, args.policy, seed, summary, seconds))
    else:
        print(report_text(rules, players, args.policy, seed, summary, seconds))
        if args.svg:
            print(_("chart written to {path}").format(path=args.svg))
    return 0
