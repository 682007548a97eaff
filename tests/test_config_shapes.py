"""Every key of a game's configuration made wrong — missing, empty, of another TOML type — and whole
sections of the wrong shape: meneur must say so in one line naming the key and exit 2, never a traceback.

The base configuration holds every key the format knows (config/example.toml's and the optional ones);
each case changes one thing. A wrong TOML type must be refused; a missing or empty key must be either
accepted (it has a default) or refused with its name, and the keys the daemon cannot do without must be
refused.
"""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meneur.daemon.cli import main
from meneur.daemon.config import ConfigError, parse_config
from meneur.tests import tomlmut
from meneur.tests.tomlmut import SAMPLES

BASE: dict[str, Any] = {
    "forum": {
        "engine": "spirit",
        "url": "http://127.0.0.1:9/",
        "timezone": "Europe/Paris",
        "posts_per_page": 20,
        "max_post_chars": 3000,
        "max_page_kb": 4096,
    },
    "account": {"username": "MJ", "password_env": "MENEUR_PASSWORD"},
    "game": {"topic": "1547", "database": "partie.sqlite", "ruleset": "classique", "seed": 4},
    "deadlines": [
        {"label": "Jour 1", "at": "2026-03-14T21:00:00", "kind": "day", "phase": "J1"},
        {"label": "Nuit 2", "at": datetime(2026, 3, 15, 9, 0), "kind": "night", "phase": "N2"},
    ],
    "poll": {
        "topic_every": 120,
        "inbox_every": 300,
        "near_deadline": 900,
        "near_every": 30,
        "grace": 60,
        "min_request_interval": 2,
        "unreachable_after": 60,
    },
    "outbox": {"auto": ["vote_count"], "count_every_votes": 5, "count_at": ["12:00"]},
    "alerts": {"mp_mj": False},
    "web": {"host": "127.0.0.1", "password_env": "MENEUR_WEB"},
    "votes": {"colours": ["brown"], "require_bold": True, "require_colour": False},
    "names": {"accept": 90, "warn": 75, "margin": 8},
    "templates": {"folder": "gabarits"},
    "players": [
        {"name": "Alice", "user_id": "52", "aliases": ["Ali"], "dead": False, "role": "voyante"},
        {"name": "Bob", "user_id": 53, "role": "loup_garou"},
        {"name": "Carole", "role": "simple_villageois"},
    ],
}

# The TOML types each key takes.
STRING, INTEGER, NUMBER, BOOL, STRINGS, WHEN, STR_OR_INT = "s", "i", "n", "b", "ss", "w", "si"
TYPES = {
    "forum.engine": STRING, "forum.url": STRING, "forum.timezone": STRING, "forum.posts_per_page": INTEGER,
    "forum.max_page_kb": INTEGER, "forum.max_post_chars": INTEGER,
    "account.username": STRING, "account.password_env": STRING, "account.keyring": STRING,
    "game.topic": STR_OR_INT, "game.database": STRING, "game.ruleset": STRING, "game.seed": INTEGER,
    "game.deadline": WHEN, "deadlines.label": STRING, "deadlines.at": WHEN, "deadlines.kind": STRING,
    "deadlines.phase": STRING, "outbox.auto": STRINGS, "outbox.count_every_votes": INTEGER,
    "outbox.count_at": STRINGS, "alerts.mp_mj": BOOL, "web.host": STRING, "web.password_env": STRING,
    "votes.colours": STRINGS, "votes.require_bold": BOOL, "votes.require_colour": BOOL, "templates.folder": STRING,
    "players.name": STRING, "players.user_id": STR_OR_INT, "players.aliases": STRINGS, "players.dead": BOOL,
    "players.role": STRING, "players.camp": STRING,
    **{f"poll.{k}": NUMBER for k in BASE["poll"]},
    **{f"names.{k}": NUMBER for k in BASE["names"]},
}  # fmt: skip
ACCEPTED = {
    STRING: {"string"},
    INTEGER: {"integer", "negative"},
    NUMBER: {"integer", "float", "negative"},
    BOOL: {"boolean"},
    STRINGS: {"array", "empty array"},
    WHEN: {"string", "datetime"},
    STR_OR_INT: {"string", "integer", "negative"},
}
# Without these the daemon cannot run: leaving them out (or empty) must be refused, naming them.
REQUIRED = {"forum.url", "account.username", "game.topic", "players.name", "deadlines.label", "deadlines.at",
            "forum", "account", "game", "players"}  # fmt: skip


def generic_key(path: tomlmut.Path_) -> str:
    return ".".join(str(p) for p in path if not isinstance(p, int))


def run_alerts(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    (tmp_path / "gabarits").mkdir(exist_ok=True)
    config = tmp_path / "partie.toml"
    config.write_text(tomlmut.dump(data), encoding="utf-8")
    status = main(["alerts", "--config", str(config)])
    return status, capsys.readouterr().err


def names_key(err: str, path: tomlmut.Path_) -> bool:
    """The one line names the key: its table and its own name (a row's index may be there too)."""
    words = [str(p) for p in path if not isinstance(p, int)]
    return all(word in err for word in words)


def cases() -> list[tuple[str, tomlmut.Path_, str]]:
    """(what, path, sample) for every key: each wrong type, missing, empty."""
    out = []
    for path in tomlmut.paths(BASE):
        key = generic_key(path)
        out.append(("missing", path, ""))
        if key in TYPES:
            out += [("type", path, name) for name in SAMPLES if name not in ACCEPTED[TYPES[key]]]
            out.append(("empty", path, ""))
        else:  # a whole section
            shape = "tables" if key in ("players", "deadlines") else "table"
            out += [("shape", path, name) for name in ("string", "integer", "table", "tables", "empty array")
                    if name != shape]  # fmt: skip
    for optional in ("account.keyring", "game.deadline", "players.camp"):  # absent from BASE: add them wrong
        table, key = optional.split(".")
        path = (table, 0, key) if table == "players" else (table, key)
        out += [("type", path, name) for name in SAMPLES if name not in ACCEPTED[TYPES[optional]]]
    return out


CASES = cases()


def test_every_key_made_wrong_is_one_line_naming_it_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, err = run_alerts(tmp_path, BASE, capsys)
    assert status in (0, 1) and err == "", err  # the base is valid
    failures = []
    for what, path, sample in CASES:
        if what == "missing":
            data = tomlmut.mutated(BASE, path, remove=True)
        elif what == "empty":
            empty = {STRINGS: [], STR_OR_INT: ""}.get(TYPES[generic_key(path)], "")
            data = tomlmut.mutated(BASE, path, empty)
        else:
            data = tomlmut.mutated(BASE, path, SAMPLES[sample]) if path[:-1] == () or _exists(path[:-1]) else None
            if data is None:
                continue
        label = f"{what} {tomlmut.dotted(path)} {sample}".strip()
        try:
            status, err = run_alerts(tmp_path, data, capsys)
        except Exception as exc:  # a traceback: the worst answer
            failures.append(f"{label}: {exc.__class__.__name__}: {exc}")
            continue
        lines = err.strip().splitlines()
        refused = status == 2 and len(lines) == 1 and lines[0].startswith("meneur : erreur : ")
        must_refuse = what in ("type", "shape") or generic_key(path) in REQUIRED
        if path == ("deadlines",) and sample == "empty array":
            must_refuse = False  # no deadline (yet) is a game the MJ has not scheduled
        if status == 2 and not (refused and names_key(err, path)):
            failures.append(f"{label}: not one line naming the key: {err!r}")
        elif must_refuse and status != 2:
            failures.append(f"{label}: accepted (status {status})")
        elif status not in (0, 1, 2):
            failures.append(f"{label}: status {status}: {err!r}")
    assert not failures, f"{len(failures)} of {len(CASES)} cases:\n" + "\n".join(failures)


def _exists(path: tomlmut.Path_) -> bool:
    try:
        tomlmut.get(BASE, path)
    except (KeyError, IndexError):
        return path[0] in BASE and isinstance(path[-1], str)
    return True


@pytest.mark.parametrize(
    ("extra", "key", "says"),
    [
        ('[[deadlines]]\nlabel = "Jour 2"\nat = "2026-03-29T02:30:00"\n', "deadlines[2].at", "n'existe pas"),
        ('[[deadlines]]\nlabel = "Jour 2"\nat = "2026-10-25T02:30:00"\n', "deadlines[2].at", "arrive deux fois"),
        ('[[deadlines]]\nlabel = "Jour 1"\nat = "2026-03-16T21:00:00"\n', "deadlines[2].label", "déjà"),
        ('[[deadlines]]\nlabel = "Jour 9"\nat = "9999-12-31T23:59:00"\n', "deadlines[2].at", "9999"),
        ('[[deadlines]]\nlabel = "Jour 1 bis"\nat = "2026-03-16T21:00:00"\n', "deadlines[2].phase", "J1"),
        ('[[players]]\nname = "Dan"\nuser_id = "52"\n', "players[3].user_id", "Alice"),
        ('[[players]]\nname = "Ali"\n', "players[3].name", "alias de Alice"),
        ('[[players]]\nname = "Dan"\naliases = ["bob"]\n', "players[3].aliases", "Bob"),
        ('[[players]]\nname = "Dan"\nrole = "dragon"\n', "players", "dragon"),
    ],
)
def test_accepted_silently_no_more(extra: str, key: str, says: str, tmp_path: Path) -> None:
    (tmp_path / "gabarits").mkdir()
    text = tomlmut.dump(BASE) + extra
    with pytest.raises(ConfigError) as caught:
        parse_config(text, tmp_path / "partie.toml")
    assert key in str(caught.value) and says in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_time_just_outside_the_daylight_saving_gap_and_an_explicit_offset_are_fine(tmp_path: Path) -> None:
    (tmp_path / "gabarits").mkdir()
    for at in ("2026-03-29T03:00:00", "2026-10-25T02:30:00+01:00", "2026-10-25T02:30:00+02:00"):
        extra = f'[[deadlines]]\nlabel = "Jour 2"\nat = "{at}"\n'
        config = parse_config(tomlmut.dump(BASE) + extra, tmp_path / "partie.toml")
        assert config.live.deadlines[-1].label == "Jour 2"


TOML_VALUES = st.one_of(
    st.text(max_size=12), st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(), st.lists(st.text(max_size=5), max_size=3), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["a", "name", "at"]), st.text(max_size=5), max_size=2),
)  # fmt: skip
PATHS = list(tomlmut.paths(BASE))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), st.one_of(st.none(), TOML_VALUES)), min_size=1, max_size=4))
def test_any_mutated_configuration_is_valid_or_one_configuration_error(
    changes: list[tuple[tomlmut.Path_, Any]], tmp_path: Path
) -> None:
    """Random changes (None: the key removed), several at once: parsing either gives a configuration or a
    ConfigError of one line; never another exception."""
    (tmp_path / "gabarits").mkdir(exist_ok=True)
    data = BASE
    for path, new in changes:
        try:
            tomlmut.get(data, path)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or replaced its parent
        if isinstance(new, float) and math.isnan(new) and path[-1] == "name":
            new = "nan"
        data = tomlmut.mutated(data, path, remove=True) if new is None else tomlmut.mutated(data, path, new)
    try:
        parse_config(tomlmut.dump(data), tmp_path / "partie.toml")
    except ConfigError as exc:
        assert "\n" not in str(exc).strip(), str(exc)
