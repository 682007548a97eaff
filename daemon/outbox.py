"""The outbox: every post and MP meneur makes goes through here, exactly once.

A draft has a stable key (phase, kind, recipient) and moves drafted → approved → sending → sent (with
the forum's id) or failed. Its reference, printed at its foot, hashes the key with the game's own id
(drawn when the database is made), so the same key in the next game is another reference.

"sending" is claimed atomically (one process, one thread wins) and written *before* the forum is asked,
and every send holds a lock beside the database, so two meneur processes never post at once. A draft
that was ever tried (left "sending" by a crash or a time-out, or "failed" then approved again) is first
looked for on the forum, and only posted again if it is not there; a request that may still be on its
way (less than ``settle`` ago) is waited for before looking. Never two copies, never none.

A draft longer than the forum takes (``ForumAdapter.max_post_chars``) goes out in numbered parts, cut by
``split.split_text`` when it is first sent: « (1/2) » ends each MP's subject, a line heads each post, and
each part's foot holds the draft's reference and its number. The parts are kept (``draft_parts``) and
each is sent exactly once the way a whole draft is — a part tried before is looked for first — in order,
so a crash between two parts sends only the missing ones. The draft is "sent" when its last part is.
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
from .adapters.base import ForumAdapter, ForumError, LoginFailed, RateLimited, TooLong, same_name
from .http import ForumUnavailable
from .i18n import _
from .labels import label
from .replace import account_of
from .split import CannotSplit, split_text
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


@dataclass(frozen=True)
class Part:
    """One part of a draft too long for the forum: what is sent, and how far it went."""

    key: str
    number: int
    total: int
    subject: str | None
    body: str
    token: str  # the reference and the part's number, as its foot shows them: what finds it again
    state: str  # waiting, sending, sent, failed
    forum_id: str | None
    sending_at: str | None
    attempts: int
    error: str | None


_PARTS_TABLE = (
    "create table if not exists draft_parts (key text not null, number integer not null, total integer not null, "
    "subject text, body text not null, token text not null, state text not null, forum_id text, sending_at text, "
    "attempts integer not null default 0, error text, primary key (key, number))"
)


def part_token(reference: str, number: int, total: int) -> str:
    return f"{reference} ({number}/{total})"


def part_subject(subject: str, number: int, total: int, room: int = 255) -> str:
    """The subject of part ``number``: the draft's, « (1/2) » at its end (kept within ``room``)."""
    mark = f" ({number}/{total})"
    return subject[: max(0, room - len(mark))].rstrip() + mark


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
        with self.store.transaction():
            self.store.db.execute(_PARTS_TABLE)

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
            elif rows[0]["state"] in ("drafted", "approved", "failed", "discarded") and not self._partly_sent(key):
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
        if self._partly_sent(key):
            raise OutboxError(
                _("{key}: part of it is already on the forum, it can no longer be edited").format(key=key)
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
        parts = self.parts(key)
        if not parts and (draft.state == "sending" or draft.attempts > 0):
            # Tried before: it may be on the forum already, whatever the last answer was. Look first.
            self._wait_for_flight(draft)
            found = self._look_for(draft, adapter)
            if found is not None:
                log.info("%s was already on the forum (%s): not sending it again", key, found)
                return self._mark_sent(draft, found)
        parts = self._cut(draft, adapter, parts)
        draft = self._claim(draft)
        if draft.state == "sent":
            return draft
        if parts:
            return self._send_parts(draft, parts, adapter)
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
        except RateLimited as exc:
            # Refused for coming too soon (the forum saved nothing): queued again as it was, for the next
            # cycle, with the forum's note; not a failure the MJ has to approve again.
            with self.store.transaction():
                # Its earlier tries (if any) were looked for before this one: the next cycle looks again.
                self._set(key, state="approved", error=str(exc), sending_at=None, attempts=draft.attempts - 1)
            raise
        except ForumError as exc:
            # The forum answered, but not as expected: it may have saved it all the same.
            found = None
            try:
                # A refused login never reached the form; logging in again to look would only bring the
                # account nearer to a lock-out. A message refused for its length was not saved either.
                found = None if isinstance(exc, LoginFailed | TooLong) else self._look_for(draft, adapter)
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

    def _claim(self, draft: Draft) -> Draft:
        """Mark the draft "sending", atomically: whoever changed it since it was read wins."""
        key = draft.key
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
        return self.get(key)

    # -- a draft in parts ---------------------------------------------------------------------------
    def parts(self, key: str) -> list[Part]:
        """The parts a long draft was cut into when it was first sent (none for a draft sent whole)."""
        rows = self.store.db.query("select * from draft_parts where key = ? order by number", [key])
        return [Part(**row) for row in rows]

    def _partly_sent(self, key: str) -> bool:
        """Is some part of the draft on the forum, or maybe (its parts are then kept as they were cut)?"""
        return any(part.state in ("sent", "sending") for part in self.parts(key))

    def planned_parts(self, draft: Draft, limit: int) -> tuple[int, int]:
        """In how many parts the draft goes out on a forum taking ``limit`` characters (1: whole), and how
        many of them are on the forum already."""
        kept = self.parts(draft.key)
        if kept:
            return kept[0].total, sum(part.state == "sent" for part in kept)
        if len(draft.body) <= limit:
            return 1, int(draft.state == "sent")
        try:
            return len(self._split(draft, limit)), 0
        except OutboxError:
            return 1, 0

    def _split(self, draft: Draft, limit: int) -> list[tuple[str | None, str, str]]:
        """(subject, body, token) of each part of ``draft`` on a forum taking ``limit`` characters."""
        text = draft.body.rstrip()
        foot = footer(draft.reference, self.markup)
        if text.endswith(foot.strip()):
            text = text[: -len(foot.strip())].rstrip()
        # Room for the heading line and the foot of the longest numbering (up to 999 parts).
        room = limit - len(self._part_frame(draft, 999, 999))
        try:
            chunks = split_text(text, room, self.markup)
        except CannotSplit as exc:
            raise OutboxError(
                _("{key}: the forum takes too few characters a message ({limit}) to send it in parts").format(
                    key=draft.key, limit=limit
                )
            ) from exc
        total = len(chunks)
        out = []
        for number, chunk in enumerate(chunks, start=1):
            head = "" if draft.recipient is not None else f"({number}/{total})\n\n"
            token = part_token(draft.reference, number, total)
            tail = footer(token, self.markup)
            subject = part_subject(draft.subject or "", number, total) if draft.recipient is not None else None
            out.append((subject, head + chunk + tail, token))
        return out

    def _part_frame(self, draft: Draft, number: int, total: int) -> str:
        head = "" if draft.recipient is not None else f"({number}/{total})\n\n"
        return head + footer(part_token(draft.reference, number, total), self.markup)

    def _cut(self, draft: Draft, adapter: ForumAdapter, parts: list[Part]) -> list[Part]:
        """The parts to send: those kept, once one may be on the forum; else cut anew for the forum's limit
        (it may have changed since a part was refused as too long, and the MJ may have edited the draft)."""
        if any(part.state in ("sent", "sending") for part in parts):
            return parts
        limit = adapter.max_post_chars()
        if not parts and len(draft.body) <= limit:
            return []  # the common case: sent whole, nothing to write
        with self.store.transaction():
            self.store.db.execute("delete from draft_parts where key = ?", [draft.key])
            if len(draft.body) <= limit:
                return []
            cut = self._split(draft, limit)
            for number, (subject, body, token) in enumerate(cut, start=1):
                self.store.db.execute(
                    "insert into draft_parts (key, number, total, subject, body, token, state) "
                    "values (?, ?, ?, ?, ?, ?, 'waiting')",
                    [draft.key, number, len(cut), subject, body, token],
                )
        log.info(
            "%s: %d characters, more than the forum takes (%d): sent in %d parts",
            draft.key,
            len(draft.body),
            limit,
            len(cut),
        )
        return self.parts(draft.key)

    def _set_part(self, part: Part, **values: object) -> None:
        sets = ", ".join(f"{column} = ?" for column in values)
        self.store.db.execute(
            f"update draft_parts set {sets} where key = ? and number = ?", [*values.values(), part.key, part.number]
        )

    def _send_parts(self, draft: Draft, parts: list[Part], adapter: ForumAdapter) -> Draft:
        """Each part not yet on the forum, in order, exactly once; the draft is sent with its last part."""
        for part in parts:
            if part.state == "sent":
                continue
            if part.state == "sending":  # tried: it may be on the forum already. Look first.
                self._wait_for_part(draft, part)
                found = self._look_for_part(draft, part, adapter)
                if found is not None:
                    log.info("%s part %d was already on the forum (%s)", draft.key, part.number, found)
                    with self.store.transaction():
                        self._set_part(part, state="sent", forum_id=found, error=None)
                    continue
            with self.store.transaction():
                self._set_part(part, state="sending", sending_at=self._now(), attempts=part.attempts + 1)
            try:
                if draft.recipient is None:
                    forum_id = adapter.reply(part.body)
                else:
                    to = account_of(self.store, draft.recipient)
                    forum_id = adapter.send_mp(to, None, part.subject or "", part.body)
            except ForumUnavailable as exc:  # may have been saved: the part and the draft stay "sending"
                with self.store.transaction():
                    self._set_part(part, error=str(exc))
                    self._set(draft.key, error=str(exc))
                raise
            except RateLimited as exc:  # refused for its rate, nothing saved: the next cycle sends it
                with self.store.transaction():
                    # as before this try (one "sending" was looked for just now, and is not there)
                    before = "failed" if part.state == "failed" else "waiting"
                    self._set_part(part, state=before, sending_at=None, attempts=part.attempts)
                    self._set(draft.key, state="approved", error=str(exc), sending_at=None)
                raise
            except ForumError as exc:
                found = None
                looked = isinstance(exc, LoginFailed | TooLong)  # nothing was saved: no need to look
                if not looked:
                    try:
                        found = self._look_for_part(draft, part, adapter)
                        looked = True
                    except (ForumError, ForumUnavailable, ParseError) as look:
                        log.warning(
                            "%s part %d: could not look for it (%s): it stays failed", draft.key, part.number, look
                        )
                if found is None:
                    error = _("part {number} of {total}: {error}").format(
                        number=part.number, total=part.total, error=exc
                    )
                    with self.store.transaction():
                        # Answered and not there: "failed". Not looked for: it may be there ("sending"),
                        # and is looked for before any new try.
                        self._set_part(part, state="failed" if looked else "sending", error=str(exc))
                        self._set(draft.key, state="failed", error=error, sending_at=None)
                    raise type(exc)(error) from exc
                log.warning(
                    "%s part %d: the forum answered %s, yet it is there (%s)", draft.key, part.number, exc, found
                )
                forum_id = found
            if forum_id is None:
                forum_id = self._look_for_part(draft, part, adapter)
            with self.store.transaction():
                self._set_part(part, state="sent", forum_id=forum_id, error=None)
        first = self.parts(draft.key)[0]
        with self.store.transaction():
            self._set(draft.key, state="sent", forum_id=first.forum_id, error=None)
        return self.get(draft.key)

    def _settles_at(self, sending_at: str | None) -> datetime | None:
        """When a request sent at ``sending_at`` can no longer land on the forum after we look; None if that time
        has come (or nothing was sent)."""
        if sending_at is None:
            return None
        ready = datetime.fromisoformat(sending_at) + self.settle
        return ready if self.clock() < ready else None

    def _wait_for_part(self, draft: Draft, part: Part) -> None:
        ready = self._settles_at(part.sending_at)
        if ready is not None:
            raise InFlight(
                _(
                    "{key}: part {number} was sent at {sent} and it may still reach the forum; meneur looks for "
                    "it there from {ready} before sending it again"
                ).format(
                    key=draft.key, number=part.number, sent=part.sending_at, ready=ready.isoformat(timespec="seconds")
                )
            )

    def _look_for_part(self, draft: Draft, part: Part, adapter: ForumAdapter) -> str | None:
        return self._find_own(draft.recipient, part.subject, part.token, adapter)

    def _wait_for_flight(self, draft: Draft) -> None:
        """A request sent less than ``settle`` ago may land on the forum after we looked: not yet."""
        ready = self._settles_at(draft.sending_at)
        if ready is not None:
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
        return self._find_own(draft.recipient, draft.subject, draft.reference, adapter)

    def _find_own(
        self, recipient: str | None, subject: str | None, reference: str, adapter: ForumAdapter
    ) -> str | None:
        """meneur's own post (``recipient`` None) or MP carrying ``reference``, if it is on the forum: a whole draft
        or one of its parts. A post: the topic as meneur last read it first — every cycle reads the topic before
        it sends, so a copy that landed pages back (the topic grew while the draft waited to be looked for) is in
        the store; the forum's last pages then, for one posted since that reading."""
        if recipient is None:
            return self._stored_own_post(reference, adapter) or adapter.find_own_post(reference)
        return adapter.find_own_mp(account_of(self.store, recipient), subject or "", reference)

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
            except RateLimited as exc:  # the forum paces meneur: this draft and those after it, next cycle
                log.info("%s: the forum asks to wait %.0f s; the drafts left go out at the next cycle", draft.key,
                         exc.wait)  # fmt: skip
                break
            except OutboxError as exc:  # one draft changed under us must not hold back the others
                log.warning("%s", exc)
        return done
