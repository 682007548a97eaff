"""The MJ's page: a small web application served by the daemon itself, on 127.0.0.1 by default.

Access needs the token printed at start (kept in an HttpOnly, SameSite=Strict cookie after the first
visit); every form carries a CSRF token derived from it. Pages are Jinja2 with autoescape on: what
players wrote shows as text. The page refreshes itself from /api/state (no build step, no Node).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import jinja2

from .counting import count_json
from .game import GameError, LiveGame
from .outbox import OutboxError
from .poller import open_alerts

StartResponse = Callable[[str, list[tuple[str, str]]], Any]


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # the daemon's log, not stderr noise
        return


@dataclass
class MJPage:
    """The WSGI application. ``game`` is a LiveGame on its own database connection."""

    game: LiveGame
    token: str

    def __post_init__(self) -> None:
        self.env = jinja2.Environment(
            loader=jinja2.PackageLoader("meneur", "templates/web"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self.csrf = hmac.new(self.token.encode(), b"csrf", hashlib.sha256).hexdigest()
        self.lock = threading.Lock()

    # -- WSGI ---------------------------------------------------------------------------------
    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        query = parse_qs(environ.get("QUERY_STRING", ""))
        cookies = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        given = query.get("token", [""])[0]
        if given and hmac.compare_digest(given, self.token):
            cookie = f"meneur_token={self.token}; HttpOnly; SameSite=Strict; Path=/"
            start_response("303 See Other", [("Location", "/"), ("Set-Cookie", cookie)])
            return [b""]
        held = cookies["meneur_token"].value if "meneur_token" in cookies else ""
        if not hmac.compare_digest(held, self.token):
            return self._send(
                start_response,
                "403 Forbidden",
                "text/plain; charset=utf-8",
                "Forbidden: open the address meneur printed at start (it holds the token).",
            )
        try:
            if method == "GET" and path == "/":
                return self._send(start_response, "200 OK", "text/html; charset=utf-8", self.page())
            if method == "GET" and path == "/api/state":
                return self._send(start_response, "200 OK", "application/json", json.dumps(self.state()))
            if method == "POST":
                return self._post(environ, path, start_response)
        except (GameError, OutboxError) as exc:
            return self._send(start_response, "400 Bad Request", "text/plain; charset=utf-8", str(exc))
        return self._send(start_response, "404 Not Found", "text/plain; charset=utf-8", "Not found")

    def _send(self, start_response: StartResponse, status: str, kind: str, body: str) -> list[bytes]:
        data = body.encode("utf-8")
        headers = [
            ("Content-Type", kind),
            ("Content-Length", str(len(data))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            (
                "Content-Security-Policy",
                "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'",
            ),
        ]
        start_response(status, headers)
        return [data]

    def _post(self, environ: dict[str, Any], path: str, start_response: StartResponse) -> list[bytes]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        form = {k: v[0] for k, v in parse_qs(environ["wsgi.input"].read(length).decode("utf-8")).items()}
        if not hmac.compare_digest(form.get("csrf", ""), self.csrf):
            return self._send(start_response, "403 Forbidden", "text/plain; charset=utf-8", "Bad CSRF token")
        with self.lock:
            if path == "/outbox/approve":
                self.game.outbox.approve(form["key"])
            elif path == "/outbox/edit":
                self.game.outbox.edit(form["key"], form["body"])
            elif path == "/answer":
                self.game.answer(form["question"], form["choice"])
            else:
                return self._send(start_response, "404 Not Found", "text/plain; charset=utf-8", "Not found")
        start_response("303 See Other", [("Location", "/")])
        return [b""]

    # -- views --------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        game = self.game
        with self.lock:
            day = game.current_day()
            pending = game.deadlines("pending")
            try:
                count: dict[str, Any] | None = count_json(game.live_count(day))
            except Exception:  # a layout alert stops counting: the page says so
                count = None
            alerts = open_alerts(game.store)
            drafts = game.outbox.drafts()
            engine_state = (
                game.engine.state_before(pending[0].phase) if game.engine and pending and pending[0].phase else None
            )
            players = [
                {
                    "name": p.name,
                    "alive": (engine_state.player(p.name).alive if engine_state else not p.dead),
                    "role": engine_state.player(p.name).role if engine_state else p.role,
                }
                for p in game.config.players
            ]
        return {
            "now": datetime.now(UTC).isoformat(),
            "next_deadline": (
                {"label": pending[0].label, "at": pending[0].at.isoformat(), "phase": pending[0].phase}
                if pending
                else None
            ),
            "mayor": engine_state.mayor if engine_state else None,
            "players": players,
            "count": count,
            "alerts": [{"kind": a["kind"], "message": a["message"], "at": a["at"]} for a in alerts],
            "questions": [str(a["kind"]).split(":", 1)[1] for a in alerts if str(a["kind"]).startswith("question:")],
            "drafts": [
                {
                    "key": d.key,
                    "kind": d.kind,
                    "state": d.state,
                    "recipient": d.recipient,
                    "body": d.body,
                    "error": d.error,
                    "forum_id": d.forum_id,
                }
                for d in drafts
            ],
        }

    def page(self) -> str:
        return self.env.get_template("mj.html.j2").render(
            state=self.state(), csrf=self.csrf, title=self.game.config.live.topic
        )


def serve(
    game: LiveGame, host: str = "127.0.0.1", port: int = 8765, token: str | None = None
) -> tuple[WSGIServer, str]:
    """Start the MJ's page in a background thread; returns the server and the address to open."""
    app = MJPage(game, token or secrets.token_urlsafe(18))
    server = make_server(host, port, app, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True, name="meneur-web").start()
    return server, f"http://{host}:{server.server_port}/?token={app.token}"
