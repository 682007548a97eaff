"""Random complete games per second, for every rule set, through the engine's public functions.

Each rule set plays the same seeded random games twice in one run: once with ``GameState.copy`` as it
is, once with the old path (``copy.deepcopy`` of the whole state, as the engine copied before
issue 15). Both must end every game the same way (the bench stops otherwise); the ratio is the figure.

`classique`: 14 players dealt from a seed, random votes each day, random actions each night (wolves,
Voyante, Salvateur, Sorcière). `convivialite`: 6 players, the wolf drawn from the seed (his role too),
random votes, invitations, scratches, potions and scans. `hameau` (the tutorial): 8 players, each
power used on a random living player when `validate` accepts it. `trinite-meuporg`: 12 players, every living
(or dead doll-holding) player uses each power of the items in hand on random targets, kept only when
`validate` accepts it. `trinite`: 12 players, each living player uses one of his object's night powers
(random targets: players, groups, styles, power names as each power takes them), the wolves attack, and
the day powers now and then; the engine validates them itself (an illegal choice is refused to its
player, as from an MP). `citadelles`: 12 or 16 players from the seed; J0: every player picks his citadel in
turn (balanced), then asks a random post and two powers; each night the wolves attack a random villager, every
scientist launches a random project he may launch, or uses the charged one on a random target (kept when
`validate` accepts it); each day random votes. `double-roles`: 10 players dealt from the seed (natures, two
roles each); each living player uses each power he holds for the phase half the time, on random living
players (houses are their owners' names; a word after them when the power takes one), and the engine refuses
what the rules do not allow; most living players vote each day. `classique+baguette` (classique with the
`baguette` module): 14 players dealt from the seed; every day each living player's vote MP (one in five blank;
J0's elect the Magicien); each night the Voyante, the Salvateur and the Sorcière act on random players, the
Magicien chooses a random power among six (a random target) and three successors, the den names a random
villager; the engine validates the orders itself. The engine's questions are left to their defaults.

    .venv/bin/python bench/random_games.py [--games 300] [--ruleset NAME]… [--repeat 3]

A change meant to play the same games (a faster engine) is checked with ``--hash``: a digest of every phase's
events, state and questions per rule set, the same before and after it (with the same PYTHONHASHSEED):

    PYTHONHASHSEED=0 .venv/bin/python bench/random_games.py --hash [--games 300] [--ruleset NAME]…

A change of how a state keeps what it knows (not of what it knows) changes the states' repr, so ``--hash`` too:
``--hash-events`` is the same digest with each state seen through ``_known`` (its players' markers sorted, a counter
at 0 left out: the rules read a missing counter as 0), to show such a change plays the same games.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from meneur.engine import rulesets
from meneur.engine.contract import RuleSet
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.modules import compose
from meneur.engine.rulesets.citadelles.projects import CITADEL_TARGETS, PROJECTS
from meneur.engine.rulesets.citadelles.roles import CITADELS
from meneur.engine.rulesets.double_roles.validation import POWERS as DOUBLE_ROLES_POWERS
from meneur.engine.rulesets.double_roles.validation import powers_held
from meneur.engine.rulesets.trinite import rules as trinite_new_rules
from meneur.engine.rulesets.trinite_meuporg import rules as trinite_rules

CLASSIQUE_NAMES = [f"Joueur{n:02d}" for n in range(14)]
CLASSIQUE_POWERS = {"voyante": "voyante.sonder", "salvateur": "salvateur.proteger",
                    "sorciere": "sorciere.empoisonnement"}  # fmt: skip
CONVIVIALITE_POWERS = {"amoureux": "amoureux.aduler", "sorciere": "sorciere.potion", "traqueur": "traqueur.scanner"}


NightActions = Callable[[RuleSet, GameState, random.Random], list[Action]]
# A rule set the games play instead of the installed one (``digest`` records every phase through it).
_OVERRIDE: dict[str, RuleSet] = {}


# Rule sets composed with modules, by bench name: (base, modules).
COMPOSED: dict[str, tuple[str, tuple[str, ...]]] = {"classique+baguette": ("classique", ("baguette",))}
_COMPOSED_RULES: dict[str, RuleSet] = {}


def _installed(name: str) -> RuleSet:
    if name not in COMPOSED:
        return rulesets.ruleset(name)
    if name not in _COMPOSED_RULES:
        base, modules = COMPOSED[name]
        _COMPOSED_RULES[name] = compose(rulesets.ruleset(base), modules)
    return _COMPOSED_RULES[name]


def _rules(name: str) -> RuleSet:
    return _OVERRIDE.get(name) or _installed(name)


def _classique_night(rules: RuleSet, state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    is_wolf, choice = rules.is_wolf, rng.choice
    actions = []
    for player in state.players:
        power = "loups.devorer" if is_wolf(player) else CLASSIQUE_POWERS.get(player.role)
        if player.alive and power:
            actions.append(Action(player.name, power, (choice(living),)))
    return actions


def _convivialite_night(rules: RuleSet, state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    first = state.phase == "N1"
    actions = []
    for player in (p for p in state.players if p.alive):
        others = [n for n in living if n != player.name]
        if player.camp == "loups" and first:
            actions.append(Action(player.name, "loups.inviter", tuple(rng.sample(others, 2))))
        if player.camp == "loups":
            actions.append(Action(player.name, "loups.griffer", (rng.choice(others),)))
        power = CONVIVIALITE_POWERS.get(player.role)
        if power:
            actions.append(Action(player.name, power, (rng.choice(others),)))
    return actions


def _trinite_meuporg_night(rules: RuleSet, state: GameState, rng: random.Random) -> list[Action]:
    assert rules.night_actors is not None and rules.powers_of is not None
    powers = trinite_rules.POWERS  # what each power targets: the rule set's own table
    powers_of, validate, randint, choice = rules.powers_of, rules.validate, rng.randint, rng.choice
    actions = []
    names = [p.name for p in state.players]
    for name in rules.night_actors(state):
        player = state.player(name)
        wanted = powers_of(state, name) + (["loups.attaquer"] if player.camp == "loups" else [])
        for power in wanted:
            spec = powers[power]
            if spec.by_day:
                continue
            count = randint(spec.min_targets, spec.max_targets)
            # One target: ``choice``, which draws as ``sample`` of one does (same games), for less.
            targets = (choice(names),) if count == 1 else tuple(rng.sample(names, count))
            action = Action(name, power, targets)
            if validate(state, action) is None:
                actions.append(action)
    return actions


def _hameau_night(rules: RuleSet, state: GameState, rng: random.Random) -> list[Action]:
    living = state.living()
    validate, choice = rules.validate, rng.choice
    actions = []
    for player in (p for p in state.players if p.alive):
        for verb in rules.verbs:
            action = Action(player.name, verb.power, (choice(living),))
            if validate(state, action) is None:
                actions.append(action)
    return actions


# Each rule set: its table (the players' names), its night's random actions.
TABLES: dict[str, tuple[list[str], NightActions]] = {
    "classique": (CLASSIQUE_NAMES, _classique_night),
    "convivialite": (CLASSIQUE_NAMES[:6], _convivialite_night),
    "trinite-meuporg": (CLASSIQUE_NAMES[:12], _trinite_meuporg_night),
    "hameau": (CLASSIQUE_NAMES[:8], _hameau_night),
}


def play(name: str, seed: int) -> tuple[int, str | None]:
    """One complete random game of rule set ``name`` (at most 200 phases): (phases played, winner).
    By day every living player votes for a random living player; by night, the rule set's own actions."""
    rules = _rules(name)
    names, night = TABLES[name]
    rng = random.Random(seed)
    state = rules.setup(names, seed)
    close_day, resolve_night, choice = rules.close_day, rules.resolve_night, rng.choice
    phases = 0
    while state.winner is None and phases < 200:
        if state.phase.startswith("J"):
            living = state.living()
            outcome = close_day(state, {v: choice(living) for v in living})
        else:
            outcome = resolve_night(state, night(rules, state, rng))
        state = outcome.state
        phases += 1
    return phases, state.winner


_STYLE_WORDS = ("offensif", "défensif", "tactique")


def _trinite_targets(kind: str, count: int, names: list[str], rng: random.Random) -> tuple[str, ...]:
    """Random targets of the kind a trinite power takes (validate keeps the sensible ones)."""
    if kind == "group":
        return (str(rng.randint(1, len(names) // 3)),)
    if kind in ("passive", "active"):
        return (rng.choice(_TRINITE_WORDS),)
    if kind == "style":
        return (rng.choice(names), rng.choice(_STYLE_WORDS))
    if count == 1:
        return (rng.choice(names),)
    return tuple(rng.sample(names, count))


_TRINITE_WORDS = tuple(p.split(".")[1] for p in trinite_new_rules.POWERS if p != "loups.attaquer")


def play_trinite(seed: int) -> tuple[int, str | None]:
    rules = _rules("trinite")
    assert rules.powers_of is not None
    powers = trinite_new_rules.POWERS
    rng = random.Random(seed)
    state = rules.setup(CLASSIQUE_NAMES[:12], seed)
    names = [p.name for p in state.players]
    phases = 0
    while state.winner is None and phases < 200:
        actions = []
        night = state.phase.startswith("N")
        for player in state.players:
            if not player.alive or (not night and rng.random() < 0.8):  # a day power now and then
                continue
            if night and player.camp == "loups":
                actions.append(Action(player.name, "loups.attaquer", (rng.choice(names),)))
            wanted = [p for p in rules.powers_of(state, player.name) if (powers[p].kind == "actif") == night]
            if not wanted:
                continue
            power = rng.choice(wanted)
            spec = powers[power]
            action = Action(
                player.name,
                power,
                _trinite_targets(spec.targets, rng.randint(spec.min_targets, spec.max_targets), names, rng),
            )
            actions.append(action)
        # No filter here: the engine validates every action itself (a refusal is told to its player), so the
        # random player's illegal choices exercise that path and the games are those a filter would give.
        if night:
            outcome = rules.resolve_night(state, actions)
        else:
            living = state.living()
            outcome = rules.close_day(state, {v: rng.choice(living) for v in living}, None, (), actions)
        state = outcome.state
        phases += 1
    return phases, state.winner


_CITADELLES_POWERS = ("supervision", "annulation", "obstacle", "supervoix", "intendant")


def _citadelles_night(rules: RuleSet, state: GameState, rng: random.Random) -> list[Action]:
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
    return [a for a in actions if rules.validate(state, a) is None]


def play_citadelles(seed: int) -> tuple[int, str | None]:
    """J0's three phases (the zenith skipped: the choices are balanced), then nights and days."""
    rules = _rules("citadelles")
    rng = random.Random(seed)
    names = [f"J{n:02d}" for n in range(rng.choice((12, 16)))]
    # ``choice`` drawn through ``Random._randbelow`` as it draws (same games: ``--hash``), without its check.
    below, table = rng._randbelow, len(names)  # type: ignore[attr-defined]
    state = rules.setup(names, seed)
    phases = 0
    while state.winner is None and phases < 100:
        outcome: Outcome
        if state.phase == "J0-matin":
            actions = [Action(n, "citadelle.choisir", (CITADELS[i % 4],)) for i, n in enumerate(names)]
            outcome = rules.close_day(state, {v: names[below(table)] for v in names}, {}, (), actions)
        elif state.phase == "J0-soir":
            posts = ("sf", "gm", "cb") if len(names) == 12 else ("sf", "gm", "cm", "cs")
            asks = [Action(n, f"habitant.{posts[below(len(posts))]}") for n in names]
            asks += [Action(n, f"habitant.{p}") for n in names for p in rng.sample(_CITADELLES_POWERS, 2)]
            outcome = rules.close_day(state, {}, {}, (), asks)
        elif state.phase.startswith("J"):
            living = state.living()
            alive = len(living)
            outcome = rules.close_day(state, {v: living[below(alive)] for v in living})
        else:
            outcome = rules.resolve_night(state, _citadelles_night(rules, state, rng))
        state = outcome.state
        phases += 1
    return phases, state.winner


# Each double-roles power by the phase it is used in (day: True): its name, the fewest and most names it takes,
# and its words (the Sympathique's powers are in both). The draws below are those of ``randint`` and ``choice``,
# made through ``Random._randbelow`` as they make them (same games: ``--hash``), without their argument checks.
_DR_PHASE: dict[bool, dict[str, tuple[int, int, tuple[str, ...]] | None]] = {
    day: {
        power: (spec.targets, spec.most or spec.targets, spec.words) if spec.day == day or spec.anytime else None
        for power, spec in DOUBLE_ROLES_POWERS.items()
    }
    for day in (True, False)
}


def play_double_roles(seed: int) -> tuple[int, str | None]:
    rules = _rules("double-roles")
    rng = random.Random(seed)
    below, draw = rng._randbelow, rng.random  # type: ignore[attr-defined]
    state = rules.setup(CLASSIQUE_NAMES[:10], seed)
    phases = 0
    while state.winner is None and phases < 200:
        day = state.phase.startswith("J")
        usable = _DR_PHASE[day]
        living = state.living()
        alive = len(living)
        held = powers_held(state)  # ``rules.powers_of`` of each player, in one pass (shared tuples)
        actions = []
        for name in living:
            for power in held[name]:
                spec = usable[power]
                if spec is None or draw() < 0.5:  # a power of the other phase, or not used this time
                    continue
                fewest, most, words = spec
                count = min(fewest + below(most - fewest + 1), alive)  # ``randint(fewest, most)``
                # One target: ``choice``, which draws as ``sample`` of one does (same games), for less.
                targets = [living[below(alive)]] if count == 1 else rng.sample(living, count)
                if words:
                    targets = [*targets[:fewest], words[below(len(words))]]
                actions.append(Action(name, power, tuple(targets)))
        if day:
            votes = {v: living[below(alive)] for v in living if draw() < 0.8}
            outcome = rules.close_day(state, votes, {}, (), actions)
        else:
            outcome = rules.resolve_night(state, actions, {}, ())
        state = outcome.state
        phases += 1
    return phases, state.winner


_BAGUETTE_MAGIC = ("double_voix", "immunite", "protection", "copie", "piege")


def play_baguette(seed: int) -> tuple[int, str | None]:
    """At most 100 phases; the votes and orders by MP (``actions``), the den's victim as ``read_den`` gives it."""
    rules = _rules("classique+baguette")
    is_wolf, close_day, resolve_night = rules.is_wolf, rules.close_day, rules.resolve_night
    rng = random.Random(seed)
    draw, choice, sample = rng.random, rng.choice, rng.sample
    state = rules.setup(CLASSIQUE_NAMES, seed)
    phases = 0
    while state.winner is None and phases < 100:
        living = state.living()
        if state.phase.startswith("J"):
            power = "baguette.election" if state.phase == "J0" else "baguette.vote"
            votes = [
                Action(name, "baguette.blanc") if draw() < 0.2 else Action(name, power, (choice(living),))
                for name in living
            ]
            state = close_day(state, {}, actions=votes).state
            phases += 1
            continue
        actions = []
        wolves, prey = [], []
        for player in state.players:
            if not player.alive:
                continue
            (wolves if is_wolf(player) else prey).append(player.name)
            power = CLASSIQUE_POWERS.get(player.role)
            if power:
                actions.append(Action(player.name, power, (choice(living),)))
        magicien = state.memory["baguette"]["magicien"]
        if magicien and magicien in living:
            kind = choice(_BAGUETTE_MAGIC)
            actions.append(Action(magicien, f"baguette.{kind}", () if kind == "double_voix" else (choice(living),)))
            actions.append(Action(magicien, "baguette.successeur", tuple(sample(living, min(3, len(living))))))
        if wolves and prey:
            actions.append(Action(choice(wolves), "loups.devorer", (choice(prey),), "den:post"))
        state = resolve_night(state, actions).state
        phases += 1
    return phases, state.winner


def _player(name: str) -> Callable[[int], tuple[int, str | None]]:
    return lambda seed: play(name, seed)


GAMES: dict[str, Callable[[int], tuple[int, str | None]]] = {name: _player(name) for name in TABLES}
GAMES["trinite"] = play_trinite  # day powers too: its own loop
GAMES["citadelles"] = play_citadelles  # J0 in three phases: its own loop
GAMES["double-roles"] = play_double_roles  # day powers too: its own loop
GAMES["classique+baguette"] = play_baguette  # votes by MP, the wand, the den: its own loop


def deepcopy_path(state: GameState) -> GameState:
    """How ``GameState.copy`` worked before issue 15: the whole state, deeply, every phase."""
    return copy.deepcopy(state)


Results = list[tuple[int, str | None]]


def run(game: Callable[[int], tuple[int, str | None]], games: int, repeat: int) -> tuple[float, Results]:
    """The best CPU time of ``repeat`` runs of the same ``games`` seeds, and their results."""
    best = float("inf")
    results: Results = []
    for _ in range(repeat):
        start = time.process_time()
        results = [game(seed) for seed in range(games)]
        best = min(best, time.process_time() - start)
    return best, results


def _known(state: GameState) -> str:
    """What a state knows, as a string: its repr with each player's markers sorted by name and a counter at 0 (an
    int, not a bool) left out — the same for two states that keep the same facts in different shapes."""
    shown = copy.copy(state)
    shown.players = [copy.copy(p) for p in state.players]
    for player in shown.players:
        player.markers = {k: v for k, v in sorted(player.markers.items()) if not (type(v) is int and v == 0)}
    return repr(shown)


def digest(name: str, games: int, known: bool = False) -> str:
    """A SHA-256 of every phase of the ``games`` games of ``name``: each outcome's events (JSON), its state and
    its questions (repr). Equal before and after a change: the change played the same games. A state's sets
    show in hash order: compare digests made with the same PYTHONHASHSEED. With ``known``, each state is
    seen through ``_known`` (``--hash-events``)."""
    show: Callable[[GameState], str] = _known if known else repr
    found = hashlib.sha256()
    rules = _installed(name)

    def recorded(phase: Callable[..., Outcome]) -> Callable[..., Outcome]:
        def play_phase(*args: Any, **kwargs: Any) -> Outcome:
            outcome = phase(*args, **kwargs)
            for event in outcome.events:
                found.update(json.dumps(event.as_json(), sort_keys=True, ensure_ascii=False, default=repr).encode())
            found.update(show(outcome.state).encode() + repr(outcome.questions).encode())
            return outcome

        return play_phase

    _OVERRIDE[name] = replace(rules, close_day=recorded(rules.close_day), resolve_night=recorded(rules.resolve_night))
    try:
        found.update(repr([GAMES[name](seed) for seed in range(games)]).encode())
    finally:
        del _OVERRIDE[name]
    return found.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each path; the best one counts")
    parser.add_argument("--ruleset", action="append", choices=sorted(GAMES), help="default: every rule set")
    parser.add_argument("--hash", action="store_true", help="print each rule set's digest of its games, no timing")
    parser.add_argument(
        "--hash-events",
        action="store_true",
        help="--hash, each state's markers compared as facts (sorted, counters at 0 left out)",
    )
    args = parser.parse_args()
    if args.hash or args.hash_events:
        for name in args.ruleset or list(GAMES):
            print(f"{name:<18} {digest(name, args.games, known=args.hash_events)}")
        return
    current = GameState.copy
    print(f"{'rule set':<18} {'phases':>7} {'games/s':>9} {'deepcopy path':>14} {'ratio':>6}  winners")
    for name in args.ruleset or list(GAMES):
        spent, results = run(GAMES[name], args.games, args.repeat)
        GameState.copy = deepcopy_path  # type: ignore[method-assign]
        try:
            old_spent, old_results = run(GAMES[name], args.games, args.repeat)
        finally:
            GameState.copy = current  # type: ignore[method-assign]
        if results != old_results:
            raise SystemExit(f"{name}: the two copying paths played different games")
        winners: dict[str | None, int] = {}
        for _, winner in results:
            winners[winner] = winners.get(winner, 0) + 1
        phases = sum(p for p, _ in results)
        shown = ", ".join(f"{w}: {n}" for w, n in sorted(winners.items(), key=lambda kv: -kv[1]))
        print(
            f"{name:<18} {phases:>7} {args.games / spent:>9.0f} {args.games / old_spent:>14.0f}"
            f" {old_spent / spent:>6.2f}  {shown}"
        )


if __name__ == "__main__":
    main()
