"""Control characters that input carries into output: shown as escapes, never obeyed.

An edition file may hold any character in a double-quoted YAML string (``"\\e[1A"``,
``"\\x9b"``), and a score sheet's names too. Written to a terminal as they are, an OSC 52
sequence (``ESC ] 52 ; c ; ... BEL``) writes the clipboard, cursor-up and erase-line
(``ESC [ 1 A``, ``ESC [ 2 K``) hide the warning lines before them, the C1 control U+009B
starts a sequence as ``ESC [`` does, a carriage return overwrites its line, and a
bidirectional override shows text in another order. Every text output and error message
writes them as escapes (``\\x1b``, ``\\x9b``, ``\\u202e``); JSON keeps each string exact.
Each test drives the command line in-process (``tests/helpers/clihelp.py``).
"""

from __future__ import annotations

import io
import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from clihelp import commands_with, run, run_json

import skullking
from skullking.tools import cli
from skullking.tools.common import TextOut

# The overlay's text as the YAML file writes it (double-quoted escapes: \e is ESC, \a BEL)
# and as it reads back. The description also holds a raw U+202E (written in at <RLO>),
# which YAML allows.
OVERLAY = r"""extends: skullking-2021
id: hostile-text
title: "Ours \e]52;c;ZXZpbA==\a \e[1A\e[2Kfine \x9b2K\rsecond\nline"
description: "The table's \e[1A\e[2K rules: <RLO>gnp.exe"
precedence:
  skull-king: {description: "the Skull King \e]52;c;ZXZpbA==\a wins \x9b2K"}
bonuses:
  standard-14: {description: "each 14 \x1b[1A\x1b[2K in the trick"}
""".replace("<RLO>", "\u202e")
TITLE = "Ours \x1b]52;c;ZXZpbA==\x07 \x1b[1A\x1b[2Kfine \x9b2K\rsecond\nline"
DESCRIPTION = "The table's \x1b[1A\x1b[2K rules: \u202egnp.exe"
RULE = "the Skull King \x1b]52;c;ZXZpbA==\x07 wins \x9b2K"
BONUS = "each 14 \x1b[1A\x1b[2K in the trick"

NAMES = ["Em\x1b]52;c;aGk=\x07ma", "Ni\x1b[1A\x1b[2Kco", "P\x9b2Kat", "Le\x85a", "Ro\u202ese"]
SHEET = r"""players: ["Em\e]52;c;aGk=\ama", "Ni\e[1A\e[2Kco", "P\x9b2Kat", "Le\x85a", "Ro\u202ese"]
rounds:
  - bids: {"Em\e]52;c;aGk=\ama": 0, "Ni\e[1A\e[2Kco": 1, "P\x9b2Kat": 0, "Le\x85a": 0, "Ro\u202ese": 1}
    won: {"Em\e]52;c;aGk=\ama": 0, "Ni\e[1A\e[2Kco": 1, "P\x9b2Kat": 0, "Le\x85a": 0, "Ro\u202ese": 0}
"""
#: The names as the score table shows them.
SHOWN_NAMES = ["Em\\x1b]52;c;aGk=\\x07ma", "Ni\\x1b[1A\\x1b[2Kco", "P\\x9b2Kat", "Le\\x85a", "Ro\\u202ese"]

#: The bidirectional classes of the embeddings, overrides and isolates (U+202A-U+202E,
#: U+2066-U+2069), which show the text around them in another order.
REORDERING = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}


def raw_controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey or that reorder it: control
    characters (C0, DEL, C1) but tab and newline, and the bidirectional formatting ones."""
    return [
        c
        for c in text
        if (unicodedata.category(c) == "Cc" and c not in "\t\n") or unicodedata.bidirectional(c) in REORDERING
    ]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "hostile.yaml").write_text(OVERLAY, encoding="utf-8")
    (tmp_path / "sheet.yaml").write_text(SHEET, encoding="utf-8")
    return {"edition": str(tmp_path / "hostile.yaml"), "sheet": str(tmp_path / "sheet.yaml")}


def test_the_loader_reads_escaped_control_characters_exactly(files: dict[str, str]) -> None:
    """YAML refuses control characters written as they are in a file (tested with the
    hostile inputs) but reads double-quoted escapes, and a raw bidirectional override:
    the edition keeps them all, as written."""
    edition = skullking.load_edition(files["edition"])
    assert edition.title == TITLE and edition.description == DESCRIPTION
    assert next(r.description for r in edition.precedence if r.id == "skull-king") == RULE
    assert next(b.description for b in edition.bonuses if b.id == "standard-14") == BONUS


# (command line, what shows escaped in the output); {edition} and {sheet} are the files.
TEXT_RUNS = [
    (["validate", "{edition}"], ["Ours \\x1b]52;c;ZXZpbA==\\x07 \\x1b[1A\\x1b[2Kfine \\x9b2K\\x0dsecond\\x0aline"]),
    (["explain", "--edition", "{edition}"], ["# Ours \\x1b]52;c;", "\\u202egnp.exe", "each 14 \\x1b[1A\\x1b[2K"]),
    (["trick", "--edition", "{edition}", "SK", "Y3"], ["the Skull King \\x1b]52;c;ZXZpbA==\\x07 wins \\x9b2K"]),
    (["score", "{sheet}"], SHOWN_NAMES),
    (["diff", "skullking-2021", "{edition}", "--sample", "0", "--depth", "2"], ["B = hostile-text: Ours \\x1b]52"]),
    (["compare", "skullking-2021", "{edition}", "--games", "4", "--jobs", "1", "-q"], ["B = hostile-text: Ours \\x1b"]),
    (["simulate", "--edition", "{edition}", "--players", "A\x1b[2K,B\x85b,C", "--seed", "3"], ["A\\x1b[2K", "B\\x85b"]),
    (
        ["simulate", "--edition", "{edition}", "--players", "A\x1b[2K,B\x9b,C", "--games", "3", "--jobs", "1", "-q"],
        ["A\\x1b[2K", "B\\x9b"],
    ),
    (["new", "ours", "--extends", "{edition}", "-o", "-"], ["\\x1b]52;c;ZXZpbA==\\x07"]),
]
TEXT_IDS = ["validate", "explain", "trick", "score", "diff", "compare", "simulate-a-game", "simulate-games", "new"]


@pytest.mark.parametrize(("argv", "shown"), TEXT_RUNS, ids=TEXT_IDS)
def test_text_output_shows_control_characters_as_escapes(
    argv: list[str], shown: list[str], files: dict[str, str]
) -> None:
    """Every text report that quotes a title, a description, a rule's or a bonus's
    description or a player's name writes its control characters as escapes."""
    code, out, err = run(*(a.format(**files) for a in argv))
    assert code == 0, err
    assert raw_controls(out + err) == []
    for text in shown:
        assert text in out


def test_a_newline_in_a_value_makes_no_line_of_its_own(files: dict[str, str]) -> None:
    """Where a value takes one line of the report, a newline or carriage return in it is
    escaped: validate's ok line is one line; and the score table's rows line up with a
    name holding a line break of Unicode's (NEL) shown escaped (a name holds no newline:
    a sheet giving one is refused)."""
    code, out, _ = run("validate", files["edition"])
    assert code == 0
    ok = [line for line in out.splitlines() if line.startswith(f"{files['edition']}: ok (hostile-text: Ours")]
    assert len(ok) == 1 and ok[0].endswith("second\\x0aline)")
    code, out, _ = run("score", files["sheet"])
    assert code == 0
    header, round_1, total = out.splitlines()[:3]
    assert header.split()[2:] == SHOWN_NAMES
    assert len(header) == len(round_1) == len(total)


def test_json_output_keeps_the_exact_strings(files: dict[str, str]) -> None:
    """JSON writes every string exactly (its own escapes read back as the same
    characters), and carries no control character as it is either: C1 controls and
    bidirectional overrides, which JSON would allow, are written as \\u escapes."""
    runs = {
        "explain": ["explain", "--edition", files["edition"]],
        "trick": ["trick", "--edition", files["edition"], "SK", "Y3"],
        "score": ["score", files["sheet"]],
        "diff": ["diff", "skullking-2021", files["edition"], "--sample", "0", "--depth", "2"],
    }
    texts = {name: run(*argv, "--format", "json")[1] for name, argv in runs.items()}
    for name, text in texts.items():
        assert raw_controls(text) == [], name
        assert "\\u009b" in text, name
    explained, trick, score, diff = (json.loads(texts[name]) for name in runs)
    assert explained["markdown"].startswith(f"# {TITLE}\n\n{DESCRIPTION}\n")
    assert BONUS in explained["markdown"]
    assert trick["reason"] == RULE
    assert score["players"] == NAMES and set(score["totals"]) == set(NAMES)
    changes = {c["path"]: (c["a"], c["b"]) for c in diff["changes"]}
    assert changes["precedence[skull-king].description"][1] == RULE
    assert changes["bonuses[standard-14].description"][1] == BONUS


def test_simulate_text_is_still_a_sheet_score_reads(tmp_path: Path) -> None:
    """One simulated game is printed as a score sheet: names holding an escape sequence
    or a line break of Unicode's (NEL) are escaped in its comment lines, and exact in
    the YAML, so that 'score' reads the same names back. A name with a newline is
    refused (exit 2): no sheet or record could name the player."""
    code, out, err = run("simulate", "--players", "A,B\nb", "--seed", "5")
    assert (code, out) == (2, "")
    assert err == "skullking: error: --players: player 'B\\x0ab': a name is one line, with no line break in it\n"
    names = ["A\x1b[2K", "B\x85b", "C\x9b"]
    code, out, err = run("simulate", "--players", ",".join(names), "--seed", "5")
    assert code == 0, err
    assert raw_controls(out) == []
    sheet = tmp_path / "game.yaml"
    sheet.write_text(out, encoding="utf-8")
    assert run_json("score", str(sheet))["players"] == names


def test_new_from_a_base_with_control_characters_writes_a_file_that_loads(files: dict[str, str]) -> None:
    """'new' quotes the base's title in the new file's comments: escaped, since YAML
    allows no control character in a file, not even in a comment."""
    target = Path(files["edition"]).parent / "ours.yaml"
    code, _, err = run("new", "ours", "--extends", files["edition"], "-o", str(target))
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert raw_controls(text) == [] and "Ours \\x1b]52;c;ZXZpbA==\\x07" in text
    code, out, err = run("validate", str(target))
    assert code == 0, out + err
    assert f"{target}: ok (ours: ours (hostile-text with house rules)" in out


@pytest.mark.parametrize(
    ("argv", "exact"),
    [
        (("validate", "gone\x1b[1A\x1b[2K\n.yaml"), "gone\x1b[1A\x1b[2K\n.yaml"),
        (("score", "gone\x1b]52;c;eA==\x07\r.yaml"), "gone\x1b]52;c;eA==\x07\r.yaml"),
        (("trick", "--batch", "gone\x9b2K\n.jsonl"), "gone\x9b2K\n.jsonl"),
        (("explain", "--edition", "gone\u202e\n.yaml"), None),  # quoted as messages quote input: escaped
        (("trick", "Y3", "\x1b[2KY4"), None),
    ],
    ids=["validate", "score", "batch", "explain", "card"],
)
def test_errors_are_one_line_with_the_input_escaped(argv: tuple[str, ...], exact: str | None) -> None:
    """A file name or token holding control characters or a newline: the error is one
    line (on standard error, or validate's report), its controls escaped; with --format
    json a file name the error names is the exact string."""
    code, out, err = run(*argv)
    assert code == 2
    assert raw_controls(out + err) == []
    assert len((out + err).splitlines()) == 1
    assert "gone" in out + err or "\\x1b[2KY4" in err
    code, out, err = run(*argv, "--format", "json")
    assert code == 2 and err == ""
    assert raw_controls(out) == []
    record = json.loads(out)
    if isinstance(record, list):  # validate: its list of problems
        assert record[0]["file"] == exact
    elif exact is not None:
        assert f"'{exact}'" in record["error"]


def _boom(args: Any, out: Any) -> int:
    raise RuntimeError("boom \x1b]52;c;eA==\x07\x1b[1A\x1b[2K\nsecond")


@pytest.mark.parametrize("debug", [False, True])
def test_internal_errors_show_control_characters_escaped(debug: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """An internal error's one line, and the traceback with --debug, escape control
    characters of the exception's text (it may quote input)."""
    monkeypatch.setattr(cli, "COMMANDS", commands_with("editions", _boom))
    code, _, err = run("editions", *(["--debug"] if debug else []))
    assert code == 3
    assert raw_controls(err) == []
    assert "boom \\x1b]52;c;eA==\\x07\\x1b[1A\\x1b[2K second; please report" in err.splitlines()[-1]


def test_text_out_keeps_tabs_and_newlines_and_escapes_the_rest() -> None:
    """The writer of text output: layout (tab, newline) stays; a carriage return, an
    escape, DEL, a C1 control and a bidirectional isolate are escaped, also across
    writelines and in a sequence split over two writes."""
    stream = io.StringIO()
    out = TextOut(stream)
    out.write("a\tb\n\x1b")
    out.writelines(["[2K\r\x7f\x85", "\u2067x\u2069\n"])
    assert stream.getvalue() == "a\tb\n\\x1b[2K\\x0d\\x7f\\x85\\u2067x\\u2069\n"
