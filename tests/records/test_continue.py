"""A game loaded from its record at any move, and continued through the same round
methods as a game played from the start (docs/records.md, "Loading and continuing")."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import skullking
from skullking.core.errors import RecordError
from skullking.language.record import (
    Bid,
    Decide,
    GameRecord,
    Load,
    RoundRecord,
    TrickPlayed,
    parse_record,
    write_record,
)
from skullking.model.cards import Play
from skullking.play.game import Game
from skullking.play.replay import moves, replay_game
from skullking.play.round import Decision, Round, play_randomly


@functools.cache
def _edition(edition_id: str) -> skullking.Edition:
    return skullking.load_edition(edition_id)


def _recorded(edition_id: str, players: int, seed: int) -> GameRecord:
    """The record of a whole game played at random, with no exchange (Bendt's): a
    game continued here deals each later round the hands its record gives, and an
    exchange would also need the undealt pile's order."""
    ed = _edition(edition_id)
    for tries in range(seed, seed + 50):
        game = Game(ed, [f"P{i}" for i in range(players)], seed=tries, schedule="swift-n-salty")
        rng = random.Random(tries)
        while not game.over:
            play_randomly(game.next_round(), rng)
        record = parse_record(write_record(game.as_record())).games[0]
        if not any(isinstance(e, Decide) and e.kind == "exchange" for r in record.rounds for e in r.events):
            return record
    raise AssertionError("no game without an exchange")  # pragma: no cover


class _Moves:
    """A chooser that makes the moves a round's record gives, in turn, from the
    ``skip``-th move of the round on (the ghost hand plays his own cards)."""

    def __init__(self, played: RoundRecord, skip: int, ghost: str | None) -> None:
        self.ghost = ghost
        self.queue: list[Any] = []
        for event in [e for e in played.events if isinstance(e, Bid | Load | TrickPlayed | Decide)][skip:]:
            if isinstance(event, TrickPlayed):
                self.queue += [p for p in event.plays if p.player != ghost]
            else:
                self.queue.append(event)

    def _next(self, player: str) -> Any:
        move = self.queue.pop(0)
        assert move.player == player, (move, player)
        return move

    def bid(self, player: str, options: Sequence[int]) -> int:
        bid: int = self._next(player).bid
        return bid

    def load(self, player: str, options: Sequence[str]) -> str:
        load: str = self._next(player).load
        return load

    def play(self, player: str, options: Sequence[Play]) -> Play:
        card = self._next(player).card
        return next(p for p in options if str(p) == card)

    def decide(self, decision: Decision) -> Any:
        answer = self._next(decision.player).values[0]
        return int(answer) if answer.lstrip("-").isdigit() else answer


def _continue(game: Game, record: GameRecord, made: int) -> None:
    """Make every move of ``record`` after its first ``made`` through ``game``'s rounds,
    dealing each later round the hands the record gives."""
    for played in record.rounds:
        in_round = sum(isinstance(e, Bid | Load | TrickPlayed | Decide) for e in played.events)
        skip = min(made, in_round)
        made -= skip
        if played.number > len(game.rounds):
            game.next_round(hands={d.player: [c for c in d.cards if c is not None] for d in played.deals})
        elif skip == in_round:
            continue
        current: Round = game.rounds[played.number - 1]
        current.play_out(_Moves(played, skip, current.ghost_name))


def _games() -> Iterator[tuple[str, GameRecord]]:
    yield "skullking-2021, 3 players", _recorded("skullking-2021", 3, 1)
    yield "skullking-2021, 2 players and the ghost hand", _recorded("skullking-2021", 2, 2)
    yield "skullking-2024, 4 players", _recorded("skullking-2024", 4, 3)


GAMES = list(_games())


@pytest.mark.parametrize(("what", "record"), GAMES, ids=[what for what, _ in GAMES])
def test_a_game_loaded_at_any_move_goes_on_with_the_recorded_moves_to_the_same_scores(
    what: str, record: GameRecord
) -> None:
    """Loaded after its first N moves, for every N, a game made to play its recorded
    moves from there through its rounds' own methods ends as the whole record does:
    the same totals, and the very same record written again."""
    ed = _edition(record.edition or "")
    whole = replay_game(ed, record).totals
    text = write_record(record)
    for upto in range(moves(record) + 1):
        game = Game.from_record(ed, record, upto=upto)
        _continue(game, record, upto)
        assert game.over
        assert game.score().totals == whole
        assert write_record(game.as_record()) == text


def test_the_round_a_load_stops_in_is_in_play_with_the_next_move_due() -> None:
    """After a round's deal and before its first bid, the round is dealt and waits for
    the bids; after its bids, for the first card; after the record's last move, the
    game is over."""
    record = GAMES[0][1]
    ed = _edition("skullking-2021")
    first = record.rounds[0]
    game = Game.from_record(ed, record, upto=0)
    (current,) = game.rounds
    assert current.phase.value == "bidding" and not current.bids
    assert {name: [p.code for p in hand] for name, hand in current.hands.items()} == {
        d.player: list(d.cards) for d in first.deals
    }
    bids = sum(isinstance(e, Bid) for e in first.events)
    game = Game.from_record(ed, record, upto=bids)
    assert game.rounds[-1].phase.value == "playing" and game.rounds[-1].to_play == first.leader
    assert Game.from_record(ed, record).over


def test_a_half_played_round_goes_on_with_new_legal_moves_to_a_record_that_replays() -> None:
    """A game loaded in the middle of a round (its bids made, two tricks played) goes
    on with other moves than the record's, drawn at random among the legal ones, and
    new rounds; the record of that game replays to its own totals."""
    record = GAMES[0][1]
    ed = _edition("skullking-2021")
    played = record.rounds[2]
    before = sum(isinstance(e, Bid | Load | TrickPlayed | Decide) for r in record.rounds[:2] for e in r.events)
    upto = before + sum(isinstance(e, Bid | Load) for e in played.events) + 2  # its bids, then two tricks
    game = Game.from_record(ed, record, upto=upto)
    current = game.rounds[-1]
    assert (current.number, len(current.tricks), current.phase.value) == (3, 2, "playing")
    rng = random.Random(7)
    play_randomly(current, rng)
    while not game.over:
        play_randomly(game.next_round(), rng)
    again = parse_record(write_record(game.as_record())).games[0]
    assert replay_game(ed, again).totals == game.score().totals


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_recorded_during_a_trick_loads_with_that_trick_in_play(players: int) -> None:
    """The record of a game stopped in the middle of a trick gives the cards of that
    trick so far (the ghost hand's too, in a two-player game); loaded, the trick is
    in play with the same cards, hands and player to play, and the two games, made to
    play the same moves, go on alike."""
    ed = _edition("skullking-2021")
    for cards in range(1, 3):
        game = Game(ed, [f"P{i}" for i in range(players)], seed=players, schedule="swift-n-salty")
        rng = random.Random(players)
        play_randomly(game.next_round(), rng)
        current = game.next_round()
        for player in current.bidding_order:
            current.bid(player, current.legal_bids(player)[0])
        while len(current.trick) < cards:
            current.play(current.to_play or "", current.legal_plays()[-1])
        text = write_record(game.as_record())
        assert text.splitlines()[-1].startswith("  trick 1: ")
        assert text.splitlines()[-1].count(",") == len(current.trick) - 1 < len(current.seats) - 1
        loaded = Game.from_record(ed, parse_record(text).games[0]).rounds[-1]
        assert (loaded.trick, loaded.to_play, loaded.hands) == (current.trick, current.to_play, current.hands)
        play_randomly(current, random.Random(9))
        play_randomly(loaded, random.Random(9))
        assert loaded.score() == current.score()


def _stop_in_round_two() -> str:
    text = write_record(GAMES[0][1])
    end = [i for i, line in enumerate(text.splitlines()) if line == "end"][1]
    return "\n".join(text.splitlines()[: end - 1]) + "\n"


def test_a_record_that_stops_in_a_round_leaves_it_in_play_and_replays_its_finished_rounds() -> None:
    """A record's last round may stop before its `end` (a record of a game in
    progress): it reads, is written again without the `end`, loads with the round in
    play, and replays to the scores of the rounds finished; a round in the middle of
    the record without its `end` is refused at the next round."""
    text = _stop_in_round_two()
    record = parse_record(text, "game.skr").games[0]
    assert not record.rounds[-1].ended and write_record(record) == text
    ed = _edition("skullking-2021")
    game = Game.from_record(ed, record, file="game.skr")
    assert len(game.rounds) == 2 and game.rounds[-1].phase.value == "playing"
    assert write_record(game.as_record()) == text
    assert replay_game(ed, record).rounds == game.score().rounds and len(game.score().rounds) == 1
    lines = write_record(GAMES[0][1]).splitlines()
    lines.remove("end")  # round 1's
    with pytest.raises(RecordError) as caught:
        parse_record("\n".join(lines), "game.skr")
    (problem,) = caught.value.problems
    assert problem.message.startswith("round 1 has no 'end' before round 2 begins")
    assert lines[problem.line - 1].startswith("round 2")


def test_a_round_in_play_without_its_deal_gives_its_bids_only() -> None:
    """Without the deal a record is scored as a score sheet, whose round being played
    gives its bids (and loads) only: a last round in play that shows its tricks is
    refused at its first trick, and one cut after its bids is the sheet's round in
    progress, its bids kept and not scored."""
    kept = (line for line in _stop_in_round_two().splitlines() if "deal " not in line)
    # (a round being played names no leader on a sheet: who leads shows once it is played)
    text = "\n".join(re.sub(r"^(round 2 cards \d+) leader \S+", r"\1", line) for line in kept) + "\n"
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("round 2 "))
    at = next(i for i, line in enumerate(lines[start:], start + 1) if line.strip().startswith("trick "))
    record = parse_record(text, "game.skr").games[0]
    with pytest.raises(RecordError, match=rf"game\.skr:{at}:3: round 2 has no 'end', so it is being played: it gives"):
        replay_game(_edition("skullking-2021"), record, file="game.skr")
    bids_only = "\n".join(lines[: at - 1]) + "\n"
    score = replay_game(_edition("skullking-2021"), parse_record(bids_only, "game.skr").games[0], file="game.skr")
    assert len(score.rounds) == 1 and score.in_progress is not None


def test_a_bad_record_is_refused_where_replay_refuses_it() -> None:
    """A move the rules refuse is reported by the load at the event's line and column,
    with replay's words; a round without its deal cannot be loaded; an `upto` past the
    record's moves is a ValueError."""
    ed = _edition("skullking-2021")
    text = write_record(GAMES[0][1]).replace("bid P1 ", "bid P1 9", 1)
    record = parse_record(text, "game.skr").games[0]
    with pytest.raises(RecordError) as replayed:
        replay_game(ed, record, file="game.skr")
    for upto in (None, moves(record)):
        with pytest.raises(RecordError) as loaded:
            Game.from_record(ed, record, upto=upto, file="game.skr")
        assert str(loaded.value) == str(replayed.value)
        (problem,) = loaded.value.problems
        assert text.splitlines()[problem.line - 1].strip().startswith("bid P1 9")
        assert "bid" in problem.message
    without = parse_record("\n".join(line for line in text.splitlines() if "deal " not in line), "game.skr")
    at = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("round 1 "))
    with pytest.raises(RecordError, match=rf"game\.skr:{at}:1: round 1 does not give the whole deal"):
        Game.from_record(ed, without.games[0], file="game.skr")
    with pytest.raises(ValueError, match="the record holds"):
        Game.from_record(ed, GAMES[0][1], upto=moves(GAMES[0][1]) + 1)


def test_a_game_loaded_with_a_seed_deals_its_later_rounds_from_it() -> None:
    """Game.from_record(..., seed=S): the rounds dealt after the load come from a
    generator seeded from S. A game's first round, recorded and loaded twice with seed
    11, deals the same second round both times; loaded with seed 12, another."""
    ed = _edition("skullking-2021")
    game = Game(ed, ["Ann", "Bo", "Cy"], seed=5)
    play_randomly(game.next_round(), random.Random(5))
    record = parse_record(write_record(game.as_record())).games[0]

    def second(seed: int) -> dict[str, list[str]]:
        loaded = Game.from_record(ed, record, seed=seed)
        return {player: [str(p) for p in hand] for player, hand in loaded.next_round().dealt.items()}

    assert second(11) == second(11)
    assert second(11) != second(12)
