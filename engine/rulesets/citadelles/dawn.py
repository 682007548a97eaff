"""`citadelles`: the night — the twilight's orders (read and checked), then the dawn in the file's order,
written once in DAWN_ORDER: the North wall, the charge turns, the wolves' attack, the projects, the
West's walls (the dawn's "MUR DE L'EST" line: RULINGS), the South's walls, the moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ...model import Action, Decree, GameState, Outcome, PlayerState
from ...resolution import NOBODY
from .common import (
    CitadelResolution,
    charged,
    citadel_of,
    current,
    destroy,
    fighters_with,
    finish,
    gm_alive,
    holder,
    lab,
    launchable,
    members,
    number,
    powers,
    resolution,
    shielded,
)
from .effects import EFFECTS, fortress, wrecked
from .projects import OWN_CITADEL, PROJECTS
from .roles import CB, CITADELS, CM, CS, FIGHTERS, GM, LOUPS, SF, powers_for
from .validation import project_targets, sf_order, validate


@dataclass
class Night:
    """What the twilight's orders asked, and what the dawn's steps decided so far."""

    r: CitadelResolution
    attack: Action | None = None
    killer: str | None = None
    scientists: dict[str, dict[str, Action]] = field(default_factory=dict)  # SF → kind → order
    moves: dict[str, str] = field(default_factory=dict)  # lone survivor → sf | gm
    cancels: list[str] = field(default_factory=list)  # fighters using ANNULATION
    swaps: list[str] = field(default_factory=list)  # CMs using ÉCHANGE
    charged_tonight: set[str] = field(default_factory=set)  # citadels whose project got a charge turn
    victim: str | None = None
    saved: dict[str, list[str]] = field(default_factory=dict)  # player → the projects saving him (by citadel)
    neutral: set[str] = field(default_factory=set)  # MICRO-ONDES
    kills: list[tuple[str, str, str]] = field(default_factory=list)  # (player, cause, citadel of the project)
    observed: list[tuple[str, str]] = field(default_factory=list)  # (citadel acting, target) on the South
    micro: tuple[str, str] | None = None

    @property
    def s(self) -> GameState:
        return self.r.state

    def moving(self, name: str) -> bool:
        """A scientist who moves tonight does nothing else (the lone survivor going to GM)."""
        post = self.moves.get(name)
        return post is not None and post != self.s.player(name).role


def _read(n: Night, actions: Sequence[Action]) -> None:
    r, s = n.r, n.s
    for action in actions:
        reason = validate(s, action)
        if reason is not None:
            r.tell(action.player, "action_refused", power=action.power, reason=reason)
            continue
        owner, _, kind = action.power.partition(".")
        if owner == "loups":
            if kind == "attaquer":
                n.attack = action
            else:
                n.killer = action.targets[0]
        elif kind.startswith("poste_"):
            n.moves[action.player] = kind.removeprefix("poste_")
        elif kind == "annuler":
            n.cancels.append(action.player)
        elif kind == "echanger":
            n.swaps.append(action.player)
        elif owner == SF:
            n.scientists.setdefault(action.player, {})[sf_order(action.power)[0]] = action
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))


# -- the dawn's steps ---------------------------------------------------------------------------
def _mur_nord(n: Night) -> None:
    """ "Protection pour tous les joueurs de la citadelle nord jusqu'à la fin de la nuit si ça s'est
    déclenché : ils ne peuvent pas être ciblés." """
    shield = n.s.memory.get("bouclier_nord")
    if shield and shield["nuit"] == number(n.s.phase):
        n.r.tell_mj("north_wall_up", players=members(n.s, "nord"))


def _charges(n: Night) -> None:
    """ANNULATION first (the project standing at nightfall), then each scientist's destroy and launch, then
    the charge turn of every project launched but not yet charged to 100 %."""
    r, s = n.r, n.s
    for fighter in n.cancels:
        citadel = citadel_of(s, fighter)
        if not s.player(fighter).alive or "annulation" not in powers(s, fighter) or citadel is None:
            continue
        s.player(fighter).markers["annulation_utilisee"] = True
        running = current(s, citadel)
        if running is not None:
            destroy(s, citadel, running.id)
            _told_destroyed(n, citadel, running.id)
        r.tell(fighter, "annulation", project=running.id if running else None)
    for citadel in CITADELS:
        sf = holder(s, citadel, SF)
        if sf is not None and n.moving(sf):
            for order in n.scientists.get(sf, {}).values():
                reason = "Tu changes de poste cette nuit : un scientifique qui se déplace ne fait rien d'autre."
                r.tell(sf, "action_refused", power=order.power, reason=reason)
        if sf is None or n.moving(sf):
            continue
        orders = n.scientists.get(sf, {})
        running = current(s, citadel)
        if "detruire" in orders and running is not None and charged(s, citadel):
            destroy(s, citadel, running.id)
            r.tell(sf, "project_destroyed", citadel=citadel, project=running.id, by="toi")
        launch = orders.get("lancer")
        use = orders.get("utiliser")
        named = sf_order(use.power)[1] if use is not None else None
        if launch is None and named in PROJECTS[citadel] and current(s, citadel) is None:
            launch = Action(sf, f"sf.lancer.{named}", (), use.source if use else "")  # « je lance X sur Y »
        if launch is not None:
            pid = sf_order(launch.power)[1] or ""
            if current(s, citadel) is not None:
                r.tell(
                    sf, "action_refused", power=launch.power, reason="Un projet est déjà en cours : détruis-le d'abord."
                )
            elif pid in lab(s, citadel)["detruits"]:
                r.tell(sf, "action_refused", power=launch.power, reason="Ce projet a été détruit cette nuit.")
            else:
                room = lab(s, citadel)
                room["courant"], room["charge"] = pid, 0
                need = PROJECTS[citadel][pid].need
                r.tell(sf, "project_launched", project=pid, needed=need)
                if pid == "connaissance" and use is None:  # nothing to name, nothing lost: used at once
                    n.scientists.setdefault(sf, {})["utiliser"] = Action(sf, "sf.utiliser.connaissance")
                for watcher in fighters_with(s, citadel, "supervision"):
                    r.tell(watcher, "supervision", citadel=citadel, needed=need)
        running = current(s, citadel)
        if running is None:
            if launchable(s, citadel):
                r.tell_mj("no_project", citadel=citadel, scientist=sf)
            continue
        room = lab(s, citadel)
        if room["charge"] < running.need:
            room["charge"] += 1
            n.charged_tonight.add(citadel)
            r.tell_mj("project_charged", citadel=citadel, project=running.id, charge=room["charge"])


def _loups(n: Night) -> None:
    """ "Si la cible n'est pas protégée, alors elle mourra" — the death is settled once this night's
    protections (the projects' step) are known (RULINGS)."""
    s, attack = n.s, n.attack
    if attack is None:
        n.r.tell_mj("no_attack")
        return
    target = s.player(attack.targets[0])
    if not target.alive or target.camp == LOUPS or shielded(s, target.name):
        n.r.tell_mj("attack_blocked", target=target.name)
        return
    killer = n.killer if n.killer and s.player(n.killer).alive else attack.player
    n.victim = target.name
    origin = citadel_of(s, killer)
    if citadel_of(s, target.name) == "sud" and origin != "sud" and origin is not None:
        n.observed.append((origin, target.name))
    n.r.tell_mj("wolves_attack", target=target.name, killer=killer)


def _projets(n: Night) -> None:
    r, s = n.r, n.s
    uses: list[tuple[str, str, str, Action, str | None]] = []
    for citadel in CITADELS:
        sf = holder(s, citadel, SF)
        if sf is None or n.moving(sf):
            continue
        use = n.scientists.get(sf, {}).get("utiliser")
        if use is None:
            continue
        _, pid, named = sf_order(use.power)
        named = citadel if named == OWN_CITADEL else named  # « sur nous »
        running = current(s, citadel)
        if pid is None and running is not None:  # « je l'utilise sur Alice »: the project standing now
            pid = running.id
            reason = project_targets(s, use, citadel, running.target, named)
            if running.passive or reason is not None:
                r.tell(sf, "action_refused", power=use.power, reason=reason or "Ce projet agit tout seul.")
                continue
        if running is None or running.id != pid or not charged(s, citadel):
            r.tell(sf, "action_refused", power=use.power, reason="Ce projet n'est pas prêt cette nuit.")
            continue
        if use.targets and (not s.player(use.targets[0]).alive or shielded(s, use.targets[0])):
            r.tell(sf, "action_refused", power=use.power, reason="Ta cible ne peut pas être visée cette nuit.")
            continue
        uses.append((citadel, sf, running.id, use, named))
    for citadel, sf, pid, use, named in uses:
        aim = use.targets[0] if use.targets else None
        spot = named or (citadel_of(s, aim) if aim else None)
        if spot == "sud" and citadel != "sud":
            n.observed.append((citadel, aim or "sud"))
        room = lab(s, citadel)
        room["utilises"] = (*room["utilises"], pid)
        EFFECTS[pid](n, citadel, sf, aim, named)
        if PROJECTS[citadel][pid].single:
            destroy(s, citadel, pid)
    if n.victim is not None:
        victim = n.victim
        guards = [] if victim in n.neutral else n.saved.get(victim, [])
        if guards:
            r.tell_mj("attack_saved", player=victim, by=guards)
            if any(g.endswith(":protection") for g in guards):
                for other in ("est", "sud", "ouest"):
                    if f"{other}:protection" not in guards and "protection" not in lab(s, other)["detruits"]:
                        destroy(s, other, "protection")
                        r.tell_mj("project_destroyed", citadel=other, project="protection", by="protection")
        elif not fortress(n, victim):
            r.mark(victim, "loups")
    for name, cause, _ in n.kills:
        if not s.player(name).alive:
            continue
        if citadel_of(s, name) == "est" and gm_alive(s, "est") and name not in n.neutral:
            r.tell_mj("paper_wall", player=name, cause=cause)
        elif not fortress(n, name):
            r.mark(name, cause)
    r.settle()
    if n.micro is not None and not s.player(n.micro[1]).alive:
        wrecked(n, n.micro[0], "micro_ondes", "micro_ondes")


def _mur_ouest_votes(n: Night) -> None:
    """The dawn's "MUR DE LA CITADELLE DE L'EST : s'il y a un gardien vivant, ses membres vivants auront voix
    double au vote de la prochaine journée" — the West's majestic walls' effect (RULINGS)."""
    s = n.s
    s.memory["voix_doubles"] = tuple(members(s, "ouest")) if gm_alive(s, "ouest") else ()


def _mur_sud(n: Night) -> None:
    """ "[Citadelle adverse] --- a ciblé ---> [joueur]" to every living inhabitant, while the South's GM lives."""
    s = n.s
    if not gm_alive(s, "sud"):
        return
    living = tuple(members(s, "sud"))
    for origin, target in n.observed:
        n.r.emit("sud_observation", "private", living, source=origin, target=target)


def _deplacements(n: Night) -> None:
    """The lone survivor's choice, the automatic replacements (fighters fill SF and GM), then ÉCHANGE."""
    s = n.s
    big = len(s.players) == 16
    for citadel in CITADELS:
        inside = [s.player(p) for p in members(s, citadel, alive=False)]
        living = [p.name for p in inside if p.alive]
        if not living:
            continue
        at_dusk = [p.name for p in inside if p.alive or p.death_phase == s.phase]
        if len(at_dusk) == 1:  # alone since before tonight: his choice (RULINGS: the remark on the walls)
            who = s.player(living[0])
            post = n.moves.get(who.name)
            if post is None and who.role in FIGHTERS:
                post = GM if who.role == CM else SF  # RULINGS: a lone fighter who says nothing
            if post is not None and post != who.role:
                _move(n, who.name, post)
            continue
        for vacant, first in ((SF, CS), (GM, CM)):
            if _holding(inside, vacant) is not None or _died_tonight(s, citadel, vacant):
                continue
            order = [first, CM if first == CS else CS] if big else [CB]
            for role in order:
                found = _holding(inside, role)
                if found is not None:
                    _move(n, found, vacant)
                    break
    for cm in n.swaps:
        player = s.player(cm)
        home = citadel_of(s, cm)
        keeper = holder(s, home, GM) if home else None
        if not player.alive or player.role != CM or "echange" not in powers(s, cm) or keeper is None:
            continue
        player.role, s.player(keeper).role = GM, CM
        player.markers.pop("pouvoirs", None)
        n.r.tell(cm, "moved", old=CM, new=GM)
        n.r.tell(keeper, "moved", old=GM, new=CM)
        options = list(powers_for(CM))
        choice = n.r.ask(
            "pouvoir",
            keeper,
            "Tu deviens Combattant-Mur : quel pouvoir choisis-tu ?",
            options,
            about=keeper,
            single=True,
        )
        if choice != NOBODY:
            s.player(keeper).markers["pouvoirs"] = (choice,)
            n.r.tell(keeper, "power_changed", powers=[choice])


def _holding(inside: Sequence[PlayerState], role: str) -> str | None:
    """``holder`` of a citadel, from its inhabitants' records (in the same order): the first living one with
    ``role``. The records are the state's own, so a move made meanwhile is seen."""
    for player in inside:
        if player.alive and player.role == role:
            return player.name
    return None


def _died_tonight(s: GameState, citadel: str, role: str | None = None) -> bool:
    """ "Déplacements dans les citadelles (sauf pour ceux qui sont morts pendant la nuit)": a post emptied
    by this night's deaths is filled at the next dawn (RULINGS: the walls' remark)."""
    return any(
        p.death_phase == s.phase and p.markers.get("citadelle") == citadel and (role is None or p.role == role)
        for p in s.players
        if not p.alive
    )


def _move(n: Night, name: str, post: str) -> None:
    s = n.s
    player = s.player(name)
    old = player.role
    if "supervoix" in powers(s, name):
        n.r.emit("supervoix_lost", player=name)
    player.role = post
    player.markers.pop("pouvoirs", None)
    n.r.tell(name, "moved", old=old, new=post)
    citadel = citadel_of(s, name)
    if post == SF and citadel is not None:
        room = lab(s, citadel)
        n.r.tell(
            name,
            "sf_briefing",
            citadel=citadel,
            current=room["courant"],
            charge=room["charge"],
            used=list(room["utilises"]),
            destroyed=list(room["detruits"]),
            remaining=launchable(s, citadel),
        )


def _told_destroyed(n: Night, citadel: str, pid: str) -> None:
    sf = holder(n.s, citadel, SF)
    if sf is not None:
        n.r.tell(sf, "project_destroyed", citadel=citadel, project=pid, by="")


DAWN_ORDER: tuple[str, ...] = ("mur_nord", "charges", "loups", "projets", "mur_ouest_votes", "mur_sud", "deplacements")
STEPS: dict[str, Callable[[Night], None]] = {
    "mur_nord": _mur_nord,
    "charges": _charges,
    "loups": _loups,
    "projets": _projets,
    "mur_ouest_votes": _mur_ouest_votes,
    "mur_sud": _mur_sud,
    "deplacements": _deplacements,
}
assert tuple(STEPS) == DAWN_ORDER, "every step of the dawn has its function, in the file's order"
# The twilight's orders, then the dawn: what `night_order` shows.
NIGHT_ORDER: tuple[str, ...] = ("crepuscule", *DAWN_ORDER)


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r = resolution(state, answers or {}, decrees)
    n = Night(r)
    _read(n, actions)
    for step in DAWN_ORDER:
        STEPS[step](n)
        r.settle()
    s = r.state
    if number(s.phase) == 1:
        loud = [p for c in CITADELS for p in fighters_with(s, c, "supervoix")]
        if loud:
            r.emit("supervoix", players=loud)
    return finish(r, f"J{number(s.phase)}", check=True)
