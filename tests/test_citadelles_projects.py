"""Each scientific project of `citadelles` (the annex's texts, quoted above each test), and the fighters'
powers, through the engine's public functions. Layout as in test_citadelles_engine: North Alice (SF),
Bruno (GM), Carla (CB, wolf); East David, Emma, Félix (CB: OBSTACLE, ANNULATION); South Gaby, Hugo (GM,
wolf), Inès (CB: SUPERVISION, INTENDANT); West Jules, Katia, Léo (CB, wolf)."""

from __future__ import annotations

from meneur.engine.model import GameState
from meneur.engine.rulesets.citadelles.dawn import resolve_night
from meneur.engine.rulesets.citadelles.day import day_tally
from meneur.engine.rulesets.citadelles.validation import validate
from meneur.tests.test_citadelles_engine import A, calm, day, deaths, events, game12, night


def ready(state: GameState, sf: str, pid: str, nights: int, *others: tuple[str, str]) -> GameState:
    """``sf`` launches ``pid`` at N1 and the nights pass until its last charge turn is tonight's."""
    state = calm(state, A(sf, f"sf.lancer.{pid}"), *(A(s, f"sf.lancer.{p}") for s, p in others))
    for _ in range(nights - 2):
        state = calm(state)
    return state


def test_micro_ondes_neutralises_the_protection_and_is_destroyed_when_its_target_dies() -> None:
    """MICRO-ONDES [3]: "Toutes les protections qu'il peut avoir sont neutralisées pendant cette nuit. S'il
    meurt cette nuit, alors ce projet est détruit." """
    state = ready(game12(), "Alice", "micro_ondes", 3)
    outcome = night(
        state,
        A("Alice", "sf.utiliser.micro_ondes", "Emma"),
        A("David", "sf.lancer.protection"),
        A("David", "sf.utiliser.protection", "Emma"),
        A("Hugo", "loups.attaquer", "Emma"),
    )
    assert deaths(outcome) == [("Emma", "loups")]
    after = day(outcome.state).state
    assert validate(after, A("Alice", "sf.lancer.micro_ondes")) is not None


def test_forteresse_saves_the_next_inhabitant_to_die_at_night_once() -> None:
    """FORTERESSE [2]: "La prochaine fois qu'un joueur de votre citadelle devrait mourir de nuit, il ne meurt
    pas et ce projet est détruit." """
    state = ready(game12(), "Jules", "forteresse", 2)
    outcome = night(state, A("Carla", "loups.attaquer", "Katia"))
    assert deaths(outcome) == []
    state = day(outcome.state).state
    assert deaths(night(state, A("Carla", "loups.attaquer", "Katia"))) == [("Katia", "loups")]


def test_collaboration_saves_a_player_of_another_citadel() -> None:
    """COLLABORATION [1]: "Ciblez un joueur vivant d'une autre citadelle … s'il devait mourir … à cause de
    l'attaque des loups, il survit." """
    state = game12()
    outcome = night(
        state,
        A("David", "sf.lancer.collaboration"),
        A("David", "sf.utiliser.collaboration", "Alice"),
        A("Hugo", "loups.attaquer", "Alice"),
    )
    assert deaths(outcome) == []


def test_canon_kills_a_foreign_player_and_destroys_his_citadels_project() -> None:
    """CANON À PARTICULES [3]: "Ciblez un joueur vivant d'une autre citadelle. Ce joueur meurt et le projet
    en cours dans sa citadelle est détruit." (the West has no paper walls)"""
    state = ready(game12(), "Gaby", "canon_a_particules", 3, ("Jules", "explosif"))
    outcome = night(state, A("Gaby", "sf.utiliser.canon_a_particules", "Katia"))
    assert deaths(outcome) == [("Katia", "canon")]
    assert events(outcome, "project_destroyed", "Jules")


def test_siphonnage_empties_a_charge_and_acceleration_adds_one() -> None:
    """SIPHONNAGE [1]: "Le niveau de charge de son projet courant retombe à 0." ACCÉLÉRATION [2]: "Si un tour
    de charge de son projet courant est effectué et ne suffit pas pour le charger à fond, alors un tour de
    charge supplémentaire est effectué." """
    state = calm(game12(), A("Alice", "sf.lancer.radar_longue_portee"), A("Gaby", "sf.lancer.siphonnage"))
    state = calm(state, A("Gaby", "sf.utiliser.siphonnage.nord"))  # N2: charged to 2, then back to 0
    outcome = night(state)  # N3: one charge: 1 of 3
    progress = [e for e in outcome.events if e.type == "project_charged" and e.data["citadel"] == "nord"]
    assert progress[-1].data["charge"] == 1
    state = calm(game12(), A("Alice", "sf.lancer.radar_longue_portee"), A("Gaby", "sf.lancer.acceleration"))
    outcome = night(state, A("Gaby", "sf.utiliser.acceleration.nord"))  # N2: 2, then 3
    progress = [e for e in outcome.events if e.type == "project_charged" and e.data["citadel"] == "nord"]
    assert progress[-1].data["charge"] == 3


def test_chant_des_sirenes_tells_hidden_camps_and_progress_but_not_behind_obstacle() -> None:
    """CHANT DES SIRÈNES [2]: "le camp de tous les morts dont le MJ n'a pas révélé le camp … le niveau
    d'avancement des projets pour toutes les autres citadelles qui n'ont pas de combattant avec OBSTACLE"
    as [Aucun], [1], [2], [100% - n]."""
    state = calm(game12(), A("Alice", "sf.lancer.chant_des_sirenes"), A("Jules", "sf.lancer.explosif"))
    outcome = night(state, A("Alice", "sf.utiliser.chant_des_sirenes"))
    result = events(outcome, "project_result", "Alice")[0]
    assert result["progress"] == {"sud": "[Aucun]", "ouest": "[100% - 1]"}  # the East has OBSTACLE


def test_oeil_de_druide_sees_the_project_unless_obstacle() -> None:
    """ŒIL DE DRUIDE [2]: "Si aucun combattant avec obstacle n'est dans cette forteresse, alors vous voyez
    quel projet y est en cours." """
    state = ready(game12(), "Jules", "oeil_de_druide", 2, ("Alice", "recensement"), ("David", "politique"))
    outcome = night(state, A("Jules", "sf.utiliser.oeil_de_druide.nord"))
    assert events(outcome, "project_result", "Jules")[0]["seen"] == "recensement"
    outcome = night(day(outcome.state).state, A("Jules", "sf.utiliser.oeil_de_druide.est"))
    assert events(outcome, "project_result", "Jules")[0]["blocked"] is True


def test_radar_finds_a_camp_and_is_destroyed_on_a_wolf() -> None:
    """RADAR LONGUE PORTÉE [3]: "Le MJ vous informe de son camp. Si un loup est détecté de cette manière,
    alors le projet est détruit." """
    state = ready(game12(), "Alice", "radar_longue_portee", 3)
    outcome = night(state, A("Alice", "sf.utiliser.radar_longue_portee", "Léo"))
    assert events(outcome, "project_result", "Alice")[0]["camp"] == "loups"
    assert validate(day(outcome.state).state, A("Alice", "sf.lancer.radar_longue_portee")) is not None


def test_infiltration_tells_the_roles_of_another_citadel() -> None:
    """INFILTRATION [1]: "Vous êtes mis au courant de la répartition des rôles parmi les vivants de celle-ci." """
    outcome = night(game12(), A("Alice", "sf.lancer.infiltration"), A("Alice", "sf.utiliser.infiltration.ouest"))
    assert events(outcome, "project_result", "Alice")[0]["roles"] == {"Jules": "sf", "Katia": "gm", "Léo": "cb"}


def test_tour_du_ciel_counts_the_wolves_citadels() -> None:
    """TOUR DU CIEL [2]: "Le MJ vous informe dans combien de citadelles différentes sont répartis les loups." """
    state = ready(game12(), "Gaby", "tour_du_ciel", 2)
    outcome = night(state, A("Gaby", "sf.utiliser.tour_du_ciel"))
    assert events(outcome, "project_result", "Gaby")[0]["count"] == 3


def test_connaissance_tells_the_fighters_powers() -> None:
    """CONNAISSANCE [0]: "Vous êtes mis au courant des pouvoirs choisis par les combattants de votre citadelle." """
    outcome = night(game12(), A("David", "sf.lancer.connaissance"), A("David", "sf.utiliser.connaissance"))
    assert events(outcome, "project_result", "David")[0]["powers"] == {"Félix": ["obstacle", "annulation"]}


def test_politique_doubles_a_vote_and_mutisme_silences_a_citadel() -> None:
    """POLITIQUE [1]: "La voix de ce joueur compte double durant le prochain vote." MUTISME AMBIANT [3]: "Tous
    les voix des joueurs de la citadelle ciblée sont annulées lors de la prochaine journée." """
    outcome = night(game12(), A("David", "sf.lancer.politique"), A("David", "sf.utiliser.politique", "Emma"))
    assert day_tally(outcome.state, {"Emma": "Alice"})[0].as_dict() == {"Alice": 2}
    state = ready(game12(), "Gaby", "mutisme_ambiant", 3)
    outcome = night(state, A("Gaby", "sf.utiliser.mutisme_ambiant.nord"))
    assert events(outcome, "mutisme") == [{"citadel": "nord"}]
    assert day_tally(outcome.state, {"Alice": "Gaby", "Bruno": "Gaby", "David": "Alice"})[0].as_dict() == {
        "Alice": 1,
        "Gaby": 0,
    }


def test_chaos_makes_every_fighter_of_the_citadel_change_both_powers() -> None:
    """CHAOS [2]: "Chaque combattant de la citadelle choisie doit changer de pouvoir (s'il en a deux, il doit
    changer les deux)." """
    state = ready(game12(), "David", "chaos", 2)
    outcome = night(state, A("David", "sf.utiliser.chaos.sud"), answers={"N2:pouvoir:Inès": "obstacle,supervoix"})
    assert outcome.state.player("Inès").markers["pouvoirs"] == ("obstacle", "supervoix")
    drawn = night(state, A("David", "sf.utiliser.chaos.nord")).state.player("Carla").markers["pouvoirs"]
    assert len(set(drawn)) == 2 and not set(drawn) & {"supervoix", "intendant"}


def test_espionnage_destroys_the_chosen_projects() -> None:
    """ESPIONNAGE INDUSTRIEL [3]: "Vous êtes mis au courant de tous les projets en cours dans les autres
    citadelles, sauf celles où il y a un combattant avec le pouvoir OBSTACLE. Vous pouvez en détruire autant
    que vous le souhaitez parmi eux." """
    state = ready(
        game12(), "David", "espionnage_industriel", 3, ("Alice", "recensement"), ("Gaby", "canon_a_particules")
    )
    outcome = night(state, A("David", "sf.utiliser.espionnage_industriel"), answers={"N3:espionnage:David": "sud"})
    seen = events(outcome, "project_result", "David")[0]["projects"]
    assert seen == {"nord": "recensement", "sud": "canon_a_particules"}
    assert events(outcome, "project_destroyed", "Gaby") and not events(outcome, "project_destroyed", "Alice")


def test_restauration_brings_back_the_three_charge_projects() -> None:
    """RESTAURATION [1]: "Tous les projets à trois tours de charge de la citadelle choisie deviennent
    non-détruits s'ils étaient détruits." """
    state = ready(game12(), "Alice", "radar_longue_portee", 3)
    state = calm(state, A("Alice", "sf.utiliser.radar_longue_portee", "Léo"))  # a wolf: destroyed
    outcome = night(
        state,
        A("Alice", "sf.lancer.connaissance"),
        A("Jules", "sf.lancer.restauration"),
        A("Jules", "sf.utiliser.restauration.nord"),
    )
    assert events(outcome, "project_result", "Jules")[0]["restored"] == ["radar_longue_portee"]


def test_guerre_civile_destroys_the_chosen_unlaunched_projects_of_its_citadel() -> None:
    """GUERRE CIVILE [3]: "Détruisez autant de projets non-lancés de cette citadelle que vous le souhaitez." """
    state = ready(game12(), "Jules", "guerre_civile", 3)
    outcome = night(
        state, A("Jules", "sf.utiliser.guerre_civile"), answers={"N3:guerre_civile:Jules": "explosif,sabotage"}
    )
    after = day(outcome.state).state
    assert validate(after, A("Jules", "sf.lancer.explosif")) is not None
    assert validate(after, A("Jules", "sf.lancer.forteresse")) is None


def test_supervision_tells_each_new_project_and_its_charges() -> None:
    """SUPERVISION: "À chaque nouveau projet lancé par le scientifique de votre citadelle, vous êtes mis au
    courant, ainsi que du nombre de tours de charge qu'il nécessite." """
    outcome = night(game12(), A("Gaby", "sf.lancer.canon_a_particules"))
    assert events(outcome, "supervision", "Inès") == [{"citadel": "sud", "needed": 3, "player": "Inès"}]


def test_intendant_and_radio_open_the_night_channels() -> None:
    """ "Tous les joueurs dans des citadelles contenant au moins un intendant peuvent communiquer en privé de
    nuit" — RADIO [0]: "même si vous n'avez pas d'intendant." """
    state = game12({"Carla": "supervoix/obstacle"})
    evening = day(night(state, A("Alice", "sf.lancer.radio")).state)
    channels = {e["citadel"]: e["reason"] for e in events(evening, "night_channel")}
    assert channels == {"nord": "radio", "sud": "intendant"}


def test_a_refused_order_is_told_with_its_reason() -> None:
    outcome = resolve_night(game12(), [A("Alice", "sf.utiliser.recensement", "Bruno")], {})
    refused = events(outcome, "action_refused", "Alice")
    assert refused and "pas lancé" in refused[0]["reason"]


def test_a_project_destroyed_by_its_own_condition_is_told() -> None:
    """RADAR LONGUE PORTÉE: "Si un loup est détecté de cette manière, alors le projet est détruit." — the
    scientist learns it (he may not launch it again)."""
    state = ready(game12(), "Alice", "radar_longue_portee", 3)
    outcome = night(state, A("Alice", "sf.utiliser.radar_longue_portee", "Léo"))
    assert events(outcome, "project_destroyed", "Alice")[0]["project"] == "radar_longue_portee"


def test_a_project_relaunched_by_restauration_de_la_confiance_is_told_to_supervision() -> None:
    """SUPERVISION: "À chaque nouveau projet lancé par le scientifique de votre citadelle, vous êtes mis au
    courant" — RESTAURATION DE LA CONFIANCE's relaunch too (Félix has no SUPERVISION: given here)."""
    state = game12({"Félix": "supervision/intendant"})
    state = calm(
        state,
        A("David", "sf.lancer.politique"),
        A("Alice", "sf.lancer.sabotage"),
        A("Alice", "sf.utiliser.sabotage.est"),
    )
    state = ready(state, "David", "restauration_de_la_confiance", 3)
    outcome = night(
        state,
        A("David", "sf.utiliser.restauration_de_la_confiance.est"),
        answers={f"{state.phase}:restauration:David": "politique"},
    )
    assert events(outcome, "project_launched", "David")[0]["project"] == "politique"
    assert events(outcome, "supervision", "Félix") == [{"citadel": "est", "needed": 1, "player": "Félix"}]
