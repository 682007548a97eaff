"""``meneur replay``: a scenario file played through its rule set, each post and MP drafted as the live game
would, the MJ's events beside them."""

from __future__ import annotations

import argparse
from pathlib import Path

from .i18n import _


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from ..engine.rulesets import ruleset
    from .drafts import drafts_for, opening_post, role_cards
    from .replay import initial_state, load_scenario, replay

    scenario = load_scenario(Path(args.file))
    events = list(replay(scenario))
    if args.json:
        for event in events:
            print(json.dumps(event, ensure_ascii=False))
        return 0
    rules = ruleset(scenario.ruleset)
    names = rules.role_names
    state = initial_state(scenario)
    opening = opening_post(state)
    if opening is not None:
        print("==== " + _("setup · opening · post in the game topic"))
        print(opening.body.strip() + "\n")
    for card in role_cards(state, "Maître du jeu"):
        print("==== " + _("setup · role card · MP to {player}").format(player=card.recipient))
        print(card.body.strip() + "\n")
    phases = list(dict.fromkeys(str(e["phase"]) for e in events if e["type"] not in ("setup", "final")))
    for phase in phases:
        for draft in drafts_for(scenario.ruleset, phase, events, names, modules=scenario.modules):
            where = (
                _("post in the game topic")
                if draft.recipient is None
                else _("MP to {player}").format(player=draft.recipient)
            )
            print(f"==== {phase} · {draft.kind} · {where}")
            print(draft.body.strip() + "\n")
        for event in (e for e in events if e.get("phase") == phase and e.get("audience") == "mj"):
            print("     " + _("(for the MJ) {event}").format(event=describe(event)))
    final = events[-1]
    winner = final["winner"] or _("none yet")
    print("==== " + _("end: winner {winner}; alive: {alive}").format(winner=winner, alive=", ".join(final["alive"])))
    return 0


def describe(event: dict[str, object]) -> str:
    """One readable line per event (the templates of the posts come with the engine's next step)."""
    kind, phase = event.get("type"), event.get("phase")
    audience = event.get("audience", "public")
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "phase", "audience"))
    where = {"public": _("post"), "private": f"MP → {', '.join(event.get('to', []))}", "mj": "MJ"}.get(  # type: ignore[arg-type]
        str(audience), str(audience)
    )
    return f"[{phase}] {where}: {kind} {details}".rstrip()
