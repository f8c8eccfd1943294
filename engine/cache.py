"""The on-disk cache of compiled editions, so that the command line starts fast.

An entry is a JSON file (:mod:`skullking.codec`: data that names only the engine's own
record types, so that reading a planted file can never run code), keyed by a
fingerprint of the engine's own files and the edition file's path. It records the
engine fingerprint and the SHA-256 of every file the edition was merged from, the file
itself first, and a digest of its own content; it is used only while all of them
match: an entry made for another file, by other code, from other bytes, or damaged
is rebuilt, never trusted. A bundled edition is also remembered under its id, so that
loading it by id needs neither the YAML parser nor a package resource look-up; the
recorded file hashes are checked all the same. Warnings are kept with absolute file
names, shown relative to where the command runs each time. An edition's plan tables
(:mod:`skullking.plantable`) are kept by a fingerprint of its rules and this engine.

The folder follows the platform's conventions (``platformdirs``: on Linux
``$XDG_CACHE_HOME/skullking``, a relative ``XDG_CACHE_HOME`` ignored as the XDG spec
says, else ``~/.cache/skullking``); ``SKULLKING_CACHE_DIR`` moves it and
``SKULLKING_NO_CACHE=1`` turns it off. The folder and its files are the user's alone
(modes 0700 and 0600). A missing, stale or unwritable cache only makes loading
slower. (``os.path`` rather than ``pathlib``: this module is on the start-up path of
every command.)
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from . import __version__

_HERE = os.path.dirname(os.path.abspath(__file__))
#: The version of the entries' layout: entries of another layout are not read.
FORMAT = 2


def cache_dir() -> str | None:
    """The cache folder, or ``None`` when caching is off."""
    if os.environ.get("SKULLKING_NO_CACHE"):
        return None
    explicit = os.environ.get("SKULLKING_CACHE_DIR")
    if explicit:
        return explicit
    import platformdirs

    return str(platformdirs.user_cache_dir("skullking", appauthor=False))


def _engine_fingerprint() -> str:
    """Where the engine is installed, and the size and modification time of its own
    files and rule files, so that an entry built by other code is never used."""
    parts = [__version__, str(FORMAT), _HERE]
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
    """The SHA-256 of a file the cache depends on (read up to the file size limit: a
    larger file is no edition and matches no entry)."""
    from .limits import MAX_FILE_BYTES

    with open(path, "rb") as fh:
        data = fh.read(MAX_FILE_BYTES + 1)
    return hashlib.sha256(data).hexdigest() if len(data) <= MAX_FILE_BYTES else "too large"


def _key(kind: str, name: str) -> str:
    # surrogateescape: a file name given in bytes that are not UTF-8 keys as those bytes
    return hashlib.sha256(f"{_engine_fingerprint()}\0{kind}\0{name}".encode(errors="surrogateescape")).hexdigest()


def _entry_digest(engine: str, deps: Any, payload: str) -> str:
    return hashlib.sha256(f"{engine}\0{deps!r}\0{payload}".encode()).hexdigest()


def _read(directory: str, key: str, engine: str) -> tuple[Any, str] | None:
    """(deps, payload) of the entry stored under ``key`` if it was made by ``engine`` (an
    engine fingerprint, or ``"lark"``) and its digest proves it whole; ``None`` for a
    missing, stale or damaged entry."""
    import json

    try:
        with open(os.path.join(directory, f"{key}.json"), encoding="utf-8") as fh:
            record = json.loads(fh.read())
        deps, payload = record["deps"], record["payload"]
        if record["engine"] != engine or record["digest"] != _entry_digest(engine, deps, payload):
            return None
        return deps, payload
    except Exception:  # a missing, damaged or planted entry is only a slower start
        return None


def _load(key: str, source: str | None) -> Any:
    """The payload stored under ``key`` if the entry proves it was built by this engine
    from ``source`` (its first file; ``None``: any) and files that are all unchanged."""
    directory = cache_dir()
    if directory is None:
        return None
    from .codec import loads

    found = _read(directory, key, _engine_fingerprint())
    if found is None:
        return None
    deps, payload = found
    try:
        if not deps or (source is not None and deps[0][0] != source):
            return None
        for dep, dep_digest in deps:
            if _digest(dep) != dep_digest:
                return None
        return loads(payload)
    except Exception:  # a missing, stale, damaged or planted entry is only a slower start
        return None


def _edition_payload(edition: Any) -> dict[str, Any]:
    return {name: getattr(edition, name) for name in edition.FIELDS}


def _edition(values: Any) -> Any:
    from .edition import Edition

    return Edition(**values)


def display_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages: relative to the working directory when inside
    it, else as given."""
    full = os.path.realpath(path)
    here = os.path.realpath(os.getcwd())
    if full == here or full.startswith(here + os.sep):
        return os.path.relpath(full, here)
    return os.fspath(path)


def _shown(warnings: Any) -> list[Any]:
    """Warnings kept with absolute file names, named for where the command runs now."""
    return [w._replace(file=display_name(w.file)) if os.path.isabs(w.file) else w for w in warnings]


def _checked(key: str, source: str | None) -> tuple[Any, list[Any]] | None:
    found = _load(key, source)
    if found is None:
        return None
    values, warnings = found
    values = dict(values)
    if source is not None:
        values["path"] = display_name(source)
    return _edition(values), _shown(warnings)


def cached(path: str | os.PathLike[str]) -> Any:
    """The cached edition built from the file at ``path``, or ``None``."""
    source = os.path.abspath(path)
    found = _checked(_key("path", source), source)
    return None if found is None else found[0]


def cached_check(path: str | os.PathLike[str]) -> tuple[Any, list[Any]] | None:
    """(edition, warnings) of a file that was checked before and has not changed since:
    only files without errors are cached, so this is the whole of a check's result.
    File names are shown relative to where the command runs now."""
    source = os.path.abspath(path)
    return _checked(_key("path", source), source)


def cached_lint(path: str | os.PathLike[str]) -> list[Any] | None:
    """The lint warnings (:mod:`skullking.lint`) of a file checked before and unchanged
    since, or ``None``; file names shown relative to where the command runs now."""
    source = os.path.abspath(path)
    found = _load(_key("lint", source), source)
    return None if found is None else _shown(found)


def store_lint(path: str | os.PathLike[str], deps: list[tuple[str, str]], warnings: list[Any]) -> None:
    """Remember the lint warnings of the file at ``path`` (built from ``deps``; the
    warnings with absolute file names)."""
    _store([_key("lint", os.path.abspath(path))], deps, warnings)


def cached_bundled(ident: str) -> Any:
    """The cached bundled edition ``ident``, or ``None``."""
    found = _checked(_key("bundled", ident), None)
    return None if found is None else found[0]


def store(
    path: str | os.PathLike[str],
    deps: list[tuple[str, str]],
    edition: Any,
    *,
    warnings: list[Any] | None = None,
    bundled: str | None = None,
) -> None:
    """Remember ``edition`` (and the warnings its check gave, with absolute file
    names), built from ``path`` and the files ``deps`` (path, sha256), ``path`` first."""
    keys = [_key("path", os.path.abspath(path))] + ([_key("bundled", bundled)] if bundled else [])
    kept = [w._replace(file=os.path.abspath(w.file)) if os.path.exists(w.file) else w for w in warnings or []]
    _store(keys, deps, (_edition_payload(edition), kept))


def lark_grammar(name: str, grammar: str, build: Any) -> Any:
    """The lark parser for ``grammar`` (called ``name``): read from the cache as JSON
    data when an entry for this very grammar text and lark version is there, else
    ``build()`` it and store its analysed tables. (lark's own cache pickles.)"""

    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    from .codec import CodecError, dumps, loads

    key = _key("lark", f"{name}\0{lark.__version__}\0{hashlib.sha256(grammar.encode()).hexdigest()}")
    directory = cache_dir()
    found = None if directory is None else _read(directory, key, "lark")
    if found is not None and not found[0]:  # (a grammar's entry depends on no file)
        try:
            data, memo = loads(found[1])
            return lark.Lark.load({"data": data, "memo": memo})
        except Exception:  # an entry that does not load: build the parser anew
            pass
    parser = build()
    if directory is not None:
        try:
            data, memo = parser.memo_serialize([TerminalDef, Rule])
            payload = dumps((data, memo))
            _write(directory, key, {"engine": "lark", "deps": [], "payload": payload})
        except (CodecError, OSError):
            pass
    return parser


def cached_plans(fingerprint: str) -> Any:
    """The plan table (:mod:`skullking.plantable`) stored for the edition whose rules
    have ``fingerprint``, by this engine, or ``None``."""
    directory = cache_dir()
    found = None if directory is None else _read(directory, _key("plans", fingerprint), _engine_fingerprint())
    if found is None or found[0]:  # (a table's entry depends on no file)
        return None
    import json

    try:
        return json.loads(found[1])
    except Exception:  # a payload that does not read: the table is built anew
        return None


def store_plans(fingerprint: str, table: Any) -> None:
    """Remember the plan table of the edition whose rules have ``fingerprint``."""
    directory = cache_dir()
    if directory is None:
        return
    import json

    try:
        payload = json.dumps(table, separators=(",", ":"))
        _write(directory, _key("plans", fingerprint), {"engine": _engine_fingerprint(), "deps": [], "payload": payload})
    except Exception:  # an unwritable cache only makes the next large run slower to start
        pass


def _write(directory: str, key: str, record: dict[str, Any]) -> None:
    import contextlib
    import json
    import tempfile

    record["digest"] = _entry_digest(record["engine"], record["deps"], record["payload"])
    os.makedirs(directory, mode=0o700, exist_ok=True)
    written = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=directory, delete=False, suffix=".tmp") as fh:
            written = fh.name  # a full disk may say so on a write, or only when the file is closed
            fh.write(json.dumps(record, ensure_ascii=False))
        os.replace(written, os.path.join(directory, f"{key}.json"))
    except BaseException:  # a full disk, or an interrupt: no half-written file stays behind
        if written is not None:
            with contextlib.suppress(OSError):
                os.unlink(written)
        raise


def _store(keys: list[str], deps: list[tuple[str, str]], payload: Any) -> None:
    directory = cache_dir()
    if directory is None:
        return
    from .codec import dumps

    try:
        text = dumps(payload)
        engine = _engine_fingerprint()
        for key in keys:
            _write(directory, key, {"engine": engine, "deps": [list(d) for d in deps], "payload": text})
    except Exception:  # an unwritable cache only makes the next start slower
        pass
