"""A hostile pass over the mayor's posts after a tie (trinite-meuporg, daemon/mayor_posts.py) on the real
django-spirit forum: the mayor was replaced (`meneur replace`) before she broke the tie. Written before running, as
an MJ expects it: the newcomer's post is the mayor's — « Je tranche : Gilles » burns Gilles; the replaced
account's post, written after the replacement, is nobody's."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.chores import record_replacement
from meneur.tests.livegame import VOTE, live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_trinite_meuporg_live import ROLES, forum

__all__ = ["forum"]  # the trinite live tests' module-scoped forum


def test_a_replaced_mayor_s_newcomer_breaks_the_tie(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, "MJ_Hostile_Maire", ROLES, 4, seed=5, title="Partie Trinité remplacée",
        ruleset="trinite-meuporg",
    )  # fmt: skip
    forum.seed("MJ_Hostile_Maire", ["Zoe_Mairesse"], topic_title="Remplaçants Trinité")
    start, hour = clock.now, timedelta(hours=1)
    assert game.engine is not None
    for voter in ("Basile", "Coline", "Denis"):  # J0: Anna is elected mayor
        pk = forum.client(voter).post_comment(topic, VOTE.format("Anna"))
        forum.set_comment_date(pk, start + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 1 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    for voter, target in (("Anna", "Gilles"), ("Basile", "Gilles"), ("Hector", "Ines"), ("Gilles", "Ines")):
        pk = forum.client(voter).post_comment(topic, VOTE.format(target))
        forum.set_comment_date(pk, start + 2 * hour + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 3 * hour + timedelta(seconds=1)
    evening = game.fire_deadline("Jour 1")
    assert evening is not None and "Égalité" in evening.body

    record_replacement(game, "Anna", "Zoe_Mairesse", clock.now)
    pk = forum.client("Anna").post_comment(topic, "Je tranche quand même : Ines.")  # no longer hers to say
    forum.set_comment_date(pk, clock.now + timedelta(minutes=1))
    pk = forum.client("Zoe_Mairesse").post_comment(topic, "Je reprends le rôle de maire et je tranche : Gilles.")
    forum.set_comment_date(pk, clock.now + timedelta(minutes=2))
    clock.now += timedelta(minutes=3)
    game.cycle()
    assert game.engine.answers().get("J1:maire_egalite") == "Gilles"
    state = game.engine.state_before("N2")
    assert not state.player("Gilles").alive and state.player("Ines").alive
