"""The count templates: player text cannot become markup, French dates, the MJ's own templates."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main
from meneur.daemon.config import Config, PlayerConfig
from meneur.daemon.counting import count_post_text, count_posts
from meneur.daemon.render import french_datetime, french_time, render
from meneur.engine.tally import tally
from meneur.parsers.records import Post, content_hash

TOPICS = Path(__file__).resolve().parent.parent / "fixtures" / "topics"
SATURDAY_9PM = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)  # 21h00 in Paris (UTC+1)

BBCODE_TAG = re.compile(r"\[(/?)([A-Za-z*]+)(=[^\]]*)?\]")

HOSTILE = ["[b]x[/b]", "[url=https://evil.example]Carole[/url]", "[/size][size=500]Dédé", "[img]x.png[/img]"]
PLAIN = ["Alice", "Carole", "Dédé", "Eve"]


def context(names: list[str], day: str | None = "Jour 2") -> dict[str, Any]:
    """A count where names[0] and names[1] vote names[2], and names[3] has not voted."""
    counted = tally({names[0]: names[2], names[1]: names[2]}, names)
    last = Post("48361", names[3], None, SATURDAY_9PM - timedelta(minutes=20), "", "", content_hash(""), None, 3)
    return {
        "counts": counted.counts,
        "not_voted": counted.not_voted,
        "deadline": SATURDAY_9PM,
        "tz": "Europe/Paris",
        "last_post": last,
        "day": day,
    }


def tags(text: str) -> list[str]:
    return [match.group(0) for match in BBCODE_TAG.finditer(text)]


# BBCode ------------------------------------------------------------------------------------------------


def test_player_names_cannot_open_a_bbcode_tag() -> None:
    hostile = render("count", "bbcode", context(HOSTILE, day="[b]Jour 2[/b]"))
    plain = render("count", "bbcode", context(PLAIN, day="Jour 2"))
    assert tags(hostile) == tags(plain)  # only the template's own tags
    assert tags(plain)  # and the template does use some
    # readers still see the names as written
    visible = hostile.replace("\u200b", "")
    for name in HOSTILE:
        assert name in visible


def test_bbcode_count_of_real_posts_by_players_with_bbcode_names() -> None:
    """Through counting: a voter, a non-voter, the last author and the day label are all player text."""
    players = ["[b]x[/b]", "Bob", "[url=https://evil.example]Carole[/url]", "[/size][size=500]Dédé"]

    def post(number: int, author: str, body: str) -> Post:
        html = f'<div class="content">{body}</div>'
        stamp = SATURDAY_9PM - timedelta(hours=1) + timedelta(minutes=number)
        return Post(str(number), author, None, stamp, html, body, content_hash(html), None, 1)

    vote = '<span style="color:brown"><strong>Je vote contre Bob</strong></span>'
    posts = [post(1, "[b]x[/b]", vote), post(2, "[/size][size=500]Dédé", "On attend.")]
    config = replace(Config(), players=tuple(PlayerConfig(name) for name in players))
    counted = count_posts(posts, config)
    assert counted.current == {"[b]x[/b]": "Bob"}

    text = count_post_text(counted, posts, config, "[color=red]Jour 2[/color]")
    assert tags(text) == [
        "[b]", "[size=120]", "[/size]", "[/b]",  # title
        "[b]", "[/b]",  # Bob's row
        "[size=85]", "[/size]",  # "Arrêté au message"
    ]  # fmt: skip
    assert "[url" not in text.replace("[\u200burl", "")


# Markdown ----------------------------------------------------------------------------------------------


def test_markdown_special_characters_are_escaped() -> None:
    names = ["*Zoé*", "__Bob__", "[lien](https://evil.example)", "`Eve`"]
    text = render("count", "markdown", context(names, day="# Jour 2"))
    assert r"\*Zoé\*" in text
    assert r"\_\_Bob\_\_" in text
    assert r"\[lien\]\(https://evil\.example\)" in text
    assert r"\`Eve\`" in text
    assert r"\# Jour 2" in text
    for raw in ("*Zoé*", "__Bob__", "[lien]", "(https", "`Eve`", "# Jour"):
        assert not re.search(r"(?<!\\)" + re.escape(raw), text), raw
    # the template's own Markdown is untouched
    assert text.startswith("**Décompte des votes")
    assert "- **[lien]" not in text and r"- **\[lien\]" in text


def test_markdown_html_in_a_name_is_escaped() -> None:
    text = render("count", "markdown", context(["<b>Alice</b>", "Bob", "Carole", "<script>x</script>"]))
    assert "<b>" not in text and "<script>" not in text
    assert r"\<b\>Alice\</b\>" in text


def test_markdown_count_of_a_real_spirit_day(capsys: pytest.CaptureFixture[str]) -> None:
    case = TOPICS / "spirit" / "j1-place"
    pages = sorted(str(p) for p in case.glob("page-*.html"))
    assert main(["count", "--config", str(case / "case.toml"), "--day", "Jour 1", *pages]) == 0
    out = capsys.readouterr().out
    assert out.startswith("**Décompte des votes — Jour 1**\n")
    assert "- **Tartiflette** : 2 votes (Lucas, Bérénice)" in out
    assert "N'ont pas encore voté : Anne-Sophie." in out  # a hyphen inside a name needs no escape
    assert "Fin du jour : mardi 24 novembre 2026 à 21h00." in out
    assert "[b]" not in out and "[size" not in out


# French dates ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (SATURDAY_9PM, "samedi 14 mars 2026 à 21h00"),
        (datetime(2026, 3, 14, 21, 0, tzinfo=timezone(timedelta(hours=1))), "samedi 14 mars 2026 à 21h00"),
        (datetime(2026, 4, 1, 10, 5, tzinfo=UTC), "mercredi 1er avril 2026 à 12h05"),  # 1er, summer time
        (datetime(2026, 7, 14, 19, 0, tzinfo=UTC), "mardi 14 juillet 2026 à 21h00"),  # summer time
        (datetime(2026, 8, 1, 6, 30, tzinfo=UTC), "samedi 1er août 2026 à 08h30"),
        (datetime(2026, 2, 11, 8, 7, tzinfo=UTC), "mercredi 11 février 2026 à 09h07"),
        (datetime(2026, 3, 14, 23, 30, tzinfo=UTC), "dimanche 15 mars 2026 à 00h30"),  # the date moves too
        (datetime(2026, 3, 29, 0, 59, tzinfo=UTC), "dimanche 29 mars 2026 à 01h59"),  # just before the change
        (datetime(2026, 3, 29, 1, 0, tzinfo=UTC), "dimanche 29 mars 2026 à 03h00"),  # just after it
        (datetime(2026, 10, 25, 0, 30, tzinfo=UTC), "dimanche 25 octobre 2026 à 02h30"),  # first 02h30
        (datetime(2026, 10, 25, 1, 30, tzinfo=UTC), "dimanche 25 octobre 2026 à 02h30"),  # the second one
        (datetime(2026, 12, 1, 20, 0, tzinfo=UTC), "mardi 1er décembre 2026 à 21h00"),
    ],
)
def test_french_datetime(moment: datetime, expected: str) -> None:
    assert french_datetime(moment) == expected


def test_french_datetime_in_another_zone() -> None:
    assert french_datetime(SATURDAY_9PM, "America/Montreal") == "samedi 14 mars 2026 à 16h00"
    assert french_time(SATURDAY_9PM, "America/Montreal") == "16h00"
    assert french_time(datetime(2026, 7, 14, 7, 5, tzinfo=UTC)) == "09h05"


def test_the_count_states_the_deadline_in_french() -> None:
    text = render("count", "bbcode", context(PLAIN))
    assert "Fin du jour : samedi 14 mars 2026 à 21h00." in text
    assert "Arrêté au message n°48361 (Eve, samedi 14 mars 2026 à 20h40)" in text


# The MJ's own templates --------------------------------------------------------------------------------


def test_an_override_folder_replaces_the_built_in_template(tmp_path: Path) -> None:
    (tmp_path / "count.bbcode.j2").write_text(
        "[i]Les votes du village[/i] : {% for row in counts %}{{ row.target|esc }}={{ row.votes }} {% endfor %}"
        "— fin {{ deadline|date_fr(tz) }}\n",
        encoding="utf-8",
    )
    text = render("count", "bbcode", context(["Alice", "Bob", "[b]Carole[/b]", "Dédé"]), tmp_path)
    assert text == "[i]Les votes du village[/i] : [\u200bb]Carole[\u200b/b]=2 — fin samedi 14 mars 2026 à 21h00\n"
    # the flavour it does not override is still the built-in one
    markdown = render("count", "markdown", context(PLAIN), tmp_path)
    assert markdown.startswith("**Décompte des votes")


def test_the_config_templates_folder_is_used_by_the_cli(tmp_path: Path) -> None:
    village = TOPICS / "phpbb3" / "j1-village"
    (tmp_path / "modeles").mkdir()
    (tmp_path / "modeles" / "count.bbcode.j2").write_text(
        "MON DÉCOMPTE: {% for row in counts %}{{ row.target }} {{ row.votes }}; {% endfor %}\n", encoding="utf-8"
    )
    config = tmp_path / "partie.toml"
    config.write_text(
        (village / "case.toml").read_text(encoding="utf-8") + '\n[templates]\nfolder = "modeles"\n', encoding="utf-8"
    )
    pages = sorted(str(p) for p in village.glob("page-*.html"))
    # from another working directory: the folder is relative to the configuration file
    done = subprocess.run(
        [sys.executable, "-m", "meneur.daemon.cli", "count", "--config", str(config), *pages],
        capture_output=True,
        cwd=Path(config.anchor),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8")
    out = done.stdout.decode("utf-8")
    # (trim_blocks drops the newline after the last block tag)
    assert out == "MON DÉCOMPTE: Bastien 4; Lucas 2; Hélène 1; Capitaine Flam 1; Gwendoline 1; "


def test_a_bbcode_only_template_is_posted_as_markdown_on_spirit() -> None:
    from meneur.daemon.drafts import drafts_for

    events = [
        {"type": "vote_result", "phase": "J1", "audience": "public", "counts": {"Bob_le_*grand*": 3}},
        {"type": "death", "phase": "J1", "audience": "public", "player": "Bob_le_*grand*", "cause": "bucher",
         "role": "voyante"},
    ]  # fmt: skip
    bbcode = drafts_for("classique", "J1", events, {"voyante": "Voyante"})[0].body
    markdown = drafts_for("classique", "J1", events, {"voyante": "Voyante"}, markup="markdown")[0].body
    assert "[b]" in bbcode and "[b]" not in markdown and "[size" not in markdown and "[color" not in markdown
    assert "**" in markdown
    assert "Bob\\_le\\_\\*grand\\*" in markdown  # the name is escaped for Markdown, not emphasised


def test_bbcode_to_markdown_keeps_links_quotes_and_escaped_brackets() -> None:
    from meneur.daemon.render import bbcode_to_markdown

    assert bbcode_to_markdown("[url=http://127.0.0.1/r]les règles[/url]") == "[les règles](http://127.0.0.1/r)"
    assert bbcode_to_markdown("[quote=Bob]dit [b]ça[/b][/quote]").strip() == "> dit **ça**"
    assert bbcode_to_markdown("\\[b] reste") == "\\[b] reste"


def test_bbcode_code_becomes_markdown_code() -> None:
    from meneur.daemon.render import bbcode_to_markdown

    assert bbcode_to_markdown("forme sûre : [code]!voyante.sonder NOM[/code]") == "forme sûre : `!voyante.sonder NOM`"
