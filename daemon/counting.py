"""From stored posts to a day count: the one path used by the CLI, the daemon and recounts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.daycount import CountWarning, DayCount, PostVotes, Roster, WarningKind, count_day
from ..engine.messages import Message
from ..engine.model import Action, GameState
from ..engine.names import Account, NameResolver, bind_accounts, identify_account
from ..parsers.layout import parse_document, parse_topic_page, quote_test, votes_in_html
from ..parsers.records import ParseError, Post, TopicPage
from ..parsers.votes import styled_lines
from .config import Config
from .i18n import translated
from .render import render
from .replace import apply_to_posts, replacements, with_newcomers
from .store import Store


@dataclass(frozen=True)
class PageFile:
    path: Path
    page: TopicPage
    raw: bytes


def read_pages(paths: list[Path], config: Config) -> list[PageFile]:
    """Parse saved pages; a bad one stops everything with its file name in the message."""
    pages = []
    for path in paths:
        try:
            with path.open("rb") as file:
                raw = file.read(config.max_page_bytes + 1)
        except OSError as exc:
            raise ParseError(f"{path}: cannot read it ({exc.strerror})") from exc
        if len(raw) > config.max_page_bytes:
            raise ParseError(f"{path}: larger than {config.max_page_bytes // 1024} KB ([forum] max_page_kb): not read")
        try:
            page = parse_topic_page(raw, config.layout, config.timezone)
        except ParseError as exc:
            raise ParseError(f"{path}: {exc}") from exc
        pages.append(PageFile(path, page, raw))
    return pages


def roster_of(config: Config) -> Roster:
    return Roster(tuple(p.name for p in config.players), frozenset(p.name for p in config.players if p.dead))


def resolver_of(config: Config) -> NameResolver:
    return NameResolver([p.as_name() for p in config.players], config.thresholds)


def count_posts(
    posts: list[Post],
    config: Config,
    since: datetime | None = None,
    corrections: dict[str, str | None] | None = None,
    refusal: Callable[[str, str], str | Message | None] | None = None,
    deleted: set[str] | None = None,
    accounts: Mapping[str, Account] | None = None,
    replaced: Mapping[str, Message] | None = None,
) -> DayCount:
    """``replaced``: posts by an account replaced in the game (`meneur replace`), by id, with the warning that
    refuses their votes (the player's earlier vote stands)."""
    gone = deleted or set()
    refused = replaced or {}
    mj = config.live.username.strip().casefold()
    players = {p.name.casefold() for p in config.players}
    # The MJ's own posts hold no vote (an opening that shows the format is not "a non-player voted").
    mj_post = (lambda post: post.author.strip().casefold() == mj) if mj and mj not in players else (lambda post: False)
    entries = [
        PostVotes(
            post,
            () if mj_post(post) else tuple(votes_in_html(post.content_html, config.layout, config.vote_format)),
            post.post_id in gone,
        )
        for post in posts
    ]
    warned = [
        CountWarning(e.post.post_id, WarningKind.VOTE_REFUSED, refused[e.post.post_id])
        for e in entries
        if e.post.post_id in refused and e.mentions and not e.deleted
    ]
    entries = [replace(e, mentions=()) if e.post.post_id in refused else e for e in entries]
    count = count_day(
        entries,
        roster_of(config),
        resolver_of(config),
        config.deadline,
        since=since,
        corrections=corrections,
        refusal=refusal,
        accounts=accounts,
    )
    return replace(count, warnings=(*count.warnings, *warned)) if warned else count


def count_from_store(
    store: Store,
    topic: str,
    config: Config,
    since: datetime | None = None,
    refusal: Callable[[str, str], str | Message | None] | None = None,
) -> tuple[DayCount, list[Post]]:
    everything = store.posts(topic, deleted=True)
    gone = store.deleted_posts(topic)
    accounts = account_binding(store, topic, resolver_of(config))
    reps = replacements(store)
    read, replaced = apply_to_posts(everything, reps)  # `meneur replace`: whose posts are whose
    config = with_newcomers(config, reps)  # and a vote may name the seat by its newcomer's name
    count = count_posts(read, config, since, store.corrections(topic), refusal, gone, accounts, replaced)
    return count, [p for p in everything if p.post_id not in gone]


def accounts_seen(store: Store, topic: str) -> list[Account]:
    """Every forum account that wrote in the game topic or to the MJ, in the order they first did."""
    rows = [
        (str(r["posted_at"]), str(r["author"]), r["author_id"])
        for r in store.db.query("select author, author_id, posted_at from posts where topic = ?", [topic])
    ]
    rows += [
        (str(r["at"]), str(r["author"]), r["author_id"])
        for r in store.db.query("select author, author_id, coalesce(sent_at, fetched_at) as at from mps")
    ]
    rows.sort(key=lambda row: _utc(row[0]))
    return [Account(author, str(user_id) if user_id is not None else None) for _, author, user_id in rows]


def _utc(stamp: str) -> datetime:
    when = datetime.fromisoformat(stamp)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def account_binding(store: Store, topic: str, resolver: NameResolver) -> dict[str, Account]:
    """Each player's forum account, derived from what is stored (posts and MPs): the one the MJ named
    exactly, else the first seen. The vote count and the MPs' reading use the same binding."""
    return bind_accounts(resolver, accounts_seen(store, topic))


def count_json(count: DayCount) -> dict[str, Any]:
    return {
        "current": count.current,
        "tally": count.tally.as_dict(),
        "voters": {row.target: list(row.voters) for row in count.tally.counts},
        "not_voted": list(count.tally.not_voted),
        "leaders": list(count.tally.leaders),
        "warnings": [
            {"post_id": w.post_id, "kind": str(w.kind), "message": translated(w.text)} for w in count.warnings
        ],
        "deadline": count.deadline.isoformat() if count.deadline else None,
        "last_post_id": count.last_post_id,
    }


def count_post_text(count: DayCount, posts: list[Post], config: Config, day: str | None = None) -> str:
    last = next((p for p in posts if p.post_id == count.last_post_id), None)
    context = {
        "counts": count.tally.counts,
        "not_voted": count.tally.not_voted,
        "deadline": count.deadline,
        "tz": config.timezone,
        "last_post": last,
        "day": day,
    }
    return render("count", config.markup, context, config.templates_dir)


@dataclass(frozen=True)
class PostOrders:
    """What a rule set read in one post of a phase besides the votes (``RuleSet.read_post``: citadelles'
    J0 citadel choices and the mayor's distribution). ``author``: the player (None: not a player's account);
    ``vote``: the post holds a vote mention. A player's post with neither orders nor a vote is shown to the
    MJ as not understood."""

    post: Post
    author: str | None
    orders: tuple[Action, ...]
    vote: bool


def own_text(content_html: str, config: Config) -> str:
    """A stored post's own text, line by line, its quotes left out (what a player wrote, not what he quoted)."""
    root = parse_document(f"<html><body><div>{content_html}</div></body></html>")
    wrapper = root.find("body/div")
    assert wrapper is not None
    body = wrapper[0] if len(wrapper) == 1 and not (wrapper.text or "").strip() else wrapper
    return "\n".join(line for line, _styles in styled_lines(body, quote_test(body, config.layout)))


def post_orders(
    store: Store,
    topic: str,
    config: Config,
    state: GameState,
    reader: Callable[[GameState, str, str], list[Action]],
    since: datetime | None,
    until: datetime,
) -> list[PostOrders]:
    """The phase's posts (after ``since``, up to ``until``: a post stamped after the deadline does not count),
    in the forum's time order, each with the orders ``reader`` finds in its own text, sourced ``post:<id>``
    (the rule set keeps a player's last one). Authors are matched as the vote count matches them."""
    resolver = resolver_of(config)
    accounts = account_binding(store, topic, resolver)
    posts, _replaced = apply_to_posts(store.posts(topic), replacements(store))
    mj = config.live.username.strip().casefold()
    found: list[PostOrders] = []
    for post in posts:
        if post.posted_at > until or (since is not None and post.posted_at <= since):
            continue
        if post.author.strip().casefold() == mj:
            continue
        author = identify_account(resolver, Account(post.author, post.author_id), accounts).player
        orders: tuple[Action, ...] = ()
        if author is not None:
            text = own_text(post.content_html, config)
            orders = tuple(replace(a, source=f"post:{post.post_id}") for a in reader(state, author, text))
        vote = bool(votes_in_html(post.content_html, config.layout, config.vote_format))
        found.append(PostOrders(post, author, orders, vote))
    return found
