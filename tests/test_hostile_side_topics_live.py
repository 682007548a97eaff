"""A hostile pass over the side topics a deadline reads (the wolves' den, the absence topic), against the real
django-spirit test forum, with faults between meneur and the forum (tests/faultproxy.py).

Written as an MJ expects them, before running:

- The den's page fails (HTTP 500s) just when the night's deadline falls, while the game topic and the inbox
  read fine; a fresh process (cron's ``meneur poll``) fires it. Anna named Denis at 20:20 (read by a poll),
  Fanny named Emile at 20:50 (not read yet). Expected: the night is NOT resolved on what was read before (Denis
  would die); it waits, and once the den reads again Emile dies, Denis lives, the night resolved once, and the
  den's alert is closed.
- A den page that cannot be read (cut short: a broken page) opens the den's alert, not the game topic's: the
  day's live count goes on (the game topic reads fine).
- Denis declares his absence in the absence topic ten minutes before the day's deadline; no poll ran since. The
  deadline reads the topic before the count: « En cas d'absence justifiée, il y aura non-vote (0 voix) » —
  Denis does not vote against himself.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.http import ForumUnavailable
from meneur.daemon.poller import CountingStopped, open_alerts
from meneur.daemon.store import Store
from meneur.tests import test_baguette_live
from meneur.tests.faultproxy import FaultProxy, Plan
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_baguette_live import ROLES, baguette_game, den_game, forum, night_inputs

__all__ = ["forum"]  # test_baguette_live's module-scoped forum


def behind_proxy(game: LiveGame, forum: SpiritForum, proxy: FaultProxy, tmp_path: Path) -> LiveGame:
    """The same game in a fresh process (cron's ``meneur poll``), talking to the forum through ``proxy``."""
    path = tmp_path / "partie.toml"
    text = path.read_text(encoding="utf-8").replace(f'url = "{forum.base_url}"', f'url = "{proxy.base_url}"')
    text = text.replace(
        'modules = ["baguette"]\n', f'modules = ["baguette"]\nden_topic = "{game.config.live.den_topic}"\n'
    )
    path.write_text(text, encoding="utf-8")
    config = load_config(path)
    adapter = make_adapter(config)
    adapter.http.retries, adapter.http.backoff = 1, 0.01
    fresh = LiveGame(config, Store(config.live.database), adapter, game.clock)
    assert fresh.config.live.den_topic == game.config.live.den_topic
    return fresh


def den_fault(den_topic: str, fault: str) -> object:
    def choose(method: str, path: str) -> str:
        return fault if path.startswith(f"/topic/{den_topic}/") else "pass"

    return choose


def test_a_night_deadline_waits_for_a_den_that_cannot_be_read_then_resolves_on_the_whole_den(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre en panne", "MJ_Hostile_Antre")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)  # J1's deadline: N2 begins
    den("Anna", "Ce soir on prend", "Denis", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    den("Fanny", "Non, plutôt", "Emile", night + timedelta(minutes=50))
    with FaultProxy(forum.port, Plan(seed=1)) as proxy:
        cron = behind_proxy(game, forum, proxy, tmp_path)
        den_topic = str(cron.config.live.den_topic)
        proxy.choose = den_fault(den_topic, "error_before")  # type: ignore[assignment]
        clock.now = night + timedelta(hours=1, minutes=5)
        with pytest.raises(ForumUnavailable):
            cron.fire_deadline("Nuit 2")
        assert [f.path for f in proxy.faults()] and all(
            f.path.startswith(f"/topic/{den_topic}/") for f in proxy.faults()
        )
        assert [d.state for d in cron.deadlines() if d.id == "Nuit 2"] == ["pending"]
        assert cron.engine is not None and cron.engine.latest_state().player("Denis").alive
        assert open_alerts(cron.store, "den-topic")
        proxy.choose = den_fault(den_topic, "pass")  # type: ignore[assignment]
        clock.now = night + timedelta(hours=1, minutes=6)
        cron.fire_deadline("Nuit 2")
    state = cron.engine.latest_state()
    assert not state.player("Emile").alive and state.player("Denis").alive
    assert ("Fanny", "loups.devorer", ["Emile"]) in night_inputs(cron, "N2")
    assert len(list(cron.store.db.query("select 1 from engine_phases where phase = 'N2'"))) == 1
    assert not open_alerts(cron.store, "den-topic")


def test_a_broken_den_page_alerts_about_the_den_and_leaves_the_days_count_alone(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre tronquée", "MJ_Hostile_Tronque")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)
    den("Anna", "Ce soir on prend", "Denis", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    with FaultProxy(forum.port, Plan(seed=2)) as proxy:
        cron = behind_proxy(game, forum, proxy, tmp_path)
        proxy.choose = den_fault(str(cron.config.live.den_topic), "truncate")  # type: ignore[assignment]
        report = cron.cycle()  # the game topic reads; the den's page comes cut short
        assert [f.fault for f in proxy.faults()] and {f.fault for f in proxy.faults()} == {"truncate"}
        assert report.count is not None  # the day's count was made
        assert open_alerts(cron.store, "den-topic")
        assert not open_alerts(cron.store, "layout")  # the game topic's alert: it reads fine
        cron.live_count()  # no CountingStopped: nothing stops the count of the game topic
        with pytest.raises(CountingStopped):  # the den itself is not taken as read
            cron._den.poll()  # the same den reader, once more behind a cut page
        assert not open_alerts(cron.store, "layout")


def test_an_absence_posted_just_before_the_days_deadline_is_read_by_the_deadline(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, _topic = baguette_game(forum, tmp_path, monkeypatch, 4, "Partie absence tardive", "MJ_Hostile_Absent")
    away = forum.seed(game.config.live.username, list(ROLES), topic_title="Absences tardives", opening="Ici.")[
        "topic_id"
    ]
    game.config = replace(game.config, live=replace(game.config.live, absence_topic=str(away)))
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)

    def mp(who: str, text: str, when: datetime) -> None:
        private = forum.client(who).send_private(f"{who} {when:%H%M%S}", [game.config.live.username], text)
        forum.set_comment_date(forum.client(game.config.live.username).comments(private)[0]["pk"], when)

    for who in ("Coline", "Denis", "Emile", "Fanny"):
        mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    day = start + 2 * hour
    for who, target, minute in (("Anna", "Coline", 5), ("Fanny", "Coline", 6), ("Basile", "Anna", 7),
                                ("Coline", "Anna", 8), ("Emile", "Anna", 9)):  # fmt: skip
        mp(who, f"Je vote contre {target}", day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=30)
    game.cycle()  # the absence topic is read: nothing in it yet
    ends = (day + hour).astimezone(ZoneInfo(game.config.timezone)).date()
    said = day + timedelta(minutes=50)
    forum.set_comment_date(forum.client("Denis").post_comment(away, f"Absent le {ends.day}, désolé."), said)
    clock.now = day + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")  # no poll in between
    rows = game.store.db.query("select events from engine_phases where phase = 'J1'")
    result = next(e for e in json.loads(str(next(iter(rows))["events"])) if e["type"] == "vote_result")
    assert result["absent"] == ["Denis"] and "Denis" not in result["self_votes"]
    assert result["counts"] == {"Anna": 4, "Coline": 2}  # Basile, the Magicien, votes twice (« double voix »)


def test_an_mp_that_quotes_the_mjs_activity_warning_declares_no_absence(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Denis answers the MJ's activity warning (templates/activity_warning.bbcode.j2), quoting it — it holds the
    example « absent jusqu'à jeudi » — and says he is here. Expected: no absence is stored for him (he would get
    a non-vote until Thursday), and his MP is not taken as one."""
    game, clock, _topic = baguette_game(forum, tmp_path, monkeypatch, 4, "Partie avertie", "MJ_Hostile_Averti")
    warning = (
        "Je ne t'ai pas vu dans le sujet de la partie pendant 2 jours de suite (Jour 1, Jour 2).\n"
        "Le village a besoin de toi : passe donner ton avis et voter, même en quelques mots.\n"
        "Si tu ne peux pas jouer en ce moment, dis-le-moi par MP (par exemple « absent jusqu'à jeudi ») : je pourrai "
        "prévoir un remplaçant."
    )
    quoted = "\n".join(f"> {line}" for line in warning.splitlines())
    mj = game.config.live.username
    private = forum.client("Denis").send_private("Re: avertissement", [mj], f"{quoted}\n\nDésolé, je suis bien là !")
    forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], clock.now - timedelta(minutes=1))
    game.cycle()
    assert game.engine is not None
    (outcome,) = game.engine.mp_outcomes("J0").values()
    assert outcome["player"] == "Denis" and outcome["outcome"] != "absence"
    assert list(game.store.db.query("select * from absences")) == []


def test_an_absence_post_edited_or_deleted_before_the_deadline_counts_as_it_stands(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Denis posts « Absent le <J1's day> » in the absence topic, a poll reads it; then he edits it (through spirit's
    own form) to a day two days later. Emile posts « Absent le <J1's day> », read, then deletes it (the forum keeps
    no trace). Expected, as the MJ reads the topic at the deadline: neither is away on J1 — both vote against
    themselves (« chaque joueur part avec sa propre voix contre lui »), no non-vote."""
    j1 = test_baguette_live.day_one_with_an_absence_topic(
        forum, tmp_path, monkeypatch, ("Partie absence éditée", "Absences éditées"), "MJ_Hostile_Edite"
    )
    game, clock, away, day, ends, mp = j1.game, j1.clock, j1.away, j1.day, j1.ends, j1.mp
    hour = timedelta(hours=1)
    later = ends + timedelta(days=2)
    denis = forum.client("Denis").post_comment(away, f"Absent le {ends.day}/{ends.month}.")
    forum.set_comment_date(denis, day + timedelta(minutes=3))
    emile = forum.client("Emile").post_comment(away, f"Absent le {ends.day}/{ends.month}.")
    forum.set_comment_date(emile, day + timedelta(minutes=4))
    for who, target, minute in (("Anna", "Coline", 5), ("Fanny", "Coline", 6), ("Basile", "Anna", 7),
                                ("Coline", "Anna", 8)):  # fmt: skip
        mp(who, f"Je vote contre {target}", day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=10)
    game.cycle()
    assert {str(r["player"]) for r in game.store.db.query("select player from absences")} == {"Denis", "Emile"}
    page = f"/comment/{denis}/update/"
    forum.client("Denis")._submit(page, page, {"comment": f"Absent le {later.day}/{later.month}."})
    forum.shell(test_baguette_live._DELETE, pk=emile)
    clock.now = day + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    rows = game.store.db.query("select events from engine_phases where phase = 'J1'")
    result = next(e for e in json.loads(str(next(iter(rows))["events"])) if e["type"] == "vote_result")
    assert result["absent"] == []
    assert sorted(result["self_votes"]) == ["Denis", "Emile"]


def test_a_newcomer_who_replaced_a_wolf_chooses_the_victim_in_the_den(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`meneur replace`: Zoé takes Fanny's place (a wolf) during N2. Anna named Denis by day; Zoé, now playing
    Fanny, names Emile in the den. Expected: Emile dies, Denis lives — the newcomer's den post is Fanny's, as her
    votes and MPs are."""
    from meneur.daemon.chores import record_replacement

    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre remplacée", "MJ_Hostile_Remplace")
    forum.seed(game.config.live.username, ["Zoe_Remplacante"], topic_title="Inscriptions remplaçants")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)
    den("Anna", "Ce soir on prend", "Denis", night - timedelta(minutes=30))
    record_replacement(game, "Fanny", "Zoe_Remplacante", night + timedelta(minutes=10))
    den("Zoe_Remplacante", "Je reprends : on mange", "Emile", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    clock.now = night + timedelta(hours=1, minutes=5)
    game.fire_deadline("Nuit 2")
    assert game.engine is not None
    state = game.engine.latest_state()
    assert not state.player("Emile").alive and state.player("Denis").alive
    assert ("Fanny", "loups.devorer", ["Emile"]) in night_inputs(game, "N2")


@pytest.mark.parametrize("seed", [3, 8])
def test_a_night_played_through_a_faulty_network_kills_the_dens_last_choice_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """The whole of N2 through a seeded faulty network (drops, 500s before and after the forum acted, pages cut
    short, the login page instead of a page), in cron's fresh-process way: each poll and the deadline are tried
    again until they go through. Expected: the den's last choice (Emile, Fanny's) is the victim, the night is
    resolved once, and the morning's post is in the game topic exactly once."""
    from meneur.daemon.adapters.base import ForumError

    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, f"Partie antre bruitée {seed}", f"MJ_Bruit_{seed}")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)
    for draft in game.outbox.drafts("drafted"):  # J1's drafts: out of the way
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)
    faults = ("drop_before", "drop_after", "error_before", "error_after", "truncate", "short", "login_page")
    with FaultProxy(forum.port, Plan(seed=seed, rate=0.3, faults=faults)) as proxy:
        cron = behind_proxy(game, forum, proxy, tmp_path)

        def until_through(step: object) -> None:
            for _attempt in range(40):
                try:
                    step()  # type: ignore[operator]
                    return
                except (ForumUnavailable, CountingStopped, ForumError):
                    continue
            raise AssertionError("40 tries did not go through")

        den("Anna", "Ce soir on prend", "Denis", night + timedelta(minutes=10))
        clock.now = night + timedelta(minutes=15)
        until_through(cron.cycle)
        den("Fanny", "Non, plutôt", "Emile", night + timedelta(minutes=40))
        clock.now = night + timedelta(minutes=45)
        until_through(cron.cycle)
        clock.now = night + timedelta(hours=1, minutes=5)
        until_through(lambda: cron.fire_deadline("Nuit 2"))
        morning = [d for d in cron.outbox.drafts("drafted") if d.recipient is None]
        assert morning
        for draft in morning:
            cron.outbox.approve(draft.key)
        for _attempt in range(40):
            with contextlib.suppress(ForumUnavailable, ForumError):
                cron.outbox.send_ready(cron.adapter)
            clock.now += timedelta(seconds=61)  # a post whose answer was lost settles a minute before it is checked
            if all(d.state == "sent" for d in cron.outbox.drafts() if d.key in {m.key for m in morning}):
                break
        injected = len(proxy.faults())
    assert injected > 0
    assert cron.engine is not None
    state = cron.engine.latest_state()
    assert not state.player("Emile").alive and state.player("Denis").alive
    assert len(list(cron.store.db.query("select 1 from engine_phases where phase = 'N2'"))) == 1
    topic = int(cron.config.live.topic)
    said = [c["text"] for c in forum.client("Basile").comments(topic) if c["author"] == cron.config.live.username]
    for draft in morning:
        first_line = next(line for line in draft.body.splitlines() if line.strip())
        assert sum(first_line.strip("*# ") in text for text in said) == 1, first_line
