"""A question of the rules answered by the player's own MP, on a real django-spirit forum: the hunter eaten
in the night says whom he shoots, and meneur takes it as the answer — the phase runs again with it — instead
of setting his MP aside because he is dead."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.tests.livegame import live_game, send
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Questions"
ROLES = {
    "Anna": "loup_garou",
    "Basile": "voyante",
    "Coline": "salvateur",
    "Denis": "simple_villageois",
    "Emile": "chasseur",
    "Fanny": "simple_villageois",
}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_the_eaten_hunter_answers_by_mp_and_the_night_is_run_again_with_his_shot(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rule (l.60): « Lorsqu'il meurt (Loups, poison, amour, bûcher...), le Chasseur a le pouvoir de »
    # shooting someone, who dies with him. Expected: the wolves eat Emile in N2; the rules ask him
    # N2:chasseur:Emile; his MP « je tire sur Anna » during J2 is that answer: Anna, the only wolf, dies
    # in N2 too, and the village has won.
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 6, seed=5, title="Partie chasseur")
    start, hour = clock.now, timedelta(hours=1)
    for n, label in enumerate(("Jour 0", "Nuit 1", "Jour 1"), start=1):
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
    send(forum, MJ, "Anna", "On mange Emile ce soir.", start + 3 * hour + timedelta(minutes=5), title="Festin")
    clock.now = start + 3 * hour + timedelta(minutes=30)
    game.cycle()  # the night's MPs are read
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    assert game.engine is not None
    assert [q.id for q in game.engine.open_questions()] == ["N2:chasseur:Emile"]
    assert not game.engine.latest_state().player("Emile").alive

    shot = "Argh !! Je tire sur Anna, je l'ai vue sourire."
    send(forum, MJ, "Emile", shot, start + 4 * hour + timedelta(minutes=3), title="Mon tir")
    clock.now = start + 4 * hour + timedelta(minutes=10)
    game.cycle()

    outcomes = [o for o in game.engine.mp_outcomes().values() if o["player"] == "Emile"]
    assert [(o["outcome"], o["detail"]["question"], o["detail"]["choice"]) for o in outcomes] == [
        ("answered", "N2:chasseur:Emile", "Anna")
    ]
    assert game.engine.answers() == {"N2:chasseur:Emile": "Anna"}
    assert game.engine.open_questions() == []
    final = game.engine.latest_state()
    assert not final.player("Anna").alive and final.winner == "village"
    to_emile = [d.body for d in game.outbox.drafts() if d.recipient == "Emile"]
    assert any("sur qui tires-tu" in body and "Anna" in body for body in to_emile), to_emile
    assert not any("le MJ te demandera" in body for body in to_emile)  # not refused as a standing order

    game.cycle()  # a second poll takes nothing twice
    assert len([o for o in game.engine.mp_outcomes().values() if o["player"] == "Emile"]) == 1
