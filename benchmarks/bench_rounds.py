"""Round-engine speed: whole rounds played move by move through ``skullking.Round``.

    python benchmarks/bench_rounds.py [--seconds 3] [--seed 2021] [--edition skullking-2021]

For each table (4 players and 10 cards; 6 players and 10 cards; 2 players with the
ghost hand and 10 cards; 8 players and 8 cards) it plays random rounds with
``play_randomly`` (random bids, random legal plays, random answers to the abilities)
for ``--seconds`` seconds, scoring each, and prints rounds and plays per second. It then
plays one seeded ten-round game per table and scores it again as the score sheet
``Game.as_sheet`` writes, to show the cost of re-checking a whole game from its sheet.
This is a report, not a test.
"""

from __future__ import annotations

import argparse
import random
import time

import skullking
from skullking.play.game import Game
from skullking.play.round import Round, play_randomly

TABLES = ((4, 10), (6, 10), (2, 10), (8, 8))


def rounds_per_second(edition: skullking.edition.Edition, players: int, cards: int, seconds: float, seed: int) -> str:
    names = [f"P{i}" for i in range(1, players + 1)]
    rng = random.Random(seed)
    count = plays = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        r = Round(edition, names, cards=cards, seed=rng.randrange(2**32))
        play_randomly(r, rng)
        r.score()
        count += 1
        plays += sum(len(t.plays) for t in r.tricks)
    return f"{count / elapsed:>9,.0f} rounds/s  {plays / elapsed:>10,.0f} plays/s"


def game_and_sheet(edition: skullking.edition.Edition, players: int, seed: int) -> str:
    names = [f"P{i}" for i in range(1, players + 1)]
    start = time.perf_counter()
    game = Game(edition, names, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_randomly(game.next_round(), rng)
    played = time.perf_counter() - start
    start = time.perf_counter()
    game.score()
    scored = time.perf_counter() - start
    return f"game played in {played * 1000:6.1f} ms, its sheet scored in {scored * 1000:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--edition", default="skullking-2021")
    args = parser.parse_args()
    edition = skullking.load_edition(args.edition)
    print(f"{edition.id}: random rounds played through skullking.Round")
    for players, cards in TABLES:
        if edition.min_players <= players <= edition.max_players:
            label = f"{players} players x {cards} cards"
            print(f"  {label:<22}{rounds_per_second(edition, players, cards, args.seconds, args.seed)}")
    for players, _ in TABLES:
        if edition.min_players <= players <= edition.max_players:
            print(f"  {players} players, whole game: {game_and_sheet(edition, players, args.seed)}")


if __name__ == "__main__":
    main()
