"""The on-disk cache: keyed, signed records of text, so that the command line starts fast.

Storage is a leaf: it keeps text (a compiled edition written by
:mod:`skullking.loading.stored`, lark's analysed grammars, plan tables) under a kind and
a name, with the files it was made from, and knows no edition. An entry is a JSON file
keyed by a fingerprint of the engine's own files, the kind and the name. It records the
engine fingerprint and the SHA-256 of every file its payload was made from, the source
first (and the names an ``extends`` tried before the file it found, which must stay
absent), and a message authentication code of its own content; :func:`read` gives its
payload only while all of them match: an entry made for another file, by other code,
from other bytes, damaged or written by anyone else is not used. A payload is data, never
code: the readers decode it with a codec that builds only known types
(:mod:`skullking.storage.codec`) and check what they build.

The folder follows the platform's conventions (``platformdirs``: on Linux
``$XDG_CACHE_HOME/skullking``, a relative ``XDG_CACHE_HOME`` ignored as the XDG spec
says, else ``~/.cache/skullking``); ``SKULLKING_CACHE_DIR`` moves it and
``SKULLKING_NO_CACHE=1`` turns it off. A missing, stale or unwritable cache only makes
loading slower.

Files that others can write are treated as ssh treats ``~/.ssh``: the folder is used
only while it is owned by the user and writable by nobody else (else the cache is off,
with one :class:`CacheWarning`), and an entry is read only when it is a regular file of
the user's, writable by nobody else, not reached through a symbolic link and at most
:data:`MAX_ENTRY_BYTES` long (a FIFO, a device or ``/dev/zero`` is never opened for
reading). Entries are signed with HMAC-SHA256 under a per-user secret key (32 random
bytes, made on first use in the user's config folder, ``$XDG_CONFIG_HOME/skullking/
cache-key`` on Linux, mode 0600; ``SKULLKING_CONFIG_DIR`` moves the folder), so an
entry cannot be forged or edited from what the install alone tells: a digest worked
out again by hand does not match. The folder and its files are the user's alone (modes
0700 and 0600). (``os.path`` rather than ``pathlib``: this module is on the start-up
path of every command.)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import os
import stat
from typing import Any

from skullking.core.limits import MAX_FILE_BYTES
from skullking.core.version import __version__

_HERE = os.path.dirname(os.path.abspath(__file__))
#: The version of the entries' layout: entries of another layout are not read.
FORMAT = 3
#: The largest entry read back (a plan table of skullking-2021 takes about 2 MB; an
#: edition at the documented limits a few MB): a larger file is no entry of ours.
MAX_ENTRY_BYTES = 64 * 1024 * 1024
#: The dependency digest of a file that must not exist (a name ``extends`` tried first).
ABSENT = "absent"
#: The name of the secret key's file in the config folder.
KEY_FILE = "cache-key"


class CacheWarning(UserWarning):
    """The cache is off because its folder or key is not the user's alone."""


#: The folders and keys warned about already (one warning each per process).
_warned: set[str] = set()
#: The secret key read from each key file, once per process.
_keys: dict[str, bytes] = {}


def _warn(where: str, message: str) -> None:
    if where not in _warned:
        _warned.add(where)
        import warnings

        warnings.warn(CacheWarning(message), stacklevel=3)


def cache_dir() -> str | None:
    """The cache folder, or ``None`` when caching is off (not checked: see :func:`folder`)."""
    if os.environ.get("SKULLKING_NO_CACHE"):
        return None
    explicit = os.environ.get("SKULLKING_CACHE_DIR")
    if explicit:
        return explicit
    import platformdirs

    return str(platformdirs.user_cache_dir("skullking", appauthor=False))


def config_dir() -> str:
    """The folder of the cache's secret key: ``SKULLKING_CONFIG_DIR``, else the
    platform's config folder for skullking."""
    explicit = os.environ.get("SKULLKING_CONFIG_DIR")
    if explicit:
        return explicit
    import platformdirs

    return str(platformdirs.user_config_dir("skullking", appauthor=False))


def _foreign(info: os.stat_result, *, secret: bool = False) -> str | None:
    """Why a file or folder with ``info`` is not the user's alone, or ``None``: another
    owner, or writable (``secret``: readable or writable) by group or others. (POSIX
    only: elsewhere modes do not say who may write.)"""
    if not hasattr(os, "getuid"):
        return None
    if info.st_uid != os.getuid():
        return f"it belongs to another user (uid {info.st_uid})"
    if stat.S_IMODE(info.st_mode) & (0o077 if secret else 0o022):
        what = "readable or writable" if secret else "writable"
        return f"it is {what} by others (mode {stat.S_IMODE(info.st_mode):04o})"
    return None


def _private_dir(path: str, what: str, *, create: bool) -> bool:
    """Whether the folder ``path`` (made 0700 if missing and ``create``) is a folder of
    the user's that nobody else can write; warns once when it is not."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if not create:
            return False
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
            info = os.stat(path)
        except OSError:  # an unwritable place: no cache, only a slower start
            return False
    except (OSError, ValueError):
        return False
    why = "it is not a folder" if not stat.S_ISDIR(info.st_mode) else _foreign(info)
    if why is not None:
        _warn(path, f"the cache is off: {what} {path} is not yours alone: {why}")
        return False
    return True


def folder(*, create: bool = False) -> str | None:
    """The cache folder when caching is on and the folder is the user's alone (made if
    missing and ``create``), else ``None``."""
    directory = cache_dir()
    if directory is None or not _private_dir(directory, "the cache folder", create=create):
        return None
    return directory


def _open_private(path: str, *, secret: bool = False) -> int | None:
    """A descriptor of the regular file ``path`` if it is the user's alone (not reached
    through a symbolic link, never a FIFO or device), else ``None``."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode) and _foreign(info, secret=secret) is None and info.st_size <= MAX_ENTRY_BYTES:
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def _read_fd(fd: int, limit: int) -> bytes | None:
    """At most ``limit`` bytes from ``fd`` (closed after), ``None`` when there are more."""
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(limit + 1)
    return data if len(data) <= limit else None


def _secret() -> bytes | None:
    """The user's secret key for signing entries (made on first use), or ``None`` when
    it can neither be read nor made, or is not the user's alone (then with a warning)."""
    where = config_dir()
    path = os.path.join(where, KEY_FILE)
    known = _keys.get(path)
    if known is not None:
        return known
    if not _private_dir(where, "the folder of the cache's key", create=True):
        return None
    key = _read_key(path)
    if key is None and not os.path.lexists(path):
        _make_key(where, path)
        key = _read_key(path)
    if key is None:
        if os.path.lexists(path):
            _warn(path, f"the cache is off: its key {path} is not a file of 64 hex digits that only you can read")
        return None
    _keys[path] = key
    return key


def _read_key(path: str) -> bytes | None:
    fd = _open_private(path, secret=True)
    data = None if fd is None else _read_fd(fd, 64)
    if data is None or len(data) != 64:
        return None
    try:
        return bytes.fromhex(data.decode("ascii"))
    except ValueError:
        return None


def _make_key(where: str, path: str) -> None:
    """Write a new key to ``path``, atomically (a key another process made first stays)."""
    import secrets
    import tempfile

    try:
        fd, temporary = tempfile.mkstemp(dir=where, prefix=".key-", suffix=".tmp")  # (mode 0600)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secrets.token_hex(32))
        os.link(temporary, path)  # (fails if another process made it first: that key stays)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


@functools.cache
def _engine_fingerprint() -> str:
    """Where the engine is installed, and the name, size and modification time of each
    of its own files: every module of every subpackage, and the rule files (grammars,
    schemas) of an installed package (an editable install leaves them beside it), so that
    an entry built by other code, or by modules since moved, is never used. Worked out
    once a process."""
    package = os.path.dirname(_HERE)
    parts = [__version__, str(FORMAT), package]
    for folder, subfolders, files in sorted(os.walk(package)):
        subfolders[:] = sorted(d for d in subfolders if d not in {"__pycache__", "tools"})
        for name in sorted(files):
            if name.endswith((".py", ".json", ".lark")):
                path = os.path.join(folder, name)
                info = os.stat(path)
                parts.append(f"{os.path.relpath(path, package)}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(parts)


@functools.cache
def code_fingerprint() -> str:
    """The SHA-256 of the engine fingerprint (where the package is installed and the
    name, size and modification time of each of its files, the command-line tools'
    included), for a record that only the code that made it may use (the score pad's
    stored reports). Worked out once a process."""
    return hashlib.sha256(_engine_fingerprint().encode(errors="surrogateescape")).hexdigest()


def _digest(path: str) -> str:
    """The SHA-256 of a file the cache depends on (read up to the file size limit: a
    larger file is no edition and matches no entry); :data:`ABSENT` where no file is
    (as ``extends`` sees it: nothing, or no regular file). Never blocks on a FIFO."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return ABSENT
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return ABSENT
    except OSError:
        os.close(fd)
        raise
    data = _read_fd(fd, MAX_FILE_BYTES)
    return hashlib.sha256(data).hexdigest() if data is not None else "too large"


def _key(kind: str, name: str) -> str:
    # surrogateescape: a file name given in bytes that are not UTF-8 keys as those bytes
    return hashlib.sha256(f"{_engine_fingerprint()}\0{kind}\0{name}".encode(errors="surrogateescape")).hexdigest()


def _entry_digest(secret: bytes, engine: str, deps: Any, payload: str) -> str:
    """The entry's message authentication code under the user's ``secret``."""
    message = f"{engine}\0{deps!r}\0{payload}".encode(errors="surrogateescape")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _read(directory: str, key: str, engine: str) -> tuple[Any, str] | None:
    """(deps, payload) of the entry stored under ``key`` if it was made by ``engine`` (an
    engine fingerprint, or ``"lark"``) and its code proves it was written under the
    user's key; ``None`` for a missing, stale, damaged, foreign or planted entry."""
    import json

    secret = _secret()
    if secret is None:
        return None
    fd = _open_private(os.path.join(directory, f"{key}.json"))
    if fd is None:
        return None
    try:
        data = _read_fd(fd, MAX_ENTRY_BYTES)
        if data is None:
            return None
        record = json.loads(data.decode("utf-8", "surrogateescape"))
        deps, payload, digest = record["deps"], record["payload"], record["digest"]
        if record["engine"] != engine or not isinstance(payload, str) or not isinstance(digest, str):
            return None
        if not hmac.compare_digest(digest, _entry_digest(secret, engine, deps, payload)):
            return None
        return deps, payload
    except Exception:  # a damaged or planted entry is only a slower start
        return None


def read(kind: str, name: str, source: str | None) -> str | None:
    """The payload stored under ``kind`` and ``name`` if the entry proves it was built by
    this engine from ``source`` (its first file; ``None``: any) and files that are all
    unchanged (and names that are all still absent); else ``None``."""
    directory = folder()
    if directory is None:
        return None
    found = _read(directory, _key(kind, name), _engine_fingerprint())
    if found is None:
        return None
    deps, payload = found
    try:
        if not deps or (source is not None and deps[0][0] != source):
            return None
        for dep, dep_digest in deps:
            if _digest(dep) != dep_digest:
                return None
    except Exception:  # a missing, stale, damaged or planted entry is only a slower start
        return None
    return str(payload)


def write(names: list[tuple[str, str]], deps: list[tuple[str, str]], payload: str) -> None:
    """Remember ``payload`` under each (kind, name) of ``names``, as built from the files
    ``deps`` ((path, sha256), the source first; :data:`ABSENT` for a name that must stay
    absent)."""
    engine = _engine_fingerprint()
    for kind, name in names:
        _write(_key(kind, name), {"engine": engine, "deps": [list(d) for d in deps], "payload": payload})


def lark_grammar(name: str, grammar: str, build: Any, **options: Any) -> Any:
    """The lark parser for ``grammar`` (called ``name``): read from the cache as JSON
    data when an entry for this very grammar text and lark version is there, else
    ``build()`` it and store its analysed tables. (lark's own cache pickles.) ``options``
    are those lark lets a stored parser take (a ``transformer`` that builds the result
    as the parser reads, instead of a tree): the parser is made from the stored tables
    with them."""

    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    # (the codec and json: kept off the start-up of a command that reads no cache, as explain)
    from skullking.storage.codec import PLAIN, CodecError

    load: Any = lark.Lark._load_from_dict  # (lark's own way to make a parser of stored tables, with options)
    key = _key("lark", f"{name}\0{lark.__version__}\0{hashlib.sha256(grammar.encode()).hexdigest()}")
    directory = folder()
    found = None if directory is None else _read(directory, key, "lark")
    if found is not None and not found[0]:  # (a grammar's entry depends on no file)
        try:
            data, memo = PLAIN.loads(found[1])
            return load(data, memo, **options)
        except Exception:  # an entry that does not load: build the parser anew
            pass
    parser = build()
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    with contextlib.suppress(CodecError):
        _write(key, {"engine": "lark", "deps": [], "payload": PLAIN.dumps((data, memo))})
    # (the tables as stored, with the options: ``build()``'s parser takes none)
    return load(data, memo, **options) if options else parser


def cached_plans(fingerprint: str) -> Any:
    """The plan table (:mod:`skullking.tricks.compiled.tables`) stored for the edition whose rules
    have ``fingerprint``, by this engine, or ``None``."""
    directory = folder()
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
    import json

    payload = json.dumps(table, separators=(",", ":"))
    _write(_key("plans", fingerprint), {"engine": _engine_fingerprint(), "deps": [], "payload": payload})


def _write(key: str, record: dict[str, Any]) -> None:
    """Sign ``record`` and store it under ``key``, atomically; nothing when the cache is
    off or cannot be written (then the next start is only slower), and no temporary
    file left behind (a full disk included)."""
    import json
    import tempfile

    directory = folder(create=True)
    secret = None if directory is None else _secret()
    if directory is None or secret is None:
        return
    record["digest"] = _entry_digest(secret, record["engine"], record["deps"], record["payload"])
    try:
        fd, temporary = tempfile.mkstemp(dir=directory, suffix=".tmp")  # (mode 0600)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write(json.dumps(record, ensure_ascii=False))  # (a full disk may say so here or on close)
        os.replace(temporary, os.path.join(directory, f"{key}.json"))
    except BaseException as exc:  # a full disk, text that is not UTF-8, an interrupt: no file left behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if not isinstance(exc, OSError | ValueError):
            raise
