"""BBCode as players type it → the HTML phpBB 3 (prosilver) serves, for replaying scenarios through
the real vote reader. Covers what game posts use: b, i, u, color, size, quote (nested), url."""

from __future__ import annotations

import html
import re

_SIMPLE = {
    "b": ('<strong class="text-strong">', "</strong>"),
    "i": ('<em class="text-italics">', "</em>"),
    "u": ('<span style="text-decoration:underline">', "</span>"),
}
_TAG = re.compile(r"\[(/?)(b|i|u|color|size|quote|url)(?:=([^\]]*))?\]", re.IGNORECASE)


def render_bbcode(text: str) -> str:
    """The content HTML of a post (without the surrounding ``div.content``)."""
    out: list[str] = []
    stack: list[str] = []
    position = 0
    escaped = html.escape(text, quote=False)
    for match in _TAG.finditer(escaped):
        out.append(escaped[position : match.start()])
        position = match.end()
        closing, name, value = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            if name in stack:
                while stack:
                    top = stack.pop()
                    out.append(_close(top))
                    if top == name:
                        break
            continue
        stack.append(name)
        out.append(_open(name, value))
    out.append(escaped[position:])
    while stack:
        out.append(_close(stack.pop()))
    return "".join(out).replace("\n", "<br>\n")


def _open(name: str, value: str | None) -> str:
    if name in _SIMPLE:
        return _SIMPLE[name][0]
    if name == "color":
        return f'<span style="color:{html.escape(value or "", quote=True)}">'
    if name == "size":
        return f'<span style="font-size:{html.escape(value or "100", quote=True)}%;line-height:116%">'
    if name == "url":
        return f'<a href="{html.escape(value or "", quote=True)}" class="postlink">'
    author = (value or "").strip('"')
    cite = f"<cite>{author} a écrit :</cite>" if author else ""
    opening = "<blockquote>" if author else '<blockquote class="uncited">'
    return f"{opening}<div>{cite}"


def _close(name: str) -> str:
    if name in _SIMPLE:
        return _SIMPLE[name][1]
    return {"color": "</span>", "size": "</span>", "url": "</a>", "quote": "</div></blockquote>"}[name]
