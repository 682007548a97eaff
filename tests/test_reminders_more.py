"""Reminders (``[reminders]``, daemon/reminders.py) beyond tests/test_chores_reminders.py, on a real django-spirit
forum: the day reminder's words follow the game's vote channel (baguette: the votes are MPs to the MJ), and a
reminder whose job failed is drafted again at the next poll while its deadline is ahead — once."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest
from meneur.daemon.reminders import draft_reminder
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_baguette_live import baguette_game, forum

__all__ = ["forum"]  # test_baguette_live's forum fixture, one per module


def test_the_day_reminder_of_a_game_voting_by_mp_asks_for_vote_mps(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Baguette: « Les votes se feront par MP au MJ ». On J1, Anna, Fanny and Basile sent their vote MPs; Coline,
    Denis and Emile sent none (the rules give each a vote against himself, so the tally does not call them
    "not voted"). The reminder tells to vote by MP to the MJ, names those three, and says nothing of posted
    votes or of the topic's « Je vote contre » format."""
    game, clock, _topic = baguette_game(forum, tmp_path, monkeypatch, 4, "Rappel baguette", "MJBagRappel")
    game.config = replace(game.config, live=replace(game.config.live, remind_day_hours=0.5))
    mj = game.config.live.username
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)

    def mp(who: str, text: str, when: datetime) -> None:
        private = forum.client(who).send_private(f"{who} {when:%H%M%S}", [mj], text)
        forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], when)

    for who in ("Coline", "Denis", "Emile", "Fanny"):
        mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    day = start + 2 * hour
    mp("Anna", "Je vote contre Coline", day + timedelta(minutes=5))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=6))
    mp("Basile", "Je vote contre Anna", day + timedelta(minutes=7))
    clock.now = day + timedelta(minutes=40)
    game.cycle()
    [made] = draft_reminder(game, "Jour 1", "day")
    body = made.body
    assert "Rappel — Jour 1 : plus que 20 min pour voter" in body
    assert f"Les votes se font par MP au MJ ({mj})" in body
    assert "N'ont pas encore envoyé leur vote : Coline, Denis, Emile." in body
    assert "Pensez à voter par MP au MJ" in body and "« Je vote blanc »" in body
    assert "postés" not in body and "gras" not in body and "Tout le monde" not in body


@pytest.mark.parametrize("unreadable", [True, False], ids=["layout-alert", "send-failed"])
def test_a_reminder_that_could_not_go_out_is_sent_at_a_later_poll_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unreadable: bool
) -> None:
    """`meneur run`: the forum is down when the day reminder is due (a proxy in front of it answers 500 to
    everything), and its last page read was an unreadable one (the layout alert is open: counting is stopped,
    so the reminder's count cannot be made and its job fails). The forum comes back while the day is still
    on: the topic reads again, the alert closes, and the reminder is posted at that poll — once.
    (While the forum is down with the count readable, the reminder is drafted and its sending retried by
    every poll: that path is checked here too, by the same test without the alert.)"""
    import sqlite3
    import threading
    import time
    from datetime import UTC

    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.config import load_config
    from meneur.daemon.game import LiveGame
    from meneur.daemon.poller import LAYOUT_ALERT, add_alert, open_alerts
    from meneur.daemon.scheduler import GameScheduler
    from meneur.daemon.store import Store
    from meneur.tests.faultproxy import FaultProxy, Plan

    mj = "MJRappelPanne" + ("Page" if unreadable else "Envoi")
    seeded = forum.seed(mj, ["Anna", "Basile"], topic_title=f"Partie rappel en panne ({unreadable})")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    topic = seeded["topic_id"]
    plan = Plan(seed=1, rate=1.0, faults=("error_before",), enabled=False)
    with FaultProxy(forum.port, plan) as proxy:
        end = datetime.now(UTC) + timedelta(hours=1, seconds=8)
        path = tmp_path / "partie.toml"
        path.write_text(
            f'[forum]\nengine = "spirit"\nurl = "{proxy.base_url}"\n[account]\nusername = "{mj}"\n'
            f'[game]\ntopic = "{topic}"\ndatabase = "partie.sqlite"\n'
            f'[[deadlines]]\nlabel = "Jour 1"\nat = "{end.isoformat(timespec="seconds")}"\n'
            "[poll]\ntopic_every = 1\ninbox_every = 1\ngrace = 0\nmin_request_interval = 0.01\nretries = 1\n"
            "backoff = 0.1\nunreachable_after = 600\n"
            '[outbox]\nauto = ["reminder"]\nsettle = 1\n[reminders]\nday_post_hours = 1\n'
            '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n',
            encoding="utf-8",
        )
        config = load_config(path)
        game = LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))
        if unreadable:
            add_alert(game.store, LAYOUT_ALERT, "page illisible (test)", datetime.now(UTC))
            plan.enabled = True  # down from the start
        scheduler = GameScheduler(game)
        thread = threading.Thread(target=scheduler.run, kwargs={"handle_signals": False}, daemon=True)
        thread.start()

        def reminder_rows() -> list[tuple[str, str]]:
            with sqlite3.connect(tmp_path / "partie.sqlite") as db:
                return db.execute("select key, state from drafts where kind = 'reminder'").fetchall()

        def posted() -> list[str]:
            return [c["text"] for c in forum.client(mj).comments(topic) if "Rappel — Jour 1" in c["text"]]

        def posted_now() -> list[str]:  # while waiting: the loaded test forum may answer one read with a 500
            try:
                return posted()
            except httpx.HTTPStatusError:
                return []

        def wait(done: object, seconds: float = 120) -> None:
            end_wait = time.monotonic() + seconds
            while time.monotonic() < end_wait and not done():  # type: ignore[operator]
                time.sleep(0.2)

        try:
            if not unreadable:
                wait(lambda: game.adapter.http.requests > 0, 30)  # a first poll, with the forum up
            plan.enabled = True  # the forum is down before the reminder is due (in ~8 s)
            wait(lambda: datetime.now(UTC) > end - timedelta(hours=1) + timedelta(seconds=4), 60)
            time.sleep(3)  # the reminder's time passed while the forum answered errors only
            assert posted() == [] and scheduler.scheduler.get_job("reminder:Jour 1:day") is None  # its job ran
            plan.enabled = False  # the forum is back, the day is still on
            wait(lambda: len(posted_now()) >= 1)
            time.sleep(3)  # a few more polls: nothing posted again
        finally:
            scheduler.request_stop("test")
            thread.join(60)
        assert not thread.is_alive()
        assert len(posted()) == 1
        assert reminder_rows() == [("Jour 1/reminder/day", "sent")]
        assert any(s.fault == "error_before" for s in proxy.log)
        assert not open_alerts(game.store, LAYOUT_ALERT)


def test_a_night_reminder_due_before_the_day_is_resolved_waits_for_it(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night reminder's time comes while the day before it is still pending (its deadline is retried: the
    forum was down at it). Who holds a night power is not known yet, so nothing is drafted — and nothing is
    marked done: once the day is resolved, the next poll (``draft_due_reminders``, as `meneur run` and a
    cron'd `meneur poll` call it) drafts the night's MPs, once."""
    from meneur.daemon.reminders import draft_due_reminders, due_reminders
    from meneur.tests.livegame import live_game

    roles = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "salvateur", "Emile": "simple_villageois"}
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, "MJRappelNuit", roles, 5, seed=2,
                               title="Rappel de nuit en attente")  # fmt: skip
    game.config = replace(game.config, live=replace(game.config.live, remind_night_hours=0.5))
    start, hour = clock.now, timedelta(hours=1)
    for n, label in enumerate(("Jour 0", "Nuit 1"), start=1):
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
    night = start + 3 * hour  # Jour 1 ended then; Nuit 2 ends at + 4 h, its reminder is due at + 3 h 30
    clock.now = night + timedelta(minutes=40)
    assert [d.id for d in game.deadlines("pending")][:2] == ["Jour 1", "Nuit 2"]  # the day is not resolved
    assert draft_reminder(game, "Nuit 2", "night") == []
    assert draft_due_reminders(game) == []
    assert [(r.deadline, r.kind) for r in due_reminders(game)] == [("Nuit 2", "night")]  # still to draft

    game.fire_deadline("Jour 1")  # the forum is back: the day's deadline resolves
    made = draft_due_reminders(game)
    assert sorted(d.recipient or "" for d in made) == ["Anna", "Basile", "Coline"]  # Emile holds no night power
    assert all("la Nuit 2 se termine dans 20 min" in d.body for d in made)
    assert draft_due_reminders(game) == [] and due_reminders(game) == []
