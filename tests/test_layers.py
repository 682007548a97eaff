"""The pure layers do not lean on each other: ``engine/`` imports nothing from ``parsers/`` and
``parsers/`` nothing from ``engine/``; neither imports ``daemon/``. What both need (the records, the
rule sets' verbs, text folding) is in ``meneur.vocabulary``. Read from the source, every import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, as an absolute ``meneur.…`` name where it is one of ours."""
    package = ["meneur", *path.relative_to(ROOT).with_suffix("").parts[:-1]]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize(("layer", "forbidden"), [("engine", ("parsers", "daemon")), ("parsers", ("engine", "daemon"))])
def test_a_pure_layer_imports_neither_the_other_nor_the_daemon(layer: str, forbidden: tuple[str, ...]) -> None:
    files = sorted((ROOT / layer).rglob("*.py"))
    assert len(files) > 5
    leaks = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in _imports(path)
        if any(name == f"meneur.{other}" or name.startswith(f"meneur.{other}.") for other in forbidden)
    }
    assert not leaks, sorted(leaks)


def test_the_shared_vocabulary_imports_none_of_ours() -> None:
    assert not {n for n in _imports(ROOT / "vocabulary.py") if n.startswith("meneur")}
