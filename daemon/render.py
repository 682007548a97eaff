"""Jinja2 rendering of posts and MPs. Templates format; they decide nothing.

Each template exists in a BBCode and a Markdown flavour (``name.bbcode.j2`` / ``name.markdown.j2``);
a folder named in the MJ's configuration overrides any of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jinja2

from ..parsers.dates import zone
from ..parsers.records import VoteFormat

_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip


def french_datetime(moment: datetime, tz: str = "Europe/Paris") -> str:
    """``samedi 14 mars 2026 à 21h00``, in the forum's time zone."""
    local = moment.astimezone(zone(tz))
    day = "1er" if local.day == 1 else str(local.day)
    return f"{_DAYS[local.weekday()]} {day} {_MONTHS[local.month - 1]} {local.year} à {local:%H}h{local:%M}"


def french_time(moment: datetime, tz: str = "Europe/Paris") -> str:
    local = moment.astimezone(zone(tz))
    return f"{local:%H}h{local:%M}"


def escape_bbcode(value: Any) -> str:
    """Player text cannot open a tag: a zero-width space after each ``[`` keeps it literal."""
    return str(value).replace("[", "[\u200b")


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#.!<>|~])")
_MARKDOWN_LEADING = re.compile(r"^([+\-])", re.M)  # a list item only where a line starts


def escape_markdown(value: Any) -> str:
    """Player text as literal Markdown. ``-`` and ``+`` make a list only at a line's start: elsewhere they
    stay as typed, so a draft shows ``Jean-Pierre``, not ``Jean\\-Pierre``."""
    return _MARKDOWN_LEADING.sub(r"\\\1", _MARKDOWN_SPECIAL.sub(r"\\\1", str(value)))


_COLOUR_NAMES = {
    "#a52a2a": ("brown", "marron"), "#8b4513": ("#8b4513", "marron"), "#800000": ("maroon", "bordeaux"),
    "#ff0000": ("red", "rouge"), "#0000ff": ("blue", "bleu"), "#008000": ("green", "vert"),
    "#800080": ("purple", "violet"), "#ffa500": ("orange", "orange"), "#000000": ("black", "noir"),
}  # fmt: skip


def vote_how(vote_format: VoteFormat | None, markup: str) -> str:
    """How a vote must look on this forum, after "en", in BBCode (turned into Markdown with the rest on a Markdown
    forum): "[color=brown][b]gras marron[/b][/color]" on phpBB by default, "[b]gras[/b]" on django-spirit, whose
    Markdown has no colours. Drafts must never ask players for a format the forum cannot write."""
    fmt = vote_format or VoteFormat(require_colour=markup != "markdown")
    colour = markup != "markdown" and fmt.require_colour and bool(fmt.colours)
    if colour:
        code = "#a52a2a" if "#a52a2a" in fmt.colours else sorted(fmt.colours)[0]
        tag, name = _COLOUR_NAMES.get(code, (code, f"de couleur {code}"))
        if fmt.require_bold:
            return f"[color={tag}][b]gras {name}[/b][/color]"
        return f"[color={tag}]{name}[/color]"
    return "[b]gras[/b]" if fmt.require_bold else "toutes lettres"


class _RuleSetTemplates(jinja2.BaseLoader):
    """``<id>/name.bbcode.j2`` from the package of rule set ``<id>`` when it ships its own templates
    (``RuleSet.templates``): an MJ's rule set in its own package brings its posts and MPs with it."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        from ..engine.rulesets import installed, ruleset

        prefix = template.split("/", 1)[0]
        where = ruleset(prefix).templates if prefix in installed() else None
        if where is None:
            raise jinja2.TemplateNotFound(template)
        return _package_loader(*where).get_source(environment, template)


@cache
def _package_loader(package: str, folder: str) -> jinja2.PackageLoader:
    return jinja2.PackageLoader(package, folder)


@lru_cache(maxsize=16)  # one environment per markup and folder: Jinja2 caches the compiled templates in it
def environment(markup: str, override: Path | None = None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if override is not None:
        loaders.append(jinja2.FileSystemLoader(str(override)))
    loaders.append(_RuleSetTemplates())
    loaders.append(jinja2.PackageLoader("meneur", "templates"))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=False,  # BBCode/Markdown, not HTML: the `esc` filter escapes for the markup
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["esc"] = escape_markdown if markup == "markdown" else escape_bbcode
    env.filters["date_fr"] = french_datetime
    env.filters["time_fr"] = french_time
    env.globals["markup"] = markup
    return env


def render(
    template: str,
    markup: str,
    context: dict[str, Any],
    override: Path | None = None,
    vote_format: VoteFormat | None = None,
) -> str:
    """A template in the forum's markup. A template written in BBCode only is rendered on a Markdown
    forum with Markdown escaping, then its tags are turned into Markdown (``bbcode_to_markdown``).
    ``vote_how`` (the configured vote format, in words) is in every template's context."""
    env = environment(markup, override)
    context = {"vote_how": vote_how(vote_format, markup), **context}
    try:
        return env.get_template(f"{template}.{markup}.j2").render(**context)
    except jinja2.TemplateNotFound:
        if markup != "markdown":
            raise
    return bbcode_to_markdown(env.get_template(f"{template}.bbcode.j2").render(**context))


_BB_TAG = re.compile(r"(?<!\\)\[(/?)(b|i|u|s|color|size|url|list|code|\*)(?:=([^\]]*))?\]", re.IGNORECASE)


def bbcode_to_markdown(text: str) -> str:
    """The BBCode our templates use, as Markdown: bold, italics, links, quotes and lists; colours, sizes
    and underlines have no Markdown and are dropped (their text stays). Escaped brackets are text."""
    if "[quote" in text.lower():
        return _quote_blocks(text)
    out: list[str] = []
    links: list[str] = []
    position = 0
    for match in _BB_TAG.finditer(text):
        out.append(text[position : match.start()])
        position = match.end()
        closing, name, value = match.group(1), match.group(2).lower(), match.group(3)
        if name == "b":
            out.append("**")
        elif name in ("i", "s"):
            out.append("*" if name == "i" else "~~")
        elif name == "url":
            if closing:
                out.append("](" + (links.pop() if links else "") + ")")
            else:
                links.append(value or "")
                out.append("[")
        elif name == "code":
            out.append("`")
        elif name == "*":
            out.append("\n- ")
        elif name == "list":
            out.append("\n")
        # color, size, u: no Markdown for them
    out.append(text[position:])
    return "".join(out)


def _quote_blocks(text: str) -> str:
    """Quotes nest: each line inside [quote]…[/quote] gets one "> " per level."""
    lines: list[str] = []
    depth = 0
    for raw in re.split(r"(\[/?quote(?:=[^\]]*)?\])", text, flags=re.IGNORECASE):
        lowered = raw.lower()
        if lowered.startswith("[quote"):
            depth += 1
            lines.append("\n")
            continue
        if lowered.startswith("[/quote"):
            depth = max(0, depth - 1)
            lines.append("\n")
            continue
        converted = bbcode_to_markdown(raw) if "[quote" not in lowered else raw
        if depth:
            converted = "\n".join(("> " * depth + line) if line.strip() else line for line in converted.split("\n"))
        lines.append(converted)
    return "".join(lines)
