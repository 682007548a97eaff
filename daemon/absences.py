"""Players' absences: « absent du 12 au 14 », « je serai absent ce week-end », « pas là demain ».

An absence is declared by MP (its own MP outcome, ``absence``: neither an order nor « not understood ») and
stored with the days it covers when the text gives them — French dates read relative to the moment the MP
was sent (« du 12 au 14 », « jusqu'à jeudi », « demain », « ce week-end », « la semaine prochaine »,
« pendant 3 jours ») — or as vague, for the MJ to confirm with the player. The MJ's page lists them with the
days covered; :func:`absent_on` tells who is away on a given day, for a rule set or the count to use (the
``baguette`` module's non-vote).

Reading the text (:func:`read_absence`) is pure: no clock, the reference day is given."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from ..parsers.layout import Layout
from ..vocabulary import fold, word_key
from .i18n import _, ngettext

if TYPE_CHECKING:
    from ..vocabulary import Post
    from .adapters.base import ForumAdapter
    from .game import LiveGame
    from .store import Store

log = logging.getLogger("meneur.absences")

TOPIC = "absences"  # the absence topic's name in the store ([game] absence_topic)

MONTHS = {
    "janvier": 1, "janv": 1, "fevrier": 2, "fevr": 2, "fev": 2, "mars": 3, "avril": 4, "avr": 4, "mai": 5,
    "juin": 6, "juillet": 7, "juil": 7, "aout": 8, "septembre": 9, "sept": 9, "octobre": 10, "oct": 10,
    "novembre": 11, "nov": 11, "decembre": 12, "dec": 12,
}  # fmt: skip
WEEKDAYS = {"lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5, "dimanche": 6}
NUMBERS = {
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
    "dix": 10, "quinze": 15,
}  # fmt: skip
_SHORT = 80  # words: a longer MP is a letter to the MJ, read by him

_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
_WEEKDAY = "(" + "|".join(WEEKDAYS) + ")"
_NUMBER = r"(\d{1,2}|" + "|".join(NUMBERS) + ")"
_DAY = r"(?:1er|(\d{1,2})(?:er)?)"

# What says « I shall be away », folded (word_key): the first person is implied, a third person is not one.
_SAYS = re.compile(
    r"\b(?:absent|absente|absents|absence|indisponible|indispo|en vacances|en deplacement|en voyage)\b"
    r"|\bpas (?:dispo|disponible)\b"
    r"|\b(?:serai|suis|serais|sera|pourrai|pourrais|peux) (?:pas|plus) la\b"
    r"|\bpas la (?=demain|apres demain|aujourd hui|ce |cette |du |de |des |jusqu|le |les |la semaine|pendant|"
    r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d)"
    r"|\bpas la$"
    r"|\bpourrai (?:pas|plus) (?:jouer|poster|venir|participer|me connecter)\b"
)
_THIRD_PERSON = re.compile(
    r"\b(?:il|elle|on|qui|est|etait|sont|etaient) (?:est |etait |sont )?(?:absent|absente|absents)\b|\bl absence\b"
    r"|\b(?:est|sera|etait|sont|seront) (?:pas|plus) la\b"
)


@dataclass(frozen=True)
class Absence:
    """The days an absence covers (both included); either end None when the text does not say it (vague)."""

    first: date | None
    last: date | None

    @property
    def vague(self) -> bool:
        return self.first is None or self.last is None

    def covers(self, day: date) -> bool:
        return self.first is not None and self.last is not None and self.first <= day <= self.last

    def days(self) -> list[date]:
        if self.first is None or self.last is None:
            return []
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def says_absent(text: str) -> bool:
    """Whether a short text declares its writer's absence (« absent demain », « pas là ce week-end »,
    « je serai en vacances »), not someone else's (« Anna était absente hier »)."""
    key = _key(text)
    if not key or len(key.split()) > _SHORT:
        return False
    return bool(_SAYS.search(key)) and not _THIRD_PERSON.search(key)


def read_absence(text: str, sent: date) -> Absence | None:
    """The absence a text declares, its days read relative to ``sent`` (the day it was written, in the forum's
    time): None when it declares none; ``Absence(None, None)`` (or an open end) when the days are not said."""
    if not says_absent(text):
        return None
    return read_days(text, sent)


def read_days(text: str, sent: date) -> Absence:
    """The days a French phrase names, relative to ``sent``: the first rule that matches wins, ranges first."""
    key = _key(text)
    for rule in _RULES:
        found = rule(key, sent)
        if found is not None:
            if found.first is not None and found.last is not None and found.last < found.first:
                return Absence(found.first, None)  # « du 14 au 12 »: the MJ confirms
            return found
    return Absence(None, None)


# -- the text, folded ---------------------------------------------------------------------------------------
_MONTH_NAMES = ("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre",
                "novembre", "decembre")  # fmt: skip


def _key(text: str) -> str:
    """Folded words; « 12/03 » and « 12.03 » spelt « 12 mars » so that one rule reads both."""
    folded = fold(text)

    def spell(match: re.Match[str]) -> str:
        month = int(match.group(2))
        return f"{match.group(1)} {_MONTH_NAMES[month - 1]}" if 1 <= month <= 12 else match.group(0)

    folded = re.sub(r"\b(\d{1,2})[/.](\d{1,2})(?:[/.]\d{2,4})?\b", spell, folded)
    folded = re.sub(r"\bweek ?-?end\b|\bwe\b|\bwee?k-end\b", "weekend", folded)
    return word_key(folded)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


# -- dates ---------------------------------------------------------------------------------------------------
def _date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def _prev_month(year: int, month: int) -> tuple[int, int]:
    return (year - 1, 12) if month == 1 else (year, month - 1)


def _day_of(day: int, month: int | None, sent: date) -> date | None:
    """« le 14 » (this month, or the next when the 14th is past), « le 14 mars » (this year, or the next when
    it is more than two months past)."""
    if month is not None:
        found = _date(sent.year, month, day)
        if found is not None and found < sent - timedelta(days=60):
            found = _date(sent.year + 1, month, day)
        return found
    if day >= sent.day:
        return _date(sent.year, sent.month, day)
    return _date(*_next_month(sent.year, sent.month), day)


def _weekday_after(sent: date, weekday: int, today_counts: bool = False) -> date:
    """The next ``weekday`` after ``sent`` (``sent`` itself when ``today_counts``)."""
    ahead = (weekday - sent.weekday()) % 7
    if ahead == 0 and not today_counts:
        ahead = 7
    return sent + timedelta(days=ahead)


def _day_number(match: re.Match[str], group: int) -> int:
    return int(match.group(group)) if match.group(group) else 1  # « 1er »


_D = _DAY + r"(?: " + _MONTH + r")?"  # a day of the month, its month perhaps: 2 groups (day, month)


def _range(key: str, sent: date) -> Absence | None:
    """« du 12 au 14 », « du 30 mars au 2 avril », « entre le 12 et le 14 », « du 12 au 14/03 »."""
    found = re.search(
        r"\b(?:du|de|entre le|entre) " + _D + r" (?:au|a|et le|et) (?:le )?" + _D + r"\b(?! jours?\b| semaines?\b)", key
    )
    if found is None:
        return None
    a, b = _day_number(found, 1), _day_number(found, 3)
    month_a = MONTHS.get(found.group(2) or "")
    month_b = MONTHS.get(found.group(4) or "")
    last = _day_of(b, month_b, sent)
    if last is None:
        return Absence(None, None)
    if month_a is not None:
        first = _date(last.year if month_a <= last.month else last.year - 1, month_a, a)
    elif a <= b:
        first = _date(last.year, last.month, a)
    else:  # « du 30 au 2 »: the first day in the month before
        first = _date(*_prev_month(last.year, last.month), a)
        if first is not None and (last - first).days > 15:
            return Absence(None, None)  # « du 14 au 12 »: no month makes it a short absence; the MJ confirms
    return Absence(first, last)


def _weekday_range(key: str, sent: date) -> Absence | None:
    """« du lundi au mercredi », « de vendredi a dimanche »."""
    found = re.search(r"\b(?:du|de) " + _WEEKDAY + r" (?:au|a|jusqu a|jusqu au) " + _WEEKDAY + r"\b", key)
    if found is None:
        return None
    first = _weekday_after(sent, WEEKDAYS[found.group(1)], today_counts=True)
    return Absence(first, _weekday_after(first, WEEKDAYS[found.group(2)], today_counts=True))


def _relative_day(words: str, sent: date) -> date | None:
    """One day named relative to ``sent``: « demain », « apres demain », « aujourd hui », « lundi », « le 14 »."""
    if re.match(r"apres demain\b", words):
        return sent + timedelta(days=2)
    if re.match(r"demain\b", words):
        return sent + timedelta(days=1)
    if re.match(r"(?:aujourd hui|ce soir|ce midi|cet apres midi)\b", words):
        return sent
    found = re.match(r"(?:la fin de la semaine|la fin de semaine|ce weekend|le weekend|weekend)\b", words)
    if found:
        return _weekday_after(sent, 6, today_counts=True)
    found = re.match(r"(?:ce |le )?" + _WEEKDAY + r"\b", words)
    if found:
        return _weekday_after(sent, WEEKDAYS[found.group(1)])
    found = re.match(r"(?:le )?" + _D + r"\b", words)
    if found and (found.group(1) or words.startswith(("1er", "le 1er"))):
        return _day_of(_day_number(found, 1), MONTHS.get(found.group(2) or ""), sent)
    return None


def _until(key: str, sent: date) -> Absence | None:
    """« jusqu'à jeudi », « jusqu'au 14 », « jusqu'à demain », « jusqu'à la fin de la semaine »: from ``sent``."""
    found = re.search(r"\bjusqu (?:a |au |a la )?(?:ce |le )?(.*)", key)
    if found is None:
        return None
    last = _relative_day(found.group(1), sent) or _relative_day("le " + found.group(1), sent)
    start = _from(key[: found.start()], sent)
    first = start.first if start is not None else sent
    return Absence(first, last) if last is not None else Absence(first, None)


def _from(key: str, sent: date) -> Absence | None:
    """« à partir de demain », « des lundi », « a partir du 12 » (an open end, unless a length follows)."""
    found = re.search(r"\b(?:a partir d(?:e|u)|a compter d(?:e|u)|des) (.*)", key)
    if found is None:
        return None
    words = found.group(1)
    first = _relative_day(words, sent) or _relative_day("le " + words, sent)
    if first is None:
        return None
    length = _length(key)
    return Absence(first, first + timedelta(days=length - 1) if length else None)


def _length(key: str) -> int | None:
    """« pendant 3 jours », « 2 jours », « une semaine », « quinze jours » (in days)."""
    found = re.search(r"\b" + _NUMBER + r" (jours?|semaines?)\b", key)
    if found:
        return _number(found.group(1)) * (7 if found.group(2).startswith("semaine") else 1)
    if re.search(r"\b(?:pour|pendant) (?:la|une) semaine\b", key):
        return 7
    return None


def _duration(key: str, sent: date) -> Absence | None:
    length = _length(key)
    if length is None or re.search(r"\bquelques jours\b", key):
        return None
    return Absence(sent, sent + timedelta(days=length - 1))


# Some days inside a span, not which (« quelques jours cette semaine, je ne sais pas encore lesquels »): the span
# is no cover, the MJ confirms the days (issue 19). A start said before it (« à partir de jeudi ») is kept.
_SOME_DAYS = re.compile(
    r"\b(?:quelques|certains|plusieurs) jours\b"
    r"|\b(?:un|une|1) ou (?:deux|2) jours?\b|\b(?:deux|2) ou (?:trois|3) jours\b"
    r"|\bsais pas (?:encore )?(?:quand|lesquels|lesquelles|lequel|laquelle|quels jours|quel jour|les jours|les dates)\b"
)


def _some_days(key: str, sent: date) -> Absence | None:
    return Absence(None, None) if _SOME_DAYS.search(key) else None


def _weeks(key: str, sent: date) -> Absence | None:
    """« cette semaine » (to Sunday), « la semaine prochaine » (Monday to Sunday), « ce week-end »."""
    if re.search(r"\b(?:la semaine prochaine|semaine prochaine)\b", key):
        monday = _weekday_after(sent, 0)
        return Absence(monday, monday + timedelta(days=6))
    if re.search(r"\bcette semaine\b", key):
        return Absence(sent, _weekday_after(sent, 6, today_counts=True))
    if re.search(r"\b(?:le weekend prochain|weekend prochain)\b", key):
        saturday = _weekday_after(sent, 5, today_counts=sent.weekday() < 5)
        return Absence(saturday, saturday + timedelta(days=1))
    if re.search(r"\bweekend\b", key):
        if sent.weekday() >= 5:  # said on the weekend: the rest of it
            return Absence(sent, _weekday_after(sent, 6, today_counts=True))
        saturday = _weekday_after(sent, 5)
        return Absence(saturday, saturday + timedelta(days=1))
    return None


def _one_day(key: str, sent: date) -> Absence | None:
    """« demain », « après-demain », « ce soir », « lundi », « le 14 », « le 14 mars »: that day."""
    for found in re.finditer(
        r"\b(?:apres demain|demain|aujourd hui|ce soir|ce midi|cet apres midi|(?:ce |le )?"
        + _WEEKDAY
        + r"|le "
        + _D
        + r"|"
        + _DAY
        + r" "
        + _MONTH
        + r")\b",
        key,
    ):
        day = _relative_day(found.group(0), sent) or _relative_day("le " + found.group(0), sent)
        if day is not None:
            return Absence(day, day)
    return None


_RULES = (_range, _weekday_range, _until, _from, _some_days, _weeks, _duration, _one_day)


# -- the store ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StoredAbsence:
    player: str
    source: str  # "mp" or "topic"
    ref: str  # the MP's or the post's id
    said_at: datetime
    text: str
    absence: Absence


def record_absence(store: Store, player: str, source: str, ref: str, said_at: datetime, text: str,
                   absence: Absence, now: datetime) -> None:  # fmt: skip
    """Store one declared absence (once per MP or post: a re-read adds nothing)."""
    store.db.execute(
        "insert or ignore into absences (player, source, ref, said_at, text, first, last, read_at) "
        "values (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            player,
            source,
            ref,
            said_at.isoformat(),
            text,
            absence.first.isoformat() if absence.first else None,
            absence.last.isoformat() if absence.last else None,
            now.isoformat(),
        ],
    )


def absences(store: Store) -> list[StoredAbsence]:
    """Every absence declared, in the order they were said."""
    rows = store.db.query("select * from absences order by said_at, id")
    return [
        StoredAbsence(
            str(r["player"]),
            str(r["source"]),
            str(r["ref"]),
            datetime.fromisoformat(str(r["said_at"])),
            str(r["text"]),
            Absence(
                date.fromisoformat(str(r["first"])) if r["first"] else None,
                date.fromisoformat(str(r["last"])) if r["last"] else None,
            ),
        )
        for r in rows
    ]


def absent_on(store: Store, day: date) -> set[str]:
    """The players away on ``day`` (a day of the forum's calendar), by the absences that give their days."""
    return {a.player for a in absences(store) if a.absence.covers(day)}


def own_text(post: Post, layout: Layout) -> str:
    """A post's own words, quotes left out (« absent demain » quoted from another player is his, not this one's)."""
    from lxml import html as lxml_html

    from ..parsers.layout import quote_test
    from ..parsers.votes import styled_lines

    try:
        content = lxml_html.fragment_fromstring(post.content_html or "<p></p>", create_parent="div")
    except (ValueError, TypeError):
        return post.content_text
    return "\n".join(line for line, _styles in styled_lines(content, quote_test(content, layout)))


def topic_adapter(adapter: ForumAdapter, topic: str) -> ForumAdapter:
    """An adapter for another topic of the same forum, over the same session (no second login)."""
    from dataclasses import replace

    from .adapters.generic import GenericAdapter

    settings = replace(adapter.settings, topic=topic)
    sibling = (
        GenericAdapter(adapter.http, settings, adapter.site)
        if isinstance(adapter, GenericAdapter)
        else type(adapter)(adapter.http, settings)
    )
    sibling.logged_in = adapter.logged_in
    return sibling


class AbsenceTopic:
    """The absence topic (``[game] absence_topic``), polled like the game topic with its own name in the store
    (``absences``): each player's post that declares an absence is stored once, with the days it covers read
    relative to the post's day; a vague one alerts the MJ to confirm it."""

    def __init__(self, game: LiveGame, topic: str) -> None:
        from .poller import Poller

        self.game = game
        self.adapter = topic_adapter(game.adapter, topic)
        self.poller = Poller(game.store, self.adapter, TOPIC, game.poller.resolver, game.clock)

    def poll(self, full: bool = False) -> list[str]:
        """Read what is new in the topic (``full``: all of it, which finds the posts deleted since); the refs of the
        absences stored now. A post edited since it was read is read again (its days as they stand now), and the
        absence of a post that is gone from the topic is gone too: the MJ reads the topic as it is."""
        from zoneinfo import ZoneInfo

        from .counting import account_binding
        from .den import post_player
        from .game import TOPIC as GAME_TOPIC
        from .poller import add_alert
        from .replace import replacements

        self.adapter.logged_in = self.adapter.logged_in or self.game.adapter.logged_in
        self.poller.poll_topic(full=full)
        store, config = self.game.store, self.game.config
        known = {
            str(r["ref"]): str(r["text"])
            for r in store.db.query("select ref, text from absences where source = 'topic'")
        }
        deleted = store.deleted_posts(TOPIC)
        gone = [ref for ref in known if ref.removeprefix("topic:") in deleted]
        if gone:
            log.warning("absence posts no longer in the absence topic (deleted?): %s", ", ".join(gone))
            with store.transaction():
                store.db.execute(f"delete from absences where ref in ({', '.join('?' * len(gone))})", gone)
        bound = account_binding(store, GAME_TOPIC, self.poller.resolver)
        reps = replacements(store)
        mj = config.live.username.strip().casefold()
        stored = []
        for post in store.posts(TOPIC):
            ref = f"topic:{post.post_id}"
            if post.author.strip().casefold() == mj:
                continue
            text = own_text(post, config.layout)
            if ref in known and known[ref] == " ".join(text.split()):
                continue
            player = post_player(reps, self.poller.resolver, bound, post)
            if player is None:
                continue
            found = read_absence(text, post.posted_at.astimezone(ZoneInfo(config.timezone)).date())
            now = self.game.clock()
            if ref in known:  # edited since it was read: what it says now replaces what it said
                log.warning("absence post %s was edited: read again", post.post_id)
                with store.transaction():
                    store.db.execute("delete from absences where ref = ?", [ref])
            if found is None:
                continue
            with store.transaction():
                record_absence(store, player, "topic", ref, post.posted_at, " ".join(text.split()), found, now)
                if found.vague:
                    message = _(
                        "{player} declared an absence in the absence topic without its days: “{text}” — to confirm "
                        "with the player."
                    )
                    said = " ".join(text.split())[:160]
                    add_alert(store, f"absence:{post.post_id}", message.format(player=player, text=said), now)
            stored.append(ref)
        return stored


def _day(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def absences_view(store: Store) -> list[dict[str, object]]:
    """The absences for the MJ's page: who, the days covered in the MJ's words (or that they are to confirm),
    when and where it was said, and what."""
    rows = []
    for a in absences(store):
        first, last = a.absence.first, a.absence.last
        if first is not None and last is not None:
            n = len(a.absence.days())
            days = (
                _("on {day}").format(day=_day(first))
                if n == 1
                else ngettext("from {first} to {last} ({n} day)", "from {first} to {last} ({n} days)", n).format(
                    first=_day(first), last=_day(last), n=n
                )
            )
        elif first is not None:
            days = _("from {first}, end not said: to confirm").format(first=_day(first))
        else:
            days = _("days not said: to confirm")
        rows.append({
            "player": a.player,
            "days": days,
            "covered": [d.isoformat() for d in a.absence.days()],
            "vague": a.absence.vague,
            "source": _("by MP") if a.source == "mp" else _("in the absence topic"),
            "said_at": a.said_at.isoformat(),
            "text": a.text,
        })  # fmt: skip
    return rows
