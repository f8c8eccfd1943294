"""Bots and simulation: how well the heuristic bot plays, and how fast games are played.

    python benchmarks/bench_bots.py [--games 2000] [--seed 2021] [--jobs N]

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
4. What the heuristic pays to bid: ``HeuristicBot.bid`` on the freshly dealt rounds
   of every size the edition deals at tables of two to six (ten deals each), in
   microseconds of CPU a bid (the best of five runs, the caches warm), and a digest of the
   bids made, which a change that only makes bidding cheaper leaves as it is.

This is a report, not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
import timeit
from collections.abc import Callable

import skullking
from skullking.analysis.bots import HeuristicBot, RandomBot, play_round
from skullking.analysis.simulation import Setup, default_jobs, simulate
from skullking.play.game import Game
from skullking.play.round import Round
from skullking.play.views import SeatView, sample, samples

PLAYERS = ("P1", "P2", "P3", "P4")


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


def heuristic_bids(edition: skullking.edition.Edition, seed: int) -> str:
    """Microseconds a heuristic bid, over every seat of fresh rounds, and the bids' digest."""
    asked = []
    for players in range(max(edition.min_players, 2), min(edition.max_players, 6) + 1):
        names = [f"P{i}" for i in range(1, players + 1)]
        for number in range(1, 11):
            for deal in range(10):
                round_ = Round(edition, names, number=number, seed=seed + deal)
                asked += [(SeatView(round_, p), round_.legal_bids(p)) for p in names]
    bot = HeuristicBot(random.Random(seed))
    bids = [bot.bid(view, options) for view, options in asked]  # (the caches warm)
    runs = []
    for _ in range(5):  # (CPU time: the shared machine's load lengthens the wall time only)
        start = time.process_time()
        for view, options in asked:
            bot.bid(view, options)
        runs.append(time.process_time() - start)
    cost = min(runs) / len(asked) * 1e6
    digest = hashlib.sha256(repr(bids).encode()).hexdigest()[:16]
    return f"HeuristicBot.bid, {len(asked):,} fresh seats       {cost:10.1f} us a bid (bids' digest {digest})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--jobs", type=int, default=default_jobs())
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
    print(heuristic_bids(edition, args.seed))


if __name__ == "__main__":
    main()
