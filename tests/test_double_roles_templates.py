"""`double-roles` templates: every post and MP of random games (every power used), every scenario, every role
card and every power's receipt is French, with no placeholder, identifier or English word — the same checker
as tests/test_templates_complete.py, which covers every declared rule set (and plays `rare` below)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from meneur.daemon.drafts import drafts_for, mp_reply, opening_post, powers_of, role_cards
from meneur.engine.model import Action, GameState
from meneur.engine.rulesets.double_roles import RULESET
from meneur.tests.test_templates_complete import NAMES, problems

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "double-roles").glob("*.toml"))


def _game(seed: int) -> list[dict[str, Any]]:
    """A game where each player uses most of his powers on random targets, questions answered at random."""
    rng = random.Random(seed)
    state: GameState = RULESET.setup(NAMES[: rng.choice((6, 8, 10, 12))], seed)
    log: list[dict[str, Any]] = []
    for _ in range(30):
        if state.winner:
            break
        living = state.living()
        actions = []
        for player in state.players:
            for power in [p["power"] for p in powers_of(state, player.name)]:
                if rng.random() < 0.6:
                    verb = next(v for v in RULESET.verbs if v.power == power)
                    count = rng.randint(verb.min_targets, max(verb.min_targets, min(verb.max_targets, 3)))
                    targets = rng.sample(living, min(count, len(living)))
                    words = [w for _, w in verb.words]
                    if words:
                        targets = [*targets[: verb.min_targets - 1], rng.choice(words)]
                    actions.append(Action(player.name, power, tuple(targets), source=f"mp-{len(log)}"))
        answers: dict[str, str] = {}
        for _ in range(3):
            if state.phase.startswith("J"):
                votes = {v: rng.choice(living) for v in living if rng.random() < 0.9}
                outcome = RULESET.close_day(state, votes, answers, (), actions)
            else:
                outcome = RULESET.resolve_night(state, actions, answers, ())
            if outcome.complete:
                break
            answers.update({q.id: rng.choice([*q.options, "aucun"]) for q in outcome.questions if q.options})
        log.extend(e.as_json() for e in outcome.events)
        state = outcome.state
    return log


def rare() -> list[dict[str, Any]]:
    """The MPs random games seldom reach: an Assassin killing a Planqué's logeur whom a Nécromancienne revives,
    a Châtelain's cancellation, a Voyeur's link whose person falls in love."""
    names = NAMES[:7]
    roles = {n: "croque_mort+croque_mort" for n in names}
    roles.update({names[0]: "necromancienne+voyeur", names[1]: "planque+cupidon", names[3]: "chatelain+meneur"})
    camps = dict.fromkeys(names, "villageois")
    camps.update({names[4]: "loup", names[5]: "loup", names[6]: "assassin"})
    state = RULESET.setup(names, 1, roles, camps=camps)
    state = RULESET.close_day(state, {}).state
    first = RULESET.resolve_night(
        state,
        [
            Action(names[1], "planque.planquer", (names[2],)),
            Action(names[6], "assassin.tuer", (names[2],)),
            Action(names[0], "necromancienne.ressusciter", (names[2],)),
            Action(names[0], "voyeur.lier", (names[2],)),  # the logeur: the Voyeur sees the Planqué too
        ],
    )
    cancel = Action(names[3], "chatelain.annuler", (names[4],))
    day = RULESET.close_day(first.state, {names[0]: names[4]}, actions=[cancel])
    second = RULESET.resolve_night(day.state, [Action(names[1], "cupidon.amoureux", (names[3], names[2]))])
    # A boosted Détective who investigated himself is killed: his testament is invited.
    roles = {n: "croque_mort+croque_mort" for n in names}
    roles.update({names[0]: "detective+meneur", names[1]: "sympathique+meneur"})
    traps = RULESET.close_day(RULESET.setup(names, 2, roles, camps=camps), {}).state
    third = RULESET.resolve_night(
        traps,
        [
            Action(names[1], "sympathique.booster", (names[0], "1")),
            Action(names[0], "detective.enqueter", (names[0],)),
            Action(names[4], "meute.devorer", (names[0],)),
        ],
    )
    # A Liche burnt survives; the Meneur who voted against her guesses her phylactère.
    roles = {n: "croque_mort+croque_mort" for n in names}
    roles.update({names[0]: "liche+croque_mort", names[1]: "meneur+croque_mort"})
    liche = RULESET.setup(names, 3, roles, camps=camps, options={"phylacteres": {names[0]: names[2]}})
    liche = RULESET.resolve_night(RULESET.close_day(liche, {}).state, []).state
    burnt = RULESET.close_day(liche, {names[1]: names[0]})
    return [e.as_json() for o in (first, day, second, third, burnt) for e in o.events]


def test_every_drafted_text_is_french() -> None:
    from meneur.daemon.replay import load_scenario, replay
    from meneur.tests.test_templates_complete import told_in_engine

    logs = [_game(seed) for seed in range(40)] + [rare()]
    logs += [[e for e in replay(load_scenario(p)) if e["type"] not in ("setup", "final")] for p in SCENARIOS]
    bad: dict[str, str] = {}
    seen: set[str] = set()
    for events in logs:
        types = {e["type"] for e in events}
        seen |= {e["type"] for e in events if e.get("audience") == "private"}
        for phase in dict.fromkeys(e["phase"] for e in events):
            for markup in ("bbcode", "markdown"):
                for draft in drafts_for("double-roles", phase, events, RULESET.role_names, markup=markup):
                    for problem in problems(draft.body, types):
                        bad.setdefault(problem, f"{draft.kind} {phase} ({markup}):\n{draft.body}")
                    assert "Message du MJ." not in draft.body, draft.body  # an MP kind with no sentence
    assert not bad, "\n\n".join(f"{p} in {where}" for p, where in list(bad.items())[:5])
    assert not told_in_engine("double-roles") - seen, sorted(told_in_engine("double-roles") - seen)


def test_role_cards_receipts_and_opening_are_french() -> None:
    state = RULESET.setup(NAMES[:10], 3)
    post = opening_post(state)
    assert post is not None and not problems(post.body, set()), post
    assert "[b]5 Villageois[/b], [b]3 Loups[/b], [b]1 Loup Solitaire[/b] et [b]1 Assassin[/b]" in post.body
    for card in role_cards(state, "MJ"):
        assert not problems(card.body, set()), (problems(card.body, set()), card.body)
    for verb in RULESET.verbs:
        targets = NAMES[: max(verb.min_targets, min(verb.max_targets, 2))]
        text = mp_reply(
            "double-roles",
            {
                "night": True,
                "when": "22h14",
                "accepted": [{"power": verb.power, "targets": targets, "doubtful": False, "replaces": None}],
                "refused": [{"power": verb.power, "targets": targets, "reason": "Les morts ne peuvent plus agir."}],
                "unclear": [],
                "not_understood": False,
                "examples": [],
            },
        )
        assert "ce pouvoir" not in text and not problems(text, set()), (verb.power, text)
