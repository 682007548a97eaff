"""The daemon reaches a rule set or a module only through the contract (engine/contract.py's ``RuleSet`` hooks,
and the registries ``engine.rulesets`` / ``engine.modules`` that hand out composed rule sets): no daemon file
imports one rule set's or one module's own package. A module's behaviour in the live daemon is then whatever its
hooks say (baguette's absences in the live count: ``RuleSet.note_absences``), and a new module needs no change
in daemon/."""

from __future__ import annotations

import ast
from pathlib import Path

import meneur.daemon
import meneur.engine

DAEMON = Path(meneur.daemon.__file__).parent
ENGINE = Path(meneur.engine.__file__).parent
# Known and left (not this change's): config_rules.py reads convivialite's "role to come" id directly.
KNOWN = {"config_rules.py"}


def _inside_a_package(name: str) -> bool:
    """Whether the dotted ``name`` (``engine.modules.baguette.votes``) lies in one rule set's or module's own
    package or file, rather than being a registry or a name the registry exports."""
    parts = name.split(".")
    if parts[:2] not in (["engine", "modules"], ["engine", "rulesets"]) or len(parts) < 3:
        return False
    folder = ENGINE / parts[1]
    return (folder / parts[2]).is_dir() or (folder / f"{parts[2]}.py").is_file()


def specific_imports(source: str) -> list[str]:
    """The modules a daemon file's ``source`` imports from inside one rule set's or one module's package."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            base = node.module.removeprefix("meneur.")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name.removeprefix("meneur.") for alias in node.names]
        else:
            continue
        found += [name for name in names if _inside_a_package(name)][:1]
    return found


def test_the_daemon_imports_no_rule_set_or_module_package() -> None:
    files = sorted(p for p in DAEMON.rglob("*.py") if p.name not in KNOWN)
    assert len(files) > 30  # the walk found the daemon's files
    offending = {str(p.relative_to(DAEMON)): specific_imports(p.read_text(encoding="utf-8")) for p in files}
    assert {name: found for name, found in offending.items() if found} == {}


def test_the_check_tells_a_registry_from_a_package() -> None:
    assert specific_imports("from ..engine.modules import compose\nfrom ..engine.rulesets import ruleset\n") == []
    assert specific_imports("from ..engine.modules.baguette.votes import with_absences\n") == [
        "engine.modules.baguette.votes"
    ]
    assert specific_imports("from ..engine.rulesets import trinite_core\n") == ["engine.rulesets.trinite_core"]
    assert specific_imports("import meneur.engine.rulesets.convivialite.roles\n") == [
        "engine.rulesets.convivialite.roles"
    ]
    config_rules = (DAEMON / "config_rules.py").read_text(encoding="utf-8")
    assert specific_imports(config_rules) == ["engine.rulesets.convivialite.roles"]  # the one known (KNOWN)
