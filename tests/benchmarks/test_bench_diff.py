"""The comparison benchmark works: a run of one pair of editions prints its row, the
score pad's rows and the slowest pair (no timing here).

``benchmarks/bench_diff.py`` is a report run by hand (every pair, three runs each); this
runs it once on one pair so that the script cannot rot unnoticed.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_diff.py"


def test_one_run_of_one_pair_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("skullking_benchmark_bench_diff", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (
        module.main(["--runs", "1", "--sample", "0", "--pad", "skullking-2021", "skullking-2021-first-printing"]) == 0
    )
    out = capsys.readouterr().out
    # every ordered trick of 2 and 3 of the 70 codes both decks have, and the rounds' grid
    assert re.search(r"\| `skullking-2021` \| `skullking-2021-first-printing` \| 347,900 \| [\d,]+ \| [\d.]+ s \|", out)
    assert "slowest pair (median): skullking-2021 / skullking-2021-first-printing" in out
    assert re.search(r"\| `skullking-2021` \| `skullking-2021-first-printing` \| [\d.]+ s \| [\d.]+ ms \|", out)
