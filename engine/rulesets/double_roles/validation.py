"""`double-roles`: every power, who holds it, and why an action is refused (French, for the player)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from ... import items
from ...model import Action, GameState
from .common import boosted, copies, number, solitaire_night
from .houses import swap_refusal
from .roles import WOLF_NATURES


@dataclass(frozen=True)
class Power:
    owner: str  # the item kind that gives it: a role, or ``meute``/``assassin``/``loup_solitaire``
    targets: int  # how many names (at least)
    house: bool = False  # the names are houses (their owners' names)
    words: tuple[str, ...] = ()  # a word after the names (the Voyante's "roles"/"natures")
    self_ok: bool = True
    most: int = 0  # at most this many names (0: exactly ``targets``)
    day: bool = False  # used during the day (from J1), not at night
    anytime: bool = False  # by night or by day (the Sympathique: « de nuit ou de jour comme il veut »)
    boosted_most: int = 0  # at most this many names when a Sympathique boosted it (the Corbeau's 3 votes…)
    uses: bool = False  # one name per use: a player with two copies, or boosted, may name two in one MP


POWERS: dict[str, Power] = {
    "planque.planquer": Power("planque", 1, house=True, self_ok=False),
    "salbatar.salbatariser": Power("salbatar", 1, house=True, uses=True),
    "cupidon.amoureux": Power("cupidon", 2),
    "voyante.sonder": Power("voyante", 1, house=True, words=("roles", "natures")),
    "sorcier.rituel": Power("sorcier", 1, self_ok=False),
    "salvateur.proteger": Power("salvateur", 1, house=True, uses=True),
    "meute.devorer": Power("meute", 1, house=True),
    "loup_solitaire.devorer": Power("loup_solitaire", 1, house=True, self_ok=False),
    "assassin.tuer": Power("assassin", 1, self_ok=False),
    "necromancienne.ressusciter": Power("necromancienne", 1, self_ok=False),
    "voyeur.lier": Power("voyeur", 1, self_ok=False, uses=True),
    "convaincant.convaincre": Power(
        "convaincant", 1, house=True, words=("villageois", "loup", "loup_solitaire", "assassin", "copie")
    ),
    "corbeau.accuser": Power("corbeau", 1, boosted_most=3),
    "araignee.tisser": Power("araignee", 2, boosted_most=3),
    "sympathique.booster": Power("sympathique", 1, words=("1", "2"), self_ok=False, anytime=True),
    "detective.enqueter": Power("detective", 1),
    # The day's powers.
    "institutrice.priver": Power("institutrice", 1, most=3, day=True),
    "chatelain.annuler": Power("chatelain", 1, most=30, day=True, self_ok=False),
    "maison.echanger": Power("maison", 1, day=True, self_ok=False),
    "lache.envoyer": Power("lache", 1, day=True, self_ok=False),
}
# Each power and the item kind that gives it, in POWERS' order.
_OWNED: tuple[tuple[str, str], ...] = tuple((power, spec.owner) for power, spec in POWERS.items())


def powers_by_player(state: GameState) -> dict[str, list[str]]:
    """Each player's powers now, as ``rules.powers_of`` gives them one player at a time (his roles' and his
    nature's, spent ones included), from one pass over the items: for whoever asks for everyone's."""
    return {name: list(powers) for name, powers in powers_held(state).items()}


def powers_held(state: GameState) -> Mapping[str, tuple[str, ...]]:
    """``powers_by_player``'s answer as tuples, in a read-only mapping (shared: the same records and table give the
    same one, made once)."""
    reading = _reading(state)
    names = [player.name for player in state.players]  # the table, compared whole with the one of the answer kept
    if reading.names != names:
        powers = reading.powers
        reading.held = MappingProxyType({name: powers.get(name, ()) for name in names})
        reading.names = names
    return reading.held


def powers_by_holder(state: GameState) -> Mapping[str, tuple[str, ...]]:
    """The powers of each holder of an intact item (his roles' and his nature's), from one pass over the items:
    ``powers_held`` without the players who hold nothing (``get(name, ())``). Read-only, shared."""
    return _reading(state).powers


class _Reading:
    """What the item records give (``powers_by_holder``), and ``powers_held``'s answer for the last table asked."""

    __slots__ = ("held", "names", "powers", "rows")

    def __init__(self, rows: list[items.Item], powers: Mapping[str, tuple[str, ...]]) -> None:
        self.rows = rows
        self.powers = powers
        self.names: list[str] | None = None  # the players' names ``held`` is for
        self.held: Mapping[str, tuple[str, ...]] = powers


def _reading(state: GameState) -> _Reading:
    """Remembered by the item records themselves (``_BY_ITEMS``): the records never change (a change is a new
    record), so the same records give the same powers, and most phases change none. Found by how many records
    there are and the last one, then checked whole: two lists of the same records compare equal in one C-level
    pass (identity first, record by record)."""
    rows = items.every(state)
    key = (len(rows), id(rows[-1]) if rows else 0)
    found = _BY_ITEMS.get(key)
    if found is None or found.rows != rows:
        kinds: dict[str, list[str]] = {}
        for item in rows:
            if not item.destroyed:
                kinds.setdefault(item.holder, []).append(item.kind)
        if len(_BY_ITEMS) >= 2048:
            _BY_ITEMS.clear()
        powers = {holder: _powers_given(frozenset(held)) for holder, held in kinds.items()}
        found = _BY_ITEMS[key] = _Reading(rows, MappingProxyType(powers))
    return found


# ``_reading``'s answers, by the number of item records and the id of the last one; each entry holds its records,
# so that no other object can take that id while it is kept (an id is unique among living objects).
_BY_ITEMS: dict[tuple[int, int], _Reading] = {}


@lru_cache(maxsize=4096)
def _powers_given(kinds: frozenset[str]) -> tuple[str, ...]:
    """The powers the items of these kinds give, in POWERS' order (cached: a few thousand sets of kinds at
    most, two roles, a house and a nature's): each kind's, put in that order."""
    places: list[int] = []
    for kind in kinds:
        places += _GIVES.get(kind, ())
    if len(places) > 1:
        places.sort()
    names = _POWER_NAMES
    return tuple([names[place] for place in places])


# Each item kind that gives powers: their places in POWERS (``_powers_given``).
_POWER_NAMES = tuple(POWERS)
_GIVES: dict[str, tuple[int, ...]] = {}
for _place, (_power, _owner) in enumerate(_OWNED):
    _GIVES[_owner] = (*_GIVES.get(_owner, ()), _place)


# The powers of a nature: the natures that still hold them (a Convaincant may change one).
NATURE_OWNERS = {
    "meute": WOLF_NATURES,
    "loup_solitaire": frozenset({"loup_solitaire"}),
    "assassin": frozenset({"assassin"}),
}
DAY_POWERS = frozenset(p for p, spec in POWERS.items() if spec.day)
ANYTIME_POWERS = frozenset(p for p, spec in POWERS.items() if spec.anytime)

# Spent powers: the marker counting what is left, and the refusal when nothing is.
STOCK = {
    "sorcier.rituel": ("rituels", "Tu as déjà utilisé ton rituel de mort."),
    "assassin.tuer": ("meurtres", "Tu as déjà effectué ton meurtre."),
    "necromancienne.ressusciter": ("potions", "Tu n'as plus de potion de vie."),
    "cupidon.amoureux": ("fleches", "Tu as déjà désigné des amoureux."),
    "chatelain.annuler": ("annulations", "Tu as déjà annulé un bûcher."),
    "planque.planquer": ("cachettes", "Tu t'es déjà planqué·e trois fois."),
    "convaincant.convaincre": ("conversions", "Tu as déjà utilisé ton pouvoir de Convaincant."),
    "sympathique.booster": ("boosts", "Tu as déjà utilisé ton pouvoir de Sympathique."),
}


def _count(power: Power, names: Sequence[str]) -> str | None:
    if power.most and not power.targets <= len(names) <= power.most:
        return f"Nomme de {power.targets} à {power.most} joueurs."
    if not power.most and len(names) != power.targets:
        return "Il faut nommer deux joueurs." if power.targets == 2 else "Il faut nommer un joueur, et un seul."
    return None


def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be used now, else why not, in French for the player."""
    return validate_with(state, action, powers_by_holder(state))


def validate_with(state: GameState, action: Action, held: Mapping[str, tuple[str, ...]]) -> str | None:
    """``validate``, with the holders' powers given (``powers_by_holder`` of this state, as its items are now): who
    validates many actions in a row reads them once, and each one asks only its player's few powers."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    used = action.power
    power = POWERS.get(used)
    if power is None:
        return "Ce pouvoir n'existe pas dans cette partie (ou n'est pas encore joué par meneur)."
    if not player.alive:
        return "Les morts ne peuvent plus agir."
    if used not in held.get(player.name, ()):  # ``holds(power.owner)``: his items give the power
        return "Ce pouvoir n'est pas le tien."
    phase = state.phase
    if power.day:
        if not (phase[0] == "J" and phase != "J0"):
            return "Ce pouvoir s'utilise de jour, à partir du Jour 1."
    elif not power.anytime and phase[0] != "N":
        return "Ce pouvoir s'utilise la nuit."
    today = number(phase)
    marks = player.markers
    if marks.get("absent") == today:  # ``absent``, inline (asked again of every target below)
        return "Tu t'es enfui·e : tu es hors de la partie jusqu'à la nuit prochaine."
    # ``boosted(state, player, role)`` is ``boosts.get(role) == today``.
    boosts: Mapping[str, int] = marks.get("sympathise") or _NO_BOOSTS
    if marks.get("salbatarise") == today and not (  # ``salbatarised``, inline
        used == "loup_solitaire.devorer" and boosts.get("loup_solitaire") == today
    ):  # « il pourra attaquer même s'il est salbatarisé »
        return "Tu es salbatarisé·e : tu as perdu tes pouvoirs pour cette nuit et le jour à venir."
    # The names (a tuple, read only), and how many: counted once.
    targets = action.targets
    size = len(targets)
    names: tuple[str, ...]
    if power.words:
        count = power.targets
        if size != count + 1 or targets[count] not in power.words:
            if used == "convaincant.convaincre":
                return "Nomme une maison, puis la nature : villageois, loup, loup solitaire ou assassin."
            return "Nomme une maison, puis « rôles » ou « natures »."
        names = targets[:count]
        size = count
    else:
        names = targets
        if power.boosted_most and boosts.get(power.owner) == today:
            power = Power(power.owner, power.targets, most=power.boosted_most)
        elif power.uses:  # « deux maisons », « 2 liens »: as many names as uses tonight
            most = copies(player, power.owner) + (1 if boosts.get(power.owner) == today else 0)
            if most > 1:
                power = Power(power.owner, 1, house=power.house, most=most)
        if power.most or size != power.targets:  # ``_count``'s question, asked when it may refuse
            wrong = _count(power, names)
            if wrong:
                return wrong
    if size > 1 and len(set(names)) != size:
        return "Nomme des joueurs différents."
    for name in names:
        try:
            target = state.player(name)
        except KeyError:
            return f"{name} ne fait pas partie de la partie."
        if not target.alive:
            if used != "detective.enqueter":
                if power.house:
                    return f"La maison de {name} n'est plus en jeu : {name} est mort·e."
                return f"{name} est mort·e."
        elif target.markers.get("absent") == today:
            return f"{name} s'est enfui·e : intouchable jusqu'à la nuit prochaine."
        if not power.self_ok and name == player.name:
            if used == "chatelain.annuler":
                return "Tu ne peux pas annuler ton propre bûcher."
            return "Choisis un autre joueur que toi."
    if used not in _CHECKED_LAST:  # none of the checks below concerns it
        return None
    if used == "meute.devorer":  # the pack's MPs (the most of a night): of the checks below, only its nature's
        return None if player.camp in NATURE_OWNERS["meute"] else _NATURE_CHANGED
    stock = STOCK.get(used)
    if stock and marks.get(stock[0], 0) <= 0:
        return stock[1]
    if used == "convaincant.convaincre":
        if today > 4:
            return "Le Convaincant n'agit que jusqu'à la nuit 4."
        if targets[-1] == "copie" and player.camp != "assassin":
            return "Seul un Convaincant Assassin peut copier sa liste de cibles."
    if power.owner in NATURE_OWNERS and player.camp not in NATURE_OWNERS[power.owner]:
        return _NATURE_CHANGED
    if used == "cupidon.amoureux" and today > 2:
        return "Cupidon n'agit que la nuit 1 ou la nuit 2."
    if used == "lache.envoyer":
        sent = state.memory.get("jour", {}).get("lache", {}).get(player.name, 0)
        allowed = 2 * today * copies(player, "lache")  # « "n" étant le numéro du jour multiplié par 2 »
        if sent >= allowed and not boosted(state, player, "lache"):
            return f"Tu as déjà envoyé tes {allowed} MP anonymes aujourd'hui."
    if used == "maison.echanger":  # « un autre échange après (pour ce jour-ci) »: the first offer stands
        refused = swap_refusal(state.memory.get("jour", {}), player.name)
        if refused:
            return refused
    if used == "institutrice.priver" and len(names) > 2 and len(state.living()) <= 8:
        return "Quand 8 personnes ou moins sont en vie, tu ne peux priver de vote que 2 personnes."
    if used == "loup_solitaire.devorer":
        if not solitaire_night(player, today):
            return "Tu ne peux pas attaquer seul cette nuit (une nuit sur deux)."
        if state.player(names[0]).camp not in WOLF_NATURES:
            return "Seul, tu ne peux attaquer que la maison d'un autre Loup ou Loup Solitaire."
    if used in ("salvateur.proteger", "salbatar.salbatariser"):
        mine = state.memory.get("mes_maisons_veille", {}).get(f"{player.name}:{used}", [])
        for name in names:
            if name in mine:
                return (
                    f"Tu as déjà ciblé la maison de {name} la nuit dernière : "
                    "une maison ne peut pas l'être deux nuits de suite."
                )
    return None


_NATURE_CHANGED = "Ta nature a changé : ce pouvoir n'est plus le tien."
_NO_BOOSTS: Mapping[str, int] = MappingProxyType({})  # a player never boosted (``validate_with``)

# The powers that the last checks of ``validate_with`` may refuse: those with a stock, those of a nature, and those
# named there. The others are valid once their names are.
_CHECKED_LAST = frozenset(STOCK) | {p for p, spec in POWERS.items() if spec.owner in NATURE_OWNERS} | {
    "convaincant.convaincre", "cupidon.amoureux", "lache.envoyer", "maison.echanger", "institutrice.priver",
    "loup_solitaire.devorer", "salvateur.proteger", "salbatar.salbatariser",
}  # fmt: skip
