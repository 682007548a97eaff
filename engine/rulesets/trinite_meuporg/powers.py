"""`trinite-meuporg`: the items' powers, reading the state (wolves, groups, the nuit événement) and the
validation of each action, with the reason a player reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import items
from ...messages import Message
from ...model import Action, GameState, PlayerState
from .roles import HEAL, ITEM_NAMES, LOUPS, ROLES

RULESET = "trinite-meuporg"

ARMOUR_CAUSES = frozenset({"bucher", "loups", "potion_de_mort", "arc"})  # "bûcher, loups, potion de mort, archer"
EVENT = "nuit_evenement"


@dataclass(frozen=True, slots=True)
class Power:
    item: str | None  # None: the wolves' attack
    min_targets: int = 1
    max_targets: int = 1
    targets: str = "alive"  # alive | dead | any
    other: bool = False  # "un autre joueur": never oneself
    by_day: bool = False
    dead_stated: bool = True  # False: "any" only for a non-healer (the text does not say "mort")


POWERS: dict[str, Power] = {
    "loups.attaquer": Power(None),
    "boule_de_cristal.sonder": Power("boule_de_cristal", other=True),
    "potion_de_mort.tuer": Power("potion_de_mort"),
    "potion_d_echange.echanger": Power("potion_d_echange", 2, 2, "any"),
    "cape.voler": Power("cape", targets="any", other=True),
    "hache.frapper": Power("hache", targets="any", dead_stated=False),  # "il peut cibler un joueur"
    "sceptre.designer": Power("sceptre", targets="dead"),
    "potion_de_verite.reveler": Power("potion_de_verite", targets="dead"),
    "poupee_vaudou.maudire": Power("poupee_vaudou"),
    "marteau.reparer": Power("marteau", targets="any", other=True),
    "harpe.ressusciter": Power("harpe", targets="dead", other=True),
    "potion_de_telepathie.utiliser": Power("potion_de_telepathie", 0, 2, "any", by_day=True),
    "chapelet.savoir": Power("chapelet"),
    "chapelet.proteger": Power("chapelet"),
    "chapelet.intercepter": Power("chapelet", 0, 0),
    "prompteur.reveler": Power("prompteur", targets="dead"),
}
WOLVES_ONLY = "Seuls les loups-garous (vivants) choisissent la cible de l'attaque."


# -- reading the state ------------------------------------------------------------------------
def is_wolf(player: PlayerState) -> bool:
    return player.alive and player.camp == LOUPS


def groups_of(state: GameState) -> list[list[str]]:
    return [list(g) for g in state.memory["groups"]]


def group_of(state: GameState, name: str) -> list[str]:
    return next(g for g in groups_of(state) if name in g)


def is_event_night(state: GameState) -> bool:
    return bool(state.memory.get(EVENT)) and state.memory.get(EVENT) == state.phase


def vote_refusal(state: GameState, voter: str, target: str) -> Message | None:
    """No vote is forbidden in this rule set (the dead do not vote: the counter knows)."""
    return None


# -- validation -------------------------------------------------------------------------------
def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be asked for now, else the French explanation sent to the player.

    The checks come in a fixed order (the first refusal is the one told); the bench and the night's
    resolution call this for every action, hence the locals."""
    find = state.player
    try:
        player = find(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    power = POWERS.get(action.power)
    if power is None:
        return "Ce pouvoir n'existe pas dans cette partie."
    night = state.phase[:1] == "N"
    by_day = power.by_day
    if by_day and night:
        return "La potion de télépathie s'utilise de jour, par MP au MJ."
    if not by_day and not night:
        return "Les objets s'utilisent pendant la nuit (au crépuscule)."
    item, alive, wolf = power.item, player.alive, player.camp == LOUPS
    if item is None:
        if not (alive and wolf):  # ``is_wolf``
            return WOLVES_ONLY
    else:
        if item == "potion_de_mort" and wolf and alive:
            return "Un loup ne peut utiliser la potion de mort qu'une fois mort."
        dead_may = item == "poupee_vaudou" or (item == "potion_de_mort" and wolf)
        if not alive and not dead_may:
            return "Les morts ne peuvent plus utiliser d'objet, sauf la poupée vaudou."
        if items.usable(state, player.name, item) is None:
            return f"Tu n'as pas (ou plus) de {ITEM_NAMES[item]} utilisable."
    targets = action.targets
    count = len(targets)
    if not power.min_targets <= count <= power.max_targets:
        if power.max_targets == power.min_targets:
            return f"Il faut désigner {power.min_targets} joueur{'s' if power.min_targets > 1 else ''}."
        return f"Il faut désigner entre {power.min_targets} et {power.max_targets} joueurs."
    aimed, other, all_alive = power.targets, power.other, True
    for target in targets:
        try:
            target_alive = find(target).alive
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
        if aimed == "alive" and not target_alive:
            return f"{target} est mort·e : ce pouvoir vise un joueur vivant."
        if aimed == "dead" and target_alive:
            return f"{target} est vivant·e : ce pouvoir vise un mort."
        if other and target == player.name:
            return "Ce pouvoir vise un autre joueur que toi."
        all_alive = all_alive and target_alive
    if item is not None and not by_day and ROLES[player.role][0] == HEAL:  # a healer (``style``)
        # "… et qui n'est pas mort (sauf si précisé)" — kept on the event night, which lifts the group only.
        if not power.dead_stated and not all_alive:
            return "Soigneur, tu ne peux viser qu'un joueur vivant avec cet objet."
        if not is_event_night(state):
            friends = state.memory["compagnons"].get(player.name, [])
            strangers = [t for t in targets if t not in friends]
            if strangers:
                return (
                    f"Soigneur, tu ne peux viser que les joueurs de ton groupe ou qui en ont fait partie : "
                    f"pas {', '.join(strangers)}."
                )
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _check_protection(state: GameState, action: Action) -> str | None:
    last = state.memory.get("protection", {}).get(action.player)
    if last and last["target"] == action.targets[0] and last["night"] == int(state.phase[1:]) - 1:
        return "Tu ne peux pas protéger le même joueur deux nuits d'affilée."
    return None


def _check_echange(state: GameState, action: Action) -> str | None:
    first, second = action.targets
    if first == second:
        return "Il faut deux joueurs différents."
    if not (state.player(first).alive or state.player(second).alive):
        return "Au moins un des deux joueurs doit être vivant."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "chapelet.proteger": _check_protection,
    "potion_d_echange.echanger": _check_echange,
}
