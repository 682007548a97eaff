"""`classique`'s night skips the steps that act only on their own powers' MPs when none of those came
(``night._ONLY_WITH``): every night must resolve as it does with every step of NIGHT_ORDER run. Random games of
all 21 characters, each night a random few of the powers used (most steps then have nothing to do), by living
and dead players, on living and dead targets. The dawn looks at the sheep only on a night the Berger's MP came:
no phase leaves a living player with sheep placed (``moutons_places``) for the next night."""

from __future__ import annotations

import random

import pytest
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.rulesets.classique import NIGHT_ORDER, ROLE_ORDER, close_day, night, resolve_night, setup

NAMES = [f"Joueur{n:02d}" for n in range(len(ROLE_ORDER))]
# Each role's powers used at night, and how many names each takes.
POWERS = {
    "voyante": [("voyante.sonder", 1)],
    "salvateur": [("salvateur.proteger", 1)],
    "sorciere": [("sorciere.guerison", 0), ("sorciere.empoisonnement", 1), ("sorciere.charisme", 1)],
    "cupidon": [("cupidon.amoureux", 2)],
    "berger": [("berger.moutons", 3)],
    "malade": [("malade.tomber_malade", 0)],
    "devin": [("devin.designer", 1)],
    "chef_de_meute": [("chef_de_meute.mordre", 1)],
    "joueur_de_flute": [("joueur_de_flute.charmer", 2)],
    "chaman": [("chaman.mauvais_oeil", 2), ("chaman.mauvaise_langue", 2)],
    "maitre_vampire": [("maitre_vampire.mordre", 2)],
    "seigneur_loup": [("seigneur_loup.maudire", 1)],
    "loup_assommeur": [("loup_assommeur.assommer", 1)],
    "enchanteur": [("enchanteur.endormir", 1)],
    "ange_gardien": [("ange_gardien.proteger", 1)],
}


def _night_actions(state: GameState, rng: random.Random) -> list[Action]:
    used = {power for powers in POWERS.values() for power, _ in powers if rng.random() < 0.25}
    names = [p.name for p in state.players]
    living = state.living()
    actions = []
    for player in state.players:
        choices = [*POWERS.get(player.role, ()), ("loups.devorer", 1)]
        for power, count in choices:
            if power in used and rng.random() < 0.8:
                pool = living if rng.random() < 0.9 else names
                actions.append(Action(player.name, power, tuple(rng.sample(pool, min(count, len(pool))))))
    rng.shuffle(actions)
    return actions


def _shown(outcome: Outcome) -> tuple[str, str, str]:
    return repr(outcome.events), repr(outcome.state), repr(outcome.questions)


@pytest.mark.parametrize("block", range(4))
def test_a_night_resolves_as_with_every_step_run(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    every_step = (1 << len(NIGHT_ORDER)) - 1  # every step's bit: each runs every night
    nights = skipped = sheep_nights = 0
    for seed in range(block * 15, block * 15 + 15):
        rng = random.Random(seed)
        state = setup(NAMES, seed)
        while state.winner is None and state.phase != "N12":
            assert not [p.name for p in state.players if p.alive and "moutons_places" in p.markers], state.phase
            if state.phase.startswith("J"):
                living = state.living()
                state = close_day(state, {v: rng.choice(living) for v in living if rng.random() < 0.7}).state
                continue
            actions = _night_actions(state, rng)
            planned = resolve_night(state, actions)
            with monkeypatch.context() as patched:
                patched.setattr(night, "_EVERY_NIGHT", every_step)
                full = resolve_night(state, actions)
            assert _shown(planned) == _shown(full), (seed, state.phase)
            nights += 1
            powers = {a.power for a in actions}
            skipped += sum(1 for p in night._ONLY_WITH.values() if p.isdisjoint(powers))
            sheep_nights += any(e.type == "sheep_killed" for e in planned.events)
            state = planned.state
    assert nights > 50 and skipped > 100 and sheep_nights > 3  # many nights, most with steps skipped, some sheep
