"""`citadelles`: the ids of the game — camps, citadels, roles, fighter powers — and their French names."""

from __future__ import annotations

RULESET = "citadelles"

VILLAGE, LOUPS = "village", "loups"
WOLVES_BY_PLAYERS = {12: 3, 16: 4}

# The four citadels, in the file's order (also `group = 1..4` in a scenario).
CITADELS: tuple[str, ...] = ("nord", "est", "sud", "ouest")
CITADEL_NAMES = {
    "nord": "Örchnoung (citadelle du Nord)",
    "est": "Säkoura (citadelle de l'Est)",
    "sud": "Bïbiloune (citadelle du Sud)",
    "ouest": "Tribüdouduna (citadelle de l'Ouest)",
}

HABITANT, SF, GM, CB, CM, CS = "habitant", "sf", "gm", "cb", "cm", "cs"
FIGHTERS = frozenset({CB, CM, CS})
# The roles of one citadel, by number of players.
CITADEL_ROLES: dict[int, tuple[str, ...]] = {12: (SF, GM, CB), 16: (SF, GM, CM, CS)}
NAMES: dict[str, str] = {
    HABITANT: "Habitant (rôle pas encore choisi)",
    SF: "Scientifique",
    GM: "Gardien des murs",
    CB: "Combattant",
    CM: "Combattant-Mur",
    CS: "Combattant-Science",
}
ROLE_ORDER: tuple[str, ...] = (SF, GM, CB, CM, CS)

POWERS: tuple[str, ...] = ("supervision", "annulation", "obstacle", "supervoix", "intendant", "echange")
POWER_NAMES = {
    "supervision": "SUPERVISION",
    "annulation": "ANNULATION",
    "obstacle": "OBSTACLE",
    "supervoix": "SUPERVOIX",
    "intendant": "INTENDANT",
    "echange": "ÉCHANGE",
}


def powers_for(role: str) -> tuple[str, ...]:
    """The fighter powers a role may hold: ÉCHANGE is the CM's only (16 players)."""
    return POWERS if role == CM else tuple(p for p in POWERS if p != "echange")


def power_count(role: str) -> int:
    """A CB (12 players) holds two powers, a CM or CS (16) one, others none."""
    return 2 if role == CB else 1 if role in (CM, CS) else 0


def shown_role(role: str) -> str:
    """The role as the morning post tells it: a CM or CS is only said to be a fighter."""
    return "combattant" if role in FIGHTERS else role
