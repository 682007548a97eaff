"""`double-roles`: the setup — a nature and two roles per player, the secret order numbers of duplicated
night roles, the assassins' targets."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from ... import items
from ...model import GameState, PlayerState
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
    pairs_with,
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


# Every pair "FIRST+SECOND" by the two roles' positions in ROLE_ORDER: a drawn pair is looked up, not formatted.
_PAIRS_BY_INDEX = tuple(tuple(f"{first}{SEP}{second}" for second in ROLE_ORDER) for first in ROLE_ORDER)


def draw_roles(rng: random.Random, count: int) -> list[str]:
    """Two roles per player, each drawn by the file's weights out of 260, duplicates allowed."""
    # ``rng.choices(ROLE_ORDER, cum_weights=_CUMULATIVE, k=2)``, as it draws (one ``random()`` a role, the same
    # search), without its checks of the arguments: the same roles.
    draw = rng.random
    return [
        _PAIRS_BY_INDEX[bisect_right(_CUMULATIVE, draw() * _TOTAL, 0, _LAST)][
            bisect_right(_CUMULATIVE, draw() * _TOTAL, 0, _LAST)
        ]
        for _ in range(count)
    ]


# Every pair of roles the engine plays, as a player's ``role`` ("voyante+salvateur"): those setup takes as they are.
_PLAYED_PAIRS = frozenset(f"{first}{SEP}{second}" for first in PLAYED for second in PLAYED)


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
        found = _NIGHT_COPIES.get(player.role)
        if found is None:
            found = _night_copies(player.role)
        for role, key in found:
            keys = copies.get(role)
            if keys is None:
                copies[role] = [player.name + key]
            else:
                keys.append(player.name + key)
    for role in [role for role, keys in copies.items() if len(keys) == 1]:  # a role held once takes no number
        del copies[role]
    return copies


def _night_copies(role: str) -> tuple[tuple[str, str], ...]:
    """``copy_keys``' part of one player: each of his night roles, with its key after "PLAYER" (":ROLE", ":ROLE#2")."""
    found: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for part in roles_of(role):
        if part in _NIGHT_ROLES:
            seen[part] = seen.get(part, 0) + 1
            found.append((part, f":{part}" + (f"#{seen[part]}" if seen[part] > 1 else "")))
    return tuple(found)


_NIGHT_ROLES = frozenset(NIGHT_ROLES)
# A pair's starting counters, its night copies and its items' kinds, made once for every pair of known roles (setup
# refuses any other pair before it reads these): each player's are then looked up, once a game.
_START_MARKERS = {pair: _start_markers(pair) for pair in _PLAYED_PAIRS}
_NIGHT_COPIES = {pair: _night_copies(pair) for pair in _PLAYED_PAIRS}
_ROLE_KINDS = {pair: (*roles_of(pair), "maison") for pair in _PLAYED_PAIRS}  # every player has a house to swap
_NATURE_KINDS = {  # the nature's items, after the roles' and the house
    VILLAGEOIS: (),
    LOUP: ("meute",),
    LOUP_SOLITAIRE: ("meute", "loup_solitaire"),
    ASSASSIN: ("assassin",),
}
assert set(_NATURE_KINDS) == set(NATURES) and all(
    ("meute" in kinds) == (nature in WOLF_NATURES) for nature, kinds in _NATURE_KINDS.items()
)
_NUMBERS = tuple(range(1, 51))  # the order numbers: « de 1 à 50 »


def _order_numbers(rng: random.Random, players: Sequence[PlayerState], given: Mapping[str, Any]) -> dict[str, int]:
    """The secret numbers: those the MJ gave (a subset of the copies), the others drawn among the numbers left."""
    needed = [key for keys in copy_keys(players).values() for key in keys]
    if not given:  # the usual case: every number drawn, as below (``rest`` is ``needed``, ``free`` every number)
        return dict(zip(needed, rng.sample(_NUMBERS, len(needed)), strict=True))
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
    options = dict(options) if options else {}
    unknown = sorted(set(options) - set(OPTIONS)) if options else ()
    if unknown:
        raise ValueError(f"unknown double-roles option {unknown[0]!r} (known: {', '.join(sorted(OPTIONS))})")
    state = GameState(RULESET, seed, [])  # its players once dealt (``rng`` reads the seed and the phase only)
    rng = state.rng("setup")
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
    gifts: list[tuple[str, str]] = []  # the starting items, given at once in this order (``items.give_all``)
    assassins: list[PlayerState] = []
    liches: list[PlayerState] = []
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
        player = PlayerState(name, role, nature)
        players.append(player)
        # What draws nothing, in the same pass: his counters, his items, whether he is an Assassin or a Liche.
        start = _START_MARKERS[role]
        if start:
            player.markers.update(start)
        for kind in _ROLE_KINDS[role]:
            gifts.append((name, kind))
        for kind in _NATURE_KINDS[nature]:
            gifts.append((name, kind))
        if nature == ASSASSIN:
            player.markers["meurtres"] = 1
            assassins.append(player)
        if role in _LICHE_PAIRS:
            liches.append(player)
    state.players = players
    state.memory["ordre"] = _order_numbers(rng, players, options.get("ordre") or {})
    given_targets = options.get("cibles") or {}
    for name in given_targets:
        if name not in natures or natures[name] != ASSASSIN:
            raise ValueError(f"double-roles: cibles names {name}, who is not an Assassin")
    originals: dict[str, list[str]] = {}  # the Assassins' first lists (a Convaincant may give one another)
    for player in assassins:
        others = [n for n in names if n != player.name]
        targets = given_targets.get(player.name)
        if targets is None:
            targets = rng.sample(others, min(TARGETS, len(others)))
        elif len(set(targets)) != len(targets) or any(t not in others for t in targets):
            raise ValueError(f"double-roles: {player.name}'s targets must be distinct other players")
        player.markers["cibles"] = list(targets)
        originals[player.name] = list(targets)
    items.give_all(state, gifts)
    _phylacteres(state, rng, liches, options.get("phylacteres") or {})
    state.memory["cibles_originelles"] = originals
    return state


# A player's pairs of roles (his ``role``) with a Liche, and those with a role that may not be a phylactère (any
# pair of known roles: setup refuses the others before it deals the phylactères).
_LICHE_PAIRS = pairs_with("liche")
_NOT_KEEPER_PAIRS = pairs_with("chanoine", "liche")
_NOT_KEEPER_NATURES = (LOUP_SOLITAIRE, ASSASSIN)


def _may_keep(player: PlayerState) -> bool:
    """« Son phylactère ne peut être de rôle Chanoine ni Liche, ni de nature Loup Solitaire ou Assassin »."""
    return player.role not in _NOT_KEEPER_PAIRS and player.camp not in _NOT_KEEPER_NATURES


def _phylacteres_possible(roles: Mapping[str, str], natures: Mapping[str, str]) -> bool:
    """Every Liche of this deal (drawn: pairs of known roles) has someone who may be her phylactère."""
    for liche, role in roles.items():
        if role not in _LICHE_PAIRS:
            continue
        for other, held in roles.items():  # ``_may_keep`` of each other player, inline
            if other != liche and held not in _NOT_KEEPER_PAIRS and natures[other] not in _NOT_KEEPER_NATURES:
                break
        else:
            return False
    return True


def _phylacteres(state: GameState, rng: random.Random, liches: list[PlayerState], given: Mapping[str, str]) -> None:
    """Each Liche's phylactère (``liches``: the players with a Liche, in their order): as the MJ gave it
    (``phylacteres``), else drawn among those who may be one."""
    if not liches and not given:  # most deals
        return
    for name in given:
        if name not in {p.name for p in liches}:
            raise ValueError(f"double-roles: phylacteres names {name}, who is not a Liche")
    for liche in liches:
        keeper = given.get(liche.name)
        if keeper is None:
            choices = [
                p.name
                for p in state.players  # ``_may_keep``, inline
                if p.name != liche.name and p.role not in _NOT_KEEPER_PAIRS and p.camp not in _NOT_KEEPER_NATURES
            ]
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
