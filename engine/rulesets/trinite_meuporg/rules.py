"""`trinite-meuporg` — "LG Trinité Meuporg" (shared/rules/000_e44f1ff8762b1b6f.txt, lines 3–212).

Every power comes from an item (engine/items.py). The dawn is the file's 17 numbered steps, written
once in DAWN_ORDER; STEPS gives each its function. "Tout pouvoir demandé qui se déclencherait après
la mort de son utilisateur ou destruction de l'objet générant le pouvoir n'est pas effectué": each
step checks, when it comes, that the user still holds the item intact and is alive (see
``_usable_now``). How each ambiguous rule was read: RULINGS.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ... import items
from ...model import Action, Decree, GameState, Outcome, PlayerState, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from .roles import HEAL, ITEM_NAMES, LOUPS, ROLES, STYLES, TANK, VILLAGE, WOLVES_BY_PLAYERS, style

RULESET = "trinite-meuporg"

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

ARMOUR_CAUSES = frozenset({"bucher", "loups", "potion_de_mort", "arc"})  # "bûcher, loups, potion de mort, archer"
EVENT = "nuit_evenement"


@dataclass(frozen=True, slots=True)
class Power:
    item: str | None  # None: the wolves' attack
    min_targets: int = 1
    max_targets: int = 1
    targets: str = "alive"  # alive | dead | any
    other: bool = False  # "un autre joueur": never oneself
    by_day: bool = False
    dead_stated: bool = True  # False: "any" only for a non-healer (the text does not say "mort")


POWERS: dict[str, Power] = {
    "loups.attaquer": Power(None),
    "boule_de_cristal.sonder": Power("boule_de_cristal", other=True),
    "potion_de_mort.tuer": Power("potion_de_mort"),
    "potion_d_echange.echanger": Power("potion_d_echange", 2, 2, "any"),
    "cape.voler": Power("cape", targets="any", other=True),
    "hache.frapper": Power("hache", targets="any", dead_stated=False),  # "il peut cibler un joueur"
    "sceptre.designer": Power("sceptre", targets="dead"),
    "potion_de_verite.reveler": Power("potion_de_verite", targets="dead"),
    "poupee_vaudou.maudire": Power("poupee_vaudou"),
    "marteau.reparer": Power("marteau", targets="any", other=True),
    "harpe.ressusciter": Power("harpe", targets="dead", other=True),
    "potion_de_telepathie.utiliser": Power("potion_de_telepathie", 0, 2, "any", by_day=True),
    "chapelet.savoir": Power("chapelet"),
    "chapelet.proteger": Power("chapelet"),
    "chapelet.intercepter": Power("chapelet", 0, 0),
    "prompteur.reveler": Power("prompteur", targets="dead"),
}
WOLVES_ONLY = "Seuls les loups-garous (vivants) choisissent la cible de l'attaque."


# -- setup ------------------------------------------------------------------------------------
def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
    groups: Mapping[str, int] | None = None,
) -> GameState:
    """Styles in equal numbers, distinct roles, groups of three (one of each style), the wolves.

    Everything not given is drawn from the seed. A role may carry its camp as ``"voyant+loup"`` (how
    a configuration file, which has a role per player only, names the wolves). Given roles without
    groups: the players are listed group by group (three by three, in order)."""
    count = len(names)
    if count not in WOLVES_BY_PLAYERS:
        raise ValueError(f"trinite-meuporg is played by 9, 12 or 15 players, not {count}")
    draw = GameState(RULESET, seed, []).rng
    given_camps: dict[str, str] = dict(camps or {})
    if roles is None:
        roles, groups = _deal(list(names), draw("setup"))
    else:
        plain = {}
        for name, role in roles.items():
            base, plus, camp = role.partition("+")
            plain[name] = base
            if plus:
                given_camps[name] = LOUPS if camp.startswith("loup") else VILLAGE
        roles = plain
    unknown = sorted(set(roles.values()) - set(ROLES))
    if unknown:
        raise ValueError(f"unknown trinite-meuporg roles: {', '.join(unknown)}")
    if len(set(roles.values())) != count:
        raise ValueError("a role is dealt only once")
    if any(sum(style(r) == s for r in roles.values()) != count // 3 for s in STYLES):
        raise ValueError("there must be as many DPS as TANK as HEAL")
    if groups is None:
        groups = {name: index // 3 + 1 for index, name in enumerate(names)}
    grouped = _groups(groups)
    for members in grouped:
        if len(members) != 3 or {style(roles[m]) for m in members} != set(STYLES):
            raise ValueError(f"group {members} must hold one DPS, one TANK and one HEAL")
    if not given_camps:
        wolves = draw("loups").sample(list(names), WOLVES_BY_PLAYERS[count])
        given_camps = {name: LOUPS for name in wolves}
    players = [PlayerState(name, roles[name], given_camps.get(name, VILLAGE)) for name in names]
    if sum(p.camp == LOUPS for p in players) != WOLVES_BY_PLAYERS[count]:
        raise ValueError(f"{count} players play with {WOLVES_BY_PLAYERS[count]} wolves")
    state = GameState(RULESET, seed, players)
    state.memory["groups"] = grouped
    state.memory["compagnons"] = {m: sorted(g) for g in grouped for m in g}
    for player in players:
        for kind in ROLES[player.role][1]:
            items.give(state, player.name, kind)
    return state


def _deal(names: list[str], rng: random.Random) -> tuple[dict[str, str], dict[str, int]]:
    size = len(names) // 3
    order = list(names)
    rng.shuffle(order)
    roles: dict[str, str] = {}
    groups: dict[str, int] = {}
    for index, wanted in enumerate(STYLES):
        dealt = rng.sample([r for r in ROLES if style(r) == wanted], size)
        for number, (name, role) in enumerate(zip(order[index * size : (index + 1) * size], dealt, strict=True)):
            roles[name] = role
            groups[name] = number + 1
    return roles, groups


def _groups(groups: Mapping[str, int]) -> list[list[str]]:
    numbers = sorted(set(groups.values()))
    return [[name for name, g in groups.items() if g == number] for number in numbers]


# -- reading the state ------------------------------------------------------------------------
def is_wolf(player: PlayerState) -> bool:
    return player.alive and player.camp == LOUPS


def groups_of(state: GameState) -> list[list[str]]:
    return [list(g) for g in state.memory["groups"]]


def group_of(state: GameState, name: str) -> list[str]:
    return next(g for g in groups_of(state) if name in g)


def is_event_night(state: GameState) -> bool:
    return bool(state.memory.get(EVENT)) and state.memory.get(EVENT) == state.phase


def check_winner(state: GameState) -> str | None:
    """ "Les villageois gagnent si tous les loups meurent. Les loups gagnent si le nombre de loups
    vivants devient le même ou supérieur au nombre de villageois encore vivants." """
    wolves = sum(1 for p in state.players if p.alive and p.camp == LOUPS)
    village = sum(1 for p in state.players if p.alive and p.camp != LOUPS)
    if wolves == 0 and village == 0:
        return "aucun"
    if wolves == 0:
        return "village"
    if wolves >= village:
        return "loups"
    return None


def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
    """No vote is forbidden in this rule set (the dead do not vote: the counter knows)."""
    return None


# -- validation -------------------------------------------------------------------------------
def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be asked for now, else the French explanation sent to the player."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    power = POWERS.get(action.power)
    if power is None:
        return "Ce pouvoir n'existe pas dans cette partie."
    night = state.phase.startswith("N")
    if power.by_day and night:
        return "La potion de télépathie s'utilise de jour, par MP au MJ."
    if not power.by_day and not night:
        return "Les objets s'utilisent pendant la nuit (au crépuscule)."
    if power.item is None:
        if not is_wolf(player):
            return WOLVES_ONLY
    else:
        if power.item == "potion_de_mort" and player.camp == LOUPS and player.alive:
            return "Un loup ne peut utiliser la potion de mort qu'une fois mort."
        dead_may = power.item == "poupee_vaudou" or (power.item == "potion_de_mort" and player.camp == LOUPS)
        if not player.alive and not dead_may:
            return "Les morts ne peuvent plus utiliser d'objet, sauf la poupée vaudou."
        if items.usable(state, player.name, power.item) is None:
            return f"Tu n'as pas (ou plus) de {ITEM_NAMES[power.item]} utilisable."
    count = len(action.targets)
    if not power.min_targets <= count <= power.max_targets:
        if power.max_targets == power.min_targets:
            return f"Il faut désigner {power.min_targets} joueur{'s' if power.min_targets > 1 else ''}."
        return f"Il faut désigner entre {power.min_targets} et {power.max_targets} joueurs."
    for target in action.targets:
        try:
            alive = state.player(target).alive
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
        if power.targets == "alive" and not alive:
            return f"{target} est mort·e : ce pouvoir vise un joueur vivant."
        if power.targets == "dead" and alive:
            return f"{target} est vivant·e : ce pouvoir vise un mort."
        if power.other and target == player.name:
            return "Ce pouvoir vise un autre joueur que toi."
    healer = power.item is not None and style(player.role) == HEAL and not power.by_day
    # "… et qui n'est pas mort (sauf si précisé)" — kept on the event night, which lifts the group only.
    if healer and not power.dead_stated and any(not state.player(t).alive for t in action.targets):
        return "Soigneur, tu ne peux viser qu'un joueur vivant avec cet objet."
    if healer and not is_event_night(state):
        friends = state.memory["compagnons"].get(player.name, [])
        strangers = [t for t in action.targets if t not in friends]
        if strangers:
            return (
                f"Soigneur, tu ne peux viser que les joueurs de ton groupe ou qui en ont fait partie : "
                f"pas {', '.join(strangers)}."
            )
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _check_protection(state: GameState, action: Action) -> str | None:
    last = state.memory.get("protection", {}).get(action.player)
    if last and last["target"] == action.targets[0] and last["night"] == int(state.phase[1:]) - 1:
        return "Tu ne peux pas protéger le même joueur deux nuits d'affilée."
    return None


def _check_echange(state: GameState, action: Action) -> str | None:
    first, second = action.targets
    if first == second:
        return "Il faut deux joueurs différents."
    if not (state.player(first).alive or state.player(second).alive):
        return "Au moins un des deux joueurs doit être vivant."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "chapelet.proteger": _check_protection,
    "potion_d_echange.echanger": _check_echange,
}


# -- deaths, shared by the day and the night --------------------------------------------------
@dataclass
class _Moment:
    """What the steps of one resolution know of each other."""

    r: Resolution
    actions: dict[str, Action] = field(default_factory=dict)
    event: bool = False
    died: list[str] = field(default_factory=list)  # this phase's deaths, in order
    protected: dict[str, tuple[str, str]] = field(default_factory=dict)  # target → (priest, chapelet id)
    intercept: dict[str, tuple[list[str], str]] = field(default_factory=dict)  # priest → (group, chapelet id)
    intercepted: dict[str, list[str]] = field(default_factory=dict)  # priest → the players he saved
    deflected: set[str] = field(default_factory=set)  # dague holders who already sent death back
    archers_done: set[str] = field(default_factory=set)
    wolves_target: str | None = None
    targetings: list[tuple[str, str, str]] = field(default_factory=list)  # user, power, target
    skipped: set[str] = field(default_factory=set)  # action keys not done: the user was dead at its step
    done: set[str] = field(default_factory=set)
    prompted: set[str] = field(default_factory=set)
    markers_due: list[str] = field(default_factory=list)  # the event-night chapelet's curse markers
    interception_due: bool = False  # step 5 has come: an interception's death is sent at once
    interception_done: set[str] = field(default_factory=set)
    arrowed_wolves: list[str] = field(default_factory=list)  # event night: revealed in the morning if still dead


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
        if name in m.archers_done or s.player(name).alive:
            continue
        arc = items.usable(s, name, "arc")
        if arc is None:
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


def _one(
    r: Resolution, kind: str, to: str, prompt: str, options: list[str], about: str | None = None, default: str = NOBODY
) -> str:
    """A question answered by one option (or ``aucun``): an answer naming two players is refused, not
    taken for a player's name."""
    return r.ask(kind, to, prompt, options, about=about, default=default, single=True)


def _succession(r: Resolution) -> None:
    """ "S'il meurt, il désigne son successeur." """
    s = r.state
    if s.mayor and not s.player(s.mayor).alive:
        dead = s.mayor
        s.mayor = None
        successor = _one(r, "successeur", dead, "Tu meurs : qui sera le nouveau maire ?", s.living(), about=dead)
        if successor != NOBODY:
            s.mayor = successor
            r.emit("mayor_successor", player=successor, by=dead)


def _finish(r: Resolution, m: _Moment) -> Outcome:
    s = r.state
    _succession(r)
    winner = check_winner(s)
    if winner:
        s.winner = winner
        r.emit("game_over", winner=winner)
    else:
        if s.phase.startswith("N"):
            r.emit("groups", groups=_groups_view(s))
        s.phase = next_phase(s.phase)
    return r.outcome()


def _groups_view(s: GameState) -> list[list[dict[str, object]]]:
    return [[{"player": n, "alive": s.player(n).alive} for n in g] for g in groups_of(s)]


# -- the day ----------------------------------------------------------------------------------
def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count as the rules make it: the living vote, and each vote a dead player cast with the
    sceptre at dawn (told in the morning post) adds one. The live count shows the same."""
    voters = state.living()
    modifiers = [Modifier(t, 1, "sceptre") for t in state.memory.get("votes_sceptre", []) if state.player(t).alive]
    standing = {v: t for v, t in votes.items() if v in voters and t in voters}
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
    drunk = [_telepathy_used(r, action) for action in _latest(r, actions).values()]  # the télépathie, by day
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
        if len(leaders) > 1:
            chosen = _one(r, "maire_egalite", "MJ", "Égalité pour l'élection du maire : qui est élu ?", leaders)
            leaders = [] if chosen == NOBODY else [chosen]
        if leaders:
            s.mayor = leaders[0]
            r.emit("mayor_elected", player=leaders[0])
        else:
            r.emit("no_mayor")
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
    if not leaders:
        r.emit("no_pyre", reason="no_votes")
        return
    if len(leaders) > 1:  # "S'il y a égalité au vote, le maire tranche avec un message sur le forum."
        mayor = s.mayor if s.mayor and s.player(s.mayor).alive else None
        if mayor is None:
            r.emit("tie", candidates=leaders, resolved_by=None)
            r.emit("no_pyre", reason="tie")
            return
        chosen = _one(r, "maire_egalite", mayor, "Égalité au bûcher : qui désignes-tu ?", leaders)
        r.emit("tie", candidates=leaders, resolved_by="maire", choice=None if chosen == NOBODY else chosen)
        if chosen == NOBODY:
            r.emit("no_pyre", reason="tie")
            return
        leaders = [chosen]
    name = leaders[0]
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
    friends = s.memory["compagnons"]
    for group in (home, away):
        for member in group:
            friends[member] = sorted(set(friends[member]) | set(group))
    r.emit("groups_swapped", players=[named, other], groups=numbers, role=roles[0])


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


# -- the night --------------------------------------------------------------------------------
def _latest(r: Resolution, actions: Sequence[Action]) -> dict[str, Action]:
    """The valid actions of the phase: a later MP replaces an earlier one for the same power."""
    kept: dict[str, Action] = {}
    for action in actions:
        refusal = validate(r.state, action)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        # One use of an item a night: the chapelet's three modes are one power ("SAVOIR ou PROTECTION …
        # aussi … INTERCEPTION"); a later MP replaces the earlier one.
        kind = POWERS[action.power].item or action.power
        for old in [k for k, a in kept.items() if a.player == action.player and POWERS[a.power].item == kind]:
            del kept[old]
        key = f"{action.power}:{action.player}"
        kept.pop(key, None)
        kept[key] = action
    if r.state.phase.startswith("N"):
        for action in kept.values():
            r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept


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


def _each(m: _Moment, prefix: str, only: str | None) -> list[tuple[str, Action, items.Item]]:
    """The actions of one step whose user may still act, marked as done."""
    found = []
    for key, action in m.actions.items():
        if not action.power.startswith(prefix) or key in m.done:
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
    proposals = [a.targets[0] for a in m.actions.values() if a.power == "loups.attaquer"]
    if not proposals:
        return None
    counted = Counter(proposals).most_common()
    if len(counted) == 1 or counted[0][1] > counted[1][1]:
        return counted[0][0]
    return s.rng("loups").choice(sorted(set(proposals)))


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
    for healer in [p for p in s.players if p.alive]:
        potion = items.usable(s, healer.name, "potion_de_soins")
        dying = [n for n in m.died if not s.player(n).alive]
        if potion is None:
            r.skip("soins", healer.name, f"{healer.name} n'a pas (ou plus) de potion de soins utilisable.")
            continue
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
    for holder in [p.name for p in s.players if p.alive]:
        if items.usable(s, holder, "carte") is None:
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


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r, m = _resolution(state, answers or {}, decrees)
    m.actions = _latest(r, actions)
    arc_from = DAWN_ORDER.index("arc")
    for index, step in enumerate(DAWN_ORDER):
        STEPS[step](m, None)
        if index >= arc_from:  # an archer killed later in the dawn shoots at once
            _arc_volley(m)
    for wolf in m.arrowed_wolves:  # not one the potion de soins brought back: the arrow did not kill him
        if not r.state.player(wolf).alive:
            r.emit("camp_revealed", player=wolf, camp=LOUPS, by="arc")
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    return _finish(r, m)


# -- for the first post and the role cards -------------------------------------------------------------------------
def opening(state: GameState) -> dict[str, object]:
    """ "le MJ n'annonce sur le premier message du forum (en plus d'un rappel des règles) que le nombre de
    loups, ainsi que les groupes de 3." """
    return {
        "players": len(state.players),
        "wolves": sum(1 for p in state.players if p.camp == LOUPS),
        "groups": groups_of(state),
    }


def powers_of(state: GameState, name: str) -> list[str]:
    """The powers ``name`` may ask for: those of the intact items in hand (the wolves' attack apart)."""
    kinds = {i.kind for i in items.held(state, name, intact_only=True)}
    return [power for power, spec in POWERS.items() if spec.item in kinds]


def night_actors(state: GameState) -> list[str]:
    """Who may send an action MP tonight (for the MJ's "not acted yet" list): the living wolves, the
    living holders of an item used by MP at night, the dead holding the doll, a dead wolf holding the
    potion de mort."""
    able = []
    for player in state.players:
        kinds = {i.kind for i in items.held(state, player.name, intact_only=True)}
        if player.alive:
            night_items = {spec.item for spec in POWERS.values() if not spec.by_day}
            if player.camp == LOUPS or kinds & night_items:
                able.append(player.name)
        elif "poupee_vaudou" in kinds or (player.camp == LOUPS and "potion_de_mort" in kinds):
            able.append(player.name)
    return able


def card_extra(state: GameState, name: str) -> dict[str, object]:
    """What a role card says besides the role: the style, the items, the group."""
    player = state.player(name)
    return {
        "style": style(player.role),
        "items": [ITEM_NAMES[i.kind] for i in items.held(state, name)],
        "group": group_of(state, name),
        "group_number": next(n for n, g in enumerate(groups_of(state), 1) if name in g),
        "passive": [PASSIVE[i.kind] for i in items.held(state, name, intact_only=True) if i.kind in PASSIVE],
    }


# Items that act without an MP: what the role card says of them.
PASSIVE: dict[str, str] = {
    "armure": "ton armure résiste à la première mort (bûcher, loups, potion de mort, flèche)",
    "arc": "à ta mort, le MJ te demande sur qui tirer une flèche",
    "carte": "chaque matin, ta carte te dit qui t'a ciblé et si les loups t'ont attaqué",
    "dague": "si tu devais mourir autrement qu'au bûcher, ta dague renvoie la mort (le MJ te demande sur qui)",
    "potion_de_soins": "chaque nuit, le MJ te montre qui devrait mourir et tu peux en sauver un",
}
