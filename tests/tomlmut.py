"""Mutating TOML documents for the configuration and scenario tests: a small writer (no dependency) and
every way to get a key wrong — missing, empty, or of another TOML type."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from datetime import datetime
from typing import Any

Path_ = tuple[str | int, ...]

# One value of each TOML type (and the numbers no interval can be).
SAMPLES: dict[str, Any] = {
    "string": "texte",
    "integer": 7,
    "negative": -3,
    "float": 2.5,
    "nan": math.nan,
    "inf": math.inf,
    "boolean": True,
    "datetime": datetime(2026, 3, 14, 21, 0),
    "array": ["x", "y"],
    "empty array": [],
    "integers": [1, 2],
    "table": {"a": 1},
    "tables": [{"a": 1}],
}


def value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, datetime):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def dump(data: dict[str, Any]) -> str:
    """TOML text for ``data``: top-level scalars first, then tables, then arrays of tables."""
    lines = [f"{json.dumps(k)} = {value(v)}" for k, v in data.items() if not _is_table(v) and not _is_rows(v)]
    for key, v in data.items():
        if _is_table(v):
            lines.append(f"[{key}]")
            lines += [f"{json.dumps(k)} = {value(x)}" for k, x in v.items()]
    for key, v in data.items():
        if _is_rows(v):
            for row in v:
                lines.append(f"[[{key}]]")
                lines += [f"{json.dumps(k)} = {value(x)}" for k, x in row.items()]
    return "\n".join(lines) + "\n"


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)


def _is_rows(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def paths(data: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every key's path in the document (tables, rows and leaves), depth first."""
    if isinstance(data, dict):
        for key, v in data.items():
            yield (*prefix, key)
            yield from paths(v, (*prefix, key))
    elif _is_rows(data):
        for index, row in enumerate(data):
            yield from paths(row, (*prefix, index))


def get(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def mutated(data: Any, path: Path_, new: Any = ..., remove: bool = False) -> Any:
    """A deep copy of ``data`` with the value at ``path`` replaced (or removed)."""
    copy = json.loads(json.dumps(data, default=str))
    _restore_datetimes(copy, data)
    parent = get(copy, path[:-1])
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return copy


def _restore_datetimes(copy: Any, original: Any) -> None:
    if isinstance(original, dict):
        for k, v in original.items():
            if isinstance(v, datetime):
                copy[k] = v
            else:
                _restore_datetimes(copy[k], v)
    elif isinstance(original, list):
        for i, v in enumerate(original):
            if isinstance(v, datetime):
                copy[i] = v
            else:
                _restore_datetimes(copy[i], v)


def dotted(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out
