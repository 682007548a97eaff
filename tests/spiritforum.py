"""A real django-spirit 0.14.3 forum on 127.0.0.1, for integration tests and the demo.

    from meneur.tests.spiritforum import SpiritForum      # the repository root is the package `meneur`

    with SpiritForum.start() as forum:                    # installs on first use (scripts/spirit-forum setup)
        game = forum.seed("Grand_Hibou", ["Lucas", "Lucie", "Zoé"])
        lucas = forum.client("Lucas")                     # logged in over HTTP, like a browser
        pk = lucas.post_comment(game["topic_id"], "**Je vote contre Lucie**")
        lucas.send_private("Rôle", ["Grand_Hibou"], "Je suis la Voyante ?")
        forum.set_comment_date(pk, datetime(2026, 11, 24, 20, 59, tzinfo=PARIS))

Each server has its own data folder (a fresh copy of a migrated database, so starting one takes ~1.5 s),
removed at stop() unless it was given. Seeding and date changes run in `manage.py shell` (~1 s each); what
players do goes over HTTP through spirit's own forms. Page facts: fixtures/forums/spirit/NOTES.md.
Spirit quirks a test can trip on: it silently drops a comment identical to the same user's previous one
in the same topic within 30 minutes (post_comment refuses that case), and it shows dates in the viewer's
profile time zone (seed() sets Europe/Paris for everyone).
Run as a script, it serves a seeded forum until Ctrl-C: `.venv/bin/python tests/spiritforum.py`.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urljoin

import httpx
import lxml.html

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "spirit-forum"
PASSWORD = "loupgarou12"
_MARK = "MENEUR-JSON:"


class SpiritError(RuntimeError):
    """The forum did not do what was asked (the message holds the server's answer or log)."""


class SpiritUnavailable(SpiritError):
    """django-spirit could not be installed (no network): the only reason to skip a live test."""


def setup() -> None:
    """Runs `scripts/spirit-forum setup` (~25 s the first time, ~0.02 s after)."""
    r = subprocess.run([str(SCRIPT), "setup"], capture_output=True, text=True)
    if r.returncode == 3:
        raise SpiritUnavailable(r.stderr.strip())
    if r.returncode != 0:
        raise SpiritError(f"scripts/spirit-forum setup failed ({r.returncode}):\n{r.stderr}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SpiritForum:
    """One running server. Use `SpiritForum.start()`, then `stop()` (or a `with` block)."""

    def __init__(self, proc: subprocess.Popen[bytes], port: int, datadir: Path, own_datadir: bool) -> None:
        self.proc, self.port, self.datadir, self._own_datadir = proc, port, datadir, own_datadir
        self.base_url = f"http://127.0.0.1:{port}"
        self.log_path = datadir / "server.log"
        self._sessions: dict[tuple[str, str], PlayerSession] = {}

    @classmethod
    def start(cls, port: int | None = None, datadir: str | Path | None = None, timeout: float = 30.0) -> SpiritForum:
        """Installs if needed, serves on 127.0.0.1 (a free port unless given), waits until the forum answers."""
        setup()
        own = datadir is None
        data = Path(tempfile.mkdtemp(prefix="meneur-spirit-")) if datadir is None else Path(datadir).resolve()
        data.mkdir(parents=True, exist_ok=True)
        for attempt in range(3):
            p = port or _free_port()
            with open(data / "server.log", "wb") as log:
                proc = subprocess.Popen(
                    [str(SCRIPT), "serve", str(p), str(data)],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            forum = cls(proc, p, data, own)
            try:
                forum._wait(timeout)
            except SpiritError:
                forum.stop(keep_data=True)
                if port is None and attempt < 2 and "already in use" in forum.log():
                    continue  # the free port was taken meanwhile
                if own:
                    shutil.rmtree(data, ignore_errors=True)
                raise
            atexit.register(forum.stop)
            return forum
        raise AssertionError("unreachable")

    def _wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SpiritError(f"the spirit server exited ({self.proc.returncode}); its log:\n{self.log()}")
            try:
                if httpx.get(self.base_url + "/", timeout=2, trust_env=False).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise SpiritError(f"the spirit server did not answer within {timeout} s; its log:\n{self.log()}")

    def log(self) -> str:
        """The server's output so far (request lines, tracebacks)."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def url(self, path: str) -> str:
        return urljoin(self.base_url + "/", path)

    def stop(self, keep_data: bool = False) -> None:
        for s in self._sessions.values():
            s.close()
        self._sessions.clear()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._own_datadir and not keep_data:
            shutil.rmtree(self.datadir, ignore_errors=True)

    def __enter__(self) -> SpiritForum:
        return self

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    # --- server side (manage.py shell) ---

    def shell(self, code: str, **args: Any) -> Any:
        """Runs `code` in `manage.py shell` with `ARGS` (the keyword arguments) and returns what it gave to
        `out(obj)` (JSON)."""
        prelude = (
            f"import json, os\nARGS = json.loads(os.environ['MENEUR_SPIRIT_ARGS'])\n"
            f"def out(obj): print({_MARK!r} + json.dumps(obj))\n"
        )
        r = subprocess.run(
            [str(SCRIPT), "manage", str(self.datadir), "shell", "-c", prelude + code],
            capture_output=True,
            text=True,
            env=dict(os.environ, MENEUR_SPIRIT_ARGS=json.dumps(args)),
        )
        if r.returncode != 0:
            raise SpiritError(f"manage.py shell failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
        for line in r.stdout.splitlines():
            if line.startswith(_MARK):
                return json.loads(line[len(_MARK) :])
        return None

    def seed(
        self,
        mj: str,
        players: Sequence[str],
        spectators: Sequence[str] = (),
        password: str = PASSWORD,
        topic_title: str = "Partie 1 — Jour 1 : Sur la place du village",
        category: str = "Loup-garou",
        opening: str | None = None,
        mj_moderator: bool = True,
    ) -> dict[str, Any]:
        """Members (profile time zone Europe/Paris, verified; existing ones are kept), a category and the game
        topic opened by the MJ through spirit's own forms. Returns {"users": {name: id}, "mj_id",
        "category_id", "topic_id", "topic_url", "opening_comment_id", "password"}."""
        if opening is None:
            opening = (
                f"## {topic_title}\n\nJoueurs en vie ({len(players)}) : {', '.join(players)}.\n\n"
                "Votez en gras : **Je vote contre X**"
            )
        seeded: dict[str, Any] = self.shell(
            _SEED,
            mj=mj,
            players=list(players),
            spectators=list(spectators),
            password=password,
            title=topic_title,
            category=category,
            opening=opening,
            moderator=mj_moderator,
        )
        seeded["topic_url"] = self.url(seeded["topic_url"])
        seeded["password"] = password
        return seeded

    def set_comment_dates(self, dates: dict[int, datetime]) -> None:
        """Restamps comments (and their first history row, and their topics' last activity); aware datetimes."""
        if any(d.tzinfo is None for d in dates.values()):
            raise ValueError("set_comment_dates needs aware datetimes (e.g. tzinfo=ZoneInfo('Europe/Paris'))")
        self.shell(_DATES, dates={str(pk): d.isoformat() for pk, d in dates.items()})

    def set_comment_date(self, pk: int, when: datetime) -> None:
        self.set_comment_dates({pk: when})

    # --- players (HTTP) ---

    def client(self, username: str, password: str = PASSWORD) -> PlayerSession:
        """A browser-like session logged in as `username`: one per member and password, made on first use
        (one login), closed at stop()."""
        key = (username, password)
        if key not in self._sessions or self._sessions[key].http.is_closed:
            self._sessions[key] = PlayerSession(self.base_url, username, password)
        return self._sessions[key]


class PlayerSession:
    """One member's browser: cookies, CSRF tokens from the forms it posts, Referer, French."""

    def __init__(self, base_url: str, username: str, password: str = PASSWORD) -> None:
        self.base_url, self.username = base_url, username
        self.http = httpx.Client(
            base_url=base_url,
            timeout=30,
            trust_env=False,  # 127.0.0.1: never a proxy
            headers={"Accept-Language": "fr-FR,fr;q=0.9"},
        )
        self._last_post: tuple[int, str] | None = None
        r = self._submit("/user/login/", "/user/login/", {"username": username, "password": password})
        if r.status_code != 302 or r.headers["location"].startswith("/user/login/"):
            raise SpiritError(f"login as {username!r} failed: {r.status_code} {_errors(r.text)}")

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> PlayerSession:
        return self

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _submit(self, form_page: str, action: str, data: dict[str, str]) -> httpx.Response:
        """GETs the page holding the form, POSTs `data` with its CSRF token; returns the (unfollowed) answer."""
        page = self.http.get(form_page, follow_redirects=True)
        if page.status_code != 200:
            raise SpiritError(f"GET {form_page} as {self.username}: {page.status_code}")
        m = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        if not m:
            raise SpiritError(f"no form with a CSRF token on {form_page}")
        return self.http.post(
            action, data={"csrfmiddlewaretoken": m.group(1), **data}, headers={"Referer": str(page.url)}
        )

    def post_comment(self, topic_id: int, markdown: str) -> int:
        """Replies in a topic (public or private) from its reply form; returns the new comment's id (data-pk)."""
        if self._last_post == (topic_id, markdown):
            raise ValueError("spirit drops a comment identical to the same member's previous one (30 min)")
        url = f"/comment/{topic_id}/publish/"
        r = self._submit(url, url, {"comment": markdown})
        m = re.fullmatch(r"/comment/(\d+)/find/", r.headers.get("location", ""))
        if r.status_code != 302 or not m:
            raise SpiritError(
                f"{self.username}'s comment in topic {topic_id} refused: {r.status_code} {_errors(r.text)}"
            )
        self._last_post = (topic_id, markdown)
        return int(m.group(1))

    def send_private(self, title: str, to_usernames: Iterable[str], markdown: str) -> int:
        """Opens a private topic (spirit's MP) with these members; returns its topic id."""
        r = self._submit(
            "/topic/private/publish/",
            "/topic/private/publish/",
            {"title": title, "users": ", ".join(to_usernames), "comment": markdown},
        )
        m = re.match(r"/topic/private/(\d+)/", r.headers.get("location", ""))
        if r.status_code != 302 or not m:
            raise SpiritError(
                f"{self.username}'s private topic {title!r} refused: {r.status_code} "
                f"{r.headers.get('location', '')} {_errors(r.text)}"
            )
        return int(m.group(1))

    def private_topics(self) -> list[dict[str, Any]]:
        """The first page of /topic/private/, most recently active first: [{"id", "title", "url",
        "comment_count", "last_active" (title attribute, viewer's zone), "visited", "new_comments"}]."""
        r = self.http.get("/topic/private/")
        r.raise_for_status()
        topics = []
        for row in lxml.html.fromstring(r.text).cssselect("div.layout__topics__topic"):
            a = row.cssselect("a.topic__link")[0]
            m = re.match(r"/topic/private/(\d+)/", a.get("href", ""))
            if not m:
                continue
            date = row.cssselect("div.topic__date")
            topics.append(
                {
                    "id": int(m.group(1)),
                    "title": a.text_content().strip(),
                    "url": urljoin(self.base_url, a.get("href")),
                    "comment_count": int(row.cssselect("div.topic__comments")[0].text_content()),
                    "last_active": date[0].get("title") if date else None,
                    "visited": "is-visited" in a.get("class", "").split(),
                    "new_comments": bool(row.cssselect("i.js-comment-is-new")),
                }
            )
        return topics

    def comments(self, topic_id: int) -> list[dict[str, Any]]:
        """Every comment of a topic (all pages; private topics too): [{"pk", "author", "user_id", "date", "text"}]
        with `date` as the page shows it in the title attribute ("24 novembre 2026 08:00", viewer's zone)."""
        r = self.http.get(f"/topic/{topic_id}/", follow_redirects=True)
        if r.status_code == 404:
            r = self.http.get(f"/topic/private/{topic_id}/", follow_redirects=True)
        r.raise_for_status()
        base, out = str(r.url).split("?")[0], []
        while True:
            doc = lxml.html.fromstring(r.text)
            for c in doc.cssselect("div.comments_list__comment"):
                link = c.cssselect("a.comment__info__username__link")[0]
                uid = re.search(r"/user/(\d+)/", link.get("href", ""))
                dates = c.cssselect("ul.comment__info__date > li[title]")
                out.append(
                    {
                        "pk": int(c.get("data-pk")),
                        "author": link.text_content().strip(),
                        "user_id": int(uid.group(1)) if uid else None,
                        "date": dates[-1].get("title") if dates else None,
                        "text": c.cssselect("div.comment__text")[0].text_content().strip(),
                    }
                )
            # the first link holding a right chevron is "next" ("Last" follows it on page 1)
            nxt = doc.xpath('//ul[@class="paginator"]//a[i[contains(@class, "fa-chevron-right")]]/@href')
            if not nxt:
                return out
            r = self.http.get(urljoin(base, nxt[0]))
            r.raise_for_status()

    def read_topic_text(self, topic_id: int) -> str:
        """The text of every comment of the topic, in order, one blank line apart."""
        return "\n\n".join(c["text"] for c in self.comments(topic_id))


def _errors(page: str) -> str:
    """Form errors on a page spirit answered with instead of a redirect."""
    try:
        doc = lxml.html.fromstring(page)
    except Exception:
        return ""
    return " | ".join(e.text_content().strip() for e in doc.cssselect(".errorlist, .field-error, .error"))[:500]


_SEED = """
from django.contrib.auth import get_user_model
from spirit.category.models import Category
from spirit.comment.forms import CommentForm
from spirit.comment.utils import comment_posted
from spirit.topic.forms import TopicForm
User = get_user_model()
ids = {}
for name in [ARGS["mj"], *ARGS["players"], *ARGS["spectators"]]:
    u = User.objects.filter(username__iexact=name).first()
    if u is None:
        u = User.objects.create_user(name, "member%d@example.org" % (User.objects.count() + 1), ARGS["password"])
    st = u.st
    st.is_verified = True
    st.timezone = "Europe/Paris"
    if name == ARGS["mj"] and ARGS["moderator"]:
        st.is_moderator = True
    st.save()
    ids[name] = u.pk
cat, _ = Category.objects.get_or_create(title=ARGS["category"], defaults={"description": "Parties de Loup-garou"})
mj = User.objects.get(pk=ids[ARGS["mj"]])
tform = TopicForm(user=mj, data={"title": ARGS["title"], "category": cat.pk})
cform = CommentForm(user=mj, data={"comment": ARGS["opening"]})
assert tform.is_valid() and cform.is_valid(), (tform.errors, cform.errors)
topic = tform.save()
cform.topic = topic
comment = cform.save()
comment_posted(comment=comment, mentions=cform.mentions)
out({"users": ids, "mj_id": mj.pk, "category_id": cat.pk, "topic_id": topic.pk,
     "topic_url": topic.get_absolute_url(), "opening_comment_id": comment.pk})
"""

_DATES = """
from datetime import datetime
from django.db.models import Max
from spirit.comment.history.models import CommentHistory
from spirit.comment.models import Comment
from spirit.topic.models import Topic
topics = set()
for pk, when in ARGS["dates"].items():
    when = datetime.fromisoformat(when)
    assert Comment.objects.filter(pk=pk).update(date=when) == 1, "no comment %s" % pk
    first = CommentHistory.objects.filter(comment_fk_id=pk).order_by("pk").first()
    if first is not None:
        CommentHistory.objects.filter(pk=first.pk).update(date=when)
    topics.add(Comment.objects.get(pk=pk).topic_id)
for t in topics:
    Topic.objects.filter(pk=t).update(last_active=Comment.objects.filter(topic_id=t).aggregate(m=Max("date"))["m"])
out(len(ARGS["dates"]))
"""


if __name__ == "__main__":
    with SpiritForum.start() as f:
        g = f.seed("Grand_Hibou", ["Lucas", "Lucie", "Zoé"], ["Papy_Mougeot"])
        print(f"{f.base_url}  topic {g['topic_url']}  members {g['users']}  password {g['password']}")
        with contextlib.suppress(KeyboardInterrupt):
            f.proc.wait()
