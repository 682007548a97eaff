"""Running the live game on a schedule (APScheduler 3, in-memory jobs rebuilt from the database).

Jobs: the topic poll (rescheduled after each run, faster near a deadline), the inbox poll, and one
job per pending deadline at deadline + grace, with ``misfire_grace_time=None`` so a deadline passed
while meneur was down fires as soon as it is back. One worker thread: jobs never overlap.

A deadline whose resolution fails (the forum down, a layout alert, a refused login) is not lost with
its one-shot job: it stays pending, an alert says why, and it is tried again until it fires.

Stopping (SIGINT, SIGTERM) never waits while holding the scheduler's locks: the running job is left to
finish on its own (its retry waits are cut short), then the scheduler shuts down without waiting. A job
that still has not finished after ``stop_grace`` seconds (a request the forum leaves hanging) is
abandoned: every write to the store is one SQLite transaction and a draft left "sending" is looked for on
the forum at the next start, so nothing is lost. A second signal only says that the stop is under way.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from apscheduler.events import EVENT_JOB_SUBMITTED, EVENT_SCHEDULER_STARTED, JobSubmissionEvent, SchedulerEvent
from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.base import SchedulerNotRunningError
from apscheduler.schedulers.blocking import BlockingScheduler

from .adapters.base import ForumError, LoginFailed
from .game import LiveGame
from .http import ForumUnavailable
from .i18n import _
from .poller import CountingStopped, add_alert, open_alerts, resolve_alerts
from .reminders import draft_due_reminders, draft_reminder, due_reminders
from .store import Store

log = logging.getLogger("meneur.run")

FORUM_ALERT = "forum"


class Stopping(BaseException):
    """Raised in the worker's waits once a stop is asked: the job ends at once (not an error)."""


class ForumWatch:
    """Since when the forum has not answered usefully, seen from the HTTP client's own hooks.

    A request sent and not yet answered, or answered with a 5xx, starts the clock; any answer below 500
    stops it. A hanging forum is seen while the request hangs, not only once every retry is spent."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self.since: float | None = None
        self.problem = _("no answer")

    def attach(self, client: httpx.Client) -> None:
        hooks = client.event_hooks
        hooks["request"] = [*hooks.get("request", []), self.on_request]
        hooks["response"] = [*hooks.get("response", []), self.on_response]
        client.event_hooks = hooks

    def on_request(self, request: httpx.Request) -> None:
        with self._lock:
            if self.since is None:
                self.since = self.clock()
                self.problem = _("no answer")

    def on_response(self, response: httpx.Response) -> None:
        with self._lock:
            if response.status_code < 500:
                self.since = None
            else:
                self.problem = f"HTTP {response.status_code}"

    def failed(self, problem: str) -> None:
        with self._lock:
            if self.since is None:
                self.since = self.clock()
            self.problem = problem

    def down_for(self) -> float:
        with self._lock:
            return 0.0 if self.since is None else self.clock() - self.since


class GameScheduler:
    def __init__(
        self,
        game: LiveGame,
        on_report: Callable[[str, Any], None] | None = None,
        stop_when_done: bool = False,
        stop_grace: float = 6.0,
    ) -> None:
        self.game = game
        self.on_report = on_report or (lambda kind, value: None)
        self.stop_when_done = stop_when_done
        self.stop_grace = stop_grace
        self.scheduler = BlockingScheduler(executors={"default": ThreadPoolExecutor(1)}, timezone=UTC)
        self._lock = threading.Lock()  # held while a job works on the forum or the store
        self._stopping = threading.Event()
        self._started = threading.Event()
        self.abandoned = False  # the stop left a job running (see the module's docstring)
        self.login_refused: str | None = None
        self.problem: str | None = None  # why the last guarded job failed
        self.watch = ForumWatch()
        # Deadline jobs handed to the worker and not yet begun: APScheduler has taken them out of its job
        # store, but they are not lost (they wait behind the running job). A count, not a set: the worker
        # may begin a job before the submission event reaches the listener.
        self._queued: dict[str, int] = {}
        self.scheduler.add_listener(self._on_started, EVENT_SCHEDULER_STARTED)
        self.scheduler.add_listener(self._on_submitted, EVENT_JOB_SUBMITTED)

    # -- jobs -------------------------------------------------------------------------------------
    def _guard(self, name: str, work: Callable[[], Any]) -> Any:
        with self._lock:
            self.problem = None
            if self._stopping.is_set():
                self.problem = _("meneur is stopping")
                return None
            if self.login_refused is not None:  # nothing more on the forum until the MJ steps in
                self.problem = _("the forum refused the MJ's login: {why}").format(why=self.login_refused)
                return None
            try:
                return work()
            except Stopping:
                self.problem = _("meneur is stopping")
                log.info("%s: cut short by the stop", name)
            except LoginFailed as exc:
                # Logging in again with the same password would only lock the account (or bring a captcha).
                self.login_refused = str(exc)
                self.problem = _("the forum refused the MJ's login: {why}").format(why=exc)
                log.error("%s: %s — meneur stops using the forum; fix the login, then restart it", name, exc)
                add_alert(
                    self.game.store,
                    "login",
                    _(
                        "the forum refused the MJ's login: {why}. meneur no longer reads or posts; fix the password "
                        "(or log in by hand once), then restart meneur."
                    ).format(why=exc),
                    self.game.clock(),
                )
            except ForumUnavailable as exc:
                self.problem = _("the forum is unavailable: {why}").format(why=exc)
                self.watch.failed(str(exc))
                log.warning("%s: the forum is unavailable (%s); will try again", name, exc)
            except CountingStopped as exc:
                self.problem = _("counting is stopped (layout alert): {why}").format(why=exc)
                log.error("%s: counting stopped: %s", name, exc)
            except ForumError as exc:
                self.problem = _("the forum refused: {why}").format(why=exc)
                log.error("%s: the forum refused: %s", name, exc)
            except Exception as exc:  # a bug must not kill the daemon: log it whole, keep polling
                self.problem = f"{exc.__class__.__name__}: {exc}"
                log.exception("%s failed", name)
            return None

    def _add_job(self, func: Callable[..., Any], trigger: str, **options: Any) -> None:
        """Add a job unless meneur is stopping (a job added then would never run: nothing to keep)."""
        if self._stopping.is_set():
            return
        self.scheduler.add_job(func, trigger, misfire_grace_time=None, **options)

    def _poll_topic(self) -> None:
        report = self._guard("topic poll", lambda: self.game.cycle(inbox=False))
        if report is not None:
            self.on_report("cycle", report)
            self._remind_due()
        self._schedule_topic()
        self._rearm_due_deadlines()
        self._maybe_stop()

    def _schedule_topic(self) -> None:
        when = datetime.now(UTC) + timedelta(seconds=self.game.poll_interval())
        self._add_job(self._poll_topic, "date", run_date=when, id="topic", replace_existing=True)

    def _poll_inbox(self) -> None:
        fresh = self._guard("inbox poll", self.game.poller.poll_inbox)
        if fresh:
            self.on_report("mps", fresh)
            # Each new MP is answered now (a receipt, a refusal, "not understood"), while the night is open.
            self._guard("answering MPs", self.game.answer_mps)

    def _retry_every(self) -> float:
        live = self.game.config.live
        return max(min(live.near_every, live.topic_every), live.min_request_interval)

    def _on_submitted(self, event: JobSubmissionEvent) -> None:
        if event.job_id.startswith("deadline:"):
            self._queued[event.job_id] = self._queued.get(event.job_id, 0) + 1

    def _deadline(self, deadline_id: str) -> None:
        job_id = f"deadline:{deadline_id}"
        self._queued[job_id] = self._queued.get(job_id, 0) - 1
        if self._stopping.is_set():
            return
        rows = [d for d in self.game.deadlines() if d.id == deadline_id]
        if not rows or rows[0].state != "pending":
            return
        deadline = rows[0]
        due = deadline.at + timedelta(seconds=self.game.config.live.grace)
        if self.game.clock() < deadline.at:  # the clock went back since the job was set: wait for it again
            self._schedule_deadline(deadline_id, max(datetime.now(UTC) + timedelta(seconds=self._retry_every()), due))
            return
        draft = self._guard(f"deadline {deadline_id}", lambda: self.game.fire_deadline(deadline_id))
        if draft is not None:
            self.on_report("deadline", draft)
        still = [d for d in self.game.deadlines("pending") if d.id == deadline_id]
        kind = f"deadline:{deadline_id}"
        if still and not self._stopping.is_set():
            retry = self._retry_every()
            problem = self.problem or _("unknown reason")
            if open_alerts(self.game.store, kind):
                log.warning(
                    "the deadline %r is still not resolved (%s): next try in %g s", deadline.label, problem, retry
                )
            else:
                add_alert(
                    self.game.store,
                    kind,
                    _(
                        "the deadline {label!r} could not be resolved: {problem}. meneur tries again every {every} s "
                        "until it is."
                    ).format(label=deadline.label, problem=problem, every=f"{retry:g}"),
                    self.game.clock(),
                )
            self._schedule_deadline(deadline_id, max(datetime.now(UTC) + timedelta(seconds=retry), due))
        elif not still:
            if open_alerts(self.game.store, kind):
                log.warning("the deadline %r was resolved at last: alert closed", deadline.label)
                resolve_alerts(self.game.store, kind)
            self._maybe_stop()

    def _schedule_deadline(self, deadline_id: str, when: datetime) -> None:
        self._add_job(self._deadline, "date", run_date=when, args=[deadline_id], id=f"deadline:{deadline_id}",
                      replace_existing=True, coalesce=True)  # fmt: skip

    def _rearm_due_deadlines(self) -> None:
        """A pending deadline past its time always has a job (whatever became of the one set at start)."""
        if self._stopping.is_set():
            return
        for deadline in self.game.due_deadlines():
            job_id = f"deadline:{deadline.id}"
            if self._queued.get(job_id, 0) <= 0 and self.scheduler.get_job(job_id) is None:
                log.warning("the deadline %r is due and had no job: set again", deadline.label)
                self._schedule_deadline(deadline.id, datetime.now(UTC))

    def send_now(self) -> None:
        """Send the approved drafts at once (the MJ's page asked), in the worker, not the caller's thread."""
        self._add_job(
            lambda: self._guard("sending", lambda: self.game.outbox.send_ready(self.game.adapter)),
            "date", run_date=datetime.now(UTC), id="send-now", replace_existing=True,
        )  # fmt: skip

    def schedule_deadlines(self) -> None:
        grace = timedelta(seconds=self.game.config.live.grace)
        for deadline in self.game.deadlines("pending"):
            self._schedule_deadline(deadline.id, deadline.at + grace)

    def schedule_reminders(self) -> None:
        """One job per reminder still to draft (``[reminders]``), from the database: a restart sets again only
        those not drafted yet; one whose time passed while meneur was down is drafted at once (before its
        deadline only)."""
        for reminder in due_reminders(self.game):
            self._add_job(self._remind, "date", run_date=max(reminder.at, datetime.now(UTC)),
                          args=[reminder.deadline, reminder.kind], id=reminder.job_id, replace_existing=True,
                          coalesce=True)  # fmt: skip

    def _remind(self, deadline_id: str, kind: str) -> None:
        self._draft_reminders(f"reminder {deadline_id}", lambda: draft_reminder(self.game, deadline_id, kind))

    def _remind_due(self) -> None:
        """After a poll that worked: the reminders whose time came and that are not drafted yet (their job
        failed, or found the phase not reached yet), while their deadline is ahead."""
        self._draft_reminders("due reminders", lambda: draft_due_reminders(self.game))

    def _draft_reminders(self, name: str, draft: Callable[[], list[Any]]) -> None:
        def work() -> list[Any]:
            made = draft()
            if made:
                self.game.outbox.send_ready(self.game.adapter)  # `[outbox] auto` may list "reminder"
            return made

        made = self._guard(name, work)
        if made:
            self.on_report("reminder", made)

    def _maybe_stop(self) -> None:
        if self.stop_when_done and not self.game.deadlines("pending"):
            log.info("no deadline left: stopping")
            self.request_stop()

    # -- the forum's health -------------------------------------------------------------------------
    def _watch_forum(self, store: Store, after: float, every: float) -> None:
        """Open the "forum unreachable" alert after ``after`` seconds without a useful answer; close it when
        the forum answers again. Its own thread and its own connection: the worker may be stuck in a request."""
        while not self._stopping.wait(every):
            try:
                down = self.watch.down_for()
                if down >= after and not open_alerts(store, FORUM_ALERT):
                    add_alert(
                        store,
                        FORUM_ALERT,
                        _(
                            "the forum has not answered usefully for {seconds} s ({problem}). meneur keeps trying; "
                            "the count and the deadlines wait for it."
                        ).format(seconds=f"{down:.0f}", problem=self.watch.problem),
                        self.game.clock(),
                    )
                elif down == 0 and open_alerts(store, FORUM_ALERT):
                    log.warning("the forum answers again: alert closed")
                    resolve_alerts(store, FORUM_ALERT)
            except Exception:  # the watch must not die: the next turn tries again
                log.exception("watching the forum failed")

    def _start_watch(self) -> None:
        self.watch.attach(self.game.adapter.http.client)
        self.game.adapter.http.sleep = self._sleep
        files = [row[2] for row in self.game.store.db.execute("pragma database_list").fetchall() if row[1] == "main"]
        if not files or not files[0]:
            return  # an in-memory store (tests): nobody else could read the alert anyway
        live = self.game.config.live
        every = min(5.0, max(live.unreachable_after / 4, 0.2))
        threading.Thread(target=self._watch_forum, args=(Store(files[0]), live.unreachable_after, every),
                         daemon=True, name="meneur-watch").start()  # fmt: skip

    def _sleep(self, seconds: float) -> None:
        """The HTTP client's waits (rate limit, retry backoff), cut short by a stop."""
        if self._stopping.wait(seconds):
            raise Stopping()

    # -- starting and stopping ----------------------------------------------------------------------
    def _on_started(self, event: SchedulerEvent) -> None:
        self._started.set()

    def request_stop(self, reason: str = "") -> None:
        """Stop soon, from any thread (a signal handler included); a second call only logs."""
        if self._stopping.is_set():
            log.info("already stopping%s", f" ({reason})" if reason else "")
            return
        self._stopping.set()
        threading.Thread(target=self._stop, daemon=True, name="meneur-stop").start()

    def _stop(self) -> None:
        finished = self._lock.acquire(timeout=self.stop_grace)  # the running job, if any, ends first
        try:
            self.abandoned = not finished
            if not finished:
                log.warning("the running job did not end within %ss: it is left unfinished", self.stop_grace)
            self._started.wait()
            # Never wait for the job here: shutdown holds the job store's lock, which the job may need.
            self.scheduler.shutdown(wait=False)
        except SchedulerNotRunningError:
            pass
        finally:
            if finished:
                self._lock.release()

    def run(self, handle_signals: bool = True, early: list[int] | None = None) -> bool:
        """Run until stopped. True when the stop was clean; False when a job was left running (the caller
        should then leave the process without waiting for it). ``early``: the signals the caller caught
        while starting, up to the moment this installs its own handlers; one of them means stop at once."""
        live = self.game.config.live
        self._start_watch()
        self._add_job(self._poll_inbox, "interval", seconds=live.inbox_every, id="inbox",
                      next_run_time=datetime.now(UTC), coalesce=True)  # fmt: skip
        self._add_job(self._poll_topic, "date", run_date=datetime.now(UTC), id="topic")
        self.schedule_deadlines()
        self.schedule_reminders()
        for moment in live.count_at:
            hour, minute = (int(part) for part in moment.split(":"))
            self.scheduler.add_job(
                lambda: self._guard("timed count", self.game.post_count_now), "cron", hour=hour, minute=minute,
                timezone=self.game.config.timezone, id=f"count:{moment}", misfire_grace_time=300, coalesce=True,
            )  # fmt: skip

        if handle_signals:

            def stop(signum: int, frame: object) -> None:
                if self._stopping.is_set():
                    log.warning("signal %d: already stopping", signum)
                    return
                log.info("signal %d: finishing the running job, then stopping", signum)
                self.request_stop(f"signal {signum}")

            signal.signal(signal.SIGTERM, stop)
            signal.signal(signal.SIGINT, stop)
        if early:
            log.info("signal %d while starting: stopping before the first poll", early[0])
            self._stopping.set()
        log.info("meneur is running: topic every %ss, inbox every %ss", live.topic_every, live.inbox_every)
        if not self._stopping.is_set():
            try:
                self.scheduler.start()
            except JobLookupError:
                # The stop thread's shutdown marks the scheduler stopped at once, while its loop may still be
                # handing out the jobs due: the loop then looks for the one-off job it has just handed out among
                # a stopped scheduler's jobs and misses it. That job never ran (its executor was shut down
                # first): a deadline stays pending for the next start. Any other lookup failure is a defect.
                if not self._stopping.is_set():
                    raise
                log.info("stopped while jobs were being handed out: the ones not run wait for the next start")
        self._stopping.set()  # the scheduler ended: the watch ends too
        if handle_signals:  # what is left is leaving: a late signal must not kill the process half-way out
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        if self.abandoned:  # the stop already waited stop_grace for the job
            return False
        if self._lock.acquire(timeout=self.stop_grace):  # a job begun meanwhile sees the stop and ends at once
            self._lock.release()
            return True
        return False
