"""`validate` warns of formulas that can never matter, found over every value their
names can take in the edition (:mod:`skullking.analysis.formulas`).

Each test writes a small overlay of the 2021 edition in ``tmp_path``: a scoring case
that never applies or is never reached, a bidding rule that refuses no bid or every
bid, an adjustment that changes nothing, and beside each a formula just as close that
does matter, so gets no warning. The 2021 edition deals 1 to 10 cards to 2 to 8
players, and bids run from 0 to the cards dealt (its defaults).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking.analysis import formulas
from skullking.analysis.lint import CODES, validate_file
from skullking.core.errors import Problem
from skullking.edition import Edition
from skullking.loading.loader import check
from skullking.loading.playable import tie_break_rounds
from skullking.model.records import fixed
from skullking.play.randomplay import play_randomly
from skullking.scoring.schemes import Scorer

FORMULA_CODES = ("case-never-applies", "case-never-reached", "bid-rule-never-matters", "adjustment-changes-nothing")
EDITIONS = Path(__file__).resolve().parents[2] / "editions"
HEAD = "extends: skullking-2021\nid: house\ntitle: A house rule\n"
#: A scheme of two names and a few cases, so that an adjustment's points are worked
#: out over few combinations (the 2021 classic scheme reads seven names).
SMALL = """scoring:
  default: small
  schemes:
    small:
      made: won == bid
      cases:
        - {id: made, when: won == bid, points: 10 * bid + 10}
        - {id: missed, points: -10}
"""


def _warnings(tmp_path: Path, text: str, name: str = "house.yaml") -> tuple[Path, list[Problem]]:
    path = tmp_path / name
    path.write_text(HEAD + text, encoding="utf-8")
    edition, problems = validate_file(path, use_cache=False)
    assert edition is not None, [str(p) for p in problems]
    assert all(p.severity == "warning" for p in problems), [str(p) for p in problems]
    return path, [p for p in problems if p.code in FORMULA_CODES]


def _at(path: Path, problem: Problem) -> str:
    """The warned text: from the problem's column to the end of its line."""
    assert Path(problem.file).resolve() == path.resolve(), problem
    return path.read_text(encoding="utf-8").splitlines()[problem.line - 1][problem.column - 1 :]


def test_the_codes_are_validate_codes() -> None:
    """Each new warning has a code of its own, which a file may allow."""
    assert set(FORMULA_CODES) <= set(CODES)


# ------------------------------------------------------------------ scoring cases


def test_a_case_for_more_tricks_than_cards_never_applies(tmp_path: Path) -> None:
    """A case whose condition no round allows (no player wins more tricks than the
    cards dealt, as every rulebook deals one card per trick) is warned of at its
    condition, in the overlay that added it."""
    path, found = _warnings(
        tmp_path,
        "scoring:\n  schemes:\n    classic:\n      cases:\n"
        "        too-many: {before: zero-made, when: won > cards, points: 0}\n",
    )
    assert [p.code for p in found] == ["case-never-applies"]
    assert "'too-many' of scheme 'classic' can never apply" in found[0].message
    assert _at(path, found[0]).startswith("won > cards")


def test_a_base_case_whose_condition_an_overlay_changes_is_warned_of_in_the_overlay(tmp_path: Path) -> None:
    """The warning stands where the dead condition was written: the overlay that
    changed the 2021 'made' case's condition, not the bundled file."""
    path, found = _warnings(
        tmp_path, "scoring:\n  schemes:\n    classic:\n      cases:\n        made: {when: won > cards}\n"
    )
    assert [p.code for p in found] == ["case-never-applies"]
    assert "'made' of scheme 'classic'" in found[0].message
    assert (found[0].line, _at(path, found[0])) == (8, "won > cards}")


def test_a_case_for_a_zero_bid_in_round_1_applies(tmp_path: Path) -> None:
    """A case that some round allows (a made zero bid in round 1, the example house
    rule) gets no warning, nor do the 2021 cases after it."""
    _, found = _warnings(
        tmp_path,
        "scoring:\n  schemes:\n    classic:\n      cases:\n"
        "        zero-in-round-1: {before: zero-made, when: bid == 0 and won == 0 and round == 1, points: 0}\n",
    )
    assert found == []


def test_a_case_after_one_that_always_applies_is_never_reached(tmp_path: Path) -> None:
    """Cases are tried in order and the first that holds gives the points (the 2021
    file's scoring): after a case whose condition always holds (every bid is 0 or
    more), the next can never be reached, and the warning names the case in its way."""
    path, found = _warnings(
        tmp_path,
        SMALL.replace("when: won == bid,", "when: bid >= 0,"),
    )
    assert [p.code for p in found] == ["case-never-reached"]
    assert found[0].message.endswith("can never be reached: case 'made' before it always applies")
    assert _at(path, found[0]).startswith("{id: missed")


def test_cases_that_together_cover_every_result_leave_the_next_unreached(tmp_path: Path) -> None:
    """A made bid and a missed one cover every result, so a case after both is never
    reached though neither always applies."""
    text = SMALL.replace(
        "        - {id: missed, points: -10}\n",
        "        - {id: lost, when: won != bid, points: -10}\n        - {id: rest, points: 0}\n",
    )
    path, found = _warnings(tmp_path, text)
    assert [p.code for p in found] == ["case-never-reached"]
    assert "'rest'" in found[0].message and "wherever its condition holds, a case before it" in found[0].message
    assert _at(path, found[0]).startswith("{id: rest")


def test_a_case_after_one_that_only_sometimes_applies_is_reached(tmp_path: Path) -> None:
    """After a case that does not always apply (a bid of 1 or more), the next case is
    reached: no warning."""
    _, found = _warnings(tmp_path, SMALL.replace("when: won == bid,", "when: bid >= 1,"))
    assert found == []


# ------------------------------------------------------------------ bidding rules


def test_a_bidding_rule_the_bid_range_already_keeps_refuses_no_bid(tmp_path: Path) -> None:
    """A rule that every bid of the range keeps (a bid is at most the cards dealt, and
    the total at least one's own bid) refuses nothing: both are warned of, at their
    condition."""
    path, found = _warnings(
        tmp_path,
        "bidding:\n  rules:\n"
        "    - {id: at-most-cards, require: bid <= cards, description: a bid of at most the cards}\n"
        "    - {id: total, require: total_bids >= bid, description: the total holds the bid}\n",
    )
    assert [p.code for p in found] == ["bid-rule-never-matters"] * 2
    assert all("refuses no bid" in p.message for p in found)
    assert [_at(path, p).split(",")[0] for p in found] == ["bid <= cards", "total_bids >= bid"]


def test_a_bidding_rule_no_player_keeps_refuses_every_bid(tmp_path: Path) -> None:
    """A rule about the standings (which loading leaves to play) that nobody keeps
    refuses every bid: no player ranks below 1."""
    path, found = _warnings(
        tmp_path,
        "bidding:\n  rules:\n    - {id: nobody, require: rank < 1 or bid < 0, description: never}\n",
    )
    assert [p.code for p in found] == ["bid-rule-never-matters"]
    assert "refuses every bid" in found[0].message
    assert _at(path, found[0]).startswith("rank < 1")


def test_a_bidding_rule_that_refuses_some_bids_is_not_warned_of(tmp_path: Path) -> None:
    """The rules tables play (the total of the bids never the cards dealt, bidding in
    turn the last bidder kept from it; no zero bid in round 1) refuse some bids and
    allow others: no warning. (Up to 4 players: what loading tries of bids in turn
    stays short.)"""
    _, found = _warnings(
        tmp_path,
        "players: {max: 4}\nbidding:\n  order: in_turn\n  rules:\n"
        "    - {id: not-exact, require: total_bids != cards, description: no exact total}\n"
        "    - {id: last, require: position < players - 1 or bids_before + bid != cards, description: last}\n"
        "    - {id: no-zero, require: round != 1 or bid >= 1, description: no zero in round 1}\n",
    )
    assert found == []


# ------------------------------------------------------------------ adjustments


def test_an_adjustment_to_the_same_points_changes_nothing(tmp_path: Path) -> None:
    """An adjustment whose points are the points it is given (after one that does
    change them: 10 back on a missed bid) changes nothing: warned of at its points."""
    path, found = _warnings(
        tmp_path,
        SMALL + "      adjustments:\n        - {id: back, when: won != bid, points: points + 10}\n"
        "        - {id: same, when: last_round == 1 and won != bid, points: points * 1 + 0}\n",
    )
    assert [p.code for p in found] == ["adjustment-changes-nothing"]
    assert "'same' of scheme 'small' changes nothing: its points" in found[0].message
    assert _at(path, found[0]).startswith("points * 1 + 0")


def test_an_adjustment_whose_condition_never_holds_changes_nothing(tmp_path: Path) -> None:
    """An adjustment for a bid above the cards dealt never applies."""
    path, found = _warnings(
        tmp_path,
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        over: {when: bid > cards, points: points + 5}\n",
    )
    assert [p.code for p in found] == ["adjustment-changes-nothing"]
    assert found[0].message.endswith("its condition 'bid > cards' never holds")
    assert _at(path, found[0]).startswith("bid > cards")


def test_an_adjustment_that_changes_some_points_is_not_warned_of(tmp_path: Path) -> None:
    """Points made 0 where they are negative change a missed bid's: no warning; nor
    for the catch-up example's 10 more in last place."""
    _, found = _warnings(
        tmp_path,
        SMALL + "      adjustments:\n        - {id: no-loss, when: points < 0, points: 0}\n"
        "        - {id: catch-up, when: last == 1 and won == bid, points: points + 10}\n",
    )
    assert found == []


def test_the_points_an_adjustment_reads_follow_the_cases(tmp_path: Path) -> None:
    """The points an adjustment is given are the first case's that holds: a made bid
    scores at least 10 in the small scheme, so a floor of 10 on made bids changes
    nothing, while a floor of 20 does."""
    text = SMALL + "      adjustments:\n        - {id: floor, when: won == bid, points: 'max(points, LOW)'}\n"
    _, found = _warnings(tmp_path, text.replace("LOW", "10"))
    assert [p.code for p in found] == ["adjustment-changes-nothing"]
    _, found = _warnings(tmp_path, text.replace("LOW", "20"), "other.yaml")
    assert found == []


# ------------------------------------------------------------------ what is not claimed


def test_a_formula_reading_points_so_far_claims_nothing(tmp_path: Path) -> None:
    """A player's total cannot be bounded: a rule that reads it is not said to refuse
    no bid, though every bid keeps this one."""
    _, found = _warnings(
        tmp_path,
        "bidding:\n  rules:\n    - {id: any, require: total >= 0 or total < 0, description: always}\n",
    )
    assert found == []


def test_a_formula_reading_the_earlier_rounds_claims_nothing(tmp_path: Path) -> None:
    """The earlier rounds cannot be bounded (a game may be long, and a tie may add
    rounds): an adjustment for a bid made in an earlier round holds from round 2 on,
    though it never holds in round 1, and is not said to change nothing; nor is a
    bidding rule that every bid keeps in round 1 (but a player who bid more than 0
    before may not bid 0)."""
    _, found = _warnings(
        tmp_path,
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        streak: {when: past_count(made == 1) >= 1, points: points + 5}\n"
        "bidding:\n  rules:\n    - {id: r, require: past_every(bid == 0) or bid >= 1, description: d}\n",
    )
    assert found == []


def test_round_numbers_are_bounded_only_without_tie_break_rounds(tmp_path: Path) -> None:
    """The 2021 edition breaks a tie for first with another round (the 2024 printing
    of the rulebook), which a tie may repeat: round numbers have no end, and a case
    for a round past the schedule's 10 is not said never to apply. Where ties are
    shared, no game has an 11th round: it is."""
    case = "  schemes:\n    classic:\n      cases:\n        late: {before: zero-made, when: round > 10, points: 0}\n"
    _, found = _warnings(tmp_path, "scoring:\n" + case)
    assert found == []
    path, found = _warnings(tmp_path, "scoring:\n  ties: shared\n" + case, "shared.yaml")
    assert [p.code for p in found] == ["case-never-applies"]
    assert _at(path, found[0]).startswith("round > 10")


def test_too_many_combinations_claim_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_STATES combinations of values a check claims nothing: the adjustment
    that changes nothing is warned of only when its combinations fit."""
    text = SMALL + "      adjustments:\n        - {id: same, when: last_round == 1, points: points * 1}\n"
    _, found = _warnings(tmp_path, text)
    assert [p.code for p in found] == ["adjustment-changes-nothing"]
    domain_size = formulas.MAX_STATES
    monkeypatch.setattr(formulas, "MAX_STATES", 50)
    _, found = _warnings(tmp_path, text, "limited.yaml")
    assert found == [] and domain_size > 50


def test_a_comment_allows_the_formula_warnings(tmp_path: Path) -> None:
    """`# skullking-validate: allow CODE` silences a formula warning like any other."""
    text = "bidding:\n  rules:\n    - {id: at-most-cards, require: bid <= cards, description: d}\n"
    _, found = _warnings(tmp_path, text + "# skullking-validate: allow bid-rule-never-matters\n")
    assert found == []


# ------------------------------------------------------------------ the domain


def _domain_2021() -> tuple[Edition, formulas.Domain]:
    checked = check(EDITIONS / "skullking-2021.yaml")
    assert checked.edition is not None and checked.root is not None
    return checked.edition, formulas.Domain(checked.edition, tie_break_rounds(checked.edition, checked.root.plain()))


def test_the_domain_keeps_what_ties_the_names() -> None:
    """The combinations of the 2021 edition: won and bid within the cards dealt,
    the total of the bids within the others' range, bids before within the bidders'
    before, round 1 at a game's start; every round of its schedules is there."""
    _, domain = _domain_2021()
    states = [dict(s) for s in domain.search({"bid", "won", "cards", "total_bids", "players"})]
    assert all(0 <= s["bid"] <= s["cards"] and 0 <= s["won"] <= s["cards"] for s in states)
    assert all(s["bid"] <= s["total_bids"] <= s["bid"] + (s["players"] - 1) * s["cards"] for s in states)
    # (8 players are dealt at most 8 cards: the 2021 hand limit)
    dealt = {(c, n) for c in range(1, 11) for n in range(2, 9) if n < 8 or c <= 8}
    assert {(s["cards"], s["players"]) for s in states} == dealt
    assert {s["total_bids"] for s in states if s["cards"] == 8 and s["players"] == 8} == set(range(65))
    game = domain.search({"round", "rank", "total"})
    assert {s["rank"] for s in game if s["round"] == 1} == {1}
    assert not game.complete  # (points so far cannot be bounded)


def test_rounds_played_stay_within_the_domain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Soundness: in random games of the 2021 edition (Rascal's scoring, with wagers
    and loads; 2 to 8 players, each schedule), every player's values when a round is
    scored are among the domain's: the round, its cards and bid range, the tricks
    won, the bonus sum for those tricks, the alliance points and the wager (a second
    tie-break round is the first's but for its number, which the domain says it
    cannot bound)."""
    edition, domain = _domain_2021()
    rounds = {(r.players, r.cards, r.number, r.rounds): r for r in domain.rounds}
    share = edition.alliance_points()
    seen: list[dict[str, Any]] = []
    original = Scorer.points

    def spy(self: Scorer, **kwargs: Any) -> object:
        seen.append(dict(kwargs))
        return original(self, **kwargs)

    monkeypatch.setattr(Scorer, "points", spy)
    rng = random.Random(3)
    for game_number in range(16):
        players = [f"P{i}" for i in range(2 + game_number % 7)]
        schedule = edition.schedules[game_number % len(edition.schedules)].id
        game = skullking.Game(edition, players, schedule=schedule, scheme="rascal", seed=game_number)
        while not game.over:
            play_randomly(game.next_round(), rng)
    assert len(seen) > 100
    points = {b.id: fixed(b.points) for b in edition.bonuses}
    met: set[str] = set()
    for call in seen:
        bids, won = call["bids"], call["won"]
        assert isinstance(bids, dict) and isinstance(won, dict)
        number, length = call["number"], call["rounds"]
        assert isinstance(number, int) and isinstance(length, int)
        if number > length + 1:  # another tie: a round number the domain does not bound
            assert domain.more_rounds
        r = rounds[(len(bids), call["cards"], min(number, length + 1), length)]
        bonus: dict[str, int] = {}
        for player, ids in call["captured"]:
            bonus[player] = bonus.get(player, 0) + sum(points[i] for i in ids)
        allied: dict[str, int] = {}
        for loot, winner in call["alliances"]:
            for player in {loot, winner}:
                allied[player] = allied.get(player, 0) + share
        for player, bid in bids.items():
            assert r.low <= bid <= r.high and 0 <= won[player] <= r.cards
            state = {"won": won[player]}
            sums = {state["bonus"] for _ in domain.bonus(r, state)}
            assert bonus.get(player, 0) in sums
            assert allied.get(player, 0) in domain.alliance
            assert call["wagers"].get(player, 0) in domain.wagers
            met |= {n for n, v in (("bonus", bonus.get(player, 0)), ("alliance", allied.get(player, 0))) if v}
            met |= {"wager"} if call["wagers"].get(player, 0) else set()
    assert met == {"bonus", "alliance", "wager"}  # (the games met each)


@pytest.mark.parametrize(
    "names",
    [
        {"bid", "total_bids"},
        {"position", "bids_before", "total_bids", "cards"},
        {"won", "bonus", "alliance", "wager"},
        {"rank", "last", "deals", "round", "previous_bid"},
        {"played_pirate", "played_card_loot", "cards"},
    ],
    ids=lambda names: "-".join(sorted(names)),
)
def test_the_combinations_counted_are_those_listed(names: set[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit is applied to the count of combinations, worked out without listing
    them: it is exactly how many are listed (here in the 2021 edition up to 4 players,
    the limit lifted)."""
    _, domain = _domain_2021()
    domain.rounds = [r for r in domain.rounds if r.players <= 4]
    monkeypatch.setattr(formulas, "MAX_STATES", 10**9)
    search = domain.search(names)
    assert search.size() == sum(1 for _ in search) > 100
