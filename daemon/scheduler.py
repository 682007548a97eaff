"""Running the live game on a schedule (APScheduler 3, in-memory jobs rebuilt from the database).

Jobs: the topic poll (rescheduled after each run, faster near a deadline), the inbox poll, and one
job per pending deadline at deadline + grace, with ``misfire_grace_time=None`` so a deadline passed
while meneur was down fires as soon as it is back. One worker thread: jobs never overlap.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.blocking import BlockingScheduler

from .adapters.base import ForumError, LoginFailed
from .game import LiveGame
from .http import ForumUnavailable
from .poller import CountingStopped, add_alert

log = logging.getLogger("meneur.run")


class GameScheduler:
    def __init__(
        self,
        game: LiveGame,
        on_report: Callable[[str, Any], None] | None = None,
        stop_when_done: bool = False,
    ) -> None:
        self.game = game
        self.on_report = on_report or (lambda kind, value: None)
        self.stop_when_done = stop_when_done
        self.scheduler = BlockingScheduler(executors={"default": ThreadPoolExecutor(1)}, timezone=UTC)
        self._lock = threading.Lock()
        self.login_refused: str | None = None

    def _guard(self, name: str, work: Callable[[], Any]) -> Any:
        with self._lock:
            if self.login_refused is not None:  # nothing more on the forum until the MJ steps in
                return None
            try:
                return work()
            except LoginFailed as exc:
                # Logging in again with the same password would only lock the account (or bring a captcha).
                self.login_refused = str(exc)
                log.error("%s: %s — meneur stops using the forum; fix the login, then restart it", name, exc)
                add_alert(
                    self.game.store,
                    "login",
                    f"the forum refused the MJ's login: {exc}. meneur no longer reads or posts; fix the "
                    "password (or log in by hand once), then restart meneur.",
                    self.game.clock(),
                )
            except ForumUnavailable as exc:
                log.warning("%s: the forum is unavailable (%s); will try again", name, exc)
            except CountingStopped as exc:
                log.error("%s: counting stopped: %s", name, exc)
            except ForumError as exc:
                log.error("%s: the forum refused: %s", name, exc)
            except Exception:  # a bug must not kill the daemon: log it whole, keep polling
                log.exception("%s failed", name)
            return None

    def _poll_topic(self) -> None:
        report = self._guard("topic poll", lambda: self.game.cycle(inbox=False))
        if report is not None:
            self.on_report("cycle", report)
        self._schedule_topic()
        self._maybe_stop()

    def _schedule_topic(self) -> None:
        when = datetime.now(UTC) + timedelta(seconds=self.game.poll_interval())
        self.scheduler.add_job(self._poll_topic, "date", run_date=when, id="topic", replace_existing=True,
                               misfire_grace_time=None)  # fmt: skip

    def _poll_inbox(self) -> None:
        fresh = self._guard("inbox poll", self.game.poller.poll_inbox)
        if fresh:
            self.on_report("mps", fresh)

    def _deadline(self, deadline_id: str) -> None:
        draft = self._guard(f"deadline {deadline_id}", lambda: self.game.fire_deadline(deadline_id))
        if draft is not None:
            self.on_report("deadline", draft)
        self._maybe_stop()

    def send_now(self) -> None:
        """Send the approved drafts at once (the MJ's page asked), in the worker, not the caller's thread."""
        self.scheduler.add_job(
            lambda: self._guard("sending", lambda: self.game.outbox.send_ready(self.game.adapter)),
            "date", run_date=datetime.now(UTC), id="send-now", replace_existing=True, misfire_grace_time=None,
        )  # fmt: skip

    def schedule_deadlines(self) -> None:
        grace = timedelta(seconds=self.game.config.live.grace)
        for deadline in self.game.deadlines("pending"):
            self.scheduler.add_job(
                self._deadline, "date", run_date=deadline.at + grace, args=[deadline.id],
                id=f"deadline:{deadline.id}", replace_existing=True, misfire_grace_time=None, coalesce=True,
            )  # fmt: skip

    def _maybe_stop(self) -> None:
        if self.stop_when_done and not self.game.deadlines("pending"):
            log.info("no deadline left: stopping")
            threading.Thread(target=lambda: self.scheduler.shutdown(wait=False), daemon=True).start()

    def run(self) -> None:
        live = self.game.config.live
        self.scheduler.add_job(self._poll_inbox, "interval", seconds=live.inbox_every, id="inbox",
                               next_run_time=datetime.now(UTC), misfire_grace_time=None, coalesce=True)  # fmt: skip
        self.scheduler.add_job(
            self._poll_topic, "date", run_date=datetime.now(UTC), id="topic", misfire_grace_time=None
        )
        self.schedule_deadlines()
        for moment in live.count_at:
            hour, minute = (int(part) for part in moment.split(":"))
            self.scheduler.add_job(
                lambda: self._guard("timed count", self.game.post_count_now), "cron", hour=hour, minute=minute,
                timezone=self.game.config.timezone, id=f"count:{moment}", misfire_grace_time=300, coalesce=True,
            )  # fmt: skip

        def stop(signum: int, frame: object) -> None:
            log.info("signal %d: finishing the running job, then stopping", signum)
            threading.Thread(target=lambda: self.scheduler.shutdown(wait=True), daemon=True).start()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        log.info("meneur is running: topic every %ss, inbox every %ss", live.topic_every, live.inbox_every)
        self.scheduler.start()
