"""The forum answers a page with its login form, at the page's own address (an expired session served
in place, no redirect): meneur logs in again and reads the page, instead of taking the form for a topic
page whose layout changed. Real django-spirit forum on 127.0.0.1 behind the fault proxy."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.tests.faultproxy import FaultProxy, Plan
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_spirit_live import MJ, PLAYERS, write_config


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_login_form_served_in_place_of_the_topic(forum: SpiritForum, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setenv("MENEUR_TEST_PASSWORD", "loupgarou12")
    seeded = forum.seed(MJ, PLAYERS, topic_title="Partie au formulaire — Jour 1")
    topic = seeded["topic_id"]
    forum.client("Lucas").post_comment(topic, "**Je vote contre Lucie**")
    forum.client("Zoé").post_comment(topic, "**Je vote contre Lucas**")
    served: list[str] = []

    def choose(method: str, path: str) -> str:
        # The first read of the topic after logging in gets the login form, at the topic's address.
        if method == "GET" and "/topic/" in path and not served:
            served.append(path)
            return "login_page"
        return "pass"

    with FaultProxy(forum.port, Plan(seed=0)) as proxy:
        proxy.choose = choose
        deadline = datetime.now(UTC) + timedelta(hours=1)
        via_proxy = SimpleNamespace(base_url=proxy.base_url)
        config = load_config(write_config(tmp_path, via_proxy, topic, 50, deadline))  # type: ignore[arg-type]
        game = LiveGame(config, Store(config.live.database), make_adapter(config), lambda: datetime.now(UTC))
        report = game.cycle(inbox=False)
    assert served, "the proxy never served the login form"
    assert report.count is not None
    assert report.count.current == {"Lucas": "Lucie", "Zoé": "Lucas"}
    assert list(game.store.db.query("select kind, message from alerts")) == []
