"""The command line's help against its contract: ``skullking --help`` lists every command
with a one-line summary and says the exit codes; each ``skullking COMMAND --help`` opens
with a sentence and ends with examples that are command lines the parser accepts;
``-V`` is ``--version``; a shared option a command does not take is refused saying why.
"""

from __future__ import annotations

import json
import shlex

import pytest
from clihelp import run as _run

import skullking
from skullking.tools.cli import COMMANDS, build_parser
from skullking.tools.command import Command


def test_the_program_help_lists_every_command_with_its_summary_and_the_exit_codes() -> None:
    """`skullking --help`: each command on a line with its one-line summary, then the exit
    codes 0 to 3 the command-line contract defines, exit 0."""
    code, out, _ = _run("--help")
    assert code == 0
    flat = " ".join(out.split())
    for command in COMMANDS:
        assert f"{command.name} {' '.join(command.summary.split())}" in flat
    exits = out[out.index("exit codes:") :].splitlines()[1:5]
    assert [line.split()[0] for line in exits] == ["0", "1", "2", "3"]
    assert "validate found problems" in exits[1] and "bad input" in exits[2] and "internal error" in exits[3]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_every_command_has_a_summary_and_examples_in_its_help(command: Command) -> None:
    """`skullking NAME --help` opens with the summary as a sentence (or the command's
    longer description) and ends with its examples, each a whole command line."""
    assert command.summary and "\n" not in command.summary and command.examples
    code, out, _ = _run(command.name, "--help")
    assert code == 0
    opening = " ".join(out.split("\n\n")[1].split())
    assert opening == " ".join((command.description or command.summary[0].upper() + command.summary[1:] + ".").split())
    tail = out[out.rindex("\nexample") + 1 :].splitlines()[1:]
    assert tail == [f"  skullking {example}" for example in command.examples]


EXAMPLES = [(c.name, e) for c in COMMANDS for e in c.examples]


@pytest.mark.parametrize("example", EXAMPLES, ids=[line for _, line in EXAMPLES])
def test_every_example_is_a_command_line_the_parser_takes(example: tuple[str, str]) -> None:
    """Each example parses as its own command (a redirection at its end is the shell's),
    so that no example shows an option the command does not have."""
    name, line = example
    words = shlex.split(line.split(" > ")[0])
    args = build_parser().parse_args(words)
    assert args.command == name


def test_capital_v_is_the_version() -> None:
    """`skullking -V` prints what `skullking --version` prints: the program and its version."""
    assert _run("-V") == _run("--version")
    code, out, _ = _run("-V")
    assert code == 0 and out == f"skullking {skullking.__version__}\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["schema", "--format", "json"], "'schema' takes no --format: a schema is JSON"),
        (["new", "x", "--extends", "bga", "--format=text"], "'new' takes no --format: it writes a YAML file"),
        (["serve", "--edition", "bga"], "'serve' takes no --edition: each game at the pad chooses its own edition"),
        (["compare", "bga", "bga", "--edition", "bga"], "'compare' takes no --edition: it plays the two editions"),
    ],
)
def test_a_shared_option_a_command_does_not_take_is_refused_saying_why(argv: list[str], message: str) -> None:
    """The command-line contract: an option a command would ignore is refused (exit 2) in
    one line that says why the command has no use for it; asked for as JSON, the error is
    JSON on standard output."""
    code, out, err = _run(*argv)
    assert code == 2
    said = json.loads(out)["error"] if "json" in argv else err
    assert message in said
    assert "argument" not in said  # never argparse's own name for an option


def test_an_unknown_schema_is_named_by_its_metavar() -> None:
    """`skullking schema json` names the argument as the help shows it (WHICH), never the
    parser's internal name for it."""
    code, _, err = _run("schema", "json")
    assert code == 2
    assert "argument WHICH: invalid choice: 'json'" in err and "which" not in err.replace("WHICH", "")
