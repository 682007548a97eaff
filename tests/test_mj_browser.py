"""The MJ's page in a real browser: Debian's headless chromium, driven by Playwright, against `meneur run`
(a separate process) and a real django-spirit forum on 127.0.0.1.

One day, end to end: players vote on the forum; the MJ corrects a vote that was not in bold, which makes
a tie; at the deadline the rules ask the MJ to break it; the MJ answers on the page, then sends the
evening post, which lands on the forum once. Then the night: action MPs show with what was understood.
A player whose name is `<script>alert(1)</script>` and posts and MPs holding HTML show as text, and no
script of theirs runs. Last, the MJ logs out and comes back through the printed address. Screenshots of
each view are saved (``MENEUR_SCREENSHOTS``, default ``.cache/screenshots``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.tests.rundaemon import Daemon
from meneur.tests.spiritforum import PlayerSession, SpiritForum

REPO = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("MENEUR_SCREENSHOTS", REPO / ".cache" / "screenshots"))
EVIL = "<script>alert(1)</script>"
CHROMIUM = shutil.which("chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if CHROMIUM is None and os.environ.get("CI"):
    raise RuntimeError("CI needs Debian's chromium for the browser tests: scripts/browser installs it")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (scripts/browser)")


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def _day_end(lead: float = 25.0) -> datetime:
    """A deadline at second 59 of a minute, at least ``lead`` seconds away. spirit stamps messages to the
    minute: anything sent after such a deadline is stamped after it, anything before it, before."""
    moment = (datetime.now(UTC) + timedelta(seconds=lead)).replace(microsecond=0)
    return moment.replace(second=59)


def _shot(page: object, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def test_a_day_and_a_night_run_from_the_mj_page(forum: SpiritForum, tmp_path: Path) -> None:
    names = ["Alice", "Bob", "Carole", "David", "Eve", "mallory"]
    seeded = forum.seed("MJ_Page", names, topic_title="Partie navigateur — Jour 0")
    users = seeded["users"]
    roles = {"Alice": "loup_garou", "Bob": "voyante", "Carole": "cupidon", "David": "salvateur",
             "Eve": "chasseur", "mallory": "simple_villageois"}  # fmt: skip
    day_end = _day_end()
    players = "".join(
        f'[[players]]\nname = "{n}"\nrole = "{roles[n]}"\nuser_id = "{users[n]}"\n' for n in names if n != "mallory"
    )
    players += f'[[players]]\nname = "{EVIL}"\nrole = "simple_villageois"\nuser_id = "{users["mallory"]}"\n'
    players += 'aliases = ["mallory"]\n'
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Page"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 3\n'
        f'[[deadlines]]\nlabel = "Jour 0"\nat = "{day_end.isoformat()}"\nkind = "day"\nphase = "J0"\n'
        f'[[deadlines]]\nlabel = "Nuit 1"\nat = "{(day_end + timedelta(hours=2)).isoformat()}"\nkind = "night"\n'
        'phase = "N1"\n'
        "[poll]\ntopic_every = 1\ninbox_every = 1\nnear_every = 1\ngrace = 1\nmin_request_interval = 0.05\n"
        "[outbox]\nauto = []\n" + players,
        encoding="utf-8",
    )
    topic = seeded["topic_id"]
    forum.client("Alice").post_comment(topic, "**Je vote contre Bob**")
    forum.client("Carole").post_comment(topic, "Je vote contre Bob")  # not bold: a warning, not a vote
    forum.client("David").post_comment(topic, "**Je vote contre Eve**")
    forum.client("Eve").post_comment(topic, "**Je vote contre mallory**")
    mallory = forum.client("mallory")
    html_post = mallory.post_comment(
        topic, "Coucou <img src=x onerror=alert(2)> **Je vote contre <script>alert(3)</script>**"
    )
    mallory.post_comment(topic, "Finalement : **Je vote contre Eve**")

    env = {**os.environ, "MENEUR_PASSWORD": seeded["password"]}
    daemon = Daemon(config, env)
    dialogs: list[str] = []
    try:
        _play(forum, daemon, topic, day_end, html_post, mallory, dialogs)
    except BaseException:
        print("meneur run said:\n" + "\n".join(daemon.lines))  # shown by pytest when the test fails
        raise
    finally:
        daemon.stop()
    assert dialogs == [], f"a player's script ran: {dialogs}"
    text = forum.client("Carole").read_topic_text(topic)
    assert text.count("maire") >= 1 and text.count("réf. mj-") == 1, text[-2000:]


def _play(
    forum: SpiritForum,
    daemon: Daemon,
    topic: int,
    day_end: datetime,
    html_post: int,
    mallory: PlayerSession,
    dialogs: list[str],
) -> None:
    """The MJ's clicks, in the browser."""
    from playwright.sync_api import expect, sync_playwright

    address = daemon.address()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(address)
        # The day: the live count, the warning on Carole's post, and the MJ's correction.
        carole = page.locator(".warning[data-kind='vote_not_bold']")
        expect(carole).to_be_visible(timeout=30_000)
        expect(page.locator("#tally")).to_contain_text("Eve")
        _shot(page, "1-day-count")
        carole.locator("select[name=target]").select_option("Bob")
        carole.get_by_role("button", name="Corriger").click()
        expect(page.locator(".warning[data-kind='mj_corrected']")).to_be_visible()
        tally = page.locator("#tally").inner_text()
        assert "Bob\t2" in tally and "Eve\t2" in tally, tally
        expect(page.locator("#chart path.series")).to_have_count(3)  # Bob, Eve and the evil name
        _shot(page, "2-day-corrected")

        # Player text stays text: the name, the post with HTML, no script run, no image loaded.
        assert EVIL in page.locator("#players").inner_text()
        shown = page.locator(f".warning[data-post='{html_post}']").inner_text()
        assert "<img src=x onerror=alert(2)>" in shown and "« <script>alert »" in shown, shown
        assert page.locator("img").count() == 0
        assert page.locator("script").count() == 3  # the page's own: its data, its words (mj.js's) and mj.js

        # The deadline: the tie asks the MJ, who answers on the page.
        question = page.locator("form.question[data-question='J0:maire_egalite']")
        expect(question).to_be_visible(timeout=(day_end - datetime.now(UTC)).total_seconds() * 1000 + 30_000)
        _shot(page, "3-question")
        question.locator("select[name=choice]").select_option("Eve")
        question.get_by_role("button", name="Répondre").click()
        expect(page.locator("#mayor")).to_have_text("Eve", timeout=10_000)
        evening = page.locator(".draft[data-public='1']").first
        expect(evening).to_contain_text("Eve")
        key = evening.get_attribute("data-key")
        evening.get_by_role("button", name="Envoyer maintenant").click()
        sent = page.locator(f".draft[data-key='{key}'] .badge.sent")
        expect(sent).to_be_visible(timeout=60_000)
        link = page.locator(f".draft[data-key='{key}'] a", has_text="voir sur le forum")
        assert (link.get_attribute("href") or "").startswith(forum.base_url)
        _shot(page, "4-outbox-sent")

        # The night: action MPs and what was understood from them.
        forum.client("Bob").send_private("Ma nuit", ["MJ_Page"], "Je sonde Alice, merci !")
        mallory.send_private("<b>nuit</b>", ["MJ_Page"], "Rien ce soir <img src=x onerror=alert(4)>")
        night = page.locator("#night")
        expect(night.locator(".mp")).to_have_count(2, timeout=30_000)
        expect(night).to_contain_text("voyante.sonder → Alice")
        assert "<img src=x onerror=alert(4)>" in night.inner_text()
        not_acted = page.locator("#not-acted").inner_text()
        # The first night only Cupidon acts (classique): Carole; not David, the Salvateur.
        assert "Carole" in not_acted and "David" not in not_acted, not_acted
        assert page.locator("img").count() == 0
        _shot(page, "5-night")

        # Logging out ends the session (the page's forms came from its own origin, as checked above);
        # the printed address opens another one.
        page.get_by_role("button", name="Se déconnecter").click()
        expect(page.locator("body")).to_contain_text("Accès refusé")
        page.goto(address)
        expect(page.locator("#mayor")).to_have_text("Eve")
        browser.close()
