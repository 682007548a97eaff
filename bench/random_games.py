"""Random complete games per second, through the engine's public functions.

`classique`: 14 players dealt from a seed, random votes each day, random actions each night
(wolves, Voyante, Salvateur, Sorcière), until someone wins. `convivialite`: 6 players, the wolf drawn
from the seed (his role too), random votes, invitations, scratches, potions and scans, with the
engine's questions left to their defaults.

    .venv/bin/python bench/random_games.py [--games 300] [--ruleset classique|convivialite]
"""

from __future__ import annotations

import argparse
import random
import time

from meneur.engine import rulesets
from meneur.engine.model import Action
from meneur.engine.rulesets.classique import close_day, resolve_night, setup
from meneur.engine.rulesets.classique.rules import is_wolf

NAMES = [f"Joueur{n:02d}" for n in range(14)]
POWERS = {"voyante": "voyante.sonder", "salvateur": "salvateur.proteger",
          "sorciere": "sorciere.empoisonnement"}  # fmt: skip


def play(seed: int) -> tuple[int, str | None]:
    rng = random.Random(seed)
    state = setup(NAMES, seed)
    phases = 0
    while state.winner is None and phases < 200:
        living = state.living()
        if state.phase.startswith("J"):
            outcome = close_day(state, {v: rng.choice(living) for v in living})
        else:
            actions = []
            for player in state.players:
                power = "loups.devorer" if is_wolf(player) else POWERS.get(player.role)
                if player.alive and power:
                    actions.append(Action(player.name, power, (rng.choice(living),)))
            outcome = resolve_night(state, actions)
        state = outcome.state
        phases += 1
    return phases, state.winner


CONVIVIALITE = {"amoureux": "amoureux.aduler", "sorciere": "sorciere.potion", "traqueur": "traqueur.scanner"}


def play_convivialite(seed: int) -> tuple[int, str | None]:
    rules = rulesets.ruleset("convivialite")
    rng = random.Random(seed)
    state = rules.setup(NAMES[:6], seed)
    phases = 0
    while state.winner is None and phases < 200:
        living = state.living()
        if state.phase.startswith("J"):
            outcome = rules.close_day(state, {v: rng.choice(living) for v in living})
        else:
            actions = []
            for player in (p for p in state.players if p.alive):
                others = [n for n in living if n != player.name]
                if player.camp == "loups" and state.phase == "N1":
                    actions.append(Action(player.name, "loups.inviter", tuple(rng.sample(others, 2))))
                if player.camp == "loups":
                    actions.append(Action(player.name, "loups.griffer", (rng.choice(others),)))
                power = CONVIVIALITE.get(player.role)
                if power:
                    actions.append(Action(player.name, power, (rng.choice(others),)))
            outcome = rules.resolve_night(state, actions)
        state = outcome.state
        phases += 1
    return phases, state.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--ruleset", choices=["classique", "convivialite"], default="classique")
    args = parser.parse_args()
    game = play if args.ruleset == "classique" else play_convivialite
    start = time.process_time()
    results = [game(seed) for seed in range(args.games)]
    spent = time.process_time() - start
    winners: dict[str | None, int] = {}
    for _, winner in results:
        winners[winner] = winners.get(winner, 0) + 1
    phases = sum(p for p, _ in results)
    print(f"{args.games} games, {phases} phases in {spent:.2f} s CPU")
    print(f"{args.games / spent:.0f} complete games per second ({phases / spent:.0f} phases per second)")
    print("winners: " + ", ".join(f"{w}: {n}" for w, n in sorted(winners.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
