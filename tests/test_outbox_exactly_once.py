"""Posting exactly once, against the real django-spirit forum, when things go wrong: a request that timed
out but reached the forum, an error after the forum saved the post, two processes sending the same draft,
a new game whose drafts have the last game's keys.

What reached the forum is counted at the transport (every POST meneur made) or in the forum's own request
log, not only on its pages: spirit silently drops a post identical to the member's previous one, which
would hide a second copy meneur sent."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.adapters.base import ForumError, LoginFailed
from meneur.daemon.config import Config, load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.http import ForumUnavailable
from meneur.daemon.outbox import SETTLE, Busy, InFlight, Outbox
from meneur.daemon.store import Store
from meneur.tests.livegame import Clock
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Envoi"
PLAYERS = ["Lucas", "Lucie", "Zoé"]
ROLES = {"Lucas": "loup_garou", "Lucie": "voyante", "Zoé": "salvateur"}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


class Unreliable(httpx.BaseTransport):
    """The road to the real forum, on which the test can lose the answer to one POST: ``lost`` (the request
    never reaches the forum), ``late`` (it is held and reaches the forum when the test says, the way a slow
    forum saves a post after meneur stopped waiting), ``garbled`` (the forum saves it, and its answer is an
    error page), ``garbled, then down`` (and the forum is unreachable after it, until ``down`` is reset).
    Every POST that reached the forum is counted by path."""

    def __init__(self) -> None:
        self.real = httpx.HTTPTransport()
        self.next_post: str | None = None
        self.held: list[httpx.Request] = []
        self.delivered: dict[str, int] = {}
        self.down = False  # every request fails to connect

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self.down:
            raise httpx.ConnectError("connection refused", request=request)
        mode = None
        if request.method == "POST" and "login" not in request.url.path:
            mode, self.next_post = self.next_post, None
        if mode == "lost":
            raise httpx.ReadTimeout("no answer", request=request)
        if mode == "late":
            request.read()
            self.held.append(request)
            raise httpx.ReadTimeout("no answer", request=request)
        response = self._deliver(request)
        if mode in ("garbled", "garbled, then down"):
            response.read()
            self.down = mode == "garbled, then down"
            return httpx.Response(200, text="<html><body>Erreur inattendue</body></html>", request=request)
        return response

    def _deliver(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            self.delivered[request.url.path] = self.delivered.get(request.url.path, 0) + 1
        return self.real.handle_request(request)

    def release(self) -> None:
        """The held requests reach the forum now."""
        for request in self.held:
            self._deliver(request).read()
        self.held.clear()

    def posts_to(self, fragment: str) -> int:
        return sum(n for path, n in self.delivered.items() if fragment in path)


def write_config(forum: SpiritForum, folder: Path, topic: int, extra: str = "") -> Config:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n{extra}'
        "[poll]\nmin_request_interval = 0.01\n[outbox]\nauto = []\n"
        + "".join(f'[[players]]\nname = "{p}"\nrole = "{ROLES[p]}"\n' for p in PLAYERS),
        encoding="utf-8",
    )
    return load_config(path)


def game_on(config: Config, transport: Unreliable, clock: Clock) -> LiveGame:
    adapter = make_adapter(config, httpx.Client(transport=transport, timeout=20))
    return LiveGame(config, Store(config.live.database), adapter, clock)


@pytest.fixture
def seeded(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    seeded = forum.seed(MJ, PLAYERS, topic_title=f"Partie {tmp_path.name[-10:]}")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    return seeded


class OnUnreliable(NamedTuple):
    game: LiveGame
    transport: Unreliable
    clock: Clock
    topic: int


@pytest.fixture
def unreliable(forum: SpiritForum, seeded: dict, tmp_path: Path) -> OnUnreliable:
    """A game on the seeded topic whose every request goes through an ``Unreliable`` transport, on a clock the
    test moves: the game, the transport, the clock and the topic's id."""
    topic = seeded["topic_id"]
    transport, clock = Unreliable(), Clock()
    return OnUnreliable(game_on(write_config(forum, tmp_path, topic), transport, clock), transport, clock, topic)


def assert_posted_once(forum: SpiritForum, transport: Unreliable, topic: int, text: str) -> None:
    """One post request reached the forum, and the topic shows ``text`` once."""
    assert transport.posts_to(f"/comment/{topic}/publish/") == 1
    assert forum.client("Lucas").read_topic_text(topic).count(text) == 1


def test_a_post_that_timed_out_but_reached_the_forum_later_is_found_not_sent_again(
    forum: SpiritForum, unreliable: OnUnreliable
) -> None:
    game, transport, clock, topic = unreliable
    game.outbox.draft("Jour 1/annonce", "morning", "Le village se réveille : personne n'est mort.", approved=True)
    transport.next_post = "late"
    with pytest.raises(ForumUnavailable, match="may have been saved"):
        game.outbox.send("Jour 1/annonce", game.adapter)
    assert game.outbox.get("Jour 1/annonce").state == "sending"

    clock.now += timedelta(seconds=5)  # the next cycle: the post may still be on its way
    assert game.outbox.send_ready(game.adapter) == []
    with pytest.raises(InFlight):
        game.outbox.send("Jour 1/annonce", game.adapter)  # `meneur outbox send KEY` says so too
    assert game.outbox.get("Jour 1/annonce").state == "sending"

    transport.release()  # the slow forum saves it
    clock.now += SETTLE
    sent = game.outbox.send_ready(game.adapter)  # looks, and finds it
    assert [(d.key, d.state) for d in sent] == [("Jour 1/annonce", "sent")]
    assert transport.posts_to(f"/comment/{topic}/publish/") == 1
    text = forum.client("Lucas").read_topic_text(topic)
    assert text.count("Le village se réveille") == 1
    assert sent[0].forum_id in {str(c["pk"]) for c in forum.client("Lucas").comments(topic)}


def test_a_post_that_reached_the_forum_long_ago_is_found_pages_back_not_sent_again(
    forum: SpiritForum, unreliable: OnUnreliable
) -> None:
    """Found by the fault harness: the forum saved the live count, meneur never learnt it, and by the time it
    looked the topic had grown by more than two pages — the look missed it and a second copy went out."""
    game, transport, clock, topic = unreliable
    game.outbox.draft("Jour 1/vote_count/3", "vote_count", "Décompte des votes : Lucas 2, Zoé 1.", approved=True)
    transport.next_post = "late"
    with pytest.raises(ForumUnavailable, match="may have been saved"):
        game.outbox.send("Jour 1/vote_count/3", game.adapter)
    transport.release()  # the slow forum saves it…
    lucie = forum.client("Lucie")
    for n in range(45):  # …and the players go on: more than two pages (spirit shows 20 a page)
        lucie.post_comment(topic, f"Message {n} de Lucie, qui parle beaucoup.")
    clock.now += SETTLE + timedelta(seconds=1)
    game.poller.poll_topic()  # the cycle reads the topic before it sends
    sent = game.outbox.send_ready(game.adapter)
    assert [(d.key, d.state) for d in sent] == [("Jour 1/vote_count/3", "sent")]
    assert_posted_once(forum, transport, topic, "Décompte des votes : Lucas 2, Zoé 1.")


def test_a_post_lost_on_the_way_is_sent_again_once_it_is_sure_not_to_be_there(
    forum: SpiritForum, unreliable: OnUnreliable
) -> None:
    game, transport, clock, topic = unreliable
    game.outbox.draft("Jour 1/annonce", "morning", "Le village se réveille sous la pluie.", approved=True)
    transport.next_post = "lost"
    with pytest.raises(ForumUnavailable):
        game.outbox.send_ready(game.adapter)
    clock.now += SETTLE + timedelta(seconds=1)
    assert [d.state for d in game.outbox.send_ready(game.adapter)] == ["sent"]
    assert_posted_once(forum, transport, topic, "Le village se réveille sous la pluie.")


def test_an_error_after_the_forum_saved_the_post_is_not_a_failure_and_never_resent(
    forum: SpiritForum, unreliable: OnUnreliable
) -> None:
    game, transport, clock, topic = unreliable
    game.outbox.draft("Jour 1/evening", "evening", "Le village a brûlé Zoé.", approved=True)
    transport.next_post = "garbled"
    draft = game.outbox.send("Jour 1/evening", game.adapter)  # the forum answered an error page…
    assert draft.state == "sent" and draft.forum_id is not None  # …but meneur looked, and it is there
    assert transport.posts_to(f"/comment/{topic}/publish/") == 1

    # An MP the forum refused outright fails; approved again, it is looked for first, then sent once.
    game.outbox.draft("Jour 1/mp/Lucas", "result", "Tu as survécu.", recipient="Lucas",
                      subject="Jour 1 — pour Lucas", approved=True)  # fmt: skip
    transport.next_post = "lost"
    with pytest.raises(ForumUnavailable):
        game.outbox.send("Jour 1/mp/Lucas", game.adapter)
    clock.now += SETTLE
    sent = game.outbox.send("Jour 1/mp/Lucas", game.adapter)
    assert sent.state == "sent"
    game.outbox.draft("Jour 1/mp/Lucie", "result", "Tu as survécu aussi.", recipient="Lucie",
                      subject="Jour 1 — pour Lucie", approved=True)  # fmt: skip
    transport.next_post = "garbled"
    assert game.outbox.send("Jour 1/mp/Lucie", game.adapter).state == "sent"
    assert transport.posts_to("/topic/private/publish/") == 2
    titles = [t["title"] for t in forum.client("Lucie").private_topics()]
    assert titles.count("Jour 1 — pour Lucie") == 1


def test_a_failed_draft_approved_again_is_looked_for_before_it_is_sent(
    forum: SpiritForum, unreliable: OnUnreliable
) -> None:
    """The forum saved the post and answered an error page, and meneur could not look right then (the forum
    went down): the draft is "failed". The MJ approves it again: meneur finds it instead of posting a copy."""
    game, transport, _clock, topic = unreliable
    game.adapter.http.retries = 0
    game.outbox.draft("Jour 1/evening", "evening", "Le village a brûlé Lucie.", approved=True)
    transport.next_post = "garbled, then down"
    with pytest.raises(ForumError):
        game.outbox.send("Jour 1/evening", game.adapter)
    assert game.outbox.get("Jour 1/evening").state == "failed"
    transport.down = False  # the forum is back
    game.outbox.approve("Jour 1/evening")
    again = game.outbox.send("Jour 1/evening", game.adapter)
    assert again.state == "sent" and again.forum_id is not None
    assert_posted_once(forum, transport, topic, "Le village a brûlé Lucie.")


RACER = """
import sys, time
from datetime import UTC, datetime
from pathlib import Path
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.outbox import Outbox
from meneur.daemon.store import Store

config = load_config(Path(sys.argv[1]))
adapter = make_adapter(config)
adapter.login()
outbox = Outbox(Store(config.live.database), lambda: datetime.now(UTC), adapter.markup)
print("ready", flush=True)
while not Path(sys.argv[2]).exists():
    time.sleep(0.001)
draft = outbox.send(sys.argv[3], adapter)
print(draft.state, draft.forum_id, flush=True)
"""


def test_two_processes_sending_the_same_draft_post_it_once(forum: SpiritForum, seeded: dict, tmp_path: Path) -> None:
    topic = seeded["topic_id"]
    config = write_config(forum, tmp_path, topic)
    Outbox(Store(config.live.database), lambda: datetime.now(UTC), "markdown").draft(
        "Jour 1/evening", "evening", "Le village a brûlé Lucas.", approved=True
    )
    go = tmp_path / "go"
    command = [sys.executable, "-c", RACER, str(config.path), str(go), "Jour 1/evening"]
    racers = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
        for _ in range(2)
    ]
    for racer in racers:
        assert racer.stdout is not None and racer.stdout.readline().strip() == "ready"
    log_from = len(forum.log())
    go.touch()  # both at once: `meneur outbox send` beside `meneur run`
    results = [racer.communicate(timeout=120) for racer in racers]
    assert all(racer.returncode == 0 for racer in racers), [err for _, err in results]
    posts = re.findall(rf'"POST /comment/{topic}/publish/ HTTP/1\.1"', forum.log()[log_from:])
    assert len(posts) == 1
    states = {out.strip() for out, _ in results}
    assert len(states) == 1 and states.pop().startswith("sent ")  # both say sent, with the same forum id


def test_a_new_games_role_card_is_not_taken_for_the_last_games(forum: SpiritForum, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Two games one after the other, same MJ, same players, each with its own database. The second's role
    card for Lucas has the first's key; its first try never reached the forum, so meneur looks before
    sending again: it must not take the first game's card for it."""
    game_config = '[game]\nruleset = "classique"\nseed = 4\n'
    cards = {}
    for number in (1, 2):
        seeded = forum.seed(MJ, PLAYERS, topic_title=f"Partie {number} {tmp_path.name[-8:]}")
        monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
        config = write_config(forum, tmp_path / f"partie{number}", seeded["topic_id"], "")
        config = load_config(_with_ruleset(config.path, game_config))
        transport, clock = Unreliable(), Clock()
        game = game_on(config, transport, clock)
        game.deal()
        game.outbox.approve("setup/role_card/Lucas")
        if number == 2:
            # Lucie's card first: spirit drops an MP whose title repeats the MJ's previous one.
            game.outbox.approve("setup/role_card/Lucie")
            assert game.outbox.send("setup/role_card/Lucie", game.adapter).state == "sent"
            transport.next_post = "lost"
            with pytest.raises(ForumUnavailable):
                game.outbox.send("setup/role_card/Lucas", game.adapter)
            clock.now += SETTLE
        cards[number] = game.outbox.send("setup/role_card/Lucas", game.adapter)
        assert transport.posts_to("/topic/private/publish/") == number  # game 2: Lucie's card, then Lucas's
    assert cards[1].reference != cards[2].reference
    assert cards[2].state == "sent" and cards[2].forum_id != cards[1].forum_id
    titles = [t["title"] for t in forum.client("Lucas").private_topics()]
    assert titles.count("Ton rôle, Lucas") >= 2


def _with_ruleset(path: Path, game: str) -> Path:
    text = path.read_text(encoding="utf-8").replace("[game]\n", game, 1)
    path.write_text(text, encoding="utf-8")
    return path


def test_references_are_stable_in_a_game_and_differ_between_games(tmp_path: Path) -> None:
    clock = Clock()
    first = Outbox(Store(tmp_path / "a.sqlite"), clock).draft("setup/role_card/Lucas", "role_card", "Loup.")
    again = Outbox(Store(tmp_path / "a.sqlite"), clock).draft("setup/role_card/Lucas", "role_card", "Loup !")
    other = Outbox(Store(tmp_path / "b.sqlite"), clock).draft("setup/role_card/Lucas", "role_card", "Loup.")
    assert first.reference == again.reference and again.reference in again.body
    assert other.reference != first.reference


class Recorder:
    """Stands for the forum where only meneur's own behaviour is looked at: what it posted, what it looked up."""

    markup = "bbcode"

    def __init__(self, refuse: Exception | None = None) -> None:
        self.posted: list[str] = []
        self.looked: list[str] = []
        self.refuse = refuse

    def reply(self, body: str) -> str:
        if self.refuse is not None:
            raise self.refuse
        self.posted.append(body)
        return str(len(self.posted))

    def find_own_post(self, reference: str) -> str | None:
        self.looked.append(reference)
        return None

    def max_post_chars(self) -> int:
        return 60000


def test_a_sender_stuck_holding_the_lock_delays_the_daemon_without_freezing_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "partie.sqlite")
    outbox = Outbox(store, Clock(), lock_wait=0.2)
    outbox.draft("J1/evening", "evening", "Le village a brûlé Zoé.", approved=True)
    where = store.lock_path("send")
    assert where is not None
    # A `meneur outbox send` stopped with Ctrl-Z in the middle of a send:
    stuck = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(stuck, fcntl.LOCK_EX)
    forum = Recorder()
    try:
        assert outbox.send_ready(forum) == []  # type: ignore[arg-type]  # this cycle skips; the daemon goes on
        with pytest.raises(Busy, match="un autre meneur"):
            outbox.send("J1/evening", forum)  # type: ignore[arg-type]
        assert forum.posted == [] and outbox.get("J1/evening").state == "approved"
    finally:
        os.close(stuck)
    assert [d.state for d in outbox.send_ready(forum)] == ["sent"]  # type: ignore[arg-type]
    assert len(forum.posted) == 1


def test_a_refused_login_while_sending_is_not_followed_by_another_login_to_look(tmp_path: Path) -> None:
    """Logging in again with a refused password only brings the account nearer to a lock-out."""
    outbox = Outbox(Store(tmp_path / "partie.sqlite"), Clock())
    outbox.draft("J1/evening", "evening", "Le village a brûlé Zoé.", approved=True)
    forum = Recorder(refuse=LoginFailed("the forum refused the MJ's password"))
    with pytest.raises(LoginFailed):
        outbox.send("J1/evening", forum)  # type: ignore[arg-type]
    assert forum.looked == [] and outbox.get("J1/evening").state == "failed"


def test_a_draft_edited_between_reading_and_claiming_is_not_sent_with_its_old_text(tmp_path: Path) -> None:
    """The claim is one conditional write: if the MJ's page edited the draft after the sender read it,
    the sender loses the claim instead of posting the text it read."""
    path = tmp_path / "partie.sqlite"
    daemon, page = Outbox(Store(path), Clock()), Outbox(Store(path), Clock())
    daemon.draft("J1/evening", "evening", "Le village a brûlé Zoé.", approved=True)
    read = daemon.get

    def read_then_the_mj_edits(key: str):  # type: ignore[no-untyped-def]
        draft = read(key)
        daemon.get = read  # type: ignore[method-assign]  # once
        page.edit(key, "Le village a brûlé Lucie.")
        return draft

    daemon.get = read_then_the_mj_edits  # type: ignore[method-assign]
    forum = Recorder()
    assert daemon.send_ready(forum) == []  # type: ignore[arg-type]
    assert forum.posted == [] and daemon.get("J1/evening").state == "drafted"
    page.approve("J1/evening")
    assert [d.state for d in daemon.send_ready(forum)] == ["sent"]  # type: ignore[arg-type]
    assert forum.posted[0].startswith("Le village a brûlé Lucie.")
