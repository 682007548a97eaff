"""Reminders (``[reminders]``, daemon/reminders.py) beyond tests/test_chores_reminders.py, on a real django-spirit
forum: the day reminder's words follow the game's vote channel (baguette: the votes are MPs to the MJ), and a
reminder whose job failed is drafted again at the next poll while its deadline is ahead — once."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

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
