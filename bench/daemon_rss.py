"""The daemon's peak resident memory during a whole live game: scripts/demo_game.py (14 players of
`classique` on a real django-spirit forum, thirteen phases resolved by one `meneur poll`), with that
`meneur poll` process's peak RSS read from the kernel when it ends (``wait4``'s ``ru_maxrss``).

    .venv/bin/python bench/daemon_rss.py        # the demo's output, then the daemon's peak RSS
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

DEMO = Path(__file__).resolve().parent.parent / "scripts" / "demo_game.py"
peaks: list[tuple[str, int]] = []
_run = subprocess.run


def run_measured(command: list[str], **kwargs: Any) -> Any:
    """``subprocess.run``, but a `meneur` command's peak RSS (kB) is kept (other commands run as before)."""
    if not str(command[0]).endswith("meneur"):
        return _run(command, **kwargs)
    check = kwargs.pop("check", False)
    process = subprocess.Popen(command, **kwargs)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    peaks.append((f"meneur {command[1]}", usage.ru_maxrss))
    if check and process.returncode:
        raise subprocess.CalledProcessError(process.returncode, command)
    return subprocess.CompletedProcess(command, process.returncode)


def main() -> int:
    spec = importlib.util.spec_from_file_location("demo_game", DEMO)
    assert spec is not None and spec.loader is not None
    demo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo)
    demo.subprocess.run = run_measured
    status = int(demo.main())
    for command, peak in peaks:
        print(f"== peak RSS of `{command}`: {peak / 1024:.1f} MB")
    return status


if __name__ == "__main__":
    sys.exit(main())
