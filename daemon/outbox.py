"""The outbox: every post and MP meneur makes goes through here, exactly once.

A draft has a stable key (game, phase, kind, recipient) and moves drafted → approved → sending →
sent (with the forum's id) or failed. "sending" is written *before* the forum is asked; if meneur
dies before it records "sent", the next attempt first looks for the draft on the forum (by the
reference printed at its foot) and only posts again if it is not there. Never two copies, never none.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from .adapters.base import ForumAdapter, ForumError
from .http import ForumUnavailable
from .store import Store

log = logging.getLogger("meneur.outbox")

STATES = ("drafted", "approved", "sending", "sent", "failed", "discarded")


class OutboxError(Exception):
    """A wrong use of the outbox (unknown key, wrong state), said for the MJ."""


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


def reference_for(key: str) -> str:
    return "mj-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]


def footer(reference: str, markup: str) -> str:
    """The small line that lets meneur find its own post again after a crash."""
    return f"\n\n*réf. {reference}*" if markup == "markdown" else f"\n\n[size=75]réf. {reference}[/size]"


class Outbox:
    def __init__(self, store: Store, clock: Callable[[], datetime], markup: str = "bbcode") -> None:
        self.store = store
        self.clock = clock
        self.markup = markup

    def _now(self) -> str:
        return self.clock().isoformat()

    def get(self, key: str) -> Draft:
        rows = list(self.store.db.query("select * from drafts where key = ?", [key]))
        if not rows:
            raise OutboxError(f"no draft with key {key!r}")
        return Draft(**rows[0])

    def drafts(self, state: str | None = None) -> list[Draft]:
        if state is not None and state not in STATES:
            raise OutboxError(f"unknown state {state!r} (one of {', '.join(STATES)})")
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
        reference = reference_for(key)
        text = body.rstrip() + footer(reference, self.markup)
        now = self._now()
        with self.store.transaction():
            rows = list(self.store.db.query("select state from drafts where key = ?", [key]))
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
            raise OutboxError(f"{key}: cannot approve a draft that is {draft.state}")
        with self.store.transaction():
            self._set(key, state="approved", error=None)
        return self.get(key)

    def discard(self, key: str) -> Draft:
        """Set a draft aside for good (never sent), unless the rules draft it again."""
        draft = self.get(key)
        if draft.state in ("sending", "sent"):
            raise OutboxError(f"{key}: already {draft.state}, it can no longer be discarded")
        with self.store.transaction():
            self._set(key, state="discarded")
        return self.get(key)

    def unsent_under(self, prefix: str) -> list[Draft]:
        """The drafts whose key starts with ``prefix`` that have not gone out (nor been discarded)."""
        return [d for d in self.drafts() if d.key.startswith(prefix) and d.state in ("drafted", "approved", "failed")]

    def edit(self, key: str, body: str) -> Draft:
        draft = self.get(key)
        if draft.state in ("sending", "sent"):
            raise OutboxError(f"{key}: already {draft.state}, it can no longer be edited")
        text = body if draft.reference in body else body.rstrip() + footer(draft.reference, self.markup)
        with self.store.transaction():
            self._set(key, body=text, state="drafted")
        return self.get(key)

    def send(self, key: str, adapter: ForumAdapter) -> Draft:
        """Post one approved draft (or finish one left "sending" by a crash)."""
        draft = self.get(key)
        if draft.state == "sent":
            return draft
        if draft.state not in ("approved", "sending"):
            raise OutboxError(f"{key}: is {draft.state}; approve it first")
        if draft.state == "sending":
            found = self._look_for(draft, adapter)
            if found is not None:
                log.info("%s was already on the forum (post %s): not sending it again", key, found)
                with self.store.transaction():
                    self._set(key, state="sent", forum_id=found)
                return self.get(key)
        with self.store.transaction():
            self._set(key, state="sending", attempts=draft.attempts + 1)
        try:
            if draft.recipient is None:
                forum_id = adapter.reply(draft.body)
            else:
                forum_id = adapter.send_mp(draft.recipient, None, draft.subject or "", draft.body)
        except ForumUnavailable as exc:
            # It may or may not have been saved: stay "sending", so the next try looks first.
            with self.store.transaction():
                self._set(key, error=str(exc))
            raise
        except ForumError as exc:
            with self.store.transaction():
                self._set(key, state="failed", error=str(exc))
            raise
        if forum_id is None:
            forum_id = self._look_for(draft, adapter)
        with self.store.transaction():
            self._set(key, state="sent", forum_id=forum_id, error=None)
        return self.get(key)

    def _look_for(self, draft: Draft, adapter: ForumAdapter) -> str | None:
        if draft.recipient is None:
            return adapter.find_own_post(draft.reference)
        return adapter.find_own_mp(draft.recipient, draft.subject or "", draft.reference)

    def send_ready(self, adapter: ForumAdapter) -> list[Draft]:
        """Send every approved draft and finish every one left "sending"."""
        done = []
        for draft in self.drafts("sending") + self.drafts("approved"):
            done.append(self.send(draft.key, adapter))
        return done
