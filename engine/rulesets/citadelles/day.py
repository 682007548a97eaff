"""`citadelles`: the days — the vote with its modifiers (the West's walls, POLITIQUE, SUPERVOIX,
DÉCADENCE, MUTISME), the North wall's one white pyre, the mayor's tie message, the MJ's early end — and
``close_day`` for every day phase, J0's three included."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...messages import Message
from ...model import Action, Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from ...tally import Tally, tally
from . import j0
from .common import certain_outcome, citadel_of, finish, number, resolution
from .night_channels import announce_channels
from .roles import FIGHTERS


def weights(state: GameState) -> dict[str, int]:
    """Each living voter's weight today. MUTISME: 0. DÉCADENCE: 1 (bonuses cancelled). Else ×2 for each of
    SUPERVOIX, the West's walls, POLITIQUE (they add up: "elle peut même valoir quadruple")."""
    mem = state.memory
    doubled = set(mem.get("voix_doubles", ()))
    politics = set(mem.get("politique", ()))
    muted = set(mem.get("mutisme", ()))
    decadent = set(mem.get("decadence", ()))
    found: dict[str, int] = {}
    for player in state.players:
        if not player.alive:
            continue
        name, citadel = player.name, player.markers.get("citadelle")
        if citadel in muted:
            found[name] = 0
            continue
        weight = 1
        if citadel not in decadent:
            loud = player.role in FIGHTERS and "supervoix" in player.markers.get("pouvoirs", ())
            for bonus in (loud, name in doubled, name in politics):
                weight *= 2 if bonus else 1
        found[name] = weight
    return found


NO_VOTE = ("J0-zenith", "J0-soir")  # J0's phases without a vote


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The count as the rules make it (J0-matin: the mayor's election, one vote each). J0's zenith and evening
    have no vote (``vote_refusal``): nobody is counted, so nobody is listed as not having voted."""
    if state.phase in NO_VOTE:
        return tally({}, []), {}
    living = state.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living}
    if state.phase.startswith("J0"):
        return tally(standing, living), standing
    return tally(standing, living, weights(state)), standing


def vote_refusal(state: GameState, voter: str, target: str) -> str | Message | None:
    if state.phase == "J0-zenith":
        return "Le maire est déjà élu : au zénith du jour 0, on ne vote plus (seulement les citadelles)."
    if state.phase == "J0-soir":
        return "Le soir du jour 0, personne ne poste ni ne vote."
    return None


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    answers = answers or {}
    if state.phase == "J0-matin":
        return j0.morning(state, votes, answers, decrees, actions)
    if state.phase == "J0-zenith":
        return j0.zenith(state, answers, decrees, actions)
    if state.phase == "J0-soir":
        return j0.evening(state, answers, decrees, actions)
    return _pyre_day(state, votes, answers, decrees)


def _pyre_day(
    state: GameState, votes: Mapping[str, str], answers: Mapping[str, str], decrees: Sequence[Decree]
) -> Outcome:
    r = resolution(state, answers, decrees)
    s = r.state
    living = s.living()
    weighed = weights(s)
    # ``day_tally`` of a day after J0, with the weights computed once for the count and the event.
    result = tally({v: t for v, t in votes.items() if v in living and t in living}, living, weighed)
    r.emit(
        "vote_result",
        counts=result.as_dict(),
        voters={row.target: list(row.voters) for row in result.counts},
        not_voted=list(result.not_voted),
        weights={n: w for n, w in weighed.items() if w != 1},
    )
    leaders = list(result.leaders)
    burned: str | None = None
    if len(leaders) == 1:
        burned = leaders[0]
    elif len(leaders) > 1:
        r.emit("tie", leaders=leaders)
        if s.mayor and s.player(s.mayor).alive:
            # "sauf le maire s'il doit trancher l'égalité du vote … n'a le droit qu'à un message"
            choice = r.ask("annonce_maire", s.mayor, "Égalité au vote : qui est brûlé ?", leaders, single=True)
            burned = None if choice == NOBODY else choice
            if burned:
                r.emit("mayor_tiebreak", player=burned, mayor=s.mayor)
        else:
            burned = s.rng("egalite").choice(leaders)
            r.emit("tie_drawn", player=burned)
    if burned is None:
        r.emit("no_pyre")
    else:
        _burn(r, burned)
    for key in ("voix_doubles", "politique", "mutisme", "decadence"):
        s.memory.pop(key, None)
    certain = certain_outcome(s)
    if certain:
        end = r.ask(
            "fin_anticipee", "MJ", f"Abréger la partie ? {certain[1]}", ["oui", "non"], default="non", single=True
        )
        if end == "oui":
            s.winner = certain[0]
            winners = [p.name for p in s.players if p.camp == certain[0]]
            r.emit("game_over", winner=certain[0], winners=winners, early=True)
            return r.outcome()
    following = f"N{number(s.phase) + 1}"
    announce_channels(r, following)
    return finish(r, following, check=False)


def _burn(r: Resolution, name: str) -> None:
    """ "S'ils devaient être brûlés pendant la prochaine journée, ils survivent, sauf si un joueur de cette
    citadelle a déjà permis un bûcher blanc de la sorte plus tôt dans la partie." """
    s = r.state
    shield = s.memory.get("bouclier_nord")
    if (
        citadel_of(s, name) == "nord"
        and shield is not None
        and shield["jour"] == number(s.phase)
        and not s.memory.get("bucher_blanc_nord")
    ):
        s.memory["bucher_blanc_nord"] = True
        r.emit("white_pyre", player=name, citadel="nord")
        return
    r.emit("pyre", player=name)
    r.mark(name, "bucher")
    r.settle()
