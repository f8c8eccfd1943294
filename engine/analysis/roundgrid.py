"""The grid of rounds ``diff`` scores under both editions (:class:`RoundGrid`): each round
of both default schedules, every bid and tricks won, and, near the bid, each bonus id,
an alliance made or missed, each wager, each bid change and each load of either
edition, and the values of what else the formulas of either edition read (the others'
bids, the cards played, the game before the round). Rounds a score sheet would refuse
are not in it.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.analysis.roundscene import PLAYERS, Past, Scene, bid_range, choice_refusal
from skullking.language.expr import PAST
from skullking.model.records import GAME_PLAYER_NAMES, GAME_SEAT_NAMES, EffectKind
from skullking.scoring.schemes import played_names_used, scorer

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.expr import Expression
    from skullking.model.cards import Card
    from skullking.model.records import Scheme, SheetChoice


def deals_of(editions: Sequence[Edition]) -> list[tuple[int, int]]:
    """(round number, cards dealt) of each round of the editions' default schedules."""
    deals: set[tuple[int, int]] = set()
    for edition in editions:
        for number in range(1, len(edition.schedule().rounds) + 1):
            cards = edition.cards_dealt(number, len(PLAYERS))
            if cards is not None:
                deals.add((number, cards))
    return sorted(deals)


def _union(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(values))


def scenes(a: Edition, b: Edition, scheme_a: Scheme, scheme_b: Scheme) -> Iterator[Scene]:
    """The grid of rounds: every bid (of either edition's range) and every number of
    tricks won, in each load; and, for the bids 0, 1, 2 and all the cards with tricks
    won within one of the bid, each alliance, wager and bid change of either edition,
    and each bonus id (or, off the bid, the first), one at a time (all bids would take
    several times as long); and there too, one at a time, the values of what else the
    formulas of either edition read (see :class:`RoundGrid`)."""
    return iter(RoundGrid(a, b, scheme_a, scheme_b))


class _Deal(NamedTuple):
    """A round of the grid's schedules: its number, cards, the bids of either range,
    how many rounds one load of it plays with the bid and tricks won alone, and the
    (bid, won, how many more) of those also played with a bonus, an ally, a wager or a
    bid change."""

    number: int
    cards: int
    bids: list[int]
    plain: int
    near: list[tuple[int, int, int]]


def deals_with_bids(a: Edition, b: Edition) -> list[tuple[int, int, list[int]]]:
    """(number, cards, bids of either range) of each round of the grid's schedules."""
    return [
        (number, cards, sorted({*bid_range(a, cards, number), *bid_range(b, cards, number)}))
        for number, cards in deals_of((a, b))
    ]


def formulas_read(a: Edition, b: Edition, scheme_a: Scheme, scheme_b: Scheme) -> list[Expression]:
    """The formulas a grid round of the two editions is scored and checked with: the
    schemes' (``made``, the cases, the adjustments), the bidding rules, the limits of a
    bid and the seat formulas (who deals, leads and bids first: the bidding order)."""
    formulas: list[Expression | None] = []
    for scheme in (scheme_a, scheme_b):
        formulas += [scheme.made, *(e for c in scheme.cases for e in (c.when, c.points))]
        formulas += [e for step in scheme.adjustments for e in (step.when, step.points)]
    for edition in (a, b):
        formulas += [rule.require for rule in edition.bidding.rules]
        formulas += [edition.bidding.min, edition.bidding.max]
        play = edition.play_rules
        formulas += [play.dealer, play.first_leader, edition.bidding.first_bidder]
    return [f for f in formulas if f is not None]


#: The names about the game so far, by what of the game before a round the grid varies
#: for them: the standings before the previous round, that round's results, and who won
#: its last trick.
_PAST_NAMES = {
    "standings": frozenset(("total", "rank", "last", "first_place", "last_place")),
    "previous": frozenset(
        ("previous_points", "previous_bid", "previous_won", "previous_top_scorer", "total", "rank", PAST)
    ),
    "winner": frozenset(("previous_last_winner",)),
}


class RoundGrid:
    """The grid of rounds of :func:`scenes` under one pair of schemes: walked in order,
    counted without being written out, and any of its rounds had by its index (then
    numbered load by load, the rounds with a bonus, ally, wager, bid change or other
    value after each deal's plain ones, not in the order the grid is walked).

    Besides the bid and tricks won, a round near the bid is also played, one at a time,
    with what else the formulas of either edition (:func:`formulas_read`) read, and only
    then: other bids of the third player where one reads ``total_bids`` or the whole
    table; for each ``played_`` name, 1 to all the cards of the round played by ``P1``
    that it counts (as far as the decks have them); and where one reads the game so far,
    a game before the round (:class:`Past`), its standings, the previous round's results
    and who won its last trick varied one at a time, each as the names read need. Rounds
    that cannot happen are left out: a bonus captured or a wager or bid change won with a
    card (a card the choice needs, under an edition that has it) with no trick won, or a
    wager or bid change that comes only with a trick before the round's last in a round
    of one trick, an alliance whose ally took no trick."""

    def __init__(
        self,
        a: Edition,
        b: Edition,
        scheme_a: Scheme,
        scheme_b: Scheme,
        deals: Sequence[tuple[int, int, list[int]]] | None = None,
    ) -> None:
        pair = (a, b)
        self.loads: list[str | None] = _union([*scheme_a.loads, *scheme_b.loads]) or [None]
        self.bonuses = _union(bonus.id for e in pair for bonus in e.bonuses)
        self.allies = (
            ("made", "missed") if any(e.kind is EffectKind.ALLIANCE for ed in pair for e in ed.effects) else ()
        )
        self.wagers = _union(v for e in pair if e.wagers for v in e.wagers.values if v)
        self.changes = _union(v for e in pair if e.bid_changes for v in e.bid_changes.values if v)
        self.wager_choices = [e.wagers for e in pair if e.wagers]
        self.change_choices = [e.bid_changes for e in pair if e.bid_changes]
        formulas = formulas_read(a, b, scheme_a, scheme_b)
        names = frozenset().union(*(f.variables for f in formulas))
        #: Whether a formula reads the others' bids: the third player's bid is varied.
        self.table = "total_bids" in names or any(f.uses_table for f in formulas)
        #: The cards P1 may have played, as many as each played_ name read counts.
        self.pools = [
            pool
            for name in sorted({n for s in (scheme_a, scheme_b) for n in played_names_used(s)})
            if (pool := _played_pool(pair, (scheme_a, scheme_b), name))
        ]
        #: The card P1 played for an alliance, a wager or a bid change, where a formula
        #: counts cards played (else none: it changes nothing).
        self.cards_for: dict[str, tuple[str, ...]] = {}
        if self.pools:
            alliance = {e.id for ed in pair for e in ed.effects if e.kind is EffectKind.ALLIANCE}
            needs: list[tuple[str, Callable[[Card], bool]]] = [
                ("ally", lambda card: card.kind in {k.id for ed in pair for k in ed.kinds if k.effect in alliance}),
                ("wager", lambda card: _won_with(card, self.wager_choices)),
                ("change", lambda card: _won_with(card, self.change_choices)),
            ]
            for field, needed in needs:
                code = next(
                    (str(p) for ed in pair for p in ed.plays.values() if not p.undeclared and needed(p.card)), None
                )
                if code is not None:
                    self.cards_for[field] = (code,)
        #: What of the game before a round is varied (see _PAST_NAMES).
        self.past = {what for what, read in _PAST_NAMES.items() if read & names}
        # (``deals`` alone needs no game before: the dealer follows from the round number,
        # or from the seats its formula reads, which are among the names)
        if names & (frozenset((*GAME_PLAYER_NAMES, *GAME_SEAT_NAMES)) - {"deals"}):
            self.past.add("base")
        deal_list = deals_with_bids(a, b) if deals is None else deals
        #: The cards dealt in each round number (the first deal of that number).
        self.dealt: dict[int, int] = {}
        for number, cards, _ in deal_list:
            self.dealt.setdefault(number, cards)
        self.deals: list[_Deal] = []
        self.starts: list[int] = []  # where each deal's rounds of one load start
        per_load = 0
        for number, cards, bids in deal_list:
            near = []
            for bid in (bid for bid in bids if bid in (0, 1, 2, cards)):
                for won in range(max(0, bid - 1), min(cards, bid + 1) + 1):
                    more = sum(len(options) for _, options in self._choices(number, cards, bid, won))
                    near.append((bid, won, more))
            deal = _Deal(number, cards, bids, len(bids) * (cards + 1), near)
            self.deals.append(deal)
            self.starts.append(per_load)
            per_load += deal.plain + sum(more for _, _, more in near)
        self.per_load = per_load

    def _with(self, plain: Scene, field: str, value: Any) -> Scene:
        """The round ``plain`` with ``value`` for ``field``, and, where a formula counts
        cards played, the card P1 played for it (the Loot of an alliance, the card a
        wager or bid change is won with)."""
        scene = plain._replace(**{field: value})
        cards = self.cards_for.get(field)
        return scene._replace(played=cards) if cards else scene

    def _choices(self, number: int, cards: int, bid: int, won: int) -> list[tuple[str, Sequence[Any]]]:
        """What a round with this bid and tricks won is also played with, one at a time
        (the field of the scene, its values): nothing unless it is near the bid."""
        if abs(won - bid) > 1 or bid not in (0, 1, 2, cards):
            return []
        # Formulas see only the sum of the bonuses: each id where the bid is made, one to
        # show how a near miss pays them.
        return [
            ("captured", (self.bonuses if won == bid else self.bonuses[:1]) if won else ()),
            ("ally", self.allies if won < cards else ()),  # (the ally takes the Loot's trick)
            ("wager", [v for v in self.wagers if _possible(self.wager_choices, v, cards, won)]),
            (
                "change",
                [
                    change
                    for change in self.changes
                    if 0 <= bid + change <= cards and _possible(self.change_choices, change, cards, won)
                ],
            ),
            ("third_bid", range(1, cards + 1) if self.table else ()),
            (
                "played",
                _union(tuple(pool[:count]) for pool in self.pools for count in range(1, min(cards, len(pool)) + 1)),
            ),
            ("past", self._pasts(number)),
        ]

    def _pasts(self, number: int) -> list[Past]:
        """The games before round ``number`` the grid plays it after (none unless a
        formula reads the game so far; round 1 has none): one, then (as the names read
        need) the standings, the previous round's results and who won its last trick
        changed one at a time."""
        cards = tuple(self.dealt.get(k) or 0 for k in range(1, number))
        if not self.past or number < 2 or not all(cards):
            return []
        base = Past(cards)
        pasts = [base]
        if "standings" in self.past and number >= 3:  # (a standing is made before the previous round)
            pasts += [base._replace(lead=0), base._replace(lead=2)]
        last = cards[-1]
        if "previous" in self.past:
            for bid in sorted({0, 1, 2, last} & set(range(last + 1))):
                for won in range(max(0, bid - 1), min(last, bid + 1) + 1):
                    pasts.append(base._replace(bid=bid, won=won, last=0 if won else 2))
        if "winner" in self.past and last >= 2:  # (P3 took a trick: it may have been the last)
            pasts.append(base._replace(last=2))
        return _union(pasts)

    def __len__(self) -> int:
        return len(self.loads) * self.per_load

    def __iter__(self) -> Iterator[Scene]:
        for deal in self.deals:
            for bid, won, load in itertools.product(deal.bids, range(deal.cards + 1), self.loads):
                plain = Scene(deal.number, deal.cards, bid, won, load=load)
                yield plain
                for field, options in self._choices(deal.number, deal.cards, bid, won):
                    yield from (self._with(plain, field, value) for value in options)

    def __getitem__(self, index: int) -> Scene:
        if not 0 <= index < len(self):
            raise IndexError(index)
        load, index = divmod(index, self.per_load)
        deal = self.deals[bisect.bisect_right(self.starts, index) - 1]
        index -= self.starts[self.deals.index(deal)]
        if index < deal.plain:
            bid, won = divmod(index, deal.cards + 1)
            return Scene(deal.number, deal.cards, deal.bids[bid], won, load=self.loads[load])
        index -= deal.plain
        for bid, won, more in deal.near:
            if index >= more:
                index -= more
                continue
            plain = Scene(deal.number, deal.cards, bid, won, load=self.loads[load])
            for field, options in self._choices(deal.number, deal.cards, bid, won):
                if index < len(options):
                    return self._with(plain, field, options[index])
                index -= len(options)
        raise AssertionError("counted rounds are all had")  # pragma: no cover


def _won_with(card: Card, choices: Sequence[SheetChoice]) -> bool:
    """Whether ``card`` is the one a trick must be won with for one of ``choices``."""
    return any(c.card is not None and c.card in (card.kind, card.individual) for c in choices)


def _possible(choices: Sequence[SheetChoice], value: int, cards: int, won: int) -> bool:
    """Whether P1 can have made the wager or bid change ``value`` with ``won`` tricks won
    of ``cards`` under one of the editions that offer it (``choices``)."""
    probe = Scene(0, cards, 0, won)
    return any(value in c.values and choice_refusal(c, value, probe, "") is None for c in choices)


def _played_pool(editions: Sequence[Edition], schemes: Sequence[Scheme], name: str) -> list[str]:
    """The cards (as played: a Tigress declared) ``P1`` may play that ``name`` counts, one
    per card of the deck, A's deck first, then the cards only B's has; the editions'
    scorers say what counts."""

    pool: list[str] = []
    for edition, scheme in zip(editions, schemes, strict=True):
        counts = scorer(edition, scheme).counts
        counted: dict[str, str] = {}  # card code -> its first play that the name counts
        for play in edition.plays.values():
            if not play.undeclared and play.card.code not in counted and counts([play]).get(name):
                counted[play.card.code] = str(play)
        extra = Counter(counted[card.code] for card in edition.deck() if card.code in counted) - Counter(pool)
        pool += list(extra.elements())  # (the copies the decks before lack)
    return pool
