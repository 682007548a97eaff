"""`citadelles`: the three phases of J0 — the morning (the mayor, each player's citadel), the zenith
(validated choices, the debate, the mayor's distribution), the evening (each citadel's roles by MP)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome
from ...resolution import NOBODY, Resolution
from ...tally import tally
from .common import cap, finish, members, resolution
from .night_channels import announce_channels
from .posts import CHOOSE, DISTRIBUTE
from .projects import PROJECTS
from .roles import CITADEL_ROLES, CITADELS, FIGHTERS, LOUPS, POWERS, SF, power_count, powers_for
from .setup import inhabitants
from .validation import validate


def _latest(actions: Sequence[Action], power: str) -> dict[str, Action]:
    latest: dict[str, Action] = {}
    for action in actions:
        if action.power == power:
            latest[action.player] = action
    return latest


def _too_early(r: Resolution, actions: Sequence[Action]) -> None:
    """Orders other than the citadel's choice and the mayor's distribution, sent before J0's evening."""
    for action in actions:
        if action.power not in (CHOOSE, DISTRIBUTE):
            r.tell(action.player, "action_refused", power=action.power, reason=validate(r.state, action) or "")


def _counts(state: GameState, placed: Mapping[str, str]) -> dict[str, list[str]]:
    return {c: [p.name for p in state.players if placed.get(p.name) == c] for c in CITADELS}


def morning(
    state: GameState, votes: Mapping[str, str], answers: Mapping[str, str], decrees: Sequence[Decree],
    actions: Sequence[Action],
) -> Outcome:  # fmt: skip
    """ "Quand tout le monde a donné sa voix pour les deux votes, le MJ annonce qui est le maire (en cas
    d'égalité en tête, il le sélectionne au hasard parmi ceux arrivés premiers)" — then the citadels."""
    r = resolution(state, answers, decrees)
    _too_early(r, actions)
    s = r.state
    living = s.living()
    result = tally({v: t for v, t in votes.items() if v in living and t in living}, living)
    r.emit(
        "vote_result",
        counts=result.as_dict(),
        voters={row.target: list(row.voters) for row in result.counts},
        not_voted=list(result.not_voted),
    )
    if s.mayor is None:  # a decree may have named one
        leaders = list(result.leaders) or living
        mayor = leaders[0] if len(leaders) == 1 else r.state.rng("maire").choice(sorted(leaders))
        s.mayor = mayor
        r.emit("mayor_elected", player=mayor, drawn=len(leaders) > 1)
    choices = {name: a.targets[0] for name, a in _latest(actions, CHOOSE).items() if name in living}
    s.memory["choix"] = choices
    by_citadel = _counts(s, choices)
    balanced = all(len(by_citadel[c]) == cap(s) for c in CITADELS)
    r.emit("citadels_chosen", choices=by_citadel, balanced=balanced)
    if balanced:
        _settle_citadels(r, choices, "immediat")
        return finish(r, "J0-soir", check=False)
    s.memory["valides"] = [n for c in CITADELS if len(by_citadel[c]) <= cap(s) for n in by_citadel[c]]
    return finish(r, "J0-zenith", check=False)


def zenith(
    state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree], actions: Sequence[Action]
) -> Outcome:
    """The zenith's deadline: the debate's agreement, else the mayor's distribution, else a draw."""
    r = resolution(state, answers, decrees)
    _too_early(r, actions)
    s = r.state
    validated = set(s.memory["valides"])
    choices: dict[str, str] = dict(s.memory["choix"])
    for name, action in _latest(actions, CHOOSE).items():
        if name in validated:
            r.tell(name, "action_refused", power=CHOOSE, reason="Ton choix de citadelle est déjà validé.")
        else:
            choices[name] = action.targets[0]
    by_citadel = _counts(s, choices)
    if all(len(by_citadel[c]) == cap(s) for c in CITADELS):
        _settle_citadels(r, choices, "accord")
        return finish(r, "J0-soir", check=False)
    free = [p.name for p in s.players if p.name not in validated]
    options = [f"{n}={c}" for n in free for c in CITADELS]
    own = _latest(actions, DISTRIBUTE).get(s.mayor or "")
    answers = dict(answers)
    if own is not None:
        answers.setdefault("J0-zenith:annonce_maire", ", ".join(own.targets))
    if "J0-zenith:annonce_maire" in answers:
        answers["J0-zenith:annonce_maire"] = _for_the_unvalidated(r, answers["J0-zenith:annonce_maire"], validated)
    r.answers = answers
    answer = r.ask(
        "annonce_maire",
        s.mayor or "MJ",
        "Les citadelles ne sont pas équilibrées : répartis les joueurs non validés (NOM=citadelle, …).",
        options,
    )
    placed = {n: c for n, c in (part.strip().split("=") for part in answer.split(",") if "=" in part)}
    proposal = {**choices, **placed}
    if answer != NOBODY and all(len(v) == cap(s) for v in _counts(s, proposal).values()):
        _settle_citadels(r, proposal, "maire")
    else:
        _settle_citadels(r, _draw(r, validated, placed, choices), "tirage")
    return finish(r, "J0-soir", check=False)


def _for_the_unvalidated(r: Resolution, answer: str, validated: set[str]) -> str:
    """The mayor's distribution without the validated players he lists: where they already are, harmless;
    elsewhere, ignored ("ont leur choix validé") and the MJ told."""
    kept, moved = [], []
    for part in (p.strip() for p in answer.split(",") if p.strip()):
        name, _, citadel = part.partition("=")
        if name not in validated:
            kept.append(part)
        elif r.state.memory["choix"].get(name) != citadel:
            moved.append(name)
    if moved:
        r.tell_mj("distribution_ignored", players=moved)
    return ", ".join(kept) if kept else NOBODY


def _draw(r: Resolution, validated: set[str], placed: Mapping[str, str], choices: Mapping[str, str]) -> dict[str, str]:
    """The places no agreement filled, drawn at random (RULINGS): the validated first, then the mayor's
    placements, then the players' own choices, while there is room."""
    s = r.state
    final: dict[str, str] = {}
    room = {c: cap(s) for c in CITADELS}
    order = [p.name for p in s.players]
    for source in (
        {n: choices[n] for n in order if n in validated and n in choices},
        placed,
        {n: choices[n] for n in order if n in choices},
    ):
        for name, citadel in source.items():
            if name not in final and citadel in room and room[citadel] > 0:
                final[name] = citadel
                room[citadel] -= 1
    rest = [n for n in order if n not in final]
    places = [c for c in CITADELS for _ in range(room[c])]
    r.state.rng("repartition").shuffle(places)
    final.update(zip(rest, places, strict=True))
    r.tell_mj("distribution_drawn", players=rest, citadels={n: final[n] for n in rest})
    return final


def _settle_citadels(r: Resolution, placed: Mapping[str, str], how: str) -> None:
    s = r.state
    for key in ("choix", "valides"):  # J0's bookkeeping ends with the final distribution
        s.memory.pop(key, None)
    for p in s.players:
        p.markers["citadelle"] = placed[p.name]
    s.memory["habitants"] = inhabitants(s)
    r.emit("citadels_final", citadels={c: members(s, c, alive=False) for c in CITADELS}, how=how)


def evening(
    state: GameState, answers: Mapping[str, str], decrees: Sequence[Decree], actions: Sequence[Action]
) -> Outcome:
    """ "Chacun envoie au MJ le rôle qu'il souhaite. Si le MJ détecte des anomalies, il essaie de démêler la
    situation, et si ce n'est pas possible alors il assigne les rôles au hasard pour cette citadelle." """
    r = resolution(state, answers, decrees)
    s = r.state
    roles = CITADEL_ROLES[len(s.players)]
    wanted: dict[str, str] = {}
    chosen: dict[str, list[str]] = {}
    for action in actions:
        if not action.power.startswith("habitant."):  # a night's order, sent too early
            r.tell(action.player, "action_refused", power=action.power, reason=validate(s, action) or "")
            continue
        kind = action.power.split(".", 1)[1]
        if kind in roles:
            wanted[action.player] = kind
        elif kind in POWERS:
            held = chosen.setdefault(action.player, [])
            if kind in held:
                held.remove(kind)
            held.append(kind)
    for citadel in CITADELS:
        inside = members(s, citadel, alive=False)
        dealt = _roles(r, citadel, inside, wanted, roles)
        for name in inside:
            player = s.player(name)
            player.role = dealt[name]
            if player.role in FIGHTERS:
                player.markers["pouvoirs"] = _powers(r, name, chosen.get(name, []))
            elif chosen.get(name):
                r.tell(name, "action_refused", power="pouvoir", reason="Seuls les combattants choisissent un pouvoir.")
        for name in inside:
            player = s.player(name)
            r.tell(
                name,
                "role_given",
                role=player.role,
                citadel=citadel,
                powers=list(player.markers.get("pouvoirs", ())),
                drawn=wanted.get(name) != player.role,
                projects=[{"id": p.id, "need": p.need} for p in PROJECTS[citadel].values()]
                if player.role == SF
                else [],
            )
        r.emit("citadel_roles", "private", tuple(inside), citadel=citadel, roles={n: s.player(n).role for n in inside})
    wolves = tuple(p.name for p in s.players if p.camp == LOUPS)
    r.emit("pack", "private", wolves, wolves=list(wolves))
    announce_channels(r, "N1")
    return finish(r, "N1", check=False)


def _roles(
    r: Resolution, citadel: str, inside: list[str], wanted: Mapping[str, str], roles: Sequence[str]
) -> dict[str, str]:
    """Uncontested requests stand; the other roles are drawn among the others (RULINGS R7); a single post
    left goes to the single player left, without a draw."""
    dealt: dict[str, str] = {}
    for role in roles:
        asking = [n for n in inside if wanted.get(n) == role]
        if len(asking) == 1:
            dealt[asking[0]] = role
    rest = [n for n in inside if n not in dealt]
    left = [role for role in roles if role not in dealt.values()]
    if len(rest) > 1:  # one player and one post left: untangled, nothing to draw
        r.state.rng(f"roles:{citadel}").shuffle(left)
        r.tell_mj("roles_drawn", citadel=citadel, players=rest)
    dealt.update(zip(rest, left, strict=True))
    return dealt


def _powers(r: Resolution, name: str, chosen: list[str]) -> tuple[str, ...]:
    """The fighter's powers: his choice, completed by a draw when he chose too few or one he may not hold."""
    role = r.state.player(name).role
    allowed = [p for p in powers_for(role) if p != "echange" or len(r.state.players) == 16]
    count = power_count(role)
    refused = [p for p in chosen if p not in allowed]
    for power in refused:
        r.tell(name, "action_refused", power=power, reason=f"Un {role.upper()} ne peut pas choisir ce pouvoir.")
    held = [p for p in chosen if p in allowed][-count:]
    if len(held) < count:
        pool = [p for p in allowed if p not in held]
        r.state.rng(f"pouvoirs:{name}").shuffle(pool)
        held += pool[: count - len(held)]
        r.tell_mj("powers_drawn", player=name, powers=held)
    return tuple(held)


__all__ = ["evening", "morning", "zenith"]
