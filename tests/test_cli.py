"""The `meneur count` contract: the flag form, the console script, bad input, the deadline, --db.

Scripts rely on this interface (see daemon/cli.py): these tests go through `main()` or the installed
`meneur` script only, on the saved fixture pages.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main

TOPICS = Path(__file__).resolve().parent.parent / "fixtures" / "topics"
VILLAGE = TOPICS / "phpbb3" / "j1-village"
EDITS = TOPICS / "phpbb3" / "j2-edits"
PLACE = TOPICS / "spirit" / "j1-place"
MOULIN = TOPICS / "generic" / "j4-moulin"

# j1-village's players in case.toml order, with the same dead players and deadline, as flags.
VILLAGE_FLAGS = [
    "--forum", "phpbb3",
    "--players", "Lucas,Lucie,Jean-Pierre,Hélène,Capitaine Flam,Zoé,Bastien,Gwendoline,Kévin,Margaux,Théo,Nina,Olivier",
    "--dead", "Margaux,Théo",
]  # fmt: skip


def pages_of(case: Path) -> list[str]:
    return [str(p) for p in sorted(case.glob("page-*.html"), key=lambda p: int(p.stem.split("-")[1]))]


def expected_of(case: Path) -> dict[str, Any]:
    return json.loads((case / "expected.json").read_text(encoding="utf-8"))


def warning_set(result: dict[str, Any]) -> Counter[tuple[str, str]]:
    return Counter((w["post_id"], w["kind"]) for w in result["warnings"])


def count(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["count", "--json", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run a count that must fail; return its one-line error message."""
    code = main(["count", *argv])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("meneur : erreur : ")
    assert len(lines[0]) > len("meneur : erreur : ") + 10
    return lines[0]


def meneur_script() -> str:
    found = shutil.which("meneur", path=str(Path(sys.executable).parent))
    assert found, f"no `meneur` console script next to {sys.executable}: is the package installed?"
    return found


# (a) the flag form ----------------------------------------------------------------------------------


def test_flags_give_the_golden_count_when_they_say_what_case_toml_says(capsys: pytest.CaptureFixture[str]) -> None:
    """j2-edits: every forum account is named like its player, so case.toml's user ids add nothing,
    and its colour "#a52a2a" is the default brown: the flags below carry the whole case."""
    flags = [
        "--forum", "phpbb3",
        "--players", "Mathis,Anaïs,Pierre-Yves,La Fouine,Émilie,Quentin,Chloé,Romain,Yasmine,Baptiste,Inès",
        "--dead", "Romain",
        "--until", "2026-03-21T21:00:00+01:00",
    ]  # fmt: skip
    by_flags = count([*flags, *pages_of(EDITS)], capsys)
    expected = expected_of(EDITS)
    assert by_flags["current"] == expected["current"]
    assert by_flags["tally"] == expected["tally"]
    assert by_flags["not_voted"] == expected["not_voted"]
    assert warning_set(by_flags) == warning_set(expected)
    # and the two spellings of the same inputs are the same count, to the message
    assert by_flags == count(["--config", str(EDITS / "case.toml"), *pages_of(EDITS)], capsys)


def test_flags_on_the_village_lose_exactly_what_the_user_id_and_alias_carried(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """j1-village with flags: Bastien posts as "Bastos37" (matched only by user id 67 in case.toml) and
    is called "Bastos" (an alias flags cannot give). So, per NOTES.md: Bastos37's vote 48266 is a
    non-player's; the "Bastos" votes 48214 (Lucas), 48297 (Kévin) and 48356 (Flam's last) name nobody,
    so Lucas and Kévin have no vote and Flam keeps Jean-Pierre (48245). Everything else is the golden day."""
    result = count([*VILLAGE_FLAGS, "--until", "2026-03-14T21:00:00+01:00", *pages_of(VILLAGE)], capsys)
    expected = expected_of(VILLAGE)
    assert result["current"] == {
        "Lucie": "Bastien",
        "Jean-Pierre": "Hélène",
        "Hélène": "Capitaine Flam",
        "Capitaine Flam": "Jean-Pierre",
        "Zoé": "Lucas",
        "Olivier": "Gwendoline",
    }
    assert result["tally"] == {
        "Lucas": 1,
        "Jean-Pierre": 1,
        "Hélène": 1,
        "Capitaine Flam": 1,
        "Bastien": 1,
        "Gwendoline": 1,
    }
    assert result["not_voted"] == ["Lucas", "Bastien", "Gwendoline", "Kévin", "Nina"]
    changed = {
        ("48214", "target_unknown"),
        ("48266", "voter_not_player"),
        ("48297", "target_unknown"),
        ("48356", "target_unknown"),
    }
    assert warning_set(result) == warning_set(expected) + Counter(changed)
    # what must hold whatever ids and aliases say: voters untouched by Bastien/"Bastos" vote the same
    untouched = {"Jean-Pierre", "Hélène", "Zoé", "Olivier", "Lucie"}
    assert {v: t for v, t in result["current"].items() if v in untouched} == {
        v: t for v, t in expected["current"].items() if v in untouched
    }


def test_flags_are_the_config_without_ids_and_aliases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = VILLAGE_FLAGS[3].split(",")
    rows = "".join(
        f'[[players]]\nname = "{n}"\n' + ("dead = true\n" if n in ("Margaux", "Théo") else "") + "\n" for n in names
    )
    config = tmp_path / "case.toml"
    config.write_text(
        '[forum]\nengine = "phpbb3"\n\n[game]\ndeadline = "2026-03-14T21:00:00+01:00"\n\n' + rows, encoding="utf-8"
    )
    by_flags = count([*VILLAGE_FLAGS, "--until", "2026-03-14T21:00:00+01:00", *pages_of(VILLAGE)], capsys)
    assert by_flags == count(["--config", str(config), *pages_of(VILLAGE)], capsys)


def test_flag_form_counts_bold_votes_on_a_markdown_forum(capsys: pytest.CaptureFixture[str]) -> None:
    """django-spirit has no colours: `--forum spirit` alone must count bold votes. On j1-place the
    flags say all case.toml says (its two renamed accounts, Maitre_Corbeau and Kaelig, are their players'
    names once normalised)."""
    flags = [
        "--forum", "spirit",
        "--players", "Jean-Pierre,Maître Corbeau,Éloïse,Lucas,Lucie,Gwendal,Bérénice,Tartiflette,Kaëlig,Fripouille,"
        "Anne-Sophie,Zébulon",
        "--dead", "Gwendal",
        "--until", "2026-11-24T21:00:00",
    ]  # fmt: skip
    result = count([*flags, *pages_of(PLACE)], capsys)
    expected = expected_of(PLACE)
    assert result["current"] == expected["current"]
    assert result["tally"] == expected["tally"]
    assert result["not_voted"] == expected["not_voted"]
    assert warning_set(result) == warning_set(expected)


# (b) the installed console script -------------------------------------------------------------------


def test_console_script_prints_the_bbcode_count(tmp_path: Path) -> None:
    argv = [meneur_script(), "count", *VILLAGE_FLAGS, "--until", "2026-03-14T21:00:00", "--day", "Jour 3"]
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}  # the MJ's language by default: French
    done = subprocess.run([*argv, *pages_of(VILLAGE)], capture_output=True, cwd=tmp_path, timeout=120, env=env)
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    assert done.returncode == 0, err
    assert "Décompte des votes — Jour 3" in out
    assert "N'ont pas encore voté : Lucas, Bastien, Gwendoline, Kévin, Nina." in out
    assert "Fin du jour : samedi 14 mars 2026 à 21h00." in out
    # the last post before the deadline: 48361, Zoé, 19:40:09 UTC = 20h40 in Paris
    assert "Arrêté au message n°48361 (Zoé, samedi 14 mars 2026 à 20h40)" in out
    assert "{" not in out and "%" not in out  # no Jinja left over
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines and all(line.startswith("avertissement : message ") for line in lines)
    assert (
        "avertissement : message 48366 : after_deadline : Gwendoline a voté après l'heure limite : vote non compté."
        in lines
    )
    assert (
        "avertissement : message 48318 : target_ambiguous : Gwendoline a voté contre « Lucia », "
        "qui peut désigner Lucas ou Lucie : vote non compté." in lines
    )
    assert (
        "avertissement : message 48279 : target_fuzzy : Olivier a voté contre « Gwendolyn », lu comme Gwendoline "
        "(ressemblance 84 %) : vote compté, à vérifier." in lines
    )


def test_console_script_warns_in_english_on_request(tmp_path: Path) -> None:
    argv = [meneur_script(), "count", *VILLAGE_FLAGS, "--until", "2026-03-14T21:00:00", *pages_of(VILLAGE)]
    french = subprocess.run(
        argv, capture_output=True, cwd=tmp_path, timeout=120, env={**os.environ, "MENEUR_LANG": "fr"}
    )
    english = subprocess.run(
        argv, capture_output=True, cwd=tmp_path, timeout=120, env={**os.environ, "MENEUR_LANG": "en"}
    )
    assert french.returncode == english.returncode == 0, english.stderr
    assert english.stdout == french.stdout  # the players' post stays French; only the MJ's warnings change
    lines = english.stderr.decode("utf-8").splitlines()
    assert len(lines) == len(french.stderr.decode("utf-8").splitlines())
    assert all(line.startswith("warning: post ") for line in lines)
    assert "warning: post 48366: after_deadline: Gwendoline voted after the deadline: not counted." in lines
    assert (
        'warning: post 48318: target_ambiguous: Gwendoline voted against "Lucia", which could be Lucas or Lucie: '
        "not counted." in lines
    )


def test_console_script_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    noise = tmp_path / "page.html"
    noise.write_bytes(random.Random(7).randbytes(4096))
    for page in (tmp_path / "absent.html", noise):
        done = subprocess.run(
            [meneur_script(), "count", "--forum", "phpbb3", "--players", "A,B", str(page)],
            capture_output=True,
            cwd=tmp_path,
            timeout=120,
        )
        err = done.stderr.decode("utf-8")
        assert done.returncode == 2
        assert done.stdout == b""
        assert "Traceback" not in err
        assert err.startswith("meneur : erreur : ") and err.count("\n") == 1
        assert page.name in err


def test_a_reader_that_goes_away_is_no_traceback() -> None:
    """`meneur count … | head -1`: the pipe closes before meneur writes."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [meneur_script(), "count", "--json", *VILLAGE_FLAGS, *pages_of(VILLAGE)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    finally:
        os.close(write_end)
    err = done.stderr.decode("utf-8")
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err


# (c) bad input --------------------------------------------------------------------------------------


def test_missing_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = refused([*VILLAGE_FLAGS, str(tmp_path / "page-9.html")], capsys)
    assert "page-9.html" in message


def test_unknown_forum_is_argparse_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["count", "--forum", "phpbb4", "--players", "A,B", *pages_of(VILLAGE)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "meneur count : erreur : argument --forum : choix invalide : 'phpbb4'" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("page", "forum"),
    [
        (TOPICS / "phpbb2" / "j1-taverne" / "page-1.html", "phpbb3"),
        (TOPICS / "spirit" / "j1-place" / "page-1.html", "phpbb3"),
        (TOPICS / "generic" / "j2-hameau" / "page-1.html", "phpbb3"),
        (VILLAGE / "page-1.html", "phpbb2"),
        (VILLAGE / "page-1.html", "spirit"),
    ],
    ids=["phpbb2-as-phpbb3", "spirit-as-phpbb3", "generic-as-phpbb3", "phpbb3-as-phpbb2", "phpbb3-as-spirit"],
)
def test_a_page_of_another_engine_is_refused(page: Path, forum: str, capsys: pytest.CaptureFixture[str]) -> None:
    message = refused(["--forum", forum, "--players", "Lucas,Lucie", str(page)], capsys)
    assert str(page) in message


PHPBB3_LOGIN = """<!DOCTYPE html>
<html dir="ltr" lang="fr">
<head><meta charset="utf-8" /><title>Forum du Village - Connexion</title></head>
<body id="phpbb" class="nojs notouch section-ucp ltr ">
<div id="wrap" class="wrap">
 <div id="page-header"><div class="headerbar" role="banner"><h1>Forum du Village</h1></div></div>
 <div id="page-body" class="page-body" role="main">
  <form action="./ucp.php?mode=login" method="post" id="login" data-focus="username">
   <div class="panel"><div class="inner"><div class="content">
    <h2 class="login-title">Connexion</h2>
    <fieldset class="fields1">
     <dl><dt><label for="username">Nom d’utilisateur :</label></dt>
      <dd><input type="text" tabindex="1" name="username" id="username" size="25" class="inputbox" /></dd>
     </dl>
     <dl><dt><label for="password">Mot de passe :</label></dt>
      <dd><input type="password" tabindex="2" id="password" name="password" size="25" class="inputbox autowidth" /></dd>
     </dl>
     <dl><dd><input type="submit" name="login" tabindex="6" value="Connexion" class="button1" /></dd></dl>
    </fieldset>
   </div></div></div>
  </form>
 </div>
</div>
</body>
</html>
"""


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("login.html", PHPBB3_LOGIN.encode("utf-8")),
        ("noise.html", random.Random(42).randbytes(8192)),
        ("image.html", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 8),
        ("empty.html", b""),
        ("blank.html", b"  \n\t\n"),
        ("utf16.html", PHPBB3_LOGIN.encode("utf-16")),
    ],
)
def test_a_file_that_is_not_a_topic_page_is_refused(
    name: str, content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / name
    page.write_bytes(content)
    message = refused([*VILLAGE_FLAGS, str(page)], capsys)
    assert name in message


def test_one_bad_page_among_good_ones_stops_the_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    login = tmp_path / "page-2.html"
    login.write_text(PHPBB3_LOGIN, encoding="utf-8")
    message = refused([*VILLAGE_FLAGS, str(VILLAGE / "page-1.html"), str(login), str(VILLAGE / "page-3.html")], capsys)
    assert str(login) in message


@pytest.mark.parametrize("until", ["demain 21h", "2026-03-14 21h00", "2026-02-30T21:00", "21:00"])
def test_bad_until(until: str, capsys: pytest.CaptureFixture[str]) -> None:
    message = refused([*VILLAGE_FLAGS, "--until", until, *pages_of(VILLAGE)], capsys)
    assert message.startswith("meneur : erreur : --until")
    assert repr(until) in message


def test_no_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--players" in refused(["--forum", "phpbb3", *pages_of(VILLAGE)], capsys)
    assert "--players" in refused(["--forum", "phpbb3", "--players", " , ,", *pages_of(VILLAGE)], capsys)


def test_dead_must_name_players(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--forum", "phpbb3", "--players", "Lucas,Lucie", "--dead", "Lucie,Zed"]
    message = refused([*flags, *pages_of(VILLAGE)], capsys)
    assert message.startswith("meneur : erreur : --dead")
    assert "Zed" in message and "Lucie" not in message.split(":", 2)[2]


def test_dead_names_are_matched_like_player_names(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--forum", "phpbb3", "--players", "Jean-Pierre,Hélène,Lucas", "--dead", "jean pierre, HELENE"]
    result = count([*flags, *pages_of(VILLAGE)], capsys)
    assert result["not_voted"] == ["Lucas"]  # the two dead players are not expected to vote


def test_a_player_listed_twice(capsys: pytest.CaptureFixture[str]) -> None:
    message = refused(["--forum", "phpbb3", "--players", "Lucas,Lucie,lucas", *pages_of(VILLAGE)], capsys)
    assert message.startswith("meneur : erreur : --players") and "lucas" in message


@pytest.mark.parametrize("case", [VILLAGE, TOPICS / "phpbb2" / "j1-taverne"], ids=["phpbb3", "phpbb2"])
def test_unknown_time_zone(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    forum = case.parent.name
    message = refused(["--forum", forum, "--players", "A,B", "--tz", "Europe/Pariss", *pages_of(case)], capsys)
    assert message.startswith("meneur : erreur : --tz") and "Europe/Pariss" in message


def test_no_pages_and_no_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--db" in refused(VILLAGE_FLAGS, capsys)


GOOD_CONFIG = """[forum]
engine = "phpbb3"

[votes]
colours = ["brown"]

[[players]]
name = "Lucas"

[[players]]
name = "Lucie"
"""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (GOOD_CONFIG.replace('engine = "phpbb3"', 'engine = "phpbb3"\ncolour = "brown"'), ["forum.colour", "line 3"]),
        (GOOD_CONFIG + "\n[jeu]\njour = 3\n", ["jeu", "line 13"]),
        (GOOD_CONFIG + 'alias = ["Lulu"]\n', ["players.alias", "line 12"]),
        (GOOD_CONFIG.replace('engine = "phpbb3"', 'engine = "phpbb3'), ["TOML", "line 2"]),
        (GOOD_CONFIG.replace('["brown"]', '["brown", "marron-glacé"]'), ["votes.colours", "line 5", "marron-glacé"]),
        (GOOD_CONFIG.replace('["brown"]', '"brown"'), ["votes.colours", "line 5"]),
        (GOOD_CONFIG.replace('engine = "phpbb3"', 'engine = "phpbb4"'), ["forum.engine", "line 2"]),
        (GOOD_CONFIG + 'name = "Lucas"\n', ["TOML", "line 12"]),
        (GOOD_CONFIG + '\n[[players]]\nname = "Lucas"\n', ["players[2].name", "line 14"]),
        (GOOD_CONFIG + 'dead = "oui"\n', ["players[1].dead", "line 12"]),
        (GOOD_CONFIG + '\n[game]\ndeadline = "samedi soir"\n', ["game.deadline", "line 14"]),
        (GOOD_CONFIG + "\n[names]\naccept = 70\nwarn = 80\n", ["names", "line 13"]),
        (GOOD_CONFIG + "\n[templates]\nfolder = 3\n", ["templates.folder", "line 14"]),
        (GOOD_CONFIG + '\n[templates]\nfolder = "pas-de-dossier"\n', ["templates.folder", "line 14"]),
    ],
    ids=[
        "unknown-key",
        "unknown-section",
        "unknown-player-key",
        "bad-toml",
        "bad-colour",
        "colours-not-a-list",
        "unknown-engine",
        "repeated-toml-key",
        "repeated-player",
        "dead-not-bool",
        "bad-deadline",
        "thresholds-out-of-order",
        "templates-folder-not-text",
        "templates-folder-missing",
    ],
)
def test_config_errors_name_the_key_and_the_line(
    text: str, says: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "partie.toml"
    config.write_text(text, encoding="utf-8")
    message = refused(["--config", str(config), *pages_of(VILLAGE)], capsys)
    assert "partie.toml" in message
    for part in says:
        assert part in message


def test_config_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "partie.toml"
    config.write_bytes(GOOD_CONFIG.replace("Lucie", "Hélène").encode("latin-1"))
    message = refused(["--config", str(config), *pages_of(VILLAGE)], capsys)
    assert "partie.toml" in message and "UTF-8" in message


def test_missing_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "absent.toml" in refused(["--config", str(tmp_path / "absent.toml"), *pages_of(VILLAGE)], capsys)


@pytest.mark.parametrize("kind", ["folder", "not-sqlite"])
def test_a_db_that_is_not_a_database_is_refused_and_left_alone(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "target"
    if kind == "folder":
        target.mkdir()
    else:
        target.write_text("les rôles de la partie 47\n", encoding="utf-8")
    target.chmod(0o755)
    before = target.stat()
    message = refused([*VILLAGE_FLAGS, "--db", str(target), *pages_of(VILLAGE)], capsys)
    assert str(target) in message
    after = target.stat()
    assert stat.S_IMODE(after.st_mode) == 0o755
    assert after.st_mtime_ns == before.st_mtime_ns


# (d) the deadline -----------------------------------------------------------------------------------

# j1-village around 18:00: 48350 (Lucie → Bastien) at 17:20:30 UTC = 18:20:30 Paris, 48356 (Flam → "Bastos",
# last of two) at 18:05:12 UTC, 48366 (Gwendoline) at 20:02:33 UTC. Before 48350 Lucie votes Zoé (48271).
CONFIG = ["--config", str(VILLAGE / "case.toml")]


def test_until_without_offset_is_read_in_paris_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    result = count([*CONFIG, "--until", "2026-03-14T18:00:00", *pages_of(VILLAGE)], capsys)
    assert result["deadline"] == "2026-03-14T18:00:00+01:00"
    assert result["current"]["Lucie"] == "Zoé"
    assert result["current"]["Capitaine Flam"] == "Jean-Pierre"
    assert result["tally"] == {
        "Bastien": 2,
        "Lucas": 2,
        "Hélène": 1,
        "Capitaine Flam": 1,
        "Gwendoline": 1,
        "Zoé": 1,
        "Jean-Pierre": 1,
    }
    late = {w["post_id"] for w in result["warnings"] if w["kind"] == "after_deadline"}
    assert late == {"48350", "48356", "48366"}
    same_instant = count([*CONFIG, "--until", "2026-03-14T17:00:00Z", *pages_of(VILLAGE)], capsys)
    assert same_instant["current"] == result["current"]
    assert warning_set(same_instant) == warning_set(result)


def test_until_without_offset_is_read_in_tz(capsys: pytest.CaptureFixture[str]) -> None:
    # 18:00 UTC: after Lucie's 48350, before Flam's 48356
    result = count([*CONFIG, "--tz", "UTC", "--until", "2026-03-14T18:00:00", *pages_of(VILLAGE)], capsys)
    assert result["deadline"] == "2026-03-14T18:00:00+00:00"
    assert result["current"]["Lucie"] == "Bastien"
    assert result["current"]["Capitaine Flam"] == "Jean-Pierre"
    late = {w["post_id"] for w in result["warnings"] if w["kind"] == "after_deadline"}
    assert late == {"48356", "48366"}


def test_until_with_an_offset_ignores_tz(capsys: pytest.CaptureFixture[str]) -> None:
    paris = count([*CONFIG, "--until", "2026-03-14T18:00:00+01:00", *pages_of(VILLAGE)], capsys)
    utc = count([*CONFIG, "--tz", "UTC", "--until", "2026-03-14T18:00:00+01:00", *pages_of(VILLAGE)], capsys)
    assert paris["current"] == utc["current"]
    assert paris["current"]["Lucie"] == "Zoé"


def test_a_vote_stamped_at_the_deadline_counts_one_second_later_does_not(capsys: pytest.CaptureFixture[str]) -> None:
    at = count([*CONFIG, "--until", "2026-03-14T18:20:30", *pages_of(VILLAGE)], capsys)
    assert at["current"]["Lucie"] == "Bastien"
    before = count([*CONFIG, "--until", "2026-03-14T18:20:29", *pages_of(VILLAGE)], capsys)
    assert before["current"]["Lucie"] == "Zoé"
    assert ("48350", "after_deadline") in warning_set(before)


def test_until_in_summer_time(capsys: pytest.CaptureFixture[str]) -> None:
    """j4-moulin: 1 April 2026 is in summer time (UTC+2). Read as UTC+1, the naive 21:00 would let the
    21h01 and 21h20 posts count."""
    result = count(["--config", str(MOULIN / "case.toml"), "--until", "2026-04-01T21:00:00", *pages_of(MOULIN)], capsys)
    expected = expected_of(MOULIN)
    assert result["deadline"] == "2026-04-01T21:00:00+02:00"
    assert result["current"] == expected["current"]
    assert result["tally"] == expected["tally"]
    assert result["not_voted"] == expected["not_voted"]
    assert warning_set(result) == warning_set(expected)


def test_the_deadline_flag_overrides_the_config(capsys: pytest.CaptureFixture[str]) -> None:
    golden = count([*CONFIG, *pages_of(VILLAGE)], capsys)
    assert golden["deadline"] == "2026-03-14T21:00:00+01:00"
    later = count([*CONFIG, "--until", "2026-03-14T23:00:00", *pages_of(VILLAGE)], capsys)
    # Gwendoline's 21:02 vote for Bastien (48366) now counts
    assert later["current"]["Gwendoline"] == "Bastien"
    assert "Gwendoline" not in later["not_voted"]
    assert later["tally"]["Bastien"] == golden["tally"]["Bastien"] + 1


# (e) --db -------------------------------------------------------------------------------------------


def test_db_recount_without_pages_is_identical(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copies = []
    for page in pages_of(VILLAGE):
        copy = tmp_path / Path(page).name
        shutil.copyfile(page, copy)
        copies.append(str(copy))
    db = tmp_path / "partie.sqlite"
    old_umask = os.umask(0o022)
    try:
        first = count([*CONFIG, "--db", str(db), *copies], capsys)
    finally:
        os.umask(old_umask)
    for copy in copies:
        Path(copy).unlink()  # the recount cannot read them
    again = count([*CONFIG, "--db", str(db)], capsys)
    assert again == first
    assert first["current"] == expected_of(VILLAGE)["current"]
    for path in [db, *tmp_path.glob("partie.sqlite-*")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_db_recording_the_same_pages_again_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "partie.sqlite")
    first = count([*CONFIG, "--db", db, *pages_of(VILLAGE)], capsys)
    count([*CONFIG, "--db", db, *reversed(pages_of(VILLAGE))], capsys)
    assert count([*CONFIG, "--db", db], capsys) == first


def test_db_keeps_pages_across_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Pages fetched one run at a time add up: the count is the whole topic's."""
    db = str(tmp_path / "partie.sqlite")
    for page in pages_of(VILLAGE):
        count([*CONFIG, "--db", db, page], capsys)
    whole = count([*CONFIG, "--db", db], capsys)
    assert whole == count([*CONFIG, *pages_of(VILLAGE)], capsys)


def test_db_topics_are_kept_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "partie.sqlite")
    count([*CONFIG, "--db", db, "--topic", "j1", *pages_of(VILLAGE)], capsys)
    edits = ["--config", str(EDITS / "case.toml")]
    count([*edits, "--db", db, "--topic", "j2", *pages_of(EDITS)], capsys)
    assert count([*CONFIG, "--db", db, "--topic", "j1"], capsys)["current"] == expected_of(VILLAGE)["current"]
    assert count([*edits, "--db", db, "--topic", "j2"], capsys)["current"] == expected_of(EDITS)["current"]


def test_a_date_without_time_is_refused_as_deadline(capsys: pytest.CaptureFixture[str]) -> None:
    day = TOPICS / "phpbb3" / "j2-edits"
    code = main(
        [
            "count",
            "--config",
            str(day / "case.toml"),
            "--until",
            "2026-03-21",
            *sorted(map(str, day.glob("page-*.html"))),
        ]
    )
    assert code == 2
    assert "--until" in capsys.readouterr().err


def test_spirit_config_without_votes_table_asks_for_bold_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    day = TOPICS / "spirit" / "j1-place"
    text = (day / "case.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    kept, skip = [], False
    for line in lines:  # drop the [votes] table: the engine's default must apply
        if line.strip().startswith("["):
            skip = line.strip() == "[votes]"
        if not skip:
            kept.append(line)
    config = tmp_path / "case.toml"
    config.write_text("\n".join(kept) + "\n", encoding="utf-8")
    assert "[votes]" in text and "[votes]" not in config.read_text(encoding="utf-8")
    pages = sorted(map(str, day.glob("page-*.html")))
    code = main(["count", "--json", "--config", str(config), *pages])
    out = capsys.readouterr().out
    assert code == 0
    expected = json.loads((day / "expected.json").read_text(encoding="utf-8"))
    assert json.loads(out)["tally"] == expected["tally"]
