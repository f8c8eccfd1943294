"""The disputed readings' tags on the published conformance vectors (docs/vectors/):
each tag on a vector whose answer, worked out by hand, differs under the other
reading, from either side of the point; and the game vectors of the two-player ghost
hand's Kraken trick and Loot, and of a wager the last trick does not grant."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking.analysis.disputes import variants
from skullking.analysis.vectors import answer
from skullking.core.errors import SkullKingError
from skullking.core.resources import bundled_edition_files
from skullking.edition import Edition

ROOT = Path(__file__).resolve().parents[3]


@functools.cache
def _published(ident: str) -> dict[str, list[dict[str, Any]]]:
    """An edition's published vectors by kind (scripts/vectors.py --check keeps them
    those the edition gives)."""
    bundle = json.loads((ROOT / "docs" / "vectors" / ident / "vectors.json").read_text(encoding="utf-8"))
    return {doc["kind"]: doc["vectors"] for doc in bundle["files"]}


def _vector(ident: str, kind: str, **wanted: Any) -> dict[str, Any]:
    """The one published vector of ``kind`` whose input has the ``wanted`` values (or,
    for ``description``, whose description holds it)."""
    words = wanted.pop("description", "")
    found = [
        v
        for v in _published(ident)[kind]
        if words in v["description"] and all(v["input"].get(k) == value for k, value in wanted.items())
    ]
    assert len(found) == 1, (ident, kind, wanted, [v["id"] for v in found])
    return found[0]


def _other(ident: str, name: str) -> Edition:
    """The edition ``ident`` under the other reading of the point tagged ``name``."""
    (other,) = {id(e): e for tag, e in variants(skullking.load_edition(ident)) if tag == name}.values()
    return other


def test_a_white_whale_trick_of_escapes_only_is_tagged() -> None:
    """The 2021 rulebook: a White Whale trick without a numbered card is discarded and
    the Whale's player leads; a C# implementation's trick test suite has the first
    escape-type card win a trick of escapes only. Two escapes and the Whale, seat 1
    leading at three: nobody wins and seat 0 (the Whale's) leads; read the other way,
    seat 1's escape wins and leads."""
    vector = _vector("skullking-2021", "tricks", cards=["E", "E", "WHALE"], leader=1)
    assert "disputed-escapes-only-under-white-whale" in vector["tags"]
    assert (vector["expected"]["winner"], vector["expected"]["next_leader"]) == (None, 0)
    got = answer(_other("skullking-2021", "disputed-escapes-only-under-white-whale"), "trick", vector["input"])
    assert (got["winner"], got["next_leader"], got["rule"]) == (1, 1, "escapes-only")
    # a Whale trick a numbered card wins is the same either way, and carries no tag
    plain = [v for v in _published("skullking-2021")["tricks"] if v["expected"]["rule"] == "highest-number"]
    assert plain and not any("disputed-escapes-only-under-white-whale" in v["tags"] for v in plain)


def test_an_alliance_in_a_glancing_blow_is_tagged() -> None:
    """Rascal's scoring (the 2021 rulebook): 10 cards dealt, A bids 2 and wins 1 (a
    glancing blow, 10 * 10 // 2 = 50), allied by a Loot with B, who makes 9 (a direct
    hit, 100). Both allies must make their bid (the official FAQ): no alliance points.
    The rulebook's sentence on bonuses read as halving them all: A's bid counts for the
    alliance, A 50 + 20 // 2 = 60, B 100 + 20 = 120."""
    vector = _vector("skullking-2021", "rounds", scoring="rascal", bids={"A": 2, "B": 9}, alliances=[["A", "B"]])
    assert "disputed-alliance-paid-in-part" in vector["tags"]
    assert vector["expected"]["points"] == {"A": 50, "B": 100}
    got = answer(_other("skullking-2021", "disputed-alliance-paid-in-part"), "round", vector["input"])
    assert got["points"] == {"A": 60, "B": 120}
    # Skull King's scoring pays no part of a bonus for a missed bid: the point does not arise
    classic = [v for v in _published("skullking-2021")["rounds"] if v["input"]["scoring"] == "classic"]
    assert classic and not any("disputed-alliance-paid-in-part" in v["tags"] for v in classic)


def test_a_wager_after_the_last_trick_is_tagged_from_either_side() -> None:
    """Rascal's wager after the round's last trick: not granted (the 2021 rulebook, the
    official FAQ: only Harry's ability follows it), granted (the Legendary Edition's
    printable). The 2021 round where A wins the last trick with Rascal asks no wager;
    read the other way the wager is asked and the vector gives none. The Legendary
    round where A makes a bid of 1 with Rascal in the last trick and wagers 20 scores
    20 + 20 = 40; without the wager, 20."""
    vector = _vector("skullking-2021", "games", description="rascal wins the last trick")
    assert "disputed-wager-after-last-trick" in vector["tags"]
    last = vector["expected"]["tricks"][-1]
    assert (last["winner"], vector["input"]["plays"]["A"][-1]) == ("A", "RASCAL")
    assert "A" not in vector["input"].get("decisions", {})
    with pytest.raises(SkullKingError, match="wager"):
        answer(_other("skullking-2021", "disputed-wager-after-last-trick"), "game", vector["input"])
    legendary = _vector("legendary-2018", "games", description="rascal's wager after the last trick")
    assert "disputed-wager-after-last-trick" in legendary["tags"]
    assert legendary["input"]["decisions"]["A"] == [{"kind": "wager", "choice": 20}]
    assert legendary["expected"]["points"]["A"] == 40
    got = answer(_other("legendary-2018", "disputed-wager-after-last-trick"), "game", legendary["input"])
    assert got["points"]["A"] == 20


def test_scary_mary_played_as_an_escape_is_tagged_in_the_original_edition() -> None:
    """The original edition's rules: Scary Mary counts as a pirate for the Skull King's
    +30 however she is played; the official FAQ's reading (as played) pays nothing for
    her played as an escape. Mary as an escape and the Skull King: 30, the other way 0."""
    vector = _vector("skullking-original", "tricks", cards=["MARY:E", "SK"])
    assert "disputed-declared-card-in-a-bonus" in vector["tags"]
    assert vector["expected"]["bonus"] == 30
    got = answer(_other("skullking-original", "disputed-declared-card-in-a-bonus"), "trick", vector["input"])
    assert (got["winner"], got["bonus"]) == (vector["expected"]["winner"], 0)


def test_the_tigress_played_as_an_escape_is_tagged_without_a_worked_example() -> None:
    """The official FAQ: the Skull King taking the Tigress played as an escape earns no
    +30 (the original edition's rules count her). Board Game Arena's rules keep no
    worked example of it, so the vectors make one from the trick that pays the bonus:
    the Tigress as an escape, the Skull King and the black 14, seat 1's Skull King wins
    20 (the black 14); read the other way, 20 + 30 = 50."""
    vector = _vector("bga", "tricks", cards=["TIG:E", "SK", "B14"])
    assert "disputed-declared-card-in-a-bonus" in vector["tags"]
    assert (vector["expected"]["winner"], vector["expected"]["bonus"]) == (1, 20)
    got = answer(_other("bga", "disputed-declared-card-in-a-bonus"), "trick", vector["input"])
    assert (got["winner"], got["bonus"]) == (1, 50)


def test_a_character_lead_is_tagged_in_the_original_edition() -> None:
    """The original edition's rules: after a pirate leads, the next numbered card sets
    the suit, so a hand holding yellow follows Y13 (Y1 and the special cards); the 2021
    rulebook's reading (a character lead leaves no suit) lets it play anything."""
    vector = _vector(
        "skullking-original", "legal", trick=["PIR", "Y13"], hand=["Y1", "R1", "BL1", "B1", "E", "PIR", "SK", "MER"]
    )
    assert "disputed-character-lead" in vector["tags"]
    assert sorted(vector["expected"]["legal"]) == sorted(["Y1", "E", "PIR", "SK", "MER"])
    got = answer(_other("skullking-original", "disputed-character-lead"), "legal", vector["input"])
    assert sorted(got["legal"]) == sorted(vector["input"]["hand"])


def test_when_harry_changes_the_bid_changes_no_answer() -> None:
    """Harry the Giant's bid change at once (the 2021 rulebook) or after the last trick
    (the French rulebook): the bid scored is the same. Two players with Graybeard: B
    bids 4, changes it by -1 after trick 1, then chooses A to lead with Rosie; B wins 3
    tricks (Harry's, Rosie's, the Skull King's taking Rascal +30, and a green 14 +10):
    20 * 3 + 40 = 100. Asked after the last trick, the change comes after Rosie's choice
    and reads the same answer (a vector's answers are taken kind by kind); no edition
    lists the timing as a disputed tag."""
    vector = _vector("skullking-2021", "games", description="an alliance at a table with Graybeard")
    assert [d["kind"] for d in vector["input"]["decisions"]["B"]] == ["change_bid", "choose_leader"]
    assert vector["expected"]["points"]["B"] == 100
    later = skullking.load_edition(ROOT / "examples" / "house-rules" / "harry-after-last-trick.yaml")
    assert answer(later, "game", vector["input"]) == vector["expected"]
    for ident in ("bga", "legendary-2018", "skullking-2021", "skullking-2024"):
        names = {tag for tag, _ in variants(skullking.load_edition(ident))}
        assert "disputed-bid-change-timing" not in names


def test_a_kraken_trick_graybeard_would_have_won_is_a_game_vector() -> None:
    """The official FAQ: after the Kraken the player who would have won leads; the 2021
    rulebook: Graybeard leads after a trick he wins. A leads Y2, Graybeard turns over
    the Skull King, B plays the Kraken: nobody wins, and the Skull King's Graybeard
    leads trick 2. The 2024 printing's reading (the trick's leader leads after
    Graybeard) has A lead it."""
    vector = _vector("skullking-2021", "games", description="kraken's trick when it names Graybeard")
    first, second = vector["expected"]["tricks"][:2]
    assert first == {"leader": "A", "cards": ["Y2", "SK", "KRAKEN"], "winner": None}
    assert second["leader"] == "Graybeard"
    assert {"ghost", "disputed-ghost-lead"} <= set(vector["tags"])
    got = answer(_other("skullking-2021", "disputed-ghost-lead"), "game", vector["input"])
    assert got["tricks"][1]["leader"] == "A"


def test_a_loot_at_two_players_is_a_game_vector() -> None:
    """The 2021 rulebook uses the Loot at two players too (the 2024 printing does not).
    A plays the Loot in trick 4, which Graybeard's mermaid wins: the ally is the ghost
    hand, who neither bids nor scores, so A (bid 1, no trick) scores -10 only."""
    vector = _vector("skullking-2021", "games", description="an alliance at a table with Graybeard")
    fourth = vector["expected"]["tricks"][3]
    assert fourth == {"leader": "A", "cards": ["LOOT", "MER", "B11"], "winner": "Graybeard"}
    assert vector["expected"]["points"]["A"] == -10
    assert not any("alliance at a table" in v["description"] for v in _published("skullking-2024")["games"])


@pytest.mark.parametrize("ident", sorted(bundled_edition_files()))
def test_every_disputed_tag_a_glossary_lists_is_carried(ident: str) -> None:
    """A disputed tag is listed where a vector's answer hangs on the point: each tag in
    a published edition's glossary is carried by one of its vectors (the timing of
    Harry the Giant's bid change, on which no answer hangs, is not listed)."""
    bundle = json.loads((ROOT / "docs" / "vectors" / ident / "vectors.json").read_text(encoding="utf-8"))
    listed = {entry["tag"] for entry in bundle["glossary"]["disputed"]}
    carried = {tag for doc in bundle["files"] for vector in doc["vectors"] for tag in vector["tags"]}
    assert listed and listed <= carried, sorted(listed - carried)
    assert "disputed-bid-change-timing" not in listed
