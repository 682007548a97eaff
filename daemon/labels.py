"""The MJ's words for the ids meneur keeps: draft states and kinds, alert kinds (an id not listed shows as
it is). The page (daemon/web.py) and the command line (`meneur outbox`, `meneur alerts`) share them."""

from __future__ import annotations

from ..engine.messages import N_
from .i18n import _

LABELS = {
    "drafted": N_("drafted"),
    "approved": N_("approved"),
    "sending": N_("sending"),
    "sent": N_("sent"),
    "failed": N_("failed"),
    "discarded": N_("discarded"),
    "vote_count": N_("vote count"),
    "evening": N_("evening post"),
    "morning": N_("morning post"),
    "receipt": N_("receipt"),
    "result": N_("result"),
    "alert": N_("alert"),
    "opening": N_("opening post"),
    "role_card": N_("role card"),
    "mp": N_("MP"),
    "help": N_("help"),
    "reminder": N_("reminder"),
    "replacement": N_("replacement"),
    "activity": N_("activity warning"),
}
ALERT_KINDS = {
    "layout": N_("topic unreadable"),
    "deep-post": N_("post nested too deep"),
    "account": N_("another account"),
    "accounts": N_("several accounts"),
    "question": N_("question"),
    "login": N_("login refused"),
    "activity": N_("silent player"),
    "absence": N_("absence to confirm"),
}


def label(value: str) -> str:
    """A draft state or kind in the MJ's words."""
    return _(LABELS[value]) if value in LABELS else value


def alert_kind(kind: str) -> str:
    """An alert's kind in the MJ's words, with what it is about ("question : J2:chasseur:Hugo")."""
    head, sep, about = kind.partition(":")
    if head not in ALERT_KINDS:
        return kind
    name = _(ALERT_KINDS[head])
    return _("{kind}: {about}").format(kind=name, about=about) if sep else name
