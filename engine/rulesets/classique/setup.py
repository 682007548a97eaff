"""`classique`: the setup — characters 1..N for N players, dealt from the seed or by the MJ."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...model import GameState, PlayerState
from .common import RULESET, check_options
from .roles import CAMPS, NAMES, ROLE_ORDER

# The roles a game may be dealt (the dealt ones, ROLE_ORDER's, are among them).
_KNOWN = frozenset(NAMES)
assert _KNOWN.issuperset(ROLE_ORDER), "every character of ROLE_ORDER has its name"


# -- setup ------------------------------------------------------------------------------------
def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """Characters 1..N for N players, dealt at random from the seed (or as given, for scenarios);
    ``options`` sets RULINGS readings (OPTIONS)."""
    chosen = check_options(options or {})
    if roles is None:
        if len(names) > len(ROLE_ORDER):
            raise ValueError(f"classique has {len(ROLE_ORDER)} characters; {len(names)} players need MJ roles")
        dealt = list(ROLE_ORDER[: len(names)])
        GameState(RULESET, seed, []).rng("setup").shuffle(dealt)
        dealing: Iterable[tuple[str, str]] = zip(names, dealt, strict=True)  # ROLE_ORDER's: known roles
    else:
        unknown = sorted(set(roles.values()) - _KNOWN)
        if unknown:
            raise ValueError(f"unknown classique roles: {', '.join(unknown)}")
        dealing = [(name, roles[name]) for name in names]
    players = []
    for name, role in dealing:  # (a loop: the players made and given their tokens in one pass)
        player = PlayerState(name, role, CAMPS[role])
        if role == "ancien":
            player.markers["vies"] = 2
        elif role == "berger":
            player.markers["moutons"] = 3
        players.append(player)
    memory: dict[str, Any] = {"potions": {"guerison": True, "empoisonnement": True, "charisme": True}}
    if chosen:
        memory["options"] = chosen
    return GameState(RULESET, seed, players, memory=memory)
