"""`meneur archive` on a bigger topic: the 14-player game of tests/test_archive.py with each post posted
N more times (a second apart: the same votes, N+1 times the posts and vote posts to recount at).

    .venv/bin/python bench/archive_size.py 0 10 30     # one line per N: posts, vote posts, seconds
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_archive import play_scenario


def main() -> int:
    meneur = Path(sys.executable).parent / "meneur"
    for again in [int(n) for n in sys.argv[1:] or ["0", "10"]]:
        with tempfile.TemporaryDirectory(prefix="meneur-archive-") as tmp:
            config = play_scenario(Path(tmp) / "game", again=again)
            with sqlite3.connect(Path(tmp) / "game" / "partie.sqlite") as db:
                posts = db.execute("select count(*) from posts").fetchone()[0]
                votes = db.execute("select count(*) from posts where content_text like '%vote contre%'").fetchone()[0]
            began = time.perf_counter()
            subprocess.run([str(meneur), "archive", "--config", str(config), "--out", f"{tmp}/site"], check=True,
                           capture_output=True)  # fmt: skip
            took = time.perf_counter() - began
            size = (Path(tmp) / "site" / "index.html").stat().st_size
            print(f"again={again}: {posts} posts ({votes} with a vote) -> {took:.2f} s, index.html {size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
