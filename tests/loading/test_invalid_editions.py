"""Invalid edition files are rejected with every problem, each at its exact place.

Each fixture under ``tests/loading/invalid/`` breaks an edition in one way and
announces, in its leading comment lines, every error the engine must report::

    # expect: LINE:COL: substring of the message

LINE and COL are 1-based and exact; the file is the fixture itself (for the
``extends`` cycle, either file of the cycle). Most fixtures are small overlays of the
bundled ``skullking-2021``; the ``*-standalone`` ones and ``deck-too-small.yaml`` are
complete editions, for the checks that need one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skullking.core.errors import Problem
from skullking.loading.loader import check_file

FIXTURES = Path(__file__).resolve().parent / "invalid"
FILES = sorted(FIXTURES.glob("*.yaml"))
CYCLE = ("extends-cycle-a.yaml", "extends-cycle-b.yaml")
EXPECT = re.compile(r"# expect: (\d+):(\d+): (.+)")

Expectation = tuple[int, int, str]


def expectations(path: Path) -> list[Expectation]:
    """The ``# expect:`` lines of the fixture's leading comment block."""
    # Decoded leniently: one fixture is deliberately not UTF-8 after its header.
    text = path.read_bytes().decode("utf-8", errors="replace")
    found: list[Expectation] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = EXPECT.fullmatch(line.rstrip())
        if match:
            found.append((int(match[1]), int(match[2]), match[3]))
    return found


def same_file(name: str, path: Path) -> bool:
    """Whether a problem's file name (as the engine displays it) is ``path``."""
    return Path(name).resolve() == path.resolve()


def describe(problems: list[Problem]) -> str:
    return "\n".join(str(p) for p in problems) or "(no problems)"


def test_corpus_has_one_fixture_per_theme() -> None:
    """The corpus holds at least 30 fixtures, both files of the extends cycle among them,
    and every fixture announces at least one expected problem in the documented form."""
    assert len(FILES) >= 30
    assert {p.name for p in FILES} >= set(CYCLE)
    assert [p.name for p in FILES if not expectations(p)] == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_invalid_edition_reports_expected_problems(path: Path) -> None:
    """check_file() rejects the fixture (no edition) and reports exactly the errors its
    ``# expect:`` lines list: the same set of (line, column), each expected substring in
    the message of an error at that place, and every problem in the fixture's own file
    (in either file of the cycle, for the extends cycle)."""
    expected = expectations(path)
    edition, problems = check_file(path)
    report = describe(problems)
    assert edition is None, f"{path.name} was accepted; problems:\n{report}"

    errors = [p for p in problems if p.severity == "error"]
    assert {(p.line, p.column) for p in errors} == {(line, col) for line, col, _ in expected}, report
    for line, col, text in expected:
        messages = [p.message for p in errors if (p.line, p.column) == (line, col)]
        assert any(text in message for message in messages), f"no error at {line}:{col} says {text!r}; got:\n{report}"

    allowed = [FIXTURES / name for name in CYCLE] if path.name in CYCLE else [path]
    strays = [str(p) for p in problems if not any(same_file(p.file, a) for a in allowed)]
    assert strays == [], f"problems located outside {path.name}:\n" + "\n".join(strays)


def test_extends_cycle_is_reported_where_it_closes() -> None:
    """Loading one file of an extends cycle names the whole cycle at the ``extends`` of
    the file that closes it (the other one), and says at the loaded file's own
    ``extends`` that its base has errors."""
    a, b = (FIXTURES / name for name in CYCLE)
    edition, problems = check_file(a)
    assert edition is None
    cycle = [p for p in problems if "makes a cycle" in p.message]
    assert len(cycle) == 1, describe(problems)
    assert same_file(cycle[0].file, b)
    assert (cycle[0].line, cycle[0].column) == (5, 10)
    chain = cycle[0].message.split("makes a cycle: ", 1)[1].split(" -> ")
    assert [Path(step).name for step in chain] == [a.name, b.name, a.name]
    base = [p for p in problems if same_file(p.file, a)]
    assert [(p.line, p.column) for p in base] == [(4, 10)], describe(problems)
    assert "the base edition has errors" in base[0].message


@pytest.mark.parametrize("name", ["yaml-duplicate-key.yaml", "unknown-role-refs.yaml"])
def test_cli_validate_json_lists_located_problems(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``skullking validate FILE --format json`` exits with 1 and prints a JSON list of
    {file, line, column, message} records: the fixture's expected errors, each at the
    fixture's path (one YAML-level and one semantic fixture)."""
    from skullking.tools.cli import main

    path = FIXTURES / name
    code = main(["validate", str(path), "--format", "json"])
    out = capsys.readouterr().out
    assert code == 1
    records = json.loads(out)
    assert isinstance(records, list)
    for record in records:
        assert set(record) == {"file", "line", "column", "message"}, record
        assert same_file(record["file"], path), record
    expected = expectations(path)
    assert {(r["line"], r["column"]) for r in records} == {(line, col) for line, col, _ in expected}
    for line, col, text in expected:
        assert any(text in r["message"] for r in records if (r["line"], r["column"]) == (line, col)), (
            line,
            col,
            text,
            records,
        )


#: Files that validated once and then failed in play, each refused now where it is read.
UNPLAYABLE = [
    "abilities-twice-on-one-card.yaml",
    "bidding-min-above-max.yaml",
    "bidding-rule-never-kept.yaml",
    "card-id-of-a-named-pirate.yaml",
    "deck-too-small-for-the-ghost.yaml",
    "ghost-at-players-max.yaml",
    "ghost-named-like-a-player.yaml",
    "load-listed-twice.yaml",
]


@pytest.mark.parametrize("name", UNPLAYABLE)
def test_a_file_no_game_can_play_is_refused_by_every_tool(name: str) -> None:
    """`validate` exits 1 with the located error; `simulate` (one game and a run, with
    Rascal's scoring, whose loads one fixture lists twice) and `diff` refuse the file
    with the same line and exit 2, where they used to play it and crash or stop mid-game."""
    from clihelp import run

    path = FIXTURES / name
    line, col, text = expectations(path)[0]
    located = f"{path.name}:{line}:{col}: {text}"
    code, out, err = run("validate", str(path))
    assert code == 1 and located in out, out + err
    for argv in (
        ("simulate", "--edition", str(path), "--seed", "1", "--scoring", "rascal"),
        ("simulate", "--edition", str(path), "--seed", "1", "--games", "3", "--jobs", "1", "-q"),
        ("diff", "skullking-2021", str(path)),
    ):
        code, out, err = run(*argv)
        assert (code, out) == (2, ""), (argv, err)
        assert located in err and "internal error" not in err, (argv, err)
