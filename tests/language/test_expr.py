"""The expression language of edition files (rules/expr.lark, engine/language/expr.py)."""

from __future__ import annotations

import functools
import operator
import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullking.core.errors import ExpressionError
from skullking.core.limits import MAX_EXPR_DEPTH, MAX_EXPRESSION_CHARS
from skullking.language import expr
from skullking.language.expr import SEATS, TABLE, compile_expression, divides, python_function, python_text

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
    with pytest.raises(ExpressionError, match=r"expected a truth value, got a number$"):
        compile_expression("bid + won", NAMES, "truth value")


def test_a_number_given_as_a_condition_is_told_how_to_compare_it() -> None:
    """A name that holds 1 or 0 (a flag such as last_round) is a number, not a truth
    value: a condition that is that name alone is told the comparison to write."""
    with pytest.raises(ExpressionError, match=r"got a number \(compare it: 'bid == 1'\)") as caught:
        compile_expression("bid", NAMES, "truth value")
    assert caught.value.column == 1


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


def test_evaluated_by_name_reads_each_name_it_uses_where_it_stands() -> None:
    """A formula given its values by name reads each name it uses wherever that name
    stands among the names its place offers (the limits of a bid are offered a dozen and
    read one or none), a name left out counting as 0, and a ``past_`` aggregate reads the
    player's earlier rounds through its hidden name; equal formulas hash alike, pickled
    too (the rounds look the limits of a bid up by them)."""
    names = ("cards", "round", "players", "total", "rank", "bid", "won", expr.PAST)
    late = compile_expression("bid * 10 + rank", names)
    assert late.evaluate({"cards": 9, "rank": 2, "bid": 3, "total": 50}) == 32  # 3 * 10 + 2
    assert late.evaluate({"bid": 3}) == 30  # rank left out: 0
    assert compile_expression("0", names).evaluate({"cards": 9}) == 0
    # Two earlier rounds (round, cards, bid, won, made, points, bonus): the bid made in one.
    past = ((1, 1, 1, 1, 1, 20, 0), (2, 2, 0, 1, 0, -20, 0))
    values: dict[str, Any] = {expr.PAST: past, "won": 4}
    assert compile_expression("past_count(won == bid) + won", names).evaluate(values) == 5
    same = compile_expression("bid * 10 + rank", names)
    assert hash(same) == hash(late) == hash(pickle.loads(pickle.dumps(late)))
    assert {late: "kept"}[pickle.loads(pickle.dumps(same))] == "kept"


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


_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_COMPARISON = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_FUNCTION: dict[str, Callable[..., Any]] = {"abs": abs, "min": min, "max": max}
_AGGREGATE: dict[str, Callable[[list[Any]], Any]] = {"sum": sum, "highest": max, "lowest": min}


def _meaning(node: expr.Expr, row: Mapping[str, int], table: Sequence[Mapping[str, int]]) -> Any:
    """What a formula means, worked out node by node from its tree: chains left to
    right, 'and'/'or' stopping at the value that decides, 'if' working out one branch,
    aggregates over every row of the table."""
    match node:
        case expr.Number(value) | expr.Truth(value):
            return value
        case expr.Variable(name):
            return row[name]
        case expr.Negate(operand):
            return -_meaning(operand, row, table)
        case expr.Not(operand):
            return not _meaning(operand, row, table)
        case expr.Compare(op, left, right):
            return _COMPARISON[op](_meaning(left, row, table), _meaning(right, row, table))
        case expr.Conditional(condition, then, otherwise):
            return _meaning(then if _meaning(condition, row, table) else otherwise, row, table)
        case expr.Chain(first, links):
            value = _meaning(first, row, table)
            for op, operand, _ in links:
                if (op == "and" and not value) or (op == "or" and value):
                    break
                right = _meaning(operand, row, table)
                value = right if op in ("and", "or") else _ARITHMETIC[op](value, right)
            return value
        case expr.Call("count", (argument,)):
            return sum(1 for each in table if _meaning(argument, each, table))
        case expr.Call(function, (argument,)) if function in _AGGREGATE:
            return _AGGREGATE[function]([_meaning(argument, each, table) for each in table])
        case expr.Call(function, arguments):
            return _FUNCTION[function](*(_meaning(a, row, table) for a in arguments))
    raise AssertionError(node)


def _outcome(function: Callable[..., Any], *arguments: Any) -> object:
    """What ``function`` gives, its type included (1 is not True), or ZeroDivisionError."""
    try:
        value = function(*arguments)
    except ZeroDivisionError:
        return ZeroDivisionError
    return type(value), value


def _arithmetic_chains(tree: expr.Expr) -> list[expr.Chain]:
    return [n for n in expr._walk(tree) if isinstance(n, expr.Chain) and n.links[0].op not in expr.LOGIC]


@pytest.mark.parametrize("aggregates", [False, True], ids=["per-player", "aggregates"])
@pytest.mark.parametrize("plain_depth", [expr._PLAIN_DEPTH, 2, 5], ids=["as-shipped", "all-steps", "some-steps"])
@settings(max_examples=150, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_a_formula_computes_what_its_tree_means(rng: random.Random, plain_depth: int, aggregates: bool) -> None:
    """A formula runs as one Python function written from its checked tree: on random
    formulas and random values (zeros included, so some divide by zero) it gives what
    the tree means, value and type, the aggregates over a table of three. Run again
    with long chains made short (every arithmetic chain of more than one link written
    in steps, or a few links to a step), so that the steps give what one expression does."""
    names = (*NAMES, TABLE) if aggregates else NAMES
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(expr, "_PLAIN_DEPTH", plain_depth)
        try:
            expression = compile_expression(_random_formula(rng, rng.choice(["number", "truth"]), 4, aggregates), names)
        except ExpressionError as exc:  # a divisor that is always 0, refused as it is written
            assert "by zero" in str(exc)
            return
        text = python_text(expression.tree, lambda name, row: name)
    if plain_depth == 2 and any(len(chain.links) > 1 for chain in _arithmetic_chains(expression.tree)):
        assert "_fold" in text, expression.source
    for _ in range(4):
        table = [{name: rng.randint(-3, 4) for name in NAMES} for _ in range(3)]
        rows: list[list[Any]] = [[values[name] for name in NAMES] for values in table]
        if aggregates:
            for row in rows:
                row.append(rows)
        got = _outcome(expression._fn, rows[0])
        assert got == _outcome(_meaning, expression.tree, table[0], table), (expression.source, table[0])


def test_only_a_formula_that_divides_can_fail() -> None:
    """divides(tree) says whether a formula divides (// or %), the only way it can fail
    on the values it is given: a round's scorer leaves out the made formula where its
    answer is not needed only when it cannot fail. On 1,500 random formulas it says
    what the text shows, and a formula that does not divide never fails on 6 rows of
    random values (zeros included)."""
    rng = random.Random(11)
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
            for _ in range(6):
                values = [rng.randint(-3, 4) for _ in NAMES]
                assert _outcome(expression._fn, values) is not ZeroDivisionError, (source, values)
    assert quiet > 300


def test_generated_python_reaches_nothing_but_its_six_functions() -> None:
    """What a generated formula can name besides its values: abs, min, max, sum, _run
    (``past_run``'s count) and _seat_of (a seat aggregate's pick) (and itself); no
    builtins at all (a name outside them is not even found)."""
    expression = compile_expression("abs(bid) + min(won, 2)", NAMES)
    expected = {"__builtins__", "abs", "min", "max", "sum", "_run", "_seat_of", "formula"}
    assert expression._fn.__globals__.keys() == expected
    assert expression._fn.__globals__["__builtins__"] == {}
    hostile = python_function(["env"], "    return open")
    assert hostile is not None
    with pytest.raises(NameError):
        hostile([])


def _nested(levels: int, inner: str, outer: Callable[[str], str]) -> str:
    for _ in range(levels):
        inner = outer(inner)
    return inner


_LEVELS = MAX_EXPR_DEPTH - 1  # the innermost name or number is a level too


@pytest.mark.parametrize(
    ("source", "values", "expected"),
    [
        # flat chains of the most terms MAX_EXPRESSION_CHARS holds
        ("1+" * 4998 + "bid", {"bid": 3}, 5001),
        ("bid" + "-bid" * 2499, {"bid": 3}, 3 - 2499 * 3),
        ("1*" * 4998 + "bid", {"bid": 3}, 3),
        ("bid" + "//1" * 3332, {"bid": -7}, -7),
        ("7" + "%bid" * 2499, {"bid": 5}, 2),
        (" and ".join(["true"] * 1109 + ["bid > 0"]), {"bid": 3}, True),
        (" or ".join(["false"] * 1109 + ["bid > 0"]), {"bid": 3}, True),
        # the deepest nesting, each level a chain whose first operand is the next level
        (_nested(_LEVELS, "1", lambda inner: f"({inner}{'+1' * 49})"), {}, 1 + _LEVELS * 49),
        (_nested(_LEVELS, "bid", lambda inner: f"({inner}{'*1' * 47}//1)"), {"bid": 3}, 3),
        # the deepest nesting of everything else
        ("-" * _LEVELS + "bid", {"bid": 3}, -3),
        (_nested(_LEVELS, "bid", lambda inner: f"abs({inner})"), {"bid": -3}, 3),
        (_nested(_LEVELS, "bid", lambda inner: f"min({inner}, 5)"), {"bid": 3}, 3),
        ("not " * (_LEVELS - 1) + "bid > 0", {"bid": 3}, True),
        ("if true then " * _LEVELS + "bid" + " else 0" * _LEVELS, {"bid": 3}, 3),
        (_nested(_LEVELS, "1", lambda inner: f"bid+({inner})"), {"bid": 1}, 100),
        ("sum(" + "abs(" * (_LEVELS - 1) + "bid" + ")" * _LEVELS, {"bid": -3}, 3),
        ("count(" + "not " * (_LEVELS - 2) + "bid < 0)", {"bid": 3}, 1),
    ],
    ids=[
        "sum",
        "difference",
        "product",
        "quotient",
        "remainder",
        "and",
        "or",
        "nested-sums",
        "nested-products",
        "negation",
        "abs",
        "min",
        "not",
        "if",
        "right-nested",
        "aggregate",
        "count",
    ],
)
def test_the_largest_formulas_the_limits_allow_compile(source: str, values: dict[str, int], expected: object) -> None:
    """The longest chains MAX_EXPRESSION_CHARS holds and the deepest nesting
    MAX_EXPR_DEPTH allows (a flat sum of 5,000 terms is a tree 5,000 levels deep to
    Python's compiler, which stops near 3,000) run as one Python function, with the
    right value, and one level more is refused."""
    assert len(source) <= MAX_EXPRESSION_CHARS
    expression = compile_expression(source, (*NAMES, TABLE))
    assert expression._fn.__name__ == "formula"
    assert expression.evaluate_for([values], 0) == expected
    assert type(expression.evaluate_for([values], 0)) is type(expected)


def test_one_level_more_than_the_limit_is_refused() -> None:
    """The nesting limit counts the innermost name: one level past the deepest formulas
    above is an error at load time."""
    for source in ("-" * (_LEVELS + 1) + "bid", _nested(_LEVELS + 1, "bid", lambda inner: f"abs({inner})")):
        with pytest.raises(ExpressionError, match="nested too deeply"):
            compile_expression(source, NAMES)


def test_columns_give_each_names_first_use() -> None:
    """Each name a formula uses is found at the column of its first use in the text
    (what a warning about a name points at), however deep it stands."""
    formula = compile_expression("max(bid, 2) + won * (bid - abs(cards))", NAMES, "number")
    assert formula.columns() == {"bid": 5, "won": 15, "cards": 32}
    assert compile_expression("20", NAMES, "number").columns() == {}


def test_a_seat_aggregate_gives_the_earliest_seat_of_the_highest_or_lowest_value() -> None:
    """seat_of_highest(x) / seat_of_lowest(x) in a seat formula: x worked out for each
    seat with that player's names (one row a seat), the seat of the highest (lowest)
    value, the earliest seat on a tie; past_ aggregates inside read each player's
    earlier rounds."""
    names = ("round", "players", SEATS)
    rows = [
        [30, 1, 0, 0, 0, 0, ((1, 1, 1, 1, 1, 20, 0),)],
        [10, 3, 1, 0, 0, 0, ((1, 1, 0, 1, 0, -10, 0),)],
        [30, 1, 0, 0, 0, 0, ((1, 1, 1, 1, 1, 20, 0), (2, 2, 2, 2, 1, 40, 0))],
    ]
    values: dict[str, Any] = {"round": 3, "players": 3, SEATS: rows}
    assert compile_expression("seat_of_highest(total)", names).evaluate(values) == 0  # (seats 0 and 2 tie)
    assert compile_expression("seat_of_lowest(total)", names).evaluate(values) == 1
    assert compile_expression("seat_of_highest(past_count(made == 1))", names).evaluate(values) == 2
    assert compile_expression("seat_of_highest(total)", names).variables == {SEATS}
    with pytest.raises(ExpressionError, match="unknown name 'total'"):
        compile_expression("seat_of_highest(total) + total", names)
    with pytest.raises(ExpressionError, match=r"seat_of_highest\(\) is not known here"):
        compile_expression("seat_of_highest(total)", ("round",))
