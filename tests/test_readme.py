"""The README's generated parts stay in step with the files they describe."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_conventions_table_matches_the_edition_files() -> None:
    """The table of conventions per edition is generated from the
    files; run scripts/conventions_table.py --write after changing an edition."""
    spec = importlib.util.spec_from_file_location("conventions_table", ROOT / "scripts" / "conventions_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert module.replace_in(readme) == readme, "README.md is stale: run scripts/conventions_table.py --write"


def test_every_bundled_edition_is_listed() -> None:
    """The README names every bundled edition."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in sorted((ROOT / "editions").glob("*.yaml")):
        assert f"| `{path.stem}` |" in readme, path.stem
