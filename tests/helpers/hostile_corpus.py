"""The hostile-input corpus: bombs, huge numbers, deep nesting, binary, control characters,
long lines, and every size limit of ``skullking.core.limits`` crossed.

Small inputs are files in ``tests/hardening/hostile/``; large ones are made by :func:`materialize`.
Each input is run through every command that reads a file (:data:`COMMANDS`) by
``tests/hardening/test_hostile.py`` (exit code and message) and by ``benchmarks/hostile.py`` (time
and peak memory).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "hardening" / "hostile"
#: A valid sheet, for ``score --edition FILE SHEET``.
SHEET = ROOT / "examples" / "sheets" / "harbour-night.yaml"
#: Any located message: ``FILE:LINE:COLUMN: ...``.
LOCATED = r":\d+:\d+: "


@dataclass(frozen=True)
class Hostile:
    """One hostile input. ``edition`` is the message (a regular expression) it gets read
    as an edition file, ``sheet`` as a score sheet and ``batch`` as ``trick --batch``
    input; ``commands`` overrides one command's expected message."""

    name: str
    edition: str
    sheet: str = LOCATED
    batch: str = r"not JSON|not UTF-8|line longer than"
    commands: dict[str, str] = field(default_factory=dict)
    #: How to make a large input (its bytes); ``None``: the file tests/hardening/hostile/NAME.
    make: bytes | None = None
    #: A path used as it is (a device), instead of a file.
    device: str | None = None


def _both(name: str, message: str, **more: Any) -> Hostile:
    """An input refused alike as an edition and as a sheet (by the YAML reader's limits)."""
    return Hostile(name, message, sheet=message, **more)


def _many_rounds() -> bytes:
    rounds = "".join("  - {bids: {Ann: 0, Bo: 0}, won: {Ann: 0, Bo: 0}}\n" for _ in range(101))
    return f"players: [Ann, Bo]\nrounds:\n{rounds}".encode()


def _overlay(name: str, body: str) -> bytes:
    return f"extends: skullking-2021\nid: {name}\n{body}".encode()


#: The size message of a file cut at the limit.
TOO_LARGE = r"the file is larger than 1,000,000 bytes"
#: What an edition file or sheet gets where YAML is refused outright.
NO_EDITION = r"no such file or bundled edition"

CORPUS: tuple[Hostile, ...] = (
    Hostile("alias-bomb.yaml", r"more than 100,000 values", sheet=r"more than 200,000 values"),
    Hostile("alias-recursive.yaml", r"alias '\*loop' stands inside the value it names", sheet=r"stands inside"),
    Hostile("many-aliases.yaml", r"more than 50 aliases", sheet=r"more than 50 aliases"),
    Hostile("deep-nesting.yaml", r"nested more than 64 levels deep", sheet=r"nested more than 64"),
    Hostile("control-chars.yaml", r"control character .* \(U\+001B\) is not allowed", sheet=r"\(U\+001B\)"),
    Hostile("huge-number.yaml", r"the number 1000.* is too large: at most 30 digits", sheet=r"at most 30 digits"),
    Hostile("players-beyond-limit.yaml", r"players.max: 1000000000000000000 is greater than the maximum of 20"),
    Hostile("deck-beyond-limit.yaml", r"deck.cards\[escape\].count: 1000000000 is greater than the maximum of 100"),
    Hostile("ranks-beyond-limit.yaml", r"suit 'yellow' has 1,000,000,000 ranks"),
    Hostile(
        "batch-deep.jsonl",
        r"YAML syntax error",
        sheet=r"YAML syntax error",
        batch=r"nested more than 64 levels deep at column 65",
    ),
    Hostile(
        "batch-huge-number.jsonl",
        r"YAML syntax error",
        sheet=r"YAML syntax error",
        batch=r"not a trick: a number of 5000 digits is too large",
    ),
    _both(
        "binary.bin",
        r"not UTF-8 text: byte 0x80",
        batch=r"not UTF-8 text|not JSON",
        make=bytes(range(256)) * 4,
    ),
    _both(
        "flow-bomb.yaml",
        r"exceeded maximum nesting depth",
        batch=r"nested more than 64 levels deep at column 65",
        make=b"[" * 5_000,
    ),
    _both("too-large.yaml", TOO_LARGE, make=(b"# " + b"x" * 997 + b"\n") * 1_001),
    _both("long-line.yaml", r"YAML syntax error", make=_overlay("long-line", "title: " + "x" * 900_000 + ": [\n")),
    Hostile(
        "long-formula.yaml",
        r"the formula is 12,001 characters long: the most a formula may have is 10,000",
        make=_overlay(
            "long-formula",
            "scoring:\n  schemes:\n    classic:\n      cases:\n        zero-made: {points: " + "1 + " * 3_000 + "1}\n",
        ),
    ),
    Hostile(
        "long-value.yaml",
        r"players.max: 'aaaaaaaaa.*\.\.\. \(900,002 characters\) is not of type 'integer'",
        make=_overlay("long-value", "players: {max: " + "a" * 900_000 + "}\n"),
    ),
    Hostile(
        "schedule-rounds.yaml",
        r"schedule 'standard' has 101 rounds: the most a schedule may have is 100",
        make=_overlay("schedule-rounds", "schedule:\n  variants:\n    standard: {rounds: [" + "1, " * 100 + "1]}\n"),
    ),
    _both(
        "many-items.yaml",
        r"more than 5,000 items in one list",
        make=_overlay("many-items", "sources: [" + "a, " * 5_001 + "a]\n"),
    ),
    Hostile(
        "many-rounds.yaml",
        r"'id' is a required property",
        sheet=r"more than 100 rounds: the most a sheet may hold",
        make=_many_rounds(),
    ),
    _both(
        "batch-long-line.jsonl",
        TOO_LARGE,
        batch=r"line longer than 10,000 bytes: not read",
        make=b'{"cards": ["Y1", "Y2"]}\n' + b"x" * 2_000_000 + b'\n{"cards": ["Y1", "SK"]}\n',
    ),
    _both(
        "dev-zero",
        TOO_LARGE,
        batch=r"line longer than 10,000 bytes",
        # --edition and diff take regular files only: a device is no edition file.
        commands=dict.fromkeys(("trick", "legal", "explain", "simulate", "diff", "score --edition"), NO_EDITION),
        device="/dev/zero",
    ),
)

#: Each command that reads a file: (label, arguments with FILE for the input, exit code,
#: which message applies).
COMMANDS: tuple[tuple[str, tuple[str, ...], int, str], ...] = (
    ("validate", ("validate", "FILE"), 1, "edition"),
    ("trick", ("trick", "--edition", "FILE", "Y1", "Y2"), 2, "edition"),
    ("legal", ("legal", "--edition", "FILE", "--hand", "Y1,E", "Y2"), 2, "edition"),
    ("explain", ("explain", "--edition", "FILE"), 2, "edition"),
    ("simulate", ("simulate", "--edition", "FILE", "--seed", "1"), 2, "edition"),
    ("diff", ("diff", "FILE", "bga"), 2, "edition"),
    ("score --edition", ("score", "--edition", "FILE", str(SHEET)), 2, "edition"),
    ("score", ("score", "FILE"), 2, "sheet"),
    ("trick --batch", ("trick", "--batch", "FILE"), 2, "batch"),
)


def _record_of_rules() -> bytes:
    """1,000 games of a score pad, each carrying the same house rule inline and a note
    that brings it to 990 bytes: a record just under the size limit."""
    rule = "extends: skullking-2021\nid: loot-worth-10\neffects:\n  list:\n    - {id: loot, points: 10}\n"
    carried = "".join(f"| {line}\n" for line in rule.splitlines())
    game = f'[Edition "loot-worth-10"]\n[Players "Ann" "Bo" "Cy"]\n{carried}'
    game += "round 1 cards 1\n  bid Ann 1\n  bid Bo 0\n  bid Cy 0\n  won Ann 1\n  won Bo 0\n  won Cy 0\nend\n"
    note = f'[Note "{"x" * (990 - len(game) - 10)}"]\n'
    return ((note + game) * 1_000).encode()


@dataclass(frozen=True)
class HostileRecord:
    """A hostile game record for ``replay``: its bytes, the exit code and the message
    (a regular expression, on standard error; empty: none) it gets."""

    name: str
    make: bytes
    code: int
    message: str


#: The header and the first round of a record of two players, before its events.
_ROUND = b'[Players "A" "B"]\nround 1 cards 1\n'

#: Records at the size limit: many games carrying one house rule, more games than a
#: record may hold, a huge tag, rounds without their end, more words than a record may
#: hold (MAX_RECORD_WORDS: a deal of 330,000 cards, a deal of a million unseen cards,
#: written without spaces, a game of 333,000 tags, a round of 99,000 bids).
RECORDS: tuple[HostileRecord, ...] = (
    HostileRecord("record-rules-1000.skr", _record_of_rules(), 0, ""),
    HostileRecord(
        "record-games-1001.skr",
        b'[Players "A" "B"]\nround 1 cards 1 bid A 0 bid B 0\n' * 19_980,
        2,
        r"^\S+:2001:1: a record holds at most 1,000 games: this is game 1,001\n$",
    ),
    HostileRecord(
        "record-huge-rules.skr",
        b'[Edition "skullking-2021"]\n[Rules "' + b"a" * 900_000 + b'"]\n[Players "A" "B"]\n',
        2,
        r"^\S+:2:2: [^\n]* \(its Rules 'a{100}\.\.\. \(900000 characters\)', the edition's '[0-9a-f]{64}'\)\n$",
    ),
    HostileRecord(
        "record-no-end.skr",
        b'[Players "A" "B"]\n' + b"".join(b"round %d cards 1\n" % n for n in range(1, 20_001)),
        2,
        r"([^\n]*round \d+ has no 'end' before[^\n]*\n){20}"
        r"skullking: and 19,979 more problems \(the first 20 are shown\)\n$",
    ),
    HostileRecord(
        "record-dense.skr",
        (_ROUND + b"  deal A " + b"Y1 " * 330_000)[:999_000] + b"\n",
        2,
        # (the header's 5 words, the round's 4, 'deal A', then card 99,990)
        r"^\S+:3:299977: a record holds at most 100,000 words: this is word 100,001\n$",
    ),
    HostileRecord(
        "record-unseen-cards.skr",
        (_ROUND + b"  deal A " + b"?" * 1_000_000)[:999_000] + b"\n",
        2,
        r"^\S+:3:99999: a record holds at most 100,000 words: this is word 100,001\n$",
    ),
    HostileRecord(
        "record-many-tags.skr",
        b"[A]" * 333_000 + b"\n",
        2,
        r"^\S+:1:100001: a record holds at most 100,000 words: this is word 100,001\n$",
    ),
    HostileRecord(
        "record-many-bids.skr",
        _ROUND + b"  bid A 0\n" * 99_000,
        2,
        r"^\S+:33333:7: a record holds at most 100,000 words: this is word 100,001\n$",
    ),
)


def available(case: Hostile) -> bool:
    """Whether the input can be made here (a device may be missing)."""
    return case.device is None or os.path.exists(case.device)


def materialize(case: Hostile, folder: Path) -> str:
    """The path of the input: its file in tests/hardening/hostile/, a device, or a file made in
    ``folder``."""
    if case.device is not None:
        return case.device
    if case.make is None:
        return str(HERE / case.name)
    path = folder / case.name
    if not path.exists():
        path.write_bytes(case.make)
    return str(path)


def expected(case: Hostile, label: str, kind: str) -> str:
    """The message (a regular expression) ``case`` gets from the command ``label``."""
    if label in case.commands:
        return case.commands[label]
    message: str = getattr(case, kind)
    return message


def argv(command: tuple[str, ...], path: str) -> list[str]:
    return [path if a == "FILE" else a for a in command]
