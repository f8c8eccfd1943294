"""Bots and simulation: how well the heuristic bot plays, and how fast games are played.

    python benchmarks/bench_bots.py [--games 2000] [--seed 2021] [--jobs N] [--paired N]

1. One heuristic bot against three random ones, ``--games`` four-player games of
   skullking-2021 (the target: its bid made in at least 45% of its rounds, at
   least 70% of the games won), then all-heuristic and all-random tables: bids made,
   mean final score.
2. Games per second on one core and with ``--jobs`` worker processes (default: every
   core), half of ``--games`` (1,000: a run large enough to plan its tricks first, as
   ``skullking simulate`` does), the same games either way (the statistics are
   compared), and the speed-up.
3. What a search bot pays to think: a copy of a mid-round state (``Round.copy``; four
   players, eight cards, bids in and four tricks played) against a replay of its
   record, and a round dealt again from a player's view (``skullking.play.views.sample``;
   ``samples`` deals twenty at once), in microseconds (the best of five runs of many).
4. What the heuristic pays to bid and to play: ``HeuristicBot.bid`` on the freshly
   dealt rounds of every size the edition deals at tables of two to six (ten deals
   each), and ``HeuristicBot.play`` on the plays with more than one legal card of
   four-player rounds of every size (ten deals each, played out by heuristic bots), in
   microseconds of CPU a bid or a play (the best of five runs, the caches warm), and a
   digest of the bids or plays made, which a change that only makes them cheaper leaves
   as it is; the same for the heuristic as it played before it learnt its place
   (:class:`OldHeuristic`), on the same positions.
5. The leader's gap: ``--games`` whole games of four heuristic bots, then of four old
   ones, each seat's points by its place in the round's first trick (the leader, who
   leads it, to the last seat), as points a game, with 95% intervals, and the last
   seat's points less the leader's.
6. With ``--paired N``: the heuristic against its old self on N paired deals, as
   ``bench_pimc.py`` plays the search bot against the heuristic (its code: one game
   with the heuristic in one seat and old heuristics in the other three, the same deal
   with an old heuristic in that seat, the seat going round; wins, bids made and points
   with 95% intervals, and the paired differences).

This is a report, not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
import timeit
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench_pimc import mean_interval, one_game, report, text  # benchmarks/ is the script's folder, first on sys.path

import skullking
from skullking.analysis.bots import HeuristicBot, RandomBot, _winners_and_losers, play_round
from skullking.analysis.simulation import Setup, default_jobs, simulate
from skullking.model.cards import Play
from skullking.play.game import Game
from skullking.play.round import Round
from skullking.play.views import SeatView, sample, samples

PLAYERS = ("P1", "P2", "P3", "P4")


class OldHeuristic(HeuristicBot):
    """The heuristic as it played before it learnt its place (kept here only to measure
    the change against it: ``--paired``): its bid ignores its place and the bids it
    sees; its lead is its strongest card when that card's strength is at least 0.6 (or
    every trick left is needed), else its weakest; following, it wins with the weakest
    winner of strength at least 0.5, else its strongest winner, whoever is still to
    play and whatever they need."""

    def _bid_chances(self, view: SeatView) -> list[float]:
        return self._chances(view, view.hand)  # (its cards' strengths, wherever it sits)

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        if len(options) == 1:
            return options[0]
        table = self._strength(view)
        strength: Callable[[Play], float] = lambda p: table.get(p.code, 0.0)  # noqa: E731
        trick = view.trick
        needs = view.needs()
        if not trick:  # leading
            if needs > 0:
                best = max(options, key=strength)
                return best if strength(best) >= 0.6 or needs >= view.tricks_left() else min(options, key=strength)
            return min(options, key=strength)
        winners, losers = _winners_and_losers(view, options)
        last = view.to_play_after() == 0
        if needs > 0:
            if winners:
                if last:
                    return min(winners, key=strength)
                sure = [w for w in winners if strength(w) >= 0.5]
                return min(sure, key=strength) if sure else max(winners, key=strength)
            return min(options, key=strength)
        if losers:
            return max(losers, key=strength)
        return min(options, key=strength) if not last else max(options, key=strength)


def table(edition: skullking.edition.Edition, bots: tuple[str, ...], games: int, seed: int, jobs: int) -> str:
    setup = Setup(edition=edition.id, players=PLAYERS, bots=bots, seed=seed)
    start = time.perf_counter()
    record = simulate(setup, games, jobs=jobs).as_json(setup, edition)
    elapsed = time.perf_counter() - start
    parts = []
    for bot in record["by_bot"]:
        parts.append(
            f"{bot['bot']}: bids made {100 * bot['bid_hit_rate']:.1f}%, mean {bot['mean']:.1f}, "
            f"wins {100 * bot['wins'] / max(record['games'], 1) / bot['seats']:.1f}% a seat"
        )
    return f"{' + '.join(bots):<28} {'; '.join(parts)}  ({games / elapsed:,.0f} games/s)"


def speed(edition: skullking.edition.Edition, bots: tuple[str, ...], games: int, seed: int, jobs: int) -> str:
    setup = Setup(edition=edition.id, players=PLAYERS, bots=bots, seed=seed)
    start = time.perf_counter()
    one = simulate(setup, games, jobs=1).as_json(setup, edition)
    single = time.perf_counter() - start
    start = time.perf_counter()
    many = simulate(setup, games, jobs=jobs).as_json(setup, edition)
    parallel = time.perf_counter() - start
    same = "same statistics" if one == many else "STATISTICS DIFFER"
    return (
        f"{','.join(bots):<28} 1 core {games / single:>7,.0f} games/s   {jobs} jobs {games / parallel:>7,.0f} games/s"
        f"   speed-up {single / parallel:.2f}x ({same})"
    )


def mid_game(edition: skullking.edition.Edition, seed: int) -> Game:
    """Four players: rounds 1 to 7 played out by random bots, then round 8 (eight
    cards) with the bids in and four tricks played."""
    game = Game(edition, PLAYERS, seed=seed)
    bots = {p: RandomBot(random.Random(f"{seed}:{p}")) for p in PLAYERS}
    for _ in range(7):
        play_round(game.next_round(), bots)
    round_ = game.next_round()
    for player in round_.bidding_order:
        round_.bid(player, bots[player].bid(SeatView(round_, player), round_.legal_bids(player)))
    while len(round_.tricks) < 4:
        decision = round_.pending
        if decision is not None:
            round_.decide(decision.player, bots[decision.player].decide(SeatView(round_, decision.player), decision))
        else:
            mover = round_.to_play
            assert mover is not None
            round_.play(mover, bots[mover].play(SeatView(round_, mover), round_.legal_plays()))
    return game


def micro(work: Callable[[], object], number: int) -> float:
    """Microseconds a call, the best of five runs of ``number`` calls."""
    return min(timeit.repeat(work, number=number, repeat=5)) / number * 1e6


def search_costs(edition: skullking.edition.Edition, seed: int) -> list[str]:
    game = mid_game(edition, seed)
    round_ = game.rounds[-1]
    record = game.as_record()
    view = SeatView(round_, round_.players[0])
    rng = random.Random(seed)
    copy = micro(round_.copy, 20_000)
    replay = micro(lambda: Game.from_record(edition, record), 20)
    dealt = micro(lambda: sample(view, rng), 500)
    many = micro(lambda: samples(view, rng, 20), 50) / 20
    return [
        f"Round.copy of a mid-round state            {copy:10.1f} us",
        f"the same state replayed from its record    {replay:10.1f} us",
        f"sample(view, rng): the state dealt again   {dealt:10.1f} us",
        f"samples(view, rng, 20), a sample           {many:10.1f} us",
    ]


def heuristic_bids(edition: skullking.edition.Edition, seed: int, bot: HeuristicBot) -> str:
    """Microseconds a heuristic bid, over every seat of fresh rounds, and the bids' digest."""
    asked = []
    for players in range(max(edition.min_players, 2), min(edition.max_players, 6) + 1):
        names = [f"P{i}" for i in range(1, players + 1)]
        for number in range(1, 11):
            for deal in range(10):
                round_ = Round(edition, names, number=number, seed=seed + deal)
                asked += [(SeatView(round_, p), round_.legal_bids(p)) for p in names]
    bids = [bot.bid(view, options) for view, options in asked]  # (the caches warm)
    cost = cpu(lambda: [bot.bid(view, options) for view, options in asked]) / len(asked)
    digest = hashlib.sha256(repr(bids).encode()).hexdigest()[:16]
    return f"{type(bot).__name__}.bid, {len(asked):,} fresh seats   {cost:10.1f} us a bid (bids' digest {digest})"


def heuristic_plays(edition: skullking.edition.Edition, seed: int, bot: HeuristicBot) -> str:
    """Microseconds a heuristic play, over the plays of four-player rounds of every size
    (ten deals each, played out by heuristic bots) with more than one legal card, and
    the plays' digest."""
    asked: list[tuple[SeatView, tuple[Play, ...]]] = []
    for number in range(1, 11):
        for deal in range(10):
            round_ = Round(edition, PLAYERS, number=number, seed=seed + deal)
            bots = {p: HeuristicBot(random.Random(0)) for p in PLAYERS}
            for player in round_.bidding_order:
                round_.bid(player, bots[player].bid(SeatView(round_, player), round_.legal_bids(player)))
            while round_.phase.value != "over":
                decision = round_.pending
                if decision is not None:
                    view = SeatView(round_, decision.player)
                    round_.decide(decision.player, bots[decision.player].decide(view, decision))
                    continue
                mover = round_.to_play
                assert mover is not None
                options = round_.legal_plays()
                if len(options) > 1:  # (a position of its own: the round goes on)
                    asked.append((SeatView(round_.copy(), mover), options))
                round_.play(mover, bots[mover].play(SeatView(round_, mover), options))
    plays = [bot.play(view, options).code for view, options in asked]  # (the caches warm)
    cost = cpu(lambda: [bot.play(view, options) for view, options in asked]) / len(asked)
    digest = hashlib.sha256(repr(plays).encode()).hexdigest()[:16]
    return f"{type(bot).__name__}.play, {len(asked):,} positions    {cost:10.1f} us a play (plays' digest {digest})"


def cpu(work: Callable[[], object]) -> float:
    """Microseconds of CPU ``work`` takes, the best of five runs (CPU time: the shared
    machine's load lengthens the wall time only)."""
    runs = []
    for _ in range(5):
        start = time.process_time()
        work()
        runs.append(time.process_time() - start)
    return min(runs) * 1e6


def places(edition: skullking.edition.Edition, kind: type[HeuristicBot], games: int, seed: int) -> str:
    """The leader's gap: ``games`` whole games of four heuristic bots of the class
    ``kind``, each seat's points in every round by its place in the
    round's first trick (the leader first), as points a game (the mean a round times
    the rounds of the schedule), with 95% intervals; and the leader's gap, the last
    seat's points less the leader's in the same rounds."""
    by_place: list[list[float]] = [[] for _ in PLAYERS]
    gap: list[float] = []
    made = [0] * len(PLAYERS)
    length = 0
    for index in range(games):
        game = Game(edition, PLAYERS, seed=seed * 100_003 + index)
        bots = {p: kind(random.Random(f"{seed}:{index}:{p}")) for p in PLAYERS}
        length = game.length
        for _ in range(game.length):
            round_ = game.next_round()
            play_round(round_, bots)
            score = round_.score()
            order = round_.seats.index(round_.first_leader)
            placed = sorted(round_.players, key=lambda p: (round_.seats.index(p) - order) % len(round_.seats))
            for place, player in enumerate(placed):
                by_place[place].append(score.points[player] * length)
                made[place] += score.bids[player] == score.won[player]
            gap.append((score.points[placed[-1]] - score.points[placed[0]]) * length)
    names = ["leader", "second", "third", "last"]
    parts = []
    for place, points in enumerate(by_place):
        mean, lo, hi = mean_interval(points)
        parts.append(f"{names[place]} {mean:.1f} [{lo:.1f}, {hi:.1f}] ({100 * made[place] / len(points):.1f}% made)")
    mean, lo, hi = mean_interval(gap)
    return (
        f"  points a game by place in the first trick: {'; '.join(parts)}\n"
        f"  the leader's gap {mean:.1f} [{lo:.1f}, {hi:.1f}] points a game"
    )


def paired(edition: skullking.edition.Edition, games: int, seed: int, jobs: int) -> str:
    """The heuristic against its old self (:class:`OldHeuristic`) on paired deals,
    as ``bench_pimc.py`` plays the search bot against the heuristic: each game once
    with the heuristic in one seat and old heuristics in the other three, once with an
    old one in that seat, the seat going round the table."""
    against = f"{Path(__file__).resolve()}:OldHeuristic"
    n = games
    with ProcessPoolExecutor(max(jobs, 1)) as pool:
        played = list(
            pool.map(one_game, [edition.id] * n, ["heuristic"] * n, [seed] * n, range(n), [against] * n, chunksize=10)
        )
    # (the CPU lines left out: part 4 measures the heuristic's bids and plays)
    return "\n".join(
        line
        for line in text(report(played, "heuristic", edition.id, seed, against)).splitlines()
        if "CPU a decision" not in line
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--paired", type=int, default=0, help="paired games of the heuristic against its old self")
    args = parser.parse_args()
    edition = skullking.load_edition("skullking-2021")
    print(f"{args.games:,} four-player games of skullking-2021 (seed {args.seed}, {args.jobs} jobs)")
    for bots in (("heuristic", "random", "random", "random"), ("heuristic",), ("random",)):
        print(table(edition, bots, args.games, args.seed, args.jobs))
    print()
    print("speed (the same games on one core and in worker processes):")
    for bots in (("random",), ("heuristic",)):
        print(speed(edition, bots, max(args.games // 2, 100), args.seed, args.jobs))
    print()
    print("what a search pays to think (one core):")
    for line in search_costs(edition, args.seed):
        print(line)
    print()
    for kind in (HeuristicBot, OldHeuristic):
        print(heuristic_bids(edition, args.seed, kind(random.Random(args.seed))))
        print(heuristic_plays(edition, args.seed, kind(random.Random(args.seed))))
    print()
    for name, kind in (("heuristic", HeuristicBot), ("old heuristic", OldHeuristic)):
        print(f"the leader's gap, four {name} bots, {args.games:,} games:")
        print(places(edition, kind, args.games, args.seed))
    if args.paired:
        print()
        print(paired(edition, args.paired, args.seed, args.jobs))


if __name__ == "__main__":
    main()
