"""Recognising a player from a name as players type it.

Exact after normalisation, then aliases, then fuzzy with explicit thresholds. Two close candidates
give no answer: a warning beats a guess.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import fuzz

# Letters that look Latin but are not: a vote for "Bоb" with a Cyrillic о still names Bob.
_LOOKALIKES = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y", "к": "k", "м": "m",
        "т": "t", "в": "b", "н": "h", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ɡ": "g", "ӏ": "l",
        "α": "a", "ο": "o", "ρ": "p", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "τ": "t", "υ": "u",
        "χ": "x", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i",
    }
)  # fmt: skip
# What ends the name in a vote's text (parsers.votes cuts there): names holding it need the uncut text.
_CUT = re.compile(r"[,;!?(){}\u2026.]")
_SEPARATORS = re.compile(r"[\s\-_.'’\u2010-\u2015]+")


def normalise_name(name: str) -> str:
    """The form names are compared in: NFKC, case-folded, no accents, look-alikes mapped,
    hyphens, underscores, dots, apostrophes and spaces all one space."""
    text = unicodedata.normalize("NFKC", name).casefold()
    # Accents off first, then look-alikes: a Greek "ἀ" is an "α" once bare, and so an "a".
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = unicodedata.normalize("NFKC", text).translate(_LOOKALIKES)
    return _SEPARATORS.sub(" ", text).strip()


class Match(StrEnum):
    EXACT = "exact"
    ALIAS = "alias"
    NEAR = "near"  # fuzzy, above the accept threshold: counts silently
    FUZZY = "fuzzy"  # fuzzy, in the warn band: counts with a warning
    AMBIGUOUS = "ambiguous"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class PlayerName:
    name: str
    aliases: tuple[str, ...] = ()
    user_id: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    match: Match
    player: str | None = None
    score: float = 0.0
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Thresholds:
    """rapidfuzz ratio scores, 0–100."""

    accept: float = 90.0
    warn: float = 75.0
    margin: float = 8.0


class NameResolver:
    """Resolves written names against the players of a game (immutable once built)."""

    def __init__(self, players: Sequence[PlayerName], thresholds: Thresholds | None = None) -> None:
        self.players = tuple(players)
        self.thresholds = thresholds or Thresholds()
        self._forms: dict[str, list[tuple[str, Match]]] = {}
        for player in self.players:
            self._forms.setdefault(normalise_name(player.name), []).append((player.name, Match.EXACT))
            for alias in player.aliases:
                self._forms.setdefault(normalise_name(alias), []).append((player.name, Match.ALIAS))
        self._punctuated = frozenset(p.name for p in self.players if any(_CUT.search(n) for n in (p.name, *p.aliases)))
        self._by_id = {p.user_id: p.name for p in self.players if p.user_id}
        self._id_of = {p.name: p.user_id for p in self.players}

    def _exact(self, form: str) -> Resolution | None:
        hits = self._forms.get(form)
        if not hits:
            return None
        names = tuple(dict.fromkeys(name for name, _ in hits))
        if len(names) > 1:
            return Resolution(Match.AMBIGUOUS, None, 100.0, names)
        kind = Match.EXACT if any(m is Match.EXACT for _, m in hits) else Match.ALIAS
        return Resolution(kind, names[0], 100.0, names)

    def resolve(self, written: str) -> Resolution:
        """The player a vote names, as an MJ would read it."""
        form = normalise_name(written)
        if not form:
            return Resolution(Match.UNKNOWN)
        exact = self._exact(form)
        if exact is not None:
            return exact
        # "Bob car il ment": the longest leading run of words that is exactly a name.
        words = form.split(" ")
        for length in range(len(words) - 1, 0, -1):
            prefix = self._exact(" ".join(words[:length]))
            if prefix is not None:
                return prefix
        return self._fuzzy(form)

    def resolve_vote(self, name: str, written: str = "") -> Resolution:
        """The player a vote names: ``name`` is cut at sentence punctuation, ``written`` is the text
        uncut. A player whose own name holds punctuation ("Kévin (le vrai)", "Bob, le chef",
        "Qui?") is found exactly in ``written``, as its longest leading run of words; otherwise
        ``name`` is resolved as ``resolve`` does."""
        if written and written != name and self._punctuated:
            words = normalise_name(written).split(" ")[:12]
            for length in range(len(words), 0, -1):
                hit = self._exact(" ".join(words[:length]))
                # Only a name that holds punctuation itself is looked for past the cut: "Bob. Le chef
                # ment" stays a vote against Bob, even with a player "Bob le chef".
                if hit is not None and set(hit.candidates) & self._punctuated:
                    return hit
        return self.resolve(name)

    def _fuzzy(self, form: str) -> Resolution:
        best: dict[str, float] = {}
        for known, hits in self._forms.items():
            score = float(fuzz.ratio(form, known))
            for name, _ in hits:
                best[name] = max(best.get(name, 0.0), score)
        ranked = sorted(best.items(), key=lambda item: -item[1])
        limits = self.thresholds
        if not ranked or ranked[0][1] < limits.warn:
            return Resolution(Match.UNKNOWN, None, ranked[0][1] if ranked else 0.0)
        top_name, top_score = ranked[0]
        close = tuple(n for n, s in ranked if s >= limits.warn and top_score - s <= limits.margin)
        if len(close) > 1:
            return Resolution(Match.AMBIGUOUS, None, top_score, close)
        kind = Match.NEAR if top_score >= limits.accept else Match.FUZZY
        return Resolution(kind, top_name, top_score, (top_name,))

    def identify(self, author: str, user_id: str | None = None) -> str | None:
        """The player who wrote a post: by forum user id when known, else by exact name or alias."""
        if user_id is not None and user_id in self._by_id:
            return self._by_id[user_id]
        exact = self._exact(normalise_name(author))
        if exact is None or exact.player is None:
            return None
        known_id = self._id_of.get(exact.player)
        if known_id is not None and user_id is not None and known_id != user_id:
            return None  # same name, another account: not the player
        return exact.player


def _plain(name: str) -> str:
    """A name as an account shows it, up to case and Unicode composition: "Nina" and "nina" are one
    account name, "Nіna" (Cyrillic і) and "Lucas_" are others."""
    return unicodedata.normalize("NFC", name).strip().casefold()


@dataclass(frozen=True, slots=True)
class Account:
    """A forum account as a post or an MP shows it: its name, and its user id where the page gives it."""

    name: str
    user_id: str | None = None

    def same_as(self, other: Account) -> bool:
        if self.user_id and other.user_id:
            return self.user_id == other.user_id
        return _plain(self.name) == _plain(other.name)

    def __str__(self) -> str:
        return f'"{self.name}"' + (f" (user {self.user_id})" if self.user_id else "")


def accounts_of_players(resolver: NameResolver, seen: Iterable[Account]) -> dict[str, list[Account]]:
    """Every distinct account that resolves to each player, in the order first seen."""
    found: dict[str, list[Account]] = {}
    for account in seen:
        player = resolver.identify(account.name, account.user_id)
        if player is not None and not any(known.same_as(account) for known in found.get(player, [])):
            found.setdefault(player, []).append(account)
    return found


def bind_accounts(resolver: NameResolver, seen: Iterable[Account]) -> dict[str, Account]:
    """Each player's forum account, from the accounts seen (posts, MPs) in time order.

    Names are matched loosely (look-alike letters, separators), so "Lucas_" or "Nіna" with a
    Cyrillic і would pass for Lucas or Nina: one account per player is theirs. It is the account
    named exactly as the MJ wrote the player's name or an alias (case aside), if one was seen,
    else the first seen that resolves to the player. A configured user id decides by itself
    (``identify`` already refuses another id)."""
    exact_names = {p.name: {_plain(p.name), *map(_plain, p.aliases)} for p in resolver.players}
    bound: dict[str, Account] = {}
    for player, accounts in accounts_of_players(resolver, seen).items():
        exact = [a for a in accounts if _plain(a.name) in exact_names.get(player, set())]
        bound[player] = (exact or accounts)[0]
    return bound


def identify_account(resolver: NameResolver, account: Account, bound: Mapping[str, Account]) -> Identified:
    """The player an account is, given each player's bound account: a second account resolving to a
    player already bound to another is nobody's (``other_account_of`` names the player)."""
    player = resolver.identify(account.name, account.user_id)
    if player is None:
        return Identified(None)
    theirs = bound.get(player)
    if theirs is not None and not theirs.same_as(account):
        return Identified(None, player, theirs)
    return Identified(player)


@dataclass(frozen=True, slots=True)
class Identified:
    player: str | None
    other_account_of: str | None = None  # set when the account only looks like this player's
    players_account: Account | None = None
