"""Whole-game speed: random games through ``skullking.Game`` against a hand-written loop.

    python benchmarks/bench_games.py [--games 300] [--repeat 5] [--seed 2021] [--stream 10000] [--no-tables]

Plays ``--games`` random four-player games of skullking-2021 (the ten rounds of the
standard schedule) two ways, in turns, in one process:

* the engine: ``Game(edition, players, seed=...)``, each round dealt by
  ``game.next_round()`` and played by ``play_randomly`` (random bids, random legal
  plays, random answers to the pirates' abilities), every round scored with
  ``Round.score()`` after the last one and the totals summed (``rounds.standings``, as
  ``skullking simulate`` does: the rounds' own scores, the sheet not checked again).
  Scoring each round as soon as it ends, as ``simulate`` does, measured about 7 %
  slower on the development machine, the play and the deal included (the same work
  in another order: the interpreter going back and forth between two working sets);
* ``benchmarks/handwritten_game.py``: the same game written directly in Python (deal,
  random bids, random follow-suit plays, ``handwritten.resolve``, the abilities, the
  2021 formulas written out).

The edition is compiled completely before play, as a large ``skullking simulate`` run
does: ``Edition.plan_tricks()`` plans every trick of up to four cards it can deal (read
from the cache, or made the first time; the script prints which and how long it took,
outside the timings). ``--no-tables`` leaves that out: the engine then plans a trick's
pattern in play, the second time it meets it.

Each of ``--repeat`` runs plays the same seeded games again with each implementation,
alternately; the best run of each is kept (the engine's compiled trick plans are warm
for those games by then). Then each plays ``--games`` games it has not seen once (the
next seeds): what a long simulation meets (without the tables, a trick's pattern is
sometimes new to the engine). The script prints games per second and the ratio engine / hand-written
(1.0: as fast) for both. With ``--stream N`` it then plays N more new games in chunks of
250, the engine and the hand-written loop in turns on each chunk, and prints the median
ratio of the chunks by stage: how a long simulation fares as the engine meets fewer
trick patterns it has not planned yet. Garbage collection stays on, as in a real program. This is a
report, not a test (``tests/benchmarks/test_benchmark_baseline.py`` keeps the baseline honest: its
rounds are legal and score as the engine scores them).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Sequence

import handwritten_game  # benchmarks/ is the script's folder, first on sys.path
from bench_tricks import best_of

import skullking
from skullking.edition import Edition
from skullking.play.game import Game
from skullking.play.round import play_randomly
from skullking.scoring.schemes import standings

EDITION = "skullking-2021"
PLAYERS = list(handwritten_game.PLAYERS)


def engine_games(edition: Edition, games: int, seed: int) -> int:
    """Play ``games`` random games through the engine; the sum of every total (a check
    that the work was done)."""
    checksum = 0
    for i in range(games):
        game = Game(edition, PLAYERS, seed=seed + i)
        rng = random.Random(seed + i)
        for _ in range(game.length):
            play_randomly(game.next_round(), rng)
        totals, _ = standings(
            PLAYERS, [r.score() for r in game.rounds], length=game.length, tie_break=edition.tie_break_winner
        )
        checksum += sum(totals.values())
    return checksum


def handwritten_games(games: int, seed: int) -> int:
    checksum = 0
    for i in range(games):
        checksum += sum(handwritten_game.play_game(random.Random(seed + i)))
    return checksum


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="games per run (300)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs, best kept (5)")
    parser.add_argument("--seed", type=int, default=2021, help="random seed (2021)")
    parser.add_argument("--stream", type=int, default=0, help="then this many new games in chunks (0: none)")
    parser.add_argument(
        "--no-tables", action="store_true", help="do not plan the short tricks before play (plans made in play)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1 or args.stream < 0:
        parser.error("--games and --repeat must be positive, --stream not negative")
    edition = skullking.load_edition(EDITION)
    if args.no_tables:
        print("plan tables: none (a short trick's plan is made in play, the second time its pattern is met)")
    else:
        began = time.perf_counter()
        read = edition.plan_tricks(build=False)
        if not read:
            edition.plan_tricks()
        how = "read from the cache" if read else "made (and stored in the cache)"
        took = time.perf_counter() - began
        print(f"plan tables: every trick of up to 4 cards planned before play, {how} in {took:.2f} s")
    engine_games(edition, 5, args.seed)  # warm-up: the deck
    games, seed = args.games, args.seed
    best = best_of(
        args.repeat,
        {
            "engine": lambda: engine_games(edition, games, seed),
            "handwritten": lambda: handwritten_games(games, seed),
        },
        collect=True,
    )
    fresh = best_of(
        1,
        {
            "engine": lambda: engine_games(edition, games, seed + games),
            "handwritten": lambda: handwritten_games(games, seed + games),
        },
        collect=True,
    )
    engine, hand = games / best["engine"], games / best["handwritten"]
    new_engine, new_hand = games / fresh["engine"], games / fresh["handwritten"]
    print(
        f"{EDITION}: {games:,} random 4-player games of 10 rounds (seed {seed}), best of {args.repeat}, "
        f"then {games:,} new ones; Python {sys.version.split()[0]}"
    )
    print(f"{'games per second':<40} {'best run':>9} {'ms/game':>8} {'new games':>10}")
    print(f"{'engine      Game + play_randomly':<40} {engine:>9,.0f} {1000 / engine:>8.2f} {new_engine:>10,.0f}")
    print(f"{'handwritten handwritten_game.play_game':<40} {hand:>9,.0f} {1000 / hand:>8.2f} {new_hand:>10,.0f}")
    print(f"ratio engine/handwritten (games/s): best run {engine / hand:.2f}, new games {new_engine / new_hand:.2f}")
    if args.stream:
        stream(edition, args.stream, seed + 2 * games)
    return 0


CHUNK = 250


def stream(edition: Edition, games: int, seed: int) -> None:
    """Play ``games`` new games in chunks, the engine and the hand-written loop in turns
    on each chunk; print the median ratio of the chunks by stage (each a fifth)."""
    ratios = []
    for start in range(0, games, CHUNK):
        count = min(CHUNK, games - start)
        began = time.perf_counter()
        engine_games(edition, count, seed + start)
        mid = time.perf_counter()
        handwritten_games(count, seed + start)
        ratios.append((time.perf_counter() - mid) / (mid - began))
    print(f"then {games:,} new games in chunks of {CHUNK}, in turns: median ratio engine/handwritten by stage")
    stages = min(5, len(ratios))
    bounds = [stage * len(ratios) // stages for stage in range(stages + 1)]  # chunk indexes
    for start, end in itertools.pairwise(bounds):
        first, last = start * CHUNK + 1, min(games, end * CHUNK)
        print(f"  games {first:>7,} - {last:>7,}: {statistics.median(ratios[start:end]):.2f}")
    print(f"  all: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
