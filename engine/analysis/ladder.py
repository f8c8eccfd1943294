"""A ladder: bots ranked by duplicate matches, with an Elo-style rating and its intervals.

:func:`ladder` plays ``deals`` deals. Each deal is played once for every rotation of
its table's seats (``n`` games at a table of ``n``: every bot at the table plays every
hand of the deal), so that the luck of the cards falls alike on every bot. Two bots at
the table are compared seat by seat: the one that scored more game points with a
seat's hand wins that seat (a tie is half each), and a deal's result for the pair is
the share of the seats each won.

The rating is a Bradley-Terry model fitted to those pairwise results by maximum
likelihood (the odds of one bot winning a deal against another are the ratio of their
strengths), with one drawn deal added for every pair of bots (a bot that won every deal
gets a finite rating, the pull towards the middle small once the deals are many), on
the Elo scale: ``400 log10`` of the strength, the ratings' mean 1500; a bot rated 200
above another wins about 76% of their deals. Its 95% interval is the middle 95% of the
ratings refitted to :data:`BOOTSTRAP` resamples of the deals (drawn with replacement,
in :data:`BLOCKS` blocks of consecutive deals when there are more deals), drawn from
the run's seed: a seed gives the same ladder, intervals included, on any number of
processes or on a cluster.

The table: ``seats`` players (by default one a bot). When there are more bots than
seats, deal ``i`` seats the ``i``-th combination of them (in turn, so that every group
meets as often); when there are fewer, the bots fill the seats in turn (one bot may
hold two seats, and plays a seat's hand in more than one rotation: its points with
that hand are their mean). Deal ``i`` is game ``i`` of a
:func:`~skullking.analysis.simulation.simulate` run with the same seed: the same cards.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from skullking.analysis.bots import make_bots, play_round
from skullking.analysis.simulation import CONNECT_TIMEOUT, Setup, edition_of, gather, seed_int
from skullking.play.game import Game
from skullking.scoring.schemes import standings

if TYPE_CHECKING:
    from skullking.edition import Edition

__all__ = ["BLOCKS", "BOOTSTRAP", "PRIOR", "Ladder", "LadderSetup", "fit", "ladder", "ladder_chunk", "table_of"]

#: Bootstrap resamples the intervals are drawn from.
BOOTSTRAP = 500
#: The most blocks the deals are resampled in (a block: consecutive deals).
BLOCKS = 200
#: Drawn deals added for every pair of bots before the fit.
PRIOR = 1.0
#: The rating of a bot of mean strength.
MEAN_RATING = 1500.0


@dataclass(frozen=True)
class LadderSetup:
    """A ladder's run: its bots (``setup.bots``, each once), the table's players
    (``setup.players``) and the game's choices (``setup``), and ``rounds``: play only
    the first rounds of the schedule (``None``: whole games)."""

    setup: Setup
    rounds: int | None = None


@dataclass
class Entrant:
    """One bot's numbers over the games so far (each seat it held in each game)."""

    games: int = 0
    points: int = 0
    wins: int = 0  # alone in first place
    shared: int = 0  # tied for first
    rounds: int = 0
    made: int = 0

    def add(self, other: Entrant) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Ladder:
    """The deals played so far: each bot's numbers, and each deal's pairwise results
    (``(a, b, a's share)`` with ``a < b``, bots by their place in the setup)."""

    deals: int = 0
    entrants: list[Entrant] = field(default_factory=list)
    results: list[list[tuple[int, int, float]]] = field(default_factory=list)

    def add(self, other: Ladder) -> None:
        self.deals += other.deals
        while len(self.entrants) < len(other.entrants):
            self.entrants.append(Entrant())
        for mine, theirs in zip(self.entrants, other.entrants, strict=False):
            mine.add(theirs)
        self.results += other.results

    def ratings(self, bots: int, seed: int) -> tuple[list[float], list[tuple[float, float]]]:
        """Each bot's rating and its 95% interval (see the module's description)."""
        blocks = _blocks(self.results, bots)
        rating = fit(_sum(blocks, bots), bots)
        rng = random.Random(f"ladder:{seed}:bootstrap")
        draws: list[list[float]] = [[] for _ in range(bots)]
        for _ in range(BOOTSTRAP if blocks else 0):
            picked = [blocks[rng.randrange(len(blocks))] for _ in blocks]
            for i, value in enumerate(fit(_sum(picked, bots), bots)):
                draws[i].append(value)
        intervals = [
            (_percentile(d, 0.025), _percentile(d, 0.975)) if d else (r, r) for d, r in zip(draws, rating, strict=True)
        ]
        return rating, intervals

    def as_json(self, given: LadderSetup, edition: Edition) -> dict[str, Any]:
        """The ``ladder --format json`` record: the bots from the highest rating down."""
        setup = given.setup
        names = list(setup.bots)
        rating, intervals = self.ratings(len(names), setup.seed)
        pairs: dict[tuple[int, int], list[float]] = {}
        for deal in self.results:
            for a, b, share in deal:
                counts = pairs.setdefault((a, b), [0, 0, 0])
                counts[0 if share > 0.5 else 1 if share < 0.5 else 2] += 1
        bots: list[dict[str, Any]] = []
        for i, name in enumerate(names):
            e = self.entrants[i] if i < len(self.entrants) else Entrant()
            won = sum(share if a == i else 1 - share for deal in self.results for a, b, share in deal if i in (a, b))
            met = sum(1 for deal in self.results for a, b, _ in deal if i in (a, b))
            bots.append(
                {
                    "bot": name,
                    "rating": round(rating[i], 1),
                    "ci95": [round(intervals[i][0], 1), round(intervals[i][1], 1)],
                    "games": e.games,
                    "points_a_game": round(e.points / e.games, 3) if e.games else 0.0,
                    "wins": e.wins,
                    "shared_wins": e.shared,
                    "win_rate": round(e.wins / e.games, 4) if e.games else 0.0,
                    "bid_hit_rate": round(e.made / e.rounds, 4) if e.rounds else 0.0,
                    "pairs_won": round(won / met, 4) if met else 0.0,
                }
            )
        order = sorted(range(len(names)), key=lambda i: (-rating[i], i))
        ranked = [bots[i] for i in order]
        for above, below in itertools.pairwise(ranked):
            above["clear_of_next"] = above["ci95"][0] > below["ci95"][1]
        if ranked:
            ranked[-1]["clear_of_next"] = None
        return {
            "edition": edition.id,
            "deals": self.deals,
            "seats": len(setup.players),
            "games": self.deals * len(setup.players),
            "rounds": given.rounds,
            "seed": setup.seed,
            "bots": ranked,
            "pairs": [
                {"a": names[a], "b": names[b], "a_won": c[0], "b_won": c[1], "drawn": c[2]}
                for (a, b), c in sorted(pairs.items())
            ],
            "method": {
                "rating": "Bradley-Terry on the Elo scale (mean 1500)",
                "prior_drawn_deals_a_pair": PRIOR,
                "bootstrap": BOOTSTRAP,
                "blocks": min(self.deals, BLOCKS),
            },
        }


def table_of(bots: int, seats: int, deal: int) -> list[int]:
    """The bots (by their place in the setup) at the table of deal ``deal``, seat by
    seat before the rotations: every bot when they fit, the ``deal``-th combination of
    them (in turn) when there are more bots than seats, the bots in turn to fill the
    seats when there are fewer."""
    if bots >= seats:
        groups = math.comb(bots, seats)
        return list(_combination(bots, seats, deal % groups))
    return [seat % bots for seat in range(seats)]


def _combination(n: int, k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th ``k``-combination of ``range(n)`` in
    :func:`itertools.combinations` order (without listing those before it)."""
    out: list[int] = []
    start = 0
    for left in range(k, 0, -1):
        for first in range(start, n):
            count = math.comb(n - first - 1, left - 1)
            if index < count:
                out.append(first)
                start = first + 1
                break
            index -= count
    return tuple(out)


def ladder_chunk(given: LadderSetup, indices: range) -> Ladder:
    """The deals ``indices`` of a ladder, each played with every rotation of its seats
    (a worker's share)."""
    setup = given.setup
    edition = edition_of(setup)
    names, players = setup.bots, setup.players
    seats = len(players)
    out = Ladder(entrants=[Entrant() for _ in names])
    for index in indices:
        table = table_of(len(names), seats, index)
        # each bot's points in each seat, over the rotations that sat it there
        points = [[0.0] * seats for _ in names]
        held = [[0] * seats for _ in names]
        for turn in range(seats):
            lineup = [table[(seat + turn) % seats] for seat in range(seats)]
            totals = _game(edition, given, index, lineup, out.entrants)
            for seat, (bot, total) in enumerate(zip(lineup, totals, strict=True)):
                points[bot][seat] += total
                held[bot][seat] += 1
        present = sorted(set(table))
        score = {bot: [points[bot][s] / held[bot][s] for s in range(seats)] for bot in present}
        out.results.append([(a, b, _share(score[a], score[b])) for a, b in itertools.combinations(present, 2)])
        out.deals += 1
    return out


def _share(mine: Sequence[float], theirs: Sequence[float]) -> float:
    """The share of the seats in which ``mine`` scored more than ``theirs`` (a tie half)."""
    return sum(1.0 if a > b else 0.0 if a < b else 0.5 for a, b in zip(mine, theirs, strict=True)) / len(mine)


def _game(
    edition: Edition, given: LadderSetup, index: int, lineup: Sequence[int], entrants: list[Entrant]
) -> list[int]:
    """Deal ``index`` played by the bots ``lineup`` (seat by seat): each seat's total,
    its game counted into ``entrants``."""
    setup = given.setup
    game_seed = f"{setup.seed}:{index}"  # (as simulate's game ``index``: the same cards)
    game = Game(
        edition,
        setup.players,
        schedule=setup.schedule,
        scheme=setup.scoring,
        seed=seed_int(game_seed),
        modules=setup.modules,
        abilities=setup.abilities,
    )
    bots = make_bots([setup.bots[b] for b in lineup], setup.players, seed=game_seed)
    game.play_out(lambda round_: play_round(round_, bots), rounds=given.rounds)
    rounds = [r.score() for r in game.rounds]
    final, first = standings(
        setup.players,
        rounds,
        length=game.length,
        tie_break=edition.tie_break_winner,
        tie_breaker=edition.tie_breaker,
    )
    for player, bot in zip(setup.players, lineup, strict=True):
        entrant = entrants[bot]
        entrant.games += 1
        entrant.points += final[player]
        entrant.wins += first == (player,)
        entrant.shared += len(first) > 1 and player in first
        for score in rounds:
            if player in score.bids:
                entrant.rounds += 1
                entrant.made += score.bids[player] == score.won[player]
    return [final[p] for p in setup.players]


def ladder(
    given: LadderSetup,
    deals: int,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    timeout: float = CONNECT_TIMEOUT,
) -> Ladder:
    """Play ``deals`` deals of the ladder ``given`` (``jobs``, ``cluster``, ``progress``
    and ``timeout`` as :func:`~skullking.analysis.simulation.simulate` takes them;
    ``progress`` counts deals)."""
    games = deals * len(given.setup.players)

    def payload(ran: tuple[Setup, ...]) -> LadderSetup:
        return replace(given, setup=ran[0])

    return gather(
        Ladder(), ladder_chunk, payload, (given.setup,), deals, games=games, jobs=jobs, cluster=cluster,
        progress=progress, timeout=timeout,
    )  # fmt: skip


# --------------------------------------------------------------------------- the fit


def _blocks(results: Sequence[list[tuple[int, int, float]]], bots: int) -> list[list[list[float]]]:
    """The deals' pairwise results added up in at most :data:`BLOCKS` blocks of
    consecutive deals: ``block[a][b]`` the deals ``a`` won against ``b`` (half a drawn one)."""
    count = len(results)
    blocks = [[[0.0] * bots for _ in range(bots)] for _ in range(min(count, BLOCKS))]
    for at, deal in enumerate(results):
        block = blocks[at * len(blocks) // count]
        for a, b, share in deal:
            block[a][b] += share
            block[b][a] += 1 - share
    return blocks


def _sum(blocks: Sequence[list[list[float]]], bots: int) -> list[list[float]]:
    """The blocks' wins added up, with :data:`PRIOR` drawn deals for every pair."""
    wins = [[0.0 if a == b else PRIOR / 2 for b in range(bots)] for a in range(bots)]
    for block in blocks:
        for a in range(bots):
            row, into = block[a], wins[a]
            for b in range(bots):
                into[b] += row[b]
    return wins


def fit(wins: Sequence[Sequence[float]], bots: int) -> list[float]:
    """The Bradley-Terry ratings (Elo scale, mean :data:`MEAN_RATING`) that make
    ``wins`` (``wins[a][b]``: a's wins against b; every pair met at least once) most
    likely: Newton's method on the log-strengths, the first held at 0, each step halved
    until the likelihood grows."""
    theta = [0.0] * bots

    def likelihood(t: Sequence[float]) -> float:
        total = 0.0
        for a in range(bots):
            for b in range(bots):
                if a != b and wins[a][b]:
                    total += wins[a][b] * (t[a] - _logaddexp(t[a], t[b]))
        return total

    current = likelihood(theta)
    for _ in range(100):
        grad = [0.0] * bots
        hess = [[0.0] * bots for _ in range(bots)]
        for a in range(bots):
            for b in range(a + 1, bots):
                n = wins[a][b] + wins[b][a]
                if not n:
                    continue
                p = 1 / (1 + math.exp(theta[b] - theta[a]))
                grad[a] += wins[a][b] - n * p
                grad[b] += wins[b][a] - n * (1 - p)
                w = n * p * (1 - p)
                hess[a][a] += w
                hess[b][b] += w
                hess[a][b] -= w
                hess[b][a] -= w
        free = range(1, bots)
        step = _solve([[hess[a][b] for b in free] for a in free], [grad[a] for a in free])
        if step is None:
            break
        scale = 1.0
        while scale > 1e-6:
            trial = [0.0, *(theta[a] + scale * s for a, s in zip(free, step, strict=True))]
            value = likelihood(trial)
            if value >= current - 1e-12:
                break
            scale /= 2
        theta, moved = trial, max((abs(scale * s) for s in step), default=0.0)
        current = value
        if moved < 1e-10:
            break
    mean = sum(theta) / bots
    return [MEAN_RATING + 400 / math.log(10) * (t - mean) for t in theta]


def _logaddexp(x: float, y: float) -> float:
    high = max(x, y)
    return high + math.log(math.exp(x - high) + math.exp(y - high))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float] | None:
    """``x`` with ``matrix x = vector`` (Gaussian elimination with pivoting); ``None``
    when the matrix is singular."""
    n = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the nearest two)."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)
