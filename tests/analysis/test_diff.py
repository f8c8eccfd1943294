"""`skullking diff` sees every consequence: a change to any
top-level key of an edition file is reported, cards only one deck has are played, and
rounds are scored with each edition's own values (bonus ids, alliance points, wagers,
bid changes, loads, every scheme both editions have)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from clihelp import run, run_json

import skullking
from skullking.analysis import rounddiff, roundgrid, roundscene, seatdiff, trickdiff, valuediff
from skullking.core import limits
from skullking.edition import Edition

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "rules" / "edition.schema.json").read_text(encoding="utf-8"))
#: Every top-level key an edition file may have, in either form of the schema.
TOP_LEVEL_KEYS = sorted(set(SCHEMA["then"]["properties"]) | set(SCHEMA["else"]["properties"]))


def _where(report: dict[str, Any], key: str) -> bool:
    """Whether a changed value or a changed title/description/sources is under ``key``."""
    return any(c["path"].split(".")[0].split("[")[0] == key for c in report["changes"] + report["about"])


#: Per top-level key: an overlay of skullking-2021 changing it, and what diff must say.
#: A key added to the schema without an entry here fails test_every_top_level_key_has_a_case.
CASES: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], bool]]] = {
    "id": ({"id": "house-2"}, lambda r: (r["a"], r["b"]) == ("house", "house-2")),
    "title": ({"title": "Another title"}, lambda r: _where(r, "title") and not r["changes"]),
    "description": ({"description": "Other words."}, lambda r: _where(r, "description") and not r["changes"]),
    "descriptions": (
        {"descriptions": {"de": "Andere Worte."}},
        lambda r: _where(r, "descriptions") and not r["changes"],
    ),
    "sources": ({"sources": ["the 2024 printing"]}, lambda r: _where(r, "sources") and not r["changes"]),
    # another base: every value the bases disagree on (the 2024 Loot module among them)
    "extends": ({"extends": "skullking-2024"}, lambda r: _where(r, "modules") and _where(r, "deck")),
    "players": ({"players": {"max": 6}}, lambda r: _where(r, "players")),
    "modules": ({"modules": {"advanced": {"optional": False}}}, lambda r: _where(r, "modules")),
    "roles": ({"roles": {"mermaid": {"lead": "pass"}}}, lambda r: _where(r, "roles")),
    "lead": ({"lead": {"character_after_pass": "pass"}}, lambda r: _where(r, "lead")),
    "deck": (
        {"deck": {"cards": {"mermaid": {"count": 3}}}},
        lambda r: _where(r, "deck") and r["cards"] == {"only_a": [], "only_b": ["MER"]},
    ),
    "precedence": ({"precedence": {"pirate": {"winner": {"pick": "last"}}}}, lambda r: _where(r, "precedence")),
    "effects": ({"effects": {"list": {"loot": {"points": 10}}}}, lambda r: _where(r, "effects")),
    "bonuses": ({"bonuses": {"black-14": {"points": 30}}}, lambda r: _where(r, "bonuses")),
    "scoring": ({"scoring": {"ties": "shared"}}, lambda r: _where(r, "scoring")),
    "abilities": ({"abilities": {"exchange": {"count": 1}}}, lambda r: _where(r, "abilities")),
    "ghost": ({"ghost": None}, lambda r: _where(r, "ghost")),
    "schedule": ({"schedule": {"default": "whirlpool-once"}}, lambda r: _where(r, "schedule")),
    "play": ({"play": {"follow_suit": "may"}}, lambda r: _where(r, "play")),
    "bidding": ({"bidding": {"order": "in_turn"}}, lambda r: _where(r, "bidding")),
}


def _overlay_file(tmp_path: Path, name: str, changes: dict[str, Any]) -> Path:
    """An overlay of skullking-2021 with id ``house`` and ``changes`` on top."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump({"extends": "skullking-2021", "id": "house", **changes}), encoding="utf-8")
    return path


def _overlay(tmp_path: Path, name: str, changes: dict[str, Any]) -> Edition:
    return skullking.load_edition(_overlay_file(tmp_path, name, changes))


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Edition:
    """The overlay of skullking-2021 that changes nothing (the base of the key tests)."""
    return _overlay(tmp_path_factory.mktemp("house"), "house", {})


def test_every_top_level_key_has_a_case() -> None:
    """Each top-level key of the edition schema has a diff test below (a new key needs one)."""
    assert sorted(CASES) == TOP_LEVEL_KEYS


def test_diff_of_the_same_rules_reports_no_value(house: Edition, tmp_path: Path) -> None:
    """Two files with the same rules: no changed value, no card only one deck has."""
    same = valuediff.value_changes(house, _overlay(tmp_path, "same", {}))
    assert (same["changes"], same["about"], same["cards"]) == ([], [], {"only_a": [], "only_b": []})


@pytest.mark.parametrize("key", TOP_LEVEL_KEYS)
def test_diff_reports_a_change_to_each_top_level_key(key: str, house: Edition, tmp_path: Path) -> None:
    """diff reports a change to ``key``."""
    changes, reported = CASES[key]
    report = valuediff.value_changes(house, _overlay(tmp_path, "changed", changes))
    assert reported(report), report


def test_diff_json_keeps_its_contract_and_adds_fields(tmp_path: Path) -> None:
    """--format json: the fields diff always had, plus cards, about, and the tricks and
    rounds only one edition can have."""
    two_kings = tmp_path / "two-kings.yaml"
    two_kings.write_text(
        "extends: skullking-2021\nid: two-kings\ndeck: {cards: {skull_king: {count: 2}}}\n", encoding="utf-8"
    )
    report = run_json("diff", "skullking-2021", str(two_kings), "--depth", "2", "--sample", "0")
    assert {"a", "b", "changes", "tricks", "rounds"} <= set(report)
    for part in ("tricks", "rounds"):
        assert {"checked", "differ", "examples", "only_a", "only_b"} <= set(report[part])
        assert {"only_a_examples", "only_b_examples"} <= set(report[part])
    assert report["cards"] == {"only_a": [], "only_b": ["SK"]}
    assert report["tricks"]["only_a"] == 0 and report["tricks"]["only_b"] == 1  # SK SK
    example = report["tricks"]["only_b_examples"][0]
    assert example["cards"] == ["SK", "SK"] and example["a"] is None and example["b"]["rule"] == "skull-king"
    assert example["why"] == "'SK' 2 times in one trick: the deck has 1 skull king"


def test_cards_only_one_deck_has_are_played(tmp_path: Path) -> None:
    """A suit and a second Skull King only B has: every pair with them is played under B
    and counted, with how it plays there and why A cannot have it (the 2021 rulebook: the
    first Skull King wins)."""
    house = _overlay(
        tmp_path,
        "red",
        {
            "deck": {
                "suits": [{"id": "red", "code": "R", "ranks": {"from": 1, "to": 3}, "names": {"en": ["red"]}}],
                "cards": {"skull_king": {"count": 2}},
            }
        },
    )
    base = skullking.load_edition("skullking-2021")
    assert valuediff.only_cards(base, house) == {"only_a": [], "only_b": ["R1", "R2", "R3", "SK"]}
    tricks = trickdiff.trick_differences(base, house, depth=2, sample=0)
    codes = len(trickdiff._trick_codes(base))
    # every ordered pair of a red card and another card, of two red cards, and SK SK
    assert tricks["only_b"] == 2 * 3 * codes + 3 * 2 + 1 and tricks["only_a"] == 0
    assert tricks["checked"] > 4000 and tricks["differ"] == 0
    examples = {" ".join(e["cards"]): e for e in tricks["only_b_examples"]}
    assert examples["B1 R1"]["b"]["rule"] == "trump" and examples["B1 R1"]["why"] == "no card 'R1'"
    sk = next(e for e in tricks["only_b_examples"] if e["cards"] == ["SK", "SK"])
    assert sk["b"]["winner"] == 0 and "'SK' 2 times" in sk["why"]


def test_loot_points_change_scores_rounds_differently() -> None:
    """The Loot's alliance points are the edition's own (the 2021 rulebook: +20 each when both
    allies make their bids): 10 under loot-worth-10, in both schemes."""
    base = skullking.load_edition("skullking-2021")
    house = skullking.load_edition(ROOT / "examples" / "house-rules" / "loot-worth-10.yaml")
    rounds = rounddiff.round_differences(base, house)
    assert rounds["schemes"] == [{"a": "classic", "b": "classic"}, {"a": "rascal", "b": "rascal"}]
    assert rounds["differ"] > 0 and rounds["only_a"] == rounds["only_b"] == 0
    for example in rounds["examples"]:
        assert example["ally"] == "made" and example["bid"] == example["won"]
        assert example["a"] - example["b"] == 10 and example["alliance"] == 20
        # its whole context: the ally bid 1 and took the Loot's trick, the third player the rest
        assert example["table"] == {
            "P1": {"bid": example["bid"], "won": example["won"]},
            "P2": {"bid": 1, "won": 1},
            "P3": {"bid": 0, "won": example["cards"] - example["won"] - 1},
        }
        assert (example["played"], example["game"], example["totals"]) == ([], None, {"a": None, "b": None})
        assert example["rounds"] == {"a": 10, "b": 10}
        assert example["last_round"] == {"a": int(example["round"] == 10), "b": int(example["round"] == 10)}
        assert example["played_counts"] == {"a": {}, "b": {}}
    assert {e["scheme"]["a"] for e in rounds["examples"]} == {"classic", "rascal"}


def test_each_scheme_both_editions_have_is_scored(tmp_path: Path) -> None:
    """A change to the rascal scheme (not the default) shows: a Cannonball direct hit
    worth 20 per card instead of 15 (the 2021 rulebook)."""
    base = skullking.load_edition("skullking-2021")
    rascal = next(s for s in base.data["scoring"]["schemes"] if s["id"] == "rascal")
    cases = [dict(c) for c in rascal["cases"]]
    cases[0]["points"] = cases[0]["points"].replace("15 * cards", "20 * cards")
    house = _overlay(tmp_path, "cannon", {"scoring": {"schemes": [{"id": "rascal", "cases": cases}]}})
    rounds = rounddiff.round_differences(base, house)
    assert rounds["differ"] > 0
    for example in rounds["examples"]:
        assert example["scheme"] == {"a": "rascal", "b": "rascal"} and example["load"] == "cannonball"
        assert example["bid"] + example["bid_change"] == example["won"]
        assert example["b"] - example["a"] == 5 * example["cards"]


def test_rounds_only_one_edition_can_have(tmp_path: Path) -> None:
    """A wager value, a bonus id and a bid change only B has: such rounds are scored
    under B only and counted, each with why A refuses it (the 2021 rulebook: Rascal's wager
    of 0, 10 or 20; Harry's change of -1, 0 or +1)."""
    house = _overlay(
        tmp_path,
        "more",
        {
            "scoring": {"wagers": {"values": [0, 10, 20, 30]}, "bid_changes": {"values": [-2, -1, 0, 1]}},
            "bonuses": {
                "escape-by-pirate": {"points": 5, "winner": {"roles": ["pirate"]}, "captured": {"roles": ["escape"]}}
            },
        },
    )
    base = skullking.load_edition("skullking-2021")
    rounds = rounddiff.round_differences(base, house)
    reasons = {e["why"]: e for e in rounds["only_b_examples"]}
    assert set(reasons) == {"no wager of 30", "no bonus 'escape-by-pirate'", "no bid change of -2"}
    wager = reasons["no wager of 30"]
    assert wager["a"] is None and wager["wager"] == 30
    assert wager["b"] == _plain_points(house, wager) + (30 if wager["bid"] == wager["won"] else -30)
    assert rounds["only_a"] == 0 and rounds["only_b"] > 0


def _plain_points(edition: Edition, example: dict[str, Any]) -> int:
    """The example's round scored without its wager (the rest of the points)."""
    scene = roundscene.Scene(example["round"], example["cards"], example["bid"], example["won"], load=example["load"])
    points = roundscene.score_scene(edition, edition.scheme(example["scheme"]["b"]), scene)
    assert isinstance(points, int)
    return points


def test_a_bid_refused_by_one_editions_bidding_rules(tmp_path: Path) -> None:
    """A bid one edition's bidding rules refuse (here a house rule: no bid of all the
    cards from 2 cards on) is reported "refused by" that edition, naming the rule, and
    scored under the other only."""
    rule = {"require": "cards == 1 or bid != cards", "description": "no bid of all the cards"}
    house = _overlay_file(tmp_path, "no-full-bid", {"bidding": {"rules": {"no-full-bid": rule}}})
    code, out, _ = run("diff", "skullking-2021", str(house), "--depth", "2", "--sample", "0")
    assert code == 0 and "Rounds: 0 of " in out and "Rounds only B can have" not in out
    # at least every bid of all the cards from 2 cards on, with any number of tricks won,
    # in both schemes (classic, and rascal with either load)
    refused = int(out.split("Rounds only A can have: ")[1].split(",")[0])
    assert refused >= sum(cards + 1 for cards in range(2, 11)) * (1 + 2)
    lines = out.split("Rounds only A can have: ")[1].splitlines()[1:]
    assert lines and all("refused by B: P1's bid" in line and "'no-full-bid'" in line for line in lines)
    assert (
        "classic, round 2 (2 cards), bid 2, won 0, P2 bid 0 won 0, P3 bid 0 won 2: A -20; refused by B: P1's bid 2 "
        "breaks bidding rule "
        "'no-full-bid': no bid of all the cards" in out
    )
    assert "bidding.rules[no-full-bid]" in out  # and the changed value is listed


def test_a_bid_out_of_one_editions_range(tmp_path: Path) -> None:
    """`bidding.min: 1` refuses zero bids: every round with a zero bid is A's only."""
    house = _overlay_file(tmp_path, "no-zero", {"bidding": {"min": 1}})
    code, out, _ = run("diff", "skullking-2021", str(house), "--depth", "2", "--sample", "0")
    assert code == 0 and "refused by B: P1's bid 0 is out of range 1..1" in out


def test_diff_text_names_cards_tricks_and_rounds_only_one_edition_has() -> None:
    """Text output says in words what the JSON gives: the original's red and blue suits
    and Scary Mary only B has, the 2021 cards only A has, the rounds with a wager only A
    can score (the original edition's rules: no Loot, Kraken, Whale or pirate abilities)."""
    code, out, _ = run("diff", "skullking-2021", "skullking-original", "--depth", "2", "--sample", "0")
    assert code == 0
    assert "Cards only A has (40): G1 " in out and " KRAKEN WHALE LOOT LOOT\n" in out
    assert "Cards only B has (27): R1 " in out and " BL13 MARY\n" in out
    assert (
        "Tricks only A can have: " in out and "B1 B14: A seat 1 wins (+20) [trump]; refused by B: no card 'B14'" in out
    )
    assert "Tricks only B can have: " in out
    assert "Rounds only A can have: " in out and "refused by B: no wager of 10" in out
    assert "Also different, not rules: description, sources, title.\n" in out


# ---------------------------------------------------------------------- bounded grids


def test_the_grids_can_be_had_by_index_as_they_are_walked() -> None:
    """Sampling picks tricks and rounds by their index in the grid: indexing gives each
    trick and round of the grid once, the very ones walking it gives."""
    a, b = skullking.load_edition("skullking-2021"), skullking.load_edition("skullking-original")
    tricks = trickdiff.TrickGrid(trickdiff._trick_codes(a), trickdiff._trick_codes(b), 2)
    assert Counter(tricks[i] for i in range(len(tricks))) == Counter(tricks)
    assert len(tricks) == len(list(tricks)) > 5000
    loot = skullking.load_edition(ROOT / "examples" / "house-rules" / "loot-worth-10.yaml")
    for schemes in rounddiff.scheme_pairs(a, loot):
        rounds = roundgrid.RoundGrid(a, loot, *schemes)
        assert Counter(rounds[i] for i in range(len(rounds))) == Counter(rounds)
        assert len(rounds) == len(list(rounds)) > 1000
    with pytest.raises(IndexError):
        tricks[len(tricks)]


def test_past_its_limits_diff_plays_a_sample_spread_over_the_grid_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A grid larger than the limit (here lowered to 500 tricks and 300 rounds; a deck of
    a thousand cards has a billion ordered tricks of 3 cards) is played as a sample of
    that many, one from each equal stretch of it, drawn by --seed: the tricks and rounds
    played are bounded by the limits, and the text and JSON say how many of how many."""
    monkeypatch.setattr(limits, "MAX_DIFF_TRICKS", 500)
    monkeypatch.setattr(limits, "MAX_DIFF_ROUNDS", 300)
    played: Counter[str] = Counter()
    real_play, real_score = trickdiff._play, roundscene.score_scene

    def play(*args: Any) -> Any:
        played["tricks"] += 1
        return real_play(*args)

    def score(*args: Any, **kwargs: Any) -> Any:
        played["rounds"] += 1
        return real_score(*args, **kwargs)

    monkeypatch.setattr(trickdiff, "_play", play)
    monkeypatch.setattr(rounddiff, "score_scene", score)  # (where round_differences finds it)
    report = run_json("diff", "skullking-2021", "skullking-original", "--sample", "0")
    # every ordered trick of 2 and 3 of the 2021 deck's 70 codes, and of the original's 58
    # that holds one of the 28 codes the 2021 deck lacks
    size = 70**2 + 70**3 + (58**2 - 30**2) + (58**3 - 30**3)
    assert report["tricks"]["grid"] == {"size": size, "compared": 500, "sampled": True}
    assert report["rounds"]["grid"]["compared"] == 300 and report["rounds"]["grid"]["sampled"]
    assert report["rounds"]["grid"]["size"] > 300
    assert played == {"tricks": 2 * 500, "rounds": 2 * 300}  # each under A and under B
    tricks = report["tricks"]
    assert tricks["checked"] + tricks["only_a"] + tricks["only_b"] <= 500
    assert run_json("diff", "skullking-2021", "skullking-original", "--sample", "0") == report  # same seed, same sample
    other = run_json("diff", "skullking-2021", "skullking-original", "--sample", "0", "--seed", "7")
    assert other["tricks"]["grid"] == report["tricks"]["grid"] and other["tricks"] != report["tricks"]
    code, out, _ = run("diff", "skullking-2021", "skullking-original", "--sample", "0")
    assert code == 0
    assert f"Tricks: a sample of 500 of the {report['tricks']['grid']['size']:,} ordered tricks of 2 and 3 cards" in out
    assert f"Rounds: a sample of 300 of the {report['rounds']['grid']['size']:,} rounds of the grid" in out


def test_a_grid_within_the_limits_is_played_whole_and_not_said_sampled() -> None:
    """Up to the limits every trick and round is played, as before, and nothing is said."""
    report = run_json("diff", "skullking-2021", "skullking-2021-first-printing", "--depth", "2", "--sample", "0")
    assert report["tricks"]["grid"] == {"size": 70**2, "compared": 70**2, "sampled": False}  # 70 codes
    assert report["rounds"]["grid"]["sampled"] is False
    code, out, _ = run("diff", "skullking-2021", "skullking-2021-first-printing", "--depth", "2", "--sample", "0")
    assert code == 0 and "a sample of" not in out


# ---------------------------------------------------------------------- what the formulas read

#: Overlays of skullking-2021 whose formulas read a name the grid varies for them alone.
READS = {
    # the README's house rule: the last round of the schedule scores double
    "last_round": {"scoring": {"schemes": {"classic": {"adjustments": {"double-last-round": {
        "when": "last_round == 1", "points": "points * 2"}}}}}},
    # the README's house rule: 5 points less per escape card played
    "played": {"scoring": {"schemes": {"classic": {"adjustments": {"escape-tax": {
        "points": "points - 5 * played_card_escape"}}}}}},
    # 5 more to everybody when the table bid more tricks than were dealt
    "total_bids": {"scoring": {"schemes": {"classic": {"adjustments": {"overbid": {
        "when": "total_bids > cards", "points": "points + 5"}}}}}},
    # examples/house-rules/catch-up.yaml's bonus: a made bid is worth 10 more in last place
    "game": {"scoring": {"schemes": {"classic": {"adjustments": {"catch-up": {
        "when": "last == 1 and won == bid", "points": "points + 10"}}}}}},
}  # fmt: skip


@pytest.fixture(scope="module")
def base() -> Edition:
    return skullking.load_edition("skullking-2021")


@pytest.fixture(scope="module")
def reading(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Edition]:
    """Each overlay of READS, loaded."""
    folder = tmp_path_factory.mktemp("reading")
    return {name: _overlay(folder, name, changes) for name, changes in READS.items()}


def test_doubling_the_last_round_scores_the_schedules_last_round_differently(
    base: Edition, reading: dict[str, Edition], tmp_path: Path
) -> None:
    """The README's `double-last-round` (`last_round == 1`: the schedule's last round):
    the grid scores the last round of the default schedule (round 10 of the 2021
    rulebook's ten) as the last, and only there do the points double (a zero bid made
    with 10 cards: 100 points, the 2021 rulebook)."""
    rounds = rounddiff.round_differences(base, reading["last_round"])
    assert rounds["differ"] > 0
    for example in rounds["examples"]:
        assert example["round"] == 10 and example["rounds"] == {"a": 10, "b": 10}
        assert example["last_round"] == {"a": 1, "b": 1} and example["b"] == 2 * example["a"] != 0
    overlay = _overlay_file(tmp_path, "double", READS["last_round"])
    code, out, _ = run("diff", "skullking-2021", str(overlay), "--depth", "2", "--sample", "0")
    said = "round 10 (10 cards), bid 0, won 0, P2 bid 0 won 0, P3 bid 0 won 10, the last round of both schedules"
    assert code == 0 and f"{said}: A 100, B 200" in out


def test_an_escape_tax_scores_rounds_with_escapes_played_differently(
    base: Edition, reading: dict[str, Edition]
) -> None:
    """The README's `escape-tax` (`points - 5 * played_card_escape`): the grid has P1
    play 1 to all the cards of a round as escapes (at most the 2021 deck's five escape
    cards), and each example shows the cards and the count the tax reads."""
    rounds = rounddiff.round_differences(base, reading["played"])
    assert rounds["differ"] > 0 and rounds["only_a"] == rounds["only_b"] == 0
    for example in rounds["examples"]:
        count = example["played_counts"]["b"]["played_card_escape"]
        assert example["played"] == ["E"] * count and 1 <= count <= min(example["cards"], 5)
        assert example["a"] - example["b"] == 5 * count
    grid = roundgrid.RoundGrid(base, reading["played"], base.scheme(), reading["played"].scheme())
    assert max(len(scene.played) for scene in grid) == 5  # the deck's escape cards
    assert all(len(scene.played) <= scene.cards for scene in grid)


def test_a_rule_on_total_bids_sees_the_other_players_bids(base: Edition, reading: dict[str, Edition]) -> None:
    """`total_bids > cards` (every bid of the round added up): the grid varies the third
    player's bid, so rounds bid over the cards dealt pay the 5 more, and each example
    shows every player's bid."""
    rounds = rounddiff.round_differences(base, reading["total_bids"])
    assert rounds["differ"] > 0
    for example in rounds["examples"]:
        assert sum(seat["bid"] for seat in example["table"].values()) > example["cards"]
        assert example["b"] - example["a"] == 5
    assert any(example["table"]["P3"]["bid"] > 0 for example in rounds["examples"])


def test_a_bidding_rule_on_total_bids_refuses_rounds_whose_bids_can_be_read(base: Edition, tmp_path: Path) -> None:
    """A house rule that the bids must not add up to the cards dealt (a common table
    rule): the rounds it refuses are the other edition's only, and each shows every
    player's bid, which add up to the cards."""
    rule = {"require": "total_bids != cards", "description": "the bids must not add up to the cards"}
    house = _overlay(tmp_path, "no-exact", {"bidding": {"rules": {"no-exact-total": rule}}})
    rounds = rounddiff.round_differences(base, house)
    assert rounds["only_a"] > 0 and rounds["only_b"] == 0
    for example in rounds["only_a_examples"]:
        assert sum(seat["bid"] for seat in example["table"].values()) == example["cards"]
        assert "'no-exact-total'" in example["why"]
    # the third player's bid is varied: 1 + 2 (P2 bids 0) make the 3 cards
    grid = roundgrid.RoundGrid(base, house, base.scheme(), house.scheme())
    scene = roundscene.Scene(3, 3, 1, 1, third_bid=2)
    assert scene in set(grid) and "'no-exact-total'" in str(roundscene.score_scene(house, house.scheme(), scene))


def test_a_catch_up_bonus_sees_the_game_so_far(base: Edition, reading: dict[str, Edition]) -> None:
    """examples/house-rules/catch-up.yaml's bonus (`last == 1 and won == bid`: 10 more
    for a made bid in last place): the grid plays rounds after a game before them, built
    as a game is, and the examples show it: P1 is last in the totals before the round
    (under the overlay, which paid the bonus in the rounds before too), and made the bid."""
    rounds = rounddiff.round_differences(base, reading["game"])
    assert rounds["differ"] > 0
    for example in rounds["examples"]:
        totals = example["totals"]["b"]
        assert example["game"] is not None and len(example["game"]["rounds"]) == example["round"] - 1
        assert totals["P1"] == min(totals.values()) < max(totals.values())
        assert example["bid"] + example["bid_change"] == example["won"] and example["b"] - example["a"] == 10


def test_each_name_read_adds_its_rounds_alone(base: Edition, house: Edition, reading: dict[str, Edition]) -> None:
    """A pair whose formulas read none of the names varied for them has the grid of
    before (no other bid of the third player, no cards played, no game before); an
    overlay reading one adds the rounds of that name only, near the bid, the others
    unchanged (`last_round` adds none: the schedule's last round is in the grid), but
    that where cards played are counted, the rounds with an alliance, a wager or a bid
    change have P1 play the card that brings it (the 2021 rulebook: the Loot, Rascal,
    Harry)."""
    plain = list(roundgrid.RoundGrid(base, house, base.scheme(), house.scheme()))
    assert not any(scene.third_bid or scene.played or scene.past for scene in plain)
    field = {"last_round": "", "played": "played", "total_bids": "third_bid", "game": "past"}
    brings = {"ally": ("LOOT",), "wager": ("RASCAL",), "change": ("HARRY",)}
    for name, edition in reading.items():
        grid = list(roundgrid.RoundGrid(base, edition, base.scheme(), edition.scheme()))
        with_card = {scene for scene in grid if any(getattr(scene, k) for k in brings)}
        if name == "played":
            for scene in with_card:
                assert scene.played == next(cards for k, cards in brings.items() if getattr(scene, k))
            grid = [scene._replace(played=()) if scene in with_card else scene for scene in grid]
        added = [scene for scene in grid if field[name] and getattr(scene, field[name])]
        assert [scene for scene in grid if scene not in added] == plain, name
        assert all(abs(scene.won - scene.bid) <= 1 for scene in added)
        assert bool(added) == (name != "last_round")
        indexed = roundgrid.RoundGrid(base, edition, base.scheme(), edition.scheme())
        assert Counter(indexed[i] for i in range(len(indexed))) == Counter(indexed)  # (sampling picks by index)


def test_rounds_that_cannot_happen_are_not_in_the_grid(base: Edition, house: Edition) -> None:
    """What a score sheet refuses is not in the grid: a wager with no trick won (the 2021
    rulebook: Rascal's wager comes with a trick won with Rascal, not the round's last),
    nor in a round of one trick; a bid change with no trick won (Harry's, even the
    last); an alliance whose ally took no trick (the Loot's trick is the ally's)."""
    for schemes in rounddiff.scheme_pairs(base, house):
        for scene in roundgrid.RoundGrid(base, house, *schemes):
            if scene.wager:
                assert scene.won >= 1 and scene.cards >= 2
            if scene.change:
                assert scene.won >= 1
            if scene.ally:
                assert scene.won < scene.cards and scene.tricks_won()["P2"] == 1
            if scene.captured:
                assert scene.won >= 1
    # asked all the same, the edition says why
    wager = roundscene.Scene(3, 3, 1, 0, wager=10)
    assert roundscene.score_scene(base, base.scheme(), wager) == "P1's wager needs a trick won with rascal; P1 won none"
    one = roundscene.Scene(1, 1, 1, 1, wager=10)
    assert "before the round's last" in str(roundscene.score_scene(base, base.scheme(), one))


def test_a_dealers_bonus_scores_the_rounds_the_scored_player_deals(base: Edition, tmp_path: Path) -> None:
    """`deals` (1 for the player dealing the round): the deal passes left, the last seat
    dealing round 1 (the 2021 rulebook), so of three players P1 (seat 0) deals rounds 2,
    5 and 8, and only those score 5 more; no game before is needed for it."""
    dealer = {
        "scoring": {"schemes": {"classic": {"adjustments": {"dealer": {"when": "deals == 1", "points": "points + 5"}}}}}
    }
    house = _overlay(tmp_path, "dealer", dealer)
    rounds = rounddiff.round_differences(base, house)
    assert rounds["differ"] > 0
    assert {example["round"] for example in rounds["examples"]} <= {2, 5, 8}
    assert all(example["b"] - example["a"] == 5 and example["game"] is None for example in rounds["examples"])
    assert not any(scene.past for scene in roundgrid.RoundGrid(base, house, base.scheme(), house.scheme()))


def test_a_game_before_whose_bids_an_edition_refuses_is_not_its_game(tmp_path: Path) -> None:
    """The rounds of a game before a grid round keep each edition's bidding rules, as a
    sheet's rounds do: where the house rule "the bids must not add up to the cards" is
    broken in the previous round (P1 bid 0 and won 1 of 2 cards, P2 bid 1, P3 bid and
    won 1), the edition cannot have that game, and says which round broke what."""
    rule = {"require": "total_bids != cards", "description": "the bids must not add up to the cards"}
    bonus = {"catch-up": {"when": "last == 1 and won == bid", "points": "points + 10"}}
    house = _overlay(
        tmp_path,
        "strict",
        {"bidding": {"rules": {"no-exact-total": rule}}, "scoring": {"schemes": {"classic": {"adjustments": bonus}}}},
    )
    past = roundscene.Past((1, 2), bid=0, won=1, last=0)
    assert past.results()[-1][1] == {"P1": 0, "P2": 1, "P3": 1}  # 2 bid of 2 cards
    refused = roundscene.score_scene(house, house.scheme(), roundscene.Scene(3, 3, 1, 1, past=past))
    assert (
        refused
        == "in round 2 before it, the bids break bidding rule 'no-exact-total': the bids must not add up to the cards"
    )
    kept = roundscene.score_scene(
        house, house.scheme(), roundscene.Scene(3, 3, 1, 1, past=past._replace(won=0, last=2))
    )
    assert isinstance(kept, int)


# ---------------------------------------------------------------------- who deals, leads, how many rounds


def test_a_changed_value_a_file_leaves_out_shows_the_default_it_plays_with(tmp_path: Path) -> None:
    """A side that leaves a key out plays with the engine's value for it, shown as
    ``a_default``/``b_default`` beside the ``None`` (absent) the JSON always gave: the
    2021 rulebook's deal passing left (``round - 2``) and the player after the dealer
    leading (``round - 1``, ``dealer + 1`` once a dealer is set), a tie-break round
    dealt as any round. A key without a default (a new bonus) gets none."""
    base = skullking.load_edition("skullking-2021")
    cases = [
        ({"play": {"dealer": "previous_top_scorer"}}, "play.dealer", "round - 2", None),
        ({"play": {"first_leader": "previous_last_winner"}}, "play.first_leader", "round - 1", None),
        ({"scoring": {"extra_round_dealer": "players - 1"}}, "scoring.extra_round_dealer", "round - 2", None),
    ]
    for k, (changes, path, default_a, default_b) in enumerate(cases):
        (change,) = valuediff.value_changes(base, _overlay(tmp_path, f"h{k}", changes))["changes"]
        assert change["path"] == path and change["a"] is None
        assert change.get("a_default") == default_a and change.get("b_default") == default_b
    dealt = _overlay(tmp_path, "dealt", {"play": {"dealer": 0}})
    (change,) = valuediff.value_changes(base, _overlay(tmp_path, "both", {"play": {"dealer": 0, "first_leader": 2}}))[
        "changes"
    ][1:]
    assert (change["path"], change["a_default"], change["b"]) == ("play.first_leader", "round - 1", 2)
    (change,) = valuediff.value_changes(dealt, base)["changes"]
    assert (change["path"], change["a"], change["b"], change["b_default"]) == ("play.dealer", 0, None, "round - 2")
    bonus = _overlay(tmp_path, "bonus", {"bonuses": [{"id": "x", "points": 5, "captured": {"ranks": [1]}}]})
    assert not any("a_default" in c for c in valuediff.value_changes(base, bonus)["changes"])


def test_the_winner_of_a_round_dealing_the_next_deals_and_leads_other_rounds(tmp_path: Path) -> None:
    """examples/house-rules/catch-up.yaml: a round's winner deals the next (the player
    after the dealer leading), against the 2021 rulebook's deal passing left. Round 2
    after a round 1 of 1 card in which P1 bid 0 won 0 (+10), P2 bid 1 won 0 (-10) and
    P3 bid 1 won 1 (+20): P3 scored most, so P3 deals and P1 leads; the 2021 rulebook
    has P1 deal round 2 (seat 2 - 2) and P2 lead. In round 1 both have P3 deal (the
    last seat: nobody has scored) and P1 lead."""
    catch_up = skullking.load_edition(str(ROOT / "examples" / "house-rules" / "catch-up.yaml"))
    seats = seatdiff.seat_differences(skullking.load_edition("skullking-2021"), catch_up)
    assert seats["differ"] > 0 and seats["checked"] > seats["differ"]
    game = {"P1": (0, 0), "P2": (1, 0), "P3": (1, 1)}
    (example,) = [
        e
        for e in seats["examples"]
        if e["round"] == 2
        and {p: (e["game"]["rounds"][0]["bids"][p], e["game"]["rounds"][0]["won"][p]) for p in game} == game
    ] or [None]
    assert example is not None, seats["examples"]
    assert example["a"] == {"dealer": "P1", "first_leader": "P2"}
    assert example["b"] == {"dealer": "P3", "first_leader": "P1"}
    assert not any(e["round"] == 1 for e in seats["examples"])
    path = ROOT / "examples" / "house-rules" / "catch-up.yaml"
    code, out, _ = run("diff", "skullking-2021", str(path), "--depth", "2")
    assert code == 0
    assert "  play.dealer: A 'round - 2' (default) / B 'previous_top_scorer'\n" in out
    assert "rounds of a game of the grid are dealt or led by another player, e.g.:" in out
    assert "P3 won its last trick: A dealt by P1, led by P2; B dealt by P3, led by P1\n" in out


def test_a_tie_break_round_dealt_by_the_last_tied_player(tmp_path: Path) -> None:
    """A house rule: the last tied player deals the tie-break round (``players - 1``),
    the player after him leads. The 2021 editions deal it as any round: round 11 of
    three tied players is dealt by seat 0 (P1) and led by P2; the house rule has P3
    deal and P1 lead. Of two tied players both have P2 deal (seat 1: 11 - 2 = 9, odd)
    and P1 lead. The schedule's rounds are dealt as before: 10 + 2 rounds, 1 differs."""
    house = _overlay(tmp_path, "last-deals", {"scoring": {"extra_round_dealer": "players - 1"}})
    seats = seatdiff.seat_differences(skullking.load_edition("skullking-2021"), house)
    assert (seats["checked"], seats["differ"]) == (12, 1)
    (example,) = seats["examples"]
    assert example["tie_break"] and example["players"] == ["P1", "P2", "P3"]
    assert example["a"] == {"dealer": "P1", "first_leader": "P2"}
    assert example["b"] == {"dealer": "P3", "first_leader": "P1"}
    shared = _overlay(tmp_path, "shared", {"scoring": {"ties": "shared"}})
    seats = seatdiff.seat_differences(skullking.load_edition("skullking-2021"), shared)
    assert (seats["checked"], seats["differ"], seats["only_a"]) == (10, 0, 2)  # no tie-break round in B
    assert "plays no tie-break round" in seats["only_a_examples"][0]["why"]


def test_a_schedule_up_and_down_deals_its_rounds_after_the_tenth(tmp_path: Path) -> None:
    """A house rule: rounds of 1 to 10 cards, then back down to 1 (19 rounds). Against
    the 2021 rulebook's standard schedule (1 to 10), rounds 11-19 are dealt only by the
    house rule: 9 down to 1 card at 2 to 7 players; at 8 the hand limit of 8 (the 2021
    rulebook) makes rounds 9-11 deal 8. The new schedule is the house rule's alone, and
    a tie-break round comes after its 19 rounds."""
    up_down = list(range(1, 11)) + list(range(9, 0, -1))
    variant = {"id": "up-down", "title": "Up and down", "rounds": up_down}
    house = _overlay(tmp_path, "up-down", {"schedule": {"default": "up-down", "variants": [variant]}})
    default, own = valuediff.value_changes(skullking.load_edition("skullking-2021"), house)["schedules"]
    assert (default["schedule"], default["a"], default["b"]) == ("(default)", "standard", "up-down")
    small, eight = default["tables"]
    assert small == {
        "players": [2, 3, 4, 5, 6, 7],
        "a": list(range(1, 11)),
        "b": up_down,
        "rounds": list(range(11, 20)),
    }
    assert eight["players"] == [8] and eight["b"] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert (own["schedule"], own["a"], own["b"]) == ("up-down", None, "up-down")
    assert own["tables"][0]["a"] is None and own["tables"][0]["rounds"] == list(range(1, 20))
    code, out, _ = run("diff", "skullking-2021", str(tmp_path / "up-down.yaml"), "--depth", "2", "--sample", "0")
    assert code == 0
    assert (
        "  the default schedules (A standard, B up-down), 2-7 players: A 1 2 3 4 5 6 7 8 9 10 cards / "
        "B 1 2 3 4 5 6 7 8 9 10 9 8 7 6 5 4 3 2 1 cards; rounds 11-19 differ\n"
    ) in out
    assert "  up-down, 8 players: A no such schedule / B 1 2 3 4 5 6 7 8 8 8 8 8 7 6 5 4 3 2 1 cards; " in out
    # A tie-break round comes after 10 rounds under A (round 11) and 19 under B (round
    # 20), each dealt as any round: of two tied players, A's by seat 9 mod 2 = 1 (P2,
    # P1 leading), B's by seat 18 mod 2 = 0 (P1, P2 leading); of three both by seat 0.
    seats = seatdiff.seat_differences(skullking.load_edition("skullking-2021"), house)
    (example,) = seats["examples"]
    assert example["tie_break"] and example["players"] == ["P1", "P2"]
    assert (example["a"], example["b"]) == (
        {"dealer": "P2", "first_leader": "P1"},
        {"dealer": "P1", "first_leader": "P2"},
    )


def test_diff_shows_tricks_that_count_for_another_player() -> None:
    """A house rule (the Kraken's trick counts for who would have won it): the same
    tricks have no winner and the same next leader under both, yet they end differently,
    and diff shows them so (text and JSON). In ``B1 KRAKEN`` the black 1 would have won:
    seat 0 leads next under both, and the trick counts for seat 0 under the house rule."""
    house = str(Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "kraken-trick-counts.yaml")
    report = run_json("diff", "skullking-2021", house)
    example = next(e for e in report["tricks"]["examples"] if e["cards"] == ["B1", "KRAKEN"])
    assert (example["a"]["winner"], example["a"]["next_leader"], "counts_for" in example["a"]) == (None, 0, False)
    assert (example["b"]["winner"], example["b"]["next_leader"], example["b"]["counts_for"]) == (None, 0, 0)
    code, out, _ = run("diff", "skullking-2021", house)
    assert code == 0
    b = "nobody wins, seat 0 leads, it counts for seat 0 [kraken]"
    assert f"  B1 KRAKEN: A nobody wins, seat 0 leads [kraken]; B {b}" in out.splitlines()
