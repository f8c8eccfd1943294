"""Statistics across the stored games, per player name: games played and won, the mean
final score, how often a bid was made (in all and by round number), zero bids made, and
a rating list from the finishing order of every finished game. Overall and per edition
(a house rule counts under its own id). What ``GET /api/stats`` answers and the
statistics page shows.

The rating is an Elo rating for games of several players, each game counted as the
pairs of its players: every player starts at 1500; after a finished game, each player
plays every other once, scoring 1 against a player who finished below, 0.5 for the same
total and 0 against one above, and gains ``K * (score - expected)`` summed over those
pairs, where ``expected = 1 / (1 + 10 ** ((their rating - own rating) / 400))`` and
``K = 32 / (players - 1)`` (so that a game moves a rating about as much as one two-player
game). Games count in the order they were started; a tie-break round decides the
finishing order where the edition plays one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import N_

#: Every player's rating before their first game, and the K factor of a two-player game.
START, K = 1500.0, 32.0

RULE = N_(
    "An Elo rating for games of several players: everyone starts at 1500; after each finished game every "
    "player is compared with every other (1 for finishing above, 0.5 for the same total, 0 for below) and "
    "gains 32 / (players - 1) times the sum of (result - expected), the expected result against a player "
    "being 1 / (1 + 10^((their rating - yours) / 400)). Games count in the order they were started."
)


@dataclass
class _Player:
    games: int = 0
    wins: int = 0
    final: int = 0  # the sum of the final totals of the finished games
    rounds: int = 0
    made: int = 0
    zero_bids: int = 0
    zeros_made: int = 0
    by_round: dict[int, list[int]] = field(default_factory=dict)  # round -> [made, rounds]
    rating: float = START
    scores: list[int] = field(default_factory=list)  # the final total of each finished game, in order

    def record(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "mean_score": round(self.final / self.games, 1) if self.games else None,
            "rounds": self.rounds,
            "bids_made": self.made,
            "bid_rate": round(self.made / self.rounds, 3) if self.rounds else None,
            "bid_rate_by_round": {
                str(n): round(made / count, 3) for n, (made, count) in sorted(self.by_round.items()) if count
            },
            "zero_bids": self.zero_bids,
            "zero_bids_made": self.zeros_made,
            "rating": round(self.rating),
            "scores": list(self.scores),
        }


class _Table:
    """The statistics of one scope (every game, or one edition's)."""

    def __init__(self) -> None:
        self.players: dict[str, _Player] = {}
        self.games = 0

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one game's score record (``skullking score --format json``'s)."""
        names = list(record["players"])
        seen = {name: self.players.setdefault(name, _Player()) for name in names}
        for number, scored in enumerate(record["rounds"], start=1):
            for name, bid in scored["bids"].items():
                if name not in seen or name not in scored["won"]:
                    continue
                player, made = seen[name], scored["won"][name] == bid
                player.rounds += 1
                player.made += made
                tally = player.by_round.setdefault(number, [0, 0])
                tally[0] += made
                tally[1] += 1
                if bid == 0:
                    player.zero_bids += 1
                    player.zeros_made += made
        if not record["complete"] or record.get("tie_break"):
            return  # (a game still going on, or waiting for its tie-break round)
        self.games += 1
        totals, winners = record["totals"], set(record["winners"])
        for name in names:
            seen[name].games += 1
            seen[name].wins += name in winners
            seen[name].final += totals[name]
            seen[name].scores.append(totals[name])
        self._rate(names, totals, winners)

    def _rate(self, names: list[str], totals: Mapping[str, int], winners: set[str]) -> None:
        if len(names) < 2:
            return
        k = K / (len(names) - 1)
        before = {name: self.players[name].rating for name in names}
        for name in names:
            change = 0.0
            for other in names:
                if other == name:
                    continue
                result = _result(name, other, totals, winners)
                expected = 1 / (1 + 10 ** ((before[other] - before[name]) / 400))
                change += result - expected
            self.players[name].rating = before[name] + k * change

    def record(self) -> dict[str, Any]:
        rated = [(name, player) for name, player in self.players.items() if player.games]
        ranked = sorted(rated, key=lambda item: (-item[1].rating, item[0]))
        return {
            "games": self.games,
            "players": {name: player.record() for name, player in sorted(self.players.items())},
            "ratings": [{"player": name, "rating": round(player.rating)} for name, player in ranked],
        }


def _result(name: str, other: str, totals: Mapping[str, int], winners: set[str]) -> float:
    """``name``'s result against ``other``: by the totals; at the same total the winner
    of a tie-break (the one named among the winners) is above."""
    if totals[name] != totals[other]:
        return 1.0 if totals[name] > totals[other] else 0.0
    if (name in winners) != (other in winners):
        return 1.0 if name in winners else 0.0
    return 0.5


def statistics(games: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The statistics of ``games`` (each its edition's id and its score record, in the
    order the games were started): ``{"overall", "editions": {id: ...}, "rating_rule"}``,
    each scope ``{"games", "players": {name: ...}, "ratings": [...]}``; a player's
    ``scores`` are their final totals of the finished games in that order, and the
    rating list ranks only the players rated, those with a finished game."""
    overall, editions = _Table(), dict[str, _Table]()
    for edition, record in games:
        overall.add(record)
        editions.setdefault(edition, _Table()).add(record)
    return {
        "overall": overall.record(),
        "editions": {ident: table.record() for ident, table in sorted(editions.items())},
        "rating_rule": RULE,
    }
