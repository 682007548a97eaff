"""Rule sets, by the ids of shared/rules/README.md."""

from __future__ import annotations

from types import ModuleType


def ruleset(name: str) -> ModuleType:
    """The rule set's package (``setup``, ``validate``, ``close_day``, ``resolve_night``, ``VERBS``)."""
    if name == "classique":
        from . import classique

        return classique
    if name == "convivialite":
        from . import convivialite

        return convivialite
    if name == "trinite-meuporg":
        from . import trinite_meuporg

        return trinite_meuporg
    raise KeyError(f"unknown rule set {name!r} (known: classique, convivialite, trinite-meuporg)")
