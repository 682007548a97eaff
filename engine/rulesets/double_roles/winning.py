"""`double-roles`: the table of win conditions ("Les buts du jeu"), as far as the roles played need.

Winners are a comma-joined string (SPEC.md): the side that ended the game (``village``, ``loups``,
``loup_solitaire``, ``amoureux``), then each assassin whose conditions hold (``assassin:NAME``) and each
villager in love with an assassin whose assassin's targets are dead (``amoureux:NAME``); ``aucun`` when
the game ends with nobody winning."""

from __future__ import annotations

from ...model import GameState, PlayerState
from .roles import ASSASSIN, LOUP, LOUP_SOLITAIRE, VILLAGEOIS, WOLF_NATURES


def love_group(state: GameState, name: str) -> list[str]:
    """Everyone linked to ``name`` by love, him included (A and B, A and C: one group of three)."""
    group, todo = [name], [name]
    while todo:
        for other in state.player(todo.pop()).markers.get("amours", []):
            if other not in group:
                group.append(other)
                todo.append(other)
    return group


def _natures(state: GameState, group: list[str]) -> set[str]:
    return {state.player(n).camp for n in group}


def _kind(state: GameState, player: PlayerState, group: list[str]) -> str:
    """Which goal a player has: ``village``, ``loups``, ``seuls`` (survive alone with the group: the lone
    wolf, mixed couples, groups of three natures), ``assassin``, ``amoureux_assassin`` (a villager in love
    with an assassin). ``group``: his love group (``love_group``)."""
    natures = _natures(state, group) if len(group) > 1 else {player.camp}
    if player.camp == LOUP_SOLITAIRE or LOUP_SOLITAIRE in natures or len(natures) >= 3:
        return "seuls"
    if len(natures) == 1:
        return {VILLAGEOIS: "village", LOUP: "loups", ASSASSIN: "assassin"}[player.camp]
    if natures == {VILLAGEOIS, ASSASSIN}:
        return "amoureux_assassin" if player.camp == VILLAGEOIS else "assassin"
    return "seuls"  # villageois–Loup, Assassin–Loup


def _targets_dead(state: GameState, assassin: PlayerState, spared: list[str]) -> bool:
    return all(not state.player(t).alive for t in assassin.markers.get("cibles", []) if t not in spared)


def _assassin_wins(state: GameState, assassin: PlayerState) -> bool:
    group = love_group(state, assassin.name)
    if len(group) > 1 and _natures(state, group) == {ASSASSIN}:  # two assassins: "à l'exclusion de vous 2"
        return _targets_dead(state, assassin, group)
    return assassin.alive and _targets_dead(state, assassin, group)  # a lover target need not die


def _winner_alone(state: GameState, alive: list[PlayerState]) -> str | None:
    """``check_winner`` when nobody is in love: each player's goal is his nature's (``_kind`` of a group of one:
    a Loup Solitaire's is « seuls »), read from the living players' natures as the general case reads it."""
    camps = {p.camp for p in alive}
    sides: list[str] = []
    wolves_alive = not camps.isdisjoint(WOLF_NATURES)
    if not wolves_alive and VILLAGEOIS in camps:  # a living « village » goal
        sides.append("village")
    if VILLAGEOIS not in camps and LOUP_SOLITAIRE not in camps and LOUP in camps:
        sides.append("loups")
    living = {p.name for p in alive} if LOUP_SOLITAIRE in camps else set()
    for p in alive:
        if p.camp != LOUP_SOLITAIRE:  # the only goal « seuls » of a player alone
            continue
        keeper = [p.markers["phylactere"]] if "phylactere" in p.markers else []
        if {p.name, *keeper} == living:
            side = "loup_solitaire" if len(living) == 1 + len(keeper) else "amoureux"
            if side not in sides:
                sides.append(side)
    if not sides and wolves_alive:
        return None
    also = [f"assassin:{p.name}" for p in state.players if p.camp == ASSASSIN and _assassin_wins(state, p)]
    return ",".join(sides + also) or "aucun"


def _goes_on(state: GameState) -> bool:
    """A short answer for most checks: no side has won while a Villageois and a Loup are alive, neither of them in
    love nor loved. Why: a Loup alive, no « village » win; a Villageois alive, no « loups » win; and the two of them
    share nobody's love group (groups follow the ``amours`` lists, and neither is in one), so no group, with at most
    one phylactère besides (a Loup Solitaire's), holds every living player: no « seuls » win. Nobody wins, so no
    Assassin either (he is only added to a win)."""
    # First whether such a Villageois and such a Loup are alive, and whether anyone is in love at all (rarely).
    villager = wolf = False
    loved: set[str] | None = None
    for p in state.players:
        if "amours" in p.markers:  # a key test, not ``get``: most players have no such key
            amours = p.markers["amours"]
            if amours:  # in love
                if loved is None:
                    loved = set()
                loved.update(amours)
                continue
        if p.alive:
            camp = p.camp
            if camp == VILLAGEOIS:
                villager = True
            elif camp == LOUP:
                wolf = True
    if not villager or not wolf:
        return False
    if loved is None:
        return True
    # Someone is in love: then such a Villageois and such a Loup must also be loved by nobody.
    villager = wolf = False
    for p in state.players:
        if p.alive and p.name not in loved and not p.markers.get("amours"):
            if p.camp == VILLAGEOIS:
                villager = True
            elif p.camp == LOUP:
                wolf = True
    return villager and wolf


def check_winner(state: GameState) -> str | None:
    return None if _goes_on(state) else _winner(state)


def _winner(state: GameState) -> str | None:
    """``check_winner``, read in full."""
    alive = [p for p in state.players if p.alive]
    if not alive:
        return "aucun"
    for p in state.players:
        if p.markers.get("amours"):
            break
    else:  # nobody in love (most games, most of the time)
        return _winner_alone(state, alive)
    living = {p.name for p in alive}
    # Each player's love group, once (a player who loves nobody is alone in his: ``love_group`` follows his lovers).
    groups: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    for p in state.players:
        group = groups[p.name] = love_group(state, p.name) if p.markers.get("amours") else [p.name]
        kinds[p.name] = _kind(state, p, group)
    sides: list[str] = []
    wolves_alive = any(p.camp in WOLF_NATURES for p in alive)
    if not wolves_alive and any(kinds[p.name] == "village" for p in alive):
        sides.append("village")
    if not any(p.camp in (VILLAGEOIS, LOUP_SOLITAIRE) for p in alive) and any(kinds[p.name] == "loups" for p in alive):
        sides.append("loups")
    for p in alive:
        if kinds[p.name] != "seuls":
            continue
        # « si quelqu'un est Loup Solitaire Liche; il doit tuer tout le monde sauf son philactère »
        keeper = [p.markers["phylactere"]] if p.camp == LOUP_SOLITAIRE and "phylactere" in p.markers else []
        if set(groups.get(p.name) or [p.name]) | set(keeper) == living:
            side = "loup_solitaire" if p.camp == LOUP_SOLITAIRE and len(living) == 1 + len(keeper) else "amoureux"
            if side not in sides:
                sides.append(side)
    # Also over when no wolf is left (R13): nobody kills at night any more but a one-shot Assassin, and no goal
    # still open can be reached by playing on without one (a stalled game otherwise, e.g. an Assassin's lovers).
    over = bool(sides) or not wolves_alive
    if not over:
        return None
    # An Assassin in love with a Loup, or in a group of three natures, has the couple's goal only (R40): he wins
    # with the lovers, never on his targets.
    also = [
        f"assassin:{p.name}"
        for p in state.players
        if p.camp == ASSASSIN and kinds[p.name] == "assassin" and _assassin_wins(state, p)
    ]
    for p in state.players:
        if kinds[p.name] == "amoureux_assassin":
            lovers = [state.player(n) for n in groups.get(p.name) or [p.name] if state.player(n).camp == ASSASSIN]
            if lovers and all(_targets_dead(state, a, [p.name]) for a in lovers):
                also.append(f"amoureux:{p.name}")
    return ",".join(sides + also) or "aucun"
