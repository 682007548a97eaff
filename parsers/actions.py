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
  ``jamais``, ``garde``…) is a *refusal*: "pas de protection", "aucun mouton".

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
- a request that is a question ("je protège Boris ?"), a hypothesis ("si je protège Boris…"), a
  hesitation ("Boris ou Alice") or, for noun phrases, in the past ("j'ai déjà utilisé ma potion de
  guérison") gives nothing;
- a phrase with ``{cible}`` where no name can be read gives nothing ("je sauve ma peau", "je charme
  tout le monde"): zero targets come only from a phrase without ``{cible}`` ("potion de guérison",
  "je tombe malade") or from a refusal; names beyond ``max_targets``
  joined by "et"/"&" are kept (the engine says too many); after a comma, names are read only while
  fewer than ``max_targets``;
- where phrases overlap, the one with more words matched wins ("je protège X du bûcher" is the
  Ange-Gardien's, not the Salvateur's "je protège X"); equal phrases of *different* powers at the same
  place are all kept ("je mords X": Chef de meute and Maître-Vampire), the engine picks by role.

Canonical form, always understood: ``!power cible1, cible2`` alone on its line (e.g.
``!salvateur.proteger Boris``, ``!cupidon.amoureux Boris et Alice``, ``!sorciere.guerison``,
``!joueur_de_flute.charmer personne``). Names are separated by ``,`` ``;`` ``&`` ``+`` ``/`` or
``et``; ``personne``/``aucun``/``rien``/``-`` means zero targets; ``moi`` is the sender. See
:func:`canonical`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

SELF = "moi"
"""The target meaning the sender ("je me protège", "un mouton devant chez moi")."""

MAX_NAME_WORDS = 5


@dataclass(frozen=True, slots=True)
class Verb:
    """One power and the ways players ask for it."""

    power: str  # e.g. "salvateur.proteger"
    phrases: tuple[str, ...]  # French patterns, e.g. "je protège {cible}", "protection sur {cible}"
    min_targets: int = 1
    max_targets: int = 1
    # Word stems that name this power wherever they stand ("protec", "fleche", "hache"), for the
    # reader of free wording (:mod:`meneur.parsers.freeform`); several words: consecutive words.
    keywords: tuple[str, ...] = ()
    # A bare name from a holder of this power, with no keyword, means this power (the wolves' victim:
    # "Ok pour Eve", "Gérard aussi pour moi").
    bare: bool = False


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
# Folding and tokens

_FOLD_EXTRA = {
    "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ŀ": "l",
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'", "\u2032": "'", "\u02b9": "'",
    "\u2010": "-", "\u2011": "-", "\u2212": "-",
    "\u00ad": "", "\u200b": "", "\u200c": "", "\u200d": "", "\u2060": "", "\ufeff": "",
}  # fmt: skip


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    if ch == "\n":
        return "\n"
    if ch.isspace():
        return " "
    out = []
    for low in ch.lower():
        extra = _FOLD_EXTRA.get(low)
        if extra is not None:
            out.append(extra)
            continue
        for c in unicodedata.normalize("NFKD", low):
            if unicodedata.combining(c):
                continue
            c = c.lower()
            out.append(_FOLD_EXTRA.get(c, c))
    return "".join(out)


def _fold(text: str) -> tuple[str, list[int]]:
    """The folded text and, for each of its characters, the index of the original character."""
    out: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        piece = _fold_char(ch)
        out.append(piece)
        origin.extend([index] * len(piece))
    return "".join(out), origin


def fold(text: str) -> str:
    """Lower case, accents off, apostrophes and spaces normalised (the form phrases are matched in)."""
    return " ".join(_fold(text)[0].split())


_WORD, _PUNCT, _NEWLINE = 0, 1, 2
_TOKEN_RE = re.compile(r"\n|\w+(?:['.]\w+)*|[^\w\s]+")
_CLITIC_RE = re.compile(r"(?:j|d|l|n|qu|c|s|m|t|jusqu|lorsqu|puisqu|quoiqu)'(?=\w)")
_CANON = {
    "j'": "je", "d'": "de", "l'": "le", "la": "le", "n'": "ne", "qu'": "que", "c'": "ce", "s'": "se",
    "m'": "me", "t'": "te", "jusqu'": "jusque", "lorsqu'": "lorsque", "puisqu'": "puisque",
    "quoiqu'": "quoique",
}  # fmt: skip
_COLON_CHARS = frozenset(":=->→–—~")
_QUOTE_CHARS = frozenset("\"«»“”„‹›*'~")
_COLON = ":"


class _Token(NamedTuple):
    fold: str  # folded text
    canon: str  # the form compared with phrases (elisions expanded, la → le, ":" for colon-likes)
    start: int  # in the original text
    end: int
    kind: int
    cap: bool  # starts with a capital letter in the original
    glued: bool  # joined to the previous word by a hyphen ("Jean-Pierre", "moi-même")


def _canon_of(fold_text: str, kind: int) -> str:
    if kind == _PUNCT:
        if set(fold_text) <= _COLON_CHARS:
            return _COLON
        return fold_text
    return _CANON.get(fold_text, fold_text)


def _tokenise(text: str) -> list[_Token]:
    folded, origin = _fold(text)
    origin.append(len(text))
    raw: list[tuple[str, int, int, int]] = []  # fold, folded start, folded end, kind
    for m in _TOKEN_RE.finditer(folded):
        word = m.group()
        pos = m.start()
        if word == "\n":
            raw.append((word, pos, pos + 1, _NEWLINE))
            continue
        if not (word[0].isalnum() or word[0] == "_"):
            if word == "'" and raw and raw[-1][3] == _WORD and raw[-1][2] == pos and raw[-1][0] + "'" in _CANON:
                raw[-1] = (raw[-1][0] + "'", raw[-1][1], m.end(), _WORD)  # "j' empoisonne", a phrase's "j'"
            else:
                raw.append((word, pos, m.end(), _PUNCT))
            continue
        clitic = _CLITIC_RE.match(word)
        while clitic:
            raw.append((clitic.group(), pos, pos + clitic.end(), _WORD))
            pos += clitic.end()
            word = word[clitic.end() :]
            clitic = _CLITIC_RE.match(word)
        raw.append((word, pos, pos + len(word), _WORD))
    tokens: list[_Token] = []
    glue_next = False
    for index, (word, fs, fe, kind) in enumerate(raw):
        if (
            kind == _PUNCT
            and word == "-"
            and tokens
            and tokens[-1].kind == _WORD
            and index + 1 < len(raw)
            and raw[index - 1][2] == fs
            and raw[index + 1][3] == _WORD
            and raw[index + 1][1] == fe
        ):
            glue_next = True
            continue
        start = origin[fs]
        end = origin[fe - 1] + 1 if fe > fs else start
        cap = kind == _WORD and text[start : start + 1].isupper()
        tokens.append(_Token(word, _canon_of(word, kind), start, end, kind, cap, glue_next))
        glue_next = False
    return tokens


# ---------------------------------------------------------------------------------------------
# Word lists (canonical forms)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _seqs(*items: str) -> tuple[tuple[str, ...], ...]:
    """Word sequences, longest first, in canonical form."""
    seqs = {tuple(_canon_of(t.fold, t.kind) for t in _tokenise(item)) for item in items}
    return tuple(sorted(seqs, key=lambda s: (-len(s), s)))


_NEG = _words("ne pas plus jamais point guere")
_ADVERBS = _words(
    "bien vraiment aussi donc alors plutot encore finalement enfin maintenant egalement surtout juste "
    "simplement volontiers meme tout deja"
)
_SKIPPABLE = _NEG | _ADVERBS
_REFUSE = _words("pas personne rien aucun aucune nul nulle jamais plus point nobody")
_REFUSAL_MARKERS = _words("ne pas aucun aucune personne rien jamais nul nulle garde conserve")
_SUBJECTS = _words("je on nous moi tu il elle ils elles vous")
_STOP = _NEG | _words(
    "je tu il elle on nous vous ils elles moi toi lui eux celui celle ceux celles qui que quoi dont "
    "car parce puisque pour comme si se sinon afin avec sans contre mais ou donc alors puis ensuite "
    "ce cet cette ces ca cela svp stp merci mdr lol ptdr xd xptdr haha hihi hehe bisous bises bizz "
    "bonne bon bonsoir bonjour salut coucou cordialement amicalement a au aux dans sur sous vers par "
    "nuit soir demain aujourd'hui hier maintenant encore aussi plutot deja toujours est sera etait "
    "semble me te y en des vu grace apres avant depuis pendant jusque quand lorsque tant selon "
    "malgre meme voila ok okay oui non hein please pls plz thx evidemment normalement surtout "
    "vraiment bien peut"
)
# Lower-case words that start a name only before a capital: "la Fouine", "ma copine Zoé", not "le temps".
_DETERMINERS = _words("le les un une mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs de du des en")
_PARTICLES = _words("de du des la le les d' l' von van der den di da del della el y")
_STOP_SEQS = _seqs("des loups", "du bucher", "de la nuit", "du village", "des flammes")
_CLAUSE = _words("mais et donc puis alors sinon ou car parce bref ensuite enfin")
_NEG_CUES = _words("ne pas jamais aucun aucune sans ni point garde conserve garder conserver economise rien")
_HYP_CUES = _words("si peux pourrais pourrait pourrions peut hesite")
_PAST_CUES = _words("ai as avons avez ont avais avait avions eu deja hier")
_SEPARATORS = _words("et & +")
_COMMAS = _words(", /")
_LEADING_FILLERS = _seqs(
    "cette nuit",
    "ce soir",
    "ce tour",
    "cette fois",
    "cette fois-ci",
    "pour cette nuit",
    "pour ce soir",
    "pour la nuit",
    "donc",
    "alors",
    "plutot",
    "aussi",
    "encore",
    "finalement",
    "maintenant",
    "enfin",
    "de nouveau",
    "a nouveau",
    "bien sur",
    "evidemment",
    "du coup",
    "aujourd'hui",
    *_ADVERBS,
)
_TARGET_FILLERS = _seqs(
    "chez",
    "le joueur",
    "la joueuse",
    "mon ami",
    "mon amie",
    "notre ami",
    "notre amie",
    "la maison de",
    "la porte de",
    "la demeure de",
    "devant",
    "un devant",
    "un autre devant",
    "un chez",
    "un autre chez",
)
_SELF_SEQS = _seqs("moi meme", "moi", "ma porte", "ma maison", "ma demeure", "mon domicile", "mon logis")
_REFUSAL_WORDS_CANON = frozenset({"personne", "aucun", "aucune", "rien", "-", "--", "nobody", "aucune cible"})


def _seq_at(tokens: Sequence[_Token], i: int, limit: int, seqs: tuple[tuple[str, ...], ...]) -> int:
    """The end of the first sequence of ``seqs`` found at ``i`` (``i`` when none)."""
    for seq in seqs:
        end = i + len(seq)
        if end <= limit and all(tokens[i + k].canon == word for k, word in enumerate(seq)):
            return end
    return i


def _is_quote(token: _Token) -> bool:
    return token.kind == _PUNCT and set(token.fold) <= _QUOTE_CHARS


# ---------------------------------------------------------------------------------------------
# Phrases

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
        refusal=any(e in _REFUSAL_MARKERS for e in literals),
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


# ---------------------------------------------------------------------------------------------
# Markup: quotes, BBCode, canonical lines

_QUOTE_TAG = re.compile(r"\[(/?)quote(?:[=\s][^\]\n]*)?\]", re.IGNORECASE)
_QUOTE_LINE = re.compile(r"^[^\S\n]*(?:>|&gt;).*$", re.MULTILINE)
_BBCODE_TAG = re.compile(
    r"\[/?(?:b|i|u|s|strike|color|colour|size|font|url|email|center|left|right|justify|align|spoiler|hide|"
    r"sup|sub|highlight|list|\*|code|tt|img|quote|mark|small|big|em|strong)(?:[=\s][^\]\n]*)?\]",
    re.IGNORECASE,
)
_CANONICAL_LINE = re.compile(r"^[^\S\n]*!([\w.\-]+)[^\S\n]*:?[^\S\n]*(.*)$", re.MULTILINE)
_CANONICAL_SPLIT = re.compile(r"\s*(?:[,;&+/]|\bet\b)\s*", re.IGNORECASE)
_CANONICAL_CUT = re.compile(r"[!?()\[\]{}…]|\.(?:\s|$)")
_NAME_STRIP = " \t.:!?…\"'«»“”‘’*_~@[]()"


def _blank(chars: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if chars[i] != "\n":
            chars[i] = " "


def _strip_markup(text: str) -> str:
    """The text with quotes and BBCode tags replaced by spaces (same length, same positions)."""
    chars = list(text)
    depth = 0
    opened = 0
    for m in _QUOTE_TAG.finditer(text):
        if m.group(1):
            if depth == 0:
                _blank(chars, m.start(), m.end())
                continue
            depth -= 1
            if depth == 0:
                _blank(chars, opened, m.end())
        else:
            if depth == 0:
                opened = m.start()
            depth += 1
    if depth:
        _blank(chars, opened, len(text))
    for m in _QUOTE_LINE.finditer(text):
        _blank(chars, m.start(), m.end())
    stripped = "".join(chars)
    for m in _BBCODE_TAG.finditer(stripped):
        _blank(chars, m.start(), m.end())
    return "".join(chars)


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
    if after < len(tokens) and tokens[after].kind == _PUNCT and "?" in tokens[after].fold:
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
