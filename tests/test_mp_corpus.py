"""The MP corpus (issue 12): every MP of fixtures/mps/*.toml read by :func:`read_mp` in its game's context,
against the reading a careful MJ would make.

Three rates, printed (``pytest -s``) and checked:

- **without an outcome**: an MP the reader gives up on — read as nothing, or "not understood" when a careful
  MJ reads it (an order or chatter; "not understood" is fair only where the MJ would ask back too) — or an
  order read as chatter, lost without a word to the MJ. Goal: 0.
- **wrong with certainty**: an action read without doubt that the MP does not give (another power, other
  names, an order read in chatter). Goal: 0.
- **read exactly**: the reading is the expected one (an expected action read *with doubt* counts). Goal ≥ 97 %.

The reader's own development set (tests/fixtures/mps_dev_*.toml) is scored the same way, separately."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.mp_actions import MpReading, read_mp
from meneur.engine import rulesets
from meneur.engine.contract import RuleSet
from meneur.engine.model import Action, GameState
from meneur.engine.modules import compose
from meneur.engine.modules.baguette.common import bag
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets import ruleset

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "fixtures" / "mps").glob("*.toml"))
DEV = sorted((ROOT / "tests" / "fixtures").glob("mps_dev_*.toml"))
GOAL_EXACT = 0.97
LIMIT = 25


@dataclass
class Scored:
    id: str
    text: str
    expected: str
    read: str
    exact: bool
    lost: bool
    wrong: bool
    missed_refusal: bool = False


def rules_of(rules_id: str, game: dict[str, Any]) -> RuleSet:
    """The file's rule set, with the modules it names composed on it (``modules = ["baguette"]``)."""
    base = ruleset(rules_id)
    return compose(base, game["modules"]) if game.get("modules") else base


def game_state(rules_id: str, game: dict[str, Any], mp: dict[str, Any]) -> GameState:
    """The rule set's setup with the file's (or the MP's) roles, camps and groups; the dead marked; the phase."""
    context = {**game, **{k: mp[k] for k in ("dead", "players", "magicien") if k in mp}}
    for key in ("roles", "camps", "groups"):  # an MP's own roles, camps, groups are merged over the game's
        context[key] = {**game.get(key, {}), **mp.get(key, {})}
    rules = rules_of(rules_id, game)
    extra = {k: context[k] for k in ("camps", "groups") if context.get(k)}
    try:
        state: GameState = rules.setup(list(context["players"]), 1, roles=dict(context["roles"]), **extra)
    except ValueError:
        # A later state than setup allows (convivialite: a second wolf after N1): set up with the first
        # wolf, then give every player the camp the context says.
        wolves = [n for n, c in context["camps"].items() if c == "loups"][:1]
        extra["camps"] = {n: c for n, c in context["camps"].items() if c != "loups" or n in wolves}
        state = rules.setup(list(context["players"]), 1, roles=dict(context["roles"]), **extra)
    for name, camp in context["camps"].items():
        state.player(name).camp = camp
    for name in context.get("dead", []):
        player = state.player(name)
        player.alive = False
        player.death_phase = "J1"
        player.death_cause = "mj"
    state.phase = str(mp["phase"])
    if "baguette" in game.get("modules", ()):  # the module's memory an MP needs (fixtures/mps/baguette.toml)
        memory = bag(state)
        memory["magicien"] = context.get("magicien")
        if "second_tour" in mp:
            memory["second_tour"] = list(mp["second_tour"])
        if "egalite" in mp:
            memory["egalite_en_attente"] = {"magicien": context.get("magicien"), "candidates": list(mp["egalite"])}
    return state


def _last_per_power(actions: list[tuple[str, tuple[str, ...]]]) -> list[tuple[str, tuple[str, ...]]]:
    """A later order for the same power replaces an earlier one (as at resolution); targets compared as
    multisets (fixtures/mps/README.md: no power gives their order a meaning; repeats count)."""
    kept: dict[str, tuple[str, ...]] = {}
    for power, targets in actions:
        kept.pop(power, None)
        kept[power] = tuple(sorted(targets))
    return list(kept.items())


def score(rules_id: str, game: dict[str, Any], mp: dict[str, Any]) -> Scored:
    state = game_state(rules_id, game, mp)
    rules = rules_of(rules_id, game)
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading: MpReading = read_mp(
        mp["text"], mp["from"], state, rules.verbs, resolver, str(mp["id"]), asked=mp.get("asked")
    )
    valid: list[tuple[str, tuple[str, ...]]] = []
    refused: list[str] = []
    certain: list[tuple[str, tuple[str, ...]]] = []
    for index, action in enumerate(reading.actions):
        pair = (action.power, tuple(action.targets))
        if rules.validate(state, Action(action.player, action.power, action.targets)) is None:
            valid.append(pair)
        else:
            refused.append(action.power)
        if index not in reading.doubtful:
            certain.append(pair)
    read = describe(reading, refused)
    missed = False
    if "actions" in mp:
        expected = _last_per_power([(a["power"], tuple(a["targets"])) for a in mp["actions"]])
        # The orders read, as given (the context cannot carry every bit of a game's memory the rule set's
        # validation may look at: a hunter's shot is asked at his death, a griffure needs its source).
        read_all = [(a.power, tuple(a.targets)) for a in reading.actions]
        exact = _last_per_power(read_all) == expected and not reading.unclear
        # A wrong action: one read for sure that would be carried out (valid), or a wrong choice of names for a
        # power the MP does order; an extra order the rule set refuses is shown to the MJ as refused, not done.
        expected_powers = {p for p, _ in expected}
        valid_powers = {p for p, _ in valid}
        wrong = any(
            pair not in expected and (pair[0] in valid_powers or pair[0] in expected_powers)
            for pair in _last_per_power(certain)
        )
        shown = f"actions {expected}"
    elif "refused" in mp:
        # The reader's part is to read the order the rule set must refuse; the refusal is the rule set's.
        # Where its validation lets the order through (history the context lacks, a check it does not make),
        # the reading still counts, and the MP is listed apart (``missed_refusal``) for the rule set's owner.
        read_powers = {a.power for a in reading.actions}
        exact = read_powers == set(mp["refused"]) and not reading.unclear
        missed = exact and not set(mp["refused"]) <= set(refused)
        wrong = any(power not in mp["refused"] for power, _ in certain)
        shown = f"refused {mp['refused']}"
    elif mp.get("unclear"):
        exact = bool(reading.unclear or reading.not_understood) and not certain
        wrong = bool(certain)
        shown = "unclear"
    else:
        assert mp.get("not_an_order"), f"{mp['id']}: no expected reading"
        exact = reading.not_an_order and not reading.actions
        wrong = bool(certain)
        shown = "not an order"
    if "actions" in mp or "refused" in mp:
        lost = not reading.actions and not reading.unclear  # read as chatter, "not understood" or nothing
    elif mp.get("not_an_order"):
        lost = not reading.not_an_order and not reading.actions and not reading.unclear
    else:
        lost = not (reading.actions or reading.unclear or reading.not_understood or reading.not_an_order)
    return Scored(str(mp["id"]), mp["text"], shown, read, exact, lost, wrong, missed)


def describe(reading: MpReading, refused: list[str]) -> str:
    parts = []
    for index, action in enumerate(reading.actions):
        doubt = " (doute)" if index in reading.doubtful else ""
        flag = " [refusé]" if action.power in refused else ""
        parts.append(f"{action.power} {list(action.targets)}{doubt}{flag}")
    parts += [f"unclear {u.power}: {u.name!r}" for u in reading.unclear]
    if reading.not_understood:
        parts.append("not understood")
    if reading.not_an_order:
        parts.append("not an order")
    return "; ".join(parts) or "NOTHING"


def mps(files: list[Path]) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for mp in data["mp"]:
            yield data["ruleset"], {**data["game"], "modules": data.get("modules", [])}, mp


def report(files: list[Path], label: str) -> tuple[list[Scored], str]:
    scored = [score(rules_id, game, mp) for rules_id, game, mp in mps(files)]
    total = len(scored)
    lost = [s for s in scored if s.lost]
    wrong = [s for s in scored if s.wrong]
    exact = [s for s in scored if s.exact]
    lines = [
        f"{label}: {total} MPs",
        f"  without an outcome: {len(lost)} ({100 * len(lost) / total:.1f} %)",
        f"  wrong with certainty: {len(wrong)} ({100 * len(wrong) / total:.1f} %)",
        f"  read exactly: {len(exact)} ({100 * len(exact) / total:.1f} %)",
        "  worst failures:",
    ]
    missed = [s for s in scored if s.missed_refusal]
    failures = sorted((s for s in scored if not s.exact), key=lambda s: (not s.lost, not s.wrong, s.id))
    for s in failures[:LIMIT]:
        tag = "LOST" if s.lost else "WRONG" if s.wrong else "inexact"
        lines.append(f"    {s.id} [{tag}] {s.text!r}\n      expected {s.expected}; read {s.read}")
    lines.append(f"  refusals the rule set's validation does not give (read right, not refused): {len(missed)}")
    lines += [f"    {s.id} {s.text!r}: expected {s.expected}; read {s.read}" for s in missed]
    text = "\n".join(lines)
    print(text)
    return scored, text


def check(scored: list[Scored], text: str) -> None:
    assert not [s for s in scored if s.lost], text
    assert not [s for s in scored if s.wrong], text
    assert sum(s.exact for s in scored) >= GOAL_EXACT * len(scored), text


@pytest.fixture(autouse=True, scope="module")
def double_roles_declared() -> Iterator[None]:
    """`double-roles` has no entry point in pyproject.toml yet (SPEC.md): declared for this module's duration,
    as tests/test_double_roles_scenarios.py does, so that its share of the corpus is read."""
    table = rulesets.installed()
    added = "double-roles" not in table
    if added:
        table["double-roles"] = EntryPoint(
            "double-roles", "meneur.engine.rulesets.double_roles:RULESET", rulesets.GROUP
        )
    yield
    if added:
        del table["double-roles"]
        rulesets.ruleset.cache_clear()


def test_double_roles_share_meets_the_goals() -> None:
    """Issue 18: double-roles' share alone (the whole corpus's rate could hide a weak share)."""
    check(*report([ROOT / "fixtures" / "mps" / "double-roles.toml"], "fixtures/mps/double-roles.toml"))


@pytest.mark.skipif(not CORPUS, reason="fixtures/mps/ has not landed yet")
def test_corpus_rates_meet_the_goals() -> None:
    check(*report(CORPUS, "fixtures/mps"))


# Issue 17: the citadelles share (its 12- and 16-player games) meets the goals on its own too.
CITADELLES = sorted((ROOT / "fixtures" / "mps").glob("citadelles*.toml"))


@pytest.mark.skipif(not CITADELLES, reason="no citadelles share")
def test_citadelles_share_meets_the_goals() -> None:
    check(*report(CITADELLES, "fixtures/mps citadelles"))


def test_baguette_share_meets_the_goals() -> None:
    """Issue 19: the module's share alone (votes, blanks and the election by MP, the wand's powers)."""
    check(*report([ROOT / "fixtures" / "mps" / "baguette.toml"], "fixtures/mps/baguette.toml"))


def test_development_set_rates_meet_the_goals() -> None:
    check(*report(DEV, "tests/fixtures/mps_dev"))
