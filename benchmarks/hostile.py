"""Hostile input: wall time and peak memory of every command on every input of the corpus.

    python benchmarks/hostile.py [--timeout 20]

Runs each input of ``tests/helpers/hostile_corpus.py`` through each command that reads a file
(and each hostile game record through ``replay``, as text and JSON),
each as a process of its own (the ``skullking`` script next to the running Python, else
``python -m skullking``), with a private, warmed cache of compiled editions. Prints, per
run, the exit code, the wall time and the peak resident memory (``os.wait4``), then the
slowest and the largest. Exit status 1 when a run misses a target (2 s, 200 MB), is
killed at ``--timeout``, or ends with another exit code than the corpus expects.
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


def measure(command: list[str], env: dict[str, str], timeout: float) -> tuple[int, float, float]:
    """(exit code, seconds, peak resident MB) of one run; exit code -9 when killed at ``timeout``."""
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
    return process.returncode, seconds, peak_mb


def main(argv_: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--timeout", type=float, default=20.0, help="kill a run after this many seconds (20)")
    args = parser.parse_args(argv_)
    base = launcher()
    failed = 0
    rows: list[tuple[float, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="skullking-hostile-") as folder:
        env = dict(os.environ, SKULLKING_CACHE_DIR=str(Path(folder) / "cache"))
        for warm in (["trick", "Y1", "Y2"], ["diff", "bga", "skullking-2021", "--sample", "1"]):
            subprocess.run([*base, *warm], env=env, capture_output=True, check=False)
        print(f"{'input':<26} {'command':<16} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
        for case in CORPUS:
            if not available(case):
                print(f"{case.name:<26} (skipped: {case.device} is not on this system)")
                continue
            path = materialize(case, Path(folder))
            for label, template, code, _ in COMMANDS:
                got, seconds, peak = measure([*base, *argv(template, path)], env, args.timeout)
                miss = got != code or seconds > TARGET_SECONDS or peak > TARGET_MB
                failed += miss
                flag = f"  <- expected exit {code}, targets {TARGET_SECONDS:.0f} s, {TARGET_MB:.0f} MB"
                print(f"{case.name:<26} {label:<16} {got:>4} {seconds:>8.3f} {peak:>8.1f}{flag if miss else ''}")
                rows.append((seconds, peak, f"{case.name} / {label}"))
        for record in RECORDS:
            made = Path(folder) / record.name
            made.write_bytes(record.make)
            for label, options in (("replay", []), ("replay json", ["--format", "json"])):
                got, seconds, peak = measure([*base, "replay", *options, str(made)], env, args.timeout)
                miss = got != record.code or seconds > TARGET_SECONDS or peak > TARGET_MB
                failed += miss
                flag = f"  <- expected exit {record.code}, targets {TARGET_SECONDS:.0f} s, {TARGET_MB:.0f} MB"
                print(f"{record.name:<26} {label:<16} {got:>4} {seconds:>8.3f} {peak:>8.1f}{flag if miss else ''}")
                rows.append((seconds, peak, f"{record.name} / {label}"))
    slowest, largest = max(rows), max(rows, key=lambda r: r[1])
    print(f"\n{len(rows)} runs; slowest {slowest[0]:.3f} s ({slowest[2]}); largest {largest[1]:.1f} MB ({largest[2]})")
    print(f"{failed} run(s) missed a target or the expected exit code" if failed else "every run met the targets")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
