"""The mayor's posts after a day's deadline, read as answers to the questions the day left open.

Some rule sets let the mayor speak on the forum once the votes are closed: "S'il y a égalité au vote,
le maire tranche avec un message sur le forum", then (in `trinite-meuporg`) "Le maire annonce alors
s'il souhaite inverser deux joueurs … et/ou … une nuit événement". The engine asks these as questions
to the mayor (``Jn:maire_egalite``, ``Jn:annonce_maire``); this reads the addressee's posts written
after the deadline and gives the answers an MJ would note. Pure: posts and questions in, answers out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ..engine.model import GameState
from ..engine.names import NameResolver
from ..parsers.actions import fold
from ..parsers.layout import Layout
from ..parsers.records import Post

TIE = "maire_egalite"
ANNOUNCEMENT = "annonce_maire"
KINDS = frozenset({TIE, ANNOUNCEMENT})


def mayor_answers(
    questions: Sequence[dict[str, Any]],
    posts: Sequence[Post],
    after: datetime,
    resolver: NameResolver,
    state: GameState,
    announcement: Callable[[str, GameState], str] | None = None,
    layout: Layout | None = None,
) -> dict[str, str]:
    """Answers to open ``maire_egalite`` / ``annonce_maire`` questions (question events: ``id``, ``to``,
    ``options``) from their addressee's posts stamped after ``after``; the latest telling post wins.

    A tie-break post counts when it names exactly one of the tied players; an announcement post when
    the rule set's reader (``announcement``) finds something in it. With the forum's ``layout``, a post is read
    without what it quotes (« Bob a écrit : Gaston … » then « Non. » chooses nobody)."""

    def words(post: Post) -> str:
        if layout is None or not post.content_html:
            return post.content_text
        from .absences import own_text

        return own_text(post, layout)

    found: dict[str, str] = {}
    for question in questions:
        qid = str(question.get("id", ""))
        kind = qid.split(":")[1] if qid.count(":") >= 1 else ""
        addressee = (question.get("to") or [None])[0]
        if kind not in KINDS or addressee is None:
            continue
        theirs = [p for p in posts if p.posted_at > after and resolver.identify(p.author, p.author_id) == addressee]
        for post in reversed(theirs):
            if kind == TIE:
                named = _named(words(post), [str(o) for o in question.get("options", [])])
                if len(named) == 1:
                    found[qid] = named[0]
                    break
            elif announcement is not None:
                answer = announcement(words(post), state)
                if answer != "aucun":
                    found[qid] = answer
                    break
    return found


def _named(text: str, options: list[str]) -> list[str]:
    folded = fold(text)
    return [o for o in options if re.search(rf"(?<!\w){re.escape(fold(o))}(?!\w)", folded)]
