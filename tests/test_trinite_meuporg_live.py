"""`trinite-meuporg` in the live daemon, on a real django-spirit forum: the mayor's posts after the
deadline break the tie and make the evening's announcements."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.tests.livegame import live_game, post, vote
from meneur.tests.spiritforum import SpiritForum

# Listed group by group; the wolves carry their camp in the role ("+loup").
ROLES = {
    "Anna": "voyant", "Basile": "paladin", "Coline": "pretre",
    "Denis": "sorcier", "Emile": "rogue", "Fanny": "druide",
    "Gilles": "voleur+loup", "Hector": "chasseur+loup", "Ines": "barde",
}  # fmt: skip


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_the_mayor_speaks_after_the_deadline(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, "MJ_Trinite", ROLES, 4, seed=5, title="Partie Trinité", ruleset="trinite-meuporg"
    )
    start, hour = clock.now, timedelta(hours=1)
    assert game.engine is not None
    assert [p.name for p in game.engine.setup().players if p.camp == "loups"] == ["Gilles", "Hector"]

    # J0: Anna is elected mayor. N1: nothing.
    for voter in ("Basile", "Coline", "Denis"):
        vote(forum, topic, voter, "Anna", start + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 1 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")

    # J1: a tie between Gilles and Ines; the mayor must choose.
    for voter, target in (("Anna", "Gilles"), ("Basile", "Gilles"), ("Hector", "Ines"), ("Gilles", "Ines")):
        vote(forum, topic, voter, target, start + 2 * hour + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 3 * hour + timedelta(seconds=1)
    evening = game.fire_deadline("Jour 1")
    assert evening is not None and "Égalité" in evening.body and "brûle" not in evening.body

    # A player's post does not count; the mayor's does. Then her announcement.
    post(forum, topic, "Basile", "Ines, évidemment !", clock.now + timedelta(minutes=1))
    post(forum, topic, "Anna", "En tant que maire je tranche : Gilles.", clock.now + timedelta(minutes=2))
    clock.now += timedelta(minutes=3)
    game.cycle()
    state = game.engine.state_before("N2")
    assert not state.player("Gilles").alive and state.player("Ines").alive
    post(forum, topic, "Anna", "J'échange le groupe 1 et le groupe 3 : le Voyant.", clock.now + timedelta(minutes=1))
    clock.now += timedelta(minutes=2)
    game.cycle()
    state = game.engine.state_before("N2")
    assert state.memory["groups"][0] == ["Gilles", "Basile", "Coline"]
    answers = game.engine.answers()
    assert answers == {"J1:maire_egalite": "Gilles", "J1:annonce_maire": "groupe 1, groupe 3, voyant"}
