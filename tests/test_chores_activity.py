"""Activity per phase (for the MJ's page), on a real django-spirit forum: for each phase, who posted and how
often, who voted, who used a power by MP, and each player's last post — posts attributed as the count does."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.chores import activity
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Activite"
ROLES = {"Anna": "loup_garou", "Basile": "cupidon", "Coline": "voyante", "Denis": "simple_villageois"}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_activity_per_phase(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 3, seed=4, title="Partie activité")
    start, hour = clock.now.replace(second=0, microsecond=0), timedelta(hours=1)

    def post(who: str, text: str, at: timedelta) -> None:
        forum.set_comment_date(forum.client(who).post_comment(topic, text), start + at)

    post("Anna", "Bonjour ! **Je vote contre Denis**", timedelta(minutes=10))
    post("Basile", "Je réfléchis encore.", timedelta(minutes=20))
    post("Anna", "Toujours Denis pour moi.", timedelta(minutes=30))
    clock.now = start + timedelta(minutes=50)
    game.cycle()
    clock.now = start + hour + timedelta(seconds=61)
    game.fire_deadline("Jour 0")
    sent = forum.client("Basile").send_private("Cupidon", [MJ], "Je rends amoureux Coline et Denis")
    forum.set_comment_date(forum.client(MJ).comments(sent)[0]["pk"], start + hour + timedelta(minutes=10))
    clock.now = start + hour + timedelta(minutes=20)
    game.cycle()
    assert game.engine is not None
    assert [o["outcome"] for o in game.engine.mp_outcomes("N1").values()] == ["understood"]
    clock.now = start + 2 * hour + timedelta(seconds=61)
    game.fire_deadline("Nuit 1")
    post("Coline", "**Je vote contre Anna**", 2 * hour + timedelta(minutes=5))
    clock.now = start + 2 * hour + timedelta(minutes=10)
    game.cycle()

    phases = activity(game)
    assert [(p["deadline"], p["phase"], p["kind"], p["state"]) for p in phases] == [
        ("Jour 0", "J0", "day", "fired"),
        ("Nuit 1", "N1", "night", "fired"),
        ("Jour 1", "J1", "day", "pending"),
    ]
    day0, night1, day1 = ({r["player"]: r for r in p["players"]} for p in phases)
    at = (start + timedelta(minutes=30)).isoformat()
    assert day0["Anna"] == {"player": "Anna", "posts": 2, "voted": True, "acted": False, "last_post": at}
    assert (day0["Basile"]["posts"], day0["Basile"]["voted"]) == (1, False)
    assert day0["Coline"] == {"player": "Coline", "posts": 0, "voted": False, "acted": False, "last_post": None}
    assert all(r["voted"] is None and r["posts"] == 0 for r in night1.values())  # no vote at night
    assert [name for name, r in night1.items() if r["acted"]] == ["Basile"]
    assert night1["Anna"]["last_post"] == at  # her last post so far, from an earlier phase
    assert (day1["Coline"]["posts"], day1["Coline"]["voted"]) == (1, True)
    assert [name for name, r in day1.items() if r["voted"]] == ["Coline"]
    assert day1["Denis"]["last_post"] is None

    # The MJ's page shows it: one column per phase, one row per player.
    html = page_text(game)
    section = html[html.index('<section id="activity">') : html.index("</section>", html.index('id="activity"'))]
    assert "Activité par phase" in section and "<th>Jour 0</th><th>Nuit 1</th><th>Jour 1</th>" in section
    anna = section[section.index("<b>Anna</b>") : section.index("</tr>", section.index("<b>Anna</b>"))]
    assert "<td>2 message(s) · a voté</td><td>0 message(s)</td><td>0 message(s) · " in anna
    basile = section[section.index("<b>Basile</b>") : section.index("</tr>", section.index("<b>Basile</b>"))]
    assert "<td>0 message(s) · pouvoir utilisé</td>" in basile


def page_text(game: object) -> str:
    import httpx
    from meneur.daemon.web import serve

    server, address = serve(game, port=0, token="jeton")  # type: ignore[arg-type]
    try:
        with httpx.Client(follow_redirects=True) as browser:
            return browser.get(address).text
    finally:
        server.shutdown()
