"""`meneur simulate`: random games of a rule set and their win rates, through the command line."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main
from meneur.engine.simulate import wilson

SVG = "{http://www.w3.org/2000/svg}"


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = simulate(capsys, *args, "--json")
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def games_part(document: dict[str, Any]) -> dict[str, Any]:
    """The report without its timing: what the seed decides."""
    return {k: v for k, v in document.items() if k != "seconds"}


# -- the statistics --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),  # the textbook case
        (0, 10, 0.0, 0.2775),  # z² / (n + z²) above zero wins
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (81, 263, 0.2553, 0.3662),  # far from one half: the roots of (p̂ - p)² = z² p(1 - p) / n
    ],
)
def test_wilson_interval_on_known_values(wins: int, games: int, low: float, high: float) -> None:
    found = wilson(wins, games)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_the_report_s_intervals_are_wilson_s_of_its_own_counts(capsys: pytest.CaptureFixture[str]) -> None:
    document = report(capsys, "classique", "--players", "8", "--games", "60", "--seed", "3")
    for rate in [*document["camps"].values(), *document["roles"].values()]:
        assert rate["rate"] == pytest.approx(rate["wins"] / rate["games"])
        assert (rate["low"], rate["high"]) == pytest.approx(wilson(rate["wins"], rate["games"]))
        assert rate["low"] <= rate["rate"] <= rate["high"]
    assert sum(c["wins"] for c in document["camps"].values()) == 60  # each game counted once, finished or not
    assert all(r["games"] == 60 for r in document["roles"].values())  # classique at 8: the same 8 roles each game


# -- determinism -----------------------------------------------------------------------------------
def test_same_seed_same_report_and_another_seed_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("classique", "--players", "12", "--games", "40", "--policy", "pack")
    first = report(capsys, *args, "--seed", "7")
    again = report(capsys, *args, "--seed", "7")
    other = report(capsys, *args, "--seed", "8")
    assert games_part(first) == games_part(again)
    assert games_part(first) != games_part(other)
    code, text, _ = simulate(capsys, *args, "--seed", "7")
    code2, text2, _ = simulate(capsys, *args, "--seed", "7")
    assert code == code2 == 0
    timing = "durée :"
    assert [line for line in text.splitlines() if not line.startswith(timing)] == [
        line for line in text2.splitlines() if not line.startswith(timing)
    ]


def test_processes_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("trinite-meuporg", "--players", "12", "--games", "24", "--seed", "5")
    alone = report(capsys, *args)
    spread = report(capsys, *args, "--processes", "2")
    assert games_part(alone) == games_part(spread)


# -- the policies, on deals whose outcome the rules decide -----------------------------------------
def test_three_wolves_of_a_pack_against_one_villager_always_win(capsys: pytest.CaptureFixture[str]) -> None:
    # Under `pack` the three wolves cast three of the four votes on the villager, the first day: he is lynched.
    # At random they may lynch or devour one another (the rules let them), and the villager may survive them.
    deal = ("classique", "--roles", "loup_garou,loup_garou,loup_garou,simple_villageois", "--games", "100")
    document = report(capsys, *deal, "--policy", "pack")
    assert document["camps"]["loups"]["wins"] == 100
    assert document["roles"]["loup_garou"] == {**document["roles"]["loup_garou"], "wins": 300, "games": 300}
    assert document["roles"]["simple_villageois"]["wins"] == 0
    assert (document["roles"]["loup_garou"]["camp"], document["roles"]["simple_villageois"]["camp"]) == (
        "loups",
        "village",
    )
    blind = report(capsys, *deal, "--policy", "random")
    assert 0 < blind["camps"]["village"]["wins"] < blind["camps"]["loups"]["wins"]


def test_a_village_without_wolves_wins_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    document = report(capsys, "hameau", "--roles", "villageois,villageois,voyante,garde,commere", "--games", "30")
    assert document["camps"]["village"]["wins"] == 30
    assert document["camps"]["loups"]["wins"] == 0


def test_the_pack_village_follows_its_seers(capsys: pytest.CaptureFixture[str]) -> None:
    # Three seers for one wolf: under `pack` the village lynches the wolf a seer found; at random it does not
    # listen. Same games otherwise (deal and seeds), so the gap is the policy's.
    deal = ("hameau", "--roles", "voyante,voyante,voyante,loup,villageois,villageois,villageois", "--games", "300")
    blind = report(capsys, *deal, "--policy", "random")["camps"]["village"]
    led = report(capsys, *deal, "--policy", "pack")["camps"]["village"]
    assert led["low"] > blind["high"], (blind, led)


@pytest.mark.parametrize(
    ("ruleset", "players"), [("classique", 16), ("convivialite", 6), ("hameau", 8), ("trinite", 12),
                             ("trinite-meuporg", 12), ("citadelles", 12), ("citadelles", 16), ("double-roles", 8)],
)  # fmt: skip
@pytest.mark.parametrize("policy", ["random", "pack"])
def test_every_rule_set_plays_to_an_end(
    capsys: pytest.CaptureFixture[str], ruleset: str, players: int, policy: str
) -> None:
    document = report(capsys, ruleset, "--players", str(players), "--games", "12", "--policy", policy)
    camps = document["camps"]
    assert "inachevee" not in camps, camps  # random games end: someone dies every day
    assert sum(c["wins"] for c in camps.values()) == 12
    assert camps["village"]["wins"] + camps["loups"]["wins"] > 0
    assert sum(r["games"] for r in document["roles"].values()) == 12 * players


def test_the_text_report_is_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "classique", "--players", "16", "--games", "20")
    assert code == 0, err
    assert out.startswith("classique : 16 joueurs, 20 parties, conduite random, graine 0\ndurée : ")
    assert "Victoires par camp (intervalle de Wilson à 95 %) :" in out
    assert "Joueur de flûte" in out  # the role's French name, dealt at 16
    lines = out.splitlines()
    village = next(line for line in lines if line.strip().startswith("village "))
    assert village.rstrip().endswith("/20")
    assert re.search(r" \d+,\d %  \[\d+,\d – \d+,\d\]  \d+/20$", village), village  # decimal commas


# -- the chart -------------------------------------------------------------------------------------
def test_svg_chart_holds_a_bar_per_camp_and_role(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "equilibre.svg"
    code, out, err = simulate(capsys, "classique", "--players", "8", "--games", "50", "--svg", str(chart), "--json")
    assert code == 0, err
    document = json.loads(out)
    root = ET.parse(chart).getroot()
    assert root.tag == f"{SVG}svg"
    bars = {r.get("data-key"): r for r in root.iter(f"{SVG}rect") if r.get("class") == "camp"}
    assert set(bars) == set(document["camps"])
    widths = {key: float(bar.get("width", "nan")) for key, bar in bars.items()}
    full = max(widths.values()) / max(c["rate"] for c in document["camps"].values())
    for key, camp in document["camps"].items():
        assert widths[key] == pytest.approx(full * camp["rate"], abs=0.01)
    roles = [r.get("data-key") for r in root.iter(f"{SVG}rect") if r.get("class") == "role"]
    assert sorted(roles) == sorted(document["roles"])  # type: ignore[type-var]
    assert len(list(root.iter(f"{SVG}g"))) == len(bars) + len(roles)  # one interval whisker per bar
    assert "Camps" in "".join(root.itertext())


# -- mistakes ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("jeu-inconnu", "--players", "8"), "jeu de règles inconnu : 'jeu-inconnu' (installés : citadelles, classique"),
        (("classique", "--players", "deux"), "--players : 'deux' n'est pas un nombre entier de 3 à 200"),
        (("classique", "--players", "2"), "--players : '2' n'est pas un nombre entier de 3 à 200"),
        (("classique",), "--players : combien de joueurs ?"),
        (("classique", "--players", "30"), "classique ne peut pas être simulé à 30 joueurs avec cette distribution"),
        (("convivialite", "--players", "8"), "convivialite ne peut pas être simulé à 8 joueurs"),
        (("classique", "--roles", "voyante,loup_garou,sirene"), "--roles : rôles inconnus dans classique : sirene"),
        (("classique", "--players", "4", "--roles", "voyante,loup_garou,voyante"), "--roles donne 3 rôles pour 4"),
        (("classique", "--players", "8", "--games", "0"), "--games : '0' n'est pas un nombre entier de 1 à"),
    ],
)
def test_mistakes_are_said_in_french(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str) -> None:
    code, out, err = simulate(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith("meneur : erreur : ")
    assert said in err


def test_the_installed_command_reports_an_unknown_rule_set() -> None:
    script = shutil.which("meneur", path=str(Path(sys.executable).parent))
    assert script
    env = {k: v for k, v in os.environ.items() if k != "MENEUR_LANG"}
    done = subprocess.run(
        [script, "simulate", "baguette", "--players", "9"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 2
    assert "jeu de règles inconnu : 'baguette'" in done.stderr
    assert "Traceback" not in done.stderr
