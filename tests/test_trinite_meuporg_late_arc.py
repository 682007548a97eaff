"""`trinite-meuporg`: a player dead earlier in the dawn who comes to hold an intact arc later in it (a swap,
a repair) still shoots at once (RULINGS: the arc acts right after any step that leaves an archer dead).
The dawn remembers the dead it found unarmed; these games check it looks again when items move."""

from __future__ import annotations

from meneur.engine import items
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.trinite_meuporg import resolve_night, setup

ROLES = {
    "Alice": "voyant", "Bob": "chasseur", "Carole": "armurier",
    "David": "sorcier", "Eve": "paladin", "Fanny": "pretre",
    "Gaston": "guerrier", "Hugo": "espion", "Iris": "barde",
}  # fmt: skip


def _night(state: GameState, *actions: tuple[str, str, tuple[str, ...]]) -> Outcome:
    return resolve_night(state, [Action(p, power, targets) for p, power, targets in actions])


def _game() -> GameState:
    state = setup(list(ROLES), seed=3, roles=ROLES, camps={"Gaston": "loups", "Hugo": "loups"})
    state.phase = "N1"
    return state


def test_a_dead_player_handed_an_arc_by_a_swap_shoots() -> None:
    out = _night(
        _game(),
        ("Gaston", "loups.attaquer", ("Alice",)),  # step 2: Alice dies, unarmed
        ("David", "potion_d_echange.echanger", ("Alice", "Bob")),  # step 12: Bob's arc goes to her
    )
    assert not out.state.player("Alice").alive
    assert items.usable(out.state, "Alice", "arc") is not None
    assert "N1:arc:Alice" in [q.id for q in out.questions]


def test_a_dead_archer_whose_arc_is_repaired_shoots() -> None:
    state = _game()
    arc = items.usable(state, "Bob", "arc")
    assert arc is not None
    items.destroy(state, arc.id)
    out = _night(
        state,
        ("Gaston", "loups.attaquer", ("Bob",)),  # step 2: Bob dies, his arc broken
        ("Carole", "marteau.reparer", ("Bob",)),  # step 15: the marteau mends it
    )
    assert not out.state.player("Bob").alive
    assert "N1:arc:Bob" in [q.id for q in out.questions]


def test_a_dead_player_left_unarmed_is_not_asked() -> None:
    out = _night(_game(), ("Gaston", "loups.attaquer", ("Alice",)))
    assert not out.state.player("Alice").alive
    assert not [q for q in out.questions if q.id.startswith("N1:arc")]
