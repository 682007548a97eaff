"""What the MJ's page gets from `double-roles` (``player_note``, ``groups``, ``mj_notes``), through the rule set's
public hooks: the nature, the houses and who sleeps in each, the order numbers by role, today's swap offers."""

from __future__ import annotations

from meneur.engine.model import Action
from meneur.engine.rulesets.double_roles import RULESET

from .test_double_roles_engine import game


def test_the_nature_and_the_houses() -> None:
    state = game({"Alice": "voyante+voyante", "Gaston": "voyante+salvateur"}, ordre={"Alice:voyante": 9})
    assert RULESET.player_note is not None and RULESET.groups is not None and RULESET.mj_notes is not None
    assert (
        RULESET.player_note(state, "Emma") == "Loup Solitaire" and RULESET.player_note(state, "Alice") == "Villageois"
    )
    houses = RULESET.groups(state)
    assert houses["Maison d'Alice"] == ["Alice"] and houses["Maison de Bruno"] == ["Bruno"] and len(houses) == 7
    # Two copies in one hand: the second is named as such; the lowest number plays first.
    (line,) = RULESET.mj_notes(state)["Ordre secret des rôles en double"]
    numbers = state.memory["ordre"]
    assert numbers["Alice:voyante"] == 9
    rows = sorted((n, who) for who, n in (("Alice", 9), ("Alice, 2e copie", numbers["Alice:voyante#2"]),
                                          ("Gaston", numbers["Gaston:voyante"])))  # fmt: skip
    assert line == "Voyante : " + ", ".join(f"{who} ({n})" for n, who in rows)


def test_today_s_swaps_agreed_and_offered_then_the_night_s_houses() -> None:
    state = game({})
    assert RULESET.day_powers is not None and RULESET.mj_notes is not None and RULESET.groups is not None
    offers = [Action("Alice", "maison.echanger", ("Gaston",)), Action("Gaston", "maison.echanger", ("Alice",))]
    offers.append(Action("Carla", "maison.echanger", ("David",)))
    state.phase = "J1"
    today = RULESET.day_powers(state, offers).state
    notes = RULESET.mj_notes(today)
    assert notes["Échanges de maisons convenus aujourd'hui"] == ["Alice et Gaston"]
    assert notes["Offres d'échange de maison sans réponse"] == ["Carla → David"]
    assert RULESET.groups(today)["Maison d'Alice"] == ["Alice"]  # by day, everyone at home
    evening = RULESET.close_day(state, {}, actions=offers).state  # « juste après le bûcher »
    houses = RULESET.groups(evening)
    assert houses["Maison d'Alice"] == ["Gaston"] and houses["Maison de Gaston"] == ["Alice"]
    assert houses["Maison de Carla"] == ["Carla"]
