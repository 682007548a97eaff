"""`trinite-meuporg`: what the first post and the role cards say, and who acts tonight."""

from __future__ import annotations

from ... import items
from ...model import GameState
from .powers import POWERS, group_of, groups_of
from .roles import ITEM_NAMES, LOUPS, style


# -- for the first post and the role cards -------------------------------------------------------------------------
def opening(state: GameState) -> dict[str, object]:
    """ "le MJ n'annonce sur le premier message du forum (en plus d'un rappel des règles) que le nombre de
    loups, ainsi que les groupes de 3." """
    return {
        "players": len(state.players),
        "wolves": sum(1 for p in state.players if p.camp == LOUPS),
        "groups": groups_of(state),
    }


def powers_of(state: GameState, name: str) -> list[str]:
    """The powers ``name`` may ask for: those of the intact items in hand (the wolves' attack apart), in
    POWERS' order."""
    kinds = items.kinds_held(state, name)
    if len(kinds) == 1:  # most hands: one kind, its powers already in order
        return list(_POWERS_OF_ITEM.get(kinds.pop(), ()))
    return [power for power, item in _ITEM_OF_POWER if item in kinds]


# Each power's item, in POWERS' order; each item's powers, in that order; the items used by MP at night.
_ITEM_OF_POWER: tuple[tuple[str, str | None], ...] = tuple((power, spec.item) for power, spec in POWERS.items())
_POWERS_OF_ITEM: dict[str | None, tuple[str, ...]] = {
    item: tuple(power for power, of in _ITEM_OF_POWER if of == item) for _, item in _ITEM_OF_POWER
}
_EMPTY: frozenset[str] = frozenset()
_NIGHT_ITEMS: frozenset[str | None] = frozenset(spec.item for spec in POWERS.values() if not spec.by_day)


def night_actors(state: GameState) -> list[str]:
    """Who may send an action MP tonight (for the MJ's "not acted yet" list): the living wolves, the
    living holders of an item used by MP at night, the dead holding the doll, a dead wolf holding the
    potion de mort."""
    kinds: dict[str, set[str]] = {}  # holder → the kinds of the intact items in hand, in one pass
    for item in items.every(state):
        if not item.destroyed:
            kinds.setdefault(item.holder, set()).add(item.kind)
    able = []
    for player in state.players:
        hand = kinds.get(player.name, _EMPTY)
        if player.alive:
            if player.camp == LOUPS or not hand.isdisjoint(_NIGHT_ITEMS):
                able.append(player.name)
        elif "poupee_vaudou" in hand or (player.camp == LOUPS and "potion_de_mort" in hand):
            able.append(player.name)
    return able


def card_extra(state: GameState, name: str) -> dict[str, object]:
    """What a role card says besides the role: the style, the items, the group."""
    player = state.player(name)
    return {
        "style": style(player.role),
        "items": [ITEM_NAMES[i.kind] for i in items.held(state, name)],
        "group": group_of(state, name),
        "group_number": next(n for n, g in enumerate(groups_of(state), 1) if name in g),
        "passive": [PASSIVE[i.kind] for i in items.held(state, name, intact_only=True) if i.kind in PASSIVE],
    }


# Items that act without an MP: what the role card says of them.
PASSIVE: dict[str, str] = {
    "armure": "ton armure résiste à la première mort (bûcher, loups, potion de mort, flèche)",
    "arc": "à ta mort, le MJ te demande sur qui tirer une flèche",
    "carte": "chaque matin, ta carte te dit qui t'a ciblé et si les loups t'ont attaqué",
    "dague": "si tu devais mourir autrement qu'au bûcher, ta dague renvoie la mort (le MJ te demande sur qui)",
    "potion_de_soins": "chaque nuit, le MJ te montre qui devrait mourir et tu peux en sauver un",
}
