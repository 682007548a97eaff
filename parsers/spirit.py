"""django-spirit 0.14: comments in a list, Markdown bodies, dates only in a title attribute."""

from __future__ import annotations

from .layout import Field, Layout

# Provisional: checked against pages served by a real spirit server (fixtures/topics/spirit).
LAYOUT = Layout(
    engine="spirit",
    post="div.comment[data-pk]",
    post_id=Field(attr="data-pk"),
    author=Field("a.comment__info__username__link, .comment-username a"),
    author_id=Field("a.comment__info__username__link, .comment-username a", "href", r"/user/(\d+)/"),
    date=Field("[title]", attr="title"),
    content=Field("div.comment__text, div.comment-body"),
    quote=("blockquote",),
    marker="div.comments",
)
