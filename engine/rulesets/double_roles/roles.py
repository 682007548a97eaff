"""`double-roles`: the 26 roles with their published weights (out of 260), the four natures, and the
French names (a player's ``role`` is his two roles "+"-joined: ``"voyante+salvateur"``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

RULESET = "double-roles"

# "Probabilités de tirer chaque rôle", in the file's order: role → weight out of 260.
WEIGHTS: dict[str, int] = {
    # INFORMATION
    "croque_mort": 17, "voyante": 14, "lache": 11, "araignee": 11, "voyeur": 15, "cupidon": 6,
    "necromancienne": 12, "paranoiaque": 14, "detective": 13,
    # PROTECTION
    "salvateur": 12, "planque": 11, "chanoine": 13, "chatelain": 6, "fuyard": 6, "liche": 9, "vieux_chiant": 6,
    "sympathisant_loup": 9,
    # ACTION
    "sympathique": 12, "institutrice": 7, "salbatar": 9, "chasseur": 7, "sorcier": 10, "meneur": 9, "corbeau": 9,
    "vengeur": 4, "convaincant": 8,
}  # fmt: skip
ROLE_ORDER: tuple[str, ...] = tuple(WEIGHTS)
assert len(ROLE_ORDER) == 26 and sum(WEIGHTS.values()) == 260, "the file's 26 roles, weights out of 260"

ROLE_NAMES: dict[str, str] = {
    "croque_mort": "Croque-Mort", "voyante": "Voyante", "lache": "Lâche", "araignee": "Araignée",
    "voyeur": "Voyeur", "cupidon": "Cupidon", "necromancienne": "Nécromancienne", "paranoiaque": "Paranoïaque",
    "detective": "Détective", "salvateur": "Salvateur", "planque": "Planqué", "chanoine": "Chanoine",
    "chatelain": "Châtelain", "fuyard": "Fuyard", "liche": "Liche", "vieux_chiant": "Vieux Chiant",
    "sympathisant_loup": "Sympathisant Loup", "sympathique": "Sympathique", "institutrice": "Institutrice",
    "salbatar": "Salbatar", "chasseur": "Chasseur", "sorcier": "Sorcier", "meneur": "Meneur", "corbeau": "Corbeau",
    "vengeur": "Vengeur", "convaincant": "Convaincant",
}  # fmt: skip
assert set(ROLE_NAMES) == set(WEIGHTS)

# The roles this engine plays (SPEC.md): all of them; were one left out, setup would refuse it by its French name.
PLAYED: frozenset[str] = frozenset(ROLE_NAMES)

VILLAGEOIS, LOUP, LOUP_SOLITAIRE, ASSASSIN = "villageois", "loup", "loup_solitaire", "assassin"
NATURES: tuple[str, ...] = (VILLAGEOIS, LOUP, LOUP_SOLITAIRE, ASSASSIN)
NATURE_NAMES: dict[str, str] = {
    VILLAGEOIS: "Villageois", LOUP: "Loup", LOUP_SOLITAIRE: "Loup Solitaire", ASSASSIN: "Assassin",
}  # fmt: skip
WOLF_NATURES = frozenset({LOUP, LOUP_SOLITAIRE})  # "les loups (nature : Loup ou Loup Solitaire)"

SEP = "+"


def roles_of(role: str) -> list[str]:
    """A player's roles from his ``role`` string (``"corbeau+corbeau"`` → two Corbeaux)."""
    return role.split(SEP)


def pairs_with(*roles: str) -> frozenset[str]:
    """Every pair of roles (a player's ``role``, "+"-joined, either order) holding one of ``roles``: a hot question
    « does he hold a Voyeur? » is then one set look-up of his ``role``."""
    return frozenset(
        f"{one}{SEP}{other}" for one in ROLE_NAMES for other in ROLE_NAMES if one in roles or other in roles
    )


class RoleNames(Mapping[str, str]):
    """Role id → French name, for single roles and for a player's pair (« Voyante et Salvateur »).
    Iterating gives the 26 roles only."""

    def __getitem__(self, key: str) -> str:
        if key in ROLE_NAMES:
            return ROLE_NAMES[key]
        parts = key.split(SEP)
        if len(parts) > 1 and all(p in ROLE_NAMES for p in parts):
            return " et ".join(ROLE_NAMES[p] for p in parts)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(ROLE_NAMES)

    def __len__(self) -> int:
        return len(ROLE_NAMES)


NAMES = RoleNames()
