"""`classique`: the validation of each action, with the reason a player reads."""

from __future__ import annotations

from collections.abc import Callable

from ...model import Action, GameState
from ..checks import DEAD_CANNOT_ACT, NOT_PLAYING
from .common import DAY_POWERS, FIRST_NIGHT_POWERS, WOLVES_ONLY, is_wolf
from .roles import NAMES, WOLVES


# -- validation -------------------------------------------------------------------------------
def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be used now, else the French explanation sent to the player."""
    # ``checks.owner_refusal``'s words, inline: the player looked up and the power's role split once (every
    # night action of the game comes here).
    try:
        player = state.player(action.player)
    except KeyError:
        return NOT_PLAYING
    if not player.alive:
        return DEAD_CANNOT_ACT
    role = action.power.partition(".")[0]
    if role == "loups":
        if not (player.role in WOLVES or "loup" in player.markers):  # ``is_wolf``, inline: he is alive
            return WOLVES_ONLY
    elif player.role != role:
        return f"Ce pouvoir est celui du personnage {NAMES.get(role, role)}, pas le tien."
    elif player.markers.get("pouvoirs_perdus"):
        return "Tu as perdu tes pouvoirs : l'Ancien t'a désigné à sa mort."
    if action.power not in DAY_POWERS and state.phase[0] != "N":
        return "Ce pouvoir s'utilise la nuit."
    if state.phase == "N1" and action.power not in FIRST_NIGHT_POWERS:
        if action.power == "loups.devorer":
            return "La première nuit, les loups-garous font connaissance et tuent une victime fictive."
        return "La première nuit, seul Cupidon agit."
    for target in action.targets:
        try:
            if not state.player(target).alive:
                return f"{target} est mort·e."
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
    if action.power in ANSWERED_WHEN_ASKED:
        return ANSWERED_WHEN_ASKED[action.power]
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


# Choices made at a given moment, when the MJ asks (a question of the rules), not standing orders of a night:
# given in advance they would change nothing, so the player is told when the choice will be his to make.
ANSWERED_WHEN_ASKED: dict[str, str] = {
    "chasseur.tirer": "Le Chasseur tire au moment de sa mort : le MJ te demandera alors ta cible.",
    "ancien.designer": "L'Ancien ne désigne qu'en mourant sur le bûcher : le MJ te le demandera alors.",
    "maire.successeur": "Le Maire désigne son successeur en mourant : le MJ te le demandera alors.",
    "lapinou_garou.designer": (
        "Le Lapinou-Garou ne désigne un loup que si les loups le choisissent : le MJ te le demandera alors."
    ),
    "bouc_emissaire.votants": (
        "Le Bouc-émissaire ne choisit les votants que s'il meurt sur une égalité : le MJ te le demandera alors."
    ),
    "seigneur_loup.rage": "La rage meurtrière vient au bûcher du Seigneur Loup : le MJ te demandera alors ta cible.",
}

# The question each of those choices answers (the kind in its id, ``PHASE:KIND:PLAYER``): an MP of the
# player a question is about, read as that power, is his answer.
ANSWERS: dict[str, str] = {
    "chasseur": "chasseur.tirer",
    "ancien": "ancien.designer",
    "successeur": "maire.successeur",
    "lapinou": "lapinou_garou.designer",
    "bouc": "bouc_emissaire.votants",
    "rage": "seigneur_loup.rage",
}


def _check_flute(state: GameState, action: Action) -> str | None:
    if len(set(action.targets)) > 2:  # "il peut charmer 0, 1 ou 2 personnes"
        return "Tu peux charmer au plus deux personnes par nuit."
    return None


def _check_vampire(state: GameState, action: Action) -> str | None:
    if len(set(action.targets)) > 2:  # "le nom de deux personnes au plus"
        return "Tu peux tenter au plus deux vampirisations par nuit."
    return None


def _check_salvateur(state: GameState, action: Action) -> str | None:
    if action.targets and action.targets[0] == state.memory.get("salvateur_derniere_protection"):
        return "Tu ne peux pas protéger la même personne deux nuits de suite."
    return None


_POTIONS = {"guerison": "de guérison", "empoisonnement": "d'empoisonnement", "charisme": "de charisme"}


def _check_potion(name: str) -> Callable[[GameState, Action], str | None]:
    def check(state: GameState, action: Action) -> str | None:
        if not state.memory["potions"].get(name):
            return f"Tu as déjà utilisé ta potion {_POTIONS[name]}."
        return None

    return check


def _check_cupidon(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "Cupidon désigne les Amoureux la première nuit seulement."
    if len(set(action.targets)) != 2:
        return "Il faut désigner deux personnes différentes."
    return None


def _check_ange(state: GameState, action: Action) -> str | None:
    if "protege" in state.player(action.player).markers:
        return "Ton choix est fait pour toute la partie."
    if action.targets and action.targets[0] == action.player:
        return "L'Ange-Gardien ne peut pas se protéger lui-même."
    return None


def _check_devin(state: GameState, action: Action) -> str | None:
    if state.memory.get("devin_utilise"):
        return "Tu as déjà utilisé ton pouvoir de Devin : une seule fois par partie."
    return None


def _check_malediction(state: GameState, action: Action) -> str | None:
    if len(state.players) < 18:
        return "La malédiction n'existe qu'à partir de 18 joueurs."
    if state.memory.get("malediction_utilisee"):
        return "Ta malédiction est déjà utilisée (ou perdue) pour la partie."
    return None


def _check_morsure(state: GameState, action: Action) -> str | None:
    if state.player(action.player).markers.get("morsure"):
        return "Tu as déjà mordu : le Chef de meute n'a droit qu'à une seule morsure."
    if action.targets and is_wolf(state.player(action.targets[0])):  # "mordre un villageois" (G13)
        return f"{action.targets[0]} est déjà un loup-garou : ta morsure vise un villageois."
    return None


def _check_sortilege(spell: str) -> Callable[[GameState, Action], str | None]:
    def check(state: GameState, action: Action) -> str | None:
        if state.memory.get(f"chaman_{spell}"):
            return "Tu as déjà utilisé ce sortilège : chacun ne sert qu'une fois."
        if len(set(action.targets)) != 2:
            return "Il faut désigner deux villageois."
        return None

    return check


def _check_moutons(state: GameState, action: Action) -> str | None:
    """ "la totalité de son troupeau ou rien", never his own door two nights running."""
    berger = state.player(action.player)
    left = berger.markers.get("moutons", 0)
    if action.targets and left == 0:
        return "Tu n'as plus de moutons."
    if action.targets and len(action.targets) != left:
        return f"Il faut placer tout ton troupeau ({left} mouton{'s' if left > 1 else ''}) ou aucun."
    night = int(state.phase[1:])
    if action.player in action.targets and berger.markers.get("mouton_chez_moi") == night - 1:
        return "Tu ne peux pas placer un mouton devant chez toi deux nuits de suite."
    return None


def _check_malade(state: GameState, action: Action) -> str | None:
    if "malade_depuis" in state.player(action.player).markers:
        return "Tu ne tombes malade qu'une fois dans la partie."
    return None


def _check_enchanteur(state: GameState, action: Action) -> str | None:
    if state.memory.get("enchanteur_utilisations", 0) >= 3:
        return "Tu as déjà endormi trois personnes : ta flûte s'est tue."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "devin.designer": _check_devin,
    "seigneur_loup.maudire": _check_malediction,
    "chef_de_meute.mordre": _check_morsure,
    "berger.moutons": _check_moutons,
    "malade.tomber_malade": _check_malade,
    "chaman.mauvais_oeil": _check_sortilege("mauvais_oeil"),
    "chaman.mauvaise_langue": _check_sortilege("mauvaise_langue"),
    "enchanteur.endormir": _check_enchanteur,
    "salvateur.proteger": _check_salvateur,
    "sorciere.guerison": _check_potion("guerison"),
    "sorciere.empoisonnement": _check_potion("empoisonnement"),
    "sorciere.charisme": _check_potion("charisme"),
    "cupidon.amoureux": _check_cupidon,
    "ange_gardien.proteger": _check_ange,
    "joueur_de_flute.charmer": _check_flute,
    "maitre_vampire.mordre": _check_vampire,
}
