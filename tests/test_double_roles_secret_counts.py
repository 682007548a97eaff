"""double-roles keeps the count secret: « Les résultats exacts du décompte des voix à chaque bûcher ne sont pas
publics » (the Meneur's heavier vote, the Institutrice's removals, the Corbeau's votes and the mayor's double vote
on a tie would show in the numbers). Live, on the real django-spirit test forum, with a game configured to post a
count after every new vote and a reminder before the day's end: no count post is drafted, the reminder names who
has not voted but gives no numbers, the evening post gives the result only; the MJ's page and `meneur count`
show the whole count."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.cli import main
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.reminders import draft_reminder
from meneur.daemon.store import Store
from meneur.daemon.web import MJPage
from meneur.engine.rulesets import ruleset
from meneur.tests.livegame import Clock, live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_double_roles_relay import NATURES, ROLES

MJ = "MJ_Secret"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_the_flag_is_on_the_contract() -> None:
    assert ruleset("double-roles").secret_counts is True
    assert ruleset("classique").secret_counts is False


def counting_every_vote(tmp_path: Path, clock: Clock) -> LiveGame:
    """The game of ``live_game``, configured as an MJ who wants a count after each vote and a reminder an hour
    before the day's end."""
    path = tmp_path / "partie.toml"
    text = path.read_text(encoding="utf-8").replace(
        "[outbox]\nauto = []\n", "[outbox]\nauto = []\ncount_every_votes = 1\n"
    )
    path.write_text(text + "[reminders]\nday_post_hours = 1\n", encoding="utf-8")
    config = load_config(path)
    return LiveGame(config, Store(config.live.database), make_adapter(config), clock)


def vote(forum: SpiritForum, topic: int, voter: str, target: str, when: datetime) -> None:
    forum.set_comment_date(forum.client(voter).post_comment(topic, f"**Je vote contre {target}**"), when)


def test_no_count_reaches_the_players(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 2, seed=18, title="Secret", ruleset="double-roles", camps=NATURES
    )
    game = counting_every_vote(tmp_path, clock)
    start = clock.now
    game.deal()
    for draft in game.outbox.drafts("drafted"):
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)

    # J0, the mayor's election: Chloe 3 votes, Bruno 2.
    ballots = [("Alice", "Chloe"), ("Bruno", "Chloe"), ("Denis", "Bruno"), ("Emile", "Bruno"), ("Fanny", "Chloe")]
    for minute, (voter, target) in enumerate(ballots, start=1):
        vote(forum, topic, voter, target, start + timedelta(minutes=minute))
    clock.now = start + timedelta(minutes=10)
    report = game.cycle()
    assert report.count is not None and report.count.tally.as_dict() == {"Chloe": 3, "Bruno": 2}
    assert [d.key for d in game.outbox.drafts() if d.kind == "vote_count"] == []
    assert game.post_count_now() is None  # `[outbox] count_at`: nothing either

    clock.now = start + timedelta(minutes=30)  # the reminder's hour
    (reminder,) = draft_reminder(game, "Jour 0", "day")
    assert "Gaston" in reminder.body and "Hugo" in reminder.body  # who has not voted: public in the topic anyway
    assert "Bruno" not in reminder.body and "3 vote" not in reminder.body and "2 vote" not in reminder.body
    assert "secret" in reminder.body

    # The MJ sees the whole count: on his page, and with `meneur count`.
    page = MJPage(game, "jeton").state()
    assert page["count"]["tally"] == {"Chloe": 3, "Bruno": 2}
    code = main(["count", "--config", str(tmp_path / "partie.toml"), "--db", str(game.config.live.database)])
    printed = capsys.readouterr().out
    assert code == 0 and "Chloe" in printed and "3 vote" in printed

    clock.now = start + timedelta(hours=1, seconds=1)
    game.fire_deadline("Jour 0")
    (evening,) = [d for d in game.outbox.drafts() if d.kind == "evening"]
    assert "Chloe" in evening.body and "maire" in evening.body
    assert not any(f"{n} vote" in evening.body or f"{n} voix" in evening.body for n in (2, 3))
    for draft in game.outbox.drafts():
        assert "vote_result" not in draft.key


def test_meneur_check_warns_that_no_count_will_be_posted(tmp_path: Path) -> None:
    """An MJ who asks for live counts in a double-roles game is told, before the game, that none will be posted."""
    from datetime import UTC

    from meneur.daemon.config import setup_problems

    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\ncamp = "{NATURES[n]}"\n' for n, r in ROLES.items())
    head = (
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        '[game]\ntopic = "1"\nruleset = "{}"\nseed = 3\n[outbox]\ncount_every_votes = 5\ncount_at = ["12:00"]\n'
    )
    path = tmp_path / "partie.toml"
    path.write_text(head.format("double-roles") + players, encoding="utf-8")
    warned = [m for _level, m in setup_problems(load_config(path), datetime.now(UTC)) if "count_every_votes" in m]
    assert len(warned) == 1 and "double-roles" in warned[0] and "secret" in warned[0], warned
    path.write_text(head.format("classique") + "".join(f'[[players]]\nname = "{n}"\n' for n in ROLES), "utf-8")
    assert not [m for _level, m in setup_problems(load_config(path), datetime.now(UTC)) if "count_every_votes" in m]
