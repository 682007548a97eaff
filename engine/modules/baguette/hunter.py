"""`baguette`: the copied Chasseur — « chasseur => Magicien chasseur »: a Magicien who copied a Chasseur's state
and dies that night or the next day replies as the base's Chasseur does (classique: « Lorsqu'il meurt …, le
Chasseur a le pouvoir de répliquer »). Run after the base's resolution, with the base's own death chains and
win check where the module knows them (classique); on another base the MJ is told and decrees the shot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...model import MJ, Decree, Event, GameState, Question
from ...resolution import NOBODY, Resolution
from ...rulesets.classique import deaths as classique_deaths
from .common import Ctx, bag, bag_for_change

# The base rule sets whose death chains and win check the module uses after their resolution.
_BASES: dict[
    str,
    tuple[Callable[[GameState, Mapping[str, str], Sequence[Decree]], Resolution], Callable[[GameState], str | None]],
] = {
    "classique": (classique_deaths._resolution, classique_deaths.check_winner),
}


def copied_hunter(state: GameState) -> str | None:
    """The Magicien who copied a Chasseur for this night and the next day, his shot not yet fired, or None."""
    chosen = bag(state).get("pouvoir")
    if not chosen or chosen["power"] != "copie" or not chosen["targets"] or bag(state).get("balle_copie"):
        return None
    try:
        copied = state.player(chosen["targets"][0])
    except KeyError:
        return None
    return str(chosen["holder"]) if copied.role == "chasseur" else None


def question_id(state: GameState, phase: str) -> str | None:
    """The id of the shot's question this phase (the base must not take its answer for unused)."""
    magicien = copied_hunter(state)
    return f"{phase}:chasseur:{magicien}" if magicien else None


def shoot(
    ctx: Ctx, state: GameState, events: Sequence[Event], answers: Mapping[str, str]
) -> tuple[GameState, list[Event], list[Question]]:
    """After the base's resolution (``state``: its new state, set back to the phase resolved; ``events``: its
    events): if the copying Magicien died in it, his shot, asked as classique asks its Chasseur
    (``PHASE:chasseur:NOM``). A new state (``winner`` set if the shot ends the game), events, questions."""
    magicien = copied_hunter(state)
    if magicien is None or state.winner is not None:
        return state, [], []
    if not any(e.type == "death" and e.data.get("player") == magicien for e in events):
        return state, [], []
    known = _BASES.get(ctx.base.id)
    if known is None:
        return state, [Event("copy_hunter_dies", state.phase, MJ, (), {"player": magicien})], []
    make, winner_of = known
    r = make(state, answers, ())
    bag_for_change(r.state)["balle_copie"] = True
    target = r.ask("chasseur", magicien, "Tu meurs : sur qui tires-tu ?", r.state.living(), about=magicien, single=True)
    if target != NOBODY:
        r.emit("hunter_shot", player=magicien, target=target, copied=True)
        r.mark(target, "chasseur")
    r.settle()
    winner = winner_of(r.state)
    if winner:
        r.state.winner = winner
        r.emit("game_over", winner=winner)
    return r.state, r.events, list(r.questions)
