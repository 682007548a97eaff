"""The configuration's rule set: ``[game] ruleset`` is an installed one, and the players' roles (when the MJ
deals them) are its roles and a game it accepts, checked by setting the game up at once (pure)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config_reader import _Reader
from .i18n import _

if TYPE_CHECKING:
    from ..engine.contract import RuleSet
    from .config import LiveConfig, PlayerConfig


def _ruleset(reader: _Reader, game: dict[str, Any]) -> str | None:
    name = game.get("ruleset")
    if name is None:
        return None
    from ..engine.rulesets import ruleset

    try:
        ruleset(str(name))
    except KeyError as exc:
        raise reader.error("game.ruleset", str(exc).strip('"'), "game", "ruleset") from exc
    return str(name)


def _modules(reader: _Reader, game: dict[str, Any]) -> tuple[str, ...]:
    """``[game] modules = ["baguette"]``: known modules, on a rule set they compose with (French refusal)."""
    names = game.get("modules", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise reader.error("game.modules", 'une liste de modules, comme ["baguette"]', "game", "modules")
    if not names:
        return ()
    from ..engine.modules import refusal

    base = game.get("ruleset")
    if base is None:
        raise reader.error(
            "game.modules", "un module se joue sur une règle : donnez aussi [game] ruleset", "game", "modules"
        )
    why = refusal(str(base), names)
    if why:
        raise reader.error("game.modules", why, "game", "modules")
    return tuple(names)


def _mj_roles(reader: _Reader, data: dict[str, Any], game: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """``[[mj_roles]]``: the roles the MJ resolves, which only a module's setup takes (checked there, with the
    players, by :func:`_check_setup`)."""
    rows = data.get("mj_roles", [])
    if rows and not game.get("modules"):
        raise reader.error(
            "mj_roles", 'des rôles résolus par le MJ vont avec un module : [game] modules = ["baguette"]', "mj_roles"
        )
    return tuple(dict(row) for row in rows)


def live_rules(live: LiveConfig) -> RuleSet:
    """The rule set the configuration plays: ``[game] ruleset`` with its ``modules`` on top."""
    from ..engine.modules import compose
    from ..engine.rulesets import ruleset

    assert live.ruleset is not None
    base = ruleset(live.ruleset)
    return compose(base, live.modules) if live.modules else base


def live_setup_extra(live: LiveConfig) -> dict[str, Any]:
    """What the configuration gives the rule set's ``setup`` besides names, seed and roles: the MJ's roles."""
    return {"mj_roles": [dict(r) for r in live.mj_roles]} if live.mj_roles else {}


def _check_setup(reader: _Reader, players: list[PlayerConfig], live: LiveConfig) -> None:
    """The players' roles, dealt by the MJ: every player's or none (a partial list would be ignored), and
    ones the rule set knows, checked by setting the game up now (pure) rather than at the first deadline."""
    dealt = [p for p in players if p.role]
    if dealt and len(dealt) != len(players):
        missing = ", ".join(p.name for p in players if not p.role)
        message = _(
            "roles are given for {dealt} of {n} players (not for {missing}): give every player's role, or none to "
            "deal them from the seed"
        ).format(dealt=len(dealt), n=len(players), missing=missing)
        raise reader.error("players", message, "players")
    if live.ruleset is None or not players:
        return

    known = {**role_ids(live.ruleset), **{str(r.get("id", "")): str(r.get("name", "")) for r in live.mj_roles}}
    for index, player in enumerate(players):
        if player.role and player.role.partition("+")[0] not in known:  # trinite-meuporg: "voyant+loup"
            raise reader.error(
                f"players[{index}].role",
                _(
                    "{player}'s role {role!r} is not a {rules} role; the known ids: {known} (`meneur roles {rules}` "
                    "lists them with their names)"
                ).format(player=player.name, role=player.role, rules=live.ruleset, known=", ".join(known)),
                "players",
                "role",
                index,
            )
    camps = {p.name: p.camp for p in players if p.camp}
    try:
        live_rules(live).setup(
            [p.name for p in players], live.seed, {p.name: str(p.role) for p in dealt} or None,
            **({"camps": camps} if camps else {}), **live_setup_extra(live),
        )  # fmt: skip
    except (ValueError, KeyError, TypeError) as exc:
        raise reader.error(
            "players", _("the {rules} rules refuse this game: {why}").format(rules=live.ruleset, why=exc), "players"
        ) from exc


def role_ids(name: str) -> dict[str, str]:
    """A rule set's role ids, as the configuration's ``role`` takes them, with their French names."""
    from ..engine.rulesets import ruleset
    from ..engine.rulesets.convivialite.roles import A_CHOISIR  # its wolf's "role to come": never dealt

    rules = ruleset(name)
    ids = [r for r in dict.fromkeys((*rules.role_order, *rules.role_names)) if r != A_CHOISIR]
    return {r: str(rules.role_names.get(r, r)) for r in ids}
