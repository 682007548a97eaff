"""The command line speaks the MJ's language: French by default, English with MENEUR_LANG=en — its help
(argparse's own words included), its errors, `--version`, and what `read-mp` prints; the players' texts
(the count post, the drafted reply) stay French whatever the MJ reads."""

from __future__ import annotations

import argparse
import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from meneur import __version__
from meneur.daemon.cli import main

CLASSIQUE = [
    "--ruleset", "classique",
    "--players", "Anaïs,Boris,Théo,Zoé,Marc,Lucie",
    "--roles", "Anaïs=salvateur,Boris=loup_garou,Théo=voyante,Zoé=cupidon,Marc=sorciere,Lucie=chasseur",
]  # fmt: skip


def meneur(*args: str, lang: str | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    script = shutil.which("meneur", path=str(Path(sys.executable).parent))
    assert script, "no `meneur` console script: is the package installed?"
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}
    if lang is not None:
        env["MENEUR_LANG"] = lang
    return subprocess.run([script, *args], capture_output=True, text=True, input=stdin, env=env, timeout=120)


def test_help_in_french_by_default_argparse_words_included() -> None:
    done = meneur("count", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("utilisation : meneur count [-h]")
    assert "arguments positionnels :" in done.stdout and "\noptions :\n" in done.stdout
    assert "-h, --help            affiche cette aide et quitte" in done.stdout
    words = " ".join(done.stdout.split())  # argparse wraps lines at the terminal's width
    assert "--until UNTIL l'heure limite, en ISO 8601 ; sans décalage horaire, dans le fuseau du forum" in words
    top = meneur("--help")
    assert "count     compte les votes du jour" in top.stdout and "--version   affiche la version" in top.stdout


def test_help_in_english_on_request() -> None:
    done = meneur("read-mp", "--help", lang="en")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: meneur read-mp [-h]")
    assert "positional arguments:" in done.stdout and "\noptions:\n" in done.stdout
    assert "show this help message and exit" in done.stdout
    assert "--from SENDER the player who sent it" in " ".join(done.stdout.split())
    assert "joueur" not in done.stdout


def test_errors_in_the_mjs_language() -> None:
    french = meneur("read-mp", "--phase", "N2")
    assert french.returncode == 2
    assert french.stderr.splitlines()[-1] == "meneur read-mp : erreur : ces arguments sont obligatoires : --from"
    english = meneur("read-mp", "--phase", "N2", lang="en")
    assert english.stderr.splitlines()[-1] == "meneur read-mp: error: the following arguments are required: --from"
    ours = meneur("count", "--forum", "phpbb3", "--players", "A,B,a")
    assert ours.stderr == "meneur : erreur : --players nomme deux fois le même joueur : a\n"
    assert meneur("count", "--forum", "phpbb3", "--players", "A,B,a", lang="en").stderr == (
        "meneur: error: --players names the same player twice: a\n"
    )


def test_version() -> None:
    done = meneur("--version")
    assert done.returncode == 0 and done.stdout == f"meneur {__version__}\n"


def test_read_mp_speaks_to_the_mj_in_english_and_drafts_the_reply_in_french() -> None:
    args = ["read-mp", *CLASSIQUE, "--from", "Théo", "--phase", "N2"]
    french = meneur(*args, stdin="je sonde Bor\n")
    english = meneur(*args, stdin="je sonde Bor\n", lang="en")
    assert french.returncode == english.returncode == 0, english.stderr
    assert french.stdout.splitlines()[:3] == [
        "MP de Théo (N2), tel que meneur le lit :",
        "  ordre compris : voyante.sonder → Boris — lu avec un doute : à vérifier",
        "Réponse qui serait rédigée :",
    ]
    assert english.stdout.splitlines() == [
        "MP from Théo (N2), as meneur reads it:",
        "  order understood: voyante.sonder → Boris — read with a doubt: check it",
        "The reply that would be drafted:",
        "  C'est noté : tu sondes [b]Boris[/b].",  # to the player: French
    ]


def test_argparse_gets_its_own_words_back_after_main(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["count", "--forum", "phpbb4"])
    assert "choix invalide" in capsys.readouterr().err
    assert argparse.__dict__["_"] is gettext.gettext and argparse.__dict__["ngettext"] is gettext.ngettext
    other = argparse.ArgumentParser(prog="other")
    assert other.format_usage().startswith("usage: other")


def test_replay_reports_in_the_mjs_language() -> None:
    scenario = str(
        Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "classique" / "04-egalite-bouc.toml"
    )
    french = meneur("replay", scenario)
    english = meneur("replay", scenario, lang="en")
    assert french.returncode == english.returncode == 0, english.stderr
    french_heads = [line for line in french.stdout.splitlines() if line.startswith(("====", "     ("))]
    english_heads = [line for line in english.stdout.splitlines() if line.startswith(("====", "     ("))]
    assert "==== mise en place · carte de rôle · MP à Boris" in french_heads
    assert "==== setup · role card · MP to Boris" in english_heads
    assert french_heads[-1].startswith("==== fin : vainqueur ") and "; en vie : " in french_heads[-1]
    assert english_heads[-1].startswith("==== end: winner ") and "; alive: " in english_heads[-1]
    assert any(line.startswith("     (pour le MJ) [J2] MJ: vote_warning") for line in french_heads)
    assert len(french_heads) == len(english_heads)
    # the posts and MPs the players read are the same French text either way
    assert [line for line in french.stdout.splitlines() if line not in french_heads] == [
        line for line in english.stdout.splitlines() if line not in english_heads
    ]
