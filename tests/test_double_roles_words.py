"""`double-roles`: players' French for every power, read by the real MP reader in a game's context (night powers
at night, day powers by day) — the first share of this rule set's vocabulary; the measured corpus comes later."""

from __future__ import annotations

import pytest
from meneur.daemon.mp_actions import read_mp
from meneur.daemon.replay import _resolver
from meneur.engine.model import Action, GameState
from meneur.engine.rulesets.double_roles import RULESET

from .test_double_roles_engine import game, night

ROLES = {
    "Alice": "voyante+salvateur", "Bruno": "necromancienne+detective", "Carla": "convaincant+sympathique",
    "David": "institutrice+chatelain", "Emma": "araignee+lache", "Fanny": "sorcier+corbeau",
    "Gaston": "planque+voyeur",
}  # fmt: skip
NIGHT = [
    ("Alice", "J'espionne la maison de Bruno : rôles", "voyante.sonder", ("Bruno", "roles")),
    ("Alice", "je sonde chez Bruno, natures", "voyante.sonder", ("Bruno", "natures")),
    ("Alice", "Je regarde les rôles chez Bruno", "voyante.sonder", ("Bruno", "roles")),
    ("Alice", "Voyante : maison de Bruno, je veux voir les natures", "voyante.sonder", ("Bruno", "natures")),
    ("Alice", "Je protège la maison de Carla", "salvateur.proteger", ("Carla",)),
    ("Alice", "je protège ma maison", "salvateur.proteger", ("Alice",)),
    ("Gaston", "je vais me planquer chez Emma cette nuit", "planque.planquer", ("Emma",)),
    ("Gaston", "Je crée un lien avec Fanny", "voyeur.lier", ("Fanny",)),
    ("Carla", "Je vais chez Bruno : villageois", "convaincant.convaincre", ("Bruno", "villageois")),
    ("Carla", "Je booste Alice sur son rôle 2", "sympathique.booster", ("Alice", "2")),
    ("Fanny", "rituel de mort sur David", "sorcier.rituel", ("David",)),
    ("Fanny", "Je tue David avec mon rituel", "sorcier.rituel", ("David",)),
    ("Fanny", "corbeau sur Alice", "corbeau.accuser", ("Alice",)),
    ("Fanny", "J'assassine Gaston", "assassin.tuer", ("Gaston",)),
    ("Bruno", "j'enquête sur Alice", "detective.enqueter", ("Alice",)),
    ("Bruno", "Je ressuscite Alice si elle meurt", "necromancienne.ressusciter", ("Alice",)),
    ("Emma", "Je relie Alice et Bruno", "araignee.tisser", ("Alice", "Bruno")),
    ("Emma", "On attaque la maison de Gaston", "meute.devorer", ("Gaston",)),
    ("Emma", "Cette nuit je vise la maison d'Alice", "meute.devorer", ("Alice",)),
    ("Emma", "Ok pour Gaston", "meute.devorer", ("Gaston",)),
]
DAY = [
    ("David", "Je prive de vote Carla et Bruno", "institutrice.priver", ("Carla", "Bruno")),
    ("David", "Je retire le droit de vote à Carla et Bruno", "institutrice.priver", ("Carla", "Bruno")),
    ("David", "Si c'est Emma qui doit y passer, j'annule", "chatelain.annuler", ("Emma",)),
    ("David", "J'annule le bûcher si c'est Emma, Fanny", "chatelain.annuler", ("Emma", "Fanny")),
    ("Emma", "Message anonyme pour Gaston : je sais qui tu es.", "lache.envoyer", ("Gaston",)),
    ("Gaston", "je veux échanger ma maison avec Alice", "maison.echanger", ("Alice",)),
]


def _states() -> tuple[GameState, GameState]:
    state = game(ROLES)  # Bruno, Carla, David: Loups; Emma: Loup Solitaire; Fanny: Assassin
    return RULESET.close_day(state, {}).state, night(state).state


@pytest.mark.parametrize(("sender", "text", "power", "targets"), NIGHT + DAY)
def test_players_french_is_read(sender: str, text: str, power: str, targets: tuple[str, ...]) -> None:
    at_night, by_day = _states()
    state = at_night if (sender, text, power, targets) in NIGHT else by_day
    reading = read_mp(text, sender, state, RULESET.verbs, _resolver(state), "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [(power, targets)]


def test_or_joins_the_chatelains_names_but_a_one_name_power_asks_back() -> None:
    """« si c'est vraiment machin ou truc qui doit y passer aujourd'hui, j'utiliserai mon pouvoir » (the rule's own
    words): « ou » lists the players whose pyre he cancels. For a power that takes one name, « ou » is still a
    hesitation the MJ asks back about."""
    at_night, by_day = _states()
    for text in (
        "J'annule le bûcher si c'est Emma ou Fanny",
        "Si c'est vraiment Emma ou Fanny qui doit y passer, j'annule",
    ):
        reading = read_mp(text, "David", by_day, RULESET.verbs, _resolver(by_day), "mp")
        assert [(a.power, a.targets) for a in reading.actions] == [("chatelain.annuler", ("Emma", "Fanny"))], text
    reading = read_mp("Rituel sur David ou Gaston", "Fanny", at_night, RULESET.verbs, _resolver(at_night), "mp")
    assert not reading.actions and [u.power for u in reading.unclear] == ["sorcier.rituel"]


# -- every power's help example, read exactly by a holder of the power at a phase it is used in -------------------
# The sender holds the power (a role of his, or his nature's: Bruno a Loup, Emma the Loup Solitaire, Fanny the
# Assassin); night powers at N2 (an even night, for the Loup Solitaire), day powers on J1; the reading must be
# the example's order, read for sure, and one the rule set carries out.
EXAMPLE_CASES = {
    "planque.planquer": ("Alice", "planque+planque", ("Gaston",)),
    "maison.echanger": ("Alice", "", ("Bruno",)),
    "salbatar.salbatariser": ("Alice", "salbatar+salbatar", ("Bruno",)),
    "cupidon.amoureux": ("Alice", "cupidon+cupidon", ("Bruno", "Carla")),
    "voyante.sonder": ("Alice", "voyante+voyante", ("Carla", "roles")),
    "voyeur.lier": ("Alice", "voyeur+croque_mort", ("Gaston",)),
    "sorcier.rituel": ("Alice", "sorcier+croque_mort", ("David",)),
    "salvateur.proteger": ("Alice", "salvateur+croque_mort", ("Gaston",)),
    "meute.devorer": ("Bruno", "", ("Gaston",)),
    "loup_solitaire.devorer": ("Emma", "", ("Bruno",)),
    "assassin.tuer": ("Fanny", "", ("Gaston",)),
    "necromancienne.ressusciter": ("Alice", "necromancienne+croque_mort", ("Gaston",)),
    "convaincant.convaincre": ("Alice", "convaincant+croque_mort", ("Bruno", "villageois")),
    "corbeau.accuser": ("Alice", "corbeau+croque_mort", ("Emma",)),
    "araignee.tisser": ("Alice", "araignee+croque_mort", ("Carla", "Gaston")),
    "detective.enqueter": ("Alice", "detective+croque_mort", ("Fanny",)),
    "institutrice.priver": ("Alice", "institutrice+croque_mort", ("Carla", "David")),
    "chatelain.annuler": ("Alice", "chatelain+croque_mort", ("Emma", "Fanny")),
    "sympathique.booster": ("Alice", "sympathique+croque_mort", ("Bruno", "2")),
    "lache.envoyer": ("Alice", "lache+croque_mort", ("Gaston",)),
}


def test_every_power_has_an_example_case() -> None:
    assert set(EXAMPLE_CASES) == set(RULESET.examples) == {v.power for v in RULESET.verbs}


@pytest.mark.parametrize("power", sorted(EXAMPLE_CASES))
def test_every_help_example_is_read_exactly(power: str) -> None:
    sender, roles, targets = EXAMPLE_CASES[power]
    state = game({sender: roles} if roles else {})
    day = power in ("maison.echanger", "institutrice.priver", "chatelain.annuler", "lache.envoyer")
    state = night(state).state  # N1 over: J1
    if not day:
        state = RULESET.close_day(state, {}).state
    assert state.phase == ("J1" if day else "N2")
    reading = read_mp(RULESET.examples[power], sender, state, RULESET.verbs, _resolver(state), "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [(power, targets)], RULESET.examples[power]
    assert not reading.doubtful and not reading.unclear
    assert RULESET.validate(state, Action(sender, power, targets)) is None


def test_my_own_house_is_the_sender() -> None:
    """« ma propre maison » is the sender's house, as « ma maison » is (dr-168: the Voyante-Salvateur's two orders)."""
    at_night, _ = _states()
    text = "Je sonde chez Bruno pour les rôles, et je protège ma propre maison."
    reading = read_mp(text, "Alice", at_night, RULESET.verbs, _resolver(at_night), "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [
        ("voyante.sonder", ("Bruno", "roles")),
        ("salvateur.proteger", ("Alice",)),
    ]


# -- the free reader's words, found on this rule set's corpus (dr-163, dr-156) --------------------------------------


def test_au_fait_is_no_correction() -> None:
    """« Au fait » (by the way) and « a fait » correct nothing; « en fait » does."""
    state = night(game({"Alice": "voyeur+paranoiaque"})).state
    state = RULESET.close_day(state, {}).state
    text = "Lien avec Gaston stp. Au fait quelqu'un a fait un truc sur moi cette nuit ? (paranoïaque)"
    reading = read_mp(text, "Alice", state, RULESET.verbs, _resolver(state), "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [("voyeur.lier", ("Gaston",))]
    reading = read_mp("Lien avec Bruno. En fait non, Gaston", "Alice", state, RULESET.verbs, _resolver(state), "mp")
    assert [(a.power, a.targets) for a in reading.actions] == [("voyeur.lier", ("Gaston",))]


def test_a_hypothesis_about_others_powers_is_no_order() -> None:
    """A villager's « Si les loups m'attaquent je veux devenir loup » names the wolves' attack in a hypothesis: no
    order of his (the Sympathisant Loup is asked when attacked), shown as chatter, not as an order misunderstood."""
    state = night(game({"Alice": "sympathisant_loup+croque_mort"})).state
    state = RULESET.close_day(state, {}).state
    reading = read_mp(
        "Si les loups m'attaquent je veux devenir loup, pas mourir.",
        "Alice",
        state,
        RULESET.verbs,
        _resolver(state),
        "mp",
    )
    assert reading.not_an_order and not reading.actions and not reading.unclear


# -- chatter that names a role or a power's word is no order ------------------------------------------------------
CHATTER = [
    ("Bruno", "Je crois que Gaston est détective lui aussi"),
    ("Alice", "Je pense que Carla est voyante, elle a trop d'infos"),
    ("Fanny", "Je pense que Gaston est assassin"),
    ("Alice", "Je me demande qui est le loup solitaire."),
    ("Emma", "Je suis pas sûr que Gaston soit corbeau"),
    ("Carla", "Les loups sont trop forts cette partie haha"),
    ("Emma", "Je suis seul contre tous dans cette partie"),
    ("Fanny", "Gaston a eu beaucoup de voix hier, c'est louche."),
    ("Alice", "J'ai eu une vision : Bruno ment !"),
    ("Emma", "Je me sens seul sur ce coup, personne ne me croit"),
    # a wolf who says whom he does NOT vote for names no target (« je vote » is a wolf's word of agreement)
    ("Emma", "Je ne vote pas pour Gaston ce soir, trop évident."),
    ("Emma", "moi je vote pas pour Alice"),
]
DAY_CHATTER = [
    ("David", "Bruno ne vote pas souvent, c'est bizarre."),
    ("Emma", "Je vais envoyer un message à Gaston demain."),
    ("David", "Si Emma ou Fanny doit mourir aujourd'hui tant mieux"),
    ("David", "Je ne vote pas pour Bruno aujourd'hui, je l'aime bien"),  # the Institutrice's own vote
    ("Alice", "Ils ne votent pas, c'est louche non ?"),
]


@pytest.mark.parametrize(("sender", "text"), CHATTER + DAY_CHATTER)
def test_chatter_is_no_order(sender: str, text: str) -> None:
    """« X est détective », « qui est le loup solitaire » name a role (what someone is), not an order of it; the
    words « voix », « loup », « seul », « envoyer », « ne vote pas » alone order nothing."""
    at_night, by_day = _states()
    state = by_day if (sender, text) in DAY_CHATTER else at_night
    reading = read_mp(text, sender, state, RULESET.verbs, _resolver(state), "mp")
    assert reading.not_an_order and not reading.actions and not reading.unclear, reading
