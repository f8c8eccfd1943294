"""Data-driven rule cases: the worked examples of editions/worked-examples/ (shipped with
the package: ``skullking vectors`` writes them out as conformance vectors) are run by one
test each.

Each trick case names the rule it checks (by its source: the 2021 rulebook, the official
FAQ, a rules page) and where it comes from; ids come from the case ids, so a failure names the case.
Every trick case runs under each trick resolver (the ``resolve_trick`` fixture of conftest.py),
under skullking-2021 or, where it gives an ``overlay``, under those keys laid over it (a reading
the sources leave open, played both ways).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from resolvers import ResolveTrick

import skullking
from skullking.edition import Edition

CASES = Path(__file__).resolve().parents[2] / "editions" / "worked-examples"


def _load(name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((CASES / name).read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


TRICKS = _load("skullking-2021.tricks.yaml")
LEGAL = _load("skullking-2021.legal.yaml")

#: The editions of the cases' overlays, by overlay, loaded once.
_OVERLAID: dict[str, Edition] = {}


def _edition(edition: Edition, case: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Edition:
    """The edition ``case`` is played under: skullking-2021 (``edition``), or its
    ``overlay`` laid over it."""
    overlay = case.get("overlay")
    if overlay is None:
        return edition
    found = _OVERLAID.get(overlay)
    if found is None:
        path = tmp_path_factory.mktemp("case") / "overlay.yaml"
        path.write_text(f"extends: skullking-2021\nid: case-overlay\n{overlay}\n", encoding="utf-8")
        found = _OVERLAID[overlay] = skullking.load_edition(path)
    return found


def test_case_ids_are_unique() -> None:
    """Case ids name failures; two cases with one id would hide one of them."""
    for cases in (TRICKS, LEGAL):
        ids = [c["id"] for c in cases]
        assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", TRICKS, ids=[c["id"] for c in TRICKS])
def test_trick(
    edition: Edition, resolve_trick: ResolveTrick, case: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The case's rule (its 'rule' field names the source that states it), under every
    trick resolver."""
    played = _edition(edition, case, tmp_path_factory)
    result = resolve_trick(played, case["cards"], leader=case.get("leader", 0), players=case.get("players"))
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
