"""Card notation: codes and names in English, German and Japanese (rules/cards.lark)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import IllegalTrickError, NotationError
from skullking.edition import Edition
from skullking.language.notation import tokens

ROOT = Path(__file__).resolve().parents[2]


def test_every_play_round_trips_through_its_code(edition: Edition) -> None:
    """parse(str(play)) == play for every card and declaration of the deck."""
    for code, play in edition.plays.items():
        (again,) = edition.parse_cards([str(play)])
        assert again == play and again is play and str(again) == code


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "editions").glob("*.yaml")) + sorted((ROOT / "examples" / "house-rules").glob("*.yaml")),
    ids=lambda path: path.stem,
)
def test_a_code_read_word_by_word_is_the_same_card(path: Path) -> None:
    """A text that is exactly a card's code is read as that card at once; read word by
    word (the same code with a space before it), it is the same card, in every bundled
    edition and example house rule (the load lets no other spelling claim a code's words)."""
    edition = skullking.load_edition(path)
    for code, play in edition.plays.items():
        assert list(edition.parse_cards(code)) == [play]
        assert list(edition.parse_cards(f" {code}")) == [play], code


def test_deck_has_the_2021_cards(edition: Edition) -> None:
    """The 2021 rulebook: 56 suited cards, 5 pirates, Tigress, Skull King, 2 mermaids, 5 escapes;
    advanced: 2 Loot, Kraken, White Whale (70 + 4 = 74)."""
    assert len(edition.deck(["base"])) == 70
    assert len(edition.deck()) == 74
    codes = sorted(c.code for c in edition.deck() if c.suit is None)
    assert codes.count("E") == 5 and codes.count("MER") == 2 and codes.count("LOOT") == 2
    assert {"ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY"} <= set(codes)


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("Y10 Y6 G14 B2", ["Y10", "Y6", "G14", "B2"]),
        ("green 7, purple 3; yellow 14 black 14", ["G7", "P3", "Y14", "B14"]),
        ("Skull-King skull_king", ["SK", "SK"]),
        ("tigress:pirate Tigress : Escape TIG:PIR tig:e", ["TIG:PIR", "TIG:E", "TIG:PIR", "TIG:E"]),
        ("white whale, the kraken, loot, escape, mermaid, pirate", ["WHALE", "KRAKEN", "LOOT", "E", "MER", "PIR"]),
        ("green7 g7 G 7", ["G7", "G7", "G7"]),
        ("Rosie D'Laney, Harry the Giant", ["ROSIE", "HARRY"]),
        ("grün 14, Schwarz 2, Weißer Wal, Beute, Flucht, Meerjungfrau", ["G14", "B2", "WHALE", "LOOT", "E", "MER"]),
        ("Tigress:Flucht tigress:pirat", ["TIG:E", "TIG:PIR"]),
        (
            "緑7 黒14 スカルキング 人魚 白鯨 クラーケン 略奪品 逃走",
            ["G7", "B14", "SK", "MER", "WHALE", "KRAKEN", "LOOT", "E"],
        ),
        ("ティグレス:戦闘", ["TIG:PIR"]),
        ("", []),
    ],
)
def test_codes_and_names(edition: Edition, text: str, codes: list[str]) -> None:
    """Names in English, German and Japanese are accepted wherever a
    card is written; case, spaces, hyphens and underscores do not matter."""
    assert [str(p) for p in edition.parse_cards(text)] == codes


@pytest.mark.parametrize(
    ("cards", "message", "token"),
    [
        ("Y10 Q7", "unknown card 'Q7'", "Q7"),
        ("Y15", "no rank 15 in suit 'y' (ranks 1 to 14)", "Y15"),
        ("green", "'green' needs a rank", "green"),
        ("SK:PIR", "'SK' is not declared when played", "SK:"),
        ("TIG:X", "unknown declaration 'X' for TIG (choose TIG:E or TIG:PIR)", "X"),
        (": SK", "':' at column 1 follows no card", ":"),
        ("skul king", "did you mean 'skull king'", "skul"),
    ],
)
def test_bad_cards_name_the_token(edition: Edition, cards: str, message: str, token: str) -> None:
    """Bad input is reported with the offending token."""
    with pytest.raises(NotationError) as info:
        edition.parse_cards(cards)
    assert message in str(info.value)
    assert info.value.token == token


def test_one_card_per_list_item(edition: Edition) -> None:
    """A list holds one card per item, and errors say which item."""
    with pytest.raises(NotationError, match=r"card 2: 'G7 SK' is 2 cards \(G7, SK\)"):
        edition.parse_cards(["Y1", "G7 SK"])
    with pytest.raises(NotationError, match=r"card 3: unknown card 'Q7'"):
        edition.parse_cards(["Y1", "Y2", "Q7"])


def test_a_trick_needs_declared_cards(resolve_trick: ResolveTrick, edition: Edition) -> None:
    """The 2021 rulebook: the Tigress is declared when played; undeclared it may only be held."""
    with pytest.raises(IllegalTrickError, match="'TIG' must be declared when played: write TIG:PIR or TIG:E"):
        resolve_trick(edition, ["TIG", "Y1"])
    assert [str(p) for p in edition.legal_plays("TIG Y3", "Y1")] == ["TIG", "Y3"]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["SK", "SK"], "'SK' 2 times in one trick: the deck has 1 skull king"),
        (["Y1", "Y1"], "'Y1' 2 times in one trick: the deck has 1 Y1"),
        (["ROSIE", "ROSIE"], "'ROSIE' 2 times in one trick: the deck has one"),
        (["E"] * 6, "'E' 6 times in one trick: the deck has 5 escape"),
    ],
)
def test_more_copies_than_the_deck_has(
    resolve_trick: ResolveTrick, edition: Edition, cards: list[str], message: str
) -> None:
    """A trick cannot hold more copies of a card than the deck has (the 2021 rulebook's counts)."""
    with pytest.raises(IllegalTrickError, match=message.replace("(", r"\(")):
        resolve_trick(edition, cards)


def test_six_pirates_are_one_too_many(resolve_trick: ResolveTrick, edition: Edition) -> None:
    """Five pirates in the deck: the named ones count among them."""
    with pytest.raises(IllegalTrickError):
        resolve_trick(edition, ["ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY", "PIR"])


@given(st.text(alphabet=st.sampled_from(list("ab1 :,;-_\t")), max_size=12))
def test_fast_path_splits_like_the_grammar(text: str) -> None:
    """Single words are read without lark; both paths give the same tokens."""
    try:
        grammar = tokens(text, use_grammar=True)
    except NotationError:
        grammar = None
    try:
        fast = tokens(text)
    except NotationError:
        fast = None
    assert fast == grammar


def test_a_non_text_card_is_a_notation_error(edition: Edition) -> None:
    """Cards are written as text: a number in a list of cards names its position."""
    with pytest.raises(NotationError, match="card 2: 5 is not a card"):
        edition.parse_cards(["Y1", 5])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="None is not a card"):
        edition.play_of(None)  # type: ignore[arg-type]
    assert edition.play_of("tigress:pirate") is edition.parse_cards("TIG:PIR")[0]


def test_named_pirates_in_french_and_spanish(edition: Edition) -> None:
    """The 2021 rulebook: the named pirates' French (the French rulebook) and Spanish names."""
    french = edition.parse_cards(["Rosie la Douce", "Will le Bandit", "rascal le flambeur", "Harry le Géant"])
    spanish = edition.parse_cards(["Rosie de Laney", "El bandido Bendt", "Bribón de Roatán", "Harry el Gigante"])
    assert [str(p) for p in french] == [str(p) for p in spanish] == ["ROSIE", "BENDT", "RASCAL", "HARRY"]
