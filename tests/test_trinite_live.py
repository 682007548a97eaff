"""A whole game of `trinite` ("LG Trinité", 9 players) played live through meneur against the real
django-spirit test forum: votes posted and MPs sent over HTTP by the players (day powers by day, night
powers by night), each deadline fired, the rules' questions answered as the MJ's page does, every draft
approved and sent, and the MJ's page showing what trinite adds.

The game, written from the rule text (lines 213–396 of shared/rules/000_e44f1ff8762b1b6f.txt) before it
was run. Groups of three, one object of each style; the wolves are Denis and Gilles:

    Groupe 1: Anna (arc), Basile (chapelet), Coline (carte)
    Groupe 2: Denis (hache, loup), Emile (bouclier), Fanny (sceptre)
    Groupe 3: Gilles (potion, loup), Hector (orbe), Ines (bâton)

- J0: five votes for Anna: Anna is mayor.
- N1: both wolves attack Emile; Ines asks ÉLÉMENTARISTE about Denis and « offensif ». Emile dies: the
  morning gives his object and, since his shield is intact (HONNEUR), his camp, village. Coline's
  SAUVETAGE shows her the night's dead; the MJ records her choice: nobody.
- J1: early in the day Denis, by MP, activates RAVAGE (« Détruisez votre hache. Le MJ annonce sur le forum
  en gras que RAVAGE a été activé »): the receipt and the bold announcement are drafted as soon as meneur
  reads the MP, once. Six vote against Gilles, Denis and Gilles against Anna; once all eight have voted,
  Fanny's PACTE comes too late (« tant que tout le monde n'a pas voté ») and is refused. Gilles burns (his
  potion is announced); the mayor swaps nothing.
- N2, RAVAGE's night (PROTECTION, MITHRIL, NATURE, TROUVÈRE and SAUVETAGE do not work): Basile's PROTECTION
  of Anna is refused with the MJ's reminder; Denis attacks Anna, who dies; her BAROUD (« Quand vous mourrez,
  vous pouvez tuer le joueur de votre choix ») is answered Denis, who dies; the dying mayor names Coline
  her successor (« S'il meurt, il désigne son successeur »). Both wolves are dead: the village wins at
  N2's dawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.web import MJPage
from meneur.engine.rulesets import installed
from meneur.tests.livegame import events, live_game, mj_page, send, send_everything, vote
from meneur.tests.spiritforum import SpiritForum

pytestmark = pytest.mark.skipif("trinite" not in installed(), reason="the trinite rule set is not installed yet")

MJ = "MJ_Trinite2"
ROLES = {
    "Anna": "arc", "Basile": "chapelet", "Coline": "carte",
    "Denis": "hache+loup", "Emile": "bouclier", "Fanny": "sceptre",
    "Gilles": "potion+loup", "Hector": "orbe", "Ines": "baton",
}  # fmt: skip


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_a_game_of_trinite_played_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 4, seed=16, title="Trinité", ruleset="trinite"
    )
    assert game.engine is not None
    assert game.engine.rules.day_powers is not None, "trinite gives no day_powers: its day powers act at the deadline"
    start, hour = clock.now, timedelta(hours=1)
    setup = game.engine.setup()
    assert [p.name for p in setup.players if p.camp == "loups"] == ["Denis", "Gilles"]
    game.deal()  # the opening post (wolves, groups) and the nine role cards
    send_everything(game)

    # J0: Anna is elected mayor.
    for minute, voter in enumerate(("Basile", "Coline", "Emile", "Hector", "Ines"), start=1):
        vote(forum, topic, voter, "Anna", start + timedelta(minutes=minute))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    send_everything(game)
    assert game.engine.state_before("N1").mayor == "Anna"

    # N1: the wolves attack Emile; Ines asks her staff about Denis.
    night = start + hour
    send(forum, MJ, "Denis", "On attaque Emile", night + timedelta(minutes=5), "Cible")
    send(forum, MJ, "Gilles", "on attaque emile aussi", night + timedelta(minutes=6), "Cible")
    send(forum, MJ, "Ines", "Élémentariste sur Denis : offensif", night + timedelta(minutes=7), "Bâton")
    clock.now = night + timedelta(minutes=10)
    game.cycle()
    understood = {o["player"]: o["outcome"] for o in game.engine.mp_outcomes("N1").values()}
    assert understood == {"Denis": "understood", "Gilles": "understood", "Ines": "understood"}
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    asked = [q.id for q in game.engine.open_questions()]
    assert asked == ["N1:sauvetage:Coline"]
    game.answer("N1:sauvetage:Coline", "aucun")  # the MJ's page: /answer
    dawn = events(game, "N1")
    (death,) = [e for e in dawn if e["type"] == "death"]
    assert (death["player"], death["cause"], death["object"], death.get("camp")) == (
        "Emile",
        "loups",
        "bouclier",
        "village",
    )
    assert any(e["type"] == "elementariste" and e["player"] == "Ines" for e in dawn)
    send_everything(game)

    # J1: Denis activates RAVAGE by MP early in the day: a receipt and the bold announcement, at once.
    day = start + 2 * hour
    send(forum, MJ, "Denis", "J'active RAVAGE", day + timedelta(minutes=3), "Hache")
    clock.now = day + timedelta(minutes=5)
    game.cycle()
    (ravage,) = game.engine.mp_outcomes("J1").values()
    assert (ravage["player"], ravage["outcome"]) == ("Denis", "understood")
    posts = [d for d in game.outbox.drafts() if d.recipient is None and d.key.startswith("Jour 1/day/")]
    assert len(posts) == 1 and "RAVAGE a été activé" in posts[0].body
    page = MJPage(game, "jeton").state()
    assert [(u["player"], u["power"]) for u in page["day_powers"]["used"]] == [("Denis", "hache.ravage")]
    # « Détruisez votre hache. »: spent as soon as read, on the page before the deadline.
    denis = next(p for p in page["players"] if p["name"] == "Denis")
    assert (denis["role_name"], denis["objects"]) == (
        "Hache du berserker",
        [{"object": "Hache du berserker", "destroyed": True}],
    )
    assert [(d["object"], d["holder"]) for d in page["rules"]["destroyed"]] == [("Hache du berserker", "Denis")]
    # The page's notes for the coming night (trinite's ``mj_notes``), the object's style (``player_note``).
    assert page["rules"]["notes"]["Pouvoirs neutralisés (N2)"] == [
        "RAVAGE : MITHRIL, NATURE, PROTECTION, SAUVETAGE, TROUVÈRE ne fonctionnent pas"
    ]
    assert denis["note"] == "Offensif"
    (receipt,) = [d.body for d in game.outbox.drafts() if d.kind == "receipt" and d.key.startswith("Jour 1/")]
    assert "C'est fait dès maintenant" in receipt
    send_everything(game)
    game.cycle()  # read again: nothing drafted twice
    assert len([d for d in game.outbox.drafts() if d.key.startswith("Jour 1/day/")]) == 1

    for minute, (voter, target) in enumerate(
        [(v, "Gilles") for v in ("Anna", "Basile", "Coline", "Fanny", "Hector", "Ines")]
        + [("Denis", "Anna"), ("Gilles", "Anna")],
        start=10,
    ):
        vote(forum, topic, voter, target, day + timedelta(minutes=minute))
    send(forum, MJ, "Fanny", "J'active le PACTE", day + timedelta(minutes=30), "Sceptre")
    clock.now = day + timedelta(minutes=35)
    count = game.cycle().count
    assert count is not None and count.tally.not_voted == () and count.tally.leaders == ("Gilles",)
    (pacte,) = [o for o in game.engine.mp_outcomes("J1").values() if o["player"] == "Fanny"]
    assert pacte["outcome"] == "refused" and "tout le monde avait voté" in pacte["detail"]["refused"][0]["reason"]
    clock.now = day + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    assert [q.id for q in game.engine.open_questions()] == ["J1:annonce_maire"]
    game.answer("J1:annonce_maire", "aucun")
    evening = events(game, "J1")
    assert [(e["player"], e["object"]) for e in evening if e["type"] == "pyre"] == [("Gilles", "potion")]
    assert not any(e["type"] == "pacte" for e in evening)  # Fanny's PACTE did not count
    send_everything(game)

    # N2, RAVAGE's night: Basile's PROTECTION is refused; Denis attacks Anna, whose BAROUD takes Denis.
    night = start + 3 * hour
    send(forum, MJ, "Basile", "Je protège Anna", night + timedelta(minutes=4), "Chapelet")
    send(forum, MJ, "Denis", "On attaque Anna", night + timedelta(minutes=5), "Cible")
    clock.now = night + timedelta(minutes=8)
    game.cycle()
    basile = [o for o in game.engine.mp_outcomes("N2").values() if o["player"] == "Basile"]
    assert [o["outcome"] for o in basile] == ["refused"]
    assert "RAVAGE a été activé" in basile[0]["detail"]["refused"][0]["reason"]
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    assert [q.id for q in game.engine.open_questions()] == ["N2:baroud:Anna", "N2:successeur:Anna"]
    game.answer("N2:baroud:Anna", "Denis")
    game.answer("N2:successeur:Anna", "Coline")
    dawn = events(game, "N2")
    assert [(e["player"], e["cause"]) for e in dawn if e["type"] == "death"] == [("Anna", "loups"), ("Denis", "baroud")]
    assert [e["winner"] for e in dawn if e["type"] == "game_over"] == ["village"]
    send_everything(game)

    # On the forum: the announcement once, the posts of every phase; the page shows the game as it ended.
    said = [c["text"] for c in forum.client("Anna").comments(topic) if "RAVAGE a été activé" in c["text"]]
    assert len(said) == 1
    page = MJPage(game, "jeton").state()
    assert page["winner"] == "village"
    assert page["rules"]["order"] and [s["step"] for s in page["rules"]["order"]] == list(game.engine.rules.night_order)
    assert set(page["groups"]) == {"Groupe 1", "Groupe 2", "Groupe 3"}
    html = mj_page(game)
    assert "<h2>Pouvoirs de jour — Jour 1</h2>" in html and "<b>Denis</b> : hache.ravage" in html
    assert "Hache du berserker (détruit)" in html and "<li>Hache du berserker — Denis (mort)</li>" in html
    assert '<span class="dead">Emile</span><span class="secret"> (Bouclier du guerrier, Défensif)</span>' in html


def test_the_dead_voter_ouija_allows_counts_live_and_at_the_deadline(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OUIJA: « Ciblez un joueur mort. Ce joueur pourra voter lors de la prochaine journée (le MJ l'annonce
    publiquement au matin). » Emile, eaten at N1, is named by Fanny's sceptre at N2; his vote at J2 is in the
    live count and burns Gilles at the deadline."""
    mj = "MJ_Ouija"
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, mj, ROLES, 5, seed=16, title="Ouija", ruleset="trinite"
    )
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)

    def mp(player: str, text: str, when: datetime) -> None:
        private = forum.client(player).send_private(f"{player} {when:%H%M}", [mj], text)
        forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], when)

    for minute, voter in enumerate(("Basile", "Coline", "Emile"), start=1):
        vote(forum, topic, voter, "Anna", start + timedelta(minutes=minute))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    mp("Denis", "On attaque Emile", start + hour + timedelta(minutes=5))
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    game.answer("N1:sauvetage:Coline", "aucun")
    clock.now = start + 3 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")  # nobody voted: no pyre
    game.answer("J1:annonce_maire", "aucun")
    mp("Fanny", "Ouija sur Emile", start + 3 * hour + timedelta(minutes=5))
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    assert not game.engine.state_before("J2").player("Emile").alive
    assert [e["player"] for e in events(game, "N2") if e["type"] == "ouija_announced"] == ["Emile"]

    day = start + 4 * hour
    vote(forum, topic, "Emile", "Gilles", day + timedelta(minutes=3))
    vote(forum, topic, "Hector", "Gilles", day + timedelta(minutes=4))
    vote(forum, topic, "Denis", "Anna", day + timedelta(minutes=5))
    clock.now = day + timedelta(minutes=10)
    count = game.cycle().count
    assert count is not None
    assert {row.target: (row.votes, row.voters) for row in count.tally.counts} == {
        "Gilles": (2, ("Emile", "Hector")),
        "Anna": (1, ("Denis",)),
    }
    assert [w.message for w in count.warnings if "Emile" in w.message] == []
    clock.now = start + 5 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 2")
    assert [e["player"] for e in events(game, "J2") if e["type"] == "pyre"] == ["Gilles"]
