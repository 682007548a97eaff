"""Found by the QA pass with the fault proxy: an inbox page cut short by the network (a 200 whose body stops
mid-page) is a passing network fault like a dropped connection — "the forum is unavailable; will try
again" — not a bug: the journal showed ``ERROR inbox poll failed`` and a traceback at every such cut."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from meneur.daemon.scheduler import GameScheduler
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_run_faults import Switch, game_behind


class CutInbox(Switch):
    """Forwards everything; while ``cut`` is set, the inbox list comes back 200 but cut in its middle."""

    def __init__(self) -> None:
        super().__init__()
        self.cut = True

    def __call__(self, request: httpx.Request) -> httpx.Response:
        answer = super().__call__(request)
        if self.cut and request.method == "GET" and request.url.path.rstrip("/") == "/topic/private":
            return httpx.Response(200, headers={"content-type": "text/html; charset=utf-8"},
                                  content=answer.content[: len(answer.content) // 2])  # fmt: skip
        return answer


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_an_inbox_page_cut_short_is_a_network_fault_then_the_mp_is_read(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    switch = CutInbox()
    game, _topic = game_behind(switch, forum, tmp_path, monkeypatch, deadline_in=3600)
    forum.client("Basile").send_private("Cette nuit", ["MJ_Fault"], "Je sonde Anna.")
    scheduler = GameScheduler(game)
    caplog.set_level(logging.WARNING)
    scheduler._poll_inbox()  # the daemon's inbox job, while the network cuts the page
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert scheduler.problem is not None and "indisponible" in scheduler.problem  # the MJ reads it in French
    assert list(game.store.db.query("select msg_id from mps")) == []
    switch.cut = False
    scheduler._poll_inbox()
    assert [str(r["content_text"]) for r in game.store.db.query("select content_text from mps")] == ["Je sonde Anna."]
