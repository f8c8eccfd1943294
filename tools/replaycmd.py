"""``skullking replay``: a game record replayed move by move under its edition, scored
as ``skullking score`` scores a sheet (its table, or its JSON)."""

from __future__ import annotations

import argparse
from typing import TextIO

from skullking.core.errors import Problem, RecordError, SheetError
from skullking.tools.common import STDIN, UsageError, read_stdin, write_json


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.language.record import parse_record
    from skullking.play.replay import replay_game
    from skullking.reading.bounded import cut, read_bounded, too_large
    from skullking.reading.located import Location, Node, decode
    from skullking.tools.common import named_edition
    from skullking.tools.sheetcmd import _sheet_edition, score_report

    file = STDIN if args.record == "-" else args.record
    try:
        data, over = cut(read_stdin()) if args.record == "-" else read_bounded(args.record)
    except OSError as exc:
        raise UsageError(f"cannot read record '{args.record}': {exc.strerror or exc}") from None
    if over:
        raise RecordError([too_large(file, data, "a game record")])
    text = decode(data, file)
    if isinstance(text, Problem):
        raise RecordError([text])
    record = parse_record(text, file)
    if not record.games:
        raise RecordError([Problem(file=file, line=1, column=1, message="the record holds no game")])
    scores = []
    for game in record.games:
        if args.edition is not None:
            edition = named_edition(args.edition, args)
        else:
            tag = game.tag("Edition")
            named = {} if tag is None else {"edition": Node(game.edition, Location(file, tag.line, tag.column))}
            try:
                edition = _sheet_edition(Node(named, Location(file, game.line, game.column)), args.record, args)
            except SheetError as exc:
                raise RecordError(exc.problems) from None
        scores.append((replay_game(edition, game, file=file), edition))
    if args.format == "json":
        found = [score.as_json() for score, _ in scores]
        write_json(out, found[0] if len(found) == 1 else found)
        return 0
    out.write("\n".join(score_report(score, edition) for score, edition in scores))
    return 0
