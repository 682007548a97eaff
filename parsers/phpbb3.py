"""phpBB 3.3, style prosilver: where things sit on a topic page (viewtopic_body.html).

Each selector first follows prosilver's template exactly (child steps, cheap), then falls back
to a looser search for styles derived from prosilver that wrap things differently.
"""

from __future__ import annotations

from .layout import Field, Layout


def _class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_POST_BODY = f"./div/div[{_class('postbody')}]/div"
_AUTHOR = (
    f"xpath:./div/dl[{_class('postprofile')}]/dt/*[{_class('username')} or {_class('username-coloured')}]"
    " || dl.postprofile .username, dl.postprofile .username-coloured"
)

LAYOUT = Layout(
    engine="phpbb3",
    post=(
        f"xpath:/html/body/div/div[@id='page-body']/div[{_class('post')}][starts-with(@id, 'p')] || div.post[id^='p']"
    ),
    post_id=Field(attr="id", regex=r"^p(\d+)$"),
    author=Field(_AUTHOR),
    author_id=Field(_AUTHOR, "href", r"[?&;]u=(\d+)"),  # same node as the author: read once
    # prosilver gives the machine date (UTC) in <time datetime>; the text beside it is localised.
    date=Field(f"xpath:{_POST_BODY}/p[{_class('author')}]//time || p.author time", attr="datetime"),
    content=Field(f"xpath:{_POST_BODY}/div[{_class('content')}] || div.postbody div.content"),
    # Optional, so no loose fallback: most posts have no notice, and a fallback would search each one.
    edit_notice=Field(f"xpath:{_POST_BODY}/div[{_class('notice')}]"),
    quote=("blockquote",),
    marker=f"xpath:/html/body/div/div[@id='page-body']/h2[{_class('topic-title')}] || h2.topic-title",
    title=f"xpath:/html/body/div/div[@id='page-body']/h2[{_class('topic-title')}] || h2.topic-title",
    pagination_current=(
        f"xpath:/html/body/div/div[@id='page-body']/div[{_class('action-bar')}]/div[{_class('pagination')}]"
        f"/ul/li[{_class('active')}] || div.pagination li.active"
    ),
    pagination_links=(
        f"xpath:/html/body/div/div[@id='page-body']/div[{_class('action-bar')}]/div[{_class('pagination')}]"
        "/ul/li/a || div.pagination li a"
    ),
)
