"""The phrase syntax of :class:`meneur.parsers.actions.Verb` (``(a|b)``, ``[a|b]``, ``{cible}``, ``{moi}``):
each phrase expanded into its spellings, and a rule set's verbs compiled into patterns indexed by their
first word. See :mod:`meneur.parsers.actions` for the syntax and the reading rules. Pure."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from .frtext import NEWLINE as _NEWLINE
from .frtext import fold
from .frtext import tokenise as _tokenise

if TYPE_CHECKING:
    from .actions import Verb

# Refusal words and subjects, as canonical forms (the phrase's own words say whether it refuses the
# power, and whether it starts with its subject).
_REFUSAL_MARKERS = frozenset("ne pas aucun aucune personne rien jamais nul nulle garde conserve".split())
_SUBJECTS = frozenset("je on nous moi tu il elle ils elles vous".split())
# « garder » keeps a power unused (« je garde ma potion »), except where what is kept is a place one guards
# (« je garde les murs »: the citadelles' gardien des murs), or a power kept in use (« je garde la double
# voix »: the baguette Magicien's default power, chosen again).
_GUARDED = frozenset("murs mur remparts portes porte double".split())


_SLOT = "\x00cible"
_SELF_EL = "\x00moi"
_PHRASE_PART = re.compile(r"\{cible\}|\{moi\}|[()\[\]|]|[^\s()\[\]|{}]+|\S")
_MAX_EXPANSIONS = 20000


class _Pattern(NamedTuple):
    verb: int
    elements: tuple[str, ...]
    refusal: bool
    subject: bool
    leading: bool  # starts with {cible}: the names come before the words


class _Compiled(NamedTuple):
    verbs: tuple[Verb, ...]
    by_word: dict[str, tuple[_Pattern, ...]]  # by first word
    zero_means_use: tuple[bool, ...]  # per verb: a phrase without any target
    by_power: dict[str, tuple[int, ...]]  # folded power id → verb indexes


def _literal(chunk: str) -> tuple[str, ...]:
    return tuple(t.canon for t in _tokenise(chunk) if t.kind != _NEWLINE)


def expand(phrase: str) -> list[tuple[str, ...]]:
    """Every spelling of a phrase, as canonical words (``{cible}``/``{moi}`` as markers).

    Raises ``ValueError`` on a malformed phrase (unbalanced brackets, unknown placeholder)."""
    parts = _PHRASE_PART.findall(phrase)
    pos = 0

    def sequence() -> list[tuple[str, ...]]:
        nonlocal pos
        results: list[tuple[str, ...]] = [()]
        while pos < len(parts) and parts[pos] not in (")", "]", "|"):
            part = parts[pos]
            pos += 1
            if part in ("(", "["):
                alternatives = group(")" if part == "(" else "]")
                if part == "[":
                    alternatives.append(())
                results = [r + a for r in results for a in alternatives]
            elif part == "{cible}":
                results = [(*r, _SLOT) for r in results]
            elif part == "{moi}":
                results = [(*r, _SELF_EL) for r in results]
            elif part.startswith("{") or part.startswith("}"):
                raise ValueError(f"unknown placeholder in phrase {phrase!r}")
            else:
                words = _literal(part)
                results = [r + words for r in results]
            if len(results) > _MAX_EXPANSIONS:
                raise ValueError(f"phrase {phrase!r} has too many spellings")
        return results

    def group(closing: str) -> list[tuple[str, ...]]:
        nonlocal pos
        alternatives: list[tuple[str, ...]] = []
        while True:
            alternatives.extend(sequence())
            if pos >= len(parts):
                raise ValueError(f"unclosed bracket in phrase {phrase!r}")
            separator = parts[pos]
            pos += 1
            if separator == closing:
                return alternatives
            if separator != "|":
                raise ValueError(f"mismatched bracket in phrase {phrase!r}")

    expansions = sequence()
    if pos != len(parts):
        raise ValueError(f"unbalanced bracket in phrase {phrase!r}")
    return list(dict.fromkeys(_merge_slots(e) for e in expansions))


def _merge_slots(elements: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for element in elements:
        if element == _SLOT and out and out[-1] == _SLOT:
            continue
        if element == _SLOT and len(out) >= 2 and out[-1] in ("et", ",", "&") and out[-2] == _SLOT:
            out.pop()
            continue
        out.append(element)
    return tuple(out)


def _guards(literals: list[str], i: int) -> bool:
    """``literals[i]`` is « garde » followed by an article and a place guarded (« garde les murs »)."""
    return literals[i] == "garde" and literals[i + 2 : i + 3] != [] and literals[i + 2] in _GUARDED


def _pattern(verb: int, elements: tuple[str, ...], phrase: str) -> _Pattern:
    literals = [e for e in elements if e not in (_SLOT, _SELF_EL)]
    if not literals:
        raise ValueError(f"phrase {phrase!r} has no words")
    first = next(i for i, e in enumerate(elements) if e not in (_SLOT, _SELF_EL))
    if first > 1 or (first == 1 and elements[0] != _SLOT):
        raise ValueError(f"phrase {phrase!r}: only one {{cible}} may come before the words")
    for i, element in enumerate(elements[:-1]):
        if element == _SLOT and elements[i + 1] in (_SLOT, _SELF_EL):
            raise ValueError(f"phrase {phrase!r}: a {{cible}} must be followed by words or end the phrase")
    return _Pattern(
        verb,
        elements,
        refusal=any(e in _REFUSAL_MARKERS and not _guards(literals, i) for i, e in enumerate(literals)),
        subject=literals[0] in _SUBJECTS and first == 0,
        leading=first == 1,
    )


@lru_cache(maxsize=32)
def _compile(verbs: tuple[Verb, ...]) -> _Compiled:
    index: dict[str, list[_Pattern]] = {}
    zero_means_use: list[bool] = []
    by_power: dict[str, list[int]] = {}
    for number, verb in enumerate(verbs):
        use_without_target = False
        for phrase in verb.phrases:
            for elements in expand(phrase):
                pattern = _pattern(number, elements, phrase)
                first = elements[1] if pattern.leading else elements[0]
                index.setdefault(first, []).append(pattern)
                if not pattern.refusal and _SLOT not in elements and _SELF_EL not in elements:
                    use_without_target = True
        zero_means_use.append(use_without_target)
        by_power.setdefault(_power_key(verb.power), []).append(number)
    return _Compiled(
        verbs,
        {k: tuple(v) for k, v in index.items()},
        tuple(zero_means_use),
        {k: tuple(v) for k, v in by_power.items()},
    )


def _power_key(power: str) -> str:
    return fold(power).replace("-", "_").replace(" ", "_")
