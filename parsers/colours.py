"""CSS colours in any spelling → one canonical ``#rrggbb`` string."""

from __future__ import annotations

import re
from functools import lru_cache

import webcolors

_RGB = re.compile(r"rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)")


@lru_cache(maxsize=512)
def normalise_colour(value: str) -> str | None:
    """``"Brown"``, ``"#A52A2A"``, ``"rgb(165, 42, 42)"`` → ``"#a52a2a"``; None if unreadable."""
    text = value.strip().lower().rstrip(";").strip()
    if not text:
        return None
    match = _RGB.fullmatch(text)
    if match:
        red, green, blue = (min(int(part), 255) for part in match.groups())
        return f"#{red:02x}{green:02x}{blue:02x}"
    if re.fullmatch(r"#?[0-9a-f]{3}|#?[0-9a-f]{6}", text):
        return str(webcolors.normalize_hex(text if text.startswith("#") else "#" + text))
    try:
        return str(webcolors.name_to_hex(text))
    except ValueError:
        return None
