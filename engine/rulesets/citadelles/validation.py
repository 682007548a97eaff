"""`citadelles`: whether an action may be used now, and why not (French, for the player's reply)."""

from __future__ import annotations

from functools import lru_cache

from ...model import Action, GameState
from .common import (
    charged,
    citadel_of,
    current,
    is_night,
    lab,
    members,
    powers,
    shielded,
)
from .posts import CHOOSE, DISTRIBUTE
from .projects import CIT_OTHER, CITADEL_TARGETS, FOREIGN, NONE, NOT_SELF, OWN, OWN_CITADEL, OWN_OTHER, PROJECTS
from .roles import CITADEL_ROLES, CITADELS, CM, FIGHTERS, GM, HABITANT, LOUPS, POWERS, SF


@lru_cache(maxsize=1024)  # a pure function of the power id, asked at every step of the night
def sf_order(power: str) -> tuple[str, str | None, str | None]:
    """``sf.lancer.radio`` → (lancer, radio, None); ``sf.utiliser.sabotage.est`` → (utiliser, sabotage, est);
    the project left unnamed (« je l'utilise sur Alice », « je le vise sur l'Est »): ``sf.utiliser`` →
    (utiliser, None, None), ``sf.viser.est`` → (utiliser, None, est)."""
    parts = power.split(".")
    kind = parts[1] if len(parts) > 1 else ""
    if kind == "viser":
        return "utiliser", None, parts[2] if len(parts) > 2 else None
    pid = parts[2] if len(parts) > 2 else None
    citadel = parts[3] if len(parts) > 3 else None
    return kind, pid, citadel


def validate(state: GameState, action: Action) -> str | None:
    """None when ``action`` may be used now, else why not, in French."""
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne joues pas dans cette partie."
    owner, _, kind = action.power.partition(".")
    if action.power in (CHOOSE, DISTRIBUTE):
        return _j0_post(state, action)
    if not player.alive:
        return "Tu es mort·e : tu ne peux plus agir."
    if owner == HABITANT:
        if state.phase != "J0-soir":
            return "Les rôles et les pouvoirs se choisissent le soir du jour 0."
        if kind in POWERS:
            if kind == "echange" and len(state.players) != 16:
                return "ÉCHANGE n'existe qu'à 16 joueurs (pour le Combattant-Mur)."
            return None
        posts = CITADEL_ROLES[len(state.players)]
        if kind not in posts:
            listed = ", ".join(r.upper() for r in posts)
            return f"Ce poste n'existe pas à {len(state.players)} joueurs : choisis parmi {listed}."
        return None
    if not is_night(state.phase):
        return "Ce pouvoir s'utilise de nuit, par MP au MJ."
    if owner == "loups":
        return _wolves(state, action, kind)
    if owner != player.role:
        return "Ce pouvoir n'est pas celui de ton poste."
    if kind in ("poste_sf", "poste_gm"):
        citadel = citadel_of(state, action.player)
        if citadel is None or members(state, citadel) != [action.player]:
            return "Seul le dernier habitant vivant d'une citadelle choisit son poste (SF ou GM)."
        return None
    if kind == "annuler":
        if "annulation" not in powers(state, action.player):
            return "Tu n'as pas le pouvoir ANNULATION."
        if player.markers.get("annulation_utilisee"):
            return "Tu as déjà utilisé ANNULATION : c'est une fois par partie."
        return None
    if kind == "echanger":
        if player.role != CM or "echange" not in powers(state, action.player):
            return "Seul un Combattant-Mur qui a le pouvoir ÉCHANGE peut échanger son rôle."
        citadel = citadel_of(state, action.player)
        keepers = [n for n in members(state, citadel) if state.player(n).role == GM] if citadel else []
        if not keepers:
            return "Il n'y a plus de gardien des murs vivant dans ta citadelle."
        if action.targets and action.targets[0] not in keepers:
            return f"Tu n'échanges ton rôle qu'avec le gardien des murs de ta citadelle ({keepers[0]})."
        return None
    if owner == SF:
        return _scientist(state, action)
    return "Ce pouvoir n'existe pas dans les Citadelles."


def _j0_post(state: GameState, action: Action) -> str | None:
    if state.phase not in ("J0-matin", "J0-zenith"):
        return "Le choix de citadelle se fait au matin et au zénith du jour 0."
    if action.power == DISTRIBUTE:
        if state.phase != "J0-zenith" or action.player != state.mayor:
            return "Seul le maire répartit les joueurs, au zénith du jour 0."
        return None
    if not action.targets or action.targets[0] not in CITADELS:
        return "Cette citadelle n'existe pas (Nord, Est, Sud, Ouest)."
    if state.phase == "J0-zenith" and action.player in state.memory.get("valides", ()):
        return "Ton choix de citadelle est déjà validé."
    return None


def _wolves(state: GameState, action: Action, kind: str) -> str | None:
    if state.player(action.player).camp != LOUPS:
        return "Seuls les loups choisissent la victime de la nuit."
    if len(action.targets) != 1:
        return "Nomme un seul joueur."
    target = state.player(action.targets[0])
    if not target.alive:
        return f"{target.name} est déjà mort·e."
    if kind == "tueur":
        return None if target.camp == LOUPS else "Le tueur de la nuit est l'un des loups."
    if kind != "attaquer":
        return "Ce pouvoir n'existe pas pour les loups."
    if target.camp == LOUPS:
        return "Impossible de choisir un loup comme cible."
    if shielded(state, target.name):
        return f"Les murs de pierre du Nord protègent {target.name} cette nuit : il ne peut pas être ciblé."
    return None


def _scientist(state: GameState, action: Action) -> str | None:
    citadel = citadel_of(state, action.player)
    if citadel is None:
        return "Tu n'es dans aucune citadelle."
    kind, pid, named = sf_order(action.power)
    named = citadel if named == OWN_CITADEL else named
    room = lab(state, citadel)
    running = current(state, citadel)
    if kind == "detruire":
        if running is None:
            return "Aucun projet n'est en cours dans ta citadelle."
        if not charged(state, citadel):
            return f"Le projet {running.name} n'est pas chargé à 100 % : tu ne peux pas encore le détruire."
        return None
    if kind == "utiliser" and pid is None:
        return _unnamed(state, action, citadel, named)
    project = PROJECTS[citadel].get(pid or "")
    if project is None:
        names = ", ".join(p.name for p in PROJECTS[citadel].values())
        return f"Ce projet n'existe pas dans ta citadelle : {names}."
    if project.id in room["detruits"]:
        return f"Le projet {project.name} a été détruit : il ne peut plus être lancé."
    if kind == "lancer":
        if running is not None and not charged(state, citadel):
            return f"Le projet {running.name} est déjà en cours : une citadelle ne lance qu'un projet à la fois."
        return None
    if kind != "utiliser":
        return "Ce pouvoir n'existe pas pour le scientifique."
    if project.passive:
        return f"Le projet {project.name} agit tout seul : il n'y a rien à utiliser."
    if running is not None and running.id == project.id:
        if room["charge"] + 1 < project.need:
            return f"Le projet {project.name} ne sera pas chargé à 100 % cette nuit."
    elif running is not None and not charged(state, citadel):
        return f"Le projet en cours est {running.name}, pas {project.name}."
    elif project.need > 1:
        return f"Le projet {project.name} n'est pas lancé : lancé cette nuit, il ne sera pas encore chargé."
    return _targets(state, action, citadel, project.target, named)


def _unnamed(state: GameState, action: Action, citadel: str, named: str | None) -> str | None:
    """The project used without its name: the current one, or the one launched tonight (then the dawn
    checks it)."""
    running = current(state, citadel)
    if running is None or charged(state, citadel):
        if named is not None and named not in CITADELS:
            return "Cette citadelle n'existe pas (nord, est, sud, ouest)."
        if action.targets and not state.player(action.targets[0]).alive:
            return f"{action.targets[0]} est mort·e."
        return None  # the project launched tonight (or the charged one) is known at the dawn
    if running.passive:
        return f"Le projet {running.name} agit tout seul : il n'y a rien à utiliser."
    if lab(state, citadel)["charge"] + 1 < running.need:
        return f"Le projet {running.name} ne sera pas chargé à 100 % cette nuit."
    return _targets(state, action, citadel, running.target, named)


def project_targets(state: GameState, action: Action, citadel: str, target: str, named: str | None) -> str | None:
    """Whether ``action`` names what a project of this kind of ``target`` aims at (the dawn's check of an
    order that did not name its project)."""
    return _targets(state, action, citadel, target, named)


def _targets(state: GameState, action: Action, citadel: str, target: str, named: str | None) -> str | None:
    if target in CITADEL_TARGETS:
        if named not in CITADELS:
            return "Ce projet cible une citadelle : précise laquelle (nord, est, sud, ouest)."
        if target == CIT_OTHER and named == citadel:
            return "Ce projet cible une autre citadelle que la tienne."
        return None
    if target == NONE:
        return None if not action.targets and named is None else "Ce projet ne cible personne."
    if len(action.targets) != 1 or named is not None:
        return "Ce projet cible un seul joueur."
    aim = state.player(action.targets[0])
    if not aim.alive:
        return f"{aim.name} est mort·e."
    if shielded(state, aim.name):
        return f"Les murs de pierre du Nord protègent {aim.name} cette nuit : il ne peut pas être ciblé."
    inside = citadel_of(state, aim.name) == citadel
    if target == OWN and not inside:
        return "Ce projet cible un habitant de ta citadelle."
    if target == OWN_OTHER and (not inside or aim.name == action.player):
        return "Ce projet cible un autre habitant de ta citadelle."
    if target == FOREIGN and inside:
        return "Ce projet cible un joueur d'une autre citadelle."
    if target == NOT_SELF and aim.name == action.player:
        return "Ce projet cible un autre joueur que toi."
    return None  # ANYONE: any living player


def night_actors(state: GameState) -> list[str]:
    """Who has something to send tonight: the wolves, the scientists, fighters with ANNULATION or ÉCHANGE,
    the last inhabitant of a citadel (his post)."""
    found = []
    for p in state.players:
        if not p.alive:
            continue
        citadel = p.markers.get("citadelle")
        lone = citadel is not None and members(state, citadel) == [p.name]
        held = powers(state, p.name)
        fighter_acts = p.role in FIGHTERS and (
            ("annulation" in held and not p.markers.get("annulation_utilisee")) or "echange" in held
        )
        if p.camp == LOUPS or p.role == SF or fighter_acts or lone:
            found.append(p.name)
    return found


__all__ = ["night_actors", "project_targets", "sf_order", "validate"]
