"""The bundled original edition (``skullking-original``: Grandpa Beck's Games' "Scheming
and Skulking" 2012 / Schmidt multilingual 2013, with Scary Mary) against its rules.

The rules are the original edition's rules (Schmidt Spiele's multilingual rulebook)
unless a docstring names another source. Every expected value is worked out from them
by hand (the arithmetic is in the comments), never copied from the engine's output.
Where a rule differs from 2021, the same cards are also played under ``skullking-2021``
to show the difference.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest
from clihelp import run, run_json
from resolvers import ResolveTrick

import skullking
from skullking import IllegalTrickError, NotationError, SheetError
from skullking.edition import Edition

EDITION_ID = "skullking-original"
EDITION_FILE = Path(__file__).resolve().parents[2] / "editions" / f"{EDITION_ID}.yaml"


@pytest.fixture(scope="module")
def original() -> Edition:
    """The bundled original edition, loaded by id."""
    return skullking.load_edition(EDITION_ID)


def _codes(plays: tuple[skullking.Play, ...]) -> list[str]:
    return [str(p) for p in plays]


def _points(edition: Edition, sheet: str) -> list[dict[str, int]]:
    """Points of every round of a YAML sheet."""
    score = edition.score_sheet(textwrap.dedent(sheet))
    return [dict(r.points) for r in score.rounds]


# ---------------------------------------------------------------------- the deck


def test_deck_has_66_cards(original: Edition) -> None:
    """The original edition's rules, BoardGameGeek's news of Schmidt Spiele's edition and a
    Japanese blog on the original edition: 66 cards - 4 suits x 13 = 52 numbered, 5 escapes, 5 pirates,
    1 Scary Mary, 1 Skull King, 2 mermaids (52 + 5 + 5 + 1 + 1 + 2 = 66)."""
    deck = original.deck()
    assert len(deck) == 66
    assert sum(1 for card in deck if card.suit is not None) == 4 * 13
    specials = Counter(card.kind for card in deck if card.suit is None)
    assert specials == {"escape": 5, "pirate": 5, "scary_mary": 1, "skull_king": 1, "mermaid": 2}


def test_no_loot_kraken_or_white_whale(original: Edition) -> None:
    """The original edition's rules: no Loot, Kraken or White Whale - one module, no card effects, and the
    2021 advanced cards are unknown cards."""
    assert [m.id for m in original.modules] == ["base"]
    assert original.effects == ()
    for code in ("LOOT", "KRAKEN", "WHALE", "TIG:PIR"):
        with pytest.raises(NotationError):
            original.parse_cards([code])


def test_four_suits_black_is_trump(original: Edition) -> None:
    """Black is trump, the other suits are yellow, red and blue (a Japanese blog on the
    original edition, the original edition's rules), each 1..13."""
    assert {s.id: s.trump for s in original.suits} == {"yellow": False, "red": False, "blue": False, "black": True}
    assert all(s.ranks == tuple(range(1, 14)) for s in original.suits)


def test_suit_names_in_english_german_and_japanese(original: Edition) -> None:
    """The original edition's colours, written as players name them: red/rot/赤, blue/blau/青,
    yellow/gelb/黄, black/schwarz/黒 (B is black, as in every edition)."""
    assert _codes(original.parse_cards(["red 7", "rot 7", "赤7"])) == ["R7", "R7", "R7"]
    assert _codes(original.parse_cards(["blue 13", "blau 13", "青13"])) == ["BL13", "BL13", "BL13"]
    assert _codes(original.parse_cards(["yellow 1", "gelb 1", "黄1"])) == ["Y1", "Y1", "Y1"]
    assert _codes(original.parse_cards(["black 2", "schwarz 2", "黒2"])) == ["B2", "B2", "B2"]


def test_no_14s_13_is_the_top_rank(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: suits run 1-13 (the 14s came in 2021), so Y14 is no card at all; B13 is the top
    trump: Y13 B13 R13 -> the black 13 (seat 1) wins, and no 14 bonus exists."""
    with pytest.raises(NotationError, match="Y14"):
        original.parse_cards(["Y14"])
    result = resolve_trick(original, ["Y13", "B13", "R13"])
    assert (result.winner, result.bonus) == (1, 0)


def test_bonus_table_has_only_the_two_original_bonuses(original: Edition) -> None:
    """The original edition's rules: +30 per pirate taken by the Skull King and +50 for the
    Skull King taken by a mermaid; no 14s, no pirate-takes-mermaid bonus."""
    assert {b.id: b.points for b in original.bonuses} == {"pirate-by-skull-king": 30, "skull-king-by-mermaid": 50}


# ---------------------------------------------------------------------- following suit


def test_pirate_lead_next_numbered_card_sets_the_suit(original: Edition, edition: Edition) -> None:
    """The original edition's rules: after a special lead the next numbered card sets the suit.
    PIR Y5 -> yellow is led; a hand with yellow must play yellow or a special card:
    Y3 R5 E MARY -> Y3, E, MARY. Under 2021 a pirate lead leaves the trick without a
    suit, so Y3 G5 E TIG on PIR Y5 may all be played."""
    assert original.led_suit("PIR Y5") == "yellow"
    assert _codes(original.legal_plays("Y3 R5 E MARY", "PIR Y5")) == ["Y3", "E", "MARY"]
    assert edition.led_suit("PIR Y5") is None
    assert _codes(edition.legal_plays("Y3 G5 E TIG", "PIR Y5")) == ["Y3", "G5", "E", "TIG"]


def test_pirate_lead_still_wins_over_the_led_suit(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: the hierarchy is as 2021 - PIR Y5 Y9: the pirate (seat 0) wins even
    though yellow is the led suit and Y9 its highest card."""
    result = resolve_trick(original, ["PIR", "Y5", "Y9"])
    assert (result.winner, result.rule) == (0, "pirate")


@pytest.mark.parametrize("lead", ["SK", "MER", "MARY:PIR", "MARY:E", "E", "PIR SK", "E MER"])
def test_any_special_lead_passes_the_suit_on(original: Edition, lead: str) -> None:
    """The original edition's rules: "if the first card is any special card, the next numbered card
    sets the suit" - whatever the special cards before it (as the 2024 printing of the
    rulebook reads it after an escape-type lead)."""
    assert original.led_suit(f"{lead} R4") == "red"
    assert original.led_suit(lead) is None


def test_sheet_checks_follow_suit_after_a_pirate_lead(original: Edition, edition: Edition) -> None:
    """The original edition's rules: in the play PIR Y5 B2, then E Y3 Y7, Cy trumped with B2 while
    holding Y7. Under the original the pirate lead left yellow to follow, so the sheet
    is wrong; under 2021 the pirate freed the trick, and the sheet scores: the pirate
    (Ann) takes trick 1, Ann leads E, Bo's Y3 sets yellow and Cy's Y7 takes trick 2:
    Ann 1/1 = 20, Bo 0/0 = 10 x 2 cards = 20, Cy 1/1 = 20."""
    sheet = textwrap.dedent("""\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 2
            bids: {Ann: 1, Bo: 0, Cy: 1}
            tricks: [[PIR, Y5, B2], [E, Y3, Y7]]
        """)
    with pytest.raises(SheetError) as info:
        original.score_sheet(sheet)
    (problem,) = info.value.problems
    assert "Cy played B2" in str(problem) and "must follow suit" in str(problem)
    assert [dict(r.points) for r in edition.score_sheet(sheet).rounds] == [{"Ann": 20, "Bo": 20, "Cy": 20}]


# ---------------------------------------------------------------------- Scary Mary


def test_scary_mary_must_be_declared(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: Scary Mary is a pirate or an escape, declared when played - a bare
    MARY in a trick is not a play."""
    with pytest.raises(IllegalTrickError, match="MARY:PIR or MARY:E"):
        resolve_trick(original, ["MARY", "Y5"])


def test_scary_mary_as_pirate_wins_like_a_pirate(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: declared a pirate she is a pirate: she beats numbered cards and the
    mermaid, and the first of two pirates wins. MER MARY:PIR B13 -> Mary (seat 1),
    with no bonus (no pirate-takes-mermaid bonus); MARY:PIR PIR -> Mary (seat 0);
    PIR MARY:PIR -> the pirate (seat 0)."""
    result = resolve_trick(original, ["MER", "MARY:PIR", "B13"])
    assert (result.winner, result.bonus) == (1, 0)
    assert resolve_trick(original, ["MARY:PIR", "PIR"]).winner == 0
    assert resolve_trick(original, ["PIR", "MARY:PIR"]).winner == 0


def test_scary_mary_as_escape_loses_like_an_escape(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: declared an escape she loses to any numbered card (MARY:E R1 -> R1,
    seat 1), and an all-escape trick goes to its first card (MARY:E E E, --leader 2 of
    3 -> seat 2)."""
    assert resolve_trick(original, ["MARY:E", "R1"]).winner == 1
    assert resolve_trick(original, ["MARY:E", "E", "E"], leader=2).winner == 2


def test_skull_king_takes_scary_mary_as_escape_for_30(
    resolve_trick: ResolveTrick, original: Edition, edition: Edition
) -> None:
    """The original edition's rules: Scary Mary ALWAYS counts as a pirate for the Skull King's
    +30, even played as an escape: MARY:E SK -> the Skull King (seat 1) earns 30. The
    same cards under 2021 (the Tigress as an escape, the official FAQ): TIG:E SK -> 0."""
    result = resolve_trick(original, ["MARY:E", "SK"])
    assert (result.winner, result.bonus, result.bonuses) == (1, 30, ("pirate-by-skull-king",))
    result = resolve_trick(edition, ["TIG:E", "SK"])
    assert (result.winner, result.bonus) == (1, 0)


def test_skull_king_counts_scary_mary_once_however_declared(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: +30 per pirate in the Skull King's trick. MARY:PIR SK -> 30 (Mary is
    one pirate, not two); PIR PIR MARY:E SK -> 3 x 30 = 90, SK at seat 3."""
    assert resolve_trick(original, ["MARY:PIR", "SK"]).bonus == 30
    result = resolve_trick(original, ["PIR", "PIR", "MARY:E", "SK"])
    assert (result.winner, result.bonus) == (3, 90)


def test_skull_king_counts_pirates_played_after_him(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: every pirate in the trick won by the Skull
    King pays, not only those played before him: SK PIR MARY:E -> 2 x 30 = 60."""
    result = resolve_trick(original, ["SK", "PIR", "MARY:E"])
    assert (result.winner, result.bonus) == (0, 60)


# ---------------------------------------------------------------------- mermaid and Skull King


def test_mermaid_captures_skull_king_for_50(resolve_trick: ResolveTrick, original: Edition) -> None:
    """The original edition's rules: a mermaid with the Skull King wins "no matter which other
    cards" and earns +50 (2021: +40); the pirate in the trick pays nothing. PIR SK MER
    with --leader 4 of 6 -> MER is seat (4 + 2) % 6 = 0."""
    result = resolve_trick(original, ["PIR", "SK", "MER"], leader=4, players=6)
    assert (result.winner, result.next_leader, result.bonus) == (0, 0, 50)
    assert result.bonuses == ("skull-king-by-mermaid",)


def test_pirate_takes_mermaid_without_bonus(resolve_trick: ResolveTrick, original: Edition, edition: Edition) -> None:
    """The original edition's rules: a pirate beats a mermaid but earns nothing for it (2021:
    +20): MER PIR -> seat 1, bonus 0; under 2021 the same trick pays 20."""
    result = resolve_trick(original, ["MER", "PIR"])
    assert (result.winner, result.bonus) == (1, 0)
    assert resolve_trick(edition, ["MER", "PIR"]).bonus == 20


# ---------------------------------------------------------------------- scoring


def test_zero_bid_scores_10_times_the_round_number(original: Edition, edition: Edition) -> None:
    """The original edition's rules: a zero bid scores +/-10 x the ROUND NUMBER, not
    the cards dealt. Round 3 deals 2 cards (given explicitly): Ann 0/0 -> +10 x 3 = 30,
    Bo 0/2 -> -10 x 3 = -30. Under 2021 (cards dealt): +20 and -20. Rounds 1 and 2 deal
    1 and 2 cards: round 1 Ann 1/1 = 20, Bo 0/0 = +10 x 1; round 2 Ann 0/0 = +10 x 2,
    Bo 2/2 = 40 - the same in both editions, since cards = round number there."""
    sheet = """\
        players: [Ann, Bo]
        rounds:
          - bids: {Ann: 1, Bo: 0}
            won: {Ann: 1, Bo: 0}
          - bids: {Ann: 0, Bo: 2}
            won: {Ann: 0, Bo: 2}
          - cards: 2
            bids: {Ann: 0, Bo: 0}
            won: {Ann: 0, Bo: 2}
        """
    first_two = [{"Ann": 20, "Bo": 10}, {"Ann": 20, "Bo": 40}]
    assert _points(original, sheet) == [*first_two, {"Ann": 30, "Bo": -30}]
    assert _points(edition, sheet) == [*first_two, {"Ann": 20, "Bo": -20}]


def test_exact_and_missed_bids_with_bonuses(original: Edition) -> None:
    """The original edition's rules: exact -> +20 per trick plus bonuses; missed -> -10 per trick off and
    no bonus. One round of 3 cards (cards: 3), Ann's won trick holding two pirates
    taken by the Skull King. Ann 1/1: 20 + 2 x 30 = 80; Bo 2/1: -10 x 1 = -10; Cy 0/1:
    -10 x round 1 = -10. With Ann bidding 2 instead (2/1): -10 x 1 = -10, no 60."""
    sheet = """\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 3
            bids: {Ann: 1, Bo: 2, Cy: 0}
            won: {Ann: 1, Bo: 1, Cy: 1}
            bonuses: {Ann: [pirate-by-skull-king, pirate-by-skull-king]}
        """
    assert _points(original, sheet) == [{"Ann": 80, "Bo": -10, "Cy": -10}]
    missed = sheet.replace("bids: {Ann: 1,", "bids: {Ann: 2,")
    assert _points(original, missed) == [{"Ann": -10, "Bo": -10, "Cy": -10}]


def test_whole_round_played_out(original: Edition) -> None:
    """The original edition's rules, a round of 2 cards played out, Bo leading (round 1, given 2 cards):
    trick 1 Bo MARY:E, Cy SK, Ann PIR -> the Skull King (Cy) wins, with Mary (always a
    pirate for this bonus) and the pirate: 2 x 30 = 60. Cy leads trick 2: R3, Ann R9
    (follows red), Bo MER -> the mermaid (Bo) beats the numbered cards, no bonus.
    Ann 0/0 -> +10 x round 1 = 10 (not 10 x 2 cards); Bo 1/1 -> 20; Cy 1/1 -> 20 + 60."""
    sheet = """\
        players: [Ann, Bo, Cy]
        rounds:
          - cards: 2
            leader: Bo
            bids: {Ann: 0, Bo: 1, Cy: 1}
            tricks: [[MARY:E, SK, PIR], [R3, R9, MER]]
        """
    score = original.score_sheet(textwrap.dedent(sheet))
    assert dict(score.rounds[0].won) == {"Ann": 0, "Bo": 1, "Cy": 1}
    assert dict(score.totals) == {"Ann": 10, "Bo": 20, "Cy": 80}
    assert score.winners == ("Cy",)


# ---------------------------------------------------------------------- players


def test_two_to_six_players(resolve_trick: ResolveTrick, original: Edition) -> None:
    """2 to 6 players (a Japanese blog on the original edition; an English rules guide
    citing Namuwiki). A trick of 6 is
    fine; 7 players are rejected by the trick resolver and by the scorer."""
    assert (original.min_players, original.max_players) == (2, 6)
    assert resolve_trick(original, ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]).winner == 5
    with pytest.raises(IllegalTrickError, match="7 players"):
        resolve_trick(original, ["Y1", "Y2"], players=7)
    with pytest.raises(SheetError, match="7 players"):
        original.score_sheet({"players": list("ABCDEFG"), "rounds": []})


def test_ten_rounds_of_one_to_ten_cards(original: Edition) -> None:
    """Ten rounds dealing 1..10 cards (as in the 2021 rulebook); 6 players x 10 = 60 cards
    fit the 66-card deck, so no player count deals fewer. No source gives another
    schedule for this edition."""
    assert [s.id for s in original.schedules] == ["standard"]
    assert [original.cards_dealt(n, 6) for n in range(1, 12)] == [*range(1, 11), None]
    assert [original.cards_dealt(10, players) for players in range(2, 7)] == [10] * 5


# ---------------------------------------------------------------------- command line


def test_cli_validate_is_clean() -> None:
    """`skullking validate editions/skullking-original.yaml`: ok, no problem and no
    warning (JSON: an empty list), exit 0."""
    code, out, err = run("validate", str(EDITION_FILE))
    assert (code, err) == (0, "")
    assert out.strip().endswith(")") and ": ok (skullking-original: " in out
    assert "warning" not in out
    assert run_json("validate", str(EDITION_FILE)) == []


def test_cli_editions_lists_the_original() -> None:
    """`skullking editions`: the original is bundled, with the title of its file."""
    records = run_json("editions")
    assert {"id": EDITION_ID, "title": skullking.load_edition(EDITION_ID).title} in records


def test_cli_trick_and_legal_after_a_pirate_lead() -> None:
    """The original edition's rules through the command line: PIR Y5 Y9 -> the pirate (seat 0) wins, no
    bonus; on PIR Y5, hand Y3 R5 E MARY -> Y3, E, MARY (yellow must be followed)."""
    record = run_json("trick", "--edition", EDITION_ID, "PIR", "Y5", "Y9")
    assert (record["winner"], record["next_leader"], record["bonus"]) == (0, 0, 0)
    record = run_json("legal", "--edition", EDITION_ID, "--hand", "Y3,R5,E,MARY", "PIR", "Y5")
    assert record["legal"] == ["Y3", "E", "MARY"]


def test_cli_scary_mary_as_escape_pays_the_skull_king() -> None:
    """The original edition's rules through the command line: MARY:E SK -> seat 1, bonus 30."""
    record = run_json("trick", "--edition", EDITION_ID, "MARY:E", "SK")
    assert (record["winner"], record["bonus"], record["bonuses"]) == (1, 30, ["pirate-by-skull-king"])


def test_cli_y14_is_an_unknown_card() -> None:
    """The original edition's rules: no 14s - `trick --edition skullking-original Y14 Y3` is bad input:
    exit 2, one line quoting Y14, nothing on stdout."""
    code, out, err = run("trick", "--edition", EDITION_ID, "Y14", "Y3")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "'Y14'" in err
