"""`meneur replay` with the `baguette` module: the scenario keys it adds (modules, mj_roles, MP times, den,
absences, actions_deadline, the module's decrees) read and refused as a scenario's author needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.replay import ScenarioError, load_scenario

PLAYERS = "".join(
    f'[[players]]\nname = "{name}"\nrole = "{role}"\n'
    for name, role in [
        ("Alice", "voyante"),
        ("Bob", "loup_garou"),
        ("Carole", "salvateur"),
        ("Dan", "chasseur"),
        ("Eve", "seigneur_loup"),
        ("Fred", "simple_villageois"),
        ("Gus", "cupidon"),
        ("Hugo", "sorciere"),
    ]
)


def write(tmp_path: Path, top: str, phases: str, players: str = PLAYERS) -> Path:
    path = tmp_path / "scenario.toml"
    path.write_text(f'ruleset = "classique"\nseed = 3\n{top}\n{players}\n{phases}', encoding="utf-8")
    return path


def events(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["replay", "--json", str(path)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


J0 = """[[phases]]
phase = "J0"
mps = [ { from = "Alice", text = "Je vote pour Fred comme magicien" } ]
"""


# A quiet first night, then a day on which six players (all but Gus and Hugo) vote blank by MP; the text ends
# in J1's table, so a test may add to that day.
BLANK_DAY = """[[phases]]
phase = "N1"
[[phases]]
phase = "J1"
mps = [
  { from = "Alice", text = "Je vote blanc" }, { from = "Bob", text = "Je vote blanc" },
  { from = "Carole", text = "Je vote blanc" }, { from = "Dan", text = "Je vote blanc" },
  { from = "Eve", text = "Je vote blanc" }, { from = "Fred", text = "Je vote blanc" },
]
"""


def test_an_unknown_module_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"modules: Module inconnu : « baguettes » \(modules connus : baguette\)"):
        load_scenario(write(tmp_path, 'modules = ["baguettes"]', J0))


@pytest.mark.parametrize(
    ("top", "phases", "said"),
    [
        (
            "",
            J0 + '[[phases]]\nphase = "N1"\nden = [ { author = "Bob", text = "[color=red]Alice[/color]" } ]\n',
            "module",
        ),
        ("", J0 + '[[phases]]\nphase = "N1"\ndecrees = [ { kind = "foudroiement", player = "Bob" } ]\n', "one of"),
        ('[[mj_roles]]\nid = "bete"\nname = "la Bête"\n', J0, "MJ-resolved roles come with a module"),
        (
            'modules = ["baguette"]',
            J0 + '[[phases]]\nphase = "N1"\nactions_deadline = "2026-03-15T21:00:00"\n',
            "offset",
        ),
        (
            'modules = ["baguette"]',
            J0.replace('phase = "J0"', 'phase = "J0"\nactions_deadline = "2026-03-15T21:00:00+01:00"'),
            "a day",
        ),
    ],
)
def test_module_keys_without_their_module_or_malformed_are_refused(
    tmp_path: Path, top: str, phases: str, said: str
) -> None:
    with pytest.raises(ScenarioError, match=said):
        load_scenario(write(tmp_path, top, phases))


def test_an_mj_role_with_an_unknown_camp_is_refused(tmp_path: Path) -> None:
    top = 'modules = ["baguette"]\n[[mj_roles]]\nid = "bete"\nname = "la Bête"\ncamp = "solitaire"\n'
    players = PLAYERS.replace('role = "cupidon"', 'role = "bete"')
    with pytest.raises(ScenarioError, match="camp 'solitaire'"):
        load_scenario(write(tmp_path, top, J0, players))


def test_a_vote_mp_in_the_deadlines_minute_counts_and_one_a_minute_later_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    day = """[[phases]]
phase = "N1"
[[phases]]
phase = "J1"
deadline = "2026-03-16T22:00:00+01:00"
mps = [
  { from = "Alice", text = "Je vote contre Bob", time = "2026-03-16T22:00:59+01:00" },
  { from = "Carole", text = "Je vote contre Bob", time = "2026-03-16T22:01:00+01:00" },
]
"""
    found = events(write(tmp_path, 'modules = ["baguette"]', J0 + day), capsys)
    result = next(e for e in found if e["type"] == "vote_result")
    assert result["voters"]["Bob"] == ["Alice", "Bob"]  # Alice's vote and Bob's own
    assert "Carole" in result["self_votes"]
    assert any(e["type"] == "late_mp" and e["from"] == "Carole" for e in found)


def test_den_posts_after_the_actions_deadline_are_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nights = (
        BLANK_DAY
        + """[[phases]]
phase = "N2"
actions_deadline = "2026-03-17T21:00:00+01:00"
den = [
  { author = "Bob", text = "On mange [color=red]Carole[/color]", time = "2026-03-17T20:59:00+01:00" },
  { author = "Eve", text = "Non : [color=red]Hugo[/color]", time = "2026-03-17T21:01:00+01:00" },
]
"""
    )
    found = events(write(tmp_path, 'modules = ["baguette"]', J0 + nights), capsys)
    assert any(e["type"] == "late_den_post" and e["author"] == "Eve" for e in found)
    deaths = [(e["player"], e["cause"]) for e in found if e["type"] == "death"]
    assert deaths == [("Carole", "loups")]


def test_den_posts_of_a_day_count_for_the_coming_night(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # « Seul le dernier post avant 21h00 sera pris en compte »: a choice posted by day stands for the night.
    nights = (
        BLANK_DAY
        + """den = [ { author = "Bob", text = "Demain soir : [color=red]Carole[/color]" } ]
[[phases]]
phase = "N2"
"""
    )
    found = events(write(tmp_path, 'modules = ["baguette"]', J0 + nights), capsys)
    assert [(e["player"], e["cause"]) for e in found if e["type"] == "death"] == [("Carole", "loups")]
    assert not any(e["type"] == "action_refused" for e in found)


ABSENT_DAY = """[[phases]]
phase = "N1"
[[phases]]
phase = "J1"
deadline = "2026-03-16T22:00:00+01:00"
mps = [ { from = "Alice", text = "Je vote contre Bob", time = "2026-03-16T10:00:00+01:00" } ]
absences = [ { author = "Dan", text = "%s", time = "2026-03-15T09:00:00+01:00" } ]
answers = [ { question = "J1:absence:Dan", choice = "%s" } ]
"""


def test_some_days_of_a_week_are_put_to_the_mj_and_his_answer_decides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # « quelques jours cette semaine, je ne sais pas encore lesquels »: the week is no cover (issue 19).
    vague = "Absent quelques jours cette semaine, je ne sais pas encore lesquels"
    found = events(write(tmp_path, 'modules = ["baguette"]', J0 + ABSENT_DAY % (vague, "aucun")), capsys)
    result = next(e for e in found if e["type"] == "vote_result")
    assert result["absent"] == [] and "Dan" in result["self_votes"]
    assert not any(e["type"] in ("absence_noted", "answer_unused") for e in found)
    found = events(write(tmp_path, 'modules = ["baguette"]', J0 + ABSENT_DAY % (vague, "J1")), capsys)
    assert next(e for e in found if e["type"] == "vote_result")["absent"] == ["Dan"]
    assert not any(e["type"] == "answer_unused" for e in found)


def test_an_answer_to_an_absence_question_never_asked_is_reported_unused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The notice gives its days: the MJ is not asked, and an answer given anyway is told back, not dropped.
    found = events(
        write(tmp_path, 'modules = ["baguette"]', J0 + ABSENT_DAY % ("Absent du 15 au 17 mars", "aucun")), capsys
    )
    assert next(e for e in found if e["type"] == "vote_result")["absent"] == ["Dan"]
    unused = [e for e in found if e["type"] == "answer_unused"]
    assert [(e["question"], e["answer"]) for e in unused] == [("J1:absence:Dan", "aucun")]
    assert "J1" in str(unused[0]["reason"]) and "Dan" in str(unused[0]["reason"])
