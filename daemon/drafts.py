"""From the engine's events to the posts and MPs the MJ approves: the morning post after a night,
the evening post after a day, one MP per private event. Templates write; this only sorts."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from ..parsers.records import VoteFormat
from .render import render


@dataclass(frozen=True)
class DraftText:
    kind: str  # morning | evening | mp
    recipient: str | None  # None: the game topic
    subject: str | None
    body: str
    key: str  # stable: phase, kind, recipient, and the event's rank for MPs


def day_label(phase: str) -> str:
    """The day a phase's post speaks of: night N's morning opens day N, and day N ends day N."""
    digits = "".join(c for c in phase[1:].split("-")[0] if c.isdigit())  # J0-matin: day 0
    return f"Jour {int(digits)}"


def template_sets(ruleset: str, modules: Sequence[str] = ()) -> list[str]:
    """Where a game's templates are looked for: its modules' folders (the last applied first), then its rule
    set's (a module's template tells the module's events and includes the base's for the rest)."""
    return [*reversed(list(modules)), ruleset]


def _render_first(
    sets: Sequence[str],
    name: str,
    markup: str,
    context: dict[str, Any],
    override: Path | None,
    vote_format: VoteFormat | None,
) -> str:
    """``render`` of ``<set>/<name>`` for the first set that has it."""
    for folder in sets[:-1]:
        try:
            return render(f"{folder}/{name}", markup, context, override, vote_format)
        except jinja2.TemplateNotFound as missing:
            if f"{folder}/{name}" not in str(missing.name):
                raise  # a template it includes is missing: a defect, not a fallback
    return render(f"{sets[-1]}/{name}", markup, context, override, vote_format)


def state_modules(state: Any) -> tuple[str, ...]:
    """The modules a game was set up with (engine/modules: a composed setup writes them in its memory)."""
    from ..engine.modules import MEMORY

    return tuple(state.memory.get(MEMORY, ()))


def drafts_for(
    ruleset: str,
    phase: str,
    events: list[dict[str, Any]],
    roles: Mapping[str, str],
    override: Path | None = None,
    markup: str = "bbcode",
    vote_format: VoteFormat | None = None,
    modules: Sequence[str] = (),
) -> list[DraftText]:
    sets = template_sets(ruleset, modules)
    mine = [e for e in events if e.get("phase") == phase]
    public = [e for e in mine if e.get("audience", "public") == "public"]
    deaths = [e for e in public if e["type"] == "death"]
    drafts: list[DraftText] = []
    if phase.startswith("N"):
        context = {
            "day": day_label(phase),
            "deaths": deaths,
            "mj_events": [e["text"] for e in public if e["type"] == "mj_event"],
            "fictional_victim": any(e["type"] == "fictional_victim" for e in public),
            "sheep": next((e["count"] for e in public if e["type"] == "sheep_killed"), None),
            "new_wolf": any(e["type"] == "new_wolf" for e in public),
            "roles": roles,
            "events": public,  # every public event, for what a rule set's own template needs
        }
        drafts.append(
            DraftText(
                "morning",
                None,
                None,
                _render_first(sets, "morning", markup, context, override, vote_format),
                f"{phase}/morning",
            )
        )
    else:
        counts: dict[str, int] = next((e["counts"] for e in public if e["type"] == "vote_result"), {})
        context = {
            "day": day_label(phase),
            "counts": counts,
            "tie": next((e for e in public if e["type"] == "tie"), None),
            "protected": next((e["player"] for e in public if e["type"] == "pyre_protected"), None),
            "pardoned": next((e["player"] for e in public if e["type"] == "idiot_pardoned"), None),
            "mayor_elected": next((e["player"] for e in public if e["type"] == "mayor_elected"), None),
            "deaths": deaths,
            "roles": roles,
            "events": public,
        }
        drafts.append(
            DraftText(
                "evening",
                None,
                None,
                _render_first(sets, "pyre", markup, context, override, vote_format),
                f"{phase}/evening",
            )
        )
    told = (e for e in mine if e.get("audience") == "private" and e["type"] not in DRAFTED_AT_ONCE_ONLY)
    for rank, event in enumerate(told):
        for player in event.get("to", []):
            body = _render_first(sets, "mp", markup, {"event": event, "roles": roles}, override, vote_format)
            # A subject of its own per MP: spirit drops an MP whose title repeats the MJ's previous one.
            subject = f"{phase} — message du MJ n°{rank + 1} pour {player}"
            drafts.append(DraftText("mp", player, subject, body, f"{phase}/mp/{player}/{rank}"))
    return drafts


# Events a phase's own texts never tell: drafted once, as soon as the day power is read (``day_power_drafts``) —
# the Lâche's relayed MPs. A draft of theirs the MJ has not let go by the deadline is the only copy.
DRAFTED_AT_ONCE_ONLY = frozenset({"anonymous_mp"})


def day_power_drafts(
    ruleset: str,
    phase: str,
    events: list[dict[str, Any]],
    prefix: str,
    roles: Mapping[str, str],
    override: Path | None = None,
    markup: str = "bbcode",
    vote_format: VoteFormat | None = None,
    relayed: Mapping[str, str] | None = None,
) -> list[tuple[DraftText, list[dict[str, Any]]]]:
    """What a day power read by MP implies at once (``RuleSet.day_powers``'s events): one public post for
    its public events (the MJ's bold announcement: ``<ruleset>/announcement``, else ``announcement``) and an
    MP per private event, as the phase's own MPs are written. Each draft with the events it tells.

    ``relayed``: the words of each anonymous MP to pass on (an ``anonymous_mp`` event's ``mp`` → its words,
    ``daemon/relay.py``); such an MP's subject and key say nothing of its sender."""
    public = [e for e in events if e.get("audience", "public") == "public"]
    drafts: list[tuple[DraftText, list[dict[str, Any]]]] = []
    if public:
        context = {"day": day_label(phase), "events": public, "roles": roles}
        try:
            body = render(f"{ruleset}/announcement", markup, context, override, vote_format)
        except jinja2.TemplateNotFound:
            body = render("announcement", markup, context, override, vote_format)
        drafts.append((DraftText("announcement", None, None, body, f"{prefix}/announcement"), public))
    for rank, event in enumerate(e for e in events if e.get("audience") == "private"):
        for player in event.get("to", []):
            context = {"event": event, "roles": roles}
            subject = f"{day_label(phase)} — message du MJ pour {player} ({prefix.rsplit('/', 1)[-1]}, {rank + 1})"
            if event["type"] == "anonymous_mp":  # the Lâche's MP id stays out of it too: a mark drawn from it
                context["words"] = (relayed or {}).get(str(event.get("mp")), "")
                mark = hashlib.sha256(f"{prefix}/{rank}".encode()).hexdigest()[:6]
                subject = f"{day_label(phase)} — un message anonyme pour {player} ({mark})"
            body = render(f"{ruleset}/mp", markup, context, override, vote_format)
            drafts.append((DraftText("mp", player, subject, body, f"{prefix}/mp/{player}/{rank}"), [event]))
    return drafts


def powers_of(state: Any, name: str) -> list[dict[str, str]]:
    """The powers a player holds, each as the role card shows it: {power, help, canonical, example}."""
    from ..engine.modules import rules_for
    from ..parsers.actions import canonical

    rules = rules_for(state)
    player = state.player(name)
    wolf = rules.is_wolf(player)
    # A rule set whose powers come from items says which powers a player holds; else, by role.
    held = rules.powers_of
    return [
        {
            "power": verb.power,
            "help": rules.help.get(verb.power, verb.power),
            "canonical": canonical(verb),
            "example": rules.examples.get(verb.power, ""),
        }
        for verb in rules.verbs
        if (verb.power in held(state, name) if held else verb.power.split(".")[0] == player.role)
        or (verb.power.startswith("loups.") and wolf)
        or verb.power.split(".")[0] in rules.modules  # a module's powers: every player's to send (the wand's)
    ]


def mp_reply(
    ruleset: str,
    context: dict[str, Any],
    override: Path | None = None,
    markup: str = "bbcode",
    modules: Sequence[str] = (),
) -> str:
    """The answer to one action MP (receipt, refusal, or "not understood"): see templates/receipt. With
    modules, the last one's ``powers`` says its powers (and includes the base's)."""
    return render("receipt", markup, {"ruleset": template_sets(ruleset, modules)[0], **context}, override)


def role_cards(
    state: Any, mj: str, override: Path | None = None, markup: str = "bbcode", vote_format: VoteFormat | None = None
) -> list[DraftText]:
    """One role card per player: role, camp, the pack for a werewolf, how to phrase each power."""
    from ..engine.modules import rules_for

    rules = rules_for(state)
    wolves = [p.name for p in state.players if rules.is_wolf(p)]
    cards = []
    for player in state.players:
        powers = powers_of(state, player.name)
        context = {
            "player": player.name,
            "role": rules.role_names.get(player.role, player.role),
            "camp": {
                "village": "du village",
                "loups": "des loups-garous",
                "vampires": "des vampires",
                "flute": "du joueur de flûte",
            }.get(player.camp, player.camp),
            "wolves": wolves if player.name in wolves else [],
            "powers": powers,
            "mj": mj,
            "extra": rules.card_extra(state, player.name) if rules.card_extra else {},
        }
        body = _render_first(
            template_sets(state.ruleset, state_modules(state)), "role_card", markup, context, override, vote_format
        )
        subject = f"Ton rôle, {player.name}"  # one title per player: spirit drops an MP whose title repeats
        cards.append(DraftText("role_card", player.name, subject, body, f"setup/role_card/{player.name}"))
    return cards


def opening_post(
    state: Any, override: Path | None = None, markup: str = "bbcode", vote_format: VoteFormat | None = None
) -> DraftText | None:
    """The game's first post, for a rule set that has one (``rules.opening(state)`` gives its context)."""
    from ..engine.modules import rules_for

    sets = template_sets(state.ruleset, state_modules(state))
    opening = rules_for(state).opening
    context = opening(state) if opening is not None else {"players": [p.name for p in state.players]}
    try:
        body = _render_first(sets, "opening", markup, context, override, vote_format)
    except jinja2.TemplateNotFound:
        return None  # no opening post for this rule set
    return DraftText("opening", None, None, body, "setup/opening")
