"""The examples in docstrings and in the README run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import skullking

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(skullking.__path__, "skullking.") if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    """Every example in the module's docstrings holds."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_examples() -> None:
    """The Python examples in README.md hold (the README's ``>>>`` lines)."""
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
