"""Who leads after a trick nobody wins: the one walk of an effect's ``next_leader``
strategies (``Resolver.next_leader``) that the reference interpreter, the compiled
resolver and its plans each follow, answering "who would have won without these cards"
their own way. The tricks themselves are checked under every resolver by the trick
cases (editions/worked-examples); this checks the walk's order on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

import skullking
from skullking.model.records import NextLeader

WITHOUT_EFFECTS = NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS
WITHOUT_CARD = NextLeader.WOULD_HAVE_WON_WITHOUT_CARD


@pytest.mark.parametrize(
    ("strategies", "answers", "expected", "asked"),
    [
        # The 2021 rulebook: after a Kraken, whoever would have won without it leads.
        ((WITHOUT_EFFECTS,), {WITHOUT_EFFECTS: 2}, (2, 0), [WITHOUT_EFFECTS]),
        # Nobody would have won (only beasts): the next strategy is tried.
        ((WITHOUT_EFFECTS, NextLeader.EFFECT_PLAYER), {}, (3, 0), [WITHOUT_EFFECTS]),
        ((WITHOUT_CARD, NextLeader.LEFT_OF_EFFECT_PLAYER), {}, (3, 1), [WITHOUT_CARD]),
        # A strategy that always names a seat ends the walk.
        ((NextLeader.TRICK_LEADER, WITHOUT_EFFECTS), {WITHOUT_EFFECTS: 2}, (0, 0), []),
        ((NextLeader.EFFECT_PLAYER, WITHOUT_CARD), {WITHOUT_CARD: 1}, (3, 0), []),
        ((WITHOUT_CARD, WITHOUT_EFFECTS), {WITHOUT_EFFECTS: 1}, (1, 0), [WITHOUT_CARD, WITHOUT_EFFECTS]),
    ],
)
def test_the_first_strategy_that_names_somebody_leads(
    strategies: tuple[NextLeader, ...],
    answers: dict[NextLeader, int],
    expected: tuple[int, int],
    asked: list[NextLeader],
) -> None:
    resolver = skullking.load_edition("skullking-2021").interpreter
    calls: list[NextLeader] = []

    def without(strategy: NextLeader) -> int | None:
        calls.append(strategy)
        return answers.get(strategy)

    assert resolver.next_leader(strategies, 4, 3, without) == expected
    assert calls == asked


@pytest.mark.parametrize(("fallback", "position"), [(None, 0), ("left_of_trick_leader", 1), ("last_player", 4)])
def test_when_no_strategy_names_anybody_the_fallback_leads(tmp_path: Path, fallback: str | None, position: int) -> None:
    """``play.no_winner_leads`` decides when every strategy named nobody: the trick's
    leader by default (the 2021 rulebook), or a house rule's seat after them or the
    player of the last card; as a position in the trick of five cards."""
    if fallback is None:
        edition = skullking.load_edition("skullking-2021")
    else:
        path = tmp_path / "fallback.yaml"
        path.write_text(f"extends: skullking-2021\nid: fallback\nplay:\n  no_winner_leads: {fallback}\n", "utf-8")
        edition = skullking.load_edition(path)
    got = edition.interpreter.next_leader((WITHOUT_EFFECTS, WITHOUT_CARD), 5, 2, lambda strategy: None)
    assert got == (position, 0)
