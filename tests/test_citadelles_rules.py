"""More `citadelles` rules through the engine's public functions: J0 at 16 players, targets each project
may name, the scientist who moves, the mayor's successor, the attacked scientist's last project."""

from __future__ import annotations

from meneur.engine.rulesets.citadelles.day import close_day
from meneur.engine.rulesets.citadelles.setup import setup
from meneur.engine.rulesets.citadelles.validation import validate
from meneur.tests.test_citadelles_engine import NAMES16, A, calm, day, deaths, events, game12, night


def test_sixteen_players_choose_sf_gm_cm_cs_and_only_the_cm_may_take_exchange() -> None:
    """ "Combattant-Mur (CM) et Combattant-Science (CS) à 16 joueurs" — "ÉCHANGE : seul un CM peut choisir
    ce pouvoir" — "il ne peut pas avoir plus d'un pouvoir simultanément"."""
    state = setup(NAMES16, seed=2)
    choices = [A(n, "citadelle.choisir", ("nord", "est", "sud", "ouest")[i // 4]) for i, n in enumerate(NAMES16)]
    state = close_day(state, {}, {}, (), choices).state
    assert state.phase == "J0-soir"
    asks = []
    for i, name in enumerate(NAMES16):
        role = ("sf", "gm", "cm", "cs")[i % 4]
        asks.append(A(name, f"habitant.{role}"))
        if role in ("cm", "cs"):
            asks.append(A(name, "habitant.echange"))
    outcome = close_day(state, {}, {}, (), asks)
    after = outcome.state
    assert after.player("P03").role == "cm" and after.player("P03").markers["pouvoirs"] == ("echange",)
    cs = after.player("P04")
    assert cs.role == "cs" and len(cs.markers["pouvoirs"]) == 1 and cs.markers["pouvoirs"] != ("echange",)
    assert events(outcome, "action_refused", "P04")


def test_each_project_names_what_its_text_says() -> None:
    """SABOTAGE: "Ciblez une autre citadelle"; MUTISME AMBIANT: "Ciblez une citadelle, éventuellement la
    vôtre"; PROTECTION: "Ciblez un joueur vivant de votre citadelle (éventuellement vous-même)"; VÉRITÉ:
    "Ciblez un autre joueur vivant de votre citadelle"; EXPLOSIF: "n'importe quel autre joueur"."""
    state = game12()
    assert validate(state, A("Alice", "sf.utiliser.sabotage.nord")) is not None
    assert validate(state, A("Alice", "sf.utiliser.sabotage.est")) is None
    assert validate(state, A("David", "sf.utiliser.protection", "David")) is None
    assert validate(state, A("David", "sf.utiliser.protection", "Alice")) is not None
    assert validate(state, A("Gaby", "sf.utiliser.verite", "Gaby")) is not None
    assert validate(state, A("Gaby", "sf.utiliser.verite", "Hugo")) is None
    assert validate(state, A("Jules", "sf.utiliser.explosif", "Jules")) is not None
    assert validate(state, A("Gaby", "sf.lancer.explosif")) is not None  # another citadel's project
    mute = calm(calm(calm(game12(), A("Gaby", "sf.lancer.mutisme_ambiant"))))
    assert validate(mute, A("Gaby", "sf.utiliser.mutisme_ambiant.sud")) is None


def test_one_project_at_a_time() -> None:
    """ "Chaque citadelle ne peut pas lancer plus d'un projet à la fois." """
    state = calm(game12(), A("Alice", "sf.lancer.recensement"))
    refused = validate(state, A("Alice", "sf.lancer.radio"))
    assert refused is not None and "un projet à la fois" in refused


def test_a_scientist_who_moves_does_nothing_else_that_night() -> None:
    """ "S'il se déplace durant la nuit, alors un scientifique [ne peut] rien faire d'autre pendant cette
    nuit." """
    state = calm(game12(), A("Hugo", "loups.attaquer", "Félix"))  # the East's CB
    state = calm(state, A("Hugo", "loups.attaquer", "Emma"))  # its GM: David is alone
    outcome = night(state, A("David", "sf.poste_gm"), A("David", "sf.lancer.politique"))
    assert outcome.state.player("David").role == "gm"
    assert not events(outcome, "project_launched", "David") and events(outcome, "action_refused", "David")


def test_the_attacked_scientist_still_uses_the_project_he_ordered() -> None:
    """RULINGS R12: the wolves' victim dies once this night's projects are known; his orders were given at
    dusk."""
    outcome = night(
        game12(),
        A("Jules", "sf.lancer.explosif"),
        A("Jules", "sf.utiliser.explosif", "Hugo"),
        A("Carla", "loups.attaquer", "Jules"),
    )
    assert sorted(deaths(outcome)) == [("Hugo", "explosif"), ("Jules", "loups")]


def test_a_dying_mayor_names_his_successor() -> None:
    """ "Maire : … S'il meurt, il désigne immédiatement son successeur." """
    state = game12()
    state = night(state).state
    state.mayor = "Alice"
    outcome = day(state, {n: "Alice" for n in state.living()}, {"J1:successeur:Alice": "Bruno"})
    assert deaths(outcome) == [("Alice", "bucher")] and outcome.state.mayor == "Bruno"


def test_a_player_without_a_morning_choice_is_placed_at_the_zenith() -> None:
    """R5: whoever chose no citadel debates with the over-filled ones; unplaced at the deadline, drawn."""
    state = setup([f"J{n:02d}" for n in range(12)], seed=9)
    choices = [A(f"J{n:02d}", "citadelle.choisir", ("nord", "est", "sud", "ouest")[n % 4]) for n in range(11)]
    zenith = close_day(state, {}, {}, (), choices).state
    assert zenith.phase == "J0-zenith" and "J11" not in zenith.memory["valides"]
    after = close_day(zenith, {}, {}, (), [A("J11", "citadelle.choisir", "ouest")])
    assert events(after, "citadels_final")[0]["how"] == "accord"
    assert after.state.player("J11").markers["citadelle"] == "ouest"


def test_a_single_post_left_is_untangled_without_a_draw() -> None:
    """ "Il essaie de démêler la situation, et si ce n'est pas possible alors il assigne les rôles au hasard
    pour cette citadelle." — one player silent, one post left: no draw for that citadel."""
    state = setup(NAMES16[:12], seed=3)
    choices = [A(n, "citadelle.choisir", ("nord", "est", "sud", "ouest")[i // 3]) for i, n in enumerate(NAMES16[:12])]
    state = close_day(state, {}, {}, (), choices).state
    asks = [A("P01", "habitant.sf"), A("P03", "habitant.cb")]  # P02 sends nothing
    outcome = close_day(state, {}, {}, (), asks)
    assert outcome.state.player("P02").role == "gm"
    assert not [e for e in events(outcome, "roles_drawn") if e["citadel"] == "nord"]


def test_using_a_project_not_yet_launched_launches_it() -> None:
    """« Je lance explosif sur Léo »: the launch and the use in one order — "S'il choisit un projet à
    utilisation immédiate, alors il peut s'en servir dans la foulée", and a [1] project "chargé à 100 %
    suite à cette charge" too."""
    outcome = night(game12(), A("Jules", "sf.utiliser.explosif", "Hugo"))
    assert deaths(outcome) == [("Hugo", "explosif")]
    assert events(outcome, "project_launched", "Jules")


def test_connaissance_launched_is_used_at_once() -> None:
    """CONNAISSANCE [0] names nothing and is not destroyed by its use: launched, it tells the powers the
    same night (« Je lance connaissance »), as "il peut s'en servir dans la foulée"."""
    outcome = night(game12(), A("David", "sf.lancer.connaissance"))
    assert events(outcome, "project_result", "David")[0]["powers"] == {"Félix": ["obstacle", "annulation"]}


def test_roles_without_groups_are_read_citadel_by_citadel() -> None:
    """A configuration's [[players]] holds a role each, no group: listed citadel by citadel."""
    roles = {n: r for n, r in zip(NAMES16[:12], ["sf", "gm", "cb/supervoix/intendant"] * 4, strict=True)}
    state = setup(NAMES16[:12], seed=1, roles=roles)
    assert state.phase == "N1" and state.player("P04").markers["citadelle"] == "est"


def test_the_orders_a_player_may_send_now() -> None:
    """What the role card lists and a reply to an MP not understood offers: the SF his own citadel's
    projects not destroyed, a fighter ANNULATION while unused, nobody else's powers."""
    from meneur.engine.rulesets.citadelles.cards import powers_of

    state = game12()
    assert "sf.lancer.explosif" in powers_of(state, "Jules") and "sf.lancer.radio" not in powers_of(state, "Jules")
    assert "sf.utiliser.sabotage.est" in powers_of(state, "Alice")
    assert powers_of(state, "Léo") == ["cb.annuler"]
    assert powers_of(state, "Bruno") == []
    after = calm(state, A("Léo", "cb.annuler"))
    assert powers_of(after, "Léo") == []


def test_a_j0_evening_state_from_citadels_without_posts() -> None:
    """Every role `habitant` with the citadels given: the game at J0's evening (an MP corpus, a scenario
    starting at the roles' choice)."""
    names = NAMES16[:12]
    state = setup(
        names, seed=1, roles={n: "habitant" for n in names}, groups={n: i // 3 + 1 for i, n in enumerate(names)}
    )
    assert state.phase == "J0-soir" and state.player("P12").markers["citadelle"] == "ouest"
    outcome = close_day(state, {}, {}, (), [A("P01", "habitant.sf")])
    assert outcome.state.player("P01").role == "sf" and outcome.state.phase == "N1"


def test_tables_naming_other_players_are_read_for_this_games_players_only() -> None:
    """An MP corpus lays one game's tables over smaller games: names not in the game are not its players."""
    names = NAMES16[:12]
    camps = {n: "loups" for n in ("P01", "P05", "P09", "P16")}  # P16 plays another game
    state = setup(names, seed=1, camps=camps)
    assert sorted(p.name for p in state.players if p.camp == "loups") == ["P01", "P05", "P09"]


def test_the_mayors_zenith_post_is_his_announcement() -> None:
    """The mayor's distribution read from his post as the answer to J0-zenith:annonce_maire (a scenario's
    mayor_post, the live daemon's reading of the mayor's posts)."""
    from meneur.engine.rulesets.citadelles.posts import mayor_announcement

    names = NAMES16[:12]
    state = setup(names, seed=3)
    choices = [
        A(n, "citadelle.choisir", c)
        for n, c in zip(names, ["nord"] * 5 + ["est"] * 3 + ["sud"] * 2 + ["ouest"] * 2, strict=True)
    ]
    zenith = close_day(state, {n: "P06" for n in names}, {}, (), choices).state
    answer = mayor_announcement("Répartition : P01 → Sud, P02 → l'Ouest", zenith)
    assert answer == "P01=sud, P02=ouest"
    after = close_day(zenith, {}, {"J0-zenith:annonce_maire": answer})
    final = events(after, "citadels_final")[0]
    assert final["how"] == "maire" and "P01" in final["citadels"]["sud"]


def test_a_night_order_sent_on_j0s_evening_is_refused_with_the_reason() -> None:
    """The evening is still day (« on est toujours de jour »): a wolf's attack sent then is refused, told."""
    names = NAMES16[:12]
    state = setup(
        names, seed=1, roles={n: "habitant" for n in names}, camps={"P01": "loups", "P02": "loups", "P03": "loups"}
    )
    outcome = close_day(state, {}, {}, (), [A("P01", "loups.attaquer", "P05")])
    refused = events(outcome, "action_refused", "P01")
    assert refused and "nuit" in refused[0]["reason"]


def test_a_post_asked_too_early_is_refused_with_the_reason() -> None:
    """The posts are chosen on J0's evening: an MP asking one in the morning is told so."""
    state = setup(NAMES16[:12], seed=1)
    outcome = close_day(state, {}, {}, (), [A("P01", "habitant.sf")])
    assert "soir du jour 0" in events(outcome, "action_refused", "P01")[0]["reason"]


def test_the_mayor_may_list_the_validated_players_where_they_are() -> None:
    """R6: the mayor distributes "les joueurs des citadelles surpeuplées"; a post that also lists the
    validated players where they already are is still his distribution (a validated player moved is not:
    the MJ is told)."""
    names = NAMES16[:12]
    state = setup(names, seed=3)
    wanted = ["nord"] * 5 + ["est"] * 3 + ["sud"] * 2 + ["ouest"] * 2
    zenith = close_day(
        state,
        {n: "P06" for n in names},
        {},
        (),
        [A(n, "citadelle.choisir", c) for n, c in zip(names, wanted, strict=True)],
    ).state
    answer = "P01=sud, P02=ouest, P06=est, P09=sud, P10=nord"  # P06 and P09 are validated: P06 stays, P10 would move
    outcome = close_day(zenith, {}, {"J0-zenith:annonce_maire": answer})
    final = events(outcome, "citadels_final")[0]
    assert final["how"] == "maire" and "P01" in final["citadels"]["sud"] and "P10" in final["citadels"]["sud"]
    assert events(outcome, "distribution_ignored")[0]["players"] == ["P10"]
