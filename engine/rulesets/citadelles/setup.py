"""`citadelles`: the setup — 12 players with 3 wolves or 16 with 4; J0 starts with nobody placed, unless
the scenario or the MJ gives every player's citadel and role (the game then starts at N1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import GameState, PlayerState
from .roles import (
    CITADEL_ROLES,
    CITADELS,
    HABITANT,
    LOUPS,
    RULESET,
    VILLAGE,
    WOLVES_BY_PLAYERS,
    power_count,
    powers_for,
)


def inhabitants(state: GameState) -> dict[str, tuple[str, ...]]:
    """Citadel → its inhabitants, dead included, in the players' order (a table of tuples: shared, not
    copied, by each phase's copy of the state)."""
    return {c: tuple(p.name for p in state.players if p.markers.get("citadelle") == c) for c in CITADELS}


def empty_labs() -> dict[str, dict[str, object]]:
    return {c: {"courant": None, "charge": 0, "detruits": (), "utilises": ()} for c in CITADELS}


def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
    groups: Mapping[str, int] | None = None,
) -> GameState:
    """The game at J0-matin (everyone a `habitant`), or at N1 when every role and citadel is given (at
    J0-soir when every role given is `habitant`: the citadels settled, the posts not chosen yet).

    A given role carries the fighter's powers: ``cb/supervoix/intendant``, ``cm/echange``, ``sf``.
    ``groups`` numbers the citadels 1–4 (nord, est, sud, ouest); roles without groups: the players are
    listed citadel by citadel (3 or 4 at a time, in that order). ``camps`` names the wolves
    (``loups``); without it they are drawn from the seed."""
    count = len(names)
    # Only this game's players: a table laid over another game's may name more (an MP corpus's context).
    roles = None if roles is None else {n: r for n, r in roles.items() if n in names}
    camps = None if camps is None else {n: c for n, c in camps.items() if n in names}
    groups = None if groups is None else {n: g for n, g in groups.items() if n in names}
    if count not in WOLVES_BY_PLAYERS:
        raise ValueError(f"citadelles is played by 12 or 16 players, not {count}")
    wanted = WOLVES_BY_PLAYERS[count]
    draw = GameState(RULESET, seed, []).rng
    wolves = {n for n, c in (camps or {}).items() if c.startswith("loup")}
    unknown = sorted(c for c in (camps or {}).values() if not c.startswith("loup") and c != VILLAGE)
    if unknown:
        raise ValueError(f"unknown citadelles camps: {', '.join(unknown)} (loups or village)")
    if not wolves:
        wolves = set(draw("loups").sample(list(names), wanted))
    if len(wolves) != wanted:
        raise ValueError(f"{count} players play with {wanted} wolves, not {len(wolves)}")
    players = [PlayerState(n, HABITANT, LOUPS if n in wolves else VILLAGE) for n in names]
    state = GameState(RULESET, seed, players, phase="J0-matin")
    state.memory.update(projets=empty_labs(), choix={}, valides=())
    if roles is None and groups is None:
        return state
    if roles is not None and groups is None:  # a configuration's [[players]]: listed citadel by citadel
        groups = {name: index // (count // 4) + 1 for index, name in enumerate(names)}
    if roles is None or groups is None or set(roles) != set(names) or set(groups) != set(names):
        raise ValueError("give every player a role (and a group: citadel 1–4), or neither")
    state.memory.pop("choix", None)
    state.memory.pop("valides", None)
    if all(role == HABITANT for role in roles.values()):  # the citadels settled, the posts not yet chosen
        for name, number in groups.items():
            state.player(name).markers["citadelle"] = CITADELS[number - 1]
        state.memory["habitants"] = inhabitants(state)
        state.phase = "J0-soir"
        return state
    _place(state, roles, groups)
    state.phase = "N1"
    return state


def _place(state: GameState, roles: Mapping[str, str], groups: Mapping[str, int]) -> None:
    count = len(state.players)
    expected = sorted(CITADEL_ROLES[count])
    for number, citadel in enumerate(CITADELS, start=1):
        inside = [n for n, g in groups.items() if g == number]
        dealt = sorted(roles[n].split("/")[0].strip() for n in inside)
        if dealt != expected:
            raise ValueError(f"citadel {number} ({citadel}) must hold the roles {', '.join(expected)}, not {dealt}")
    for name, number in groups.items():
        if number not in range(1, 5):
            raise ValueError(f"{name}: group {number} is not a citadel (1 nord, 2 est, 3 sud, 4 ouest)")
        role, *held = [part.strip() for part in roles[name].split("/")]
        if len(held) != power_count(role) or len(set(held)) != len(held):
            raise ValueError(f"{name}: a {role} holds {power_count(role)} distinct powers, not {held}")
        bad = [p for p in held if p not in powers_for(role) or (p == "echange" and count != 16)]
        if bad:
            raise ValueError(f"{name}: {', '.join(bad)} is not a power a {role} may hold")
        player = state.player(name)
        player.role = role
        player.markers["citadelle"] = CITADELS[number - 1]
        if held:
            player.markers["pouvoirs"] = tuple(held)
    state.memory["habitants"] = inhabitants(state)
