"""Hostile input: wall time and peak memory of every command on every input of the corpus.

    python benchmarks/hostile.py [--timeout 20] [--records]

Runs each input of ``tests/helpers/hostile_corpus.py`` through each command that reads a file
(and each hostile game record through ``replay``, as text and JSON; ``--records``: the
records only), each as a process of its own (the ``skullking`` script next to the running
Python, else ``python -m skullking``), with a private, warmed cache of compiled editions.
Prints, per run, the exit code, the wall time, the processor time (user and system: what
a busy machine does not stretch) and the peak resident memory (``os.wait4``), then the
slowest and the largest. Exit status 1 when a run misses a target (2 s of wall time,
200 MB), is killed at ``--timeout``, or ends with another exit code than the corpus expects.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from bench_startup import launcher

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))

from hostile_corpus import COMMANDS, CORPUS, RECORDS, argv, available, materialize

TARGET_SECONDS = 2.0
TARGET_MB = 200.0

#: A run as the summary ranks it: wall seconds, peak MB, what ran.
Row = tuple[float, float, str]


def measure(command: list[str], env: dict[str, str], timeout: float) -> tuple[int, float, float, float]:
    """(exit code, seconds, processor seconds, peak resident MB) of one run; exit code -9
    when killed at ``timeout``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    killer = threading.Timer(timeout, process.kill)
    killer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        killer.cancel()
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)  # already reaped: keep Popen from waiting again
    peak_mb = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    return process.returncode, seconds, usage.ru_utime + usage.ru_stime, peak_mb


def report(name: str, label: str, run: tuple[int, float, float, float], code: int, rows: list[Row]) -> bool:
    """Print one run (flagged where it misses a target or exit ``code``), add it to
    ``rows``, and say whether it missed."""
    got, seconds, cpu, peak = run
    miss = got != code or seconds > TARGET_SECONDS or peak > TARGET_MB
    flag = f"  <- expected exit {code}, targets {TARGET_SECONDS:.0f} s, {TARGET_MB:.0f} MB" if miss else ""
    print(f"{name:<26} {label:<16} {got:>4} {seconds:>8.3f} {cpu:>6.2f} {peak:>8.1f}{flag}")
    rows.append((seconds, peak, f"{name} / {label}"))
    return miss


def main(argv_: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--timeout", type=float, default=20.0, help="kill a run after this many seconds (20)")
    parser.add_argument("--records", action="store_true", help="replay the hostile game records only")
    args = parser.parse_args(argv_)
    base = launcher()
    failed = 0
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="skullking-hostile-") as folder:
        env = dict(os.environ, SKULLKING_CACHE_DIR=str(Path(folder) / "cache"))
        for warm in (["trick", "Y1", "Y2"], ["diff", "bga", "skullking-2021", "--sample", "1"]):
            subprocess.run([*base, *warm], env=env, capture_output=True, check=False)
        print(f"{'input':<26} {'command':<16} {'exit':>4} {'seconds':>8} {'cpu s':>6} {'peak MB':>8}")
        for case in () if args.records else CORPUS:
            if not available(case):
                print(f"{case.name:<26} (skipped: {case.device} is not on this system)")
                continue
            path = materialize(case, Path(folder))
            for label, template, code, _ in COMMANDS:
                run = measure([*base, *argv(template, path)], env, args.timeout)
                failed += report(case.name, label, run, code, rows)
        for record in RECORDS:
            made = Path(folder) / record.name
            made.write_bytes(record.make)
            for label, options in (("replay", []), ("replay json", ["--format", "json"])):
                run = measure([*base, "replay", *options, str(made)], env, args.timeout)
                failed += report(record.name, label, run, record.code, rows)
    slowest, largest = max(rows), max(rows, key=lambda r: r[1])
    print(f"\n{len(rows)} runs; slowest {slowest[0]:.3f} s ({slowest[2]}); largest {largest[1]:.1f} MB ({largest[2]})")
    print(f"{failed} run(s) missed a target or the expected exit code" if failed else "every run met the targets")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
