"""Who may use a power at all, as classique and convivialite refuse it (one check for both,
engine/rulesets/checks.owner_refusal): a stranger to the game, a dead player, another role's power, the pack's
power asked by a villager — each with its French reason; and, in classique, the player the Ancien stripped of his
powers, who keeps the pack's if he is a wolf."""

from __future__ import annotations

from meneur.engine.model import Action
from meneur.engine.rulesets import classique, convivialite

CLASSIQUE = {"Alice": "voyante", "Bob": "loup_garou", "Carole": "salvateur", "Dan": "simple_villageois",
             "Eve": "loup_garou", "Fred": "sorciere"}  # fmt: skip
CONVIVIALITE = {"BenP": "amoureux", "Bluerain": "chanceux", "Boris": "detective",
                "SuperA": "idole", "Talen": "sorciere", "NorthNikko": "traqueur"}  # fmt: skip


def test_classique_says_who_may_not_use_a_power_and_why() -> None:
    state = classique.setup(list(CLASSIQUE), seed=7, roles=CLASSIQUE)
    state.phase = "N2"
    state.player("Carole").alive = False
    assert classique.validate(state, Action("Zoé", "voyante.sonder", ("Bob",))) == "Tu ne fais pas partie de la partie."
    assert (
        classique.validate(state, Action("Carole", "salvateur.proteger", ("Bob",))) == "Les morts ne peuvent plus agir."
    )
    assert classique.validate(state, Action("Dan", "voyante.sonder", ("Bob",))) == (
        "Ce pouvoir est celui du personnage Voyante, pas le tien."
    )
    assert classique.validate(state, Action("Alice", "loups.devorer", ("Dan",))) == (
        "Seuls les loups-garous choisissent la victime de la nuit."
    )
    assert classique.validate(state, Action("Alice", "voyante.sonder", ("Bob",))) is None
    assert classique.validate(state, Action("Bob", "loups.devorer", ("Dan",))) is None

    # « L'Ancien [...] désigne un joueur qui perd ses pouvoirs »: his role's, not the pack's.
    state.player("Alice").markers["pouvoirs_perdus"] = True
    state.player("Bob").markers["pouvoirs_perdus"] = True
    assert classique.validate(state, Action("Alice", "voyante.sonder", ("Bob",))) == (
        "Tu as perdu tes pouvoirs : l'Ancien t'a désigné à sa mort."
    )
    assert classique.validate(state, Action("Bob", "loups.devorer", ("Dan",))) is None


def test_convivialite_says_who_may_not_use_a_power_and_why() -> None:
    state = convivialite.setup(list(CONVIVIALITE), seed=7, roles=CONVIVIALITE, camps={"Boris": "loups"})
    state.phase = "N2"
    state.player("Talen").alive = False
    assert convivialite.validate(state, Action("Zoé", "traqueur.scanner", ("Boris",))) == (
        "Tu ne fais pas partie de la partie."
    )
    assert convivialite.validate(state, Action("Talen", "traqueur.scanner", ("Boris",))) == (
        "Les morts ne peuvent plus agir."
    )
    assert convivialite.validate(state, Action("BenP", "traqueur.scanner", ("Boris",))) == (
        "Ce pouvoir est celui du rôle Traqueur, pas le tien."
    )
    assert convivialite.validate(state, Action("BenP", "loups.griffer", ("SuperA",))) == (
        "Seuls les loups peuvent faire cela."
    )
    assert convivialite.validate(state, Action("NorthNikko", "traqueur.scanner", ("Boris",))) is None
