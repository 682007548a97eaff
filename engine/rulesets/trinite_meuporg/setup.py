"""`trinite-meuporg`: the setup — styles in equal numbers, distinct roles, groups of three, the wolves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import items
from ...model import FrozenMap, GameState, PlayerState
from ..trinite_core import deal, listed_groups, split_camps
from .powers import RULESET
from .roles import LOUPS, ROLES, STYLES, VILLAGE, WOLVES_BY_PLAYERS, style


# -- setup ------------------------------------------------------------------------------------
def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
    groups: Mapping[str, int] | None = None,
) -> GameState:
    """Styles in equal numbers, distinct roles, groups of three (one of each style), the wolves.

    Everything not given is drawn from the seed. A role may carry its camp as ``"voyant+loup"`` (how
    a configuration file, which has a role per player only, names the wolves). Given roles without
    groups: the players are listed group by group (three by three, in order)."""
    count = len(names)
    if count not in WOLVES_BY_PLAYERS:
        raise ValueError(f"trinite-meuporg is played by 9, 12 or 15 players, not {count}")
    draw = GameState(RULESET, seed, []).rng
    given_camps: dict[str, str] = dict(camps or {})
    if roles is None:
        roles, groups = deal(list(names), draw("setup"), STYLES, _BY_STYLE)
    else:
        roles = split_camps(roles, given_camps)
    unknown = sorted(set(roles.values()) - set(ROLES))
    if unknown:
        raise ValueError(f"unknown trinite-meuporg roles: {', '.join(unknown)}")
    if len(set(roles.values())) != count:
        raise ValueError("a role is dealt only once")
    styles = [style(r) for r in roles.values()]
    if any(styles.count(s) != count // 3 for s in STYLES):
        raise ValueError("there must be as many DPS as TANK as HEAL")
    if groups is None:
        groups = listed_groups(names)
    grouped = _groups(groups)
    for members in grouped:
        if len(members) != 3 or {style(roles[m]) for m in members} != _ALL_STYLES:
            raise ValueError(f"group {members} must hold one DPS, one TANK and one HEAL")
    if not given_camps:
        wolves = draw("loups").sample(list(names), WOLVES_BY_PLAYERS[count])
        given_camps = {name: LOUPS for name in wolves}
    players = [PlayerState(name, roles[name], given_camps.get(name, VILLAGE)) for name in names]
    if sum(p.camp == LOUPS for p in players) != WOLVES_BY_PLAYERS[count]:
        raise ValueError(f"{count} players play with {WOLVES_BY_PLAYERS[count]} wolves")
    state = GameState(RULESET, seed, players)
    state.memory["groups"] = grouped
    # Each player → whoever shared a group with him (a FrozenMap of tuples: shared, not copied, by each
    # phase's copy; the mayor's swap makes a new one).
    state.memory["compagnons"] = FrozenMap({m: tuple(sorted(g)) for g in grouped for m in g})
    for player in players:
        for kind in ROLES[player.role][1]:
            items.give(state, player.name, kind)
    return state


# The roles of each style, in ROLES' order (what the deal draws from), and the three styles.
_BY_STYLE: dict[str, list[str]] = {wanted: [r for r in ROLES if style(r) == wanted] for wanted in STYLES}
_ALL_STYLES = frozenset(STYLES)


def _groups(groups: Mapping[str, int]) -> list[list[str]]:
    numbers = sorted(set(groups.values()))
    return [[name for name, g in groups.items() if g == number] for number in numbers]
