"""Rule sets are found by their entry points: meneur's own, and an MJ's, in a package of its own
that meneur does not know of. The package here is real files on ``sys.path`` (a module and its
``.dist-info`` with ``entry_points.txt``), found by ``importlib.metadata`` as pip would install it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.render import environment, render
from meneur.engine import rulesets
from meneur.engine.contract import RuleSet
from meneur.engine.rulesets import citadelles, classique, convivialite, double_roles, trinite_meuporg
from meneur.engine.rulesets.registration import ruleset_from

MAISON = """
from dataclasses import replace
from meneur.engine.rulesets.classique import RULESET as CLASSIQUE

RULESET = replace(CLASSIQUE, id="maison", title="Les règles de la maison", templates=("regles_maison", "gabarits"))
PAS_UNE_REGLE = "rien"
"""


def _package(root: Path, entries: str) -> None:
    (root / "regles_maison").mkdir()
    (root / "regles_maison" / "__init__.py").write_text(MAISON, encoding="utf-8")
    (root / "regles_maison" / "gabarits" / "maison").mkdir(parents=True)
    (root / "regles_maison" / "gabarits" / "maison" / "role_card.bbcode.j2").write_text(
        "Bienvenue à la maison, {{ player|esc }}.\n", encoding="utf-8"
    )
    info = root / "regles_maison-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: regles-maison\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[meneur.rulesets]\n{entries}", encoding="utf-8")


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    rulesets.installed.cache_clear()
    rulesets.ruleset.cache_clear()
    environment.cache_clear()
    yield
    rulesets.installed.cache_clear()
    rulesets.ruleset.cache_clear()
    environment.cache_clear()
    sys.modules.pop("regles_maison", None)


def test_the_built_in_rule_sets_come_from_their_entry_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert {"classique", "convivialite", "trinite-meuporg", "trinite"} <= set(rulesets.installed())
    assert rulesets.installed()["classique"].value == "meneur.engine.rulesets.classique:RULESET"
    assert rulesets.ruleset("classique") is classique.RULESET
    assert rulesets.ruleset("convivialite") is convivialite.RULESET
    assert rulesets.ruleset("trinite-meuporg") is trinite_meuporg.RULESET
    # citadelles and double-roles are declared like the others (no built-in table finds them on the side).
    assert rulesets.installed()["citadelles"].value == "meneur.engine.rulesets.citadelles:RULESET"
    assert rulesets.ruleset("citadelles") is citadelles.RULESET
    assert rulesets.installed()["double-roles"].value == "meneur.engine.rulesets.double_roles:RULESET"
    assert rulesets.ruleset("double-roles") is double_roles.RULESET
    assert {r.id for r in rulesets.every()} >= {"citadelles", "double-roles"}
    assert main(["rulesets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("classique\t") and "Le jeu du Loup Garou (règlement)" in line for line in lines)
    assert any(line.startswith("trinite-meuporg\t") and "LG Trinité Meuporg" in line for line in lines)
    assert any(line.startswith("citadelles\t") and "LG Citadelles" in line for line in lines)
    assert any(line.startswith("double-roles\t") and "Règles double-rôles" in line for line in lines)


def test_an_unknown_rule_set_names_the_installed_ones() -> None:
    with pytest.raises(KeyError, match=r"unknown rule set 'loup-blanc' \(installed: .*classique"):
        rulesets.ruleset("loup-blanc")


def test_a_rule_set_in_its_own_package_plugs_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fresh_registry: None
) -> None:
    _package(tmp_path, "maison = regles_maison:RULESET\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    rules = rulesets.ruleset("maison")
    assert isinstance(rules, RuleSet) and rules.title == "Les règles de la maison"
    state = rules.setup(["Alice", "Bob", "Carole", "David", "Eve", "Fanny"], 3)
    assert state.phase == "J0"
    # Its templates come from its own package; meneur's stay where they were.
    assert render("maison/role_card", "bbcode", {"player": "[b]Alice"}) == "Bienvenue à la maison, [\u200bb]Alice.\n"
    assert "Alice" in render("classique/role_card", "bbcode", _card_context())
    assert main(["rulesets"]) == 0
    assert any(
        line.startswith("maison\tregles_maison:RULESET\tLes règles de la maison")
        for line in capsys.readouterr().out.splitlines()
    )


def test_a_separate_process_finds_the_package_too(tmp_path: Path) -> None:
    _package(tmp_path, "maison = regles_maison:RULESET\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    meneur = Path(sys.executable).with_name("meneur")
    out = subprocess.run([str(meneur), "rulesets"], env=env, capture_output=True, text=True, check=True).stdout
    assert "maison\tregles_maison:RULESET\tLes règles de la maison" in out
    assert "classique\t" in out


def test_a_wrong_declaration_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fresh_registry: None
) -> None:
    _package(tmp_path, "pas-une-regle = regles_maison:PAS_UNE_REGLE\nautre-nom = regles_maison:RULESET\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match="is not a RuleSet"):
        rulesets.ruleset("pas-une-regle")
    with pytest.raises(TypeError, match="gives the rule set 'maison'"):
        rulesets.ruleset("autre-nom")
    assert main(["rulesets"]) == 0  # the broken ones are listed as such; the others still are
    out = capsys.readouterr().out
    assert "pas-une-regle\tregles_maison:PAS_UNE_REGLE\tcannot be loaded" in out and "classique\t" in out


def _card_context() -> dict[str, object]:
    return {
        "player": "Alice",
        "role": "Voyante",
        "camp": "du village",
        "wolves": [],
        "powers": [],
        "mj": "MJ",
        "extra": {},
    }


def test_ruleset_from_takes_each_field_by_its_conventional_name_and_a_keyword_wins() -> None:
    def setup(*args: object, **kwargs: object) -> None: ...
    def validate(*args: object) -> None: ...
    def close_day(*args: object) -> None: ...
    def resolve_night(*args: object) -> None: ...
    def is_wolf(*args: object) -> bool: ...
    def night_actors(*args: object) -> list[str]: ...
    def other_actors(*args: object) -> list[str]: ...

    names = {"setup": setup, "validate": validate, "close_day": close_day, "resolve_night": resolve_night,
             "is_wolf": is_wolf, "VERBS": (), "NAMES": {"loup": "Loup"}, "NIGHT_ORDER": ("loups",),
             "night_actors": night_actors, "HELP": {"loups.devorer": "dévorer"}, "check_winner": print}  # fmt: skip
    built = ruleset_from(names, id="essai", title="Essai", night_actors=other_actors, secret_counts=True)
    assert (built.id, built.title, built.setup, built.validate, built.close_day, built.resolve_night) == (
        "essai", "Essai", setup, validate, close_day, resolve_night,
    )  # fmt: skip
    assert (built.is_wolf, built.role_names, built.night_order, built.help) == (
        is_wolf, {"loup": "Loup"}, ("loups",), {"loups.devorer": "dévorer"},
    )  # fmt: skip
    assert built.night_actors is other_actors and built.secret_counts  # the keyword wins
    assert built.day_tally is None and built.examples == {} and built.options == {}  # absent: RuleSet's default
    del names["validate"]
    with pytest.raises(TypeError, match="validate"):  # a required part missing is RuleSet's own error
        ruleset_from(names, id="essai", title="Essai")
