"""The MJ's chores that meneur takes off his hands: a player's call for help answered by MP with the list of
his powers (what he may send, its safe form and an example as players write it).

Reading a call for help is a matter of the MP's words only (:func:`asks_for_help`); the live daemon asks it
of an MP in which no order was read, so « aide : je protège Basile » stays an order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.model import GameState
from ..engine.rulesets import ruleset
from ..parsers.records import VoteFormat
from ..vocabulary import word_key
from .drafts import DraftText, powers_of
from .render import render

# The first word of an MP that asks for help (« !aide », « Aide stp », « help »), once folded.
_HELP_FIRST = frozenset({"aide", "aidez", "help", "helpe", "sos"})
# Phrases that ask for help anywhere in a short MP, folded, punctuation as spaces.
_HELP_PHRASES = (
    "besoin d aide",
    "m aider",
    "aide moi",
    "aidez moi",
    "comment je fais",
    "je fais comment",
    "comment on fait",
    "on fait comment",
    "comment faire",
    "comment ca marche",
    "comment ca fonctionne",
    "comment je joue",
    "mes pouvoirs",
    "quels pouvoirs",
    "quel pouvoir",
    "mon pouvoir",
    "que puis je faire",
    "qu est ce que je peux faire",
    "je peux faire quoi",
    "j ai le droit de faire quoi",
    "quoi faire",
)
_SHORT = 25  # words: a longer MP is a letter to the MJ, not a call for help


def asks_for_help(text: str) -> bool:
    """Whether an MP asks the MJ how to play: « aide », « !aide », « aide stp », « comment je fais ? »,
    « c'est quoi mes pouvoirs ? ». Letters and accents folded; words only (no order is read here)."""
    words = word_key(text).split()
    if not words or len(words) > _SHORT:
        return False
    if words[0] in _HELP_FIRST:
        return True
    padded = f" {' '.join(words)} "
    return any(f" {phrase} " in padded for phrase in _HELP_PHRASES)


def help_reply(
    state: GameState,
    player: str,
    *,
    label: str,
    key: str,
    subject: str,
    mj: str,
    override: Path | None = None,
    markup: str = "bbcode",
    vote_format: VoteFormat | None = None,
) -> DraftText:
    """The MP that answers ``player``'s call for help: his role and camp, the powers he holds in ``state``
    (the rule set's ``powers_of``, ``help`` and ``examples``), how to vote. Drafted under ``key``."""
    rules = ruleset(state.ruleset)
    me = state.player(player)
    context: dict[str, Any] = {
        "player": player,
        "label": label,
        "night": state.phase.startswith("N"),
        "role": rules.role_names.get(me.role, me.role),
        "wolves": [p.name for p in state.players if p.alive and rules.is_wolf(p) and p.name != player]
        if rules.is_wolf(me)
        else [],
        "powers": powers_of(state, player),
        "mj": mj,
    }
    body = render("help", markup, context, override, vote_format)
    return DraftText("help", player, subject, body, key)
