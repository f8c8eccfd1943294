"""The ``skullking`` command line: editions, validate, trick, legal, score, explain, diff,
simulate.

Thin by design: each command parses its arguments, calls the library and prints a
text or JSON report. ``main(argv)`` returns the exit code and never raises for bad
input: 0 success, 1 ``validate`` found problems, 2 bad input (unknown card or
edition, impossible trick, bad score sheet, usage errors).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from skullking.errors import EditionError, SheetError, SkullKingError

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from skullking.edition import Edition
    from skullking.trick import TrickResult

DEFAULT_EDITION = "skullking-2021"
PROG = "skullking"


class UsageError(Exception):
    """A bad command line: printed as one ``skullking: error: ...`` line, exit 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, with errors as one line (no usage block) and output to ``main``'s streams."""

    out: TextIO | None = None

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (self.out or sys.stdout).write(message)


def _edition(name: str) -> Edition:
    import skullking

    try:
        return skullking.load_edition(name)
    except EditionError as exc:
        if len(exc.problems) == 1 and exc.problems[0].line == 0:
            raise UsageError(f"unknown edition '{name}': {exc.problems[0].message}") from None
        raise


# ---------------------------------------------------------------------- editions


def cmd_editions(args: argparse.Namespace, out: TextIO) -> int:
    import skullking

    editions = skullking.bundled_editions()
    if args.format == "json":
        json.dump([{"id": ident, "title": title} for ident, title in editions], out, ensure_ascii=False)
        out.write("\n")
    else:
        width = max(len(ident) for ident, _ in editions)
        for ident, title in editions:
            out.write(f"{ident:<{width}}  {title}\n")
    return 0


# ---------------------------------------------------------------------- validate


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from skullking.loader import check_file
    from skullking.resources import resolve_source

    problems = []
    report: list[str] = []
    for name in args.files:
        path = resolve_source(name) if not Path(name).exists() else Path(name)
        if path is None:
            from skullking.errors import Problem

            problems.append(Problem(file=name, line=0, column=0, message="no such file or bundled edition"))
            report.append(str(problems[-1]))
            continue
        edition, found = check_file(path, lint=True)
        problems.extend(found)
        report.extend(str(p) for p in found)
        if edition is not None:
            warned = f", {len(found)} warning{'s' if len(found) != 1 else ''}" if found else ""
            report.append(f"{name}: ok ({edition.id}: {edition.title}{warned})")
    if args.format == "json":
        json.dump([p.as_json() for p in problems], out, ensure_ascii=False)
        out.write("\n")
    else:
        out.writelines(line + "\n" for line in report)
    failing = ("error", "warning") if args.strict else ("error",)
    return 1 if any(p.severity in failing for p in problems) else 0


# ---------------------------------------------------------------------- trick


def trick_json(result: TrickResult) -> dict[str, Any]:
    """The JSON record of one resolved trick (the binding ``trick`` contract)."""
    return result.as_json()


def trick_text(edition: Edition, cards: Sequence[Any], result: TrickResult) -> str:
    lines = []
    if result.winner is None:
        lines.append(f"Nobody wins the trick: {result.reason} [{result.rule}].")
    else:
        card = cards[result.winning_card or 0]
        lines.append(f"Seat {result.winner} wins with {card}: {result.reason} [{result.rule}].")
        if result.bonus:
            ids = ", ".join(result.bonuses)
            lines.append(f"Bonus if the bid holds: {result.bonus} ({ids}).")
    lines.extend(f"Alliance: seat {a} (alliance card) with seat {b}." for a, b in result.alliances)
    lines.append(f"Seat {result.next_leader} leads the next trick.")
    return "\n".join(lines) + "\n"


def cmd_trick(args: argparse.Namespace, out: TextIO) -> int:
    edition = _edition(args.edition)
    if args.batch is not None:
        if args.cards:
            raise UsageError("give cards or --batch, not both")
        return _trick_batch(edition, args.batch, out)
    if not args.cards:
        raise UsageError("no cards given (e.g. skullking trick Y10 Y6 G14 B2)")
    cards = edition.parse_cards(args.cards)
    result = edition.resolve_trick(cards, leader=args.leader, players=args.players)
    if args.format == "json":
        json.dump(trick_json(result), out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(trick_text(edition, cards, result))
    return 0


def _batch_line(edition: Edition, line: str) -> dict[str, Any]:
    try:
        item = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
    if not isinstance(item, dict) or not isinstance(item.get("cards"), list):
        return {"error": "each line must be an object with a list 'cards'"}
    unknown = sorted(set(item) - {"cards", "leader", "players"})
    if unknown:
        return {"error": f"unknown key '{unknown[0]}' (allowed: cards, leader, players)"}
    leader, players = item.get("leader", 0), item.get("players")
    for name, value in (("leader", leader), ("players", players)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            return {"error": f"'{name}' must be a whole number, got {value!r}"}
    if not all(isinstance(c, str) for c in item["cards"]):
        return {"error": "every card must be a string"}
    try:
        return trick_json(edition.resolve_trick(item["cards"], leader=leader, players=players))
    except SkullKingError as exc:
        return {"error": str(exc)}


def _trick_batch(edition: Edition, name: str, out: TextIO) -> int:
    from pathlib import Path

    try:
        lines = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read batch file '{name}': {getattr(exc, 'strerror', None) or exc}") from None
    failed = False
    for line in lines.splitlines():
        # One result per input line, blank ones included, so outputs line up with inputs.
        record = _batch_line(edition, line) if line.strip() else {"error": "empty line"}
        failed = failed or "error" in record
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return 2 if failed else 0


# ---------------------------------------------------------------------- legal


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    edition = _edition(args.edition)
    legal = edition.legal_plays(args.hand, edition.parse_cards(args.cards), players=args.players)
    codes = [str(p) for p in legal]
    if args.format == "json":
        json.dump({"legal": codes}, out, ensure_ascii=False)
        out.write("\n")
    else:
        suit = edition.led_suit(args.cards)
        led = f"led suit: {suit}" if suit else "no led suit: any card may be played"
        out.write(f"Legal: {' '.join(codes)} ({led})\n")
    return 0


# ---------------------------------------------------------------------- score


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from skullking.scoring import read_sheet, score_sheet

    try:
        text = Path(args.sheet).read_text(encoding="utf-8") if args.sheet != "-" else sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read sheet '{args.sheet}': {getattr(exc, 'strerror', None) or exc}") from None
    root = read_sheet(text, args.sheet)
    edition = _edition(args.edition) if args.edition is not None else _sheet_edition(root, args.sheet)
    if args.scoring is not None and args.scoring not in [s.id for s in edition.schemes]:
        known = ", ".join(s.id for s in edition.schemes)
        raise UsageError(f"unknown scoring scheme '{args.scoring}' (known: {known})")
    if args.schedule is not None and args.schedule not in [s.id for s in edition.schedules]:
        known = ", ".join(s.id for s in edition.schedules)
        raise UsageError(f"unknown schedule '{args.schedule}' (known: {known})")
    score = score_sheet(
        edition, root, file=args.sheet, scoring=args.scoring, schedule=args.schedule, check_edition=False
    )
    if args.format == "json":
        json.dump(score.as_json(), out, ensure_ascii=False)
        out.write("\n")
        return 0
    players = score.players
    widths = [max(len(p), 6) for p in players]
    header = "Round  Cards  " + "  ".join(f"{p:>{w}}" for p, w in zip(players, widths, strict=True))
    out.write(header + "\n")
    for r in score.rounds:
        cells = "  ".join(f"{r.points.get(p, '-'):>{w}}" for p, w in zip(players, widths, strict=True))
        out.write(f"{r.number:>5}  {r.cards:>5}  {cells}\n")
    cells = "  ".join(f"{score.totals[p]:>{w}}" for p, w in zip(players, widths, strict=True))
    out.write(f"{'Total':>5}  {'':>5}  {cells}\n")
    if score.winners:
        label = "Winner" if len(score.winners) == 1 else "Tied for first"
        out.write(f"{label}: {', '.join(score.winners)} ({edition.id})\n")
    if score.tie_break == "extra_round":
        out.write("The tied players play another round to break the tie.\n")
    return 0


def _sheet_edition(root: Any, sheet: str) -> Edition:
    """The edition a sheet names (a bundled id, or a file relative to the sheet)."""
    from pathlib import Path

    from skullking.resources import bundled_edition_files

    named = root.value.get("edition") if isinstance(root.value, dict) else None
    if named is None:
        return _edition(DEFAULT_EDITION)
    name = str(named.value)
    if name not in bundled_edition_files() and sheet != "-":
        beside = Path(sheet).parent / name
        if beside.is_file():
            name = str(beside)
    try:
        return _edition(name)
    except UsageError:
        known = ", ".join(bundled_edition_files())
        message = f"unknown edition '{named.value}': no such edition or file (bundled: {known})"
        raise SheetError([named.loc.problem(message)]) from None


# ---------------------------------------------------------------------- explain, diff


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.explain import explain

    edition = _edition(args.edition)
    if args.format == "json":
        json.dump({"id": edition.id, "markdown": explain(edition)}, out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(explain(edition))
    return 0


def _said(outcome: dict[str, Any]) -> str:
    if outcome["winner"] is None:
        text = f"nobody wins, seat {outcome['next_leader']} leads"
    else:
        text = f"seat {outcome['winner']} wins"
        if outcome["bonus"]:
            text += f" (+{outcome['bonus']})"
    return f"{text} [{outcome['rule']}]"


def cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.compare import compare

    a, b = _edition(args.a), _edition(args.b)
    if not 2 <= args.depth <= 3:
        raise UsageError(f"--depth {args.depth}: every trick of 2 cards, or of 2 and 3 cards (2 or 3)")
    report = compare(a, b, sample=args.sample, seed=args.seed, depth=args.depth)
    if args.format == "json":
        json.dump(report, out, ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(f"A = {a.id}: {a.title}\nB = {b.id}: {b.title}\n\n")
    changes = report["changes"]
    out.write(f"Changed values ({len(changes)}):\n" if changes else "No value differs.\n")
    for change in changes:
        out.write(f"  {change['path']}: A {change['a']!r} / B {change['b']!r}\n")
    tricks = report["tricks"]
    out.write(f"\nTricks: {tricks['differ']} of {tricks['checked']} played both ways end differently")
    out.write(", e.g.:\n" if tricks["examples"] else ".\n")
    for example in tricks["examples"]:
        out.write(f"  {' '.join(example['cards'])}: A {_said(example['a'])}; B {_said(example['b'])}\n")
    rounds = report["rounds"]
    out.write(f"\nRounds: {rounds['differ']} of {rounds['checked']} score differently")
    out.write(", e.g.:\n" if rounds["examples"] else ".\n")
    for r in rounds["examples"]:
        out.write(
            f"  round {r['round']} ({r['cards']} cards), bid {r['bid']}, won {r['won']}, bonus {r['bonus']}, "
            f"alliance {r['alliance']}: A {r['a']}, B {r['b']}\n"
        )
    return 0


# ---------------------------------------------------------------------- simulate


#: simulate stops breaking a tie after this many extra rounds (a house rule could make
#: every round score alike, and the tie would never end).
MAX_TIE_BREAKS = 10


def _player_names(given: str) -> list[str]:
    """``--players``: a count (players P1..Pn) or comma-separated names."""
    if given.isdigit():
        return [f"P{i}" for i in range(1, int(given) + 1)]
    names = [name.strip() for name in given.split(",")]
    if not all(names):
        raise UsageError(f"--players {given!r}: give a number or comma-separated names")
    return names


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    import random

    from skullking.game import Game, play_randomly

    edition = _edition(args.edition)
    players = _player_names(args.players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    modules = args.modules.split(",") if args.modules else None
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
        raise UsageError(f"--rounds {rounds}: the '{game.schedule}' schedule has 1 to {game.length} rounds")
    moves = random.Random(seed)
    for _ in range(rounds):
        play_randomly(game.next_round(), moves)
    tie_breaks = 0
    while args.rounds is None and game.tied and tie_breaks < MAX_TIE_BREAKS:
        play_randomly(game.next_round(), moves)  # the tied players play another round
        tie_breaks += 1
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
        json.dump(record, out, ensure_ascii=False)
        out.write("\n")
        return 0
    import yaml

    totals = ", ".join(f"{p} {score.totals[p]}" for p in players)
    out.write(
        f"# A game of {edition.id} played with random legal moves by 'skullking simulate --seed {seed}'.\n"
        f"# 'skullking score' reads this sheet. Totals: {totals}.\n"
    )
    yaml.safe_dump(sheet, out, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)
    return 0


# ---------------------------------------------------------------------- main


def _options(*, sheet: bool = False) -> _Parser:
    """The options every command takes (a fresh parent parser per command)."""
    common = _Parser(add_help=False)
    common.add_argument(
        "--edition",
        default=None if sheet else DEFAULT_EDITION,
        metavar="ID|PATH",
        help="a bundled edition id or an edition file (default: "
        + (f"the sheet's 'edition', else {DEFAULT_EDITION})" if sheet else f"{DEFAULT_EDITION})"),
    )
    common.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    return common


def _parser(out: TextIO | None = None) -> argparse.ArgumentParser:
    common = _options()
    _Parser.out = out
    parser = _Parser(
        prog=PROG,
        description=(
            "Skull King rules as data: resolve tricks, list legal plays, score games, simulate games, "
            "validate, explain and compare edition files."
        ),
    )
    from skullking import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)

    p = sub.add_parser("editions", parents=[common], help="list the bundled editions")
    p.set_defaults(run=cmd_editions)

    p = sub.add_parser(
        "validate", parents=[common], help="check edition files; report every problem with FILE:LINE:COL"
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="edition files (or bundled ids)")
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 on warnings too (rules, bonuses, cards, effects, modules, schedules or overlay "
        "changes that cannot matter)",
    )
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("trick", parents=[common], help="resolve a trick: who wins, why, who leads next")
    p.add_argument(
        "cards", nargs="*", metavar="CARD", help="the cards in play order from the leader, e.g. Y10 SK TIG:PIR"
    )
    p.add_argument("--leader", type=int, default=0, help="seat of the player who led (default 0)")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the number of cards)")
    p.add_argument("--batch", metavar="FILE", help="resolve one JSON trick per line of FILE ('-' for stdin)")
    p.set_defaults(run=cmd_trick)

    p = sub.add_parser("legal", parents=[common], help="which cards of a hand may be played on a trick")
    p.add_argument("--hand", required=True, metavar="CARD,CARD,...", help="the hand, comma-separated")
    p.add_argument(
        "--players", type=int, default=None, help="number of players (checks cards used only from N players)"
    )
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards played so far in this trick")
    p.set_defaults(run=cmd_legal)

    p = sub.add_parser("explain", parents=[common], help="the edition's rules as Markdown, generated from its file")
    p.set_defaults(run=cmd_explain)

    p = sub.add_parser("diff", parents=[common], help="what differs between two editions, and what it changes in play")
    p.add_argument("a", metavar="A", help="an edition id or file")
    p.add_argument("b", metavar="B", help="another edition id or file")
    p.add_argument("--sample", type=int, default=2000, help="random tricks of 4+ cards to play (default 2000)")
    p.add_argument("--seed", type=int, default=2021, help="seed of the random sample (default 2021)")
    p.add_argument("--depth", type=int, default=3, help="play every trick of up to this many cards: 2 or 3 (default 3)")
    p.set_defaults(run=cmd_diff)

    p = sub.add_parser(
        "simulate", parents=[common], help="play a game with random legal moves; print it as a score sheet"
    )
    p.add_argument("--players", default="4", metavar="N|NAME,NAME,...", help="a player count or names (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed of the deals and moves (default: a random one)")
    p.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="play only the first N rounds (default: all, then up to 10 rounds to break a tie where the edition does)",
    )
    p.add_argument("--schedule", metavar="SCHEDULE", help="round schedule (default: the edition's)")
    p.add_argument("--scoring", metavar="SCHEME", help="scoring scheme (default: the edition's)")
    p.add_argument("--modules", metavar="ID,ID,...", help="modules in play (default: those used at this count)")
    p.add_argument("--no-abilities", action="store_true", help="play without the pirates' abilities")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("score", parents=[_options(sheet=True)], help="score a game sheet (YAML or JSON)")
    p.add_argument("sheet", metavar="SHEET", help="the sheet file ('-' for stdin)")
    p.add_argument("--scoring", metavar="SCHEME", help="scoring scheme (default: the sheet's, else the edition's)")
    p.add_argument(
        "--schedule",
        metavar="SCHEDULE",
        help="round schedule, e.g. whirlpool (default: the sheet's, else the edition's)",
    )
    p.set_defaults(run=cmd_score)
    return parser


def _fail(err: TextIO, message: str) -> int:
    err.write(f"{PROG}: error: {message}\n")
    return 2


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; return the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = _parser(out)
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except UsageError as exc:
        return _fail(err, str(exc))
    except SystemExit as exc:  # --help and --version print, then exit 0
        return int(exc.code or 0)
    run: Callable[[argparse.Namespace, TextIO], int] = args.run
    try:
        return run(args, out)
    except UsageError as exc:
        return _fail(err, str(exc))
    except (EditionError, SheetError) as exc:
        err.writelines(f"{p}\n" for p in exc.problems)
        return 2
    except SkullKingError as exc:
        return _fail(err, str(exc))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
