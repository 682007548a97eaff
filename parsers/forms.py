"""HTML forms read as a browser submits them: login tokens, CSRF, phpBB's form_token/creation_time."""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element

from .layout import parse_document, select_all
from .records import Form


def _fields(form: _Element) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    fields: list[tuple[str, str]] = []
    buttons: list[tuple[str, str]] = []
    for element in form.iter("input", "textarea", "select", "button"):
        name = element.get("name")
        if not name or element.get("disabled") is not None:
            continue
        tag = element.tag
        kind = (element.get("type") or ("submit" if tag == "button" else "text")).lower()
        if tag == "textarea":
            fields.append((name, element.text or ""))
        elif tag == "select":
            chosen = [o for o in element.iter("option") if o.get("selected") is not None]
            # A browser sends the first option of a plain select, nothing for an empty multiple one.
            options = chosen or ([] if element.get("multiple") is not None else list(element.iter("option"))[:1])
            for option in options:
                fields.append((name, option.get("value", option.text or "")))
        elif kind in ("submit", "image", "button"):
            buttons.append((name, element.get("value", "")))
        elif kind in ("checkbox", "radio"):
            if element.get("checked") is not None:
                fields.append((name, element.get("value", "on")))
        elif kind not in ("file", "reset"):
            fields.append((name, element.get("value", "")))
    return fields, buttons


def read_forms(html: bytes | str, selector: str = "form") -> list[Form]:
    """Every form the selector finds, in page order."""
    doc = parse_document(html)
    forms = []
    for node in select_all(doc, selector):
        if not isinstance(node, etree._Element) or node.tag != "form":
            continue
        fields, buttons = _fields(node)
        forms.append(
            Form(node.get("action") or "", (node.get("method") or "get").lower(), tuple(fields), tuple(buttons))
        )
    return forms


def find_form(html: bytes | str, *, having: str, selector: str = "form") -> Form | None:
    """The first form with a field (or button) of that name."""
    for form in read_forms(html, selector):
        if any(name == having for name, _ in (*form.fields, *form.buttons)):
            return form
    return None
