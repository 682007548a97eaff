"""django-spirit 0.14: a list of comments, Markdown bodies, dates only in a title attribute.

Checked against pages served by a real spirit server (fixtures/topics/spirit, see NOTES.md there).
"""

from __future__ import annotations

from .layout import Field, Layout

_AUTHOR = "div.comment__info__username a.comment__info__username__link"

LAYOUT = Layout(
    engine="spirit",
    # Moderation notes ("X pinned this") are comments_list__item, not comments_list__comment.
    post="div.comments_list__comment[data-pk]",
    post_id=Field(attr="data-pk", regex=r"^(\d+)$"),
    author=Field(_AUTHOR),
    author_id=Field(_AUTHOR, "href", r"/user/(\d+)/"),
    date=Field("ul.comment__info__date li[title]", attr="title"),
    content=Field("div.comment__text"),
    # An edited comment shows a pencil link to its history with the number of edits.
    edit_notice=Field("ul.comment__info__date a[href*='/comment/history/']", regex=r"(\d+)"),
    quote=("blockquote",),
    marker="div.comments_list",
    title="h1.headline, .topic__title, h1",
    pagination_current="ul.paginator li.paginator__pages",
    pagination_links="ul.paginator a",
)
