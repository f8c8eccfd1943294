"""Command-line start-up time: whole-process wall time of two ``skullking`` commands.

    python benchmarks/bench_startup.py [--runs 20]

Runs ``skullking trick Y10 Y6 G14 B2`` and ``skullking validate
editions/skullking-2021.yaml`` from the repository root: one warm-up run each (it
also fills the on-disk cache of compiled editions), then ``--runs`` timed runs, and
prints the median and the minimum in milliseconds next to the targets. The
``skullking`` script is taken from the folder of the running Python (the venv's
``bin``); without it, ``python -m skullking`` is used. A command that fails is
reported with its output and not timed; the exit status is then 1.

Without cached bytecode (``PYTHONDONTWRITEBYTECODE`` set, as in some sandboxes, and an
editable install that has no ``.pyc`` files) every run compiles the package's modules
again. ``--private-pycache`` lets the runs write and use bytecode in a temporary
``PYTHONPYCACHEPREFIX`` (as an installed package would have it) without writing into
the source tree.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS: list[tuple[str, list[str], float]] = [
    ("trick", ["trick", "Y10", "Y6", "G14", "B2"], 150.0),
    ("validate", ["validate", "editions/skullking-2021.yaml"], 500.0),
]


def launcher() -> list[str]:
    """The ``skullking`` console script next to ``sys.executable``, else ``python -m skullking``."""
    folder = Path(sys.executable).parent
    for name in ("skullking", "skullking.exe"):
        script = folder / name
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    return [sys.executable, "-m", "skullking"]


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done


def tail(text: str, lines: int = 8) -> str:
    kept = text.strip().splitlines()[-lines:]
    return "\n".join(f"      | {line}" for line in kept) if kept else "      | (nothing)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="timed runs per command (20)")
    parser.add_argument(
        "--private-pycache",
        action="store_true",
        help="let the runs cache bytecode in a temporary PYTHONPYCACHEPREFIX",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be positive")
    with tempfile.TemporaryDirectory(prefix="skullking-pycache-") as pycache:
        env = dict(os.environ)
        if args.private_pycache:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = pycache
        return measure(args.runs, env)


def measure(runs: int, env: dict[str, str]) -> int:
    base = launcher()
    print(f"launcher: {' '.join(base)}   (cwd {ROOT})")
    if "PYTHONPYCACHEPREFIX" in env:
        bytecode = f"bytecode cached in {env['PYTHONPYCACHEPREFIX']} (filled by the warm-up)"
    elif env.get("PYTHONDONTWRITEBYTECODE"):
        bytecode = "PYTHONDONTWRITEBYTECODE is set: modules without a .pyc are compiled on every run"
    else:
        bytecode = "bytecode as the environment has it"
    print(f"{runs} timed runs per command after 1 warm-up; whole-process wall time; {bytecode}")
    print()
    print(f"{'command':<48} {'median ms':>9} {'min ms':>8} {'target ms':>9}  verdict")
    failed = False
    for _name, words, target in COMMANDS:
        command = [*base, *words]
        shown = "skullking " + " ".join(words)
        try:
            _, warm = run_once(command, env)
        except OSError as error:
            print(f"{shown:<48} FAILED to start: {error}")
            failed = True
            continue
        if warm.returncode != 0:
            print(f"{shown:<48} FAILED: exit status {warm.returncode}; not timed")
            print("    stderr:")
            print(tail(warm.stderr))
            if warm.stdout.strip():
                print("    stdout:")
                print(tail(warm.stdout))
            failed = True
            continue
        times = []
        for _ in range(runs):
            seconds, done = run_once(command, env)
            if done.returncode != 0:
                print(f"{shown:<48} FAILED on a timed run: exit status {done.returncode}")
                print(tail(done.stderr))
                failed = True
                break
            times.append(seconds * 1000)
        else:
            median, low = statistics.median(times), min(times)
            verdict = "ok" if median <= target else "OVER TARGET"
            print(f"{shown:<48} {median:>9.1f} {low:>8.1f} {target:>9.0f}  {verdict}")
            if not warm.stdout.strip():
                print("    warning: the command printed nothing (is the command implemented?)")
    if failed:
        print()
        print("some commands failed: their start-up time is not measured (see above)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
