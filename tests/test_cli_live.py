"""The live commands' contract: init writes a valid example, config errors name key and line,
check changes nothing, poll and outbox work against a real forum."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.config import ConfigError, load_config, parse_config
from meneur.daemon.store import Store
from meneur.tests.livegame import spirit_config
from meneur.tests.spiritforum import SpiritForum


def test_init_writes_an_example_that_validates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "partie.toml"
    assert main(["init", str(target)]) == 0
    config = load_config(target)
    assert config.live.url and config.live.username and config.live.topic
    assert [d.label for d in config.live.deadlines] == ["Jour 1"]
    assert main(["init", str(target)]) == 2  # never overwrites without --force
    assert "existe déjà (--force pour l'écraser)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ('[account]\nusername = "MJ"\npassword = "secret"\n', "account.password", 3),
        ('[forum]\nurl = "forum.example.org"\n', "forum.url", 2),
        ('[poll]\ntopic_every = 0\n', "poll.topic_every", 2),
        ('[outbox]\nauto = ["vote_count", "everything"]\n', "outbox.auto", 2),
        ('[[deadlines]]\nlabel = "Jour 1"\nat = "demain"\n', "deadlines[0].at", 3),
        ('[[deadlines]]\nlabel = "J1"\nat = "2026-03-14T21:00"\n[[deadlines]]\nlabel = "N1"\nat = "2026-03-15T09:00"\n'
         'kind = "soir"\n', "deadlines[1].kind", 7),
    ],
)  # fmt: skip
def test_live_config_errors_name_key_and_line(text: str, key: str, line: int) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, Path("partie.toml"))
    message = str(caught.value)
    assert key in message and f"ligne {line}" in message, message


def test_password_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    config = parse_config('[account]\nusername = "MJ"\npassword_env = "MJ_PASS"\n')
    monkeypatch.delenv("MJ_PASS", raising=False)
    with pytest.raises(ConfigError, match=r"\$MJ_PASS"):
        config.live.password()
    monkeypatch.setenv("MJ_PASS", "s3cret")
    assert config.live.password() == "s3cret"


def test_daemon_commands_need_the_forum(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[[players]]\nname = "A"\n', encoding="utf-8")
    assert main(["poll", "--config", str(config)]) == 2
    assert "forum.url" in capsys.readouterr().err


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def test_check_poll_and_outbox_against_a_real_forum(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded = forum.seed("MJ_Cli", ["Anna", "Basile", "Coline"], topic_title="Partie CLI — Jour 1")
    vote = forum.client("Anna").post_comment(seeded["topic_id"], "**Je vote contre Basile**")
    forum.set_comment_date(vote, datetime.now(UTC) - timedelta(minutes=10))
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    deadline = (datetime.now(UTC) - timedelta(minutes=5)).isoformat(timespec="seconds")  # already over
    config = tmp_path / "partie.toml"
    players = ["Anna", "Basile", "Coline"]
    config.write_text(
        spirit_config(forum, "MJ_Cli", seeded["topic_id"], deadline, players, "grace = 0\n"), encoding="utf-8"
    )
    assert main(["check", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert "connexion : connecté à" in out and "votes en cours : Anna → Basile" in out
    assert "boîte de réception : 0 message(s), 0 non lu(s)" in out
    assert not (tmp_path / "partie.sqlite").exists()  # check changes nothing

    assert main(["poll", "--config", str(config)]) == 0  # the deadline is past: the evening is drafted
    out = capsys.readouterr().out
    assert "décompte : Basile 1" in out and "échéance Jour 1 : Jour 1/evening rédigé (brouillon)" in out
    assert main(["outbox", "show", "Jour 1/evening", "--config", str(config)]) == 0
    assert "Le village a désigné **Basile**" in capsys.readouterr().out
    assert main(["outbox", "send", "Jour 1/evening", "--config", str(config)]) == 2  # not approved yet
    assert "approuvez-le d'abord" in capsys.readouterr().err
    assert main(["outbox", "approve", "Jour 1/evening", "--config", str(config)]) == 0
    assert main(["outbox", "send", "--config", str(config)]) == 0
    assert "Jour 1/evening : envoyé (id sur le forum " in capsys.readouterr().out
    assert forum.client("Coline").read_topic_text(seeded["topic_id"]).count("résultat du vote") == 1
    assert Store(tmp_path / "partie.sqlite").db.execute("select state from deadlines").fetchone()[0] == "fired"


def test_poll_prints_no_missing_voters_for_a_phase_without_a_vote(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """citadelles: « Le soir du jour 0 … les joueurs ne peuvent pas poster sur le forum » — J0-soir has no vote,
    so `meneur poll` lists nobody as not having voted. The morning's citadels are balanced (three each, and
    every player votes for the mayor): J0-matin closes straight into J0-soir (RULINGS R2), the zenith skipped."""
    names = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Félix", "Gaëlle", "Hugo", "Inès", "Julien", "Karine", "Léo"]
    citadels = ["Nord", "Est", "Sud", "Ouest"]
    seeded = forum.seed("MJ_Cli_Cit", names, topic_title="LG Citadelles — poll")
    now = datetime.now(UTC).replace(microsecond=0)
    for index, name in enumerate(names):
        text = f"Citadelle : {citadels[index % 4]}\n\n**Je vote contre Bruno**"
        forum.set_comment_date(forum.client(name).post_comment(seeded["topic_id"], text), now - timedelta(minutes=40))
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    deadlines = [("J0-matin", now - timedelta(minutes=20)), ("J0-zenith", now - timedelta(minutes=10)),
                 ("J0-soir", now + timedelta(hours=1))]  # fmt: skip
    config = tmp_path / "partie.toml"
    config.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "MJ_Cli_Cit"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "citadelles"\nseed = 3\n'
        "[poll]\nmin_request_interval = 0.01\ngrace = 0\n"
        + "".join(f'[[deadlines]]\nlabel = "{label}"\nat = "{at.isoformat()}"\n' for label, at in deadlines)
        + "".join(
            f'[[players]]\nname = "{n}"\n' + ('camp = "loups"\n' if n in ("Chloé", "Hugo", "Léo") else "")
            for n in names
        ),
        encoding="utf-8",
    )
    assert main(["poll", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert "échéance J0-zenith : sautée" in out  # the zenith is passed over (balanced morning)
    assert "J0-matin : décompte : Bruno 12" in out  # the morning had its vote: counted, everyone voted
    assert "J0-soir : décompte" in out  # the evening's line is printed…
    assert "J0-soir : n'ont pas voté" not in out, out  # …without a list of "missing" voters: nobody votes
