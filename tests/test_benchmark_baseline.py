"""The speed benchmark's hand-written baseline resolves tricks exactly like the engine.

``benchmarks/bench_tricks.py`` compares the engine's speed with ``benchmarks/handwritten.py``;
that comparison only means something while both implement the same rules. No timing here.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import skullking

BASELINE = Path(__file__).resolve().parent.parent / "benchmarks" / "handwritten.py"


def _load_baseline() -> ModuleType:
    name = "skullking_benchmark_handwritten"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BASELINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


handwritten = _load_baseline()
ED = skullking.load_edition("skullking-2021")


def _deck() -> list[str]:
    """The engine's 74-card deck (named pirates, Tigress undeclared)."""
    codes = [card.code for card in ED.deck()]
    assert len(codes) == 74
    return codes


def _random_tricks(count: int, seed: int) -> list[tuple[list[str], int, int]]:
    """Random tricks of 2..8 cards; a named pirate is written ``PIR`` half of the time."""
    rng = random.Random(seed)
    deck = _deck()
    named = {"ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY"}
    tricks = []
    for _ in range(count):
        size = rng.randint(2, 8)
        players = rng.randint(size, 8)
        codes = rng.sample(deck, size)
        codes = [
            rng.choice(("TIG:PIR", "TIG:E"))
            if code == "TIG"
            else ("PIR" if code in named and rng.random() < 0.5 else code)
            for code in codes
        ]
        tricks.append((codes, rng.randrange(players), players))
    return tricks


def _both(codes: list[str], leader: int, players: int) -> tuple[object, object]:
    result = ED.resolve_trick(ED.parse_cards(codes), leader, players)
    engine = (result.winner, result.next_leader, result.bonus, result.alliances)
    return engine, handwritten.resolve(handwritten.parse_cards(codes), leader, players)


def test_deck_matches_the_engine() -> None:
    for code in [*_deck(), "PIR"]:
        if code != "TIG":
            assert handwritten.parse(code).code == code
    for declared in ("TIG:PIR", "TIG:E"):
        assert handwritten.parse(declared).code == declared
    with pytest.raises(ValueError, match="declared"):
        handwritten.parse("TIG")


@pytest.mark.parametrize(
    "codes",
    [
        ["Y10", "Y6", "G14", "B2"],
        ["Y12", "B3", "WHALE", "KRAKEN"],
        ["KRAKEN", "WHALE", "Y3", "G3"],
        ["WHALE", "KRAKEN"],
        ["KRAKEN", "WHALE"],
        ["KRAKEN", "E", "LOOT"],
        ["E", "KRAKEN", "Y5", "G9"],
        ["WHALE", "SK", "MER", "LOOT"],
        ["WHALE", "LOOT", "G14", "B14", "Y14"],
        ["LOOT", "E", "TIG:E", "LOOT"],
        ["E", "LOOT", "TIG:E"],
        ["PIR", "SK", "MER", "TIG:PIR"],
        ["SK", "TIG:PIR", "PIR", "E"],
        ["SK", "TIG:E", "PIR", "MER"],
        ["TIG:E", "SK", "PIR"],
        ["MER", "TIG:PIR", "MER", "B14"],
        ["E", "TIG:PIR", "G5", "Y9"],
        ["MER", "MER", "G14"],
        ["G7", "B1", "G14", "B2"],
    ],
)
def test_edge_cases_agree(codes: list[str]) -> None:
    for leader in range(len(codes)):
        engine, baseline = _both(codes, leader, 8)
        assert baseline == engine, codes


def test_random_tricks_agree() -> None:
    mismatches = []
    for codes, leader, players in _random_tricks(3000, seed=20210):
        engine, baseline = _both(codes, leader, players)
        if baseline != engine:
            mismatches.append((codes, leader, players, engine, baseline))
    assert not mismatches, f"{len(mismatches)} of 3000 differ, first: {mismatches[:3]}"
