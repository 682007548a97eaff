"""No silent MP, on a real django-spirit forum: each player's MP read by the live daemon ends as exactly one
outcome (understood, refused, not understood, not an order), with one reply drafted to its sender while
the night is still open, the MJ told of what needs him, and nothing answered twice — not after a second
poll, not after a restart."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon import engine_live
from meneur.daemon.adapters import make_adapter
from meneur.daemon.game import LiveGame
from meneur.daemon.mp_actions import MpReading
from meneur.daemon.poller import open_alerts
from meneur.daemon.replay import load_scenario, replay
from meneur.daemon.store import Store
from meneur.tests.livegame import live_game, mj_page, send
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Recus"
ROLES = {
    "Anna": "seigneur_loup",
    "Basile": "voyante",
    "Coline": "salvateur",
    "Denis": "sorciere",
    "Emile": "chasseur",
    "Fanny": "ancien",
}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def replies(game: LiveGame) -> dict[str, list[str]]:
    """The drafted answers to MPs, by recipient: their bodies."""
    found: dict[str, list[str]] = {}
    for draft in game.outbox.drafts():
        if draft.kind == "receipt":
            found.setdefault(str(draft.recipient), []).append(draft.body)
    return found


def test_every_mp_gets_one_outcome_and_one_reply_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 5, seed=3, title="Partie reçus")
    game.config = replace(game.config, live=replace(game.config.live, auto=("receipt",)))  # receipts go at once
    start, hour = clock.now, timedelta(hours=1)
    for n, label in enumerate(("Jour 0", "Nuit 1", "Jour 1"), start=1):  # no vote, no action: to N2
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
    assert game.engine is not None and game.engine.state_before("N2").phase == "N2"

    night = start + 3 * hour  # N2 runs from the J1 deadline to start + 4 h
    send(forum, MJ, "Coline", "Je protège Basile", night + timedelta(minutes=5), "Ma protection")
    send(
        forum,
        MJ,
        "Basile",
        "cette nuit la boule sur le grand blond du fond, tu vois qui",
        night + timedelta(minutes=6),
        "Boule",
    )
    send(forum, MJ, "Emile", "Salut MJ, la nuit finit à quelle heure ?", night + timedelta(minutes=7), "Question")
    send(forum, MJ, "Anna", "Nous dévorons Denis", night + timedelta(minutes=8), "Festin")
    send(forum, MJ, "Fanny", "Je sonde Anna", night + timedelta(minutes=9), "Vision")
    send(forum, MJ, "Denis", "Potion d'empoisonnement sur Zorglub", night + timedelta(minutes=10), "Poison")
    clock.now = night + timedelta(minutes=20)
    report = game.cycle()
    assert report.new_mps == 6

    outcomes = {o["player"]: o["outcome"] for o in game.engine.mp_outcomes("N2").values()}
    # Today's reader cannot tell chatter from a garbled order: either way the MJ sees it.
    assert outcomes.pop("Emile") in ("not_an_order", "not_understood")
    assert outcomes == {
        "Coline": "understood",
        "Basile": "not_understood",
        "Anna": "understood",
        "Fanny": "refused",
        "Denis": "not_understood",
    }
    texts = replies(game)
    assert (
        texts["Coline"] == [texts["Coline"][0]]
        and "C'est noté : cette nuit, tu protèges **Basile**" in (texts["Coline"][0])
    )
    assert "C'est noté : cette nuit, tu désignes **Denis** comme victime" in texts["Anna"][0]
    basile = texts["Basile"][0]
    assert "Je n'ai pas compris ton message de " in basile and "« Je sonde Boris »" in basile
    assert "`!voyante.sonder NOM`" in basile
    assert "(tu sondes **Anna**) : Ce pouvoir est celui du personnage Voyante, pas le tien" in texts["Fanny"][0]
    assert "« Zorglub »" in texts["Denis"][0]
    emile = game.engine.mp_outcomes("N2")
    assert ("Emile" in texts) == any(o["outcome"] == "not_understood" for o in emile.values() if o["player"] == "Emile")
    # The MJ is told of every MP that needs him: the garbled ones, the chatter.
    alerts = " ".join(str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("mp:"))
    for who in ("Basile", "Emile", "Denis"):
        assert f"MP de {who} (N2," in alerts
    assert "MP de Coline" not in alerts and "MP de Anna" not in alerts
    # The MJ's page shows each MP with what became of it.
    html = mj_page(game)
    assert "refusé : <b>voyante.sonder</b> → Anna — Ce pouvoir est celui du personnage Voyante" in html
    assert "pas compris : une réponse lui demande de le réécrire" in html
    assert "pas compris : sorciere.empoisonnement « Zorglub »" in html
    assert "compris : <b>salvateur.proteger</b> → Basile" in html

    # Receipts went out while the night is open: the player reads it in her inbox on the forum.
    assert all(d.state == "sent" for d in game.outbox.drafts() if d.kind == "receipt")
    coline = forum.client("Coline")
    mine = [t for t in coline.private_topics() if "ton message de" in t["title"]]
    assert len(mine) == 1 and "tu protèges Basile" in coline.comments(mine[0]["id"])[0]["text"]

    # A second poll answers nothing again.
    sent_before = len(game.outbox.drafts())
    assert game.cycle().drafted == [] and len(game.outbox.drafts()) == sent_before

    # Anna changes her mind: the new MP is confirmed too, saying what it replaces.
    send(forum, MJ, "Anna", "Finalement nous dévorons Emile", night + timedelta(minutes=30), "Festin (bis)")
    clock.now = night + timedelta(minutes=40)
    game.cycle()
    anna = replies(game)["Anna"]
    assert len(anna) == 2
    later = next(t for t in anna if "Emile" in t)
    assert "tu désignes **Emile**" in later and "Cela remplace ton choix précédent (tu désignes **Denis**" in later

    # Basile rewrites his garbled MP: understood now, the MJ need no longer look at the first one.
    send(forum, MJ, "Basile", "Je sonde Anna", night + timedelta(minutes=31), "Boule (bis)")
    game.cycle()
    alerts = " ".join(str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("mp:"))
    assert "MP de Basile" not in alerts and "MP de Denis" in alerts
    assert "C'est noté : cette nuit, tu sondes **Anna**" in replies(game)["Basile"][1]

    # A restart (a new daemon on the same database) answers nothing twice either.
    config = game.config
    again = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    assert again.cycle().drafted == []
    assert len(again.outbox.drafts()) == len(game.outbox.drafts())
    assert again.engine is not None and len(again.engine.mp_outcomes()) == 8

    # At the deadline the rules take Anna's last MP: Emile is the wolves' victim, and Coline is not told
    # again what her receipt already said.
    clock.now = start + 4 * hour + timedelta(seconds=1)
    morning = again.fire_deadline("Nuit 2")
    assert morning is not None and "**Emile** a été dévoré" in morning.body
    n2 = [d for d in again.outbox.drafts() if d.key.startswith("Nuit 2/N2/mp/")]
    assert any(d.recipient == "Denis" and "**Emile**" in d.body for d in n2)  # the Sorcière learns the victim
    assert not [d for d in n2 if d.recipient in ("Coline", "Anna")]  # their receipts said it all


def test_an_mp_read_after_its_phase_was_resolved_is_shown_as_late(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stamped in the night but read after the night was resolved: it did not count, and no receipt says
    it did; the MJ is told."""
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, "MJ_Retard", ROLES, 3, seed=4, title="Partie en retard")
    start, hour = clock.now, timedelta(hours=1)
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")  # resolved before the MP below was read
    clock.now = start + 2 * hour + timedelta(minutes=1)
    send(forum, "MJ_Retard", "Coline", "Je protège Basile", start + hour + timedelta(minutes=50), "Trop tard")
    game.cycle()
    assert game.engine is not None
    assert [o["outcome"] for o in game.engine.mp_outcomes().values()] == ["late"]
    assert replies(game) == {}
    assert any("lu après la résolution de N1" in str(a["message"]) for a in open_alerts(game.store))


def test_a_doubt_reaches_the_mj_and_the_player_and_chatter_gets_no_reply(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the reader says of an MP is carried through: an action read with doubt is confirmed as such
    (the player may correct it) and the MJ is told; an MP that is not an order is shown to the MJ and gets
    no reply. (The reader itself is mp_actions' business: here it is told what to answer.)"""
    real = engine_live.read_mp

    def reader(text: str, *args: object, asked: str | None = None) -> MpReading:
        if text.startswith("Bonjour"):
            return MpReading(not_an_order=True)
        read = real(text, *args, asked=asked)  # type: ignore[arg-type]
        return MpReading(actions=read.actions, doubtful=frozenset({0})) if "peut-être" in text else read

    monkeypatch.setattr(engine_live, "read_mp", reader)
    game, clock, _ = live_game(forum, tmp_path, monkeypatch, "MJ_Doutes", ROLES, 4, seed=6, title="Partie doutes")
    start, hour = clock.now, timedelta(hours=1)
    for n, label in enumerate(("Jour 0", "Nuit 1", "Jour 1"), start=1):
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
    night = start + 3 * hour
    send(forum, "MJ_Doutes", "Basile", "Je sonde Anna, peut-être", night + timedelta(minutes=5), "Vision")
    send(forum, "MJ_Doutes", "Emile", "Bonjour MJ, belle partie !", night + timedelta(minutes=6), "Coucou")
    clock.now = night + timedelta(minutes=10)
    game.cycle()
    assert game.engine is not None
    assert sorted(o["outcome"] for o in game.engine.mp_outcomes().values()) == ["not_an_order", "understood"]
    texts = replies(game)
    assert list(texts) == ["Basile"]
    assert "ainsi, sans en être sûr : cette nuit, tu sondes **Anna**" in texts["Basile"][0]
    assert "réécris-le avant la fin de la nuit" in texts["Basile"][0]
    alerts = {str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("mp:")}
    assert any("MP de Basile" in a and "compris avec un doute" in a for a in alerts)
    assert any("MP de Emile" in a and "pas un ordre" in a for a in alerts)
    html = mj_page(game)
    assert "avec un doute" in html and "pas un ordre (bavardage, question au MJ)" in html
    # He confirms it, plainly: the same choice is no replacement.
    send(forum, "MJ_Doutes", "Basile", "Je sonde Anna", night + timedelta(minutes=12), "Vision (bis)")
    clock.now = night + timedelta(minutes=15)
    game.cycle()
    again = replies(game)["Basile"][1]
    assert "C'est noté : cette nuit, tu sondes **Anna**" in again and "remplace" not in again
    # The receipt waits for the MJ (outbox.auto is empty here): at the deadline the rules' own word on the
    # action still goes, since the player has not been told yet.
    clock.now = start + 4 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 2")
    told = [d.body for d in game.outbox.drafts() if d.key.startswith("Nuit 2/N2/mp/Basile/")]
    assert any("C'est noté : tu sondes **Anna**" in body for body in told)


def test_a_replay_shows_the_mj_each_mp_it_could_not_use(tmp_path: Path) -> None:
    """`meneur replay` reads MPs as the daemon does: one with nothing understood is an event for the MJ
    (with its text), not a silence."""
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in ROLES.items())
    path = tmp_path / "scenario.toml"
    path.write_text(
        f'ruleset = "classique"\nseed = 1\n{players}'
        '[[phases]]\nphase = "J0"\n[[phases]]\nphase = "N1"\n[[phases]]\nphase = "J1"\n'
        '[[phases]]\nphase = "N2"\n'
        '[[phases.mps]]\nfrom = "Coline"\ntext = "Je protège Basile"\n'
        '[[phases.mps]]\nfrom = "Basile"\ntext = "la boule sur le grand blond du fond"\n',
        encoding="utf-8",
    )
    events = list(replay(load_scenario(path)))
    shown = [e for e in events if e["type"] in ("mp_not_understood", "mp_not_an_order")]
    assert [(e["from"], e["mp"], e["audience"]) for e in shown] == [("Basile", "N2-mp2", "mj")]
    assert shown[0]["text"] == "la boule sur le grand blond du fond"


def test_a_failure_in_answering_mps_never_stops_the_count(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, "MJ_Panne", ROLES, 2, seed=7, title="Partie panne")

    def broken(*args: object) -> object:
        raise RuntimeError("boom")

    assert game.engine is not None
    monkeypatch.setattr(game.engine, "answer_new_mps", broken)
    forum.client("Anna").post_comment(topic, "**Je vote contre Basile**")
    send(forum, "MJ_Panne", "Coline", "Je protège Basile", clock.now, "Coucou")
    report = game.cycle()
    assert report.count is not None and report.count.current == {"Anna": "Basile"}
    assert any("n'arrive plus à répondre aux MP" in str(a["message"]) for a in open_alerts(game.store))
