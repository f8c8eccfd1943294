"""Every number a formula: which suit is trump, what a bonus or an alliance pays and
whether a precedence rule holds may change with the round. The rules of a round are
the edition's worked out for it (``Edition.at_round``), once per distinct value.

The house rule checked here is examples/house-rules/changing-rounds.yaml (a house rule
some tables play with the 2021 edition): black is trump in the even rounds only, the
black 14 pays the round's number instead of 20, and from round 6 on the Skull King
beats the mermaids. Every expectation below is worked out by hand from those rules and
the 2021 rulebook's others."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from clihelp import run, run_json
from houserules import house_rule

import skullking
from skullking.analysis.trickdiff import trick_differences
from skullking.analysis.vectors import document
from skullking.core.errors import ContextError, EditionError, NotationError
from skullking.edition import Edition
from skullking.model.records import fixed
from skullking.play.game import Game
from skullking.play.round import play_randomly
from skullking.tools.adapter import answer
from skullking.tools.pad.app import create_app

CHANGING = Path(__file__).parents[2] / "examples" / "house-rules" / "changing-rounds.yaml"


@pytest.fixture(scope="module")
def changing() -> Edition:
    return skullking.load_edition(CHANGING)


@pytest.mark.parametrize(
    ("number", "winner", "rule"),
    [(1, 0, "led-suit"), (2, 1, "trump"), (3, 0, "led-suit"), (10, 1, "trump")],
)
def test_black_is_trump_in_the_even_rounds_only(changing: Edition, number: int, winner: int, rule: str) -> None:
    """A house rule: black is trump in the even rounds. Yellow 10 led, black 3 played:
    in an odd round black is a suit like any other, so the yellow 10 (the led suit)
    wins; in an even round the black 3 trumps it."""
    result = changing.at_round(number, 2).resolve_trick("Y10 B3")
    assert (result.winner, result.rule) == (winner, rule)


@pytest.mark.parametrize(("number", "bonus"), [(1, 1), (4, 4), (7, 7)])
def test_the_black_14_pays_the_rounds_number(changing: Edition, number: int, bonus: int) -> None:
    """A house rule: the black 14 pays the round's number. A trick of the yellow 3 and
    the black 14 pays its winner the round's number; in round 4 (black trump) the black
    14 itself wins it, in rounds 1 and 7 the yellow 3 (the led suit) does."""
    result = changing.at_round(number, 2).resolve_trick("Y3 B14")
    assert result.winner == (1 if number % 2 == 0 else 0)
    assert (result.bonus, result.bonuses) == (bonus, ("black-14",))


@pytest.mark.parametrize(("number", "rule", "bonus"), [(5, "mermaid-captures-skull-king", 40), (6, "skull-king", 0)])
def test_the_skull_king_beats_the_mermaids_from_round_6(changing: Edition, number: int, rule: str, bonus: int) -> None:
    """A house rule: from round 6 on the Skull King beats the mermaids. A mermaid then
    the Skull King: in round 5 the mermaid takes him (40 for capturing the Skull King,
    the 2021 rulebook); in round 6 he wins, and a Skull King capturing a mermaid pays
    nothing."""
    result = changing.at_round(number, 2).resolve_trick("MER SK")
    assert (result.rule, result.bonus) == (rule, bonus)


def test_the_rules_of_a_round_are_made_once_per_value(changing: Edition) -> None:
    """The rules of each distinct round are made once and kept (each with its own
    compiled resolver and plans); an edition whose rules never change with the round
    is its own rules in every round."""
    assert changing.round_reads == {"round"}
    assert changing.at_round(2, 4) is changing.at_round(2, 5)  # (only the round is read)
    assert changing.at_round(2, 4) is not changing.at_round(4, 4)
    assert changing.at_round(2, 4).compiled is not changing.at_round(4, 4).compiled
    base = skullking.load_edition("skullking-2021")
    assert base.round_reads == frozenset() and base.at_round(7, 3) is base


def test_a_trick_asked_without_its_round_is_refused(changing: Edition) -> None:
    """Which suit is trump depends on the round: a trick resolved by the edition as
    loaded (by the compiled resolver or the reference) is refused, naming each rule that
    changes with the round, rather than answered for some round."""
    for resolve in (changing.resolve_trick, changing.interpret_trick):
        with pytest.raises(ContextError, match=r"suit black: trump: 'round % 2 == 0'.*--round N"):
            resolve("Y10 B3")


def test_plays_pass_between_the_rounds_of_one_edition(changing: Edition) -> None:
    """Cards parsed under one round's rules are that card in any other round's (a hand
    dealt in round 1 is played on); a card the edition does not have is refused."""
    first, second = changing.at_round(1, 2), changing.at_round(2, 2)
    cards = first.parse_cards("Y10 B3")
    assert second.resolve_trick(cards).rule == "trump"
    assert [str(p) for p in second.parse_cards(list(changing.parse_cards("Y10 B3")))] == ["Y10", "B3"]
    other = skullking.load_edition("skullking-original")
    with pytest.raises(NotationError, match="not a card of edition 'changing-rounds'"):
        second.parse_cards([other.play_of("R1")])  # (the original edition's red 1)


def test_a_game_played_follows_each_rounds_rules(changing: Edition) -> None:
    """A game played move by move: every trick of round n resolves as the rules of
    round n say, so no trick of an odd round is decided by trump; the game's sheet,
    which gives every trick, scores the same points under the rules of each round."""
    decided: dict[str, set[int]] = {}
    for seed in range(3):
        game = Game(changing, ["Ann", "Bo", "Cy", "Di"], seed=seed)
        moves = random.Random(seed)
        while not game.over:
            round_ = game.next_round()
            play_randomly(round_, moves)
            rules = changing.at_round(round_.number, 4)
            for trick in round_.tricks:  # (a round's results count seats from the trick's leader)
                assert trick.result == rules.resolve_trick(trick.plays)
                decided.setdefault(trick.result.rule, set()).add(round_.number % 2)
        ours = [dict(r.score().points) for r in game.rounds]
        assert [dict(r.points) for r in changing.score_sheet(game.as_sheet()).rounds] == ours
    assert decided["trump"] == {0}


def test_a_sheet_pays_the_black_14_the_rounds_number(tmp_path: Path, changing: Edition) -> None:
    """A score sheet: Ann takes the black 14 in round 1 (bid 1, won 1: 20 + 1), Bo in
    round 2 (bid 1, won 1: 20 + 2); a zero bid made pays 10 per card (the 2021 rulebook)."""
    sheet = tmp_path / "sheet.yaml"
    rounds = [
        {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}, "bonuses": {"Ann": ["black-14"]}},
        {"bids": {"Ann": 1, "Bo": 1}, "won": {"Ann": 1, "Bo": 1}, "bonuses": {"Bo": ["black-14"]}},
    ]
    sheet.write_text(yaml.safe_dump({"players": ["Ann", "Bo"], "rounds": rounds}), encoding="utf-8")
    scored = changing.score_sheet(sheet.read_text(encoding="utf-8"))
    assert [dict(r.points) for r in scored.rounds] == [{"Ann": 21, "Bo": 10}, {"Ann": 20, "Bo": 22}]


def test_an_alliance_may_pay_what_the_round_says(tmp_path: Path) -> None:
    """A house rule: the Loot's alliance pays 40 in the last round, 20 before. Ann
    plays the Loot and Bo wins its trick, both make their bids (the 2021 rulebook's
    scoring): in round 1 (one card: Ann 0 of 0, 10; Bo 1 of 1, 20) each gets 20 more;
    in round 10 (Ann 0 of 0, 100; Bo 10 of 10, 200) each gets 40 more."""
    edition = skullking.load_edition(
        house_rule(tmp_path, "effects:\n  list:\n    loot: {points: 'if last_round == 1 then 40 else 20'}\n")
    )
    assert edition.round_reads == {"last_round"}
    rounds: list[dict[str, object]] = [
        {"bids": {"Ann": 0, "Bo": 1, "Cy": 0}, "won": {"Ann": 0, "Bo": 1, "Cy": 0}, "loot": [["Ann", "Bo"]]}
    ]
    rounds += [{"bids": {"Ann": 0, "Bo": 0, "Cy": n}, "won": {"Ann": 0, "Bo": 0, "Cy": n}} for n in range(2, 10)]
    rounds.append(
        {"bids": {"Ann": 0, "Bo": 10, "Cy": 0}, "won": {"Ann": 0, "Bo": 10, "Cy": 0}, "loot": [["Ann", "Bo"]]}
    )
    scored = edition.score_sheet(yaml.safe_dump({"players": ["Ann", "Bo", "Cy"], "rounds": rounds}))
    assert dict(scored.rounds[0].points) == {"Ann": 30, "Bo": 40, "Cy": 10}
    assert dict(scored.rounds[9].points) == {"Ann": 140, "Bo": 240, "Cy": 100}


def test_formulas_of_the_round_are_checked_at_load(tmp_path: Path) -> None:
    """A rule's value reads the round's names only: a formula that reads the tricks
    won (known once the round is played) is refused at its line and column, saying
    when that name has a value; a formula of the wrong type too."""
    path = house_rule(
        tmp_path, "deck:\n  suits:\n    black: {trump: 'won > 1'}\nbonuses:\n  black-14: {points: 'round > 2'}\n"
    )
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    messages = [f"{p.line}:{p.column} {p.message}" for p in caught.value.problems]
    assert any(m.startswith("6:21 unknown name 'won'") and "once the round's tricks are played" in m for m in messages)
    assert any(m.startswith("8:23 expected a number, got a truth value") for m in messages), messages


def test_trick_takes_the_round(tmp_path: Path) -> None:
    """`skullking trick --round N` resolves the trick in round N; without it, under rules
    that change with the round, the command says so and exits 2; a round 0 is refused."""
    said = run_json("trick", "--edition", str(CHANGING), "--round", "2", "Y10", "B3")
    assert (said["winner"], said["rule"]) == (1, "trump")
    said = run_json("trick", "--edition", str(CHANGING), "--round", "3", "Y10", "B3")
    assert (said["winner"], said["rule"]) == (0, "led-suit")
    code, _, err = run("trick", "--edition", str(CHANGING), "Y10", "B3")
    assert code == 2 and "change with the round" in err and "--round N" in err
    code, _, err = run("trick", "--edition", str(CHANGING), "--round", "0", "Y10", "B3")
    assert code == 2 and "--round 0" in err


def test_a_batch_line_gives_its_round(tmp_path: Path) -> None:
    """`trick --batch`: each line may give its own 'round'."""
    batch = tmp_path / "tricks.jsonl"
    batch.write_text('{"cards": ["Y10", "B3"], "round": 4}\n{"cards": ["Y10", "B3"], "round": 5}\n', encoding="utf-8")
    code, text, _ = run("trick", "--edition", str(CHANGING), "--batch", str(batch))
    answers = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and [a["rule"] for a in answers] == ["trump", "led-suit"]


def test_legal_takes_the_round() -> None:
    """`skullking legal --round N`: following suit does not change with the round, and
    the command answers in any round (a black card may not be played on a yellow lead
    while the hand holds yellow, trump or not)."""
    for number in ("1", "2"):
        said = run_json("legal", "--edition", str(CHANGING), "--round", number, "--hand", "Y3,B5", "Y10")
        assert said["legal"] == ["Y3"]


def test_explain_lists_each_formula_with_its_values() -> None:
    """`skullking explain` shows each rule that changes with the round with its formula
    and its values in the first rounds and the last one of the default schedule."""
    code, text, _ = run("explain", str(CHANGING))
    assert code == 0
    assert "**trump** when `round % 2 == 0`" in text
    assert (
        "- suit black: trump `round % 2 == 0` - round 1: false; round 2: true; round 3: false; round 10: true" in text
    )
    assert "- bonus black-14: points `round` - round 1: 1; round 2: 2; round 3: 3; round 10: 10" in text
    assert "round 10: `skull_king >= 1 and mermaid >= 1 and 10 < 6`" in text


def test_vectors_are_made_for_a_round(tmp_path: Path) -> None:
    """`skullking vectors --round N` writes the vectors of round N's rules, each input
    giving its round (black is trump in round 2: some trick is decided by it); without
    --round the command refuses (exit 2); rules that read the players cannot make
    vectors for every table (exit 2)."""
    tricks = document(skullking.load_edition(CHANGING), "tricks", 2)
    assert tricks["round"] == 2
    assert tricks["vectors"] and all(v["input"]["round"] == 2 for v in tricks["vectors"])
    assert any(v["expected"]["rule"] == "trump" for v in tricks["vectors"])
    code, _, err = run("vectors", str(CHANGING))
    assert code == 2 and "--round N" in err
    by_players = house_rule(tmp_path, "bonuses:\n  black-14: {points: '10 * players'}\n")
    code, _, err = run("vectors", str(by_players), "--round", "2")
    assert code == 2 and "read players" in err


def test_the_pads_trick_checker_takes_the_round(tmp_path: Path) -> None:
    """The score pad's trick checker: a game under the house rule checks a trick in the
    round it is asked about (the page sends the round being played); without a round
    it answers 400 saying the rules change with the round."""
    from starlette.testclient import TestClient

    client = TestClient(create_app(tmp_path / "pad.db"))
    rules = CHANGING.read_text(encoding="utf-8")
    game = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "rules": rules}).json()
    asked = {"game": game["id"], "cards": "Y10,B3"}
    assert client.get("/api/trick", params={**asked, "round": "2"}).json()["rule"] == "trump"
    assert client.get("/api/trick", params={**asked, "round": "3"}).json()["rule"] == "led-suit"
    refused = client.get("/api/trick", params=asked)
    assert refused.status_code == 400 and "change with the round" in refused.json()["error"]
    assert client.get("/api/trick", params={**asked, "round": "0"}).status_code == 400


def test_the_pad_scores_each_round_by_its_rules(tmp_path: Path) -> None:
    """The score pad keeps a game under the house rule: Ann takes the black 14 in
    round 1 (bid 1 made: 20 + 1) and Bo in round 2 (20 + 2); the form lists the bonus
    with its formula."""
    from starlette.testclient import TestClient

    client = TestClient(create_app(tmp_path / "pad.db"))
    rules = CHANGING.read_text(encoding="utf-8")
    game = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "rules": rules}).json()["id"]
    first = {
        "bids": {"Ann": 1, "Bo": 0, "Cy": 0},
        "won": {"Ann": 1, "Bo": 0, "Cy": 0},
        "bonuses": {"Ann": ["black-14"]},
    }
    second = {
        "bids": {"Ann": 0, "Bo": 1, "Cy": 1},
        "won": {"Ann": 0, "Bo": 1, "Cy": 1},
        "bonuses": {"Bo": ["black-14"]},
    }
    for number, data in ((1, first), (2, second)):
        saved = client.put(f"/api/games/{game}/rounds/{number}", json=data, headers={"if-match": "*"})
        assert saved.status_code == 200, saved.text
    whole = client.get(f"/api/games/{game}").json()
    assert [r["points"] for r in whole["rounds"]] == [{"Ann": 21, "Bo": 10, "Cy": 10}, {"Ann": 20, "Bo": 22, "Cy": 20}]
    form = client.get(f"/api/games/{game}/form").json()
    assert {"id": "black-14", "points": "round"}.items() <= next(
        b for b in form["bonuses"] if b["id"] == "black-14"
    ).items()


def test_diff_compares_round_by_round() -> None:
    """`skullking diff` of the 2021 edition and the house rule plays the tricks in the
    rules of each round, each example saying its rounds: a trick the 2021 edition's
    trump rule decides and the house rule's does not is one of an odd round (black is
    trump in the even rounds of both)."""

    base = skullking.load_edition("skullking-2021")
    found = trick_differences(base, skullking.load_edition(CHANGING), sample=0, depth=2)
    untrumped = [e["rounds"] for e in found["examples"] if e["a"]["rule"] == "trump" != e["b"]["rule"]]
    assert untrumped and all(r and all(n % 2 == 1 for n in r) for r in untrumped)
    code, text, _ = run("diff", "skullking-2021", str(CHANGING), "--depth", "2", "--sample", "0")
    assert code == 0 and "B1 B14 (in round 1): A seat 1 wins (+20) [trump]; B seat 1 wins (+1) [led-suit]" in text


def test_the_engines_adapter_answers_in_the_round_a_vector_gives(changing: Edition) -> None:
    """The engine's own conformance adapter answers a request in the rules of the round
    its input gives: the yellow 10 and black 3 in round 2 (black trump) and round 3."""
    trick = {"cards": ["Y10", "B3"], "leader": 0, "players": 2}
    assert answer(changing, "trick", {**trick, "round": 2})["rule"] == "trump"
    assert answer(changing, "trick", {**trick, "round": 3})["rule"] == "led-suit"


#: A house rule: once somebody has 20 points, each pirate the Skull King takes pays 50
#: instead of 30 (a rule's value reading every player's standings, through highest()).
BOUNTY = "bonuses:\n  pirate-by-skull-king: {points: 'if highest(total) >= 20 then 50 else 30'}\n"


def test_a_rule_may_read_the_standings(tmp_path: Path) -> None:
    """A house rule: once somebody has 20 points the Skull King's pirates pay 50. At a
    game's start (round 1) a pirate pays 30; a sheet: Ann's Skull King takes a pirate in
    round 1 (bid 1 made: 20 + 30 = 50), Bo's in round 2 after Ann's 50 (20 + 50 = 70)."""
    edition = skullking.load_edition(house_rule(tmp_path, BOUNTY))
    assert edition.round_reads == {"*seats*"}
    assert edition.at_round(1, 3).resolve_trick("SK PIR").bonus == 30
    sheet = {
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [
            {"bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "won": {"Ann": 1, "Bo": 0, "Cy": 0}},
            {"bids": {"Ann": 0, "Bo": 1, "Cy": 1}, "won": {"Ann": 0, "Bo": 1, "Cy": 1}},
        ],
    }
    sheet["rounds"][0]["bonuses"] = {"Ann": ["pirate-by-skull-king"]}  # type: ignore[index]
    sheet["rounds"][1]["bonuses"] = {"Bo": ["pirate-by-skull-king"]}  # type: ignore[index]
    scored = edition.score_sheet(sheet)
    assert [dict(r.points) for r in scored.rounds] == [{"Ann": 50, "Bo": 10, "Cy": 10}, {"Ann": 20, "Bo": 70, "Cy": 20}]
    code, _, err = run("trick", "--edition", str(tmp_path / "house.yaml"), "--round", "2", "SK", "PIR")
    assert code == 2 and "reads total (the standings before round 2), but round 2 is played alone" in err
    code, out, err = run("validate", "--strict", str(tmp_path / "house.yaml"))
    assert code == 0 and "warning" not in out + err


def test_a_game_pays_what_the_standings_say(tmp_path: Path) -> None:
    """Random games under the house rule: each Skull King's pirate pays 50 in a round
    whose standings before it (the rounds' own scores, added up) have somebody at 20 or
    more, else 30."""
    edition = skullking.load_edition(house_rule(tmp_path, BOUNTY))
    others = {b.id: fixed(b.points) for b in edition.at_round(1, 4).bonuses if b.id != "pirate-by-skull-king"}
    paid: set[int] = set()
    for seed in range(6):
        game, moves = Game(edition, ["Ann", "Bo", "Cy", "Di"], seed=seed), random.Random(seed)
        totals = dict.fromkeys(["Ann", "Bo", "Cy", "Di"], 0)
        while not game.over:
            round_ = game.next_round()
            play_randomly(round_, moves)
            each = 50 if max(totals.values()) >= 20 else 30
            for trick in round_.tricks:
                ids = trick.result.bonuses
                pirates = ids.count("pirate-by-skull-king")
                assert trick.result.bonus == pirates * each + sum(others[b] for b in ids if b in others), trick
                if pirates:
                    paid.add(each)
            for player, points in round_.score().points.items():
                totals[player] += points
    assert paid == {30, 50}


def test_the_pads_trick_checker_reads_the_games_standings(tmp_path: Path) -> None:
    """The score pad's trick checker under the bounty house rule: in round 1 (a game's
    start) the Skull King's pirate pays 30; once round 1 is saved with Ann at 50, a
    trick checked in round 2 pays 50."""
    from starlette.testclient import TestClient

    client = TestClient(create_app(tmp_path / "pad.db"))
    rules = f"extends: skullking-2021\nid: bounty\ntitle: A bounty\n{BOUNTY}"
    game = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "rules": rules}).json()["id"]
    asked = {"game": game, "cards": "SK,PIR"}
    assert client.get("/api/trick", params={**asked, "round": "1"}).json()["bonus"] == 30
    first = {
        "bids": {"Ann": 1, "Bo": 0, "Cy": 0},
        "won": {"Ann": 1, "Bo": 0, "Cy": 0},
        "bonuses": {"Ann": ["pirate-by-skull-king"]},
    }
    saved = client.put(f"/api/games/{game}/rounds/1", json=first, headers={"if-match": "*"})
    assert saved.status_code == 200 and saved.json()["totals"]["Ann"] == 50
    assert client.get("/api/trick", params={**asked, "round": "2"}).json()["bonus"] == 50
