"""`meneur archive`: the static site of a finished game, read from its database and configuration.

The game is fixtures/scenarios/classique/50-partie-complete-14.toml (14 players, won by the village at
dawn of N6), played into a database without a forum, which is cheaper than the live demo
(scripts/demo_game.py) and goes through the same daemon code from the store on: the scenario's posts
are stored as a phpBB 3 forum shows them (BBCode rendered to HTML, a few minutes apart), its MPs as the
inbox holds them, and each deadline is handled by the live game (`LiveGame`): the MPs answered, the day
counted from the store, the phase resolved by the rules engine, its texts drafted. The MJ's answers to
the rules' questions are given ahead, as in the demo, and the public drafts are marked sent, as the MJ
would have approved them. Only the forum's HTTP is left out (never contacted).

The expected outcome below is written by hand from the scenario's own story (its header comment), not
read back from the engine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import lxml.html
import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.replay import load_scenario
from meneur.daemon.store import Store
from meneur.parsers.bbcode import render_bbcode
from meneur.parsers.records import content_hash

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "fixtures" / "scenarios" / "classique" / "50-partie-complete-14.toml"
T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
HOSTILE = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"
MJ = "Maitre_du_jeu"

# Who died when, of what, with which role: the scenario's story, by hand.
DEATHS = [
    ("J1", "Théo", "Malade", "bûcher"),
    ("J2", "Gaston", "Ancien", "bûcher"),
    ("N3", "Marc", "Loup Assommeur", "loups"),
    ("N3", "Paul", "Cupidon", "loups"),
    ("J4", "Boris", "Seigneur Loup", "bûcher"),
    ("J4", "Nina", "Ange Gardien", "rage"),
    ("J5", "Chloé", "Joueur de flûte", "bûcher"),
    ("N6", "Hugo", "Chasseur", "loups"),
    ("N6", "Inès", "Berger", "chagrin"),
    ("N6", "Paul", "Cupidon", "chasseur"),
    ("N6", "Yann", "Chef de meute", "poison"),
]


def play_scenario(folder: Path, hostile: bool = True, phases: int | None = None, again: int = 0) -> Path:
    """The scenario played into ``folder``/partie.sqlite; returns the configuration file. ``phases``: stop
    after that many (a game not over). ``hostile``: Théo's first post of J1 also holds a script. ``again``:
    each post is posted that many more times, a second apart (a bigger topic, the same votes: for
    bench/archive_size.py)."""
    scenario = load_scenario(GAME)
    folder.mkdir(parents=True, exist_ok=True)
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{p.phase}"\nphase = "{p.phase}"\n'
        f'kind = "{"day" if p.phase.startswith("J") else "night"}"\n'
        f'at = "{(T0 + timedelta(hours=6 * n + 5)).isoformat()}"\n'
        for n, p in enumerate(scenario.phases)
    )
    players = "".join(f'[[players]]\nname = "{n}"\nrole = "{r}"\n' for n, r in scenario.players)
    path = folder / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "phpbb3"\nurl = "http://127.0.0.1:9/forum"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "42"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = {scenario.seed}\n'
        f"[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    os.environ.setdefault("MENEUR_PASSWORD", "never-used")  # the adapter is built, never used
    config = load_config(path)
    store = Store(config.live.database)
    clock = [T0]
    game = LiveGame(config, store, make_adapter(config), lambda: clock[0])
    number = 0
    with store.transaction():
        for n, spec in enumerate(scenario.phases[:phases]):
            begins = T0 + timedelta(hours=6 * n)
            for index, post in enumerate(spec.posts):
                text = str(post["text"])
                if hostile and spec.phase == "J1" and index == 0:
                    text = HOSTILE + "\n" + text
                html = render_bbcode(text)
                shown = lxml.html.fragment_fromstring(html, create_parent="div").text_content()
                for repeat in range(1 + again):
                    number += 1
                    when = (begins + timedelta(minutes=7 + 9 * index, seconds=repeat)).isoformat()
                    store.db.execute(
                        "insert into posts (topic, post_id, page_no, author, author_id, posted_at, content_html, "
                        "content_text, content_hash, version, first_seen, last_seen) values "
                        "('game', ?, 1, ?, null, ?, ?, ?, ?, 1, ?, ?)",
                        [str(number), post["author"], when, html, shown, content_hash(html), when, when],
                    )
            for index, mp in enumerate(spec.mps):
                when = (begins + timedelta(minutes=30 + index)).isoformat()
                store.db.execute(
                    "insert into mps (msg_id, author, player, sent_at, subject, content_text, fetched_at) "
                    "values (?, ?, ?, ?, ?, ?, ?)",
                    [f"{spec.phase}-{index}", mp["from"], mp["from"], when, spec.phase, mp["text"], when],
                )
            for question, choice in spec.answers.items():
                store.db.execute("insert into answers (question, choice) values (?, ?)", [question, choice])
    for deadline in game.deadlines()[:phases]:
        clock[0] = deadline.at + timedelta(minutes=1)
        game.answer_mps()
        game._resolve_with_engine(deadline)  # fire_deadline without its last reading of the forum
        with store.transaction():
            store.db.execute(
                "update deadlines set state = 'fired', fired_at = ? where id = ?", [clock[0].isoformat(), deadline.id]
            )
            store.db.execute(  # the MJ approved the public posts, and they went out
                "update drafts set state = 'sent', forum_id = 'p' || rowid where recipient is null "
                "and state = 'drafted'"
            )
    store.db.conn.close()
    return path


def meneur(*args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "meneur"
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}
    return subprocess.run([str(script), *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_scenario(tmp_path_factory.mktemp("game"))


# The roles dealt, in the players' words (the rule book's names).
ROLES = {
    "Boris": "Seigneur Loup",
    "Marc": "Loup Assommeur",
    "Lucie": "Voyante",
    "Zoé": "Salvateur",
    "Paul": "Cupidon",
    "Alice": "Sorcière",
    "Hugo": "Chasseur",
    "Inès": "Berger",
    "Nina": "Ange-Gardien",
    "Théo": "Malade",
    "Léa": "Devin",
    "Gaston": "Ancien",
    "Yann": "Chef de meute",
    "Chloé": "Joueur de flûte",
}
# Each day's final count, from the scenario's comments: target → votes (Lucie's vote counts double on J4).
COUNTS = {
    "J0": {"Gaston": 5, "Boris": 3},
    "J1": {"Théo": 4, "Chloé": 4, "Boris": 1},
    "J2": {"Gaston": 6, "Chloé": 2, "Marc": 1, "Lucie": 1},
    "J3": {"Lucie": 5, "Boris": 3},
    "J4": {"Boris": 5, "Lucie": 4},
    "J5": {"Chloé": 3, "Yann": 3, "Lucie": 1},
}
# Who died when, of what, with which role (Paul came back a werewolf before Hugo shot him).
DEATHS_BY_PHASE = {
    "J1": ["Théo — Malade — bûcher"],
    "J2": ["Gaston — Ancien — bûcher"],
    "N3": ["Marc — Loup Assommeur — dévoré·e par les loups", "Paul — Cupidon — dévoré·e par les loups"],
    "J4": ["Boris — Seigneur Loup — bûcher", "Nina — Ange-Gardien — emporté·e par la rage du Seigneur Loup"],
    "J5": ["Chloé — Joueur de flûte — bûcher"],
    "N6": [
        "Hugo — Chasseur — dévoré·e par les loups",
        "Yann — Chef de meute — empoisonné·e par la sorcière",
        "Inès — Berger — mort·e de chagrin",
        "Paul — Loup-Garou — abattu·e par le chasseur",
    ],
}
PHASES = ["J0", "N1", "J1", "N2", "J2", "N3", "J3", "N4", "J4", "N5", "J5", "N6"]


def text(node: lxml.html.HtmlElement) -> str:
    return " ".join(node.text_content().split())


def written(tmp_path: Path, config: Path, *more: str) -> tuple[Path, subprocess.CompletedProcess[str]]:
    out = tmp_path / "archive"
    done = meneur("archive", "--config", str(config), "--out", str(out), *more)
    return out, done


def levels(svg: lxml.html.HtmlElement, target: str) -> list[int]:
    """The votes a player's step line goes through, read back from the drawing: its points' heights,
    turned into votes with the chart's own ticks."""
    ticks = {
        float(line.get("y1")): int(label.text)
        for line, label in zip(
            svg.findall(".//line[@class='grid']"), svg.findall(".//text[@class='tick']"), strict=False
        )
    }
    line = next(p for p in svg.findall(".//polyline") if p.findtext("title", "").startswith(f"{target} :"))
    heights = [float(point.split(",")[1]) for point in line.get("points").split()]
    found: list[int] = []
    for height in heights:
        if not found or ticks[height] != found[-1]:
            found.append(ticks[height])
    return found


def test_the_archive_tells_the_game_as_it_was(finished: Path, tmp_path: Path) -> None:
    out, done = written(tmp_path, finished, "--summary")
    assert done.returncode == 0, done.stderr
    assert "archive écrite" in done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["archive.css", "index.html", "resume.bbcode", "resume.md"]
    page = lxml.html.fromstring((out / "index.html").read_text(encoding="utf-8"))
    assert text(page.find(".//p[@class='verdict']")) == "Victoire du village."
    assert page.find(".//p[@class='secret']") is None and "attention" not in done.stderr
    # The roles dealt, and who was alive at the end.
    rows = {text(r[0]): (text(r[1]), text(r[2])) for r in page.findall(".//table[@class='roles']/tbody/tr")}
    assert {name: role.split(" (puis")[0] for name, (role, _end) in rows.items()} == ROLES
    assert rows["Paul"][0] == "Cupidon (puis Loup-Garou)"
    assert {n for n, (_r, end) in rows.items() if end == "vivant·e à la fin"} == {"Alice", "Léa", "Lucie", "Zoé"}
    assert rows["Théo"][1] == "mort·e : Jour 1, bûcher"
    # One section per phase, in order, each with its deaths (role and cause).
    sections = page.findall(".//section[@class]")
    assert [s.get("id") for s in sections if "phase" in s.get("class")] == PHASES
    for section in sections:
        deaths = [text(li) for li in section.findall(".//ul[@class='deaths']/li")]
        assert deaths == DEATHS_BY_PHASE.get(section.get("id"), []), section.get("id")
    by_id = {s.get("id"): s for s in sections}
    # Each day's final count.
    for day, expected in COUNTS.items():
        table = by_id[day].find(".//table[@class='count']")
        assert {text(r[0]): int(text(r[1])) for r in table.findall("tbody/tr")} == expected, day
    assert "Lucie" in text(by_id["J4"].find(".//table[@class='count']/tbody/tr[1]"))  # Boris's voters, Lucie once
    assert "Égalité entre Yann, Chloé ; le maire désigne Chloé." in text(by_id["J5"])
    # The night actions revealed, as the players' MPs gave them.
    n4 = [text(li) for li in by_id["N4"].findall(".//ul[@class='actions']/li")]
    assert "Lucie — Voyante : découvrir le rôle de Boris." in n4
    assert "Zoé — Salvateur : protéger Lucie des loups cette nuit." in n4
    assert "Boris — Loups-garous : la victime du festin → Nina" in n4  # every order read: Yann's, last, decided
    n6 = [text(li) for li in by_id["N6"].findall(".//ul[@class='actions']/li")]
    assert "Alice — Sorcière : empoisonner Yann." in n6
    n1 = [text(li) for li in by_id["N1"].findall(".//ul[@class='actions']/li")]
    assert n1[0] == "Paul — Cupidon : les deux amoureux → Hugo, Inès"
    # The public posts meneur sent: an evening or morning post for each of the 12 phases.
    sent = [text(a) for a in page.get_element_by_id("messages").findall(".//article")]
    assert len(sent) == 12
    assert sent[0].startswith("02/03/2026") and "Le soir du Jour 0" in sent[0]
    assert "Le matin du Jour 6" in sent[-1] or "village" in sent[-1]
    # The summary to post: winner, deaths by phase with roles; printed too with --summary.
    summary = (out / "resume.bbcode").read_text(encoding="utf-8")
    assert done.stdout == summary
    assert "[b]Victoire du village.[/b]" in summary
    assert "[b]Jour 1[/b] : Théo (Malade, bûcher)" in summary
    assert "[b]Nuit 4[/b] : aucun mort" in summary
    assert "[b]Nuit 3[/b] : Marc (Loup Assommeur, dévoré·e par les loups), Paul (Cupidon, dévoré·e par les loups)" in (
        summary
    )
    markdown = (out / "resume.md").read_text(encoding="utf-8")
    assert "**Victoire du village.**" in markdown and "- **Jour 2** : Gaston (Ancien, bûcher)" in markdown


def test_each_day_is_charted_as_it_was_counted_over_time(finished: Path, tmp_path: Path) -> None:
    out, done = written(tmp_path, finished)
    assert done.returncode == 0, done.stderr
    page = lxml.html.fromstring((out / "index.html").read_text(encoding="utf-8"))
    charts = {s.get("id"): s.find(".//svg") for s in page.findall(".//section") if s.find(".//svg") is not None}
    assert sorted(charts) == sorted(COUNTS)
    # J0, post by post: Boris votes for himself, Hugo and Marc join, Hugo changes to Gaston, Yann comes.
    assert levels(charts["J0"], "Boris") == [0, 1, 2, 3, 2, 3]
    assert levels(charts["J0"], "Gaston") == [0, 1, 2, 3, 4, 5]
    # Yann changes from Théo to Chloé on J1: Théo's line rises to 5 and falls back to 4.
    assert levels(charts["J1"], "Théo") == [0, 1, 2, 3, 4, 5, 4]
    # Every line ends where the day's final count is (J4's double vote included).
    for day, expected in COUNTS.items():
        ends = {t.get("stroke"): t for t in charts[day].findall(".//polyline")}
        finals = {
            text(t).split(" :")[0]: int(text(t).split(": ")[1].split()[0])
            for t in (p.find("title") for p in ends.values())
        }
        assert finals == expected, day


def test_votes_said_again_leave_the_charts_as_they_were(tmp_path: Path) -> None:
    """Each post posted twice more, a second apart: three times the vote posts, the same day counts."""
    config = play_scenario(tmp_path / "game", hostile=False, again=2)
    out, done = written(tmp_path, config)
    assert done.returncode == 0, done.stderr
    page = lxml.html.fromstring((out / "index.html").read_text(encoding="utf-8"))
    charts = {s.get("id"): s.find(".//svg") for s in page.findall(".//section") if s.find(".//svg") is not None}
    assert levels(charts["J0"], "Boris") == [0, 1, 2, 3, 2, 3]
    assert levels(charts["J1"], "Théo") == [0, 1, 2, 3, 4, 5, 4]
    for day, expected in COUNTS.items():
        table = page.find(f".//section[@id='{day}']//table[@class='count']")
        assert {text(r[0]): int(text(r[1])) for r in table.findall("tbody/tr")} == expected, day
    assert len(page.findall(".//section[@id='J0']//ol[@class='votes']/li")) == 3 * 9


def test_a_players_html_is_shown_as_text(finished: Path, tmp_path: Path) -> None:
    out, done = written(tmp_path, finished)
    assert done.returncode == 0, done.stderr
    raw = (out / "index.html").read_text(encoding="utf-8")
    assert "<script" not in raw and "<img" not in raw
    assert "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in raw
    page = lxml.html.fromstring(raw)
    quoted = [text(q) for q in page.findall(".//section[@id='J1']//q")]
    assert quoted[0].startswith(HOSTILE)


def test_a_game_not_over_is_archived_only_with_partial(tmp_path: Path) -> None:
    config = play_scenario(tmp_path / "game", hostile=False, phases=5)  # J0 to J2
    out, done = written(tmp_path, config)
    assert done.returncode == 2
    assert "la partie n'est pas finie (pas encore de vainqueur) : ajoutez --partial" in done.stderr
    assert not out.exists()
    out, done = written(tmp_path, config, "--partial")
    assert done.returncode == 0, done.stderr
    page = lxml.html.fromstring((out / "index.html").read_text(encoding="utf-8"))
    assert text(page.find(".//p[@class='verdict']")) == "Partie en cours : pas encore de vainqueur."
    assert "ne la publiez pas avant la fin" in text(page.find(".//p[@class='secret']"))
    assert "la partie n'est pas finie et cette archive montre tous les rôles" in done.stderr
    assert [s.get("id") for s in page.findall(".//section") if "phase" in (s.get("class") or "")] == PHASES[:5]
    assert [text(li) for li in page.findall(".//section[@id='J2']//ul[@class='deaths']/li")] == DEATHS_BY_PHASE["J2"]
    # A folder that is not empty is written over only with --force.
    out, again = written(tmp_path, config, "--partial")
    assert again.returncode == 2
    assert "n'est pas vide : ajoutez --force" in again.stderr
    out, forced = written(tmp_path, config, "--partial", "--force")
    assert forced.returncode == 0, forced.stderr


def test_a_game_without_a_database_is_refused_in_french(tmp_path: Path) -> None:
    config = tmp_path / "partie.toml"
    config.write_text(
        '[game]\nruleset = "classique"\ndatabase = "absente.sqlite"\n[[players]]\nname = "A"\n', encoding="utf-8"
    )
    out, done = written(tmp_path, config)
    assert done.returncode == 2
    assert "absente.sqlite : pas de base de données de partie ici" in done.stderr
    assert not out.exists()


CHROMIUM = shutil.which("chromium")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (scripts/browser)")
def test_the_archive_opens_in_chromium_from_a_file(finished: Path, tmp_path: Path) -> None:
    """Opened from file:// with every request but file:// refused: the CSS applies, the charts render at
    their size, no player's script runs. The screenshot is the README's (docs/archive.png)."""
    from playwright.sync_api import sync_playwright

    out, done = written(tmp_path, finished)
    assert done.returncode == 0, done.stderr
    refused: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 900, "height": 900})
        page.route(re.compile(r"^(?!file:).*"), lambda route: (refused.append(route.request.url), route.abort()))
        page.goto((out / "index.html").as_uri())
        assert page.title() == "Partie de loup-garou : Le jeu du Loup Garou (règlement) — archive"
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(251, 248, 242)"  # archive.css, read beside the page
        sizes = page.evaluate(
            "[...document.querySelectorAll('section svg')].map(s => {const r = s.getBoundingClientRect();"
            " return [s.closest('section').id, Math.round(r.width), Math.round(r.height),"
            " s.querySelectorAll('polyline').length]})"
        )
        assert [s[0] for s in sizes] == list(COUNTS)
        assert all(width >= 600 and height >= 200 for _id, width, height, _n in sizes), sizes
        assert {s[0]: s[3] for s in sizes} == {day: len(c) for day, c in COUNTS.items()}
        drawn = page.evaluate(
            "[...document.querySelectorAll('#J4 svg polyline')].map(l => Math.round(l.getBBox().width))"
        )
        assert all(width > 400 for width in drawn), drawn  # each line runs across the day
        assert page.evaluate("document.querySelectorAll('img, script').length") == 0
        page.locator("#J4 summary").click()
        shot = tmp_path / "archive.png"
        page.locator("#J4").screenshot(path=str(shot))
        browser.close()
    assert refused == []
    docs = REPO / "docs"
    if os.environ.get("MENEUR_ARCHIVE_SHOT"):  # refresh the README's picture: MENEUR_ARCHIVE_SHOT=1
        docs.mkdir(exist_ok=True)
        shutil.copyfile(shot, docs / "archive.png")
    assert shot.stat().st_size <= 200 * 1024
