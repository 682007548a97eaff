"""Forum dates → aware UTC datetimes.

Machine dates (ISO 8601 / RFC 3339, as in phpBB 3's ``<time datetime>``) are read as they are.
Localised dates ("sam. 14 mars 2026 20:42", "Sam 14 Mar 2026 - 20:42", "14/03/2026 20:42",
"14 mars 2026 à 20h42", Django's "March 14, 2026, 8:42 p.m.") are read in the forum's time zone.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .records import ParseError

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    [
        ("janvier", "janv", "jan", "january"),
        ("fevrier", "fevr", "fev", "february", "feb"),
        ("mars", "mar", "march"),
        ("avril", "avr", "april", "apr"),
        ("mai", "may"),
        ("juin", "june", "jun"),
        ("juillet", "juil", "july", "jul"),
        ("aout", "aou", "august", "aug"),
        ("septembre", "sept", "sep", "september"),
        ("octobre", "oct", "october"),
        ("novembre", "nov", "november"),
        ("decembre", "dec", "december"),
    ],
    start=1,
):
    for _name in _names:
        _MONTHS[_name] = _number

_NUMERIC = re.compile(r"(?<!\d)(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?!\d)")
_ISO_DAY = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DAY_MONTH = re.compile(r"(?<!\d)(\d{1,2})(?:er)?\s+([a-z]+)\.?,?\s+(\d{4})(?!\d)")
_MONTH_DAY = re.compile(r"\b([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})(?!\d)")
_TIME = re.compile(
    r"(?<!\d)(\d{1,2})(?:\s*[:h]\s*(\d{2})(?:\s*[:m]\s*(\d{2}))?)?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?![\d/.-])"
)


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ParseError(f"unknown time zone {name!r}") from exc


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.replace("\u00a0", " "))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def parse_iso(text: str) -> datetime | None:
    """An ISO 8601 timestamp with an offset, in UTC; None if ``text`` is not one."""
    candidate = text.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})", candidate):
        return None
    return datetime.fromisoformat(candidate.replace("Z", "+00:00")).astimezone(UTC)


def parse_forum_date(text: str, tz: str = "Europe/Paris") -> datetime:
    """Read a date as a forum prints it; the result is aware and in UTC.

    Raises ParseError when no full date (day, month, year, hour) can be found.
    """
    iso = parse_iso(text)
    if iso is not None:
        return iso
    folded = _fold(text)
    found = _find_day(folded)
    if found is None:
        raise ParseError(f"no date found in {text.strip()[:80]!r}")
    (year, month, day), end = found
    hour, minute, second = _find_time(folded[end:], text)
    where = zone(tz)
    try:
        local = datetime(year, month, day, hour, minute, second, tzinfo=where)
    except ValueError as exc:
        raise ParseError(f"impossible date in {text.strip()[:80]!r}") from exc
    return local.astimezone(UTC)


def _find_day(folded: str) -> tuple[tuple[int, int, int], int] | None:
    best: tuple[int, tuple[int, int, int], int] | None = None
    for pattern, order in ((_ISO_DAY, "ymd"), (_NUMERIC, "dmy"), (_DAY_MONTH, "dMy"), (_MONTH_DAY, "Mdy")):
        for match in pattern.finditer(folded):
            parts = dict(zip(order, match.groups(), strict=True))
            if "M" in parts:
                month = _MONTHS.get(parts["M"])
                if month is None:
                    continue
            else:
                month = int(parts["m"])
            year = int(parts["y"])
            if year < 100:
                year += 2000
            day = int(parts["d"])
            if best is None or match.start() < best[0]:
                best = (match.start(), (year, month, day), match.end())
            break
    if best is None:
        return None
    return best[1], best[2]


def _find_time(rest: str, original: str) -> tuple[int, int, int]:
    if re.match(r"\W*(?:a\s+)?midnight", rest):
        return 0, 0, 0
    if re.match(r"\W*(?:a\s+)?noon", rest):
        return 12, 0, 0
    for match in _TIME.finditer(rest):
        hour_s, minute_s, second_s, meridiem = match.groups()
        if minute_s is None and meridiem is None:
            continue  # a bare number is not a time
        hour = int(hour_s)
        minute = int(minute_s or 0)
        second = int(second_s or 0)
        if meridiem:
            if hour > 12:
                continue
            hour = hour % 12 + (12 if meridiem.startswith("p") else 0)
        if hour < 24 and minute < 60 and second < 60:
            return hour, minute, second
    raise ParseError(f"no time of day found in {original.strip()[:80]!r}")
