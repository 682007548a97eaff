"""`citadelles`: what each project does when its scientist uses it (the annex's 35 texts). Each effect
takes the night, the citadel using it, its scientist, the player aimed at (or None) and the citadel
aimed at (or None). A single-use project is destroyed by the caller once used."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...resolution import NOBODY
from .common import (
    charged,
    citadel_of,
    current,
    destroy,
    fighters_with,
    has_obstacle,
    holder,
    lab,
    members,
    passive_on,
    powers,
)
from .projects import PROJECTS
from .roles import CITADELS, FIGHTERS, LOUPS, SF, power_count, powers_for

if TYPE_CHECKING:
    from .dawn import Night

Effect = Callable[["Night", str, str, "str | None", "str | None"], None]


def _result(n: Night, sf: str, pid: str, **data: object) -> None:
    n.r.tell(sf, "project_result", project=pid, **data)


def wrecked(n: Night, citadel: str, pid: str, by: str) -> None:
    """``citadel``'s project ``pid`` destroyed by another's, or by its own condition (RADAR on a wolf,
    MICRO-ONDES on a dead target, FORTERESSE once it saves): its scientist learns it is gone."""
    destroy(n.s, citadel, pid)
    keeper = holder(n.s, citadel, SF)
    if keeper is not None:
        n.r.tell(keeper, "project_destroyed", citadel=citadel, project=pid, by="")
    n.r.tell_mj("project_destroyed", citadel=citadel, project=pid, by=by)


def fortress(n: Night, name: str) -> bool:
    """FORTERESSE: "la prochaine fois qu'un joueur de votre citadelle devrait mourir de nuit, il ne meurt pas
    et ce projet est détruit" (unless MICRO-ONDES neutralises his protections)."""
    citadel = citadel_of(n.s, name)
    if citadel is None or name in n.neutral or not passive_on(n.s, citadel, "forteresse"):
        return False
    wrecked(n, citadel, "forteresse", "forteresse")
    n.r.tell_mj("fortress", player=name, citadel=citadel)
    return True


def sabotage(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    running = current(n.s, named)
    if running is not None and not has_obstacle(n.s, named):
        wrecked(n, named, running.id, "sabotage")
    _result(n, sf, "sabotage", citadel=named)


def connaissance(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    found = {f: list(powers(n.s, f)) for f in members(n.s, citadel) if n.s.player(f).role in FIGHTERS}
    _result(n, sf, "connaissance", powers=found)


def infiltration(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    _result(n, sf, "infiltration", citadel=named, roles={m: n.s.player(m).role for m in members(n.s, named)})


def decadence(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    n.s.memory["decadence"] = (*n.s.memory.get("decadence", ()), named)
    n.r.emit("decadence", citadel=named)
    _result(n, sf, "decadence", citadel=named)


def _camp(n: Night, citadel: str, sf: str, aim: str | None, named: str | None, pid: str) -> str:
    assert aim is not None
    camp = n.s.player(aim).camp
    _result(n, sf, pid, target=aim, camp=camp)
    return camp


def recensement(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    _camp(n, citadel, sf, aim, named, "recensement")


def verite(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    _camp(n, citadel, sf, aim, named, "verite")


def radar_longue_portee(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    if _camp(n, citadel, sf, aim, named, "radar_longue_portee") == LOUPS:
        wrecked(n, citadel, "radar_longue_portee", "radar_longue_portee")


def progress(n: Night, citadel: str) -> str:
    """[Aucun], [1], [2], or [100% - need]: a project's charge as CHANT DES SIRÈNES tells it."""
    running = current(n.s, citadel)
    if running is None:
        return "[Aucun]"
    if charged(n.s, citadel):
        return f"[100% - {running.need}]"
    return f"[{lab(n.s, citadel)['charge']}]"


def chant_des_sirenes(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    hidden = {d: n.s.player(d).camp for d in n.s.memory.get("camps_caches", [])}
    seen = {c: progress(n, c) for c in CITADELS if c != citadel and not has_obstacle(n.s, c)}
    _result(n, sf, "chant_des_sirenes", camps=hidden, progress=seen)


def micro_ondes(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert aim is not None
    n.neutral.add(aim)
    n.micro = (citadel, aim)
    _result(n, sf, "micro_ondes", target=aim)


def _guard(n: Night, citadel: str, sf: str, aim: str | None, pid: str) -> None:
    assert aim is not None
    n.saved.setdefault(aim, []).append(f"{citadel}:{pid}")
    _result(n, sf, pid, target=aim)


def protection(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    _guard(n, citadel, sf, aim, "protection")


def collaboration(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    _guard(n, citadel, sf, aim, "collaboration")


def politique(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    n.s.memory["politique"] = (*n.s.memory.get("politique", ()), aim)
    _result(n, sf, "politique", target=aim)


def chaos(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    """ "Chaque combattant de la citadelle choisie doit changer de pouvoir (s'il en a deux, il doit changer
    les deux)": asked to each (Nn:pouvoir:NAME), drawn at random when unanswered (RULINGS)."""
    assert named is not None
    s = n.s
    for fighter in [m for m in members(s, named) if s.player(m).role in FIGHTERS]:
        role = s.player(fighter).role
        old = set(powers(s, fighter))
        allowed = [p for p in powers_for(role) if p not in old and (p != "echange" or len(s.players) == 16)]
        count = power_count(role)
        drawn = list(allowed)
        s.rng(f"chaos:{fighter}").shuffle(drawn)
        default = ",".join(sorted(drawn[:count]))
        answer = n.r.ask(
            "pouvoir",
            fighter,
            "CHAOS : tu dois changer de pouvoir. Lequel prends-tu ?",
            allowed,
            about=fighter,
            default=default,
        )
        picked = [p.strip() for p in answer.split(",") if p.strip() in allowed]
        if len(set(picked)) != count:
            picked = drawn[:count]
        s.player(fighter).markers["pouvoirs"] = tuple(picked)
        n.r.tell(fighter, "power_changed", powers=list(picked))
    _result(n, sf, "chaos", citadel=named)


def espionnage_industriel(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    s = n.s
    seen = {}
    for c in CITADELS:
        running = current(s, c)
        if c != citadel and running is not None and not has_obstacle(s, c):
            seen[c] = running.id
    _result(n, sf, "espionnage_industriel", projects=seen)
    if not seen:
        return
    answer = n.r.ask(
        "espionnage", sf, "ESPIONNAGE INDUSTRIEL : quels projets détruis-tu (citadelles) ?", list(seen), about=sf
    )
    for c in [part.strip() for part in answer.split(",")]:
        if c in seen and answer != NOBODY:
            wrecked(n, c, seen[c], "espionnage_industriel")


def restauration_de_la_confiance(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    """ "Choisissez un projet de la citadelle ciblée qui a 1 ou 2 tours de charge. Il n'est plus détruit s'il
    l'était. Si vous avez ciblé votre citadelle, vous pouvez immédiatement le lancer s'il était détruit, et
    il gagne un tour de charge." """
    assert named is not None
    s = n.s
    destroy(s, citadel, "restauration_de_la_confiance")
    options = [p.id for p in PROJECTS[named].values() if p.need in (1, 2)]
    choice = n.r.ask(
        "restauration", sf, "RESTAURATION DE LA CONFIANCE : quel projet restaures-tu ?", options, about=sf, single=True
    )
    if choice == NOBODY:
        return
    room = lab(s, named)
    was_destroyed = choice in room["detruits"]
    room["detruits"] = tuple(p for p in room["detruits"] if p != choice)
    _result(n, sf, "restauration_de_la_confiance", citadel=named, restored=choice)
    if named == citadel and was_destroyed and room["courant"] is None:
        room["courant"], room["charge"] = choice, 1
        need = PROJECTS[citadel][choice].need
        n.r.tell(sf, "project_launched", project=choice, needed=need)
        for watcher in fighters_with(n.s, citadel, "supervision"):
            n.r.tell(watcher, "supervision", citadel=citadel, needed=need)


def siphonnage(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    if current(n.s, named) is not None:
        lab(n.s, named)["charge"] = 0
    _result(n, sf, "siphonnage", citadel=named)


def acceleration(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    running = current(n.s, named)
    room = lab(n.s, named)
    if running is not None and named in n.charged_tonight and room["charge"] < running.need:
        room["charge"] += 1
        n.r.tell_mj("project_charged", citadel=named, project=running.id, charge=room["charge"])
    _result(n, sf, "acceleration", citadel=named)


def tour_du_ciel(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    places = {citadel_of(n.s, p.name) for p in n.s.players if p.alive and p.camp == LOUPS}
    _result(n, sf, "tour_du_ciel", count=len(places))


def canon_a_particules(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert aim is not None
    n.kills.append((aim, "canon", citadel))
    place = citadel_of(n.s, aim)
    running = current(n.s, place) if place else None
    if place is not None and running is not None:
        wrecked(n, place, running.id, "canon_a_particules")
    _result(n, sf, "canon_a_particules", target=aim)


def mutisme_ambiant(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    n.s.memory["mutisme"] = (*n.s.memory.get("mutisme", ()), named)
    n.r.emit("mutisme", citadel=named)
    _result(n, sf, "mutisme_ambiant", citadel=named)


def explosif(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert aim is not None
    n.kills.append((aim, "explosif", citadel))
    _result(n, sf, "explosif", target=aim)


def restauration(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    room = lab(n.s, named)
    threes = {p.id for p in PROJECTS[named].values() if p.need == 3}
    back = [p for p in room["detruits"] if p in threes]
    room["detruits"] = tuple(p for p in room["detruits"] if p not in threes)
    _result(n, sf, "restauration", citadel=named, restored=back)


def oeil_de_druide(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    assert named is not None
    running = current(n.s, named)
    blocked = has_obstacle(n.s, named)
    seen = None if blocked or running is None else running.id
    _result(n, sf, "oeil_de_druide", citadel=named, seen=seen, blocked=blocked)


def guerre_civile(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    room = lab(n.s, citadel)
    options = [p for p in PROJECTS[citadel] if p not in room["detruits"] and p != room["courant"]]
    answer = n.r.ask("guerre_civile", sf, "GUERRE CIVILE : quels projets non lancés détruis-tu ?", options, about=sf)
    gone = [p.strip() for p in answer.split(",") if p.strip() in options]
    for pid in gone:
        destroy(n.s, citadel, pid)
    _result(n, sf, "guerre_civile", destroyed=gone)


def _nothing(n: Night, citadel: str, sf: str, aim: str | None, named: str | None) -> None:
    """A passive project is never "used" (validation refuses it)."""


EFFECTS: dict[str, Effect] = {
    "sabotage": sabotage,
    "connaissance": connaissance,
    "radio": _nothing,
    "infiltration": infiltration,
    "decadence": decadence,
    "recensement": recensement,
    "chant_des_sirenes": chant_des_sirenes,
    "radar_longue_portee": radar_longue_portee,
    "micro_ondes": micro_ondes,
    "protection": protection,
    "politique": politique,
    "collaboration": collaboration,
    "chaos": chaos,
    "nuit_sans_lune": _nothing,
    "espionnage_industriel": espionnage_industriel,
    "restauration_de_la_confiance": restauration_de_la_confiance,
    "verite": verite,
    "siphonnage": siphonnage,
    "acceleration": acceleration,
    "tour_du_ciel": tour_du_ciel,
    "canon_a_particules": canon_a_particules,
    "mutisme_ambiant": mutisme_ambiant,
    "explosif": explosif,
    "restauration": restauration,
    "forteresse": _nothing,
    "oeil_de_druide": oeil_de_druide,
    "guerre_civile": guerre_civile,
}
assert set(EFFECTS) == {pid for table in PROJECTS.values() for pid in table}, "every project has its effect"
