"""Many games played by bots, and statistics of them that take constant memory.

:func:`simulate` plays ``games`` whole games of one edition and returns a
:class:`Stats`; :func:`compare` plays the same deals with the same bots under two
editions and returns paired statistics. Game ``i`` of a run depends only on the seed and
``i`` (its deals, its bots' random choices), and games are played and merged in fixed
chunks, in order, so a run gives the same numbers on one process, on several
(``jobs``), or on a cluster.

Statistics hold counts and sums only (a score's quantiles come from a table of the
scores seen, whose size is the number of different scores, not of games): a million
games take the memory of one.
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from skullking import load_edition
from skullking.analysis.bots import make_bots, play_round
from skullking.core.errors import SkullKingError, shorten
from skullking.play.game import Game
from skullking.scoring.schemes import standings
from skullking.scoring.sheets.score import sheet_text

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.record import GameRecord
    from skullking.play.round import Round

#: Games a worker plays before it hands its statistics back (fixed: results must not
#: depend on how many workers share the games).
CHUNK = 25
#: Chunks a cluster works on at once (more are sent as results come back).
IN_FLIGHT = 64
#: Runs of at least this many games plan every trick of up to four cards before play
#: (Edition.plan_tricks: read from the cache in ~0.06 s, made in ~1.4 s the first time),
#: so that new deals meet no trick pattern for the first time. (The --games help of
#: simulate and compare, and the README, give this number.)
PLAN_AT = 1_000
#: Seconds a run waits for a cluster's scheduler to answer, by default (``--cluster-timeout``).
CONNECT_TIMEOUT = 30.0
#: The address schemes a cluster's scheduler may be reached by.
CLUSTER_SCHEMES = ("tcp", "tls", "ws", "wss")
#: The quantiles reported of final scores.
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: the edition (a bundled id or a file), the players,
    their bots, and the choices a game is played with."""

    edition: str
    players: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    schedule: str | None = None
    scoring: str | None = None
    modules: tuple[str, ...] | None = None
    abilities: bool = True
    allow_paths: bool = False
    #: A folder to write every game into as a score sheet (``None``: none written).
    out: str | None = None
    #: Whether ``out`` gets every game as a game record (``game-000001.skr``) instead
    #: of a score sheet: the record holds the deal too, and ``skullking replay
    #: --to-sheet`` gives the sheet from it.
    records: bool = False
    #: The run this setup belongs to (:func:`simulate` and :func:`compare` give each run
    #: its own token): the chunks of one run load the edition once per process, a
    #: setup without a run at every chunk.
    run: str = ""
    #: Whether the run plans its short tricks before play (see :data:`PLAN_AT`).
    plan: bool = False

    def load(self) -> Edition:
        return load_edition(self.edition, allow_paths=self.allow_paths)

    def bot_of(self, seat: int) -> str:
        return self.bots[seat % len(self.bots)]


@dataclass
class Seat:
    """One seat's numbers over the games so far."""

    total: int = 0
    squares: int = 0
    scores: Counter[int] = field(default_factory=Counter)
    wins: int = 0  # alone in first place
    shared: int = 0  # tied for first
    rounds: int = 0
    made: int = 0
    rounds_by: Counter[int] = field(default_factory=Counter)
    made_by: Counter[int] = field(default_factory=Counter)

    def add(self, other: Seat) -> None:
        self.total += other.total
        self.squares += other.squares
        self.scores.update(other.scores)
        self.wins += other.wins
        self.shared += other.shared
        self.rounds += other.rounds
        self.made += other.made
        self.rounds_by.update(other.rounds_by)
        self.made_by.update(other.made_by)

    def summary(self, games: int) -> dict[str, Any]:
        mean = self.total / games if games else 0.0
        variance = max(self.squares / games - mean * mean, 0.0) if games else 0.0
        return {
            "games": games,
            "mean": round(mean, 3),
            "sd": round(math.sqrt(variance * games / (games - 1)) if games > 1 else 0.0, 3),
            "min": min(self.scores) if self.scores else None,
            "max": max(self.scores) if self.scores else None,
            "quantiles": {f"p{round(q * 100)}": _quantile(self.scores, q) for q in QUANTILES},
            "wins": self.wins,
            "shared_wins": self.shared,
            "win_rate": round(self.wins / games, 4) if games else 0.0,
            "bid_hit_rate": round(self.made / self.rounds, 4) if self.rounds else 0.0,
            "bid_hit_by_round": {str(n): round(self.made_by[n] / self.rounds_by[n], 4) for n in sorted(self.rounds_by)},
        }


def _quantile(scores: Counter[int], q: float) -> int | None:
    """The ``q`` quantile of the scores counted (the lowest score with at least that share
    at or below it)."""
    count = sum(scores.values())
    if not count:
        return None
    wanted = max(1, math.ceil(q * count))
    seen = 0
    for score in sorted(scores):
        seen += scores[score]
        if seen >= wanted:
            return score
    return max(scores)


@dataclass
class Stats:
    """Statistics of the games played so far; :meth:`add` merges another run's."""

    games: int = 0
    seats: list[Seat] = field(default_factory=list)
    rules: Counter[str] = field(default_factory=Counter)
    tricks: int = 0
    without_winner: int = 0
    bonuses: Counter[str] = field(default_factory=Counter)
    bonus_points: int = 0
    alliances: int = 0
    alliance_points: int = 0
    ties_for_first: int = 0
    tie_break_rounds: int = 0

    def add(self, other: Stats) -> None:
        self.games += other.games
        while len(self.seats) < len(other.seats):
            self.seats.append(Seat())
        for mine, theirs in zip(self.seats, other.seats, strict=False):
            mine.add(theirs)
        self.rules.update(other.rules)
        self.tricks += other.tricks
        self.without_winner += other.without_winner
        self.bonuses.update(other.bonuses)
        self.bonus_points += other.bonus_points
        self.alliances += other.alliances
        self.alliance_points += other.alliance_points
        self.ties_for_first += other.ties_for_first
        self.tie_break_rounds += other.tie_break_rounds

    def as_json(self, setup: Setup, edition: Edition) -> dict[str, Any]:
        """The ``simulate --format json`` record."""
        players = []
        by_bot: dict[str, Seat] = {}
        for i, (name, seat) in enumerate(zip(setup.players, self.seats, strict=False)):
            bot = setup.bot_of(i)
            players.append({"seat": i, "name": name, "bot": bot, **seat.summary(self.games)})
            by_bot.setdefault(bot, Seat()).add(seat)
        bots = []
        for bot, seat in by_bot.items():
            seats = sum(1 for i in range(len(setup.players)) if setup.bot_of(i) == bot)
            bots.append({"bot": bot, "seats": seats, **seat.summary(self.games * seats)})
        return {
            "edition": edition.id,
            "games": self.games,
            "seed": setup.seed,
            "bots": list(setup.bots),
            "players": players,
            "by_bot": bots,
            "tricks": {
                "played": self.tricks,
                "without_winner": self.without_winner,
                "decided_by": dict(sorted(self.rules.items(), key=lambda kv: (-kv[1], kv[0]))),
            },
            "bonuses_paid": dict(sorted(self.bonuses.items(), key=lambda kv: (-kv[1], kv[0]))),
            "bonus_points": self.bonus_points,
            "alliances_formed": self.alliances,
            "alliance_points": self.alliance_points,
            "ties_for_first": self.ties_for_first,
            "tie_break_rounds": self.tie_break_rounds,
        }


# --------------------------------------------------------------------------- one game


@dataclass
class GameResult:
    """What one game adds to the statistics, and the per-game figures ``compare`` pairs."""

    stats: Stats
    metrics: dict[str, float]
    sheet: dict[str, Any] | None = None
    record: GameRecord | None = None


def _paid(round_: Round) -> tuple[list[tuple[str, str]], dict[str, list[str]], int, int]:
    """A finished round's alliances and captures, and the points its bonuses and its
    alliances paid (the round scored again without them: through the scheme, whatever
    its formulas say, from the round's own tallies as :meth:`Round.score
    <skullking.play.round.Round.score>` scores it)."""
    _, captures, alliances = round_.results()
    captured = any(captures.values())
    if not (captured or alliances):
        return alliances, captures, 0, 0
    full, players = round_.score().points, round_.players

    def less(points: Mapping[str, int]) -> int:
        return sum(full[p] - points[p] for p in players)

    bonus = less(round_.score_without(bonuses=True).points) if captured else 0
    alliance = less(round_.score_without(alliances=True).points) if alliances else 0
    return alliances, captures, bonus, alliance


def play_game(
    edition: Edition, setup: Setup, index: int, *, keep_sheet: bool = False, keep_record: bool = False
) -> GameResult:
    """Play game ``index`` of a run: its deals and its bots' choices come from the seed
    and ``index`` only; ``keep_sheet`` keeps the game's score sheet, ``keep_record`` its
    game record (:meth:`Game.as_record <skullking.play.game.Game.as_record>`)."""
    game_seed = f"{setup.seed}:{index}"
    game = Game(
        edition,
        setup.players,
        schedule=setup.schedule,
        scheme=setup.scoring,
        seed=seed_int(game_seed),
        modules=setup.modules,
        abilities=setup.abilities,
    )
    bots = make_bots([setup.bot_of(i) for i in range(len(setup.players))], setup.players, seed=game_seed)
    stats = Stats(games=1, seats=[Seat() for _ in setup.players])
    seat_of = {p: i for i, p in enumerate(setup.players)}
    bonus_points = alliance_points = bids = zeros = made = 0
    length = game.length
    # what the seats' and the game's counters count, added up once the game is over
    # (a counter counts a list in one call: one call a game, not one an item)
    numbers: list[list[int]] = [[] for _ in setup.players]  # rounds of the schedule played
    made_in: list[list[int]] = [[] for _ in setup.players]  # ... and bids made in them
    rules: list[str] = []
    paid: list[str] = []
    game.play_out(lambda round_: play_round(round_, bots))
    stats.tie_break_rounds += len(game.rounds) - length
    for round_ in game.rounds:
        alliances, captures, bonus, alliance = _paid(round_)
        score = round_.score()
        number = round_.number
        for player in round_.players:
            at = seat_of[player]
            seat = stats.seats[at]
            hit = score.bids[player] == score.won[player]
            seat.rounds += 1
            seat.made += hit
            if number <= length:  # by round: the schedule's (tie breaks are few)
                numbers[at].append(number)
                if hit:
                    made_in[at].append(number)
            bids += 1
            zeros += score.bids[player] == 0
            made += hit
            if hit:
                paid += captures[player]
        results = [trick.result for trick in round_.tricks]
        stats.tricks += len(results)
        rules += [result.rule for result in results]
        stats.without_winner += sum(result.winner is None for result in results)
        stats.alliances += len(alliances)
        stats.bonus_points += bonus
        stats.alliance_points += alliance
        bonus_points += bonus
        alliance_points += alliance
    for seat, played, hits in zip(stats.seats, numbers, made_in, strict=True):
        seat.rounds_by.update(played)
        seat.made_by.update(hits)
    stats.rules.update(rules)
    stats.bonuses.update(paid)
    # the rounds' own scores (what `skullking score` gives the sheet, without re-checking it)
    final, first = standings(
        setup.players,
        [r.score() for r in game.rounds],
        length=length,
        tie_break=edition.tie_break_winner,
        tie_breaker=edition.tie_breaker,
    )
    totals = [final[p] for p in setup.players]
    for seat, total in zip(stats.seats, totals, strict=True):
        seat.total += total
        seat.squares += total * total
        seat.scores[total] += 1
    for p in first:
        if len(first) == 1:
            stats.seats[seat_of[p]].wins += 1
        else:
            stats.seats[seat_of[p]].shared += 1
    stats.ties_for_first += len(first) > 1 or stats.tie_break_rounds > 0  # tied when the schedule ended
    # The winner's total, and its lead over the best of the others (after a tie-break
    # round of the tied players only, a player who was not tied may hold more).
    winning = final[first[0]]
    others = [final[p] for p in setup.players if p != first[0]]
    metrics = {
        "mean final score": sum(totals) / len(totals),
        "winning score": float(winning),
        "winning margin": float(winning - max(others)) if others else 0.0,
        "bid hit rate": made / bids if bids else 0.0,
        "zero bids": zeros / bids if bids else 0.0,
        "bonus points a game": float(bonus_points),
        "alliance points a game": float(alliance_points),
        "alliances a game": float(stats.alliances),
        "tricks without a winner a game": float(stats.without_winner),
        "ties for first": float(len(first) > 1),
    }
    for bot in dict.fromkeys(setup.bot_of(i) for i in range(len(setup.players))):
        seats = [t for i, t in enumerate(totals) if setup.bot_of(i) == bot]
        metrics[f"mean final score ({bot})"] = sum(seats) / len(seats)
    return GameResult(
        stats, metrics, game.as_sheet() if keep_sheet else None, game.as_record() if keep_record else None
    )


def seed_int(text: str) -> int:
    """A 32-bit seed from text, the same in every process (``hash`` of text is not)."""
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


# --------------------------------------------------------------------------- runs


@dataclass
class Paired:
    """Running sums of one metric over paired games: A's, B's and their differences."""

    a: float = 0.0
    b: float = 0.0
    diff: float = 0.0
    squares: float = 0.0

    def add(self, other: Paired) -> None:
        self.a += other.a
        self.b += other.b
        self.diff += other.diff
        self.squares += other.squares


@dataclass
class Comparison:
    """Paired statistics of two editions over the same deals and bots."""

    games: int = 0
    metrics: dict[str, Paired] = field(default_factory=dict)
    a: Stats = field(default_factory=Stats)
    b: Stats = field(default_factory=Stats)

    def add(self, other: Comparison) -> None:
        self.games += other.games
        for name, paired in other.metrics.items():
            self.metrics.setdefault(name, Paired()).add(paired)
        self.a.add(other.a)
        self.b.add(other.b)

    def as_json(self, a: Edition, b: Edition) -> dict[str, Any]:
        """The ``compare --format json`` record: each metric's mean under A and B, the
        mean difference B - A, its 95% confidence interval (normal approximation over
        the paired games) and whether the interval leaves out 0."""
        n = self.games
        metrics = []
        for name, m in self.metrics.items():
            mean = m.diff / n if n else 0.0
            variance = max((m.squares - n * mean * mean) / (n - 1), 0.0) if n > 1 else 0.0
            half = 1.96 * math.sqrt(variance / n) if n else 0.0
            low, high = mean - half, mean + half
            metrics.append(
                {
                    "name": name,
                    "a": round(m.a / n, 4) if n else 0.0,
                    "b": round(m.b / n, 4) if n else 0.0,
                    "diff": round(mean, 4),
                    "ci95": [round(low, 4), round(high, 4)],
                    "significant": bool(n > 1 and (low > 1e-12 or high < -1e-12)),
                }
            )
        return {"a": a.id, "b": b.id, "games": n, "metrics": metrics}


def _chunks(games: int) -> list[range]:
    return [range(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]


#: The editions of the runs under way in this process, by setup (see Setup.run).
_loaded: dict[Setup, Edition] = {}


def edition_of(setup: Setup) -> Edition:
    """The edition of ``setup``, loaded once per process for a run: a chunk of 25 games
    would otherwise pay the load (a few milliseconds) and start its tricks' plans afresh."""
    if not setup.run:
        return setup.load()
    edition = _loaded.get(setup)
    if edition is None:
        if len(_loaded) >= 4:  # (runs that ended in a worker of a cluster)
            _loaded.clear()
        edition = _loaded[setup] = setup.load()
        if setup.plan:
            edition.plan_tricks()
    return edition


@contextlib.contextmanager
def _run(games: int, *setups: Setup, here: bool = True) -> Iterator[tuple[Setup, ...]]:
    """``setups`` with a token of their own run of ``games`` games; their editions
    forgotten after it. A large run played ``here`` (not on a cluster, whose workers
    plan for themselves) plans its tricks first, so that worker processes find the
    plans made (forked) or stored in the cache."""
    token, plan = secrets.token_hex(8), games >= PLAN_AT
    ran = tuple(replace(setup, run=token, plan=plan) for setup in setups)
    try:
        if plan and here:
            for setup in ran:
                edition_of(setup)
        yield ran
    finally:
        for setup in ran:
            _loaded.pop(setup, None)


def simulate_chunk(setup: Setup, indices: range) -> Stats:
    """The statistics of games ``indices`` (a worker's share)."""
    edition = edition_of(setup)
    stats = Stats()
    rule = None
    if setup.records and setup.out is not None:
        # (the loader, lark and the schema validator: kept off simulate's start-up without --records)
        from skullking.loading.inline import carried_rule

        rule = carried_rule(setup.edition, edition)
    for index in indices:
        out = setup.out is not None
        result = play_game(edition, setup, index, keep_sheet=out and not setup.records, keep_record=setup.records)
        if result.sheet is not None and setup.out is not None:
            write_sheet(result, setup, index)
        if result.record is not None and setup.out is not None:
            write_game_record(result.record, setup, index, rule)
        stats.add(result.stats)
    return stats


def write_sheet(result: GameResult, setup: Setup, index: int) -> None:
    """Game ``index`` as a score sheet in ``setup.out`` (``game-000001.yaml`` on), which
    ``skullking score`` reads to the game's totals."""
    assert result.sheet is not None and setup.out is not None
    sheet = {**result.sheet, "edition": setup.edition}
    bots = ", ".join(f"{p} {setup.bot_of(i)}" for i, p in enumerate(setup.players))
    head = f"# Game {index + 1} of 'skullking simulate --seed {setup.seed}' ({bots}).\n"
    (Path(setup.out) / f"game-{index + 1:06d}.yaml").write_text(sheet_text(sheet, head), encoding="utf-8")


def write_game_record(record: GameRecord, setup: Setup, index: int, rule: str | None = None) -> None:
    """Game ``index`` as a game record in ``setup.out`` (``game-000001.skr`` on), in its
    canonical form (:func:`~skullking.language.record.write_record`), which ``skullking
    replay`` replays to the game's totals. Its ``Edition`` is the edition as the run
    was given it (a bundled id, or a file); with ``rule``, the YAML of the house rule's
    file the run plays (:func:`~skullking.loading.inline.carried_rule`), the record carries
    the rule inline instead, its ``Edition`` the rule's id, and replays without the
    file; ``Event`` says which game of which run it is, and ``Bots`` each seat's bot, in seat order."""
    # (the record language brings lark: kept off simulate's start-up without --records)
    from skullking.language.record import Tag, unreadable, with_rule, write_record

    if rule is None:
        tags = [
            Tag(name="Edition", values=(setup.edition,), line=0, column=0) if t.name == "Edition" else t
            for t in record.tags
        ]
    else:
        record = with_rule(record, rule)
        tags = list(record.tags)
    tags.append(
        Tag(name="Event", values=(f"game {index + 1} of 'skullking simulate --seed {setup.seed}'",), line=0, column=0)
    )
    tags.append(Tag(name="Bots", values=tuple(setup.bot_of(i) for i in range(len(setup.players))), line=0, column=0))
    text = write_record(replace(record, tags=tuple(tags)))
    why = unreadable(text)
    if why is not None:
        raise SkullKingError(
            f"game {index + 1}'s record would not be read back by 'skullking replay': {why}; "
            "it is not written (fewer rounds or players make a smaller one)"
        )
    assert setup.out is not None
    (Path(setup.out) / f"game-{index + 1:06d}.skr").write_text(text, encoding="utf-8")


def compare_chunk(setups: tuple[Setup, Setup], indices: range) -> Comparison:
    """The paired statistics of games ``indices`` under both setups."""
    a, b = edition_of(setups[0]), edition_of(setups[1])
    out = Comparison()
    for index in indices:
        one, two = play_game(a, setups[0], index), play_game(b, setups[1], index)
        out.games += 1
        out.a.add(one.stats)
        out.b.add(two.stats)
        for name in dict.fromkeys([*one.metrics, *two.metrics]):
            x, y = one.metrics.get(name, 0.0), two.metrics.get(name, 0.0)
            out.metrics.setdefault(name, Paired()).add(Paired(x, y, y - x, (y - x) ** 2))
    return out


def run_chunks(
    work: Callable[[Any, range], Any],
    payload: Any,
    games: int,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float = CONNECT_TIMEOUT,
) -> Iterator[Any]:
    """``work(payload, chunk)`` for every chunk of ``games``, in chunk order: here, in
    ``jobs`` worker processes, or on the Dask cluster at ``cluster`` (its scheduler
    given ``timeout`` seconds to answer)."""
    chunks = _chunks(games)
    results = _map(work, payload, chunks, jobs=jobs, cluster=cluster, timeout=timeout)
    for done, result in enumerate(results, 1):
        if progress is not None:
            progress(done * CHUNK)
        yield result


def _map(
    work: Callable[[Any, range], Any],
    payload: Any,
    chunks: Sequence[range],
    *,
    jobs: int,
    cluster: str | None,
    timeout: float = CONNECT_TIMEOUT,
) -> Iterable[Any]:
    if cluster is not None:
        return _on_cluster(work, payload, chunks, cluster_address(cluster), timeout)
    jobs = worker_count(jobs)
    if jobs <= 1 or len(chunks) <= 1:
        return (work(payload, chunk) for chunk in chunks)
    return _in_processes(work, payload, chunks, jobs)


def _in_processes(work: Callable[[Any, range], Any], payload: Any, chunks: Sequence[range], jobs: int) -> Iterator[Any]:
    import functools
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(min(jobs, len(chunks))) as pool:
        # imap keeps the chunks' order and holds only the results not yet taken
        yield from pool.imap(functools.partial(work, payload), chunks)


def cluster_address(given: str) -> str:
    """The address of a cluster's scheduler, ``SCHEME://HOST:PORT`` (tcp when no scheme
    is given; ``[::1]`` for an IPv6 host); raises
    :class:`~skullking.core.errors.SkullKingError` saying what is wrong with it."""
    scheme, sep, rest = given.partition("://")
    if not sep:
        scheme, rest = "tcp", given
    if scheme == "inproc":
        raise SkullKingError(
            f"--cluster {shorten(given)}: an inproc address names a scheduler inside one process; "
            "give a cluster's scheduler as tcp://HOST:PORT"
        )
    if scheme not in CLUSTER_SCHEMES:
        raise SkullKingError(
            f"--cluster {shorten(given)}: unknown address scheme '{shorten(scheme)}' "
            f"(a scheduler is reached by {', '.join(f'{s}://' for s in CLUSTER_SCHEMES)}; e.g. tcp://HOST:8786)"
        )
    host, colon, port = rest.rpartition(":")
    if host.startswith("[") != host.endswith("]") or not colon:
        host, port = rest, ""
    if not host or host == "[]":
        raise SkullKingError(f"--cluster {shorten(given)}: no host (e.g. {scheme}://HOST:8786)")
    if not port:
        raise SkullKingError(f"--cluster {shorten(given)}: give the scheduler's port too (e.g. {scheme}://{host}:8786)")
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise SkullKingError(f"--cluster {shorten(given)}: the port is a number from 1 to 65535, not '{shorten(port)}'")
    return f"{scheme}://{host}:{port}"


def _on_cluster(
    work: Callable[[Any, range], Any], payload: Any, chunks: Sequence[range], address: str, timeout: float
) -> Iterator[Any]:
    """The chunks on a Dask cluster, at most :data:`IN_FLIGHT` at a time (a million games
    are never a million futures), handed on in chunk order. A scheduler that does not
    answer within ``timeout`` seconds is a :class:`~skullking.core.errors.SkullKingError`."""
    from distributed import Client, as_completed

    try:
        client: Any = Client(address, timeout=timeout)  # type: ignore[no-untyped-call]
    except OSError as error:  # (refused, unreachable, or no answer in time)
        wait = f"{timeout:g} s"
        raise SkullKingError(
            f"--cluster {address}: no Dask scheduler answered within {wait} "
            f"({' '.join(str(error).split()) or type(error).__name__}); is it running there? "
            "(--cluster-timeout sets the wait)"
        ) from None
    with client:
        pending = iter(enumerate(chunks))
        order: dict[str, int] = {}

        def submit() -> Any:
            index, chunk = next(pending)
            future = client.submit(work, payload, chunk, pure=False)
            order[future.key] = index
            return future

        running = as_completed([submit() for _ in range(min(IN_FLIGHT, len(chunks)))])  # type: ignore[no-untyped-call]
        waiting: dict[int, Any] = {}
        following = 0
        for future in running:
            waiting[order.pop(future.key)] = future.result()
            future.release()
            if len(order) + len(waiting) < IN_FLIGHT * 2:
                with contextlib.suppress(StopIteration):  # every chunk sent
                    running.add(submit())  # type: ignore[no-untyped-call]
            while following in waiting:  # hand results on in chunk order
                yield waiting.pop(following)
                following += 1


class _Adding(Protocol):
    def add(self, other: Any, /) -> None: ...


_A = TypeVar("_A", bound=_Adding)


def gather(
    total: _A,
    work: Callable[[Any, range], Any],
    payload: Callable[[tuple[Setup, ...]], Any],
    setups: tuple[Setup, ...],
    count: int,
    *,
    games: int | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float = CONNECT_TIMEOUT,
) -> _A:
    """A run of ``count`` games (or deals) of ``setups``: ``work(payload(setups of the
    run), chunk)`` for every chunk (:func:`run_chunks`), each result added to ``total``
    in chunk order, which is returned. ``progress`` is told how many are done, 0 first
    (before a run of ``games`` games, ``count`` unless given, plans its tricks)."""
    if progress is not None:
        progress(0)
    with _run(count if games is None else games, *setups, here=cluster is None) as ran:
        for chunk in run_chunks(
            work, payload(ran), count, jobs=jobs, cluster=cluster, progress=progress, timeout=timeout
        ):
            total.add(chunk)
    return total


def simulate(
    setup: Setup,
    games: int,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float = CONNECT_TIMEOUT,
) -> Stats:
    """Play ``games`` games of ``setup`` and return their statistics; ``progress`` is
    told how many are done, 0 first (before a large run plans its tricks); ``timeout``:
    the seconds a cluster's scheduler is given to answer."""
    return gather(
        Stats(),
        simulate_chunk,
        lambda ran: ran[0],
        (setup,),
        games,
        jobs=jobs,
        cluster=cluster,
        progress=progress,
        timeout=timeout,
    )


def compare(
    a: Setup,
    b: Setup,
    games: int,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float = CONNECT_TIMEOUT,
) -> Comparison:
    """Play the same ``games`` deals with the same bots under ``a`` and ``b``
    (``progress`` and ``timeout`` as :func:`simulate` takes them)."""
    return gather(
        Comparison(),
        compare_chunk,
        lambda ran: ran,
        (a, b),
        games,
        jobs=jobs,
        cluster=cluster,
        progress=progress,
        timeout=timeout,
    )


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def worker_count(jobs: int) -> int:
    """The worker processes asked for by ``jobs``: one a core this process may use at
    the most (more would only share the cores, and results do not depend on them)."""
    return max(1, min(jobs, default_jobs()))
