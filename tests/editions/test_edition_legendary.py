"""The bundled Legendary Edition (``legendary-2018``: Grandpa Beck's Games, about 2018,
with the optional Legendary Expansion) against its sources.

"The Legendary sources" are a review of the Legendary Edition, retail descriptions of the
Legendary Edition and Grandpa Beck's Games' page for the out-of-print edition; where they
say nothing the file takes the 2021 rulebook's rules, as its description says. Every
expected value is worked out from the sources by hand, never copied from the engine's
output.
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

EDITION_ID = "legendary-2018"
EDITION_FILE = Path(__file__).resolve().parents[2] / "editions" / f"{EDITION_ID}.yaml"

# The 2021 rulebook's bonus table (2021 edition), written from the rules: no source gives
# values for the Legendary Edition, and the file takes these, saying so.
RULEBOOK_2021_BONUSES = {
    "standard-14": 10,
    "black-14": 20,
    "mermaid-by-pirate": 20,
    "pirate-by-skull-king": 30,
    "skull-king-by-mermaid": 40,
}


@pytest.fixture(scope="module")
def legendary() -> Edition:
    """The bundled Legendary Edition, loaded by id."""
    return skullking.load_edition(EDITION_ID)


def _codes(plays: tuple[skullking.Play, ...]) -> list[str]:
    return [str(p) for p in plays]


# ---------------------------------------------------------------------- the deck


def test_base_deck_has_68_cards_and_no_mermaid(legendary: Edition) -> None:
    """The Legendary sources: base game 4 suits x 14 = 56 numbered, 5 pirates, 5 escapes,
    the Tigress and the Skull King: 56 + 5 + 5 + 1 + 1 = 68; no mermaids (retail
    descriptions of the Legendary Edition)."""
    deck = legendary.deck(["base"])
    assert len(deck) == 68
    assert sum(1 for card in deck if card.suit is not None) == 4 * 14
    specials = Counter(card.kind for card in deck if card.suit is None)
    assert specials == {"pirate": 5, "escape": 5, "tigress": 1, "skull_king": 1}


def test_legendary_expansion_adds_mermaids_loot_and_kraken(legendary: Edition) -> None:
    """The Legendary sources: the optional Legendary Expansion adds 2 mermaids, 2 Loot and
    1 Kraken: 68 + 5 = 73 cards; no White Whale (new in 2021, the 2021 rulebook)."""
    assert {m.id: m.optional for m in legendary.modules} == {"base": False, "legendary-expansion": True}
    deck = legendary.deck(["base", "legendary-expansion"])
    assert len(deck) == 73
    added = Counter(card.kind for card in deck) - Counter(card.kind for card in legendary.deck(["base"]))
    assert added == {"mermaid": 2, "loot": 2, "kraken": 1}
    with pytest.raises(NotationError, match="WHALE"):
        legendary.parse_cards(["WHALE"])


def test_suits_run_1_to_14_black_is_trump(legendary: Edition) -> None:
    """The Legendary sources: suits 1-14; black trump (the 2021 suits, an assumption the file's
    description states)."""
    assert all(s.ranks == tuple(range(1, 15)) for s in legendary.suits)
    assert [s.id for s in legendary.suits if s.trump] == ["black"]
    assert _codes(legendary.parse_cards("G14 Y14 P14 B14")) == ["G14", "Y14", "P14", "B14"]


def test_description_says_what_is_taken_from_2021(legendary: Edition) -> None:
    """The bonus values (and the suit names) are not sourced for this
    edition; the file takes the 2021 ones and its description says so."""
    text = legendary.description
    assert "2021" in text and "bonus table" in text and "Inferred" in text
    assert "suit colours" in text and "would have won" in text


# ---------------------------------------------------------------------- the base game


def test_skull_king_always_wins_the_base_game(resolve_trick: ResolveTrick, legendary: Edition) -> None:
    """Retail descriptions of the Legendary Edition: without mermaids the Skull King "will
    always win".
    No base card can play a mermaid, and the Skull King wins against every base
    special card, led or not: PIR SK TIG:PIR -> SK (seat 1) with 2 pirates x 30 = 60;
    SK PIR -> seat 0, 30; B14 SK E TIG:E -> seat 1 with the black 14, +20 (the Tigress
    as an escape pays nothing)."""
    base = legendary.deck(["base"])
    assert all(legendary.plays[card.code].printed.isdisjoint({"mermaid"}) for card in base)
    result = resolve_trick(legendary, ["PIR", "SK", "TIG:PIR"])
    assert (result.winner, result.bonus) == (1, 60)
    result = resolve_trick(legendary, ["SK", "PIR"])
    assert (result.winner, result.bonus) == (0, 30)
    result = resolve_trick(legendary, ["B14", "SK", "E", "TIG:E"])
    assert (result.winner, result.bonus) == (1, 20)


def test_mermaid_is_not_in_a_base_game_sheet(legendary: Edition) -> None:
    """A review of the Legendary Edition: the mermaids come with the optional Legendary Expansion. A sheet that
    plays only the base game (modules: [base]) cannot hold a MER; with the expansion
    the same round scores: Ann PIR, Bo MER -> the pirate wins and takes the mermaid
    (2021 value +20): Ann 1/1 = 20 + 20 = 40, Bo 0/0 = +10 x 1 card = 10."""
    sheet = textwrap.dedent("""\
        players: [Ann, Bo]
        modules: [base]
        rounds:
          - bids: {Ann: 1, Bo: 0}
            tricks: [[PIR, MER]]
        """)
    with pytest.raises(SheetError) as info:
        legendary.score_sheet(sheet)
    (problem,) = info.value.problems
    assert "'MER' is not in play" in str(problem) and "legendary-expansion" in str(problem)
    with_expansion = sheet.replace("modules: [base]", "modules: [base, legendary-expansion]")
    assert dict(legendary.score_sheet(with_expansion).totals) == {"Ann": 40, "Bo": 10}


def test_no_trick_is_lost_without_the_expansion(legendary: Edition) -> None:
    """The Legendary sources and the 2021 rulebook: the Kraken (the only trick-destroying card) is in the expansion,
    so a base game's tricks won add up to the cards dealt, and a game with the
    expansion may lose one."""
    assert legendary.destroying_cards(["base"]) == 0
    assert legendary.destroying_cards(["base", "legendary-expansion"]) == 1


# ---------------------------------------------------------------------- the expansion


def test_mermaid_captures_skull_king(resolve_trick: ResolveTrick, legendary: Edition) -> None:
    """The 2021 rulebook (its rules and values, which the file takes): with the expansion's
    mermaids, a mermaid takes the Skull King even with a pirate in the trick, +40:
    PIR SK MER -> seat 2."""
    result = resolve_trick(legendary, ["PIR", "SK", "MER"])
    assert (result.winner, result.bonus, result.rule) == (2, 40, "mermaid-captures-skull-king")


def test_kraken_destroys_the_trick_would_have_won_leads(resolve_trick: ResolveTrick, legendary: Edition) -> None:
    """The 2021 rulebook and the official FAQ (its reading, which the file takes):
    the Kraken's trick has no winner and pays nothing; the player who would have won
    without it leads. Y12 KRAKEN B3 Y1 -> B3 (seat 2) would have won; KRAKEN Y12 B3 Y1
    -> B3 at seat 2 again (left of the Kraken's player would be seat 1)."""
    for cards in (["Y12", "KRAKEN", "B3", "Y1"], ["KRAKEN", "Y12", "B3", "Y1"]):
        result = resolve_trick(legendary, cards)
        assert (result.winner, result.next_leader, result.bonus, result.rule) == (None, 2, 0, "kraken")


def test_loot_forms_an_alliance(resolve_trick: ResolveTrick, legendary: Edition) -> None:
    """The 2021 rulebook's Loot (the Loot is in the Legendary Expansion): the Loot plays as an escape and allies its
    player with the winner: E LOOT PIR -> the pirate (seat 2) wins; alliance (1, 2),
    worth 20 to each if both bids hold."""
    result = resolve_trick(legendary, ["E", "LOOT", "PIR"])
    assert (result.winner, result.alliances) == (2, ((1, 2),))
    assert legendary.alliance_points() == 20


def test_bonus_table_is_the_2021_table(legendary: Edition) -> None:
    """No source gives bonus values for this edition; the file takes the 2021 rulebook's
    values (and says so)."""
    assert {b.id: b.points for b in legendary.bonuses} == RULEBOOK_2021_BONUSES


# ---------------------------------------------------------------------- rules as 2021


def test_follow_suit_as_2021(legendary: Edition) -> None:
    """The 2021 rulebook (its rule, which the file takes): a numbered lead must be followed, a
    character lead frees the trick, an escape lead passes the choice on: on Y10 hand
    Y3 G5 E -> Y3 E; on PIR Y5 -> Y3 G5; on E G7 -> G1 PIR."""
    assert _codes(legendary.legal_plays("Y3 G5 E", "Y10")) == ["Y3", "E"]
    assert _codes(legendary.legal_plays("Y3 G5", "PIR Y5")) == ["Y3", "G5"]
    assert _codes(legendary.legal_plays("G1 Y3 PIR", "E G7")) == ["G1", "PIR"]


def test_zero_bid_counts_cards_dealt_as_2021(legendary: Edition) -> None:
    """The 2021 rulebook (its scoring, which the file takes): a zero bid scores +/-10 x cards
    dealt. Round 1 given 3 cards: Ann 0/0 -> +30, Bo 3/3 -> 60."""
    sheet = {
        "players": ["Ann", "Bo"],
        "rounds": [{"cards": 3, "bids": {"Ann": 0, "Bo": 3}, "won": {"Ann": 0, "Bo": 3}}],
    }
    assert dict(legendary.score_sheet(sheet).totals) == {"Ann": 30, "Bo": 60}


def test_two_to_six_players(resolve_trick: ResolveTrick, legendary: Edition) -> None:
    """The Legendary sources: 2 to 6 players; 7 are rejected by the trick resolver and the
    scorer. 6 x 10 cards = 60 fit the 68-card base deck: round 10 deals 10 to six."""
    assert (legendary.min_players, legendary.max_players) == (2, 6)
    assert legendary.cards_dealt(10, 6) == 10
    with pytest.raises(IllegalTrickError, match="7 players"):
        resolve_trick(legendary, ["Y1", "Y2"], players=7)
    with pytest.raises(SheetError, match="7 players"):
        legendary.score_sheet({"players": list("ABCDEFG"), "rounds": []})


# ---------------------------------------------------------------------- command line


def test_cli_validate_is_clean() -> None:
    """`skullking validate editions/legendary-2018.yaml`: ok, no problem and no warning
    (JSON: an empty list), exit 0."""
    code, out, err = run("validate", str(EDITION_FILE))
    assert (code, err) == (0, "")
    assert ": ok (legendary-2018: " in out
    assert "warning" not in out
    assert run_json("validate", str(EDITION_FILE)) == []


def test_cli_editions_lists_legendary() -> None:
    """`skullking editions`: the Legendary Edition is bundled, with its file's title."""
    records = run_json("editions")
    assert {"id": EDITION_ID, "title": skullking.load_edition(EDITION_ID).title} in records


def test_cli_kraken_trick() -> None:
    """The official FAQ through the command line: G5 G9 KRAKEN B14 -> nobody wins, no
    bonus (not even the black 14), B14 (seat 3) would have won and leads."""
    record = run_json("trick", "--edition", EDITION_ID, "G5", "G9", "KRAKEN", "B14")
    assert (record["winner"], record["next_leader"], record["bonus"]) == (None, 3, 0)


def test_cli_white_whale_is_an_unknown_card() -> None:
    """The 2021 rulebook: the White Whale is new in 2021 - under legendary-2018 `WHALE` is bad
    input: exit 2, one line quoting it, nothing on stdout."""
    code, out, err = run("trick", "--edition", EDITION_ID, "Y3", "WHALE")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "'WHALE'" in err


def test_ten_rounds_of_one_to_ten_cards(legendary: Edition) -> None:
    """The 2021 rulebook (its deal, which the file takes): ten rounds dealing 1..10 cards.
    No source gives another schedule for this edition (the Captain's Log variants are
    the 2021 rulebook's), so the standard one is the only one."""
    assert [s.id for s in legendary.schedules] == ["standard"]
    assert [legendary.cards_dealt(n, 6) for n in range(1, 12)] == [*range(1, 11), None]


# ---------------------------------------------------------------------- pirate powers


POWER_SHEET = textwrap.dedent("""\
    players: [Ann, Bo, Cy]
    modules: [base, legendary-expansion]
    rounds:
      - bids: {Ann: 0, Bo: 0, Cy: 0}
        won: {Ann: 0, Bo: 1, Cy: 0}
      - bids: {Ann: 2, Bo: 0, Cy: 0}
        leader: Ann
        tricks: [[Y9, Y3, Y2], [RASCAL, G5, G6]]
        wagers: {Ann: 20}
    """)


def test_rascal_wagers_after_the_last_trick(legendary: Edition) -> None:
    """The Legendary Expansion's 2018 printable, as a Go implementation's issue threads
    quote it: Rascal's power still works when he wins the round's last trick. Round 2:
    Ann wins both tricks (Y9 over Y3 and Y2, then Rascal), bid 2 made: 2 x 20 + wager 20
    = 60; Bo and Cy 0/0 with 2 cards = 20. Under the 2021 edition (only Harry's ability
    after the last trick) the same wager is refused."""
    score = legendary.score_sheet(POWER_SHEET)
    assert dict(score.rounds[1].points) == {"Ann": 60, "Bo": 20, "Cy": 20}
    without_modules = POWER_SHEET.replace("modules: [base, legendary-expansion]\n", "")
    with pytest.raises(SheetError, match="Ann won only the last trick with rascal"):
        skullking.load_edition("skullking-2021").score_sheet(without_modules)


def test_pirate_powers_come_with_the_expansion(legendary: Edition) -> None:
    """The Legendary sources: the pirate powers are part of the Legendary Expansion; a base game's
    sheet cannot record a wager (pointed at the key), nor a Round ask for one."""
    base_only = POWER_SHEET.replace("modules: [base, legendary-expansion]", "modules: [base]")
    with pytest.raises(SheetError) as info:
        legendary.score_sheet(base_only, file="s.yaml")
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (9, 5)
    assert "'wagers' comes with module 'legendary-expansion', which is not in play" in problem.message
    hands = {"Ann": ["Y9", "HARRY"], "Bo": ["Y3", "G5"], "Cy": ["Y2", "G6"]}
    for modules, asked in ((["base"], False), (["base", "legendary-expansion"], True)):
        r = skullking.Round(legendary, ["Ann", "Bo", "Cy"], cards=2, hands=hands, modules=modules)
        for player in ("Ann", "Bo", "Cy"):
            r.bid(player, 0)
        for player, card in (("Ann", "Y9"), ("Bo", "Y3"), ("Cy", "Y2"), ("Ann", "HARRY"), ("Bo", "G5"), ("Cy", "G6")):
            r.play(player, card)
        assert (r.pending is not None) is asked
