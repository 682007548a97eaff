"""`trinite-meuporg`: the night and its dawn, resolved in the rule file's 17 numbered steps: DAWN_ORDER,
written once here; STEPS gives each its function.

Every power comes from an item (engine/items.py). "Tout pouvoir demandé qui se déclencherait après la
mort de son utilisateur ou destruction de l'objet générant le pouvoir n'est pas effectué": each step
checks, when it comes, that the user still holds the item intact and is alive (``deaths._usable_now``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ... import items
from ...model import Action, Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from .deaths import (
    _arc_volley,
    _curse_check,
    _finish,
    _kill,
    _Moment,
    _moved,
    _one,
    _resolution,
    _revive,
    _threaten,
    _usable_now,
)
from .powers import POWERS, group_of, validate
from .roles import HEAL, LOUPS, TANK, VILLAGE, style

DAWN_ORDER: tuple[str, ...] = (
    "chapelet",  # 1] activation du chapelet (SAVOIR répond tout de suite)
    "attaque_des_loups",  # 2] chapelet PROTECTION/INTERCEPTION, armure, dague
    "potion_de_mort",  # 3]
    "arc",  # 4] (and, as a chain, right after any later step that kills an archer: RULINGS.md)
    "interception",  # 5] the priest dies instead of his group
    "poupee_vaudou",  # 6] markers, then three markers kill
    "boule_de_cristal",  # 7]
    "cape",  # 8]
    "harpe",  # 9]
    "hache",  # 10]
    "potion_de_soins",  # 11] the night's dead shown, one saved, who acts now
    "potion_d_echange",  # 12]
    "prompteur",  # 13]
    "potion_de_verite",  # 14]
    "marteau",  # 15]
    "sceptre",  # 16]
    "carte",  # 17]
)
NIGHT_ORDER = DAWN_ORDER


# -- the night --------------------------------------------------------------------------------
def _latest(r: Resolution, actions: Sequence[Action]) -> dict[str, Action]:
    """The valid actions of the phase: a later MP replaces an earlier one for the same power."""
    kept: dict[str, Action] = {}
    using: dict[tuple[str, str], str] = {}  # (player, item) → the key of the action kept for it
    for action in actions:
        refusal = validate(r.state, action)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        # One use of an item a night: the chapelet's three modes are one power ("SAVOIR ou PROTECTION …
        # aussi … INTERCEPTION"); a later MP replaces the earlier one.
        item = POWERS[action.power].item
        key = f"{action.power}:{action.player}"
        if item is not None:
            old = using.pop((action.player, item), None)
            if old is not None:
                del kept[old]
            using[action.player, item] = key
        kept.pop(key, None)
        kept[key] = action
    if r.state.phase.startswith("N"):
        for action in kept.values():
            r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept


def _each(m: _Moment, prefix: str, only: str | None) -> list[tuple[str, Action, items.Item]]:
    """The actions of one step whose user may still act, marked as done."""
    found = []
    for key, action in m.by_step.get(prefix, ()):
        if key in m.done:
            continue
        if only is not None and action.player != only:
            continue
        item = _usable_now(m, key, action)
        if item is None:
            continue
        m.done.add(key)
        found.append((key, action, item))
    return found


def _target(m: _Moment, user: str, power: str, target: str) -> None:
    m.targetings.append((user, power, target))


def _chapelet(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    night = int(s.phase[1:])
    for _key, action, item in _each(m, "chapelet.", only):
        mode = action.power.split(".")[1]
        if mode == "intercepter":
            m.intercept[action.player] = (group_of(s, action.player), item.id)
            continue
        target = action.targets[0]
        _target(m, action.player, action.power, target)
        if mode == "proteger":
            m.protected[target] = (action.player, item.id)
            s.memory.setdefault("protection", {})[action.player] = {"night": night, "target": target}
            continue
        seen = s.memory.setdefault("savoir", {})
        pair = f"{action.player}>{target}"
        seen[pair] = seen.get(pair, 0) + 1
        if seen[pair] == 1:  # "La première fois … son rôle est renvoyé."
            r.tell(action.player, "chapelet_savoir", target=target, role=s.player(target).role)
        else:  # "La deuxième fois … son camp est renvoyé et le chapelet est détruit."
            items.destroy(s, item.id)
            r.tell(action.player, "chapelet_savoir", target=target, camp=s.player(target).camp, broken=True)


def _wolves_choice(m: _Moment) -> str | None:
    """ "le MJ prend comme cible le résultat arrivé en majorité, ou à défaut au hasard parmi ce qui lui
    a été proposé par les loups" (one proposal a living wolf)."""
    s = m.r.state
    counted: dict[str, int] = {}
    for action in m.actions.values():
        if action.power == "loups.attaquer":
            counted[action.targets[0]] = counted.get(action.targets[0], 0) + 1
    if not counted:
        return None
    most = max(counted.values())
    leaders = [target for target, count in counted.items() if count == most]
    if len(leaders) == 1:
        return leaders[0]
    return s.rng("loups").choice(sorted(counted))


def _attaque_des_loups(m: _Moment, only: str | None = None) -> None:
    if only is not None:
        return
    target = _wolves_choice(m)
    m.wolves_target = target
    if target is None:
        m.r.tell_mj("no_wolf_target")
        return
    m.r.tell_mj("wolves_target", player=target)
    _threaten(m, target, "loups", None)


def _potion_de_mort(m: _Moment, only: str | None = None) -> None:
    for _key, action, item in _each(m, "potion_de_mort.", only):
        items.destroy(m.r.state, item.id)  # "Utiliser la potion la détruit."
        _target(m, action.player, action.power, action.targets[0])
        _threaten(m, action.targets[0], "potion_de_mort", action.player)


def _arc(m: _Moment, only: str | None = None) -> None:
    _arc_volley(m)


def _interception(m: _Moment, only: str | None = None) -> None:
    """ "les deux survivent et c'est lui qui meure à la place, et le chapelet est détruit." """
    r, s = m.r, m.r.state
    m.interception_due = True
    for priest, saved in list(m.intercepted.items()):
        if not saved or priest in m.interception_done:
            continue
        m.interception_done.add(priest)
        _, chapelet = m.intercept[priest]
        if not m.event:
            items.destroy(s, chapelet)
            r.tell(priest, "interception_death", saved=saved)
            _kill(m, priest, "interception")
            continue
        choice = _one(
            r,
            "interception",
            priest,
            "Nuit événement : tu meurs en gardant ton chapelet (mourir), ou tout ton groupe survit "
            "contre un marqueur malédiction chacun et ton chapelet est détruit (groupe) ?",
            ["mourir", "groupe"],
            about=priest,
            default="mourir",
        )
        if choice == "groupe":
            items.destroy(s, chapelet)
            living = [n for n in group_of(s, priest) if s.player(n).alive]
            if _markers_would_draw(s, living):
                r.tell_mj("interception_markers_skipped", players=living)
            else:
                m.markers_due.extend(living)
            r.tell(priest, "interception_group", players=living)
            continue
        r.tell(priest, "interception_death", saved=saved, kept=True)
        _kill(m, priest, "interception")
        others = [p.name for p in s.players if p.name != priest and items.held(s, p.name)]
        swap = _one(
            r,
            "interception_echange",
            priest,
            "Ton chapelet n'est pas détruit : contre les objets de quel joueur l'échanges-tu ?",
            others,
            about=priest,
        )
        if swap != NOBODY:
            moved = [items.transfer(s, i.id, priest) for i in items.held(s, swap)]
            moved.append(items.transfer(s, chapelet, swap))
            r.tell(swap, "items_swapped", by=priest, items=_hand(s, swap))
            _moved(m, moved)


def _markers_would_draw(s: GameState, players: list[str]) -> bool:
    """Would one more curse marker each on ``players`` kill everyone left (a draw)?"""
    doll = items.holder_of(s, "poupee_vaudou")
    if doll is None:
        return False
    camp = s.player(doll.holder).camp
    doomed = {n for n in players if s.player(n).markers.get("malediction", 0) + 1 >= 3 and s.player(n).camp != camp}
    doomed |= {p.name for p in s.players if p.alive and p.markers.get("malediction", 0) >= 3 and p.camp != camp}
    return bool(doomed) and doomed >= set(s.living())


def _poupee_vaudou(m: _Moment, only: str | None = None) -> None:
    s = m.r.state
    for _key, action, _item in _each(m, "poupee_vaudou.", only):
        target = s.player(action.targets[0])
        _target(m, action.player, action.power, target.name)
        if target.alive:  # power boost: two markers on the one player
            target.markers["malediction"] = target.markers.get("malediction", 0) + (2 if m.event else 1)
            m.r.tell_mj("cursed", player=target.name, markers=target.markers["malediction"])
    for name in m.markers_due:
        player = s.player(name)
        if player.alive:
            player.markers["malediction"] = player.markers.get("malediction", 0) + 1
    m.markers_due.clear()
    _curse_check(m)


def _boule_de_cristal(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for _key, action, _item in _each(m, "boule_de_cristal.", only):
        user, target = s.player(action.player), s.player(action.targets[0])
        _target(m, user.name, action.power, target.name)
        if user.camp == VILLAGE:
            if m.event:  # "0 ou 1 loup dans le groupe du joueur ciblé, renvoie OKAY, 2 ou 3 … SUSPECT"
                wolves = sum(1 for n in group_of(s, target.name) if s.player(n).camp == LOUPS)
                r.tell(user.name, "crystal_ball", target=target.name, verdict="SUSPECT" if wolves >= 2 else "OKAY")
            else:
                r.tell(user.name, "crystal_ball", target=target.name, camp=target.camp)
        elif m.event:
            r.tell(user.name, "crystal_ball", target=target.name, style=style(target.role))
        else:
            r.tell(user.name, "crystal_ball", target=target.name, tank=style(target.role) == TANK)


def _cape(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for _key, action, cape in _each(m, "cape.", only):
        victim = action.targets[0]
        _target(m, action.player, action.power, victim)
        if not items.held(s, victim, intact_only=True):
            r.tell(action.player, "theft_failed", target=victim)
            continue
        moved = items.steal(s, action.player, victim)
        dague = any(t.item.kind == "dague" and t.item.intact for t in moved)
        if not dague:  # "la cape … est récupérée non-détruite au lieu d'être détruite" for a dague
            items.destroy(s, cape.id)
        moved.append(items.transfer(s, cape.id, victim))
        r.tell(action.player, "theft", target=victim, items=[_item_view(t.item) for t in moved[:-1]])
        r.tell(victim, "robbed", cape_intact=dague, items=_hand(s, victim))
        _moved(m, moved)


def _harpe(m: _Moment, only: str | None = None) -> None:
    s = m.r.state
    for _key, action, harpe in _each(m, "harpe.", only):
        target = action.targets[0]
        _target(m, action.player, action.power, target)
        if s.player(target).alive:
            continue
        items.destroy(s, harpe.id)
        m.r.tell(target, "resurrected", by=action.player)
        _revive(m, target, "harpe")


def _hache(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for _key, action, hache in _each(m, "hache.", only):
        target = action.targets[0]
        _target(m, action.player, action.power, target)
        items.destroy(s, hache.id)  # "(même si aucun objet n'a été détruit de cette manière)"
        if items.usable(s, target, "armure") is not None:
            r.tell(action.player, "axe_blocked", target=target)
            continue
        broken = items.destroy_all(s, target)
        r.tell(action.player, "axe_used", target=target, items=[_item_view(i) for i in broken])
        if broken:
            r.tell(target, "items_destroyed", items=[_item_view(i) for i in broken])


RERUN = ("chapelet", "potion_de_mort", "poupee_vaudou", "boule_de_cristal", "cape", "harpe", "hache")


def _potion_de_soins(m: _Moment, only: str | None = None) -> None:
    """ "le MJ vous montre pendant l'aube qui devrait mourir cette nuit. Vous pouvez choisir d'en sauver
    une." The saved player then does what the dawn skipped while they were dead."""
    r, s = m.r, m.r.state
    holders = items.holders(s, "potion_de_soins")  # read again after a save (its steps may move items)
    without: list[str] = []  # the living without a usable potion: not asked (``skip``), in one go
    r.skip_each("soins", without, "{player} n'a pas (ou plus) de potion de soins utilisable.")
    for healer in [p for p in s.players if p.alive]:
        potion = items.usable(s, healer.name, "potion_de_soins") if healer.name in holders else None
        if potion is None:
            without.append(healer.name)
            continue
        dying = [n for n in m.died if not s.player(n).alive]
        # Not the doll's ("dont personne ne peut se défendre"), nor the MJ's own decree.
        savable = [n for n in dying if s.player(n).death_cause not in ("poupee_vaudou", "mj")]
        if style(healer.role) == HEAL and not m.event:
            friends = s.memory["compagnons"].get(healer.name, [])
            savable = [n for n in savable if n in friends]
        r.tell(healer.name, "night_deaths", players=dying, savable=savable)
        if not savable:
            why = "aucun des morts de la nuit n'est à sa portée" if dying else "personne ne meurt cette nuit"
            r.skip("soins", healer.name, f"Personne à sauver pour {healer.name} ({why}) : la potion est gardée.")
            continue
        chosen = _one(r, "soins", healer.name, "Qui sauves-tu avec ta potion de soins ?", savable, about=healer.name)
        if chosen == NOBODY:
            continue
        items.destroy(s, potion.id)
        last = max(i for i, e in enumerate(r.events) if e.type == "death" and e.data.get("player") == chosen)
        del r.events[last]  # the death never happened: not in the morning's list
        m.died.remove(chosen)
        player = s.player(chosen)
        player.alive, player.death_phase, player.death_cause = True, None, None
        r.tell_mj("saved", player=chosen, by=healer.name)
        _curse_check(m)
        late = {m.actions[k].power.split(".")[0] for k in m.skipped if m.actions[k].player == chosen}
        for step in RERUN:
            if step in late:
                STEPS[step](m, chosen)
        holders = items.holders(s, "potion_de_soins")


def _potion_d_echange(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for key, action, potion in _each(m, "potion_d_echange.", only):
        first, second = action.targets
        if action.player in action.targets:
            # "Vous ne pouvez vous cibler que si vous disposez d'au moins un autre objet non-détruit, et que
            # vous n'utilisez pas pendant la même nuit"; the event night: "même si tous vos autres objets
            # sont détruits" (RULINGS A11).
            used = {POWERS[a.power].item for k, a in m.actions.items() if a.player == action.player and k != key}
            others = [i for i in items.held(s, action.player) if i.id != potion.id]
            spare = [i for i in others if i.intact and i.kind not in used]
            if not spare and not (m.event and all(i.destroyed for i in others)):
                r.tell(action.player, "action_void", power=action.power, why="echange_soi")
                continue
        if not (s.player(first).alive or s.player(second).alive):
            r.tell(action.player, "action_void", power=action.power, why="morts")
            continue
        _target(m, action.player, action.power, first)
        _target(m, action.player, action.power, second)
        items.destroy(s, potion.id)  # "La potion d'échange se détruit, puis ces deux joueurs échangent"
        moved = items.swap(s, first, second)
        r.tell(first, "items_swapped", by=action.player, items=_hand(s, first), other=second)
        r.tell(second, "items_swapped", by=action.player, items=_hand(s, second), other=first)
        _moved(m, moved)


def _prompteur(m: _Moment, only: str | None = None) -> None:
    s = m.r.state
    for _key, action, _item in _each(m, "prompteur.", only):
        target = s.player(action.targets[0])
        _target(m, action.player, action.power, target.name)
        if target.alive:
            continue
        m.prompted.add(target.name)
        m.r.emit("camp_revealed", player=target.name, camp=target.camp, by="prompteur")


def _potion_de_verite(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    revealed: set[str] = set()
    for _key, action, potion in _each(m, "potion_de_verite.", only):
        target = s.player(action.targets[0])
        _target(m, action.player, action.power, target.name)
        if target.alive:
            continue
        if target.name in m.prompted:  # "Si un prompteur a été utilisé la même nuit … la potion est conservée"
            r.tell(action.player, "truth_kept", target=target.name)
            continue
        items.destroy(s, potion.id)  # two on the same player: both lost, one revelation
        r.tell(action.player, "truth_used", target=target.name)
        if target.name not in revealed:
            revealed.add(target.name)
            r.emit("camp_revealed", player=target.name, camp=target.camp, by="potion_de_verite")


def _marteau(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for _key, action, marteau in _each(m, "marteau.", only):
        target = action.targets[0]
        _target(m, action.player, action.power, target)
        repaired = items.repair(s, target)
        m.unarmed.clear()
        items.destroy(s, marteau.id)
        if repaired:
            r.tell(target, "items_repaired", items=[_item_view(i) for i in repaired])
        r.tell(action.player, "hammer_broken", target=target, repaired=len(repaired))


def _sceptre(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    for _key, action, _item in _each(m, "sceptre.", only):
        dead = action.targets[0]
        _target(m, action.player, action.power, dead)
        if s.player(dead).alive:  # "le pouvoir est annulé pour cette nuit si votre cible est ressuscitée"
            r.tell(action.player, "action_void", power=action.power, why="ressuscite", target=dead)
            r.tell_mj("sceptre_vote_cancelled", player=None, target=dead, reason="ressuscite")
            r.skip("sceptre", dead, f"{dead} a été ressuscité·e : le pouvoir du sceptre est annulé cette nuit.")
            continue
        chosen = _one(
            r,
            "sceptre",
            dead,
            "Le sceptre te donne la parole : contre qui ajoutes-tu un vote au prochain bûcher ?",
            s.living(),
            about=dead,
        )
        if chosen == NOBODY:
            continue
        if chosen in m.protected:  # "sauf si le joueur choisi était protégé par le chapelet en mode PROTECTION"
            r.tell_mj("sceptre_vote_cancelled", player=chosen, target=dead, reason="protection")
            continue
        s.memory.setdefault("votes_sceptre", []).append(chosen)
        r.emit("sceptre_vote", player=chosen)


def _carte(m: _Moment, only: str | None = None) -> None:
    r, s = m.r, m.r.state
    maps = items.holders(s, "carte")  # nothing here moves an item
    for holder in [p.name for p in s.players if p.alive]:
        if holder not in maps:
            continue
        if m.event:  # "qui a ciblé qui pendant la nuit tous joueurs confondus" and the wolves' target
            seen = [{"user": u, "power": p, "target": t} for u, p, t in m.targetings]
            r.tell(holder, "map", targetings=seen, wolves_target=m.wolves_target)
        else:
            by = sorted({u for u, _p, t in m.targetings if t == holder and u != holder})
            r.tell(holder, "map", by=by, attacked=m.wolves_target == holder)


def _item_view(item: items.Item) -> dict[str, object]:
    return {"kind": item.kind, "destroyed": item.destroyed}


def _hand(s: GameState, player: str) -> list[dict[str, object]]:
    return [_item_view(i) for i in items.held(s, player)]


STEPS: dict[str, Callable[[_Moment, str | None], None]] = {
    "chapelet": _chapelet,
    "attaque_des_loups": _attaque_des_loups,
    "potion_de_mort": _potion_de_mort,
    "arc": _arc,
    "interception": _interception,
    "poupee_vaudou": _poupee_vaudou,
    "boule_de_cristal": _boule_de_cristal,
    "cape": _cape,
    "harpe": _harpe,
    "hache": _hache,
    "potion_de_soins": _potion_de_soins,
    "potion_d_echange": _potion_d_echange,
    "prompteur": _prompteur,
    "potion_de_verite": _potion_de_verite,
    "marteau": _marteau,
    "sceptre": _sceptre,
    "carte": _carte,
}

assert tuple(STEPS) == DAWN_ORDER, "every step of the dawn has its function, in the file's order"
# The steps that only carry out tonight's actions of their own power ("cape." …): nothing to do without one.
_ACTIONS_ONLY = frozenset(
    {"chapelet", "potion_de_mort", "boule_de_cristal", "cape", "harpe", "hache", "potion_d_echange", "prompteur"}
    | {"potion_de_verite", "marteau", "sceptre"}
)
# Each step's function; the power prefix without whose actions it is skipped (None: it always runs); whether
# the arc volley follows it (from the arc's own step on, skipped step or not).
_DAWN = tuple(
    (STEPS[step], f"{step}." if step in _ACTIONS_ONLY else None, index >= DAWN_ORDER.index("arc"))
    for index, step in enumerate(DAWN_ORDER)
)


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r, m = _resolution(state, answers or {}, decrees)
    m.actions = _latest(r, actions)
    for key, action in m.actions.items():
        m.by_step.setdefault(action.power.partition(".")[0] + ".", []).append((key, action))
    for run, prefix, volley in _DAWN:
        if prefix is None or prefix in m.by_step:
            run(m, None)
        if volley and m.died:  # an archer killed later in the dawn shoots at once
            _arc_volley(m)
    for wolf in m.arrowed_wolves:  # not one the potion de soins brought back: the arrow did not kill him
        if not r.state.player(wolf).alive:
            r.emit("camp_revealed", player=wolf, camp=LOUPS, by="arc")
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    return _finish(r, m)
