"""`classique`: the setup — characters 1..N for N players, dealt from the seed or by the MJ."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...model import GameState, PlayerState
from .common import RULESET, check_options
from .roles import CAMPS, NAMES, ROLE_ORDER


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
        state = GameState(RULESET, seed, [])
        state.rng("setup").shuffle(dealt)
        roles = dict(zip(names, dealt, strict=True))
    unknown = sorted(set(roles.values()) - set(NAMES))
    if unknown:
        raise ValueError(f"unknown classique roles: {', '.join(unknown)}")
    players = [PlayerState(name, roles[name], CAMPS[roles[name]]) for name in names]
    for player in players:
        if player.role == "ancien":
            player.markers["vies"] = 2
        if player.role == "berger":
            player.markers["moutons"] = 3
    memory: dict[str, Any] = {"potions": {"guerison": True, "empoisonnement": True, "charisme": True}}
    if chosen:
        memory["options"] = chosen
    return GameState(RULESET, seed, players, memory=memory)
