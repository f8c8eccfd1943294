"""Time of ``validate``'s analysis of rules that cannot matter (:mod:`skullking.analysis.lint`, which
plays every kind of trick with :mod:`skullking.analysis.exhaustive`).

    python benchmarks/bench_lint.py [--runs 3] [--overlay FILE ...] [FILE ...]

For each bundled edition (or each FILE), without the on-disk cache: the analysis as
``validate`` runs it (it stops once every rule, bonus, card and effect was seen to
matter), and the whole exhaustive play, which a file with something dead pays (the
tricks played and the seconds, best of ``--runs``).

Then, for each overlay (default: ``tests/data/lint/change-restated.yaml``, twelve
values of the 2021 edition restated as the base plays them, and a change only play can
tell), the whole analysis of the file and its changes: how many changes were compared
with the file's edition, the tricks resolved under that edition and again under an
edition without a change, and the seconds (best of ``--runs``).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: A change that only playing the tricks can tell changes nothing (a pirate is alone in
#: a trick only where the Kraken's next leader is worked out, and wins there anyway).
PLAYED = "extends: skullking-2021\nid: pirate-in-company\nprecedence:\n  pirate: {when: cards >= 2}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each measure; the best counts (default 3)")
    parser.add_argument("--overlay", type=Path, action="append", help="an overlay to analyse with its changes")
    parser.add_argument("files", nargs="*", type=Path, help="edition files (default: the bundled ones)")
    args = parser.parse_args(argv)
    os.environ["SKULLKING_NO_CACHE"] = "1"
    from skullking.analysis.exhaustive import play_all
    from skullking.analysis.lint import lint_edition
    from skullking.loading.loader import check_file, load_tree

    files = args.files or sorted((ROOT / "editions").glob("*.yaml"))
    print("| edition | validate's analysis | whole play: tricks | whole play: seconds |")
    print("|---|---|---|---|")
    for path in files:
        edition, _ = check_file(path, use_cache=False)
        if edition is None:
            print(f"{path}: has errors")
            return 1
        root = load_tree(path, [], (path.resolve(),), [], {})
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
    with tempfile.TemporaryDirectory() as folder:
        played = Path(folder) / "pirate-in-company.yaml"
        played.write_text(PLAYED, encoding="utf-8")
        overlays = args.overlay or [ROOT / "tests" / "data" / "lint" / "change-restated.yaml", played]
        print()
        print("| overlay | changes compared | tricks resolved | played again | whole analysis |")
        print("|---|---|---|---|---|")
        for path in overlays:
            row = _overlay(path, args.runs)
            if row is None:
                print(f"{path}: has errors")
                return 1
            print(row)
    return 0


def _overlay(path: Path, runs: int) -> str | None:
    """The row of one overlay: its analysis with its changes, counted and timed."""
    from skullking.analysis import exhaustive, lint
    from skullking.analysis.exhaustive import Alike
    from skullking.loading.loader import check_file, load_tree

    edition, _ = check_file(path, use_cache=False)
    if edition is None:
        return None
    layers: list[Any] = []
    sources: dict[str, str] = {}
    root = load_tree(path, [], (path.resolve(),), [], sources, layers=layers)
    assert root is not None
    found: list[tuple[int, Alike]] = []
    real = exhaustive.same_tricks_each

    def counted(edition: Any, others: Any, *rest: Any) -> Alike:
        alike = real(edition, others, *rest)
        found.append((len(others), alike))
        return alike

    setattr(lint, "same_tricks_each", counted)  # noqa: B010 (what lint calls)
    seconds = []
    try:
        for _ in range(runs):
            found.clear()
            started = time.perf_counter()
            lint.lint(edition, root, layers, next(iter(sources.values()), None))
            seconds.append(time.perf_counter() - started)
    finally:
        setattr(lint, "same_tricks_each", real)  # noqa: B010
    changes = sum(n for n, _ in found)
    tricks = sum(a.tricks for _, a in found)
    again = sum(a.replayed for _, a in found)
    return f"| `{path.name}` | {changes} | {tricks:,} | {again:,} | {min(seconds):.2f} s |"


if __name__ == "__main__":
    raise SystemExit(main())
