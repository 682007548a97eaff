"""`baguette`: which of the module's orders may be given now — a French refusal each, or None."""

from __future__ import annotations

from ...model import Action, GameState
from ...rulesets.checks import DEAD_CANNOT_ACT, NOT_PLAYING
from .common import (
    BLANK,
    DEFAULT_POWER,
    ONE_TIME,
    TRAP_MIN,
    WOLF_EXTRAS,
    Ctx,
    bag,
    is_wolf,
    mj_role_named,
)

DEN_ONLY = "La victime des Loups-Garous se choisit dans l'antre, en couleur, pas par MP."
_DAY = "Cela se fait le jour, par MP avant 22h00."
_NIGHT = "Le Magicien fait ce choix la nuit, par MP avant 21h00."


# The choices that name one player (a vote, the immunity…): two names are no choice (« je vote contre Noé et Noémie »).
_ONE_NAME = frozenset({"vote", "election", "immunite", "protection", "copie", "piege", "recrutement", "egalite"})


def validate(ctx: Ctx, state: GameState, action: Action) -> str | None:
    """The module's powers checked here; the base's own, by the base (a wolves' victim by MP refused)."""
    power = action.power
    if power == "loups.devorer" and not action.source.startswith("den:"):
        return DEN_ONLY
    if not power.startswith("baguette."):
        return ctx.base.validate(state, action)
    try:
        player = state.player(action.player)
    except KeyError:
        return NOT_PLAYING
    if not player.alive:
        return DEAD_CANNOT_ACT
    kind = power.split(".", 1)[1]
    if kind in _ONE_NAME and len(action.targets) > 1:
        return f"Un seul nom ici : {' ou '.join(action.targets)} ? Renvoie ton MP avec un seul nom."
    for target in action.targets:
        if kind == "suspicion" and target == action.targets[-1] and len(action.targets) == 2:
            continue  # the supposed role
        if kind == "absence":
            continue  # phases, not players
        try:
            if not state.player(target).alive:
                return f"{target} est mort·e."
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
    day = state.phase.startswith("J")
    memory = bag(state)
    if kind in ("vote", "blanc"):
        return None if day else _DAY
    if kind == "election":
        if state.phase == "J0":
            return None
        candidates = memory.get("second_tour")
        if not day:
            return "Il n'y a pas d'élection du Magicien en cours."
        if not candidates:
            return None  # a pyre vote (« Je vote pour X »: RULINGS B1)
        if action.targets and action.targets[0] not in candidates:
            return f"Le 2ème tour se joue entre {', '.join(candidates)} seulement."
        return None
    if kind == "absence":
        return None
    # ``holder(state) == action.player``: the player is alive (above), so the wand's holder if it was given to him.
    magicien = memory.get("magicien") == action.player
    if kind == "testament":
        return None if magicien else "Seul le Magicien laisse un testament."
    if kind == "egalite":
        pending = memory.get("egalite_en_attente")
        if not pending or day:
            return "Il n'y a pas d'égalité au bûcher à trancher."
        if pending["magicien"] != action.player:
            return "Seul le Magicien tranche l'égalité au bûcher."
        if action.targets and action.targets[0] not in pending["candidates"]:
            return f"Le choix se fait entre {', '.join(pending['candidates'])}."
        return None
    if not magicien:
        return "Seul le Magicien, porteur de la Baguette, a ce pouvoir."
    if day:
        return _NIGHT
    if kind == "successeur":
        return None
    used = memory.get("pouvoirs_utilises", [])
    if kind in WOLF_EXTRAS:
        if not is_wolf(ctx, player):
            return "Ce pouvoir est réservé au Magicien-Loup-Garou."
        if kind in used:
            return "Ce pouvoir spécial a déjà été utilisé dans la partie."
        if kind == "recrutement" and action.targets and is_wolf(ctx, state.player(action.targets[0])):
            return f"{action.targets[0]} est déjà un Loup-Garou."
        return None
    if kind == DEFAULT_POWER:
        return None
    if kind not in ONE_TIME:
        return "Ce pouvoir n'existe pas."
    if kind in used:
        return "Ce pouvoir a déjà été utilisé dans la partie : il n'est utilisable qu'une fois."
    if is_wolf(ctx, player) and kind == ctx.option(state, "baguette.pouvoir_interdit_lg"):
        return "Ce pouvoir est inaccessible aux Loups-Garous."
    if kind in ("immunite", "protection") and action.targets == (action.player,):
        return "Ce pouvoir n'est pas utilisable sur le Magicien lui-même."
    if kind == "piege" and len(state.living()) < TRAP_MIN:
        return "Le piège n'est plus utilisable : il reste 6 joueurs en vie ou moins."
    if kind == "suspicion" and len(action.targets) == 2:
        role = action.targets[1]
        if role not in ctx.base.role_names and mj_role_named(state, role) is None:
            return f"Rôle inconnu : {role}."
    return None


def vote_target_ok(state: GameState, target: str) -> bool:
    if target == BLANK:
        return True
    try:
        return state.player(target).alive
    except KeyError:
        return False
