"""`citadelles`: what J0's posts say besides the mayor's vote — each player's citadel, and the mayor's
distribution at the zenith (SPEC.md, "J0 posts"). Pure: a post's text in, actions out."""

from __future__ import annotations

import re

from ....vocabulary import fold, post_lines
from ...model import Action, GameState

CHOOSE = "citadelle.choisir"
DISTRIBUTE = "maire.repartir"

# A citadel as players name it, in folded text. "est" is also a verb: the East needs its article
# ("l'est", "a l'est") or a colon before it, or its own name.
_CITADEL = (
    r"(?P<cit>(?:du |au |le |la citadelle du |citadelle du )?nord|orchnoung|(?:du |au |le )?sud|bibiloune"
    r"|(?:de l'|a l'|l'|: ?)est|sakoura|(?:de l'|a l'|l'|: ?)?ouest|tribudouduna)\b"
)
_VERB = (
    r"(?:!citadelle|citadelle ?:|mon choix ?:|choix ?:|je (?:choisis|choisi|prends|vote pour|vais|rejoins|rejoint"
    r"|veux aller|veux|pars|opte pour|irai|m'installe)|j'(?:opte pour|irai|vais))"
)
_CHOICE = re.compile(_VERB + r"(?:[^.!?;\n]*?)\s*" + _CITADEL)
# "Citadelle : Est", "!citadelle est": right after the label, the bare name is the citadel.
_LABELLED = re.compile(
    r"(?:!citadelle|citadelle ?:|mon choix ?:|choix ?:)\s*(?:la citadelle )?(?:du |de l'|l')?"
    r"(?P<cit>nord|est|sud|ouest|orchnoung|sakoura|bibiloune|tribudouduna)\b"
)
_KEYS = {"nord": "nord", "orchnoung": "nord", "sud": "sud", "bibiloune": "sud", "est": "est", "sakoura": "est"}
_KEYS.update(ouest="ouest", tribudouduna="ouest")
_ARROW = r"\s*(?:→|->|=>|:|=|en|dans|vers|au|a l'|a)\s*"  # the longest first: "au" before "a"


def citadel_word(text: str) -> str | None:
    """The citadel id a folded word names (``l'est`` → ``est``), or None."""
    word = text.strip().split(" ")[-1].split("'")[-1].strip(": ")
    return _KEYS.get(word)


def read_post(state: GameState, author: str, text: str) -> list[Action]:
    """The J0 orders in a post: the author's citadel (the last one he names), and, from the mayor at the
    zenith, his distribution. Nothing at any other phase."""
    if state.phase not in ("J0-matin", "J0-zenith"):
        return []
    lines = post_lines(text)
    actions: list[Action] = []
    chosen: str | None = None
    for line in lines:
        if "vote contre" in line:
            continue
        found = sorted([*_CHOICE.finditer(line), *_LABELLED.finditer(line)], key=lambda m: m.start("cit"))
        for match in found:
            citadel = citadel_word(match.group("cit"))
            if citadel:
                chosen = citadel
    if chosen:
        actions.append(Action(author, CHOOSE, (chosen,)))
    if state.phase == "J0-zenith" and author == state.mayor and any("repartition" in line for line in lines):
        placed = _distribution(state, lines)
        if placed:
            actions.append(Action(author, DISTRIBUTE, tuple(placed)))
    return actions


def _distribution(state: GameState, lines: list[str]) -> list[str]:
    names = sorted(((fold(p.name), p.name) for p in state.players), key=lambda pair: -len(pair[0]))
    placed: dict[str, str] = {}
    for line in lines:
        line = re.sub(r"^.*repartition\s*:?", "", line)
        for part in re.split(r"[,;/]| et ", line):
            part = part.strip(" -*")
            for folded, name in names:
                if not part.startswith(folded):
                    continue
                rest = re.match(_ARROW + r"(?:la citadelle )?(?:du |de l'|l')?(\w+)", part[len(folded) :])
                if rest and _KEYS.get(rest.group(1)):
                    placed[name] = _KEYS[rest.group(1)]
                break
    return [f"{name}={citadel}" for name, citadel in placed.items()]


_CUE = re.compile(r"(brul\w*|bucher|tranche\w*|je choisis|je designe|monte sur|part au)")


def mayor_announcement(text: str, state: GameState) -> str:
    """The mayor's one evening message when the vote is tied: in the first sentence holding a word of
    choice (« je tranche », « est brûlé », « au bûcher ») and a living player's name, the name nearest to
    that word (« Je tranche : Alice est brûlée. Désolée Alice, ton vote contre Bruno… » → Alice); else
    ``aucun``. At J0's zenith, his distribution (``Alice=est, Bruno=sud``)."""
    if state.phase == "J0-zenith":  # his announcement is the distribution (SPEC: J0-zenith:annonce_maire)
        placed = _distribution(state, post_lines(text))
        return ", ".join(placed) if placed else "aucun"
    names = sorted(((fold(p.name), p.name) for p in state.players if p.alive), key=lambda pair: -len(pair[0]))
    for line in post_lines(text):
        for sentence in re.split(r"[.!?;]", line):
            cues = [m.start() for m in _CUE.finditer(sentence)]
            if not cues:
                continue
            found = [
                (min(abs(m.start() - c) for c in cues), m.start(), name)
                for folded, name in names
                for m in re.finditer(rf"(?<!\w){re.escape(folded)}(?!\w)", sentence)
            ]
            if found:
                return min(found)[2]
    return "aucun"
