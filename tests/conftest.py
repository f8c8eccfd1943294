"""Shared fixtures. The compiled-edition cache and the folder of its signing key go to
temporary folders for the whole run (set before test modules are collected, since some
load an edition at import; each pytest-xdist worker has its own), so tests never read or
write the user's cache or key."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from resolvers import RESOLVERS, ResolveTrick

import skullking
from skullking.edition import Edition

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
_saved: dict[str, str | None] = {}  # the variable as it was, and the folder made


_FOLDERS = {"SKULLKING_CACHE_DIR": "skullking-test-cache-", "SKULLKING_CONFIG_DIR": "skullking-test-config-"}


@pytest.hookimpl(optionalhook=True)  # (a hook of pytest-xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject.toml's addopts): a worker a core for the whole suite, none
    (one process, as without pytest-xdist) for a run of files or folders named on the
    command line, which starting the workers would slow more than they speed it."""
    if config.args_source is pytest.Config.ArgsSource.ARGS:
        return 0
    return None  # (pytest-xdist's own count: the cores)


def pytest_configure(config: pytest.Config) -> None:
    for variable, prefix in _FOLDERS.items():
        _saved[variable] = os.environ.get(variable)
        folder = tempfile.mkdtemp(prefix=prefix)
        _saved[f"folder:{variable}"] = folder
        os.environ[variable] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    for variable in _FOLDERS:
        previous = _saved.get(variable)
        if previous is None:
            os.environ.pop(variable, None)
        else:
            os.environ[variable] = previous
        folder = _saved.get(f"folder:{variable}")
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def edition() -> Edition:
    """The bundled 2021 edition."""
    return skullking.load_edition("skullking-2021")


@pytest.fixture(params=RESOLVERS, scope="session")
def resolve_trick(request: pytest.FixtureRequest) -> ResolveTrick:
    """Each trick resolver in turn (:data:`resolvers.RESOLVERS`): a test that takes this
    fixture runs once for each."""
    return ResolveTrick(request.param)
