"""The rules engine in the live daemon, on a real django-spirit forum: J0's mayor, the first night,
a day's pyre, a night resolved from players' MPs, a question answered late."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.i18n import translated
from meneur.tests.livegame import live_game
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


def test_a_game_resolved_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, "MJ_Engine", ROLES, 4, seed=5, title="Partie moteur")
    start, hour = clock.now, timedelta(hours=1)

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
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, "MJ_Lovers", roles, 3, seed=2, title="Partie amoureux")
    start, hour = clock.now, timedelta(hours=1)
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
    assert translated(count.warnings[0].text) == (  # the MJ reads it in French
        "Ines a voté contre son amoureux Jade : les Amoureux ne votent jamais l'un contre l'autre."
    )
