"""Compiled editions kept in the cache (:mod:`skullking.storage.cache`), and the
warnings their checks gave, so that the command line starts fast.

An edition is stored as the values of its fields, written by the model's codec
(:data:`skullking.model.registry.EDITIONS`), under the path of its file (and a bundled
edition also under its id, so that loading it by id needs neither the YAML parser nor a
package resource look-up; the recorded file hashes are checked all the same), with every
file it was merged from. What the cache gives back is input: it is built back only as
the model's types, checked to be an edition's fields and a list of problems, and an entry
that does not build is rebuilt. Warnings are kept with absolute file names and shown
relative to where the command runs each time.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from skullking.core.errors import Problem
from skullking.core.files import display_name
from skullking.edition import Edition
from skullking.model.registry import EDITIONS
from skullking.storage import cache

if TYPE_CHECKING:
    from skullking.edition import Edition


def _fields(edition: Edition) -> dict[str, Any]:
    """The values of the edition's fields, as stored (the derived lookups are rebuilt)."""
    return {name: getattr(edition, name) for name in edition.FIELDS}


def _shown(warnings: list[Problem]) -> list[Problem]:
    """Warnings kept with absolute file names, named for where the command runs now."""
    return [w._replace(file=display_name(w.file)) if os.path.isabs(w.file) else w for w in warnings]


def _checked(kind: str, name: str, source: str | None) -> tuple[Edition, list[Problem]] | None:
    """The edition and warnings stored under ``kind`` and ``name``, or ``None`` for none,
    or for an entry of another shape (the values of every field of an edition, and a list
    of problems) or whose values do not build an edition."""
    payload = cache.read(kind, name, source)
    if payload is None:
        return None
    try:
        values, warnings = EDITIONS.loads(payload)
        if set(values) != set(Edition.FIELDS) or not all(type(w) is Problem for w in warnings):
            return None
        values = dict(values)
        if source is not None:
            values["path"] = display_name(source)
        return Edition(**values), _shown(warnings)
    except Exception:  # values that do not build an edition: rebuilt
        return None


def cached(path: str | os.PathLike[str]) -> Edition | None:
    """The cached edition built from the file at ``path``, or ``None``."""
    found = cached_check(path)
    return None if found is None else found[0]


def cached_check(path: str | os.PathLike[str]) -> tuple[Edition, list[Problem]] | None:
    """(edition, warnings) of a file that was checked before and has not changed since:
    only files without errors are cached, so this is the whole of a check's result.
    File names are shown relative to where the command runs now."""
    source = os.path.abspath(path)
    return _checked("path", source, source)


def cached_bundled(ident: str) -> Edition | None:
    """The cached bundled edition ``ident``, or ``None``."""
    found = _checked("bundled", ident, None)
    return None if found is None else found[0]


def store(
    path: str | os.PathLike[str],
    deps: list[tuple[str, str]],
    edition: Edition,
    *,
    warnings: list[Problem] | None = None,
    bundled: str | None = None,
) -> None:
    """Remember ``edition`` (and the warnings its check gave, with absolute file
    names), built from ``path`` and the files ``deps`` (path, sha256), ``path`` first."""
    names = [("path", os.path.abspath(path))] + ([("bundled", bundled)] if bundled else [])
    kept = [w._replace(file=os.path.abspath(w.file)) if os.path.exists(w.file) else w for w in warnings or []]
    try:
        payload = EDITIONS.dumps((_fields(edition), kept))
    except (ValueError, RecursionError):  # (a value the codec cannot write, CodecError: not cached)
        return
    cache.write(names, deps, payload)


def cached_lint(path: str | os.PathLike[str]) -> list[Problem] | None:
    """The lint warnings (:mod:`skullking.analysis.lint`) of a file checked before and
    unchanged since, or ``None``; file names shown relative to where the command runs now."""
    source = os.path.abspath(path)
    payload = cache.read("lint", source, source)
    if payload is None:
        return None
    try:
        warnings = EDITIONS.loads(payload)
    except ValueError:
        return None
    if not isinstance(warnings, list) or not all(type(w) is Problem for w in warnings):
        return None
    return _shown(warnings)


def store_lint(path: str | os.PathLike[str], deps: list[tuple[str, str]], warnings: list[Problem]) -> None:
    """Remember the lint warnings of the file at ``path`` (built from ``deps``; the
    warnings with absolute file names)."""
    try:
        payload = EDITIONS.dumps(warnings)
    except (ValueError, RecursionError):
        return
    cache.write([("lint", os.path.abspath(path))], deps, payload)
