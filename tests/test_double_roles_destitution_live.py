"""`double-roles`' destitution played live through meneur against the real django-spirit test forum: the players'
« Destitution : OUI » posts and the Institutrice's MP taken in the order they were posted or sent (RULINGS R41),
and the mayor's fall announced the instant two thirds said OUI (« Dès l'instant où le Maire est destitué »), once.

The game, written from the rule text (shared/rules/002_83ddae694699eb35.txt) before it was run. Eight players, all
alive to the end (no MP at night: nobody is attacked), so two thirds is 6 OUI (6 × 3 ≥ 2 × 8). Alice is
Institutrice (« son vote ne compte jamais », « désignant jusqu'à 3 personnes qui perdront alors leurs droits de
vote pour la journée », 2 at 8 alive or fewer); the others are Croque-Morts twice (passive):

- J0: Alice, Carole and Fanny vote for Bob: Bob is mayor.
- J3: Carole, David, Eve and Fanny post OUI; then Alice's MP deprives Gaston and Hugo; then Gaston, Hugo and Alice
  post OUI. Counted: 4 of 6 — nothing is announced during the day and Bob is still mayor at the close (posts read
  first, Hugo's OUI would have been the sixth, before the MP).
- J4: Carole, David, Eve, Fanny and Gaston post OUI: five, nothing yet. Hugo's OUI is the sixth: one announcement,
  drafted at the next poll, Bob's fall on the MJ's page. Bob's own OUI and Alice's MP depriving Gaston and Hugo
  come after: nothing more is drafted, by this daemon nor by a fresh one on the same database (a new
  `meneur poll`), and the fall stands at the close; once the announcement went out, the evening post does not
  say it again.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import MJPage
from meneur.tests.livegame import events, live_game, post, send, send_everything
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Destitution"
ROLES = {"Alice": "institutrice+croque_mort"} | {
    n: "croque_mort+croque_mort" for n in ("Bob", "Carole", "David", "Eve", "Fanny", "Gaston", "Hugo")
}
NATURES = {
    "Alice": "villageois", "Bob": "villageois", "Carole": "villageois", "David": "assassin",
    "Eve": "loup_solitaire", "Fanny": "loup", "Gaston": "loup", "Hugo": "loup",
}  # fmt: skip


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def announcements(game: LiveGame, day: str) -> list[str]:
    return [d.key for d in game.outbox.drafts() if d.key.startswith(f"{day}/day/posts")]


def oui(day: int) -> str:
    return f"**Destitution : OUI**\n\nJour {day}, il faut en finir."  # spirit drops a comment repeated as is


def test_the_destitution_live_in_time_order_and_told_at_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic = live_game(
        forum, tmp_path, monkeypatch, MJ, ROLES, 9, seed=5, title="Destitution", ruleset="double-roles",
        camps=NATURES,
    )  # fmt: skip
    assert game.engine is not None
    start, hour = clock.now, timedelta(hours=1)
    game.deal()
    send_everything(game)
    for minute, voter in enumerate(("Alice", "Carole", "Fanny"), start=1):
        post(forum, topic, voter, "**Je vote contre Bob**", start + timedelta(minutes=minute))
    for n, label in enumerate(("Jour 0", "Nuit 1", "Jour 1", "Nuit 2", "Jour 2", "Nuit 3"), start=1):
        clock.now = start + n * hour + timedelta(seconds=1)
        game.fire_deadline(label)
        send_everything(game)
    assert game.engine.state_before("J3").mayor == "Bob"

    # J3: four OUI, the Institutrice's MP, then three OUI that no longer count.
    day = start + 6 * hour
    for minute, author in enumerate(("Carole", "David", "Eve", "Fanny"), start=1):
        post(forum, topic, author, oui(3), day + timedelta(minutes=minute))
    send(forum, MJ, "Alice", "!institutrice.priver Gaston, Hugo", day + timedelta(minutes=10))
    for minute, author in enumerate(("Gaston", "Hugo", "Alice"), start=11):
        post(forum, topic, author, oui(3), day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=20)
    game.cycle()
    assert announcements(game, "Jour 3") == []
    notes = MJPage(game, "jeton").state()["rules"]["notes"]
    assert notes["Destitution du maire"][:2] == [
        "4 OUI sur 6 requis",
        "OUI : Carole, David, Eve, Fanny, Gaston (sans voix), Hugo (sans voix), Alice (sans voix)",
    ]
    clock.now = start + 7 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 3")
    assert [e for e in events(game, "J3") if e["type"] == "mayor_destituted"] == []
    send_everything(game)
    clock.now = start + 8 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 4")
    send_everything(game)
    assert game.engine.state_before("J4").mayor == "Bob"

    # J4: five OUI, nothing; the sixth, one announcement; more OUI and the MP after it, nothing more.
    day = start + 8 * hour
    for minute, author in enumerate(("Carole", "David", "Eve", "Fanny", "Gaston"), start=1):
        post(forum, topic, author, oui(4), day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=6)
    game.cycle()
    assert announcements(game, "Jour 4") == []
    post(forum, topic, "Hugo", oui(4), day + timedelta(minutes=7))
    clock.now = day + timedelta(minutes=8)
    game.cycle()
    (key,) = announcements(game, "Jour 4")
    told = game.outbox.get(key)
    assert told.recipient is None and "Bob" in told.body and "destitu" in told.body
    notes = MJPage(game, "jeton").state()["rules"]["notes"]
    assert notes["Destitution du maire"][0] == "Maire destitué : Bob"
    post(forum, topic, "Bob", oui(4), day + timedelta(minutes=9))
    send(forum, MJ, "Alice", "!institutrice.priver Gaston, Hugo", day + timedelta(minutes=10))
    clock.now = day + timedelta(minutes=12)
    game.cycle()
    game.cycle()
    assert announcements(game, "Jour 4") == [key]
    fresh = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    fresh.cycle()  # another `meneur poll`, on the same database
    assert announcements(fresh, "Jour 4") == [key]
    send_everything(game)
    assert game.outbox.get(key).state == "sent"
    clock.now = start + 9 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 4")
    assert [e["player"] for e in events(game, "J4") if e["type"] == "mayor_destituted"] == ["Bob"]
    assert game.engine.state_before("N5").mayor != "Bob"
    (evening,) = [d.body for d in game.outbox.drafts() if d.kind == "evening" and d.key.startswith("Jour 4/")]
    assert "destitu" not in evening
    assert announcements(game, "Jour 4") == [key]
