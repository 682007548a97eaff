"""Reading a player's absence (daemon/absences.py, pure): whether a text declares one, and the days it covers,
French dates read relative to the day the text was written."""

from __future__ import annotations

from datetime import date

import pytest
from meneur.daemon.absences import Absence, read_absence, says_absent

TUESDAY = date(2026, 12, 1)  # the MP's day in most cases below: Tuesday 1 December 2026
SATURDAY = date(2026, 12, 5)


def d(day: int, month: int = 12, year: int = 2026) -> date:
    return date(year, month, day)


@pytest.mark.parametrize(
    ("text", "sent", "first", "last"),
    [
        ("absent du 12 au 14", TUESDAY, d(12), d(14)),
        ("Je serai absent du 3 au 5, désolé !", TUESDAY, d(3), d(5)),
        ("absente du 30/12 au 02/01", TUESDAY, d(30), d(2, 1, 2027)),
        ("absent du 30 décembre au 2 janvier", TUESDAY, d(30), d(2, 1, 2027)),
        ("absent du 12 au 14/03", TUESDAY, d(12, 3, 2027), d(14, 3, 2027)),
        ("Absent entre le 8 et le 10.", TUESDAY, d(8), d(10)),
        ("absent du 28 au 3", TUESDAY, d(28, 11), d(3)),  # begun already: the 28th of the month before
        ("absent du 12 au 14", date(2026, 12, 13), d(12), d(14)),  # said in the middle of it
        ("absent du 2 au 4", date(2026, 12, 20), d(2, 1, 2027), d(4, 1, 2027)),  # the 2nd is past: next month
        ("je serai absent ce week-end", TUESDAY, d(5), d(6)),
        ("absent ce weekend", TUESDAY, d(5), d(6)),
        ("pas là ce WE", TUESDAY, d(5), d(6)),
        ("je serai absent ce week-end", SATURDAY, d(5), d(6)),  # said on Saturday: today and tomorrow
        ("absent le week-end prochain", SATURDAY, d(12), d(13)),
        ("pas là demain", TUESDAY, d(2), d(2)),
        ("Pas là demain soir, désolé", TUESDAY, d(2), d(2)),
        ("je ne pourrai pas jouer après-demain", TUESDAY, d(3), d(3)),
        ("absent aujourd'hui", TUESDAY, d(1), d(1)),
        ("pas là ce soir", TUESDAY, d(1), d(1)),
        ("Absent jusqu'à jeudi", TUESDAY, d(1), d(3)),
        ("absent jusqu'à mardi", TUESDAY, d(1), d(8)),  # said on a Tuesday: the next one
        ("absent jusqu'au 4 décembre", TUESDAY, d(1), d(4)),
        ("absent jusqu'au 14", TUESDAY, d(1), d(14)),
        ("en vacances jusqu'à la fin de la semaine", TUESDAY, d(1), d(6)),
        ("absent jusqu'à demain", TUESDAY, d(1), d(2)),
        ("absent à partir de jeudi jusqu'à dimanche", TUESDAY, d(3), d(6)),
        ("indispo du lundi au mercredi", TUESDAY, d(7), d(9)),
        ("je suis en vacances la semaine prochaine", TUESDAY, d(7), d(13)),
        ("absent cette semaine", TUESDAY, d(1), d(6)),
        ("pas dispo pendant 3 jours", TUESDAY, d(1), d(3)),
        ("absent pour une semaine", TUESDAY, d(1), d(7)),
        ("absent deux jours à partir de jeudi", TUESDAY, d(3), d(4)),
        ("absent le 5", TUESDAY, d(5), d(5)),
        ("absent le 1er janvier", TUESDAY, d(1, 1, 2027), d(1, 1, 2027)),
        ("absent samedi", TUESDAY, d(5), d(5)),
        ("Je serai absente vendredi prochain", TUESDAY, d(4), d(4)),
        ("absente quelques jours, du 3 au 5", TUESDAY, d(3), d(5)),  # « quelques jours » with its dates
        ("absent cette semaine, je sais pas encore si je pourrai voter", TUESDAY, d(1), d(6)),
    ],
)
def test_the_days_an_absence_covers(text: str, sent: date, first: date, last: date) -> None:
    found = read_absence(text, sent)
    assert found == Absence(first, last) and not found.vague
    assert found.days()[0] == first and found.days()[-1] == last and len(found.days()) == (last - first).days + 1


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("absent", None),
        ("Je vais être absent quelques jours", None),
        ("absent à partir de demain", d(2)),  # the end is not said
        ("absent dès lundi", d(7)),
        ("absent du 14 au 12", None),  # an end before the start: the MJ confirms
        ("absent du 14/03 au 12/03", d(14, 3, 2027)),
        ("absent du 31 au 31/11", None),  # no such day
        # Some days within a span, not which ones (issue 19: « the MJ confirms the days when the text is vague »)
        ("Je vais être absente quelques jours cette semaine, je ne sais pas encore lesquels.", None),
        ("absent quelques jours la semaine prochaine", None),
        ("je serai pas dispo certains jours ce week-end", None),
        ("absente un ou deux jours cette semaine", None),
        ("pas là cette semaine mais je ne sais pas encore quand", None),
        ("absent quelques jours à partir de jeudi", d(3)),  # the start is said, not the end
    ],
)
def test_an_absence_without_its_days_is_vague(text: str, first: date | None) -> None:
    found = read_absence(text, TUESDAY)
    assert found is not None and found.vague and found.first == first and found.days() == []
    assert not found.covers(TUESDAY)


@pytest.mark.parametrize(
    "text",
    [
        "Je protège Basile",
        "Je vote contre Anna",
        "Anna était absente hier, c'est louche",
        "elle est absente depuis trois jours",
        "Désolé pour l'absence de réponse",
        "je ne sais pas la réponse",
        "Coline est pas là de la journée",
        "",
        "absent " + "bla " * 90,  # a long letter is the MJ's to read
    ],
)
def test_what_is_no_absence(text: str) -> None:
    assert not says_absent(text) and read_absence(text, TUESDAY) is None


def test_an_absence_covers_its_days_only() -> None:
    found = read_absence("absent du 12 au 14", TUESDAY)
    assert found is not None
    assert [found.covers(d(n)) for n in (11, 12, 13, 14, 15)] == [False, True, True, True, False]
