"""`double-roles`: the night, in the file's order ("Ordre de jeu des actions de nuit"), written once.

Each step sees what the steps before it did: a player killed or salbatarised earlier in the night does
not act. Among the holders of the same night role, the secret order numbers decide who acts first.
Deaths of the night are announced at dawn, in the order they happened (RULINGS R9)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ... import items
from ...model import Action, Decree, GameState, Outcome
from ...resolution import Resolution
from .common import (
    _roles,
    boosted,
    can_act,
    canon,
    cause_tonight,
    copies,
    free_to_act,
    goes_out,
    holds,
    invincible,
    is_dying,
    kill_tonight,
    location,
    log_use,
    log_uses,
    night,
    number,
    occupants,
    salbatarised,
    solitaire_night,
)
from .convert import convaincants
from .houses import echanges, hidden_with, planques, tell_hidden
from .roles import ROLE_ORDER, SEP, VILLAGEOIS, WOLF_NATURES, roles_of
from .senses import killer_known, noticed, voyeurs
from .sympathique import boost, extra_room
from .validation import ANYTIME_POWERS, DAY_POWERS, POWERS, powers_by_holder, validate_with

# (step, the role or nature whose holders act, their power); None: a step not played yet (SPEC.md).
NIGHT_ORDER: tuple[str, ...] = (
    "planques", "echanges", "salbatars", "cupidon", "voyantes", "voyeurs", "sorciers", "salvateurs", "loups",
    "loup_solitaire", "assassins", "necromanciennes", "convaincants", "corbeaux", "araignees", "detectives",
)  # fmt: skip
STEP_POWER: dict[str, str | None] = {
    "planques": "planque.planquer",
    "echanges": None,
    "salbatars": "salbatar.salbatariser",
    "cupidon": "cupidon.amoureux",
    "voyantes": "voyante.sonder",
    "voyeurs": "voyeur.lier",
    "sorciers": "sorcier.rituel",
    "salvateurs": "salvateur.proteger",
    "loups": "meute.devorer",
    "loup_solitaire": "loup_solitaire.devorer",
    "assassins": "assassin.tuer",
    "necromanciennes": "necromancienne.ressusciter",
    "convaincants": "convaincant.convaincre",
    "corbeaux": "corbeau.accuser",
    "araignees": "araignee.tisser",
    "detectives": "detective.enqueter",
}
assert tuple(STEP_POWER) == NIGHT_ORDER, "every step of the night has its power, in the file's order"
assert {p for p in STEP_POWER.values() if p} == set(POWERS) - DAY_POWERS - ANYTIME_POWERS, "a night power, a step"

Queue = list[tuple[str, Action]]  # (copy key, action), in the order of play


def _queue(state: GameState, power: str, chosen: Mapping[str, list[Action]], position: dict[str, int]) -> Queue:
    """The actions of one step in the order of play: each copy of the role with its own secret number
    ("l'ordre croissant ainsi établi"); a player's k-th action of the power goes to his k-th copy.
    ``chosen``: this power's actions by player (``choose``'s); ``position``: each player's place at the table, filled
    here at its first need (the night's, empty before)."""
    owner = POWERS[power].owner
    if len(chosen) == 1:  # one player (most steps): his actions in their order, which the numbers keep
        for name, actions in chosen.items():
            if len(actions) == 1:
                return [(f"{name}:{owner}", actions[0])]
    if not position:  # the first queue of the night with several actions
        for place, player in enumerate(state.players):
            position[player.name] = place
    numbers: dict[str, int] = state.memory.get("ordre", {})
    rows: list[tuple[int, int, int, str, Action]] = []
    # The players who chose it (a few), at their places at the table; a player's own rows in his actions' order
    # (``index``: no two rows tie, the sort never compares the actions).
    for name, actions in chosen.items():
        for index, action in enumerate(actions):
            key = f"{name}:{owner}#{index + 1}" if index else f"{name}:{owner}"
            rows.append((numbers.get(key, 0), position[name], index, key, action))
    rows.sort()
    return [(row[3], row[4]) for row in rows]


def _hidden_with(r: Resolution, host: str) -> list[str]:
    """``hidden_with``; nobody, without asking, on a night nobody hid (most nights)."""
    return hidden_with(r, host) if night(r.state)["planques"] else []


def _tell_hidden(r: Resolution, host: str, kind: str) -> None:
    """``tell_hidden``; nobody to tell, without asking, on a night nobody hid (most nights)."""
    if night(r.state)["planques"]:
        tell_hidden(r, host, kind)


def _salbatars(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        house = action.targets[0]
        goes_out(s, action.player, "salbatar")
        _remember(s, action)
        if house in s.memory.get("salbat_veille", []):  # targeted the night before: lost, silently
            r.tell_mj("power_lost", player=action.player, power=action.power, house=house)
            continue
        night(s)["salbat"].append(house)
        log_use(s, action.player, [house])
        noticed(r, action.player, "salbatar", occupants(s, house))
        for name in occupants(s, house):
            if canon(s.player(name)):  # « immunisé contre les effets [...] d'un Salbatar »
                continue
            s.player(name).markers["salbatarise"] = number(s.phase)
            r.tell(name, "salbatarised", house=house)


def _cupidon(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        cupidon = s.player(action.player)
        if not free_to_act(s, cupidon) or cupidon.markers.get("fleches", 0) <= 0:
            continue
        first, second = action.targets[:2]
        if not (s.player(first).alive and s.player(second).alive):
            r.tell(action.player, "cupidon_result", ok=False, targets=[first, second])
            continue
        s.player(action.player).markers["fleches"] -= 1
        log_use(s, action.player, [first, second])
        noticed(r, action.player, "cupidon", [first, second])
        for one in (first, second):  # « même si le logeur est Chanoine [...] Liche ou phylactère et que [...] foiré »
            _tell_hidden(r, one, "host_cupidon")
        if canon(s.player(first)) or canon(s.player(second)):  # « il saura que son pouvoir a foiré »
            r.tell(action.player, "cupidon_result", ok=False, targets=[first, second])
            continue
        liches = [n for n in (first, second) if copies(s.player(n), "liche")]
        keepers = [n for n in (first, second) if s.player(n).markers.get("liches")]
        if liches or keepers:  # « son pouvoir foire mais il sait immédiatement qui est Liche et/ou [...] phylactère »
            r.tell(
                action.player, "cupidon_result", ok=False, targets=[first, second], liches=liches, phylacteres=keepers
            )
            continue
        for one, other in ((first, second), (second, first)):
            loves = s.player(one).markers.setdefault("amours", [])
            if other not in loves:
                loves.append(other)
            r.tell(one, "lover", target=other)
        s.player(action.player).markers["amours_faits"] = True
        r.tell(action.player, "cupidon_result", ok=True, targets=[first, second])


def _voyantes(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        house, kind = action.targets[0], action.targets[1]
        goes_out(s, action.player, "voyante")
        log_use(s, action.player, [house])
        noticed(r, action.player, "voyante", occupants(s, house))
        seen: list[dict[str, object]] = []
        for name in occupants(s, house):
            who = s.player(name)
            if boosted(s, s.player(action.player), "voyante") and not canon(who):  # « rôles ET nature »
                seen.append({"player": name, "roles": roles_of(who.role), "nature": who.camp})
            elif (
                night(s)["planques"].get(name) == house and name != house
            ):  # « qu'elle ait choisi "rôles" ou "natures" »
                seen.append({"player": name, "roles": ["planque"]})
            elif kind == "roles":
                shown = roles_of(who.role)
                if canon(who):  # « deux rôles aléatoires comme réponse parmi tous les rôles possibles »
                    shown = s.rng(f"chanoine:{action.player}:{name}").choices(ROLE_ORDER, k=2)
                seen.append({"player": name, "roles": shown})
            else:
                seen.append({"player": name, "nature": VILLAGEOIS if canon(who) else who.camp})
        r.tell(action.player, "seer_result", house=house, kind=kind, seen=seen)


def _sorciers(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        sorcier = s.player(action.player)
        if not free_to_act(s, sorcier) or sorcier.markers.get("rituels", 0) <= 0:
            continue
        target = action.targets[0]
        if not s.player(target).alive or is_dying(s, target):
            continue  # already dead: the ritual is not spent
        sorcier.markers["rituels"] -= 1
        log_use(s, action.player, [target])
        noticed(r, action.player, "sorcier", [target])
        if not canon(s.player(target)):  # the Chanoine is immune: the ritual is spent for nothing (R23)
            _tell_hidden(r, target, "host_ritual")  # « le Planqué le sait, mais ne sait pas qui est le Sorcier »
            kill_tonight(s, target, "rituel")
            killer_known(r, target, action.player, "rituel")  # "où qu'il soit, et sans bouger de chez lui"


def _salvateurs(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        house = action.targets[0]
        if house != action.player:
            goes_out(s, action.player, "salvateur")
        _remember(s, action)
        log_use(s, action.player, [house])
        noticed(r, action.player, "salvateur", occupants(s, house))
        if house in s.memory.get("proteges_veille", []):  # RULINGS R5: lost, and he is not told
            r.tell_mj("power_lost", player=action.player, power=action.power, house=house)
            continue
        for inside in occupants(s, house):
            if canon(s.player(inside)):  # « ça ne marchera pas et il ne le saura pas »
                r.tell_mj("power_lost", player=action.player, power=action.power, house=house)
                break
        else:
            night(s)["proteges"].append(house)


def _attack(r: Resolution, house: str, cause: str, by: str) -> None:
    """An attack of wolves on a house: each person in it dies unless the house is protected or a Vieux
    Chiant resists (once per copy)."""
    s = r.state
    protected = night(s)["proteges"]
    for name in occupants(s, house):
        victim = s.player(name)
        if cause == "loup_solitaire" and victim.camp not in WOLF_NATURES:
            continue  # alone, he attacks "un autre Loup ou Loup Solitaire" only (RULINGS R6)
        if house in protected:
            r.tell_mj("protected", player=name, house=house)
            continue
        if "phylactere" in victim.markers and invincible(s, victim):  # a Liche's marker, else not
            r.tell_mj("liche_survived", player=name, cause=cause)
            killer_known(r, name, by, cause)
            continue
        held = victim.role  # the string first: most are no Sympathisant Loup
        if (
            "sympathisant_loup" in held
            and "sympathisant_loup" in _roles(held)
            and victim.camp != "loup"
            and not salbatarised(s, victim)
        ):
            prompt = "Tu es attaqué·e par les loups : deviens-tu Loup (oui) ou non ?"
            if r.ask("sympathisant", name, prompt, ["oui", "non"], about=name, default="non", single=True) == "oui":
                _turn_wolf(r, name)
                continue
        if victim.markers.get("resistances", 0) > 0:
            victim.markers["resistances"] -= 1
            r.tell(name, "old_resisted")
            killer_known(r, name, by, cause)
            continue
        kill_tonight(s, name, cause)
        killer_known(r, name, by, cause)


def _turn_wolf(r: Resolution, name: str) -> None:
    """The Sympathisant Loup becomes a Loup instead of dying: he and the wolves learn of each other."""
    s = r.state
    s.player(name).camp = "loup"
    if not holds(s, name, "meute"):
        items.give(s, name, "meute")
    pack = [p.name for p in s.players if p.alive and p.camp in WOLF_NATURES and p.name != name]
    r.tell(name, "became_wolf", wolves=pack)
    for wolf in pack:
        r.tell(wolf, "new_wolf", target=name)


def _loups(r: Resolution, queue: Queue) -> None:
    """One MP each; the house named most; a draw between the tied; nobody without a valid MP."""
    s = r.state
    votes: dict[str, int] = {}
    for _key, action in queue:
        wolf = s.player(action.player)
        if free_to_act(s, wolf) and wolf.camp in WOLF_NATURES:
            votes[action.targets[0]] = votes.get(action.targets[0], 0) + 1
    if not votes:
        r.tell_mj("wolves_no_target")
        return
    top = max(votes.values())
    tied = []
    for named, count in votes.items():
        if count == top:
            tied.append(named)
    if len(tied) > 1:
        tied.sort()
    house = tied[0] if len(tied) == 1 else s.rng("loups").choice(tied)
    r.tell_mj("wolves_target", house=house, votes=votes, draw=len(tied) > 1)
    pack = []
    for wolf in s.players:  # "attaquée par tous les loups": every wolf able to kill goes out
        if wolf.camp in WOLF_NATURES and free_to_act(s, wolf):
            pack.append(wolf.name)
            goes_out(s, wolf.name, wolf.camp)
    log_uses(s, pack, [house])
    _attack(r, house, "loups", pack[0] if len(pack) == 1 else "loups")


def _loup_solitaire(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        wolf = s.player(action.player)
        free = wolf.alive and not is_dying(s, action.player) and boosted(s, wolf, "loup_solitaire")
        if (free_to_act(s, wolf) or free) and solitaire_night(wolf, number(s.phase)):
            goes_out(s, action.player, "loup_solitaire")  # "1 seule sortie même s'il tue en plus des Loups"
            log_use(s, action.player, [action.targets[0]])
            _attack(r, action.targets[0], "loup_solitaire", action.player)


def _assassins(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        assassin = s.player(action.player)
        if not free_to_act(s, assassin) or assassin.markers.get("meurtres", 0) <= 0:
            continue
        target = action.targets[0]
        if not s.player(target).alive or is_dying(s, target):
            continue
        assassin.markers["meurtres"] -= 1
        goes_out(s, action.player, "assassin")
        log_use(s, action.player, [target])
        r.tell(action.player, "assassin_found", target=target, house=location(s, target))
        hiders = [h for h in _hidden_with(r, location(s, target)) if h != target]  # hiding where he is
        kill_tonight(s, target, "assassin")
        killer_known(r, target, action.player, "assassin")
        for hider in hiders:  # « le Planqué et lui se voient mutuellement, et l'Assassin peut le tuer gratuitement »
            r.tell(hider, "planque_saw_assassin", by=action.player)
        if hiders:
            prompt = "Un Planqué est là : le tues-tu aussi (gratuitement) ?"
            extra = r.ask("assassin_planque", action.player, prompt, hiders, about=action.player, single=True)
            if extra in hiders:
                kill_tonight(s, extra, "assassin")
                killer_known(r, extra, action.player, "assassin")


def _necromanciennes(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        necro = s.player(action.player)
        if not free_to_act(s, necro) or necro.markers.get("potions", 0) <= 0:
            continue
        target = action.targets[0]
        if not is_dying(s, target):  # "lorsqu'il y a un mort (dans la même nuit)": else the potion is kept
            r.tell(action.player, "potion_unused", target=target)
            continue
        store = night(s)
        for name in [
            target,
            *s.player(target).markers.get("liches", []),
        ]:  # « ressucitée aussi si son phylactère l'est »
            if name in store["mourants"] and (name == target or cause_tonight(s, name) == "phylactere"):
                at = store["mourants"].index(name)
                del store["mourants"][at], store["causes"][at]
        necro.markers["potions"] -= 1
        goes_out(s, action.player, "necromancienne")
        log_use(s, action.player, [target])
        noticed(r, action.player, "necromancienne", [target])
        r.tell(action.player, "potion_used", target=target)
        r.tell(target, "revived")  # he knows it (the Paranoïaque's, the Détective's texts): RULINGS R10
        for hider in _hidden_with(r, target):  # « le Planqué et la Nécromancienne en cause se voient »
            r.tell(hider, "planque_met", target=action.player, role="necromancienne")
            r.tell(action.player, "planque_met", target=hider, role="planque")


def _corbeaux(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        target = action.targets[0]
        goes_out(s, action.player, "corbeau")  # "même s'il met les voix sur lui-même"
        log_use(s, action.player, [target])
        noticed(r, action.player, "corbeau", [target])
        crows: dict[str, int] = s.memory.setdefault("corbeau", {})
        if boosted(s, s.player(action.player), "corbeau"):  # « répartir 3 voix sur des cibles (1, 2 ou 3 cibles) »
            shares = {1: [3], 2: [2, 1], 3: [1, 1, 1]}[len(action.targets)]
            for name, votes in zip(action.targets, shares, strict=True):
                crows[name] = crows.get(name, 0) + votes
            continue
        crows[target] = crows.get(target, 0) + 2


def _araignees(r: Resolution, queue: Queue) -> None:
    """Two people (not houses) who may send each other 2 MPs each the next day; she goes out."""
    s = r.state
    for _key, action in queue:
        if not can_act(s, action.player):
            continue
        linked = list(action.targets)
        goes_out(s, action.player, "araignee")
        log_use(s, action.player, linked)
        noticed(r, action.player, "araignee", linked)
        # Boosted: « désigner 3 personnes qui pourront envoyer chacune 4 messages à n'importe-laquelle des 2 autres »
        messages = 4 if boosted(s, s.player(action.player), "araignee") else 2
        for one in linked:
            _tell_hidden(r, one, "host_targeted")
            if s.player(one).alive and not is_dying(s, one):
                for other in linked:
                    if other != one:
                        r.tell(one, "spider_link", target=other, messages=messages)


def _detectives(r: Resolution, queue: Queue) -> None:
    s = r.state
    for _key, action in queue:
        target = action.targets[0]
        traps = target == action.player and is_dying(s, action.player)  # « Ca ne l'empêchera pas de crever »
        if not (can_act(s, action.player) or (traps and not salbatarised(s, s.player(target)))):
            continue
        if target != action.player:
            goes_out(s, action.player, "detective")
        log_use(s, action.player, [target])
        noticed(r, action.player, "detective", [target])
        who = s.player(target)
        sharp = boosted(s, s.player(action.player), "detective")  # the Sympathique's boost (R31)
        if traps and sharp:  # « tout le monde saura ses rôles, sa nature, et il pourra laisser un testament »
            r.emit("detective_testament", player=target, roles=roles_of(who.role), nature=who.camp)
            r.tell(target, "testament_invited")  # his words go to the MJ, who posts them (no engine question)
        if who.alive:  # a living target (or one dying tonight): out of his house? how he dies?
            r.tell(
                action.player, "detective_result", target=target, alive=True,
                left_house=target in night(s)["sortis"] and not canon(who), cause=cause_tonight(s, target),
                **({"out_role": night(s)["causes_sortie"][target]}
                   if sharp and target in night(s)["sortis"] and not canon(who) else {}),
            )  # fmt: skip
            if traps:  # « révéler aux gens qui se lèveront comment il sera mort »
                r.emit("detective_reveal", player=target, cause=cause_tonight(s, target))
        else:
            used = s.memory.get("journal", {}).get(target, [])
            extra = {"roles": roles_of(who.role)} if sharp else {}  # « quels étaient les rôles possédés »
            r.tell(
                action.player, "detective_result", target=target, alive=False,
                used_powers=bool(used), on=list(used), cause=who.death_cause, nature=who.camp, **extra,
            )  # fmt: skip


def _remember(state: GameState, action: Action) -> None:
    """A Salvateur's or Salbatar's own target, which he may not target again the next night."""
    mine: dict[str, list[str]] = state.memory.setdefault("mes_maisons", {})
    mine.setdefault(f"{action.player}:{action.power}", []).append(action.targets[0])


STEPS: dict[str, Callable[[Resolution, Queue], None]] = {
    "planques": planques,
    "echanges": echanges,
    "salbatars": _salbatars,
    "cupidon": _cupidon,
    "voyantes": _voyantes,
    "voyeurs": voyeurs,
    "sorciers": _sorciers,
    "salvateurs": _salvateurs,
    "loups": _loups,
    "loup_solitaire": _loup_solitaire,
    "assassins": _assassins,
    "necromanciennes": _necromanciennes,
    "convaincants": convaincants,
    "corbeaux": _corbeaux,
    "araignees": _araignees,
    "detectives": _detectives,
}
assert [s for s in NIGHT_ORDER if s in STEPS] == list(STEPS), "the steps run in NIGHT_ORDER"
assert all(s in STEPS for s, power in STEP_POWER.items() if power), "a night power has its step's function"


def choose(r: Resolution, actions: Sequence[Action]) -> dict[str, dict[str, list[Action]]]:
    """The actions that count, by power and by player: each valid action, refused ones told; one per copy of the
    role (the last ones); the wolves' one MP each (the first one, "1 unique MP chacun", RULINGS R4). Each player's
    kept actions are told in the order their first one was read."""
    s = r.state
    by_power: dict[str, dict[str, list[Action]]] = {}
    order: list[list[Action]] = []  # each player's kept actions of a power, in the order first kept
    held = powers_by_holder(s) if actions else {}  # no item changes hands while they are chosen
    for action in actions:
        refusal = validate_with(s, action, held)
        player, power = action.player, action.power
        group = by_power.get(power)
        kept = group.get(player) if group is not None else None
        if refusal is None and kept and power == "meute.devorer":
            refusal = "Chaque loup n'envoie qu'un seul MP par nuit : ton premier choix compte."
        if refusal:
            r.tell(player, "action_refused", power=power, targets=[*action.targets], reason=refusal)
            continue
        spec = POWERS[power]
        if kept is None:
            if group is None:
                group = by_power[power] = {}
            kept = group[player] = []
            order.append(kept)
        if spec.uses and len(action.targets) > 1:  # one name per use (two houses in one MP)
            kept.extend(Action(player, power, (t,), action.source) for t in action.targets)
        else:
            kept.append(action)
        if len(kept) > 1:  # more than one: as many as he has room for, the last ones (one always fits)
            who = s.player(player)
            room = copies(who, spec.owner) or 1  # his copies of the role; a nature's power: 1
            if who.markers.get("sympathise"):  # never boosted: no extra room (``extra_room``'s own first question)
                room += extra_room(s, player, power)
            del kept[:-room]
    for kept in order:  # (``[*targets]``: ``list(targets)`` without the call, for every action of the night)
        for action in kept:
            r.tell(action.player, "action_received", power=action.power, targets=[*action.targets])
    return by_power


def _combo(r: Resolution, known: list[str]) -> list[str]:
    """« Nécromancienne et Croque-Mort : [...] vous connaissez immédiatement les rôles des morts, au lieu d'attendre
    le début du jour »: after each step, the roles of the night's new dead."""
    s = r.state
    now: list[str] = s.memory.get("nuit", {}).get("mourants", [])
    if now == known:  # nobody new (most steps): nothing to tell
        return known
    new = [n for n in now if n not in known]
    if new:
        seen = [{"player": n, "roles": roles_of(s.player(n).role)} for n in new]
        for p in s.players:
            if copies(p, "croque_mort") and copies(p, "necromancienne") and can_act(s, p.name):
                r.tell(p.name, "dead_roles", dead=seen)
    return list(now)  # ``dying``: a copy, the night's own list changes


# The steps in NIGHT_ORDER, each with its power (None: a step without one, the swaps agreed by day).
# The steps that have work with an empty queue: the swaps (their own queue is the day's, in memory), the wolves
# (« wolves_no_target »). Every other step only loops over its queue: without an action, it is not called.
_IDLE_STEPS = frozenset({"echanges", "loups"})
# The steps in NIGHT_ORDER: each one's power ("": a step without one, the swaps agreed by day), its function, and
# whether it is called without an action (``_IDLE_STEPS``).
_PLAN: tuple[tuple[str, Callable[[Resolution, Queue], None], bool], ...] = tuple(
    (STEP_POWER[step] or "", STEPS[step], step in _IDLE_STEPS) for step in NIGHT_ORDER if step in STEPS
)

# The pairs of roles that are both a Croque-Mort and a Nécromancienne (``_combo``'s players).
_COMBO_PAIRS = frozenset({f"croque_mort{SEP}necromancienne", f"necromancienne{SEP}croque_mort"})


def run_night(r: Resolution, actions: Sequence[Action]) -> None:
    """Every step in order, then the dawn: the night's deaths, in the order they happened."""
    s = r.state
    night(s)
    # The Sympathique's night boosts first: they are for this night, and the actions they allow are then valid
    # (two houses, three crow votes, the lone wolf's odd night: R31).
    boosts: list[Action] = []
    others: list[Action] = []
    for action in actions:
        (boosts if action.power == "sympathique.booster" else others).append(action)
    if boosts:
        for kept in choose(r, boosts).get("sympathique.booster", {}).values():
            for action in kept:
                if can_act(s, action.player):
                    goes_out(s, action.player, "sympathique")  # « Sympathique si de nuit »
                    _tell_hidden(r, action.targets[0], "host_targeted")
                    boost(r, action)
    by_power = choose(r, others)  # power → player → his actions: the steps' queues
    # ``_combo`` tells only those who hold both roles (roles never change): without one, it is not called.
    combo = False
    for player in s.players:
        if player.role in _COMBO_PAIRS:
            combo = True
            break
    known: list[str] = []
    position: dict[str, int] = {}  # for ``_queue``, filled at its first need: nobody joins or leaves tonight
    for power, step, idle in _PLAN:
        mine = by_power.get(power)  # (none for "")
        if mine:
            step(r, _queue(s, power, mine, position))
        elif idle:
            step(r, [])  # nobody chose it tonight: an empty queue, and the step may still have work
        else:
            continue  # an empty queue: the step would do nothing, and nobody died in it for ``_combo``
        if combo:
            known = _combo(r, known)
    store = s.memory.pop("nuit")  # gone with its lists: they become the « veille » records, uncopied
    s.memory["proteges_veille"] = store["proteges"]
    s.memory["salbat_veille"] = store["salbat"]
    s.memory["mes_maisons_veille"] = s.memory.pop("mes_maisons", {})
    for name, cause in zip(store["mourants"], store["causes"], strict=True):
        r.mark(name, cause)
    r.settle()
    crows = s.memory.get("corbeau")
    if crows:  # the Corbeaux' votes for the coming day, if any
        for target, votes in sorted(crows.items()):
            if s.player(target).alive:
                r.emit("crow_votes", player=target, votes=votes)


def resolve_night_with(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None,
    decrees: Sequence[Decree],
    start: Callable[[GameState, Mapping[str, str], Sequence[Decree]], Resolution],
    finish: Callable[[Resolution], Outcome],
) -> Outcome:
    r = start(state, answers or {}, decrees)
    if not r.state.winner:
        run_night(r, actions)
    return finish(r)
