"""Rules over the whole game so far, not only the round before: the ``past_``
aggregates (a count, the current run, every round, a sum, the highest and lowest of
the earlier rounds), as tables play them. The house rule of
examples/house-rules/long-memory.yaml: a missed bid that makes three in a row costs 30
more, a zero bid made right after one made pays 10 more, and whoever made the most bids
over the game scores 25 more at the end of the last round. Played move by move
(``Game``), scored on sheets (``skullking score``) and by ``simulate``, which must
agree with the rule worked out by hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from clihelp import run, run_json

import skullking
from skullking.analysis.simulation import Setup, play_game
from skullking.core.errors import ContextError, GameError
from skullking.language.expr import PAST
from skullking.play.game import Game
from skullking.play.round import GameSoFar, Round, play_randomly
from skullking.scoring.schemes import RoundScore

ROOT = Path(__file__).resolve().parents[2]
RULE = ROOT / "examples" / "house-rules" / "long-memory.yaml"
HOUSE = skullking.load_edition(RULE)
BASE = skullking.load_edition("skullking-2021")
PLAYERS = ["Ann", "Bo", "Cy"]


def test_a_sheet_scores_the_runs_and_the_most_bids_made(tmp_path: Path) -> None:
    """Five rounds of 5 cards (Swift-n-Salty), worked out by hand from the house rule:

    - round 1: Ann misses (-10), Bo makes a zero (50), Cy makes 2 (40);
    - round 2: Ann misses (-10); Bo makes a zero after one: 50 + 10; Cy makes 3 (60);
    - round 3: Ann misses her zero (-50), her third miss in a row: -30 more; Bo misses a
      zero (-50); Cy makes 2 (40);
    - round 4: Ann misses by 1 (-10), a fourth in a row: -30 more; Bo misses by 2 (-20),
      his first miss after a made bid: nothing more; Cy makes 2 (40);
    - round 5, the last: everybody makes the bid (40, 20, 40); bids made over the game:
      Ann 1, Bo 3, Cy 5: Cy scores 25 more."""
    sheet = tmp_path / "sheet.yaml"
    rounds = [
        ({"Ann": 2, "Bo": 0, "Cy": 2}, {"Ann": 3, "Bo": 0, "Cy": 2}),
        ({"Ann": 1, "Bo": 0, "Cy": 3}, {"Ann": 2, "Bo": 0, "Cy": 3}),
        ({"Ann": 0, "Bo": 0, "Cy": 2}, {"Ann": 1, "Bo": 2, "Cy": 2}),
        ({"Ann": 1, "Bo": 1, "Cy": 2}, {"Ann": 0, "Bo": 3, "Cy": 2}),
        ({"Ann": 2, "Bo": 1, "Cy": 2}, {"Ann": 2, "Bo": 1, "Cy": 2}),
    ]
    body = {"players": PLAYERS, "schedule": "swift-n-salty", "rounds": [{"bids": b, "won": w} for b, w in rounds]}
    sheet.write_text(yaml.safe_dump(body), encoding="utf-8")
    record = run_json("score", str(sheet), "--edition", str(RULE))
    assert [r["points"] for r in record["rounds"]] == [
        {"Ann": -10, "Bo": 50, "Cy": 40},
        {"Ann": -10, "Bo": 60, "Cy": 60},
        {"Ann": -80, "Bo": -50, "Cy": 40},
        {"Ann": -40, "Bo": -20, "Cy": 40},
        {"Ann": 40, "Bo": 20, "Cy": 65},
    ]
    assert record["totals"] == {"Ann": -100, "Bo": 60, "Cy": 245}


def _expected_more(scores: list[RoundScore], k: int, player: str, last: bool, players: list[str] = PLAYERS) -> int:
    """What the house rule adds to ``player``'s points in round ``k`` (0-based) of a
    game whose rounds scored ``scores`` (bids and tricks won), worked out from the rule."""
    missed = [s.bids[player] != s.won[player] for s in scores[: k + 1]]
    more = 0
    run_before = 0
    for was in reversed(missed[:-1]):
        if not was:
            break
        run_before += 1
    if missed[-1] and run_before >= 2:
        more -= 30
    zero = [s.bids[player] == 0 == s.won[player] for s in scores[: k + 1]]
    if k > 0 and zero[-1] and zero[-2]:
        more += 10
    if last:
        made = {p: sum(s.bids[p] == s.won[p] for s in scores[: k + 1]) for p in players}
        if made[player] == max(made.values()):
            more += 25
    return more


def test_games_played_move_by_move_pay_the_rule_and_score_as_their_sheets(tmp_path: Path) -> None:
    """Random games of 10 rounds: each player's points are the 2021 rulebook's for the
    same play plus what the house rule adds, worked out from the bids and tricks won of
    the rounds so far; the game's sheet scores the same under ``skullking score``."""
    changed = 0
    for seed in range(6):
        game = Game(HOUSE, PLAYERS, seed=seed)
        moves = random.Random(seed)
        while not game.over:
            play_randomly(game.next_round(), moves)
        ours = [r.score() for r in game.rounds]
        base = BASE.score_sheet(game.as_sheet()).rounds
        for k, (mine, theirs) in enumerate(zip(ours, base, strict=True)):
            for p in PLAYERS:
                more = _expected_more(ours, k, p, last=k == len(ours) - 1)
                assert mine.points[p] - theirs.points[p] == more, (seed, k, p)
                changed += more != 0
        path = tmp_path / f"game-{seed}.yaml"
        path.write_text(yaml.safe_dump(game.as_sheet()), encoding="utf-8")
        scored = run_json("score", str(path), "--edition", str(RULE))
        assert [r["points"] for r in scored["rounds"]] == [dict(s.points) for s in ours]
    assert changed > 6


def test_simulate_and_its_records_follow_the_whole_game(tmp_path: Path) -> None:
    """``simulate``'s games follow the house rule: a game kept as a sheet scores to the
    totals its statistics counted; a record ``simulate --records`` writes replays
    (``skullking replay``) to the 2021 rulebook's points for its play plus what the rule
    adds, worked out from the rounds' bids and tricks won."""
    setup = Setup(edition=str(RULE), players=tuple(PLAYERS), bots=("heuristic", "random"), seed=2, allow_paths=True)
    for index in range(3):
        result = play_game(HOUSE, setup, index, keep_sheet=True)
        assert result.sheet is not None
        totals = HOUSE.score_sheet(result.sheet).totals
        assert [totals[p] for p in PLAYERS] == [seat.total for seat in result.stats.seats]
    out = tmp_path / "records"
    code, _, err = run(
        "simulate",
        "--edition",
        str(RULE),
        "--games",
        "2",
        "--players",
        "3",
        "--seed",
        "3",
        "--out",
        str(out),
        "--records",
        "-q",
    )
    assert code == 0, err
    records = sorted(out.iterdir())
    assert len(records) == 2
    for record in records:
        replayed = run_json("replay", "--format", "json", str(record))
        code, text, err = run("replay", "--to-sheet", str(record))
        assert code == 0, err
        sheet = yaml.safe_load(text)
        sheet["edition"] = "skullking-2021"
        base = BASE.score_sheet(sheet).rounds
        players = replayed["players"]
        scores = [
            RoundScore(k + 1, r["cards"], r["bids"], r["won"], r["points"]) for k, r in enumerate(replayed["rounds"])
        ]
        for k, (mine, theirs) in enumerate(zip(scores, base, strict=True)):
            for p in players:
                more = _expected_more(scores, k, p, last=k == len(scores) - 1, players=players)
                assert mine.points[p] - theirs.points[p] == more, (record.name, k, p)


def test_the_earlier_rounds_of_each_player_in_a_tie_break_round() -> None:
    """A tie-break round (the 2024 rulebook: the tied players play another round) sees,
    for each of its players, every earlier round of the game; a player who sat a round
    out has no values in it. Round 3 here is a tie-break round Bo sat out."""
    bids = {"Ann": 1, "Bo": 0, "Cy": 1}
    first = RoundScore(
        1,
        1,
        bids,
        {"Ann": 1, "Bo": 0, "Cy": 0},
        {"Ann": 20, "Bo": 10, "Cy": -10},
        made={"Ann": True, "Bo": True, "Cy": False},
        bonus={"Ann": 10},
    )
    extra = RoundScore(
        2, 1, {"Ann": 0, "Cy": 1}, {"Ann": 0, "Cy": 1}, {"Ann": 10, "Cy": 20}, made={"Ann": True, "Cy": True}, bonus={}
    )
    so_far = GameSoFar.after(["Ann", "Cy"], [first, extra], last_leader="Cy")
    values = so_far.player_values((PAST,), "here")
    assert values["Ann"][PAST] == ((1, 1, 1, 1, 1, 20, 10), (2, 1, 0, 0, 1, 10, 0))
    assert values["Cy"][PAST] == ((1, 1, 1, 0, 0, -10, 0), (2, 1, 1, 1, 1, 20, 0))
    assert GameSoFar.start(PLAYERS).player_values((PAST,), "here")["Bo"] == {PAST: ()}


def test_a_round_alone_or_a_score_without_made_is_an_error_naming_what_is_missing() -> None:
    """What cannot be known is never guessed: a Round of a game that reads the rounds
    before, set up alone after round 1, is refused; so is a game so far built from
    scores that do not say whose bids were made."""
    with pytest.raises(
        GameError, match=r"reads a past_ aggregate \(every round before round 3\), but round 3 is played"
    ):
        Round(HOUSE, PLAYERS, number=3, seed=1)
    made = {"Ann": 1, "Bo": 0, "Cy": 0}
    bare = [RoundScore(number=1, cards=1, bids=made, won=made, points={"Ann": 20, "Bo": 10, "Cy": 10})]
    with pytest.raises(ContextError, match="round 1's score does not say whose bids were made"):
        GameSoFar.after(PLAYERS, bare, last_leader="Ann").player_values((PAST,), "here")


def test_a_tie_break_round_played_reads_the_tied_players_earlier_rounds() -> None:
    """The 2021 edition breaks a tie for first with another round of the tied players
    (the 2024 printing of the rulebook): played move by move (five rounds of 5, then a
    game whose tie-break round costs a player a third missed bid in a row), that
    round's points are the 2021 rulebook's plus what the house rule adds from each tied
    player's earlier rounds; the 25 for the most bids made is the schedule's last
    round's alone, not the tie-break round's."""

    def runs(scores: list[RoundScore]) -> int:
        """How many tied players the run of missed bids costs in the tie-break rounds."""
        found = 0
        for k in range(5, len(scores)):
            for p in scores[k].points:
                played = [s for s in scores[: k + 1] if p in s.points]
                found += _expected_more(played, len(played) - 1, p, last=False, players=list(scores[k].points)) != 0
        return found

    for seed in range(60):
        game = Game(HOUSE, PLAYERS, schedule="swift-n-salty", seed=seed)
        moves = random.Random(seed)
        while not game.over and len(game.rounds) < 8:
            play_randomly(game.next_round(), moves)
        if len(game.rounds) > 5 and runs([r.score() for r in game.rounds]):
            break
    else:
        pytest.fail("no seed ties the game with a third missed bid in a row in the tie-break round")
    ours = [r.score() for r in game.rounds]
    sheet = game.as_sheet()
    for k in range(5, len(ours)):
        tied = list(ours[k].points)
        assert len(tied) < len(PLAYERS)
        # the 2021 rulebook's points for the same play, the round scored on its own
        alone = {key: value for key, value in sheet["rounds"][k].items() if key != "players"}
        base = BASE.score_sheet({"players": tied, "rounds": [alone]}).rounds[0]
        for p in tied:
            played = [s for s in ours[: k + 1] if p in s.points]
            more = _expected_more(played, len(played) - 1, p, last=False, players=tied)
            assert ours[k].points[p] - base.points[p] == more, (seed, k, p)
