"""The start-up path of the commonest commands stays light: with the cache warm,
``skullking trick`` reads its edition from the cache without the YAML parser, the schema
validator, the grammar parser or the package-data machinery, and loads no stage it does
not use (a move of code between stages must not pull one onto the path; the
benchmarks/bench_startup.py figures rest on it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: What `trick` with a warm cache must not import: the parsers and validators of files,
#: and the stages above trick resolution that a trick needs nothing of.
HEAVY = (
    "yaml",
    "jsonschema",
    "lark",
    "importlib.resources",
    "skullking.loading.loader",
    "skullking.play",
    "skullking.analysis",
    "skullking.scoring.sheets",
)

_PROBE = """
import io, json, sys
from skullking.tools.cli import main
code = main(sys.argv[1:], out=io.StringIO(), err=io.StringIO())
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _imported(tmp_path: Path, *argv: str) -> list[str]:
    env = {**os.environ, "SKULLKING_CACHE_DIR": str(tmp_path / "cache"), "SKULLKING_CONFIG_DIR": str(tmp_path / "key")}
    found: dict[str, object] = {}
    for _ in range(2):  # the first run fills the cache, the second starts warm
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, env=env, check=True, timeout=120
        )
        found = json.loads(done.stdout)
    assert found["code"] == 0
    modules = found["modules"]
    assert isinstance(modules, list)
    return modules


def test_a_trick_with_a_warm_cache_loads_no_parser_and_no_stage_it_does_not_use(tmp_path: Path) -> None:
    modules = _imported(tmp_path, "trick", "Y10", "Y6", "G14", "B2")
    assert "skullking.tricks.compiled.resolver" in modules  # (the probe did resolve a trick)
    loaded = [m for m in modules for heavy in HEAVY if m == heavy or m.startswith(heavy + ".")]
    assert loaded == []
