"""Bots and simulation: how well the heuristic bot plays, and how fast games are played.

    python benchmarks/bench_bots.py [--games 2000] [--seed 2021] [--jobs N]

1. One heuristic bot against three random ones, ``--games`` four-player games of
   skullking-2021 (the target: its bid made in at least 45% of its rounds, at
   least 70% of the games won), then all-heuristic and all-random tables: bids made,
   mean final score.
2. Games per second on one core and with ``--jobs`` worker processes (default: every
   core), half of ``--games`` (1,000: a run large enough to plan its tricks first, as
   ``skullking simulate`` does), the same games either way (the statistics are
   compared), and the speed-up.

This is a report, not a test.
"""

from __future__ import annotations

import argparse
import time

import skullking
from skullking.analysis.simulation import Setup, default_jobs, simulate

PLAYERS = ("P1", "P2", "P3", "P4")


def table(edition: skullking.edition.Edition, bots: tuple[str, ...], games: int, seed: int, jobs: int) -> str:
    setup = Setup(edition=edition.id, players=PLAYERS, bots=bots, seed=seed)
    start = time.perf_counter()
    record = simulate(setup, games, jobs=jobs).as_json(setup, edition)
    elapsed = time.perf_counter() - start
    parts = []
    for bot in record["by_bot"]:
        parts.append(
            f"{bot['bot']}: bids made {100 * bot['bid_hit_rate']:.1f}%, mean {bot['mean']:.1f}, "
            f"wins {100 * bot['wins'] / max(record['games'], 1) / bot['seats']:.1f}% a seat"
        )
    return f"{' + '.join(bots):<28} {'; '.join(parts)}  ({games / elapsed:,.0f} games/s)"


def speed(edition: skullking.edition.Edition, bots: tuple[str, ...], games: int, seed: int, jobs: int) -> str:
    setup = Setup(edition=edition.id, players=PLAYERS, bots=bots, seed=seed)
    start = time.perf_counter()
    one = simulate(setup, games, jobs=1).as_json(setup, edition)
    single = time.perf_counter() - start
    start = time.perf_counter()
    many = simulate(setup, games, jobs=jobs).as_json(setup, edition)
    parallel = time.perf_counter() - start
    same = "same statistics" if one == many else "STATISTICS DIFFER"
    return (
        f"{','.join(bots):<28} 1 core {games / single:>7,.0f} games/s   {jobs} jobs {games / parallel:>7,.0f} games/s"
        f"   speed-up {single / parallel:.2f}x ({same})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args()
    edition = skullking.load_edition("skullking-2021")
    print(f"{args.games:,} four-player games of skullking-2021 (seed {args.seed}, {args.jobs} jobs)")
    for bots in (("heuristic", "random", "random", "random"), ("heuristic",), ("random",)):
        print(table(edition, bots, args.games, args.seed, args.jobs))
    print()
    print("speed (the same games on one core and in worker processes):")
    for bots in (("random",), ("heuristic",)):
        print(speed(edition, bots, max(args.games // 2, 100), args.seed, args.jobs))


if __name__ == "__main__":
    main()
