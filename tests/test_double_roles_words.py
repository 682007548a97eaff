"""`double-roles`: players' French for every power, read by the real MP reader in a game's context (night powers
at night, day powers by day) — the first share of this rule set's vocabulary; the measured corpus comes later."""

from __future__ import annotations

import pytest
from meneur.daemon.mp_actions import read_mp
from meneur.daemon.replay import _resolver
from meneur.engine.model import GameState
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


def test_or_between_names_is_asked_back() -> None:
    """« si c'est machin ou truc » — the reader takes « ou » for a hesitation and asks back (a known limit: the
    canonical form or a comma says the list)."""
    _, by_day = _states()
    reading = read_mp(
        "J'annule le bûcher si c'est Emma ou Fanny", "David", by_day, RULESET.verbs, _resolver(by_day), "mp"
    )
    assert not reading.actions and reading.unclear
