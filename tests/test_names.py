"""Name resolution: normalisation, aliases, fuzzy thresholds, ambiguity."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from meneur.engine.names import Match, NameResolver, PlayerName, Thresholds, normalise_name

PLAYERS = [
    PlayerName("Jean-Pierre"),
    PlayerName("Lucas"),
    PlayerName("Lucie"),
    PlayerName("Bob", aliases=("Bobby", "Le Boulanger"), user_id="7"),
    PlayerName("Aurélie"),
    PlayerName("Marie Anne"),
]
RESOLVER = NameResolver(PLAYERS)


@pytest.mark.parametrize(
    ("written", "player"),
    [
        ("jean pierre", "Jean-Pierre"),
        ("JÉAN-PIERRE", "Jean-Pierre"),
        ("Jean_Pierre", "Jean-Pierre"),
        ("aurelie", "Aurélie"),
        ("AURÉLIE", "Aurélie"),
        ("marie-anne", "Marie Anne"),
        ("Bоb", "Bob"),  # Cyrillic о
        ("ｂｏｂ", "Bob"),  # full-width, NFKC
        ("le boulanger", "Bob"),
        ("Bob car il ment", "Bob"),
    ],
)
def test_exact_after_normalisation(written: str, player: str) -> None:
    found = RESOLVER.resolve(written)
    assert found.player == player
    assert found.match in {Match.EXACT, Match.ALIAS}


def test_alias_is_reported_as_alias() -> None:
    assert RESOLVER.resolve("Bobby").match is Match.ALIAS


def test_typo_in_warn_band_is_fuzzy() -> None:
    found = RESOLVER.resolve("Orélie")
    assert (found.match, found.player) == (Match.FUZZY, "Aurélie")


def test_close_typo_above_accept_is_near() -> None:
    found = RESOLVER.resolve("Jean-Pierr")
    assert (found.match, found.player) == (Match.NEAR, "Jean-Pierre")


def test_two_close_candidates_is_ambiguous() -> None:
    found = RESOLVER.resolve("Luc")
    assert found.match is Match.AMBIGUOUS
    assert set(found.candidates) == {"Lucas", "Lucie"}


def test_far_name_is_unknown() -> None:
    assert RESOLVER.resolve("Zorglub").match is Match.UNKNOWN
    assert RESOLVER.resolve("").match is Match.UNKNOWN


def test_thresholds_are_configurable() -> None:
    strict = NameResolver(PLAYERS, Thresholds(accept=100, warn=99, margin=0))
    assert strict.resolve("Orélie").match is Match.UNKNOWN


def test_same_normal_form_for_two_players_is_ambiguous() -> None:
    resolver = NameResolver([PlayerName("Jean-Pierre"), PlayerName("Jean Pierre")])
    assert resolver.resolve("jean pierre").match is Match.AMBIGUOUS


def test_identify_author_by_id_then_name() -> None:
    assert RESOLVER.identify("Totally Different", "7") == "Bob"
    assert RESOLVER.identify("bob", None) == "Bob"
    assert RESOLVER.identify("Bob", "99") is None  # same name, another account
    assert RESOLVER.identify("Bobb", None) is None  # authors are never matched fuzzily


@given(st.text(max_size=30))
def test_normalise_is_idempotent(text: str) -> None:
    once = normalise_name(text)
    assert normalise_name(once) == once


@given(st.sampled_from([p.name for p in PLAYERS]), st.sampled_from(["upper", "lower", "title"]))
def test_every_player_resolves_in_any_case(name: str, case: str) -> None:
    assert RESOLVER.resolve(getattr(name, case)()).player == name
