"""`double-roles`: the day's rules against the rule text (/work/shared/rules/002_83ddae694699eb35.txt) — the mayor's
election and its candidates, the destitution from J3 by two thirds with the new mayor elected beside the pyre,
the counts kept off the public posts, the Fuyard untouchable while away. Each test quotes the rule it checks;
expectations were written from the text first. Helpers: tests/test_double_roles_engine.py (seven players:
Alice and Gaston villagers, Bruno, Carla, David Loups, Emma the Loup Solitaire, Fanny the Assassin)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest
from meneur.daemon.drafts import day_power_drafts, drafts_for
from meneur.engine import rulesets
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.double_roles import RULESET

from .test_double_roles_engine import dead, game, told

NAMES7 = ["Alice", "Bruno", "Carla", "David", "Emma", "Fanny", "Gaston"]
OUI = "[b]Destitution : OUI[/b]"
NON = "[b]Destitution : NON[/b]"


def read(state: GameState, posts: list[tuple[str, str]]) -> list[Action]:
    """The orders of the day's posts, in posting order, as the contract's ``read_post`` gives them."""
    assert RULESET.read_post is not None
    return [action for author, text in posts for action in RULESET.read_post(state, author, text)]


def day3(state: GameState, mayor_votes: dict[str, str] | None = None) -> GameState:
    """J0 elects Alice (unless told otherwise), then quiet nights and days up to J3."""
    votes = {"Bruno": "Alice", "Carla": "Alice", "Alice": "Gaston"} if mayor_votes is None else mayor_votes
    state = RULESET.close_day(state, votes).state
    while state.phase != "J3":
        if state.phase.startswith("N"):
            state = RULESET.resolve_night(state, []).state
        else:
            state = RULESET.close_day(state, {}).state
    return state


def public(outcome: Outcome) -> list[str]:
    return [e.type for e in outcome.events if e.audience == "public"]


# -- what the posts say ------------------------------------------------------------------------------------
def test_read_post_takes_lines_of_their_own_and_leaves_talk_and_quotes() -> None:
    state = day3(game({}))
    post = (
        "Je pense qu'il faut la destituer, voilà.\n"
        "[quote=Bruno]Destitution : OUI[/quote]\n"
        "[b]Destitution : oui ![/b]\n"
        "[b]Candidate[/b]\n"
        "[b]Maire : gaston[/b]\n"
        "[color=brown][b]Je vote contre David[/b][/color]"
    )
    assert read(state, [("Carla", post)]) == [
        Action("Carla", "maire.destitution", ("oui",)),
        Action("Carla", "maire.candidat", ()),
        Action("Carla", "maire.elire", ("Gaston",)),
    ]
    assert read(state, [("Bruno", "Maire : blanc"), ("Bruno", "Destitution : NON")]) == [
        Action("Bruno", "maire.elire", ("blanc",)),
        Action("Bruno", "maire.destitution", ("non",)),
    ]
    # Talk, a name nobody has, a formula inside a sentence: no order.
    assert read(state, [("Bruno", "Maire : on verra demain"), ("Bruno", "pour moi Destitution : OUI")]) == []
    night = RULESET.close_day(state, {}).state
    assert night.phase == "N4" and read(night, [("Bruno", OUI)]) == []  # nothing is read at night


# -- the destitution ---------------------------------------------------------------------------------------
def test_destitution_needs_two_thirds_of_the_living_and_falls_at_that_instant() -> None:
    """« Vous devez alors être au moins 2/3 des vivants à accepter cette destitution (voter OUI). Dès l'instant
    où le Maire est destitué, vous devez voter pour un nouveau Maire. » Seven alive: 5 OUI (15 ≥ 14), not 4."""
    state = day3(game({}))
    four = read(state, [(n, OUI) for n in ("Bruno", "Carla", "David", "Emma")])
    kept = RULESET.day_powers(state, four)
    assert kept.state.mayor == "Alice" and "mayor_destituted" not in public(kept)
    # A NON replaces the same player's OUI: Bruno's change leaves 4 even with Fanny's OUI.
    changed = RULESET.day_powers(state, [*four, *read(state, [("Bruno", NON), ("Fanny", OUI)])])
    assert changed.state.mayor == "Alice"
    fifth = RULESET.day_powers(state, [*four, *read(state, [("Fanny", OUI)])])
    assert fifth.state.mayor is None
    assert told(fifth, "mayor_destituted") == [{"player": "Alice"}]
    count = told(fifth, "destitution_count")[0]
    assert count["needed"] == 5 and count["oui"] == ["Bruno", "Carla", "David", "Emma", "Fanny"]
    # « Dès l'instant »: NONs after the fall change nothing.
    late = RULESET.day_powers(state, [*four, *read(state, [("Fanny", OUI), ("Bruno", NON), ("Carla", NON)])])
    assert late.state.mayor is None and told(late, "mayor_destituted") == [{"player": "Alice"}]


def test_destitution_only_from_day_three_and_only_of_a_mayor() -> None:
    """« Vous pouvez, à partir du Jour 3, [...] tenter de destituer le Maire actuel »."""
    state = RULESET.resolve_night(RULESET.close_day(game({}), {"Bruno": "Alice"}).state, []).state  # J1
    everyone = read(state, [(n, OUI) for n in NAMES7])
    out = RULESET.day_powers(state, everyone)
    assert out.state.mayor == "Alice" and not told(out, "mayor_destituted")
    reasons = {str(r["reason"]) for r in told(out, "action_refused", "Bruno")}
    assert reasons == {"La destitution du maire n'est possible qu'à partir du Jour 3."}
    nobody = day3(game({}), mayor_votes={})  # J0 elected nobody
    assert nobody.mayor is None
    refused = RULESET.day_powers(nobody, read(nobody, [("Bruno", OUI)]))
    assert told(refused, "action_refused", "Bruno")[0]["reason"] == "Il n'y a pas de maire à destituer."


def test_the_deprived_say_oui_in_vain_but_count_among_the_living() -> None:
    """The Institutrice's targets « perdront alors leurs droits de vote pour la journée » and « son vote ne compte
    jamais »: their OUI does not count (RULINGS R35); « 2/3 des vivants » still counts them among the living."""
    state = day3(game({"Gaston": "institutrice+croque_mort"}))
    deprive = Action("Gaston", "institutrice.priver", ("Bruno", "Carla"))
    yes = read(state, [(n, OUI) for n in ("Bruno", "Carla", "David", "Emma", "Fanny", "Gaston")])
    out = RULESET.day_powers(state, [deprive, *yes])
    assert out.state.mayor == "Alice"  # 3 OUI count (David, Emma, Fanny), 5 needed
    alice = RULESET.day_powers(state, [deprive, *yes, *read(state, [("Alice", OUI)])])
    assert alice.state.mayor == "Alice"  # 4: still short
    free = RULESET.day_powers(state, yes)  # without the MP: Bruno, Carla, David, Emma, Fanny (Gaston never counts)
    assert free.state.mayor is None


# -- the new mayor's election, beside the pyre ---------------------------------------------------------------
def _fallen(state: GameState) -> list[Action]:
    return read(state, [(n, OUI) for n in ("Bruno", "Carla", "David", "Emma", "Fanny")])


def test_new_mayor_elected_when_everyone_voted_breaks_the_pyre_tie() -> None:
    """« Dès l'instant où le Maire est destitué, vous devez voter pour un nouveau Maire [...] ce nouveau Maire
    départagera le bûcher » (the mayor's vote « comptera double en cas d'égalité »)."""
    state = day3(game({}))
    posts = [("Bruno", "Candidat"), ("Carla", "Candidate"), ("Bruno", "Maire : Carla"), ("Carla", "Maire : Bruno"),
             ("David", "Maire : Bruno"), ("Emma", "Maire : blanc"), ("Fanny", "Maire : Bruno"),
             ("Gaston", "Maire : Bruno"), ("Alice", "Maire : Carla")]  # fmt: skip
    ballots = read(state, posts)
    # Pyre: David 3 (Bruno, Gaston, Carla), Emma 3 (Alice, Fanny, David); Emma voted against Alice.
    votes = {"Bruno": "David", "Gaston": "David", "Carla": "David", "Alice": "Emma", "Fanny": "Emma", "David": "Emma",
             "Emma": "Alice"}  # fmt: skip
    out = RULESET.close_day(state, votes, actions=[*_fallen(state), *ballots])
    assert told(out, "mayor_elected") == [{"player": "Bruno"}] and out.state.mayor == "Bruno"
    assert dead(out) == {"David": "bucher"}  # Bruno's vote; Alice, no longer mayor, voted against Emma
    result = told(out, "election_result")[0]
    assert result["counts"] == {"Bruno": 4, "Carla": 2} and result["blank"] == ["Emma"] and result["complete"]
    kept = RULESET.close_day(state, votes, actions=ballots)  # no destitution: the ballots are no election
    assert kept.state.mayor == "Alice" and dead(kept) == {"Emma": "bucher"} and not told(kept, "election_result")


def test_not_everyone_voted_the_mj_names_the_most_voted_and_chooses_on_a_tie() -> None:
    """« Si vous n'avez pas tous voté pour un nouveau Maire, et si exceptionnellement, il y a égalité aux votes du
    bûcher, le MJ nommera d'office Maire celui qui a le plus de voix (random si égalité aux voix) »."""
    state = day3(game({}))
    votes = {"Bruno": "David", "Gaston": "David", "Alice": "Emma", "Fanny": "Emma"}  # 2 / 2
    two = read(state, [("David", "Maire : Gaston"), ("Emma", "Maire : Gaston"), ("Fanny", "Maire : Bruno")])
    named = RULESET.close_day(state, votes, actions=[*_fallen(state), *two])
    assert told(named, "mayor_named") == [{"player": "Gaston", "by": "MJ"}] and not told(named, "mayor_elected")
    assert dead(named) == {"David": "bucher"}  # Gaston, named, voted against David
    tied = read(state, [("David", "Maire : Gaston"), ("Emma", "Maire : Fanny")])
    asked = RULESET.close_day(state, votes, actions=[*_fallen(state), *tied])
    question = next(q for q in asked.questions if q.id == "J3:maire_egalite")
    assert question.to == "MJ" and set(question.options) == {"Fanny", "Gaston"}
    assert question.default in ("Fanny", "Gaston") and asked.state.mayor == question.default  # drawn meanwhile
    answered = RULESET.close_day(state, votes, {"J3:maire_egalite": "Fanny"}, actions=[*_fallen(state), *tied])
    assert answered.state.mayor == "Fanny" and dead(answered) == {"Emma": "bucher"}  # Fanny voted against Emma
    empty = RULESET.close_day(state, votes, actions=_fallen(state))
    assert empty.state.mayor is None and "no_mayor" in public(empty)
    assert dead(empty) == {} and told(empty, "no_pyre") == [{"tie": True, "cancelled": False}]


def test_candidates_must_vote_for_another_candidate_blank_for_the_others() -> None:
    """« tout candidat a obligation de voter, et interdiction de voter pour lui-même (donc obligation de voter pour
    un autre candidat, oui). Pour les votants non-candidats, le vote blanc est une possibilité. »"""
    state = day3(game({}))
    posts = [("Bruno", "Candidat"), ("Carla", "Candidate"), ("Bruno", "Maire : blanc"), ("Carla", "Maire : Carla"),
             ("Gaston", "Maire : David"), ("Emma", "Maire : Alice"), ("David", "Maire : Carla")]  # fmt: skip
    out = RULESET.close_day(state, {}, actions=[*_fallen(state), *read(state, posts)])
    refusals = {str(e["reason"]) for e in told(out, "action_refused")}
    assert "Candidat·e, tu dois voter pour un·e autre candidat·e : pas de vote blanc." in refusals  # Bruno
    assert "Tu ne peux pas voter pour toi-même." in refusals  # Carla
    assert "Alice est le maire qu'on veut remplacer." in refusals  # Emma
    assert told(out, "action_refused", "Gaston")[0]["reason"] == "David : il·elle n'est pas candidat·e."
    breaches = {(b["player"], b["reason"]) for b in told(out, "election_breach")}
    assert breaches == {("Bruno", "abstention"), ("Carla", "abstention"), ("Gaston", "hors_candidats")}
    assert out.state.mayor == "Carla" and told(out, "mayor_named") == [{"player": "Carla", "by": "MJ"}]
    fallen = RULESET.day_powers(state, [*_fallen(state), *read(state, [("Alice", "Candidate")])])
    assert told(fallen, "action_refused", "Alice")[0]["reason"].startswith("Le maire qu'on veut remplacer")


def test_j0_votes_for_a_non_candidate_are_void_when_anyone_stood() -> None:
    """J0: « obligation de voter pour un autre candidat »; with no candidate declared, anyone may be elected."""
    state = game({})
    votes = {"Alice": "David", "Bruno": "David", "Carla": "David", "David": "Gaston", "Emma": "Gaston"}
    stood = read(state, [("Gaston", "Je suis candidat"), ("Emma", "Je me présente")])
    out = RULESET.close_day(state, votes, actions=stood)
    assert out.state.mayor == "Gaston" and told(out, "vote_result")[0]["counts"] == {"Gaston": 2}
    assert {(b["player"], b["reason"]) for b in told(out, "election_breach")} == {("Gaston", "abstention")}
    assert RULESET.close_day(state, votes).state.mayor == "David"  # nobody stood: David's 3 votes elect him
    assert RULESET.day_tally is not None  # the live count (day_powers' state) drops them too
    live = RULESET.day_powers(state, stood).state
    assert RULESET.day_tally(live, votes)[0].as_dict() == {"Gaston": 2}


# -- the counts stay off the public posts ----------------------------------------------------------------------
@pytest.fixture
def declared() -> Iterator[None]:
    table = rulesets.installed()
    added = "double-roles" not in table
    if added:
        table["double-roles"] = EntryPoint(
            "double-roles", "meneur.engine.rulesets.double_roles:RULESET", rulesets.GROUP
        )
    yield
    if added:
        del table["double-roles"]
        rulesets.ruleset.cache_clear()


def _digits(body: str) -> list[str]:
    """The numbers a post shows, BBCode tags ([size=120]) and the day's own label left out."""
    text = re.sub(r"\[[^\]]*\]", "", body).replace("Jour 3", "").replace("Jour 0", "")
    return re.findall(r"\d+", text)


def test_public_drafts_of_a_day_carry_no_vote_numbers(declared: None) -> None:
    """« Les résultats exacts du décompte des voix à chaque bûcher ne sont pas publics. » A J0 election, then a
    J3 with a destitution, the new mayor's election and a pyre: the posts give results, the MJ gets the counts."""
    state = game({})
    j0 = RULESET.close_day(state, {"Alice": "Gaston", "Bruno": "Gaston", "Carla": "Gaston", "David": "Emma"})
    j3 = day3(game({}))
    ballots = read(
        j3, [(n, "Maire : Gaston") for n in ("Alice", "Bruno", "Carla", "David")] + [("Gaston", "Maire : Fanny")]
    )
    votes = {"Alice": "David", "Bruno": "David", "Carla": "David", "Gaston": "David", "David": "Emma", "Fanny": "Emma"}
    fall = RULESET.day_powers(j3, _fallen(j3))
    out = RULESET.close_day(j3, votes, actions=[*_fallen(j3), *ballots])
    assert dead(out) == {"David": "bucher"} and out.state.mayor == "Gaston"
    mj = {e.type: e.data for e in out.events if e.audience == "mj"}
    assert mj["vote_result"]["counts"] == {"David": 4, "Emma": 2}
    assert mj["election_result"]["counts"] == {"Gaston": 4, "Fanny": 1}
    assert mj["destitution_count"]["needed"] == 5
    logs = [("J0", [e.as_json() for e in j0.events]), ("J3", [e.as_json() for e in out.events])]
    posts = [d for phase, events in logs for d in drafts_for("double-roles", phase, events, RULESET.role_names)]
    announced = day_power_drafts(
        "double-roles", "J3", [e.as_json() for e in fall.events], "J3/day/m1", RULESET.role_names
    )
    posts += [d for d, _told in announced]
    public_posts = [d for d in posts if d.kind != "mp"]
    assert {d.kind for d in public_posts} == {"evening", "announcement"}
    bodies = "\n".join(d.body for d in public_posts)
    assert "Gaston" in bodies and "destitué" in bodies and "David" in bodies  # the results are told…
    for draft in public_posts:
        assert _digits(draft.body) == [], draft.body  # …and no count


def test_mj_page_shows_the_destitution_and_the_election_as_they_stand() -> None:
    state = day3(game({}))
    assert RULESET.mj_notes is not None
    going = RULESET.day_powers(state, read(state, [("Bruno", OUI), ("Carla", NON), ("Bruno", "Candidat")]))
    notes = RULESET.mj_notes(going.state)
    assert notes["Destitution du maire"] == ["1 OUI sur 5 requis", "OUI : Bruno", "NON : Carla"]
    assert notes["Candidats à la mairie"] == ["Bruno"]
    done = RULESET.day_powers(state, [*_fallen(state), *read(state, [("Carla", "Maire : Bruno")])])
    notes = RULESET.mj_notes(done.state)
    assert notes["Destitution du maire"][0] == "Maire destitué : Alice"
    assert notes["Élection du nouveau maire"] == ["Bruno : 1 (Carla)"]


# -- the Fuyard, untouchable while away -------------------------------------------------------------------------
def test_an_away_fuyard_is_out_of_the_chasseurs_reach() -> None:
    """« il s'enfuit [...] et reste en dehors de la partie pendant la nuit et le jour suivant [...] il est
    intouchable car absent »: the Chasseur dying that night may not shoot him."""
    state = RULESET.resolve_night(
        RULESET.close_day(game({"Gaston": "fuyard+meneur", "Alice": "chasseur+meneur"}), {}).state, []
    ).state
    fled = RULESET.close_day(state, {"Alice": "Gaston", "Bruno": "Gaston"})
    assert told(fled, "fuyard_escaped") == [{"player": "Gaston"}]
    shot = RULESET.resolve_night(
        fled.state, [Action("Bruno", "meute.devorer", ("Alice",))], {"N2:chasseur:Alice": "Gaston"}
    )
    assert dead(shot) == {"Alice": "loups"}  # Gaston is away: the shot at him is refused
    question = next(q for q in shot.questions if q.id == "N2:chasseur:Alice")
    assert "Gaston" not in question.options
