"""The MJ's configuration file (TOML), read and validated.

Every error names the key and, where it can be found, the line, so the MJ can fix the file
without reading code.
"""

from __future__ import annotations

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


class ConfigError(ValueError):
    """A configuration mistake, said in English with the key (and line) at fault."""


@dataclass(frozen=True, slots=True)
class PlayerConfig:
    name: str
    user_id: str | None = None
    aliases: tuple[str, ...] = ()
    dead: bool = False

    def as_name(self) -> PlayerName:
        return PlayerName(self.name, self.aliases, self.user_id)


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

    @property
    def markup(self) -> str:
        """How posts are written on this forum: django-spirit speaks Markdown, the others BBCode."""
        return "markdown" if self.engine == "spirit" else "bbcode"


_KNOWN = {
    "forum": {"engine", "timezone", "selectors"},
    "game": {"deadline"},
    "votes": {"colours", "require_bold", "require_colour"},
    "names": {"accept", "warn", "margin"},
    "templates": {"folder"},
    "players": {"name", "user_id", "aliases", "dead"},
}


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
            place += f", line {line}"
        return ConfigError(f"{place}: {where}: {message}")


def _expect(
    reader: _Reader, value: Any, kind: type | tuple[type, ...], where: str, table: str, key: str, index: int = 0
) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise reader.error(where, f"expected {names}, got {value!r}", table, key, index)
    return value


def load_config(path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the configuration {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {exc.start}): TOML files are UTF-8") from exc
    return parse_config(text, path)


def parse_config(text: str, path: Path | None = None) -> Config:
    reader = _Reader(text, path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path or 'config'}: not valid TOML: {exc}") from exc
    for table, value in data.items():
        if table not in _KNOWN:
            raise reader.error(table, f"unknown section (known: {', '.join(sorted(_KNOWN))})", table)
        rows = value if isinstance(value, list) else [value]
        for index, row in enumerate(rows):
            if not isinstance(row, dict):
                raise reader.error(table, "expected a table", table)
            for key in row:
                if key not in _KNOWN[table]:
                    known = ", ".join(sorted(_KNOWN[table]))
                    raise reader.error(f"{table}.{key}", f"unknown key (known: {known})", table, key, index)

    forum = data.get("forum", {})
    engine = _expect(reader, forum.get("engine", "phpbb3"), str, "forum.engine", "forum", "engine")
    if engine not in ENGINES:
        raise reader.error(
            "forum.engine", f"unknown engine {engine!r} (one of {', '.join(ENGINES)})", "forum", "engine"
        )
    timezone = _expect(reader, forum.get("timezone", "Europe/Paris"), str, "forum.timezone", "forum", "timezone")
    try:
        zone(timezone)
    except ParseError as exc:
        raise reader.error("forum.timezone", str(exc), "forum", "timezone") from exc
    selectors = forum.get("selectors")
    if engine == "generic" and selectors is None:
        raise reader.error("forum.selectors", "the generic engine needs [forum.selectors]", "forum")
    try:
        layout = layout_for(engine, selectors)
    except ParseError as exc:
        raise reader.error("forum.selectors", str(exc), "forum.selectors") from exc

    deadline = None
    game = data.get("game", {})
    if "deadline" in game:
        deadline = parse_deadline(game["deadline"], timezone)
        if deadline is None:
            raise reader.error("game.deadline", f"not a date and time: {game['deadline']!r}", "game", "deadline")

    votes = data.get("votes", {})
    colours = _expect(reader, votes.get("colours", ["brown"]), list, "votes.colours", "votes", "colours")
    normalised = set()
    for colour in colours:
        hexa = normalise_colour(str(colour))
        if hexa is None:
            raise reader.error("votes.colours", f"not a CSS colour: {colour!r}", "votes", "colours")
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
    if not 0 <= limits.warn <= limits.accept <= 100:
        raise reader.error("names", "thresholds must satisfy 0 <= warn <= accept <= 100", "names")

    players = []
    seen: set[str] = set()
    for index, row in enumerate(data.get("players", [])):
        where = f"players[{index}]"
        if "name" not in row:
            raise reader.error(where, "a player needs a name", "players", None, index)
        name = _expect(reader, row["name"], str, f"{where}.name", "players", "name", index).strip()
        if not name or normalise_name(name) in seen:
            raise reader.error(f"{where}.name", f"empty or repeated player name {name!r}", "players", "name", index)
        seen.add(normalise_name(name))
        user_id = row.get("user_id")
        if user_id is not None:
            _expect(reader, user_id, (str, int), f"{where}.user_id", "players", "user_id", index)
        aliases = _expect(reader, row.get("aliases", []), list, f"{where}.aliases", "players", "aliases", index)
        for alias in aliases:
            _expect(reader, alias, str, f"{where}.aliases", "players", "aliases", index)
        players.append(
            PlayerConfig(
                name=name,
                user_id=None if user_id is None else str(user_id),
                aliases=tuple(str(a) for a in aliases),
                dead=_expect(reader, row.get("dead", False), bool, f"{where}.dead", "players", "dead", index),
            )
        )
    folder = data.get("templates", {}).get("folder")
    templates_dir = None
    if folder is not None:
        templates_dir = Path(_expect(reader, folder, str, "templates.folder", "templates", "folder"))
        if path is not None and not templates_dir.is_absolute():
            templates_dir = path.parent / templates_dir
        if not templates_dir.is_dir():
            raise reader.error("templates.folder", f"no such folder: {templates_dir}", "templates", "folder")
    return Config(engine, timezone, layout, deadline, fmt, limits, tuple(players), templates_dir, path)


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
