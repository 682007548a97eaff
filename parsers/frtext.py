"""French text as MPs are written: folding (case, accents, apostrophes), tokens (words with their
elisions, punctuation, line ends, each with its place in the text), and the markup that never counts
(quotes, BBCode tags). Shared by the phrase grammar (:mod:`meneur.parsers.actions`) and the free reader
(:mod:`meneur.parsers.freeform`). Pure."""

from __future__ import annotations

import re
from typing import NamedTuple

# Folding lives in meneur.vocabulary (the engine folds too); offered here for the readers.
from ..vocabulary import fold as fold
from ..vocabulary import fold_with_origin as fold_with_origin

# ---------------------------------------------------------------------------------------------
# Folding and tokens

WORD, PUNCT, NEWLINE = 0, 1, 2
_TOKEN_RE = re.compile(r"\n|\w+(?:['.]\w+)*|[^\w\s]+")
_CLITIC_RE = re.compile(r"(?:j|d|l|n|qu|c|s|m|t|jusqu|lorsqu|puisqu|quoiqu)'(?=\w)")
CANON = {
    "j'": "je", "d'": "de", "l'": "le", "la": "le", "n'": "ne", "qu'": "que", "c'": "ce", "s'": "se",
    "m'": "me", "t'": "te", "jusqu'": "jusque", "lorsqu'": "lorsque", "puisqu'": "puisque",
    "quoiqu'": "quoique",
}  # fmt: skip
_COLON_CHARS = frozenset(":=->→–—~")
QUOTE_CHARS = frozenset("\"«»“”„‹›*'~")
COLON = ":"


class Token(NamedTuple):
    fold: str  # folded text
    canon: str  # the form compared with phrases (elisions expanded, la → le, ":" for colon-likes)
    start: int  # in the original text
    end: int
    kind: int
    cap: bool  # starts with a capital letter in the original
    glued: bool  # joined to the previous word by a hyphen ("Jean-Pierre", "moi-même")


def canon_of(fold_text: str, kind: int) -> str:
    if kind == PUNCT:
        if set(fold_text) <= _COLON_CHARS:
            return COLON
        return fold_text
    return CANON.get(fold_text, fold_text)


def tokenise(text: str) -> list[Token]:
    folded, origin = fold_with_origin(text)
    origin.append(len(text))
    raw: list[tuple[str, int, int, int]] = []  # fold, folded start, folded end, kind
    for m in _TOKEN_RE.finditer(folded):
        word = m.group()
        pos = m.start()
        if word == "\n":
            raw.append((word, pos, pos + 1, NEWLINE))
            continue
        if not (word[0].isalnum() or word[0] == "_"):
            if word == "'" and raw and raw[-1][3] == WORD and raw[-1][2] == pos and raw[-1][0] + "'" in CANON:
                raw[-1] = (raw[-1][0] + "'", raw[-1][1], m.end(), WORD)  # "j' empoisonne", a phrase's "j'"
            else:
                raw.append((word, pos, m.end(), PUNCT))
            continue
        clitic = _CLITIC_RE.match(word)
        while clitic:
            raw.append((clitic.group(), pos, pos + clitic.end(), WORD))
            pos += clitic.end()
            word = word[clitic.end() :]
            clitic = _CLITIC_RE.match(word)
        raw.append((word, pos, pos + len(word), WORD))
    tokens: list[Token] = []
    glue_next = False
    for index, (word, fs, fe, kind) in enumerate(raw):
        if (
            kind == PUNCT
            and word == "-"
            and tokens
            and tokens[-1].kind == WORD
            and index + 1 < len(raw)
            and raw[index - 1][2] == fs
            and raw[index + 1][3] == WORD
            and raw[index + 1][1] == fe
        ):
            glue_next = True
            continue
        start = origin[fs]
        end = origin[fe - 1] + 1 if fe > fs else start
        cap = kind == WORD and text[start : start + 1].isupper()
        tokens.append(Token(word, canon_of(word, kind), start, end, kind, cap, glue_next))
        glue_next = False
    return tokens


# ---------------------------------------------------------------------------------------------
# Markup: quotes and BBCode

_QUOTE_TAG = re.compile(r"\[(/?)quote(?:[=\s][^\]\n]*)?\]", re.IGNORECASE)
_QUOTE_LINE = re.compile(r"^[^\S\n]*(?:>|&gt;).*$", re.MULTILINE)
_BBCODE_TAG = re.compile(
    r"\[/?(?:b|i|u|s|strike|color|colour|size|font|url|email|center|left|right|justify|align|spoiler|hide|"
    r"sup|sub|highlight|list|\*|code|tt|img|quote|mark|small|big|em|strong)(?:[=\s][^\]\n]*)?\]",
    re.IGNORECASE,
)


def blank(chars: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if chars[i] != "\n":
            chars[i] = " "


def strip_markup(text: str) -> str:
    """The text with quotes and BBCode tags replaced by spaces (same length, same positions)."""
    chars = list(text)
    depth = 0
    opened = 0
    for m in _QUOTE_TAG.finditer(text):
        if m.group(1):
            if depth == 0:
                blank(chars, m.start(), m.end())
                continue
            depth -= 1
            if depth == 0:
                blank(chars, opened, m.end())
        else:
            if depth == 0:
                opened = m.start()
            depth += 1
    if depth:
        blank(chars, opened, len(text))
    for m in _QUOTE_LINE.finditer(text):
        blank(chars, m.start(), m.end())
    stripped = "".join(chars)
    for m in _BBCODE_TAG.finditer(stripped):
        blank(chars, m.start(), m.end())
    return "".join(chars)
