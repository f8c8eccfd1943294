"""The expression language of edition files (rules/expr.lark, engine/expr.py)."""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skullking.core.errors import ExpressionError
from skullking.language.expr import TABLE, _compile, compile_expression, divides, python_function

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


def _random_formula(rng: random.Random, want: str, depth: int, aggregates: bool) -> str:
    """A random well-typed formula text over NAMES (and the aggregates when allowed)."""
    if depth <= 0 or rng.random() < 0.25:
        if want == "number":
            return rng.choice([*NAMES, str(rng.randint(0, 12))])
        return rng.choice(["true", "false", f"({rng.choice(NAMES)} > {rng.randint(0, 3)})"])
    sub = functools.partial(_random_formula, rng, depth=depth - 1, aggregates=aggregates)
    if want == "number":
        kind = rng.randrange(6 if aggregates else 5)
        if kind == 0:
            ops = [rng.choice(["+", "-", "*", "//", "%"]) for _ in range(rng.randint(1, 4))]
            return "(" + sub("number") + "".join(f" {op} {sub('number')}" for op in ops) + ")"
        if kind == 1:
            return f"(-{sub('number')})"
        if kind == 2:
            return f"(if {sub('truth')} then {sub('number')} else {sub('number')})"
        if kind == 3:
            return f"abs({sub('number')})"
        if kind == 4:
            return f"{rng.choice(['min', 'max'])}({', '.join(sub('number') for _ in range(rng.randint(2, 4)))})"
        inner = functools.partial(_random_formula, rng, depth=depth - 1, aggregates=False)
        if rng.random() < 0.25:
            return f"count({inner('truth')})"
        return f"{rng.choice(['sum', 'highest', 'lowest'])}({inner('number')})"
    kind = rng.randrange(4)
    if kind == 0:
        return f"({sub('number')} {rng.choice(['==', '!=', '<', '<=', '>', '>='])} {sub('number')})"
    if kind == 1:
        word = rng.choice([" and ", " or "])
        return "(" + word.join(sub("truth") for _ in range(rng.randint(2, 4))) + ")"
    if kind == 2:
        return f"(not {sub('truth')})"
    return f"({sub('truth')} == {sub('truth')})"


def _outcome(function: Callable[[Sequence[Any]], Any], values: Sequence[Any]) -> object:
    try:
        return function(values)
    except ZeroDivisionError:
        return ZeroDivisionError


@pytest.mark.parametrize("aggregates", [False, True])
def test_generated_python_computes_what_the_closures_do(aggregates: bool) -> None:
    """A formula runs as Python written from its checked tree (python_text); on 1,500
    random formulas and random values (zeros included, so some divide by zero) it gives
    what the tree's closures (_compile) give, the aggregates over a table of three."""
    rng = random.Random(10)
    names = (*NAMES, TABLE) if aggregates else NAMES
    index = {name: i for i, name in enumerate(names)}
    checked = 0
    for _ in range(1500):
        want = rng.choice(["number", "truth"])
        source = _random_formula(rng, want, 4, aggregates)
        try:
            expression = compile_expression(source, names)
        except ExpressionError as exc:  # a divisor that is always 0, refused as it is written
            assert "by zero" in str(exc)
            continue
        checked += 1
        generated, closures = expression._fn, _compile(expression.tree, index)
        assert generated.__name__ == "formula", source  # (not the closures' fallback)
        for _ in range(6):
            rows: list[list[Any]] = [[rng.randint(-3, 4) for _ in NAMES] for _ in range(3)]
            if aggregates:
                for row in rows:
                    row.append(rows)
            assert _outcome(generated, rows[0]) == _outcome(closures, rows[0]), (source, rows[0][:4])
    assert checked > 1000


def test_only_a_formula_that_divides_can_fail() -> None:
    """divides(tree) says whether a formula divides (// or %), the only way it can fail
    on the values it is given: a round's scorer leaves out the made formula where its
    answer is not needed only when it cannot fail. On 1,500 random formulas it says
    what the text shows, and a formula that does not divide never fails on 6 rows of
    random values (zeros included)."""
    rng = random.Random(11)
    index = {name: i for i, name in enumerate(NAMES)}
    quiet = 0
    for _ in range(1500):
        source = _random_formula(rng, rng.choice(["number", "truth"]), 4, False)
        try:
            expression = compile_expression(source, NAMES)
        except ExpressionError:  # a divisor that is always 0
            continue
        assert divides(expression.tree) == ("//" in source or "%" in source), source
        if not divides(expression.tree):
            quiet += 1
            closures = _compile(expression.tree, index)
            for _ in range(6):
                values = [rng.randint(-3, 4) for _ in NAMES]
                assert _outcome(closures, values) is not ZeroDivisionError, (source, values)
    assert quiet > 300


def test_generated_python_reaches_nothing_but_its_four_functions() -> None:
    """What a generated formula can name besides its values: abs, min, max and sum (and
    itself); no builtins at all (a name outside them is not even found)."""
    expression = compile_expression("abs(bid) + min(won, 2)", NAMES)
    assert expression._fn.__globals__.keys() == {"__builtins__", "abs", "min", "max", "sum", "formula"}
    assert expression._fn.__globals__["__builtins__"] == {}
    hostile = python_function(["env"], "    return open")
    assert hostile is not None
    with pytest.raises(NameError):
        hostile([])


def test_a_chain_too_long_for_pythons_compiler_still_evaluates() -> None:
    """A flat sum of 3,000 terms (within the formula length limit) is deeper than
    Python's compiler goes: it runs as closures, with the same value."""
    expression = compile_expression(" + ".join(["bid"] * 2999 + ["1"]), NAMES)
    assert expression.evaluate({"bid": 2}) == 5999
