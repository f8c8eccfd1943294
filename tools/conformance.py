"""``skullking vectors`` and ``skullking conformance``: the edition's rules written out as
test vectors, and another program run against them.

The conformance run starts the program as a child (its command split as a shell
would, never run by one), sends it one request a line on its standard input (``id``,
``kind``, ``edition``, ``input``) and reads one answer a line from its standard output
(``id`` and ``output``, or ``skip``), giving it at most ``--timeout`` seconds to read
each request and answer it. A child that dies, closes its output, does not read its
requests, writes what is not a JSON object (or a line past
:data:`~skullking.core.limits.MAX_ANSWER_BYTES`) or answers another id ends the run with
one message (exit 2); it runs in a session of its own, stopped whole with whatever it
started. An answer of another shape than the suite's fails its vector
(:func:`skullking.analysis.vectors.differences`). The report groups the failures by the
rule each vector checks (:func:`skullking.analysis.vectors.rule_of`), each with the
fields that differ; every value of the program's it quotes or keeps is shortened.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import re
import selectors
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from skullking.analysis.vectors import (
    DEFAULT_KINDS,
    KINDS,
    REQUEST_KINDS,
    differences,
    documents,
    rule_of,
    stdout_document,
)
from skullking.analysis.vectors import in_round as vector_rules
from skullking.analysis.vectors import text as vectors_text
from skullking.core.errors import printable, shorten
from skullking.core.limits import MAX_ANSWER_BYTES, MAX_ANSWER_SECONDS, MAX_NESTING, MAX_STDERR_KEPT
from skullking.core.suggest import unknown
from skullking.tools.common import UsageError, data_stream, in_round, named_edition, text_lines, write_json

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The engine's own adapter, run by ``conformance --self``.
SELF = (sys.executable, "-m", "skullking.tools.adapter")
#: The last lines of the child's standard error shown when it fails, and the most
#: characters of them shown.
STDERR_LINES = 10
STDERR_SHOWN = 400
#: The most characters of the JSON of a value of a program's answer a report keeps
#: (in a failure's ``got`` and ``differences``) and the text report shows.
KEPT_CHARS = 2_000
#: The most seconds a program is given to end once its input is closed, at the end of
#: a run (at most ``--timeout``), before it is stopped.
CLOSE_GRACE = 5.0
#: The most seconds between two looks at whether the program has ended (where what it
#: started still holds its output open, no end of the output says so).
POLL_SECONDS = 0.2
#: The most reads of the program's standard error taken to find its last words when
#: it fails (each of at most 64 kB).
STDERR_READS = 64
#: The most characters of the program's command a message quotes.
COMMAND_SHOWN = 200


def vectors_round(edition: Edition, number: int | None) -> int | None:
    """The round whose rules the vectors of ``edition`` are made of (``--round``):
    required where its rules change with the round, and a round whose rules are those
    of every table."""

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
    edition = named_edition(args.given_edition, args)
    number = vectors_round(edition, args.round)
    if args.out is None:
        data_stream(out).write(vectors_text(stdout_document(edition, number)))
        return 0
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        whole = stdout_document(edition, number)
        for doc in whole["files"]:
            (folder / f"{doc['kind']}.json").write_text(vectors_text(doc), encoding="utf-8")
        (folder / "vectors.json").write_text(vectors_text(whole), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write to '{args.out}': {exc.strerror or exc}") from None
    return 0


class _Child:
    """The program under test, in a session of its own (so that stopping it stops what
    it started too: a shell wrapper's or ``npm run``'s children). No thread reads it:
    each request is written and its answer read by one loop that waits on the three
    pipes at once, with a deadline, so a program that never reads its input, never
    answers or hands its output to another process cannot hold the run. Lines are read
    up to :data:`~skullking.core.limits.MAX_ANSWER_BYTES`, and only the last
    :data:`~skullking.core.limits.MAX_STDERR_KEPT` bytes of its standard error are
    kept, for the message when it fails."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:  # (ValueError: a NUL byte in the command)
            raise UsageError(
                f"cannot run '{shorten(shlex.join(argv), COMMAND_SHOWN)}': {getattr(exc, 'strerror', None) or exc}"
            ) from None
        assert self.process.stdin is not None and self.process.stdout is not None and self.process.stderr is not None
        self.stdin, self.stdout, self.stderr = self.process.stdin, self.process.stdout, self.process.stderr
        for stream in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(stream.fileno(), False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.selector.register(self.stderr, selectors.EVENT_READ)
        self.pending = bytearray()  # what was read of the answer line so far
        self.tail = bytearray()  # the end of the standard error
        self.ended = False  # its standard output closed, or it ended behind a process holding it
        self.stopped = False

    # ------------------------------------------------------------------ the pipes

    def _pump(self, deadline: float, write: bytearray) -> bytes | None:
        """Write ``write`` (emptied as it goes) and read until a whole answer line is
        read, ``write`` is all written, or ``deadline`` passes: the line, or ``None``
        when the time ran out or the output ended (``self.ended``)."""
        stdin_open = bool(write)
        if stdin_open:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
        try:
            while True:
                if not write and b"\n" in self.pending:
                    line, _, rest = bytes(self.pending).partition(b"\n")
                    self.pending = bytearray(rest)
                    return line
                if self.ended:
                    return None
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                if self.process.poll() is not None and not self._drain():
                    # it ended, and what it started holds its output open: it ends here too
                    self.ended = True
                    continue
                for key, _ in self.selector.select(min(left, POLL_SECONDS)):
                    if key.fileobj is self.stdin:
                        try:
                            done = os.write(self.stdin.fileno(), write[:65536])
                        except BlockingIOError:
                            continue
                        except OSError:  # it closed its input (or died): its output says which
                            write.clear()
                            done = 0
                        del write[:done]
                        if not write:
                            self.selector.unregister(self.stdin)
                            stdin_open = False
                    elif key.fileobj is self.stdout:
                        self._read_stdout()
                    else:
                        self._read_stderr()
        finally:
            if stdin_open:
                self.selector.unregister(self.stdin)

    def _read_stdout(self) -> None:
        try:
            chunk = os.read(self.stdout.fileno(), 65536)
        except BlockingIOError:
            return
        if not chunk:
            self.ended = True
            self.selector.unregister(self.stdout)
            return
        self.pending += chunk
        if len(self.pending) > MAX_ANSWER_BYTES:
            if b"\n" not in self.pending[: MAX_ANSWER_BYTES + 1]:
                raise self.fail(f"wrote a line longer than {MAX_ANSWER_BYTES:,} bytes")
            raise self.fail(f"wrote more than {MAX_ANSWER_BYTES:,} bytes before the request was read")

    def _drain(self) -> bool:
        """Read what the program that ended left in its output, without waiting:
        whether a whole line is there to be taken."""
        while not self.ended and b"\n" not in self.pending:
            before = len(self.pending)
            self._read_stdout()
            if len(self.pending) == before:
                break
        return b"\n" in self.pending

    def _read_stderr(self) -> bool:
        """Read what is in the standard error now, keeping its end: whether there was."""
        try:
            chunk = os.read(self.stderr.fileno(), 65536)
        except (BlockingIOError, ValueError):  # (ValueError: read and closed already)
            return False
        if not chunk:
            self.selector.unregister(self.stderr)
            self.stderr.close()
            return False
        self.tail += chunk
        del self.tail[:-MAX_STDERR_KEPT]
        return True

    # ------------------------------------------------------------------ the protocol

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The program's answer to ``request``: a JSON object with its id. Raises the
        :class:`UsageError` that ends the run (the program stopped) where it dies, does
        not read the request or answer it in time, or answers what is not such an
        object."""
        ident = shorten(str(request["id"]))
        deadline = time.monotonic() + timeout
        write = bytearray((json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8"))
        raw = self._pump(deadline, write)
        if raw is None:
            if self.ended:
                code = self._exit_code()
                how = f"ended (exit code {code})" if code is not None else "closed its standard output"
                raise self.fail(f"{how} without answering '{ident}'")
            if write:
                raise self.fail(f"did not read the request '{ident}' within {timeout:g} seconds")
            raise self.fail(f"gave no answer to '{ident}' within {timeout:g} seconds")
        line = raw.decode("utf-8", errors="replace").strip()
        if line.count("[") + line.count("{") > MAX_NESTING and _too_deep(line):
            return _unread(request, f"JSON nested deeper than {MAX_NESTING} levels", line)
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise self.fail(f"answered '{ident}' with what is not JSON: {shorten(line)!r}") from None
        except ValueError as exc:  # (an integer of more digits than Python converts)
            return _unread(request, shorten(str(exc)), line)
        if not isinstance(answer, dict):
            raise self.fail(f"answered '{ident}' with JSON that is not an object: {shorten(line)}")
        if not isinstance(answer.get("id"), str) or answer["id"] != request["id"]:
            raise self.fail(f"answered id {shorten(json.dumps(answer.get('id')))} to the request '{ident}'")
        return answer

    def _exit_code(self) -> int | None:
        """The program's exit code, waiting a moment for it (it closed its output)."""
        try:
            return self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return None

    # ------------------------------------------------------------------ stopping

    def fail(self, message: str) -> UsageError:
        """The error that ends the run (the child stopped first, its last words kept)."""
        for _ in range(STDERR_READS):  # (what it wrote last, not read yet)
            if not self._read_stderr():
                break
        self.stop()
        text = self.tail.decode("utf-8", errors="replace")
        words = " | ".join(line.strip() for line in text.splitlines()[-STDERR_LINES:] if line.strip())
        if len(words) > STDERR_SHOWN:
            words = "..." + words[-STDERR_SHOWN:]
        tail = f"; its standard error ends: {printable(words)}" if words else ""
        return UsageError(f"the program under test ({shorten(shlex.join(self.argv), COMMAND_SHOWN)}) {message}{tail}")

    def close(self, grace: float) -> None:
        """End the run: close the program's input (a program that reads to the end of
        it ends there), give it ``grace`` seconds to end, reading what it still writes,
        then stop it and whatever it started."""
        if self.stopped:
            return
        with contextlib.suppress(OSError):
            self.stdin.close()
        deadline = time.monotonic() + grace
        while not self.ended and time.monotonic() < deadline:
            for key, _ in self.selector.select(max(0.0, deadline - time.monotonic())):
                if key.fileobj is self.stdout:
                    self.pending.clear()  # (what it writes past the last answer is not read)
                    with contextlib.suppress(UsageError):
                        self._read_stdout()
                else:
                    self._read_stderr()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        self.stop()

    def stop(self) -> None:
        """Kill the program's session (its process group: the program and what it
        started that stayed in it) and reap the program; never waits on a pipe."""
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        self.selector.close()
        for stream in (self.stdin, self.stdout, self.stderr):
            with contextlib.suppress(OSError):
                stream.close()


#: A JSON string (brackets in it do not nest), and what a bracket does to the depth.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _STEP)


def _too_deep(line: str) -> bool:
    """Whether a line of JSON nests deeper than :data:`~skullking.core.limits.MAX_NESTING`
    (worked out at the speed of the regular expression and ``itertools``: an answer of
    a megabyte takes milliseconds)."""
    brackets = _STRING.sub("", line).encode("utf-8").translate(None, _NOT_BRACKETS)
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_NESTING


def _unread(request: dict[str, Any], why: str, line: str) -> dict[str, Any]:
    """The answer that stands for a line of JSON too deep (or with a number too long) to
    be read: an output of the wrong shape, so that the vector fails (the answer is taken
    for the request's, as answers come in turn)."""
    return {"id": request["id"], "output": f"(an answer not read: {why}) {shorten(line)}"}


def _tags(option: str | None) -> set[str]:
    return {t.strip() for t in option.split(",") if t.strip()} if option else set()


def known_tags(docs: Sequence[dict[str, Any]]) -> set[str]:
    """Every tag a vector of ``docs`` carries."""
    return {t for doc in docs for vector in doc["vectors"] for t in vector["tags"]}


def check_tags(option: str, given: set[str], known: set[str]) -> None:
    """Refuse a tag of ``--tags`` or ``--skip-tags`` no vector carries (a misspelt tag
    would select nothing, and a run of nothing passes), with the closest known tags."""
    for name in sorted(given - known):
        raise UsageError(f"{option}: {unknown('tag', name, known)}")


def select(vector: dict[str, Any], tags: set[str], skip_tags: set[str]) -> str | None:
    """Why ``vector`` is not run (``tags`` and ``skip_tags`` as ``--tags`` and
    ``--skip-tags`` give them), or ``None`` where it is."""
    if tags and not tags & set(vector["tags"]):
        return f"none of the tags of --tags ({', '.join(sorted(tags))})"
    held = sorted(skip_tags & set(vector["tags"]))
    if held:
        return f"a tag of --skip-tags ({', '.join(held)})"
    return None


def _kept(value: object) -> object:
    """A value of the program's answer as a report keeps it: as it is where its JSON
    takes at most :data:`KEPT_CHARS` characters, else its JSON's start as a string
    (a program's answer of megabytes is kept as a line)."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return value if len(text) <= KEPT_CHARS else shorten(text, KEPT_CHARS)


def failure(vector: dict[str, Any], kind: str, got: object, found: list[dict[str, Any]]) -> dict[str, Any]:
    """The report's record of a failed vector: the vector, its ``kind``, the rule it is
    grouped under, the fields that differ and what the program answered (each value
    of the program's kept short: :func:`_kept`)."""

    differ = [{**f, "got": _kept(f["got"])} if "got" in f else f for f in found]
    return {**vector, "kind": kind, "rule": rule_of(kind, vector, found), "differences": differ, "got": _kept(got)}


def run_suite(
    edition: Edition,
    name: str,
    argv: list[str],
    *,
    tags: set[str],
    skip_tags: set[str],
    timeout: float,
    number: int | None = None,
    kinds: Sequence[str] = (),
    docs: Sequence[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Run every vector of ``edition`` (those ``tags`` and ``skip_tags`` select) through
    the program ``argv``: the report, by feature and by rule (``number``: the vectors of
    that round's rules, see :func:`skullking.analysis.vectors.document`; ``kinds``: the
    kinds of vector run, by default :data:`~skullking.analysis.vectors.DEFAULT_KINDS`;
    the others are not sent, nor counted; ``docs``: those vectors' documents when
    already made, which takes seconds). Raises
    :class:`UsageError` for a program that breaks the protocol (it is stopped first)."""

    features: dict[str, dict[str, int]] = {}
    rules: dict[str, dict[str, int]] = {}
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    failures: list[dict[str, Any]] = []
    skips: list[dict[str, Any]] = []
    child: _Child | None = None
    try:
        for doc in documents(edition, number) if docs is None else docs:
            kind = doc["kind"]
            if kind not in (kinds or DEFAULT_KINDS):
                continue
            for vector in doc["vectors"]:
                reason = select(vector, tags, skip_tags)
                rule = rule_of(kind, vector)
                if reason is not None:
                    outcome = "skipped"
                    skips.append({"id": vector["id"], "kind": kind, "by": "tags", "reason": reason})
                else:
                    child = child or _Child(argv)
                    request = {"id": vector["id"], "kind": REQUEST_KINDS[kind], "edition": name}
                    request["input"] = vector["input"]
                    answer = child.ask(request, timeout)
                    if "skip" in answer:
                        outcome = "skipped"
                        said = answer["skip"] if isinstance(answer["skip"], str) else json.dumps(answer["skip"])
                        skips.append({"id": vector["id"], "kind": kind, "by": "program", "reason": shorten(said)})
                    else:
                        error = answer.get("error", "no 'output' in the answer")
                        got = answer.get("output", {"error": error if isinstance(error, str) else _kept(error)})
                        found = differences(kind, vector["expected"], got)
                        outcome = "failed" if found else "passed"
                        if found:
                            record = failure(vector, kind, got, found)
                            rule = record["rule"]
                            failures.append(record)
                totals[outcome] += 1
                rules.setdefault(rule, {"passed": 0, "failed": 0, "skipped": 0})[outcome] += 1
                for t in vector["tags"] or ["(none)"]:
                    features.setdefault(t, {"passed": 0, "failed": 0, "skipped": 0})[outcome] += 1
    finally:
        if child is not None:
            child.close(min(timeout, CLOSE_GRACE))
    by_rule = sorted(rules.items(), key=lambda item: (-item[1]["failed"], item[0]))
    return {
        "edition": edition.id,
        **totals,
        "features": dict(sorted(features.items())),
        "rules": dict(by_rule),
        "failures": failures,
        "skips": skips,
    }


def run_kinds(option: str | None) -> tuple[str, ...]:
    """The kinds of vector ``--kinds`` names (``all``: every kind), in the files' order;
    by default those of the protocol's first version. An unknown kind is refused with
    the closest known one."""

    if option is None:
        return DEFAULT_KINDS
    named = {k.strip() for k in option.split(",") if k.strip()}
    if "all" in named:
        return KINDS
    for name in sorted(named - set(KINDS)):
        raise UsageError(f"--kinds: {unknown('kind', name, [*KINDS, 'all'])}")
    if not named:
        raise UsageError(f"--kinds: name one or more of {', '.join(KINDS)} (or all)")
    return tuple(k for k in KINDS if k in named)


def timeout_seconds(value: float) -> float:
    """``--timeout``, refused unless a number of seconds above 0 and at most
    :data:`~skullking.core.limits.MAX_ANSWER_SECONDS` (``nan`` and ``inf`` are not)."""
    if not (math.isfinite(value) and 0 < value <= MAX_ANSWER_SECONDS):
        raise UsageError(
            f"--timeout must be a number of seconds above 0 and at most {MAX_ANSWER_SECONDS:,}, got {value:g}"
        )
    return value


def cmd_conformance(args: argparse.Namespace, out: TextIO) -> int:
    if (args.cmd is None) == (not args.self):
        raise UsageError("give the program to test with --cmd, or --self for the engine's own adapter")
    timeout = timeout_seconds(args.timeout)
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
    tags, skip_tags = _tags(args.tags), _tags(args.skip_tags)
    kinds = run_kinds(args.kinds)
    docs = None
    if tags or skip_tags:
        docs = documents(edition, number)
        known = known_tags(docs)
        check_tags("--tags", tags, known)
        check_tags("--skip-tags", skip_tags, known)
    report = run_suite(
        edition,
        args.edition,
        argv,
        tags=tags,
        skip_tags=skip_tags,
        timeout=timeout,
        number=number,
        kinds=kinds,
        docs=docs,
    )
    if args.format == "json":
        write_json(out, report)
    else:
        out.write(text_lines(report_lines(report)))
    return 1 if report["failed"] else 0


#: The failures of each rule shown in full in the text report; the rest are counted
#: and named by id (:data:`IDS_SHOWN` of them).
SHOWN_PER_RULE = 3
IDS_SHOWN = 10


def _json(value: object) -> str:
    return shorten(json.dumps(value, ensure_ascii=False, default=repr), KEPT_CHARS)


def report_lines(report: dict[str, Any]) -> list[str]:
    """The text report: the counts; the failures by rule, the first
    :data:`SHOWN_PER_RULE` of each in full (each field that differs, expected and got),
    the rest counted; the counts per feature tag."""
    ran = report["passed"] + report["failed"]
    lines = [
        f"{report['edition']}: {report['passed']} of {ran} vectors passed, {report['failed']} failed, "
        f"{report['skipped']} skipped",
    ]
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for f in report["failures"]:
        by_rule.setdefault(f["rule"], []).append(f)
    by_rule = dict(sorted(by_rule.items(), key=lambda item: (-len(item[1]), item[0])))  # most failures first
    if by_rule:
        width = max(len(r) for r in by_rule)
        lines += ["", "failed, by rule:"]
        lines += [f"  {rule:<{width}}  {len(found):>4}" for rule, found in by_rule.items()]
    for rule, found in by_rule.items():
        lines += ["", f"{rule}: {len(found)} failed"]
        for f in found[:SHOWN_PER_RULE]:
            lines += failure_lines(f, "  ")
        rest = [f["id"] for f in found[SHOWN_PER_RULE:]]
        if rest:
            more = f", and {len(rest) - IDS_SHOWN} more" if len(rest) > IDS_SHOWN else ""
            lines.append(f"  {len(rest)} more: {', '.join(rest[:IDS_SHOWN])}{more}")
    width = max((len(t) for t in report["features"]), default=7)
    lines += ["", f"{'feature':<{width}}  passed  failed  skipped"]
    for name, counts in report["features"].items():
        lines.append(f"{name:<{width}}  {counts['passed']:>6}  {counts['failed']:>6}  {counts['skipped']:>7}")
    return lines


def failure_lines(record: dict[str, Any], indent: str = "") -> list[str]:
    """A failure of the report (:func:`failure`) in full, as lines: the vector, its
    source, tags and input, then each field that differs, expected and got."""
    lines = [
        f"{indent}{record['id']} ({record['kind']}): {record['description']}",
        f"{indent}  source:   {record['source']}",
        f"{indent}  tags:     {', '.join(record['tags'])}",
        f"{indent}  input:    {_json(record['input'])}",
    ]
    for d in record["differences"]:
        got = _json(d["got"]) if "got" in d else "(not given)"
        lines.append(f"{indent}  {d['field']}: expected {_json(d['expected'])}, got {got}")
    return lines
