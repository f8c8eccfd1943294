"""``skullking score``: a score sheet read, scored and shown as a table or JSON."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from wcwidth import wcswidth

from skullking.core.errors import (
    Problem,
    SheetError,
    SkullKingError,
    printable,
)
from skullking.core.resources import bundled_edition_files, is_file, resolve_source
from skullking.loading.inline import carried_rule
from skullking.loading.loader import edition_file_refusal
from skullking.scoring.sheets.score import SheetScore, read_sheet, score_sheet
from skullking.tools.common import (
    DEFAULT_EDITION,
    UsageError,
    data_stream,
    known_option,
    named_edition,
    read_input,
    text_lines,
    write_json,
)

if TYPE_CHECKING:
    from skullking.edition import Edition


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    if args.to_record and args.format == "json":  # (refused, as every option a command would ignore)
        raise UsageError("--format json does not go with --to-record: the game record is written as a record")
    file, text = read_input(args.sheet, "sheet", "a score sheet")
    if isinstance(text, Problem):
        raise SheetError([text])
    root = read_sheet(text, file)
    edition = named_edition(args.edition, args) if args.edition is not None else sheet_edition(root, args.sheet, args)
    known_option("--scoring", "scoring scheme", args.scoring, [s.id for s in edition.schemes])
    known_option("--schedule", "schedule", args.schedule, [s.id for s in edition.schedules])
    if args.to_record:
        # (the record's language, with its lark grammar: for --to-record alone, off the scoring's way)
        from skullking.language.record import unreadable, with_rule, write_record
        from skullking.scoring.sheets.record import sheet_record

        record = sheet_record(edition, root, file=file, scoring=args.scoring, schedule=args.schedule)
        named = root.value.get("edition") if isinstance(root.value, dict) else None
        given = args.edition or (named.value if named is not None else DEFAULT_EDITION)
        rule = carried_rule(str(given), edition)  # a house rule's file: carried inline
        text = write_record(record if rule is None else with_rule(record, rule))
        why = unreadable(text)
        if why is not None:
            raise SkullKingError(
                f"{file}: the game's record would not be read back by 'skullking replay': {why}; it is not written"
            )
        data_stream(out).write(text)
        return 0
    score = score_sheet(edition, root, file=file, scoring=args.scoring, schedule=args.schedule, check_edition=False)
    if args.format == "json":
        write_json(out, score.as_json())
        return 0
    out.write(score_report(score, edition))
    return 0


def score_report(score: SheetScore, edition: Edition) -> str:
    """The text ``skullking score`` prints: the table, the winners, what is left to play."""
    lines = []
    if score.winners:
        if score.complete:
            label = "Winner" if len(score.winners) == 1 else "Tied for first"
        else:
            label = "Winner so far" if len(score.winners) == 1 else "Tied for first so far"
        lines.append(f"{label}: {', '.join(score.winners)} ({edition.id})")
    if score.missing_rounds:
        first, last = score.missing_rounds[0], score.missing_rounds[-1]
        which = f"round {first} is" if first == last else f"rounds {first}-{last} are"
        lines.append(f"The game is not over: {which} still to be played.")
    if score.in_progress is not None:
        going = score.in_progress
        bids = ", ".join(f"{player} {bid}" for player, bid in going.bids.items())
        lines.append(f"Round {going.number} is being played ({going.cards} cards), not scored yet: bids {bids}.")
    if score.tie_break == "extra_round":
        lines.append("The tied players play another round to break the tie.")
    return score_table(score) + text_lines(lines)


def _width(text: str) -> int:
    """Columns ``text`` takes on a terminal: 2 for a CJK character, 0 for a combining
    mark (its length where wcwidth knows no width for a character in it)."""

    width = wcswidth(text)
    return width if width >= 0 else len(text)


def score_table(score: SheetScore) -> str:
    """The round-by-round table of ``score``, its columns lined up on a terminal also
    for names in wide or combining characters, and for names holding control characters,
    measured as they are shown: escaped (a newline in a name breaks no row)."""
    players = [printable(p) for p in score.players]
    widths = [max(_width(p), 6) for p in players]

    def row(first: object, second: object, cells: Sequence[object]) -> str:
        texts = [str(c) for c in cells]
        padded = "  ".join(" " * (w - _width(t)) + t for t, w in zip(texts, widths, strict=True))
        return f"{first!s:>5}  {second!s:>5}  {padded}\n"

    lines = [row("Round", "Cards", players)]
    lines += [row(r.number, r.cards, [r.points.get(p, "-") for p in score.players]) for r in score.rounds]
    lines.append(row("Total", "", [score.totals[p] for p in score.players]))
    return "".join(lines)


def sheet_edition(root: Any, sheet: str, args: argparse.Namespace) -> Edition:
    """The edition a sheet names (a bundled id, or a file relative to the sheet, else to
    the working directory). A file that does not read as an edition is refused without
    a word of what it holds (the sheet, not the user, named it)."""

    named = root.value.get("edition") if isinstance(root.value, dict) else None
    if named is None:
        return named_edition(DEFAULT_EDITION, args)
    if not isinstance(named.value, str):
        raise SheetError([named.loc.problem("'edition' names an edition: a bundled id or a file (text)")])
    name = named.value
    if name not in bundled_edition_files() and sheet != "-":
        beside = Path(sheet).parent / name
        if is_file(beside):
            name = str(beside)
    try:
        found = resolve_source(name)
    except (OSError, ValueError):  # a name the file system cannot take: not found below
        found = None
    refused = None if found is None else edition_file_refusal(found, name)
    if refused is not None:
        raise SheetError([named.loc.problem(f"edition '{named.value}': {refused}")])
    try:
        return named_edition(name, args)
    except UsageError as exc:  # "edition 'NAME': no such file or bundled edition; did you mean ...?"
        raise SheetError([named.loc.problem(str(exc))]) from None
