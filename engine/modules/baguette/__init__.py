"""The `baguette` module — "Baguette magique" (shared/rules/004_448b084b5106ef37.txt): the Magicien's wand,
votes by MP, the wolves' den, absences, on top of a base rule set (``classique``).

``MODULE.apply(base, options)`` returns the composed ``RuleSet``; the interface for scenarios, corpora and
templates is SPEC.md, the readings of ambiguous rules RULINGS.md (same folder)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...contract import RuleSet, TopicPost
from ...messages import Message
from ...model import Action, Decree, GameState, Outcome
from ...tally import Tally
from .. import Module
from .common import ABSENCE, DECREES, ID, NAMES, ONE_TIME, OPTIONS, Ctx, active_power, bag, check_options, holder
from .day import close_day
from .den import read_den
from .night import NIGHT_ORDER, resolve_night
from .setup import setup
from .validation import validate
from .vocabulary import EXAMPLES, HELP, verbs
from .votes import day_tally, mp_votes, vote_refusal, with_absences

SCHEDULE: dict[str, Any] = {"day_end": "22:00", "actions_end": "21:00", "day_hours": 48, "night_hours": 24}
TITLE = "Baguette magique"


def apply(base: RuleSet, options: Mapping[str, Any] | None = None) -> RuleSet:
    """``base`` with the wand, the votes by MP and the den; ``options``: the module's (``baguette.*``)."""
    ctx = Ctx(base, check_options(options or {}))

    def _setup(names: Sequence[str], seed: int, roles: Mapping[str, str] | None = None, **extra: Any) -> GameState:
        return setup(ctx, names, seed, roles, **extra)

    def _validate(state: GameState, action: Action) -> str | None:
        return validate(ctx, state, action)

    def _close_day(
        state: GameState,
        votes: Mapping[str, str],
        answers: Mapping[str, str] | None = None,
        decrees: Sequence[Decree] = (),
        actions: Sequence[Action] = (),
    ) -> Outcome:
        return close_day(ctx, state, votes, answers, decrees, actions)

    def _resolve_night(
        state: GameState,
        actions: Sequence[Action],
        answers: Mapping[str, str] | None = None,
        decrees: Sequence[Decree] = (),
    ) -> Outcome:
        return resolve_night(ctx, state, actions, answers, decrees)

    def _day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
        return day_tally(ctx, state, votes)

    def _vote_refusal(state: GameState, voter: str, target: str) -> str | Message | None:
        return vote_refusal(ctx, state, voter, target)

    def _mp_votes(state: GameState, actions: Sequence[Action]) -> dict[str, str]:
        return mp_votes(ctx, state, actions)

    def _read_den(state: GameState, posts: Sequence[TopicPost]) -> list[Action]:
        return read_den(ctx, state, posts)

    def _night_actors(state: GameState) -> list[str]:
        found = base.night_actors(state) if base.night_actors else state.living()
        magicien = holder(state)
        return [*found, magicien] if magicien and magicien not in found else found

    def _mj_notes(state: GameState) -> Mapping[str, Sequence[str]]:
        notes = dict(base.mj_notes(state)) if base.mj_notes else {}
        memory = bag(state)
        used = memory.get("pouvoirs_utilises", [])
        wand = [
            f"Magicien : {holder(state) or 'personne'}",
            f"Déjà porteurs : {', '.join(memory.get('porteurs', [])) or 'personne'}",
            f"Pouvoirs restants : {', '.join(NAMES[p] for p in ONE_TIME if p not in used) or 'aucun'}",
            f"Anti-dévoilements utilisés : {memory.get('anti_devoilements', 0)} / 2",
            f"Successeurs désignés : {', '.join(memory.get('successeurs') or []) or 'aucun (tirage au sort)'}",
            f"Pouvoir choisi : {NAMES[active_power(state)['power']]}",
            f"Pouvoirs utilisés : {', '.join(NAMES.get(p, p) for p in used) or 'aucun'}",
        ]
        if memory.get("testament"):
            wand.append(f"Testament : {', '.join(memory['testament'])}")
        if memory.get("tour_complet"):
            wand.append("Rotation : chaque joueur l'a eue, elle passe librement")
        notes["Baguette magique"] = wand
        return notes

    def _player_note(state: GameState, name: str) -> str:
        return "Magicien (porteur de la Baguette)" if holder(state) == name else ""

    own_verbs = verbs(base.role_names)
    return replace(
        base,
        setup=_setup,
        validate=_validate,
        close_day=_close_day,
        resolve_night=_resolve_night,
        verbs=(*(v for v in base.verbs if not v.power.startswith("maire.")), *own_verbs),
        night_order=(
            *NIGHT_ORDER[: NIGHT_ORDER.index("base")],
            *base.night_order,
            *NIGHT_ORDER[NIGHT_ORDER.index("base") + 1 :],
        ),
        # The base's in-place entries and its count's parts are its own: a caller of the composed rule set gets
        # the module's phases, which copy the state they are given and count the votes the module's way.
        close_decided_day_owned=None,
        resolve_night_owned=None,
        close_decided_day=None,
        day_votes=None,
        day_tally=_day_tally,
        vote_refusal=_vote_refusal,
        night_actors=_night_actors,
        mj_notes=_mj_notes,
        player_note=_player_note,
        help={**{k: v for k, v in base.help.items() if not k.startswith("maire.")}, **HELP},
        examples={**base.examples, **EXAMPLES},
        options={**base.options, **OPTIONS},
        answers={**{k: v for k, v in base.answers.items() if k != "successeur"}, "egalite_bucher": "baguette.egalite"},
        modules=(*base.modules, ID),
        votes_by_mp=True,
        mp_votes=_mp_votes,
        read_den=_read_den,
        absence_power=ABSENCE,
        note_absences=with_absences,
        decree_kinds=(*base.decree_kinds, *DECREES),
        schedule=SCHEDULE,
    )


MODULE = Module(id=ID, title=TITLE, apply=apply, options=OPTIONS, bases=("classique",))

__all__ = ["MODULE", "NIGHT_ORDER", "SCHEDULE", "apply"]
