"""`trinite`: the 15 objects of "LG Trinité" (shared/rules/000_e44f1ff8762b1b6f.txt, lines 213–396), their
style, their French name, and their two powers each, with what each power targets.

A player holds exactly one object; every power comes from it (``arc.baroud`` is the arc's BAROUD). The
cape's IMITATION and COPIE are replaced for the rest of the game by the power chosen (``powers.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

RULESET = "trinite"
OFFENSIF, DEFENSIF, TACTIQUE = "offensif", "defensif", "tactique"
STYLES: tuple[str, ...] = (OFFENSIF, DEFENSIF, TACTIQUE)
STYLE_NAMES: dict[str, str] = {OFFENSIF: "Offensif", DEFENSIF: "Défensif", TACTIQUE: "Tactique"}
VILLAGE, LOUPS = "village", "loups"
WOLVES_BY_PLAYERS: dict[int, int] = {9: 2, 12: 3, 15: 4}  # "Pour 9, 12 ou 15 joueurs … 2 loups, 3 loups, 4 loups"

# object id → (style, French name), in the rule file's order (the deal draws in this order).
OBJECTS: dict[str, tuple[str, str]] = {
    "arc": (OFFENSIF, "Arc du chasseur"),
    "hache": (OFFENSIF, "Hache du berserker"),
    "dague": (OFFENSIF, "Dague de l'assassin"),
    "potion": (OFFENSIF, "Potion du sorcier"),
    "familier": (OFFENSIF, "Familier de l'invocateur"),
    "armure": (DEFENSIF, "Armure du paladin"),
    "chapelet": (DEFENSIF, "Chapelet du prêtre"),
    "cape": (DEFENSIF, "Cape du voleur"),
    "orbe": (DEFENSIF, "Orbe du druide"),
    "bouclier": (DEFENSIF, "Bouclier du guerrier"),
    "paquet": (TACTIQUE, "Paquet du taromancien"),
    "sceptre": (TACTIQUE, "Sceptre du nécromancien"),
    "lyre": (TACTIQUE, "Lyre du musicien"),
    "baton": (TACTIQUE, "Bâton du magicien"),
    "carte": (TACTIQUE, "Carte du tacticien"),
}
OBJECT_ORDER: tuple[str, ...] = tuple(OBJECTS)
NAMES: dict[str, str] = {kind: name for kind, (_style, name) in OBJECTS.items()}

PASSIVE, NIGHT, DAY = "passif", "actif", "actif de jour"


@dataclass(frozen=True, slots=True)
class Power:
    """One power: its object (None: the wolves' attack), its kind, what it targets.

    ``targets``: ``none`` | ``alive`` | ``dead`` | ``any`` (a player, alive or dead) | ``group`` (a group's
    number) | ``passive`` / ``active`` (a power's name, for the cape) | ``style`` (a player and a style)."""

    object: str | None
    kind: str
    targets: str = "none"
    min_targets: int = 0
    max_targets: int = 0
    other: bool = False  # "autre que vous-même" / "un autre joueur"
    word: str = ""  # the power's name as the rule file writes it


def _p(obj: str | None, kind: str, targets: str = "none", low: int = 0, high: int = 0, other: bool = False,
       word: str = "") -> Power:  # fmt: skip
    return Power(obj, kind, targets, low, high, other, word)


POWERS: dict[str, Power] = {
    "arc.baroud": _p("arc", PASSIVE, word="BAROUD"),
    "arc.barrage": _p("arc", NIGHT, word="BARRAGE"),
    "hache.ravage": _p("hache", DAY, word="RAVAGE"),
    "hache.charge": _p("hache", NIGHT, word="CHARGE"),
    "dague.execution": _p("dague", NIGHT, "alive", 1, 1, word="EXÉCUTION"),
    "dague.infiltration": _p("dague", NIGHT, "group", 1, 1, word="INFILTRATION"),
    "potion.chaudron": _p("potion", NIGHT, "alive", 1, 1, word="CHAUDRON"),
    "potion.empoisonnement": _p("potion", NIGHT, "alive", 1, 1, word="EMPOISONNEMENT"),
    "familier.odorat": _p("familier", NIGHT, "alive", 1, 1, other=True, word="ODORAT"),
    "familier.instinct": _p("familier", NIGHT, "group", 1, 1, word="INSTINCT"),
    "armure.mithril": _p("armure", PASSIVE, word="MITHRIL"),
    "armure.reparation": _p("armure", NIGHT, "any", 0, 1, word="RÉPARATION"),
    "chapelet.protection": _p("chapelet", NIGHT, "alive", 1, 1, word="PROTECTION"),
    "chapelet.interception": _p("chapelet", NIGHT, word="INTERCEPTION"),
    "cape.imitation": _p("cape", NIGHT, "passive", 1, 1, word="IMITATION"),
    "cape.copie": _p("cape", NIGHT, "active", 1, 1, word="COPIE"),
    "orbe.renvoi": _p("orbe", PASSIVE, word="RENVOI"),
    "orbe.nature": _p("orbe", NIGHT, "alive", 1, 1, word="NATURE"),
    "bouclier.honneur": _p("bouclier", PASSIVE, word="HONNEUR"),
    "bouclier.murs": _p("bouclier", DAY, word="MURS"),
    "paquet.atout": _p("paquet", NIGHT, "alive", 1, 1, word="ATOUT"),
    "paquet.excuse": _p("paquet", DAY, "alive", 1, 2, other=True, word="EXCUSE"),
    "sceptre.pacte": _p("sceptre", DAY, word="PACTE"),
    "sceptre.ouija": _p("sceptre", NIGHT, "dead", 1, 1, word="OUIJA"),
    "lyre.trouvere": _p("lyre", NIGHT, "dead", 1, 1, word="TROUVÈRE"),
    "lyre.troubadour": _p("lyre", NIGHT, "any", 1, 1, other=True, word="TROUBADOUR"),
    "baton.observation": _p("baton", PASSIVE, word="OBSERVATION"),
    "baton.elementariste": _p("baton", NIGHT, "style", 2, 2, word="ÉLÉMENTARISTE"),
    "carte.sauvetage": _p("carte", PASSIVE, word="SAUVETAGE"),
    "carte.espionnage": _p("carte", NIGHT, word="ESPIONNAGE"),
    "loups.attaquer": _p(None, NIGHT, "alive", 1, 1, word="attaque des loups"),
}

# Each object's two powers, in the rule file's order.
OBJECT_POWERS: dict[str, tuple[str, ...]] = {
    kind: tuple(p for p, spec in POWERS.items() if spec.object == kind) for kind in OBJECTS
}
assert all(len(p) == 2 for p in OBJECT_POWERS.values()), "each object has two powers"

# A power's short name (``mithril``) → its id (``armure.mithril``): how IMITATION and COPIE name them.
BY_WORD: dict[str, str] = {p.split(".")[1]: p for p in POWERS if p != "loups.attaquer"}
PASSIVES: frozenset[str] = frozenset(p for p, spec in POWERS.items() if spec.kind == PASSIVE)
# "Choisissez un pouvoir actif dans les règles (autre que IMITATION, COPIE, OUIJA, POUPÉE, et les [actif de jour])"
COPYABLE: frozenset[str] = frozenset(
    p
    for p, spec in POWERS.items()
    if spec.kind == NIGHT and spec.object is not None and p not in ("cape.imitation", "cape.copie", "sceptre.ouija")
)

# The neutralisations, as each text lists its powers.
BARRAGE_STOPS: frozenset[str] = frozenset(
    {"baton.observation", "carte.espionnage", "chapelet.interception", "orbe.renvoi", "hache.charge"}
)
RAVAGE_STOPS: frozenset[str] = frozenset(
    {"armure.mithril", "chapelet.protection", "orbe.nature", "lyre.trouvere", "carte.sauvetage"}
)


def style(kind: str) -> str:
    return OBJECTS[kind][0]


def word(power: str) -> str:
    return POWERS[power].word


def read_style(text: str) -> str | None:
    """``offensif`` / ``défensif`` / ``Tactiques`` … → the style's id, else None."""
    folded = text.strip().lower().replace("é", "e").replace("è", "e")
    for wanted in STYLES:
        if folded.startswith(wanted[:5]):
            return wanted
    return None


def read_group(text: str) -> int | None:
    """``"2"`` / ``"groupe 2"`` / ``"le 2"`` → 2, else None."""
    digits = "".join(c for c in text if c.isdigit())
    return int(digits) if digits else None


def read_power(text: str) -> str | None:
    """A power's name or id (``mithril``, ``MITHRIL``, ``armure.mithril``, ``réparation``) → its id."""
    folded = text.strip().lower()
    for accented, plain in (("é", "e"), ("è", "e"), ("ê", "e"), ("â", "a")):
        folded = folded.replace(accented, plain)
    if folded in POWERS:
        return folded
    return BY_WORD.get(folded.rpartition(".")[2])
