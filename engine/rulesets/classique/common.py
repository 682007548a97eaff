"""`classique`: the rule set's constants, the MJ's options (RULINGS.md, table L) and reading the state
(who is a wolf, who is sick, who still has a power)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...model import GameState, PlayerState, copy_on_change
from .roles import WOLVES

RULESET = "classique"

# The Sorcière's potions (``memory["potions"]``) change at most three times a game: a state's copy shares them with
# it until one of them spends one, through ``state.memory_for_change`` (``night._spend``, their only change).
copy_on_change(RULESET, "potions")

WOLVES_ONLY = "Seuls les loups-garous choisissent la victime de la nuit."

# Powers usable by day (the Ange-Gardien chooses "à n'importe quel moment").
DAY_POWERS = frozenset({"ange_gardien.proteger", "malade.tomber_malade"})
# Night powers whose MP may come "avant la nuit", during the day before: kept for the coming night (C3).
EARLY_POWERS = frozenset({"devin.designer", "berger.moutons"})
# "Aucune autre action spéciale n'a lieu cette nuit là": the wolves' victim is the fictional one.
# The Ange-Gardien chooses "à n'importe quel moment": the first night too.
FIRST_NIGHT_POWERS = frozenset({"cupidon.amoureux", "ange_gardien.proteger"})


# The **Option** readings of RULINGS.md (table L) the engine applies: name → allowed values, default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "election_maire_egalite": ("mj", "tirage"),  # D2
    "idiot_graces": (1, "toujours"),  # G18
    "egalite_sans_arbitre": ("personne", "tirage"),  # E2
    "bouc_aucun": ("tout_le_monde", "personne"),  # E3
    "rage_et_ange": ("protege", "tue"),  # G1
    "salvateur_suite": ("nuits_protegees", "derniere_protection"),  # G4
    "victoire_parite": (False, True),  # J2
}
# Options RULINGS.md names that the engine does not apply yet: a game asking for one is refused.
NOT_YET = frozenset(
    {
        "election_maire", "vote_maire_pour", "idiot_maire", "neutralisations", "choix_loups", "malade_clouage",
        "maudit_garde_pouvoirs", "agonie", "morsure_chef", "tours_chef", "amoureux_meme_camp", "flute_victoire",
    }
)  # fmt: skip


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options, checked: an unknown name or value is refused (ValueError), with the choices."""
    for name, value in options.items():
        if name in NOT_YET:
            raise ValueError(f"classique option {name!r} is a ruling the engine does not apply yet")
        if name not in OPTIONS:
            raise ValueError(f"unknown classique option {name!r} (known: {', '.join(sorted(OPTIONS))})")
        allowed = OPTIONS[name]
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise ValueError(f"classique option {name!r}: {value!r} is not one of {', '.join(map(repr, allowed))}")
    return dict(options)


def option(state: GameState, name: str) -> Any:
    """The game's value of a RULINGS option (its default unless the game set it)."""
    return state.memory.get("options", {}).get(name, OPTIONS[name][0])


def phase_index(phase: str) -> int:
    """J0 = 0, N1 = 1, J1 = 2, N2 = 3 …"""
    number = int(phase[1:])
    return 2 * number - 1 if phase[0] == "N" else 2 * number


def is_sick(state: GameState, player: PlayerState) -> bool:
    """ "il tombera malade pendant 4 jours et 4 nuits": 8 phases from the one of his MP."""
    since = player.markers.get("malade_depuis")
    return since is not None and not player.markers.get("gueri") and phase_index(state.phase) < since + 8


def is_wolf(player: PlayerState) -> bool:
    # The "loup" marker (a werewolf by the curse, the bite, the Lapinou, the Traître) is only ever set to True.
    return player.alive and (player.role in WOLVES or "loup" in player.markers)


def has_power(player: PlayerState, role: str) -> bool:
    return player.alive and player.role == role and not player.markers.get("pouvoirs_perdus")
