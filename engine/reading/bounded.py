"""Reading input with bounded work: files and streams cut at a size limit, YAML documents
checked for alias bombs, depth and size before anything expands them.

Each check reports where its limit was crossed (file, line, column); the limits
themselves are the constants of :mod:`skullking.core.limits`.
"""

from __future__ import annotations

from typing import IO, Any

import yaml

from skullking.core.errors import Problem
from skullking.core.limits import (
    MAX_FILE_BYTES,
    MAX_LIST_ITEMS,
    MAX_NESTING,
    MAX_YAML_ALIASES,
    MAX_YAML_NODES,
)


def read_bounded(source: str | IO[bytes]) -> tuple[bytes, bool]:
    """The bytes of the file named ``source`` (or of the open binary stream), at most
    :data:`MAX_FILE_BYTES` of them, and whether there were more (reading stops one byte
    past the limit: ``/dev/zero`` and endless pipes end there). Raises ``OSError``,
    also for a name no file can have (a NUL byte in it)."""
    if isinstance(source, str):
        with open_file(source) as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    else:
        data = source.read(MAX_FILE_BYTES + 1)
    return cut(data)


def open_file(name: str) -> IO[bytes]:
    """The file ``name`` opened for reading bytes; ``OSError`` for any name that does not
    open, one no file can have included (Python raises ``ValueError`` for a NUL byte)."""
    import errno

    try:
        return open(name, "rb")  # the caller closes it
    except ValueError:
        raise OSError(errno.EINVAL, "no file can have this name (it holds a NUL byte)") from None


def cut(data: bytes) -> tuple[bytes, bool]:
    """``data`` cut at :data:`MAX_FILE_BYTES`, and whether it was longer."""
    return data[:MAX_FILE_BYTES], len(data) > MAX_FILE_BYTES


def too_large(file: str, data: bytes, what: str) -> Problem:
    """The problem of a file cut at :data:`MAX_FILE_BYTES`, placed where the limit was
    crossed (``data`` is what was read up to it)."""
    line = data.count(b"\n") + 1
    column = len(data) - (data.rfind(b"\n") + 1) + 1
    return Problem(
        file=file,
        line=line,
        column=column,
        message=f"the file is larger than {MAX_FILE_BYTES:,} bytes, the most {what} may have; reading stopped here",
    )


class _Open:
    """A mapping or list being read: its kind, children so far, and anchor."""

    __slots__ = ("anchor", "children", "mapping", "size")

    def __init__(self, mapping: bool, anchor: str | None) -> None:
        self.mapping = mapping
        self.anchor = anchor
        self.children = 0
        self.size = 1  # itself, then everything below it, aliases expanded


def yaml_limits(loader_class: Any, text: str, file: str, *, values: int = MAX_YAML_NODES) -> Problem | None:
    """The first limit ``text`` crosses, read from its YAML events (nothing is built):
    more than :data:`MAX_YAML_ALIASES` aliases, an alias inside the value it names, more
    than ``values`` values once aliases are expanded (:data:`MAX_YAML_NODES`, or
    :data:`~skullking.core.limits.MAX_SHEET_VALUES` for a score sheet), nesting deeper than
    :data:`MAX_NESTING`, or a list or mapping of more than :data:`MAX_LIST_ITEMS`
    items. ``None`` when there is none (syntax errors are left to the parser's caller)."""

    def at(event: Any, message: str) -> Problem:
        mark = event.start_mark
        return Problem(file=file, line=mark.line + 1, column=mark.column + 1, message=message)

    sizes: dict[str, int] = {}
    stack: list[_Open] = []
    aliases = total = 0
    loader = loader_class(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    return at(
                        event,
                        f"more than {MAX_YAML_ALIASES} aliases ('*{event.anchor}' is one too many): "
                        "write the values out",
                    )
                if any(frame.anchor == event.anchor for frame in stack):
                    return at(event, f"the alias '*{event.anchor}' stands inside the value it names")
                size = sizes.get(event.anchor or "", 1)
            elif isinstance(event, yaml.ScalarEvent):
                size = 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                if len(stack) >= MAX_NESTING:
                    return at(event, f"nested more than {MAX_NESTING} levels deep")
                stack.append(_Open(isinstance(event, yaml.MappingStartEvent), event.anchor))
                total += 1
                if total > values:
                    return at(event, _too_many_values(values))
                continue
            elif isinstance(event, yaml.CollectionEndEvent):
                done = stack.pop()
                if done.anchor is not None:
                    sizes[done.anchor] = done.size
                size, total = done.size, total - done.size  # counted again below, as a child
            else:
                continue
            total += size
            if total > values:
                return at(event, _too_many_values(values))
            if stack:
                parent = stack[-1]
                parent.size += size
                parent.children += 1
                if parent.children > MAX_LIST_ITEMS * (2 if parent.mapping else 1):
                    what = "keys in one mapping" if parent.mapping else "items in one list"
                    return at(event, f"more than {MAX_LIST_ITEMS:,} {what}")
    except yaml.YAMLError:
        return None  # the parser reports it, located, when it builds the document
    finally:
        loader.dispose()
    return None


def _too_many_values(values: int) -> str:
    return f"the document holds more than {values:,} values (counting every value an alias repeats)"


def json_too_deep(text: str) -> int | None:
    """The 1-based column of the first ``[`` or ``{`` of ``text`` (one line of JSON)
    nested deeper than :data:`MAX_NESTING`, or ``None`` (brackets in strings do not count)."""
    depth = 0
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return index + 1
        elif char in "]}":
            depth -= 1
    return None
