"""`double-roles`: what the Paranoïaque notices and what the Voyeur watches."""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Action
from ...resolution import Resolution
from .common import _roles, can_act, canon, goes_out, log_use, salbatarised
from .houses import hidden_with
from .roles import pairs_with

Queue = list[tuple[str, Action]]
# The pairs of roles with a Voyeur in them (a player's ``role``): ``watch`` asks it of every player at each phase's end.
VOYEUR_PAIRS = pairs_with("voyeur")


# -- the Paranoïaque -----------------------------------------------------------------------------------
def noticed(r: Resolution, actor: str, role: str, names: Sequence[str]) -> None:
    """« il est au courant des effets sur lui et du nom de [...] tout ce qui utilise un pouvoir sur lui. Il ne
    connaît que le seul des deux rôles mis en jeu »; « n'arrive mystérieusement pas à bien distinguer le
    Chanoine » (RULINGS R24)."""
    s = r.state
    for name in names:
        who = s.player(name)
        held = who.role  # the string first (most are not Paranoïaque), then his roles
        if name == actor or "paranoiaque" not in held or "paranoiaque" not in _roles(held) or not who.alive:
            continue
        if salbatarised(s, who):
            continue
        hidden = canon(s.player(actor))
        r.tell(name, "paranoid_alert", by=None if hidden else actor, role=role)


def killer_known(r: Resolution, victim: str, by: str, cause: str) -> None:
    """« S'il meurt, au moment de sa mort il est mis au courant de son tueur [...] sauf si c'est par plusieurs
    Loups » (then ``by`` is ``loups``); told too when a Vieux Chiant resists or a Planqué is revived."""
    who = r.state.player(victim)
    if "paranoiaque" in who.role and "paranoiaque" in _roles(who.role) and not salbatarised(r.state, who):
        hidden = by != "loups" and canon(r.state.player(by))
        r.tell(victim, "paranoid_killer", by=None if hidden else by, cause=cause)


# -- the Voyeur ----------------------------------------------------------------------------------------
def _status(r: Resolution, name: str) -> list[object]:
    """What a link shows of a person: in love or not, and his win conditions (his nature, his lovers)."""
    who = r.state.player(name)
    if canon(who):  # immune: he shows nothing, ever (RULINGS R25)
        return [False, ""]
    loves = who.markers.get("amours")
    if not loves:  # most people: nobody to sort
        return [False, who.camp + ":"]
    return [True, f"{who.camp}:{','.join(sorted(loves))}"]


def voyeurs(r: Resolution, queue: Queue) -> None:
    """« Chaque nuit, il crée un nouveau lien »: he goes out; he learns at once whether that person is in
    love."""
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        target = action.targets[0]
        goes_out(s, action.player, "voyeur")
        log_use(s, action.player, [target])
        noticed(r, action.player, "voyeur", [target])
        voyeur = s.player(action.player)
        links: dict[str, list[object]] = voyeur.markers.setdefault("liens", {})
        links[target] = _status(r, target)
        r.tell(action.player, "voyeur_link", target=target, amoureux=links[target][0])
        for hider in hidden_with(r, target):  # « le Voyeur voit aussi si le Planqué est amoureux ou non »
            r.tell(action.player, "voyeur_planque", target=hider, amoureux=bool(s.player(hider).markers.get("amours")))


def watch(r: Resolution, dead: list[str]) -> None:
    """At each phase's end: « à la tombée de la nuit et au début du jour, il obtient la nature de tous les
    morts » (``dead``: those of the phase, in order), and « si les conditions de victoire changent » for his
    links."""
    s = r.state
    natures: list[dict[str, object]] | None = None  # the dead's natures, the same for every Voyeur: read once
    gone = s.memory.get("nuit", {}).get("mourants", ())  # ``dying``, without a copy
    for voyeur in s.players:
        if voyeur.role not in VOYEUR_PAIRS or not voyeur.alive or salbatarised(s, voyeur):  # ``copies``, inline
            continue
        if dead:
            if natures is None:
                natures = [{"player": n, "nature": s.player(n).camp} for n in dead]
            r.tell(voyeur.name, "dead_natures", dead=natures)
        links: dict[str, list[object]] | None = voyeur.markers.get("liens")
        if not links:  # no link made yet: nothing to watch
            continue
        for target, seen in sorted(links.items()):
            if not s.player(target).alive or target in gone:
                continue
            now = _status(r, target)
            if now != seen:
                links[target] = now
                r.tell(voyeur.name, "voyeur_change", target=target, amoureux=now[0])
