"""phpBB 3 and phpBB 2 adapters over httpx.MockTransport, serving whole pages saved from the boards."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from meneur.daemon.adapters.base import ForumSettings, LoginFailed
from meneur.daemon.adapters.phpbb2 import Phpbb2Adapter
from meneur.daemon.adapters.phpbb3 import Phpbb3Adapter
from meneur.daemon.http import PoliteClient
from meneur.parsers.engines import NAMED

ROOT = Path(__file__).resolve().parent.parent / "fixtures"
P3 = ROOT / "forums" / "phpbb3"
P2 = ROOT / "forums" / "phpbb2"
TOPIC3 = ROOT / "topics" / "phpbb3" / "j1-village"
BASE = "http://127.0.0.1:9/forum/"


def html(path: Path, status: int = 200, **headers: str) -> httpx.Response:
    charset = "iso-8859-1" if "phpbb2" in str(path) else "utf-8"
    return httpx.Response(status, content=path.read_bytes(), headers={"content-type": f"text/html; charset={charset}",
                                                                        **headers})  # fmt: skip


def redirect(location: str, **cookies: str) -> httpx.Response:
    headers = [("location", location)] + [("set-cookie", f"{k}={v}; path=/") for k, v in cookies.items()]
    return httpx.Response(302, headers=headers)


class Board3:
    """A phpBB 3.3 board as far as meneur sees it: routes to the saved pages, a session cookie."""

    def __init__(self, password: str = "loup") -> None:
        self.password = password
        self.log: list[str] = []
        self.posted: list[dict[str, list[str]]] = []
        self.expire_once = False
        self.new_posts_once = True

    def logged_in(self, request: httpx.Request) -> bool:
        return "phpbb3_lgt7x_u=2" in request.headers.get("cookie", "")

    def __call__(self, request: httpx.Request) -> httpx.Response:
        url = urlsplit(str(request.url))
        query = parse_qs(url.query)
        page = url.path.rsplit("/", 1)[-1]
        self.log.append(f"{request.method} {page}?{url.query}")
        form = parse_qs(request.content.decode()) if request.method == "POST" else {}
        if page == "ucp.php" and query.get("mode") == ["login"]:
            if request.method == "GET":
                return html(P3 / "login.html")
            if form.get("password") == [self.password] and form.get("form_token"):
                return redirect(BASE + "index.php?sid=7c3e", phpbb3_lgt7x_u="2", phpbb3_lgt7x_sid="7c3e")
            return html(P3 / "login-failed.html")
        if page == "index.php":
            return html(P3 / "index-logged-in.html")
        if page == "viewtopic.php" and "t" in query:
            start = int(query.get("start", ["0"])[0])
            return html(TOPIC3 / f"page-{start // 10 + 1}.html")
        if page == "viewtopic.php" and "p" in query:
            return html(P3 / "reply-posted.html")
        if not self.logged_in(request) or (self.expire_once and page == "ucp.php"):
            self.expire_once = False
            return html(P3 / "session-expired.html")
        if page == "ucp.php" and query.get("folder") == ["inbox"]:
            return html(P3 / "inbox.html")
        if page == "ucp.php" and query.get("mode") == ["view"]:
            return html(P3 / ("mp-view-1.html" if query["p"] == ["9137"] else "mp-view-2.html"))
        if page == "ucp.php" and query.get("mode") == ["compose"]:
            if request.method == "POST":
                self.posted.append(form)
                return html(P3 / "mp-sent.html")
            return html(P3 / "compose.html")
        if page == "posting.php":
            if request.method == "GET":
                return html(P3 / "reply-form.html")
            self.posted.append(form)
            if self.new_posts_once:
                self.new_posts_once = False
                return html(P3 / "reply-new-posts.html")
            return redirect(BASE + "viewtopic.php?p=48371#p48371")
        return httpx.Response(404)


def adapter3(board: Board3, password: str = "loup") -> tuple[Phpbb3Adapter, list[float]]:
    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(board)), min_interval=0, sleep=lambda s: None)
    settings = ForumSettings(BASE, "Maître Loup", lambda: password, "1547", NAMED["phpbb3"])
    adapter = Phpbb3Adapter(http, settings)
    waits: list[float] = []
    adapter.wait = waits.append  # type: ignore[method-assign]
    return adapter, waits


def test_phpbb3_login_waits_the_one_second_rule_and_keeps_the_session() -> None:
    board = Board3()
    adapter, waits = adapter3(board)
    adapter.login()
    assert adapter.logged_in and waits and waits[0] >= 1.0
    assert board.log[0] == "GET ucp.php?mode=login"
    assert board.log[1].startswith("POST ucp.php?mode=login")  # the form's action carries the guest sid
    assert board.log[2] == "GET index.php?sid=7c3e"


def test_phpbb3_wrong_password_says_so() -> None:
    adapter, _ = adapter3(Board3(), password="faux")
    with pytest.raises(LoginFailed, match="Maître Loup"):
        adapter.login()


def test_phpbb3_inbox_and_messages() -> None:
    board = Board3()
    adapter, _ = adapter3(board)
    entries = adapter.list_inbox()
    assert len(entries) == 7 and entries[0].key == "9139"
    assert sum(e.unread for e in entries) == 3
    by_key = {e.key: e for e in entries}
    [message] = adapter.read_inbox_entry(by_key["9137"])
    assert message.msg_id == "9137" and "Je protège Lucie" in message.content_text
    assert message.author and message.author_id and message.sent_at is not None


def test_phpbb3_expired_session_logs_in_again() -> None:
    board = Board3()
    adapter, _ = adapter3(board)
    adapter.login()
    board.expire_once = True
    assert len(adapter.list_inbox()) == 7
    assert sum(line.startswith("POST ucp.php?mode=login") for line in board.log) == 2


def test_phpbb3_reply_resends_when_new_posts_arrived_and_returns_the_post_id() -> None:
    board = Board3()
    adapter, _ = adapter3(board)
    assert adapter.reply("[b]Décompte des votes[/b]") == "48371"
    first, second = board.posted
    assert first["topic_cur_post_id"] == ["48368"] and second["topic_cur_post_id"] == ["48370"]
    assert second["message"] == ["[b]Décompte des votes[/b]"] and "preview" not in second
    assert board.log.count("GET posting.php?mode=reply&t=1547") == 1


def test_phpbb3_send_mp_fills_the_recipient_and_reads_the_new_id() -> None:
    board = Board3()
    adapter, _ = adapter3(board)
    assert adapter.send_mp("Lucie", "72", "Reçu", "Bien reçu.") == "9140"
    [form] = board.posted
    assert form["address_list[u][72]"] == ["to"] and form["subject"] == ["Reçu"]
    assert "group_list[]" not in form  # an empty multiple select sends nothing


def test_phpbb3_topic_pages_by_start_offset() -> None:
    board = Board3()
    adapter, _ = adapter3(board)
    adapter.logged_in = True
    fetched = adapter.read_topic_page(3)
    assert fetched.page.pagination.current == 3
    assert "GET viewtopic.php?t=1547&start=20" in board.log


class Board2:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.posted: list[bytes] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        url = urlsplit(str(request.url))
        page = url.path.rsplit("/", 1)[-1]
        query = parse_qs(url.query)
        self.log.append(f"{request.method} {page}?{url.query}")
        logged = "phpbb2mysql_sid=a3f9" in request.headers.get("cookie", "")
        if page == "login.php":
            if request.method == "GET":
                return html(P2 / "login.html")
            form = parse_qs(request.content.decode("latin-1"), encoding="latin-1")
            if form.get("password") == ["loup"]:
                return redirect(BASE + "index.php?sid=a3f9", phpbb2mysql_sid="a3f9")
            return html(P2 / "login-failed.html")
        if page == "index.php":
            return html(P2 / "index-logged-in.html")
        if not logged:
            return redirect(BASE + "login.php?redirect=privmsg.php&folder=inbox")
        if page == "privmsg.php" and query.get("mode") == ["read"]:
            return html(P2 / "mp-view.html")
        body = parse_qs(request.content.decode("ascii")) if request.method == "POST" else {}
        if page == "privmsg.php" and (query.get("mode") == ["post"] or body.get("mode") == ["post"]):
            if request.method == "POST":
                self.posted.append(request.content)
                return html(P2 / "mp-sent.html")
            return html(P2 / "compose.html")
        if page == "privmsg.php":
            return html(P2 / "inbox.html")
        if page == "posting.php":
            if request.method == "POST":
                self.posted.append(request.content)
                return html(P2 / "reply-posted.html")
            return html(P2 / "reply-form.html")
        return httpx.Response(404)


def adapter2(board: Board2) -> Phpbb2Adapter:
    http = PoliteClient(httpx.Client(transport=httpx.MockTransport(board)), min_interval=0, sleep=lambda s: None)
    return Phpbb2Adapter(http, ForumSettings(BASE, "Maître Corbeau", lambda: "loup", "482", NAMED["phpbb2"]))


def test_phpbb2_logs_in_when_redirected_to_login_and_reads_the_inbox() -> None:
    board = Board2()
    adapter = adapter2(board)
    entries = adapter.list_inbox()
    assert [e.key for e in entries][:3] == ["2291", "2290", "2287"]
    assert all(e.author for e in entries)
    [message] = adapter.read_inbox_entry(entries[0])
    assert message.content_text and message.author
    assert "_________________" not in message.content_text or message.content_text


def test_phpbb2_reply_is_sent_in_the_board_encoding_and_returns_the_post_id() -> None:
    board = Board2()
    adapter = adapter2(board)
    assert adapter.reply("Décompte des votes : Gaspard 2") == "10305"
    body = board.posted[-1]
    assert b"D%E9compte" in body and b"sid=" in body  # ISO-8859-1, with the session's sid field


def test_phpbb2_sends_an_mp_by_username() -> None:
    board = Board2()
    adapter = adapter2(board)
    adapter.send_mp("Gribouille", None, "Reçu", "Bien reçu, Gribouille.")
    fields = parse_qs(board.posted[-1].decode("ascii"), encoding="latin-1")
    assert fields["username"] == ["Gribouille"] and fields["subject"] == ["Reçu"]


class CaptchaBoard(Board3):
    """After failed logins phpBB 3.3 adds its visual confirmation to the login form."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        response = super().__call__(request)
        if "mode=login" in str(request.url):
            page = response.content.decode("utf-8").replace(
                '<dd><label for="autologin">',
                '<dd><input type="text" name="confirm_code" id="confirm_code" size="8" maxlength="8" '
                'class="inputbox narrow" /><input type="hidden" name="confirm_id" value="4f1c" /></dd>'
                '<dd><label for="autologin">',
                1,
            )
            return httpx.Response(response.status_code, content=page.encode(), headers=response.headers)
        return response


def test_phpbb3_captcha_stops_the_login_with_what_to_do() -> None:
    board = CaptchaBoard()
    adapter, _ = adapter3(board)
    with pytest.raises(LoginFailed, match=r"captcha.*connectez-vous une fois à la main"):
        adapter.login()
    assert not any(line.startswith("POST") for line in board.log)  # no guess sent
