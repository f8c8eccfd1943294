"""The speed benchmarks' hand-written baselines play by the engine's rules.

``benchmarks/bench_tricks.py`` compares the engine's speed with ``benchmarks/handwritten.py``
and ``benchmarks/bench_games.py`` with ``benchmarks/handwritten_game.py``; those
comparisons only mean something while both sides implement the same rules: the same
trick results, the same legal plays, the same points. No timing here.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import skullking

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load_baseline(name: str = "skullking_benchmark_handwritten", file: str = "handwritten.py") -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


handwritten = _load_baseline()
sys.modules.setdefault("handwritten", handwritten)  # what handwritten_game.py imports
handwritten_game = _load_baseline("skullking_benchmark_handwritten_game", "handwritten_game.py")
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


# ---------------------------------------------------------------------- whole games


def test_the_game_baseline_deals_the_engines_deck() -> None:
    codes = sorted(card.code for card in handwritten_game.DECK)
    assert codes == sorted(card.code for card in ED.deck(ED.modules_for(4)))


@pytest.mark.parametrize("seed", range(12))
def test_hand_written_games_are_legal_and_score_as_the_engine_scores(seed: int) -> None:
    """Each hand-written game, written as a sheet giving its whole play, is accepted by
    the engine (every card, copy, follow-suit and ability answer) and scores the same,
    round by round."""
    rng = random.Random(seed)
    record: list[dict[str, object]] = []
    points = [handwritten_game.play_round(rng, n, n, record) for n in range(1, handwritten_game.ROUNDS + 1)]
    players = list(handwritten_game.PLAYERS)
    score = ED.score_sheet({"edition": ED.id, "players": players, "rounds": record})
    assert [[r.points[p] for p in players] for r in score.rounds] == points
    replayed = random.Random(seed)
    assert handwritten_game.play_game(replayed) == [sum(column) for column in zip(*points, strict=True)]


def test_the_engines_random_rounds_score_by_hand() -> None:
    """The hand-written 2021 formulas give the engine's points for rounds the engine
    plays (bid changes, wagers, bonuses and Loot alliances included)."""
    from skullking.play.game import Game
    from skullking.play.round import play_randomly

    players = list(handwritten_game.PLAYERS)
    seats = {p: i for i, p in enumerate(players)}
    kinds: set[str] = set()
    for seed in range(40):
        game = Game(ED, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(game.length):
            round_ = game.next_round()
            play_randomly(round_, rng)
            bonus, alliances = [0] * 4, []
            for trick in round_.tricks:
                if trick.winner is not None:
                    bonus[seats[trick.winner]] += trick.result.bonus
                    alliances += [(seats[trick.players[a]], seats[trick.winner]) for a, _ in trick.result.alliances]
            bids = [round_.bids[p] for p in players]
            won = [round_.won[p] for p in players]
            wager = [round_.wagers.get(p, 0) for p in players]
            expected = handwritten_game.score_round(
                round_.cards, bids=bids, won=won, bonus=bonus, alliances=alliances, wager=wager
            )
            assert [round_.score().points[p] for p in players] == expected
            kinds |= {"bonus"} if any(bonus) else set()
            kinds |= {"alliance"} if alliances else set()
            kinds |= {"wager"} if any(wager) else set()
            kinds |= {"change"} if round_.changes else set()
    assert kinds == {"bonus", "alliance", "wager", "change"}  # every part of the formulas was used
