"""What the commands check in a valid configuration before the first request: what the daemon needs (the
forum, the account, the topic, the players, the secrets), and what `meneur check` warns about, which would
still spoil a day (the example's forum or players left in, a deadline already past, a forum clock in another
zone)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..parsers.dates import zone
from .config_reader import ConfigError
from .i18n import _

if TYPE_CHECKING:
    from .config import Config


def require_live(config: Config) -> None:
    """The daemon's commands need the forum's address, the account and the topic."""
    missing = [key for key, value in (("forum.url", config.live.url), ("account.username", config.live.username),
                                      ("game.topic", config.live.topic)) if not value]  # fmt: skip
    if missing:
        raise ConfigError(
            _("{path}: the daemon needs {keys}").format(path=config.path or "config", keys=", ".join(missing))
        )
    if not config.players:
        raise ConfigError(
            _("{path}: players: the game needs [[players]] (none listed)").format(path=config.path or "config")
        )


def require_secrets(config: Config, web: bool = False) -> None:
    """Commands that log in ask for the password at start, not at the first poll: a missing one is one
    clear line then, never a traceback per poll."""
    config.live.password()
    if web:
        config.live.web_password()


EXAMPLE_HOSTS = ("example.org", "example.com", "example.net")
EXAMPLE_PLAYERS = frozenset({"Alice", "Bob", "Carole"})  # config/example.toml's, before meneur init had --forum


def is_example_player(name: str) -> bool:
    """A name `meneur init` (or an older example) wrote in place of the game's players."""
    return name in EXAMPLE_PLAYERS or re.fullmatch(r"Joueur\d{1,2}", name) is not None


ERROR, WARNING = "error", "warning"


def setup_problems(config: Config, now: datetime, fired: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """What would silently spoil a day although the file is valid, each ``(ERROR | WARNING, message)`` in the
    MJ's language saying what to change. ``fired``: the labels of deadlines the game's database has handled."""
    from .i18n import _

    where = str(config.path or "config")
    problems: list[tuple[str, str]] = []
    if config.markup == "markdown" and config.vote_format.require_colour:
        problems.append((ERROR, _(
            "{file}: [votes] require_colour = true, but {engine} writes Markdown, which has no colours: no vote "
            "would ever count. Write require_colour = false (votes are then bold only)"
        ).format(file=where, engine=config.engine)))  # fmt: skip
    host = (urlsplit(config.live.url).hostname or "").lower()
    if any(host == h or host.endswith("." + h) for h in EXAMPLE_HOSTS):
        problems.append((ERROR, _(
            "{file}: [forum] url = {url} is the example's address: write your forum's"
        ).format(file=where, url=config.live.url)))  # fmt: skip
    names = {p.name for p in config.players}
    if names and all(is_example_player(name) for name in names):
        problems.append((ERROR, _(
            "{file}: [[players]] still lists the example's players ({names}): list the game's players"
        ).format(file=where, names=", ".join(sorted(names)))))  # fmt: skip
    if (config.live.count_every_votes > 0 or config.live.count_at) and _counts_secret(config.live.ruleset):
        problems.append((WARNING, _(
            "{file}: [outbox] count_every_votes / count_at: the rule set {ruleset} keeps the count secret, so meneur "
            "posts no count (your page and meneur count still show it whole)"
        ).format(file=where, ruleset=config.live.ruleset)))  # fmt: skip
    for deadline in config.live.deadlines:
        if deadline.label in fired or deadline.at > now:
            continue
        local = deadline.at.astimezone(zone(config.timezone))
        problems.append((WARNING, _(
            "{file}: the deadline {label!r} ({at:%Y-%m-%d %H:%M}) is already past: meneur will close it as soon "
            "as it starts. Change its [[deadlines]] at if that is not what you want"
        ).format(file=where, label=deadline.label, at=local)))  # fmt: skip
    return problems


def _counts_secret(name: str | None) -> bool:
    """Whether the rule set keeps the count from the players (``RuleSet.secret_counts``)."""
    from ..engine.rulesets import ruleset

    try:
        return bool(name) and ruleset(str(name)).secret_counts
    except KeyError:  # an unknown rule set is reported elsewhere
        return False


def clock_problem(config: Config, server_now: datetime, newest: datetime | None) -> str | None:
    """A forum time zone at odds with the forum: its newest post read as stamped after the server's own time
    (its ``Date`` header). An hour off either way moves every deadline by an hour: late votes count."""
    from .i18n import _

    if newest is None or newest <= server_now + timedelta(minutes=2):
        return None
    ahead = (newest - server_now).total_seconds() / 3600
    return _(
        "[forum] timezone = {tz}: the newest post reads as {hours:.1f} h after the forum's own clock (its Date "
        "header {now:%H:%M} UTC): the forum prints its dates in another zone. Set [forum] timezone to the zone the "
        "forum shows (the MJ account's profile zone on django-spirit, the board's on phpBB)"
    ).format(tz=config.timezone, hours=ahead, now=server_now.astimezone(UTC))
