"""Hostile input: every input of the corpus (tests/helpers/hostile_corpus.py) through
every command that reads a file, each with its exit code and one located message, and
the limits of skullking.core.limits at their edges: at the limit is fine, one past is refused.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import threading
from pathlib import Path

import pytest
from clihelp import run
from hostile_corpus import (
    COMMANDS,
    CORPUS,
    LOCATED,
    RECORDS,
    Hostile,
    HostileRecord,
    argv,
    available,
    expected,
    materialize,
)

import skullking
from skullking.core import limits
from skullking.core.errors import EditionError
from skullking.reading.located import parse_yaml


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder where the large inputs are made (once for the module)."""
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_hostile_input_gets_its_exit_code_and_one_located_message(
    case: Hostile, command: tuple[str, tuple[str, ...], int, str], made: Path
) -> None:
    if not available(case):
        pytest.skip(f"{case.device} is not on this system")
    label, template, code, kind = command
    path = materialize(case, made)
    got, out, err = run(*argv(template, path))
    message = expected(case, label, kind)
    assert got == code, (out, err)
    assert "Traceback" not in out + err
    if kind == "batch":  # one JSON record a line on standard output
        records = [json.loads(line) for line in out.splitlines()]
        assert any(re.search(message, r.get("error", "")) for r in records), out[:500]
        assert err == ""
        return
    lines = (out + err).splitlines()  # validate reports on standard output
    assert lines and any(re.search(message, line) for line in lines), err[:500]
    for line in lines:  # every line names its place, or the command line's token
        assert re.search(LOCATED, line) or line.startswith("skullking: error: "), line[:300]
        assert len(line) < 1_000  # never the input echoed back


def test_the_corpus_covers_every_command_that_reads_a_file() -> None:
    """validate, trick (--edition and --batch), legal, explain, simulate, diff, score."""
    assert {template[0] for _, template, _, _ in COMMANDS} == {
        "validate",
        "trick",
        "legal",
        "explain",
        "simulate",
        "diff",
        "score",
    }


def test_a_batch_keeps_going_after_a_long_line(made: Path) -> None:
    """A line past MAX_BATCH_LINE is refused without being echoed; the lines after it run."""
    case = next(c for c in CORPUS if c.name == "batch-long-line.jsonl")
    code, out, _ = run("trick", "--batch", materialize(case, made))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(records) == 3
    assert records[0]["winner"] == 1 and records[2]["rule"] == "skull-king"
    assert "xxxx" not in records[1]["error"]


def test_a_batch_line_at_the_limit_is_read(tmp_path: Path) -> None:
    """A line of exactly MAX_BATCH_LINE bytes is read (and here, padded with spaces, resolved)."""
    line = '{"cards": ["Y1", "Y2"]}'
    path = tmp_path / "edge.jsonl"
    path.write_text(line + " " * (limits.MAX_BATCH_LINE - len(line)) + "\n" + line + " " * 10_001 + "\n")
    code, out, _ = run("trick", "--batch", str(path))
    first, second = (json.loads(x) for x in out.splitlines())
    assert code == 2 and first["winner"] == 1 and "line longer than 10,000 bytes" in second["error"]


def test_reading_a_fifo_stops_at_the_size_limit(tmp_path: Path) -> None:
    """A pipe that never ends is read up to MAX_FILE_BYTES and one byte more, then refused."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "endless.yaml"
    os.mkfifo(fifo)

    def write() -> None:
        try:
            with open(fifo, "wb") as fh:
                while True:
                    fh.write(b"# more\n" * 10_000)
        except (BrokenPipeError, OSError):
            pass  # the reader stopped: what the test wants

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    code, out, _ = run("validate", str(fifo))
    writer.join(timeout=10)
    assert code == 1 and "the file is larger than 1,000,000 bytes" in out
    assert not writer.is_alive()


@pytest.mark.parametrize(
    ("command", "code", "what"), [("validate", 1, "an edition file"), ("score", 2, "a score sheet")]
)
def test_standard_input_stops_at_the_size_limit(
    monkeypatch: pytest.MonkeyPatch, command: str, code: int, what: str
) -> None:
    big = io.TextIOWrapper(io.BytesIO(b"# padding\n" * 100_001), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", big)
    got, out, err = run(command, "-")
    assert got == code
    assert (out + err) == (
        f"<stdin>:100001:1: the file is larger than 1,000,000 bytes, the most {what} may have; reading stopped here\n"
    )


def test_a_limit_in_json_is_one_located_record() -> None:
    """With --format json the limit is the error record, with its file, line and column."""
    case = next(c for c in CORPUS if c.name == "alias-bomb.yaml")
    path = materialize(case, Path())
    code, out, err = run("trick", "--edition", path, "--format", "json", "Y1", "Y2")
    record = json.loads(out)
    assert code == 2 and err == ""
    assert Path(record["file"]).resolve() == Path(path).resolve()  # as messages name it: from the cwd
    assert (record["line"], record["column"]) == (9, 8)
    assert record["error"].startswith("the document holds more than 100,000 values")


def _problems(text: str) -> list[str]:
    _, problems = parse_yaml(text, "f.yaml")
    return [p.message for p in problems]


def test_aliases_up_to_the_limit_are_fine_one_more_is_refused() -> None:
    """A few anchors and merge keys are a convenience; the 51st alias is refused."""
    at_limit = "x: &x 1\ny: [" + ", ".join(["*x"] * limits.MAX_YAML_ALIASES) + "]\n"
    assert _problems(at_limit) == []
    assert _problems(at_limit.replace("[", "[*x, ")) == [
        "more than 50 aliases ('*x' is one too many): write the values out"
    ]


def test_merge_keys_still_work_within_the_limits(tmp_path: Path) -> None:
    """An overlay may repeat a mapping with an anchor and a merge key (<<)."""
    path = _overlay(tmp_path, "bonuses:\n  black-14: &thirty {points: 30}\n  standard-14: {<<: *thirty}\n")
    edition = skullking.load_edition(path)
    assert {b.id: b.points for b in edition.bonuses}["standard-14"] == 30


def test_nesting_up_to_the_limit_is_fine_one_more_is_refused() -> None:
    depth = limits.MAX_NESTING
    assert _problems("[" * depth + "]" * depth) == []
    assert _problems("[" * (depth + 1) + "]" * (depth + 1)) == ["nested more than 64 levels deep"]


def test_list_items_up_to_the_limit_are_fine_one_more_is_refused() -> None:
    items = limits.MAX_LIST_ITEMS
    assert _problems("[" + "1, " * (items - 1) + "1]") == []
    assert _problems("[" + "1, " * items + "1]") == ["more than 5,000 items in one list"]
    keys = "".join(f"k{i}: 1\n" for i in range(items + 1))
    assert _problems(keys) == ["more than 5,000 keys in one mapping"]


def test_values_counted_with_what_aliases_repeat() -> None:
    """Forty aliases to a list of 5,000 values stand for 200,000 values: refused."""
    text = "a: &a [" + "1, " * 4_999 + "1]\nb: [" + ", ".join(["*a"] * 40) + "]\n"
    assert _problems(text) == ["the document holds more than 100,000 values (counting every value an alias repeats)"]


def _overlay(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "limits.yaml"
    path.write_text(f"extends: skullking-2021\nid: limits\n{body}", encoding="utf-8")
    return path


@pytest.mark.parametrize("length", [limits.MAX_EXPRESSION_CHARS, limits.MAX_EXPRESSION_CHARS + 1])
def test_a_formula_at_the_limit_is_read_one_character_more_is_refused(
    tmp_path: Path, length: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    formula = "10 * round".ljust(length)  # spaces count: the limit is on the text
    cases = "scoring:\n  schemes:\n    classic:\n      cases:\n        zero-made:\n"
    path = _overlay(tmp_path, f'{cases}          points: "{formula}"\n')
    if length == limits.MAX_EXPRESSION_CHARS:
        assert skullking.load_edition(path).id == "limits"
        return
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    assert [str(p) for p in caught.value.problems] == [
        f"limits.yaml:8:19: the formula is {length:,} characters long: the most a formula may have is "
        f"{limits.MAX_EXPRESSION_CHARS:,}"
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            f"players: {{max: {limits.MAX_PLAYERS + 1}}}\n",
            f"limits.yaml:3:16: players.max: {limits.MAX_PLAYERS + 1} is greater than the maximum of "
            f"{limits.MAX_PLAYERS}",
        ),
        (
            "deck:\n  suits:\n    green: {ranks: {from: 0, to: 100}}\n",
            "limits.yaml:5:20: suit 'green' has 101 ranks: the most a suit may have is 100",
        ),
        (  # ten more suits of 100 ranks: more cards than a deck may hold
            "deck:\n  suits:\n"
            + "".join(f"    s{i}: {{code: S{chr(65 + i)}, ranks: {{from: 1, to: 100}}}}\n" for i in range(10)),
            "limits.yaml:14:9: the deck holds more than 1,000 cards, the most a deck may hold",  # at the 10th suit
        ),
    ],
)
def test_edition_sizes_one_past_the_limit_are_refused_where_they_are_set(
    tmp_path: Path, body: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(_overlay(tmp_path, body))
    assert [str(p) for p in caught.value.problems] == [message]


def test_edition_sizes_at_the_limit_are_fine(tmp_path: Path) -> None:
    """The most players (with hands their deck can deal) and a suit of 100 ranks are allowed."""
    most = limits.MAX_PLAYERS
    body = (
        f"players: {{max: {most}}}\nschedule: {{hand_limit: '2'}}\n"
        "deck:\n  suits:\n    green: {ranks: {from: 1, to: 100}}\n"
    )
    edition = skullking.load_edition(_overlay(tmp_path, body))
    assert edition.max_players == most
    assert len(edition.parse_cards("G100 G99")) == 2


def test_a_sheet_of_100_rounds_is_read_101_are_refused(tmp_path: Path) -> None:
    """Round 101 is refused at its place; 100 rounds are read (two players level in every
    round play tie-break rounds, dealt as the schedule's last round, until the sheet ends)."""
    round_ = "  - {bids: {Ann: 0, Bo: 0}, won: {Ann: 0, Bo: 0}}\n"
    path = tmp_path / "rounds.yaml"
    path.write_text("players: [Ann, Bo]\nrounds:\n" + round_ * 101, encoding="utf-8")
    code, _, err = run("score", str(path))
    assert code == 2 and f"{path}:103:5: more than 100 rounds: the most a sheet may hold" in err
    path.write_text("players: [Ann, Bo]\nrounds:\n" + round_ * 100, encoding="utf-8")
    code, out, err = run("score", str(path))
    assert (code, err) == (0, "") and "Tied for first: Ann, Bo" in out


def test_simulate_names_no_more_players_than_the_limit() -> None:
    """`--players 10000000` was ten million names made before the edition refused them."""
    code, _, err = run("simulate", "--players", "10000000")
    assert code == 2 and err == "skullking: error: --players 10000000: no edition is for more than 20 players\n"
    code, _, err = run("simulate", "--players", "9" * 5_000)
    assert code == 2 and "no edition is for more than 20 players" in err and len(err) < 200


@pytest.mark.parametrize("name", [".", "/", ".."])
def test_a_folder_named_as_an_edition_is_said_to_be_a_folder(name: str) -> None:
    """`--edition .` looked for the file '.yaml' and crashed on the empty name; now the
    folder is named as one, and not read."""
    code, _, err = run("trick", "--edition", name, "Y1", "Y2")
    assert code == 2 and err.startswith(f"skullking: error: edition '{name}': a folder, not an edition file")


@pytest.mark.parametrize("sample", ["-1", str(limits.MAX_DIFF_SAMPLE + 1), "99999999999"])
def test_diff_sample_is_bounded(sample: str) -> None:
    """`diff --sample` took any number, and a huge one ran for ever."""
    code, _, err = run("diff", "skullking-2021", "bga", "--sample", sample)
    assert code == 2 and f"--sample {sample}: a number of random tricks from 0 to 1,000,000" in err


@pytest.mark.parametrize("record", RECORDS, ids=[r.name for r in RECORDS])
def test_hostile_record_gets_its_exit_code_and_bounded_messages(record: HostileRecord, made: Path) -> None:
    """A hostile game record at the size limit replays, or is refused with its message:
    each value it echoes cut short, the first 20 problems listed and the rest counted
    (docs/records.md, "Reading a record of many games")."""
    path = made / record.name
    path.write_bytes(record.make)
    code, _, err = run("replay", str(path))
    assert code == record.code, err[-2000:]
    assert re.fullmatch(record.message, err, flags=re.DOTALL) if record.message else err == "", err[-2000:]
    assert all(len(line) < 700 for line in err.splitlines())
