"""Counting standing votes: who has how many, who has not voted.

Rule sets change the count through two hooks: a voter's *weight* (a mayor's double vote) and
*modifiers* (votes added to or taken from a target before anyone votes, e.g. a pre-loaded vote).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .quick import factory, quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Modifier:
    target: str
    amount: int
    reason: str


@quick_init
@dataclass(frozen=True, slots=True)
class TargetCount:
    target: str
    votes: int
    voters: tuple[str, ...]
    modifiers: tuple[Modifier, ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class Tally:
    counts: tuple[TargetCount, ...]  # most votes first, then in the players' order
    not_voted: tuple[str, ...]

    def as_dict(self) -> dict[str, int]:
        return {row.target: row.votes for row in self.counts}

    @property
    def leaders(self) -> tuple[str, ...]:
        """The targets with the most votes (several on a tie; none when nobody has a vote)."""
        if not self.counts or self.counts[0].votes <= 0:
            return ()
        counts = self.counts
        top = counts[0].votes
        if len(counts) == 1 or counts[1].votes != top:  # one leader (most counts): no generator to run
            return (counts[0].target,)
        return tuple([row.target for row in counts if row.votes == top])


_target_count = factory(TargetCount)  # ``TargetCount(…)`` as a plain function: a row per target of every count


def tally(
    standing: Mapping[str, str],
    living: Sequence[str],
    weights: Mapping[str, int] | None = None,
    modifiers: Sequence[Modifier] = (),
) -> Tally:
    """Count standing votes (voter → target). Voters not in ``living`` are ignored.

    ``living`` gives the order used to break display ties and for ``not_voted``.
    """
    # Who votes for whom, in the order of ``living``; each voter counts one vote but those ``weights`` gives
    # another: the few weighed voters are counted after (``extra``), not a weight looked up for every voter.
    voters: dict[str, list[str]] = {}
    vote_of = standing.get
    for voter in living:
        target = vote_of(voter)
        if target is None:
            continue
        if target in voters:
            voters[target].append(voter)
        else:
            voters[target] = [voter]
    extra: dict[str, int] = {}
    if weights:
        for voter, weight in weights.items():
            if weight != 1:
                target = vote_of(voter)
                if target in voters:
                    times = living.count(voter)  # as many votes as ``living`` names him: once (0 if he is dead)
                    if times:
                        extra[target] = extra.get(target, 0) + (weight - 1) * times
    if modifiers:
        return _modified(standing, living, voters, extra, modifiers)
    # Most votes first, then in the players' order, then by name: the sort keys themselves (the targets
    # differ, so no two keys are equal), the rows built in that order.
    if len(voters) == 1:  # one target (a vote counted alone, a unanimous day): nothing to sort, no order needed
        ((target, names),) = voters.items()
        rows: tuple[TargetCount, ...] = (_target_count(target, len(names) + extra.get(target, 0), tuple(names)),)
    elif voters:
        order = {name: index for index, name in enumerate(living)}
        last = len(order)
        if extra:
            ranked = [
                (-len(names) - extra.get(target, 0), order.get(target, last), target)
                for target, names in voters.items()
            ]
        else:
            ranked = [(-len(names), order.get(target, last), target) for target, names in voters.items()]
        ranked.sort()
        rows = tuple([_target_count(target, -negative, tuple(voters[target])) for negative, _, target in ranked])
    else:
        rows = ()
    return _tally(rows, tuple([name for name in living if name not in standing]))


def _modified(
    standing: Mapping[str, str],
    living: Sequence[str],
    voters: dict[str, list[str]],
    extra: dict[str, int],
    modifiers: Sequence[Modifier],
) -> Tally:
    """``tally``'s end when modifiers add votes to targets or take some away: a target may then have votes and no
    voter, or voters and no vote left (its row is kept: it was voted for)."""
    votes = {target: len(names) + extra.get(target, 0) for target, names in voters.items()}
    applied: dict[str, list[Modifier]] = {}
    for modifier in modifiers:
        votes[modifier.target] = votes.get(modifier.target, 0) + modifier.amount
        applied.setdefault(modifier.target, []).append(modifier)
    order = {name: index for index, name in enumerate(living)}
    last = len(order)
    ranked = sorted(
        [(-count, order.get(target, last), target) for target, count in votes.items() if count != 0 or target in voters]
    )
    rows = tuple(
        [
            _target_count(
                target,
                -negative,
                tuple(voters[target]) if target in voters else (),
                tuple(applied[target]) if target in applied else (),
            )
            for negative, _, target in ranked
        ]
    )
    return _tally(rows, tuple([name for name in living if name not in standing]))


_tally = factory(Tally)
