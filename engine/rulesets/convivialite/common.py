"""`convivialite`: the rule set's constants and who is what (wolves, neighbours, the exposed Idole, the
pact, who may scratch, who acts tonight)."""

from __future__ import annotations

from ...model import GameState, PlayerState
from .roles import LOUPS, VILLAGE

RULESET = "convivialite"
PLAYERS = 6

# Powers used by day (the wolf Amoureux's secret vote, by MP).
DAY_POWERS = frozenset({"loups.vote_secret"})
WOLVES_ONLY = "Seuls les loups peuvent faire cela."
ACCEPTE, REFUSE = "accepte", "refuse"
OUI, NON = "oui", "non"


# -- who is what ------------------------------------------------------------------------------
def is_wolf(player: PlayerState) -> bool:
    return player.alive and player.camp == LOUPS


def wolves(state: GameState) -> list[str]:
    return [p.name for p in state.players if is_wolf(p)]


def day_number(phase: str) -> int:
    return int(phase[1:])


def neighbours(state: GameState, name: str) -> tuple[str, str]:
    """The players before and after ``name`` in the topic's list, read as a circle (RULINGS R6)."""
    order = [p.name for p in state.players]
    i = order.index(name)
    return order[i - 1], order[(i + 1) % len(order)]


def idole_exposee(state: GameState) -> str | None:
    """The living Idole whose two list neighbours are dead: votes against her count double."""
    for idole in state.with_role("idole"):
        if all(not state.player(n).alive for n in neighbours(state, idole.name)):
            return idole.name
    return None


def pact(state: GameState) -> dict[str, str] | None:
    """The wolf Amoureux and his adulé, when the adulé joined the wolves on N1."""
    found: dict[str, str] | None = state.memory.get("pacte")
    return found


def secret_voter(state: GameState, name: str) -> bool:
    """Does ``name`` vote by MP today (the wolf Amoureux, or his adulé the day after a matching vote)?"""
    bond = pact(state)
    if bond is None or not state.player(name).alive:
        return False
    if name == bond["amoureux"]:
        return True
    return name == bond["adule"] and state.memory.get("vote_secret_adule") == day_number(state.phase)


def scratch_refusal(state: GameState, wolf: str, target: str) -> str | None:
    """ "deux loups … ne peuvent pas se griffer entre eux"; "Le loup ne peut jamais griffer son adulé"."""
    if target == wolf:
        return "Tu ne peux pas te griffer toi-même."
    if is_wolf(state.player(target)):
        return "Deux loups ne peuvent pas se griffer entre eux."
    attacker = state.player(wolf)
    if attacker.role == "amoureux" and attacker.markers.get("adule") == target:
        return "Tu ne peux jamais griffer ton adulé."
    return None


def scratch_source(state: GameState, wolf: str) -> str | None:
    """Which griffure ``wolf`` may use tonight, if any: the invitation's (N2) or the wolf Sorcière's."""
    night = day_number(state.phase)
    if night == 2 and state.memory.get("griffure_n2") and wolf == state.memory.get("loup_initial"):
        return "invitation"
    player = state.player(wolf)
    if (
        night >= 3
        and player.role == "sorciere"
        and len(wolves(state)) == 1
        and not state.memory.get("griffes")
        and not player.markers.get("griffure_utilisee")
    ):
        return "sorciere"
    return None


def night_actors(state: GameState) -> list[str]:
    """The living players with a power usable this night, for the MJ's page (who has not acted yet)."""
    night = day_number(state.phase)
    able = []
    for player in state.players:
        if not player.alive:
            continue
        village = player.camp == VILLAGE
        usable = (
            (player.role == "amoureux" and (night == 1 or (night == 2 and village)))
            or (night == 1 and player.name == state.memory.get("loup_initial"))  # the coupon
            or (player.role == "traqueur" and (night >= 2 or not village))
            or (player.role == "sorciere" and village and night >= 3 and bool(player.markers.get("potion")))
            or (is_wolf(player) and scratch_source(state, player.name) is not None)
        )
        if usable:
            able.append(player.name)
    return able
