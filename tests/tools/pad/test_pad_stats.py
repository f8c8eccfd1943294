"""Statistics across the pad's stored games (GET /api/stats, the statistics page): the
counts per player name and the rating list of finished games, overall and per edition,
worked out here by hand from the games entered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from skullking.tools.pad.app import create_app
from skullking.tools.pad.stats import START, statistics

PLAYERS = ["Ann", "Bo", "Cy"]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "pad.db"))


def _game(client: TestClient, rounds: list[dict[str, Any]], **choices: Any) -> str:
    """A game of PLAYERS under ``swift-n-salty`` (five rounds of five cards, the 2021
    edition) with ``rounds`` entered."""
    answer = client.post("/api/games", json={"players": PLAYERS, "schedule": "swift-n-salty", **choices})
    assert answer.status_code == 201, answer.text
    ident: str = answer.json()["id"]
    for number, round_ in enumerate(rounds, start=1):
        assert client.put(f"/api/games/{ident}/rounds/{number}", json=round_).status_code == 200
    return ident


def _round(bids: list[int], won: list[int]) -> dict[str, Any]:
    return {"bids": dict(zip(PLAYERS, bids, strict=True)), "won": dict(zip(PLAYERS, won, strict=True))}


# Ann makes every bid of 1 (20 a round), Bo bids 0 and takes nothing (50), Cy bids 1 and
# takes 4 (-30): Bo wins, then Ann, then Cy.
FINISHED = [_round([1, 0, 1], [1, 0, 4])] * 5


def test_a_finished_game_counts_games_wins_means_bids_and_ratings(client: TestClient) -> None:
    """One finished game and one still going on: games, wins and mean scores count the
    finished one only; bids made count every round entered (the going game's two rounds
    too); zero bids made are counted apart; the rating follows the finishing order: with
    three players K is 32 / 2 = 16 and everyone's expected result against each other is
    1/2, so Bo (above both) gains 16, Ann (one above, one below) stays, Cy loses 16."""
    _game(client, FINISHED)
    _game(client, [_round([2, 0, 0], [2, 1, 2])] * 2)
    stats = client.get("/api/stats").json()
    overall = stats["overall"]
    assert overall["games"] == 1
    ann, bo, cy = (overall["players"][p] for p in PLAYERS)
    assert (ann["games"], ann["wins"], bo["wins"], cy["wins"]) == (1, 0, 1, 0)
    assert (ann["mean_score"], bo["mean_score"], cy["mean_score"]) == (100, 250, -150)
    assert (ann["rounds"], ann["bids_made"], ann["bid_rate"]) == (7, 7, 1.0)
    assert (bo["rounds"], bo["bids_made"], bo["zero_bids"], bo["zero_bids_made"]) == (7, 5, 7, 5)
    assert (cy["bids_made"], cy["bid_rate_by_round"]) == (0, {str(n): 0.0 for n in range(1, 6)})
    assert bo["bid_rate_by_round"]["1"] == 0.5 and bo["bid_rate_by_round"]["3"] == 1.0
    assert overall["ratings"] == [
        {"player": "Bo", "rating": START + 16},
        {"player": "Ann", "rating": START},
        {"player": "Cy", "rating": START - 16},
    ]
    assert list(stats["editions"]) == ["skullking-2021"]
    assert stats["editions"]["skullking-2021"]["players"] == overall["players"]
    assert "1 / (1 + 10^((their rating - yours) / 400))" in stats["rating_rule"]


def test_equal_totals_share_the_pair_and_editions_count_apart(client: TestClient) -> None:
    """Two players with the same total each score 1/2 against the other: Cy, above both,
    gains 16 (K = 16 with three players); Ann and Bo each lose half a pair's worth, 8. A
    game of another edition counts in its own scope and in the overall one."""
    same = [_round([2, 1, 0], [3, 2, 0])] * 5  # Ann and Bo -10 a round each, Cy 50: Cy first, then both
    _game(client, same)
    _game(client, FINISHED, edition="skullking-2024")
    stats = client.get("/api/stats").json()
    first = stats["editions"]["skullking-2021"]["ratings"]
    assert {r["player"]: r["rating"] for r in first} == {"Ann": START - 8, "Bo": START - 8, "Cy": START + 16}
    assert stats["editions"]["skullking-2024"]["games"] == 1 and stats["overall"]["games"] == 2


def test_statistics_of_a_two_player_game_follow_the_elo_rule() -> None:
    """Two players (K = 32): the winner gains 16 from an even start, as the rule on the
    page says; a game still going on rates nobody."""
    won = {"players": ["A", "B"], "rounds": [], "totals": {"A": 30, "B": 10}, "winners": ["A"], "complete": True}
    going = {**won, "complete": False}
    stats = statistics([("e", won), ("e", going)])
    assert [(r["player"], r["rating"]) for r in stats["overall"]["ratings"]] == [("A", START + 16), ("B", START - 16)]
    assert stats["overall"]["games"] == 1


def test_the_statistics_page_lists_the_players_and_the_rule(client: TestClient) -> None:
    """GET /stats shows the same figures as the API, and how the rating is worked out."""
    _game(client, FINISHED)
    page = client.get("/stats")
    assert page.status_code == 200
    assert '<th scope="row"><a href="/stats/players/Bo">Bo</a></th>' in page.text
    assert "How the rating is worked out" in page.text
    assert "5 of 5 (100 %)" in page.text  # Ann's bids made
    assert client.get("/").text.count('href="/stats"') == 1


def test_the_statistics_follow_each_change_of_a_game(client: TestClient) -> None:
    """Asked again after a game changes (a round entered, a round undone, the game
    deleted), the statistics are those of the games as they are then, not as they were
    when last asked."""
    going = _game(client, [_round([1, 0, 1], [1, 0, 4])] * 4)
    assert client.get("/api/stats").json()["overall"]["games"] == 0
    assert client.put(f"/api/games/{going}/rounds/5", json=FINISHED[0]).status_code == 200
    finished = client.get("/api/stats").json()["overall"]
    assert finished["games"] == 1 and finished["players"]["Bo"]["wins"] == 1
    assert client.delete(f"/api/games/{going}/rounds/5").status_code == 200
    undone = client.get("/api/stats").json()["overall"]
    assert undone["games"] == 0 and undone["players"]["Ann"]["rounds"] == 4
    other = _game(client, [_round([0, 0, 0], [1, 1, 3])])
    assert client.get("/api/stats").json()["overall"]["players"]["Ann"]["rounds"] == 5
    assert client.delete(f"/api/games/{other}").status_code == 204
    assert client.delete(f"/api/games/{going}").status_code == 204
    assert client.get("/api/stats").json()["overall"]["players"] == {}


def test_a_game_whose_house_rule_no_longer_loads_is_left_out_and_counted(client: TestClient, tmp_path: Path) -> None:
    """A stored house rule that does not load any more (the database edited, or the rule
    it extends gone) leaves its game out of the statistics, counted in ``left_out``; the
    other games still count."""
    import sqlite3

    rule = "id: club\nextends: skullking-2021\n"
    broken = _game(client, [_round([1, 0, 1], [1, 0, 4])], rules=rule)
    _game(client, FINISHED)
    with sqlite3.connect(tmp_path / "pad.db") as raw:
        raw.execute("UPDATE games SET rules = ? WHERE id = ?", ("id: club\nextends: no-such-edition\n", broken))
    stats = client.get("/api/stats")
    assert stats.status_code == 200
    assert stats.json()["left_out"] == 1
    assert stats.json()["overall"]["games"] == 1


def test_the_rating_list_ranks_only_players_with_a_finished_game(client: TestClient) -> None:
    """A player is rated by finished games only (the Elo rule on the page): Di and Ed,
    who have played only a game still going on, are not in the rating list and the
    table shows no rating for them; the others' final scores are kept game by game."""
    _game(client, FINISHED)
    answer = client.post("/api/games", json={"players": ["Di", "Ed"]})
    going = answer.json()["id"]
    both = {"bids": {"Di": 1, "Ed": 0}, "won": {"Di": 1, "Ed": 0}}
    assert client.put(f"/api/games/{going}/rounds/1", json=both).status_code == 200
    _game(client, [_round([1, 0, 1], [1, 0, 4])] * 4 + [_round([0, 0, 1], [0, 0, 5])])
    overall = client.get("/api/stats").json()["overall"]
    assert [r["player"] for r in overall["ratings"]] == ["Bo", "Ann", "Cy"]
    assert overall["players"]["Di"]["rounds"] == 1 and overall["players"]["Di"]["scores"] == []
    assert overall["players"]["Ann"]["scores"] == [100, 80 + 50]  # four bids of 1 made, then a zero bid of 5 cards
    page = client.get("/stats").text
    row = page.split('<a href="/stats/players/Di">Di</a></th>')[1].split("</tr>")[0]
    assert row.rstrip().endswith("<td>\u2013</td>")  # (an en dash: no rating)


def test_a_players_page_shows_their_figures_and_final_scores(client: TestClient) -> None:
    """GET /stats/players/{name}: a player's figures overall and per edition and the
    final score of each finished game in the order started (Ann: 100 a game of five
    bids of 1 made); a name no game has is not found; a name is shown as text."""
    _game(client, FINISHED)
    _game(client, FINISHED, edition="skullking-2024")
    page = client.get("/stats/players/Ann")
    assert page.status_code == 200
    assert page.text.count('data-scores="100,100"') == 1 and page.text.count('data-scores="100"') == 2
    assert '<h2 id="edition-2-title">skullking-2024</h2>' in page.text
    assert client.get("/stats/players/Nobody").status_code == 404
    odd = client.post("/api/games", json={"players": ["<b>x</b>/y", "Bo"]}).json()["id"]
    assert (
        client.put(
            f"/api/games/{odd}/rounds/1", json={"bids": {"<b>x</b>/y": 0, "Bo": 1}, "won": {"<b>x</b>/y": 0, "Bo": 1}}
        ).status_code
        == 200
    )
    shown = client.get("/stats/players/%3Cb%3Ex%3C%2Fb%3E%2Fy")
    assert shown.status_code == 200 and "<h1>&lt;b&gt;x&lt;/b&gt;/y</h1>" in shown.text
