"""A built-in rule set's ``RuleSet`` from the names its package exports.

The built-in rule sets name their parts the same way (``setup``, ``validate``, ``VERBS``, ``NAMES``,
``NIGHT_ORDER``…); each used to spell out the same long ``RuleSet(...)`` call from them. ``ruleset_from``
takes each field from the package's namespace under its conventional name; what a rule set names otherwise,
or decides in place, it passes as a keyword, which wins. A field the namespace does not hold keeps
``RuleSet``'s default (a missing required one is ``RuleSet``'s own TypeError).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import RuleSet

# RuleSet field → the name a built-in rule set's package gives it.
CONVENTIONAL_NAMES: Mapping[str, str] = {
    "setup": "setup",
    "validate": "validate",
    "close_day": "close_day",
    "close_decided_day": "close_decided_day",
    "close_decided_day_owned": "close_decided_day_owned",
    "day_votes": "day_votes",
    "resolve_night": "resolve_night",
    "resolve_night_owned": "resolve_night_owned",
    "is_wolf": "is_wolf",
    "verbs": "VERBS",
    "role_names": "NAMES",
    "night_order": "NIGHT_ORDER",
    "day_tally": "day_tally",
    "vote_refusal": "vote_refusal",
    "voters": "voters",
    "night_actors": "night_actors",
    "groups": "groups",
    "powers_of": "powers_of",
    "card_extra": "card_extra",
    "opening": "opening",
    "mayor_announcement": "mayor_announcement",
    "reads_mayor_posts": "READS_MAYOR_POSTS",
    "help": "HELP",
    "examples": "EXAMPLES",
    "role_order": "ROLE_ORDER",
    "options": "OPTIONS",
    "answers": "ANSWERS",
    "day_powers": "day_powers",
    "item_names": "ITEM_NAMES",
    "player_note": "player_note",
    "mj_notes": "mj_notes",
    "read_post": "read_post",
    "phase_after": "phase_after",
}


def ruleset_from(names: Mapping[str, Any], *, id: str, title: str, **fields: Any) -> RuleSet:
    """The rule set ``id`` from ``names`` (its package's ``globals()``): every field found there under its
    conventional name (CONVENTIONAL_NAMES), then ``fields``, which take precedence."""
    found = {field: names[name] for field, name in CONVENTIONAL_NAMES.items() if name in names}
    return RuleSet(id=id, title=title, **(found | fields))
