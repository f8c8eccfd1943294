"""What one seat of a round may know, and rounds dealt again consistently with it.

A :class:`SeatView` is a player's view of a :class:`~skullking.play.round.Round` (the
information state of a game program such as OpenSpiel's): its own hand, the bids and
loads it may see, every card played and by whom, the tricks won, the decisions
announced, and what a player at the table works out from them: the cards it has not
seen (:meth:`SeatView.unseen`), how many cards each other hand holds, and the suits a
player has shown to be void in (a card played off the led suit where the edition
makes players follow it). It never shows another hand, the undealt pile (but what the
seat looked at), another player's discards, or a bid made at the same time as its own
before every bid is in.

:func:`sample` deals the cards the seat has not seen again at random, as a
Perfect-Information Monte Carlo search (GIB's) does (:func:`samples` deals many at
once): a :class:`~skullking.play.round.Round` that the same
seat would see exactly as it sees the real one, every card and move it saw in place,
every other hand holding what the history allows (the voids, the hand sizes, the
ghost hand's pile, the cards an exchange drew and discarded, the undealt cards the seat
looked at), optionally weighted (for example by how well a hand fits the bid made).

>>> import random, skullking
>>> from skullking.play.views import SeatView, sample
>>> ed = skullking.load_edition("skullking-2021")
>>> r = skullking.Round(ed, ["Ann", "Bo", "Cy"], number=3, seed=1)
>>> view = SeatView(r, "Ann")
>>> sum(view.unseen().values()), view.hand_sizes
(71, {'Ann': 3, 'Bo': 3, 'Cy': 3})
>>> dealt = sample(view, random.Random(2))
>>> dealt.hands["Ann"] == r.hands["Ann"], SeatView(dealt, "Ann").information() == view.information()
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import GameError
from skullking.model.records import BIDDING, EXCHANGE, LOADING
from skullking.tricks.interpreter import follow_suit

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.model.records import Phase, Scheme
    from skullking.model.rules import Rules
    from skullking.play.round import Round, Trick

__all__ = ["Announced", "SeatView", "from_view", "sample", "samples"]


class Announced(NamedTuple):
    """A decision an ability asked for, as a seat sees it: who made it (``player``), its
    ``kind`` and ``card``, the trick that granted it, how many cards an exchange drew
    (``number``), and the ``answer`` where the table sees it (a leader chosen, a wager,
    a bid change; the seat's own discards), else ``None`` (another player's discards,
    an exchange's cards)."""

    player: str
    kind: str
    card: str
    trick: int
    number: int
    answer: Any


class SeatView:
    """What ``seat`` may know of ``round_`` (see the module's description); a live view:
    it follows the round as moves are made."""

    __slots__ = ("_round", "seat")

    def __init__(self, round_: Round, seat: str) -> None:
        if seat not in round_.players:
            raise GameError(f"'{seat}' has no seat at this table ({', '.join(round_.players)})")
        self._round = round_
        self.seat = seat

    # -- the table -------------------------------------------------------

    @property
    def edition(self) -> Rules:
        return self._round.edition

    @property
    def players(self) -> tuple[str, ...]:
        return self._round.players

    @property
    def seats(self) -> tuple[str, ...]:
        """Everybody who plays a hand, in seat order (the ghost hand included)."""
        return self._round.seats

    @property
    def number(self) -> int:
        return self._round.number

    @property
    def cards(self) -> int:
        """Cards dealt to each hand this round."""
        return self._round.cards

    @property
    def rounds(self) -> int:
        return self._round.rounds

    @property
    def scheme(self) -> Scheme:
        return self._round.scheme

    @property
    def modules(self) -> frozenset[str]:
        return self._round.modules

    @property
    def phase(self) -> Phase:
        return self._round.phase

    @property
    def bid_range(self) -> tuple[int, int]:
        return self._round.range_of(self.seat)

    # -- what the seat holds and sees ------------------------------------

    @property
    def hand(self) -> tuple[Play, ...]:
        return tuple(self._round.hands[self.seat])

    @property
    def bids(self) -> dict[str, int]:
        """The bids this seat may see, with any bid change: the bids made so far when
        players bid in turn; when they bid at the same time, its own until every bid is
        in (bids are revealed together)."""
        round_ = self._round
        bids = round_.bids
        if round_.phase is BIDDING and round_.edition.bidding.order != "in_turn":
            return {p: b for p, b in bids.items() if p == self.seat}
        return bids

    @property
    def loads(self) -> dict[str, str]:
        """The loads this seat may see: its own until every load is chosen (they are
        revealed together), then everybody's."""
        round_ = self._round
        if round_.phase is LOADING:
            return {p: v for p, v in round_.loads.items() if p == self.seat}
        return dict(round_.loads)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks (each with its players, plays, result and winner)."""
        return tuple(self._round.tricks)

    @property
    def trick(self) -> tuple[Play, ...]:
        """The cards of the trick in progress, in play order."""
        return self._round.trick

    @property
    def trick_players(self) -> tuple[str, ...]:
        """Who played the cards of the trick in progress, in play order."""
        round_ = self._round
        return round_._seating.names[: len(round_._trick)]

    @property
    def trick_order(self) -> tuple[str, ...]:
        """Who plays the trick in progress, in play order (the ghost hand included), its
        leader first: the next trick's while no card of it is played (during the bidding,
        the first trick's). The seat's place in the trick is its index here."""
        return self._round._seating.names

    @property
    def played(self) -> tuple[tuple[str, Play], ...]:
        """Every card played this round, in play order, with who played it (the trick in
        progress included)."""
        out = [(seat, play) for t in self._round.tricks for seat, play in zip(t.players, t.plays, strict=True)]
        out.extend(zip(self.trick_players, self.trick, strict=True))
        return tuple(out)

    @property
    def won(self) -> dict[str, int]:
        return self._round.won

    @property
    def decisions(self) -> tuple[Announced, ...]:
        """The decisions made so far, in order, as the table sees them (:class:`Announced`)."""
        out = []
        for decision, answer, _ in self._round.decisions:
            shown = answer
            if decision.kind == EXCHANGE:
                shown = tuple(answer) if decision.player == self.seat else None
            out.append(Announced(decision.player, decision.kind, decision.card, decision.trick, decision.number, shown))
        return tuple(out)

    @property
    def pending(self) -> Announced | None:
        """The decision the round waits for, as the table sees it (its answer ``None``)."""
        decision = self._round.pending
        if decision is None:
            return None
        return Announced(decision.player, decision.kind, decision.card, decision.trick, decision.number, None)

    @property
    def seen(self) -> tuple[Play, ...]:
        """The undealt cards this seat looked at (an ability), in pile order, as they lay
        then; ``()`` when it did not look."""
        return self._round.seen.get(self.seat, ())

    @property
    def discarded(self) -> tuple[Play, ...]:
        """The cards this seat discarded (an exchange)."""
        return self._round.discarded.get(self.seat, ())

    # -- what a player at the table works out -----------------------------

    @property
    def hand_sizes(self) -> dict[str, int]:
        """How many cards each hand holds now (the ghost's included)."""
        return {name: len(hand) for name, hand in self._round.hands.items()}

    def unseen(self) -> Counter[Play]:
        """The cards of the deck in play this seat has not seen (each as dealt, a copy
        counted once each): in the other hands, the undealt pile or the other players'
        discards. Cards it saw in the undealt pile count as seen."""
        round_ = self._round
        out = Counter(round_._kit.deck)
        out.subtract(self._known())
        return +out

    def voids(self) -> dict[str, frozenset[str]]:
        """Per other player, the suits (ids) it has shown it holds none of: it played a
        card off the led suit where the edition makes players follow it. A void counts
        from the last time the player drew cards (an exchange may bring the suit back)."""
        suits = {s.slot: s.id for s in self._round.edition.suits}
        return {p: frozenset(suits[s] for s in shown) for p, shown in _voids(self._round, self.seat).items() if shown}

    def needs(self) -> int:
        """Tricks this seat still needs to make its bid (negative: already over it)."""
        return self.bids.get(self.seat, 0) - self.won.get(self.seat, 0)

    def tricks_left(self) -> int:
        return self.cards - len(self._round.tricks)

    def to_play_after(self) -> int:
        """How many hands play after this seat in the trick in progress."""
        return len(self.seats) - len(self.trick) - 1

    def information(self) -> tuple[Any, ...]:
        """Everything this seat knows, as one value: two positions this seat cannot tell
        apart give equal values (an information state, as OpenSpiel calls it)."""
        return (
            self.seat,
            self.number,
            self.cards,
            self.phase,
            sorted(p.code for p in self.hand),
            self.bids,
            self.loads,
            tuple((s, p.code) for s, p in self.played),
            self.won,
            self.decisions,
            self.pending,
            tuple(p.code for p in self.seen),
            self.discarded,
            self.hand_sizes,
            sorted((p.code, n) for p, n in self.unseen().items()),
            self.voids(),
            len(self._round.undealt),
            {p: len(d) for p, d in self._round.discarded.items()},
        )

    def _known(self) -> list[Play]:
        """The cards whose place this seat knows (as dealt): its hand, the cards played,
        its discards and the undealt cards it looked at."""
        round_ = self._round
        plays = round_.edition.plays
        known = list(round_.hands[self.seat])
        known += [plays[p.card.code] for _, p in self.played]
        known += self.discarded
        # the undealt cards it looked at: those still on the pile, and those another
        # player drew since and has not played (in that hand or discarded)
        looked = _looked(round_, self.seat)
        if looked is not None:
            pile, _, held = looked
            known += pile
            for cards in held.values():
                known += cards.elements()
        return known


# ----------------------------------------------------------------------------- history


def _draws(round_: Round) -> list[tuple[str, int, int | None]]:
    """Every exchange's draw from the undealt pile, in order: who drew, how many cards,
    and the index of its decision among ``round_.decisions`` (``None``: the one pending,
    which has drawn but not discarded yet)."""
    out: list[tuple[str, int, int | None]] = [
        (d.player, d.number, i) for i, (d, _, _) in enumerate(round_.decisions) if d.kind == EXCHANGE
    ]
    head = round_.pending
    if head is not None and head.kind == EXCHANGE:
        out.append((head.player, head.number, None))
    return out


def _draws_after(round_: Round, seat: str) -> list[tuple[str, int, int | None]]:
    """The draws made after ``seat`` looked at the undealt pile: as many of the last
    draws as took the cards it saw that are gone from the pile (a look changes nothing
    but what the seat knows; only draws take cards from the pile, from its top)."""
    if seat not in round_.seen:
        return []
    gone = len(round_.seen[seat]) - len(round_.undealt)
    out: list[tuple[str, int, int | None]] = []
    for draw in reversed(_draws(round_)):
        if gone <= 0:
            break
        out.insert(0, draw)
        gone -= draw[1]
    return out


def _looked(
    round_: Round, seat: str
) -> tuple[list[Play], dict[int | None, list[Play]], dict[str, Counter[Play]]] | None:
    """What ``seat`` knows from looking at the undealt pile (``None``: it did not look):
    the pile now, the cards each draw since took (by the draw's decision index, see
    :func:`_draws`), and per other player the cards drawn since that are not played
    since (in its hand or its discards)."""
    if seat not in round_.seen:
        return None
    pile = list(round_.seen[seat])
    taken: dict[int | None, list[Play]] = {}
    held: dict[str, Counter[Play]] = {}
    first: dict[str, int] = {}
    for player, number, index in _draws_after(round_, seat):
        taken[index], pile = pile[:number], pile[number:]
        if player != seat:
            held.setdefault(player, Counter()).update(taken[index])
            first.setdefault(player, len(round_.tricks) if index is None else round_.decisions[index][2])
    plays = round_.edition.plays
    for number, (players, trick) in enumerate(_tricks_so_far(round_)):
        for player, play in zip(players, trick, strict=True):
            if player in held and number >= first[player]:
                held[player][plays[play.card.code]] -= 1
    return pile, taken, {p: +cards for p, cards in held.items()}


def _drew_after(round_: Round) -> dict[str, int]:
    """Per player who drew cards, the tricks finished before its last draw."""
    out: dict[str, int] = {}
    for player, _, index in _draws(round_):
        out[player] = len(round_.tricks) if index is None else round_.decisions[index][2]
    return out


def _tricks_so_far(round_: Round) -> list[tuple[tuple[str, ...], tuple[Play, ...]]]:
    """Each trick's players and plays, in play order, the one in progress included."""
    out = [(t.players, t.plays) for t in round_.tricks]
    if round_._trick:
        out.append((round_._seating.names[: len(round_._trick)], tuple(round_._trick)))
    return out


def _voids(round_: Round, seat: str) -> dict[str, set[int]]:
    """Per player but ``seat`` (the ghost never follows), the led suits (indices) it
    failed to follow since it last drew cards (see :meth:`SeatView.voids`)."""
    rules = round_._rules
    voids: dict[str, set[int]] = {p: set() for p in round_.players if p != seat}
    if not rules.must_follow:
        return voids
    drew = _drew_after(round_)
    for number, (players, plays) in enumerate(_tricks_so_far(round_)):
        for k, (player, play) in enumerate(zip(players, plays, strict=True)):
            if k == 0 or player not in voids or number < drew.get(player, 0):
                continue
            led = rules.lead(plays[:k])
            if led is not None and led >= 0 and play not in rules.following[led]:
                voids[player].add(led)
    return voids


# ----------------------------------------------------------------------------- sampling

#: Deals tried before :func:`sample` gives up (a view no deal fits is a broken round).
TRIES = 10_000


def sample(
    view: SeatView,
    rng: random.Random,
    *,
    weight: Callable[[Round], float] | None = None,
) -> Round:
    """A round that ``view``'s seat cannot tell from the real one: the cards it has not
    seen (:meth:`SeatView.unseen`) dealt again at random to the other hands, the ghost's
    pile, the undealt pile and the other players' discards, each its size, so that
    every card played could have been played from the hand it came from (the voids,
    through every exchange: the cards an exchange drew are chosen among those it left
    the hand with) and the seat's view of it is the same
    (:meth:`SeatView.information`). The round's history is dealt again with it (the
    hands as dealt, the cards each exchange drew and discarded, the undealt cards
    another player looked at), and the bids and loads made at the same time as the
    seat's that it has not seen are not made yet in it: nothing in it comes from what
    the real round hides from the seat. It plays on as the real one would,
    independent of it.

    The unseen cards are dealt to the free places as a shuffled deck deals them, a card
    a void bars from some hand first (among the places it may take), and a deal that
    no history fits is drawn again: every deal the view allows can come, about equally
    often (not exactly: a search wants many quick deals more than exact odds, as GIB's
    dealer did).

    ``weight``, given, maps a candidate round to a number from 0 to 1: a candidate is
    kept with that chance, so rounds come in proportion to their weight (for example
    how well each hand fits the bid its player made). Raises
    :class:`~skullking.core.errors.GameError` when no deal is found in :data:`TRIES`
    tries (a weight that keeps almost nothing)."""
    return _Plan(view).sample(rng, weight)


def samples(
    view: SeatView,
    rng: random.Random,
    count: int,
    *,
    weight: Callable[[Round], float] | None = None,
) -> list[Round]:
    """``count`` rounds dealt again from ``view``, each as :func:`sample` deals one (what
    the view fixes worked out once for all of them)."""
    plan = _Plan(view)
    return [plan.sample(rng, weight) for _ in range(count)]


def from_view(
    view: SeatView,
    hands: Mapping[str, str | Iterable[str | Play]],
    rng: random.Random,
    *,
    discards: Mapping[str, str | Iterable[str | Play]] | None = None,
    undealt: str | Iterable[str | Play] | None = None,
) -> Round:
    """The round ``view``'s seat sees, with the cards it has not seen placed as given
    (a deal of one's own, as :func:`sample` makes one at random): ``hands``, every other
    hand as it is now (the ghost's pile top card first), ``discards``, each other
    player's discards (those who discarded), ``undealt``, the undealt pile top first
    (default: the cards left, in an order drawn with ``rng``, or the pile the seat
    looked at). The history is dealt again to fit, as :func:`sample` deals it (what
    each exchange drew chosen with ``rng``). Raises
    :class:`~skullking.core.errors.GameError` naming what does not fit: a hand of the
    wrong size, cards that are not the unseen ones, a card a void bars from a hand, a
    card the seat saw elsewhere, a deal no history of the round fits."""
    plan = _Plan(view)
    real, seat, edition = plan.round, plan.seat, plan.round.edition

    def cards(given: str | Iterable[str | Play], what: str) -> list[Play]:
        return [edition.plays[p.card.code] for p in real._cards(given, what)]

    given: dict[str, list[Play]] = {}
    for name in plan.others:
        if name not in hands:
            raise GameError(f"no hand for {name}")
        given[name] = cards(hands[name], f"{name}'s hand")
    extra = [name for name in hands if name not in plan.others]
    if extra:
        raise GameError(f"a hand for '{extra[0]}': give the hands of {', '.join(plan.others)}")
    for name, thrown in (discards or {}).items():
        if f"discards:{name}" not in plan.room:
            raise GameError(f"{name} discarded no cards this round")
        given[f"discards:{name}"] = cards(thrown, f"{name}'s discards")
    for place in plan.room:
        given.setdefault(place, [])
    for place, room in plan.room.items():
        if place != "undealt" and len(given[place]) != room:
            what = f"{place[9:]}'s discards" if place.startswith("discards:") else f"{place}'s hand"
            raise GameError(f"{what} has {len(given[place])} cards, but {seat} sees {room}")
    left = Counter(plan.hidden)
    if plan.pile is not None:
        left.update(plan.pile)
    for held in plan.known_held.values():
        left.update(held)
    placed = Counter(p for place, hand in given.items() if place != "undealt" for p in hand)
    if placed - left:
        codes = " ".join(p.code for p in (placed - left).elements())
        raise GameError(f"{codes}: not among the cards {seat} has not seen")
    if undealt is None:
        pile = list(plan.pile) if plan.pile is not None else list((left - placed).elements())
        if plan.pile is None:
            rng.shuffle(pile)
        given["undealt"] = pile
    else:
        given["undealt"] = cards(undealt, "the undealt cards")
    if Counter(given["undealt"]) != left - placed:
        raise GameError(f"the undealt cards must be the cards {seat} has not seen that no hand holds")
    if plan.pile is not None and given["undealt"] != plan.pile:
        raise GameError(f"{seat} looked at the undealt cards: they lie as it saw them")
    for name, barred in plan.barred.items():
        bad = [p.code for p in given[name] if p in barred]
        if bad:
            raise GameError(f"{name} has shown no card of the suit of {' '.join(bad)} since drawing cards")
    for name, held in plan.known_held.items():
        missing = held - Counter(given[name] + given.get(f"discards:{name}", []))
        if missing:
            codes = " ".join(p.code for p in missing.elements())
            raise GameError(f"{seat} saw {name} draw {codes}: in {name}'s hand or discards")
    for _ in range(100):
        out = plan.build(rng, given)
        if out is not None:
            return out
    raise GameError(f"no history of the round fits these hands (a card played where {seat} saw a void)")


class _Plan:
    """What a seat's view fixes of a deal, worked out once for every sample."""

    def __init__(self, view: SeatView) -> None:
        round_ = self.round = view._round
        self.seat = seat = view.seat
        self.hidden = view.unseen()
        self.others = [name for name in round_.seats if name != seat]
        self.room = {name: len(round_.hands[name]) for name in self.others}
        for name, cards in round_.discarded.items():
            if name != seat:
                self.room[f"discards:{name}"] = len(cards)
        self.room["undealt"] = len(round_.undealt)
        rules = round_._rules
        self.barred = {
            p: frozenset().union(*(rules.suit_plays[s] for s in shown))
            for p, shown in _voids(round_, seat).items()
            if shown
        }
        self.constrained: frozenset[Play] = frozenset().union(*self.barred.values())
        # Where the seat looked at the undealt pile, it knows the pile now and which
        # cards each draw since took.
        self.draws = _draws(round_)
        looked = _looked(round_, seat)
        self.pile: list[Play] | None = None
        self.known_draws: dict[int | None, list[Play]] = {}
        self.known_held: dict[str, Counter[Play]] = {}
        if looked is not None:
            self.pile, self.known_draws, self.known_held = looked
        # each player's moves in order: ("play", play, led suit) and ("draw", index)
        self.moves: dict[str, list[tuple[Any, ...]]] = {name: [] for name in round_.seats}
        draws_at: dict[int, list[tuple[str, int | None]]] = {}
        for player, _, index in self.draws:
            done = len(round_.tricks) if index is None else round_.decisions[index][2]
            draws_at.setdefault(done, []).append((player, index))
        for number, (players, plays) in enumerate(_tricks_so_far(round_)):
            for player, index in draws_at.get(number, ()):
                self.moves[player].append(("draw", index))
            for k, (player, play) in enumerate(zip(players, plays, strict=True)):
                led = rules.lead(plays[:k]) if k else None
                self.moves[player].append(("play", play, -1 if led is None else led))
        for player, index in draws_at.get(len(_tricks_so_far(round_)), ()):
            self.moves[player].append(("draw", index))

    def sample(self, rng: random.Random, weight: Callable[[Round], float] | None) -> Round:
        """One round dealt again (see :func:`sample`)."""
        for _ in range(TRIES):
            out = self.build(rng)
            if out is None:
                continue
            if weight is not None:
                kept = weight(out)
                if not 0 <= kept <= 1:
                    raise GameError(f"a sample's weight must be from 0 to 1, not {kept!r}")
                if rng.random() >= kept:
                    continue
            return out
        raise GameError(f"no deal of the unseen cards fits what {self.seat} has seen in {TRIES} tries")

    def deal(self, rng: random.Random) -> dict[str, list[Play]] | None:
        """The hidden cards dealt at random to the places that may hold them (each other
        hand, each other player's discards under ``"discards:NAME"``, the pile under
        ``"undealt"``), or ``None`` at a dead end."""
        cards = list(self.hidden.elements())
        room = dict(self.room)
        places: dict[str, list[Play]] = {name: [] for name in room}
        if self.pile is not None:  # the pile is known: what the seat saw still on it
            places["undealt"] = list(self.pile)
            room["undealt"] = 0
        for player, held in self.known_held.items():  # in the drawer's hand, or discarded
            for play in held.elements():
                options = [p for p in (player, f"discards:{player}") if room.get(p, 0) > 0]
                if not options:
                    return None
                where = rng.choice(options)
                places[where].append(play)
                room[where] -= 1
        # Every free place a card may go to, once per card it has room for: a card a void
        # bars from some hand takes one of the others at random, first (they have the
        # fewest places); the rest are dealt to the places left as a shuffled deck is.
        slots = [name for name, free in room.items() for _ in range(free)]
        barred = self.barred
        rest = []
        constrained = self.constrained
        for play in cards:
            if play not in constrained:
                rest.append(play)
                continue
            allowed = [i for i, name in enumerate(slots) if name not in barred or play not in barred[name]]
            if not allowed:
                return None
            i = allowed[rng.randrange(len(allowed))]
            places[slots[i]].append(play)
            slots[i] = slots[-1]
            slots.pop()
        rng.shuffle(rest)
        for name, play in zip(slots, rest, strict=True):
            places[name].append(play)
        return places

    def build(self, rng: random.Random, given: dict[str, list[Play]] | None = None) -> Round | None:
        """A copy of the round with a new deal of the hidden cards (``given``, in the
        places of :meth:`deal`, or dealt at random) and its history dealt again to fit,
        or ``None`` when this deal fits no history (the caller tries again)."""
        dealt = self.deal(rng) if given is None else {name: list(cards) for name, cards in given.items()}
        if dealt is None:
            return None
        real, seat, rules = self.round, self.seat, self.round._rules
        plays = real.edition.plays
        undealt = dealt["undealt"]
        if self.pile is None and given is None:
            rng.shuffle(undealt)
        drawn: dict[int | None, list[Play]] = {}
        thrown: dict[int, list[Play]] = {}
        offered: dict[int, list[Play]] = {}
        dealt_hands: dict[str, list[Play]] = {}
        for name in self.others:
            hand = list(dealt[name])
            discards = list(dealt.get(f"discards:{name}", ()))
            rng.shuffle(discards)
            for move in reversed(self.moves[name]):
                if move[0] == "play":
                    _, play, led = move
                    card = plays[play.card.code]
                    if name in real.players and card not in follow_suit(rules, [*hand, card], led):
                        return None  # it would have had to follow suit
                    hand.append(card)
                    continue
                index = move[1]
                number = real.pending.number if index is None else real.decisions[index][0].number  # type: ignore[union-attr]
                if index is not None:
                    thrown[index], discards = discards[len(discards) - number :], discards[: len(discards) - number]
                    hand += thrown[index]
                took = self._drawn(name, hand, number, index, rng)
                if took is None:
                    return None
                drawn[index] = took
                for play in took:
                    hand.remove(play)
                # the hand the exchange offered: the cards drawn last (as a draw adds them)
                if index is None:
                    dealt[name] = [*hand, *took]
                else:
                    offered[index] = [*hand, *took]
            dealt_hands[name] = hand
        pile: list[Play] = []
        for player, _, index in self.draws:
            if player == seat:
                decision = real.pending if index is None else real.decisions[index][0]
                assert decision is not None
                pile += decision.options[len(decision.options) - decision.number :]
            else:
                pile += drawn[index]
        out = real.copy()
        for name in self.others:
            out.hands[name] = list(dealt[name])
            ghost = real.ghost_name
            # the ghost turns over the top of its pile: as dealt, its plays then the rest
            if name == ghost:
                out.dealt[name] = (*(plays[p.card.code] for p in self._ghost_plays()), *dealt[name])
            else:
                out.dealt[name] = tuple(dealt_hands[name])
            if f"discards:{name}" in dealt:
                out.discarded[name] = tuple(
                    p
                    for i, (d, _, _) in enumerate(real.decisions)
                    if d.kind == EXCHANGE and d.player == name
                    for p in thrown[i]
                )
        out.undealt = undealt
        # the bids and loads made at the same time as the seat's, which it has not seen:
        # not made yet, as far as the round dealt again goes
        if real.phase is BIDDING and real.edition.bidding.order != "in_turn":
            out._bids = {p: b for p, b in real._bids.items() if p == seat}
        elif real.phase is LOADING:
            out.loads = {p: v for p, v in real.loads.items() if p == seat}
        for index, (decision, _, done) in enumerate(real.decisions):
            if decision.kind == EXCHANGE and decision.player != seat:
                out.decisions[index] = (decision._replace(options=tuple(offered[index])), tuple(thrown[index]), done)
        for name, seen in real.seen.items():
            if name != seat:  # the pile as it lay when they looked
                out.seen[name] = tuple(pile[len(pile) + len(undealt) - len(seen) :] + undealt)[: len(seen)]
        head = real.pending
        if head is not None and head.kind == EXCHANGE and head.player != seat:
            out._pending[0] = head._replace(options=tuple(out.hands[head.player]))
        out._repeats = {name for name, hand in out.hands.items() if out._holds_repeats(hand)}
        return out

    def _ghost_plays(self) -> list[Play]:
        ghost = self.round.ghost_name
        return [
            p
            for players, trick in _tricks_so_far(self.round)
            for s, p in zip(players, trick, strict=True)
            if s == ghost
        ]

    def _drawn(
        self, player: str, hand: list[Play], number: int, index: int | None, rng: random.Random
    ) -> list[Play] | None:
        """The cards ``player``'s exchange ``index`` drew, among ``hand`` (the hand it
        offered): those the seat saw drawn; else first those the player's earlier voids
        bar from the hand it held before (they can only have come with the draw), the
        rest at random; ``None`` when no choice fits."""
        known = self.known_draws.get(index)
        if known is not None:
            left = list(hand)
            for play in known:
                if play not in left:
                    return None
                left.remove(play)
            return list(known)
        barred = self._barred_before(player, index)
        must = [p for p in hand if p in barred]
        if len(must) > number:
            return None
        rest = list(hand)
        for play in must:
            rest.remove(play)
        return must + rng.sample(rest, number - len(must))

    def _barred_before(self, player: str, index: int | None) -> frozenset[Play]:
        """The cards barred from ``player``'s hand by the voids it showed between its
        previous draw and draw ``index``."""
        rules = self.round._rules
        if not rules.must_follow:
            return frozenset()
        barred: set[Play] = set()
        for move in self.moves[player]:
            if move[0] == "draw":
                if move[1] == index:
                    break
                barred = set()
            else:
                _, play, led = move
                if led >= 0 and play not in rules.following[led]:
                    barred |= rules.suit_plays[led]
        return frozenset(barred)
