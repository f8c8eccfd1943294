"""The command-line examples of the README and the documentation pages print what the
pages show: each ``$ skullking ...`` line of a ``console`` block is run, and its output
compared with the lines under it (``...`` stands for any text, as in doctests)."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest
from clihelp import run

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: Pages whose examples another test runs step by step, edits between them included.
ELSEWHERE = {"docs/house-rules/first-house-rule.md": "tests/tools/cli/test_for_authors.py runs the walk-through"}
#: Files an example reads that the page shows only by name: the same rules, written here.
INPUTS = {
    # The schema's message for a misspelt card group, at line 6, column 31.
    "house.yaml": "extends: skullking-2021\nid: house\ntitle: House\nprecedence:\n  pirate:\n"
    "    winner: {pick: first, of: pirat}\n",
    # A Loot alliance paying 30 instead of 20.
    "loot-30.yaml": "id: loot-30\nextends: skullking-2021\neffects:\n  list:\n    - id: loot\n      points: 30\n",
}
#: Examples that cannot be compared, and why.
UNCHECKED = {
    "skullking schema sheet --path": "the path is where the package is installed",
    "skullking simulate --seed 3 --players Ann,Bo,Cy --rounds 2 | skullking score -": "its output is not shown",
}


class Example:
    def __init__(self, page: Path, command: str, shown: str) -> None:
        self.page, self.command, self.shown = page, command, shown

    def __repr__(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}: {self.command}"


def _examples(page: Path) -> list[Example]:
    examples = []
    for indent, body in re.findall(r"^( *)```console\n(.*?)^\1```", page.read_text(encoding="utf-8"), re.M | re.S):
        lines = [line[len(indent) :] for line in body.splitlines()]
        for i, line in enumerate(lines):
            if line.startswith("$ "):
                end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("$ ")), len(lines))
                examples.append(Example(page, line[2:], "\n".join(lines[i + 1 : end])))
    return examples


EXAMPLES = [e for page in PAGES for e in _examples(page) if e.page.relative_to(ROOT).as_posix() not in ELSEWHERE]


def _inputs(page: Path) -> dict[str, str]:
    """The files the page shows whole: a ``yaml`` block whose first line is ``# NAME.yaml``."""
    blocks = re.findall(r"^```yaml\n# ([\w.-]+\.yaml)\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    return dict(blocks)


def test_the_pages_have_examples_and_each_is_run_or_said_why_not() -> None:
    commands = {e.command for e in EXAMPLES}
    assert len(EXAMPLES) >= 20
    assert set(UNCHECKED) <= commands  # a reason for an example that went away is dropped
    assert all(e.command.startswith("skullking ") for e in EXAMPLES)


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.command not in UNCHECKED], ids=repr)
def test_the_example_prints_what_the_page_shows(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    for name, text in {**INPUTS, **_inputs(example.page)}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command, quiet, echo_code = example.command, False, False
    if command.endswith("; echo $?"):
        command, echo_code = command.removesuffix("; echo $?"), True
    if command.endswith(" > /dev/null"):
        command, quiet = command.removesuffix(" > /dev/null"), True
    argv = shlex.split(command)
    assert argv[0] == "skullking" and not {"|", ">", ";", "&&"} & set(argv), command
    code, out, err = run(*argv[1:])
    got = ("" if quiet else err + out) + (f"{code}\n" if echo_code else "")
    want = example.shown + "\n"
    assert doctest.OutputChecker().check_output(want, got, doctest.ELLIPSIS), f"{example}\n{got}"
    assert code in (0, 1, 2) and "Traceback" not in err
