"""`baguette`: the day's deadline — absences noted, the Magicien's election (J0, second round on J1), the
pyre by MP votes (blank majority, the Magicien's say on a tie, immunity), the base's own day, then the wand
passed to the successor « au moment du bûcher »."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...model import Action, Decree, Event, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ...rulesets.checks import DEAD_CANNOT_ACT, NOT_PLAYING
from .common import (
    ABSENCE,
    BLANK,
    QUESTIONS,
    VOTE_POWERS,
    Ctx,
    active_power,
    bag,
    bag_for_change,
    give_wand,
    holder,
    own_state,
    public_deaths,
    receivers,
    resume,
    unused_answers,
)
from .hunter import question_id, shoot
from .validation import validate
from .votes import mp_votes, ranked, standing_votes

# Base events the module tells itself (its count, its no-pyre): left out of the base's outcome.
_BASE_REPLACED = frozenset({"vote_result", "no_mayor"})


def split(actions: Sequence[Action]) -> tuple[list[Action], list[Action], set[str]]:
    """The module's actions, the others, and the powers of the module's."""
    own: list[Action] = []
    others: list[Action] = []
    powers: set[str] = set()
    for action in actions:  # one pass (a day's actions are every living player's vote)
        power = action.power
        if power.startswith("baguette."):
            own.append(action)
            powers.add(power)
        else:
            others.append(action)
    return own, others, powers


def base_answers(answers: Mapping[str, str]) -> dict[str, str]:
    """The answers meant for the base (the module's own questions left out, or the base calls them unused)."""
    return {q: a for q, a in answers.items() if [*q.split(":"), "", ""][1] not in QUESTIONS}


def decrees_for_base(r: Resolution, ctx: Ctx, decrees: Sequence[Decree]) -> tuple[list[Decree], set[str]]:
    """The MJ's decrees: foudroiement (a kill with its public reveal), the wand given, a protection (nights);
    the rest go to the base. Returns the base's decrees and the players protected tonight."""
    kept: list[Decree] = []
    protected: set[str] = set()
    for decree in decrees:
        if decree.kind == "foudroiement" and decree.player:
            player = r.state.player(decree.player)
            reveal: dict[str, Any] = (
                {"role": player.role}
                if ctx.base.is_wolf(player) or player.camp == "loups"
                else {"alignement": "gentil"}
            )
            r.emit("foudroiement", player=decree.player, **reveal)
            kept.append(Decree("kill", decree.player, "foudroiement"))
        elif decree.kind == "protect" and decree.player:
            protected.add(decree.player)
        elif decree.kind == "wand":
            give_wand(r, decree.player, "mj")
        elif decree.kind == "mayor":
            r.tell_mj("decree_refused", kind="mayor", reason="Pas de maire avec la Baguette magique.")
        else:
            kept.append(decree)
    return kept, protected


def note_absences(r: Resolution, actions: Sequence[Action]) -> None:
    """« Une absence justifiée permet un non-vote »: the day phases an absence covers; a vague one is asked."""
    number = int(r.state.phase[1:])
    for action in actions:
        if action.power != ABSENCE:
            continue
        phases = list(action.targets)
        if not phases:
            options = [f"J{n}" for n in range(number, number + 4)]
            answer = r.ask(
                "absence",
                "MJ",
                f"Absence de {action.player} sans dates claires : quels jours couvre-t-elle ?",
                options,
                about=action.player,
            )
            phases = [] if answer == NOBODY else [p.strip() for p in answer.split(",")]
        else:
            r.skip(
                "absence",
                action.player,
                f"L'absence de {action.player} donne ses jours ({', '.join(phases)}) : la question n'a pas été posée.",
            )
        if phases:
            memory = bag_for_change(r.state)
            # New dict and list (the old ones may be shared: ``common.KEY``), where ``setdefault`` put them.
            absences = memory["absences"] = dict(memory.get("absences", {}))
            known = absences[action.player] = list(absences.get(action.player, []))
            known.extend(p for p in phases if p not in known)
            r.tell_mj("absence_noted", player=action.player, phases=phases)


def _valid(r: Resolution, ctx: Ctx, actions: Sequence[Action]) -> list[Action]:
    kept = []
    alive: dict[str, bool] = {}  # each name's player (the first so called, as ``state.player``): alive?
    for player in reversed(r.state.players):
        alive[player.name] = player.alive
    ballots = _J0_BALLOTS if r.state.phase == "J0" else VOTE_POWERS  # see _vote_refusal
    for action in actions:
        if action.power not in ballots:
            why = validate(ctx, r.state, action)
        elif (
            alive.get(action.player)
            and (not action.targets or alive.get(action.targets[0]))
            and len(action.targets) < 2
        ):
            why = None  # the common vote: a living player's on a living one (``_vote_refusal``'s None, quicker)
        else:
            why = _vote_refusal(alive, action)
        if why:
            r.tell(action.player, "action_refused", power=action.power, reason=why)
        else:
            kept.append(action)
    return kept


_J0_BALLOTS = VOTE_POWERS | {"baguette.election"}  # J0's ballots: the election's besides the votes (``_valid``)


def _ballots_only(r: Resolution, actions: Sequence[Action]) -> tuple[list[Action], dict[str, str]] | None:
    """A day whose actions are all vote MPs (``baguette.vote``, ``blanc``; J0's ``election``): most days. What
    ``split``, ``_anticipated``, ``_valid`` and ``mp_votes`` make of them, in one pass — the valid ones (the others
    refused, in the same order, with the same words) and the standing votes; None for another day (the caller
    reads it step by step)."""
    s = r.state
    election = s.phase == "J0"
    ballots = _J0_BALLOTS if election else VOTE_POWERS
    for action in actions:
        if action.power not in ballots:
            return None
    memory = bag(s)
    if "anticipees" in memory and not memory["anticipees"]:  # (``_anticipated`` on a day of votes only)
        del bag_for_change(s)["anticipees"]
    alive: dict[str, bool] = {}  # each name's player (the first so called, as ``state.player``): alive?
    for record in reversed(s.players):
        alive[record.name] = record.alive
    kept: list[Action] = []
    votes: dict[str, str] = {}
    for action in actions:
        player, targets = action.player, action.targets
        if not (alive.get(player) and (not targets or alive.get(targets[0])) and len(targets) < 2):
            why = _vote_refusal(alive, action)  # (the common vote, a living player's on a living one, is valid)
            if why:
                r.tell(player, "action_refused", power=action.power, reason=why)
                continue
        kept.append(action)
        # ``mp_votes``' reading: the last MP of each player stands; a blank is a pyre's vote, J0's ballots the
        # election's (``vote`` or ``election``: no second round is running on J0).
        if action.power == "baguette.blanc":
            if not election:
                votes[player] = BLANK
        elif targets:
            votes[player] = targets[0]
    return kept, votes


def _vote_refusal(alive: Mapping[str, bool], action: Action) -> str | None:
    """``validate``'s answer to a day's vote MP (``baguette.vote`` or ``baguette.blanc``, and J0's
    ``baguette.election``, which ``validate`` checks no further on J0), from the players' names and lives read
    once for the whole day (the same checks, in the same order, the same words)."""
    if action.player not in alive:
        return NOT_PLAYING
    if not alive[action.player]:
        return DEAD_CANNOT_ACT
    for target in action.targets:
        if target not in alive:
            return f"{target} ne joue pas dans cette partie."
        if not alive[target]:
            return f"{target} est mort·e."
    return None


# The Magicien's night choices: sent by day, they are kept for the coming night (the wand may pass first).
_NIGHT_CHOICES = frozenset(
    f"baguette.{p}" for p in ("double_voix", "immunite", "protection", "copie", "suspicion", "piege", "successeur")
) | {"baguette.chaperon", "baguette.recrutement"}


def _anticipated(
    r: Resolution, ctx: Ctx, own: list[Action], base_actions: Sequence[Action], powers: set[str]
) -> tuple[list[Action], list[Action]]:
    """« Il est possible d'anticiper en cas d'absence »: night orders sent by day — the Magicien's choices,
    and the base's night powers it refuses now only because it is day — are kept for the coming night
    (``resolve_night`` reads them first, a night MP for the same power replaces them). The rest is returned.
    ``powers``: the powers of ``own``."""
    s = r.state
    if not base_actions and _NIGHT_CHOICES.isdisjoint(powers):  # most days: votes only
        if "anticipees" in bag(s) and not bag(s)["anticipees"]:
            del bag_for_change(s)["anticipees"]
        return own, []
    night = next_phase(s.phase)
    memory = bag_for_change(s)
    kept = memory["anticipees"] = list(memory.get("anticipees", []))  # (a new list: the old one may be shared)
    now_own: list[Action] = []
    now_base: list[Action] = []
    for action in [*own, *base_actions]:
        if action.power in _NIGHT_CHOICES:
            later = True
        elif action.power.startswith("baguette.") or action.power == "loups.devorer":
            later = False  # the wolves' victim is the den's, never an MP
        else:
            later = ctx.base.validate(s, action) is not None and _valid_at(ctx, s, action, night)
        if not later:
            (now_own if action.power.startswith("baguette.") else now_base).append(action)
            continue
        kept.append(
            {"player": action.player, "power": action.power, "targets": list(action.targets), "source": action.source}
        )
        r.tell(action.player, "action_kept", power=action.power, targets=list(action.targets), night=night)
    if not kept:
        del memory["anticipees"]
    return now_own, now_base


def _valid_at(ctx: Ctx, state: GameState, action: Action, phase: str) -> bool:
    """Whether the base takes ``action`` at ``phase`` (``state``, the resolution's own, is set back after)."""
    now, state.phase = state.phase, phase
    try:
        return ctx.base.validate(state, action) is None
    finally:
        state.phase = now


def _elect(
    r: Resolution, votes: Mapping[str, str], candidates: list[str] | None, voters: list[str] | None = None
) -> None:
    """J0's election, or J1's second round among ``candidates``; a second tie (or no vote) is drawn.
    ``voters``: who was alive at the deadline (the second round closes « en parallèle du bûcher »: a player
    burnt at that pyre had voted alive)."""
    s = r.state
    living = voters if voters is not None else s.living()
    # J0: every living player (none to look up); J1's second round: the candidates still alive.
    pool = living if candidates is None and voters is None else [c for c in candidates or living if s.player(c).alive]
    may_vote, eligible = set(living), set(pool)
    standing = {v: t for v, t in votes.items() if v in may_vote and t in eligible}
    order, totals, _, _ = ranked(standing, living, {})  # (the count read once: no row records)
    counts = {target: totals[target] for target in order}
    top = totals[order[0]] if order else 0  # (one vote each: a target counted has one at least)
    leaders = [target for target in order if totals[target] == top]
    round_ = 1 if candidates is None else 2
    memory = bag_for_change(s)
    memory.pop("second_tour", None)
    if len(leaders) == 1:
        r.emit("magicien_elected", player=leaders[0], round=round_, counts=counts)
        give_wand(r, leaders[0], "election")
    elif round_ == 1 and len(leaders) > 1:
        memory["second_tour"] = leaders
        r.emit("magicien_tie", candidates=leaders, counts=counts)
    elif pool:
        among = leaders or pool
        drawn = s.rng("election_magicien").choice(among)
        r.emit("magicien_drawn", player=drawn, candidates=among, counts=counts)
        give_wand(r, drawn, "tirage")


def _pyre_choice(r: Resolution, ctx: Ctx, votes: Mapping[str, str], doomed: set[str]) -> str | None:
    """Who burns by the MP votes, or None (cancelled, pending the Magicien's choice, immune). ``doomed``: the
    players the MJ's decrees kill at this deadline (a foudroiement): counted as dead already."""
    s = r.state
    if doomed:
        s = s.copy()
        for name in doomed:
            s.player(name).alive = False
    living, standing, weights, self_votes, away = standing_votes(ctx, s, votes)
    order, totals, voters, not_voted = ranked(standing, living, weights)
    blank = totals.get(BLANK, 0)  # the blank row (one at most: a row per target) apart
    counts: dict[str, int] = {}  # the rows against players, in the count's order (the event's two tables)
    against: dict[str, list[str]] = {}
    leaders: list[str] = []  # the first rows', with the most votes against a player (when he has any)
    top = 0
    for target in order:
        if target == BLANK:
            continue
        got = totals[target]
        if not counts:
            top = got
        if got == top and top > 0:
            leaders.append(target)
        counts[target] = got
        against[target] = voters[target]
    r.emit(
        "vote_result",
        counts=counts,
        voters=against,
        blank=blank,
        self_votes=self_votes,
        absent=away,
        not_voted=not_voted,
        weights=weights,
    )
    if blank and (blank > top or (blank == top and ctx.option(s, "baguette.blanc_egalite") == "annule")):
        r.emit("no_pyre", reason="blanc")
        return None
    if not leaders:
        r.emit("no_pyre", reason="no_votes")
        return None
    victim: str | None = leaders[0]
    if len(leaders) > 1:
        magicien = holder(s)
        own = standing.get(magicien) if magicien else None
        if magicien and own in leaders:
            r.emit("tie", candidates=leaders, resolved_by="magicien", choice=own)
            victim = own
        elif magicien:
            chosen = active_power(s)
            immune_one = chosen["targets"][0] if chosen["power"] == "immunite" and chosen["targets"] else None
            bag_for_change(r.state)["egalite_en_attente"] = {
                "candidates": leaders,
                "magicien": magicien,
                "day": s.phase,
                "immune": immune_one,  # « le bûcher du jour »: its immunity holds for the choice made at night
            }
            r.emit("tie", candidates=leaders, resolved_by=None, choice=None)
            r.emit("pyre_pending", candidates=leaders, magicien=magicien)
            return None
        elif ctx.option(s, "baguette.egalite_sans_magicien") == "tirage":
            victim = s.rng("egalite_bucher").choice(leaders)
            r.emit("tie", candidates=leaders, resolved_by="tirage", choice=victim)
        else:
            r.emit("tie", candidates=leaders, resolved_by=None, choice=None)
            r.emit("no_pyre", reason="tie")
            return None
    if victim is not None and immune(s, victim):
        r.emit("pyre_immune", player=victim)
        r.emit("no_pyre", reason="immune")
        return None
    return victim


def immune(state: GameState, name: str) -> bool:
    chosen = active_power(state)
    return bool(chosen["power"] == "immunite" and chosen["targets"][:1] == [name])


def forged_votes(ctx: Ctx, state: GameState, victim: str) -> dict[str, str]:
    """One vote the base counts for ``victim`` alone: the base then burns him with its own exceptions (the
    Idiot pardoned, the Ange-Gardien, the Ancien's last word…). For a base without ``close_decided_day``
    (classique has it: its day is closed on the module's count, not counted again)."""
    for voter in state.living():
        votes = {voter: victim}
        if ctx.base.day_tally is None or ctx.base.day_tally(state, votes)[0].leaders == (victim,):
            return votes
    return {}


def handover(r: Resolution, at_pyre: bool) -> None:
    """The wand's move: a dead holder's to his testament's first name (else his successors, else drawn); at
    the pyre, the living holder's to his successor (the first of his 3 names who may receive it, else drawn)."""
    s = r.state
    memory = bag(s)
    current = memory.get("magicien")
    if current is None:
        return
    dead = not s.player(current).alive
    if not dead and not at_pyre:
        return
    names = list(memory.get("successeurs") or [])
    how = "successeur"
    if dead and memory.get("testament"):
        names = list(memory["testament"]) + names
        how = "testament"
    pool = receivers(s, current)  # who may receive it (closes the round when it is done)
    chosen = None  # the first name who may receive it (a loop: no generator made at each pyre)
    for name in names:
        if name in pool:
            chosen = name
            break
    if names:
        r.tell_mj("successor_chosen", holder=current, names=names, chosen=chosen)
    if chosen is None:
        if not pool:
            if dead:
                give_wand(r, None, "personne")
            return
        chosen = s.rng("baguette_tirage").choice(pool)
        how = "tirage"
    give_wand(r, chosen, how)


def close_day(
    ctx: Ctx,
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    answers = dict(answers or {})
    owned = ctx.base.close_decided_day_owned is not None  # the base closes the day on our copy: the one copy
    r = resume(own_state(ctx, state, owned), answers)  # else the base copies it: still one full copy
    s = r.state
    day = s.phase
    ballots = _ballots_only(r, actions)  # most days: vote MPs only, read in one pass
    if ballots is not None:
        own, sent = ballots
        base_actions: list[Action] = []
        base_decrees = decrees_for_base(r, ctx, decrees)[0] if decrees else []  # (most days: none)
    else:  # the powers sent (those read below only the valid)
        own, base_actions, powers = split(actions)
        own, base_actions = _anticipated(r, ctx, own, base_actions, powers)
        own = _valid(r, ctx, own)
        base_decrees = decrees_for_base(r, ctx, decrees)[0] if decrees else []  # (most days: none)
        if ABSENCE in powers:
            note_absences(r, own)
        if "baguette.testament" in powers:
            for action in own:
                if action.power == "baguette.testament":
                    bag_for_change(s)["testament"] = list(action.targets)
                    r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
        sent = mp_votes(ctx, s, own)
    all_votes = {**votes, **sent}
    # (most days have no decree: no set comprehension made for none)
    struck = {d.player for d in base_decrees if d.kind == "kill"} if base_decrees else set()
    # Who was alive at the deadline: the voters of J1's second round (``_after_pyre``), the one day it is read.
    voters = [name for name in s.living() if name not in struck] if day != "J0" and bag(s).get("second_tour") else []
    victim: str | None = None
    if day == "J0":
        _elect(r, all_votes, None)
        forbidden = ctx.option(s, "baguette.pouvoir_interdit_lg")
        for wolf in (p.name for p in s.players if p.alive and ctx.base.is_wolf(p)):
            r.tell(wolf, "forbidden_power", power=forbidden)  # « Seuls les LG en auront la connaissance »
    else:
        doomed = {d.player for d in base_decrees if d.kind == "kill" and d.player} if base_decrees else set()
        victim = _pyre_choice(r, ctx, all_votes, doomed)
        if "sans_vote" in bag(s):
            del bag_for_change(s)["sans_vote"]  # « au prochain bûcher »: this one
    to_base = {q: a for q, a in base_answers(answers).items() if q != question_id(s, day)} if answers else {}
    # Told last; read here, on the state as it was before the base's day (most days: no answer, none).
    unused = unused_answers(day, answers, r) if answers else []
    if ctx.base.close_decided_day_owned is not None:  # as below, on ``s`` itself (``r.state``): not read after
        outcome = ctx.base.close_decided_day_owned(s, all_votes, victim, to_base, base_decrees, base_actions)
        events = [*r.events, *outcome.events]
    elif ctx.base.close_decided_day is not None:  # the count above is the day's: the base burns its victim
        outcome = ctx.base.close_decided_day(s, all_votes, victim, to_base, base_decrees, base_actions)
        events = [*r.events, *outcome.events]  # no count of the base's: nothing of it to leave out
    else:
        base_votes = forged_votes(ctx, s, victim) if victim is not None else {}
        outcome = ctx.base.close_day(s, base_votes, to_base, base_decrees, base_actions)
        events = [*r.events, *(e for e in outcome.events if not _replaced(e))]
    questions = [*r.questions, *outcome.questions]
    after = outcome.state
    if after.winner is None:  # « chasseur => Magicien chasseur »: burnt while his copy holds, he shoots
        moved_on, after.phase = after.phase, day
        after, shot, asked = shoot(ctx, after, outcome.events, answers)
        events += shot
        questions += asked
        if after.winner is None:
            after.phase = moved_on
    if after.winner is None:
        # ``r`` goes on over the base's new state (its events and questions so far are taken above): no new one.
        r.state, r.events, r.questions = after, [], []
        _after_pyre(r, day, own, voters)
        events += r.events
        questions += r.questions
        after = r.state
    events += unused
    foudroiements = any(d.kind == "foudroiement" for d in decrees) if decrees else False
    return Outcome(after, public_deaths(after, events, foudroiements), questions)


def _replaced(event: Event) -> bool:
    return event.type in _BASE_REPLACED or (event.type == "no_pyre" and event.data.get("reason") == "no_votes")


def _after_pyre(r: Resolution, day: str, own: Sequence[Action], voters: list[str]) -> None:
    """After the base's pyre (``r.state``: the base's new state, already at the next night): J1's second round,
    then the wand."""
    night = r.state.phase
    r.state.phase = day
    memory = bag(r.state)
    candidates = memory.get("second_tour")
    if candidates and day != "J0":
        ballots = {a.player: a.targets[0] for a in own if a.power == "baguette.election" and a.targets}
        _elect(r, ballots, list(candidates), voters)
    elif day != "J0":
        handover(r, at_pyre=True)
    r.state.phase = night if night != day else next_phase(day)
