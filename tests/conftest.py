"""Shared fixtures. The compiled-edition cache goes to a temporary folder for the whole
run (set before test modules are collected, since some load an edition at import), so
tests never read or write the user's cache."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

import skullking
from skullking.edition import Edition

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
_saved: dict[str, str | None] = {}  # the variable as it was, and the folder made


def pytest_configure(config: pytest.Config) -> None:
    _saved["SKULLKING_CACHE_DIR"] = os.environ.get("SKULLKING_CACHE_DIR")
    folder = tempfile.mkdtemp(prefix="skullking-test-cache-")
    _saved["folder"] = folder
    os.environ["SKULLKING_CACHE_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    previous = _saved.get("SKULLKING_CACHE_DIR")
    if previous is None:
        os.environ.pop("SKULLKING_CACHE_DIR", None)
    else:
        os.environ["SKULLKING_CACHE_DIR"] = previous
    folder = _saved.get("folder")
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def edition() -> Edition:
    """The bundled 2021 edition."""
    return skullking.load_edition("skullking-2021")
