"""`double-roles`: the Sympathique's boost (« une fois dans la partie, de nuit ou de jour [...] de booster à
quelqu'un une utilisation d'un de ses deux rôles ») and its per-role table. A boost used by day k counts for
night k+1 and day k; used at night k, for that night and day k (RULINGS R31)."""

from __future__ import annotations

from typing import Any

from ...model import Action, GameState
from ...resolution import Resolution
from .common import boosted, copies, number, salbatarised
from .roles import ASSASSIN, LOUP_SOLITAIRE, roles_of

# Role → (marker, how much) for the effects that are one more use in stock.
STOCK_BOOSTS: dict[str, tuple[str, int]] = {
    "necromancienne": ("potions", 1),  # « elle peut décider de refabriquer une potion de vie »
    "planque": ("cachettes", 1),  # « il peut se cacher 1 fois de plus »
    "sorcier": ("rituels", 1),  # « il gagne un nouveau rituel de mort »
    "chatelain": ("annulations", 1),  # « il peut empêcher un bûcher une fois de plus »
    "vieux_chiant": ("resistances", 1),  # « il peut résister une fois de plus aux Loups »
    "fuyard": ("fuites", 1),  # « il pourra s'enfuir 1 fois de plus »
    "sympathique": ("boosts", 1),  # « il pourra utiliser son pouvoir une fois de plus (lol) »
    "convaincant": ("conversions", 1),  # « il a une nouvelle utilisation de son pouvoir »
}
# Role → the power that gets one more action on the boosted night (two houses, two links…).
NIGHT_BOOSTS = {
    "salvateur": "salvateur.proteger",
    "salbatar": "salbatar.salbatariser",
    "voyeur": "voyeur.lier",
}


def boost_night(state: GameState) -> int:
    """The night a boost used now is for: this night, or the next one after a day."""
    return number(state.phase) + (1 if state.phase.startswith("J") else 0)


def extra_room(state: GameState, name: str, power: str) -> int:
    """One more action of ``power`` tonight when boosted (the Salvateur's two houses…)."""
    who = state.player(name)
    if not who.markers.get("sympathise"):  # never boosted: ``boosted`` is false for every role
        return 0
    return sum(1 for role, boosts in NIGHT_BOOSTS.items() if boosts == power and boosted(state, who, role))


def boost(r: Resolution, action: Action) -> None:
    """Apply one boost: the target learns who the Sympathique is; a salbatarised target is only freed."""
    s = r.state
    sympathique, target, which = action.player, action.targets[0], action.targets[1]
    giver = s.player(sympathique)
    giver.markers["boosts"] = giver.markers.get("boosts", 0) - 1
    who = s.player(target)
    r.tell(target, "sympathised", by=sympathique)  # « sa cible sait qu'il est sympathique »
    if copies(who, "paranoiaque"):  # « il sait immédiatement l'autre rôle du sympathique »
        others = [p for p in roles_of(giver.role) if p != "sympathique"] or ["sympathique"]
        r.tell(target, "sympathique_role", by=sympathique, role=others[0])
    if salbatarised(s, who):  # « elle ne l'est plus à la place de regagner une utilisation »
        who.markers.pop("salbatarise", None)
        r.tell_mj("boost_unsalbatarised", player=target)
        return
    roles = roles_of(who.role)
    role = roles[1] if "chanoine" in roles else roles[int(which) - 1]  # « automatiquement le deuxième rôle »
    _apply(r, target, role)
    _kiss_cool(r, target)
    r.tell_mj("boost", player=target, role=role, by=sympathique)


def _apply(r: Resolution, target: str, role: str) -> None:
    s = r.state
    who = s.player(target)
    markers: dict[str, Any] = who.markers
    boosts: dict[str, int] = markers.setdefault("sympathise", {})
    if role in STOCK_BOOSTS:
        key, more = STOCK_BOOSTS[role]
        markers[key] = markers.get(key, 0) + more
    elif role in NIGHT_BOOSTS or role in ("voyante", "corbeau", "araignee", "detective", "croque_mort"):
        boosts[role] = boost_night(s)  # the next (or this) night
    elif role == "lache":  # « MP illimités pour la journée où il a été sympathisé / la prochaine journée »
        boosts[role] = number(s.phase)
    elif role in ("meneur", "institutrice", "chasseur", "vengeur"):
        boosts[role] = number(s.phase)  # « ce jour-ci » / « aujourd'hui »: day k
    elif role == "cupidon":
        if markers.get("fleches", 0) <= 0 and not markers.get("amours_faits"):
            markers["fleches"] = 1  # « il regagne son pouvoir »
    elif role == "sympathisant_loup" and who.camp != "loup":
        prompt = "Le Sympathique t'a boosté : deviens-tu Loup maintenant (oui) ou non ?"
        if (
            r.ask("sympathisant_boost", target, prompt, ["oui", "non"], about=target, default="non", single=True)
            == "oui"
        ):
            from .night import _turn_wolf  # the Sympathisant's own change, as when attacked

            _turn_wolf(r, target)
    # liche: « pas d'effet »; chanoine: handled above; paranoiaque: « il sait
    # immédiatement l'autre rôle du sympathique » (told in ``boost``).


def _kiss_cool(r: Resolution, target: str) -> None:
    """« De plus, si la cible du Sympathique a l'une de ces deux natures, un effet kiss-cool »."""
    who = r.state.player(target)
    if who.camp == ASSASSIN and who.markers.get("meurtres", 0) <= 0:
        who.markers["meurtres"] = 1  # « il obtient un autre free kill s'il n'en avait pas un en stock »
    if who.camp == LOUP_SOLITAIRE:
        coming = boost_night(r.state)
        if coming % 2:  # « il peut attaquer dès la nuit prochaine [...] et ne pourra plus alors qu'attaquer les
            who.markers["nuits_solitaire"] = 1  # nuits impaires »
        else:  # « il pourra attaquer même s'il est salbatarisé s'il s'agissait d'une nuit paire »
            who.markers.setdefault("sympathise", {})["loup_solitaire"] = coming
