"""`baguette`: the wolves' den — « L'un d'entre eux écrit le nom de la victime choisie dans une couleur
différente du post dans l'antre », and the anti-dévoilement (« le nom et le rôle du joueur ciblé … dans une
couleur différente du post »). The den's posts (``contract.TopicPost``, coloured spans already read) become
the night's actions; the caller keeps only the posts stamped before the night's 21:00."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from ....vocabulary import word_key
from ...contract import TopicPost
from ...model import Action, GameState
from .common import Ctx, bag, role_variants

VICTIM = "loups.devorer"
NO_VICTIM = "baguette.sans_victime"  # the victim's post was edited or deleted
REVEAL = "baguette.anti_devoilement"  # targets: (player, role id)
REVEAL_VOID = "baguette.anti_devoilement_nul"  # its post was edited or deleted: it does not count
REFUSED = "baguette.antre_refus"  # a victim the wolves may not choose (a wolf): the previous choice stands


def _find(key: str, spellings: dict[str, str]) -> list[str]:
    """The values whose spelling stands in ``key`` as whole words, longest spellings first, not overlapping."""
    found: list[str] = []
    taken: list[tuple[int, int]] = []
    for spelling in sorted(spellings, key=len, reverse=True):
        for match in re.finditer(rf"(?<!\w){re.escape(spelling)}(?!\w)", key):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            taken.append(match.span())
            if spellings[spelling] not in found:
                found.append(spellings[spelling])
    return found


@cache
def _spellings(roles: tuple[tuple[str, str], ...]) -> dict[str, str]:
    spellings = {}
    for role, name in roles:
        spellings[word_key(name)] = role
        spellings[word_key(role)] = role
    return spellings


_TAGS = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]|<[^>]*>", re.IGNORECASE)  # BBCode, or the forum's HTML
_LINK = frozenset({"le", "la", "l", "est", "c", "role", "de", "d"})  # « Lucie : Voyante », « Eve est la voyante »


def _leftover(key: str, spellings: list[str]) -> bool:
    """Whether ``key`` holds words besides the names and roles it spells (and small linking words)."""
    rest = key
    for spelling in sorted(spellings, key=len, reverse=True):
        rest = re.sub(rf"(?<!\w){re.escape(spelling)}(?!\w)", " ", rest)
    return any(word not in _LINK for word in rest.split())


def _unknown_role(text: str, key: str, names: Mapping[str, str]) -> str | None:
    """The words after « : », « = » or « est » beside a name in a coloured run, when they are no role: an
    anti-dévoilement whose role is misspelt (« Carole : salvatoure »), not a victim. None for a plain name."""
    if not re.search(r"[:=]|\best\b", text, re.IGNORECASE):
        return None
    ends = [m.end() for spelling in names for m in re.finditer(rf"(?<!\w){re.escape(spelling)}(?!\w)", key)]
    words = [w for w in key[max(ends, default=0) :].split() if w not in _LINK]  # the role is said after the name
    return " ".join(words) or None


def role_spellings(ctx: Ctx, state: GameState) -> dict[str, str]:
    """Role names and ids as written words (word_key) → role id: the base's, then the MJ's roles."""
    spellings = dict(_spellings(tuple(ctx.base.role_names.items())))
    for spelling, role in role_variants(ctx.base.role_names):  # « salvatrice », « la salva »
        spellings.setdefault(word_key(spelling), role)
    for role, declared in bag(state).get("mj_roles", {}).items():
        spellings[word_key(declared["name"])] = role
        spellings[word_key(role)] = role
    spellings.pop("", None)
    return spellings


def read_den(ctx: Ctx, state: GameState, posts: Sequence[TopicPost]) -> list[Action]:
    """The night's den actions: the last victim post's ``loups.devorer`` (or ``sans_victime`` when a victim
    post was edited or deleted), the last anti-dévoilement. Posts by non-wolves are not read."""
    names = {word_key(p.name): p.name for p in state.players}
    roles = role_spellings(ctx, state)
    wolves = {p.name for p in state.players if ctx.base.is_wolf(p)}
    victims: list[tuple[TopicPost, str]] = []
    reveals: list[tuple[TopicPost, str, str]] = []
    refused: list[Action] = []
    for post in posts:
        author = names.get(word_key(post.author))
        if author not in wolves:
            continue
        whole = word_key(_TAGS.sub(" ", post.text))
        for _, text in post.spans:
            key = word_key(text)
            found = _find(key, names)
            said = _find(key, roles)
            if key == whole and _leftover(key, [*names, *roles]):
                continue  # a post written all in that colour, not a name in another colour (RULINGS D1)
            if len(found) == 1 and said:
                reveals.append((post, found[0], said[0]))
            elif len(found) == 1 and (unknown := _unknown_role(text, key, names)):
                reveals.append((post, found[0], unknown))  # « Carole : salvatoure »: refused, the MJ told
            elif len(found) == 1:
                if found[0] in wolves:  # « Les Loups-Garous ne peuvent pas se dévorer entre eux »
                    refused.append(Action(author, REFUSED, (found[0],), f"den:{post.source}"))
                else:
                    victims.append((post, found[0]))
    actions = list(refused)
    if victims:
        last, victim = victims[-1]
        watched = [p for p, _ in victims] if ctx.option(state, "baguette.edition_antre") == "tous" else [last]
        spoiled = next((p for p in watched if p.edited or p.deleted), None)
        author = names[word_key(last.author)]
        if spoiled is not None:
            why = "deleted" if spoiled.deleted else "edited"
            actions.append(Action(names[word_key(spoiled.author)], NO_VICTIM, (why,), f"den:{spoiled.source}"))
        else:
            actions.append(Action(author, VICTIM, (victim,), f"den:{last.source}"))
    if reveals:
        post, target, role = reveals[-1]
        author = names[word_key(post.author)]
        if post.edited or post.deleted:
            actions.append(Action(author, REVEAL_VOID, (target, role), f"den:{post.source}"))
        else:
            actions.append(Action(author, REVEAL, (target, role), f"den:{post.source}"))
    return actions
