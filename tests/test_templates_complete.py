"""Every message the rules send, in French: each event of the random games of every installed rule set is drafted
(the morning and evening posts, every MP) in BBCode and in Markdown, and no draft may hold a placeholder
("(stunned)"), an identifier ("loups.devorer", "camp_changed"), a Python value or an English word. The
replies to MPs (receipts, refusals, "not understood") are checked for every power of every rule set.

The games are those of the property tests (tests/test_*_engine.py) and games of our own, where each
player uses every power he holds (and now and then one he does not) on random targets, so that the rare
events (a stunned player, the charmed list, a vampire's bite) happen too."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.drafts import drafts_for as daemon_drafts_for
from meneur.daemon.drafts import mp_reply, powers_of
from meneur.daemon.replay import load_scenario, replay
from meneur.engine.contract import RuleSet
from meneur.engine.model import Action, GameState, Outcome
from meneur.engine.modules import compose
from meneur.engine.rulesets import every
from meneur.engine.rulesets import ruleset as installed_ruleset
from meneur.tests import (
    test_baguette_random,
    test_citadelles_random,
    test_classique_engine,
    test_convivialite_engine,
    test_trinite_engine,
    test_trinite_meuporg_engine,
)

# Every installed rule set (classique, convivialite, hameau, …), and each module on its base: "baguette" is
# classique with the Baguette magique (its drafts come from templates/baguette/, then templates/classique/).
MODULES: dict[str, tuple[str, tuple[str, ...]]] = {"baguette": ("classique", ("baguette",))}
RULESETS = (*(r.id for r in every()), *MODULES)


def ruleset(name: str) -> RuleSet:
    """The rule set a name of RULESETS plays: an installed one, or a module composed on its base."""
    if name in MODULES:
        base, modules = MODULES[name]
        return compose(installed_ruleset(base), modules)
    return installed_ruleset(name)


def drafts_for(name: str, *args: Any, **kwargs: Any) -> list[Any]:
    """``daemon.drafts.drafts_for`` as a game of ``name`` calls it (a module's game: the base's id, its modules)."""
    base, modules = MODULES.get(name, (name, ()))
    return daemon_drafts_for(base, *args, modules=modules, **kwargs)


ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
# Player names that cannot be mistaken for words of a message.
NAMES = [f"Zx{chr(97 + i)}q" for i in range(21)]

# Words that are English and not French: one of them in a draft is a message left untranslated.
ENGLISH = {
    "the", "and", "of", "is", "was", "with", "player", "players", "received", "refused", "victim", "wolf",
    "wolves", "night", "day", "dead", "alive", "target", "targets", "power", "powers", "none", "null",
    "undefined", "unknown", "event", "winner", "true", "false", "round", "killed", "died", "vote_count",
}  # fmt: skip
IDENTIFIER = re.compile(r"(?<![!\w])[a-z]+(?:_[a-z]+)+\b|(?<![!\w])[a-z_]+\.[a-z_]+\b")
TEMPLATE_LEFTOVER = re.compile(r"\{\{|\}\}|\{%|%\}|Undefined|<[a-z]")


def problems(text: str, types: set[str]) -> list[str]:
    """What in a drafted text is not a French message: a placeholder, an identifier, an English word."""
    found = [f"placeholder ({t})" for t in types if f"({t})" in text]
    body = re.sub(r"réf\. mj-[0-9a-f]+", "", text)  # the outbox's own reference
    body = re.sub(r"!\w+\.\w+", "", body)  # the canonical form of a power, shown on purpose
    found += [f"identifier {m.group(0)!r}" for m in IDENTIFIER.finditer(body)]
    found += [f"English word {w!r}" for w in re.findall(r"[A-Za-z]+", body) if w.lower() in ENGLISH]
    found += [f"template leftover {m.group(0)!r}" for m in TEMPLATE_LEFTOVER.finditer(body)]
    return found


# -- games where every power is used -------------------------------------------------------------------
def _answer(question: Any, rng: random.Random) -> str:
    return str(rng.choice([*question.options, "aucun"]))


def _phase(rules: Any, state: GameState, rng: random.Random) -> Outcome:
    living = state.living()
    actions = []
    for player in state.players:
        held = [p["power"] for p in powers_of(state, player.name)]
        # Each power held, most of the time; now and then one of another role (a refusal to draft).
        tried = [p for p in held if rng.random() < 0.7] + [v.power for v in rules.verbs if rng.random() < 0.02]
        for power in tried:
            verb = next(v for v in rules.verbs if v.power == power)
            count = rng.randint(verb.min_targets, max(verb.min_targets, min(verb.max_targets, 3)))
            pool = living if rng.random() < 0.85 else [p.name for p in state.players]
            actions.append(Action(player.name, power, tuple(rng.sample(pool, min(count, len(pool))))))
    answers: dict[str, str] = {}
    if state.phase.startswith("J"):
        votes = {v: rng.choice(living) for v in living if rng.random() < 0.9}
        run = lambda: rules.close_day(state, votes, answers, [], actions)  # noqa: E731
    else:
        run = lambda: rules.resolve_night(state, actions, answers, [])  # noqa: E731
    outcome: Outcome = run()
    for _ in range(4):
        if outcome.complete:
            break
        for question in outcome.questions:
            if rng.random() < 0.8:
                answers[question.id] = _answer(question, rng)
        outcome = run()
    return outcome


def every_power_game(name: str, seed: int) -> list[dict[str, Any]]:
    rules = ruleset(name)
    rng = random.Random(seed)
    count = {
        "classique": rng.choice((12, 18, 21)),
        "baguette": rng.choice((8, 12, 14)),
        "convivialite": 6,
        "trinite-meuporg": rng.choice((9, 12, 15)),
        "trinite": rng.choice((9, 12, 15)),
        "citadelles": rng.choice((12, 16)),
        "double-roles": rng.choice((6, 8, 10, 12)),
    }
    state: GameState = rules.setup(NAMES[: count.get(name, rng.choice((5, 6, 8)))], seed)
    log: list[dict[str, Any]] = []
    for _ in range(40):
        if state.winner:
            break
        outcome = _phase(rules, state, rng)
        log.extend(e.as_json() for e in outcome.events)
        state = outcome.state
    return log


def _citadelles_game(seed: int) -> list[dict[str, Any]]:
    """A random game of citadelles through its three J0 phases (citadels chosen, posts asked for)."""
    log: list[dict[str, Any]] = []
    test_citadelles_random.play(seed, checked=False, events=log)
    return log


PROPERTY_GAMES = {
    "classique": test_classique_engine.play_random,
    "convivialite": test_convivialite_engine.play_random,
    "trinite-meuporg": test_trinite_meuporg_engine.play_random,
    "trinite": test_trinite_engine.play_random,
    "citadelles": _citadelles_game,
}


def baguette_game(seed: int) -> list[dict[str, Any]]:
    """tests/test_baguette_random.py's random game (votes, blanks, election ballots, absences by MP; the
    Magicien's powers and successors; den posts), its events kept."""
    rng = random.Random(seed)
    rules = test_baguette_random.RULES
    state = rules.setup(NAMES[: rng.randint(8, 14)], seed)
    log: list[dict[str, Any]] = []
    for _ in range(60):
        if state.winner:
            break
        if state.phase.startswith("J"):
            actions = test_baguette_random._day_actions(state, rng)
            first = rules.close_day(state, {}, {}, (), actions)
            outcome = rules.close_day(state, {}, test_baguette_random._answered(first, rng), (), actions)
        else:
            found = test_baguette_random._night_actions(state, rng) + test_baguette_random._den(state, rng)
            actions = sorted(found, key=lambda _: rng.random())
            first = rules.resolve_night(state, actions)
            outcome = rules.resolve_night(state, actions, test_baguette_random._answered(first, rng))
        log.extend(e.as_json() for e in outcome.events)
        state = outcome.state
    return log


def _double_roles_rare() -> list[dict[str, Any]]:
    from meneur.tests.test_double_roles_templates import rare  # it imports this module's checker

    return rare()


# Games written to reach the MPs random games seldom send (a Planqué met, a Voyeur's link to him…).
RARE_GAMES = {"double-roles": _double_roles_rare}


@cache
def games(name: str) -> tuple[tuple[dict[str, Any], ...], ...]:
    """The games of a rule set, each as its list of events: the property tests' random games, ours, and
    the scenarios (fixtures/scenarios/<ruleset>/, where the rarest events are played on purpose)."""
    found = [tuple(every_power_game(name, seed)) for seed in range(60)]
    if name in PROPERTY_GAMES:
        found += [tuple(PROPERTY_GAMES[name](seed)) for seed in range(30)]
    if name == "baguette":
        found += [tuple(baguette_game(seed)) for seed in range(30)]
    if name in RARE_GAMES:
        found.append(tuple(RARE_GAMES[name]()))
    for path in sorted((ROOT / "fixtures" / "scenarios" / name).glob("*.toml")):
        found.append(tuple(e for e in replay(load_scenario(path)) if e["type"] not in ("setup", "final")))
    return tuple(found)


def told_in_engine(name: str) -> set[str]:
    """The event types a rule set's code sends to a player by MP (``tell(…, "type")``), in every module of its
    package (a rule set split by chapters tells from ``dawn.py``, ``day.py``…, not only ``rules.py``)."""
    package = ENGINE / ("modules" if name in MODULES else "rulesets") / name.replace("-", "_")
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))
    return set(re.findall(r"\btell\(\s*[^,()]+(?:\([^)]*\))?,\s*\"(\w+)\"", source))


# -- the tests -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_every_drafted_text_of_the_random_games_is_french(name: str) -> None:
    rules = ruleset(name)
    bad: dict[str, str] = {}
    for log in games(name):
        events = list(log)
        types = {e["type"] for e in events}
        for phase in dict.fromkeys(e["phase"] for e in events):
            for markup in ("bbcode", "markdown"):
                for draft in drafts_for(name, phase, events, rules.role_names, markup=markup):
                    for problem in problems(draft.body, types):
                        bad.setdefault(problem, f"{draft.kind} {phase} ({markup}):\n{draft.body}")
    assert not bad, "\n\n".join(f"{p} in {where}" for p, where in bad.items())


@pytest.mark.parametrize("name", RULESETS)
def test_the_random_games_send_every_mp_the_rules_can_send(name: str) -> None:
    """The games above reach every kind of MP the rule set's code can send, so the test above has seen
    each one's text (a new kind of MP with no sentence fails here until a game reaches it)."""
    sent = {e["type"] for log in games(name) for e in log if e.get("audience") == "private"}
    missing = told_in_engine(name) - sent
    assert not missing, f"{name}: no random game sends {sorted(missing)}"


@pytest.mark.parametrize("name", RULESETS)
def test_every_power_has_its_receipt_refusal_and_example(name: str) -> None:
    rules = ruleset(name)
    state: GameState = rules.setup(NAMES[: {"convivialite": 6, "hameau": 8}.get(name, 12)], 1)
    for verb in rules.verbs:
        targets = NAMES[: max(verb.min_targets, min(verb.max_targets, 2))]
        for markup in ("bbcode", "markdown"):
            base, modules = MODULES.get(name, (name, ()))
            text = mp_reply(
                base,
                {
                    "night": True,
                    "when": "22h14",
                    "accepted": [
                        {"power": verb.power, "targets": targets, "doubtful": False, "replaces": None},
                        {"power": verb.power, "targets": targets, "doubtful": True, "replaces": targets},
                    ],
                    "refused": [{"power": verb.power, "targets": targets, "reason": "Les morts ne peuvent plus agir."}],
                    "unclear": [{"power": verb.power, "name": "Zorglub"}],
                    "not_understood": True,
                    "examples": [p for p in powers_of(state, state.players[0].name)],
                },
                markup=markup,
                modules=modules,
            )
            assert "ce pouvoir" not in text, f"{verb.power}: no sentence of its own in {name}/powers"
            assert not problems(text, set()), (verb.power, problems(text, set()), text)
            assert "C'est noté : cette nuit, t" in text and "sans en être sûr" in text
            assert "Cela remplace ton choix précédent (t" in text
            assert "Je ne peux pas retenir ta demande (t" in text and "« Zorglub »" in text
            assert "Je n'ai pas compris ton message de 22h14 ; réécris-le" in text


@pytest.mark.parametrize(
    ("reason", "asked"),
    [
        ("name", "Je n'ai pas compris qui tu désignes par « Zorglub »"),
        ("choice", "J'hésite à lire ton message : « Zorglub » ? Redis-moi ton choix"),
        ("missing", "Il me manque un nom : je n'ai lu que « Zorglub »"),
        ("mode", "Quel pouvoir veux-tu utiliser (« Zorglub ») ?"),
    ],
)
def test_an_order_that_cannot_be_carried_out_is_asked_again_for_its_reason(reason: str, asked: str) -> None:
    """The reader says why an order cannot be carried out as written; the reply asks the right question, in
    the live receipt and in the rules' MP at the deadline alike."""
    receipt = mp_reply(
        "classique",
        {
            "night": True,
            "when": "22h14",
            "accepted": [],
            "refused": [],
            "not_understood": False,
            "examples": [],
            "unclear": [{"power": "voyante.sonder", "name": "Zorglub", "reason": reason}],
        },
    )
    event = {"type": "action_unclear", "phase": "N2", "audience": "private", "to": ["Zxaq"], "player": "Zxaq",
             "power": "voyante.sonder", "name": "Zorglub", "reason": reason}  # fmt: skip
    for name in RULESETS:
        (deadline,) = drafts_for(name, "N2", [event], ruleset(name).role_names)[1:]
        assert asked in deadline.body and not problems(deadline.body, {"action_unclear"})
    assert asked in receipt and not problems(receipt, set())


def test_a_placeholder_or_an_identifier_is_caught() -> None:
    """The checker itself: what the templates used to draft is refused, a French message passes."""
    assert problems("(stunned)\n", {"stunned"}) == ["placeholder (stunned)"]
    assert problems("Action reçue : loups.devorer sur Zxaq.", set()) == ["identifier 'loups.devorer'"]
    assert problems("Ton rôle : camp_changed", set()) == ["identifier 'camp_changed'"]
    assert problems("The wolves killed Zxaq", set()) == [f"English word {w!r}" for w in ("The", "wolves", "killed")]
    assert problems("C'est noté : forme sûre [code]!salvateur.proteger NOM[/code]. réf. mj-0a1b2c3d4e", set()) == []


# Public events that a post tells through another event: taking one away leaves the post as it was.
CARRIED = {
    "pyre": "the death it causes is told (its cause: the pyre)",
    "death": "a death on the pyre is told by the pyre event",
    "hunter_shot": "the death it causes is told (its cause: the Chasseur)",
    "no_pyre": "no death on the pyre: « personne ne monte sur le bûcher » (a tie or a protection says why)",
    "no_wolf_death": "no death at night: « personne n'est mort cette nuit »",
    "no_death": "no death at night: « personne n'est mort cette nuit »",
    "vote_result": "its counts are the post's (an empty one: « personne n'a voté »)",
    "camp_revealed": "a dead player's camp is told with the death (the village's by default)",
    "event_night": "told with the start of the night (night_start)",
}


@pytest.mark.parametrize("name", RULESETS)
def test_every_public_event_is_told_in_the_posts(name: str) -> None:
    """Each public event of the games changes the morning or evening post, or is one that another event
    of the same post tells (CARRIED): a public event with no sentence would vanish from the forum."""
    rules = ruleset(name)
    silent: dict[str, str] = {}
    for log in games(name)[::3]:
        events = list(log)
        for phase in dict.fromkeys(e["phase"] for e in events):
            mine = [e for e in events if e["phase"] == phase]
            posts = [d.body for d in drafts_for(name, phase, mine, rules.role_names) if d.recipient is None]
            for index, event in enumerate(mine):
                if event.get("audience", "public") != "public" or event["type"] in CARRIED:
                    continue
                less = mine[:index] + mine[index + 1 :]
                if [d.body for d in drafts_for(name, phase, less, rules.role_names) if d.recipient is None] == posts:
                    silent.setdefault(event["type"], f"{phase}: {event}\n{posts[0] if posts else ''}")
    assert not silent, "\n\n".join(f"{t} is not told: {where}" for t, where in silent.items())
