"""Soak the game records: thousands of games of every bundled edition and example house
rule (carried inline by each record), each written as its record and read back every
way the engine reads one (tests/helpers/roundtrips.py): the canonical text read and
written again, replayed, replayed without its deal, and loaded at a move drawn at
random then played on with the recorded moves, each to the game's scores.

    .venv/bin/python scripts/records_soak.py [--games 2000] [--seed 1] [--jobs N]

The test suite checks a few games of each example house rule
(tests/records/test_roundtrips.py); this checks as many as asked, in worker processes,
prints a line per edition and a summary, and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import skullking
from skullking.analysis.simulation import default_jobs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))

from roundtrips import Tally, check_game, play

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _edition(source: str) -> skullking.Edition:
    return skullking.load_edition(source, allow_paths=True)


@functools.cache
def _inline(rule: str) -> skullking.Edition:
    """The edition of a house rule as a record carries it, read once per process (the
    first record that carries it; the others carry the same text)."""
    from skullking.language.record import GameRecord, RuleLine
    from skullking.loading.inline import inline_edition

    lines = tuple(RuleLine(text, 0, 0) for text in rule.splitlines())
    return inline_edition(GameRecord(tags=(), rounds=(), line=1, column=1, rule=lines))


def _inline_of(rule: str, _record: object) -> skullking.Edition:
    return _inline(rule)


def _chunk(source: str, seeds: range) -> Tally:
    edition = _edition(source)
    rule = None if source == edition.id else Path(source).read_text(encoding="utf-8")
    reader = None if rule is None else functools.partial(_inline_of, rule)
    tally = Tally()
    for seed in seeds:
        found = check_game(play(edition, seed), rule=rule, seed=seed, reader=reader)
        tally.games += 1
        tally.disagreements += [f"{Path(source).stem} seed {seed}: {what}" for what in found]
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per edition (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args()
    sources = [ident for ident, _ in skullking.bundled_editions()]
    sources += sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))
    total = Tally()
    start = time.perf_counter()
    step = max(1, args.games // (4 * args.jobs))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for source in sources:
            first, last = args.seed, args.seed + args.games
            chunks = [range(s, min(s + step, last)) for s in range(first, last, step)]
            tally = Tally()
            for part in pool.map(_chunk, [source] * len(chunks), chunks):
                tally.add(part)
            total.add(tally)
            how = "inline" if source.endswith(".yaml") else "bundled"
            verdict = "every round trip agrees" if not tally.disagreements else f"{len(tally.disagreements)} disagree"
            print(f"{Path(source).stem:<32} {how:<8} {tally.games:>7,} games: {verdict}", flush=True)
    seconds = time.perf_counter() - start
    print(
        f"{total.games:,} games of {len(sources)} editions, {total.games * 4:,} round trips, "
        f"in {seconds:,.0f} s: {len(total.disagreements)} disagreements"
    )
    for what in total.disagreements[:20]:
        print(f"  {what}")
    return 1 if total.disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
