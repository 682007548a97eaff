"""A polite HTTP client for one forum: named, rate-limited, patient with a forum having a bad day.

The httpx client is injected: tests pass one over ``httpx.MockTransport``, the daemon a real one.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

from .. import __version__
from ..parsers.records import ParseError

log = logging.getLogger("meneur.http")

USER_AGENT = f"meneur/{__version__} (Loup-garou game master's assistant; polls as the MJ account)"


class ForumUnavailable(Exception):
    """The forum did not answer usefully after every retry. Said in English for the MJ."""


DEFAULT_MAX_BYTES = 4 * 1024 * 1024  # a topic page is ~100 KB; 4 MB is far beyond any honest page


class ResponseTooLarge(ParseError):
    """The forum's answer is larger than ``max_bytes``: it is not read (a page error, like an
    unreadable page), so one huge page cannot take the daemon's memory."""


@dataclass
class PoliteClient:
    client: httpx.Client
    min_interval: float = 1.0  # seconds between two requests to the forum
    retries: int = 4
    backoff: float = 1.0  # first wait after a failure; doubles each time, with jitter
    max_backoff: float = 60.0
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    rng: random.Random = field(default_factory=random.Random)
    requests: int = 0  # every request sent, retries included (benchmarks and tests read it)
    max_bytes: int = DEFAULT_MAX_BYTES  # the largest answer read (decompressed), [forum] max_page_kb
    _last: float | None = None

    def __post_init__(self) -> None:
        self.client.headers.setdefault("User-Agent", USER_AGENT)
        self.client.headers["User-Agent"] = USER_AGENT

    def _wait_turn(self) -> None:
        if self._last is not None:
            wait = self.min_interval - (self.clock() - self._last)
            if wait > 0:
                self.sleep(wait)
        self._last = self.clock()

    def request(
        self,
        method: str,
        url: str,
        *,
        data: Mapping[str, Any] | None = None,
        content: bytes | None = None,
        params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        follow_redirects: bool = True,
    ) -> httpx.Response:
        """Send with retries on time-outs, connection errors and 5xx. POSTs are retried only when
        the request never reached the forum (connect errors): a POST that timed out may have been
        saved, and the outbox, not this client, decides whether to send again."""
        attempt = 0
        while True:
            self._wait_turn()
            self.requests += 1
            try:
                request = self.client.build_request(
                    method, url, data=data, content=content, params=params, headers=headers
                )
                response = self.client.send(request, stream=True, follow_redirects=follow_redirects)
                self._read_capped(response)
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                problem = f"cannot connect ({exc.__class__.__name__})"
            except httpx.TimeoutException as exc:
                if method.upper() != "GET":
                    raise ForumUnavailable(f"{method} {url}: no answer in time; it may have been saved") from exc
                problem = "timed out"
            except httpx.TransportError as exc:
                if method.upper() != "GET":
                    raise ForumUnavailable(f"{method} {url}: connection lost ({exc})") from exc
                problem = f"connection lost ({exc.__class__.__name__})"
            else:
                if response.status_code < 500:
                    return response
                problem = f"HTTP {response.status_code}"
                if method.upper() != "GET":
                    raise ForumUnavailable(f"{method} {url}: the forum answered {problem}")
            attempt += 1
            if attempt > self.retries:
                raise ForumUnavailable(f"{method} {url}: {problem}, {self.retries} retries")
            delay = min(self.max_backoff, self.backoff * 2 ** (attempt - 1))
            delay *= 0.5 + self.rng.random()  # jitter: never hammer in step with other clients
            log.warning("%s %s: %s; retry %d/%d in %.1fs", method, url, problem, attempt, self.retries, delay)
            self.sleep(delay)

    def _read_capped(self, response: httpx.Response) -> None:
        """Read the body, at most ``max_bytes`` of it once decompressed (a small gzip can hold gigabytes)."""
        body = bytearray()
        try:
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > self.max_bytes:
                    raise ResponseTooLarge(
                        f"{response.request.method} {response.request.url}: the answer is larger than "
                        f"{self.max_bytes // 1024} KB ([forum] max_page_kb): not read"
                    )
        finally:
            response.close()
        response._content = bytes(body)  # where Response.read() keeps the body it read

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, data: Mapping[str, Any], **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, data=data, **kwargs)
