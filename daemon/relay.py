"""The Lâche's anonymous MPs (`double-roles`, RULINGS R32): « Ces envois se font au MJ, en lui précisant le joueur
destinataire. Ainsi, le joueur destinataire reçoit un MP anonyme ». The engine tells the recipient an
``anonymous_mp`` event carrying only the Lâche's MP id; this finds the words to pass on in that MP, so that the
MP drafted from the MJ's account to the recipient carries them — and nothing else of the sender's (his name is
in no subject, body or player-visible key; the MJ approves the draft as any other)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..parsers.layout import Layout
from ..vocabulary import fold
from .i18n import _
from .mp_actions import MpReading
from .store import Store

# What says "pass this on" before the colon that opens the message (folded: no accents, lower case).
_ORDER = re.compile(r"\b(dis|dites|transmet\w*|envoi\w*|anonym\w*|message|mp)\b")
_QUOTES = (("«", "»"), ("“", "”"), ('"', '"'))


def _unquote(words: str) -> str:
    for opening, closing in _QUOTES:
        if len(words) > 1 and words.startswith(opening) and words.endswith(closing):
            return words[len(opening) : -len(closing)].strip()
    return words


# The powers whose MP carries words for another player (`double-roles`' Lâche): the MP reader reads the order only.
RELAY_POWERS = frozenset({"lache.envoyer"})


def split_relay(text: str) -> tuple[str, str]:
    """A Lâche's MP as (the order, the words to pass on): the words follow the first colon whose sentence gives
    the order (« dis à Emile : … », « Message anonyme pour Hugo : … »), else they are the first quotation (« dis à
    Irène « … » »), else there are none (the MJ writes them in the draft before approving it)."""
    text = text.strip()
    start = 0
    for colon in re.finditer(":", text):
        if _ORDER.search(fold(text[start : colon.start()])):
            return text[: colon.start()].strip(), _unquote(text[colon.end() :].strip())
        start = colon.end()
    for opening, closing in _QUOTES:
        found = re.search(re.escape(opening) + r"(.+?)" + re.escape(closing), text, re.S)
        if found:
            return (text[: found.start()] + text[found.end() :]).strip(), found.group(1).strip()
    return text, ""


def relayed_message(text: str) -> str:
    """The words a Lâche's MP asks to pass on (:func:`split_relay`)."""
    return split_relay(text)[1]


def read_order(text: str, read: Callable[[str], MpReading]) -> MpReading:
    """An MP read by ``read``; when it relays words (the order alone, read, is a relay power's), the order alone:
    the words are the Lâche's message to another player — « Chloe et Denis échangent avec toi » is no order of
    his, nor a name to ask him about."""
    order, words = split_relay(text)
    if words:
        reading = read(order)
        if any(a.power in RELAY_POWERS for a in reading.actions):
            return reading
    return read(text)


def relay_alert(text: str, sender: str, said: Mapping[str, str]) -> str | None:
    """What the MJ should look at before approving a relay (``said``: the MP's player, phase and time): words
    that were not found (the draft's quote is empty), several messages in one MP, or words that name their
    sender (« Signé Alice »: the Lâche may sign « avec le pseudo qu'il veut », but his own name is more likely a
    slip)."""
    words = relayed_message(text)
    if not words:
        message = _("MP from {player} ({phase}, {time}): an anonymous MP whose words were not found: write them in "
                    "its draft before approving it.")  # fmt: skip
        return message.format(**said)
    if split_relay(words)[1]:  # « … pour Bruno : X. Message anonyme pour Chloe : Y »: Y would reach Bruno too
        message = _("MP from {player} ({phase}, {time}): this anonymous MP seems to hold several messages, all "
                    "drafted to its first recipient: split them before approving it.")  # fmt: skip
        return message.format(**said)
    if re.search(rf"(?<!\w){re.escape(fold(sender))}(?!\w)", fold(words)):
        message = _("MP from {player} ({phase}, {time}): the words of this anonymous MP name their sender: read its "
                    "draft before approving it.")  # fmt: skip
        return message.format(**said)
    return None


def own_words(content_html: str | None, content_text: str, layout: Layout | None = None) -> str:
    """An MP's own words, line by line, without what it quotes (the MJ's message it answers, its role card): the
    forum's quote markup (``layout.quote``), ``<blockquote>`` when no layout is given."""
    if not content_html:
        return content_text
    from lxml import etree
    from lxml import html as lxml_html

    from ..parsers.layout import quote_test
    from ..parsers.votes import styled_lines

    try:
        content = lxml_html.fragment_fromstring(content_html, create_parent="div")
    except (ValueError, TypeError, etree.ParserError):
        return content_text
    is_quote = quote_test(content, layout) if layout is not None else (lambda element: element.tag == "blockquote")
    return "\n".join(line for line, _styles in styled_lines(content, is_quote))


def relayed_messages(store: Store, events: Iterable[Mapping[str, Any]], layout: Layout | None = None) -> dict[str, str]:
    """The words to relay for each ``anonymous_mp`` event, by the Lâche's MP id (as stored from the inbox): his
    own words, never what his MP quotes (his role card names him and his roles)."""
    wanted = sorted({str(e["mp"]) for e in events if e.get("type") == "anonymous_mp" and e.get("mp")})
    if not wanted:
        return {}
    marks = ", ".join("?" * len(wanted))
    rows = store.db.query(f"select msg_id, content_html, content_text from mps where msg_id in ({marks})", wanted)
    return {
        str(row["msg_id"]): relayed_message(own_words(row["content_html"], str(row["content_text"] or ""), layout))
        for row in rows
    }


def discarded_relays(store: Store, outcomes: Mapping[str, Mapping[str, Any]]) -> set[str]:
    """The Lâche's MPs (by id, among ``outcomes``: ``mp_outcomes``' rows) whose relay the MJ discarded: the
    words never left, so the MP is no relay — it does not count against his day's allowance (RULINGS R32), and
    the day's close does not draft it again."""
    keys = {
        str(told["key"]): msg_id
        for msg_id, outcome in outcomes.items()
        for told in outcome["detail"].get("announced", [])
        if told["event"].get("type") == "anonymous_mp"
    }
    if not keys:
        return set()
    marks = ", ".join("?" * len(keys))
    states: dict[str, set[str]] = {}
    for row in store.db.query(f"select key, state from drafts where key in ({marks})", sorted(keys)):
        states.setdefault(keys[str(row["key"])], set()).add(str(row["state"]))
    return {msg_id for msg_id, seen in states.items() if seen == {"discarded"}}
