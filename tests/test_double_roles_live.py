"""A whole game of `double-roles` ("règles double-rôles", 9 players) played live through meneur against the real
django-spirit test forum: votes posted and MPs sent over HTTP by the players, each deadline fired, the rules'
question answered as the MJ's page does, every draft approved and sent, and the MJ's page showing what
double-roles adds (natures, both roles, houses and the day's swap, the secret order numbers, the Liche and her
phylactère, the Assassin's list, the lovers).

The game, written from the rule text (shared/rules/002_83ddae694699eb35.txt) before it was run. Natures and roles
as the MJ dealt them in the configuration (seed 23 draws the rest: Irène's phylactère is Alice, her six targets
Fanny, Emile, Denis, Hugo, Alice and Gaston; the two Voyantes' secret numbers, Alice 42 and Bruno 2):

    Alice  Lâche + Voyante          Villageois      Emile   Voyeur + Araignée        Loup
    Bruno  Salvateur + Voyante      Villageois      Fanny   Paranoïaque + Corbeau    Loup
    Chloe  Cupidon + Sorcier        Villageois      Gaston  Détective + Planqué      Loup
    Denis  Chasseur + Croque-Mort   Villageois      Hugo    Meneur + Vieux Chiant    Loup Solitaire
                                                    Irene   Liche + Croque-Mort      Assassin

- J0: « Au jour 0 [...] vous élirez un Maire »: five vote for Bruno, who is elected.
- N1 (Planqués, échanges, Salbatars, Cupidon, Voyantes, Voyeurs, Sorciers, Salvateurs, Loups…): Chloe, Cupidon,
  « peut se désigner lui-même »: she and Bruno are lovers (two villagers: their goal does not change). Bruno
  protects Alice's house. Alice, Voyante, spies Gaston's house for roles: she sees Détective and Planqué. Chloe's
  « rituel de mort » kills Emile (« il tue quelqu'un, où qu'il soit ») before the wolves wake. Fanny and Gaston,
  each by one MP, attack Denis's house: Denis dies; a Chasseur, he is asked whom he shoots (the MJ answers on
  his page: Fanny), and Fanny dies. Wolves left: Gaston (Loup), Hugo (Loup Solitaire).
- J1: Alice, Lâche (« Jour 1, il peut envoyer 2 MP »), writes « dis à Gaston : … »: Gaston receives her words from
  the MJ's account, never her name. Irène and Bruno each write to the MJ that they swap houses with the other,
  Bruno once everyone has voted (nothing in the rules closes the day's MPs before the deadline): « échangent
  effectivement juste après le bûcher ». Alice, Bruno, Chloe and Irène vote against Gaston; Gaston
  and Hugo against Chloe (Hugo's Meneur vote weighs two: 4 against 3, which the players never see: « Les
  résultats exacts du décompte [...] ne sont pas publics »). Gaston burns.
- N2: Hugo, the only wolf left, attacks Bruno's house; Bruno protects Chloe's. Irène sleeps in Bruno's house
  tonight: she is the one attacked, and a Liche « est invincible tant que son phylactère est en vie » (Alice is
  alive): nobody dies. Alice spies Hugo's house for natures: Loup Solitaire.
- J2: the four villagers' side (Alice, Bruno, Chloe, Irène) vote against Hugo, Hugo against Alice: Hugo burns.
  No Loup nor Loup Solitaire is alive: the village wins (Irène, Assassin, has living targets: she does not win).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.game import LiveGame
from meneur.daemon.web import MJPage
from meneur.tests.livegame import events, live_game, mj_page, send, send_everything, vote
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Double"
ROLES = {
    "Alice": "lache+voyante", "Bruno": "salvateur+voyante", "Chloe": "cupidon+sorcier",
    "Denis": "chasseur+croque_mort", "Emile": "voyeur+araignee", "Fanny": "paranoiaque+corbeau",
    "Gaston": "detective+planque", "Hugo": "meneur+vieux_chiant", "Irene": "liche+croque_mort",
}  # fmt: skip
NATURES = {
    "Alice": "villageois", "Bruno": "villageois", "Chloe": "villageois", "Denis": "villageois", "Emile": "loup",
    "Fanny": "loup", "Gaston": "loup", "Hugo": "loup_solitaire", "Irene": "assassin",
}  # fmt: skip
WORDS = "je sais ce que tu es, et je ne suis pas seul à le savoir"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def outcomes(game: LiveGame, phase: str) -> dict[str, list[str]]:
    assert game.engine is not None
    found: dict[str, list[str]] = {}
    for o in game.engine.mp_outcomes(phase).values():
        found.setdefault(o["player"], []).append(o["outcome"])
    return found


def test_a_game_of_double_roles_played_live(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 5, seed=23, title="Double-rôles", ruleset="double-roles",
        camps=NATURES,
    )  # fmt: skip
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)
    dealt = game.engine.setup()
    assert dealt.player("Irene").markers["phylactere"] == "Alice"
    assert dealt.player("Irene").markers["cibles"] == ["Fanny", "Emile", "Denis", "Hugo", "Alice", "Gaston"]
    game.deal()  # the opening post and the nine role cards
    cards = {d.recipient: d.body for d in game.outbox.drafts() if d.kind == "role_card"}
    assert "Lâche" in cards["Alice"] and "Voyante" in cards["Alice"] and "Villageois" in cards["Alice"]
    assert "Alice" in cards["Irene"]  # her phylactère, on her card
    send_everything(game)

    # J0: Bruno is elected mayor.
    for minute, voter in enumerate(("Alice", "Chloe", "Denis", "Emile", "Irene"), start=1):
        vote(forum, topic, voter, "Bruno", start + timedelta(minutes=minute))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    send_everything(game)
    assert game.engine.state_before("N1").mayor == "Bruno"

    # N1: lovers, a protection, a seer, a ritual, the pack's two MPs; a Chasseur's question.
    night = start + hour
    send(forum, MJ, "Chloe", "Je rends Bruno et moi amoureux", night + timedelta(minutes=2))
    send(forum, MJ, "Chloe", "Je lance mon rituel de mort sur Emile.", night + timedelta(minutes=3))
    send(forum, MJ, "Bruno", "Je protège la maison d'Alice cette nuit", night + timedelta(minutes=4))
    send(forum, MJ, "Alice", "Je regarde la maison de Gaston, les rôles", night + timedelta(minutes=5))
    send(forum, MJ, "Fanny", "On attaque la maison de Denis", night + timedelta(minutes=6))
    send(forum, MJ, "Gaston", "Je suis d'accord, on attaque la maison de Denis", night + timedelta(minutes=7))
    clock.now = night + timedelta(minutes=10)
    game.cycle()
    assert outcomes(game, "N1") == {
        "Chloe": ["understood", "understood"], "Bruno": ["understood"], "Alice": ["understood"],
        "Fanny": ["understood"], "Gaston": ["understood"],
    }  # fmt: skip
    send_everything(game)  # the receipts
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    assert [q.id for q in game.engine.open_questions()] == ["N1:chasseur:Denis"]
    game.answer("N1:chasseur:Denis", "Fanny")  # the MJ's page: /answer
    dawn = events(game, "N1")
    assert [(e["player"], e["cause"]) for e in dawn if e["type"] == "death"] == [
        ("Emile", "rituel"),
        ("Denis", "loups"),
        ("Fanny", "chasseur"),
    ]
    seen = [e for e in dawn if e["type"] == "seer_result" and e["player"] == "Alice"]
    assert [row for e in seen for row in e["seen"]] == [{"player": "Gaston", "roles": ["detective", "planque"]}]
    assert {e["player"] for e in dawn if e["type"] == "lover"} == {"Bruno", "Chloe"}
    send_everything(game)

    # J1: the Lâche's MP relayed; a swap agreed by two MPs, the second once everyone has voted (a day's MP
    # counts « tant que c'est avant la deadline »); Gaston burns.
    day = start + 2 * hour
    send(forum, MJ, "Alice", f"dis à Gaston : {WORDS}", day + timedelta(minutes=2))
    send(forum, MJ, "Irene", "Je veux échanger ma maison avec Bruno ce soir", day + timedelta(minutes=3))
    clock.now = day + timedelta(minutes=6)
    game.cycle()
    assert outcomes(game, "J1") == {"Alice": ["understood"], "Irene": ["understood"]}
    (relay,) = [d for d in game.outbox.drafts() if d.recipient == "Gaston" and d.key.startswith("Jour 1/day/")]
    assert WORDS in relay.body and "Alice" not in relay.body and "Alice" not in (relay.subject or "")
    page = MJPage(game, "jeton").state()
    assert page["rules"]["notes"]["Offres d'échange de maison sans réponse"] == ["Irene → Bruno"]
    send_everything(game)
    for minute, (voter, target) in enumerate(
        [(v, "Gaston") for v in ("Alice", "Bruno", "Chloe", "Irene")] + [("Gaston", "Chloe"), ("Hugo", "Chloe")],
        start=10,
    ):
        vote(forum, topic, voter, target, day + timedelta(minutes=minute))
    send(forum, MJ, "Bruno", "ok pour l'échange de maison avec Irène", day + timedelta(minutes=30))
    clock.now = day + timedelta(minutes=35)
    count = game.cycle().count
    assert count is not None and count.tally.as_dict() == {"Gaston": 4, "Chloe": 3}  # the MJ's whole count
    assert count.tally.not_voted == ()
    assert outcomes(game, "J1")["Bruno"] == ["understood"]
    page = MJPage(game, "jeton").state()
    assert page["rules"]["notes"]["Échanges de maisons convenus aujourd'hui"] == ["Irene et Bruno"]
    assert [d.key for d in game.outbox.drafts() if d.kind == "vote_count"] == []
    send_everything(game)
    clock.now = start + 3 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    evening = events(game, "J1")
    assert [e["player"] for e in evening if e["type"] == "pyre"] == ["Gaston"]
    (post,) = [d.body for d in game.outbox.drafts() if d.kind == "evening" and d.key.startswith("Jour 1/")]
    assert "Gaston" in post and not any(f"{n} {w}" in post for n in (3, 4) for w in ("vote", "voix"))  # result only
    send_everything(game)

    # The MJ's page on the night: natures, both roles, the houses as swapped, the secret numbers, the Liche.
    page = MJPage(game, "jeton").state()
    alice = next(p for p in page["players"] if p["name"] == "Alice")
    assert (alice["role_name"], alice["note"]) == ("Lâche et Voyante", "Villageois")
    hugo = next(p for p in page["players"] if p["name"] == "Hugo")
    assert (hugo["role_name"], hugo["note"]) == ("Meneur et Vieux Chiant", "Loup Solitaire")
    assert page["groups"]["Maison de Bruno"] == ["Irene"] and page["groups"]["Maison d'Irene"] == ["Bruno"]
    assert page["groups"]["Maison d'Alice"] == ["Alice"] and "Maison de Gaston" not in page["groups"]
    notes = page["rules"]["notes"]
    assert notes["Ordre secret des rôles en double"] == ["Voyante : Bruno (2), Alice (42)"]
    assert notes["Cibles des Assassins"] == ["Irene : Fanny, Emile, Denis, Hugo, Alice, Gaston"]
    assert notes["Phylactères"] == ["Irene (Liche) : Alice"]
    assert notes["Amoureux"] == ["Bruno et Chloe"]
    html = mj_page(game)
    assert "Lâche et Voyante (Villageois)" in html and "<b>Maison d&#39;Irene</b>" in html
    assert "Irene (Liche) : Alice" in html and "Voyante : Bruno (2), Alice (42)" in html

    # N2: Hugo attacks Bruno's house, where Irène sleeps tonight: a Liche whose phylactère lives.
    night = start + 3 * hour
    send(forum, MJ, "Hugo", "J'attaque la maison de Bruno", night + timedelta(minutes=3))
    send(forum, MJ, "Bruno", "Je protège la maison de Chloé", night + timedelta(minutes=4))
    send(forum, MJ, "Alice", "je sonde la maison de Hugo : natures", night + timedelta(minutes=5))
    clock.now = night + timedelta(minutes=8)
    game.cycle()
    assert outcomes(game, "N2") == {"Hugo": ["understood"], "Bruno": ["understood"], "Alice": ["understood"]}
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    assert game.engine.open_questions() == []
    dawn = events(game, "N2")
    assert [e for e in dawn if e["type"] == "death"] == []
    seen = [row for e in dawn if e["type"] == "seer_result" and e["player"] == "Alice" for row in e["seen"]]
    assert seen == [{"player": "Hugo", "nature": "loup_solitaire"}]
    send_everything(game)
    assert game.engine.state_before("J2").living() == ["Alice", "Bruno", "Chloe", "Hugo", "Irene"]

    # J2: Hugo burns; no wolf is left: the village wins.
    day = start + 4 * hour
    for minute, (voter, target) in enumerate(
        [(v, "Hugo") for v in ("Alice", "Bruno", "Chloe", "Irene")] + [("Hugo", "Alice")], start=5
    ):
        vote(forum, topic, voter, target, day + timedelta(minutes=minute))
    clock.now = start + 5 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 2")
    end = events(game, "J2")
    assert [e["player"] for e in end if e["type"] == "pyre"] == ["Hugo"]
    assert [e["winner"] for e in end if e["type"] == "game_over"] == ["village"]
    send_everything(game)

    # On the forum: Gaston's inbox holds Alice's words, from the MJ, without her name; the topic, the evenings.
    mine = [t for t in forum.client("Gaston").private_topics() if "anonyme" in t["title"]]
    assert len(mine) == 1
    (mp,) = forum.client("Gaston").comments(mine[0]["id"])
    assert mp["author"] == MJ and WORDS in mp["text"] and "Alice" not in mp["text"]
    said = forum.client("Chloe").read_topic_text(topic)
    assert WORDS not in said and "Hugo" in said
    page = MJPage(game, "jeton").state()
    assert page["winner"] == "village"
