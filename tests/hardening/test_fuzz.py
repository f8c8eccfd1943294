"""Property-based fuzzing of every way in: the command line, card notation, formulas,
edition files mutated from the bundled ones, score sheets, game records, tricks and
legal plays, and hostile names in every data output. A few hundred examples each
here; ``scripts/fuzz.py`` runs as many as asked and says how many it tried."""

from __future__ import annotations

from typing import Any

import pytest
from fuzzing import PROPERTIES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = {"command line": 150, "mutated editions": 60, "standard input": 150, "records": 100, "names in data": 40}


@pytest.mark.parametrize("name", sorted(PROPERTIES))
def test_property_holds(name: str) -> None:
    check, strategies = PROPERTIES[name]

    @settings(
        max_examples=EXAMPLES.get(name, 400),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(st.tuples(*strategies))
    def run(args: tuple[Any, ...]) -> None:
        check(*args)

    run()
