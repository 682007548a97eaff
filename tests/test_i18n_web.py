"""The MJ's page in the MJ's language: French by default — the count's warnings, the drafts' states and
kinds, the alerts' kinds, the buttons — and English with `[web] lang = "en"`; player text stays escaped."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meneur.daemon import i18n
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import ConfigError, parse_config
from meneur.daemon.counting import read_pages
from meneur.daemon.game import TOPIC, LiveGame
from meneur.daemon.poller import add_alert
from meneur.daemon.store import Store
from meneur.daemon.web import serve

PLACE = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "spirit" / "j1-place"
EVIL = "<b>Zoé'</b>"


def game_on_the_place(tmp_path: Path, web: str = "") -> LiveGame:
    """j1-place's saved pages in a live game's store, a draft and two alerts."""
    case = (PLACE / "case.toml").read_text(encoding="utf-8")
    text = case.replace("[forum]\n", '[forum]\nurl = "http://127.0.0.1:9/"\n', 1).replace(
        "[game]\n", f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n', 1
    )
    config = parse_config(text + '\n[account]\nusername = "MJ"\n' + web)
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    store = Store(config.live.database)
    now = datetime.now(UTC)
    for page_file in read_pages(sorted(PLACE.glob("page-*.html")), config):
        store.record_page(TOPIC, page_file.page, page_file.raw, now)
    game = LiveGame(config, store, adapter, lambda: datetime.now(UTC))
    game.outbox.draft("Jour 1/mp/x", "role_card", "Tu es Villageois.", recipient=EVIL)
    add_alert(store, "deep-post:2", "topic page 2 holds a post nested too deep", now)
    add_alert(store, "login", "the forum refused the MJ's login", now)
    return game


def fetch(game: LiveGame) -> tuple[str, dict[str, object]]:
    server, address = serve(game, port=0, token="langue-token")
    try:
        with httpx.Client(follow_redirects=True) as browser:
            html = browser.get(address).text
            state = browser.get(address.split("?")[0] + "api/state").json()
    finally:
        server.shutdown()
    return html, state


def test_the_page_is_french_by_default(tmp_path: Path) -> None:
    html, state = fetch(game_on_the_place(tmp_path))
    assert '<html lang="fr">' in html
    warnings = state["count"]["warnings"]  # type: ignore[index]
    assert warnings and all(" : " in w["message"] for w in warnings)
    bold = next(w for w in warnings if w["kind"] == "vote_not_bold")
    assert "sans gras : vote non compté." in bold["message"]
    assert bold["message"].replace("'", "&#39;").replace('"', "&#34;") in html  # the page shows the same text
    assert '<span class="badge drafted">brouillon</span> carte de rôle' in html
    assert "→ MP à &lt;b&gt;Zoé&#39;&lt;/b&gt;" in html  # the player's name escaped inside the French
    assert "message trop imbriqué : 2 — topic page 2" in html
    assert "connexion refusée — " in html
    assert ">Approuver</button>" in html and ">Envoyer maintenant</button>" in html
    assert "Avertissements" in html and '"locale": "fr-FR"' in html


def test_web_lang_en_gives_the_english_page(tmp_path: Path) -> None:
    html, state = fetch(game_on_the_place(tmp_path, '[web]\nlang = "en"\n'))
    assert '<html lang="en">' in html
    bold = next(w for w in state["count"]["warnings"] if w["kind"] == "vote_not_bold")  # type: ignore[index]
    assert "without bold: not counted." in bold["message"]
    assert '<span class="badge drafted">drafted</span> role card' in html
    assert "→ MP to &lt;b&gt;Zoé&#39;&lt;/b&gt;" in html
    assert "post nested too deep: 2 — " in html and "login refused — " in html
    assert ">Approve</button>" in html and ">Send now</button>" in html and "Warnings" in html
    assert "Avertissements" not in html and "brouillon" not in html
    assert i18n.language() == "en"  # the daemon speaks the page's language (tests/conftest.py resets it)


def test_an_unknown_web_lang_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"web\.lang"):
        game_on_the_place(tmp_path, '[web]\nlang = "de"\n')
