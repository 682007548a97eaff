"""The MJ's configuration file (TOML), read and validated.

Every error names the key and, where it can be found, the line, so the MJ can fix the file
without reading code. The reading's plumbing (the error, each value's shape) is in ``config_reader``,
deadlines in ``config_deadlines``, the rule set and the dealt roles in ``config_rules``, what the commands
require of a valid file and what `meneur check` warns about in ``config_checks``; their public names are
importable from here as before.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.names import PlayerName, Thresholds, normalise_name
from ..parsers.colours import normalise_colour
from ..parsers.dates import zone
from ..parsers.engines import ENGINES, layout_for
from ..parsers.layout import Layout
from ..parsers.records import ParseError, VoteFormat
from .config_checks import ERROR as ERROR
from .config_checks import EXAMPLE_HOSTS as EXAMPLE_HOSTS
from .config_checks import EXAMPLE_PLAYERS as EXAMPLE_PLAYERS
from .config_checks import WARNING as WARNING
from .config_checks import clock_problem as clock_problem
from .config_checks import is_example_player as is_example_player
from .config_checks import require_live as require_live
from .config_checks import require_secrets as require_secrets
from .config_checks import setup_problems as setup_problems
from .config_deadlines import deadline_problem as deadline_problem
from .config_deadlines import kind_of, phase_of, phase_problem
from .config_deadlines import parse_deadline as parse_deadline
from .config_reader import ConfigError as ConfigError
from .config_reader import _expect, _Reader, _shape
from .config_rules import _check_setup, _mj_roles, _modules, _ruleset
from .config_rules import role_ids as role_ids
from .i18n import LANGUAGES, _
from .site import GenericSite


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


# The smallest [forum] max_post_chars taken: a part must hold its reference, its tags and some text.
MIN_POST_CHARS = 200


@dataclass(frozen=True)
class LiveConfig:
    """What the daemon needs beyond counting: where the forum is and how to behave on it."""

    url: str = ""
    username: str = ""
    password_env: str = "MENEUR_PASSWORD"
    keyring: str | None = None  # a keyring service name, instead of the environment
    topic: str = ""
    absence_topic: str | None = None  # [game] absence_topic: where players declare their absences, polled too
    den_topic: str | None = None  # [game] den_topic: the wolves' den (a module's: baguette), polled too
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
    max_post_chars: int | None = None  # the longest post or MP the forum takes (None: the engine's default)
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
    # [activity]: a living player without a post in this many consecutive day phases is warned (0: never)
    activity_silent_days: int = 0
    # [game] modules: modules composed on top of the rule set (engine/modules: "baguette"), checked at reading
    modules: tuple[str, ...] = ()
    # [[mj_roles]]: the roles the MJ resolves (a module's setup takes them, as scenarios' ``mj_roles``)
    mj_roles: tuple[dict[str, Any], ...] = ()

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
        "max_post_chars",
        "pages",
        "fields",
        "markers",
        "inbox",
        "message",
        "max_page_kb",
    },
    "account": {"username", "password_env", "keyring"},
    "game": {"deadline", "topic", "database", "ruleset", "seed", "absence_topic", "modules", "den_topic"},
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
    "activity": {"silent_days"},
    "players": {"name", "user_id", "aliases", "dead", "role", "camp"},
    # [[mj_roles]]: roles the MJ resolves himself, declared for a module (baguette: the petit Chaperon rouge…)
    "mj_roles": {"id", "name", "camp", "wolf_den", "indevorable", "protege_du_chasseur"},
}
_ARRAYS = {"deadlines", "players", "mj_roles"}  # [[deadlines]]…: arrays of tables; the others are tables


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
    "vote_count",
    "evening",
    "morning",
    "receipt",
    "result",
    "alert",
    "opening",
    "role_card",
    "help",
    "reminder",
    "replacement",
    "activity",
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
        kind = _expect(reader, row.get("kind", kind_of(label)), str, f"{where}.kind", "deadlines", "kind", index)
        if kind not in ("day", "night"):
            raise reader.error(
                f"{where}.kind", _("day or night, not {kind!r}").format(kind=kind), "deadlines", "kind", index
            )
        if "phase" in row:
            _expect(reader, row["phase"], str, f"{where}.phase", "deadlines", "phase", index)
        phase = row.get("phase") or phase_of(label, kind)
        problem = phase_problem(str(phase), game.get("ruleset")) if phase is not None else None
        if problem:  # J0-matin… only for a rule set whose days are split so (config_deadlines.py)
            raise reader.error(f"{where}.phase", problem, "deadlines", "phase", index)
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
    max_chars = forum.get("max_post_chars")
    if max_chars is not None:
        _expect(reader, max_chars, int, "forum.max_post_chars", "forum", "max_post_chars")
        if max_chars < MIN_POST_CHARS:
            raise reader.error(
                "forum.max_post_chars",
                _("{minimum} or more, not {value}").format(minimum=MIN_POST_CHARS, value=max_chars),
                "forum",
                "max_post_chars",
            )
    topic = game.get("topic", "")
    _expect(reader, topic, (str, int), "game.topic", "game", "topic")
    if (isinstance(topic, int) and topic < 1) or ("topic" in game and not str(topic).strip()):
        raise reader.error("game.topic", _("a topic id, not {topic!r}").format(topic=topic), "game", "topic")
    den_topic = _side_topic(reader, game, "den_topic")
    absence_topic = game.get("absence_topic")
    _expect(reader, absence_topic, (str, int, type(None)), "game.absence_topic", "game", "absence_topic")
    if absence_topic is not None and (
        (isinstance(absence_topic, int) and absence_topic < 1) or not str(absence_topic).strip()
    ):
        raise reader.error(
            "game.absence_topic", _("a topic id, not {topic!r}").format(topic=absence_topic), "game", "absence_topic"
        )
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
    silent = data.get("activity", {}).get("silent_days", 0)  # [activity]
    _expect(reader, silent, int, "activity.silent_days", "activity", "silent_days")
    if isinstance(silent, bool) or not 0 <= silent <= 100:
        raise reader.error(
            "activity.silent_days", _("days from 0 to 100, not {value}").format(value=silent), "activity", "silent_days"
        )
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
        absence_topic=str(absence_topic).strip() if absence_topic is not None else None,
        den_topic=den_topic,
        database=database,
        deadlines=tuple(deadlines),
        posts_per_page=per_page,
        max_post_chars=max_chars,
        auto=tuple(auto),
        count_every_votes=every,
        settle=float(settle),
        alert_mj_by_mp=_expect(reader, alerts.get("mp_mj", False), bool, "alerts.mp_mj", "alerts", "mp_mj"),
        count_at=tuple(count_at),
        remind_day_hours=hours["day_post_hours"],
        remind_night_hours=hours["night_mp_hours"],
        activity_silent_days=silent,
        site=site,
        ruleset=_ruleset(reader, game),
        modules=_modules(reader, game),
        mj_roles=_mj_roles(reader, data, game),
        seed=_expect(reader, game.get("seed", 0), int, "game.seed", "game", "seed"),
        web_host=_expect(reader, web.get("host", "127.0.0.1"), str, "web.host", "web", "host"),
        web_password_env=_expect(
            reader, web.get("password_env"), (str, type(None)), "web.password_env", "web", "password_env"
        ),
        web_lang=_web_lang(reader, web),
        **numbers,
        retries=retries,
    )


def _side_topic(reader: _Reader, game: dict[str, Any], key: str) -> str | None:
    """A second topic of the game (``[game] den_topic``): a topic id, or None."""
    topic = game.get(key)
    _expect(reader, topic, (str, int, type(None)), f"game.{key}", "game", key)
    if topic is not None and ((isinstance(topic, int) and topic < 1) or not str(topic).strip()):
        raise reader.error(f"game.{key}", _("a topic id, not {topic!r}").format(topic=topic), "game", key)
    return str(topic).strip() if topic is not None else None


def _web_lang(reader: _Reader, web: dict[str, Any]) -> str | None:
    lang: str | None = _expect(reader, web.get("lang"), (str, type(None)), "web.lang", "web", "lang")
    if lang is not None and lang not in LANGUAGES:
        raise reader.error(
            "web.lang", _("one of {known}, not {lang!r}").format(known=", ".join(LANGUAGES), lang=lang), "web", "lang"
        )
    return lang
