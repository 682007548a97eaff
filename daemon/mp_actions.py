"""An MP's text → the actions it asks for, names resolved as votes are: one reading for the live
daemon and for scenario replays.

:func:`read_mp` is the one entry point: every MP ends as actions understood (some perhaps read with
doubt), names not understood, or "not an order" — never as nothing at all. Refusals (a power the
sender does not have, a rule that forbids it) are the rule set's to give, at resolution."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.model import Action, GameState
from ..engine.names import Match, NameResolver
from ..parsers.actions import SELF, Verb, find_actions


@dataclass(frozen=True)
class Unclear:
    """A name in an action MP that matches no player, or several: the sender is asked to say it again."""

    power: str
    name: str


@dataclass(frozen=True)
class MpReading:
    """What one MP says, as meneur read it.

    ``actions``: the orders understood, in reading order (a later one for the same power replaces an
    earlier one at resolution). ``doubtful``: the indexes in ``actions`` read as a guess — the MJ is told.
    ``unclear``: orders seen whose names could not be read. ``not_understood``: the MP looks like an order
    but nothing could be read from it. ``not_an_order``: chatter or a question to the MJ, shown to the MJ
    as such. Exactly one of (actions or unclear), not_understood, not_an_order describes every MP."""

    actions: tuple[Action, ...] = ()
    doubtful: frozenset[int] = field(default_factory=frozenset)
    unclear: tuple[Unclear, ...] = ()
    not_understood: bool = False
    not_an_order: bool = False


def read_mp(
    text: str, sender: str, state: GameState, verbs: Sequence[Verb], resolver: NameResolver, source: str
) -> MpReading:
    """Read one MP from ``sender``: see :class:`MpReading`."""
    actions, unclear = actions_in_mp(text, sender, state, verbs, resolver, source)
    if actions or unclear:
        return MpReading(actions=tuple(actions), unclear=tuple(unclear))
    # Nothing read: until the reader tells chatter from a garbled order, the MJ must look at it.
    return MpReading(not_understood=True)


def actions_in_mp(
    text: str, sender: str, state: GameState, verbs: Sequence[Verb], resolver: NameResolver, source: str
) -> tuple[list[Action], list[Unclear]]:
    role = state.player(sender).role
    mentions = find_actions(text, verbs)
    actions: list[Action] = []
    unclear: list[Unclear] = []
    for mention in mentions:
        # The same words may name several roles' powers ("je mords X"): keep the sender's own.
        rivals = [m for m in mentions if m.start == mention.start]
        own = [m for m in rivals if m.power.split(".")[0] in (role, "loups")]
        if mention is not (own or rivals)[0]:
            continue
        targets = []
        for written in mention.targets:
            if written == SELF:
                targets.append(sender)
                continue
            found = resolver.resolve(written)
            if found.player is None or found.match is Match.AMBIGUOUS:
                unclear.append(Unclear(mention.power, written))
                break
            targets.append(found.player)
        else:
            actions.append(Action(sender, mention.power, tuple(targets), source))
    return actions, unclear
