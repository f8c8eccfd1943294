"""The score pad's database: games and their rounds in SQLite.

One file (the standard library's :mod:`sqlite3`, WAL mode). Every change is one
transaction, committed before the server answers, so a reload, a closed tab, a server
restart or a crash between two rounds loses nothing. Each game carries a ``version``
that every change raises: a writer that names the version it saw (the page always
does) is refused with :class:`StaleWrite` when someone else changed the game since,
so two tabs never overwrite or duplicate each other's rounds.

Beside the games it keeps texts the pad worked out (the compare page's reports) under a
key, each with a checksum: read back, a text is given only while it matches (anything
read from the file is input), and a text that does not is made again by the caller.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Seconds a request waits for the database while another writer (of this server or
#: another program) holds it, before it is answered 503 "try again".
BUSY_SECONDS = 3.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    edition TEXT NOT NULL,
    title TEXT NOT NULL,
    rules TEXT,
    players TEXT NOT NULL,
    schedule TEXT,
    scoring TEXT,
    modules TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS rounds (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated DESC);
CREATE TABLE IF NOT EXISTS drafts (
    game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    stamp INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS secrets (
    owner TEXT PRIMARY KEY,
    secret TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reports (
    key TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    text TEXT NOT NULL,
    digest TEXT NOT NULL,
    made REAL NOT NULL
);
"""

#: Random bytes in a secret: 128 bits, written in 22 characters of URL-safe base64.
SECRET_BYTES = 16

#: The owner of the secret that opens every game (and lets a phone start one); a game's
#: own secret is kept under the game's id.
WHOLE_PAD = ""

_SECRET_SHAPE = re.compile(r"[A-Za-z0-9_-]{22,}")

#: Reports kept at most, the newest (the compare page has 30 pairs of bundled editions).
MAX_REPORTS = 100


class NotFound(Exception):
    """No game (or round) of that id."""


class StaleWrite(Exception):
    """The game changed since the writer read it: its message says what to do."""


class Conflict(Exception):
    """A change that does not fit the game's rounds (a gap, undoing a round not last)."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: what it is played under and its rounds (sheet rounds, plain data)."""

    id: str
    edition: str
    title: str
    rules: str | None
    players: list[str]
    schedule: str | None
    scoring: str | None
    modules: list[str] | None
    created: float
    updated: float
    version: int
    rounds: list[dict[str, Any]]


class Store:
    """The games of one database file. Each call opens its own connection, so a store
    serves the server's threads without sharing one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # Writers of this process queue here, in turn, rather than poll SQLite's lock
        # (whose waiters can starve); the database lock still guards other processes.
        self._writing = threading.Lock()
        #: Changes this store committed: a count that every change raises.
        self.changes = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @contextmanager
    def _connect(self, wait: float = BUSY_SECONDS) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=wait, isolation_level=None)
        try:
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA synchronous=FULL")  # committed means on disk, also after a power cut
            yield db
        finally:
            db.close()

    @contextmanager
    def _change(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once: no two writers interleave), given up
        with "database is locked" when the database stays taken for :data:`BUSY_SECONDS`
        (waiting here in turn, then on SQLite's lock, within the same time)."""
        deadline = time.monotonic() + BUSY_SECONDS
        if not self._writing.acquire(timeout=BUSY_SECONDS):
            raise sqlite3.OperationalError("database is locked")
        try:
            with self._connect(max(deadline - time.monotonic(), 0.01)) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                self.changes += 1
        finally:
            self._writing.release()

    # ------------------------------------------------------------------ reading

    def games(self, limit: int = 200) -> list[dict[str, Any]]:
        """The newest games first: id, edition, title, players, rounds entered (a round
        with its bids only too), updated, version."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT g.id, g.edition, g.title, g.players, g.updated, g.version, "
                "(SELECT COUNT(*) FROM rounds r WHERE r.game = g.id) "
                "FROM games g ORDER BY g.updated DESC, g.id LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            {
                "id": ident,
                "edition": edition,
                "title": title,
                "players": json.loads(players),
                "updated": _iso(updated),
                "rounds": count,
                "version": version,
            }
            for ident, edition, title, players, updated, version, count in rows
        ]

    def started(self) -> list[tuple[str, int]]:
        """Every game's id and version, in the order the games were started."""
        with self._connect() as db:
            return [(row[0], row[1]) for row in db.execute("SELECT id, version FROM games ORDER BY created, id")]

    def game(self, ident: str) -> StoredGame:
        """The game ``ident`` with its rounds in order; raise :class:`NotFound`."""
        with self._connect() as db:
            db.execute("BEGIN")  # one snapshot for the game and its rounds
            try:
                return self._read(db, ident)
            finally:
                db.execute("COMMIT")

    def version(self, ident: str) -> int:
        """The version of game ``ident`` (raised by every change); raise :class:`NotFound`."""
        with self._connect() as db:
            return self._version(db, ident)

    def secret(self, owner: str) -> str:
        """The secret of a game (``owner`` its id) or of the whole pad (:data:`WHOLE_PAD`),
        made at random the first time it is asked for and kept. A stored one that is not
        the shape the pad writes (a database edited by hand) is replaced by a new one."""
        with self._connect() as db:
            kept = self._kept_secret(db, owner)
        if kept is not None:
            return kept
        with self._change() as db:
            if owner != WHOLE_PAD:
                self._version(db, owner)  # (no secret for a game that is not there)
            kept = self._kept_secret(db, owner)
            if kept is not None:
                return kept  # made by another request in between
            made = secrets.token_urlsafe(SECRET_BYTES)
            db.execute(
                "INSERT INTO secrets (owner, secret) VALUES (?, ?) "
                "ON CONFLICT (owner) DO UPDATE SET secret = excluded.secret",
                (owner, made),
            )
            return made

    @staticmethod
    def _kept_secret(db: sqlite3.Connection, owner: str) -> str | None:
        """The secret kept for ``owner``, if there is one of the shape the pad writes."""
        row = db.execute("SELECT secret FROM secrets WHERE owner = ?", (owner,)).fetchone()
        if row is not None and isinstance(row[0], str) and _SECRET_SHAPE.fullmatch(row[0]):
            return row[0]
        return None

    def draft(self, ident: str) -> tuple[int, dict[str, Any], int] | None:
        """The round being typed in game ``ident`` and not saved yet, as the last phone
        that typed it sent it: its number, its fields and its stamp (raised by each
        change), or ``None``. One that cannot be read back (a database edited by hand)
        is no draft."""
        with self._connect() as db:
            self._version(db, ident)
            row = db.execute("SELECT number, data, stamp FROM drafts WHERE game = ?", (ident,)).fetchone()
        if row is None:
            return None
        number, data, stamp = row
        try:
            fields = json.loads(data)
        except (TypeError, ValueError):
            return None
        if not isinstance(fields, dict) or not isinstance(number, int) or not isinstance(stamp, int):
            return None
        return number, fields, stamp

    def put_draft(self, ident: str, number: int, data: dict[str, Any], *, seen: int | None = None) -> int:
        """Keep ``data`` as the draft of round ``number`` of game ``ident`` (the next
        round, or the one in progress), in place of any before; its new stamp. Nothing
        is checked but its place, and with ``seen`` (the version the phone typed it on)
        that nothing was saved since: a draft typed before a save (sent a moment after
        the last tap, when the save came first) would otherwise stand in front of the
        round as saved on every phone. A draft is scored only when it is saved as a round."""
        with self._change() as db:
            game = self._read(db, ident)
            self._fresh(game, seen, "the draft was not kept: the phone shows the round as saved")
            count = len(game.rounds)
            going = count > 0 and bool(game.rounds[-1].get("in_progress"))
            if number != count + 1 and not (going and number == count):
                raise Conflict(f"round {number} is not the round being entered (round {count + 1})")
            row = db.execute("SELECT stamp FROM drafts WHERE game = ?", (ident,)).fetchone()
            stamp = (row[0] if row is not None and isinstance(row[0], int) else 0) + 1
            db.execute(
                "INSERT INTO drafts (game, number, data, stamp) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game) DO UPDATE SET "
                "number = excluded.number, data = excluded.data, stamp = excluded.stamp",
                (ident, number, json.dumps(data, ensure_ascii=False), stamp),
            )
            return stamp

    def report(self, key: str) -> str | None:
        """The text kept under ``key`` (:meth:`keep_report`), or ``None``: none kept, an
        entry that is not as it was kept (another type, a checksum that does not match),
        or a database that cannot be read now."""
        try:
            with self._connect() as db:
                row = db.execute("SELECT text, digest FROM reports WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:  # (a busy or damaged file, text that is not UTF-8)
            return None
        if row is None:
            return None
        text, digest = row
        if not isinstance(text, str) or digest != _checksum(key, text):
            return None
        return text

    def keep_report(self, key: str, code: str, text: str) -> bool:
        """Keep ``text`` under ``key``, made by the code of fingerprint ``code``: the
        reports other code made go, and past :data:`MAX_REPORTS` the oldest. Whether it
        was kept (not when the database is busy, full or read-only: it is only made again)."""
        try:
            with self._change() as db:
                db.execute("DELETE FROM reports WHERE code != ?", (code,))
                db.execute(
                    "INSERT INTO reports (key, code, text, digest, made) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET code = excluded.code, text = excluded.text, "
                    "digest = excluded.digest, made = excluded.made",
                    (key, code, text, _checksum(key, text), time.time()),
                )
                db.execute(
                    "DELETE FROM reports WHERE key NOT IN (SELECT key FROM reports ORDER BY made DESC LIMIT ?)",
                    (MAX_REPORTS,),
                )
        except (sqlite3.Error, UnicodeError):
            return False
        return True

    # ------------------------------------------------------------------ changing

    def create(
        self,
        *,
        edition: str,
        title: str,
        players: list[str],
        rules: str | None = None,
        schedule: str | None = None,
        scoring: str | None = None,
        modules: list[str] | None = None,
        rounds: list[dict[str, Any]] | None = None,
        distinct: bool = False,
    ) -> str:
        """Store a new game (with ``rounds`` when imported); return its id. With
        ``distinct`` (a title made from the players' names) a title another game has
        gets a number: ``Ann, Bo (2)``."""
        now = time.time()
        with self._change() as db:
            if distinct:
                title = self._free_title(db, title)
            while True:
                ident = secrets.token_hex(5)
                if db.execute("SELECT 1 FROM games WHERE id = ?", (ident,)).fetchone() is None:
                    break
            db.execute(
                "INSERT INTO games (id, edition, title, rules, players, schedule, scoring, modules, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    ident,
                    edition,
                    title,
                    rules,
                    json.dumps(players, ensure_ascii=False),
                    schedule,
                    scoring,
                    None if modules is None else json.dumps(modules),
                    now,
                    now,
                ),
            )
            db.executemany(
                "INSERT INTO rounds (game, number, data) VALUES (?, ?, ?)",
                [(ident, n, json.dumps(r, ensure_ascii=False)) for n, r in enumerate(rounds or [], 1)],
            )
        return ident

    def put_round(self, ident: str, number: int, data: dict[str, Any], *, seen: int | None, check: Any) -> int:
        """Enter round ``number`` (the next one, or one already entered, replaced) and
        return the game's new version. ``seen`` is the version the writer read (``None``:
        not checked). ``check(game, rounds)`` is called with the game and its rounds
        after the change and raises to refuse it; nothing is stored then. The check runs
        before the write is taken, on the version it is stored over: a change landing in
        between sends the round back to be checked again (or, with ``seen``, refused)."""
        while True:
            game = self.game(ident)
            self._fresh(game, seen)
            count = len(game.rounds)
            if not 1 <= number <= count + 1:
                raise Conflict(
                    f"round {number} cannot be entered yet: the game has {count} round{'s' if count != 1 else ''}, "
                    f"so the next is round {count + 1}"
                )
            check(game, [*game.rounds[: number - 1], data, *game.rounds[number:]])
            with self._change() as db:
                now = self._version(db, ident)
                if now == game.version:
                    db.execute(
                        "INSERT INTO rounds (game, number, data) VALUES (?, ?, ?) "
                        "ON CONFLICT (game, number) DO UPDATE SET data = excluded.data",
                        (ident, number, json.dumps(data, ensure_ascii=False)),
                    )
                    db.execute("DELETE FROM drafts WHERE game = ? AND number <= ?", (ident, number))
                    return self._touch(db, game)
            # changed since it was read: check again against what is there now

    def delete_round(self, ident: str, number: int, *, seen: int | None) -> StoredGame:
        """Remove the last round, ``number`` (undo); return the game as it is after."""
        with self._change() as db:
            game = self._read(db, ident)
            self._fresh(game, seen)
            count = len(game.rounds)
            if count == 0:
                raise Conflict("the game has no round to remove")
            if number != count:
                raise Conflict(f"only the last round, round {count}, can be removed (edit round {number} instead)")
            db.execute("DELETE FROM rounds WHERE game = ? AND number = ?", (ident, number))
            db.execute("DELETE FROM drafts WHERE game = ?", (ident,))  # (typed for the round after it)
            version = self._touch(db, game)
        return StoredGame(**{**_fields(game), "version": version, "rounds": game.rounds[:-1]})

    def rename(self, ident: str, title: str, *, seen: int | None = None) -> StoredGame:
        """Give game ``ident`` the title ``title``; ``seen`` as for :meth:`put_round`.
        The game as it is after."""
        with self._change() as db:
            game = self._read(db, ident)
            self._fresh(game, seen, "it was not renamed: reload to see the changes")
            db.execute("UPDATE games SET title = ? WHERE id = ?", (title, ident))
            self._touch(db, game)
            return self._read(db, ident)

    @staticmethod
    def _free_title(db: sqlite3.Connection, title: str) -> str:
        """``title``, or with the first number that no game's title has yet."""
        taken = {
            row[0] for row in db.execute("SELECT title FROM games WHERE substr(title, 1, ?) = ?", (len(title), title))
        }
        free, number = title, 2
        while free in taken:
            free, number = f"{title} ({number})", number + 1
        return free

    def delete_game(self, ident: str, *, seen: int | None = None) -> None:
        """Remove a game and its rounds; ``seen`` as for :meth:`put_round`."""
        with self._change() as db:
            if seen is not None:
                self._fresh(self._read(db, ident), seen, "it was not deleted: reload to see the changes")
            if db.execute("DELETE FROM games WHERE id = ?", (ident,)).rowcount == 0:
                raise NotFound(f"no game '{ident}'")
            db.execute("DELETE FROM secrets WHERE owner = ?", (ident,))

    @staticmethod
    def _read(db: sqlite3.Connection, ident: str) -> StoredGame:
        row = db.execute(
            "SELECT id, edition, title, rules, players, schedule, scoring, modules, created, updated, version "
            "FROM games WHERE id = ?",
            (ident,),
        ).fetchone()
        if row is None:
            raise NotFound(f"no game '{ident}'")
        rounds = db.execute("SELECT data FROM rounds WHERE game = ? ORDER BY number", (ident,)).fetchall()
        return _stored(row, [json.loads(data) for (data,) in rounds])

    @staticmethod
    def _version(db: sqlite3.Connection, ident: str) -> int:
        row = db.execute("SELECT version FROM games WHERE id = ?", (ident,)).fetchone()
        if row is None:
            raise NotFound(f"no game '{ident}'")
        version: int = row[0]
        return version

    @staticmethod
    def _fresh(
        game: StoredGame,
        seen: int | None,
        then: str = "nothing was saved: reload to see the changes, then enter your round again",
    ) -> None:
        """Refuse a writer who read an older version of ``game``: ``then`` says what
        became of the change."""
        if seen is not None and seen != game.version:
            raise StaleWrite(f"this game was changed elsewhere (another tab or device) since you loaded it; {then}")

    @staticmethod
    def _touch(db: sqlite3.Connection, game: StoredGame) -> int:
        db.execute("UPDATE games SET version = version + 1, updated = ? WHERE id = ?", (time.time(), game.id))
        return game.version + 1


def _stored(row: tuple[Any, ...], rounds: list[dict[str, Any]]) -> StoredGame:
    ident, edition, title, rules, players, schedule, scoring, modules, created, updated, version = row
    return StoredGame(
        id=ident,
        edition=edition,
        title=title,
        rules=rules,
        players=json.loads(players),
        schedule=schedule,
        scoring=scoring,
        modules=None if modules is None else json.loads(modules),
        created=created,
        updated=updated,
        version=version,
        rounds=rounds,
    )


def _checksum(key: str, text: str) -> str:
    """What a kept report's ``digest`` must be: the SHA-256 of its key and text."""
    return hashlib.sha256(f"{key}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()


def _fields(game: StoredGame) -> dict[str, Any]:
    return {name: getattr(game, name) for name in StoredGame.__dataclass_fields__}


def _iso(stamp: float) -> str:
    """A time as ISO 8601 in UTC, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))


def default_path() -> Path:
    """The score pad's database in the user's data folder (``SKULLKING_DATA_DIR`` wins)."""
    import os

    folder = os.environ.get("SKULLKING_DATA_DIR")
    if not folder:
        from platformdirs import user_data_dir

        folder = user_data_dir("skullking", appauthor=False)
    return Path(folder) / "scorepad.sqlite3"
