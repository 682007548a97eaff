"""The MJ's page: a small web application served by the daemon itself, on 127.0.0.1 by default.

Access needs the token printed at start, or the password configured in ``[web] password_env``; either
leaves an HttpOnly, SameSite=Strict cookie. Every form carries a CSRF token derived from the token.
Pages are Jinja2 with autoescape on, and the page's script writes player text with ``textContent``
only: what players wrote shows as text. The page refreshes itself from /api/state (no build step,
no Node). Sending is the daemon's job: "send now" approves a draft and wakes the scheduler.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
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
from markupsafe import Markup

from ..engine.daycount import DayCount
from ..parsers.bbcode import render_bbcode
from .counting import count_json
from .game import Deadline, GameError, LiveGame
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
    password: str | None = None
    wake: Callable[[], None] | None = None  # asks the daemon to send the approved drafts now

    def __post_init__(self) -> None:
        self.env = jinja2.Environment(
            loader=jinja2.PackageLoader("meneur", "templates/web"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self.env.filters["preview"] = preview
        self.csrf = hmac.new(self.token.encode(), b"csrf", hashlib.sha256).hexdigest()
        self.lock = threading.Lock()
        self._drawn: tuple[int, dict[str, Any]] | None = None  # (data_version, state)

    # -- WSGI ---------------------------------------------------------------------------------
    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        query = parse_qs(environ.get("QUERY_STRING", ""))
        cookies = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        given = query.get("token", [""])[0]
        if given and hmac.compare_digest(given, self.token):
            return self._let_in(start_response)
        if self.password is not None and path == "/login":
            return self._login(environ, method, start_response)
        held = cookies["meneur_token"].value if "meneur_token" in cookies else ""
        if not hmac.compare_digest(held, self.token):
            if self.password is not None and method == "GET" and path == "/":
                start_response("303 See Other", [("Location", "/login")])
                return [b""]
            return self._text(
                start_response,
                "403 Forbidden",
                "Forbidden: open the address meneur printed at start (it holds the token).",
            )
        try:
            if method == "GET" and path == "/":
                return self._send(start_response, "200 OK", "text/html; charset=utf-8", self.page())
            if method == "GET" and path == "/static/mj.js":
                script = self.env.loader.get_source(self.env, "mj.js")[0] if self.env.loader else ""
                return self._send(start_response, "200 OK", "text/javascript; charset=utf-8", script)
            if method == "GET" and path == "/api/state":
                state = self.state()
                return self._send(
                    start_response, "200 OK", "application/json", json.dumps({**state, "version": version(state)})
                )
            if method == "POST":
                return self._post(environ, path, start_response)
        except (GameError, OutboxError, KeyError) as exc:
            return self._text(start_response, "400 Bad Request", f"Refused: {exc}")
        return self._text(start_response, "404 Not Found", "Not found")

    def _let_in(self, start_response: StartResponse) -> list[bytes]:
        cookie = f"meneur_token={self.token}; HttpOnly; SameSite=Strict; Path=/"
        start_response("303 See Other", [("Location", "/"), ("Set-Cookie", cookie)])
        return [b""]

    def _login(self, environ: dict[str, Any], method: str, start_response: StartResponse) -> list[bytes]:
        wrong = False
        if method == "POST":
            given = self._form(environ).get("password", "")
            assert self.password is not None
            if hmac.compare_digest(given.encode(), self.password.encode()):
                return self._let_in(start_response)
            wrong = True
        html = self.env.get_template("login.html.j2").render(wrong=wrong, title=self.game.config.live.topic)
        return self._send(start_response, "403 Forbidden" if wrong else "200 OK", "text/html; charset=utf-8", html)

    def _text(self, start_response: StartResponse, status: str, text: str) -> list[bytes]:
        return self._send(start_response, status, "text/plain; charset=utf-8", text)

    def _send(self, start_response: StartResponse, status: str, kind: str, body: str) -> list[bytes]:
        data = body.encode("utf-8")
        headers = [
            ("Content-Type", kind),
            ("Content-Length", str(len(data))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "no-referrer"),
            (
                "Content-Security-Policy",
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
            ),
        ]
        start_response(status, headers)
        return [data]

    @staticmethod
    def _form(environ: dict[str, Any]) -> dict[str, str]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(length).decode("utf-8")
        return {k: v[0] for k, v in parse_qs(raw, keep_blank_values=True).items()}

    def _post(self, environ: dict[str, Any], path: str, start_response: StartResponse) -> list[bytes]:
        form = self._form(environ)
        if not hmac.compare_digest(form.get("csrf", ""), self.csrf):
            return self._text(start_response, "403 Forbidden", "Bad CSRF token")
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
            else:
                return self._text(start_response, "404 Not Found", "Not found")
        start_response("303 See Other", [("Location", "/")])
        return [b""]

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
        game = self.game
        pending = game.deadlines("pending")
        # The day in progress, else the last one that ended (its count at the deadline).
        day = game.current_day() or next((d for d in reversed(game.deadlines()) if d.kind == "day"), None)
        try:
            live: DayCount | None = game.live_count(day)
        except Exception:  # a layout alert stops counting: the page says so
            live = None
        alerts = open_alerts(game.store)
        drafts = game.outbox.drafts()
        phase = next((d.phase for d in pending if d.phase), None)
        engine_state = game.engine.state_before(phase) if game.engine and phase else None
        if game.engine and engine_state is None:  # every deadline is past: the game as it ended
            engine_state = game.engine.latest_state()
        players = []
        for p in game.config.players:
            seen = engine_state.player(p.name) if engine_state else None
            players.append(
                {
                    "name": p.name,
                    "alive": seen.alive if seen else not p.dead,
                    "role": seen.role if seen else p.role,
                    "camp": seen.camp if seen else None,
                    "death": f"{seen.death_phase}, {seen.death_cause}" if seen and not seen.alive else None,
                }
            )
        # A rule set with groups (houses, trios…) says who is in which: ``groups(state)``.
        grouping = getattr(game.engine.rules, "groups", None) if game.engine else None
        groups = {str(k): list(v) for k, v in grouping(engine_state).items()} if grouping and engine_state else {}
        night = game.current_night()
        night_view = (
            game.engine.night_view(night.phase, game.window(night), min(night.at, game.clock()))
            if game.engine and night and night.phase
            else None
        )
        questions = (
            [
                {"id": q.id, "to": q.to, "prompt": q.prompt, "options": list(q.options)}
                for q in game.engine.open_questions()
            ]
            if game.engine
            else [
                {"id": str(a["kind"]).split(":", 1)[1], "to": "", "prompt": str(a["message"]), "options": []}
                for a in alerts
                if str(a["kind"]).startswith("question:")
            ]
        )
        posts = {p.post_id: p for p in game.store.posts("game")}
        corrections = game.store.corrections("game")
        living = [p["name"] for p in players if p["alive"]]
        return {
            "next_deadline": (
                {"label": pending[0].label, "at": pending[0].at.isoformat(), "phase": pending[0].phase}
                if pending
                else None
            ),
            "phase": engine_state.phase if engine_state else None,
            "winner": engine_state.winner if engine_state else None,
            "mayor": engine_state.mayor if engine_state else None,
            "players": players,
            "groups": groups,
            "living": living,
            "count": self._count_view(live, posts, corrections, day, pending) if live else None,
            "timeline": self._timeline(live, game.window(day) if day else None, day.at if day else None)
            if live
            else None,
            "night": night_view,
            "alerts": [
                {"kind": a["kind"], "message": a["message"], "at": a["at"]}
                for a in alerts
                if not str(a["kind"]).startswith("question:")
            ],
            "questions": questions,
            "drafts": [
                {
                    "key": d.key,
                    "kind": d.kind,
                    "state": d.state,
                    "recipient": d.recipient,
                    "subject": d.subject,
                    "body": d.body,
                    "error": d.error,
                    "forum_id": d.forum_id,
                    "link": self._draft_link(d.recipient, d.forum_id) if d.state == "sent" else None,
                    "updated_at": d.updated_at,
                }
                for d in drafts
            ],
        }

    def _draft_link(self, recipient: str | None, forum_id: str | None) -> str | None:
        if not forum_id:
            return None
        adapter = self.game.adapter
        return adapter.post_link(forum_id) if recipient is None else adapter.mp_link(forum_id)

    def _count_view(
        self,
        count: DayCount,
        posts: dict[str, Any],
        corrections: dict[str, str | None],
        day: Deadline | None,
        pending: list[Deadline],
    ) -> dict[str, Any]:
        adapter = self.game.adapter

        def post(post_id: str) -> dict[str, Any]:
            found = posts.get(post_id)
            return {
                "post_id": post_id,
                "link": adapter.post_link(post_id, found.page if found else None),
                "author": found.author if found else "?",
                "excerpt": (found.content_text[:160] if found else ""),
                "correction": corrections.get(post_id, "") if post_id in corrections else None,
            }

        data = count_json(count)
        data["day"] = day.label if day else None
        data["over"] = day is not None and day not in pending
        data["votes"] = [
            {**post(v.post_id), "voter": v.voter, "target": v.target, "at": v.posted_at.isoformat()}
            for v in sorted(count.standing.values(), key=lambda v: v.posted_at)
        ]
        data["warnings"] = [{**post(w.post_id), "kind": str(w.kind), "message": w.message} for w in count.warnings]
        data["corrections"] = [
            {**post(post_id), "target": target} for post_id, target in corrections.items() if post_id in posts
        ]
        return data

    @staticmethod
    def _timeline(count: DayCount, start: datetime | None, end: datetime | None) -> dict[str, Any]:
        """Votes over time: after each counted vote, how many votes each player had (a step chart)."""
        standing: dict[str, str] = {}
        points = []
        for vote in count.history:
            before = standing.get(vote.voter)
            standing[vote.voter] = vote.target
            tally: dict[str, int] = {}
            for target in standing.values():
                tally[target] = tally.get(target, 0) + 1
            points.append(
                {"at": vote.posted_at.isoformat(), "voter": vote.voter, "target": vote.target, "before": before,
                 "tally": tally}
            )  # fmt: skip
        return {
            "start": (
                start or (count.history[0].posted_at if count.history else None) or datetime.now(UTC)
            ).isoformat(),
            "end": end.isoformat() if end else None,  # no deadline: the chart runs to the reader's now
            "points": points,
        }

    def page(self) -> str:
        state = self.state()
        return self.env.get_template("mj.html.j2").render(
            state=state,
            version=version(state),
            csrf=self.csrf,
            title=self.game.config.live.topic,
            ignore=IGNORE,
            markup=self.game.adapter.markup,
        )


IGNORE = "__ignore__"  # the correction "this post holds no vote"
_CHANGES = ("phase", "winner", "mayor", "players", "groups", "count", "night", "alerts", "questions", "drafts")


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


def serve(
    game: LiveGame,
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    password: str | None = None,
    wake: Callable[[], None] | None = None,
) -> tuple[WSGIServer, str]:
    """Start the MJ's page in a background thread; returns the server and the address to open."""
    app = MJPage(game, token or secrets.token_urlsafe(18), password, wake)
    server = make_server(host, port, app, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True, name="meneur-web").start()
    return server, f"http://{host}:{server.server_port}/?token={app.token}"
