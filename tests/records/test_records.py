"""Game records: read, written in their canonical form, and replayed move by move under
their edition (docs/records.md)."""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roundtrips import without_deal

import skullking
from skullking.core.errors import RecordError
from skullking.core.resources import bundled_edition_files, earlier_fingerprints
from skullking.edition import Edition
from skullking.language.expr import compile_expression
from skullking.language.record import Decide, GameRecord, parse_record, write_record
from skullking.play.game import Game
from skullking.play.replay import replay_game
from skullking.play.round import play_randomly
from skullking.scoring.sheets.record import sheet_record
from skullking.tools.cli import main


@functools.cache
def _edition(edition_id: str) -> skullking.Edition:
    return skullking.load_edition(edition_id)


def _game(edition_id: str, seed: int, schedule: str | None = None) -> Game:
    """A game of ``edition_id`` played out at random, between as many players as the
    seed picks among those the edition allows."""
    ed = _edition(edition_id)
    count = ed.min_players + seed % (ed.max_players - ed.min_players + 1)
    game = Game(ed, [f"P{i}" for i in range(count)], seed=seed, schedule=schedule)
    rng = random.Random(seed)
    while not game.over:
        play_randomly(game.next_round(), rng)
    return game


def _an_exchange(event: object) -> bool:
    return isinstance(event, Decide) and event.kind == "exchange"


def _without_exchanges(game: GameRecord) -> GameRecord:
    rounds = tuple(
        dataclasses.replace(
            r, events=tuple(e for e in r.events if not (isinstance(e, Decide) and e.kind == "exchange"))
        )
        for r in game.rounds
    )
    return dataclasses.replace(game, rounds=rounds)


@pytest.mark.parametrize("edition_id", sorted(bundled_edition_files()))
def test_a_played_game_replays_from_its_record_to_the_same_scores(edition_id: str) -> None:
    """Every move a game made, written as its record and read back, replays through the
    edition's own rounds to the scores the game gave; the record's text is canonical
    (written again, it is the same text); without the deal, the tricks alone give the
    same scores too, as a score sheet with the whole play does."""
    for seed in range(25):
        game = _game(edition_id, seed)
        text = write_record(game.as_record())
        record = parse_record(text)
        assert write_record(record) == text
        assert replay_game(game.edition, record.games[0]).totals == game.score().totals
        if seed % 4 == 0:
            without = without_deal(record.games[0])
            assert replay_game(game.edition, without).totals == game.score().totals
            # the game's score sheet gives the same record, less what a sheet does not
            # hold: the deal and the cards an exchange discarded
            from_sheet = sheet_record(game.edition, json.dumps(game.as_sheet()), file="game.json")
            assert write_record(from_sheet) == write_record(_without_exchanges(without))


def _record_with(kind: str) -> str:
    """The record of a game of the 2021 edition in which a decision of ``kind`` is taken."""
    for seed in range(400):
        game = _game("skullking-2021", seed)
        text = write_record(game.as_record())
        if f" {kind}" in text:
            return text
    raise AssertionError(f"no game with {kind}")  # pragma: no cover


def _replay(text: str) -> skullking.Edition:
    record = parse_record(text, "game.skr")
    return replay_game(_edition("skullking-2021"), record.games[0], file="game.skr")  # type: ignore[return-value]


def _error(text: str) -> tuple[int, int, str]:
    with pytest.raises(RecordError) as caught:
        _replay(text)
    (problem,) = caught.value.problems
    assert problem.file == "game.skr"
    return problem.line, problem.column, problem.message


def _line_of(text: str, pattern: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if re.search(pattern, line))


SMALL = """[Edition "skullking-2021"]
[Players "Ann" "Bo" "Cy"]
[Schedule "past-your-bedtime"]

round 1 cards 1 leader Ann
  deal Ann Y7
  deal Bo Y3
  deal Cy G1
  bid Ann 1
  bid Bo 0
  bid Cy 0
  trick 1: Ann Y7, Bo Y3, Cy G1
end
"""


def test_a_won_bid_and_two_made_zero_bids_score_as_the_2021_rulebook_says() -> None:
    """The 2021 rulebook: a bid of one made scores 20, a bid of zero made scores 10 per
    card dealt (one card: 10)."""
    score = _replay(SMALL)
    assert dict(score.totals) == {"Ann": 20, "Bo": 10, "Cy": 10}  # type: ignore[attr-defined]


def test_comments_and_free_layout_read_as_the_canonical_form() -> None:
    """Comments ('#' to the end of a line), line breaks and spaces do not matter: any
    layout of the events reads as the same record, whose canonical text is the one above."""
    loose = SMALL.replace("\n  ", "  # a comment\n    ").replace("Y7, Bo", "Y7 ,Bo")
    loose = loose.replace("bid Bo 0\n", "bid   Bo   0 ").replace(
        '[Players "Ann" "Bo" "Cy"]', '[Players "Ann"  "Bo"\n"Cy"]'
    )
    assert write_record(parse_record(loose)) == SMALL


def test_names_that_are_not_one_plain_word_are_quoted_and_read_back() -> None:
    text = SMALL.replace("Ann", '"Ann Marie"').replace('""Ann Marie""', '"Ann Marie"')
    text = text.replace('[Players ""Ann Marie""', '[Players "Ann Marie"')
    record = parse_record(text)
    assert record.games[0].players[0] == "Ann Marie"
    assert write_record(record) == text


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        ("round 1 cards 1 leader Ann\n", "round 1"),
        ("bid Bo 0", "bid Bo"),
        ("trick 1: Ann Y7, Bo Y3, Cy G1", "trick 1: Ann Y7, Bo Y3, Cy G1 Ann"),
        ("end\n", "end ]"),
    ],
)
def test_a_syntax_error_is_one_located_line(broken: str, expected: str) -> None:
    text = SMALL.replace(broken, expected)
    with pytest.raises(RecordError) as caught:
        parse_record(text, "game.skr")
    (problem,) = caught.value.problems
    assert problem.line >= 1 and problem.column >= 1
    assert str(problem).startswith(f"game.skr:{problem.line}:{problem.column}: ")
    assert "\n" not in str(problem)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("bid Ann 1", "bid Ann one", "Ann's bid 'one' is not a whole number"),
        ("bid Ann 1", "bid Ann 12345678901", "Ann's bid '12345678901' is too large"),
        ("round 1 cards 1", "round 1 cards 12345678901", "the cards dealt '12345678901' is too large"),
    ],
)
def test_a_number_that_is_not_one_is_reported_where_it_is_written(old: str, new: str, words: str) -> None:
    text = SMALL.replace(old, new)
    with pytest.raises(RecordError) as caught:
        parse_record(text, "game.skr")
    (problem,) = caught.value.problems
    assert problem.message == words
    line = text.splitlines()[problem.line - 1]
    assert line[problem.column - 1 :].startswith(new.rsplit(maxsplit=1)[-1])


def test_a_hand_larger_than_the_schedule_deals_is_refused_at_its_deal() -> None:
    """The schedule deals one card in round 1: a record that deals two is refused."""
    text = SMALL.replace("deal Ann Y7", "deal Ann Y7 Y9")
    line, _, message = _error(text)
    assert "has 2 cards, but 1 are dealt" in message and line == _line_of(text, "deal Ann")


def test_a_record_under_other_rules_is_refused_at_its_fingerprint() -> None:
    """A record keeps the fingerprint of the rules it was played under: replayed under an
    edition whose rules have changed since, it is refused, not scored by other rules."""
    good = SMALL.replace("[Players", f'[Rules "{_edition("skullking-2021").fingerprint()}"]\n[Players')
    assert dict(_replay(good).totals)["Ann"] == 20  # type: ignore[attr-defined]
    line, _, message = _error(good.replace('[Rules "', '[Rules "0'))
    assert line == 2 and "other rules" in message


def test_every_decision_kind_is_written_and_a_wrong_answer_is_refused() -> None:
    """Rosie's chosen leader, Harry's bid change, Rascal's wager: each decision is an
    event after the trick that asked for it; an answer the ability does not allow, or
    a decision the round does not wait for, is refused at the event."""
    text = _record_with("choose_leader")
    line_no = _line_of(text, "choose_leader")
    line = text.splitlines()[line_no - 1]
    changed = line.rsplit(" ", 1)[0] + " Nobody"
    got_line, _, message = _error(text.replace(line + "\n", changed + "\n"))
    assert got_line == line_no and "not one of" in message
    got_line, _, message = _error(text.replace(line + "\n", line + "\n" + line + "\n", 1))
    assert got_line == line_no + 1 and "no decision is pending" in message
    text = _record_with("change_bid")
    line_no = _line_of(text, "change_bid")
    line = text.splitlines()[line_no - 1]
    got_line, _, message = _error(text.replace(line + "\n", line.replace("change_bid", "wager") + "\n"))
    assert got_line == line_no and "decision now is change_bid" in message


def test_the_ghost_hands_cards_are_checked_against_its_pile() -> None:
    """The 2021 rulebook's two-player game: the ghost hand turns over the top card of its
    pile when its turn comes; the record says which, and must say it right."""
    game = _game("skullking-2021", 0)
    assert len(game.players) == 2
    text = write_record(game.as_record())
    ghost = game.rounds[0].ghost_name
    assert ghost is not None
    first = next(p for p in game.rounds[0].tricks[0].players)
    line_no = _line_of(text, "trick 1:")
    line = text.splitlines()[line_no - 1]
    card = re.search(rf"{ghost} (\S+?)(,|$)", line)
    assert card is not None and first is not None
    other = "E" if card.group(1) != "E" else "SK"
    _, _, message = _error(text.replace(line, line.replace(f"{ghost} {card.group(1)}", f"{ghost} {other}")))
    assert f"{ghost} turns over" in message or "turn" in message


def test_the_replay_command_prints_what_score_prints(tmp_path: Path) -> None:
    """``skullking replay`` answers as ``skullking score`` does for the sheet of the same
    game: the same table, the same JSON."""
    game = _game("skullking-2021", 5, schedule="past-your-bedtime")
    record, sheet = tmp_path / "game.skr", tmp_path / "game.yaml"
    record.write_text(write_record(game.as_record()), encoding="utf-8")
    sheet.write_text(json.dumps(game.as_sheet()), encoding="utf-8")
    for options in ([], ["--format", "json"]):
        answers = []
        for argv in (["replay", str(record)], ["score", str(sheet)]):
            out, err = io.StringIO(), io.StringIO()
            assert main([*argv, *options], out=out, err=err) == 0, err.getvalue()
            answers.append(out.getvalue())
        assert answers[0] == answers[1]


def test_the_replay_command_reports_bad_input_as_other_commands_do(tmp_path: Path) -> None:
    """Bad input: exit 2, one located line (or one JSON record with --format json)."""
    record = tmp_path / "game.skr"
    record.write_text(SMALL.replace("bid Ann 1", "bid Ann 7"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(record)], out=out, err=err) == 2
    assert err.getvalue().startswith(f"{record}:{_line_of(SMALL, 'bid Ann')}:3: ")
    out = io.StringIO()
    assert main(["replay", "--format", "json", str(record)], out=out, err=io.StringIO()) == 2
    assert json.loads(out.getvalue())["line"] == _line_of(SMALL, "bid Ann")
    empty = tmp_path / "empty.skr"
    empty.write_text("# nothing\n", encoding="utf-8")
    err = io.StringIO()
    assert main(["replay", str(empty)], out=io.StringIO(), err=err) == 2
    assert "holds no game" in err.getvalue()
    assert main(["replay", str(tmp_path / "missing.skr")], out=io.StringIO(), err=io.StringIO()) == 2


@functools.cache
def _base() -> tuple[str, dict[str, int]]:
    game = _game("skullking-2021", 11)
    text = write_record(game.as_record())
    return text, dict(game.score().totals)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_record_gives_a_located_error_or_a_score_never_a_traceback(data: st.DataObject) -> None:
    """A record with an event dropped, doubled or moved, or a card or bid changed, is
    refused at a line of its text, or replayed. A dropped or doubled line that is not
    refused gives the game's own scores (it was a line that changes nothing: a blank
    line, a header tag given again or left at its default); a moved line or a changed
    value may make another legal game (the same player's bids of two rounds swapped)."""
    text, totals = _base()
    lines = text.splitlines(keepends=True)
    how = data.draw(st.sampled_from(["drop", "double", "swap", "card", "bid"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, len(lines) - 1))
    if how == "drop":
        del lines[i]
    elif how == "double":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "card":
        cards = list(re.finditer(r"(?<=[ ,])([A-Z]+[0-9]*(:[A-Z]+)?)(?=,|\n)", lines[i]))
        if cards:
            found = data.draw(st.sampled_from(cards))
            new = data.draw(st.sampled_from(["Y1", "G14", "SK", "TIG:E", "E", "KRAKEN", "Q9"]))
            lines[i] = lines[i][: found.start()] + new + lines[i][found.end() :]
    else:
        lines[i] = re.sub(r"^(  bid \S+ )\d+", lambda m: m.group(1) + str(data.draw(st.integers(-1, 12))), lines[i])
    mutated = "".join(lines)
    try:
        record = parse_record(mutated, "game.skr")
        scores = [replay_game(_edition("skullking-2021"), g, file="game.skr").totals for g in record.games]
    except RecordError as exc:
        for problem in exc.problems:
            assert problem.file == "game.skr" and 1 <= problem.line <= mutated.count("\n") + 1
        return
    if how in ("drop", "double") and len(scores) == 1:
        assert dict(scores[0]) == totals


def test_the_fingerprint_is_of_the_rules_not_of_where_the_file_lies_or_its_comments(tmp_path: Path) -> None:
    """A copy of an edition's file read under another name, with a comment added, has
    the same fingerprint; a change to one of its rules gives another."""
    bundled = bundled_edition_files()["skullking-2021"].read_text(encoding="utf-8")
    copy = tmp_path / "copy.yaml"
    copy.write_text("# a copy, read under another name\n" + bundled, encoding="utf-8")
    assert skullking.load_edition(str(copy)).fingerprint() == _edition("skullking-2021").fingerprint()
    changed = tmp_path / "changed.yaml"
    changed.write_text(bundled.replace("points: 10 * cards", "points: 11 * cards", 1), encoding="utf-8")
    assert "points: 11 * cards" in changed.read_text(encoding="utf-8")
    assert skullking.load_edition(str(changed)).fingerprint() != _edition("skullking-2021").fingerprint()


#: The 2021 edition's fingerprint as records carry it (the Rules tag of
#: examples/records/three-rounds.skr): a rule the model gains later keeps it.
ROOT = Path(__file__).resolve().parents[2]
FINGERPRINT_2021 = "5d9986e6c00e1871adbd200af7bcc4a6ee78f07314cf70967bcc589c18f7efeb"


def test_a_rule_added_later_counts_in_the_fingerprint_only_where_set(tmp_path: Path) -> None:
    """Records played before a tie-break round's dealer and leader were rules
    (``scoring.extra_round_dealer``, ``extra_round_leader``) replay: an edition that
    leaves them unsaid keeps the fingerprint it had; setting one is a change of rule."""
    record = (ROOT / "examples" / "records" / "three-rounds.skr").read_text(encoding="utf-8")
    assert FINGERPRINT_2021 in record
    assert _edition("skullking-2021").fingerprint() == FINGERPRINT_2021
    for body in ("scoring: {extra_round_dealer: 0}\n", "scoring: {extra_round_leader: dealer}\n"):
        house = tmp_path / "house.yaml"
        house.write_text(f"extends: skullking-2021\nid: house\n{body}", encoding="utf-8")
        assert skullking.load_edition(str(house)).fingerprint() != FINGERPRINT_2021


def test_a_rule_added_to_the_model_later_keeps_the_fingerprint_at_its_default(tmp_path: Path) -> None:
    """Who a trick nobody wins counts for (``counts_for``) came after records carried
    fingerprints: left at its default (nobody), the 2021 edition's fingerprint is the one
    the example record was written with, and so is that of an overlay that writes the
    default; a house rule that counts the Kraken's trick for somebody has another."""
    record = (Path(__file__).resolve().parents[2] / "examples" / "records" / "three-rounds.skr").read_text("utf-8")
    tag = re.search(r'\[Rules "([0-9a-f]{64})"\]', record)
    assert tag is not None
    assert _edition("skullking-2021").fingerprint() == tag.group(1)
    nobody = tmp_path / "nobody.yaml"
    nobody.write_text(
        "extends: skullking-2021\nid: nobody\neffects: {list: {kraken: {counts_for: [nobody]}}}\n", encoding="utf-8"
    )
    assert skullking.load_edition(nobody).fingerprint() == tag.group(1)
    house = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "kraken-trick-counts.yaml"
    assert skullking.load_edition(house).fingerprint() != tag.group(1)


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_a_record_and_its_score_sheet_convert_either_way_to_the_same_scores(tmp_path: Path) -> None:
    """``replay --to-sheet`` writes the sheet of a record's game, and ``score --to-record``
    the record of a sheet's whole play: each scores as the other does, and the record of
    the sheet of a record without the deal is that record."""
    game = _game("skullking-2021", 9)
    record = tmp_path / "game.skr"
    record.write_text(write_record(without_deal(game.as_record())), encoding="utf-8")
    code, sheet_text, err = _cli("replay", "--to-sheet", str(record))
    assert code == 0, err
    sheet = tmp_path / "game.yaml"
    sheet.write_text(sheet_text, encoding="utf-8")
    assert _cli("score", "--format", "json", str(sheet))[1] == _cli("replay", "--format", "json", str(record))[1]
    code, again, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    assert again == write_record(_without_exchanges(parse_record(record.read_text(encoding="utf-8")).games[0]))
    # --format json would be ignored by either: refused, exit 2, one JSON error, nothing written
    for argv, option in (
        (("score", "--to-record", str(sheet)), "--to-record"),
        (("replay", "--to-sheet", str(record)), "--to-sheet"),
    ):
        code, out, err = _cli(*argv, "--format", "json")
        assert (
            code == 2 and err == "" and json.loads(out)["error"].startswith(f"--format json does not go with {option}")
        )


def test_extra_points_beside_the_whole_play_end_the_rounds_record(tmp_path: Path) -> None:
    """A sheet round with its whole play and free points (``extra``, outside the rules)
    is written with its tricks, then its ``extra`` lines; the record replays (without
    the deal: a game of the engine gives no free points) to the sheet's scores (the
    2021 rulebook's 20 for Ann's bid of 1 made, plus the 5 given)."""
    sheet = tmp_path / "extra.yaml"
    sheet.write_text(
        "players: [Ann, Bo]\nrounds:\n  - bids: {Ann: 1, Bo: 0}\n    tricks: [[Y7, Y3, G1]]\n    extra: {Ann: 5}\n",
        encoding="utf-8",
    )
    code, text, err = _cli("score", "--to-record", str(sheet))
    assert code == 0, err
    assert text.endswith("  trick 1: Ann Y7, Graybeard Y3, Bo G1\n  extra Ann 5\nend\n")
    record = tmp_path / "extra.skr"
    record.write_text(text, encoding="utf-8")
    code, out, err = _cli("replay", "--format", "json", str(record))
    assert code == 0, err
    assert json.loads(out)["totals"] == {"Ann": 25, "Bo": 10}


def test_two_games_make_no_one_sheet(tmp_path: Path) -> None:
    record = tmp_path / "two.skr"
    record.write_text(SMALL + "\n" + SMALL, encoding="utf-8")
    code, out, _ = _cli("replay", "--format", "json", str(record))
    assert code == 0 and [g["totals"]["Ann"] for g in json.loads(out)] == [20, 20]
    code, _, err = _cli("replay", "--to-sheet", str(record))
    assert (
        code == 2 and f"{record}:{SMALL.count(chr(10)) + 2}:1: a score sheet holds one game; the record holds 2" in err
    )


NO_DEAL = SMALL.replace("  deal Ann Y7\n  deal Bo Y3\n  deal Cy G1\n", "")


@pytest.mark.parametrize(
    ("dealt", "old", "new", "marker", "words"),
    [
        # the bid range of the 2021 rulebook: from 0 to the cards dealt
        (True, "bid Ann 1", "bid Ann 2", "bid Ann", "not a whole number from 0 to 1"),
        (True, "trick 1: Ann Y7, Bo Y3", "trick 1: Bo Y3, Ann Y7", "trick 1", "Ann's turn"),
        (True, "leader Ann", "leader Bo", "round 1", "Ann leads round 1, not Bo"),
        (True, "deal Bo Y3", "deal Bo Y7", "deal Bo", "dealt twice"),
        (True, "deal Cy G1\n", "", "round 1", "no hand for Cy"),
        (True, "Cy G1\nend", "Cy B1\nend", "trick 1", "does not hold B1"),
        (True, "trick 1: Ann Y7, Bo Y3, Cy G1\n", "", r"^\s*end", "ends too early"),
        (True, "round 1 cards 1", "round 2 cards 1", "round 2", "where round 1 is played"),
        (True, "round 1 cards 1", "round 1 cards 2", "round 1", "deals 1 card to each hand, not 2"),
        (True, '[Players "Ann" "Bo" "Cy"]\n', "", "Edition", "names no players"),
        (True, "G1\n  bid Ann 1\n", "G1\n  bid Ann 1\n  deal Cy G1\n", "deal Cy", "before the round's first bid"),
        (True, "  deal Bo Y3\n", "  deal Bo Y3\n  deal Bo Y3\n", "deal Bo", "Bo's hand is dealt twice"),
        (True, "  deal Cy G1\n", "  deal Cy G1\n  undealt Q9\n", "undealt", "unknown card"),
        (True, "  deal Cy G1\n", "  deal Cy G1\n  undealt Y7\n", "undealt", "not among the cards left undealt"),
        (True, "trick 1:", "trick 2:", "trick 2", "trick 2 comes where trick 1 is played"),
        (True, "Cy G1\nend", "Cy G1, Ann Y7\nend", "trick 1", "trick 1 has 3 cards, one a hand"),
        (True, ", Cy G1\nend", "\nend", "trick 1", "trick 1 is not finished: Cy is to play"),
        (True, "Cy G1\nend", "Cy G1\n  decide Ann rosie choose_leader Bo Cy\nend", "decide", "takes one answer, not 2"),
        (True, "Cy G1\nend", "Cy G1\n  decide Ann rosie choose_leader Bo\nend", "decide", "no decision is pending"),
        (True, '[Schedule "past-your-bedtime"]', '[Schedule "nope"]', "Schedule", "unknown schedule 'nope'"),
        (True, '[Schedule "past-your-bedtime"]', '[Scoring "nope"]', "Scoring", "'nope'"),
        (True, '[Schedule "past-your-bedtime"]', '[Modules "nope"]', "Modules", "unknown module 'nope'"),
        # one copy of each numbered card in the 2021 deck
        (False, "Bo Y3", "Bo Y7", "trick 1", "'Y7' is played 2 times in the round, but the deck has 1 copy"),
        (False, "Cy G1\nend", "Cy G1\n  decide Ann rosie fly Bo\nend", "decide", "no fly for rosie"),
        (False, "G1\nend", "G1\n  decide Ann rascal wager ten\nend", "decide", "wager 'ten' is not a whole number"),
        (False, "bid Ann 1", "bid Ann 3", "bid Ann", "Ann's bid 3 is out of range 0..1"),
    ],
)
def test_each_problem_of_a_record_is_reported_at_its_event(
    dealt: bool, old: str, new: str, marker: str, words: str
) -> None:
    """With the deal, each move is made by the edition's round, which refuses what its
    rules refuse (a bid out of range, a card out of turn or not held, a hand not of the
    deck), the first problem stopping the replay; without it, the record is scored as a
    score sheet with its whole play is, its problems the sheet's. Either way each
    problem is reported at the event it comes from (the last line ``marker`` finds)."""
    base = SMALL if dealt else NO_DEAL
    assert old in base
    text = base.replace(old, new)
    line, _, message = _error(text)
    assert words in message
    assert line == max(i for i, row in enumerate(text.splitlines(), 1) if re.search(marker, row))


def test_a_record_without_the_deal_scores_as_its_play_says() -> None:
    """The 2021 rulebook's points, from the tricks alone."""
    assert dict(_replay(NO_DEAL).totals) == {"Ann": 20, "Bo": 10, "Cy": 10}  # type: ignore[attr-defined]


def test_an_edition_the_record_names_that_is_not_there_is_reported_at_its_tag(tmp_path: Path) -> None:
    record = tmp_path / "game.skr"
    record.write_text(SMALL.replace("skullking-2021", "skullking-2O21"), encoding="utf-8")
    code, _, err = _cli("replay", str(record))
    assert code == 2 and err.startswith(f"{record}:1:2: ") and "did you mean 'skullking-2021'" in err


def test_a_game_without_the_pirates_abilities_says_so_and_replays_so() -> None:
    """The 2021 rulebook's optional rule: the pirates' abilities left out. The record
    says so in its header, and replays without them."""
    ed = _edition("skullking-2021")
    found = None
    for seed in range(200):
        game = Game(ed, ["Ann", "Bo", "Cy"], seed=seed, abilities=False)
        rng = random.Random(seed)
        while not game.over:
            play_randomly(game.next_round(), rng)
        text = write_record(game.as_record())
        with_abilities = text.replace('[Abilities "off"]\n', "")
        try:
            same = _replay(with_abilities).totals == game.score().totals  # type: ignore[attr-defined]
        except RecordError:
            same = False
        if not same:  # a game where an ability, had it been played, changes the replay
            found = text
            break
    assert found is not None and '[Abilities "off"]' in found
    assert dict(_replay(found).totals) == dict(game.score().totals)  # type: ignore[attr-defined]
    line, _, message = _error(found.replace('[Abilities "off"]', '[Abilities "no"]'))
    assert line == _line_of(found, "Abilities") and '"on" (the default) or "off"' in message


def test_the_rules_fingerprint_is_the_rules_not_the_names_the_language_offers() -> None:
    """A record's Rules tag is the edition's rules: a formula offered more names (as the
    language gains them) keeps it, a formula changed does not, so a record is replayed
    under the rules it was played under and under no others."""

    edition = _edition("skullking-2021")
    values = {name: getattr(edition, name) for name in Edition.FIELDS}

    def with_min(source: str) -> Edition:
        bidding = edition.bidding._replace(min=compile_expression(source, ("cards", "round"), "number"))
        return Edition(**{**values, "bidding": bidding})

    assert with_min("0").fingerprint() == edition.fingerprint()
    assert with_min("1").fingerprint() != edition.fingerprint()


def test_a_record_written_before_formulas_were_fingerprinted_by_their_text_still_replays(tmp_path: Path) -> None:
    """The first versions of the engine wrote each formula into the fingerprint with the
    names its place offered, so a name the rule language gained changed every Rules tag.
    The bundled editions' and example house rules' fingerprints of then are shipped, each
    with the fingerprint the same rules have now: a record with the 2021 edition's
    earlier tag replays to the same scores, and one whose earlier tag is another
    edition's is refused at the tag."""

    earlier = {new: old for old, new in earlier_fingerprints().items()}
    record = (ROOT / "examples" / "records" / "three-rounds.skr").read_text(encoding="utf-8")
    now = _edition("skullking-2021").fingerprint()
    assert now in earlier
    written_then = tmp_path / "then.skr"
    written_then.write_text(record.replace(now, earlier[now]), encoding="utf-8")
    current = tmp_path / "now.skr"
    current.write_text(record, encoding="utf-8")
    assert _cli("replay", "--format", "json", str(written_then)) == _cli("replay", "--format", "json", str(current))
    other = earlier[_edition("skullking-original").fingerprint()]
    written_then.write_text(record.replace(now, other), encoding="utf-8")
    code, out, err = _cli("replay", str(written_then))
    assert code == 2 and out == ""
    refused = "then.skr:3:2: the record was played under other rules than edition 'skullking-2021' has now"
    assert f"{refused} (its Rules '{other}'" in err


def test_every_earlier_fingerprint_shipped_is_of_rules_as_they_are_now() -> None:
    """Each earlier fingerprint shipped maps to the fingerprint of a bundled edition or
    an example house rule as it is now: a change to those rules must drop its entry (a
    record of the rules before the change no longer replays), never leave it pointing
    at nothing."""

    names = [p.stem for p in (ROOT / "editions").glob("*.yaml")]
    paths = sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))
    now = {_edition(n).fingerprint() for n in names} | {skullking.load_edition(p).fingerprint() for p in paths}
    assert set(earlier_fingerprints().values()) <= now
    assert len(earlier_fingerprints()) >= len(names)
