"""A player replaced mid-game by another forum account (`meneur replace OLD NEW`).

A replacement is a row (``replacements``): from its moment on, the new account's posts and MPs are the
player's, and the account that was the player's until then no longer counts — a vote it posts after is
refused with a warning, one posted before still stands. Every command reads the rows the same way: the
count (:func:`apply_to_posts`, from ``counting.count_from_store``), the inbox (:func:`mp_player`, from the
poller), the MPs' replies (:func:`account_of`, the outbox's recipient). The public post (« X remplace Y »)
and the newcomer's role card are drafted for the MJ when the replacement is recorded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from ..engine.messages import N_, Message
from ..engine.names import Account
from ..vocabulary import Post
from .store import Store

if TYPE_CHECKING:
    from .config import Config


@dataclass(frozen=True)
class Replacement:
    id: int
    player: str
    old: Account  # the player's account until ``at``
    new: Account  # the newcomer's, from ``at`` (its name as the MJ gave it)
    at: datetime


def replacements(store: Store) -> list[Replacement]:
    """The recorded replacements, in the order they happened."""
    rows = store.db.query("select * from replacements order by at, id")
    return [
        Replacement(
            int(r["id"]),
            str(r["player"]),
            Account(str(r["old_account"]), str(r["old_user_id"]) if r["old_user_id"] is not None else None),
            Account(str(r["new_account"])),
            datetime.fromisoformat(str(r["at"])),
        )
        for r in rows
    ]


def _is(account: Account, name: str, user_id: str | None) -> bool:
    return account.same_as(Account(name, user_id))


def owner(reps: Sequence[Replacement], name: str, user_id: str | None, when: datetime) -> tuple[str | None, bool]:
    """Who an account speaks for at ``when`` by the replacements: (the player, False) for a newcomer after
    his replacement; (the player, True) for a replaced account after it was replaced (it no longer counts);
    (None, False) when no replacement says anything (the usual binding decides)."""
    found: tuple[str | None, bool] = (None, False)
    for rep in reps:
        if when < rep.at:
            continue
        if _is(rep.new, name, None):
            found = (rep.player, False)
        elif _is(rep.old, name, user_id):
            found = (rep.player, True)
    return found


def apply_to_posts(posts: Sequence[Post], reps: Sequence[Replacement]) -> tuple[list[Post], dict[str, Message]]:
    """The posts as the count reads them: a newcomer's post after his replacement is written as by the
    player's own account (so it votes as the player); a replaced account's post after the replacement is
    kept, and returned with the warning that refuses its vote."""
    if not reps:
        return list(posts), {}
    out: list[Post] = []
    refused: dict[str, Message] = {}
    for post in posts:
        player, gone = owner(reps, post.author, post.author_id, post.posted_at)
        rep = next((r for r in reversed(reps) if r.player == player and r.at <= post.posted_at), None)
        if player is None or rep is None:
            out.append(post)
        elif gone:
            out.append(post)
            refused[post.post_id] = Message.of(
                N_("{author} was replaced by {new} in the game ({player}): this vote does not count."),
                author=post.author,
                new=rep.new.name,
                player=player,
            )
        else:
            first = next(r for r in reps if r.player == player)  # the account the count binds to the player
            out.append(replace(post, author=first.old.name, author_id=first.old.user_id))
    return out, refused


def mp_player(store: Store, name: str, user_id: str | None, when: datetime | None) -> tuple[str | None, bool]:
    """For an MP from ``name`` sent at ``when``: see :func:`owner` (nothing is known without a time)."""
    reps = replacements(store)
    if not reps or when is None:
        return None, False
    return owner(reps, name, user_id, when)


def account_of(store: Store, recipient: str) -> str:
    """The forum account an MP to ``recipient`` (a player's name) goes to: his last replacement's newcomer."""
    last = [r for r in replacements(store) if r.player == recipient]
    return last[-1].new.name if last else recipient


def with_newcomers(config: Config, reps: Sequence[Replacement]) -> Config:
    """``config`` whose players also answer to their newcomers' names (an alias each): « Je vote contre
    Bertrand » names the seat Bertrand plays for now, as « Je vote contre Basile » does."""
    if not reps:
        return config
    added: dict[str, list[str]] = {}
    for rep in reps:
        added.setdefault(rep.player, []).append(rep.new.name)
    players = tuple(
        replace(p, aliases=(*p.aliases, *(n for n in added.get(p.name, []) if n not in p.aliases and n != p.name)))
        for p in config.players
    )
    return replace(config, players=players)
