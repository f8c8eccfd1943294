"""``skullking validate``: every problem of edition files, each with its file, line and
column (the checks and warnings: :mod:`skullking.analysis.lint`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from skullking.analysis.lint import validate_file
from skullking.core.errors import Problem, in_file_order
from skullking.core.resources import bundled_edition_files, exists, resolve_source
from skullking.core.suggest import did_you_mean
from skullking.tools.common import STDIN, read_stdin, text_lines, write_json


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """Every problem of every file, each file's in file order. A file that is not there
    is bad input (exit 2, after the other files are checked); ``-`` is standard input."""
    problems: list[Problem] = []
    missing = False
    text = args.format != "json"
    for given in args.files:
        name = STDIN if given == "-" else given
        if given == "-":
            edition, found = validate_file(Path(STDIN), text=read_stdin(), allow_paths=args.allow_paths)
        else:
            path = Path(name) if exists(Path(name)) else resolve_source(name)
            if path is None:
                missing = True
                message = "no such file or bundled edition" + did_you_mean(name, bundled_edition_files())
                found = [Problem(file=name, line=0, column=0, message=message)]
                edition = None
            else:
                edition, found = validate_file(path, allow_paths=args.allow_paths)
        found = in_file_order(found)
        problems.extend(found)
        if text:  # each file's report as soon as it is checked: a later crash or kill keeps it
            report = [str(p) for p in found]
            if edition is not None:
                warned = f", {len(found)} warning{'s' if len(found) != 1 else ''}" if found else ""
                report.append(f"{name}: ok ({edition.id}: {edition.title}{warned})")
            out.write(text_lines(report))
            out.flush()
    if not text:
        write_json(out, [p.as_json() for p in problems])
    if missing:
        return 2
    failing = ("error", "warning") if args.strict else ("error",)
    return 1 if any(p.severity in failing for p in problems) else 0
