"""The examples in docstrings, in the README and in the documentation pages run and give
what they show."""

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


ROOT = Path(__file__).resolve().parents[2]
#: The README and every page of the documentation that holds ``>>>`` examples.
PAGES = [
    path.relative_to(ROOT).as_posix()
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    if ">>> " in path.read_text(encoding="utf-8")
]


def test_the_python_examples_are_on_the_pages_that_show_them() -> None:
    """The README's example and the Python API page's are among the pages run below."""
    assert {"README.md", "docs/python-api.md"} <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    """The Python examples of the page hold (its ``>>>`` lines)."""
    result = doctest.testfile(str(ROOT / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
