"""Every key of a scenario file (fixtures/scenarios/README.md) made wrong — missing, empty, another TOML
type — and the mistakes a scenario's author makes (an unknown role, a vote by no one, `posts` as one
string…): `meneur replay` says so in one line naming the key and exits 2, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main
from meneur.tests import tomlmut
from meneur.tests.tomlmut import SAMPLES

BASE: dict[str, Any] = {
    "ruleset": "classique",
    "seed": 7,
    "title": "Toutes les clés",
    "players": [
        {"name": "Alice", "role": "voyante"},
        {"name": "Bob", "role": "loup_garou"},
        {"name": "Carole", "role": "simple_villageois"},
        {"name": "Denis", "role": "simple_villageois"},
        {"name": "Eve", "role": "chasseur"},
    ],
    "phases": [
        {"phase": "J0", "posts": [
            {"author": "Alice", "text": "[color=brown][b]Je vote contre Carole[/b][/color]",
             "time": "2026-03-14T20:00:00+01:00"},
            {"author": "Bob", "text": "[color=brown][b]Je vote contre Carole[/b][/color]"},
        ]},
        {"phase": "N1", "mps": [{"from": "Bob", "text": "Nous dévorons Denis."},
                                {"from": "Alice", "text": "Je sonde Bob."}]},
        {"phase": "J1", "posts": [{"author": "Carole", "text": "[color=brown][b]Je vote contre Eve[/b][/color]"}],
         "answers": [{"question": "J1:chasseur:Eve", "choice": "Bob"}],
         "decrees": [{"kind": "event", "player": "Alice", "cause": "mj", "text": "Un orage."}],
         "mayor_post": "Rien à dire.", "deadline": "2026-03-15T21:00:00+01:00"},
    ],
    "options": {"rage_et_ange": "protege"},
    "expect": {"winner": "village"},
}  # fmt: skip

STRING, INTEGER, ROWS, WHEN, TABLE, OPTION = "s", "i", "rows", "w", "t", "o"
TYPES = {
    "ruleset": STRING, "seed": INTEGER, "title": STRING, "players": ROWS, "players.name": STRING,
    "players.role": STRING, "players.camp": STRING, "players.group": INTEGER, "phases": ROWS,
    "phases.phase": STRING, "phases.posts": ROWS, "phases.posts.author": STRING, "phases.posts.text": STRING,
    "phases.posts.time": WHEN, "phases.mps": ROWS, "phases.mps.from": STRING, "phases.mps.text": STRING,
    "phases.answers": ROWS, "phases.answers.question": STRING, "phases.answers.choice": STRING,
    "phases.decrees": ROWS, "phases.decrees.kind": STRING, "phases.decrees.player": STRING,
    "phases.decrees.cause": STRING, "phases.decrees.text": STRING, "phases.mayor_post": STRING,
    "phases.deadline": WHEN, "options": TABLE, "options.rage_et_ange": OPTION,
}  # fmt: skip
ACCEPTED = {
    STRING: {"string"},
    INTEGER: {"integer", "negative"},
    ROWS: {"tables", "empty array"},
    WHEN: {"string", "datetime"},
    TABLE: {"table"},
    OPTION: {"string"},  # one of the rule set's words for it: "protege" or "tue"
}
OPTIONAL = {"title", "expect", "phases.posts", "phases.mps", "phases.answers", "phases.decrees",
            "phases.mayor_post", "phases.posts.time", "phases.decrees.player", "phases.decrees.cause",
            "phases.decrees.text", "players.role", "phases", "expect.winner", "options", "options.rage_et_ange",
            "phases.deadline"}  # fmt: skip


EMPTY_OK = {"phases.posts.text", "phases.mps.text"}  # a post of one picture, an MP with only a subject


def generic_key(path: tomlmut.Path_) -> str:
    return ".".join(str(p) for p in path if not isinstance(p, int))


def replay(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(tomlmut.dump(data), encoding="utf-8")
    status = main(["replay", "--json", str(scenario)])
    return status, capsys.readouterr().err


def test_every_scenario_key_made_wrong_is_one_line_naming_it_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = replay(tmp_path, BASE, capsys)
    assert status == 0 and err == "", err
    failures = []
    cases = 0
    for path in tomlmut.paths(BASE):
        key = generic_key(path)
        if key.startswith("expect"):
            continue  # read by the tests only
        variants: list[tuple[str, Any]] = [("missing", ...)]
        variants += [(name, SAMPLES[name]) for name in SAMPLES if name not in ACCEPTED[TYPES[key]]]
        variants.append(("empty", {TABLE: {}, STRING: "", OPTION: ""}.get(TYPES[key], [])))
        for what, new in variants:
            cases += 1
            data = tomlmut.mutated(BASE, path, remove=True) if what == "missing" else tomlmut.mutated(BASE, path, new)
            label = f"{what} {tomlmut.dotted(path)}"
            try:
                status, err = replay(tmp_path, data, capsys)
            except Exception as exc:
                failures.append(f"{label}: {exc.__class__.__name__}: {exc}")
                continue
            lines = err.strip().splitlines()
            wrong_type = what not in ("missing", "empty")
            must_refuse = wrong_type or (key not in OPTIONAL and not (what == "empty" and key in EMPTY_OK))
            if status == 2:
                words = [str(p) for p in path if not isinstance(p, int)][-1:]
                if len(lines) != 1 or not lines[0].startswith("meneur : erreur : ") or not all(w in err for w in words):
                    failures.append(f"{label}: not one line naming the key: {err!r}")
            elif must_refuse:
                failures.append(f"{label}: accepted (status {status})")
            elif status != 0:
                failures.append(f"{label}: status {status}: {err!r}")
    assert not failures, f"{len(failures)} of {cases} cases:\n" + "\n".join(failures)


@pytest.mark.parametrize(
    ("path", "new", "says"),
    [
        (("players", 1, "role"), "dragon", "dragon"),
        (("players", 1, "name"), "Alice", "Alice"),
        (("phases", 0, "posts"), "Je vote contre Carole", "posts"),
        (("phases", 0, "posts", 0, "time"), "hier soir", "time"),
        (("phases", 0, "posts", 0, "time"), "2026-03-14T20:00:00", "offset"),
        (("phases", 1, "mps", 0, "from"), "", "from"),
        (("phases", 0, "phase"), "Jour 0", "phase"),
        (("phases", 2, "decrees", 0, "kind"), "bannir", "kind"),
        (("ruleset",), "sans-regles", "ruleset"),  # no such rule set
        (("players",), [], "players"),
    ],
)
def test_a_scenario_authors_mistakes_are_named(
    path: tomlmut.Path_, new: Any, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = replay(tmp_path, tomlmut.mutated(BASE, path, new), capsys)
    assert status == 2, err
    assert len(err.strip().splitlines()) == 1 and says in err, err


def test_every_shipped_scenario_still_replays(capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(__file__).resolve().parent.parent / "fixtures" / "scenarios"
    files = sorted(folder.rglob("*.toml"))
    assert len(files) > 20
    for file in files:
        assert main(["replay", "--json", str(file)]) == 0, (file, capsys.readouterr().err)
        capsys.readouterr()
