"""`trinite`: deaths, shared by the day and the dawn — PROTECTION, RENVOI, MITHRIL, INTERCEPTION in that
order (RULINGS K1), BAROUD and HONNEUR when a player dies —, the mayor's succession, and who wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import items
from ...model import Action, Decree, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ..trinite_core import check_winner as check_winner  # the day and the rules read them here
from ..trinite_core import one as one
from ..trinite_core import succession as succession
from .powers import current_powers, object_of

# Deaths RENVOI turns back: a power that targets its victim, or the wolves' attack (RULINGS K3).
TURNED_BACK = frozenset({"loups", "empoisonnement", "baroud"})


@dataclass
class _Moment:
    """What the steps of one resolution (a day's end or a dawn) know of each other."""

    r: Resolution
    night: bool = False
    actions: dict[str, Action] = field(default_factory=dict)  # user → his one active power tonight
    wolves: list[Action] = field(default_factory=list)
    by_power: dict[str, list[Action]] = field(default_factory=dict)  # the same actions, by power
    disabled: dict[str, str] = field(default_factory=dict)  # holder → what disabled his object (NATURE)
    stopped: dict[str, str] = field(default_factory=dict)  # power → what neutralised it (BARRAGE, RAVAGE)
    protected: dict[str, str] = field(default_factory=dict)  # target → the player who protects him
    guards: dict[str, list[str]] = field(default_factory=dict)  # priest (INTERCEPTION) → his group
    sacrificed: set[str] = field(default_factory=set)  # priests whose interception took a death tonight
    died: list[str] = field(default_factory=list)  # this resolution's deaths, in order
    targetings: list[tuple[str, str, str]] = field(default_factory=list)  # user, power, target
    wolves_target: str | None = None
    turned: set[str] = field(default_factory=set)  # RENVOI acted: the orbe breaks at the end of the night
    done: set[str] = field(default_factory=set)  # users whose action was performed (or void) tonight
    neutralised_told: set[str] = field(default_factory=set)


def works(m: _Moment, name: str, power: str, dead_too: bool = False) -> bool:
    """``name``'s object has ``power`` now, is intact, is not disabled (NATURE) and the power is not
    neutralised (BARRAGE, RAVAGE); ``name`` is alive unless ``dead_too`` (BAROUD: "Quand vous mourrez")."""
    s = m.r.state
    player = s.player(name)
    if not (player.alive or dead_too):
        return False
    item = object_of(s, name)
    if item is None or item.destroyed or power not in current_powers(s, name, item):
        return False
    return name not in m.disabled and power not in m.stopped


def destroy(m: _Moment, holder: str) -> None:
    """``holder``'s object is destroyed (told to the MJ)."""
    s = m.r.state
    item = object_of(s, holder)
    if item is not None and items.destroy(s, item.id):
        m.r.tell_mj("object_destroyed", player=holder, object=item.kind)


def threaten(m: _Moment, victim: str, cause: str, launcher: str | None, bounced: frozenset[str] = frozenset()) -> None:
    """A death coming at ``victim``: PROTECTION, then his own RENVOI or MITHRIL, then INTERCEPTION, else
    death (RULINGS K1)."""
    r, s = m.r, m.r.state
    if not s.player(victim).alive:
        return
    if m.night and victim in m.protected and works(m, m.protected[victim], "chapelet.protection"):
        r.tell_mj("protected", player=victim, by=m.protected[victim], cause=cause)
        return
    if m.night and cause in TURNED_BACK and victim not in bounced and works(m, victim, "orbe.renvoi"):
        _turn_back(m, victim, cause, launcher, bounced | {victim})
        return
    if works(m, victim, "armure.mithril"):
        destroy(m, victim)  # "vous survivez et l'armure est détruite"
        r.tell_mj("mithril", player=victim, cause=cause)
        if cause == "bucher":
            r.emit("pyre_resisted", player=victim)
        return
    if m.night:  # "Si au moins un joueur vivant de votre groupe devrait mourir …, vous mourrez à leur place."
        for priest, group in m.guards.items():
            if priest == victim or victim not in group:
                continue
            if priest in m.sacrificed:  # he already died for them: for the whole night (RULINGS K4)
                r.tell_mj("intercepted", player=victim, by=priest, cause=cause)
                return
            if works(m, priest, "chapelet.interception"):
                m.sacrificed.add(priest)
                r.tell_mj("intercepted", player=victim, by=priest, cause=cause)
                threaten(m, priest, "interception", None, bounced)
                return
    kill(m, victim, cause)


def _turn_back(m: _Moment, druid: str, cause: str, launcher: str | None, bounced: frozenset[str]) -> None:
    """ "la cible de ce pouvoir devient celui qui l'a lancé. Si c'est BAROUD ou l'attaque des loups, alors
    vous pouvez choisir la cible (le MJ ne vous précise pas c'est lequel des deux cas)." """
    r, s = m.r, m.r.state
    m.turned.add(druid)
    if cause in ("loups", "baroud"):
        options = [n for n in s.living() if n != druid]
        chosen = one(r, "renvoi", druid, "Ton orbe renvoie une mort : sur qui la renvoies-tu ?", options, about=druid)
        target = None if chosen == NOBODY else chosen
    else:
        target = launcher
    r.tell_mj("renvoi", player=druid, cause=cause, target=target)
    if target is not None:
        threaten(m, target, cause, launcher, bounced)


def kill(m: _Moment, name: str, cause: str) -> None:
    """``name`` dies: the death told with his object (and his camp by HONNEUR), then BAROUD."""
    r, s = m.r, m.r.state
    player = s.player(name)
    if not player.alive:
        return
    honour = works(m, name, "bouclier.honneur")  # "Si vous mourrez alors que votre bouclier n'est pas détruit"
    item = object_of(s, name)
    player.alive, player.death_phase, player.death_cause = False, r.phase, cause
    m.died.append(name)
    data: dict[str, Any] = {"player": name, "cause": cause, "object": item.kind if item else None, "role": player.role}
    if honour:
        data["camp"] = player.camp
    r.emit("death", **data)
    _baroud(m, name)


def _baroud(m: _Moment, archer: str) -> None:
    """ "Quand vous mourrez, vous pouvez tuer le joueur de votre choix. Si vous faites ainsi, l'arc se détruit." """
    r, s = m.r, m.r.state
    if not works(m, archer, "arc.baroud", dead_too=True):
        return
    options = s.living()
    if not options:
        return
    chosen = one(
        r, "baroud", archer, "Tu meurs : BAROUD te permet de tuer le joueur de ton choix.", options, about=archer
    )
    if chosen == NOBODY:
        return
    destroy(m, archer)
    m.targetings.append((archer, "arc.baroud", chosen))
    r.tell_mj("baroud", player=archer, target=chosen)
    threaten(m, chosen, "baroud", archer)


def revive(m: _Moment, name: str, how: str) -> None:
    player = m.r.state.player(name)
    player.alive, player.death_phase, player.death_cause = True, None, None
    m.r.emit("revived", player=name, by=how)


def resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> tuple[Resolution, _Moment]:
    r = Resolution(state, answers)
    m = _Moment(r, night=state.phase.startswith("N"))
    for decree in decrees:
        if decree.kind == "kill" and decree.player:
            kill(m, decree.player, decree.cause or "mj")
        elif decree.kind == "revive" and decree.player:
            revive(m, decree.player, "mj")
        else:  # the mayor, an event: as the core takes them
            r.decree(decree)
    return r, m


def groups_view(s: GameState) -> list[list[dict[str, object]]]:
    """The groups for the posts: each member, alive or not, and his object once he is dead."""
    dead = {p.name: p.role for p in s.players if not p.alive}
    flat = s.memory["groups"]
    rows = [
        {"player": name, "alive": False, "object": dead[name]} if name in dead else {"player": name, "alive": True}
        for name in flat
    ]
    return [rows[i : i + 3] for i in range(0, len(rows), 3)]


def finish(r: Resolution) -> Outcome:
    s = r.state
    succession(r)
    winner = check_winner(s)
    if winner:
        s.winner = winner
        r.emit("game_over", winner=winner)
    else:
        if s.phase.startswith("N"):
            r.emit("groups", groups=groups_view(s))  # "puis un rappel des groupes … qui est encore vivant"
        s.phase = next_phase(s.phase)
    return r.outcome()
