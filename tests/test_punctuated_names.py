"""Players whose names hold ( , ; ! ? can be voted for exactly (issue 11), on whole phpBB 3 pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from meneur.daemon.cli import main

VILLAGE = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "phpbb3" / "j1-village"
FLAMBY = "Je vote contre Flamby</strong>"  # Jean-Pierre's vote in post 48331 (page 3)


def count_with(tmp_path: Path, capsys: pytest.CaptureFixture[str], player: str, written: str) -> dict:
    """j1-village with one more player, ``player``, and Jean-Pierre's 48331 voting ``written``."""
    pages = []
    for source in sorted(VILLAGE.glob("page-*.html")):
        html = source.read_text(encoding="utf-8")
        if FLAMBY in html:
            html = html.replace(FLAMBY, f"Je vote contre {written}</strong>")
        pages.append(tmp_path / source.name)
        pages[-1].write_text(html, encoding="utf-8")
    case = (VILLAGE / "case.toml").read_text(encoding="utf-8")
    case += f'\n[[players]]\nname = "{player}"\nuser_id = "90"\n'
    (tmp_path / "case.toml").write_text(case, encoding="utf-8")
    assert main(["count", "--config", str(tmp_path / "case.toml"), "--json", *map(str, pages)]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("player", "written"),
    [
        ("Kévin (le vrai)", "Kévin (le vrai)"),  # another player is "Kévin": cut at "(", he would be it
        ("Bob, le chef", "Bob, le chef"),
        ("Tic; Tac", "tic; tac"),
        ("Wow!", "Wow!"),
        ("Qui?", "Qui? parce qu'il se cache"),
    ],
)
def test_a_name_holding_punctuation_is_voted_for_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], player: str, written: str
) -> None:
    result = count_with(tmp_path, capsys, player, written)
    assert result["current"]["Jean-Pierre"] == player
    assert ("48331", "target_fuzzy") not in {(w["post_id"], w["kind"]) for w in result["warnings"]}


def test_text_after_a_full_stop_is_not_taken_into_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "Je vote contre Kévin. Le vrai ment" names Kévin, even beside a player "Kévin (le vrai)".
    result = count_with(tmp_path, capsys, "Kévin (le vrai)", "Kévin. Le vrai ment")
    assert result["current"]["Jean-Pierre"] == "Kévin"
