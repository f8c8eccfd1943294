"""The expression language of edition files (rules/expr.lark, engine/expr.py)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skullking.errors import ExpressionError
from skullking.expr import compile_expression

NAMES = ("bid", "won", "cards", "round")


@pytest.mark.parametrize(
    ("source", "values", "expected"),
    [
        ("20 * bid + 5", {"bid": 3}, 65),
        ("-10 * abs(won - bid)", {"won": 1, "bid": 4}, -30),
        ("1 + 2 * 3 - 4", {}, 3),
        ("(1 + 2) * 3", {}, 9),
        ("7 // 2 + 7 % 2", {}, 4),
        ("min(bid, won, 3) + max(1, 2)", {"bid": 5, "won": 4}, 5),
        ("if bid == 0 then 10 * cards else 20 * bid", {"bid": 0, "cards": 7}, 70),
        ("if bid == 0 then 10 * cards else 20 * bid", {"bid": 2, "cards": 7}, 40),
        ("if bid == 0 then if won == 0 then 1 else 2 else 3", {"bid": 0, "won": 1}, 2),
        ("- - 3", {}, 3),
        ("bid >= 1 and not won < bid or false", {"bid": 2, "won": 2}, True),
        ("bid != won", {"bid": 2, "won": 2}, False),
        ("true == (bid > 0)", {"bid": 1}, True),
    ],
)
def test_evaluation(source: str, values: dict[str, int], expected: int | bool) -> None:
    """Arithmetic, comparisons, and/or/not, conditionals and abs/min/max evaluate as written."""
    assert compile_expression(source, NAMES).evaluate(values) == expected


@pytest.mark.parametrize(
    ("source", "message", "column"),
    [
        ("20 * bdi", "unknown name 'bdi'; did you mean 'bid'? (known: bid, cards, round, won)", 6),
        ("abs(1, 2)", "abs() takes 1 argument, got 2", 1),
        ("min(1)", "min() takes at least 2 arguments, got 1", 1),
        ("sqrt(4)", "unknown function 'sqrt'", 1),
        ("bid +", "the expression ends too early", 6),
        ("bid * * 2", "unexpected '*'", 7),
        ("bid $ 2", "unexpected character '$'", 5),
        ("bid and won", "'and' needs a truth value, got a number", 1),
        ("if bid then 1 else 2", "the condition after 'if' needs a truth value", 4),
        ("if bid == 1 then 1 else true", "'then' gives a number but 'else' gives a truth value", 1),
        ("(bid == 1) + 1", "arithmetic needs a number, got a truth value", 6),
        ("(bid == 1) < true", "cannot compare a truth value with a truth value using '<'", 12),
    ],
)
def test_errors_name_the_problem_and_column(source: str, message: str, column: int) -> None:
    """Bad expressions fail at load time with a message and the column inside the text."""
    with pytest.raises(ExpressionError) as info:
        compile_expression(source, NAMES)
    assert message in str(info.value)
    assert info.value.column == column


def test_the_context_fixes_the_type() -> None:
    """A formula must give a number, a condition a truth value."""
    with pytest.raises(ExpressionError, match="expected a number, got a truth value"):
        compile_expression("bid == won", NAMES, "number")
    with pytest.raises(ExpressionError, match="expected a truth value, got a number"):
        compile_expression("bid + won", NAMES, "truth value")


def test_nothing_is_evaluated_as_python() -> None:
    """Expressions are never passed to eval: Python syntax is a parse error."""
    for source in ("__import__('os')", "bid.__class__", "[1]", "'text'", "bid ** 2", "lambda: 1"):
        with pytest.raises(ExpressionError):
            compile_expression(source, NAMES)


def test_pickles_without_the_parser() -> None:
    """A compiled expression survives pickling (the compiled-edition cache)."""
    expression = compile_expression("if bid == 0 then 10 * cards else 20 * bid", NAMES)
    again = pickle.loads(pickle.dumps(expression))
    assert again.evaluate({"bid": 3, "cards": 5}) == 60
    assert again.source == expression.source


@given(st.integers(-1000, 1000), st.integers(-1000, 1000), st.integers(-1000, 1000))
def test_arithmetic_agrees_with_integers(a: int, b: int, c: int) -> None:
    """Precedence and associativity are the usual ones (checked against Python integers)."""
    expression = compile_expression("bid - won - cards * 2 + abs(bid) // 3", NAMES)
    assert expression.evaluate({"bid": a, "won": b, "cards": c}) == a - b - c * 2 + abs(a) // 3
