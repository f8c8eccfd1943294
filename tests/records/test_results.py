"""Game records whose rounds give their results (tricks won, bonuses, alliances, the
abilities' choices) as a score pad keeps them, instead of their tricks; a last round
being played, written without its ``end``; and the conversions between such records and
score sheets."""

from __future__ import annotations

import functools
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking.core.errors import RecordError
from skullking.language.record import Alliance, Bonus, Extra, Won, parse_record, write_record
from skullking.play.game import Game
from skullking.play.replay import replay_game
from skullking.play.round import play_randomly
from skullking.scoring.sheets.record import sheet_record
from skullking.scoring.sheets.score import score_sheet
from skullking.tools.cli import main

RESULTS = """[Edition "skullking-2021"]
[Players "Ann" "Bo" "Cy"]

round 1 cards 1
  bid Ann 1
  bid Bo 0
  bid Cy 0
  won Ann 1
  won Bo 0
  won Cy 0
end

round 2 cards 2
  bid Ann 1
  bid Bo 1
  bid Cy 0
  won Ann 1
  won Bo 1
  won Cy 0
  bonus Ann black-14
  alliance Cy Bo
  decide Bo rascal wager 10
end

round 3 cards 3
  bid Ann 1
  bid Bo 2
  bid Cy 0
"""


@functools.cache
def _edition(edition_id: str = "skullking-2021") -> skullking.Edition:
    return skullking.load_edition(edition_id)


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _error(text: str) -> tuple[int, str]:
    with pytest.raises(RecordError) as caught:
        replay_game(_edition(), parse_record(text, "game.skr").games[0], file="game.skr")
    (problem,) = caught.value.problems
    assert problem.file == "game.skr"
    return problem.line, problem.message


def _line_of(text: str, pattern: str) -> int:
    return min(i for i, line in enumerate(text.splitlines(), 1) if re.search(pattern, line))


def test_the_results_form_reads_into_its_events_and_writes_back_canonically() -> None:
    """Each result has its own word and frozen event (points outside the rules are not a
    result: a round with its tricks may give them too), the last round may leave out its
    ``end`` (it is being played), and the canonical text reads back to itself."""
    record = parse_record(RESULTS)
    second, third = record.games[0].rounds[1:]
    assert second.results == (
        Won("Ann", 1, 17, 3),
        Won("Bo", 1, 18, 3),
        Won("Cy", 0, 19, 3),
        Bonus("Ann", "black-14", 20, 3),
        Alliance("Cy", "Bo", 21, 3),
    )
    assert second.ended and not third.ended
    assert write_record(record) == RESULTS
    alone = parse_record('[Players "A"]\nround 1 cards 1 extra A -10 end').games[0].rounds[0]
    assert alone.events == (Extra("A", -10, 2, 17),) and alone.results == ()


def test_results_score_as_the_2021_rulebook_says() -> None:
    """Round 2 under the 2021 rulebook: a bid of 1 made is 20, the black 14 captured 20
    more (Ann: 40); Rascal's wager of 10 is won with the bid (Bo: 20 + 10), and a Loot
    alliance whose two players both make their bids gives each 20 (Bo 50; Cy's zero
    bid made in a round of 2 cards is 20, plus 20: 40). Round 3, being played, scores
    nothing yet."""
    score = replay_game(_edition(), parse_record(RESULTS).games[0])
    assert [dict(r.points) for r in score.rounds] == [
        {"Ann": 20, "Bo": 10, "Cy": 10},
        {"Ann": 40, "Bo": 50, "Cy": 40},
    ]
    assert score.in_progress is not None and score.in_progress.bids == {"Ann": 1, "Bo": 2, "Cy": 0}


@pytest.mark.parametrize(
    ("old", "new", "marker", "words"),
    [
        (
            "  won Cy 0\nend",
            "  won Cy 0\n  trick 1: Ann Y7, Bo Y3, Cy G1\nend",
            "won Ann 1",
            "its results and its tricks",
        ),
        ("round 1 cards 1\n", "round 1 cards 1\n  deal Ann Y7\n", "won Ann 1", "its results and its deal"),
        ("  won Bo 0\n", "  won Bo 0\n  won Bo 1\n", "won Bo 1", "Bo's tricks won is given twice"),
        ("bonus Ann black-14", "bonus Ann black-41", "bonus Ann", "black-41"),
        ("alliance Cy Bo", "alliance Cy Dan", "alliance Cy", "Dan"),
        ("  won Bo 0\n", "", "won Ann 1", "'won' lacks Bo"),
        # the 2021 rulebook: no more tricks won than were played
        ("won Ann 1\n  won Bo 0", "won Ann 1\n  won Bo 1", "won Ann 1", "2 tricks won in all, but only 1"),
        ("decide Bo rascal wager 10", "decide Bo rascal wager 15", "decide Bo", "15"),
        ("decide Bo rascal wager 10", "decide Bo rosie choose_leader Ann", "decide Bo", "'rosie' seats a trick"),
        ("bid Bo 2\n  bid Cy 0\n", "bid Bo 2\n  bid Cy 0\n  won Cy 3\n", "won Cy 3", "has no 'end', so it is"),
        ("  decide Bo rascal wager 10\nend\n", "  decide Bo rascal wager 10\n", "round 3", "round 2 has no 'end'"),
        ("  bid Ann 1\n  bid Bo 2\n  bid Cy 0\n", "", "round 3", "round 3 has no 'end'"),
    ],
)
def test_each_problem_of_a_results_round_is_reported_at_its_event(old: str, new: str, marker: str, words: str) -> None:
    """A round gives its whole play or its results, not both; each result is checked as
    a score sheet's round with ``won`` is, and only the last round may be in play. The
    one problem is reported at the event it comes from (the first line ``marker``
    finds)."""
    assert old in RESULTS
    text = RESULTS.replace(old, new, 1)
    line, message = _error(text)
    assert words in message
    assert line == _line_of(text, marker)


def _game(seed: int) -> Game:
    edition = _edition()
    game = Game(edition, [f"P{i}" for i in range(2 + seed % 5)], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_randomly(game.next_round(), rng)
    return game


def _as_results(edition: skullking.Edition, sheet: dict[str, Any], keep: set[int]) -> dict[str, Any]:
    """``sheet`` (whole play in every round) with the rounds not in ``keep`` kept as a
    score pad keeps them: the tricks won, bonuses and alliances the play gave, without
    the play (and so without the leaders chosen, which seat a trick)."""
    score = score_sheet(edition, json.dumps(sheet))
    choosers = {"leader", "tricks", "rosie"}
    rounds = []
    for k, (given, play) in enumerate(zip(sheet["rounds"], score.plays, strict=True)):
        if k in keep or play is None:
            rounds.append(given)
            continue
        kept = {key: value for key, value in given.items() if key not in choosers}
        kept["won"] = dict(play.won)
        if any(play.captures.values()):
            kept["bonuses"] = {p: ids for p, ids in play.captures.items() if ids}
        if play.alliances:
            kept["loot"] = [list(pair) for pair in play.alliances]
        rounds.append(kept)
    return {**sheet, "rounds": rounds}


@pytest.mark.parametrize("seed", range(6))
def test_a_simulated_sheet_of_mixed_rounds_converts_to_a_record_and_back_to_the_same_scores(
    seed: int, tmp_path: Path
) -> None:
    """Sheet -> record -> sheet: a game's sheet with some rounds kept as a score pad keeps
    them (tricks won) and the others with their whole play, the last round in play
    (bids only), is written as a record that replays to the sheet's scores, and whose
    sheet scores the same; the record's text is canonical."""
    edition = _edition()
    game = _game(seed)
    sheet = _as_results(edition, game.as_sheet(), keep={k for k in range(10) if k % 3 == seed % 3})
    last = sheet["rounds"][-1]
    sheet["rounds"][-1] = {"bids": last["bids"], "in_progress": True, **({"cards": last["cards"]})}
    text = json.dumps(sheet)
    expected = score_sheet(edition, text).as_json()
    record = sheet_record(edition, text, file="game.json")
    written = write_record(record)
    assert write_record(parse_record(written)) == written
    assert "won " in written and "trick 1:" in written and not written.rstrip().endswith("end")
    path = tmp_path / "game.skr"
    path.write_text(written, encoding="utf-8")
    code, replayed, err = _cli("replay", "--format", "json", str(path))
    assert code == 0, err
    assert json.loads(replayed) == expected
    code, again, err = _cli("replay", "--to-sheet", str(path))
    assert code == 0, err
    (tmp_path / "again.yaml").write_text(again, encoding="utf-8")
    code, scored, err = _cli("score", "--format", "json", str(tmp_path / "again.yaml"))
    assert code == 0, err
    assert json.loads(scored) == expected


@pytest.mark.parametrize("sheet", sorted(Path("examples/sheets").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_sheet_converts_to_a_record_and_back_to_the_same_scores(sheet: Path, tmp_path: Path) -> None:
    """Sheet -> record -> sheet over the example sheets: ``score --to-record`` writes
    every sheet ``score`` accepts, and the record replays, and converts back, to the
    sheet's scores."""
    code, expected, err = _cli("score", "--format", "json", str(sheet))
    assert code == 0, err
    code, record, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    path = tmp_path / "game.skr"
    path.write_text(record, encoding="utf-8")
    assert _cli("replay", "--format", "json", str(path))[1] == expected
    code, again, err = _cli("replay", "--to-sheet", str(path))
    assert code == 0, err
    (tmp_path / "again.yaml").write_text(again, encoding="utf-8")
    assert _cli("score", "--format", "json", str(tmp_path / "again.yaml"))[1] == expected


def test_a_sheet_round_with_tricks_won_gives_its_results_and_its_choices(tmp_path: Path) -> None:
    """A round with ``won`` is written as its results, with the wagers and bid changes
    as the ``decide`` lines a played round has, and the extra points outside the rules
    its sheet gives; a sheet giving them back has the round as it was."""
    sheet = tmp_path / "pad.yaml"
    sheet.write_text(
        "players: [Ann, Bo]\nrounds:\n"
        "  - bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    bonuses: {Ann: [standard-14]}\n"
        "    wagers: {Ann: 20}\n    harry: {Bo: 1}\n    extra: {Bo: -5}\n",
        encoding="utf-8",
    )
    code, record, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    assert record.split("\n\n")[1] == (
        "round 1 cards 1\n  bid Ann 1\n  bid Bo 0\n  won Ann 1\n  won Bo 0\n  bonus Ann standard-14\n"
        "  decide Ann rascal wager 20\n  decide Bo harry change_bid 1\n  extra Bo -5\nend\n"
    )
    path = tmp_path / "pad.skr"
    path.write_text(record, encoding="utf-8")
    code, again, err = _cli("replay", "--to-sheet", str(path))
    assert code == 0, err
    assert "won: {Ann: 1, Bo: 0}" in again and "harry: {Bo: 1}" in again and "extra: {Bo: -5}" in again
