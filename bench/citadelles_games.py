"""Random complete games of `citadelles` per second, through the rule set's public functions.

Not yet in bench/random_games.py (the rule set is not declared as an entry point: its generic checks
wait for the live daemon). 12 or 16 players from the seed; J0: every player picks his citadel in turn
(balanced) and asks a random post and two powers; each night the wolves attack a random villager, every scientist
launches a random project he may launch, or uses the charged one on a random target; each day random
votes. The engine's questions are left to their defaults.

    .venv/bin/python bench/citadelles_games.py [--games 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets import ruleset
from meneur.engine.rulesets.citadelles.projects import CITADEL_TARGETS, PROJECTS
from meneur.engine.rulesets.citadelles.roles import CITADELS

RULES = ruleset("citadelles")
_POWERS = ("supervision", "annulation", "obstacle", "supervoix", "intendant")


def _night(state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    wolves = [p.name for p in state.players if p.alive and p.camp == "loups"]
    prey = [p.name for p in state.players if p.alive and p.camp != "loups"]
    actions = [Action(rng.choice(wolves), "loups.attaquer", (rng.choice(prey),))] if wolves and prey else []
    for player in state.players:
        if not player.alive or player.role != "sf":
            continue
        citadel = player.markers["citadelle"]
        room = state.memory["projets"][citadel]
        if room["courant"] is None:
            left = [p for p in PROJECTS[citadel] if p not in room["detruits"]]
            if left:
                actions.append(Action(player.name, f"sf.lancer.{rng.choice(left)}"))
            continue
        project = PROJECTS[citadel][room["courant"]]
        if room["charge"] < project.need or project.passive:
            continue
        if project.target in CITADEL_TARGETS:
            actions.append(Action(player.name, f"sf.viser.{rng.choice([c for c in CITADELS if c != citadel])}"))
        else:
            actions.append(Action(player.name, "sf.utiliser", (rng.choice(living),) if project.target else ()))
    return [a for a in actions if RULES.validate(state, a) is None]


def play(seed: int) -> tuple[int, str | None]:
    rng = random.Random(seed)
    names = [f"J{n:02d}" for n in range(rng.choice((12, 16)))]
    state = RULES.setup(names, seed)
    phases = 0
    while state.winner is None and phases < 100:
        outcome: Outcome
        if state.phase == "J0-matin":
            actions = [Action(n, "citadelle.choisir", (CITADELS[i % 4],)) for i, n in enumerate(names)]
            outcome = RULES.close_day(state, {v: rng.choice(names) for v in names}, {}, (), actions)
        elif state.phase == "J0-soir":
            posts = ("sf", "gm", "cb") if len(names) == 12 else ("sf", "gm", "cm", "cs")
            asks = [Action(n, f"habitant.{rng.choice(posts)}") for n in names]
            asks += [Action(n, f"habitant.{p}") for n in names for p in rng.sample(_POWERS, 2)]
            outcome = RULES.close_day(state, {}, {}, (), asks)
        elif state.phase.startswith("J"):
            living = state.living()
            outcome = RULES.close_day(state, {v: rng.choice(living) for v in living})
        else:
            outcome = RULES.resolve_night(state, _night(state, rng))
        state = outcome.state
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
    shown = ", ".join(f"{w}: {n}" for w, n in sorted(winners.items(), key=lambda kv: -kv[1]))
    print(f"citadelles  {sum(p for p, _ in results)} phases  {args.games / best:.0f} games/s  {shown}")


if __name__ == "__main__":
    main()
