"""Issue 13: a game set up from `meneur init` without traps — roles, the outbox editor, the inbox's unread
flag, the forum session kept between commands, and what `meneur check` warns about."""

from __future__ import annotations

import os
import stat
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.config import ConfigError, parse_config
from meneur.daemon.outbox import Outbox
from meneur.daemon.store import Store
from meneur.engine.rulesets import installed

HEAD = (
    '[forum]\nengine = "phpbb3"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
    '[game]\ntopic = "1"\nruleset = "classique"\nseed = 3\n'
)


def _players(roles: list[str | None]) -> str:
    names = ["Anna", "Basile", "Coline", "Denis", "Elise", "Fanny"]
    return "".join(
        f'[[players]]\nname = "{name}"\n' + (f'role = "{role}"\n' if role else "")
        for name, role in zip(names, roles, strict=False)
    )


def test_an_unknown_role_names_the_player_and_the_known_ids() -> None:
    text = HEAD + _players(["voyantee", "seigneur_loup", "sorciere", "chasseur"])
    with pytest.raises(ConfigError) as caught:
        parse_config(text, Path("partie.toml"))
    message = str(caught.value)
    assert "Anna" in message and "'voyantee'" in message, message
    assert "voyante" in message.replace("'voyantee'", "") and "bouc_emissaire" in message, message
    assert "line 12" in message, message  # Anna's role line


def test_roles_lists_each_ruleset_s_ids_with_their_french_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roles", "classique"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.split()[:2] == ["voyante", "Voyante"] for line in lines), lines
    assert any(line.startswith("bouc_emissaire") and "Bouc-émissaire" in line for line in lines), lines
    assert main(["roles", "trinite-meuporg"]) == 0
    assert "david_pujadas" in capsys.readouterr().out
    assert main(["roles", "baguette"]) == 2
    assert "classique" in capsys.readouterr().err  # the known rule sets are named


def _outbox_game(tmp_path: Path) -> tuple[Path, Outbox]:
    config = tmp_path / "partie.toml"
    config.write_text(HEAD.replace("seed = 3\n", 'seed = 3\ndatabase = "p.sqlite"\n') + _players([None] * 6))
    store = Store(tmp_path / "p.sqlite")
    outbox = Outbox(store, lambda: datetime.now(UTC), "bbcode")
    outbox.draft("Jour 1/evening", "evening", "Le texte d'origine")
    return config, outbox


class _Stdin:
    def __init__(self, text: str, tty: bool) -> None:
        self.text, self.tty = text, tty

    def isatty(self) -> bool:
        return self.tty

    def read(self) -> str:
        return self.text


def test_outbox_edit_refuses_an_empty_text_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config, outbox = _outbox_game(tmp_path)
    monkeypatch.setattr(sys, "stdin", _Stdin("", tty=False))  # Ctrl-D, or `< /dev/null`
    assert main(["outbox", "edit", "Jour 1/evening", "--config", str(config)]) == 2
    assert "vide" in capsys.readouterr().err
    assert outbox.get("Jour 1/evening").body.startswith("Le texte d'origine\n\n[size=75]réf.")
    monkeypatch.setattr(sys, "stdin", _Stdin("Un texte corrigé\n", tty=False))
    assert main(["outbox", "edit", "Jour 1/evening", "--config", str(config)]) == 0
    assert outbox.get("Jour 1/evening").body.startswith("Un texte corrigé\n")


def test_outbox_edit_on_a_terminal_opens_the_editor_on_the_draft(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config, outbox = _outbox_game(tmp_path)
    editor = tmp_path / "editor.sh"  # an editor that appends a line to the file it is given
    editor.write_text('#!/bin/sh\nprintf "Ajout du MJ\\n" >> "$1"\n')
    editor.chmod(0o755)
    monkeypatch.setattr(sys, "stdin", _Stdin("never read", tty=True))
    monkeypatch.setenv("VISUAL", "")
    monkeypatch.setenv("EDITOR", str(editor))
    assert main(["outbox", "edit", "Jour 1/evening", "--config", str(config)]) == 0
    edited = outbox.get("Jour 1/evening").body.splitlines()
    assert edited[0] == "Le texte d'origine" and edited[-1] == "Ajout du MJ", edited

    emptier = tmp_path / "empty.sh"  # the MJ deleted everything: the draft stays as it was
    emptier.write_text('#!/bin/sh\n: > "$1"\n')
    emptier.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(emptier))
    assert main(["outbox", "edit", "Jour 1/evening", "--config", str(config)]) == 2
    assert "vide" in capsys.readouterr().err
    assert outbox.get("Jour 1/evening").body.splitlines() == edited


def test_the_store_holding_the_session_is_its_owner_s_only(tmp_path: Path) -> None:
    Store(tmp_path / "p.sqlite")
    assert stat.S_IMODE(os.stat(tmp_path / "p.sqlite").st_mode) == 0o600


def _spirit(extra: str = "", players: str = '[[players]]\nname = "Anna"\n[[players]]\nname = "Basile"\n') -> str:
    return (
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        '[game]\ntopic = "1"\ndatabase = "p.sqlite"\n' + extra + players
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (_spirit("[votes]\nrequire_colour = true\n"), "require_colour = false"),
        (_spirit().replace("127.0.0.1:9", "forum.example.org"), "forum.example.org"),
        (_spirit(players='[[players]]\nname = "Alice"\n[[players]]\nname = "Bob"\n[[players]]\nname = "Carole"\n'),
         "Alice, Bob, Carole"),
    ],
)  # fmt: skip
def test_check_refuses_what_would_spoil_a_day_before_any_request(
    text: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "partie.toml"
    config.write_text(text, encoding="utf-8")
    monkeypatch.setenv("MENEUR_PASSWORD", "x")
    assert main(["check", "--config", str(config)]) == 2  # 1 (unreachable) had it asked the forum
    out = capsys.readouterr().out
    assert "erreur : " in out and said in out and "rien n'a été demandé au forum" in out, out
    assert not (tmp_path / "p.sqlite").exists()


def test_check_asks_for_the_password_before_any_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "partie.toml"
    config.write_text(_spirit(), encoding="utf-8")
    monkeypatch.delenv("MENEUR_PASSWORD", raising=False)
    assert main(["check", "--config", str(config)]) == 2
    assert "$MENEUR_PASSWORD" in capsys.readouterr().err


def test_a_forum_that_cannot_be_reached_is_one_line_naming_the_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    past = '[[deadlines]]\nlabel = "Jour 1"\nat = "2026-01-10T21:00:00"\n'
    config = tmp_path / "partie.toml"
    config.write_text(_spirit(past), encoding="utf-8")
    monkeypatch.setenv("MENEUR_PASSWORD", "x")
    assert main(["check", "--config", str(config)]) == 1
    captured = capsys.readouterr()
    assert "attention : " in captured.out and "'Jour 1' (2026-01-10 21:00) est déjà passée" in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "http://127.0.0.1:9/" in lines[0] and "[forum] url" in lines[0], captured.err
    assert main(["poll", "--config", str(config)]) == 1  # the cron'd command too
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "[forum] url" in lines[0], lines


def test_the_mj_s_own_posts_are_not_votes_of_a_non_player() -> None:
    from datetime import UTC, datetime

    from meneur.daemon.counting import count_posts
    from meneur.parsers.records import Post, content_hash

    config = parse_config(
        _spirit().replace('username = "MJ"', 'username = "Grand_Hibou"').replace('database = "p.sqlite"\n', ""),
        Path("partie.toml"),
    )

    def post(number: int, author: str, html: str) -> Post:
        when = datetime(2026, 3, 14, 10, number, tzinfo=UTC)
        return Post(str(number), author, None, when, html, html, content_hash(html))

    opening = "<p>Votez en gras : <strong>Je vote contre X</strong></p>"
    count = count_posts(
        [post(1, "Grand_Hibou", opening), post(2, "Anna", "<p><strong>Je vote contre Basile</strong></p>"),
         post(3, "Zorro", "<p><strong>Je vote contre Anna</strong></p>")],
        config,
    )  # fmt: skip
    assert count.current == {"Anna": "Basile"}
    assert [w.post_id for w in count.warnings] == ["3"], count.warnings  # a stranger still is one


def _cards(engine: str, votes: str = "") -> dict[str, str]:
    from datetime import UTC, datetime

    from meneur.daemon.engine_live import EngineDriver

    names = ["Anna", "Jean-Pierre", "Coline", "Denis", "Elise", "Fanny", "Gaston", "Hugo"]
    text = (
        f'[forum]\nengine = "{engine}"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "1"\nruleset = "classique"\nseed = 5\n{votes}'
        + "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    )
    driver = EngineDriver(parse_config(text, Path("p.toml")), Store(None), lambda: datetime.now(UTC))
    return {card.recipient or "": card.body for card in driver.role_cards()}


def test_role_cards_ask_for_the_vote_format_the_forum_can_write() -> None:
    spirit = _cards("spirit")
    assert all("en **gras** : « Je vote contre X »" in body for body in spirit.values()), spirit["Anna"]
    assert not any("marron" in body or "[color" in body for body in spirit.values())
    phpbb = _cards("phpbb3")
    assert all("en [color=brown][b]gras marron[/b][/color]" in body for body in phpbb.values()), phpbb["Anna"]
    red = _cards("phpbb3", '[votes]\ncolours = ["red"]\n')
    assert "en [color=red][b]gras rouge[/b][/color]" in red["Anna"]
    plain = _cards("phpbb3", "[votes]\nrequire_colour = false\n")
    assert "en [b]gras[/b] : « Je vote contre X »" in plain["Anna"]


def test_markdown_drafts_keep_a_hyphenated_name_as_typed() -> None:
    card = _cards("spirit")["Jean-Pierre"]
    assert "Jean-Pierre" in card and "Jean\\-Pierre" not in card, card


@pytest.mark.parametrize("forum", ["phpbb3", "phpbb2", "spirit", "generic"])
@pytest.mark.parametrize("ruleset", [None, *sorted(installed())])
def test_init_writes_a_file_for_the_forum_and_the_rule_set(
    forum: str, ruleset: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from datetime import UTC, datetime

    from meneur.daemon.config import load_config, role_ids, setup_problems

    target = tmp_path / "partie.toml"
    assert main(["init", str(target), "--forum", forum, *(["--ruleset", ruleset] if ruleset else [])]) == 0
    text = target.read_text(encoding="utf-8")
    config = load_config(target)
    assert config.engine == forum and config.live.ruleset == ruleset
    assert config.vote_format.require_colour is (forum != "spirit")  # Markdown has no colour
    assert config.live.web_host == "127.0.0.1" and "[web]" in text
    assert all(d.at > datetime.now(UTC) for d in config.live.deadlines) and config.live.deadlines
    if ruleset:
        assert all(role in text for role in role_ids(ruleset)) and "# role = " in text
    assert "# le fuseau dans lequel le forum affiche ses dates" in text  # comments in French
    problems = " ".join(message for _level, message in setup_problems(config, datetime.now(UTC)))
    assert "forum.example.org" in problems and "Joueur1" in problems  # check refuses what is left to change


def test_the_shipped_examples_are_what_init_writes() -> None:
    from datetime import UTC, datetime
    from importlib import resources

    from meneur.daemon.init_file import init_text

    now = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)  # the date config/ was written with
    shipped = resources.files("meneur.config")
    assert shipped.joinpath("example.toml").read_text(encoding="utf-8") == init_text("phpbb3", "classique", now)
    assert shipped.joinpath("example-spirit.toml").read_text(encoding="utf-8") == init_text("spirit", "classique", now)


def test_init_refuses_an_unknown_rule_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", str(tmp_path / "p.toml"), "--ruleset", "baguette"]) == 2
    assert "classique" in capsys.readouterr().err and not (tmp_path / "p.toml").exists()


LIVE_COMMANDS = ("init", "check", "poll", "run", "alerts", "roles", "mps", "answer", "deal", "correct", "decree",
                 "replay", "outbox")  # fmt: skip


@pytest.mark.parametrize("name", LIVE_COMMANDS)
def test_every_live_command_s_help_says_what_it_does_and_each_option_its_default(name: str) -> None:
    import argparse

    from meneur.daemon.cli import build_parser

    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    sub = commands.choices[name]
    assert sub.description and len(sub.description) > 20, name
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name} {action.dest}: no help"
        if action.option_strings and not action.required:
            assert "default" in action.help, f"{name} {action.option_strings}: the help does not give the default"


def test_no_template_hard_codes_a_vote_colour() -> None:
    """A template that writes "gras marron" itself asks django-spirit's players for a colour Markdown cannot
    make: the vote format is the configured one, ``{{ vote_how }}``."""
    folder = Path(__file__).resolve().parent.parent / "templates"
    offenders = [str(p.relative_to(folder)) for p in folder.rglob("*.j2") if "gras marron" in p.read_text("utf-8")]
    assert not offenders
