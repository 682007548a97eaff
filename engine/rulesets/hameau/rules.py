"""The rules of `hameau`, the tutorial rule set (docs/writing-a-rule-set.md walks through this file).

The rule book, in short (fixtures/scenarios/hameau/ plays each rule):

- 5 to 8 players; roles dealt from ``ROLE_ORDER`` (a second wolf from 7 players on).
- J0: the village elects its mayor (the most votes; a tie elects nobody). From J1 on the mayor's
  vote counts twice; when the mayor dies, he names his successor.
- Each day from J1: the most votes go to the pyre; a tie burns nobody. The dead's role is revealed.
- Each night, in this order: the Garde protects a player (not the same two nights running), the
  wolves devour their victim (unless the Garde protects them), the Voyante learns a role, the
  Commère starts a rumour: the next day her target has one more vote against them.
- The village wins when no wolf is alive; the wolves when they are as many as the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome, PlayerState
from ...resolution import Resolution
from ...tally import Modifier, Tally, tally
from .roles import LOUPS, NAMES, ROLE_ORDER, VILLAGE

RULESET = "hameau"


# -- setup ------------------------------------------------------------------------------------------
def setup(names: Sequence[str], seed: int, roles: Mapping[str, str] | None = None) -> GameState:
    """The game at J0: roles as the MJ dealt them, or the first ``len(names)`` roles of ``ROLE_ORDER``
    shuffled with the game's seed."""
    if not 5 <= len(names) <= len(ROLE_ORDER):
        raise ValueError(f"hameau is played by 5 to {len(ROLE_ORDER)} players, not {len(names)}")
    if roles is None:
        dealt = list(ROLE_ORDER[: len(names)])
        GameState(RULESET, seed, []).rng("setup").shuffle(dealt)
        roles = dict(zip(names, dealt, strict=True))
    unknown = sorted(set(roles.values()) - set(NAMES))
    if unknown:
        raise ValueError(f"unknown hameau roles: {', '.join(unknown)}")
    players = [PlayerState(name, roles[name], LOUPS if roles[name] == "loup" else VILLAGE) for name in names]
    return GameState(RULESET, seed, players)


def is_wolf(player: PlayerState) -> bool:
    return player.camp == LOUPS


# -- validation: every action, with the reason a player reads ----------------------------------------
POWERS: dict[str, str] = {  # power → the role that has it ("loups": every wolf)
    "garde.proteger": "garde",
    "loups.devorer": "loups",
    "voyante.sonder": "voyante",
    "commere.medire": "commere",
}


def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be used now, else why not, in French for the player."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    owner = POWERS.get(action.power)
    if owner is None:
        return "Ce pouvoir n'existe pas dans cette partie."
    if not player.alive:
        return "Les morts ne peuvent plus agir."
    if (owner == "loups" and not is_wolf(player)) or (owner != "loups" and player.role != owner):
        return "Ce pouvoir n'est pas le tien."
    if not state.phase.startswith("N"):
        return "Ce pouvoir s'utilise la nuit."
    if len(action.targets) != 1:
        return "Il faut nommer un joueur, et un seul."
    target = action.targets[0]
    try:
        if not state.player(target).alive:
            return f"{target} est mort·e."
    except KeyError:
        return f"{target} ne fait pas partie de la partie."
    if action.power == "garde.proteger" and state.memory.get("garde_derniere_protection") == target:
        return f"Tu as déjà protégé {target} la nuit dernière : choisis quelqu'un d'autre."
    if action.power == "loups.devorer" and is_wolf(state.player(target)):
        return "Les loups ne se dévorent pas entre eux."
    if action.power in ("voyante.sonder", "commere.medire") and target == action.player:
        return "Choisis un autre joueur que toi."
    return None


# -- shared pieces of a resolution -------------------------------------------------------------------
def _resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    """A resolution on a copy of ``state`` (the core's ``Resolution``: events, questions, deaths with
    their chains — the mayor's successor included) with the MJ's decrees applied first."""
    r = Resolution(state, answers)
    for decree in decrees:
        r.decree(decree)
    return r


# -- the day -----------------------------------------------------------------------------------------
def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The count as the rules make it — the live count and the deadline use this same function: the
    living vote against the living; from J1 the mayor's vote counts twice; the Commère's rumour adds one
    vote against her target."""
    living = state.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living}
    weights = {state.mayor: 2} if state.mayor and state.phase != "J0" else None
    rumour = state.memory.get("rumeur")
    modifiers = [Modifier(rumour, 1, "rumeur")] if rumour in living and state.phase != "J0" else []
    return tally(standing, living, weights, modifiers), standing


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor; every other day sends the most voted player to the pyre (a tie: nobody)."""
    r = _resolution(state, answers or {}, decrees)
    s = r.state
    result, _ = day_tally(s, votes)
    s.memory.pop("rumeur", None)  # a rumour lasts one day
    r.emit(
        "vote_result",
        counts=result.as_dict(),
        voters={row.target: list(row.voters) for row in result.counts},
        modifiers={row.target: [m.reason for m in row.modifiers] for row in result.counts if row.modifiers},
        not_voted=list(result.not_voted),
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        if len(leaders) == 1:
            s.mayor = leaders[0]
            r.emit("mayor_elected", player=leaders[0])
        else:
            r.emit("no_mayor")
    elif len(leaders) == 1:
        r.emit("pyre", player=leaders[0])
        r.mark(leaders[0], "bucher")
    elif leaders:
        r.emit("tie", candidates=leaders)
    else:
        r.emit("no_pyre")
    return _finish(r)


# -- the night ---------------------------------------------------------------------------------------
def _garde(r: Resolution, chosen: Mapping[str, Action]) -> None:
    action = chosen.get("garde.proteger")
    target = action.targets[0] if action else None
    r.state.memory["garde_derniere_protection"] = target
    if action and target:
        r.state.memory["protege_cette_nuit"] = target


def _loups(r: Resolution, chosen: Mapping[str, Action]) -> None:
    action = chosen.get("loups.devorer")
    if action is None:
        return
    victim = action.targets[0]
    if r.state.memory.get("protege_cette_nuit") == victim:
        r.tell_mj("protected", player=victim)
        return
    r.mark(victim, "loups")


def _voyante(r: Resolution, chosen: Mapping[str, Action]) -> None:
    action = chosen.get("voyante.sonder")
    if action and r.state.player(action.player).alive:  # dead at the wolves' step: she sees nothing
        target = action.targets[0]
        r.tell(action.player, "seer_result", target=target, role=r.state.player(target).role)


def _commere(r: Resolution, chosen: Mapping[str, Action]) -> None:
    action = chosen.get("commere.medire")
    if action and r.state.player(action.player).alive:
        r.state.memory["rumeur"] = action.targets[0]
        r.emit("rumour", player=action.targets[0])


# The night, in the rule book's order: written once, here. Each step sees the steps before it.
NIGHT_ORDER: tuple[str, ...] = ("garde", "loups", "voyante", "commere")
STEPS: dict[str, Callable[[Resolution, Mapping[str, Action]], None]] = {
    "garde": _garde,
    "loups": _loups,
    "voyante": _voyante,
    "commere": _commere,
}
assert tuple(STEPS) == NIGHT_ORDER, "every step of the night has its function, in order"


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    """The night's actions, each step of ``NIGHT_ORDER`` in turn; the deaths settle at dawn."""
    r = _resolution(state, answers or {}, decrees)
    chosen: dict[str, Action] = {}  # power → the action that counts: a later MP replaces an earlier one
    for action in actions:
        refusal = validate(r.state, action)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
        else:
            chosen[action.power] = action
    for action in chosen.values():
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    for step in NIGHT_ORDER:
        STEPS[step](r, chosen)
        r.settle()  # a step's deaths happen before the next step (the Voyante eaten does not see)
    r.state.memory.pop("protege_cette_nuit", None)
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    return _finish(r)


def night_actors(state: GameState) -> list[str]:
    """The living players with a power to use tonight (the MJ's page lists who has not acted)."""
    return [p.name for p in state.players if p.alive and (is_wolf(p) or p.role in POWERS.values())]


# -- winning -----------------------------------------------------------------------------------------
def check_winner(state: GameState) -> str | None:
    wolves = sum(1 for p in state.players if p.alive and is_wolf(p))
    others = sum(1 for p in state.players if p.alive and not is_wolf(p))
    if wolves == 0:
        return VILLAGE
    if wolves >= others:
        return LOUPS
    return None


def _finish(r: Resolution) -> Outcome:
    """Every death settled (the mayor's successor asked), then the winner, or the next phase."""
    r.settle()
    return r.finish(check_winner(r.state))
