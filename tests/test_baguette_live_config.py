"""The live configuration of a game with a module: ``[game] modules`` gives the daemon the composed rules, and
``[[mj_roles]]`` (the roles the MJ resolves, as in the baguette scenarios) are read and checked with the
players when the file is read, not at the first deadline."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from meneur.daemon.config import ConfigError, parse_config
from meneur.daemon.engine_live import EngineDriver
from meneur.daemon.store import Store

HEAD = '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:1/"\n[account]\nusername = "MJ"\n'
PLAYERS = "".join(
    f'[[players]]\nname = "{n}"\nrole = "{r}"\n'
    for n, r in (("Boris", "seigneur_loup"), ("Rose", "chaperon_rouge"), ("Lucie", "voyante"), ("Paul", "cupidon"))
)
CHAPERON = '[[mj_roles]]\nid = "chaperon_rouge"\nname = "Petit Chaperon rouge"\ncamp = "village"\nindevorable = true\n'


def game(modules: str) -> str:
    return f'{HEAD}[game]\ntopic = "1"\ndatabase = "partie.sqlite"\nruleset = "classique"\nseed = 3\n{modules}'


def test_a_module_and_an_mj_role_make_the_daemons_rules(tmp_path: Path) -> None:
    config = parse_config(game('modules = ["baguette"]\n') + CHAPERON + PLAYERS, tmp_path / "partie.toml")
    assert config.live.mj_roles == ({"id": "chaperon_rouge", "name": "Petit Chaperon rouge", "camp": "village",
                                     "indevorable": True},)  # fmt: skip
    driver = EngineDriver(config, Store(tmp_path / "partie.sqlite"), lambda: datetime(2026, 6, 6))
    assert driver.rules.modules == ("baguette",) and driver.rules.votes_by_mp
    state = driver.setup()
    assert state.player("Rose").role == "chaperon_rouge"
    assert state.memory["modules"] == ["baguette"]


def test_mj_roles_need_a_module(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="mj_roles"):
        parse_config(game("") + CHAPERON + PLAYERS, tmp_path / "partie.toml")


def test_a_role_no_one_declared_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="chaperon_rouge"):
        parse_config(game('modules = ["baguette"]\n') + PLAYERS, tmp_path / "partie.toml")


def test_an_mj_role_the_module_refuses_is_said_when_reading(tmp_path: Path) -> None:
    wrong = CHAPERON.replace('camp = "village"', 'camp = "vampires"')
    with pytest.raises(ConfigError, match="vampires"):
        parse_config(game('modules = ["baguette"]\n') + wrong + PLAYERS, tmp_path / "partie.toml")


def test_the_den_topic_is_read_and_checked(tmp_path: Path) -> None:
    base = game('modules = ["baguette"]\n') + PLAYERS.replace("chaperon_rouge", "simple_villageois")
    assert parse_config(base, tmp_path / "partie.toml").live.den_topic is None
    with_den = base.replace('modules = ["baguette"]\n', 'modules = ["baguette"]\nden_topic = 12\n')
    assert parse_config(with_den, tmp_path / "partie.toml").live.den_topic == "12"
    for value in ("0", '" "', "[1]"):
        with pytest.raises(ConfigError, match=r"game\.den_topic"):
            parse_config(base.replace('modules = ["baguette"]\n', f'modules = ["baguette"]\nden_topic = {value}\n'))
