"""An MP's text → the actions it asks for, names resolved as votes are: one reading for the live
daemon and for scenario replays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.model import Action, GameState
from ..engine.names import Match, NameResolver
from ..parsers.actions import SELF, Verb, find_actions


@dataclass(frozen=True)
class Unclear:
    """A name in an action MP that matches no player, or several: the sender is asked to say it again."""

    power: str
    name: str


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
