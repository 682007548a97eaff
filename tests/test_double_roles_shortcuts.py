"""`double-roles`: the engine's shortcuts answer as the long way does. The powers read from the items
(``powers_held``, ``powers_by_holder``, which ``validate`` reads) are remembered between states, and a change of
any item record, not only the last one, is seen; the roles are drawn as ``random.choices`` draws them; setup
refuses the roles it does not play, with the same words."""

import dataclasses
import random
import re
import sys

import pytest
from meneur.engine import items
from meneur.engine.model import Action
from meneur.engine.rulesets.double_roles import RULESET
from meneur.engine.rulesets.double_roles.roles import ROLE_ORDER, WEIGHTS
from meneur.engine.rulesets.double_roles.validation import powers_by_holder, powers_held

SETUP = sys.modules["meneur.engine.rulesets.double_roles.setup"]  # the package's ``setup`` is the function

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


def test_the_same_records_at_another_table_give_that_table_s_answer() -> None:
    state = _night1()
    assert list(powers_held(state)) == NAMES  # remembered now, with these records
    other = state.copy()
    newcomer = dataclasses.replace(other.players[0], name="Hugo", markers={})
    other.players.insert(0, newcomer)  # the same item records, another table
    assert items.every(other) == items.every(state)
    assert list(powers_held(other)) == ["Hugo", *NAMES]
    assert powers_held(other)["Hugo"] == ()
    del other.players[-1]
    assert list(powers_held(other)) == ["Hugo", *NAMES[:-1]]
    assert list(powers_held(state)) == NAMES
    assert all(powers_held(other)[name] == powers_held(state)[name] for name in NAMES[:-1])


def test_the_pack_s_mp_is_refused_to_a_wolf_whose_nature_changed_and_kept_by_the_others() -> None:
    state = _night1()
    assert state.phase.startswith("N")
    assert RULESET.validate(state, Action("Alice", "meute.devorer", ("Farid",))) is None
    assert RULESET.validate(state, Action("David", "meute.devorer", ("Farid",))) is None  # a Loup Solitaire too
    state.player("Alice").camp = "villageois"  # his nature changed, the pack's item still in his hands
    assert "meute.devorer" in powers_by_holder(state)["Alice"]
    refused = RULESET.validate(state, Action("Alice", "meute.devorer", ("Farid",)))
    assert refused == "Ta nature a changé : ce pouvoir n'est plus le tien."
    assert RULESET.validate(state, Action("Bruno", "meute.devorer", ("Alice",))) is None


@pytest.mark.parametrize("seed", range(20))
def test_the_roles_are_drawn_as_random_choices_draws_them(seed: int) -> None:
    weights = [WEIGHTS[r] for r in ROLE_ORDER]
    by_choices = random.Random(seed)
    expected = ["+".join(by_choices.choices(ROLE_ORDER, weights=weights, k=2)) for _ in range(40)]
    drawn = random.Random(seed)
    assert SETUP.draw_roles(drawn, 40) == expected
    assert drawn.random() == by_choices.random()  # nothing more drawn


@pytest.mark.parametrize(
    ("role", "refusal"),
    [
        ("voyante", "Alice needs two known roles as ROLE+ROLE, not 'voyante'"),
        ("voyante+salvateur+liche", "Alice needs two known roles"),
        ("voyante+loup", "Alice needs two known roles"),
        ("voyante+", "Alice needs two known roles"),
    ],
)
def test_setup_refuses_a_pair_it_does_not_play(role: str, refusal: str) -> None:
    roles = {n: "voyante+salvateur" for n in NAMES} | {"Alice": role}
    with pytest.raises(ValueError, match=re.escape(refusal)):
        RULESET.setup(NAMES, 3, roles=roles, camps=CAMPS)


def test_the_copies_of_a_night_role_get_their_numbers() -> None:
    roles = {n: "croque_mort+chasseur" for n in NAMES} | {"Alice": "voyante+voyante", "Bruno": "meneur+voyante"}
    state = RULESET.setup(NAMES, 3, roles=roles, camps=CAMPS)
    numbers = state.memory["ordre"]
    assert list(numbers) == ["Alice:voyante", "Alice:voyante#2", "Bruno:voyante"]
    assert len(set(numbers.values())) == 3 and all(1 <= n <= 50 for n in numbers.values())


def _loving_table(seed: int):
    """A table of random natures, few of them alive, with random love links (mutual or not): the ends of games."""
    rng = random.Random(seed)
    names = ["Alice", "Bruno", "Carla", "David", "Emma", "Farid", "Gaston", "Hugo", "Ines"][: 6 + seed % 4]
    state = RULESET.setup(names, seed)
    for player in state.players:
        player.camp = rng.choice(("villageois", "villageois", "loup", "loup_solitaire", "assassin"))
        player.alive = rng.random() < 0.6
        if player.camp == "loup_solitaire" and rng.random() < 0.5:
            player.markers["phylactere"] = rng.choice(names)
    for _ in range(rng.randint(0, 3)):
        one, other = rng.sample(names, 2)
        state.player(one).markers.setdefault("amours", []).append(other)
        if rng.random() < 0.8:
            state.player(other).markers.setdefault("amours", []).append(one)
    return state


def test_the_short_answer_that_the_game_goes_on_is_the_full_reading() -> None:
    winning = sys.modules["meneur.engine.rulesets.double_roles.winning"]
    short = 0
    ends: set[str | None] = set()
    for seed in range(3000):
        state = _loving_table(seed)
        full = winning._winner(state)
        assert winning.check_winner(state) == full, seed
        ends.add(full)
        short += winning._goes_on(state)
    assert short > 500  # the short answer is taken, and the tables reach the ends of loving games too
    assert {None, "village", "loups", "amoureux"} <= {w and w.split(",")[0] for w in ends}
