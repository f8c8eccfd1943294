"""Every name where it has a value: the limits of a bid read the standings (each
player a range of their own), the scoring cases and ``made`` read the whole game so
far, the cases read whether the bid counts as made; a name a formula cannot read yet
is an error saying when it has a value. House rules tables play, written as overlays
of skullking-2021 and checked on sheets, in games played move by move and by the bots.
Three players, Ann, Bo and Cy: round n deals n cards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from clihelp import run, run_json
from houserules import house_rule

import skullking
from skullking.analysis.roundscene import bids_refusal
from skullking.analysis.simulation import Setup, play_game
from skullking.core.errors import GameError
from skullking.edition import Edition
from skullking.language.expr import HIDDEN
from skullking.model.records import GAME_PLAYER_NAMES, MOMENTS, NAMES, PLACES
from skullking.play.game import Game
from skullking.play.round import GameSoFar, Round, play_randomly
from skullking.scoring.schemes import RoundScore

PLAYERS = ["Ann", "Bo", "Cy"]
#: A house rule: the player in last place may not bid 0, and the leader of the
#: standings bids at most one less than the cards dealt (from round 2 on).
LIMITS = "bidding:\n  min: if last == 1 then 1 else 0\n  max: if rank == 1 and round > 1 then cards - 1 else cards\n"
#: A house rule: a bid missed by one trick counts as made for the player in last place
#: (alliances and the rounds after see it made), and scores 10.
NEAR_MISS = (
    "scoring:\n  schemes:\n    classic:\n"
    "      made: won == bid or (last == 1 and abs(won - bid) == 1)\n"
    "      adjustments:\n        near: {when: made == 1 and won != bid, points: 10}\n"
)


def _edition(tmp_path: Path, body: str) -> Edition:
    return skullking.load_edition(house_rule(tmp_path, body))


def _sheet(tmp_path: Path, rounds: list[tuple[dict[str, int], dict[str, int]]]) -> Path:
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(
        yaml.safe_dump({"players": PLAYERS, "rounds": [{"bids": b, "won": w} for b, w in rounds]}), encoding="utf-8"
    )
    return sheet


def test_a_sheet_checks_each_players_own_bid_range(tmp_path: Path) -> None:
    """After round 1 (Ann 20, Bo 10, Cy 10) Ann leads and may bid 0 or 1 of 2 cards,
    Bo and Cy trail and must bid 1 or 2: a sheet bidding Ann 2, Bo 0 and Cy 0 in round 2
    gets an error at each of those bids, with the bidder's own range."""
    rules = house_rule(tmp_path, LIMITS)
    first = ({"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0})
    sheet = tmp_path / "bids.yaml"
    sheet.write_text(
        "players: [Ann, Bo, Cy]\nrounds:\n"
        "  - {bids: {Ann: 1, Bo: 0, Cy: 0}, won: {Ann: 1, Bo: 0, Cy: 0}}\n"
        "  - {bids: {Ann: 2, Bo: 0, Cy: 0}, won: {Ann: 2, Bo: 0, Cy: 0}}\n",
        encoding="utf-8",
    )
    code, _, err = run("score", str(sheet), "--edition", str(rules))
    assert code != 0
    assert [line.split(": ", 1)[1] for line in err.strip().splitlines()] == [
        "round 2: Ann's bid 2 is out of range 0..1",
        "round 2: Bo's bid 0 is out of range 1..2",
        "round 2: Cy's bid 0 is out of range 1..2",
    ]
    assert [line.split(":")[1:3] for line in err.strip().splitlines()] == [["4", "18"], ["4", "25"], ["4", "32"]]
    good = _sheet(tmp_path, [first, ({"Ann": 1, "Bo": 1, "Cy": 2}, {"Ann": 0, "Bo": 0, "Cy": 2})])
    assert run_json("score", str(good), "--edition", str(rules))["totals"] == {"Ann": 10, "Bo": 0, "Cy": 50}


def test_a_game_gives_each_player_the_range_the_standings_allow(tmp_path: Path) -> None:
    """Random games: in every round each player's range is the house rule's over the
    totals before the round (worked out here from the rounds' points), a bid outside
    it is refused, and the games' sheets score as they were played."""
    house = _edition(tmp_path, LIMITS)
    for seed in range(3):
        game = Game(house, PLAYERS, seed=seed)
        moves = random.Random(seed)
        while not game.over:
            totals = {p: sum(r.score().points[p] for r in game.rounds) for p in PLAYERS}
            round_ = game.next_round()
            for p in PLAYERS:
                last = totals[p] == min(totals.values()) < max(totals.values())
                first = all(totals[p] >= other for other in totals.values())
                high = round_.cards - 1 if first and round_.number > 1 else round_.cards
                assert round_.range_of(p) == (1 if last else 0, high)
                assert set(round_.legal_bids(p)) <= set(range(1 if last else 0, high + 1)) or p not in round_.to_bid
            if round_.number > 1:
                leader = next(p for p in round_.to_bid if round_.range_of(p)[1] < round_.cards)
                with pytest.raises(GameError, match=f"{leader}'s bid {round_.cards} is not a whole number from"):
                    round_.bid(leader, round_.cards)
            play_randomly(round_, moves)
        scored = house.score_sheet(game.as_sheet())
        assert [dict(r.points) for r in scored.rounds] == [dict(r.score().points) for r in game.rounds]


def test_the_bots_bid_within_their_own_range(tmp_path: Path) -> None:
    """``simulate``'s bots (the heuristic one too) bid within each player's range: the
    game kept as a sheet scores without a problem to the totals counted, and the games
    written as records replay without one (each bid checked against its player's
    range)."""
    rules = house_rule(tmp_path, LIMITS)
    house = skullking.load_edition(rules)
    setup = Setup(edition=str(rules), players=tuple(PLAYERS), bots=("heuristic", "random"), seed=5, allow_paths=True)
    for index in range(3):
        result = play_game(house, setup, index, keep_sheet=True)
        assert result.sheet is not None
        totals = house.score_sheet(result.sheet).totals
        assert [totals[p] for p in PLAYERS] == [seat.total for seat in result.stats.seats]
    out = tmp_path / "records"
    argv = ["simulate", "--edition", str(rules), "--games", "2", "--players", "3", "--seed", "4", "--out", str(out)]
    code, _, err = run(*argv, "--records", "--bots", "heuristic,random", "-q")
    assert code == 0, err
    for record in sorted(out.iterdir()):
        code, text, err = run("replay", str(record))
        assert code == 0, err
        assert "Total" in text


def test_a_round_alone_whose_limits_read_the_standings_is_refused(tmp_path: Path) -> None:
    """The standings before round 3 are not known to a round set up alone: the error
    names the limits and what they read."""
    house = _edition(tmp_path, LIMITS)
    with pytest.raises(
        GameError, match=r"bidding.min and bidding.max reads (last|rank) \(the standings before round 3\)"
    ):
        Round(house, PLAYERS, number=3, seed=1)
    assert Round(house, PLAYERS, number=1, seed=1).range_of("Ann") == (0, 1)


def test_made_reads_the_standings_and_the_cases_read_made(tmp_path: Path) -> None:
    """A house rule: a bid missed by one counts as made for a player in last place, and
    scores 10. Round 2 (Ann 20, Bo 10, Cy 10 before it): Bo bid 1 and won none, Cy bid
    1 and won 2: both trail and miss by one, so 10 each; Ann leads, misses by 2: -20."""
    rules = house_rule(tmp_path, NEAR_MISS)
    first = ({"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0})
    sheet = _sheet(tmp_path, [first, ({"Ann": 2, "Bo": 1, "Cy": 1}, {"Ann": 0, "Bo": 0, "Cy": 2})])
    record = run_json("score", str(sheet), "--edition", str(rules))
    assert record["rounds"][1]["points"] == {"Ann": -20, "Bo": 10, "Cy": 10}


def test_a_three_missed_rule_written_with_made_counts_the_schemes_made(tmp_path: Path) -> None:
    """The earlier rounds' ``made`` is the scheme's: under the near-miss rule, Ann's near
    miss of round 3 counts as made, so her misses of rounds 2, 4 and 5 make no run of
    three (by tricks won alone, rounds 2 to 4 would); Bo's misses of rounds 3 to 5 do:
    30 less in round 5."""
    body = NEAR_MISS + "        run: {when: made == 0 and past_run(made == 0) >= 2, points: points - 30}\n"
    rules = house_rule(tmp_path, body)
    rounds = [
        ({"Ann": 1, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 0, "Cy": 0}),
        ({"Ann": 2, "Bo": 1, "Cy": 1}, {"Ann": 0, "Bo": 0, "Cy": 2}),
        ({"Ann": 0, "Bo": 0, "Cy": 0}, {"Ann": 1, "Bo": 1, "Cy": 1}),
        ({"Ann": 4, "Bo": 4, "Cy": 4}, {"Ann": 0, "Bo": 0, "Cy": 4}),
        ({"Ann": 5, "Bo": 5, "Cy": 0}, {"Ann": 0, "Bo": 0, "Cy": 5}),
    ]
    record = run_json("score", str(_sheet(tmp_path, rounds)), "--edition", str(rules))
    # round 1: 20 10 10; round 2 (Bo, Cy last): Ann -20, Bo and Cy near misses: 10 each;
    # round 3 (totals 0, 20, 20: Ann last): Ann's zero missed by 1 is made: 10; Bo and
    # Cy miss their zeros: -30; round 4 (totals 10, -10, -10): Ann -40, Bo -40 (his
    # second miss in a row), Cy makes 4: 80; round 5 (totals -30, -50, 70: Bo last):
    # Ann -50 (round 3 was made), Bo misses by 5: -50, his third in a row: -30 more; Cy
    # misses her zero: -50.
    assert [r["points"] for r in record["rounds"]] == [
        {"Ann": 20, "Bo": 10, "Cy": 10},
        {"Ann": -20, "Bo": 10, "Cy": 10},
        {"Ann": 10, "Bo": -30, "Cy": -30},
        {"Ann": -40, "Bo": -40, "Cy": 80},
        {"Ann": -50, "Bo": -80, "Cy": -50},
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "bidding:\n  rules:\n    - {id: r, require: won >= 1, description: d}\n",
            "unknown name 'won' in 'won >= 1': 'won' (the player's tricks won) has a value once the round's "
            "tricks are played, but this formula cannot read it",
        ),
        (
            "bidding:\n  max: total_bids\n",
            "unknown name 'total_bids' in 'total_bids': 'total_bids' (every bid of the round added up) has a "
            "value once every bid of the round is in, but this formula cannot read it",
        ),
        (
            "play:\n  dealer: bid\n",
            "unknown name 'bid' in 'bid': 'bid' (the player's bid) has a value as each player bids, but this "
            "formula cannot read it",
        ),
    ],
    ids=["won-while-bidding", "total-bids-in-the-range", "bid-before-the-deal"],
)
def test_a_name_read_before_it_has_a_value_says_when_it_has_one(tmp_path: Path, body: str, message: str) -> None:
    """Tricks won during the bidding, the total of the bids in a bid's range, a bid in
    who deals: each is refused where it is written, saying when the name has a value."""
    path = house_rule(tmp_path, body)
    code, out, _ = run("validate", str(path))
    assert code != 0
    assert message in out
    assert out.startswith(f"{path}:")


def test_every_place_reads_only_names_that_have_a_value_when_it_is_worked_out() -> None:
    """The one model of names: every name a formula's place offers is a name of the
    language with a moment it has a value from, and that moment comes no later than the
    place's formula is worked out (a bid is not read before it is made); the places
    that see each player read every name about the player's game so far."""

    order = list(MOMENTS)
    for place, (moment, names) in PLACES.items():
        for name in names:
            if name in HIDDEN:
                continue
            assert name in NAMES, (place, name)
            assert order.index(NAMES[name][0]) <= order.index(moment), (place, name)
    for place in ("bidding.min", "bidding.rules", "scoring.made", "scoring.cases", "scoring.adjustments"):
        assert set(GAME_PLAYER_NAMES) <= set(PLACES[place][1]), place


def test_diff_refuses_a_bid_out_of_the_players_own_range_after_the_game_before(tmp_path: Path) -> None:
    """``diff`` checks a grid round's bids against each player's own range after the
    game before it: after a round 1 that leaves P2 last (P1 20, P2 -10, P3 10), P2 may
    not bid 0 and P1, leading, may not bid all 2 cards; at a game's start everybody is
    level and leading: 0 to 1."""

    house = _edition(tmp_path, LIMITS)
    players = ("P1", "P2", "P3")
    first = RoundScore(1, 1, {"P1": 1, "P2": 1, "P3": 0}, {"P1": 1, "P2": 0, "P3": 0}, {"P1": 20, "P2": -10, "P3": 10})
    so_far = GameSoFar.after(players, [first], last_leader="P1")
    assert bids_refusal(house, {"P1": 0, "P2": 0, "P3": 0}, 2, 2, so_far) == "P2's bid 0 is out of range 1..2"
    assert bids_refusal(house, {"P1": 2, "P2": 1, "P3": 0}, 2, 2, so_far) == "P1's bid 2 is out of range 0..1"
    assert bids_refusal(house, {"P1": 1, "P2": 2, "P3": 2}, 2, 2, so_far) is None
    assert bids_refusal(house, {"P1": 0, "P2": 2, "P3": 0}, 2, 2) == "P2's bid 2 is out of range 0..1"
    code, out, _ = run("diff", "skullking-2021", str(house_rule(tmp_path, LIMITS)))
    assert code == 0
    assert "game so far: round 1:" in out and "refused by B: P2's bid 0 is out of range 1..2" in out


#: A house rule: from round 2 on, the player who made the most bids so far leads the
#: round's first trick (the earliest seat of those level).
MOST_MADE = "play:\n  first_leader: if round == 1 then 0 else seat_of_highest(past_count(made == 1))\n"


def test_the_player_with_most_bids_made_leads(tmp_path: Path) -> None:
    """A house rule: from round 2 the player who made the most bids so far leads
    (seat_of_highest over each player's earlier rounds). In random games the leader of
    each round is the earliest seat among those with the most bids made, counted here
    from the rounds' own scores."""
    edition = _edition(tmp_path, MOST_MADE)
    led: set[str] = set()
    for seed in range(4):
        game, moves = Game(edition, PLAYERS, seed=seed), random.Random(seed)
        made = dict.fromkeys(PLAYERS, 0)
        while not game.over:
            round_ = game.next_round()
            play_randomly(round_, moves)
            most = max(made.values())
            expected = PLAYERS[0] if round_.number == 1 else next(p for p in PLAYERS if made[p] == most)
            assert round_.tricks[0].players[0] == expected
            led.add(expected)
            score = round_.score()
            for player in PLAYERS:
                made[player] += int(score.bids[player] == score.won[player])
    assert len(led) > 1  # (the rule moved the lead)


def test_a_seat_formula_reads_a_players_names_only_in_a_seat_aggregate(tmp_path: Path) -> None:
    """`total` alone in a seat formula has no player to be about: refused at its place,
    saying to read it in seat_of_highest or seat_of_lowest; a seat aggregate outside a
    seat formula is refused too, naming where it is known."""
    code, out, err = run("validate", str(house_rule(tmp_path, "play:\n  dealer: total\n")))
    assert code == 1
    assert "5:11: unknown name 'total' in 'total': it is each player's: a seat formula reads it inside" in out + err
    case = "scoring:\n  schemes:\n    classic:\n      cases:\n        made: {points: seat_of_lowest(total)}\n"
    code, out, err = run("validate", str(house_rule(tmp_path, case)))
    assert code == 1 and "seat_of_lowest() is not known here: it gives a seat, in the formulas of a seat" in out + err


def test_the_player_in_last_place_deals_by_a_seat_aggregate(tmp_path: Path) -> None:
    """A house rule: the player with the lowest total deals (seat_of_lowest(total)), the
    player after the dealer leading. Round 1 (Cy deals, Ann leads): Ann's yellow 9 takes
    Bo's 3 and Cy's 5; Ann made 1 (20), Bo 0 (10), Cy missed 1 (-10). Cy, last, deals
    round 2 and Ann leads it (by the default rule Ann would deal and Bo lead)."""
    rules = _edition(tmp_path, "play:\n  dealer: if round == 1 then 2 else seat_of_lowest(total)\n")
    game, moves = Game(rules, PLAYERS, seed=1), random.Random(1)
    first = game.next_round(hands={"Ann": ["Y9"], "Bo": ["Y3"], "Cy": ["Y5"]})
    for player, bid in (("Ann", 1), ("Bo", 0), ("Cy", 1)):
        first.bid(player, bid)
    for player, card in (("Ann", "Y9"), ("Bo", "Y3"), ("Cy", "Y5")):
        first.play(player, card)
    assert dict(first.score().points) == {"Ann": 20, "Bo": 10, "Cy": -10}
    second = game.next_round()
    play_randomly(second, moves)
    assert second.tricks[0].players[0] == "Ann"


#: A house rule: a tie for first after the schedule goes to the tied player who made the
#: most bids over the game; players still level share it. Two rounds of 1 and 2 cards.
MOST_MADE_WINS = (
    "scoring:\n  ties: shared\n  tie_breaker: past_count(made == 1)\n"
    "schedule:\n  default: two\n  variants:\n    two: {title: Two rounds, rounds: [1, 2]}\n"
)


def test_a_tie_for_first_goes_to_the_most_bids_made(tmp_path: Path) -> None:
    """A house rule: of the players tied for first, the one who made the most bids over
    the game wins. Round 1 (1 card): Ann 0 of 0 (10), Bo 0 but takes 1 (-10), Cy 1 of 0
    (-10); round 2 (2 cards): Ann 0 of 0 (20), Bo 2 of 2 (40), Cy 0 of 0 (20). Ann and Bo
    tie at 30; Ann made two bids, Bo one: Ann wins. Without the rule they share it."""
    rounds = [
        {"bids": {"Ann": 0, "Bo": 0, "Cy": 1}, "won": {"Ann": 0, "Bo": 1, "Cy": 0}},
        {"bids": {"Ann": 0, "Bo": 2, "Cy": 0}, "won": {"Ann": 0, "Bo": 2, "Cy": 0}},
    ]
    scored = _edition(tmp_path, MOST_MADE_WINS).score_sheet({"players": PLAYERS, "rounds": rounds})
    assert dict(scored.totals) == {"Ann": 30, "Bo": 30, "Cy": 10}
    assert scored.winners == ("Ann",)
    shared = _edition(tmp_path, MOST_MADE_WINS.replace("past_count(made == 1)", "0"))
    assert shared.score_sheet({"players": PLAYERS, "rounds": rounds}).winners == ("Ann", "Bo")


def test_a_tie_breaker_spares_the_tie_break_round(tmp_path: Path) -> None:
    """A house rule: ties are played off in another round, unless the most bids made
    decides (tie_breaker). In random three-player games of two rounds, a game goes to a
    tie-break round exactly when the players tied for first also made as many bids."""
    rules = MOST_MADE_WINS.replace("ties: shared", "ties: extra_round")
    edition = _edition(tmp_path, rules)
    decided = 0
    for seed in range(60):
        game, moves = Game(edition, PLAYERS, seed=seed), random.Random(seed)
        while not game.over:
            play_randomly(game.next_round(), moves)
        scores = [r.score() for r in game.rounds[:2]]
        totals = {p: sum(s.points[p] for s in scores) for p in PLAYERS}
        made = {p: sum(s.bids[p] == s.won[p] for s in scores) for p in PLAYERS}
        first = [p for p in PLAYERS if totals[p] == max(totals.values())]
        level = [p for p in first if made[p] == max(made[q] for q in first)]
        assert (len(game.rounds) > 2) == (len(level) > 1), (totals, made)
        decided += len(first) > 1 and len(level) == 1
    assert decided  # (some tie was broken by the bids made)
