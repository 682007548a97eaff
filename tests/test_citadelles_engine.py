"""The `citadelles` rules through the engine's public functions, each expectation from the rule file
(shared/rules/000_e44f1ff8762b1b6f.txt, lines 397–672) quoted above its test."""

from __future__ import annotations

from typing import Any

import pytest
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets import ruleset
from meneur.engine.rulesets.citadelles import DAWN_ORDER, phase_after
from meneur.engine.rulesets.citadelles.dawn import resolve_night
from meneur.engine.rulesets.citadelles.day import close_day, day_tally
from meneur.engine.rulesets.citadelles.posts import mayor_announcement, read_post
from meneur.engine.rulesets.citadelles.setup import setup
from meneur.engine.rulesets.citadelles.validation import validate

# Four citadels of three, listed citadel by citadel (1 nord, 2 est, 3 sud, 4 ouest): SF, GM, CB.
NAMES12 = ["Alice", "Bruno", "Carla", "David", "Emma", "Félix", "Gaby", "Hugo", "Inès", "Jules", "Katia", "Léo"]
WOLVES12 = {"Carla": "loups", "Hugo": "loups", "Léo": "loups"}  # the North's CB, the South's GM, the West's CB


def game12(powers: dict[str, str] | None = None, wolves: dict[str, str] | None = None) -> GameState:
    powers = {"Carla": "supervoix/intendant", "Félix": "obstacle/annulation", "Inès": "supervision/intendant",
              "Léo": "supervoix/annulation", **(powers or {})}  # fmt: skip
    roles = {}
    for index, name in enumerate(NAMES12):
        role = ("sf", "gm", "cb")[index % 3]
        roles[name] = f"cb/{powers[name]}" if role == "cb" else role
    groups = {name: index // 3 + 1 for index, name in enumerate(NAMES12)}
    return setup(NAMES12, seed=11, roles=roles, camps=wolves or WOLVES12, groups=groups)


NAMES16 = [f"P{n:02d}" for n in range(1, 17)]  # citadel by citadel: SF, GM, CM, CS


def game16(powers: dict[str, str] | None = None) -> GameState:
    roles, groups = {}, {}
    for index, name in enumerate(NAMES16):
        role = ("sf", "gm", "cm", "cs")[index % 4]
        default = "supervoix" if role == "cm" else "obstacle"
        roles[name] = f"{role}/{(powers or {}).get(name, default)}" if role in ("cm", "cs") else role
        groups[name] = index // 4 + 1
    wolves = {n: "loups" for n in ("P02", "P07", "P12", "P13")}
    return setup(NAMES16, seed=5, roles=roles, camps=wolves, groups=groups)


def night(state: GameState, *actions: Action, answers: dict[str, str] | None = None) -> Outcome:
    for action in actions:
        assert validate(state, action) is None, (action, validate(state, action))
    return resolve_night(state, list(actions), answers or {})


def day(state: GameState, votes: dict[str, str] | None = None, answers: dict[str, str] | None = None) -> Outcome:
    return close_day(state, votes or {}, answers or {})


def A(player: str, power: str, *targets: str) -> Action:
    return Action(player, power, tuple(targets))


def deaths(outcome: Outcome) -> list[tuple[str, str]]:
    return [(e.data["player"], e.data["cause"]) for e in outcome.events if e.type == "death"]


def events(outcome: Outcome, type: str, to: str | None = None) -> list[dict[str, Any]]:
    return [e.data for e in outcome.events if e.type == type and (to is None or to in e.to)]


def calm(state: GameState, *actions: Action, answers: dict[str, str] | None = None) -> GameState:
    """A night with the given orders, then a day without votes: the state of the next night."""
    after = night(state, *actions, answers=answers).state
    assert after.winner is None
    return day(after).state


# -- setup --------------------------------------------------------------------------------------
def test_twelve_players_play_with_three_wolves_and_sixteen_with_four() -> None:
    """ "Pour 12 joueurs avec 3 loups, ou 16 joueurs avec 4 loups." """
    twelve = setup(NAMES12, seed=3)
    sixteen = setup(NAMES16, seed=3)
    assert sum(p.camp == "loups" for p in twelve.players) == 3
    assert sum(p.camp == "loups" for p in sixteen.players) == 4
    assert twelve.phase == "J0-matin" and {p.role for p in twelve.players} == {"habitant"}
    with pytest.raises(ValueError, match="12 or 16"):
        setup(NAMES12[:11], seed=3)


def test_the_rule_set_is_found_by_id_and_j0_has_three_phases() -> None:
    """ "Le jour 0 est séparé en trois phases séparées par des deadlines." """
    assert ruleset("citadelles").id == "citadelles"
    assert [phase_after(p) for p in ("J0-matin", "J0-zenith", "J0-soir", "N1", "J1")] == [
        "J0-zenith", "J0-soir", "N1", "J1", "N2",
    ]  # fmt: skip


# -- J0 -----------------------------------------------------------------------------------------
BY_THREE = ["nord"] * 3 + ["est"] * 3 + ["sud"] * 3 + ["ouest"] * 3


def _morning(choices: list[str], votes: dict[str, str]) -> Outcome:
    state = setup(NAMES12, seed=3)
    actions = [A(n, "citadelle.choisir", c) for n, c in zip(NAMES12, choices, strict=True)]
    return close_day(state, votes, {}, (), actions)


def test_balanced_citadels_are_validated_at_once_and_the_zenith_is_skipped() -> None:
    """ "À 12 joueurs, s'il y a déjà 3 joueurs par citadelle, alors leurs choix de citadelle sont
    immédiatement validés, il n'y a pas de débat." """
    outcome = _morning(BY_THREE, {n: "Bruno" for n in NAMES12})
    assert outcome.state.phase == "J0-soir"
    assert outcome.state.mayor == "Bruno"
    final = events(outcome, "citadels_final")
    assert final[0]["how"] == "immediat" and final[0]["citadels"]["nord"] == ["Alice", "Bruno", "Carla"]


def test_a_tie_for_mayor_is_drawn_among_the_first() -> None:
    """ "En cas d'égalité en tête du vote du maire, il le sélectionne au hasard parmi ceux étant arrivé
    premier." """
    votes = {n: ("Alice" if i % 2 else "Bruno") for i, n in enumerate(NAMES12)}
    outcome = _morning(BY_THREE, votes)
    elected = events(outcome, "mayor_elected")[0]
    assert elected["drawn"] is True and elected["player"] in ("Alice", "Bruno")


def test_unbalanced_citadels_keep_the_under_filled_choices_and_debate_the_rest() -> None:
    """ "Tous les joueurs situés dans une citadelle contenant 3 joueurs ou moins ont leur choix validé. Les
    autres doivent débattre … Si les joueurs parviennent à se mettre d'accord, alors les choix sont validés." """
    choices = ["nord"] * 5 + ["est"] * 3 + ["sud"] * 2 + ["ouest"] * 2
    outcome = _morning(choices, {n: "Alice" for n in NAMES12})
    state = outcome.state
    assert state.phase == "J0-zenith"
    # Emma (a validated East) may not change; Alice…Emma's North five debate.
    assert validate(state, A("Félix", "citadelle.choisir", "sud")) is not None
    assert validate(state, A("Alice", "citadelle.choisir", "sud")) is None
    moves = [A("Alice", "citadelle.choisir", "sud"), A("Bruno", "citadelle.choisir", "ouest")]
    after = close_day(state, {}, {}, (), moves)
    assert after.state.phase == "J0-soir"
    final = events(after, "citadels_final")[0]
    assert final["how"] == "accord"
    assert all(len(v) == 3 for v in final["citadels"].values())


def test_without_agreement_the_mayor_distributes_from_his_post() -> None:
    """ "Le MJ stoppe les débats et demande au maire de répartir selon son choix les joueurs des citadelles
    surpeuplées dans les autres citadelles sous-peuplées. Les choix sont alors validés." """
    choices = ["nord"] * 5 + ["est"] * 3 + ["sud"] * 2 + ["ouest"] * 2
    state = _morning(choices, {n: "Inès" for n in NAMES12}).state
    assert state.mayor == "Inès"
    assert read_post(state, "Inès", "Ma répartition : Alice au Sud, Bruno à l'Ouest")[-1].targets == (
        "Alice=sud",
        "Bruno=ouest",
    )
    post = "Bon, je tranche.\n[b]Répartition : Alice → Sud, Bruno -> l'Ouest[/b]"
    actions = read_post(state, "Inès", post)
    after = close_day(state, {}, {}, (), actions)
    final = events(after, "citadels_final")[0]
    assert final["how"] == "maire"
    assert "Alice" in final["citadels"]["sud"] and "Bruno" in final["citadels"]["ouest"]


def test_without_agreement_nor_distribution_the_places_are_drawn_and_the_validated_stay() -> None:
    choices = ["nord"] * 6 + ["est"] * 2 + ["sud"] * 2 + ["ouest"] * 2
    state = _morning(choices, {n: "Alice" for n in NAMES12}).state
    after = close_day(state, {}, {}, (), [])
    assert [q.id for q in after.questions] == ["J0-zenith:annonce_maire"]
    final = events(after, "citadels_final")[0]
    assert final["how"] == "tirage"
    assert all(len(v) == 3 for v in final["citadels"].values())
    for name, wanted in zip(NAMES12, choices, strict=True):
        if wanted != "nord":
            assert name in final["citadels"][wanted]


def test_the_evening_keeps_uncontested_roles_and_draws_the_contested_ones() -> None:
    """ "Si le MJ détecte des anomalies (par exemple deux joueurs d'une même citadelle qui veulent le même
    poste), il essaie de démêler la situation, et si ce n'est pas possible alors il assigne les rôles au
    hasard pour cette citadelle." — and at 12 "les combattants doivent aussi chacun choisir un deuxième
    pouvoir"."""
    state = _morning(BY_THREE, {}).state
    north = ["Alice", "Bruno", "Carla"]
    actions = [A("Alice", "habitant.sf"), A("Bruno", "habitant.sf"), A("Carla", "habitant.gm")]
    actions += [A(n, "habitant.cb") for n in NAMES12 if n not in north]
    actions += [A(n, "habitant.supervoix") for n in NAMES12]
    outcome = close_day(state, {}, {}, (), actions)
    roles = {n: outcome.state.player(n).role for n in NAMES12}
    assert roles["Carla"] == "gm" and sorted([roles["Alice"], roles["Bruno"]]) == ["cb", "sf"]
    assert events(outcome, "roles_drawn")[0]["citadel"] == "nord"
    for citadel in ("est", "sud", "ouest"):  # three asked CB: all drawn there
        inside = [n for n in NAMES12 if outcome.state.player(n).markers["citadelle"] == citadel]
        assert sorted(roles[n] for n in inside) == ["cb", "gm", "sf"]
    fighter = next(n for n in north if roles[n] == "cb")
    held = outcome.state.player(fighter).markers["pouvoirs"]
    assert len(held) == 2 and "supervoix" in held and len(set(held)) == 2
    assert outcome.state.phase == "N1"


def test_exchange_exists_only_at_sixteen() -> None:
    """ "(16 joueurs seulement) ÉCHANGE : seul un CM peut choisir ce pouvoir" """
    state = _morning(BY_THREE, {}).state
    assert validate(state, A("Alice", "habitant.echange")) is not None
    assert validate(state, A("Alice", "habitant.cm")) is not None  # no CM at 12


def test_the_citadel_choice_is_read_from_posts_not_from_chatter() -> None:
    state = setup(NAMES12, seed=3)
    assert read_post(state, "Alice", "[b]Citadelle : Säkoura[/b]") == [A("Alice", "citadelle.choisir", "est")]
    assert read_post(state, "Alice", "Je vais à l'Ouest finalement") == [A("Alice", "citadelle.choisir", "ouest")]
    assert read_post(state, "Alice", "Citadelle : Est\nà plus") == [A("Alice", "citadelle.choisir", "est")]
    assert read_post(state, "Alice", "Je vais au Nord, l'Est est plein") == [A("Alice", "citadelle.choisir", "nord")]
    assert read_post(state, "Alice", "Le Nord a de bons projets, l'Est aussi.") == []
    assert read_post(state, "Alice", "[color=brown][b]Je vote contre Bruno[/b][/color]") == []
    assert read_post(state, "Alice", "[quote=Bruno]Je vais au Sud[/quote]Bof.") == []


# -- the dawn -----------------------------------------------------------------------------------
def test_the_dawn_follows_the_files_order() -> None:
    """North wall, charge turns, wolves' attack, projects, (double votes), South wall, moves."""
    assert DAWN_ORDER == ("mur_nord", "charges", "loups", "projets", "mur_ouest_votes", "mur_sud", "deplacements")


def test_the_wolves_cannot_target_a_wolf_and_kill_an_unprotected_villager() -> None:
    """ "Une cible villageoise vivante (impossible de choisir un loup comme cible). Durant l'aube, si la cible
    n'est pas protégée, alors elle mourra." """
    state = game12()
    assert validate(state, A("Carla", "loups.attaquer", "Hugo")) is not None
    outcome = night(state, A("Carla", "loups.attaquer", "David"))
    assert deaths(outcome) == [("David", "loups")]
    death = events(outcome, "death")[0]
    assert death["camp"] == "village" and death["role"] == "sf"


def test_a_project_needs_its_charge_turns_before_use() -> None:
    """ "[2] nécessite deux nuits de charge" — and "si le projet est chargé à 100 % suite à cette charge,
    alors il peut l'utiliser dans la foulée"."""
    state = game12()
    assert validate(state, A("Alice", "sf.utiliser.recensement", "Carla")) is not None  # not launched: [2]
    state = calm(state, A("Alice", "sf.lancer.recensement"))
    outcome = night(state, A("Alice", "sf.utiliser.recensement", "Carla"))
    assert events(outcome, "project_result", "Alice") == [
        {"project": "recensement", "target": "Carla", "camp": "loups", "player": "Alice"}
    ]


def test_an_immediate_project_is_used_the_night_it_is_launched_and_a_single_use_one_is_gone() -> None:
    """ "S'il choisit un projet à utilisation immédiate, alors il peut s'en servir dans la foulée" and
    "Un projet détruit ne peut plus être lancé jusqu'à la fin de la partie (pour la citadelle concernée
    seulement)." """
    state = game12()
    outcome = night(state, A("David", "sf.lancer.protection"), A("David", "sf.utiliser.protection", "Emma"))
    assert events(outcome, "project_result", "David")[0]["target"] == "Emma"
    after = day(outcome.state).state
    assert validate(after, A("David", "sf.lancer.protection")) is not None
    assert validate(after, A("Gaby", "sf.lancer.protection")) is None  # the South's is another project


def test_protection_saves_the_wolves_victim_and_destroys_the_other_protections_even_unlaunched() -> None:
    """ "Si le joueur ciblé devrait mourir durant cette nuit à cause de l'attaque des loups, il survit et les
    projets PROTECTION des autres citadelles qui en ont sont aussi détruits, même ceux non-lancés." """
    state = game12()
    outcome = night(
        state,
        A("David", "sf.lancer.protection"),
        A("David", "sf.utiliser.protection", "Emma"),
        A("Hugo", "loups.attaquer", "Emma"),
    )
    assert deaths(outcome) == []
    after = day(outcome.state).state
    assert validate(after, A("Gaby", "sf.lancer.protection")) is not None
    assert validate(after, A("Jules", "sf.lancer.protection")) is not None


def test_an_unused_protection_does_not_destroy_the_others() -> None:
    state = game12()
    outcome = night(state, A("David", "sf.lancer.protection"), A("David", "sf.utiliser.protection", "Emma"))
    after = day(outcome.state).state
    assert validate(after, A("Gaby", "sf.lancer.protection")) is None


def test_sabotage_destroys_the_current_project_unless_a_fighter_has_obstacle() -> None:
    """ "Le projet courant de cette citadelle est détruit sauf si elle comporte un combattant avec le
    pouvoir OBSTACLE." (the East's Félix has OBSTACLE, the South's Inès has not)"""
    state = calm(game12(), A("David", "sf.lancer.politique"), A("Gaby", "sf.lancer.verite"))
    outcome = night(state, A("Alice", "sf.lancer.sabotage"), A("Alice", "sf.utiliser.sabotage.sud"))
    assert events(outcome, "project_destroyed", "Gaby")
    after = day(outcome.state).state
    assert validate(after, A("Gaby", "sf.lancer.verite")) is not None
    outcome = night(after, A("Jules", "sf.lancer.sabotage"), A("Jules", "sf.utiliser.sabotage.est"))
    assert not events(outcome, "project_destroyed", "David")


def test_the_paper_walls_stop_every_death_but_the_wolves_and_the_pyre_while_the_gm_lives() -> None:
    """ "Les joueurs présents dans cette citadelle ne peuvent mourir que par l'attaque des loups ou le
    bûcher, pas par d'autre moyen" (East, while its GM lives). EXPLOSIF [1]: "Ciblez n'importe quel autre
    joueur. Ce joueur meurt." """
    state = game12()
    outcome = night(state, A("Jules", "sf.lancer.explosif"), A("Jules", "sf.utiliser.explosif", "David"))
    assert deaths(outcome) == []
    state = day(outcome.state).state
    outcome = night(state, A("Jules", "sf.utiliser.explosif", "Emma"), A("Carla", "loups.attaquer", "Emma"))
    assert deaths(outcome) == [("Emma", "loups")]
    state = day(outcome.state).state
    assert deaths(night(state, A("Jules", "sf.utiliser.explosif", "David"))) == [("David", "explosif")]


def test_the_north_walls_shield_the_survivors_the_next_night_and_give_one_white_pyre() -> None:
    """ "À chaque fois qu'un joueur de cette citadelle meurt (le gardien compte), les survivants ne peuvent
    pas être ciblés pendant la prochaine nuit, et s'ils devaient être brûlés pendant la prochaine journée,
    ils survivent, sauf si un joueur de cette citadelle a déjà permis un bûcher blanc de la sorte." """
    state = game12()
    outcome = night(state, A("Hugo", "loups.attaquer", "Alice"))  # the North's SF dies at N1
    assert deaths(outcome) == [("Alice", "loups")]
    j1 = outcome.state
    pyre = day(j1, {n: "Bruno" for n in j1.living()})
    assert events(pyre, "white_pyre") == [{"player": "Bruno", "citadel": "nord"}] and deaths(pyre) == []
    n2 = pyre.state
    assert validate(n2, A("Hugo", "loups.attaquer", "Bruno")) is not None
    j2 = night(n2, A("Hugo", "loups.attaquer", "David")).state
    # Nobody of the North died since N1: no shield for J2.
    assert deaths(day(j2, {n: "Bruno" for n in j2.living()})) == [("Bruno", "bucher")]


def test_the_north_allows_only_one_white_pyre_per_game() -> None:
    state = game12()
    j1 = night(state, A("Hugo", "loups.attaquer", "Alice")).state
    n2 = day(j1, {n: "Bruno" for n in j1.living()}).state  # white pyre
    n2 = night(n2, A("Jules", "sf.lancer.explosif")).state  # Jules' EXPLOSIF gets its charge
    # Bruno (the North's GM) is blown up at N3: the walls trigger again, but the white pyre is spent.
    j3 = night(day(n2).state, A("Jules", "sf.utiliser.explosif", "Bruno")).state
    assert not j3.player("Bruno").alive
    assert deaths(day(j3, {n: "Carla" for n in j3.living()})) == [("Carla", "bucher")]


def test_the_south_walls_tell_the_south_who_targeted_it_from_outside() -> None:
    """ "À chaque fois qu'un joueur de cette citadelle est ciblé … (y compris pour l'attaque des loups si le
    tueur choisi par eux est dans une autre citadelle), tous les joueurs vivants de la citadelle sont mis au
    courant, et sont aussi informés de quelle citadelle provient l'effet." """
    state = game12()
    outcome = night(state, A("Hugo", "loups.attaquer", "Gaby"), A("Hugo", "loups.tueur", "Carla"))
    told = events(outcome, "sud_observation", "Inès")
    assert told == [{"source": "nord", "target": "Gaby"}]
    assert events(outcome, "sud_observation", "Hugo")  # every living inhabitant, the wolf too
    quiet = night(game12(), A("Carla", "loups.attaquer", "Gaby"), A("Carla", "loups.tueur", "Hugo"))
    assert not events(quiet, "sud_observation")  # the killer lives in the South


def test_the_west_walls_double_the_west_votes_the_next_day_and_bonuses_add_up() -> None:
    """ "Chaque nuit se déclenche un pouvoir qui fait que durant la prochaine journée, les voix de tous les
    membres vivants de la citadelle comptent double." SUPERVOIX: "Elle peut même valoir quadruple si elle se
    cumule à un autre effet." """
    j1 = night(game12()).state
    result, _ = day_tally(j1, {"Jules": "Alice", "Léo": "Alice", "Carla": "Bruno", "Alice": "Bruno"})
    assert result.as_dict() == {"Alice": 2 + 4, "Bruno": 2 + 1}


def test_decadence_cancels_the_bonuses_and_mutisme_the_votes() -> None:
    """DÉCADENCE: "tous les éventuels bonus de vote des joueurs de cette citadelle sont annulés. Le MJ
    l'indique par un message au matin." """
    state = game12()
    outcome = night(state, A("Alice", "sf.lancer.decadence"), A("Alice", "sf.utiliser.decadence.ouest"))
    assert events(outcome, "decadence") == [{"citadel": "ouest"}]
    result, _ = day_tally(outcome.state, {"Jules": "Alice", "Léo": "Alice"})
    assert result.as_dict() == {"Alice": 2}


def test_a_fighter_fills_a_dead_scientists_post_at_the_next_dawn_and_loses_his_powers() -> None:
    """ "Si une place de SF ou GM est vacante, alors le combattant (CB) s'y rend automatiquement pendant
    l'aube … Un combattant qui change de poste … perd donc son (ses) pouvoir(s)." The dawn's last step:
    "Déplacements dans les citadelles (sauf pour ceux qui sont morts pendant la nuit)" (RULINGS: a post
    emptied this night is filled at the next dawn). SUPERVOIX: "Si à un moment vous perdez votre supervoix
    … au matin le MJ l'annonce aussi." """
    state = game12()
    outcome = night(state, A("Hugo", "loups.attaquer", "Jules"))
    assert outcome.state.player("Léo").role == "cb"
    outcome = night(day(outcome.state).state)
    after = outcome.state
    assert after.player("Léo").role == "sf" and "pouvoirs" not in after.player("Léo").markers
    assert events(outcome, "supervoix_lost") == [{"player": "Léo"}]
    assert events(outcome, "sf_briefing", "Léo")


def test_a_gm_killed_at_night_leaves_the_walls_down_the_next_night() -> None:
    """ "Si un gardien des murs a été tué de la sorte, alors les autres joueurs savent que le pouvoir des
    murs de cette citadelle sera désactivé au moins pendant la prochaine nuit." (the West's walls: no double
    votes after the night without a GM)"""
    state = game12()
    j1 = night(state, A("Hugo", "loups.attaquer", "Katia")).state
    assert day_tally(j1, {"Jules": "Alice"})[0].as_dict() == {"Alice": 1}  # the walls fell at the dawn's attack
    j2 = night(day(j1).state).state
    assert day_tally(j2, {"Jules": "Alice"})[0].as_dict() == {"Alice": 1}  # still down during N2
    assert j2.player("Léo").role == "gm"
    j3 = night(day(j2).state).state
    assert day_tally(j3, {"Jules": "Alice"})[0].as_dict() == {"Alice": 2}


def test_at_sixteen_the_cm_goes_to_the_walls_and_the_cs_to_the_lab() -> None:
    """ "À 16 joueurs, si c'est la place de GM qui est vacante, alors le CM s'il est vivant va
    automatiquement au poste de GM. Sinon, c'est le CS." """
    state = game16()
    outcome = night(state, A("P02", "loups.attaquer", "P06"))  # the East's GM
    assert events(outcome, "death")[0]["shown_role"] == "gm"
    outcome = night(day(outcome.state).state, A("P02", "loups.attaquer", "P08"))  # the East's CS
    assert outcome.state.player("P07").role == "gm"
    assert events(outcome, "death")[0]["shown_role"] == "combattant"


def test_the_last_survivor_chooses_his_post() -> None:
    """ "Pour chaque citadelle ne comptant plus qu'un joueur, celui-ci doit choisir d'aller (ou de rester)
    au poste de SF ou de GM." """
    state = game12()
    state = calm(state, A("Hugo", "loups.attaquer", "David"))  # the East's SF
    state = calm(state, A("Hugo", "loups.attaquer", "Emma"))  # its GM; Félix (CB) became SF at this dawn
    assert state.player("Félix").role == "sf"
    assert validate(state, A("Félix", "sf.poste_gm")) is None
    outcome = night(state, A("Félix", "sf.poste_gm"))
    assert outcome.state.player("Félix").role == "gm"


def test_exchange_swaps_the_cm_and_the_gm_and_the_new_fighter_picks_a_power() -> None:
    """ÉCHANGE: "chaque nuit, il peut choisir d'échanger de rôle avec le gardien des murs de sa citadelle. À
    chaque fois qu'un échange a lieu, le nouveau gardien perd son pouvoir et le nouveau combattant peut
    choisir un nouveau pouvoir." """
    state = game16({"P03": "echange"})
    outcome = night(state, A("P03", "cm.echanger"), answers={"N1:pouvoir:P02": "intendant"})
    after = outcome.state
    assert after.player("P03").role == "gm" and after.player("P02").role == "cm"
    assert after.player("P02").markers["pouvoirs"] == ("intendant",)


def test_annulation_destroys_the_own_project_once() -> None:
    """ANNULATION: "Une fois par partie, vous pouvez détruire le projet en cours de votre citadelle." """
    state = calm(game12(), A("Jules", "sf.lancer.explosif"))
    outcome = night(state, A("Léo", "cb.annuler"), A("Jules", "sf.utiliser.explosif", "Alice"))
    assert deaths(outcome) == []
    after = day(outcome.state).state
    assert validate(after, A("Léo", "cb.annuler")) is not None


def test_nuit_sans_lune_hides_the_camp_of_the_dead() -> None:
    """NUIT SANS LUNE [2]: "À chaque fois qu'il y a un mort, le MJ n'annonce plus son camp." """
    state = calm(game12(), A("David", "sf.lancer.nuit_sans_lune"))
    outcome = night(state, A("Hugo", "loups.attaquer", "Alice"))
    assert events(outcome, "death")[0]["camp"] is None


# -- days and winning ---------------------------------------------------------------------------
def test_a_tie_is_the_mayors_to_break_by_his_one_message() -> None:
    """ "Les joueurs ne peuvent plus utiliser le forum, sauf le maire s'il doit trancher l'égalité du vote." """
    state = night(game12()).state
    state.mayor = "Alice"
    votes = {"Alice": "Bruno", "Bruno": "Alice"}
    open_ = day(state, votes)
    assert [q.id for q in open_.questions] == ["J1:annonce_maire"]
    answer = mayor_announcement("Je tranche : Bruno est brûlé, désolée.", state)
    assert answer == "Bruno"
    text = "Égalité, donc je tranche : Bruno est brûlé. Désolée Bruno, ton vote contre Alice m'a paru bizarre."
    assert mayor_announcement(text, state) == "Bruno"
    assert mayor_announcement("Je n'arrive pas à choisir, désolée.", state) == "aucun"
    assert deaths(day(state, votes, {"J1:annonce_maire": answer})) == [("Bruno", "bucher")]


def test_the_win_is_checked_in_the_morning_only_and_the_mj_may_end_early() -> None:
    """ "Les conditions de victoire ne sont vérifiées que durant le matin de chaque jour, mais si … l'issue
    de la partie devient claire pour le MJ … alors il peut l'abréger." """
    state = game12(wolves={"Carla": "loups", "Hugo": "loups", "Léo": "loups"})
    state.phase = "J1"
    for wolf in ("Carla", "Hugo"):
        state.player(wolf).alive = False
    outcome = day(state, {n: "Léo" for n in state.living()})
    assert outcome.state.winner is None and outcome.state.phase == "N2"
    assert [q.id for q in outcome.questions] == ["J1:fin_anticipee"]
    ended = day(state, {n: "Léo" for n in state.living()}, {"J1:fin_anticipee": "oui"})
    assert ended.state.winner == "village"


def test_equal_wolves_and_villagers_win_for_the_wolves() -> None:
    """Cas 2: "Si le nombre de loups devient égal au nombre de villageois, alors ils gagnent aussi sauf …
    cas 3." """
    state = game12()
    for name in ("Bruno", "David", "Emma", "Gaby", "Inès", "Katia"):
        state.player(name).alive = False
    outcome = night(state, A("Hugo", "loups.attaquer", "Alice"))  # 3 wolves, 2 villagers left
    assert outcome.state.winner == "loups"


def test_case_three_one_citadel_left_with_a_wolf_wins_for_its_inhabitants_dead_included() -> None:
    """Cas 3: "Si … les seuls joueurs encore en vie sont habitants d'une seule citadelle et que parmi eux il
    y a au moins un loup, au moins un villageois, et que les villageois vivants sont en nombre égal ou
    supérieur au nombre de loups vivants, alors tous les habitants de cette citadelle (même morts) gagnent." """
    state = game12()
    for name in NAMES12:
        if name not in ("Alice", "Bruno", "Carla", "Jules"):
            state.player(name).alive = False
    outcome = night(state, A("Carla", "loups.attaquer", "Jules"))  # the North alone: Alice, Bruno, Carla (wolf)
    assert outcome.state.winner == "citadelle_nord"
    assert events(outcome, "game_over")[0]["winners"] == ["Alice", "Bruno", "Carla"]
