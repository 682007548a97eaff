"""Deadlines as the configuration and the command line give them: read (ISO 8601 text or a TOML date,
naive meaning forum time) and checked (a year no game lasts to, a local time the clocks skip or repeat)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from ..parsers.dates import zone
from .i18n import _


def deadline_problem(value: Any, moment: datetime, timezone: str) -> str | None:
    """What is wrong with a deadline that parsed: a year no game lasts to, or a local time the clock skips
    or shows twice (a daylight-saving change), which only an explicit offset makes one instant."""
    if not 2000 <= moment.year <= 2199:
        return _("the year {year}? (a deadline between 2000 and 2199)").format(year=moment.year)
    naive = (isinstance(value, datetime) and value.tzinfo is None) or (isinstance(value, str) and _no_offset(value))
    if not naive:
        return None
    local = moment.replace(tzinfo=None)
    there = moment.astimezone(UTC).astimezone(zone(timezone)).replace(tzinfo=None)
    if there != local:
        return _("{moment} does not exist in {zone} (the clocks skip it): give the offset").format(
            moment=local.isoformat(), zone=timezone
        )
    other = moment.replace(fold=1 - moment.fold)
    if other.utcoffset() != moment.utcoffset():
        return _("{moment} happens twice in {zone} (the clocks go back): give the offset (+01:00…)").format(
            moment=local.isoformat(), zone=timezone
        )
    return None


def _no_offset(text: str) -> bool:
    return datetime.fromisoformat(text.strip().replace("Z", "+00:00")).tzinfo is None


def parse_deadline(value: Any, timezone: str) -> datetime | None:
    """A deadline from TOML or the command line: a datetime, or ISO 8601 text; naive means forum time."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        if not re.search(r"\d[T ]\d", value.strip()):
            return None  # a date alone: which end of the day? The MJ must say.
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone(timezone))
    return moment


# A phase id: J1, N2, and a rule set's own split days (citadelles' J0-matin, J0-zenith, J0-soir).
PHASE_ID = re.compile(r"[JN]\d+(?:-[a-z]+)?")
# A day's part as a label says it ("Jour 0 matin", "Jour 0 (zénith)", "J0 — soir"): its phase suffix.
_PARTS = {"matin": "matin", "zenith": "zenith", "zénith": "zenith", "midi": "zenith", "soir": "soir"}


def kind_of(label: str) -> str:
    """A deadline's kind when the configuration does not say: a night for a label that names one ("Nuit 2",
    "N2"), else a day."""
    words = label.strip().casefold()
    return "night" if words.startswith("nuit") or re.fullmatch(r"n\d+", words) else "day"


def phase_of(label: str, kind: str) -> str | None:
    """The phase a deadline's label names: its own id ("J0-soir", "N2"), else "Jour 2" → J2, "Nuit 3" → N3
    (the rule files' numbering) and, for a day split in parts, "Jour 0 matin" → J0-matin, "Jour 0 (zénith)"
    → J0-zenith."""
    own = PHASE_ID.fullmatch(label.strip())
    if own is not None:
        return own.group()
    found = re.search(r"(\d+)", label)
    if found is None:
        return None
    phase = ("J" if kind == "day" else "N") + found.group(1)
    part = next((_PARTS[w] for w in re.findall(r"\w+", label.casefold()) if w in _PARTS), None)
    return f"{phase}-{part}" if part and kind == "day" else phase


def phase_problem(phase: str, ruleset: str | None) -> str | None:
    """Why a deadline's phase is not one the game has, or None. A plain J1 or N2 fits every rule set; a day
    split in parts (J0-matin) only a rule set whose phases say so (``RuleSet.phase_after`` knows it)."""
    if PHASE_ID.fullmatch(phase) is None:
        return _("a phase like J1 or N2, not {phase!r}").format(phase=phase)
    if phase == "J0" and ruleset and (split := split_day0(ruleset)):
        return _("the rule set {ruleset} plays day 0 in {n} phases, one deadline each: {phases}").format(
            ruleset=ruleset, n=len(split), phases=", ".join(split)
        )
    if "-" not in phase:
        return None
    from ..engine.rulesets import ruleset as find

    try:
        after = find(ruleset).phase_after if ruleset else None
    except (KeyError, ValueError):
        return None  # an unknown rule set is said elsewhere
    try:
        known = after is not None and bool(after(phase))
    except (ValueError, KeyError, IndexError):
        known = False
    if not known:
        return _("the rule set {ruleset} has no phase {phase!r} (a phase like J1 or N2)").format(
            ruleset=ruleset or "-", phase=phase
        )
    return None


@lru_cache(maxsize=16)
def split_day0(ruleset: str) -> tuple[str, ...]:
    """The phases of a day 0 played in parts (``RuleSet.phase_after``: citadelles' J0-matin → J0-zenith →
    J0-soir), from the phase the rule set's setup starts at; none for a day 0 of one phase (or an unknown
    rule set, said elsewhere)."""
    from ..engine.rulesets import ruleset as rules_of
    from .init_file import example_players

    try:
        rules = rules_of(ruleset)
        if rules.phase_after is None:
            return ()
        phase = rules.setup(example_players(ruleset), 0).phase
    except (KeyError, ValueError, TypeError):
        return ()
    found: list[str] = []
    while phase.startswith("J0-") and len(found) < 6:
        found.append(phase)
        phase = rules.phase_after(phase)
    return tuple(found)
