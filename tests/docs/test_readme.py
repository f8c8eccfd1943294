"""The README is a front page that leads to the documentation in docs/, and the README
and the pages stay in step with the files they describe: generated parts, every link,
and every file and Python name they cite."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
#: What the README promises a newcomer first: three commands to paste, in this order.
FIRST_COMMANDS = """```sh
# install, and resolve a trick under the bundled 2021 edition
python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/skullking trick Y10 Y6 G14 B2

# install with the test extras, and run the tests
python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest

# install with the score pad, and start it on http://127.0.0.1:8000/
python3 -m venv .venv && .venv/bin/pip install '.[web]' && .venv/bin/skullking serve
```"""


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_conventions_table_matches_the_edition_files() -> None:
    """The table of what each bundled edition says on the disputed points is generated from
    the files; run scripts/conventions_table.py --write after changing an edition."""
    spec = importlib.util.spec_from_file_location("conventions_table", ROOT / "scripts" / "conventions_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = _read(DOCS / "editions.md")
    assert module.replace_in(page) == page, "docs/editions.md is stale: run scripts/conventions_table.py --write"


@pytest.mark.parametrize("page", [README, DOCS / "editions.md"], ids=_name)
def test_every_bundled_edition_is_listed(page: Path) -> None:
    """The README and the editions page name every bundled edition in their table."""
    text = _read(page)
    for path in sorted((ROOT / "editions").glob("*.yaml")):
        assert f"| `{path.stem}` |" in text, path.stem


def test_the_readme_is_a_front_page() -> None:
    """At most 250 lines, starting with the three commands a newcomer pastes, and a link to
    every page of the documentation."""
    text = _read(README)
    assert len(text.splitlines()) <= 250
    assert text.index(FIRST_COMMANDS) < text.index("\n## ")
    linked = {target.split("#")[0] for target in re.findall(r"\]\(([^)\s]+)\)", text)}
    for page in PAGES[1:]:
        assert _name(page) in linked, f"README.md does not link {_name(page)}"


# ---------------------------------------------------------------------- links and citations


def _anchor(heading: str) -> str:
    """The anchor GitHub (and MyST, with myst_heading_anchors) gives a heading."""
    return re.sub(r"[^a-z0-9 _-]", "", heading.strip().lower()).replace(" ", "-")


def _prose(text: str) -> str:
    """The page without its fenced code blocks (whose text is shown, not linked)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def _anchors(path: Path) -> set[str]:
    return {_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", _prose(_read(path)), re.MULTILINE)}


def _links(path: Path) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", _prose(_read(path)))


def test_the_anchor_is_githubs() -> None:
    assert _anchor("Abilities after the round's last trick") == "abilities-after-the-rounds-last-trick"
    assert _anchor("One trick a line: `--batch`") == "one-trick-a-line---batch"
    assert _links(ROOT / "README.md") and _anchors(DOCS / "conventions.md")


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_reaches_a_file_and_its_heading(page: Path) -> None:
    """Each link of the page to a file of the repository finds the file, and a link to a
    heading (``#a-tie-for-first``) finds the heading, so the pages read on GitHub as on
    the built site."""
    broken = []
    for link in _links(page):
        if re.match(r"[a-z]+:", link):
            continue  # https: and the like
        target, _, fragment = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        if not path.exists() or (fragment and path.suffix == ".md" and fragment not in _anchors(path)):
            broken.append(link)
    assert broken == []


#: Files a page may name that are made by running things, not kept in the repository.
MADE = ("tests/artifacts/", "docs/_build/")
#: A file of the repository named in a page's text, in backticks.
CITED_FILE = r"`((?:engine|tools|tests|benchmarks|scripts|examples|rules|editions|docs)/[^`\s:]*)`"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_file_and_python_name_cited_exists(page: Path) -> None:
    """A file of the repository named in the text (`engine/plan.py`, `tests/helpers/fuzzing.py`)
    is there, and a Python name (`skullking.game.Game`) imports: a page that cites a
    file or module after it moved is stale."""
    text = _read(page)
    missing = []
    for cited in re.findall(CITED_FILE, text):
        if not cited.startswith(MADE) and not (ROOT / cited).exists():
            missing.append(cited)
    for dotted in set(re.findall(r"`(skullking(?:\.[A-Za-z_]\w*)+)", text)):
        parts = dotted.split(".")
        found: object = None
        for cut in range(len(parts), 0, -1):
            try:
                found = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                found = getattr(found, attribute, None)
            break
        if found is None:
            missing.append(dotted)
    assert missing == []
