"""Errors as a new user meets them, and did-you-mean for every name
a score sheet or the command line looks up.

Each test drives the command line in-process (``tests/helpers/clihelp.py``) or the library,
and checks what a user sees: one message per problem, in file order; a missing file
named without a position; JSON errors on standard output with ``--format json``;
options a command does not take refused; a score table that lines up with any
names; unfinished games and a missing round said once; suggestions for misspelt names.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from clihelp import run, run_json

import skullking
from skullking.core.errors import EditionError, Problem, SheetError, in_file_order
from skullking.edition import Edition
from skullking.tools.cli import error_record

ROOT = Path(__file__).resolve().parents[3]
TOP_LEVEL_REQUIRED = ("players", "modules", "roles", "deck", "precedence", "bonuses", "scoring", "schedule")

# An overlay with two problems: a schema problem on line 8 (found first) and an unknown
# card group on line 6 (found by the later semantic checks).
TWO_PROBLEMS = """\
extends: skullking-2021
id: two-problems
precedence:
  - id: merman-wins
    before: skull-king
    winner: {pick: first, of: merman}
bonuses:
  black-14: {points: ten}
"""

GOOD_ROUND = "  - bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n"


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line]


def _position(line: str) -> tuple[int, int]:
    match = re.match(r"[^:]+:(\d+):(\d+): ", line)
    assert match, line
    return int(match[1]), int(match[2])


# ---------------------------------------------------------------------- one message each, in file order


def test_each_missing_required_key_is_reported_once(tmp_path: Path) -> None:
    """A file missing the eight top-level keys an edition needs gets eight
    messages, one per key (it used to get each key once per missing key: 64 lines)."""
    path = tmp_path / "bare.yaml"
    path.write_text("id: bare\ntitle: Nothing yet\n", encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 1
    lines = _lines(out)
    assert len(lines) == len(TOP_LEVEL_REQUIRED), out
    for key in TOP_LEVEL_REQUIRED:
        assert sum(f"'{key}' is a required property" in line for line in lines) == 1, (key, out)


def test_validate_lists_problems_in_file_order(tmp_path: Path) -> None:
    """Messages sorted by file position. The unknown group 'merman' (line 6)
    comes before the bad points (line 8) though the schema check finds the latter first."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO_PROBLEMS, encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 1
    lines = _lines(out)
    assert [_position(line) for line in lines] == [(6, 31), (8, 22)], out
    assert "merman" in lines[0] and "ten" in lines[1]
    records = json.loads(run("validate", "--format", "json", str(path))[1])
    assert [(r["line"], r["column"]) for r in records] == [(6, 31), (8, 22)]


def test_edition_error_lists_problems_in_file_order(tmp_path: Path) -> None:
    """Wherever an EditionError lists problems they are in file order."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO_PROBLEMS, encoding="utf-8")
    with pytest.raises(EditionError) as info:
        skullking.load_edition(str(path))
    assert [(p.line, p.column) for p in info.value.problems] == [(6, 31), (8, 22)]


def test_sheet_error_lists_problems_in_file_order(edition: Edition) -> None:
    """A SheetError lists its problems by line and column: the modules list
    leaving out 'base' (line 1, at the list) and its unknown module (at the name) before
    the player listed twice (line 2), though the players are checked first."""
    text = "modules: [bogus]\nplayers: [Ann, Ann]\nrounds: []\n"
    with pytest.raises(SheetError) as info:
        edition.score_sheet(text, file="s.yaml")
    assert [(p.line, p.column) for p in info.value.problems] == [(1, 10), (1, 11), (2, 16)]


def test_in_file_order_sorts_by_file_line_column_and_drops_repeats() -> None:
    """Sorted by (file, line, column); the same problem found twice once."""
    b = Problem(file="b.yaml", line=1, column=1, message="x")
    a2 = Problem(file="a.yaml", line=2, column=5, message="y")
    a1 = Problem(file="a.yaml", line=2, column=1, message="z")
    assert in_file_order([b, a2, a1, b]) == [a1, a2, b]


# ---------------------------------------------------------------------- missing files, standard input


def test_missing_file_is_bad_input_without_a_position(tmp_path: Path) -> None:
    """A missing file: exit 2, `FILE: no such file or bundled edition`, no
    0:0; the other files are still checked (the bundled edition: ok)."""
    missing = tmp_path / "nope.yaml"
    code, out, err = run("validate", str(missing), "skullking-2021")
    assert code == 2
    assert f"{missing}: no such file or bundled edition\n" in out
    assert ":0:0" not in out + err
    assert "skullking-2021: ok" in out


def test_missing_bundled_id_suggests_the_closest() -> None:
    """Did-you-mean: a misspelt bundled id names the edition meant."""
    code, out, _ = run("validate", "skullking-2O21")
    assert code == 2
    assert out.startswith("skullking-2O21: no such file or bundled edition; did you mean 'skullking-2021'")


def test_missing_file_as_json_keeps_the_validate_list(tmp_path: Path) -> None:
    """With --format json the missing file is a record of validate's list
    (the contract's {file, line, column, message}; no position: 0), exit 2."""
    missing = tmp_path / "nope.yaml"
    code, out, _ = run("validate", "--format", "json", str(missing))
    assert code == 2
    assert json.loads(out) == [
        {"file": str(missing), "line": 0, "column": 0, "message": "no such file or bundled edition"}
    ]


def test_validate_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """`validate -` reads standard input and names it <stdin>."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(TWO_PROBLEMS))
    code, out, _ = run("validate", "-")
    assert code == 1
    assert [line.split(":")[0] for line in _lines(out)] == ["<stdin>", "<stdin>"]
    assert [_position(line) for line in _lines(out)] == [(6, 31), (8, 22)]


def test_overlay_from_standard_input_extends_a_file_of_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An overlay read from stdin finds a relative `extends` from the working
    directory. The base is the example our-table overlay copied there; the overlay
    changes nothing more, so it is ok."""
    base = (ROOT / "examples" / "house-rules" / "our-table.yaml").read_text(encoding="utf-8")
    (tmp_path / "ours.yaml").write_text(base, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("extends: ours.yaml\nid: on-top\ntitle: On top of ours\n"))
    code, out, _ = run("validate", "-")
    assert (code, out) == (0, "<stdin>: ok (on-top: On top of ours)\n")


def test_sheet_from_standard_input_is_named_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sheet read with `score -` is <stdin> in its messages."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("players: [Ann, Bo]\nrounds:\n  - bids: {Ann: 1, Bo: 9}\n"))
    code, _, err = run("score", "-")
    assert code == 2
    assert err.startswith("<stdin>:3:")


# ---------------------------------------------------------------------- --format json errors

JSON_ERRORS: list[tuple[list[str], str]] = [
    (["trick", "Y3", "FOO"], "unknown card 'FOO'"),
    (["trick", "SK", "SK"], "'SK' 2 times"),
    (["legal", "--hand", "Y1,BOO", "Y2"], "unknown card 'BOO'"),
    (["explain", "--edition", "no-such-edition"], "no such file or bundled edition"),
    (["diff", "bga", "no-such-edition"], "no such file or bundled edition"),
    (["simulate", "--scoring", "clasic"], "unknown scoring scheme 'clasic'"),
    (["editions", "--bogus"], "unrecognized arguments: --bogus"),
    (["validate"], "the following arguments are required: FILE"),
    (["score", "no-such-sheet.yaml"], "cannot read sheet 'no-such-sheet.yaml'"),
    (["trick", "--batch", "x.jsonl", "--leader", "1"], "--leader does not go with --batch"),
]


@pytest.mark.parametrize(("argv", "fragment"), JSON_ERRORS, ids=[" ".join(a) for a, _ in JSON_ERRORS])
def test_every_command_reports_errors_as_json_on_stdout(argv: list[str], fragment: str) -> None:
    """With --format json every command reports an error as one JSON record
    on stdout ({"error", "file", "line", "column"}; no file for a command-line error),
    nothing on stderr, exit 2."""
    code, out, err = run(*argv, "--format", "json")
    assert (code, err) == (2, "")
    record = json.loads(out)
    assert {"error", "file", "line", "column"} <= set(record)
    assert fragment in record["error"], record
    assert (record["file"], record["line"], record["column"]) == (None, None, None)


def test_json_error_names_the_unknown_token() -> None:
    """An unknown card on the command line: the JSON record also gives the token."""
    code, out, _ = run("trick", "Y3", "FOO", "--format", "json")
    assert code == 2 and json.loads(out)["token"] == "FOO"


def test_json_sheet_errors_give_the_first_place_and_every_problem(tmp_path: Path) -> None:
    """Several located problems: the first one's error, file, line and
    column, and all of them in `problems`, in file order. The 2021 rulebook: round 1 deals one
    card, so Ann's bid 5 (line 3, column 15) and Bo's tricks won 2 (line 4) are out."""
    sheet = tmp_path / "bad.yaml"
    sheet.write_text("players: [Ann, Bo]\nrounds:\n  - bids: {Ann: 5, Bo: 0}\n    won: {Ann: 0, Bo: 2}\n")
    code, out, err = run("score", str(sheet), "--format", "json")
    assert (code, err) == (2, "")
    record = json.loads(out)
    assert (record["file"], record["line"], record["column"]) == (str(sheet), 3, 17)
    assert record["error"] == "round 1: Ann's bid 5 is out of range 0..1"
    assert [(p["line"], p["column"]) for p in record["problems"]] == [(3, 17), (4, 23)]
    assert record["problems"][0]["message"] == record["error"]


def test_json_edition_errors_give_every_problem(tmp_path: Path) -> None:
    """An edition file with problems used by `trick --edition FILE` gives
    them as JSON, the first one's place at the top."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO_PROBLEMS, encoding="utf-8")
    code, out, _ = run("trick", "--edition", str(path), "Y1", "Y2", "--format", "json")
    assert code == 2
    record = json.loads(out)
    assert (record["line"], record["column"]) == (6, 31)
    assert [p["line"] for p in record["problems"]] == [6, 8]


def test_error_record_without_a_place_has_null_position() -> None:
    """The record of an error that has no place in a file: null file, line, column."""
    assert error_record("bad") == {"error": "bad", "file": None, "line": None, "column": None}
    located = error_record("x", [Problem(file="f.yaml", line=0, column=0, message="no such file")])
    assert (located["file"], located["line"], located["column"]) == ("f.yaml", None, None)


def test_text_errors_still_go_to_stderr() -> None:
    """Without --format json an error stays one line on stderr, stdout empty."""
    code, out, err = run("trick", "Y3", "FOO")
    assert (code, out) == (2, "")
    assert err == "skullking: error: card 2: unknown card 'FOO'\n"


# ---------------------------------------------------------------------- options a command does not take


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "--edition", "bga", "skullking-2021"],
        ["editions", "--edition", "bga"],
        ["diff", "--edition=bga", "bga", "skullking-2021"],
    ],
    ids=["validate", "editions", "diff"],
)
def test_edition_is_refused_where_it_means_nothing(argv: list[str]) -> None:
    """--edition on validate, editions and diff (whose editions are their
    arguments) is a usage error, exit 2, saying why."""
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"skullking: error: '{argv[0]}' takes no --edition: ")


@pytest.mark.parametrize("option", ["--leader", "--players"])
def test_batch_refuses_leader_and_players(option: str, tmp_path: Path) -> None:
    """The same trap: with --batch each line gives its own leader and
    players, so --leader and --players would be ignored: they are refused."""
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"cards": ["Y1", "Y2"]}\n', encoding="utf-8")
    code, out, err = run("trick", "--batch", str(batch), option, "1")
    assert (code, out) == (2, "")
    assert f"{option} does not go with --batch" in err


def test_unknown_command_suggests_the_closest() -> None:
    """Did-you-mean on the command line: a misspelt command names the one meant, first."""
    code, _, err = run("explian")
    assert code == 2 and "did you mean 'explain'" in err


# ---------------------------------------------------------------------- the score table


def _display_width(text: str) -> int:
    """Columns on a terminal, counted by hand for the characters used here: CJK
    ideographs and kana take 2, a combining accent 0, anything else 1."""
    width = 0
    for char in text:
        if "\u0300" <= char <= "\u036f":
            continue
        width += 2 if "\u3040" <= char <= "\u9fff" else 1
    return width


def test_score_table_lines_up_with_wide_and_combining_names(tmp_path: Path) -> None:
    """Names in CJK (2 columns a character), with a precomposed accent and
    with a combining accent (0 columns) keep every column of the table right-aligned.
    The 2021 rulebook: in round 1 a bid of 0 made gives 10, a bid of 1 made gives 20."""
    names = ["エマ", "Zoë", "Jose\u0301", "Lea"]
    sheet = {
        "players": names,
        "rounds": [
            {"bids": dict(zip(names, (0, 1, 0, 0), strict=True)), "won": dict(zip(names, (0, 1, 0, 0), strict=True))}
        ],
    }
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(sheet, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("score", str(path))
    assert code == 0, err
    header, row, total = out.splitlines()[:3]
    assert header == "Round  Cards    エマ     Zoë    Jose\u0301     Lea"
    assert row == "    1      1      10      20      10      10"
    assert {_display_width(line) for line in (header, row, total)} == {len(row)}


# ---------------------------------------------------------------------- unfinished games


def test_unfinished_game_says_which_rounds_are_missing(tmp_path: Path) -> None:
    """Two rounds of the 2021 edition's ten (the 2021 rulebook): text says rounds
    3-10 are still to be played and does not call the leader the winner; JSON gives
    "complete": false and "missing_rounds": [3, ..., 10]."""
    sheet = tmp_path / "two.yaml"
    sheet.write_text("players: [Ann, Bo]\nrounds:\n" + GOOD_ROUND + GOOD_ROUND.replace("1, Bo: 0}", "2, Bo: 0}"))
    code, out, _ = run("score", str(sheet))
    assert code == 0
    assert "The game is not over: rounds 3-10 are still to be played." in out
    assert "Winner so far: Ann" in out and "Winner:" not in out
    record = run_json("score", str(sheet))
    assert (record["complete"], record["missing_rounds"]) == (False, [3, 4, 5, 6, 7, 8, 9, 10])


def test_full_game_is_complete(tmp_path: Path) -> None:
    """A game with every round of its schedule: "complete": true,
    "missing_rounds": [], and the text names the winner. The past-your-bedtime schedule
    is one round of one card (the 2021 rulebook)."""
    sheet = tmp_path / "one.yaml"
    sheet.write_text("players: [Ann, Bo]\nschedule: past-your-bedtime\nrounds:\n" + GOOD_ROUND)
    record = run_json("score", str(sheet))
    assert (record["complete"], record["missing_rounds"]) == (True, [])
    code, out, _ = run("score", str(sheet))
    assert code == 0 and "Winner: Ann" in out and "not over" not in out


def _rounds(*rounds: tuple[int | None, dict[str, int], dict[str, int]]) -> str:
    lines = ["players: [Ann, Bo, Cy]", "rounds:"]
    for cards, bids, won in rounds:
        lines.append(f"  - bids: {json.dumps(bids)}")
        if cards is not None:
            lines.append(f"    cards: {cards}")
        lines.append(f"    won: {json.dumps(won)}")
    return "\n".join(lines) + "\n"


def _sheet_problems(edition: Edition, text: str) -> list[str]:
    with pytest.raises(SheetError) as info:
        edition.score_sheet(text, file="s.yaml")
    return [str(p) for p in info.value.problems]


def test_a_round_missing_in_the_middle_is_one_message(edition: Edition) -> None:
    """Rounds of 1, 2, 4 and 5 cards (the 2021 rulebook: round n deals n) lack
    round 3: one message, at the sheet's third round, saying first what does not fit
    (4 cards where round 3 deals 3), then that round 3 may be missing."""
    text = _rounds(
        (1, {"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0}),
        (2, {"Ann": 1, "Bo": 1, "Cy": 0}, {"Ann": 1, "Bo": 1, "Cy": 0}),
        (4, {"Ann": 4, "Bo": 0, "Cy": 0}, {"Ann": 4, "Bo": 0, "Cy": 0}),
        (5, {"Ann": 5, "Bo": 0, "Cy": 0}, {"Ann": 5, "Bo": 0, "Cy": 0}),
    )
    (problem,) = _sheet_problems(edition, text)
    assert problem.startswith("s.yaml:9:5: round 3 has 4 cards, but the 'standard' schedule deals 3; ")
    assert problem.endswith(
        "or round 3 is missing: this round and the ones after it fit the schedule's rounds from 4 on (then add round 3)"
    )


def test_a_missing_round_without_cards_is_one_message_not_a_cascade(edition: Edition) -> None:
    """Without `cards`, rounds default to the schedule's count; the sheet's
    third and fourth rounds bid and win as rounds of 4 and 5 cards (Ann 4 of 4, then 5
    of 5), which would otherwise give an error in every later round. The message says
    first that the tricks won do not add up (4 won where round 3 plays 3 tricks), then
    that a round may be missing."""
    text = _rounds(
        (None, {"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0}),
        (None, {"Ann": 1, "Bo": 1, "Cy": 0}, {"Ann": 1, "Bo": 1, "Cy": 0}),
        (None, {"Ann": 4, "Bo": 0, "Cy": 0}, {"Ann": 4, "Bo": 0, "Cy": 0}),
        (None, {"Ann": 5, "Bo": 0, "Cy": 0}, {"Ann": 5, "Bo": 0, "Cy": 0}),
    )
    (problem,) = _sheet_problems(edition, text)
    assert problem.startswith("s.yaml:7:5: round 3: 4 tricks won in all, but only 3 were played; or round 3 is missing")


def test_one_wrong_round_is_not_taken_for_a_missing_one(edition: Edition) -> None:
    """The 2021 rulebook: round 3 deals 3 cards; a sheet whose round 3 alone says 4 tricks won
    (round 4 fits its own count again) has a mistake in round 3, reported as such."""
    text = _rounds(
        (None, {"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0}),
        (None, {"Ann": 1, "Bo": 1, "Cy": 0}, {"Ann": 1, "Bo": 1, "Cy": 0}),
        (None, {"Ann": 3, "Bo": 0, "Cy": 0}, {"Ann": 4, "Bo": 0, "Cy": 0}),
        (None, {"Ann": 2, "Bo": 1, "Cy": 0}, {"Ann": 3, "Bo": 1, "Cy": 0}),
    )
    problems = _sheet_problems(edition, text)
    assert not any("missing" in p for p in problems), problems
    assert any("round 3: " in p and "tricks won 4 is out of range 0..3" in p for p in problems), problems


# ---------------------------------------------------------------------- trick --batch blank lines


def test_batch_blank_line_is_an_error_in_place_as_the_readme_says(tmp_path: Path) -> None:
    """README and behaviour agree on blank lines: a blank line holds no
    trick, so it gets an {"error"} on its own line (output line n answers input line n),
    the tricks around it still run, and the exit code is 2."""
    page = " ".join((ROOT / "docs" / "cli" / "trick.md").read_text(encoding="utf-8").replace("`", "").split())
    assert 'a blank line is a bad line too ({"error": "empty line: no trick on it"})' in page
    batch = tmp_path / "blank.jsonl"
    batch.write_text('{"cards": ["Y5", "Y9"]}\n\n{"cards": ["G5", "G9"]}\n', encoding="utf-8")
    code, out, _ = run("trick", "--batch", str(batch))
    first, blank, last = (json.loads(line) for line in out.splitlines())
    assert code == 2
    assert blank == {"error": "empty line: no trick on it"}
    assert first["winner"] == last["winner"] == 1  # the 2021 rulebook: the higher yellow / green


# ---------------------------------------------------------------------- did-you-mean on sheets and options

SHEET_NAMES: list[tuple[str, str]] = [
    ("bids: {Ann: 1, Boo: 0}\n    won: {Ann: 1, Bo: 0}\n", "unknown player 'Boo' in 'bids'; did you mean 'Bo'?"),
    ("bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Boo: 0}\n", "unknown player 'Boo' in 'won'; did you mean 'Bo'?"),
    (
        "bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    extra: {Anne: 10}\n",
        "unknown player 'Anne' in 'extra'; did you mean 'Ann'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    bonuses: {Ann: [blak-14]}\n",
        "unknown bonus id 'blak-14'; did you mean 'black-14'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    bonuses: {An: [black-14]}\n",
        "unknown player 'An' in 'bonuses'; did you mean 'Ann'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    loot: [[Anne, Bo]]\n",
        "unknown player 'Anne' in 'loot'; did you mean 'Ann'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    wagers: {Anne: 10}\n",
        "unknown player 'Anne' in 'wagers'; did you mean 'Ann'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    leader: Anne\n    tricks: [[Y1, E, Y2]]\n",
        "unknown player 'Anne' in 'leader'; did you mean 'Ann'?",
    ),
    (
        "bids: {Ann: 1, Bo: 0}\n    leader: Ann\n    tricks: [[ROSIE, E, Y2]]\n    rosie: {Ann: Boo}\n",
        "Ann's rosie: unknown player 'Boo'; did you mean 'Bo'?",
    ),
    ("bid: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n", "unknown key 'bid'; did you mean 'bids'?"),
]


@pytest.mark.parametrize(("round_text", "message"), SHEET_NAMES, ids=[m.split(";")[0] for _, m in SHEET_NAMES])
def test_sheet_names_get_a_suggestion(edition: Edition, round_text: str, message: str) -> None:
    """Did-you-mean for every name a sheet looks up in its rounds: players in each
    per-player key, the loot pairs, the leader and Rosie's choice; bonus ids; keys."""
    text = "players: [Ann, Bo]\nrounds:\n  - " + round_text
    problems = _sheet_problems(edition, text)
    assert any(message in p for p in problems), problems


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("scoring: clasic", "unknown scoring scheme 'clasic'; did you mean 'classic'?"),
        ("schedule: whirlpol", "unknown schedule 'whirlpol'; did you mean 'whirlpool-once'"),
        ("modules: [base, advance]", "unknown module 'advance'; did you mean 'advanced'?"),
        ("edition: skullking-2O21", "no such file or bundled edition; did you mean 'skullking-2021'"),
        ("scorer: me", "unknown key 'scorer'; did you mean 'scoring'"),
    ],
)
def test_sheet_choices_get_a_suggestion(line: str, message: str, tmp_path: Path) -> None:
    """Did-you-mean for the sheet's scoring, schedule, modules and edition names (the
    edition is looked up by the command line, so this goes through `score`)."""
    sheet = tmp_path / "s.yaml"
    sheet.write_text(f"{line}\nplayers: [Ann, Bo]\nrounds:\n{GOOD_ROUND}", encoding="utf-8")
    code, _, err = run("score", str(sheet))
    assert code == 2
    assert err.startswith(f"{sheet}:1:"), err
    assert message in err, err


OPTION_NAMES: list[tuple[list[str], str]] = [
    (["score", "--scoring", "rascl"], "--scoring: unknown scoring scheme 'rascl'; did you mean 'rascal'?"),
    (["score", "--schedule", "standart"], "--schedule: unknown schedule 'standart'; did you mean 'standard'?"),
    (["score", "--edition", "skullking-2O24"], "no such file or bundled edition; did you mean 'skullking-2024'"),
    (["simulate", "--scoring", "clasic"], "--scoring: unknown scoring scheme 'clasic'; did you mean 'classic'?"),
    (["simulate", "--schedule", "whirlpol"], "--schedule: unknown schedule 'whirlpol'; did you mean 'whirlpool-once'"),
    (["simulate", "--modules", "base,advance"], "--modules: unknown module 'advance'; did you mean 'advanced'?"),
    (["simulate", "--edition", "bgaa"], "edition 'bgaa': no such file or bundled edition; did you mean 'bga'?"),
]


@pytest.mark.parametrize(("argv", "message"), OPTION_NAMES, ids=[" ".join(a) for a, _ in OPTION_NAMES])
def test_option_names_get_a_suggestion(argv: list[str], message: str, tmp_path: Path) -> None:
    """Did-you-mean for the names `score` and `simulate` options look up (--scoring,
    --schedule, --modules, --edition): one usage line, exit 2. The sheet is fine."""
    sheet = tmp_path / "s.yaml"
    sheet.write_text(f"players: [Ann, Bo]\nrounds:\n{GOOD_ROUND}", encoding="utf-8")
    given = [*argv, str(sheet)] if argv[0] == "score" else [*argv, "--seed", "1"]
    code, out, err = run(*given)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and message in err, err
