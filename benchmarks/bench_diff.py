"""Time of ``skullking diff``'s comparison of two bundled editions, as the score pad's
compare page makes it the first time it is asked for a pair.

    python benchmarks/bench_diff.py [--runs 3] [--sample 500] [--all] [--pad] [A B ...]

For each ordered pair of bundled editions (default: ``skullking-2021`` with
``skullking-2024``, ``bga`` with ``legendary-2018`` and ``skullking-original`` with
``skullking-2021``; ``--all``: every ordered pair of the bundled editions; or the
pairs named, two ids each), both editions are loaded anew before each run (not timed:
the pad keeps its editions loaded), so that nothing an edition learns while it plays
(its trick plans) is left over from the run before, and then
:func:`skullking.analysis.compare.compare` runs with the pad's settings (``--sample``
random longer tricks, seed 2021, tricks of 2 and 3 cards) and its text is written as
the page shows it. Printed per pair: the tricks and rounds compared, the best and the
median wall-clock seconds of ``--runs`` runs, and the CPU seconds of the best run (the
machine may be shared: CPU time is what the comparison itself costs), then the
slowest pair. The score pad's own stored reports are not used: this times the work.

``--pad`` then times the score pad's answer itself (``Pad.diff_report``, its editions
loaded first), the first time each pair is asked for: of a new pad on an empty database
(the report is made), and of a pad started again on that database (the median of
``--runs`` new pads). Run it in two trees (``PYTHONPATH`` or each tree's own venv) to
compare them.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The pairs timed by default: the two the speed page names, and the largest grid.
PAIRS = [("skullking-2021", "skullking-2024"), ("bga", "legendary-2018"), ("skullking-original", "skullking-2021")]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each pair; the best counts (default 3)")
    parser.add_argument("--sample", type=int, default=500, help="random longer tricks (the pad's: 500)")
    parser.add_argument("--all", action="store_true", help="every ordered pair of the bundled editions")
    parser.add_argument("--pad", action="store_true", help="also time the score pad's first answer of each pair")
    parser.add_argument("ids", nargs="*", help="pairs of edition ids, A B A B ...")
    args = parser.parse_args(argv)
    if len(args.ids) % 2:
        parser.error("edition ids come in pairs")
    os.environ.setdefault("SKULLKING_CACHE_DIR", tempfile.mkdtemp(prefix="bench-diff-"))
    import skullking

    if args.all:
        pairs = list(itertools.permutations([ident for ident, _ in skullking.bundled_editions()], 2))
    else:
        pairs = list(zip(args.ids[::2], args.ids[1::2], strict=True)) or PAIRS
    print("| A | B | tricks of the grid | rounds | best | median | CPU of the best |")
    print("|---|---|---|---|---|---|---|")
    slowest = (0.0, "")
    for a_id, b_id in pairs:
        walls: list[tuple[float, float]] = []
        report: dict[str, Any] = {}
        for _ in range(args.runs):
            a, b = skullking.load_edition(a_id), skullking.load_edition(b_id)
            wall, cpu = time.perf_counter(), time.process_time()
            report = _diff(a, b, args.sample)
            walls.append((time.perf_counter() - wall, time.process_time() - cpu))
        best, cpu = min(walls)
        median = statistics.median(w for w, _ in walls)
        tricks, rounds = report["tricks"]["grid"]["compared"], report["rounds"]["grid"]["compared"]
        print(f"| `{a_id}` | `{b_id}` | {tricks:,} | {rounds:,} | {best:.3f} s | {median:.3f} s | {cpu:.3f} s |")
        slowest = max(slowest, (median, f"{a_id} / {b_id}"))
    print(f"\nslowest pair (median): {slowest[1]}, {slowest[0]:.3f} s")
    if args.pad:
        _pad(pairs, args.runs)
    return 0


def _pad(pairs: Sequence[tuple[str, str]], runs: int) -> None:
    """The score pad's first answer of each pair: a new pad, then a pad started again."""
    from pathlib import Path

    from skullking.tools.pad.app import Pad
    from skullking.tools.pad.store import Store

    print("\n| A | B | a new pad | the pad started again (median) |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for n, (a_id, b_id) in enumerate(pairs):
            db = Path(folder) / f"pad-{n}.sqlite3"
            seconds = []
            for _ in range(1 + runs):
                pad = Pad(Store(db))
                pad.editions.get(a_id), pad.editions.get(b_id)
                started = time.perf_counter()
                pad.reports.report(a_id, b_id)
                seconds.append(time.perf_counter() - started)
            again = statistics.median(seconds[1:])
            print(f"| `{a_id}` | `{b_id}` | {seconds[0]:.3f} s | {again * 1000:.1f} ms |")


def _diff(a: Edition, b: Edition, sample: int) -> dict[str, Any]:
    """The comparison as the pad makes it: the report, and its text written."""
    from skullking.analysis.compare import compare
    from skullking.tools.diffcmd import write_report

    report = compare(a, b, sample=sample, seed=2021, depth=3)
    write_report(a, b, report, io.StringIO())
    return report


if __name__ == "__main__":
    raise SystemExit(main())
