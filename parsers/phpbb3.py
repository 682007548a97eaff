"""phpBB 3.3, style prosilver: where things sit on a topic page (viewtopic_body.html)."""

from __future__ import annotations

from .layout import Field, Layout

_AUTHOR = (
    "dl.postprofile a.username, dl.postprofile a.username-coloured, "
    "dl.postprofile span.username, dl.postprofile span.username-coloured"
)

LAYOUT = Layout(
    engine="phpbb3",
    post="div.post[id^='p']",
    post_id=Field(attr="id", regex=r"^p(\d+)$"),
    author=Field(_AUTHOR),
    author_id=Field(_AUTHOR, "href", r"[?&;]u=(\d+)"),  # same node as the author: read once
    # prosilver gives the machine date (UTC) in <time datetime>; the text beside it is localised.
    date=Field("p.author time", attr="datetime"),
    content=Field("div.postbody div.content"),
    edit_notice=Field("div.notice"),
    quote=("blockquote",),
    marker="h2.topic-title",
    title="h2.topic-title",
    pagination_current="div.pagination li.active",
    pagination_links="div.pagination li a",
)
