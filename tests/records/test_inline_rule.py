"""A game record that carries its house rule inline, each YAML line after '| ', so that
the one file is the whole game and replays with no rule file beside it
(docs/records.md, "A house rule carried inline")."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest

import skullking
from skullking.core.errors import RecordError
from skullking.language.record import parse_record, with_rule, write_record
from skullking.loading.inline import inline_edition
from skullking.play.game import Game
from skullking.play.round import play_randomly
from skullking.tools.cli import main

#: A house rule of the kind the examples hold: a Loot alliance pays 10 to each ally
#: instead of the 2021 rulebook's 20.
RULE = """\
extends: skullking-2021
id: loot-worth-10
title: House rule - Loot alliances worth 10
effects:
  list:
    - id: loot
      points: 10
"""


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _played(rule_file: Path, seed: int = 3) -> Game:
    edition = skullking.load_edition(str(rule_file))
    game = Game(edition, ["Ann", "Bo", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        play_randomly(game.next_round(), rng)
    return game


@pytest.fixture
def rule_file(tmp_path: Path) -> Path:
    path = tmp_path / "rule" / "loot-worth-10.yaml"
    path.parent.mkdir()
    path.write_text(RULE, encoding="utf-8")
    return path


def _inline(game: Game) -> str:
    return write_record(with_rule(game.as_record(), RULE))


def test_an_inline_rule_replays_to_the_scores_the_rule_file_beside_it_gives(rule_file: Path, tmp_path: Path) -> None:
    """The same game, its record naming the rule's file beside it and its record carrying
    the rule inline in a folder of its own, replays to the same scores (JSON) both ways."""
    game = _played(rule_file)
    named = rule_file.parent / "named.skr"
    text = write_record(game.as_record()).replace('[Edition "loot-worth-10"]', '[Edition "loot-worth-10.yaml"]')
    named.write_text(text, encoding="utf-8")
    alone = tmp_path / "alone" / "game.skr"
    alone.parent.mkdir()
    alone.write_text(_inline(game), encoding="utf-8")
    answers = []
    for path in (named, alone):
        code, out, err = _cli("replay", "--format", "json", str(path))
        assert code == 0, err
        answers.append(json.loads(out))
    assert answers[0] == answers[1]
    assert answers[1]["totals"] == game.score().totals


def test_the_inline_rule_is_written_after_the_tags_and_reads_back_the_same() -> None:
    """Canonical form: the rule after the tags and a blank line, each line after '| '
    (an empty YAML line as a bare '|'); reading it and writing it again gives the same
    text, and the rule's YAML comes back as it was."""
    rule = "extends: skullking-2021\n\n# a comment of the rule\nid: x\n"
    text = '[Edition "x"]\n[Players "Ann" "Bo"]\n\n| extends: skullking-2021\n|\n| # a comment of the rule\n| id: x\n'
    record = parse_record(text)
    assert record.games[0].rule_text == rule
    assert write_record(record) == text
    assert write_record(with_rule(parse_record('[Edition "x"]\n[Players "Ann" "Bo"]\n').games[0], rule)) == text


def test_game_from_record_loads_under_the_rule_the_record_carries(rule_file: Path) -> None:
    """Game.from_record(inline_edition(record), record) plays the game under the rule
    the record carries, read from the record alone."""
    game = _played(rule_file)
    record = parse_record(_inline(game)).games[0]
    loaded = Game.from_record(inline_edition(record), record)
    assert loaded.edition.id == "loot-worth-10"
    assert loaded.score().totals == game.score().totals


def test_a_yaml_error_in_the_inline_rule_is_located_at_the_records_line(tmp_path: Path) -> None:
    """A YAML problem of the rule is reported at the record's line of that YAML line and
    its column there, after '| ': the key indented by two spaces under a line of no
    indentation that holds a value starts at line 5, column 5 (its indentation is the
    mistake, and the message says so); exit 2, no traceback."""
    text = '[Edition "x"]\n[Players "Ann" "Bo"]\n\n| extends: skullking-2021\n|   id: x\n| play: 3\n'
    path = tmp_path / "bad.skr"
    path.write_text(text, encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 2
    assert err.startswith(f"{path}:5:5: YAML syntax error: this line is mis-indented: indented by 2 spaces, ")
    assert err.endswith(
        "YAML nests by indenting with spaces, and the keys of one mapping (the items of one list) "
        "start in the same column\n"
    )


def test_an_unknown_key_of_the_inline_rule_is_reported_at_its_line_and_column(tmp_path: Path) -> None:
    """A schema problem (a key no edition has) is reported where the key is written in
    the record: line 5, column 3 (after '| ')."""
    text = '[Edition "x"]\n[Players "Ann" "Bo"]\n\n| extends: skullking-2021\n| colour: red\n'
    with pytest.raises(RecordError) as caught:
        inline_edition(parse_record(text, "game.skr").games[0], file="game.skr")
    assert any((p.file, p.line, p.column) == ("game.skr", 5, 3) for p in caught.value.problems), caught.value.problems


def test_a_record_under_other_rules_than_its_inline_rule_is_refused(rule_file: Path, tmp_path: Path) -> None:
    """The Rules fingerprint is checked against the inline rule as against a named
    edition: the rule changed (alliances worth 5) after the game was written is refused
    at the Rules tag."""
    text = _inline(_played(rule_file)).replace("|       points: 10", "|       points: 5")
    path = tmp_path / "changed.skr"
    path.write_text(text, encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 2
    assert err.startswith(f"{path}:2:2: the record was played under other rules"), err


def test_an_inline_rule_that_extends_a_file_is_refused(tmp_path: Path) -> None:
    """As the score pad's house rules, a rule a record carries may extend a bundled
    edition only: a path is refused at its value (line 4, column 12, after "| extends: ")."""
    shutil.copy(skullking.load_edition("skullking-2021").path, tmp_path / "x.yaml")
    (tmp_path / "in").mkdir()
    text = '[Edition "x"]\n[Players "Ann" "Bo"]\n\n| extends: ../x.yaml\n| id: x\n'
    path = tmp_path / "in" / "game.skr"
    path.write_text(text, encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 2
    assert err.startswith(f"{path}:4:12: extends '../x.yaml'"), err


def test_score_to_record_carries_a_house_rule_file_inline(rule_file: Path, tmp_path: Path) -> None:
    """`score --to-record` of a sheet that names a house rule's file carries the rule
    inline: the record replays alone to the sheet's scores."""
    game = _played(rule_file)
    sheet = rule_file.parent / "game.yaml"
    sheet.write_text(json.dumps({**game.as_sheet(), "edition": "loot-worth-10.yaml"}), encoding="utf-8")
    code, record, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    assert "| extends: skullking-2021" in record.splitlines()
    alone = tmp_path / "alone.skr"
    alone.write_text(record, encoding="utf-8")
    answers = [_cli(*argv, "--format", "json")[1] for argv in (["score", str(sheet)], ["replay", str(alone)])]
    assert json.loads(answers[0])["totals"] == json.loads(answers[1])["totals"]


def test_simulate_records_of_a_house_rule_file_carry_it_inline(rule_file: Path, tmp_path: Path) -> None:
    """`simulate --records` of a house rule's file writes each record with the rule
    inline, so that it replays in a folder without the file."""
    out = tmp_path / "out"
    code, _, err = _cli(
        "simulate", "--edition", str(rule_file), "--games", "1", "--seed", "2", "--out", str(out), "--records"
    )
    assert code == 0, err
    (record,) = out.iterdir()
    assert "| id: loot-worth-10" in record.read_text(encoding="utf-8").splitlines()
    code, _, err = _cli("replay", str(record))
    assert code == 0, err


def test_a_rule_on_a_file_base_is_named_not_carried(tmp_path: Path) -> None:
    """A record carries one rule on a bundled base (or none): `score --to-record` of a
    sheet whose rule extends another file names the edition, as before, rather than
    carry a rule that would not load alone."""
    (tmp_path / "base.yaml").write_text(RULE, encoding="utf-8")
    (tmp_path / "top.yaml").write_text("extends: base.yaml\nid: top\n", encoding="utf-8")
    game = _played(tmp_path / "top.yaml")
    sheet = tmp_path / "game.yaml"
    sheet.write_text(json.dumps({**game.as_sheet(), "edition": "top.yaml"}), encoding="utf-8")
    code, record, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    assert record.startswith('[Edition "top"]') and "\n| " not in record
