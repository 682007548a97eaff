"""Deadlines as the configuration and the command line give them: read (ISO 8601 text or a TOML date,
naive meaning forum time) and checked (a year no game lasts to, a local time the clocks skip or repeat)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
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
