"""`trinite`: the day — the day powers (RAVAGE, MURS, PACTE, EXCUSE), the count (CHARGE, EXÉCUTION,
CHAUDRON, OUIJA), the mayor's election, the pyre, and the mayor's swap of one style between two groups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...model import Action, Decree, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from ..trinite_core import elect_mayor, pyre_target
from .deaths import _Moment, check_winner, destroy, finish, groups_view, resolution, succession, threaten
from .objects import LOUPS, STYLES, read_group, read_style, style
from .powers import MURS, RAVAGE, group_count, group_number, groups_of, has_power, object_of, validate

TODAY = "jour"  # state.memory["jour"]: what the night decided for the coming day (its phase, then each power)


def today(state: GameState) -> dict[str, object]:
    """What the last dawn left for this day: CHARGE, EXÉCUTION, CHAUDRON, OUIJA (empty on another day)."""
    left = state.memory.get(TODAY)
    return left if isinstance(left, dict) and left.get("phase") == state.phase else {}


def voters(state: GameState) -> list[str]:
    """Who votes today: the living, and the dead OUIJA lets vote ("Ce joueur pourra voter lors de la
    prochaine journée"), in the players' order."""
    allowed = set(today(state).get("ouija", ()))  # type: ignore[call-overload]
    return [p.name for p in state.players if p.alive or p.name in allowed]


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count as the rules make it, shared by the live count and the deadline: CHARGE's voice
    counts double and the votes against the charger are doubled; the votes against EXÉCUTION's target are
    doubled; CHAUDRON's target starts with a vote; the dead voter of OUIJA votes (RULINGS V1–V4)."""
    left = today(state)
    if not left:  # most days: the living vote, one voice each
        order = [p.name for p in state.players if p.alive]
        alive = set(order)
        plain = {v: t for v, t in votes.items() if v in alive and t in alive}
        return tally(plain, order), plain
    may_vote = voters(state)
    living = {p.name for p in state.players if p.alive}
    allowed = set(may_vote)
    standing = {v: t for v, t in votes.items() if v in allowed and t in living}
    chargers = [c for c in left.get("charge", ()) if c in living]  # type: ignore[attr-defined]
    weights = {c: 2 for c in chargers}
    factor: dict[str, list[str]] = {}
    for charger in chargers:
        factor.setdefault(charger, []).append("charge")
    execution = left.get("execution")
    if (
        isinstance(execution, dict)
        and execution["target"] in living
        and has_power(state, execution["by"], "dague.execution")
    ):
        factor.setdefault(execution["target"], []).append("execution")
    base: dict[str, int] = {}
    for voter, target in standing.items():
        base[target] = base.get(target, 0) + weights.get(voter, 1)
    modifiers = []
    for target in left.get("chaudron", ()):  # type: ignore[attr-defined]
        if target in living:
            modifiers.append(Modifier(target, 1, "chaudron"))
            base[target] = base.get(target, 0) + 1
    for target, reasons in factor.items():
        extra = base.get(target, 0) * (2 ** len(reasons) - 1)
        if extra:
            modifiers.append(Modifier(target, extra, "+".join(reasons)))
    return tally(standing, may_vote, weights or None, modifiers), standing


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """The day powers used by MP, J0's election or the pyre, then the mayor's swap and the night's start."""
    r, m = resolution(state, answers or {}, decrees)
    s = r.state
    excuses = _day_powers(m, actions)
    result, _ = day_tally(s, votes)
    added: dict[str, int] = {}
    reasons: dict[str, str] = {}
    for row in result.counts:  # a player may have several (CHAUDRON's vote and a doubling): all of them told
        for mod in row.modifiers:
            added[mod.target] = added.get(mod.target, 0) + mod.amount
            reasons[mod.target] = f"{reasons[mod.target]}+{mod.reason}" if mod.target in reasons else mod.reason
    r.emit(
        "vote_result",
        counts={row.target: row.votes for row in result.counts},
        voters={row.target: list(row.voters) for row in result.counts},
        not_voted=list(result.not_voted),
        added=added,
        reasons=reasons,
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        elect_mayor(r, leaders)
    else:
        _pyre(m, leaders)
        succession(r)
    s.memory.pop(TODAY, None)
    if check_winner(s) is None:  # the winner before the evening's announcements
        if s.phase != "J0":
            _announcement(r)
        r.emit("night_start", groups=groups_view(s))  # "5] Puis c'est le début de la nuit."
        _excuse(r, excuses)
    return finish(r)


def _pyre(m: _Moment, leaders: list[str]) -> None:
    r, s = m.r, m.r.state
    name = pyre_target(r, leaders)  # the mayor's word on a tie
    if name is None:
        return
    execution = today(s).get("execution")
    threaten(m, name, "bucher", None)
    if not s.player(name).alive:
        r.emit("pyre", player=name, object=s.player(name).role)  # "qui brûle et quel était son objet"
        # "Si c'est cette personne qui meure au bûcher, alors votre dague est détruite."
        if (
            isinstance(execution, dict)
            and execution["target"] == name
            and has_power(s, execution["by"], "dague.execution")
        ):
            destroy(m, execution["by"])


# -- the day powers ---------------------------------------------------------------------------------------------
def day_powers(state: GameState, actions: Sequence[Action]) -> Outcome:
    """The day powers read so far, applied as soon as each is read (for the live daemon: RAVAGE's hache and
    MURS's bouclier spent at once, their bold announcement told at once, PACTE's count sent at once), each
    validated against the state the earlier ones left. ``close_day`` applies the same actions the same way
    at the deadline; EXCUSE's chat opens with the night (``close_day``)."""
    r, m = resolution(state, {}, ())
    note_excuses(r.state, _day_powers(m, actions))  # told at dusk, shown to the MJ now
    return r.outcome()


def _day_powers(m: _Moment, actions: Sequence[Action]) -> list[Action]:
    """RAVAGE, MURS, PACTE at once, in the order read (their announcement goes with the evening post);
    EXCUSE's chat opens with the night, the player's last EXCUSE counting (RULINGS P2)."""
    r, s = m.r, m.r.state
    coming = next_phase(s.phase)
    excuses: dict[str, Action] = {}
    for action in actions:
        refusal = validate(s, action)  # against the state the earlier ones left (a spent object is gone)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        user = action.player
        r.tell(user, "action_received", power=action.power, targets=list(action.targets))
        if action.power == "hache.ravage":
            destroy(m, user)  # "Détruisez votre hache."
            s.memory[RAVAGE] = coming
            r.emit("ravage_announced", player=user)
        elif action.power == "bouclier.murs":
            s.memory[MURS] = coming
            destroy(m, user)  # "puis le bouclier se détruit"
            r.emit("group_only_announced")
        elif action.power == "sceptre.pacte":
            if s.player(user).camp == LOUPS:
                s.memory[MURS] = coming
                r.emit("group_only_announced")  # the same as MURS: a public event never tells a wolf
            else:
                dead = sum(1 for p in s.players if p.camp == LOUPS and not p.alive)
                r.tell(user, "pacte", count=dead)
            destroy(m, user)
        elif action.power == "paquet.excuse":  # a later EXCUSE of the same player replaces the earlier one
            excuses.pop(user, None)
            excuses[user] = action
    return list(excuses.values())


def _excuse(r: Resolution, excuses: Sequence[Action]) -> None:
    """ "Durant le prochain crépuscule, vous pourrez parler en privé entre vous." """
    for chat in note_excuses(r.state, excuses):
        for member in chat["players"]:
            r.tell(member, "excuse", players=chat["players"], by=chat["by"])


def note_excuses(s: GameState, excuses: Sequence[Action]) -> list[dict[str, Any]]:
    """The coming night's EXCUSE chats (the user and his living targets), noted in ``s``'s memory: by
    ``close_day``, and by ``day_powers`` as soon as the MP is read, so the MJ's page shows them then."""
    chats: list[dict[str, Any]] = []
    for action in excuses:
        members = [action.player, *[t for t in action.targets if s.player(t).alive]]
        if not s.player(action.player).alive or len(members) < 2:
            continue
        chats.append({"by": action.player, "players": members})
    if chats:
        s.memory["excuse"] = {"night": next_phase(s.phase), "chats": chats}
    return chats


# -- the mayor's swap ---------------------------------------------------------------------------------------------
def _announcement(r: Resolution) -> None:
    """ "Chaque fin de journée après le bûcher, le maire peut s'il veut annoncer deux groupes différents et
    un nom de style. Le MJ échange entre les deux groupes les joueurs du style choisi." """
    s = r.state
    if not s.mayor or not s.player(s.mayor).alive:
        return
    count = group_count(s)
    options = [f"groupe {n}" for n in range(1, count + 1)] + list(STYLES)
    answer = r.ask("annonce_maire", s.mayor, "Maire : échanges-tu les joueurs d'un style entre deux groupes ?", options)
    parts = [p.strip() for p in answer.split(",") if p.strip() and p.strip() != NOBODY]
    numbers = [n for p in parts if p.startswith("groupe") and (n := read_group(p)) is not None]
    styles = [found for p in parts if not p.startswith("groupe") and (found := read_style(p)) is not None]
    if not parts:
        return
    if len(numbers) != 2 or numbers[0] == numbers[1] or len(styles) != 1:
        r.emit("swap_impossible", groups=numbers, style=styles[0] if styles else None)
        return
    grouped = groups_of(s)
    first, second = grouped[numbers[0] - 1], grouped[numbers[1] - 1]
    one_ = next(n for n in first if style(s.player(n).role) == styles[0])
    two = next(n for n in second if style(s.player(n).role) == styles[0])
    first[first.index(one_)], second[second.index(two)] = two, one_
    s.memory["groups"] = tuple(name for group in grouped for name in group)
    r.emit("groups_swapped", players=[one_, two], groups=numbers, style=styles[0])


__all__ = ["close_day", "day_powers", "day_tally", "group_number", "object_of", "today", "voters"]
