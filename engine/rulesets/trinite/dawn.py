"""`trinite`: the night and its dawn. The rule file numbers no steps: DAWN_ORDER, written once here, is
the order read from the powers' texts (RULINGS.md, "L'aube"): neutralisations, the cape's choice,
protections, kills (with their redirections and BAROUD as they happen), SAUVETAGE, what the next day
holds, information, repairs, resurrection, the end-of-night passives. STEPS gives each its function.

"Tout pouvoir demandé qui se déclencherait après la mort de son utilisateur ou destruction de l'objet
générant le pouvoir n'est pas effectué": each step checks, when it comes, that the user is alive and
holds his object intact, with the power not disabled (NATURE) nor neutralised (BARRAGE, RAVAGE).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from ... import items
from ...model import Action, Decree, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from .day import TODAY
from .deaths import _Moment, destroy, finish, one, resolution, revive, threaten, works
from .objects import (
    BARRAGE_STOPS,
    DEFENSIF,
    LOUPS,
    NIGHT,
    POWERS,
    RAVAGE_STOPS,
    VILLAGE,
    read_group,
    read_power,
    read_style,
    style,
)
from .powers import (
    CAPE,
    RAVAGE,
    group_members,
    group_of,
    group_only,
    holders_of,
    neutralised_in_advance,
    object_of,
    validate,
)

DAWN_ORDER: tuple[str, ...] = (
    "nature",  # 1. orbe NATURE: the target's object is off for the night (BARRAGE included)
    "barrage",  # 2. arc BARRAGE: OBSERVATION, ESPIONNAGE, INTERCEPTION, RENVOI, CHARGE off tonight
    "imitation_copie",  # 3. the cape's new power, already acting (an imitated MITHRIL protects tonight)
    "protection",  # 4. chapelet PROTECTION
    "interception",  # 5. chapelet INTERCEPTION (the priest dies once, for every death of his group tonight)
    "attaques",  # 6. the wolves' attack, then EMPOISONNEMENT: they strike together (a poisoner the wolves
    # kill has poisoned all the same); each death meets PROTECTION, RENVOI, MITHRIL, INTERCEPTION; BAROUD
    "sauvetage",  # 7. carte SAUVETAGE: the night's dead shown, one saved
    "charge",  # 8. hache CHARGE, for the coming day
    "chaudron",  # 9. potion CHAUDRON, for the coming day
    "execution",  # 10. dague EXÉCUTION, for the coming day (its question at the end of the dawn)
    "ouija",  # 11. sceptre OUIJA, for the coming day
    "odorat",  # 12. familier ODORAT
    "instinct",  # 13. familier INSTINCT
    "infiltration",  # 14. dague INFILTRATION
    "atout",  # 15. paquet ATOUT
    "elementariste",  # 16. bâton ÉLÉMENTARISTE
    "reparation",  # 17. armure RÉPARATION
    "troubadour",  # 18. lyre TROUBADOUR
    "trouvere",  # 19. lyre TROUVÈRE: the resurrection
    "observation",  # 20. bâton OBSERVATION: who targeted the holder, all night long
    "espionnage",  # 21. carte ESPIONNAGE: who targeted whom, all night long
    "fin_de_l_aube",  # 22. the orbe that turned a death back breaks; EXÉCUTION's question; the announcements
)
NIGHT_ORDER = DAWN_ORDER

# Each step as the MJ and the players read it (the first post, the help, the MJ's page): DAWN_ORDER in French.
DAWN_LABELS: dict[str, str] = {
    "nature": "NATURE (l'objet ciblé ne fonctionne pas de la nuit)",
    "barrage": "BARRAGE (OBSERVATION, ESPIONNAGE, INTERCEPTION, RENVOI et CHARGE neutralisés)",
    "imitation_copie": "IMITATION et COPIE (le nouveau pouvoir de la cape agit dès cette aube)",
    "protection": "PROTECTION",
    "interception": "INTERCEPTION",
    "attaques": "l'attaque des loups et EMPOISONNEMENT, ensemble (avec RENVOI, MITHRIL et BAROUD)",
    "sauvetage": "SAUVETAGE",
    "charge": "CHARGE (pour la journée suivante)",
    "chaudron": "CHAUDRON (pour la journée suivante)",
    "execution": "EXÉCUTION (pour la journée suivante)",
    "ouija": "OUIJA (pour la journée suivante)",
    "odorat": "ODORAT",
    "instinct": "INSTINCT",
    "infiltration": "INFILTRATION",
    "atout": "ATOUT",
    "elementariste": "ÉLÉMENTARISTE",
    "reparation": "RÉPARATION",
    "troubadour": "TROUBADOUR",
    "trouvere": "TROUVÈRE",
    "observation": "OBSERVATION",
    "espionnage": "ESPIONNAGE",
    "fin_de_l_aube": "fin de l'aube : l'orbe qui a renvoyé se brise, nouvelle cible d'EXÉCUTION, annonces du matin",
}
assert tuple(DAWN_LABELS) == DAWN_ORDER, "each step of the dawn has its French label"


# -- the night's actions ----------------------------------------------------------------------------------------
def _latest(m: _Moment, actions: Sequence[Action]) -> None:
    """The valid actions: one [actif] a night per player (a later MP replaces the earlier one), and each
    wolf's proposal for the attack. A power RAVAGE stopped gets the MJ's reminder."""
    r, s = m.r, m.r.state
    for action in actions:
        refusal = validate(s, action)
        if refusal:
            if neutralised_in_advance(s, action.power):
                r.tell(action.player, "power_neutralised", power=action.power, by="ravage", reason=refusal)
            else:
                r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        if action.power == "loups.attaquer":
            m.wolves = [a for a in m.wolves if a.player != action.player] + [action]
            continue
        m.actions.pop(action.player, None)
        m.actions[action.player] = action
    for action in m.actions.values():
        m.by_power.setdefault(action.power, []).append(action)
    for action in [*m.actions.values(), *m.wolves]:
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))


def _each(m: _Moment, power: str) -> Iterable[Action]:
    """The actions of ``power`` whose user may still act at this step (the others told why), each looked at
    when its turn comes (an earlier one of the same step may have changed things)."""
    found = m.by_power.get(power)
    return _each_now(m, power, found) if found else ()


def _each_now(m: _Moment, power: str, found: list[Action]) -> Iterator[Action]:
    r = m.r
    for action in found:
        if action.player in m.done:
            continue
        m.done.add(action.player)
        user = action.player
        if not r.state.player(user).alive:
            r.tell(user, "action_void", power=power, why="mort")
            continue
        item = object_of(r.state, user)
        if item is None or item.destroyed:
            r.tell(user, "action_void", power=power, why="objet")
            continue
        if user in m.disabled or power in m.stopped:
            why = m.disabled.get(user) or m.stopped[power]
            r.tell(user, "power_neutralised", power=power, by=why)
            continue
        yield action


def _aim(m: _Moment, action: Action, target: str) -> None:
    m.targetings.append((action.player, action.power, target))


# -- 1–3: neutralisations and the cape ----------------------------------------------------------------------------
def _nature(m: _Moment) -> None:
    night = int(m.r.phase[1:])
    for action in _each(m, "orbe.nature"):
        target = action.targets[0]
        _aim(m, action, target)
        m.r.state.memory.setdefault("nature", {})[action.player] = (night, target)
        m.disabled[target] = "nature"


def _barrage(m: _Moment) -> None:
    for action in _each(m, "arc.barrage"):
        for power in BARRAGE_STOPS:
            m.stopped.setdefault(power, "barrage")
        destroy(m, action.player)  # "puis l'arc se détruit"


def _imitation_copie(m: _Moment) -> None:
    s = m.r.state
    for power in ("cape.imitation", "cape.copie"):
        for action in _each(m, power):
            chosen = read_power(action.targets[0])
            slot = power.split(".")[1]
            s.memory.setdefault(CAPE, {})[slot] = chosen
            m.r.tell(action.player, "cape_power", slot=slot, chosen=chosen)


# -- 4–8: protections and kills -------------------------------------------------------------------------------------
def _protection(m: _Moment) -> None:
    night = int(m.r.phase[1:])
    for action in _each(m, "chapelet.protection"):
        target = action.targets[0]
        _aim(m, action, target)
        m.protected[target] = action.player
        m.r.state.memory.setdefault("protection", {})[action.player] = (night, target)


def _interception(m: _Moment) -> None:
    for action in _each(m, "chapelet.interception"):
        m.guards[action.player] = group_of(m.r.state, action.player)


def _wolves_choice(m: _Moment) -> str | None:
    """ "le MJ prend comme cible le résultat arrivé en majorité, ou à défaut au hasard parmi ce qui lui a
    été proposé par les loups" """
    counted: dict[str, int] = {}
    for action in m.wolves:
        counted[action.targets[0]] = counted.get(action.targets[0], 0) + 1
    if not counted:
        return None
    most = max(counted.values())
    leaders = [t for t, n in counted.items() if n == most]
    return leaders[0] if len(leaders) == 1 else m.r.state.rng("loups").choice(sorted(leaders))


def _attaques(m: _Moment) -> None:
    """The night's killing powers strike together (RULINGS A2): whoever may poison when the attacks begin
    poisons, even if the wolves' attack kills him first."""
    poisons = list(_each(m, "potion.empoisonnement"))
    target = _wolves_choice(m)
    m.wolves_target = target
    if target is None:
        m.r.tell_mj("no_wolf_target")
    else:
        m.r.tell_mj("wolves_target", player=target)
        threaten(m, target, "loups", None)
    for action in poisons:
        _aim(m, action, action.targets[0])
        destroy(m, action.player)  # "La potion est détruite."
        threaten(m, action.targets[0], "empoisonnement", action.player)


def _sauvetage(m: _Moment) -> None:
    """ "Chaque nuit, vous êtes informé des morts de la nuit. Vous pouvez choisir d'en sauver un. Si vous
    faites ainsi, la carte se détruit." """
    r, s = m.r, m.r.state
    for holder in holders_of(s, "carte.sauvetage"):
        if not works(m, holder, "carte.sauvetage"):
            why = m.disabled.get(holder) or m.stopped["carte.sauvetage"]
            r.tell(holder, "power_neutralised", power="carte.sauvetage", by=why)
            continue
        dead = [n for n in m.died if not s.player(n).alive and s.player(n).death_cause != "mj"]
        r.tell(holder, "sauvetage", dead=dead)
        if not dead:
            r.skip("sauvetage", holder, "Personne n'est mort cette nuit : il n'y a personne à sauver.")
            continue
        chosen = one(r, "sauvetage", holder, "SAUVETAGE : sauves-tu un des morts de la nuit ?", dead, about=holder)
        if chosen == NOBODY:
            continue
        destroy(m, holder)
        last = max(i for i, e in enumerate(r.events) if e.type == "death" and e.data.get("player") == chosen)
        del r.events[last]  # the death never happened: not in the morning's list
        m.died.remove(chosen)
        player = s.player(chosen)
        player.alive, player.death_phase, player.death_cause = True, None, None
        r.tell_mj("saved", player=chosen, by=holder)


# -- 9–12: what the next day holds ----------------------------------------------------------------------------------
def _coming(m: _Moment) -> dict[str, object]:
    s = m.r.state
    left = s.memory.get(TODAY)
    day = next_phase(s.phase)
    if not isinstance(left, dict) or left.get("phase") != day:
        left = s.memory[TODAY] = {"phase": day}
    return left


def _charge(m: _Moment) -> None:
    for action in _each(m, "hache.charge"):
        _coming(m).setdefault("charge", []).append(action.player)  # type: ignore[attr-defined]


def _chaudron(m: _Moment) -> None:
    for action in _each(m, "potion.chaudron"):
        _aim(m, action, action.targets[0])
        _coming(m).setdefault("chaudron", []).append(action.targets[0])  # type: ignore[attr-defined]


def _execution(m: _Moment) -> None:
    for action in _each(m, "dague.execution"):
        _aim(m, action, action.targets[0])
        _coming(m)["execution"] = {"by": action.player, "target": action.targets[0]}


def _ouija(m: _Moment) -> None:
    for action in _each(m, "sceptre.ouija"):
        _aim(m, action, action.targets[0])
        if m.r.state.player(action.targets[0]).alive:
            m.r.tell(action.player, "action_void", power=action.power, why="vivant", target=action.targets[0])
            continue
        _coming(m).setdefault("ouija", []).append(action.targets[0])  # type: ignore[attr-defined]


# -- 13–17: information -----------------------------------------------------------------------------------------
def _odorat(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "familier.odorat"):
        target = action.targets[0]
        _aim(m, action, target)
        seen = s.memory.setdefault("odorat", {})
        smelt = seen.get(action.player, ())
        if target in smelt:  # "Si vous ciblez le même joueur une deuxième fois, vous connaitrez son camp"
            r.tell(action.player, "odorat", target=target, camp=s.player(target).camp)
            destroy(m, action.player)
        else:
            seen[action.player] = (*smelt, target)
            r.tell(action.player, "odorat", target=target, object=s.player(target).role)


def _instinct(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "familier.instinct"):
        number = read_group(action.targets[0]) or 0
        wolves = sum(1 for n in group_members(s, number) if s.player(n).camp == LOUPS)
        r.tell(action.player, "instinct", group=number, detected=wolves >= 2)
        destroy(m, action.player)


def _infiltration(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "dague.infiltration"):
        number = read_group(action.targets[0]) or 0
        objects = [s.player(n).role for n in group_members(s, number)]
        r.tell(action.player, "infiltration", group=number, objects=objects)
        destroy(m, action.player)  # "La dague est détruite."


def _atout(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "paquet.atout"):
        target = s.player(action.targets[0])
        _aim(m, action, target.name)
        if s.player(action.player).camp == VILLAGE:
            r.tell(action.player, "atout", target=target.name, camp=target.camp)
            spent = target.camp == LOUPS
        else:
            r.tell(action.player, "atout", target=target.name, style=style(target.role))
            spent = style(target.role) == DEFENSIF
        if spent:  # "Si vous détectez un loup ou un défensif de cette manière, le paquet est détruit."
            destroy(m, action.player)


def _elementariste(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "baton.elementariste"):
        target, asked = action.targets[0], read_style(action.targets[1])
        _aim(m, action, target)
        r.tell(action.player, "elementariste", target=target, style=asked, match=style(s.player(target).role) == asked)


# -- 18–20: repairs and resurrection -------------------------------------------------------------------------------
def _reparation(m: _Moment) -> None:
    """ "Le MJ vous informe de tous les objets qui sont détruits, en indiquant pour chacun s'il est contrôlé
    par un mort ou un vivant. Vous pouvez en réparer un, si vous faites ainsi alors l'armure est détruite." """
    r, s = m.r, m.r.state
    for action in _each(m, "armure.reparation"):
        broken = [i for i in items.every(s) if i.destroyed]
        listed = [{"player": i.holder, "object": i.kind, "alive": s.player(i.holder).alive} for i in broken]
        holders = [i.holder for i in broken]
        if group_only(s):  # MURS: the repair is a target too
            holders = [h for h in holders if h in group_of(s, action.player)]
        if action.targets:
            chosen = action.targets[0]
            r.skip("reparation", action.player, "Le joueur à réparer était déjà nommé dans le MP.")
        else:
            chosen = one(r, "reparation", action.player, "RÉPARATION : quel objet détruit répares-tu ?", holders,
                         about=action.player)  # fmt: skip
        repaired = None
        if chosen != NOBODY and chosen in holders:
            item = object_of(s, chosen)
            assert item is not None
            items.repair(s, chosen)
            destroy(m, action.player)
            _aim(m, action, chosen)
            repaired = {"player": chosen, "object": item.kind}
            r.tell_mj("object_repaired", player=chosen, object=item.kind, by=action.player)
        r.tell(action.player, "reparation", destroyed=listed, repaired=repaired)


def _troubadour(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for action in _each(m, "lyre.troubadour"):
        target = action.targets[0]
        _aim(m, action, target)
        item = object_of(s, target)
        if item is None or item.intact:
            r.tell(action.player, "troubadour", target=target, repaired=False)
            continue
        items.repair(s, target)  # "Si son objet était détruit, alors celui-ci est réparé et la lyre est détruite."
        destroy(m, action.player)
        r.tell_mj("object_repaired", player=target, object=item.kind, by=action.player)
        r.tell(action.player, "troubadour", target=target, repaired=True)


def _trouvere(m: _Moment) -> None:
    s = m.r.state
    for action in _each(m, "lyre.trouvere"):
        target = action.targets[0]
        _aim(m, action, target)
        if s.player(target).alive:
            m.r.tell(action.player, "action_void", power=action.power, why="vivant", target=target)
            continue
        destroy(m, action.player)  # "Celui-ci revient à la vie puis la lyre est détruite."
        revive(m, target, "trouvere")


# -- 21–23: the end of the night ---------------------------------------------------------------------------------
def _observation(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for holder in holders_of(s, "baton.observation"):
        if not works(m, holder, "baton.observation"):
            continue
        by = sorted({u for u, _p, t in m.targetings if t == holder and u != holder})
        r.tell(holder, "observation", by=by, attacked=m.wolves_target == holder)


def _espionnage(m: _Moment) -> None:
    for action in _each(m, "carte.espionnage"):
        seen = [{"user": u, "power": p, "target": t} for u, p, t in m.targetings]
        m.r.tell(action.player, "espionnage", targetings=seen, wolves_target=m.wolves_target)
        destroy(m, action.player)  # "Puis la carte se détruit."


def _fin_de_l_aube(m: _Moment) -> None:
    r, s = m.r, m.r.state
    for druid in sorted(m.turned):  # "Si cela se produit, alors l'orbe est détruite à la fin de la nuit."
        destroy(m, druid)
    left = s.memory.get(TODAY)
    left = left if isinstance(left, dict) and left.get("phase") == next_phase(s.phase) else {}
    execution = left.get("execution")
    if isinstance(execution, dict):
        by = execution["by"]
        if not s.player(execution["target"]).alive:  # "Si ce joueur meure au cours de l'aube …"
            if not s.player(by).alive:
                left.pop("execution")
            else:
                options = [n for n in s.living() if n != by] + ["abandon"]
                chosen = one(r, "execution", by, "EXÉCUTION : ta cible est morte. Nouvelle cible, ou abandon ?",
                             options, about=by, default="abandon")  # fmt: skip
                if chosen in ("abandon", NOBODY):
                    left.pop("execution")
                else:
                    execution["target"] = chosen
        if "execution" in left and s.player(by).alive:
            r.emit("execution_announced")  # "Un assassin va tenter de provoquer une exécution aujourd'hui"
    for dead in left.get("ouija", ()):
        if not s.player(dead).alive:
            r.emit("ouija_announced", player=dead)
    chats = s.memory.pop("excuse", None)
    if isinstance(chats, dict) and chats.get("night") == s.phase:
        for chat in chats["chats"]:
            user = chat["by"]
            used = m.actions.get(user)
            if s.player(user).alive and used is not None and used.power == "paquet.atout":
                for member in chat["players"]:
                    r.tell(member, "excuse_end", players=chat["players"], by=user)


STEPS: dict[str, Callable[[_Moment], None]] = {
    "nature": _nature,
    "barrage": _barrage,
    "imitation_copie": _imitation_copie,
    "protection": _protection,
    "interception": _interception,
    "attaques": _attaques,
    "sauvetage": _sauvetage,
    "charge": _charge,
    "chaudron": _chaudron,
    "execution": _execution,
    "ouija": _ouija,
    "odorat": _odorat,
    "instinct": _instinct,
    "infiltration": _infiltration,
    "atout": _atout,
    "elementariste": _elementariste,
    "reparation": _reparation,
    "troubadour": _troubadour,
    "trouvere": _trouvere,
    "observation": _observation,
    "espionnage": _espionnage,
    "fin_de_l_aube": _fin_de_l_aube,
}
assert tuple(STEPS) == DAWN_ORDER, "every step of the dawn has its function, in DAWN_ORDER's order"
# The steps that only do what an MP asked: the powers they perform (the others run every night).
_ASKED: dict[str, frozenset[str]] = {
    "nature": frozenset({"orbe.nature"}),
    "barrage": frozenset({"arc.barrage"}),
    "imitation_copie": frozenset({"cape.imitation", "cape.copie"}),
    "protection": frozenset({"chapelet.protection"}),
    "interception": frozenset({"chapelet.interception"}),
    **{
        step: frozenset({power})
        for power, spec in POWERS.items()
        for step in (power.split(".")[1],)
        if step in STEPS and spec.kind == NIGHT
    },
}
_DAWN = tuple((function, _ASKED.get(step)) for step, function in STEPS.items())


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r, m = resolution(state, answers or {}, decrees)
    if r.state.memory.get(RAVAGE) == r.phase:
        m.stopped.update(dict.fromkeys(RAVAGE_STOPS, "ravage"))
    _latest(m, actions)
    asked = m.by_power.keys()
    for step, powers in _DAWN:
        if powers is None or not powers.isdisjoint(asked):
            step(m)
    for action in m.actions.values():  # an action no step took (a power the user no longer holds)
        if action.player not in m.done:
            r.tell(action.player, "action_void", power=action.power, why="objet")
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    return finish(r)


__all__ = ["DAWN_ORDER", "NIGHT_ORDER", "STEPS", "Resolution", "resolve_night"]
