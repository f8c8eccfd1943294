"""The search bot against three heuristic bots, on paired deals.

    python benchmarks/bench_pimc.py [--games 1000] [--bot pimc] [--seed 2021] [--jobs 1]
                                    [--edition skullking-2021] [--json FILE] [--table N]
                                    [--first K] [--merge FILE ...]

Every game is a four-player game of the edition (default skullking-2021, its whole
schedule, tie breaks as ``skullking simulate`` plays them) dealt from ``--seed`` and
its number, and played twice: once with the search bot (``--bot``, any ``--bots``
name: ``pimc``, ``pimc:50``, ``pimc:30ms``) in one seat and heuristic bots in the
other three, once with a heuristic bot in that seat (the same deals, the same other
players): the seat goes round the table from game to game. Reported, with 95%
intervals (Wilson's for a rate, a normal one for the mean of the paired difference):

- wins: games the seat ended alone in first place (a shared first place is no win),
  for the search bot and for the heuristic in its seat, and the paired difference;
- bids made: the seat's rounds whose bid was made (an interval over rounds, which
  games cluster: a little narrow);
- points a game, both ways, and the paired difference;
- CPU a decision of the search bot (``time.process_time``, one process each; the
  questions with one legal answer, which it answers without searching, included):
  median, mean, 90th percentile and the slowest, for bids and for the rest apart.

``--first K`` plays games K to K + N - 1 (a long run split into parts, each with
``--json``); ``--merge FILE ...`` reports the games of such parts together, playing
none.

``--table N`` also plays N games with the search bot in all four seats (other deals
of the same seed; ``--games 0 --table N``: those only) and reports its bids made
there (the target: at least 60%).

Targets (the search bot): wins at least 60% with the interval's lower end at least
55%, bids made at least 70%, median CPU a decision at most 50 ms. ``--games 200``
makes a smaller run to tune with. ``--jobs N`` plays the games in N processes (the
same results; CPU is measured in each). This is a report, not a test.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import skullking
from skullking.analysis.bots import Bot, SeatView, bot_maker, make_bots, play_round
from skullking.model.cards import Play
from skullking.play.game import Game
from skullking.play.round import Decision

PLAYERS = ("P1", "P2", "P3", "P4")


class Timed:
    """A bot whose every answer's CPU time is noted, bids apart."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.bids: list[float] = []
        self.others: list[float] = []

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        start = time.process_time()
        out = self.bot.bid(view, options)
        self.bids.append(time.process_time() - start)
        return out

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        start = time.process_time()
        out = self.bot.load(view, options)
        self.others.append(time.process_time() - start)
        return out

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        start = time.process_time()
        out = self.bot.play(view, options)
        self.others.append(time.process_time() - start)
        return out

    def decide(self, view: SeatView, decision: Decision) -> Any:
        start = time.process_time()
        out = self.bot.decide(view, decision)
        self.others.append(time.process_time() - start)
        return out


def one_game(edition_id: str, bot: str, seed: int, index: int, against: str = "heuristic") -> dict[str, Any]:
    """Game ``index`` played twice: the bot in seat ``index % 4``, then an ``against``
    bot there, the other three seats ``against`` bots both times (its results under the
    key ``heuristic``, whatever ``against`` is)."""
    edition = skullking.load_edition(edition_id)
    seat = index % len(PLAYERS)
    me = PLAYERS[seat]
    out: dict[str, Any] = {"index": index, "seat": seat}
    for who in ("search", "heuristic"):
        game = Game(edition, PLAYERS, seed=seed * 100_003 + index)
        bots = make_bots([against], PLAYERS, seed=f"{seed}:{index}")
        timed = None
        if who == "search":
            timed = Timed(bot_maker(bot)(__import__("random").Random(f"{seed}:{index}:{bot}")))
            bots[me] = timed
        game.play_out(functools.partial(play_round, bots=bots))  # (tie-break rounds bounded)
        made = rounds = 0
        for round_ in game.rounds:
            score = round_.score()
            if me in score.bids:  # (a tie break is played by the tied players only)
                rounds += 1
                made += score.bids[me] == score.won[me]
        sheet = game.score()
        out[who] = {
            "win": list(sheet.winners) == [me],
            "points": sheet.totals[me],
            "rounds": rounds,
            "made": made,
            "bid_cpu": timed.bids if timed else [],
            "cpu": timed.others if timed else [],
        }
    return out


def full_table(edition_id: str, bot: str, seed: int, index: int) -> dict[str, int]:
    """Game ``index`` of a table of four search bots: their rounds and bids made."""
    edition = skullking.load_edition(edition_id)
    game = Game(edition, PLAYERS, seed=seed * 100_003 + 50_000 + index)
    bots = make_bots([bot], PLAYERS, seed=f"{seed}:table:{index}")
    made = rounds = 0
    for _ in range(game.length):
        round_ = game.next_round()
        play_round(round_, bots)
        score = round_.score()
        rounds += len(round_.players)
        made += sum(score.bids[p] == score.won[p] for p in round_.players)
    return {"rounds": rounds, "made": made}


def wilson(hits: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def report(
    games: list[dict[str, Any]], bot: str, edition: str, seed: int, against: str = "heuristic"
) -> dict[str, Any]:
    n = len(games)
    out: dict[str, Any] = {"edition": edition, "bot": bot, "against": against, "seed": seed, "games": n}
    for who in ("search", "heuristic"):
        wins = sum(g[who]["win"] for g in games)
        rounds = sum(g[who]["rounds"] for g in games)
        made = sum(g[who]["made"] for g in games)
        out[who] = {
            "wins": wins,
            "win_rate": wins / n,
            "win_interval": wilson(wins, n),
            "rounds": rounds,
            "bids_made": made / rounds,
            "bids_interval": wilson(made, rounds),
            "points": mean_interval([g[who]["points"] for g in games]),
        }
    out["win_difference"] = mean_interval([g["search"]["win"] - g["heuristic"]["win"] for g in games])
    out["points_difference"] = mean_interval([g["search"]["points"] - g["heuristic"]["points"] for g in games])
    bids = [t * 1000 for g in games for t in g["search"]["bid_cpu"]]
    rest = [t * 1000 for g in games for t in g["search"]["cpu"]]
    out["cpu_ms"] = {name: cpu_summary(times) for name, times in (("all", bids + rest), ("bids", bids), ("rest", rest))}
    return out


def cpu_summary(times: list[float]) -> dict[str, float]:
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)
    return {
        "decisions": len(times),
        "median": statistics.median(ordered),
        "mean": statistics.fmean(ordered),
        "p90": ordered[int(0.9 * (len(ordered) - 1))],
        "max": ordered[-1],
    }


def text(record: dict[str, Any]) -> str:
    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    against = record.get("against", "heuristic")
    name = against.rpartition(":")[2] if ".py:" in against else against
    lines = [
        f"{record['games']:,} paired four-player games of {record['edition']} (seed {record['seed']}): "
        f"{record['bot']} against three {name} bots, and a {name} bot in its seat on the same deals",
    ]
    for who, label in (("search", record["bot"]), ("heuristic", name)):
        r = record[who]
        lo, hi = r["win_interval"]
        blo, bhi = r["bids_interval"]
        mean, plo, phi = r["points"]
        lines.append(
            f"  {label:<12} wins {pct(r['win_rate'])} [{pct(lo)}, {pct(hi)}]  "
            f"bids made {pct(r['bids_made'])} [{pct(blo)}, {pct(bhi)}] of {r['rounds']:,} rounds  "
            f"points {mean:.1f} [{plo:.1f}, {phi:.1f}] a game"
        )
    mean, lo, hi = record["win_difference"]
    lines.append(f"  paired difference in wins  {100 * mean:+.1f} points of % [{100 * lo:+.1f}, {100 * hi:+.1f}]")
    mean, lo, hi = record["points_difference"]
    lines.append(f"  paired difference in points {mean:+.1f} a game [{lo:+.1f}, {hi:+.1f}]")
    for name, cpu in record["cpu_ms"].items():
        if cpu["decisions"]:
            lines.append(
                f"  CPU a decision ({name}, {cpu['decisions']:,}): median {cpu['median']:.1f} ms, "
                f"mean {cpu['mean']:.1f} ms, 90% under {cpu['p90']:.1f} ms, slowest {cpu['max']:.0f} ms"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--edition", default="skullking-2021")
    parser.add_argument("--json", help="also write the figures (and every game's) to this file")
    parser.add_argument("--table", type=int, default=0, help="games with the search bot in every seat")
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="report the games of these --json files")
    args = parser.parse_args()
    bot_maker(args.bot)  # refused at once when unknown
    start = time.perf_counter()
    first, n = args.first, args.games
    if args.merge:
        games = []
        for path in args.merge:
            with open(path, encoding="utf-8") as part:
                data = json.load(part)
            games += data["per_game"]
            args.bot, args.edition, args.seed = data["bot"], data["edition"], data["seed"]
        if len({g["index"] for g in games}) != len(games):
            sys.exit("the parts hold the same game twice")
    elif args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(
                pool.map(one_game, [args.edition] * n, [args.bot] * n, [args.seed] * n, range(first, first + n))
            )
    else:
        games = []
        for i in range(first, first + n):
            games.append(one_game(args.edition, args.bot, args.seed, i))
            if (i + 1 - first) % 20 == 0:
                print(f"  ... {i + 1 - first} games", file=sys.stderr, flush=True)
    record: dict[str, Any] = {"edition": args.edition, "bot": args.bot, "seed": args.seed, "games": 0}
    if games:
        record = report(games, args.bot, args.edition, args.seed)
        print(text(record))
    if args.table:
        n = args.table
        with ProcessPoolExecutor(max(args.jobs, 1)) as pool:
            tables = list(pool.map(full_table, [args.edition] * n, [args.bot] * n, [args.seed] * n, range(n)))
        rounds = sum(t["rounds"] for t in tables)
        made = sum(t["made"] for t in tables)
        lo, hi = wilson(made, rounds)
        record["table"] = {"games": n, "rounds": rounds, "bids_made": made / rounds, "bids_interval": (lo, hi)}
        print(
            f"  four {args.bot} bots, {n} games: bids made {100 * made / rounds:.1f}% "
            f"[{100 * lo:.1f}%, {100 * hi:.1f}%] of {rounds:,} seat-rounds"
        )
    if not args.merge:
        print(f"  ({time.perf_counter() - start:,.0f} s of wall time)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({**record, "per_game": games}, out)


if __name__ == "__main__":
    main()
