"""``skullking replay``: a game record replayed move by move under its edition, scored
as ``skullking score`` scores a sheet (its table, or its JSON)."""

from __future__ import annotations

import argparse
import itertools
from typing import TYPE_CHECKING, TextIO

from skullking.core.errors import Problem, RecordError, SheetError, json_text
from skullking.language.record import GameRecord, iter_games
from skullking.loading.inline import inline_edition
from skullking.play.replay import replay_record
from skullking.reading.located import Location, Node
from skullking.scoring.sheets.score import sheet_text
from skullking.tools.common import UsageError, data_stream, named_edition, read_input
from skullking.tools.sheetcmd import score_report, sheet_edition

if TYPE_CHECKING:
    from skullking.edition import Edition


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    if args.to_sheet and args.format == "json":  # (refused, as every option a command would ignore)
        raise UsageError("--format json does not go with --to-sheet: the score sheet is written as YAML")
    file, text = read_input(args.record, "record", "a game record")
    if isinstance(text, Problem):
        raise RecordError([text])
    games = iter_games(text, file)
    first = next(games, None)
    if first is None:
        raise RecordError([Problem(file=file, line=1, column=1, message="the record holds no game")])
    second = next(games, None) if args.to_sheet else None
    if second is not None:
        message = f"a score sheet holds one game; the record holds {2 + sum(1 for _ in games)}"
        raise RecordError([Problem(file=file, line=second.line, column=second.column, message=message)])
    editions = _Editions(args, file)
    answers: list[str] = []  # (each game's answer, written once every game has replayed)
    for game in itertools.chain([first], games):
        edition = editions.of(game)
        score, sheet = replay_record(edition, game, file=file)
        if args.to_sheet:
            answers.append(sheet_text(sheet))
        elif args.format == "json":
            answers.append(json_text(score.as_json()))
        else:
            answers.append(score_report(score, edition))
    if args.to_sheet:
        data_stream(out).write(answers[0])
    elif args.format == "json":  # (one game: its answer; many: the list of them)
        out.write((answers[0] if len(answers) == 1 else "[" + ", ".join(answers) + "]") + "\n")
    else:
        out.write("\n".join(answers))
    return 0


class _Editions:
    """The edition of each game of a record, each read once however many games name it
    or carry it inline: ``--edition``, else the rule a game carries (by its text), else
    the edition its header names."""

    def __init__(self, args: argparse.Namespace, file: str) -> None:
        self.args, self.file = args, file
        self.known: dict[tuple[str, str | None], Edition] = {}

    def of(self, game: GameRecord) -> Edition:
        if self.args.edition is not None:
            key: tuple[str, str | None] = ("given", None)
        else:
            key = ("inline", game.rule_text) if game.rule else ("named", game.edition)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._read(game)
        return found

    def _read(self, game: GameRecord) -> Edition:
        args, file = self.args, self.file
        if args.edition is not None:
            return named_edition(args.edition, args)
        if game.rule:
            return inline_edition(game, file=file)
        tag = game.tag("Edition")
        named = {} if tag is None else {"edition": Node(game.edition, Location(file, tag.line, tag.column))}
        try:
            return sheet_edition(Node(named, Location(file, game.line, game.column)), args.record, args)
        except SheetError as exc:
            raise RecordError(exc.problems) from None
