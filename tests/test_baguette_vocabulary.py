"""The `baguette` module's French, read by the real MP reader (daemon/mp_actions.read_mp) with the composed
rule set's verbs: every example a role card shows, and the ways players write a vote, a blank, a ballot, the
Magicien's choices (SPEC.md's table)."""

from __future__ import annotations

import pytest
from meneur.daemon.mp_actions import read_mp
from meneur.engine.model import Action
from meneur.engine.modules import compose
from meneur.engine.modules.baguette.common import bag
from meneur.engine.modules.baguette.vocabulary import EXAMPLES
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets import ruleset

RULES = compose(ruleset("classique"), ["baguette"])
ROLES = {
    "Boris": "loup_garou", "Lucie": "voyante", "Paul": "salvateur", "Zoé": "sorciere", "Marc": "chasseur",
    "Alice": "simple_villageois", "Hugo": "cupidon",
}  # fmt: skip


def read(text: str, sender: str = "Alice", phase: str = "N2") -> list[Action]:
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = phase
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    return list(read_mp(text, sender, state, RULES.verbs, resolver, "mp").actions)


@pytest.mark.parametrize("power", sorted(EXAMPLES))
def test_every_role_card_example_reads_as_its_power(power: str) -> None:
    actions = read(EXAMPLES[power])
    assert [a.power for a in actions] == [power], EXAMPLES[power]


@pytest.mark.parametrize(
    ("text", "power", "targets"),
    [
        ("Je vote contre Boris", "baguette.vote", ("Boris",)),
        ("je vote Boris", "baguette.vote", ("Boris",)),
        ("Vote : Boris", "baguette.vote", ("Boris",)),
        ("Mon vote va contre Zoé", "baguette.vote", ("Zoé",)),
        ("Vote blanc", "baguette.blanc", ()),
        ("vote : blanc", "baguette.blanc", ()),
        ("Je vote pour Lucie comme magicien", "baguette.election", ("Lucie",)),
        ("Lucie pour la baguette", "baguette.election", ("Lucie",)),
        ("Successeurs : Paul, Zoé et Marc", "baguette.successeur", ("Paul", "Zoé", "Marc")),
        ("Je choisis la double voix", "baguette.double_voix", ()),
        ("Immunité pour Boris", "baguette.immunite", ("Boris",)),
        ("Je pose un piège devant chez moi", "baguette.piege", ("Alice",)),
        ("!baguette.suspicion Boris, loup-garou", "baguette.suspicion", ("Boris", "loup_garou")),
        ("Je soupçonne Zoé d'être la sorcière", "baguette.suspicion", ("Zoé", "sorciere")),
    ],
)
def test_players_wording(text: str, power: str, targets: tuple[str, ...]) -> None:
    assert [(a.power, a.targets) for a in read(text)] == [(power, targets)]


def test_a_negated_vote_is_no_vote_and_the_mayors_orders_are_gone() -> None:
    assert read("je ne vote pas contre Boris") == []
    assert not any(a.power.startswith("maire.") for a in read("Mon successeur est Paul"))


@pytest.mark.parametrize(
    ("text", "phase", "power", "targets"),
    [
        # one vote per MP: of a vote and a blank, the later; on J0 a vote beside an election ballot is that ballot
        ("Je retire mon vote contre Boris : je vote blanc.", "J2", "baguette.blanc", ()),
        ("Je vote blanc… non, finalement je vote contre Boris", "J2", "baguette.vote", ("Boris",)),
        ("Pour l'élection du Magicien je vote Lucie", "J0", "baguette.election", ("Lucie",)),
        # names one a line after a label, numbered, bulleted or bare
        ("Successeurs :\n1. Paul\n2. Zoé\n3. Marc", "N2", "baguette.successeur", ("Paul", "Zoé", "Marc")),
        ("Testament :\n- Hugo\n- Lucie", "N2", "baguette.testament", ("Hugo", "Lucie")),
        # names after a fallback cue go on the preference list
        ("Je passe la baguette à Paul. Si ça ne marche pas : Zoé puis Marc", "N2", "baguette.successeur",
         ("Paul", "Zoé", "Marc")),
        ("Mon successeur : Paul, sinon Hugo", "N2", "baguette.successeur", ("Paul", "Hugo")),
        # « garder » the default power chooses it (not a pass)
        ("Je garde la double voix", "N2", "baguette.double_voix", ()),
    ],
)  # fmt: skip
def test_ballots_lists_and_fallbacks(text: str, phase: str, power: str, targets: tuple[str, ...]) -> None:
    (action,) = read(text, sender="Alice", phase=phase)
    assert (action.power, action.targets) == (power, targets)


def test_a_list_on_lines_reads_for_the_base_roles_too() -> None:
    # the Salvateur of classique (Paul) in a baguette game; the names after the label are his one target
    assert [(a.power, a.targets) for a in read("Cette nuit :\nje protège Zoé\nmerci !", sender="Paul")] == [
        ("salvateur.proteger", ("Zoé",))
    ]


def test_a_name_after_a_fallback_cue_is_not_taken_for_a_one_name_power() -> None:
    # « sinon » lengthens a list by preference only: the Voyante's probe keeps its one name
    actions = read("Je sonde Boris, sinon Hugo", sender="Lucie")
    assert [(a.power, a.targets) for a in actions] == [("voyante.sonder", ("Boris",))]


def read_as_holder(text: str, sender: str, holder: str, phase: str = "N2") -> list[tuple[str, tuple[str, ...]]]:
    """``text`` from ``sender`` while ``holder`` has the wand (the module's memory, as the night has it)."""
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = phase
    bag(state)["magicien"] = holder
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    return [(a.power, a.targets) for a in read_mp(text, sender, state, RULES.verbs, resolver, "mp").actions]


@pytest.mark.parametrize(
    "text",
    [
        "yo le mj. pour la baguette je prends la protection sur zoe cette nuit",
        "je protege zoe",
        "la protection sur Zoé stp",
    ],
)
def test_the_magicien_who_is_no_salvateur_protects_with_the_wand(text: str) -> None:
    """« 3) Protéger un joueur pendant la nuit de toute action »: the holder has one protection, the wand's; the
    Salvateur's words from him are that power (fixtures/scenarios/baguette/301)."""
    assert read_as_holder(text, "Hugo", "Hugo") == [("baguette.protection", ("Zoé",))]


@pytest.mark.parametrize("holder", ["Hugo", "Paul"])
def test_the_salvateurs_protection_stays_his_own(holder: str) -> None:
    """The Salvateur (holding the wand or not) who writes « je protège X » protects as the Salvateur."""
    for text in ("je protege zoe", "je prends la protection sur zoe"):
        assert read_as_holder(text, "Paul", holder) == [("salvateur.proteger", ("Zoé",))]


@pytest.mark.parametrize(
    ("text", "power", "names"),
    [
        ("succ : marc, zoe, lucie", "baguette.successeur", ("Marc", "Zoé", "Lucie")),
        ("piege devant chez lucie pour cette nuit stp. succ : marc, zoe", "baguette.successeur", ("Marc", "Zoé")),
        ("je protege lucie cette nuit. succ: paul", "baguette.successeur", ("Paul",)),
    ],
)
def test_the_successors_shortened(text: str, power: str, names: tuple[str, ...]) -> None:
    """« succ : … » is how players shorten « successeurs » (fixtures/scenarios/baguette/302, 308)."""
    assert (power, names) in read_as_holder(text, "Hugo", "Hugo")


@pytest.mark.parametrize(
    ("text", "phase", "power", "names"),
    [
        ("contre boris", "J2", "baguette.vote", ("Boris",)),
        ("contre zoe aussi", "J2", "baguette.vote", ("Zoé",)),
        ("Pour le bucher, je choisis boris. dsl", "N3", "baguette.egalite", ("Boris",)),
    ],
)
def test_short_ballots_and_the_tie_choice(text: str, phase: str, power: str, names: tuple[str, ...]) -> None:
    """« contre X » by day is a pyre vote (« Les votes pour le bûcher … se font par MP au meneur »); « pour le
    bûcher, je choisis X » the night after a tie is the Magicien's choice (fixtures/scenarios/baguette/303)."""
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = phase
    bag(state)["magicien"] = "Hugo"
    if power == "baguette.egalite":
        bag(state)["egalite_en_attente"] = {"magicien": "Alice", "candidates": ["Boris", "Zoé"]}
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp(text, "Alice", state, RULES.verbs, resolver, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [(power, names)]


@pytest.mark.parametrize(("text", "phase", "power"), [("boris", "J0", "baguette.election"), ("Lucie !!", "J0",
    "baguette.election"), ("zoe stp", "J2", "baguette.vote")])  # fmt: skip
def test_a_name_alone_by_day_is_the_days_ballot_read_with_doubt(text: str, phase: str, power: str) -> None:
    """An MP to the MJ that is only a name, by day, when votes are by MP: the day's ballot, the MJ told of the doubt."""
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = phase
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp(text, "Alice", state, RULES.verbs, resolver, "mp")
    assert [a.power for a in reading.actions] == [power] and reading.doubtful == {0}


def test_a_name_in_a_sentence_by_day_is_still_chatter() -> None:
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = "J2"
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    assert (
        read_mp("Boris a été bizarre sur le sujet ce matin", "Alice", state, RULES.verbs, resolver, "mp").actions == ()
    )


def test_the_salvateur_protects_again() -> None:
    """« je reprotège X » (fixtures/scenarios/baguette/303): the Salvateur's order, for the rule set to refuse when X
    was his protégé the night before (classique §4 « il ne peut pas protéger 2 nuits de suite la même personne »)."""
    assert [(a.power, a.targets) for a in read("je reprotege zoe", "Paul", "N3")] == [("salvateur.proteger", ("Zoé",))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("contre boris pour le bucher, et pour le 2e tour je vote lucie",
         [("baguette.vote", ("Boris",)), ("baguette.election", ("Lucie",))]),
        ("Je vote contre Boris.\n2eme tour : Zoé", [("baguette.vote", ("Boris",)), ("baguette.election", ("Zoé",))]),
        ("je vote contre boris et lucie pour magicien",
         [("baguette.vote", ("Boris",)), ("baguette.election", ("Lucie",))]),
        ("je vote contre boris et pour zoe comme magicien",
         [("baguette.vote", ("Boris",)), ("baguette.election", ("Zoé",))]),
        ("bucher : blanc. 2e tour je vote pour zoe", [("baguette.blanc", ()), ("baguette.election", ("Zoé",))]),
    ],
)  # fmt: skip
def test_the_pyre_and_the_second_round_in_one_mp(text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    """J1's second round « en parallèle du bûcher »: one MP gives both ballots (fixtures/scenarios/baguette/308)."""
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = "J1"
    bag(state)["second_tour"] = ["Lucie", "Zoé"]
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    reading = read_mp(text, "Alice", state, RULES.verbs, resolver, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == expected and not reading.unclear


def test_a_verb_after_je_is_no_name_before_pour_la_baguette() -> None:
    """« J'anticipe pour la baguette : … » is no ballot for a player called « anticipe » (scenario 312)."""
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = "J1"
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    text = "Absente du 10 au 12. J'anticipe pour la baguette : je protege zoe de toute action"
    reading = read_mp(text, "Alice", state, RULES.verbs, resolver, "mp")
    assert not reading.unclear
    assert [(a.power, a.targets) for a in reading.actions] == [("baguette.protection", ("Zoé",))]


@pytest.mark.parametrize(
    ("text", "sender", "phase", "expected"),
    [
        ("Mon vote : lucie. Non attends, plutôt zoe", "Boris", "J2", [("baguette.vote", ("Zoé",))]),
        ("successeurs: 1) paul 2) zoe 3) lucie. et je garde la double voix", "Hugo", "N2",
         [("baguette.successeur", ("Paul", "Zoé", "Lucie")), ("baguette.double_voix", ())]),
        ("pouvoir de la baguette : suspicion sur boris, je pense qu'il est loup garou", "Hugo", "N2",
         [("baguette.suspicion", ("Boris", "loup_garou"))]),
    ],
)  # fmt: skip
def test_corrections_numbered_lists_and_a_suspicion_said_with_a_pronoun(
    text: str, sender: str, phase: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    """fixtures/mps/baguette.toml bg-086, bg-089, bg-100."""
    assert read_as_holder(text, sender, "Hugo", phase) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pour la baguette je prends le pouvoir 4 sur boris", ("baguette.copie", ("Boris",))),
        ("je prends le pouvoir numéro 2 pour zoe", ("baguette.immunite", ("Zoé",))),
        ("pouvoir 3 sur lucie", ("baguette.protection", ("Lucie",))),
        ("pouvoir 6 devant chez boris", ("baguette.piege", ("Boris",))),
        ("pouvoir 5 : boris loup garou", ("baguette.suspicion", ("Boris", "loup_garou"))),
        ("baguette : je veux verifier que boris est le loup garou", ("baguette.suspicion", ("Boris", "loup_garou"))),
        ("Pouvoir 1 cette nuit", ("baguette.double_voix", ())),
    ],
)
def test_the_powers_by_their_number_in_the_rule_file(text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    """The file numbers the powers « 1) Double voix … 6) Déposer un piège »: players name them so."""
    assert read_as_holder(text, "Hugo", "Hugo") == [expected]


def test_a_suspicion_names_a_role_as_players_write_it() -> None:
    """« la salvatrice » is the Salvateur (RULINGS P5, as the anti-dévoilement's D5)."""
    expected = [("baguette.suspicion", ("Paul", "salvateur"))]
    assert read_as_holder("je soupçonne paul d'etre la salvatrice", "Hugo", "Hugo") == expected
