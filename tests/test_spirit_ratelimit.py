"""Spirit's answer to a form sent over its rate limit, recognised by its message box on the forum's own pages
(fixtures/forums/spirit/*-ratelimited.html, saved by fetch_ratelimited.py): how long it asks to wait, in English
(spirit 0.14's French catalog leaves the sentence untranslated) or in French (a translated forum); and never
from the same words elsewhere in a page."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from meneur.daemon.adapters.spirit import rate_limit_wait

SPIRIT = Path(__file__).resolve().parent.parent / "fixtures" / "forums" / "spirit"


def page(name: str, replace: tuple[str, str] | None = None) -> httpx.Response:
    text = (SPIRIT / name).read_text(encoding="utf-8")
    if replace is not None:
        assert replace[0] in text
        text = text.replace(replace[0], replace[1])
    return httpx.Response(200, content=text.encode(), headers={"content-type": "text/html; charset=utf-8"})


@pytest.mark.parametrize(
    ("name", "seconds"),
    [
        ("comment-publish-ratelimited.html", 10),
        ("private-publish-ratelimited.html", 10),
        ("login-ratelimited.html", 300),
    ],
)
def test_the_forums_own_refusals_say_how_long_to_wait(name: str, seconds: float) -> None:
    assert rate_limit_wait(page(name)) == seconds


@pytest.mark.parametrize(
    ("french", "seconds"),
    [
        ("Trop de soumissions, attendez 10s.", 10),
        ("Trop d'envois, veuillez patienter 10 secondes.", 10),
        ("Trop de tentatives, attendez 5 min.", 300),
    ],
)
def test_a_translated_forum_says_it_in_french(french: str, seconds: float) -> None:
    refused = page("comment-publish-ratelimited.html", ("Too many submissions, wait 10s.", french))
    assert rate_limit_wait(refused) == seconds


def test_other_answers_are_not_taken_for_a_rate_limit() -> None:
    assert rate_limit_wait(page("comment-publish.html")) is None  # the form, no message
    assert rate_limit_wait(page("login-wrong-password.html")) is None  # a form error, not a rate
    assert rate_limit_wait(page("private-publish.html")) is None
    # A player quoting the sentence in a post is not the forum refusing anything.
    quoted = page("topic.html", ("<p>Bonjour le village !", "<p>Too many submissions, wait 10s. Bonjour le village !"))
    assert "Too many submissions" in quoted.text
    assert rate_limit_wait(quoted) is None
