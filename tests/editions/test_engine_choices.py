"""Every choice the engine used to make by itself is a value in the edition file: each
test changes one key in an overlay of skullking-2021 and plays the same
cards, bids or sheet under both settings to show the behaviour change. The defaults are
the engine's former behaviour, so the bundled editions play as before, but for who is
ranked after a tie-break round: the tied players only, as the 2024 printing of the
rulebook has them play another round.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from clihelp import run_json
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import EditionError, GameError, SheetError
from skullking.edition import Edition
from skullking.play.game import Game
from skullking.play.round import Phase, Round

BASE = skullking.load_edition("skullking-2021")


def _overlay(tmp_path: Path, body: str, name: str = "house") -> Edition:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: skullking-2021\nid: {name}\n{body}", encoding="utf-8")
    return skullking.load_edition(path)


def _problems(tmp_path: Path, body: str) -> list[str]:
    with pytest.raises(EditionError) as caught:
        _overlay(tmp_path, body, name="broken")
    return [p.message for p in caught.value.problems]


# --------------------------------------------------------------------- tricks


def test_equal_ranks_under_the_white_whale_go_to_the_first_or_the_last_played(
    resolve_trick: ResolveTrick, tmp_path: Path
) -> None:
    """Under the White Whale suits are stripped (the 2021 rulebook): two 7s tie. The engine gave
    the trick to the first 7; `winner.ties: last_played` gives it to the last."""
    trick = ["Y7", "WHALE", "G7"]
    assert resolve_trick(BASE, trick).winner == 0
    last = _overlay(
        tmp_path,
        "effects:\n  list:\n    white-whale:\n      precedence:\n"
        "        highest-number: {winner: {pick: highest, of: numbered, ties: last_played}}\n",
    )
    for _ in range(3):  # (without tables: the pattern seen, its plan built, then used)
        assert resolve_trick(last, last.parse_cards("Y7 WHALE G7")).winner == 2
    assert resolve_trick(last, ["Y7", "WHALE", "G9", "P9"]).winner == 3


def test_ties_only_apply_to_highest_or_lowest(tmp_path: Path) -> None:
    messages = _problems(tmp_path, "precedence:\n  pirate: {winner: {pick: first, of: pirate, ties: last_played}}\n")
    assert any("'ties' applies to pick highest or lowest" in m for m in messages)


@pytest.mark.parametrize(
    ("setting", "expected"),
    [(None, 1), ("trick_leader", 1), ("left_of_trick_leader", 2), ("last_player", 2)],
)
def test_who_leads_after_a_trick_without_a_winner_when_no_strategy_names_one(
    resolve_trick: ResolveTrick, tmp_path: Path, setting: str | None, expected: int
) -> None:
    """Kraken and White Whale alone (the 2021 rulebook's "Roiling waters": the Whale cancelled): no
    card would have won without them, so no next_leader strategy names a seat; the
    engine fell back to the trick's leader. `play.no_winner_leads` says who leads."""
    edition = BASE if setting is None else _overlay(tmp_path, f"play: {{no_winner_leads: {setting}}}\n")
    result = resolve_trick(edition, ["WHALE", "KRAKEN"], leader=1, players=3)
    assert (result.winner, result.next_leader) == (None, expected)


def test_a_trick_no_precedence_rule_decides_is_led_next_as_the_edition_says(
    resolve_trick: ResolveTrick, tmp_path: Path
) -> None:
    """Without the all-escape rule, a trick of escapes has no winner; who leads next
    follows `play.no_winner_leads` too."""
    no_rule = _overlay(tmp_path, "precedence: {all-escape: null}\n", name="a")
    assert resolve_trick(no_rule, ["E", "E", "E"], leader=2).next_leader == 2
    left = _overlay(tmp_path, "precedence: {all-escape: null}\nplay: {no_winner_leads: left_of_trick_leader}\n")
    result = resolve_trick(left, ["E", "E", "E"], leader=2)
    assert (result.winner, result.next_leader) == (None, 0)


def test_suit_may_be_left_unfollowed(tmp_path: Path) -> None:
    """The 2021 rulebook: a numbered card must follow the led suit when the hand holds it;
    `play.follow_suit: may` lets any card be played."""
    assert [str(p) for p in BASE.legal_plays("Y3 G5 E", "Y10")] == ["Y3", "E"]
    free = _overlay(tmp_path, "play: {follow_suit: may}\n")
    assert [str(p) for p in free.legal_plays("Y3 G5 E", "Y10")] == ["Y3", "G5", "E"]
    r = Round(free, ["Ann", "Bo"], cards=1, hands={"Ann": "Y3", "Bo": "G5", "Graybeard": "P1"})
    r.bid("Ann", 0)
    r.bid("Bo", 0)
    r.play("Ann", "Y3")
    assert [str(p) for p in r.legal_plays()] == ["G5"]


# --------------------------------------------------------------------- leaders and bidding


def test_the_first_leader_of_a_round_is_a_formula(tmp_path: Path) -> None:
    """The deal passes left and the player after the dealer leads (the 2021 rulebook):
    round n is led by player n-1. `play.first_leader` makes it a formula (here: always the first)."""
    players = ["Ann", "Bo", "Cy"]
    assert Round(BASE, players, number=3, seed=1).first_leader == "Cy"
    fixed = _overlay(tmp_path, "play: {first_leader: '0'}\n")
    assert Round(fixed, players, number=3, seed=1).first_leader == "Ann"
    sheet: dict[str, Any] = {
        "players": players,
        "rounds": [
            {"cards": 1, "bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "tricks": [["Y3", "Y9", "Y5"]]},
        ]
        * 2,
    }
    # Round 2: Bo leads by default, so Y9 is Cy's card (Cy wins); Ann leads under the
    # overlay, so Y9 is Bo's.
    assert BASE.score_sheet(sheet).rounds[1].points == {"Ann": 10, "Bo": 10, "Cy": -10}
    assert fixed.score_sheet(sheet).rounds[1].points == {"Ann": 10, "Bo": -10, "Cy": 10}


def test_the_range_of_a_bid_is_a_formula(tmp_path: Path) -> None:
    """Bids run from 0 to the cards dealt (the 2021 rulebook); `bidding.min`/`max` change that."""
    no_zero = _overlay(tmp_path, "bidding: {min: 1}\n")
    r = Round(no_zero, ["Ann", "Bo", "Cy"], number=2, seed=4)
    with pytest.raises(GameError, match="not a whole number from 1 to 2"):
        r.bid("Ann", 0)
    assert r.legal_bids("Ann") == (1, 2)
    Round(BASE, ["Ann", "Bo", "Cy"], number=2, seed=4).bid("Ann", 0)
    sheet = {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 0, "Bo": 1}, "won": {"Ann": 0, "Bo": 1}}]}
    BASE.score_sheet(sheet)
    with pytest.raises(SheetError, match=r"Ann's bid 0 is out of range 1\.\.1"):
        no_zero.score_sheet(sheet)


def test_bidding_in_turn_from_the_first_leader_or_a_given_seat(tmp_path: Path) -> None:
    """Bids are revealed at once (the 2021 rulebook): any order. `bidding.order: in_turn` has players
    bid one after another from the round's first leader, or from `first_bidder`."""
    players = ["Ann", "Bo", "Cy"]
    assert Round(BASE, players, number=2, seed=1).to_bid == ("Ann", "Bo", "Cy")
    in_turn = _overlay(tmp_path, "bidding: {order: in_turn}\n", name="a")
    r = Round(in_turn, players, number=2, seed=1)
    assert r.to_bid == ("Bo",)
    with pytest.raises(GameError, match="it is Bo's turn to bid, not Ann's"):
        r.bid("Ann", 1)
    r.bid("Bo", 1)
    assert r.to_bid == ("Cy",)
    dealer_last = _overlay(tmp_path, "bidding: {order: in_turn, first_bidder: leader + 1}\n")
    assert Round(dealer_last, players, number=2, seed=1).to_bid == ("Cy",)


def test_first_bidder_needs_bidding_in_turn(tmp_path: Path) -> None:
    assert any(
        "'first_bidder' needs 'order: in_turn'" in m for m in _problems(tmp_path, "bidding: {first_bidder: 0}\n")
    )


def test_a_rule_over_all_bids_refuses_the_last_bid(tmp_path: Path) -> None:
    """A house rule: the bids may not add up to the cards dealt ("screw the dealer").
    Round.bid refuses the bid that breaks it, naming the rule; a sheet gets a located
    error naming it."""
    body = (
        "bidding:\n  order: in_turn\n  rules:\n    - id: no-exact-total\n      require: total_bids != cards\n"
        "      description: the bids may not add up to the cards dealt\n"
    )
    house = _overlay(tmp_path, body)
    r = Round(house, ["Ann", "Bo", "Cy"], number=3, seed=2)  # Cy leads and bids first
    r.bid("Cy", 1)
    r.bid("Ann", 1)
    assert 1 not in r.legal_bids("Bo")
    with pytest.raises(GameError, match="the bids break bidding rule 'no-exact-total': the bids may not add up"):
        r.bid("Bo", 1)
    r.bid("Bo", 2)
    assert r.phase is Phase.PLAYING
    sheet = (
        "players: [Ann, Bo, Cy]\nrounds:\n  - cards: 3\n"
        "    bids: {Ann: 1, Bo: 1, Cy: 1}\n    won: {Ann: 1, Bo: 1, Cy: 1}\n"
    )
    BASE.score_sheet(sheet)
    with pytest.raises(SheetError) as caught:
        house.score_sheet(sheet, file="s.yaml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (4, 11)
    assert "round 1: the bids break bidding rule 'no-exact-total'" in problem.message


def test_rules_on_each_bid_aggregates_and_the_bidding_order(tmp_path: Path) -> None:
    """A cap per player is checked as each bid is made; `count(...)` looks at every bid;
    `position` and `bids_before` see the bidding order."""
    body = (
        "bidding:\n  order: in_turn\n  rules:\n"
        "    cap: {require: bid <= 2, description: nobody bids more than 2}\n"
        "    one-zero: {require: count(bid == 0) <= 1}\n"
        "    first-not-zero: {require: position > 0 or bid > 0}\n"
        "    not-above-before: {require: position == 0 or bid <= bids_before}\n"
    )
    house = _overlay(tmp_path, body)
    r = Round(house, ["Ann", "Bo", "Cy"], number=5, seed=3, cards=5)  # Bo bids first (round 5, 3 players)
    assert r.to_bid == ("Bo",)
    with pytest.raises(GameError, match="Bo's bid 3 breaks bidding rule 'cap': nobody bids more than 2"):
        r.bid("Bo", 3)
    with pytest.raises(GameError, match="Bo's bid 0 breaks bidding rule 'first-not-zero'"):
        r.bid("Bo", 0)
    r.bid("Bo", 1)
    with pytest.raises(GameError, match="Cy's bid 2 breaks bidding rule 'not-above-before'"):
        r.bid("Cy", 2)
    r.bid("Cy", 0)
    assert r.legal_bids("Ann") == (1,)  # 0 would be a second zero; 2 is more than 1 + 0


def test_bidding_rules_name_only_what_they_may_see(tmp_path: Path) -> None:
    messages = _problems(tmp_path, "bidding:\n  rules:\n    - {id: r, require: bids_before <= 3}\n")
    assert any("unknown name 'bids_before'" in m for m in messages)


# --------------------------------------------------------------------- scoring


LOOT_SHEET = (
    "players: [Ann, Bo, Cy]\nrounds:\n"
    "  - cards: 2\n    bids: {Ann: 0, Bo: 2, Cy: 1}\n    won: {Ann: 0, Bo: 1, Cy: 1}\n    loot: [[Ann, Bo]]\n"
)


@pytest.mark.parametrize(("pays", "ann", "bo"), [(None, 20, -10), ("own_made", 40, -10), ("always", 40, 10)])
def test_when_an_alliance_pays(tmp_path: Path, pays: str | None, ann: int, bo: int) -> None:
    """The Loot pays 20 to each ally only when both made their bid (the 2021 rulebook, the official
    FAQ); `effects.list[].pays` makes it own_made or always. Ann played the Loot and made her
    zero bid; Bo won the trick and missed his bid (a missed bid here also counts the
    alliance, so that `always` can show)."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      cases:\n        missed: {points: -10 * abs(won - bid) + alliance}\n"
    )
    if pays is not None:
        body += f"effects:\n  list:\n    loot: {{pays: {pays}}}\n"
    points = _overlay(tmp_path, body).score_sheet(LOOT_SHEET).rounds[0].points
    assert (points["Ann"], points["Bo"]) == (ann, bo)
    assert BASE.score_sheet(LOOT_SHEET).rounds[0].points["Ann"] == 20


def test_pays_applies_to_alliances_only(tmp_path: Path) -> None:
    messages = _problems(tmp_path, "effects:\n  list:\n    kraken: {pays: always}\n")
    assert any("'pays' does not apply to a destroy_trick effect" in m for m in messages)


def test_a_result_no_case_covers_is_refused_or_scores_zero(tmp_path: Path) -> None:
    """The last case had to have no 'when' (so every result gets points); `otherwise:
    zero` lets a scheme leave results uncovered, scoring them 0."""
    messages = _problems(tmp_path, "scoring:\n  schemes:\n    classic:\n      cases: {missed: null}\n")
    assert any("the last case must have no 'when'" in m for m in messages)
    zero = _overlay(
        tmp_path, "scoring:\n  schemes:\n    classic:\n      otherwise: zero\n      cases: {missed: null}\n"
    )
    sheet = {
        "players": ["Ann", "Bo"],
        "rounds": [{"cards": 2, "bids": {"Ann": 2, "Bo": 0}, "won": {"Ann": 1, "Bo": 1}}],
    }
    assert BASE.score_sheet(sheet).rounds[0].points == {"Ann": -10, "Bo": -20}
    assert zero.score_sheet(sheet).rounds[0].points == {"Ann": 0, "Bo": -20}


def test_tie_break_rounds_deal_a_formula(tmp_path: Path) -> None:
    """A tie for first is broken by another round (the 2024 printing of the rulebook); how many cards it deals is
    not said: the engine dealt the schedule's last count, `scoring.extra_round_cards`
    makes it a value."""

    def tie_break_cards(edition: Edition) -> int:
        game = Game(edition, ["Ann", "Bo", "Cy"], schedule="past-your-bedtime", seed=1)
        r = game.next_round(hands={"Ann": "Y1", "Bo": "Y2", "Cy": "Y3"})
        for player in ("Ann", "Bo", "Cy"):
            r.bid(player, 0)
        for player, card in (("Ann", "Y1"), ("Bo", "Y2"), ("Cy", "Y3")):
            r.play(player, card)
        assert game.tied == ("Ann", "Bo")
        return game.next_round().cards

    assert tie_break_cards(BASE) == 1
    assert tie_break_cards(_overlay(tmp_path, "scoring: {extra_round_cards: last_cards + 4}\n")) == 5


#: Three players level at -10 after the one round of past-your-bedtime (Ann 1/0, Bo
#: 1/0, Cy 0/1), then a tie-break round of the three, given by its play without its
#: leader: Y9 Y3 Y5 in play order from whoever leads it.
LEVEL_THEN_TIE_BREAK = {
    "players": ["Ann", "Bo", "Cy"],
    "schedule": "past-your-bedtime",
    "rounds": [
        {"bids": {"Ann": 1, "Bo": 1, "Cy": 0}, "won": {"Ann": 0, "Bo": 0, "Cy": 1}},
        {"cards": 1, "bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "tricks": [["Y9", "Y3", "Y5"]]},
    ],
}


def test_tie_break_rounds_are_dealt_and_led_as_values(tmp_path: Path) -> None:
    """A tie for first is broken by another round (the 2024 printing of the rulebook), and
    no source says who deals or leads it: the engine dealt and led it as any round, round
    2 of three players dealt by seat 0 (Ann) and led by seat 1 (Bo), who plays Y9 and
    wins (yellow led, highest yellow): Ann 1/0 -10, Bo 0/1 -10, Cy 0/0 +10, so Cy wins.
    A house rule: the last tied player in seat order deals (``extra_round_dealer:
    players - 1``, Cy) and the player after the dealer leads (Ann): Ann's Y9 wins, Ann
    1/1 +20, Bo and Cy +10, so Ann wins. Another: the dealer leads
    (``extra_round_leader: dealer``, the dealer being Ann as in any round 2)."""
    as_any = BASE.score_sheet(LEVEL_THEN_TIE_BREAK)
    assert dict(as_any.rounds[1].points) == {"Ann": -10, "Bo": -10, "Cy": 10}
    assert as_any.winners == ("Cy",)
    last_deals = _overlay(tmp_path, "scoring: {extra_round_dealer: players - 1}\n", name="last-deals")
    by_value = last_deals.score_sheet(LEVEL_THEN_TIE_BREAK)
    assert dict(by_value.rounds[1].points) == {"Ann": 20, "Bo": 10, "Cy": 10}
    assert by_value.winners == ("Ann",)
    dealer_leads = _overlay(tmp_path, "scoring: {extra_round_leader: dealer}\n", name="dealer-leads")
    assert dealer_leads.score_sheet(LEVEL_THEN_TIE_BREAK).winners == ("Ann",)
    # the schedule's own round is dealt and led as before
    assert dict(last_deals.score_sheet(LEVEL_THEN_TIE_BREAK).rounds[0].points) == {"Ann": -10, "Bo": -10, "Cy": -10}
    # the command line scores the sheet so too
    sheet = tmp_path / "tie.yaml"
    sheet.write_text(yaml.safe_dump(LEVEL_THEN_TIE_BREAK), encoding="utf-8")
    record = run_json("score", str(sheet), "--edition", str(tmp_path / "last-deals.yaml"), "--format", "json")
    assert record["winners"] == ["Ann"] and record["rounds"][1]["points"] == {"Ann": 20, "Bo": 10, "Cy": 10}


def test_a_game_deals_and_leads_its_tie_break_round_as_the_values_say(tmp_path: Path) -> None:
    """The same in a game played move by move: Ann and Bo tie at 10 after one round of
    one card (Cy's Y3 wins the trick against a bid of 0). The tie-break round, round 2 of
    the two of them, is dealt by seat 0 (Ann) and led by seat 1 (Bo) as any round 2 is;
    under a house rule that the last tied player deals (``extra_round_dealer: players -
    1``), Bo deals and Ann, after him, leads."""

    def tie_break(edition: Edition) -> tuple[str, str]:
        game = Game(edition, ["Ann", "Bo", "Cy"], schedule="past-your-bedtime", seed=1)
        r = game.next_round(hands={"Ann": "Y1", "Bo": "Y2", "Cy": "Y3"})
        for player in ("Ann", "Bo", "Cy"):
            r.bid(player, 0)
        for player, card in (("Ann", "Y1"), ("Bo", "Y2"), ("Cy", "Y3")):
            r.play(player, card)
        assert game.tied == ("Ann", "Bo")
        r = game.next_round()
        return r.dealer, r.first_leader

    assert tie_break(BASE) == ("Ann", "Bo")
    assert tie_break(_overlay(tmp_path, "scoring: {extra_round_dealer: players - 1}\n")) == ("Bo", "Ann")


def test_tie_break_seats_need_tie_break_rounds_and_seat_names(tmp_path: Path) -> None:
    """Shared first places play no tie-break round, so who deals or leads one is refused
    there; the formulas read the names of who deals and leads any round."""
    messages = _problems(tmp_path, "scoring: {ties: shared, extra_round_dealer: 0}\n")
    assert any("'extra_round_dealer' needs 'ties: extra_round'" in m for m in messages)
    messages = _problems(tmp_path, "scoring: {extra_round_leader: bid}\n")
    assert any("unknown name 'bid'" in m for m in messages)


def test_who_is_ranked_after_a_tie_break_round(tmp_path: Path) -> None:
    """The 2024 printing of the rulebook: the tied players play another round, so only
    they are ranked after it (`scoring.tie_break_winner: tied_players`, the bundled
    files' value). `all_players` ranks every total again: Ann, at 5 and never tied, wins
    once Bo and Cy, tied at 10, both lose 10."""
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "schedule": "past-your-bedtime",
        "rounds": [
            {"bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "won": {"Ann": 1, "Bo": 0, "Cy": 0}, "extra": {"Ann": 15}},
            {"players": ["Bo", "Cy"], "cards": 1, "bids": {"Bo": 0, "Cy": 1}, "won": {"Bo": 1, "Cy": 0}},
        ],
    }
    tied = BASE.score_sheet(sheet)
    every = _overlay(tmp_path, "scoring: {tie_break_winner: all_players}\n").score_sheet(sheet)
    assert dict(tied.totals) == dict(every.totals) == {"Ann": 5, "Bo": 0, "Cy": 0}
    assert (tied.winners, tied.tie_break) == (("Bo", "Cy"), "extra_round")
    assert (every.winners, every.tie_break) == (("Ann",), None)


def test_who_wins_a_tie_break_needs_tie_break_rounds(tmp_path: Path) -> None:
    """Shared first places play no tie-break round: saying who wins one is refused, but
    sharing them on a base that says it is not."""
    messages = _problems(tmp_path, "scoring: {ties: shared, tie_break_winner: all_players}\n")
    assert any("'tie_break_winner' needs 'ties: extra_round'" in m for m in messages)
    assert _overlay(tmp_path, "scoring: {ties: shared}\n").ties == "shared"


# --------------------------------------------------------------------- formula names


def test_formulas_see_the_schedule_and_every_bid(tmp_path: Path) -> None:
    """Names for the game's context: a made bid is worth double in the schedule's last
    round, and a zero bid made while the bids add up to the cards dealt earns 5 more."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      cases:\n"
        "        last-round-double: {before: made, when: won == bid and last_round == 1, points: 40 * bid + bonus}\n"
        "        exact-zero: {before: zero-made, when: bid == 0 and won == 0 and total_bids == cards,"
        " points: 10 * cards + 5}\n"
    )
    house = _overlay(tmp_path, body)
    rounds = [{"cards": 1, "bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}]
    sheet = {"players": ["Ann", "Bo"], "schedule": "whirlpool-once", "rounds": rounds * 5}
    scored = house.score_sheet(sheet).rounds
    assert [r.points["Ann"] for r in scored] == [20, 20, 20, 20, 40]
    assert [r.points["Bo"] for r in scored] == [15] * 5
    assert [r.points["Ann"] for r in BASE.score_sheet(sheet).rounds] == [20] * 5


def test_aggregates_and_cards_played_per_role(tmp_path: Path) -> None:
    """`count(...)` over the table: the only player who made their bid earns 10 more;
    `played_escape`: each escape played costs 5. Cards played need the whole play."""
    body = (
        "scoring:\n  schemes:\n    classic:\n      cases:\n"
        "        made: {points: 20 * bid + bonus + alliance + wager + (if count(won == bid) == 1 then 10 else 0)"
        " - 5 * played_escape}\n"
    )
    house = _overlay(tmp_path, body)
    round_: dict[str, Any] = {"cards": 2, "bids": {"Ann": 1, "Bo": 0}, "tricks": [["E", "Y5", "G9"], ["G3", "G2", "E"]]}
    sheet = {"players": ["Ann", "Bo"], "rounds": [round_]}
    # Two players: Graybeard plays second. Trick 1: Ann E, ghost Y5, Bo G9 -> ghost wins,
    # leads trick 2: ghost G3, Ann G2, Bo E -> ghost wins. Ann made 0? No: Ann bid 1, won 0.
    base_points = BASE.score_sheet(sheet).rounds[0].points
    assert base_points == {"Ann": -10, "Bo": 20}
    assert house.score_sheet(sheet).rounds[0].points == {"Ann": -10, "Bo": 20}
    round_["bids"] = {"Ann": 0, "Bo": 0}
    assert BASE.score_sheet(sheet).rounds[0].points == {"Ann": 20, "Bo": 20}
    both = house.score_sheet(sheet).rounds[0].points
    assert both == {"Ann": 20, "Bo": 20}  # zero-made is a case of its own: unchanged
    round_["bids"] = {"Ann": 1, "Bo": 1}
    round_["tricks"] = [["Y9", "Y5", "E"], ["G3", "G2", "G9"]]
    # Trick 1: Ann Y9 wins (ghost Y5, Bo E); Ann leads trick 2: Ann G3, ghost G2, Bo G9 -> Bo.
    assert BASE.score_sheet(sheet).rounds[0].points == {"Ann": 20, "Bo": 20}
    assert house.score_sheet(sheet).rounds[0].points == {"Ann": 20, "Bo": 15}
    with pytest.raises(SheetError, match=r"counts the cards each player played \(played_escape\)"):
        house.score_sheet(
            {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}]}
        )


#: A scheme whose points are counts of the cards each player played (the digits apart).
COUNTING = (
    "scoring:\n  default: counting\n  schemes:\n"
    "    - id: counting\n      made: won == bid\n      cases:\n"
    "        - {id: counted, points: 1000 * played_escape + 100 * played_pirate + 10 * played_card_tigress"
    " + played_card_escape}\n"
)


def _counted(house: Edition, trick: list[str]) -> dict[str, int]:
    """Each player's points for one trick of three players (bids of no matter)."""
    round_ = {"cards": 1, "bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "tricks": [trick]}
    return dict(house.score_sheet({"players": ["Ann", "Bo", "Cy"], "rounds": [round_]}).rounds[0].points)


def test_cards_played_count_by_role_and_by_card_id(tmp_path: Path) -> None:
    """`played_escape` counts the cards played as escapes, as printed or declared: the
    escape, the Loot (an escape card, the 2021 rulebook) and the Tigress declared as one;
    `played_card_escape` the escape cards alone, `played_card_tigress` the Tigress
    whatever she was declared as. What the White Whale makes a card in the trick (an
    escape, the 2021 rulebook) does not change what it counts as, and a round played
    move by move counts as its sheet does."""
    house = _overlay(tmp_path, COUNTING)
    assert _counted(house, ["E", "LOOT", "TIG:E"]) == {"Ann": 1001, "Bo": 1000, "Cy": 1010}
    assert _counted(house, ["E", "LOOT", "TIG:PIR"]) == {"Ann": 1001, "Bo": 1000, "Cy": 110}
    assert _counted(house, ["PIR", "WHALE", "Y3"]) == {"Ann": 100, "Bo": 0, "Cy": 0}
    r = Round(house, ["Ann", "Bo", "Cy"], cards=1, hands={"Ann": ["E"], "Bo": ["LOOT"], "Cy": ["TIG"]})
    for player, bid in (("Ann", 1), ("Bo", 0), ("Cy", 0)):
        r.bid(player, bid)
    for player, card in (("Ann", "E"), ("Bo", "LOOT"), ("Cy", "TIG:E")):
        r.play(player, card)
    assert dict(r.score().points) == {"Ann": 1001, "Bo": 1000, "Cy": 1010}


def test_a_named_individual_counts_under_its_own_id_and_its_card(tmp_path: Path) -> None:
    """`played_card_harry` counts Harry the Giant alone; `played_card_pirate` every pirate
    card, the named ones among them (Harry is one of the five pirates, the 2021 rulebook)."""
    house = _overlay(tmp_path, COUNTING.replace("1000 * played_escape", "10 * played_card_pirate + played_card_harry"))
    counts = _counted(house, ["PIR", "HARRY", "Y3"])
    assert counts == {"Ann": 10 + 100, "Bo": 10 + 1 + 100, "Cy": 0}


def test_validate_sees_that_ties_to_the_last_played_change_play(tmp_path: Path) -> None:
    """`validate`'s warnings play every kind of trick: ties going to the last played is a
    change of play (two equal numbers under the White Whale), so it is not said to change
    nothing, while restating the default is."""
    from skullking.analysis.lint import validate_file

    path = tmp_path / "ties.yaml"
    path.write_text(
        "extends: skullking-2021\nid: ties\n"
        "effects: {list: {white-whale: {precedence: {highest-number: {winner: {ties: last_played}}}}}}\n",
        encoding="utf-8",
    )
    edition, problems = validate_file(path, use_cache=False)
    assert edition is not None and [p.message for p in problems] == []
    path.write_text(path.read_text(encoding="utf-8").replace("last_played", "first_played"), encoding="utf-8")
    _, problems = validate_file(path, use_cache=False)
    assert [p.code for p in problems] == ["change-changes-nothing"]
