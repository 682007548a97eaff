"""The generic adapter for a home-made forum, described by the MJ's configuration, over
httpx.MockTransport serving whole pages of that forum."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.adapters.base import LoginFailed
from meneur.daemon.config import ConfigError, parse_config

ROOT = Path(__file__).resolve().parent.parent / "fixtures"
PAGES = ROOT / "forums" / "generic"
TOPIC = ROOT / "topics" / "generic" / "j2-hameau"

SITE = r"""
[forum.pages]
login = "connexion.php"
topic = "sujet.php?id={topic}&page={page}"
reply = "repondre.php?sujet={topic}"
inbox = "messagerie.php?dossier=reception"
sent = "messagerie.php?dossier=envoyes"
compose = "messagerie.php?nouveau=1"
[forum.fields]
username = "pseudo"
password = "motdepasse"
message = "message"
subject = "titre"
recipient = "destinataire"
[forum.markers]
logged_in = "Se Déconnecter"
posted = "Votre message a été posté."
sent = "Votre message a bien été envoyé"
[forum.inbox]
row = "table.liste-mp tr.mp"
link = { select = "td.sujet a", attr = "href" }
id = { select = "td.sujet a", attr = "href", regex = "lire=(\\d+)" }
author = { select = "td.correspondant a" }
[forum.message]
author = { select = "table.lecture-mp div.de a.auteur" }
date = { select = "table.lecture-mp div.date-mp", regex = "Envoyé le (\\d{1,2}(?:er)? \\w+ \\d{4} à \\d{1,2}h\\d{2})" }
content = { select = "table.lecture-mp div.texte" }
"""


def config_text() -> str:
    case = (TOPIC / "case.toml").read_text(encoding="utf-8")
    case = case.replace('[forum]\nengine = "generic"', '[forum]\nengine = "generic"\nurl = "http://127.0.0.1:9/"')
    head, _, rest = case.partition("[forum.selectors]")
    rest = rest.replace("[game]\n", '[game]\ntopic = "77"\n', 1)
    live = '\n[account]\nusername = "Corbac"\n[poll]\nmin_request_interval = 0.01\n'
    return head + SITE + live + "[forum.selectors]" + rest


class Tanière:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.forms: list[dict[str, list[str]]] = []
        self.expire_once = False

    def __call__(self, request: httpx.Request) -> httpx.Response:
        url = urlsplit(str(request.url))
        page, query = url.path.rsplit("/", 1)[-1], parse_qs(url.query)
        self.log.append(f"{request.method} {page}?{url.query}")
        form = parse_qs(request.content.decode()) if request.method == "POST" else {}
        logged = "PHPSESSID=c0rb4c" in request.headers.get("cookie", "")

        def serve(path: Path) -> httpx.Response:
            return httpx.Response(200, content=path.read_bytes(), headers={"content-type": "text/html; charset=utf-8"})

        if page == "connexion.php":
            if request.method == "GET":
                return serve(PAGES / "login.html")
            self.forms.append(form)
            if form.get("motdepasse") == ["loup"]:
                return httpx.Response(302, headers={"location": "index.php", "set-cookie": "PHPSESSID=c0rb4c; path=/"})
            return serve(PAGES / "login-failed.html")
        if page == "index.php":
            return serve(PAGES / "index-logged-in.html")
        if page == "sujet.php":
            return serve(TOPIC / f"page-{query['page'][0]}.html")
        if not logged or (self.expire_once and page == "messagerie.php"):
            self.expire_once = False
            return serve(PAGES / "session-expired.html")
        if page == "messagerie.php":
            if "lire" in query:
                return serve(PAGES / ("mp-1.html" if query["lire"] == ["1191"] else "mp-2.html"))
            if "envoyer" in query:
                self.forms.append(form)
                return serve(PAGES / "mp-sent.html")
            if "nouveau" in query:
                return serve(PAGES / "compose.html")
            return serve(PAGES / ("sent.html" if query.get("dossier") == ["envoyes"] else "inbox.html"))
        if page == "repondre.php":
            if request.method == "POST":
                self.forms.append(form)
                return serve(PAGES / "reply-posted.html")
            return serve(PAGES / "reply-form.html")
        return httpx.Response(404)


def generic(board: Tanière, password: str = "loup"):  # type: ignore[no-untyped-def]
    config = parse_config(config_text())
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(board)))
    adapter.settings = type(adapter.settings)(**{**adapter.settings.__dict__, "password": lambda: password})
    return adapter


def test_login_with_the_configured_fields() -> None:
    board = Tanière()
    adapter = generic(board)
    adapter.login()
    assert board.forms[0]["pseudo"] == ["Corbac"] and board.forms[0]["jeton"]
    assert "apercu" not in board.forms[0]


def test_wrong_password() -> None:
    with pytest.raises(LoginFailed):
        generic(Tanière(), password="faux").login()


def test_inbox_messages_and_an_expired_session() -> None:
    board = Tanière()
    adapter = generic(board)
    adapter.login()
    board.expire_once = True
    entries = adapter.list_inbox()
    assert len(entries) == 5 and {"1191", "1193"} <= {e.key for e in entries}
    [message] = adapter.read_inbox_entry(next(e for e in entries if e.key == "1191"))
    assert message.author == "Gwendal" and "Je protège Maëlle" in message.content_text
    assert message.sent_at is not None and message.sent_at.hour == 21  # 22h10 in Paris
    assert sum(line.startswith("POST connexion.php") for line in board.log) == 2


def test_reply_and_mp() -> None:
    board = Tanière()
    adapter = generic(board)
    assert adapter.reply("[b]Décompte des votes[/b]") == "4610"
    assert board.forms[-1]["message"] == ["[b]Décompte des votes[/b]"]
    adapter.send_mp("Maëlle", None, "Reçu", "Bien reçu.")
    assert board.forms[-1]["destinataire"] == ["Maëlle"] and board.forms[-1]["titre"] == ["Reçu"]


def test_topic_pages_are_read_with_the_configured_layout() -> None:
    adapter = generic(Tanière())
    fetched = adapter.read_topic_page(2)
    assert fetched.page.pagination.current == 2 and fetched.page.posts


def test_a_generic_forum_without_a_topic_address_is_refused() -> None:
    text = config_text().replace('topic = "sujet.php?id={topic}&page={page}"\n', "")
    with pytest.raises(ConfigError, match=r"forum\.pages\.topic"):
        parse_config(text)
