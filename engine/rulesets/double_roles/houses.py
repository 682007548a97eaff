"""`double-roles`: houses — the Planqué's hiding (first step of the night), the swaps agreed by MP during the
day (second step), and what a Planqué learns of his logeur."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...model import Action
from ...resolution import Resolution
from .common import can_act, canon, goes_out, location, log_use, night, number, occupants

Queue = list[tuple[str, Action]]


def hidden_with(r: Resolution, host: str) -> list[str]:
    """The Planqués hiding in ``host``'s house tonight."""
    planques: dict[str, str] = night(r.state).get("planques", {})
    if not planques:  # most nights: nobody hides
        return []
    return [p for p, h in planques.items() if h == host and p in occupants(r.state, host)]


def tell_hidden(r: Resolution, host: str, kind: str, **data: Any) -> None:
    """« le Planqué le sait sans connaître l'identité de la personne qui utilise le pouvoir »."""
    for planque in hidden_with(r, host):
        r.tell(planque, kind, host=host, **data)


def planques(r: Resolution, queue: Queue) -> None:
    """« 3 fois dans la partie, il pourra décider de se planquer dans la maison de quelqu'un d'autre [...] Le
    Planqué n'est plus concerné par ce qui se passe sur sa maison; il n'y est pas »."""
    s = r.state
    for _key, action in queue:
        hider = s.player(action.player)
        if not can_act(s, action.player) or hider.markers.get("cachettes", 0) <= 0:
            continue
        host = action.targets[0]
        hider.markers["cachettes"] -= 1
        goes_out(s, action.player, "planque")
        log_use(s, action.player, [host])
        store = night(s)
        store["lieux"][action.player] = host
        store["planques"][action.player] = host
        r.tell(action.player, "hidden", host=host)
        for logeur in occupants(s, host):  # a Paranoïaque (not a Chanoine) or a Détective logeur finds him
            who = s.player(logeur)
            if logeur != action.player and not canon(who) and {"paranoiaque", "detective"} & set(who.role.split("+")):
                r.tell(logeur, "planque_found", target=action.player)
                r.tell(action.player, "planque_spotted", by=logeur)


def echanges(r: Resolution, queue: Queue) -> None:
    """« échangent effectivement juste après le bûcher, avant toute action de la nuit, sauf une : celle d'un
    Planqué. Un échange de maison n'a lieu que pour une nuit »."""
    s = r.state
    store = night(s)
    for first, second in s.memory.pop("echanges", []):
        if not (s.player(first).alive and s.player(second).alive):
            continue
        home_first, home_second = location(s, first), location(s, second)
        for leaving, arriving in ((first, home_second), (second, home_first)):
            if leaving not in store["planques"]:
                store["lieux"][leaving] = arriving
        r.tell(first, "swapped", target=second)
        r.tell(second, "swapped", target=first)
        for host in (first, second):  # « le Planqué sait que le logeur est parti chez quelqu'un et [...] si
            tell_hidden(r, host, "host_swapped", someone_came=True)  # quelqu'un rentre (mais pas qui) »


def day_swaps(r: Resolution, offers: dict[str, str]) -> None:
    """The day's offers (player → the other): mutual ones are kept for the coming night."""
    done: set[str] = set()
    pairs = []
    for first, second in offers.items():
        if offers.get(second) == first and first not in done:
            pairs.append([first, second])
            done |= {first, second}
    if pairs:
        r.state.memory["echanges"] = pairs
        r.tell_mj("swaps_agreed", pairs=[list(p) for p in pairs], night=number(r.phase) + 1)


def swap_refusal(day: dict[str, Any], player: str) -> str | None:
    """« ne pourra pas effectuer un autre échange après (pour ce jour-ci) »."""
    if player in day.get("echanges", {}):
        return "Tu as déjà proposé un échange de maison aujourd'hui."
    return None


__all__: Sequence[str] = ("day_swaps", "echanges", "hidden_with", "planques", "swap_refusal", "tell_hidden")
