"""The `hameau` rule set: the tutorial of docs/writing-a-rule-set.md, small and complete.

This file is the rule set's whole contract with meneur: one ``RuleSet`` value (engine/contract.py),
declared in pyproject.toml under ``[project.entry-points."meneur.rulesets"]``.
"""

from __future__ import annotations

from ...contract import RuleSet
from . import rules
from .roles import NAMES, ROLE_ORDER
from .vocabulary import EXAMPLES, HELP, VERBS

RULESET = RuleSet(
    id="hameau",
    title="Le Hameau (règles du tutoriel)",
    setup=rules.setup,
    validate=rules.validate,
    close_day=rules.close_day,
    resolve_night=rules.resolve_night,
    is_wolf=rules.is_wolf,
    verbs=VERBS,
    role_names=NAMES,
    night_order=rules.NIGHT_ORDER,
    day_tally=rules.day_tally,
    night_actors=rules.night_actors,
    help=HELP,
    examples=EXAMPLES,
    role_order=ROLE_ORDER,
)

__all__ = ["RULESET", "rules"]
