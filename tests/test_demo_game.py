"""The whole 14-player classique game on a real django-spirit forum, resolved by `meneur poll`:
the same winner as the scenario the game is made from, and the daemon's resident memory through the
whole game stays under 100 MB (bench/daemon_rss.py runs the demo and reads `meneur poll`'s peak RSS)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "daemon_rss.py"  # scripts/demo_game.py, measured


def test_the_fourteen_player_game_is_won_live_by_the_village() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "== winner: village (the scenario expects village)" in run.stdout
    assert "inbox: 29 new MP(s)" in run.stdout  # every page of the private-topic list was read
    peak = re.search(r"== peak RSS of `meneur poll`: ([\d.]+) MB", run.stdout)
    assert peak is not None and float(peak.group(1)) <= 100
