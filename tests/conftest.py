"""Shared fixtures. The compiled-edition cache goes to a temporary folder, so tests
never read or write the user's cache."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import skullking
from skullking.edition import Edition

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    previous = os.environ.get("SKULLKING_CACHE_DIR")
    os.environ["SKULLKING_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if previous is None:
        del os.environ["SKULLKING_CACHE_DIR"]
    else:
        os.environ["SKULLKING_CACHE_DIR"] = previous


@pytest.fixture(scope="session")
def edition() -> Edition:
    """The bundled 2021 edition."""
    return skullking.load_edition("skullking-2021")
