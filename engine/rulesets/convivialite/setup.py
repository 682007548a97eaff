"""`convivialite`: the setup — six players, one wolf drawn (or named by the MJ) who picks his role."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import GameState, PlayerState
from ...resolution import Resolution
from .common import PLAYERS, RULESET, neighbours
from .roles import A_CHOISIR, LOUPS, ROLE_ORDER, VILLAGE


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
