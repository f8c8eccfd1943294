"""The expression language used inside edition files.

Score formulas, hand limits and precedence conditions are small expressions::

    20 * bid + bonus
    if bid == 0 then 10 * cards else -10 * abs(won - bid)
    skull_king >= 1 and mermaid >= 1
    won != bid and past_run(won != bid) >= 2

Where a formula is about each player, aggregates run over the table (``count``,
``sum``, ``highest``, ``lowest``: the argument worked out for every player) and over the
player's earlier rounds (:data:`PAST_AGGREGATES`: the argument worked out in each, its
names that round's, :data:`PAST_NAMES`).

The grammar is ``rules/expr.lark`` (LALR). An expression is parsed once, checked
against the names its context offers (unknown names and wrong arity are errors at load
time, with the column inside the text), type-checked (numbers vs. truth values) and
compiled: the checked tree is written out as a Python function (:func:`python_text`:
numbers, the values' slots, operators and ``abs``/``min``/``max``/``sum``, nothing of
the file's text) and compiled by Python, so a formula runs as fast as one written by
hand. That function is the only form a formula runs as: an arithmetic chain too long
for Python's compiler to take as one expression (a flat sum of a few thousand terms,
which the limits allow) is written as a sequence of steps instead.

>>> f = compile_expression("if bid == 0 then 10 * cards else 20 * bid", ("bid", "cards"))
>>> f.evaluate({"bid": 0, "cards": 7})
70
>>> f.evaluate({"bid": 2, "cards": 7})
40
>>> compile_expression("20 * bdi", ("bid",))
Traceback (most recent call last):
...
skullking.core.errors.ExpressionError: unknown name 'bdi'; did you mean 'bid'? (known: bid)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from skullking.core.errors import ExpressionError, FormulaError, shorten
from skullking.core.limits import MAX_EXPR_DEPTH, MAX_LITERAL, MAX_VALUE
from skullking.core.suggest import unknown
from skullking.storage.cache import lark_grammar

Type = Literal["number", "truth value"]
Fn = Callable[[Sequence[int]], Any]


class Number(NamedTuple):
    value: int
    column: int


class Truth(NamedTuple):
    value: bool
    column: int


class Variable(NamedTuple):
    name: str
    column: int


class Negate(NamedTuple):
    operand: Expr
    column: int


class Link(NamedTuple):
    """One step of a :class:`Chain`: the operator and its right operand."""

    op: str
    operand: Expr
    column: int


class Chain(NamedTuple):
    """Operators of one precedence level applied left to right: ``a + b - c`` (numbers,
    ``+ - * // %``) or ``a and b and c`` (truth values). A flat list, so that a long
    sum is not deep."""

    first: Expr
    links: tuple[Link, ...]
    column: int


class Compare(NamedTuple):
    op: str
    left: Expr
    right: Expr
    column: int


class Not(NamedTuple):
    operand: Expr
    column: int


class Conditional(NamedTuple):
    condition: Expr
    then: Expr
    otherwise: Expr
    column: int


class Call(NamedTuple):
    function: str
    args: tuple[Expr, ...]
    column: int


Expr = Number | Truth | Variable | Negate | Chain | Compare | Not | Conditional | Call
_NODE_TYPES = frozenset({Number, Truth, Variable, Negate, Chain, Compare, Not, Conditional, Call})
#: The operators of truth values in a chain.
LOGIC = ("and", "or")

#: The functions an expression may call: name -> (minimum, maximum) number of arguments.
FUNCTIONS: Mapping[str, tuple[int, int | None]] = {"abs": (1, 1), "min": (2, None), "max": (2, None)}
#: Aggregate functions, offered where a formula sees every player of the round (scoring
#: cases, bidding rules over all bids): each evaluates its one argument for every player
#: and combines the values. Name -> the type of its argument.
AGGREGATES: Mapping[str, Type] = {
    "sum": "number",
    "count": "truth value",
    "highest": "number",
    "lowest": "number",
}
#: The hidden variable that carries every player's values to the aggregates.
TABLE = "*table*"
#: Aggregate functions over the rounds before this one, offered where a formula sees the
#: game so far of each player (the limits of a bid, the bidding rules, a scheme's
#: ``made``, cases and adjustments): each
#: evaluates its one argument in every earlier round the player played, with that
#: round's names (:data:`PAST_NAMES`), and combines the values. Name -> (the type of
#: its argument, the type it gives): ``past_count`` the rounds where the condition held,
#: ``past_run`` the most recent rounds in a row where it held, ``past_every`` whether it
#: held in every one (true before any round), ``past_sum``, ``past_highest`` and
#: ``past_lowest`` of a number (0 before any round).
PAST_AGGREGATES: Mapping[str, tuple[Type, Type]] = {
    "past_count": ("truth value", "number"),
    "past_run": ("truth value", "number"),
    "past_every": ("truth value", "truth value"),
    "past_sum": ("number", "number"),
    "past_highest": ("number", "number"),
    "past_lowest": ("number", "number"),
}
#: The names the argument of a ``past_`` aggregate sees, each the value in the earlier
#: round it is evaluated in, in the order the values of a round are kept: the round's
#: number, the cards dealt, the player's bid (after any change), tricks won, ``made``
#: (1 when the bid counted as made, by the scheme's ``made``), points scored and the
#: capture bonuses' points won (``bonus``, as the cases saw it).
PAST_NAMES = ("round", "cards", "bid", "won", "made", "points", "bonus")
#: The hidden variable that carries a player's earlier rounds to the ``past_``
#: aggregates: a sequence of rounds, each its values in the order of :data:`PAST_NAMES`.
PAST = "*past*"
#: Aggregates over the seats of the round's table, offered in the formulas of a seat
#: (who deals, who leads, who bids first): each works out its argument for each player,
#: with that player's names about the game so far (:data:`SEAT_SCOPE`), and gives the
#: seat of the highest (``seat_of_highest``) or lowest (``seat_of_lowest``) value, the
#: earliest seat on a tie. Name -> the Python function that picks.
SEAT_AGGREGATES: Mapping[str, str] = {"seat_of_highest": "max", "seat_of_lowest": "min"}
#: The hidden variable that carries every seat's values to the seat aggregates: one row
#: a seat, in seat order, each the values of :data:`SEAT_SCOPE` in that order.
SEATS = "*seats*"
#: The names the argument of a seat aggregate sees: each player's total before the
#: round, rank, ``last``, points, bid and tricks won in the previous round, and (read by
#: the ``past_`` aggregates) every earlier round the player played.
SEAT_SCOPE = ("total", "rank", "last", "previous_points", "previous_bid", "previous_won", PAST)
#: The hidden variables: never a name a formula may write.
HIDDEN = frozenset({TABLE, PAST, SEATS})


@functools.cache
def _parser() -> Any:
    from lark import Lark

    # (importlib.resources: kept off the start-up of a command whose grammar the cache holds)
    from skullking.core.resources import rules_text

    grammar = rules_text("expr.lark")
    return lark_grammar("expr", grammar, lambda: Lark(grammar, parser="lalr", propagate_positions=True))


def _parentheses(text: str) -> None:
    """Refuse parentheses nested deeper than :data:`~skullking.core.limits.MAX_EXPR_DEPTH`
    before parsing: they make no node of the tree, but cost the parser all the same."""
    depth = 0
    for column, char in enumerate(text, start=1):
        if char == "(":
            depth += 1
            if depth > MAX_EXPR_DEPTH:
                raise ExpressionError(
                    f"the expression is nested too deeply (at most {MAX_EXPR_DEPTH} levels)", column=column
                )
        elif char == ")":
            depth -= 1


def parse(text: str) -> Expr:
    """Parse ``text`` into an expression tree; raise :class:`ExpressionError` if it is not one."""
    from lark import Token, Tree
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if not text.strip():
        raise ExpressionError("the expression is empty", column=1)
    _parentheses(text)
    try:
        tree = _parser().parse(text)
    except UnexpectedToken as exc:
        token = exc.token
        if token.type == "$END":
            raise ExpressionError("the expression ends too early", column=len(text) + 1) from None
        raise ExpressionError(f"unexpected '{token}' in expression", column=(token.start_pos or 0) + 1) from None
    except UnexpectedCharacters as exc:
        raise ExpressionError(
            f"unexpected character {text[exc.pos_in_stream or 0]!r} in expression",
            column=(exc.pos_in_stream or 0) + 1,
        ) from None
    except UnexpectedEOF:
        raise ExpressionError("the expression ends too early", column=len(text) + 1) from None
    _check_depth(tree)

    def col(node: Tree[Any] | Token) -> int:
        # 1-based position in the text (the column, for a one-line text)
        if isinstance(node, Token):
            return (node.start_pos or 0) + 1
        return (getattr(node.meta, "start_pos", 0) or 0) + 1

    def build(node: Tree[Any] | Token) -> Expr:
        if isinstance(node, Token):  # pragma: no cover - every token sits in a named rule
            raise ExpressionError(f"unexpected '{node}'", column=col(node))
        kids = node.children
        kind = node.data
        if kind == "number":
            digits = str(kids[0])
            value = int(digits) if len(digits) <= len(str(MAX_LITERAL)) else MAX_LITERAL + 1
            if value > MAX_LITERAL:
                raise ExpressionError(
                    f"the number {shorten(digits)} is too large (at most {MAX_LITERAL:,})", column=col(kids[0])
                )
            return Number(value, col(kids[0]))
        if kind == "true":
            return Truth(True, col(node))
        if kind == "false":
            return Truth(False, col(node))
        if kind == "variable":
            return Variable(str(kids[0]), col(kids[0]))
        if kind == "neg":
            return Negate(build(kids[0]), col(node))
        if kind == "chain":  # operand, OP, operand, OP, operand ...
            links = tuple(
                Link(str(op), build(operand), col(op)) for op, operand in zip(kids[1::2], kids[2::2], strict=True)
            )
            return Chain(build(kids[0]), links, links[0].column)
        if kind == "compare":
            return Compare(str(kids[1]), build(kids[0]), build(kids[2]), col(kids[1]))
        if kind in ("and_", "or_"):  # operand, operand, ... (the words are not kept)
            word = kind.rstrip("_")
            links = tuple(Link(word, build(operand), col(operand)) for operand in kids[1:])
            return Chain(build(kids[0]), links, links[0].column)
        if kind == "not_":
            return Not(build(kids[0]), col(node))
        if kind == "conditional":
            return Conditional(build(kids[0]), build(kids[1]), build(kids[2]), col(node))
        if kind == "call":
            args = tuple(build(k) for k in kids[1:] if k is not None)
            return Call(str(kids[0]), args, col(kids[0]))
        raise AssertionError(f"unhandled expression node {kind}")  # pragma: no cover

    try:
        return build(tree)
    except RecursionError:  # pragma: no cover - _check_depth keeps trees shallow
        raise ExpressionError("the expression is nested too deeply", column=1) from None


def _check_depth(tree: Any) -> None:
    """Refuse a formula nested deeper than :data:`~skullking.core.limits.MAX_EXPR_DEPTH`
    (walked without recursion), at the first node too deep."""
    from lark import Tree

    stack: list[tuple[Any, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if depth > MAX_EXPR_DEPTH:
            column = (getattr(node.meta, "start_pos", 0) or 0) + 1
            raise ExpressionError(
                f"the expression is nested too deeply (at most {MAX_EXPR_DEPTH} levels)", column=column
            )
        stack.extend((child, depth + 1) for child in node.children)


def check(expr: Expr, names: Sequence[str]) -> Type:
    """Check names, arity and types; return the expression's type."""
    if isinstance(expr, Number):
        return "number"
    if isinstance(expr, Truth):
        return "truth value"
    if isinstance(expr, Variable):
        if expr.name not in names or expr.name in HIDDEN:
            raise ExpressionError(
                unknown("name", expr.name, [n for n in names if n not in HIDDEN]), column=expr.column, name=expr.name
            )
        return "number"
    if isinstance(expr, Negate):
        _expect(expr.operand, "number", names, "arithmetic")
        return "number"
    if isinstance(expr, Chain):
        logic = expr.links[0].op in LOGIC
        kind: Type = "truth value" if logic else "number"
        for operand, op in [(expr.first, expr.links[0].op), *((link.operand, link.op) for link in expr.links)]:
            _expect(operand, kind, names, f"'{op}'" if logic else "arithmetic")
        for link in expr.links:
            if link.op in ("//", "%") and _constant(link.operand) == 0:
                raise ExpressionError(
                    f"'{link.op}' by zero: the value after it is always 0", column=_column(link.operand)
                )
        return kind
    if isinstance(expr, Compare):
        left, right = check(expr.left, names), check(expr.right, names)
        if left != right or (left == "truth value" and expr.op not in ("==", "!=")):
            raise ExpressionError(f"cannot compare a {left} with a {right} using '{expr.op}'", column=expr.column)
        return "truth value"
    if isinstance(expr, Not):
        _expect(expr.operand, "truth value", names, "'not'")
        return "truth value"
    if isinstance(expr, Conditional):
        _expect(expr.condition, "truth value", names, "the condition after 'if'")
        then, otherwise = check(expr.then, names), check(expr.otherwise, names)
        if then != otherwise:
            raise ExpressionError(f"'then' gives a {then} but 'else' gives a {otherwise}", column=expr.column)
        return then
    if isinstance(expr, Call) and expr.function in AGGREGATES and SEATS in names:
        # (a formula about no one player, a seat's or a rule's: the argument reads
        # each player's names about the game so far)
        if len(expr.args) != 1:
            raise ExpressionError(
                f"{expr.function}() takes 1 argument (a formula for each player), got {len(expr.args)}",
                column=expr.column,
            )
        _expect(expr.args[0], AGGREGATES[expr.function], SEAT_SCOPE, f"{expr.function}()")
        return "number"
    if isinstance(expr, Call) and expr.function in AGGREGATES and TABLE in names:
        if len(expr.args) != 1:
            raise ExpressionError(
                f"{expr.function}() takes 1 argument (a formula for each player), got {len(expr.args)}",
                column=expr.column,
            )
        nested = next((c for c in _calls(expr.args[0]) if c.function in AGGREGATES), None)
        if nested is not None:
            raise ExpressionError(f"{nested.function}() cannot stand inside {expr.function}()", column=nested.column)
        _expect(expr.args[0], AGGREGATES[expr.function], names, f"{expr.function}()")
        return "number"
    if isinstance(expr, Call) and expr.function in PAST_AGGREGATES and PAST in names:
        return _check_past(expr)
    if isinstance(expr, Call) and expr.function in SEAT_AGGREGATES and SEATS in names:
        if len(expr.args) != 1:
            raise ExpressionError(
                f"{expr.function}() takes 1 argument (a formula for each player), got {len(expr.args)}",
                column=expr.column,
            )
        _expect(expr.args[0], "number", SEAT_SCOPE, f"{expr.function}()")
        return "number"
    if isinstance(expr, Call):
        if expr.function in SEAT_AGGREGATES:
            raise ExpressionError(
                f"{expr.function}() is not known here: it gives a seat, in the formulas of a seat (play.dealer, "
                "play.first_leader, bidding.first_bidder and a tie-break round's)",
                column=expr.column,
            )
        if expr.function in PAST_AGGREGATES:
            raise ExpressionError(
                f"{expr.function}() is not known here: the rounds before are read by the formulas about each "
                "player (the limits of a bid, bidding rules, scoring's made, cases and adjustments)",
                column=expr.column,
            )
        if expr.function not in FUNCTIONS:
            offered = [
                *FUNCTIONS,
                *(AGGREGATES if TABLE in names or SEATS in names else ()),
                *(PAST_AGGREGATES if PAST in names else ()),
                *(SEAT_AGGREGATES if SEATS in names else ()),
            ]
            raise ExpressionError(unknown("function", expr.function, offered), column=expr.column)
        low, high = FUNCTIONS[expr.function]
        count = len(expr.args)
        if count < low or (high is not None and count > high):
            wanted = str(low) if low == high else f"at least {low}"
            raise ExpressionError(
                f"{expr.function}() takes {wanted} argument{'s' if wanted != '1' else ''}, got {count}",
                column=expr.column,
            )
        for arg in expr.args:
            _expect(arg, "number", names, f"{expr.function}()")
        return "number"
    raise AssertionError(expr)  # pragma: no cover


def _check_past(expr: Call) -> Type:
    """Check a ``past_`` aggregate: one argument, of its type, over the names of an
    earlier round (:data:`PAST_NAMES`) and no other aggregate."""
    function = expr.function
    if len(expr.args) != 1:
        raise ExpressionError(
            f"{function}() takes 1 argument (a formula for each earlier round), got {len(expr.args)}",
            column=expr.column,
        )
    nested = next((c for c in _calls(expr.args[0]) if c.function in {*AGGREGATES, *PAST_AGGREGATES}), None)
    if nested is not None:
        raise ExpressionError(f"{nested.function}() cannot stand inside {function}()", column=nested.column)
    inner = next((v for v in _walk(expr.args[0]) if isinstance(v, Variable) and v.name not in PAST_NAMES), None)
    if inner is not None:
        raise ExpressionError(
            f"{unknown('name', inner.name, PAST_NAMES, where=f'{function}()')} (inside it every name is the "
            "value in an earlier round)",
            column=inner.column,
        )
    wanted, gives = PAST_AGGREGATES[function]
    _expect(expr.args[0], wanted, PAST_NAMES, f"{function}()")
    return gives


def _expect(expr: Expr, wanted: Type, names: Sequence[str], where: str) -> None:
    got = check(expr, names)
    if got != wanted:
        raise ExpressionError(f"{where} needs a {wanted}, got a {got}", column=_column(expr))


def _column(expr: Expr) -> int:
    if isinstance(expr, Chain):  # where the chain starts, not its first operator
        return _column(expr.first)
    return expr.column


def _constant(expr: Expr) -> int | None:
    """The value of an expression that uses no name and calls no function, else ``None``."""
    if isinstance(expr, Number):  # (the usual divisor: no function to compile)
        return expr.value
    if any(isinstance(node, Variable | Call) for node in _walk(expr)):
        return None
    try:
        value = _generated(expr, {})(())
    except ZeroDivisionError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seat_of(pick: Callable[..., int], values: Sequence[int]) -> int:
    """The seat of the value ``pick`` (``max`` or ``min``) picks among ``values``, one a
    seat: the earliest on a tie (a seat aggregate; no seat: 0)."""
    return pick(range(len(values)), key=values.__getitem__, default=0)


def _run(held: Sequence[bool]) -> int:
    """How many of the last values of ``held`` are true in a row (``past_run``)."""
    count = 0
    for value in reversed(held):
        if not value:
            break
        count += 1
    return count


#: The operators of arithmetic chains and of comparisons.
_ARITH = ("+", "-", "*", "//", "%")
_COMPARE = ("==", "!=", "<", "<=", ">", ">=")
#: What generated formulas may call: nothing else is in their namespace (``_run``:
#: ``past_run``).
_CALLABLE: Mapping[str, Callable[..., Any]] = {
    "abs": abs,
    "min": min,
    "max": max,
    "sum": sum,
    "_run": _run,
    "_seat_of": _seat_of,
}
#: The name a generated aggregate gives each player's values (aggregates do not nest).
_ROW_NAME = "_row"
#: The name a generated ``past_`` aggregate gives each earlier round's values.
_PAST_NAME = "_past"
#: The name of a seat's row inside a seat aggregate.
_SEAT_NAME = "_seat"
#: The Python text of each operator and function a formula may use: generated code is
#: written from this table, the numbers' ``repr`` and the callers' slots, nothing else.
_TEXT: Mapping[str, str] = {
    **{op: op for op in (*_ARITH, *_COMPARE, *LOGIC)},
    **{function: function for function in FUNCTIONS},
}
#: How deep (in Python's syntax tree) an arithmetic chain written as one Python
#: expression may reach; a deeper one is written as steps. Python's compiler recurses
#: once per level of that tree and gives up near 3,000 levels (fewer when it is called
#: from deep in the stack): ``a + b + c`` is a tree as deep as it has terms, and the
#: length limit allows 5,000 of them, or 99 levels of chains of 49 terms each.
_PLAIN_DEPTH = 100
#: The name of the running value of a chain written as steps, followed by the chain's
#: level in the tree (so that a chain inside an operand of another has its own).
_FOLD_NAME = "_fold"


def python_text(expr: Expr, slot: Callable[[str, str | None], str]) -> str:
    """Python text that computes the checked tree ``expr``, ``slot(name, None)`` being
    the text of a name's value (a parameter, ``env[3]``) and, inside an aggregate,
    ``slot(name, "_row")`` the text of the value in the row of the player the aggregate
    is at (``_row[3]``). Every node is parenthesized, so Python's own precedence and
    chained comparisons never apply: chains fold left to right, ``and``/``or`` stop at
    the first value that decides, ``if`` works out one branch, an aggregate its argument
    for every row of the table. An arithmetic chain that would make the text too deep
    for Python's compiler is written in steps, ``(_fold3 := a + b, _fold3 := _fold3 -
    c)[-1]`` (a tuple is one level however long), so the text compiles for every tree
    the limits allow; it binds names starting with ``_fold`` where it runs."""
    return _python(expr, slot, 0)[0]


def _python(expr: Expr, slot: Callable[[str, str | None], str], level: int) -> tuple[str, int]:
    """The text :func:`python_text` writes for ``expr``, at ``level`` in the tree, and
    how deep Python's syntax tree of it goes (counted generously: never less than the
    levels Python's compiler recurses through)."""
    below = level + 1
    if isinstance(expr, Number):
        if type(expr.value) is not int:
            raise ValueError("a number that is not an int")
        return repr(expr.value), 1
    if isinstance(expr, Truth):
        return "True" if expr.value is True else "False", 1
    if isinstance(expr, Variable):
        return slot(expr.name, None), 2
    if isinstance(expr, Negate):
        text, depth = _python(expr.operand, slot, below)
        return f"(-{text})", depth + 1
    if isinstance(expr, Compare):
        (left, left_depth), (right, right_depth) = _python(expr.left, slot, below), _python(expr.right, slot, below)
        return f"({left} {_TEXT[expr.op]} {right})", max(left_depth, right_depth) + 1
    if isinstance(expr, Chain):
        return _python_chain(expr, slot, level)
    if isinstance(expr, Not):
        text, depth = _python(expr.operand, slot, below)
        return f"(not {text})", depth + 1
    if isinstance(expr, Conditional):
        (cond, c), (then, t), (otherwise, o) = (
            _python(e, slot, below) for e in (expr.condition, expr.then, expr.otherwise)
        )
        return f"({then} if {cond} else {otherwise})", max(c, t, o) + 1
    if isinstance(expr, Call) and expr.function in AGGREGATES:
        table = slot(TABLE, None)
        each, depth = _python(expr.args[0], lambda name, _: slot(name, _ROW_NAME), below)
        if expr.function == "count":
            return f"sum([1 for {_ROW_NAME} in {table} if {each}])", depth + 3
        function = {"sum": "sum", "highest": "max", "lowest": "min"}[expr.function]
        return f"{function}([{each} for {_ROW_NAME} in {table}])", depth + 3
    if isinstance(expr, Call) and expr.function in PAST_AGGREGATES:
        return _python_past(expr, slot(PAST, None), below)
    if isinstance(expr, Call) and expr.function in SEAT_AGGREGATES:
        each, depth = _python(expr.args[0], lambda name, _: f"{_SEAT_NAME}[{SEAT_SCOPE.index(name)}]", below)
        rows = slot(SEATS, None)
        return f"_seat_of({SEAT_AGGREGATES[expr.function]}, [{each} for {_SEAT_NAME} in {rows}])", depth + 3
    if isinstance(expr, Call):
        args = [_python(a, slot, below) for a in expr.args]
        return f"{_TEXT[expr.function]}({', '.join(text for text, _ in args)})", max(d for _, d in args) + 1
    raise AssertionError(expr)  # pragma: no cover


def _python_past(expr: Call, rounds: str, level: int) -> tuple[str, int]:
    """A ``past_`` aggregate as Python text over ``rounds`` (the text of the player's
    earlier rounds): its argument is worked out for each round, its names the round's
    values (``_past[2]``, the bid: :data:`PAST_NAMES`)."""
    each, depth = _python(expr.args[0], lambda name, _: f"{_PAST_NAME}[{PAST_NAMES.index(name)}]", level)
    rows = f"for {_PAST_NAME} in {rounds}"
    function = expr.function
    if function == "past_count":
        return f"sum([1 {rows} if {each}])", depth + 3
    if function == "past_every":
        return f"(not [1 {rows} if not {each}])", depth + 4
    if function == "past_run":
        return f"_run([{each} {rows}])", depth + 3
    if function == "past_sum":
        return f"sum([{each} {rows}])", depth + 3
    return f"{'max' if function == 'past_highest' else 'min'}([{each} {rows}], default=0)", depth + 3


def _python_chain(expr: Chain, slot: Callable[[str, str | None], str], level: int) -> tuple[str, int]:
    """A chain as Python text. ``and``/``or`` are one flat node in Python however long
    (and must stop at the value that decides): one expression. Python nests ``a + b -
    c`` to the left, the first operand as deep as the chain is long: an arithmetic chain
    is written in steps, each taking as many links as keep it within
    :data:`_PLAIN_DEPTH`. One step is the plain ``(a + b - c)``; more are
    ``(_fold3 := a + b, _fold3 := _fold3 - c)[-1]``, which computes the same."""
    first, first_depth = _python(expr.first, slot, level + 1)
    links = [(_TEXT[link.op], *_python(link.operand, slot, level + 1)) for link in expr.links]
    if expr.links[0].op in LOGIC:
        text = " ".join([first, *(f"{op} {operand}" for op, operand, _ in links)])
        return f"({text})", max(first_depth, *(depth for _, _, depth in links)) + 1
    fold = f"{_FOLD_NAME}{level}"
    steps: list[str] = []
    step, depth, deepest = [first], first_depth, 0  # the step being written, its depth
    for op, operand, operand_depth in links:
        if len(step) > 1 and max(depth, operand_depth) + 1 > _PLAIN_DEPTH:
            steps.append(f"{fold} := {' '.join(step)}")
            step, deepest, depth = [fold], max(deepest, depth), 1
        step.append(f"{op} {operand}")
        depth = max(depth, operand_depth) + 1
    if not steps:
        return f"({' '.join(step)})", depth
    steps.append(f"{fold} := {' '.join(step)}")
    # the tuple, its subscript and the assignment: 3 levels above the deepest step
    return f"({', '.join(steps)})[-1]", max(deepest, depth) + 3


def divides(expr: Expr) -> bool:
    """Whether the checked tree ``expr`` divides (``//`` or ``%``): the only way a
    formula fails on the values it is given (by zero)."""
    if isinstance(expr, Chain):
        if any(link.op in ("//", "%") for link in expr.links):
            return True
        return divides(expr.first) or any(divides(link.operand) for link in expr.links)
    if isinstance(expr, Negate | Not):
        return divides(expr.operand)
    if isinstance(expr, Compare):
        return divides(expr.left) or divides(expr.right)
    if isinstance(expr, Conditional):
        return any(divides(e) for e in (expr.condition, expr.then, expr.otherwise))
    if isinstance(expr, Call):
        return any(divides(a) for a in expr.args)
    return False


def python_function(parameters: Sequence[str], body: str, name: str = "formula") -> Callable[..., Any] | None:
    """Compile ``def name(parameters): body`` (``body``: lines of Python written by
    :func:`python_text`, indented by four spaces) with nothing but ``abs``, ``min``,
    ``max``, ``sum`` and ``_run`` in reach; ``None`` when Python cannot compile it (text too deep
    or too long for its compiler: what :func:`python_text` writes for a tree the limits
    allow is neither)."""
    text = f"def {name}({', '.join(parameters)}):\n{body}\n"
    namespace: dict[str, Any] = {"__builtins__": {}, **_CALLABLE}
    try:
        exec(compile(text, f"<{name}>", "exec"), namespace)  # our own text: see python_text
    except (RecursionError, MemoryError, SyntaxError):  # text too deep or long for Python's compiler
        return None
    function: Callable[..., Any] = namespace[name]
    return function


def _generated(expr: Expr, index: Mapping[str, int]) -> Fn:
    """The checked tree as one compiled Python function over a sequence of values, the
    only form a formula runs as. A tree Python cannot compile is never one the parser
    builds (that takes a tree nested twice as deep as the limit, or a call from deep in
    the stack): it is reported as nested too deeply. In a formula about no one player
    (:data:`SEATS` among its names) the aggregates over the table run over the seats'
    rows, each of :data:`SEAT_SCOPE`."""

    def slot(name: str, row: str | None) -> str:
        if SEATS in index and row is not None:
            return f"{row}[{SEAT_SCOPE.index(name)}]"
        if SEATS in index and name == TABLE:
            return f"env[{index[SEATS]}]"
        return f"{row or 'env'}[{index[name]}]"

    text = python_text(expr, slot)
    function = python_function(["env"], f"    return {text}")
    if function is None:
        raise ExpressionError("the expression is nested too deeply", column=1)
    return function


class Expression:
    """A parsed, checked and compiled expression.

    ``names`` fixes the order of the variables: :meth:`call` takes their values in that
    order (the fast path used per trick), :meth:`evaluate` takes a mapping.
    Pickles as its source text and names, and recompiles on load.
    """

    __slots__ = ("_fn", "_hash", "_read", "names", "source", "tree", "type")

    def __init__(self, source: str, names: Sequence[str], want: Type | None = None) -> None:
        self.source = source
        self.names = tuple(names)
        self.tree = parse(source)
        try:
            self.type = check(self.tree, self.names)
            if want is not None and self.type != want:
                hint = ""
                if want == "truth value" and isinstance(self.tree, Variable):  # (a flag such as last_round)
                    hint = f" (compare it: '{self.tree.name} == 1')"
                raise ExpressionError(f"expected a {want}, got a {self.type}{hint}", column=1)
            self._fn = _generated(self.tree, {n: i for i, n in enumerate(self.names)})
        except RecursionError:
            raise ExpressionError("the expression is nested too deeply", column=1) from None
        self._derived()

    def _derived(self) -> None:
        """What the methods below keep of the expression, worked out once: the slots
        :meth:`evaluate` fills (the names the formula reads: a context may offer a
        dozen names, the limits of a bid among them, where a formula reads one or
        none) and the hash (the rounds look formulas up by them)."""
        read = _variables(self.tree) | (HIDDEN & set(self.names))
        self._read = tuple((slot, name) for slot, name in enumerate(self.names) if name in read)
        self._hash = hash((self.source, self.names))

    def call(self, values: Sequence[int]) -> Any:
        """Evaluate with the variables' values given in the order of ``names``.

        Raises :class:`~skullking.core.errors.FormulaError` for a division by a value that
        is 0 here, or a number beyond :data:`~skullking.core.limits.MAX_VALUE`."""
        try:
            result = self._fn(values)
        except ZeroDivisionError:
            raise FormulaError(
                f"the formula '{shorten(self.source)}' divides by zero with {self._shown(values)}"
            ) from None
        if self.type == "number" and not -MAX_VALUE <= result <= MAX_VALUE:
            raise FormulaError(
                f"the formula '{shorten(self.source)}' gives a number beyond {MAX_VALUE:,} (either sign) "
                f"with {self._shown(values)}"
            )
        return result

    def _shown(self, values: Sequence[Any]) -> str:
        """The values of the variables the formula uses, for a message."""
        used = self.variables
        shown = [f"{n} = {v}" for n, v in zip(self.names, values, strict=False) if n in used and isinstance(v, int)]
        return ", ".join(shown) or "no variables"

    def evaluate(self, values: Mapping[str, int]) -> Any:
        """Evaluate with the variables' values given by name (missing ones are 0)."""
        given = [0] * len(self.names)  # (a name the formula does not read stays 0: never read)
        for slot, name in self._read:
            given[slot] = values.get(name, 0)
        return self.call(given)

    def evaluate_for(self, table: Sequence[Mapping[str, int]], row: int) -> Any:
        """Evaluate for player ``row`` of ``table`` (every player's values by name): the
        names are that player's values, the aggregates run over the whole table."""
        rows: list[list[Any]] = [[values.get(n, 0) for n in self.names] for values in table]
        if TABLE in self.names:
            slot = self.names.index(TABLE)
            for values in rows:
                values[slot] = rows
        return self.call(rows[row])

    @property
    def uses_table(self) -> bool:
        """Whether the expression aggregates over every player."""
        return any(c.function in AGGREGATES for c in _calls(self.tree)) and TABLE in self.names

    @property
    def variables(self) -> frozenset[str]:
        """The names the expression uses. In a formula about no one player (:data:`SEATS`
        among its names), the names an aggregate's argument reads are each player's:
        the expression uses :data:`SEATS` for them."""
        found = _variables(self.tree)
        if SEATS in self.names:
            seats = any(c.function in AGGREGATES or c.function in SEAT_AGGREGATES for c in _calls(self.tree))
            found = {name for name in found if name in self.names} | ({SEATS} if seats else set())
        return frozenset(found)

    @property
    def uses_past(self) -> bool:
        """Whether the expression aggregates over the earlier rounds (``past_``), of the
        player or (inside a seat aggregate) of each player."""
        return any(call.function in PAST_AGGREGATES for call in _calls(self.tree))

    def columns(self) -> dict[str, int]:
        """Each name the expression uses -> the column of its first use in the text
        (not the names inside a ``past_`` aggregate: those are an earlier round's)."""
        found: dict[str, int] = {}
        for node in _walk(self.tree, outer=True):
            if isinstance(node, Variable):
                found[node.name] = min(found.get(node.name, node.column), node.column)
        return found

    def places(self, names: Iterable[str]) -> list[tuple[int, str]]:
        """Where each of ``names`` is read in the text, as (column, name), outside the
        ``past_`` aggregates."""
        wanted = frozenset(names)
        return [
            (node.column, node.name)
            for node in _walk(self.tree, outer=True)
            if isinstance(node, Variable) and node.name in wanted
        ]

    @property
    def numbers(self) -> frozenset[int]:
        """The numbers written in the expression (``-5`` as ``5``)."""
        return frozenset(node.value for node in _walk(self.tree) if isinstance(node, Number))

    def bind(self, values: Mapping[str, Any]) -> Expression:
        """The expression with the names of ``values`` fixed at those values (outside the
        ``past_`` aggregates, whose names are an earlier round's): a precedence rule's
        condition worked out once for a round, its trick's names left to read. Its
        source stays the text as written; ``self`` when it reads none of ``values``."""
        if not self.variables & values.keys():
            return self
        return _restore(self.source, self.names, self.type, _fixed(self.tree, values, self.names))

    def __eq__(self, other: object) -> bool:
        """Expressions are equal when their source, names and tree are (a bound
        expression keeps its source: :meth:`bind`)."""
        if not isinstance(other, Expression):
            return NotImplemented
        if self is other:
            return True
        return (self.source, self.names, self.tree) == (other.source, other.names, other.tree)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the checked tree, not the function: loading needs no parser.
        return (_restore, (self.source, self.names, self.type, self.tree))

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"


def _children(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, Negate | Not):
        return (expr.operand,)
    if isinstance(expr, Compare):
        return (expr.left, expr.right)
    if isinstance(expr, Chain):
        return (expr.first, *(link.operand for link in expr.links))
    if isinstance(expr, Conditional):
        return (expr.condition, expr.then, expr.otherwise)
    if isinstance(expr, Call):
        return expr.args
    return ()


def _walk(expr: Expr, *, outer: bool = False) -> Iterator[Expr]:
    """Every node of the tree, depth first (iterative: deep trees are fine); with
    ``outer``, not the arguments of ``past_`` aggregates (their names are an earlier
    round's) nor of seat aggregates (each player's)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        if not (outer and isinstance(node, Call) and node.function in _SCOPED):
            stack.extend(_children(node))


#: The aggregates whose argument reads names of its own (an earlier round's, a player's).
_SCOPED = frozenset((*PAST_AGGREGATES, *SEAT_AGGREGATES))


def _fixed(node: Any, values: Mapping[str, Any], names: tuple[str, ...]) -> Any:
    """``node`` with its variables named in ``values`` made numbers (not inside a
    ``past_`` aggregate), and, where ``values`` gives every seat's row
    (:data:`SEATS`), each aggregate over the seats made the number it gives."""
    if isinstance(node, Variable):
        return Number(values[node.name], node.column) if node.name in values else node
    if isinstance(node, Call) and SEATS in values and (node.function in AGGREGATES or node.function in SEAT_AGGREGATES):
        return Number(_restore("", names, "number", node).evaluate(values), node.column)
    if isinstance(node, Number | Truth) or (isinstance(node, Call) and node.function in _SCOPED):
        return node
    return type(node)._make(
        tuple(_fixed(item, values, names) for item in field)
        if isinstance(field, tuple) and not hasattr(field, "_fields")
        else _fixed(field, values, names)
        if hasattr(field, "_fields")
        else field
        for field in node
    )


def _variables(expr: Expr) -> set[str]:
    """The names the expression reads of its context: its variables, :data:`PAST` for a
    ``past_`` aggregate (whose argument's names are an earlier round's) and
    :data:`SEATS` for a seat aggregate (whose argument's are each player's)."""
    found: set[str] = set()
    for node in _walk(expr, outer=True):
        if isinstance(node, Variable):
            found.add(node.name)
        elif isinstance(node, Call) and node.function in PAST_AGGREGATES:
            found.add(PAST)
        elif isinstance(node, Call) and node.function in SEAT_AGGREGATES:
            found.add(SEATS)
    return found


def _calls(expr: Expr) -> list[Call]:
    return [node for node in _walk(expr) if isinstance(node, Call)]


def restore(source: Any, names: Any, type_: Any, tree: Any) -> Expression:
    """An expression rebuilt from its source, names, type and checked tree, without
    parsing again (for the cache). Everything is input here: the tree must be made of
    the grammar's nodes only, each field of the type the parser gives it (a number an
    ``int`` within :data:`MAX_LITERAL`, a name one of ``names``, an operator or a
    function one of the grammar's), and check as ``type_``; else ``ValueError``."""
    if not (isinstance(source, str) and isinstance(names, tuple) and all(type(n) is str for n in names)):
        raise ValueError("not an expression")
    _check_nodes(tree, frozenset(names))
    if type_ not in ("number", "truth value") or check(tree, names) != type_:
        raise ValueError("an expression of another type")
    return _restore(source, names, type_, tree)


#: The operators of a chain.
_OPERATORS = frozenset(_ARITH) | frozenset(LOGIC)


def _check_nodes(tree: Any, names: frozenset[str]) -> None:
    """Raise ``ValueError`` unless every node of ``tree`` is one the parser builds, with
    fields of the types and values it gives them, nested no deeper than a parsed one
    can be."""
    stack = [(tree, 1, names)]
    while stack:
        node, depth, names = stack.pop()
        kind = type(node)
        if depth > 2 * MAX_EXPR_DEPTH:
            raise ValueError("an expression nested too deeply")
        if kind not in _NODE_TYPES or type(node.column) is not int:
            raise ValueError(f"not an expression node: {kind.__name__}")
        if kind is Number:
            if type(node.value) is not int or abs(node.value) > MAX_LITERAL:
                raise ValueError("a number that is not a literal of the grammar")
        elif kind is Truth:
            if type(node.value) is not bool:
                raise ValueError("a truth value that is not one")
        elif kind is Variable:
            if type(node.name) is not str or node.name not in names:
                raise ValueError("a name the expression does not offer")
        elif kind is Chain:
            links = node.links
            if type(links) is not tuple or not links or any(type(link) is not Link for link in links):
                raise ValueError("a chain without links")
            if any(
                type(link.op) is not str or link.op not in _OPERATORS or type(link.column) is not int for link in links
            ):
                raise ValueError("an operator that is not the grammar's")
            if len({link.op in LOGIC for link in links}) != 1:
                raise ValueError("a chain mixing logic and arithmetic")
        elif kind is Compare:
            if type(node.op) is not str or node.op not in _COMPARE:
                raise ValueError("a comparison that is not the grammar's")
        elif kind is Call:
            if type(node.function) is not str or node.function not in {*FUNCTIONS, *AGGREGATES, *_SCOPED}:
                raise ValueError("a function that is not the grammar's")
            if type(node.args) is not tuple:
                raise ValueError("a call without its arguments")
            if node.function in PAST_AGGREGATES:  # (its argument reads an earlier round's names)
                names = _PAST_SCOPE
            elif node.function in SEAT_AGGREGATES:  # (its argument reads each player's names)
                names = frozenset(SEAT_SCOPE)
        stack.extend((child, depth + 1, names) for child in _children(node))


_PAST_SCOPE = frozenset(PAST_NAMES)


def _restore(source: str, names: tuple[str, ...], type_: Type, tree: Expr) -> Expression:
    expression = Expression.__new__(Expression)
    expression.source, expression.names, expression.type, expression.tree = source, names, type_, tree
    expression._fn = _generated(tree, {n: i for i, n in enumerate(names)})
    expression._derived()
    return expression


def compile_expression(source: str, names: Sequence[str], want: Type | None = None) -> Expression:
    """Parse, check and compile ``source`` for a context offering ``names``.

    ``want`` is the type the context needs (``"number"`` for formulas, ``"truth value"``
    for conditions). Raises :class:`ExpressionError` with the column of the problem.
    """
    return Expression(source, names, want)
