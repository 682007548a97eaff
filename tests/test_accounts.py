"""Look-alike accounts: one forum account per player, for votes and for MPs (issue 11)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.base import ForumSettings
from meneur.daemon.adapters.spirit import SpiritAdapter
from meneur.daemon.cli import main
from meneur.daemon.game import TOPIC
from meneur.daemon.http import PoliteClient
from meneur.daemon.poller import Poller, open_alerts
from meneur.daemon.store import Store
from meneur.engine.names import NameResolver, PlayerName
from meneur.parsers.engines import NAMED

ROOT = Path(__file__).resolve().parent.parent
VILLAGE = ROOT / "fixtures" / "topics" / "phpbb3" / "j1-village"
SPIRIT = ROOT / "fixtures" / "forums" / "spirit"


def reauthor(html: str, post_id: str, old: tuple[str, str], new: tuple[str, str]) -> str:
    """The page with post ``post_id`` written by another account: (user id, name) pairs."""
    start = html.index(f'id="p{post_id}"')
    end = html.find('<div id="p', start + 10)
    end = len(html) if end < 0 else end
    block = html[start:end]
    link = f'u={old[0]}" class="username">{old[1]}</a>'
    assert link in block
    return html[:start] + block.replace(link, f'u={new[0]}" class="username">{new[1]}</a>') + html[end:]


def count_village(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    post_id: str,
    old: tuple[str, str],
    new: tuple[str, str],
    unset: str,
) -> dict:
    """`meneur count --json` on j1-village with one post reauthored and one player's user_id removed."""
    pages = []
    for source in sorted(VILLAGE.glob("page-*.html")):
        html = source.read_text(encoding="utf-8")
        if f'id="p{post_id}"' in html:
            html = reauthor(html, post_id, old, new)
        pages.append(tmp_path / source.name)
        pages[-1].write_text(html, encoding="utf-8")
    case = (VILLAGE / "case.toml").read_text(encoding="utf-8")
    case, removed = re.subn(rf'(name = "{unset}"\n)user_id = "\d+"\n', r"\1", case)
    assert removed == 1
    (tmp_path / "case.toml").write_text(case, encoding="utf-8")
    assert main(["count", "--config", str(tmp_path / "case.toml"), "--json", *map(str, pages)]) == 0
    return json.loads(capsys.readouterr().out)


def kinds(result: dict) -> set[tuple[str, str]]:
    return {(w["post_id"], w["kind"]) for w in result["warnings"]}


def test_a_cyrillic_look_alike_account_does_not_vote_as_the_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Lucie's vote change (48350) posted instead by "Nіna" (Cyrillic і), a new account (u=96).
    result = count_village(tmp_path, capsys, "48350", ("62", "Lucie"), ("96", "N\u0456na"), unset="Nina")
    assert "Nina" not in result["current"]  # the real Nina (u=72) never voted
    assert result["current"]["Lucie"] == "Zoé"  # her earlier vote stands
    assert ("48350", "voter_other_account") in kinds(result)


def test_an_underscore_account_posting_first_does_not_take_the_players_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Lucas's only vote (48214, the first post after the MJ's) comes from "Lucas_" (u=97); the real
    # account "Lucas" (u=61) posts later: the account named as the MJ wrote the name is Lucas's.
    result = count_village(tmp_path, capsys, "48214", ("61", "Lucas"), ("97", "Lucas_"), unset="Lucas")
    assert "Lucas" not in result["current"]
    assert ("48214", "voter_other_account") in kinds(result)
    assert "Lucas" in result["not_voted"]


def test_a_player_whose_account_differs_from_the_roster_keeps_voting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Kévin posts as "kevin" (no user_id in case.toml): the only account resolving to him is his.
    result = count_village(tmp_path, capsys, "48214", ("61", "Lucas"), ("61", "Lucas"), unset="Lucas")
    assert result["current"]["Kévin"] == "Bastien" and result["current"]["Lucas"] == "Bastien"
    assert not any(kind == "voter_other_account" for _, kind in kinds(result))


def test_an_mp_from_a_look_alike_account_is_nobodys(tmp_path: Path) -> None:
    conversation = (SPIRIT / "private-topic.html").read_text(encoding="utf-8")
    # The conversation's third message (the second of Lucas's) comes from "Lucas_" (user 9).
    last = conversation.rindex('href="/user/2/lucas/"')
    forged = conversation[:last] + conversation[last:].replace(
        'href="/user/2/lucas/"', 'href="/user/9/lucas_/"', 1
    ).replace("<span>Lucas</span>", "<span>Lucas_</span>", 1)

    def handler(request: httpx.Request) -> httpx.Response:
        name = "private-list.html" if request.url.path == "/topic/private/" else None
        body = (SPIRIT / name).read_text(encoding="utf-8") if name else forged
        return httpx.Response(200, content=body.encode(), headers={"content-type": "text/html; charset=utf-8"})

    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None)
    spirit = SpiritAdapter(http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "1", NAMED["spirit"]))
    spirit.logged_in = True
    store = Store(tmp_path / "game.sqlite")
    poller = Poller(store, spirit, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC))
    poller.poll_inbox()
    rows = {(r["author"], r["player"]) for r in store.db.query("select author, player from mps")}
    assert ("Lucas", "Lucas") in rows and ("Lucas_", None) in rows
    assert ("Lucas_", "Lucas") not in rows
    alerts = [a for a in open_alerts(store) if str(a["kind"]).startswith("account")]
    assert alerts and "Lucas_" in str(alerts[0]["message"])


def test_an_mp_taken_as_a_players_is_given_back_when_their_own_account_shows_up(tmp_path: Path) -> None:
    # "Lucas_" (user 9) writes to the MJ before the real Lucas has written anything: his MP is
    # taken as Lucas's. Then the account named "Lucas" posts in the game topic: the MP is nobody's.
    conversation = (SPIRIT / "private-topic.html").read_text(encoding="utf-8")
    forged = conversation.replace('href="/user/2/lucas/"', 'href="/user/9/lucas_/"').replace(
        "<span>Lucas</span>", "<span>Lucas_</span>"
    )
    place = ROOT / "fixtures" / "topics" / "spirit" / "j1-place"

    def handler(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/topic/private/":
            body = (SPIRIT / "private-list.html").read_bytes()
        elif path.startswith("/topic/private/"):
            body = forged.encode()
        else:
            body = (place / f"page-{request.url.params.get('page', '1')}.html").read_bytes()
        return httpx.Response(200, content=body, headers={"content-type": "text/html; charset=utf-8"})

    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None)
    spirit = SpiritAdapter(http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"]))
    spirit.logged_in = True
    store = Store(tmp_path / "game.sqlite")
    poller = Poller(store, spirit, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC))
    poller.poll_inbox()  # nothing read from the topic yet
    assert {r["player"] for r in store.db.query("select player from mps where author = 'Lucas_'")} == {"Lucas"}
    poller.poll_topic(full=True)
    assert any(p.author == "Lucas" for p in store.posts(TOPIC))
    assert {r["player"] for r in store.db.query("select player from mps where author = 'Lucas_'")} == {None}
    assert any(str(a["kind"]).startswith("account") for a in open_alerts(store))


def test_two_accounts_reading_as_one_player_alert_the_mj_even_without_a_vote(tmp_path: Path) -> None:
    place = ROOT / "fixtures" / "topics" / "spirit" / "j1-place"
    pages = {n: (place / f"page-{n}.html").read_text(encoding="utf-8") for n in (1, 2, 3)}
    # Lucas's first comment is by "Lucаs" (Cyrillic а, user 99) instead.
    first = pages[1].index('href="/user/8/lucas/"')
    pages[1] = pages[1][:first] + pages[1][first:].replace(
        'href="/user/8/lucas/"', 'href="/user/99/lucas-2/"', 1
    ).replace("<span>Lucas</span>", "<span>Luc\u0430s</span>", 1)

    def handler(request: httpx.Request) -> httpx.Response:
        body = pages[int(request.url.params.get("page", "1"))].encode("utf-8")
        return httpx.Response(200, content=body, headers={"content-type": "text/html; charset=utf-8"})

    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(handler)), min_interval=0, sleep=lambda s: None)
    spirit = SpiritAdapter(http, ForumSettings("http://127.0.0.1:9/", "Grand_Hibou", lambda: "x", "3", NAMED["spirit"]))
    spirit.logged_in = True
    store = Store(tmp_path / "game.sqlite")
    Poller(store, spirit, TOPIC, NameResolver([PlayerName("Lucas")]), lambda: datetime.now(UTC)).poll_topic()
    alerts = open_alerts(store, "accounts:Lucas")
    assert len(alerts) == 1
    message = str(alerts[0]["message"])
    assert "« Lucas » (utilisateur 8) est pris pour le sien" in message and "Luc\u0430s" in message
