"""Time of ``validate``'s analysis of rules that cannot matter (:mod:`skullking.lint`, which
plays every kind of trick with :mod:`skullking.exhaustive`).

    python benchmarks/bench_lint.py [--runs 3] [FILE ...]

For each bundled edition (or each FILE), without the on-disk cache: the analysis as
``validate`` runs it (it stops once every rule, bonus, card and effect was seen to
matter), and the whole exhaustive play, which a file with something dead pays (the
tricks played and the seconds, best of ``--runs``).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each measure; the best counts (default 3)")
    parser.add_argument("files", nargs="*", type=Path, help="edition files (default: the bundled ones)")
    args = parser.parse_args(argv)
    os.environ["SKULLKING_NO_CACHE"] = "1"
    from skullking.exhaustive import play_all
    from skullking.lint import lint_edition
    from skullking.loader import _load_tree, check_file

    files = args.files or sorted((ROOT / "editions").glob("*.yaml"))
    print("| edition | validate's analysis | whole play: tricks | whole play: seconds |")
    print("|---|---|---|---|")
    for path in files:
        edition, _ = check_file(path, use_cache=False)
        if edition is None:
            print(f"{path}: has errors")
            return 1
        root = _load_tree(path, [], (path.resolve(),), [], {})
        assert root is not None
        linted = []
        whole = []
        tricks = 0
        for _ in range(args.runs):
            started = time.perf_counter()
            lint_edition(edition, root)
            linted.append(time.perf_counter() - started)
            usage = play_all(edition)
            whole.append(usage.seconds)
            tricks = usage.tricks
        print(f"| `{edition.id}` | {min(linted) * 1000:.0f} ms | {tricks:,} | {min(whole):.2f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
