"""The messages a newcomer meets first, against the command-line contract (bad input:
exit 2, one line that says what is wrong and what to do): a trick of fewer cards than
the edition's smallest table, a folder given as an edition, counts of one said in the
singular, a mis-indented or tab-indented edition file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clihelp import run as _run

import skullking
from skullking.core.errors import EditionError, GameError
from skullking.core.words import counted, were
from skullking.game import Game


def test_a_one_card_trick_suggests_players() -> None:
    """The 2021 rulebook is for 2 to 8 players; `trick sk` gives one card and no --players,
    so the table would be one player: the error says so and shows the command with
    --players (a table of 4, the most common size the edition allows)."""
    code, _, err = _run("trick", "sk")
    assert code == 2
    assert err == (
        "skullking: error: 1 card and no --players: without it the table is as large as the trick, and this "
        "edition is for 2 to 8 players; give the table's size with --players (e.g. skullking trick SK --players 4)\n"
    )
    code, out, _ = _run("trick", "sk", "--players", "4")
    assert code == 0 and out.startswith("Seat 0 wins with SK")  # the lone Skull King wins its trick


def test_a_one_card_trick_suggests_players_in_json_too() -> None:
    """Asked for JSON, the same error is one JSON record on standard output."""
    code, out, err = _run("trick", "SK", "--format", "json")
    assert code == 2 and err == ""
    assert "give the table's size with --players" in json.loads(out)["error"]


def test_a_folder_given_as_an_edition_says_it_is_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--edition FOLDER`, `explain FOLDER`, `new --extends FOLDER`, `validate FOLDER` and an
    `extends` naming a folder each say it is a folder, not that nothing is there."""
    monkeypatch.chdir(tmp_path)
    folder = Path("house")
    folder.mkdir()
    said = "a folder, not an edition file: name the edition's .yaml file in it"
    for argv in (["trick", "--edition", str(folder), "Y1", "Y2"], ["explain", str(folder)]):
        code, _, err = _run(*argv)
        assert (code, err) == (2, f"skullking: error: edition '{folder}': {said}\n")
    code, _, err = _run("new", "x", "--extends", str(folder), "-o", "-")
    assert (code, err) == (2, f"skullking: error: --extends {folder}: {said}\n")
    code, out, _ = _run("validate", str(folder), "--format", "json")
    assert code == 1 and [p["message"] for p in json.loads(out)] == [said]
    overlay = Path("ours.yaml")
    overlay.write_text("extends: house\nid: ours\n", encoding="utf-8")
    with pytest.raises(EditionError, match=f"ours.yaml:1:10: extends 'house': {said}"):
        skullking.load_edition(overlay)


def test_counts_of_one_are_singular() -> None:
    """One player, one round, one trick: never '1 players'."""
    assert [counted(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert counted(1, "copy", "copies") == "1 copy" and counted(3, "copy", "copies") == "3 copies"
    assert counted(True, "card") == "True cards"  # not a number: shown as given
    assert [were(1), were(2), were(1, "is", "are")] == ["was", "were", "is"]


def test_a_table_of_one_is_one_player() -> None:
    """The 2021 rulebook is for 2 to 8 players: a game of one, a trick at a table of one."""
    edition = skullking.load_edition("skullking-2021")
    with pytest.raises(GameError, match=r"^1 player: edition 'skullking-2021' is for 2 to 8 players$"):
        skullking.Round(edition, ["Ann"], cards=1)
    code, _, err = _run("trick", "Y1", "--players", "1")
    assert (code, err) == (2, "skullking: error: 1 player: this edition is for 2 to 8 players\n")


def test_a_game_of_one_round_is_over_after_it() -> None:
    """The 2021 rulebook's 'Past Your Bedtime' plays one round of one card: once Ann (bid
    1, the yellow 10) has won it from Bo and Cy (bid 0, the yellow 5 and 3), 20 points
    to 10 and 10, no tie is left to break, and a next round is refused: the schedule
    has '1 round'."""
    edition = skullking.load_edition("skullking-2021")
    game = Game(edition, ["Ann", "Bo", "Cy"], seed=1, schedule="past-your-bedtime")
    hands = {"Ann": "Y10", "Bo": "Y5", "Cy": "Y3"}
    round_ = game.next_round(hands={name: [card] for name, card in hands.items()})
    for name, bid in {"Ann": 1, "Bo": 0, "Cy": 0}.items():
        round_.bid(name, bid)
    for _ in hands:
        player = round_.to_play
        assert player is not None
        round_.play(player, hands[player])
    assert dict(game.score().totals) == {"Ann": 20, "Bo": 10, "Cy": 10} and game.over
    with pytest.raises(GameError, match=r"^the game is over: the 'past-your-bedtime' schedule has 1 round$"):
        game.next_round()


def test_rounds_past_a_one_round_schedule_says_one_round() -> None:
    """`simulate --rounds 2` under 'past-your-bedtime' (the 2021 rulebook's one round of one
    card) is refused saying the schedule has 1 round, not '1 to 1 rounds'."""
    code, _, err = _run("simulate", "--schedule", "past-your-bedtime", "--rounds", "2", "--seed", "1")
    assert (code, err) == (2, "skullking: error: --rounds 2: the 'past-your-bedtime' schedule has 1 round\n")
