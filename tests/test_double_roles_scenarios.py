"""`double-roles` scenarios replayed through `meneur replay --json` (the real vote counter and MP reader),
checked against their `[expect]`. The rule set is not declared in pyproject.toml yet (its templates and the
generic checks come later): these tests declare it for their own duration."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.engine import rulesets

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "scenarios"
SCENARIOS = sorted((ROOT / "double-roles").glob("*.toml"))


@pytest.fixture
def declared() -> Iterator[None]:
    """The rule set declared like an installed one (its entry point added to the cached table), then removed."""
    table = rulesets.installed()
    added = "double-roles" not in table
    if added:
        table["double-roles"] = EntryPoint(
            "double-roles", "meneur.engine.rulesets.double_roles:RULESET", rulesets.GROUP
        )
    yield
    if added:
        del table["double-roles"]
        rulesets.ruleset.cache_clear()


def replay(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["replay", "--json", str(path)]) == 0, capsys.readouterr().err
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def check(events: list[dict[str, object]], expect: dict[str, object]) -> None:
    final = events[-1]
    assert final["type"] == "final"
    deaths = Counter((e["phase"], e["player"], e["cause"]) for e in events if e["type"] == "death")
    wanted = expect.get("deaths", [])
    assert isinstance(wanted, list)
    assert deaths == Counter((d["phase"], d["player"], d["cause"]) for d in wanted)
    if "alive" in expect:
        assert sorted(final["alive"]) == sorted(expect["alive"])  # type: ignore[arg-type]
    assert final["winner"] == expect.get("winner")
    for row in expect.get("events", []):  # type: ignore[attr-defined]
        assert any(all(e.get(k) == v for k, v in row.items()) for e in events), row
    for row in expect.get("absent", []):  # type: ignore[attr-defined]
        assert not any(all(e.get(k) == v for k, v in row.items()) for e in events), row


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in SCENARIOS])
def test_scenario(path: Path, declared: None, capsys: pytest.CaptureFixture[str]) -> None:
    expect = tomllib.loads(path.read_text(encoding="utf-8")).get("expect", {})
    check(replay(path, capsys), expect)


# A whole short game written from the rule text, in players' French: the vocabulary, the night order and the
# day together. Seven players; the Voyante (number 5) plays before the other Voyante (number 9).
GAME = """ruleset = "double-roles"
seed = 3

[options]
ordre = { "Alice:voyante" = 5, "Gaston:voyante" = 9 }
cibles = { Fanny = ["Alice", "Bruno", "Carla", "David", "Emma", "Gaston"] }

[[players]]
name = "Alice"
role = "voyante+salvateur"
camp = "villageois"
[[players]]
name = "Bruno"
role = "corbeau+meneur"
camp = "loup"
[[players]]
name = "Carla"
role = "sorcier+detective"
camp = "loup"
[[players]]
name = "David"
role = "croque_mort+chasseur"
camp = "loup"
[[players]]
name = "Emma"
role = "vieux_chiant+meneur"
camp = "loup_solitaire"
[[players]]
name = "Fanny"
role = "necromancienne+cupidon"
camp = "assassin"
[[players]]
name = "Gaston"
role = "voyante+corbeau"
camp = "villageois"

[[phases]]
phase = "J0"
posts = [
  { author = "Alice", text = "[color=brown][b]Je vote contre Gaston[/b][/color]" },
  { author = "Bruno", text = "[color=brown][b]Je vote contre Gaston[/b][/color]" },
]

[[phases]]
phase = "N1"
mps = [
  { from = "Alice", text = "J'espionne la maison de Bruno : rôles" },
  { from = "Alice", text = "Je protège la maison de Gaston" },
  { from = "Bruno", text = "On attaque la maison de Gaston" },
  { from = "Carla", text = "On attaque la maison de Gaston" },
  { from = "Gaston", text = "Corbeau sur Carla" },
]

[[phases]]
phase = "J1"
posts = [
  { author = "Alice", text = "[color=brown][b]Je vote contre Bruno[/b][/color]" },
  { author = "Gaston", text = "[color=brown][b]Je vote contre Bruno[/b][/color]" },
  { author = "Bruno", text = "[color=brown][b]Je vote contre Alice[/b][/color]" },
]

[expect]
deaths = [ { phase = "J1", player = "Bruno", cause = "bucher" } ]
events = [
  { type = "mayor_elected", phase = "J0", player = "Gaston" },
  { type = "seer_result", phase = "N1", player = "Alice", kind = "roles" },
  { type = "crow_votes", phase = "N1", player = "Carla", votes = 2 },
  { type = "wolves_target", phase = "N1", house = "Gaston", draw = false },
  { type = "protected", phase = "N1", player = "Gaston" },
  { type = "mayor_tiebreak", phase = "J1", mayor = "Gaston", target = "Bruno", audience = "mj" },
  { type = "pyre", phase = "J1", player = "Bruno" },
]
absent = [ { type = "death", phase = "N1" } ]
"""


def test_a_short_game_in_players_french(tmp_path: Path, declared: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Gaston's house protected, the wolves' attack on it fails; on J1 Alice (Bruno the Meneur's 2 votes),
    Bruno (Alice and Gaston) and Carla (the Corbeau's 2) are tied: the mayor Gaston's ballot counts double,
    secretly, and Bruno burns."""
    path = tmp_path / "partie.toml"
    path.write_text(GAME, encoding="utf-8")
    events = replay(path, capsys)
    check(events, tomllib.loads(GAME)["expect"])
    counts = [e for e in events if e["type"] == "vote_result" and e["phase"] == "J1"]
    assert counts and counts[0]["audience"] == "mj"
    assert counts[0]["counts"] == {"Alice": 2, "Bruno": 2, "Carla": 2}  # type: ignore[index]


# The later roles' powers in players' French, by night and by day.
GAME2 = """ruleset = "double-roles"
seed = 5

[[players]]
name = "Alice"
role = "voyante+salvateur"
camp = "villageois"
[[players]]
name = "Bruno"
role = "corbeau+meneur"
camp = "loup"
[[players]]
name = "Carla"
role = "convaincant+sympathique"
camp = "villageois"
[[players]]
name = "David"
role = "institutrice+chatelain"
camp = "villageois"
[[players]]
name = "Emma"
role = "araignee+lache"
camp = "loup_solitaire"
[[players]]
name = "Fanny"
role = "croque_mort+croque_mort"
camp = "assassin"
[[players]]
name = "Gaston"
role = "planque+voyeur"
camp = "villageois"

[[phases]]
phase = "J0"
posts = [
  { author = "Bruno", text = "[color=brown][b]Je vote contre Alice[/b][/color]" },
  { author = "Carla", text = "[color=brown][b]Je vote contre Alice[/b][/color]" },
]

[[phases]]
phase = "N1"
mps = [
  { from = "Gaston", text = "Je me planque chez Alice" },
  { from = "Bruno", text = "On attaque la maison de Gaston" },
  { from = "Emma", text = "Je relie Alice et Bruno" },
  { from = "Alice", text = "J'espionne la maison de Bruno : rôles" },
]

[[phases]]
phase = "J1"
posts = [
  { author = "Alice", text = "[color=brown][b]Je vote contre Emma[/b][/color]" },
  { author = "Gaston", text = "[color=brown][b]Je vote contre Emma[/b][/color]" },
  { author = "Carla", text = "[color=brown][b]Je vote contre Bruno[/b][/color]" },
  { author = "Bruno", text = "[color=brown][b]Je vote contre Alice[/b][/color]" },
  { author = "David", text = "[color=brown][b]Je vote contre Emma[/b][/color]" },
]
mps = [
  { from = "David", text = "Je prive de vote Carla et Bruno" },
  { from = "David", text = "J'annule le bûcher si c'est Emma, Fanny" },
  { from = "Emma", text = "Message anonyme pour Gaston : je sais qui tu es." },
]

[[phases]]
phase = "N2"
mps = [ { from = "Carla", text = "Je vais chez Bruno : villageois" } ]

[expect]
deaths = [ { phase = "N2", player = "Bruno", cause = "convaincant" } ]
events = [
  { type = "hidden", phase = "N1", player = "Gaston", host = "Alice" },
  { type = "wolves_target", phase = "N1", house = "Gaston" },
  { type = "spider_link", phase = "N1", player = "Alice", target = "Bruno", messages = 2 },
  { type = "seer_result", phase = "N1", player = "Alice", seen = [{ player = "Bruno", roles = ["corbeau","meneur"] }] },
  { type = "vote_result", phase = "J1", counts = { Emma = 2 } },
  { type = "pyre_cancelled", phase = "J1", player = "Emma" },
  { type = "anonymous_mp", phase = "J1", player = "Gaston" },
]
absent = [ { type = "death", phase = "N1" }, { type = "pyre", phase = "J1" } ]
"""


def test_later_powers_in_players_french(tmp_path: Path, declared: None, capsys: pytest.CaptureFixture[str]) -> None:
    """N1: Gaston hides at Alice's, so the pack's attack on his house finds nobody; J1: the Institutrice takes
    Carla's and Bruno's votes and hers never counts, Emma leads alone (Alice, Gaston) and the Châtelain's
    conditional MP cancels her pyre; N2: the Convaincant makes the Loup Bruno a villager, who dies."""
    path = tmp_path / "partie2.toml"
    path.write_text(GAME2, encoding="utf-8")
    check(replay(path, capsys), tomllib.loads(GAME2)["expect"])
