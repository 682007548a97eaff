"""Forum dates as the engines print them, read into UTC; Europe/Paris summer time on both sides."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from meneur.parsers.dates import parse_forum_date
from meneur.parsers.records import ParseError


def utc(year: int, month: int, day: int, hour: int, minute: int, second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # phpBB 3: <time datetime="…">, ISO 8601 with an offset (UTC on prosilver)
        ("2026-03-14T20:42:17+00:00", utc(2026, 3, 14, 20, 42, 17)),
        ("2026-03-14T21:42:17+01:00", utc(2026, 3, 14, 20, 42, 17)),
        ("2026-03-14T20:42:17Z", utc(2026, 3, 14, 20, 42, 17)),
        ("  2026-07-14T23:30:00+02:00\n", utc(2026, 7, 14, 21, 30)),
        # phpBB 3's visible text, French pack
        ("sam. 14 mars 2026 20:42", utc(2026, 3, 14, 19, 42)),
        # phpBB 2 (subSilver, French pack): "Mar" is mardi before the day number, mars after it
        ("Sam 14 Mar 2026 - 20:42", utc(2026, 3, 14, 19, 42)),
        ("Mar 17 Mar 2026 - 20:42", utc(2026, 3, 17, 19, 42)),
        ("Mar 14 Avr 2026 - 10:00", utc(2026, 4, 14, 8, 0)),
        ("Mar 31 Mar 2026 - 23:59", utc(2026, 3, 31, 21, 59)),
        ("Lun 2 Mar 2026 - 9:05", utc(2026, 3, 2, 8, 5)),
        ("Posté le: Sam 14 Mar 2026 - 20:42", utc(2026, 3, 14, 19, 42)),
        ("Mer 11 Fév 2026 - 20:42", utc(2026, 2, 11, 19, 42)),
        ("Jeu 3 Déc 2026 - 20:42", utc(2026, 12, 3, 19, 42)),
        ("Ven 1 Mai 2026 - 20:42", utc(2026, 5, 1, 18, 42)),
        ("14/03/2026 20:42", utc(2026, 3, 14, 19, 42)),
        ("14.03.2026 20:42", utc(2026, 3, 14, 19, 42)),
        # phpBB 2, English pack
        ("Sat Mar 14, 2026 8:42 pm", utc(2026, 3, 14, 19, 42)),
        # the home-made forum
        ("Posté le 1er avril 2026 à 00h12", utc(2026, 3, 31, 22, 12)),
        ("Posté le 14 mars 2026 à 21h00", utc(2026, 3, 14, 20, 0)),
        # django-spirit, French and English locales
        ("24 novembre 2026 08:00", utc(2026, 11, 24, 7, 0)),
        ("1 août 2026 20:42", utc(2026, 8, 1, 18, 42)),
        ("March 14, 2026, 8 p.m.", utc(2026, 3, 14, 19, 0)),
        ("March 14, 2026, 8:42 p.m.", utc(2026, 3, 14, 19, 42)),
        ("March 14, 2026, noon", utc(2026, 3, 14, 11, 0)),
        ("March 14, 2026, midnight", utc(2026, 3, 13, 23, 0)),
        ("Nov. 24, 2026, 12 a.m.", utc(2026, 11, 23, 23, 0)),
        ("Nov. 24, 2026, 12:30 p.m.", utc(2026, 11, 24, 11, 30)),
        ("Aug. 1, 2026, 8 a.m.", utc(2026, 8, 1, 6, 0)),
        ("Sept. 24, 2026, 8 p.m.", utc(2026, 9, 24, 18, 0)),
    ],
)
def test_real_spellings(text: str, expected: datetime) -> None:
    found = parse_forum_date(text)
    assert found == expected
    assert found.utcoffset() == timedelta(0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # spring forward: Sunday 29 March 2026, 02:00 → 03:00
        ("28/03/2026 12:00", utc(2026, 3, 28, 11, 0)),
        ("29/03/2026 01:30", utc(2026, 3, 29, 0, 30)),
        ("29/03/2026 03:30", utc(2026, 3, 29, 1, 30)),
        ("30/03/2026 12:00", utc(2026, 3, 30, 10, 0)),
        ("Posté le 1er avril 2026 à 21h00", utc(2026, 4, 1, 19, 0)),
        # fall back: Sunday 25 October 2026, 03:00 → 02:00
        ("24/10/2026 12:00", utc(2026, 10, 24, 10, 0)),
        ("25/10/2026 01:30", utc(2026, 10, 24, 23, 30)),
        ("25/10/2026 03:30", utc(2026, 10, 25, 2, 30)),
        ("26/10/2026 12:00", utc(2026, 10, 26, 11, 0)),
        ("24 novembre 2026 21:00", utc(2026, 11, 24, 20, 0)),
    ],
)
def test_summer_time_in_paris_both_sides_of_each_change(text: str, expected: datetime) -> None:
    assert parse_forum_date(text, "Europe/Paris") == expected


def test_the_forum_time_zone_is_used_for_local_dates_only() -> None:
    # Quebec is on summer time from 8 March 2026 (UTC-4)
    assert parse_forum_date("14/03/2026 20:42", "America/Montreal") == utc(2026, 3, 15, 0, 42)
    assert parse_forum_date("14/03/2026 20:42", "UTC") == utc(2026, 3, 14, 20, 42)
    # a date that carries its offset ignores the zone
    assert parse_forum_date("2026-03-14T20:42:00+00:00", "America/Montreal") == utc(2026, 3, 14, 20, 42)


@pytest.mark.parametrize("text", ["Sam 1 Aoû 2026 - 20:42", "Sam 1 Aou 2026 - 20:42"])
def test_phpbb2_french_august(text: str) -> None:
    assert parse_forum_date(text) == utc(2026, 8, 1, 18, 42)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "lorem ipsum",
        "Aujourd’hui, 20:42",  # relative: no full date
        "Hier à 20h42",
        "14 mars 2026",  # no time of day
        "14 mars 2026 à 25h00",
        "32/13/2026 20:42",
        "30 février 2026 à 12h00",
        "14 floréal 2026 20:42",
        "2026",
        "20:42",
    ],
)
def test_garbage_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_forum_date(text)


def test_an_unknown_time_zone_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_forum_date("14/03/2026 20:42", "Mars/Olympus")


def test_an_unknown_time_zone_is_named() -> None:
    with pytest.raises(ParseError, match="Mars/Olympus"):
        parse_forum_date("14/03/2026 20:42", "Mars/Olympus")
