"""``skullking trick --batch``: one trick a line in, one JSON result a line out, each line
read and bounded on its own."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, TextIO

from skullking.core.errors import (
    SkullKingError,
    shorten,
)

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import TrickResult

from skullking.core.limits import MAX_BATCH_LINE, MAX_BATCH_SKIP, MAX_DIGITS, MAX_NESTING
from skullking.tools.common import NO_CARDS, UsageError, in_round, write_json


def _bounded_int(text: str) -> int:
    """JSON's integers, refused past :data:`~skullking.core.limits.MAX_DIGITS` digits (Python
    would refuse them only past 4,300, after the work)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits is too large")
    return int(text)


def _batch_line(edition: Edition, line: str) -> dict[str, Any]:
    # (reading.bounded brings the YAML parser: kept off trick's start-up without --batch)
    from skullking.reading.bounded import json_too_deep

    deep = json_too_deep(line)
    if deep is not None:
        return {"error": f"nested more than {MAX_NESTING} levels deep at column {deep}"}
    try:
        item = json.loads(line, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}"}
    except RecursionError:
        return {"error": "not a trick: the JSON is nested too deeply"}
    except ValueError as exc:  # from _bounded_int
        return {"error": f"not a trick: {exc}"}
    if not isinstance(item, dict) or not isinstance(item.get("cards"), list):
        return {"error": "each line must be an object with a list 'cards'"}
    unknown = sorted(set(item) - {"cards", "leader", "players", "round"})
    if unknown:
        return {"error": f"unknown key '{shorten(unknown[0])}' (allowed: cards, leader, players, round)"}
    # null is the same as leaving the key out: leader 0, as many players as cards, the
    # edition's rules as loaded (refused where they change with the round)
    leader, players, number = item.get("leader"), item.get("players"), item.get("round")
    for name, value in (("leader", leader), ("players", players), ("round", number)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            return {"error": f"'{name}' must be a whole number, got {shorten(json.dumps(value))}"}
    if not all(isinstance(c, str) for c in item["cards"]):
        return {"error": "every card must be a string"}
    if not item["cards"]:  # refused as the trick command refuses no cards, whatever the players
        return {"error": f'{NO_CARDS} (e.g. {{"cards": ["Y10", "Y6", "G14", "B2"]}})'}
    try:
        rules = in_round(edition, number, players or len(item["cards"]), "'round'")
        return trick_json(rules.resolve_trick(item["cards"], leader=leader or 0, players=players))
    except (SkullKingError, UsageError) as exc:
        return {"error": str(exc)}


def trick_batch(edition: Edition, name: str, out: TextIO) -> int:
    import io

    try:
        if name == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            stream: IO[bytes] = buffer if buffer is not None else io.BytesIO(sys.stdin.read().encode("utf-8"))
        else:
            # (as in _batch_line: the YAML parser kept off trick's start-up)
            from skullking.reading.bounded import open_file

            stream = open_file(name)  # closed below; stdin is not
    except OSError as exc:
        raise UsageError(f"cannot read batch file '{name}': {exc.strerror or exc}") from None
    failed = False
    try:
        for record in _batch_records(edition, stream):
            failed = failed or "error" in record
            write_json(out, record)
    except BrokenPipeError:
        raise  # the reader of the output went away: main ends quietly
    except OSError as exc:
        raise UsageError(f"cannot read batch file '{name}': {exc.strerror or exc}") from None
    finally:
        if name != "-":
            stream.close()
    return 2 if failed else 0


def _batch_records(edition: Edition, stream: IO[bytes]) -> Iterator[dict[str, Any]]:
    """One result per input line, blank ones included, so that outputs line up with
    inputs: lines end at '\n' only, each read up to the line limit (a longer one is
    skipped unread) and decoded on its own."""
    while raw := stream.readline(MAX_BATCH_LINE + 1):
        if len(raw) > MAX_BATCH_LINE and not raw.endswith(b"\n"):
            yield {"error": f"line longer than {MAX_BATCH_LINE:,} bytes: not read (a trick takes a few hundred)"}
            skipped = len(raw)
            while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                skipped += len(rest)  # the rest of the line, read and dropped in bounded pieces
                if skipped > MAX_BATCH_SKIP:
                    yield {"error": f"a line goes on past {MAX_BATCH_SKIP:,} bytes: the rest of the input is not read"}
                    return
            continue
        raw = raw.removesuffix(b"\n").removesuffix(b"\r")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield {"error": f"not UTF-8 text: byte {raw[exc.start]:#04x} at column {exc.start + 1}"}
            continue
        yield _batch_line(edition, line) if line.strip() else {"error": "empty line: no trick on it"}


def trick_json(result: TrickResult) -> dict[str, Any]:
    """The JSON record of one resolved trick (the binding ``trick`` contract)."""
    return result.as_json()
