"""House rules written for a test (pytest puts tests/helpers/ on sys.path: the
``pythonpath`` setting in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path


def house_rule(folder: Path, body: str, name: str = "house") -> Path:
    """A house rule file ``NAME.yaml`` in ``folder`` extending the 2021 edition by
    ``body`` (YAML, each key at the start of a line), titled "A house rule"."""
    path = folder / f"{name}.yaml"
    path.write_text(f"extends: skullking-2021\nid: {name}\ntitle: A house rule\n{body}", encoding="utf-8")
    return path
