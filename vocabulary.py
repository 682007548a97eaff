"""The words the two pure layers share, so that neither leans on the other: the records the parsers
make and the engine counts (a post, a vote mention), the verbs a rule set declares and the MP reader
reads, and the folding both compare French text in. ``parsers/`` and ``engine/`` import from here;
this module imports nothing of meneur's. (``meneur.parsers.records``, ``meneur.parsers.actions`` and
``meneur.parsers.frtext`` still offer these names, for the daemon and the parsers' own callers.)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import lru_cache

# -- records: parsers → store → engine -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditNotice:
    """ "Dernière édition par X le …, édité N fois" and its kin, as far as it could be read."""

    raw: str
    editor: str | None = None
    edited_at: datetime | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Post:
    """One post of the game topic, as the forum shows it."""

    post_id: str
    author: str
    author_id: str | None
    posted_at: datetime  # aware, UTC
    content_html: str
    content_text: str
    content_hash: str
    edit: EditNotice | None = None
    page: int | None = None


class VoteStatus(StrEnum):
    OK = "ok"
    NOT_BOLD = "not_bold"
    WRONG_COLOUR = "wrong_colour"
    WRONG_WORDING = "wrong_wording"  # "Je vote pour X": not the vote's words, whatever its format


@dataclass(frozen=True, slots=True)
class VoteMention:
    """One "Je vote contre X" found in a post's own text (never in a quote).

    ``target`` is the name as written (cut at sentence punctuation); ``status`` says whether the
    text had the required format; ``colour`` is the colour seen (normalised ``#rrggbb``) if any.
    ``written`` is the whole formatted text after "contre", uncut (at most ``WRITTEN_MAX``
    characters), for names that hold punctuation themselves ("Kévin (le vrai)", "Qui?").
    """

    target: str
    status: VoteStatus
    colour: str | None = None
    bold: bool = False
    written: str = ""


WRITTEN_MAX = 200
# Vote mentions kept per post: the first MENTION_CAP - 1 in reading order, and the last formatted
# one (the post's vote) if it came later. A post of megabytes of votes costs no more than this.
MENTION_CAP = 50


# -- a rule set's verbs: engine (rule sets) → parsers (the MP reader) ------------------------------


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
    # Targets that are words, not players (a group's number, a style, a power's name): (spelling, value)
    # pairs; a name read for this power whose spelling is here is that value (see :func:`word_target`).
    # Resolved, word values come after the players' names, in the order written.
    words: tuple[tuple[str, str], ...] = ()
    # How the canonical form names its targets (``("NOM", "STYLE")``, ``("GROUPE",)``); default NOM1, NOM2…
    # A GROUPE slot takes a group's number: a player named there stands for his group (« le groupe d'Hélène »).
    slots: tuple[str, ...] = ()
    # The power asks the MJ a question (ÉLÉMENTARISTE: « est-ce que Boris est offensif ? »): a question mark
    # after its words is how it is asked, not a doubt.
    asks: bool = False
    # Powers the same words order at once with this one (« je lance explosif sur Léo »: the launch and the use):
    # where a phrase of this power and one of these match the same words, the MP reader keeps both.
    together: tuple[str, ...] = ()


GROUP_SLOT = "GROUPE"


def word_key(written: str) -> str:
    """A written word target as :attr:`Verb.words` spells it: folded, every run of what is not a letter or a
    digit one space (« Groupe n°2 » → ``groupe n 2``, « l'OFFENSIF » → ``l offensif``)."""
    return " ".join("".join(c if c.isalnum() else " " for c in fold(written)).split())


def word_target(verb: Verb, written: str) -> str | None:
    """The value of a word ``written`` as a target of ``verb`` (« le groupe 2 » → ``"2"``), or None."""
    if not verb.words:
        return None
    return _spellings(verb.words).get(word_key(written))


@lru_cache(maxsize=64)
def _spellings(words: tuple[tuple[str, str], ...]) -> dict[str, str]:
    table: dict[str, str] = {}
    for spelling, value in words:
        table.setdefault(spelling, value)
    return table


# Words too common to be taken for a target when they stand anywhere in an MP (« un », « deux », « off »).
_LOOSE = frozenset("un une deux trois quatre cinq premier second le la les l de du d en off def tac obs exec".split())


def words_in(verb: Verb, text: str) -> list[str]:
    """The values of ``verb``'s word targets written anywhere in ``text``, in reading order: a number, or a word
    of five letters or more that is no common word (« offensif », « MITHRIL »), or a spelling of several words."""
    table = _spellings(verb.words)
    tokens = word_key(text).split()
    found: list[str] = []
    i = 0
    while i < len(tokens):
        for n in (4, 3, 2, 1):
            spelling = " ".join(tokens[i : i + n])
            if i + n > len(tokens) or spelling not in table:
                continue
            if n == 1 and not spelling.isdigit() and (len(spelling) < 5 or spelling in _LOOSE):
                continue
            if n > 1 and all(t in _LOOSE for t in tokens[i : i + n]):
                continue
            found.append(table[spelling])
            i += n
            break
        else:
            i += 1
    return found


# -- French text folding ----------------------------------------------------------------------------

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


def fold_with_origin(text: str) -> tuple[str, list[int]]:
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
    return " ".join(fold_with_origin(text)[0].split())


_QUOTE = re.compile(r"\[quote[^\]]*\](?:(?!\[quote).)*?\[/quote\]", re.S | re.I)
_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]", re.I)


def post_lines(text: str) -> list[str]:
    """A post's own lines (BBCode), folded, without quotes (someone else's words) or tags: what a rule set reads
    orders from (``RuleSet.read_post``)."""
    while True:
        stripped = _QUOTE.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    text = re.sub(r"\[quote[^\]]*\].*", " ", text, flags=re.S | re.I)  # an unclosed quote runs to the end
    lines = [_TAG.sub("", line) for line in text.splitlines() if not line.lstrip().startswith(">")]
    return [fold(line) for line in lines if line.strip()]
