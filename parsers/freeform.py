"""Reading an order in the players' own words, where no phrase of the vocabulary reads it whole.

The phrase grammar of :mod:`meneur.parsers.actions` is exact but brittle: « Mes deux flèches pour Dorian
et Laëtitia : je les rends amoureux ! », « Et je donne un coup de hache à Fanny », « jprotege Lou »,
« je protège Anaïs... non attends, finalement plutôt Théo ». This reader is its safety net, and works
from what the caller knows and the grammar does not: the **players' names** (found by the caller's
``lookup``, so a name is a player, never a word that looks like one) and the **powers the sender may
use** (the caller passes only those verbs). A power is named by its keywords (:attr:`Verb.keywords`:
word stems, matched accents off, also glued to an SMS ``j``: « jassome »); the names it governs are
those that follow it — or, when none follow, precede it — in its sentence, joined by list words
(« , et à pour sur »). Then:

- a **negated** keyword (« je ne veux pas protéger Boris ») or name (« pas Boris », « au lieu de Boris »)
  gives nothing;
- a **correction** (« non », « finalement », « en fait », « je change », « oublie », « attends »…)
  between names, or a later keyword of the same power, keeps only what comes after it;
- a **hesitation** (« Zoé ou Dorian », « Zoé ? ou plutôt Dorian ? ») is not an order: the MJ asks back;
- the **past** (« j'ai sondé Boris hier », « m'a protégé ») and **someone else's doing** (« il allait me
  tuer », « tu sondes qui ? ») give nothing;
- a word that names **two of the sender's powers** (« chapelet », « j'envoûte ») is settled by another word
  of the MP that names one (« mode savoir »), else the MJ asks which (a missing mode);
- « moi », « moi-même », « mes objets » name the sender (not « pour moi », « dis-moi »); names inside
  parentheses are an aside; a power that takes three or more names counts repeats (« deux moutons chez »);
- a reading is **sure** only with a keyword, names in its own sentence, the power's number of names,
  names found exactly, and no question or hypothesis around it; otherwise it is a guess, said so.

MP-wide cues for the caller: explicit passes, advice asked, day votes sent by MP, hedged sentences or
sentences about the past, bare names (with or without a word of agreement), keywords on a pronoun.

Pure: no I/O; names are matched by the ``lookup`` callable the caller gives.

The code is in two modules, gathered here: :mod:`meneur.parsers.freewords` (the MP's words, names,
keywords, sentences and cues) and :mod:`meneur.parsers.freereading` (``read_free``)."""

from __future__ import annotations

from .freereading import (
    _NUMBERS,
    _comma_only,
    _counted,
    _crosses,
    _governed,
    _late_corrections,
    _settle_ties,
    read_free,
)
from .freewords import (
    _ADVICE,
    _AGREEMENT,
    _CORRECTION,
    _FIRM_AGREEMENT,
    _HEDGES,
    _KEEP,
    _LIST_WORDS,
    _NEGATIONS,
    _NOT_SELF_BEFORE,
    _OTHER_SUBJECTS,
    _PASS,
    _PAST,
    _PAST_WORDS,
    _PRONOUNS,
    _SELF_FORMS,
    _SOFT_CORRECTION,
    _STEM_GLUE,
    MAX_NAME_TOKENS,
    MAX_REACH,
    FreeReading,
    Lookup,
    Spot,
    Words,
    _Cue,
    _doubtful_sentence,
    _drop_negated,
    _gap,
    _in_brackets,
    _is_boundary,
    _is_question,
    _name_negated,
    _negated_after,
    _negated_before,
    _sentence_of,
    _sentences_where,
    _stem_at,
    agreed,
    asks_advice,
    bare,
    cues,
    doubtful_at,
    everyone_but,
    hedged_sentences,
    is_day_vote,
    is_pass,
    is_question,
    names_a_role,
    past_sentences,
    pronoun_cues,
    quoted_cues,
    raw_words,
    self_spots,
    spots,
    words,
)

__all__ = [
    "MAX_NAME_TOKENS",
    "MAX_REACH",
    "_ADVICE",
    "_AGREEMENT",
    "_CORRECTION",
    "_FIRM_AGREEMENT",
    "_HEDGES",
    "_KEEP",
    "_LIST_WORDS",
    "_NEGATIONS",
    "_NOT_SELF_BEFORE",
    "_NUMBERS",
    "_OTHER_SUBJECTS",
    "_PASS",
    "_PAST",
    "_PAST_WORDS",
    "_PRONOUNS",
    "_SELF_FORMS",
    "_SOFT_CORRECTION",
    "_STEM_GLUE",
    "FreeReading",
    "Lookup",
    "Spot",
    "Words",
    "_Cue",
    "_comma_only",
    "_counted",
    "_crosses",
    "_doubtful_sentence",
    "_drop_negated",
    "_gap",
    "_governed",
    "_in_brackets",
    "_is_boundary",
    "_is_question",
    "_late_corrections",
    "_name_negated",
    "_negated_after",
    "_negated_before",
    "_sentence_of",
    "_sentences_where",
    "_settle_ties",
    "_stem_at",
    "agreed",
    "asks_advice",
    "bare",
    "cues",
    "doubtful_at",
    "everyone_but",
    "hedged_sentences",
    "is_day_vote",
    "is_pass",
    "is_question",
    "names_a_role",
    "past_sentences",
    "pronoun_cues",
    "quoted_cues",
    "raw_words",
    "read_free",
    "self_spots",
    "spots",
    "words",
]
