"""`trinite-meuporg`: the powers a player may ask for are those of the intact items in his hand, in the
rule set's table order (the MJ's page and the random-games bench read them)."""

from __future__ import annotations

from meneur.engine import items
from meneur.engine.rulesets.trinite_meuporg import rules, setup

ROLES = {
    "Alice": "voyant", "Bob": "chasseur", "Carole": "armurier",
    "David": "sorcier", "Eve": "paladin", "Fanny": "pretre",
    "Gaston": "guerrier", "Hugo": "espion", "Iris": "barde",
}  # fmt: skip


def test_powers_follow_the_intact_items_in_hand() -> None:
    state = setup(list(ROLES), seed=3, roles=ROLES, camps={"Gaston": "loups", "Hugo": "loups"})
    assert rules.powers_of(state, "David") == ["potion_de_mort.tuer", "potion_d_echange.echanger"]
    assert rules.powers_of(state, "Fanny") == ["chapelet.savoir", "chapelet.proteger", "chapelet.intercepter"]
    assert rules.powers_of(state, "Bob") == []  # the arc acts by itself
    assert rules.powers_of(state, "Gaston") == ["hache.frapper"]  # the wolves' attack is not an item's
    poison = items.usable(state, "David", "potion_de_mort")
    swap = items.usable(state, "David", "potion_d_echange")
    assert poison is not None and swap is not None
    items.destroy(state, poison.id)
    assert rules.powers_of(state, "David") == ["potion_d_echange.echanger"]
    items.transfer(state, swap.id, "Bob")
    assert rules.powers_of(state, "David") == [] and rules.powers_of(state, "Bob") == ["potion_d_echange.echanger"]
    items.repair(state, "David")
    assert rules.powers_of(state, "David") == ["potion_de_mort.tuer"]
