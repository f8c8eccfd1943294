"""``skullking vectors`` and ``skullking conformance``: the edition's rules written out as
test vectors, and another program run against them.

The conformance run starts the program as a child (its command split as a shell
would, never run by one), sends it one request a line on its standard input (``id``,
``kind``, ``edition``, ``input``) and reads one answer a line from its standard output
(``id`` and ``output``, or ``skip``), waiting at most ``--timeout`` seconds for each. A
child that dies, writes what is not a JSON object or answers another id ends the run
with one message (exit 2).
"""

from __future__ import annotations

import argparse
import json
import queue
import shlex
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

from skullking.tools.common import UsageError, in_round, named_edition, write_json

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The engine's own adapter, run by ``conformance --self``.
SELF = (sys.executable, "-m", "skullking.tools.adapter")
#: Lines of the child's standard error kept to show when it fails.
STDERR_LINES = 10


def vectors_round(edition: Edition, number: int | None) -> int | None:
    """The round whose rules the vectors of ``edition`` are made of (``--round``):
    required where its rules change with the round, and a round whose rules are those
    of every table."""
    from skullking.analysis.vectors import in_round as vector_rules

    if number is None:
        if edition.round_reads:
            where = "; ".join(f"{where}: '{f.source}'" for where, f in edition.round_formulas()[:3])
            raise UsageError(f"the rules of '{edition.id}' change with the round ({where}): give --round N")
        return None
    in_round(edition, number, edition.min_players)  # (a sound round number)
    try:
        vector_rules(edition, number)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return number


def cmd_vectors(args: argparse.Namespace, out: TextIO) -> int:
    from skullking.analysis.vectors import KINDS, document, stdout_document, text

    edition = named_edition(args.given_edition, args)
    number = vectors_round(edition, args.round)
    if args.out is None:
        out.write(text(stdout_document(edition, number)))
        return 0
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for kind in KINDS:
            (folder / f"{kind}.json").write_text(text(document(edition, kind, number)), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write to '{args.out}': {exc.strerror or exc}") from None
    return 0


class _Child:
    """The program under test: requests written a line at a time, its answers read by a
    thread into a queue (so that a wait can time out), its standard error's last lines
    kept for the message when it fails."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as exc:
            raise UsageError(f"cannot run '{shlex.join(argv)}': {exc.strerror or exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self.threads = [
            threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True),
            threading.Thread(target=self._tail, args=(self.process.stderr,), daemon=True),
        ]
        for thread in self.threads:
            thread.start()

    def _read(self, stream: IO[str] | None) -> None:
        assert stream is not None
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def _tail(self, stream: IO[str] | None) -> None:
        assert stream is not None
        for line in stream:
            self.stderr.append(line.rstrip("\n"))

    def fail(self, message: str) -> UsageError:
        """The error that ends the run (the child stopped first, its last words kept)."""
        self.process.kill()
        self.process.wait()
        for thread in self.threads:
            thread.join(timeout=5)
        tail = "; its standard error ends: " + " | ".join(self.stderr) if self.stderr else ""
        return UsageError(f"the program under test ({shlex.join(self.argv)}) {message}{tail}")

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it died: its end of the output says so below
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise self.fail(f"gave no answer to '{request['id']}' within {timeout:g} seconds") from None
        if line is None:
            code = self.process.wait()
            raise self.fail(f"ended (exit code {code}) without answering '{request['id']}'")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise self.fail(f"answered '{request['id']}' with what is not JSON: {line.strip()[:120]!r}") from None
        if not isinstance(answer, dict):
            raise self.fail(f"answered '{request['id']}' with JSON that is not an object: {line.strip()[:120]}")
        if answer.get("id") != request["id"]:
            raise self.fail(f"answered id {json.dumps(answer.get('id'))} to the request '{request['id']}'")
        return answer

    def close(self) -> None:
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for thread in self.threads:
            thread.join(timeout=5)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def _tags(option: str | None) -> set[str]:
    return {t.strip() for t in option.split(",") if t.strip()} if option else set()


def run_suite(
    edition: Edition,
    name: str,
    argv: list[str],
    *,
    tags: set[str],
    skip_tags: set[str],
    timeout: float,
    number: int | None = None,
) -> dict[str, Any]:
    """Run every vector of ``edition`` (those ``tags`` and ``skip_tags`` select) through
    the program ``argv``: the report, by feature (``number``: the vectors of that
    round's rules, see :func:`skullking.analysis.vectors.document`)."""
    from skullking.analysis.vectors import REQUEST_KINDS, agrees, documents

    features: dict[str, dict[str, int]] = {}
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    failures: list[dict[str, Any]] = []
    child: _Child | None = None
    try:
        for doc in documents(edition, number):
            kind = doc["kind"]
            for vector in doc["vectors"]:
                chosen = (not tags or tags & set(vector["tags"])) and not skip_tags & set(vector["tags"])
                if not chosen:
                    outcome = "skipped"
                else:
                    child = child or _Child(argv)
                    request = {"id": vector["id"], "kind": REQUEST_KINDS[kind], "edition": name}
                    request["input"] = vector["input"]
                    answer = child.ask(request, timeout)
                    if "skip" in answer:
                        outcome = "skipped"
                    else:
                        got = answer.get("output", {"error": answer.get("error", "no 'output' in the answer")})
                        outcome = "passed" if agrees(kind, vector["expected"], got) else "failed"
                        if outcome == "failed":
                            failures.append({**vector, "kind": kind, "got": got})
                totals[outcome] += 1
                for t in vector["tags"] or ["(none)"]:
                    features.setdefault(t, {"passed": 0, "failed": 0, "skipped": 0})[outcome] += 1
    finally:
        if child is not None:
            child.close()
    return {"edition": edition.id, **totals, "features": dict(sorted(features.items())), "failures": failures}


def cmd_conformance(args: argparse.Namespace, out: TextIO) -> int:
    if (args.cmd is None) == (not args.self):
        raise UsageError("give the program to test with --cmd, or --self for the engine's own adapter")
    if args.timeout <= 0:
        raise UsageError(f"--timeout must be positive, got {args.timeout:g}")
    edition = named_edition(args.edition, args)
    number = vectors_round(edition, args.round)
    if args.self:
        argv = [*SELF, *(["--allow-paths"] if args.allow_paths else [])]
    else:
        try:
            argv = shlex.split(args.cmd)
        except ValueError as exc:
            raise UsageError(f"--cmd: {exc}") from None
        if not argv:
            raise UsageError("--cmd: no program given")
    report = run_suite(
        edition,
        args.edition,
        argv,
        tags=_tags(args.tags),
        skip_tags=_tags(args.skip_tags),
        timeout=args.timeout,
        number=number,
    )
    if args.format == "json":
        write_json(out, report)
    else:
        out.write(_text(report))
    return 1 if report["failed"] else 0


def _text(report: dict[str, Any]) -> str:
    ran = report["passed"] + report["failed"]
    lines = [
        f"{report['edition']}: {report['passed']} of {ran} vectors passed, {report['failed']} failed, "
        f"{report['skipped']} skipped",
        "",
    ]
    width = max((len(t) for t in report["features"]), default=7)
    lines.append(f"{'feature':<{width}}  passed  failed  skipped")
    for name, counts in report["features"].items():
        lines.append(f"{name:<{width}}  {counts['passed']:>6}  {counts['failed']:>6}  {counts['skipped']:>7}")
    if report["failures"]:
        first = report["failures"][0]
        lines += [
            "",
            f"first failure: {first['id']} ({first['kind']}): {first['description']}",
            f"  source:   {first['source']}",
            f"  tags:     {', '.join(first['tags'])}",
            f"  input:    {json.dumps(first['input'], ensure_ascii=False)}",
            f"  expected: {json.dumps(first['expected'], ensure_ascii=False)}",
            f"  got:      {json.dumps(first['got'], ensure_ascii=False)}",
        ]
        others = [f["id"] for f in report["failures"][1:]]
        if others:
            lines.append(f"also failed: {', '.join(others)}")
    return "".join(f"{line}\n" for line in lines)
