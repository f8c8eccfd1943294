"""The score pad under load: many reads at once never hold up a change, and the
statistics of every stored game are worked out once for all the requests that ask at
the same time. Each test holds the reads it sends where they take long (an event the
test sets), makes its change meanwhile, and only then lets them go: what it checks is
what waited for what, not how long anything took."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from skullking.tools.pad import games_api
from skullking.tools.pad.app import create_app
from skullking.tools.pad.games import score as real_score
from skullking.tools.pad.stats import statistics as real_statistics
from skullking.tools.pad.store import Store

PLAYERS = ["Ann", "Bo", "Cy"]
#: Seconds any one wait of these tests may last before it fails (a bound, not a measure).
PATIENCE = 30.0
#: Requests sent at once: as many as the threads of the pad's reads (anyio's 40), and more.
AT_ONCE = 48
#: Stored games.
GAMES = 20


def _round(bids: list[int], won: list[int]) -> dict[str, Any]:
    return {"bids": dict(zip(PLAYERS, bids, strict=True)), "won": dict(zip(PLAYERS, won, strict=True))}


# Five rounds of swift-n-salty (the 2021 edition): Ann makes her bids of 1, Bo his of 0,
# Cy takes 4 tricks on a bid of 1: a finished game.
FINISHED = [_round([1, 0, 1], [1, 0, 4])] * 5


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A pad's database holding :data:`GAMES` finished games."""
    store = Store(tmp_path / "pad.db")
    for _ in range(GAMES):
        store.create(
            edition="skullking-2021", title="a game", players=PLAYERS, schedule="swift-n-salty", rounds=FINISHED
        )
    return tmp_path / "pad.db"


@pytest.fixture
def held() -> Iterator[threading.Event]:
    """The event that lets the held reads go (set at the end of the test in any case,
    so that no thread of the pad waits for ever)."""
    release = threading.Event()
    try:
        yield release
    finally:
        release.set()


def _holding(release: threading.Event, began: threading.Semaphore, real: Callable[..., Any]) -> Callable[..., Any]:
    """``real``, waiting for ``release`` after saying it began (``began``)."""

    def wait_then(*args: Any) -> Any:
        began.release()
        assert release.wait(PATIENCE * 2), "the test did not let the reads go"
        return real(*args)

    return wait_then


def _change(client: TestClient) -> None:
    """A new game and its first round saved."""
    created = client.post("/api/games", json={"players": PLAYERS, "schedule": "swift-n-salty"})
    assert created.status_code == 201, created.text
    ident = created.json()["id"]
    saved = client.put(f"/api/games/{ident}/rounds/1", json=_round([1, 0, 1], [1, 0, 4]))
    assert saved.status_code == 200, saved.text


def _acquire(semaphore: threading.Semaphore, count: int) -> None:
    for _ in range(count):
        assert semaphore.acquire(timeout=PATIENCE), "the reads did not begin"


def test_a_change_does_not_wait_behind_reads_that_take_every_thread(
    stored: Path, held: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More reads of a game at once than the pad has threads for reads, every one held
    while it scores the game: a new game and its first round are saved meanwhile (a
    change takes a thread of the changes'), and the reads are answered once let go."""
    began = threading.Semaphore(0)
    monkeypatch.setattr(games_api, "game_record", _holding(held, began, games_api.game_record))
    with TestClient(create_app(stored)) as client, ThreadPoolExecutor(AT_ONCE + 1) as requests:
        ident = client.get("/api/games").json()[0]["id"]
        reads = [requests.submit(client.get, f"/api/games/{ident}") for _ in range(AT_ONCE)]
        _acquire(began, 40)  # (anyio's threads, every one taken)
        change = requests.submit(_change, client)
        change.result(timeout=PATIENCE)  # (while the reads are held: it waited for none of them)
        assert not any(read.done() for read in reads)
        held.set()
        assert [read.result(timeout=PATIENCE).status_code for read in reads] == [200] * AT_ONCE


def test_requests_for_the_statistics_at_once_share_one_working_out(
    stored: Path, held: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many requests for the statistics at once, on a pad just started (no game scored
    yet), the first held while it sums the games up: they take no thread of the reads
    while they wait (a read of a game is answered meanwhile), a new game and its first
    round are saved meanwhile, and once let
    go, every stored game was scored once and the games summed up at most twice (once
    for the requests that came before the change, once for those after it), not once a
    request; every answer counts the stored games."""
    began = threading.Semaphore(0)
    summed: list[int] = []
    scored: Counter[str] = Counter()

    def score(edition: Any, game: Any, *rounds: Any) -> Any:
        if not rounds:  # (a game scored as stored, not a round checked before it is saved)
            scored[game.id] += 1
        return real_score(edition, game, *rounds)

    def statistics(games: Any) -> Any:
        summed.append(1)
        return real_statistics(games)

    stored_ids = [ident for ident, _ in Store(stored).started()]
    monkeypatch.setattr("skullking.tools.pad.standings.score", score)
    monkeypatch.setattr("skullking.tools.pad.standings.statistics", _holding(held, began, statistics))
    with TestClient(create_app(stored)) as client, ThreadPoolExecutor(AT_ONCE + 1) as requests:
        asked: list[Future[Any]] = [requests.submit(client.get, "/api/stats") for _ in range(AT_ONCE)]
        _acquire(began, 1)
        one = requests.submit(client.get, f"/api/games/{stored_ids[0]}/sheet.yaml")  # (a thread of the reads is free)
        assert one.result(timeout=PATIENCE).status_code == 200
        requests.submit(_change, client).result(timeout=PATIENCE)
        assert not any(answer.done() for answer in asked)
        held.set()
        answers = [answer.result(timeout=PATIENCE) for answer in asked]
    assert [answer.status_code for answer in answers] == [200] * AT_ONCE
    assert {answer.json()["overall"]["games"] for answer in answers} == {GAMES}
    assert {ident: scored[ident] for ident in stored_ids} == dict.fromkeys(stored_ids, 1)
    assert 1 <= len(summed) <= 2
