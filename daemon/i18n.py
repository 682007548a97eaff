"""What the MJ reads, in the MJ's language: French by default, English for who prefers it.

Messages meant for the MJ (CLI output and help, `check`'s report, count warnings, the MJ's page) are
written in English in the code and wrapped in :func:`_` (or :func:`ngettext`); their French lives in gettext
catalogs, ``daemon/locale/fr/*.po`` — one file per area of the program, so that work on two areas never
edits the same file. English is the code's own text, so "en" needs no catalog. The language is
``MENEUR_LANG`` (``fr`` or ``en``; default ``fr``), or what :func:`set_language` was given (the MJ page's
``[web] lang``). Catalogs are read with Babel at first use; a message with no translation shows in English
rather than not at all (tests/test_i18n.py makes sure none is missing).

Logs meant for debugging stay in English and are not wrapped.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from ..engine.messages import Message

LANGUAGES = ("fr", "en")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_lock = threading.Lock()
_chosen: str | None = None
_catalogs: dict[str, dict[str, str | tuple[str, ...]]] = {}


def language() -> str:
    """The language in force: set_language's, else $MENEUR_LANG's, else French."""
    if _chosen is not None:
        return _chosen
    wanted = (os.environ.get("MENEUR_LANG") or "fr").strip().lower()[:2]
    return wanted if wanted in LANGUAGES else "fr"


def set_language(lang: str | None) -> None:
    """Choose the language for this process (``None``: back to $MENEUR_LANG). Unknown names are refused."""
    global _chosen
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    _chosen = lang


def _catalog(lang: str) -> dict[str, str | tuple[str, ...]]:
    with _lock:
        if lang not in _catalogs:
            _catalogs[lang] = _read(LOCALE_DIR / lang) if lang != "en" else {}
        return _catalogs[lang]


def _read(folder: Path) -> dict[str, str | tuple[str, ...]]:
    from babel.messages.pofile import read_po

    table: dict[str, str | tuple[str, ...]] = {}
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            text = message.string
            if isinstance(text, tuple | list):
                if all(text):
                    table[key] = tuple(text)
            elif text:
                table[key] = text
    return table


def _(message: str) -> str:
    """``message`` in the MJ's language. Format after translating: ``_("{n} votes").format(n=3)``."""
    found = _catalog(language()).get(message)
    return found if isinstance(found, str) else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural of a message in the MJ's language (French: 0 and 1 are singular)."""
    found = _catalog(language()).get(singular)
    if isinstance(found, tuple) and len(found) >= 2:
        return found[0] if (n <= 1 if language() == "fr" else n == 1) else found[1]
    return singular if n == 1 else plural


def translated(message: Message) -> str:
    """A message of the engine or the parsers (a count warning…) in the MJ's language."""
    return message.render(_, ngettext)


def catalog_ids(lang: str = "fr") -> set[str]:
    """The message ids the catalogs of ``lang`` translate (for tests)."""
    return set(_catalog(lang))
