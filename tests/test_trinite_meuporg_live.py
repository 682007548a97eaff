"""`trinite-meuporg` in the live daemon, on a real django-spirit forum: the mayor's posts after the
deadline break the tie and make the evening's announcements."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.tests.spiritforum import SpiritForum

# Listed group by group; the wolves carry their camp in the role ("+loup").
ROLES = {
    "Anna": "voyant", "Basile": "paladin", "Coline": "pretre",
    "Denis": "sorcier", "Emile": "rogue", "Fanny": "druide",
    "Gilles": "voleur+loup", "Hector": "chasseur+loup", "Ines": "barde",
}  # fmt: skip
VOTE = "**Je vote contre {}**"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


def test_the_mayor_speaks_after_the_deadline(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = forum.seed("MJ_Trinite", list(ROLES), topic_title="Partie Trinité")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    start = datetime.now(UTC)
    hour = timedelta(hours=1)
    phases = [("Jour 0", "day"), ("Nuit 1", "night"), ("Jour 1", "day"), ("Nuit 2", "night")]
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{label}"\nkind = "{kind}"\n'
        f'at = "{(start + n * hour).isoformat(timespec="seconds")}"\n'
        for n, (label, kind) in enumerate(phases, start=1)
    )
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items())
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Trinite"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "trinite-meuporg"\n'
        f"seed = 5\n[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    config = load_config(path)
    clock = Clock()
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    topic = seeded["topic_id"]
    assert game.engine is not None
    assert [p.name for p in game.engine.setup().players if p.camp == "loups"] == ["Gilles", "Hector"]

    # J0: Anna is elected mayor. N1: nothing.
    for voter in ("Basile", "Coline", "Denis"):
        pk = forum.client(voter).post_comment(topic, VOTE.format("Anna"))
        forum.set_comment_date(pk, start + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 1 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")

    # J1: a tie between Gilles and Ines; the mayor must choose.
    for voter, target in (("Anna", "Gilles"), ("Basile", "Gilles"), ("Hector", "Ines"), ("Gilles", "Ines")):
        pk = forum.client(voter).post_comment(topic, VOTE.format(target))
        forum.set_comment_date(pk, start + 2 * hour + timedelta(minutes=5))
    game.cycle()
    clock.now = start + 3 * hour + timedelta(seconds=1)
    evening = game.fire_deadline("Jour 1")
    assert evening is not None and "Égalité" in evening.body and "brûle" not in evening.body

    # A player's post does not count; the mayor's does. Then her announcement.
    pk = forum.client("Basile").post_comment(topic, "Ines, évidemment !")
    forum.set_comment_date(pk, clock.now + timedelta(minutes=1))
    pk = forum.client("Anna").post_comment(topic, "En tant que maire je tranche : Gilles.")
    forum.set_comment_date(pk, clock.now + timedelta(minutes=2))
    clock.now += timedelta(minutes=3)
    game.cycle()
    state = game.engine.state_before("N2")
    assert not state.player("Gilles").alive and state.player("Ines").alive
    pk = forum.client("Anna").post_comment(topic, "J'échange le groupe 1 et le groupe 3 : le Voyant.")
    forum.set_comment_date(pk, clock.now + timedelta(minutes=1))
    clock.now += timedelta(minutes=2)
    game.cycle()
    state = game.engine.state_before("N2")
    assert state.memory["groups"][0] == ["Gilles", "Basile", "Coline"]
    answers = game.engine.answers()
    assert answers == {"J1:maire_egalite": "Gilles", "J1:annonce_maire": "groupe 1, groupe 3, voyant"}
