"""The on-disk cache of compiled editions, so that the command line starts fast.

An entry is keyed by a fingerprint of the engine's own files, the edition file's
path and its bytes, and records the hash of every file it was merged from; it is
used only while all of them are unchanged. A bundled edition is also remembered
under its id, so that loading it by id needs neither the YAML parser nor a package
resource look-up; the recorded file hashes are checked all the same.

``SKULLKING_CACHE_DIR`` moves the cache (default ``$XDG_CACHE_HOME/skullking`` or
``~/.cache/skullking``); ``SKULLKING_NO_CACHE=1`` turns it off. A missing, stale or
unwritable cache only makes loading slower. (``os.path`` rather than ``pathlib``:
this module is on the start-up path of every command.)
"""

from __future__ import annotations

import hashlib
import os
import pickle
from typing import Any

from . import __version__

_HERE = os.path.dirname(os.path.abspath(__file__))


def _cache_dir() -> str | None:
    if os.environ.get("SKULLKING_NO_CACHE"):
        return None
    explicit = os.environ.get("SKULLKING_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "skullking")


def _engine_fingerprint() -> str:
    """Where the engine is installed, and the size and modification time of its own
    files and rule files, so that an entry built by other code is never used."""
    parts = [__version__, _HERE]
    for folder in (_HERE, os.path.join(_HERE, "rules")):
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith((".py", ".json", ".lark")) and entry.is_file():
                info = entry.stat()
                parts.append(f"{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(parts)


def _digest(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def _key(kind: str, name: str) -> str:
    # surrogateescape: a file name given in bytes that are not UTF-8 keys as those bytes
    return hashlib.sha256(f"{_engine_fingerprint()}\0{kind}\0{name}".encode(errors="surrogateescape")).hexdigest()


def _load(key: str) -> tuple[Any, list[Any]] | None:
    directory = _cache_dir()
    if directory is None:
        return None
    try:
        with open(os.path.join(directory, f"{key}.pickle"), "rb") as fh:
            deps, edition, warnings = pickle.load(fh)
        for dep, digest in deps:
            if _digest(dep) != digest:
                return None
        return edition, warnings
    except Exception:  # a missing, stale or unreadable cache is only a slower start
        return None


def cached(path: str | os.PathLike[str]) -> Any:
    """The cached edition built from the file at ``path``, or ``None``."""
    found = _load(_key("path", os.path.abspath(path)))
    return None if found is None else found[0]


def cached_check(path: str | os.PathLike[str]) -> tuple[Any, list[Any]] | None:
    """(edition, warnings) of a file that was checked before and has not changed since:
    only files without errors are cached, so this is the whole of a check's result."""
    return _load(_key("path", os.path.abspath(path)))


def cached_bundled(ident: str) -> Any:
    """The cached bundled edition ``ident``, or ``None``."""
    found = _load(_key("bundled", ident))
    return None if found is None else found[0]


def lark_cache(name: str) -> str | bool:
    """Where lark may keep the analysed grammar ``name`` (lark checks the grammar's
    hash itself), or ``False`` when caching is off."""
    directory = _cache_dir()
    if directory is None:
        return False
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError:
        return False
    return os.path.join(directory, f"lark-{name}.cache")


def store(
    path: str | os.PathLike[str],
    deps: list[tuple[str, str]],
    edition: Any,
    *,
    warnings: list[Any] | None = None,
    bundled: str | None = None,
) -> None:
    """Remember ``edition`` (and the warnings its check gave), built from ``path`` and
    the files ``deps`` (path, sha256)."""
    directory = _cache_dir()
    if directory is None:
        return
    import tempfile

    keys = [_key("path", os.path.abspath(path))] + ([_key("bundled", bundled)] if bundled else [])
    try:
        os.makedirs(directory, exist_ok=True)
        for key in keys:
            with tempfile.NamedTemporaryFile(dir=directory, delete=False, suffix=".tmp") as fh:
                pickle.dump((deps, edition, warnings or []), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(fh.name, os.path.join(directory, f"{key}.pickle"))
    except Exception:
        pass
