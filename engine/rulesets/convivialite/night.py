"""`convivialite`: the night — NIGHT_ORDER, written once here; STEPS gives each step its function."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...model import Action, Decree, GameState, Outcome, PlayerState
from ...resolution import Resolution
from .common import ACCEPTE, NON, OUI, REFUSE, is_wolf, neighbours, scratch_refusal, scratch_source, wolves
from .deaths import _finish, _open, _resolution
from .roles import LOUPS, NAMES, VILLAGE
from .validation import latest_actions

NIGHT_ORDER: tuple[str, ...] = (
    "amoureux",  # N1: the adulé is chosen; N2: the village Amoureux may learn his adulé's camp
    "invitation",  # N1: the wolf's coupon, the answers, who joins
    "detective",  # N1: the Détective's information (the adulé; for the village one, the invitees)
    "traqueur",  # the scan (from N2; from N1 for a wolf, "une fois que … les invitations" are done)
    "griffure",  # N2: the griffure won when both refused; from N3: the wolf Sorcière's lone scratch
    "sorciere",  # from N3: the village Sorcière's potion of death
)


# -- the night --------------------------------------------------------------------------------
class _Night:
    def __init__(self, r: Resolution, actions: Mapping[str, Action]) -> None:
        self.r = r
        self.actions = actions
        self.camps = {p.name: p.camp for p in r.state.players}  # at the night's start

    def of(self, power: str) -> list[Action]:
        return [a for a in self.actions.values() if a.power == power and self.r.state.player(a.player).alive]


def resolve_night(
    state: GameState,
    actions: Sequence[Action],
    answers: Mapping[str, str] | None = None,
    decrees: Sequence[Decree] = (),
) -> Outcome:
    r = _resolution(state, answers or {}, decrees)
    night = _Night(r, latest_actions(r.state, actions, r))
    for step in NIGHT_ORDER:
        STEPS[step](night)
    r.settle()  # "pas de mort pendant les nuits sauf par utilisation de pouvoir"
    if not any(e.type == "death" for e in r.events):
        r.emit("no_death")
    if r.phase == "N1":  # "le traqueur a découvert des poils de loup-garou dans les rues du village"
        r.emit("poils_de_loup")
    return _finish(r, morning=True)


def _amoureux(night: _Night) -> None:
    r, s = night.r, night.r.state
    for lover in s.with_role("amoureux"):
        if s.phase == "N1":
            chosen = [a.targets[0] for a in night.of("amoureux.aduler") if a.player == lover.name]
            others = [n for n in s.living() if n != lover.name]
            target = chosen[-1] if chosen else None
            if target is None:  # asked; the MJ's draw by default, among his invitees for a wolf (RULINGS R20)
                invited = [a.targets for a in night.of("loups.inviter") if a.player == lover.name]
                pool = list(invited[-1]) if invited and lover.name == s.memory.get("loup_initial") else others
                drawn = s.rng("adule").choice(pool)
                answer = r.ask(
                    "adule", lover.name, "Qui choisis-tu comme adulé ?", others, about=lover.name, default=drawn
                )
                target = answer if answer in others else drawn
                r.tell(lover.name, "adule_chosen", target=target, drawn=_open(r, f"adule:{lover.name}"))
            lover.markers["adule"] = target
            r.tell_mj("adule", player=lover.name, target=target)
        elif s.phase == "N2" and any(a.player == lover.name for a in night.of("amoureux.decouvrir")):
            _camp_check(night, lover)


def _camp_check(night: _Night, lover: PlayerState) -> None:
    """The village Amoureux learns his adulé's camp; a lone wolf Détective may scratch him at once."""
    r, s = night.r, night.r.state
    adule = s.player(lover.markers["adule"])
    r.tell(lover.name, "adule_camp", target=adule.name, camp=adule.camp)
    lone = s.memory.get("rejoint") is None and len(wolves(s)) == 1
    if is_wolf(adule) and adule.role == "detective" and lone:
        r.tell(adule.name, "amoureux_revealed", target=lover.name)
        answer = r.ask(
            "griffer_amoureux",
            adule.name,
            f"L'Amoureux {lover.name} veut connaître ton camp : le griffes-tu sur-le-champ ?",
            [lover.name],
            about=adule.name,
        )
        if answer == lover.name:
            _scratch(night, adule.name, lover.name, "detective")


def _invitation(night: _Night) -> None:
    r, s = night.r, night.r.state
    if s.phase != "N1":
        return
    wolf = s.player(s.memory["loup_initial"])
    if not wolf.alive:
        return
    others = [n for n in s.living() if n != wolf.name]
    if len(others) < 2:  # the MJ's decrees left nobody to invite: the coupon is void
        r.tell_mj("invitation_result", invitees=[], accepted=[], joined=None)
        return
    adule = wolf.markers.get("adule") if wolf.role == "amoureux" else None
    sent = [a for a in night.of("loups.inviter") if a.player == wolf.name]
    invitees = list(sent[-1].targets) if sent else None
    if invitees is not None and adule is not None and adule not in invitees:
        r.tell(wolf.name, "action_refused", power="loups.inviter", reason=f"Ton adulé {adule} doit être invité.")
        invitees = None
    if invitees is None:  # the coupon is mandatory: the wolf is asked, the MJ's draw by default
        pool = [n for n in others if n != adule]
        default = ([adule] if adule else []) + s.rng("invitation").sample(pool, 2 if adule is None else 1)
        answer = r.ask(
            "invitation",
            wolf.name,
            "Ton coupon d'invitation est obligatoire : quels deux joueurs invites-tu ?",
            others,
            about=wolf.name,
            default=", ".join(default),
        )
        picked = [p.strip() for p in answer.split(",") if p.strip() in others]
        valid = len(set(picked)) == 2 and (adule is None or adule in picked)
        invitees = picked if valid else default
        r.tell(wolf.name, "invitation_sent", invites=invitees, drawn=_open(r, f"invitation:{wolf.name}") or not valid)
    s.memory["invites"] = invitees
    accepted = []
    for name in invitees:
        r.tell(name, "invited")
        answer = r.ask(
            "invitation_reponse",
            name,
            "Le loup t'invite à passer dans le camp des loups : acceptes-tu ? (accepte / refuse)",
            [ACCEPTE, REFUSE],
            about=name,
            default=REFUSE,
        )
        if answer == ACCEPTE:
            accepted.append(name)
    joined = None
    if len(accepted) == 2:
        if wolf.role == "detective":  # "le loup est informé de leurs deux rôles avant de choisir"
            r.tell(wolf.name, "invitees_roles", roles={n: s.player(n).role for n in accepted})
        chosen = r.ask(
            "choix_invite",
            wolf.name,
            "Les deux invités acceptent : lequel rejoint ton camp ?",
            accepted,
            about=wolf.name,
            default=accepted[0],
        )
        joined = chosen if chosen in accepted else accepted[0]
        r.tell(next(n for n in accepted if n != joined), "invitation_refused_by_wolf")
    elif len(accepted) == 1:
        joined = accepted[0]
    r.tell_mj("invitation_result", invitees=invitees, accepted=accepted, joined=joined)
    if joined is None:
        s.memory["griffure_n2"] = True  # "utilisable seulement pendant la N2"
        r.tell(wolf.name, "invitations_refused")
        return
    s.memory["rejoint"] = joined
    s.player(joined).camp = LOUPS
    if s.player(joined).role == "sorciere":  # the wolf Sorcière has no potion (RULINGS R5)
        s.player(joined).markers["potion"] = False
    r.tell(joined, "joined_wolves", target=wolf.name)
    r.tell(wolf.name, "new_wolf", target=joined)
    if adule == joined:  # "Si son adulé est devenu loup pendant la N1"
        s.memory["pacte"] = {"amoureux": wolf.name, "adule": joined}
        r.tell(wolf.name, "pact", target=joined, amoureux=wolf.name)
        r.tell(joined, "pact", target=wolf.name, amoureux=wolf.name)


def _detective(night: _Night) -> None:
    r, s = night.r, night.r.state
    if s.phase != "N1":
        return
    lovers = s.with_role("amoureux", alive=False)
    adule = lovers[0].markers.get("adule") if lovers else None
    for detective in s.with_role("detective"):
        info: dict[str, object] = {"adule": adule}
        if night.camps[detective.name] == VILLAGE:
            info["invites"] = list(s.memory.get("invites", []))
        detective.markers["infos_detective"] = info
        r.tell(detective.name, "detective_info", **info)


def _traqueur(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("traqueur.scanner"):
        traqueur = s.player(action.player)
        target = s.player(action.targets[0])
        extra: dict[str, object] = {}
        if not target.alive and target.role == "chanceux":
            extra["bouclier"] = bool(target.markers.get("bouclier"))
        if not target.alive and target.role == "sorciere":
            extra["potion"] = bool(target.markers.get("potion"))
        r.tell(traqueur.name, "scan_result", target=target.name, role=target.role, **extra)
        if night.camps[traqueur.name] != VILLAGE:
            r.skip("prendre_role", traqueur.name, "Le traqueur loup ne prend pas le rôle d'un mort.")
        elif target.alive:
            r.skip("prendre_role", traqueur.name, f"{target.name} est vivant·e : il n'y a pas de rôle à prendre.")
        elif not _takeable(target):
            r.skip("prendre_role", traqueur.name, f"Le rôle de {target.name} ({NAMES[target.role]}) ne se prend pas.")
        else:
            answer = r.ask(
                "prendre_role",
                traqueur.name,
                f"{target.name} était {NAMES[target.role]} : veux-tu perdre ton rôle de traqueur et prendre le sien ?",
                [OUI, NON],
                about=traqueur.name,
                default=NON,
            )
            if answer == OUI:
                _take_role(r, traqueur, target)


def _takeable(dead: PlayerState) -> bool:
    """The exceptions: never the Amoureux, the Chanceux without his shield, the Sorcière without her
    potion, the Détective who was a wolf."""
    if dead.role == "amoureux" or dead.role == "traqueur":
        return False
    if dead.role == "chanceux":
        return bool(dead.markers.get("bouclier"))
    if dead.role == "sorciere":
        return bool(dead.markers.get("potion"))
    if dead.role == "detective":
        return dead.camp == VILLAGE
    return True


def _take_role(r: Resolution, traqueur: PlayerState, dead: PlayerState) -> None:
    traqueur.role = dead.role
    for marker in ("bouclier", "potion", "infos_detective"):
        if marker in dead.markers:
            traqueur.markers[marker] = dead.markers.pop(marker)
    extra: dict[str, object] = dict(traqueur.markers.get("infos_detective", {}))
    if dead.role == "idole":  # his own neighbours in the list (RULINGS R6)
        extra["voisins"] = list(neighbours(r.state, traqueur.name))
    r.tell(traqueur.name, "role_taken", role=dead.role, target=dead.name, **extra)
    r.tell_mj("role_taken", player=traqueur.name, role=dead.role, target=dead.name)


def _griffure(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("loups.griffer"):
        source = scratch_source(s, action.player)
        why = "Tu n'as pas de griffure utilisable cette nuit." if source is None else None
        why = why or scratch_refusal(s, action.player, action.targets[0])
        if why:  # another scratch this night may have used it (RULINGS R12)
            r.tell(action.player, "action_refused", power=action.power, reason=why)
            continue
        if source == "sorciere":
            s.player(action.player).markers["griffure_utilisee"] = True
        _scratch(night, action.player, action.targets[0], source or "")
    if s.phase == "N2":
        s.memory.pop("griffure_n2", None)  # "sinon ce serait alors perdu"


def _scratch(night: _Night, wolf: str, target: str, source: str) -> None:
    s = night.r.state
    s.memory["griffes"] = s.memory.get("griffes", 0) + 1
    if source == "invitation":
        s.memory.pop("griffure_n2", None)
    night.r.tell_mj("scratched", player=target, by=wolf, source=source)
    night.r.mark(target, "griffure")  # "Le bouclier ne protège pas des griffures"


def _sorciere(night: _Night) -> None:
    r, s = night.r, night.r.state
    for action in night.of("sorciere.potion"):
        witch = s.player(action.player)
        witch.markers["potion"] = False
        target = s.player(action.targets[0])
        shield = bool(target.markers.get("bouclier")) and target.role == "chanceux"
        wolf = target.camp == LOUPS
        if wolf and shield:  # "il perd juste son bouclier à la place"
            target.markers["bouclier"] = False
            r.tell(target.name, "shield_lost", by="potion")
            r.tell(witch.name, "potion_result", target=target.name, effect="sans_effet")
        elif (wolf and not shield) or (not wolf and shield):
            r.tell(witch.name, "potion_result", target=target.name, effect="morte")
            r.mark(target.name, "potion")
        else:
            r.tell(witch.name, "potion_result", target=target.name, effect="sans_effet")


STEPS: dict[str, Callable[[_Night], None]] = {
    "amoureux": _amoureux,
    "invitation": _invitation,
    "detective": _detective,
    "traqueur": _traqueur,
    "griffure": _griffure,
    "sorciere": _sorciere,
}

assert tuple(STEPS) == NIGHT_ORDER, "every step of the night has its function, in the night's order"
