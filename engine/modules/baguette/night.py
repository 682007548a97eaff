"""`baguette`: the night, around the base's — NIGHT_ORDER, written once here and checked at import; STEPS gives
each step its function. The module's steps run before the base's night (they cancel actions and give it the
night's extra deaths as decrees) and after it (what is told « à la fin de la nuit »)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...model import Action, Decree, Event, GameState, Outcome, Question
from ...resolution import NOBODY, Resolution
from .common import (
    DEFAULT_POWER,
    ONE_TIME,
    REVEAL_MIN,
    REVEALS,
    WOLF_EXTRAS,
    Ctx,
    bag,
    bag_for_change,
    holder,
    indevorable,
    mj_role,
    mj_role_named,
    own_state,
    public_deaths,
    resume,
    role_matches,
    unused_answers,
)
from .day import base_answers, decrees_for_base, handover
from .den import NO_VICTIM, REFUSED, REVEAL, REVEAL_VOID, VICTIM
from .hunter import question_id, shoot
from .validation import validate

NIGHT_ORDER: tuple[str, ...] = (
    "egalite_bucher",  # « il devra choisir la victime du bûcher avant la fin de la nuit »: his actions cancelled
    "pouvoir",  # the holder's power, valid this night and the next day (the « Mise à jour »)
    "successeur",  # « Chaque nuit, le Magicien désigne son successeur » (3 names)
    "antre",  # the den's victim, the anti-dévoilement (its failure saves the victim)
    "piege",  # « immunise le joueur ciblé de la 1ère action nocturne (date et heure du MP) »
    "protection",  # « de toute action - bénéfique ou maléfique »
    "copie",  # indévorable, bloqué… copied for the night
    "mj_roles",  # the MJ's answers for the roles he resolves; the Chaperon's « indévorable »
    "base",  # the base rule set's own night, its order, with the actions left
    "chasseur_copie",  # « chasseur => Magicien chasseur »: the copying Magicien dead tonight shoots
    "recrutement",  # « Ce joueur deviendra LG et rejoindra l'antre dès la nuit suivante »
    "suspicion",  # « une réponse positive ou négative à la fin de la nuit »
    "testament",  # a holder dead tonight: the wand to his heir
)


class _Night:
    def __init__(self, ctx: Ctx, r: Resolution, own: list[Action], den: list[Action], others: list[Action]) -> None:
        self.ctx = ctx
        self.r = r
        self.own = own  # the module's orders, valid, in order received
        self.den = den
        self.actions = others  # the base's actions (MPs and the den's victim), in time order
        self.kills: list[tuple[str, str]] = []
        self.decrees: list[Decree] = []
        self.protected: set[str] = set()  # saved from the wolves tonight (MJ decree, MJ role)
        self.chaperon = False
        self.outcome: Outcome | None = None
        self.after: Resolution | None = None  # ``r`` once the base's night is resolved, over its new state
        self.told_before: list[Event] = []  # what ``r`` told and asked before the base's night
        self.asked_before: list[Question] = []
        self.answers: Mapping[str, str] = {}
        self.moved_on = ""  # the phase the base's night moved on to
        self.decrees_given: list[Decree] = []  # what the base was given (the module's deaths among them)
        self.unused: list[Event] = []  # the module's answers of the night it did not ask (``unused_answers``)
        # Read once by ``_pouvoir`` for the steps after it (none of them gives the wand nor changes the power): the
        # holder at the night's start, his power for the night (``memory["pouvoir"]``, None for none).
        self.magicien: str | None = None
        self.power: dict[str, Any] | None = None
        self.received: Sequence[Action] = ()  # the night's actions in time order (the trap's « 1ère action »)
        self.trap_caught: str | None = None  # the trap stopped an anti-dévoilement posted first
        self._last: dict[tuple[str, str], Action] = {}  # each player's last order of each power
        for action in own:  # (a loop: a night's few orders make no comprehension worth its cost)
            self._last[(action.power, action.player)] = action

    def last(self, power: str, player: str) -> Action | None:
        """``player``'s last order of ``power`` this night (``own`` does not change once the night is read)."""
        return self._last.get((power, player))

    def cancel(self, keep: Callable[[Action], bool], by: str) -> list[Action]:
        dropped = [a for a in self.actions if not keep(a)]
        self.actions = [a for a in self.actions if keep(a)]
        for action in dropped:
            self.r.tell_mj("actions_cancelled", player=action.player, power=action.power, by=by)
        return dropped

    def live(self) -> dict[tuple[str, str], Action]:
        """Each player's order of each base power the base will carry out: a later MP replaces an earlier one, a
        refused one replaces nothing (classique's ``latest_actions``). A withdrawn order is no action: the trap
        does not catch it, the protection's cancelling does not bring it back."""
        kept: dict[tuple[str, str], Action] = {}
        for action in self.actions:
            if validate(self.ctx, self.r.state, action) is None:
                kept[(action.power, action.player)] = action
        return kept

    def cancel_orders(self, keys: set[tuple[str, str]], live: Mapping[tuple[str, str], Action], by: str) -> None:
        """Cancel these players' orders of these powers, withdrawn ones included; the MJ told of the one counted."""
        for action in self.actions:  # in time order, as ``cancel`` tells them
            if live.get((action.power, action.player)) is action and (action.power, action.player) in keys:
                self.r.tell_mj("actions_cancelled", player=action.player, power=action.power, by=by)
        self.actions = [a for a in self.actions if (a.power, a.player) not in keys]

    def drop_victim(self, name: str | None, by: str) -> None:
        self.cancel(lambda a: not (a.power == VICTIM and (name is None or a.targets[:1] == (name,))), by)


def _egalite_bucher(n: _Night) -> None:
    r, s = n.r, n.r.state
    pending = bag_for_change(s).pop("egalite_en_attente", None) if "egalite_en_attente" in bag(s) else None
    if not pending:
        return
    magicien = pending["magicien"]
    struck = {d.player for d in n.decrees if d.kind == "kill"}  # the MJ's decrees of the night (foudroiement)
    said = n.last("baguette.egalite", magicien)
    if not s.player(magicien).alive or magicien in struck:  # nobody to choose: as without a Magicien (B6)
        if n.ctx.option(s, "baguette.egalite_sans_magicien") != "tirage":
            r.emit("no_pyre", reason="tie")
            return
        choice = s.rng("egalite_bucher").choice(list(pending["candidates"]))
    elif said is not None and said.targets:
        choice = said.targets[0]
    else:
        choice = r.ask(
            "egalite_bucher",
            magicien,
            "Égalité au bûcher : qui désignes-tu comme victime ?",
            list(pending["candidates"]),
            single=True,
        )
    if choice == NOBODY or not s.player(choice).alive:
        r.emit("no_pyre", reason="tie")
        return
    if pending.get("immune") == choice:
        r.emit("pyre_immune", player=choice)
        r.emit("no_pyre", reason="immune")
        return
    # « verra ses actions nocturnes annulées » — his own; a den victim he posted is the pack's choice (RULINGS B6).
    n.cancel(lambda a: a.player != choice or a.power == VICTIM, "bucher")
    r.emit("pyre", player=choice, role=s.player(choice).role, late=True)
    n.kills.append((choice, "bucher"))


_POWER_ORDERS = frozenset(f"baguette.{p}" for p in (DEFAULT_POWER, *ONE_TIME))  # the wand's powers of a night
_EXTRA_ORDERS = tuple((extra, f"baguette.{extra}") for extra in WOLF_EXTRAS)  # the Magicien-LG's, with their order


def _pouvoir(n: _Night) -> None:
    r, s = n.r, n.r.state
    memory = bag_for_change(s)
    magicien = n.magicien = holder(s)
    memory.pop("pouvoir", None)
    if magicien is None:
        return
    action = None  # the holder's last order of a wand power (a loop: no list made each night)
    for given in n.own:
        if given.player == magicien and given.power in _POWER_ORDERS:
            action = given
    # A new list where ``setdefault`` put it (the old one may be shared: ``common.KEY``); not read before the end.
    used = memory["pouvoirs_utilises"] = list(memory.get("pouvoirs_utilises", []))
    if action is not None:
        power = action.power.split(".")[1]
        memory["pouvoir"] = n.power = {"holder": magicien, "power": power, "targets": list(action.targets)}
        if power in ONE_TIME:
            used.append(power)
        r.tell(magicien, "power_chosen", power=power, targets=list(action.targets))
        r.tell_mj("power_chosen", player=magicien, power=power, targets=list(action.targets))
    for extra, order_power in _EXTRA_ORDERS:
        order = n._last.get((order_power, magicien))  # (``last``, without a call: every night asks)
        if order is None:
            continue
        used.append(extra)
        r.tell(magicien, "power_chosen", power=extra, targets=list(order.targets))
        r.tell_mj("power_chosen", player=magicien, power=extra, targets=list(order.targets))
        if extra == "chaperon":
            n.chaperon = True
        else:
            memory["recrue"] = order.targets[0]


def _successeur(n: _Night) -> None:
    magicien = n.magicien
    if magicien is None:
        return
    said = n._last.get(("baguette.successeur", magicien))  # (``last``, without a call: every night asks)
    if said is not None:
        bag_for_change(n.r.state)["successeurs"] = list(said.targets)
        n.r.tell(said.player, "action_received", power=said.power, targets=list(said.targets))
    testament = n._last.get(("baguette.testament", magicien))
    if testament is not None:
        bag_for_change(n.r.state)["testament"] = list(testament.targets)
        n.r.tell(testament.player, "action_received", power=testament.power, targets=list(testament.targets))


def _antre(n: _Night) -> None:
    r = n.r
    for action in n.den:
        if action.power == REFUSED:
            r.tell_mj(
                "den_refused",
                author=action.player,
                target=action.targets[0],
                reason="Les Loups-Garous ne peuvent pas se dévorer entre eux.",
            )
        elif action.power == NO_VICTIM:
            n.drop_victim(None, "antre")
            r.tell_mj("den_no_victim", reason=action.targets[0], author=action.player)
        elif action.power == REVEAL_VOID:
            r.tell_mj("anti_devoilement_void", author=action.player, target=action.targets[0])
        elif action.power == REVEAL:
            _reveal(n, action)
    for action in n.actions:
        if action.power == VICTIM:
            r.tell_mj("den_victim", player=action.targets[0], author=action.player)


def _reveal(n: _Night, action: Action) -> None:
    r, s = n.r, n.r.state
    memory = bag_for_change(s)
    done = memory.get("anti_devoilements", 0)
    if done >= REVEALS:
        r.tell_mj("anti_devoilement_refused", author=action.player, reason="Les 2 anti-dévoilements sont utilisés.")
        return
    if len(s.living()) < REVEAL_MIN:
        r.tell_mj("anti_devoilement_refused", author=action.player, reason="Il reste moins de 7 joueurs en vie.")
        return
    target, role = action.targets
    if role not in n.ctx.base.role_names and mj_role_named(s, role) is None:
        r.tell_mj("anti_devoilement_refused", author=action.player, reason=f"Rôle inconnu : « {role} ».")
        return  # a misspelt role: the MJ reads it (RULINGS D5)
    if _trapped(n, action, target):
        return
    number = done + 1
    memory["anti_devoilements"] = number
    success = s.player(target).role == role
    r.tell_mj("anti_devoilement", author=action.player, target=target, role=role, number=number, success=success)
    if success:
        n.kills.append((target, "anti_devoilement"))
        return
    n.drop_victim(None, "anti_devoilement")  # « la victime de la nuit survit »
    if number == 1:
        memory["sans_vote"] = [*memory.get("sans_vote", []), action.player]  # (the old list may be shared)
        r.tell(action.player, "vote_lost")
    else:
        n.kills.append((action.player, "anti_devoilement_rate"))


def _trapped(n: _Night, action: Action, target: str) -> bool:
    """« Ce piège immunise le joueur ciblé de la 1ère action nocturne »: an anti-dévoilement posted before any other
    action on the trapped player is that first action — stopped, its author caught, not spent (RULINGS P3)."""
    found = _chosen(n, "piege")
    if found is None or found[1] != target or action.player == target:
        return False
    live = n.live()
    rank = {id(a): i for i, a in enumerate(n.received)}  # (only on a night with a trap)
    at = rank.get(id(action), -1)
    for other in n.actions:
        on_target = target in other.targets and other.player != target
        if on_target and live.get((other.power, other.player)) is other and rank.get(id(other), -1) < at:
            return False
    n.trap_caught = action.player
    n.r.tell_mj("actions_cancelled", player=action.player, power=action.power, by="piege")
    return True


def _chosen(n: _Night, power: str) -> tuple[str, str] | None:
    chosen = n.power  # (``memory["pouvoir"]``, as ``_pouvoir`` left it)
    if not chosen or chosen["power"] != power or not chosen["targets"]:
        return None
    return chosen["holder"], chosen["targets"][0]


def _piege(n: _Night) -> None:
    found = _chosen(n, "piege")
    if found is None:
        return
    magicien, target = found
    if n.trap_caught is not None:
        n.r.tell(magicien, "trap_result", target=target, caught=n.trap_caught)
        return
    live = n.live()
    first = next(
        (a for a in n.actions if live.get((a.power, a.player)) is a and target in a.targets and a.player != target),
        None,
    )
    if first is not None:
        n.cancel_orders({(first.power, first.player)}, live, "piege")
    n.r.tell(magicien, "trap_result", target=target, caught=first.player if first else None)


def _protection(n: _Night) -> None:
    found = _chosen(n, "protection")
    if found is None:
        return
    _, target = found
    live = n.live()
    keys = {k for k, a in live.items() if target in a.targets and a.player != target}
    # every order naming him is cancelled (a refused one too, as it stands: the base would refuse it); an order its
    # author withdrew is not told, and goes with the one that replaced it (it must not come back)
    kept = []
    for action in n.actions:
        key = (action.power, action.player)
        on_target = target in action.targets and action.player != target
        if key in keys or on_target:
            if on_target and (key not in live or live[key] is action):
                n.r.tell_mj("actions_cancelled", player=action.player, power=action.power, by="protection")
            continue
        kept.append(action)
    n.actions = kept
    n.r.tell_mj("night_protected", player=target)


def _copie(n: _Night) -> None:
    found = _chosen(n, "copie")
    if found is None:
        return
    magicien, target = found
    s = n.r.state
    copied = []
    declared = mj_role(s, s.player(target)) or {}
    if indevorable(s, s.player(target)):
        copied.append("indevorable")
        n.drop_victim(magicien, "copie")
    if s.player(target).role == "chasseur":
        copied.append("chasseur")  # resolved by the MJ (a decree), RULINGS P4
    if declared.get("protege_du_chasseur"):
        copied.append("protege_du_chasseur")
    if any(a.power == "loup_assommeur.assommer" and target in a.targets for a in n.actions):
        copied.append("bloque")  # « seul cas où il peut y avoir 2 bloqués la nuit »
        n.cancel(lambda a: a.player != magicien, "bloque")
    n.r.tell(magicien, "copy_result", target=target, copied=copied)


def _mj_roles(n: _Night) -> None:
    r, s = n.r, n.r.state
    if not bag(s).get("mj_roles"):  # no role the MJ resolves (most games): only the protected to spare
        for name in sorted(n.protected):
            n.drop_victim(name, "mj")
        return
    living = s.living()
    for player in s.players:
        if not player.alive or mj_role(s, player) is None:
            continue
        options = [f"tue:{name}" for name in living] + [f"protege:{name}" for name in living]
        answer = r.ask(
            "mj_role",
            "MJ",
            f"{player.name} ({bag(s)['mj_roles'][player.role]['name']}) : quel effet cette nuit ?",
            options,
            about=player.name,
        )
        for part in [] if answer == NOBODY else [p.strip() for p in answer.split(",")]:
            what, _, name = part.partition(":")
            if what == "tue":
                n.kills.append((name, "mj_role"))
            elif what == "protege":
                n.protected.add(name)
    for name in sorted(n.protected):
        n.drop_victim(name, "mj")
    for action in [a for a in n.actions if a.power == VICTIM]:
        declared = mj_role(s, s.player(action.targets[0])) or {}
        if declared.get("indevorable") and not n.chaperon:  # the base refuses its own (vampires) itself
            n.drop_victim(action.targets[0], "indevorable")


def _base(n: _Night) -> None:
    s = n.r.state
    actions = list(n.actions)
    decrees = list(n.decrees)
    if s.phase == "N1" and n.ctx.option(s, "baguette.premiere_nuit") == "antre":
        for action in [a for a in actions if a.power == VICTIM]:
            decrees.append(Decree("kill", action.targets[0], "loups"))
        actions = [a for a in actions if a.power != VICTIM]
    dying = {name for name, _ in n.kills} if n.kills else ()  # the module's deaths (most nights: none)
    if dying:
        decrees += [Decree("kill", name, cause) for name, cause in n.kills]
    if dying and any(a.power == VICTIM and a.player in dying for a in actions):
        # The den's choice is the pack's: a wolf dying first does not take it with him.
        pack = [p.name for p in s.players if p.alive and n.ctx.base.is_wolf(p) and p.name not in dying]
        if pack:
            actions = [replace(a, player=pack[0]) if a.power == VICTIM and a.player in dying else a for a in actions]
    n.decrees_given = decrees
    night = s.phase
    answers = {q: a for q, a in base_answers(n.answers).items() if q != question_id(s, night)} if n.answers else {}
    # The module's unused answers (told last), read on the state as it is before the base's night changes it.
    n.unused = unused_answers(night, n.answers, n.r) if n.answers else []
    if n.ctx.base.resolve_night_owned is not None:  # the base resolves ``s`` itself (our copy): the phase's one
        n.outcome = n.ctx.base.resolve_night_owned(s, actions, answers, decrees)
    else:  # the base copies ``s`` (the module's ``working_state``)
        n.outcome = n.ctx.base.resolve_night(s, actions, answers, decrees)
    n.moved_on = n.outcome.state.phase
    # The module's resolution goes on over the base's new state for the end-of-night steps (no new one): what it
    # told and asked before the base's night is kept apart.
    after = n.r
    n.told_before, n.asked_before = after.events, after.questions
    after.state, after.events, after.questions = n.outcome.state, [], []
    after.state.phase = night  # the end-of-night steps tell in the night's phase
    n.after = after


def _chasseur_copie(n: _Night) -> None:
    assert n.after is not None and n.outcome is not None
    state, events, questions = shoot(n.ctx, n.after.state, n.outcome.events, n.answers)
    n.after.state = state
    n.after.events += events
    n.after.questions += questions


def _recrutement(n: _Night) -> None:
    assert n.after is not None
    s = n.after.state
    name = bag_for_change(s).pop("recrue", None) if "recrue" in bag(s) else None
    if not name or not s.player(name).alive:
        return
    player = s.player(name)
    player.camp = "loups"
    player.markers["loup"] = True  # « Ce joueur deviendra LG … S'il avait un pouvoir, il le garde »
    n.after.tell(name, "recruited")
    wolves = [p.name for p in s.players if n.ctx.base.is_wolf(p)]
    for wolf in wolves:
        n.after.tell(wolf, "pack", wolves=wolves)


def _suspicion(n: _Night) -> None:
    assert n.after is not None
    found = bag(n.after.state).get("pouvoir")
    if not found or found["power"] != "suspicion" or len(found["targets"]) != 2:
        return
    target, role = found["targets"]
    correct = role_matches(n.after.state, n.after.state.player(target), role)
    n.after.tell(found["holder"], "suspicion_result", target=target, role=role, correct=correct)


def _testament(n: _Night) -> None:
    assert n.after is not None
    if n.after.state.winner is None:
        handover(n.after, at_pyre=False)


STEPS: dict[str, Callable[[_Night], None]] = {
    "egalite_bucher": _egalite_bucher,
    "pouvoir": _pouvoir,
    "successeur": _successeur,
    "antre": _antre,
    "piege": _piege,
    "protection": _protection,
    "copie": _copie,
    "mj_roles": _mj_roles,
    "base": _base,
    "chasseur_copie": _chasseur_copie,
    "recrutement": _recrutement,
    "suspicion": _suspicion,
    "testament": _testament,
}
if set(STEPS) != set(NIGHT_ORDER) or len(NIGHT_ORDER) != len(set(NIGHT_ORDER)):
    raise RuntimeError("baguette: NIGHT_ORDER and STEPS must name the same steps, each once")
# The steps that act only for one wand power, by the power: skipped on a night the holder chose another (most
# nights), as each of them would return at once (``_chosen``, ``copied_hunter``: the power read is ``n.power``).
_FOR_POWER = {"piege": "piege", "protection": "protection", "copie": "copie", "chasseur_copie": "copie",
              "suspicion": "suspicion"}  # fmt: skip
_STEPS = tuple((STEPS[step], _FOR_POWER.get(step)) for step in NIGHT_ORDER)
_END_OF_NIGHT = ("chasseur_copie", "recrutement", "suspicion", "testament")
if NIGHT_ORDER.index("base") > min(NIGHT_ORDER.index(s) for s in _END_OF_NIGHT):
    raise RuntimeError("baguette: the end-of-night steps come after the base's night")
if NIGHT_ORDER.index("pouvoir") > min(NIGHT_ORDER.index(s) for s in ("successeur", *_FOR_POWER)):
    raise RuntimeError("baguette: the steps that read the holder and his power come after the power's step")


def resolve_night(
    ctx: Ctx,
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    answers = dict(answers or {})
    r = resume(own_state(ctx, state, ctx.base.resolve_night_owned is not None), answers)  # one copy (see _base)
    night_phase = r.state.phase
    # Sent by day for this night (« anticiper »); most nights: none, the memory not changed.
    anticipated = bag_for_change(r.state).pop("anticipees", None) if "anticipees" in bag(r.state) else None
    if anticipated:  # first: a night MP replaces them (most nights: none, no list made)
        actions = [*[Action(a["player"], a["power"], tuple(a["targets"]), a["source"]) for a in anticipated], *actions]
    # The MJ's word first (a wand given); most nights: none.
    base_decrees, protected = decrees_for_base(r, ctx, decrees) if decrees else ([], set())
    den: list[Action] = []  # the den's other posts (an anti-dévoilement…), read by ``_antre``
    own: list[Action] = []
    others: list[Action] = []
    for action in actions:  # one pass, each action to its list in order
        power = action.power
        if power == VICTIM:
            why = validate(ctx, r.state, action)
            if why and not _first_night_victim(ctx, r.state, action):
                r.tell(action.player, "action_refused", power=power, reason=why)
            else:
                others.append(action)
        elif action.source.startswith("den:"):
            den.append(action)
        elif not power.startswith("baguette."):
            others.append(action)  # the base refuses its own, with its own words
        elif why := validate(ctx, r.state, action):
            r.tell(action.player, "action_refused", power=power, reason=why)
        else:
            own.append(action)
    n = _Night(ctx, r, own, den, others)
    n.received = actions
    n.answers = answers
    n.decrees, n.protected = base_decrees, protected
    for step, for_power in _STEPS:
        if for_power is not None and (n.power is None or n.power["power"] != for_power):
            continue  # (``n.power`` is set by the ``pouvoir`` step, before any of them)
        step(n)
    assert n.outcome is not None and n.after is not None
    after = n.after
    if after.state.winner is None:
        after.state.phase = n.moved_on
    base_events = n.outcome.events
    # N1's den victim (option « antre »): not fictional.
    if n.decrees_given and any(d.cause == "loups" for d in n.decrees_given):
        base_events = [e for e in base_events if e.type != "fictional_victim"]
    events = [*n.told_before, *base_events, *_rephased(after.events, night_phase)]
    events += n.unused
    questions = [*n.asked_before, *n.outcome.questions, *after.questions]
    foudroiements = any(d.kind == "foudroiement" for d in decrees) if decrees else False
    return Outcome(after.state, public_deaths(after.state, events, foudroiements), questions)


def _first_night_victim(ctx: Ctx, state: GameState, action: Action) -> bool:
    """N1's den victim under the option « antre »: a living non-wolf chosen by a wolf (the base refuses N1)."""
    if state.phase != "N1" or ctx.option(state, "baguette.premiere_nuit") != "antre":
        return False
    wolf, victim = state.player(action.player), state.player(action.targets[0])
    return action.source.startswith("den:") and ctx.base.is_wolf(wolf) and victim.alive and not ctx.base.is_wolf(victim)


def _rephased(events: list[Event], phase: str) -> list[Event]:
    for event in events:  # most nights: every event already of the night (or none): the list as it is
        if event.phase != phase:
            return [e if e.phase == phase else Event(e.type, phase, e.audience, e.to, e.data) for e in events]
    return events
