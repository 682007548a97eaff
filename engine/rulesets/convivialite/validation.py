"""`convivialite`: the validation of each action, with the reason a player reads, and the night's
latest valid actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...model import Action, GameState
from ...resolution import Resolution
from ..checks import owner_refusal
from .common import DAY_POWERS, WOLVES_ONLY, day_number, is_wolf, scratch_refusal, scratch_source, secret_voter
from .roles import LOUPS, NAMES, VILLAGE


# -- validation -------------------------------------------------------------------------------
def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be used now, else the French explanation sent to the player."""
    refusal = owner_refusal(state, action, is_wolf=is_wolf, wolves_only=WOLVES_ONLY, role_word="rôle", names=NAMES)
    if refusal:
        return refusal
    night = state.phase.startswith("N")
    if action.power in DAY_POWERS and night:
        return "Ce pouvoir s'utilise le jour."
    if action.power not in DAY_POWERS and not night:
        return "Ce pouvoir s'utilise la nuit."
    for target in action.targets:
        try:
            target_player = state.player(target)
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
        if not target_player.alive and action.power != "traqueur.scanner":
            return f"{target} est mort·e."
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _check_aduler(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "L'Amoureux choisit son adulé la première nuit seulement."
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Choisis un autre joueur comme adulé."
    return None


def _check_decouvrir(state: GameState, action: Action) -> str | None:
    if state.phase != "N2":
        return "Tu ne peux découvrir le camp de ton adulé que pendant la N2."
    if state.player(action.player).camp != VILLAGE:
        return "Seul l'Amoureux du village peut découvrir le camp de son adulé."
    if not state.player(action.player).markers.get("adule"):
        return "Tu n'as pas d'adulé."
    return None


def _check_inviter(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "Le coupon d'invitation ne s'utilise que pendant la N1."
    if action.player != state.memory.get("loup_initial"):
        return "Seul le loup initial a un coupon d'invitation."
    if len(set(action.targets)) != 2 or action.player in action.targets:
        return "Il faut inviter deux autres joueurs."
    return None


def _check_griffer(state: GameState, action: Action) -> str | None:
    if scratch_source(state, action.player) is None:
        return "Tu n'as pas de griffure utilisable cette nuit."
    if len(action.targets) != 1:
        return "Tu ne griffes qu'un seul joueur."
    return scratch_refusal(state, action.player, action.targets[0])


def _check_potion(state: GameState, action: Action) -> str | None:
    if state.player(action.player).camp != VILLAGE:
        return "La Sorcière loup n'a pas de potion."
    if not state.player(action.player).markers.get("potion"):
        return "Tu as déjà utilisé ta potion."
    if day_number(state.phase) < 3:
        return "La potion s'utilise à partir de la N3."
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Vise un autre joueur."
    return None


def _check_scanner(state: GameState, action: Action) -> str | None:
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Scanne un autre joueur."
    if state.phase == "N1" and state.player(action.player).camp != LOUPS:
        return "Le traqueur scanne à partir de la N2."
    return None


def _check_vote_secret(state: GameState, action: Action) -> str | None:
    if not secret_voter(state, action.player):
        return "Tu n'as pas de vote secret aujourd'hui."
    if len(action.targets) != 1:
        return "Un vote secret désigne un seul joueur."
    if state.player(action.player).markers.get("adule") == action.targets[0]:
        return "Tu ne peux jamais voter contre ton adulé."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "amoureux.aduler": _check_aduler,
    "amoureux.decouvrir": _check_decouvrir,
    "loups.inviter": _check_inviter,
    "loups.griffer": _check_griffer,
    "sorciere.potion": _check_potion,
    "traqueur.scanner": _check_scanner,
    "loups.vote_secret": _check_vote_secret,
}


def latest_actions(state: GameState, actions: Sequence[Action], r: Resolution) -> dict[str, Action]:
    """The valid actions of the phase, by power and player: a later MP replaces an earlier one."""
    kept: dict[str, Action] = {}
    for action in actions:
        refusal = validate(state, action)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        key = f"{action.power}:{action.player}"
        kept.pop(key, None)
        kept[key] = action
    for action in kept.values():
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept
