"""The MJ's page: a small web application served by the daemon itself, on 127.0.0.1 by default.

Access needs the token printed at start, or the password configured in ``[web] password_env``; either only
opens a session: the cookie holds a random session id (HttpOnly, SameSite=Strict), never the token, and
logging out or letting it expire ends it. Every form carries the session's CSRF token. Failed logins are
slowed down, requests naming another host are refused (DNS rebinding), bodies are capped, and what is
malformed gets a 400. Pages are Jinja2 with autoescape on, and the page's script writes player text with
``textContent`` only: what players wrote shows as text. The page refreshes itself from /api/state (no build
step, no Node). Sending is the daemon's job: "send now" approves a draft and wakes the scheduler.

It is served by waitress (threads, idle time-outs, a body limit checked before the body is read), in a
background thread of ``meneur run``.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import math
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jinja2
import waitress  # type: ignore[import-untyped]
from markupsafe import Markup
from waitress import wasyncore

from ..engine.messages import N_
from ..parsers.bbcode import render_bbcode
from . import labels
from .game import GameError, LiveGame
from .i18n import _, language, set_language
from .outbox import OutboxError
from .web_state import draw

StartResponse = Callable[[str, list[tuple[str, str]]], Any]
Response = tuple[str, list[tuple[str, str]], bytes]

MAX_BODY = 1 << 20  # bytes: a form (a draft's text is a few kB); waitress refuses more before reading it
MAX_FIELDS = 50  # fields in one form or query string
SESSION_IDLE = 12 * 3600  # seconds without a request before a session ends (the open page polls every 3 s)
SESSION_LIFETIME = 7 * 24 * 3600  # seconds a session lasts at most, used or not
MAX_SESSIONS = 32  # the oldest goes when another opens
FREE_LOGINS = 5  # failed passwords before each further one waits
LOGIN_MAX_WAIT = 300  # seconds: the wait doubles after each further failure, up to this
IDLE_TIMEOUT = 60  # seconds an idle or half-sent connection stays open
THREADS = 4  # requests handled at once; idle connections hold none
_SECURITY_HEADERS = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),  # nothing to the forum's links; "no-referrer" would make Origin "null"
    (
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
    ),
]
_VIEWS = ("/", "/static/mj.js", "/api/state")
_FORMS = (
    "/outbox/approve", "/outbox/edit", "/outbox/discard", "/outbox/send", "/answer", "/correct", "/uncorrect",
    "/logout",
)  # fmt: skip
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^:\[\]]+)(?::([0-9]{1,5}))?")
_CREDENTIAL = re.compile(r"[\x21-\x7e]*")  # tokens and CSRF values are printable ASCII


class BadRequest(Exception):
    """What the client sent cannot be read: a 400 with the reason, in the MJ's language."""

    status = "400 Bad Request"


class TooLarge(BadRequest):
    status = "413 Content Too Large"


@dataclass
class _Session:
    opened: float
    seen: float


@dataclass
class MJPage:
    """The WSGI application. ``game`` is a LiveGame on its own database connection. ``clock`` is monotonic
    seconds (sessions, login slow-down); ``host`` is where the page listens (a name there is accepted in
    the Host header besides localhost and IP addresses); ``port`` names the cookie, so that two games'
    pages on one machine keep apart sessions."""

    game: LiveGame
    token: str
    password: str | None = None
    wake: Callable[[], None] | None = None  # asks the daemon to send the approved drafts now
    clock: Callable[[], float] = time.monotonic
    host: str = "127.0.0.1"
    port: int | None = None
    sessions: dict[str, _Session] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.env = jinja2.Environment(
            loader=jinja2.PackageLoader("meneur", "templates/web"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self.env.filters["preview"] = preview
        self.env.filters["label"] = label
        self.env.filters["alert_kind"] = alert_kind
        self.env.globals["_"] = page_text
        self.script = self.env.loader.get_source(self.env, "mj.js")[0] if self.env.loader else ""
        self.secret = secrets.token_bytes(32)  # CSRF tokens: one per session, derived from its id
        self.lock = threading.Lock()
        self.door = threading.Lock()  # sessions and failed logins
        self._failures = 0
        self._wait_until = 0.0
        self._drawn: tuple[int, dict[str, Any]] | None = None  # (data_version, state)

    @property
    def cookie(self) -> str:
        return f"meneur_session_{self.port}" if self.port else "meneur_session"

    # -- WSGI ---------------------------------------------------------------------------------
    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ["REQUEST_METHOD"]
        try:
            status, headers, body = self._respond(environ, method)
        except BadRequest as exc:
            status, headers, body = self._text(exc.status, _("Request refused: {reason}").format(reason=exc))
        start_response(status, headers)
        return [b"" if method == "HEAD" else body]  # HEAD: the headers of GET, Content-Length included

    def _respond(self, environ: dict[str, Any], method: str) -> Response:
        if not self.host_allowed(environ.get("HTTP_HOST", "")):
            raise BadRequest(_("the Host header does not name this machine"))
        if method not in ("GET", "HEAD", "POST"):
            return self._text("405 Method Not Allowed", _("Method not allowed"), [("Allow", "GET, HEAD, POST")])
        origin = environ.get("HTTP_ORIGIN", "null")  # "null": none given, or hidden by a privacy setting
        if method == "POST" and origin != "null" and urlsplit(origin).netloc.lower() != environ["HTTP_HOST"].lower():
            # a form of another site, whatever cookie and token it carries (defence in depth: SameSite and CSRF)
            return self._text("403 Forbidden", _("A form from another site: refused."))
        path = environ.get("PATH_INFO", "/")
        query = _parse(environ.get("QUERY_STRING", ""), _("the address"))
        given = _credential(query.get("token", ""), _("the token"))
        if given and hmac.compare_digest(given, self.token):
            return self._open_session()
        if self.password is not None and path == "/login":
            return self._login(environ, method)
        sid = self._session(environ)
        if sid is None:
            if self.password is not None and method in ("GET", "HEAD") and path == "/":
                return self._redirect("/login")
            return self._text(
                "403 Forbidden",
                _(
                    "Access refused: open the address meneur showed when it started (it holds the token), "
                    "or enter the password on /login."
                )
                if self.password is not None
                else _("Access refused: open the address meneur showed when it started (it holds the token)."),
            )
        post = method == "POST"
        if path not in (_FORMS if post else _VIEWS):
            if path in (_VIEWS if post else _FORMS):
                allowed = "GET, HEAD" if post else "POST"
                return self._text("405 Method Not Allowed", _("Method not allowed"), [("Allow", allowed)])
            return self._text("404 Not Found", _("Page not found"))
        try:
            if post:
                return self._post(environ, path, sid)
            if path == "/":
                return self._send("200 OK", "text/html; charset=utf-8", self.page(sid))
            if path == "/static/mj.js":
                return self._send("200 OK", "text/javascript; charset=utf-8", self.script)
            state = self.state()
            return self._send("200 OK", "application/json", json.dumps({**state, "version": version(state)}))
        except KeyError as exc:
            raise BadRequest(_("{field} is missing").format(field=exc)) from exc
        except (GameError, OutboxError) as exc:
            raise BadRequest(str(exc)) from exc

    def host_allowed(self, host: str) -> bool:
        """The Host header names this machine (any port: an SSH tunnel changes it): localhost, an IP
        address, or the name the page listens on. A page of another site whose name was made to point
        here (DNS rebinding) sends its own name, and is refused."""
        found = _HOST.fullmatch(host)
        if found is None:
            return False
        name = found[1].lower()
        if found[2] is not None and not 0 < int(found[2]) < 65536:
            return False
        if name.startswith("["):
            name = name[1:-1]
            return _is_ip(name) and ":" in name
        return name in ("localhost", self.host.lower()) or (_is_ip(name) and ":" not in name)

    # -- sessions -----------------------------------------------------------------------------
    def _session(self, environ: dict[str, Any]) -> str | None:
        """The session id the request's cookie holds, if that session is open (and then it is seen now)."""
        try:
            cookies = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        except CookieError:
            return None
        sid = cookies[self.cookie].value if self.cookie in cookies else ""
        now = self.clock()
        with self.door:
            session = self.sessions.get(sid)
            if session is None:
                return None
            if now - session.seen > SESSION_IDLE or now - session.opened > SESSION_LIFETIME:
                del self.sessions[sid]
                return None
            session.seen = now
            return sid

    def _open_session(self) -> Response:
        now = self.clock()
        sid = secrets.token_urlsafe(32)
        with self.door:
            for old, session in list(self.sessions.items()):
                if now - session.seen > SESSION_IDLE or now - session.opened > SESSION_LIFETIME:
                    del self.sessions[old]
            while len(self.sessions) >= MAX_SESSIONS:
                del self.sessions[min(self.sessions, key=lambda k: self.sessions[k].seen)]
            self.sessions[sid] = _Session(now, now)
        return self._redirect("/", f"{self.cookie}={sid}; HttpOnly; SameSite=Strict; Path=/")

    def csrf(self, sid: str) -> str:
        return hmac.new(self.secret, sid.encode(), hashlib.sha256).hexdigest()

    def _login(self, environ: dict[str, Any], method: str) -> Response:
        wrong, wait = False, 0
        if method == "POST":
            form = self._form(environ)
            now = self.clock()
            with self.door:
                wait = math.ceil(self._wait_until - now)
                if wait <= 0:  # while slowed down, no password is tried, not even the right one
                    assert self.password is not None
                    given = form.get("password", "").encode("utf-8")
                    if hmac.compare_digest(given, self.password.encode("utf-8")):
                        self._failures, self._wait_until = 0, 0.0
                    else:
                        wrong = True
                        self._failures += 1
                        if self._failures >= FREE_LOGINS:
                            delay = min(2 ** (self._failures - FREE_LOGINS), LOGIN_MAX_WAIT)
                            self._wait_until = now + delay
            if wait <= 0 and not wrong:
                return self._open_session()
        html = self.env.get_template("login.html.j2").render(
            wrong=wrong, wait=max(wait, 0), title=self.game.config.live.topic, lang=language()
        )
        if wait > 0:
            return self._send("429 Too Many Requests", "text/html; charset=utf-8", html, [("Retry-After", str(wait))])
        return self._send("403 Forbidden" if wrong else "200 OK", "text/html; charset=utf-8", html)

    # -- answers ------------------------------------------------------------------------------
    def _redirect(self, location: str, cookie: str | None = None) -> Response:
        headers = [("Location", location), ("Content-Length", "0"), ("Cache-Control", "no-store")]
        if cookie is not None:
            headers.append(("Set-Cookie", cookie))
        return "303 See Other", headers, b""

    def _text(self, status: str, text: str, extra: list[tuple[str, str]] | None = None) -> Response:
        return self._send(status, "text/plain; charset=utf-8", text + "\n", extra)

    def _send(self, status: str, kind: str, body: str, extra: list[tuple[str, str]] | None = None) -> Response:
        data = body.encode("utf-8")
        headers = [("Content-Type", kind), ("Content-Length", str(len(data))), *_SECURITY_HEADERS, *(extra or [])]
        return status, headers, data

    @staticmethod
    def _form(environ: dict[str, Any]) -> dict[str, str]:
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError as exc:
            raise BadRequest(_("Content-Length is not a number")) from exc
        if length < 0:
            raise BadRequest(_("Content-Length is negative"))
        if length >= MAX_BODY:  # waitress refuses it first; this holds under any other server
            raise TooLarge(_("the form is over {size} bytes").format(size=MAX_BODY))
        try:
            raw = environ["wsgi.input"].read(length).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest(_("the form is not UTF-8")) from exc
        return _parse(raw, _("the form"))

    def _post(self, environ: dict[str, Any], path: str, sid: str) -> Response:
        form = self._form(environ)
        if not hmac.compare_digest(_credential(form.get("csrf", ""), _("the CSRF token")), self.csrf(sid)):
            return self._text("403 Forbidden", _("Invalid CSRF token: reload the page."))
        if path == "/logout":
            with self.door:
                self.sessions.pop(sid, None)
            gone = f"{self.cookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"
            return self._redirect("/login" if self.password is not None else "/", gone)
        game = self.game
        with self.lock:
            self._drawn = None  # the page's own write: data_version does not see it
            if path == "/outbox/approve":
                game.outbox.approve(form["key"])
            elif path == "/outbox/edit":
                game.outbox.edit(form["key"], form["body"].replace("\r\n", "\n"))
            elif path == "/outbox/discard":
                game.outbox.discard(form["key"])
            elif path == "/outbox/send":
                if game.outbox.get(form["key"]).state in ("drafted", "failed"):
                    game.outbox.approve(form["key"])
                if self.wake is not None:
                    self.wake()
            elif path == "/answer":
                game.answer(form["question"], form["choice"])
            elif path == "/correct":
                target = form["target"]
                game.correct(form["post_id"], None if target == IGNORE else target)
            elif path == "/uncorrect":
                game.uncorrect(form["post_id"])
        return self._redirect("/")

    # -- views --------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """What the page shows. Drawn again only when the database changed: the daemon's writes move
        SQLite's data_version for this connection, the page's own writes (the forms) clear the cache."""
        with self.lock:
            seen = int(self.game.store.db.execute("PRAGMA data_version").fetchone()[0])
            if self._drawn is None or self._drawn[0] != seen:
                self._drawn = (seen, self._draw())
            return {**self._drawn[1], "now": datetime.now(UTC).isoformat()}

    def _draw(self) -> dict[str, Any]:
        return draw(self.game)

    def page(self, sid: str) -> str:
        state = self.state()
        return self.env.get_template("mj.html.j2").render(
            state=state,
            version=version(state),
            csrf=self.csrf(sid),
            title=self.game.config.live.topic,
            ignore=IGNORE,
            markup=self.game.adapter.markup,
            lang=language(),
            words={key: _(text) for key, text in SCRIPT_WORDS.items()},
        )


IGNORE = "__ignore__"  # the correction "this post holds no vote"

# The words mj.js writes (the countdown, the chart), given to it by the page in the MJ's language.
SCRIPT_WORDS = {
    "locale": N_("en-GB"),
    "days": N_("d"),
    "votes": N_("vote(s)"),
}


def page_text(message: str) -> Markup:
    """The page's ``_()``: a message in the MJ's language, as HTML. The catalogs are ours, so their text
    is trusted (an apostrophe stays one); values given to ``.format()`` are escaped, as Markup does."""
    return Markup(_(message))


def label(value: str) -> Markup:
    """An outbox state or draft kind in the MJ's words (an id not listed: as it is, escaped)."""
    return Markup("{}").format(labels.label(value))


def alert_kind(kind: str) -> Markup:
    """An alert's kind in the MJ's words, with what it is about, escaped."""
    return Markup("{}").format(labels.alert_kind(kind))


_CHANGES = (
    "phase", "winner", "mayor", "players", "groups", "count", "night", "day_powers", "rules", "alerts", "questions",
    "drafts",
)  # fmt: skip


def version(state: dict[str, Any]) -> str:
    """What the page shows, in a word: the page reloads itself when /api/state says another one. The
    page carries the version it was drawn from, so a change between drawing and the first poll counts."""
    shown = json.dumps({key: state.get(key) for key in _CHANGES}, sort_keys=True, default=str)
    return hashlib.sha256(shown.encode("utf-8")).hexdigest()[:16]


_UNSAFE_LINK = re.compile(r'href="(?!https?://)[^"]*"', re.IGNORECASE)


def preview(body: str, markup: str) -> Markup:
    """A draft as the forum will show it: BBCode rendered (text escaped first, links only to http(s)),
    Markdown shown as its text."""
    if markup != "bbcode":
        return Markup("{}").format(body)
    return Markup(_UNSAFE_LINK.sub('href="#"', render_bbcode(body)))


def _parse(text: str, what: str) -> dict[str, str]:
    """A query string or form: the first value of each field. Escapes that are not UTF-8, bytes that are
    not ASCII in an address, or too many fields make a 400."""
    try:
        pairs = parse_qs(text, keep_blank_values=True, errors="strict", max_num_fields=MAX_FIELDS)
    except UnicodeDecodeError as exc:
        raise BadRequest(_("{what} holds bytes that are not UTF-8").format(what=what)) from exc
    except ValueError as exc:
        raise BadRequest(_("{what} has too many fields").format(what=what)) from exc
    return {k: v[0] for k, v in pairs.items()}


def _credential(value: str, what: str) -> str:
    if _CREDENTIAL.fullmatch(value) is None:
        raise BadRequest(_("{what} holds forbidden characters").format(what=what))
    return value


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class WebServer:
    """The MJ's page served by waitress on one listening socket, in a background thread: a few worker
    threads, idle connections closed after ``idle_timeout`` seconds, bodies over MAX_BODY refused from
    their Content-Length (or as soon as a chunked one passes it), never read whole."""

    def __init__(self, app: MJPage, sock: socket.socket, idle_timeout: int, threads: int) -> None:
        self.app = app
        self.port: int = sock.getsockname()[1]
        self._server = waitress.create_server(
            app,
            sockets=[sock],
            threads=threads,
            channel_timeout=idle_timeout,
            cleanup_interval=max(1, min(30, idle_timeout // 2)),
            max_request_body_size=MAX_BODY,
            max_request_header_size=64 << 10,
            connection_limit=100,
            ident="meneur",
            expose_tracebacks=False,
        )
        self._stop = threading.Event()
        # Held by shutdown from the stop to the trigger's pull: the loop, woken by its own time-out in between,
        # must not close the trigger's pipe under it (a write to a closed, or reused, descriptor).
        self._stopping = threading.Lock()
        self._thread = threading.Thread(target=self._run, daemon=True, name="meneur-web")
        self._thread.start()

    def _run(self) -> None:
        channels = self._server._map
        while not self._stop.is_set():
            wasyncore.loop(timeout=0.5, map=channels, use_poll=True, count=1)
        with self._stopping:
            self._server.task_dispatcher.shutdown()
            wasyncore.close_all(channels)

    def shutdown(self) -> None:
        """Stops listening and closes every connection (the tests' servers; the daemon's ends with it)."""
        with self._stopping:
            if self._stop.is_set():
                return
            self._stop.set()
            self._server.pull_trigger()
        self._thread.join(timeout=10)


def _listen(host: str, port: int) -> socket.socket:
    family, kind, proto, _canonname, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock


def serve(
    game: LiveGame,
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    password: str | None = None,
    wake: Callable[[], None] | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
    idle_timeout: int = IDLE_TIMEOUT,
    threads: int = THREADS,
) -> tuple[WebServer, str]:
    """Start the MJ's page in a background thread; returns the server and the address to open (it holds
    the token, which opens a session). The game's ``[web] lang``, if given, becomes the process's language."""
    if game.config.live.web_lang:  # [web] lang: the page's language, and so the daemon's
        set_language(game.config.live.web_lang)
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    app = MJPage(game, token or secrets.token_urlsafe(18), password, wake, clock, host, bound)
    try:
        server = WebServer(app, sock, idle_timeout, threads)
    except BaseException:
        sock.close()
        raise
    shown = f"[{host}]" if ":" in host else host
    return server, f"http://{shown}:{bound}/?token={app.token}"
