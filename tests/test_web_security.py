"""The MJ's page against a hostile client, over real HTTP on 127.0.0.1 (issue 11).

Raw sockets send what a client library would refuse to (bytes that are not ASCII in the request line, a
Content-Length that is not a number, a body that is not UTF-8) and hold connections open without a word.
Every socket read has a generous time-out so that a server that hangs fails the test instead of hanging
it; nothing asserts how long anything took."""

from __future__ import annotations

import re
import select
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import serve

TOKEN = "jeton-de-test-0123456789"
PASSWORD = "mot de passe du MJ"
GUARD = 15.0  # seconds a socket waits for the server before the test fails (a hang, not a measure)


class FakeClock:
    """The page's monotonic clock, moved by hand: login slow-down and session expiry without sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Served:
    server: Any
    base: str  # http://127.0.0.1:PORT/
    port: int
    game: LiveGame
    clock: FakeClock

    @contextmanager
    def session(self) -> Iterator[httpx.Client]:
        """A browser that opened the printed address: it holds a session cookie."""
        with httpx.Client(base_url=self.base) as browser:
            opened = browser.get(f"/?token={TOKEN}")
            assert opened.status_code == 303, opened.text
            yield browser


def _game(tmp_path: Path) -> LiveGame:
    config = parse_config(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n[[players]]\nname = "Lucie"\n'
        '[[players]]\nname = "Marc"\n'
    )
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    game.outbox.draft("Jour 1/evening", "evening", "Le village a brûlé Marc.")
    return game


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    game = _game(tmp_path)
    clock = FakeClock()
    server, address = serve(game, port=0, token=TOKEN, password=PASSWORD, clock=clock)
    port = int(re.search(r":(\d+)/", address)[1])  # type: ignore[index]
    try:
        yield Served(server, f"http://127.0.0.1:{port}/", port, game, clock)
    finally:
        server.shutdown()


def raw(port: int, request: bytes, host: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """Sends bytes as they are and reads the answer until the server closes (each request asks it to)."""
    with socket.create_connection((host, port), timeout=GUARD) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = headers.get(name.strip().lower(), "") + value.strip()
    return status, headers, body


def send_until_answered(port: int, head: bytes, total: int) -> tuple[int, int]:
    """Sends ``head`` then up to ``total`` body bytes, 64 KiB at a time, stopping as soon as the server
    answers or closes. Returns the status and how many body bytes were sent."""
    piece = b"a" * (64 << 10)
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as sock:
        sock.sendall(head)
        try:
            while sent < total and not select.select([sock], [], [], 0)[0]:
                sock.sendall(piece)
                sent += len(piece)
        except OSError:  # the server closed: it will not read the rest
            pass
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
    assert data.startswith(b"HTTP/1.1 "), data[:200]
    return int(data.split()[1]), sent


def request(method: str, path: str, port: int, headers: str = "", body: bytes = b"") -> bytes:
    length = f"Content-Length: {len(body)}\r\n" if body or method == "POST" else ""
    return (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{length}{headers}\r\n"
    ).encode() + body


def cookie_header(browser: httpx.Client) -> str:
    return "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.cookies.items()) + "\r\n"


def csrf_of(browser: httpx.Client) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', browser.get("/").text)
    assert found is not None
    return found[1]


# -- Host (DNS rebinding) ----------------------------------------------------------------------------


def test_a_foreign_host_is_refused_a_local_one_with_its_port_is_not(served: Served) -> None:
    port = served.port
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}", f"localhost.:{port}x"):
        asked = f"GET /?token={TOKEN} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        status, headers, _ = raw(port, asked.encode())
        assert status == 400, host
        assert "set-cookie" not in headers, host
    with served.session() as browser:
        assert browser.get("/api/state", headers={"Host": f"rebound.example:{port}"}).status_code == 400
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", f"[::1]:{port}", "127.0.0.1:9000"):
            # 9000: an SSH tunnel to the page keeps the name and changes the port
            assert browser.get("/api/state", headers={"Host": host}).status_code == 200, host
    status, _, _ = raw(port, b"GET / HTTP/1.0\r\n\r\n")  # no Host at all
    assert status == 400


def test_the_page_listens_on_ipv6_loopback(tmp_path: Path) -> None:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    server, address = serve(_game(tmp_path), host="::1", port=0, token=TOKEN)
    try:
        assert address.startswith("http://[::1]:")
        with httpx.Client() as browser:
            assert browser.get(address).status_code == 303
            assert browser.get(address.split("?")[0] + "api/state").json()["players"][0]["name"] == "Lucie"
    finally:
        server.shutdown()


# -- login: slowed down after failures ---------------------------------------------------------------


def test_failed_logins_are_slowed_down(served: Served) -> None:
    with httpx.Client(base_url=served.base) as browser:
        for _ in range(5):
            assert browser.post("/login", data={"password": "devine"}).status_code == 403
        slowed = browser.post("/login", data={"password": "devine encore"})
        assert slowed.status_code == 429 and int(slowed.headers["retry-after"]) >= 1
        assert "Trop d'essais" in slowed.text
        # While slowed down, even the right password is not tried (else guessing would go on unhindered).
        assert browser.post("/login", data={"password": PASSWORD}).status_code == 429
        served.clock.now += int(slowed.headers["retry-after"])
        again = browser.post("/login", data={"password": "devine"})
        assert again.status_code == 403
        # Each failure past the first five doubles the wait.
        longer = browser.post("/login", data={"password": "devine"})
        assert longer.status_code == 429 and int(longer.headers["retry-after"]) > int(slowed.headers["retry-after"])
        served.clock.now += int(longer.headers["retry-after"])
        assert browser.post("/login", data={"password": PASSWORD}).status_code == 303
        assert browser.get("/api/state").status_code == 200
    with httpx.Client(base_url=served.base) as other:  # a success forgets the failures
        for _ in range(5):
            assert other.post("/login", data={"password": "devine"}).status_code == 403


def test_the_token_link_is_not_slowed_down_by_password_guesses(served: Served) -> None:
    with httpx.Client(base_url=served.base) as browser:
        for _ in range(8):
            browser.post("/login", data={"password": "devine"})
        assert browser.post("/login", data={"password": PASSWORD}).status_code == 429
    with served.session() as mj:  # the MJ still has the printed address
        assert mj.get("/api/state").status_code == 200


# -- bodies: capped, refused before they are read ----------------------------------------------------


def test_a_huge_body_is_refused_before_it_is_read(served: Served) -> None:
    # 1 GB announced: the server answers 413 and closes without waiting for it (16 MiB at most are sent).
    head = b"POST /login HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 1073741824\r\n" % served.port
    head += b"Content-Type: application/x-www-form-urlencoded\r\n\r\npassword="
    status, sent = send_until_answered(served.port, head, 16 << 20)
    assert status == 413 and sent < 16 << 20
    with served.session() as browser:
        edit = (
            f"POST /outbox/edit HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n{cookie_header(browser)}"
            "Content-Length: 3000000\r\n\r\ncsrf=x&key=Jour+1%2Fevening&body="
        )
        status, sent = send_until_answered(served.port, edit.encode(), 3_000_000)
        assert status == 413 and sent < 3_000_000
        assert "Marc" in served.game.outbox.get("Jour 1/evening").body
        # A long draft within the cap is accepted.
        text = "Un long message. " * 20_000  # ~340 kB
        done = browser.post("/outbox/edit", data={"csrf": csrf_of(browser), "key": "Jour 1/evening", "body": text})
        assert done.status_code == 303 and served.game.outbox.get("Jour 1/evening").body.startswith(text.strip())


def test_a_chunked_body_is_capped_too(served: Served) -> None:
    head = b"POST /login HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nTransfer-Encoding: chunked\r\n\r\n" % served.port
    head += b"%x\r\n" % (64 << 20)  # one chunk of 64 MiB announced; 16 MiB at most sent
    status, sent = send_until_answered(served.port, head, 16 << 20)
    assert status == 413 and sent < 16 << 20


# -- a real server: idle connections neither block the MJ nor stay forever ---------------------------


def test_idle_connections_do_not_block_the_mj(served: Served) -> None:
    idle = []
    try:
        for n in range(12):  # more than the server's threads; some say nothing, some half a request
            sock = socket.create_connection(("127.0.0.1", served.port), timeout=GUARD)
            if n % 2:
                sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(sock)
        with served.session() as browser:
            browser.timeout = httpx.Timeout(GUARD)
            assert browser.get("/api/state").json()["players"][1]["name"] == "Marc"
            csrf = csrf_of(browser)
            assert browser.post("/outbox/approve", data={"csrf": csrf, "key": "Jour 1/evening"}).status_code == 303
    finally:
        for sock in idle:
            sock.close()


def test_an_idle_connection_is_closed_after_the_time_out(tmp_path: Path) -> None:
    server, address = serve(_game(tmp_path), port=0, token=TOKEN, idle_timeout=1)
    port = int(re.search(r":(\d+)/", address)[1])  # type: ignore[index]
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
            assert sock.recv(1024) == b""  # closed by the server (a hang raises TimeoutError instead)
    finally:
        server.shutdown()


# -- malformed requests: 400, never 500 --------------------------------------------------------------


def test_malformed_requests_are_answered_400(served: Served) -> None:
    port = served.port
    for path in ("/?token=%C3%A9t%C3%A9", "/?token=%FF", "/?token=\xe9t\xe9"):
        status, _, body = raw(port, request("GET", path, port))
        assert status == 400, path
        assert b"Traceback" not in body
    status, _, _ = raw(port, request("POST", "/login", port, body=b"password=\xff\xfe\xe9"))
    assert status == 400
    status, _, _ = raw(port, b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\npassword=x")
    assert status == 400
    status, _, _ = raw(port, b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n")
    assert status == 400
    with served.session() as browser:
        cookies = cookie_header(browser)
        for body in (b"csrf=%C3%A9&key=Jour+1%2Fevening", "csrf=\xe9&key=x".encode(), b"csrf=\xff&key=x"):
            status, _, answer = raw(port, request("POST", "/outbox/approve", port, cookies, body))
            assert status == 400, body
            assert b"Traceback" not in answer
        csrf = csrf_of(browser)
        status, _, _ = raw(port, request("POST", "/outbox/approve", port, cookies, f"csrf={csrf}".encode()))
        assert status == 400  # the draft's key is missing
        many = "&".join(f"f{n}=1" for n in range(5000)).encode()
        status, _, _ = raw(port, request("POST", "/outbox/approve", port, cookies, many + f"&csrf={csrf}".encode()))
        assert status == 400
        assert served.game.outbox.get("Jour 1/evening").state == "drafted"
        # A cookie of ours that holds garbage is no session (not a crash): the login form, as without one.
        name = next(iter(browser.cookies))
        for garbage in ("\xe9t\xe9", "%FF", '"x"', "a" * 4000):
            status, headers, _ = raw(port, request("GET", "/", port, f"Cookie: {name}={garbage}\r\n"))
            assert status == 303 and headers["location"] == "/login", garbage


# -- the session is not the token --------------------------------------------------------------------


def test_the_token_only_opens_a_session(served: Served) -> None:
    with httpx.Client(base_url=served.base) as browser:
        opened = browser.get(f"/?token={TOKEN}")
        cookie = opened.headers["set-cookie"]
        assert TOKEN not in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert browser.get("/api/state").status_code == 200
        csrf = csrf_of(browser)
        assert TOKEN not in csrf
    with httpx.Client(base_url=served.base) as thief:  # the token itself is no cookie
        name = next(iter(browser.cookies))
        thief.cookies.set(name, TOKEN)
        assert thief.get("/api/state").status_code == 403
    with served.session() as second:  # another session: its own cookie and its own CSRF token
        assert second.cookies[name] != browser.cookies[name]
        assert csrf_of(second) != csrf
        # Another session's CSRF token does not pass.
        refused = second.post("/outbox/approve", data={"csrf": csrf, "key": "Jour 1/evening"})
        assert refused.status_code == 403 and served.game.outbox.get("Jour 1/evening").state == "drafted"
        # Its own passes, from the page's own origin as a browser sends it.
        own = {"csrf": csrf_of(second), "key": "Jour 1/evening"}
        done = second.post("/outbox/approve", data=own, headers={"Origin": f"http://127.0.0.1:{served.port}"})
        assert done.status_code == 303 and served.game.outbox.get("Jour 1/evening").state == "approved"


def test_logging_out_ends_the_session_and_a_new_one_opens_without_the_old(served: Served) -> None:
    with served.session() as browser:
        stolen = dict(browser.cookies)
        csrf = csrf_of(browser)
        assert browser.post("/logout", data={"csrf": "x"}).status_code == 403  # logging out needs CSRF too
        out = browser.post("/logout", data={"csrf": csrf})
        assert out.status_code == 303 and out.headers["location"] == "/login"
        assert "Max-Age=0" in out.headers["set-cookie"]
        assert browser.get("/api/state").status_code == 403
        assert httpx.get(served.base + "api/state", cookies=stolen).status_code == 403  # the old cookie is dead
        # A new session, by the password: the old cookie and the printed token are not needed.
        assert browser.post("/login", data={"password": PASSWORD}).status_code == 303
        assert browser.get("/api/state").status_code == 200
        assert dict(browser.cookies) != stolen


def test_sessions_expire(served: Served) -> None:
    with served.session() as browser:
        assert browser.get("/api/state").status_code == 200
        served.clock.now += 11 * 3600  # the page polls: the session stays alive while it is used
        assert browser.get("/api/state").status_code == 200
        served.clock.now += 11 * 3600
        assert browser.get("/api/state").status_code == 200
        served.clock.now += 12 * 3600 + 1  # twelve hours without a request
        assert browser.get("/api/state").status_code == 403
    start = served.clock.now
    with served.session() as busy:  # and none outlives a week, used or not
        for _ in range(8 * 24):
            served.clock.now += 3600
            if busy.get("/api/state").status_code != 200:
                break
        assert busy.get("/api/state").status_code == 403
        assert 7 * 24 * 3600 <= served.clock.now - start <= 7 * 24 * 3600 + 3600


# -- around them: methods, static files, redirects, CSRF on every form -------------------------------


def test_methods_static_files_and_redirects(served: Served) -> None:
    port = served.port
    with served.session() as browser:
        cookies = cookie_header(browser)
        page = browser.get("/")
        status, headers, body = raw(port, request("HEAD", "/", port, cookies))
        assert status == 200 and body == b"" and headers["content-length"] == str(len(page.content))
        status, headers, _ = raw(port, request("OPTIONS", "/", port, cookies))
        assert status == 405 and "GET" in headers["allow"]
        for method in ("PUT", "DELETE", "TRACE"):
            assert raw(port, request(method, "/api/state", port, cookies))[0] == 405, method
        assert browser.get("/outbox/approve").status_code == 405
        assert browser.post("/api/state", data={"csrf": csrf_of(browser)}).status_code == 405
        assert browser.get("/static/mj.js").headers["content-type"].startswith("text/javascript")
        for path in ("/static/../daemon/web.py", "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/..%2fweb.py",
                     "/static/mj.js/../../daemon/web.py", "/static//etc/passwd", "/static/mj.html.j2"):
            status, _, body = raw(port, request("GET", path, port, cookies))
            assert status == 404 and b"import" not in body and b"[project]" not in body, path
    # The token link redirects to "/" whatever it carries: no header comes from the request.
    for evil in ("%0d%0aSet-Cookie:%20x=1", TOKEN + "%0d%0aLocation:%20http://evil.example/"):
        status, headers, _ = raw(port, request("GET", f"/?token={evil}", port))
        assert status in (400, 403) and "set-cookie" not in headers and "evil" not in headers.get("location", "")
    status, headers, _ = raw(port, request("GET", f"/?token={TOKEN}&next=http://evil.example/", port))
    assert status == 303 and headers["location"] == "/"


@pytest.mark.parametrize(
    "path,data",
    [
        ("/outbox/approve", {"key": "Jour 1/evening"}),
        ("/outbox/edit", {"key": "Jour 1/evening", "body": "Autre"}),
        ("/outbox/discard", {"key": "Jour 1/evening"}),
        ("/outbox/send", {"key": "Jour 1/evening"}),
        ("/answer", {"question": "J1:x", "choice": "Marc"}),
        ("/correct", {"post_id": "1", "target": "Marc"}),
        ("/uncorrect", {"post_id": "1"}),
        ("/logout", {}),
    ],
)
def test_every_state_changing_route_needs_the_sessions_csrf(served: Served, path: str, data: dict[str, str]) -> None:
    with served.session() as browser:
        before = served.game.outbox.get("Jour 1/evening")
        for csrf in ("", "0" * 64):
            refused = browser.post(path, data={**data, "csrf": csrf} if csrf else data)
            assert refused.status_code == 403, (path, csrf)
        # A cross-site form post carries no cookie (SameSite=Strict) and is refused for want of a session;
        # one that had the cookie and the token is refused for its Origin.
        assert httpx.post(served.base + path.lstrip("/"), data=data).status_code == 403
        for origin in ("http://evil.example", f"http://localhost:{served.port}", "https://127.0.0.1.evil.example"):
            foreign = browser.post(path, data={**data, "csrf": csrf_of(browser)}, headers={"Origin": origin})
            assert foreign.status_code == 403 and "autre site" in foreign.text, origin
        after = served.game.outbox.get("Jour 1/evening")
        assert (after.state, after.body) == (before.state, before.body)
        assert served.game.store.corrections("game") == {}
        assert browser.get("/api/state").status_code == 200  # not logged out
