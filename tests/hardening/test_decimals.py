"""A whole number written as a decimal (``30.0``) in an edition file: JSON Schema takes
it for an integer, so each is refused at its own line and column with one message
saying how to write it, never a crash (every number of an edition file is whole)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from clihelp import run

from skullking.loading.loader import check

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = sorted((ROOT / "editions").glob("*.yaml"))


def _integers(text: str) -> list[tuple[int, int, str]]:
    """Every integer scalar of a YAML text: (line, column, as written), 1-based."""
    found: list[tuple[int, int, str]] = []
    root = yaml.compose(text)
    assert root is not None
    stack: list[yaml.Node] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            stack.extend(value for _, value in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif node.tag == "tag:yaml.org,2002:int":
            found.append((node.start_mark.line + 1, node.start_mark.column + 1, node.value))
    return sorted(found)


@pytest.mark.parametrize("path", EDITIONS, ids=[p.stem for p in EDITIONS])
def test_every_integer_field_written_as_a_decimal_is_refused_at_its_place(path: Path) -> None:
    """Every integer of each bundled edition written as N.0 at once (player counts,
    ranks, counts, bonus points, rounds, the ghost's players ...): one error at each of
    those numbers, naming the whole number to write, and no other."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    integers = _integers(text)
    assert integers or "extends:" in text  # (an overlay may change no number)
    for line, column, written in sorted(integers, reverse=True):  # (from the end: the columns hold)
        row = lines[line - 1]
        lines[line - 1] = row[: column - 1] + f"{written}.0" + row[column - 1 + len(written) :]
    checked = check(path, text="".join(lines).encode())
    errors = {(p.line, p.column): p.message for p in checked.problems if p.severity == "error"}
    # (each number moves right by the '.0' of those before it on its line)
    where = [(row, column + 2 * sum(r == row and c < column for r, c, _ in integers)) for row, column, _ in integers]
    assert sorted(errors) == sorted(where)
    for (line, column), (_, _, written) in zip(where, integers, strict=True):
        assert errors[line, column].endswith(f"{written}.0 is written as a decimal: write the whole number {written}")


def test_validate_and_trick_say_it_in_one_line(tmp_path: Path) -> None:
    """`validate` exits 1 and `trick` 2 with the one located line, no traceback."""
    house = tmp_path / "fl.yaml"
    house.write_text("extends: skullking-2021\nid: fl\nbonuses:\n  black-14: {points: 30.0}\n", encoding="utf-8")
    expected = f"{house}:4:22: bonuses[black-14].points: 30.0 is written as a decimal: write the whole number 30"
    code, out, err = run("validate", str(house))
    assert (code, (out + err).strip()) == (1, expected)
    code, _, err = run("trick", "--edition", str(house), "Y1", "B2")
    assert code == 2 and err.strip().endswith(expected)
