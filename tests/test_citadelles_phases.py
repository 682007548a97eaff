"""citadelles' J0 in three phases, in the live daemon: the deadlines the MJ writes for them, the phase the
daemon goes to after each (``RuleSet.phase_after``), the zenith skipped when the morning balances the
citadels, the J0 orders read from the day's posts (``RuleSet.read_post``), and `meneur read-mp --phase J0-soir`.

The rule text (shared/rules/000_e44f1ff8762b1b6f.txt, « JOUR 0 »): « Si toutes les citadelles contiennent
exactement 3 joueurs … les choix sont validés immédiatement » (no zenith), else the zenith; at the evening,
« chaque joueur envoie par MP au MJ le rôle qu'il souhaite ». SPEC.md: a player's last choice counts."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.cli import main
from meneur.daemon.config import ConfigError, load_config, parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.tests.livegame import Clock
from meneur.tests.spiritforum import SpiritForum

# ASCII names: the test forum is seeded once per test and finds its existing members by name.
NAMES = ["Alice", "Bruno", "Chloe", "David", "Elodie", "Felix", "Gaelle", "Hugo", "Ines", "Julien", "Karine", "Leo"]
WOLVES = ("Chloe", "Hugo", "Leo")
VOTE = "**Je vote contre {}**"


def _config_text(deadlines: list[tuple[str, str]], ruleset: str = "citadelles", head: str = "") -> str:
    rows = "".join(f'[[deadlines]]\nlabel = "{label}"\nat = "{at}"\n' for label, at in deadlines)
    players = "".join(f'[[players]]\nname = "{n}"\n' for n in NAMES)
    return (
        f'{head}[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:1"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\ndatabase = "partie.sqlite"\nruleset = "{ruleset}"\n{rows}{players}'
    )


def test_the_three_j0_deadlines_are_named_as_the_mj_says_them(tmp_path: Path) -> None:
    """« J0-matin », « Jour 0 (zénith) », « Jour 0 soir »: each names its own phase; the days and nights
    after them are numbered as in every rule set."""
    text = _config_text(
        [
            ("J0-matin", "2026-03-02T12:00"),
            ("Jour 0 (zénith)", "2026-03-02T18:00"),
            ("Jour 0 soir", "2026-03-02T22:00"),
            ("Nuit 1", "2026-03-03T09:00"),
            ("Jour 1", "2026-03-03T21:00"),
        ]
    )
    config = parse_config(text, tmp_path / "partie.toml")
    assert [(d.label, d.phase, d.kind) for d in config.live.deadlines] == [
        ("J0-matin", "J0-matin", "day"),
        ("Jour 0 (zénith)", "J0-zenith", "day"),
        ("Jour 0 soir", "J0-soir", "day"),
        ("Nuit 1", "N1", "night"),
        ("Jour 1", "J1", "day"),
    ]


def test_a_split_day_is_refused_for_a_rule_set_without_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="J0-matin"):
        parse_config(_config_text([("J0-matin", "2026-03-02T12:00")], ruleset="classique"), tmp_path / "p.toml")
    with pytest.raises(ConfigError, match="J0-aube"):
        parse_config(_config_text([("J0-aube", "2026-03-02T12:00")]), tmp_path / "p.toml")
    # « Jour 0 » alone, as for the other rule sets: citadelles' day 0 has three deadlines.
    with pytest.raises(ConfigError, match="J0-matin, J0-zenith, J0-soir"):
        parse_config(_config_text([("Jour 0", "2026-03-02T12:00")]), tmp_path / "p.toml")


def test_read_mp_reads_a_role_request_at_j0_evening(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`meneur read-mp --phase J0-soir`: the role asked for, and a fighter's powers."""
    groups = ",".join(f"{n}={1 + i // 3}" for i, n in enumerate(NAMES))
    roles = ",".join(f"{n}=habitant" for n in NAMES)  # the citadels settled, the roles still to choose
    args = ["--ruleset", "citadelles", "--players", ",".join(NAMES), "--groups", groups, "--roles", roles]
    args += ["--from", "Chloe"]
    monkeypatch.setattr("sys.stdin", io.StringIO("Combattante, pouvoirs obstacle et intendant"))
    code = main(["read-mp", *args, "--phase", "J0-soir", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    read = json.loads(out)
    assert sorted(a["power"] for a in read["actions"]) == ["habitant.cb", "habitant.intendant", "habitant.obstacle"]
    monkeypatch.setattr("sys.stdin", io.StringIO("Je veux être GM"))
    assert main(["read-mp", *args, "--phase", "J0-aube"]) != 0
    assert "J0-aube" in capsys.readouterr().err


# -- live, on the test forum ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def j0_game(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mj: str
) -> tuple[LiveGame, Clock, int, datetime]:
    """A 12-player citadelles game whose J0 has its three deadlines an hour apart, then N1 and J1."""
    seeded = forum.seed(mj, NAMES, topic_title=f"Citadelles {mj}")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    clock = Clock()
    start = clock.now.replace(microsecond=0)
    labels = ["J0-matin", "J0-zenith", "J0-soir", "Nuit 1", "Jour 1"]
    rows = [(label, (start + (n + 1) * timedelta(hours=1)).isoformat()) for n, label in enumerate(labels)]
    text = _config_text(rows).replace('url = "http://127.0.0.1:1"', f'url = "{forum.base_url}"')
    text = text.replace(
        'username = "MJ"\n[game]\ntopic = "1"', f'username = "{mj}"\n[game]\ntopic = "{seeded["topic_id"]}"'
    )
    text = text.replace('ruleset = "citadelles"\n', 'ruleset = "citadelles"\nseed = 7\n')
    text += "[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n"
    for wolf in WOLVES:
        text = text.replace(f'name = "{wolf}"\n', f'name = "{wolf}"\ncamp = "loups"\n')
    path = tmp_path / "partie.toml"
    path.write_text(text, encoding="utf-8")
    config = load_config(path)
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    return game, clock, seeded["topic_id"], start


def post(forum: SpiritForum, topic: int, author: str, text: str, when: datetime) -> str:
    pk = forum.client(author).post_comment(topic, text)
    forum.set_comment_date(pk, when)
    return str(pk)


def mp(forum: SpiritForum, mj: str, player: str, text: str, when: datetime) -> None:
    private = forum.client(player).send_private(f"{player} {when:%H%M%S}", [mj], text)
    forum.set_comment_date(forum.client(mj).comments(private)[0]["pk"], when)


BALANCED = {"Nord": NAMES[0:3], "l'Est": NAMES[3:6], "Sud": NAMES[6:9], "l'Ouest": NAMES[9:12]}


def test_a_balanced_morning_skips_the_zenith(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players in each citadel at the morning's deadline: validated at once, the game goes to J0-soir;
    the zenith's deadline fires nothing, and the evening's MPs, sent while the zenith's hour runs, are read
    as J0-soir's (its window starts at the morning's deadline)."""
    mj = "MJ_CitSkip"
    game, clock, topic, start = j0_game(forum, tmp_path, monkeypatch, mj)
    assert game.engine is not None
    minute = 1
    for citadel, people in BALANCED.items():
        for name in people:
            vote = f"\n{VOTE.format('Bruno')}" if name in ("Alice", "David", "Gaelle") else ""
            post(
                forum,
                topic,
                name,
                f"Je vais au {citadel}{vote}".replace("au l'", "à l'"),
                start + timedelta(minutes=minute),
            )
            minute += 1
    clock.now = start + timedelta(hours=1, seconds=1)
    game.cycle()
    game.fire_deadline("J0-matin")
    assert game.engine.state_before("J0-soir").phase == "J0-soir"
    assert [d.id for d in game.deadlines("skipped")] == ["J0-zenith"]
    assert [d.phase for d in game.deadlines("pending")] == ["J0-soir", "N1", "J1"]
    assert "J0-zenith" not in [d.id for d in game.deadlines()]
    # The evening's role requests, sent during what would have been the zenith.
    mp(forum, mj, "Alice", "Je prends SF", start + timedelta(hours=1, minutes=10))
    mp(forum, mj, "Bruno", "Je veux être GM", start + timedelta(hours=1, minutes=11))
    clock.now = start + timedelta(hours=1, minutes=20)
    game.cycle()
    read = {o["player"]: (o["phase"], o["outcome"]) for o in game.engine.mp_outcomes().values()}
    assert read == {"Alice": ("J0-soir", "understood"), "Bruno": ("J0-soir", "understood")}
    clock.now = start + timedelta(hours=2, seconds=1)
    assert game.fire_deadline("J0-zenith") is None  # skipped: nothing to resolve
    clock.now = start + timedelta(hours=3, seconds=1)
    game.fire_deadline("J0-soir")
    after = game.engine.state_before("N1")
    assert after.phase == "N1"
    assert (after.player("Alice").role, after.player("Bruno").role) == ("sf", "gm")
    events = json.loads(
        next(iter(game.store.db.query("select events from engine_phases where phase = 'J0-matin'")))["events"]
    )
    assert [e["player"] for e in events if e["type"] == "mayor_elected"] == ["Bruno"]


def test_the_citadel_choices_are_read_from_the_day_posts(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unbalanced morning read from the posts: the last choice counts, a post after the deadline does not,
    a quoted choice is not the quoter's; the zenith follows, where the mayor's « Répartition » post decides."""
    mj = "MJ_CitPosts"
    game, clock, topic, start = j0_game(forum, tmp_path, monkeypatch, mj)
    assert game.engine is not None
    choices = {**dict.fromkeys(NAMES[0:5], "Nord"), "Felix": "l'Est", **dict.fromkeys(NAMES[6:9], "Sud")}
    choices.update(dict.fromkeys(NAMES[9:12], "l'Ouest"))
    for minute, (name, citadel) in enumerate(choices.items(), start=1):
        text = f"Citadelle : {citadel.split(chr(39))[-1].capitalize()}"
        if name in ("Alice", "Chloe", "David", "Gaelle"):
            text += "\n" + VOTE.format("Bruno")
        post(forum, topic, name, text, start + timedelta(minutes=minute))
    # Karine first said the South, then the West (her last choice counts); Ines quotes Alice's choice.
    post(forum, topic, "Karine", "Je vais au Sud", start + timedelta(minutes=1))
    post(forum, topic, "Ines", "> Citadelle : Nord\n\nbon choix Alice", start + timedelta(minutes=30))
    # Julien after the deadline: not counted for the morning.
    post(forum, topic, "Julien", "Finalement je rejoins le Nord", start + timedelta(hours=1, minutes=2))
    clock.now = start + timedelta(hours=1, seconds=1)
    game.cycle()
    game.fire_deadline("J0-matin")
    state = game.engine.state_before("J0-zenith")
    assert state.phase == "J0-zenith" and state.mayor == "Bruno"
    stored = json.loads(
        next(iter(game.store.db.query("select inputs from engine_phases where phase = 'J0-matin'")))["inputs"]
    )
    chosen = {a["player"]: a["targets"][0] for a in stored["actions"] if a["power"] == "citadelle.choisir"}
    last = {**{n: "nord" for n in NAMES[0:5]}, "Felix": "est", **{n: "sud" for n in NAMES[6:9]}}
    last.update({n: "ouest" for n in NAMES[9:12]})
    assert chosen == last
    assert all(a["source"].startswith("post:") for a in stored["actions"])
    assert not [a for a in stored["actions"] if a["player"] == "Ines" and a["targets"] == ["nord"]]
    # The zenith: David and Elodie are moved by the mayor's post.
    zenith = start + timedelta(hours=1)
    post(forum, topic, "Alice", "On est cinq au Nord, qui bouge ?", zenith + timedelta(minutes=5))
    post(forum, topic, "Bruno", "Répartition : David → Est, Elodie → Est", zenith + timedelta(minutes=20))
    clock.now = start + timedelta(hours=2, seconds=1)
    game.cycle()
    game.fire_deadline("J0-zenith")
    state = game.engine.state_before("J0-soir")
    assert state.phase == "J0-soir"
    where = {p.name: p.markers.get("citadelle") for p in state.players}
    assert (where["David"], where["Elodie"], where["Felix"], where["Julien"]) == ("est", "est", "est", "ouest")
    events = json.loads(
        next(iter(game.store.db.query("select events from engine_phases where phase = 'J0-zenith'")))["events"]
    )
    assert [e["how"] for e in events if e["type"] == "citadels_final"] == ["maire"]
    assert not [d for d in game.deadlines("skipped")]


def test_a_post_with_no_order_is_shown_to_the_mj(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At J0's morning a player's post that holds neither a vote nor a citadel meneur can read is on the MJ's
    page, with what was read from the others — never dropped unseen."""
    from meneur.daemon.web import MJPage

    mj = "MJ_CitUnread"
    game, clock, topic, start = j0_game(forum, tmp_path, monkeypatch, mj)
    read = post(forum, topic, "Alice", "Citadelle : Nord", start + timedelta(minutes=1))
    unread = post(forum, topic, "Bruno", "Örch… euh le truc du nord là", start + timedelta(minutes=2))
    clock.now = start + timedelta(minutes=5)
    game.cycle()
    page = MJPage(game, "jeton").state()
    orders = {p["post_id"]: p for p in page["post_orders"]["posts"]}
    assert orders[read]["orders"] == [{"power": "citadelle.choisir", "targets": ["nord"]}]
    assert orders[unread]["orders"] == [] and orders[unread]["author"] == "Bruno"
    assert page["post_orders"]["phase"] == "J0-matin"
    assert [p["post_id"] for p in page["post_orders"]["posts"] if not p["orders"] and not p["vote"]] == [unread]


def test_meneur_init_writes_the_three_j0_deadlines(tmp_path: Path) -> None:
    """`meneur init --ruleset citadelles`: the file's deadlines are J0's three phases, then N1 and J1, and the
    file reads back with those phases."""
    from meneur.daemon.init_file import init_text

    text = init_text("spirit", "citadelles", datetime(2026, 3, 1, 9, tzinfo=UTC))
    config = parse_config(text, tmp_path / "partie.toml")
    assert [(d.label, d.phase) for d in config.live.deadlines] == [
        ("J0-matin", "J0-matin"),
        ("J0-zenith", "J0-zenith"),
        ("J0-soir", "J0-soir"),
        ("Nuit 1", "N1"),
        ("Jour 1", "J1"),
    ]
    assert [d.at.hour for d in config.live.deadlines[:3]] == [12, 17, 21]
    classique = parse_config(init_text("spirit", "classique", datetime(2026, 3, 1, 9, tzinfo=UTC)), tmp_path / "c.toml")
    assert [d.phase for d in classique.live.deadlines] == ["J0", "N1", "J1"]


def test_a_poll_after_both_deadlines_plays_the_morning_and_skips_the_zenith(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """meneur was down through J0-matin's and J0-zenith's deadlines; a cron'd `meneur poll` after both resolves
    the morning (balanced: straight to J0-soir) and says the zenith is skipped, instead of resolving it."""
    from meneur.daemon import cli_common, cli_live

    mj = "MJ_CitPoll"
    game, _clock, topic, start = j0_game(forum, tmp_path, monkeypatch, mj)
    for minute, (citadel, people) in enumerate(BALANCED.items(), start=1):
        for name in people:
            post(forum, topic, name, f"Citadelle : {citadel.split(chr(39))[-1]}", start + timedelta(minutes=minute))
    later = start + timedelta(hours=2, seconds=1)
    monkeypatch.setattr(cli_common, "_now", lambda: later)
    monkeypatch.setattr(cli_live, "_now", lambda: later)
    assert main(["poll", "--config", str(tmp_path / "partie.toml")]) == 0
    out = capsys.readouterr().out
    assert "J0-zenith : sautée (la partie a dépassé la phase J0-zenith)" in out
    assert [d.id for d in game.deadlines("fired")] == ["J0-matin"]
    assert [d.id for d in game.deadlines("skipped")] == ["J0-zenith"]
    assert game.engine is not None and game.engine.state_before("J0-soir").phase == "J0-soir"


def test_the_activity_rule_counts_day_zero_once(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`[activity] silent_days = 2`: J0's three parts are one day for the rule (nobody may post at J0-soir), so a
    player who chose his citadel at J0-matin and let the mayor place him at the zenith is not warned at
    J0-soir's end for two silent « days »."""
    mj = "MJ_CitActive"
    game, clock, topic, start = j0_game(forum, tmp_path, monkeypatch, mj)
    path = tmp_path / "partie.toml"
    path.write_text(path.read_text(encoding="utf-8") + "[activity]\nsilent_days = 2\n", encoding="utf-8")
    game = LiveGame(load_config(path), game.store, game.adapter, clock)
    choices = {**dict.fromkeys(NAMES[0:5], "Nord"), "Felix": "Est", **dict.fromkeys(NAMES[6:9], "Sud")}
    choices.update(dict.fromkeys(NAMES[9:12], "Ouest"))
    for minute, (name, citadel) in enumerate(choices.items(), start=1):
        post(forum, topic, name, f"Citadelle : {citadel}", start + timedelta(minutes=minute))
    zenith = start + timedelta(hours=1)
    post(forum, topic, "Bruno", "Répartition : David → Est, Elodie → Est", zenith + timedelta(minutes=5))
    for hours, label in ((1, "J0-matin"), (2, "J0-zenith"), (3, "J0-soir")):
        clock.now = start + timedelta(hours=hours, seconds=1)
        game.cycle()
        game.fire_deadline(label)
    assert game.deadlines("skipped") == [] and game.engine is not None
    assert game.engine.state_before("N1").phase == "N1"
    assert [a["kind"] for a in game.store.db.query("select kind from alerts") if a["kind"].startswith("activity")] == []
    assert [d.key for d in game.outbox.drafts() if d.kind == "activity"] == []
