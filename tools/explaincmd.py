"""``skullking explain``: an edition's rules as Markdown, written from its file
(:mod:`skullking.analysis.explain`)."""

from __future__ import annotations

import argparse
from typing import TextIO

from skullking.analysis.explain import explain
from skullking.core.errors import shorten
from skullking.tools.common import DEFAULT_EDITION, PROG, UsageError, named_edition, write_json


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(_explained(args), args)
    if args.format == "json":
        write_json(out, {"id": edition.id, "markdown": explain(edition)})
    else:
        out.write(explain(edition))
    return 0


def _explained(args: argparse.Namespace) -> str:
    """The edition ``explain`` is asked for: its EDITION argument or ``--edition``, one
    of the two, else the default."""
    given, option = args.given_edition, args.edition
    if args.more_editions:
        names = ", ".join(f"'{shorten(name)}'" for name in [given, *args.more_editions])
        raise UsageError(
            f"explain takes one edition, not {len(args.more_editions) + 1}: {names} (see '{PROG} explain --help')"
        )
    if given is not None and option is not None:
        raise UsageError(
            f"explain takes one edition: '{shorten(given)}' was given as EDITION and '{shorten(option)}' with "
            f"--edition; give it one way (see '{PROG} explain --help')"
        )
    chosen: str = given if given is not None else option if option is not None else DEFAULT_EDITION
    return chosen
