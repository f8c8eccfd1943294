"""``skullking replay``: a game record replayed move by move under its edition, scored
as ``skullking score`` scores a sheet (its table, or its JSON)."""

from __future__ import annotations

import argparse
from typing import TextIO

from skullking.core.errors import Problem, RecordError, SheetError
from skullking.tools.command import Command, Shared
from skullking.tools.common import UsageError, read_input, write_json


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.language.record import parse_record
    from skullking.loading.inline import inline_edition
    from skullking.play.replay import replay_record
    from skullking.reading.located import Location, Node
    from skullking.tools.common import named_edition
    from skullking.tools.sheetcmd import _sheet_edition, score_report

    if args.to_sheet and args.format == "json":  # (refused, as every option a command would ignore)
        raise UsageError("--format json does not go with --to-sheet: the score sheet is written as YAML")
    file, text = read_input(args.record, "record", "a game record")
    if isinstance(text, Problem):
        raise RecordError([text])
    record = parse_record(text, file)
    if not record.games:
        raise RecordError([Problem(file=file, line=1, column=1, message="the record holds no game")])
    if args.to_sheet and len(record.games) > 1:
        second = record.games[1]
        message = f"a score sheet holds one game; the record holds {len(record.games)}"
        raise RecordError([Problem(file=file, line=second.line, column=second.column, message=message)])
    scores = []
    for game in record.games:
        if args.edition is not None:
            edition = named_edition(args.edition, args)
        elif game.rule:
            edition = inline_edition(game, file=file)
        else:
            tag = game.tag("Edition")
            named = {} if tag is None else {"edition": Node(game.edition, Location(file, tag.line, tag.column))}
            try:
                edition = _sheet_edition(Node(named, Location(file, game.line, game.column)), args.record, args)
            except SheetError as exc:
                raise RecordError(exc.problems) from None
        score, sheet = replay_record(edition, game, file=file)
        if args.to_sheet:
            from skullking.scoring.sheets.score import sheet_text

            out.write(sheet_text(sheet))
            return 0
        scores.append((score, edition))
    if args.format == "json":
        found = [score.as_json() for score, _ in scores]
        write_json(out, found[0] if len(found) == 1 else found)
        return 0
    out.write("\n".join(score_report(score, edition) for score, edition in scores))
    return 0


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help="the record file ('-' for stdin)")
    p.add_argument("--to-sheet", action="store_true", help="write the replayed game as a score sheet (YAML) instead")


REPLAY = Command(
    "replay",
    "replay a game record move by move and score it",
    cmd_replay,
    examples=("replay examples/records/three-rounds.skr", "replay game.skr --to-sheet > game.yaml"),
    arguments=_arguments,
    shared=Shared(edition="sheet"),
)
