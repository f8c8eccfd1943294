"""Data-driven rule cases: every case file under tests/tricks/cases/ is run by one test.

Each trick case names the rule it checks (by its source: the 2021 rulebook, the official
FAQ, a rules page) and where it comes from; ids come from the case ids, so a failure names the case.
Every trick case runs under each trick resolver (the ``resolve_trick`` fixture of conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from resolvers import ResolveTrick

from skullking.edition import Edition

CASES = Path(__file__).resolve().parent / "cases"


def _load(name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((CASES / name).read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


TRICKS = _load("tricks-2021.yaml")
LEGAL = _load("legal-2021.yaml")


def test_case_ids_are_unique() -> None:
    """Case ids name failures; two cases with one id would hide one of them."""
    for cases in (TRICKS, LEGAL):
        ids = [c["id"] for c in cases]
        assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", TRICKS, ids=[c["id"] for c in TRICKS])
def test_trick(edition: Edition, resolve_trick: ResolveTrick, case: dict[str, Any]) -> None:
    """The case's rule (its 'rule' field names the source that states it), under every
    trick resolver."""
    result = resolve_trick(edition, case["cards"], leader=case.get("leader", 0), players=case.get("players"))
    got = {
        "winner": result.winner,
        "next_leader": result.next_leader,
        "bonus": result.bonus,
        "alliances": [list(pair) for pair in result.alliances],
    }
    expected = {k: case[k] for k in ("winner", "next_leader", "bonus", "alliances")}
    assert got == expected, case["rule"]


@pytest.mark.parametrize("case", LEGAL, ids=[c["id"] for c in LEGAL])
def test_legal(edition: Edition, case: dict[str, Any]) -> None:
    """Follow suit (the 2021 rulebook), as the case's 'rule' field says."""
    legal = [str(p) for p in edition.legal_plays(case["hand"], case["trick"])]
    assert legal == case["legal"], case["rule"]
