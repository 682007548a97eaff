"""The six roles of "Règles Loup-garou à 7": each exists in a village and a wolf version; the camp
says which (``PlayerState.camp``), the role is the same id."""

from __future__ import annotations

ROLE_ORDER: tuple[str, ...] = ("amoureux", "chanceux", "detective", "idole", "sorciere", "traqueur")

# A random setup leaves every role unknown until the wolf has chosen his (J0).
A_CHOISIR = "a_choisir"

NAMES: dict[str, str] = {
    "amoureux": "Amoureux",
    "chanceux": "Chanceux",
    "detective": "Détective",
    "idole": "Idole",
    "sorciere": "Sorcière",
    "traqueur": "Traqueur",
    A_CHOISIR: "rôle à venir",
}

VILLAGE = "village"
LOUPS = "loups"
CAMPS = (VILLAGE, LOUPS)
