"""`citadelles`: the scientific projects of the four citadels (the file's annex), as data.

A project is known by its id inside a citadel: `sabotage` of the North and of the East are two projects,
each destroyed for its own citadel only. ``need`` is the number of charge turns ([0]–[3]); ``target``
what its use names; ``single`` a project destroyed once used; ``passive`` one that acts by itself while
it is the citadel's current project and fully charged."""

from __future__ import annotations

from dataclasses import dataclass

# Targets: none, a citadel (another one, or any one), a player (of one's citadel, self allowed or not;
# of another citadel; anyone living; anyone but oneself).
NONE = ""
CIT_OTHER, CIT_ANY = "citadelle_autre", "citadelle"
OWN, OWN_OTHER, FOREIGN, ANYONE, NOT_SELF = "propre", "propre_autre", "etranger", "vivant", "autre_joueur"
CITADEL_TARGETS = frozenset({CIT_OTHER, CIT_ANY})
OWN_CITADEL = "nous"  # a citadel aimed at as « nous », « notre citadelle »: the scientist's own


@dataclass(frozen=True, slots=True)
class Project:
    id: str
    name: str  # as the file writes it
    need: int
    target: str = NONE
    single: bool = False
    passive: bool = False


_COMMON = (
    Project("sabotage", "SABOTAGE", 0, CIT_OTHER, single=True),
    Project("connaissance", "CONNAISSANCE", 0),
)
_PROTECTION = Project("protection", "PROTECTION", 0, OWN, single=True)

PROJECTS: dict[str, dict[str, Project]] = {
    "nord": {
        p.id: p
        for p in (
            *_COMMON,
            Project("radio", "RADIO", 0, passive=True),
            Project("infiltration", "INFILTRATION", 1, CIT_OTHER, single=True),
            Project("decadence", "DÉCADENCE", 1, CIT_OTHER, single=True),
            Project("recensement", "RECENSEMENT", 2, OWN_OTHER),
            Project("chant_des_sirenes", "CHANT DES SIRÈNES", 2, single=True),
            Project("radar_longue_portee", "RADAR LONGUE PORTÉE", 3, FOREIGN),
            Project("micro_ondes", "MICRO-ONDES", 3, ANYONE),
        )
    },
    "est": {
        p.id: p
        for p in (
            *_COMMON,
            _PROTECTION,
            Project("politique", "POLITIQUE", 1, OWN),
            Project("collaboration", "COLLABORATION", 1, FOREIGN, single=True),
            Project("chaos", "CHAOS", 2, CIT_ANY, single=True),
            Project("nuit_sans_lune", "NUIT SANS LUNE", 2, passive=True),
            Project("espionnage_industriel", "ESPIONNAGE INDUSTRIEL", 3, single=True),
            Project("restauration_de_la_confiance", "RESTAURATION DE LA CONFIANCE", 3, CIT_ANY, single=True),
        )
    },
    "sud": {
        p.id: p
        for p in (
            *_COMMON,
            _PROTECTION,
            Project("verite", "VÉRITÉ", 1, OWN_OTHER, single=True),
            Project("siphonnage", "SIPHONNAGE", 1, CIT_OTHER),
            Project("acceleration", "ACCÉLÉRATION", 2, CIT_OTHER),
            Project("tour_du_ciel", "TOUR DU CIEL", 2, single=True),
            Project("canon_a_particules", "CANON À PARTICULES", 3, FOREIGN),
            Project("mutisme_ambiant", "MUTISME AMBIANT", 3, CIT_ANY, single=True),
        )
    },
    "ouest": {
        p.id: p
        for p in (
            *_COMMON,
            _PROTECTION,
            Project("explosif", "EXPLOSIF", 1, NOT_SELF),
            Project("restauration", "RESTAURATION", 1, CIT_ANY, single=True),
            Project("forteresse", "FORTERESSE", 2, passive=True),
            Project("oeil_de_druide", "ŒIL DE DRUIDE", 2, CIT_OTHER),
            Project("guerre_civile", "GUERRE CIVILE", 3, single=True),
        )
    },
}

# Every project id (any citadel), in the file's order.
PROJECT_IDS: tuple[str, ...] = tuple(dict.fromkeys(pid for table in PROJECTS.values() for pid in table))
assert sum(len(t) for t in PROJECTS.values()) == 35, "the file's annex has 35 project texts"


def project(citadel: str, pid: str) -> Project | None:
    return PROJECTS[citadel].get(pid)
