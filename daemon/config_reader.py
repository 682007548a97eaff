"""Reading the configuration's TOML: the error that names the key and line at fault, and the checks of
each value's shape. The sections themselves are read in :mod:`meneur.daemon.config`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .i18n import _


class ConfigError(ValueError):
    """A configuration mistake, said in English with the key (and line) at fault."""


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
