"""``skullking ladder``: bots ranked by duplicate matches, with an Elo-style rating."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TextIO

from skullking.analysis.ladder import LadderSetup, ladder
from skullking.analysis.simulation import Setup
from skullking.core.errors import shorten
from skullking.play.game import Game
from skullking.tools.common import UsageError, named_edition, text_lines, write_json
from skullking.tools.simcmd import (
    bot_list,
    modules_option,
    seed_option,
    where_played,
)

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The most deals one ladder plays.
MAX_DEALS = 10_000_000
#: The most bots one ladder ranks.
MAX_BOTS = 16


def cmd_ladder(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    bots = bot_list(",".join(args.bots))
    if len(bots) < 2:
        raise UsageError("ladder: give at least two bots to rank")
    if len(bots) > MAX_BOTS:
        raise UsageError(f"ladder: at most {MAX_BOTS} bots, not {len(bots)}")
    twice = next((b for i, b in enumerate(bots) if b in bots[:i]), None)
    if twice is not None:
        raise UsageError(f"ladder: '{shorten(twice)}' is given twice (each bot once)")
    if not 1 <= args.deals <= MAX_DEALS:
        raise UsageError(f"--deals {args.deals}: from 1 to {MAX_DEALS:,}")
    seats = _seats(args, edition, len(bots))
    players = tuple(f"P{i}" for i in range(1, seats + 1))
    ghost = edition.ghost
    if ghost is not None and ghost.players == seats and ghost.name in players:
        raise UsageError(f"--players: {ghost.name} plays the extra hand of {seats}-player games")
    modules = modules_option(args, edition)
    setup = Setup(
        edition=args.edition,
        players=players,
        bots=tuple(bots),
        seed=seed_option(args),
        schedule=args.schedule,
        scoring=args.scoring,
        modules=None if modules is None else tuple(modules),
        abilities=not args.no_abilities,
        allow_paths=args.allow_paths,
    )
    if args.rounds is not None:
        length = Game(edition, players, schedule=args.schedule, seed=0, modules=modules).length
        if not 1 <= args.rounds <= length:
            raise UsageError(f"--rounds {args.rounds}: the schedule has 1 to {length} rounds")
    given = LadderSetup(setup, rounds=args.rounds)
    result = ladder(given, args.deals, **where_played(args, args.deals, "deals"))
    record = result.as_json(given, edition)
    if args.format == "json":
        write_json(out, record)
    else:
        out.write(ladder_text(record))
    return 0


def _seats(args: argparse.Namespace, edition: Edition, bots: int) -> int:
    """``--players N``: the table's seats (default: one a bot, within the edition's counts)."""
    if args.players is None:
        return min(max(bots, edition.min_players), edition.max_players)
    if not edition.min_players <= args.players <= edition.max_players:
        raise UsageError(
            f"--players: {edition.id} is played by {edition.min_players} to {edition.max_players} players, "
            f"not {args.players}"
        )
    return int(args.players)


def ladder_text(record: dict[str, Any]) -> str:
    """The ladder as a text report: the bots from the highest rating down, then the pairs."""
    seats = record["seats"]
    rounds = (
        ""
        if record["rounds"] is None
        else (
            ", the first round of each game"
            if record["rounds"] == 1
            else f", the first {record['rounds']} rounds of each game"
        )
    )
    lines = [
        f"Ladder of {record['edition']}: {record['deals']:,} deals, each played {seats} times with the seats "
        f"rotated ({record['games']:,} games{rounds}; seed {record['seed']})",
        "",
        f"{'rank':>4}  {'bot':<16}  {'rating':>6}  {'95% interval':<14}  {'points':>7}  {'wins':>6}  "
        f"{'bids made':>9}  {'pairs won':>9}",
    ]
    for rank, b in enumerate(record["bots"], 1):
        low, high = b["ci95"]
        lines.append(
            f"{rank:>4}  {shorten(b['bot'], 16):<16}  {b['rating']:>6.0f}  {f'[{low:.0f}, {high:.0f}]':<14}  "
            f"{b['points_a_game']:>7.1f}  {100 * b['win_rate']:>5.1f}%  {100 * b['bid_hit_rate']:>8.1f}%  "
            f"{100 * b['pairs_won']:>8.1f}%"
        )
    lines += ["", "Deals won, lost and drawn (seat by seat on the same cards):"]
    for p in record["pairs"]:
        lines.append(f"  {shorten(p['a'], 16)} - {shorten(p['b'], 16)}: {p['a_won']}-{p['b_won']}-{p['drawn']}")
    lines += [
        "",
        "Ratings: Bradley-Terry on the Elo scale (mean 1500), with one drawn deal added a pair; intervals from "
        f"{record['method']['bootstrap']} bootstrap resamples of the deals.",
    ]
    return text_lines(lines)
