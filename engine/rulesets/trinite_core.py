"""What the two Trinité rule sets (`trinite`, `trinite-meuporg`) share word for word: the win check, a
question answered by one option, J0's election and the pyre's mayor on a tie, the mayor's successor, a dealt
table's « role+camp » and the deal of groups of three. Each package keeps its own objects (or roles), styles
and powers; both call these."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..model import GameState
from ..resolution import NOBODY, Resolution

LOUPS = "loups"
VILLAGE = "village"


def check_winner(state: GameState) -> str | None:
    """ "Les villageois gagnent si tous les loups meurent. Les loups gagnent si le nombre de loups
    vivants devient le même ou supérieur au nombre de villageois encore vivants." """
    wolves = village = 0
    for player in state.players:
        if player.alive:
            if player.camp == LOUPS:
                wolves += 1
            else:
                village += 1
    if wolves == 0 and village == 0:
        return "aucun"
    if wolves == 0:
        return VILLAGE
    if wolves >= village:
        return LOUPS
    return None


def one(
    r: Resolution, kind: str, to: str, prompt: str, options: list[str], about: str | None = None, default: str = NOBODY
) -> str:
    """A question answered by one option (or ``aucun``): an answer naming two players is refused, not
    taken for a player's name."""
    return r.ask(kind, to, prompt, options, about=about, default=default, single=True)


def elect_mayor(r: Resolution, leaders: list[str]) -> None:
    """J0's election: the only leader is mayor; on a tie the MJ chooses among the leaders (or nobody)."""
    if len(leaders) > 1:
        chosen = one(r, "maire_egalite", "MJ", "Égalité pour l'élection du maire : qui est élu ?", leaders)
        leaders = [] if chosen == NOBODY else [chosen]
    if leaders:
        r.state.mayor = leaders[0]
        r.emit("mayor_elected", player=leaders[0])
    else:
        r.emit("no_mayor")


def succession(r: Resolution) -> None:
    """ "S'il meurt, il désigne son successeur." """
    s = r.state
    if s.mayor and not s.player(s.mayor).alive:
        dead = s.mayor
        s.mayor = None
        successor = one(r, "successeur", dead, "Tu meurs : qui sera le nouveau maire ?", s.living(), about=dead)
        if successor != NOBODY:
            s.mayor = successor
            r.emit("mayor_successor", player=successor, by=dead)


def pyre_target(r: Resolution, leaders: list[str]) -> str | None:
    """Who burns among the day's leaders: the only one, or the mayor's choice on a tie ("S'il y a égalité au
    vote, le maire tranche avec un message sur le forum."). None when nobody burns (no vote, a tie without a
    living mayor, or his « aucun »), the events saying why already emitted."""
    s = r.state
    if not leaders:
        r.emit("no_pyre", reason="no_votes")
        return None
    if len(leaders) == 1:
        return leaders[0]
    mayor = s.mayor if s.mayor and s.player(s.mayor).alive else None
    if mayor is None:
        r.emit("tie", candidates=leaders, resolved_by=None)
        r.emit("no_pyre", reason="tie")
        return None
    chosen = one(r, "maire_egalite", mayor, "Égalité au bûcher : qui désignes-tu ?", leaders)
    r.emit("tie", candidates=leaders, resolved_by="maire", choice=None if chosen == NOBODY else chosen)
    if chosen == NOBODY:
        r.emit("no_pyre", reason="tie")
        return None
    return chosen


def split_camps(roles: Mapping[str, str], camps: dict[str, str]) -> dict[str, str]:
    """The roles of a dealt table without their camps: a role may carry its camp as ``"arc+loup"`` (a
    configuration file has only a role per player), written into ``camps``."""
    plain = {}
    for name, role in roles.items():
        base, plus, camp = role.partition("+")
        plain[name] = base
        if plus:
            camps[name] = LOUPS if camp.startswith("loup") else VILLAGE
    return plain


def deal(
    names: list[str], rng: random.Random, styles: Sequence[str], by_style: Mapping[str, list[str]]
) -> tuple[dict[str, str], dict[str, int]]:
    """The MJ's selection (as many roles of each style as groups, from ``by_style``), then the players drawn
    into groups of three, one of each style."""
    size = len(names) // 3
    order = list(names)
    rng.shuffle(order)
    roles: dict[str, str] = {}
    groups: dict[str, int] = {}
    for index, wanted in enumerate(styles):
        chosen = rng.sample(by_style[wanted], size)
        for number, (name, kind) in enumerate(zip(order[index * size : (index + 1) * size], chosen, strict=True)):
            roles[name] = kind
            groups[name] = number + 1
    return roles, groups


def listed_groups(names: Sequence[str]) -> dict[str, int]:
    """Given roles without groups: the players are listed group by group (three by three, in order)."""
    return {name: index // 3 + 1 for index, name in enumerate(names)}
