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

This module holds the set-up, the round's state as the table sees it, the bids and
loads, and the phases; the other parts of the class live in modules of their own: the
deal (:mod:`skullking.play.dealing`), the play of the tricks (:mod:`skullking.play.trickplay`),
the abilities' decisions (:mod:`skullking.play.decisions`) and what a finished round gave,
its points and its sheet record (:mod:`skullking.play.results`); the state they share
is declared once in :mod:`skullking.play.state`.

Simulations play many rounds, so what a round looks up is worked out once: the deck in
play as plays, each card's declarations, what a winning card grants and the seatings
are kept per edition (:mod:`skullking.rounds.lookups`); a round set up with the same arguments
as one before (the table, its number, the options; not the deal) takes that set-up
whole; a game deals every round from one generator; the scheme is scored by Python
functions written from its formulas (:class:`skullking.scoring.schemes.Scorer`);
:func:`play_randomly` makes its moves through the
round's internals, each move drawn as the public methods would offer it.

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
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from skullking.core.errors import GameError
from skullking.core.limits import shown
from skullking.core.suggest import unknown
from skullking.model.cards import Play
from skullking.model.records import BIDDING, DECIDING, LOADING, OVER, PLAYING, Ghost, Phase, Trick
from skullking.play.dealing import Dealing
from skullking.play.decisions import Decision, Decisions, _Grant
from skullking.play.randomplay import play_randomly
from skullking.play.results import RoundResults
from skullking.play.trickplay import TrickPlay
from skullking.rounds.bidding import Broken, bid_range, bidding_order, broken_rules, first_leader
from skullking.rounds.lookups import CHANGE_BID, WAGER, lookups
from skullking.scoring.schemes import RoundScore, scorer

if TYPE_CHECKING:
    from skullking.edition import Edition

__all__ = ["CHANGE_BID", "WAGER", "Decision", "Game", "Phase", "Round", "Trick", "play_randomly"]


class Round(Dealing, TrickPlay, Decisions, RoundResults):
    """One round of ``edition`` between ``players`` (names, in seating order).

    ``number`` is the round's number (default 1): it picks the cards dealt from the
    schedule (``schedule``, default the edition's) unless ``cards`` is given, and the
    first leader (the edition's ``play.first_leader``; by default the player after the
    dealer, ``players[number - 1]`` cyclically) unless ``leader`` is given. ``hands``
    deals given cards (player name -> cards, the ghost hand under its name in small
    games; a text such as ``"Y7 SK"`` or a list of cards, each text or a play);
    otherwise the hands are drawn at random from the deck of the modules in play
    (default: those the edition uses at this player count) with ``random.Random(seed)``
    (or with ``rng``, a :class:`random.Random` the deal draws from: a :class:`Game`
    deals every round from its own, one after the other), one card at a time as from
    the top of a shuffled deck (:func:`~skullking.play.randomplay.draw`). ``undealt`` orders
    the cards left over, from which an exchange draws from the front (default: after
    given hands, the rest of the deck shuffled; after a deal, as many cards drawn at
    random as the exchanges of the deck's cards can draw in a round, then the rest in
    deck order, never drawn). ``scheme`` picks the scoring scheme (one with loads, Rascal's, has
    each player :meth:`load` after the bids); ``abilities=False`` plays without the
    pirates' abilities (an optional rule of the 2021 rulebook).

    The moves are :meth:`bid`, :meth:`load`, :meth:`play` and :meth:`decide`; ``phase``,
    ``to_bid``, ``to_load``, ``to_play``, :meth:`legal_bids`, :meth:`legal_plays` and
    ``pending`` say which is due. Bids keep the edition's ``bidding`` section: its range
    (``bid_range``), its order (``bidding_order``; with ``in_turn`` only the next bidder
    may bid) and its rules (a bid that breaks one is refused, naming the rule).
    :meth:`score` scores the finished round, :meth:`as_sheet_round` writes it as a
    score sheet's round.

    What the round holds, for reading: ``hands`` (name -> plays still held, the ghost's
    included), ``undealt``, ``tricks`` (each finished :class:`Trick`), ``trick`` (the
    cards so far of the one in progress), ``bids`` / ``first_bids``, ``loads``, and what
    the abilities did: ``changes`` (bid changes), ``wagers``, ``leader_choices``,
    ``seen`` (the undealt cards a player looked at) and ``discarded``.
    """

    def __init__(
        self,
        edition: Edition,
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
    ) -> None:
        if seed is not None and rng is not None:
            raise GameError("give a seed or a generator to deal from, not both")
        known = lookups(edition)
        players = tuple(players)  # (read once: any iterable of names)
        key: tuple[Any, ...] | None = None
        if hands is None and undealt is None:  # a round set up as one before is dealt at once
            modules = None if modules is None else tuple(modules)
            key = (players, number, cards, schedule, leader, modules, scheme, abilities)
            try:
                setup = known.setups.get(key)
            except TypeError:  # something unhashable: not a round that could be set up
                key = setup = None
            if setup is not None:
                self.edition = edition
                self.__dict__.update(setup)
                self._draw(random.Random(seed) if rng is None else rng)
                self._fresh()
                return
        self.edition = edition
        self.players: tuple[str, ...] = players
        self.number = number
        count = len(self.players)
        if len(set(self.players)) != count or not all(isinstance(p, str) and p for p in self.players):
            raise GameError("players must be distinct, non-empty names")
        if not edition.min_players <= count <= edition.max_players:
            raise GameError(
                f"{count} players: edition '{edition.id}' is for {edition.min_players} to {edition.max_players} players"
            )
        ghost = edition.ghost
        self.ghost: Ghost | None = ghost if ghost is not None and ghost.players == count else None
        if self.ghost is not None and self.ghost.name in self.players:
            raise GameError(f"a player cannot be called {self.ghost.name}: that is the ghost hand's name")
        self.seats: tuple[str, ...] = (*self.players, self.ghost.name) if self.ghost else self.players
        self._lookups = known
        self.modules = self._modules(modules)
        self._kit = known.modules(edition, self.modules)
        try:
            self.scheme = edition.scheme(scheme)
            self._scorer = scorer(edition, self.scheme)
            #: Rounds in the game's schedule (the formulas' ``rounds``).
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
        #: Each seat's name and where its hand lies among the cards a deal draws.
        self._slices = tuple((name, slice(i * cards, (i + 1) * cards)) for i, name in enumerate(self.seats))
        self._deal(hands, undealt, seed, rng)
        rounds = self.rounds
        if leader is None:
            seat = known.value(
                ("leader", number, count, rounds),
                lambda: first_leader(edition, number=number, players=count, rounds=rounds),
            )
            leader = self.players[seat]
        elif leader not in self.players:
            raise GameError(unknown("player", leader, self.players, where="'leader'"))
        self.first_leader = leader
        self._leader = self.seats.index(leader)
        self._previous = self._leader
        self._seatings = known.seatings(self.seats, self.ghost)
        self._seat(self._leader, self._previous)
        #: The players in the order they bid (any order when bids are simultaneous).
        self.bidding_order = tuple(
            bidding_order(edition, self.players, leader=self._leader, number=number, rounds=self.rounds)
        )
        self.bid_range: tuple[int, int] = known.value(
            ("bid_range", cards, number, count, rounds),
            lambda: bid_range(edition, cards=cards, number=number, players=count, rounds=rounds),
        )
        self._abilities = abilities
        self._fresh()
        if key is not None:  # kept for the next round set up alike (formulas are pure)
            known.keep_setup(key, {name: self.__dict__[name] for name in self._SETUP})

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
        "first_leader",
        "_leader",
        "_previous",
        "_seatings",
        "_order",
        "_names",
        "bidding_order",
        "bid_range",
        "_abilities",
    )

    def _fresh(self) -> None:
        """The state of a round that has not begun: no bid, no trick, no decision."""
        self.loads: dict[str, str] = {}
        self._trick: list[Play] = []
        self.tricks: list[Trick] = []
        self._bids: dict[str, int] = {}
        self.changes: dict[str, int] = {}
        self.wagers: dict[str, int] = {}
        self.leader_choices: dict[str, str] = {}
        # by the card of the ability that chose (each is recorded under its own sheet key)
        self._leaders_chosen: dict[str, dict[str, str]] = {}
        self.seen: dict[str, tuple[Play, ...]] = {}
        self.discarded: dict[str, tuple[Play, ...]] = {}
        self._pending: list[Decision | _Grant] = []
        self._later: list[_Grant] = []
        # What the finished tricks gave the players, tallied as each ends (see _tally).
        self._won = dict.fromkeys(self.players, 0)
        self._captured: list[tuple[str, tuple[str, ...]]] = []
        self._allied: list[tuple[str, str]] = []
        self._score: RoundScore | None = None  # worked out once the round is over
        self.phase = BIDDING

    # ------------------------------------------------------------------ state

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
        return self.seats[self._order[len(self._trick)]]

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
        """Tricks won so far per player."""
        out = dict.fromkeys(self.players, 0)
        for trick in self.tricks:
            if trick.winner in out:
                out[trick.winner] += 1
        return out

    def _player(self, player: str) -> int:
        if player not in self.players:
            raise GameError(unknown("player", player, self.players))
        return self.players.index(player)

    # ------------------------------------------------------------------ moves

    def bid(self, player: str, bid: int) -> None:
        """Record ``player``'s bid: a whole number from 0 to the cards dealt."""
        self._player(player)
        if self.phase is not BIDDING:
            raise GameError(f"bidding is over (the round is {self.phase.value})")
        if player in self._bids:
            raise GameError(f"{player} has already bid {self._bids[player]}")
        low, high = self.bid_range
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
            self.edition, bids, self.bidding_order, cards=cards, number=number, rounds=rounds, only=player
        )

    def legal_bids(self, player: str) -> tuple[int, ...]:
        """The bids ``player`` may make now: the edition's range, less those that break a
        bidding rule (a rule over every bid only bites the last bid)."""
        self._player(player)
        if player not in self.to_bid:
            return ()
        low, high = self.bid_range
        if low > high:  # (validate warns of such rounds)
            raise GameError(f"no bid can be made in round {self.number}: bidding.min gives {low}, bidding.max {high}")
        if not self.edition.bidding.rules:  # every bid of the range
            return tuple(range(low, high + 1))
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


# Game is a module of its own; importable from here, as it always was.
from skullking.play.game import Game  # noqa: E402
