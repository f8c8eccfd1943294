"""``skullking schema`` and ``skullking new``: the JSON Schemas, and a new house-rule file."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, TextIO

from skullking.core.errors import (
    shorten,
)

if TYPE_CHECKING:
    from pathlib import Path


from skullking.tools.command import Command, Shared
from skullking.tools.common import ALLOW_PATHS_HELP, UsageError, named_edition


def _schema_file(which: str) -> Path:
    """The installed JSON Schema of edition files, score sheets or conformance vectors, as a file."""
    from pathlib import Path

    from skullking.core.resources import rules_dir

    found = rules_dir().joinpath(f"{which}.schema.json")
    if not isinstance(found, Path):
        raise UsageError(
            f"the {which} schema is installed inside an archive, not as a file: print it with 'schema {which}'"
        )
    return Path(os.path.realpath(found))


def cmd_schema(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.core.resources import rules_text

    out.write(f"{_schema_file(args.which)}\n" if args.path else rules_text(f"{args.which}.schema.json"))
    return 0


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    from skullking.core.resources import bundled_edition_files, folder_given, resolve_source
    from skullking.core.suggest import did_you_mean
    from skullking.tools.new import ID, render

    name = args.name.removesuffix(".yaml")
    if not ID.match(name):
        raise UsageError(
            f"'{args.name}' is not an edition id: use lower case letters, digits, '-' and '_' (e.g. our-table)"
        )
    base_file = resolve_source(args.extends)
    if base_file is None:
        why = folder_given(args.extends) or "no such file or bundled edition" + did_you_mean(
            args.extends, bundled_edition_files()
        )
        raise UsageError(f"--extends {args.extends}: {why}")
    base = named_edition(args.extends, args)
    target = None if args.output == "-" else _new_file(Path(args.output or f"{name}.yaml"), name)
    schema = _schema_file("edition")
    extends = args.extends
    if args.extends not in bundled_edition_files():
        # A base file is named relative to the new file, as 'extends' reads it.
        extends = _relative(base_file.resolve(), target)
    text = render(base, name=name, extends=extends, schema=_relative(schema, target))
    if target is None:
        out.write(text)
        return 0
    try:
        with target.open("x", encoding="utf-8") as fh:  # "x": never overwrite, even in a race
            fh.write(text)
    except (OSError, ValueError) as exc:
        raise UsageError(f"{target}: cannot write the file: {getattr(exc, 'strerror', None) or exc}") from None
    from pathlib import PurePath

    # A base outside the new file's folder is read only with --allow-paths: say so.
    outside = PurePath(extends).is_absolute() or ".." in PurePath(extends).parts
    check = f"skullking validate {'--allow-paths ' if outside else ''}{target}"
    out.write(f"wrote {target} (extends {base.id}); check it with: {check}\n")
    return 0


def _new_file(given: Path, name: str) -> Path:
    """Where ``new`` writes: the file given, or NAME.yaml in the folder given; never a
    file that exists."""
    if "\x00" in str(given):
        raise UsageError(f"{shorten(str(given))}: cannot write the file: no file can have this name (a NUL byte)")
    try:
        target = given / f"{name}.yaml" if given.is_dir() else given
        if target.exists():
            raise UsageError(f"{target}: the file exists; not overwritten (choose another NAME or -o PATH)")
        if not target.parent.is_dir():
            raise UsageError(f"{target}: no such folder '{target.parent}'")
    except (OSError, ValueError) as exc:  # e.g. a name too long for the file system, or with a NUL byte
        raise UsageError(f"{given}: cannot write the file: {getattr(exc, 'strerror', None) or exc}") from None
    return target


def _relative(path: Path, target: Path | None) -> str:
    """``path`` as the file ``target`` names it: relative to its folder when they share
    one, else (or when the text goes to standard output) absolute."""
    from pathlib import Path

    folder = target.resolve().parent if target is not None else None
    if folder is None or os.path.commonpath([path, folder]) == folder.anchor:
        return path.as_posix()
    return Path(os.path.relpath(path, folder)).as_posix()


def _schema_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "which",
        nargs="?",
        choices=("edition", "sheet", "vectors"),
        default="edition",
        metavar="WHICH",
        help="which schema: edition, sheet or vectors (default: edition)",
    )
    p.add_argument("--path", action="store_true", help="print where the installed schema file is instead")


SCHEMA = Command(
    "schema",
    "print the JSON Schema of edition files, score sheets or conformance vectors (for editors and other tools)",
    cmd_schema,
    examples=("schema > edition.schema.json", "schema sheet --path"),
    arguments=_schema_arguments,
    shared=Shared(edition=None, paths=False, formats=()),
    refuses=(("--format", "a schema is JSON"), ("--edition", "a schema is the same for every edition")),
)


def _new_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help="the new edition's id; the file is NAME.yaml")
    p.add_argument("--extends", required=True, metavar="ID|PATH", help="the edition it changes: a bundled id or a file")
    p.add_argument("--allow-paths", action="store_true", help=ALLOW_PATHS_HELP)
    p.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write it: a file, a folder, or '-' for standard output (default: NAME.yaml here); "
        "an existing file is never overwritten",
    )


NEW = Command(
    "new",
    "start a house rule: write a commented overlay of an edition",
    cmd_new,
    examples=("new our-table --extends skullking-2021", "new quick --extends bga -o -"),
    arguments=_new_arguments,
    shared=Shared(edition=None, paths=False, formats=()),
    refuses=(("--edition", "the edition it changes is given with --extends"), ("--format", "it writes a YAML file")),
)
