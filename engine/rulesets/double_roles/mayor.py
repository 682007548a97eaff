"""`double-roles`: the mayor's elections — the candidates and their obligations, the destitution from J3 by two
thirds of the living, and the new mayor's election held beside the pyre (RULINGS R34–R38). What players post
for it is read here (`read_post`): a line of its own, bold by custom, as « Je vote contre X » is for the pyre:

- ``Candidat`` / ``Candidate`` / ``Je suis candidat·e`` / ``Je me présente``: a candidacy (J0, or from J3 to
  replace a mayor);
- ``Destitution : OUI`` / ``Destitution : NON``: the destitution vote (from J3); one's last word stands until
  the mayor falls;
- ``Maire : X`` / ``Maire : blanc``: a ballot for the new mayor (from J3, counted if the mayor falls that day).

Pure: text and state in, actions and events out."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import Any

from ....vocabulary import fold, post_lines
from ...model import Action, GameState
from ...resolution import NOBODY, Resolution
from .common import absent, number

DESTITUTE = "maire.destitution"  # targets: ("oui",) or ("non",)
CANDIDATE = "maire.candidat"  # no target
BALLOT = "maire.elire"  # targets: (NAME,) or (BLANK,)
POST_POWERS = frozenset({DESTITUTE, CANDIDATE, BALLOT})
BLANK = "blanc"
FIRST_DAY = 3  # « à partir du Jour 3 »

_END = r"\s*[.!]*\s*$"
_DESTITUTION = re.compile(r"^destitution\s*:\s*(oui|non)" + _END)
_CANDIDATE = re.compile(r"^(?:je suis candidat|je suis candidate|candidat|candidate|je me presente)" + _END)
_WORDS = ("destitution", "candidat", "maire", "presente", "présente")  # a post with none of them says nothing here
_BALLOT = re.compile(r"^(?:nouveau maire|maire)\s*:\s*(.+?)" + _END)



def read_post(state: GameState, author: str, text: str) -> list[Action]:
    """The mayor's orders in a day's post, in the order written. A ballot naming nobody in the game is no order
    (« Maire : on verra » is talk). Nothing at night."""
    lowered = text.lower()
    if not state.phase.startswith("J") or not any(word in lowered for word in _WORDS):
        return []
    found: list[Action] = []
    for line in post_lines(text):
        if match := _DESTITUTION.match(line):
            found.append(Action(author, DESTITUTE, (match.group(1),)))
        elif _CANDIDATE.match(line):
            found.append(Action(author, CANDIDATE, ()))
        elif match := _BALLOT.match(line):
            word = match.group(1)
            choice = (
                BLANK
                if word in (BLANK, "vote blanc")
                else next((p.name for p in state.players if fold(p.name) == word), None)
            )
            if choice:
                found.append(Action(author, BALLOT, (choice,)))
    return found


# -- during the day --------------------------------------------------------------------------------------
def _refusal(state: GameState, day: Mapping[str, Any], action: Action) -> str | None:
    try:
        player = state.player(action.player)
    except KeyError:
        return "Tu ne fais pas partie de la partie."
    if not player.alive:
        return "Les morts ne votent plus."
    if absent(state, player):
        return "Tu t'es enfui·e : tu es hors de la partie jusqu'à la nuit prochaine."
    today = number(state.phase)
    fallen = day.get("destitue")
    if action.power == CANDIDATE:
        if today != 0 and today < FIRST_DAY:
            return "On ne se présente à la mairie qu'au Jour 0, ou à partir du Jour 3 pour remplacer le maire."
        if today and not state.mayor and not fallen:
            return "Il n'y a pas de maire à remplacer."
        if player.name in (state.mayor, fallen):
            return "Le maire qu'on veut remplacer ne peut pas se présenter à sa propre succession."
        return None
    if action.power == DESTITUTE:
        if today < FIRST_DAY:
            return "La destitution du maire n'est possible qu'à partir du Jour 3."
        if not state.mayor and not fallen:
            return "Il n'y a pas de maire à destituer."
        return None
    if today < FIRST_DAY:
        return "Il n'y a pas d'élection de maire aujourd'hui (au Jour 0, on vote en « Je vote contre X »)."
    choice = action.targets[0] if action.targets else ""
    if choice == player.name:
        return "Tu ne peux pas voter pour toi-même."
    if choice != BLANK:
        try:
            target = state.player(choice)
        except KeyError:
            return f"{choice} ne fait pas partie de la partie."
        if not target.alive:
            return f"{choice} est mort·e."
        if absent(state, target):
            return f"{choice} s'est enfui·e : il·elle ne peut pas être maire aujourd'hui."
        if choice in (state.mayor, fallen):
            return f"{choice} est le maire qu'on veut remplacer."
    elif player.name in day.get("candidats", []):
        return "Candidat·e, tu dois voter pour un·e autre candidat·e : pas de vote blanc."
    return None


def apply_post_action(
    r: Resolution, day: dict[str, Any], action: Action, voiceless_now: Callable[[GameState], Collection[str]]
) -> None:
    """One mayor's order read from a post, in the order posted. The destitution takes effect the instant two
    thirds of the living have said OUI (« Dès l'instant où le Maire est destitué ») and is not undone;
    ``voiceless_now`` says who is deprived of his vote at that moment (the Institutrice may still change)."""
    s = r.state
    refusal = _refusal(s, day, action)
    if refusal:
        r.tell(action.player, "action_refused", power=action.power, targets=list(action.targets), reason=refusal)
        return
    if action.power == CANDIDATE:
        if action.player not in day.setdefault("candidats", []):
            day["candidats"].append(action.player)
    elif action.power == BALLOT:
        day.setdefault("bulletins", {})[action.player] = action.targets[0]
    elif "destitue" not in day:  # after the fall, a late OUI or NON changes nothing
        words: dict[str, str] = day.setdefault("destitution", {})
        words.pop(action.player, None)  # the last word is the latest: kept in posting order for the MJ's page
        words[action.player] = action.targets[0]
        voiceless = voiceless_now(s)
        yes = [n for n, w in words.items() if w == "oui" and _counts(s, n, voiceless)]
        living = len(s.living())
        if 3 * len(yes) >= 2 * living:  # « au moins 2/3 des vivants à accepter cette destitution »
            fallen = s.mayor
            day["destitue"] = fallen
            s.mayor = None
            r.emit("mayor_destituted", player=fallen)
            r.tell_mj(
                "destitution_count",
                mayor=fallen,
                oui=yes,
                non=[n for n, w in words.items() if w == "non" and _counts(s, n, voiceless)],
                needed=-(-2 * living // 3),
                living=living,
            )


def _counts(state: GameState, name: str, voiceless: Collection[str]) -> bool:
    """Whether a player's word counts today: alive, present, not deprived of his vote (RULINGS R35)."""
    player = state.player(name)
    return player.alive and not absent(state, player) and name not in voiceless


# -- at the deadline --------------------------------------------------------------------------------------
def breaches_at_j0(r: Resolution, votes: Mapping[str, str], candidates: Collection[str]) -> None:
    """« tout candidat a obligation de voter, et interdiction de voter pour lui-même (donc obligation de voter
    pour un autre candidat) »: a candidate who did not, the MJ is told (the rules name no penalty)."""
    for name in candidates:
        if not r.state.player(name).alive:
            continue
        if name not in votes:
            r.tell_mj("election_breach", player=name, reason="abstention")
        elif votes[name] not in candidates:
            r.tell_mj("election_breach", player=name, reason="hors_candidats", target=votes[name])


def close_election(r: Resolution, day: Mapping[str, Any], voiceless: Collection[str]) -> None:
    """The new mayor, at the deadline, when the mayor fell today: the most voted among the candidates (among
    everyone but the fallen mayor when nobody stood). Everyone voted: elected; else the MJ names the most voted
    d'office (RULINGS R36); a tie: the MJ chooses (a question; the default is drawn from the seed)."""
    s = r.state
    fallen = day.get("destitue")
    if "destitue" not in day:
        return
    electors = [n for n in s.living() if _counts(s, n, voiceless)]
    candidates = [c for c in day.get("candidats", []) if s.player(c).alive and not absent(s, s.player(c))]
    eligible = set(candidates) or {n for n in s.living() if n != fallen and not absent(s, s.player(n))}
    ballots: dict[str, str] = {}
    for voter, choice in day.get("bulletins", {}).items():
        if voter not in electors:
            continue
        if choice == BLANK and voter in candidates:
            r.tell_mj("election_breach", player=voter, reason="blanc")
        elif choice != BLANK and choice not in eligible:
            r.tell_mj("election_breach", player=voter, reason="hors_candidats", target=choice)
            reason = "il·elle n'est pas candidat·e" if candidates else "il·elle ne peut pas être élu·e"
            r.tell(voter, "action_refused", power=BALLOT, targets=[choice], reason=f"{choice} : {reason}.")
        else:
            ballots[voter] = choice
    for name in candidates:
        if name in electors and name not in ballots and name not in day.get("bulletins", {}):
            r.tell_mj("election_breach", player=name, reason="abstention")
    complete = all(n in ballots for n in electors)
    counts = Counter(t for t in ballots.values() if t != BLANK)
    r.tell_mj(  # « Les résultats exacts du décompte des voix [...] ne sont pas publics » (RULINGS R37)
        "election_result",
        counts=dict(counts.most_common()),
        voters={t: [v for v, c in ballots.items() if c == t] for t in counts},
        blank=[v for v, c in ballots.items() if c == BLANK],
        not_voted=[n for n in electors if n not in ballots],
        complete=complete,
    )
    if not counts:
        r.emit("no_mayor")
        return
    top = max(counts.values())
    leaders = sorted(t for t, n in counts.items() if n == top)
    mayor = leaders[0]
    if len(leaders) > 1:  # « le MJ nommera d'office Maire celui qui a le plus de voix (random si égalité) »
        drawn = s.rng("maire").choice(leaders)
        prompt = "Égalité pour l'élection du nouveau maire : qui nommes-tu ?"
        mayor = r.ask("maire_egalite", "MJ", prompt, leaders, default=drawn, single=True)
        mayor = drawn if mayor == NOBODY else mayor
    s.mayor = mayor
    if complete and len(leaders) == 1:
        r.emit("mayor_elected", player=mayor)
    else:
        r.emit("mayor_named", player=mayor, by="MJ")


def notes(state: GameState, voiceless: Collection[str] = ()) -> dict[str, list[str]]:
    """For the MJ's page, the day's mayor business so far (the counts stay off the public posts). ``voiceless``:
    who has no vote at this moment (R35): their word is listed, marked, and not counted."""
    day: Mapping[str, Any] = state.memory.get("jour", {})
    out: dict[str, list[str]] = {}
    if day.get("candidats"):
        out["Candidats à la mairie"] = list(day["candidats"])
    words: Mapping[str, str] = day.get("destitution", {})
    if words:
        needed = -(-2 * len(state.living()) // 3)

        def said(word: str) -> list[str]:
            return [n if _counts(state, n, voiceless) else f"{n} (sans voix)" for n, w in words.items() if w == word]

        counted = [n for n, w in words.items() if w == "oui" and _counts(state, n, voiceless)]
        head = f"Maire destitué : {day['destitue']}" if "destitue" in day else f"{len(counted)} OUI sur {needed} requis"
        yes, no = said("oui"), said("non")
        out["Destitution du maire"] = [head, f"OUI : {', '.join(yes) or '—'}", f"NON : {', '.join(no) or '—'}"]
    ballots: Mapping[str, str] = day.get("bulletins", {})
    if ballots:
        tally = Counter(ballots.values())
        out["Élection du nouveau maire"] = [
            f"{'vote blanc' if t == BLANK else t} : {n} ({', '.join(v for v, c in ballots.items() if c == t)})"
            for t, n in tally.most_common()
        ]
    return out
