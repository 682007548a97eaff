"""A misbehaving network between meneur and the test forum, on 127.0.0.1 only.

The proxy forwards each HTTP request to the real forum, or does one of the things real networks and
overloaded forums do instead, as a seeded plan decides:

- ``delay``: wait, then forward;
- ``drop_before``: close the connection before the forum sees the request;
- ``drop_after``: forward (the forum acts: a post is saved), then close without an answer;
- ``error_before``: answer 500 without forwarding; ``error_after``: forward, then answer 500;
- ``truncate``: forward, then send the status line and headers and only part of the body, with no
  Content-Length, and close — to the client, a whole-looking 200 page cut short;
- ``short``: the same with the real Content-Length kept (the client sees the connection end early);
- ``hang``: hold the connection, answer nothing, close after ``hang_for`` seconds;
- ``login_page``: a GET answered 200 with the forum's login page instead of what was asked.

Every request and what was done to it is kept in ``log`` (method, path, fault), so a test can count the
faults it injected and report them. The proxy speaks HTTP/1.1 with ``Connection: close`` to its client
(one request per connection), which is all meneur's client needs.
"""

from __future__ import annotations

import contextlib
import http.client
import random
import socket
import socketserver
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

FAULTS = (
    "delay",
    "drop_before",
    "drop_after",
    "error_before",
    "error_after",
    "truncate",
    "short",
    "hang",
    "login_page",
)
# Faults that may only hit a GET: a POST answered by the login page would look like a refused form, and
# the forum would not have acted; keep the POST faults to the ones that say something about exactly-once.
GET_ONLY = {"login_page", "truncate", "short"}


@dataclass
class Seen:
    method: str
    path: str
    fault: str  # "pass" when forwarded untouched


@dataclass
class Plan:
    """Which fault each request gets: ``rate`` of them, drawn from ``faults`` with a seeded generator."""

    seed: int
    rate: float = 0.3
    faults: Sequence[str] = FAULTS
    enabled: bool = True
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, method: str, path: str) -> str:
        if not self.enabled or self.rng.random() >= self.rate:
            return "pass"
        allowed = [f for f in self.faults if method == "GET" or f not in GET_ONLY]
        return self.rng.choice(allowed) if allowed else "pass"


class _Handler(socketserver.BaseRequestHandler):
    server: _Server

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(30)
        try:
            head, body = _read_request(sock)
        except (OSError, ValueError):
            return
        if head is None:
            return
        request_line, headers = head
        method, path, _ = request_line.split(" ", 2)
        proxy = self.server.proxy
        with proxy.lock:
            fault = proxy.choose(method, path)
            proxy.log.append(Seen(method, path, fault))
        if fault == "drop_before":
            return
        if fault == "hang":
            time.sleep(proxy.hang_for)
            return
        if fault == "error_before":
            _send(sock, 500, [("Content-Type", "text/html")], b"<h1>Erreur serveur</h1>")
            return
        if fault == "login_page":
            status, out_headers, payload = proxy.forward("GET", proxy.login_path, [], b"")
            _send(sock, 200, [(k, v) for k, v in out_headers if k.lower() == "content-type"], payload)
            return
        if fault == "delay":
            time.sleep(proxy.rng_delay())
        try:
            status, out_headers, payload = proxy.forward(method, path, headers, body)
        except OSError:
            return  # the forum itself is gone: the client sees a dropped connection
        if fault == "drop_after":
            return
        if fault == "error_after":
            _send(sock, 500, [("Content-Type", "text/html")], b"<h1>Erreur serveur</h1>")
            return
        if fault in ("truncate", "short") and len(payload) > 1:
            cut = payload[: proxy.cut_point(len(payload))]
            kept = [(k, v) for k, v in out_headers if k.lower() not in ("content-length", "connection")]
            if fault == "short":
                kept.append(("Content-Length", str(len(payload))))
            _send(sock, status, kept, cut, length=False)
            return
        _send(sock, status, out_headers, payload)


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    proxy: FaultProxy


class FaultProxy:
    """``with FaultProxy(forum_port, Plan(seed)) as proxy:`` then point meneur at ``proxy.base_url``."""

    def __init__(
        self,
        upstream_port: int,
        plan: Plan,
        hang_for: float = 3.0,
        max_delay: float = 1.0,
        login_path: str = "/user/login/",
    ) -> None:
        self.upstream_port = upstream_port
        self.plan = plan
        self.hang_for = hang_for
        self.max_delay = max_delay
        self.login_path = login_path
        self.lock = threading.Lock()
        self.log: list[Seen] = []
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.proxy = self
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="faultproxy", daemon=True)
        self.choose: Callable[[str, str], str] = plan.choose

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def rng_delay(self) -> float:
        with self.lock:
            return self.plan.rng.uniform(0.05, self.max_delay)

    def cut_point(self, size: int) -> int:
        with self.lock:
            return self.plan.rng.randrange(1, size)

    def faults(self) -> list[Seen]:
        with self.lock:
            return [s for s in self.log if s.fault != "pass"]

    def forward(
        self, method: str, path: str, headers: list[tuple[str, str]], body: bytes
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.upstream_port, timeout=60)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in headers:
                if name.lower() in ("connection", "keep-alive", "proxy-connection", "accept-encoding"):
                    continue
                conn.putheader(name, value)
            conn.putheader("Connection", "close")
            conn.endheaders(body or None)
            response = conn.getresponse()
            payload = response.read()
            kept = [
                (k, v)
                for k, v in response.getheaders()
                if k.lower() not in ("connection", "keep-alive", "transfer-encoding", "content-length")
            ]
            return response.status, kept, payload
        finally:
            conn.close()

    def start(self) -> FaultProxy:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FaultProxy:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _read_request(sock: socket.socket) -> tuple[tuple[str, list[tuple[str, str]]] | None, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None, b""
        data += chunk
        if len(data) > 1 << 20:
            raise ValueError("request head too large")
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = [(k.strip(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:]) if k]
    length = next((int(v) for k, v in headers if k.lower() == "content-length"), 0)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return (lines[0], headers), rest[:length]


def _send(sock: socket.socket, status: int, headers: list[tuple[str, str]], body: bytes, length: bool = True) -> None:
    reason = http.client.responses.get(status, "Unknown")
    lines = [f"HTTP/1.1 {status} {reason}"]
    dropped = ("content-length", "connection") if length else ("connection",)
    lines += [f"{k}: {v}" for k, v in headers if k.lower() not in dropped]
    if length:
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    with contextlib.suppress(OSError):
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
