"""`convivialite`: what every resolution shares — questions read as the rules take them, deaths and
their chains (the camp revealed, the pact broken), and who wins."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from ...model import Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from .common import is_wolf, pact, wolves
from .roles import LOUPS, VILLAGE


# -- shared pieces ----------------------------------------------------------------------------
def _open(r: Resolution, question: str) -> bool:
    """Is this phase's question still unanswered (its default, the MJ's draw, holds)?"""
    return any(q.id == f"{r.phase}:{question}" for q in r.questions)


LIST_QUESTIONS = frozenset({"invitation"})  # the only question answered with several names ("A, B")


class _Resolution(Resolution):
    """The core's resolution, with answers as an MJ types them (RULINGS R21): case and accents do not
    matter ("Sorcière" is the role ``sorciere``, "Accepté" is ``accepte``), and a question asking for one
    choice refuses a list ("Talen, BenP" for the mayor's tie-break): the MJ is told, the question stays
    open, its default holds."""

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
        qid = f"{self.phase}:{kind}" + (f":{about}" if about else "")
        given = self.answers
        raw = given.get(qid)
        if raw is not None:
            listed = kind in LIST_QUESTIONS and "," not in raw
            spelt = re.sub(r"\s+et\s+", ", ", raw) if listed else raw  # "Talen et Boris"
            self.answers = {**given, qid: _as_options(spelt, options)}
        try:  # the core refuses a list for a one-choice question: only LIST_QUESTIONS take several names
            return super().ask(kind, to, prompt, options, about, default, single or kind not in LIST_QUESTIONS)
        finally:
            self.answers = given


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold().strip()


def _as_options(answer: str, options: Sequence[str]) -> str:
    """Each comma-separated part of ``answer`` spelt as the option it names (without case or accents)."""
    plain = {_plain(o): o for o in (*options, NOBODY)}
    if len(plain) < len({*options, NOBODY}):  # two options alike but for case or accents: only exact answers
        return answer
    parts = [part.strip() for part in answer.split(",")]
    return ", ".join(part if part in options else plain.get(_plain(part), part) for part in parts)


def _resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    r = _Resolution(state, answers)
    r.death_hooks.append(_camp_revealed)
    r.death_hooks.append(_pact_broken)
    for decree in decrees:
        r.decree(decree)
    return r


def _camp_revealed(r: Resolution, name: str, cause: str) -> None:
    """ "le camp du mort est révélé publiquement mais pas son rôle" (every death: RULINGS R9)."""
    r.emit("camp_revealed", player=name, camp=r.state.player(name).camp)


def _pact_broken(r: Resolution, name: str, cause: str) -> None:
    """ "Si un des loups meurt sur un bûcher autre que lors du bûcher du J2, le deuxième loup meurt aussi"."""
    bond = pact(r.state)
    if bond is None or cause != "bucher" or r.phase == "J2" or name not in bond.values():
        return
    other = bond["adule"] if name == bond["amoureux"] else bond["amoureux"]
    if is_wolf(r.state.player(other)):
        r.mark(other, "pacte")


def check_winner(state: GameState, morning: bool = True) -> str | None:
    """The village wins once no wolf lives; the wolves "si au matin il y a autant ou moins de
    villageois que de loups" (checked after a night only)."""
    pack = wolves(state)
    villagers = [p for p in state.players if p.alive and p.camp == VILLAGE]
    if not pack:
        return VILLAGE
    if morning and len(villagers) <= len(pack):
        return LOUPS
    return None


def _finish(r: Resolution, morning: bool) -> Outcome:
    r.settle()
    return r.finish(check_winner(r.state, morning))
