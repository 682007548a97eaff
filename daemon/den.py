"""The wolves' den (``[game] den_topic``): a second topic, polled like the game topic with its own name in the
store (``den``), whose posts a rule set reads at the night's deadline (``RuleSet.read_den``: baguette's victim
written in a colour, its anti-dévoilement).

Each post is handed over as the rules take it (``contract.TopicPost``): its author as a player, its own text
(quotes left out), its coloured runs read from the forum's HTML (parsers/colour_spans.py), and two flags the
rules weigh — ``edited`` (the forum marks it edited, or meneur saw its text change between two readings) and
``deleted`` (a post meneur had stored that a full reading of the topic no longer finds: the forum shows no
trace of a deleted post, so its absence is the only sign)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..engine.contract import TopicPost
from ..engine.names import Account, identify_account
from ..parsers.colour_spans import html_colours
from .store import Store, _post_from_row

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine.names import NameResolver
    from ..parsers.layout import Layout
    from ..parsers.records import Post
    from .game import LiveGame
    from .replace import Replacement

TOPIC = "den"  # the den's name in the store


class DenTopic:
    """The den, read over the game's forum session (no second login)."""

    def __init__(self, game: LiveGame, topic: str) -> None:
        from .absences import topic_adapter
        from .poller import Poller

        self.game = game
        self.adapter = topic_adapter(game.adapter, topic)
        self.poller = Poller(game.store, self.adapter, TOPIC, game.poller.resolver, game.clock)

    def poll(self, full: bool = False) -> None:
        """Read what is new (``full``: the whole topic, which is how a deleted post is found out)."""
        self.adapter.logged_in = self.adapter.logged_in or self.game.adapter.logged_in
        self.poller.poll_topic(full=full)


def post_player(
    reps: Sequence[Replacement], resolver: NameResolver, bound: dict[str, Account], post: Post
) -> str | None:
    """The player a side topic's post is from (the den, the absence topic), as the count reads the game topic: a
    newcomer's post after his replacement (`meneur replace`) is the player's, the replaced account's is nobody's;
    else the account bound to a player by its name."""
    from .replace import owner

    player, gone = owner(reps, post.author, post.author_id, post.posted_at)
    if player is not None:
        return None if gone else player
    return identify_account(resolver, Account(post.author, post.author_id), bound).player


def unquoted_html(content_html: str, layout: Layout) -> str:
    """A post's HTML without what it quotes, by the forum's own quote markup (``layout.quote``: phpBB 2's quote is
    a ``<table>``, not a ``<blockquote>``): a coloured name a wolf quoted is not his choice."""
    from lxml import etree
    from lxml import html as lxml_html

    from ..parsers.layout import quote_test

    try:
        content = lxml_html.fragment_fromstring(content_html or "<p></p>", create_parent="div")
    except (ValueError, TypeError, etree.ParserError):
        return content_html
    is_quote = quote_test(content, layout)
    for quote in [e for e in content.iterdescendants() if is_quote(e)]:
        quote.drop_tree()  # its tail (the text after the quote) stays; a quote within it goes with it
    return etree.tostring(content, encoding="unicode", method="html")


def den_posts(
    store: Store, resolver: NameResolver, layout: Layout, mj: str, since: datetime | None, until: datetime
) -> list[TopicPost]:
    """The players' den posts stamped after ``since`` and up to ``until`` (the night's actions deadline), in the
    forum's order, deleted ones included (flagged); the MJ's posts and strangers' are left out."""
    from .absences import own_text
    from .counting import account_binding
    from .game import TOPIC as GAME_TOPIC
    from .replace import replacements

    bound = account_binding(store, GAME_TOPIC, resolver)  # a second account is nobody's, as in the game topic
    reps = replacements(store)
    rows = store.db.query(
        "select * from posts where topic = ? order by posted_at, page_no, cast(post_id as integer), post_id", [TOPIC]
    )
    found: list[TopicPost] = []
    for row in rows:
        post = _post_from_row(row)
        if post.posted_at > until or (since is not None and post.posted_at <= since):
            continue
        if post.author.strip().casefold() == mj.strip().casefold():
            continue
        player = post_player(reps, resolver, bound, post)
        if player is None:
            continue
        reading = html_colours(unquoted_html(post.content_html, layout))
        found.append(
            TopicPost(
                author=player,
                time=post.posted_at,
                text=own_text(post, layout),
                spans=reading.spans,
                colour=reading.colour,
                edited=post.edit is not None or int(str(row["version"] or 1)) > 1,
                deleted=row["deleted_at"] is not None,
                source=post.post_id,
            )
        )
    return found
