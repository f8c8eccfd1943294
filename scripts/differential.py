"""A long differential run of the two trick resolvers over generated house rules.

    python scripts/differential.py [--tricks 100000] [--per-edition 200] [--seed N]

Generates overlays of the bundled editions with the hypothesis strategy of
``tests/helpers/agreement.py`` (new and changed precedence rules, bonuses, effects, roles,
cards and counts, player counts), loads each, and resolves random tricks of every
edition that loads through the interpreter and every path of the compiled resolver,
with and without plan tables (``tests/helpers/agreement.py``'s ``check_edition``), until
``--tricks`` tricks were compared. Prints how many editions were generated, how many
loaded (and why the others did not), and how many tricks were compared; on a
disagreement, the edition's overlay as YAML and the trick, with exit 1. The test suite
runs the same property on a few dozen editions (tests/tricks/compiled/test_differential.py).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))

from agreement import check_overlay, house_rules, load_overlay
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st


class Run:
    """The counts of a run."""

    def __init__(self, per_edition: int, folder: Path) -> None:
        self.per_edition, self.folder = per_edition, folder
        self.generated = self.loaded = self.tricks = 0
        self.refused: Counter[str] = Counter()

    def edition(self, overlay: dict[str, Any], trick_seed: int) -> None:
        """Load one overlay and compare its tricks (raises on a disagreement)."""
        self.generated += 1
        compared = check_overlay(overlay, self.folder, trick_seed, self.per_edition)
        if compared is None:
            _, problems = load_overlay(overlay, self.folder)
            first = next(p for p in problems if p.severity == "error")
            self.refused[re.sub(r"'[^']*'", "'...'", first.message)[:100]] += 1
            return
        self.loaded += 1
        self.tricks += compared


def batch(run: Run, editions: int, random_seed: int) -> None:
    """Run ``editions`` generated overlays through ``run``."""

    @seed(random_seed)
    @settings(
        max_examples=editions,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate],  # (the overlay as generated: shrinking replays whole editions for minutes)
    )
    @given(house_rules(), st.integers(0, 2**32))
    def prop(overlay: dict[str, Any], trick_seed: int) -> None:
        run.edition(overlay, trick_seed)

    prop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tricks", type=int, default=100_000, help="tricks to compare (100000)")
    parser.add_argument(
        "--per-edition", type=int, default=200, help="random tricks per edition, each with another of its pattern (200)"
    )
    parser.add_argument("--seed", type=int, default=2021, help="random seed (2021)")
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        # the plan tables go to a cache of this run's own, and go with it
        os.environ["SKULLKING_CACHE_DIR"] = str(Path(scratch) / "cache")
        os.environ.pop("SKULLKING_NO_CACHE", None)
        run = Run(args.per_edition, Path(scratch))
        round_ = 0
        failed = None
        while run.tricks < args.tricks and failed is None:
            left = args.tricks - run.tricks
            try:
                batch(run, max(1, min(20, left // (2 * args.per_edition) + 1)), args.seed + round_)
            except AssertionError as exc:
                failed = str(exc)
            round_ += 1
            print(
                f"{run.generated:,} editions generated, {run.loaded:,} loaded, {run.tricks:,} tricks compared"
                f" ({time.perf_counter() - start:,.0f} s)",
                flush=True,
            )
    for message, count in run.refused.most_common():
        print(f"  not loaded ({count}): {message}")
    if failed is not None:
        print(failed)
        return 1
    print("no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
