"""The MJ reads meneur in French: every message wrapped for translation has its French, and the
language switch works."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from meneur.daemon import i18n

REPO = Path(__file__).resolve().parent.parent
SOURCES = [p for folder in ("daemon", "parsers", "engine") for p in (REPO / folder).rglob("*.py")]
TEMPLATES = sorted((REPO / "templates" / "web").glob("*.j2"))  # the MJ's page: {{ _("…") }}
_IN_TEMPLATE = re.compile(r"""\b_\(\s*(?:"([^"\\]*)"|'([^'\\]*)')""")


def wrapped_messages() -> dict[str, str]:
    """Every literal given to _() or ngettext() in the code, or marked N_() for later → where it is."""
    found: dict[str, str] = {}
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("_", "ngettext", "N_") or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, f"{path.relative_to(REPO)}:{node.lineno}")
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for match in _IN_TEMPLATE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match[1] if match[1] is not None else match[2], f"{path.relative_to(REPO)}:{line}")
    return found


def test_every_wrapped_message_has_its_french() -> None:
    french = i18n.catalog_ids("fr")
    missing = {text: where for text, where in wrapped_messages().items() if text not in french}
    assert not missing, "messages without French (add them to daemon/locale/fr/*.po):\n" + "\n".join(
        f"  {where}: {text!r}" for text, where in sorted(missing.items(), key=lambda kv: kv[1])
    )


def test_the_catalogs_hold_no_stale_entry() -> None:
    stale = i18n.catalog_ids("fr") - set(wrapped_messages())
    assert not stale, f"French for messages the code no longer has: {sorted(stale)[:20]}"


def test_french_by_default_english_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    some = next(iter(sorted(i18n.catalog_ids("fr"))), None)
    if some is None:
        pytest.skip("no message is wrapped yet")
    monkeypatch.delenv("MENEUR_LANG", raising=False)
    i18n.set_language(None)
    assert i18n._(some) != some
    monkeypatch.setenv("MENEUR_LANG", "en")
    assert i18n._(some) == some
    i18n.set_language("fr")
    assert i18n._(some) != some
    i18n.set_language(None)
    with pytest.raises(ValueError):
        i18n.set_language("de")
