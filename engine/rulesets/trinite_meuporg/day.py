"""`trinite-meuporg`: the day — the mayor's election, the pyre, the mayor's announcements (group swap,
nuit événement), the potion de télépathie."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import items
from ...model import Action, Decree, FrozenMap, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from ..trinite_core import elect_mayor, pyre_target
from .dawn import _latest
from .deaths import _arc_volley, _finish, _groups_view, _Moment, _resolution, _succession, _threaten, check_winner
from .powers import EVENT, group_of, groups_of, validate
from .roles import ROLES, style


# -- the day ----------------------------------------------------------------------------------
def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count as the rules make it: the living vote, and each vote a dead player cast with the
    sceptre at dawn (told in the morning post) adds one. The live count shows the same."""
    voters = state.living()
    living = set(voters)
    sceptre = state.memory.get("votes_sceptre")
    modifiers = [Modifier(t, 1, "sceptre") for t in sceptre if t in living] if sceptre else []
    standing = {v: t for v, t in votes.items() if v in living and t in living}
    return tally(standing, voters, None, modifiers), standing


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor; every other day burns someone. Then the mayor's announcements."""
    r, m = _resolution(state, answers or {}, decrees)
    s = r.state
    # The day's actions: the potion de télépathie, drunk by day.
    drunk = [_telepathy_used(r, action) for action in _latest(r, actions).values()] if actions else []
    result, _ = day_tally(s, votes)
    modifiers = [m for row in result.counts for m in row.modifiers]
    s.memory.pop("votes_sceptre", None)
    r.emit(
        "vote_result",
        counts={row.target: row.votes for row in result.counts},
        voters={row.target: list(row.voters) for row in result.counts},
        not_voted=list(result.not_voted),
        added={mod.target: mod.amount for mod in modifiers},
    )
    leaders = list(result.leaders)
    if s.phase == "J0":  # no pyre, so no announcement: "Chaque fin de journée après le bûcher" (RULINGS D7)
        elect_mayor(r, leaders)
    else:
        _pyre(r, m, leaders)
        _succession(r)  # a mayor burnt names his successor, who may then make the announcements
    if check_winner(s) is None:
        event = _announcements(r) if s.phase != "J0" else False
        r.emit("night_start", groups=_groups_view(s), event=event)  # "5] Puis c'est le début de la nuit."
        _telepathy(r, drunk)  # "au tout début de cette étape": with the post that opens the night
    return _finish(r, m)


def _pyre(r: Resolution, m: _Moment, leaders: list[str]) -> None:
    s = r.state
    name = pyre_target(r, leaders)  # the mayor's word on a tie
    if name is None:
        return
    _threaten(m, name, "bucher", None)
    if not s.player(name).alive:
        r.emit("pyre", player=name, role=s.player(name).role)  # "indique qui brûle et quel était son rôle"
    _arc_volley(m)


def _announcements(r: Resolution) -> bool:
    """ "Le maire annonce alors s'il souhaite inverser deux joueurs (il indique deux groupes et un rôle)
    et/ou s'il souhaite que la prochaine nuit soit une nuit événement." Whether the coming night is the event one."""
    s = r.state
    if not s.mayor or not s.player(s.mayor).alive:
        return False
    count = len(groups_of(s))
    options = [f"groupe {n}" for n in range(1, count + 1)] + list(ROLES)
    if not s.memory.get("nuit_evenement_utilisee"):
        options.append(EVENT)
    answer = r.ask(
        "annonce_maire",
        s.mayor,
        "Maire : échanges-tu deux joueurs (deux groupes et un rôle) et/ou déclares-tu une nuit événement ?",
        options,
    )
    parts = [p.strip() for p in answer.split(",") if p.strip() and p.strip() != NOBODY]
    chosen_groups = [int(p.split()[1]) for p in parts if p.startswith("groupe ")]
    roles = [p for p in parts if p in ROLES]
    if chosen_groups or roles:
        _swap_groups(r, chosen_groups, roles)
    if EVENT in parts:
        s.memory["nuit_evenement_utilisee"] = True
        s.memory[EVENT] = next_phase(s.phase)
        r.emit("event_night", night=s.memory[EVENT])
    return EVENT in parts


def _swap_groups(r: Resolution, numbers: list[int], roles: list[str]) -> None:
    """The named role's player and the player of the same style in the other group change groups, if
    the two groups differ, the role is in one of them, and at least one of the two is alive."""
    s = r.state
    grouped = groups_of(s)
    if len(numbers) != 2 or len(set(numbers)) != 2 or len(roles) != 1:
        r.emit("swap_impossible", groups=numbers, role=roles[0] if roles else None)
        return
    first, second = grouped[numbers[0] - 1], grouped[numbers[1] - 1]
    named = next((p.name for p in s.players if p.role == roles[0]), None)
    if named is None or (named not in first and named not in second):
        r.emit("swap_impossible", groups=numbers, role=roles[0])
        return
    home, away = (first, second) if named in first else (second, first)
    other = next(n for n in away if style(s.player(n).role) == style(roles[0]))
    if not (s.player(named).alive or s.player(other).alive):
        r.emit("swap_impossible", groups=numbers, role=roles[0])
        return
    home[home.index(named)], away[away.index(other)] = other, named
    s.memory["groups"] = grouped
    friends = dict(s.memory["compagnons"])
    for group in (home, away):
        for member in group:
            friends[member] = tuple(sorted(set(friends[member]) | set(group)))
    s.memory["compagnons"] = FrozenMap(friends)
    r.emit("groups_swapped", players=[named, other], groups=numbers, role=roles[0])


def day_powers(state: GameState, actions: Sequence[Action]) -> Outcome:
    """The day's potions de télépathie read so far (the live daemon's hook): each is spent as soon as it is
    read ("Si utilisée de la sorte, alors la potion de télépathie est détruite"), so a second order finds the
    potion gone. Nothing is told yet: the group hears of it at nightfall, from ``close_day``."""
    r = Resolution(state, {})
    for action in actions:
        potion = items.usable(r.state, action.player, "potion_de_telepathie")
        if validate(r.state, action) is None and potion is not None:
            items.destroy(r.state, potion.id)
    return r.outcome()


def _telepathy_used(r: Resolution, action: Action) -> Action:
    s = r.state
    potion = items.usable(s, action.player, "potion_de_telepathie")
    assert potion is not None
    items.destroy(s, potion.id)  # "Si utilisée de la sorte, alors la potion de télépathie est détruite."
    r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return action


def _telepathy(r: Resolution, uses: Sequence[Action]) -> None:
    """ "Pendant la prochaine nuit, tous les membres de votre groupe actuel (vivants et morts) peuvent
    communiquer entre eux en privé (le MJ les prévient en début de nuit par MP)": told at the end of the
    day, after the mayor's swap and his event night, which decide who talks (RULINGS D6)."""
    s = r.state
    event = bool(s.memory.get(EVENT)) and s.memory.get(EVENT) == next_phase(s.phase)
    for use in uses:
        targets = [t for t in use.targets if t != use.player]
        # power boost: the two players of the user's choice
        members = [use.player, *targets] if event and len(targets) == 2 else group_of(s, use.player)
        for member in members:
            r.tell(member, "telepathy", players=members, by=use.player)
