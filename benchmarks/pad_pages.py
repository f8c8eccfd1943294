"""How fast the score pad answers one reader: each page and the requests a game page makes.

    python benchmarks/pad_pages.py [--repeat 20] [--rounds 8]

Starts ``python -m skullking serve`` on 127.0.0.1 with a new database (as
``pad_load.py`` does), stores a four-player ``skullking-2021`` game with ``--rounds``
rounds and a finished one, then asks each page and API request ``--repeat`` times on
one keep-alive connection, one at a time, and prints the median, the 95th percentile
and the slowest answer of each. "round saved" replaces the game's last round with
itself (``PUT``, scored and stored as a real save). The comparison page is asked for two
bundled editions (its first answer and later ones apart; it shows the rule values at
once), then the tricks and rounds played both ways that its script fills in from
``/api/diff``: the first answer (worked out) and later ones (kept) apart. A report,
not a test: it fails only when a request is not answered 200.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pad_load import EDITION, PLAYERS, Client, Sample, Server, free_port, random_round  # benchmarks/ is on sys.path

#: A request asked: its label, method, path and body.
Request = tuple[str, str, str, Any]


def _timed(client: Client, samples: list[Sample], request: Request) -> float:
    label, method, path, body = request
    before = len(samples)
    answer = client.call(label, method, path, body)
    if answer.status != 200:
        raise RuntimeError(f"{method} {path}: {answer.status} {answer.data!r:.200}")
    return samples[before].seconds


def measure(repeat: int, rounds: int) -> list[tuple[str, list[float]]]:
    """Each request's answer times, in seconds, by label."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(free_port(), Path(folder) / "pad.db", Path(folder) / "serve.log")
        try:
            server.wait_ready()
            samples: list[Sample] = []
            client = Client(server.port, samples)
            rng = random.Random(2021)
            created = client.call("setup", "POST", "/api/games", {"edition": EDITION, "players": list(PLAYERS)})
            game = created.data["id"]
            last: dict[str, Any] = {}
            for number in range(1, rounds + 1):
                last = random_round(rng, number)
                client.call("setup", "PUT", f"/api/games/{game}/rounds/{number}", last)
            done = client.call("setup", "POST", "/api/games", {"edition": EDITION, "players": list(PLAYERS)}).data["id"]
            for number in range(1, 11):
                client.call("setup", "PUT", f"/api/games/{done}/rounds/{number}", random_round(rng, number))
            requests: list[Request] = [
                ("games page", "GET", "/", None),
                ("game page", "GET", f"/games/{game}", None),
                ("game record", "GET", f"/api/games/{game}", None),
                ("round form", "GET", f"/api/games/{game}/form", None),
                ("rules page", "GET", f"/editions/{EDITION}", None),
                ("statistics page", "GET", "/stats", None),
                ("trick checked", "GET", f"/api/trick?game={game}&cards=Y10,Y6,G14,B2&leader=0&players=4", None),
                ("round saved", "PUT", f"/api/games/{game}/rounds/{rounds}", last),
            ]
            found: list[tuple[str, list[float]]] = []
            diff: Request = ("diff", "GET", "/diff?a=skullking-2021&b=skullking-2024", None)
            played: Request = ("diff report", "GET", "/api/diff?a=skullking-2021&b=skullking-2024", None)
            found.append(("comparison page, first", [_timed(client, samples, diff)]))
            found.append(("comparison page, again", [_timed(client, samples, diff) for _ in range(repeat)]))
            found.append(("comparison played, first", [_timed(client, samples, played)]))
            found.append(("comparison played, kept", [_timed(client, samples, played) for _ in range(repeat)]))
            for request in requests:
                found.append((request[0], [_timed(client, samples, request) for _ in range(repeat)]))
            client.close()
            return found
        finally:
            server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="times each request is asked (default 20)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds of the game read (default 8)")
    parser.add_argument("--json", action="store_true", help="print the times as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    found = measure(args.repeat, args.rounds)
    if args.json:
        print(json.dumps(dict(found)))
        return 0
    print(f"{'request':<24} {'median':>8} {'p95':>8} {'slowest':>8}  (ms, {args.repeat} each, one reader)")
    for label, times in found:
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        row = f"{label:<24} {statistics.median(ordered) * 1000:8.1f} {p95 * 1000:8.1f} {ordered[-1] * 1000:8.1f}"
        print(row)
    print(f"({time.perf_counter() - started:.1f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
