"""Soak the bots: thousands of whole games of every bundled edition and example house
rule, at every table size, mixed bots, through the round engine (which refuses any
illegal move with a GameError: a run that ends is a run of legal moves only).

    .venv/bin/python scripts/bots_soak.py [--games 1000] [--seed 1] [--jobs N]

The test suite plays a few hundred such games (tests/analysis/test_bots.py); this plays as many
as asked, in worker processes, and prints the count per edition.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import skullking
from skullking.analysis.simulation import Setup, default_jobs, simulate

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per edition (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args()
    sources = [ident for ident, _ in skullking.bundled_editions()]
    sources += sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))
    total = 0
    start = time.perf_counter()
    for source in sources:
        edition = skullking.load_edition(source, allow_paths=True)
        sizes = list(range(max(2, edition.min_players), min(8, edition.max_players) + 1))
        share = max(1, args.games // len(sizes))
        played = 0
        for count in sizes:
            bots = ("heuristic", "random") if count % 2 else ("random", "heuristic", "heuristic")
            setup = Setup(
                edition=source,
                players=tuple(f"P{i}" for i in range(count)),
                bots=bots,
                seed=args.seed,
                allow_paths=True,
            )
            played += simulate(setup, share, jobs=args.jobs).games
        total += played
        print(f"{Path(source).stem:<32} {played:>7,} games, every move legal", flush=True)
    print(f"{total:,} games in {time.perf_counter() - start:,.0f} s: no illegal move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
