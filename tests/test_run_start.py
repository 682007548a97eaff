"""`meneur run` checks everything at start: a missing password, keyring, an interval that is not a number, a
deadline in the year 9999, a database path that is a folder… is one line naming the key and exit 2, before
anything runs (before, it ran on with a traceback at every poll, or crashed)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

MENEUR = Path(sys.executable).parent / "meneur"

BASE = (
    '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n{account}'
    '[game]\ntopic = "1"\ndatabase = "{database}"\n{game}'
    '[[deadlines]]\nlabel = "Jour 1"\nat = "{at}"\n'
    "[poll]\ntopic_every = {every}\ninbox_every = 1\nmin_request_interval = 0.01\n{web}"
    '[[players]]\nname = "Anna"\n{role}[[players]]\nname = "Basile"\n{role}'
)
DEFAULTS = {"account": "", "database": "partie.sqlite", "game": "", "at": "2026-03-14T21:00:00", "every": "1",
            "web": "", "role": ""}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "env", "says"),
    [
        ({}, {"MENEUR_PASSWORD": None}, "MENEUR_PASSWORD"),
        ({}, {"MENEUR_PASSWORD": ""}, "MENEUR_PASSWORD"),
        ({"account": 'password_env = "MOT_DE_PASSE_MJ"\n'}, {}, "MOT_DE_PASSE_MJ"),
        ({"account": 'keyring = "meneur"\n'}, {}, "keyring"),
        ({"every": "nan"}, {}, "poll.topic_every"),
        ({"every": "inf"}, {}, "poll.topic_every"),
        ({"every": "1e300"}, {}, "poll.topic_every"),
        ({"at": "9999-12-31T23:59:00"}, {}, "deadlines[0].at"),
        ({"database": "dossier"}, {}, "game.database"),
        ({"web": '[web]\npassword_env = "MENEUR_PAGE"\n'}, {"MENEUR_PAGE": None}, "MENEUR_PAGE"),
        ({"game": 'ruleset = "classique"\n', "role": 'role = "dragon"\n'}, {}, "dragon"),
    ],
)
def test_run_refuses_at_start_in_one_line(change: dict[str, str], env: dict[str, str | None], says: str,
                                          tmp_path: Path) -> None:  # fmt: skip
    (tmp_path / "dossier").mkdir()
    config = tmp_path / "partie.toml"
    config.write_text(BASE.format(**{**DEFAULTS, **change}), encoding="utf-8")
    environ = {**os.environ, "MENEUR_PASSWORD": "secret", "MENEUR_PAGE": "page"}
    for key, value in env.items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    try:
        run = subprocess.run([str(MENEUR), "run", "--config", str(config), "--web-port", "0"], env=environ,
                             capture_output=True, text=True, timeout=30)  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"still running after 30 s: {exc.stderr!r}")
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2, run.stderr[-2000:]
    assert len(lines) == 1 and lines[0].startswith("meneur : erreur : ") and says in lines[0], run.stderr
    assert run.stdout == ""


def test_a_stop_asked_while_starting_leaves_cleanly(tmp_path: Path) -> None:
    """SIGTERM as soon as meneur says it dealt the game (still starting: the scheduler not yet running):
    the deal stands, meneur leaves with status 0, and it never reached the forum."""
    config = tmp_path / "partie.toml"
    game = 'ruleset = "hameau"\n'
    players = "".join(f'[[players]]\nname = "{name}"\n' for name in ("Carole", "Denis", "Elsa", "Fred"))
    config.write_text(BASE.format(**{**DEFAULTS, "game": game}) + players, encoding="utf-8")
    environ = {**os.environ, "MENEUR_PASSWORD": "secret"}
    proc = subprocess.Popen([str(MENEUR), "run", "--config", str(config), "--web-port", "-1"], env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)  # fmt: skip
    assert proc.stdout is not None
    first = proc.stdout.readline()
    proc.send_signal(signal.SIGTERM)
    try:
        _out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("still running 30 s after SIGTERM")
    assert "2 texte" in first or "texte(s)" in first, first + err
    assert proc.returncode == 0, err[-2000:]
    assert "127.0.0.1:9" not in err  # no request was made: the stop came first
