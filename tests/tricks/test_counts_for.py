"""Who a trick nobody wins counts for (an effect's ``counts_for``) and whether it pays
its bonuses (``bonuses``), under every trick resolver (the ``resolve_trick`` fixture).

Each case is a house rule laid over the 2021 rulebook, its expectation worked out by
hand from the rule: who would have won without the trick-altering cards is who the
2021 precedence names among the other cards; the next leader is always the 2021
rulebook's (the player who would have won without the Kraken; the White Whale's
player after a discarded trick), whoever the trick counts for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import EditionError
from skullking.edition import Edition

#: The common table reading of the Kraken (the example house rule).
KRAKEN_COUNTS = "effects: {list: {kraken: {counts_for: [would_have_won_without_effects]}}}"
#: The same with the trick's bonuses paid to that player.
KRAKEN_PAYS = "effects: {list: {kraken: {counts_for: [would_have_won_without_effects], bonuses: paid}}}"
#: The Kraken's trick for the Kraken's player, bonuses paid.
KRAKEN_OWN = "effects: {list: {kraken: {counts_for: [effect_player], bonuses: paid}}}"
#: Nobody would have won: the next strategy names the seat after the Kraken's.
KRAKEN_LEFT = (
    "effects: {list: {kraken: {counts_for: [would_have_won_without_effects, left_of_effect_player], bonuses: paid}}}"
)
#: The common table reading of the White Whale: a discarded trick for the Whale's player.
WHALE_COUNTS = "effects: {list: {white-whale: {counts_for: [effect_player]}}}"

_LOADED: dict[str, Edition] = {}


def _edition(overlay: str, tmp_path_factory: pytest.TempPathFactory) -> Edition:
    found = _LOADED.get(overlay)
    if found is None:
        path = tmp_path_factory.mktemp("counts") / "overlay.yaml"
        path.write_text(f"extends: skullking-2021\nid: counts-overlay\n{overlay}\n", encoding="utf-8")
        found = _LOADED[overlay] = skullking.load_edition(path)
    return found


CASES: list[dict[str, Any]] = [
    {
        "id": "kraken-counts-for-the-trump",
        "rule": "a house rule: the Kraken's trick counts for who would have won it without the Kraken "
        "(B2, the only trump, seat 3), without bonuses (G14's 10 is not paid); seat 3 leads, as the 2021 rulebook",
        "overlay": KRAKEN_COUNTS,
        "cards": ["Y10", "KRAKEN", "G14", "B2"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 3, "counts_for": 3, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "kraken-counts-seats-from-the-leader",
        "rule": "a house rule: as above, led by seat 2 of 4: B2, the fourth card, is seat 1's",
        "overlay": KRAKEN_COUNTS,
        "cards": ["Y10", "KRAKEN", "G14", "B2"],
        "leader": 2,
        "expected": {"winner": None, "next_leader": 1, "counts_for": 1, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "kraken-counts-with-bonuses",
        "rule": "a house rule: the Kraken's trick counts for B2's player with its bonuses: G14 pays 10",
        "overlay": KRAKEN_PAYS,
        "cards": ["Y10", "KRAKEN", "G14", "B2"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 3, "counts_for": 3, "bonus": 10, "bonuses": ("standard-14",)},
    },
    {
        "id": "kraken-counts-role-bonus",
        "rule": "a house rule: the Skull King would have won, taking the pirate: 30 paid to his player (seat 1)",
        "overlay": KRAKEN_PAYS,
        "cards": ["PIR", "SK", "KRAKEN"],
        "leader": 0,
        "expected": {
            "winner": None,
            "next_leader": 1,
            "counts_for": 1,
            "bonus": 30,
            "bonuses": ("pirate-by-skull-king",),
        },
    },
    {
        "id": "kraken-cancels-whale-counts",
        "rule": "a house rule, and the official FAQ's Kraken after a White Whale (the Whale plays an escape): "
        "without either beast Y9 would have won: seat 3 leads and the trick counts for seat 3",
        "overlay": KRAKEN_COUNTS,
        "cards": ["WHALE", "Y5", "KRAKEN", "Y9"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 3, "counts_for": 3, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "kraken-counts-for-its-player",
        "rule": "a house rule: the Kraken's trick counts for the Kraken's player (seat 2) with its bonuses: "
        "Y14 pays 10 to them; Y14's player (seat 1) leads, as the 2021 rulebook",
        "overlay": KRAKEN_OWN,
        "cards": ["Y3", "Y14", "KRAKEN"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 1, "counts_for": 2, "bonus": 10, "bonuses": ("standard-14",)},
    },
    {
        "id": "kraken-alone-counts-for-nobody",
        "rule": "a house rule: with no other card nobody would have won, so the trick counts for nobody; "
        "the trick's leader leads (the 2021 fallback)",
        "overlay": KRAKEN_COUNTS,
        "cards": ["KRAKEN"],
        "leader": 0,
        "players": 2,
        "expected": {"winner": None, "next_leader": 0, "counts_for": None, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "kraken-alone-counts-for-the-next-seat",
        "rule": "a house rule: nobody would have won, the next strategy names the seat after the Kraken's "
        "(seat 1, who played no card: no bonus)",
        "overlay": KRAKEN_LEFT,
        "cards": ["KRAKEN"],
        "leader": 0,
        "players": 2,
        "expected": {"winner": None, "next_leader": 0, "counts_for": 1, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "whale-discard-counts-for-its-player",
        "rule": "a house rule: a trick the White Whale discards (no numbered card) counts for the Whale's "
        "player, seat 1, who leads next (the 2021 rulebook)",
        "overlay": WHALE_COUNTS,
        "cards": ["SK", "WHALE", "E"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 1, "counts_for": 1, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "whale-won-trick-counts-for-its-winner",
        "rule": "a house rule: a White Whale's trick with a numbered card is won (the 2021 rulebook: Y9, the "
        "highest number); it counts for its winner, seat 2, as any won trick",
        "overlay": WHALE_COUNTS,
        "cards": ["WHALE", "Y3", "Y9"],
        "leader": 0,
        "expected": {"winner": 2, "next_leader": 2, "counts_for": 2, "bonus": 0, "bonuses": ()},
    },
    {
        "id": "kraken-2021-counts-for-nobody",
        "rule": "the 2021 rulebook: the Kraken's trick counts for nobody and pays no bonus",
        "overlay": "",
        "cards": ["Y10", "KRAKEN", "G14", "B2"],
        "leader": 0,
        "expected": {"winner": None, "next_leader": 3, "counts_for": None, "bonus": 0, "bonuses": ()},
    },
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_who_a_trick_counts_for(
    resolve_trick: ResolveTrick, case: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The case's rule (its 'rule' says which), under every trick resolver."""
    edition = _edition(case["overlay"], tmp_path_factory)
    result = resolve_trick(edition, case["cards"], leader=case["leader"], players=case.get("players"))
    got = {name: getattr(result, name) for name in case["expected"]}
    assert got == case["expected"], case["rule"]
    assert result.alliances == ()


def test_the_json_answer_gives_counts_for_only_where_it_is_not_the_winner(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """``trick --format json`` (a house rule: the Kraken's trick counts for B2's player):
    ``counts_for`` appears for the destroyed trick, never for a won one, so every
    answer of an edition without the rule stays as it was."""
    edition = _edition(KRAKEN_COUNTS, tmp_path_factory)
    destroyed = edition.resolve_trick(["Y10", "KRAKEN", "G14", "B2"]).as_json()
    assert destroyed["winner"] is None
    assert destroyed["counts_for"] == 3
    won = edition.resolve_trick(["Y10", "Y6", "G14", "B2"]).as_json()
    assert "counts_for" not in won
    plain = skullking.load_edition("skullking-2021").resolve_trick(["Y10", "KRAKEN", "G14", "B2"]).as_json()
    assert "counts_for" not in plain


def test_the_lead_and_the_suit_to_follow_are_unchanged(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A house rule that counts the Kraken's trick for somebody changes nothing of play:
    a Kraken led still leaves the trick without a suit to follow (the 2021 rulebook),
    so any card may follow it."""
    edition = _edition(KRAKEN_COUNTS, tmp_path_factory)
    base = skullking.load_edition("skullking-2021")
    hand = ["Y3", "G5", "B7", "E"]
    assert edition.led_suit(["KRAKEN"]) is None
    assert [str(p) for p in edition.legal_plays(hand, ["KRAKEN"])] == hand
    assert [str(p) for p in edition.legal_plays(hand, ["KRAKEN", "Y9"])] == [
        str(p) for p in base.legal_plays(hand, ["KRAKEN", "Y9"])
    ]


@pytest.mark.parametrize(
    ("effect", "message", "column"),
    [
        (
            "{kraken: {bonuses: paid}}",
            "'bonuses' says whether a trick the effect leaves without a winner pays its bonuses to whoever it "
            "counts for, but this effect's trick counts for nobody (the default)",
            "paid",
        ),
        (
            "{kraken: {counts_for: [nobody], bonuses: paid}}",
            "but this effect's trick counts for nobody: give 'counts_for'",
            "paid",
        ),
        (
            "{kraken: {counts_for: [nobody, effect_player]}}",
            "'effect_player' comes after 'nobody' and is never tried",
            "effect_player",
        ),
        ("{loot: {counts_for: [effect_player]}}", "'counts_for' does not apply to an alliance effect", "counts_for"),
    ],
)
def test_a_combination_that_cannot_apply_is_refused_where_it_is_written(
    tmp_path: Path, effect: str, message: str, column: str
) -> None:
    """Bad input (the rule language): ``bonuses`` without anybody to pay, a strategy
    after ``nobody``, ``counts_for`` on an alliance: one error, at the line and column
    of what is wrong (``column``: the text found there)."""
    path = tmp_path / "house.yaml"
    text = f"extends: skullking-2021\nid: house\neffects:\n  list: {effect}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    problems = caught.value.problems
    assert len(problems) == 1, problems
    problem = problems[0]
    assert message in problem.message
    assert (problem.line, problem.column) == (4, text.splitlines()[3].index(column) + 1)
