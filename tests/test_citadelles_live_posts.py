"""citadelles, live on the real django-spirit forum: an order read in a post that the rules refuse is told to its
author at the poll that reads the post, once, and a post with an order edited after meneur read it is shown to
the MJ (alert and page), the post as it stands at the deadline counting (RULINGS R37).

Expected readings written from the rule text before the code: at J0's zenith « Tous les joueurs situé dans une
citadelle contenant 3 joueurs ou moins … ont leur choix validé » — Gaëlle and Hugo (the South, three) are
validated; Gaëlle's « Finalement je veux aller au Nord » and Hugo's « Je rejoins le Nord moi aussi » are refused
(RULINGS R5: « A validated player's new choice is refused »), each told at once by MP, once. Gaëlle then edits
hers into « Finalement non, je reste avec vous » (no order): she is told there is nothing left to refuse, the
MJ is alerted and his page marks the post edited with what it read before. At the deadline, Hugo's refusal,
told already, is not drafted a second time."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.game import LiveGame
from meneur.daemon.poller import open_alerts
from meneur.daemon.store import Store
from meneur.daemon.web import MJPage
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_citadelles_live import HOUR, VOTE, citadelles_game, events, fire, post, send_everything


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def replies(game: LiveGame) -> list[tuple[str, str]]:
    return [(d.recipient or "", d.body) for d in game.outbox.drafts() if "/post-reply/" in d.key]


def test_a_refused_post_order_is_told_at_once_and_an_edit_is_shown(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic, start = citadelles_game(forum, tmp_path, monkeypatch)
    assert game.engine is not None
    game.deal()
    send_everything(game)
    morning = [
        ("Alice", "Citadelle : Nord\n\n" + VOTE.format("Bruno")), ("Bruno", "Je rejoins Örchnoung"),
        ("Chloé", "Je vais au Nord"), ("David", "Citadelle : Nord"), ("Élodie", "Je choisis la citadelle du Nord"),
        ("Félix", "Je rejoins Säkoura"), ("Gaëlle", "Je vais au Sud"), ("Hugo", "Citadelle : Sud"),
        ("Inès", "Mon choix : Bïbiloune"), ("Julien", "Je veux aller à l'Ouest"), ("Karine", "Citadelle : Ouest"),
        ("Léo", "Citadelle : Ouest"),
    ]  # fmt: skip
    for minute, (author, text) in enumerate(morning, start=1):
        post(forum, topic, author, text, start + timedelta(minutes=minute))
    clock.now = start + timedelta(minutes=30)
    game.cycle()
    assert replies(game) == []  # every morning choice stands: nothing to tell
    fire(game, clock, "J0-matin", start + HOUR)
    send_everything(game)

    zenith = start + HOUR
    post(forum, topic, "Gaëlle", "Finalement je veux aller au Nord", zenith + timedelta(minutes=8))
    post(forum, topic, "Hugo", "Je rejoins le Nord moi aussi", zenith + timedelta(minutes=9))
    post(forum, topic, "Élodie", "Je vais à l'Est", zenith + timedelta(minutes=10))  # not validated: stands
    clock.now = zenith + timedelta(minutes=12)
    game.cycle()
    told = replies(game)
    assert sorted(who for who, _body in told) == ["Gaëlle", "Hugo"]
    for _who, body in told:
        assert "Ton choix de citadelle est déjà validé" in body and "ne comptera pas" in body, body

    # The next poll is a fresh process (a cron'd `meneur poll`): nothing is told twice.
    again = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    clock.now = zenith + timedelta(minutes=14)
    again.cycle()
    assert len(replies(again)) == 2

    # Gaëlle edits her post (spirit's own form): no order left.
    gaelle = next(c for c in forum.client("Gaëlle").comments(topic) if "aller au Nord" in c["text"])
    page = f"/comment/{gaelle['pk']}/update/"
    forum.client("Gaëlle")._submit(page, page, {"comment": "Finalement non, je reste avec vous"})
    clock.now = zenith + timedelta(minutes=20)
    again.cycle()
    to_gaelle = [body for who, body in replies(again) if who == "Gaëlle"]
    assert len(to_gaelle) == 2 and "que tu as modifié" in to_gaelle[1]
    assert "plus rien à refuser" in to_gaelle[1]
    alerts = [str(a["message"]) for a in open_alerts(again.store) if str(a["kind"]).startswith("post-order-edit:")]
    assert len(alerts) == 1 and "Gaëlle" in alerts[0] and "a été modifié après que meneur l'a lu" in alerts[0]
    assert "à l'échéance qui compte" in alerts[0]
    shown = {p["author"]: p for p in MJPage(again, "jeton").state()["post_orders"]["posts"]}
    assert shown["Gaëlle"]["earlier"] and shown["Gaëlle"]["orders"] == []
    assert shown["Hugo"]["refused"][0]["reason"] == "Ton choix de citadelle est déjà validé."
    again.cycle()  # one more poll: nothing new
    assert len(replies(again)) == 3 and len([a for a in open_alerts(again.store)
                                             if str(a["kind"]).startswith("post-order-edit:")]) == 1  # fmt: skip

    # The deadline: Hugo's refusal is the rules' too, but it was told already — once the MJ let it go.
    post(forum, topic, "Bruno", "Répartition : David → Est", zenith + timedelta(minutes=30))  # the mayor settles it
    send_everything(again)
    fire(again, clock, "J0-zenith", start + 2 * HOUR)
    assert [e["player"] for e in events(again, "J0-zenith") if e["type"] == "action_refused"] == ["Hugo"]
    closing = [d for d in again.outbox.drafts() if d.key.startswith("J0-zenith/") and "/post-reply/" not in d.key]
    assert not any("déjà validé" in d.body for d in closing if d.recipient == "Hugo")
