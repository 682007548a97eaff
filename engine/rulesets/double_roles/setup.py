"""`double-roles`: the setup — a nature and two roles per player, the secret order numbers of duplicated
night roles, the assassins' targets."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Any

from ... import items
from ...model import GameState, PlayerState
from .common import _roles
from .roles import (
    ASSASSIN,
    LOUP,
    LOUP_SOLITAIRE,
    NATURE_NAMES,
    NATURES,
    PLAYED,
    ROLE_NAMES,
    ROLE_ORDER,
    RULESET,
    SEP,
    VILLAGEOIS,
    WEIGHTS,
    WOLF_NATURES,
    roles_of,
)

# The roles that act at night (one step of NIGHT_ORDER each): their duplicates get secret order numbers.
NIGHT_ROLES: tuple[str, ...] = (
    "planque", "salbatar", "cupidon", "voyante", "voyeur", "sorcier", "salvateur", "necromancienne",
    "convaincant", "corbeau", "araignee", "detective",
)  # fmt: skip
OPTIONS: dict[str, tuple[Any, ...]] = {"ordre": ({},), "cibles": ({},), "phylacteres": ({},)}
TARGETS = 6  # "vous avez 6 cibles"


def draw_natures(rng: random.Random, count: int) -> list[str]:
    """Exactly N-5 Villageois, 3 Loups, 1 Loup Solitaire, 1 Assassin, shuffled (RULINGS R1)."""
    if count < 6:
        raise ValueError(f"double-roles needs at least 6 players (3 Loups, 1 Loup Solitaire, 1 Assassin), not {count}")
    natures = [VILLAGEOIS] * (count - 5) + [LOUP] * 3 + [LOUP_SOLITAIRE, ASSASSIN]
    rng.shuffle(natures)
    return natures


# The weights out of 260 in ROLE_ORDER, summed as ``random.choices`` sums them (the same draws, summed once).
_CUMULATIVE = tuple(accumulate(WEIGHTS[r] for r in ROLE_ORDER))
_TOTAL = _CUMULATIVE[-1] + 0.0  # ``choices``' float total
_LAST = len(ROLE_ORDER) - 1  # ``choices``' upper bound for the search


def draw_roles(rng: random.Random, count: int) -> list[str]:
    """Two roles per player, each drawn by the file's weights out of 260, duplicates allowed."""
    # ``rng.choices(ROLE_ORDER, cum_weights=_CUMULATIVE, k=2)``, as it draws (one ``random()`` a role, the same
    # search), without its checks of the arguments: the same roles.
    draw = rng.random
    return [
        f"{ROLE_ORDER[bisect_right(_CUMULATIVE, draw() * _TOTAL, 0, _LAST)]}{SEP}"
        f"{ROLE_ORDER[bisect_right(_CUMULATIVE, draw() * _TOTAL, 0, _LAST)]}"
        for _ in range(count)
    ]


# Every pair of roles the engine plays, as a player's ``role`` ("voyante+salvateur"): those setup takes as they are.
_PLAYED_PAIRS = frozenset(f"{first}{SEP}{second}" for first in PLAYED for second in PLAYED)


@lru_cache(maxsize=1024)  # a pure function of the pair (26 × 26 at most)
def _start_markers(role: str) -> tuple[tuple[str, int], ...]:
    """The counters a pair of roles starts with, in the order the state keeps them: one per copy of the role. A
    counter at 0 is left out — every reader takes a missing counter as 0 (``markers.get(key, 0)``) — so that a
    player's markers hold only what his roles give him: the state's copy, every phase, copies each marker."""
    parts = roles_of(role)
    counters = (
        ("rituels", parts.count("sorcier")),
        ("potions", parts.count("necromancienne")),
        ("resistances", parts.count("vieux_chiant")),
        ("fleches", parts.count("cupidon")),
        ("annulations", parts.count("chatelain")),
        ("fuites", parts.count("fuyard")),
        ("cachettes", 3 * parts.count("planque")),
        ("conversions", parts.count("convaincant")),
        ("boosts", parts.count("sympathique")),
    )
    return tuple((key, count) for key, count in counters if count)


def copy_keys(players: Sequence[PlayerState]) -> dict[str, list[str]]:
    """For each night role held more than once in the game, its copies' keys: "PLAYER:ROLE", and
    "PLAYER:ROLE#2" for a player's second copy of the same role."""
    copies: dict[str, list[str]] = {}
    for player in players:
        for role, key in _night_copies(player.role):
            if role in copies:
                copies[role].append(f"{player.name}:{key}")
            else:
                copies[role] = [f"{player.name}:{key}"]
    return {role: keys for role, keys in copies.items() if len(keys) > 1}


@lru_cache(maxsize=1024)  # a pure function of the pair (26 × 26 at most)
def _night_copies(role: str) -> tuple[tuple[str, str], ...]:
    """``copy_keys``' part of one player: each of his night roles, with its key after "PLAYER:"."""
    found: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for part in roles_of(role):
        if part in _NIGHT_ROLES:
            seen[part] = seen.get(part, 0) + 1
            found.append((part, part + (f"#{seen[part]}" if seen[part] > 1 else "")))
    return tuple(found)


_NIGHT_ROLES = frozenset(NIGHT_ROLES)
_NUMBERS = tuple(range(1, 51))  # the order numbers: « de 1 à 50 »


def _order_numbers(rng: random.Random, players: Sequence[PlayerState], given: Mapping[str, Any]) -> dict[str, int]:
    """The secret numbers: those the MJ gave (a subset of the copies), the others drawn among the numbers left."""
    needed = [key for keys in copy_keys(players).values() for key in keys]
    unknown = sorted(set(given) - set(needed))
    if unknown:
        raise ValueError(
            f"double-roles: the option ordre names {', '.join(unknown)}; "
            f"the copies that take a number are: {', '.join(needed) or 'none'}"
        )
    numbers = list(given.values())
    if any(not isinstance(n, int) or not 1 <= n <= 50 for n in numbers) or len(set(numbers)) != len(numbers):
        raise ValueError("double-roles: the order numbers are distinct whole numbers from 1 to 50")
    rest = [key for key in needed if key not in given]
    free = [n for n in _NUMBERS if n not in numbers] if numbers else _NUMBERS
    drawn = dict(zip(rest, rng.sample(free, len(rest)), strict=True))  # "jamais 2 fois le même"
    return {key: int(given[key]) if key in given else drawn[key] for key in needed}


def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """The game at J0. ``roles`` ("voyante+salvateur") and ``camps`` (the natures) as the MJ dealt them, or
    drawn from the seed; ``options``: ``ordre`` (the secret order numbers) and ``cibles`` (the assassins'
    targets), else drawn."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown double-roles option {unknown[0]!r} (known: {', '.join(sorted(OPTIONS))})")
    rng = GameState(RULESET, seed, []).rng("setup")
    if camps is None:
        if roles is not None:
            raise ValueError("double-roles: give every player's nature (camp) with the roles")
        natures = dict(zip(names, draw_natures(rng, len(names)), strict=True))
    else:
        if set(camps) != set(names):
            raise ValueError("double-roles: a nature (camp) for every player or for none")
        natures = dict(camps)
    if roles is None:  # drawn again while a Liche could have no phylactère (RULINGS R2)
        dealt = dict(zip(names, draw_roles(rng, len(names)), strict=True))
        while not _phylacteres_possible(dealt, natures):
            dealt = dict(zip(names, draw_roles(rng, len(names)), strict=True))
        roles = dealt
    players = []
    for name in names:
        role, nature = roles[name], natures[name]
        if nature not in NATURES:
            raise ValueError(f"double-roles: unknown nature {nature!r} for {name} (one of {', '.join(NATURES)})")
        if role not in _PLAYED_PAIRS:  # then why not, part by part
            parts = roles_of(role)
            if len(parts) != 2 or any(p not in ROLE_NAMES for p in parts):
                raise ValueError(f"double-roles: {name} needs two known roles as ROLE+ROLE, not {role!r}")
            for part in parts:
                if part not in PLAYED:
                    raise ValueError(
                        f"Le rôle {ROLE_NAMES[part]} n'est pas encore joué par meneur (double-roles) : {name} l'a reçu."
                    )
        players.append(PlayerState(name, role, nature))
    state = GameState(RULESET, seed, players)
    state.memory["ordre"] = _order_numbers(rng, players, options.get("ordre") or {})
    given_targets = options.get("cibles") or {}
    for name in given_targets:
        if name not in natures or natures[name] != ASSASSIN:
            raise ValueError(f"double-roles: cibles names {name}, who is not an Assassin")
    gifts: list[tuple[str, str]] = []  # the starting items, given at once in this order (``items.give_all``)
    for player in players:
        name = player.name
        gifts += [(name, part) for part in _roles(player.role)]
        markers = player.markers
        markers.update(_start_markers(player.role))
        gifts.append((name, "maison"))  # every player has a house to swap
        if player.camp in WOLF_NATURES:
            gifts.append((name, "meute"))
        if player.camp == LOUP_SOLITAIRE:
            gifts.append((name, "loup_solitaire"))
        if player.camp == ASSASSIN:
            gifts.append((name, "assassin"))
            markers["meurtres"] = 1
            others = [n for n in names if n != player.name]
            targets = given_targets.get(player.name)
            if targets is None:
                targets = rng.sample(others, min(TARGETS, len(others)))
            elif len(set(targets)) != len(targets) or any(t not in others for t in targets):
                raise ValueError(f"double-roles: {player.name}'s targets must be distinct other players")
            markers["cibles"] = list(targets)
    items.give_all(state, gifts)
    _phylacteres(state, rng, options.get("phylacteres") or {})
    state.memory["cibles_originelles"] = {p.name: list(p.markers["cibles"]) for p in players if "cibles" in p.markers}
    return state


def _may_keep(player: PlayerState) -> bool:
    """« Son phylactère ne peut être de rôle Chanoine ni Liche, ni de nature Loup Solitaire ou Assassin »."""
    return not {"chanoine", "liche"} & set(roles_of(player.role)) and player.camp not in (LOUP_SOLITAIRE, ASSASSIN)


def _phylacteres_possible(roles: Mapping[str, str], natures: Mapping[str, str]) -> bool:
    """Every Liche of this deal has someone who may be her phylactère."""
    for liche, role in roles.items():
        if "liche" in _roles(role) and not any(
            other != liche and _may_keep(PlayerState(other, roles[other], natures[other])) for other in roles
        ):
            return False
    return True


def _phylacteres(state: GameState, rng: random.Random, given: Mapping[str, str]) -> None:
    """Each Liche's phylactère: as the MJ gave it (``phylacteres``), else drawn among those who may be one."""
    liches = [p for p in state.players if "liche" in _roles(p.role)]
    for name in given:
        if name not in {p.name for p in liches}:
            raise ValueError(f"double-roles: phylacteres names {name}, who is not a Liche")
    for liche in liches:
        keeper = given.get(liche.name)
        if keeper is None:
            choices = [p.name for p in state.players if p.name != liche.name and _may_keep(p)]
            if not choices:
                raise ValueError(f"double-roles: nobody may be {liche.name}'s phylactère")
            keeper = rng.choice(choices)
        elif keeper == liche.name or keeper not in {p.name for p in state.players}:
            raise ValueError(f"double-roles: {liche.name}'s phylactère must be another player, not {keeper!r}")
        elif not _may_keep(state.player(keeper)):
            raise ValueError(
                f"double-roles: {keeper} cannot be a phylactère "
                "(not Chanoine nor Liche, not Loup Solitaire nor Assassin)"
            )
        liche.markers["phylactere"] = keeper
        state.player(keeper).markers.setdefault("liches", []).append(liche.name)


def nature_name(nature: str) -> str:
    return NATURE_NAMES.get(nature, nature)
