"""classique: the choices the rules ask for at a given moment are not standing orders, and each power's
number of targets is the rule file's."""

from __future__ import annotations

import pytest
from meneur.engine.model import Action, GameState
from meneur.engine.rulesets.classique import RULESET

ROLES = {
    "Anaïs": "chasseur",
    "Boris": "loup_garou",
    "Chloé": "joueur_de_flute",
    "Dorian": "maitre_vampire",
    "Eve": "ancien",
    "Félix": "lapinou_garou",
    "Gaëlle": "bouc_emissaire",
    "Hugo": "simple_villageois",
    "Inès": "voyante",
    "Jules": "simple_villageois",
}


def state(phase: str = "N2") -> GameState:
    s = RULESET.setup(list(ROLES), 7, ROLES)
    s.phase = phase
    return s


@pytest.mark.parametrize(
    ("player", "power", "targets", "words"),
    [
        ("Anaïs", "chasseur.tirer", ("Boris",), "au moment de sa mort"),  # l.60: "Lorsqu'il meurt"
        ("Eve", "ancien.designer", ("Inès",), "sur le bûcher"),  # l.83: "si l'Ancien est tué par le bûcher"
        ("Félix", "lapinou_garou.designer", ("Boris",), "si les loups le choisissent"),  # l.96
        ("Gaëlle", "bouc_emissaire.votants", ("Hugo", "Inès"), "égalité"),
    ],
)
def test_a_choice_made_when_the_mj_asks_is_refused_as_a_standing_order_and_says_when(
    player: str, power: str, targets: tuple[str, ...], words: str
) -> None:
    reason = RULESET.validate(state(), Action(player, power, targets, "mp"))
    assert reason is not None and words in reason and "le MJ te" in reason
    assert RULESET.answers and power in RULESET.answers.values()  # …and read as the answer when asked


def test_the_flute_player_charms_at_most_two_a_night() -> None:  # l.92: "charmer 0, 1 ou 2 personnes"
    s = state()
    assert RULESET.validate(s, Action("Chloé", "joueur_de_flute.charmer", ("Hugo", "Inès"), "mp")) is None
    reason = RULESET.validate(s, Action("Chloé", "joueur_de_flute.charmer", ("Hugo", "Inès", "Jules"), "mp"))
    assert reason is not None and "deux" in reason


def test_the_master_vampire_tries_at_most_two_bites_a_night() -> None:  # l.159: "deux personnes au plus"
    s = state()
    assert RULESET.validate(s, Action("Dorian", "maitre_vampire.mordre", ("Hugo", "Inès"), "mp")) is None
    reason = RULESET.validate(s, Action("Dorian", "maitre_vampire.mordre", ("Hugo", "Inès", "Jules"), "mp"))
    assert reason is not None and "deux" in reason
