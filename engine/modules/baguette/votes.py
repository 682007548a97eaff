"""`baguette`: the votes by MP — « chaque joueur part avec sa propre voix contre lui », blank votes, the
justified absence's non-vote, the Magicien's double vote, the failed anti-dévoilement's forced self-vote."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...messages import Message
from ...model import Action, GameState
from ...tally import Tally, tally
from .common import ABSENCE, BLANK, DEFAULT_POWER, KEY, Ctx, bag


def mp_votes(ctx: Ctx, state: GameState, actions: Sequence[Action]) -> dict[str, str]:
    """The standing votes from the day's vote MPs, in the order received: the last one of each player.
    J0's votes are the Magicien's election (``vote`` or ``election``); other days the pyre's."""
    votes: dict[str, str] = {}
    election = state.phase == "J0"
    # « Je vote pour X » on a pyre day with no election running is the pyre's vote (RULINGS B1).
    ballot_is_vote = election or not bag(state).get("second_tour")
    for action in actions:
        if action.power == "baguette.blanc":
            if not election:
                votes[action.player] = BLANK
        elif (action.power == "baguette.vote" and action.targets) or (
            action.power == "baguette.election" and ballot_is_vote and action.targets
        ):
            votes[action.player] = action.targets[0]
    return votes


def absent_today(state: GameState) -> set[str]:
    return {name for name, phases in bag(state).get("absences", {}).items() if state.phase in phases}


def counted_votes(
    ctx: Ctx, state: GameState, votes: Mapping[str, str], living: list[str] | None = None
) -> tuple[dict[str, str], list[str], list[str], list[str]]:
    """Every living player's vote as the rules count it, in the players' order: the votes against a player
    (voter → target: his own for want of a vote), the blank voters, who has his own vote against himself for
    want of one, and who is absent (no vote). ``living``: ``state.living()``, when the caller has it."""
    living = state.living() if living is None else living
    alive = set(living)
    memory = bag(state)
    forced = memory.get("sans_vote")
    absent = absent_today(state) if memory.get("absences") else ()
    counted: dict[str, str] = {}
    blanks: list[str] = []  # set apart here: the base's limits read the votes against players only
    self_votes: list[str] = []
    away: list[str] = []
    vote_of = votes.get
    for name in living:
        if forced and name in forced:
            counted[name] = name  # « il aura donc un auto-vote »
            continue
        target = vote_of(name)
        if target is None:
            pass
        elif target == BLANK:
            blanks.append(name)
            continue
        elif target in alive:
            counted[name] = target
            continue
        if name in absent:
            away.append(name)  # « En cas d'absence justifiée, il y aura non-vote (0 voix) »
        else:
            counted[name] = name
            self_votes.append(name)
    return counted, blanks, self_votes, away


@dataclass(frozen=True)
class Count:
    """A pyre's count as the rules make it, with what the public count tells besides the rows."""

    tally: Tally
    standing: dict[str, str]  # voter → target or ``blanc``, as counted
    weights: dict[str, int]  # voters whose vote weighs other than 1
    self_votes: list[str]  # living players voting against themselves for want of a vote
    absent: list[str]  # justified absences: no vote


def _weights(
    ctx: Ctx, state: GameState, players: Mapping[str, str], base_count: Tally | None, standing: Mapping[str, str]
) -> dict[str, int]:
    """Each standing voter's weight when not 1, for a base without ``day_votes``: the base's own, found by
    counting his vote alone when the base's count is not one per voter, times two for the Magicien's double
    vote (the default power)."""
    found: dict[str, int] = {}
    uneven = base_count is not None and sum(row.votes for row in base_count.counts) != len(players)
    if ctx.base.day_tally is not None and players and uneven:  # some vote weighs other than one
        for voter, target in players.items():
            alone, _ = ctx.base.day_tally(state, {voter: target})
            row = next((r for r in alone.counts if r.voters == (voter,)), None)
            if row is not None and row.votes != 1:
                found[voter] = row.votes
    _double_vote(state, standing, found)
    return found


def _double_vote(state: GameState, standing: Mapping[str, str], weights: dict[str, int]) -> None:
    """The Magicien's default power: his standing vote weighs twice what the base weighs it."""
    memory = bag(state)
    magicien = memory.get("magicien")  # ``holder``: alive, asked only when he voted
    if not magicien or magicien not in standing or not state.player(magicien).alive:
        return
    chosen = memory.get("pouvoir")  # ``active_power``, its holder known
    if not (chosen and chosen.get("holder") == magicien) or chosen["power"] == DEFAULT_POWER:
        weights[magicien] = weights.get(magicien, 1) * 2


def standing_votes(
    ctx: Ctx, state: GameState, votes: Mapping[str, str]
) -> tuple[list[str], dict[str, str], dict[str, int], list[str], list[str]]:
    """What the pyre's count counts: every living voter's vote (or self-vote, or none when absent), the base's own
    limits (lovers, who may vote, a spell) and weights (classique's charisme: « comptera double », the bewitched
    drinker's too), the Magicien's double vote. Returns the living (the count's order), the standing votes (voter →
    target or ``blanc``: the blank ones first, then those against players, each in the players' order), the
    weights other than 1, the self-votes for want of a vote, the justified absences."""
    living = state.living()
    players, blanks, self_votes, away = counted_votes(ctx, state, votes, living)
    if ctx.base.day_votes is not None:  # the base's limits and weights, read before it counts: one count
        players, _, base_weights = ctx.base.day_votes(state, players)  # a new dict
        standing = dict.fromkeys(blanks, BLANK)
        standing.update(players)
        weights = {v: w for v, w in base_weights.items() if v in players and w != 1} if base_weights else {}
        _double_vote(state, standing, weights)
        return living, standing, weights, self_votes, away
    base_count = None
    if ctx.base.day_tally is not None:
        base_count, players = ctx.base.day_tally(state, players)  # the votes that stand (a new dict)
        standing = dict.fromkeys(blanks, BLANK)
        standing.update(players)
    else:  # every vote as counted, in the players' order
        standing = {name: players.get(name, BLANK) for name in living if name in players or name in blanks}
    return living, standing, _weights(ctx, state, players, base_count, standing), self_votes, away


def count(ctx: Ctx, state: GameState, votes: Mapping[str, str]) -> Count:
    """The pyre's count (``standing_votes``), ``blanc`` a row: as the live count shows it."""
    living, standing, weights, self_votes, away = standing_votes(ctx, state, votes)
    return Count(tally(standing, living, weights), standing, weights, self_votes, away)


def ranked(
    standing: Mapping[str, str], living: Sequence[str], weights: Mapping[str, int]
) -> tuple[list[str], dict[str, int], dict[str, list[str]], list[str]]:
    """``tally.tally(standing, living, weights)`` as plain data, for the pyre read once at the deadline (its rows,
    records of tuples, are made for the live count; the deadline reads each row once): the targets in the rows'
    order — most votes first, then in the players' order, a target that is not a living player (``blanc``) after
    them by name —, each target's votes and voters, who has not voted."""
    totals: dict[str, int] = {}
    voters: dict[str, list[str]] = {}
    not_voted: list[str] = []
    vote_of = standing.get
    weight = weights.get
    for voter in living:  # (a loop: tally's, in the same order)
        target = vote_of(voter)
        if target is None:
            not_voted.append(voter)
        elif target in voters:
            totals[target] += weight(voter, 1)
            voters[target].append(voter)
        else:
            totals[target] = weight(voter, 1)
            voters[target] = [voter]
    # The players' order first (living targets), then the others by name; a stable sort by votes keeps it.
    order = [name for name in living if name in totals]
    if len(order) != len(totals):
        order += sorted(set(totals).difference(order))  # (set operations: no generator run for a blank row)
    order.sort(key=totals.__getitem__, reverse=True)  # (``reverse`` keeps equal keys in their order)
    return order, totals, voters, not_voted


def day_tally(ctx: Ctx, state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count (the live count shows it too): J0, the election; else the pyre, ``blanc`` a row."""
    if state.phase == "J0":
        living = state.living()
        alive = set(living)
        standing = {v: t for v, t in votes.items() if v in alive and t in alive}
        return tally(standing, living), standing
    found = count(ctx, state, votes)
    return found.tally, found.standing


def vote_refusal(ctx: Ctx, state: GameState, voter: str, target: str) -> str | Message | None:
    if voter in bag(state).get("sans_vote", []):
        return f"{voter} a perdu son droit de vote à ce bûcher (anti-dévoilement raté) : il a une voix contre lui."
    if target == BLANK:
        return None
    if ctx.base.vote_refusal is not None:
        return ctx.base.vote_refusal(state, voter, target)
    return None


def with_absences(state: GameState, actions: Sequence[Action]) -> GameState:
    """``state`` with the dated absences among ``actions`` noted as the day's close notes them (``note_absences``):
    the live count before the deadline gives the absent player his non-vote. A vague one (no day) waits for the
    MJ's answer at the deadline. ``state`` itself is left as it is."""
    dated = [a for a in actions if a.power == ABSENCE and a.targets]
    if not dated:
        return state
    found = state.copy()
    memory = dict(bag(found))
    noted = {name: list(phases) for name, phases in memory.get("absences", {}).items()}
    for action in dated:
        known = noted.setdefault(action.player, [])
        known.extend(p for p in action.targets if p not in known)
    memory["absences"] = noted
    found.memory = {**found.memory, KEY: memory}
    return found
