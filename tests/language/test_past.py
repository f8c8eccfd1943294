"""The aggregates over the earlier rounds of a game (``past_count``, ``past_run``,
``past_every``, ``past_sum``, ``past_highest``, ``past_lowest``): their argument is
worked out in each earlier round with that round's names, and they are defined before
any round (round 1). House rules tables play: "three missed bids in a row cost 30
more", "whoever made the most bids over the game scores 25 at the end", "a zero bid
made in two rounds running pays 10 more"."""

from __future__ import annotations

import functools
import operator
import pickle
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullking.core.errors import ExpressionError
from skullking.language import expr
from skullking.language.expr import PAST, PAST_NAMES, TABLE, compile_expression, restore

#: The names a scoring case offers, in short.
NAMES = ("bid", "won", "cards", "round", "total", PAST, TABLE)


def _round(number: int, bid: int, won: int, points: int, bonus: int = 0) -> tuple[int, ...]:
    """An earlier round as the aggregates read it (made: the bid equals the tricks won)."""
    values = {"round": number, "cards": number, "bid": bid, "won": won, "made": int(bid == won)}
    values |= {"points": points, "bonus": bonus}
    return tuple(values[name] for name in PAST_NAMES)


#: Rounds 1 to 5 of a player: missed, made (a zero), made (a zero), missed, missed.
GAME = (
    _round(1, 1, 0, -10),
    _round(2, 0, 0, 20),
    _round(3, 0, 0, 30, bonus=20),
    _round(4, 2, 3, -10),
    _round(5, 1, 0, -10),
)


@pytest.mark.parametrize(
    ("source", "before_round_6", "in_round_1"),
    [
        ("past_count(made == 1)", 2, 0),  # rounds 2 and 3
        ("past_count(won != bid)", 3, 0),
        ("past_run(made == 0)", 2, 0),  # rounds 5 and 4, not 3
        ("past_run(bid == 0 and made == 1)", 0, 0),  # round 5 was not one
        ("past_every(round >= 1)", True, True),  # true before any round
        ("past_every(made == 1)", False, True),
        ("past_sum(points)", 20, 0),
        ("past_sum(bonus)", 20, 0),
        ("past_highest(points)", 30, 0),
        ("past_lowest(points)", -10, 0),
        ("past_highest(won - bid)", 1, 0),
        ("past_sum(if made == 1 then cards else 0)", 5, 0),
    ],
)
def test_each_past_aggregate_over_a_game_and_before_any_round(
    source: str, before_round_6: object, in_round_1: object
) -> None:
    """Each aggregate over the five rounds above (worked out by hand), and in round 1,
    with no round before: a count, a run and a sum are 0, the highest and lowest 0, and
    every earlier round is true of any condition."""
    formula = compile_expression(source, NAMES)
    assert formula.evaluate({PAST: GAME}) == before_round_6  # type: ignore[dict-item]
    assert formula.evaluate({PAST: ()}) == in_round_1  # type: ignore[dict-item]


def test_three_missed_bids_in_a_row() -> None:
    """A house rule: three missed bids in a row cost 30 more. The fifth round's miss
    makes three (rounds 3 to 5 are not: round 3 was made), so a miss in round 6 after
    rounds 4 and 5 counts, and one after round 3 alone does not."""
    rule = compile_expression("won != bid and past_run(won != bid) >= 2", NAMES, "truth value")
    assert rule.evaluate({"bid": 1, "won": 2, PAST: GAME}) is True  # type: ignore[dict-item]
    assert rule.evaluate({"bid": 1, "won": 1, PAST: GAME}) is False  # type: ignore[dict-item]
    assert rule.evaluate({"bid": 1, "won": 2, PAST: GAME[:4]}) is False  # type: ignore[dict-item]


def test_the_most_bids_made_at_the_table() -> None:
    """A house rule: whoever made the most bids over the game scores more. A table
    aggregate over a past aggregate: Ann made 2 bids, Bo 4, Cy 4: Bo and Cy made the
    most."""
    most = compile_expression("past_count(made == 1) == highest(past_count(made == 1))", NAMES)
    made = _round(1, 1, 1, 30)
    table = [{PAST: GAME}, {PAST: (made,) * 4}, {PAST: (made,) * 4 + GAME[:1]}]
    assert [most.evaluate_for(table, row) for row in range(3)] == [False, True, True]  # type: ignore[arg-type]
    counted = compile_expression("count(past_count(made == 1) >= 3)", NAMES)
    assert counted.evaluate_for(table, 0) == 2  # type: ignore[arg-type]


def test_inside_a_past_aggregate_every_name_is_the_earlier_rounds() -> None:
    """``bid`` inside an aggregate is each earlier round's bid, outside it this round's:
    a bid above every earlier one."""
    higher = compile_expression("bid > past_highest(bid)", NAMES)
    assert higher.evaluate({"bid": 3, PAST: GAME}) is True  # type: ignore[dict-item]
    assert higher.evaluate({"bid": 2, PAST: GAME}) is False  # type: ignore[dict-item]
    assert higher.variables == {"bid", PAST}
    assert higher.columns() == {"bid": 1}


@pytest.mark.parametrize(
    ("source", "message", "column"),
    [
        ("past_count(total > 1)", "unknown name 'total' in past_count()", 12),
        ("past_sum(made == 1)", "past_sum() needs a number, got a truth value", 15),
        ("past_count(won)", "past_count() needs a truth value, got a number", 12),
        ("past_count(past_count(made == 1) > 1)", "past_count() cannot stand inside past_count()", 12),
        ("past_sum(highest(bid))", "highest() cannot stand inside past_sum()", 10),
        ("past_sum(bid, won)", "past_sum() takes 1 argument (a formula for each earlier round), got 2", 1),
        ("past_every(made == 1) + 1", "arithmetic needs a number, got a truth value", 1),
    ],
)
def test_a_wrong_past_aggregate_is_refused_at_its_column(source: str, message: str, column: int) -> None:
    """Names, arity and types inside a past aggregate are checked as the formula
    loads, the error at the column of the problem."""
    with pytest.raises(ExpressionError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        compile_expression(source, NAMES)
    assert caught.value.column == column


def test_a_past_aggregate_where_no_earlier_round_is_known_says_where_it_is() -> None:
    """A formula that does not see the game so far (a bid's range) cannot read the
    earlier rounds: the error says which formulas can."""
    with pytest.raises(ExpressionError, match=r"past_count\(\) is not known here: the rounds before are read by"):
        compile_expression("past_count(made == 1)", ("cards", "round"))


def test_a_past_aggregate_pickles_and_restores() -> None:
    """A formula with a past aggregate survives the cache: pickled, and restored from
    its checked tree (whose inner names are an earlier round's, not the formula's)."""
    formula = compile_expression("past_run(made == 0) + bid", NAMES)
    again = pickle.loads(pickle.dumps(formula))
    assert again.evaluate({"bid": 1, PAST: GAME}) == 3
    restored = restore(formula.source, formula.names, formula.type, formula.tree)
    assert restored.evaluate({"bid": 0, PAST: GAME}) == 2  # type: ignore[dict-item]


def _formula(rng: random.Random, want: str, depth: int, names: tuple[str, ...], past: bool) -> str:
    """A random well-typed formula over ``names``, with past aggregates (over an earlier
    round's names) where ``past``."""
    if depth <= 0 or rng.random() < 0.3:
        if want == "number":
            return rng.choice([*names, str(rng.randint(0, 5))])
        return f"({rng.choice(names)} {rng.choice(['>', '==', '<='])} {rng.randint(-1, 3)})"
    sub = functools.partial(_formula, rng, depth=depth - 1, names=names, past=past)
    inner = functools.partial(_formula, rng, depth=depth - 1, names=PAST_NAMES, past=False)
    kind = rng.randrange(4 if past else 3)
    if want == "number":
        if kind == 0:
            return f"({sub('number')} {rng.choice(['+', '-', '*'])} {sub('number')})"
        if kind == 1:
            return f"(if {sub('truth')} then {sub('number')} else {sub('number')})"
        if kind == 2:
            return f"max({sub('number')}, {sub('number')})"
        if rng.random() < 0.4:
            return f"{rng.choice(['past_count', 'past_run'])}({inner('truth')})"
        return f"{rng.choice(['past_sum', 'past_highest', 'past_lowest'])}({inner('number')})"
    if kind == 0:
        return f"({sub('number')} {rng.choice(['==', '<', '>='])} {sub('number')})"
    if kind == 1:
        return f"({sub('truth')} {rng.choice(['and', 'or'])} {sub('truth')})"
    if kind == 2:
        return f"(not {sub('truth')})"
    return f"past_every({inner('truth')})"


def _meaning(node: expr.Expr, row: Mapping[str, Any]) -> Any:
    """What a formula means, node by node: a past aggregate works its argument out in
    each earlier round (``row[PAST]``, each round's values by name)."""
    match node:
        case expr.Number(value) | expr.Truth(value):
            return value
        case expr.Variable(name):
            return row[name]
        case expr.Negate(operand):
            return -_meaning(operand, row)
        case expr.Not(operand):
            return not _meaning(operand, row)
        case expr.Compare(op, left, right):
            return _COMPARE[op](_meaning(left, row), _meaning(right, row))
        case expr.Conditional(condition, then, otherwise):
            return _meaning(then if _meaning(condition, row) else otherwise, row)
        case expr.Chain(first, links):
            value = _meaning(first, row)
            for op, operand, _ in links:
                if (op == "and" and not value) or (op == "or" and value):
                    break
                right = _meaning(operand, row)
                value = right if op in ("and", "or") else _ARITH[op](value, right)
            return value
        case expr.Call("max", arguments):
            return max(_meaning(a, row) for a in arguments)
        case expr.Call(function, (argument,)):
            each = [_meaning(argument, earlier) for earlier in row[PAST]]
            if function == "past_count":
                return sum(1 for held in each if held)
            if function == "past_every":
                return all(each)
            if function == "past_run":
                run = 0
                for held in reversed(each):
                    if not held:
                        break
                    run += 1
                return run
            if function == "past_sum":
                return sum(each)
            return (max if function == "past_highest" else min)(each, default=0)
    raise AssertionError(node)


_COMPARE = {"==": operator.eq, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


@settings(max_examples=200, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_a_past_aggregate_computes_what_its_tree_means(rng: random.Random) -> None:
    """On random formulas with past aggregates, and random games of 0 to 5 earlier
    rounds, the compiled formula gives what its tree means, value and type: each
    aggregate's argument worked out in every earlier round with that round's names."""
    names = ("bid", "won", "cards", PAST)
    source = _formula(rng, rng.choice(["number", "truth"]), 4, names[:3], True)
    formula = compile_expression(source, names)
    for _ in range(4):
        rounds = [{name: rng.randint(-2, 4) for name in PAST_NAMES} for _ in range(rng.randint(0, 5))]
        row: dict[str, Any] = {name: rng.randint(-2, 4) for name in names[:3]}
        values = [row["bid"], row["won"], row["cards"], tuple(tuple(r[n] for n in PAST_NAMES) for r in rounds)]
        got = formula.call(values)
        want = _meaning(formula.tree, {**row, PAST: rounds})
        assert (type(got), got) == (type(want), want), (source, row, rounds)
