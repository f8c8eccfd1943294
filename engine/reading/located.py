"""YAML (and JSON) loading that keeps the file, line and column of every node.

PyYAML's ``safe_load`` forgets where things were and silently keeps the last of two
equal keys. Here a document is composed with the safe loader, duplicate keys are
reported, and the result is a tree of :class:`Node` objects that remember their
location. Overlays (``extends``) are merged on these trees, so a merged edition still
knows, node by node, which file and line set each value.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from skullking.core.errors import Problem, shorten
from skullking.core.limits import MAX_DIGITS, MAX_YAML_NODES
from skullking.reading.bounded import yaml_limits

#: The YAML loader every file is read with: libyaml's where PyYAML was built with it
#: (its composer is several times faster), else PyYAML's own.
try:
    Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    Loader = yaml.SafeLoader

Path = tuple[str | int, ...]


class Added(NamedTuple):
    """What is known of an item an overlay added to a keyed list of its base: what the
    list holds (``case``, ``bonus``), the base edition's id, the ids the base has, and
    whether the overlay gave it a place with ``before:``/``after:`` (which says that a
    new item was meant)."""

    what: str
    base_id: str
    known: tuple[str, ...]
    placed: bool = False


@dataclass(frozen=True, slots=True)
class Location:
    """Where a node stands: file name as given, 1-based line and column."""

    file: str
    line: int
    column: int

    def problem(self, message: str, *, severity: str = "error") -> Problem:
        return Problem(file=self.file, line=self.line, column=self.column, message=message, severity=severity)

    def shifted(self, columns: int) -> Location:
        return Location(self.file, self.line, self.column + columns)


@dataclass(slots=True)
class Node:
    """A located YAML node: ``value`` is a scalar, a ``dict[str, Node]`` or a ``list[Node]``.

    ``key_loc`` holds, for mappings, where each key was written; ``removed``, where an
    overlay removed a key with ``null``; ``style`` is the scalar's style (``None`` for
    plain scalars) and ``end`` where it ends, used to place positions inside it.
    """

    value: Any
    loc: Location
    key_loc: dict[str, Location] = field(default_factory=dict)
    style: str | None = None
    end: Location | None = None
    removed: dict[str, Location] = field(default_factory=dict)
    #: For an item an overlay added to a keyed list (see :class:`Added`), so that an
    #: item missing required fields reads as a misspelt id rather than an incomplete
    #: new item, and one whose id is a letter from the base's is questioned.
    added: Added | None = None

    def plain(self) -> Any:
        """The node as plain Python data (dicts, lists, scalars)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value

    def at(self, path: Path) -> Node | None:
        """The node at ``path`` below this one, or ``None``."""
        node: Node | None = self
        for step in path:
            if node is None:
                return None
            if isinstance(step, int) and isinstance(node.value, list):
                node = node.value[step] if 0 <= step < len(node.value) else None
            elif isinstance(step, str) and isinstance(node.value, dict):
                node = node.value.get(step)
            else:
                return None
        return node

    def locate(self, path: Path) -> Location:
        """The location of the deepest node along ``path`` that exists."""
        node = self
        for step in path:
            child = node.at((step,))
            if child is None:
                break
            node = child
        return node.loc

    def locate_key(self, path: Path, key: str) -> Location:
        """Where ``key`` was written in the mapping at ``path`` (else the mapping itself)."""
        node = self.at(path)
        if node is not None and key in node.key_loc:
            return node.key_loc[key]
        return self.locate(path)


def decode(data: bytes, file: str) -> str | Problem:
    """``data`` as UTF-8 text, or the problem at its first byte that is not UTF-8
    (located at its line and column, counted in bytes from the line's start)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        message = f"not UTF-8 text: byte {data[exc.start]:#04x} ({exc.reason}); save the file as UTF-8"
        return Problem(file=file, line=line, column=column, message=message)


class _Marks:
    """Turns PyYAML's marks into locations as an editor counts them: lines end at
    ``\n``. (PyYAML also ends lines at U+0085, U+2028 and U+2029, which an editor
    shows inside a line; only a text holding one needs counting again.)"""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.starts: list[int] | None = None
        if any(c in text for c in "\x85\u2028\u2029"):
            self.starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def __call__(self, mark: Any) -> Location:
        if self.starts is None:
            return Location(self.file, mark.line + 1, mark.column + 1)
        line = bisect.bisect_right(self.starts, mark.index)
        return Location(self.file, line, mark.index - self.starts[line - 1] + 1)


def _yaml_problem(where: _Marks, exc: yaml.YAMLError, text: str) -> Problem:
    """One line naming the place of a YAML error (never PyYAML's multi-line report)."""
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow
        # located by counting '\n' only: the line and column an editor shows; libyaml
        # counts the position in bytes of UTF-8, PyYAML's own reader in characters
        before = text[: exc.position]
        if Loader is not yaml.SafeLoader:
            before = text.encode("utf-8", errors="surrogatepass")[: exc.position].decode("utf-8", errors="ignore")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        kind = "control character" if unicodedata.category(char) == "Cc" else "character"
        message = (
            f"YAML syntax error: {kind} {char!r} (U+{ord(char):04X}) is not allowed; "
            "remove it, or write it as an escape inside double quotes"
        )
        return Problem(file=where.file, line=line, column=column, message=message)
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = " ".join((f"YAML syntax error: {problem}" + (f" ({context})" if context else "")).split())
    if mark is None:
        return Problem(file=where.file, line=1, column=1, message=message)
    location = where(mark)
    hint = _indentation(text, location.line, problem) if "flow" not in (context or "") else None
    if hint is not None:
        column, said = hint
        return Problem(file=where.file, line=location.line, column=column, message=f"YAML syntax error: {said}")
    return location.problem(message)


#: PyYAML's words for a line indented where no block of the document can be.
_MISINDENTED = ("did not find expected", "mapping values are not allowed", "expected <block end>")


def _indentation(text: str, number: int, problem: str) -> tuple[int, str] | None:
    """The column and words of a YAML error of a block (not a JSON-like flow) that is line
    ``number``'s indentation: a tab in it (YAML indents with spaces only), or spaces
    that line up with no line above it (the keys of a mapping, the items of a list,
    start in one column); else ``None``, and PyYAML's own words are given."""
    lines = text.split("\n")
    if not 1 <= number <= len(lines):
        return None
    line = lines[number - 1]
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    if "\t" in lead and problem.startswith("found character that cannot start any token"):
        return lead.index("\t") + 1, (
            "this line is indented with a tab: YAML indents with spaces only; replace the tab with spaces"
        )
    if "\t" in lead or not problem.startswith(_MISINDENTED):
        return None
    above = {len(x) - len(x.lstrip(" ")) for x in lines[: number - 1] if x.strip() and not x.lstrip().startswith("#")}
    if len(lead) in above | {0}:
        return None
    spaces = f"{len(lead)} space{'s' if len(lead) != 1 else ''}"
    return len(lead) + 1, (
        f"this line is mis-indented: indented by {spaces}, it lines up with no line above it; YAML nests by "
        "indenting with spaces, and the keys of one mapping (the items of one list) start in the same column"
    )


def parse_yaml(text: str, file: str, *, values: int | None = None) -> tuple[Node | None, list[Problem]]:
    """Parse one YAML or JSON document into a located tree.

    Returns the tree (``None`` when it could not be built) and every problem found:
    syntax errors, duplicate keys, non-string keys, numbers too large, and more than
    one document; or only the first limit of :mod:`skullking.core.limits` the document
    crosses (aliases, values, nesting, items), found before anything is built.
    ``values`` is the most values it may hold (:data:`~skullking.core.limits.MAX_YAML_NODES`
    unless given).
    """
    over = yaml_limits(Loader, text, file, values=MAX_YAML_NODES if values is None else values)
    if over is not None:  # nothing is built from a document past a limit
        return None, [over]
    problems: list[Problem] = []
    where = _Marks(file, text)
    loader = Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None, [Problem(file=file, line=1, column=1, message="the file is empty")]
        node = _convert(loader, root, where, problems)
    except yaml.YAMLError as exc:
        return None, [_yaml_problem(where, exc, text)]
    finally:
        loader.dispose()
    return node, problems


_INT_TAG = "tag:yaml.org,2002:int"
_SHAPES = {yaml.MappingNode: "a mapping", yaml.SequenceNode: "a list"}


def _scalar(loader: Any, node: yaml.Node, where: _Marks, problems: list[Problem]) -> Any:
    """The value of a scalar node; ``None`` (and a problem) for a number too large for
    any field (see :data:`~skullking.core.limits.MAX_DIGITS`) or a value its tag refuses."""
    loc = where(node.start_mark)
    raw = str(node.value)
    if node.tag == _INT_TAG and sum(c.isalnum() for c in raw) > MAX_DIGITS + 2:  # + "0x"
        problems.append(loc.problem(f"the number {raw[:20]}... is too large: at most {MAX_DIGITS} digits"))
        return None
    try:
        value = loader.construct_object(node, deep=True)
    except (ValueError, ArithmeticError, AttributeError, TypeError, IndexError):
        # PyYAML's constructors fail in these ways on a value their tag refuses
        # ('!!int abc', '!!timestamp abc')
        problems.append(loc.problem(f"'{shorten(raw)}' is not a valid {node.tag.rsplit(':', 1)[-1]}"))
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        problems.append(loc.problem(f"the number {raw[:20]}... is too large: at most {MAX_DIGITS} digits"))
        return None
    return value


def _convert(loader: Any, node: yaml.Node, where: _Marks, problems: list[Problem]) -> Node:
    loc = where(node.start_mark)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves YAML merge keys (<<)
        items: dict[str, Node] = {}
        key_loc: dict[str, Location] = {}
        for key_node, value_node in node.value:
            kloc = where(key_node.start_mark)
            shape = _SHAPES.get(type(key_node))
            key = None if shape is not None else _scalar(loader, key_node, where, problems)
            if not isinstance(key, str):
                if shape is not None:
                    problems.append(kloc.problem(f"keys must be text, but this key is {shape}"))
                    key = f"<{shape} at line {kloc.line}>"
                else:
                    raw = str(key_node.value)
                    problems.append(kloc.problem(f"keys must be text, but {raw} reads as {key!r}; quote it: '{raw}'"))
                    key = raw
            if key in items:
                first = key_loc[key]
                problems.append(
                    kloc.problem(
                        f"duplicate key '{key}' (first written at line {first.line}); "
                        "YAML would silently keep only the last one"
                    )
                )
            items[key] = _convert(loader, value_node, where, problems)
            key_loc[key] = kloc
        return Node(items, loc, key_loc)
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(loader, child, where, problems) for child in node.value], loc)
    value = _scalar(loader, node, where, problems)
    return Node(value, loc, style=getattr(node, "style", None) or None, end=where(node.end_mark))


def position_in_scalar(node: Node, position: int, source: str | None) -> Location:
    """The file location of the 1-based ``position`` inside the text of scalar ``node``.

    One-line scalars are exact (a quote is skipped). Multi-line plain, quoted and
    block scalars are mapped back through YAML's folding when ``source`` (the file's
    text) is given; the start of the node is the fallback whenever the mapping
    cannot be confirmed against the scalar's value.
    """
    text = str(node.value)
    start, end = node.loc, node.end
    if end is None or end.line == start.line or source is None:
        return start.shifted(position - 1 + (1 if node.style in ("'", '"') else 0))
    lines = source.splitlines()
    pieces: list[tuple[int, int, str]] = []  # (line, column, text) of each folded line
    if node.style in ("|", ">"):
        first, last = start.line + 1, end.line if end.column > 1 else end.line - 1
        for number in range(first, last + 1):
            raw = lines[number - 1] if number <= len(lines) else ""
            stripped = raw.lstrip(" ")
            pieces.append((number, len(raw) - len(stripped) + 1, stripped.rstrip()))
        joiner = "\n" if node.style == "|" else " "
    else:
        quote = 1 if node.style in ("'", '"') else 0
        for number in range(start.line, end.line + 1):
            raw = lines[number - 1] if number <= len(lines) else ""
            if number == start.line:
                body, column = raw[start.column - 1 + quote :], start.column + quote
            else:
                body = raw.lstrip(" ")
                column = len(raw) - len(body) + 1
            if number == end.line:
                body = body[: max(0, end.column - column - quote)]
            pieces.append((number, column, body.rstrip()))
        joiner = " "
    pieces = [p for p in pieces if p[2]]
    if joiner.join(p[2] for p in pieces).strip() != text.strip():
        return start
    offset = position - 1
    for number, column, body in pieces:
        if offset <= len(body):
            return Location(start.file, number, column + offset)
        offset -= len(body) + 1
    return start
