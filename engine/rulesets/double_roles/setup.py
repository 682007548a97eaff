"""`double-roles`: the setup — a nature and two roles per player, the secret order numbers of duplicated
night roles, the assassins' targets."""

from __future__ import annotations

import random
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


def draw_roles(rng: random.Random, count: int) -> list[str]:
    """Two roles per player, each drawn by the file's weights out of 260, duplicates allowed."""
    return [SEP.join(rng.choices(ROLE_ORDER, cum_weights=_CUMULATIVE, k=2)) for _ in range(count)]


def copy_keys(players: Sequence[PlayerState]) -> dict[str, list[str]]:
    """For each night role held more than once in the game, its copies' keys: "PLAYER:ROLE", and
    "PLAYER:ROLE#2" for a player's second copy of the same role."""
    copies: dict[str, list[str]] = {}
    for player in players:
        seen: dict[str, int] = {}
        for role in roles_of(player.role):
            if role not in NIGHT_ROLES:
                continue
            seen[role] = seen.get(role, 0) + 1
            key = f"{player.name}:{role}" + (f"#{seen[role]}" if seen[role] > 1 else "")
            copies.setdefault(role, []).append(key)
    return {role: keys for role, keys in copies.items() if len(keys) > 1}


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
    free = [n for n in range(1, 51) if n not in numbers]
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
    for player in players:
        parts = roles_of(player.role)
        for part in parts:
            items.give(state, player.name, part)
        counts = {part: parts.count(part) for part in parts}
        markers = player.markers
        markers["rituels"] = counts.get("sorcier", 0)
        markers["potions"] = counts.get("necromancienne", 0)
        markers["resistances"] = counts.get("vieux_chiant", 0)
        markers["fleches"] = counts.get("cupidon", 0)
        markers["annulations"] = counts.get("chatelain", 0)
        markers["fuites"] = counts.get("fuyard", 0)
        markers["cachettes"] = 3 * counts.get("planque", 0)
        markers["conversions"] = counts.get("convaincant", 0)
        markers["boosts"] = counts.get("sympathique", 0)
        items.give(state, player.name, "maison")  # every player has a house to swap
        if player.camp in WOLF_NATURES:
            items.give(state, player.name, "meute")
        if player.camp == LOUP_SOLITAIRE:
            items.give(state, player.name, "loup_solitaire")
        if player.camp == ASSASSIN:
            items.give(state, player.name, "assassin")
            markers["meurtres"] = 1
            others = [n for n in names if n != player.name]
            targets = given_targets.get(player.name)
            if targets is None:
                targets = rng.sample(others, min(TARGETS, len(others)))
            elif len(set(targets)) != len(targets) or any(t not in others for t in targets):
                raise ValueError(f"double-roles: {player.name}'s targets must be distinct other players")
            markers["cibles"] = list(targets)
    _phylacteres(state, rng, options.get("phylacteres") or {})
    state.memory["cibles_originelles"] = {p.name: list(p.markers["cibles"]) for p in players if "cibles" in p.markers}
    return state


def _may_keep(player: PlayerState) -> bool:
    """« Son phylactère ne peut être de rôle Chanoine ni Liche, ni de nature Loup Solitaire ou Assassin »."""
    return not {"chanoine", "liche"} & set(roles_of(player.role)) and player.camp not in (LOUP_SOLITAIRE, ASSASSIN)


def _phylacteres_possible(roles: Mapping[str, str], natures: Mapping[str, str]) -> bool:
    """Every Liche of this deal has someone who may be her phylactère."""
    for liche, role in roles.items():
        if "liche" in roles_of(role) and not any(
            other != liche and _may_keep(PlayerState(other, roles[other], natures[other])) for other in roles
        ):
            return False
    return True


def _phylacteres(state: GameState, rng: random.Random, given: Mapping[str, str]) -> None:
    """Each Liche's phylactère: as the MJ gave it (``phylacteres``), else drawn among those who may be one."""
    liches = [p for p in state.players if "liche" in roles_of(p.role)]
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
