"""`classique`: what every resolution shares — deaths and their chains (the Chasseur's shot, the
acolytes, a bite cancelled), the traitor, and who wins."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...model import Decree, GameState, Outcome, PlayerState
from ...resolution import NOBODY, Resolution
from .common import OPTIONS
from .roles import WOLVES


# -- shared pieces ----------------------------------------------------------------------------
class _Held(GameState):
    """The state an ``owned`` resolution is made with, replaced at once, never changed: its copy is itself."""

    def copy(self) -> GameState:
        return self


_HELD = _Held("", 0, [])


def _resolution(
    state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree], owned: bool = False
) -> Resolution:
    """The phase's resolution over a copy of ``state`` or, ``owned``, over ``state`` itself: a private copy its
    caller hands over (``close_decided_day_owned``, ``resolve_night_owned``), not copied a second time.
    (``Resolution`` copies the state it is given: there, a placeholder whose copy is itself.)"""
    if owned:
        r = Resolution(_HELD, answers)
        r.state = state
        r._start_phase = state.phase
    else:
        r = Resolution(state, answers)
    r.death_hooks.append(_death_chain)
    for decree in decrees:
        # A "mayor" decree is also how a censure motion ends ("le maire en place est destitué"): the MJ
        # counts it and names the new mayor after the new election, or none meanwhile (RULINGS.md).
        r.decree(decree)
    return r


def _death_chain(r: Resolution, name: str, cause: str) -> None:
    """Every death's chain, in this order: ``_hunter``, ``_acolytes``, ``_transformation_cancelled``,
    ``_flute_dead`` — one hook, the dead player looked up once, each role's step called only for its role (the
    steps read the same role: a death changes no role before them); ``_transformation_cancelled`` only for a
    Chef de meute who has bitten, the one player a bite's "transformation" marker names."""
    dead = r.state.player(name)
    role = dead.role
    if role == "chasseur":
        _hunter(r, name, cause)
    elif role == "maitre_vampire":
        _acolytes(r, name, cause)
    if "morsure" in dead.markers:  # only a Chef de meute who has bitten is named by a bite (``_chef_de_meute``)
        _transformation_cancelled(r, name, cause)
    if role == "joueur_de_flute":
        _break_charm(r)


def _hunter(r: Resolution, name: str, cause: str) -> None:
    """ "Lorsqu'il meurt (Loups, poison, amour, bûcher...), le Chasseur a le pouvoir de répliquer"."""
    player = r.state.player(name)
    if player.role != "chasseur" or player.markers.get("balle_utilisee") or player.markers.get("pouvoirs_perdus"):
        return
    player.markers["balle_utilisee"] = True
    target = r.ask("chasseur", name, "Tu meurs : sur qui tires-tu ?", r.state.living(), about=name, single=True)
    if target != NOBODY:
        r.emit("hunter_shot", player=name, target=target)
        r.mark(target, "chasseur")


def _protected_on_pyre(state: GameState, name: str) -> bool:
    for angel in state.players:  # a living Ange-Gardien with his powers (``has_power``) protecting ``name``: a loop
        if (
            angel.role == "ange_gardien"
            and angel.alive
            and not angel.markers.get("pouvoirs_perdus")
            and angel.markers.get("protege") == name
        ):
            return True
    return False


# The camps a win check looks for (constants: not a new set at each check).
_NOT_PARITY = frozenset({"vampires", "flute"})
_HOSTILE = frozenset({"loups", "vampires", "flute"})
_VAMPIRES = frozenset({"vampires"})


def check_winner(state: GameState) -> str | None:
    """Who has won, if anyone; run after every settled resolution."""
    return _winner(state, None)


def _winner(state: GameState, r: Resolution | None) -> str | None:
    """``check_winner``; with ``r`` (a resolution's end), the Traître's turn first (``_traitor``): the pass that
    counts the camps also tells whether a werewolf lives, and only when none does is the Traître looked for.

    The pass stops as soon as the game is sure to go on unless the flute has won (most checks: a few players
    in): a werewolf and a player of neither the pack nor the wolves' camp live, with a third living player (no
    lovers' pair), and the parity reading (J2) is not the game's (``_flute_or_nobody``)."""
    players = state.players
    # ``option(state, "victoire_parite")``, inline (read at every check)
    parity = state.memory.get("options", _NO_OPTIONS).get("victoire_parite", OPTIONS["victoire_parite"][0])
    alive = 0
    flute: PlayerState | None = None  # the first living Joueur de flûte with his powers
    wolves = 0  # the living werewolves (``is_wolf``)
    pack = 0  # the werewolves and the wolves' camp
    others = 0  # the living players of a camp other than the village's, not werewolves
    camps: set[str] = set()  # those players' camps (the village's and the werewolves' are counted, not added)
    free = False  # a living player of neither the pack nor the wolves' camp
    table = iter(players)  # (when the pass stops early, the flute may be looked for in the rest of it)
    for player in table:  # one pass, no call for the usual villager (a count, not a list of the living)
        if player.alive:
            alive += 1
            role = player.role
            # is_wolf (he is alive); the marker is only ever set to True
            if role in WOLVES or "loup" in player.markers:
                wolves += 1
            else:
                camp = player.camp
                if camp == "village":
                    free = True
                else:
                    others += 1
                    camps.add(camp)
                    if camp == "loups":
                        pack += 1
                    else:
                        free = True
            if role == "joueur_de_flute" and flute is None and not player.markers.get("pouvoirs_perdus"):
                flute = player
            if wolves and free and alive > 2 and not parity:
                return _flute_or_nobody(players, table, flute)
    if r is not None and not wolves and _traitors_turn(r):  # a Traître became a werewolf: counted anew
        return _winner(state, None)
    if not alive:
        return "aucun"
    if alive == 2:  # the two living, in the players' order (most checks: more than two, no list made)
        pair = [p for p in players if p.alive]
        if pair[0].markers.get("amoureux") == pair[1].name:
            return "amoureux"
    if flute and _all_charmed(players, flute):
        return "flute"
    pack += wolves
    # The camps as one set would hold them: ``camps``, with the wolves' ("loups") when a werewolf lives and the
    # village's when a living player is of it (``alive - wolves - others`` of them).
    if pack == alive:  # every living player of the wolves' camp (a werewolf, or a Traître): the camps are "loups"
        return "loups"
    if 2 * pack >= alive and camps.isdisjoint(_NOT_PARITY) and parity:
        return "loups"  # the parity reading (J2): as many werewolves as the others
    if not wolves and others == alive and camps == _VAMPIRES:  # nobody but the vampires
        return "vampires"
    if not wolves and camps.isdisjoint(_HOSTILE):
        return "village"
    return None


_NO_OPTIONS: dict[str, Any] = {}


def _flute_or_nobody(players: list[PlayerState], rest: Iterator[PlayerState], flute: PlayerState | None) -> str | None:
    """``_winner`` once its pass stopped early: a werewolf lives beside a player of another camp, with a third
    living player, and no parity reading. No Traître turns (a werewolf lives), no lovers' pair, neither camp
    alone: "flute" if the flute has charmed every other living player, else nobody. ``flute``: the first living
    Joueur de flûte with his powers among the players read, else he is looked for among the ``rest``."""
    if flute is None:
        for player in rest:
            if player.role == "joueur_de_flute" and player.alive and not player.markers.get("pouvoirs_perdus"):
                flute = player
                break
        else:
            return None
    return "flute" if _all_charmed(players, flute) else None


def _all_charmed(players: list[PlayerState], flute: PlayerState) -> bool:
    """Every living player but the flute charmed (a loop: no generator made at each check; the "charme" marker is
    only ever set to True, removed when the charm breaks)."""
    for player in players:
        if player.alive and player is not flute and player.name != flute.name and "charme" not in player.markers:
            return False
    return True


def _traitor(r: Resolution) -> None:
    """ "Lorsque tous les loups sont morts, le traître devient alors un véritable loup"."""
    for player in r.state.players:
        if player.alive and (player.role in WOLVES or "loup" in player.markers):  # is_wolf, inline
            return
    _traitors_turn(r)


def _traitors_turn(r: Resolution) -> bool:
    """``_traitor`` once no werewolf lives: each living Traître becomes one. Whether one did."""
    turned = False
    for traitor in r.state.players:
        if traitor.alive and traitor.role == "traitre":
            traitor.role = "loup_garou"
            traitor.markers["loup"] = True
            r.tell(traitor.name, "role_changed", role="loup_garou")
            turned = True
    return turned


def _finish(r: Resolution) -> Outcome:
    r.settle()
    return r.finish(_winner(r.state, r))  # the Traître's turn (``_traitor``), then who has won


def _transformation_cancelled(r: Resolution, name: str, cause: str) -> None:
    """ "La seule façon d'empêcher sa résurrection maléfique, c'est de tuer le Chef de Meute"."""
    for player in r.state.players:
        bite = player.markers.get("transformation")
        if bite and bite["par"] == name:
            del player.markers["transformation"]
            r.tell_mj("transformation_cancelled", player=player.name)


def _acolytes(r: Resolution, name: str, cause: str) -> None:
    """ "Si le Maître meurt, les Acolytes meurent immédiatement"."""
    if r.state.player(name).role == "maitre_vampire":
        for player in r.state.players:
            if player.alive and player.markers.get("acolyte") == name:
                r.mark(player.name, "acolyte")


def _flute_dead(r: Resolution, name: str, cause: str) -> None:
    """ "S'il se fait tuer, le charme est rompu"."""
    if r.state.player(name).role == "joueur_de_flute":
        _break_charm(r)


def _break_charm(r: Resolution) -> None:
    """Every charm ends; the living ex-charmed are told by MP (RULINGS G12, G14)."""
    for player in r.state.players:
        if player.markers.pop("charme", None) and player.alive:
            r.tell(player.name, "charm_broken")
