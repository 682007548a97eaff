"""`citadelles`: what every chapter shares — who lives where, the projects' state, deaths as the morning
tells them (camp hidden under NUIT SANS LUNE, a CM/CS shown as a fighter), the North wall's trigger, and
the three win conditions."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...model import Decree, GameState, Outcome, PlayerState
from ...resolution import Resolution
from .projects import PROJECTS, Project
from .roles import CITADELS, CM, CS, FIGHTERS, GM, LOUPS, SF, VILLAGE, shown_role

_PHASE = re.compile(r"([JN])(\d+)(?:-([a-z]+))?")


@lru_cache(maxsize=256)  # a pure function of the phase id, asked at every step of a phase
def number(phase: str) -> int:
    """The day or night number of a phase: ``J0-matin`` → 0, ``N3`` → 3."""
    found = _PHASE.fullmatch(phase)
    if found is None:
        raise ValueError(f"not a citadelles phase: {phase!r}")
    return int(found.group(2))


def is_night(phase: str) -> bool:
    return phase.startswith("N")


def size(state: GameState) -> int:
    return len(state.players)


def cap(state: GameState) -> int:
    """The players of one citadel: 3 at 12 players, 4 at 16."""
    return size(state) // 4


def is_wolf(player: PlayerState) -> bool:
    return player.camp == LOUPS


def citadel_of(state: GameState, name: str) -> str | None:
    citadel: str | None = state.player(name).markers.get("citadelle")
    return citadel


def members(state: GameState, citadel: str, alive: bool = True) -> list[str]:
    """The inhabitants of ``citadel`` (the living ones, or all), in the players' order."""
    table: dict[str, tuple[str, ...]] | None = state.memory.get("habitants")
    if table is None:
        return []
    inside = table[citadel]
    return [n for n in inside if state.player(n).alive] if alive else list(inside)


def holder(state: GameState, citadel: str, role: str) -> str | None:
    """The living player holding ``role`` in ``citadel``, if any."""
    table: dict[str, tuple[str, ...]] | None = state.memory.get("habitants")
    if not table:
        return None
    find = state.player
    for name in table[citadel]:
        player = find(name)
        if player.alive and player.role == role:
            return name
    return None


def powers(state: GameState, name: str) -> tuple[str, ...]:
    """A living fighter's powers (none once he has moved to SF or GM)."""
    p = state.player(name)
    if p.role not in FIGHTERS:
        return ()
    held: tuple[str, ...] = p.markers.get("pouvoirs", ())
    return held


def fighters_with(state: GameState, citadel: str, power: str) -> list[str]:
    table: dict[str, tuple[str, ...]] | None = state.memory.get("habitants")
    found = []
    for name in table[citadel] if table else ():
        player = state.player(name)
        if player.alive and power in player.markers.get("pouvoirs", ()) and player.role in FIGHTERS:
            found.append(name)
    return found


def has_obstacle(state: GameState, citadel: str) -> bool:
    return bool(fighters_with(state, citadel, "obstacle"))


def gm_alive(state: GameState, citadel: str) -> bool:
    return holder(state, citadel, GM) is not None


# -- projects --------------------------------------------------------------------------------
def lab(state: GameState, citadel: str) -> dict[str, Any]:
    """A citadel's projects: ``courant`` (id or None), ``charge``, ``detruits`` (ids), ``utilises`` (ids)."""
    labs: dict[str, dict[str, Any]] = state.memory["projets"]
    return labs[citadel]


def current(state: GameState, citadel: str) -> Project | None:
    pid = state.memory["projets"][citadel]["courant"]  # ``lab``, inline: asked at every step
    return PROJECTS[citadel][pid] if pid else None


def charged(state: GameState, citadel: str) -> bool:
    """The current project is charged to 100 %."""
    proj = current(state, citadel)
    return proj is not None and lab(state, citadel)["charge"] >= proj.need


def passive_on(state: GameState, citadel: str, pid: str) -> bool:
    """A passive project (RADIO, NUIT SANS LUNE, FORTERESSE) acts: it is current and fully charged."""
    proj = current(state, citadel)
    return proj is not None and proj.id == pid and charged(state, citadel)


def destroy(state: GameState, citadel: str, pid: str) -> None:
    """``pid`` is destroyed for ``citadel`` (the current project too, if it is that one)."""
    room = lab(state, citadel)
    if pid not in room["detruits"]:
        room["detruits"] = (*room["detruits"], pid)
    if room["courant"] == pid:
        room["courant"], room["charge"] = None, 0


def launchable(state: GameState, citadel: str) -> list[str]:
    room = lab(state, citadel)
    return [pid for pid in PROJECTS[citadel] if pid not in room["detruits"]]


def camps_hidden(state: GameState) -> bool:
    """NUIT SANS LUNE: while the East's project is on, the MJ no longer tells a dead player's camp."""
    return passive_on(state, "est", "nuit_sans_lune")


# -- deaths ----------------------------------------------------------------------------------
class CitadelResolution(Resolution):
    """The core's resolution, with the death as this rule set's morning tells it and the North wall."""

    def settle(self) -> None:
        state = self.state
        while self._marked:
            name, cause = self._marked.pop(0)
            player = state.player(name)
            if not player.alive:
                continue
            citadel = player.markers.get("citadelle")
            wall_up = citadel == "nord" and (player.role == GM or gm_alive(state, "nord"))
            hidden = camps_hidden(state)
            player.alive = False
            player.death_phase, player.death_cause = self.phase, cause
            if hidden:
                state.memory["camps_caches"] = (*state.memory.get("camps_caches", ()), name)
            self.emit(
                "death",
                player=name,
                cause=cause,
                role=player.role,
                shown_role=shown_role(player.role) if size(state) == 16 else player.role,
                camp=None if hidden else player.camp,
                citadel=citadel,
            )
            if wall_up:
                _north_wall(self, name)
            self._chain(name, cause)


def _north_wall(r: Resolution, dead: str) -> None:
    """ "À chaque fois qu'un joueur de cette citadelle meurt (le gardien compte), les survivants ne peuvent
    pas être ciblés pendant la prochaine nuit, et s'ils devaient être brûlés pendant la prochaine journée,
    ils survivent" (RULINGS: the next night and day after the death's phase)."""
    n = number(r.phase)
    night, day = (n + 1, n) if is_night(r.phase) else (n + 1, n + 1)
    r.state.memory["bouclier_nord"] = {"nuit": night, "jour": day}
    r.tell_mj("north_wall", player=dead, night=f"N{night}", day=f"J{day}")


def shielded(state: GameState, name: str) -> bool:
    """A North inhabitant who cannot be targeted tonight (the North wall)."""
    shield = state.memory.get("bouclier_nord")
    return (
        shield is not None
        and is_night(state.phase)
        and shield["nuit"] == number(state.phase)
        and citadel_of(state, name) == "nord"
    )


def resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> CitadelResolution:
    r = CitadelResolution(state, answers)
    for decree in decrees:
        r.decree(decree)
    return r


# -- winning ---------------------------------------------------------------------------------
def check_winner(state: GameState) -> tuple[str, list[str]] | None:
    """The three cases, as the morning checks them; the winner and who wins (case 3: the citadel's
    inhabitants, dead included)."""
    living = [p for p in state.players if p.alive]
    if not living:
        return "aucun", []
    wolves = sum(p.camp == LOUPS for p in living)
    villagers = sum(p.camp == VILLAGE for p in living)
    places = {p.markers.get("citadelle") for p in living}
    if len(places) == 1 and wolves >= 1 and villagers >= 1 and villagers >= wolves:
        (citadel,) = places
        if citadel in CITADELS:
            return f"citadelle_{citadel}", members(state, citadel, alive=False)
    if wolves == 0:
        return VILLAGE, [p.name for p in state.players if p.camp == VILLAGE]
    if wolves >= villagers:
        return LOUPS, [p.name for p in state.players if p.camp == LOUPS]
    return None


def certain_outcome(state: GameState) -> tuple[str, str] | None:
    """An outcome no later night can change (the MJ's early end): no wolf left, or no villager left."""
    living = [p for p in state.players if p.alive]
    if living and all(p.camp == VILLAGE for p in living):
        return VILLAGE, "Il ne reste aucun loup en vie : les villageois ont gagné (cas 1)."
    if living and all(p.camp == LOUPS for p in living):
        return LOUPS, "Il ne reste que des loups en vie : les loups ont gagné (cas 2)."
    return None


def finish(r: Resolution, next_phase: str, check: bool) -> Outcome:
    """The resolution's end: the winner when ``check`` (the morning), else the next phase."""
    s = r.state
    found = check_winner(s) if check else None
    if found:
        s.winner = found[0]
        r.emit("game_over", winner=found[0], winners=found[1])
    else:
        s.phase = next_phase
    return r.outcome()


# The roles that are never replaced once dead (RULINGS): fighters; the posts kept filled: SF, GM.
POSTS = (SF, GM)
SPECIALISTS = {SF: CS, GM: CM}  # at 16 players, who fills a vacant post first
