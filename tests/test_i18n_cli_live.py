"""The live commands speak the MJ's language: their help (``meneur --help`` read from top to bottom, each
subcommand's), check's report with its count warnings against a real forum, and ``[web] lang`` in the
configuration, which switches every command that reads it, not only the page."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon import i18n
from meneur.daemon.cli import build_parser, main
from meneur.engine.messages import Message
from meneur.tests.livegame import spirit_config
from meneur.tests.spiritforum import SpiritForum

# Words an English help line cannot do without and a French one never has.
ENGLISH = re.compile(r"(?<![-\w{,])(the|and|of|with|default|usage|its|without|every|from)(?![-\w,}])")
COMMANDS = ["init", "check", "poll", "run", "alerts", "roles", "mps", "answer", "deal", "correct", "decree",
            "replay", "outbox", "rulesets", "count", "read-mp", "probe", "simulate", "archive", "replace"]  # fmt: skip


def meneur(*args: str, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    script = shutil.which("meneur", path=str(Path(sys.executable).parent))
    assert script, "no `meneur` console script: is the package installed?"
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}
    if lang is not None:
        env["MENEUR_LANG"] = lang
    return subprocess.run([script, *args], capture_output=True, text=True, env=env, timeout=120)


def english_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if ENGLISH.search(line)]


def test_the_command_list_is_every_command() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert sorted(sub.choices) == sorted(COMMANDS)  # type: ignore[arg-type]


def test_meneur_help_reads_french_from_top_to_bottom() -> None:
    done = meneur("--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("utilisation : meneur")
    text = " ".join(done.stdout.split())
    assert "valide la configuration, se connecte et montre ce que meneur voit" in text
    assert "voit, approuve, modifie, envoie ou écarte des brouillons" in text
    assert not english_lines(done.stdout), english_lines(done.stdout)


def test_meneur_help_in_english_on_request() -> None:
    done = meneur("--help", lang="en")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: meneur")
    text = " ".join(done.stdout.split())
    assert "validate the configuration, log in and show what meneur sees" in text
    assert "see, approve, edit, send or discard drafts" in text
    assert "valide" not in done.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_help_is_french(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"utilisation : meneur {command}")
    assert not english_lines(out), english_lines(out)


def test_subcommand_help_in_both_languages() -> None:
    french, english = meneur("run", "--help"), meneur("run", "--help", lang="en")
    assert "Lance le démon au premier plan (Ctrl-C ou SIGTERM l'arrêtent proprement), qui relève le forum" in (
        " ".join(french.stdout.split())
    )
    assert "s'arrête quand plus aucune échéance n'attend (par défaut : tourner jusqu'à l'arrêt)" in " ".join(
        french.stdout.split()
    )
    assert "Run the daemon in the foreground (Ctrl-C or SIGTERM stop it cleanly), polling the forum" in " ".join(
        english.stdout.split()
    )
    assert "stop once no deadline is pending (default: run until stopped)" in " ".join(english.stdout.split())
    outbox = " ".join(meneur("outbox", "--help").stdout.split())
    assert "avec edit : le nouveau texte (par défaut : $EDITOR sur un terminal, sinon l'entrée standard)" in outbox


def _offline_config(path: Path, lang: str | None) -> Path:
    web = f'[web]\nlang = "{lang}"\n' if lang else ""
    path.write_text(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9"\n[account]\nusername = "MJ"\n'
        '[game]\ntopic = "1"\ndatabase = "partie.sqlite"\n'
        '[[deadlines]]\nlabel = "Jour 1"\nat = "2099-01-01T21:00:00"\n'
        '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n' + web,
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(("lang", "says"), [(None, "aucune alerte ouverte"), ("fr", "aucune alerte ouverte"),
                                            ("en", "no open alert")])  # fmt: skip
def test_web_lang_switches_every_command(lang: str | None, says: str, tmp_path: Path) -> None:
    config = _offline_config(tmp_path / "partie.toml", lang)
    done = meneur("alerts", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == says
    refused = meneur("correct", "12", "--config", str(config))
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "meneur: error: say whom the vote is against, or --ignore, or --undo" if lang == "en"
        else "meneur : erreur : dites contre qui est le vote, ou --ignore, ou --undo"
    )  # fmt: skip


def test_web_lang_wins_over_meneur_lang(tmp_path: Path) -> None:
    config = _offline_config(tmp_path / "partie.toml", "fr")
    assert meneur("alerts", "--config", str(config), lang="en").stdout.strip() == "aucune alerte ouverte"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_check_reports_in_the_mj_language(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded = forum.seed("MJ_Langue", ["Anna", "Basile", "Coline"], topic_title="Partie langue — Jour 1")
    vote = forum.client("Anna").post_comment(seeded["topic_id"], "**Je vote contre Basile**")
    plain = forum.client("Coline").post_comment(seeded["topic_id"], "Je vote contre Anna")
    forum.client("Basile").send_private("Ma cible", ["MJ_Langue"], "Je protège Anna")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat(timespec="seconds")
    config = tmp_path / "partie.toml"
    text = spirit_config(forum, "MJ_Langue", seeded["topic_id"], deadline, ["Anna", "Basile", "Coline"])
    config.write_text(text, encoding="utf-8")
    assert main(["check", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert f"configuration : {config} est valide (3 joueurs, moteur spirit)" in out
    assert f"connexion : connecté à {forum.base_url}/ en tant que MJ_Langue" in out, out
    assert "votes en cours : Anna → Basile" in out
    assert f"  attention : message {plain} : Coline a écrit « Je vote contre Anna » sans gras" in out, out
    assert "boîte de réception : 1 message(s), 1 non lu(s)" in out
    assert re.search(r"^requêtes faites : \d+$", out, re.M), out
    assert vote != plain and not english_lines(out), english_lines(out)

    config.write_text(text + '[web]\nlang = "en"\n', encoding="utf-8")
    assert main(["check", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert f"configuration: {config} is valid (3 players, engine spirit)" in out
    assert f"login: logged in to {forum.base_url}/ as MJ_Langue" in out
    assert "standing votes: Anna → Basile" in out
    assert f'  warning: post {plain}: Coline wrote "Je vote contre Anna" without bold: not counted.' in out, out
    assert "inbox: 1 message(s), 1 unread" in out
    assert i18n.language() == "en"  # the configuration's word, for the rest of the process


def test_the_rule_sets_vote_refusals_read_french() -> None:
    from meneur.engine.model import GameState, PlayerState
    from meneur.engine.rulesets import ruleset

    def state(ruleset_id: str, markers: dict[str, dict[str, object]], memory: dict[str, object]) -> GameState:
        players = [PlayerState(n, "simple_villageois", "village", markers=dict(markers.get(n, {})))
                   for n in ("Anna", "Bob", "Cid")]  # fmt: skip
        return GameState(ruleset=ruleset_id, seed=1, phase="J2", players=players, memory=dict(memory))

    classique = ruleset("classique").vote_refusal
    convivialite = ruleset("convivialite").vote_refusal
    assert classique is not None and convivialite is not None
    said = [
        classique(state("classique", {"Anna": {"gracie": True}}, {}), "Anna", "Bob"),
        classique(state("classique", {}, {"votants_autorises": ["Bob", "Cid"]}), "Anna", "Bob"),
        classique(state("classique", {"Anna": {"amoureux": "Bob"}}, {}), "Anna", "Bob"),
        convivialite(state("convivialite", {"Anna": {"adule": "Bob"}}, {}), "Anna", "Bob"),
    ]
    assert [i18n.translated(m) if isinstance(m, Message) else m for m in said] == [
        "Anna est l'Idiot gracié : il ne peut plus voter.",
        "Anna n'est pas parmi les joueurs que le Bouc-émissaire a autorisés à voter à ce bûcher (Bob, Cid).",
        "Anna a voté contre son amoureux Bob : les Amoureux ne votent jamais l'un contre l'autre.",
        "Anna a voté contre son adulé Bob : l'Amoureux ne vote jamais contre lui.",
    ]


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (None, "meneur : erreur : {path}, ligne 3 : forum.url : pas une adresse http(s) : 'forum.example.org'"),
        ("en", "meneur: error: {path}, line 3: forum.url: not an http(s) address: 'forum.example.org'"),
    ],
)
def test_a_wrong_configuration_is_one_line_in_the_mj_language(lang: str | None, says: str, tmp_path: Path) -> None:
    config = tmp_path / "partie.toml"
    config.write_text('[forum]\nengine = "spirit"\nurl = "forum.example.org"\n', encoding="utf-8")
    done = meneur("check", "--config", str(config), lang=lang)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == says.format(path=config)


def test_a_role_the_rule_set_lacks_is_told_in_french_with_the_key_and_the_line(tmp_path: Path) -> None:
    config = _offline_config(tmp_path / "partie.toml", None)
    text = (
        config.read_text(encoding="utf-8")
        .replace('[game]\ntopic = "1"\n', '[game]\ntopic = "1"\nruleset = "classique"\n')
        .replace('name = "Anna"\n', 'name = "Anna"\nrole = "dragon"\n')
        .replace('name = "Basile"\n', 'name = "Basile"\nrole = "loup_garou"\n')
    )
    config.write_text(text, encoding="utf-8")
    done = meneur("alerts", "--config", str(config))
    assert done.returncode == 2
    line = text.splitlines().index('role = "dragon"') + 1
    head = f"meneur : erreur : {config}, ligne {line} : players[0].role : le rôle 'dragon' de Anna n'est pas un rôle"
    assert done.stderr.startswith(head + " de classique ; les identifiants connus : "), done.stderr
