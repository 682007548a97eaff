"""Modules: rules composed on top of a base rule set (``[game] modules = ["baguette"]``).

A module is a ``Module`` value whose ``apply(base, options)`` returns a new ``RuleSet`` (engine/contract.py)
wrapping the base's functions: the wand and the votes by MP of "Baguette magique" on top of ``classique``'s
roles. The composed rule set keeps the base's id (its templates, its roles, its states' ``ruleset``) and says
which modules it holds in ``RuleSet.modules``. Pure, like the rule sets: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from ..contract import RuleSet
from ..model import GameState

MEMORY = "modules"  # state.memory[MEMORY]: the modules a game was set up with (a composed setup writes it)

# meneur's own modules: id → "module:attribute" of their ``Module`` value.
MODULES: dict[str, str] = {"baguette": "meneur.engine.modules.baguette:MODULE"}


@dataclass(frozen=True)
class Module:
    id: str  # as in ``[game] modules`` and scenario files' ``modules``
    title: str  # the rule book's own title
    # The base rule set with this module on top; ``options``: the module's own ("baguette.x" → value).
    apply: Callable[[RuleSet, Mapping[str, Any]], RuleSet]
    # The module's options (readings the MJ picks), by their full name ("baguette.x"): values, default first.
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    bases: tuple[str, ...] = ()  # the base rule sets it composes with


def known() -> list[str]:
    return sorted(MODULES)


def module(name: str) -> Module:
    """The module ``name``; a KeyError names the known ones."""
    if name not in MODULES:
        raise KeyError(f"unknown module {name!r} (known: {', '.join(known())})")
    where, attribute = MODULES[name].split(":")
    loaded = getattr(import_module(where), attribute)
    if not isinstance(loaded, Module) or loaded.id != name:
        raise TypeError(f"{MODULES[name]} is not the Module {name!r}")
    return loaded


def refusal(base: str, names: Sequence[str]) -> str | None:
    """Why these modules cannot go on this base rule set (French, for the MJ), or None."""
    seen: set[str] = set()
    for name in names:
        if name not in MODULES:
            return f"Module inconnu : « {name} » (modules connus : {', '.join(known())})."
        if name in seen:
            return f"Le module « {name} » est nommé deux fois."
        seen.add(name)
        bases = module(name).bases
        if bases and base not in bases:
            return f"Le module « {name} » se joue sur {', '.join(bases)}, pas sur « {base} »."
    return None


def compose(base: RuleSet, names: Sequence[str], options: Mapping[str, Any] | None = None) -> RuleSet:
    """``base`` with the modules ``names`` applied in order; each takes the options prefixed by its id."""
    why = refusal(base.id, names)
    if why:
        raise ValueError(why)
    rules = base
    for name in names:
        found = module(name)
        own = {k: v for k, v in (options or {}).items() if k.startswith(f"{name}.")}
        rules = found.apply(rules, own)
    return rules


@cache
def _composed(base: str, names: tuple[str, ...]) -> RuleSet:
    from ..rulesets import ruleset

    return compose(ruleset(base), names)


def rules_for(state: GameState) -> RuleSet:
    """The rule set a game plays: its base (``state.ruleset``) with the modules it was set up with (their
    options are in the state). What the daemon's readers should call where they now call
    ``ruleset(state.ruleset)`` (the MP reader, the drafts): the base alone knows no vote MP, no den."""
    from ..rulesets import ruleset

    names = tuple(state.memory.get(MEMORY, ()))
    return _composed(state.ruleset, names) if names else ruleset(state.ruleset)
