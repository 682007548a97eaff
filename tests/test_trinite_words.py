"""`trinite`'s players' French: each power asked for by MP the way players write to the MJ, read by the
daemon's reader (:func:`meneur.daemon.mp_actions.read_mp`) with the rule set's verbs; targets that are words
(a group's number, a style, a power's name); the canonical forms; the mayor's swap read from his post.

The game: 15 players, one of each object (shared/rules/000_e44f1ff8762b1b6f.txt lines 266–330), five groups
of three (one object of each style), four wolves; Zoé and Paul are dead."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from meneur.daemon.mayor_posts import mayor_answers
from meneur.daemon.mp_actions import read_mp
from meneur.engine.model import GameState
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets.trinite import rules
from meneur.engine.rulesets.trinite.help import EXAMPLES, HELP
from meneur.engine.rulesets.trinite.vocabulary import (
    ANSWERS,
    KEYWORDS,
    VERBS,
    mayor_announcement,
)
from meneur.parsers.actions import canonical, find_actions
from meneur.parsers.records import Post
from meneur.vocabulary import words_in

OBJECTS = {  # player → object; groups of three in this order (offensif, défensif, tactique)
    "Anaïs": "arc", "Boris": "armure", "Chloé": "paquet",
    "Dorian": "hache", "Élise": "chapelet", "Fanny": "sceptre",
    "Gaël": "dague", "Hugo": "cape", "Inès": "lyre",
    "Jean-Pierre": "potion", "Kévin": "orbe", "Lucie": "baton",
    "Marc": "familier", "Zoé": "bouclier", "Paul": "carte",
}  # fmt: skip
WOLVES = {"Dorian", "Hugo", "Lucie", "Marc"}
DEAD = {"Zoé", "Paul"}


def game(phase: str = "N2") -> GameState:
    """The game set up by the rule set with these objects, camps and groups; the dead marked; the phase."""
    camps = {name: "loups" if name in WOLVES else "village" for name in OBJECTS}
    groups = {name: 1 + index // 3 for index, name in enumerate(OBJECTS)}
    state: GameState = rules.setup(list(OBJECTS), 1, roles=OBJECTS, camps=camps, groups=groups)
    for name in DEAD:
        state.player(name).alive = False
    state.phase = phase
    return state


RESOLVER = NameResolver([PlayerName(name) for name in OBJECTS])


def read(text: str, sender: str, phase: str = "N2", asked: str | None = None) -> list[tuple[str, tuple[str, ...]]]:
    reading = read_mp(text, sender, game(phase), VERBS, RESOLVER, "mp", asked=asked)
    assert not reading.unclear, reading
    return [(a.power, a.targets) for a in reading.actions]


# Every power, in a player's own words: (sender, MP, expected reading).
NIGHT = [
    ("Dorian", "Salut MJ ! on attaque Kévin cette nuit stp", [("loups.attaquer", ("Kévin",))]),
    ("Marc", "Notre cible c'est chloé", [("loups.attaquer", ("Chloé",))]),
    ("Anaïs", "BARRAGE", [("arc.barrage", ())]),
    ("Anaïs", "Bonsoir, j'utilise mon arc pour faire un barrage cette nuit. Merci !", [("arc.barrage", ())]),
    ("Dorian", "CHARGE stp", [("hache.charge", ())]),
    ("Dorian", "je charge demain, ma voix compte double", [("hache.charge", ())]),
    ("Gaël", "Exécution sur jean-pierre svp", [("dague.execution", ("Jean-Pierre",))]),
    ("Gaël", "je veux exécuter Marc", [("dague.execution", ("Marc",))]),
    ("Gaël", "J'infiltre le groupe 2", [("dague.infiltration", ("2",))]),
    ("Gaël", "INFILTRATION sur le 4 stp", [("dague.infiltration", ("4",))]),
    ("Gaël", "ma dague sur le groupe n°5", [("dague.infiltration", ("5",))]),
    ("Jean-Pierre", "Chaudron sur Boris", [("potion.chaudron", ("Boris",))]),
    ("Jean-Pierre", "je mets un vote contre Hugo avec mon chaudron", [("potion.chaudron", ("Hugo",))]),
    ("Jean-Pierre", "j'empoisonne Lucie", [("potion.empoisonnement", ("Lucie",))]),
    ("Jean-Pierre", "EMPOISONNEMENT -> Gaël", [("potion.empoisonnement", ("Gaël",))]),
    ("Marc", "odorat sur inès", [("familier.odorat", ("Inès",))]),
    ("Marc", "mon familier renifle Anaïs", [("familier.odorat", ("Anaïs",))]),
    ("Marc", "Instinct sur le groupe 3", [("familier.instinct", ("3",))]),
    ("Marc", "j'envoie mon familier dans le groupe deux", [("familier.instinct", ("2",))]),
    ("Marc", "Mon familier flaire le groupe 4 stp", [("familier.instinct", ("4",))]),
    ("Boris", "RÉPARATION", [("armure.reparation", ())]),
    ("Boris", "je répare l'arc d'Anaïs", [("armure.reparation", ("Anaïs",))]),
    ("Élise", "je protège Chloé cette nuit", [("chapelet.protection", ("Chloé",))]),
    ("Élise", "Je me protège", [("chapelet.protection", ("Élise",))]),
    ("Élise", "Chapelet en mode INTERCEPTION", [("chapelet.interception", ())]),
    ("Hugo", "j'imite MITHRIL", [("cape.imitation", ("mithril",))]),
    ("Hugo", "IMITATION : l'armure", [("cape.imitation", ("mithril",))]),
    ("Hugo", "J'utilise COPIE sur EMPOISONNEMENT", [("cape.copie", ("empoisonnement",))]),
    ("Hugo", "je copie le pouvoir de l'orbe", [("cape.copie", ("nature",))]),
    ("Hugo", "Je prends le pouvoir RENVOI avec ma cape", [("cape.imitation", ("renvoi",))]),
    ("Hugo", "je choisis le pouvoir ATOUT", [("cape.copie", ("atout",))]),
    ("Anaïs", "barage stp", [("arc.barrage", ())]),
    ("Inès", "Je veux faire revivre Zoé", [("lyre.trouvere", ("Zoé",))]),
    ("Kévin", "Nature sur Dorian", [("orbe.nature", ("Dorian",))]),
    ("Kévin", "je désactive l'objet de gael", [("orbe.nature", ("Gaël",))]),
    ("Chloé", "Atout sur Hugo", [("paquet.atout", ("Hugo",))]),
    ("Chloé", "je tire les cartes de Marc stp", [("paquet.atout", ("Marc",))]),
    ("Fanny", "Ouija sur Paul", [("sceptre.ouija", ("Paul",))]),
    ("Fanny", "je fais voter Zoé demain", [("sceptre.ouija", ("Zoé",))]),
    ("Inès", "je ressuscite Paul !!", [("lyre.trouvere", ("Paul",))]),
    ("Inès", "TROUVÈRE sur zoé", [("lyre.trouvere", ("Zoé",))]),
    ("Inès", "Troubadour sur Boris", [("lyre.troubadour", ("Boris",))]),
    ("Inès", "je répare l'objet de Boris avec ma lyre", [("lyre.troubadour", ("Boris",))]),
    ("Fanny", "je veux que Zoé vote demain", [("sceptre.ouija", ("Zoé",))]),
    ("Lucie", "Élémentariste sur Boris : offensif", [("baton.elementariste", ("Boris", "offensif"))]),
    ("Lucie", "élémentariste sur Chloé, défensif stp", [("baton.elementariste", ("Chloé", "defensif"))]),
    ("Lucie", "je veux savoir si Anaïs est tactique", [("baton.elementariste", ("Anaïs", "tactique"))]),
    ("Lucie", "style offensif pour Kévin", [("baton.elementariste", ("Kévin", "offensif"))]),
    ("Lucie", "elementaliste sur boris : def", [("baton.elementariste", ("Boris", "defensif"))]),
    ("Paul", "ESPIONNAGE", [("carte.espionnage", ())]),
    # Several orders in one MP: a wolf's victim and his own object's power.
    ("Hugo", "on mange Anaïs. Et moi j'imite le RENVOI",
     [("loups.attaquer", ("Anaïs",)), ("cape.imitation", ("renvoi",))]),
]  # fmt: skip

DAY = [
    ("Dorian", "RAVAGE", [("hache.ravage", ())]),
    ("Dorian", "je détruis ma hache, ravage !", [("hache.ravage", ())]),
    ("Zoé", "MURS", [("bouclier.murs", ())]),
    ("Fanny", "j'active le pacte", [("sceptre.pacte", ())]),
    ("Chloé", "Excuse avec Boris et Élise", [("paquet.excuse", ("Boris", "Élise"))]),
    ("Chloé", "je veux parler en privé avec Gaël stp", [("paquet.excuse", ("Gaël",))]),
]


@pytest.mark.parametrize(("sender", "text", "expected"), NIGHT, ids=[t for _, t, _ in NIGHT])
def test_night_orders_are_read(sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    state = game()
    if sender in DEAD:  # the tactician's ESPIONNAGE: alive for this MP
        state.player(sender).alive = True
    reading = read_mp(text, sender, state, VERBS, RESOLVER, "mp")
    assert not reading.unclear
    assert [(a.power, a.targets) for a in reading.actions] == expected


@pytest.mark.parametrize(("sender", "text", "expected"), DAY, ids=[t for _, t, _ in DAY])
def test_day_powers_are_read_by_day(sender: str, text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert read(text, sender, phase="J2") == expected


def test_a_copied_power_is_read_with_the_original_power_id() -> None:
    """The cape's holder after COPIE of EMPOISONNEMENT writes as the sorcier would: potion.empoisonnement,
    his cape named or not."""
    assert read("j'empoisonne Gaël", "Hugo") == [("potion.empoisonnement", ("Gaël",))]
    assert read("Cette nuit j'empoisonne Kévin grâce à ma cape", "Hugo") == [("potion.empoisonnement", ("Kévin",))]
    assert read("je protège Inès", "Hugo") == [("chapelet.protection", ("Inès",))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Élémentariste : Marc, défensif ?", ("Marc", "defensif")),
        ("ÉLÉMENTARISTE sur Chloé : tactique ?", ("Chloé", "tactique")),
        ("élémentariste : est-ce que Boris est offensif ?", ("Boris", "offensif")),
    ],
)
def test_elementariste_is_asked_as_a_question(text: str, expected: tuple[str, ...]) -> None:
    """ "Ciblez un joueur en demandant un style": the question mark is how it is asked, not a doubt."""
    reading = read_mp(text, "Lucie", game(), VERBS, RESOLVER, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [("baton.elementariste", expected)]
    assert not reading.doubtful and not reading.unclear


def test_a_question_is_still_a_doubt_for_the_other_powers() -> None:
    """« je protège Chloé ? » is no sure order: read as a guess the player is asked to confirm (Verb.asks is
    ÉLÉMENTARISTE's alone)."""
    reading = read_mp("je protège Chloé ?", "Élise", game(), VERBS, RESOLVER, "mp")
    assert reading.doubtful == frozenset(range(len(reading.actions)))


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("baroud", "Je tire sur Dorian !", ("Dorian",)),
        ("baroud", "Dorian stp", ("Dorian",)),
        ("renvoi", "je renvoie l'attaque sur Marc", ("Marc",)),
        ("sauvetage", "Sauvetage sur Zoé", ("Zoé",)),
        ("execution", "nouvelle cible : Fanny", ("Fanny",)),
        ("reparation", "Boris", ("Boris",)),
    ],
)
def test_answers_to_the_mjs_questions(kind: str, text: str, expected: tuple[str, ...]) -> None:
    """An MP read while the MJ's question is open (``asked``): the answer as the question's power."""
    power = ANSWERS[kind]
    sender = {"baroud": "Anaïs", "renvoi": "Kévin", "sauvetage": "Paul", "execution": "Gaël", "reparation": "Boris"}
    state = game("N3")
    state.player(sender[kind]).alive = True  # the tactician, asked at dawn
    reading = read_mp(text, sender[kind], state, VERBS, RESOLVER, "mp", asked=power)
    assert [(a.power, a.targets) for a in reading.actions] == [(power, expected)]


def test_execution_can_be_abandoned() -> None:
    """ "le MJ vous demande si vous voulez abandonner ou changer la cible": « abandon » is the answer's word when
    the MP names the power (a bare « j'abandonne » is a pass: the question's default, abandon, stands)."""
    assert read("Exécution : abandon", "Gaël", asked="dague.execution") == [("dague.execution", ("abandon",))]


@pytest.mark.parametrize(
    "text",
    [
        "je ne fais pas de barrage cette nuit",
        "pas d'empoisonnement ce soir, je garde ma potion",
        "si j'infiltre le groupe 2, je perds ma dague ?",
        "Merci pour la partie, bonne nuit à tous !",
    ],
)
def test_what_is_no_order_gives_no_action(text: str) -> None:
    sender = "Gaël" if "infiltre" in text else "Jean-Pierre" if "potion" in text else "Anaïs"
    reading = read_mp(text, sender, game(), VERBS, RESOLVER, "mp")
    assert not reading.actions


def test_a_group_or_a_style_that_is_no_word_of_the_power_is_asked_back() -> None:
    """« groupe 9 » is no group of this game's words, « rouge » no style: the MJ asks, nothing is guessed."""
    for text, sender in (("J'infiltre le groupe neuf-cent", "Gaël"), ("Élémentariste sur Boris : rouge", "Lucie")):
        reading = read_mp(text, sender, game(), VERBS, RESOLVER, "mp")
        assert reading.unclear and not reading.actions, (text, reading)


def test_canonical_forms_are_understood_for_every_power() -> None:
    """ "!power targets" alone on its line: every power, its words included, with the form the card shows."""
    samples = {"GROUPE": "2", "STYLE": "défensif", "POUVOIR": "MITHRIL", "NOM": "Boris", "NOM1": "Boris",
               "NOM2": "Chloé"}  # fmt: skip
    expect = {"2": "2", "défensif": "defensif", "MITHRIL": "mithril", "Boris": "Boris", "Chloé": "Chloé"}
    for verb in VERBS:
        form = canonical(verb)
        words = form.split(" ", 1)[1].split(", ") if " " in form else []
        written = [samples[w] for w in words]
        line = f"!{verb.power} " + ", ".join(written)
        state = game(
            "J2" if verb.power in ("hache.ravage", "bouclier.murs", "paquet.excuse", "sceptre.pacte") else "N2"
        )
        kind = verb.power.split(".")[0]
        sender = "Dorian" if kind == "loups" else next(n for n, k in OBJECTS.items() if k == kind)
        state.player(sender).alive = True
        reading = read_mp(line, sender, state, VERBS, RESOLVER, "mp")
        got = [(a.power, a.targets) for a in reading.actions]
        assert got == [(verb.power, tuple(expect[w] for w in written))], (line, reading)


def test_every_power_has_help_an_example_and_keywords_and_the_example_reads_as_its_power() -> None:
    powers = {v.power for v in VERBS}
    assert set(HELP) == powers and set(EXAMPLES) == powers and set(KEYWORDS) == powers
    assert set(ANSWERS.values()) <= powers
    for verb in VERBS:
        assert verb.power in {m.power for m in find_actions(EXAMPLES[verb.power], VERBS)}, EXAMPLES[verb.power]


def test_canonical_forms_name_words_for_what_is_no_player() -> None:
    forms = {v.power: canonical(v) for v in VERBS}
    assert forms["dague.infiltration"] == "!dague.infiltration GROUPE"
    assert forms["baton.elementariste"] == "!baton.elementariste NOM, STYLE"
    assert forms["cape.copie"] == "!cape.copie POUVOIR"
    assert forms["arc.barrage"] == "!arc.barrage"
    assert forms["paquet.excuse"] == "!paquet.excuse NOM1, NOM2"


# -- the mayor's swap ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("post", "answer"),
    [
        ("J'échange les Offensifs des groupes 1 et 3", "groupe 1, groupe 3, offensif"),
        ("En tant que maire, j'inverse les défensifs du groupe 2 et du groupe 5.", "groupe 2, groupe 5, defensif"),
        ("Échange : groupe 4 <-> groupe 1, style tactique", "groupe 4, groupe 1, tactique"),
        ("Je swap les tactiques entre le G2 et le G3 !", "groupe 2, groupe 3, tactique"),
        ("j'échange les porteurs d'arc des groupes 3 et 4", "groupe 3, groupe 4, offensif"),
        ("Maire : j'échange les tactiques du 2 et du 5", "groupe 2, groupe 5, tactique"),
        ("Échange des défensifs entre le 1 et le 4, bonne nuit !", "groupe 1, groupe 4, defensif"),
        ("Je n'échange pas les offensifs des groupes 1 et 3 finalement", "aucun"),
        ("Pas d'échange ce soir, les groupes restent comme ils sont.", "aucun"),
        ("Je n'échange personne, désolé.", "aucun"),
        ("J'échange les offensifs des groupes 1 et 7", "aucun"),  # no group 7 at 15 players
        ("Bravo à tous pour ce vote, à demain !", "aucun"),
        ("J'échange les groupes 1 et 2", "aucun"),  # no style: nothing the MJ can do
    ],
)
def test_mayor_announcement(post: str, answer: str) -> None:
    assert mayor_announcement(post, game("J2")) == answer


# -- words written elsewhere in the MP; what is chatter -------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Est-ce que Marc est défensif ? (élémentariste)", ("Marc", "defensif")),
        ("ÉLÉMENTARISTE Anaïs offensif", ("Anaïs", "offensif")),
        ("Je voudrais savoir si Chloé est une Tactique, élémentariste stp", ("Chloé", "tactique")),
    ],
)
def test_a_style_written_elsewhere_completes_elementariste_with_doubt(text: str, expected: tuple[str, ...]) -> None:
    """The power named, the player named, the style written elsewhere in the MP: read, and said to be a guess."""
    reading = read_mp(text, "Lucie", game(), VERBS, RESOLVER, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [("baton.elementariste", expected)]
    assert reading.doubtful == frozenset({0}) and not reading.unclear


def test_common_words_are_no_targets_when_they_stand_anywhere() -> None:
    """« un », « deux » in a sentence are no group's number; a number is."""
    instinct = next(v for v in VERBS if v.power == "familier.instinct")
    assert words_in(instinct, "je mets un vote contre lui, et deux si je peux") == []
    assert words_in(instinct, "instinct, le 3 stp") == ["3"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Je veux copier la charge de la hache", ("cape.copie", ("charge",))),
        ("j'imite l'honneur du bouclier", ("cape.imitation", ("honneur",))),
        ("Instinct sur le groupe 9", ("familier.instinct", ("9",))),  # no group 9: the rule set refuses it
    ],
)
def test_a_power_of_an_object_and_a_group_that_does_not_exist(text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    sender = "Hugo" if "cape" in expected[0] else "Marc"
    assert read(text, sender) == [expected]


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Anaïs", "Au fait, Boris votait bizarrement aujourd'hui."),
        ("Paul", "Je serai absent demain soir, je ne pourrai sans doute pas voter."),
    ],
)
def test_talk_of_votes_is_no_attack(sender: str, text: str) -> None:
    state = game()
    state.player(sender).alive = True
    reading = read_mp(text, sender, state, VERBS, RESOLVER, "mp")
    assert reading.not_an_order and not reading.actions


def test_the_mayors_post_swaps_the_style_between_the_groups() -> None:
    """The evening's open question ``J1:annonce_maire`` answered from the mayor's forum post (the daemon's
    reader of mayor posts with trinite's announcement), then the day closed again with that answer: the two
    défensifs change groups, as « Le MJ échange entre les deux groupes les joueurs du style choisi »."""
    state = game("J1")
    state.mayor = "Anaïs"
    votes = {"Anaïs": "Gaël", "Boris": "Gaël", "Chloé": "Gaël"}
    outcome = rules.close_day(state, votes)
    (question,) = [e.as_json() for e in outcome.events if e.type == "question" and "annonce_maire" in e.data["id"]]
    deadline = datetime(2026, 3, 14, 20, tzinfo=UTC)
    posts = [
        Post(
            "p1", "Boris", None, deadline + timedelta(minutes=1), "", "J'échange les tactiques des groupes 1 et 2", "h"
        ),
        Post(
            "p2",
            "Anaïs",
            None,
            deadline + timedelta(minutes=3),
            "",
            "En tant que maire : j'échange les Défensifs du groupe 1 et du groupe 3 !",
            "h",
        ),
    ]
    found = mayor_answers([question], posts, deadline, RESOLVER, state, mayor_announcement)
    assert found == {"J1:annonce_maire": "groupe 1, groupe 3, defensif"}
    closed = rules.close_day(state, votes, found)
    (swap,) = [e.data for e in closed.events if e.type == "groups_swapped"]
    assert sorted(swap["players"]) == ["Boris", "Hugo"] and swap["groups"] == [1, 3]


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        ("Marc", "Instinct sur le groupe de Kévin", ("familier.instinct", ("4",))),
        ("Gaël", "j'infiltre le groupe de boris stp", ("dague.infiltration", ("1",))),
    ],
)
def test_a_group_named_by_one_of_its_members(sender: str, text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    """« le groupe de Kévin » is the group Kévin is in (the rule set's groups), read with doubt."""
    reading = read_mp(text, sender, game(), VERBS, RESOLVER, "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [expected]
    assert reading.doubtful == frozenset({0})
