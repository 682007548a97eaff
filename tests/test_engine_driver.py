"""The engine driver of the live daemon, on a store: decrees, unclear names, replay from inputs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from meneur.daemon.config import parse_config
from meneur.daemon.engine_live import EngineDriver
from meneur.daemon.store import Store

ROLES = {"Anna": "seigneur_loup", "Basile": "voyante", "Coline": "salvateur", "Denis": "sorciere", "Emile": "chasseur"}
CONFIG = '[game]\nruleset = "classique"\nseed = 3\n' + "".join(
    f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items()
)
T0 = datetime(2026, 3, 14, 20, tzinfo=UTC)


def driver() -> EngineDriver:
    return EngineDriver(parse_config(CONFIG), Store(None), lambda: T0 + timedelta(days=10))


def test_decrees_and_unclear_names_reach_the_drafts() -> None:
    engine = driver()
    engine.resolve("J0", {"Anna": "Basile", "Coline": "Basile"}, None, T0)
    engine.resolve("N1", {}, T0, T0 + timedelta(hours=12))
    engine.add_decree("J1", "event", None, "mj", "Une tempête a emporté le pont : personne ne quitte le village.")
    engine.add_decree("J1", "kill", "Coline", "mj", "")
    outcome, drafts = engine.resolve("J1", {}, T0 + timedelta(hours=12), T0 + timedelta(days=1))
    assert [(e.type, e.data.get("player")) for e in outcome.events if e.type in ("mj_event", "death")] == [
        ("mj_event", None),
        ("death", "Coline"),
    ]
    store = engine.store
    with store.transaction():
        store.db.execute(
            "insert into mps (msg_id, author, player, sent_at, subject, content_text, fetched_at) "
            "values ('77', 'Basile', 'Basile', ?, 'nuit', 'Je sonde Zorglub cette nuit', ?)",
            [(T0 + timedelta(days=1, hours=2)).isoformat(), (T0 + timedelta(days=1, hours=2)).isoformat()],
        )
    outcome, drafts = engine.resolve("N2", {}, T0 + timedelta(days=1), T0 + timedelta(days=1, hours=12))
    asks = [d for d in drafts if d.recipient == "Basile"]
    assert any("Zorglub" in d.body and "préciser" in d.body for d in asks)
    # The state is rebuilt from the stored inputs: Coline's death by decree is still there.
    assert not engine.state_before("J2").player("Coline").alive


def test_a_late_answer_reruns_the_phases_resolved_after_it() -> None:
    engine = driver()
    engine.resolve("J0", {}, None, T0)
    engine.resolve("N1", {}, T0, T0 + timedelta(hours=12))
    everyone = {v: "Emile" for v in ("Anna", "Basile", "Coline", "Denis")}
    outcome, _ = engine.resolve("J1", everyone, T0 + timedelta(hours=12), T0 + timedelta(days=1))
    assert [q.id for q in outcome.questions] == ["J1:chasseur:Emile"]
    store = engine.store
    with store.transaction():
        store.db.execute(
            "insert into mps (msg_id, author, player, sent_at, subject, content_text, fetched_at) "
            "values ('90', 'Anna', 'Anna', ?, 'nuit', 'Nous dévorons Basile', ?)",
            [(T0 + timedelta(days=1, hours=2)).isoformat(), (T0 + timedelta(days=1, hours=2)).isoformat()],
        )
    night, _ = engine.resolve("N2", {}, T0 + timedelta(days=1), T0 + timedelta(days=1, hours=12))
    assert [e.data["player"] for e in night.events if e.type == "death"] == ["Basile"]
    with store.transaction():
        store.db.execute("insert into answers (question, choice) values ('J1:chasseur:Emile', 'Anna')")
    assert engine.phases_from("J1") == ["J1", "N2"]
    reruns = [engine.rerun(phase)[0] for phase in engine.phases_from("J1")]
    assert [e.data["player"] for e in reruns[0].events if e.type == "death"] == ["Emile", "Anna"]
    # The night starts from the answered day: Anna, shot, no longer eats anyone; the village has won.
    assert not [e for e in reruns[1].events if e.type == "death"]
    assert reruns[0].state.winner == "village" and reruns[1].events == []


def test_drafts_of_a_phase_a_late_answer_voids_are_discarded(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The hunter's late shot kills the last wolf on J1: the night after it no longer happens, so its
    morning post and MPs, drafted but not sent, are set aside; the MJ's page shows them as discarded."""
    import httpx
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.game import LiveGame

    page = (Path(__file__).resolve().parent.parent / "fixtures" / "forums" / "spirit" / "topic.html").read_bytes()
    labels = [("Jour 0", "day"), ("Nuit 1", "night"), ("Jour 1", "day"), ("Nuit 2", "night"), ("Jour 2", "day")]
    start = datetime(2030, 1, 1, 20, tzinfo=UTC)
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{label}"\nkind = "{kind}"\nat = "{(start + n * timedelta(hours=12)).isoformat()}"\n'
        for n, (label, kind) in enumerate(labels)
    )
    config = parse_config(
        f'[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "{tmp_path / "g.sqlite"}"\nruleset = "classique"\nseed = 3\n'
        f"[outbox]\nauto = []\n{deadlines}"
        + "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items())
    )
    forum = httpx.MockTransport(lambda r: httpx.Response(200, content=page, headers={"content-type": "text/html"}))
    adapter = make_adapter(config, httpx.Client(transport=forum))
    adapter.logged_in = True
    now = [start]
    game = LiveGame(config, Store(config.live.database), adapter, lambda: now[0])

    def end(label: str) -> None:
        deadline = next(d for d in game.deadlines() if d.label == label)
        now[0] = deadline.at + timedelta(seconds=1)
        game.fire_deadline(deadline.id)

    end("Jour 0")
    end("Nuit 1")
    game.decree("kill", "Emile")  # the Chasseur dies on J1: his shot is a question
    end("Jour 1")
    with game.store.transaction():
        game.store.db.execute(
            "insert into mps (msg_id, author, player, sent_at, subject, content_text, fetched_at) "
            "values ('90', 'Anna', 'Anna', ?, 'nuit', 'Nous dévorons Basile', ?)",
            [(start + timedelta(hours=30)).isoformat(), (start + timedelta(hours=30)).isoformat()],
        )
    end("Nuit 2")
    night = [d for d in game.outbox.drafts() if d.key.startswith("Nuit 2/")]
    assert night and all(d.state == "drafted" for d in night)
    assert any("Basile" in d.body for d in night if d.recipient is None)
    game.answer("J1:chasseur:Emile", "Anna")  # Anna, the only wolf: the village wins on J1
    assert {d.state for d in game.outbox.drafts() if d.key.startswith("Nuit 2/")} == {"discarded"}
    evening = game.outbox.get("Jour 1/J1/evening")
    assert evening.state == "drafted" and "Anna" in evening.body


def test_deal_drafts_the_opening_post_and_one_role_card_each(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import httpx
    from meneur.daemon.adapters import make_adapter
    from meneur.daemon.cli import main
    from meneur.daemon.game import LiveGame

    names = [f"Joueur{n}" for n in range(1, 10)]
    text = (
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "{tmp_path / "g.sqlite"}"\nruleset = "trinite-meuporg"\nseed = 8\n'
        + "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    )
    (tmp_path / "partie.toml").write_text(text, encoding="utf-8")
    config = parse_config(text)
    adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404))))
    game = LiveGame(config, Store(config.live.database), adapter, lambda: T0)
    assert not game.started()
    dealt = game.deal()
    assert [d.key for d in dealt] == ["setup/opening"] + [f"setup/role_card/{n}" for n in names]
    assert all(d.state == "drafted" for d in dealt)
    assert dealt[0].recipient is None and "loup" in dealt[0].body.lower()
    cards = dealt[1:]
    assert [c.recipient for c in cards] == names and len({c.subject for c in cards}) == len(names)
    # Dealt again (a restart): the same drafts, nothing doubled.
    assert main(["deal", "--config", str(tmp_path / "partie.toml")]) == 0
    assert len(game.outbox.drafts()) == 1 + len(names)


def test_a_decree_for_a_stranger_is_refused_in_french() -> None:
    import pytest

    engine = driver()
    with pytest.raises(ValueError, match="'Zorglub' n'est pas un joueur de cette partie"):
        engine.add_decree("J1", "kill", "Zorglub", "mj", "")
    with pytest.raises(ValueError, match="la phase J3 n'a pas encore été résolue"):
        engine.rerun("J3")
