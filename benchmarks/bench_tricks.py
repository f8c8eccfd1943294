"""Trick-resolution speed: the rules engine against a hand-written resolver.

    python benchmarks/bench_tricks.py [--tricks 200000] [--players 4] [--seed 2021] [--repeat 5] [--tables]

Deals ``--tricks`` random tricks of ``--players`` cards from the full 74-card 2021 deck
(the Tigress declared at random) with a fixed seed, and parses them once for each
implementation. A first, timed pass of each resolves every trick (the cold run: any
cache the engine keeps is empty) and the results must agree on winner, next leader,
bonus and alliances for every trick; the script stops if they do not, since timing two
different rule sets means nothing. Then it times ``ed.resolve_trick(plays, leader,
players)`` and ``handwritten.resolve`` over the same tricks, best of ``--repeat`` runs
taken in turns (garbage collection off while timing, as ``timeit`` does), and prints
tricks per second. The engine is also timed on the same plays held in a plain tuple
rather than in what ``parse_cards`` returns. Last, a stream of as many tricks whose
*patterns* (which roles, suits and effects stand where: what the engine could keep an
outcome for) are all different and never seen before in the run, one pass of each
implementation: what a trick never seen before costs (its first half given to the
engine parsed, its second half as plain tuples; the hand-written resolver gets both).
With ``--tables`` the edition first plans every trick of up to four cards
(``Edition.plan_tricks()``, as a large ``skullking simulate`` run does; read from the
cache or made, outside the timings): no short trick is then new to the engine, whatever
the run has seen. This is a report, not a test.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING

import handwritten  # benchmarks/ is the script's folder, first on sys.path

import skullking

if TYPE_CHECKING:
    from skullking.edition import Edition

Parsed = Sequence[skullking.Play]  # what Edition.parse_cards returns
Hand = list[handwritten.Card]
EDITION = "skullking-2021"
SPECIALS = {"E": 5, "PIR": 5, "TIG": 1, "SK": 1, "MER": 2, "KRAKEN": 1, "WHALE": 1, "LOOT": 2}


def deck() -> list[str]:
    """The 74 cards: 4 suits x 1-14, 5 escapes, 5 pirates, the Tigress, the Skull King,
    2 mermaids, Kraken, White Whale, 2 Loot."""
    codes = [f"{suit}{rank}" for suit in "GYPB" for rank in range(1, 15)]
    for code, count in SPECIALS.items():
        codes += [code] * count
    return codes


def deal(count: int, size: int, seed: int) -> list[tuple[list[str], int]]:
    rng = random.Random(seed)
    cards = deck()
    tricks = []
    for _ in range(count):
        codes = rng.sample(cards, size)
        codes = [rng.choice(("TIG:PIR", "TIG:E")) if c == "TIG" else c for c in codes]
        tricks.append((codes, rng.randrange(size)))
    return tricks


def best_of(repeat: int, runs: dict[str, Callable[[], object]], *, collect: bool = False) -> dict[str, float]:
    """The fastest of ``repeat`` runs of each function, in seconds. The functions take
    turns (one run of each per round), so that a busy machine slows all of them alike.
    Garbage collection is off while timing, as ``timeit`` does, unless ``collect``
    (whole games make garbage that a real run collects)."""
    best = dict.fromkeys(runs, float("inf"))
    with gc_off() if not collect else nullcontext():
        for _ in range(repeat):
            for name, run in runs.items():
                start = time.perf_counter()
                run()
                best[name] = min(best[name], time.perf_counter() - start)
    return best


@contextmanager
def gc_off() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


Outcome = tuple[int | None, int, int, tuple[tuple[int, int], ...]]


def one_pass(
    ed: Edition, engine_tricks: list[tuple[Parsed, int]], hand_tricks: list[tuple[Hand, int]], players: int
) -> tuple[float, float, list[Outcome], list[Outcome]]:
    """One timed pass of each implementation that keeps the results: (engine seconds,
    handwritten seconds, engine outcomes, handwritten outcomes)."""
    resolve_trick, resolve = ed.resolve_trick, handwritten.resolve
    with gc_off():
        start = time.perf_counter()
        results = [resolve_trick(plays, leader, players) for plays, leader in engine_tricks]
        engine_s = time.perf_counter() - start
        start = time.perf_counter()
        baseline = [resolve(cards, leader, players) for cards, leader in hand_tricks]
        hand_s = time.perf_counter() - start
    engine = [(r.winner, r.next_leader, r.bonus, r.alliances) for r in results]
    return engine_s, hand_s, engine, baseline


def disagreements(dealt: list[tuple[list[str], int]], engine: list[Outcome], baseline: list[Outcome]) -> list[str]:
    return [
        f"  {' '.join(codes)} (leader {leader}): engine {e}, handwritten {h}"
        for (codes, leader), e, h in zip(dealt, engine, baseline, strict=True)
        if e != h
    ]


def abort(found: list[str], count: int) -> int:
    print(
        f"abort: the engine and the hand-written resolver disagree on {len(found)} of {count} tricks "
        "(winner, next_leader, bonus, alliances); first ones:",
        file=sys.stderr,
    )
    print("\n".join(found[:10]), file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tricks", type=int, default=200_000, help="tricks to deal (200000)")
    parser.add_argument("--players", type=int, default=4, help="cards per trick, 2..8 (4)")
    parser.add_argument("--seed", type=int, default=2021, help="random seed (2021)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs, best kept (5)")
    parser.add_argument("--tables", action="store_true", help="plan every trick of up to 4 cards first")
    args = parser.parse_args(argv)
    players: int = args.players
    if not 2 <= players <= 8:
        parser.error("--players must be between 2 and 8")
    if args.tricks < 1 or args.repeat < 1:
        parser.error("--tricks and --repeat must be positive")

    ed = skullking.load_edition(EDITION)
    named = {"ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY"}
    if sorted("PIR" if card.code in named else card.code for card in ed.deck()) != sorted(deck()):
        print("abort: this script's deck is not the edition's deck", file=sys.stderr)
        return 2
    if args.tables:
        began = time.perf_counter()
        ed.plan_tricks()
        print(f"plan tables: every trick of up to 4 cards planned first ({time.perf_counter() - began:.2f} s)")

    def prepare(seed: int) -> tuple[list[tuple[list[str], int]], list[tuple[Parsed, int]], list[tuple[Hand, int]]]:
        dealt = deal(args.tricks, players, seed)
        engine_tricks: list[tuple[Parsed, int]] = [(ed.parse_cards(codes), leader) for codes, leader in dealt]
        hand_tricks = [(handwritten.parse_cards(codes), leader) for codes, leader in dealt]
        return dealt, engine_tricks, hand_tricks

    dealt, engine_tricks, hand_tricks = prepare(args.seed)
    count = len(dealt)

    # 1. The first (cold) pass: both must agree on every trick, or nothing is timed.
    engine_first, hand_first, engine, baseline = one_pass(ed, engine_tricks, hand_tricks, players)
    found = disagreements(dealt, engine, baseline)
    if found:
        return abort(found, count)
    beasts = sum(any(c in ("KRAKEN", "WHALE") for c in codes) for codes, _ in dealt)
    loots = sum("LOOT" in codes for codes, _ in dealt)
    unwon = sum(e[0] is None for e in engine)
    del engine, baseline

    # 2. Best of --repeat runs over the same tricks, the same loop for each. The engine
    #    also gets the plays in a plain tuple, as a program that builds a trick play by
    #    play holds them (without what parse_cards precomputes on the tuple it returns).
    resolve_trick, resolve = ed.resolve_trick, handwritten.resolve
    plain_tricks = [(tuple(plays), leader) for plays, leader in engine_tricks]

    def run_engine() -> None:
        for plays, leader in engine_tricks:
            resolve_trick(plays, leader, players)

    def run_plain() -> None:
        for plays, leader in plain_tricks:
            resolve_trick(plays, leader, players)

    def run_handwritten() -> None:
        for cards, leader in hand_tricks:
            resolve(cards, leader, players)

    best = best_of(args.repeat, {"engine": run_engine, "plain": run_plain, "handwritten": run_handwritten})

    # 3. One pass over as many new tricks (next seed), after all that warm-up: what a long
    #    simulation sees, where tricks do not come back. Checked for agreement too.
    fresh, engine_tricks, hand_tricks = prepare(args.seed + 1)
    engine_new, hand_new, engine, baseline = one_pass(ed, engine_tricks, hand_tricks, players)
    found = disagreements(fresh, engine, baseline)
    if found:
        return abort(found, count)

    # 4. A stream of tricks whose patterns were never seen: every trick so far counts as
    #    seen, then new deals (next seeds) keep a trick only if its pattern is new.
    seen = {ed.parse_cards(codes).patterns for codes, _ in [*dealt, *fresh]}
    stream: list[tuple[list[str], int]] = []
    for seed in range(args.seed + 2, args.seed + 12):
        for codes, leader in deal(count, players, seed):
            key = ed.parse_cards(codes).patterns
            if key not in seen and len(stream) < count:
                seen.add(key)
                stream.append((codes, leader))
    #    In chunks, the implementations taking turns (a busy machine slows both alike).
    half = len(stream) // 2
    unseen_s = unseen_hand_s = plain_s = plain_hand_s = 0.0
    order: list[tuple[list[str], int]] = []
    engine, baseline = [], []
    step = max(1, half // 10)
    for start in range(0, half, step):
        for part, plain in ((stream[start : start + step], False), (stream[half + start : half + start + step], True)):
            parsed = [(ed.parse_cards(codes), leader) for codes, leader in part]
            plays: list[tuple[Parsed, int]] = [(tuple(p), leader) for p, leader in parsed] if plain else [*parsed]
            hand = [(handwritten.parse_cards(codes), leader) for codes, leader in part]
            engine_s, hand_s, outcomes, expected = one_pass(ed, plays, hand, players)
            order += part
            engine += outcomes
            baseline += expected
            if plain:
                plain_s, plain_hand_s = plain_s + engine_s, plain_hand_s + hand_s
            else:
                unseen_s, unseen_hand_s = unseen_s + engine_s, unseen_hand_s + hand_s
    found = disagreements(order, engine, baseline)
    if found:
        return abort(found, len(order))

    print(
        f"{EDITION}: {count:,} random {players}-card tricks (seed {args.seed}), best of {args.repeat}; "
        f"Python {sys.version.split()[0]}"
    )
    print(
        f"agreement: all {count:,} tricks identical (winner, next_leader, bonus, alliances), and {count:,} "
        f"more (seed {args.seed + 1}); {beasts:,} with Kraken/Whale, {loots:,} with Loot, {unwon:,} unwon"
    )
    print()
    print(f"{'tricks per second':<32} {'best run':>10} {'us/trick':>9} {'1st pass':>10} {'new tricks':>10}")
    rows = [
        ("engine      ed.resolve_trick", best["engine"], engine_first, engine_new),
        ("  the plays in a plain tuple", best["plain"], None, None),
        ("handwritten resolve", best["handwritten"], hand_first, hand_new),
    ]
    for name, seconds, first, new in rows:
        cells = [f"{count / t:>10,.0f}" if t is not None else f"{'-':>10}" for t in (first, new)]
        print(f"{name:<32} {count / seconds:>10,.0f} {seconds / count * 1e6:>9.2f} {cells[0]} {cells[1]}")
    print()
    ratios = [
        ("best run", best["handwritten"] / best["engine"]),
        ("best run, plain tuple", best["handwritten"] / best["plain"]),
        ("1st pass", hand_first / engine_first),
        ("new tricks", hand_new / engine_new),
    ]
    print("ratio engine/handwritten (tricks/s): " + ", ".join(f"{label} {r:.3f}" for label, r in ratios))
    print(
        "best run: the same tricks again (any cache warm); 1st pass: those tricks the first time (cold); "
        "new tricks: unseen ones after all that"
    )
    print()
    print(
        f"a stream of {2 * half:,} {players}-card tricks of distinct patterns never seen before (seeds "
        f"{args.seed + 2}...), one pass: {half:,} parsed, {half:,} as plain tuples"
    )
    print(f"{'tricks per second':<32} {'parsed':>10} {'us/trick':>9} {'plain':>10} {'us/trick':>9}")
    for name, first, second in (
        ("engine      ed.resolve_trick", unseen_s, plain_s),
        ("handwritten resolve", unseen_hand_s, plain_hand_s),
    ):
        line = f"{half / first:>10,.0f} {first / half * 1e6:>9.2f}"
        line += f" {half / second:>10,.0f} {second / half * 1e6:>9.2f}"
        print(f"{name:<32} {line}")
    print(
        f"ratio engine/handwritten (tricks/s): unseen patterns {unseen_hand_s / unseen_s:.3f}, "
        f"unseen patterns, plain tuple {plain_hand_s / plain_s:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
