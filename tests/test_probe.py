"""``meneur probe PAGE.html``: selectors for an unknown forum from one saved topic page.

Every fixture forum's pages are probed through the CLI with no selectors given; the block it prints
is pasted (parsed as TOML, as the MJ would paste it) and read with the real generic reader. The
selectors meneur already has for those forums are the truth: the probe's must read the same posts
(ids, authors, dates, bodies, vote mentions) and the same pagination, and a day counted with them
must give the day's golden count. Pages of other shapes (fixtures/forums/probe) and hostile files
are probed too: a French error, never a traceback.
"""

from __future__ import annotations

import json
import re
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from meneur.daemon.cli import main
from meneur.parsers.engines import NAMED, generic_layout
from meneur.parsers.layout import Layout, parse_topic_page
from meneur.parsers.records import TopicPage, VoteFormat, VoteStatus

ROOT = Path(__file__).resolve().parent.parent
TOPICS = ROOT / "fixtures" / "topics"
OWN = ROOT / "fixtures" / "forums" / "probe"
CASES = sorted(p.parent for p in TOPICS.glob("*/*/case.toml"))
PAGES = [(case, page) for case in CASES for page in sorted(case.glob("page-*.html"))]


@pytest.fixture(autouse=True)
def _french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MENEUR_LANG", "fr")


def case_toml(case: Path) -> dict[str, Any]:
    return tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))


def known_layout(case: Path) -> Layout:
    forum = case_toml(case)["forum"]
    if forum["engine"] == "generic":
        return generic_layout(forum["selectors"])
    return NAMED[forum["engine"]]


def probe(page: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    code = main(["probe", str(page), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def block_of(out: str) -> str:
    """The [forum.selectors] block of the report, as the MJ copies it."""
    lines = out.splitlines()
    start = lines.index("[forum.selectors]")
    return "\n".join(lines[start : lines.index("", start)])


def pasted(out: str) -> dict[str, Any]:
    """The block parsed as the MJ's configuration would parse it."""
    return tomllib.loads(block_of(out))["forum"]["selectors"]


def missing_notes(out: str) -> list[str]:
    """The report's list of what was not found on the page."""
    if "Introuvable sur cette page" not in out:
        return []
    part = out.split("Introuvable sur cette page", 1)[1].split("\n\n", 1)[0]
    return [line[4:] for line in part.splitlines() if line.startswith("  - ")]


def reading(page: TopicPage) -> list[tuple[Any, ...]]:
    return [(p.post_id, p.author, p.posted_at, p.content_text, page.votes_of(p.post_id)) for p in page.posts]


@pytest.mark.parametrize("case,page", PAGES, ids=[f"{c.parent.name}/{c.name}/{p.stem}" for c, p in PAGES])
def test_probe_reads_the_same_posts_as_the_known_selectors(
    case: Path, page: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tz = case_toml(case)["forum"].get("timezone", "Europe/Paris")
    code, out, err = probe(page, capsys, "--tz", tz)
    assert code == 0, err + out
    selectors = pasted(out)
    raw = page.read_bytes()
    fmt = VoteFormat()
    truth = parse_topic_page(raw, known_layout(case), tz, fmt)
    found = parse_topic_page(raw, generic_layout(selectors), tz, fmt)
    assert reading(found) == reading(truth)
    assert (found.pagination.current, found.pagination.last) == (truth.pagination.current, truth.pagination.last)
    assert dict(found.pagination.links).keys() == dict(truth.pagination.links).keys()
    if truth.title is not None and "title" in selectors:
        assert found.title == truth.title
    if "author_id" in selectors:
        assert [p.author_id for p in found.posts] == [p.author_id for p in truth.posts]
    else:  # said, not guessed
        assert any(note.startswith("author_id") for note in missing_notes(out))
    # What the report shows the MJ is that reading: each post's id, author and local time.
    for post in found.posts[:3]:
        line = next(line for line in out.splitlines() if f"#{post.post_id} " in line)
        assert post.author in line


def pages_of(case: Path) -> list[Path]:
    return sorted(case.glob("page-*.html"), key=lambda p: int(p.stem.split("-")[1]))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_a_day_counted_with_the_probed_selectors_gives_the_golden_count(
    case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The MJ's way: probe the pages, keep the proposal that left nothing out (an edited post, a
    quote show only on some pages), paste it as a generic forum, count the day."""
    config = case_toml(case)
    tz = config["forum"].get("timezone", "Europe/Paris")
    proposals = []
    for page in pages_of(case):
        code, out, err = probe(page, capsys, "--tz", tz)
        assert code == 0, err
        proposals.append((len(missing_notes(out)), block_of(out)))
    best = min(proposals, key=lambda p: p[0])[1]
    text = (case / "case.toml").read_text(encoding="utf-8")
    rest = text[text.index("[game]") :] if "[game]" in text else text[text.index("[[players]]") :]
    if config["forum"]["engine"] == "spirit" and "[votes]" not in rest:  # Markdown: bold is the vote format
        rest = "[votes]\nrequire_colour = false\n\n" + rest
    pasted_config = f'[forum]\nengine = "generic"\ntimezone = "{tz}"\n\n{best}\n\n{rest}'
    (tmp_path / "probed.toml").write_text(pasted_config, encoding="utf-8")
    assert main(["count", "--json", "--config", str(tmp_path / "probed.toml"), *map(str, pages_of(case))]) == 0
    result = json.loads(capsys.readouterr().out)
    expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    assert result["current"] == expected["current"]
    assert result["tally"] == expected["tally"]
    assert result["not_voted"] == expected["not_voted"]
    got = sorted((w["post_id"], w["kind"]) for w in result["warnings"])
    want = sorted((w["post_id"], w["kind"]) for w in expected["warnings"])
    assert got == want, (sorted(set(got) - set(want)), sorted(set(want) - set(got)))


# -- pages of other shapes: what each post holds, written by hand from the page ---------------------

OK, NOT_BOLD, WRONG_COLOUR = VoteStatus.OK, VoteStatus.NOT_BOLD, VoteStatus.WRONG_COLOUR

OWN_PAGES = {
    # A table layout (one row per post, cells row-alternating), Latin-1, dates « le 14/03/2026 à 09h00 ».
    "table-grenier.html": {
        "tz": "Europe/Paris",
        "format": "JJ/MM/AAAA à HHhMM",
        "page": (2, 3),
        "posts": [
            ("2301", "Renard", "3", "14/03/2026 09:00", "Le jour se lève sur la grange", [], False),
            ("2304", "Capucine", "41", "14/03/2026 09:47", "Pauvre Anatole.", [("Barnabé", OK)], False),
            # the vote quoted from Capucine is not Barnabé's; his edit notice is not his text
            ("2306", "Barnabé", "57", "14/03/2026 10:12", "Capucine a écrit", [("Capucine", OK)], True),
            (
                "2310",
                "Ernestine",
                "12",
                "14/03/2026 11:30",
                "Je n'ai pas d'avis",
                [("personne tant que Barnabé ne s'est pas expliqué mieux que ça", NOT_BOLD)],
                False,
            ),
            ("2315", "Théodule", "64", "14/03/2026 14:05", "Premier jour pour moi", [("Barnabé", WRONG_COLOUR)], False),
            ("2319", "Capucine", "41", "14/03/2026 20:58", "Théodule, ton vote", [], False),
        ],
        "not_in_bodies": ["Le Renard ne dort jamais", "Meuh", "Modifié par", "Messages :"],
    },
    # Articles and divs, ISO dates in <time datetime>, a sidebar of other dates and names beside the posts.
    "articles-taverne.html": {
        "tz": "Europe/Paris",
        "format": "ISO 8601",
        "page": (2, 4),
        "posts": [
            ("88102", "Loup-Garou-MJ", "7", "14/03/2026 09:00", "Bonjour à tous.", [], False),
            ("88107", "Mirabelle", "211", "14/03/2026 09:41", "Le meunier vend", [("Firmin", OK)], False),
            ("88111", "Firmin", "305", "14/03/2026 10:05", "Mirabelle a dit", [("Mirabelle", OK)], True),
            ("88120", "Gaston", "58", "14/03/2026 13:27", "Je ne sais pas encore.", [], False),
            ("88133", "Mirabelle", "211", "14/03/2026 20:59", "Gaston, il est presque 21h", [("Firmin", OK)], False),
        ],
        "not_in_bodies": ["Un vieux loup", "Dernière modification", "Derniers messages", "Répondre"],
    },
    # SMF 2 in English: « March 14, 2026, 03:15:27 PM », post blocks alternating windowbg / windowbg2.
    "english-smf.html": {
        "tz": "America/New_York",
        "format": "mois JJ, AAAA, HH:MM:SS AM",
        "page": (2, 3),
        "posts": [
            ("5120", "Moderator Owl", "2", "14/03/2026 09:00", "Morning, villagers.", [], False),
            ("5124", "Hazel", "58", "14/03/2026 11:52", "Tobias argued", [("Rowan", OK)], False),
            ("5131", "Rowan", "77", "14/03/2026 15:15", "Quote from: Hazel", [("Hazel", OK)], True),
            ("5140", "Juniper", "91", "14/03/2026 20:58", "Last minute", [("Hazel", WRONG_COLOUR)], False),
        ],
        "not_in_bodies": ["a cub with teeth", "Last Edit", "Report to moderator"],
    },
}


@pytest.mark.parametrize("name", sorted(OWN_PAGES))
def test_pages_of_other_shapes_are_read_post_by_post(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    truth = OWN_PAGES[name]
    page_file = OWN / name
    code, out, err = probe(page_file, capsys, "--tz", truth["tz"])
    assert code == 0, err
    assert f"(format {truth['format']})" in out
    page = parse_topic_page(page_file.read_bytes(), generic_layout(pasted(out)), truth["tz"], VoteFormat())
    zone = ZoneInfo(truth["tz"])
    got = [
        (
            p.post_id,
            p.author,
            p.author_id,
            p.posted_at.astimezone(zone).strftime("%d/%m/%Y %H:%M"),
            p.content_text[: len(want[4])],
            [(m.target, m.status) for m in page.votes_of(p.post_id) or ()],
            p.edit is not None,
        )
        for p, want in zip(page.posts, truth["posts"], strict=False)
    ]
    assert got == [tuple(w) for w in truth["posts"]]
    assert len(page.posts) == len(truth["posts"])
    assert (page.pagination.current, page.pagination.last) == truth["page"]
    for text in truth["not_in_bodies"]:
        assert not any(text in p.content_text for p in page.posts), text
    # The report shows the MJ the same reading: one line per post with its author and local time.
    for post_id, author, _, when, *_rest in truth["posts"]:
        assert any(f"#{post_id} " in line and author in line and when in line for line in out.splitlines())


def test_english_dates_are_read_in_the_forums_zone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = probe(OWN / "english-smf.html", capsys, "--tz", "America/New_York")
    assert code == 0
    page = parse_topic_page((OWN / "english-smf.html").read_bytes(), generic_layout(pasted(out)), "America/New_York")
    # 09:00:41 AM on 14 March 2026 in New York (summer time since 8 March: UTC-4); 08:58:10 PM is 20:58.
    assert page.posts[0].posted_at == datetime(2026, 3, 14, 13, 0, 41, tzinfo=UTC)
    assert page.posts[-1].posted_at == datetime(2026, 3, 15, 0, 58, 10, tzinfo=UTC)


def test_relative_dates_are_said_and_the_reading_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """« Aujourd'hui à 20h58 » cannot be dated from the page alone: the probe says so and the reader
    refuses the page (exit 1) rather than counting posts without a date."""
    html = (OWN / "table-grenier.html").read_bytes().decode("latin-1")
    for when in ("20h58", "14h05"):
        html = html.replace(f"le 14/03/2026 à {when}", f"Aujourd'hui à {when}")
    page = tmp_path / "relatives.html"
    page.write_bytes(html.encode("latin-1"))
    code, out, err = probe(page, capsys)
    assert code == 1, err
    assert "2 messages sont datés relativement (« Aujourd'hui à 14h05 »)" in out
    assert "la page est refusée" in out
    assert "Lus avec ces sélecteurs" not in out


def test_a_page_without_pagination_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = probe(TOPICS / "spirit" / "j2-proces" / "page-2.html", capsys)
    assert code == 0
    assert "pagination" not in pasted(out) or pasted(out)["pagination"]["links"]
    notes = missing_notes(out)
    assert not any(note.startswith("pagination :") for note in notes)  # page 2 of 2 links to page 1
    code, out, _err = probe(ROOT / "fixtures" / "forums" / "spirit" / "topic.html", capsys)
    assert code == 0
    assert "pagination" not in pasted(out)
    assert any(note.startswith("pagination : aucun lien") for note in missing_notes(out))


# -- hostile input: a French error, never a traceback -----------------------------------------------


def refused(page: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = probe(page, capsys)
    assert code == 2, out
    assert out == ""
    assert "Traceback" not in err and err.startswith("meneur : erreur : "), err
    assert len(err.strip().splitlines()) == 1
    return err


def test_an_empty_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "vide.html").write_bytes(b"")
    assert "le fichier est vide" in refused(tmp_path / "vide.html", capsys)
    (tmp_path / "blanc.html").write_bytes(b" \n\t\n")
    assert "le fichier est vide" in refused(tmp_path / "blanc.html", capsys)


def test_files_that_are_no_topic_page_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    forums = ROOT / "fixtures" / "forums"
    assert "aucune date avec une heure" in refused(forums / "phpbb3" / "login.html", capsys)
    assert "un seul message au plus" in refused(forums / "phpbb2" / "mp-view.html", capsys)
    # The board index lists the last post of each forum (a name and a date per row): no post blocks.
    assert "leurs dates ne se suivent pas" in refused(forums / "phpbb3" / "index-logged-in.html", capsys)
    assert "leurs dates ne se suivent pas" in refused(forums / "generic" / "index-logged-in.html", capsys)
    refused(forums / "phpbb2" / "index-logged-in.html", capsys)
    (tmp_path / "image.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    refused(tmp_path / "image.html", capsys)
    assert "est un dossier" in refused(tmp_path, capsys)
    assert "impossible de lire" in refused(tmp_path / "absente.html", capsys)


def test_a_5_mb_page_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = (OWN / "articles-taverne.html").read_text(encoding="utf-8")
    speech = "Je relis tout depuis le début et je note chaque contradiction du meunier. " * 70_000
    html = html.replace("Je voterai ce soir.", speech + "Je voterai ce soir.")
    page = tmp_path / "long.html"
    page.write_text(html, encoding="utf-8")
    assert page.stat().st_size > 5_000_000
    code, out, err = probe(page, capsys)
    assert code == 0, err
    assert pasted(out)["content"] == "div.bbWrapper"
    assert "#88120  Gaston (id 58)" in out


def test_a_deeply_nested_post_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player's post of 3000 nested quotes (past libxml2's 2048 levels): the other posts are still
    found, and the reader's flattening keeps the page whole."""
    html = (OWN / "articles-taverne.html").read_text(encoding="utf-8")
    nested = "<div>" * 3000 + "trop profond" + "</div>" * 3000
    html = html.replace("Je voterai ce soir.", nested + "Je voterai ce soir.")
    page = tmp_path / "profond.html"
    page.write_text(html, encoding="utf-8")
    code, out, err = probe(page, capsys)
    assert code == 0, err
    assert "#88133  Mirabelle (id 211)" in out
    assert pasted(out)["post"] == "article.js-post.message.message--post"


def test_the_command_is_listed_with_its_french_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "probe" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["probe", "--help"])
    assert "une page de sujet du forum, enregistrée en entier" in capsys.readouterr().out


def test_an_unforeseen_failure_is_one_french_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(raw: bytes, tz: str) -> None:
        raise KeyError("post")

    monkeypatch.setattr("meneur.daemon.probe_cmd.probe_page", broken)
    err = refused(OWN / "table-grenier.html", capsys)
    assert "meneur n'a pas pu analyser cette page (KeyError: 'post')" in err


def test_a_sidebar_of_more_names_and_dates_than_posts_is_not_taken_for_the_posts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seven « Derniers messages » rows, each with a member link, a date and an id, beside five posts:
    the posts are where the page's words are."""
    html = (OWN / "articles-taverne.html").read_text(encoding="utf-8")
    number = iter(range(90001, 90100))
    html = re.sub(r'<li class="block-row">', lambda _m: f'<li class="block-row" id="recent-{next(number)}">', html)
    assert html.count('id="recent-') == 7
    page = tmp_path / "sidebar.html"
    page.write_text(html, encoding="utf-8")
    code, out, err = probe(page, capsys)
    assert code == 0, err
    assert pasted(out)["post"] == "article.js-post.message.message--post"
    assert "5 messages trouvés" in out


def test_a_post_numbered_only_by_its_permalink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = (OWN / "table-grenier.html").read_bytes().decode("latin-1")
    html = re.sub(r'<a id="msg\d+"></a>', "", html)
    page = tmp_path / "sans-ancres.html"
    page.write_bytes(html.encode("latin-1"))
    code, out, err = probe(page, capsys)
    assert code == 0, err
    assert pasted(out)["post_id"]["attr"] == "href"
    read = parse_topic_page(page.read_bytes(), generic_layout(pasted(out)))
    assert [p.post_id for p in read.posts] == ["2301", "2304", "2306", "2310", "2315", "2319"]


def test_what_a_page_does_not_show_is_said_not_guessed(capsys: pytest.CaptureFixture[str]) -> None:
    """Page 1 of the hamlet's day has no edited post: no edit_notice is proposed, and the report says
    to probe a page with one; page 2 has one, and it is found."""
    first = TOPICS / "generic" / "j2-hameau" / "page-1.html"
    code, out, _err = probe(first, capsys)
    assert code == 0
    assert "edit_notice" not in pasted(out)
    assert any(note.startswith("edit_notice : aucun « modifié par X le … »") for note in missing_notes(out))
    code, out, _err = probe(first.with_name("page-2.html"), capsys)
    assert code == 0
    assert pasted(out)["edit_notice"] == "div.modif"
    assert not any(note.startswith("edit_notice") for note in missing_notes(out))
    assert "[modifié]" in out
