"""The installed rule sets, found by their entry points (group ``meneur.rulesets``).

Every rule set, meneur's own included, declares itself in its package's ``pyproject.toml``::

    [project.entry-points."meneur.rulesets"]
    classique = "meneur.engine.rulesets.classique:RULESET"

The name is the rule set's id (``[game] ruleset``), the value a ``RuleSet`` (``engine/contract.py``).
An MJ's house rules live in their own package and plug in the same way, without touching meneur.
Reading the installed packages' metadata is done once per process (the lookup is cached), the same
kind of act as importing a module: the rules themselves stay pure.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from ..contract import RuleSet

GROUP = "meneur.rulesets"


@cache
def installed() -> dict[str, EntryPoint]:
    """Every declared rule set, by id (not loaded). A name declared twice keeps its first declaration."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


@cache
def ruleset(name: str) -> RuleSet:
    """The rule set ``name``: its entry point, loaded and checked. A KeyError names the installed ones."""
    point = installed().get(name)
    if point is None:
        known = ", ".join(sorted(installed())) or "none: is meneur installed (pip install -e .)?"
        raise KeyError(f"unknown rule set {name!r} (installed: {known})")
    loaded = point.load()
    if not isinstance(loaded, RuleSet):
        raise TypeError(f"the entry point {point.value!r} of rule set {name!r} is not a RuleSet")
    if loaded.id != name:
        raise TypeError(f"the entry point {name!r} gives the rule set {loaded.id!r}: the names must agree")
    return loaded


def every() -> list[RuleSet]:
    """Every installed rule set, loaded, by id."""
    return [ruleset(name) for name in sorted(installed())]
