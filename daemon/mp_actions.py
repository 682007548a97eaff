"""An MP's text → the actions it asks for, names resolved as votes are: one reading for the live
daemon and for scenario replays.

:func:`read_mp` is the one entry point: every MP ends as actions understood (some read with doubt,
said so), orders to ask back (:class:`Unclear`: a name that is nobody, two choices, a missing name or
mode), "not an order" (chatter, questions, passes), or "not understood" (the MJ reads it) — never as
nothing at all. Refusals (a power the sender does not have, a rule that forbids it) are the rule set's
to give, at resolution: a power the sender lacks is read all the same, for the rule set to refuse.

Two readers work together. The phrase grammar (:func:`meneur.parsers.actions.find_actions`) reads the
vocabulary's phrasings exactly, for every power (a power the sender lacks is read too, for the rule
set to refuse). The free reader (:mod:`meneur.parsers.freeform`) reads the sender's *own* powers —
his role's, his items', the wolves' if he is one — by their keywords and the players' names found in
the text; it fills what the grammar misses (free wording, SMS spellings, "j'utilise ma cape pour voler
X"), and it has the last word on a correction ("… non, finalement plutôt Théo") and on a list the
grammar cut short ("à Joëlle et à Ulysse"). A power the rule set takes at another phase only (an adulé
after N1) is left out of the free reading. Where neither reads a keyword, a bare name is an order only
for the wolves' victim (a non-wolf, alive: « Ok pour Eve. ») or as the answer to the MJ's question
(``asked``, or a quote of it that names the power); a power used on a pronoun (« je le soigne ») takes
the last name written before it, with doubt. Two orders that take no name joined by « ou » (« SF ou GM »)
are asked back; an MP with an order asked back has its other orders read with doubt; a word of a power
inside parentheses is an aside, no order."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..engine import items
from ..engine.model import Action, GameState, PlayerState
from ..engine.modules import rules_for
from ..engine.names import Match, NameResolver, normalise_name
from ..parsers import freeform
from ..parsers.actions import _STOP, SELF, ActionMention, Verb, find_actions, uses_without_target
from ..parsers.freewords import _sentence_of
from ..parsers.frtext import WORD as _WORD
from ..vocabulary import GROUP_SLOT, fold, word_target, words_in


@dataclass(frozen=True)
class Unclear:
    """An order seen that cannot be carried out as written: the sender is asked to say it again.

    ``reason``: ``name`` (``name`` is no player, or several), ``choice`` (several names where the power takes
    fewer: « Zoé ou Dorian »), ``missing`` (fewer names than the power takes: one lover), ``mode`` (a word that
    names two of the sender's powers: « chapelet sur Bob »)."""

    power: str
    name: str
    reason: str = "name"


@dataclass(frozen=True)
class MpReading:
    """What one MP says, as meneur read it.

    ``actions``: the orders understood, in reading order (a later one for the same power replaces an
    earlier one at resolution). ``doubtful``: the indexes in ``actions`` read as a guess — the MJ is told.
    ``unclear``: orders seen that cannot be carried out as written (:class:`Unclear`).
    ``not_understood``: the MP looks like an order but nothing could be read from it.
    ``not_an_order``: chatter, a question to the MJ or a pass, shown to the MJ as such.
    Exactly one of (actions or unclear), not_understood, not_an_order describes every MP."""

    actions: tuple[Action, ...] = ()
    doubtful: frozenset[int] = field(default_factory=frozenset)
    unclear: tuple[Unclear, ...] = ()
    not_understood: bool = False
    not_an_order: bool = False


@dataclass
class _Read:
    action: Action
    sure: bool
    start: int
    end: int
    verb: Verb


def read_mp(
    text: str,
    sender: str,
    state: GameState,
    verbs: Sequence[Verb],
    resolver: NameResolver,
    source: str,
    *,
    asked: str | None = None,
) -> MpReading:
    """Read one MP from ``sender``: see :class:`MpReading`.

    ``asked``: the power the MJ asked this player to use (a hunter's shot…): a bare name answers it. Without
    it, a quote of the MJ's question that names one of the sender's powers says which."""
    player = state.player(sender)
    by_power = {v.power: v for v in verbs}
    own = [v for v in verbs if _owns(state, player, v)]
    text = _second_ballot(_list_on_lines(_NUMBERED.sub(r"\1. ", text)))
    w = freeform.words(text)
    if asked is None:
        asked = _asked_in_quote(text, w, own)
    if asked is not None and asked in by_power and by_power[asked] not in own:
        own.append(by_power[asked])
    in_season = [v for v in own if not _out_of_season(state, player, v)]
    spots = freeform.spots(w, _lookup(resolver, verbs))
    spots = sorted([*spots, *freeform.self_spots(w, sender)], key=lambda s: s.start)

    # 1. The orders: the grammar's, the free reader's over them, another role's or an out-of-season power's.
    reads, unclear = _grammar(text, sender, state, verbs, resolver, source, own)
    pack = frozenset(p.name for p in state.players if p.camp == "loups" and p.name != sender)
    never = {v.power: pack for v in in_season if v.bare}
    free = [_not_the_pack(state, f, by_power[f.power]) for f in freeform.read_free(w, in_season, spots, never)]
    reads, unclear = _merge(text, reads, unclear, free, sender, source, by_power)
    reads, unclear = _alternatives(text, reads, unclear)
    if not reads and not unclear:
        reads = _foreign(w, spots, verbs, own, in_season, sender, source)
    reads = _complete_words(_groups_named_by_members(reads, state), text)
    count = len(reads)
    reads = _passes(_not_at_own_death(text, reads, {v.power for v in own}))
    passed = len(reads) < count

    # 2. What is a guess, and what is advice asked rather than an order.
    hedged = freeform.hedged_sentences(w)
    if hedged and freeform.is_question(w) and freeform.asks_advice(w):
        # « J'hésite : potion de mort sur Hugo, ou échange ? Je te redis demain » — no order yet.
        reads = [r for r in reads if not any(a <= r.start < b for a, b in hedged)]
        unclear = []
    _mark_guesses(w, reads, spots, [*hedged, *freeform.past_sentences(w)])
    reads, unclear = _too_few(reads, unclear)

    # 3. Names with no keyword: an answer to the MJ, the pack's victim; a power used on a pronoun.
    if not reads and not unclear:
        # « Je crois que Gaston est détective » names what Gaston is: his name is no wolf's victim
        talk = any(
            freeform.names_a_role(w, c.start) and not _aside(w.text, w.tokens[c.start].start)
            for c in freeform.cues(w, verbs)
        )  # « (le planqué est chez lui) »: an aside about a role is no talk about the name
        bare_own = [v for v in own if not (talk and v.bare)]
        reads, unclear = _bare(w, spots, state, player, bare_own, by_power.get(asked or ""), source)
    elif not unclear:
        reads = reads + _pack_agreement(w, spots, reads, state, player, in_season, source)
    reads, unclear = _pronouns(text, w, reads, unclear, in_season, resolver, verbs, sender, source)
    reads = _fallback_names(text, w, _one_ballot(_last_per_power(reads), state.phase), spots)
    if reads or unclear:
        return MpReading(
            actions=tuple(r.action for r in reads),
            # an order asked back leaves the MP's other orders open too (the answer may change them)
            doubtful=frozenset(i for i, r in enumerate(reads) if not r.sure or unclear),
            unclear=tuple(unclear),
        )

    # 4. Nothing to carry out: a pass or chatter, or — the MJ reads it — an order not understood.
    own_cues = freeform.cues(w, own)
    if freeform.is_pass(w) or (own_cues and all(c.negated for c in own_cues)) or passed:
        return MpReading(not_an_order=True)  # « je ne fais rien », « je tire pas », « pas de charme »
    if not freeform.cues(w, verbs) or freeform.is_question(w) or hedged or freeform.is_day_vote(w):
        return MpReading(not_an_order=True)  # no power named, a question, a pyre vote: chatter
    if all(c.negated or freeform.doubtful_at(w, c.start) for c in freeform.cues(w, verbs)):
        # « Si les loups m'attaquent, je veux devenir loup »: a hypothesis; « qui est le loup solitaire »: a role
        return MpReading(not_an_order=True)
    return MpReading(not_understood=True)


def _foreign(
    w: freeform.Words,
    spots: Sequence[freeform.Spot],
    verbs: Sequence[Verb],
    own: Sequence[Verb],
    in_season: Sequence[Verb],
    sender: str,
    source: str,
) -> list[_Read]:
    """A power out of season, or another role's, in free wording (« Mon adulée c'est Joëlle » from the
    Traqueur, « je prends la potion de télépathie ce soir » by night): read with doubt, for the rule set
    to refuse."""
    if freeform.is_day_vote(w) or freeform.is_pass(w):
        return []  # a day vote; « Je fais rien cette nuit, je suis GM »: a pass
    by_power = {v.power: v for v in verbs}
    return [
        _Read(Action(sender, f.power, f.targets, source), False, f.start, f.end, by_power[f.power])
        for f in freeform.read_free(w, [v for v in verbs if v not in in_season], spots)
        if not f.hesitant
        and (f.targets or by_power[f.power] in own or f.sure)
        # « Gaston (le planqué est chez lui) »: a name outside, the word of a power inside an aside — no order
        and _aside(w.text, f.start) == _aside(w.text, f.end - 1)
    ]


def _groups_named_by_members(reads: list[_Read], state: GameState) -> list[_Read]:
    """A power that takes a group, given a player (« Instinct sur le groupe d'Hélène »): that player's group,
    as the rule set's ``groups`` numbers them ("Groupe 3" → ``"3"``), read with doubt."""
    try:
        hook = rules_for(state).groups
    except KeyError:
        return reads
    if hook is None or not any(GROUP_SLOT in r.verb.slots for r in reads):
        return reads
    number = {
        member: "".join(c for c in label if c.isdigit()) for label, members in hook(state).items() for member in members
    }
    for read in reads:
        targets = list(read.action.targets)
        for k, slot in enumerate(read.verb.slots[: len(targets)]):
            if slot == GROUP_SLOT and number.get(targets[k]):
                targets[k] = number[targets[k]]
                read.sure = False
        read.action = replace(read.action, targets=tuple(targets))
    return reads


def _complete_words(reads: list[_Read], text: str) -> list[_Read]:
    """A power that takes words (a style, a group's number) read with fewer targets than it needs, where the MP
    writes such a word elsewhere (« Est-ce que Jean-Pierre est offensif ? (élémentariste) »): the words complete
    it, read with doubt."""
    for read in reads:
        verb, targets = read.verb, read.action.targets
        if not verb.words or len(targets) >= verb.min_targets:
            continue
        more = [w for w in words_in(verb, text) if w not in targets][: verb.min_targets - len(targets)]
        if more:
            read.action = replace(read.action, targets=(*targets, *more))
            read.sure = False
    return reads


def _mark_guesses(
    w: freeform.Words, reads: Sequence[_Read], spots: Sequence[freeform.Spot], doubtful: Sequence[tuple[int, int]]
) -> None:
    """Readings that are guesses: an order in a sentence that hesitates or tells of the past; a power used
    with no name while a name stands before it (« La victime c'est Rémi ? ok je le soigne »)."""
    loose = _loose(spots, reads, w)
    for read in reads:
        if any(a <= read.start < b for a, b in doubtful):
            read.sure = False
        if not read.action.targets and read.verb.max_targets > 0 and any(s.start < read.start for s in loose):
            read.sure = False


def _owns(state: GameState, player: PlayerState, verb: Verb) -> bool:
    """The sender may order this power: his role's, the wolves' if he is one, or an item he holds."""
    owner = verb.power.split(".")[0]
    if owner == player.role:
        return True
    if owner == "baguette":  # a module's powers: every player votes by MP; the Magicien's are his to ask for
        return True
    if owner == "loups":
        return player.camp == "loups" and player.role != "traitre"
    return any(item.kind == owner for item in items.held(state, player.name))


def _loose(spots: Sequence[freeform.Spot], reads: Sequence[_Read], w: freeform.Words) -> list[freeform.Spot]:
    """The names no order read took (as character positions: each spot's start in the text)."""
    loose = []
    for spot in spots:
        at = w.tokens[spot.start].start
        if not any(r.start <= at < r.end for r in reads):
            loose.append(replace(spot, start=at))
    return loose


def _not_the_pack(state: GameState, reading: freeform.FreeReading, verb: Verb) -> freeform.FreeReading:
    """The wolves' victim among names that include a fellow wolf (« d'accord avec Hugo : Noé »): the wolf
    is the one who agrees, not the victim."""
    if not verb.bare or len(reading.targets) <= verb.max_targets:
        return reading
    prey = tuple(t for t in reading.targets if state.player(t).camp != "loups")
    if verb.min_targets <= len(prey) <= verb.max_targets:
        return replace(reading, targets=prey, hesitant=False)
    return reading


# « Si je meurs, je bute Hugo »: what a player will do at his own death is asked then (RULINGS M3: the
# Chasseur's shot, the Vengeur's targets), not an order now — unless it is a power of his that is ordered ahead
# (the baguette's testament: « Si je meurs, je lègue la baguette à Dimitri »).
_OWN_DEATH = re.compile(
    r"\b(?:si|quand|le jour ou) (?:je meurs|je creve|je mourrai|je dois (?:mourir|crever|cramer|bruler|y passer)"
    r"|je me fais (?:tuer|buter|bouffer|manger|cramer)|je suis (?:tue|tuee|mort|morte))\b"
)


def _not_at_own_death(text: str, reads: list[_Read], owned: set[str]) -> list[_Read]:
    folded = fold(text)
    kept = []
    for read in reads:
        if read.action.power in owned:
            kept.append(read)
            continue
        start = max(folded.rfind(stop, 0, read.start) for stop in (".", "!", "?", "\n"))
        if _OWN_DEATH.search(folded[start + 1 : read.start]) is None:
            kept.append(read)
    return kept


def _passes(reads: list[_Read]) -> list[_Read]:
    """« Pas de charme cette nuit », « je garde mes moutons »: a power refused with no name is a pass, no
    order (nothing to carry out); a power used without a name (« potion de guérison ») stays."""
    return [r for r in reads if r.action.targets or uses_without_target(r.verb)]


def _asked_in_quote(text: str, w: freeform.Words, own: Sequence[Verb]) -> str | None:
    """A quote of the MJ's question that names one of the sender's powers (« Quel mort veux-tu cibler
    avec ton sceptre ? ») makes a bare name its answer."""
    quoted = freeform.quoted_cues(text, w, own)
    powers = {own[c.verb].power for c in quoted}
    return next(iter(powers)) if len(powers) == 1 else None


def _out_of_season(state: GameState, player: PlayerState, verb: Verb) -> bool:
    """The rule set refuses this power from the sender now but takes it at another phase (an Amoureux's
    adulé after N1, a coupon after N1): the free reader then ignores its keywords. A refusal the phase
    does not lift (memory the state lacks) keeps the power."""
    try:
        validate = rules_for(state).validate
    except KeyError:
        return False
    others = [p.name for p in state.players if p.name != player.name]
    alive = [n for n in others if state.player(n).alive]
    dead = [n for n in others if not state.player(n).alive]
    count = max(verb.min_targets, 1) if verb.max_targets > 0 else 0
    trials = [tuple(alive[:count]), tuple(dead[:count]), (player.name,) * count]
    trials = [t for t in trials if len(t) == count]

    def takes(phase: str) -> bool:
        probe = state if phase == state.phase else replace(state, phase=phase)
        return any(validate(probe, Action(player.name, verb.power, t)) is None for t in trials)

    if takes(state.phase):
        return False
    return any(takes(phase) for phase in ("N1", "J1", "N2", "J2", "N3", "J3", "N4") if phase != state.phase)


def _too_few(reads: list[_Read], unclear: list[Unclear]) -> tuple[list[_Read], list[Unclear]]:
    """Fewer names than the power takes ("Je rends Rémi amoureux !"): the MJ asks for the rest."""
    kept = []
    for read in reads:
        targets = read.action.targets
        if targets and len(targets) < read.verb.min_targets:
            unclear.append(Unclear(read.action.power, " et ".join(targets), "missing"))
        else:
            kept.append(read)
    return kept, unclear


def _grammar(
    text: str,
    sender: str,
    state: GameState,
    verbs: Sequence[Verb],
    resolver: NameResolver,
    source: str,
    own: Sequence[Verb],
) -> tuple[list[_Read], list[Unclear]]:
    owned = {v.power for v in own}
    by_power = {v.power: v for v in verbs}
    mentions = find_actions(text, verbs)
    reads: list[_Read] = []
    unclear: list[Unclear] = []
    for mention in mentions:
        # The same words may name several roles' powers ("je mords X"): keep the sender's own — of two of his
        # own, the one the rules take (« je prends le pouvoir MITHRIL »: the cape's IMITATION, not its COPIE).
        rivals = [m for m in mentions if m.start == mention.start]
        mine = [m for m in rivals if m.power in owned]
        chosen = next((m for m in mine if _fits(m, sender, state, resolver, by_power)), (mine or rivals)[0])
        if mention is not chosen and not _together(chosen, mention, by_power):
            continue
        verb = by_power[mention.power]
        resolved = _resolve(mention, sender, resolver, verb)
        if resolved is None:
            unclear.append(
                Unclear(
                    mention.power,
                    next(n for n in mention.targets if word_target(verb, n) is None and _unresolved(n, resolver)),
                )
            )
            continue
        targets, sure = resolved
        end = mention.end if mention.end >= 0 else mention.start + len(mention.text)
        action = Action(sender, mention.power, targets, source)
        reads.append(_Read(action, sure, mention.start, end, by_power[mention.power]))
    return reads, unclear


def _alternatives(text: str, reads: list[_Read], unclear: list[Unclear]) -> tuple[list[_Read], list[Unclear]]:
    """Two orders that take no name, joined by « ou » (« SF ou GM, je m'en fiche »): no choice made, the MJ asks."""
    kept: list[_Read] = []
    for read in sorted(reads, key=lambda r: r.start):
        last = kept[-1] if kept else None
        if (
            last is not None
            and last.verb.max_targets == 0 == read.verb.max_targets
            and last.action.power != read.action.power
            and fold(text[last.end : read.start]).strip(" ,") == "ou"
        ):
            kept.pop()
            written = f"{text[last.start : last.end]} ou {text[read.start : read.end]}"
            unclear = [*unclear, Unclear(last.action.power, written, "choice")]
            continue
        kept.append(read)
    return kept, unclear


def _together(chosen: ActionMention, other: ActionMention, by_power: dict[str, Verb]) -> bool:
    """Two powers one phrase orders at once (:attr:`Verb.together`), read from the same words."""
    return other.power in by_power[chosen.power].together or chosen.power in by_power[other.power].together


def _fits(
    mention: ActionMention, sender: str, state: GameState, resolver: NameResolver, by_power: dict[str, Verb]
) -> bool:
    """The mention's targets resolve and the rule set takes the order as it stands."""
    resolved = _resolve(mention, sender, resolver, by_power[mention.power])
    if resolved is None:
        return False
    try:
        validate = rules_for(state).validate
    except KeyError:
        return True
    return validate(state, Action(sender, mention.power, resolved[0])) is None


def _prefix_of_several(written: str, resolver: NameResolver) -> bool:
    """« Mathi » for Mathis and Mathilde, « maë » for Maël and Maëlle: the MJ asks which."""
    form = normalise_name(written)
    if len(form) < 2 or any(normalise_name(p.name) == form for p in resolver.players):
        return False
    return sum(normalise_name(p.name).startswith(form) for p in resolver.players) > 1


# Short words that are no one's initials (« ma potion » is not Marc-Antoine's): only a name of several parts
# is read from its initials (« jp »), and never from one of these.
_SHORT_WORDS = frozenset(
    "ma ta sa la le les de du des un une en et il je tu on me te se ne ni si au ce ca mj mp lg pv ps rp gm sf "
    "mes tes ses nos vos mon ton son lui oui non pas qui que moi toi est les aux une ont".split()
)


def _shortened(written: str, resolver: NameResolver) -> str | None:
    """« caro » for Carole, « dimi » for Dimitri, « jp » for Jean-Pierre: the one player whose name begins with
    these four letters or more, or whose name of several parts has these initials; no common word."""
    form = normalise_name(written)
    if not form or " " in form or form in _COMMON or (len(form) < 4 and form in _SHORT_WORDS):
        return None
    hits: set[str] = set()
    for p in resolver.players:
        for name in (p.name, *p.aliases):
            full = normalise_name(name)
            parts = full.split(" ")
            if (len(form) >= 4 and full.startswith(form)) or (len(parts) > 1 and "".join(w[0] for w in parts) == form):
                hits.add(p.name)
    return next(iter(hits)) if len(hits) == 1 else None


def _unresolved(written: str, resolver: NameResolver) -> bool:
    if written == SELF:
        return False
    found = resolver.resolve(written)
    if found.player is None and found.match is not Match.AMBIGUOUS and _shortened(written, resolver) is not None:
        return False
    return found.player is None or found.match is Match.AMBIGUOUS or _prefix_of_several(written, resolver)


def _resolve(
    mention: ActionMention, sender: str, resolver: NameResolver, verb: Verb | None = None
) -> tuple[tuple[str, ...], bool] | None:
    """The players a mention names, and whether every name was read exactly (not by a near spelling). A word
    the power takes as a target (:attr:`Verb.words`: « groupe 2 », « offensif ») is its value, after the players."""
    targets = []
    words = []
    sure = True
    for written in mention.targets:
        if written == SELF:
            targets.append(sender)
            continue
        word = word_target(verb, written) if verb is not None else None
        if word is not None:
            words.append(word)
            continue
        if _unresolved(written, resolver):
            return None
        found = resolver.resolve(written)
        player = found.player or _shortened(written, resolver)
        assert player is not None
        sure = sure and found.match in (Match.EXACT, Match.ALIAS)
        targets.append(player)
    return (*targets, *words), sure


def _merge(
    text: str,
    reads: list[_Read],
    unclear: list[Unclear],
    free: Sequence[freeform.FreeReading],
    sender: str,
    source: str,
    by_power: dict[str, Verb],
) -> tuple[list[_Read], list[Unclear]]:
    """The free reading of the sender's own powers, laid over the grammar's."""
    for reading in free:
        verb = by_power[reading.power]
        mine = [r for r in reads if r.action.power == reading.power]
        inside_other = any(
            r.action.power != reading.power and r.start <= reading.start and reading.end <= r.end for r in reads
        )
        others = {t for r in reads if r.action.power != reading.power for t in r.action.targets}
        rest = tuple(t for t in reading.targets if t not in others)
        if reading.hesitant and not reading.mode_missing and len(rest) == 1 < len(reading.targets):
            # « Céline pour la meute. Et en solo j'attaque Bruno »: Bruno is the lone wolf's, read as such by
            # the grammar; the pack's house is the other name (a guess: read with doubt)
            reading = replace(reading, targets=rest, hesitant=False, sure=False)
        if reading.hesitant:
            if not mine:
                reads = [r for r in reads if not (r.start <= reading.start < r.end)]
                unclear = [u for u in unclear if u.power != reading.power]
                why = "mode" if reading.mode_missing else "choice"
                unclear.append(Unclear(reading.power, (" et " if why == "mode" else " ou ").join(reading.targets), why))
            continue
        if verb.max_targets == 0 and _aside(text, reading.start):
            continue  # « je détruis le projet en cours (connaissance) »: a word that names, in an aside
        action = Action(sender, reading.power, reading.targets, source)
        new = _Read(action, reading.sure, reading.start, reading.end, verb)
        if mine:
            last = mine[-1]
            got = last.action.targets
            more = list(reading.targets)
            for name in got:
                if name in more:
                    more.remove(name)
            better = (
                reading.corrected
                or (len(got) < verb.min_targets <= len(reading.targets))
                or (bool(more) and len(got) + len(more) == len(reading.targets) <= verb.max_targets)
                or (not got and bool(reading.targets) and verb.min_targets == 0)
            )
            if better and got != reading.targets:
                reads = [r for r in reads if r.action.power != reading.power]
                reads.append(new)
            continue
        if inside_other:
            continue  # the grammar read these words as another power (its longer phrase): keep its reading
        if any(u.power == reading.power for u in unclear):
            unclear = [u for u in unclear if u.power != reading.power]
        reads.append(new)
    reads.sort(key=lambda r: r.start)
    return reads, unclear


def _aside(text: str, at: int) -> bool:
    """Position ``at`` is inside parentheses on its line."""
    line = text[text.rfind("\n", 0, at) + 1 : at]
    return line.count("(") > line.count(")")


def _bare(
    w: freeform.Words,
    spots: Sequence[freeform.Spot],
    state: GameState,
    player: PlayerState,
    own: Sequence[Verb],
    asked: Verb | None,
    source: str,
) -> tuple[list[_Read], list[Unclear]]:
    """Names with no keyword: the answer to the MJ's question, or a wolf's choice of victim."""
    named, agreement, doubtful = freeform.bare(w, spots)
    start, end = (w.tokens[named[0].start].start, w.tokens[named[-1].end - 1].end) if named else (0, len(w.text))
    if asked is not None:
        excepted = freeform.everyone_but(w, spots)
        if excepted is not None and asked.max_targets > 2:
            everyone = [p for p in state.living() if p != player.name and p not in excepted]
            action = Action(player.name, asked.power, tuple(everyone), source)
            return [_Read(action, not doubtful, start, end, asked)], []
    if not named:
        return [], []
    if not state.phase.startswith("N") and asked is None:
        # the wolves choose at night; a name by day is chatter about the vote — or, votes being MPs, the ballot
        return _ballot_by_name(w, named, doubtful, state, player, own, source, (start, end))
    players = list(dict.fromkeys(s.player for s in named))
    if asked is not None:
        if len(players) > max(asked.max_targets, 1):
            return [], [Unclear(asked.power, " ou ".join(players), "choice")]
        sure = not doubtful and all(s.sure for s in named) and len(players) >= asked.min_targets
        return [_Read(Action(player.name, asked.power, tuple(players), source), sure, start, end, asked)], []
    pack = [v for v in own if v.bare]
    if not pack:
        return [], []
    said = [s for s in named if _said(w, s)]
    if said:  # « moi je dis Inès, Anaïs est trop évidente »: the name he says is his choice, the other his reason
        players, agreement = list(dict.fromkeys(s.player for s in said)), True
    if not agreement and sum(t.kind == 0 and not _aside(w.text, t.start) for t in w.tokens) > 6:
        return [], []  # « Zoé nous soupçonne, faut faire gaffe demain »: chatter, not a bare name
    victims = [p for p in players if p != player.name and state.player(p).alive and state.player(p).camp != "loups"]
    if len(victims) != 1:
        return ([], [Unclear(pack[0].power, " ou ".join(victims), "choice")]) if len(victims) > 1 else ([], [])
    sure = agreement and not doubtful and all(s.sure for s in named if s.player == victims[0])
    return [_Read(Action(player.name, pack[0].power, (victims[0],), source), sure, start, end, pack[0])], []


def _said(w: freeform.Words, spot: freeform.Spot) -> bool:
    """The name comes right after « je dis », « je propose », « je vote » or « on prend » (a wolf's choice in
    his words)."""
    before = [t.fold for t in w.tokens[max(0, spot.start - 2) : spot.start]]
    return len(before) == 2 and (
        (before[0] in ("je", "j") and before[1] in ("dis", "propose", "vote")) or before == ["on", "prend"]
    )


# Votes by MP (the `baguette` module): an MP by day that is only one player's name (« gaspard », « Axel !! »)
# is the day's ballot — J0's election, another day's pyre vote —, read with doubt (the MJ is told).
_BALLOT_BY_NAME = {"J0": "baguette.election"}


def _ballot_by_name(
    w: freeform.Words,
    named: Sequence[freeform.Spot],
    doubtful: bool,
    state: GameState,
    player: PlayerState,
    own: Sequence[Verb],
    source: str,
    span: tuple[int, int],
) -> tuple[list[_Read], list[Unclear]]:
    power = _BALLOT_BY_NAME.get(state.phase, "baguette.vote")
    verb = next((v for v in own if v.power == power), None)
    players = list(dict.fromkeys(s.player for s in named))
    if verb is None or doubtful or len(players) != 1 or sum(t.kind == 0 for t in w.tokens) > 3:
        return [], []
    return [_Read(Action(player.name, power, (players[0],), source), False, span[0], span[1], verb)], []


def _pack_agreement(
    w: freeform.Words,
    spots: Sequence[freeform.Spot],
    reads: Sequence[_Read],
    state: GameState,
    player: PlayerState,
    own: Sequence[Verb],
    source: str,
) -> list[_Read]:
    """A wolf's own order and, beside it, the pack's agreed victim with no keyword (« on s'est mis d'accord
    dans le MP des loups : c'est Jean-Pierre ce soir. Moi j'assomme Théo »): only with a word of agreement."""
    pack = [v for v in own if v.bare and all(r.action.power != v.power for r in reads)]
    if not pack or not state.phase.startswith("N"):
        return []
    loose = [s for s in _loose(spots, reads, w) if s.player != player.name]
    victims = list(dict.fromkeys(s.player for s in loose if state.player(s.player).camp != "loups"))
    _, _, doubtful = freeform.bare(w, [])
    if len(victims) != 1 or not (freeform.agreed(w) or _tonight(w, spots, victims[0])):
        return []
    at = next(s.start for s in loose if s.player == victims[0])
    action = Action(player.name, pack[0].power, (victims[0],), source)
    return [_Read(action, not doubtful, at, at + 1, pack[0])]


# « Grrr, Kévin ce soir. »: a sentence that is a name for tonight, and nothing else, is the pack's victim.
_TONIGHT = frozenset({"soir", "nuit"})
_TONIGHT_FILLERS = frozenset(
    {"ce", "cette", "pour", "alors", "donc", "bon", "hop", "miam", "grr", "grrr", "grrrr", "moi", "sera", "c'", "est"}
)  # « pour moi ce sera Carole ce soir »


def _tonight(w: freeform.Words, spots: Sequence[freeform.Spot], victim: str) -> bool:
    for spot in spots:
        if spot.player != victim:
            continue
        a, b = _sentence_of(w.tokens, spot.start)
        folds = [t.fold for k, t in enumerate(w.tokens[a:b], a) if t.kind == _WORD and not spot.start <= k < spot.end]
        if _TONIGHT & set(folds) and set(folds) <= _TONIGHT | _TONIGHT_FILLERS:
            return True
    return False


def _pronouns(
    text: str,
    w: freeform.Words,
    reads: list[_Read],
    unclear: list[Unclear],
    own: Sequence[Verb],
    resolver: NameResolver,
    verbs: Sequence[Verb],
    sender: str,
    source: str,
) -> tuple[list[_Read], list[Unclear]]:
    """« La victime c'est Rémi ? ok je le soigne », « > … Quentin … Veux-tu le griffer ? — Oui !! griffe-le »:
    a power used on a pronoun takes the last player named before it (the MJ's quoted question included),
    read with doubt."""
    by_power = {v.power: v for v in own}
    whole = freeform.words(text)
    raw = freeform.raw_words(text)
    named = [s for s in freeform.spots(raw, _lookup(resolver, verbs)) if s.player != sender]
    for power, at in freeform.pronoun_cues(whole, own):
        verb = by_power[power]
        if verb.max_targets < 1 or any(u.power == power for u in unclear):
            continue
        mine = [r for r in reads if r.action.power == power]
        if mine and mine[-1].action.targets:
            continue
        before = [s for s in named if raw.tokens[s.start].start < at]
        if not before:
            continue
        action = Action(sender, power, (before[-1].player,), source)
        reads = [r for r in reads if r.action.power != power]
        reads.append(_Read(action, False, at, at + 1, verb))
    reads.sort(key=lambda r: r.start)
    return reads, unclear


def _last_per_power(reads: list[_Read]) -> list[_Read]:
    """A later order for the same power replaces an earlier one (the MP's own correction); a mention
    without names does not undo one with names (« je me sauve avec ma potion de guérison »)."""
    kept: list[_Read] = []
    for read in reads:
        named = [k for k in kept if k.action.power == read.action.power and k.action.targets]
        if named and not read.action.targets:
            continue
        kept = [k for k in kept if k.action.power != read.action.power]
        kept.append(read)
    return kept


# « je vote contre Gaspard et Axel pour magicien »: the election's ballot after the pyre's, joined by « et »
# (J1's second round « en parallèle du bûcher »), is a sentence of its own — not a second name for the pyre.
_SECOND_BALLOT = re.compile(
    r"\s+et\s+(?:pour\s+)?(?=[^\s,.;!?]+(?:[ -][^\s,.;!?]+)?\s+(?:comme|pour)\s+(?:(?:le|la)\s+)?"
    r"(?:magicien|magicienne|baguette)\b)",
    re.IGNORECASE,
)


# « successeurs : 1) Noé 2) Dimitri »: a number and a closing parenthesis numbers a list as « 1. » does.
_NUMBERED = re.compile(r"(?<![\w(])(\d{1,2})\)(?=\s)")


def _second_ballot(text: str) -> str:
    return _SECOND_BALLOT.sub(". ", text) if " et " in text else text


_ITEM = re.compile(r"^\s*(?:\d{1,2}\s*[.)/-]?|[-*•·>])?\s*([^\s:.,;!?]+(?:[ -][^\s:.,;!?]+){0,2})\s*[.,;]?\s*$")


def _list_on_lines(text: str) -> str:
    """A label and its names one a line (« Successeurs :\n1. Élodie\n2. Dimitri »), numbered, bulleted or
    bare, read as one line (« Successeurs : Élodie, Dimitri »): the grammar's names stop at a line's end."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        items = []
        j = i + 1
        if line.rstrip().endswith(":"):
            while j < len(lines) and (found := _ITEM.match(lines[j])) is not None:
                items.append(found.group(1))
                j += 1
        if len(items) >= 2:
            out.append(f"{line.rstrip()} {', '.join(items)}")
            i = j
        else:
            out.append(line)
            i += 1
    return "\n".join(out)


# Names by preference (the baguette Magicien's successors, his testament): « Noémie. Si ça ne marche pas :
# Noé puis Anaïs » — names after a fallback cue that no order took go on the list, up to its length.
_BY_PREFERENCE = frozenset({"baguette.successeur", "baguette.testament"})
_FALLBACK = re.compile(
    r"\b(?:sinon|si (?:ca|elle|il) (?:ne )?(?:marche|passe|fonctionne) pas|a defaut|au pire|en (?:2e|deuxieme|second)"
    r" choix|ensuite|apres)\b"
)


def _fallback_names(text: str, w: freeform.Words, reads: list[_Read], spots: Sequence[freeform.Spot]) -> list[_Read]:
    out = []
    for read in reads:
        room = read.verb.max_targets - len(read.action.targets)
        if read.action.power not in _BY_PREFERENCE or room <= 0:
            out.append(read)
            continue
        later = sorted((s for s in _loose(spots, reads, w) if s.start >= read.end), key=lambda s: s.start)
        if not later or not _FALLBACK.search(fold(text[read.end : later[0].start])):
            out.append(read)
            continue
        names = list(read.action.targets)
        for spot in later:
            if len(names) < read.verb.max_targets and spot.player not in names:
                names.append(spot.player)
        out.append(replace(read, action=replace(read.action, targets=tuple(names))))
    return out


# Votes by MP (the `baguette` module): a vote against a player and a blank vote are one ballot; on J0, the
# day of the Magicien's election, a vote is the election's (SPEC.md: both count as election votes).
_BALLOT = frozenset({"baguette.vote", "baguette.blanc"})
_ELECTION = "baguette.election"


def _one_ballot(reads: list[_Read], phase: str) -> list[_Read]:
    """One vote per MP: of a vote and a blank vote in the same MP the later stands (« je retire mon vote
    contre Boris : je vote blanc »); on J0, a vote read beside an election vote is that election vote."""
    ballots = [r for r in reads if r.action.power in _BALLOT]
    if len(ballots) > 1:
        last = max(ballots, key=lambda r: r.start)
        reads = [r for r in reads if r.action.power not in _BALLOT or r is last]
    if phase == "J0" and any(r.action.power == _ELECTION for r in reads):
        reads = [r for r in reads if r.action.power not in _BALLOT]
    return reads


_COMMON = frozenset(_STOP) | frozenset(
    "loup loups garou garous mort morte morts nuit jour vote votes mj potion potions village villageois "
    "victime cible role roles bucher maire joueur joueuse joueurs camp pouvoir merci bonne bien tres "
    "stp svp oui non ok".split()
)


def _lookup(resolver: NameResolver, verbs: Sequence[Verb]) -> freeform.Lookup:
    """A player named by a few words: exactly (accents, case and hyphens aside) or, for one capitalised
    word that is no common word, by a near spelling (then not sure)."""
    forms: dict[str, set[str]] = {}
    for p in resolver.players:
        for form in (p.name, *p.aliases):
            forms.setdefault(normalise_name(form), set()).add(p.name)
    keywords = {k for v in verbs for k in v.keywords}

    def lookup(written: str, capitalised: bool) -> tuple[str, bool] | None:
        form = normalise_name(written)
        if not form:
            return None
        hits = forms.get(form)
        if hits:
            if len(hits) > 1 or (not capitalised and (form in _COMMON or form in keywords)):
                return None
            return next(iter(hits)), True
        if " " in form or form in _COMMON or any(form.startswith(k) for k in keywords):
            return None
        short = _shortened(written, resolver)
        if len(form) < 3 or _prefix_of_several(written, resolver):
            return (short, False) if short is not None else None  # « jp »: Jean-Pierre's initials
        found = resolver.resolve(written)
        if short is not None and found.player in (None, short):
            return short, False  # « dimi », « caro »: only Dimitri's, Carole's name begins so — read with doubt
        if found.player is None or found.match not in (Match.NEAR, Match.FUZZY):
            return None
        if not capitalised and (found.match is not Match.NEAR or len(form) < 4):
            return None
        return found.player, False  # a near spelling: read with doubt

    return lookup


def actions_in_mp(
    text: str, sender: str, state: GameState, verbs: Sequence[Verb], resolver: NameResolver, source: str
) -> tuple[list[Action], list[Unclear]]:
    """The actions an MP gives (those read with doubt included) and the names not understood: the
    shape the engine driver and replays take. See :func:`read_mp`."""
    reading = read_mp(text, sender, state, verbs, resolver, source)
    return list(reading.actions), list(reading.unclear)
