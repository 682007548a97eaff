"""Checks the role-based rule sets (classique, convivialite) make alike before their own rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..model import Action, GameState, PlayerState

# The refusals every power meets first (classique and the baguette module say them inline, on their hot paths).
NOT_PLAYING = "Tu ne fais pas partie de la partie."
DEAD_CANNOT_ACT = "Les morts ne peuvent plus agir."


def owner_refusal(
    state: GameState,
    action: Action,
    *,
    is_wolf: Callable[[PlayerState], bool],
    wolves_only: str,
    role_word: str,
    names: Mapping[str, str],
) -> str | None:
    """Why the action's player may not use its power at all, in French, or None: he is not in the game, he is
    dead, or the power (``role.verb``) is another role's; the pack's (``loups.…``) is every wolf's.
    ``role_word`` is what the rule book calls a role ("personnage", "rôle")."""
    try:
        player = state.player(action.player)
    except KeyError:
        return NOT_PLAYING
    if not player.alive:
        return DEAD_CANNOT_ACT
    role = action.power.partition(".")[0]
    if role == "loups":
        return None if is_wolf(player) else wolves_only
    if player.role != role:
        return f"Ce pouvoir est celui du {role_word} {names.get(role, role)}, pas le tien."
    return None
