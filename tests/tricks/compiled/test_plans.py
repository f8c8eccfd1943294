"""Trick plans (engine/tricks/compiled/plans.py), kept by the compiled resolver's memo
(engine/tricks/compiled/memo.py) for short tricks: a plan kept at once when it costs
nothing, a trick of any form finds the same result, and input is still checked once a
pattern has its plan. (tests/tricks/compiled/test_compiled.py compares the compiled resolver with the
reference on random tricks of every edition.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from resolvers import ResolveTrick

import skullking
from skullking.core.errors import IllegalTrickError, NotationError
from skullking.edition import Edition
from skullking.tricks.compiled.memo import SEEN as _SEEN


def _codes(edition: Edition) -> list[str]:
    codes = []
    for card in edition.deck():
        codes.append(card.code if card.code != "TIG" else "TIG:PIR")
    return codes


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_form_of_a_trick_gives_one_result(
    edition: Edition, resolve_trick: ResolveTrick, data: st.DataObject
) -> None:
    """Text, lists of codes, parsed Cards and plain lists of plays give the same result,
    under every trick resolver."""
    codes = data.draw(st.lists(st.sampled_from(_codes(edition)), min_size=2, max_size=8, unique=True))
    plays = edition.parse_cards(codes)
    results = {
        resolve_trick(edition, codes),
        resolve_trick(edition, " ".join(codes)),
        resolve_trick(edition, plays),
        resolve_trick(edition, list(plays)),
    }
    assert len(results) == 1


def test_duplicates_are_caught_after_a_plan_is_cached(edition: Edition) -> None:
    """A plan cached for PIR PIR (legal: five pirates) must not let ROSIE ROSIE through,
    nor one for G1 G2 let G1 G1 through (the 2021 rulebook: one copy of each)."""
    for _ in range(2):
        assert edition.resolve_trick(["PIR", "PIR"]).winner == 0
    with pytest.raises(IllegalTrickError, match="'ROSIE' 2 times"):
        edition.resolve_trick(edition.parse_cards(["ROSIE", "ROSIE"]))
    with pytest.raises(IllegalTrickError, match="'ROSIE' 2 times"):
        edition.resolve_trick(list(edition.parse_cards(["ROSIE", "ROSIE"])))
    for _ in range(2):
        assert edition.resolve_trick(["G1", "G2"]).winner == 1
    with pytest.raises(IllegalTrickError, match="'G1' 2 times"):
        edition.resolve_trick(edition.parse_cards(["G1", "G1"]))


def test_a_card_twice_in_three_plain_plays_is_caught_after_a_plan_is_cached(
    edition: Edition, resolve_trick: ResolveTrick
) -> None:
    """Three plays given as a plain tuple (as ``diff`` plays its grid) find their
    pattern's plan, yet a card played twice, at any two of the three places, is refused
    (the 2021 rulebook: one copy of each numbered card)."""
    g1, g2, g3 = (edition.plays[code] for code in ("G1", "G2", "G3"))
    for _ in range(3):
        assert resolve_trick(edition, (g1, g2, g3)).winner == 2
    for trick in ((g1, g1, g3), (g1, g3, g1), (g3, g1, g1)):
        with pytest.raises(IllegalTrickError, match="'G1' 2 times"):
            resolve_trick(edition, trick)


def test_a_module_is_checked_after_a_plan_is_cached(resolve_trick: ResolveTrick) -> None:
    """Under the 2024 printing the Loot is used from three players: plain plays of a
    pattern whose plan is kept are resolved from it with three players seated, and a Loot
    is still refused at two."""
    import skullking

    later = skullking.load_edition("skullking-2024")
    loot_y3 = (later.plays["LOOT"], later.plays["Y3"])
    for _ in range(3):
        assert resolve_trick(later, loot_y3, players=3).alliances == ((0, 1),)
        assert resolve_trick(later, (*loot_y3, later.plays["E"])).winner == 1
        with pytest.raises(IllegalTrickError, match="'LOOT' is not used with 2 players"):
            resolve_trick(later, loot_y3)
        with pytest.raises(IllegalTrickError, match="'LOOT' is not used with 2 players"):
            resolve_trick(later, list(loot_y3), players=2)


def test_seats_are_checked_after_a_plan_is_cached(edition: Edition) -> None:
    """Leader and player count are checked on every call, cached plan or not."""
    for _ in range(2):
        assert edition.resolve_trick(["G1", "G2"], leader=1, players=3).winner == 2
    for leader, players in ((3, 3), (-1, 3), (0, 1), (0, 9)):
        with pytest.raises(IllegalTrickError):
            edition.resolve_trick(["G1", "G2"], leader=leader, players=players)


def test_plays_of_another_edition_are_taken_by_code_or_refused(edition: Edition, tmp_path: object) -> None:
    """A play carries its edition's compiled rules: another edition resolves the trick
    with its own play of the same code where the card is the same card (a house rule
    that changes nothing: Y2 beats Y1 on a yellow lead, as the 2021 rulebook has it),
    and refuses a card it does not have (the original edition's red suit)."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    house = tmp_path / "h.yaml"
    house.write_text("extends: skullking-2021\nid: h\n", encoding="utf-8")
    other = skullking.load_edition(house)
    assert edition.resolve_trick(other.parse_cards(["Y1", "Y2"])).winner == 1
    red = skullking.load_edition("skullking-original").parse_cards(["R1", "Y2"])
    with pytest.raises(NotationError, match="'R1' is not a card of edition 'skullking-2021'"):
        edition.resolve_trick(red)


def test_a_plan_that_costs_nothing_is_kept_the_first_time() -> None:
    """A pattern whose winner a rule picks by its place (the first pirate) and that pays
    nothing keeps its plan at its first trick (the rule's own plan: nothing to build); a
    pattern whose winner a rank decides is kept as seen, its plan built the second time
    (a game meets many patterns once). Both then give what the interpreter gives, on any
    ranks of the pattern."""
    import skullking

    edition = skullking.load_edition("skullking-2021")
    plans = edition.compiled.plans
    pirate, ranked = edition.parse_cards("Y5 PIR G3 Y7"), edition.parse_cards("Y5 Y9 G3 G2")
    for trick in (pirate, ranked):
        plans.pop(trick.patterns, None)
    assert edition.resolve_trick(pirate) == edition.interpret_trick("Y5 PIR G3 Y7")
    assert edition.resolve_trick(ranked) == edition.interpret_trick("Y5 Y9 G3 G2")
    assert plans.get(pirate.patterns) not in (None, _SEEN) and plans.get(ranked.patterns) is _SEEN
    for text in ("Y5 PIR G3 Y7", "Y9 ROSIE G1 Y2", "Y1 HARRY G13 Y13"):
        assert edition.resolve_trick(edition.parse_cards(text), 2, 4) == edition.interpret_trick(text, 2, 4)
