"""The `classique` rules through the engine's public functions (actions already resolved)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.engine.model import Action, GameState
from meneur.engine.rulesets import classique
from meneur.engine.rulesets.classique import close_day, resolve_night, setup, validate

NAMES = ["Alice", "Bob", "Carole", "David", "Eve", "Fanny", "Gaston", "Hugo"]


def game(roles: dict[str, str], phase: str = "J0") -> GameState:
    state = setup(list(roles), seed=7, roles=roles)
    state.phase = phase
    return state


def deaths(outcome) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(e.data["player"], e.data["cause"]) for e in outcome.events if e.type == "death"]


BASE = {"Alice": "seigneur_loup", "Bob": "voyante", "Carole": "salvateur", "David": "sorciere",
        "Eve": "chasseur", "Fanny": "ancien", "Gaston": "idiot_du_village", "Hugo": "bouc_emissaire"}  # fmt: skip


def test_setup_deals_characters_one_to_n_from_the_seed() -> None:
    first = setup(NAMES, seed=1)
    again = setup(NAMES, seed=1)
    other = setup(NAMES, seed=2)
    assert sorted(p.role for p in first.players) == sorted(classique.ROLE_ORDER[:8])
    assert [p.role for p in first.players] == [p.role for p in again.players]
    assert [p.role for p in first.players] != [p.role for p in other.players]
    assert {p.camp for p in first.players if p.role in ("seigneur_loup", "loup_assommeur")} == {"loups"}


def test_setup_gives_tokens_and_refuses_unknown_or_too_many_characters() -> None:
    dealt = setup([*NAMES, "Ines", "Jules", "Karim", "Lea"], seed=3)  # 12 players: the Berger and the Ancien
    tokens = {p.role: p.markers for p in dealt.players if p.markers}
    assert tokens == {"berger": {"moutons": 3}, "ancien": {"vies": 2}}
    given = game({**BASE, "Hugo": "berger"})
    assert given.player("Hugo").markers == {"moutons": 3} and given.player("Fanny").markers == {"vies": 2}
    assert [(p.role, p.camp) for p in given.players][:2] == [("seigneur_loup", "loups"), ("voyante", "village")]
    with pytest.raises(ValueError, match="unknown classique roles: magicien, sorcier"):
        setup(NAMES[:2], seed=1, roles={"Alice": "sorcier", "Bob": "magicien"})
    with pytest.raises(ValueError, match="classique has 21 characters; 22 players need MJ roles"):
        setup([f"P{i}" for i in range(22)], seed=1)


def test_j0_elects_the_mayor_and_a_tie_asks_the_mj() -> None:
    state = game(BASE)
    won = close_day(state, {"Alice": "Bob", "Carole": "Bob", "David": "Eve"})
    assert won.state.mayor == "Bob" and won.state.phase == "N1"
    tie = close_day(state, {"Alice": "Bob", "Carole": "Eve"})
    assert [q.id for q in tie.questions] == ["J0:maire_egalite"] and tie.state.mayor is None
    answered = close_day(state, {"Alice": "Bob", "Carole": "Eve"}, {"J0:maire_egalite": "Eve"})
    assert answered.complete and answered.state.mayor == "Eve"
    assert state.mayor is None and state.phase == "J0"  # the given state is never changed


def test_pyre_burns_the_leader_and_reveals_the_role() -> None:
    state = game(BASE, "J1")
    out = close_day(state, {"Bob": "Alice", "Carole": "Alice", "Alice": "Bob"})
    assert deaths(out) == [("Alice", "bucher")]
    assert any(e.type == "pyre" and e.data["role"] == "seigneur_loup" for e in out.events)


def test_tie_kills_the_bouc_emissaire_who_chooses_next_voters() -> None:
    state = game(BASE, "J1")
    out = close_day(state, {"Bob": "Alice", "Alice": "Bob"}, {"J1:bouc:Hugo": "Bob, Carole"})
    assert deaths(out) == [("Hugo", "bucher")]
    assert out.state.memory["votants_autorises"] == ["Bob", "Carole"]


def test_tie_with_protected_bouc_lets_the_mayor_reinforce_his_own_vote() -> None:
    state = game({**BASE, "Gaston": "ange_gardien"}, "J1")
    state.player("Gaston").markers["protege"] = "Hugo"
    state.mayor = "Carole"
    out = close_day(state, {"Bob": "Alice", "Carole": "Alice", "Alice": "Bob", "David": "Bob"})
    assert deaths(out) == [("Alice", "bucher")]
    assert [q.id for q in out.questions] == ["J1:rage:Alice"]  # the mayor is not asked: his vote decides


def test_idiot_is_pardoned_and_loses_his_vote() -> None:
    state = game(BASE, "J1")
    out = close_day(state, {"Bob": "Gaston", "Carole": "Gaston"})
    assert deaths(out) == [] and out.state.player("Gaston").markers["gracie"]
    later = close_day(out.state.copy(), {})
    assert later is not None
    nxt = out.state.copy()
    nxt.phase = "J2"
    result = close_day(nxt, {"Gaston": "Alice"})
    assert not any(e.type == "pyre" for e in result.events)  # his vote no longer counts


def test_first_night_is_cupidon_and_the_wolves_only() -> None:
    roles = {**BASE, "Hugo": "cupidon"}
    state = game(roles, "N1")
    out = resolve_night(state, [Action("Hugo", "cupidon.amoureux", ("Bob", "Eve")),
                                Action("Bob", "voyante.sonder", ("Alice",))])  # fmt: skip
    assert out.state.player("Bob").markers["amoureux"] == "Eve"
    assert any(e.type == "fictional_victim" for e in out.events)
    assert any(e.type == "action_refused" and e.to == ("Bob",) for e in out.events)
    assert deaths(out) == [] and out.state.phase == "J1"


def test_salvateur_saves_and_cannot_protect_twice_in_a_row() -> None:
    state = game(BASE, "N2")
    saved = resolve_night(state, [Action("Carole", "salvateur.proteger", ("Bob",)),
                                  Action("Alice", "loups.devorer", ("Bob",))])  # fmt: skip
    assert deaths(saved) == []
    night3 = saved.state.copy()
    night3.phase = "N3"
    again = Action("Carole", "salvateur.proteger", ("Bob",))
    assert validate(night3, again) == "Tu ne peux pas protéger la même personne deux nuits de suite."
    out = resolve_night(night3, [again, Action("Alice", "loups.devorer", ("Bob",))])
    assert deaths(out) == [("Bob", "loups")]


def test_sorciere_heals_herself_then_agony_blocks_her_poison() -> None:
    state = game(BASE, "N2")
    healed = resolve_night(state, [Action("Alice", "loups.devorer", ("David",)), Action("David", "sorciere.guerison")])
    assert deaths(healed) == []
    night = healed.state.copy()
    night.phase = "N3"
    out = resolve_night(night, [Action("Alice", "loups.devorer", ("David",)),
                                Action("David", "sorciere.empoisonnement", ("Alice",))])  # fmt: skip
    assert deaths(out) == [("David", "loups")]


def test_hunter_shoots_and_the_lover_follows() -> None:
    state = game(BASE, "N2")
    state.player("Eve").markers["amoureux"] = "Bob"
    state.player("Bob").markers["amoureux"] = "Eve"
    out = resolve_night(state, [Action("Alice", "loups.devorer", ("Eve",))], {"N2:chasseur:Eve": "Alice"})
    assert deaths(out) == [("Eve", "loups"), ("Bob", "chagrin"), ("Alice", "chasseur")]
    assert out.state.winner == "village"


def test_ancien_needs_two_bites() -> None:
    state = game(BASE, "N2")
    first = resolve_night(state, [Action("Alice", "loups.devorer", ("Fanny",))])
    assert deaths(first) == []
    night = first.state.copy()
    night.phase = "N3"
    assert deaths(resolve_night(night, [Action("Alice", "loups.devorer", ("Fanny",))])) == [("Fanny", "loups")]


def test_mayor_names_a_successor_when_he_dies() -> None:
    state = game(BASE, "N2")
    state.mayor = "Bob"
    out = resolve_night(state, [Action("Alice", "loups.devorer", ("Bob",))], {"N2:successeur:Bob": "Carole"})
    assert out.state.mayor == "Carole"


def test_lovers_win_as_the_last_two() -> None:
    state = game({"Alice": "seigneur_loup", "Bob": "voyante", "Carole": "salvateur"}, "N2")
    state.player("Alice").markers["amoureux"] = "Bob"
    state.player("Bob").markers["amoureux"] = "Alice"
    out = resolve_night(state, [Action("Alice", "loups.devorer", ("Carole",))])
    assert out.state.winner == "amoureux"


# -- random legal games ---------------------------------------------------------------------
def play_random(seed: int) -> list[dict]:  # type: ignore[type-arg]
    """A game where every player votes and acts at random (drawn from the seed): legal, not clever."""
    state = setup(NAMES, seed)
    log: list[dict] = []  # type: ignore[type-arg]
    draw = random.Random(seed)
    for _ in range(200):
        if state.winner:
            break
        living = state.living()
        if state.phase.startswith("J"):
            votes = {v: draw.choice(living) for v in living}
            out = close_day(state, votes)
        else:
            actions = []
            for p in state.players:
                if not p.alive:
                    continue
                target = draw.choice(living)
                power = {"voyante": "voyante.sonder", "salvateur": "salvateur.proteger",
                         "sorciere": "sorciere.empoisonnement"}.get(p.role)  # fmt: skip
                if classique.rules.is_wolf(p):
                    power = "loups.devorer"
                if power:
                    actions.append(Action(p.name, power, (target,)))
            out = resolve_night(state, actions)
        before_dead = {p.name for p in state.players if not p.alive}
        assert before_dead <= {p.name for p in out.state.players if not p.alive}  # the dead stay dead
        log.extend(e.as_json() for e in out.events)
        state = out.state
    assert state.winner is not None, "every game ends"
    return log


@settings(max_examples=1500, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_end_and_replay_identically(seed: int) -> None:
    assert play_random(seed) == play_random(seed)


def test_the_malade_may_fall_ill_by_day_and_is_sick_for_eight_phases() -> None:
    state = game({**BASE, "Hugo": "malade"}, "J2")
    out = close_day(state, {}, actions=[Action("Hugo", "malade.tomber_malade")])
    hugo = out.state.player("Hugo")
    assert classique.rules.is_sick(out.state, hugo)  # from J2 …
    later = out.state.copy()
    later.phase = "N6"
    assert classique.rules.is_sick(later, hugo)  # … to N6 (J2, N3, J3, N4, J4, N5, J5, N6)
    later.phase = "J6"
    assert not classique.rules.is_sick(later, hugo)


def test_a_censure_motion_is_a_decree_removing_the_mayor() -> None:
    from meneur.engine.model import Decree

    state = game(BASE, "J1")
    state.mayor = "Bob"
    out = close_day(state, {}, decrees=[Decree("mayor", None)])
    assert out.state.mayor is None and any(e.type == "mayor_removed" for e in out.events)


def test_night_actors_are_the_living_with_a_night_power() -> None:
    from meneur.engine.rulesets.classique import night_actors

    roles = {**BASE, "Iris": "cupidon", "Jules": "ange_gardien"}
    assert night_actors(game(roles, "N1")) == ["Iris"]  # the first night, only Cupidon
    later = game(roles, "N2")
    later.player("Bob").alive = False
    # Wolves, Salvateur, Sorcière… — not the dead Voyante, nor Cupidon (done), nor the day-only Ange-Gardien.
    assert night_actors(later) == ["Alice", "Carole", "David"]


def test_a_two_name_answer_to_a_one_name_question_is_refused_not_a_crash() -> None:
    state = game(BASE, "N2")
    out = resolve_night(state, [Action("Alice", "loups.devorer", ("Eve",))], {"N2:chasseur:Eve": "Alice, Bob"})
    assert deaths(out) == [("Eve", "loups")]  # no shot: the question stays open with its default
    assert [q.id for q in out.questions] == ["N2:chasseur:Eve"]
    assert any(e.type == "answer_refused" and e.data["answer"] == "Alice, Bob" for e in out.events)
    day = game({**BASE}, "J0")
    tied = close_day(day, {"Alice": "Bob", "Carole": "David"}, {"J0:maire_egalite": "Bob, David"})
    assert tied.state.mayor is None and [q.id for q in tied.questions] == ["J0:maire_egalite"]


def test_the_ange_gardien_first_night_choice_gets_one_receipt() -> None:
    roles = {**BASE, "Fanny": "ange_gardien"}
    outcome = resolve_night(game(roles, "N1"), [Action("Fanny", "ange_gardien.proteger", ("Bob",))])
    receipts = [e for e in outcome.events if e.type == "action_received"]
    assert [(e.to, e.data["power"], e.data["targets"]) for e in receipts] == [
        (("Fanny",), "ange_gardien.proteger", ["Bob"])
    ]
    assert outcome.state.player("Fanny").markers["protege"] == "Bob"


def test_the_pardoned_idiot_and_voters_off_the_bouc_list_are_refused_with_a_reason() -> None:
    state = game(BASE, "J2")
    state.player("Gaston").markers["gracie"] = True
    state.memory["votants_autorises"] = ["Bob", "Carole"]
    idiot, off_list = classique.vote_refusal(state, "Gaston", "Alice"), classique.vote_refusal(state, "Eve", "Alice")
    assert idiot is not None and idiot.render() == "Gaston is the pardoned Idiot: he may no longer vote."
    assert off_list is not None and "the Bouc-émissaire allowed to vote at this pyre (Bob, Carole)" in off_list.render()
    assert classique.vote_refusal(state, "Bob", "Alice") is None
    # Votes handed to close_day without the counter's refusal are reported too, not dropped.
    outcome = close_day(state, {"Bob": "Alice", "Carole": "Alice", "Eve": "Bob", "Gaston": "Bob"})
    set_aside = [(e.data["player"], e.data["target"]) for e in outcome.events if e.type == "vote_set_aside"]
    assert set_aside == [("Eve", "Bob"), ("Gaston", "Bob")]
    result = next(e for e in outcome.events if e.type == "vote_result")
    assert [v["player"] for v in result.data["set_aside"]] == ["Eve", "Gaston"]
    assert result.data["counts"] == {"Alice": 2}


def test_the_chef_de_meute_bites_a_villager_not_a_werewolf() -> None:
    state = game({**BASE, "Bob": "chef_de_meute"}, "N2")
    assert validate(state, Action("Bob", "chef_de_meute.mordre", ("Alice",))) is not None  # Alice: a wolf
    assert validate(state, Action("Bob", "chef_de_meute.mordre", ("Carole",))) is None
    outcome = resolve_night(state, [Action("Bob", "chef_de_meute.mordre", ("Alice",))])
    assert not outcome.state.player("Bob").markers.get("morsure")  # refused, so not spent
    assert any(e.type == "action_refused" and e.to == ("Bob",) for e in outcome.events)


def test_a_cursed_lapinou_becomes_a_plain_werewolf() -> None:
    roles = {**BASE, "Bob": "lapinou_garou"}
    names = [f"X{i}" for i in range(10)]  # the malédiction needs 18 players
    state = setup([*roles, *names], seed=7, roles={**roles, **dict.fromkeys(names, "simple_villageois")})
    state.phase = "N2"
    outcome = resolve_night(state, [Action("Alice", "seigneur_loup.maudire", ("Bob",))])
    bob = outcome.state.player("Bob")
    assert (bob.role, bob.camp) == ("loup_garou", "loups")
    assert any(e.type == "role_changed" and e.to == ("Bob",) and e.data["role"] == "loup_garou" for e in outcome.events)


def test_the_chaman_casts_one_spell_a_night() -> None:
    state = game({**BASE, "Bob": "chaman"}, "N2")
    spells = [
        Action("Bob", "chaman.mauvais_oeil", ("Carole", "David")),
        Action("Bob", "chaman.mauvaise_langue", ("Eve", "Fanny")),
    ]
    outcome = resolve_night(state, spells)
    assert outcome.state.memory.get("chaman_mauvaise_langue") and not outcome.state.memory.get("chaman_mauvais_oeil")
    refused = [e.data["power"] for e in outcome.events if e.type == "action_refused" and e.to == ("Bob",)]
    assert refused == ["chaman.mauvais_oeil"]


def test_the_master_and_his_acolytes_learn_the_bites_results() -> None:
    state = game({**BASE, "Bob": "maitre_vampire"}, "N2")
    state.player("Carole").markers["acolyte"] = "Bob"
    state.player("Carole").camp = "vampires"
    outcome = resolve_night(state, [Action("Bob", "maitre_vampire.mordre", ("Alice",))])  # Alice: a wolf
    told = {(e.to, e.data.get("target"), e.data.get("success")) for e in outcome.events if e.type == "bite_result"}
    assert told == {(("Bob",), "Alice", False), (("Carole",), "Alice", False)}
    outcome = resolve_night(state, [Action("Bob", "maitre_vampire.mordre", ("David",))])
    told = {(e.to, e.data.get("target"), e.data.get("success")) for e in outcome.events if e.type == "bite_result"}
    assert told == {(("Bob",), "David", True), (("Carole",), "David", True)}


def test_a_vote_the_mauvais_oeil_turns_against_a_lover_is_not_counted() -> None:
    state = game({**BASE, "Bob": "chaman"}, "J2")
    state.memory["mauvais_oeil_du_jour"] = {"chaman": "Bob", "cibles": ["David", "Eve"]}
    state.player("David").markers["amoureux"] = "Carole"
    state.player("Carole").markers["amoureux"] = "David"
    result, standing = classique.day_tally(state, {"Bob": "Carole", "David": "Alice"})
    assert standing == {"Bob": "Carole", "Eve": "Carole"}
    assert {row.target: row.votes for row in result.counts} == {"Carole": 2}
    outcome = close_day(state, {"Bob": "Carole", "David": "Alice"})
    assert any(e.type == "lovers_voted_against_each_other" and e.data["player"] == "David" for e in outcome.events)


def test_one_healing_saves_a_player_both_eaten_and_bitten() -> None:
    state = game({**BASE, "Bob": "chef_de_meute"}, "N2")
    night = [
        Action("Bob", "chef_de_meute.mordre", ("Carole",)),
        Action("Alice", "loups.devorer", ("Carole",)),
        Action("David", "sorciere.guerison", ()),
    ]
    outcome = resolve_night(state, night)
    told = [e.data["victim"] for e in outcome.events if e.type == "witch_told_victim"]
    assert told == ["Carole"] and deaths(outcome) == []
    assert "transformation" not in outcome.state.player("Carole").markers


def test_the_ange_gardien_may_choose_on_any_night() -> None:
    """ "Le choix peut se faire à n'importe quel moment de la partie": an MP in N2 is applied, not only
    acknowledged."""
    state = game({**BASE, "Fanny": "ange_gardien"}, "N2")
    outcome = resolve_night(state, [Action("Fanny", "ange_gardien.proteger", ("Bob",))])
    assert outcome.state.player("Fanny").markers.get("protege") == "Bob"
    assert [e.type for e in outcome.events if e.to == ("Fanny",)] == ["action_received"]


def test_a_charisme_drinker_who_may_not_vote_is_reported() -> None:
    state = game(BASE, "J2")
    state.memory["charisme"] = "Gaston"
    state.player("Gaston").markers["gracie"] = True  # the pardoned Idiot drank it: his vote cannot count
    outcome = close_day(state, {"Bob": "Alice"})
    assert [e.data["player"] for e in outcome.events if e.type == "charisma_wasted"] == ["Gaston"]
    assert "charisme" not in outcome.state.memory


def test_the_in_place_entries_resolve_the_given_state_as_the_copying_ones_resolve_a_copy() -> None:
    # ``resolve_night_owned`` and ``close_decided_day_owned`` (for a caller holding a private copy): the same
    # outcome as ``resolve_night`` and ``close_decided_day``, on the very state handed over, not a copy of it.
    state = game(BASE, "N2")
    orders = [Action("Alice", "loups.devorer", ("Bob",)), Action("David", "sorciere.empoisonnement", ("Eve",))]
    mine = state.copy()
    night = classique.resolve_night_owned(mine, orders)
    assert night.state is mine and night == resolve_night(state, orders)
    mine = night.state.copy()
    day = classique.close_decided_day_owned(mine, {"Carole": "Fanny"}, "Fanny")
    assert day.state is mine and day == classique.close_decided_day(night.state, {"Carole": "Fanny"}, "Fanny")
    assert not day.state.player("Fanny").alive and day.state.phase == "N3"
