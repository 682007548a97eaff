"""The count's warnings reach the MJ in the MJ's language: the engine says what (a template and its values),
daemon/i18n.py says it in French by default or in English, with the French plural and the nested parts."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from meneur.daemon import i18n
from meneur.engine.daycount import PostVotes, Roster, WarningKind, count_day
from meneur.engine.names import Account, NameResolver, PlayerName
from meneur.parsers.records import Post, VoteMention, VoteStatus

START = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)
PLAYERS = ("Anna", "Basile", "Chloé", "Lucas", "Lucie")


@pytest.fixture(autouse=True)
def _language() -> Iterator[None]:
    yield
    i18n.set_language(None)


def post(number: int, author: str, *mentions: VoteMention, author_id: str | None = None) -> PostVotes:
    stamp = START + timedelta(minutes=number)
    return PostVotes(Post(str(number), author, author_id, stamp, "", "", f"h{number}"), mentions)


def vote(target: str, status: VoteStatus = VoteStatus.OK) -> VoteMention:
    return VoteMention(target, status, "#a52a2a" if status is VoteStatus.OK else None, status is VoteStatus.OK)


def warnings_of(*posts: PostVotes, dead: frozenset[str] = frozenset(), accounts: dict[str, Account] | None = None):
    resolver = NameResolver([PlayerName(p) for p in PLAYERS])
    count = count_day(posts, Roster(PLAYERS, dead), resolver, accounts=accounts)
    return count.warnings


def test_the_french_plural_follows_the_number_of_unformatted_votes_left_out() -> None:
    one_more = post(1, "Anna", *[vote("Basile", VoteStatus.NOT_BOLD)] * 4)
    five_more = post(2, "Basile", *[vote("Anna", VoteStatus.NOT_BOLD)] * 8)
    summaries = [w for w in warnings_of(one_more, five_more) if "more" in w.message]
    i18n.set_language("fr")
    assert [i18n.translated(w.text) for w in summaries] == [
        "Le message de Anna contient 1 autre vote mal formaté de ce genre : aucun n'est compté.",
        "Le message de Basile contient 5 autres votes mal formatés de ce genre : aucun n'est compté.",
    ]
    i18n.set_language("en")
    assert [i18n.translated(w.text) for w in summaries] == [
        "Anna's post holds 1 more such unformatted vote: none counted.",
        "Basile's post holds 5 more such unformatted votes: none counted.",
    ]


def test_nested_parts_are_translated_too() -> None:
    bound = {"Lucas": Account("Lucas", "7")}
    found = warnings_of(
        post(1, "Lucas", vote("Anna"), author_id="7"),
        post(2, "Lucas", vote("Basile"), author_id="99"),  # another account with Lucas's name
        post(3, "Chloé", vote("Lucia")),
        post(4, "Anna", vote("Basile", VoteStatus.WRONG_COLOUR)),
        post(5, "Basile", vote("")),
        accounts=bound,
    )
    by_kind = {w.kind: w for w in found}
    i18n.set_language("fr")
    assert i18n.translated(by_kind[WarningKind.VOTER_OTHER_ACCOUNT].text) == (
        "« Lucas » (utilisateur 99) est un autre compte du forum que celui de Lucas (« Lucas » (utilisateur 7)), "
        "même si son nom se lit pareil : vote non compté."
    )
    assert i18n.translated(by_kind[WarningKind.TARGET_AMBIGUOUS].text) == (
        "Chloé a voté contre « Lucia », qui peut désigner Lucas ou Lucie : vote non compté."
    )
    assert i18n.translated(by_kind[WarningKind.VOTE_WRONG_COLOUR].text) == (
        "Anna a écrit « Je vote contre Basile » sans couleur : vote non compté."
    )
    assert i18n.translated(by_kind[WarningKind.TARGET_UNKNOWN].text) == (
        "Basile a voté sans donner de nom : vote non compté."
    )
    i18n.set_language("en")
    assert i18n.translated(by_kind[WarningKind.TARGET_AMBIGUOUS].text) == (
        'Chloé voted against "Lucia", which could be Lucas or Lucie: not counted.'
    )
    assert i18n.translated(by_kind[WarningKind.VOTER_OTHER_ACCOUNT].text) == (
        by_kind[WarningKind.VOTER_OTHER_ACCOUNT].message  # the engine's own text is the English one
    )
