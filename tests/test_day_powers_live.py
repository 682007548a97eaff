"""Day powers by MP, live, on a real django-spirit forum: the daemon reads the inbox by day too, answers a
day power as soon as it reads it (a receipt; what the power spends is spent at once, so the next order is
read against it), drafts the public announcement it implies once, shows it on the MJ's page and in the
live count, and refuses, with a French reason, a day power read after every living player had voted.

The rule set is `trinite-meuporg`, whose potion de télépathie is used by day: « Elle ne peut être utilisée
que de jour par un MP au MJ. […] Si utilisée de la sorte, alors la potion de télépathie est détruite. »
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import MJPage
from meneur.engine.model import Action, Event, GameState, Outcome
from meneur.tests.livegame import Clock, live_game, mj_page, send, vote
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_trinite_meuporg_live import ROLES

# ROLES are the trinite-meuporg live game's: Ines (barde) and Fanny (druide) each hold a potion de télépathie.
TELEPATHY = "potion_de_telepathie.utiliser"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def to_day_one(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, title: str) -> tuple[
    LiveGame, Clock, int, datetime
]:  # fmt: skip
    """A game at J1 (Anna elected at J0, a quiet first night), with an MJ of its own (an MJ's inbox holds
    every game's MPs); returns the game, its clock, the topic and when J1 began (J1 ends an hour later)."""
    mj = "MJ_" + "".join(word[:4] for word in title.split())
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, mj, ROLES, 4, seed=5, title=title,
                                   ruleset="trinite-meuporg")  # fmt: skip
    start, hour = clock.now, timedelta(hours=1)
    for voter in ("Basile", "Coline", "Denis"):
        vote(forum, topic, voter, "Anna", start + timedelta(minutes=5))
    game.cycle()
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    return game, clock, topic, start + 2 * hour


def outcomes(game: LiveGame, player: str) -> list[dict[str, object]]:
    assert game.engine is not None
    return [o for o in game.engine.mp_outcomes("J1").values() if o["player"] == player]


def receipts(game: LiveGame, player: str) -> list[str]:
    return [d.body for d in game.outbox.drafts() if d.kind == "receipt" and d.recipient == player]


def test_a_day_power_is_answered_spent_and_shown_as_soon_as_it_is_read(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _topic, day = to_day_one(forum, tmp_path, monkeypatch, "Télépathie de jour")
    mj = game.config.live.username
    assert game.engine is not None and game.engine.setup().player("Ines").role == "barde"

    send(forum, mj, "Ines", "J'utilise ma potion de télépathie", day + timedelta(minutes=10), "Potion")
    clock.now = day + timedelta(minutes=12)
    game.cycle()  # a poll in the middle of the day, long before its deadline
    assert [o["outcome"] for o in outcomes(game, "Ines")] == ["understood"]
    (receipt,) = receipts(game, "Ines")
    assert "C'est noté : aujourd'hui" in receipt
    # The potion is spent as soon as the order is read: no « change your mind until the deadline ».
    assert "changer d'avis" not in receipt

    # The MJ's page shows the day power used, with the MP it came from, before the deadline.
    page = MJPage(game, "jeton").state()
    assert page["day_powers"]["phase"] == "J1"
    assert [(u["player"], u["power"]) for u in page["day_powers"]["used"]] == [("Ines", TELEPATHY)]
    ines = next(p for p in page["players"] if p["name"] == "Ines")
    assert {"object": "potion de télépathie", "destroyed": True} in ines["objects"]
    html = mj_page(game)
    assert "<h2>Pouvoirs de jour — Jour 1</h2>" in html and "<b>Ines</b> : potion_de_telepathie.utiliser" in html
    # What the rule set adds: each player's role, style and objects (the potion struck out), the groups with
    # them, the objects destroyed, its own notes, and the dawn's order as the rule set writes it.
    assert "— Barde (HEAL)" in html and "potion de télépathie (détruit)" in html
    assert '<b>Groupe 3</b> : <span>Gilles</span><span class="secret"> (Voleur, DPS)</span>' in html
    assert "<li>potion de télépathie — Ines (vivant)</li>" in html
    assert "<h3>Nuit événement</h3>" in html and "<li>pas encore utilisée</li>" in html
    order = html.split('<ol id="night-order">')[1].split("</ol>")[0]
    assert order.startswith("<li>chapelet</li><li>attaque_des_loups</li><li>potion de mort</li><li>arc</li>")
    assert order.count("<li>") == 17

    # A second use the same day is read against the day as it is now: the potion is gone.
    send(forum, mj, "Ines", "J'utilise ma potion de télépathie", day + timedelta(minutes=20), "Encore")
    clock.now = day + timedelta(minutes=22)
    game.cycle()
    assert [o["outcome"] for o in outcomes(game, "Ines")] == ["understood", "refused"]
    assert "Je ne peux pas retenir ta demande" in receipts(game, "Ines")[1]

    # At the deadline the power takes its effect once: the group's MPs for the night.
    clock.now = day + timedelta(hours=1, seconds=1)
    game.fire_deadline("Jour 1")
    told = [d for d in game.outbox.drafts() if d.key.startswith("Jour 1/J1/mp/")]
    group = set(game.engine.state_before("N2").memory["groups"][2])
    recipients = {d.recipient for d in told}  # the group, and the mayor asked for her announcements
    assert "Ines" in group and group <= recipients and not recipients & {"Denis", "Emile", "Fanny"}


def test_a_day_power_read_after_everyone_voted_is_refused_in_french(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic, day = to_day_one(forum, tmp_path, monkeypatch, "Trop tard pour la potion")
    mj = game.config.live.username
    # Ines's order comes while Hector has not voted yet; Fanny's once every living player has.
    send(forum, mj, "Ines", "J'utilise ma potion de télépathie", day + timedelta(minutes=8), "Potion")
    votes = {v: "Gilles" for v in ROLES if v != "Gilles"} | {"Gilles": "Anna"}
    for minute, (voter, target) in enumerate(votes.items(), start=1):
        vote(forum, topic, voter, target, day + timedelta(minutes=minute + (10 if voter == "Ines" else 0)))
    send(forum, mj, "Fanny", "J'utilise ma potion de télépathie", day + timedelta(minutes=30), "Potion")
    clock.now = day + timedelta(minutes=35)
    count = game.cycle().count
    assert count is not None and count.tally.not_voted == ()

    assert [o["outcome"] for o in outcomes(game, "Ines")] == ["understood"]
    (fanny,) = outcomes(game, "Fanny")
    assert fanny["outcome"] == "refused"
    (reply,) = receipts(game, "Fanny")
    assert "tout le monde avait voté" in reply
    assert game.engine is not None
    page = MJPage(game, "jeton").state()
    assert [(u["player"], u["power"]) for u in page["day_powers"]["used"]] == [("Ines", TELEPATHY)]
    # The day's MPs on the page, each with what became of it, as the night's are.
    day_part = mj_page(game).split('<section id="day-powers">')[1].split("</section>")[0]
    assert day_part.count('<div class="mp">') == 2 and "<pre>J&#39;utilise ma potion de télépathie</pre>" in day_part
    assert "refusé : <b>potion_de_telepathie.utiliser</b> — Trop tard : tout le monde avait voté" in day_part

    # The deadline counts Ines's potion and not Fanny's: only Ines's group is told at nightfall.
    clock.now = day + timedelta(hours=1, seconds=1)
    game.fire_deadline("Jour 1")
    row = next(iter(game.store.db.query("select inputs from engine_phases where phase = 'J1'")))
    assert [(a["player"], a["power"]) for a in json.loads(row["inputs"])["actions"]] == [("Ines", TELEPATHY)]
    told = {d.recipient for d in game.outbox.drafts() if d.key.startswith("Jour 1/J1/mp/")}
    assert "Ines" in told and "Fanny" not in told


def test_the_announcement_a_day_power_implies_is_drafted_once_as_soon_as_it_is_read(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule set whose day power the MJ announces in bold (trinite's MURS) gives ``day_powers``; here a test
    rule set, trinite-meuporg with the potion announced as MURS is, stands for it."""
    game, clock, _topic, day = to_day_one(forum, tmp_path, monkeypatch, "Annonce de jour")
    mj = game.config.live.username
    assert game.engine is not None
    rules = game.engine.rules
    assert rules.day_powers is not None

    def announced(state: GameState, actions: list[Action]) -> Outcome:
        spent = rules.day_powers(state, actions)  # type: ignore[misc]
        extra = [Event("group_only_announced", state.phase, data={"player": a.player}) for a in actions]
        return replace(spent, events=[*spent.events, *extra])

    game.engine.rules = replace(rules, day_powers=announced)
    send(forum, mj, "Ines", "J'utilise ma potion de télépathie", day + timedelta(minutes=10), "Potion")
    clock.now = day + timedelta(minutes=12)
    game.cycle()
    posts = [d for d in game.outbox.drafts() if d.recipient is None and d.key.startswith("Jour 1/day/")]
    assert len(posts) == 1
    bold = "**{}**" if game.adapter.markup == "markdown" else "[b]{}[/b]"
    assert bold.format("Les joueurs ne pourront cibler que leur groupe la prochaine nuit.") in posts[0].body
    game.outbox.approve(posts[0].key)
    game.cycle()  # sent; another poll, another read of the inbox: nothing drafted again
    game.cycle()
    again = [d for d in game.outbox.drafts() if d.recipient is None and d.key.startswith("Jour 1/day/")]
    assert [(d.key, d.state) for d in again] == [(posts[0].key, "sent")]
    shown = [c["text"] for c in forum.client("Anna").comments(_topic) if "leur groupe" in c["text"]]
    assert len(shown) == 1
    # meneur restarted on the same database: the MP keeps its one outcome; nothing is drafted or posted again.
    drafts = [(d.key, d.state) for d in game.outbox.drafts()]
    restarted = LiveGame(game.config, Store(game.config.live.database), make_adapter(game.config), clock)
    assert restarted.engine is not None
    restarted.engine.rules = game.engine.rules
    restarted.cycle()
    assert [(d.key, d.state) for d in restarted.outbox.drafts()] == drafts
    assert len([c for c in forum.client("Anna").comments(_topic) if "leur groupe" in c["text"]]) == 1
    page = MJPage(game, "jeton").state()
    assert [a["type"] for a in page["day_powers"]["announced"]] == ["group_only_announced"]
