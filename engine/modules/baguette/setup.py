"""`baguette`: the setup — the base's, with the MJ-resolved roles (`[[mj_roles]]`) and the module's memory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...model import GameState
from .. import MEMORY
from .common import ID, KEY, Ctx, check_options

PLACEHOLDERS = ("simple_villageois", "loup_garou")  # dealt by the base in place of an MJ role, then replaced
_MJ_ROLE_KEYS = {"id", "name", "camp", "wolf_den", "indevorable", "protege_du_chasseur"}


def mj_roles_checked(ctx: Ctx, rows: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The MJ's roles by id, checked: a known key each, a camp ``village`` or ``loups``, an id no base role has."""
    declared: dict[str, dict[str, Any]] = {}
    for row in rows:
        unknown = set(row) - _MJ_ROLE_KEYS
        if unknown:
            raise ValueError(
                f"mj_roles: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(_MJ_ROLE_KEYS))})"
            )
        role = str(row.get("id", "")).strip()
        if not role or not str(row.get("name", "")).strip():
            raise ValueError("mj_roles: each role needs an id and a name")
        if role in ctx.base.role_names or role in declared:
            raise ValueError(f"mj_roles: the role id {role!r} is already a role")
        camp = row.get("camp", "village")
        if camp not in ("village", "loups"):
            raise ValueError(f"mj_roles: {role!r}: camp {camp!r} is not 'village' or 'loups'")
        declared[role] = {
            "name": str(row["name"]).strip(),
            "camp": camp,
            "wolf_den": bool(row.get("wolf_den", False)),
            "indevorable": bool(row.get("indevorable", False)),
            "protege_du_chasseur": bool(row.get("protege_du_chasseur", False)),
        }
    return declared


def setup(
    ctx: Ctx,
    names: Sequence[str],
    seed: int,
    roles: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
    mj_roles: Sequence[Mapping[str, Any]] = (),
    **extra: Any,
) -> GameState:
    """The base's game, then each MJ role put in place of its placeholder, and the module's memory (options:
    the module's ``baguette.*`` ones are checked here, the others go to the base)."""
    given = dict(options or {})
    own = check_options({**ctx.options, **{k: v for k, v in given.items() if k.startswith("baguette.")}})
    base_options = {k: v for k, v in given.items() if not k.startswith("baguette.")}
    declared = mj_roles_checked(ctx, mj_roles)
    placeholder = {"village": PLACEHOLDERS[0], "loups": PLACEHOLDERS[1]}
    base_roles = None
    if roles is not None:
        if any(r in declared for r in roles.values()) and not set(PLACEHOLDERS) <= set(ctx.base.role_names):
            raise ValueError(f"the base rule set {ctx.base.id} has no role to stand for the MJ's roles")
        base_roles = {
            name: placeholder["loups" if declared[r]["wolf_den"] else "village"] if r in declared else r
            for name, r in roles.items()
        }
    if base_options:
        extra["options"] = base_options
    state = ctx.base.setup(names, seed, base_roles, **extra)
    for player in state.players:
        role = (roles or {}).get(player.name)
        if role in declared:
            player.role = role
            player.camp = declared[role]["camp"]
            if declared[role]["wolf_den"]:
                player.markers["loup"] = True
    state.memory[MEMORY] = [*state.memory.get(MEMORY, []), ID]
    state.memory[KEY] = {
        "options": own,
        "mj_roles": declared,
        "magicien": None,
        "porteurs": [],
        "pouvoirs_utilises": [],
    }
    return state
