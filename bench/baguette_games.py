"""Random complete games of `classique` with the `baguette` module per second, through the composed rule set's
public functions.

14 players dealt from the seed. J0: every player's ballot by MP for a random player. Each day: random vote MPs
(one in five blank), the engine counting self-votes. Each night: the Magicien chooses a random power among the
six (with a random target) and three successors; the wolves' den names a random villager (as ``read_den``'s
action); the Voyante, the Salvateur and the Sorcière act on random players. The engine validates the orders
itself (an illegal one is refused to its player); its questions are left to their defaults.

    .venv/bin/python bench/baguette_games.py [--games 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

from meneur.engine.model import Action, GameState
from meneur.engine.modules import compose
from meneur.engine.rulesets import ruleset

RULES = compose(ruleset("classique"), ["baguette"])
NAMES = [f"Joueur{n:02d}" for n in range(14)]
POWERS = {"voyante": "voyante.sonder", "salvateur": "salvateur.proteger", "sorciere": "sorciere.empoisonnement"}
MAGIC = ("double_voix", "immunite", "protection", "copie", "piege")


def _day(state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    power = "baguette.election" if state.phase == "J0" else "baguette.vote"
    return [
        Action(name, "baguette.blanc") if rng.random() < 0.2 else Action(name, power, (rng.choice(living),))
        for name in living
    ]


def _night(state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    actions = []
    for player in state.players:
        power = POWERS.get(player.role)
        if player.alive and power:
            actions.append(Action(player.name, power, (rng.choice(living),)))
    magicien = state.memory["baguette"]["magicien"]
    if magicien and state.player(magicien).alive:
        kind = rng.choice(MAGIC)
        actions.append(Action(magicien, f"baguette.{kind}", () if kind == "double_voix" else (rng.choice(living),)))
        actions.append(Action(magicien, "baguette.successeur", tuple(rng.sample(living, min(3, len(living))))))
    wolves = [p.name for p in state.players if p.alive and RULES.is_wolf(p)]
    prey = [p.name for p in state.players if p.alive and not RULES.is_wolf(p)]
    if wolves and prey:
        actions.append(Action(rng.choice(wolves), "loups.devorer", (rng.choice(prey),), "den:post"))
    return actions


def play(seed: int) -> tuple[int, str | None]:
    rng = random.Random(seed)
    state = RULES.setup(NAMES, seed)
    phases = 0
    while state.winner is None and phases < 100:
        if state.phase.startswith("J"):
            state = RULES.close_day(state, {}, actions=_day(state, rng)).state
        else:
            state = RULES.resolve_night(state, _night(state, rng)).state
        phases += 1
    return phases, state.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best one counts")
    args = parser.parse_args()
    best = float("inf")
    results: list[tuple[int, str | None]] = []
    for _ in range(args.repeat):
        start = time.process_time()
        results = [play(seed) for seed in range(args.games)]
        best = min(best, time.process_time() - start)
    winners: dict[str | None, int] = {}
    for _, winner in results:
        winners[winner] = winners.get(winner, 0) + 1
    phases = sum(p for p, _ in results)
    print(f"{args.games} games, {phases} phases, {args.games / best:.0f} games/s (best of {args.repeat})")
    print("winners: " + ", ".join(f"{w}: {n}" for w, n in sorted(winners.items(), key=lambda i: str(i[0]))))


if __name__ == "__main__":
    main()
