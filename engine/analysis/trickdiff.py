"""The tricks two editions play differently (:func:`trick_differences`): every ordered
pair and triple of the cards of either deck, and a seeded random sample of longer ones,
played under both. A trick both editions can have is *checked*; one only A can have (a
card, a copy, a module at that player count that B does not have) is counted in
``only_a``, with how it plays under A and why B cannot have it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from skullking.analysis.exhaustive import round_pairs
from skullking.analysis.tally import Tally, grid_json, spread_sample
from skullking.analysis.valuediff import deck_copies
from skullking.core import limits
from skullking.core.errors import FormulaError, SkullKingError
from skullking.model.records import TrickResult

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.cards import Play


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
    return {**tally.as_json(), "grid": grid_json(size, most)}


def _with_plays(trick: tuple[str, ...], plays_a: Mapping[str, Play], plays_b: Mapping[str, Play]) -> Trick:
    """``trick`` with its plays under A (``plays_a``, by code) and under B."""
    return trick, tuple(map(plays_a.get, trick)), tuple(map(plays_b.get, trick))
