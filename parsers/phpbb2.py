"""phpBB 2.0, style subSilver: posts are table rows, dates are localised text only."""

from __future__ import annotations

from .layout import Field, Layout

LAYOUT = Layout(
    engine="phpbb2",
    # The row holding the author's name anchor; the message and date sit in the same row.
    post="xpath://tr[td/span[@class='name']/a[@name]]",
    post_id=Field("span.name a[name]", attr="name", regex=r"(\d+)"),
    author=Field("span.name"),
    # The profile button is in the row under the post.
    author_id=Field("xpath:following-sibling::tr[1]//a[contains(@href, 'mode=viewprofile')]", "href", r"[?&;]u=(\d+)"),
    date=Field(
        "xpath:.//span[@class='postdetails'][contains(., 'le:') or contains(., 'le :')]",
        regex=r"Post\S*\s+le\s*:\s*(.+?)(?:\s+Sujet du message|\s+Titre du message|$)",
    ),
    content=Field("span.postbody"),
    edit_notice=Field("xpath:.//span[@class='gensmall'][contains(., 'dition par')]"),
    quote=("xpath:.//table[.//td[contains(concat(' ', normalize-space(@class), ' '), ' quote ')]]",),
    marker="a.maintitle",
    title="a.maintitle",
    pagination_current="xpath:(//span[@class='nav'][contains(., 'la page')])[1]/b",
    pagination_links="xpath:(//span[@class='nav'][contains(., 'la page')])[1]/a",
    signature_separator="_________________",
)
