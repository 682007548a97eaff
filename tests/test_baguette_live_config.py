"""The live configuration of a game with a module: ``[game] modules`` gives the daemon the composed rules, and
``[[mj_roles]]`` (the roles the MJ resolves, as in the baguette scenarios) are read and checked with the
players when the file is read, not at the first deadline."""

from __future__ import annotations

from datetime import datetime
from itertools import pairwise
from pathlib import Path
from zoneinfo import ZoneInfo

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


def test_meneur_init_with_baguette_writes_its_fixed_times(tmp_path: Path) -> None:
    """`meneur init --ruleset classique --modules baguette`: « Les jours dureront 48h, les nuits 24h. La transition
    entre le jour et la nuit se fera à 22h00 » and « Les spés ont jusque 21h00 la nuit pour agir »: each day's
    deadline at 22:00, 48 h after the night before ended; each night's at 21:00 (its actions deadline), the night
    ending at 22:00, 24 h after the day. The file reads back with the module."""
    from meneur.daemon.cli import main

    target = tmp_path / "partie.toml"
    assert main(["init", str(target), "--forum", "spirit", "--ruleset", "classique", "--modules", "baguette"]) == 0
    text = target.read_text(encoding="utf-8")
    assert 'modules = ["baguette"]' in text
    config = parse_config(text.replace('topic = "1547"', 'topic = "1547"\nden_topic = "1548"'), target)
    assert config.live.modules == ("baguette",)
    rows = [(d.label, d.phase, d.at.strftime("%H:%M")) for d in config.live.deadlines]
    assert rows == [
        ("Jour 0", "J0", "22:00"),
        ("Nuit 1", "N1", "21:00"),
        ("Jour 1", "J1", "22:00"),
        ("Nuit 2", "N2", "21:00"),
        ("Jour 2", "J2", "22:00"),
    ]
    days = [d.at.astimezone(ZoneInfo(config.timezone)).date() for d in config.live.deadlines]
    # J0 ends at 22:00; N1 runs 24 h to 22:00 the next evening, its actions ending at 21:00; J1 ends 48 h later.
    assert [(b - a).days for a, b in pairwise(days)] == [1, 2, 1, 2]
    assert main(["init", str(tmp_path / "b.toml"), "--ruleset", "convivialite", "--modules", "baguette"]) == 2
