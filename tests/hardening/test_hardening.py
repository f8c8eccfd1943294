"""Regression tests: every crash found by fuzzing, fixed at its cause, and the one
exit-code contract (0 ok, 1 validate found problems, 2 bad input, 3 an internal error).

Each case's id names the kind of input it covers (``s1 players``: a number of players,
``s1 YAML``, ``s1 huge integers``, ...). Every case runs the command line in-process on
files written to a fresh folder, and checks the exit code, the message, and that no
traceback is shown.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from clihelp import commands_with
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import FormulaError, IllegalTrickError, SheetError, SkullKingError
from skullking.core.limits import MAX_COPIES, MAX_PLAYERS, MAX_RANK, MAX_VALUE
from skullking.edition import Edition
from skullking.language.expr import compile_expression
from skullking.tools import cli
from skullking.tools.cli import main

HUGE = "9" * 5000  # beyond Python's 4,300-digit limit for converting text to int
TWO_ROUNDS_MADE = "players: [A, B]\nrounds:\n  - bids: {A: 1, B: 0}\n    won: {A: 1, B: 0}\n"


def overlay(ident: str, body: str) -> str:
    """An edition file changing skullking-2021 by ``body`` (YAML from line 3 on)."""
    return f"extends: skullking-2021\nid: {ident}\n{body}"


def case_points(points: str) -> str:
    """An overlay whose made case scores ``points``."""
    return overlay("house", f"scoring:\n  schemes:\n    classic:\n      cases:\n        made: {{points: {points}}}\n")


@dataclass(frozen=True)
class Case:
    item: str  # the kind of input the case covers (its id)
    argv: tuple[str, ...]
    code: int
    says: tuple[str, ...] = ()  # each in the output (standard output and error together)
    files: dict[str, str | bytes] = field(default_factory=dict)
    stdin: bytes | None = None

    @property
    def id(self) -> str:
        return self.item


CASES = [
    # ---- s1 players: negative or zero --players, also in batch lines
    Case("s1 players: --players -2", ("trick", "E", "--players", "-2"), 2, ("-2 players: this edition is for 2 to 8",)),
    Case("s1 players: --players 0", ("trick", "E", "--players", "0"), 2, ("0 players",)),
    Case("s1 players: legal --players -3", ("legal", "--hand", "Y1", "--players", "-3", "Y2"), 2, ("-3 players",)),
    Case(
        "s1 players: in a batch line",
        ("trick", "--batch", "b.jsonl"),
        2,
        ('{"error": "-5 players: this edition is for 2 to 8 players"}',),
        {"b.jsonl": '{"cards": ["Y1"], "players": -5}\n'},
    ),
    Case(
        "s1 players: simulate --players 10^20 (it built the names first)",
        ("simulate", "--players", "100000000000000000000"),
        2,
        ("--players 100000000000000000000: no edition is for more than 20 players",),
    ),
    Case("s1 players: simulate --players 0", ("simulate", "--players", "0"), 2, ("0 players",)),
    # ---- s1 edition names that are folders, said to be folders
    *(
        Case(f"s1 edition name: {label}", ("trick", "Y1", "Y2", "--edition", name), 2, ("a folder, not an edition",))
        for label, name in (("dot", "."), ("slash", "/"), ("dot-dot", ".."))
    ),
    # ---- s1 edition names that no file can have
    *(
        Case(f"s1 edition name: {label}", ("trick", "Y1", "Y2", "--edition", name), 2, ("no such file or bundled",))
        for label, name in (
            ("300 characters", "a" * 300),
            ("bytes not UTF-8", os.fsdecode(b"\xff\xfe")),
            ("NUL byte", "a\0b"),
        )
    ),
    Case("s1 edition name: validate 300 characters", ("validate", "a" * 300), 2, ("no such file or bundled",)),
    Case(
        "s1 edition name: extends '.'",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:1:10: extends '.': a folder, not an edition file",),
        {"e.yaml": "extends: .\nid: x\n"},
    ),
    Case(
        "s1 edition name: extends 300 characters",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:1:10: extends 'aaaa", "(300 characters)"),
        {"e.yaml": f"extends: {'a' * 300}\nid: x\n"},
    ),
    Case(
        "s1 edition name: extends with a NUL byte",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:1:10: extends",),
        {"e.yaml": 'extends: "a\\0b"\nid: x\n'},
    ),
    Case(
        "s1 edition name: a sheet's edition '/'",
        ("score", "s.yaml"),
        2,
        ("s.yaml:1:10: edition '/': a folder, not an edition file",),
        {"s.yaml": "edition: /\n" + TWO_ROUNDS_MADE},
    ),
    Case(
        "s1 edition name: a sheet's edition of 300 characters",
        ("score", "s.yaml"),
        2,
        ("s.yaml:1:10: edition 'aaaa",),
        {"s.yaml": f"edition: {'a' * 300}\n" + TWO_ROUNDS_MADE},
    ),
    # ---- s1 integers beyond Python's limit
    Case("s1 huge integers: a card rank", ("trick", "Y" + HUGE), 2, ("no rank 9999", "(5000 characters)")),
    Case(
        "s1 huge integers: a YAML number in an edition",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:3:24: the number 9999", "is too large"),
        {"e.yaml": overlay("x", f"players: {{min: 2, max: {HUGE}}}\n")},
    ),
    Case(
        "s1 huge integers: a YAML number in a sheet",
        ("score", "s.yaml"),
        2,
        ("s.yaml:5:16: the number 9999", "is too large"),
        {"s.yaml": TWO_ROUNDS_MADE + f"    extra: {{A: {HUGE}}}\n"},
    ),
    Case(
        "s1 huge integers: a hexadecimal YAML number",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:3:24: the number 0xff", "is too large"),
        {"e.yaml": overlay("x", f"players: {{min: 2, max: 0x{'f' * 200}}}\n")},
    ),
    Case(
        "s1 huge integers: a batch JSON field",
        ("trick", "--batch", "b.jsonl"),
        2,
        ("a number of 5000 digits is too large",),
        {"b.jsonl": f'{{"cards": ["Y1", "Y2"], "players": {HUGE}}}\n'},
    ),
    Case(
        "s1 huge integers: a formula literal",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:7:35: the number 9999", "is too large (at most 1,000,000)"),
        {"e.yaml": case_points(f"20 * bid + {HUGE}")},
    ),
    Case(
        "s1 huge integers: a product growing while scoring",
        ("score", "s.yaml"),
        2,
        ("s.yaml:4:5: round 1: the formula 'bid * 1000000 * 1000000 * 1000000' gives a number beyond", "bid = 1"),
        {"e.yaml": case_points("bid * 1000000 * 1000000 * 1000000"), "s.yaml": "edition: e.yaml\n" + TWO_ROUNDS_MADE},
    ),
    Case(
        "s1 huge integers: a sheet's extra points beyond the bound",
        ("score", "s.yaml"),
        2,
        ("s.yaml:5:16: round 1: A's extra points 10000000000 is out of range",),
        {"s.yaml": TWO_ROUNDS_MADE + "    extra: {A: 10000000000}\n"},
    ),
    # ---- s1 batch lines
    Case(
        "s1 batch: leader null is the default leader",
        ("trick", "--batch", "b.jsonl"),
        0,
        ('"winner": 1',),
        {"b.jsonl": '{"cards": ["Y1", "Y2"], "leader": null}\n'},
    ),
    Case(
        "s1 batch: JSON nested 100,000 deep",
        ("trick", "--batch", "b.jsonl"),
        2,
        ('{"error": "line longer than 10,000 bytes: not read',),  # the line's length bounds it first
        {"b.jsonl": "[" * 100_000 + "\n"},
    ),
    Case(
        "s1 batch: a line that is not UTF-8 is refused alone",
        ("trick", "--batch", "-"),
        2,
        ('"winner": 1', '{"error": "not UTF-8 text: byte 0xff at column 3"}'),
        stdin=b'{"cards": ["Y1", "Y2"]}\n{"\xff": 1}\n{"cards": ["Y1", "Y2"]}\n',
    ),
    # ---- s1 sheets
    Case(
        "s1 sheets: players []",
        ("score", "s.yaml"),
        2,
        ("s.yaml:1:10: 0 players: edition 'skullking-2021' is for 2 to 8 players",),
        {"s.yaml": "players: []\nrounds:\n  - cards: 6\n    bids: {}\n    won: {}\n"},
    ),
    Case(
        "s1 sheets: a bonus given as a nested list",
        ("score", "s.yaml"),
        2,
        ("s.yaml:5:19: round 1: unknown bonus id",),
        {"s.yaml": TWO_ROUNDS_MADE + "    bonuses: {A: [[black-14]]}\n"},
    ),
    Case(
        "s1 sheets: a round beyond the schedule of an edition without tie-break rounds",
        ("score", "s.yaml"),
        2,
        ("round 11: the schedule has 10 rounds, and edition 'skullking-original' plays no extra round",),
        {
            "s.yaml": "edition: skullking-original\nplayers: [A, B]\nrounds:\n"
            + "".join(f"  - {{cards: {n}, bids: {{A: 0, B: 0}}, won: {{A: 0, B: {n}}}}}\n" for n in range(1, 11))
            + "  - {cards: 1, bids: {A: 0, B: 0}, won: {A: 0, B: 1}}\n"
        },
    ),
    Case(
        "s1 sheets: not UTF-8, located at the byte",
        ("score", "s.yaml"),
        2,
        ("s.yaml:3:14: not UTF-8 text: byte 0xff",),
        {"s.yaml": b"players: [A, B]\nrounds:\n  - cards: 1 \xff\n"},
    ),
    Case(
        "s1 sheets: not UTF-8 on standard input",
        ("score", "-"),
        2,
        ("<stdin>:1:10: not UTF-8 text",),
        stdin=b"players: \xfe\n",
    ),
    # ---- s1 YAML errors
    Case(
        "s1 YAML: a control character at its real line and column",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:5:8: YAML syntax error: control character '\\x1c' (U+001C) is not allowed",),
        {"e.yaml": "id: x\n\ntitle: 'äöü'\n\nfoo: a \x1c\n"},
    ),
    *(
        Case(
            f"s1 YAML: lines after a {name} inside a value are counted as an editor counts them",
            ("validate", "e.yaml"),
            1,
            ("e.yaml:4:1: duplicate key 'dup' (first written at line 3)",),
            {"e.yaml": f'id: x\ntitle: "a{char}b"\ndup: 1\ndup: 2\n'},
        )
        for name, char in (("U+2028", "\u2028"), ("U+2029", "\u2029"), ("U+0085", "\x85"))
    ),
    Case(
        "s1 YAML: a key that is a list, without node reprs",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:2:3: keys must be text, but this key is a list",),
        {"e.yaml": "id: x\n? [a, b]\n: c\n"},
    ),
    *(
        Case(
            f"s1 YAML: a value its tag refuses (!!{tag})",
            ("validate", "e.yaml"),
            1,
            (f"e.yaml:2:6: 'abc' is not a valid {tag}",),
            {"e.yaml": f"id: x\nfoo: !!{tag} abc\n"},
        )
        for tag in ("int", "float", "timestamp")
    ),
    Case(
        "s1 YAML: no node reprs for a list where an overlay's 'before' names an id",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:5:13: 'before' names the id of an item of this list (text)",),
        {"e.yaml": overlay("x", "bonuses:\n  - id: black-14\n    before: [a]\n")},
    ),
    Case(
        "s1 YAML: no node reprs for a sheet's edition given as a list",
        ("score", "s.yaml"),
        2,
        ("s.yaml:1:10: 'edition' names an edition: a bundled id or a file (text)",),
        {"s.yaml": "edition: [x]\n" + TWO_ROUNDS_MADE},
    ),
    Case(
        "s1 YAML: no node reprs for a card of a trick given as a list",
        ("score", "s.yaml"),
        2,
        ("s.yaml:5:15: round 1: trick 1, card 1: a card is written as text, not as a list",),
        {
            "s.yaml": "players: [A, B, C]\nrounds:\n  - cards: 1\n    bids: {A: 1, B: 0, C: 0}\n"
            "    tricks: [[[Y1], Y2, Y3]]\n"
        },
    ),
    Case(
        "s1 YAML: an overlay item whose id is not text, before another item of the same list",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:6:11: id 'True' differs from its key 'kraken'",),
        {"e.yaml": overlay("x", "deck:\n  cards:\n    kraken:\n      id: true\n    loot:\n      module: advanced\n")},
    ),
    # ---- s1 editions that validated and then crashed
    Case(
        "s1 editions: 10^18 copies",
        ("validate", "e.yaml"),
        1,
        (f"e.yaml:5:21: deck.cards[escape].count: 1000000000000000000 is greater than the maximum of {MAX_COPIES}",),
        {"e.yaml": overlay("x", "deck:\n  cards:\n    escape: {count: 1000000000000000000}\n")},
    ),
    Case(
        "s1 editions: a rank range that exhausts memory",
        ("validate", "e.yaml"),
        1,
        (f"e.yaml:5:35: deck.suits[yellow].ranks.to: 1000000000 is greater than the maximum of {MAX_RANK}",),
        {"e.yaml": overlay("x", "deck:\n  suits:\n    yellow: {ranks: {from: 1, to: 1000000000}}\n")},
    ),
    Case(
        "s1 editions: players beyond the bound",
        ("validate", "e.yaml"),
        1,
        (f"players.max: 1000000000000000000 is greater than the maximum of {MAX_PLAYERS}",),
        {"e.yaml": overlay("x", "players: {min: 2, max: 1000000000000000000}\n")},
    ),
    Case(
        "s1 editions: '//' by a constant 0 at its token",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:7:37: '//' by zero: the value after it is always 0",),
        {"e.yaml": case_points("20 * bid // (3 - 3) + 1")},
    ),
    Case(
        "s1 editions: '%' by a constant 0 at its token",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:7:35: '%' by zero",),
        {"e.yaml": case_points("20 * bid % 0")},
    ),
    Case(
        "s1 editions: '//' by a value that is 0 when scoring",
        ("score", "s.yaml"),
        2,
        ("s.yaml:4:5: round 1: the formula '20 * bid // (won - bid)' divides by zero with bid = 1, won = 1",),
        {"e.yaml": case_points("20 * bid // (won - bid)"), "s.yaml": "edition: e.yaml\n" + TWO_ROUNDS_MADE},
    ),
    Case(
        "s1 editions: a bidding formula dividing by a value that is 0 in round 1",
        ("score", "s.yaml"),
        2,
        ("s.yaml:4:5: round 1: the formula 'cards // (round - 1)' divides by zero with cards = 1, round = 1",),
        {
            "e.yaml": overlay("house", "bidding:\n  max: cards // (round - 1)\n"),
            "s.yaml": "edition: e.yaml\n" + TWO_ROUNDS_MADE,
        },
    ),
    # ---- s1 a flat sum is not deep
    Case(
        "s1 flat sum: 700 terms are fine",
        ("validate", "e.yaml"),
        0,
        ("e.yaml: ok",),
        {"e.yaml": case_points(" + ".join(["bid"] * 700))},
    ),
    Case(
        "s1 flat sum: the most terms the length limit allows are scored",
        ("score", "s.yaml"),
        0,
        ("Total           4999      10",),
        {"e.yaml": case_points("1+" * 4998 + "bid"), "s.yaml": "edition: e.yaml\n" + TWO_ROUNDS_MADE},
    ),
    Case(
        "s1 flat sum: real depth is limited, at the first level too deep",
        ("validate", "e.yaml"),
        1,
        ("e.yaml:7:124: the expression is nested too deeply (at most 100 levels)",),
        {"e.yaml": case_points("-" * 300 + "bid")},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_bad_input_gets_one_clear_message(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each input that crashed now gets its exit code and a message naming
    the place and the offending token, never a traceback."""
    monkeypatch.chdir(tmp_path)
    for name, content in case.files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (tmp_path / name).write_bytes(data)
    if case.stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(case.stdin)))
    out, err = io.StringIO(), io.StringIO()
    code = main(list(case.argv), out=out, err=err)
    shown = out.getvalue() + err.getvalue()
    assert code == case.code, shown
    for text in case.says:
        assert text in shown, shown
    assert "Traceback" not in shown and "internal error" not in shown
    assert "Node(" not in shown and "Location(" not in shown


def _batch(tmp_path: Path, data: bytes) -> list[dict[str, Any]]:
    (tmp_path / "b.jsonl").write_bytes(data)
    out = io.StringIO()
    main(["trick", "--batch", str(tmp_path / "b.jsonl")], out=out, err=io.StringIO())
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x1c", "\u2029", "\r"])
def test_batch_lines_split_on_newline_only(separator: str, tmp_path: Path) -> None:
    """Batch lines: a line separator of Unicode inside a JSON string is
    part of its line, so that result n still answers input line n."""
    lines = ['{"cards": ["Y1", "Y2"]}', f'{{"cards": ["Y1{separator}", "Y2"]}}', '{"cards": ["Y2", "Y1"]}']
    results = _batch(tmp_path, ("\n".join(lines) + "\n").encode("utf-8"))
    assert len(results) == 3
    assert results[0]["winner"] == 1 and results[2]["winner"] == 0


def test_batch_huge_line_is_not_echoed(tmp_path: Path) -> None:
    """Batch lines: a 10 MB line is refused without being written back."""
    results = _batch(tmp_path, b'{"cards": ["' + b"Y" * 10_000_000 + b'"]}\n{"cards": ["Y1", "Y2"]}\n')
    assert len(results) == 2 and results[1]["winner"] == 1
    assert "line longer than 10,000 bytes" in results[0]["error"] and len(results[0]["error"]) < 200


def test_resolve_trick_refuses_negative_players(resolve_trick: ResolveTrick) -> None:
    """Players: the Python API refuses -5 players as the command line does."""
    edition = skullking.load_edition("skullking-2021")
    with pytest.raises(IllegalTrickError, match="-5 players: this edition is for 2 to 8"):
        resolve_trick(edition, ["E"], players=-5)


@pytest.mark.parametrize("key", ["leader", "skull_king_leader"])
def test_plain_sheet_without_positions(key: str) -> None:
    """Sheets: a plain dict through the Python API, with a key that goes
    with 'tricks' only, gets the message a file gets (it has no position to name)."""
    edition = skullking.load_edition("skullking-2021")
    chooser = "leader" if key == "leader" else next(a.sheet_key for a in edition.abilities if a.sheet_key)
    sheet = {"players": ["A", "B"], "rounds": [{"bids": {"A": 1, "B": 0}, "won": {"A": 1, "B": 0}, chooser: "A"}]}
    with pytest.raises(SheetError, match=f"'{chooser}' seats a trick"):
        edition.score_sheet(sheet)


def test_plain_sheet_with_unhashable_values() -> None:
    """Sheets: a list where a name belongs is an unknown name, not a crash."""
    edition = skullking.load_edition("skullking-2021")
    sheet = {"edition": ["x"], "players": ["A", "B"], "rounds": [{"bids": {"A": 1, "B": 0}, "won": {"A": 1, "B": 0}}]}
    sheet["rounds"][0]["bonuses"] = {"A": [{"x": 1}]}  # type: ignore[index]
    with pytest.raises(SheetError, match="unknown bonus id"):
        edition.score_sheet(sheet)


@pytest.mark.parametrize(
    ("source", "values", "message"),
    [
        ("bid // won", {"bid": 3, "won": 0}, "divides by zero with bid = 3, won = 0"),
        ("bid % won", {"bid": 3, "won": 0}, "divides by zero"),
        ("bid * 1000000 * 1000000 * 1000000", {"bid": 1}, f"beyond {MAX_VALUE:,}"),
        ("-bid * 1000000 * 1000000 * 1000000", {"bid": 1}, "(either sign)"),
    ],
)
def test_formula_fails_clearly_when_evaluated(source: str, values: dict[str, int], message: str) -> None:
    """Formulas: never a silent 0 for a division by zero, never a value
    too large to print."""
    formula = compile_expression(source, ("bid", "won"), "number")
    with pytest.raises(FormulaError, match=message.replace("(", r"\(").replace(")", r"\)")):
        formula.evaluate(values)


def test_flat_chains_evaluate_like_nested_ones() -> None:
    """Flat sums: chains fold left to right, and 'and'/'or' chains of any
    length work."""
    assert compile_expression("20 - 3 - 2 * 3 // 2 % 4", ()).evaluate({}) == 20 - 3 - 2 * 3 // 2 % 4
    assert compile_expression(" + ".join(["bid"] * 2000), ("bid",)).evaluate({"bid": 2}) == 4000
    assert compile_expression(" and ".join(["bid == 2"] * 700), ("bid",)).evaluate({"bid": 2}) is True
    assert compile_expression(" or ".join(["bid == 1"] * 700), ("bid",)).evaluate({"bid": 2}) is False


# ---------------------------------------------------------------------- section 2


def _boom(args: Any, out: Any) -> int:
    raise RuntimeError("boom\nsecond line")


@pytest.mark.parametrize("debug", [False, True])
def test_internal_error_exits_3_with_one_line(debug: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected exception is one 'internal error' line and exit 3 (never
    1); the traceback only with --debug (taken before or after the command)."""
    monkeypatch.setattr(cli, "COMMANDS", commands_with("editions", _boom))
    out, err = io.StringIO(), io.StringIO()
    code = main(["editions", *(["--debug"] if debug else [])], out=out, err=err)
    assert code == 3
    last = err.getvalue().splitlines()[-1]
    assert last.startswith("skullking: internal error: RuntimeError: boom second line; please report")
    assert ("Traceback" in err.getvalue()) is debug
    assert len(err.getvalue().splitlines()) == 1 or debug


def test_internal_error_in_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """With --format json the internal error is the JSON error record."""
    monkeypatch.setattr(cli, "COMMANDS", commands_with("editions", _boom))
    out, err = io.StringIO(), io.StringIO()
    assert main(["editions", "--format", "json"], out=out, err=err) == 3
    record = json.loads(out.getvalue())
    assert record["error"].startswith("internal error: RuntimeError: boom") and err.getvalue() == ""


def test_validate_reports_each_file_before_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'validate A B C' writes each file's report when it is checked, so a
    crash on C keeps the reports of A and B."""
    from skullking.analysis.lint import validate_file
    from skullking.tools import validatecmd

    def crash_on_c(path: Path, **kwargs: Any) -> Any:
        if path.name == "c.yaml":
            raise RuntimeError("crash on c")
        return validate_file(path, **kwargs)

    monkeypatch.setattr(validatecmd, "validate_file", crash_on_c)
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.yaml").write_text(overlay(name, ""), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["validate", *(str(tmp_path / f"{n}.yaml") for n in "abc")], out=out, err=err)
    assert code == 3
    assert [line.split(":")[0].endswith(("a.yaml", "b.yaml")) for line in out.getvalue().splitlines()] == [True, True]
    assert "internal error: RuntimeError: crash on c" in err.getvalue()


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        (["explain"], 0, "# "),
        (["trick", "緑7", "Y3"], 0, "G7"),
        (["trick", "緑77"], 2, "no rank 77 in suit"),
        (["score", "ja.yaml"], 0, "\\u592a\\u90ce"),
    ],
)
def test_ascii_terminal_degrades(argv: list[str], code: int, says: str, tmp_path: Path) -> None:
    """PYTHONIOENCODING=ascii: characters the terminal lacks come out
    escaped, no crash."""
    (tmp_path / "ja.yaml").write_text("players: [太郎, B]\n" + TWO_ROUNDS_MADE.split("\n", 1)[1].replace("A", "太郎"))
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "skullking", *argv], capture_output=True, env=env, cwd=tmp_path, check=False
    )
    shown = (done.stdout + done.stderr).decode("ascii")
    assert done.returncode == code, shown
    assert says in shown and "Traceback" not in shown


def _resolve_huge_players(edition: Edition) -> object:
    return edition.resolve_trick(["Y1", "Y2"], players=10**5000)


def _resolve_huge_leader(edition: Edition) -> object:
    return edition.resolve_trick(["Y1", "Y2"], leader=-(10**5000))


def _legal_huge_players(edition: Edition) -> object:
    return edition.legal_plays("Y1", ["Y2"], players=10**5000)


def _round_huge_cards(edition: Edition) -> object:
    from skullking.play.round import Round

    return Round(edition, ["A", "B", "C"], cards=10**5000, seed=1)


def _bid_huge(edition: Edition) -> object:
    from skullking.play.round import Round

    Round(edition, ["A", "B", "C"], seed=1).bid("A", 10**5000)
    return None


@pytest.mark.parametrize(
    "call", [_resolve_huge_players, _resolve_huge_leader, _legal_huge_players, _round_huge_cards, _bid_huge]
)
def test_python_api_refuses_huge_integers_in_words(call: Any) -> None:
    """Huge integers: an integer of 5,000 digits given through the Python
    API is refused with a message that does not try to write it out."""
    edition = skullking.load_edition("skullking-2021")
    with pytest.raises(SkullKingError, match=r"\(a number of more than 30 digits\)"):
        call(edition)


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "\x00"),
        ("trick", "--batch", "\x00"),
        ("validate", "\x00"),
        ("explain", "--edition", "\x00"),
        ("new", "x", "--extends", "skullking-2021", "-o", "\x00"),
        ("score", "a\x1b[31m"),
        ("validate", "a\x1b[31m"),
    ],
)
def test_file_names_no_file_can_have_are_bad_input_shown_escaped(argv: tuple[str, ...]) -> None:
    """Found by scripts/fuzz.py: `skullking score '\\x00'` was an internal error (Python
    refuses a NUL byte in a file name with ValueError); such names are bad input, and
    control characters in messages are written as escapes, never sent to the terminal."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert code == 2
    text = out.getvalue() + err.getvalue()
    assert "internal error" not in text and "\x00" not in text and "\x1b" not in text
    assert "\\x00" in text or "\\x1b" in text


def test_deep_parentheses_are_refused_before_parsing() -> None:
    """Bounded work: parentheses make no node of a formula's tree, but
    100,000 of them took the parser seconds; past the nesting bound they are refused at
    the first one too deep, while 50 are fine."""
    from skullking.core.errors import ExpressionError
    from skullking.core.limits import MAX_EXPR_DEPTH

    with pytest.raises(ExpressionError, match="nested too deeply") as caught:
        compile_expression("(" * 100_000 + "1" + ")" * 100_000, ("bid",))
    assert caught.value.column == MAX_EXPR_DEPTH + 1
    assert compile_expression("(" * 50 + "bid" + ")" * 50, ("bid",)).evaluate({"bid": 3}) == 3
