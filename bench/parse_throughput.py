"""Parse + vote extraction throughput on a long phpBB 3 topic, as a ratio to a bare lxml parse.

Both are measured in the same run on the same bytes (these machines are noisy: only the ratio
means something). Goal: ratio >= 0.5, i.e. reading posts and votes costs at most as much again
as lxml's own parse.

    .venv/bin/python bench/parse_throughput.py [--pages 240] [--rounds 9]
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable
from pathlib import Path

from lxml import html as lxml_html
from meneur.parsers.layout import parse_topic_page
from meneur.parsers.phpbb3 import LAYOUT
from meneur.parsers.records import VoteFormat

SOURCE = Path(__file__).resolve().parent.parent / "fixtures" / "topics" / "phpbb3" / "j1-village"


def generate_topic(pages: int) -> list[bytes]:
    """A long topic made from the fixture's full pages: each copy gets its own post ids."""
    templates = [p.read_bytes() for p in sorted(SOURCE.glob("page-*.html"))]
    ids = sorted({int(m) for t in templates for m in re.findall(rb'id="p(\d+)"', t)})
    out = []
    for number in range(pages):
        page = templates[number % len(templates)]
        shift = (number // len(templates) + 1) * 100000

        def renumber(match: re.Match[bytes], shift: int = shift) -> bytes:
            value = int(match.group(0))
            return str(value + shift).encode() if value in ids else match.group(0)

        out.append(re.sub(rb"\b\d{3,6}\b", renumber, page))
    return out


def interleaved_best(rounds: int, *works: Callable[[], None]) -> list[float]:
    """Best CPU time of each piece of work, the pieces taking turns so that a busy spell of the
    machine hits them alike. CPU time, not wall time: another process on the core is not counted."""
    best = [float("inf")] * len(works)
    for _ in range(rounds):
        for index, work in enumerate(works):
            start = time.process_time()
            work()
            best[index] = min(best[index], time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    topic = generate_topic(args.pages)
    fmt = VoteFormat()
    posts = sum(len(parse_topic_page(p, LAYOUT, "Europe/Paris").posts) for p in topic)
    megabytes = sum(map(len, topic)) / 1e6

    def bare() -> None:
        for page in topic:
            lxml_html.document_fromstring(page)

    def ours() -> None:
        for page in topic:
            parse_topic_page(page, LAYOUT, "Europe/Paris", fmt)

    bare_s, ours_s = interleaved_best(args.rounds, bare, ours)
    print(f"topic: {len(topic)} pages, {posts} posts, {megabytes:.1f} MB")
    print(f"lxml.html parse only : {len(topic) / bare_s:8.1f} pages/s ({bare_s * 1000:.0f} ms)")
    print(f"meneur parse + votes : {len(topic) / ours_s:8.1f} pages/s ({ours_s * 1000:.0f} ms)")
    print(f"ratio (meneur / lxml throughput): {bare_s / ours_s:.2f}  (goal >= 0.5)")


if __name__ == "__main__":
    main()
