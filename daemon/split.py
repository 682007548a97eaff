"""Cutting a draft the forum would refuse as too long into parts it accepts (pure: no I/O).

A draft is cut between paragraphs where it can, else between lines, else between words, and only as a last
resort inside a word (never inside a BBCode tag). A BBCode span a cut goes through (``[b]…[/b]``,
``[color=#8B4513]…[/color]``, a quote) is closed at the end of its part and opened again, with the same
attribute, at the start of the next, so each part reads on its own.
"""

from __future__ import annotations

import re

# BBCode tags that come in pairs, the ones meneur's templates and MJs use; others ([*], [hr]) stand alone.
PAIRED = frozenset(
    {"b", "i", "u", "s", "strike", "color", "colour", "size", "font", "quote", "spoiler", "code", "url",
     "center", "left", "right", "justify", "list", "email", "sub", "sup", "highlight", "table", "tr", "td"}
)  # fmt: skip
_TAG = re.compile(r"\[(/?)([a-zA-Z]+)(?:=(?:\"[^\"\]]*\"|[^\]]*))?\]")


class CannotSplit(ValueError):
    """The limit leaves no room for any text (a limit smaller than the tags a part must carry)."""


def split_text(text: str, limit: int, markup: str = "bbcode") -> list[str]:
    """``text`` in parts of at most ``limit`` characters each, in order, together holding all of it (save
    the blank space at each cut, and the tags closed and opened again around it)."""
    if limit < 1:
        raise CannotSplit(f"no room for text in parts of {limit} characters")
    text = text.strip()
    if len(text) <= limit:
        return [text]
    budget = limit
    while budget > 0:
        parts = _pack(text, budget)
        if markup == "bbcode":
            parts = _balance(parts)
        over = max(len(part) for part in parts) - limit
        if over <= 0:
            return parts
        budget -= over  # the tags carried over made a part too long: cut shorter and try again
    raise CannotSplit(f"no room for text in parts of {limit} characters")


def _pack(text: str, budget: int) -> list[str]:
    """Pieces of at most ``budget`` characters: whole paragraphs together where they fit."""
    parts: list[str] = []
    for piece in _pieces(text, budget, 0):
        separator, text_piece = piece
        if parts and separator and len(parts[-1]) + len(separator) + len(text_piece) <= budget:
            parts[-1] += separator + text_piece
        else:
            parts.append(text_piece)
    return [part.strip() for part in parts if part.strip()]


_SEPARATORS = ("\n\n", "\n", " ")
# Where each separator cuts: a blank line; a line's end; a space, but not one inside a tag ([quote="Le MJ"]).
_CUTS = (re.compile(r"\n[ \t]*\n"), re.compile(r"\n"), re.compile(r" (?![^\[\]]*\])"))


def _pieces(text: str, budget: int, level: int) -> list[tuple[str, str]]:
    """(separator before it, piece) pairs, each piece at most ``budget`` long; the separator is "" where the
    piece may not be joined to the one before (the start, or the next slice of a word cut in the middle)."""
    if len(text) <= budget:
        return [("", text)]
    if level == len(_SEPARATORS):
        return [("", chunk) for chunk in _hard_cut(text, budget)]
    separator = _SEPARATORS[level]
    out: list[tuple[str, str]] = []
    for unit in re.split(_CUTS[level], text):
        finer = _pieces(unit, budget, level + 1)
        out.append((separator if out else "", finer[0][1]))
        out.extend(finer[1:])
    return out


def _hard_cut(word: str, budget: int) -> list[str]:
    """A word longer than a part, cut every ``budget`` characters but never inside a ``[tag]``."""
    chunks = []
    while len(word) > budget:
        cut = budget
        opening = word.rfind("[", 0, cut)
        if opening > 0 and "]" not in word[opening:cut]:
            cut = opening  # the cut would fall inside a tag: before it instead
        chunks.append(word[:cut])
        word = word[cut:]
    chunks.append(word)
    return chunks


def _balance(parts: list[str]) -> list[str]:
    """Each part with the BBCode spans still open at its end closed there, and opened again in the next."""
    out = []
    carried: list[tuple[str, str]] = []  # (name, opening tag as written)
    for part in parts:
        text = "".join(tag for _, tag in carried) + part
        stack = list(carried)
        for match in _TAG.finditer(part):
            name = match.group(2).lower()
            if name not in PAIRED:
                continue
            if match.group(1):  # a closing tag: the innermost open span of that name ends
                for index in range(len(stack) - 1, -1, -1):
                    if stack[index][0] == name:
                        del stack[index]
                        break
            else:
                stack.append((name, match.group(0)))
        out.append(text + "".join(f"[/{name}]" for name, _ in reversed(stack)))
        carried = stack
    return out
