"""The MJ's page over HTTP: the token, CSRF, escaping of what players wrote, approving a draft."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.adapters.base import ForumError
from meneur.daemon.config import parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.outbox import Outbox
from meneur.daemon.store import Store
from meneur.daemon.web import serve

EVIL = "<script>alert(1)</script>"


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[str, LiveGame]]:
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n'
        f'[[players]]\nname = "{EVIL}"\n[[players]]\nname = "Lucie"\n'
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    game.outbox.draft("Jour 1/evening", "evening", f"Le village brûle [b]{EVIL}[/b] <img src=x onerror=alert(2)>")
    server, address = serve(game, port=0, token="s3cret-token")
    yield address, game
    server.shutdown()


def test_without_the_token_nothing_is_shown(page: tuple[str, LiveGame]) -> None:
    address, _ = page
    base = address.split("?")[0]
    assert httpx.get(base).status_code == 403
    assert httpx.get(base + "?token=wrong").status_code == 403
    assert httpx.get(base + "api/state").status_code == 403


def test_player_text_shows_as_text_and_a_draft_is_approved(page: tuple[str, LiveGame]) -> None:
    address, game = page
    with httpx.Client(follow_redirects=True) as browser:
        home = browser.get(address)
        assert home.status_code == 200
        assert EVIL not in home.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in home.text
        assert "<img src=x" not in home.text
        assert home.headers["content-security-policy"].startswith("default-src 'self'")
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', home.text)
        assert csrf is not None
        refused = browser.post(address.split("?")[0] + "outbox/approve", data={"key": "Jour 1/evening", "csrf": "x"})
        assert refused.status_code == 403 and game.outbox.get("Jour 1/evening").state == "drafted"
        done = browser.post(
            address.split("?")[0] + "outbox/approve", data={"key": "Jour 1/evening", "csrf": csrf.group(1)}
        )
        assert done.status_code == 200 and game.outbox.get("Jour 1/evening").state == "approved"
        state = browser.get(address.split("?")[0] + "api/state").json()
        assert [d["state"] for d in state["drafts"]] == ["approved"]
        # The page carries the version it was drawn from: the same while nothing changes, another after.
        drawn = re.search(r'data-version="([0-9a-f]+)"', browser.get(address.split("?")[0]).text)
        assert drawn is not None and browser.get(address.split("?")[0] + "api/state").json()["version"] == drawn[1]
        daemon = Outbox(Store(game.config.live.database), lambda: datetime.now(UTC))  # meneur run's own connection
        daemon.edit("Jour 1/evening", "Autre texte")
        assert browser.get(address.split("?")[0] + "api/state").json()["version"] != drawn[1]
        assert [p["name"] for p in state["players"]] == [EVIL, "Lucie"]


def test_a_configured_password_lets_the_mj_in(tmp_path: Path) -> None:
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n[[players]]\nname = "Lucie"\n'
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    server, address = serve(game, port=0, password="mot de passe du MJ")
    base = address.split("?")[0]
    try:
        with httpx.Client() as browser:
            assert browser.get(base).headers["location"] == "/login"
            assert browser.get(base + "api/state").status_code == 403
            wrong = browser.post(base + "login", data={"password": "devine"})
            assert wrong.status_code == 403 and "Mot de passe incorrect" in wrong.text
            assert not browser.cookies  # no session for a wrong password
            right = browser.post(base + "login", data={"password": "mot de passe du MJ"})
            assert right.status_code == 303 and "HttpOnly" in right.headers["set-cookie"]
            assert browser.get(base + "api/state").json()["players"][0]["name"] == "Lucie"
    finally:
        server.shutdown()


def test_edit_send_now_and_a_failure_with_its_reason(tmp_path: Path) -> None:
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n[[players]]\nname = "Lucie"\n'
    )
    # A forum that answers every request with a page but never accepts a post (no redirect).
    refusing = httpx.MockTransport(lambda r: httpx.Response(200, text="<html><body>Erreur</body></html>"))
    adapter = make_adapter(config, httpx.Client(transport=refusing, cookies={"csrftoken": "x"}))
    adapter.logged_in = True
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    game.outbox.draft("J1/evening", "evening", "Le village a brûlé Lucie.")
    woken: list[bool] = []
    server, address = serve(game, port=0, token="t0ken-for-tests", wake=lambda: woken.append(True))
    base = address.split("?")[0]
    try:
        with httpx.Client(follow_redirects=True) as browser:
            home = browser.get(address).text
            csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', home)
            assert csrf is not None
            browser.post(base + "outbox/edit", data={"csrf": csrf.group(1), "key": "J1/evening", "body": "Texte revu."})
            draft = game.outbox.get("J1/evening")
            assert draft.body.startswith("Texte revu.") and draft.reference in draft.body and draft.state == "drafted"
            browser.post(base + "outbox/send", data={"csrf": csrf.group(1), "key": "J1/evening"})
            assert game.outbox.get("J1/evening").state == "approved" and woken == [True]
            # The daemon's send is refused: the page shows the state and the forum's reason.
            daemon = Outbox(Store(config.live.database), lambda: datetime.now(UTC), adapter.markup)  # the daemon's
            with pytest.raises(ForumError):
                daemon.send("J1/evening", adapter)
            state = browser.get(base + "api/state").json()["drafts"][0]
            assert state["state"] == "failed" and "did not accept" in state["error"]
            page = browser.get(base).text
            assert "échec : spirit did not accept" in page and 'class="badge failed"' in page
            refused = browser.post(base + "outbox/edit", data={"csrf": csrf.group(1), "key": "nope", "body": "x"})
            assert refused.status_code == 400 and "aucun brouillon de clé 'nope'" in refused.text
    finally:
        server.shutdown()


def test_the_groups_of_a_rule_set_that_has_them(tmp_path: Path) -> None:
    names = [f"J{n}" for n in range(1, 10)]
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\nruleset = "trinite-meuporg"\nseed = 4\n'
        '[[deadlines]]\nlabel = "Jour 0"\nat = "2030-01-01T20:00:00+00:00"\nphase = "J0"\n'
        + "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    server, address = serve(game, port=0, token="groupes-token")
    try:
        with httpx.Client(follow_redirects=True) as browser:
            page = browser.get(address).text
            groups = browser.get(address.split("?")[0] + "api/state").json()["groups"]
    finally:
        server.shutdown()
    assert list(groups) == ["Groupe 1", "Groupe 2", "Groupe 3"]
    assert sorted(n for members in groups.values() for n in members) == sorted(names)
    assert all(len(members) == 3 for members in groups.values())
    assert "<h3>Groupes</h3>" in page and "Groupe 2" in page


def test_the_page_draws_again_only_when_the_database_changed(page: tuple[str, LiveGame]) -> None:
    address, game = page
    base = address.split("?")[0]
    counted: list[int] = []
    recount = game.live_count
    game.live_count = lambda *a, **k: counted.append(1) or recount(*a, **k)  # type: ignore[method-assign]
    with httpx.Client(follow_redirects=True) as browser:
        browser.get(address)
        for _ in range(3):
            assert browser.get(base + "api/state").status_code == 200
        assert len(counted) == 1  # polls every few seconds do not recount an unchanged topic
        Outbox(Store(game.config.live.database), lambda: datetime.now(UTC)).edit("Jour 1/evening", "Revu")
        assert "Revu" in browser.get(base + "api/state").json()["drafts"][0]["body"]
        assert len(counted) == 2
