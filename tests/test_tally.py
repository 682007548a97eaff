"""The tally: counts, voters, not voted, weights and modifiers (property-tested)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from meneur.engine.tally import Modifier, tally

PLAYERS = ["Alice", "Bob", "Carole", "David", "Eve"]


def test_simple_count() -> None:
    result = tally({"Alice": "Bob", "Carole": "Bob", "Bob": "Alice"}, PLAYERS)
    assert result.as_dict() == {"Bob": 2, "Alice": 1}
    assert result.counts[0].voters == ("Alice", "Carole")
    assert result.not_voted == ("David", "Eve")
    assert result.leaders == ("Bob",)


def test_tie_lists_every_leader_in_roster_order() -> None:
    result = tally({"Alice": "Eve", "Bob": "Carole"}, PLAYERS)
    assert result.leaders == ("Carole", "Eve")


def test_weights_and_modifiers() -> None:
    result = tally(
        {"Alice": "Bob", "Carole": "Eve"},
        PLAYERS,
        weights={"Alice": 2},
        modifiers=[Modifier("Eve", 1, "vote pré-chargé")],
    )
    assert result.as_dict() == {"Bob": 2, "Eve": 2}
    assert result.counts[1].modifiers[0].reason == "vote pré-chargé"


def test_dead_voters_are_ignored() -> None:
    assert tally({"Zed": "Bob"}, PLAYERS).as_dict() == {}


standing = st.dictionaries(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS))
weights = st.dictionaries(st.sampled_from(PLAYERS), st.integers(min_value=0, max_value=3))


@given(standing, weights)
def test_votes_add_up_and_everyone_is_accounted_for(votes: dict[str, str], weight: dict[str, int]) -> None:
    result = tally(votes, PLAYERS, weights=weight)
    assert sum(row.votes for row in result.counts) == sum(weight.get(v, 1) for v in votes)
    voters = [v for row in result.counts for v in row.voters]
    assert sorted(voters) == sorted(votes)
    assert set(result.not_voted) | set(votes) == set(PLAYERS)
    assert not set(result.not_voted) & set(votes)


@given(standing)
def test_counts_are_sorted_and_leaders_have_the_most(votes: dict[str, str]) -> None:
    result = tally(votes, PLAYERS)
    numbers = [row.votes for row in result.counts]
    assert numbers == sorted(numbers, reverse=True)
    if votes:
        assert all(result.as_dict()[leader] == max(numbers) for leader in result.leaders)
    else:
        assert result.leaders == ()


def test_one_target_alone_gets_its_row_unless_a_modifier_cancels_it() -> None:
    """One target only (a vote counted alone, a unanimous day, a pre-loaded vote): its row as with several."""
    alone = tally({"Carole": "Eve"}, PLAYERS, {"Carole": 2})
    assert [(r.target, r.votes, r.voters) for r in alone.counts] == [("Eve", 2, ("Carole",))]
    assert alone.leaders == ("Eve",) and alone.not_voted == ("Alice", "Bob", "David", "Eve")
    loaded = tally({}, PLAYERS, modifiers=[Modifier("Bob", 1, "corbeau")])
    assert [(r.target, r.votes, r.voters, len(r.modifiers)) for r in loaded.counts] == [("Bob", 1, (), 1)]
    assert tally({}, PLAYERS, modifiers=[Modifier("Bob", 0, "rien")]).counts == ()
    cancelled = tally({"Alice": "Bob"}, PLAYERS, modifiers=[Modifier("Bob", -1, "annulé")])
    assert [(r.target, r.votes, r.voters) for r in cancelled.counts] == [("Bob", 0, ("Alice",))]
    assert cancelled.leaders == ()


def _reference(
    votes: dict[str, str], living: list[str], weights: dict[str, int], modifiers: list[Modifier]
) -> list[tuple[str, int, tuple[str, ...], tuple[Modifier, ...]]]:
    """The count as the rules say it, written plainly: each living voter (in the roster's order) adds his weight
    (1 without one) to his target, each modifier its amount; a target stays in the count when it has votes or
    was voted for; most votes first, then the roster's order (the others after), then the name."""
    count: dict[str, int] = {}
    by: dict[str, list[str]] = {}
    for voter in living:
        if voter in votes:
            count[votes[voter]] = count.get(votes[voter], 0) + weights.get(voter, 1)
            by.setdefault(votes[voter], []).append(voter)
    for modifier in modifiers:
        count[modifier.target] = count.get(modifier.target, 0) + modifier.amount
    kept = [target for target in count if count[target] != 0 or target in by]
    kept.sort(key=lambda t: (-count[t], living.index(t) if t in living else len(living), t))
    return [(t, count[t], tuple(by.get(t, ())), tuple(m for m in modifiers if m.target == t)) for t in kept]


NAMES = [*PLAYERS, "Zed", "blanc"]  # the roster's players, a dead one and a blank vote


@given(
    st.dictionaries(st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.lists(st.sampled_from(PLAYERS), unique=True),
    st.dictionaries(st.sampled_from(NAMES), st.integers(min_value=-1, max_value=3)),
    st.lists(
        st.builds(Modifier, st.sampled_from(NAMES), st.integers(min_value=-2, max_value=2), st.just("r")), max_size=3
    ),
)
def test_the_count_is_the_plain_sum_in_the_roster_order(
    votes: dict[str, str], living: list[str], weight: dict[str, int], modifiers: list[Modifier]
) -> None:
    """Whatever the votes, the roster (in any order, some players dead), the weights (none, 0, 1, more) and the
    modifiers: the rows, their order, their voters and modifiers, and who has not voted, as counted plainly."""
    for given_weights in (weight, None):
        for given_modifiers in (modifiers, []):
            result = tally(votes, living, given_weights, given_modifiers)
            expected = _reference(votes, living, given_weights or {}, given_modifiers)
            assert [(r.target, r.votes, r.voters, r.modifiers) for r in result.counts] == expected
            assert result.not_voted == tuple(name for name in living if name not in votes)
