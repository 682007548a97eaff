"""`convivialite` — "Règles Loup-garou à 7" (shared/rules/001_c587e06aee76358d.txt).

Six players and the MJ; one wolf who picks his role, an invitation on N1 that may turn a second
player, a suspicion vote on J1, the first pyre on J2, then one pyre a day. Nobody dies at night
except by a power (a griffure, the Sorcière's potion). The night order is written once, in
NIGHT_ORDER; STEPS gives each step its function. How each ambiguous rule was read: RULINGS.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome, PlayerState, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from .roles import A_CHOISIR, LOUPS, NAMES, ROLE_ORDER, VILLAGE

RULESET = "convivialite"
PLAYERS = 6

NIGHT_ORDER: tuple[str, ...] = (
    "amoureux",  # N1: the adulé is chosen; N2: the village Amoureux may learn his adulé's camp
    "invitation",  # N1: the wolf's coupon, the answers, who joins
    "detective",  # N1: the Détective's information (the adulé; for the village one, the invitees)
    "traqueur",  # the scan (from N2; from N1 for a wolf, "une fois que … les invitations" are done)
    "griffure",  # N2: the griffure won when both refused; from N3: the wolf Sorcière's lone scratch
    "sorciere",  # from N3: the village Sorcière's potion of death
)

# Powers used by day (the wolf Amoureux's secret vote, by MP).
DAY_POWERS = frozenset({"loups.vote_secret"})
WOLVES_ONLY = "Seuls les loups peuvent faire cela."
ACCEPTE, REFUSE = "accepte", "refuse"
OUI, NON = "oui", "non"


# -- setup ------------------------------------------------------------------------------------
def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    camps: Mapping[str, str] | None = None,
) -> GameState:
    """Six players in the topic's list order (the Idole's neighbours are read from it).

    Without ``roles``: the wolf is the one ``camps`` names (the MJ drew him), else drawn from the seed;
    every role waits for his choice (J0).
    With ``roles`` (a scenario, or an MJ who dealt by hand): ``camps`` names the wolf."""
    if len(names) != PLAYERS:
        raise ValueError(f"convivialite is played by {PLAYERS} players and the MJ, not {len(names)}")
    state = GameState(RULESET, seed, [])
    named = [n for n in names if (camps or {}).get(n) == LOUPS]
    if len(named) > 1:
        raise ValueError('convivialite starts with one wolf: only one player may have camp = "loups"')
    if roles is None or not all(roles.get(n) for n in names):
        wolf = named[0] if named else state.rng("loup").choice(list(names))  # the MJ's own draw, or the seed's
        players = [PlayerState(n, A_CHOISIR, LOUPS if n == wolf else VILLAGE) for n in names]
        return GameState(RULESET, seed, players, memory={"loup_initial": wolf, "distribution": "a_faire"})
    unknown = sorted(set(roles.values()) - set(ROLE_ORDER))
    if unknown:
        raise ValueError(f"unknown convivialite roles: {', '.join(unknown)}")
    if sorted(roles[n] for n in names) != sorted(ROLE_ORDER):
        raise ValueError("convivialite deals each of the six roles once")
    wolves = [n for n in names if (camps or {}).get(n) == LOUPS]
    if len(wolves) != 1:
        raise ValueError('convivialite needs exactly one player with camp = "loups" at setup')
    players = [PlayerState(n, roles[n], LOUPS if n == wolves[0] else VILLAGE) for n in names]
    state = GameState(RULESET, seed, players, memory={"loup_initial": wolves[0]})
    _role_markers(state)
    return state


def _role_markers(state: GameState) -> None:
    for player in state.players:
        if player.role == "chanceux":
            player.markers["bouclier"] = True
        if player.role == "sorciere" and player.camp == VILLAGE:
            player.markers["potion"] = True


def _distribute(r: Resolution) -> None:
    """The wolf answers with a role among the six; the MJ deals the five others at random."""
    s = r.state
    if s.memory.get("distribution") != "a_faire":
        return
    wolf = s.memory["loup_initial"]
    drawn = s.rng("role_du_loup").choice(ROLE_ORDER)
    chosen = r.ask(
        "role_loup",
        wolf,
        "Tu es le loup : quel rôle choisis-tu parmi les six ?",
        list(ROLE_ORDER),
        about=wolf,
        default=drawn,
    )
    if chosen not in ROLE_ORDER:
        chosen = drawn
    rest = [role for role in ROLE_ORDER if role != chosen]
    s.rng("distribution").shuffle(rest)
    others = iter(rest)
    for player in s.players:
        player.role = chosen if player.name == wolf else next(others)
    del s.memory["distribution"]
    _role_markers(s)
    for player in s.players:
        extra = {"voisins": list(neighbours(s, player.name))} if player.role == "idole" else {}
        r.tell(player.name, "role_dealt", role=player.role, camp=player.camp, **extra)
    r.tell(wolf, "coupon")
    r.tell_mj("roles_dealt", roles={p.name: p.role for p in s.players}, wolf=wolf)


# -- who is what ------------------------------------------------------------------------------
def is_wolf(player: PlayerState) -> bool:
    return player.alive and player.camp == LOUPS


def wolves(state: GameState) -> list[str]:
    return [p.name for p in state.players if is_wolf(p)]


def day_number(phase: str) -> int:
    return int(phase[1:])


def neighbours(state: GameState, name: str) -> tuple[str, str]:
    """The players before and after ``name`` in the topic's list, read as a circle (RULINGS R6)."""
    order = [p.name for p in state.players]
    i = order.index(name)
    return order[i - 1], order[(i + 1) % len(order)]


def idole_exposee(state: GameState) -> str | None:
    """The living Idole whose two list neighbours are dead: votes against her count double."""
    for idole in state.with_role("idole"):
        if all(not state.player(n).alive for n in neighbours(state, idole.name)):
            return idole.name
    return None


def pact(state: GameState) -> dict[str, str] | None:
    """The wolf Amoureux and his adulé, when the adulé joined the wolves on N1."""
    found: dict[str, str] | None = state.memory.get("pacte")
    return found


def secret_voter(state: GameState, name: str) -> bool:
    """Does ``name`` vote by MP today (the wolf Amoureux, or his adulé the day after a matching vote)?"""
    bond = pact(state)
    if bond is None or not state.player(name).alive:
        return False
    if name == bond["amoureux"]:
        return True
    return name == bond["adule"] and state.memory.get("vote_secret_adule") == day_number(state.phase)


def scratch_refusal(state: GameState, wolf: str, target: str) -> str | None:
    """ "deux loups … ne peuvent pas se griffer entre eux"; "Le loup ne peut jamais griffer son adulé"."""
    if target == wolf:
        return "Tu ne peux pas te griffer toi-même."
    if is_wolf(state.player(target)):
        return "Deux loups ne peuvent pas se griffer entre eux."
    attacker = state.player(wolf)
    if attacker.role == "amoureux" and attacker.markers.get("adule") == target:
        return "Tu ne peux jamais griffer ton adulé."
    return None


def scratch_source(state: GameState, wolf: str) -> str | None:
    """Which griffure ``wolf`` may use tonight, if any: the invitation's (N2) or the wolf Sorcière's."""
    night = day_number(state.phase)
    if night == 2 and state.memory.get("griffure_n2") and wolf == state.memory.get("loup_initial"):
        return "invitation"
    player = state.player(wolf)
    if (
        night >= 3
        and player.role == "sorciere"
        and len(wolves(state)) == 1
        and not state.memory.get("griffes")
        and not player.markers.get("griffure_utilisee")
    ):
        return "sorciere"
    return None


def night_actors(state: GameState) -> list[str]:
    """The living players with a power usable this night, for the MJ's page (who has not acted yet)."""
    night = day_number(state.phase)
    able = []
    for player in state.players:
        if not player.alive:
            continue
        village = player.camp == VILLAGE
        usable = (
            (player.role == "amoureux" and (night == 1 or (night == 2 and village)))
            or (night == 1 and player.name == state.memory.get("loup_initial"))  # the coupon
            or (player.role == "traqueur" and (night >= 2 or not village))
            or (player.role == "sorciere" and village and night >= 3 and bool(player.markers.get("potion")))
            or (is_wolf(player) and scratch_source(state, player.name) is not None)
        )
        if usable:
            able.append(player.name)
    return able


# -- validation -------------------------------------------------------------------------------
def validate(state: GameState, action: Action) -> str | None:
    """None if the action may be used now, else the French explanation sent to the player."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    if not player.alive:
        return "Les morts ne peuvent plus agir."
    role, _, _ = action.power.partition(".")
    if role == "loups":
        if not is_wolf(player):
            return WOLVES_ONLY
    elif player.role != role:
        return f"Ce pouvoir est celui du rôle {NAMES.get(role, role)}, pas le tien."
    night = state.phase.startswith("N")
    if action.power in DAY_POWERS and night:
        return "Ce pouvoir s'utilise le jour."
    if action.power not in DAY_POWERS and not night:
        return "Ce pouvoir s'utilise la nuit."
    for target in action.targets:
        try:
            target_player = state.player(target)
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
        if not target_player.alive and action.power != "traqueur.scanner":
            return f"{target} est mort·e."
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _check_aduler(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "L'Amoureux choisit son adulé la première nuit seulement."
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Choisis un autre joueur comme adulé."
    return None


def _check_decouvrir(state: GameState, action: Action) -> str | None:
    if state.phase != "N2":
        return "Tu ne peux découvrir le camp de ton adulé que pendant la N2."
    if state.player(action.player).camp != VILLAGE:
        return "Seul l'Amoureux du village peut découvrir le camp de son adulé."
    if not state.player(action.player).markers.get("adule"):
        return "Tu n'as pas d'adulé."
    return None


def _check_inviter(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "Le coupon d'invitation ne s'utilise que pendant la N1."
    if action.player != state.memory.get("loup_initial"):
        return "Seul le loup initial a un coupon d'invitation."
    if len(set(action.targets)) != 2 or action.player in action.targets:
        return "Il faut inviter deux autres joueurs."
    return None


def _check_griffer(state: GameState, action: Action) -> str | None:
    if scratch_source(state, action.player) is None:
        return "Tu n'as pas de griffure utilisable cette nuit."
    if len(action.targets) != 1:
        return "Tu ne griffes qu'un seul joueur."
    return scratch_refusal(state, action.player, action.targets[0])


def _check_potion(state: GameState, action: Action) -> str | None:
    if state.player(action.player).camp != VILLAGE:
        return "La Sorcière loup n'a pas de potion."
    if not state.player(action.player).markers.get("potion"):
        return "Tu as déjà utilisé ta potion."
    if day_number(state.phase) < 3:
        return "La potion s'utilise à partir de la N3."
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Vise un autre joueur."
    return None


def _check_scanner(state: GameState, action: Action) -> str | None:
    if len(action.targets) != 1 or action.targets[0] == action.player:
        return "Scanne un autre joueur."
    if state.phase == "N1" and state.player(action.player).camp != LOUPS:
        return "Le traqueur scanne à partir de la N2."
    return None


def _check_vote_secret(state: GameState, action: Action) -> str | None:
    if not secret_voter(state, action.player):
        return "Tu n'as pas de vote secret aujourd'hui."
    if len(action.targets) != 1:
        return "Un vote secret désigne un seul joueur."
    if state.player(action.player).markers.get("adule") == action.targets[0]:
        return "Tu ne peux jamais voter contre ton adulé."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "amoureux.aduler": _check_aduler,
    "amoureux.decouvrir": _check_decouvrir,
    "loups.inviter": _check_inviter,
    "loups.griffer": _check_griffer,
    "sorciere.potion": _check_potion,
    "traqueur.scanner": _check_scanner,
    "loups.vote_secret": _check_vote_secret,
}


def latest_actions(state: GameState, actions: Sequence[Action], r: Resolution) -> dict[str, Action]:
    """The valid actions of the phase, by power and player: a later MP replaces an earlier one."""
    kept: dict[str, Action] = {}
    for action in actions:
        refusal = validate(state, action)
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        key = f"{action.power}:{action.player}"
        kept.pop(key, None)
        kept[key] = action
    for action in kept.values():
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept


# -- shared pieces ----------------------------------------------------------------------------
def _open(r: Resolution, question: str) -> bool:
    """Is this phase's question still unanswered (its default, the MJ's draw, holds)?"""
    return any(q.id == f"{r.phase}:{question}" for q in r.questions)


LIST_QUESTIONS = frozenset({"invitation"})  # the only question answered with several names ("A, B")


class _Resolution(Resolution):
    """The core's resolution, with answers as an MJ types them (RULINGS R21): case and accents do not
    matter ("Sorcière" is the role ``sorciere``, "Accepté" is ``accepte``), and a question asking for one
    choice refuses a list ("Talen, BenP" for the mayor's tie-break): the MJ is told, the question stays
    open, its default holds."""

    def ask(
        self,
        kind: str,
        to: str,
        prompt: str,
        options: list[str],
        about: str | None = None,
        default: str = NOBODY,
        single: bool = False,
    ) -> str:
        qid = f"{self.phase}:{kind}" + (f":{about}" if about else "")
        given = self.answers
        raw = given.get(qid)
        if raw is not None:
            listed = kind in LIST_QUESTIONS and "," not in raw
            spelt = re.sub(r"\s+et\s+", ", ", raw) if listed else raw  # "Talen et Boris"
            self.answers = {**given, qid: _as_options(spelt, options)}
        try:  # the core refuses a list for a one-choice question: only LIST_QUESTIONS take several names
            return super().ask(kind, to, prompt, options, about, default, single or kind not in LIST_QUESTIONS)
        finally:
            self.answers = given


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold().strip()


def _as_options(answer: str, options: Sequence[str]) -> str:
    """Each comma-separated part of ``answer`` spelt as the option it names (without case or accents)."""
    plain = {_plain(o): o for o in (*options, NOBODY)}
    if len(plain) < len({*options, NOBODY}):  # two options alike but for case or accents: only exact answers
        return answer
    parts = [part.strip() for part in answer.split(",")]
    return ", ".join(part if part in options else plain.get(_plain(part), part) for part in parts)


def _resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    r = _Resolution(state, answers)
    r.death_hooks.append(_camp_revealed)
    r.death_hooks.append(_pact_broken)
    for decree in decrees:
        r.decree(decree)
    return r


def _camp_revealed(r: Resolution, name: str, cause: str) -> None:
    """ "le camp du mort est révélé publiquement mais pas son rôle" (every death: RULINGS R9)."""
    r.emit("camp_revealed", player=name, camp=r.state.player(name).camp)


def _pact_broken(r: Resolution, name: str, cause: str) -> None:
    """ "Si un des loups meurt sur un bûcher autre que lors du bûcher du J2, le deuxième loup meurt aussi"."""
    bond = pact(r.state)
    if bond is None or cause != "bucher" or r.phase == "J2" or name not in bond.values():
        return
    other = bond["adule"] if name == bond["amoureux"] else bond["amoureux"]
    if is_wolf(r.state.player(other)):
        r.mark(other, "pacte")


def check_winner(state: GameState, morning: bool = True) -> str | None:
    """The village wins once no wolf lives; the wolves "si au matin il y a autant ou moins de
    villageois que de loups" (checked after a night only)."""
    pack = wolves(state)
    villagers = [p for p in state.players if p.alive and p.camp == VILLAGE]
    if not pack:
        return VILLAGE
    if morning and len(villagers) <= len(pack):
        return LOUPS
    return None


def _finish(r: Resolution, morning: bool) -> Outcome:
    r.settle()
    winner = check_winner(r.state, morning)
    if winner:
        r.state.winner = winner
        r.emit("game_over", winner=winner)
    else:
        r.state.phase = next_phase(r.state.phase)
    return r.outcome()


# -- the day ----------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
    """ "Il ne peut jamais voter contre l'adulé de la partie" (the earlier vote then stands)."""
    try:
        if state.player(voter).markers.get("adule") == target:
            return f"{voter} voted against their adulé {target}: the Amoureux may never vote against them."
    except KeyError:
        return None
    return None


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor; J1 names the suspect; from J2 the pyre."""
    r = _resolution(state, answers or {}, decrees)
    s = r.state
    if s.phase == "J0":
        _distribute(r)
    living = s.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living}
    for voter, target in list(standing.items()):
        if vote_refusal(s, voter, target):  # the live counter does not know the rule (RULINGS R8)
            del standing[voter]
            r.tell_mj("vote_refused", player=voter, target=target)
    _secret_votes(r, latest_actions(s, actions, r), standing)
    weights = _weights(s)
    modifiers = _modifiers(s, standing, weights)
    result = tally(standing, living, weights, modifiers)
    r.emit(
        "vote_result",
        counts={row.target: row.votes for row in result.counts},
        voters={row.target: list(row.voters) for row in result.counts},
        modifiers={row.target: [m.reason for m in row.modifiers] for row in result.counts if row.modifiers},
        not_voted=list(result.not_voted),
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        _elect_mayor(r, leaders)
    elif s.phase == "J1":
        suspect = _tie_break(r, leaders, "suspicion")
        if suspect:
            s.memory["suspect"] = suspect
            r.emit("suspect", player=suspect)
        else:
            r.emit("no_suspect")
    else:
        burned = _tie_break(r, leaders, "bucher")
        if burned:
            _burn(r, burned)
    return _finish(r, morning=False)


def _secret_votes(r: Resolution, actions: Mapping[str, Action], standing: dict[str, str]) -> None:
    """The secret vote by MP replaces the public one; a matching pair hands it to the adulé tomorrow."""
    s = r.state
    bond = pact(s)
    for action in actions.values():
        if action.power != "loups.vote_secret":
            continue
        public = standing.get(action.player)
        standing[action.player] = action.targets[0]
        r.tell_mj("secret_vote", player=action.player, target=action.targets[0], public=public)
        if bond and action.player == bond["amoureux"] and public == action.targets[0]:
            s.memory["vote_secret_adule"] = day_number(s.phase) + 1
            r.tell(bond["adule"], "secret_vote_inherited", day=day_number(s.phase) + 1)


def _weights(state: GameState) -> dict[str, int]:
    """The Idole's double vote (the mayor's election included)."""
    return {p.name: 2 for p in state.players if p.alive and p.role == "idole"}


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The public count as the rules make it, for the live count: the Idole's double vote, the suspect's two
    extra votes on J2, the exposed Idole's doubled votes; a vote against the adulé does not stand. The
    wolf Amoureux's secret vote stays secret: only the evening post tells it."""
    living = state.living()
    standing = {v: t for v, t in votes.items() if v in living and t in living and not vote_refusal(state, v, t)}
    weights = _weights(state)
    return tally(standing, living, weights, _modifiers(state, standing, weights)), standing


def _modifiers(state: GameState, standing: Mapping[str, str], weights: Mapping[str, int]) -> list[Modifier]:
    found: list[Modifier] = []
    suspect = state.memory.get("suspect")
    exposed = idole_exposee(state)
    if state.phase == "J2" and suspect and state.player(suspect).alive:
        found.append(Modifier(suspect, 4 if suspect == exposed else 2, "suspicion"))
    if exposed:
        against = sum(weights.get(v, 1) for v, t in standing.items() if t == exposed)
        if against:
            found.append(Modifier(exposed, against, "idole_exposee"))
    return found


def _elect_mayor(r: Resolution, leaders: list[str]) -> None:
    if len(leaders) > 1:
        chosen = r.ask("maire_egalite", "MJ", "Égalité pour l'élection du maire : qui est élu ?", leaders)
        leaders = [chosen] if chosen in leaders else []
    if leaders:
        r.state.mayor = leaders[0]
        r.emit("mayor_elected", player=leaders[0])
    else:
        r.emit("no_mayor")


def _tie_break(r: Resolution, leaders: list[str], kind: str) -> str | None:
    """ "il départage les éventuelles égalités lors des votes": the living mayor, or nobody."""
    if not leaders:
        r.emit("no_pyre" if kind == "bucher" else "no_votes", reason="no_votes")
        return None
    if len(leaders) == 1:
        return leaders[0]
    s = r.state
    mayor = s.mayor if s.mayor and s.player(s.mayor).alive else None
    chosen = NOBODY
    if mayor is not None:
        chosen = r.ask("maire_egalite", mayor, "Égalité : qui désignes-tu ?", leaders)
    r.emit(
        "tie", candidates=leaders, resolved_by="maire" if mayor else None, choice=None if chosen == NOBODY else chosen
    )
    if chosen == NOBODY:
        if kind == "bucher":
            r.emit("no_pyre", reason="tie")
        return None
    return chosen


def _burn(r: Resolution, name: str) -> None:
    victim = r.state.player(name)
    if victim.role == "chanceux" and victim.markers.get("bouclier"):
        victim.markers["bouclier"] = False  # "lors de son premier passage sur le bûcher"
        r.emit("pyre_shield", player=name)
        r.tell(name, "shield_lost", by="bucher")
        return
    r.emit("pyre", player=name, camp=victim.camp)
    r.mark(name, "bucher")
    r.settle()


# -- the night --------------------------------------------------------------------------------
class _Night:
    def __init__(self, r: Resolution, actions: Mapping[str, Action]) -> None:
        self.r = r
        self.actions = actions
        self.camps = {p.name: p.camp for p in r.state.players}  # at the night's start

    def of(self, power: str) -> list[Action]:
        return [a for a in self.actions.values() if a.power == power and self.r.state.player(a.player).alive]


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r = _resolution(state, answers or {}, decrees)
    night = _Night(r, latest_actions(r.state, actions, r))
    for step in NIGHT_ORDER:
        STEPS[step](night)
    r.settle()  # "pas de mort pendant les nuits sauf par utilisation de pouvoir"
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    if r.phase == "N1":  # "le traqueur a découvert des poils de loup-garou dans les rues du village"
        r.emit("poils_de_loup")
    return _finish(r, morning=True)


def _amoureux(night: _Night) -> None:
    r, s = night.r, night.r.state
    for lover in s.with_role("amoureux"):
        if s.phase == "N1":
            chosen = [a.targets[0] for a in night.of("amoureux.aduler") if a.player == lover.name]
            others = [n for n in s.living() if n != lover.name]
            target = chosen[-1] if chosen else None
            if target is None:  # asked; the MJ's draw by default, among his invitees for a wolf (RULINGS R20)
                invited = [a.targets for a in night.of("loups.inviter") if a.player == lover.name]
                pool = list(invited[-1]) if invited and lover.name == s.memory.get("loup_initial") else others
                drawn = s.rng("adule").choice(pool)
                answer = r.ask(
                    "adule", lover.name, "Qui choisis-tu comme adulé ?", others, about=lover.name, default=drawn
                )
                target = answer if answer in others else drawn
                r.tell(lover.name, "adule_chosen", target=target, drawn=_open(r, f"adule:{lover.name}"))
            lover.markers["adule"] = target
            r.tell_mj("adule", player=lover.name, target=target)
        elif s.phase == "N2" and any(a.player == lover.name for a in night.of("amoureux.decouvrir")):
            _camp_check(night, lover)


def _camp_check(night: _Night, lover: PlayerState) -> None:
    """The village Amoureux learns his adulé's camp; a lone wolf Détective may scratch him at once."""
    r, s = night.r, night.r.state
    adule = s.player(lover.markers["adule"])
    r.tell(lover.name, "adule_camp", target=adule.name, camp=adule.camp)
    lone = s.memory.get("rejoint") is None and len(wolves(s)) == 1
    if is_wolf(adule) and adule.role == "detective" and lone:
        r.tell(adule.name, "amoureux_revealed", target=lover.name)
        answer = r.ask(
            "griffer_amoureux",
            adule.name,
            f"L'Amoureux {lover.name} veut connaître ton camp : le griffes-tu sur-le-champ ?",
            [lover.name],
            about=adule.name,
        )
        if answer == lover.name:
            _scratch(night, adule.name, lover.name, "detective")


def _invitation(night: _Night) -> None:
    r, s = night.r, night.r.state
    if s.phase != "N1":
        return
    wolf = s.player(s.memory["loup_initial"])
    if not wolf.alive:
        return
    others = [n for n in s.living() if n != wolf.name]
    if len(others) < 2:  # the MJ's decrees left nobody to invite: the coupon is void
        r.tell_mj("invitation_result", invitees=[], accepted=[], joined=None)
        return
    adule = wolf.markers.get("adule") if wolf.role == "amoureux" else None
    sent = [a for a in night.of("loups.inviter") if a.player == wolf.name]
    invitees = list(sent[-1].targets) if sent else None
    if invitees is not None and adule is not None and adule not in invitees:
        r.tell(wolf.name, "action_refused", power="loups.inviter", reason=f"Ton adulé {adule} doit être invité.")
        invitees = None
    if invitees is None:  # the coupon is mandatory: the wolf is asked, the MJ's draw by default
        pool = [n for n in others if n != adule]
        default = ([adule] if adule else []) + s.rng("invitation").sample(pool, 2 if adule is None else 1)
        answer = r.ask(
            "invitation",
            wolf.name,
            "Ton coupon d'invitation est obligatoire : quels deux joueurs invites-tu ?",
            others,
            about=wolf.name,
            default=", ".join(default),
        )
        picked = [p.strip() for p in answer.split(",") if p.strip() in others]
        valid = len(set(picked)) == 2 and (adule is None or adule in picked)
        invitees = picked if valid else default
        r.tell(wolf.name, "invitation_sent", invites=invitees, drawn=_open(r, f"invitation:{wolf.name}") or not valid)
    s.memory["invites"] = invitees
    accepted = []
    for name in invitees:
        r.tell(name, "invited")
        answer = r.ask(
            "invitation_reponse",
            name,
            "Le loup t'invite à passer dans le camp des loups : acceptes-tu ? (accepte / refuse)",
            [ACCEPTE, REFUSE],
            about=name,
            default=REFUSE,
        )
        if answer == ACCEPTE:
            accepted.append(name)
    joined = None
    if len(accepted) == 2:
        if wolf.role == "detective":  # "le loup est informé de leurs deux rôles avant de choisir"
            r.tell(wolf.name, "invitees_roles", roles={n: s.player(n).role for n in accepted})
        chosen = r.ask(
            "choix_invite",
            wolf.name,
            "Les deux invités acceptent : lequel rejoint ton camp ?",
            accepted,
            about=wolf.name,
            default=accepted[0],
        )
        joined = chosen if chosen in accepted else accepted[0]
        r.tell(next(n for n in accepted if n != joined), "invitation_refused_by_wolf")
    elif len(accepted) == 1:
        joined = accepted[0]
    r.tell_mj("invitation_result", invitees=invitees, accepted=accepted, joined=joined)
    if joined is None:
        s.memory["griffure_n2"] = True  # "utilisable seulement pendant la N2"
        r.tell(wolf.name, "invitations_refused")
        return
    s.memory["rejoint"] = joined
    s.player(joined).camp = LOUPS
    if s.player(joined).role == "sorciere":  # the wolf Sorcière has no potion (RULINGS R5)
        s.player(joined).markers["potion"] = False
    r.tell(joined, "joined_wolves", target=wolf.name)
    r.tell(wolf.name, "new_wolf", target=joined)
    if adule == joined:  # "Si son adulé est devenu loup pendant la N1"
        s.memory["pacte"] = {"amoureux": wolf.name, "adule": joined}
        r.tell(wolf.name, "pact", target=joined, amoureux=wolf.name)
        r.tell(joined, "pact", target=wolf.name, amoureux=wolf.name)


def _detective(night: _Night) -> None:
    r, s = night.r, night.r.state
    if s.phase != "N1":
        return
    lovers = s.with_role("amoureux", alive=False)
    adule = lovers[0].markers.get("adule") if lovers else None
    for detective in s.with_role("detective"):
        info: dict[str, object] = {"adule": adule}
        if night.camps[detective.name] == VILLAGE:
            info["invites"] = list(s.memory.get("invites", []))
        detective.markers["infos_detective"] = info
        r.tell(detective.name, "detective_info", **info)


def _traqueur(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("traqueur.scanner"):
        traqueur = s.player(action.player)
        target = s.player(action.targets[0])
        extra: dict[str, object] = {}
        if not target.alive and target.role == "chanceux":
            extra["bouclier"] = bool(target.markers.get("bouclier"))
        if not target.alive and target.role == "sorciere":
            extra["potion"] = bool(target.markers.get("potion"))
        r.tell(traqueur.name, "scan_result", target=target.name, role=target.role, **extra)
        if night.camps[traqueur.name] != VILLAGE:
            r.skip("prendre_role", traqueur.name, "Le traqueur loup ne prend pas le rôle d'un mort.")
        elif target.alive:
            r.skip("prendre_role", traqueur.name, f"{target.name} est vivant·e : il n'y a pas de rôle à prendre.")
        elif not _takeable(target):
            r.skip("prendre_role", traqueur.name, f"Le rôle de {target.name} ({NAMES[target.role]}) ne se prend pas.")
        else:
            answer = r.ask(
                "prendre_role",
                traqueur.name,
                f"{target.name} était {NAMES[target.role]} : veux-tu perdre ton rôle de traqueur et prendre le sien ?",
                [OUI, NON],
                about=traqueur.name,
                default=NON,
            )
            if answer == OUI:
                _take_role(r, traqueur, target)


def _takeable(dead: PlayerState) -> bool:
    """The exceptions: never the Amoureux, the Chanceux without his shield, the Sorcière without her
    potion, the Détective who was a wolf."""
    if dead.role == "amoureux" or dead.role == "traqueur":
        return False
    if dead.role == "chanceux":
        return bool(dead.markers.get("bouclier"))
    if dead.role == "sorciere":
        return bool(dead.markers.get("potion"))
    if dead.role == "detective":
        return dead.camp == VILLAGE
    return True


def _take_role(r: Resolution, traqueur: PlayerState, dead: PlayerState) -> None:
    traqueur.role = dead.role
    for marker in ("bouclier", "potion", "infos_detective"):
        if marker in dead.markers:
            traqueur.markers[marker] = dead.markers.pop(marker)
    extra: dict[str, object] = dict(traqueur.markers.get("infos_detective", {}))
    if dead.role == "idole":  # his own neighbours in the list (RULINGS R6)
        extra["voisins"] = list(neighbours(r.state, traqueur.name))
    r.tell(traqueur.name, "role_taken", role=dead.role, target=dead.name, **extra)
    r.tell_mj("role_taken", player=traqueur.name, role=dead.role, target=dead.name)


def _griffure(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("loups.griffer"):
        source = scratch_source(s, action.player)
        why = "Tu n'as pas de griffure utilisable cette nuit." if source is None else None
        why = why or scratch_refusal(s, action.player, action.targets[0])
        if why:  # another scratch this night may have used it (RULINGS R12)
            r.tell(action.player, "action_refused", power=action.power, reason=why)
            continue
        if source == "sorciere":
            s.player(action.player).markers["griffure_utilisee"] = True
        _scratch(night, action.player, action.targets[0], source or "")
    if s.phase == "N2":
        s.memory.pop("griffure_n2", None)  # "sinon ce serait alors perdu"


def _scratch(night: _Night, wolf: str, target: str, source: str) -> None:
    s = night.r.state
    s.memory["griffes"] = s.memory.get("griffes", 0) + 1
    if source == "invitation":
        s.memory.pop("griffure_n2", None)
    night.r.tell_mj("scratched", player=target, by=wolf, source=source)
    night.r.mark(target, "griffure")  # "Le bouclier ne protège pas des griffures"


def _sorciere(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("sorciere.potion"):
        witch = s.player(action.player)
        witch.markers["potion"] = False
        target = s.player(action.targets[0])
        shield = bool(target.markers.get("bouclier")) and target.role == "chanceux"
        wolf = target.camp == LOUPS
        if wolf and shield:  # "il perd juste son bouclier à la place"
            target.markers["bouclier"] = False
            r.tell(target.name, "shield_lost", by="potion")
            r.tell(witch.name, "potion_result", target=target.name, effect="sans_effet")
        elif (wolf and not shield) or (not wolf and shield):
            r.tell(witch.name, "potion_result", target=target.name, effect="morte")
            r.mark(target.name, "potion")
        else:
            r.tell(witch.name, "potion_result", target=target.name, effect="sans_effet")


STEPS: dict[str, Callable[[_Night], None]] = {
    "amoureux": _amoureux,
    "invitation": _invitation,
    "detective": _detective,
    "traqueur": _traqueur,
    "griffure": _griffure,
    "sorciere": _sorciere,
}

assert tuple(STEPS) == NIGHT_ORDER, "every step of the night has its function, in the night's order"
