"""The roles of `hameau`, the tutorial rule set: who they are and in which order they are dealt."""

from __future__ import annotations

VILLAGE = "village"
LOUPS = "loups"

# Role id → its French name (the role cards, the posts). Ids are the rule book's names in ASCII.
NAMES: dict[str, str] = {
    "loup": "Loup-garou",
    "voyante": "Voyante",
    "garde": "Garde",
    "commere": "Commère",
    "villageois": "Villageois",
}

# The first N roles are dealt to N players (5 to 8): a second wolf from 7 players on.
ROLE_ORDER: tuple[str, ...] = ("loup", "voyante", "garde", "commere", "villageois", "villageois", "loup", "villageois")
