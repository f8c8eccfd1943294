"""Running the command line in-process, for tests (pytest puts tests/helpers/ on sys.path: the
``pythonpath`` setting in pyproject.toml)."""

from __future__ import annotations

import io
import json
from typing import Any

from skullking.tools.cli import COMMANDS, main
from skullking.tools.command import Command, Runner


def run(*argv: str) -> tuple[int, str, str]:
    """``skullking ARGV...`` in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> Any:
    """``skullking ARGV... --format json``, which must succeed silently: the parsed output."""
    code, out, err = run(*argv, "--format", "json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def commands_with(name: str, run: Runner) -> tuple[Command, ...]:
    """The command line's commands, the one called ``name`` run by ``run`` instead (for
    ``monkeypatch.setattr(cli, "COMMANDS", ...)``: a command that fails as a test needs)."""
    return tuple(c._replace(run=run) if c.name == name else c for c in COMMANDS)
