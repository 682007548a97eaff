"""Find the actions a player asks the MJ for in a private message (MP), written in natural French.

A rule set describes its powers as :class:`Verb` values: a power id (``"salvateur.proteger"``) and
the French phrasings players use for it. :func:`find_actions` reads an MP's text and returns every
:class:`ActionMention` in reading order; names stay as written, for the engine to resolve like vote
names (:mod:`meneur.engine.names`).

Phrase syntax (one phrase is many spellings):

- words are matched on a folded copy of both sides: lower case, accents off, ``œ`` → ``oe``, curly
  apostrophes and non-breaking spaces normalised, any run of spaces is one space, hyphens join like
  spaces (``loups-garous`` = ``loups garous``), elisions are equivalent (``j'`` = ``je``,
  ``d'`` = ``de``, ``l'`` = ``le`` = ``la``, ``n'`` = ``ne``…);
- ``(a|b c|d)``: one of the alternatives; ``[a|b]``: optional (one of them, or nothing);
- ``{cible}``: one or more names; ``{cible} et {cible}`` is the same slot (a list of names is read
  whatever its length: ``X``, ``X et Y``, ``X, Y et Z``, ``X & Y``);
- ``{moi}``: the sender, returned as the target :data:`SELF` (``"moi"``), as is a written
  ``moi`` / ``moi-même`` / ``chez moi`` / ``ma porte``;
- ``:`` matches ``:``, ``=``, ``->``, ``→`` and dashes;
- a phrase holding a negation word (``ne``, ``pas``, ``aucun(e)``, ``personne``, ``rien``,
  ``jamais``, ``garde``…) is a *refusal*: "pas de protection", "aucun mouton" (not ``garde`` before a
  place guarded: "je garde les murs");

Reading rules:

- quoted text never counts: ``[quote]…[/quote]`` blocks (nested, with or without an author; an
  unclosed one runs to the end) and lines starting with ``>``; other BBCode tags are ignored;
- the words of a phrase may be separated by a few adverbs and negation particles
  ("je vais **donc** protéger", "je **ne** veux **pas** protéger");
- a name stops at sentence punctuation, at a list separator, at a small-word list ("cette nuit",
  "ce soir", "svp", "merci", "pour", "car", "parce que", pronouns, smileys "lol"/"xD"…) and, when it
  starts with a capital, at the first lower-case word that is not a particle (``de``, ``du``, ``la``…
  followed by a capital): "je protège Boris le plus gentil" → ``Boris``;
- a negated request gives no action ("je ne sonde pas Boris", "je sonde pas Boris",
  "pas de potion de guérison", "je garde ma potion de guérison"). A refusal with no name
  ("je ne charme personne", "pas de moutons cette nuit") gives an action with **zero targets** when the
  power accepts zero targets (``min_targets == 0``) and zero targets does not already mean using
  it (no phrase of the verb is without ``{cible}``/``{moi}``: "potion de guérison" saves the wolves'
  victim, so "pas de potion de guérison" gives nothing); otherwise nothing;
- a request that is a question ("je protège Boris ?", unless the power asks one itself, :attr:`Verb.asks`:
  « Élémentariste : Gaston, offensif ? »), a hypothesis ("si je protège Boris…"), a
  hesitation ("Boris ou Alice") or, for noun phrases, in the past ("j'ai déjà utilisé ma potion de
  guérison") gives nothing;
- a phrase with ``{cible}`` where no name can be read gives nothing ("je sauve ma peau", "je charme
  tout le monde"): zero targets come only from a phrase without ``{cible}`` ("potion de guérison",
  "je tombe malade") or from a refusal; names beyond ``max_targets``
  joined by "et"/"&" are kept (the engine says too many); after a comma, names are read only while
  fewer than ``max_targets``;
- where phrases overlap, the one with more words matched wins ("je protège X du bûcher" is the
  Ange-Gardien's, not the Salvateur's "je protège X"); equal phrases of *different* powers at the same
  place are all kept ("je mords X": Chef de meute and Maître-Vampire), the engine picks by role — or,
  when the verbs say they go together (:attr:`Verb.together`), the MP reader keeps both ("je lance
  explosif sur Léo": the launch and the use).

Modules: the text's folding, tokens and markup are :mod:`meneur.parsers.frtext`; the phrase syntax's
expansion and compilation :mod:`meneur.parsers.phrases`; the word lists read around a phrase (negations,
what ends a name, fillers) :mod:`meneur.parsers.actionwords`; the reader of free wording that backs this
grammar up (keywords and the players' names) :mod:`meneur.parsers.freeform`.

Canonical form, always understood: ``!power cible1, cible2`` alone on its line (e.g.
``!salvateur.proteger Boris``, ``!cupidon.amoureux Boris et Alice``, ``!sorciere.guerison``,
``!joueur_de_flute.charmer personne``). Names are separated by ``,`` ``;`` ``&`` ``+`` ``/`` or
``et``; ``personne``/``aucun``/``rien``/``-`` means zero targets; ``moi`` is the sender. See
:func:`canonical`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..vocabulary import Verb as Verb  # its home; here for the parsers' callers
from .actionwords import (
    _CLAUSE,
    _COMMAS,
    _DETERMINERS,
    _HYP_CUES,
    _LEADING_FILLERS,
    _NEG,
    _NEG_CUES,
    _PARTICLES,
    _PAST_CUES,
    _REFUSAL_WORDS_CANON,
    _REFUSE,
    _SELF_SEQS,
    _SEPARATORS,
    _SKIPPABLE,
    _STOP_SEQS,
    _TARGET_FILLERS,
    _is_quote,
    _seq_at,
)
from .actionwords import _STOP as _STOP  # the MP flow's name stops
from .frtext import COLON as _COLON
from .frtext import NEWLINE as _NEWLINE
from .frtext import PUNCT as _PUNCT
from .frtext import WORD as _WORD
from .frtext import Token as _Token
from .frtext import blank as _blank
from .frtext import fold as fold
from .frtext import strip_markup as _strip_markup
from .frtext import tokenise as _tokenise
from .phrases import _SELF_EL, _SLOT, _compile, _Compiled, _Pattern, _power_key
from .phrases import expand as expand  # the phrase syntax, public here as before

SELF = "moi"
"""The target meaning the sender ("je me protège", "un mouton devant chez moi")."""

MAX_NAME_WORDS = 5


@dataclass(frozen=True, slots=True)
class ActionMention:
    """One action found in an MP."""

    power: str
    targets: tuple[str, ...]  # names as written, cleaned of punctuation; SELF for the sender
    start: int  # position in the text (reading order)
    text: str  # the sentence it was found in, for the MJ
    end: int = field(default=-1, compare=False)  # where the phrase read ends in the text


def canonical(verb: Verb) -> str:
    """The canonical form of a power, as shown on a role card: ``!salvateur.proteger NOM``.

    A power used without a name (the Malade's, the Sorcière's healing) shows none."""
    if verb.max_targets <= 0 or (verb.min_targets == 0 and _compile((verb,)).zero_means_use[0]):
        return f"!{verb.power}"
    if verb.slots:  # words, not players: ``!dague.infiltration GROUPE``, ``!baton.elementariste NOM, STYLE``
        return f"!{verb.power} " + ", ".join(verb.slots)
    if verb.max_targets == 1:
        return f"!{verb.power} NOM"
    names = [f"NOM{i}" for i in range(1, min(verb.max_targets, 3) + 1)]
    if verb.max_targets > 3:
        names.append("…")
    return f"!{verb.power} " + ", ".join(names)


def uses_without_target(verb: Verb) -> bool:
    """The power is used with no name at all ("je tombe malade", "potion de guérison": the victim)."""
    return verb.max_targets <= 0 or (verb.min_targets == 0 and _compile((verb,)).zero_means_use[0])


# ---------------------------------------------------------------------------------------------
# Markup: quotes, BBCode, canonical lines

_CANONICAL_LINE = re.compile(r"^[^\S\n]*!([\w.\-]+)[^\S\n]*:?[^\S\n]*(.*)$", re.MULTILINE)
_CANONICAL_SPLIT = re.compile(r"\s*(?:[,;&+/]|\bet\b)\s*", re.IGNORECASE)
_CANONICAL_CUT = re.compile(r"[!?()\[\]{}…]|\.(?:\s|$)")
_NAME_STRIP = " \t.:!?…\"'«»“”‘’*_~@[]()"


def _clean_name(raw: str) -> str:
    return " ".join(raw.strip(_NAME_STRIP).split()).strip(_NAME_STRIP)


def _canonical_lines(text: str, compiled: _Compiled, found: list[tuple[int, int, ActionMention]]) -> str:
    """Reads the ``!power names`` lines into ``found`` and returns the text without them."""
    chars: list[str] | None = None
    for m in _CANONICAL_LINE.finditer(text):
        numbers = compiled.by_power.get(_power_key(m.group(1)))
        if not numbers:
            continue
        rest = m.group(2)
        cut = _CANONICAL_CUT.search(rest)
        if cut:
            rest = rest[: cut.start()]
        targets: list[str] = []
        for part in _CANONICAL_SPLIT.split(rest):
            name = _clean_name(part)
            key = fold(name)
            if not name or key in _REFUSAL_WORDS_CANON:
                continue
            targets.append(SELF if key in ("moi", "moi-meme", "moi meme") else name)
        start = m.start(1) - 1
        line = " ".join(m.group().split())
        for number in numbers:
            verb = compiled.verbs[number]
            chosen = tuple(targets) if verb.max_targets > 0 else ()
            if chosen or verb.min_targets == 0:
                found.append((start, number, ActionMention(verb.power, chosen, start, line, m.end())))
        if chars is None:
            chars = list(text)
        _blank(chars, m.start(), m.end())
    return text if chars is None else "".join(chars)


# ---------------------------------------------------------------------------------------------
# Matching


class _Read(NamedTuple):
    names: tuple[str, ...]
    refused: bool
    uncertain: bool
    end: int  # token index after the last one read


class _Candidate(NamedTuple):
    literals: int
    first: int  # token span [first, end)
    end: int
    verb: int
    power: str
    targets: tuple[str, ...]
    negated: bool
    uncertain: bool
    wants_names: bool  # the phrase has a {cible}: reading no name there is not a request


def _slot_token(token: _Token) -> bool:
    return token.kind == _WORD or token.canon in _COMMAS or token.canon in _SEPARATORS or _is_quote(token)


def _match(
    tokens: Sequence[_Token],
    elements: tuple[str, ...],
    ei: int,
    t: int,
    negated: bool,
    literals: int,
    parts: tuple[tuple[str, int, int], ...],
) -> tuple[int, bool, int, tuple[tuple[str, int, int], ...]] | None:
    """Matches ``elements[ei:]`` from token ``t``: (end, negated, literal count, slots and selves)."""
    n = len(tokens)
    if ei == len(elements):
        return t, negated, literals, parts
    element = elements[ei]
    if element == _SELF_EL:
        return _match(tokens, elements, ei + 1, t, negated, literals, (*parts, (_SELF_EL, t, t)))
    if element == _SLOT:
        if ei == len(elements) - 1:
            return t, negated, literals, (*parts, (_SLOT, t, -1))
        for k in range(1, 13):
            j = t + k - 1
            if j >= n or not _slot_token(tokens[j]):
                break
            found = _match(tokens, elements, ei + 1, t + k, negated, literals, (*parts, (_SLOT, t, t + k)))
            if found:
                return found
        return None
    skipped = 0
    u = t
    while u < n:
        token = tokens[u]
        if token.canon == element:
            return _match(tokens, elements, ei + 1, u + 1, negated, literals + 1, parts)
        if skipped >= 3 or token.canon not in _SKIPPABLE:
            return None
        negated = negated or token.canon in _NEG
        skipped += 1
        u += 1
    return None


def _name_span(tokens: Sequence[_Token], j: int, limit: int) -> tuple[int, int] | None:
    """The name starting at token ``j`` (its first and end tokens), or None when no name starts there."""
    if j >= limit or not _may_start(tokens[j]):
        return None
    if tokens[j].canon in _DETERMINERS and not tokens[j].cap:
        # "la Fouine" is a name; "ma copine Zoé", "le petit Paul" are Zoé and Paul; "le temps" is none.
        if _capital_word(tokens, j + 1, limit):
            pass
        elif _capital_word(tokens, j + 2, limit) and _may_start(tokens[j + 1]):
            j += 2
        else:
            return None
    first = tokens[j]
    k = j + 1
    words = 1
    while k < limit and tokens[k].kind == _WORD:
        token = tokens[k]
        if token.glued:
            k += 1
            continue
        if words >= MAX_NAME_WORDS:
            break
        if token.canon in _STOP or token.canon in _REFUSE or token.canon in _CLAUSE:
            break
        if _seq_at(tokens, k, limit, _STOP_SEQS) != k:
            break
        if first.cap and not (token.cap or token.fold[:1].isdigit()):
            if token.fold in _PARTICLES and _capital_word(tokens, k + 1, limit):
                k += 2
                words += 2
                continue
            break
        k += 1
        words += 1
    return j, k


def _may_start(token: _Token) -> bool:
    if token.kind != _WORD or token.canon in _STOP or token.canon in _REFUSE or token.canon in _CLAUSE:
        return False
    return token.canon not in ("et", "ou")


def _capital_word(tokens: Sequence[_Token], k: int, limit: int) -> bool:
    return k < limit and tokens[k].kind == _WORD and tokens[k].cap and tokens[k].canon not in _STOP


def _slice(tokens: Sequence[_Token], i: int, j: int, text: str) -> str:
    return _clean_name(text[tokens[i].start : tokens[j - 1].end])


def _skip_quotes(tokens: Sequence[_Token], i: int, limit: int) -> int:
    while i < limit and _is_quote(tokens[i]):
        i += 1
    return i


def _read_targets(tokens: Sequence[_Token], a: int, limit: int, most: int, text: str) -> _Read:
    """The list of names from token ``a`` (before ``limit``)."""
    i = a
    while i < limit:
        token = tokens[i]
        if token.kind == _PUNCT and (token.canon == _COLON or (len(token.fold) > 1 and set(token.fold) == {"."})):
            i += 1  # "je protège : Boris", "je protège... Boris"
            continue
        after = _seq_at(tokens, i, limit, _LEADING_FILLERS)
        if after == i:
            break
        i = after
    if (
        i + 1 < limit
        and tokens[i].kind == _WORD
        and not tokens[i].cap
        and tokens[i].fold.endswith(("er", "ir", "re"))
        and tokens[i].canon not in _STOP
        and tokens[i + 1].cap
    ):
        i += 1  # « ma harpe pour ressusciter Eve », « ma cape pour voler Bob »: the verb, then the name
    if i < limit and tokens[i].canon in _REFUSE:
        # "je protège personne" refuses the power; "je ne protège pas Boris" only names who is not chosen.
        named = _name_span(tokens, _seq_at(tokens, i + 1, limit, _LEADING_FILLERS), limit)
        if tokens[i].canon in _NEG and named is not None:
            return _Read((_slice(tokens, named[0], named[1], text),), True, False, named[1])
        return _Read((), True, False, i + 1)
    names: list[str] = []
    end = a
    uncertain = False
    while True:
        j = i
        while True:
            if j < limit and (_is_quote(tokens[j]) or tokens[j].fold == "@"):
                j += 1
                continue
            after = _seq_at(tokens, j, limit, _TARGET_FILLERS)
            if after == j:
                break
            j = after
        k = _seq_at(tokens, j, limit, _SELF_SEQS)
        if k != j:
            names.append(SELF)
        else:
            span = _name_span(tokens, j, limit)
            if span is None:
                break
            names.append(_slice(tokens, span[0], span[1], text))
            k = span[1]
        k = _skip_quotes(tokens, k, limit)
        end = k
        if k >= limit:
            break
        separator = tokens[k].canon
        if separator == "ou":
            uncertain = True
            break
        if separator in _SEPARATORS or (separator in _COMMAS and len(names) < most):
            i = k + 1
            continue
        if separator == "ainsi" and k + 1 < limit and tokens[k + 1].canon == "que":
            i = k + 2
            continue
        break
    return _Read(tuple(names), False, uncertain, end)


def _read_back(tokens: Sequence[_Token], t: int, most: int, text: str) -> tuple[tuple[str, ...], bool, int]:
    """Names written just before token ``t`` ("Boris et Alice seront amoureux"): names, negated, first."""
    j = t - 1
    negated = False
    while j >= 0 and tokens[j].canon in _NEG:
        negated = True
        j -= 1
    names: list[str] = []
    first = t
    while j >= 0:
        j = _skip_back_quotes(tokens, j)
        if j >= 0 and tokens[j].canon == "moi":
            names.insert(0, SELF)
            first = j
            j -= 1
        else:
            k = j
            while k >= 0 and tokens[k].kind == _WORD and j - k < MAX_NAME_WORDS + 2:
                token = tokens[k]
                if token.canon in _STOP or token.canon in _REFUSE or token.canon in _CLAUSE:
                    break
                k -= 1
            start = k + 1
            if start > j:
                break
            if tokens[j].cap:  # a capitalised name: only its capitalised words (and particles)
                start = j
                while start - 1 > k and (
                    tokens[start].glued
                    or tokens[start - 1].cap
                    or (tokens[start - 1].fold in _PARTICLES and start - 2 > k and tokens[start - 2].cap)
                ):
                    start -= 1
            if tokens[start].canon in _DETERMINERS and not tokens[start].cap:
                start += 1  # "la petite Zoé sera notre victime"
                if start > j:
                    break
            if start > 0 and tokens[start - 1].canon == "je" and not tokens[start].cap:
                break  # « j'anticipe pour la baguette »: a verb after « je », no name
            names.insert(0, _slice(tokens, start, j + 1, text))
            first = start
            j = start - 1
        if len(names) < most and j >= 1 and (tokens[j].canon in _SEPARATORS or tokens[j].canon in _COMMAS):
            j -= 1
            continue
        break
    return tuple(names), negated, first


def _skip_back_quotes(tokens: Sequence[_Token], j: int) -> int:
    while j >= 0 and _is_quote(tokens[j]):
        j -= 1
    return j


def _lookback(tokens: Sequence[_Token], start: int) -> tuple[bool, bool, bool]:
    """Negation, hypothesis and past-tense cues in the words just before ``start``, same clause."""
    cues: list[int] = []
    j = start - 1
    while j >= 0 and len(cues) < 5:
        token = tokens[j]
        if token.kind != _WORD or token.canon in _CLAUSE:
            break
        cues.append(j)
        j -= 1
    negated = hypothesis = past = False
    for k in cues:
        canon = tokens[k].canon
        following = tokens[k + 1].canon if k + 1 < len(tokens) else ""
        if canon in _NEG_CUES or (canon == "plus" and following == "de"):
            negated = True
        if canon in _HYP_CUES or (canon == "est" and following == "ce"):
            hypothesis = True
        if canon == "se" and tokens[k].fold == "s'" and following in ("il", "ils"):
            hypothesis = True
        if canon in _PAST_CUES:
            past = True
    return negated, hypothesis, past


def _line_end(tokens: Sequence[_Token], t: int) -> int:
    while t < len(tokens) and tokens[t].kind != _NEWLINE:
        t += 1
    return t


def _candidate(
    tokens: Sequence[_Token], compiled: _Compiled, pattern: _Pattern, t: int, text: str
) -> _Candidate | None:
    verb = compiled.verbs[pattern.verb]
    ei = 2 if pattern.leading else 1
    matched = _match(tokens, pattern.elements, ei, t + 1, False, 1, ())
    if matched is None:
        return None
    end, negated, literals, parts = matched
    negated = negated or pattern.refusal
    uncertain = False
    first = t
    names: list[str] = []
    if pattern.leading:
        before, back_negated, first = _read_back(tokens, t, max(verb.max_targets, 1), text)
        if not before:
            return None
        names.extend(before)
        negated = negated or back_negated
    for kind, a, b in parts:
        if kind == _SELF_EL:
            names.append(SELF)
            continue
        if verb.max_targets <= 0:
            continue
        read = _read_targets(tokens, a, _line_end(tokens, a) if b < 0 else b, verb.max_targets, text)
        names.extend(read.names)
        negated = negated or read.refused
        uncertain = uncertain or read.uncertain
        if b < 0:
            end = max(end, read.end)
    cue_negated, hypothesis, past = _lookback(tokens, first)
    if not pattern.subject:  # "pas de potion…", "j'ai déjà utilisé ma potion…"; not "je sais pas, je protège X"
        negated = negated or cue_negated
        uncertain = uncertain or past
    uncertain = uncertain or hypothesis
    after = _skip_quotes(tokens, end, len(tokens))
    if after < len(tokens) and tokens[after].kind == _PUNCT and "?" in tokens[after].fold and not verb.asks:
        uncertain = True
    wants_names = verb.max_targets > 0 and any(e in (_SLOT, _SELF_EL) for e in pattern.elements)
    return _Candidate(literals, first, end, pattern.verb, verb.power, tuple(names), negated, uncertain, wants_names)


def _resolve(candidates: list[_Candidate]) -> list[_Candidate]:
    """Overlapping matches: the longest phrase wins; same-length phrases of other powers at the same place stay."""
    kept: list[_Candidate] = []
    for candidate in sorted(candidates, key=lambda c: (-c.literals, c.first, c.verb, -c.end)):
        clashes = [k for k in kept if candidate.first < k.end and k.first < candidate.end]
        if all(
            k.first == candidate.first and k.literals == candidate.literals and k.power != candidate.power
            for k in clashes
        ):
            kept.append(candidate)
    return kept


def _is_boundary(token: _Token) -> bool:
    return token.kind == _NEWLINE or (token.kind == _PUNCT and any(c in token.fold for c in ".!?;"))


def _sentence(tokens: Sequence[_Token], first: int, end: int, text: str) -> str:
    a = first
    while a > 0 and not _is_boundary(tokens[a - 1]):
        a -= 1
    b = max(end, first + 1)
    while b < len(tokens) and not _is_boundary(tokens[b]):
        b += 1
    last = tokens[b] if b < len(tokens) and tokens[b].kind == _PUNCT else tokens[b - 1]
    return " ".join(text[tokens[a].start : last.end].split())


def _emit(compiled: _Compiled, candidate: _Candidate) -> tuple[str, ...] | None:
    """The targets of a kept match, or None when it asks for nothing."""
    verb = compiled.verbs[candidate.verb]
    if candidate.uncertain:
        return None
    if candidate.negated:
        zero_allowed = verb.min_targets == 0 and verb.max_targets > 0 and not compiled.zero_means_use[candidate.verb]
        return () if zero_allowed and not candidate.targets else None
    if not candidate.targets and (verb.min_targets > 0 or candidate.wants_names):
        return None  # "je sauve ma peau", "je charme tout le monde": no name read, no request
    return candidate.targets


def find_actions(text: str, verbs: Sequence[Verb]) -> list[ActionMention]:
    """Every action asked for in an MP's text, in reading order (see the module's documentation)."""
    compiled = _compile(tuple(verbs))
    if not text or not compiled.verbs:
        return []
    found: list[tuple[int, int, ActionMention]] = []
    clean = _canonical_lines(_strip_markup(text), compiled, found)
    tokens = _tokenise(clean)
    candidates: list[_Candidate] = []
    for t, token in enumerate(tokens):
        for pattern in compiled.by_word.get(token.canon, ()):
            candidate = _candidate(tokens, compiled, pattern, t, clean)
            if candidate is not None:
                candidates.append(candidate)
    for candidate in _resolve(candidates):
        targets = _emit(compiled, candidate)
        if targets is None:
            continue
        start = tokens[candidate.first].start
        sentence = _sentence(tokens, candidate.first, candidate.end, clean)
        end = tokens[max(candidate.end, candidate.first + 1) - 1].end
        found.append((start, candidate.verb, ActionMention(candidate.power, targets, start, sentence, end)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [mention for _, _, mention in found]
