"""Rules that look across rounds: formulas that read the game so far (the previous
round's results, the standings before the round, the dealer).

The 2021 rulebook passes the deal left each round and has the player after the dealer
lead. Tables change that, and score to help the player behind; each test writes one
such house rule as an overlay of skullking-2021 and plays it move by move (``Round``,
``Game``, ``simulate``) and scores it on sheets (``skullking score``), which must agree.
Three players, Ann, Bo and Cy: round n deals n cards, and by default Cy deals round 1
and Ann leads it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from clihelp import run, run_json

import skullking
from skullking.analysis.simulation import Setup, play_game
from skullking.core.errors import ContextError, EditionError, GameError, SheetError
from skullking.edition import Edition
from skullking.play.game import Game
from skullking.play.round import GameSoFar, Round, play_randomly
from skullking.scoring.schemes import RoundScore

BASE = skullking.load_edition("skullking-2021")
PLAYERS = ["Ann", "Bo", "Cy"]

#: The house rules of the tables, as overlays of skullking-2021.
LAST_WINNER_LEADS = "play: {first_leader: previous_last_winner}\n"
LAST_PLACE_LEADS = "play: {first_leader: last_place}\n"
ROUND_WINNER_DEALS = "play: {dealer: previous_top_scorer}\n"
CATCH_UP = (
    "scoring:\n  schemes:\n    classic:\n      cases:\n"
    "        zero-made: {points: 10 * cards + bonus + alliance + wager + 10 * last}\n"
    "        made: {points: 20 * bid + bonus + alliance + wager + 10 * last}\n"
)
#: The same bonus as an adjustment of whichever case applied.
CATCH_UP_ADJUSTED = (
    "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
    "        catch-up: {when: last == 1 and won == bid, points: points + 10}\n"
)
#: Rules over the whole game so far (examples/house-rules/long-memory.yaml).
LONG_MEMORY = (
    "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
    "        three-missed-running: {when: won != bid and past_run(won != bid) >= 2, points: points - 30}\n"
    "        most-bids-made: {when: 'last_round == 1 and past_count(made == 1) + made"
    " == highest(past_count(made == 1) + made)', points: points + 25}\n"
)
HOUSE_RULES = {
    "catch-up-adjusted": CATCH_UP_ADJUSTED,
    "long-memory": LONG_MEMORY,
    "last-winner-leads": LAST_WINNER_LEADS,
    "last-place-leads": LAST_PLACE_LEADS,
    "round-winner-deals": ROUND_WINNER_DEALS,
    "catch-up": CATCH_UP,
}

#: Round 2 as its whole play, led by Cy: Cy wins both tricks (led by Bo, the 2021
#: rulebook's leader of round 2, Bo would win both).
CY_LEADS_ROUND_2 = {"bids": {"Ann": 0, "Bo": 0, "Cy": 2}, "tricks": [["G9", "G2", "G3"], ["P5", "P1", "P2"]]}


def _overlay(tmp_path: Path, body: str, name: str = "house") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: skullking-2021\nid: {name}\n{body}", encoding="utf-8")
    return path


def _edition(tmp_path: Path, body: str, name: str = "house") -> Edition:
    return skullking.load_edition(_overlay(tmp_path, body, name))


def _score(tmp_path: Path, rules: Path, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """``skullking score`` of a sheet of ``rounds`` under the house rule file ``rules``."""
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(yaml.safe_dump({"players": PLAYERS, "rounds": rounds}), encoding="utf-8")
    record: dict[str, Any] = run_json("score", str(sheet), "--edition", str(rules))
    return record


def _sheet(*rounds: tuple[dict[str, int], ...]) -> dict[str, Any]:
    """A sheet of rounds given as (bids, won)."""
    return {"players": PLAYERS, "rounds": [{"bids": bids, "won": won} for bids, won in rounds]}


def _won(record: dict[str, Any], number: int) -> dict[str, int]:
    won: dict[str, int] = record["rounds"][number - 1]["won"]
    return won


# --------------------------------------------------------------------- who leads


def test_the_winner_of_the_previous_rounds_last_trick_leads_on_a_sheet(tmp_path: Path) -> None:
    """A table's house rule: whoever won the last trick of a round leads the next. Cy
    wins round 1's one trick, so Cy leads round 2 (the sheet does not say 'leader')."""
    rules = _overlay(tmp_path, LAST_WINNER_LEADS)
    round_1 = {"bids": {"Ann": 0, "Bo": 0, "Cy": 1}, "tricks": [["Y3", "Y5", "Y9"]]}
    record = _score(tmp_path, rules, [round_1, CY_LEADS_ROUND_2])
    assert _won(record, 2) == {"Ann": 0, "Bo": 0, "Cy": 2}
    assert record["rounds"][1]["points"] == {"Ann": 20, "Bo": 20, "Cy": 40}
    base = BASE.score_sheet({"players": PLAYERS, "rounds": [round_1, CY_LEADS_ROUND_2]})
    assert dict(base.rounds[1].won) == {"Ann": 0, "Bo": 2, "Cy": 0}  # Bo leads round 2 by default


def test_after_a_last_trick_nobody_won_the_player_the_edition_has_lead_next_leads_on(tmp_path: Path) -> None:
    """The Kraken destroys round 1's only trick; after a Kraken the player who would
    have won the trick leads (the 2021 rulebook): Cy's Y9, so Cy leads round 2."""
    rules = _overlay(tmp_path, LAST_WINNER_LEADS)
    round_1 = {"bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "tricks": [["KRAKEN", "Y5", "Y9"]]}
    record = _score(tmp_path, rules, [round_1, CY_LEADS_ROUND_2])
    assert _won(record, 1) == {"Ann": 0, "Bo": 0, "Cy": 0}
    assert _won(record, 2) == {"Ann": 0, "Bo": 0, "Cy": 2}


def test_the_winner_of_the_last_trick_leads_in_a_game_played_move_by_move(tmp_path: Path) -> None:
    """The same house rule in a Game: round 2 is led by who won round 1's last trick,
    round 1 by the first player (``previous_last_winner`` is 'round - 1' there); the
    game's sheet, leaders left out, scores to the rounds' own points."""
    house = _edition(tmp_path, LAST_WINNER_LEADS)
    game = Game(house, PLAYERS, seed=1)
    first = game.next_round(hands={"Ann": "Y3", "Bo": "Y5", "Cy": "Y9"})
    assert first.first_leader == "Ann"
    for player, bid in (("Ann", 0), ("Bo", 0), ("Cy", 1)):
        first.bid(player, bid)
    for player, card in (("Ann", "Y3"), ("Bo", "Y5"), ("Cy", "Y9")):
        first.play(player, card)
    second = game.next_round(hands={"Ann": "G2 P1", "Bo": "G3 P2", "Cy": "G9 P5"})
    assert (second.dealer, second.first_leader) == ("Ann", "Cy")
    sheet = game.as_sheet()
    assert sheet["rounds"][0]["leader"] == "Ann"
    for record in sheet["rounds"]:
        del record["leader"]
    assert house.score_sheet(sheet).rounds == (first.score(),)


def test_the_player_in_last_place_leads(tmp_path: Path) -> None:
    """A table's house rule: the player with the fewest points leads the round. After
    round 1 (given by its tricks won: the standings need no play) Cy trails and leads
    round 2; in round 1 everybody is level and the first player leads."""
    rules = _overlay(tmp_path, LAST_PLACE_LEADS)
    round_1 = {"bids": {"Ann": 0, "Bo": 1, "Cy": 1}, "won": {"Ann": 0, "Bo": 1, "Cy": 0}}
    record = _score(tmp_path, rules, [round_1, CY_LEADS_ROUND_2])
    assert record["rounds"][0]["points"] == {"Ann": 10, "Bo": 20, "Cy": -10}
    assert _won(record, 2) == {"Ann": 0, "Bo": 0, "Cy": 2}
    assert Round(skullking.load_edition(rules), PLAYERS, number=1, seed=1).first_leader == "Ann"


def test_the_winner_of_a_round_deals_the_next(tmp_path: Path) -> None:
    """A table's house rule: the deal passes to the player who scored most in the round
    (``play.dealer: previous_top_scorer``), and the player after the dealer leads, as
    the 2021 rulebook has it. Bo wins round 1, deals round 2, and Cy leads it; round 1
    is dealt as by default (the last seat deals, the first leads)."""
    rules = _overlay(tmp_path, ROUND_WINNER_DEALS)
    house = skullking.load_edition(rules)
    round_1 = {"bids": {"Ann": 0, "Bo": 1, "Cy": 0}, "won": {"Ann": 0, "Bo": 1, "Cy": 0}}
    record = _score(tmp_path, rules, [round_1, CY_LEADS_ROUND_2])
    assert record["rounds"][0]["points"] == {"Ann": 10, "Bo": 20, "Cy": 10}
    assert _won(record, 2) == {"Ann": 0, "Bo": 0, "Cy": 2}
    game = Game(house, PLAYERS, seed=2)
    first = game.next_round(hands={"Ann": "Y3", "Bo": "Y9", "Cy": "Y5"})
    assert (first.dealer, first.first_leader) == ("Cy", "Ann")
    for player, bid in (("Ann", 0), ("Bo", 1), ("Cy", 0)):
        first.bid(player, bid)
    for player, card in (("Ann", "Y3"), ("Bo", "Y9"), ("Cy", "Y5")):
        first.play(player, card)
    second = game.next_round()
    assert (second.dealer, second.first_leader) == ("Bo", "Cy")
    assert "- Round `round` is dealt by seat `previous_top_scorer`" in run("explain", "--edition", str(rules))[1]


# --------------------------------------------------------------------- scoring and bidding


def test_a_catch_up_bonus_for_the_player_in_last_place(tmp_path: Path) -> None:
    """A table's house rule: a made bid earns the players in last place 10 more (not
    while everybody is level, as in round 1). After round 1 Bo and Cy share last place
    and both make their bids in round 2."""
    rules = _overlay(tmp_path, CATCH_UP)
    rounds = [
        {"bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "won": {"Ann": 1, "Bo": 0, "Cy": 0}},
        {"bids": {"Ann": 1, "Bo": 1, "Cy": 0}, "won": {"Ann": 1, "Bo": 1, "Cy": 0}},
        {"bids": {"Ann": 0, "Bo": 0, "Cy": 3}, "won": {"Ann": 0, "Bo": 0, "Cy": 3}},
    ]
    record = _score(tmp_path, rules, rounds)
    assert [r["points"] for r in record["rounds"]] == [
        {"Ann": 20, "Bo": 10, "Cy": 10},
        {"Ann": 20, "Bo": 30, "Cy": 30},
        {"Ann": 30, "Bo": 30, "Cy": 60},  # everybody level at 40: no bonus
    ]
    base = BASE.score_sheet({"players": PLAYERS, "rounds": rounds})
    assert [dict(r.points) for r in base.rounds][1] == {"Ann": 20, "Bo": 20, "Cy": 20}


def test_a_catch_up_bonus_for_the_lowest_total_pays_everybody_level(tmp_path: Path) -> None:
    """A table's house rule read the other way: a made bid earns the players with the
    lowest total 10 more, everybody while all are level (``total == lowest(total)``,
    where ``last`` is 0 for all). The same rounds as above: round 1, everybody level at
    0: Ann 1/1 20 + 10, Bo and Cy 0/0 10 + 10; round 2, Bo and Cy lowest at 20: Ann 20,
    Bo 1/1 20 + 10, Cy 0/0 (2 cards) 20 + 10; round 3 (3 cards), everybody level at
    50: Ann and Bo 0/0 30 + 10, Cy 3/3 60 + 10."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        catch-up: {when: total == lowest(total) and won == bid, points: points + 10}\n"
    )
    rounds = [
        {"bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "won": {"Ann": 1, "Bo": 0, "Cy": 0}},
        {"bids": {"Ann": 1, "Bo": 1, "Cy": 0}, "won": {"Ann": 1, "Bo": 1, "Cy": 0}},
        {"bids": {"Ann": 0, "Bo": 0, "Cy": 3}, "won": {"Ann": 0, "Bo": 0, "Cy": 3}},
    ]
    record = _score(tmp_path, _overlay(tmp_path, body), rounds)
    assert [r["points"] for r in record["rounds"]] == [
        {"Ann": 30, "Bo": 20, "Cy": 20},
        {"Ann": 20, "Bo": 30, "Cy": 30},
        {"Ann": 40, "Bo": 40, "Cy": 70},
    ]


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_games_played_move_by_move_score_as_their_sheets(tmp_path: Path, name: str) -> None:
    """Random games under each house rule: every round's points (worked out as the round
    is played, from the game so far the Game gives it) are what ``skullking score`` gives
    the game's sheet with the leaders left out (worked out from the rounds before)."""
    rules = _overlay(tmp_path, HOUSE_RULES[name], name)
    house = skullking.load_edition(rules)
    for seed in range(4):
        game = Game(house, PLAYERS, seed=seed)
        moves = random.Random(seed)
        while not game.over:
            play_randomly(game.next_round(), moves)
        sheet = game.as_sheet()
        for record in sheet["rounds"]:
            del record["leader"]
        path = tmp_path / f"{name}-{seed}.yaml"
        path.write_text(yaml.safe_dump(sheet), encoding="utf-8")
        scored = run_json("score", str(path), "--edition", str(rules))
        assert [r["points"] for r in scored["rounds"]] == [dict(r.score().points) for r in game.rounds]


@pytest.mark.parametrize("body", [CATCH_UP, CATCH_UP_ADJUSTED], ids=["cases", "adjustment"])
def test_the_catch_up_bonus_in_games_is_ten_for_a_made_bid_in_last_place(tmp_path: Path, body: str) -> None:
    """Against the 2021 scoring of the same play: a player gets 10 more exactly when
    they made their bid with the lowest total before the round, not everybody level;
    written into the cases or as an adjustment of whichever case applied."""
    house = _edition(tmp_path, body)
    paid = 0
    for seed in range(6):
        game = Game(house, PLAYERS, seed=seed)
        moves = random.Random(seed)
        while not game.over:
            play_randomly(game.next_round(), moves)
        base = BASE.score_sheet(game.as_sheet()).rounds
        for k, (ours, theirs) in enumerate(zip((r.score() for r in game.rounds), base, strict=True)):
            totals = {p: sum(r.score().points.get(p, 0) for r in game.rounds[:k]) for p in PLAYERS}
            low, high = min(totals.values()), max(totals.values())
            for p in PLAYERS:
                bonus = 10 if ours.bids[p] == ours.won[p] and totals[p] == low < high else 0
                assert ours.points[p] - theirs.points[p] == bonus
                paid += bonus
    assert paid > 0


def test_simulate_plays_the_game_so_far(tmp_path: Path) -> None:
    """``simulate``'s games follow the house rules: a game kept as a sheet scores to the
    totals its statistics counted, and ``simulate --games --out`` writes sheets that
    ``skullking score`` reads."""
    rules = _overlay(tmp_path, LAST_WINNER_LEADS + CATCH_UP)
    setup = Setup(edition=str(rules), players=tuple(PLAYERS), bots=("heuristic", "random"), seed=4, allow_paths=True)
    house = skullking.load_edition(rules)
    for index in range(3):
        result = play_game(house, setup, index, keep_sheet=True)
        assert result.sheet is not None
        for record in result.sheet["rounds"]:
            del record["leader"]
        totals = house.score_sheet(result.sheet).totals
        assert [totals[p] for p in PLAYERS] == [seat.total for seat in result.stats.seats]
    out = tmp_path / "games"
    code, _, err = run(
        "simulate", "--edition", str(rules), "--games", "2", "--players", "3", "--seed", "1", "--out", str(out), "-q"
    )
    assert code == 0, err
    for sheet in sorted(out.iterdir()):
        assert run("score", str(sheet), "--edition", str(rules))[0] == 0


def test_a_bidding_rule_for_the_dealer(tmp_path: Path) -> None:
    """A table's house rule: the dealer must bid at least 1 (``deals`` is 1 for the
    player dealing the round). In round 2 Ann deals: a Round offers her no 0, and a
    sheet where she bids 0 gets a located error naming the rule."""
    body = (
        "bidding:\n  rules:\n"
        "    - {id: dealer-bids, require: deals == 0 or bid > 0, description: the dealer bids 1 or more}\n"
    )
    rules = _overlay(tmp_path, body)
    house = skullking.load_edition(rules)
    second = Round(house, PLAYERS, number=2, seed=1)
    assert second.dealer == "Ann"
    assert second.legal_bids("Ann") == (1, 2)
    assert second.legal_bids("Bo") == (0, 1, 2)
    sheet = _sheet(({"Ann": 0, "Bo": 0, "Cy": 1}, {"Ann": 0, "Bo": 0, "Cy": 1}), ({"Ann": 0, "Bo": 1, "Cy": 1},) * 2)
    with pytest.raises(SheetError) as caught:
        house.score_sheet(sheet)
    assert [p.message for p in caught.value.problems] == [
        "round 2: Ann's bid 0 breaks bidding rule 'dealer-bids': the dealer bids 1 or more"
    ]


# --------------------------------------------------------------------- what is checked


def test_a_misspelled_name_is_a_located_error_when_the_edition_loads(tmp_path: Path) -> None:
    """Names about the game so far are checked as the file loads, like every name."""
    with pytest.raises(EditionError) as caught:
        _edition(tmp_path, "play: {first_leader: previous_last_winer}\n")
    (problem,) = caught.value.problems
    assert "unknown name 'previous_last_winer'; did you mean 'previous_last_winner'" in problem.message
    assert (problem.line, problem.file.endswith("house.yaml")) == (3, True)
    with pytest.raises(EditionError) as caught:
        _edition(tmp_path, "play: {dealer: dealer + 1}\n")
    assert "unknown name 'dealer'" in caught.value.problems[0].message  # the dealer is what it works out


def test_a_sheet_round_after_one_that_does_not_say_who_won_its_last_trick(tmp_path: Path) -> None:
    """Round 1 gives its tricks won only: who won its last trick is not known, and round
    2 (given by its play, without a leader) cannot be seated. ``skullking score`` says
    so in one located line (exit 2); giving round 2's leader settles it."""
    rules = _overlay(tmp_path, LAST_WINNER_LEADS)
    round_1 = {"bids": {"Ann": 0, "Bo": 0, "Cy": 1}, "won": {"Ann": 0, "Bo": 0, "Cy": 1}}
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(
        "players: [Ann, Bo, Cy]\n"
        "rounds:\n"
        "  - bids: {Ann: 0, Bo: 0, Cy: 1}\n"
        "    won: {Ann: 0, Bo: 0, Cy: 1}\n"
        "  - bids: {Ann: 0, Bo: 0, Cy: 2}\n"
        "    tricks: [[G9, G2, G3], [P5, P1, P2]]\n",
        encoding="utf-8",
    )
    code, out, err = run("score", str(sheet), "--edition", str(rules))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{sheet}:5:5: round 2: play.first_leader reads previous_last_winner (who won round 1's last trick), "
        "but round 1 gives the tricks won ('won'), not its whole play ('tricks')"
    ]
    led = _score(tmp_path, rules, [round_1, {**CY_LEADS_ROUND_2, "leader": "Cy"}])
    assert _won(led, 2) == {"Ann": 0, "Bo": 0, "Cy": 2}


def test_a_round_played_alone_cannot_read_the_game_before_it(tmp_path: Path) -> None:
    """A Round set up on its own, out of its game, knows no round before it: an edition
    that reads one refuses it, naming what is missing; given the game so far it plays."""
    house = _edition(tmp_path, CATCH_UP)
    with pytest.raises(
        GameError,
        match=r"scoring 'classic' reads last \(the standings before round 3\), but round 3 "
        r"is played alone, without the rounds before it",
    ):
        Round(house, PLAYERS, number=3, seed=1)
    made = {"Ann": 1, "Bo": 0, "Cy": 0}
    before = [
        RoundScore(number=n, cards=n, bids=made, won=made, points={"Ann": 20, "Bo": 10, "Cy": 10}) for n in (1, 2)
    ]
    third = Round(house, PLAYERS, number=3, seed=1, so_far=GameSoFar.after(PLAYERS, before, last_leader="Ann"))
    assert third.number == 3
    with pytest.raises(GameError, match="not before round 2"):
        Round(house, PLAYERS, number=2, seed=1, so_far=GameSoFar.after(PLAYERS, before, last_leader="Ann"))


def test_a_round_with_problems_hides_the_game_after_it_without_a_second_error(tmp_path: Path) -> None:
    """A sheet whose round 1 has a problem: the standings after it are unknown, and
    round 2 says nothing more about them (the round 1 problem is the one to fix)."""
    house = _edition(tmp_path, CATCH_UP)
    sheet = _sheet(({"Ann": 2, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0}), ({"Ann": 1, "Bo": 1, "Cy": 0},) * 2)
    with pytest.raises(SheetError) as caught:
        house.score_sheet(sheet)
    assert [p.message for p in caught.value.problems] == ["round 1: Ann's bid 2 is out of range 0..1"]


# --------------------------------------------------------------------- the values


def test_the_values_of_the_game_so_far() -> None:
    """What each name is after a round, as the schema describes them: ties go to the
    earliest seat; rank is shared; last needs somebody ahead; previous_* are the
    round's own; a seat that sat the round out is nobody's top scorer."""
    made = {"Ann": 1, "Bo": 0, "Cy": 1}
    first = RoundScore(
        number=1, cards=1, bids=made, won={"Ann": 1, "Bo": 0, "Cy": 0}, points={"Ann": 20, "Bo": 10, "Cy": -10}
    )
    so_far = GameSoFar.after(PLAYERS, [first], last_leader="Ann")
    seats = so_far.seat_values(("previous_last_winner", "previous_top_scorer", "first_place", "last_place"), "here")
    assert seats == {"previous_last_winner": 0, "previous_top_scorer": 0, "first_place": 0, "last_place": 2}
    values = so_far.player_values(("total", "rank", "last", "deals", "previous_bid", "previous_won"), "here", dealer=1)
    assert values["Cy"] == {"total": -10, "rank": 3, "last": 1, "deals": 0, "previous_bid": 1, "previous_won": 0}
    assert values["Bo"]["deals"] == 1
    level = RoundScore(number=2, cards=2, bids=made, won=made, points={"Ann": 0, "Bo": 10, "Cy": 30})
    tied = GameSoFar.after(PLAYERS, [first, level], last_leader="Graybeard")  # (the ghost: nobody at the table)
    assert tied.seat_values(("previous_last_winner", "first_place", "last_place"), "here") == {
        "previous_last_winner": 2,  # 'round - 1' in round 3
        "first_place": 0,
        "last_place": 0,
    }
    assert [tied.player_values(("rank", "last"), "here")[p] for p in PLAYERS] == [{"rank": 1, "last": 0}] * 3
    start = GameSoFar.start(PLAYERS)
    assert start.seat_values(("previous_last_winner", "previous_top_scorer", "last_place"), "here") == {
        "previous_last_winner": 0,
        "previous_top_scorer": 2,
        "last_place": 0,
    }
    assert start.player_values(("total", "rank", "last", "previous_points"), "here")["Bo"] == {
        "total": 0,
        "rank": 1,
        "last": 0,
        "previous_points": 0,
    }
    tie_break = GameSoFar.after(["Ann", "Cy"], [first, level], last_leader="Bo")  # Bo does not play it
    assert tie_break.seat_values(("previous_last_winner",), "here") == {"previous_last_winner": 0}
    with pytest.raises(ContextError, match="here reads total"):
        GameSoFar.alone(PLAYERS, 4, "nothing is known").player_values(("total",), "here")


def test_a_tie_break_round_sees_the_game_so_far_of_its_table(tmp_path: Path) -> None:
    """The 2024 printing of the rulebook breaks a tie for first with another round of
    the tied players: under the last-place rule it is led by the earliest of them (they
    are level), and its sheet scores as the game played it."""
    house = _edition(tmp_path, LAST_PLACE_LEADS + CATCH_UP)
    for seed in range(40):
        game = Game(house, PLAYERS, schedule="past-your-bedtime", seed=seed)
        moves = random.Random(seed)
        while not game.over and len(game.rounds) < 6:
            play_randomly(game.next_round(), moves)
        if len(game.rounds) > 1:
            break
    else:
        pytest.fail("no seed ties the game")
    extra = game.rounds[1]
    assert extra.first_leader == extra.players[0]
    sheet = json.loads(json.dumps(game.as_sheet()))
    assert [dict(r.points) for r in house.score_sheet(sheet).rounds] == [dict(r.score().points) for r in game.rounds]
