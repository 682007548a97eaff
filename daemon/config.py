"""The MJ's configuration file (TOML), read and validated.

Every error names the key and, where it can be found, the line, so the MJ can fix the file
without reading code.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..engine.names import PlayerName, Thresholds, normalise_name
from ..parsers.colours import normalise_colour
from ..parsers.dates import zone
from ..parsers.engines import ENGINES, layout_for
from ..parsers.layout import Layout
from ..parsers.records import ParseError, VoteFormat
from .i18n import LANGUAGES, _
from .site import GenericSite


class ConfigError(ValueError):
    """A configuration mistake, said in English with the key (and line) at fault."""


@dataclass(frozen=True, slots=True)
class PlayerConfig:
    name: str
    user_id: str | None = None
    aliases: tuple[str, ...] = ()
    dead: bool = False
    role: str | None = None  # the character, when the MJ deals them (else the rule set deals from the seed)
    camp: str | None = None  # with the roles, for a rule set whose camp is not the role's (convivialite's wolf)

    def as_name(self) -> PlayerName:
        return PlayerName(self.name, self.aliases, self.user_id)


@dataclass(frozen=True)
class DeadlineConfig:
    label: str  # "Jour 1", "Nuit 2": the phase that ends
    at: datetime
    kind: str = "day"  # day: the pyre; night: the dawn
    phase: str | None = None  # the rule set's phase that ends ("J1", "N2"), for the rules engine


@dataclass(frozen=True)
class LiveConfig:
    """What the daemon needs beyond counting: where the forum is and how to behave on it."""

    url: str = ""
    username: str = ""
    password_env: str = "MENEUR_PASSWORD"
    keyring: str | None = None  # a keyring service name, instead of the environment
    topic: str = ""
    database: Path = Path("meneur.sqlite")
    deadlines: tuple[DeadlineConfig, ...] = ()
    topic_every: float = 120.0  # seconds between topic polls
    inbox_every: float = 300.0
    near_deadline: float = 900.0  # in the last N seconds before a deadline, poll faster…
    near_every: float = 30.0  # …this often
    grace: float = 60.0  # the final poll, this long after the deadline
    unreachable_after: float = 60.0  # "forum unreachable" alert after this long without a useful answer
    min_request_interval: float = 2.0  # the forum sees at most one request per this many seconds
    timeout: float = 20.0  # seconds to wait for the forum's answer to one request
    retries: int = 4  # retries of a request that timed out, failed to connect or got a 5xx
    backoff: float = 1.0  # the first wait before a retry (doubles each time, with jitter)
    posts_per_page: int | None = None
    auto: tuple[str, ...] = ("vote_count",)  # draft kinds sent without the MJ's approval
    count_every_votes: int = 0  # auto-post a live count every N new votes (0: never)
    settle: float = 60.0  # a post whose fate is unknown is looked for only this long after it was sent
    alert_mj_by_mp: bool = False
    count_at: tuple[str, ...] = ()  # "HH:MM" (forum time): post a live count at these times too
    site: GenericSite | None = None  # a home-made forum's pages, fields and markers
    ruleset: str | None = None  # with a rule set, the engine resolves each deadline
    seed: int = 0
    web_host: str = "127.0.0.1"  # the MJ's page listens here only
    web_password_env: str | None = None  # an environment variable holding a password for the page
    web_lang: str | None = None  # "fr" or "en": the language of the MJ's page (and of the daemon's messages)
    # [reminders]: hours before a day's end for the reminder post, before dawn for the night MPs (0: none)
    remind_day_hours: float = 0.0
    remind_night_hours: float = 0.0

    def web_password(self) -> str | None:
        """The MJ page's password, when one is configured (never in the file: in the environment)."""
        if not self.web_password_env:
            return None
        secret = os.environ.get(self.web_password_env)
        if not secret:
            raise ConfigError(_("web.password_env names ${name}, which is not set").format(name=self.web_password_env))
        return secret

    def password(self) -> str:
        """The MJ's password, from the environment or the keyring; never from the file."""
        if self.keyring:
            try:
                import keyring  # type: ignore[import-not-found]
            except ImportError as exc:
                raise ConfigError(_("account.keyring is set but the keyring package is not installed")) from exc
            secret = keyring.get_password(self.keyring, self.username)
            if secret is None:
                raise ConfigError(
                    _("no password for {user!r} in the keyring service {service!r}").format(
                        user=self.username, service=self.keyring
                    )
                )
            return str(secret)
        secret = os.environ.get(self.password_env)
        if not secret:
            raise ConfigError(
                _("the MJ's password is read from ${name}, which is not set").format(name=self.password_env)
            )
        return secret


@dataclass(frozen=True)
class Config:
    engine: str = "phpbb3"
    timezone: str = "Europe/Paris"
    layout: Layout = field(default_factory=lambda: layout_for("phpbb3"))
    deadline: datetime | None = None
    vote_format: VoteFormat = field(default_factory=VoteFormat)
    thresholds: Thresholds = field(default_factory=Thresholds)
    players: tuple[PlayerConfig, ...] = ()
    templates_dir: Path | None = None
    path: Path | None = None
    live: LiveConfig = field(default_factory=LiveConfig)
    max_page_bytes: int = 4 * 1024 * 1024  # [forum] max_page_kb: a larger page or answer is not read

    @property
    def markup(self) -> str:
        """How posts are written on this forum: django-spirit speaks Markdown, the others BBCode."""
        return "markdown" if self.engine == "spirit" else "bbcode"


_KNOWN = {
    "forum": {
        "engine",
        "timezone",
        "selectors",
        "url",
        "posts_per_page",
        "pages",
        "fields",
        "markers",
        "inbox",
        "message",
        "max_page_kb",
    },
    "account": {"username", "password_env", "keyring"},
    "game": {"deadline", "topic", "database", "ruleset", "seed"},
    "deadlines": {"label", "at", "kind", "phase"},
    "poll": {
        "topic_every",
        "inbox_every",
        "near_deadline",
        "near_every",
        "grace",
        "min_request_interval",
        "unreachable_after",
        "timeout",
        "retries",
        "backoff",
    },
    "outbox": {"auto", "count_every_votes", "count_at", "settle"},
    "alerts": {"mp_mj"},
    "web": {"host", "password_env", "lang"},
    "votes": {"colours", "require_bold", "require_colour"},
    "names": {"accept", "warn", "margin"},
    "templates": {"folder"},
    "reminders": {"day_post_hours", "night_mp_hours"},
    "players": {"name", "user_id", "aliases", "dead", "role", "camp"},
}
_ARRAYS = {"deadlines", "players"}  # [[deadlines]], [[players]]: arrays of tables; the others are tables


class _Reader:
    """Reads values out of the parsed TOML, remembering the text to point at lines."""

    def __init__(self, text: str, path: Path | None) -> None:
        self.lines = text.splitlines()
        self.path = path

    def line_of(self, table: str, key: str | None = None, index: int = 0) -> int | None:
        header = re.compile(rf"^\s*\[\[?\s*{re.escape(table)}\s*\]\]?\s*(#.*)?$")
        seen = -1
        start = None
        for number, line in enumerate(self.lines, 1):
            if header.match(line):
                seen += 1
                if seen == index:
                    start = number
                    break
        if start is None:
            return None
        if key is None:
            return start
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
        for number in range(start + 1, len(self.lines) + 1):
            line = self.lines[number - 1]
            if re.match(r"^\s*\[", line):
                break
            if pattern.match(line):
                return number
        return start

    def error(self, where: str, message: str, table: str, key: str | None = None, index: int = 0) -> ConfigError:
        line = self.line_of(table, key, index)
        place = f"{self.path or 'config'}"
        if line is not None:
            place += _(", line {line}").format(line=line)
        return ConfigError(_("{place}: {where}: {message}").format(place=place, where=where, message=message))


def _shape(value: Any) -> str:
    """A value's TOML shape, for messages."""
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list):
        return _("an array") if not value or not all(isinstance(v, dict) for v in value) else _("an array of tables")
    return repr(value)


def _expect(
    reader: _Reader, value: Any, kind: type | tuple[type, ...], where: str, table: str, key: str, index: int = 0
) -> Any:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise reader.error(
            where, _("expected {names}, got {shape}").format(names=names, shape=_shape(value)), table, key, index
        )
    return value


def load_config(path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(_("cannot read the configuration {path}: {why}").format(path=path, why=exc.strerror)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(
            _("{path}: not UTF-8 text (byte {byte}): TOML files are UTF-8").format(path=path, byte=exc.start)
        ) from exc
    return parse_config(text, path)


def parse_config(text: str, path: Path | None = None) -> Config:
    reader = _Reader(text, path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_("{path}: not valid TOML: {why}").format(path=path or "config", why=exc)) from exc
    for table, value in data.items():
        if table not in _KNOWN:
            raise reader.error(
                table, _("unknown section (known: {known})").format(known=", ".join(sorted(_KNOWN))), table
            )
        if table in _ARRAYS and not isinstance(value, list):
            raise reader.error(
                table,
                _("expected [[{table}]] rows (an array of tables), got {shape}").format(
                    table=table, shape=_shape(value)
                ),
                table,
            )
        if table not in _ARRAYS and not isinstance(value, dict):
            raise reader.error(
                table, _("expected a [{table}] table, got {shape}").format(table=table, shape=_shape(value)), table
            )
        rows = value if isinstance(value, list) else [value]
        for index, row in enumerate(rows):
            if not isinstance(row, dict):
                raise reader.error(
                    f"{table}[{index}]", _("expected a table, got {shape}").format(shape=_shape(row)), table
                )
            for key in row:
                if key not in _KNOWN[table]:
                    known = ", ".join(sorted(_KNOWN[table]))
                    raise reader.error(
                        f"{table}.{key}", _("unknown key (known: {known})").format(known=known), table, key, index
                    )

    forum = data.get("forum", {})
    engine = _expect(reader, forum.get("engine", "phpbb3"), str, "forum.engine", "forum", "engine")
    if engine not in ENGINES:
        raise reader.error(
            "forum.engine",
            _("unknown engine {engine!r} (one of {known})").format(engine=engine, known=", ".join(ENGINES)),
            "forum",
            "engine",
        )
    timezone = _expect(reader, forum.get("timezone", "Europe/Paris"), str, "forum.timezone", "forum", "timezone")
    try:
        zone(timezone)
    except ParseError as exc:
        raise reader.error("forum.timezone", str(exc), "forum", "timezone") from exc
    selectors = forum.get("selectors")
    if selectors is not None:
        _expect(reader, selectors, dict, "forum.selectors", "forum", "selectors")
    if engine == "generic" and selectors is None:
        raise reader.error("forum.selectors", _("the generic engine needs [forum.selectors]"), "forum")
    try:
        layout = layout_for(engine, selectors)
    except (ParseError, TypeError, ValueError) as exc:
        raise reader.error("forum.selectors", str(exc), "forum.selectors") from exc

    deadline = None
    game = data.get("game", {})
    if "deadline" in game:
        deadline = parse_deadline(game["deadline"], timezone)
        if deadline is None:
            raise reader.error(
                "game.deadline", _("not a date and time: {value!r}").format(value=game["deadline"]), "game", "deadline"
            )
        problem = deadline_problem(game["deadline"], deadline, timezone)
        if problem:
            raise reader.error("game.deadline", problem, "game", "deadline")

    votes = data.get("votes", {})
    colours = _expect(reader, votes.get("colours", ["brown"]), list, "votes.colours", "votes", "colours")
    normalised = set()
    for colour in colours:
        hexa = normalise_colour(str(colour))
        if hexa is None:
            raise reader.error(
                "votes.colours", _("not a CSS colour: {colour!r}").format(colour=colour), "votes", "colours"
            )
        normalised.add(hexa)
    fmt = VoteFormat(
        frozenset(normalised),
        _expect(reader, votes.get("require_bold", True), bool, "votes.require_bold", "votes", "require_bold"),
        # Markdown (django-spirit) has no colour: there the default asks for bold only.
        _expect(
            reader,
            votes.get("require_colour", engine != "spirit"),
            bool,
            "votes.require_colour",
            "votes",
            "require_colour",
        ),
    )

    names = data.get("names", {})
    limits = Thresholds(
        **{
            key: float(_expect(reader, names[key], (int, float), f"names.{key}", "names", key))
            for key in ("accept", "warn", "margin")
            if key in names
        }
    )
    for key in ("accept", "warn", "margin"):
        if not 0 <= getattr(limits, key) <= 100:  # nan and inf too
            raise reader.error(
                f"names.{key}", _("a number from 0 to 100, not {value}").format(value=names[key]), "names", key
            )
    if not 0 <= limits.warn <= limits.accept <= 100:
        raise reader.error("names", _("thresholds must satisfy 0 <= warn <= accept <= 100"), "names")

    players = []
    seen: dict[str, str] = {}  # every name and alias (normalised) → the player it names
    user_ids: dict[str, str] = {}
    for index, row in enumerate(data.get("players", [])):
        where = f"players[{index}]"
        if "name" not in row:
            raise reader.error(where, _("a player needs a name"), "players", None, index)
        name = _expect(reader, row["name"], str, f"{where}.name", "players", "name", index).strip()
        if not name or normalise_name(name) in seen:
            owner = seen.get(normalise_name(name), name)
            problem = (
                _("{name!r} is an alias of {owner}").format(name=name, owner=owner)
                if normalise_name(owner) != normalise_name(name)
                else _("empty or repeated player name {name!r}").format(name=name)
            )
            raise reader.error(f"{where}.name", problem, "players", "name", index)
        seen[normalise_name(name)] = name
        user_id = row.get("user_id")
        if user_id is not None:
            _expect(reader, user_id, (str, int), f"{where}.user_id", "players", "user_id", index)
            if not str(user_id).strip():
                raise reader.error(f"{where}.user_id", _("empty user id"), "players", "user_id", index)
            if str(user_id) in user_ids:
                raise reader.error(
                    f"{where}.user_id",
                    _("user id {id!r} is already {owner}'s").format(id=user_id, owner=user_ids[str(user_id)]),
                    "players", "user_id", index,
                )  # fmt: skip
            user_ids[str(user_id)] = name
        aliases = _expect(reader, row.get("aliases", []), list, f"{where}.aliases", "players", "aliases", index)
        for alias in aliases:
            _expect(reader, alias, str, f"{where}.aliases", "players", "aliases", index)
            form = normalise_name(alias)
            if not form:
                raise reader.error(f"{where}.aliases", _("an empty alias"), "players", "aliases", index)
            if seen.get(form, name) != name:
                raise reader.error(
                    f"{where}.aliases",
                    _("the alias {alias!r} already names {owner}").format(alias=alias, owner=seen[form]),
                    "players",
                    "aliases",
                    index,
                )
            seen[form] = name
        for key in ("role", "camp"):
            if key in row:
                _expect(reader, row[key], str, f"{where}.{key}", "players", key, index)
        players.append(
            PlayerConfig(
                name=name,
                user_id=None if user_id is None else str(user_id),
                aliases=tuple(str(a) for a in aliases),
                dead=_expect(reader, row.get("dead", False), bool, f"{where}.dead", "players", "dead", index),
                role=row.get("role"),
                camp=row.get("camp"),
            )
        )
    folder = data.get("templates", {}).get("folder")
    templates_dir = None
    if folder is not None:
        templates_dir = Path(_expect(reader, folder, str, "templates.folder", "templates", "folder"))
        if path is not None and not templates_dir.is_absolute():
            templates_dir = path.parent / templates_dir
        if not templates_dir.is_dir():
            raise reader.error(
                "templates.folder", _("no such folder: {folder}").format(folder=templates_dir), "templates", "folder"
            )
    live = _live(reader, data, timezone, path)
    _check_setup(reader, players, live)
    if deadline is None and live.deadlines:
        deadline = None  # the live daemon takes its deadlines from [[deadlines]] (rows in the database)
    max_kb = _expect(reader, forum.get("max_page_kb", 4096), int, "forum.max_page_kb", "forum", "max_page_kb")
    if max_kb <= 0:
        raise reader.error(
            "forum.max_page_kb", _("must be positive, not {value}").format(value=max_kb), "forum", "max_page_kb"
        )
    return Config(
        engine, timezone, layout, deadline, fmt, limits, tuple(players), templates_dir, path, live, max_kb * 1024
    )


_MAX_SECONDS = 7 * 24 * 3600
_DRAFT_KINDS = (
    "vote_count", "evening", "morning", "receipt", "result", "alert", "opening", "role_card", "help", "reminder",
    "replacement",
)


def _live(reader: _Reader, data: dict[str, Any], timezone: str, path: Path | None) -> LiveConfig:
    forum, account, game = data.get("forum", {}), data.get("account", {}), data.get("game", {})
    poll, outbox, alerts = data.get("poll", {}), data.get("outbox", {}), data.get("alerts", {})
    web = data.get("web", {})
    url = _expect(reader, forum.get("url", ""), str, "forum.url", "forum", "url")
    if url and not re.match(r"https?://[^/\s]+", url):
        raise reader.error("forum.url", _("not an http(s) address: {url!r}").format(url=url), "forum", "url")
    if url and not url.endswith("/"):
        url += "/"
    for key in ("password", "pass", "secret"):
        if key in account:
            raise reader.error(
                f"account.{key}", _("never put the password in the file: use password_env"), "account", key
            )
    database_text = _expect(reader, game.get("database", "meneur.sqlite"), str, "game.database", "game", "database")
    if not database_text.strip():
        raise reader.error("game.database", _("an empty file name"), "game", "database")
    database = Path(database_text)
    if path is not None and not database.is_absolute():
        database = path.parent / database
    if database.is_dir():
        raise reader.error(
            "game.database", _("{path} is a folder, not a database file").format(path=database), "game", "database"
        )
    deadlines: list[DeadlineConfig] = []
    labels: dict[str, int] = {}
    for index, row in enumerate(data.get("deadlines", [])):
        where = f"deadlines[{index}]"
        if "label" not in row or "at" not in row:
            missing = "label" if "label" not in row else "at"
            message = _("a deadline needs a label and a time (at)")
            raise reader.error(f"{where}.{missing}", message, "deadlines", None, index)
        label = _expect(reader, row.get("label"), str, f"{where}.label", "deadlines", "label", index).strip()
        if not label:
            raise reader.error(f"{where}.label", _("an empty label"), "deadlines", "label", index)
        if label in labels:
            raise reader.error(
                f"{where}.label",
                _("{label!r} is already deadlines[{index}]'s label: a label names one deadline").format(
                    label=label, index=labels[label]
                ),
                "deadlines", "label", index,
            )  # fmt: skip
        labels[label] = index
        at = parse_deadline(row.get("at"), timezone)
        if at is None:
            raise reader.error(
                f"{where}.at", _("not a date and time: {value!r}").format(value=row.get("at")), "deadlines", "at", index
            )
        problem = deadline_problem(row.get("at"), at, timezone)
        if problem:
            raise reader.error(f"{where}.at", problem, "deadlines", "at", index)
        kind = _expect(reader, row.get("kind", "day"), str, f"{where}.kind", "deadlines", "kind", index)
        if kind not in ("day", "night"):
            raise reader.error(
                f"{where}.kind", _("day or night, not {kind!r}").format(kind=kind), "deadlines", "kind", index
            )
        if "phase" in row:
            _expect(reader, row["phase"], str, f"{where}.phase", "deadlines", "phase", index)
        phase = row.get("phase") or _phase_of(label, kind)
        if phase is not None and not re.fullmatch(r"[JN]\d+", str(phase)):
            raise reader.error(
                f"{where}.phase",
                _("a phase like J1 or N2, not {phase!r}").format(phase=phase),
                "deadlines",
                "phase",
                index,
            )
        if phase is not None and game.get("ruleset") is not None:  # the engine resolves each phase once
            twin = next((d for d in deadlines if d.phase == phase), None)
            if twin is not None:
                raise reader.error(
                    f"{where}.phase",
                    _("{label!r} already ends the phase {phase}").format(label=twin.label, phase=phase),
                    "deadlines",
                    "phase",
                    index,
                )
        deadlines.append(DeadlineConfig(label, at, kind, phase))
    numbers = {}
    for key, default in (("topic_every", 120.0), ("inbox_every", 300.0), ("near_deadline", 900.0),
                         ("near_every", 30.0), ("grace", 60.0), ("min_request_interval", 2.0),
                         ("unreachable_after", 60.0), ("timeout", 20.0), ("retries", 4),
                         ("backoff", 1.0)):  # fmt: skip
        value = _expect(reader, poll.get(key, default), (int, float), f"poll.{key}", "poll", key)
        if not math.isfinite(value):
            raise reader.error(f"poll.{key}", _("a number of seconds, not {value}").format(value=value), "poll", key)
        if value < 0 or (key not in ("near_deadline", "grace", "retries") and value == 0):
            raise reader.error(f"poll.{key}", _("must be positive, not {value}").format(value=value), "poll", key)
        if value > _MAX_SECONDS:
            raise reader.error(
                f"poll.{key}",
                _("at most {most} seconds (a week), not {value}").format(most=_MAX_SECONDS, value=value),
                "poll",
                key,
            )
        if key == "retries" and value != int(value):
            raise reader.error("poll.retries", _("a whole number, not {value}").format(value=value), "poll", key)
        numbers[key] = float(value)
    retries = int(numbers.pop("retries"))
    auto = _expect(reader, outbox.get("auto", ["vote_count"]), list, "outbox.auto", "outbox", "auto")
    for kind in auto:
        if not isinstance(kind, str) or kind not in _DRAFT_KINDS:
            raise reader.error(
                "outbox.auto",
                _("unknown draft kind {kind!r} (one of {known})").format(kind=kind, known=", ".join(_DRAFT_KINDS)),
                "outbox",
                "auto",
            )
    every = _expect(
        reader, outbox.get("count_every_votes", 0), int, "outbox.count_every_votes", "outbox", "count_every_votes"
    )
    if every < 0:
        raise reader.error(
            "outbox.count_every_votes",
            _("0 (never) or more, not {value}").format(value=every),
            "outbox",
            "count_every_votes",
        )
    settle = _expect(reader, outbox.get("settle", 60), (int, float), "outbox.settle", "outbox", "settle")
    if not math.isfinite(settle) or not 0 < settle <= _MAX_SECONDS:
        raise reader.error(
            "outbox.settle", _("a number of seconds above 0, not {value}").format(value=settle), "outbox", "settle"
        )
    per_page = forum.get("posts_per_page")
    if per_page is not None:
        _expect(reader, per_page, int, "forum.posts_per_page", "forum", "posts_per_page")
        if per_page < 1:
            raise reader.error(
                "forum.posts_per_page", _("1 or more, not {value}").format(value=per_page), "forum", "posts_per_page"
            )
    topic = game.get("topic", "")
    _expect(reader, topic, (str, int), "game.topic", "game", "topic")
    if (isinstance(topic, int) and topic < 1) or ("topic" in game and not str(topic).strip()):
        raise reader.error("game.topic", _("a topic id, not {topic!r}").format(topic=topic), "game", "topic")
    count_at = _expect(reader, outbox.get("count_at", []), list, "outbox.count_at", "outbox", "count_at")
    for moment in count_at:
        if not isinstance(moment, str) or not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", moment):
            raise reader.error(
                "outbox.count_at", _('times as "HH:MM", not {value!r}').format(value=moment), "outbox", "count_at"
            )
    site = None
    if forum.get("engine") == "generic" and url:
        try:
            site = GenericSite.from_config(forum)
        except (ValueError, ParseError) as exc:
            key = str(exc).split(":", 1)[0]
            table = ".".join(key.split(".")[:2]) if key.startswith("forum.") else "forum"
            raise reader.error(key, str(exc).split(":", 1)[-1].strip(), table, key.split(".")[-1]) from exc
    hours = {}
    for key in ("day_post_hours", "night_mp_hours"):  # [reminders]
        value = data.get("reminders", {}).get(key, 0)
        _expect(reader, value, (int, float), f"reminders.{key}", "reminders", key)
        if not 0 <= value <= 24 * 7:
            raise reader.error(
                f"reminders.{key}", _("hours from 0 to 168, not {value}").format(value=value), "reminders", key
            )
        hours[key] = float(value)
    return LiveConfig(
        url=url,
        username=_expect(reader, account.get("username", ""), str, "account.username", "account", "username"),
        password_env=_expect(
            reader,
            account.get("password_env", "MENEUR_PASSWORD"),
            str,
            "account.password_env",
            "account",
            "password_env",
        ),
        keyring=_expect(reader, account.get("keyring"), (str, type(None)), "account.keyring", "account", "keyring")
        or None,
        topic=str(topic),
        database=database,
        deadlines=tuple(deadlines),
        posts_per_page=per_page,
        auto=tuple(auto),
        count_every_votes=every,
        settle=float(settle),
        alert_mj_by_mp=_expect(reader, alerts.get("mp_mj", False), bool, "alerts.mp_mj", "alerts", "mp_mj"),
        count_at=tuple(count_at),
        remind_day_hours=hours["day_post_hours"],
        remind_night_hours=hours["night_mp_hours"],
        site=site,
        ruleset=_ruleset(reader, game),
        seed=_expect(reader, game.get("seed", 0), int, "game.seed", "game", "seed"),
        web_host=_expect(reader, web.get("host", "127.0.0.1"), str, "web.host", "web", "host"),
        web_password_env=_expect(
            reader, web.get("password_env"), (str, type(None)), "web.password_env", "web", "password_env"
        ),
        web_lang=_web_lang(reader, web),
        **numbers,
        retries=retries,
    )


def _web_lang(reader: _Reader, web: dict[str, Any]) -> str | None:
    lang: str | None = _expect(reader, web.get("lang"), (str, type(None)), "web.lang", "web", "lang")
    if lang is not None and lang not in LANGUAGES:
        raise reader.error(
            "web.lang", _("one of {known}, not {lang!r}").format(known=", ".join(LANGUAGES), lang=lang), "web", "lang"
        )
    return lang


def _ruleset(reader: _Reader, game: dict[str, Any]) -> str | None:
    name = game.get("ruleset")
    if name is None:
        return None
    from ..engine.rulesets import ruleset

    try:
        ruleset(str(name))
    except KeyError as exc:
        raise reader.error("game.ruleset", str(exc).strip('"'), "game", "ruleset") from exc
    return str(name)


def _check_setup(reader: _Reader, players: list[PlayerConfig], live: LiveConfig) -> None:
    """The players' roles, dealt by the MJ: every player's or none (a partial list would be ignored), and
    ones the rule set knows, checked by setting the game up now (pure) rather than at the first deadline."""
    dealt = [p for p in players if p.role]
    if dealt and len(dealt) != len(players):
        missing = ", ".join(p.name for p in players if not p.role)
        message = _(
            "roles are given for {dealt} of {n} players (not for {missing}): give every player's role, or none to "
            "deal them from the seed"
        ).format(dealt=len(dealt), n=len(players), missing=missing)
        raise reader.error("players", message, "players")
    if live.ruleset is None or not players:
        return
    from ..engine.rulesets import ruleset

    known = role_ids(live.ruleset)
    for index, player in enumerate(players):
        if player.role and player.role.partition("+")[0] not in known:  # trinite-meuporg: "voyant+loup"
            raise reader.error(
                f"players[{index}].role",
                _(
                    "{player}'s role {role!r} is not a {rules} role; the known ids: {known} (`meneur roles {rules}` "
                    "lists them with their names)"
                ).format(player=player.name, role=player.role, rules=live.ruleset, known=", ".join(known)),
                "players",
                "role",
                index,
            )
    camps = {p.name: p.camp for p in players if p.camp}
    try:
        ruleset(live.ruleset).setup(
            [p.name for p in players], live.seed, {p.name: str(p.role) for p in dealt} or None,
            **({"camps": camps} if camps else {}),
        )  # fmt: skip
    except (ValueError, KeyError, TypeError) as exc:
        raise reader.error(
            "players", _("the {rules} rules refuse this game: {why}").format(rules=live.ruleset, why=exc), "players"
        ) from exc


def role_ids(name: str) -> dict[str, str]:
    """A rule set's role ids, as the configuration's ``role`` takes them, with their French names."""
    from ..engine.rulesets import ruleset
    from ..engine.rulesets.convivialite.roles import A_CHOISIR  # its wolf's "role to come": never dealt

    rules = ruleset(name)
    ids = [r for r in dict.fromkeys((*rules.role_order, *rules.role_names)) if r != A_CHOISIR]
    return {r: str(rules.role_names.get(r, r)) for r in ids}


def _phase_of(label: str, kind: str) -> str | None:
    """ "Jour 2" → J2, "Nuit 3" → N3 (the rule files' own numbering)."""
    found = re.search(r"(\d+)", label)
    if found is None:
        return None
    return ("J" if kind == "day" else "N") + found.group(1)


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


def deadline_problem(value: Any, moment: datetime, timezone: str) -> str | None:
    """What is wrong with a deadline that parsed: a year no game lasts to, or a local time the clock skips
    or shows twice (a daylight-saving change), which only an explicit offset makes one instant."""
    if not 2000 <= moment.year <= 2199:
        return _("the year {year}? (a deadline between 2000 and 2199)").format(year=moment.year)
    naive = (isinstance(value, datetime) and value.tzinfo is None) or (isinstance(value, str) and _no_offset(value))
    if not naive:
        return None
    local = moment.replace(tzinfo=None)
    there = moment.astimezone(UTC).astimezone(zone(timezone)).replace(tzinfo=None)
    if there != local:
        return _("{moment} does not exist in {zone} (the clocks skip it): give the offset").format(
            moment=local.isoformat(), zone=timezone
        )
    other = moment.replace(fold=1 - moment.fold)
    if other.utcoffset() != moment.utcoffset():
        return _("{moment} happens twice in {zone} (the clocks go back): give the offset (+01:00…)").format(
            moment=local.isoformat(), zone=timezone
        )
    return None


def _no_offset(text: str) -> bool:
    return datetime.fromisoformat(text.strip().replace("Z", "+00:00")).tzinfo is None


def parse_deadline(value: Any, timezone: str) -> datetime | None:
    """A deadline from TOML or the command line: a datetime, or ISO 8601 text; naive means forum time."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        if not re.search(r"\d[T ]\d", value.strip()):
            return None  # a date alone: which end of the day? The MJ must say.
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone(timezone))
    return moment


# -- what `meneur check` warns about before the first request ------------------------------------------------
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
    for deadline in config.live.deadlines:
        if deadline.label in fired or deadline.at > now:
            continue
        local = deadline.at.astimezone(zone(config.timezone))
        problems.append((WARNING, _(
            "{file}: the deadline {label!r} ({at:%Y-%m-%d %H:%M}) is already past: meneur will close it as soon "
            "as it starts. Change its [[deadlines]] at if that is not what you want"
        ).format(file=where, label=deadline.label, at=local)))  # fmt: skip
    return problems


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
