"""Random play, fast: :func:`play_randomly` (a simulation's player) and the draws it makes.

Every draw is the one ``random.Random`` would make (``shuffle``, ``choice``, ``randint``,
``randrange``, ``sample``) from the same generator, so a seed gives the same game; draws
made without a method call per item where this Python draws as :func:`_shuffle`,
:func:`_below` and :func:`_sample` do (checked once). :func:`draw` draws a round's hands
from the deck one card at a time, as many as the round needs. :func:`random_plays`
plays the rest of a round through the :class:`~skullking.play.round.Round`'s internals,
legality worked out once a play (from one generator, or one per seat as random bots
draw: :func:`skullking.analysis.bots.play_round` uses it for a table of random bots): a friend of
the round, kept apart from it so that the round's module holds the rules of play.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from skullking.model.records import BIDDING, DECIDING, EXCHANGE, LOADING, OVER, PLAYING, Trick
from skullking.tricks.interpreter import legal_plays as trick_legal_plays

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.play.round import Decision, Round

_T = TypeVar("_T")


def _lead(lead: int, passed: bool, pass_on: bool) -> tuple[int, bool]:
    """The led suit and whether a card passed the lead on, after a card whose lead is
    ``lead`` (see :attr:`skullking.rounds.lookups.Lookups.lead`) while no suit was set: a
    numbered card sets its suit; a ``no_suit`` lead leaves none (-1), unless a card
    passed before it and the edition lets characters pass on then; else still none (-2)."""
    if lead >= 0 or (lead == -1 and not (passed and pass_on)):
        return lead, passed
    return -2, True


#: Makes a Trick without the call of its generated __new__ (the play loop makes many).
_new_trick = tuple.__new__


@functools.cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of shuffling ``size`` items: (position, choices, random bits to draw)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def _shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)`` as CPython's :class:`random.Random` does it (Fisher-Yates,
    each position's choice drawn by rejection from ``getrandbits``), without a method
    call per item: the same order and the same state of ``rng`` after it."""
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: The bits _below draws for n choices, by n (a hand's legal plays are few).
_BITS = tuple(n.bit_length() for n in range(256))


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """A number from 0 to ``n - 1`` as ``random.Random._randbelow`` draws it (by rejection
    from ``getrandbits``): what ``choice`` and ``randrange`` draw with."""
    k = n.bit_length()
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j


#: The largest population and sample :func:`_sample` draws from (``random.sample``'s
#: pool method, which it uses for such sizes).
_POOL, _PICKS = 21, 5


def _sample(rng: random.Random, population: Sequence[_T], k: int) -> list[_T]:
    """``rng.sample(population, k)`` as CPython's :class:`random.Random` draws it, without
    its set-up, for a population of at most :data:`_POOL` and ``k`` at most
    :data:`_PICKS` (a pool drawn from by :func:`_below`); larger ones are ``rng``'s."""
    n = len(population)
    if n > _POOL or not 0 <= k <= min(n, _PICKS):
        return rng.sample(population, k)
    pool, getrandbits = list(population), rng.getrandbits
    out: list[_T] = []
    for i in range(k):
        j = _below(getrandbits, n - i)
        out.append(pool[j])
        pool[j] = pool[n - i - 1]
    return out


@functools.cache
def _shuffles_alike() -> bool:
    """Whether :func:`_shuffle`, :func:`_below` and :func:`_sample` draw what
    ``random.Random.shuffle``, ``choice``, ``randint`` and ``sample`` draw on this Python
    (checked once, on a few seeds)."""
    for seed in range(8):
        size = 5 + 13 * seed
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(seed), random.Random(seed)
        _shuffle(mine, ours)
        reference.shuffle(theirs)
        if ours != theirs:
            return False
        for n in range(1, 40):
            if _below(mine.getrandbits, n) != reference.choice(range(n)):
                return False
            if 3 + _below(mine.getrandbits, n) != reference.randint(3, 2 + n):
                return False
        for n in range(1, _POOL + 1):
            for k in range(min(n, _PICKS) + 1):
                if _sample(mine, range(n), k) != reference.sample(range(n), k):
                    return False
        if mine.getrandbits(32) != reference.getrandbits(32):
            return False
    return True


def _draws_alike(rng: random.Random) -> bool:
    """Whether ``rng`` draws as :func:`_shuffle` and :func:`_below` do (a plain
    :class:`random.Random`, on a Python whose draws they match)."""
    return type(rng) is random.Random and _shuffles_alike()


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, faster when
    ``rng`` is a plain :class:`random.Random` (the deal of every round)."""
    if _draws_alike(rng):
        _shuffle(rng, items)
    else:
        rng.shuffle(items)


def draw(rng: random.Random, deck: list[_T], count: int) -> list[_T]:
    """Draw ``count`` items of ``deck`` at random, one at a time, each
    ``deck.pop(rng.randrange(len(deck)))``: the items drawn, in the order drawn (as the
    top of a shuffled deck would give them); ``deck`` keeps the others, in its own
    order. Faster when ``rng`` is a plain :class:`random.Random` (see :func:`_below`)."""
    drawn: list[_T] = []
    pop, size = deck.pop, len(deck)
    if not _draws_alike(rng):
        for n in range(size, size - min(count, size), -1):
            drawn.append(pop(rng.randrange(n)))
        return drawn
    getrandbits = rng.getrandbits
    for n in range(size, size - min(count, size), -1):
        k = _BITS[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        drawn.append(pop(j))
    return drawn


def choice(rng: random.Random, options: Sequence[_T]) -> _T:
    """``rng.choice(options)`` exactly, faster when ``rng`` is a plain
    :class:`random.Random` (no options: ``rng.choice``'s error)."""
    if options and _draws_alike(rng):
        return options[_below(rng.getrandbits, len(options))]
    return rng.choice(options)


def sample(rng: random.Random, population: Sequence[_T], k: int) -> list[_T]:
    """``rng.sample(population, k)`` exactly, faster when ``rng`` is a plain
    :class:`random.Random` and the population small (see :func:`_sample`)."""
    return _sample(rng, population, k) if _draws_alike(rng) else rng.sample(population, k)


def random_plays(round_: Round, rng: random.Random, by_seat: Sequence[random.Random] | None = None) -> None:
    """Play the rest of the round at random as :func:`play_randomly` does: each play
    drawn from the legal ones (worked out once a play, and played without
    :meth:`play`'s checks), each decision from its options, in the same order from
    the same generator; or, with ``by_seat`` (a generator per seat, the round's
    ``seats`` order; no ghost), each seat's moves from its own, as a
    :class:`~skullking.analysis.bots.RandomBot` draws them. (A friend of
    :class:`~skullking.play.round.Round`: it plays through the round's internals.)"""
    if by_seat is not None and round_.ghost is not None:
        raise ValueError("a generator per seat is for rounds without the ghost hand")
    if round_.ghost is not None:  # the ghost's turns come in between: a play at a time
        held, resolver = round_._lookups.held, round_.edition._resolver
        while round_.phase is not OVER:
            if round_._pending:
                answer_randomly(round_, rng)
                continue
            trick = round_._trick
            hand = round_.hands[round_.seats[round_._order[len(trick)]]]
            play = choice(rng, round_._options(trick_legal_plays(resolver, hand, trick)))
            round_._place(hand, held[play], play)
        return
    known, resolver, kit = round_._lookups, round_.edition._resolver, round_._kit
    held, must_follow, pass_on, lead_of = known.held, resolver.must_follow, resolver.pass_on_character, known.lead
    suit_plays, may_follow = known.suited, known.following
    resolve, tricks, cards, seats = round_.edition._compiled.resolve_dealt, round_.tricks, round_.cards, round_.seats
    grants_of = kit.grants if round_._abilities else {}
    special, declared, seatings = kit.special, known.declarations.keys(), round_._seatings
    won, captured, allied = round_._won, round_._captured, round_._allied  # (the tallies: see Round._tally)
    size = len(seats)
    # each seat's generator, and its getrandbits when its draws are made here (else
    # its rng.choice)
    if by_seat is None:
        rngs, draws = [rng] * size, [rng.getrandbits if _draws_alike(rng) else None] * size
    else:
        rngs = list(by_seat)
        draws = [r.getrandbits if _draws_alike(r) else None for r in rngs]
    hands = list(map(round_.hands.__getitem__, seats))  # by seat
    # Hands without a card twice or a card declared when played: their legal cards
    # are the plays to draw from as they stand (while they only lose cards).

    def kind_of(hand: list[Play]) -> int:
        """0, the hand's legal cards are the plays to draw from as they stand; 1, it
        holds a card twice (each drawn once); 2, it holds a card declared when played."""
        if special.isdisjoint(hand):
            return 0
        return 2 if not declared.isdisjoint(hand) else int(len(set(hand)) < len(hand))

    held_as = list(map(kind_of, hands))
    # The trick in play and its seating are kept here, and written back to the round
    # before anything else reads them (an ability, the round's end).
    trick, order, names = round_._trick, round_._order, round_._names
    while True:
        if round_._pending:
            seat = seats.index(round_._pending[0].player)
            if answer_randomly(round_, rngs[seat]) == EXCHANGE:  # (the hand changed)
                held_as[seat] = kind_of(hands[seat])
            trick, order, names = round_._trick, round_._order, round_._names
            continue
        if round_.phase is not PLAYING:
            return
        # The led suit (trick.Resolver.led_suit) as cards come: -2 while none is set.
        led, passed = -2, False
        for play in trick:  # cards played before (a trick taken over half played)
            if led == -2:
                led, passed = _lead(lead_of[play], passed, pass_on)
        for seat in order[len(trick) :]:
            hand = legal = hands[seat]
            # trick.legal_plays's rule: a numbered card follows the led suit if it can
            if led >= 0 and must_follow and not suit_plays[led].isdisjoint(hand):
                legal = list(filter(may_follow[led].__contains__, hand))
            kind = held_as[seat]
            if kind:
                legal = list(dict.fromkeys(legal)) if kind == 1 else round_._options(legal)
            getrandbits = draws[seat]
            if getrandbits:  # rng.choice(legal), drawn as random.Random draws it (see _below)
                n = len(legal)
                try:
                    k = _BITS[n]
                except IndexError:  # (a hand of more plays than the table holds)
                    k = n.bit_length()
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                play = legal[j]
            else:
                play = rngs[seat].choice(legal)
            hand.remove(held[play] if kind == 2 else play)  # (a declared card is held undeclared)
            trick.append(play)
            if led == -2:  # (_lead, written out: a call a card costs more than the rest)
                lead = lead_of[play]
                if lead >= 0 or (lead == -1 and not (passed and pass_on)):
                    led = lead
                else:
                    passed = True
        # What _finish_trick does, without a ghost.
        plays = tuple(trick)
        result = resolve(plays, size)
        number = len(tricks) + 1
        winner = names[result.winner] if result.winner is not None else None
        previous, following = order[0], order[result.next_leader]
        tricks.append(_new_trick(Trick, (number, names, plays, result, winner, seats[following])))
        if winner is not None:  # Round._tally, written out: every winner is a player here (no ghost)
            won[winner] += 1
            if result.bonuses:
                captured.append((winner, result.bonuses))
            for ally, _ in result.alliances:
                allied.append((names[ally], winner))
        trick = []
        seating = seatings.get(following)
        if seating is None:
            seating = round_._seat(following, previous)
        order, names = seating
        index = result.winning_card
        specs = grants_of.get(plays[index]) if index is not None and winner is not None else None
        if specs or number >= cards:
            round_._trick, round_._previous, round_._leader = trick, previous, following
            round_._order, round_._names = order, names
            if specs and winner is not None:
                round_._grant(winner, specs, number)
            if round_._pending or number >= cards:
                round_._advance()


def answer_randomly(round_: Round, rng: random.Random) -> str:
    """Answer the pending decision at random, as :func:`play_randomly` does (``rng.sample``
    of an exchange's options, ``rng.choice`` of the others'); its kind."""
    pending = cast("Decision", round_._pending[0])  # (the head is a decision: see Round.pending)
    if pending.kind == EXCHANGE:  # (the options are the hand's plays)
        round_._decided(pending, sample(rng, pending.options, pending.number))
    else:
        round_._decided(pending, choice(rng, pending.options))
    return pending.kind


def play_randomly(round_: Round, rng: random.Random) -> None:
    """Make every move left in ``round_`` at random, among the legal ones: the missing
    bids and loads, the plays, and each decision the abilities ask for (a simulation's
    player).

    Each move is drawn from ``rng`` exactly as it would be from what the public methods
    offer (``rng.randint`` over the bid range or ``rng.choice`` of :meth:`Round.legal_bids`,
    ``rng.choice`` of :meth:`Round.legal_plays` and of a decision's options,
    ``rng.sample`` of an exchange's), so the same generator plays the same round; the
    moves are made through the round's internals, legality worked out once a play."""
    low, high = round_.bid_range
    if round_.phase is BIDDING and not round_.edition.bidding.rules and low <= high:
        # every bid of the range is legal: the bidders in their order (to_bid's first)
        bids, width = round_._bids, high - low + 1
        getrandbits, bits = (rng.getrandbits, width.bit_length()) if _draws_alike(rng) else (None, 0)
        for player in round_.bidding_order:
            if player in bids:
                continue
            if getrandbits:  # rng.randint(low, high), drawn as _below draws it
                j = getrandbits(bits)
                while j >= width:
                    j = getrandbits(bits)
                bids[player] = low + j
            else:
                bids[player] = rng.randint(low, high)
        round_._bids_in()
    if round_.phase is BIDDING or round_.phase is LOADING:
        while round_.to_bid:
            player = round_.to_bid[0]
            options = round_.legal_bids(player)
            round_.bid(player, rng.randint(low, high) if len(options) == high - low + 1 else rng.choice(options))
        for player in round_.to_load:
            round_.load(player, rng.choice(round_.scheme.loads))
    if round_.phase is PLAYING or round_.phase is DECIDING:
        random_plays(round_, rng)
