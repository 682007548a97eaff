"""Requests per poll cycle: meneur's incremental reading against a full re-scan of the topic.

A phpBB 3 topic of 40 pages is served over httpx.MockTransport (no network); players then add
k pages. Goal: nothing new costs 1 request, k new pages cost k + 1; a full re-scan costs every page.

    .venv/bin/python bench/poll_requests.py
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import httpx
from meneur.daemon.adapters.base import ForumSettings
from meneur.daemon.adapters.phpbb3 import Phpbb3Adapter
from meneur.daemon.http import PoliteClient
from meneur.daemon.poller import Poller
from meneur.daemon.store import Store
from meneur.engine.names import NameResolver, PlayerName
from meneur.parsers.phpbb3 import LAYOUT

PER_PAGE = 10
START = datetime(2026, 3, 14, 8, 0, tzinfo=UTC)


class Topic:
    """A growing prosilver topic: page markup as viewtopic_body.html lays it out."""

    def __init__(self, posts: int) -> None:
        self.posts = posts

    def pages(self) -> int:
        return max(1, -(-self.posts // PER_PAGE))

    def page(self, number: int) -> bytes:
        last = self.pages()
        links = "".join(
            f'<li class="active"><span>{n}</span></li>'
            if n == number
            else f'<li><a class="button" href="./viewtopic.php?t=7&amp;start={(n - 1) * PER_PAGE}">{n}</a></li>'
            for n in sorted({1, last, number - 1, number, number + 1} & set(range(1, last + 1)))
        )
        posts = []
        for index in range((number - 1) * PER_PAGE, min(self.posts, number * PER_PAGE)):
            post_id = 1000 + index
            when = (START + timedelta(minutes=index)).isoformat()
            vote = '<span style="color:brown"><strong>Je vote contre Bob</strong></span>' if index % 7 == 0 else ""
            posts.append(
                f'<div id="p{post_id}" class="post has-profile bg{1 + index % 2}"><div class="inner">'
                f'<dl class="postprofile" id="profile{post_id}"><dt><a href="./memberlist.php?mode=viewprofile'
                f'&amp;u={50 + index % 5}" class="username">Joueur{index % 5}</a></dt></dl>'
                f'<div class="postbody"><div id="post_content{post_id}"><h3>Re: Jour 1</h3>'
                f'<p class="author"><time datetime="{when}">…</time></p>'
                f'<div class="content">Message {index}. {vote}</div></div></div></div></div>'
            )
        html = (
            '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Jour 1</title></head>'
            '<body id="phpbb"><div id="wrap" class="wrap"><div id="page-body" class="page-body">'
            '<h2 class="topic-title"><a href="./viewtopic.php?t=7">Jour 1</a></h2>'
            f'<div class="action-bar bar-top"><div class="pagination">{self.posts} messages<ul>{links}</ul>'
            f"</div></div>{''.join(posts)}</div></div></body></html>"
        )
        return html.encode()

    def handler(self, request: httpx.Request) -> httpx.Response:
        start = int(parse_qs(urlsplit(str(request.url)).query).get("start", ["0"])[0])
        return httpx.Response(200, content=self.page(start // PER_PAGE + 1), headers={"content-type": "text/html"})


def main() -> None:
    topic = Topic(posts=40 * PER_PAGE - 3)
    client = PoliteClient(httpx.Client(transport=httpx.MockTransport(topic.handler)), min_interval=0)
    settings = ForumSettings("http://127.0.0.1:9/", "MJ", lambda: "", "7", LAYOUT, posts_per_page=PER_PAGE)
    adapter = Phpbb3Adapter(client, settings)
    adapter.logged_in = True  # a public topic: reading needs no login
    poller = Poller(Store(None), adapter, "game", NameResolver([PlayerName("Bob")]), lambda: datetime.now(UTC))

    def requests(full: bool) -> int:
        before = client.requests
        poller.poll_topic(full=full)
        return client.requests - before

    first = requests(full=False)
    print(f"first reading of a {topic.pages()}-page topic: {first} requests")
    print(f"{'new pages k':>12} | {'meneur (incremental)':>20} | {'goal k+1':>8} | {'full re-scan':>12}")
    for k in (0, 1, 3, 5):
        topic.posts += k * PER_PAGE
        incremental = requests(full=False)
        rescan = requests(full=True)  # what re-reading the whole topic costs now
        print(f"{k:>12} | {incremental:>20} | {k + 1:>8} | {rescan:>12}")


if __name__ == "__main__":
    main()
