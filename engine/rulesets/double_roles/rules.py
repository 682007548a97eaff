"""`double-roles`: the day (votes, the mayor), the chains of a death (a lover's grief, the Chasseur's
shot, the Croque-Mort's knowledge), the night's entry point and the end of each phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import items
from ...model import Action, Decree, GameState, Outcome, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Modifier, Tally, tally
from .common import _roles, absent, boosted, copies, is_wolf, number, resolution, salbatarised, solitaire_night
from .houses import day_swaps
from .mayor import POST_POWERS, apply_post_action, breaches_at_j0, close_election
from .mayor import notes as mayor_notes
from .night import resolve_night_with
from .roles import NATURES, pairs_with, roles_of
from .senses import watch
from .sympathique import boost
from .validation import ANYTIME_POWERS, DAY_POWERS, POWERS, powers_by_holder, validate_with
from .winning import check_winner


# -- deaths and what they bring ------------------------------------------------------------------------
def _reachable(state: GameState) -> list[str]:
    """Whom a dying player's last act may name: the living but a fled Fuyard (« il est intouchable car absent »)."""
    return [n for n in state.living() if not absent(state, state.player(n))]


def _grief(r: Resolution, name: str, cause: str) -> None:
    """A lover dies with the one he loves, at the announcement of that death."""
    for other in r.state.player(name).markers.get("amours", []):
        if r.state.player(other).alive:
            r.mark(other, "chagrin")


def _hunter(r: Resolution, name: str, cause: str) -> None:
    """ "s'il meurt, il peut [...] buter quelqu'un de son choix" — once per copy; not when salbatarised."""
    hunter = r.state.player(name)
    shots = copies(hunter, "chasseur") + (1 if boosted(r.state, hunter, "chasseur") else 0)
    if not shots or salbatarised(r.state, hunter):
        return
    living = _reachable(r.state)
    many = "une ou deux personnes (séparées par une virgule)" if shots > 1 else "quelqu'un"
    answer = r.ask("chasseur", name, f"Tu meurs : tu peux abattre {many}. Qui ?", living, about=name)
    if answer == NOBODY:
        return
    targets = [t.strip() for t in answer.split(",") if t.strip()][:shots]
    for target in targets:
        r.emit("hunter_shot", player=name, target=target)
        r.mark(target, "chasseur")


def _avenger(r: Resolution, name: str, cause: str) -> None:
    """« lorsqu'il meurt, il choisit deux cibles, qui commenceront la prochaine journée avec 3 votes contre
    elles et perdront leurs voix pour cette même prochaine journée. Ce rôle est révélé au moment de sa mort »."""
    avenger = r.state.player(name)
    count = 2 * copies(avenger, "vengeur")
    if not count or salbatarised(r.state, avenger):
        return
    living = _reachable(r.state)
    answer = r.ask("vengeur", name, f"Tu meurs en Vengeur : nomme {count} cibles (séparées par une virgule).",
                   living, about=name)  # fmt: skip
    targets = [] if answer == NOBODY else [t.strip() for t in answer.split(",") if t.strip()][:count]
    day = number(r.phase) + (1 if r.phase.startswith("J") else 0)
    r.emit("avenger", player=name, targets=targets)
    if targets:
        row: dict[str, object] = {"jour": day, "cibles": targets}
        if boosted(r.state, avenger, "vengeur"):  # « une de ses deux cibles commencera avec 4 votes »
            row["plus"] = targets[0]
        r.state.memory.setdefault("vengeance", []).append(row)


def _phylactere(r: Resolution, name: str, cause: str) -> None:
    """« S'il meurt, la/les Liche(s) associée(s) meur(en)t immédiatement » — unless his death just won the game:
    « ce camp peut tuer ce phylactère et cette Liche transfère son âme ailleurs en même temps » (RULINGS R27)."""
    for liche in r.state.player(name).markers.get("liches", []):
        if not r.state.player(liche).alive:
            continue
        if check_winner(r.state):
            r.tell_mj("liche_soul", player=liche)
            continue
        r.mark(liche, "phylactere")


# The pairs of roles with a Chasseur, with a Vengeur (a player's ``role``; roles never change, and a Sympathique
# boosts only a role its target holds: without one, ``_hunter`` and ``_avenger`` do nothing).
_CHASSEUR_PAIRS = pairs_with("chasseur")
_VENGEUR_PAIRS = pairs_with("vengeur")


def _death_chain(r: Resolution, name: str, cause: str) -> None:
    """What a death drags, in this order: a lover's grief, the Chasseur's shot, the Vengeur's targets, a phylactère's
    Liches. One hook, which calls each step only for a player it concerns (most of the dead: none)."""
    dead = r.state.player(name)
    if "amours" in dead.markers:
        _grief(r, name, cause)
    if dead.role in _CHASSEUR_PAIRS:
        _hunter(r, name, cause)
    if dead.role in _VENGEUR_PAIRS:
        _avenger(r, name, cause)
    if "liches" in dead.markers:
        _phylactere(r, name, cause)


HOOKS = (_death_chain,)


def _start(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    return resolution(state, answers, decrees, check_winner, HOOKS)


# ``next_phase`` of each phase met, remembered (a pure function of the name; formatting it anew is dear): the same
# few names in every game.
_NEXT_PHASES: dict[str, str] = {}

# The pairs of roles with a Croque-Mort (a player's ``role``): ``_undertakers`` asks it of every player at each
# phase's end.
_CROQUE_MORT_PAIRS = pairs_with("croque_mort")


def _undertakers(r: Resolution, dead: list[str]) -> None:
    """The Croque-Mort learns the roles of the dead "lors du début du jour et du début de la nuit"."""
    if not dead:
        return
    seen: list[dict[str, object]] | None = None  # the same rows for every Croque-Mort, made for the first one
    for player in r.state.players:
        if player.role in _CROQUE_MORT_PAIRS and player.alive and not salbatarised(r.state, player):
            if seen is None:
                seen = [{"player": n, "roles": roles_of(r.state.player(n).role)} for n in dead]
            if boosted(r.state, player, "croque_mort"):  # « la manière de chacune des morts »
                causes = [{**row, "cause": r.state.player(str(row["player"])).death_cause} for row in seen]
                r.tell(player.name, "dead_roles", dead=causes)
            else:
                r.tell(player.name, "dead_roles", dead=seen)


def _finish(r: Resolution, since: int = 0, checked: bool = False) -> Outcome:
    """The phase's end: its deaths settled, the winner read, else what the Croque-Morts and the Voyeurs learn of the
    dead since event ``since``, and the next phase. ``checked``: the state has not changed since ``check_winner``
    last read it (``DRResolution.settle`` reads it after each death; nothing changed after that one)."""
    r.settle()
    state = r.state
    if not state.winner and not checked:
        winner = check_winner(state)
        if winner:
            state.winner = winner
            r.emit("game_over", winner=winner)
    if not state.winner:
        dead = []
        for event in r.events[since:]:  # the phase's deaths, in order
            if event.type == "death":
                dead.append(event.data["player"])
        _undertakers(r, dead)
        watch(r, dead)
        following = _NEXT_PHASES.get(state.phase)
        if following is None:
            following = next_phase(state.phase)
            if len(_NEXT_PHASES) < 4096:  # the phases of a game: a few hundred at most
                _NEXT_PHASES[state.phase] = following
        state.phase = following
    return r.outcome()


# -- the day -------------------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
    if voter == target:
        return "Tu dois voter contre quelqu'un d'autre que toi-même."
    return None


def _weights(state: GameState) -> dict[str, int]:
    """The Meneur's +1 per copy, unless salbatarised. (The mayor's double vote is secret: close_day only.)"""
    weights = {}
    today = number(state.phase)
    for p in state.players:
        if not p.alive or p.markers.get("salbatarise") == today:  # ``salbatarised``, inline
            continue
        held = _roles(p.role)
        extra = held.count("meneur")
        if not extra:  # only a Meneur weighs more (the Institutrice's +2 is a Meneur's too)
            continue
        if boosted(state, p, "meneur"):  # « sa voix aura +2 ce jour-ci » (R31)
            extra += 1
        if "institutrice" in held and boosted(state, p, "institutrice"):
            extra = 2  # « si elle est meneur, elle a voix +2, ce jour-ci »
        weights[p.name] = 1 + extra
    return weights


def _avenged(state: GameState) -> list[str]:
    """The Vengeur's targets for today: "3 votes contre elles et perdront leurs voix pour cette même
    prochaine journée"."""
    today = number(state.phase)
    return [t for row in state.memory.get("vengeance", []) if row["jour"] == today for t in row["cibles"]]


def _voiceless(state: GameState) -> set[str]:
    """Who may not vote today: the Institutrice's targets, the Vengeur's, a fled Fuyard, and the Institutrice
    herself (« son vote ne compte jamais ») unless she is also Meneur (« Cas particuliers »: « cumul ! Sa voix
    compte pour deux »)."""
    out = set(state.memory.get("jour", {}).get("prives", [])) | set(_avenged(state))
    today = number(state.phase)
    for player in state.players:
        if player.markers.get("absent") == today:  # ``absent``, inline
            out.add(player.name)
            continue
        held = _roles(player.role)
        if "institutrice" in held and "meneur" not in held and not boosted(state, player, "institutrice"):
            out.add(player.name)
    return out


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The living vote against another living player; the Meneur weighs more; the Corbeaux' and the Vengeur's
    votes are added and the voiceless' ballots dropped (from J1). J0 elects the mayor: one vote each."""
    result, counted, _ = _day_tally(state, votes)
    return result, counted


# The pairs of roles whose vote is not one plain vote: a Meneur's, an Institutrice's.
_VOTE_PAIRS = pairs_with("meneur", "institutrice")


def _day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str], set[str]]:
    """``day_tally``, and the day's voiceless (``_voiceless``) it found, for ``close_day`` (none at J0)."""
    today = number(state.phase)
    # One pass over the table: who votes (``absent``, inline), who may not (``_voiceless``'s players) and who weighs
    # more (``_weights``, but for a fled Meneur, who casts no ballot anyway).
    living: list[str] = []
    voiceless: set[str] = set()
    weights: dict[str, int] = {}
    for p in state.players:
        marks = p.markers
        if "absent" in marks and marks["absent"] == today:  # a key test first: most players never fled
            voiceless.add(p.name)
            continue
        if p.alive:
            living.append(p.name)
        if p.role not in _VOTE_PAIRS:
            continue
        held = _roles(p.role)
        if "meneur" not in held:
            if "institutrice" in held and (marks.get("sympathise") or {}).get("institutrice") != today:
                voiceless.add(p.name)  # « son vote ne compte jamais », unboosted
            continue
        if p.alive and marks.get("salbatarise") != today:  # ``salbatarised``, inline
            boosts = marks.get("sympathise") or {}  # ``boosted(role)``: ``boosts.get(role) == today``
            extra = held.count("meneur") + (1 if boosts.get("meneur") == today else 0)
            if "institutrice" in held and boosts.get("institutrice") == today:
                extra = 2  # « si elle est meneur, elle a voix +2, ce jour-ci »
            weights[p.name] = 1 + extra
    present = set(living)
    memory = state.memory
    day = memory.get("jour") or {}
    standing: dict[str, str]
    if state.phase == "J0":
        standing = {v: t for v, t in votes.items() if v in present and t in present and v != t}
        candidates = day.get("candidats")
        if candidates:  # « obligation de voter pour un autre candidat »: a vote for anyone else is void (R37)
            standing = {v: t for v, t in standing.items() if t in candidates}
        return tally(standing, living), standing, set()
    vengeance = memory.get("vengeance")
    avenged = _avenged(state) if vengeance else []
    voiceless.update(day.get("prives", ()))
    voiceless.update(avenged)
    # The standing votes and those counted (not the voiceless'), in one pass, in the order they were cast.
    standing = {}
    counted: dict[str, str] = {}
    for voter, target in votes.items():
        if voter in present and target in present and voter != target:
            standing[voter] = target
            if voter not in voiceless:
                counted[voter] = target
    modifiers: list[Modifier] = []  # the Corbeaux', the Vengeur's 3 votes, his boosted one more: in that order
    crows = memory.get("corbeau")
    if crows:
        for target, count in sorted(crows.items()):
            if target in present:
                modifiers.append(Modifier(target, count, "corbeau"))
    if vengeance:
        modifiers += [Modifier(t, 3, "vengeur") for t in avenged if t in present]
        plus = [row["plus"] for row in vengeance if row["jour"] == today and "plus" in row]
        modifiers += [Modifier(t, 1, "vengeur") for t in plus if t in present]
    return tally(counted, living, weights or None, modifiers), counted, voiceless


_DAYTIME_POWERS = DAY_POWERS | ANYTIME_POWERS


def apply_day_actions(r: Resolution, actions: Sequence[Action]) -> None:
    """The day's MPs, in the order read: the Institutrice's last list stands (« Elle a le droit de changer ses
    cibles tant que c'est avant la deadline »); the Châtelain's conditional cancellation is kept for the pyre."""
    s = r.state
    day: dict[str, Any] = s.memory.setdefault("jour", {})
    held = None  # the holders' powers (``powers_by_holder``), read again after a boost (a Sympathisant may turn wolf)
    for action in actions:
        if action.power in POST_POWERS:  # read from the posts: candidacies, destitution, the new mayor's ballots
            apply_post_action(r, day, action, _voiceless)
            continue
        if held is None:
            held = powers_by_holder(s)
        refusal = validate_with(s, action, held)  # a second swap offer too (``swap_refusal`` of this ``day``)
        if refusal is None and action.power not in _DAYTIME_POWERS:
            refusal = "Ce pouvoir s'utilise la nuit."
        if refusal:
            r.tell(action.player, "action_refused", power=action.power, targets=list(action.targets), reason=refusal)
            continue
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
        if action.power == "maison.echanger":  # the most of the day's MPs: asked first
            day.setdefault("echanges", {})[action.player] = action.targets[0]
        elif action.power == "institutrice.priver":
            day["prives"] = list(action.targets)
        elif action.power == "lache.envoyer":  # relayed: the recipient never learns the sender (R32)
            sent: dict[str, int] = day.setdefault("lache", {})
            sent[action.player] = sent.get(action.player, 0) + 1
            r.tell(action.targets[0], "anonymous_mp", mp=action.source)
            r.tell_mj("relay", player=action.player, target=action.targets[0], mp=action.source)
        elif action.power == "sympathique.booster":
            boost(r, action)
            held = None
        else:
            day.setdefault("chatelain", {})[action.player] = list(action.targets)


def day_powers(state: GameState, actions: Sequence[Action]) -> Outcome:
    """The day with the day MPs read so far applied (the live count uses it): nothing public."""
    r = _start(state, {}, ())
    apply_day_actions(r, actions)
    return r.outcome()


def _castle(r: Resolution, day: Mapping[str, Any], victim: str) -> bool:
    """A Châtelain who named the pyre's victim today cancels it (once per copy; never his own)."""
    s = r.state
    for name, targets in day.get("chatelain", {}).items():
        lord = s.player(name)
        if victim in targets and victim != name and lord.alive and lord.markers.get("annulations", 0) > 0:
            lord.markers["annulations"] -= 1
            r.emit("pyre_cancelled", player=victim)
            r.tell(name, "castle_used", target=victim)
            return True
    return False


def _flees(r: Resolution, victim: str) -> bool:
    """ "S'il devait crever sur le bûcher [...] il s'enfuit": out of the game night k+1 and day k+1."""
    s = r.state
    runner = s.player(victim)
    if runner.markers.get("fuites", 0) <= 0 or salbatarised(s, runner):
        return False
    runner.markers["fuites"] -= 1
    runner.markers["absent"] = number(s.phase) + 1
    r.emit("fuyard_escaped", player=victim)
    return True


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """J0 elects the mayor (a tie: drawn, RULINGS R7); every other day sends the most voted to the pyre;
    on a tie the mayor's ballot counts double, secretly; still tied, nobody burns (RULINGS R8)."""
    r = _start(state, answers or {}, decrees)
    s = r.state
    if s.winner:
        return r.outcome()
    since = len(r.events)
    apply_day_actions(r, actions)  # J0 too: a Sympathique may boost then; the day powers are refused there
    result, standing, voiceless = _day_tally(s, votes)  # the voiceless: none at J0, which elects no one else
    s.memory.pop("corbeau", None)
    day = s.memory.pop("jour", {})
    tallied: dict[str, int] = {}  # ``result.as_dict()``, with the voters and the modifiers, in one pass
    voters: dict[str, list[str]] = {}
    reasons: dict[str, list[str]] = {}
    for row in result.counts:
        tallied[row.target] = row.votes
        voters[row.target] = list(row.voters)
        if row.modifiers:
            reasons[row.target] = [m.reason for m in row.modifiers]
    r.tell_mj(  # "Les résultats exacts du décompte des voix [...] ne sont pas publics"
        "vote_result", counts=tallied, voters=voters, modifiers=reasons, not_voted=list(result.not_voted)
    )
    leaders = list(result.leaders)
    if s.phase == "J0":
        if day.get("candidats"):
            breaches_at_j0(r, votes, day["candidats"])
        if leaders:
            mayor = leaders[0] if len(leaders) == 1 else s.rng("maire").choice(sorted(leaders))
            s.mayor = mayor
            r.emit("mayor_elected", player=mayor, drawn=len(leaders) > 1)
        else:
            r.emit("no_mayor")
        return _finish(r, since)
    close_election(r, day, voiceless)  # « ce nouveau Maire départagera le bûcher »
    if len(leaders) > 1 and s.mayor and standing.get(s.mayor) in leaders:
        counts = dict(tallied)  # the event's own stays as counted
        counts[standing[s.mayor]] += _weights(s).get(s.mayor, 1)
        top = max(counts.values())
        leaders = [t for t in leaders if counts[t] == top]
        r.tell_mj("mayor_tiebreak", mayor=s.mayor, target=standing[s.mayor])
    checked = False  # whether ``check_winner`` has read the state as it ends the day (after the pyre's deaths)
    if len(leaders) == 1 and (_castle(r, day, leaders[0]) or _flees(r, leaders[0])):
        r.emit("no_pyre", tie=False, cancelled=True)
    elif len(leaders) == 1:
        r.emit("pyre", player=leaders[0])
        r.mark(leaders[0], "bucher")
        r.settle()
        burnt = s.player(leaders[0])
        if burnt.alive and "phylactere" in burnt.markers:  # « (et y survit donc), il devine [...] son phylactère »
            for voter, target in standing.items():
                if target == burnt.name and copies(s.player(voter), "meneur") and not salbatarised(s, s.player(voter)):
                    r.tell(voter, "meneur_phylactere", target=burnt.name, phylactere=burnt.markers["phylactere"])
        # He died: ``settle`` read the winner after his death and those it dragged, and what follows changes nothing
        # it reads (the messages, the swaps kept in the memory for the night).
        checked = not burnt.alive
    else:
        r.emit("no_pyre", tie=len(leaders) > 1, cancelled=False)
    r.settle()  # « juste après le bûcher »: the burnt swap with nobody
    offers = day.get("echanges")
    if offers:
        day_swaps(r, {a: b for a, b in offers.items() if s.player(a).alive and s.player(b).alive})
    return _finish(r, since, checked)


# -- the night -----------------------------------------------------------------------------------------
def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    return resolve_night_with(state, actions, answers, decrees, _start, lambda r: _finish(r, 0))


# -- for the daemon and the MJ's page ------------------------------------------------------------------
def powers_of(state: GameState, name: str) -> list[str]:
    """The powers a player holds now: his roles' and his nature's (spent ones included)."""
    held = items.kinds_held(state, name)
    return [power for power, spec in POWERS.items() if spec.owner in held]


def night_actors(state: GameState) -> list[str]:
    """The living players with a night power tonight (not salbatarised: that is decided in the night)."""
    night = int(state.phase[1:]) if state.phase.startswith("N") else int(state.phase[1:]) + 1
    found = []
    for player in state.players:
        if not player.alive:
            continue
        usable = [
            p
            for p in powers_of(state, player.name)
            if p not in DAY_POWERS
            and not (p == "cupidon.amoureux" and (night > 2 or not player.markers.get("fleches")))
            and not (p == "loup_solitaire.devorer" and not solitaire_night(player, night))
            and not (p == "sorcier.rituel" and not player.markers.get("rituels"))
            and not (p == "assassin.tuer" and not player.markers.get("meurtres"))
            and not (p == "necromancienne.ressusciter" and not player.markers.get("potions"))
        ]
        if usable:
            found.append(player.name)
    return found


def groups(state: GameState) -> dict[str, list[str]]:
    """Each living player's house and who owns it (no swaps yet): the MJ's page."""
    return {f"Maison de {p.name}": [p.name] for p in state.players if p.alive}


def card_extra(state: GameState, name: str) -> dict[str, object]:
    """The role card's own lines: the nature, both roles, an Assassin's six targets."""
    player = state.player(name)
    extra: dict[str, object] = {"nature": player.camp, "roles": roles_of(player.role)}
    if "cibles" in player.markers:
        extra["cibles"] = list(player.markers["cibles"])
    if "phylactere" in player.markers:
        extra["phylactere"] = player.markers["phylactere"]
    if player.markers.get("liches") and copies(player, "paranoiaque"):  # « il sait qu'il est phylactère, et de qui »
        extra["phylactere_de"] = list(player.markers["liches"])
    return extra


def opening(state: GameState) -> dict[str, object]:
    """The first post's context: the players and how many of each nature (the file publishes the counts)."""
    natures = {nature: sum(1 for p in state.players if p.camp == nature) for nature in NATURES}
    return {"players": [p.name for p in state.players], "count": len(state.players), "natures": natures}


def mj_notes(state: GameState) -> dict[str, list[str]]:
    """For the MJ's page: what the rules keep secret or pending — the order numbers, the assassins' targets, the
    salbatarised, the phylactères, the lovers, the Corbeau's and the Vengeur's votes, the swaps, a fled Fuyard."""
    order = sorted(state.memory.get("ordre", {}).items(), key=lambda kv: (kv[0].split(":")[1], kv[1]))
    notes = {
        "Ordre secret des rôles en double": [f"{key} : {n}" for key, n in order],
        "Cibles des Assassins": [
            f"{p.name} : {', '.join(p.markers['cibles'])}" for p in state.players if "cibles" in p.markers
        ],
        "Salbatarisés": [p.name for p in state.players if p.alive and salbatarised(state, p)],
        "Phylactères": [
            f"{p.name} (Liche) : {p.markers['phylactere']}" for p in state.players if "phylactere" in p.markers
        ],
        "Amoureux": sorted(
            {" et ".join(sorted((p.name, o))) for p in state.players for o in p.markers.get("amours", [])}
        ),
        "Voix du Corbeau au prochain bûcher": [
            f"{t} : +{n}" for t, n in sorted(state.memory.get("corbeau", {}).items())
        ],
        "Vengeance": [f"Jour {row['jour']} : {', '.join(row['cibles'])}" for row in state.memory.get("vengeance", [])],
        "Échanges de maisons prévus": [" et ".join(pair) for pair in state.memory.get("echanges", [])],
        "Hors de la partie (Fuyard)": [p.name for p in state.players if p.alive and absent(state, p)],
        **mayor_notes(state, _voiceless(state)),
    }
    return {heading: lines for heading, lines in notes.items() if lines}


__all__ = [
    "card_extra",
    "check_winner",
    "close_day",
    "day_powers",
    "day_tally",
    "groups",
    "is_wolf",
    "mj_notes",
    "night_actors",
    "opening",
    "powers_of",
    "resolve_night",
    "vote_refusal",
]  # fmt: skip
