"""The project's metadata and reference in step with the code: the package's metadata
(licence, classifiers, the data folders it ships), its version in the changelog, and
every public name of ``skullking`` in the Python API reference."""

from __future__ import annotations

import re
import tomllib
import typing
from pathlib import Path

import skullking
from skullking.edition import Edition
from skullking.reading.located import Node
from skullking.scoring.sheets.score import SheetScore

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_classifiers_say_python_and_games() -> None:
    """The classifiers name the Python version CI runs and the games topic (the licence,
    an SPDX expression, is checked with the LICENSE file in tests/tools/cli)."""
    project = PROJECT["project"]
    assert "Programming Language :: Python :: 3.11" in project["classifiers"]
    assert project["requires-python"] == ">=3.11"
    assert any(c.startswith("Topic :: Games/Entertainment") for c in project["classifiers"])
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # refused beside an SPDX licence


def test_every_folder_of_package_data_is_listed_as_a_package() -> None:
    """A folder of shipped data whose name Python could import (the score pad's templates,
    static files and each language's catalogue folder) is listed in ``packages`` with its
    own data, so that setuptools ships it without warning that it would be ignored."""
    setuptools = PROJECT["tool"]["setuptools"]
    pad = ROOT / "tools" / "pad"
    folders = {
        "skullking.tools.pad." + ".".join(p.relative_to(pad).parts)
        for p in pad.rglob("*")
        if p.is_dir() and any(f.is_file() for f in p.iterdir()) and "__pycache__" not in p.parts
    }
    assert folders == {p for p in setuptools["packages"] if p.startswith("skullking.tools.pad.")}
    assert folders <= set(setuptools["package-data"])


def test_the_changelog_has_the_version_the_package_says() -> None:
    """`skullking --version`'s version has its section in CHANGELOG.md, and pyproject.toml
    says the same version."""
    assert PROJECT["project"]["version"] == skullking.__version__
    headings = re.findall(r"^## (\d+\.\d+\.\d+) ", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert headings[0] == skullking.__version__


def test_every_public_name_is_in_the_python_api_reference() -> None:
    """Each name `import skullking` gives (``__all__``) is documented on the Python API
    page by an autodoc directive, under its ``skullking.`` name or the module it comes from."""
    page = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto(?:class|function|exception):: ([\w.]+)", page, re.MULTILINE))
    missing = []
    for name in skullking.__all__:
        if name == "__version__":
            continue
        value = getattr(skullking, name)
        places = {f"skullking.{name}", f"{getattr(value, '__module__', '')}.{name}"}
        places |= {f"skullking.game.{name}"}  # the round engine's names, as the page gives them
        if not places & documented:
            missing.append(name)
    assert missing == []


def test_score_sheet_says_it_returns_a_sheet_score() -> None:
    """`Edition.score_sheet` is typed: it returns a `SheetScore` (exported as
    `skullking.SheetScore`), whose rounds are `skullking.RoundScore`s."""
    # (the types the module imports for the type checker only, given here)
    hints = typing.get_type_hints(Edition.score_sheet, localns={"Node": Node, "SheetScore": SheetScore})
    assert hints["return"] is SheetScore is skullking.SheetScore
    score = skullking.load_edition("skullking-2021").score_sheet(
        {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}]}
    )
    assert isinstance(score.rounds[0], skullking.RoundScore)
    assert dict(score.rounds[0].points) == {
        "Ann": 20,
        "Bo": 10,
    }  # the 2021 rulebook: 20 a trick bid and won, 10 x cards for zero
