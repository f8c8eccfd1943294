"""Kept for code written against the engine's first layout, which imported the library's
errors from ``skullking.errors``: they live in :mod:`skullking.core.errors`. New code
imports from there (or from :mod:`skullking`).
"""

from skullking.core.errors import (
    EditionError,
    ExpressionError,
    FormulaError,
    GameError,
    IllegalTrickError,
    NotationError,
    Problem,
    RecordError,
    SheetError,
    SkullKingError,
    in_file_order,
    json_text,
    printable,
    shorten,
)

__all__ = [
    "EditionError",
    "ExpressionError",
    "FormulaError",
    "GameError",
    "IllegalTrickError",
    "NotationError",
    "Problem",
    "RecordError",
    "SheetError",
    "SkullKingError",
    "in_file_order",
    "json_text",
    "printable",
    "shorten",
]
