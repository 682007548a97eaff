"""The rules engine in the live daemon, on a real django-spirit forum: J0's mayor, the first night,
a day's pyre, a night resolved from players' MPs, a question answered late."""

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

ROLES = {
    "Anna": "seigneur_loup",
    "Basile": "voyante",
    "Coline": "salvateur",
    "Denis": "sorciere",
    "Emile": "chasseur",
    "Fanny": "ancien",
}
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


def test_a_game_resolved_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeded = forum.seed("MJ_Engine", list(ROLES), topic_title="Partie moteur")
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
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Engine"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 5\n'
        f"[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    config = load_config(path)
    clock = Clock()
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    topic = seeded["topic_id"]

    # J0: the mayor.
    for voter in ("Anna", "Coline", "Denis", "Fanny"):
        forum.client(voter).post_comment(topic, VOTE.format("Basile"))
    game.cycle()
    clock.now = start + 1 * hour + timedelta(seconds=1)
    evening = game.fire_deadline("Jour 0")
    assert evening is not None and "Basile" in evening.body and "maire" in evening.body

    # N1: the first night — the fictional victim.
    clock.now = start + 2 * hour + timedelta(seconds=1)
    morning = game.fire_deadline("Nuit 1")
    assert morning is not None and "voyageur" in morning.body

    # J1: the village burns Emile, the Chasseur — his shot is a question.
    clock.now = start + 2 * hour + timedelta(minutes=5)
    for voter in ("Anna", "Basile", "Coline", "Denis"):
        pk = forum.client(voter).post_comment(topic, VOTE.format("Emile") + f" ({voter})")
        forum.set_comment_date(pk, clock.now)
    game.cycle()
    clock.now = start + 3 * hour + timedelta(seconds=1)
    day_one = next(d for d in game.deadlines() if d.id == "Jour 1")
    assert game.live_count(day_one).tally.as_dict() == {"Emile": 4}  # Fanny's J0 vote does not carry over
    pyre = game.fire_deadline("Jour 1")
    assert pyre is not None and "Emile" in pyre.body
    assert any("J1:chasseur:Emile" in str(a["kind"]) for a in game.store.db.query("select * from alerts"))
    answered = game.answer("J1:chasseur:Emile", "Anna")
    assert answered is not None and "Anna" in answered.body and "Chasseur" in answered.body

    # Anna was the only wolf: the village has won; nothing is left to resolve on N2.
    state = game.engine.state_before("N2") if game.engine else None
    assert state is not None and state.winner == "village"


def test_the_live_count_applies_the_rule_sets_refusals(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cupidon's lovers may never vote against each other: the live count (page, posted counts, the
    deadline) keeps the lover's earlier vote and says why, as the engine does."""
    roles = {"Gaspard": "loup_garou", "Hector": "cupidon", "Ines": "voyante", "Jade": "salvateur",
             "Kilian": "simple_villageois"}  # fmt: skip
    seeded = forum.seed("MJ_Lovers", list(roles), topic_title="Partie amoureux")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    start = datetime.now(UTC)
    hour = timedelta(hours=1)
    phases = [("Jour 0", "day"), ("Nuit 1", "night"), ("Jour 1", "day")]
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{label}"\nkind = "{kind}"\n'
        f'at = "{(start + n * hour).isoformat(timespec="seconds")}"\n'
        for n, (label, kind) in enumerate(phases, start=1)
    )
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in roles.items())
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Lovers"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 2\n'
        f"[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    config = load_config(path)
    clock = Clock()
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    topic = seeded["topic_id"]
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    # N1: Cupidon's MP, stamped inside the night.
    private = forum.client("Hector").send_private("Mes flèches", ["MJ_Lovers"], "Je rends amoureux Ines et Jade.")
    forum.set_comment_date(forum.client("MJ_Lovers").comments(private)[0]["pk"], start + hour + timedelta(minutes=10))
    game.cycle()
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    # J1: Ines votes against Gaspard, then against Jade, her lover.
    for text, minutes in ((VOTE.format("Gaspard"), 5), (VOTE.format("Jade"), 6)):
        pk = forum.client("Ines").post_comment(topic, text)
        forum.set_comment_date(pk, start + 2 * hour + timedelta(minutes=minutes))
    clock.now = start + 2 * hour + timedelta(minutes=10)
    game.cycle()
    count = game.live_count()
    assert count.current == {"Ines": "Gaspard"}
    assert [w.kind for w in count.warnings] == ["vote_refused"]
    assert "lover" in count.warnings[0].message
