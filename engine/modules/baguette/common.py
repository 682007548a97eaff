"""`baguette`: constants, options (RULINGS.md), the module's memory in the state, and reading it (who holds
the wand, who may receive it, who is a wolf)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...contract import RuleSet
from ...model import MJ, PUBLIC, Event, GameState, PlayerState, copy_on_change
from ...resolution import Resolution

ID = "baguette"
# state.memory[KEY]: the module's bookkeeping. Shared by a state and its copies until a change
# (``model.copy_on_change``, registered for a state's rule set by ``own_state`` and ``setup``): the module changes it
# only through ``bag_for_change``, and never changes a value in it in place — a list or dict that changes is
# replaced by a new one — so a phase's own copy of it is a shallow one (``own_state``).
KEY = "baguette"
BLANK = "blanc"  # a blank vote's target

# The options (RULINGS.md), by full name: values, default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "baguette.blanc_egalite": ("bucher", "annule"),  # B4
    "baguette.egalite_sans_magicien": ("personne", "tirage"),  # B6
    "baguette.pouvoir_interdit_lg": ("piege", "immunite", "protection", "copie", "suspicion"),  # W9
    "baguette.edition_antre": ("tous", "dernier"),  # D4
    "baguette.premiere_nuit": ("fictive", "antre"),  # D7
}

# The Magicien's powers: the default, the five one-time ones, the Magicien-LG's two extras.
DEFAULT_POWER = "double_voix"
ONE_TIME = ("immunite", "protection", "copie", "suspicion", "piege")
WOLF_EXTRAS = ("chaperon", "recrutement")
POWERS = (DEFAULT_POWER, *ONE_TIME)
NAMES = {
    "double_voix": "Double voix au bûcher",
    "immunite": "Immunité au bûcher",
    "protection": "Protection de toute action",
    "copie": "Copie de l'état d'un joueur",
    "suspicion": "Vérification d'une suspicion",
    "piege": "Piège à personnage nocturne",
    "chaperon": "Chaperon rouge dévorable",
    "recrutement": "Recrutement d'un Loup-Garou",
}
VOTE_POWERS = frozenset({"baguette.vote", "baguette.blanc"})
ABSENCE = "baguette.absence"
# The decree kinds the module adds; the questions it asks (their KIND part), kept from the base's answers.
DECREES = ("foudroiement", "protect", "wand")
QUESTIONS = frozenset({"absence", "egalite_bucher", "mj_role"})
TRAP_MIN = 7  # « n'est plus utilisable s'il reste 6 joueurs en vie ou moins »
REVEAL_MIN = 7  # « ne peut plus être utilisé s'il reste moins de 7 joueurs en vie »
REVEALS = 2  # « 2 anti-dévoilements classiques »


@dataclass(frozen=True)
class Ctx:
    """What the module's functions know besides the state: the base rule set and the baked options."""

    base: RuleSet
    options: Mapping[str, Any]

    def option(self, state: GameState, name: str) -> Any:
        return bag(state).get("options", {}).get(name, self.options.get(name, OPTIONS[name][0]))


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    for name, value in options.items():
        if name not in OPTIONS:
            raise ValueError(f"unknown baguette option {name!r} (known: {', '.join(sorted(OPTIONS))})")
        if value not in OPTIONS[name]:
            raise ValueError(f"baguette option {name!r}: {value!r} is not one of {', '.join(map(repr, OPTIONS[name]))}")
    return dict(options)


def bag(state: GameState) -> dict[str, Any]:
    """The module's memory, to read (created empty on a state that has none); ``bag_for_change`` to change it."""
    found = state.memory.get(KEY)
    if found is None:
        found = state.memory[KEY] = {}
    return found


def bag_for_change(state: GameState) -> dict[str, Any]:
    """The module's memory, to be changed: this state's own (``memory_for_change``; a phase's state owns it
    already, see ``own_state``). A value in it is replaced, never changed in place (it may be shared)."""
    if KEY not in state.memory:
        return bag(state)  # a new dict: this state's own
    found: dict[str, Any] = state.memory_for_change(KEY)
    return found


def holder(state: GameState) -> str | None:
    """The living Magicien, if any."""
    name = bag(state).get("magicien")
    return name if name and state.player(name).alive else None


def active_power(state: GameState) -> dict[str, Any]:
    """The holder's power for this night and the next day: ``{"power": …, "targets": […]}``."""
    chosen = bag(state).get("pouvoir")
    return chosen if chosen and chosen.get("holder") == holder(state) else {"power": DEFAULT_POWER, "targets": []}


def may_receive(state: GameState, name: str, giver: str | None) -> bool:
    """« Avant de recevoir une 2ème fois la Baguette magique, il faut que tous les joueurs en vie l'aient
    possédée une fois » — and once it has gone round, « elle est transmise librement » (not to the giver)."""
    try:
        player = state.player(name)
    except KeyError:
        return False
    if not player.alive or name == giver:
        return False
    memory = bag(state)
    if memory.get("tour_complet"):
        return True
    return name not in memory.get("porteurs", [])


def receivers(state: GameState, giver: str | None) -> list[str]:
    """Who may receive the wand now; when every living player but the giver has held it, the round is done.
    (``may_receive`` for each living player, in one pass.)"""
    memory = bag(state)
    complete = memory.get("tour_complet")
    held = () if complete else set(memory.get("porteurs", ()))
    living: list[str] = []  # the living but the giver
    fresh: list[str] = []  # those of them who have not held it (one loop for both lists)
    for player in state.players:
        name = player.name
        if player.alive and name != giver:
            living.append(name)
            if name not in held:
                fresh.append(name)
    if complete:
        return living
    if not fresh:  # every living player but the giver has held it
        bag_for_change(state)["tour_complet"] = True
        return living
    return fresh


def give_wand(r: Resolution, name: str | None, how: str) -> None:
    """The wand to ``name`` (None: nobody holds it); the power chosen by the previous holder ends."""
    memory = bag_for_change(r.state)
    previous = memory.get("magicien")
    memory["magicien"] = name
    memory.pop("pouvoir", None)
    memory.pop("successeurs", None)
    memory.pop("testament", None)
    if name is None:
        return
    porteurs = memory.get("porteurs")
    if porteurs is None or name not in porteurs:
        memory["porteurs"] = [*(porteurs or ()), name]  # a new list: the old one may be shared
    r.emit("wand_holder", player=name, previous=previous, how=how)
    used = memory.get("pouvoirs_utilises", [])
    left = []  # (a loop: five powers make no comprehension worth its cost)
    for power in ONE_TIME:
        if power not in used:
            left.append(power)
    r.tell(name, "wand_received", powers_left=left)


class _Placeholder(GameState):
    """The state a ``resume``d resolution is made with, replaced at once, never changed: its copy is itself."""

    def copy(self) -> GameState:
        return self


_EMPTY = _Placeholder("", 0, [])


def working_state(state: GameState) -> GameState:
    """The state the module's steps before the base's resolution work on, for less than a copy: the caller's
    player records and memory values shared, the module's memory (``state.memory[KEY]``) its own (``_own_bag``). Those
    steps change only the module's memory (and the phase, set back): never a player record, nor another key of
    the memory; the base then copies this state into its own, which is the one the phase returns. So a
    resolution copies the state once (the base's), not twice, and the caller's state is never changed."""
    memory = dict(state.memory)
    work = GameState(state.ruleset, state.seed, list(state.players), state.phase, state.mayor, state.winner, memory)
    work._where = state._where.copy()
    _own_bag(work)
    return work


def _own_bag(work: GameState) -> None:
    """Give ``work`` (a phase's new state) its own module memory: a shallow copy, as the values in it are never
    changed in place (``KEY``), this state's own (``GameState.own_memory``) so that ``bag_for_change`` does not
    copy it again."""
    found = work.memory.get(KEY)
    if found is not None:
        work.own_memory(KEY, found.copy())


def own_state(ctx: Ctx, state: GameState, owned: bool) -> GameState:
    """The state a phase's module steps work on: a full copy when the base then resolves it in place (``owned``:
    its ``*_owned`` entry, the one copy of the phase), else ``working_state`` (the base copies it again). The
    module's memory is shared by the copy (``copy_on_change``, registered here for the state's rule set: a
    state loaded from a file has had no ``setup`` in this process), then made the new state's own, shallowly."""
    copy_on_change(state.ruleset, KEY)
    if not owned:
        return working_state(state)
    work = state.copy()
    _own_bag(work)
    return work


def resume(state: GameState, answers: Mapping[str, str]) -> Resolution:
    """A resolution going on over ``state``, a state nobody else holds (the base's new one, or the module's
    ``working_state``): not copied again (``Resolution`` copies the state it is given: here a placeholder whose
    copy is itself, then ``state`` is put in)."""
    r = Resolution(_EMPTY, answers)
    r.state = state
    r._start_phase = state.phase
    return r


def unused_answers(phase: str, answers: Mapping[str, str], *resolutions: Resolution) -> list[Event]:
    """The module's answers of ``phase`` (its QUESTIONS: kept from the base, which reports its own) that none of
    ``resolutions`` asked: told to the MJ as ``answer_unused`` with the reason, as a base's Resolution does —
    never dropped silently (fixtures/scenarios/README.md)."""
    if not answers:  # most phases
        return []
    asked: set[str] = set()
    for r in resolutions:
        asked |= r._asked
    events = []
    for qid, answer in answers.items():
        if [*qid.split(":"), ""][1] not in QUESTIONS or not qid.startswith(f"{phase}:") or qid in asked:
            continue
        why = next((r.not_asked[qid] for r in resolutions if qid in r.not_asked), None)
        why = why or resolutions[0]._why_not_asked(qid)
        events.append(Event("answer_unused", phase, MJ, (), {"question": qid, "answer": answer, "reason": why}))
    return events


def is_wolf(ctx: Ctx, player: PlayerState) -> bool:
    return ctx.base.is_wolf(player)


def role_name(ctx: Ctx, state: GameState, role: str) -> str:
    declared = bag(state).get("mj_roles", {}).get(role)
    return declared["name"] if declared else ctx.base.role_names.get(role, role)


def mj_role(state: GameState, player: PlayerState) -> dict[str, Any] | None:
    found: dict[str, Any] | None = bag(state).get("mj_roles", {}).get(player.role)
    return found


# Characters the rule file names without defining them (the MJ declares them): how players name them in a
# suspicion → a key matched against the declared roles' names (RULINGS M1).
NAMED_CHARACTERS: tuple[tuple[str, str], ...] = (
    ("petit chaperon rouge", "chaperon_rouge"), ("chaperon rouge", "chaperon_rouge"), ("chaperon", "chaperon_rouge"),
    ("la bête", "bete"), ("bête", "bete"), ("merlin", "merlin"), ("génie", "genie"), ("la belle", "belle"),
    ("belle", "belle"),
)  # fmt: skip


# How players write the base's roles besides their names (a feminine form, a shortening): « Carole : salvatrice »,
# « Dan chasseuse », « la salva ». For the anti-dévoilement and the suspicion (RULINGS D5, P5); classique's ids.
ROLE_VARIANTS: dict[str, tuple[str, ...]] = {
    "salvateur": ("salvatrice", "salva"), "chasseur": ("chasseuse",), "voyante": ("voyant",),
    "sorciere": ("sorcier",), "berger": ("bergere", "bergère"), "ancien": ("ancienne",),
    "devin": ("devineresse",), "enchanteur": ("enchanteresse",), "traitre": ("traitresse", "traîtresse"),
    "chaman": ("chamane",), "joueur_de_flute": ("joueuse de flute", "joueuse de flûte", "flutiste", "flûtiste"),
    "maitre_vampire": ("maitresse vampire", "maîtresse vampire", "vampire"),
    "idiot_du_village": ("idiote du village", "idiot", "idiote"), "loup_assommeur": ("assommeur", "louve assommeuse"),
    "seigneur_loup": ("seigneur",), "chef_de_meute": ("cheffe de meute",), "ange_gardien": ("ange",),
    "lapinou_garou": ("lapinou",), "bouc_emissaire": ("bouc",),
    "simple_villageois": ("villageois", "villageoise", "simple villageoise"),
}  # fmt: skip


def role_variants(role_names: Mapping[str, str]) -> list[tuple[str, str]]:
    """(spelling, role id) of :data:`ROLE_VARIANTS` for the roles the base has."""
    return [
        (spelling, role) for role, spellings in ROLE_VARIANTS.items() if role in role_names for spelling in spellings
    ]


def _key(text: str) -> str:
    return " ".join(text.replace("_", " ").replace("-", " ").lower().split())


def mj_role_named(state: GameState, said: str) -> str | None:
    """The declared MJ role ``said`` names: its id, or a key its name holds (``chaperon_rouge`` → « Petit
    Chaperon rouge »)."""
    declared = bag(state).get("mj_roles", {})
    if said in declared:
        return said
    key = _key(said)
    return next((role for role, d in declared.items() if key and key in _key(d["name"])), None)


def role_matches(state: GameState, player: PlayerState, said: str) -> bool:
    """Whether the role ``said`` (a base role id, an MJ role id or key) is ``player``'s."""
    return player.role == said or (mj_role(state, player) is not None and mj_role_named(state, said) == player.role)


def indevorable(state: GameState, player: PlayerState) -> bool:
    """The wolves cannot eat him: classique's vampires (« Il ne peut pas non plus être mangé par les loups »),
    an MJ role declared ``indevorable``."""
    return player.camp == "vampires" or bool((mj_role(state, player) or {}).get("indevorable"))


def public_deaths(state: GameState, events: list[Event], foudroiements: bool = True) -> list[Event]:
    """The deaths as the rules tell them: a foudroyé Gentil's role is not public (« de l'alignement s'il est
    Gentil ; du rôle exact s'il est LG »: the MJ gets it as ``foudroiement_role``); after each death of a player
    holding an MJ role, « L'état de la Bête … sera révélé à sa mort »: a public ``mj_role_revealed``.
    ``foudroiements``: False when the phase had no such decree (``decrees_for_base`` tells them): not looked for."""
    declared = bag(state).get("mj_roles", {})
    if not declared and not foudroiements:  # most phases: nothing to change
        return events
    gentils = {e.data["player"] for e in events if e.type == "foudroiement" and "alignement" in e.data}
    if not declared and not gentils:
        return events
    told: list[Event] = []
    for event in events:
        if event.type != "death":
            told.append(event)
            continue
        name = event.data["player"]
        if name in gentils and event.data.get("cause") == "foudroiement":
            told.append(Event("death", event.phase, event.audience, event.to, {**event.data, "role": None}))
            told.append(Event("foudroiement_role", event.phase, MJ, (), {"player": name, "role": event.data["role"]}))
        else:
            told.append(event)
        role = declared.get(event.data.get("role", ""))
        if role is not None:
            data = {"player": name, "name": role["name"], "camp": state.player(name).camp}
            told.append(Event("mj_role_revealed", event.phase, PUBLIC, (), data))
    return told


def day_number(phase: str) -> int:
    return int(phase[1:].split("-")[0])
