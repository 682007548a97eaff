"""The word lists the MP reader (:mod:`meneur.parsers.actions`) matches around a phrase: negations and
adverbs a phrase may skip, the words and sequences that end a name, the cues of a refusal, a hypothesis or
the past, the fillers before a name, the ways of naming oneself. All in canonical form (folded, elisions
expanded: :mod:`meneur.parsers.frtext`)."""

from __future__ import annotations

from collections.abc import Sequence

from .frtext import PUNCT as _PUNCT
from .frtext import QUOTE_CHARS as _QUOTE_CHARS
from .frtext import Token as _Token
from .frtext import canon_of as _canon_of
from .frtext import tokenise as _tokenise


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _seqs(*items: str) -> tuple[tuple[str, ...], ...]:
    """Word sequences, longest first, in canonical form."""
    seqs = {tuple(_canon_of(t.fold, t.kind) for t in _tokenise(item)) for item in items}
    return tuple(sorted(seqs, key=lambda s: (-len(s), s)))


_NEG = _words("ne pas plus jamais point guere")
_ADVERBS = _words(
    "bien vraiment aussi donc alors plutot encore finalement enfin maintenant egalement surtout juste "
    "simplement volontiers meme tout deja"
)
_SKIPPABLE = _NEG | _ADVERBS
_REFUSE = _words("pas personne rien aucun aucune nul nulle jamais plus point nobody")
_STOP = _NEG | _words(
    "je tu il elle on nous vous ils elles moi toi lui eux celui celle ceux celles qui que quoi dont "
    "car parce puisque pour comme si se sinon afin avec sans contre mais ou donc alors puis ensuite "
    "ce cet cette ces ca cela svp stp merci mdr lol ptdr xd xptdr haha hihi hehe bisous bises bizz "
    "bonne bon bonsoir bonjour salut coucou cordialement amicalement a au aux dans sur sous vers par "
    "nuit soir demain aujourd'hui hier maintenant encore aussi plutot deja toujours est sera etait "
    "semble me te y en des vu grace apres avant depuis pendant jusque quand lorsque tant selon "
    "malgre meme voila ok okay oui non hein please pls plz thx evidemment normalement surtout "
    "vraiment bien peut"
)
# Lower-case words that start a name only before a capital: "la Fouine", "ma copine Zoé", not "le temps".
_DETERMINERS = _words("le les un une mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs de du des en")
_PARTICLES = _words("de du des la le les d' l' von van der den di da del della el y")
_STOP_SEQS = _seqs("des loups", "du bucher", "de la nuit", "du village", "des flammes")
_CLAUSE = _words("mais et donc puis alors sinon ou car parce bref ensuite enfin")
_NEG_CUES = _words("ne pas jamais aucun aucune sans ni point garde conserve garder conserver economise rien")
_HYP_CUES = _words("si peux pourrais pourrait pourrions peut hesite voulais voulait comptais pensais")
_PAST_CUES = _words("ai as avons avez ont avais avait avions eu deja hier")
_SEPARATORS = _words("et & +")
_COMMAS = _words(", /")
_LEADING_FILLERS = _seqs(
    "cette nuit",
    "ce soir",
    "ce tour",
    "cette fois",
    "cette fois-ci",
    "pour cette nuit",
    "pour ce soir",
    "pour la nuit",
    "donc",
    "alors",
    "plutot",
    "aussi",
    "encore",
    "finalement",
    "maintenant",
    "enfin",
    "de nouveau",
    "a nouveau",
    "bien sur",
    "evidemment",
    "du coup",
    "aujourd'hui",
    *_ADVERBS,
)
_TARGET_FILLERS = _seqs(
    "chez",
    "le joueur",
    "la joueuse",
    "mon ami",
    "mon amie",
    "notre ami",
    "notre amie",
    "la maison de",
    "la porte de",
    "la demeure de",
    "devant",
    "un devant",
    "un autre devant",
    "un chez",
    "un autre chez",
)
_SELF_SEQS = _seqs(
    "moi meme", "moi", "ma porte", "ma maison", "ma propre maison", "ma demeure", "mon domicile", "mon logis"
)
_REFUSAL_WORDS_CANON = frozenset({"personne", "aucun", "aucune", "rien", "-", "--", "nobody", "aucune cible"})


def _seq_at(tokens: Sequence[_Token], i: int, limit: int, seqs: tuple[tuple[str, ...], ...]) -> int:
    """The end of the first sequence of ``seqs`` found at ``i`` (``i`` when none)."""
    for seq in seqs:
        end = i + len(seq)
        if end <= limit and all(tokens[i + k].canon == word for k, word in enumerate(seq)):
            return end
    return i


def _is_quote(token: _Token) -> bool:
    return token.kind == _PUNCT and set(token.fold) <= _QUOTE_CHARS
