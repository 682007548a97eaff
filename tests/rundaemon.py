"""`meneur run` in its own process, for the tests that drive the daemon as the MJ starts it: its output
(standard output and error together) collected line by line as it comes."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

MENEUR = Path(sys.executable).parent / "meneur"


class Daemon:
    """`meneur run --config CONFIG --web-port 0` (the MJ's page on a free port), with ``-v`` when ``verbose``."""

    def __init__(self, config: Path, env: dict[str, str], verbose: bool = False) -> None:
        self.proc = subprocess.Popen(
            [str(MENEUR), "run", "--config", str(config), "--web-port", "0", *(["-v"] if verbose else [])],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=config.parent,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        """The first line that holds ``text``, once the daemon has printed it; an AssertionError with what it
        printed if it stops or ``timeout`` seconds pass first."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = next((line for line in self.lines if text in line), None)
            if found is not None:
                return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError(f"meneur run never said {text!r}:\n" + "\n".join(self.lines))

    def address(self, timeout: float = 30.0) -> str:
        """The MJ's page's address, as `meneur run` prints it."""
        said = "la page du MJ : "
        line = self.wait_for(said, timeout)
        return line[line.index(said) + len(said) :]

    def stop(self) -> None:
        """SIGTERM, as systemd stops it; an AssertionError if it has not stopped 30 s later."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("meneur run did not stop on SIGTERM:\n" + "\n".join(self.lines)) from None
