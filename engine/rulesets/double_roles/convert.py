"""`double-roles`: the Convaincant, who changes a nature (« une fois dans la partie, de nuit [...] Nuit 4
maximum »)."""

from __future__ import annotations

from ... import items
from ...model import Action
from ...resolution import Resolution
from .common import can_act, canon, goes_out, kill_tonight, log_use, occupants
from .roles import ASSASSIN, LOUP_SOLITAIRE, VILLAGEOIS, WOLF_NATURES

Queue = list[tuple[str, Action]]
# The words of the MP: a nature, or ``copie`` (an Assassin Convaincant gives his own list).
NATURE_WORDS = ("villageois", "loup", "loup_solitaire", "assassin", "copie")


def _become(r: Resolution, convaincant: str, target: str, word: str) -> None:
    s = r.state
    who = s.player(target)
    before = who.camp
    nature = ASSASSIN if word == "copie" else word
    if before == ASSASSIN and nature == ASSASSIN:
        return  # « Si la nature de la cible était Assassin et est censée devenir Assassin, rien ne se passe »
    who.camp = nature
    held = items.kinds_held(s, target)
    for kind, wanted in (("meute", nature in WOLF_NATURES), ("loup_solitaire", nature == LOUP_SOLITAIRE),
                         ("assassin", nature == ASSASSIN)):  # fmt: skip
        if wanted and kind not in held:
            items.give(s, target, kind)
        if not wanted and kind in held:
            for item in items.held(s, target, intact_only=True):
                if item.kind == kind:
                    items.destroy(s, item.id)
    r.tell(target, "nature_changed", nature=nature)
    if before in WOLF_NATURES and nature == VILLAGEOIS:  # « Si un Loup ou Loup Solitaire devient Villageois, il meurt »
        kill_tonight(s, target, "convaincant")
        return
    if nature == ASSASSIN:
        originals: dict[str, list[str]] = s.memory.get("cibles_originelles", {})
        if word == "copie":  # « lui copier sa propre liste de cibles »
            targets = list(s.player(convaincant).markers.get("cibles", []))
        elif originals:  # « une liste de cibles au hasard parmi les listes de cibles d'Assassin "originels" »
            targets = list(originals[s.rng(f"convaincant:{target}").choice(sorted(originals))])
        else:
            targets = []
        who.markers["cibles"] = [t for t in targets if t != target]
        who.markers["meurtres"] = 1
        r.tell(target, "assassin_targets", targets=who.markers["cibles"])
    if nature in WOLF_NATURES and before not in WOLF_NATURES:  # « immédiatement mise au courant »
        pack = [p.name for p in s.players if p.alive and p.camp in WOLF_NATURES and p.name != target]
        r.tell(target, "became_wolf", wolves=pack)
        for wolf in pack:
            r.tell(wolf, "new_wolf", target=target)


def convaincants(r: Resolution, queue: Queue) -> None:
    """He goes to a house; if someone is there he must convert one of them (a question when several are);
    a Chanoine is immune (the use is spent, nothing changes, RULINGS R30)."""
    s = r.state
    for _key, action in queue:
        actor = s.player(action.player)
        if not can_act(s, action.player) or actor.markers.get("conversions", 0) <= 0:
            continue
        house, word = action.targets[0], action.targets[1]
        goes_out(s, action.player, "convaincant")
        present = [n for n in occupants(s, house) if n != action.player]
        r.tell(action.player, "convaincant_sees", house=house, present=present)
        if not present:
            continue  # nobody there: nothing to do, the power is kept
        target = present[0]
        if len(present) > 1:
            prompt = f"Dans la maison de {house} : qui convaincs-tu ?"
            picked = r.ask(
                "convaincant", action.player, prompt, present, about=action.player, default=present[0], single=True
            )
            target = picked if picked in present else present[0]  # « est obligé »: « aucun » is not a choice
        actor.markers["conversions"] -= 1
        log_use(s, action.player, [target])
        if not canon(s.player(target)):
            _become(r, action.player, target, word)
