"""`meneur read-mp`: what meneur reads from one MP, for an MJ who wonders — through `main()` and the
installed console script, with the game given by flags or by a configuration file."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.cli import main

CLASSIQUE = [
    "--ruleset", "classique",
    "--players", "Anaïs,Boris,Théo,Zoé,Marc,Lucie",
    "--roles", "Anaïs=salvateur,Boris=loup_garou,Théo=voyante,Zoé=cupidon,Marc=sorciere,Lucie=chasseur",
]  # fmt: skip

TRINITE_CONFIG = """
[game]
ruleset = "trinite-meuporg"

[[players]]
name = "Alice"
role = "voyant+loup"
[[players]]
name = "Bob"
role = "paladin"
[[players]]
name = "Carole"
role = "pretre"
[[players]]
name = "David"
role = "voleur+loup"
[[players]]
name = "Eve"
role = "rogue"
dead = true
[[players]]
name = "Fanny"
role = "barde"
[[players]]
name = "Gaston"
role = "guerrier"
[[players]]
name = "Hugo"
role = "maudisseur"
[[players]]
name = "Iris"
role = "armurier"
"""


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(["read-mp", *args])
    out, err = capsys.readouterr()
    return code, out, err


def as_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> Any:
    code, out, err = run(monkeypatch, capsys, text, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_correction_is_read_and_the_reply_drafted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "Coucou MJ ! Cette nuit je protège Anaïs... non attends, finalement plutôt Théo :)"
    code, out, _ = run(monkeypatch, capsys, text, *CLASSIQUE, "--from", "Anaïs", "--phase", "N2")
    assert code == 0
    assert "ordre compris : salvateur.proteger → Théo" in out
    assert "Anaïs" not in out.split("tel que meneur le lit :")[1]
    assert "Réponse qui serait rédigée :" in out
    assert "C'est noté : tu protèges [b]Théo[/b] des loups-garous." in out


def test_json_gives_actions_refusals_unclear_and_chatter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = as_json(monkeypatch, capsys, "Je sonde Boris stp", *CLASSIQUE, "--from", "Zoé", "--phase", "N2")
    assert refused["actions"] == []
    assert [(r["power"], r["targets"]) for r in refused["refused"]] == [("voyante.sonder", ["Boris"])]
    assert "Voyante" in refused["refused"][0]["reason"]
    assert refused["not_an_order"] is False

    two = as_json(
        monkeypatch,
        capsys,
        "Potion de vie sur Zoé, et j'empoisonne Boris.",
        *CLASSIQUE,
        "--from",
        "Marc",
        "--phase",
        "N2",
    )
    assert [(a["power"], a["targets"]) for a in two["actions"]] == [
        ("sorciere.guerison", ["Zoé"]),
        ("sorciere.empoisonnement", ["Boris"]),
    ]

    unclear = as_json(monkeypatch, capsys, "je sonde Bobo", *CLASSIQUE, "--from", "Théo", "--phase", "N2")
    assert unclear["actions"] == [] and unclear["unclear"] == [{"power": "voyante.sonder", "name": "Bobo"}]

    chatter = as_json(monkeypatch, capsys, "Merci pour la partie !", *CLASSIQUE, "--from", "Théo", "--phase", "N2")
    assert chatter == {"actions": [], "refused": [], "unclear": [], "not_an_order": True, "not_understood": False}


def test_a_bare_answer_to_the_question_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "[quote=MJ]Qui veux-tu sonder ?[/quote]\nBoris stp"
    found = as_json(
        monkeypatch, capsys, text, *CLASSIQUE, "--from", "Théo", "--phase", "N2", "--asked", "voyante.sonder"
    )
    assert [(a["power"], a["targets"]) for a in found["actions"]] == [("voyante.sonder", ["Boris"])]
    without = as_json(monkeypatch, capsys, "Boris stp", *CLASSIQUE, "--from", "Théo", "--phase", "N2")
    assert without["actions"] == [] and without["not_an_order"] is True


def test_a_configuration_file_and_a_text_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "partie.toml"
    config.write_text(TRINITE_CONFIG, encoding="utf-8")
    mp = tmp_path / "mp.txt"
    mp.write_text("Salut !\nJ'utilise ma harpe pour ressusciter Eve stp", encoding="utf-8")
    code, out, _ = run(monkeypatch, capsys, "", str(mp), "--config", str(config), "--from", "Fanny", "--phase", "N2")
    assert code == 0
    assert "ordre compris : harpe.ressusciter → Eve" in out
    # The chapelet has three modes: the MJ asks which.
    code, out, _ = run(
        monkeypatch, capsys, "Chapelet sur Bob", "--config", str(config), "--from", "Carole", "--phase", "N2"
    )
    assert code == 0
    assert "quel pouvoir ?" in out and "Quel pouvoir veux-tu utiliser sur Bob ?" in out
    # The configuration's dead are dead (Eve), and --dead adds to them (Fanny): the rule set refuses both.
    found = as_json(monkeypatch, capsys, "Harpe sur Bob", "--config", str(config), "--from", "Eve", "--phase", "N2")
    assert found["actions"] == [] and "Les morts" in found["refused"][0]["reason"]
    found = as_json(
        monkeypatch,
        capsys,
        "Harpe sur Eve",
        "--config",
        str(config),
        "--from",
        "Fanny",
        "--phase",
        "N2",
        "--dead",
        "Fanny",
    )
    assert "Les morts" in found["refused"][0]["reason"]
    assert [r["power"] for r in found["refused"]] == ["harpe.ressusciter"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "Zed", "--phase", "N2", *CLASSIQUE], "'Zed' n'est pas l'un des joueurs"),
        (["--from", "Théo", "--phase", "nuit 2", *CLASSIQUE], "--phase"),
        (["--from", "Théo", "--phase", "N2", "--players", "A,B"], "aucunes règles"),
        (["--from", "Théo", "--phase", "N2", *CLASSIQUE, "--roles", "Théo"], "--roles"),
        (["--from", "Théo", "--phase", "N2", *CLASSIQUE[:4], "--roles", "Théo=salvateur"], "manque : Anaïs, Boris"),
        (["--from", "Théo", "--phase", "N2", "--ruleset", "bridge", "--players", "Théo"], "--ruleset"),
    ],
)
def test_mistakes_are_said_plainly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(monkeypatch, capsys, "je sonde Boris", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("meneur : erreur :") and message in err


def test_the_console_script(tmp_path: Path) -> None:
    script = shutil.which("meneur", path=str(Path(sys.executable).parent))
    assert script, f"no `meneur` console script next to {sys.executable}: is the package installed?"
    done = subprocess.run(
        [script, "read-mp", *CLASSIQUE, "--from", "Boris", "--phase", "N2", "--json"],
        input="Ok pour Zoé.",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["actions"] == [{"power": "loups.devorer", "targets": ["Zoé"], "doubtful": False}]
