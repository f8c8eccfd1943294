"""The ``skullking`` command line against its binding contract and the rules of the game.

Every test drives ``skullking.tools.cli.main(argv, out=..., err=...)`` (one subprocess
test runs ``python -m skullking``). Expected values come from the 2021 rulebook and the
official FAQ (the rules editions/skullking-2021.yaml follows) and the command-line
contract, worked out by hand in each docstring, never copied from the program's output.

Contract reminders used throughout: seats are 0-based and the i-th card of a trick is
played by seat ``(leader + i) % players``; ``--leader`` defaults to 0 and ``--players``
to the number of cards. Exit codes: 0 success, 1 ``validate`` found problems, 2 bad
input. Command-line errors: exit 2, ONE line on stderr naming (quoting) the offending
token, never a traceback.
"""

from __future__ import annotations

import importlib.metadata
import io
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

import skullking
from skullking.tools.cli import main

BUNDLED_FILE = Path(str(resources.files("skullking.editions").joinpath("skullking-2021.yaml")))
BUNDLED_DATA: dict[str, Any] = yaml.safe_load(BUNDLED_FILE.read_text(encoding="utf-8"))

# The keys the contract guarantees in a `trick --format json` record.
TRICK_KEYS = {"winner", "next_leader", "bonus", "alliances", "reason"}


# ---------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def run(*argv: str) -> Run:
    """Run the command line in-process with captured output."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return Run(code, out.getvalue(), err.getvalue())


def run_json(*argv: str) -> Any:
    """Run with ``--format json``; the command must succeed and print one JSON document."""
    result = run(*argv, "--format", "json")
    assert result.code == 0, result.err
    assert result.err == ""
    return json.loads(result.out)


def trick(*cards: str, leader: int | None = None, players: int | None = None) -> dict[str, Any]:
    """``skullking trick CARD... [--leader N] [--players N] --format json``."""
    argv = ["trick", *cards]
    if leader is not None:
        argv += ["--leader", str(leader)]
    if players is not None:
        argv += ["--players", str(players)]
    record: dict[str, Any] = run_json(*argv)
    assert record.keys() >= TRICK_KEYS
    return record


def legal(hand: str, *played: str) -> list[str]:
    """``skullking legal --hand HAND PLAYED... --format json`` -> the legal codes."""
    record = run_json("legal", "--hand", hand, *played)
    assert set(record) >= {"legal"}
    codes: list[str] = record["legal"]
    return codes


def quoted(token: str, line: str) -> bool:
    """Whether ``token`` appears quoted (single or double quotes) in ``line``."""
    return f"'{token}'" in line or f'"{token}"' in line


def assert_one_line_error(result: Run, *tokens: str) -> str:
    """Contract: exit 2 with ONE line on stderr quoting the offending token (any of
    ``tokens`` when more than one reading is fair), nothing on stdout, no traceback."""
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err + result.out
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert any(quoted(t, lines[0]) for t in tokens), (tokens, lines[0])
    return lines[0]


def position(text: str, line_marker: str, token: str) -> tuple[int, int]:
    """1-based (line, column) of ``token`` on the first line of ``text`` containing
    ``line_marker``: where a located message about that token must point."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line_marker in line:
            return number, line.index(token, line.index(line_marker)) + 1
    raise AssertionError(f"{line_marker!r} not in the text")


# ---------------------------------------------------------------------- editions


def _bundled_from_files() -> list[dict[str, str]]:
    """id and title of each bundled edition, read from the edition files themselves."""
    folder = resources.files("skullking.editions")
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".yaml"):
            data = yaml.safe_load(entry.read_text(encoding="utf-8"))
            found.append({"id": str(data["id"]), "title": str(data["title"])})
    return sorted(found, key=lambda e: e["id"])


def test_editions_json_lists_id_and_title() -> None:
    """Contract `editions`: the bundled editions, JSON [{"id", "title"}]."""
    records = run_json("editions")
    assert isinstance(records, list)
    assert sorted(records, key=lambda e: e["id"]) == _bundled_from_files()
    assert {"id": "skullking-2021", "title": BUNDLED_DATA["title"]} in records


def test_editions_text_names_each_edition() -> None:
    """Contract `editions`: text output gives each bundled edition's id and title."""
    result = run("editions")
    assert result.code == 0
    assert result.err == ""
    lines = result.out.splitlines()
    for edition in _bundled_from_files():
        assert any(edition["id"] in line and edition["title"] in line for line in lines)


# ---------------------------------------------------------------------- trick: rules


def test_trick_json_trump_beats_lead_suit() -> None:
    """The 2021 rulebook (the example of a Swiss German rules page for the 2021 edition):
    Y10 Y6 G14 B2 -> any black beats the led yellow; B2 is the 4th card, seat (0 + 3) % 4 =
    3; the captured G14 is worth +10."""
    record = trick("Y10", "Y6", "G14", "B2")
    assert record["winner"] == 3
    assert record["next_leader"] == 3
    assert record["bonus"] == 10
    assert record["alliances"] == []
    assert isinstance(record["reason"], str) and record["reason"]


def test_trick_text_says_who_wins_and_why() -> None:
    """Contract `trick`: text output says who wins and why (which rule fired).
    The 2021 rulebook: Y10 Y6 G14 B2 is won by seat 3 through the trump (black) rule."""
    result = run("trick", "Y10", "Y6", "G14", "B2")
    assert result.code == 0
    assert result.err == ""
    first = result.out.splitlines()[0]
    assert re.search(r"\b3\b", first), first
    assert "B2" in first
    assert "trump" in result.out.lower() or "black" in result.out.lower()


def test_trick_text_nobody_wins_a_kraken_trick() -> None:
    """The 2021 rulebook: a Kraken trick has no winner; the text says nobody wins and
    names the Kraken as the reason. The official FAQ: G9 (seat 1) would have won, so it leads."""
    result = run("trick", "G5", "G9", "KRAKEN")
    assert result.code == 0
    text = result.out.lower()
    assert "nobody" in text or "no winner" in text
    assert "kraken" in text
    assert re.search(r"seat 1\b", text), text


def test_trick_json_kraken_has_null_winner() -> None:
    """Contract: "winner": seat|null. The 2021 rulebook and the official FAQ: Kraken -> nobody wins and no
    bonus is paid even with the black 14 in it; B14 (seat 3) would have won without
    the Kraken, so seat 3 leads next."""
    record = trick("G5", "G9", "KRAKEN", "B14")
    assert record["winner"] is None
    assert record["next_leader"] == 3
    assert record["bonus"] == 0
    assert record["alliances"] == []


KRAKEN_COUNTS = str(Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "kraken-trick-counts.yaml")


def test_trick_text_and_json_say_who_a_destroyed_trick_counts_for() -> None:
    """A house rule (the Kraken's trick counts for who would have won it, without
    bonuses): G5 G9 KRAKEN B14, nobody wins; B14 (seat 3) would have won, so the trick
    counts for seat 3, who leads next, and the black 14's 20 is not paid. JSON gives
    ``counts_for`` beside a null winner; text says it in a line of its own."""
    result = run("trick", "--edition", KRAKEN_COUNTS, "G5", "G9", "KRAKEN", "B14")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("Nobody wins the trick: the Kraken destroys the trick - nobody wins it; it counts for")
    assert lines[1:] == ["The trick counts for seat 3 as a trick won.", "Seat 3 leads the next trick."]
    record = run_json("trick", "--edition", KRAKEN_COUNTS, "G5", "G9", "KRAKEN", "B14")
    assert (record["winner"], record["counts_for"], record["next_leader"], record["bonus"]) == (None, 3, 3, 0)


def test_trick_kraken_after_whale_would_have_won_with_neither() -> None:
    """The official FAQ's example: Y12, B3, Whale, Kraken - the Kraken,
    played second, takes effect; the leader is who would have won with neither beast:
    B3. With --leader 2 (4 players) B3 is seat (2 + 1) % 4 = 3."""
    record = trick("Y12", "B3", "WHALE", "KRAKEN", leader=2)
    assert record["winner"] is None
    assert record["next_leader"] == 3
    assert record["bonus"] == 0


def test_trick_whale_highest_number_wins_ties_to_first() -> None:
    """The 2021 rulebook: under the White Whale suits vanish (trump too), the highest
    number wins and ties go to the card played first: B5 WHALE Y9 G9 -> Y9, the 3rd
    card; with --leader 1 of 4 that is seat (1 + 2) % 4 = 3. No character bonus."""
    record = trick("B5", "WHALE", "Y9", "G9", leader=1)
    assert record["winner"] == 3
    assert record["next_leader"] == 3
    assert record["bonus"] == 0


def test_trick_whale_without_numbers_is_discarded() -> None:
    """The 2021 rulebook: Whale with no numbered card -> no
    winner, the White Whale's player leads: PIR WHALE SK, --leader 3 of 4 -> Whale at
    seat (3 + 1) % 4 = 0."""
    record = trick("PIR", "WHALE", "SK", leader=3, players=4)
    assert record["winner"] is None
    assert record["next_leader"] == 0
    assert record["bonus"] == 0


def test_trick_mermaid_captures_skull_king_scores_40_only() -> None:
    """The 2021 rulebook: Skull King with a Mermaid -> the Mermaid wins even with a Pirate
    in the trick, and only the +40 is earned. PIR SK MER with --leader 4 --players 6:
    MER is seat (4 + 2) % 6 = 0."""
    record = trick("PIR", "SK", "MER", leader=4, players=6)
    assert record["winner"] == 0
    assert record["next_leader"] == 0
    assert record["bonus"] == 40


def test_trick_skull_king_scores_30_per_pirate_tigress_as_declared() -> None:
    """The 2021 rulebook: +30 per Pirate taken by the Skull King, the Tigress only when
    declared a Pirate: PIR TIG:PIR SK -> 60; PIR TIG:E SK -> 30. SK is seat 2."""
    record = trick("PIR", "TIG:PIR", "SK")
    assert (record["winner"], record["bonus"]) == (2, 60)
    record = trick("PIR", "TIG:E", "SK")
    assert (record["winner"], record["bonus"]) == (2, 30)


def test_trick_pirate_takes_mermaids_20_each() -> None:
    """The 2021 rulebook: without the Skull King the first Pirate beats Mermaids and earns
    +20 per Mermaid: MER PIR MER -> seat 1 wins, bonus 40."""
    record = trick("MER", "PIR", "MER")
    assert (record["winner"], record["bonus"]) == (1, 40)


def test_trick_escape_lead_next_card_sets_suit() -> None:
    """The 2021 rulebook: after an Escape lead the next card sets the suit (green); off-suit
    Y14 never wins; highest green G5 (seat 3) wins and captures Y14 (+10)."""
    record = trick("E", "G3", "Y14", "G5")
    assert (record["winner"], record["bonus"]) == (3, 10)


def test_trick_all_escapes_first_card_wins() -> None:
    """The 2021 rulebook: only escape-type cards (Escape, Tigress-as-Escape) -> the first card
    played wins: E TIG:E E with --leader 2 of 3 -> seat 2."""
    record = trick("E", "TIG:E", "E", leader=2)
    assert (record["winner"], record["next_leader"]) == (2, 2)


# ---------------------------------------------------------------------- trick: seats


def test_leader_and_players_seat_arithmetic() -> None:
    """Contract: the i-th card is played by seat (leader + i) mod players. Y10 Y6 G14 B2
    with --leader 2 --players 5: B2 is the 4th card -> seat (2 + 3) % 5 = 0."""
    record = trick("Y10", "Y6", "G14", "B2", leader=2, players=5)
    assert (record["winner"], record["next_leader"], record["bonus"]) == (0, 0, 10)


def test_players_defaults_to_number_of_cards() -> None:
    """Contract: --players defaults to the number of cards. --leader 3 with 4 cards:
    B2 (4th card) is seat (3 + 3) % 4 = 2, not 6."""
    record = trick("Y10", "Y6", "G14", "B2", leader=3)
    assert record["winner"] == 2


def test_leader_defaults_to_seat_zero() -> None:
    """Contract: --leader defaults to 0. Y5 Y9 Y7: Y9, the 2nd card, is seat 1; with
    --players 6 and no --leader it is still seat 1."""
    assert trick("Y5", "Y9", "Y7")["winner"] == 1
    assert trick("Y5", "Y9", "Y7", players=6)["winner"] == 1


def test_loot_alliance_pairs_use_seats() -> None:
    """A German score keeper's article (its FAQ) + contract "alliances": [[loot_seat, winner_seat]]: E LOOT
    is all escapes, the first card (the Escape) wins and is the Loot player's ally.
    --leader 1 --players 3: E is seat 1, LOOT seat 2 -> [[2, 1]]."""
    record = trick("E", "LOOT", leader=1, players=3)
    assert record["winner"] == 1
    assert record["alliances"] == [[2, 1]]


def test_loot_winning_itself_forms_no_alliance() -> None:
    """The 2021 rulebook: the Loot player who wins the trick themself forms no alliance:
    LOOT E -> seat 0 (the Loot) wins, alliances []."""
    record = trick("LOOT", "E")
    assert record["winner"] == 0
    assert record["alliances"] == []


def test_loot_alliance_with_numbered_winner_wraps_seats() -> None:
    """The 2021 rulebook: Y5 LOOT G3, --leader 2 of 3 -> seats 2, 0, 1; Y5 (seat 2) wins the
    led yellow, the Loot player (seat 0) is its ally: [[0, 2]]."""
    record = trick("Y5", "LOOT", "G3", leader=2)
    assert record["winner"] == 2
    assert record["alliances"] == [[0, 2]]


# ---------------------------------------------------------------------- trick: names

CONTRACT_NAMES = [
    ("green 7", "G7"),
    ("purple 3", "P3"),
    ("yellow 14", "Y14"),
    ("black 14", "B14"),
    ("escape", "E"),
    ("pirate", "PIR"),
    ("skull king", "SK"),
    ("mermaid", "MER"),
    ("kraken", "KRAKEN"),
    ("white whale", "WHALE"),
    ("loot", "LOOT"),
    ("tigress:pirate", "TIG:PIR"),
    ("tigress:escape", "TIG:E"),
    # case-insensitive, with spaces, hyphens or underscores
    ("GREEN 7", "G7"),
    ("Skull-King", "SK"),
    ("skull_king", "SK"),
    ("White_Whale", "WHALE"),
    ("white-whale", "WHALE"),
    ("TIGRESS:PIRATE", "TIG:PIR"),
    ("Tigress:Escape", "TIG:E"),
    ("Black_14", "B14"),
]


@pytest.mark.parametrize(("name", "code"), CONTRACT_NAMES, ids=[n for n, _ in CONTRACT_NAMES])
def test_contract_card_names_read_as_their_codes(name: str, code: str) -> None:
    """Contract `trick`: a card may be written as its name (case-insensitive, spaces,
    hyphens or underscores); it is the same card as its code (checked via `legal`,
    whose JSON answers with codes: on an empty trick every card is legal)."""
    assert legal(name) == [code]


def _edition_names(language: str) -> list[tuple[str, str]]:
    """(name, code) for every card name of ``language`` in the bundled edition file:
    suits with rank 7, special cards, named pirates, Tigress declarations."""
    pairs: list[tuple[str, str]] = []
    deck = BUNDLED_DATA["deck"]
    for suit in deck["suits"]:
        pairs += [(f"{name} 7", f"{suit['code']}7") for name in suit["names"].get(language, [])]
    for card in deck["cards"]:
        for name in card["names"].get(language, []):
            if card.get("declare"):
                for choice in card["declare"]:
                    pairs += [
                        (f"{name}:{said}", f"{card['code']}:{choice['code']}")
                        for said in choice["names"].get(language, [])
                    ]
            else:
                pairs.append((name, card["code"]))
        for person in card.get("individuals", []):
            pairs += [(name, person["code"]) for name in person["names"].get(language, [])]
    return pairs


FOREIGN_NAMES = _edition_names("de") + _edition_names("ja")


@pytest.mark.parametrize(("name", "code"), FOREIGN_NAMES, ids=[n for n, _ in FOREIGN_NAMES])
def test_german_and_japanese_names_from_the_edition_file(name: str, code: str) -> None:
    """Contract `trick` (names) + edition file `names: {de, ja}`: every German and
    Japanese name of the bundled edition reads as its card's code."""
    assert legal(name) == [code]


def test_trick_names_and_codes_give_the_same_result() -> None:
    """Contract `trick`: names and codes are interchangeable. The 2021 rulebook: G7 P3
    Y14 B14 -> the black 14 (seat 3) wins; it holds Y14 (+10) and B14 (+20) = 30."""
    by_code = trick("G7", "P3", "Y14", "B14")
    by_name = trick("green 7", "Purple 3", "YELLOW-14", "black_14")
    assert by_code == by_name
    assert (by_code["winner"], by_code["bonus"]) == (3, 30)


def test_trick_with_german_names() -> None:
    """Edition names (de) + the 2021 rulebook: Totenkopfkönig (Skull King), Meerjungfrau
    (Mermaid), Pirat -> the Mermaid (seat 1) captures the Skull King: +40 only."""
    record = trick("Totenkopfkönig", "Meerjungfrau", "Pirat")
    assert (record["winner"], record["bonus"]) == (1, 40)


def test_trick_with_japanese_names() -> None:
    """Edition names (ja) + the 2021 rulebook: black 14, green 14, mermaid (Japanese names
    from the file) -> the Mermaid (seat 2) wins; it captures both 14s: 20 + 10 = 30."""
    suits = {s["id"]: s for s in BUNDLED_DATA["deck"]["suits"]}
    cards = {c["id"]: c for c in BUNDLED_DATA["deck"]["cards"]}
    black = suits["black"]["names"]["ja"][0]
    green = suits["green"]["names"]["ja"][0]
    mermaid = cards["mermaid"]["names"]["ja"][0]
    record = trick(f"{black} 14", f"{green}14", mermaid)
    assert (record["winner"], record["bonus"]) == (2, 30)


# ---------------------------------------------------------------------- errors

ONE_LINE_ERRORS: list[tuple[list[str], tuple[str, ...]]] = [
    # unknown card
    (["trick", "FOO", "Y3"], ("FOO",)),
    (["trick", "Y3", "green 99"], ("green 99", "99")),
    # unknown edition
    (["trick", "--edition", "no-such-edition", "Y1", "Y2"], ("no-such-edition",)),
    (["legal", "--edition", "no-such-edition", "--hand", "Y1"], ("no-such-edition",)),
    # two Skull Kings in one trick
    (["trick", "SK", "Y3", "SK"], ("SK",)),
    (["trick", "skull king", "Y3", "SK"], ("SK", "skull king")),
    # more cards than players: the card without a seat, or the --players value
    (["trick", "--players", "2", "Y1", "Y2", "Y3"], ("Y3", "2", "--players")),
    # an undeclared Tigress cannot be played
    (["trick", "TIG", "Y3"], ("TIG",)),
    # legal: unknown card in the hand or in the trick
    (["legal", "--hand", "Y3,FOO", "Y1"], ("FOO",)),
    (["legal", "--hand", "Y3", "FOO"], ("FOO",)),
    # a batch file that is not there
    (["trick", "--batch", "no-such-file.jsonl"], ("no-such-file.jsonl",)),
]


@pytest.mark.parametrize(("argv", "tokens"), ONE_LINE_ERRORS, ids=[" ".join(a) for a, _ in ONE_LINE_ERRORS])
def test_command_line_errors_are_one_line_naming_the_token(argv: list[str], tokens: tuple[str, ...]) -> None:
    """Contract "Errors on the command line" (unknown card or edition, two Skull Kings
    in one trick, more cards than players): exit 2, ONE line quoting the offending
    token, no traceback."""
    assert_one_line_error(run(*argv), *tokens)


def test_score_unknown_edition_option_is_one_line(tmp_path: Path) -> None:
    """Contract: unknown edition on the command line (score --edition) -> exit 2, one
    line quoting it. The sheet itself is fine."""
    sheet = tmp_path / "game.yaml"
    sheet.write_text(
        "players: [Ann, Bo]\nrounds:\n  - {bids: {Ann: 1, Bo: 0}, won: {Ann: 1, Bo: 0}}\n",
        encoding="utf-8",
    )
    result = run("score", "--edition", "no-such-edition", str(sheet))
    assert_one_line_error(result, "no-such-edition")


@pytest.mark.parametrize(
    ("argv", "token"),
    [
        (["trick", "--format", "xml", "Y1", "Y2"], "xml"),
        (["trick", "--leader", "abc", "Y1", "Y2"], "abc"),
        (["frobnicate"], "frobnicate"),
    ],
    ids=["bad-format", "bad-leader", "unknown-command"],
)
def test_usage_errors_are_one_line(argv: list[str], token: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Contract: errors on the command line exit 2 with ONE line naming the offending
    token and no traceback (whether the CLI writes them to `err` or to sys.stderr)."""
    result = run(*argv)
    captured = capsys.readouterr()
    assert result.code == 2
    text = result.err + captured.err
    assert "Traceback" not in text + result.out + captured.out
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert quoted(token, lines[0]), lines[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["trick", "--leader", "5", "Y1", "Y2"],
        ["trick", "--leader", "-1", "Y1", "Y2"],
        ["trick", "--players", "0", "Y1"],
        ["trick", "--players", "2", "Y1", "Y1"],
        ["trick", "E", "E", "E", "E", "E", "E"],
        ["trick"],
        ["trick", "--batch", "x.jsonl", "Y1"],
        ["trick", ":", "Y1"],
        ["trick", "[", "Y1"],
        ["legal", "--hand", "Y1,Y1"],
        ["score", "no-such-sheet.yaml"],
    ],
)
def test_other_bad_input_exits_2_without_traceback(argv: list[str]) -> None:
    """Contract: bad input exits 2 with one line on stderr; "No traceback, ever"."""
    result = run(*argv)
    assert result.code == 2
    assert "Traceback" not in result.err + result.out
    assert len(result.err.splitlines()) == 1, result.err


# ---------------------------------------------------------------------- trick --batch

BATCH_LINES: list[tuple[str, dict[str, Any] | None]] = [
    # (line, expected result or None for an error)
    # the 2021 rulebook: B2 trumps the led yellow, seat 3, G14 +10
    ('{"cards": ["Y10", "Y6", "G14", "B2"]}', {"winner": 3, "next_leader": 3, "bonus": 10}),
    ("this is not JSON", None),
    ('{"cards": ["FOO", "Y1"]}', None),  # unknown card
    ('{"leader": 1, "players": 3}', None),  # missing cards
    ('{"cards": "Y1 Y2"}', None),  # cards not a list
    ('{"cards": ["Y1", 3]}', None),  # a card that is not a string
    ('{"cards": ["Y1", "Y2"], "leader": "1"}', None),  # leader not an int
    ('{"cards": ["Y1", "Y2"], "players": 2.5}', None),  # players not an int
    ('{"cards": ["Y1", "Y2"], "leader": true}', None),  # a bool is not a seat
    ("[1, 2]", None),  # not an object
    ('{"cards": ["SK", "SK"]}', None),  # two Skull Kings
    ('{"cards": ["Y1", "Y2", "Y3"], "players": 2}', None),  # more cards than players
    # the 2021 rulebook, with names: seats 2, 3, 0 -> the mermaid (seat 0) takes the SK, +40
    (
        '{"cards": ["green 7", "skull king", "mermaid"], "leader": 2, "players": 4}',
        {"winner": 0, "next_leader": 0, "bonus": 40},
    ),
    # the 2021 rulebook: E seat 1 wins the all-escape trick, the Loot (seat 2) is its ally
    (
        '{"cards": ["E", "LOOT"], "leader": 1, "players": 3}',
        {"winner": 1, "next_leader": 1, "alliances": [[2, 1]]},
    ),
]


def _check_batch(output: str, lines: list[tuple[str, dict[str, Any] | None]]) -> None:
    records = [json.loads(line) for line in output.splitlines()]
    assert len(records) == len(lines), output
    for (line, expected), record in zip(lines, records, strict=True):
        if expected is None:
            assert set(record) == {"error"}, (line, record)
            assert isinstance(record["error"], str) and record["error"]
        else:
            assert "error" not in record, (line, record)
            assert record.keys() >= TRICK_KEYS
            assert {k: record[k] for k in expected} == expected, (line, record)


def test_batch_one_result_per_line_errors_in_place(tmp_path: Path) -> None:
    """Contract `trick --batch FILE`: one JSON result a line, in order; a bad line (bad
    JSON, unknown card, missing cards, wrong types, impossible trick) gives {"error"}
    on its own line, the rest still run, and the exit code is 2 at the end."""
    batch = tmp_path / "tricks.jsonl"
    batch.write_text("\n".join(line for line, _ in BATCH_LINES) + "\n", encoding="utf-8")
    result = run("trick", "--batch", str(batch))
    assert result.code == 2
    assert "Traceback" not in result.err
    _check_batch(result.out, BATCH_LINES)


def test_batch_errors_name_the_offending_card(tmp_path: Path) -> None:
    """Contract: an unknown card is named in its error; two Skull Kings name 'SK'."""
    batch = tmp_path / "tricks.jsonl"
    batch.write_text('{"cards": ["Y1", "BOGUS"]}\n{"cards": ["SK", "SK"]}\n', encoding="utf-8")
    result = run("trick", "--batch", str(batch))
    assert result.code == 2
    first, second = (json.loads(line)["error"] for line in result.out.splitlines())
    assert quoted("BOGUS", first)
    assert quoted("SK", second)


def test_batch_all_good_exits_0_and_matches_single_tricks(tmp_path: Path) -> None:
    """Contract `trick --batch`: exit 0 when every line is good; each line's result is
    the same record as `skullking trick` with the same cards, leader and players."""
    tricks: list[dict[str, Any]] = [
        {"cards": ["Y10", "Y6", "G14", "B2"]},
        {"cards": ["Y12", "B3", "WHALE", "KRAKEN"], "leader": 2},
        {"cards": ["PIR", "SK", "MER"], "leader": 4, "players": 6},
    ]
    batch = tmp_path / "good.jsonl"
    # no newline after the last line: it still counts
    batch.write_text("\n".join(json.dumps(t) for t in tricks), encoding="utf-8")
    result = run("trick", "--batch", str(batch))
    assert result.code == 0, result.err
    records = [json.loads(line) for line in result.out.splitlines()]
    singles = [trick(*t["cards"], leader=t.get("leader"), players=t.get("players")) for t in tricks]
    assert records == singles
    # spot checks (the 2021 rulebook and the official FAQ): seat 3; Kraken -> none, B3 seat 3 leads; mermaid seat 0
    assert [(r["winner"], r["next_leader"]) for r in records] == [(3, 3), (None, 3), (0, 0)]


def test_batch_refuses_an_empty_trick_as_the_trick_command_does(tmp_path: Path) -> None:
    """Contract: a trick of no cards is bad input, on the command line and in a batch
    line alike, whatever players and leader the line gives: its error record says what
    `skullking trick` says (no cards given), the next lines still run, exit 2."""
    single = run("trick", "--format", "json")
    assert single.code == 2
    said = json.loads(single.out)["error"].split(" (e.g.")[0]
    lines: list[tuple[str, dict[str, Any] | None]] = [
        ('{"cards": [], "players": 4}', None),
        ('{"cards": []}', None),
        ('{"cards": [], "leader": 2, "players": 3}', None),
        ('{"cards": ["Y5", "Y9"]}', {"winner": 1}),
    ]
    batch = tmp_path / "empty.jsonl"
    batch.write_text("\n".join(line for line, _ in lines) + "\n", encoding="utf-8")
    result = run("trick", "--batch", str(batch))
    assert result.code == 2
    _check_batch(result.out, lines)
    errors = [json.loads(line)["error"] for line in result.out.splitlines()[:3]]
    assert said == "no cards given" and all(e.startswith(f"{said} (e.g.") for e in errors), errors


def test_batch_blank_line_keeps_alignment(tmp_path: Path) -> None:
    """Contract `trick --batch`: one trick a line, results one a line in order, a bad
    line gives {"error"} on ITS line. A blank line between tricks is a line that holds
    no trick object, so output line k must still answer input line k."""
    lines: list[tuple[str, dict[str, Any] | None]] = [
        ('{"cards": ["Y5", "Y9"]}', {"winner": 1}),
        ("", None),
        ('{"cards": ["G5", "G9", "G7"]}', {"winner": 1}),
    ]
    batch = tmp_path / "blank.jsonl"
    batch.write_text("\n".join(line for line, _ in lines) + "\n", encoding="utf-8")
    result = run("trick", "--batch", str(batch))
    _check_batch(result.out, lines)
    assert result.code == 2


def test_batch_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Contract `trick --batch -` reads the tricks from stdin. The 2021 rulebook: Y10 Y6 G14
    B2 -> seat 3; the bad second line gives an error in place and exit 2."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"cards": ["Y10", "Y6", "G14", "B2"]}\n{\n'))
    result = run("trick", "--batch", "-")
    assert result.code == 2
    first, second = (json.loads(line) for line in result.out.splitlines())
    assert (first["winner"], first["bonus"]) == (3, 10)
    assert set(second) == {"error"}


def test_batch_from_stdin_all_good(monkeypatch: pytest.MonkeyPatch) -> None:
    """Contract `trick --batch -`: good stdin -> exit 0. The 2021 rulebook: MER PIR MER -> the
    pirate (seat 1) wins, +20 per mermaid = 40."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"cards": ["MER", "PIR", "MER"]}\n'))
    result = run("trick", "--batch", "-")
    assert result.code == 0
    (record,) = (json.loads(line) for line in result.out.splitlines())
    assert (record["winner"], record["bonus"]) == (1, 40)


# ---------------------------------------------------------------------- legal


def test_legal_must_follow_led_suit_specials_always() -> None:
    """The 2021 rulebook: holding the led yellow, a numbered card must be yellow; specials may
    always be played: hand Y3 G5 E TIG on Y10 -> Y3, E, TIG (hand order)."""
    assert legal("Y3,G5,E,TIG", "Y10") == ["Y3", "E", "TIG"]


def test_legal_void_in_led_suit_plays_anything() -> None:
    """The 2021 rulebook: void in the led suit -> any card, no obligation to trump."""
    assert legal("G5,B2,MER", "Y10") == ["G5", "B2", "MER"]


def test_legal_empty_trick_everything_is_legal() -> None:
    """Contract `legal` with an empty trick (no positional cards): the leader may play
    any card of the hand (the 2021 rulebook: nothing has been led)."""
    assert legal("Y3,G5,B14,SK,E") == ["Y3", "G5", "B14", "SK", "E"]


def test_legal_empty_trick_text() -> None:
    """Contract `legal` (text): every card of the hand is listed on an empty trick."""
    result = run("legal", "--hand", "Y3,G5,SK")
    assert result.code == 0
    assert result.err == ""
    for code in ("Y3", "G5", "SK"):
        assert re.search(rf"\b{code}\b", result.out), result.out


def test_legal_text_lists_only_legal_cards() -> None:
    """Contract `legal` (text) + the 2021 rulebook: on Y10, hand Y3 G5 E -> Y3 and E, not G5."""
    result = run("legal", "--hand", "Y3,G5,E", "Y10")
    assert result.code == 0
    assert re.search(r"\bY3\b", result.out) and re.search(r"\bE\b", result.out)
    assert "G5" not in result.out


def test_legal_with_names() -> None:
    """Contract `legal` (names in hand and trick) + the 2021 rulebook: on "yellow 10", hand
    yellow 3, green 5, escape, skull king -> Y3, E, SK."""
    assert legal("yellow 3,green 5,escape,skull king", "yellow 10") == ["Y3", "E", "SK"]


def test_legal_escape_lead_next_card_sets_suit() -> None:
    """The 2021 rulebook: an Escape lead sets no suit (anything goes); the next numbered card
    sets it: on E G7, hand G1 Y3 PIR -> G1, PIR."""
    assert legal("Y3,G5", "E") == ["Y3", "G5"]
    assert legal("G1,Y3,PIR", "E", "G7") == ["G1", "PIR"]
    assert legal("G1,Y3", "LOOT", "G4") == ["G1"]


def test_legal_character_lead_frees_the_trick() -> None:
    """The 2021 rulebook: a character lead (Pirate, Skull King) leaves the whole trick without
    a suit, even after a numbered card: SK Y5 -> hand Y3 G5 both legal."""
    assert legal("Y3,G5", "PIR") == ["Y3", "G5"]
    assert legal("Y3,G5", "SK", "Y5") == ["Y3", "G5"]


def test_legal_black_led_must_follow_black() -> None:
    """The 2021 rulebook: black led -> follow black if held: on B5, hand B1 Y3 -> B1."""
    assert legal("B1,Y3", "B5") == ["B1"]


def test_legal_whale_mid_trick_keeps_suit() -> None:
    """The official FAQ: a White Whale played after the suit was set does not lift
    it: on Y5 WHALE, hand Y3 G5 PIR -> Y3, PIR."""
    assert legal("Y3,G5,PIR", "Y5", "WHALE") == ["Y3", "PIR"]


# ---------------------------------------------------------------------- score

PLAY_SHEET = """\
players: [Ann, Bo, Cy]
rounds:
  - tricks: [[Y5, Y9, B1]]
    bids: {Ann: 0, Bo: 1, Cy: 1}
  - leader: Bo
    bids: {Ann: 0, Bo: 2, Cy: 0}
    tricks:
      - [pirate, mermaid, green 14]
      - [skull king, escape, G2]
  - cards: 3
    bids: {Ann: 1, Bo: 2, Cy: 0}
    won: {Ann: 1, Bo: 2, Cy: 0}
    loot: [[Cy, Bo]]
    extra: {Ann: 10}
"""
# Worked by hand (the 2021 rulebook):
# round 1 (1 card, default leader Ann): Ann Y5, Bo Y9, Cy B1 -> Cy trumps.
#   Ann bid 0 took 0: +10x1 = 10; Bo bid 1 took 0: -10; Cy bid 1 took 1: +20.
# round 2 (2 cards, Bo leads): Bo PIR, Cy MER, Ann G14 -> Bo's pirate: +20 mermaid,
#   +10 green 14; Bo leads again: SK, E, G2 -> Bo. Bo bid 2 took 2: 40 + 30 = 70;
#   Ann and Cy bid 0 took 0: +10x2 = 20 each.
# round 3 (3 cards): Ann 1/1: 20 + 10 extra = 30; Bo 2/2: 40 + 20 Loot = 60;
#   Cy 0/0: 30 + 20 Loot = 50 (both allies made their bids).
PLAY_POINTS = [
    {"Ann": 10, "Bo": -10, "Cy": 20},
    {"Ann": 20, "Bo": 70, "Cy": 20},
    {"Ann": 30, "Bo": 60, "Cy": 50},
]
PLAY_TOTALS = {"Ann": 60, "Bo": 120, "Cy": 90}


def test_score_yaml_sheet_json(tmp_path: Path) -> None:
    """Contract `score SHEET` (YAML; cards optional; bids + won/bonuses/loot/extra, or
    leader + tricks): JSON {edition, players, rounds[{cards, points}], totals,
    winners}. Points per the 2021 rulebook (worked in PLAY_SHEET's comment)."""
    sheet = tmp_path / "game.yaml"
    sheet.write_text(PLAY_SHEET, encoding="utf-8")
    record = run_json("score", str(sheet))
    assert record["edition"] == "skullking-2021"
    assert record["players"] == ["Ann", "Bo", "Cy"]
    assert [r["cards"] for r in record["rounds"]] == [1, 2, 3]
    assert [r["points"] for r in record["rounds"]] == PLAY_POINTS
    assert record["totals"] == PLAY_TOTALS
    assert record["winners"] == ["Bo"]


def test_score_yaml_sheet_text(tmp_path: Path) -> None:
    """Contract `score` (text): a table of rounds and totals naming the winner. The
    totals are the 2021 rulebook's, worked in PLAY_SHEET's comment."""
    sheet = tmp_path / "game.yaml"
    sheet.write_text(PLAY_SHEET, encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert all(name in lines[0] for name in ("Ann", "Bo", "Cy"))
    (total,) = (line for line in lines if line.strip().lower().startswith("total"))
    assert [int(n) for n in re.findall(r"-?\d+", total)] == list(PLAY_TOTALS.values())
    assert any("Bo" in line and "win" in line.lower() for line in lines[-2:])


def test_score_json_sheet_eight_players_hand_cap(tmp_path: Path) -> None:
    """Contract `score` with a JSON sheet, cards omitted. Grandpa Beck's Games' Skull King web page: 8 players -> at
    most 8 cards, round 9 deals 8; zero bids score 10 x cards dealt (not the round
    number). P1 bids and takes every trick (20 x n); the others bid 0 and take none
    (10 x n). P1: 20 x (1+...+8) + 160 = 880; others 10 x 36 + 80 = 440."""
    players = [f"P{i}" for i in range(1, 9)]
    rounds = []
    for number in range(1, 10):
        cards = min(number, 8)
        rounds.append(
            {
                "bids": {p: (cards if p == "P1" else 0) for p in players},
                "won": {p: (cards if p == "P1" else 0) for p in players},
            }
        )
    sheet = tmp_path / "eight.json"
    sheet.write_text(json.dumps({"players": players, "rounds": rounds}, indent=2), encoding="utf-8")
    record = run_json("score", str(sheet))
    assert [r["cards"] for r in record["rounds"]] == [1, 2, 3, 4, 5, 6, 7, 8, 8]
    assert record["rounds"][8]["points"]["P2"] == 80
    assert record["totals"] == {p: (880 if p == "P1" else 440) for p in players}
    assert record["winners"] == ["P1"]


def test_score_tie_lists_every_leader(tmp_path: Path) -> None:
    """Contract `score`: "winners" is a list; the 2021 rulebook: equal highest totals are a
    tie. Both bid 1 and take 1 of 2 cards: 20 each."""
    sheet = tmp_path / "tie.yaml"
    sheet.write_text(
        "players: [Ann, Bo]\nrounds:\n  - cards: 2\n    bids: {Ann: 1, Bo: 1}\n    won: {Ann: 1, Bo: 1}\n",
        encoding="utf-8",
    )
    record = run_json("score", str(sheet))
    assert record["totals"] == {"Ann": 20, "Bo": 20}
    assert record["winners"] == ["Ann", "Bo"]


def test_score_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    """`score -` reads the sheet from stdin. The 2021 rulebook: Ann 1/1 -> 20, Bo 0/0 on one
    card -> 10."""
    monkeypatch.setattr(
        sys, "stdin", io.StringIO("players: [Ann, Bo]\nrounds:\n  - {bids: {Ann: 1, Bo: 0}, won: {Ann: 1, Bo: 0}}\n")
    )
    record = run_json("score", "-")
    assert record["totals"] == {"Ann": 20, "Bo": 10}


HOUSE_EDITION = """\
extends: skullking-2021
id: house-rules
title: House rules, the black 14 is worth 50
bonuses:
  black-14: {points: 50}
"""


def test_score_edition_option_overrides_the_sheet(tmp_path: Path) -> None:
    """Contract: every command takes --edition; for `score` it overrides the sheet's
    `edition`. The 2021 rulebook: Ann bids 1, takes 1 holding the black 14 -> 20 + 20 = 40
    under the 2021 edition, 20 + 50 = 70 under the sheet's house edition."""
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE_EDITION, encoding="utf-8")
    sheet = tmp_path / "game.yaml"
    sheet.write_text(
        f"edition: {house}\nplayers: [Ann, Bo]\nrounds:\n"
        "  - bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n    bonuses: {Ann: [black-14]}\n",
        encoding="utf-8",
    )
    own = run_json("score", str(sheet))
    assert own["edition"] == "house-rules"
    assert own["totals"] == {"Ann": 70, "Bo": 10}
    overridden = run_json("score", "--edition", "skullking-2021", str(sheet))
    assert overridden["edition"] == "skullking-2021"
    assert overridden["totals"] == {"Ann": 40, "Bo": 10}


def test_score_edition_option_overrides_an_unknown_sheet_edition(tmp_path: Path) -> None:
    """Contract: --edition overrides the sheet's edition, so a sheet naming an edition
    that does not exist still scores under --edition (the 2021 rulebook: 20 and 10)."""
    sheet = tmp_path / "game.yaml"
    sheet.write_text(
        "edition: no-such-edition\nplayers: [Ann, Bo]\nrounds:\n  - bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n",
        encoding="utf-8",
    )
    record = run_json("score", "--edition", "skullking-2021", str(sheet))
    assert record["totals"] == {"Ann": 20, "Bo": 10}


BAD_SHEET = """\
players: [Ann, Bo]
rounds:
  - bids: {Ann: 1, Bo: 0}
    won: {Ann: 1, Bo: 0}
  - bids: {Ann: 7, Bo: 0}
    won: {Ann: 2, Bo: 0}
  - bids: {Ann: 1, Zed: 0, Bo: 0}
    won: {Ann: 4, Bo: 0}
"""


def test_score_errors_are_located(tmp_path: Path) -> None:
    """Contract "Sheet errors: exit 2 with FILE:LINE:COL: round N: ...". The 2021 rulebook:
    a bid is 0..cards dealt (round 2 deals 2: 7 is out); round 3 names an unknown
    player Zed and 4 tricks won of 3 cards dealt. Each message points at the value."""
    sheet = tmp_path / "bad.yaml"
    sheet.write_text(BAD_SHEET, encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 2
    assert result.out == ""
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    expected = [
        (position(BAD_SHEET, "{Ann: 7", "7"), 2, "7"),
        (position(BAD_SHEET, "Zed: 0", "Zed"), 3, "Zed"),
        (position(BAD_SHEET, "{Ann: 4", "4"), 3, "4"),
    ]
    for (line, column), number, token in expected:
        prefix = f"{sheet}:{line}:{column}: round {number}: "
        matching = [m for m in lines if m.startswith(prefix)]
        assert matching, (prefix, lines)
        assert token in matching[0][len(prefix) :]
    for message in lines:
        assert re.match(rf"{re.escape(str(sheet))}:\d+:\d+: round \d+: ", message), message


def test_score_json_sheet_errors_are_located(tmp_path: Path) -> None:
    """Contract "Sheet errors ... FILE:LINE:COL: round N:" for a JSON sheet: a bid that
    is not a whole number is reported at the value's line and column."""
    text = (
        "{\n"
        '  "players": ["Ann", "Bo"],\n'
        '  "rounds": [\n'
        '    {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}},\n'
        '    {"bids": {"Ann": 1, "Bo": "x"}, "won": {"Ann": 1, "Bo": 1}}\n'
        "  ]\n"
        "}\n"
    )
    sheet = tmp_path / "bad.json"
    sheet.write_text(text, encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 2
    line, column = position(text, '"Bo": "x"', '"x"')
    (message,) = result.err.splitlines()
    assert message.startswith(f"{sheet}:{line}:{column}: round 2: "), message
    assert quoted("x", message)


def test_score_play_errors_are_located(tmp_path: Path) -> None:
    """Contract "Sheet errors" with leader + tricks. The 2021 rulebook: in round 2 Ann leads
    Y5, Bo plays G9 while holding Y1 (which he plays in trick 2): a revoke, reported
    at the G9 card. An unknown card in round 3 is reported at that card. (Two players:
    Graybeard's ghost plays second in every trick, as the 2021 rulebook has it.)"""
    text = (
        "players: [Ann, Bo]\n"
        "rounds:\n"
        "  - bids: {Ann: 1, Bo: 0}\n"
        "    won: {Ann: 1, Bo: 0}\n"
        "  - bids: {Ann: 2, Bo: 0}\n"
        "    leader: Ann\n"
        "    tricks: [[Y5, E, G9], [G2, P3, Y1]]\n"
        "  - bids: {Ann: 2, Bo: 0}\n"
        "    tricks: [[Y5, E, G9], [G2, P4, BOGUS], [Y1, P5, Y2]]\n"
    )
    sheet = tmp_path / "play.yaml"
    sheet.write_text(text, encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 2
    lines = result.err.splitlines()
    revoke = position(text, "[[Y5, E, G9], [G2, P3, Y1]]", "G9")
    bogus = position(text, "BOGUS", "BOGUS")
    revoke_prefix = f"{sheet}:{revoke[0]}:{revoke[1]}: round 2: "
    bogus_prefix = f"{sheet}:{bogus[0]}:{bogus[1]}: round 3: "
    assert any(m.startswith(revoke_prefix) and "G9" in m for m in lines), lines
    assert any(m.startswith(bogus_prefix) and quoted("BOGUS", m) for m in lines), lines


def test_score_error_messages_show_the_sheet_value(tmp_path: Path) -> None:
    """Contract "Sheet errors": the message quotes what the sheet says. A bid written
    as a list [1] must be reported as [1], not as the reader's internal objects."""
    text = "players: [Ann, Bo]\nrounds:\n  - bids: {Ann: [1], Bo: 0}\n    won: {Ann: 1, Bo: 0}\n"
    sheet = tmp_path / "list.yaml"
    sheet.write_text(text, encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 2
    line, column = position(text, "[1]", "[1]")
    (message,) = result.err.splitlines()
    assert message.startswith(f"{sheet}:{line}:{column}: round 1: "), message
    assert "[1]" in message
    assert "Node(" not in message and "Location(" not in message, message


def test_score_yaml_syntax_error_is_located(tmp_path: Path) -> None:
    """Contract "Sheet errors: exit 2 with FILE:LINE:COL": a sheet that is not YAML."""
    sheet = tmp_path / "broken.yaml"
    sheet.write_text("players: [Ann, Bo\nrounds: []\n", encoding="utf-8")
    result = run("score", str(sheet))
    assert result.code == 2
    assert "Traceback" not in result.err
    assert result.err.splitlines()
    for message in result.err.splitlines():
        assert re.match(rf"{re.escape(str(sheet))}:\d+:\d+: ", message), message


def test_score_unknown_sheet_edition_is_located(tmp_path: Path) -> None:
    """Contract "Sheet errors: exit 2 with FILE:LINE:COL": an unknown edition named by
    the sheet (line 1) is a sheet error, located in the sheet and quoting the name."""
    sheet = tmp_path / "game.yaml"
    sheet.write_text(
        "edition: no-such-edition\nplayers: [Ann, Bo]\nrounds:\n  - bids: {Ann: 1, Bo: 0}\n    won: {Ann: 1, Bo: 0}\n",
        encoding="utf-8",
    )
    result = run("score", str(sheet))
    assert result.code == 2
    (message,) = result.err.splitlines()
    assert message.startswith(f"{sheet}:1:"), message
    assert quoted("no-such-edition", message)


def test_score_missing_sheet_is_one_line(tmp_path: Path) -> None:
    """Contract: bad input -> exit 2, one line naming the file, no traceback."""
    missing = tmp_path / "nope.yaml"
    assert_one_line_error(run("score", str(missing)), str(missing))


# ---------------------------------------------------------------------- validate


def test_validate_bundled_file_is_clean() -> None:
    """Contract `validate FILE...`: exit 0 when there is no problem; the bundled edition
    file has none (text and JSON: an empty list)."""
    result = run("validate", str(BUNDLED_FILE))
    assert result.code == 0, result.out
    assert not re.search(r":\d+:\d+: ", result.out), result.out
    assert run_json("validate", str(BUNDLED_FILE)) == []
    assert run("validate", "skullking-2021").code == 0


def _broken_edition(tmp_path: Path) -> tuple[Path, str, list[tuple[int, int]]]:
    """The bundled edition with both `of: mermaid` winner rules pointing at an unknown
    card group 'merman'; returns the file, its text and where the two problems are."""
    text = BUNDLED_FILE.read_text(encoding="utf-8")
    broken = text.replace("of: mermaid}", "of: merman}")
    assert broken.count("of: merman}") == 2
    places = [
        (number, line.index("merman") + 1)
        for number, line in enumerate(broken.splitlines(), start=1)
        if "of: merman}" in line
    ]
    path = tmp_path / "broken.yaml"
    path.write_text(broken, encoding="utf-8")
    return path, broken, places


def test_validate_broken_file_text(tmp_path: Path) -> None:
    """Contract `validate`: every problem as FILE:LINE:COL: message, exit 1 when any.
    Both rules naming 'merman' are reported, each at its value."""
    path, _, places = _broken_edition(tmp_path)
    result = run("validate", str(path))
    assert result.code == 1
    lines = result.out.splitlines()
    for line, column in places:
        prefix = f"{path}:{line}:{column}: "
        assert any(m.startswith(prefix) and "merman" in m for m in lines), (prefix, lines)


def test_validate_broken_file_json(tmp_path: Path) -> None:
    """Contract `validate --format json`: a list of {file, line, column, message}, exit
    1. The records point at both 'merman' values."""
    path, _, places = _broken_edition(tmp_path)
    result = run("validate", "--format", "json", str(path))
    assert result.code == 1
    records = json.loads(result.out)
    assert isinstance(records, list)
    for record in records:
        assert record.keys() >= {"file", "line", "column", "message"}
        assert record["file"] == str(path)
    found = {(r["line"], r["column"]) for r in records if "merman" in r["message"]}
    assert found == set(places)


def test_validate_several_files_exit_1_if_any_is_broken(tmp_path: Path) -> None:
    """Contract `validate FILE...`: exit 1 when any file has a problem; only the broken
    file's problems are listed."""
    path, _, places = _broken_edition(tmp_path)
    records = json.loads(run("validate", "--format", "json", str(BUNDLED_FILE), str(path)).out)
    assert {r["file"] for r in records} == {str(path)}
    assert len(records) >= len(places)
    assert run("validate", str(BUNDLED_FILE), str(path)).code == 1


def test_validate_reports_every_problem_at_once(tmp_path: Path) -> None:
    """Contract `validate`: EVERY problem. A file with a wrongly typed bonus value
    (`points: ten`) and, elsewhere, an unknown card group ('merman') has both reported."""
    _, broken, places = _broken_edition(tmp_path)
    both = broken.replace("    points: 10\n", "    points: ten\n", 1)
    path = tmp_path / "both.yaml"
    path.write_text(both, encoding="utf-8")
    records = json.loads(run("validate", "--format", "json", str(path)).out)
    assert any("ten" in r["message"] for r in records), records
    assert {(r["line"], r["column"]) for r in records if "merman" in r["message"]} == set(places)


def test_validate_reports_every_problem_of_an_overlay_without_an_id(tmp_path: Path) -> None:
    """Contract `validate`: EVERY problem, of an overlay too. A house rule that extends
    skullking-2021 without an id of its own, with an unknown key and a bonus listed
    twice, has all three reported, in file order, each at its line and column (text and
    JSON)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: skullking-2021\n"
        "not_a_real_setting: 3\n"
        "bonuses:\n"
        "  - {id: black-14, points: 30}\n"
        "  - {id: black-14, points: 40}\n",
        encoding="utf-8",
    )
    result = run("validate", str(path))
    assert result.code == 1
    assert result.out.splitlines() == [
        f"{path}:1:1: 'id' is a required property: an overlay is an edition of its own",
        f"{path}:2:1: unknown key 'not_a_real_setting' in the file (allowed: abilities, bidding, bonuses, deck, "
        "description, descriptions, effects, extends, ghost, id, lead, modules, play, players, precedence, roles, "
        "schedule, "
        "scoring, sources, title)",
        f"{path}:5:10: duplicate id 'black-14' in bonuses (first at line 4)",
    ]
    as_json = run("validate", "--format", "json", str(path))
    records = json.loads(as_json.out)
    assert as_json.code == 1
    assert [(r["file"], r["line"], r["column"]) for r in records] == [
        (str(path), 1, 1),
        (str(path), 2, 1),
        (str(path), 5, 10),
    ]
    assert [r["message"] for r in records] == [line.split(": ", 1)[1] for line in result.out.splitlines()]


def test_validate_missing_file_is_reported(tmp_path: Path) -> None:
    """Contract `validate`: a file that cannot be read is a problem, reported with its
    name; exit non-zero, no traceback."""
    missing = tmp_path / "missing.yaml"
    result = run("validate", str(missing))
    assert result.code in (1, 2)
    assert str(missing) in result.out + result.err
    assert "Traceback" not in result.out + result.err


# ---------------------------------------------------------------------- explain


def test_explain_takes_the_edition_as_its_argument_or_option() -> None:
    """`explain EDITION`, as `validate FILE`: the argument and `--edition` give the same
    Markdown (text and JSON), a file as well as a bundled id; without either, the
    default edition's; the help names both."""
    by_argument = run("explain", "skullking-2024")
    assert by_argument.code == 0 and by_argument.out.startswith("# Skull King, 2024 printing")
    assert run("explain", "--edition", "skullking-2024").out == by_argument.out
    assert run_json("explain", "skullking-2024") == run_json("explain", "--edition", "skullking-2024")
    assert run_json("explain", "skullking-2024")["id"] == "skullking-2024"
    assert run("explain", str(BUNDLED_FILE)).out == run("explain", "--edition", str(BUNDLED_FILE)).out
    assert run("explain").out == run("explain", "skullking-2021").out
    assert "[EDITION]" in run("explain", "--help").out


@pytest.mark.parametrize(
    ("argv", "tokens"),
    [
        (["skullking-2021", "--edition", "skullking-2024"], ("skullking-2021", "skullking-2024")),
        (["--edition", "skullking-2024", "skullking-2024"], ("skullking-2024",)),
        (["skullking-2021", "skullking-2024"], ("skullking-2021", "skullking-2024")),
    ],
)
def test_explain_refuses_an_edition_given_twice(argv: list[str], tokens: tuple[str, ...]) -> None:
    """Contract: a usage error is exit 2 and one line naming what is wrong: an edition
    given both as EDITION and with --edition (the same one too), or two editions; with
    --format json, one error record on standard output."""
    line = assert_one_line_error(run("explain", *argv), *tokens)
    assert line.startswith("skullking: error: explain takes one edition") and all(quoted(t, line) for t in tokens)
    as_json = run("explain", *argv, "--format", "json")
    assert as_json.code == 2 and as_json.err == ""
    record = json.loads(as_json.out)
    assert record["error"] == line.removeprefix("skullking: error: ") and record["line"] is None


# ---------------------------------------------------------------------- --version, python -m


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`skullking --version` prints the program name and the installed version, exit 0."""
    result = run("--version")
    captured = capsys.readouterr()
    assert result.code == 0
    version = importlib.metadata.version("skullking-rules")
    assert version == skullking.__version__
    assert f"skullking {version}" in result.out + captured.out


def test_python_m_skullking_trick() -> None:
    """Contract: `python -m skullking trick Y10 Y6 G14 B2` works as a program. The 2021 rulebook:
    B2 trumps the led yellow; it is seat 3."""
    done = subprocess.run(
        [sys.executable, "-m", "skullking", "trick", "Y10", "Y6", "G14", "B2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert re.search(r"\b3\b", done.stdout.splitlines()[0]), done.stdout
    as_json = subprocess.run(
        [sys.executable, "-m", "skullking", "trick", "Y10", "Y6", "G14", "B2", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert as_json.returncode == 0, as_json.stderr
    record = json.loads(as_json.stdout)
    assert (record["winner"], record["next_leader"], record["bonus"]) == (3, 3, 10)


def test_python_m_skullking_error_exit_2() -> None:
    """Contract: a command-line error through the real program: exit 2, one line on
    stderr quoting the token, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "skullking", "trick", "Y10", "NOPE"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert quoted("NOPE", line)


def test_score_says_which_round_is_being_played(tmp_path: Path) -> None:
    """`skullking score` of a sheet whose last round has its bids alone (in_progress)
    scores the rounds played and says the last one is being played, with its bids."""
    sheet = tmp_path / "going.yaml"
    sheet.write_text(
        "players: [Ann, Bo, Cy]\nrounds:\n  - bids: {Ann: 1, Bo: 0, Cy: 0}\n    won: {Ann: 1, Bo: 0, Cy: 0}\n"
        "  - bids: {Ann: 1, Bo: 0, Cy: 1}\n    in_progress: true\n",
        encoding="utf-8",
    )
    result = run("score", str(sheet))
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == "Round 2 is being played (2 cards), not scored yet: bids Ann 1, Bo 0, Cy 1."
    assert run_json("score", str(sheet))["in_progress"]["bids"] == {"Ann": 1, "Bo": 0, "Cy": 1}
