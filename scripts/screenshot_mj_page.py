"""Serves the MJ's page over a day of the bundled phpBB 3 fixture (read through the real adapter,
over httpx.MockTransport) and has headless Chromium take its picture: docs/mj-page.png.

    .venv/bin/python scripts/screenshot_mj_page.py      # needs Debian's chromium
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config, parse_config
from meneur.daemon.game import LiveGame
from meneur.daemon.poller import add_alert
from meneur.daemon.store import Store
from meneur.daemon.web import serve

REPO = Path(__file__).resolve().parent.parent
DAY = REPO / "fixtures" / "topics" / "phpbb3" / "j1-village"


def main() -> int:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("needs Debian's chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    case = load_config(DAY / "case.toml")
    players = "".join(
        f'[[players]]\nname = "{p.name}"\n'
        + (f'user_id = "{p.user_id}"\n' if p.user_id else "")
        + (f"aliases = {list(p.aliases)!r}\n".replace("'", '"') if p.aliases else "")
        + ("dead = true\n" if p.dead else "")
        for p in case.players
    )

    def forum(request: httpx.Request) -> httpx.Response:
        start = int(parse_qs(urlsplit(str(request.url)).query).get("start", ["0"])[0])
        return httpx.Response(
            200,
            content=(DAY / f"page-{start // 10 + 1}.html").read_bytes(),
            headers={"content-type": "text/html; charset=utf-8"},
        )

    with tempfile.TemporaryDirectory() as tmp:
        config = parse_config(
            f'[forum]\nengine = "phpbb3"\nurl = "http://127.0.0.1:9/"\nposts_per_page = 10\n'
            f'[account]\nusername = "Maître Loup"\n[game]\ntopic = "1547"\ndatabase = "{tmp}/g.sqlite"\n'
            f'[[deadlines]]\nlabel = "Jour 1"\nat = "2026-12-31T21:00:00+01:00"\n{players}'
        )
        adapter = make_adapter(config, httpx.Client(transport=httpx.MockTransport(forum)))
        adapter.logged_in = True
        game = LiveGame(config, Store(config.live.database), adapter, lambda: datetime.now(UTC))
        game.poller.poll_topic()
        from meneur.daemon.counting import count_post_text

        count = game.live_count()
        game.outbox.draft(
            "Jour 1/vote_count/1", "vote_count", count_post_text(count, game.store.posts("game"), config, "Jour 1")
        )
        add_alert(
            game.store,
            "question:J1:chasseur:Hugo",
            "the rules need an answer: meneur answer J1:chasseur:Hugo CHOICE (Tu meurs : sur qui tires-tu ?)",
            datetime.now(UTC),
        )
        server, address = serve(game, port=0)
        out = REPO / "docs" / "mj-page.png"
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run(
                [
                    browser,
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    f"--user-data-dir={profile}",
                    "--window-size=1280,1100",
                    f"--screenshot={out}",
                    address,
                ],
                check=True,
                capture_output=True,
                timeout=60,
            )
        server.shutdown()
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
