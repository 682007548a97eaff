"""`hameau`, the tutorial rule set, played whole by the live daemon on a real django-spirit forum: the
players' votes in the topic, their action MPs in the MJ's inbox, the mayor's double vote and the
rumour in the live count, the posts drafted at each deadline and, once approved, on the forum."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum

ROLES = {"Alice": "loup", "Bruno": "garde", "Carla": "voyante", "David": "commere", "Emma": "villageois",
         "Felix": "villageois"}  # fmt: skip
VOTE = "**Je vote contre {}**"
MJ = "MJ_Hameau"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_a_whole_game_of_the_tutorial_rule_set(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 3, seed=1, title="Le Hameau", ruleset="hameau"
    )
    start, hour = clock.now, timedelta(hours=1)
    assert game.engine is not None and game.engine.rules.id == "hameau"

    def vote(voter: str, target: str, minutes: int, offset: timedelta) -> None:
        pk = forum.client(voter).post_comment(topic, VOTE.format(target) + f" ({voter})")
        forum.set_comment_date(pk, start + offset + timedelta(minutes=minutes))

    # J0: Carla is elected mayor.
    for minute, voter in enumerate(("Bruno", "David", "Emma")):
        vote(voter, "Carla", minute + 1, timedelta())
    vote("Alice", "Felix", 5, timedelta())
    game.cycle()
    clock.now = start + hour + timedelta(seconds=1)
    evening = game.fire_deadline("Jour 0")
    assert evening is not None and "élu **Carla** maire" in evening.body

    # N1: every power, by MP to the MJ, in the players' own words.
    for minute, (sender, text) in enumerate(
        (
            ("Bruno", "Je protège Carla cette nuit."),
            ("Alice", "Nous dévorons Emma."),
            ("Carla", "Je sonde Alice."),
            ("David", "Je fais courir une rumeur sur Alice."),
        )
    ):
        private = forum.client(sender).send_private(f"Nuit 1, {sender}", [MJ], text)
        forum.set_comment_date(
            forum.client(MJ).comments(private)[0]["pk"], start + hour + timedelta(minutes=minute + 1)
        )
    game.cycle()
    clock.now = start + 2 * hour + timedelta(seconds=1)
    morning = game.fire_deadline("Nuit 1")
    assert morning is not None
    assert "**Emma** dévoré·e par les loups" in morning.body and "rumeur court sur **Alice**" in morning.body
    seen = [d for d in game.outbox.drafts() if d.recipient == "Carla" and "Ta vision" in d.body]
    assert len(seen) == 1 and "**Alice** est **Loup-garou**" in seen[0].body

    # J1: the live count is the rules' own: the mayor's vote counts twice, the rumour adds one.
    for minute, (voter, target) in enumerate(
        (("Carla", "Alice"), ("Bruno", "Alice"), ("Alice", "David"), ("Felix", "David"), ("David", "Felix"))
    ):
        vote(voter, target, minute + 1, 2 * hour)
    clock.now = start + 2 * hour + timedelta(minutes=30)
    game.cycle()
    assert game.live_count().tally.as_dict() == {"Alice": 4, "David": 2, "Felix": 1}
    clock.now = start + 3 * hour + timedelta(seconds=1)
    pyre = game.fire_deadline("Jour 1")
    assert pyre is not None and "**Alice** meurt sur le bûcher" in pyre.body and "le village a gagné" in pyre.body
    assert game.engine.latest_state().winner == "village"

    # The MJ approves the evening post: meneur posts it in the game topic, once.
    game.outbox.approve(pyre.key)
    game.outbox.send_ready(game.adapter)
    posted = [c for c in forum.client(MJ).comments(topic) if "Le soir du Jour 1" in c["text"]]
    assert len(posted) == 1 and "Alice" in posted[0]["text"]
