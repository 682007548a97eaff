"""`classique`: the night, in the order of "Toutes les autres Nuits": NIGHT_ORDER, written once here;
STEPS gives each step its function."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome, PlayerState
from ...resolution import NOBODY, Resolution
from .common import DAY_POWERS, WOLVES_ONLY, is_sick, is_wolf, option, phase_index
from .day import _day_action
from .deaths import _finish, _resolution, check_winner
from .validation import validate

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


# The day powers a night's MPs apply at once (the Malade's MP is the night's first step instead).
_DAY_POWERS_AT_NIGHT = DAY_POWERS - {"malade.tomber_malade"}


# -- the night --------------------------------------------------------------------------------
class _Night:
    """What the night's steps know of each other (the victim, the protection, the potions)."""

    def __init__(self, r: Resolution, actions: Mapping[tuple[str, str], Action]) -> None:
        self.r = r
        self.actions = actions
        self.by_power: dict[str, list[Action]] = {}  # the same actions by power, in their order (read only)
        for action in actions.values():
            self.by_power.setdefault(action.power, []).append(action)
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
) -> dict[tuple[str, str], Action]:
    """The valid actions of the night, by power (and player): a later MP replaces an earlier one.
    ``acknowledged`` were received (and their receipt sent) before the night: they come first."""
    kept: dict[tuple[str, str], Action] = {}  # by (power, player)
    if acknowledged:  # (most nights: none, no new list)
        actions = [*acknowledged, *actions]
    for action in actions:
        refusal = validate(state, action)
        if refusal == WOLVES_ONLY:
            refusal = None  # a player cursed this very night may join the feast: checked at the wolves' step
        if refusal:
            if r is not None:
                r.tell(action.player, "action_refused", power=action.power, reason=refusal)
            continue
        key = (action.power, action.player)
        # The later MP goes to the end: a test first (most MPs are the first of their key: no pop call).
        if key in kept:
            del kept[key]  # noqa: RUF051
        kept[key] = action
    if r is not None:  # "Action reçue : …" — one receipt per power, for the MP that counts
        for action in kept.values():
            if not acknowledged or not any(action is a for a in acknowledged):
                r.tell(action.player, "action_received", power=action.power, targets=list(action.targets))
    return kept


def _actions_for(night: _Night, power: str) -> list[Action]:
    """The night's actions for a power, from players awake to use it (the others are told why not). Read only
    (with everyone awake, the night's own list of them)."""
    found = night.by_power.get(power)
    if not found:
        return []
    if not night.asleep:  # nobody stunned nor asleep yet (most nights): every one of them
        return found
    kept = []
    for action in found:
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
    return _night(_resolution(state, answers or {}, decrees), actions)


def resolve_night_owned(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    """``resolve_night`` on a state its caller hands over (``contract.RuleSet.resolve_night_owned``): changed in
    place and returned in the outcome, not copied (the baguette module copies the state once per phase)."""
    return _night(_resolution(state, answers or {}, decrees, owned=True), actions)


def _night(r: Resolution, actions: Sequence[Action]) -> Outcome:
    _transformations(r)  # the Chef de meute's victim comes back before the night's actions
    sent_by_day = r.state.memory.pop("actions_avance", None)  # (most nights: none, no list made)
    early: Sequence[Action] = ()
    if sent_by_day:
        early = [Action(a["player"], a["power"], tuple(a["targets"]), a["source"]) for a in sent_by_day]
    night = _Night(r, latest_actions(r.state, actions, r, early))
    if not _DAY_POWERS_AT_NIGHT.isdisjoint(night.by_power):  # (most nights: none, no list made)
        for action in [a for a in night.actions.values() if a.power in _DAY_POWERS_AT_NIGHT]:
            # The Ange-Gardien chooses "à n'importe quel moment": on any night too, and a stun does not
            # touch it (not a night power, RULINGS G2, G9). The Malade's MP is the night's first step.
            _day_action(r, action, receipt=False)
    if r.state.phase == "N1":
        _first_night(night)
    else:
        # The steps to run, as bits: those of every night, and those of the powers whose MPs came (a step that
        # acts only on its powers' MPs is skipped when none came: most steps, most nights) — one bit test a step.
        wanted = _EVERY_NIGHT
        for power in night.by_power:
            wanted |= _STEP_BIT.get(power, 0)
        for bit, step in _PLAN:
            if wanted & bit:
                step(night)
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
    bedridden = s.memory.get("loups_alites")  # (most nights: none, the night's number not read)
    if bedridden is not None and bedridden == int(s.phase[1:]):  # "cloués au lit durant la nuit suivante"
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
    for witch in s.players:  # the first living Sorcière with her powers (a loop: no list nor generator made)
        if witch.role == "sorciere" and witch.alive and not witch.markers.get("pouvoirs_perdus"):  # has_power
            break
    else:
        return
    potions = s.memory["potions"]  # read here; spent by ``_spend``
    agony = night.victim == witch.name and not potions["guerison"]  # "l'agonie l'empêchera…"
    # "Elle est mise au courant de la victime des Loups-Garous": the feast's, and the Chef de meute's
    # ("même si la Sorcière sauve la victime"), while she has her healing and is awake to be told.
    victims = [night.victim] if night.victim else []  # each once, in this order (no generator made each night)
    if night.bitten and night.bitten != night.victim:
        victims.append(night.bitten)
    if potions["guerison"] and witch.name not in night.asleep:
        for victim in victims:
            r.tell(witch.name, "witch_told_victim", victim=victim)
    for action in _actions_for(night, "sorciere.guerison")[-1:]:
        healed, why = _heal_target(action, victims)
        if healed is None:  # the potion is kept (RULINGS G6)
            r.tell(action.player, "action_refused", power=action.power, reason=why)
            continue
        _spend(s, "guerison")
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
        _spend(s, "empoisonnement")
        r.mark(action.targets[0], "poison")
    for action in _actions_for(night, "sorciere.charisme"):
        _spend(s, "charisme")
        s.memory["charisme"] = action.targets[0]
        r.tell(action.targets[0], "charisma", by="sorciere")


def _spend(state: GameState, potion: str) -> None:
    """The Sorcière's ``potion`` used up. The potions are shared by a state and its copies until one changes them
    (``common``: ``copy_on_change``): this state's own first."""
    state.memory_for_change("potions")[potion] = False


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
    charmed = []
    living = 0
    piper = False  # a living Joueur de flûte with his powers (``has_power``)
    for player in s.players:  # the piper, the charmed and the count of the living, in one pass
        if player.alive:
            living += 1
            if "charme" in player.markers:  # (only ever set to True, removed when the charm breaks)
                charmed.append(player.name)
            if player.role == "joueur_de_flute" and not player.markers.get("pouvoirs_perdus"):
                piper = True
    if not piper:
        return  # the charm is broken: no list any more
    for name in charmed:
        r.tell(name, "charmed_list", players=charmed)
    # The flute wins when every living player but him is charmed: not before that many are.
    if len(charmed) + 1 >= living and check_winner(s) == "flute":
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
        if player.alive:  # (most players: their markers not read)
            continue
        bite = player.markers.get("transformation")
        if not bite or int(s.phase[1:]) < bite["depuis"] + 3:
            continue
        del player.markers["transformation"]
        player.alive, player.death_phase, player.death_cause = True, None, None
        player.role, player.camp = "loup_garou", "loups"
        player.markers["loup"] = True
        r.emit("resurrected", player=player.name)
        r.tell(player.name, "camp_changed", camp="loups")
        r.tell(player.name, "role_changed", role="loup_garou")


_SPELLS = frozenset({"chaman.mauvais_oeil", "chaman.mauvaise_langue"})


def _chaman(night: _Night) -> None:
    """ "s'il souhaite utiliser un de ses 2 pouvoirs pour le prochain jour": one spell a night, the later
    MP's (RULINGS G16); the other is refused and stays unused."""
    r, s = night.r, night.r.state
    if _SPELLS.isdisjoint(night.by_power):  # no spell cast (most nights): nothing below to read, tell or refuse
        return
    cast = [a for a in night.actions.values() if a.power in _SPELLS]
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


def _sheep_at_dawn(night: _Night) -> None:
    """Sheep at a werewolf's or a vampire's door die; the count is announced, the others come home."""
    r, s = night.r, night.r.state
    for berger in s.players:  # ``with_role("berger")`` without the list (the loop changes no role nor life)
        if berger.role != "berger" or not berger.alive:
            continue
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
    if "berger.moutons" in night.by_power:  # sheep stand at doors only when placed this night (``_berger``)
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

# The steps that do nothing unless an MP of one of these powers came this night (each reads only its powers'
# actions); the others (the Salvateur's run of nights, the charm's list, the feast, the potions) act every night.
_ONLY_WITH: dict[str, frozenset[str]] = {
    "malade": frozenset({"malade.tomber_malade"}),
    "devin": frozenset({"devin.designer"}),
    "loup_assommeur": frozenset({"loup_assommeur.assommer"}),
    "enchanteur": frozenset({"enchanteur.endormir"}),
    "berger": frozenset({"berger.moutons"}),
    "voyante": frozenset({"voyante.sonder"}),
    "maitre_vampire": frozenset({"maitre_vampire.mordre"}),
    "chef_de_meute": frozenset({"chef_de_meute.mordre"}),
    "seigneur_loup": frozenset({"seigneur_loup.maudire"}),
    "chaman": _SPELLS,
}
# NIGHT_ORDER as (bit, function), for ``_night``: the steps of every night (not in ``_ONLY_WITH``) in
# ``_EVERY_NIGHT``, each power of ``_ONLY_WITH`` to its step's bit in ``_STEP_BIT``.
_PLAN: tuple[tuple[int, Callable[[_Night], None]], ...] = tuple(
    (1 << index, STEPS[step]) for index, step in enumerate(NIGHT_ORDER)
)
_EVERY_NIGHT = sum(1 << index for index, step in enumerate(NIGHT_ORDER) if step not in _ONLY_WITH)
_STEP_BIT: dict[str, int] = {}
for _index, _step in enumerate(NIGHT_ORDER):
    for _power in _ONLY_WITH.get(_step, ()):
        _STEP_BIT[_power] = _STEP_BIT.get(_power, 0) | 1 << _index
del _index, _step, _power
