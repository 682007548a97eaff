"""`convivialite`: the day — the votes as the rules count them (suspicion, the exposed Idole, the
secret vote), the mayor's election, the suspect, the pyre."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from .common import day_number, idole_exposee, pact
from .deaths import _finish, _resolution
from .setup import _distribute
from .validation import latest_actions


# -- the day ----------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
    """ "Il ne peut jamais voter contre l'adulé de la partie" (the earlier vote then stands)."""
    try:
        if state.player(voter).markers.get("adule") == target:
            return f"{voter} voted against their adulé {target}: the Amoureux may never vote against them."
    except KeyError:
        return None
    return None


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor; J1 names the suspect; from J2 the pyre."""
    r = _resolution(state, answers or {}, decrees)
    s = r.state
    if s.phase == "J0":
        _distribute(r)
    living = s.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living}
    for voter, target in list(standing.items()):
        if vote_refusal(s, voter, target):  # the live counter does not know the rule (RULINGS R8)
            del standing[voter]
            r.tell_mj("vote_refused", player=voter, target=target)
    _secret_votes(r, latest_actions(s, actions, r), standing)
    weights = _weights(s)
    modifiers = _modifiers(s, standing, weights)
    result = tally(standing, living, weights, modifiers)
    r.emit(
        "vote_result",
        counts={row.target: row.votes for row in result.counts},
        voters={row.target: list(row.voters) for row in result.counts},
        modifiers={row.target: [m.reason for m in row.modifiers] for row in result.counts if row.modifiers},
        not_voted=list(result.not_voted),
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        _elect_mayor(r, leaders)
    elif s.phase == "J1":
        suspect = _tie_break(r, leaders, "suspicion")
        if suspect:
            s.memory["suspect"] = suspect
            r.emit("suspect", player=suspect)
        else:
            r.emit("no_suspect")
    else:
        burned = _tie_break(r, leaders, "bucher")
        if burned:
            _burn(r, burned)
    return _finish(r, morning=False)


def _secret_votes(r: Resolution, actions: Mapping[str, Action], standing: dict[str, str]) -> None:
    """The secret vote by MP replaces the public one; a matching pair hands it to the adulé tomorrow."""
    s = r.state
    bond = pact(s)
    for action in actions.values():
        if action.power != "loups.vote_secret":
            continue
        public = standing.get(action.player)
        standing[action.player] = action.targets[0]
        r.tell_mj("secret_vote", player=action.player, target=action.targets[0], public=public)
        if bond and action.player == bond["amoureux"] and public == action.targets[0]:
            s.memory["vote_secret_adule"] = day_number(s.phase) + 1
            r.tell(bond["adule"], "secret_vote_inherited", day=day_number(s.phase) + 1)


def _weights(state: GameState) -> dict[str, int]:
    """The Idole's double vote (the mayor's election included)."""
    return {p.name: 2 for p in state.players if p.alive and p.role == "idole"}


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The public count as the rules make it, for the live count: the Idole's double vote, the suspect's two
    extra votes on J2, the exposed Idole's doubled votes; a vote against the adulé does not stand. The
    wolf Amoureux's secret vote stays secret: only the evening post tells it."""
    living = state.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living and not vote_refusal(state, v, t)}
    weights = _weights(state)
    return tally(standing, living, weights, _modifiers(state, standing, weights)), standing


def _modifiers(state: GameState, standing: Mapping[str, str], weights: Mapping[str, int]) -> list[Modifier]:
    found: list[Modifier] = []
    suspect = state.memory.get("suspect")
    exposed = idole_exposee(state)
    if state.phase == "J2" and suspect and state.player(suspect).alive:
        found.append(Modifier(suspect, 4 if suspect == exposed else 2, "suspicion"))
    if exposed:
        against = sum(weights.get(v, 1) for v, t in standing.items() if t == exposed)
        if against:
            found.append(Modifier(exposed, against, "idole_exposee"))
    return found


def _elect_mayor(r: Resolution, leaders: list[str]) -> None:
    if len(leaders) > 1:
        chosen = r.ask("maire_egalite", "MJ", "Égalité pour l'élection du maire : qui est élu ?", leaders)
        leaders = [chosen] if chosen in leaders else []
    if leaders:
        r.state.mayor = leaders[0]
        r.emit("mayor_elected", player=leaders[0])
    else:
        r.emit("no_mayor")


def _tie_break(r: Resolution, leaders: list[str], kind: str) -> str | None:
    """ "il départage les éventuelles égalités lors des votes": the living mayor, or nobody."""
    if not leaders:
        r.emit("no_pyre" if kind == "bucher" else "no_votes", reason="no_votes")
        return None
    if len(leaders) == 1:
        return leaders[0]
    s = r.state
    mayor = s.mayor if s.mayor and s.player(s.mayor).alive else None
    chosen = NOBODY
    if mayor is not None:
        chosen = r.ask("maire_egalite", mayor, "Égalité : qui désignes-tu ?", leaders)
    r.emit(
        "tie", candidates=leaders, resolved_by="maire" if mayor else None, choice=None if chosen == NOBODY else chosen
    )
    if chosen == NOBODY:
        if kind == "bucher":
            r.emit("no_pyre", reason="tie")
        return None
    return chosen


def _burn(r: Resolution, name: str) -> None:
    victim = r.state.player(name)
    if victim.role == "chanceux" and victim.markers.get("bouclier"):
        victim.markers["bouclier"] = False  # "lors de son premier passage sur le bûcher"
        r.emit("pyre_shield", player=name)
        r.tell(name, "shield_lost", by="bucher")
        return
    r.emit("pyre", player=name, camp=victim.camp)
    r.mark(name, "bucher")
    r.settle()
