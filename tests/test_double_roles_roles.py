"""`double-roles`: the roles beyond the core (Araignée, Vengeur, Châtelain, Institutrice, Fuyard, Sympathisant Loup,
Chanoine, Paranoïaque, Voyeur, Liche, Planqué, house swaps, Convaincant, Sympathique, Lâche) against the rule
text; each test quotes the rule it checks. Helpers: tests/test_double_roles_engine.py."""

from __future__ import annotations

import pytest
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.double_roles import RULESET, check_winner

from .test_double_roles_engine import WOLVES, _kill, dead, game, night, told


# -- the roles of the second batch ---------------------------------------------------------------------
def _day1(state: GameState, *acts: tuple[str, str, tuple[str, ...]]) -> GameState:
    """J1 after a quiet first night."""
    return night(state, *acts).state


def test_araignee_links_two_people_for_the_next_day() -> None:
    """ "il cible deux personnes (pas maisons) [...] pourront s'envoyer 2 MP chacun"; « Il peut se désigner »."""
    out = night(game({"Alice": "araignee+meneur"}), ("Alice", "araignee.tisser", ("Alice", "Gaston")))
    assert told(out, "spider_link", "Alice") == [{"target": "Gaston", "messages": 2, "player": "Alice"}]
    assert told(out, "spider_link", "Gaston")[0]["target"] == "Alice"


def test_vengeur_loads_three_votes_on_two_targets_who_lose_their_vote() -> None:
    """ "deux cibles, qui commenceront la prochaine journée avec 3 votes contre elles et perdront leurs voix
    pour cette même prochaine journée. Ce rôle est révélé au moment de sa mort"."""
    state = game({"Gaston": "vengeur+meneur"})
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)), answers={"N1:vengeur:Gaston": "Bruno,Carla"})
    assert told(out, "avenger") == [{"player": "Gaston", "targets": ["Bruno", "Carla"]}]
    result, standing = RULESET.day_tally(out.state, {"Bruno": "Alice", "Carla": "Alice", "David": "Alice"})
    assert result.as_dict() == {"Bruno": 3, "Carla": 3, "Alice": 1}
    assert standing == {"David": "Alice"}


def test_chatelain_cancels_the_pyre_he_named_once_never_his_own() -> None:
    state = _day1(game({"Alice": "chatelain+meneur"}))
    refused = RULESET.validate(state, Action("Alice", "chatelain.annuler", ("Alice", "Bruno")))
    assert refused == "Tu ne peux pas annuler ton propre bûcher."
    cancel = Action("Alice", "chatelain.annuler", ("Bruno", "Carla"))
    out = RULESET.close_day(state, {"Gaston": "Bruno"}, actions=[cancel])
    assert dead(out) == {} and told(out, "pyre_cancelled") == [{"player": "Bruno"}]
    assert told(out, "no_pyre") == [{"tie": False, "cancelled": True}]  # « pas de bûcher du tout ce jour-là »
    other = RULESET.close_day(state, {"Gaston": "David"}, actions=[cancel])
    assert dead(other) == {"David": "bucher"}  # David was not named: the pyre stands, the power is kept
    assert other.state.player("Alice").markers["annulations"] == 1
    later = _day1(out.state)
    assert RULESET.validate(later, cancel) == "Tu as déjà annulé un bûcher."


def test_institutrice_removes_votes_and_her_own_never_counts() -> None:
    """ "son vote ne compte jamais [...] jusqu'à 3 personnes [...] Si 8 personnes ou moins sont en vie, [...]
    2 personnes maximum"; « si quelqu'un est Institutrice et Meneur : cumul ! Sa voix compte pour deux »."""
    state = _day1(game({"Alice": "institutrice+croque_mort", "Gaston": "institutrice+meneur"}))
    three = Action("Alice", "institutrice.priver", ("Bruno", "Carla", "David"))
    assert RULESET.validate(state, three) is not None  # seven alive: two at most
    two = Action("Alice", "institutrice.priver", ("Bruno", "Carla"))
    votes = {"Alice": "Emma", "Bruno": "Fanny", "Carla": "Fanny", "David": "Emma", "Gaston": "Fanny"}
    out = RULESET.close_day(state, votes, actions=[two])
    counts = told(out, "vote_result")[0]["counts"]
    assert counts == {"Fanny": 2, "Emma": 1}  # Gaston's 2; David's 1; Alice, Bruno and Carla do not count
    assert dead(out) == {"Fanny": "bucher"}


def test_fuyard_flees_the_pyre_and_is_out_for_a_night_and_a_day() -> None:
    """ "il s'enfuit [...] reste en dehors de la partie pendant la nuit et le jour suivant (aucun post, aucun
    vote [...] intouchable car absent). Il revient au début de la nuit d'après"; "personne n'est crâmé"."""
    state = _day1(game({"Gaston": "fuyard+meneur"}))
    fled = RULESET.close_day(state, {"Alice": "Gaston"})
    assert dead(fled) == {} and told(fled, "fuyard_escaped") == [{"player": "Gaston"}]
    assert told(fled, "no_pyre") == [{"tie": False, "cancelled": True}]  # « personne n'est crâmé »
    away = RULESET.resolve_night(fled.state, [Action("Bruno", "meute.devorer", ("Gaston",))])
    assert dead(away) == {} and told(away, "action_refused", "Bruno")
    assert RULESET.day_tally(away.state, {"Gaston": "Bruno"})[0].as_dict() == {}
    back = RULESET.resolve_night(
        RULESET.close_day(away.state, {}).state, [Action("Bruno", "meute.devorer", ("Gaston",))]
    )
    assert dead(back) == {"Gaston": "loups"}


def test_sympathisant_loup_may_become_a_wolf_instead_of_dying() -> None:
    """ "sa nature peut devenir "Loup" s'il le veut au lieu de mourir s'il est attaqué par un ou des Loup"."""
    state = game({"Gaston": "sympathisant_loup+meneur"})
    asked = night(state, ("Bruno", "meute.devorer", ("Gaston",)))
    assert [q.id for q in asked.questions] == ["N1:sympathisant:Gaston"] and dead(asked) == {"Gaston": "loups"}
    turned = night(state, ("Bruno", "meute.devorer", ("Gaston",)), answers={"N1:sympathisant:Gaston": "oui"})
    assert dead(turned) == {} and turned.state.player("Gaston").camp == "loup"
    assert set(told(turned, "became_wolf", "Gaston")[0]["wolves"]) == {"Bruno", "Carla", "David", "Emma"}  # type: ignore[arg-type]
    assert told(turned, "new_wolf", "Emma") == [{"target": "Gaston", "player": "Emma"}]


def test_chanoine_is_immune_to_the_information_and_protection_roles() -> None:
    """« immunisé contre les effets d'une Voyante, d'un Sorcier, d'un Salvateur, d'un Salbatar, d'un Cupidon,
    [...] d'un Détective » — « il n'est donc pas immunisé contre les effets des (natures) Loups »."""
    roles = {"Gaston": "chanoine+meneur", "Alice": "voyante+salvateur", "Carla": "salbatar+meneur",
             "David": "detective+cupidon"}  # fmt: skip
    state = game(roles)
    out = night(
        state,
        ("Carla", "salbatar.salbatariser", ("Gaston",)),
        ("David", "cupidon.amoureux", ("Gaston", "Alice")),
        ("Alice", "voyante.sonder", ("Gaston", "natures")),
        ("Alice", "salvateur.proteger", ("Gaston",)),
        ("Bruno", "meute.devorer", ("Gaston",)),
        ("David", "detective.enqueter", ("Gaston",)),
    )
    assert not told(out, "salbatarised", "Gaston")
    assert told(out, "cupidon_result", "David")[0]["ok"] is False and not told(out, "lover")
    assert told(out, "seer_result", "Alice")[0]["seen"] == [{"player": "Gaston", "nature": "villageois"}]
    assert dead(out) == {"Gaston": "loups"}  # the protection did not work; the wolves are not resisted
    assert told(out, "detective_result", "David")[0]["left_house"] is False
    # The roles seen are two drawn among all roles, not his.
    shown = set()
    for seed in range(8):
        other = game({"Gaston": "chanoine+meneur", "Alice": "voyante+meneur"}, seed=seed)
        result = told(night(other, ("Alice", "voyante.sonder", ("Gaston", "roles"))), "seer_result", "Alice")
        seen = result[0]["seen"]
        assert seen[0]["player"] == "Gaston" and len(seen[0]["roles"]) == 2  # type: ignore[index]
        shown.add(tuple(seen[0]["roles"]))  # type: ignore[index]
    assert len(shown) > 1 and ("chanoine", "meneur") not in shown
    sorcier = game({"Gaston": "chanoine+meneur", "Alice": "sorcier+meneur"})
    ritual = night(sorcier, ("Alice", "sorcier.rituel", ("Gaston",)))
    assert dead(ritual) == {} and ritual.state.player("Alice").markers["rituels"] == 0


def test_paranoiaque_knows_who_uses_a_power_on_him_and_his_killer() -> None:
    """« il est au courant [...] du nom de [...] tout ce qui utilise un pouvoir sur lui. Il ne connaît que le
    seul des deux rôles mis en jeu »; « S'il meurt [...] il est mis au courant de son tueur [...] sauf si c'est
    par plusieurs Loups »; « n'arrive mystérieusement pas à bien distinguer le Chanoine »."""
    state = game({"Gaston": "paranoiaque+meneur", "Alice": "voyante+corbeau", "Fanny": "chanoine+meneur"})
    out = night(
        state,
        ("Alice", "voyante.sonder", ("Gaston", "roles")),
        ("Alice", "corbeau.accuser", ("Gaston",)),
        ("Fanny", "assassin.tuer", ("Gaston",)),
    )
    assert told(out, "paranoid_alert", "Gaston") == [
        {"by": "Alice", "role": "voyante", "player": "Gaston"},
        {"by": "Alice", "role": "corbeau", "player": "Gaston"},
    ]
    assert told(out, "paranoid_killer", "Gaston") == [{"by": None, "cause": "assassin", "player": "Gaston"}]
    pack = night(game({"Gaston": "paranoiaque+vieux_chiant"}), ("Bruno", "meute.devorer", ("Gaston",)))
    assert told(pack, "paranoid_killer", "Gaston")[0]["by"] == "loups"  # several wolves could kill: "des Loups"
    assert dead(pack) == {}  # the Vieux Chiant resisted; he still knows (« utiles [...] s'il est Vieux Chiant »)


def test_voyeur_links_and_learns_love_and_the_natures_of_the_dead() -> None:
    """« Chaque nuit, il crée un nouveau lien. A tout instant, il sait si les personnes avec qui il a des liens
    sont amoureuses (mais pas de qui) [...] à la tombée de la nuit et au début du jour, il obtient la nature de
    tous les morts »."""
    state = game({"Alice": "voyeur+meneur", "Gaston": "cupidon+meneur"})
    first = night(state, ("Alice", "voyeur.lier", ("Gaston",)), ("Bruno", "meute.devorer", ("Carla",)))
    assert told(first, "voyeur_link", "Alice") == [{"target": "Gaston", "amoureux": False, "player": "Alice"}]
    assert told(first, "dead_natures", "Alice") == [
        {"dead": [{"player": "Carla", "nature": "loup"}], "player": "Alice"}
    ]
    day = RULESET.close_day(first.state, {"Alice": "David"})  # nightfall: David's nature
    assert told(day, "dead_natures", "Alice")[0]["dead"] == [{"player": "David", "nature": "loup"}]
    second = RULESET.resolve_night(day.state, [Action("Gaston", "cupidon.amoureux", ("Gaston", "Emma"))])
    assert told(second, "voyeur_change", "Alice") == [{"target": "Gaston", "amoureux": True, "player": "Alice"}]


def test_liche_is_invincible_while_her_phylactere_lives_and_dies_with_him() -> None:
    """« Une Liche meurt dés que son phylactère meurt, mais est ressucitée aussi si son phylactère l'est. Une
    Liche est invincible tant que son phylactère est en vie »."""
    roles = {"Alice": "liche+meneur", "Carla": "sorcier+necromancienne"}
    state = game(roles, {**WOLVES, "Carla": "villageois"}, phylacteres={"Alice": "Gaston"})
    assert state.player("Alice").markers["phylactere"] == "Gaston"
    safe = night(state, ("Bruno", "meute.devorer", ("Alice",)), ("Fanny", "assassin.tuer", ("Alice",)))
    assert dead(safe) == {}
    both = night(state, ("Carla", "sorcier.rituel", ("Gaston",)), ("Bruno", "meute.devorer", ("Emma",)))
    assert dead(both) == {"Gaston": "rituel", "Alice": "phylactere", "Emma": "loups"}
    saved = night(state, ("Carla", "sorcier.rituel", ("Gaston",)), ("Carla", "necromancienne.ressusciter", ("Gaston",)))
    assert dead(saved) == {}  # the phylactère revived, the Liche with him


def test_phylactere_constraints_and_the_meneur_who_burns_a_liche() -> None:
    """« Son phylactère ne peut être de rôle Chanoine ni Liche, ni de nature Loup Solitaire ou Assassin »; the
    Meneur « S'il vote contre une Liche et que cette Liche passe au bûcher (et y survit donc), il devine
    immédiatement qui est son phylactère »."""
    with pytest.raises(ValueError, match="cannot be a phylactère"):
        game({"Alice": "liche+meneur"}, phylacteres={"Alice": "Emma"})  # Emma: the Loup Solitaire
    for seed in range(10):  # drawn: never the Loup Solitaire nor the Assassin nor a Chanoine
        drawn = game({"Alice": "liche+meneur", "Gaston": "chanoine+meneur"}, seed=seed)
        assert drawn.player("Alice").markers["phylactere"] in {"Bruno", "Carla", "David"}
    state = _day1(game({"Alice": "liche+croque_mort", "Gaston": "meneur+meneur"}, phylacteres={"Alice": "Bruno"}))
    out = RULESET.close_day(state, {"Gaston": "Alice", "Carla": "Alice"})
    assert dead(out) == {} and out.state.player("Alice").alive
    assert told(out, "meneur_phylactere", "Gaston") == [{"target": "Alice", "phylactere": "Bruno", "player": "Gaston"}]
    assert told(out, "meneur_phylactere", "Carla") == []  # Carla is no Meneur


def test_loup_solitaire_liche_wins_with_his_phylactere_as_the_last_two() -> None:
    """« si quelqu'un est Loup Solitaire Liche; il doit tuer tout le monde sauf son philactère, et gagne quand
    ils sont les deux derniers en vie [...] Même si le philactère est Loup, les Loups auront perdu »."""
    state = game({"Emma": "liche+meneur"}, phylacteres={"Emma": "Bruno"})
    assert check_winner(_kill(state, "Alice", "Carla", "David", "Fanny", "Gaston")) == "loup_solitaire"


def test_planque_hides_in_a_house_and_shares_its_fate() -> None:
    """« Le Planqué n'est plus concerné par ce qui se passe sur sa maison; il n'y est pas »; « si le logeur est
    attaqué par les loups, ils trouvent aussi le Planqué »; « si le logeur est espionné par une Voyante, la
    Voyante voit aussi le nom du joueur Planqué et son rôle "Planqué" »; « 3 fois dans la partie »."""
    state = game({"Gaston": "planque+meneur", "Alice": "voyante+meneur"})
    away = night(state, ("Gaston", "planque.planquer", ("Carla",)), ("Bruno", "meute.devorer", ("Gaston",)))
    assert dead(away) == {}
    found = night(
        state,
        ("Gaston", "planque.planquer", ("Carla",)),
        ("Alice", "voyante.sonder", ("Carla", "natures")),
        ("Bruno", "meute.devorer", ("Carla",)),
    )
    assert dead(found) == {"Carla": "loups", "Gaston": "loups"}
    seen = told(found, "seer_result", "Alice")[0]["seen"]
    assert {"player": "Gaston", "roles": ["planque"]} in seen  # type: ignore[operator]
    later = state
    for _ in range(3):
        later = night(later, ("Gaston", "planque.planquer", ("Carla",))).state
    assert RULESET.validate(RULESET.close_day(later, {}).state, Action("Gaston", "planque.planquer", ("Carla",)))


def test_houses_swap_for_one_night_when_both_ask() -> None:
    """« Deux joueurs qui envoient un MP au MJ signalant chacun qu'ils veulent échanger avec l'autre, échangent
    effectivement juste après le bûcher [...] Un échange de maison n'a lieu que pour une nuit »; « ne pourra
    pas effectuer un autre échange après (pour ce jour-ci) »."""
    state = _day1(game({}))
    offers = [Action("Alice", "maison.echanger", ("Gaston",)), Action("Gaston", "maison.echanger", ("Alice",)),
              Action("Alice", "maison.echanger", ("Carla",))]  # fmt: skip
    day = RULESET.close_day(state, {}, actions=offers)
    assert told(day, "action_refused", "Alice")  # her second offer
    swapped = RULESET.resolve_night(day.state, [Action("Bruno", "meute.devorer", ("Alice",))])
    assert dead(swapped) == {"Gaston": "loups"}  # Gaston slept in Alice's house
    alone = RULESET.close_day(state, {}, actions=offers[:1])  # one offer only: no swap
    assert dead(RULESET.resolve_night(alone.state, [Action("Bruno", "meute.devorer", ("Alice",))])) == {
        "Alice": "loups"
    }
    back = RULESET.resolve_night(
        RULESET.close_day(swapped.state, {}).state, [Action("Bruno", "meute.devorer", ("Alice",))]
    )
    assert dead(back) == {"Alice": "loups"}  # the next night everyone is home again


def test_convaincant_changes_a_nature_once_by_night_4() -> None:
    """« il change la nature de la cible pour la nature de son choix »; « Si un Loup ou Loup Solitaire devient
    Villageois, il meurt immédiatement »; « Nuit 4 maximum »; a target made Assassin « reçoit une liste de cibles
    au hasard parmi les listes de cibles d'Assassin "originels" »."""
    state = game(
        {"Alice": "convaincant+meneur"}, cibles={"Fanny": ["Alice", "Bruno", "Carla", "David", "Emma", "Gaston"]}
    )
    killed = night(state, ("Alice", "convaincant.convaincre", ("Bruno", "villageois")))
    assert dead(killed) == {"Bruno": "convaincant"}
    again = night(killed.state, ("Alice", "convaincant.convaincre", ("Carla", "villageois")))
    assert told(again, "action_refused", "Alice") and dead(again) == {}
    made = night(state, ("Alice", "convaincant.convaincre", ("Gaston", "assassin")))
    gaston = made.state.player("Gaston")
    assert gaston.camp == "assassin" and gaston.markers["cibles"] == ["Alice", "Bruno", "Carla", "David", "Emma"]
    wolf = night(state, ("Alice", "convaincant.convaincre", ("Gaston", "loup")))
    assert wolf.state.player("Gaston").camp == "loup"
    assert told(wolf, "new_wolf", "Bruno") == [{"target": "Gaston", "player": "Bruno"}]
    late = state
    for _ in range(4):
        late = night(late).state
    late = RULESET.close_day(late, {}).state
    assert late.phase == "N5"
    assert RULESET.validate(late, Action("Alice", "convaincant.convaincre", ("Gaston", "loup"))) is not None


def _boost(state: GameState, sympathique: str, target: str, which: str) -> Outcome:
    """A Sympathique's boost by day (the day's MPs at the deadline), then the state at the deadline."""
    return RULESET.close_day(state, {}, actions=[Action(sympathique, "sympathique.booster", (target, which))])


def test_sympathique_boosts_the_chosen_role_and_the_target_knows() -> None:
    """« booster à quelqu'un une utilisation d'un de ses deux rôles (pas lui-même) [...] sa cible sait qu'il est
    sympathique »; Meneur: « sa voix aura +2 ce jour-ci » (R31: +2 instead of +1); Sorcier: « il gagne un nouveau
    rituel de mort »; Chanoine: « c'est automatiquement le deuxième rôle »; « Si la cible était salbatarisée, elle
    ne l'est plus à la place »."""
    state = _day1(game({"Alice": "sympathique+meneur", "Gaston": "meneur+sorcier", "Carla": "chanoine+sorcier"}))
    assert RULESET.validate(state, Action("Alice", "sympathique.booster", ("Alice", "1"))) is not None
    boosted = RULESET.day_powers(state, [Action("Alice", "sympathique.booster", ("Gaston", "1"))])  # type: ignore[misc]
    assert told(boosted, "sympathised", "Gaston") == [{"by": "Alice", "player": "Gaston"}]
    assert RULESET.day_tally(boosted.state, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 3}
    sorcier = _boost(state, "Alice", "Gaston", "2").state
    assert sorcier.player("Gaston").markers["rituels"] == 2
    canon = _boost(state, "Alice", "Carla", "1").state
    assert canon.player("Carla").markers["rituels"] == 2  # role 1 asked, role 2 (Sorcier) boosted
    spent = RULESET.validate(_day1(sorcier), Action("Alice", "sympathique.booster", ("Carla", "1")))
    assert spent == "Tu as déjà utilisé ton pouvoir de Sympathique."
    freed = game({"Alice": "sympathique+croque_mort", "Gaston": "meneur+croque_mort", "Carla": "salbatar+meneur"})
    freed = night(freed, ("Carla", "salbatar.salbatariser", ("Gaston",))).state
    assert RULESET.day_tally(freed, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 1}
    unfrozen = RULESET.day_powers(freed, [Action("Alice", "sympathique.booster", ("Gaston", "1"))])  # type: ignore[misc]
    assert RULESET.day_tally(unfrozen.state, {"Gaston": "Bruno"})[0].as_dict() == {"Bruno": 2}


def test_sympathique_by_night_gives_two_protections_and_three_crow_votes() -> None:
    """Salvateur: « il va pouvoir protéger deux maisons la nuit prochaine »; Corbeau: « il devra répartir 3 voix
    sur des cibles (1, 2 ou 3 cibles) la nuit prochaine / cette nuit »."""
    state = game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+corbeau"})
    out = night(
        state,
        ("Alice", "sympathique.booster", ("Gaston", "1")),
        ("Gaston", "salvateur.proteger", ("Gaston",)),
        ("Gaston", "salvateur.proteger", ("Alice",)),
        ("Bruno", "meute.devorer", ("Alice",)),
    )
    assert dead(out) == {}  # both houses protected the night of the boost
    crow = night(
        game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+corbeau"}),
        ("Alice", "sympathique.booster", ("Gaston", "2")),
        ("Gaston", "corbeau.accuser", ("Bruno", "Carla")),
    )
    assert told(crow, "crow_votes") == [{"player": "Bruno", "votes": 2}, {"player": "Carla", "votes": 1}]


def test_sympathique_kiss_cool_on_the_loup_solitaire() -> None:
    """« Loup Solitaire : il peut attaquer dès la nuit prochaine s'il s'agissait d'une nuit impaire (et ne pourra
    plus alors qu'attaquer les nuits impaires) »."""
    state = game({"Alice": "sympathique+croque_mort"})
    out = night(state, ("Alice", "sympathique.booster", ("Emma", "1")), ("Emma", "loup_solitaire.devorer", ("Bruno",)))
    assert dead(out) == {"Bruno": "loup_solitaire"}  # night 1, odd: he attacks
    even = night(out.state, ("Emma", "loup_solitaire.devorer", ("Carla",)))
    assert told(even, "action_refused", "Emma") and dead(even) == {}


def test_lache_sends_twice_the_day_number_of_anonymous_mps() -> None:
    """« de jour, il peut envoyer "n" MP, "n" étant le numéro du jour multiplié par 2 [...] le joueur destinataire
    reçoit un MP anonyme; il ne sait pas qui lui a envoyé le message »."""
    state = _day1(game({"Alice": "lache+meneur"}))
    sends = [Action("Alice", "lache.envoyer", ("Gaston",), source=f"mp{n}") for n in range(3)]
    out = RULESET.close_day(state, {}, actions=sends)
    received = [e for e in out.events if e.type == "anonymous_mp"]
    assert [(e.to, e.data) for e in received] == [
        (("Gaston",), {"mp": "mp0", "player": "Gaston"}),
        (("Gaston",), {"mp": "mp1", "player": "Gaston"}),
    ]  # the sender's name is in no event for Gaston
    assert told(out, "action_refused", "Alice")  # the third MP on J1
    assert [e.data["player"] for e in out.events if e.type == "relay"] == ["Alice", "Alice"]  # for the MJ only


def test_boosted_detective_learns_the_role_that_made_a_living_target_go_out() -> None:
    """Détective boosted: « il saura quel est le rôle en cause si son enquête sur un vivant amène ce vivant à sortir
    de chez lui »."""
    state = game({"Alice": "detective+meneur", "Carla": "sympathique+meneur", "Gaston": "corbeau+meneur"})
    out = night(
        state,
        ("Carla", "sympathique.booster", ("Alice", "1")),
        ("Gaston", "corbeau.accuser", ("Bruno",)),
        ("Alice", "detective.enqueter", ("Gaston",)),
    )
    assert told(out, "detective_result", "Alice")[0]["out_role"] == "corbeau"
    plain = night(state, ("Gaston", "corbeau.accuser", ("Bruno",)), ("Alice", "detective.enqueter", ("Gaston",)))
    assert "out_role" not in told(plain, "detective_result", "Alice")[0]


def test_voyeur_linking_a_logeur_sees_whether_the_planque_is_in_love() -> None:
    """« si le logeur est espionné par un Voyeur, le Voyeur voit aussi si le Planqué est amoureux ou non »."""
    state = game({"Alice": "voyeur+meneur", "Gaston": "planque+meneur"})
    out = night(state, ("Gaston", "planque.planquer", ("Carla",)), ("Alice", "voyeur.lier", ("Carla",)))
    assert told(out, "voyeur_planque", "Alice") == [{"target": "Gaston", "amoureux": False, "player": "Alice"}]


def test_a_day_power_on_j0_is_refused_aloud_and_a_boost_on_j0_counts() -> None:
    """The Sympathique acts « quand il veut », J0 included; the Institutrice's MP on J0 (the mayor's election,
    no pyre) is refused with a reason rather than dropped (R17)."""
    state = game({"Alice": "sympathique+meneur", "Gaston": "sorcier+institutrice"})
    out = RULESET.close_day(
        state,
        {},
        actions=[
            Action("Alice", "sympathique.booster", ("Gaston", "1")),
            Action("Gaston", "institutrice.priver", ("Bruno",)),
        ],
    )
    assert out.state.player("Gaston").markers["rituels"] == 2
    assert told(out, "action_refused", "Gaston")[0]["power"] == "institutrice.priver"


def test_necromancienne_croque_mort_knows_the_roles_of_the_dead_at_once() -> None:
    """« Nécromancienne et Croque-Mort : [...] vous connaissez immédiatement les rôles des morts, au lieu d'attendre
    le début du jour ou le début de la nuit »: told during the night, before her own step."""
    state = game({"Alice": "necromancienne+croque_mort", "Gaston": "voyante+sorcier"})
    out = night(state, ("Bruno", "meute.devorer", ("Gaston",)), ("Alice", "necromancienne.ressusciter", ("Gaston",)))
    kinds = [e.type for e in out.events if "Alice" in e.to]
    assert kinds.index("dead_roles") < kinds.index("potion_used")
    assert told(out, "dead_roles", "Alice")[0]["dead"] == [{"player": "Gaston", "roles": ["voyante", "sorcier"]}]


def test_two_uses_may_come_in_one_mp() -> None:
    """A boosted Salvateur « va pouvoir protéger deux maisons »: naming both in one MP counts as two uses (one
    house each); without the boost, two names are refused."""
    state = game({"Alice": "sympathique+croque_mort", "Gaston": "salvateur+meneur"})
    both = ("Gaston", "salvateur.proteger", ("Gaston", "Carla"))
    out = night(state, ("Alice", "sympathique.booster", ("Gaston", "1")), both, ("Bruno", "meute.devorer", ("Carla",)))
    assert dead(out) == {}
    plain = night(state, both, ("Bruno", "meute.devorer", ("Carla",)))
    assert told(plain, "action_refused", "Gaston") and dead(plain) == {"Carla": "loups"}
    twice = game({"Gaston": "salvateur+salvateur"})
    assert dead(night(twice, both, ("Bruno", "meute.devorer", ("Carla",)))) == {}  # two copies, two houses


def test_mj_notes_show_what_the_rules_keep_secret() -> None:
    state = game({"Alice": "cupidon+corbeau", "Carla": "liche+meneur"}, phylacteres={"Carla": "Gaston"})
    out = night(state, ("Alice", "cupidon.amoureux", ("Alice", "David")), ("Alice", "corbeau.accuser", ("Bruno",)))
    assert RULESET.mj_notes is not None
    notes = RULESET.mj_notes(out.state)
    assert notes["Amoureux"] == ["Alice et David"]
    assert notes["Phylactères"] == ["Carla (Liche) : Gaston"]
    assert notes["Voix du Corbeau au prochain bûcher"] == ["Bruno : +2"]
    assert notes["Cibles des Assassins"][0].startswith("Fanny : ")


def test_the_game_ends_when_no_wolf_is_left_even_without_the_village() -> None:
    """With every Loup and the Loup Solitaire dead, nobody can win anything more by playing on: a villageoise in
    love with the Assassin and the Assassin, alone alive, end the game — both win, his targets being dead
    (« que les cibles de cet Assassin meurent »; « que vos cibles soient mortes [...] et que vous soyez en vie »)."""
    state = game({"Alice": "cupidon+meneur"}, cibles={"Fanny": ["Bruno", "Carla", "David", "Emma", "Gaston"]})
    state = night(state, ("Alice", "cupidon.amoureux", ("Alice", "Fanny"))).state
    assert check_winner(_kill(state, "Bruno", "Carla", "David", "Emma", "Gaston")) == "assassin:Fanny,amoureux:Alice"


def test_convaincant_must_convert_someone_in_an_occupied_house() -> None:
    """« si quelqu'un est dans la maison, il voit leurs noms, et est obligé d'utiliser son pouvoir sur l'une des
    cibles »: answering « aucun » to the choice still converts one of them (the first)."""
    state = game({"Alice": "convaincant+meneur", "Gaston": "planque+meneur"})
    acts = (("Gaston", "planque.planquer", ("Carla",)), ("Alice", "convaincant.convaincre", ("Carla", "assassin")))
    asked = night(state, *acts)
    assert [q.id for q in asked.questions] == ["N1:convaincant:Alice"]
    refused = night(state, *acts, answers={"N1:convaincant:Alice": "aucun"})
    assert refused.state.player("Carla").camp == "assassin"
    chosen = night(state, *acts, answers={"N1:convaincant:Alice": "Gaston"})
    assert chosen.state.player("Gaston").camp == "assassin" and chosen.state.player("Carla").camp == "loup"
