"""A hostile pass over the Lâche's anonymous MPs (double-roles, daemon/relay.py) on the real django-spirit forum.

Players answer the MJ in the conversation he opened, and quote him: Alice (Lâche) answers her role card, quoting
it (as spirit's « citer » does: ``> `` before each line), then writes « dis à Emile : … ». Written before running,
as an MJ expects it: the MP drafted to Emile carries Alice's words and nothing of what she quoted — her role card
names her and her roles; the recipient must learn neither."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.poller import open_alerts
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_double_roles_relay import NATURES, ROLES, forum

__all__ = ["forum"]  # the relay tests' module-scoped forum

MJ = "MJ_Hostile_Lache"
WORDS = "On t'a vu rôder près de la maison de Chloe cette nuit"


def test_a_relayed_mp_that_quotes_the_role_card_passes_on_only_the_lache_s_own_words(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 4, seed=18, title="Double-rôles cités", ruleset="double-roles",
        camps=NATURES,
    )  # fmt: skip
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)
    game.deal()
    for draft in game.outbox.drafts("drafted"):
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")

    (card,) = [d for d in game.outbox.drafts() if d.recipient == "Alice" and d.state == "sent"]
    assert "forme sûre" in card.body
    assert "Alice" in card.body and "Lâche" in card.body  # what must not reach Emile
    alice = forum.client("Alice")
    (conversation,) = [t for t in alice.private_topics() if t["title"] == card.subject]
    quoted = "\n".join(f"> {line}" for line in [f"@{MJ} a écrit :", *card.body.splitlines()])
    pk = alice.post_comment(conversation["id"], f"{quoted}\n\ndis à Emile : {WORDS}")
    forum.set_comment_date(pk, start + 2 * hour + timedelta(minutes=3))
    clock.now = start + 2 * hour + timedelta(minutes=5)
    game.cycle()
    relays = [d for d in game.outbox.drafts() if d.recipient == "Emile" and d.key.startswith("Jour 1/")]
    assert len(relays) == 1
    (relay,) = relays
    passed_on = [line[2:] for line in relay.body.splitlines() if line.startswith("> ")]
    assert passed_on == [WORDS]  # her words, and only them
    (card_mark,) = re.findall(r"mj-[0-9a-f]{10}", card.body)
    assert "forme sûre" not in relay.body and card_mark not in relay.body  # nothing of the card
    # Her words are one message that does not name her: nothing for the MJ to look at (the card she quoted holds
    # « Message anonyme pour Gaston : … », which is not hers).
    (outcome,) = game.engine.mp_outcomes("J1").values()
    assert open_alerts(game.store, f"mp:{outcome['msg_id']}") == []
