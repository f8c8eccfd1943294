"""The engine's own conformance adapter: ``python -m skullking.tools.adapter``.

It speaks the protocol of ``skullking conformance`` as any other program does, on its
standard input and output: one request a line (``id``, ``kind``, ``edition``,
``input``), one answer a line (``id`` and ``output``), each answered through the public
API (:meth:`~skullking.edition.Edition.resolve_trick`,
:meth:`~skullking.edition.Edition.legal_plays`, the scorer a score sheet's rounds are
scored with, and :class:`~skullking.play.round.Round` for a game's round played move by
move). A request it cannot answer gets an ``error`` answer, never a
traceback.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

import skullking
from skullking.analysis import vectors
from skullking.core.errors import SkullKingError

if TYPE_CHECKING:
    from skullking.edition import Edition


def answer(edition: Edition, kind: str, given: dict[str, Any]) -> dict[str, Any]:
    """The output for one vector's input of ``kind`` (``trick``, ``legal``, ``round`` or
    ``game``), in the rules of the input's ``round`` where it gives one (an edition
    whose rules change with the round): :func:`skullking.analysis.vectors.answer`."""
    return vectors.answer(edition, kind, given)


def serve(stdin: TextIO, stdout: TextIO, *, allow_paths: bool = False) -> int:
    """Answer every request line of ``stdin`` on ``stdout``, flushing each answer (the
    editions' ``extends`` read as ``allow_paths`` says, as ``--allow-paths`` does)."""
    editions: dict[str, Edition] = {}
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            request = {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
        if not isinstance(request, dict):
            request = {"error": "each line must be a JSON object"}
        ident = request.get("id")
        try:
            if "error" in request:
                raise ValueError(request["error"])
            name = request["edition"]
            if name not in editions:
                editions[name] = skullking.load_edition(name, allow_paths=allow_paths)
            reply: dict[str, Any] = {"id": ident, "output": answer(editions[name], request["kind"], request["input"])}
        except (SkullKingError, KeyError, TypeError, ValueError) as exc:
            reply = {"id": ident, "error": str(exc)}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def main() -> int:
    return serve(sys.stdin, sys.stdout, allow_paths="--allow-paths" in sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
