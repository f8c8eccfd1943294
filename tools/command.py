"""How a command of the ``skullking`` command line is declared: a :class:`Command`
names the command, says in one line what it does, gives examples, registers its own
options and names the function that runs it; :class:`Shared` says which of the options
every command shares it takes (``--format``, ``--edition``, ``--allow-paths``).

The command line (:mod:`skullking.tools.cli`) builds its parser from the list of
commands (:mod:`skullking.tools.commands` declares them) and knows nothing else of
each. A command names its run function as ``"module:function"``, and its module is
imported only when the command runs: starting the command line imports the
declarations alone, and a command's module imports what it uses at its top.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, TextIO

from skullking.tools.common import ALLOW_PATHS_HELP, DEFAULT_EDITION, PROG

#: What runs a command: its parsed arguments and the stream to write to; the exit code.
Runner = Callable[[argparse.Namespace, TextIO], int]


class Shared(NamedTuple):
    """Which of the shared options a command takes.

    ``edition``: ``"option"`` for ``--edition`` (default: the default edition),
    ``"argument"`` when the command also takes the edition as an argument (``--edition``
    then has no default: the command decides), ``"sheet"`` when the edition may come from
    the file the command reads (no default either), ``None`` for no ``--edition``.
    ``paths``: ``--allow-paths``, for every command that loads an edition file.
    ``formats``: the choices of ``--format`` (the first is the default); empty for a
    command without ``--format``.
    """

    edition: Literal["option", "argument", "sheet"] | None = "option"
    paths: bool = True
    formats: tuple[str, ...] = ("text", "json")

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        """Add the options to ``parser``, before the command's own."""
        if self.paths:
            parser.add_argument("--allow-paths", action="store_true", help=ALLOW_PATHS_HELP)
        if self.edition is not None:
            default = {
                "option": DEFAULT_EDITION,
                "argument": f"{DEFAULT_EDITION}; the same as the EDITION argument",
                "sheet": f"the sheet's 'edition', else {DEFAULT_EDITION}",
            }[self.edition]
            parser.add_argument(
                "--edition",
                default=DEFAULT_EDITION if self.edition == "option" else None,
                metavar="ID|PATH",
                help=f"a bundled edition id or an edition file (default: {default})",
            )
        if self.formats:
            parser.add_argument(
                "--format",
                choices=self.formats,
                default=self.formats[0],
                help=f"output format; with json, errors too are JSON on standard output (default: {self.formats[0]})",
            )


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """A command with no options of its own."""


class Command(NamedTuple):
    """One command of the command line.

    ``summary`` is the one line ``skullking --help`` lists it with; ``description``, when
    given, is the paragraph ``skullking NAME --help`` opens with (else the summary);
    ``examples`` are command lines shown at the foot of its help (without the program's
    name). ``arguments`` adds the command's own arguments and options to its parser, and
    ``run`` runs it: the function, or where it is as ``"module:function"`` (imported
    when the command runs: :func:`runner`). ``refuses`` maps a shared option the
    command does not take (``--edition``, ``--format``) to why, for the error given to
    a command line that passes it.
    """

    name: str
    summary: str
    run: Runner | str
    examples: tuple[str, ...]
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
    shared: Shared = Shared()
    description: str | None = None
    refuses: tuple[tuple[str, str], ...] = ()

    def register(self, commands: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
        """Add the command to the parser's ``commands``, with its options and examples."""
        examples = "\n".join(f"  {PROG} {line}" for line in self.examples)
        parser: argparse.ArgumentParser = commands.add_parser(
            self.name,
            help=self.summary,
            description=self.description or _sentence(self.summary),
            epilog=f"example{'s' if len(self.examples) != 1 else ''}:\n{examples}",
            formatter_class=HelpFormatter,
        )
        self.shared.add_to(parser)
        self.arguments(parser)
        parser.set_defaults(run=self.run)
        return parser


def runner(run: Runner | str) -> Runner:
    """The function that runs a command (:attr:`Command.run`): given as it is, or
    imported from where ``"module:function"`` says."""
    if not isinstance(run, str):
        return run
    module, _, name = run.partition(":")
    found: Runner = getattr(importlib.import_module(module), name)
    return found


def _sentence(summary: str) -> str:
    """A summary as the sentence that opens a command's help: a capital and a full stop."""
    return summary[:1].upper() + summary[1:] + ("" if summary.endswith(".") else ".")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, whose descriptions and epilogues keep their indented lines
    (examples, a table of exit codes) as written and wrap the other paragraphs."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap  # (for help only, as argparse's own formatter imports it: off the start-up path)

        paragraphs = []
        for paragraph in text.split("\n\n"):
            lines = paragraph.split("\n")
            if len(lines) > 1 and all(line.startswith(" ") for line in lines[1:]):
                # a heading and its indented lines (examples, a table): kept as written
                paragraphs.append("\n".join(indent + line for line in lines))
            else:
                paragraphs.append(
                    textwrap.fill(" ".join(paragraph.split()), width, initial_indent=indent, subsequent_indent=indent)
                )
        return "\n\n".join(paragraphs)
