"""`meneur replace OLD NEW` (daemon/chores.py's record_replacement) beyond tests/test_chores_replace.py, on a real
django-spirit forum: a vote naming the seat by the replaced player's name or by the newcomer's counts against
the seat, the newcomer's own votes are the seat's; the role card the newcomer gets says the seat as it is now
(a trinite object already spent), and reaches his inbox."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.chores import record_replacement
from meneur.engine.rulesets import installed
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_trinite_live import forum, send_everything

__all__ = ["forum"]  # test_trinite_live's forum fixture, one per module


def test_votes_naming_the_seat_by_either_name_count_against_it(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roles = {"Anna": "loup_garou", "Basile": "voyante", "Coline": "simple_villageois", "Denis": "salvateur"}
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, "MJRemplaceVotes", roles, 2, seed=1,
                                   title="Remplacement et votes")  # fmt: skip
    forum.seed("MJRemplaceVotes", [], spectators=["Bertrand"], topic_title="Comptes des remplaçants")
    start = clock.now

    def post(who: str, text: str, minutes: int) -> None:
        forum.set_comment_date(forum.client(who).post_comment(topic, text), start + timedelta(minutes=minutes))

    record_replacement(game, "Basile", "Bertrand", start + timedelta(minutes=10))
    post("Coline", "**Je vote contre Bertrand**", 15)  # the newcomer's name: the seat
    post("Anna", "**Je vote contre Basile**", 16)  # the player's own name: the seat
    post("Bertrand", "Me voici. **Je vote contre Anna**", 17)  # the newcomer votes for the seat
    clock.now = start + timedelta(minutes=20)
    game.cycle()
    count = game.live_count(game.current_day())
    assert count.current == {"Coline": "Basile", "Anna": "Basile", "Basile": "Anna"}
    assert count.tally.as_dict() == {"Basile": 2, "Anna": 1}
    assert not [w for w in count.warnings if "Bertrand" in str(w)]


@pytest.mark.skipif("trinite" not in installed(), reason="the trinite rule set is not installed")
def test_the_newcomers_role_card_is_the_seat_as_it_is_now(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trinité: Denis spends his hache on J1 (RAVAGE, « Détruisez votre hache »), then Bertrand replaces him. The
    card Bertrand gets holds Denis's object, destroyed: it offers no hache power by MP."""
    mj = "MJRemplaceCarte"
    roles = {
        "Anna": "arc", "Basile": "chapelet", "Coline": "carte",
        "Denis": "hache+loup", "Emile": "bouclier", "Fanny": "sceptre",
        "Gilles": "potion+loup", "Hector": "orbe", "Ines": "baton",
    }  # fmt: skip
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, mj, roles, 4, seed=16, title="Remplacement Trinité",
                                   ruleset="trinite")  # fmt: skip
    forum.seed(mj, [], spectators=["Bertrand"], topic_title="Comptes des remplaçants (Trinité)")
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)
    game.deal()
    send_everything(game)
    (dealt,) = [d.body for d in game.outbox.drafts() if d.key == "setup/role_card/Denis"]
    assert "!hache.ravage" in dealt  # at the start the hache's RAVAGE is his to use
    for minute, voter in enumerate(("Basile", "Coline", "Emile", "Hector", "Ines"), start=1):
        pk = forum.client(voter).post_comment(topic, "**Je vote contre Anna**")
        forum.set_comment_date(pk, start + timedelta(minutes=minute))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    for question in game.engine.open_questions():
        game.answer(question.id, "aucun")
    send_everything(game)
    private = forum.client("Denis").send_private("Hache", [mj], "J'active RAVAGE")
    forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], start + 2 * hour + timedelta(minutes=3))
    clock.now = start + 2 * hour + timedelta(minutes=5)
    game.cycle()
    send_everything(game)

    made = record_replacement(game, "Denis", "Bertrand", start + 2 * hour + timedelta(minutes=10))
    (card,) = [d for d in made if d.kind == "role_card"]
    assert card.recipient == "Bertrand" and "tu remplaces **Denis**" in card.body
    assert "Hache du berserker" in card.body and "!hache.ravage" not in card.body and "!hache.charge" not in card.body
    game.outbox.approve(card.key)
    game.outbox.send_ready(game.adapter)
    inbox = {t["title"]: t["id"] for t in forum.client("Bertrand").private_topics()}
    received = forum.client("Bertrand").comments(inbox["Ton rôle : tu remplaces Denis"])[0]["text"]
    assert "Hache du berserker" in received and "!hache.ravage" not in received
