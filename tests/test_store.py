"""The SQLite store: pages and posts kept once, every version of an edited post kept, schema migrations."""

from __future__ import annotations

import sqlite3
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

from meneur.daemon.config import Config, load_config
from meneur.daemon.counting import PageFile, count_from_store, read_pages
from meneur.daemon.store import MIGRATIONS, PageChanges, Store

VILLAGE = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "phpbb3" / "j1-village"
FETCHED = datetime(2026, 3, 14, 20, 9, tzinfo=UTC)
TOPIC = "t1547"

# Zoé's standing vote (post 48284, page 2): "Je vote contre Lucas." in brown bold.
ZOE_VOTE = b'<strong class="text-strong">Je vote contre Lucas.</strong>'
ZOE_EDITED = b'<strong class="text-strong">Je vote contre Nina.</strong>'


def read(path: Path) -> PageFile:
    return read_pages([path], Config())[0]


def read_bytes(raw: bytes, tmp_path: Path, name: str = "page.html") -> PageFile:
    path = tmp_path / name
    path.write_bytes(raw)
    return read(path)


def page_rows(store: Store) -> int:
    return int(store.db.execute("select count(*) from pages").fetchone()[0])


def test_recording_the_same_page_twice_adds_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "partie.sqlite")
    page = read(VILLAGE / "page-1.html")
    ids = tuple(post.post_id for post in page.page.posts)
    first = store.record_page(TOPIC, page.page, page.raw, FETCHED)
    assert first == PageChanges(new=ids, edited=())
    posts = store.posts(TOPIC)
    assert [p.post_id for p in posts] == list(ids)

    again = store.record_page(TOPIC, page.page, page.raw, FETCHED + timedelta(minutes=5))
    assert again == PageChanges(new=(), edited=())
    assert store.posts(TOPIC) == posts
    assert all(len(store.versions(TOPIC, post_id)) == 1 for post_id in ids)
    assert page_rows(store) == 1


def test_a_new_session_id_in_the_links_is_not_a_change(tmp_path: Path) -> None:
    """phpBB puts the visitor's session id in links: fetching the page again changes those bytes only."""
    store = Store()
    raw = (VILLAGE / "page-2.html").read_bytes()
    old_sid = b"7c3e1f9a0b2d4c6e8f1a3b5c7d9e0f21"
    assert old_sid in raw
    first = read_bytes(raw, tmp_path, "a.html")
    store.record_page(TOPIC, first.page, first.raw, FETCHED)
    refetched = read_bytes(raw.replace(old_sid, b"0123456789abcdef0123456789abcdef"), tmp_path, "b.html")
    assert store.record_page(TOPIC, refetched.page, refetched.raw, FETCHED) == PageChanges((), ())
    assert page_rows(store) == 1


def test_an_edited_post_is_seen_and_both_versions_are_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "partie.sqlite")
    for number in (1, 2, 3):
        page = read(VILLAGE / f"page-{number}.html")
        store.record_page(TOPIC, page.page, page.raw, FETCHED)
    raw = (VILLAGE / "page-2.html").read_bytes()
    assert raw.count(ZOE_VOTE) == 1
    silently_edited = read_bytes(raw.replace(ZOE_VOTE, ZOE_EDITED), tmp_path)

    changes = store.record_page(TOPIC, silently_edited.page, silently_edited.raw, FETCHED + timedelta(hours=1))
    assert changes == PageChanges(new=(), edited=("48284",))  # no edit notice: seen from the content alone

    versions = store.versions(TOPIC, "48284")
    assert [v["version"] for v in versions] == [1, 2]
    assert "Lucas." in str(versions[0]["content_html"]) and "Nina." not in str(versions[0]["content_html"])
    assert "Nina." in str(versions[1]["content_html"])
    assert versions[0]["content_hash"] != versions[1]["content_hash"]
    assert str(versions[0]["seen_at"]) < str(versions[1]["seen_at"])

    post = next(p for p in store.posts(TOPIC) if p.post_id == "48284")
    assert "Je vote contre Nina." in post.content_text
    assert "Lucas." not in post.content_html
    assert post.author == "Zoé" and post.page == 2
    others = [p.post_id for p in store.posts(TOPIC) if p.post_id != "48284"]
    assert all(len(store.versions(TOPIC, post_id)) == 1 for post_id in others)

    # the count is made from the store, so it follows the edit
    count, _ = count_from_store(store, TOPIC, load_config(VILLAGE / "case.toml"))
    assert count.current["Zoé"] == "Nina"


def test_a_post_edited_back_keeps_every_version(tmp_path: Path) -> None:
    store = Store()
    raw = (VILLAGE / "page-2.html").read_bytes()
    original = read_bytes(raw, tmp_path, "a.html")
    edited = read_bytes(raw.replace(ZOE_VOTE, ZOE_EDITED), tmp_path, "b.html")
    for step, page in enumerate((original, edited, original)):
        store.record_page(TOPIC, page.page, page.raw, FETCHED + timedelta(minutes=step))
    versions = store.versions(TOPIC, "48284")
    assert [v["version"] for v in versions] == [1, 2, 3]
    assert versions[0]["content_hash"] == versions[2]["content_hash"] != versions[1]["content_hash"]
    assert "Lucas." in next(p for p in store.posts(TOPIC) if p.post_id == "48284").content_text
    assert page_rows(store) == 2  # two distinct contents of page 2


def test_posts_come_back_in_the_forums_time_order_whatever_the_recording_order(tmp_path: Path) -> None:
    store = Store()
    for number in (3, 1, 2):
        page = read(VILLAGE / f"page-{number}.html")
        store.record_page(TOPIC, page.page, page.raw, FETCHED)
    posts = store.posts(TOPIC)
    assert len(posts) == 28
    assert [p.posted_at for p in posts] == sorted(p.posted_at for p in posts)
    assert posts[0].post_id == "48211" and posts[-1].post_id == "48368"


def test_topics_are_kept_apart() -> None:
    store = Store()
    page = read(VILLAGE / "page-1.html")
    store.record_page("a", page.page, page.raw, FETCHED)
    assert store.posts("b") == []
    assert store.record_page("b", page.page, page.raw, FETCHED).new == tuple(p.post_id for p in page.page.posts)


def test_a_stored_post_reads_back_as_parsed(tmp_path: Path) -> None:
    store = Store(tmp_path / "partie.sqlite")
    page = read(VILLAGE / "page-1.html")
    store.record_page(TOPIC, page.page, page.raw, FETCHED)
    reopened = Store(tmp_path / "partie.sqlite")
    assert reopened.posts(TOPIC) == list(page.page.posts)


def test_migrations_are_idempotent_and_set_user_version(tmp_path: Path) -> None:
    path = tmp_path / "partie.sqlite"
    store = Store(path)
    assert store.version == len(MIGRATIONS) >= 1
    page = read(VILLAGE / "page-1.html")
    store.record_page(TOPIC, page.page, page.raw, FETCHED)
    posts = store.posts(TOPIC)

    again = Store(path)  # a second open migrates nothing and loses nothing
    assert again.version == len(MIGRATIONS)
    assert again.posts(TOPIC) == posts
    assert again.record_page(TOPIC, page.page, page.raw, FETCHED) == PageChanges((), ())

    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_a_migration_cut_short_runs_again(tmp_path: Path) -> None:
    """A crash after a migration's tables were made but before user_version was written."""
    path = tmp_path / "partie.sqlite"
    page = read(VILLAGE / "page-1.html")
    Store(path).record_page(TOPIC, page.page, page.raw, FETCHED)
    plain = sqlite3.connect(path)
    plain.execute("PRAGMA user_version = 0")
    plain.close()

    store = Store(path)
    assert store.version == len(MIGRATIONS)
    assert len(store.posts(TOPIC)) == len(page.page.posts)


def test_the_database_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "roles" / "partie.sqlite"
    Store(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)  # loosened by hand, or copied with a careless umask
    Store(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_database_from_a_newer_meneur_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    Store(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    import pytest
    from meneur.daemon.store import StoreError

    with pytest.raises(StoreError, match="newer meneur"):
        Store(path)
