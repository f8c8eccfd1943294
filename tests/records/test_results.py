"""Game records whose rounds give their results (tricks won, bonuses, alliances, the
abilities' choices) as a score pad keeps them, instead of their tricks; a last round
being played, written without its ``end``."""

from __future__ import annotations

import functools
import re

import pytest

import skullking
from skullking.core.errors import RecordError
from skullking.language.record import Alliance, Bonus, Extra, Won, parse_record, write_record
from skullking.play.replay import replay_game

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


def _error(text: str) -> tuple[int, str]:
    with pytest.raises(RecordError) as caught:
        replay_game(_edition(), parse_record(text, "game.skr").games[0], file="game.skr")
    (problem,) = caught.value.problems
    assert problem.file == "game.skr"
    return problem.line, problem.message


def _line_of(text: str, pattern: str) -> int:
    return min(i for i, line in enumerate(text.splitlines(), 1) if re.search(pattern, line))


def test_the_results_form_reads_into_its_events_and_writes_back_canonically() -> None:
    """Each result has its own word and frozen event, the last round may leave out its
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
    assert parse_record('[Players "A"]\nround 1 cards 1 extra A -10 end').games[0].rounds[0].results == (
        Extra("A", -10, 2, 17),
    )


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
