"""A long fuzzing run of every way into the engine, counting its inputs.

    python scripts/fuzz.py [--examples 20000] [--only NAME ...] [--seed N]

Runs each property of ``tests/helpers/fuzzing.py`` (the command line, standard input, card
notation, formulas, mutated edition files, score sheets, game records, hostile names in every
data output, vector text, tricks, legal plays, cache entries) on ``--examples`` generated
inputs with hypothesis, and prints how many inputs each tried and whether all held.
Exit 1 when a property fails (hypothesis prints the smallest failing input). The test
suite runs the same properties on a few hundred inputs each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))

from fuzzing import PROPERTIES
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st


def run(name: str, examples: int, random_seed: int) -> int:
    """Run one property on ``examples`` inputs; return how many it tried."""
    check, strategies = PROPERTIES[name]
    tried = 0

    @seed(random_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.tuples(*strategies))
    def prop(args: tuple[Any, ...]) -> None:
        nonlocal tried
        tried += 1
        check(*args)

    prop()
    return tried


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--examples", type=int, default=20_000, help="inputs per property (20000)")
    parser.add_argument(
        "--only", choices=sorted(PROPERTIES), action="append", help="this property only (repeat for more)"
    )
    parser.add_argument("--seed", type=int, default=2021, help="random seed (2021)")
    args = parser.parse_args()
    total, failed = 0, False
    for name in args.only or sorted(PROPERTIES):
        start = time.perf_counter()
        try:
            tried = run(name, args.examples, args.seed)
            verdict = "held"
        except Exception as exc:  # the failing input is printed by hypothesis
            tried, verdict, failed = 0, f"FAILED: {type(exc).__name__}: {str(exc)[:200]}", True
        total += tried
        print(f"{name:18} {tried:8,} inputs  {time.perf_counter() - start:7.1f} s  {verdict}", flush=True)
    print(f"{'total':18} {total:8,} inputs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
