"""A house rule a game record carries inline (its ``|`` lines after the tags), read by
the one loader as the score pad reads a house rule, and the rule a record of a game
carries (docs/records.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skullking.core.errors import Problem, RecordError
from skullking.core.files import display_name
from skullking.core.resources import bundled_edition_files
from skullking.loading.loader import check_house_rule
from skullking.reading.located import parse_yaml

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.record import GameRecord


#: How the house rule a record carries inline is named while it is read; its problems
#: are reported at the record's lines.
INLINE_RULE = "<inline rule>"


def inline_edition(game: GameRecord, *, file: str = "<record>") -> Edition:
    """The edition of the house rule ``game`` carries inline (its ``|`` lines), read by
    the one loader with every check, as the score pad reads a house rule: it may extend
    a bundled edition only, no file. Raise :class:`~skullking.core.errors.RecordError`
    with every problem of the YAML at the record's line and column of the line it is
    on (a bundled base's own problems at its file), or for a game that carries none."""
    from pathlib import Path

    text = game.rule_text
    if text is None:
        raise RecordError([Problem(file, game.line, game.column, "the game carries no house rule inline")])
    edition, problems = check_house_rule(text, name=INLINE_RULE)
    if edition is not None:
        built: Edition = edition
        return built
    shown = display_name(Path(INLINE_RULE))

    def located(problem: Problem) -> Problem:
        if problem.file != shown:  # (a bundled base's own problem, at its file)
            return problem
        at = game.rule[min(max(problem.line, 1), len(game.rule)) - 1]
        return problem._replace(file=file, line=at.line, column=at.column + max(problem.column, 1) - 1)

    raise RecordError([located(p) for p in problems if p.severity == "error"])


def carried_rule(named: str, edition: Edition) -> str | None:
    """The house rule a record of a game under ``edition`` carries inline: the text of
    its file when ``named`` (the edition as the command was given it) is a file, not a
    bundled id; ``None`` for a bundled edition, which the record names by its id, and
    for a rule that extends another file (a record carries one rule, on a bundled base
    or none: it names such a rule as before)."""
    from pathlib import Path

    bundled = bundled_edition_files()
    if named in bundled:
        return None
    text = Path(edition.path).read_text(encoding="utf-8")
    top, _ = parse_yaml(text, edition.path)  # (the loader has read it already: an edition)
    base = top.value.get("extends") if top is not None and isinstance(top.value, dict) else None
    return text if base is None or base.value in bundled else None
