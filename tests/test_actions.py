"""Night and day actions read from players' MPs in natural French (parsers/actions.py + the classique verbs)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meneur.daemon.mp_actions import MpReading, actions_in_mp, read_mp
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets.classique import vocabulary
from meneur.engine.rulesets.classique.vocabulary import VERBS
from meneur.parsers.actions import SELF, ActionMention, Verb, canonical, expand, find_actions

Found = list[tuple[str, tuple[str, ...]]]

PROTECT = ("salvateur.proteger", "ange_gardien.proteger")  # the same words: the engine keeps the sender's own
DESIGNATE = (
    "devin.designer",
    "lapinou_garou.designer",
    "ancien.designer",
    "maire.successeur",
    "bouc_emissaire.votants",
)


def found(text: str, verbs: tuple[Verb, ...] = VERBS) -> Found:
    return [(m.power, m.targets) for m in find_actions(text, verbs)]


def protect(*names: str) -> Found:
    return [(power, names) for power in PROTECT]


# --- the scenario files' MPs and the brief's phrasings -----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Je sonde Boris cette nuit.", [("voyante.sonder", ("Boris",))]),
        ("Je protège Lucie cette nuit.", protect("Lucie")),
        ("Nous dévorons Paul.", [("loups.devorer", ("Paul",))]),
        (
            "Je garde ma potion de guérison. Potion d'empoisonnement sur Boris.",
            [("sorciere.empoisonnement", ("Boris",))],
        ),
        ("Je rends amoureux Alice et Bob.", [("cupidon.amoureux", ("Alice", "Bob"))]),
    ],
)
def test_scenario_mps(text: str, expected: Found) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("je protège Boris", protect("Boris")),
        ("protection sur Boris", protect("Boris")),
        ("je veux protéger Boris", protect("Boris")),
        ("je sonde Boris", [("voyante.sonder", ("Boris",))]),
        ("je regarde Boris", [("voyante.sonder", ("Boris",))]),
        ("je voudrais voir le rôle de Boris", [("voyante.sonder", ("Boris",))]),
        ("boule de cristal sur Boris", [("voyante.sonder", ("Boris",))]),
        ("nous mangeons Boris", [("loups.devorer", ("Boris",))]),
        ("on mange Boris", [("loups.devorer", ("Boris",))]),
        ("les loups dévorent Boris", [("loups.devorer", ("Boris",))]),
        ("notre victime est Boris", [("loups.devorer", ("Boris",))]),
        ("potion de guérison", [("sorciere.guerison", ())]),
        ("je sauve Boris", [("sorciere.guerison", ("Boris",))]),
        ("potion d'empoisonnement sur Boris", [("sorciere.empoisonnement", ("Boris",))]),
        ("j'empoisonne Boris", [("sorciere.empoisonnement", ("Boris",))]),
        ("potion de charisme pour Boris", [("sorciere.charisme", ("Boris",))]),
        ("je rends amoureux Boris et Alice", [("cupidon.amoureux", ("Boris", "Alice"))]),
        ("amoureux : Boris et Alice", [("cupidon.amoureux", ("Boris", "Alice"))]),
        ("je charme Boris et Alice", [("joueur_de_flute.charmer", ("Boris", "Alice"))]),
        ("j'assomme Boris", [("loup_assommeur.assommer", ("Boris",))]),
        ("je mords Boris", [("chef_de_meute.mordre", ("Boris",)), ("maitre_vampire.mordre", ("Boris",))]),
        ("je maudis Boris", [("seigneur_loup.maudire", ("Boris",))]),
        ("moutons devant Boris, Alice et Zoé", [("berger.moutons", ("Boris", "Alice", "Zoé"))]),
        ("un mouton devant chez moi", [("berger.moutons", (SELF,))]),
        ("je tombe malade", [("malade.tomber_malade", ())]),
        ("le devin désigne Boris", [("devin.designer", ("Boris",))]),
        ("je protège Boris du bûcher", [("ange_gardien.proteger", ("Boris",))]),
        ("mauvais oeil sur Boris et Alice", [("chaman.mauvais_oeil", ("Boris", "Alice"))]),
        ("mauvais œil sur Boris et Alice", [("chaman.mauvais_oeil", ("Boris", "Alice"))]),
        ("mauvaise langue sur Boris et Alice", [("chaman.mauvaise_langue", ("Boris", "Alice"))]),
        ("j'endors Boris", [("enchanteur.endormir", ("Boris",))]),
        ("je tire sur Boris", [("chasseur.tirer", ("Boris",))]),
        ("ma rage meurtrière contre Boris", [("seigneur_loup.rage", ("Boris",))]),
        ("Boris meurt à ma place", [("lapinou_garou.designer", ("Boris",))]),
        ("mon successeur sera Boris", [("maire.successeur", ("Boris",))]),
        (
            "ont le droit de voter : Boris, Alice, Zoé et Marc",
            [("bouc_emissaire.votants", ("Boris", "Alice", "Zoé", "Marc"))],
        ),
        ("je murmure le nom de Boris", [("ancien.designer", ("Boris",))]),
        ("je désigne Boris", [(power, ("Boris",)) for power in DESIGNATE]),
    ],
)
def test_each_power_has_natural_phrasings(text: str, expected: Found) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Je protège Bôris", "je protege boris", "JE PROTÈGE Boris !", "Je  protège\u00a0Boris.", "je PROTEGE   Boris svp"],
)
def test_case_accents_and_spaces_do_not_matter(text: str) -> None:
    assert [(p, tuple(t.lower().replace("ô", "o") for t in ts)) for p, ts in found(text)] == protect("boris")


def test_names_are_returned_as_written() -> None:
    assert found("Je protège Bôris") == protect("Bôris")
    assert found("je sonde jean-pierre") == [("voyante.sonder", ("jean-pierre",))]


def test_apostrophes_and_elisions() -> None:
    assert found("J’empoisonne Marc") == [("sorciere.empoisonnement", ("Marc",))]
    assert found("j' empoisonne Marc") == [("sorciere.empoisonnement", ("Marc",))]
    assert found("je voudrais voir le rôle d’Alice") == [("voyante.sonder", ("Alice",))]
    assert found("Je décide d'empoisonner Marc") == [("sorciere.empoisonnement", ("Marc",))]


# --- real-looking MPs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # greetings, smileys, signatures
        ("Coucou MJ ! 😊 Cette nuit, je vais protéger Zoé. Bonne nuit à toi !", protect("Zoé")),
        (
            "Hello, petite MP pour te dire que je sonde Jean-Pierre, je le trouve louche. Bisous",
            [("voyante.sonder", ("Jean-Pierre",))],
        ),
        (
            "Bonsoir MJ !\nAlors cette nuit je voudrais voir le rôle d'Alice :) Merci !",
            [("voyante.sonder", ("Alice",))],
        ),
        ("Je veux protéger @Lucas stp", protect("Lucas")),
        ("Je protège **Lucas** xD", protect("Lucas")),
        ("[b]Je protège [color=red]Lucas[/color][/b]", protect("Lucas")),
        ("Je protège Zoé 🛡️", protect("Zoé")),
        ("je protège «Zoé» !!!", protect("Zoé")),
        ("Je protège Lucas (c'est le seul en qui j'ai confiance)", protect("Lucas")),
        ("je sonde Paul, il a voté bizarrement", [("voyante.sonder", ("Paul",))]),
        ("je sonde Paul car il ment", [("voyante.sonder", ("Paul",))]),
        ("Je protège Boris parce qu'il est gentil", protect("Boris")),
        ("je protège boris pour cette nuit merci", protect("boris")),
        ("Cette nuit : protection sur Zoé.", protect("Zoé")),
        ("Protéger : Zoé", protect("Zoé")),
        ("Je protège... Boris !", protect("Boris")),
        ("je vais donc protéger Zoé", protect("Zoé")),
        ("Je protège ce soir Marc", protect("Marc")),
        ("je protège ma copine Zoé", protect("Zoé")),
        ("je protège la Fouine", protect("la Fouine")),
        ("Je protège Boris le plus gentil du village", protect("Boris")),
        ("JE SONDE PAUL CE SOIR", [("voyante.sonder", ("PAUL",))]),
        # names: several words, particles, typos, digits
        ("j'assomme Marie Anne ce soir", [("loup_assommeur.assommer", ("Marie Anne",))]),
        ("Je sonde Jean de La Fontaine ce soir", [("voyante.sonder", ("Jean de La Fontaine",))]),
        ("je sonde Jean Piere", [("voyante.sonder", ("Jean Piere",))]),
        ("je sonde Boirs", [("voyante.sonder", ("Boirs",))]),
        ("Je protège Joueur42", protect("Joueur42")),
        ("Potion de charisme pour Jean-Pierre", [("sorciere.charisme", ("Jean-Pierre",))]),
        # role-play around the action
        (
            "*se penche sur sa boule de cristal* Montre-moi qui est Paul !",
            [("voyante.sonder", ("Paul",))],
        ),
        (
            "La nuit tombe sur le village... Le vieux berger sort de sa cabane et place un mouton devant chez Lucie, "
            "un devant chez Marc et un devant sa propre porte.",
            [("berger.moutons", ("Lucie", "Marc"))],
        ),
        (
            "Un mouton devant chez Lucie, un devant chez Marc et un devant ma porte.",
            [("berger.moutons", ("Lucie", "Marc", SELF))],
        ),
        ("Je place mes moutons devant chez Lucie, Marc et moi", [("berger.moutons", ("Lucie", "Marc", SELF))]),
        ("Hmm on hésite entre Paul et Zoé... on mange Paul !", [("loups.devorer", ("Paul",))]),
        ("Nous avons décidé de dévorer Paul", [("loups.devorer", ("Paul",))]),
        ("On a choisi de manger Zoé, elle parle trop", [("loups.devorer", ("Zoé",))]),
        ("Boris sera notre victime cette nuit", [("loups.devorer", ("Boris",))]),
        ("Je pense que Boris sera notre victime", [("loups.devorer", ("Boris",))]),
        ("Au menu ce soir : Lucie !", [("loups.devorer", ("Lucie",))]),
        ("Je me mets en couple avec Paul", [("cupidon.amoureux", (SELF, "Paul"))]),
        ("Je rends Paul et Zoé amoureux <3", [("cupidon.amoureux", ("Paul", "Zoé"))]),
        ("Je lance le mauvais œil sur Paul et Zoé", [("chaman.mauvais_oeil", ("Paul", "Zoé"))]),
        ("Paul et Zoé devront s'accuser mutuellement", [("chaman.mauvaise_langue", ("Paul", "Zoé"))]),
        ("Je bois ma potion de charisme", [("sorciere.charisme", (SELF,))]),
        ("Je sauve la victime.", [("sorciere.guerison", ())]),
        ("Je la sauve !", [("sorciere.guerison", ())]),
        ("Potion de guérison sur la victime", [("sorciere.guerison", ())]),
        ("je me protège", protect(SELF)),
        (
            "je joue de la flûte pour Boris et Alice",
            [("joueur_de_flute.charmer", ("Boris", "Alice")), ("enchanteur.endormir", ("Boris", "Alice"))],
        ),
        (
            "Je mords Boris, Alice",
            [("chef_de_meute.mordre", ("Boris",)), ("maitre_vampire.mordre", ("Boris", "Alice"))],
        ),
        ("Je vampirise Paul et Zoé", [("maitre_vampire.mordre", ("Paul", "Zoé"))]),
        ("Je commence la transformation de Marc", [("chef_de_meute.mordre", ("Marc",))]),
        ("Je transforme Marc en loup", [("chef_de_meute.mordre", ("Marc",)), ("seigneur_loup.maudire", ("Marc",))]),
        ("Je désigne Paul comme victime des loups", [("devin.designer", ("Paul",))]),
        ("J'utilise mon pouvoir de devin : cette nuit les loups tueront Marc.", [("devin.designer", ("Marc",))]),
        ("Pouvoir de devin : Boris", [("devin.designer", ("Boris",))]),
        ("Je te préviens : je tombe malade à partir de ce soir", [("malade.tomber_malade", ())]),
        ("J'endors Marc cette nuit, il ne se réveillera pas", [("enchanteur.endormir", ("Marc",))]),
        ("J'emmène Zoé avec moi !", [("seigneur_loup.rage", ("Zoé",)), ("chasseur.tirer", ("Zoé",))]),
        (
            "Salut le MJ,\nPour cette nuit, je souhaiterais protéger Lucas. Il me paraît être une cible facile pour "
            "les loups.\nMerci et à demain !",
            protect("Lucas"),
        ),
        ("Je voudrais savoir qui est vraiment Paul", [("voyante.sonder", ("Paul",))]),
        ("Bonsoir, les loups ont décidé : on croque Marc cette nuit !! 🐺", [("loups.devorer", ("Marc",))]),
        ("Notre victime de cette nuit sera Zoé.", [("loups.devorer", ("Zoé",))]),
        ("La meute a choisi : Paul.", [("loups.devorer", ("Paul",))]),
        ("Cupidon ici ! Je décoche mes flèches sur Paul et Zoé <3", [("cupidon.amoureux", ("Paul", "Zoé"))]),
        ("Mes amoureux sont Lucas & Zoé", [("cupidon.amoureux", ("Lucas", "Zoé"))]),
        (
            "Je voudrais utiliser la potion de guérison sur Lucas et la potion d'empoisonnement sur Marc.",
            [("sorciere.guerison", ("Lucas",)), ("sorciere.empoisonnement", ("Marc",))],
        ),
        ("je veux utiliser ma potion de vie", [("sorciere.guerison", ())]),
        ("Malédiction : Lucas", [("seigneur_loup.maudire", ("Lucas",))]),
        ("Je lance la malédiction sur Lucas", [("seigneur_loup.maudire", ("Lucas",))]),
        ("J'assomme Zoé, elle m'énerve avec ses sondages", [("loup_assommeur.assommer", ("Zoé",))]),
        ("Alors pour cette nuit : j'endors Lucas, et voilà.", [("enchanteur.endormir", ("Lucas",))]),
        ("Mauvaise langue sur Paul et Lucas pour demain svp", [("chaman.mauvaise_langue", ("Paul", "Lucas"))]),
        ("Je voudrais utiliser le mauvais oeil sur Paul et Zoé demain", [("chaman.mauvais_oeil", ("Paul", "Zoé"))]),
        ("En tant qu'ange gardien je choisis de protéger Zoé du bûcher", [("ange_gardien.proteger", ("Zoé",))]),
        ("Je souhaite tomber malade à partir de cette nuit.", [("malade.tomber_malade", ())]),
        ("Moutons : Paul, Zoé, moi", [("berger.moutons", ("Paul", "Zoé", SELF))]),
        ("Je place 2 moutons, chez Paul et chez Zoé", [("berger.moutons", ("Paul", "Zoé"))]),
        ("Je mets deux moutons : un devant chez Paul et un devant chez Zoé", [("berger.moutons", ("Paul", "Zoé"))]),
        # more names than the power takes: kept, for the engine to refuse with a reason
        ("Je vais protéger Paul et Zoé", protect("Paul", "Zoé")),
        ("Je charme Paul, Zoé et Marc", [("joueur_de_flute.charmer", ("Paul", "Zoé", "Marc"))]),
    ],
)
def test_real_mps(text: str, expected: Found) -> None:
    assert found(text) == expected


# --- several actions, reading order ---------------------------------------------------------------


def test_several_actions_in_reading_order() -> None:
    text = "Je sauve la victime et j'empoisonne Marc. Et potion de charisme pour Lucie !"
    mentions = find_actions(text, VERBS)
    assert [(m.power, m.targets) for m in mentions] == [
        ("sorciere.guerison", ()),
        ("sorciere.empoisonnement", ("Marc",)),
        ("sorciere.charisme", ("Lucie",)),
    ]
    assert [m.start for m in mentions] == [0, text.index("j'empoisonne"), text.index("potion de charisme")]
    assert mentions[0].text == "Je sauve la victime et j'empoisonne Marc."
    assert mentions[2].text == "Et potion de charisme pour Lucie !"


def test_two_roles_actions_and_a_change_of_mind() -> None:
    assert found("Je protège Boris et je sonde Alice") == [*protect("Boris"), ("voyante.sonder", ("Alice",))]
    assert found("Je protège Zoé. Non en fait je protège Marc.") == [*protect("Zoé"), *protect("Marc")]
    assert found("Je ne veux pas protéger Marc, donc je protège Zoé.") == protect("Zoé")


def test_witch_night() -> None:
    text = (
        "Salut MJ,\n"
        "J'ai bien reçu ton MP, merci. Pauvre Paul...\n"
        "Potion de guérison sur la victime, et potion d'empoisonnement sur Marc !\n"
        "Bonne nuit"
    )
    assert found(text) == [("sorciere.guerison", ()), ("sorciere.empoisonnement", ("Marc",))]


def test_mention_positions_and_sentences() -> None:
    text = "Bonsoir !\nPour cette nuit je charme Lucie et Marc :)\nA demain"
    (mention,) = find_actions(text, VERBS)
    assert mention == ActionMention(
        "joueur_de_flute.charmer",
        ("Lucie", "Marc"),
        text.index("je charme"),
        "Pour cette nuit je charme Lucie et Marc :)",
    )


# --- quotes never count ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[quote=MJ]Nuit 2 : envoie-moi ton action. Rappel : je protège X[/quote] Je protège Marc", protect("Marc")),
        (
            '[quote="MJ"]Qui veux-tu sonder ? Réponds « je sonde X ».[/quote]\nJe sonde Lucie',
            [("voyante.sonder", ("Lucie",))],
        ),
        (
            '[quote="Zoé"][quote="MJ"]je sonde Paul[/quote]je sonde Marc[/quote]\nBon ben je sonde Lucie alors',
            [("voyante.sonder", ("Lucie",))],
        ),
        ("> Qui veux-tu protéger cette nuit ?\n> je protège X\nJe protège Lucie", protect("Lucie")),
        ("Je protège Lucie\n[quote]je protège Marc", protect("Lucie")),  # an unclosed quote runs to the end
        ("[QUOTE]je sonde Paul[/QUOTE]", []),
        ("Je sonde Paul[/quote] et voilà", [("voyante.sonder", ("Paul",))]),
    ],
)
def test_quotes_never_count(text: str, expected: Found) -> None:
    assert found(text) == expected


# --- negations, refusals, questions ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "je ne sonde pas Boris",
        "je sonde pas Boris",
        "Je ne veux pas protéger Marc",
        "je ne protège personne",
        "pas de protection cette nuit",
        "aucune protection ce soir, désolé",
        "je ne me protège pas",
        "Je ne tombe pas malade cette nuit",
        "pas de potion de guérison",
        "Je n'utilise pas ma potion de guérison",
        "Je garde ma potion de guérison pour plus tard",
        "Je n'utilise aucune potion cette nuit.",
        "Je n'utilise pas ma boule de cristal sur Boris",
        "Je ne mords personne",
        "Boris ne sera pas notre victime",
        "je ne sauve personne",
    ],
)
def test_negations_give_nothing(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("je ne charme personne", "joueur_de_flute.charmer"),
        ("Je charme pas cette nuit", "joueur_de_flute.charmer"),
        ("pas de charme cette nuit", "joueur_de_flute.charmer"),
        ("Je ne veux charmer personne ce soir", "joueur_de_flute.charmer"),
        ("pas de moutons ce soir", "berger.moutons"),
        ("Aucun mouton cette nuit, ils se reposent", "berger.moutons"),
        ("Je garde mes moutons à l'enclos", "berger.moutons"),
    ],
)
def test_refusals_give_zero_targets_where_allowed(text: str, power: str) -> None:
    assert found(text) == [(power, ())]


@pytest.mark.parametrize(
    "text",
    [
        "je protège Boris ?",
        "Est-ce que je peux utiliser la potion de guérison sur moi ?",
        "Si je protège Boris, il survivra.",
        "Je ne sais pas si je protège Zoé ou Marc.",
        "je protège Boris ou Alice",
        "J'ai déjà utilisé ma potion de guérison",
        "J'hésite encore, je te redis demain.",
        "je tue le temps en attendant la nuit lol",
        "je protège",
        "Qui dois-je protéger ?",
        "Je vote contre Boris",
        "Bon je me sauve, bonne nuit !",
        "Je sauve ma peau comme je peux",
        "Je charme tout le monde mdr",
        "Je mange une pizza en attendant lol",
        "On mange quoi ce soir ?",
        "J'observe Paul depuis le début, il est louche",
        "Je regarde la télé en attendant",
        "Je protège mes arrières",
        "je protège celui qui a été accusé : Paul",
        "J'ai protégé Paul hier, ça a marché ?",
    ],
)
def test_questions_hesitations_and_chatter_give_nothing(text: str) -> None:
    assert found(text) == []


def test_a_question_after_the_action_does_not_cancel_it() -> None:
    assert found("je protège Zoé, ça te va ?") == protect("Zoé")
    assert found("Moi je protège Zoé cette nuit, et toi tu fais quoi ?") == protect("Zoé")


def test_zero_targets_only_where_min_targets_is_zero() -> None:
    verbs = (Verb("x.proteger", ("je protège {cible}",)), Verb("y.proteger", ("je protège {cible}",), min_targets=0))
    assert found("je ne protège personne", verbs) == [("y.proteger", ())]
    assert found("je protège personne", verbs) == [("y.proteger", ())]
    assert found("je ne protège pas Boris", verbs) == []  # a negated name is not a refusal of the power


# --- canonical form -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("!salvateur.proteger Boris", [("salvateur.proteger", ("Boris",))]),
        ("  !Salvateur.Protéger   Jean-Pierre  ", [("salvateur.proteger", ("Jean-Pierre",))]),
        ("!cupidon.amoureux Boris et Alice", [("cupidon.amoureux", ("Boris", "Alice"))]),
        ("!berger.moutons Boris, Alice, moi", [("berger.moutons", ("Boris", "Alice", SELF))]),
        ("!sorciere.guerison", [("sorciere.guerison", ())]),
        ("!joueur_de_flute.charmer personne", [("joueur_de_flute.charmer", ())]),
        ("!malade.tomber_malade", [("malade.tomber_malade", ())]),
        ("!salvateur.proteger", []),  # a name is needed
        ("!salvateur.proteger: Marie Anne.", [("salvateur.proteger", ("Marie Anne",))]),
        ("[b]!voyante.sonder Paul[/b]", [("voyante.sonder", ("Paul",))]),
        ("!chef_de_meute.mordre Paul", [("chef_de_meute.mordre", ("Paul",))]),
        ("!inconnu.pouvoir Paul", []),
        ("Je dis bonjour !salvateur.proteger Boris", []),  # not alone on its line
        ("> !voyante.sonder Paul", []),
    ],
)
def test_canonical_form(text: str, expected: Found) -> None:
    assert found(text) == expected


def test_canonical_lines_mix_with_sentences_in_reading_order() -> None:
    text = "Salut !\nJe sonde Paul.\n!salvateur.proteger Zoé\nj'empoisonne Marc"
    mentions = find_actions(text, VERBS)
    assert [(m.power, m.targets) for m in mentions] == [
        ("voyante.sonder", ("Paul",)),
        ("salvateur.proteger", ("Zoé",)),
        ("sorciere.empoisonnement", ("Marc",)),
    ]
    assert mentions[1].start == text.index("!salvateur")
    assert mentions[1].text == "!salvateur.proteger Zoé"


# --- the vocabulary -------------------------------------------------------------------------------


def test_vocabulary_powers_are_ascii_snake_case_and_phrases_compile() -> None:
    powers = [verb.power for verb in VERBS]
    assert len(powers) == len(set(powers))
    for verb in VERBS:
        assert re.fullmatch(r"[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*", verb.power), verb.power
        assert 0 <= verb.min_targets <= max(verb.max_targets, 0)
        assert len(verb.phrases) >= 3, verb.power
        for phrase in verb.phrases:
            assert expand(phrase), phrase
    for power in [
        "voyante.sonder", "salvateur.proteger", "loups.devorer", "sorciere.guerison", "sorciere.empoisonnement",
        "sorciere.charisme", "cupidon.amoureux", "joueur_de_flute.charmer", "loup_assommeur.assommer",
        "chef_de_meute.mordre", "maitre_vampire.mordre", "seigneur_loup.maudire", "berger.moutons",
        "malade.tomber_malade", "devin.designer", "ange_gardien.proteger", "chaman.mauvais_oeil",
        "chaman.mauvaise_langue", "enchanteur.endormir",
    ]:  # fmt: skip
        assert power in powers


def test_docstring_lists_every_canonical_form_with_its_help() -> None:
    doc = " ".join((vocabulary.__doc__ or "").split())
    assert set(vocabulary.HELP) == {verb.power for verb in VERBS}
    for verb in VERBS:
        assert f"``{canonical(verb)}`` — {vocabulary.HELP[verb.power]}" in doc, verb.power


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: v.power)
def test_every_canonical_form_works(verb: Verb) -> None:
    names = ["Boris", "Alice", "Zoé"][: max(verb.max_targets, verb.min_targets)]
    line = f"!{verb.power} " + ", ".join(names)
    assert (verb.power, tuple(names)) in found(line)


def test_malformed_phrases_are_refused() -> None:
    for phrase in [
        "je (protège {cible}",
        "je protège] {cible}",
        "je protège {nom}",
        "{cible}",
        "{moi} je protège",
        "je (a|b",
    ]:
        with pytest.raises(ValueError):
            find_actions("x", (Verb("x.y", (phrase,)),))


def test_phrase_syntax_alternatives_and_options() -> None:
    assert expand("je [vais] (protège|protéger) {cible}") == [
        ("je", "vais", "protege", "\x00cible"),
        ("je", "vais", "proteger", "\x00cible"),
        ("je", "protege", "\x00cible"),
        ("je", "proteger", "\x00cible"),
    ]
    assert expand("je charme {cible} et {cible}") == expand("je charme {cible}")


# --- properties -----------------------------------------------------------------------------------

_WORDS = [
    "je", "Je", "ne", "pas", "protège", "sonde", "Boris", "Alice", "Marie", "Anne", "et", ",", ".", "!", "?", "\n",
    "[quote]", "[/quote]", ">", "!salvateur.proteger", "potion", "de", "guérison", "sur", "moutons", "devant",
    "chez", "moi", "personne", "ou", "si", "notre", "victime", "est", "sera", "œil", "mauvais", "’", "«", "»",
    "cette", "nuit", "la", "le", "d'", "j'", "empoisonne", "amoureux", ":", "-", "…", "😊", "mords", "désigne",
]  # fmt: skip


def _check(text: str) -> None:
    mentions = find_actions(text, VERBS)
    starts = [m.start for m in mentions]
    assert starts == sorted(starts)
    for mention in mentions:
        assert 0 <= mention.start < len(text)
        assert mention.text
        assert all(target for target in mention.targets)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_never_raises(text: str) -> None:
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=40).map(" ".join))
def test_random_french_soup_never_raises(text: str) -> None:
    _check(text)


# --- read_mp: a whole MP, in its game (the sender's role, the players' names) ------------------------

_PLAYERS = ["Anaïs", "Boris", "Théo", "Zoé", "Jean-Pierre", "Dorian", "Laëtitia", "Quentin", "Carole", "Eve",
            "Gérard", "Félix", "Fanny", "Marc", "Ulysse", "Lou", "Mathis", "Mathilde"]  # fmt: skip
_ROLES = {
    "Anaïs": "salvateur", "Boris": "loup_garou", "Théo": "voyante", "Zoé": "simple_villageois",
    "Jean-Pierre": "chasseur", "Dorian": "simple_villageois", "Laëtitia": "simple_villageois",
    "Quentin": "sorciere", "Carole": "cupidon", "Eve": "simple_villageois", "Gérard": "simple_villageois",
    "Félix": "chef_de_meute", "Fanny": "loup_assommeur", "Marc": "devin", "Ulysse": "ange_gardien",
    "Lou": "enchanteur", "Mathis": "berger", "Mathilde": "maitre_vampire",
}  # fmt: skip


def read(text: str, sender: str, phase: str = "N2", asked: str | None = None) -> MpReading:
    from meneur.engine.rulesets.classique import rules

    state = rules.setup(_PLAYERS, 1, roles=_ROLES)
    state.phase = phase
    resolver = NameResolver([PlayerName(p) for p in _PLAYERS])
    return read_mp(text, sender, state, VERBS, resolver, "mp1", asked=asked)


def orders(reading: MpReading) -> list[tuple[str, tuple[str, ...], bool]]:
    """(power, targets, read with doubt) for each action."""
    return [(a.power, a.targets, i in reading.doubtful) for i, a in enumerate(reading.actions)]


def one_outcome(reading: MpReading) -> bool:
    return [bool(reading.actions or reading.unclear), reading.not_understood, reading.not_an_order].count(True) == 1


@pytest.mark.parametrize(
    ("text", "sender", "expected"),
    [
        # the MPs read as nothing before
        ("Mes deux flèches pour Dorian et Laëtitia : je les rends amoureux !", "Carole",
         [("cupidon.amoureux", ("Dorian", "Laëtitia"), False)]),
        ("Je choisis Dorian et Laëtitia comme amoureux.", "Carole",
         [("cupidon.amoureux", ("Dorian", "Laëtitia"), False)]),
        ("Ok pour Eve.", "Boris", [("loups.devorer", ("Eve",), False)]),
        ("D'accord, Eve.", "Félix", [("loups.devorer", ("Eve",), False)]),
        ("Gérard aussi pour moi.", "Fanny", [("loups.devorer", ("Gérard",), False)]),
        # corrections, a second mention of the power, two orders in one MP
        ("Salut MJ ! Alors cette nuit je protège Anaïs... non attends, finalement plutôt Théo. Bonne nuit :)", "Anaïs",
         [("salvateur.proteger", ("Théo",), False)]),
        ("je sonde Anais. Ah non oublie, je préfère sonder Dorian.", "Théo", [("voyante.sonder", ("Dorian",), False)]),
        ("je sauve Quentin avec ma potion de vie", "Quentin", [("sorciere.guerison", ("Quentin",), False)]),
        ("Coucou ! Potion de vie sur Zoé, et j'empoisonne Boris. Bonne nuit", "Quentin",
         [("sorciere.guerison", ("Zoé",), False), ("sorciere.empoisonnement", ("Boris",), False)]),
        ("je ne veux PAS protéger Boris, protège Théo", "Anaïs", [("salvateur.proteger", ("Théo",), False)]),
        # SMS verbs, no accents, a name after an ellipsis, several lines
        ("jprotege Lou stp", "Anaïs", [("salvateur.proteger", ("Lou",), False)]),
        ("jassome theo", "Fanny", [("loup_assommeur.assommer", ("Théo",), False)]),
        ("jendor Marc cette nuit", "Lou", [("enchanteur.endormir", ("Marc",), False)]),
        ("Hello\n\nbon ce soir ma boule de cristal va se poser sur... Jean-Pierre !\n\nbisous", "Théo",
         [("voyante.sonder", ("Jean-Pierre",), False)]),
        # a power read as the sender's own, not as another's
        ("Je veux que les loups tuent Zoé cette nuit.", "Marc", [("devin.designer", ("Zoé",), False)]),
        ("je protège Gérard des loups", "Ulysse", [("ange_gardien.proteger", ("Gérard",), False)]),
        ("je mords Zoé", "Mathilde", [("maitre_vampire.mordre", ("Zoé",), False)]),
        # a list the grammar cut short, sheep counted
        ("Je décoche une flèche sur Anaïs et une sur Eve. Bonne nuit les amoureux ^^", "Carole",
         [("cupidon.amoureux", ("Anaïs", "Eve"), False)]),
        ("Deux moutons devant chez Zoé et un devant chez moi stp", "Mathis",
         [("berger.moutons", ("Zoé", "Zoé", "Mathis"), False)]),
        # guesses said as such: a near spelling, a bare name with no word of agreement, a pronoun
        ("Je sonde Gerrard", "Théo", [("voyante.sonder", ("Gérard",), True)]),
        ("Eve.", "Boris", [("loups.devorer", ("Eve",), True)]),
        ("La victime c'est Eve ? ok je la soigne", "Quentin", [("sorciere.guerison", ("Eve",), True)]),
        # another role's power is read, for the rule set to refuse
        ("Je sonde Boris", "Zoé", [("voyante.sonder", ("Boris",), False)]),
    ],
)  # fmt: skip
def test_read_mp_reads_players_wording(
    text: str, sender: str, expected: list[tuple[str, tuple[str, ...], bool]]
) -> None:
    reading = read(text, sender, phase="N1" if sender == "Carole" else "N2")  # Cupidon acts on the first night
    assert orders(reading) == expected
    assert not reading.unclear and one_outcome(reading)


@pytest.mark.parametrize(
    ("text", "sender"),
    [
        ("je ne fais rien cette nuit, bonne nuit", "Anaïs"),
        ("Merci pour ta réponse, j'ai bien compris les règles !", "Boris"),
        ("Est-ce que je peux sonder un mort ?", "Théo"),
        ("Je garde mes potions pour plus tard.", "Quentin"),
        ("Je tire pas, je veux pas risquer de tuer un innocent.", "Jean-Pierre"),
        ("Pas de moutons cette nuit, ils dorment.", "Mathis"),
        ("J'ai sondé Boris hier et il est loup !! je le dis demain ou pas ? t'en penses quoi", "Théo"),
        ("J'hésite à empoisonner Eve ou Dorian, t'en penses quoi toi ?", "Quentin"),
        ("Je vote contre Boris", "Théo"),
        ("Boris stp", "Théo"),  # a bare name, asked nothing, and no wolf
        # chatter with a power's words: the past, someone else's doing, a wolf's worry
        ("Boris m'a protégé hier lol", "Anaïs"),
        ("Franchement Zoé a été protégée par quelqu'un cette nuit, c'est bizarre", "Anaïs"),
        ("Boris a dit qu'il allait me tuer mdr", "Quentin"),
        ("Tu sondes qui toi ce soir ?", "Théo"),
        ("Zoé nous soupçonne, faut faire gaffe demain", "Boris"),
    ],
)
def test_chatter_questions_and_passes_are_not_orders(text: str, sender: str) -> None:
    reading = read(text, sender)
    assert reading.not_an_order and one_outcome(reading), orders(reading)


@pytest.mark.parametrize(
    ("text", "sender", "power", "reason"),
    [
        ("je sonde Bobo", "Théo", "voyante.sonder", "name"),
        ("Je sonde Mathi", "Théo", "voyante.sonder", "name"),  # Mathis or Mathilde
        ("je sonde Gérard ou Eve, je sais pas encore", "Théo", "voyante.sonder", "choice"),
        ("Je protège Zoé ? Ou plutôt Dorian ? Je sais pas trop", "Anaïs", "salvateur.proteger", "choice"),
        ("Je rends Gérard amoureux !", "Carole", "cupidon.amoureux", "missing"),
    ],
)
def test_orders_that_cannot_be_read_are_asked_back(text: str, sender: str, power: str, reason: str) -> None:
    reading = read(text, sender)
    assert not reading.actions and one_outcome(reading)
    assert [(u.power, u.reason) for u in reading.unclear] == [(power, reason)]


def test_a_sentence_about_the_past_is_read_with_doubt() -> None:
    reading = read("Le résultat de ma vision sur Boris était clair, merci", "Théo")
    assert orders(reading) == [("voyante.sonder", ("Boris",), True)]


def test_an_order_with_no_name_is_not_understood() -> None:
    reading = read("cette nuit je sonde le plus louche du village", "Théo")
    assert reading.not_understood and one_outcome(reading)


def test_a_bare_answer_answers_the_question_asked() -> None:
    assert orders(read("Lou stp", "Théo", asked="voyante.sonder")) == [("voyante.sonder", ("Lou",), False)]
    quoted = "[quote=MJ]Qui veux-tu sonder cette nuit ?[/quote]\nLou"
    assert orders(read(quoted, "Théo")) == [("voyante.sonder", ("Lou",), False)]  # the quoted question says which
    assert read("Lou ou Eve, je sais pas", "Théo", asked="voyante.sonder").unclear[0].reason == "choice"


def test_the_wolves_agree_at_night_only_and_never_on_a_wolf() -> None:
    assert read("Ok pour Eve.", "Boris", phase="J2").not_an_order
    assert orders(read("je suis d'accord avec Félix : Gérard", "Boris")) == [("loups.devorer", ("Gérard",), False)]
    reading = read("Salut, on s'est mis d'accord : c'est Eve ce soir.\nMoi j'assomme Théo au passage.", "Fanny")
    assert sorted(orders(reading)) == [
        ("loup_assommeur.assommer", ("Théo",), False),
        ("loups.devorer", ("Eve",), False),
    ]


def test_actions_in_mp_keeps_its_shape() -> None:
    from meneur.engine.rulesets.classique import rules

    state = rules.setup(_PLAYERS, 1, roles=_ROLES)
    state.phase = "N2"
    resolver = NameResolver([PlayerName(p) for p in _PLAYERS])
    actions, unclear = actions_in_mp("je protège Bobo. Potion de vie sur Zoé", "Quentin", state, VERBS, resolver, "m")
    assert [(a.player, a.power, a.targets, a.source) for a in actions] == [
        ("Quentin", "sorciere.guerison", ("Zoé",), "m")
    ]
    assert [(u.power, u.name, u.reason) for u in unclear] == [("salvateur.proteger", "Bobo", "name")]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([*_WORDS, "Théo", "Eve", "ok", "finalement", "plutôt", "non"]), max_size=30).map(" ".join)
)
def test_every_mp_has_exactly_one_outcome(text: str) -> None:
    for sender in ("Anaïs", "Boris", "Quentin", "Carole", "Zoé"):
        assert one_outcome(read(text, sender))
