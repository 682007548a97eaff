"""The words of an MP for the free reader (:mod:`meneur.parsers.freeform`): its tokens, the players'
names found in it, the powers' keywords, the sentences they sit in, and the MP-wide cues for the caller
(passes, advice asked, day votes, hedged or past sentences, bare names, keywords on a pronoun). Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import Verb
from .frtext import NEWLINE as _NEWLINE
from .frtext import PUNCT as _PUNCT
from .frtext import WORD as _WORD
from .frtext import Token as _Token
from .frtext import strip_markup as _strip_markup
from .frtext import tokenise as _tokenise

Lookup = Callable[[str, bool], "tuple[str, bool] | None"]
"""``lookup(written, capitalised)`` → (the player's exact name, sure) or None when no player is named."""

MAX_NAME_TOKENS = 3
MAX_REACH = 9  # words between a keyword and the first name it governs

_LIST_WORDS = frozenset(
    ", et & + / a au pour sur puis ainsi que avec de chez ma mon mes les le la l' : - aussi egalement ensuite "
    "un une 1 autre l'autre dernier derniere devant vers dans cette nuit soir ce stp svp demain contre ceux "
    "celles".split()
)
_CORRECTION = frozenset(
    "non finalement fait change changement oublie oubliez annule annuler attends attend pardon erreur "
    "trompe trompee corrige correction remplace rectifie rectification deuxieme second reflexion".split()
)
_SOFT_CORRECTION = frozenset({"plutot", "prefere"})
_NEGATIONS = frozenset({"ne", "n'", "pas", "jamais", "sauf", "excepte", "hormis", "nul"})
# "je garde ma potion", "sans sonder", "plus de potion": the power is not used.
_KEEP = frozenset("sans aucun aucune plus garde garder gardes conserve conserver reserve reserver".split())
_PAST = frozenset({"ai", "avais", "avait", "as", "aurais", "a", "avons", "avez", "ont", "ete", "etait", "etais"})
# Someone else's doing (« il allait me tuer », « tu protèges qui ? »): no order of the sender's.
_OTHER_SUBJECTS = frozenset({"il", "elle", "ils", "elles", "tu", "vous"})
# A sentence that tells of the past (« ma vision sur Boris était claire », « hier »): read, if at all, with doubt.
_PAST_WORDS = frozenset({"hier", "etait", "etaient", "avait", "avaient", "derniere", "precedente"})
_HEDGES = frozenset({"si", "peut", "hesite", "sais", "hesitation", "ptet", "pe", "doute", "idee", "conseil"})
_AGREEMENT = frozenset(
    "ok okay oki d'accord accord daccord dac oui ouais yes go valide valider partant partante vote votons "
    "suis aussi pareil idem banco top parfait va".split()
)
_PASS = (
    ("je", "ne", "fais", "rien"),
    ("je", "fais", "rien"),
    ("je", "passe"),
    ("je", "passe", "mon", "tour"),
    ("rien", "cette", "nuit"),
    ("rien", "ce", "soir"),
    ("pas", "d'action"),
    ("aucune", "action"),
    ("je", "n'", "utilise", "rien"),
    ("je", "garde"),
    ("je", "ne", "joue", "pas"),
    ("rien", "a", "faire"),  # « je suis GM donc rien à faire »
)


@dataclass(frozen=True, slots=True)
class Spot:
    """A player named in the text: tokens [start, end)."""

    player: str
    start: int
    end: int
    sure: bool  # found exactly (not by a near spelling)


@dataclass(frozen=True, slots=True)
class FreeReading:
    """One order read in free wording."""

    power: str
    targets: tuple[str, ...]
    start: int  # character span of the keyword and names read
    end: int
    sure: bool
    corrected: bool  # an earlier choice was withdrawn in the MP
    hesitant: bool  # "X ou Y": the MJ asks back
    mode_missing: bool = False  # a word naming two of the sender's powers, and nothing to choose (« chapelet »)


@dataclass(frozen=True, slots=True)
class Words:
    """An MP's text, cleaned (quotes and BBCode off), as tokens."""

    text: str
    tokens: tuple[_Token, ...]


def words(text: str) -> Words:
    """Quotes and BBCode off; canonical ``!power`` lines off (the grammar reads those)."""
    clean = _strip_markup(text)
    lines = [" " * len(line) if line.lstrip().startswith("!") else line for line in clean.split("\n")]
    clean = "\n".join(lines)
    return Words(clean, tuple(_tokenise(clean)))


def raw_words(text: str) -> Words:
    """The text as written, quotes included (to find the names a quoted question gives)."""
    return Words(text, tuple(_tokenise(text)))


def _is_boundary(token: _Token) -> bool:
    if token.kind == _NEWLINE:
        return True
    if token.kind != _PUNCT:
        return False
    fold = token.fold
    if fold in ("...", "..", "…") or (set(fold) == {"."} and len(fold) > 1):
        return False
    return any(c in fold for c in ".!?;")


def _is_question(token: _Token) -> bool:
    return token.kind == _PUNCT and "?" in token.fold


def spots(w: Words, lookup: Lookup) -> list[Spot]:
    """Every player named in the text, longest name first at each place."""
    found: list[Spot] = []
    tokens = w.tokens
    i = 0
    while i < len(tokens):
        if tokens[i].kind != _WORD:
            i += 1
            continue
        hit = None
        for length in range(MAX_NAME_TOKENS, 0, -1):
            j = i + length
            if j > len(tokens) or any(t.kind != _WORD for t in tokens[i:j]):
                continue
            if any(w.text[tokens[k - 1].end : tokens[k].start].strip(" -") for k in range(i + 1, j)):
                continue  # only spaces or a hyphen inside a name
            written = w.text[tokens[i].start : tokens[j - 1].end]
            result = lookup(written, tokens[i].cap)
            if result is not None:
                hit = Spot(result[0], i, j, result[1])
                break
        if hit is None:
            i += 1
            continue
        found.append(hit)
        i = hit.end
    return found


_STEM_GLUE = frozenset("de d' a en le la les l' du mon ma mes son sa ses un une".split())


def _stem_at(tokens: Sequence[_Token], i: int, stem: tuple[str, ...]) -> int:
    """The end of ``stem`` (word prefixes, a few small words allowed between) matched at token ``i``, or -1."""
    k = i
    for n, part in enumerate(stem):
        skipped = 0
        while n > 0 and k < len(tokens) and tokens[k].fold in _STEM_GLUE and not tokens[k].fold.startswith(part):
            k += 1
            skipped += 1
            if skipped > 2:
                return -1
        if k >= len(tokens) or tokens[k].kind != _WORD:
            return -1
        fold = tokens[k].fold
        sms = n == 0 and len(fold) > 3 and fold[0] == "j" and fold[1:].startswith(part)  # "jprotege"
        if not (fold.startswith(part) or sms):
            return -1
        k += 1
    return k


@dataclass(frozen=True, slots=True)
class _Cue:
    verb: int
    start: int  # token span
    end: int
    negated: bool
    tie: bool = False  # the same word names another of the sender's powers (« chapelet », « j'envoûte »)


def cues(w: Words, verbs: Sequence[Verb]) -> list[_Cue]:
    """Each keyword of the verbs found in the text (the longest at each place; a tie keeps every power)."""
    stems = [(number, tuple(k.split())) for number, verb in enumerate(verbs) for k in verb.keywords]
    found: list[_Cue] = []
    i = 0
    tokens = w.tokens
    while i < len(tokens):
        best: list[tuple[int, int]] = []
        best_end = -1
        for number, stem in stems:
            end = _stem_at(tokens, i, stem)
            if end > best_end:
                best, best_end = [(number, end)], end
            elif end == best_end and end > 0 and all(n != number for n, _ in best):
                best.append((number, end))
        if best_end < 0:
            i += 1
            continue
        negated = _negated_before(tokens, i) or _negated_after(tokens, best_end) or _names_a_role(tokens, i)
        tie = len(best) > 1
        found.extend(_Cue(number, i, end, negated, tie) for number, end in best)
        i = best_end
    return found


_COPULAS = frozenset("est soit sont suis es etait serait etre".split())
_ARTICLES = frozenset("un une le la l' aussi bien".split())


def _names_a_role(tokens: Sequence[_Token], i: int) -> bool:
    """The keyword at ``i`` is what someone *is* (« je crois que Noé est détective », « qui est le loup
    solitaire »): a role named, no order — not « c'est » (« Ma cible c'est… »), not what the power asks
    (« dis-moi si mon adulé est loup »)."""
    k = i - 1
    while k >= 0 and tokens[k].fold in _ARTICLES:
        k -= 1
    if k < 0 or tokens[k].fold not in _COPULAS or (k > 0 and tokens[k - 1].fold in ("c'", "c", "ce")):
        return False
    return not any(t.fold == "si" for t in tokens[max(0, k - 4) : k])


def names_a_role(w: Words, i: int) -> bool:
    """The keyword at token ``i`` names what someone is (:func:`_names_a_role`)."""
    return _names_a_role(w.tokens, i)


def _negated_before(tokens: Sequence[_Token], i: int) -> bool:
    """« je ne veux pas protéger », « pas de protection », « sans sonder » — the same clause, just before;
    and the past (« j'ai sondé Boris hier »): no order either."""
    if (i > 0 and tokens[i - 1].fold in _PAST) or (
        i > 1 and tokens[i - 1].fold == "deja" and tokens[i - 2].fold in _PAST
    ):
        return True
    for k in range(max(0, i - 3), i):
        if tokens[k].fold in _OTHER_SUBJECTS and not any(t.kind != _WORD for t in tokens[k:i]):
            return True
    j = i - 1
    seen = 0
    while j >= 0 and seen < 5:
        token = tokens[j]
        if token.kind != _WORD:
            break
        if token.fold in _NEGATIONS or token.fold in _KEEP:
            return True
        if token.fold in _CORRECTION or token.fold in ("mais", "et", "puis"):
            break
        seen += 1
        j -= 1
    return False


def _negated_after(tokens: Sequence[_Token], end: int) -> bool:
    """« je sauve pas Anaïs », « je tire pas », « je charme personne »."""
    return end < len(tokens) and tokens[end].fold in ("pas", "jamais", "personne", "rien", "point")


def _corrects(tokens: Sequence[_Token], k: int) -> bool:
    """Token ``k`` is a word of correction; « fait » only in « en fait » (« au fait », « il a fait » correct
    nothing: « Lien avec Inès. Au fait quelqu'un a fait un truc sur moi ? »)."""
    fold = tokens[k].fold
    if fold == "fait":
        return k > 0 and tokens[k - 1].fold == "en"
    return fold in _CORRECTION


def _gap(tokens: Sequence[_Token], a: int, b: int) -> str:
    """How the tokens [a, b) between two names join them: list, correction, hesitation, negation or stop."""
    kinds = set()
    depth = 0
    for k in range(a, b):
        token = tokens[k]
        fold = token.fold
        if token.kind == _PUNCT and ("(" in fold or ")" in fold):
            depth = max(0, depth + fold.count("(") - fold.count(")"))
            continue
        if depth:
            continue  # « Je tente Maël (il a l'air influençable) et Ulysse »
        if token.kind == _NEWLINE:
            kinds.add("newline")
        elif _is_question(token):
            kinds.add("question")
        elif _is_boundary(token):
            kinds.add("boundary")
        elif fold == "ou":
            kinds.add("or")
        elif _corrects(tokens, k):
            kinds.add("correction")
        elif fold in _SOFT_CORRECTION:
            kinds.add("soft")
        elif fold in ("pas", "sauf", "lieu", "excepte", "hormis"):
            kinds.add("not")
        elif token.kind == _PUNCT or fold in _LIST_WORDS or fold in ("attends", "attend", "je", "j'", "plus"):
            continue
        else:
            kinds.add("other")
    if "correction" in kinds and b - a <= 12:
        return "correction"
    if "or" in kinds or ("question" in kinds and "soft" in kinds):
        return "or"
    if "soft" in kinds and not kinds & {"boundary", "newline", "other"}:
        return "correction"
    if kinds & {"boundary", "newline", "question", "other"}:
        return "stop"
    if "not" in kinds:
        return "not"
    return "list"


def _sentence_of(tokens: Sequence[_Token], i: int) -> tuple[int, int]:
    a = i
    while a > 0 and not _is_boundary(tokens[a - 1]):
        a -= 1
    b = i
    while b < len(tokens) and not _is_boundary(tokens[b]):
        b += 1
    return a, b


def _doubtful_sentence(tokens: Sequence[_Token], a: int, b: int) -> bool:
    """A question or a hypothesis around the order ("je protège Zoé ?", "si je protège…", "je sais pas")."""
    if b < len(tokens) and _is_question(tokens[b]) and not _in_brackets(tokens, Spot("", b, b + 1, True)):
        return True
    for k in range(a, b):
        fold = tokens[k].fold
        if fold in _PAST_WORDS:
            return True
        if fold == "si" and k > 0 and tokens[k - 1].fold in ("savoir", "sais", "demande", "voir", "moi", "dis"):
            continue  # « savoir si mon adulé est un loup »: no hypothesis
        if fold in _HEDGES:
            return True
    return False


def doubtful_at(w: Words, i: int) -> bool:
    """Token ``i`` stands in a question or a hypothesis (:func:`_doubtful_sentence`)."""
    a, b = _sentence_of(w.tokens, i)
    return _doubtful_sentence(w.tokens, a, b)


_SELF_FORMS = frozenset({"moi", "moi-meme", "moimeme"})
_NOT_SELF_BEFORE = frozenset({"pour", "selon", "comme", "apres", "a", "de", "d'", "toi", "sauf", "que", "qu'"})


def self_spots(w: Words, sender: str) -> list[Spot]:
    """« moi », « moi-même » naming the sender ("je mets en couple Boris avec... moi"), not "pour moi"."""
    found = []
    tokens = w.tokens
    for i, token in enumerate(tokens):
        after = [t.fold for t in tokens[i + 1 : i + 3]]
        if token.fold == "mes" and (after[:1] == ["objets"] or after == ["propres", "objets"]):
            found.append(Spot(sender, i, i + 1 + after.index("objets") + 1, True))  # « je répare mes propres objets »
            continue
        if token.kind != _WORD or token.fold not in _SELF_FORMS or token.glued:
            continue  # « dis-moi », « montre-moi »: not a target
        j = i - 1
        while j >= 0 and tokens[j].kind == _PUNCT and not _is_boundary(tokens[j]):
            j -= 1
        if j >= 0 and tokens[j].fold in _NOT_SELF_BEFORE:
            continue
        if j >= 0 and tokens[j].fold == "avec" and i + 1 < len(tokens) and tokens[i + 1].kind == _WORD:
            continue  # « je t'emmène avec moi Théo »
        end = i + 1
        if end < len(tokens) and tokens[end].fold == "meme" and tokens[end].glued:
            end += 1
        found.append(Spot(sender, i, end, True))
    return found


_FIRM_AGREEMENT = frozenset("ok okay oki accord daccord dac oui ouais valide go banco partant partante".split())


def agreed(w: Words) -> bool:
    """A word of agreement with the pack (« ok », « d'accord », « oui », « go »)."""
    return any(t.fold in _FIRM_AGREEMENT for t in w.tokens)


_DETERMINERS = frozenset("au le un du ce son mon ton leur notre votre".split())


def _a_noun(tokens: Sequence[_Token], i: int) -> bool:
    """« faut faire gaffe demain au vote »: « vote » after a determiner is the pyre's vote, no agreement."""
    return tokens[i].fold == "vote" and i > 0 and tokens[i - 1].fold in _DETERMINERS


def bare(w: Words, found: Sequence[Spot]) -> tuple[list[Spot], bool, bool]:
    """Names given with no keyword (a wolf's « Ok pour Eve. », an answer to the MJ's question):
    (the names not negated, an agreement word is there, the MP is a question or a hypothesis)."""
    tokens = w.tokens
    named = _drop_negated(tokens, list(found))
    agreement = any(t.fold in _AGREEMENT and not _a_noun(tokens, i) for i, t in enumerate(tokens)) or any(
        t.fold == "pour" and i + 1 < len(tokens) and tokens[i + 1].fold in ("moi", "nous") for i, t in enumerate(tokens)
    )
    doubtful = any(_is_question(t) for t in tokens) or any(t.fold in _HEDGES for t in tokens)
    return named, agreement, doubtful


def is_pass(w: Words) -> bool:
    """« je ne fais rien cette nuit », « je passe », « je garde mes potions »: an explicit pass."""
    folds = [t.fold for t in w.tokens if t.kind == _WORD]
    for i in range(len(folds)):
        for seq in _PASS:
            if tuple(folds[i : i + len(seq)]) == seq:
                return True
    return False


def is_question(w: Words) -> bool:
    return any(_is_question(t) for t in w.tokens)


def hedged_sentences(w: Words) -> list[tuple[int, int]]:
    """The sentences that hesitate (« J'hésite : … », « je sais pas encore »), as character spans."""
    return _sentences_where(
        w,
        lambda folds: (
            any(f.startswith("hesit") for f in folds)
            or any(folds[k] == "sais" and folds[k + 1 : k + 2] == ["pas"] for k in range(len(folds)))
        ),
    )


def past_sentences(w: Words) -> list[tuple[int, int]]:
    """The sentences that tell of the past (« ma vision sur Boris était claire »), as character spans."""
    return _sentences_where(w, lambda folds: any(f in _PAST_WORDS for f in folds))


def _sentences_where(w: Words, test: Callable[[list[str]], bool]) -> list[tuple[int, int]]:
    tokens = w.tokens
    spans = []
    i = 0
    while i < len(tokens):
        a, b = _sentence_of(tokens, i)
        if b > a and test([t.fold for t in tokens[a:b]]):
            spans.append((tokens[a].start, tokens[b - 1].end))
        i = b + 1
    return spans


def quoted_cues(text: str, w: Words, verbs: Sequence[Verb]) -> list[_Cue]:
    """The keywords of ``verbs`` inside the MP's quotes (the MJ's question quoted before the answer)."""
    whole = raw_words(text)
    kept = {tokens.start for tokens in w.tokens if tokens.kind == _WORD}
    return [c for c in cues(whole, verbs) if whole.tokens[c.start].start not in kept]


def everyone_but(w: Words, found: Sequence[Spot]) -> list[str] | None:
    """« Tout le monde sauf Boris et Kévin »: the players excepted, or None when the MP does not say so."""
    folds = [t.fold for t in w.tokens]
    for k in range(len(folds) - 2):
        if folds[k : k + 3] == ["tout", "le", "monde"] and "sauf" in folds[k + 3 : k + 6]:
            start = k + 3
            named = [s for s in found if s.start >= start]
            kept = _drop_negated(w.tokens, named)
            return [s.player for s in named if s not in kept]
    return None


def is_day_vote(w: Words) -> bool:
    """« Je vote contre Boris », « je vote double contre Ulysse »: a pyre vote sent by MP (the vote counts on
    the topic), no power — unless it says it is secret."""
    folds = [t.fold for t in w.tokens]
    if any(f.startswith(("secret", "prive")) for f in folds):
        return False
    return any(f.startswith("vot") and "contre" in folds[k + 1 : k + 4] for k, f in enumerate(folds))


_PRONOUNS = frozenset({"le", "la", "l'", "lui"})


def pronoun_cues(w: Words, verbs: Sequence[Verb]) -> list[tuple[str, int]]:
    """Keywords used on a pronoun (« je le soigne », « griffe-le »): (power, character position)."""
    tokens = w.tokens
    found = []
    for cue in cues(w, verbs):
        before = tokens[cue.start - 1] if cue.start else None
        after = tokens[cue.end] if cue.end < len(tokens) else None
        subject = tokens[cue.start - 2].fold if cue.start > 1 else ""
        spoken = before is not None and before.fold in _PRONOUNS and subject in ("je", "j'")  # « je le soigne »
        imperative = after is not None and after.glued and after.fold in _PRONOUNS  # « griffe-le »
        if (spoken or imperative) and not cue.negated:
            found.append((verbs[cue.verb].power, tokens[cue.start].start))
    return found


_ADVICE = (("en", "penses"), ("tu", "ferais"), ("apres", "toi"), ("ton", "avis"), ("tu", "conseilles"),
           ("te", "redis"), ("te", "redirai"), ("te", "confirme"), ("conseil",), ("conseilles",))  # fmt: skip


def asks_advice(w: Words) -> bool:
    """« t'en penses quoi ? », « je te redis demain »: the player asks or defers, he does not order yet."""
    folds = [t.fold for t in w.tokens]
    return any(tuple(folds[k : k + len(seq)]) == seq for k in range(len(folds)) for seq in _ADVICE)


def _drop_negated(tokens: Sequence[_Token], chosen: list[Spot]) -> list[Spot]:
    """Names after « pas », « sauf »… are not chosen, and so are those listed with them (« sauf Boris et Kévin »)."""
    kept: list[Spot] = []
    negated = False
    for n, spot in enumerate(chosen):
        if _name_negated(tokens, spot):
            negated = True
        elif n == 0 or _gap(tokens, chosen[n - 1].end, spot.start) != "list":
            negated = False
        if not negated:
            kept.append(spot)
    return kept


def _in_brackets(tokens: Sequence[_Token], spot: Spot) -> bool:
    """A name inside parentheses (« télépathie pour mon groupe (Jérôme, Capucine et moi) »): an aside."""
    depth = 0
    for token in tokens[: spot.start]:
        if token.kind == _PUNCT:
            depth = max(0, depth + token.fold.count("(") - token.fold.count(")"))
        elif token.kind == _NEWLINE:
            depth = 0
    return depth > 0


def _name_negated(tokens: Sequence[_Token], spot: Spot) -> bool:
    """« pas Boris », « sauf Boris », « au lieu de Boris », « plutôt que Boris », « (je ne vote) pas pour Boris »."""
    before = [t.fold for t in tokens[max(0, spot.start - 3) : spot.start] if t.kind == _WORD]
    if before[-1:] and before[-1] in ("pas", "sauf", "excepte", "hormis"):
        return True
    if before[-2:] in (["pas", "pour"], ["pas", "contre"], ["jamais", "pour"], ["jamais", "contre"]):
        return True
    return before[-2:] in (["lieu", "de"], ["lieu", "d'"], ["plutot", "que"], ["plutot", "qu'"]) or before[-3:-1] == [
        "place",
        "de",
    ]
