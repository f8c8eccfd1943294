"""An edition by its name: a bundled edition's id or an edition file's path
(:func:`load_edition`, which :mod:`skullking` gives as ``skullking.load_edition``), read
from the cache where it was read before, else loaded and checked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from skullking.core.errors import EditionError, Problem
from skullking.core.suggest import did_you_mean
from skullking.loading.stored import cached, cached_bundled

if TYPE_CHECKING:
    from skullking.edition import Edition


def load_edition(id_or_path: str | Path, *, allow_paths: bool = False) -> Edition:
    """Load a bundled edition by id (``"skullking-2021"``) or an edition file by path.

    The file's ``extends`` (and its bases') may name a bundled id or a file in the
    naming file's folder; ``allow_paths=True`` also lets them name absolute paths and
    paths that leave the folder with ``..`` (only for files you trust: a base is read
    from wherever they point).

    Raises :class:`~skullking.core.errors.EditionError` listing every problem of the
    file, each located.
    """
    name = str(id_or_path)
    edition: Edition | None = cached_bundled(name)
    if edition is not None:
        return edition
    # (what finds the package's data, importlib.resources, is imported past the cache
    # only: a bundled edition the cache holds is the fast path of every command)
    from skullking.core.resources import bundled_edition_files, folder_given, resolve_source

    path = resolve_source(name)
    if path is None:
        ids = list(bundled_edition_files())
        message = (
            folder_given(name)
            or f"no such file or bundled edition{did_you_mean(name, ids)} (bundled: {', '.join(ids)})"
        )
        raise EditionError([Problem(file=name, line=0, column=0, message=message)])
    edition = cached(path)
    if edition is None:
        # (the loader brings the YAML parser, the JSON Schema validator and the checks:
        # imported only for an edition the cache does not hold, so a command starts fast)
        from skullking.loading.loader import load_path

        bundled = name if name in bundled_edition_files() else None
        edition = load_path(path, use_cache=False, bundled=bundled, allow_paths=allow_paths)
    return edition


def bundled_editions() -> list[tuple[str, str]]:
    """(id, title) of every bundled edition, sorted by id."""
    from skullking.core.resources import bundled_edition_files  # (as in load_edition)

    return [(ident, load_edition(ident).title) for ident in bundled_edition_files()]
