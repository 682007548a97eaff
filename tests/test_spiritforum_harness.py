"""Smoke test of the live django-spirit harness (tests/spiritforum.py over scripts/spirit-forum).

Starts a real forum on 127.0.0.1, seeds a game, and checks over HTTP that what players do is seen by the MJ.
Skipped only when django-spirit cannot be installed (no network) outside CI; .ci/run installs it first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from meneur.tests.spiritforum import SpiritError, SpiritForum, SpiritUnavailable, setup


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    try:
        setup()
    except SpiritUnavailable as e:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"django-spirit could not be installed (no network?): {e}")
    with SpiritForum.start() as f:
        yield f


def test_a_comment_and_a_private_topic_reach_the_mj(forum: SpiritForum) -> None:
    game = forum.seed("Grand_Hibou", ["Lucas", "Lucie", "Éloïse"], ["Papy_Mougeot"])
    users = game["users"]
    assert sorted(users) == ["Grand_Hibou", "Lucas", "Lucie", "Papy_Mougeot", "Éloïse"]
    assert len(set(users.values())) == 5 and game["mj_id"] == users["Grand_Hibou"]
    page = httpx.get(game["topic_url"])  # the game topic is public
    assert page.status_code == 200 and "Sur la place du village" in page.text

    lucas, lucie, mj = forum.client("Lucas"), forum.client("Lucie"), forum.client("Grand_Hibou")
    pk = lucas.post_comment(game["topic_id"], "J'ai un doute.\n\n**Je vote contre Lucie**")
    mp = lucie.send_private("Ma cible", ["Grand_Hibou"], "Je protège **Éloïse** cette nuit.")

    comments = mj.comments(game["topic_id"])
    assert [c["author"] for c in comments] == ["Grand_Hibou", "Lucas"]
    assert comments[1]["pk"] == pk and comments[1]["user_id"] == users["Lucas"]
    assert "Je vote contre Lucie" in mj.read_topic_text(game["topic_id"])
    assert re.fullmatch(r"\d{1,2} \w+ \d{4} \d\d:\d\d", comments[1]["date"])  # "24 novembre 2026 08:00"

    [listed] = mj.private_topics()
    assert (listed["id"], listed["title"], listed["visited"]) == (mp, "Ma cible", False)
    [message] = mj.comments(mp)
    assert (message["author"], message["user_id"]) == ("Lucie", users["Lucie"])
    assert message["text"] == "Je protège Éloïse cette nuit."
    assert lucas.private_topics() == []  # not a participant
    with pytest.raises(httpx.HTTPStatusError):
        lucas.comments(mp)

    forum.set_comment_date(pk, datetime(2026, 11, 24, 20, 59, tzinfo=ZoneInfo("Europe/Paris")))
    assert mj.comments(game["topic_id"])[0]["date"] == "24 novembre 2026 20:59"  # now the oldest

    with pytest.raises(ValueError, match="identical"):
        lucas.post_comment(game["topic_id"], "J'ai un doute.\n\n**Je vote contre Lucie**")
    with pytest.raises(SpiritError, match="login as 'Lucas' failed"):
        forum.client("Lucas", password="mauvais")
