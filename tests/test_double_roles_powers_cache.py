"""`double-roles`: the powers read from the items (``powers_held``, ``powers_by_holder``, which ``validate`` reads)
are remembered between states; a change of any item record, not only the last one, is seen."""

from meneur.engine import items
from meneur.engine.model import Action
from meneur.engine.rulesets.double_roles import RULESET
from meneur.engine.rulesets.double_roles.validation import powers_by_holder, powers_held

NAMES = ["Alice", "Bruno", "Carla", "David", "Emma", "Farid", "Gaston"]
ROLES = {n: "voyante+salvateur" for n in NAMES}
CAMPS = {"Alice": "loup", "Bruno": "loup", "Carla": "loup", "David": "loup_solitaire", "Emma": "assassin",
         "Farid": "villageois", "Gaston": "villageois"}  # fmt: skip


def _night1():
    state = RULESET.setup(NAMES, 3, roles=ROLES, camps=CAMPS)
    return RULESET.close_day(state, {}).state


def test_an_item_destroyed_before_the_last_one_takes_its_power_away() -> None:
    state = _night1()
    assert "meute.devorer" in powers_held(state)["Alice"]  # remembered now
    later = state.copy()
    meute = next(i for i in items.held(later, "Alice") if i.kind == "meute")
    assert meute != items.every(later)[-1]  # the same number of records, the same last one
    items.destroy(later, meute.id)
    assert "meute.devorer" not in powers_held(later)["Alice"]
    assert "meute.devorer" not in powers_by_holder(later)["Alice"]
    assert RULESET.validate(later, Action("Alice", "meute.devorer", ("Farid",))) == "Ce pouvoir n'est pas le tien."
    assert RULESET.validate(state, Action("Alice", "meute.devorer", ("Farid",))) is None
    assert "meute.devorer" in powers_held(state)["Alice"]  # the first state's answer is still its own


def test_a_player_who_holds_nothing_has_no_power() -> None:
    state = _night1()
    for item in items.held(state, "Gaston"):
        items.transfer(state, item.id, "Farid")
    assert powers_held(state)["Gaston"] == ()
    assert "Gaston" not in powers_by_holder(state)
    refused = RULESET.validate(state, Action("Gaston", "voyante.sonder", ("Farid", "roles")))
    assert refused == "Ce pouvoir n'est pas le tien."
