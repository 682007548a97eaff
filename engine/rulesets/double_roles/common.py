"""`double-roles`: reading the state (who holds what, who is salbatarised, who is where) and the
resolution this rule set uses (deaths checked for a winner one at a time)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ... import items
from ...model import Decree, GameState, PlayerState, copy_on_change
from ...resolution import Resolution
from .roles import RULESET, WOLF_NATURES, roles_of

# The memory keys a phase never changes in place, shared by a state and its copy (``model.copy_on_change``) instead
# of copied every phase: the order numbers and the Assassins' first lists (set at setup, read after), the nights'
# « veille » records (replaced whole at the end of each night, read the next one), and the Détective's journal
# (replaced, never changed in place, by ``log_use``).
for _key in ("ordre", "cibles_originelles", "proteges_veille", "salbat_veille", "mes_maisons_veille", "journal"):
    copy_on_change(RULESET, _key)


def number(phase: str) -> int:
    """The phase's number (``"N3"`` → 3), asked all the time: remembered by phase (``int`` of a string is one of
    the dearest calls of a phase)."""
    found = _NUMBERS.get(phase)
    if found is None:
        found = int(phase[1:])
        if len(_NUMBERS) < 4096:  # the phases of a game: a few hundred at most
            _NUMBERS[phase] = found
    return found


_NUMBERS: dict[str, int] = {}


@lru_cache(maxsize=1024)  # a pure function of the role pair, asked all the time
def _roles(role: str) -> tuple[str, ...]:
    return tuple(roles_of(role))


def copies(player: PlayerState, role: str) -> int:
    """How many times the player holds ``role`` ("si quelqu'un a deux rôles identiques : il cumule")."""
    held = player.role
    if role not in held:  # not even in the string (most questions): none, without splitting it
        return 0
    return _roles(held).count(role)


def holds(state: GameState, name: str, kind: str) -> bool:
    """The player holds this power's owner: one of his roles, or his nature's (``meute``, ``assassin``,
    ``loup_solitaire``)."""
    return items.usable(state, name, kind) is not None  # ``kind in kinds_held``, stopping at the first found


def is_wolf(player: PlayerState) -> bool:
    """The natures that wake with the pack (their role card names the others, without saying which is
    solitary)."""
    return player.alive and player.camp in WOLF_NATURES


def solitaire_night(player: PlayerState, night_number: int) -> bool:
    """The Loup Solitaire's nights: the even ones (« 1 nuit sur 2 »), the odd ones once a Sympathique moved him
    to them (« ne pourra plus alors qu'attaquer les nuits impaires »)."""
    return bool(night_number % 2 == player.markers.get("nuits_solitaire", 0))


def boosted(state: GameState, player: PlayerState, key: str) -> bool:
    """A Sympathique's boost of ``key`` for the current phase's number (night k and day k share k)."""
    marks: dict[str, int] | None = player.markers.get("sympathise")
    if not marks:  # never boosted (most players): no phase number to read
        return False
    return marks.get(key) == number(state.phase)


def canon(player: PlayerState) -> bool:
    """The Chanoine, « immunisé contre les effets d'une Voyante, d'un Sorcier, d'un Salvateur, d'un Salbatar,
    d'un Cupidon, d'un Paranoïaque, d'une Liche, d'un Détective, d'un Voyeur, d'un Convaincant »."""
    return "chanoine" in player.role and "chanoine" in _roles(player.role)  # the string first: most are not


def salbatarised(state: GameState, player: PlayerState) -> bool:
    """Salbatarised on night k: no power for night k and day k ("pour la nuit et le jour à venir")."""
    since = player.markers.get("salbatarise")
    return since is not None and since == number(state.phase)


def absent(state: GameState, player: PlayerState) -> bool:
    """A Fuyard who fled the pyre of day k is out of the game for night k+1 and day k+1 ("aucun post, aucun
    vote [...] il est intouchable car absent"); he is back at night k+2."""
    fled = player.markers.get("absent")
    return fled is not None and fled == number(state.phase)


def location(state: GameState, name: str) -> str:
    """The house a player is in tonight: his own, unless a swap or a hiding moved him."""
    moved: dict[str, str] = state.memory.get("nuit", _NO_NIGHT).get("lieux", {})
    return moved.get(name, name)


def occupants(state: GameState, house: str) -> list[str]:
    """Who is in ``house`` now: the living, present, not dying tonight, whose location it is. A dead player's
    house is out of play (« les vivants n'ont plus aucune interaction avec les maisons des morts »)."""
    owner = state.player(house)
    if not owner.alive:
        return []
    store = state.memory.get("nuit", _NO_NIGHT)
    gone, moved, today = store.get("mourants", ()), store.get("lieux", {}), number(state.phase)
    if not moved:  # nobody swapped or hid tonight (most nights): each at home, the house's owner alone in it
        if house in gone or owner.markers.get("absent") == today:
            return []
        return [house]
    # ``location``, ``dying`` and ``absent``, inline: asked for every player at every attack and visit. The location
    # first: it rules out all but a few.
    return [
        p.name
        for p in state.players
        if moved.get(p.name, p.name) == house and p.alive and p.name not in gone and p.markers.get("absent") != today
    ]


# -- the night's own bookkeeping (state.memory["nuit"], gone at dawn) -------------------------------
_NO_NIGHT: Mapping[str, Any] = MappingProxyType({})  # read outside a night: nothing in it


def night(state: GameState) -> dict[str, Any]:
    store: dict[str, Any] | None = state.memory.get("nuit")
    if store is None:
        store = state.memory["nuit"] = {
            "mourants": [], "causes": [], "sortis": [], "proteges": [], "salbat": [], "lieux": {}, "planques": {},
            "causes_sortie": {},
        }  # fmt: skip
    return store


def dying(state: GameState) -> list[str]:
    return list(state.memory.get("nuit", _NO_NIGHT).get("mourants", ()))


def is_dying(state: GameState, name: str) -> bool:
    """``name in dying(state)``, without the copy."""
    return name in state.memory.get("nuit", _NO_NIGHT).get("mourants", ())


def invincible(state: GameState, player: PlayerState) -> bool:
    """« Une Liche est invincible tant que son phylactère est en vie » (salbatarised too)."""
    keeper = player.markers.get("phylactere")
    if keeper is None:
        return False
    return state.player(keeper).alive and keeper not in state.memory.get("nuit", _NO_NIGHT).get("mourants", ())


def kill_tonight(state: GameState, name: str, cause: str) -> bool:
    """A death of the night: at once for the steps after it (the dead do not act), announced at dawn. An
    invincible Liche does not die; a phylactère's Liches die with him (« meurt dés que son phylactère meurt »)."""
    store = night(state)
    player = state.player(name)
    if "phylactere" in player.markers and invincible(state, player):  # a Liche's marker, else not
        return False
    if name not in store["mourants"]:
        store["mourants"].append(name)
        store["causes"].append(cause)
        for liche in player.markers.get("liches", ()):
            if state.player(liche).alive:
                kill_tonight(state, liche, "phylactere")
    return True


def cause_tonight(state: GameState, name: str) -> str | None:
    store = night(state)
    if name in store["mourants"]:
        return str(store["causes"][store["mourants"].index(name)])
    return None


def can_act(state: GameState, name: str) -> bool:
    """Alive, not killed earlier this night, not salbatarised."""
    return free_to_act(state, state.player(name))


def free_to_act(state: GameState, player: PlayerState) -> bool:
    """``can_act`` of a player's record (for who holds it already)."""
    if not player.alive or player.name in state.memory.get("nuit", _NO_NIGHT).get("mourants", ()):  # ``dying``
        return False
    marks = player.markers
    if "salbatarise" not in marks and "absent" not in marks:  # most players, most nights: neither ever
        return True
    today = number(state.phase)  # ``salbatarised`` and ``absent``, inline: one phase number for both
    return marks.get("salbatarise") != today and marks.get("absent") != today


def goes_out(state: GameState, name: str, role: str) -> None:
    """« "est sorti" cette nuit s'il a effectué au moins une action provoquant cette sortie »: the first role (or
    nature) that made him go out is kept, for a boosted Détective (« quel est le rôle en cause »)."""
    store = night(state)
    if name not in store["sortis"]:
        store["sortis"].append(name)
        store["causes_sortie"][name] = role


def log_use(state: GameState, name: str, targets: Sequence[str]) -> None:
    """What the Détective learns of a dead player: whether he used powers, on whom (each once, in the order first
    used)."""
    log_uses(state, (name,), targets)


def log_uses(state: GameState, names: Sequence[str], targets: Sequence[str]) -> None:
    """``log_use`` of each of ``names`` (the pack on its house), in order, the journal replaced once."""
    # Shared with the state's copies (``copy_on_change`` above) and never changed in place: a new target makes a new
    # list of that player's, in a new journal sharing the others' lists (most nights: a few uses, a short journal).
    journal: dict[str, list[str]] | None = state.memory.get("journal")
    grown_journal: dict[str, list[str]] | None = None
    for name in names:
        used = journal.get(name) if journal is not None else None
        grown = [] if used is None else used.copy()
        for target in targets:
            if target not in grown:
                grown.append(target)
        if used is not None and len(grown) == len(used):
            continue  # nothing new for him
        if grown_journal is None:
            grown_journal = {} if journal is None else journal.copy()
        grown_journal[name] = grown
    if grown_journal is not None:
        state.memory["journal"] = grown_journal


class DRResolution(Resolution):
    """The core's resolution, with the winner checked after each death, in order: « C1 gagne avant que M2
    ne meure, et C2 perd » (RULINGS R9) — the first win stands; the deaths it drags still happen after it."""

    checker: Callable[[GameState], str | None] | None = None

    def settle(self) -> None:
        while self._marked:
            name, cause = self._marked.pop(0)
            player = self.state.player(name)
            if not player.alive:
                continue
            if "phylactere" in player.markers and invincible(self.state, player):  # a Liche's marker, else not
                self.tell_mj("liche_survived", player=name, cause=cause)
                continue
            player.alive = False
            player.death_phase, player.death_cause = self.phase, cause
            self.emit("death", player=name, cause=cause, role=player.role, nature=player.camp)
            self._chain(name, cause)
            winner = None if self.state.winner or not self.checker else self.checker(self.state)
            if winner:
                self.state.winner = winner
                self.emit("game_over", winner=winner)


def resolution(
    state: GameState,
    answers: Mapping[str, str],
    decrees: Sequence[Decree],
    checker: Callable[[GameState], str | None],
    hooks: Sequence[Callable[[Resolution, str, str], None]],
) -> DRResolution:
    r = DRResolution(state, answers)
    r.checker = checker
    r.death_hooks.extend(hooks)
    for decree in decrees:
        r.decree(decree)
    return r
