"""The outbox: every post and MP meneur makes goes through here, exactly once.

A draft has a stable key (phase, kind, recipient) and moves drafted → approved → sending → sent (with
the forum's id) or failed. Its reference, printed at its foot, hashes the key with the game's own id
(drawn when the database is made), so the same key in the next game is another reference.

"sending" is claimed atomically (one process, one thread wins) and written *before* the forum is asked,
and every send holds a lock beside the database, so two meneur processes never post at once. A draft
that was ever tried (left "sending" by a crash or a time-out, or "failed" then approved again) is first
looked for on the forum, and only posted again if it is not there; a request that may still be on its
way (less than ``settle`` ago) is waited for before looking. Never two copies, never none.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..parsers.records import ParseError
from .adapters.base import ForumAdapter, ForumError, LoginFailed, same_name
from .http import ForumUnavailable
from .i18n import _
from .labels import label
from .replace import account_of
from .store import Store, kv_get

log = logging.getLogger("meneur.outbox")

STATES = ("drafted", "approved", "sending", "sent", "failed", "discarded")


class OutboxError(Exception):
    """A wrong use of the outbox (unknown key, wrong state), said for the MJ."""


class InFlight(OutboxError):
    """The draft was sent a moment ago and may still be on its way: look for it later, never post it now."""


class Busy(OutboxError):
    """Another meneur process has held the send lock too long (stuck, or stopped with Ctrl-Z): try later."""


# How long a request meneur sent may take to land on the forum (its answer lost: a time-out, a crash)
# before meneur looks for it there. Well past the HTTP client's time-outs (20 s a read, 10 s to connect).
SETTLE = timedelta(seconds=60)


@dataclass(frozen=True)
class Draft:
    key: str
    kind: str
    recipient: str | None  # None: the game topic; else a player's forum name
    subject: str | None
    body: str
    state: str
    forum_id: str | None
    reference: str
    created_at: str
    updated_at: str
    attempts: int
    error: str | None
    sending_at: str | None = None  # when the last attempt began


def reference_for(key: str, game: str = "") -> str:
    """The small mark at a draft's foot: the game's id and the key, hashed (the key alone,
    ``setup/role_card/Lucas``, is the same in every game)."""
    return "mj-" + hashlib.sha256(f"{game}\x00{key}".encode()).hexdigest()[:10]


def footer(reference: str, markup: str) -> str:
    """The small line that lets meneur find its own post again after a crash."""
    return f"\n\n*réf. {reference}*" if markup == "markdown" else f"\n\n[size=75]réf. {reference}[/size]"


class Outbox:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime],
        markup: str = "bbcode",
        settle: timedelta = SETTLE,
        lock_wait: float = 120.0,
    ) -> None:
        self.store = store
        self.clock = clock
        self.markup = markup
        self.settle = settle
        self.lock_wait = lock_wait  # seconds to wait for another process's send before giving up this time
        self.game = kv_get(store, "game_id") or ""

    def _now(self) -> str:
        return self.clock().isoformat()

    def get(self, key: str) -> Draft:
        rows = list(self.store.db.query("select * from drafts where key = ?", [key]))
        if not rows:
            raise OutboxError(_("no draft with key {key!r}").format(key=key))
        return Draft(**rows[0])

    def drafts(self, state: str | None = None) -> list[Draft]:
        if state is not None and state not in STATES:
            raise OutboxError(
                _("unknown state {state!r} (one of {states})").format(state=state, states=", ".join(STATES))
            )
        sql = "select * from drafts" + (" where state = ?" if state else "") + " order by created_at, key"
        return [Draft(**row) for row in self.store.db.query(sql, [state] if state else [])]

    def draft(
        self,
        key: str,
        kind: str,
        body: str,
        recipient: str | None = None,
        subject: str | None = None,
        approved: bool = False,
    ) -> Draft:
        """Create a draft, or refresh one not yet sent. A draft already sending or sent is left alone."""
        now = self._now()
        with self.store.transaction():
            rows = list(self.store.db.query("select state, reference from drafts where key = ?", [key]))
            # A refreshed draft keeps its reference: an earlier attempt may be on the forum under it.
            reference = str(rows[0]["reference"]) if rows else reference_for(key, self.game)
            text = body.rstrip() + footer(reference, self.markup)
            if not rows:
                self.store.db.execute(
                    "insert into drafts (key, kind, recipient, subject, body, state, reference, created_at, "
                    "updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [key, kind, recipient, subject, text, "approved" if approved else "drafted", reference, now, now],
                )
            elif rows[0]["state"] in ("drafted", "approved", "failed", "discarded"):
                state = "approved" if approved or rows[0]["state"] == "approved" else "drafted"
                self.store.db.execute(
                    "update drafts set body = ?, subject = ?, state = ?, updated_at = ?, error = null where key = ?",
                    [text, subject, state, now, key],
                )
        return self.get(key)

    def _set(self, key: str, **values: object) -> None:
        values["updated_at"] = self._now()
        sets = ", ".join(f"{column} = ?" for column in values)
        self.store.db.execute(f"update drafts set {sets} where key = ?", [*values.values(), key])

    def approve(self, key: str) -> Draft:
        draft = self.get(key)
        if draft.state not in ("drafted", "failed"):
            raise OutboxError(
                _("{key}: cannot approve a draft that is {state}").format(key=key, state=label(draft.state))
            )
        with self.store.transaction():
            self._set(key, state="approved", error=None)
        return self.get(key)

    def discard(self, key: str) -> Draft:
        """Set a draft aside for good (never sent), unless the rules draft it again."""
        draft = self.get(key)
        if draft.state in ("sending", "sent"):
            raise OutboxError(
                _("{key}: already {state}, it can no longer be discarded").format(key=key, state=label(draft.state))
            )
        with self.store.transaction():
            self._set(key, state="discarded")
        return self.get(key)

    def unsent_under(self, prefix: str) -> list[Draft]:
        """The drafts whose key starts with ``prefix`` that have not gone out (nor been discarded)."""
        return [d for d in self.drafts() if d.key.startswith(prefix) and d.state in ("drafted", "approved", "failed")]

    def edit(self, key: str, body: str) -> Draft:
        draft = self.get(key)
        if draft.state in ("sending", "sent"):
            raise OutboxError(
                _("{key}: already {state}, it can no longer be edited").format(key=key, state=label(draft.state))
            )
        text = body if draft.reference in body else body.rstrip() + footer(draft.reference, self.markup)
        with self.store.transaction():
            self._set(key, body=text, state="drafted")
        return self.get(key)

    @contextlib.contextmanager
    def _send_lock(self) -> Iterator[None]:
        """One sender at a time per database, across processes (``meneur outbox send`` beside ``meneur run``):
        whoever holds it and finds a draft "sending" knows no live process is posting it right now."""
        where = self.store.lock_path("send")
        if where is None:
            yield
            return
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            give_up = time.monotonic() + self.lock_wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= give_up:  # never freeze the daemon behind a stuck process
                        raise Busy(
                            _(
                                "another meneur has been sending a draft of this game for {seconds:.0f} s "
                                "(`meneur outbox send` stopped halfway?): not sending now, try again later"
                            ).format(seconds=self.lock_wait)
                        ) from None
                    time.sleep(0.05)
            yield
        finally:
            os.close(fd)  # lets go of the flock

    def send(self, key: str, adapter: ForumAdapter) -> Draft:
        """Post one approved draft (or finish one left "sending" by a crash). Raises ``InFlight`` for a
        draft sent less than ``settle`` ago whose fate is unknown."""
        with self._send_lock():
            return self._send(key, adapter)

    def _send(self, key: str, adapter: ForumAdapter) -> Draft:
        draft = self.get(key)
        if draft.state == "sent":
            return draft
        if draft.state not in ("approved", "sending"):
            raise OutboxError(_("{key}: is {state}; approve it first").format(key=key, state=label(draft.state)))
        if draft.state == "sending" or draft.attempts > 0:
            # Tried before: it may be on the forum already, whatever the last answer was. Look first.
            self._wait_for_flight(draft)
            found = self._look_for(draft, adapter)
            if found is not None:
                log.info("%s was already on the forum (%s): not sending it again", key, found)
                return self._mark_sent(draft, found)
        with self.store.transaction():
            claimed = self.store.db.execute(
                "update drafts set state = 'sending', sending_at = ?, updated_at = ?, attempts = attempts + 1 "
                "where key = ? and state = ? and attempts = ? and updated_at = ?",
                [self._now(), self._now(), key, draft.state, draft.attempts, draft.updated_at],
            ).rowcount
        if claimed != 1:  # changed since read: the MJ's page edited or discarded it, or another sender came first
            now = self.get(key)
            if now.state == "sent":
                return now
            raise OutboxError(
                _("{key}: changed while meneur was about to send it (now {state}); try again").format(
                    key=key, state=label(now.state)
                )
            )
        try:
            if draft.recipient is None:
                forum_id = adapter.reply(draft.body)
            else:
                # A replaced player's MPs go to the account that plays for him now (`meneur replace`).
                to = account_of(self.store, draft.recipient)
                forum_id = adapter.send_mp(to, None, draft.subject or "", draft.body)
        except ForumUnavailable as exc:
            # It may or may not have been saved: stay "sending", so the next try waits, then looks first.
            with self.store.transaction():
                self._set(key, error=str(exc))
            raise
        except ForumError as exc:
            # The forum answered, but not as expected: it may have saved it all the same.
            found = None
            try:
                # A refused login never reached the form; logging in again to look would only bring the
                # account nearer to a lock-out.
                found = None if isinstance(exc, LoginFailed) else self._look_for(draft, adapter)
            except (ForumError, ForumUnavailable, ParseError) as look:
                log.warning("%s: could not look for it on the forum (%s): it stays failed", key, look)
            if found is not None:
                log.warning("%s: the forum answered %s, yet the draft is on it (%s)", key, exc, found)
                return self._mark_sent(draft, found)
            with self.store.transaction():  # it was answered: nothing left in flight
                self._set(key, state="failed", error=str(exc), sending_at=None)
            raise
        if forum_id is None:
            forum_id = self._look_for(draft, adapter)
        with self.store.transaction():
            self._set(key, state="sent", forum_id=forum_id, error=None)
        return self.get(key)

    def _wait_for_flight(self, draft: Draft) -> None:
        """A request sent less than ``settle`` ago may land on the forum after we looked: not yet."""
        if draft.sending_at is None:
            return
        ready = datetime.fromisoformat(draft.sending_at) + self.settle
        if self.clock() < ready:
            raise InFlight(
                _(
                    "{key}: sent at {sent} and it may still reach the forum; meneur looks for it there from "
                    "{ready} before sending it again"
                ).format(key=draft.key, sent=draft.sending_at, ready=ready.isoformat(timespec="seconds"))
            )

    def _mark_sent(self, draft: Draft, forum_id: str) -> Draft:
        with self.store.transaction():
            self._set(draft.key, state="sent", forum_id=forum_id, error=None)
        return self.get(draft.key)

    def _look_for(self, draft: Draft, adapter: ForumAdapter) -> str | None:
        if draft.recipient is None:
            # The topic as meneur last read it first: every cycle reads the topic before it sends, so a copy
            # that landed pages back (the topic grew while the draft waited to be looked for) is in the store;
            # the forum's last pages then, for one posted since that reading.
            return self._stored_own_post(draft.reference, adapter) or adapter.find_own_post(draft.reference)
        return adapter.find_own_mp(account_of(self.store, draft.recipient), draft.subject or "", draft.reference)

    def _stored_own_post(self, reference: str, adapter: ForumAdapter) -> str | None:
        rows = self.store.db.query(
            "select post_id, author from posts where content_text like ? and deleted_at is null order by posted_at",
            [f"%{reference}%"],
        )
        return next((str(r["post_id"]) for r in rows if same_name(str(r["author"]), adapter.settings.username)), None)

    def send_ready(self, adapter: ForumAdapter) -> list[Draft]:
        """Send every approved draft and finish every one left "sending"."""
        done = []
        for draft in self.drafts("sending") + self.drafts("approved"):
            try:
                done.append(self.send(draft.key, adapter))
            except (InFlight, Busy) as exc:  # the next cycle tries again
                log.info("%s", exc)
            except OutboxError as exc:  # one draft changed under us must not hold back the others
                log.warning("%s", exc)
        return done
