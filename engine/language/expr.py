"""The expression language used inside edition files.

Score formulas, hand limits and precedence conditions are small expressions::

    20 * bid + bonus
    if bid == 0 then 10 * cards else -10 * abs(won - bid)
    skull_king >= 1 and mermaid >= 1

The grammar is ``rules/expr.lark`` (LALR). An expression is parsed once, checked
against the names its context offers (unknown names and wrong arity are errors at load
time, with the column inside the text), type-checked (numbers vs. truth values) and
compiled: the checked tree is written out as a Python function (:func:`python_text`:
numbers, the values' slots, operators and ``abs``/``min``/``max``/``sum``, nothing of
the file's text) and compiled by Python, so a formula runs as fast as one written by
hand. A tree Python's compiler refuses (a flat sum of a few thousand terms, which the
limits allow) runs as closures instead.

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
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from skullking.core.errors import ExpressionError, FormulaError, shorten
from skullking.core.limits import MAX_EXPR_DEPTH, MAX_LITERAL, MAX_VALUE
from skullking.core.suggest import unknown

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


@functools.cache
def _parser() -> Any:
    from lark import Lark

    from skullking.core.resources import rules_text
    from skullking.storage.cache import lark_grammar

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
        if expr.name not in names or expr.name == TABLE:
            raise ExpressionError(unknown("name", expr.name, [n for n in names if n != TABLE]), column=expr.column)
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
    if isinstance(expr, Call):
        if expr.function not in FUNCTIONS:
            offered = [*FUNCTIONS, *(AGGREGATES if TABLE in names else ())]
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
    if any(isinstance(node, Variable | Call) for node in _walk(expr)):
        return None
    try:
        value = _compile(expr, {})(())
    except ZeroDivisionError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_ARITH: Mapping[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "//": lambda a, b: a // b,  # by 0: ZeroDivisionError, reported by Expression
    "%": lambda a, b: a % b,
}
_COMPARE: Mapping[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _compile(expr: Expr, index: Mapping[str, int]) -> Fn:
    """Turn a checked tree into a closure over a sequence of variable values."""
    if isinstance(expr, Number | Truth):
        constant = expr.value
        return lambda env: constant
    if isinstance(expr, Variable):
        slot = index[expr.name]
        return lambda env: env[slot]
    if isinstance(expr, Negate):
        inner = _compile(expr.operand, index)
        return lambda env: -inner(env)
    if isinstance(expr, Compare):
        compare = _COMPARE[expr.op]
        left, right = _compile(expr.left, index), _compile(expr.right, index)
        return lambda env: compare(left(env), right(env))
    if isinstance(expr, Chain):
        return _compile_chain(expr, index)
    if isinstance(expr, Not):
        inner = _compile(expr.operand, index)
        return lambda env: not inner(env)
    if isinstance(expr, Conditional):
        cond, then, otherwise = (_compile(e, index) for e in (expr.condition, expr.then, expr.otherwise))
        return lambda env: then(env) if cond(env) else otherwise(env)
    if isinstance(expr, Call) and expr.function in AGGREGATES and TABLE in index:
        table, each = index[TABLE], _compile(expr.args[0], index)
        function = expr.function

        def aggregate(env: Sequence[Any]) -> int:
            values = [each(row) for row in env[table]]  # the table slot holds every player's row
            if function == "count":
                return sum(1 for v in values if v)
            return sum(values) if function == "sum" else max(values) if function == "highest" else min(values)

        return aggregate
    if isinstance(expr, Call):
        args = [_compile(a, index) for a in expr.args]
        if expr.function == "abs":
            (only,) = args
            return lambda env: abs(only(env))
        pick = min if expr.function == "min" else max
        return lambda env: pick(a(env) for a in args)
    raise AssertionError(expr)  # pragma: no cover


def _compile_chain(expr: Chain, index: Mapping[str, int]) -> Fn:
    """A chain as one loop (a closure per operand, none per operator)."""
    first = _compile(expr.first, index)
    rest = [_compile(link.operand, index) for link in expr.links]
    op = expr.links[0].op
    if op in LOGIC:
        every = [first, *rest]
        if op == "and":
            if len(every) == 2:
                left, right = every
                return lambda env: left(env) and right(env)
            return lambda env: all(f(env) for f in every)
        if len(every) == 2:
            left, right = every
            return lambda env: left(env) or right(env)
        return lambda env: any(f(env) for f in every)
    ops = [_ARITH[link.op] for link in expr.links]
    if len(ops) == 1:
        (apply,), (right,) = ops, rest
        return lambda env: apply(first(env), right(env))
    steps = list(zip(ops, rest, strict=True))

    def fold(env: Sequence[Any]) -> Any:
        value = first(env)
        for apply, operand in steps:
            value = apply(value, operand(env))
        return value

    return fold


#: What generated formulas may call: nothing else is in their namespace.
_CALLABLE = {"abs": abs, "min": min, "max": max, "sum": sum}
#: The name a generated aggregate gives each player's values (aggregates do not nest).
_ROW_NAME = "_row"
#: The Python text of each operator and function a formula may use: generated code is
#: written from this table, the numbers' ``repr`` and the callers' slots, nothing else.
_TEXT: Mapping[str, str] = {
    **{op: op for op in (*_ARITH, *_COMPARE, *LOGIC)},
    **{function: function for function in FUNCTIONS},
}


def python_text(expr: Expr, slot: Callable[[str, str | None], str]) -> str:
    """Python text that computes the checked tree ``expr`` as the closures of
    :func:`_compile` do, ``slot(name, None)`` being the text of a name's value (a
    parameter, ``env[3]``) and, inside an aggregate, ``slot(name, "_row")`` the text of
    the value in the row of the player the aggregate is at (``_row[3]``). Every node is
    parenthesized, so Python's own precedence and chained comparisons never apply."""
    if isinstance(expr, Number):
        if type(expr.value) is not int:
            raise ValueError("a number that is not an int")
        return repr(expr.value)
    if isinstance(expr, Truth):
        return "True" if expr.value is True else "False"
    if isinstance(expr, Variable):
        return slot(expr.name, None)
    if isinstance(expr, Negate):
        return f"(-{python_text(expr.operand, slot)})"
    if isinstance(expr, Compare):
        return f"({python_text(expr.left, slot)} {_TEXT[expr.op]} {python_text(expr.right, slot)})"
    if isinstance(expr, Chain):
        parts = [python_text(expr.first, slot)]
        parts += [f"{_TEXT[link.op]} {python_text(link.operand, slot)}" for link in expr.links]
        return f"({' '.join(parts)})"
    if isinstance(expr, Not):
        return f"(not {python_text(expr.operand, slot)})"
    if isinstance(expr, Conditional):
        cond, then, otherwise = (python_text(e, slot) for e in (expr.condition, expr.then, expr.otherwise))
        return f"({then} if {cond} else {otherwise})"
    if isinstance(expr, Call) and expr.function in AGGREGATES:
        table = slot(TABLE, None)
        each = python_text(expr.args[0], lambda name, _: slot(name, _ROW_NAME))
        if expr.function == "count":
            return f"sum([1 for {_ROW_NAME} in {table} if {each}])"
        function = {"sum": "sum", "highest": "max", "lowest": "min"}[expr.function]
        return f"{function}([{each} for {_ROW_NAME} in {table}])"
    if isinstance(expr, Call):
        return f"{_TEXT[expr.function]}({', '.join(python_text(a, slot) for a in expr.args)})"
    raise AssertionError(expr)  # pragma: no cover


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
    ``max`` and ``sum`` in reach; ``None`` when Python cannot compile it (a tree too
    deep or too long for its compiler: the caller keeps its closures)."""
    text = f"def {name}({', '.join(parameters)}):\n{body}\n"
    namespace: dict[str, Any] = {"__builtins__": {}, **_CALLABLE}
    try:
        exec(compile(text, f"<{name}>", "exec"), namespace)  # our own text: see python_text
    except (RecursionError, MemoryError, SyntaxError):  # a tree too deep or long for Python's compiler
        return None
    function: Callable[..., Any] = namespace[name]
    return function


def _generated(expr: Expr, index: Mapping[str, int]) -> Fn:
    """The checked tree as one compiled Python function over a sequence of values (the
    closures of :func:`_compile` when Python cannot compile it)."""
    text = python_text(expr, lambda name, row: f"{row or 'env'}[{index[name]}]")
    function = python_function(["env"], f"    return {text}")
    return function if function is not None else _compile(expr, index)


class Expression:
    """A parsed, checked and compiled expression.

    ``names`` fixes the order of the variables: :meth:`call` takes their values in that
    order (the fast path used per trick), :meth:`evaluate` takes a mapping.
    Pickles as its source text and names, and recompiles on load.
    """

    __slots__ = ("_fn", "names", "source", "tree", "type")

    def __init__(self, source: str, names: Sequence[str], want: Type | None = None) -> None:
        self.source = source
        self.names = tuple(names)
        self.tree = parse(source)
        try:
            self.type = check(self.tree, self.names)
            if want is not None and self.type != want:
                raise ExpressionError(f"expected a {want}, got a {self.type}", column=1)
            self._fn = _generated(self.tree, {n: i for i, n in enumerate(self.names)})
        except RecursionError:
            raise ExpressionError("the expression is nested too deeply", column=1) from None

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
        return self.call([values.get(n, 0) for n in self.names])

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
        """The names the expression uses."""
        return frozenset(_variables(self.tree))

    def __eq__(self, other: object) -> bool:
        """Expressions are equal when their source and names are."""
        if not isinstance(other, Expression):
            return NotImplemented
        return (self.source, self.names) == (other.source, other.names)

    def __hash__(self) -> int:
        return hash((self.source, self.names))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the checked tree, not the closure: loading needs no parser.
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


def _walk(expr: Expr) -> Iterator[Expr]:
    """Every node of the tree, depth first (iterative: deep trees are fine)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(_children(node))


def _variables(expr: Expr) -> set[str]:
    return {node.name for node in _walk(expr) if isinstance(node, Variable)}


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
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
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
            if type(node.function) is not str or node.function not in {*FUNCTIONS, *AGGREGATES}:
                raise ValueError("a function that is not the grammar's")
            if type(node.args) is not tuple:
                raise ValueError("a call without its arguments")
        stack.extend((child, depth + 1) for child in _children(node))


def _restore(source: str, names: tuple[str, ...], type_: Type, tree: Expr) -> Expression:
    expression = Expression.__new__(Expression)
    expression.source, expression.names, expression.type, expression.tree = source, names, type_, tree
    expression._fn = _generated(tree, {n: i for i, n in enumerate(names)})
    return expression


def compile_expression(source: str, names: Sequence[str], want: Type | None = None) -> Expression:
    """Parse, check and compile ``source`` for a context offering ``names``.

    ``want`` is the type the context needs (``"number"`` for formulas, ``"truth value"``
    for conditions). Raises :class:`ExpressionError` with the column of the problem.
    """
    return Expression(source, names, want)
