"""Outputs that are data for another program are written exact, in their own format's
escapes: a game record (``score --to-record``), a score sheet (``replay --to-sheet``) and
vector files (``vectors`` without ``--out``); only text for a person is escaped
(docs/cli/index.md, "Output"). A player's name with a line break is refused where the
sheet gives it, as the score pad refuses it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skullking.scoring.sheets.score import sheet_text
from skullking.tools.cli import main

#: Characters a terminal obeys or that show text in another order, which text output
#: escapes and data keeps: a bidi isolate and its end, an override, DEL, C1 controls (the
#: next line, the control sequence introducer), the line and paragraph separators.
HOSTILE = ["\u2066", "\u2069", "\u202e", "\x7f", "\x85", "\x9b", "\u2028", "\u2029", "\x1b"]


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _sheet(names: list[str]) -> dict[str, object]:
    """One round of one card: the first player bids 1 and wins the trick, the others bid
    0 and win none."""
    bids = {n: int(i == 0) for i, n in enumerate(names)}
    return {"players": names, "rounds": [{"cards": 1, "bids": bids, "won": dict(bids)}]}


def _round_trip(names: list[str], folder: Path) -> tuple[list[str], dict[str, int]]:
    """The names and totals of the sheet that ``replay --to-sheet`` writes from the record
    that ``score --to-record`` writes from a sheet of ``names``."""
    sheet = folder / "sheet.yaml"
    sheet.write_text(sheet_text(_sheet(names)), encoding="utf-8")
    code, record, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    path = folder / "game.skr"
    path.write_text(record, encoding="utf-8")
    code, back, err = _cli("replay", "--to-sheet", str(path))
    assert code == 0, err
    again = folder / "again.yaml"
    again.write_text(back, encoding="utf-8")
    code, scored, err = _cli("score", "--format", "json", str(again))
    assert code == 0, err
    return yaml.safe_load(back)["players"], json.loads(scored)["totals"]


def test_names_with_controls_survive_sheet_record_sheet(tmp_path: Path) -> None:
    """Names holding a bidi isolate, DEL, a C1 control and an override come back from
    sheet -> record -> sheet as they were, scoring as the 2021 rulebook has it: the bid
    of 1 made in a round of one card scores 20, each zero bid made 10."""
    names = ["A\u2066nn\u2069", "De\x7fl", "C\x9bcy", "R\u202eev", "N\x85el"]
    back, totals = _round_trip(names, tmp_path)
    assert back == names
    assert totals == {names[0]: 20, **dict.fromkeys(names[1:], 10)}


def test_replay_to_sheet_keeps_a_name_with_an_override(tmp_path: Path) -> None:
    """``replay --to-sheet`` of a record whose player is named with U+202E writes the
    name itself (not its escape, which would name another player)."""
    path = tmp_path / "game.skr"
    path.write_text('[Players "Ann" "R\u202eev"]\nround 1 cards 1\n  bid Ann 0\n  bid "R\u202eev" 1\n', "utf-8")
    code, out, err = _cli("replay", "--to-sheet", str(path))
    assert code == 0, err
    assert yaml.safe_load(out)["players"] == ["Ann", "R\u202eev"]


def test_a_name_with_a_line_break_is_refused_at_its_line(tmp_path: Path) -> None:
    """A sheet naming a player with a line break is refused where the name is, with
    exit 2, by ``score`` and ``score --to-record`` alike (a record, one event a line,
    cannot name such a player; the score pad refuses the name too)."""
    path = tmp_path / "sheet.yaml"
    path.write_text('players: [Ann, "B\\no"]\nrounds: []\n', encoding="utf-8")
    for argv in (["score"], ["score", "--to-record"]):
        code, out, err = _cli(*argv, str(path))
        assert (code, out) == (2, "")
        assert err == f"{path}:1:16: player 'B\\x0ao': a name is one line, with no line break in it\n"


def test_vectors_on_standard_output_are_json_and_what_out_writes(tmp_path: Path) -> None:
    """``vectors FILE`` prints valid JSON when the edition's text holds C1 controls and
    an override, each written as a JSON escape (never as it is, which a terminal would
    obey), and its files are those ``--out`` writes: the same documents, each line of
    a list (a vector, the sources) the same bytes."""
    rule = tmp_path / "c1.yaml"
    rule.write_text('extends: skullking-2021\nid: c1\nsources: ["the \\x9b book", "R\\u202eev", "N\\x85L"]\n', "utf-8")
    code, out, err = _cli("vectors", str(rule))
    assert code == 0, err
    printed = json.loads(out)
    assert printed["files"][0]["sources"] == ["the \x9b book", "R\u202eev", "N\x85L"]
    assert not set(HOSTILE).intersection(out) and "\\u009b" in out
    code, _, err = _cli("vectors", str(rule), "--out", str(tmp_path / "out"))
    assert code == 0, err
    for document in printed["files"]:
        written = (tmp_path / "out" / f"{document['kind']}.json").read_text(encoding="utf-8")
        assert json.loads(written) == document
        printed_lines = {line.strip() for line in out.splitlines()}
        assert all(line.strip() in printed_lines for line in written.splitlines() if "[" in line)


#: Names as players give them: letters of several scripts, digits, spaces and the record's
#: own words and marks, and the characters text output escapes (never a line break).
_NAME = st.text(
    alphabet=st.one_of(
        st.sampled_from([*HOSTILE, " ", '"', "\\", "#", "[", "]", ",", ":", "?", "|", "é", "字", "\U0001f3f4"]),
        st.characters(exclude_categories=["Cs"], exclude_characters="\n\r"),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_NAME, min_size=2, max_size=6, unique=True))
def test_any_names_round_trip_sheet_record_sheet(tmp_path: Path, names: list[str]) -> None:
    """Property: any names of two to six players, each holding no line break, come back
    from sheet -> record -> sheet the same, in the same seats, with the same scores (the
    2021 rulebook: the bid of 1 made in a round of one card, 20; each zero bid made, 10)."""
    back, totals = _round_trip(names, tmp_path)
    assert back == names
    assert totals == {names[0]: 20, **dict.fromkeys(names[1:], 10)}


def test_simulate_writes_its_sheet_and_csv_as_data() -> None:
    """One simulated game is a score sheet that names players holding an override, an
    isolate, DEL or NEL exactly, in YAML's own escapes (no such character as it is);
    ``--format csv`` writes the names as they are, as CSV has no escapes."""
    names = ["Ann", "R\u202eev", "C\u2066x", "D\x7fe", "N\x85l"]
    code, out, err = _cli("simulate", "--players", ",".join(names), "--seed", "3")
    assert code == 0, err
    assert yaml.safe_load(out)["players"] == names
    assert not set(HOSTILE).intersection(out)
    code, out, err = _cli("simulate", "--players", ",".join(names), "--games", "2", "--jobs", "1", "--format", "csv")
    assert code == 0, err
    assert [row.split(",")[1] for row in out.split("\n")[1:-1]] == names
