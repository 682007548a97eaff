"""`classique`: the day — the votes as the rules count them, the mayor's election, the pyre and its
exceptions (the Idiot, the Ancien, the Ange-Gardien, the bouc émissaire)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...messages import N_, Message
from ...model import Action, Decree, GameState, Outcome, PlayerState, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Tally, tally
from .common import EARLY_POWERS, option, phase_index
from .deaths import _break_charm, _finish, _protected_on_pyre, _resolution
from .roles import ANCIEN_TARGETS
from .validation import validate


# -- the day ----------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> Message | None:
    """Why a vote may not count (the voter's earlier vote then stands), or None.

    "Les Amoureux ne doivent jamais voter l'un contre l'autre, même pour faire semblant." The pardoned
    Idiot "ne peut plus voter" (RULINGS G18), and after the Bouc-émissaire's choice only the players he
    named vote at the next pyre (E3): their votes are reported to the MJ, not counted.
    """
    try:
        player = state.player(voter)
    except KeyError:
        return None
    if player.markers.get("gracie"):
        return Message.of(N_("{voter} is the pardoned Idiot: he may no longer vote."), voter=voter)
    allowed = state.memory.get("votants_autorises")
    if allowed is not None and voter not in allowed:
        named = ", ".join(allowed)
        return Message.of(
            N_("{voter} is not among the players the Bouc-émissaire allowed to vote at this pyre ({named})."),
            voter=voter,
            named=named,
        )
    if player.markers.get("amoureux") == target:
        return Message.of(
            N_("{voter} voted against their lover {target}: lovers may never vote against each other."),
            voter=voter,
            target=target,
        )
    return None


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count as the rules make it, and the votes that stand: who may vote (the Bouc-émissaire's
    choice, not the pardoned Idiot), the Sorcière's charisme (a double vote), the Chaman's mauvais oeil
    (the bewitched vote as their master). The live count shows this too; the state is not changed."""
    standing, voters, weights = day_votes(state, votes)
    return tally(standing, voters, weights), standing


def day_votes(state: GameState, votes: Mapping[str, str]) -> tuple[dict[str, str], list[str], dict[str, int]]:
    """What ``day_tally`` counts (``contract.RuleSet.day_votes``): the votes that stand (a new dict), who may
    vote, in the players' order, and the charisme's double vote (its drinker's weight, whether he voted or not)."""
    allowed = state.memory.get("votants_autorises")
    # ``state.player``: the first so called (the players are read backwards below), else KeyError.
    player: dict[str, PlayerState] = {}
    voters = []
    in_love = False  # a player in love (most games, without Cupidon's MP: none, no lover to look for below)
    for p in reversed(state.players):  # one pass: the names, and who may vote (backwards, turned round below)
        player[p.name] = p
        if p.alive and "gracie" not in p.markers:  # the pardoned Idiot's marker is only ever set to True
            voters.append(p.name)
        if "amoureux" in p.markers:
            in_love = True
    voters.reverse()
    if allowed is not None:
        voters = [v for v in voters if v in allowed]
    drinker = state.memory.get("charisme")
    weights = {drinker: 2} if drinker else {}
    counted: Mapping[str, str] = votes
    spell = state.memory.get("mauvais_oeil_du_jour")
    if spell:  # "devront voter comme leur maître au bûcher du soir"
        changed = dict(votes)  # (only a spell changes the votes read: the caller's are never changed)
        master_vote = changed.get(spell["chaman"])
        for bewitched in spell["cibles"]:
            if master_vote is None:
                changed.pop(bewitched, None)
            else:
                changed[bewitched] = master_vote
        counted = changed
    may_vote = set(voters)
    if not in_love:  # (a loop: a comprehension is a call)
        standing: dict[str, str] = {}
        for v, t in counted.items():
            if v in may_vote and player[t].alive:
                standing[v] = t
        return standing, voters, weights
    standing = {
        v: t
        for v, t in counted.items()
        if v in may_vote and player[t].alive and player[v].markers.get("amoureux") != t  # (H1, G16)
    }
    return standing, voters, weights


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """The end of a day: J0 elects the mayor; every other day sends someone to the pyre."""
    r = _day_start(state, answers, decrees, actions)
    s = r.state
    result, standing = day_tally(s, votes)
    bewitched = (s.memory.get("mauvais_oeil_du_jour") or {}).get("cibles", [])
    set_aside = []
    for voter, target in votes.items():  # votes that reached the count but the rules set aside
        if voter not in standing and voter not in bewitched:
            refused = vote_refusal(s, voter, target)  # the event keeps the English text: a log, not the MJ's page
            reason = refused.render() if refused else f"{voter} may not vote today, or {target} is dead."
            set_aside.append({"player": voter, "target": target, "reason": reason})
            r.tell_mj("vote_set_aside", player=voter, target=target, reason=reason)
    _day_end(r, votes)
    r.emit(
        "vote_result",
        counts={row.target: row.votes for row in result.counts},
        voters={row.target: list(row.voters) for row in result.counts},
        not_voted=list(result.not_voted),
        set_aside=set_aside,
    )
    if s.phase == "J0":
        _elect_mayor(r, list(result.leaders))
    else:
        _pyre(r, list(result.leaders), standing)
    return _finish(r)


def close_decided_day(
    state: GameState,
    votes: Mapping[str, str],
    victim: str | None,
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """``close_day`` for a day its caller counted (``contract.RuleSet.close_decided_day``): ``victim`` goes to
    the pyre as the count's only leader does (``_burn``: the Ange-Gardien, the Idiot, the Ancien…); None: no
    pyre, and no event of it (nor, on J0, a mayor's election). ``votes``: the votes counted, for the day's
    notes to the MJ (the Chaman's spell). The decrees, the day actions and the day's end as ``close_day``."""
    return _decided_day(_day_start(state, answers, decrees, actions), votes, victim)


def close_decided_day_owned(
    state: GameState,
    votes: Mapping[str, str],
    victim: str | None,
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """``close_decided_day`` on a state its caller hands over (``contract.RuleSet.close_decided_day_owned``):
    changed in place and returned in the outcome, not copied (the baguette module copies the state once)."""
    return _decided_day(_day_start(state, answers, decrees, actions, owned=True), votes, victim)


def _decided_day(r: Resolution, votes: Mapping[str, str], victim: str | None) -> Outcome:
    _day_end(r, votes)
    if victim is not None:
        _burn(r, victim)
    return _finish(r)


def _day_start(
    state: GameState,
    answers: Mapping[str, str] | None,
    decrees: Sequence[Decree],
    actions: Sequence[Action],
    owned: bool = False,
) -> Resolution:
    """The day's resolution: the state copied (unless ``owned``), the decrees applied, the day actions read."""
    r = _resolution(state, answers or {}, decrees, owned)
    for action in actions:  # day powers (the Ange-Gardien's choice), and the coming night's early MPs
        if action.power in EARLY_POWERS:
            _early_action(r, action)
        else:
            _day_action(r, action)
    return r


def _day_end(r: Resolution, votes: Mapping[str, str]) -> None:
    """What the pyre's count ends: the charisme drunk for nothing, the day's allowed voters, the spell."""
    s = r.state
    drinker = s.memory.get("charisme")
    allowed = s.memory.get("votants_autorises")
    may_vote = drinker and s.player(drinker).alive and not s.player(drinker).markers.get("gracie")
    if drinker and not (may_vote and (allowed is None or drinker in allowed)):
        r.tell_mj("charisma_wasted", player=drinker)  # "comptera double" for nothing: he may not vote (G6)
    s.memory.pop("votants_autorises", None)
    s.memory.pop("charisme", None)
    spell = s.memory.pop("mauvais_oeil_du_jour", None)
    if not spell:  # (most days)
        return
    master_vote = votes.get(spell["chaman"])
    r.tell_mj("mauvais_oeil", players=spell["cibles"], vote=master_vote)
    for voter in spell.get("cibles", []):  # a vote the spell turned against the voter's own lover (G16)
        if master_vote is not None and s.player(voter).markers.get("amoureux") == master_vote:
            r.tell_mj("lovers_voted_against_each_other", player=voter, target=master_vote)


def _early_action(r: Resolution, action: Action) -> None:
    """ "Le Devin doit envoyer un MP au meneur avant la nuit"; the Berger places his sheep "Avant chaque
    nuit": such an MP sent by day counts for the coming night, checked as that night will check it
    (RULINGS C3). A later MP for the same power, by day or at night, replaces it."""
    ahead = r.state.copy()
    ahead.phase = next_phase(ahead.phase)
    refusal = validate(ahead, action)
    if refusal:
        r.tell(action.player, "action_refused", power=action.power, reason=refusal)
        return
    early = r.state.memory.setdefault("actions_avance", [])
    early[:] = [a for a in early if (a["player"], a["power"]) != (action.player, action.power)]
    early.append(
        {"player": action.player, "power": action.power, "targets": list(action.targets), "source": action.source}
    )
    r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))


def _day_action(r: Resolution, action: Action, receipt: bool = True) -> None:
    """A day power; ``receipt`` is False where the night's reading already sent "Action reçue"."""
    refusal = validate(r.state, action)
    if refusal:
        r.tell(action.player, "action_refused", power=action.power, reason=refusal)
        return
    if action.power == "ange_gardien.proteger" and action.targets:
        r.state.player(action.player).markers["protege"] = action.targets[0]
    elif action.power == "malade.tomber_malade":
        r.state.player(action.player).markers["malade_depuis"] = phase_index(r.state.phase)
    else:
        return
    if receipt:
        r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))


def _elect_mayor(r: Resolution, leaders: list[str]) -> None:
    if len(leaders) > 1 and option(r.state, "election_maire_egalite") == "tirage":
        leaders = [r.state.rng("maire").choice(leaders)]  # D2 option: a draw with the game's seed
    elif len(leaders) > 1:
        chosen = r.ask("maire_egalite", "MJ", "Égalité pour l'élection du maire : qui est élu ?", leaders, single=True)
        leaders = [] if chosen == NOBODY else [chosen]
    if leaders:
        r.state.mayor = leaders[0]
        r.emit("mayor_elected", player=leaders[0])
    else:
        r.emit("no_mayor")


def _pyre(r: Resolution, leaders: list[str], standing: Mapping[str, str]) -> None:
    s = r.state
    if not leaders:
        r.emit("no_pyre", reason="no_votes")
        return
    if len(leaders) == 1:
        _burn(r, leaders[0])
        return
    bouc = next((p for p in s.with_role("bouc_emissaire") if not _protected_on_pyre(s, p.name)), None)
    if bouc is not None:
        r.emit("tie", candidates=leaders, resolved_by="bouc_emissaire")
        r.mark(bouc.name, "bucher")
        r.settle()
        chosen = r.ask(
            "bouc",
            bouc.name,
            "Tu meurs à leur place : qui aura le droit de voter au prochain bûcher ?",
            s.living(),
            about=bouc.name,
        )
        if chosen != NOBODY:
            s.memory["votants_autorises"] = [name.strip() for name in chosen.split(",")]
            r.emit("next_pyre_voters", players=s.memory["votants_autorises"])
        elif option(s, "bouc_aucun") == "personne":  # E3 option: nobody votes, so no pyre
            s.memory["votants_autorises"] = []
            r.emit("next_pyre_voters", players=[])
        return
    mayor = s.mayor if s.mayor and s.player(s.mayor).alive and not s.player(s.mayor).markers.get("gracie") else None
    if mayor is None and option(s, "egalite_sans_arbitre") == "tirage":  # E2 option: a draw with the seed
        drawn = s.rng("egalite").choice(leaders)
        r.emit("tie", candidates=leaders, resolved_by="tirage", choice=drawn)
        _burn(r, drawn)
        return
    if mayor is None:
        r.emit("tie", candidates=leaders, resolved_by=None)
        r.emit("no_pyre", reason="tie")
        return
    own = standing.get(mayor)
    # "il ne peut que renforcer son propre vote"
    options = [own] if own in leaders else leaders
    chosen = (
        options[0]
        if len(options) == 1
        else r.ask("maire_egalite", mayor, "Égalité au bûcher : qui désignes-tu ?", options, single=True)
    )
    r.emit("tie", candidates=leaders, resolved_by="maire", choice=None if chosen == NOBODY else chosen)
    if chosen == NOBODY:
        r.emit("no_pyre", reason="tie")
    else:
        _burn(r, chosen)


def _burn(r: Resolution, name: str) -> None:
    s = r.state
    victim = s.player(name)
    if _protected_on_pyre(s, name):
        r.emit("pyre_protected", player=name)
        r.emit("no_pyre", reason="protected")
        return
    if victim.role == "idiot_du_village" and (not victim.markers.get("gracie") or option(s, "idiot_graces") != 1):
        victim.markers["gracie"] = True
        r.emit("idiot_pardoned", player=name)
        if s.mayor == name:
            s.mayor = None
            s.memory["mairie_supprimee"] = True
            r.emit("mayor_abolished", player=name)
        return
    r.emit("pyre", player=name, role=victim.role)
    r.mark(name, "bucher")
    r.settle()
    if victim.role == "seigneur_loup" and not victim.markers.get("pouvoirs_perdus"):
        target = r.ask(
            "rage", name, "Rage meurtrière : qui entraînes-tu dans le brasier ?", s.living(), about=name, single=True
        )
        if target != NOBODY and _protected_on_pyre(s, target) and option(s, "rage_et_ange") == "protege":
            r.emit("pyre_protected", player=target, by="rage")  # "ne pourra pas mourir par les flammes" (G1)
        elif target != NOBODY:
            r.mark(target, "rage")
    if victim.role == "ancien":
        target = r.ask(
            "ancien",
            name,
            "Ton dernier murmure : quel villageois perd ses pouvoirs ?",
            s.living(),
            about=name,
            single=True,
        )
        if target != NOBODY and s.player(target).role in ANCIEN_TARGETS:
            named = s.player(target)
            named.markers["pouvoirs_perdus"] = True
            r.tell(target, "power_lost", by="ancien")
            if named.role == "joueur_de_flute":  # "le charme sera rompu et les ex-charmés seront avertis par mp"
                if named.camp == "flute":  # "deviendra un simple villageois" (a cursed one stays a wolf)
                    named.camp = "village"
                _break_charm(r)
