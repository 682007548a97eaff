"""The free reader's reading of an order (:mod:`meneur.parsers.freeform` says how): each power's
keywords, the names they govern, negations, corrections, hesitations and repeats. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import Verb, uses_without_target
from .freewords import (
    _SOFT_CORRECTION,
    MAX_REACH,
    FreeReading,
    Spot,
    Words,
    _corrects,
    _Cue,
    _doubtful_sentence,
    _drop_negated,
    _gap,
    _in_brackets,
    _is_boundary,
    _name_negated,
    _sentence_of,
    cues,
)
from .frtext import Token as _Token


def read_free(
    w: Words, verbs: Sequence[Verb], found: Sequence[Spot], never: Mapping[str, frozenset[str]] | None = None
) -> list[FreeReading]:
    """The orders given in free wording for ``verbs`` (the sender's own powers), names from ``found``;
    ``never``: by power, players it does not take (a wolf's fellow wolves for the victim: « d'accord avec
    Hugo : Noé »)."""
    tokens = w.tokens
    all_cues = cues(w, verbs)
    taken: set[int] = set()  # spots already governed by a keyword
    groups: dict[int, list[tuple[_Cue, list[Spot], bool, bool, bool]]] = {}
    all_cues = _settle_ties(all_cues)
    for index, cue in enumerate(all_cues):
        if index and all_cues[index - 1].start == cue.start:
            continue  # a tie: read once, below, as a missing mode
        later = next((c.start for c in all_cues[index + 1 :] if c.start > cue.start), len(tokens))
        if verbs[cue.verb].max_targets == 0:  # "découvrir le camp de Maëlle": the name is not its target
            groups.setdefault(cue.verb, []).append((cue, [], False, False, True))
            continue
        most = verbs[cue.verb].max_targets
        barred = (never or {}).get(verbs[cue.verb].power, frozenset())
        skip = taken | {n for n, s in enumerate(found) if s.player in barred}
        spent: list[Spot] = []
        chosen, corrected, hesitant, sure_place = _governed(tokens, cue, later, found, skip, most, spent)
        for spot in [*chosen, *spent]:
            taken.add(found.index(spot))
        groups.setdefault(cue.verb, []).append((cue, chosen, corrected, hesitant or cue.tie, sure_place))
    _late_corrections(tokens, all_cues, found, taken, groups, {c.verb: verbs[c.verb].max_targets for c in all_cues})
    readings: list[FreeReading] = []
    for number, entries in groups.items():
        verb = verbs[number]
        live = sorted((e for e in entries if e[1] and not e[0].negated), key=lambda e: e[1][0].start)
        if not live:
            if uses_without_target(verb) and all(not e[0].negated and not e[1] for e in entries):
                cue = next(e[0] for e in entries if not e[0].negated)
                a, b = _sentence_of(tokens, cue.start)
                if _doubtful_sentence(tokens, a, b):
                    continue  # « C'est quand le meilleur moment pour tomber malade ? »: a question
                sure = True
                readings.append(
                    FreeReading(verb.power, (), tokens[cue.start].start, tokens[cue.end - 1].end, sure, False, False)
                )
            continue
        cue, chosen, corrected, hesitant, sure_place = live[0]
        changed = False  # a second choice with no word of correction: a guess which one stands
        for entry in live[1:]:
            first = min(entry[0].start, entry[1][0].start)
            told = entry[2] or any(_corrects(tokens, k) for k in range(chosen[-1].end, first))
            if told or verb.max_targets <= 1:
                other = not told and [s.player for s in entry[1]] != [s.player for s in chosen]
                changed = changed or other
                corrected = corrected or told
                # « J'hésite entre voler Bob et voler Iris »: two choices, no word of correction — ask back.
                chosen = chosen + entry[1] if other else entry[1]
            else:  # "J'ensorcelle François avec ma flûte, et Zoé aussi"
                chosen = chosen + entry[1]
            cue, hesitant, sure_place = entry[0], hesitant or entry[3], sure_place and entry[4]
        if changed:
            hesitant = True
        targets = _counted(tokens, chosen, verb)
        if verb.max_targets and len(targets) > verb.max_targets:
            hesitant = True
        a, b = _sentence_of(tokens, cue.start)
        sure = (
            sure_place
            and not hesitant
            and verb.min_targets <= len(targets) <= max(verb.max_targets, 0)
            and all(s.sure for s in chosen)
            and not _doubtful_sentence(tokens, a, b)
        )
        start = min(tokens[live[0][0].start].start, tokens[chosen[0].start].start)
        end = max(tokens[cue.end - 1].end, tokens[chosen[-1].end - 1].end)
        tie = any(e[0].tie for e in live)
        readings.append(FreeReading(verb.power, targets, start, end, sure, corrected, hesitant, tie))
    readings.sort(key=lambda r: r.start)
    return readings


def _settle_ties(all_cues: list[_Cue]) -> list[_Cue]:
    """A word that names two of the sender's powers (« chapelet », « j'envoûte ») is settled by another
    word of the MP that names only one of them (« mode savoir », « ils voteront comme moi »)."""
    settled: list[_Cue] = []
    for cue in all_cues:
        if not cue.tie:
            settled.append(cue)
            continue
        rivals = {c.verb for c in all_cues if c.start == cue.start}
        named = {c.verb for c in all_cues if not c.tie and c.verb in rivals}
        if len(named) == 1:
            if cue.verb in named:
                settled.append(_Cue(cue.verb, cue.start, cue.end, cue.negated, False))
            continue
        settled.append(cue)
    return settled


def _governed(
    tokens: Sequence[_Token],
    cue: _Cue,
    later: int,
    found: Sequence[Spot],
    taken: set[int],
    most: int,
    spent: list[Spot] | None = None,
) -> tuple[list[Spot], bool, bool, bool]:
    """The names a keyword governs: (spots, corrected, hesitant, in its own sentence). ``spent`` receives the
    names read but not chosen (one taken back from the list), so that no later reading takes them."""
    free = [s for n, s in enumerate(found) if n not in taken and not _in_brackets(tokens, s)]
    after = [s for s in free if s.start >= cue.end]
    chosen: list[Spot] = []
    corrected = hesitant = False
    if after:
        first = after[0]
        reach = first.start - cue.end <= MAX_REACH or tokens[first.start - 1].fold == ":"  # « … le forum : Joëlle »
        if reach and first.start < later and not _crosses(tokens, cue.end, first.start):
            chosen = [first]
        if chosen:
            full: list[Spot] = []  # the list before one of its names was taken back (« ah non, Kévin … »)
            out: Spot | None = None
            for i, spot in enumerate(after[1:], 1):
                if out is not None:  # « … mets Inès à la place »: the name taken back is replaced
                    if _instead(tokens, spot):
                        chosen = [spot if s.player == out.player else s for s in full]
                    break
                if spot.start >= later and _gap(tokens, chosen[-1].end, spot.start) != "correction":
                    break
                kind = _gap(tokens, chosen[-1].end, spot.start)
                if kind == "list" and len(chosen) >= most and _comma_only(tokens, chosen[-1].end, spot.start):
                    break  # « on griffe Joëlle, Marc-Antoine est d'accord »
                if kind == "list":
                    chosen.append(spot)
                elif kind == "correction" and _taken_back(tokens, chosen, spot, after[i + 1 :], most):
                    full, out = chosen, spot
                    chosen = [s for s in chosen if s.player != spot.player]
                    if spent is not None:
                        spent.append(spot)
                    corrected = True
                elif kind == "correction":
                    chosen = [spot]
                    corrected = True
                elif kind == "or":
                    chosen.append(spot)
                    hesitant = True
                elif kind == "not":
                    continue
                else:
                    break
            chosen = _drop_negated(tokens, chosen)
            if chosen:
                return chosen, corrected, hesitant, out is None and not full  # a name taken back: a guess
    # None after: the names just before the keyword, in its sentence ("Dorian et Laëtitia comme amoureux").
    before = [s for s in free if s.end <= cue.start]
    if before and not _crosses(tokens, before[-1].end, cue.start) and cue.start - before[-1].end <= 5:
        chosen = [before[-1]]
        for spot in reversed(before[:-1]):
            kind = _gap(tokens, spot.end, chosen[0].start)
            if kind == "list":
                chosen.insert(0, spot)
            elif kind == "or":
                chosen.insert(0, spot)
                hesitant = True
            else:
                break
        return _drop_negated(tokens, chosen), False, hesitant, True
    # A keyword alone in its sentence (« … ce qu'était Noé. Prompteur ! »): the names of the sentence before.
    a, b = _sentence_of(tokens, cue.start)
    if not any(a <= s.start < b for s in found) and a > 0:
        pa, _ = _sentence_of(tokens, a - 1)
        earlier = [s for s in free if pa <= s.start < a]
        if earlier:
            return _drop_negated(tokens, earlier), False, False, False
    return [], False, False, False


def _late_corrections(
    tokens: Sequence[_Token],
    all_cues: Sequence[_Cue],
    found: Sequence[Spot],
    taken: set[int],
    groups: dict[int, list[tuple[_Cue, list[Spot], bool, bool, bool]]],
    most: Mapping[int, int] | None = None,
) -> None:
    """« Je désigne Ulysse comme adulé. Non, plutôt Joëlle. »: a name after a correction word, in a
    sentence with no keyword, replaces the choice of the last keyword before it — with the names listed after
    it (« ah non, plutôt Noé et Dimitri ») for a power that takes several (``most``: by verb, how many). One
    name of such a list withdrawn (« ah non, Kévin a déjà perdu sa voix ») and another put « à la place »
    (« mets Inès à la place »): the list with that one name changed; a guess, read with doubt."""
    withdrawn: dict[int, tuple[Spot, list[Spot]]] = {}  # by verb: a name taken back, and the list it was in
    for n, spot in enumerate(found):
        if n in taken or _name_negated(tokens, spot):
            continue
        a, b = _sentence_of(tokens, spot.start)
        if any(a <= c.start < b for c in all_cues):
            continue
        before = [c for c in all_cues if c.end <= spot.start and not c.negated]
        cue = before[-1] if before else None
        entries = groups.get(cue.verb, []) if cue is not None else []
        if cue is not None and cue.verb in withdrawn and _instead(tokens, spot):
            out, full = withdrawn.pop(cue.verb)
            taken.add(n)
            entries.append((cue, [spot if s.player == out.player else s for s in full], True, False, False))
            continue
        previous = max([s.end for s in found if a <= s.end <= spot.start] or [a])
        if not any(_corrects(tokens, k) or tokens[k].fold in _SOFT_CORRECTION for k in range(previous, spot.start)):
            continue
        if cue is None:
            continue
        if not any(e[1] for e in entries):
            continue  # nothing chosen before: no correction
        taken.add(n)
        # the same names again ("Non, plutôt Joëlle. Voilà, Joëlle") are one choice
        last = entries[-1]
        if last[0] is cue and last[2] and [s.player for s in last[1]] == [spot.player]:
            continue
        limit = (most or {}).get(cue.verb, 1)
        chosen = [spot]
        for m in range(n + 1, len(found)):
            nxt = found[m]
            if (
                len(chosen) >= limit
                or nxt.start >= b
                or m in taken
                or _gap(tokens, chosen[-1].end, nxt.start) != "list"
            ):
                break
            chosen.append(nxt)
            taken.add(m)
        soft = any(tokens[k].fold in _SOFT_CORRECTION for k in range(previous, spot.start))
        if len(chosen) == 1 and limit > 1 and not soft and spot.player in [s.player for s in last[1]]:
            # « ah non, Kévin a déjà perdu sa voix »: Kévin taken back from the list; the rest stands for now
            withdrawn[cue.verb] = (spot, last[1])
            kept = [s for s in last[1] if s.player != spot.player]
            if kept:
                entries.append((cue, kept, True, False, False))
            continue
        entries.append((cue, chosen, True, False, True))


def _taken_back(tokens: Sequence[_Token], chosen: list[Spot], spot: Spot, rest: Sequence[Spot], most: int) -> bool:
    """« je prive Hugo et Kévin. Ah non, Kévin a déjà perdu sa voix »: after a correction word (not « plutôt »),
    one name of a list already chosen, with no other name listed after it, is taken back from the list."""
    if most <= 1 or len(chosen) < 2 or spot.player not in [s.player for s in chosen]:
        return False
    if rest and _gap(tokens, spot.end, rest[0].start) == "list":
        return False  # « ah non, Noé et Dimitri »: a new list
    return not any(t.fold in _SOFT_CORRECTION for t in tokens[chosen[-1].end : spot.start])


def _instead(tokens: Sequence[_Token], spot: Spot) -> bool:
    """« mets Inès à la place »: the name is followed by « à la place »."""
    after = [t.fold for t in tokens[spot.end : spot.end + 3]]
    return after in (["a", "la", "place"], ["à", "la", "place"])


_NUMBERS = {"deux": 2, "2": 2, "trois": 3, "3": 3}


def _counted(tokens: Sequence[_Token], chosen: list[Spot], verb: Verb) -> tuple[str, ...]:
    """The targets: a name once (« je protège Théo, oui Théo »), but for a power that takes three or more,
    as many times as said (« deux moutons devant chez Hélène et un devant chez moi »)."""
    if verb.max_targets <= 2:
        return tuple(dict.fromkeys(s.player for s in chosen))
    counts: list[int | None] = []
    for n, spot in enumerate(chosen):
        a = chosen[n - 1].end if n else _sentence_of(tokens, spot.start)[0]
        said = [
            _NUMBERS.get(t.fold, 1) for t in tokens[a : spot.start] if t.fold in _NUMBERS or t.fold in ("un", "une")
        ]
        counts.append(max(said) if said else None)
    if len(chosen) > 1 and all(c is None for c in counts[1:]):
        counts = [1] * len(chosen)  # « mes deux moutons devant chez Marc et chez Alice »: the number is the total
    targets: list[str] = []
    for spot, count in zip(chosen, counts, strict=True):
        targets.extend([spot.player] * (count or 1))
    return tuple(targets)


def _comma_only(tokens: Sequence[_Token], a: int, b: int) -> bool:
    return not any(t.fold in ("et", "&", "+", "/", "puis") for t in tokens[a:b])


def _crosses(tokens: Sequence[_Token], a: int, b: int) -> bool:
    return any(_is_boundary(t) for t in tokens[a:b])
