"""``skullking simulate`` and ``skullking compare``: games played by bots, one as a score
sheet, or many as statistics, and two editions played on the same deals."""

from __future__ import annotations

import argparse
import csv
import dataclasses
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypedDict

from skullking.analysis.bots import bot_maker, make_bots, play_round
from skullking.analysis.simulation import (
    CONNECT_TIMEOUT,
    Comparison,
    Setup,
    cluster_address,
    compare,
    default_jobs,
    simulate,
    worker_count,
)
from skullking.core.errors import GameError, SkullKingError, shorten
from skullking.core.limits import MAX_PLAYERS
from skullking.play.game import Game
from skullking.play.round import play_randomly
from skullking.scoring.sheets.score import LINE_BREAKS, sheet_text
from skullking.tools.common import UsageError, data_stream, known_option, named_edition, text_lines, write_json
from skullking.tools.plots import check_target, plot_comparison, plot_simulation, pyplot

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The most games one run plays.
MAX_GAMES = 100_000_000
#: The longest --cluster-timeout, in seconds (a day).
MAX_TIMEOUT = 86_400


def player_names(given: str) -> list[str]:
    """``--players``: a count (players P1..Pn) or comma-separated names, each one line."""

    if given.isascii() and given.isdigit():  # not str.isdigit alone: '²' is a digit that int() refuses
        if len(given) > len(str(MAX_PLAYERS)) or int(given) > MAX_PLAYERS:
            raise UsageError(f"--players {shorten(given)}: no edition is for more than {MAX_PLAYERS} players")
        return [f"P{i}" for i in range(1, int(given) + 1)]
    names = [name.strip() for name in given.split(",")]
    if not all(names):
        raise UsageError(f"--players {given!r}: give a number or comma-separated names")
    if len(set(names)) != len(names):
        raise UsageError(f"--players {given!r}: each player needs a different name")
    broken = next((name for name in names if LINE_BREAKS.intersection(name)), None)
    if broken is not None:  # (the sheets and records a run writes could not name the player)
        raise UsageError(f"--players: player '{shorten(broken)}': a name is one line, with no line break in it")
    return names


def bot_list(given: str | None) -> list[str]:
    """``--bots``: the bot of each seat given (default: random), each checked (an unknown
    bot or a bot from outside that does not load is a usage error)."""

    kinds = [k.strip() for k in (given or "random").split(",")]
    for kind in kinds:
        try:
            bot_maker(kind)
        except GameError as error:
            raise UsageError(f"--bots: {error}") from None
    return kinds


def modules_option(args: argparse.Namespace, edition: Edition) -> list[str] | None:
    """``--modules`` (``None``: those used at the table's count), with ``--scoring`` and
    ``--schedule`` checked against ``edition``."""
    modules = [m.strip() for m in args.modules.split(",")] if args.modules else None
    known_option("--scoring", "scoring scheme", args.scoring, [s.id for s in edition.schemes])
    known_option("--schedule", "schedule", args.schedule, [s.id for s in edition.schedules])
    for module in modules or ():
        known_option("--modules", "module", module, [m.id for m in edition.modules])
    return modules


def seed_option(args: argparse.Namespace) -> int:
    """``--seed``, else a random one (the run says which it drew)."""

    return args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)


# --------------------------------------------------------------------------- one game


def _one_game(args: argparse.Namespace, edition: Edition, out: TextIO) -> int:
    """Today's ``simulate``: one game, printed as a score sheet."""

    players = player_names(args.players)
    seed = seed_option(args)
    modules = modules_option(args, edition)
    game = Game(
        edition,
        players,
        schedule=args.schedule,
        scheme=args.scoring,
        seed=seed,
        modules=modules,
        abilities=not args.no_abilities,
    )
    rounds = game.length if args.rounds is None else args.rounds
    if not 1 <= rounds <= game.length:
        most = "1 round" if game.length == 1 else f"1 to {game.length} rounds"
        raise UsageError(f"--rounds {rounds}: the '{game.schedule}' schedule has {most}")
    moves = random.Random(seed)
    bots = make_bots(bot_list(args.bots), players, seed=seed) if args.bots else None

    def play(round_: Any) -> None:
        if bots is None:
            play_randomly(round_, moves)
        else:
            play_round(round_, bots)

    game.play_out(play, rounds=args.rounds)  # (a tie left after the tie-break rounds allowed stands)
    sheet = game.as_sheet()
    sheet["edition"] = args.edition  # as given: a bundled id, or the file's path
    score = game.score()
    if args.format == "json":
        record = {
            "edition": edition.id,
            "seed": seed,
            "sheet": sheet,
            "totals": dict(score.totals),
            "winners": list(score.winners),
        }
        write_json(out, record)
        return 0
    totals = ", ".join(f"{p} {score.totals[p]}" for p in players)
    how = "random legal moves" if bots is None else f"bots ({args.bots})"
    head = text_lines(
        [
            f"# A game of {edition.id} played with {how} by 'skullking simulate --seed {seed}'.",
            f"# 'skullking score' reads this sheet. Totals: {totals}.",
        ]
    )
    out.write(sheet_text(sheet, head))
    return 0


# --------------------------------------------------------------------------- many games


def _setup(args: argparse.Namespace, source: str, edition: Edition, seed: int) -> Setup:
    players = player_names(args.players)
    if not edition.min_players <= len(players) <= edition.max_players:
        raise UsageError(
            f"--players: {edition.id} is played by {edition.min_players} to {edition.max_players} players, "
            f"not {len(players)}"
        )
    ghost = edition.ghost
    if ghost is not None and ghost.players == len(players) and ghost.name in players:
        raise UsageError(f"--players: {ghost.name} plays the extra hand of {len(players)}-player games")
    modules = modules_option(args, edition)
    return Setup(
        edition=source,
        players=tuple(players),
        bots=tuple(bot_list(args.bots)),
        seed=seed,
        schedule=args.schedule,
        scoring=args.scoring,
        modules=None if modules is None else tuple(modules),
        abilities=not args.no_abilities,
        allow_paths=args.allow_paths,
    )


def _games(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games {args.games}: from 1 to {MAX_GAMES:,}")
    return int(args.games)


def jobs_option(args: argparse.Namespace) -> int:
    """``--jobs``: at least 1; more than the cores this process may use plays with one
    worker a core, and says so on standard error (not with -q)."""

    if args.jobs is None:
        return default_jobs()
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: at least 1")
    jobs = worker_count(args.jobs)
    if jobs < args.jobs and args.cluster is None and not args.quiet:
        cores = f"{jobs} core{'s' if jobs != 1 else ''}"
        sys.stderr.write(
            f"note: --jobs {args.jobs}: this machine lets skullking use {cores}; "
            f"playing with {jobs} worker process{'es' if jobs != 1 else ''} (the results are the same)\n"
        )
    return jobs


def progress_line(args: argparse.Namespace, games: int, unit: str = "games") -> Callable[[int], None] | None:
    """A progress line on standard error when it is a terminal (not with -q), counting
    ``unit``."""
    if args.quiet or not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        done = min(done, games)
        width = 30
        filled = width * done // games
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{games:,} {unit}")
        if done >= games:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _plot_target(args: argparse.Namespace) -> None:
    if args.plot is not None:
        check_target(args.plot)
        pyplot()  # the extra is there, before any game is played


def cluster_option(args: argparse.Namespace) -> str | None:
    """``--cluster``: the scheduler's address, checked before any game is played."""

    if args.cluster is None:
        if args.cluster_timeout is not None:
            raise UsageError("--cluster-timeout goes with --cluster")
        return None
    if args.cluster_timeout is not None and not 0 < args.cluster_timeout <= MAX_TIMEOUT:
        raise UsageError(f"--cluster-timeout {args.cluster_timeout:g}: from 0 to {MAX_TIMEOUT:,} seconds")
    try:
        address = cluster_address(args.cluster)
    except SkullKingError as error:
        raise UsageError(str(error)) from None
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UsageError("--cluster needs the 'cluster' extra (Dask): pip install 'skullking-rules[cluster]'") from None
    return address


def cluster_timeout_option(args: argparse.Namespace) -> float:
    """``--cluster-timeout``: the seconds the scheduler is given to answer."""

    return CONNECT_TIMEOUT if args.cluster_timeout is None else float(args.cluster_timeout)


class Where(TypedDict):
    """Where the games of a run are played and how it reports on them: what
    ``simulate``, ``compare`` and ``ladder`` (:func:`where_played`) give the engine."""

    jobs: int
    cluster: str | None
    progress: Callable[[int], None] | None
    timeout: float


def where_played(args: argparse.Namespace, count: int, unit: str = "games") -> Where:
    """``--cluster`` (its address checked first, before any game), ``--jobs``, the
    progress line over ``count`` ``unit`` and ``--cluster-timeout``."""
    cluster = cluster_option(args)
    return Where(
        jobs=jobs_option(args),
        cluster=cluster,
        progress=progress_line(args, count, unit),
        timeout=cluster_timeout_option(args),
    )


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    if args.games is None:
        given = (
            ("--jobs", args.jobs),
            ("--out", args.out),
            ("--records", args.records or None),
            ("--cluster", args.cluster),
            ("--cluster-timeout", args.cluster_timeout),
            ("--plot", args.plot),
        )
        for option, value in given:
            if value is not None:
                raise UsageError(f"{option} goes with --games (without it, simulate prints one game as a sheet)")
        if args.format == "csv":
            raise UsageError("--format csv goes with --games (one game is a sheet: text or json)")
        return _one_game(args, edition, out)
    if args.rounds is not None:
        raise UsageError("--rounds goes without --games (statistics are of whole games)")

    games = _games(args)
    _plot_target(args)
    setup = _setup(args, args.edition, edition, seed_option(args))
    if args.records and args.out is None:
        raise UsageError("--records goes with --out DIR (the folder the records are written into)")
    if args.out is not None:
        setup = _with_out(setup, args.out, records=args.records)
    stats = simulate(setup, games, **where_played(args, games))
    record = stats.as_json(setup, edition)
    if args.format == "json":
        write_json(out, record)
    elif args.format == "csv":
        _csv(record, data_stream(out))  # (data for a spreadsheet: names exact, as JSON keeps them)
    else:
        out.write(stats_text(record, edition))
    if args.plot is not None:
        plot_simulation(record, args.plot)
    return 0


def _with_out(setup: Setup, folder: str, *, records: bool) -> Setup:
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {folder}: cannot make the folder: {exc.strerror or exc}") from None
    return dataclasses.replace(setup, out=str(path.resolve()), records=records)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def stats_text(record: dict[str, Any], edition: Edition) -> str:
    """The statistics of a run as a text report."""
    lines = [f"{record['games']:,} games of {edition.id} (seed {record['seed']}, bots {', '.join(record['bots'])})", ""]
    head = f"{'seat':<4}  {'player':<12}  {'bot':<10}  {'mean':>7}  {'sd':>6}  {'p5':>5}  {'p50':>5}  {'p95':>5}"
    head += f"  {'wins':>6}  {'ties':>5}  {'bids made':>9}"
    lines.append(head)

    def row(first: str, name: str, bot: str, s: dict[str, Any]) -> str:
        q = s["quantiles"]
        return (
            f"{first:<4}  {shorten(name, 12):<12}  {bot:<10}  {s['mean']:>7.1f}  {s['sd']:>6.1f}  {q['p5']:>5}  "
            f"{q['p50']:>5}  {q['p95']:>5}  {_pct(s['win_rate']):>6}  {s['shared_wins']:>5}  "
            f"{_pct(s['bid_hit_rate']):>9}"
        )

    lines += [row(str(p["seat"]), p["name"], p["bot"], p) for p in record["players"]]
    if len(record["by_bot"]) > 1:
        lines.append("")
        lines += [
            row("all", f"{b['seats']} seat{'s' if b['seats'] != 1 else ''}", b["bot"], b) for b in record["by_bot"]
        ]
    lines.append("")
    for b in record["by_bot"]:
        by_round = "  ".join(f"{n}: {_pct(v)}" for n, v in b["bid_hit_by_round"].items())
        lines.append(f"Bids made by round ({b['bot']}): {by_round}")
    tricks = record["tricks"]
    played = tricks["played"] or 1
    lines.append("")
    lines.append(
        f"Tricks: {tricks['played']:,}, {_pct(tricks['without_winner'] / played)} without a winner; decided by:"
    )
    lines += [f"  {rule:<28} {count:>10,}  {_pct(count / played):>6}" for rule, count in tricks["decided_by"].items()]
    games = record["games"] or 1
    paid = ", ".join(f"{b} {n / games:.2f}" for b, n in record["bonuses_paid"].items()) or "none"
    lines.append(f"Bonuses paid a game: {paid} ({record['bonus_points'] / games:.1f} points)")
    lines.append(
        f"Alliances formed a game: {record['alliances_formed'] / games:.2f} "
        f"({record['alliance_points'] / games:.1f} points paid)"
    )
    lines.append(
        f"Ties for first: {_pct(record['ties_for_first'] / games)} of games; "
        f"tie-break rounds played: {record['tie_break_rounds']:,}"
    )
    return text_lines(lines)


def _csv(record: dict[str, Any], out: TextIO) -> None:
    writer = csv.writer(out, lineterminator="\n")
    quantiles = list(record["players"][0]["quantiles"]) if record["players"] else []
    head = ["seat", "name", "bot", "games", "mean", "sd", "min", *quantiles, "max"]
    writer.writerow([*head, "wins", "shared_wins", "win_rate", "bid_hit_rate"])
    for p in record["players"]:
        first = [p["seat"], p["name"], p["bot"], p["games"], p["mean"], p["sd"], p["min"]]
        middle = [p["quantiles"][q] for q in quantiles]
        writer.writerow([*first, *middle, p["max"], p["wins"], p["shared_wins"], p["win_rate"], p["bid_hit_rate"]])


# --------------------------------------------------------------------------- compare


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    a, b = named_edition(args.a, args), named_edition(args.b, args)
    games = _games(args)
    _plot_target(args)
    seed = seed_option(args)
    setup_a = _setup(args, args.a, a, seed)
    setup_b = _setup(args, args.b, b, seed)
    result = compare(setup_a, setup_b, games, **where_played(args, games))
    record = result.as_json(a, b)
    if args.format == "json":
        write_json(out, record)
    else:
        out.write(compare_text(record, a, b, result, seed, bots=setup_a.bots))
    if args.plot is not None:
        plot_comparison(result.a.as_json(setup_a, a), result.b.as_json(setup_b, b), args.plot)
    return 0


def compare_text(
    record: dict[str, Any], a: Edition, b: Edition, result: Comparison, seed: int, *, bots: Sequence[str] = ()
) -> str:
    """``compare``'s text report: each metric under A and B, the difference and its
    interval; ``bots``, the bots that played (named in the head)."""
    played = f"{', '.join(bots)}; " if bots else ""
    lines = [
        f"A = {a.id}: {a.title}",
        f"B = {b.id}: {b.title}",
        f"{record['games']:,} games on the same deals with the same bots ({played}seed {seed}); "
        "differences B - A with 95% confidence intervals",
        "",
        f"{'metric':<34} {'A':>9} {'B':>9} {'B - A':>9}  {'95% interval':<22} significant",
    ]
    for m in record["metrics"]:
        low, high = m["ci95"]
        interval = f"[{low:.3f}, {high:.3f}]"
        mark = "yes" if m["significant"] else "no"
        lines.append(f"{m['name']:<34} {m['a']:>9.3f} {m['b']:>9.3f} {m['diff']:>+9.3f}  {interval:<22} {mark}")
    return text_lines(lines)
