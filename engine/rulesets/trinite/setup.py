"""`trinite`: the setup — the MJ's selection of objects in equal numbers per style, one object each at
random, groups of three with one style each, the wolves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import items
from ...model import GameState, PlayerState
from ..trinite_core import deal, listed_groups, split_camps
from .objects import LOUPS, OBJECTS, RULESET, STYLES, VILLAGE, WOLVES_BY_PLAYERS, style


def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
    groups: Mapping[str, int] | None = None,
) -> GameState:
    """The objects (``roles``: name → object id), the groups, the wolves; what is not given is drawn.

    A role may carry its camp as ``"arc+loup"`` (a configuration file has only a role per player). Given
    objects without groups: the players are listed group by group (three by three, in order)."""
    count = len(names)
    if count not in WOLVES_BY_PLAYERS:
        raise ValueError(f"trinite is played by 9, 12 or 15 players, not {count}")
    draw = GameState(RULESET, seed, []).rng
    given_camps: dict[str, str] = {n: (LOUPS if c.startswith("loup") else VILLAGE) for n, c in (camps or {}).items()}
    if roles is None:
        roles, groups = deal(list(names), draw("setup"), STYLES, _BY_STYLE)
    else:
        roles = split_camps(roles, given_camps)
    unknown = sorted(set(roles.values()) - set(OBJECTS))
    if unknown:
        raise ValueError(f"unknown trinite objects: {', '.join(unknown)}")
    if sorted(roles) != sorted(names):
        raise ValueError("every player needs an object")
    if len(set(roles.values())) != count:
        raise ValueError("an object is dealt only once")
    styles = [style(r) for r in roles.values()]
    if any(styles.count(s) != count // 3 for s in STYLES):
        raise ValueError("the MJ selects as many offensive as defensive as tactical objects")
    if groups is None:
        groups = listed_groups(names)
    numbers = sorted(set(groups.values()))
    grouped = [[name for name in names if groups.get(name) == number] for number in numbers]
    if numbers != list(range(1, count // 3 + 1)) or any(
        len(members) != 3 or {style(roles[m]) for m in members} != set(STYLES) for members in grouped
    ):
        raise ValueError("groups 1… of three players, each with one offensive, one defensive, one tactical object")
    if not given_camps or all(c == VILLAGE for c in given_camps.values()):
        wolves = draw("loups").sample(list(names), WOLVES_BY_PLAYERS[count])
        given_camps = {name: LOUPS for name in wolves}
    players = [PlayerState(name, roles[name], given_camps.get(name, VILLAGE)) for name in names]
    if sum(p.camp == LOUPS for p in players) != WOLVES_BY_PLAYERS[count]:
        raise ValueError(f"{count} players play with {WOLVES_BY_PLAYERS[count]} wolves")
    state = GameState(RULESET, seed, players)
    state.memory["groups"] = tuple(name for group in grouped for name in group)  # powers.groups_of
    for player in players:
        items.give(state, player.name, player.role)
    return state


_BY_STYLE: dict[str, list[str]] = {wanted: [o for o in OBJECTS if style(o) == wanted] for wanted in STYLES}
