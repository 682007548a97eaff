"""LG Trinité's day powers live, on the real django-spirit forum: what a day power implies is said once, and
the MJ's page shows it as soon as meneur reads the MP.

- RAVAGE (« Le MJ annonce sur le forum en gras que RAVAGE a été activé ») is drafted as soon as read; when
  the MJ has not let that draft go by the deadline, the evening post says it, and the day's draft is set
  aside: approving every draft then puts the announcement on the forum once, not twice.
- EXCUSE (« Durant le prochain crépuscule, vous pourrez parler en privé entre vous ») is on the MJ's page,
  among the rule set's notes for the coming night, from the poll that reads it, not only from dusk."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.web import MJPage
from meneur.engine.rulesets import installed
from meneur.tests.livegame import live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_trinite_live import forum, send_everything

__all__ = ["forum"]  # test_trinite_live's forum fixture, one per module

pytestmark = pytest.mark.skipif("trinite" not in installed(), reason="the trinite rule set is not installed")

MJ = "MJTriniteJour"
ROLES = {
    "Anna": "arc", "Basile": "chapelet", "Coline": "paquet",
    "Denis": "hache+loup", "Emile": "bouclier", "Fanny": "sceptre",
    "Gilles": "potion+loup", "Hector": "orbe", "Ines": "baton",
}  # fmt: skip
RAVAGE = "RAVAGE a été activé"


def test_a_day_announcement_not_let_go_is_said_by_the_evening_post_only(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, MJ, ROLES, 4, seed=16, title="Trinité de jour",
                                   ruleset="trinite")  # fmt: skip
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)

    def send(player: str, title: str, text: str, minutes: int, since: timedelta) -> None:
        private = forum.client(player).send_private(title, [MJ], text)
        forum.set_comment_date(forum.client(MJ).comments(private)[0]["pk"], start + since + timedelta(minutes=minutes))

    def vote(voter: str, target: str, when: timedelta) -> None:
        forum.set_comment_date(forum.client(voter).post_comment(topic, f"**Je vote contre {target}**"), start + when)

    game.deal()
    send_everything(game)
    for minute, voter in enumerate(("Basile", "Coline", "Emile", "Hector", "Ines"), start=1):
        vote(voter, "Anna", timedelta(minutes=minute))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    send_everything(game)
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")  # a quiet night
    for question in game.engine.open_questions():
        game.answer(question.id, "aucun")
    send_everything(game)

    # J1: Denis activates RAVAGE, Coline uses EXCUSE with Basile; one poll reads both.
    day = 2 * hour
    send("Denis", "Hache", "J'active RAVAGE", 3, day)
    send("Coline", "Paquet", "Excuse avec Basile", 4, day)
    clock.now = start + day + timedelta(minutes=6)
    game.cycle()
    outcomes = {o["player"]: o["outcome"] for o in game.engine.mp_outcomes("J1").values()}
    assert outcomes == {"Denis": "understood", "Coline": "understood"}
    (announcement,) = [d for d in game.outbox.drafts() if d.recipient is None and d.key.startswith("Jour 1/day/")]
    assert RAVAGE in announcement.body and announcement.state == "drafted"
    # The MJ's page, long before dusk: EXCUSE's chat for the coming night, beside RAVAGE's note.
    notes = MJPage(game, "jeton").state()["rules"]["notes"]
    assert notes["EXCUSE : conversations privées (N2)"] == ["Coline, Basile"]
    assert notes["Pouvoirs neutralisés (N2)"][0].startswith("RAVAGE")

    # The MJ lets nothing go before the deadline. The evening post says RAVAGE; the day's draft is set aside.
    for minute, (voter, target) in enumerate(
        [(v, "Gilles") for v in ("Anna", "Basile", "Coline", "Fanny", "Hector", "Ines")]
        + [("Denis", "Anna"), ("Gilles", "Anna")],
        start=10,
    ):
        vote(voter, target, day + timedelta(minutes=minute))
    clock.now = start + 3 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")

    def saying_ravage() -> list[tuple[str, str]]:
        public = [d for d in game.outbox.drafts() if d.recipient is None and d.key.startswith("Jour 1/")]
        return [(d.key, d.state) for d in public if RAVAGE in d.body]

    # Right after the deadline (the mayor's question still open): the evening post says it, the day's draft
    # is set aside — an MJ approving all he sees now sends it once.
    (evening,) = [key for key, state in saying_ravage() if state != "discarded"]
    assert evening == "Jour 1/J1/evening" and (announcement.key, "discarded") in saying_ravage()
    for question in game.engine.open_questions():
        game.answer(question.id, "aucun")
    assert [key for key, state in saying_ravage() if state != "discarded"] == [evening]
    # Dusk told EXCUSE's two players, each once (the page's note was the MJ's only).
    told = [d.recipient for d in game.outbox.drafts() if d.key.startswith("Jour 1/") and d.state != "discarded"
            and d.body.startswith("EXCUSE de Coline")]  # fmt: skip
    assert sorted(told) == ["Basile", "Coline"]

    # Every draft approved and sent: the forum shows the announcement once.
    send_everything(game)
    said = [c["text"] for c in forum.client("Anna").comments(topic) if RAVAGE in c["text"]]
    assert len(said) == 1
