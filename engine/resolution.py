"""Shared mechanics of a resolution: events, questions, and deaths with their chains.

Deaths resolve in two steps: first every death of the moment is *marked*; then ``settle`` makes
them happen one by one with what they drag along (a lover dies of grief, the hunter shoots, the
mayor names a successor, a master vampire's acolytes die), until nothing is left; only then does
the rule set check who has won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import Any

from .model import MJ, PRIVATE, PUBLIC, Decree, Event, GameState, Outcome, Question, next_phase
from .quick import factory

_event = factory(Event)  # ``Event(…)`` as a plain function: every line of every post is one

NOBODY = "aucun"


class Resolution:
    # Every question this resolution reached, answered or not (``ask``: a new set for each new one, rare).
    _asked: AbstractSet[str] = frozenset()
    # Why a question of this phase was not asked (a rule set says it where it skips one), by id (``skip``).
    not_asked: Mapping[str, str] = MappingProxyType({})
    # The same for many players at once (``skip_each``): (phase, kind, players, why with ``{player}``).
    _not_asked_each: tuple[tuple[str, str, list[str], str], ...] = ()

    def __init__(self, state: GameState, answers: Mapping[str, str]) -> None:
        self.state = state.copy()
        self.answers = answers
        self.events: list[Event] = []
        self.questions: list[Question] = []
        self._marked: list[tuple[str, str]] = []
        self._start_phase = state.phase  # the phase resolved (``_finish`` moves ``state.phase`` on)
        # ``_asked``, ``not_asked`` and ``_not_asked_each`` are the class's empty ones until this resolution asks,
        # skips or skips for many: most resolutions (a module's steps, a quiet phase) never do.
        # Extra chained effects a rule set adds (called with the dead player's name and cause).
        self.death_hooks: list[Callable[[Resolution, str, str], None]] = []

    @property
    def phase(self) -> str:
        return self.state.phase

    # emit, tell and tell_mj make their event themselves: they are called for every line of every post. The
    # methods here read ``self.state.phase``, not the ``phase`` property: one call less each time.
    def emit(self, type: str, audience: str = PUBLIC, to: tuple[str, ...] = (), **data: Any) -> None:
        self.events.append(_event(type, self.state.phase, audience, to, data))

    def tell(self, player: str, type: str, **data: Any) -> None:
        """An MP to one player; ``player`` in the event is the one it concerns (by default, the recipient)."""
        data.setdefault("player", player)
        self.events.append(_event(type, self.state.phase, PRIVATE, (player,), data))

    def tell_mj(self, type: str, **data: Any) -> None:
        self.events.append(_event(type, self.state.phase, MJ, (), data))

    def ask(
        self,
        kind: str,
        to: str,
        prompt: str,
        options: list[str],
        about: str | None = None,
        default: str = NOBODY,
        single: bool = False,
    ) -> str:
        """The answer to a question, or its default while it is unanswered (the question is then open).
        With ``single``, an answer naming several options is refused like an unknown one."""
        qid = f"{self.state.phase}:{kind}" + (f":{about}" if about else "")
        if qid not in self._asked:
            self._asked = {*self._asked, qid}
        choices = tuple(options)
        answer = self.answers.get(qid)
        if answer is not None:
            picked = [part.strip() for part in answer.split(",") if part.strip()]
            if answer.strip() == NOBODY or (all(p in choices for p in picked) and not (single and len(picked) > 1)):
                return answer.strip()
            self.tell_mj("answer_refused", question=qid, answer=answer, options=list(choices))
        if all(q.id != qid for q in self.questions):
            self.questions.append(Question(qid, to, kind, prompt, choices, default))
            self.emit(
                "question",
                MJ if to == "MJ" else PRIVATE,
                () if to == "MJ" else (to,),
                id=qid,
                prompt=prompt,
                options=list(choices),
            )
        return default

    def decree(self, decree: Decree) -> None:
        """The MJ's word, as most rule sets take it: a death (with its chains), a revival, the mayor
        named or removed (also how a censure motion ends), or an event told in the next post."""
        if decree.kind == "kill" and decree.player:
            self.mark(decree.player, decree.cause or "mj")
            self.settle()
        elif decree.kind == "revive" and decree.player:
            player = self.state.player(decree.player)
            player.alive, player.death_phase, player.death_cause = True, None, None
            self.emit("revived", player=decree.player)
        elif decree.kind == "mayor":
            self.state.mayor = decree.player
            self.emit("mayor_named" if decree.player else "mayor_removed", player=decree.player, by="MJ")
        elif decree.kind == "event":
            self.emit("mj_event", text=decree.text)

    # -- deaths -----------------------------------------------------------------------------
    def mark(self, name: str, cause: str) -> None:
        if not self.state.player(name).alive:
            return
        for marked, _ in self._marked:  # a loop, not ``all(…)`` over a generator: a call less per death
            if marked == name:
                return
        self._marked.append((name, cause))

    def settle(self) -> None:
        while self._marked:
            name, cause = self._marked.pop(0)
            player = self.state.player(name)
            if not player.alive:
                continue
            player.alive = False
            player.death_phase, player.death_cause = self.state.phase, cause
            self.emit("death", player=name, cause=cause, role=player.role)
            self._chain(name, cause)

    def _chain(self, name: str, cause: str) -> None:
        state = self.state
        dead = state.player(name)
        partner = dead.markers.get("amoureux")
        if partner and state.player(partner).alive:
            self.mark(partner, "chagrin")
        for hook in self.death_hooks:
            hook(self, name, cause)
        if state.mayor == name:
            state.mayor = None
            living = [p for p in state.living() if p not in (n for n, _ in self._marked)]
            successor = self.ask(
                "successeur", name, "Tu meurs : qui sera le nouveau maire ?", living, about=name, single=True
            )
            if successor != NOBODY:
                state.mayor = successor
                self.emit("mayor_successor", player=successor, by=name)

    def skip(self, kind: str, about: str | None, why: str) -> None:
        """A question the rules do not ask this time, and why (French, for the MJ): an answer given to it
        anyway is reported with this reason."""
        self.not_asked = {**self.not_asked, f"{self.state.phase}:{kind}" + (f":{about}" if about else ""): why}

    def skip_each(self, kind: str, players: list[str], why: str) -> None:
        """``skip`` for each of ``players`` (``why`` names him as ``{player}``), for a question the rules ask
        of a few players and not of all the others: the reason is written only if one of them answers. The
        list may still grow after the call (the players found on the way)."""
        self._not_asked_each = (*self._not_asked_each, (self.state.phase, kind, players, why))

    def _why_skipped_each(self, qid: str) -> str | None:
        for phase, kind, players, why in reversed(self._not_asked_each):  # the latest, as ``skip`` keeps it
            for player in players:
                if qid == f"{phase}:{kind}:{player}":
                    return why.format(player=player)
        return None

    def _unused_answers(self) -> None:
        """Answers to this phase's questions that the resolution never asked are not silently dropped:
        the MJ is told the answer was not used, and why (RULINGS of each rule set)."""
        if not self.answers:
            return
        prefix = f"{self._start_phase}:"
        for qid, answer in self.answers.items():
            if not qid.startswith(prefix) or qid in self._asked:
                continue
            why = self.not_asked.get(qid) or self._why_skipped_each(qid) or self._why_not_asked(qid)
            self.events.append(
                Event("answer_unused", self._start_phase, MJ, (), {"question": qid, "answer": answer, "reason": why})
            )

    def _why_not_asked(self, qid: str) -> str:
        parts = qid.split(":")
        about = parts[2] if len(parts) > 2 else None
        if about is not None:
            try:
                player = self.state.player(about)
            except KeyError:
                return f"{about} ne joue pas dans cette partie."
            if not player.alive and player.death_phase != self._start_phase:
                return f"{about} est mort·e : la question ne lui est pas posée."
        return "Cette question n'a pas été posée dans cette phase : la réponse n'a pas servi."

    def finish(self, winner: str | None) -> Outcome:
        """The end of a resolution, its deaths settled and ``winner`` read from them (the rule set's own
        reading): the game is over (``game_over``), or the state moves on to the next phase."""
        if winner:
            self.state.winner = winner
            self.emit("game_over", winner=winner)
        else:
            self.state.phase = next_phase(self.state.phase)
        return self.outcome()

    def outcome(self) -> Outcome:
        self._unused_answers()
        return Outcome(self.state, self.events, self.questions)
