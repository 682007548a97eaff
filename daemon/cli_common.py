"""What the live commands share: the configuration and the game's database opened with one clear line on a
mistake, the forum adapter (its session kept in the database; a forum that never answers said in one line),
the game. Used by :mod:`meneur.daemon.cli_live` and the commands split from it."""

from __future__ import annotations

import argparse
import contextlib
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

import httpx

from .adapters import make_adapter
from .adapters.base import ForumAdapter
from .config import Config, ConfigError, load_config, require_live, require_secrets
from .game import LiveGame
from .http import ForumUnavailable
from .i18n import _, set_language
from .store import Store, StoreError, kv_get, kv_set


def _now() -> datetime:
    return datetime.now(UTC)


def _config(args: argparse.Namespace) -> Config:
    config = load_config(Path(args.config))
    if config.live is not None and config.live.web_lang:  # [web] lang: the MJ's whole meneur, not just the page
        set_language(config.live.web_lang)
    require_live(config)
    return config


def _store(config: Config) -> Store:
    """The game's database, or one line saying why it cannot be opened."""
    try:
        return Store(config.live.database)
    except (StoreError, OSError, sqlite3.Error) as exc:
        where = f"{config.path or 'config'}: game.database"
        raise ConfigError(f"{where}: cannot open {config.live.database}: {exc}") from exc


SESSION_KEY = "forum-session"


class _Answers:
    """What the forum answered so far: whether it ever did, and its clock (the ``Date`` header)."""

    def __init__(self, adapter: ForumAdapter, quick: bool) -> None:
        self.count = 0
        self.server_now: datetime | None = None
        self.retries = adapter.http.retries
        self.http = adapter.http
        if quick:  # a forum that never answered is a wrong address or a forum down: no retries before it does
            adapter.http.retries = 0
        hooks = adapter.http.client.event_hooks
        hooks["response"] = [*hooks.get("response", []), self.seen]
        adapter.http.client.event_hooks = hooks

    def seen(self, response: httpx.Response) -> None:
        self.count += 1
        self.http.retries = self.retries
        with contextlib.suppress(KeyError, TypeError, ValueError, IndexError):
            self.server_now = parsedate_to_datetime(response.headers["date"]).astimezone(UTC)


def _adapter(config: Config, store: Store | None, quick: bool = True) -> ForumAdapter:
    """The forum adapter, starting from the session an earlier command kept in the game's database (which
    only its owner can read), so that a cron'd ``meneur poll`` does not log in every time. With ``quick``,
    a forum that does not answer the first request is not retried: one line says what to check."""
    adapter = make_adapter(config)
    if store is not None:
        adapter.keep_session(kv_get(store, SESSION_KEY), lambda session: kv_set(store, SESSION_KEY, session))
    adapter.answers = _Answers(adapter, quick)  # type: ignore[attr-defined]
    return adapter


@contextlib.contextmanager
def _reaching(config: Config, adapter: ForumAdapter) -> Iterator[None]:
    """A forum that never answered: one line naming ``[forum] url`` and what to check, not a retry log."""
    try:
        yield
    except ForumUnavailable as exc:
        answers = getattr(adapter, "answers", None)
        if answers is None or answers.count:
            raise
        why = re.sub(r", \d+ retries$", "", str(exc).rsplit(": ", 1)[-1])
        raise ForumUnavailable(
            _(
                "the forum at {url} cannot be reached ({why}): check [forum] url in {file} (the address, http or "
                "https, the port) and that the forum is up"
            ).format(url=config.live.url, why=why, file=config.path or "config")
        ) from None


def _game(args: argparse.Namespace, forum: bool = False, web: bool = False, quick: bool = False) -> LiveGame:
    """The game; with ``forum``, every secret the forum needs is read now (a missing one: exit 2 at start).
    ``quick``: a command run by hand or by cron, not the daemon (see _adapter)."""
    config = _config(args)
    if forum:
        require_secrets(config, web)
    store = _store(config)
    return LiveGame(config, store, _adapter(config, store, quick=quick), _now)
