"""`classique` — "Le jeu du Loup Garou (règlement)" (shared/rules/003_4918c2f42fa5708a.txt).

The night order is written once, in NIGHT_ORDER, following "Toutes les autres Nuits"; STEPS gives
each step its function. How each ambiguous rule was read: RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...model import Action, Decree, GameState, Outcome, PlayerState, next_phase
from ...resolution import NOBODY, Resolution
from ...tally import Tally, tally
from .roles import ANCIEN_TARGETS, CAMPS, NAMES, ROLE_ORDER, WOLVES

RULESET = "classique"

NIGHT_ORDER: tuple[str, ...] = (
    "malade",  # "Lorsque le joueur décide de tomber malade, il l'indiquera par MP" (from that phase on)
    "devin",  # "Le devin doit envoyer en tout début de nuit un Mp"
    "loup_assommeur",
    "enchanteur",  # not in the file's list; acts with the Loup Assommeur (RULINGS.md)
    # The protections come before every attack they stop (RULINGS F: the order of effects, not of the MPs):
    "berger",
    "salvateur",
    "voyante",
    "joueur_de_flute",
    "maitre_vampire",
    "chef_de_meute",
    "seigneur_loup",  # "La Malédiction intervient juste avant le festin nocturne des Loups"
    "loups",
    "sorciere",  # "appelée après le festin des Loups"
    "chaman",
)
WOLVES_ONLY = "Seuls les loups-garous choisissent la victime de la nuit."

# Powers usable by day (the Ange-Gardien chooses "à n'importe quel moment").
DAY_POWERS = frozenset({"ange_gardien.proteger", "malade.tomber_malade"})
# Night powers whose MP may come "avant la nuit", during the day before: kept for the coming night (C3).
EARLY_POWERS = frozenset({"devin.designer", "berger.moutons"})
# "Aucune autre action spéciale n'a lieu cette nuit là": the wolves' victim is the fictional one.
# The Ange-Gardien chooses "à n'importe quel moment": the first night too.
FIRST_NIGHT_POWERS = frozenset({"cupidon.amoureux", "ange_gardien.proteger"})


# The **Option** readings of RULINGS.md (table L) the engine applies: name → allowed values, default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "election_maire_egalite": ("mj", "tirage"),  # D2
    "idiot_graces": (1, "toujours"),  # G18
    "egalite_sans_arbitre": ("personne", "tirage"),  # E2
    "bouc_aucun": ("tout_le_monde", "personne"),  # E3
    "rage_et_ange": ("protege", "tue"),  # G1
    "salvateur_suite": ("nuits_protegees", "derniere_protection"),  # G4
    "victoire_parite": (False, True),  # J2
}
# Options RULINGS.md names that the engine does not apply yet: a game asking for one is refused.
NOT_YET = frozenset(
    {
        "election_maire", "vote_maire_pour", "idiot_maire", "neutralisations", "choix_loups", "malade_clouage",
        "maudit_garde_pouvoirs", "agonie", "morsure_chef", "tours_chef", "amoureux_meme_camp", "flute_victoire",
    }
)  # fmt: skip


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options, checked: an unknown name or value is refused (ValueError), with the choices."""
    for name, value in options.items():
        if name in NOT_YET:
            raise ValueError(f"classique option {name!r} is a ruling the engine does not apply yet")
        if name not in OPTIONS:
            raise ValueError(f"unknown classique option {name!r} (known: {', '.join(sorted(OPTIONS))})")
        allowed = OPTIONS[name]
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise ValueError(f"classique option {name!r}: {value!r} is not one of {', '.join(map(repr, allowed))}")
    return dict(options)


def option(state: GameState, name: str) -> Any:
    """The game's value of a RULINGS option (its default unless the game set it)."""
    return state.memory.get("options", {}).get(name, OPTIONS[name][0])


# -- setup ------------------------------------------------------------------------------------
def setup(
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """Characters 1..N for N players, dealt at random from the seed (or as given, for scenarios);
    ``options`` sets RULINGS readings (OPTIONS)."""
    chosen = check_options(options or {})
    if roles is None:
        if len(names) > len(ROLE_ORDER):
            raise ValueError(f"classique has {len(ROLE_ORDER)} characters; {len(names)} players need MJ roles")
        dealt = list(ROLE_ORDER[: len(names)])
        state = GameState(RULESET, seed, [])
        state.rng("setup").shuffle(dealt)
        roles = dict(zip(names, dealt, strict=True))
    unknown = sorted(set(roles.values()) - set(NAMES))
    if unknown:
        raise ValueError(f"unknown classique roles: {', '.join(unknown)}")
    players = [PlayerState(name, roles[name], CAMPS[roles[name]]) for name in names]
    for player in players:
        if player.role == "ancien":
            player.markers["vies"] = 2
        if player.role == "berger":
            player.markers["moutons"] = 3
    memory: dict[str, Any] = {"potions": {"guerison": True, "empoisonnement": True, "charisme": True}}
    if chosen:
        memory["options"] = chosen
    return GameState(RULESET, seed, players, memory=memory)


def phase_index(phase: str) -> int:
    """J0 = 0, N1 = 1, J1 = 2, N2 = 3 …"""
    number = int(phase[1:])
    return 2 * number - 1 if phase[0] == "N" else 2 * number


def is_sick(state: GameState, player: PlayerState) -> bool:
    """ "il tombera malade pendant 4 jours et 4 nuits": 8 phases from the one of his MP."""
    since = player.markers.get("malade_depuis")
    return since is not None and not player.markers.get("gueri") and phase_index(state.phase) < since + 8


def is_wolf(player: PlayerState) -> bool:
    return player.alive and (player.role in WOLVES or bool(player.markers.get("loup")))


def has_power(player: PlayerState, role: str) -> bool:
    return player.alive and player.role == role and not player.markers.get("pouvoirs_perdus")


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
        return f"Ce pouvoir est celui du personnage {NAMES.get(role, role)}, pas le tien."
    elif player.markers.get("pouvoirs_perdus"):
        return "Tu as perdu tes pouvoirs : l'Ancien t'a désigné à sa mort."
    night = state.phase.startswith("N")
    if action.power not in DAY_POWERS and not night:
        return "Ce pouvoir s'utilise la nuit."
    if state.phase == "N1" and action.power not in FIRST_NIGHT_POWERS:
        if action.power == "loups.devorer":
            return "La première nuit, les loups-garous font connaissance et tuent une victime fictive."
        return "La première nuit, seul Cupidon agit."
    for target in action.targets:
        try:
            if not state.player(target).alive:
                return f"{target} est mort·e."
        except KeyError:
            return f"{target} ne joue pas dans cette partie."
    check = _CHECKS.get(action.power)
    return check(state, action) if check else None


def _check_salvateur(state: GameState, action: Action) -> str | None:
    if action.targets and action.targets[0] == state.memory.get("salvateur_derniere_protection"):
        return "Tu ne peux pas protéger la même personne deux nuits de suite."
    return None


_POTIONS = {"guerison": "de guérison", "empoisonnement": "d'empoisonnement", "charisme": "de charisme"}


def _check_potion(name: str) -> Callable[[GameState, Action], str | None]:
    def check(state: GameState, action: Action) -> str | None:
        if not state.memory["potions"].get(name):
            return f"Tu as déjà utilisé ta potion {_POTIONS[name]}."
        return None

    return check


def _check_cupidon(state: GameState, action: Action) -> str | None:
    if state.phase != "N1":
        return "Cupidon désigne les Amoureux la première nuit seulement."
    if len(set(action.targets)) != 2:
        return "Il faut désigner deux personnes différentes."
    return None


def _check_ange(state: GameState, action: Action) -> str | None:
    if "protege" in state.player(action.player).markers:
        return "Ton choix est fait pour toute la partie."
    if action.targets and action.targets[0] == action.player:
        return "L'Ange-Gardien ne peut pas se protéger lui-même."
    return None


def _check_devin(state: GameState, action: Action) -> str | None:
    if state.memory.get("devin_utilise"):
        return "Tu as déjà utilisé ton pouvoir de Devin : une seule fois par partie."
    return None


def _check_malediction(state: GameState, action: Action) -> str | None:
    if len(state.players) < 18:
        return "La malédiction n'existe qu'à partir de 18 joueurs."
    if state.memory.get("malediction_utilisee"):
        return "Ta malédiction est déjà utilisée (ou perdue) pour la partie."
    return None


def _check_morsure(state: GameState, action: Action) -> str | None:
    if state.player(action.player).markers.get("morsure"):
        return "Tu as déjà mordu : le Chef de meute n'a droit qu'à une seule morsure."
    if action.targets and is_wolf(state.player(action.targets[0])):  # "mordre un villageois" (G13)
        return f"{action.targets[0]} est déjà un loup-garou : ta morsure vise un villageois."
    return None


def _check_sortilege(spell: str) -> Callable[[GameState, Action], str | None]:
    def check(state: GameState, action: Action) -> str | None:
        if state.memory.get(f"chaman_{spell}"):
            return "Tu as déjà utilisé ce sortilège : chacun ne sert qu'une fois."
        if len(set(action.targets)) != 2:
            return "Il faut désigner deux villageois."
        return None

    return check


def _check_moutons(state: GameState, action: Action) -> str | None:
    """ "la totalité de son troupeau ou rien", never his own door two nights running."""
    berger = state.player(action.player)
    left = berger.markers.get("moutons", 0)
    if action.targets and left == 0:
        return "Tu n'as plus de moutons."
    if action.targets and len(action.targets) != left:
        return f"Il faut placer tout ton troupeau ({left} mouton{'s' if left > 1 else ''}) ou aucun."
    night = int(state.phase[1:])
    if action.player in action.targets and berger.markers.get("mouton_chez_moi") == night - 1:
        return "Tu ne peux pas placer un mouton devant chez toi deux nuits de suite."
    return None


def _check_malade(state: GameState, action: Action) -> str | None:
    if "malade_depuis" in state.player(action.player).markers:
        return "Tu ne tombes malade qu'une fois dans la partie."
    return None


def _check_enchanteur(state: GameState, action: Action) -> str | None:
    if state.memory.get("enchanteur_utilisations", 0) >= 3:
        return "Tu as déjà endormi trois personnes : ta flûte s'est tue."
    return None


_CHECKS: dict[str, Callable[[GameState, Action], str | None]] = {
    "devin.designer": _check_devin,
    "seigneur_loup.maudire": _check_malediction,
    "chef_de_meute.mordre": _check_morsure,
    "berger.moutons": _check_moutons,
    "malade.tomber_malade": _check_malade,
    "chaman.mauvais_oeil": _check_sortilege("mauvais_oeil"),
    "chaman.mauvaise_langue": _check_sortilege("mauvaise_langue"),
    "enchanteur.endormir": _check_enchanteur,
    "salvateur.proteger": _check_salvateur,
    "sorciere.guerison": _check_potion("guerison"),
    "sorciere.empoisonnement": _check_potion("empoisonnement"),
    "sorciere.charisme": _check_potion("charisme"),
    "cupidon.amoureux": _check_cupidon,
    "ange_gardien.proteger": _check_ange,
}


# -- shared pieces ----------------------------------------------------------------------------
def _resolution(state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree]) -> Resolution:
    r = Resolution(state, answers)
    r.death_hooks.append(_hunter)
    r.death_hooks.append(_acolytes)
    r.death_hooks.append(_transformation_cancelled)
    r.death_hooks.append(_flute_dead)
    for decree in decrees:
        # A "mayor" decree is also how a censure motion ends ("le maire en place est destitué"): the MJ
        # counts it and names the new mayor after the new election, or none meanwhile (RULINGS.md).
        r.decree(decree)
    return r


def _hunter(r: Resolution, name: str, cause: str) -> None:
    """ "Lorsqu'il meurt (Loups, poison, amour, bûcher...), le Chasseur a le pouvoir de répliquer"."""
    player = r.state.player(name)
    if player.role != "chasseur" or player.markers.get("balle_utilisee") or player.markers.get("pouvoirs_perdus"):
        return
    player.markers["balle_utilisee"] = True
    target = r.ask("chasseur", name, "Tu meurs : sur qui tires-tu ?", r.state.living(), about=name, single=True)
    if target != NOBODY:
        r.emit("hunter_shot", player=name, target=target)
        r.mark(target, "chasseur")


def _protected_on_pyre(state: GameState, name: str) -> bool:
    return any(
        a.markers.get("protege") == name for a in state.with_role("ange_gardien") if has_power(a, "ange_gardien")
    )


def check_winner(state: GameState) -> str | None:
    """Who has won, if anyone; run after every settled resolution."""
    alive = [p for p in state.players if p.alive]
    if not alive:
        return "aucun"
    if len(alive) == 2 and alive[0].markers.get("amoureux") == alive[1].name:
        return "amoureux"
    flute = [p for p in alive if p.role == "joueur_de_flute" and not p.markers.get("pouvoirs_perdus")]
    if flute and all(p.markers.get("charme") for p in alive if p.name != flute[0].name):
        return "flute"
    camps = {("loups" if is_wolf(p) else p.camp) for p in alive}
    if camps == {"loups"}:
        return "loups"
    pack = [p for p in alive if is_wolf(p) or p.camp == "loups"]
    if option(state, "victoire_parite") and not camps & {"vampires", "flute"} and 2 * len(pack) >= len(alive):
        return "loups"  # the parity reading (J2): as many werewolves as the others
    if camps == {"vampires"}:
        return "vampires"
    if not camps & {"loups", "vampires", "flute"}:
        return "village"
    return None


def _traitor(r: Resolution) -> None:
    """ "Lorsque tous les loups sont morts, le traître devient alors un véritable loup"."""
    if any(is_wolf(p) for p in r.state.players):
        return
    for traitor in (p for p in r.state.players if p.alive and p.role == "traitre"):
        traitor.role = "loup_garou"
        traitor.markers["loup"] = True
        r.tell(traitor.name, "role_changed", role="loup_garou")


def _finish(r: Resolution) -> Outcome:
    r.settle()
    _traitor(r)
    winner = check_winner(r.state)
    if winner:
        r.state.winner = winner
        r.emit("game_over", winner=winner)
    else:
        r.state.phase = next_phase(r.state.phase)
    return r.outcome()


# -- the day ----------------------------------------------------------------------------------
def vote_refusal(state: GameState, voter: str, target: str) -> str | None:
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
        return f"{voter} is the pardoned Idiot: he may no longer vote."
    allowed = state.memory.get("votants_autorises")
    if allowed is not None and voter not in allowed:
        named = ", ".join(allowed)
        return f"{voter} is not among the players the Bouc-émissaire allowed to vote at this pyre ({named})."
    if player.markers.get("amoureux") == target:
        return f"{voter} voted against their lover {target}: lovers may never vote against each other."
    return None


def day_tally(state: GameState, votes: Mapping[str, str]) -> tuple[Tally, dict[str, str]]:
    """The day's count as the rules make it, and the votes that stand: who may vote (the Bouc-émissaire's
    choice, not the pardoned Idiot), the Sorcière's charisme (a double vote), the Chaman's mauvais oeil
    (the bewitched vote as their master). The live count shows this too; the state is not changed."""
    allowed = state.memory.get("votants_autorises")
    voters = [p.name for p in state.players if p.alive and not p.markers.get("gracie")]
    if allowed is not None:
        voters = [v for v in voters if v in allowed]
    weights = {name: 2 for name in [state.memory.get("charisme")] if name}
    counted = dict(votes)
    spell = state.memory.get("mauvais_oeil_du_jour")
    if spell:  # "devront voter comme leur maître au bûcher du soir"
        master_vote = counted.get(spell["chaman"])
        for bewitched in spell["cibles"]:
            if master_vote is None:
                counted.pop(bewitched, None)
            else:
                counted[bewitched] = master_vote
    standing = {
        v: t
        for v, t in counted.items()
        if v in voters and state.player(t).alive and state.player(v).markers.get("amoureux") != t  # (H1, G16)
    }
    return tally(standing, voters, weights), standing


def close_day(
    state: GameState,
    votes: Mapping[str, str],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
    actions: Sequence[Action] = (),
) -> Outcome:
    """The end of a day: J0 elects the mayor; every other day sends someone to the pyre."""
    r = _resolution(state, answers or {}, decrees)
    s = r.state
    for action in actions:  # day powers (the Ange-Gardien's choice), and the coming night's early MPs
        if action.power in EARLY_POWERS:
            _early_action(r, action)
        else:
            _day_action(r, action)
    result, standing = day_tally(s, votes)
    bewitched = (s.memory.get("mauvais_oeil_du_jour") or {}).get("cibles", [])
    set_aside = []
    for voter, target in votes.items():  # votes that reached the count but the rules set aside
        if voter not in standing and voter not in bewitched:
            reason = vote_refusal(s, voter, target) or f"{voter} may not vote today, or {target} is dead."
            set_aside.append({"player": voter, "target": target, "reason": reason})
            r.tell_mj("vote_set_aside", player=voter, target=target, reason=reason)
    drinker = s.memory.get("charisme")
    allowed = s.memory.get("votants_autorises")
    may_vote = drinker and s.player(drinker).alive and not s.player(drinker).markers.get("gracie")
    if drinker and not (may_vote and (allowed is None or drinker in allowed)):
        r.tell_mj("charisma_wasted", player=drinker)  # "comptera double" for nothing: he may not vote (G6)
    s.memory.pop("votants_autorises", None)
    s.memory.pop("charisme", None)
    spell = s.memory.pop("mauvais_oeil_du_jour", None)
    if spell:
        r.tell_mj("mauvais_oeil", players=spell["cibles"], vote=votes.get(spell["chaman"]))
    master_vote = votes.get(spell["chaman"]) if spell else None
    for voter in bewitched:  # a vote the spell turned against the voter's own lover is not counted (G16)
        if master_vote is not None and s.player(voter).markers.get("amoureux") == master_vote:
            r.tell_mj("lovers_voted_against_each_other", player=voter, target=master_vote)
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


def _flute_dead(r: Resolution, name: str, cause: str) -> None:
    """ "S'il se fait tuer, le charme est rompu"."""
    if r.state.player(name).role == "joueur_de_flute":
        _break_charm(r)


def _break_charm(r: Resolution) -> None:
    """Every charm ends; the living ex-charmed are told by MP (RULINGS G12, G14)."""
    for player in r.state.players:
        if player.markers.pop("charme", None) and player.alive:
            r.tell(player.name, "charm_broken")


# -- the night --------------------------------------------------------------------------------
class _Night:
    """What the night's steps know of each other (the victim, the protection, the potions)."""

    def __init__(self, r: Resolution, actions: Mapping[str, Action]) -> None:
        self.r = r
        self.actions = actions
        self.protected: str | None = None
        self.victim: str | None = None
        self.bitten: str | None = None  # the Chef de meute's victim, dead at dawn unless healed (G13)
        self.forced_victim: str | None = None  # the Devin's choice
        self.asleep: dict[str, str] = {}  # player → why they do not wake this night
        self.over = False  # a win in the middle of the night (the flute) ends it there
        self.dead_sheep = 0
        self.victim_marked = False
        self.wolves_choice: str | None = None  # who sent the wolves' chosen MP (the Malade learns him)
        self._refused: set[tuple[str, str]] = set()


def latest_actions(
    state: GameState, actions: Sequence[Action], r: Resolution | None = None, acknowledged: Sequence[Action] = ()
) -> dict[str, Action]:
    """The valid actions of the night, by power (and player): a later MP replaces an earlier one.
    ``acknowledged`` were received (and their receipt sent) before the night: they come first."""
    kept: dict[str, Action] = {}
    actions = [*acknowledged, *actions]
    for action in actions:
        refusal = validate(state, action)
        if refusal == WOLVES_ONLY:
            refusal = None  # a player cursed this very night may join the feast: checked at the wolves' step
        if refusal:
            if r is not None:
                r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        key = f"{action.power}:{action.player}"
        kept.pop(key, None)
        kept[key] = action
    if r is not None:  # "Action reçue : …" — one receipt per power, for the MP that counts
        for action in kept.values():
            if not any(action is a for a in acknowledged):
                r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept


def _actions_for(night: _Night, power: str) -> list[Action]:
    """The night's actions for a power, from players awake to use it (the others are told why not)."""
    kept = []
    for action in night.actions.values():
        if action.power != power:
            continue
        why = night.asleep.get(action.player)
        if why is None:
            kept.append(action)
        elif (action.player, power) not in night._refused:
            night._refused.add((action.player, power))
            night.r.tell(action.player, "action_refused", power=power, reason=why)
    return kept


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r = _resolution(state, answers or {}, decrees)
    _transformations(r)  # the Chef de meute's victim comes back before the night's actions
    early = [
        Action(a["player"], a["power"], tuple(a["targets"]), a["source"])
        for a in r.state.memory.pop("actions_avance", [])
    ]
    night = _Night(r, latest_actions(r.state, actions, r, early))
    for action in [a for a in night.actions.values() if a.power in DAY_POWERS - {"malade.tomber_malade"}]:
        # The Ange-Gardien chooses "à n'importe quel moment": on any night too, and a stun does not
        # touch it (not a night power, RULINGS G2, G9). The Malade's MP is the night's first step.
        _day_action(r, action, receipt=False)
    if r.state.phase == "N1":
        _first_night(night)
    else:
        for step in NIGHT_ORDER:
            STEPS[step](night)
            if night.over:
                break
        else:
            _dawn(night)
    return _finish(r)


def _first_night(night: _Night) -> None:
    """ "Aucune autre action spéciale n'a lieu cette nuit là": Cupidon, and the wolves meet (the
    Ange-Gardien's choice is not a night action: resolve_night applies it on every night)."""
    r, s = night.r, night.r.state
    for action in _actions_for(night, "cupidon.amoureux"):
        first, second = action.targets
        s.player(first).markers["amoureux"] = second
        s.player(second).markers["amoureux"] = first
        r.tell(first, "lover", target=second)
        r.tell(second, "lover", target=first)
        r.tell_mj("lovers", players=[first, second])
    wolves = [p.name for p in s.players if is_wolf(p)]
    for wolf in wolves:
        r.tell(wolf, "pack", wolves=wolves)
    r.emit("fictional_victim")


def _devin(night: _Night) -> None:
    for action in _actions_for(night, "devin.designer"):
        night.r.state.memory["devin_utilise"] = True
        night.forced_victim = action.targets[0]
        night.r.tell_mj("devin_designates", player=action.player, target=action.targets[0])


def _loup_assommeur(night: _Night) -> None:
    """ "La 'victime' est immédiatement informée par MP de son incapacité temporaire"."""
    for action in _actions_for(night, "loup_assommeur.assommer"):
        target = action.targets[0]
        night.asleep[target] = "Tu as été assommé·e cette nuit : tu ne peux pas utiliser ton pouvoir."
        night.r.tell(target, "stunned")


def _enchanteur(night: _Night) -> None:
    for action in _actions_for(night, "enchanteur.endormir"):
        memory = night.r.state.memory
        memory["enchanteur_utilisations"] = memory.get("enchanteur_utilisations", 0) + 1
        night.asleep.setdefault(action.targets[0], "Une mélodie envoûtante t'a endormi·e : tu dors toute la nuit.")
        night.r.tell_mj("enchanted", player=action.targets[0])


def _salvateur(night: _Night) -> None:
    s = night.r.state
    chosen = _actions_for(night, "salvateur.proteger")
    if chosen and chosen[-1].targets:
        s.memory["salvateur_derniere_protection"] = chosen[-1].targets[0]
    elif option(s, "salvateur_suite") == "nuits_protegees":  # a night without protection breaks the run (G4)
        s.memory["salvateur_derniere_protection"] = None
    if chosen and chosen[-1].targets:
        night.protected = chosen[-1].targets[0]


def _voyante(night: _Night) -> None:
    for action in _actions_for(night, "voyante.sonder"):
        target = night.r.state.player(action.targets[0])
        night.r.tell(action.player, "seer_result", target=target.name, role=target.role)


def _loups(night: _Night) -> None:
    r, s = night.r, night.r.state
    if s.memory.get("loups_alites") == int(s.phase[1:]):  # "cloués au lit durant la nuit suivante"
        for action in _actions_for(night, "loups.devorer"):
            r.tell(action.player, "action_refused", power=action.power, reason="Contaminés, les loups restent au lit.")
        r.tell_mj("wolves_bedridden")
        return
    chosen = []
    for action in _actions_for(night, "loups.devorer"):  # the last MP of an awake wolf counts
        if is_wolf(s.player(action.player)):
            chosen.append(action)
        else:
            r.tell(action.player, "action_refused", power=action.power, reason=WOLVES_ONLY)
    target = night.forced_victim or (chosen[-1].targets[0] if chosen and chosen[-1].targets else None)
    if target is None:
        r.tell_mj("no_wolf_victim")
        return
    victim = s.player(target)
    if victim.name == night.protected:
        r.tell_mj("protected_from_wolves", player=victim.name, by="salvateur")
        return
    if victim.camp == "vampires":  # "Il ne peut pas non plus être mangé par les loups" (nor his Acolytes)
        r.tell_mj("vampire_not_eaten", player=victim.name)
        return
    if victim.role == "berger" and _sheep_at_door(night, victim.name):
        night.dead_sheep += 1  # "un mouton devant sa porte qui mourra à sa place"
        victim.markers["moutons"] = victim.markers.get("moutons", 0) - 1
        victim.markers["moutons_places"] = [t for t in victim.markers.get("moutons_places", []) if t != victim.name]
        return
    if is_sick(s, victim):
        _contaminate(night, victim, chosen[-1].player if chosen else None)
        return
    if victim.role == "lapinou_garou" and not is_wolf(victim) and _lapinou(night, victim):
        return
    if victim.role == "ancien" and victim.markers.get("vies", 1) > 1:
        victim.markers["vies"] = victim.markers["vies"] - 1
        r.tell_mj("ancien_survives", player=victim.name)
        return
    night.victim = victim.name


def _sorciere(night: _Night) -> None:
    r, s = night.r, night.r.state
    witch = next((p for p in s.with_role("sorciere") if has_power(p, "sorciere")), None)
    if witch is None:
        return
    potions = s.memory["potions"]
    agony = night.victim == witch.name and not potions["guerison"]  # "l'agonie l'empêchera…"
    # "Elle est mise au courant de la victime des Loups-Garous": the feast's, and the Chef de meute's
    # ("même si la Sorcière sauve la victime"), while she has her healing and is awake to be told.
    victims = list(dict.fromkeys(name for name in (night.victim, night.bitten) if name))
    if potions["guerison"] and witch.name not in night.asleep:
        for victim in victims:
            r.tell(witch.name, "witch_told_victim", victim=victim)
    for action in _actions_for(night, "sorciere.guerison")[-1:]:
        healed, why = _heal_target(action, victims)
        if healed is None:  # the potion is kept (RULINGS G6)
            r.tell(action.player, "action_refused", power=action.power, reason=why)
            continue
        potions["guerison"] = False
        r.tell_mj("healed", player=healed)
        if healed == night.victim:
            night.victim = None
        if healed == night.bitten:  # eaten and bitten the same night: one healing saves the one player
            night.bitten = None
            del s.player(healed).markers["transformation"]
    if night.victim:  # the feast's death comes before the potions' (RULINGS I1)
        r.mark(night.victim, "loups")
        night.victim, night.victim_marked = None, True
    _bite_at_dawn(night)
    if agony:
        for action in _actions_for(night, "sorciere.empoisonnement") + _actions_for(night, "sorciere.charisme"):
            r.tell(action.player, "action_refused", power=action.power, reason="L'agonie t'en empêche.")
        return
    for action in _actions_for(night, "sorciere.empoisonnement"):
        potions["empoisonnement"] = False
        r.mark(action.targets[0], "poison")
    for action in _actions_for(night, "sorciere.charisme"):
        potions["charisme"] = False
        s.memory["charisme"] = action.targets[0]
        r.tell(action.targets[0], "charisma", by="sorciere")


def _heal_target(action: Action, victims: list[str]) -> tuple[str | None, str]:
    """Whom the potion of healing saves, or None and why not: it raises "le personnage tué par les
    Loups-Garous", so a name must be one of the night's victims, and two victims need a name."""
    if action.targets:
        if action.targets[0] in victims:
            return action.targets[0], ""
        return None, (
            f"{action.targets[0]} n'est pas une victime des loups cette nuit : ta potion de guérison est gardée."
        )
    if len(victims) == 1:
        return victims[0], ""
    if not victims:
        return None, "Personne n'est tué par les loups cette nuit : ta potion de guérison est gardée."
    return None, f"Les loups ont fait deux victimes ({' et '.join(victims)}) : dis laquelle tu sauves."


def _bite_at_dawn(night: _Night) -> None:
    """The Chef de meute's victim, not healed: told "en fin de nuit", and announced dead (G13)."""
    if night.bitten:
        night.r.tell(night.bitten, "bitten_by_pack_leader")
        night.r.mark(night.bitten, "loups")
        night.bitten, night.victim_marked = None, True


def _joueur_de_flute(night: _Night) -> None:
    """Charm 0–2 players; "il gagne instantanément lorsque tous les personnages encore en vie sont charmés"."""
    r, s = night.r, night.r.state
    for action in _actions_for(night, "joueur_de_flute.charmer"):
        for name in action.targets[:2]:
            if name != action.player and not s.player(name).markers.get("charme"):
                s.player(name).markers["charme"] = True
                r.tell(name, "charmed")
    charmed = [p.name for p in s.players if p.alive and p.markers.get("charme")]
    if not any(has_power(p, "joueur_de_flute") for p in s.players):
        return  # the charm is broken: no list any more
    for name in charmed:
        r.tell(name, "charmed_list", players=charmed)
    if check_winner(s) == "flute":
        night.over = True


def _maitre_vampire(night: _Night) -> None:
    """Up to two bites while he has fewer than two Acolytes; a bite on a werewolf fails."""
    r, s = night.r, night.r.state
    bedridden = s.memory.get("vampire_alite") == int(s.phase[1:])
    for action in _actions_for(night, "maitre_vampire.mordre"):
        told = [action.player] + [p.name for p in s.players if p.alive and p.markers.get("acolyte") == action.player]

        def result(target: str, success: bool, told: list[str] = told) -> None:
            """ "Les Acolytes et le Maître sont tenus au courant du résultat" (l.159)."""
            for name in told:
                r.tell(name, "bite_result", target=target, success=success)

        if bedridden:  # the sick Malade's contamination, "Idem s'il se fait mordre par le vampire" (G10)
            r.tell(action.player, "action_refused", power=action.power, reason="Contaminé, tu restes au lit.")
            continue
        for name in action.targets[:2]:
            acolytes = [p for p in s.players if p.alive and p.markers.get("acolyte") == action.player]
            if len(acolytes) >= 2:
                break
            target = s.player(name)
            if is_wolf(target) or target.camp == "vampires":
                r.tell(name, "bite_failed")
                result(name, False)
                continue
            if target.role == "berger" and _sheep_at_door(night, name):
                r.tell_mj("bite_failed", player=name, by="mouton")  # "le protègera de la morsure" (G8)
                result(name, False)
                continue
            if is_sick(s, target):  # he does not turn, is cured, learns the master; the master stays in bed
                target.markers["gueri"] = True
                s.memory["vampire_alite"] = int(s.phase[1:]) + 1
                r.tell(name, "contaminated", by="vampire")
                r.tell(name, "vampire_revealed", target=action.player)
                result(name, False)
                continue
            if target.role == "ancien" and target.markers.get("vies_vampire", 2) > 1:
                target.markers["vies_vampire"] = 1  # "le maitre vampire doit le vampiriser 2 fois"
                r.emit("bite_failed", "mj", (), player=name)
                result(name, False)
                continue
            target.camp = "vampires"
            target.markers["acolyte"] = action.player
            r.tell(name, "camp_changed", camp="vampires", master=action.player, acolytes=[p.name for p in acolytes])
            result(name, True)


def _contaminate(night: _Night, malade: PlayerState, wolf: str | None) -> None:
    """ "il ne meurt pas et les contamine ! … guérit … et connait l'identité d'un des loups-garous"."""
    r, s = night.r, night.r.state
    s.memory["loups_alites"] = int(s.phase[1:]) + 1
    malade.markers["gueri"] = True
    r.tell(malade.name, "contaminated")
    if wolf is None:
        wolves = [p.name for p in s.players if is_wolf(p)]
        wolf = s.rng("malade").choice(wolves) if wolves else None
    if wolf is not None:
        r.tell(malade.name, "wolf_revealed", target=wolf)


def _lapinou(night: _Night, lapinou: PlayerState) -> bool:
    """ "Il se réveille et désigne un loup qui meurt à sa place. Le Lapinou devient alors Loup-Garou !".
    False when he is eaten instead (RULINGS G15): stunned or asleep he cannot wake; with no answer, as
    with every other question, nobody is named (the rules do not choose a wolf for him)."""
    r, s = night.r, night.r.state
    if lapinou.name in night.asleep:
        r.tell_mj("lapinou_asleep", player=lapinou.name)
        return False
    wolves = [p.name for p in s.players if is_wolf(p)]
    chosen = r.ask(
        "lapinou",
        lapinou.name,
        "Les loups t'ont choisi : quel loup meurt à ta place ?",
        wolves,
        about=lapinou.name,
        single=True,
    )
    if chosen == NOBODY:
        return False
    wolf = s.player(chosen)
    night.victim = chosen  # he dies of the wolves' attack, redirected: the Sorcière may heal him (G6, G15)
    lapinou.markers["loup"] = True
    lapinou.camp = "loups"
    r.tell(lapinou.name, "camp_changed", camp="loups")
    inherits = wolf.role == "loup_assommeur" or (wolf.role == "chef_de_meute" and not wolf.markers.get("morsure"))
    if inherits:  # "il devient éventuellement loup assommeur à la place de ce dernier"
        lapinou.role = wolf.role
        r.tell(lapinou.name, "role_changed", role=wolf.role)
    return True


def _seigneur_loup(night: _Night) -> None:
    """The malédiction, "juste avant le festin nocturne des Loups"."""
    r, s = night.r, night.r.state
    for action in _actions_for(night, "seigneur_loup.maudire"):
        s.memory["malediction_utilisee"] = True
        target = s.player(action.targets[0])
        if target.camp == "vampires" or target.name == night.protected:
            r.tell(action.player, "curse_failed", target=target.name)  # "le pouvoir de malédiction est perdu"
            continue
        if target.role == "chasseur" and not target.markers.get("balle_utilisee"):
            target.markers["balle_utilisee"] = True  # "celui-ci le tue avant de se transformer en loup"
            r.emit("hunter_shot", "mj", (), player=target.name, target=action.player)
            r.mark(action.player, "chasseur")
        target.markers["loup"] = True
        target.camp = "loups"
        r.tell(target.name, "camp_changed", camp="loups")
        if target.role == "lapinou_garou":  # "il devient simple loup sans perte dans le camp des loups" (G1)
            target.role = "loup_garou"
            r.tell(target.name, "role_changed", role="loup_garou")
        r.emit("new_wolf")  # "les villageois seront informés du fait qu'un nouveau loup garou est parmi eux"


def _sheep_at_door(night: _Night, name: str) -> bool:
    """Does a sheep stand at the Berger ``name``'s door tonight? Only sheep the Berger could place do: a
    stunned or sleeping Berger places none (RULINGS G2), so none dies in his place."""
    return name in night.r.state.player(name).markers.get("moutons_places", [])


def _berger(night: _Night) -> None:
    s = night.r.state
    for action in _actions_for(night, "berger.moutons"):
        berger = s.player(action.player)
        berger.markers["moutons_places"] = list(action.targets)
        if action.player in action.targets:
            berger.markers["mouton_chez_moi"] = int(s.phase[1:])


def _malade(night: _Night) -> None:
    for action in night.actions.values():
        if action.power == "malade.tomber_malade":
            night.r.state.player(action.player).markers["malade_depuis"] = phase_index(night.r.state.phase)
            night.r.tell_mj("sick", player=action.player)


def _chef_de_meute(night: _Night) -> None:
    """ "Il peut mordre un villageois sans le tuer… elle meurt temporairement pendant 3 tours"."""
    r, s = night.r, night.r.state
    for action in _actions_for(night, "chef_de_meute.mordre"):
        s.player(action.player).markers["morsure"] = True  # "n'a droit qu'à une seule morsure" (même sauvée)
        target = s.player(action.targets[0])
        if target.name == night.protected:  # the Salvateur protects "des Loups" (RULINGS G4, G13)
            r.tell_mj("protected_from_wolves", player=target.name, by="salvateur")
            continue
        if target.camp == "vampires":  # fails and is spent, as the malédiction does (G13)
            r.tell_mj("bite_failed", player=target.name, by="chef_de_meute")
            continue
        if target.role == "berger" and _sheep_at_door(night, target.name):
            # "c'est le mouton qui rejoindra le rang des LG, massacrant tous les moutons survivants"
            night.dead_sheep += target.markers.get("moutons", 0)
            target.markers["moutons"] = 0
            target.markers["moutons_places"] = []
            r.tell_mj("sheep_contaminated", player=target.name)
            continue
        if is_sick(s, target):
            _contaminate(night, target, action.player)
            continue
        # Dead at dawn like the wolves' victim, unless the Sorcière heals her: "même si la Sorcière sauve
        # la victime" (the bite is spent either way). She is told at the end of the night (_sorciere).
        target.markers["transformation"] = {"par": action.player, "depuis": int(s.phase[1:])}
        night.bitten = target.name


def _transformations(r: Resolution) -> None:
    """Three nights after the bite, the victim comes back as a werewolf (bitten on N2, back on N5)."""
    s = r.state
    for player in s.players:
        bite = player.markers.get("transformation")
        if player.alive or not bite or int(s.phase[1:]) < bite["depuis"] + 3:
            continue
        del player.markers["transformation"]
        player.alive, player.death_phase, player.death_cause = True, None, None
        player.role, player.camp = "loup_garou", "loups"
        player.markers["loup"] = True
        r.emit("resurrected", player=player.name)
        r.tell(player.name, "camp_changed", camp="loups")
        r.tell(player.name, "role_changed", role="loup_garou")


def _transformation_cancelled(r: Resolution, name: str, cause: str) -> None:
    """ "La seule façon d'empêcher sa résurrection maléfique, c'est de tuer le Chef de Meute"."""
    for player in r.state.players:
        bite = player.markers.get("transformation")
        if bite and bite["par"] == name:
            del player.markers["transformation"]
            r.tell_mj("transformation_cancelled", player=player.name)


def _chaman(night: _Night) -> None:
    """ "s'il souhaite utiliser un de ses 2 pouvoirs pour le prochain jour": one spell a night, the later
    MP's (RULINGS G16); the other is refused and stays unused."""
    r, s = night.r, night.r.state
    cast = [a for a in night.actions.values() if a.power in ("chaman.mauvais_oeil", "chaman.mauvaise_langue")]
    for action in cast[:-1]:
        if action.player not in night.asleep:
            r.tell(action.player, "action_refused", power=action.power, reason="Un seul sortilège par nuit.")
    for action in [a for a in _actions_for(night, "chaman.mauvais_oeil") if a is cast[-1]]:
        s.memory["chaman_mauvais_oeil"] = True
        s.memory["mauvais_oeil_du_jour"] = {"chaman": action.player, "cibles": list(action.targets)}
        for target in action.targets:
            r.tell(target, "bewitched", spell="mauvais_oeil")
    for action in [a for a in _actions_for(night, "chaman.mauvaise_langue") if a is cast[-1]]:
        s.memory["chaman_mauvaise_langue"] = True
        first, second = action.targets
        r.tell(first, "bewitched", spell="mauvaise_langue", target=second)
        r.tell(second, "bewitched", spell="mauvaise_langue", target=first)


def _acolytes(r: Resolution, name: str, cause: str) -> None:
    """ "Si le Maître meurt, les Acolytes meurent immédiatement"."""
    if r.state.player(name).role == "maitre_vampire":
        for player in r.state.players:
            if player.alive and player.markers.get("acolyte") == name:
                r.mark(player.name, "acolyte")


def _sheep_at_dawn(night: _Night) -> None:
    """Sheep at a werewolf's or a vampire's door die; the count is announced, the others come home."""
    r, s = night.r, night.r.state
    for berger in s.with_role("berger"):
        placed = berger.markers.pop("moutons_places", None)
        if placed is None:
            continue
        dead = sum(
            1
            for name in placed
            if name != berger.name and (is_wolf(s.player(name)) or s.player(name).camp == "vampires")
        )
        night.dead_sheep += dead
        berger.markers["moutons"] = max(0, berger.markers.get("moutons", 0) - dead)
        r.emit("sheep_killed", count=night.dead_sheep)


def _dawn(night: _Night) -> None:
    _sheep_at_dawn(night)
    if night.victim:
        night.r.mark(night.victim, "loups")
        night.victim_marked = True
    _bite_at_dawn(night)
    if not night.victim_marked:
        night.r.emit("no_wolf_death")


STEPS: dict[str, Callable[[_Night], None]] = {
    "devin": _devin,
    "berger": _berger,
    "malade": _malade,
    "loup_assommeur": _loup_assommeur,
    "enchanteur": _enchanteur,
    "salvateur": _salvateur,
    "voyante": _voyante,
    "joueur_de_flute": _joueur_de_flute,
    "seigneur_loup": _seigneur_loup,
    "chef_de_meute": _chef_de_meute,
    "chaman": _chaman,
    "maitre_vampire": _maitre_vampire,
    "loups": _loups,
    "sorciere": _sorciere,
}

assert set(NIGHT_ORDER) == set(STEPS), "every step of the night has its function, and only those"
