"""The MJ's corrections of the vote counter ("this post is a vote against X" / "ignore it"), on a whole
fixture day read through the real phpBB 3 adapter: stored by post id, they hold through recounts, a
restart and the deadline's count. Also recounts after a player deletes a post."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import lxml.html
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config, parse_config
from meneur.daemon.game import GameError, LiveGame
from meneur.daemon.store import Store
from meneur.engine.daycount import WarningKind

DAY = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "phpbb3" / "j1-village"


REMOVED: set[str] = set()  # post ids the fake forum no longer shows (a player deleted them)


def _forum(request: httpx.Request) -> httpx.Response:
    start = int(parse_qs(urlsplit(str(request.url)).query).get("start", ["0"])[0])
    html = (DAY / f"page-{start // 10 + 1}.html").read_bytes()
    if REMOVED:
        tree = lxml.html.fromstring(html)
        for post_id in REMOVED:
            for node in tree.xpath(f"//div[@id='p{post_id}']"):
                node.getparent().remove(node)
        html = lxml.html.tostring(tree, doctype="<!DOCTYPE html>", encoding="utf-8")
    return httpx.Response(200, content=html, headers={"content-type": "text/html; charset=utf-8"})


def _game(tmp_path: Path) -> LiveGame:
    """The fixture day, polled into a database under ``tmp_path`` (the same one on every call)."""
    case = load_config(DAY / "case.toml")
    players = "".join(
        f'[[players]]\nname = "{p.name}"\n'
        + (f'user_id = "{p.user_id}"\n' if p.user_id else "")
        + ("dead = true\n" if p.dead else "")
        for p in case.players
    )
    deadline = case.deadline.isoformat() if case.deadline else "2026-12-31T21:00:00+01:00"
    text = (
        '[forum]\nengine = "phpbb3"\nurl = "http://127.0.0.1:9/"\nposts_per_page = 10\n'
        f'[account]\nusername = "Maître Loup"\n[game]\ntopic = "1547"\ndatabase = "{tmp_path / "g.sqlite"}"\n'
        f'[[deadlines]]\nlabel = "Jour 1"\nat = "{deadline}"\n{players}'
    )
    (tmp_path / "partie.toml").write_text(text, encoding="utf-8")
    config = parse_config(text)
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(_forum)))
    adapter.logged_in = True
    game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
    game.poller.poll_topic()
    return game


def _warning(game: LiveGame, kind: WarningKind) -> str:
    return next(w.post_id for w in game.live_count().warnings if w.kind is kind)


def test_a_not_bold_vote_counted_by_the_mj_holds_through_a_restart(tmp_path: Path) -> None:
    game = _game(tmp_path)
    post_id = _warning(game, WarningKind.VOTE_NOT_BOLD)
    author = next(p.author for p in game.store.posts("game") if p.post_id == post_id)
    before = game.live_count()
    game.correct(post_id, "Nina")
    after = game.live_count()
    # The post now counts (until the author's later vote, if any, replaces it).
    assert [(v.voter, v.target) for v in after.history if v.post_id == post_id] == [(author, "Nina")]
    assert all(v.post_id != post_id for v in before.history)
    kinds = [w.kind for w in after.warnings if w.post_id == post_id]
    assert kinds == [WarningKind.MJ_CORRECTED]  # the format warning gives way to the MJ's word
    # A restart (a new game on the same database) and a full re-read of the topic: still corrected.
    again = _game(tmp_path)
    again.poller.poll_topic(full=True)
    assert [v.target for v in again.live_count().history if v.post_id == post_id] == ["Nina"]


def test_ignoring_a_counted_vote_and_taking_the_correction_back(tmp_path: Path) -> None:
    game = _game(tmp_path)
    count = game.live_count()
    voter, vote = next(iter(count.standing.items()))
    game.correct(vote.post_id, None)
    ignored = game.live_count()
    assert all(v.post_id != vote.post_id for v in ignored.standing.values())
    earlier = [v for v in count.history if v.voter == voter and v.post_id != vote.post_id]
    # Their earlier vote of the day stands again, or they have not voted.
    assert ignored.current.get(voter) == (earlier[-1].target if earlier else None)
    assert [w.kind for w in ignored.warnings if w.post_id == vote.post_id] == [WarningKind.MJ_IGNORED]
    game.uncorrect(vote.post_id)
    assert game.live_count().current == count.current


def test_corrections_apply_to_the_count_at_the_deadline(tmp_path: Path) -> None:
    game = _game(tmp_path)
    leader = game.live_count().tally.leaders[0]
    for vote in game.live_count().standing.values():
        if vote.target == leader:
            game.correct(vote.post_id, None)
    game.clock = lambda: datetime(2030, 1, 1, tzinfo=UTC)
    draft = game.fire_deadline("Jour 1")
    assert draft is not None and f"[b]{leader}[/b]" not in draft.body.split("\n")[0]
    assert leader not in game.live_count(game.deadlines()[0]).tally.as_dict()


def test_a_correction_must_name_a_post_and_a_player(tmp_path: Path) -> None:
    game = _game(tmp_path)
    post_id = game.store.posts("game")[0].post_id
    with pytest.raises(GameError, match="ne joue pas dans cette partie"):
        game.correct(post_id, "Personne")
    with pytest.raises(GameError, match="aucun message"):
        game.correct("999999999", "Nina")


def test_a_late_vote_stays_late_whatever_the_correction(tmp_path: Path) -> None:
    game = _game(tmp_path)
    late = [w.post_id for w in game.live_count().warnings if w.kind is WarningKind.AFTER_DEADLINE]
    if not late:
        pytest.skip("this fixture day has no late post")
    game.correct(late[0], "Nina")
    assert all(v.post_id != late[0] for v in game.live_count().standing.values())


def test_the_same_correction_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from meneur.daemon.cli import main

    game = _game(tmp_path)
    post_id = _warning(game, WarningKind.VOTE_NOT_BOLD)
    config = str(tmp_path / "partie.toml")
    assert main(["correct", post_id, "Nina", "--config", config]) == 0
    assert "a vote against Nina" in capsys.readouterr().out
    assert [v.target for v in game.live_count().history if v.post_id == post_id] == ["Nina"]
    assert main(["correct", post_id, "--ignore", "--config", config]) == 0
    assert [w.kind for w in game.live_count().warnings if w.post_id == post_id] == [WarningKind.MJ_IGNORED]
    assert main(["correct", post_id, "--undo", "--config", config]) == 0
    assert WarningKind.VOTE_NOT_BOLD in [w.kind for w in game.live_count().warnings if w.post_id == post_id]
    assert main(["correct", post_id, "Personne", "--config", config]) == 2
    assert "ne joue pas dans cette partie" in capsys.readouterr().err


def test_a_deleted_vote_stops_counting_and_the_mj_is_told(tmp_path: Path) -> None:
    game = _game(tmp_path)
    count = game.live_count()
    voter, vote = next((v, c) for v, c in count.standing.items() if c.post_id != count.last_post_id)
    earlier = [v for v in count.history if v.voter == voter and v.post_id != vote.post_id]
    REMOVED.add(vote.post_id)
    try:
        game.poller.poll_topic()  # an ordinary poll reads the last page only: nothing is concluded
        assert game.live_count().current == count.current
        report = game.poller.poll_topic(full=True)
        assert report.deleted == [vote.post_id]
        after = game.live_count()
        assert after.current.get(voter) == (earlier[-1].target if earlier else None)
        assert [w.kind for w in after.warnings if w.post_id == vote.post_id] == [WarningKind.POST_DELETED]
        assert vote.post_id in {p.post_id for p in game.store.posts("game", deleted=True)}  # kept, not lost
    finally:
        REMOVED.clear()
    game.poller.poll_topic(full=True)  # back on the forum (a moderator restored it): it counts again
    assert game.live_count().current == count.current
