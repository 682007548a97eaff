"""Reading the forum incrementally: the game topic from where it was left, the inbox once.

A poll with nothing new costs one request (the last known page); k new pages cost k + 1.
A full rescan (all pages) happens at a deadline, to catch edits on older pages.
A page that should hold posts but cannot be read stops everything with a loud alert.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ..engine.daycount import account_message
from ..engine.names import Account, NameResolver, accounts_of_players, bind_accounts, identify_account
from ..parsers.layout import FLATTEN_DEPTH
from ..parsers.records import PageIncomplete, ParseError, PrivateMessage, WrongPage
from .adapters.base import ForumAdapter
from .counting import accounts_seen
from .http import ForumUnavailable
from .i18n import _, translated
from .replace import mp_player, owner, replacements
from .store import PageChanges, Store, kv_get, kv_set

log = logging.getLogger("meneur.poll")

LAYOUT_ALERT = "layout"
GAME_TOPIC = "game"  # the game topic's name in the store (daemon/game.py's TOPIC): its layout alert stops the count
DEEP_ALERT = "deep-post"  # a post nested past the parser's limit: read with its deepest tags left out
ACCOUNT_ALERT = "account"  # a second forum account reads as a player's name


class CountingStopped(Exception):
    """A layout alert is open: no count may be made or posted until a page reads again."""


@dataclass
class TopicPoll:
    pages: list[int] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    edited: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # posts a full reading no longer found


def shown(account: Account) -> str:
    """A forum account as the MJ reads it, in the MJ's language: its name, and its number if known."""
    return translated(account_message(account))


def add_alert(store: Store, kind: str, message: str, now: datetime) -> int | None:
    """Open an alert, unless one of that kind is open already; the new alert's id, or None."""
    log.error("ALERT (%s): %s", kind, message)
    with store.transaction():
        if list(store.db.query("select 1 from alerts where kind = ? and resolved = 0", [kind])):
            return None
        cursor = store.db.execute(
            "insert into alerts (at, kind, message) values (?, ?, ?)", [now.isoformat(), kind, message]
        )
    return cursor.lastrowid


def open_alerts(store: Store, kind: str | None = None) -> list[dict[str, object]]:
    sql = "select * from alerts where resolved = 0" + (" and kind = ?" if kind else "") + " order by id"
    return list(store.db.query(sql, [kind] if kind else []))


def resolve_alerts(store: Store, kind: str) -> None:
    with store.transaction():
        store.db.execute("update alerts set resolved = 1 where kind = ? and resolved = 0", [kind])


class Poller:
    def __init__(
        self,
        store: Store,
        adapter: ForumAdapter,
        topic_key: str,
        resolver: NameResolver,
        clock: Callable[[], datetime],
    ) -> None:
        self.store = store
        self.adapter = adapter
        self.topic_key = topic_key
        self.resolver = resolver
        self.clock = clock
        self.new_alert: int | None = None  # set when a poll opens a layout alert
        self._learned: dict[str, str] | None = None
        self._learned_key = f"forum-learned/{topic_key}"

    def _state(self) -> dict[str, object] | None:
        rows = list(self.store.db.query("select * from poll_state where topic = ?", [self.topic_key]))
        return rows[0] if rows else None

    def _record(self, number: int, changes: PageChanges, result: TopicPoll) -> None:
        result.pages.append(number)
        result.new.extend(changes.new)
        result.edited.extend(changes.edited)

    def _restore_learned(self) -> None:
        """What the adapter learnt in an earlier process (spirit's slug address, phpBB's posts per
        page): a cron'd ``meneur poll`` is a fresh process each time."""
        if self._learned is None:
            self._learned = json.loads(kv_get(self.store, self._learned_key) or "{}")
            self.adapter.learn(dict(self._learned))

    def _keep_learned(self) -> None:
        learned = self.adapter.learned()
        if learned and learned != self._learned:
            kv_set(self.store, self._learned_key, json.dumps(learned, sort_keys=True))
            self._learned = learned

    def poll_topic(self, full: bool = False) -> TopicPoll:
        """Read what is new in the game topic (everything when ``full``)."""
        self._restore_learned()
        state = self._state()
        start = 1 if state is None or full else int(str(state["last_page"]))
        result = TopicPoll()
        began = self.clock()
        try:
            try:
                last = self._read_pages(start, result)
            except WrongPage as exc:
                if start == 1 or exc.asked <= exc.last:
                    raise
                # The topic has fewer pages than when last read (posts deleted): read it all again.
                log.warning("topic page %d is gone (the topic has %d pages now): reading it all", exc.asked, exc.last)
                start, result = 1, TopicPoll()
                last = self._read_pages(start, result)
        except ParseError as exc:
            if self.topic_key != GAME_TOPIC:
                # A side topic (the den, the absence topic): its reader alerts about it; the game topic's alert,
                # which stops the count, is not this topic's to open.
                raise CountingStopped(str(exc)) from exc
            self.new_alert = add_alert(
                self.store,
                LAYOUT_ALERT,
                _(
                    "cannot read the game topic: {error}. Counting is stopped until a page reads again; "
                    "check the forum (a new style? an error page?) and the configuration."
                ).format(error=exc),
                self.clock(),
            )
            raise CountingStopped(str(exc)) from exc
        finally:
            self._keep_learned()
        if self.topic_key == GAME_TOPIC and open_alerts(self.store, LAYOUT_ALERT):
            log.warning("the game topic reads again: layout alert closed")
            resolve_alerts(self.store, LAYOUT_ALERT)
        if result.new:
            self.check_accounts()  # a player's own account, or a look-alike, may have just shown up
        if start == 1:  # every page was read: what was not seen is gone from the forum
            result.deleted = self.store.mark_missing(self.topic_key, began, len(result.pages))
            for post_id in result.deleted:
                log.warning("post %s is no longer in the game topic (deleted?): it no longer counts", post_id)
        now = self.clock().isoformat()
        last_post = result.new[-1] if result.new else (str(state["last_post_id"]) if state else None)
        with self.store.transaction():
            self.store.db.execute(
                "insert into poll_state (topic, last_page, last_post_id, polled_at, full_scan_at) "
                "values (?, ?, ?, ?, ?) on conflict(topic) do update set last_page = excluded.last_page, "
                "last_post_id = excluded.last_post_id, polled_at = excluded.polled_at, "
                "full_scan_at = coalesce(excluded.full_scan_at, poll_state.full_scan_at)",
                [self.topic_key, last, last_post, now, now if start == 1 else None],
            )
        return result

    def _read_pages(self, start: int, result: TopicPoll) -> int:
        """Read from page ``start`` to the last one; the number of the last page."""
        number = last = start
        while number <= last:
            fetched = self.adapter.read_topic_page(number)
            if fetched.page.flattened:
                side = "" if self.topic_key == GAME_TOPIC else f"{self.topic_key}:"  # the den's page 1: not the game's
                add_alert(
                    self.store,
                    f"{DEEP_ALERT}:{side}{number}",
                    _(
                        "topic page {page} holds a post nested more than {depth} elements deep: {tags} of its "
                        "tags were left out to read the page (their text is kept, so a vote inside may read as "
                        "unformatted); every other post was read."
                    ).format(page=number, depth=FLATTEN_DEPTH, tags=fetched.page.flattened),
                    self.clock(),
                )
            changes = self.store.record_page(self.topic_key, fetched.page, fetched.raw, self.clock())
            self._record(number, changes, result)
            last = max(last, fetched.page.pagination.last)
            number += 1
        return last

    def poll_inbox(self) -> list[PrivateMessage]:
        """Store the MPs not seen yet; each is read from the forum once. A page of the inbox cut short by
        the network is a passing fault (:class:`ForumUnavailable`): what it held is read next time."""
        try:
            return self._poll_inbox()
        except PageIncomplete as exc:
            raise ForumUnavailable(f"the inbox: {exc}") from exc

    def _poll_inbox(self) -> list[PrivateMessage]:
        fresh: list[PrivateMessage] = []
        for entry in self.adapter.list_inbox():
            state_key = f"mp:{entry.key}"
            if entry.size is not None:
                known = list(self.store.db.query("select last_post_id from poll_state where topic = ?", [state_key]))
                if known and known[0]["last_post_id"] == str(entry.size):
                    continue
            elif list(self.store.db.query("select 1 from mps where msg_id = ?", [entry.key])):
                continue
            for message in self.adapter.read_inbox_entry(entry):
                if message.author.casefold() == self.adapter.settings.username.casefold():
                    continue  # the MJ's own words in a conversation
                if self._store_mp(message):
                    fresh.append(message)
            if entry.size is not None:
                with self.store.transaction():
                    self.store.db.execute(
                        "insert into poll_state (topic, last_page, last_post_id, polled_at) values (?, 1, ?, ?) "
                        "on conflict(topic) do update set last_post_id = excluded.last_post_id, "
                        "polled_at = excluded.polled_at",
                        [state_key, str(entry.size), self.clock().isoformat()],
                    )
        if fresh:
            self.check_accounts()
        return fresh

    def check_accounts(self) -> None:
        """Tell the MJ when two forum accounts read as one player (whether or not they voted), and
        take back the MPs stored as a player's from an account that is not theirs."""
        seen = accounts_seen(self.store, self.topic_key)
        bound = bind_accounts(self.resolver, seen)
        for player, accounts in accounts_of_players(self.resolver, seen).items():
            if len(accounts) > 1:
                others = ", ".join(shown(a) for a in accounts if not a.same_as(bound[player]))
                add_alert(
                    self.store,
                    f"{ACCOUNT_ALERT}s:{player}",
                    _(
                        "several forum accounts read as {player}: {theirs} is taken as theirs; {others} not "
                        "(their votes and MPs do not count). If that is wrong, give {player}'s user_id in the "
                        "configuration."
                    ).format(player=player, theirs=shown(bound[player]), others=others),
                    self.clock(),
                )
        self.recheck_mp_senders(bound)

    def recheck_mp_senders(self, bound: dict[str, Account]) -> list[str]:
        """MPs stored as a player's whose account is no longer that player's: the account named
        exactly as the MJ wrote the player has since appeared (in the topic or the inbox), and the
        look-alike that wrote first loses the name. They become nobody's, with an alert; the ids."""
        moved = []
        replaced = set()  # MPs a newcomer sent as the player he replaces (`meneur replace`): his by right
        reps = replacements(self.store)
        for r in self.store.db.query("select msg_id, author, author_id, sent_at from mps where player is not null"):
            if not reps or not r["sent_at"]:
                continue
            user_id = str(r["author_id"]) if r["author_id"] is not None else None
            player, gone = owner(reps, str(r["author"]), user_id, datetime.fromisoformat(str(r["sent_at"])))
            if player is not None and not gone:
                replaced.add(str(r["msg_id"]))
        for row in list(
            self.store.db.query("select msg_id, author, author_id, player from mps where player is not null")
        ):
            account = Account(str(row["author"]), str(row["author_id"]) if row["author_id"] is not None else None)
            theirs = bound.get(str(row["player"]))
            if theirs is not None and not theirs.same_as(account) and row["msg_id"] not in replaced:
                moved.append(str(row["msg_id"]))
                with self.store.transaction():
                    self.store.db.execute("update mps set player = null where msg_id = ?", [row["msg_id"]])
                add_alert(
                    self.store,
                    f"{ACCOUNT_ALERT}:{account}",
                    _(
                        "MP {mp} from {account} was taken as {player}'s, but {player}'s account is {theirs}: "
                        "it is no longer taken as theirs (no night action read from it)."
                    ).format(mp=row["msg_id"], account=shown(account), player=row["player"], theirs=shown(theirs)),
                    self.clock(),
                )
        return moved

    def mp_sender(self, message: PrivateMessage) -> str | None:
        """The player who sent an MP, or None. Night actions are read from the stored ``mps.player``,
        so an MP from a second account whose name resolves to a player ("Lucas_", a Cyrillic
        look-alike) is stored as nobody's, with an alert: the same binding as the vote count's."""
        account = Account(message.author, message.author_id)
        player, gone = mp_player(self.store, message.author, message.author_id, message.sent_at)
        if player is not None:  # `meneur replace`: a newcomer's MP is the player's; the replaced account's, nobody's
            return None if gone else player
        seen = [*accounts_seen(self.store, self.topic_key), account]
        found = identify_account(self.resolver, account, bind_accounts(self.resolver, seen))
        if found.other_account_of is not None:
            add_alert(
                self.store,
                f"{ACCOUNT_ALERT}:{account}",
                _(
                    "MP {mp} comes from {account}, another forum account than {player}'s ({players_account}), "
                    "though its name reads the same: it is not taken as theirs (no night action read from it)."
                ).format(
                    mp=message.msg_id,
                    account=shown(account),
                    player=found.other_account_of,
                    players_account=shown(found.players_account) if found.players_account else "?",
                ),
                self.clock(),
            )
        return found.player

    def _store_mp(self, message: PrivateMessage) -> bool:
        player = self.mp_sender(message)
        with self.store.transaction():
            cursor = self.store.db.execute(
                "insert or ignore into mps (msg_id, author, author_id, player, sent_at, subject, content_html, "
                "content_text, content_hash, fetched_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    message.msg_id,
                    message.author,
                    message.author_id,
                    player,
                    message.sent_at.isoformat() if message.sent_at else None,
                    message.subject,
                    message.content_html,
                    message.content_text,
                    message.content_hash,
                    self.clock().isoformat(),
                ],
            )
        if cursor.rowcount and player is None:
            log.warning("MP %s from %s, who is not a player", message.msg_id, message.author)
        return bool(cursor.rowcount)
