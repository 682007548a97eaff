"""`double-roles`: the day (votes, the mayor), the chains of a death (a lover's grief, the Chasseur's
shot, the Croque-Mort's knowledge), the night's entry point and the end of each phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import items
from ...model import Action, Decree, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from .common import copies, is_wolf, resolution, salbatarised
from .night import resolve_night_with
from .roles import roles_of
from .validation import POWERS
from .winning import check_winner


# -- deaths and what they bring ------------------------------------------------------------------------
def _grief(r: Resolution, name: str, cause: str) -> None:
    """A lover dies with the one he loves, at the announcement of that death."""
    for other in r.state.player(name).markers.get("amours", []):
        if r.state.player(other).alive:
            r.mark(other, "chagrin")


def _hunter(r: Resolution, name: str, cause: str) -> None:
    """ "s'il meurt, il peut [...] buter quelqu'un de son choix" — once per copy; not when salbatarised."""
    hunter = r.state.player(name)
    shots = copies(hunter, "chasseur")
    if not shots or salbatarised(r.state, hunter):
        return
    living = [p for p in r.state.living()]
    many = "une ou deux personnes (séparées par une virgule)" if shots > 1 else "quelqu'un"
    answer = r.ask("chasseur", name, f"Tu meurs : tu peux abattre {many}. Qui ?", living, about=name)
    if answer == NOBODY:
        return
    targets = [t.strip() for t in answer.split(",") if t.strip()][:shots]
    for target in targets:
        r.emit("hunter_shot", player=name, target=target)
        r.mark(target, "chasseur")


HOOKS = (_grief, _hunter)


def _start(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    return resolution(state, answers, decrees, check_winner, HOOKS)


def _undertakers(r: Resolution, since: int) -> None:
    """The Croque-Mort learns the roles of the dead "lors du début du jour et du début de la nuit"."""
    dead = [e.data["player"] for e in r.events[since:] if e.type == "death"]
    if not dead:
        return
    seen = [{"player": n, "roles": roles_of(r.state.player(n).role)} for n in dead]
    for player in r.state.players:
        if player.alive and copies(player, "croque_mort") and not salbatarised(r.state, player):
            r.tell(player.name, "dead_roles", dead=seen)


def _finish(r: Resolution, since: int = 0) -> Outcome:
    r.settle()
    if not r.state.winner:
        winner = check_winner(r.state)
        if winner:
            r.state.winner = winner
            r.emit("game_over", winner=winner)
    if not r.state.winner:
        _undertakers(r, since)
        r.state.phase = next_phase(r.state.phase)
    return r.outcome()


# -- the day -------------------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
    if voter == target:
        return "Tu dois voter contre quelqu'un d'autre que toi-même."
    return None


def _weights(state: GameState) -> dict[str, int]:
    """The Meneur's +1 per copy, unless salbatarised. (The mayor's double vote is secret: close_day only.)"""
    return {
        p.name: 1 + copies(p, "meneur")
        for p in state.players
        if p.alive and copies(p, "meneur") and not salbatarised(state, p)
    }


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The living vote against another living player; the Meneur weighs more; the Corbeaux' votes are
    added (from J1). J0 elects the mayor: one vote each."""
    living = state.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living and v != t}
    if state.phase == "J0":
        return tally(standing, living), standing
    crows = state.memory.get("corbeau", {})
    modifiers = [Modifier(t, n, "corbeau") for t, n in sorted(crows.items()) if t in living]
    return tally(standing, living, _weights(state) or None, modifiers), standing


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor (a tie: drawn, RULINGS R7); every other day sends the most voted to the pyre;
    on a tie the mayor's ballot counts double, secretly; still tied, nobody burns (RULINGS R8)."""
    r = _start(state, answers or {}, decrees)
    s = r.state
    if s.winner:
        return r.outcome()
    since = len(r.events)
    result, standing = day_tally(s, votes)
    s.memory.pop("corbeau", None)
    r.tell_mj(  # "Les résultats exacts du décompte des voix [...] ne sont pas publics"
        "vote_result",
        counts=result.as_dict(),
        voters={row.target: list(row.voters) for row in result.counts},
        modifiers={row.target: [m.reason for m in row.modifiers] for row in result.counts if row.modifiers},
        not_voted=list(result.not_voted),
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        if leaders:
            mayor = leaders[0] if len(leaders) == 1 else s.rng("maire").choice(sorted(leaders))
            s.mayor = mayor
            r.emit("mayor_elected", player=mayor, drawn=len(leaders) > 1)
        else:
            r.emit("no_mayor")
        return _finish(r, since)
    if len(leaders) > 1 and s.mayor and standing.get(s.mayor) in leaders:
        counts = result.as_dict()
        counts[standing[s.mayor]] += _weights(s).get(s.mayor, 1)
        top = max(counts.values())
        leaders = [t for t in leaders if counts[t] == top]
        r.tell_mj("mayor_tiebreak", mayor=s.mayor, target=standing[s.mayor])
    if len(leaders) == 1:
        r.emit("pyre", player=leaders[0])
        r.mark(leaders[0], "bucher")
    else:
        r.emit("no_pyre", tie=len(leaders) > 1)
    return _finish(r, since)


# -- the night -----------------------------------------------------------------------------------------
def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    return resolve_night_with(state, actions, answers, decrees, _start, lambda r: _finish(r, 0))


# -- for the daemon and the MJ's page ------------------------------------------------------------------
def powers_of(state: GameState, name: str) -> list[str]:
    """The powers a player holds now: his roles' and his nature's (spent ones included)."""
    held = items.kinds_held(state, name)
    return [power for power, spec in POWERS.items() if spec.owner in held]


def night_actors(state: GameState) -> list[str]:
    """The living players with a night power tonight (not salbatarised: that is decided in the night)."""
    night = int(state.phase[1:]) if state.phase.startswith("N") else int(state.phase[1:]) + 1
    found = []
    for player in state.players:
        if not player.alive:
            continue
        usable = [
            p
            for p in powers_of(state, player.name)
            if not (p == "cupidon.amoureux" and (night > 2 or not player.markers.get("fleches")))
            and not (p == "loup_solitaire.devorer" and night % 2)
            and not (p == "sorcier.rituel" and not player.markers.get("rituels"))
            and not (p == "assassin.tuer" and not player.markers.get("meurtres"))
            and not (p == "necromancienne.ressusciter" and not player.markers.get("potions"))
        ]
        if usable:
            found.append(player.name)
    return found


def groups(state: GameState) -> dict[str, list[str]]:
    """Each living player's house and who owns it (no swaps yet): the MJ's page."""
    return {f"Maison de {p.name}": [p.name] for p in state.players if p.alive}


def card_extra(state: GameState, name: str) -> dict[str, object]:
    """The role card's own lines: the nature, both roles, an Assassin's six targets."""
    player = state.player(name)
    extra: dict[str, object] = {"nature": player.camp, "roles": roles_of(player.role)}
    if "cibles" in player.markers:
        extra["cibles"] = list(player.markers["cibles"])
    return extra


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """For the MJ's page: the secret order numbers, the assassins' targets, who is salbatarised."""
    order = sorted(state.memory.get("ordre", {}).items(), key=lambda kv: (kv[0].split(":")[1], kv[1]))
    notes = {
        "Ordre secret des rôles en double": [f"{key} : {n}" for key, n in order],
        "Cibles des Assassins": [
            f"{p.name} : {', '.join(p.markers['cibles'])}" for p in state.players if "cibles" in p.markers
        ],
        "Salbatarisés": [p.name for p in state.players if p.alive and salbatarised(state, p)],
    }
    return {heading: lines for heading, lines in notes.items() if lines}


__all__ = [
    "card_extra", "check_winner", "close_day", "day_tally", "groups", "is_wolf", "mj_notes", "night_actors",
    "powers_of", "resolve_night", "vote_refusal",
]  # fmt: skip
