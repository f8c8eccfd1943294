"""A record of many games costs what its games cost one by one: each distinct house rule
carried inline is checked once, games are read as they are replayed, a record holds at
most MAX_RECORD_GAMES games, and its errors are bounded: every value they echo
shortened, the first problems listed and the rest counted (docs/records.md, "Reading
a record of many games"; docs/house-rules/limits.md)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from skullking.core.errors import PROBLEMS_AT_MOST, RecordError
from skullking.core.limits import MAX_RECORD_GAMES, MAX_RECORD_WORDS
from skullking.language.record import iter_games, parse_record
from skullking.loading import inline, loader
from skullking.tools.cli import main

#: A house rule: a Loot alliance pays 10 to each ally instead of the 2021 rulebook's 20.
RULE = (
    "extends: skullking-2021\nid: loot-worth-10\ntitle: Loot worth 10\n"
    "effects:\n  list:\n    - {id: loot, points: 10}\n"
)

#: A round of a score pad: Ann bids 1 and wins the one trick (20 points under the 2021
#: rulebook), Bo bids 0 and wins none (10 points for one card).
ROUND = "round 1 cards 1\n  bid Ann 1\n  bid Bo 0\n  won Ann 1\n  won Bo 0\nend\n"


def _game(rule: str | None = RULE) -> str:
    carried = "".join(f"| {line}\n" for line in rule.splitlines()) if rule else ""
    edition = "loot-worth-10" if rule else "skullking-2021"
    return f'[Edition "{edition}"]\n[Players "Ann" "Bo"]\n{carried}{ROUND}'


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of the house rules the loader checks for the games that carry them
    (:func:`~skullking.loading.inline.inline_edition`), one an entry, from now on."""
    checked: list[str] = []
    real = loader.check_house_rule

    def check(text: str, **options: Any) -> Any:
        checked.append(text)
        return real(text, **options)

    monkeypatch.setattr(inline, "check_house_rule", check)
    return checked


def test_a_rule_carried_by_every_game_is_checked_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Forty games carrying the same house rule inline: the rule is checked once, and
    every game scores under it (the 2021 rulebook: Ann's bid of 1 made, 20; Bo's zero
    made with one card, 10)."""
    checked = _counting(monkeypatch)
    path = tmp_path / "night.skr"
    path.write_text("\n".join([_game()] * 40), encoding="utf-8")
    code, out, err = _cli("replay", "--format", "json", str(path))
    assert code == 0, err
    assert checked == [RULE]
    answers = json.loads(out)
    assert len(answers) == 40 and {json.dumps(a["totals"]) for a in answers} == {'{"Ann": 20, "Bo": 10}'}


def test_two_distinct_rules_are_checked_once_each(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Games alternating two house rules: each rule's text is checked once, in the order
    the games first carry it."""
    other = RULE.replace("points: 10", "points: 30")
    checked = _counting(monkeypatch)
    path = tmp_path / "two.skr"
    path.write_text("\n".join([_game(), _game(other)] * 5), encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 0, err
    assert checked == [RULE, other]


def test_games_are_read_one_at_a_time() -> None:
    """The first game of a record is given before the text of the second is read: a
    record whose second game does not parse gives its first, then the problem at the
    second's line."""
    text = _game(None) + "\n" + '[Players "Ann" "Bo"]\nround 1 cards\n  bid Ann 1\nend\n'
    games = iter_games(text, "two.skr")
    first = next(games)
    assert first.players == ("Ann", "Bo") and first.line == 1
    with pytest.raises(RecordError) as caught:
        next(games)
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (12, 3)  # 'bid' where the cards dealt belong
    assert "unexpected 'bid': expected a whole number" in problem.message


def test_games_read_one_at_a_time_keep_their_places() -> None:
    """Each game of a record read piece by piece is at the line it is written on, and
    is the game the whole record reads: the games of three score pads, the third after
    a comment and a blank line."""
    text = _game(None) + _game(None) + "# the third game\n\n" + _game(None)
    games = parse_record(text).games
    assert [g.line for g in games] == [1, 9, 19]
    assert [r.line for g in games for r in g.rounds] == [3, 11, 21]
    assert [e.line for e in games[2].rounds[0].events] == [22, 23, 24, 25]


def test_a_tag_after_a_quoted_name_stays_in_its_game() -> None:
    """A line with a quoted text, a comment or a tag before a '[' keeps the '[' in the
    game it is read with: a tag on the line after another tag, or after a comment,
    belongs to the same game's header."""
    text = '[Edition "skullking-2021"]  # a comment\n[Players "Ann" "Bo"]\n[Date "2026-12-06"]\n' + ROUND
    (game,) = parse_record(text).games
    assert game.players == ("Ann", "Bo") and game.tag("Date") is not None


def test_a_record_holds_at_most_max_record_games(tmp_path: Path) -> None:
    """A record of MAX_RECORD_GAMES games replays; one more game is refused at its line,
    with exit 2 (docs/house-rules/limits.md)."""
    game = '[Players "Ann" "Bo"]\nround 1 cards 1 bid Ann 0 bid Bo 0\n'
    path = tmp_path / "many.skr"
    path.write_text(game * MAX_RECORD_GAMES, encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 0, err
    path.write_text(game * (MAX_RECORD_GAMES + 1), encoding="utf-8")
    code, out, err = _cli("replay", str(path))
    assert code == 2 and out == ""
    assert err == f"{path}:{2 * MAX_RECORD_GAMES + 1}:1: a record holds at most 1,000 games: this is game 1,001\n"


def _unseen_deal(cards: int) -> str:
    """A game whose one round deals A ``cards`` unseen cards: 11 words before them (the
    header's '[', 'Players', two names and ']'; 'round 1 cards 1'; 'deal A')."""
    return '[Players "A" "B"]\nround 1 cards 1\n  deal A ' + "? " * cards + "\n"


def test_a_record_holds_at_most_max_record_words() -> None:
    """The words of a record are counted over all its games (docs/house-rules/limits.md:
    a record holds at most MAX_RECORD_WORDS words, each card, name, number, keyword and
    mark one): two games of MAX_RECORD_WORDS words in all are read whole; one card more,
    and the reading stops at it, on the second game's third line, once the first game
    has been given."""
    first = 60_000
    second = MAX_RECORD_WORDS - 2 * 11 - first
    games = list(iter_games(_unseen_deal(first) + _unseen_deal(second), "big.skr"))
    assert [len(g.rounds[0].deals[0].cards) for g in games] == [first, second]
    read = iter_games(_unseen_deal(first) + _unseen_deal(second + 1), "big.skr")
    assert len(next(read).rounds[0].deals[0].cards) == first
    with pytest.raises(RecordError) as caught:
        next(read)
    # (card k of a deal line is at column 10 + 2 (k - 1))
    assert str(caught.value) == (
        f"big.skr:6:{10 + 2 * second}: a record holds at most 100,000 words: this is word 100,001"
    )


def test_a_huge_rules_tag_is_echoed_short(tmp_path: Path) -> None:
    """A Rules tag of 900,000 characters that is no fingerprint of the edition is
    refused in one line that quotes its first 100 characters (more than a fingerprint
    has) and counts the rest."""
    path = tmp_path / "huge.skr"
    path.write_text(f'[Edition "skullking-2021"]\n[Rules "{"a" * 900_000}"]\n[Players "Ann" "Bo"]\n', "utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 2
    assert err.count("\n") == 1 and len(err) < 500
    assert f"(its Rules '{'a' * 100}... (900000 characters)', the edition's '" in err


def test_twenty_thousand_rounds_without_end_give_the_first_problems_and_a_count(tmp_path: Path) -> None:
    """20,000 rounds without their 'end': the first 20 problems, each at its round,
    then one line counting the 19,979 others; JSON lists the same 20 and the count."""
    path = tmp_path / "no-end.skr"
    rounds = "".join(f"round {n} cards 1\n" for n in range(1, 20_001))
    path.write_text('[Edition "skullking-2021"]\n[Players "Ann" "Bo"]\n' + rounds, encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    lines = err.splitlines()
    assert code == 2 and len(lines) == PROBLEMS_AT_MOST + 1
    first = "round 1 has no 'end' before round 2 begins (only the record's last round may be being played)"
    assert lines[0] == f"{path}:4:1: {first}"
    assert lines[-1] == "skullking: and 19,979 more problems (the first 20 are shown)"
    code, out, _ = _cli("replay", "--format", "json", str(path))
    answer = json.loads(out)
    assert code == 2 and len(answer["problems"]) == PROBLEMS_AT_MOST and answer["more_problems"] == 19_979


@pytest.mark.parametrize(
    "event",
    ["bid {name} 1", "trick 1: {name} Y7, Bo Y3", "decide Ann rascal {name} 10", "alliance Ann {name}"],
)
def test_a_huge_value_in_an_event_is_echoed_short(tmp_path: Path, event: str) -> None:
    """A name or a word of 900,000 characters where the record's rules refuse it: each
    line of the error is short, the value cut (every message about a record quotes at
    most a few hundred characters of it)."""
    path = tmp_path / "huge.skr"
    line = event.format(name="x" * 900_000)
    path.write_text(f'[Players "Ann" "Bo"]\nround 1 cards 1\n  {line}\nend\n', encoding="utf-8")
    code, _, err = _cli("replay", str(path))
    assert code == 2
    assert err and all(len(line) < 700 for line in err.splitlines()), err[:1000]
    assert "x" * 201 not in err
