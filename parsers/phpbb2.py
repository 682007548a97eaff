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
        "xpath:.//span[@class='postdetails'][starts-with(normalize-space(.), 'Post')]",
        regex=r"Post\S*\s+le\s*:\s*(.+?)(?:\s+Sujet du message|\s+Titre du message|$)",
    ),
    # A quote closes the message's span.postbody and opens a new one after the quote table, so
    # the message is the cell holding those spans; the edit notice in the same cell is dropped.
    content=Field("xpath:.//td[span[@class='postbody']]"),
    edit_notice=Field("xpath:.//span[@class='gensmall'][contains(., 'dition par')]"),
    quote=("xpath:.//table[.//td[contains(concat(' ', normalize-space(@class), ' '), ' quote ')]]",),
    marker="a.maintitle",
    title="a.maintitle",
    pagination_current="xpath:(//span[@class='nav'][contains(., 'la page')])[1]/b",
    pagination_links="xpath:(//span[@class='nav'][contains(., 'la page')])[1]/a",
    signature_separator="_________________",
    drop=("xpath:./span[@class='gensmall']",),
)
