"""Conformance vectors of rules that read the game so far: a round vector of a scheme
that reads the standings, the previous round or the earlier rounds gives the game's
earlier rounds (``before``), which a program scores in turn before the round; such
vectors are tagged ``game-so-far``. Game vectors of an edition whose seats read the game
before a round are played as a game's first round.

The house rules checked are examples/house-rules/long-memory.yaml (three missed bids in
a row cost 30 more, a zero bid made in two rounds running pays 10 more, 25 for the most
bids made over the game) and examples/house-rules/catch-up.yaml (the winner of a round
deals the next), on top of the 2021 rulebook's scoring: a zero bid made pays 10 per
card dealt, a bid made 20 a trick, a missed bid -10 a trick off."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import skullking
from skullking.analysis.vectors import GAME_SO_FAR, answer, documents
from skullking.core.errors import SkullKingError
from skullking.core.resources import rules_text

EXAMPLES = Path(__file__).parents[2] / "examples" / "house-rules"


@functools.cache
def _documents(name: str) -> tuple[dict[str, Any], ...]:
    """The published documents of an example house rule, made once for the module's
    tests (each a whole game's vectors, which take seconds to make)."""
    return tuple(documents(skullking.load_edition(EXAMPLES / f"{name}.yaml")))


def _vectors(name: str, kind: str) -> list[dict[str, Any]]:
    (doc,) = [d for d in _documents(name) if d["kind"] == kind]
    vectors: list[dict[str, Any]] = doc["vectors"]
    return vectors


def _one(vectors: list[dict[str, Any]], description: str) -> dict[str, Any]:
    (found,) = [v for v in vectors if v["description"].endswith(description)]
    return found


@pytest.mark.parametrize(
    ("description", "points"),
    [
        # 100 for the zero bid in round 10, 10 more for a second zero bid made running,
        # 25 each for the most bids made (A and B made all ten); B: 200 + 25
        ("A zero bid made, after rounds 1-9 in which A made every bid of 0", {"A": 135, "B": 225}),
        # -10 for a bid of 2 with one trick, 30 more for the third miss running; B alone
        # made the most bids (ten against A's seven): 180 + 25
        (
            "A missed by one, after rounds 1-9 in which A made every bid of 1 but missed the last two",
            {"A": -40, "B": 205},
        ),
        # a bid of 2 made (40) after nine misses: no run of misses, and B the most bids
        ("A bid made, after rounds 1-9 in which A missed every bid of 1", {"A": 40, "B": 185}),
    ],
)
def test_round_vectors_of_the_whole_game_give_its_earlier_rounds(description: str, points: dict[str, int]) -> None:
    """A house rule over the whole game (long-memory.yaml): the round vector gives the
    nine rounds before the last, and the expected points follow from them, worked out
    by hand from the house rule and the 2021 rulebook."""
    vector = _one(_vectors("long-memory", "rounds"), description)
    assert GAME_SO_FAR in vector["tags"]
    assert [r["round"] for r in vector["input"]["before"]] == list(range(1, 10))
    assert vector["expected"]["points"] == points


def test_a_program_that_ignores_the_earlier_rounds_fails_those_vectors() -> None:
    """The earlier rounds change the answers: scored without them (as a game's start),
    some vector tagged game-so-far gets other points, and every vector without the
    tag is one the scheme answers at a game's start."""
    edition = skullking.load_edition(EXAMPLES / "long-memory.yaml")
    vectors = _vectors("long-memory", "rounds")
    tagged = [v for v in vectors if GAME_SO_FAR in v["tags"]]
    assert tagged and all("before" in v["input"] for v in tagged)
    assert all("before" not in v["input"] for v in vectors if v not in tagged)
    blind = [v for v in tagged if v["input"]["round"] > 1]
    wrong = 0
    for vector in blind:
        alone = {key: value for key, value in vector["input"].items() if key != "before"}
        try:
            wrong += answer(edition, "round", alone)["points"] != vector["expected"]["points"]
        except SkullKingError:
            wrong += 1  # (refused: the round cannot be scored without the game before it)
    assert wrong > 0


def test_the_vectors_of_the_whole_game_validate_and_the_engine_answers_them() -> None:
    """The vectors of a house rule over the whole game validate against the vectors'
    schema (``before`` among a round's input), and the engine's adapter answers each."""
    edition = skullking.load_edition(EXAMPLES / "long-memory.yaml")
    schema = json.loads(rules_text("vectors.schema.json"))
    for doc in _documents("long-memory"):
        jsonschema.validate(doc, schema)
    for vector in _vectors("long-memory", "rounds"):
        assert answer(edition, "round", vector["input"])["points"] == vector["expected"]["points"]


def test_game_vectors_of_an_edition_whose_dealer_follows_the_game_are_first_rounds() -> None:
    """A house rule (catch-up.yaml: the winner of a round deals the next): a round played
    alone knows no earlier round, so its game vectors are a game's first round, dealt
    by the dealer of round 1."""
    vectors = _vectors("catch-up", "games")
    assert vectors and {v["input"]["round"] for v in vectors} == {1}
