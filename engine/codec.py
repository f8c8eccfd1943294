"""Compiled editions (and lark's analysed grammars) as JSON, for the on-disk cache.

The cache used to hold pickles, and unpickling a planted file runs its code. This
codec writes plain JSON with a few tags for what JSON lacks (tuples, sets, mappings
with other keys than text), and names the records and enums it writes from a fixed
registry of the engine's own types: decoding builds only those, or fails with
:class:`CodecError` (then the cache entry is rebuilt, never trusted).

>>> from skullking.model import Pick, Schedule
>>> text = dumps((Schedule(id="short", title="Short", rounds=(1, 3)), Pick.FIRST, frozenset({2, 1}), {1: "a"}))
>>> loads(text)
(Schedule(id='short', title='Short', rounds=(1, 3)), <Pick.FIRST: 'first'>, frozenset({1, 2}), {1: 'a'})
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from . import cards, errors, expr, model


class CodecError(ValueError):
    """A value that cannot be written as cache data, or data that is not a cache entry."""


def _registry() -> tuple[dict[str, type], dict[str, type[Enum]]]:
    records: dict[str, type] = {}
    enums: dict[str, type[Enum]] = {}
    for module in (model, expr, cards, errors):
        for name, value in vars(module).items():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if issubclass(value, Enum):
                enums[name] = value
            elif issubclass(value, tuple) and hasattr(value, "_fields"):
                records[name] = value
    return records, enums


_RECORDS, _ENUMS = _registry()


def _encode(value: Any) -> Any:
    if value is None or (isinstance(value, bool | int | float | str) and not isinstance(value, Enum)):
        return value
    if isinstance(value, Enum):
        kind = type(value).__name__
        if _ENUMS.get(kind) is not type(value):
            raise CodecError(f"cannot write {kind}")
        return {"e": kind, "v": value.value}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        kind = type(value).__name__
        if _RECORDS.get(kind) is not type(value):
            raise CodecError(f"cannot write {kind}")
        return {"r": kind, "f": [_encode(v) for v in value]}
    if isinstance(value, expr.Expression):
        return {"x": [value.source, list(value.names), value.type, _encode(value.tree)]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in value]}
    if isinstance(value, frozenset | set):
        items = [_encode(v) for v in value]
        try:
            items.sort()
        except TypeError:
            items.sort(key=json.dumps)
        return {"s": items}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"o": {k: _encode(v) for k, v in value.items()}}
        return {"m": [[_encode(k), _encode(v)] for k, v in value.items()]}
    raise CodecError(f"cannot write a {type(value).__name__}")


def _decode(data: Any) -> Any:
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return [_decode(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise CodecError("not cache data")
    if "t" in data:
        return tuple(_decode(v) for v in data["t"])
    if "s" in data:
        return frozenset(_decode(v) for v in data["s"])
    if "o" in data:
        return {str(k): _decode(v) for k, v in data["o"].items()}
    if "m" in data:
        return {_decode(k): _decode(v) for k, v in data["m"]}
    if "e" in data:
        enum = _ENUMS.get(data["e"])
        if enum is None:
            raise CodecError(f"unknown enum {data['e']!r}")
        return enum(data["v"])
    if "r" in data:
        record = _RECORDS.get(data["r"])
        if record is None:
            raise CodecError(f"unknown record {data['r']!r}")
        return record(*(_decode(v) for v in data["f"]))
    if "x" in data:
        source, names, kind, tree = data["x"]
        return expr.restore(source, tuple(names), kind, _decode(tree))
    raise CodecError("not cache data")


def dumps(value: Any) -> str:
    """``value`` as JSON text; :class:`CodecError` for a value of a type not registered."""
    return json.dumps(_encode(value), ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """The value :func:`dumps` wrote; :class:`CodecError` for anything else."""
    try:
        return _decode(json.loads(text))
    except CodecError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CodecError(f"not cache data: {exc}") from None
