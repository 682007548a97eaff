"""What a rule set provides, named and typed: the contract between a rule set and the rest of meneur.

A rule set is one ``RuleSet`` value, built from its own functions and constants and declared by an
entry point in the group ``meneur.rulesets`` (see ``engine/rulesets/__init__.py`` and
docs/writing-a-rule-set.md). mypy checks each rule set's functions against the signatures below when
the value is built, so a rule set that drifts from the contract fails the type check, not a game.

Required: ``setup``, ``validate``, ``close_day``, ``resolve_night``, ``is_wolf``, ``verbs``,
``role_names``, ``night_order``. Everything else is optional, and the daemon says what it does without
it (no groups on the MJ's page, every vote standing, the whole living village listed as night actors…).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from .messages import Message
from .model import Action, Decree, GameState, Outcome, PlayerState
from .tally import Tally

if TYPE_CHECKING:
    from ..vocabulary import Verb


class Setup(Protocol):
    """The game at J0 from the players' names and the seed; ``roles`` when the MJ dealt them. A rule set
    may take more keywords (``camps``, ``groups``, ``options``): callers pass them only when the MJ gave them."""

    def __call__(self, names: Sequence[str], seed: int, roles: Mapping[str, str] | None = None) -> GameState: ...


class CloseDay(Protocol):
    """The day's deadline: the standing votes (voter → target), the answers to its questions, the MJ's
    decrees and the day actions. A new state (the given one unchanged), events, questions."""

    def __call__(
        self,
        state: GameState,
        votes: Mapping[str, str],
        answers: Mapping[str, str] | None = None,
        decrees: Sequence[Decree] = (),
        actions: Sequence[Action] = (),
    ) -> Outcome: ...


class CloseDecidedDay(Protocol):
    """``RuleSet.close_decided_day``: the day's deadline with its pyre decided by the caller's count."""

    def __call__(
        self,
        state: GameState,
        votes: Mapping[str, str],
        victim: str | None,
        answers: Mapping[str, str] | None = None,
        decrees: Sequence[Decree] = (),
        actions: Sequence[Action] = (),
    ) -> Outcome: ...


class ResolveNight(Protocol):
    """The night's deadline: the actions (already validated by ``validate``), answers, decrees."""

    def __call__(
        self,
        state: GameState,
        actions: Sequence[Action],
        answers: Mapping[str, str] | None = None,
        decrees: Sequence[Decree] = (),
    ) -> Outcome: ...


@dataclass(frozen=True)
class RuleSet:
    """One rule set. The engine's functions are pure: a state in, a new state out, never I/O."""

    id: str  # as in shared/rules/README.md and `[game] ruleset`; also the templates' folder name
    title: str  # the rule book's own title, for `meneur rulesets`
    setup: Setup
    validate: Callable[[GameState, Action], str | None]  # None, or why the action is refused (French)
    close_day: CloseDay
    resolve_night: ResolveNight
    is_wolf: Callable[[PlayerState], bool]  # who is told the pack on their role card
    verbs: Sequence[Verb]  # the powers and how players ask for them (MP reader, role cards)
    role_names: Mapping[str, str]  # role id → its French name
    night_order: Sequence[str]  # the night's steps, in order, written once
    # -- optional -------------------------------------------------------------------------------
    # The public count as the rules make it (weights, who votes); ``close_day`` uses the same one.
    day_tally: Callable[[GameState, Mapping[str, str]], tuple[Tally, dict[str, str]]] | None = None
    # What ``day_tally`` counts, before it counts: the votes that stand (a new dict), who may vote (in the
    # players' order) and the voters whose vote weighs other than one (whether they voted or not): ``day_tally``
    # is ``tally.tally(standing, voters, weights)``. A module counting its own votes through the rule set's
    # limits and weights reads them here, then counts once.
    day_votes: Callable[[GameState, Mapping[str, str]], tuple[dict[str, str], list[str], dict[str, int]]] | None = None
    # ``close_day`` for a day whose votes its caller has already counted (a module counting its votes by MP,
    # through this rule set's ``day_votes`` or ``day_tally``): ``(state, votes, victim, answers, decrees,
    # actions)``; ``victim`` goes to the pyre as the count's only leader would (the rule set's own exceptions
    # apply), None: no pyre and no event of it (the caller tells its own count; on J0 nobody is elected either).
    # ``votes``: the votes counted, for what the day's end
    # tells besides the pyre. The rest as ``close_day``: a new state, the decrees and day actions applied.
    # None: the caller gives ``close_day`` votes that make its victim the only leader.
    close_decided_day: CloseDecidedDay | None = None
    # ``close_decided_day`` and ``resolve_night`` on a state the caller hands over: a private copy it made and
    # holds alone (a module that changed it first, in its own steps of the phase), changed in place and
    # returned as the outcome's state instead of copied again — the same outcome otherwise. The caller must not
    # use that state afterwards but through the outcome. None: the caller gives the rule set a state it copies.
    close_decided_day_owned: CloseDecidedDay | None = None
    resolve_night_owned: ResolveNight | None = None
    # A vote the rules forbid (the earlier vote stands): why, a Message (N_, params) the daemon renders in the
    # MJ's language for the count warnings (a plain str is shown as it is).
    vote_refusal: Callable[[GameState, str, str], str | Message | None] | None = None
    # Who votes today, when the rules let some dead vote (trinite's OUIJA): the vote counter then keeps those
    # dead players' votes. Without it, the living.
    voters: Callable[[GameState], list[str]] | None = None
    night_actors: Callable[[GameState], list[str]] | None = None  # who has a power to use tonight
    groups: Callable[[GameState], dict[str, list[str]]] | None = None  # houses, trios: name → members
    # The powers a player holds now (item-based rule sets); without it, a role's own verbs.
    powers_of: Callable[[GameState, str], list[str]] | None = None
    card_extra: Callable[[GameState, str], dict[str, object]] | None = None  # more for a role card
    opening: Callable[[GameState], dict[str, object]] | None = None  # the first post's context
    # Reads the mayor's post after the pyre as the answer to an announcement question.
    mayor_announcement: Callable[[str, GameState], str] | None = None
    reads_mayor_posts: bool = False  # the live daemon reads the mayor's posts as answers
    help: Mapping[str, str] = field(default_factory=dict)  # power → what it does (role cards)
    examples: Mapping[str, str] = field(default_factory=dict)  # power → an example MP (role cards)
    role_order: Sequence[str] = ()  # the roles in the order they are dealt
    # The game options ``setup`` takes as ``options=`` (readings the MJ picks): name → values, default first.
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # The questions a player answers by MP: a question's kind (``PHASE:KIND:PLAYER``) → the power whose order,
    # read from that player's MP while the question is open, is his answer (a hunter's shot, a successor).
    answers: Mapping[str, str] = field(default_factory=dict)
    # Day powers (used by MP during the day: trinite's RAVAGE, MURS, PACTE, EXCUSE): the day's state with the
    # day actions read so far applied, in the order read (an object spent at once, a mark for the coming
    # night), and the events to tell as soon as each is read (the MJ's bold announcement, a private result).
    # The live daemon calls it with every day action it accepted so far, validates the next one against the
    # state it returns, drafts the new events at once (once each) and counts the day on that state; the
    # deadline still gives ``close_day`` the same actions, which must agree with this. Without it, a day
    # action takes effect at the deadline only.
    day_powers: Callable[[GameState, Sequence[Action]], Outcome] | None = None
    # Item ids → their French names (the MJ's page), for items that are not roles (trinite's objects are).
    item_names: Mapping[str, str] = field(default_factory=dict)
    # For the MJ's page: a player's kind beyond the role (a style, a rank), one short French phrase.
    player_note: Callable[[GameState, str], str] | None = None
    # For the MJ's page: what the rule set tracks besides the players, heading → lines, in French
    # ("Pouvoirs neutralisés la nuit prochaine" → ["MITHRIL (RAVAGE)", …]).
    mj_notes: Callable[[GameState], Mapping[str, Sequence[str]]] | None = None
    # Where the rule set's Jinja2 templates are: (package, folder) holding ``<id>/role_card.bbcode.j2``…
    # None: meneur's own ``templates/`` (the built-in rule sets).
    templates: tuple[str, str] | None = None
    # Orders a rule set reads from a public post (author, text: BBCode or plain) besides the votes: citadelles'
    # J0 citadel choice and the mayor's distribution. None: posts hold votes only.
    read_post: Callable[[GameState, str, str], list[Action]] | None = None
    # The phase after a given one, for a rule set whose phases are not J0, N1, J1, N2… (citadelles' J0 has
    # three: J0-matin, J0-zenith, J0-soir). None: ``model.next_phase``. The rule set's resolutions still
    # set the state's phase themselves; this tells the daemon what comes next.
    phase_after: Callable[[str], str] | None = None
    # The count is the MJ's alone (double-roles: « Les résultats exacts du décompte des voix [...] ne sont pas
    # publics »): no live count post, a day reminder without numbers, the evening post gives the result only;
    # the MJ's page and `meneur count` show the whole count.
    secret_counts: bool = False
    # Whether a day power read by MP once every voter has voted is refused (trinite: « tant que tout le monde n'a
    # pas voté »). False: day MPs count until the deadline (double-roles: « tant que c'est avant la deadline »).
    day_powers_end_when_all_voted: bool = True
    # -- modules (engine/modules/: a module composed on top of a base rule set) ---------------------------
    # The modules composed into this rule set, in order (``[game] modules``): () for a plain rule set.
    modules: tuple[str, ...] = ()
    # Votes are sent by MP to the MJ, not posted (baguette): the live count and replay read the day's vote MPs
    # (read as actions by the MP reader) through ``mp_votes``; posts hold no votes.
    votes_by_mp: bool = False
    # The day's standing votes (voter → target, or ``"blanc"``) from the vote actions read from the day's MPs,
    # in the order received (late ones already left out): the last one of each player counts.
    mp_votes: Callable[[GameState, Sequence[Action]], dict[str, str]] | None = None
    # The wolves' den (a second topic, polled like the game topic): its posts since the last night's actions
    # deadline, in order, with their coloured spans and edited/deleted flags → the night's actions it holds
    # (the victim, an anti-dévoilement…), given to ``resolve_night`` with the MP actions, by time.
    read_den: Callable[[GameState, Sequence[TopicPost]], list[Action]] | None = None
    # The power a declared absence becomes for ``close_day`` (targets: the day phases it covers, none when
    # vague): the daemon's stored absences (daemon/absences.py) are passed as such actions. None: not used.
    absence_power: str | None = None
    # The day's state with the declared absences among the actions (``absence_power``) noted as ``close_day``
    # notes them, for the live count before the deadline (baguette: the absent player's non-vote, not his own
    # vote against himself). None: the absences count at the deadline only.
    note_absences: Callable[[GameState, Sequence[Action]], GameState] | None = None
    # Decree kinds the rule set takes besides the core's kill, revive, mayor, event (baguette: foudroiement).
    decree_kinds: tuple[str, ...] = ()
    # Fixed times the rules set, for the live schedule preset: {"day_end": "22:00", "actions_end": "21:00",
    # "day_hours": 48, "night_hours": 24}. Empty: the MJ's own deadlines.
    schedule: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TopicPost:
    """A post of a side topic a rule set reads (the wolves' den), as the daemon stored it: plain data, so the
    rules stay pure. ``spans``: the post's coloured runs (colour as ``#rrggbb``, the text), quotes left out
    (parsers/colour_spans.py); ``colour``: the post's own text colour (None: the forum's default)."""

    author: str
    time: datetime
    text: str  # the post's own text (BBCode or plain), quotes left out
    spans: tuple[tuple[str, str], ...] = ()
    colour: str | None = None
    edited: bool = False
    deleted: bool = False
    source: str = ""  # the post's id, for the MJ
