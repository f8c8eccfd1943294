"""Values as JSON text for the on-disk cache, built back only as types the codec knows.

Unpickling a planted file runs its code; a :class:`Codec` writes plain JSON with a few
tags for what JSON lacks (tuples, sets, mappings with other keys than text), and names
the records (named tuples), enums and objects it writes from the registry it was given:
decoding builds only those, or fails with :class:`CodecError` (then the cache entry is
rebuilt, never trusted). The codec knows no type of the engine: the model gives its own
(:mod:`skullking.model.registry`); :data:`PLAIN` knows none.

>>> from enum import Enum
>>> from typing import NamedTuple
>>> class Pick(Enum):
...     FIRST = "first"
>>> class Span(NamedTuple):
...     low: int
...     high: int
>>> codec = Codec(records=[Span], enums=[Pick])
>>> text = codec.dumps((Span(1, 3), Pick.FIRST, frozenset({2, 1}), {1: "a"}))
>>> codec.loads(text)
(Span(low=1, high=3), <Pick.FIRST: 'first'>, frozenset({1, 2}), {1: 'a'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any


class CodecError(ValueError):
    """A value that cannot be written as cache data, or data that is not a cache entry."""


#: An object the codec writes by a tag of its own: its type, the tag, how it is written
#: (as data the codec writes) and how it is built back from that data (which checks it).
Custom = tuple[type, str, Callable[[Any], Any], Callable[[Any], Any]]


def text(data: Any) -> str:
    """JSON data (:meth:`Codec.encode`'s) as the text :meth:`Codec.dumps` writes."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class Codec:
    """A JSON codec for the named tuples ``records``, the enums ``enums`` and the
    ``objects`` (see :data:`Custom`), besides JSON's own values, tuples, sets and
    mappings. Names are the types' own: two registered types may not share one."""

    def __init__(
        self, *, records: Iterable[type] = (), enums: Iterable[type[Enum]] = (), objects: Iterable[Custom] = ()
    ) -> None:
        self._records = {kind.__name__: kind for kind in records}
        self._enums = {kind.__name__: kind for kind in enums}
        self._writers = {kind: (tag, write) for kind, tag, write, _ in objects}
        self._readers: Mapping[str, Callable[[Any], Any]] = {tag: read for _, tag, _, read in objects}
        if self._readers.keys() & {"t", "s", "o", "m", "e", "r"}:
            raise ValueError("an object's tag is one of the codec's own")

    def dumps(self, value: Any) -> str:
        """``value`` as JSON text; :class:`CodecError` for a value of a type not registered."""
        return text(self.encode(value))

    def record(self, name: str) -> Any:
        """The record type registered as ``name``."""
        return self._records[name]

    def encode(self, value: Any) -> Any:
        """``value`` as the JSON data :meth:`dumps` writes (records as ``{"r": name, "f":
        [fields]}``); :class:`CodecError` for a value of a type not registered."""
        return self._encode(value)

    def loads(self, text: str | bytes) -> Any:
        """The value :meth:`dumps` wrote; :class:`CodecError` for anything else."""
        try:
            return self._decode(json.loads(text))
        except CodecError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise CodecError(f"not cache data: {exc}") from None

    def _encode(self, value: Any) -> Any:
        if value is None or (isinstance(value, bool | int | float | str) and not isinstance(value, Enum)):
            return value
        if isinstance(value, Enum):
            kind = type(value).__name__
            if self._enums.get(kind) is not type(value):
                raise CodecError(f"cannot write {kind}")
            return {"e": kind, "v": value.value}
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            kind = type(value).__name__
            if self._records.get(kind) is not type(value):
                raise CodecError(f"cannot write {kind}")
            return {"r": kind, "f": [self._encode(v) for v in value]}
        custom = self._writers.get(type(value))
        if custom is not None:
            tag, write = custom
            return {tag: self._encode(write(value))}
        if isinstance(value, list):
            return [self._encode(v) for v in value]
        if isinstance(value, tuple):
            return {"t": [self._encode(v) for v in value]}
        if isinstance(value, frozenset | set):
            items = [self._encode(v) for v in value]
            try:
                items.sort()
            except TypeError:
                items.sort(key=json.dumps)
            return {"s": items}
        if isinstance(value, dict):
            if all(isinstance(k, str) for k in value):
                return {"o": {k: self._encode(v) for k, v in value.items()}}
            return {"m": [[self._encode(k), self._encode(v)] for k, v in value.items()]}
        raise CodecError(f"cannot write a {type(value).__name__}")

    def _decode(self, data: Any) -> Any:
        if data is None or isinstance(data, bool | int | float | str):
            return data
        if isinstance(data, list):
            return [self._decode(v) for v in data]
        if not isinstance(data, dict) or len(data) not in (1, 2):
            raise CodecError("not cache data")
        if "t" in data:
            return tuple(self._decode(v) for v in data["t"])
        if "s" in data:
            return frozenset(self._decode(v) for v in data["s"])
        if "o" in data:
            return {str(k): self._decode(v) for k, v in data["o"].items()}
        if "m" in data:
            return {self._decode(k): self._decode(v) for k, v in data["m"]}
        if "e" in data:
            enum = self._enums.get(data["e"])
            if enum is None:
                raise CodecError(f"unknown enum {data['e']!r}")
            return enum(data["v"])
        if "r" in data:
            record = self._records.get(data["r"])
            if record is None:
                raise CodecError(f"unknown record {data['r']!r}")
            return record(*(self._decode(v) for v in data["f"]))
        if len(data) == 1:
            ((tag, inner),) = data.items()
            read = self._readers.get(tag)
            if read is not None:
                return read(self._decode(inner))
        raise CodecError("not cache data")


#: A codec of JSON's values, tuples, sets and mappings only (lark's analysed grammars).
PLAIN = Codec()
