"""`trinite-meuporg`: deaths, shared by the day and the dawn (armour, dague, arc, interception, the
cursed doll's markers), the mayor's succession, and who wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import items
from ...model import Action, Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from ..trinite_core import check_winner as check_winner  # the day and the rules read them here
from ..trinite_core import one, succession
from .powers import ARMOUR_CAUSES, POWERS, is_event_night, is_wolf
from .roles import HEAL, LOUPS, style

_one = one  # a question answered by one option (trinite_core), by the name this package's modules use
_succession = succession  # the mayor's successor (trinite_core), likewise


# -- deaths, shared by the day and the night --------------------------------------------------
class _Moment:
    """What the steps of one resolution know of each other (one per phase: a plain class with slots, built
    without a dataclass's default factories, on the hot path)."""

    __slots__ = (
        "actions", "archers_done", "arrowed_wolves", "by_step", "deflected", "died", "done", "event", "intercept",
        "intercepted", "interception_done", "interception_due", "markers_due", "prompted", "protected", "r",
        "skipped", "targetings", "unarmed", "wolves_target",
    )  # fmt: skip

    def __init__(self, r: Resolution, event: bool = False) -> None:
        self.r = r
        self.actions: dict[str, Action] = {}
        # The same actions by step ("cape." → its (key, action) pairs, in their order): ``_each`` reads them.
        self.by_step: dict[str, list[tuple[str, Action]]] = {}
        self.event = event
        self.died: list[str] = []  # this phase's deaths, in order
        self.protected: dict[str, tuple[str, str]] = {}  # target → (priest, chapelet id)
        self.intercept: dict[str, tuple[list[str], str]] = {}  # priest → (group, chapelet id)
        self.intercepted: dict[str, list[str]] = {}  # priest → the players he saved
        self.deflected: set[str] = set()  # dague holders who already sent death back
        self.archers_done: set[str] = set()
        # The dead found without an intact arc: not looked at again until items move or are repaired
        # (``_moved``, the marteau), the only ways a dead player comes to hold an intact arc.
        self.unarmed: set[str] = set()
        self.wolves_target: str | None = None
        self.targetings: list[tuple[str, str, str]] = []  # user, power, target
        self.skipped: set[str] = set()  # action keys not done: the user was dead at its step
        self.done: set[str] = set()
        self.prompted: set[str] = set()
        self.markers_due: list[str] = []  # the event-night chapelet's curse markers
        self.interception_due = False  # step 5 has come: an interception's death is sent at once
        self.interception_done: set[str] = set()
        self.arrowed_wolves: list[str] = []  # event night: revealed in the morning if still dead


def _kill(m: _Moment, name: str, cause: str) -> None:
    player = m.r.state.player(name)
    if not player.alive:
        return
    player.alive, player.death_phase, player.death_cause = False, m.r.phase, cause
    if cause == "poupee_vaudou":
        player.markers.pop("malediction", None)  # "sauf si vous mourrez à cause de la poupée vaudou"
    m.died.append(name)
    m.r.emit("death", player=name, cause=cause, role=player.role)


def _revive(m: _Moment, name: str, how: str) -> None:
    player = m.r.state.player(name)
    player.alive, player.death_phase, player.death_cause = True, None, None
    m.r.emit("revived", player=name, by=how)
    _curse_check(m)  # "À ne pas oublier de prendre en compte en cas de résurrection"


def _threaten(m: _Moment, victim: str, cause: str, launcher: str | None) -> None:
    """A death coming at ``victim``: the chapelet, the armour, the dague, else death."""
    r, s = m.r, m.r.state
    if not s.player(victim).alive:
        return
    shield = items.get(s, m.protected[victim][1]) if victim in m.protected else None
    if cause == "loups" and shield is not None and shield.intact and shield.holder == m.protected[victim][0]:
        priest, chapelet = m.protected[victim]
        items.destroy(s, chapelet)  # "Si une attaque des loups est contrée de cette manière, … détruit"
        r.tell_mj("protected", player=victim, by=priest)
        r.tell(priest, "chapelet_broken", target=victim)
        return
    for priest, (group, chapelet) in m.intercept.items():
        held = items.get(s, chapelet)  # still his and intact (RULINGS A1): a stolen chapelet no longer acts
        if victim != priest and victim in group and s.player(priest).alive and held.intact and held.holder == priest:
            m.intercepted.setdefault(priest, []).append(victim)
            r.tell_mj("intercepted", player=victim, by=priest, cause=cause)
            if m.interception_due:  # later than step 5 (an arrow): the priest dies at once
                from .dawn import _interception  # step 5, at once (late: dawn imports this module)

                _interception(m)
            return
    armure = items.usable(s, victim, "armure")
    if armure is not None and cause in ARMOUR_CAUSES:
        items.destroy(s, armure.id)
        r.tell(victim, "armour_broken", cause=cause)
        if cause == "bucher":
            r.emit("pyre_resisted", player=victim)
        return
    if cause != "bucher" and (victim in m.deflected or items.usable(s, victim, "dague") is not None):
        if victim in m.deflected:  # "vous les renvoyez tous, mais ne choisissez qu'une cible à tuer"
            r.tell_mj("dague_sent_back_again", player=victim, cause=cause)
            return
        dague = items.usable(s, victim, "dague")
        assert dague is not None
        items.destroy(s, dague.id)
        m.deflected.add(victim)
        target = _dague_target(m, victim, cause, launcher)
        r.tell(victim, "dague_used", cause=cause, target=target)
        r.tell_mj("dague_redirect", player=victim, cause=cause, target=target)
        if target is not None:
            _threaten(m, target, cause, victim)
        return
    _kill(m, victim, cause)


def _reach(m: _Moment, user: str, names: list[str]) -> list[str]:
    """Whom ``user``'s item may reach: a healer's, his group and former groups only, but on the event
    night (RULINGS U1) — for the choices the dawn asks (an arrow, a dague's redirect)."""
    if style(m.r.state.player(user).role) != HEAL or m.event:
        return names
    friends = m.r.state.memory["compagnons"].get(user, [])
    return [n for n in names if n in friends]


def _pending_poison(m: _Moment, victim: str, launcher: str | None) -> str | None:
    """The user of a potion de mort still to come tonight on ``victim`` (the dague must aim at him)."""
    for key, action in m.actions.items():
        if action.power != "potion_de_mort.tuer" or action.targets[0] != victim or key in m.done:
            continue
        if action.player != launcher and _usable_now(m, key, action, record=False) is not None:
            return action.player
    return None


def _dague_target(m: _Moment, victim: str, cause: str, launcher: str | None) -> str | None:
    r, s = m.r, m.r.state
    forced = "La dague vise forcément l'utilisateur de la potion de mort : personne d'autre n'est choisi."
    if cause == "potion_de_mort":
        r.skip("dague", victim, forced)
        return launcher
    poison = _pending_poison(m, victim, launcher)
    if poison is not None:  # "obligés … de cibler l'utilisateur de la potion de mort"
        r.skip("dague", victim, forced)
        return poison
    if cause == "loups" and m.event:  # power boost: the wolves sacrifice one of theirs
        wolves = [p.name for p in s.players if is_wolf(p)]
        if not wolves:
            return None
        default = s.rng("sacrifice").choice(wolves)
        chosen = _one(
            r,
            "sacrifice_loups",
            "MJ",
            "La dague renvoie l'attaque : quel loup les loups sacrifient-ils ?",
            wolves,
            default=default,
        )
        return default if chosen == NOBODY else chosen
    options = _reach(m, victim, [name for name in s.living() if name != victim])
    chosen = _one(
        r,
        "dague",
        victim,
        "Ta dague renvoie la mort qui te visait : sur qui la rediriges-tu ?",
        options,
        about=victim,
    )
    return None if chosen == NOBODY else chosen


def _arc_volley(m: _Moment) -> None:
    """ "Quand le joueur meurt, il peut s'il le souhaite tuer le joueur vivant de son choix." """
    r, s = m.r, m.r.state
    for name in list(m.died):
        if name in m.archers_done or name in m.unarmed or s.player(name).alive:
            continue
        arc = items.usable(s, name, "arc")
        if arc is None:
            m.unarmed.add(name)
            continue
        m.archers_done.add(name)
        options = _reach(m, name, s.living())
        if not options:
            r.skip("arc", name, "Personne de son groupe n'est en vie : son arc ne peut viser personne.")
            continue
        target = _one(r, "arc", name, "Tu meurs : tu peux tirer une flèche sur un joueur vivant.", options, about=name)
        if target == NOBODY:
            continue
        items.destroy(s, arc.id)
        m.targetings.append((name, "arc", target))
        r.tell_mj("arrow", player=name, target=target)
        _threaten(m, target, "arc", name)
        shot = s.player(target)
        if m.event and not shot.alive and shot.camp == LOUPS:  # power boost: "révélé publiquement au matin"
            m.arrowed_wolves.append(target)


def _curse_check(m: _Moment) -> None:
    """Three markers or more kill a player of the other camp than the doll's holder; the doll breaks."""
    s = m.r.state
    doll = items.holder_of(s, "poupee_vaudou")
    if doll is None:
        return
    camp = s.player(doll.holder).camp
    doomed = [p.name for p in s.players if p.alive and p.markers.get("malediction", 0) >= 3 and p.camp != camp]
    if doomed:
        for name in doomed:
            _kill(m, name, "poupee_vaudou")
        items.destroy(s, doll.id)
        m.r.tell(doll.holder, "doll_broken", players=doomed)


def _doll_moved(m: _Moment, moved: Sequence[items.Transfer]) -> None:
    """ "Quand le contrôleur de la poupée vaudou change …": the re-check, unless it would be a draw."""
    r, s = m.r, m.r.state
    for transfer in moved:
        if transfer.item.kind != "poupee_vaudou" or transfer.item.destroyed:
            continue
        before, after = s.player(transfer.giver).camp, s.player(transfer.taker).camp
        if before == after:
            continue
        doomed = [p.name for p in s.players if p.alive and p.camp != after and p.markers.get("malediction", 0) >= 3]
        if not doomed:
            continue
        if len(doomed) == len(s.living()):  # "sauf si cela devrait créer un match nul"
            r.tell_mj("doll_recheck_draw", players=doomed)
            continue
        for name in doomed:
            _kill(m, name, "poupee_vaudou")
        items.destroy(s, transfer.item.id)
        r.tell(transfer.taker, "doll_broken", players=doomed)


def _prompteur_moved(m: _Moment, moved: Sequence[items.Transfer]) -> None:
    """ "À chaque fois que quelqu'un acquiert le prompteur … il est indiqué publiquement le matin" """
    for transfer in moved:
        if transfer.item.kind == "prompteur":
            m.r.emit("prompteur_stolen", player=transfer.giver, by=transfer.taker)


def _moved(m: _Moment, moved: Sequence[items.Transfer]) -> None:
    m.unarmed.clear()
    _prompteur_moved(m, moved)
    _doll_moved(m, moved)


def _resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> tuple[Resolution, _Moment]:
    r = Resolution(state, answers)
    m = _Moment(r, event=is_event_night(r.state))
    for decree in decrees:
        if decree.kind == "kill" and decree.player:
            _kill(m, decree.player, decree.cause or "mj")
            _arc_volley(m)
        elif decree.kind == "revive" and decree.player:
            _revive(m, decree.player, "mj")
        else:  # the mayor, an event: as the core takes them
            r.decree(decree)
    return r, m


def _finish(r: Resolution, m: _Moment) -> Outcome:
    s = r.state
    _succession(r)
    winner = check_winner(s)
    if not winner and s.phase.startswith("N"):  # a night that does not end the game ends with the groups
        r.emit("groups", groups=_groups_view(s))
    return r.finish(winner)


def _groups_view(s: GameState) -> list[list[dict[str, object]]]:
    """The groups as the posts show them, each member with whether he lives (twice a day: plain loops)."""
    alive = {p.name for p in s.players if p.alive}
    view = []
    for group in s.memory["groups"]:
        row: list[dict[str, object]] = []
        for name in group:
            row.append({"player": name, "alive": name in alive})
        view.append(row)
    return view


def _usable_now(m: _Moment, key: str, action: Action, record: bool = True) -> items.Item | None:
    """The item for ``action`` if its user may still use it at this step of the dawn, else None."""
    s = m.r.state
    power = POWERS[action.power]
    assert power.item is not None
    user = s.player(action.player)
    dead_may = power.item == "poupee_vaudou" or (power.item == "potion_de_mort" and user.camp == LOUPS)
    if not user.alive and not dead_may:
        if record:
            m.skipped.add(key)
            m.r.tell(action.player, "action_void", power=action.power, why="mort")
        return None
    item = items.usable(s, action.player, power.item)
    if item is None and record:
        m.r.tell(action.player, "action_void", power=action.power, why="objet")
    if record:
        m.skipped.discard(key)
    return item
