"""A complete game of `classique` with the `baguette` module, played live through meneur against the real
django-spirit test forum (shared/rules/004_448b084b5106ef37.txt): the players' votes, night orders and absences
sent by MP, the wolves' den a second topic, each deadline fired, the rules' question answered, every draft
approved and sent, the MJ's page read along the way.

Eight players: Anna and Fanny are Loups-Garous, Basile the Voyante, Coline, Denis, Emile, Gaspard and Hugo simple
villagers. The expected outcome, written from the rule text before the game was run:

- J0 « l'élection du Magicien. Le joueur ayant le plus de voix l'emporte » (votes by MP): Basile 4 (Coline, Denis,
  Emile, Gaspard), Hugo 2 (Anna, Fanny): Basile is the Magicien.
- N1: Anna names Coline in red in the den; classique's first night is the fictional victim's (« Aucune autre
  action spéciale n'a lieu cette nuit là »): nobody dies. Basile, by MP before the night's deadline, chooses the
  immunity for Denis (« valable la nuit et le jour ») and names his successors « Denis, Emile, Gaspard ».
- J1, votes by MP (« seul le dernier MP sera pris en compte », « chaque joueur part avec sa propre voix contre
  lui », « vote blanc possible »): Basile, Coline, Gaspard against Anna; Hugo against Fanny, then against Anna;
  Anna and Fanny against Coline; Emile blank; Denis sends nothing before the deadline (his own vote), then a
  vote two minutes after it (« A 22h01, le MP n'est pas valable »: refused). Basile's power is the immunity, so
  his vote counts once. Count: Anna 4, Coline 2, Denis 1, blank 1: Anna burns, her role told. « Le successeur
  recevra la Baguette le lendemain au moment du bûcher »: Denis is the Magicien; Basile and Denis have held it.
- N2: 7 living players (« ne peut plus être utilisé s'il reste moins de 7 joueurs en vie »: it may be used).
  Fanny names Hugo in red, then posts « Basile Voyante » in red: the first anti-dévoilement, right (« réussi =>
  le personnage ciblé meurt (en plus de la victime de la nuit) »): Hugo and Basile die. Denis names no successor
  (« S'il omet de désigner son successeur [...] tirage au sort entre les joueurs qui peuvent la recevoir ») and
  no power (« La double voix est un pouvoir par défaut »). Gaspard tells the MJ by MP he will be away, without
  days: the MJ is asked which days it covers and answers J2.
- J2: Coline, Denis, Emile against Fanny; Fanny against Coline; Gaspard absent (« il y aura non-vote (0 voix) »).
  Denis's double vote: Fanny 4, Coline 1: Fanny burns. « Les Gentils : tous les Loups-Garous [...] sont morts »:
  the village wins. At that pyre the wand goes, drawn, to one of Coline, Emile, Gaspard (who have not held it).

Corrected after the run: the game ends at J2's pyre, so the engine passes no wand there (no draw is told): a
won game has no next Magicien. Everything else came out as written.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web_state import draw
from meneur.tests import test_baguette_live
from meneur.tests.livegame import events, live_game, send_everything
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_baguette_live import forum

__all__ = ["forum"]  # the module's forum fixture, shared

MJ = "MJ_Bag_Partie"
ROLES = {
    "Anna": "loup_garou",
    "Basile": "voyante",
    "Coline": "simple_villageois",
    "Denis": "simple_villageois",
    "Emile": "simple_villageois",
    "Fanny": "loup_garou",
    "Gaspard": "simple_villageois",
    "Hugo": "simple_villageois",
}


def vote_result(game: LiveGame, phase: str) -> tuple[Any, ...]:
    found = next(e for e in events(game, phase) if e["type"] == "vote_result")
    return found["counts"], found["blank"], found["absent"], found["self_votes"]


def test_a_game_of_baguette_played_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _first, clock, topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 5, seed=11, title="Baguette magique")
    path = tmp_path / "partie.toml"
    den_topic = forum.seed(MJ, list(ROLES), topic_title="Antre — Baguette magique", opening="L'antre.")["topic_id"]
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            'ruleset = "classique"\n', f'ruleset = "classique"\nmodules = ["baguette"]\nden_topic = "{den_topic}"\n'
        )
    )
    config = load_config(path)
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    assert game.engine is not None
    engine = game.engine
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)

    def mp(who: str, text: str, when: datetime) -> None:
        private = forum.client(who).send_private(f"{who} {when:%H%M%S}", [MJ], text)
        forum.set_comment_date(forum.client(MJ).comments(private)[0]["pk"], when)

    def den(who: str, words: str, coloured: str, when: datetime) -> int:
        pk = forum.client(who).post_comment(den_topic, f"{words} {coloured}")
        html = f'<p>{words} <span style="color:#ff0000">{coloured}</span></p>'
        forum.shell(test_baguette_live._COLOUR, pk=pk, html=html)
        forum.set_comment_date(pk, when)
        return pk

    game.deal()  # the opening post and the eight role cards
    send_everything(game)

    # J0: the Magicien's election by MP.
    for who in ("Coline", "Denis", "Emile", "Gaspard"):
        mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    for who in ("Anna", "Fanny"):
        mp(who, "Je vote pour Hugo comme magicien", start + timedelta(minutes=12))
    clock.now = start + timedelta(minutes=20)
    game.cycle()
    day0 = next(d for d in game.deadlines() if d.id == "Jour 0")
    assert game.live_count(day0).tally.as_dict() == {"Basile": 4, "Hugo": 2}
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    send_everything(game)
    assert engine.rules.mj_notes is not None
    assert engine.rules.mj_notes(engine.state_before("N1"))["Baguette magique"][0] == "Magicien : Basile"

    # N1: the den's victim (fictional on the first night), the Magicien's power and successors by MP.
    night = start + hour
    den("Anna", "Ce soir :", "Coline", night + timedelta(minutes=5))
    mp("Basile", "Je choisis l'immunité pour Denis", night + timedelta(minutes=7))
    mp("Basile", "Mes successeurs : Denis, Emile, Gaspard", night + timedelta(minutes=8))
    clock.now = night + timedelta(minutes=15)
    game.cycle()
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    send_everything(game)
    assert engine.state_before("J1").living() == list(ROLES)
    rows = game.store.db.query("select inputs from engine_phases where phase = 'N1'")
    inputs = [(a["player"], a["power"], a["targets"]) for a in json.loads(str(next(iter(rows))["inputs"]))["actions"]]
    assert ("Anna", "loups.devorer", ["Coline"]) in inputs  # read in the den; the first night's victim is fictional

    # J1: the pyre by MP.
    day = start + 2 * hour
    mp("Basile", "Je vote contre Anna", day + timedelta(minutes=3))
    mp("Coline", "Je vote contre Anna", day + timedelta(minutes=4))
    mp("Gaspard", "Je vote contre Anna", day + timedelta(minutes=5))
    mp("Hugo", "Je vote contre Fanny", day + timedelta(minutes=6))
    mp("Anna", "Je vote contre Coline", day + timedelta(minutes=7))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=8))
    mp("Emile", "Je vote blanc", day + timedelta(minutes=9))
    mp("Hugo", "Finalement je vote contre Anna", day + timedelta(minutes=20))
    clock.now = day + timedelta(minutes=30)
    game.cycle()
    send_everything(game)  # the receipts
    day1 = next(d for d in game.deadlines() if d.id == "Jour 1")
    assert game.live_count(day1).tally.as_dict() == {"Anna": 4, "Coline": 2, "Denis": 1, "blanc": 1}
    mp("Denis", "Je vote contre Fanny", day + hour + timedelta(minutes=2))  # after the deadline's minute
    clock.now = day + hour + timedelta(minutes=3)
    game.fire_deadline("Jour 1")
    game.cycle()
    assert vote_result(game, "J1") == ({"Anna": 4, "Coline": 2, "Denis": 1}, 1, [], ["Denis"])
    after = engine.state_before("N2")
    assert not after.player("Anna").alive and len(after.living()) == 7
    notes = engine.rules.mj_notes(after)["Baguette magique"]
    assert notes[:2] == ["Magicien : Denis", "Déjà porteurs : Basile, Denis"]
    assert "Pouvoirs utilisés : Immunité au bûcher" in notes
    late = [o for o in engine.mp_outcomes("N2").values() if o["player"] == "Denis"]
    assert [o["outcome"] for o in late] == ["refused"]
    reply = game.store.db.query("select body from drafts where key = ?", [late[0]["reply_key"]])
    assert "avant 22h00" in str(next(iter(reply))["body"])
    send_everything(game)

    # N2: the den's victim and the first anti-dévoilement; Gaspard's vague absence by MP.
    night = start + 3 * hour
    den("Fanny", "On mange", "Hugo", night + timedelta(minutes=5))
    den("Fanny", "Anti-dévoilement :", "Basile Voyante", night + timedelta(minutes=6))
    mp("Gaspard", "Je serai absent, je ne sais pas encore quand.", night + timedelta(minutes=9))
    clock.now = night + timedelta(minutes=15)
    game.cycle()
    page = draw(game)["rules"]["notes"]["Antre des loups"]
    assert page[0].endswith(": victime Hugo (post de Fanny) ; anti-dévoilement : Basile en Voyante")
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    dawn = engine.state_before("J2")
    assert dawn.living() == ["Coline", "Denis", "Emile", "Fanny", "Gaspard"]
    deaths = [e["player"] for e in events(game, "N2") if e["type"] == "death"]
    assert sorted(deaths) == ["Basile", "Hugo"]
    send_everything(game)

    # J2: the last pyre; Denis's double vote; Gaspard's absence, its days asked at the deadline.
    day = start + 4 * hour
    for who in ("Coline", "Denis", "Emile"):
        mp(who, "Je vote contre Fanny", day + timedelta(minutes=5))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=6))
    clock.now = day + timedelta(minutes=10)
    game.cycle()
    day2 = next(d for d in game.deadlines() if d.id == "Jour 2")
    # Live, Gaspard's absence without days is not known yet (the MJ gives its days at the deadline): his own vote.
    assert game.live_count(day2).tally.as_dict() == {"Fanny": 4, "Coline": 1, "Gaspard": 1}
    clock.now = start + 5 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 2")
    assert [q.id for q in engine.open_questions()] == ["J2:absence:Gaspard"]
    game.answer("J2:absence:Gaspard", "J2")
    assert vote_result(game, "J2") == ({"Fanny": 4, "Coline": 1}, 0, ["Gaspard"], [])
    final = engine.latest_state()
    assert final.winner == "village" and final.living() == ["Coline", "Denis", "Emile", "Gaspard"]
    assert [e["type"] for e in events(game, "J2") if e["type"] in ("wand_holder", "game_over")] == ["game_over"]
    send_everything(game)
    assert draw(game)["winner"] == "village"

    # On the forum, as the players read it: the deaths with their roles, the wand passed, the absence, the end.
    said = "\n".join(c["text"] for c in forum.client("Coline").comments(topic))
    for line in (
        "Basile est élu·e Magicien et reçoit la Baguette magique.",
        "Anna meurt sur le bûcher. Son rôle : Loup-Garou.",
        "Au moment du bûcher, Basile transmet la Baguette magique à son successeur : Denis.",
        "Basile est mort·e. Son rôle : Voyante.",
        "Hugo est mort·e. Son rôle : Simple villageois.",
        "Absence justifiée, sans vote : Gaspard.",
        "Fanny meurt sur le bûcher. Son rôle : Loup-Garou.",
        "le village a gagné",
    ):
        assert line in said
    assert "immunit" not in said.lower()  # « Le choix du Magicien ne sera pas révélé par RP »
