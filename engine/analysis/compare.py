"""What differs between two editions: changed values, then their consequences.

:func:`compare` lists the values that differ (by path, list items named by id), the
cards only one deck has, then plays the same tricks under both editions and scores the
same rounds under both, and keeps examples of what ends differently:

- tricks: every ordered pair and triple of the cards of either deck, and a seeded
  random sample of longer ones. A trick both editions can have is *checked*; one only
  A can have (a card, a copy, a module at that player count that B does not have) is
  counted in ``only_a``, with how it plays under A and why B cannot have it.
- rounds: a grid of rounds (each round of both default schedules, every bid and
  tricks won, and, near the bid, each bonus id, an alliance made or missed, each
  wager, each bid change and each load of either edition, and the values of what else
  the formulas of either edition read: the others' bids, the cards played, the game
  before the round; see :class:`RoundGrid`) scored by each edition's own scheme, bonus
  points, alliance points, wager and bid-change values and loads
  (:meth:`skullking.scoring.schemes.Scorer.points`, as a score sheet is, in the
  edition's default schedule). Rounds a score sheet would refuse are not in the grid. A
  round one edition refuses (a bonus, wager, bid change, load, alliance or card it does
  not have, a bid its bidding rules refuse) is counted in ``only_a``/``only_b`` with the
  reason. Each example gives the round's whole context (:func:`_example`).
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from skullking.analysis.exhaustive import round_pairs
from skullking.core import limits
from skullking.core.errors import FormulaError, SkullKingError
from skullking.language.expr import PAST
from skullking.model.records import DEFAULTS, GAME_PLAYER_NAMES, GAME_SEAT_NAMES, EffectKind, fixed
from skullking.rounds import bidding
from skullking.rounds.context import GameSoFar, GameSoFarBuilder
from skullking.scoring.schemes import played_names_used, scorer
from skullking.tricks.interpreter import TrickResult

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.expr import Expression
    from skullking.model.cards import Card, Play
    from skullking.model.records import Scheme, SheetChoice

EXAMPLES = 12  # examples kept per kind of consequence

#: Top-level keys that say what an edition is, not what its rules are: reported under
#: ``about``, apart from the rule changes (``id`` is the report's ``a`` and ``b``).
ABOUT = ("title", "description", "descriptions", "sources")
_SKIP = ("id", "extends", *ABOUT)


# ---------------------------------------------------------------------- values


def _flatten(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping) and value:
        for key, item in value.items():
            yield from _flatten(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and value and all(isinstance(i, Mapping) and "id" in i for i in value):
        for item in value:
            yield from _flatten({k: v for k, v in item.items() if k != "id"}, f"{path}[{item['id']}]")
            yield f"{path}[{item['id']}]", "(present)"
    else:
        yield path, value


def _differences(a: Mapping[str, Any], b: Mapping[str, Any], keep: Iterable[str]) -> list[dict[str, Any]]:
    keys = set(keep)
    left = dict(_flatten({k: v for k, v in a.items() if k in keys}))
    right = dict(_flatten({k: v for k, v in b.items() if k in keys}))
    return [
        {"path": path, "a": left.get(path), "b": right.get(path)}
        for path in sorted(set(left) | set(right))
        if left.get(path) != right.get(path)
    ]


def changed_values(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """Every path of the rules whose value differs; ``None`` stands for absent. Every
    top-level key but the ones naming and describing the edition is walked, so a key
    added to the edition file is compared without a change here."""
    keys = (set(a.data) | set(b.data)) - set(_SKIP)
    return _differences(a.data, b.data, keys)


def changed_about(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """The title, descriptions and sources, where they differ (not rules: kept apart)."""
    return _differences(a.data, b.data, ABOUT)


# ---------------------------------------------------------------------- cards


def deck_copies(edition: Edition) -> Counter[str]:
    """Each card code of the edition's deck (every module) with its copies; a named
    individual counts as its copies, and also as copies of its card's own code."""
    copies: Counter[str] = Counter()
    for suit in edition.suits:
        for rank in suit.ranks:
            code = f"{suit.code}{rank}"
            copies[code] = edition.copies.get(code, 1)
    for kind in edition.kinds:
        copies[kind.code] = kind.copies
        for individual in kind.individuals:
            copies[individual.code] = edition.copies.get(individual.code, 1)
    return copies


def only_cards(a: Edition, b: Edition) -> dict[str, list[str]]:
    """The cards only one deck has: ``only_a`` lists each code of A once per copy A has
    beyond B's (a card B lacks, or a second copy), in A's deck order; ``only_b`` alike."""
    left, right = deck_copies(a), deck_copies(b)
    return {
        "only_a": [code for code, n in left.items() for _ in range(n - right.get(code, 0))],
        "only_b": [code for code, n in right.items() for _ in range(n - left.get(code, 0))],
    }


# ---------------------------------------------------------------------- tallies


class Tally:
    """The counts and varied examples of one kind of consequence (tricks, rounds): what
    both editions can have (``checked``, of which ``differ`` end differently) and what
    only one can (``only_a``, ``only_b``, with the reason the other cannot)."""

    def __init__(self, *, per_kind: int) -> None:
        self.checked = self.differ = 0
        self.only = {"a": 0, "b": 0}
        self.examples: list[dict[str, Any]] = []
        self.only_examples: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}
        self.per_kind = per_kind  # differing examples kept per kind
        self._kinds: Counter[Hashable] = Counter()
        self._only_kinds: set[Hashable] = set()

    def differs(self, kind: Hashable) -> bool:
        """Count one more that ends differently; whether to keep its example (append it
        to ``examples``): while there is room and fewer than ``per_kind`` of ``kind`` are."""
        self.differ += 1
        if len(self.examples) >= EXAMPLES or self._kinds[kind] >= self.per_kind:
            return False
        self._kinds[kind] += 1
        return True

    def only_one(self, side: str, kind: Callable[[], Hashable]) -> bool:
        """Count one more that only ``side`` ("a" or "b") can have; whether to keep its
        example (with :meth:`keep_only`): one per ``kind()``, while there is room."""
        self.only[side] += 1
        if len(self.only_examples[side]) >= EXAMPLES:
            return False
        key = (side, kind())
        if key in self._only_kinds:
            return False
        self._only_kinds.add(key)
        return True

    def keep_only(self, side: str, record: dict[str, Any], outcome: Any, why: str) -> None:
        """Keep an example only ``side`` can have: its ``outcome`` there, ``why`` not the other."""
        other = "b" if side == "a" else "a"
        self.only_examples[side].append({**record, side: outcome, other: None, "why": why})

    def as_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "differ": self.differ,
            "examples": self.examples,
            "only_a": self.only["a"],
            "only_b": self.only["b"],
            "only_a_examples": self.only_examples["a"],
            "only_b_examples": self.only_examples["b"],
        }


# ---------------------------------------------------------------------- tricks


def _trick_codes(edition: Edition) -> list[str]:
    return sorted(code for code, play in edition.plays.items() if not play.undeclared)


#: A trick as diff plays it: its codes, then the plays they are under A and under B
#: (``None`` for a code the edition has no card of).
Trick = tuple[tuple[str, ...], tuple["Play | None", ...], tuple["Play | None", ...]]


def _play(resolve: Callable[[Sequence[Play]], TrickResult], cards: Sequence[Play | None]) -> TrickResult | str | None:
    """How the trick of ``cards`` plays under the edition whose ``resolve_trick`` is
    ``resolve``, or why the edition cannot have it; ``None`` when the edition has no card
    of one of them (said by :func:`_lacking`, only when it is shown: most of the tricks
    with a card only one deck has are not)."""
    if None in cards:
        return None
    try:
        return resolve(cast("Sequence[Play]", cards))  # (none is None)
    except SkullKingError as exc:
        return str(exc)  # too many copies, a module not used at that player count, ...


def _lacking(trick: Sequence[str], cards: Sequence[Play | None]) -> str:
    """Why an edition cannot have ``trick``, of which it has no card of a code: the first."""
    return next(f"no card '{code}'" for code, play in zip(trick, cards, strict=True) if play is None)


def _family(edition: Edition, code: str) -> str:
    """What a card is, for varied examples: its suit, or its card (named ones alone)."""
    card = edition.plays[code].card
    return card.individual or card.suit or card.kind or code


class TrickGrid:
    """The ordered tricks of 2 to ``depth`` cards that ``diff`` plays both ways: every
    trick of A's cards, then every trick of B's cards that holds a card A lacks, size by
    size. It is counted without being written out, and any of its tricks can be had by
    its index (the tricks with a card only B has are then numbered by where that card
    first stands, not in the order the grid is walked)."""

    def __init__(self, codes_a: Sequence[str], codes_b: Sequence[str], depth: int) -> None:
        in_a = set(codes_a)
        self.codes_a, self.codes_b = list(codes_a), list(codes_b)
        self.shared = [c for c in codes_b if c in in_a]
        self.only_b = [c for c in codes_b if c not in in_a]
        #: (size, whether of B's cards, how many)
        self.parts: list[tuple[int, bool, int]] = []
        for size in range(2, depth + 1):
            self.parts.append((size, False, len(codes_a) ** size))
            if self.only_b:
                self.parts.append((size, True, len(codes_b) ** size - len(self.shared) ** size))

    def __len__(self) -> int:
        return sum(count for _, _, count in self.parts)

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return (codes for codes, _, _ in self.played({}, {}))

    def played(self, plays_a: Mapping[str, Play], plays_b: Mapping[str, Play]) -> Iterator[Trick]:
        """The tricks in the order they are walked, each with its plays under A
        (``plays_a``, by code) and under B: each code is looked up once, not once a trick."""
        in_a = set(self.codes_a)
        for size, of_b, _ in self.parts:
            codes = self.codes_b if of_b else self.codes_a
            tricks: Iterator[Trick] = zip(
                itertools.product(codes, repeat=size),
                itertools.product([plays_a.get(code) for code in codes], repeat=size),
                itertools.product([plays_b.get(code) for code in codes], repeat=size),
                strict=True,
            )
            if of_b:
                yield from (trick for trick in tricks if not in_a.issuperset(trick[0]))
            else:
                yield from tricks

    def __getitem__(self, index: int) -> tuple[str, ...]:
        for size, of_b, count in self.parts:
            if index >= count:
                index -= count
                continue
            if not of_b:
                return _digits(index, self.codes_a, size)
            # the tricks whose first card only B has stands at position j (shared cards before it)
            for j in range(size):
                tail = len(self.codes_b) ** (size - 1 - j)
                block = len(self.shared) ** j * len(self.only_b) * tail
                if index < block:
                    head, rest = divmod(index, len(self.only_b) * tail)
                    own, after = divmod(rest, tail)
                    return (
                        *_digits(head, self.shared, j),
                        self.only_b[own],
                        *_digits(after, self.codes_b, size - 1 - j),
                    )
                index -= block
        raise IndexError(index)


def _digits(index: int, codes: Sequence[str], size: int) -> tuple[str, ...]:
    """The ``index``-th tuple of ``size`` of ``codes`` in the order of itertools.product."""
    out: list[str] = []
    for _ in range(size):
        index, digit = divmod(index, len(codes))
        out.append(codes[digit])
    return tuple(reversed(out))


def spread_sample(size: int, most: int, seed: int) -> Iterator[int]:
    """Indices of a grid of ``size`` items to play: all of them, or (more than ``most``)
    one drawn at random (``seed``) from each of ``most`` equal stretches of it, in
    order: the whole grid is covered evenly, and nothing but the indices is held."""
    if size <= most:
        yield from range(size)
        return
    rng = random.Random(f"diff-grid-{seed}")
    for i in range(most):
        start, end = i * size // most, (i + 1) * size // most
        yield start + rng.randrange(end - start)


def trick_differences(
    a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3, most: int | None = None
) -> dict[str, Any]:
    """:func:`tricks_in_round` of ``a`` and ``b``; where the rules of either change with
    the round, of the rules of both in each round, each distinct pair once
    (:func:`~skullking.analysis.exhaustive.round_pairs`): the counts added up, and each
    example with the ``rounds`` of the default schedule (at the fewest players the
    pair's rules are played at, and the first tie-break round after it) whose rules it
    was played under, and where those rules hold at some player counts only (a second
    deck from nine players), those ``players``."""
    pairs = round_pairs(a, b)
    if pairs == [(a, b)]:
        return tricks_in_round(a, b, sample=sample, seed=seed, depth=depth, most=most)
    low, high = min(a.min_players, b.min_players), max(a.max_players, b.max_players)
    length = len(a.schedule().rounds)
    # each pair of rules -> the player counts they are played at -> the rounds
    tables: dict[tuple[int, int], dict[int, list[int]]] = {}
    for players in range(low, high + 1):
        for number in range(1, length + 2):  # (and a first tie-break round)
            try:
                pair = (a.at_start(number, players), b.at_start(number, players))
            except (KeyError, FormulaError):
                continue
            tables.setdefault((id(pair[0]), id(pair[1])), {}).setdefault(players, []).append(number)
    merged: dict[str, Any] = {}
    for x, y in pairs:
        found = tricks_in_round(x, y, sample=sample, seed=seed, depth=depth, most=most)
        table = tables.get((id(x), id(y)), {})
        said: dict[str, Any] = {"rounds": table[min(table)] if table else []}
        if table and len(table) <= high - low:  # (rules of some player counts only)
            said["players"] = sorted(table)
        for key in ("examples", "only_a_examples", "only_b_examples"):
            found[key] = [{**example, **said} for example in found[key]]
        if not merged:
            merged = found
            continue
        for key in ("checked", "differ", "only_a", "only_b"):
            merged[key] += found[key]
        for key in ("examples", "only_a_examples", "only_b_examples"):
            merged[key] += found[key]
    return merged


def tricks_in_round(
    a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3, most: int | None = None
) -> dict[str, Any]:
    """Tricks whose winner, next leader, bonus, alliances or player they count for differ
    between the editions
    (``checked``, ``differ``, ``examples``), and tricks only one of them can have
    (``only_a``, ``only_b``, with examples of how they play there and why the other
    cannot have them): every ordered trick of 2 to ``depth`` cards of either deck (or,
    past ``most``, :data:`~skullking.core.limits.MAX_DIFF_TRICKS` by default, that many of
    them spread over the grid: ``grid`` says how many of how many), then ``sample``
    random longer ones."""

    most = limits.MAX_DIFF_TRICKS if most is None else most  # (read when called: a limit may be set at run time)
    codes_a, codes_b = _trick_codes(a), _trick_codes(b)
    in_a, in_b = set(codes_a), set(codes_b)
    codes, shared = sorted(in_a | in_b), sorted(in_a & in_b)
    copies_a, copies_b = deck_copies(a), deck_copies(b)
    either = list(codes)
    for code in codes:
        card = (a.plays.get(code) or b.plays[code]).card.code
        if copies_a[card] != copies_b[card]:
            either += [code] * (max(copies_a[card], copies_b[card]) - 1)
        elif card in a.copies and card in b.copies and code in in_a and code in in_b:
            # a numbered or named card both decks hold as often, more than once: as
            # often in both pools, so that random tricks meet identical cards (special
            # cards' copies are drawn once each, as they always were)
            shared += [code] * (copies_a[card] - 1)
            either += [code] * (copies_a[card] - 1)
    tally = Tally(per_kind=2)
    grid = TrickGrid(codes_a, codes_b, depth)
    size = len(grid)

    plays_a, plays_b = a.plays, b.plays

    def tricks() -> Iterator[Trick]:
        if size <= most:
            yield from grid.played(plays_a, plays_b)
        else:
            yield from (_with_plays(grid[i], plays_a, plays_b) for i in spread_sample(size, most, seed))
        rng = random.Random(seed)
        largest = min(a.max_players, b.max_players)
        # Random longer tricks of the cards both decks have, then (when the decks
        # differ) of the cards of either, each as many times as the deck with more
        # copies has it.
        for pool in (shared, either) if shared != either else (shared,):
            for _ in range(sample if largest >= 4 and len(pool) >= 4 else 0):
                trick = rng.sample(pool, min(rng.randint(4, largest), len(pool)))
                yield _with_plays(tuple(trick), plays_a, plays_b)

    # The families of the cards only one deck has, for varied examples.
    mine = {
        side: {code: _family(edition, code) for code in own}
        for side, edition, own in (("a", a, in_a - in_b), ("b", b, in_b - in_a))
    }

    def only_one(side: str, trick: Trick, result: TrickResult, refused: str | None) -> None:
        # One example per side and the cards only that side has in the trick.
        families = mine[side]
        if tally.only_one(side, lambda: tuple(sorted({families[c] for c in trick[0] if c in families}))):
            why = refused if refused is not None else _lacking(trick[0], trick[1] if side == "b" else trick[2])
            tally.keep_only(side, {"cards": list(trick[0])}, result.as_json(), why)

    play, resolve_a, resolve_b = _play, a.resolve_trick, b.resolve_trick  # (local names)
    checked = 0
    for trick in tricks():
        left = play(resolve_a, trick[1])
        right = play(resolve_b, trick[2])
        if not isinstance(left, TrickResult):
            if isinstance(right, TrickResult):
                only_one("b", trick, right, left)
            continue
        if not isinstance(right, TrickResult):
            only_one("a", trick, left, right)
            continue
        checked += 1
        # winner, next leader, bonus, alliances, who it counts for; two examples per pair
        # of deciding rules
        differ = left[:4] != right[:4] or left.counts_for != right.counts_for
        if differ and tally.differs((left.rule, right.rule)):
            tally.examples.append({"cards": list(trick[0]), "a": left.as_json(), "b": right.as_json()})
    tally.checked = checked
    return {**tally.as_json(), "grid": _grid_json(size, most)}


def _with_plays(trick: tuple[str, ...], plays_a: Mapping[str, Play], plays_b: Mapping[str, Play]) -> Trick:
    """``trick`` with its plays under A (``plays_a``, by code) and under B."""
    return trick, tuple(map(plays_a.get, trick)), tuple(map(plays_b.get, trick))


def _grid_json(size: int, most: int) -> dict[str, Any]:
    """The report's ``grid``: how many of the grid's items were played, of how many."""
    return {"size": size, "compared": min(size, most), "sampled": size > most}


# ---------------------------------------------------------------------- rounds

#: The players of a grid round: the one scored, an ally (who takes the trick of the Loot
#: the scored player plays, when the round has an alliance), and a third who takes the
#: tricks left.
PLAYERS = ("P1", "P2", "P3")


class Past(NamedTuple):
    """The game before a round of the grid, its rounds 1 to ``len(cards)`` (``cards``:
    the cards dealt in each), as every edition scores it. In each round but the last of
    them the seat ``lead`` bid all its cards and took every trick, the seat after it bid
    0 and the next bid 1, both winning none; in the last (the previous round) ``P1`` bid
    ``bid`` and won ``won``, ``P2`` bid 1 and won none, ``P3`` bid and won the tricks
    left, and the seat ``last`` won its last trick. An edition whose bidding refuses the
    bids of one of these rounds cannot have the game (:func:`game_so_far` says why)."""

    cards: tuple[int, ...]
    lead: int = 1
    bid: int = 1
    won: int = 1
    last: int = 0

    def results(self) -> list[tuple[int, dict[str, int], dict[str, int]]]:
        """(cards, bids, tricks won) of each round before, in order."""
        out = []
        seats = len(PLAYERS)
        for cards in self.cards[:-1]:
            taker, nil, short = (PLAYERS[(self.lead + k) % seats] for k in range(seats))
            out.append((cards, {taker: cards, nil: 0, short: 1}, {taker: cards, nil: 0, short: 0}))
        cards, left = self.cards[-1], self.cards[-1] - self.won
        out.append((cards, {"P1": self.bid, "P2": 1, "P3": left}, {"P1": self.won, "P2": 0, "P3": left}))
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "rounds": [
                {"round": number, "cards": cards, "bids": bids, "won": won}
                for number, (cards, bids, won) in enumerate(self.results(), start=1)
            ],
            "last_winner": PLAYERS[self.last],
        }


class Scene(NamedTuple):
    """One round of the grid, as the scored player ``P1`` sees it."""

    number: int
    cards: int
    bid: int  # as bid, before any bid change
    won: int
    captured: str | None = None  # a bonus id earned once
    ally: str | None = None  # an alliance whose ally "made" or "missed" the bid
    wager: int = 0
    change: int = 0  # the bid change
    load: str | None = None
    third_bid: int = 0  # P3's bid (varied where a formula reads the others' bids)
    played: tuple[str, ...] = ()  # P1's cards played that a played_ name counts (the rest numbered)
    past: Past | None = None  # the game before the round (None: the round is a game's start)

    def bids(self) -> dict[str, int]:
        """Every player's bid as bid (the ally bids 1 and takes one trick, the Loot's,
        to make the bid; bids 0 to miss it)."""
        return {"P1": self.bid, "P2": int(self.ally == "made"), "P3": self.third_bid}

    def tricks_won(self) -> dict[str, int]:
        """Every player's tricks won: the ally's one, and the third player's the rest."""
        ally = int(self.ally is not None)
        return {"P1": self.won, "P2": ally, "P3": self.cards - self.won - ally}

    def as_json(self) -> dict[str, Any]:
        bids, won = self.bids(), self.tricks_won()
        return {
            "round": self.number,
            "cards": self.cards,
            "players": len(PLAYERS),
            "bid": self.bid,
            "won": self.won,
            "captured": [self.captured] if self.captured else [],
            "ally": self.ally,
            "wager": self.wager,
            "bid_change": self.change,
            "load": self.load,
            "table": {p: {"bid": bids[p], "won": won[p]} for p in PLAYERS},
            "played": list(self.played),
            "game": self.past.as_json() if self.past is not None else None,
        }


def bid_range(edition: Edition, cards: int, number: int) -> range:
    """The bids a player may make in round ``number`` of ``cards`` cards (the edition's
    ``bidding.min``/``max``, for the grid's three players and its default schedule);
    where they read a player's names about the game so far, every bid a player may make
    at a game's start and 0 to the cards dealt (:func:`bids_refusal` says which a player
    may not make after a given game)."""

    low, high = bidding.bid_range(edition, cards=cards, number=number, players=len(PLAYERS), rounds=_rounds(edition))
    if bidding.range_read(edition):
        low, high = min(low, 0), max(high, cards)
    return range(low, high + 1)


def _rounds(edition: Edition) -> int:
    """The rounds of the edition's default schedule (a grid round is one of them)."""
    return len(edition.schedule().rounds)


def bids_refusal(
    edition: Edition, bids: Mapping[str, int], cards: int, number: int, so_far: GameSoFar | None = None
) -> str | None:
    """Why ``edition``'s bidding refuses these bids (every player's, as bid, in round
    ``number`` of ``cards`` cards, after the game ``so_far``: by default none, the
    round taken as a game's start): a bid out of its range, or a bidding rule broken
    (named), or ``None``."""

    rounds = _rounds(edition)
    if so_far is None:
        so_far = GameSoFar.fresh(PLAYERS, number)
    if bidding.range_read(edition):  # each player's own range, after the game so far
        game = bidding.ranges_game(edition, so_far=so_far, players=PLAYERS, number=number, rounds=rounds)
        ranges = bidding.bid_ranges(edition, cards=cards, number=number, players=PLAYERS, rounds=rounds, game=game)
    else:
        low, high = bidding.bid_range(edition, cards=cards, number=number, players=len(PLAYERS), rounds=rounds)
        ranges = dict.fromkeys(PLAYERS, (low, high))
    for player, bid in bids.items():
        low, high = ranges[player]
        if not low <= bid <= high:
            return f"{player}'s bid {bid} is out of range {low}..{high}"
    if not edition.bidding.rules:
        return None
    leader = bidding.first_leader(edition, number=number, players=len(PLAYERS), rounds=rounds, so_far=so_far)
    order = bidding.bidding_order(edition, list(PLAYERS), leader=leader, number=number, rounds=rounds, so_far=so_far)
    game = bidding.rules_game(edition, so_far=so_far, players=PLAYERS, number=number, rounds=rounds)
    broken = bidding.broken_rules(edition, bids, order, cards=cards, number=number, rounds=rounds, game=game)
    return broken[0].message(bids) if broken else None


#: The refusals of bids an edition's bidding gave, by round number, cards, bids and
#: the game before (with the scheme that scored it).
Refusals = dict[tuple[Any, ...], "str | None"]
#: The game before a round (or why it cannot be had), by the grid's past, for one
#: edition and scheme.
Pasts = dict[tuple[int, "Past"], "GameSoFar | str"]


def game_so_far(edition: Edition, scheme: Scheme, number: int, past: Past | None) -> GameSoFar | str:
    """The game before round ``number`` as ``edition`` under ``scheme`` knows it: a
    game's start when ``past`` is ``None``, else ``past``'s rounds scored one by one, each
    after the game before it, as a game played or a score sheet scores them (or why one
    of them cannot be scored)."""

    if past is None:
        return GameSoFar.fresh(PLAYERS, number)
    scoring, rounds = scorer(edition, scheme), _rounds(edition)
    loads = dict.fromkeys(PLAYERS, scheme.loads[0]) if scheme.loads else {}
    game = GameSoFarBuilder(PLAYERS)
    results = past.results()
    try:
        for before, (cards, bids, won) in enumerate(results, start=1):
            so_far = game.before()
            refused = bids_refusal(edition, bids, cards, before, so_far)
            if refused is not None:
                return f"in round {before} before it, {refused}"
            game.add(
                scoring.points(
                    number=before,
                    cards=cards,
                    players=PLAYERS,
                    bids=bids,
                    won=won,
                    captured=[],
                    alliances=[],
                    wagers={},
                    loads=loads,
                    rounds=rounds,
                    game=scoring.game(edition, so_far=so_far, players=PLAYERS, number=before, rounds=rounds),
                ),
                # (who leads on after each: the scene's assumption, and after the last its own)
                last_leader=PLAYERS[past.lead if before < len(results) else past.last],
            )
    except SkullKingError as exc:
        return f"the rounds before: {exc}"
    return game.before()


def _so_far(edition: Edition, scheme: Scheme, scene: Scene, pasts: Pasts | None) -> GameSoFar | str:
    """:func:`game_so_far` of the scene, kept in ``pasts`` (per edition and scheme)."""
    if pasts is None or scene.past is None:
        return game_so_far(edition, scheme, scene.number, scene.past)
    key = (scene.number, scene.past)
    if key not in pasts:
        pasts[key] = game_so_far(edition, scheme, scene.number, scene.past)
    return pasts[key]


def _choice_refusal(choice: SheetChoice | None, value: int, scene: Scene, what: str) -> str | None:
    """Why a round cannot have P1's wager or bid change ``value`` (``what``) under an
    edition whose choice is ``choice``: it is not one of its values, or it comes with a
    trick won with a card and P1 won none, or only the round's last, after which the
    choice cannot be made."""
    if choice is None or value not in choice.values:
        return f"no {what} of {value:+d}" if what == "bid change" else f"no {what} of {value}"
    if choice.card is None:
        return None
    if scene.won == 0:
        return f"P1's {what} needs a trick won with {choice.card}; P1 won none"
    if scene.cards == 1 and not choice.after_last_trick:
        return f"P1's {what} needs a trick won with {choice.card} before the round's last; the round has one trick"
    return None


def _played_refusal(edition: Edition, played: Sequence[str]) -> str | None:
    """Why P1 cannot have played ``played`` under ``edition``: a card it lacks, or more
    copies than its deck has."""
    counts = Counter[str]()
    for code in played:
        play = edition.plays.get(code)
        if play is None:
            return f"no card '{code}'"
        counts[play.card.code] += 1
    copies = Counter(card.code for card in edition.deck())
    return next(
        (
            f"P1 played '{code}' {n} times: the deck has {copies[code]}"
            for code, n in counts.items()
            if n > copies[code]
        ),
        None,
    )


def scene_refusal(
    edition: Edition, scheme: Scheme, scene: Scene, refusals: Refusals | None = None, pasts: Pasts | None = None
) -> str | None:
    """Why ``edition`` under ``scheme`` cannot have the round ``scene``, or ``None``.
    ``refusals`` keeps what the bidding rules said of the bids of a round (they read
    neither the scheme, but through the game before, nor the tricks won: the grid asks
    of the same bids many times), ``pasts`` the game before (see :func:`game_so_far`)."""
    so_far: GameSoFar | None = None
    if scene.past is not None:
        before = _so_far(edition, scheme, scene, pasts)
        if isinstance(before, str):
            return before
        so_far = before
    bids = scene.bids()
    key = (scene.number, scene.cards, tuple(bids.values()), scene.past and (scene.past, scheme.id))
    if refusals is None or key not in refusals:
        refused = bids_refusal(edition, bids, scene.cards, scene.number, so_far)
        if refusals is not None:
            refusals[key] = refused
    else:
        refused = refusals[key]
    if refused is not None:
        return refused
    if scene.captured is not None and scene.captured not in {b.id for b in edition.bonuses}:
        return f"no bonus '{scene.captured}'"
    if scene.ally is not None and not any(e.kind is EffectKind.ALLIANCE for e in edition.effects):
        return "no alliances"
    if scene.wager and (refused := _choice_refusal(edition.wagers, scene.wager, scene, "wager")):
        return refused
    if scene.change and (refused := _choice_refusal(edition.bid_changes, scene.change, scene, "bid change")):
        return refused
    if not 0 <= scene.bid + scene.change <= scene.cards:
        return f"bid {scene.bid} changed by {scene.change:+d} leaves 0..{scene.cards}"
    if scene.load is not None and scene.load not in scheme.loads:
        return f"no load '{scene.load}' in scheme '{scheme.id}'"
    if scene.played:
        return _played_refusal(edition, scene.played)
    return None


def score_scene(
    edition: Edition,
    scheme: Scheme,
    scene: Scene,
    memo: dict[Scene, int] | None = None,
    refusals: Refusals | None = None,
    *,
    pasts: Pasts | None = None,
) -> int | str:
    """``P1``'s points for the round ``scene`` under ``edition`` and ``scheme``, scored as
    a score sheet's round is (in the edition's default schedule, after the game before
    it); or why the edition cannot have that round. ``memo`` keeps the points of rounds
    scored alike (a bid changed to 2 scores as a bid of 2), ``refusals`` what the
    bidding rules said and ``pasts`` the game before (see :func:`scene_refusal`)."""

    refused = scene_refusal(edition, scheme, scene, refusals, pasts)
    if refused is not None:
        return refused
    key = scene._replace(bid=scene.bid + scene.change, change=0)
    if memo is not None and key in memo:
        return memo[key]
    # (the rules of the scene's round: a bonus may pay what the round says)
    rules = edition.at_start(scene.number, len(PLAYERS), cards=scene.cards)
    scoring, rounds = scorer(rules, scheme), _rounds(edition)
    game = None
    if scoring.game_names:
        so_far = _so_far(edition, scheme, scene, pasts)
        assert not isinstance(so_far, str)  # (refused above)
        game = scoring.game(edition, so_far=so_far, players=PLAYERS, number=scene.number, rounds=rounds)
    result = scoring.points(
        number=scene.number,
        cards=scene.cards,
        players=PLAYERS,
        bids=key.bids(),
        won=scene.tricks_won(),
        captured=[("P1", [scene.captured])] if scene.captured else [],
        alliances=[("P1", "P2")] if scene.ally else [],
        wagers={"P1": scene.wager} if scene.wager else {},
        loads={"P1": scene.load} if scene.load else {},
        rounds=rounds,
        played={"P1": [edition.plays[code] for code in scene.played]} if scene.played else None,
        game=game,
    )
    if memo is not None:
        memo[key] = result.points["P1"]
    return result.points["P1"]


def _deals(editions: Sequence[Edition]) -> list[tuple[int, int]]:
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


def _deals_bid(a: Edition, b: Edition) -> list[tuple[int, int, list[int]]]:
    """(number, cards, bids of either range) of each round of the grid's schedules."""
    return [
        (number, cards, sorted({*bid_range(a, cards, number), *bid_range(b, cards, number)}))
        for number, cards in _deals((a, b))
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
        deal_list = _deals_bid(a, b) if deals is None else deals
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
    return any(value in c.values and _choice_refusal(c, value, probe, "") is None for c in choices)


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


def scheme_pairs(a: Edition, b: Edition) -> list[tuple[Scheme, Scheme]]:
    """The schemes scored side by side: the default ones, and each scheme id both have."""
    pairs = [(a.scheme(), b.scheme())]
    theirs = {s.id: s for s in b.schemes}
    pairs += [
        (s, theirs[s.id]) for s in a.schemes if s.id in theirs and (s.id, s.id) != (a.default_scheme, b.default_scheme)
    ]
    return pairs


def _example(
    scene: Scene, schemes: tuple[Scheme, Scheme], editions: tuple[Edition, Edition], side: str
) -> dict[str, Any]:
    """A round as the report shows it, with its whole context: ``bonus`` and
    ``alliance`` give what the edition of ``side`` pays for the capture and for the
    alliance (when both allies make their bids); ``rounds`` and ``last_round`` what each
    edition's default schedule makes of the round, ``played_counts`` what each counts
    of P1's cards played (its ``played_`` names; ``None`` where it lacks a card), and
    ``totals`` each player's points before the round in each (``None`` without a game
    before, or where the edition cannot have it)."""

    # (the rules of the scene's round: a bonus or an alliance may pay what the round says)
    edition = editions[0 if side == "a" else 1].at_start(scene.number, len(PLAYERS), cards=scene.cards)
    points = {bonus.id: fixed(bonus.points) for bonus in edition.bonuses}
    counts: dict[str, dict[str, int] | None] = {}
    totals: dict[str, dict[str, int] | None] = {}
    for key, ed, scheme in zip(("a", "b"), editions, schemes, strict=True):
        known = all(code in ed.plays for code in scene.played)
        counts[key] = scorer(ed, scheme).counts(ed.plays[c] for c in scene.played) if known else None
        so_far = game_so_far(ed, scheme, scene.number, scene.past) if scene.past else None
        totals[key] = dict(zip(PLAYERS, so_far.totals, strict=True)) if isinstance(so_far, GameSoFar) else None
    return {
        "scheme": {"a": schemes[0].id, "b": schemes[1].id},
        **scene.as_json(),
        "bonus": points.get(scene.captured, 0) if scene.captured else 0,
        "alliance": edition.alliance_points() if scene.ally else 0,
        "rounds": {key: _rounds(ed) for key, ed in zip(("a", "b"), editions, strict=True)},
        "last_round": {key: int(scene.number == _rounds(ed)) for key, ed in zip(("a", "b"), editions, strict=True)},
        "played_counts": counts,
        "totals": totals,
    }


#: The fields of a scene, in the order they are named as what makes a round's kind.
_KINDS = ("captured", "ally", "wager", "change", "third_bid", "played", "past")


#: The games before a round of the grid, per side ("a", "b") and scheme id: kept by
#: :func:`compare` for the rounds and the seats, which play after the same games.
KeptPasts = dict[tuple[str, str], Pasts]


def round_differences(
    a: Edition, b: Edition, *, seed: int = 2021, most: int | None = None, kept: KeptPasts | None = None
) -> dict[str, Any]:
    """Rounds of the grid (see :func:`scenes`) whose points differ between the editions
    (``checked``, ``differ``, ``examples``; each example's ``a`` and ``b`` are the
    scored player's points), and rounds only one of them can have (``only_a``,
    ``only_b``, with examples giving the points there and why the other refuses). Past
    ``most`` rounds (:data:`~skullking.core.limits.MAX_DIFF_ROUNDS` by default), that many
    spread over the grid, seeded by ``seed`` (``grid`` says how many of how many).
    ``kept`` keeps the games before the rounds, per side and scheme, for another
    comparison after the same games (:func:`seat_differences`)."""

    most = limits.MAX_DIFF_ROUNDS if most is None else most  # (read when called: a limit may be set at run time)
    tally = Tally(per_kind=3)
    editions = (a, b)

    def only_one(side: str, scene: Scene, schemes: tuple[Scheme, Scheme], points: int, why: str) -> None:
        if tally.only_one(side, lambda: why):  # one example per side and reason
            tally.keep_only(side, _example(scene, schemes, editions, side), points, why)

    pairs = scheme_pairs(a, b)
    deals = _deals_bid(a, b)
    grids = [RoundGrid(a, b, *schemes, deals) for schemes in pairs]
    size = sum(len(grid) for grid in grids)
    played: list[Iterable[Scene]] = list(grids)
    if size > most:
        picked: list[list[Scene]] = [[] for _ in grids]
        ends = list(itertools.accumulate(len(grid) for grid in grids))
        for index in spread_sample(size, most, seed):
            k = bisect.bisect_right(ends, index)
            picked[k].append(grids[k][index - (ends[k - 1] if k else 0)])
        played = list(picked)
    refusals_a: Refusals = {}
    refusals_b: Refusals = {}
    kept = {} if kept is None else kept
    for schemes, rounds in zip(pairs, played, strict=True):
        left_scheme, right_scheme = schemes
        memo_a: dict[Scene, int] = {}
        memo_b: dict[Scene, int] = {}
        pasts_a = kept.setdefault(("a", left_scheme.id), {})
        pasts_b = kept.setdefault(("b", right_scheme.id), {})
        for scene in rounds:
            left = score_scene(a, left_scheme, scene, memo_a, refusals_a, pasts=pasts_a)
            right = score_scene(b, right_scheme, scene, memo_b, refusals_b, pasts=pasts_b)
            if isinstance(left, str):
                if not isinstance(right, str):
                    only_one("b", scene, schemes, right, left)
                continue
            if isinstance(right, str):
                only_one("a", scene, schemes, left, right)
                continue
            tally.checked += 1
            if left == right:
                continue
            what = next((k for k in _KINDS if getattr(scene, k)), "")
            if tally.differs((left_scheme.id, right_scheme.id, what)):  # three examples per kind of round
                tally.examples.append({**_example(scene, schemes, editions, "a"), "a": left, "b": right})
    return {
        **tally.as_json(),
        "schemes": [{"a": left.id, "b": right.id} for left, right in pairs],
        "grid": _grid_json(size, most),
    }


def value_changes(a: Edition, b: Edition) -> dict[str, Any]:
    """What differs as written, before any play: the editions' ids, the changed rule
    values (with the value a side that leaves a key out plays with:
    :func:`with_defaults`), the changed title, description and sources, the cards only
    one deck has, and the rounds the schedules deal differently
    (:func:`schedule_differences`)."""
    return {
        "a": a.id,
        "b": b.id,
        "changes": with_defaults(changed_values(a, b), a, b),
        "about": changed_about(a, b),
        "cards": only_cards(a, b),
        "schedules": schedule_differences(a, b),
    }


def compare(a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3) -> dict[str, Any]:
    """The full comparison (the ``skullking diff --format json`` record): the values
    (:func:`value_changes`), then the tricks and the rounds that end differently, and
    the rounds dealt or led by another player (:func:`seat_differences`), which play
    after the same games as the rounds (scored once)."""
    kept: KeptPasts = {}
    return {
        **value_changes(a, b),
        "tricks": trick_differences(a, b, sample=sample, seed=seed, depth=depth),
        "rounds": round_differences(a, b, seed=seed, kept=kept),
        "seats": seat_differences(a, b, kept=kept),
    }


# ---------------------------------------------------------------------- defaults


def _default_of(edition: Edition, path: str) -> Any:
    """The value ``edition`` plays with at ``path`` (a changed value's path, list items
    named by id) where its file leaves the key out: the formula of who deals or leads
    it works out (``dealer + 1`` after a dealer of its own, a tie-break round as any
    round), else the engine's default (:data:`~skullking.model.records.DEFAULTS`);
    ``None`` where the key has none."""

    play = edition.play_rules
    if path == "play.first_leader":
        return play.first_leader.source
    if path == "scoring.extra_round_dealer":
        dealer = play.extra_round_dealer or play.dealer
        return dealer.source if dealer is not None else DEFAULTS[("play", "dealer")]
    if path == "scoring.extra_round_leader":
        return (play.extra_round_leader or play.first_leader).source
    key = tuple("[]" if part.startswith("[") else part for part in _path_parts(path))
    return DEFAULTS.get(key)


def _path_parts(path: str) -> list[str]:
    """A changed value's path in parts: ``effects.list[kraken].pays`` -> ``effects``,
    ``list``, ``[kraken]``, ``pays``."""
    parts: list[str] = []
    for piece in path.split("."):
        name, _, items = piece.partition("[")
        if name:
            parts.append(name)
        parts += [f"[{item}" for item in items.split("[") if item] if items else []
    return parts


def with_defaults(changes: list[dict[str, Any]], a: Edition, b: Edition) -> list[dict[str, Any]]:
    """``changes`` (:func:`changed_values`) with, where one side leaves the key out
    (``None``) and the engine has a value for it, that value as ``a_default`` or
    ``b_default``: what the edition plays with, e.g. ``round - 2`` for a dealer."""
    out = []
    for change in changes:
        shown = dict(change)
        for side, edition in (("a", a), ("b", b)):
            if change[side] is None:
                value = _default_of(edition, change["path"])
                if value is not None:
                    shown[f"{side}_default"] = value
        out.append(shown)
    return out


# ---------------------------------------------------------------------- seats


def _seat_formulas(edition: Edition) -> tuple[Expression | None, ...]:
    """Who deals and who leads a round's first trick, and a tie-break round's, as the
    edition says (``None``: as the engine works it out)."""
    play = edition.play_rules
    return (play.dealer, play.first_leader, play.extra_round_dealer, play.extra_round_leader)


def _seat_sources(edition: Edition) -> tuple[str | None, ...]:
    """The texts of :func:`_seat_formulas`."""
    return tuple(f.source if f is not None else None for f in _seat_formulas(edition))


def _seats(edition: Edition, number: int, table: Sequence[str], so_far: GameSoFar) -> dict[str, str] | str:
    """Who deals round ``number`` at ``table`` after the game ``so_far`` and who leads
    its first trick under ``edition`` (players' names), or why that is not known."""

    rounds, count = _rounds(edition), len(table)
    try:
        dealer = bidding.dealer(edition, number=number, players=count, rounds=rounds, so_far=so_far)
        leader = bidding.first_leader(edition, number=number, players=count, rounds=rounds, so_far=so_far)
    except SkullKingError as exc:
        return str(exc)
    return {"dealer": table[dealer], "first_leader": table[leader]}


def seat_differences(a: Edition, b: Edition, *, kept: KeptPasts | None = None) -> dict[str, Any]:
    """Rounds of a game of the grid (three players, each round of both default
    schedules, after the games before it the round grid plays, under each edition's
    default scheme) whose dealer or first leader differ between the editions
    (``checked``, ``differ``, ``examples``: the round, its cards, the game before it and
    each edition's ``dealer`` and ``first_leader``), and a tie-break round of the three
    players and of the first two, level, after each default schedule (``tie_break``
    true; the round before it is not known to it, so it is left out where a formula
    reads that round). A round whose seats only one edition can work out is counted in
    ``only_a``/``only_b`` with the reason. Nothing is played when the editions' seat
    formulas (who deals and leads, in a tie-break round too) are the same and so are
    their tie-break rounds (none, or after as many rounds). The examples are of
    different rounds. ``kept``: the games before, as :func:`round_differences` keeps them."""
    tally = Tally(per_kind=1)
    tie_breaks_alike = a.ties == b.ties and (a.ties != "extra_round" or _rounds(a) == _rounds(b))
    if _seat_sources(a) == _seat_sources(b) and tie_breaks_alike:
        return tally.as_json()
    schemes = (a.scheme(), b.scheme())
    reads = frozenset().union(*(f.variables for ed in (a, b) for f in _seat_formulas(ed) if f is not None))
    reads &= frozenset(GAME_SEAT_NAMES)
    grid = RoundGrid(a, b, *schemes, _deals_bid(a, b)) if reads else None
    kept = {} if kept is None else kept  # the games before (see game_so_far), shared with the rounds
    known_pasts = (kept.setdefault(("a", schemes[0].id), {}), kept.setdefault(("b", schemes[1].id), {}))
    for number, cards in _deals((a, b)):
        pasts: list[Past | None] = list(grid._pasts(number)) if grid is not None else []
        for past in pasts or [None]:
            sides: list[dict[str, str] | str] = []
            for edition, scheme, known in zip((a, b), schemes, known_pasts, strict=True):
                scene = Scene(number, cards, 0, 0, past=past)
                so_far = (
                    _so_far(edition, scheme, scene, known) if past is not None else GameSoFar.fresh(PLAYERS, number)
                )
                sides.append(so_far if isinstance(so_far, str) else _seats(edition, number, PLAYERS, so_far))
            record = {
                "round": number,
                "cards": cards,
                "tie_break": False,
                "players": list(PLAYERS),
                "game": past.as_json() if past is not None else None,
            }
            _tally_seats(tally, record, sides[0], sides[1])
    previous = {"previous_last_winner", "previous_top_scorer"}
    for table in (PLAYERS, PLAYERS[:2]):
        sides = []
        for edition in (a, b):
            number = _rounds(edition) + 1
            if edition.ties != "extra_round":
                sides.append(f"edition '{edition.id}' plays no tie-break round (a tie for first is shared)")
            elif reads & previous:
                sides.append("")
            else:
                sides.append(_seats(edition, number, table, GameSoFar.fresh(table, number)))
        if "" in sides:
            continue  # (a formula reads the round before the tie-break: not known here)
        record = {"round": None, "cards": None, "tie_break": True, "players": list(table), "game": None}
        _tally_seats(tally, record, sides[0], sides[1])
    return tally.as_json()


def _tally_seats(tally: Tally, record: dict[str, Any], left: dict[str, str] | str, right: dict[str, str] | str) -> None:
    """Count one round's seats under A (``left``) and B (``right``): a seat dict, or why
    the edition cannot have the round."""
    if isinstance(left, str):
        if not isinstance(right, str) and tally.only_one("b", lambda: left):
            tally.keep_only("b", record, right, left)
        return
    if isinstance(right, str):
        if tally.only_one("a", lambda: right):
            tally.keep_only("a", record, left, right)
        return
    tally.checked += 1
    if left != right and tally.differs((record["tie_break"], record["round"], len(record["players"]))):
        tally.examples.append({**record, "a": left, "b": right})


# ---------------------------------------------------------------------- schedules


def schedule_differences(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """The schedules the editions deal differently: each schedule id either has, and
    the default schedules where their ids differ (``schedule``: ``(default)``), with
    the id each edition has (``a``, ``b``; ``None`` without it) and ``tables``: for the
    table sizes both editions allow at which the two deal alike among themselves
    (``players``), the cards each deals in every round (``a``, ``b``: lists, ``None``
    without the schedule) and the rounds that differ (``rounds``). Schedules dealt the
    same at every table are left out."""
    ids = _union([*(s.id for s in a.schedules), *(s.id for s in b.schedules)])
    sizes = range(max(a.min_players, b.min_players), min(a.max_players, b.max_players) + 1)
    labels = ids if a.default_schedule == b.default_schedule else ["(default)", *ids]
    out = []
    for label in labels:
        pick_a = a.default_schedule if label == "(default)" else label
        pick_b = b.default_schedule if label == "(default)" else label
        has_a, has_b = pick_a in {s.id for s in a.schedules}, pick_b in {s.id for s in b.schedules}
        tables: dict[tuple[Any, Any], list[int]] = {}
        for players in sizes:
            left = _dealt(a, pick_a, players) if has_a else None
            right = _dealt(b, pick_b, players) if has_b else None
            if left != right:
                tables.setdefault((left and tuple(left), right and tuple(right)), []).append(players)
        if tables:
            out.append(
                {
                    "schedule": label,
                    "a": pick_a if has_a else None,
                    "b": pick_b if has_b else None,
                    "tables": [
                        {
                            "players": players,
                            "a": None if left is None else list(left),
                            "b": None if right is None else list(right),
                            "rounds": _rounds_differing(left, right),
                        }
                        for (left, right), players in tables.items()
                    ],
                }
            )
    return out


def _rounds_differing(left: Sequence[int | None] | None, right: Sequence[int | None] | None) -> list[int]:
    """The round numbers whose cards differ between two deals (a missing round differs)."""
    a, b = list(left or ()), list(right or ())
    length = max(len(a), len(b))
    a += [None] * (length - len(a))
    b += [None] * (length - len(b))
    return [number for number, (x, y) in enumerate(zip(a, b, strict=True), start=1) if x != y]


def _dealt(edition: Edition, schedule: str, players: int) -> list[int | None]:
    """The cards ``edition`` deals each player in each round of ``schedule`` at a table
    of ``players``."""
    rounds = len(edition.schedule(schedule).rounds)
    hands = edition.hands(players)
    return [edition.cards_dealt(number, hands, schedule) for number in range(1, rounds + 1)]
