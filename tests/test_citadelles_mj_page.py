"""What the MJ's page adds for citadelles (``mj_notes``, ``player_note``), from the engine's state: each
citadel's inhabitants, its wall (standing while its GM lives: « Le pouvoir des murs est actif tant que le
gardien des murs est vivant »), its projects with their charges [0]–[3] and those destroyed, the night
channels, a fighter's powers."""

from __future__ import annotations

from meneur.engine.model import Action, Decree
from meneur.engine.rulesets import ruleset

NAMES = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Félix", "Gaëlle", "Hugo", "Inès", "Julien", "Karine", "Léo"]
ROLES = {
    "Alice": "sf", "Bruno": "gm", "Chloé": "cb/obstacle/intendant",
    "David": "sf", "Élodie": "gm", "Félix": "cb/supervision/obstacle",
    "Gaëlle": "sf", "Hugo": "gm", "Inès": "cb/supervision/annulation",
    "Julien": "sf", "Karine": "gm", "Léo": "cb/supervision/annulation",
}  # fmt: skip
CAMPS = {"Chloé": "loups", "Hugo": "loups", "Léo": "loups"}


def test_the_page_shows_the_four_citadels() -> None:
    rules = ruleset("citadelles")
    assert rules.mj_notes is not None and rules.player_note is not None
    groups = {n: 1 + i // 3 for i, n in enumerate(NAMES)}
    state = rules.setup(NAMES, 3, ROLES, camps=CAMPS, groups=groups)
    assert state.phase == "N1"
    notes = rules.mj_notes(state)
    west = notes["Tribüdouduna (citadelle de l'Ouest)"]
    assert west[:3] == [
        "Habitants : Julien, Karine, Léo",
        "Mur majestueux : debout (gardien Karine)",
        "Projet en cours : aucun",
    ]
    # Chloé's INTENDANT: the North may talk at night.
    assert notes["Discussions privées la nuit"] == ["Örchnoung (citadelle du Nord) : INTENDANT — Alice, Bruno, Chloé"]
    assert rules.player_note(state, "Chloé") == "Örchnoung — OBSTACLE, INTENDANT"
    assert rules.player_note(state, "Alice") == "Örchnoung"

    # N1: Julien launches EXPLOSIF ([1]); the MJ kills Karine, the West's GM: its wall falls.
    night = rules.resolve_night(
        state, [Action("Julien", "sf.lancer.explosif", ())], {}, [Decree("kill", "Karine", "mj")]
    )
    west = rules.mj_notes(night.state)["Tribüdouduna (citadelle de l'Ouest)"]
    assert west[0] == "Habitants : Julien, Léo (morts : Karine)"
    assert west[1] == "Mur majestueux : tombé (aucun gardien)"
    # Launched this night, charged at the dawn's « tour de charge » (the events say so, in that order).
    assert [e.type for e in night.events if e.type.startswith("project")] == ["project_launched", "project_charged"]
    assert west[2] == "Projet en cours : EXPLOSIF [1/1] (chargé)"
    assert west[-1] == "Projets détruits : aucun"
