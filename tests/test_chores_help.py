"""A player's call for help by MP (« aide », « !aide », « comment je fais ? »), on a real django-spirit
forum: answered by MP with the list of his powers (what to send, its safe form, an example), under its own
outcome, exactly once — not again at the next poll, nor after a restart — and shown on the MJ's page."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.chores import asks_for_help
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import serve
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Aide"
ROLES = {
    "Anna": "loup_garou",
    "Basile": "voyante",
    "Coline": "salvateur",
    "Denis": "sorciere",
    "Emile": "simple_villageois",
    "Fanny": "loup_garou",
}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def send(forum: SpiritForum, player: str, title: str, text: str, when: datetime) -> None:
    topic = forum.client(player).send_private(title, [MJ], text)
    forum.set_comment_date(forum.client(MJ).comments(topic)[0]["pk"], when)


@pytest.mark.parametrize(
    "text",
    ["aide", "!aide", "Aide stp", "AIDE !!", "comment je fais ?", "Je fais comment moi ?", "c'est quoi mes pouvoirs ?",
     "help", "MJ j'ai besoin d'aide", "Qu'est-ce que je peux faire cette nuit ?"],
)  # fmt: skip
def test_calls_for_help_are_recognised(text: str) -> None:
    assert asks_for_help(text)


@pytest.mark.parametrize(
    "text",
    ["Salut MJ, la nuit finit à quelle heure ?", "merci pour ton aide", "Je protège Basile", "",
     "aide " + "bla " * 40],
)  # fmt: skip
def test_other_mps_are_not_calls_for_help(text: str) -> None:
    assert not asks_for_help(text)


def test_a_call_for_help_gets_the_players_powers_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 5, seed=5, title="Partie aide")
    game.config = replace(game.config, live=replace(game.config.live, auto=("help",)))  # help goes at once
    start, hour = clock.now, timedelta(hours=1)
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")  # Nuit 1 runs from start + 1 h to start + 2 h
    night = start + hour
    send(forum, "Coline", "Au secours", "!aide", night + timedelta(minutes=5))
    send(forum, "Anna", "?", "Comment je fais ?", night + timedelta(minutes=6))
    send(forum, "Emile", "aide", "aide stp", night + timedelta(minutes=7))
    send(forum, "Basile", "Boule", "aide : je sonde Denis", night + timedelta(minutes=8))  # an order: read as such
    clock.now = night + timedelta(minutes=20)
    assert game.cycle().new_mps == 4
    assert game.engine is not None

    outcomes = {o["player"]: o["outcome"] for o in game.engine.mp_outcomes("N1").values()}
    assert outcomes.pop("Basile") in ("understood", "refused")  # an order with « aide » in it stays an order
    assert outcomes == {"Coline": "help", "Anna": "help", "Emile": "help"}
    helps = {d.recipient: d for d in game.outbox.drafts() if d.kind == "help"}
    assert set(helps) == {"Coline", "Anna", "Emile"}
    coline = helps["Coline"].body
    assert "Tu joues **Salvateur**" in coline and "`!salvateur.proteger NOM`" in coline
    assert "Par exemple « " in coline and "voyante" not in coline  # her own powers only
    anna = helps["Anna"].body
    assert "Ta meute : Fanny." in anna and "`!loups.devorer NOM`" in anna
    assert "!salvateur" not in anna
    emile = helps["Emile"].body
    assert "Tu n'as pas de pouvoir à utiliser par MP" in emile and "`!" not in emile
    assert all("« Je vote contre X »" in d.body for d in helps.values())

    # Sent at once (`[outbox] auto` lists "help"): Coline reads it in her inbox on the forum.
    assert all(d.state == "sent" for d in helps.values())
    mine = [t for t in forum.client("Coline").private_topics() if "aide pour ton message" in t["title"]]
    assert len(mine) == 1 and "!salvateur.proteger NOM" in forum.client("Coline").comments(mine[0]["id"])[0]["text"]

    # The MJ's page shows what became of each call.
    server, address = serve(game, port=0, token="jeton")
    try:
        with httpx.Client(follow_redirects=True) as browser:
            html = browser.get(address).text
    finally:
        server.shutdown()
    assert html.count("une demande d'aide : la liste de ses pouvoirs lui a été rédigée") == 3

    # Answered once: not at the next poll, nor by a daemon started again on the same database.
    drafted = len(game.outbox.drafts())
    assert game.cycle().drafted == [] and len(game.outbox.drafts()) == drafted
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    again.cycle()
    assert len(again.outbox.drafts()) == drafted
    assert len([t for t in forum.client("Coline").private_topics() if "aide pour ton message" in t["title"]]) == 1
