"""Random games for balance: simple player policies on the ``RuleSet`` contract, and the statistics of
their results. Pure: a game is a function of the rule set, the deal, the policy and a seed; no clock, no
I/O (``daemon/simulate.py`` times the run, prints it and draws the chart).

A policy only sees what the contract offers, so every installed rule set plays the same way:

* ``random``: each voter (``voters`` or the living) votes for another living player, drawn at random; each
  night every actor (``night_actors`` or the living) tries every power he holds (``powers_of``, else the
  verbs named after his role, and the pack's ``loups.*`` verbs for a wolf) on random targets (players, or
  the words a verb takes), kept when ``validate`` accepts them (a few draws each). Day powers are not used.
* ``pack``: the wolves agree on one living non-wolf, and use every ``loups.*`` power and cast every day
  vote on him; the others vote for a living wolf that an information power revealed (a private result
  naming a target whose ``camp`` is ``loups`` or whose ``role`` was dealt to wolves only, sent to a
  non-wolf: he says it publicly), else at random. Their night powers are used as by ``random``.

The engine's questions (a hunter's shot, an invitation) are left to their defaults, as in replay.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .contract import RuleSet
from .model import PRIVATE, Action, Event, GameState, PlayerState

MAX_PHASES = 200  # a game still going after this many phases is counted as unfinished
DRAWS = 3  # random target draws per power and night before giving that power up
Z95 = 1.959963984540054  # the normal quantile of 0.975: a two-sided 95 % interval
GROUP_SLOT = "GROUPE"


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / games`` (95 % by default); (0, 1) for no game."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def camp_of(rules: RuleSet, player: PlayerState) -> str:
    """The camp a player wins with: the pack's for anyone the rule set calls a wolf (an infected villager)."""
    return "loups" if rules.is_wolf(player) else player.camp


# -- policies ----------------------------------------------------------------------------------------
@dataclass
class Knowledge:
    """What the village learnt so far in one game (the pack policy): the wolves found, in order; and which
    roles were dealt to wolves only (a seer who reads such a role has found a wolf)."""

    wolf_roles: frozenset[str] = frozenset()
    wolves_found: list[str] = field(default_factory=list)

    @classmethod
    def of_deal(cls, rules: RuleSet, state: GameState) -> Knowledge:
        roles: dict[str, bool] = {}
        for player in state.players:
            roles[player.role] = roles.get(player.role, True) and bool(rules.is_wolf(player))
        return cls(frozenset(role for role, wolves in roles.items() if wolves))


class RandomPolicy:
    """Everyone votes at random and uses every power he holds on random valid targets."""

    name = "random"

    def votes(self, rules: RuleSet, state: GameState, rng: random.Random, known: Knowledge) -> dict[str, str]:
        living = state.living()
        voters = rules.voters(state) if rules.voters is not None else living
        votes = {}
        for voter in voters:
            others = [n for n in living if n != voter] or living
            votes[voter] = rng.choice(others)
        return votes

    def night(self, rules: RuleSet, state: GameState, rng: random.Random, known: Knowledge) -> list[Action]:
        return _night_actions(rules, state, rng, None)

    def learn(self, rules: RuleSet, state: GameState, events: Sequence[Event], known: Knowledge) -> None:
        """The random players learn nothing."""


class PackPolicy(RandomPolicy):
    """The wolves act as one against a non-wolf; the village follows the wolves its seers found."""

    name = "pack"

    def _prey(self, rules: RuleSet, state: GameState, rng: random.Random) -> str | None:
        prey = [p.name for p in state.players if p.alive and not rules.is_wolf(p)]
        return rng.choice(prey) if prey else None

    def votes(self, rules: RuleSet, state: GameState, rng: random.Random, known: Knowledge) -> dict[str, str]:
        votes = super().votes(rules, state, rng, known)
        prey = self._prey(rules, state, rng)
        found = [n for n in known.wolves_found if state.player(n).alive]
        for voter in votes:
            if rules.is_wolf(state.player(voter)):
                if prey is not None:
                    votes[voter] = prey
            elif found and found[-1] != voter:
                votes[voter] = found[-1]
        return votes

    def night(self, rules: RuleSet, state: GameState, rng: random.Random, known: Knowledge) -> list[Action]:
        return _night_actions(rules, state, rng, self._prey(rules, state, rng))

    def learn(self, rules: RuleSet, state: GameState, events: Sequence[Event], known: Knowledge) -> None:
        for event in events:
            if event.audience != PRIVATE or len(event.to) != 1:
                continue
            target = event.data.get("target")
            if not isinstance(target, str) or target in known.wolves_found:
                continue
            try:
                reader = state.player(event.to[0])
                state.player(target)
            except KeyError:
                continue
            if rules.is_wolf(reader):
                continue
            camp, role = event.data.get("camp"), event.data.get("role")
            if camp == "loups" or role in known.wolf_roles:
                known.wolves_found.append(target)


POLICIES: dict[str, type[RandomPolicy]] = {"random": RandomPolicy, "pack": PackPolicy}


def _powers(rules: RuleSet, state: GameState, player: PlayerState) -> list[str]:
    wolf = rules.is_wolf(player)
    pack = [v.power for v in rules.verbs if wolf and v.power.startswith("loups.")]
    if rules.powers_of is not None:
        held = list(rules.powers_of(state, player.name))
    else:
        held = [v.power for v in rules.verbs if v.power.split(".")[0] == player.role]
    return pack + [p for p in held if p not in pack]


def _groups(rules: RuleSet, state: GameState) -> list[str]:
    return sorted(rules.groups(state)) if rules.groups is not None else []


def _night_actions(rules: RuleSet, state: GameState, rng: random.Random, prey: str | None) -> list[Action]:
    verbs = {v.power: v for v in rules.verbs}
    names = [p.name for p in state.players]
    living = state.living()
    actors = rules.night_actors(state) if rules.night_actors is not None else living
    groups: list[str] | None = None
    actions = []
    for name in actors:
        player = state.player(name)
        for power in _powers(rules, state, player):
            verb = verbs.get(power)
            if verb is None:
                continue
            words = sorted({value for _, value in verb.words})
            for _ in range(DRAWS):
                count = rng.randint(verb.min_targets, verb.max_targets)
                if prey is not None and power.startswith("loups.") and count == 1:
                    targets: tuple[str, ...] = (prey,)
                else:
                    chosen = []
                    for slot in range(count):
                        kind = verb.slots[slot] if slot < len(verb.slots) else "NOM"
                        if kind == GROUP_SLOT:
                            groups = _groups(rules, state) if groups is None else groups
                            pool = groups or living
                        elif words and (kind != "NOM" or rng.random() < 0.5):
                            pool = words
                        else:
                            pool = [n for n in living if n not in chosen] or names
                        chosen.append(rng.choice(pool))
                    targets = tuple(chosen)
                action = Action(name, power, targets)
                if rules.validate(state, action) is None:
                    actions.append(action)
                    break
    return actions


# -- one game ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    winner: str | None  # the rule set's winner ("village", "loups", "amoureux", "aucun"…), None: unfinished
    phases: int
    holders: tuple[tuple[str, str, bool], ...]  # each player: the role and camp dealt, and whether he won


def deal(roles: Sequence[str], names: Sequence[str], rng: random.Random) -> dict[str, str]:
    """The fixed roles shuffled over the players."""
    shuffled = list(roles)
    rng.shuffle(shuffled)
    return dict(zip(names, shuffled, strict=True))


def game_seed(seed: int, number: int) -> int:
    """Game ``number``'s own seed, derived from the run's: the same run gives the same games."""
    return random.Random(f"simulate:{seed}:{number}").getrandbits(48)


def play(
    rules: RuleSet, names: Sequence[str], seed: int, policy: RandomPolicy, roles: Sequence[str] | None = None
) -> GameResult:
    """One game from its seed, to its end or to ``MAX_PHASES``."""
    rng = random.Random(seed)
    dealt: Mapping[str, str] | None = deal(roles, names, rng) if roles else None
    state = rules.setup(names, seed, dealt) if dealt is not None else rules.setup(names, seed)
    start = {p.name: (p.role, camp_of(rules, p)) for p in state.players}
    known = Knowledge.of_deal(rules, state)
    phases = 0
    while state.winner is None and phases < MAX_PHASES:
        if state.phase.startswith("J"):
            outcome = rules.close_day(state, policy.votes(rules, state, rng, known))
        else:
            outcome = rules.resolve_night(state, policy.night(rules, state, rng, known))
        state = outcome.state
        policy.learn(rules, state, outcome.events, known)
        phases += 1
    return GameResult(state.winner, phases, tuple((*start[p.name], _won(rules, state, p)) for p in state.players))


def _won(rules: RuleSet, state: GameState, player: PlayerState) -> bool:
    winner = state.winner
    if winner is None:
        return False
    if winner == "amoureux":
        return bool(player.markers.get("amoureux")) and player.alive
    return camp_of(rules, player) == winner


# -- the statistics ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rate:
    key: str
    wins: int
    games: int
    camp: str = ""  # a role's: the camp it was most often dealt in

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        found = {"wins": self.wins, "games": self.games, "rate": self.rate, "low": low, "high": high}
        return {**found, "camp": self.camp} if self.camp else found


@dataclass(frozen=True)
class Summary:
    games: int
    phases: int  # over all games
    camps: tuple[Rate, ...]  # each winner seen (village, loups, then the others), "inachevée" last
    roles: tuple[Rate, ...]  # per role dealt: holders, and those who won


UNFINISHED = "inachevee"


def summarise(results: Sequence[GameResult]) -> Summary:
    """Win counts per camp and per role dealt, in a stable order (same results ⇒ same summary)."""
    winners: dict[str, int] = {"village": 0, "loups": 0}
    held: dict[str, list[int]] = {}
    dealt_in: dict[str, dict[str, int]] = {}
    for result in results:
        key = result.winner if result.winner is not None else UNFINISHED
        winners[key] = winners.get(key, 0) + 1
        for role, camp, won in result.holders:
            counts = held.setdefault(role, [0, 0])
            counts[0] += won
            counts[1] += 1
            seen = dealt_in.setdefault(role, {})
            seen[camp] = seen.get(camp, 0) + 1
    order = ["village", "loups", *sorted(k for k in winners if k not in ("village", "loups", UNFINISHED))]
    if UNFINISHED in winners:
        order.append(UNFINISHED)
    games = len(results)
    camps = tuple(Rate(k, winners[k], games) for k in order)
    roles = tuple(
        Rate(role, wins, dealt, min(dealt_in[role].items(), key=lambda kv: (-kv[1], kv[0]))[0])
        for role, (wins, dealt) in sorted(held.items())
    )
    return Summary(games, sum(r.phases for r in results), camps, roles)
