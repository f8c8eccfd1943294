"""The conformance suite as pytest tests: one test per vector, in another Python
project's own test suite.

A Python program of Skull King runs the suite in-process, without the protocol: a
function answers each vector's input as the protocol's ``output`` would, and the
module's tests compare it with the vector's expected answer as ``skullking
conformance`` does (:func:`skullking.analysis.vectors.differences`). In the program's
tests (``tests/test_skullking_rules.py``)::

    import pytest
    from skullking.tools.pytest_vectors import vector_tests

    import mygame

    def answer(kind, given):
        if kind == "trick":
            winner = mygame.trick_winner(given["cards"], leader=given["leader"])
            ...
            return {"winner": winner, "next_leader": winner, "bonus": 0, "alliances": []}
        pytest.skip("only tricks so far")

    test_skullking_2021 = vector_tests(answer, "skullking-2021", skip_tags=["advanced"])

``pytest`` then collects ``test_skullking_2021[trick-001]``, ``...[legal-001]``,
``...[round-001]`` and so on; a failure names the rule the vector checks, its source,
and each field that differs. pytest is needed to run them (it is not a dependency of
this package); this module imports it when :func:`vector_tests` is called.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import skullking
from skullking.analysis.vectors import DEFAULT_KINDS, REQUEST_KINDS, differences, documents
from skullking.tools.common import UsageError
from skullking.tools.conformance import check_tags, failure, failure_lines, known_tags, select, vectors_round

#: The function a program gives: the output for one vector (``kind`` is the request's,
#: ``trick``, ``legal``, ``round`` or ``game``; ``given`` the vector's input).
Answer = Callable[[str, dict[str, Any]], Any]


def vector_tests(
    answer: Answer,
    edition: str | Path = "skullking-2021",
    *,
    tags: Iterable[str] = (),
    skip_tags: Iterable[str] = (),
    round: int | None = None,
    allow_paths: bool = False,
    kinds: Iterable[str] = DEFAULT_KINDS,
) -> Callable[[tuple[str, dict[str, Any]]], None]:
    """A pytest test function with one case per vector of ``edition`` (a bundled id or
    an edition file), each case's id the vector's: assign it to a ``test_...`` name of
    a test module. Each case calls ``answer(kind, input)`` and fails where the output
    (read as JSON: tuples are lists) differs from the vector's expected answer (the message names the rule and each
    field that differs); ``answer`` may call ``pytest.skip`` for what the program does
    not support. ``tags`` and ``skip_tags`` select vectors as ``--tags`` and
    ``--skip-tags`` do, ``round`` is ``--round`` and ``kinds`` the kinds of vector
    (``--kinds``; by default those every program knows, ``games`` only when named).
    Raises ``ValueError`` for a tag no
    vector carries (with the closest known one) and for an edition whose rules change
    with the round given no ``round``."""
    import pytest

    rules = skullking.load_edition(edition, allow_paths=allow_paths)
    chosen, left_out, wanted = set(tags), set(skip_tags), set(kinds)
    try:
        number = vectors_round(rules, round)
        docs = documents(rules, number)
        known = known_tags(docs)
        check_tags("tags", chosen, known)
        check_tags("skip_tags", left_out, known)
    except UsageError as exc:
        raise ValueError(str(exc)) from None
    cases = [
        pytest.param((doc["kind"], vector), id=vector["id"])
        for doc in docs
        if doc["kind"] in wanted
        for vector in doc["vectors"]
        if select(vector, chosen, left_out) is None
    ]

    def test_vector(vector: tuple[str, dict[str, Any]]) -> None:
        kind, case = vector
        got = answer(REQUEST_KINDS[kind], case["input"])
        with contextlib.suppress(TypeError, ValueError):  # (as JSON: a tuple is a list; what is not JSON stays)
            got = json.loads(json.dumps(got))
        found = differences(kind, case["expected"], got)
        if found:
            record = failure(case, kind, got, found)
            pytest.fail("\n".join([f"rule: {record['rule']}", *failure_lines(record)]), pytrace=False)

    marked: Callable[[tuple[str, dict[str, Any]]], None] = pytest.mark.parametrize("vector", cases)(test_vector)
    return marked
