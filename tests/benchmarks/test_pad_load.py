"""The score pad's load benchmark works: a short run with three clients against a real
``skullking serve`` finds every round where its client saved it (no timing here).

``benchmarks/pad_load.py`` is a report run by hand (50 clients for a minute); this runs
its core for two seconds with one client alone and one pair of tabs, so the script
cannot rot unnoticed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "pad_load.py"

pytest.importorskip("uvicorn", reason="the score pad needs the 'web' extra")


def _load() -> ModuleType:
    name = "skullking_benchmark_pad_load"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_a_short_run_loses_and_duplicates_no_round() -> None:
    report = _load().run_load(clients=3, seconds=2.0, pairs=1)
    assert report.problems == []
    assert report.errors == []
    assert report.server_errors == []
    assert not report.unexpected  # no 5xx, nothing refused but the two tabs' 409s
    assert report.integrity == "ok"
    assert report.saved > 0 and report.undone >= 0
    assert report.races > 0  # the two tabs raced, and each race had one winner
    assert not report.failed
