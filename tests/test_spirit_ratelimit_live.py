"""meneur against a django-spirit forum with its rate limits ON, as a real forum has them by default: one post
per 10 s per member (comments and private topics), five logins per 5 min per username and per address.

Every draft still goes out exactly once and in order, without the MJ; a cron of fresh ``meneur poll``
processes logs in once; a forum that refuses logins for their rate is not asked again until it said to.
The forum's own request log (one line per request) is the witness of what meneur asked it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.tests.spiritforum import PASSWORD, SpiritForum

MJ = "Meneur_Pressé"
PLAYERS = ["Agathe", "Bruno", "Cécile", "Damien", "Eloïse"]


def _limited_forum() -> SpiritForum:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MENEUR_SPIRIT_RATELIMIT", "1")
        return SpiritForum.start()


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    server = _limited_forum()
    try:
        yield server
    finally:
        server.stop()


def write_config(tmp: Path, forum: SpiritForum, topic_id: int) -> Path:
    players = "".join(f'[[players]]\nname = "{name}"\n' for name in PLAYERS)
    deadline = (datetime.now(UTC) + timedelta(hours=2)).isoformat(timespec="seconds")
    path = tmp / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'password_env = "MENEUR_TEST_PASSWORD"\n[game]\ntopic = "{topic_id}"\ndatabase = "partie.sqlite"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline}"\n[poll]\nmin_request_interval = 0.01\n{players}',
        encoding="utf-8",
    )
    return path


def poll(config: Path) -> subprocess.CompletedProcess[str]:
    """One `meneur poll`, a process of its own, as cron starts it."""
    meneur = Path(sys.executable).with_name("meneur")
    return subprocess.run(
        [str(meneur), "poll", "--config", str(config)], capture_output=True, text=True, env=dict(os.environ)
    )


def mj_comments(forum: SpiritForum) -> list[str]:
    """The markdown of every comment of the MJ (posts and MPs alike), in the order the forum saved them."""
    code = (
        "from spirit.comment.models import Comment\n"
        "out([c.comment for c in Comment.objects.filter(user__username__iexact=ARGS['mj']).order_by('pk')])\n"
    )
    texts: list[str] = forum.shell(code, mj=MJ)
    return texts


def requests(forum: SpiritForum, method: str, path: str, status: int | None = None) -> int:
    """How many such requests the forum's log shows (runserver: '"POST /user/login/ HTTP/1.1" 302 0')."""
    pattern = rf'"{method} {re.escape(path)}\S* HTTP/1\.1" ' + (str(status) if status else r"\d+")
    return len(re.findall(pattern, forum.log()))


@pytest.fixture
def game(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> LiveGame:
    monkeypatch.setenv("MENEUR_TEST_PASSWORD", PASSWORD)
    seeded = forum.seed(MJ, PLAYERS, topic_title=f"Partie {tmp_path.name[-6:]} — Jour 1")
    config = load_config(write_config(tmp_path, forum, seeded["topic_id"]))
    return LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))


def test_role_cards_and_a_post_drafted_at_once_all_go_out_once_in_order(forum: SpiritForum, game: LiveGame) -> None:
    before = len(mj_comments(forum))
    keys = []
    for n, name in enumerate(PLAYERS, 1):
        key = f"Nuit 0/role/{name}"
        game.outbox.draft(key, "role", f"Carte {n} : {name}, tu es Villageois.", recipient=name,
                          subject="Ton rôle", approved=True)  # fmt: skip
        keys.append(key)
    game.outbox.draft("Jour 1/morning", "morning", "Carte 6 : le jour se lève sur le village.", approved=True)
    keys.append("Jour 1/morning")

    sent = game.outbox.send_ready(game.adapter)  # one cycle: meneur waits for the forum within it

    assert [d.key for d in sent] == keys
    assert [game.outbox.get(k).state for k in keys] == ["sent"] * 6
    assert [game.outbox.get(k).error for k in keys] == [None] * 6
    cards = [re.match(r"Carte (\d)", text) for text in mj_comments(forum)[before:]]
    assert [int(m.group(1)) for m in cards if m] == [1, 2, 3, 4, 5, 6]  # each once, in order
    # The limit is on and was met: the forum answered some of these posts with its form again (200).
    refused = requests(forum, "POST", "/topic/private/publish/", 200) + requests(forum, "POST", "/comment/", 200)
    assert refused >= 1


def test_a_draft_the_forum_paces_beyond_the_cycle_stays_queued_with_a_note(forum: SpiritForum, game: LiveGame) -> None:
    game.adapter.pace_budget = 0.0  # type: ignore[attr-defined]  # no waiting within the cycle
    before = len(mj_comments(forum))
    keys = [f"Nuit 1/receipt/{name}" for name in PLAYERS[:3]]
    for n, (key, name) in enumerate(zip(keys, PLAYERS, strict=False), 1):
        game.outbox.draft(key, "receipt", f"Carte {n} : bien reçu, {name}.", recipient=name,
                          subject="Reçu — Nuit 1", approved=True)  # fmt: skip

    notes: list[str] = []
    for _ in range(12):  # cycles; the forum takes one post per 10 s
        game.outbox.send_ready(game.adapter)
        states = [game.outbox.get(k).state for k in keys]
        assert "failed" not in states
        notes += [d.error for d in (game.outbox.get(k) for k in keys) if d.state == "approved" and d.error]
        if states == ["sent"] * 3:
            break
        # Never out of order: a later draft never goes out before an earlier one still queued.
        assert states == sorted(states, key=lambda s: s != "sent")
        time.sleep(4)
    assert [game.outbox.get(k).state for k in keys] == ["sent"] * 3
    assert notes and all("le forum" in note and "rythme" in note for note in notes), notes
    cards = [re.match(r"Carte (\d)", text) for text in mj_comments(forum)[before:]]
    assert [int(m.group(1)) for m in cards if m] == [1, 2, 3]


def test_a_long_draft_paced_part_by_part_goes_out_whole_once(forum: SpiritForum, game: LiveGame) -> None:
    game.adapter.pace_budget = 0.0  # type: ignore[attr-defined]  # each refusal leaves it for the next cycle
    before = len(mj_comments(forum))
    body = "\n\n".join(f"Paragraphe {n:02d} : " + "le village dort, les loups veillent. " * 12 for n in range(16))
    assert len(body) > 2 * 3000  # spirit takes 3000 characters a comment: three parts
    game.outbox.draft("Nuit 1/role/Bruno", "role", body, recipient="Bruno", subject="Ton rôle", approved=True)

    for _ in range(15):  # cycles
        game.outbox.send_ready(game.adapter)
        draft = game.outbox.get("Nuit 1/role/Bruno")
        assert draft.state in ("approved", "sent"), draft.error  # never "failed": nothing for the MJ to do
        if draft.state == "sent":
            break
        time.sleep(4)
    parts = game.outbox.parts("Nuit 1/role/Bruno")
    assert len(parts) == 3 and [p.state for p in parts] == ["sent"] * 3
    assert [p.attempts for p in parts] == [1, 1, 1]  # a part refused for the rate was not counted as tried
    said = re.findall(r"Paragraphe (\d\d)", "\n".join(mj_comments(forum)[before:]))
    assert said == [f"{n:02d}" for n in range(16)]  # every paragraph once, in order


def test_a_cron_of_fresh_polls_logs_in_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MENEUR_TEST_PASSWORD", PASSWORD)
    seeded = forum.seed(MJ, PLAYERS, topic_title="Partie cron — Jour 1")
    config = write_config(tmp_path, forum, seeded["topic_id"])
    logins = requests(forum, "POST", "/user/login/")
    for _ in range(7):  # more polls than the forum's five logins per five minutes, each a new process
        done = poll(config)
        assert done.returncode == 0, done.stderr
    assert requests(forum, "POST", "/user/login/") - logins == 1


def test_a_forum_refusing_logins_for_their_rate_is_left_alone_until_it_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = _limited_forum()  # its own server: its login counters are its own
    try:
        monkeypatch.setenv("MENEUR_TEST_PASSWORD", PASSWORD)
        seeded = server.seed(MJ, PLAYERS, topic_title="Partie verrou — Jour 1")
        config = write_config(tmp_path, server, seeded["topic_id"])
        # Someone (the MJ in a browser, a wrong password) used up the five logins of these five minutes.
        with httpx.Client(base_url=server.base_url, trust_env=False) as browser:
            for _ in range(5):
                page = browser.get("/user/login/")
                token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
                assert token is not None
                wrong = {"csrfmiddlewaretoken": token.group(1), "username": MJ, "password": "pas le bon"}
                browser.post("/user/login/", data=wrong, headers={"Referer": str(page.url)})
        logins = requests(server, "POST", "/user/login/")

        done = poll(config)
        assert done.returncode != 0
        assert "limite le nombre de connexions" in done.stderr and "mauvais mot de passe" not in done.stderr
        assert requests(server, "POST", "/user/login/") - logins == 1
        for _ in range(3):  # the next polls of the cron: the forum said 5 minutes, meneur does not ask before
            done = poll(config)
            assert done.returncode != 0 and "limite le nombre de connexions" in done.stderr, done.stderr
        assert requests(server, "POST", "/user/login/") - logins == 1
    finally:
        server.stop()


def test_a_session_that_expired_during_a_login_lockout_is_told_as_the_lockout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = _limited_forum()
    try:
        monkeypatch.setenv("MENEUR_TEST_PASSWORD", PASSWORD)
        seeded = server.seed(MJ, PLAYERS, topic_title="Partie expirée — Jour 1")
        config = write_config(tmp_path, server, seeded["topic_id"])
        done = poll(config)  # logs in (the first of five): its session is kept in the game's database
        assert done.returncode == 0, done.stderr
        with httpx.Client(base_url=server.base_url, trust_env=False) as browser:
            for _ in range(5):  # the rest of these five minutes' logins, and one over
                page = browser.get("/user/login/")
                token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
                assert token is not None
                wrong = {"csrfmiddlewaretoken": token.group(1), "username": MJ, "password": "pas le bon"}
                browser.post("/user/login/", data=wrong, headers={"Referer": str(page.url)})
        server.shell("from django.contrib.sessions.models import Session\nSession.objects.all().delete()")

        # The kept session is gone; the forum sends the new login back to its form: the MJ is told it is the
        # forum's login limit, not a wrong password.
        done = poll(config)
        assert done.returncode != 0
        assert "limite le nombre de connexions" in done.stderr and "mauvais mot de passe" not in done.stderr
    finally:
        server.stop()
