"""Every number a formula, the deck's too: how many decks are shuffled together, a
suit's or a named card's copies and a special card's count may be formulas of the
round's names (``round``, ``cards``, ``players``, ``rounds``, ``last_round``), worked
out for the deck each round deals and checked for every round a game may deal when the
rules load.

The house rule checked here is examples/house-rules/second-deck.yaml (a house rule big
tables play with the 2021 edition): the 2021 edition's 74 cards up to eight players,
and from nine players a second deck shuffled in, every card twice. Every expectation
below is worked out by hand from that rule and the 2021 rulebook's others."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from clihelp import run, run_json
from houserules import house_rule

import skullking
from skullking.core.errors import EditionError, IllegalTrickError
from skullking.edition import Edition
from skullking.language.record import parse_record, write_record
from skullking.play.game import Game
from skullking.play.replay import replay_game
from skullking.play.round import play_randomly

SECOND_DECK = Path(__file__).parents[2] / "examples" / "house-rules" / "second-deck.yaml"


@pytest.fixture(scope="module")
def second() -> Edition:
    return skullking.load_edition(SECOND_DECK)


def _problems(path: Path) -> list[str]:
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (8, 1), (9, 2), (14, 2)])
def test_a_second_deck_joins_from_nine_players(second: Edition, players: int, decks: int) -> None:
    """A house rule: one deck up to eight players, two from nine. The 2021 deck holds 74
    cards (56 numbered, 18 special) with every module; two decks hold each of them
    twice, 148."""
    one = Counter(card.code for card in skullking.load_edition("skullking-2021").deck())
    deck = Counter(card.code for card in second.at_round(1, players).deck())
    assert deck == Counter({code: count * decks for code, count in one.items()})
    assert (sum(deck.values()), deck["Y7"], deck["E"], deck["SK"]) == (74 * decks, decks, 5 * decks, decks)


def test_two_identical_cards_meet_only_at_a_table_of_two_decks(second: Edition) -> None:
    """A house rule: from nine players every card is there twice, and of two identical
    cards that would both win the one played first wins (deck.identical: first_played).
    At four players the deck has one yellow 7: a trick holding two is refused."""
    result = second.at_round(3, 10).resolve_trick("Y7 Y7 Y3")
    assert (result.winner, result.rule) == (0, "led-suit")
    with pytest.raises(IllegalTrickError, match="the deck has 1 Y7"):
        second.at_round(3, 4).resolve_trick("Y7 Y7")


@pytest.mark.parametrize(("players", "most"), [(4, 1), (10, 2)])
def test_each_game_deals_from_the_deck_of_its_table(second: Edition, players: int, most: int) -> None:
    """A house rule: a game of four deals from one deck (no numbered card dealt twice in
    a round), a game of ten from two (a numbered card at most twice, and some twice in
    the game: 10 rounds of up to 10 cards to 10 players draw 550 cards from 148)."""
    game = Game(second, [f"P{n}" for n in range(1, players + 1)], seed=7)
    rng = random.Random(7)
    twice = 0
    for _ in range(game.length):
        round_ = game.next_round()
        dealt = Counter(play for hand in round_.dealt.values() for play in hand if play.card.suit is not None)
        assert max(dealt.values()) <= most
        twice += sum(1 for n in dealt.values() if n == 2)
        play_randomly(round_, rng)
    assert (twice > 0) == (most == 2)
    assert game.over


def test_a_ten_player_game_scores_the_same_from_its_sheet_and_its_record(second: Edition) -> None:
    """A house rule: a game of ten with two decks, its tricks holding copies of one card,
    scores the same from its score sheet and from its game record (replayed move by move)
    as it did in play."""
    game = Game(second, [f"P{n}" for n in range(1, 11)], seed=3)
    rng = random.Random(3)
    game.play_out(lambda r: play_randomly(r, rng))
    assert second.score_sheet(game.as_sheet()).totals == game.score().totals
    record = parse_record(write_record(game.as_record()))
    assert replay_game(second, record.games[0]).totals == game.score().totals


def test_a_deck_may_grow_with_the_round(tmp_path: Path) -> None:
    """A house rule: from round 5 on a second deck is shuffled in. Round 4 deals from 74
    cards, round 5 from 148; a game of four plays to its end."""
    body = 'deck: {copies: "if round >= 5 then 2 else 1"}\nabilities: {choose-leader: null}\n'
    edition = skullking.load_edition(house_rule(tmp_path, body))
    assert (len(edition.at_round(4, 4).deck()), len(edition.at_round(5, 4).deck())) == (74, 148)
    game = Game(edition, ["Ann", "Bo", "Cy", "Di"], seed=1)
    rng = random.Random(1)
    assert game.play_out(lambda r: play_randomly(r, rng))


def test_a_count_of_special_cards_may_be_a_formula(tmp_path: Path) -> None:
    """A house rule: a mermaid a player at the table (the 2021 deck has two). Three
    players deal from 75 cards with three mermaids, seven from 79 with seven."""
    edition = skullking.load_edition(house_rule(tmp_path, 'deck: {cards: {mermaid: {count: "players"}}}\n'))
    for players in (3, 7):
        deck = Counter(card.code for card in edition.at_round(1, players).deck())
        assert (deck["MER"], sum(deck.values())) == (players, 72 + players)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            'deck: {copies: "if players >= 5 then 0 else 1"}\n',
            "4:16: deck.copies is 0 in round 1 of schedule 'standard' with 5 players: "
            "a deck holds each card 1 to 100 times",
        ),
        (
            'deck: {suits: {black: {copies: "10 // (players - 2)"}}}\n',
            "4:32: deck.suits[black].copies cannot be worked out in round 1 of schedule 'standard' with 2 players: "
            "the formula '10 // (players - 2)' divides by zero with players = 2",
        ),
        ('deck: {copies: "won + 1"}\n', "4:17: unknown name 'won' in 'won + 1': 'won' (the player's tricks won) has"),
        (
            'players: {max: 10}\ndeck: {copies: "if players >= 10 then 2 else 1"}\n'
            "abilities: {choose-leader: null}\nschedule: {hand_limit: 10}\n",
            "the deck is too small in round 9 of schedule 'standard' with 8 players: "
            "8 players x 9 cards = 72 cards, but the deck without optional modules has 70",
        ),
        (
            'deck: {copies: "if players >= 7 then 2 else 1"}\n',
            "4:16: a 'choose_leader' ability needs a card the deck holds once, but it has 2 'rosie'",
        ),
    ],
    ids=["zero-copies", "divides-by-zero", "name-without-value", "too-small-in-a-round", "leader-card-twice"],
)
def test_a_deck_formula_is_checked_for_every_round_a_game_deals(tmp_path: Path, body: str, expected: str) -> None:
    """A deck's count written as a formula must give from 1 to 100 copies in every round
    of every schedule at every player count, read only names known when the round's
    cards are shuffled, and the deck of each round must deal it (the 2021 rulebook
    deals 9 cards in round 9; without the ghost's module, the 2021 deck's base cards
    are 70). A card that chooses the next leader may be held once only, at every table."""
    problems = _problems(house_rule(tmp_path, body))
    assert any(expected in p for p in problems), problems


def test_explain_shows_the_decks_at_each_table() -> None:
    """``explain`` lists the deck's formula with its value at each player count, and
    says its deck count is round 1's at the fewest players."""
    code, out, _ = run("explain", str(SECOND_DECK))
    assert code == 0
    assert (
        "- deck: copies `if players >= 9 then 2 else 1` - round 1: 1; round 2: 1; round 3: 1; round 10: 1; "
        "in round 1 at 2-8 players: 1, 9-14 players: 2"
    ) in out
    assert "- 74 cards with every module in round 1 at 2 players; the deck's counts change with the round" in out


def test_trick_takes_the_table_when_the_rules_read_only_the_players() -> None:
    """Rules that read only the players at the table are the same in every round:
    ``trick --players`` picks them without ``--round``. Ten players hold two yellow 7s
    (the first played wins); four hold one, and the trick is refused (exit 2)."""
    ten = run_json("trick", "--edition", str(SECOND_DECK), "--players", "10", "Y7", "Y7")
    assert (ten["winner"], ten["rule"]) == (0, "led-suit")
    code, _, err = run("trick", "--edition", str(SECOND_DECK), "--players", "4", "Y7", "Y7")
    assert (code, err.strip()) == (2, "skullking: error: 'Y7' 2 times in one trick: the deck has 1 Y7")
