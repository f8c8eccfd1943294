"""The types an edition is stored as in the cache, and the codec that writes them.

Every named tuple and enum of the model's modules (cards, records), of the errors
(problems kept as warnings) and of the formulas' trees, and the compiled formula itself
(written as its source, names, type and tree, built back by
:func:`skullking.language.expr.restore`, which checks the tree node by node): a stored
edition is built back from these and nothing else.
"""

from __future__ import annotations

from enum import Enum
from types import ModuleType
from typing import Any

from skullking.core import errors
from skullking.language import expr
from skullking.model import cards, records
from skullking.storage.codec import Codec


def _types(modules: tuple[ModuleType, ...]) -> tuple[list[type], list[type[Enum]]]:
    """The named tuples and the enums the ``modules`` define."""
    found: list[type] = []
    enums: list[type[Enum]] = []
    for module in modules:
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if issubclass(value, Enum):
                enums.append(value)
            elif issubclass(value, tuple) and hasattr(value, "_fields"):
                found.append(value)
    return found, enums


def _write_expression(expression: expr.Expression) -> list[Any]:
    return [expression.source, list(expression.names), expression.type, expression.tree]


def _read_expression(data: Any) -> expr.Expression:
    source, names, kind, tree = data
    return expr.restore(source, tuple(names), kind, tree)


_RECORDS, _ENUMS = _types((records, expr, cards, errors))
#: The codec of stored editions (and of what an edition's fingerprint is worked out from).
EDITIONS = Codec(
    records=_RECORDS,
    enums=_ENUMS,
    objects=[(expr.Expression, "x", _write_expression, _read_expression)],
)
