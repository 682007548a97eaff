"""The SQLite store: the single source of truth, so a recount never needs the network.

Pages are kept as fetched (one row per distinct content), posts with a content hash, and every
earlier version of an edited post in ``post_versions``: nothing a player wrote is overwritten
without trace. The schema moves forward through numbered migrations (``PRAGMA user_version``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import sqlite_utils

from ..parsers.records import EditNotice, Post, TopicPage, content_hash


def _migration_1(db: sqlite_utils.Database) -> None:
    db.table("pages").create(
        {"topic": str, "page_no": int, "content_hash": str, "html": bytes, "fetched_at": str},
        pk=("topic", "page_no", "content_hash"),
        if_not_exists=True,
    )
    db.table("posts").create(
        {
            "topic": str,
            "post_id": str,
            "page_no": int,
            "author": str,
            "author_id": str,
            "posted_at": str,
            "content_html": str,
            "content_text": str,
            "content_hash": str,
            "edit_raw": str,
            "edit_editor": str,
            "edit_at": str,
            "edit_count": int,
            "version": int,
            "first_seen": str,
            "last_seen": str,
        },
        pk=("topic", "post_id"),
        if_not_exists=True,
    )
    db.table("post_versions").create(
        {
            "topic": str,
            "post_id": str,
            "version": int,
            "content_hash": str,
            "content_html": str,
            "edit_raw": str,
            "seen_at": str,
        },
        pk=("topic", "post_id", "version"),
        if_not_exists=True,
    )
    db.table("posts").create_index(["topic", "posted_at"], if_not_exists=True)


def _migration_2(db: sqlite_utils.Database) -> None:
    """The live daemon: where each topic was read up to, MPs, drafts (the outbox), deadlines, alerts."""
    for statement in (
        """create table if not exists poll_state (
            topic text primary key, last_page integer not null, last_post_id text,
            polled_at text, full_scan_at text)""",
        """create table if not exists mps (
            msg_id text primary key, author text not null, author_id text, player text,
            sent_at text, subject text, content_html text, content_text text, content_hash text,
            fetched_at text not null, handled integer not null default 0)""",
        """create table if not exists drafts (
            key text primary key, kind text not null, recipient text, subject text, body text not null,
            state text not null, forum_id text, reference text not null, created_at text not null,
            updated_at text not null, attempts integer not null default 0, error text)""",
        """create table if not exists deadlines (
            id text primary key, label text not null, at text not null, kind text not null,
            state text not null default 'pending', fired_at text)""",
        "create table if not exists kv (key text primary key, value text not null)",
        """create table if not exists alerts (
            id integer primary key autoincrement, at text not null, kind text not null,
            message text not null, resolved integer not null default 0)""",
    ):
        db.execute(statement)


def _migration_3(db: sqlite_utils.Database) -> None:
    """The rules engine in the daemon: each phase's inputs (so the game replays), its events, the answers."""
    db.execute(
        "create table if not exists engine_phases (phase text primary key, inputs text not null, "
        "events text not null, questions text not null, resolved_at text not null)"
    )
    db.execute("create table if not exists answers (question text primary key, choice text not null, at text)")
    db.execute(
        "create table if not exists decrees (id integer primary key autoincrement, phase text not null, "
        "kind text not null, player text, cause text, text text, at text)"
    )
    columns = {row[1] for row in db.execute("pragma table_info(deadlines)").fetchall()}
    if "phase" not in columns:
        db.execute("alter table deadlines add column phase text")


def _migration_4(db: sqlite_utils.Database) -> None:
    """The MJ's corrections of the vote counter, by post: they hold through every recount."""
    db.execute(
        "create table if not exists corrections (topic text not null, post_id text not null, target text, "
        "at text not null, primary key (topic, post_id))"
    )


def _migration_5(db: sqlite_utils.Database) -> None:
    """Posts gone from the forum: kept (nothing is lost), marked with when a full reading missed them."""
    columns = {row[1] for row in db.execute("pragma table_info(posts)").fetchall()}
    if "deleted_at" not in columns:
        db.execute("alter table posts add column deleted_at text")


def _migration_6(db: sqlite_utils.Database) -> None:
    """Posting exactly once across games and processes: the game's own id (drafts' references hash it
    with their key, so a new game's role card is never taken for the last game's), and when each
    draft's last attempt began (a request may still be on its way: wait before looking for it)."""
    columns = {row[1] for row in db.execute("pragma table_info(drafts)").fetchall()}
    if "sending_at" not in columns:
        db.execute("alter table drafts add column sending_at text")
    db.execute("insert or ignore into kv (key, value) values ('game_id', ?)", [secrets.token_hex(8)])


def _migration_7(db: sqlite_utils.Database) -> None:
    """What became of each player's MP (understood, refused, not understood, not an order…) and the reply
    drafted to it: stored once, so a re-read or a restart never answers twice."""
    db.execute(
        "create table if not exists mp_outcomes (msg_id text primary key, phase text not null, deadline text, "
        "player text not null, outcome text not null, detail text not null, reply_key text, read_at text not null)"
    )


def _migration_8(db: sqlite_utils.Database) -> None:
    """Replacements (`meneur replace`): from ``at``, ``new_account``'s posts and MPs are ``player``'s and
    ``old_account``'s (the player's account until then) no longer count."""
    db.execute(
        "create table if not exists replacements (id integer primary key, player text not null, "
        "old_account text not null, old_user_id text, new_account text not null, at text not null)"
    )


def _migration_9(db: sqlite_utils.Database) -> None:
    """Players' absences (daemon/absences.py): who, from which MP or post (``ref``, once each), what he wrote,
    and the days covered (``first`` and ``last``, ISO dates; null when the text does not say them)."""
    db.execute(
        "create table if not exists absences (id integer primary key, player text not null, source text not null, "
        "ref text not null unique, said_at text not null, text text not null, first text, last text, "
        "read_at text not null)"
    )


MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _migration_1,
    _migration_2,
    _migration_3,
    _migration_4,
    _migration_5,
    _migration_6,
    _migration_7,
    _migration_8,
    _migration_9,
]


@dataclass(frozen=True, slots=True)
class PageChanges:
    new: tuple[str, ...]
    edited: tuple[str, ...]


class StoreError(Exception):
    """The database file cannot be used (not a file, not a SQLite database, in use)."""


class AlreadyRunning(StoreError):
    """Another meneur daemon holds this database."""


def _private_folders(folder: Path) -> None:
    """Make the missing folders on the way to the database, readable by their owner only (whatever the
    umask): they hold the game's secrets too. Folders that exist are left as they are."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        try:
            os.mkdir(each, 0o700)
        except FileExistsError:
            continue
        os.chmod(each, 0o700)  # the umask may have taken bits away, never added: say it plainly


def _create_private(path: Path) -> None:
    """The database holds secret roles: create it readable by its owner only (SQLite gives its -wal and
    -shm the same mode).

    The file is never opened here once it exists: closing any descriptor of a database file drops every
    POSIX lock this process holds on it, and a daemon whose locks vanished under its open connection
    lets another process delete the write-ahead log it is still writing to (two databases from then on).
    Only a file that did not exist is created, empty, before SQLite opens it."""
    if path.exists():
        if not path.is_file():
            raise StoreError(f"{path}: not a file")
        return
    _private_folders(path.parent)
    with contextlib.suppress(FileExistsError):  # made meanwhile by another process: SQLite opens it below
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


class Store:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._daemon_lock: int | None = None
        if self.path is None:
            conn = sqlite3.connect(":memory:", isolation_level=None)
        else:
            _create_private(self.path)
            conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=30, check_same_thread=False)
            try:
                conn.execute("PRAGMA schema_version").fetchone()  # reads the header: is it a database at all?
            except sqlite3.DatabaseError as exc:
                conn.close()
                raise StoreError(f"{self.path}: not a SQLite database ({exc})") from exc
            os.chmod(self.path, 0o600)  # loosened by hand, or copied with a careless umask
        self.db = sqlite_utils.Database(conn)
        if path is not None:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
        self.migrate()

    def lock_path(self, purpose: str) -> Path | None:
        """A lock file beside the database (``partie.sqlite.run.lock``), never the database itself."""
        return None if self.path is None else self.path.with_name(f"{self.path.name}.{purpose}.lock")

    def hold_daemon_lock(self) -> None:
        """Only one daemon (``meneur run``, ``meneur poll``) per database: the lock is held until this
        process ends, however it ends (the kernel lets go of a flock with its last descriptor).

        flock, not fcntl: a flock belongs to its open file, so nothing else this process opens and closes
        can drop it, and it never mixes with SQLite's own POSIX locks."""
        where = self.lock_path("run")
        if where is None or self._daemon_lock is not None:
            return
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "?"
            os.close(fd)
            raise AlreadyRunning(
                f"{self.path}: meneur is already running on this database (pid {holder}); "
                "stop it first, or use the commands that only look (outbox list, alerts)"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._daemon_lock = fd

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Bring the schema up to date. A migration only creates what is missing, so one cut
        short by a crash is simply run again."""
        if self.version > len(MIGRATIONS):
            raise StoreError(
                f"this database was written by a newer meneur (schema {self.version}, this one knows "
                f"{len(MIGRATIONS)}): upgrade meneur"
            )
        for number, migration in enumerate(MIGRATIONS, 1):
            if self.version < number:
                migration(self.db)
                self.db.execute(f"PRAGMA user_version = {number}")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One atomic write. Plain SQL inside: sqlite-utils' helpers commit on their own."""
        if self.db.conn.in_transaction:
            yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _insert(self, table: str, row: dict[str, object], ignore: bool = False) -> None:
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        verb = "insert or ignore" if ignore else "insert"
        self.db.execute(f"{verb} into {table} ({columns}) values ({marks})", list(row.values()))

    def _update(self, table: str, key: dict[str, object], values: dict[str, object]) -> None:
        sets = ", ".join(f"{column} = ?" for column in values)
        where = " and ".join(f"{column} = ?" for column in key)
        self.db.execute(f"update {table} set {sets} where {where}", [*values.values(), *key.values()])

    def record_page(self, topic: str, page: TopicPage, raw: bytes, fetched_at: datetime) -> PageChanges:
        """Keep the page and its posts; say which posts are new and which were edited since last seen."""
        seen = fetched_at.isoformat()
        new: list[str] = []
        edited: list[str] = []
        with self.transaction():
            self._insert(
                "pages",
                {
                    "topic": topic,
                    "page_no": page.pagination.current,
                    "content_hash": content_hash(raw.decode("latin-1")),
                    "html": raw,
                    "fetched_at": seen,
                },
                ignore=True,
            )
            for post in page.posts:
                state = self._record_post(topic, post, seen)
                if state == "new":
                    new.append(post.post_id)
                elif state == "edited":
                    edited.append(post.post_id)
        return PageChanges(tuple(new), tuple(edited))

    def _record_post(self, topic: str, post: Post, seen: str) -> str:
        row: dict[str, object] = {
            "topic": topic,
            "post_id": post.post_id,
            "page_no": post.page,
            "author": post.author,
            "author_id": post.author_id,
            "posted_at": post.posted_at.isoformat(),
            "content_html": post.content_html,
            "content_text": post.content_text,
            "content_hash": post.content_hash,
            "edit_raw": post.edit.raw if post.edit else None,
            "edit_editor": post.edit.editor if post.edit else None,
            "edit_at": post.edit.edited_at.isoformat() if post.edit and post.edit.edited_at else None,
            "edit_count": post.edit.count if post.edit else None,
            "last_seen": seen,
        }
        found = list(self.db.query("select * from posts where topic = ? and post_id = ?", [topic, post.post_id]))
        if not found:
            self._insert("posts", {**row, "version": 1, "first_seen": seen})
            self._keep_version(topic, post, 1, seen)
            return "new"
        old = found[0]
        key: dict[str, object] = {"topic": topic, "post_id": post.post_id}
        if old["content_hash"] == post.content_hash and old["edit_raw"] == row["edit_raw"]:
            self._update("posts", key, {"last_seen": seen, "page_no": post.page, "deleted_at": None})
            return "same"
        row["deleted_at"] = None
        version = int(old["version"]) + 1
        self._update("posts", key, {**row, "version": version})
        self._keep_version(topic, post, version, seen)
        return "edited"

    def _keep_version(self, topic: str, post: Post, version: int, seen: str) -> None:
        self._insert(
            "post_versions",
            {
                "topic": topic,
                "post_id": post.post_id,
                "version": version,
                "content_hash": post.content_hash,
                "content_html": post.content_html,
                "edit_raw": post.edit.raw if post.edit else None,
                "seen_at": seen,
            },
        )

    def posts(self, topic: str, deleted: bool = False) -> list[Post]:
        """The topic's posts as last seen, in the forum's time order (with ``deleted``, also those that
        a full reading of the topic no longer found)."""
        rows = self.db.query(
            "select * from posts where topic = ? "
            + ("" if deleted else "and deleted_at is null ")
            + "order by posted_at, page_no, cast(post_id as integer), post_id",
            [topic],
        )
        return [_post_from_row(row) for row in rows]

    def deleted_posts(self, topic: str) -> set[str]:
        rows = self.db.query("select post_id from posts where topic = ? and deleted_at is not null", [topic])
        return {str(row["post_id"]) for row in rows}

    def mark_missing(self, topic: str, scan_started: datetime, pages_read: int) -> list[str]:
        """After a full reading of the topic: the posts it did not see are gone from the forum. A reading
        that stopped short of the pages known (a pagination misread) marks nothing."""
        with self.transaction():
            known = self.db.execute(
                "select max(page_no) from posts where topic = ? and deleted_at is null", [topic]
            ).fetchone()[0]
            if known is not None and pages_read < int(known) - 1:
                return []
            rows = list(
                self.db.query(
                    "select post_id from posts where topic = ? and deleted_at is null and last_seen < ?",
                    [topic, scan_started.isoformat()],
                )
            )
            gone = [str(row["post_id"]) for row in rows]
            for post_id in gone:
                self._update("posts", {"topic": topic, "post_id": post_id}, {"deleted_at": scan_started.isoformat()})
        return gone

    def corrections(self, topic: str) -> dict[str, str | None]:
        """The MJ's readings of posts: post id → the player voted against, or None (no vote)."""
        rows = self.db.query("select post_id, target from corrections where topic = ?", [topic])
        return {str(r["post_id"]): (str(r["target"]) if r["target"] is not None else None) for r in rows}

    def correct(self, topic: str, post_id: str, target: str | None, at: datetime) -> None:
        with self.transaction():
            self.db.execute(
                "insert into corrections (topic, post_id, target, at) values (?, ?, ?, ?) on conflict(topic, post_id) "
                "do update set target = excluded.target, at = excluded.at",
                [topic, post_id, target, at.isoformat()],
            )

    def uncorrect(self, topic: str, post_id: str) -> None:
        with self.transaction():
            self.db.execute("delete from corrections where topic = ? and post_id = ?", [topic, post_id])

    def versions(self, topic: str, post_id: str) -> list[dict[str, object]]:
        return list(
            self.db.query(
                "select * from post_versions where topic = ? and post_id = ? order by version",
                [topic, post_id],
            )
        )


def kv_get(store: Store, key: str) -> str | None:
    rows = list(store.db.query("select value from kv where key = ?", [key]))
    return str(rows[0]["value"]) if rows else None


def kv_set(store: Store, key: str, value: str) -> None:
    with store.transaction():
        store.db.execute(
            "insert into kv (key, value) values (?, ?) on conflict(key) do update set value = excluded.value",
            [key, value],
        )


def _post_from_row(row: dict[str, object]) -> Post:
    edit = None
    if row["edit_raw"]:
        edit = EditNotice(
            raw=str(row["edit_raw"]),
            editor=str(row["edit_editor"]) if row["edit_editor"] else None,
            edited_at=datetime.fromisoformat(str(row["edit_at"])) if row["edit_at"] else None,
            count=int(str(row["edit_count"])) if row["edit_count"] is not None else None,
        )
    return Post(
        post_id=str(row["post_id"]),
        author=str(row["author"]),
        author_id=str(row["author_id"]) if row["author_id"] is not None else None,
        posted_at=datetime.fromisoformat(str(row["posted_at"])),
        content_html=str(row["content_html"]),
        content_text=str(row["content_text"]),
        content_hash=str(row["content_hash"]),
        edit=edit,
        page=int(str(row["page_no"])) if row["page_no"] is not None else None,
    )
