"""Playing a round: the deal, the bids, every trick in turn, the abilities, the score.

:class:`Round` is a state machine an app drives one move at a time, as python-chess's
``Board`` is: it knows whose turn it is, lists the legal moves, refuses an illegal one
with a :class:`~skullking.core.errors.GameError` that says why, and after the last trick
scores the round with the edition's scheme. Everything it applies comes from the
edition: the deck and modules, who leads after each trick (effects, the ghost hand of
small games), and the abilities that winning a trick with a card grants, with their
timing (``timing: immediate``, as in the 2021 rulebook and the official FAQ, or
``end_of_round``, as in the French rulebook (Blackrock Games, 2022)) and whether the
round's last trick still grants them (``after_last_trick``; the 2021 rulebook grants
only Harry the Giant's after it).

The class is one concept in one module, in the order a round goes: the set-up and the
round's state as the table sees it, the deal, the bids and loads, the play of the
tricks, the abilities' decisions, a round played out by a :class:`Chooser`, the phases,
and what a finished round gave (its points and its sheet record). :meth:`Round.play_out`
is how a simulation plays: the round offers each move's legal options, worked out once,
and the chooser picks one (random play, :func:`~skullking.play.randomplay.play_randomly`,
picks with ``random.Random``'s own methods; a table of bots asks each seat's bot).

Simulations play many rounds, so what a round looks up is worked out once: the deck in
play as plays, each card's declarations, what a winning card grants and the seatings
are kept per edition (:mod:`skullking.rounds.lookups`); a round set up with the same arguments
as one before (the table, its number, the options; not the deal) takes that set-up
whole; a game deals every round from one generator; the scheme is scored by Python
functions written from its formulas (:class:`skullking.scoring.schemes.Scorer`).

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> r = skullking.Round(ed, ["Ann", "Bo"], cards=1, hands={"Ann": ["Y7"], "Bo": ["Y3"], "Graybeard": ["G1"]})
>>> r.bid("Ann", 1); r.bid("Bo", 0)
>>> r.to_play, [str(p) for p in r.legal_plays()]
('Ann', ['Y7'])
>>> r.play("Ann", "Y7"); r.play("Bo", "Y3")
>>> r.phase.value, dict(r.score().points)
('over', {'Ann': 20, 'Bo': 10})
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, cast

from skullking.core.errors import ContextError, GameError, NotationError
from skullking.core.limits import shown
from skullking.core.suggest import unknown
from skullking.core.words import counted
from skullking.model.cards import Play
from skullking.model.records import (
    BIDDING,
    CHOOSE_LEADER,
    DECIDING,
    EXCHANGE,
    LOADING,
    LOOK_UNDEALT,
    OVER,
    PLAYING,
    Ghost,
    Phase,
    SheetChoice,
    Trick,
)
from skullking.play.randomplay import play_randomly
from skullking.rounds.bidding import (
    Broken,
    bid_range,
    bid_ranges,
    bidding_order,
    broken_rules,
    dealer,
    first_leader,
    range_read,
    ranges_game,
)
from skullking.rounds.context import GameSoFar, rules_read, seats_read
from skullking.rounds.lookups import CHANGE_BID, WAGER, GrantSpec, lookups
from skullking.rounds.seating import Seating, ghost_play, leader_abilities, seated, tally
from skullking.scoring.schemes import RoundScore, scorer
from skullking.tricks.interpreter import follow_suit

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    from skullking.language.record import RoundRecord
    from skullking.model.records import Scheme, TrickResult
    from skullking.rounds.lookups import Lookups, ModuleLookups
    from skullking.rounds.rules import GameRules
    from skullking.scoring.schemes import Scorer
    from skullking.tricks.interpreter import Resolver

__all__ = [
    "CHANGE_BID",
    "WAGER",
    "Chooser",
    "Decision",
    "GameSoFar",
    "Phase",
    "Round",
    "Trick",
    "draw",
    "play_randomly",
]

_T = TypeVar("_T")


class Decision(NamedTuple):
    """A choice an ability asks of ``player``, granted by winning trick ``trick`` with
    ``card``. ``kind`` is an ability kind (``choose_leader``, ``exchange``) or ``wager``
    / ``change_bid``; ``options`` are the allowed answers (players, values, or for an
    exchange the hand to discard ``number`` cards from)."""

    player: str
    kind: str
    card: str
    trick: int
    options: tuple[Any, ...]
    number: int = 1


#: Makes a Trick without the call of its generated __new__ (a round makes many).
_new_trick = tuple.__new__


class _Grant(NamedTuple):
    """An ability granted, waiting for its time."""

    kind: str
    card: str
    trick: int
    player: str
    cards: int = 0


class Chooser(Protocol):
    """Who picks the moves of :meth:`Round.play_out`: each method is asked for one move
    and returns one of the legal ``options`` the round offers (the bids a player may
    make, the scheme's loads, the plays a player may make; for a decision, one of its
    ``options``, or for an exchange ``decision.number`` cards of them)."""

    def bid(self, player: str, options: Sequence[int]) -> int: ...

    def load(self, player: str, options: Sequence[str]) -> str: ...

    def play(self, player: str, options: Sequence[Play]) -> Play: ...

    def decide(self, decision: Decision) -> Any: ...


def draw(rng: random.Random, deck: list[_T], count: int) -> list[_T]:
    """Draw ``count`` items of ``deck`` at random (every one, when it holds fewer), one
    at a time, each ``deck.pop(rng.randrange(len(deck)))``: the items drawn, in the order
    drawn (as the top of a shuffled deck would give them); ``deck`` keeps the others, in
    its own order."""
    pop, randrange = deck.pop, rng.randrange
    return [pop(randrange(len(deck))) for _ in range(min(count, len(deck)))]


class Round:
    """One round of ``edition`` between ``players`` (names, in seating order).

    ``number`` is the round's number (default 1): it picks the cards dealt from the
    schedule (``schedule``, default the edition's) unless ``cards`` is given, the dealer
    (the edition's ``play.dealer``; by default the deal passes left, ``players[number -
    2]`` cyclically) and the first leader (the edition's ``play.first_leader``; by
    default the player after the dealer, ``players[number - 1]`` cyclically) unless
    ``leader`` is given. ``so_far`` is the game before the round
    (:class:`~skullking.rounds.context.GameSoFar`, which a :class:`Game` gives each of
    its rounds), for an edition whose formulas read it (the previous round's results,
    the standings); without it round 1 is a game's start, and a later round that needs
    it is refused as it is set up (a :class:`~skullking.core.errors.GameError` naming
    what is missing). ``hands``
    deals given cards (player name -> cards, the ghost hand under its name in small
    games; a text such as ``"Y7 SK"`` or a list of cards, each text or a play);
    otherwise the hands are drawn at random from the deck of the modules in play
    (default: those the edition uses at this player count) with ``random.Random(seed)``
    (or with ``rng``, a :class:`random.Random` the deal draws from: a :class:`Game`
    deals every round from its own, one after the other), one card at a time as from
    the top of a shuffled deck (:func:`draw`). ``undealt`` orders the cards left over,
    from which an exchange draws from the front (default: after given hands, the rest
    of the deck shuffled; after a deal, as many cards drawn at random as the exchanges
    of the deck's cards can draw in a round, then the rest in deck order, never drawn).
    ``scheme`` picks the scoring scheme (one with loads, Rascal's, has each player
    :meth:`load` after the bids); ``abilities=False`` plays without the
    pirates' abilities (an optional rule of the 2021 rulebook).

    The moves are :meth:`bid`, :meth:`load`, :meth:`play` and :meth:`decide`; ``phase``,
    ``to_bid``, ``to_load``, ``to_play``, :meth:`legal_bids`, :meth:`legal_plays` and
    ``pending`` say which is due. Bids keep the edition's ``bidding`` section: its range
    (``bid_range``), its order (``bidding_order``; with ``in_turn`` only the next bidder
    may bid) and its rules (a bid that breaks one is refused, naming the rule).
    :meth:`play_out` makes every move left, each picked by a :class:`Chooser` among the
    legal ones (how random play and the bots play). :meth:`score` scores the finished
    round, :meth:`as_sheet_round` writes it as a score sheet's round.

    What the round holds, for reading: ``hands`` (name -> plays still held, the ghost's
    included), ``undealt``, ``tricks`` (each finished :class:`Trick`), ``trick`` (the
    cards so far of the one in progress), ``bids`` / ``first_bids``, ``loads``, and what
    the abilities did: ``changes`` (bid changes), ``wagers``, ``leader_choices``,
    ``seen`` (the undealt cards a player looked at) and ``discarded``.
    """

    # What a round holds. The set-up: the same for every round set up with the same
    # arguments (see _SETUP).
    edition: GameRules
    players: tuple[str, ...]
    number: int
    ghost: Ghost | None
    seats: tuple[str, ...]
    _lookups: Lookups
    #: The edition's trick rules (who must follow suit) and how a dealt trick resolves.
    _rules: Resolver
    _resolve: Callable[[Sequence[Play], int], TrickResult]
    modules: frozenset[str]
    _kit: ModuleLookups
    scheme: Scheme
    _scorer: Scorer
    #: Rounds in the game's schedule (the formulas' ``rounds``).
    rounds: int
    cards: int
    #: Each seat's name and where its hand lies among the cards a deal draws.
    _slices: tuple[tuple[str, slice], ...]
    first_leader: str
    #: Who deals the round (``play.dealer``).
    dealer: str
    #: The players in the order they bid (any order when bids are simultaneous).
    bidding_order: tuple[str, ...]
    #: The lowest and highest bid (``bidding.min``/``max``); where they read a player's
    #: names about the game so far, from the lowest of the players' to the highest
    #: (each player's own: :meth:`range_of`).
    bid_range: tuple[int, int]
    #: Each player's range, where the limits read the players' names (else ``None``).
    _ranges: dict[str, tuple[int, int]] | None
    #: Whether they read them (each round then works out ``_ranges``).
    _reads_ranges: bool
    _abilities: bool
    # The deal.
    hands: dict[str, list[Play]]
    #: The hands as dealt, the ghost's included.
    dealt: dict[str, tuple[Play, ...]]
    undealt: list[Play]
    # The moves and what they did.
    phase: Phase
    _bids: dict[str, int]
    loads: dict[str, str]
    _trick: list[Play]
    #: The led suit as far as the trick in play's cards settle it (see Resolver.lead).
    _led: int | None
    tricks: list[Trick]
    _leader: int
    _previous: int
    _seatings: dict[Hashable, Seating]
    _seating: Seating  # the trick in play's
    #: The players whose hand holds a card twice or a card declared when played (see
    #: _plays_of; a hand only loses cards but by an exchange, which adds its player).
    _repeats: set[str]
    changes: dict[str, int]
    wagers: dict[str, int]
    leader_choices: dict[str, str]
    # by the card of the ability that chose (each is recorded under its own sheet key)
    _leaders_chosen: dict[str, dict[str, str]]
    seen: dict[str, tuple[Play, ...]]
    discarded: dict[str, tuple[Play, ...]]
    #: Every decision answered, in order: the decision, its answer, the tricks played by then.
    decisions: list[tuple[Decision, Any, int]]
    _pending: list[Decision | _Grant]  # a grant waits behind a decision (see _use)
    _later: list[_Grant]
    # What the finished tricks gave the players, tallied as each ends (see
    # skullking.rounds.seating.tally), and the score once worked out.
    _won: dict[str, int]
    _captured: list[tuple[str, tuple[str, ...]]]
    _allied: list[tuple[str, str]]
    _score: RoundScore | None  # worked out once the round is over
    #: Per player, the names about the game so far the rules and cases read (or None).
    _game: dict[str, dict[str, int]] | None

    def __init__(
        self,
        edition: GameRules,
        players: Sequence[str],
        *,
        number: int = 1,
        cards: int | None = None,
        schedule: str | None = None,
        hands: Mapping[str, str | Iterable[str | Play]] | None = None,
        undealt: str | Iterable[str | Play] | None = None,
        leader: str | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        modules: Iterable[str] | None = None,
        scheme: str | None = None,
        abilities: bool = True,
        so_far: GameSoFar | None = None,
    ) -> None:
        if seed is not None and rng is not None:
            raise GameError("give a seed or a generator to deal from, not both")
        players = tuple(players)  # (read once: any iterable of names)
        if edition.round_reads:  # the rules of this round (which suit is trump, what a card pays ...)
            edition = _rules_of_round(edition, number, len(players), cards, schedule, so_far=so_far)
        known = lookups(edition)
        self.edition = edition
        # (not in the set-up kept in the edition's lookups: they hold the edition itself)
        self._rules, self._resolve = edition.interpreter, edition.compiled.resolve_dealt
        key: tuple[Any, ...] | None = None
        seats_follow = bool(known.value(("seats read",), lambda: seats_read(edition)))
        if hands is None and undealt is None and not seats_follow:  # set up as a round before: dealt at once
            modules = None if modules is None else tuple(modules)
            key = (players, number, cards, schedule, leader, modules, scheme, abilities)
            try:
                setup = known.setups.get(key)
            except TypeError:  # something unhashable: not a round that could be set up
                key = setup = None
            if setup is not None:
                self.__dict__.update(setup)
                self._draw(random.Random(seed) if rng is None else rng)
                self._fresh()
                self._game = self._game_values(so_far)
                if self._reads_ranges:
                    self._own_ranges(so_far)
                return
        self.players = players
        self.number = number
        count = len(self.players)
        if len(set(self.players)) != count or not all(isinstance(p, str) and p for p in self.players):
            raise GameError("players must be distinct, non-empty names")
        if not edition.min_players <= count <= edition.max_players:
            raise GameError(
                f"{counted(count, 'player')}: edition '{edition.id}' is for {edition.min_players} to "
                f"{edition.max_players} players"
            )
        self.ghost = edition.ghost_at(count)
        if self.ghost is not None and self.ghost.name in self.players:
            raise GameError(f"a player cannot be called {self.ghost.name}: that is the ghost hand's name")
        self.seats = (*self.players, self.ghost.name) if self.ghost else self.players
        self._lookups = known
        self.modules = self._modules(modules)
        self._kit = known.modules(edition, self.modules)
        try:
            self.scheme = edition.scheme(scheme)
            self._scorer = scorer(edition, self.scheme)
            self.rounds = len(edition.schedule(schedule).rounds)
        except KeyError as exc:
            raise GameError(str(exc.args[0])) from None
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise GameError(f"round number {shown(number)} is not a whole number from 1")
        if cards is not None and (isinstance(cards, bool) or not isinstance(cards, int) or cards < 1):
            raise GameError(f"cards {shown(cards)} is not a whole number from 1")
        if cards is None:
            seats = len(self.seats)
            cards = known.value(
                ("cards", number, seats, schedule), lambda: edition.cards_dealt(number, seats, schedule)
            )
            if cards is None:
                raise GameError(f"round {shown(number)} is past the schedule's last round; give cards")
        self.cards = cards
        self._slices = tuple((name, slice(i * cards, (i + 1) * cards)) for i, name in enumerate(self.seats))
        self._deal(hands, undealt, seed, rng)
        rounds = self.rounds
        so_far = self._so_far(so_far)

        def seat(rule: Callable[..., int]) -> int:
            """The seat ``rule`` (who deals, who leads) gives the round: kept per table
            and round where the edition's seat formulas read nothing of the game so far."""

            def work() -> int:
                return rule(edition, number=number, players=count, rounds=rounds, so_far=so_far)

            return work() if seats_follow else int(known.value((rule.__name__, number, count, rounds), work))

        try:
            self.dealer = self.players[seat(dealer)]
            if leader is None:
                leader = self.players[seat(first_leader)]
            elif leader not in self.players:
                raise GameError(unknown("player", leader, self.players, where="'leader'"))
            self.first_leader = leader
            self._leader = self.seats.index(leader)
            self._previous = self._leader
            self._seatings = known.seatings(self.seats, self.ghost)
            self._seat(self._leader, self._previous)
            self.bidding_order = tuple(
                bidding_order(
                    edition, self.players, leader=self._leader, number=number, rounds=self.rounds, so_far=so_far
                )
            )
        except ContextError as exc:
            raise GameError(str(exc)) from None
        self.bid_range = known.value(
            ("bid_range", cards, number, count, rounds),
            lambda: bid_range(edition, cards=cards, number=number, players=count, rounds=rounds),
        )
        self._abilities = abilities
        self._fresh()
        self._game = self._game_values(so_far)
        self._ranges = None
        # (asked once a set-up, not every round: the bundled editions' limits read none)
        self._reads_ranges = bool(range_read(edition))
        if key is not None:  # kept for the next round set up alike (formulas are pure)
            known.keep_setup(key, {name: self.__dict__[name] for name in self._SETUP})
        if self._reads_ranges:
            self._own_ranges(so_far)

    def _own_ranges(self, so_far: GameSoFar | None) -> None:
        """Each player's range of a bid, where ``bidding.min``/``max`` read the players'
        names about the game so far (``so_far``): ``bid_range`` then spans them all."""
        edition = self.edition
        try:
            game = ranges_game(
                edition, so_far=self._so_far(so_far), players=self.players, number=self.number, rounds=self.rounds
            )
        except ContextError as exc:
            raise GameError(str(exc)) from None
        self._ranges = bid_ranges(
            edition, cards=self.cards, number=self.number, players=self.players, rounds=self.rounds, game=game
        )
        lows, highs = zip(*self._ranges.values(), strict=True)
        self.bid_range = (min(lows), max(highs))

    def range_of(self, player: str) -> tuple[int, int]:
        """``player``'s lowest and highest bid (``bidding.min``/``max``, which may read
        the player's names about the game so far)."""
        return self.bid_range if self._ranges is None else self._ranges[player]

    def _so_far(self, so_far: GameSoFar | None) -> GameSoFar:
        """The game before the round: ``so_far`` checked against the round, or when not
        given a game's start in round 1 and, later, a round played alone."""
        if so_far is None:
            if self.number == 1:
                return GameSoFar.start(self.players)
            why = (
                f"round {self.number} is played alone, without the rounds before it: play it in a Game, or give "
                "it the game so far (so_far)"
            )
            return GameSoFar.alone(self.players, self.number, why)
        if not isinstance(so_far, GameSoFar):
            raise GameError(f"so_far {shown(so_far)} is not the game so far (a GameSoFar)")
        if so_far.players != self.players or so_far.number != self.number:
            raise GameError(
                f"so_far is the game before round {so_far.number} of {', '.join(so_far.players)}, not before "
                f"round {self.number} of {', '.join(self.players)}"
            )
        return so_far

    def _game_values(self, so_far: GameSoFar | None) -> dict[str, dict[str, int]] | None:
        """Per player, the names about the game so far that the bidding rules and the
        scheme's cases read (``None`` when they read none)."""
        edition = self.edition
        rules = self._lookups.value(("rules read",), lambda: rules_read(edition))
        cases = self._scorer.game_names
        if not rules and not cases:
            if so_far is not None:
                self._so_far(so_far)  # (checked all the same)
            return None
        places = [*(["bidding.rules"] if rules else []), *([f"scoring '{self.scheme.id}'"] if cases else [])]
        try:
            return self._so_far(so_far).player_values(
                rules | cases, " and ".join(places), dealer=self.players.index(self.dealer)
            )
        except ContextError as exc:
            raise GameError(str(exc)) from None

    #: What a round works out from its table, number and options before the deal: the
    #: same for every round set up with the same arguments (and checked once).
    _SETUP = (  # (not the edition: the set-ups are kept in its lookups, weakly keyed by it)
        "players",
        "number",
        "ghost",
        "seats",
        "_lookups",
        "modules",
        "_kit",
        "scheme",
        "_scorer",
        "rounds",
        "cards",
        "_slices",
        "dealer",
        "first_leader",
        "_leader",
        "_previous",
        "_seatings",
        "_seating",
        "bidding_order",
        "bid_range",
        "_ranges",
        "_reads_ranges",
        "_abilities",
    )

    def _fresh(self) -> None:
        """The state of a round that has not begun: no bid, no trick, no decision."""
        self.loads = {}
        self._trick = []
        self._led = None
        self.tricks = []
        self._bids = {}
        self.changes = {}
        self.wagers = {}
        self.leader_choices = {}
        self._leaders_chosen = {}
        self.seen = {}
        self.discarded = {}
        self.decisions = []
        self._pending = []
        self._later = []
        self._won = dict.fromkeys(self.players, 0)
        self._captured = []
        self._allied = []
        self._score = None
        self.phase = BIDDING

    # ------------------------------------------------------------------ state

    def copy(self) -> Round:
        """A copy of the round as it stands, to play on without touching this one (how a
        search plays a position out many times): equal to it, move for move, and
        independent of it. Copies the containers the moves change, shares what they
        never change (the edition, the set-up, the plays, finished tricks); no replay."""
        new = object.__new__(Round)
        state = dict(self.__dict__)
        state["hands"] = {name: list(hand) for name, hand in self.hands.items()}
        for name in self._COPIED:
            state[name] = state[name].copy()
        state["_leaders_chosen"] = {card: dict(picks) for card, picks in self._leaders_chosen.items()}
        new.__dict__.update(state)
        return new

    #: The containers a move changes (shallow copies suffice: what they hold is immutable).
    _COPIED = (
        "dealt",
        "undealt",
        "loads",
        "_trick",
        "tricks",
        "_bids",
        "changes",
        "wagers",
        "leader_choices",
        "seen",
        "discarded",
        "decisions",
        "_pending",
        "_later",
        "_won",
        "_captured",
        "_allied",
        "_repeats",
    )

    @property
    def bids(self) -> dict[str, int]:
        """The bids made so far, with any bid change applied (what the table sees)."""
        return {p: b + self.changes.get(p, 0) for p, b in self._bids.items()}

    @property
    def first_bids(self) -> dict[str, int]:
        """The bids as made, before any change."""
        return dict(self._bids)

    @property
    def to_bid(self) -> tuple[str, ...]:
        """The players who may bid now: everybody who has not bid yet when bids are
        simultaneous, the next bidder when the edition has players bid in turn."""
        if self.phase is not BIDDING:
            return ()
        waiting = tuple(p for p in self.bidding_order if p not in self._bids)
        return waiting[:1] if self.edition.bidding.order == "in_turn" else waiting

    @property
    def to_play(self) -> str | None:
        """The player whose card comes next, or ``None`` outside play."""
        if self.phase is not PLAYING:
            return None
        return self._seating.names[len(self._trick)]

    @property
    def pending(self) -> Decision | None:
        """The decision the round waits for, or ``None``."""
        # (the queue's head is a decision: a grant waiting behind one becomes one there)
        return cast(Decision, self._pending[0]) if self._pending else None

    @property
    def trick(self) -> tuple[Play, ...]:
        """The cards of the trick in progress, in play order."""
        return tuple(self._trick)

    @property
    def won(self) -> dict[str, int]:
        """Tricks won so far per player, as the scoring counts them: those they won, and
        those nobody won that count for them (an effect's ``counts_for``)."""
        out = dict.fromkeys(self.players, 0)
        for trick in self.tricks:
            if trick.counts_for in out:
                out[trick.counts_for] += 1
        return out

    @property
    def ghost_name(self) -> str | None:
        """The ghost hand's name when it plays this round, else ``None``."""
        return self.ghost.name if self.ghost else None

    def _player(self, player: str) -> int:
        if player not in self.players:
            raise GameError(unknown("player", player, self.players))
        return self.players.index(player)

    # ------------------------------------------------------------------ the deal

    def _modules(self, modules: Iterable[str] | None) -> frozenset[str]:
        count = len(self.players)
        if modules is None:
            chosen: frozenset[str] = self._lookups.value(
                ("modules", count), lambda: frozenset(self.edition.modules_for(count))
            )
            return chosen
        default = self.edition.modules_for(count)
        chosen = frozenset(modules)
        by_id = {m.id: m for m in self.edition.modules}
        for chosen_id in chosen:
            if chosen_id not in by_id:
                raise GameError(unknown("module", chosen_id, by_id))
            if by_id[chosen_id].min_players > count:
                raise GameError(f"module '{chosen_id}' is only used from {by_id[chosen_id].min_players} players")
        for module in self.edition.modules:
            if not module.optional and module.id in default and module.id not in chosen:
                raise GameError(f"module '{module.id}' cannot be left out")
        return chosen

    def _deal(
        self,
        hands: Mapping[str, str | Iterable[str | Play]] | None,
        undealt: str | Iterable[str | Play] | None,
        seed: int | None,
        rng: random.Random | None = None,
    ) -> None:
        deck = self._kit.deck  # the deck in play as plays (read here; a deal draws from a copy)
        size = self.cards * len(self.seats)
        if size > len(deck):
            raise GameError(
                f"{shown(self.cards)} cards for {len(self.seats)} hands, but the deck in play has {len(deck)}"
            )
        shuffler = random.Random(seed) if rng is None else rng
        if hands is None:
            self._draw(shuffler)
            rest = self.undealt
        else:
            unknown = [name for name in hands if name not in self.seats]
            if unknown:
                raise GameError(f"a hand for '{unknown[0]}', who is not at the table ({', '.join(self.seats)})")
            missing = [name for name in self.seats if name not in hands]
            if missing:
                raise GameError(f"no hand for {', '.join(missing)}")
            self.hands = {name: self._cards(hands[name], f"{name}'s hand") for name in self.seats}
            for name, hand in self.hands.items():
                if len(hand) != self.cards:
                    raise GameError(f"{name}'s hand has {len(hand)} cards, but {self.cards} are dealt")
            left = Counter(p.card for p in deck)
            held = dict(left)  # (the copies the deck in play has)
            for name, hand in self.hands.items():
                for play in hand:
                    if left[play.card] == 0:
                        copies = held.get(play.card, 0)
                        if play.card.code in self.edition.copies and copies > 1:  # a numbered or named card copied
                            raise GameError(
                                f"{name}'s hand: '{play.card.code}' is dealt more often than the deck in play "
                                f"has it ({copies})"
                            )
                        raise GameError(f"{name}'s hand: '{play.card.code}' is not in the deck in play, or dealt twice")
                    left[play.card] -= 1
            self._note_repeats()
            rest = []
            for play in deck:
                if left[play.card] > 0:
                    left[play.card] -= 1
                    rest.append(play)
            shuffler.shuffle(rest)
        if undealt is not None:
            given = self._cards(undealt, "the undealt cards")
            if Counter(p.card for p in given) != Counter(p.card for p in rest):
                raise GameError("the undealt cards must be exactly the cards of the deck in play that were not dealt")
            rest = given
        self.undealt = rest

    def _draw(self, rng: random.Random) -> None:
        """Deal hands drawn at random from the deck in play (large enough: checked when
        the round was first set up) with ``rng``, then as many cards as the exchanges of
        the deck's cards can draw in the round, on top of the undealt pile; beneath them
        the rest of the deck, in deck order (never drawn: its order tells nothing)."""
        deck = list(self._kit.deck)
        slices = self._slices
        size = slices[-1][1].stop
        drawn = draw(rng, deck, size + self._kit.reserve)
        hands = self.hands = {}
        for name, place in slices:  # (a loop: cheaper than dict() over a zip)
            hands[name] = drawn[place]
        self.undealt = drawn[size:] + deck
        self._note_repeats()

    def _note_repeats(self) -> None:
        """Note, once the hands are dealt, the players whose hand holds repeats (see
        :meth:`_holds_repeats`), and keep the hands as dealt (``dealt``)."""
        self._repeats = {name for name, hand in self.hands.items() if self._holds_repeats(hand)}
        self.dealt = {name: tuple(hand) for name, hand in self.hands.items()}

    def _holds_repeats(self, hand: list[Play]) -> bool:
        """Whether ``hand`` holds a card twice or a card declared when played: its legal
        plays are then listed each play once and a declared card once per declaration
        (see :meth:`_plays_of`); any other hand's legal cards are its plays as they stand."""
        kit = self._kit
        if kit.special.isdisjoint(hand):
            return False
        return not kit.undeclared.isdisjoint(hand) or len(set(hand)) < len(hand)

    def _cards(self, cards: str | Iterable[str | Play], what: str) -> list[Play]:
        """Cards given as one text (``"Y7 SK"``) or a list of cards, each text or a play."""
        try:
            if not isinstance(cards, str) and not isinstance(cards, Iterable):
                raise NotationError(f"{cards!r} is not a list of cards")
            plays = list(self.edition.parse_cards(cards if isinstance(cards, str) else list(cards)))
        except NotationError as exc:
            raise GameError(f"{what}: {exc}") from None
        # A card is dealt as a card: its declaration is made when it is played.
        return [self.edition.plays[p.card.code] for p in plays]

    # ------------------------------------------------------------------ the bids and loads

    def bid(self, player: str, bid: int) -> None:
        """Record ``player``'s bid: a whole number from 0 to the cards dealt."""
        self._player(player)
        if self.phase is not BIDDING:
            raise GameError(f"bidding is over (the round is {self.phase.value})")
        if player in self._bids:
            raise GameError(f"{player} has already bid {self._bids[player]}")
        low, high = self.range_of(player)
        if isinstance(bid, bool) or not isinstance(bid, int) or not low <= bid <= high:
            raise GameError(f"{player}'s bid {shown(bid)} is not a whole number from {low} to {high}")
        if player not in self.to_bid:
            raise GameError(f"it is {self.to_bid[0]}'s turn to bid, not {player}'s")
        broken = self._breaks(player, bid)
        if broken:
            raise GameError(broken[0].message({**self._bids, player: bid}))
        self._bid_known(player, bid)

    def _bid_known(self, player: str, bid: int) -> None:
        """Record a bid known to be legal (``player`` is due to bid, ``bid`` keeps the
        range and the rules)."""
        self._bids[player] = bid
        self._bids_in()

    def _bids_in(self) -> None:
        """Once every bid is in, on to the loads or the play."""
        if len(self._bids) == len(self.players):
            self.phase = LOADING if self.scheme.loads else PLAYING
            self._ghost_turns()

    def _breaks(self, player: str, bid: int) -> list[Broken]:
        """The bidding rules ``player`` bidding ``bid`` now would break."""
        bids = {**self._bids, player: bid}
        rounds, number, cards = self.rounds, self.number, self.cards
        return broken_rules(
            self.edition,
            bids,
            self.bidding_order,
            cards=cards,
            number=number,
            rounds=rounds,
            only=player,
            game=self._game,
        )

    def legal_bids(self, player: str) -> tuple[int, ...]:
        """The bids ``player`` may make now: the edition's range, less those that break a
        bidding rule (a rule over every bid only bites the last bid)."""
        self._player(player)
        if player not in self.to_bid:
            return ()
        return tuple(self._bids_of(player))

    def _bids_of(self, player: str) -> Sequence[int]:
        """The legal bids of ``player``, who is due to bid (see :meth:`legal_bids`)."""
        low, high = self.range_of(player)
        if low > high:  # (validate warns of such rounds)
            whose = f" for {player}" if self._ranges is not None else ""
            raise GameError(
                f"no bid can be made in round {self.number}{whose}: bidding.min gives {low}, bidding.max {high}"
            )
        if not self.edition.bidding.rules:  # every bid of the range
            return range(low, high + 1)
        out = tuple(bid for bid in range(low, high + 1) if not self._breaks(player, bid))
        if not out:
            raise GameError(f"no bid is left to {player} that keeps the bidding rules ({low} to {high})")
        return out

    @property
    def to_load(self) -> tuple[str, ...]:
        """The players who have not chosen their load yet (Rascal's scoring in the 2021 rulebook)."""
        return tuple(p for p in self.players if p not in self.loads) if self.phase is LOADING else ()

    def load(self, player: str, load: str) -> None:
        """Record ``player``'s cannon load, chosen after the bids under a scheme with
        loads (``grapeshot`` or ``cannonball`` under Rascal's scoring; or another of
        the load's names, e.g. ``"Buckshot"``)."""
        self._player(player)
        if not self.scheme.loads:
            raise GameError(f"scoring scheme '{self.scheme.id}' has no loads")
        if self.phase is not LOADING:
            raise GameError(f"loads are chosen after the bids, before play ({self._not_now()})")
        if player in self.loads:
            raise GameError(f"{player} has already chosen {self.loads[player]}")
        chosen = self.scheme.load_id(load) if isinstance(load, str) else None
        if chosen is None:
            raise GameError(f"{player}'s load {load!r} is not one of {', '.join(self.scheme.loads)}")
        self.loads[player] = chosen
        if len(self.loads) == len(self.players):
            self.phase = PLAYING
            self._ghost_turns()

    def _not_now(self) -> str:
        """Where the round stands, for messages refusing a move."""
        if self.phase is BIDDING:
            return f"bidding is not over: waiting for {', '.join(self.to_bid)}"
        if self.phase is LOADING:
            return f"the loads are not chosen: waiting for {', '.join(self.to_load)}"
        if self.phase is DECIDING:
            d = self._pending[0]
            return f"waiting for {d.player}'s decision ({d.kind} for {d.card}, trick {d.trick})"
        if self.phase is PLAYING:
            return f"trick {len(self.tricks) + 1} is being played: {self.to_play} to play"
        return "the round is over"

    # ------------------------------------------------------------------ the tricks

    def legal_plays(self, player: str | None = None) -> tuple[Play, ...]:
        """The plays ``player`` (default: whoever is to play) may make now, each card
        that is declared when played once per declaration (``TIG:PIR``, ``TIG:E``)."""
        if self.phase is not PLAYING:
            return ()
        mover = self.to_play
        if player is not None and player != mover:
            self._player(player)
            return ()
        assert mover is not None
        return tuple(self._plays_of(mover))

    def _plays_of(self, mover: str) -> list[Play]:
        """The legal plays of ``mover``, whose turn it is, in hand order (see
        :meth:`legal_plays`): each card once, a card declared when played once per
        declaration."""
        # (the round keeps its hands and trick sound: the edition's input checks are not
        # needed; the led suit is the trick's, kept once its cards settle it)
        led = self._led
        if led is None and self._trick:
            led = self._led = self._rules.lead(self._trick)
        legal = follow_suit(self._rules, self.hands[mover], -1 if led is None else led)
        if mover not in self._repeats:
            return legal
        kit = self._kit
        if kit.undeclared.isdisjoint(legal):
            return legal if kit.twice.isdisjoint(legal) else list(dict.fromkeys(legal))  # each play once
        declarations = self._lookups.declarations
        out: list[Play] = []
        for play in legal:
            declared = declarations.get(play)
            if declared is not None:
                out.extend(declared)
            elif play not in out:
                out.append(play)
        return out

    def play(self, player: str, card: str | Play) -> None:
        """``player`` plays ``card`` (text such as ``"Y7"`` or ``"TIG:PIR"``, or a play)."""
        if player != self.ghost_name:
            self._player(player)
        if self.phase is not PLAYING:
            raise GameError(self._not_now())
        mover = self.to_play
        if player != mover:
            raise GameError(f"it is {mover}'s turn, not {player}'s")
        try:
            play = self.edition.play_of(card)
        except NotationError as exc:
            raise GameError(str(exc)) from None
        hand = self.hands[player]
        held = next((p for p in hand if p.card == play.card), None)
        if held is None:
            raise GameError(f"{player} does not hold {play.card.code} (hand: {' '.join(map(str, hand))})")
        if play.undeclared:
            kind = self.edition.kind(play.card.kind or "")
            options = ", ".join(f"{play.card.code}:{d.code}" for d in kind.declarations)
            raise GameError(f"{play.card.code} is declared when played: play one of {options}")
        ghost = player == self.ghost_name  # the ghost never has to follow suit
        if not ghost and all(p.card != play.card for p in self._plays_of(player)):
            suit = self.edition.led_suit(self._trick)
            follow = " ".join(p.code for p in hand if p.card.suit == suit)
            raise GameError(f"{player} must follow {suit} ({follow})")
        self._place(hand, held, play)

    def _place(self, hand: list[Play], held: Play, play: Play) -> None:
        """Play ``play``, known legal, from ``hand`` (where its card is ``held``), and
        go on: the trick finished when full, the ghost's turns."""
        hand.remove(held)
        trick = self._trick
        trick.append(play)
        if len(trick) == len(self.seats):
            self._finish_trick()
        if self.ghost is not None:
            self._ghost_turns()

    def _ghost_turns(self) -> None:
        """The ghost turns over the top card of its pile whenever its turn comes."""
        ghost = self.ghost
        while ghost is not None and self.to_play == ghost.name:
            top = self.hands[ghost.name][0]
            self.play(ghost.name, ghost_play(self.edition, top, ghost))

    def _seat(self, leader: int, previous: int) -> None:
        """Seat the next trick (``_seating``): its leader's seat, and who led the trick
        before (where the ghost hand's place depends on it)."""
        self._seating = seated(self._seatings, leader, previous, self.seats, self.ghost)

    def _finish_trick(self) -> None:
        """The full trick resolved, recorded and tallied, the next one seated, what its
        winning card grants used or queued, and the phase moved on when the round waits."""
        plays = tuple(self._trick)
        seated = self._seating
        _, names, opened, _, _, ghost = seated
        result = self._resolve(plays, len(plays))
        number = len(self.tricks) + 1
        winner = names[result.winner] if result.winner is not None else None
        following = seated.leads_next(result)
        self._previous, self._leader = opened, following
        self.tricks.append(_new_trick(Trick, (number, names, plays, result, winner, self.seats[following])))
        tally(self._won, self._captured, self._allied, names, result)
        self._trick = []
        self._led = None
        self._seat(following, opened)
        card = result.winning_card
        if card is not None and winner is not None and self._abilities:
            specs = self._kit.grants.get(plays[card])
            if specs and (ghost is None or winner != ghost.name):
                self._grant(winner, specs, number)
        if self._pending or number >= self.cards:  # else play goes on: the phase stays
            self._advance()

    # ------------------------------------------------------------------ the abilities' decisions

    def decide(self, player: str, choice: Any) -> None:
        """Answer the pending decision: a player's name (choose a leader), a value (a
        wager, a bid change), or for an exchange the cards to discard."""
        decision = self.pending
        if decision is None:
            raise GameError("no decision is pending")
        if player != decision.player:
            raise GameError(f"{decision.player} decides now ({decision.kind} for {decision.card}), not {player}")
        if decision.kind == EXCHANGE:
            choice = self._discards(decision, choice)
        elif choice not in decision.options or isinstance(choice, bool):
            allowed = ", ".join(map(str, decision.options))
            raise GameError(f"{player}'s {decision.kind} {shown(choice)} is not one of {allowed}")
        self._decided(decision, choice)

    def _decided(self, decision: Decision, choice: Any) -> None:
        """Carry out the answer to the pending ``decision``, known to be allowed (for an
        exchange, the plays to discard as the hand holds them)."""
        player, kind = decision.player, decision.kind
        self.decisions.append((decision, choice, len(self.tricks)))
        if kind == EXCHANGE:
            hand = self.hands[player]
            for play in choice:
                hand.remove(play)
            self.discarded[player] = (*self.discarded.get(player, ()), *choice)
        elif kind == CHOOSE_LEADER:
            self.leader_choices[player] = choice
            self._leaders_chosen.setdefault(decision.card, {})[player] = choice
            self._leader = self.seats.index(choice)
            self._seat(self._leader, self._previous)
        elif kind == WAGER:
            self.wagers[player] = choice
        else:
            self.changes[player] = choice
        self._pending.pop(0)
        self._next_decision()
        self._advance()
        if self.ghost is not None:
            self._ghost_turns()

    def _discards(self, decision: Decision, choice: Any) -> list[Play]:
        """The cards an exchange's answer discards, as the hand holds them; raises for
        an answer that is not ``decision.number`` cards of the hand."""
        hand = self.hands[decision.player]
        if isinstance(choice, (list, tuple)) and len(choice) == decision.number:
            # plays the hand holds (as a chooser answers) are taken as they are
            kept = list(hand)
            for play in choice:
                if play not in kept:
                    break
                kept.remove(play)
            else:
                return list(choice)
        picked = self._cards([choice] if isinstance(choice, Play) else choice, "the discards")
        if len(picked) != decision.number:
            raise GameError(f"{decision.player} discards {decision.number} cards, not {len(picked)}")
        left = Counter(p.card for p in hand)
        left.subtract(p.card for p in picked)
        if any(n < 0 for n in left.values()):
            raise GameError(f"{decision.player} can only discard cards of the hand ({' '.join(map(str, hand))})")
        return picked

    def _grant(self, player: str, specs: tuple[GrantSpec, ...], trick: int) -> None:
        """What winning trick ``trick`` with a card grants (``specs``, the edition's
        order: abilities, wager, bid change): used now, or kept for the end of the
        round; the round's last trick grants only what the edition says."""
        for kind, card, cards, after_last_trick, later in specs:
            if after_last_trick or trick < self.cards:
                if later:
                    self._later.append(_Grant(kind, card, trick, player, cards))
                else:
                    self._use(kind, card, trick, player, cards)

    def _use(self, kind: str, card: str, trick: int, player: str, cards: int) -> None:
        """Carry out a grant (a :class:`_Grant`'s fields), or queue the decision it asks for."""
        if kind == EXCHANGE and self._pending:
            # An exchange offers the hand as it will be: it draws once the decisions
            # before it are answered (a second exchange, after the first's discards).
            self._pending.append(_Grant(kind, card, trick, player, cards))
            return
        decision = self._decision(kind, card, trick, player, cards)
        if decision is not None:
            self._pending.append(decision)

    def _next_decision(self) -> None:
        """Turn the grants waiting at the head of the queue into their decisions (or
        carry them out), so that ``pending`` is a decision or nothing."""
        pending = self._pending
        while pending and type(pending[0]) is _Grant:
            decision = self._decision(*pending[0])
            if decision is None:
                pending.pop(0)
            else:
                pending[0] = decision

    def _decision(self, kind: str, card: str, trick: int, player: str, cards: int) -> Decision | None:
        """Carry out a grant that asks nothing, or the decision it asks for; ``None`` when
        there is nothing to decide: an exchange with no card left to draw, a bid change
        none of whose values keeps the bid within the round's range (the ability then
        does nothing: a decision with no options would wait for ever)."""
        if kind == LOOK_UNDEALT:
            self.seen[player] = tuple(self.undealt)
            return None
        if kind == EXCHANGE:
            drawn, self.undealt = self.undealt[:cards], self.undealt[cards:]
            if not drawn:
                return None  # nothing left to draw: nothing to discard either
            hand = self.hands[player]
            hand.extend(drawn)
            if self._holds_repeats(hand):
                self._repeats.add(player)
            return Decision(player, kind, card, trick, tuple(hand), len(drawn))
        options: tuple[Any, ...]
        if kind == CHOOSE_LEADER:
            options = self.players
        elif kind == WAGER:
            options = self._values(self.edition.wagers)
        else:
            bid = self._bids[player]
            low, high = self.range_of(player)
            options = tuple([v for v in self._values(self.edition.bid_changes) if low <= bid + v <= high])
        return Decision(player, kind, card, trick, options) if options else None

    @staticmethod
    def _values(choice: SheetChoice | None) -> tuple[int, ...]:
        return choice.values if choice is not None else ()

    # ------------------------------------------------------------------ a round played out

    def play_out(self, chooser: Chooser) -> None:
        """Make every move left in the round, each picked by ``chooser`` among the legal
        ones: the missing bids (``chooser.bid`` of :meth:`legal_bids`) and loads (of the
        scheme's), every play (of :meth:`legal_plays`; the ghost hand plays its own) and
        the answer to every decision the abilities ask for (``chooser.decide`` of
        ``pending``), in the order the round asks for them. A move picked among the
        options is made without checking it again; any other goes through :meth:`bid`,
        :meth:`play` or :meth:`decide`, which refuse it."""
        for player in self.bidding_order if self.phase is BIDDING else ():
            if player in self._bids:  # (the first bidder not yet in is the one due to bid)
                continue
            bids = self._bids_of(player)
            bid = chooser.bid(player, bids)
            if type(bid) is int and bid in bids:
                self._bid_known(player, bid)
            else:
                self.bid(player, bid)
        for player in self.to_load:
            self.load(player, chooser.load(player, self.scheme.loads))
        pick, decide = chooser.play, chooser.decide
        hands, held, plays_of, place = self.hands, self._lookups.held, self._plays_of, self._place
        while self.phase is not OVER:
            if self._pending:
                decision = cast(Decision, self._pending[0])  # (the head is a decision: see pending)
                answer = decide(decision)
                if decision.kind == EXCHANGE:  # (the discards are checked against the hand)
                    self._decided(decision, self._discards(decision, answer))
                elif answer in decision.options and not isinstance(answer, bool):
                    self._decided(decision, answer)
                else:
                    self.decide(decision.player, answer)
                continue
            mover = self._seating.names[len(self._trick)]  # (to_play; the ghost plays his own)
            options = plays_of(mover)
            play = pick(mover, options)
            if play in options:
                place(hands[mover], held[play], play)
            else:
                self.play(mover, play)  # (checked there)

    # ------------------------------------------------------------------ phases

    def _advance(self) -> None:
        """Move to the next phase once nothing waits."""
        if self._pending:
            self.phase = DECIDING
        elif len(self.tricks) < self.cards:
            self.phase = PLAYING
        elif self._later:
            for grant in self._later:
                self._use(*grant)
            self._later = []
            self.phase = DECIDING if self._pending else OVER
        else:
            self.phase = OVER

    # ------------------------------------------------------------------ results

    def score(self) -> RoundScore:
        """The round's points under its scheme; only when the round is over."""
        if self.phase is not OVER:
            raise GameError(f"the round is not over ({self._not_now()})")
        if self._score is None:
            self._score = self._points()
        return self._score

    def score_without(self, *, bonuses: bool = False, alliances: bool = False) -> RoundScore:
        """What the finished round would score under its scheme without its capture
        bonuses (``bonuses=True``) or without its alliances (``alliances=True``), from the
        same tallies as :meth:`score`: how a simulation counts what they paid."""
        self.score()  # (refused while the round is not over)
        return self._points(captured=() if bonuses else None, alliances=[] if alliances else None)

    def results(self) -> tuple[dict[str, int], dict[str, list[str]], list[tuple[str, str]]]:
        """What the finished tricks gave the players: tricks won, the capture bonus ids
        of each player's tricks, and the alliances formed (ally, trick winner)."""
        captures: dict[str, list[str]] = {p: [] for p in self.players}
        for winner, bonuses in self._captured:
            captures[winner].extend(bonuses)
        return dict(self._won), captures, list(self._allied)

    def _points(
        self,
        captured: Sequence[tuple[str, Sequence[str]]] | None = None,
        alliances: list[tuple[str, str]] | None = None,
    ) -> RoundScore:
        """The round's points from its tallies; with ``captured`` (the capture bonus ids
        as (winner, ids) a trick) or ``alliances`` given, what it would score with those
        instead of its own (how a simulation counts what bonuses and alliances paid)."""
        scorer = self._scorer
        changes, bids = self.changes, self._bids
        bids = {p: b + changes.get(p, 0) for p, b in bids.items()} if changes else dict(bids)
        return scorer.points(
            number=self.number,
            cards=self.cards,
            players=self.players,
            bids=bids,
            won=dict(self._won),
            captured=self._captured if captured is None else captured,
            alliances=self._allied if alliances is None else alliances,
            wagers=self.wagers,
            loads=self.loads,
            rounds=self.rounds,
            played=self.plays if scorer.uses_played else None,
            game=self._game,
        )

    @property
    def plays(self) -> dict[str, list[Play]]:
        """Per player, the cards they played so far, in play order (as declared)."""
        out: dict[str, list[Play]] = {p: [] for p in self.players}
        for trick in self.tricks:
            for seat, play in zip(trick.players, trick.plays, strict=True):
                if seat in out:
                    out[seat].append(play)
        return out

    @property
    def played(self) -> dict[str, Counter[str]]:
        """Per player, the cards played so far in each role (as declared)."""
        return {p: Counter(play.role for play in plays if play.role is not None) for p, plays in self.plays.items()}

    def as_sheet_round(self) -> dict[str, Any]:
        """The round as a score sheet records the whole play (see :mod:`skullking.scoring.sheets.score`):
        the cards, the first leader, the bids, every trick in play order and the choices
        the abilities made. ``skullking score`` gives it the points :meth:`score` gives."""
        record: dict[str, Any] = {
            "cards": self.cards,
            "leader": self.first_leader,
            "bids": dict(self._bids),
            "tricks": [[p.code for p in t.plays] for t in self.tricks],
        }
        for choice, made in ((self.edition.wagers, self.wagers), (self.edition.bid_changes, self.changes)):
            if choice is not None and made:
                record[choice.sheet_key] = dict(made)
        for chooser in leader_abilities(self.edition):
            picks = self._leaders_chosen.get(chooser.card)
            if chooser.sheet_key and picks:
                record[chooser.sheet_key] = dict(picks)
        if self.loads and any(load != self.scheme.loads[0] for load in self.loads.values()):
            record["loads"] = {p: load for p, load in self.loads.items() if load != self.scheme.loads[0]}
        return record

    def as_record(self) -> RoundRecord:
        """The round so far as a game record writes it (:mod:`skullking.language.record`):
        the hands as dealt, the top of the undealt pile as far as an exchange drew from
        it, the bids and loads as made, each finished trick, and each decision after the
        trick that asked for it, the cards so far of a trick in play, every card by its
        code; its ``end`` once the round is over (a round still in play is written
        without it, and :meth:`Game.from_record <skullking.play.game.Game.from_record>`
        continues it)."""
        # (the record language brings lark: kept off simulate's and ladder's start-up)
        from skullking.language.record import Bid, Deal, Decide, Event, Load, Played, RoundRecord, TrickPlayed, Undealt

        events: list[Event] = [Deal(name, tuple(p.code for p in hand), 0, 0) for name, hand in self.dealt.items()]
        drawn = [
            p.code for d, _, _ in self.decisions if d.kind == EXCHANGE for p in d.options[len(d.options) - d.number :]
        ]
        if drawn:
            events.append(Undealt(tuple(drawn), 0, 0))
        events += [Bid(player, bid, 0, 0) for player, bid in self._bids.items()]
        events += [Load(player, load, 0, 0) for player, load in self.loads.items()]
        decisions = iter(self.decisions)
        waiting = next(decisions, None)
        for done in range(len(self.tricks) + 1):
            while waiting is not None and waiting[2] == done:
                decision, answer, _ = waiting
                values = answer if decision.kind == EXCHANGE else [answer]
                events.append(Decide(decision.player, decision.card, decision.kind, tuple(map(str, values)), 0, 0))
                waiting = next(decisions, None)
            if done < len(self.tricks):
                trick = self.tricks[done]
                plays = tuple(Played(seat, p.code, 0, 0) for seat, p in zip(trick.players, trick.plays, strict=True))
                events.append(TrickPlayed(trick.number, plays, 0, 0))
        if self._trick:  # the trick in play, as far as it went
            names = self._seating.names
            plays = tuple(Played(names[k], p.code, 0, 0) for k, p in enumerate(self._trick))
            events.append(TrickPlayed(len(self.tricks) + 1, plays, 0, 0))
        return RoundRecord(
            number=self.number,
            cards=self.cards,
            leader=self.first_leader,
            events=tuple(events),
            line=0,
            column=0,
            ended=self.phase is OVER,
        )


def _rules_of_round(
    edition: GameRules, number: int, players: int, cards: int | None, schedule: str | None, *, so_far: GameSoFar | None
) -> GameRules:
    """``edition``'s rules in round ``number`` after the game ``so_far``
    (:meth:`Edition.at_round <skullking.edition.Edition.at_round>`); the edition as given
    where the round cannot be worked out (a wrong number, schedule or table: refused by
    the round's checks). Raises :class:`~skullking.core.errors.GameError` where the
    rules read a game so far that is not known (a round played alone)."""
    try:
        return edition.at_round(number, players, cards=cards, schedule=schedule, so_far=so_far)
    except ContextError as exc:
        raise GameError(str(exc)) from None
    except (KeyError, TypeError, ValueError):
        return edition
