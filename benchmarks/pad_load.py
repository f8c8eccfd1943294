"""Score pad under load: concurrent clients entering rounds into a real ``skullking serve``.

    python benchmarks/pad_load.py [--clients 50] [--seconds 60] [--port 0] [--pairs 2] [--seed 2021]

Starts ``python -m skullking serve`` on 127.0.0.1 (``--port 0``: a free port) with a new
database in a temporary folder, waits until ``GET /api/editions`` answers, and runs
``--clients`` clients for ``--seconds`` seconds, each a thread with its own keep-alive
connection (the standard library's ``http.client``: nothing to install). A client
creates a four-player ``skullking-2021`` game and enters valid rounds 1 to 10 one after
another (``PUT /api/games/{id}/rounds/{n}`` with ``If-Match`` naming the version of the
previous answer), then starts a new game. Every fifth client also reads its game back
after each round (``GET /api/games/{id}``: it must show exactly the client's rounds) and
now and then undoes the round it just entered (``DELETE``) and enters it again.
``--pairs`` pairs of clients are two tabs on one game: for each round both load the
game, then both save a different round with the version they loaded, at the same
moment; the server must take exactly one and refuse the other with 409 (expected, and
counted apart).

It prints the requests made, requests per second, latency percentiles (all requests and
by kind), the answers by status and the CPU time of the server and of the clients
(which share the machine). Then it checks every game: read back through the API while
the server runs, and from the database file once it has stopped, each must hold exactly
the rounds its client saved (same count, same bids and tricks won), no game may exist
that no client created, and SQLite's integrity check must pass. It prints "no lost or
duplicated round" or each discrepancy. The exit status is 1 on a discrepancy, a 5xx
answer, another unexpected answer, a failed connection or an error in the server's
log. This is a report, not a test.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TextIO

HOST = "127.0.0.1"
EDITION = "skullking-2021"
PLAYERS = ("Ann", "Bo", "Cy", "Dee")
#: Rounds of a game: the standard schedule deals 1 to 10 cards, round n has n cards.
ROUNDS = 10
#: Connections the benchmark opens besides its clients' (to warm up, to read the games back).
CHECK_CONNECTIONS = 8
#: Every READER_EVERY-th client also reads its game back and sometimes undoes a round.
READER_EVERY = 5
#: How often a reading client undoes the round it just entered (and enters it again).
UNDO_RATE = 0.2
#: Seconds to wait for one answer, for the server to start, for it to stop, for a tab.
REQUEST_TIMEOUT = 60.0
START_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0
TAB_TIMEOUT = 120.0
#: A connection idle this long is opened anew before the next request: the server
#: (uvicorn) closes a keep-alive connection after 5 idle seconds, and a request sent as
#: it does would fail without an answer (a tab waits for the other one's slow save).
IDLE_REOPEN = 4.0
#: Kinds of request, in the order the summary lists them.
KINDS = ("PUT round", "PUT round, two tabs", "GET game", "POST game", "DELETE round")


class Sample(NamedTuple):
    """One timed request: its kind, the status answered (0: no answer), the seconds."""

    kind: str
    status: int
    seconds: float


class Answer(NamedTuple):
    status: int
    data: Any


class TransportError(Exception):
    """No answer: the connection failed, was closed, or timed out."""


@dataclass
class Game:
    """A game as its client believes it stored it."""

    id: str
    owner: str
    version: int = 1
    rounds: list[dict[str, Any]] = field(default_factory=list)
    #: The rounds the game holds if a write whose outcome is unknown (no answer, 5xx)
    #: took effect; ``None`` when every write was answered.
    unsure: list[dict[str, Any]] | None = None


@dataclass
class Tally:
    """What one client did, saw and found wrong."""

    samples: list[Sample] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    saved: int = 0
    undone: int = 0
    races: int = 0
    #: Answers that should not happen: a 5xx, a refused valid round, no answer.
    errors: list[str] = field(default_factory=list)
    #: The server said or showed something other than what was stored.
    problems: list[str] = field(default_factory=list)


class Client:
    """One keep-alive connection to the server; every request is timed into ``samples``."""

    def __init__(self, port: int, samples: list[Sample]) -> None:
        self.port = port
        self.samples = samples
        self.conn: http.client.HTTPConnection | None = None
        self.last = 0.0  # when the connection last had an answer

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def call(self, kind: str, method: str, path: str, body: Any = None, version: int | None = None) -> Answer:
        headers = {"accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        if version is not None:
            headers["if-match"] = f'"{version}"'
        start = time.perf_counter()
        if self.conn is not None and start - self.last > IDLE_REOPEN:
            self.close()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.samples.append(Sample(kind, 0, time.perf_counter() - start))
            self.close()
            raise TransportError(f"{method} {path}: no answer ({exc!r})") from exc
        self.last = time.perf_counter()
        self.samples.append(Sample(kind, response.status, self.last - start))
        if response.will_close:
            self.close()
        kind_of_body = response.getheader("content-type", "")
        parsed: Any = json.loads(raw) if raw and kind_of_body.startswith("application/json") else raw.decode()
        return Answer(response.status, parsed)


def refusal(method: str, path: str, answer: Answer) -> str:
    said = answer.data.get("error", answer.data) if isinstance(answer.data, dict) else answer.data
    return f"{method} {path} answered {answer.status}: {str(said)[:200]}"


def random_round(rng: random.Random, cards: int) -> dict[str, Any]:
    """A valid round of ``cards`` cards: any bids, the tricks shared out at random."""
    won = dict.fromkeys(PLAYERS, 0)
    for _ in range(cards):
        won[rng.choice(PLAYERS)] += 1
    return {"bids": {p: rng.randint(0, cards) for p in PLAYERS}, "won": won}


def plain(rounds: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bids and tricks won of each round (what a client sent)."""
    return [{"bids": r.get("bids"), "won": r.get("won")} for r in rounds]


def differences(game: Game, stored: list[dict[str, Any]], version: int | None) -> list[str]:
    """How the rounds (and version) the server holds differ from what the client stored;
    empty when they agree (with or without a write whose outcome is unknown)."""
    held = plain(stored)
    if held == game.rounds and (version is None or version == game.version):
        return []
    if game.unsure is not None and held == game.unsure:
        return []
    where = f"game {game.id} ({game.owner})"
    if held == game.rounds:
        return [f"{where}: version {version}, the client's last answer said {game.version}"]
    found: list[str] = []
    if len(held) != len(game.rounds):
        found.append(f"{where}: {len(held)} rounds stored, the client saved {len(game.rounds)}")
    for n, (mine, theirs) in enumerate(zip(game.rounds, held, strict=False), 1):
        if mine != theirs:
            found.append(f"{where}: round {n} stored as {theirs}, the client saved {mine}")
    for n, extra in enumerate(held[len(game.rounds) :], len(game.rounds) + 1):
        twin = " (a duplicate of an earlier round)" if extra in held[: n - 1] else ""
        found.append(f"{where}: round {n} stored{twin} that the client never saved: {extra}")
    for n in range(len(held) + 1, len(game.rounds) + 1):
        found.append(f"{where}: round {n} saved by the client is missing")
    return found


# --------------------------------------------------------------------------- clients


class Run:
    """What every client shares: the server's port, the deadline, the stop signal."""

    def __init__(self, port: int, seconds: float, seed: int) -> None:
        self.port = port
        self.deadline = time.monotonic() + seconds
        self.stop = threading.Event()
        self.seed = seed

    def going(self) -> bool:
        return not self.stop.is_set() and time.monotonic() < self.deadline


def create_game(client: Client, owner: str, tally: Tally) -> Game:
    path = "/api/games"
    answer = client.call("POST game", "POST", path, {"edition": EDITION, "players": list(PLAYERS)})
    if answer.status != 201 or not isinstance(answer.data, dict) or "id" not in answer.data:
        raise Refused(refusal("POST", path, answer))
    game = Game(id=answer.data["id"], owner=owner)
    tally.games.append(game)
    return game


class Refused(Exception):
    """An answer the client did not expect (its message says which)."""


def load(client: Client, game: Game, tally: Tally) -> tuple[int, list[dict[str, Any]]]:
    """``GET`` the game as a page does: its version and stored rounds."""
    path = f"/api/games/{game.id}"
    answer = client.call("GET game", "GET", path)
    if answer.status != 200 or not isinstance(answer.data, dict):
        raise Refused(refusal("GET", path, answer))
    rounds: list[dict[str, Any]] = answer.data["sheet"]["rounds"]
    if len(answer.data["rounds"]) != len(rounds):
        tally.problems.append(f"game {game.id}: scores {len(answer.data['rounds'])} rounds of {len(rounds)} stored")
    return int(answer.data["version"]), rounds


def solo(index: int, run: Run, tally: Tally) -> None:
    """A client alone on its games; a reader also reads back and undoes."""
    reader = index % READER_EVERY == 0
    owner = f"client {index + 1}"
    rng = random.Random(run.seed * 1000 + index)
    client = Client(run.port, tally.samples)
    try:
        while run.going():
            game = create_game(client, owner, tally)
            game.version, _ = load(client, game, tally)  # the game's page opens
            if not solo_game(client, game, rng, run, tally, reader=reader):
                continue  # that game is left as it is; the next one starts afresh
    except (Refused, TransportError) as exc:
        tally.errors.append(f"{owner}: {exc}")
    finally:
        client.close()


def solo_game(client: Client, game: Game, rng: random.Random, run: Run, tally: Tally, *, reader: bool) -> bool:
    """Enter the rounds of one game; ``False`` when an answer was wrong (it is noted)."""
    while len(game.rounds) < ROUNDS and run.going():
        n = len(game.rounds) + 1
        entered = random_round(rng, n)
        path = f"/api/games/{game.id}/rounds/{n}"
        try:
            answer = client.call("PUT round", "PUT", path, entered, game.version)
        except TransportError:
            game.unsure = [*game.rounds, entered]
            raise
        if answer.status != 200:
            if answer.status >= 500:
                game.unsure = [*game.rounds, entered]
            tally.errors.append(f"{game.owner}: {refusal('PUT', path, answer)}")
            return False
        game.rounds.append(entered)
        game.version = int(answer.data["version"])
        tally.saved += 1
        if len(answer.data["rounds"]) != n:
            tally.problems.append(f"game {game.id}: round {n} saved, the answer scores {len(answer.data['rounds'])}")
        if not reader:
            continue
        version, stored = load(client, game, tally)
        tally.problems.extend(differences(game, stored, version))
        if rng.random() < UNDO_RATE and run.going():
            try:
                answer = client.call("DELETE round", "DELETE", path, version=game.version)
            except TransportError:
                game.unsure = game.rounds[:-1]
                raise
            if answer.status != 200:
                if answer.status >= 500:
                    game.unsure = game.rounds[:-1]
                tally.errors.append(f"{game.owner}: {refusal('DELETE', path, answer)}")
                return False
            game.rounds.pop()
            game.version = int(answer.data["version"])
            tally.undone += 1
            tally.problems.extend(differences(game, answer.data["sheet"]["rounds"], game.version))
    return True


@dataclass
class Saving:
    """What one tab's save was answered (status 0: no answer)."""

    status: int
    entered: dict[str, Any]
    version: int | None


class Tabs:
    """Two tabs open on one game. For each round both load the game, then both save a
    round with the version they loaded, at once: the server must take exactly one."""

    def __init__(self, index: int, run: Run, tally: Tally) -> None:
        self.index = index
        self.label = f"two tabs {index + 1}"
        self.run = run
        self.tally = tally  # written by the barrier's action only, while both tabs wait
        self.barrier = threading.Barrier(2, action=self._settle, timeout=TAB_TIMEOUT)
        self.game: Game | None = None
        self.saving: list[Saving | None] = [None, None]
        self.done = False

    def _settle(self) -> None:
        """Runs once both tabs reach the barrier: judge the saves, decide whether to go on."""
        game = self.game
        if game is None:
            self.done = True
            return
        first, second = self.saving
        self.saving = [None, None]
        if first is not None and second is not None:
            self._judge(game, first, second)
        if not self.run.going():
            self.done = True

    def _judge(self, game: Game, first: Saving, second: Saving) -> None:
        n = len(game.rounds) + 1
        statuses = sorted((first.status, second.status))
        where = f"game {game.id} ({self.label}), round {n}"
        if statuses == [200, 409]:
            winner = first if first.status == 200 else second
            game.rounds.append(winner.entered)
            game.version = winner.version if winner.version is not None else game.version + 1
            self.tally.saved += 1
            self.tally.races += 1
            return
        self.done = True
        if statuses == [200, 200]:
            self.tally.problems.append(f"{where}: both tabs' saves with the same version were taken (lost update)")
            game.unsure = [*game.rounds, second.entered]
            game.rounds.append(first.entered)
        elif statuses == [409, 409]:
            self.tally.problems.append(f"{where}: both tabs' saves were refused with 409, neither was stale")
        else:
            self.tally.errors.append(f"{where}: the two saves were answered {first.status} and {second.status}")
            taken = [s for s in (first, second) if s.status == 200 or s.status >= 500 or s.status == 0]
            if taken:
                game.unsure = [*game.rounds, taken[-1].entered]

    def tab(self, which: int, samples: list[Sample]) -> None:
        client = Client(self.run.port, samples)
        rng = random.Random(self.run.seed * 1000 + 500 + 2 * self.index + which)
        owner = f"{self.label}, tab {'AB'[which]}"
        try:
            while True:
                if which == 0:
                    self.game = create_game(client, self.label, self.tally) if self.run.going() else None
                self.barrier.wait()
                if self.done or self.game is None:
                    break
                game = self.game
                while len(game.rounds) < ROUNDS:
                    version, stored = load(client, game, self.tally)  # the tab (re)loads the game
                    if which == 0:
                        self.tally.problems.extend(differences(game, stored, version))
                    self.barrier.wait()
                    if self.done:
                        return
                    n = len(stored) + 1
                    entered = random_round(rng, n)
                    path = f"/api/games/{game.id}/rounds/{n}"
                    try:
                        answer = client.call("PUT round, two tabs", "PUT", path, entered, version)
                        new = int(answer.data["version"]) if answer.status == 200 else None
                        self.saving[which] = Saving(answer.status, entered, new)
                    except TransportError as exc:
                        self.saving[which] = Saving(0, entered, None)
                        self.tally.errors.append(f"{owner}: {exc}")
                    self.barrier.wait()
                    if self.done:
                        return
        except (Refused, TransportError) as exc:
            self.tally.errors.append(f"{owner}: {exc}")
            self.barrier.abort()
        except threading.BrokenBarrierError:
            pass  # the other tab stopped
        finally:
            client.close()


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``python -m skullking serve`` in a process of its own (its own session: a Ctrl+C
    stops the benchmark, which then stops the server)."""

    def __init__(self, port: int, db: Path, log: Path, clients: int | None = None) -> None:
        self.port = port
        self.db = db
        self.log = log
        command = [sys.executable, "-m", "skullking", "serve", "--host", HOST, "--port", str(port), "--db", str(db)]
        if clients is not None:  # (every client comes from 127.0.0.1, where a table's phones
            # would each have an address of their own: that one address may hold them all,
            # and the connections that read the games back)
            command += ["--client-connections", str(clients + CHECK_CONNECTIONS)]
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def wait_ready(self) -> None:
        """Wait until ``GET /api/editions`` answers 200; raise if the server exits or stays silent."""
        limit = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.process.returncode}:\n{self.output()}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                try:
                    conn.request("GET", "/api/editions")
                    if conn.getresponse().status == 200:
                        return
                finally:
                    conn.close()
            except (OSError, http.client.HTTPException):
                pass
            if time.monotonic() > limit:
                raise RuntimeError(f"the server did not answer within {START_TIMEOUT:.0f} s:\n{self.output()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def output(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""


def children_cpu() -> float | None:
    """CPU seconds of the child processes waited for so far (``None`` where unknown)."""
    if sys.platform == "win32":
        return None
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def check_database(db: Path, games: Sequence[Game]) -> tuple[list[str], str]:
    """Compare the database file with the games the clients stored; and SQLite's
    integrity check's answer."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        integrity = str(conn.execute("PRAGMA integrity_check").fetchone()[0])
        stored: dict[str, list[dict[str, Any]]] = {
            ident: [] for (ident,) in conn.execute("SELECT id FROM games").fetchall()
        }
        numbers: dict[str, list[int]] = {ident: [] for ident in stored}
        for ident, number, data in conn.execute("SELECT game, number, data FROM rounds ORDER BY game, number"):
            if ident in stored:
                stored[ident].append(json.loads(data))
                numbers[ident].append(number)
            else:
                stored.setdefault(f"(no game) {ident}", []).append(json.loads(data))
    finally:
        conn.close()
    problems: list[str] = []
    known = {game.id for game in games}
    for ident in sorted(set(stored) - known):
        problems.append(f"database: game {ident} with {len(stored[ident])} rounds that no client created")
    for game in games:
        if game.id not in stored:
            problems.append(f"database: game {game.id} ({game.owner}) is missing")
            continue
        if numbers[game.id] != list(range(1, len(numbers[game.id]) + 1)):
            problems.append(f"database: game {game.id} holds rounds numbered {numbers[game.id]}")
        problems.extend(f"database: {p}" for p in differences(game, stored[game.id], None))
    return problems, integrity


# --------------------------------------------------------------------------- the report


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile ``q`` (0..100) of sorted values."""
    if not ordered:
        return math.nan
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))]


def latency_line(label: str, seconds: Sequence[float], elapsed: float) -> str:
    ordered = sorted(s * 1000 for s in seconds)
    figures = [percentile(ordered, q) for q in (50, 95, 99, 100)]
    return f"    {label:<22}{len(ordered):>8,}{len(ordered) / elapsed:>9.1f}" + "".join(f"{x:>9.1f}" for x in figures)


@dataclass
class Report:
    """The figures of one run and what it found wrong."""

    clients: int
    pairs: int
    seconds: float
    elapsed: float
    samples: list[Sample]
    games: list[Game]
    saved: int
    undone: int
    races: int
    errors: list[str]
    problems: list[str]
    server_errors: list[str]
    integrity: str
    server_cpu: float | None
    client_cpu: float

    @property
    def statuses(self) -> Counter[int]:
        return Counter(s.status for s in self.samples)

    @property
    def unexpected(self) -> Counter[int]:
        """Answers by status other than 200/201 and the 409 of each race's loser."""
        counts = Counter(s.status for s in self.samples if s.status not in (200, 201))
        counts[409] -= self.races
        return +counts

    @property
    def failed(self) -> bool:
        return bool(self.problems or self.errors or self.server_errors or self.unexpected or self.integrity != "ok")

    def write(self, out: TextIO) -> None:
        solo = self.clients - 2 * self.pairs
        readers = len(range(0, solo, READER_EVERY))
        print(
            f"score pad under load: {self.clients} clients for {self.seconds:g} s on {HOST} "
            f"({solo} alone on their games, {readers} of them also reading back and undoing; "
            f"{self.pairs} pairs of tabs on one game); {os.cpu_count()} cores",
            file=out,
        )
        total = len(self.samples)
        every = [s.seconds for s in self.samples]
        ordered = sorted(x * 1000 for x in every)
        print(f"  requests        {total:,} in {self.elapsed:.1f} s: {total / self.elapsed:,.1f} requests/s", file=out)
        p50, p95, p99, top = (percentile(ordered, q) for q in (50, 95, 99, 100))
        print(f"  latency         p50 {p50:.1f} ms   p95 {p95:.1f} ms   p99 {p99:.1f} ms   max {top:.1f} ms", file=out)
        print(
            f"    {'by kind':<22}{'count':>8}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}", file=out
        )
        for kind in KINDS:
            chosen = [s.seconds for s in self.samples if s.kind == kind]
            if chosen:
                print(latency_line(kind, chosen, self.elapsed), file=out)
        statuses = ", ".join(f"{status or 'no answer'}: {count:,}" for status, count in sorted(self.statuses.items()))
        print(f"  answers         {statuses}", file=out)
        print(f"  409 expected    {self.races:,} (two tabs saving at once: the loser of each race)", file=out)
        unexpected = ", ".join(f"{status or 'no answer'}: {n:,}" for status, n in sorted(self.unexpected.items()))
        print(f"  errors          {unexpected or 'none'}", file=out)
        print(
            f"  games           {len(self.games):,} created, {self.saved:,} rounds saved "
            f"({self.saved / self.elapsed:,.1f}/s), {self.undone:,} undone and entered again, "
            f"{self.races:,} two-tab races",
            file=out,
        )
        cpu = f"server {self.server_cpu:.1f} s, " if self.server_cpu is not None else ""
        print(
            f"  CPU             {cpu}clients {self.client_cpu:.1f} s "
            f"(of {self.elapsed * (os.cpu_count() or 1):.0f} core-seconds)",
            file=out,
        )
        print(f"  server log      {len(self.server_errors)} error lines", file=out)
        for line in self.server_errors[:20]:
            print(f"    | {line}", file=out)
        for error in self.errors[:20]:
            print(f"  error: {error}", file=out)
        if len(self.errors) > 20:
            print(f"  ... and {len(self.errors) - 20} more errors", file=out)
        rounds = sum(len(g.rounds) for g in self.games)
        print(
            f"verification: {len(self.games):,} games, {rounds:,} rounds, read back through the API "
            f"and from the database file (integrity check: {self.integrity})",
            file=out,
        )
        if self.problems:
            for problem in self.problems[:50]:
                print(f"  DISCREPANCY {problem}", file=out)
            if len(self.problems) > 50:
                print(f"  ... and {len(self.problems) - 50} more discrepancies", file=out)
        else:
            print("  no lost or duplicated round", file=out)
        if self.failed:
            print("FAILED: see the errors and discrepancies above", file=out)


def server_error_lines(log: str) -> list[str]:
    """The server log's lines other than its banner (uvicorn logs at warning level)."""
    return [line for line in log.splitlines() if line.strip() and not line.startswith("Skull King score pad on")]


def run_load(clients: int, seconds: float, port: int = 0, pairs: int = 2, seed: int = 2021) -> Report:
    """Start a server, run the clients, stop it, and check every game."""
    pairs = min(pairs, clients // 3)
    before = children_cpu()
    with tempfile.TemporaryDirectory(prefix="skullking-pad-load-") as folder:
        db = Path(folder) / "pad.sqlite3"
        server = Server(port or free_port(), db, Path(folder) / "server.log", clients)
        try:
            server.wait_ready()
            warm = Tally()
            try:
                warm_up(server.port, warm)
            except (Refused, TransportError) as exc:
                raise RuntimeError(f"warm-up: {exc}\n{server.output()}") from None
            tallies = [Tally() for _ in range(clients - 2 * pairs)]
            pair_tallies = [Tally() for _ in range(pairs)]
            cpu = time.process_time()
            start = time.perf_counter()
            run = Run(server.port, seconds, seed)
            threads = [
                threading.Thread(target=solo, args=(i, run, t), name=f"client-{i + 1}", daemon=True)
                for i, t in enumerate(tallies)
            ]
            tab_samples: list[list[Sample]] = []
            for i, t in enumerate(pair_tallies):
                tabs = Tabs(i, run, t)
                for which in (0, 1):
                    samples: list[Sample] = []
                    tab_samples.append(samples)
                    threads.append(
                        threading.Thread(
                            target=tabs.tab, args=(which, samples), name=f"tabs-{i + 1}{'AB'[which]}", daemon=True
                        )
                    )
            try:
                for thread in threads:
                    thread.start()
                for thread in threads:
                    while thread.is_alive():
                        thread.join(0.5)
            except KeyboardInterrupt:
                run.stop.set()
                print("interrupted: waiting for the clients' last requests", file=sys.stderr)
                for thread in threads:
                    thread.join(REQUEST_TIMEOUT)
                raise
            elapsed = time.perf_counter() - start
            client_cpu = time.process_time() - cpu
            everyone = [*tallies, *pair_tallies]
            games = [*warm.games, *(g for t in everyone for g in t.games)]
            problems = [p for t in everyone for p in t.problems]
            errors = [e for t in everyone for e in t.errors]
            problems.extend(read_back(server.port, games))
        finally:
            server.stop()
        after = children_cpu()
        db_problems, integrity = check_database(db, games)
        return Report(
            clients=clients,
            pairs=pairs,
            seconds=seconds,
            elapsed=elapsed,
            samples=[s for t in everyone for s in t.samples] + [s for ss in tab_samples for s in ss],
            games=games,
            saved=sum(t.saved for t in everyone),
            undone=sum(t.undone for t in everyone),
            races=sum(t.races for t in everyone),
            errors=errors,
            problems=problems + db_problems,
            server_errors=server_error_lines(server.output()),
            integrity=integrity,
            server_cpu=None if before is None or after is None else after - before,
            client_cpu=client_cpu,
        )


def warm_up(port: int, tally: Tally) -> None:
    """One game with one round before the clock starts (the server loads the edition)."""
    client = Client(port, [])
    try:
        game = create_game(client, "warm-up", tally)
        entered = random_round(random.Random(0), 1)
        answer = client.call("PUT round", "PUT", f"/api/games/{game.id}/rounds/1", entered, game.version)
        if answer.status != 200:
            raise Refused(refusal("PUT", f"/api/games/{game.id}/rounds/1", answer))
        game.rounds.append(entered)
        game.version = int(answer.data["version"])
        load(client, game, tally)
    finally:
        client.close()


def read_back(port: int, games: Sequence[Game]) -> list[str]:
    """Read every game back through the API (untimed) and compare it with its client's."""
    client = Client(port, [])
    problems: list[str] = []
    try:
        for game in games:
            path = f"/api/games/{game.id}"
            answer = client.call("GET game", "GET", path)
            if answer.status != 200:
                problems.append(f"game {game.id} ({game.owner}): {refusal('GET', path, answer)}")
                continue
            problems.extend(differences(game, answer.data["sheet"]["rounds"], int(answer.data["version"])))
    except TransportError as exc:
        problems.append(f"reading the games back: {exc}")
    finally:
        client.close()
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long they enter rounds (default 60)")
    parser.add_argument("--port", type=int, default=0, help="the server's port on 127.0.0.1 (default 0: a free one)")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of clients that are two tabs on one game (2)")
    parser.add_argument("--seed", type=int, default=2021, help="seed of the rounds entered (2021)")
    args = parser.parse_args(argv)
    if args.clients < 1:
        parser.error("--clients must be positive")
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds is more than 0 and at most 3600")
    if not 0 <= args.port <= 65535:
        parser.error("--port is 0 to 65535")
    if args.pairs < 0:
        parser.error("--pairs cannot be negative")
    try:
        report = run_load(args.clients, args.seconds, args.port, args.pairs, args.seed)
    except KeyboardInterrupt:
        print("interrupted: the server was stopped; no figures", file=sys.stderr)
        return 130
    except RuntimeError as exc:
        print(f"pad_load: {exc}", file=sys.stderr)
        return 1
    report.write(sys.stdout)
    return 1 if report.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
