"""The `baguette` module's live day as the MJ sees it before a deadline, on the real django-spirit forum
(shared/rules/004_448b084b5106ef37.txt): the live count (`meneur count`, the MJ's page, the reminders) applies the
declared absences as the deadline's count does — « En cas d'absence justifiée, il y aura non-vote (0 voix) » —
and the MJ's page shows the den's posts of the night and the wand."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.web_state import draw
from meneur.tests import test_baguette_live
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_baguette_live import day_one_with_an_absence_topic, den_game, forum

__all__ = ["forum"]  # the module's forum fixture, shared


def test_the_live_count_applies_a_declared_absence(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Denis declares in the absence topic that he is away on the day J1 ends; he sends no vote. Before the
    deadline the live count already gives him no vote (not his own vote against himself): Denis has no row and is
    the one without a vote, and the count is the one the deadline then makes."""
    j1 = day_one_with_an_absence_topic(
        forum, tmp_path, monkeypatch, ("Compte absences baguette", "Absences compte"), "MJ_Bag_Compte"
    )
    game, clock, away, day, ends, mp = j1.game, j1.clock, j1.away, j1.day, j1.ends, j1.mp
    hour = timedelta(hours=1)
    following = ends + timedelta(days=1)
    said = forum.client("Denis").post_comment(away, f"Absent du {ends.day} au {following.day}.")
    forum.set_comment_date(said, day + timedelta(minutes=3))
    mp("Anna", "Je vote contre Coline", day + timedelta(minutes=5))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=6))
    mp("Basile", "Je vote contre Anna", day + timedelta(minutes=7))
    clock.now = day + timedelta(minutes=30)
    game.cycle()
    day1 = next(d for d in game.deadlines() if d.id == "Jour 1")
    live = game.live_count(day1).tally
    # Coline and Emile have their own vote against themselves; Basile the Magicien's double vote; Denis none.
    assert live.as_dict() == {"Coline": 3, "Anna": 2, "Emile": 1}
    assert live.not_voted == ("Denis",)  # no vote at all: the tally's word for it
    assert "Denis" not in [voter for row in live.counts for voter in row.voters]
    clock.now = day + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    assert game.engine is not None
    rows = game.store.db.query("select events from engine_phases where phase = 'J1'")
    result = next(e for e in json.loads(str(next(iter(rows))["events"])) if e["type"] == "vote_result")
    assert (result["counts"], result["absent"]) == (live.as_dict(), ["Denis"])


def test_the_mj_page_shows_the_den_and_the_wand(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N2 (den_game: Basile elected on J0, Denis his successor, the wand passed to Denis at J1's pyre). In the den,
    by day, Anna names Denis in red (« le nom de la victime choisie dans une couleur différente du post »); Fanny
    writes without colour; Basile, no wolf, writes a name in red; Fanny names Anna in red (« Les Loups-Garous ne
    peuvent pas se dévorer entre eux »); in the night Fanny names Emile in red, then edits that post (« sinon, pas
    de victime cette nuit-là »); after the night's deadline (« Seul le dernier post avant 21h00 ») Anna names
    Basile. Denis, the Magicien, chooses his power (immunity for Emile) and names his successors by MP. The MJ's
    page shows each den post with what was read from it (or why not), what the deadline would take (no victim: the
    last victim post is edited), and the wand: holder, successors, chosen power, powers used, who has held it."""
    game, clock, mp, den = den_game(forum, tmp_path, monkeypatch, "Page antre", "MJ_Bag_Page")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)  # J1's deadline: N2 begins
    tz = ZoneInfo(game.config.timezone)
    den("Anna", "Ce soir on prend", "Denis", night - timedelta(minutes=30))
    den("Fanny", "on verra demain", "", night - timedelta(minutes=20))
    den("Basile", "Moi je dis", "Coline", night + timedelta(minutes=5))
    den("Fanny", "Et pourquoi pas", "Anna", night + timedelta(minutes=8))
    pk = den("Fanny", "Non, plutôt", "Emile", night + timedelta(minutes=20))
    mp("Denis", "Je choisis l'immunité pour Emile", night + timedelta(minutes=24))
    mp("Denis", "Mes successeurs : Fanny, Emile, Anna", night + timedelta(minutes=25))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    page = f"/comment/{pk}/update/"
    forum.client("Fanny")._submit(page, page, {"comment": "Non, plutôt Emile !"})
    forum.shell(_colour(), pk=pk, html='<p>Non, plutôt <span style="color:#ff0000">Emile</span> !</p>')
    den("Anna", "Trop tard :", "Basile", night + timedelta(hours=1, minutes=2))
    clock.now = night + timedelta(hours=1, minutes=4)
    game.cycle()  # the night's deadline is not fired yet: the page tells what it would take
    notes = draw(game)["rules"]["notes"]

    def at(delta: timedelta) -> str:
        return f"{(night + delta).astimezone(tz):%d/%m %H:%M}"

    deadline = (night + timedelta(hours=1)).astimezone(tz)
    assert notes["Antre des loups"] == [
        f"Nuit 2, jusqu'à {deadline:%d/%m %H:%M} : pas de victime (post de Fanny édité)",
        f"{at(-timedelta(minutes=30))} Anna : victime Denis",
        f"{at(-timedelta(minutes=20))} Fanny : rien lu (aucun nom dans une autre couleur que le post)",
        f"{at(timedelta(minutes=5))} Basile : non lu (pas un loup)",
        f"{at(timedelta(minutes=8))} Fanny : Anna est un loup, choix refusé (le précédent tient)",
        f"{at(timedelta(minutes=20))} Fanny : post édité, pas de victime",
        f"{at(timedelta(hours=1, minutes=2))} Anna : non lu (après l'heure limite)",
    ]
    # The power and the successors are read at the night's deadline; the day's page shows them.
    game.fire_deadline("Nuit 2")
    wand = draw(game)["rules"]["notes"]["Baguette magique"]
    assert wand[:2] == ["Magicien : Denis", "Déjà porteurs : Basile, Denis"]
    assert "Successeurs désignés : Fanny, Emile, Anna" in wand
    assert "Pouvoir choisi : Immunité au bûcher" in wand
    assert "Pouvoirs utilisés : Immunité au bûcher" in wand


def _colour() -> str:
    return str(test_baguette_live._COLOUR)
