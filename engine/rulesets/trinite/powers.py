"""`trinite`: reading the state (groups, each player's object and its powers now, the cape's choices, the
neutralisations known in advance) and the validation of each action, with the reason a player reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ... import items
from ...messages import Message
from ...model import Action, GameState, PlayerState
from .objects import (
    BY_WORD,
    COPYABLE,
    DAY,
    LOUPS,
    NAMES,
    NIGHT,
    OBJECT_POWERS,
    PASSIVES,
    POWERS,
    RAVAGE_STOPS,
    read_group,
    read_power,
    read_style,
    word,
)

CAPE = "cape"  # state.memory["cape"]: {"imitation": power id, "copie": power id} once chosen
RAVAGE, MURS = "ravage", "murs"  # state.memory[...]: the night ("N3") the day power acts on


# -- reading the state ------------------------------------------------------------------------
def is_wolf(player: PlayerState) -> bool:
    return player.alive and player.camp == LOUPS


# state.memory["groups"]: the players group after group, three by three, in one flat tuple (shared, never
# copied, by each phase's copy of the state): group n is members 3n-3 … 3n-1.
def groups_of(state: GameState) -> list[list[str]]:
    flat = state.memory["groups"]
    return [list(flat[i : i + 3]) for i in range(0, len(flat), 3)]


def group_count(state: GameState) -> int:
    return len(state.memory["groups"]) // 3


def group_number(state: GameState, name: str) -> int:
    return int(state.memory["groups"].index(name)) // 3 + 1


def group_members(state: GameState, number: int) -> list[str]:
    return list(state.memory["groups"][3 * number - 3 : 3 * number])


def group_of(state: GameState, name: str) -> list[str]:
    return group_members(state, group_number(state, name))


def object_of(state: GameState, name: str) -> items.Item | None:
    """The one object ``name`` holds (destroyed or not). Objects never change hands in this rule set and
    are given in the players' order (``setup``): the player's position finds it, checked, else a search."""
    try:
        found: items.Item = state.memory[items.KEY]["list"][state._where[name]]
        if found.holder == name:
            return found
    except (KeyError, IndexError):
        pass
    held = items.held(state, name)
    return held[0] if held else None


def current_powers(state: GameState, name: str, item: items.Item | None = None) -> Sequence[str]:
    """The two powers of ``name``'s object (``item`` when the caller has it) as they are now: the cape's
    IMITATION and COPIE replaced by the powers chosen ("remplacé jusqu'à la fin de la partie par le pouvoir
    que vous avez choisi")."""
    item = item or object_of(state, name)
    if item is None:
        return ()
    if item.kind == "cape":
        chosen = state.memory.get(CAPE, {})
        return tuple(chosen.get(p.split(".")[1], p) for p in OBJECT_POWERS["cape"])
    return OBJECT_POWERS[item.kind]


def holders_of(state: GameState, power: str) -> list[str]:
    """The living players whose intact object has ``power`` now (its object's holder, or the cape's once
    it imitated or copied it), in the players' order."""
    kind = POWERS[power].object
    slot = "imitation" if power in PASSIVES else "copie"
    cape = state.memory.get(CAPE, {}).get(slot) == power
    found = []
    for item in state.memory.get(items.KEY, {}).get("list", ()):
        if item.destroyed or not (item.kind == kind or (cape and item.kind == "cape")):
            continue
        if state.player(item.holder).alive and power in current_powers(state, item.holder, item):
            found.append(item.holder)
    if len(found) < 2:
        return found
    order = {p.name: n for n, p in enumerate(state.players)}
    return sorted(found, key=order.__getitem__)


def has_power(state: GameState, name: str, power: str) -> bool:
    """``name`` is alive, holds an intact object and that object has ``power`` now."""
    player = state.player(name)
    if not player.alive:
        return False
    item = object_of(state, name)
    return item is not None and item.intact and power in current_powers(state, name, item)


def neutralised_in_advance(state: GameState, power: str) -> bool:
    """RAVAGE's night: "les pouvoirs suivants ne sont pas fonctionnels" (known since the day's announcement)."""
    return state.memory.get(RAVAGE) == state.phase and power in RAVAGE_STOPS


def group_only(state: GameState) -> bool:
    """MURS, or PACTE by a wolf: "Tout le monde ne pourra cibler que les joueurs de son groupe"."""
    return state.memory.get(MURS) == state.phase


def vote_refusal(state: GameState, voter: str, target: str) -> Message | None:
    """No vote is forbidden by the rules (the dead's votes: the counter and ``day_tally`` know)."""
    return None


# -- validation -------------------------------------------------------------------------------
WOLVES_ONLY = "Seuls les loups-garous vivants choisissent la cible de l'attaque."


def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be asked for now, else the French explanation sent to the player."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    power = POWERS.get(action.power)
    if power is None:
        return "Ce pouvoir n'existe pas dans cette partie."
    night = state.phase[0] == "N"
    if power.kind == NIGHT:
        if not night:
            return f"{word(action.power)} s'utilise la nuit (au crépuscule), par MP au MJ."
    elif power.kind == DAY:
        if night:
            return f"{word(action.power)} est un pouvoir [actif de jour] : il s'utilise de jour, par MP au MJ."
    else:
        return f"{word(action.power)} est un pouvoir passif : il agit tout seul, sans MP."
    if power.object is None:
        if not is_wolf(player):
            return WOLVES_ONLY
    else:
        if not player.alive:
            return "Les morts ne peuvent plus utiliser d'objet."
        item = object_of(state, player.name)
        if item is None:
            return "Tu n'as pas d'objet."
        if item.destroyed:
            return f"Ton objet ({NAMES[item.kind]}) est détruit : ses pouvoirs ne peuvent plus être utilisés."
        # The object's own power, unless the cape's (replaced, or replacing: current_powers)
        if (item.kind != power.object or item.kind == "cape") and action.power not in current_powers(
            state, player.name, item
        ):
            return _not_held(state, player.name, action.power)
        if state.memory.get(RAVAGE) == state.phase and neutralised_in_advance(state, action.power):
            return (
                f"RAVAGE a été activé : {word(action.power)} ne fonctionne pas cette nuit. "
                "Tu peux choisir de faire autre chose."
            )
    refusal = _targets(state, player, action)
    if refusal:
        return refusal
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _not_held(state: GameState, name: str, power: str) -> str:
    item = object_of(state, name)
    assert item is not None
    if item.kind == "cape" and POWERS[power].object == "cape":
        return f"Ta cape a remplacé {word(power)} par un autre pouvoir jusqu'à la fin de la partie."
    return f"Ton objet ({NAMES[item.kind]}) n'a pas le pouvoir {word(power)}."


def _targets(state: GameState, player: PlayerState, action: Action) -> str | None:
    power = POWERS[action.power]
    count = len(action.targets)
    if not power.min_targets <= count <= power.max_targets:
        if power.max_targets == 0:
            return f"{word(action.power)} ne vise personne : il suffit de l'annoncer."
        if power.min_targets == power.max_targets == 1:
            return f"{word(action.power)} vise une seule cible."
        return f"{word(action.power)} vise entre {power.min_targets} et {power.max_targets} cibles."
    if power.targets == "group":
        number = read_group(action.targets[0])
        if number is None or not 1 <= number <= group_count(state):
            count = group_count(state)
            return f"Il n'y a pas de groupe « {action.targets[0]} » : les groupes vont de 1 à {count}."
        if group_only(state) and number != group_number(state, player.name):
            return "Cette nuit, chacun ne peut cibler que son propre groupe (MURS ou PACTE)."
        return None
    if power.targets in ("passive", "active"):
        return None  # the cape's choice: ``_check_imitation`` / ``_check_copie``
    names = action.targets[:1] if power.targets == "style" else action.targets
    kind = power.targets
    for target in names:
        try:
            alive = state.player(target).alive
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
        if kind == "alive" and not alive:
            return f"{target} est mort·e : {word(action.power)} vise un joueur vivant."
        if kind == "dead" and alive:
            return f"{target} est vivant·e : {word(action.power)} vise un joueur mort."
        if power.other and target == player.name:
            return f"{word(action.power)} vise un autre joueur que toi."
    if count < 2 and (power.object is None or state.memory.get(MURS) != state.phase):
        return None  # the common case: one target, no walls
    if power.object is not None and group_only(state) and state.phase.startswith("N"):
        strangers = [t for t in names if t not in group_of(state, player.name)]
        if strangers:
            return (
                "Les joueurs ne peuvent cibler que leur groupe cette nuit (MURS ou PACTE) : "
                f"{', '.join(strangers)} n'est pas dans ton groupe."
            )
    if len(set(action.targets)) != len(action.targets):
        return "Il faut désigner des joueurs différents."
    return None


def _last_night_target(state: GameState, key: str, user: str) -> str | None:
    last = state.memory.get(key, {}).get(user)
    if last and last[0] == int(state.phase[1:]) - 1:
        return str(last[1])
    return None


def _check_protection(state: GameState, action: Action) -> str | None:
    if _last_night_target(state, "protection", action.player) == action.targets[0]:
        return "Tu ne peux pas cibler le même joueur deux nuits d'affilée avec PROTECTION."
    return None


def _check_nature(state: GameState, action: Action) -> str | None:
    if _last_night_target(state, "nature", action.player) == action.targets[0]:
        return "Tu ne peux pas cibler le même joueur deux nuits d'affilée avec NATURE."
    return None


def _check_imitation(state: GameState, action: Action) -> str | None:
    chosen = read_power(action.targets[0])
    if chosen not in PASSIVES:
        names = ", ".join(word(p) for p in sorted(PASSIVES))
        return f"IMITATION choisit un pouvoir passif des règles : {names}."
    return None


def _check_copie(state: GameState, action: Action) -> str | None:
    chosen = read_power(action.targets[0])
    if chosen not in COPYABLE:
        return (
            "COPIE choisit un pouvoir actif des règles, autre que IMITATION, COPIE, OUIJA, POUPÉE "
            "et les pouvoirs [actif de jour]."
        )
    return None


def _check_elementariste(state: GameState, action: Action) -> str | None:
    if read_style(action.targets[1]) is None:
        return "ÉLÉMENTARISTE demande un style : offensif, défensif ou tactique."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "chapelet.protection": _check_protection,
    "orbe.nature": _check_nature,
    "cape.imitation": _check_imitation,
    "cape.copie": _check_copie,
    "baton.elementariste": _check_elementariste,
}

__all__ = ["BY_WORD", "validate"]
