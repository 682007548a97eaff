"""The `baguette` module in the live daemon, on a real django-spirit forum (shared/rules/004_448b084b5106ef37.txt):
``[game] modules = ["baguette"]`` makes the daemon play the composed rules — J0's Magicien elected by MP, the
pyre's votes sent by MP (« Les votes se feront par MP au MJ »), the last one before the deadline counting, a
player without one voting against himself (« chaque joueur part avec sa propre voix contre lui »), a blank
vote, the Magicien's double vote, a vote posted in the topic counting for nothing, a late vote MP refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.poller import open_alerts
from meneur.daemon.store import Store
from meneur.tests.livegame import Clock, live_game, send
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Baguette"
ROLES = {
    "Anna": "loup_garou",
    "Basile": "voyante",
    "Coline": "simple_villageois",
    "Denis": "simple_villageois",
    "Emile": "simple_villageois",
    "Fanny": "loup_garou",
}


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def baguette_game(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, phases: int, title: str, mj: str = MJ
) -> tuple[LiveGame, Clock, int]:
    """tests/livegame.py's game, its configuration given ``modules = ["baguette"]`` (as an MJ writes it). Each
    test has its own MJ: the forum is the module's, and an MJ's inbox holds every MP sent to him."""
    _first, clock, topic = live_game(forum, tmp_path, monkeypatch, mj, ROLES, phases, seed=7, title=title)
    path = tmp_path / "partie.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('ruleset = "classique"\n', 'ruleset = "classique"\nmodules = ["baguette"]\n'))
    config = load_config(path)
    return LiveGame(config, Store(config.live.database), make_adapter(config), clock), clock, topic


def test_votes_by_mp_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clock, topic = baguette_game(forum, tmp_path, monkeypatch, 4, "Partie baguette")
    assert game.engine is not None
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)

    def mp(who: str, text: str, when: datetime) -> None:
        private = forum.client(who).send_private(f"{who} {when:%H%M%S}", [game.config.live.username], text)
        forum.set_comment_date(forum.client(game.config.live.username).comments(private)[0]["pk"], when)

    # J0: « Au jour n° 0 a lieu l'élection du Magicien » — by MP: Basile 3, Anna 1.
    for who in ("Coline", "Denis", "Emile"):
        mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    mp("Fanny", "Je vote pour Anna comme magicien", start + timedelta(minutes=11))
    clock.now = start + timedelta(minutes=20)
    game.cycle()
    day0 = next(d for d in game.deadlines() if d.id == "Jour 0")
    assert game.live_count(day0).tally.as_dict() == {"Basile": 3, "Anna": 1}
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    state = game.engine.state_before("N1")
    assert game.engine.rules.mj_notes is not None
    assert game.engine.rules.mj_notes(state)["Baguette magique"][0] == "Magicien : Basile"

    # N1: the first night's fictional victim (classique); nobody dies.
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")

    # J1: the pyre by MP. Basile, the Magicien, has the default power, the double vote. Coline changes her
    # mind (the last MP counts), Emile votes blank, Denis sends nothing (his own vote against himself), and
    # Emile also posts a vote in the topic, which counts for nothing.
    day = start + 2 * hour
    mp("Anna", "Je vote contre Coline", day + timedelta(minutes=5))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=6))
    mp("Basile", "Je vote contre Anna", day + timedelta(minutes=7))
    mp("Coline", "Je vote contre Fanny", day + timedelta(minutes=8))
    mp("Coline", "Finalement je vote contre Anna", day + timedelta(minutes=20))
    mp("Emile", "Je vote blanc", day + timedelta(minutes=9))
    post = forum.client("Emile").post_comment(topic, "**Je vote contre Denis**")
    forum.set_comment_date(post, day + timedelta(minutes=10))
    clock.now = day + timedelta(minutes=30)
    game.cycle()
    day1 = next(d for d in game.deadlines() if d.id == "Jour 1")
    count = game.live_count(day1)
    assert count.tally.as_dict() == {"Anna": 3, "Coline": 2, "Denis": 1, "blanc": 1}
    assert count.current == {"Anna": "Coline", "Fanny": "Coline", "Basile": "Anna", "Coline": "Anna", "Emile": "blanc"}
    told = [str(a["message"]) for a in open_alerts(game.store) if str(a["kind"]).startswith("post-vote:")]
    assert len(told) == 1 and "Emile" in told[0] and "Denis" in told[0]
    receipts: dict[str, list[str]] = {}
    for row in game.store.db.query("select * from drafts where kind = 'receipt' order by created_at, key"):
        receipts.setdefault(str(row["recipient"]), []).append(str(row["body"]))
    assert {name: len(bodies) for name, bodies in receipts.items()} == {  # each vote MP has its receipt
        "Coline": 3, "Denis": 1, "Emile": 2, "Fanny": 2, "Anna": 1, "Basile": 1  # J0's included
    }  # fmt: skip
    assert "tu votes pour" in receipts["Denis"][0] and "Basile" in receipts["Denis"][0]  # J0's election
    changed = next(body for body in receipts["Coline"] if "remplace" in body)
    assert "tu votes contre" in changed and "Anna" in changed and "Fanny" in changed.split("remplace")[1]
    assert "tu votes blanc" in receipts["Emile"][-1]

    # « A 22h01, le MP n'est pas valable »: Fanny's MP stamped in the deadline's own minute (the forum shows
    # minutes: « 22h00 ») still counts; Denis's, two minutes after, is refused, in French.
    mp("Fanny", "Je vote contre Denis", day1.at.replace(second=59, microsecond=0))
    mp("Denis", "Je vote contre Coline", day + hour + timedelta(minutes=2))
    clock.now = day + hour + timedelta(minutes=5)
    game.fire_deadline("Jour 1")
    game.cycle()
    rows = game.store.db.query("select events from engine_phases where phase = 'J1'")
    result = next(e for e in json.loads(str(next(iter(rows))["events"])) if e["type"] == "vote_result")
    assert (result["counts"], result["blank"], result["self_votes"]) == (
        {"Anna": 3, "Denis": 2, "Coline": 1},
        1,
        ["Denis"],
    )
    after = game.engine.state_before("N2")
    assert not after.player("Anna").alive and after.living() == ["Basile", "Coline", "Denis", "Emile", "Fanny"]
    late = [o for o in game.engine.mp_outcomes("N2").values() if o["player"] == "Denis"]
    assert [o["outcome"] for o in late] == ["refused"]
    reply = game.store.db.query("select body from drafts where key = ?", [late[0]["reply_key"]])
    assert "avant 22h00" in str(next(iter(reply))["body"])


# -- the wolves' den ------------------------------------------------------------------------------------------
# Spirit's markdown escapes HTML: it has no coloured text. A den post is posted through spirit's form, then its
# rendered HTML is given the colour a phpBB forum renders for [color=#ff0000]…[/color].
_COLOUR = """
from spirit.comment.models import Comment
assert Comment.objects.filter(pk=ARGS["pk"]).update(comment_html=ARGS["html"]) == 1
out(1)
"""
_DELETE = """
from spirit.comment.models import Comment
Comment.objects.filter(pk=ARGS["pk"]).delete()
out(1)
"""


def den_game(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, title: str, mj: str
) -> tuple[LiveGame, Clock, Any, Any]:
    """A game with a den topic played to the start of N2: Basile elected Magicien on J0 (by MP), naming Denis
    first as his successor on N1, Coline burnt on J1 (by MP). Returns the game, its clock, ``mp(who, text,
    when)`` and ``den(who, words, name, when)``, which posts « words name » in the den with the name in red and
    gives the post's id."""
    game, clock, _topic = baguette_game(forum, tmp_path, monkeypatch, 5, title, mj)
    den_topic = forum.seed(mj, list(ROLES), topic_title=f"Antre — {title}", opening="L'antre des loups.")["topic_id"]
    game.config = replace(game.config, live=replace(game.config.live, den_topic=str(den_topic)))
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)

    def mp(who: str, text: str, when: datetime) -> None:
        private = forum.client(who).send_private(f"{who} {when:%H%M%S}", [game.config.live.username], text)
        forum.set_comment_date(forum.client(game.config.live.username).comments(private)[0]["pk"], when)

    def den(who: str, words: str, name: str, when: datetime) -> int:
        pk = forum.client(who).post_comment(den_topic, f"{words} {name}")
        forum.shell(_COLOUR, pk=pk, html=f'<p>{words} <span style="color:#ff0000">{name}</span></p>')
        forum.set_comment_date(pk, when)
        return pk

    for who in ("Coline", "Denis", "Emile", "Fanny"):
        mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    mp("Basile", "Mon successeur : Denis, Emile, Fanny", start + hour + timedelta(minutes=10))
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    for who in ("Anna", "Basile", "Denis", "Emile", "Fanny"):
        mp(who, "Je vote contre Coline", start + 2 * hour + timedelta(minutes=5))
    clock.now = start + 3 * hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    assert game.engine is not None and not game.engine.state_before("N2").player("Coline").alive
    return game, clock, mp, den


def night_inputs(game: LiveGame, phase: str) -> list[tuple[str, str, list[str]]]:
    rows = game.store.db.query("select inputs from engine_phases where phase = ?", [phase])
    return [(a["player"], a["power"], a["targets"]) for a in json.loads(str(next(iter(rows))["inputs"]))["actions"]]


def test_the_den_chooses_the_victim_in_colour(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """« L'un d'entre eux écrit le nom de la victime choisie dans une couleur différente du post dans l'antre
    [...] Il est possible pour n'importe quel Loup-Garou de modifier ce choix par nouveau post [...] Seul le
    dernier post avant 21h00 sera pris en compte. » Anna names Denis by day (it counts for the coming night),
    Fanny names Emile in the night: Emile dies. A post after the night's deadline is not read."""
    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre", "MJ_Bag_Antre")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)  # J1's deadline: N2 begins
    den("Anna", "Ce soir on prend", "Denis", night - timedelta(minutes=30))
    den("Fanny", "Non, plutôt", "Emile", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    den("Anna", "Trop tard :", "Basile", night + timedelta(hours=1, minutes=2))
    clock.now = night + timedelta(hours=1, minutes=5)
    game.fire_deadline("Nuit 2")
    assert game.engine is not None
    state = game.engine.latest_state()
    assert not state.player("Emile").alive and state.player("Denis").alive and state.player("Basile").alive
    assert ("Fanny", "loups.devorer", ["Emile"]) in night_inputs(game, "N2")
    # « Chaque nuit, le Magicien désigne son successeur [...] Le successeur recevra la Baguette le lendemain au
    # moment du bûcher »: Basile named Denis on N1; J1's pyre gave him the wand.
    assert game.engine.rules.mj_notes is not None
    notes = game.engine.rules.mj_notes(game.engine.state_before("N2"))["Baguette magique"]
    assert notes[:2] == ["Magicien : Denis", "Déjà porteurs : Basile, Denis"]


def test_an_edited_victim_post_means_no_victim(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """« Il est interdit d'éditer ou de supprimer le post contenant le choix de la victime (sinon, pas de victime
    cette nuit-là). » Fanny's post naming Emile is edited (through spirit's own form, which marks it): nobody
    dies on N2."""
    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre éditée", "MJ_Bag_Edite")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)
    pk = den("Fanny", "On prend", "Emile", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    page = f"/comment/{pk}/update/"
    forum.client("Fanny")._submit(page, page, {"comment": "On prend Emile (faute de frappe)"})
    forum.shell(_COLOUR, pk=pk, html='<p>On prend <span style="color:#ff0000">Emile</span> (faute de frappe)</p>')
    clock.now = night + timedelta(hours=1, minutes=5)
    game.fire_deadline("Nuit 2")
    assert game.engine is not None
    assert game.engine.latest_state().living() == ["Anna", "Basile", "Denis", "Emile", "Fanny"]
    assert ("Fanny", "baguette.sans_victime", ["edited"]) in night_inputs(game, "N2")


def test_a_deleted_victim_post_means_no_victim(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same rule for a deleted post: the forum keeps no trace of it, so the daemon knows it from the post it
    had stored and the whole reading of the den at the deadline no longer finds."""
    game, clock, _mp, den = den_game(forum, tmp_path, monkeypatch, "Partie antre effacée", "MJ_Bag_Efface")
    night = clock.now.replace(microsecond=0) - timedelta(seconds=1)
    pk = den("Anna", "On prend", "Denis", night + timedelta(minutes=20))
    clock.now = night + timedelta(minutes=30)
    game.cycle()
    forum.shell(_DELETE, pk=pk)
    clock.now = night + timedelta(hours=1, minutes=5)
    game.fire_deadline("Nuit 2")
    assert game.engine is not None
    assert game.engine.latest_state().living() == ["Anna", "Basile", "Denis", "Emile", "Fanny"]
    assert ("Anna", "baguette.sans_victime", ["deleted"]) in night_inputs(game, "N2")


@dataclass
class DayOne:
    """A baguette game whose absence topic is configured, at J1's start (J1 ends an hour after ``day``)."""

    forum: SpiritForum
    game: LiveGame
    clock: Clock
    away: int  # the absence topic
    day: datetime  # when J1 began
    ends: date  # the date J1 ends on, in the forum's time zone

    def mp(self, who: str, text: str, when: datetime) -> None:
        """``who``'s MP to the MJ, stamped ``when``."""
        send(self.forum, self.game.config.live.username, who, text, when)


def day_one_with_an_absence_topic(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, titles: tuple[str, str], mj: str
) -> DayOne:
    """``baguette_game`` and its absence topic (``titles``: the game topic's, the absence topic's), J0 (Coline,
    Denis, Emile and Fanny elect Basile Magicien by MP) and a quiet N1 resolved: J1 has begun."""
    game, clock, _topic = baguette_game(forum, tmp_path, monkeypatch, 4, titles[0], mj)
    away = forum.seed(mj, list(ROLES), topic_title=titles[1], opening="Vos absences ici.")["topic_id"]
    game.config = replace(game.config, live=replace(game.config.live, absence_topic=str(away)))
    start, hour = clock.now.replace(microsecond=0), timedelta(hours=1)
    j1 = DayOne(
        forum, game, clock, away, start + 2 * hour, (start + 3 * hour).astimezone(ZoneInfo(game.config.timezone)).date()
    )
    for who in ("Coline", "Denis", "Emile", "Fanny"):
        j1.mp(who, "Je vote pour Basile comme magicien", start + timedelta(minutes=10))
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    return j1


def test_absences_are_non_votes(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """« En cas d'absence justifiée, il y aura non-vote (0 voix) »: Denis's absence, declared in the absence topic
    for the day J1 ends, leaves him without a vote instead of his own vote against himself; Emile's absence
    without its days asks the MJ which days it covers."""
    j1 = day_one_with_an_absence_topic(
        forum, tmp_path, monkeypatch, ("Partie absences baguette", "Absences baguette"), "MJ_Bag_Absents"
    )
    game, clock, away, day, ends, mp = j1.game, j1.clock, j1.away, j1.day, j1.ends, j1.mp
    hour = timedelta(hours=1)
    said = day + timedelta(minutes=3)
    following = ends + timedelta(days=1)
    forum.set_comment_date(forum.client("Denis").post_comment(away, f"Absent du {ends.day} au {following.day}."), said)
    forum.set_comment_date(forum.client("Emile").post_comment(away, "Je serai absent, je ne sais pas quand."), said)
    mp("Anna", "Je vote contre Coline", day + timedelta(minutes=5))
    mp("Fanny", "Je vote contre Coline", day + timedelta(minutes=6))
    mp("Basile", "Je vote contre Anna", day + timedelta(minutes=7))
    mp("Coline", "Je vote contre Anna", day + timedelta(minutes=8))
    mp("Emile", "Je vote blanc", day + timedelta(minutes=9))
    clock.now = day + timedelta(minutes=30)
    game.cycle()
    clock.now = day + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 1")
    rows = game.store.db.query("select events from engine_phases where phase = 'J1'")
    result = next(e for e in json.loads(str(next(iter(rows))["events"])) if e["type"] == "vote_result")
    assert (result["counts"], result["blank"], result["absent"], result["self_votes"]) == (
        {"Anna": 3, "Coline": 2},
        1,
        ["Denis"],
        [],
    )
    assert game.engine is not None
    assert "J1:absence:Emile" in [q.id for q in game.engine.open_questions()]
