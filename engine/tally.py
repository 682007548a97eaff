"""Counting standing votes: who has how many, who has not voted.

Rule sets change the count through two hooks: a voter's *weight* (a mayor's double vote) and
*modifiers* (votes added to or taken from a target before anyone votes, e.g. a pre-loaded vote).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .quick import quick_init


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
        top = self.counts[0].votes
        return tuple(row.target for row in self.counts if row.votes == top)


_NO_WEIGHTS: Mapping[str, int] = {}  # read only


def tally(
    standing: Mapping[str, str],
    living: Sequence[str],
    weights: Mapping[str, int] | None = None,
    modifiers: Sequence[Modifier] = (),
) -> Tally:
    """Count standing votes (voter → target). Voters not in ``living`` are ignored.

    ``living`` gives the order used to break display ties and for ``not_voted``.
    """
    votes: dict[str, int] = {}
    voters: dict[str, list[str]] = {}
    vote_of = standing.get
    weight = (weights or _NO_WEIGHTS).get  # ``weight(voter, 1)``: 1 for each voter without a weight
    for voter in living:
        target = vote_of(voter)
        if target is None:
            continue
        if target in voters:
            votes[target] += weight(voter, 1)
            voters[target].append(voter)
        else:
            votes[target] = weight(voter, 1)
            voters[target] = [voter]
    applied: dict[str, list[Modifier]] = {}
    for modifier in modifiers:
        votes[modifier.target] = votes.get(modifier.target, 0) + modifier.amount
        applied.setdefault(modifier.target, []).append(modifier)
    # Most votes first, then in the players' order, then by name: the sort keys themselves (the targets
    # differ, so no two keys are equal), the rows built in that order.
    if len(votes) == 1:  # one target (a vote counted alone, a unanimous day): nothing to sort, no order needed
        ((target, count),) = votes.items()
        ranked = [(-count, 0, target)] if count != 0 or target in voters else []
    else:
        order = {name: index for index, name in enumerate(living)}
        last = len(order)
        ranked = sorted(
            [
                (-count, order.get(target, last), target)
                for target, count in votes.items()
                if count != 0 or target in voters
            ]
        )
    rows = tuple(
        [
            TargetCount(
                target,
                -negative,
                tuple(voters[target]) if target in voters else (),
                tuple(applied[target]) if target in applied else (),
            )
            for negative, _, target in ranked
        ]
    )
    return Tally(rows, tuple([name for name in living if name not in standing]))
