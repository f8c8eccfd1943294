"""``skullking schema`` and ``skullking new``: the JSON Schemas, and a new house-rule file."""

from __future__ import annotations

import argparse
import os
from pathlib import Path, PurePath
from typing import TextIO

from skullking.core.errors import shorten
from skullking.core.resources import bundled_edition_files, folder_given, resolve_source, rules_dir, rules_text
from skullking.core.suggest import did_you_mean
from skullking.tools.common import UsageError, named_edition
from skullking.tools.new import ID, render


def _schema_file(which: str) -> Path:
    """The installed JSON Schema of edition files, score sheets or conformance vectors, as a file."""

    found = rules_dir().joinpath(f"{which}.schema.json")
    if not isinstance(found, Path):
        raise UsageError(
            f"the {which} schema is installed inside an archive, not as a file: print it with 'schema {which}'"
        )
    return Path(os.path.realpath(found))


def cmd_schema(args: argparse.Namespace, out: TextIO) -> int:
    out.write(f"{_schema_file(args.which)}\n" if args.path else rules_text(f"{args.which}.schema.json"))
    return 0


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
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

    folder = target.resolve().parent if target is not None else None
    if folder is None or os.path.commonpath([path, folder]) == folder.anchor:
        return path.as_posix()
    return Path(os.path.relpath(path, folder)).as_posix()
