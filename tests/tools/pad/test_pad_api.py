"""The score pad's JSON API over HTTP, through Starlette's TestClient.

Every answer is checked against the command line where the contract says it is the
command line's answer: the score record against ``skullking score --format json`` of
the exported sheet, a house rule's error against ``skullking validate``, the trick
checker against ``skullking trick --format json``. Then the store's promises (a stale
or out-of-turn write is refused and nothing is stored, a restart loses nothing) and the
server's refusals (size, content type, other sites, bad names), and the pages showing
names as text.
"""

from __future__ import annotations

import io
import json
import re
import socket
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx2
import pytest
import yaml
from starlette.testclient import TestClient

import skullking
from skullking.analysis.compare import compare
from skullking.tools.cli import main
from skullking.tools.pad import app as pad_app
from skullking.tools.pad import comparing, warming
from skullking.tools.pad.app import create_app
from skullking.tools.pad.security import Hosts
from skullking.tools.pad.serving import listen, reachable_names

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ["Emma", "Nico", "Pat"]
#: The keys ``GET /api/games/{id}`` adds to the score record.
GAME_KEYS = {"id", "title", "version", "house_rule", "sheet"}
#: A house rule of the 2021 edition whose ``made`` case pays 25 per bid (20 in the base).
RICH_MADE = """\
id: club
extends: skullking-2021
scoring:
  schemes:
    classic:
      cases:
        made: {points: 25 * bid + bonus + alliance + wager}
"""
#: A house rule of the 2021 edition doubling the points of the schedule's last round.
DOUBLE_LAST = """\
id: club
extends: skullking-2021
scoring:
  schemes:
    classic:
      adjustments:
        double-last-round: {when: last_round == 1, points: points * 2}
"""
#: Billion laughs: nine levels of nine aliases (9**9 values once expanded).
BOMB = "".join(
    f"{name}: &{name} [{', '.join(['lol'] * 9) if prev is None else ', '.join([f'*{prev}'] * 9)}]\n"
    for name, prev in zip("abcdefghi", [None, *"abcdefgh"], strict=True)
)
CSP = "content-security-policy"


def rnd(bids: Mapping[str, int], won: Mapping[str, int], **more: Any) -> dict[str, Any]:
    """A round in the score-sheet format."""
    return {"bids": dict(bids), "won": dict(won), **more}


#: Two rounds of three players that every edition with the standard schedule accepts.
ROUND_1 = rnd({"Emma": 1, "Nico": 0, "Pat": 0}, {"Emma": 1, "Nico": 0, "Pat": 0})
ROUND_2 = rnd({"Emma": 2, "Nico": 0, "Pat": 1}, {"Emma": 1, "Nico": 0, "Pat": 1})


# --------------------------------------------------------------------------- fixtures and helpers


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "pad.db"


@pytest.fixture
def client(db: Path) -> TestClient:
    return TestClient(create_app(db))


@pytest.fixture
def lenient(db: Path) -> TestClient:
    """A client that answers a server error as a 500 instead of raising it in the test."""
    return TestClient(create_app(db), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def simulated() -> dict[str, Any]:
    """``skullking simulate --seed 2 --format json``: a whole 4-player game of the 2021
    edition with every trick, Rascal's wagers and Harry's bid changes."""
    code, out = cli("simulate", "--seed", "2", "--format", "json")
    assert code == 0, out
    record: dict[str, Any] = json.loads(out)
    return record


def cli(*argv: str) -> tuple[int, str]:
    """Run ``skullking ARGV``: the exit code and what it wrote (standard output, then error)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def cli_json(*argv: str) -> Any:
    """Run a ``--format json`` command and read its one JSON record."""
    _, out = cli(*argv)
    return json.loads(out)


def new_game(client: TestClient, players: list[str] | None = None, **choices: Any) -> str:
    """Create a game (201) and return its id."""
    answer = client.post("/api/games", json={"players": PLAYERS if players is None else players, **choices})
    assert answer.status_code == 201, answer.text
    ident: str = answer.json()["id"]
    assert answer.json()["url"] == f"/games/{ident}"
    return ident


def put(client: TestClient, game: str, number: int, data: Any, version: int | None = None) -> httpx2.Response:
    headers = {} if version is None else {"if-match": f'"{version}"'}
    return client.put(f"/api/games/{game}/rounds/{number}", json=data, headers=headers)


def game_of(client: TestClient, game: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game}")
    assert answer.status_code == 200, answer.text
    record: dict[str, Any] = answer.json()
    return record


def score_part(record: Mapping[str, Any]) -> dict[str, Any]:
    """A game record without what the pad adds to the score record (its keys, and each
    round's ``made``)."""
    part = {k: v for k, v in record.items() if k not in GAME_KEYS | {"version"}}
    if "rounds" in part:
        part["rounds"] = [{k: v for k, v in r.items() if k != "made"} for r in part["rounds"]]
    return part


def score_sheet_file(sheet: Path, *options: str) -> dict[str, Any]:
    """``skullking score --format json [OPTIONS] SHEET``, which must succeed."""
    code, out = cli("score", "--format", "json", *options, str(sheet))
    assert code == 0, out
    record: dict[str, Any] = json.loads(out)
    return record


def exported(client: TestClient, game: str, folder: Path, name: str = "sheet.yaml") -> Path:
    """Save the game's ``sheet.yaml`` into ``folder`` as a file would be saved."""
    answer = client.get(f"/api/games/{game}/sheet.yaml")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/yaml")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(answer.text, encoding="utf-8")
    return path


#: What the trick checker adds to `skullking trick`'s record under every bundled
#: edition: their scoring pays the capture bonuses with the bid made (the 2021
#: rulebook, the original edition's rules).
PAID_WITH_THE_BID = {"bonus_paid": "if the bid holds"}


def trick_cli(cards: list[str], leader: int | None, players: int | None, edition: str | None) -> Any:
    argv = ["trick", "--format", "json"]
    argv += [] if edition is None else ["--edition", edition]
    argv += [] if leader is None else ["--leader", str(leader)]
    argv += [] if players is None else ["--players", str(players)]
    return cli_json(*argv, *cards)


def trick_api(
    client: TestClient, cards: list[str], leader: int | None, players: int | None, **where: str
) -> httpx2.Response:
    params = {"cards": ",".join(cards), **where}
    params |= {} if leader is None else {"leader": str(leader)}
    params |= {} if players is None else {"players": str(players)}
    return client.get("/api/trick", params=params)


# --------------------------------------------------------------------------- editions and the list of games


def test_editions_are_the_bundled_ones(client: TestClient) -> None:
    """GET /api/editions is [{"id", "title"}] of the bundled editions,
    as skullking.bundled_editions() lists them."""
    answer = client.get("/api/editions")
    assert answer.status_code == 200
    assert answer.json() == [{"id": i, "title": t} for i, t in skullking.bundled_editions()]


def test_games_are_listed_newest_change_first(client: TestClient) -> None:
    """GET /api/games lists id, edition, players, updated (and title,
    rounds) newest first; entering a round in the older game brings it first."""
    assert client.get("/api/games").json() == []
    older = new_game(client)
    newer = new_game(client, ["Ann", "Bo", "Cy", "Di"], edition="skullking-original")
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [newer, older]
    assert listed[0]["edition"] == "skullking-original"
    assert listed[0]["players"] == ["Ann", "Bo", "Cy", "Di"]
    assert listed[0]["rounds"] == 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", listed[0]["updated"])
    assert put(client, older, 1, ROUND_1).status_code == 200
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [older, newer]
    assert (listed[0]["rounds"], listed[0]["players"], listed[0]["edition"]) == (1, PLAYERS, "skullking-2021")
    assert listed[0]["updated"] >= listed[1]["updated"]


def test_the_list_of_games_says_where_each_game_stands(client: TestClient) -> None:
    """Each game listed says its edition by name and where it stands: the rounds played
    (a round with its bids only is being played, not played), the round being played,
    and for a finished game its winner (the 2021 rulebook: the highest total wins; round
    1 of Past Your Bedtime is the schedule's only round). The page shows the same."""
    going = new_game(client)
    assert put(client, going, 1, ROUND_1).status_code == 200
    assert put(client, going, 2, {"bids": ROUND_2["bids"], "in_progress": True}).status_code == 200
    done = new_game(client, schedule="past-your-bedtime")
    assert put(client, done, 1, ROUND_1).status_code == 200  # Emma 20, Nico 10, Pat 10
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    title = next(e["title"] for e in client.get("/api/editions").json() if e["id"] == "skullking-2021")
    assert listed[going]["edition_title"] == listed[done]["edition_title"] == title
    assert (listed[going]["played"], listed[going]["in_progress"], listed[going]["complete"]) == (1, 2, False)
    assert listed[going]["rounds"] == 2  # (the rounds stored, as before)
    assert (listed[done]["played"], listed[done]["in_progress"], listed[done]["complete"]) == (1, None, True)
    assert listed[done]["winners"] == ["Emma"]
    page = client.get("/").text
    assert "round 2 being played" in page
    assert "finished: Emma won" in page


# --------------------------------------------------------------------------- creating a game


def test_a_new_game_has_no_round_and_its_choices(client: TestClient) -> None:
    """POST /api/games -> 201 {"id"}; the game is stored with the
    schedule and scoring chosen, and its record is the score of an empty sheet."""
    game = new_game(client, edition="skullking-2021", schedule="swift-n-salty", scoring="rascal")
    record = game_of(client, game)
    assert record["id"] == game
    assert (record["version"], record["house_rule"], record["rounds"]) == (1, False, [])
    assert record["sheet"] == {
        "edition": "skullking-2021",
        "players": PLAYERS,
        "scoring": "rascal",
        "schedule": "swift-n-salty",
        "rounds": [],
    }
    assert record["missing_rounds"] == [1, 2, 3, 4, 5]
    assert record["totals"] == dict.fromkeys(PLAYERS, 0)
    assert client.get(f"/api/games/{game}").headers["etag"] == '"1"'


def test_an_unknown_game_is_not_found(client: TestClient) -> None:
    """An unknown game id is 404 for every request about it."""
    for answer in (
        client.get("/api/games/nope"),
        client.get("/api/games/nope/form"),
        client.get("/api/games/nope/sheet.yaml"),
        put(client, "nope", 1, ROUND_1),
        client.delete("/api/games/nope/rounds/1"),
        client.get("/api/trick", params={"game": "nope", "cards": "Y3"}),
    ):
        assert answer.status_code == 404
        assert answer.json() == {"error": "no game 'nope'"}


def test_a_bad_edition_is_refused_with_validates_suggestion(client: TestClient) -> None:
    """A bad edition -> 400 {"error", "line", "column"}, naming the id
    and the closest bundled ids as `skullking validate ID` suggests them; nothing stored."""
    answer = client.post("/api/games", json={"edition": "skullking-2012", "players": PLAYERS})
    assert answer.status_code == 400
    record = answer.json()
    assert {"error", "line", "column"} <= set(record)
    assert "no bundled edition 'skullking-2012'" in record["error"]
    code, said = cli("validate", "skullking-2012")
    assert code == 2
    suggestion = re.search(r"did you mean .*\?", said)
    assert suggestion is not None
    assert suggestion.group(0) in record["error"]
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("scoring", "clasic", "did you mean 'classic'?"),
        ("schedule", "standart", "did you mean 'standard'?"),
        ("modules", ["base", "advanced", "legendary"], "unknown module 'legendary'"),
    ],
)
def test_unknown_choices_are_refused(client: TestClient, key: str, value: Any, message: str) -> None:
    """An unknown scoring scheme, schedule or module -> 400 with the
    closest names; nothing stored."""
    answer = client.post("/api/games", json={"edition": "skullking-2021", "players": PLAYERS, key: value})
    assert answer.status_code == 400
    assert message in answer.json()["error"]
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(
    "rules",
    [
        "id: club\nextends: skullking-2021\nplay:\n  follow_suit: maybe\n",
        "id: club\nextends: skullking-2021\nbonuses:\n  black-14: {points: 20 +}\n",
        "id: club\nextends: skullking-2021\nplay: [\n",
        "id: club\nextends: skullking-2021\nid: again\n",
        "id: club\nextends: skullking-2021\nfoo: 1\n",
        "id: club\nextends: skullking-2021\nscoring:\n  schemes:\n    classic:\n      cases:\n"
        "        made: {points: 25 * bidd}\n",
        "extends: skullking-2021\n",
        "id: Bad Id!\nextends: skullking-2021\n",
        "\tid: x\n",
    ],
    ids=["enum", "type", "yaml-syntax", "duplicate-key", "unknown-key", "formula-name", "no-id", "id-pattern", "tab"],
)
def test_a_bad_house_rule_gets_validates_message(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules: str
) -> None:
    """A bad house rule -> 400 {"error", "line", "column"} whose error
    is the first line `skullking validate house-rule.yaml` prints for the same text, and
    whose line and column are that line's; POST /api/rules answers the same; nothing stored."""
    monkeypatch.chdir(tmp_path)
    Path("house-rule.yaml").write_text(rules, encoding="utf-8")
    code, said = cli("validate", "house-rule.yaml")
    assert code == 1
    first = said.splitlines()[0]
    answer = client.post("/api/games", json={"players": PLAYERS, "rules": rules})
    assert answer.status_code == 400
    record = answer.json()
    assert record["error"] == first
    assert first.startswith(f"house-rule.yaml:{record['line']}:{record['column']}: ")
    assert record["problems"][0]["message"] == first.split(": ", 1)[1]
    checked = client.post("/api/rules", json={"rules": rules})
    assert (checked.status_code, checked.json()) == (400, record)
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("base", ["/etc/passwd", "../x.yaml", "other.yaml"])
def test_a_house_rule_extends_only_bundled_editions(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str
) -> None:
    """`extends` naming an absolute path, a path with '..' or a file
    beside the server is refused at line 2 (column 10), saying only bundled editions can
    be extended, and no file is read: the answer is the same whether the file exists."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    rules = f"id: club\nextends: {base}\n"
    before = client.post("/api/games", json={"players": PLAYERS, "rules": rules})
    edition = "id: other\nextends: skullking-2021\ntitle: a real edition file\n"
    (cwd / "other.yaml").write_text(edition, encoding="utf-8")
    (tmp_path / "x.yaml").write_text(edition, encoding="utf-8")
    after = client.post("/api/games", json={"players": PLAYERS, "rules": rules})
    assert before.status_code == after.status_code == 400
    assert before.json() == after.json()
    record = after.json()
    assert (record["line"], record["column"]) == (2, 10)
    assert record["error"].startswith(f"house-rule.yaml:2:10: extends '{base}': only a bundled edition can be extended")
    assert "root:" not in record["error"]
    assert client.get("/api/games").json() == []


def test_a_yaml_bomb_is_refused(client: TestClient) -> None:
    """A billion-laughs house rule (nine levels of nine aliases) and a
    sheet holding one are refused with 400, not expanded."""
    answer = client.post("/api/games", json={"players": PLAYERS, "rules": "id: club\nextends: skullking-2021\n" + BOMB})
    assert answer.status_code == 400
    assert "more than 100,000 values" in answer.json()["error"]
    sheet = "players: [Emma, Nico, Pat]\nrounds: []\n" + BOMB
    imported = client.post("/api/games/import", content=sheet.encode(), headers={"content-type": "application/yaml"})
    assert imported.status_code == 400
    assert "more than 200,000 values" in imported.json()["error"]  # a sheet's limit
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Emma"], "a game has 2 to 8 players, got 1"),
        ([], "a game has 2 to 8 players, got 0"),
        ([f"P{i}" for i in range(9)], "a game has 2 to 8 players, got 9"),
        (["Emma", "Nico", "emma"], "two players are called 'emma'"),
        (["Emma", "Nico", "Emma"], "two players are called 'Emma'"),
        (["Emma", "", "Pat"], "every player needs a name"),
        (["Emma", "   ", "Pat"], "every player needs a name"),
        (["Emma", "x" * 41], "at most 40 characters"),
        (["Emma", "Ni\x07co"], "control characters"),
        ("Emma, Nico", "'players' must be a list of names"),
        ([1, 2], "'players' must be a list of names"),
        (None, "'players' must be a list of names"),
    ],
    ids=[
        "one",
        "none",
        "nine",
        "duplicate-case",
        "duplicate",
        "empty",
        "blank",
        "long",
        "control",
        "text",
        "numbers",
        "null",
    ],
)
def test_bad_players_are_refused(client: TestClient, players: Any, message: str) -> None:
    """Fewer than 2 or more than 8 players, duplicate names (in any
    case), empty names -> 400 naming the problem; nothing stored."""
    answer = client.post("/api/games", json={"edition": "skullking-2021", "players": players})
    assert answer.status_code == 400
    assert message in answer.json()["error"]
    assert client.get("/api/games").json() == []


def test_eight_players_and_two_players_are_accepted(client: TestClient) -> None:
    """The bounds themselves, 2 and 8 players, make games."""
    eight = new_game(client, [f"P{i}" for i in range(1, 9)])
    two = new_game(client, ["Ann", "Bo"], edition="skullking-original")
    assert len(game_of(client, eight)["players"]) == 8
    assert game_of(client, two)["players"] == ["Ann", "Bo"]


# --------------------------------------------------------------------------- rounds


def test_a_round_answers_the_score_of_the_exported_sheet(client: TestClient, tmp_path: Path) -> None:
    """PUT /api/games/{id}/rounds/{n} -> 200 with the same JSON as
    `skullking score --format json` of the exported sheet plus "version" (and the
    ETag); GET /api/games/{id} is that record plus "sheet"."""
    game = new_game(client)
    third = rnd(dict.fromkeys(PLAYERS, 1), dict.fromkeys(PLAYERS, 1), bonuses={"Emma": ["black-14"]})
    expected: dict[str, Any] = {}
    for number, data in enumerate([ROUND_1, ROUND_2, third], 1):
        answer = put(client, game, number, data)
        assert answer.status_code == 200, answer.text
        record = answer.json()
        assert record["version"] == number + 1
        assert answer.headers["etag"] == f'"{number + 1}"'
        expected = score_sheet_file(exported(client, game, tmp_path / str(number)))
        assert record == {**expected, "version": number + 1}
    whole = game_of(client, game)
    assert score_part(whole) == expected
    assert whole["sheet"] == yaml.safe_load(client.get(f"/api/games/{game}/sheet.yaml").text)
    assert whole["rounds"][2]["points"]["Emma"] == 20 + 20  # made bid of 1 and the black 14
    assert whole["totals"] == {"Emma": 20 - 10 + 40, "Nico": 10 + 20 + 20, "Pat": 10 + 20 + 20}


#: A house rule of the 2021 edition where a bid missed by one trick counts as made.
CLOSE_ENOUGH = """\
id: club
extends: skullking-2021
scoring:
  schemes:
    classic:
      made: abs(won - bid) <= 1
"""


def test_each_round_says_who_made_the_bid_as_the_scoring_says(client: TestClient) -> None:
    """GET /api/games/{id}: each round's ``made`` says per player whether the bid was
    made as the scheme's ``made`` formula says: under the 2021 rulebook the tricks won
    equal to the bid; under a house rule where a bid missed by one counts as made, Nico's
    bid 0 with 1 trick won is made and Emma's bid 2 with none is missed."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1).status_code == 200
    assert put(client, game, 2, ROUND_2).status_code == 200
    rounds = game_of(client, game)["rounds"]
    assert [r["made"] for r in rounds] == [
        {"Emma": True, "Nico": True, "Pat": True},
        {"Emma": False, "Nico": True, "Pat": True},  # Emma bid 2 and won 1
    ]
    house = new_game(client, rules=CLOSE_ENOUGH)
    second = rnd({"Emma": 2, "Nico": 0, "Pat": 0}, {"Emma": 0, "Nico": 1, "Pat": 1})
    assert put(client, house, 1, ROUND_1).status_code == 200
    assert put(client, house, 2, second).status_code == 200
    assert game_of(client, house)["rounds"][1]["made"] == {"Emma": False, "Nico": True, "Pat": True}


#: A house rule of the 2021 edition giving its own description and the black 14's
#: bonus description in German too.
DESCRIBED = """\
id: club
extends: skullking-2021
description: The rules of our table.
descriptions: {de: Die Regeln unseres Tisches.}
bonuses:
  black-14:
    descriptions: {de: die schwarze 14 im Stich}
"""


def test_descriptions_are_in_the_pages_language_where_the_edition_gives_them(client: TestClient) -> None:
    """A house rule's descriptions in German (its ``descriptions``): a German reader's
    round form says the black 14's bonus in German and the rules page the house rule's
    description; an English or Japanese reader (no Japanese given) gets the
    ``description`` as before, and the other bonuses stay in English for everybody."""
    game = new_game(client, rules=DESCRIBED)

    def bonuses(lang: str) -> dict[str, str]:
        answer = client.get(f"/api/games/{game}/form", headers={"accept-language": lang})
        assert answer.status_code == 200 and "accept-language" in answer.headers["vary"]
        return {b["id"]: b["description"] for b in answer.json()["bonuses"]}

    assert bonuses("de")["black-14"] == "die schwarze 14 im Stich"
    assert bonuses("en")["black-14"] == bonuses("ja")["black-14"] == "the black 14 in the trick"
    assert bonuses("de")["standard-14"] == bonuses("en")["standard-14"]
    form = client.get(f"/api/games/{game}/form").json()
    black = next(b for b in form["bonuses"] if b["id"] == "black-14")
    assert black["descriptions"] == {
        "en": "the black 14 in the trick",
        "de": "die schwarze 14 im Stich",
        "ja": "the black 14 in the trick",
    }
    german = client.get(f"/games/{game}/edition", headers={"accept-language": "de"}).text
    assert "Die Regeln unseres Tisches." in german and "die schwarze 14 im Stich" in german
    english = client.get(f"/games/{game}/edition", headers={"accept-language": "en"}).text
    assert "The rules of our table." in english and "die schwarze 14" not in english


def _refusal(client: TestClient, game: str, bad: dict[str, Any], folder: Path) -> dict[str, Any]:
    """`skullking score --format json`'s error record for the game's sheet plus ``bad``."""
    sheet = yaml.safe_load(client.get(f"/api/games/{game}/sheet.yaml").text)
    sheet["rounds"].append(bad)
    folder.mkdir()
    path = folder / "sheet.yaml"
    path.write_text(yaml.safe_dump(sheet, sort_keys=False), encoding="utf-8")
    code, out = cli("score", "--format", "json", str(path))
    assert code == 2, out
    record: dict[str, Any] = json.loads(out)
    return record


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (
            rnd({"Emma": 3, "Nico": 0, "Pat": 1}, {"Emma": 1, "Nico": 0, "Pat": 1}),
            "round 2: Emma's bid 3 is out of range 0..2",
        ),
        (rnd({"Emma": 1, "Nico": 0, "Pat": 1}, {"Emma": 1, "Pat": 1}), "round 2: 'won' lacks Nico"),
        (
            rnd({"Emma": 1, "Nico": 0, "Pat": 1}, {"Emma": 1, "Nicco": 0, "Pat": 1}),
            "unknown player 'Nicco' in 'won'; did you mean 'Nico'?",
        ),
        (
            rnd({"Emma": 1, "Nico": 0, "Pat": 1}, {"Emma": 1, "Nico": 0, "Pat": 1}, bonuses={"Emma": ["black-41"]}),
            "unknown bonus id 'black-41'; did you mean 'black-14'?",
        ),
        (
            rnd({"Emma": 1, "Nico": 0, "Pat": 1}, {"Emma": 2, "Nico": 1, "Pat": 1}),
            "round 2: 4 tricks won in all, but only 2 were played",
        ),
        (
            rnd({"Emma": 1, "Nico": 0, "Pat": 1}, {"Emma": 1, "Nico": 0, "Pat": 1}, tip=5),
            "round 2: unknown key 'tip'",
        ),
    ],
    ids=["bid-range", "won-lacks", "unknown-player", "unknown-bonus", "too-many-tricks", "unknown-key"],
)
def test_a_bad_round_gets_scores_message_and_nothing_is_stored(
    client: TestClient, tmp_path: Path, bad: dict[str, Any], message: str
) -> None:
    """A bad round -> 400 {"error", "problems"} with the message
    `skullking score` gives for the sheet with that round (e.g. "round 2: Emma's bid 3 is
    out of range 0..2"), each problem naming its round and field; GET shows the game
    unchanged."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1).status_code == 200
    before = game_of(client, game)
    answer = put(client, game, 2, bad)
    assert answer.status_code == 400
    record = answer.json()
    assert any(message in p["message"] for p in record["problems"])
    expected = _refusal(client, game, bad, tmp_path / "cli")
    assert record["error"] == expected["problems"][0]["message"]
    assert [p["message"] for p in record["problems"]] == [p["message"] for p in expected["problems"]]
    assert all(p["round"] == 2 for p in record["problems"])
    assert game_of(client, game) == before


def test_the_message_of_a_bid_out_of_range(client: TestClient) -> None:
    """A bid out of range (Emma bids 3 in round 2): the message word for word, with the field it names."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1).status_code == 200
    answer = put(client, game, 2, rnd({"Emma": 3, "Nico": 0, "Pat": 0}, {"Emma": 2, "Nico": 0, "Pat": 0}))
    assert answer.json() == {
        "error": "round 2: Emma's bid 3 is out of range 0..2",
        "problems": [{"message": "round 2: Emma's bid 3 is out of range 0..2", "round": 2, "field": "bids.Emma"}],
    }


def test_a_round_that_is_not_an_object_is_refused(client: TestClient) -> None:
    """A round is a JSON object; a list, text or broken JSON -> 400."""
    game = new_game(client)
    for body in (b"[1, 2]", b'"round"', b"{", b"\xff\xfe"):
        answer = client.put(f"/api/games/{game}/rounds/1", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400
    assert game_of(client, game)["version"] == 1


def test_a_round_after_a_gap_is_refused(client: TestClient) -> None:
    """PUT of round n+2 (a gap) -> 409, nothing stored; round numbers
    outside 1..100 are not found."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1).status_code == 200
    before = game_of(client, game)
    gap = put(client, game, 3, ROUND_2)
    assert gap.status_code == 409
    assert gap.json()["error"] == "round 3 cannot be entered yet: the game has 1 round, so the next is round 2"
    assert game_of(client, game) == before
    for number in ("0", "101", "two"):
        assert client.put(f"/api/games/{game}/rounds/{number}", json=ROUND_2).status_code == 404
    assert game_of(client, game) == before


def test_an_entered_round_can_be_replaced(client: TestClient) -> None:
    """PUT of a round already entered replaces it (the rounds after it
    are kept and scored again)."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    put(client, game, 2, ROUND_2)
    changed = rnd({"Emma": 0, "Nico": 1, "Pat": 0}, {"Emma": 0, "Nico": 1, "Pat": 0})
    answer = put(client, game, 1, changed)
    assert answer.status_code == 200
    record = game_of(client, game)
    assert record["sheet"]["rounds"] == [changed, ROUND_2]
    assert record["rounds"][0]["points"] == {"Emma": 10, "Nico": 20, "Pat": 10}
    assert record["version"] == 4


def test_undo_removes_only_the_last_round(client: TestClient) -> None:
    """DELETE /api/games/{id}/rounds/{n} removes the last round (200
    with the game's record); a round that is not last -> 409; no round left -> 409."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    put(client, game, 2, ROUND_2)
    early = client.delete(f"/api/games/{game}/rounds/1")
    assert early.status_code == 409
    assert "only the last round, round 2, can be removed" in early.json()["error"]
    assert len(game_of(client, game)["rounds"]) == 2
    undone = client.delete(f"/api/games/{game}/rounds/2")
    assert undone.status_code == 200
    assert undone.json() == game_of(client, game)
    assert undone.json()["sheet"]["rounds"] == [ROUND_1]
    assert undone.headers["etag"] == '"4"'
    assert client.delete(f"/api/games/{game}/rounds/1").status_code == 200
    empty = client.delete(f"/api/games/{game}/rounds/1")
    assert empty.status_code == 409
    assert empty.json()["error"] == "the game has no round to remove"
    assert game_of(client, game)["rounds"] == []


def test_a_game_can_be_deleted(client: TestClient) -> None:
    """DELETE /api/games/{id} -> 204; the game is gone from the list."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    assert client.delete(f"/api/games/{game}").status_code == 204
    assert client.get(f"/api/games/{game}").status_code == 404
    assert client.get("/api/games").json() == []


# --------------------------------------------------------------------------- versions: stale writes and two tabs


def test_deleting_a_game_honours_if_match(client: TestClient) -> None:
    """DELETE /api/games/{id} with If-Match naming a version the game has left -> 412
    (HTTP's answer to a failed If-Match) and the game stays; the current version, or
    `*`, deletes it (204); an unknown game is still 404."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1, version=1).status_code == 200
    stale = client.delete(f"/api/games/{game}", headers={"if-match": '"1"'})
    assert stale.status_code == 412
    assert "changed elsewhere" in stale.json()["error"]
    assert "it was not deleted" in stale.json()["error"]
    assert game_of(client, game)["version"] == 2
    assert client.delete(f"/api/games/{game}", headers={"if-match": "abc"}).status_code == 400
    assert client.delete(f"/api/games/{game}", headers={"if-match": '"2"'}).status_code == 204
    assert client.get(f"/api/games/{game}").status_code == 404
    assert client.delete(f"/api/games/{game}", headers={"if-match": '"2"'}).status_code == 404
    other = new_game(client)
    assert client.delete(f"/api/games/{other}", headers={"if-match": "*"}).status_code == 204
    assert client.get("/api/games").json() == []


def test_a_stale_write_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    """If-Match naming an old version -> 409 and nothing stored, for
    a new round, a replaced round and an undo; the current version is accepted, also
    written weak (W/"n")."""
    game = new_game(client)
    assert put(client, game, 1, ROUND_1, version=1).status_code == 200
    before = game_of(client, game)
    for answer in (
        put(client, game, 2, ROUND_2, version=1),
        put(client, game, 1, ROUND_2, version=1),
        client.delete(f"/api/games/{game}/rounds/1", headers={"if-match": '"1"'}),
    ):
        assert answer.status_code == 409
        assert "changed elsewhere" in answer.json()["error"]
        assert "nothing was saved" in answer.json()["error"]
    assert game_of(client, game) == before
    weak = client.put(f"/api/games/{game}/rounds/2", json=ROUND_2, headers={"if-match": 'W/"2"'})
    assert weak.status_code == 200
    assert weak.json()["version"] == 3


def test_if_match_must_name_a_version(client: TestClient) -> None:
    """An If-Match that names no version -> 400, nothing stored;
    `*` is no check."""
    game = new_game(client)
    answer = client.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers={"if-match": "abc"})
    assert answer.status_code == 400
    assert game_of(client, game)["version"] == 1
    assert client.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers={"if-match": "*"}).status_code == 200


def test_two_tabs_entering_the_same_round_one_wins(client: TestClient) -> None:
    """Two tabs both read version v and both PUT round n with
    If-Match v at the same moment: exactly one succeeds, the other gets 409; the game
    holds n rounds, round n being the winner's (not duplicated, not lost)."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    seen = int(client.get(f"/api/games/{game}").headers["etag"].strip('"'))
    tabs = {
        "a": ROUND_2,
        "b": rnd({"Emma": 0, "Nico": 2, "Pat": 0}, {"Emma": 0, "Nico": 2, "Pat": 0}),
    }
    start = threading.Barrier(len(tabs))
    answers: dict[str, httpx2.Response] = {}

    def tab(name: str) -> None:
        start.wait()
        answers[name] = put(client, game, 2, tabs[name], version=seen)

    threads = [threading.Thread(target=tab, args=(name,)) for name in tabs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(a.status_code for a in answers.values())
    assert statuses == [200, 409]
    winner = next(name for name, a in answers.items() if a.status_code == 200)
    record = game_of(client, game)
    assert record["sheet"]["rounds"] == [ROUND_1, tabs[winner]]
    assert record["version"] == seen + 1
    # The loser reloads, sees round 2, and enters round 3 with the new version.
    loser_round = rnd({"Emma": 1, "Nico": 1, "Pat": 1}, {"Emma": 1, "Nico": 1, "Pat": 1})
    assert put(client, game, 3, loser_round, version=seen + 1).status_code == 200
    assert game_of(client, game)["sheet"]["rounds"] == [ROUND_1, tabs[winner], loser_round]


def test_two_tabs_one_after_the_other(client: TestClient) -> None:
    """The second tab to save round n with the version it read is
    refused; its round is neither stored as round n nor appended as round n+1."""
    game = new_game(client)
    seen = game_of(client, game)["version"]
    assert put(client, game, 1, ROUND_1, version=seen).status_code == 200
    other = rnd({"Emma": 0, "Nico": 1, "Pat": 0}, {"Emma": 0, "Nico": 1, "Pat": 0})
    assert put(client, game, 1, other, version=seen).status_code == 409
    assert put(client, game, 2, other, version=seen).status_code == 409
    assert game_of(client, game)["sheet"]["rounds"] == [ROUND_1]


# --------------------------------------------------------------------------- sheets: export and import


def test_the_exported_sheet_scores_to_the_same_record(client: TestClient, tmp_path: Path) -> None:
    """GET /api/games/{id}/sheet.yaml is a sheet that `skullking score
    --format json` reads, from the saved file, to the game's record (same totals)."""
    game = new_game(client, ["Ann", "Bo", "Cy", "Di"], edition="skullking-original")
    put(client, game, 1, rnd({"Ann": 1, "Bo": 0, "Cy": 0, "Di": 0}, {"Ann": 1, "Bo": 0, "Cy": 0, "Di": 0}))
    put(client, game, 2, rnd({"Ann": 0, "Bo": 2, "Cy": 0, "Di": 1}, {"Ann": 0, "Bo": 1, "Cy": 0, "Di": 1}))
    answer = client.get(f"/api/games/{game}/sheet.yaml")
    assert f'filename="skullking-{game}.yaml"' in answer.headers["content-disposition"]
    record = game_of(client, game)
    scored = score_sheet_file(exported(client, game, tmp_path))
    assert scored == score_part(record)
    assert scored["totals"] == {"Ann": 20 + 20, "Bo": 10 - 10, "Cy": 10 + 20, "Di": 10 + 20}


def _imported(client: TestClient, answer: httpx2.Response) -> dict[str, Any]:
    assert answer.status_code == 201, answer.text
    return game_of(client, answer.json()["id"])


def test_an_exported_sheet_imports_to_a_new_game_with_the_same_totals(client: TestClient) -> None:
    """POST /api/games/import takes the exported sheet as
    application/yaml, as JSON {"sheet": text}, or as the sheet's JSON object, and makes
    a new game with the same rounds and totals each time."""
    game = new_game(client, scoring="rascal")
    put(client, game, 1, ROUND_1)
    put(client, game, 2, ROUND_2)
    original = game_of(client, game)
    text = client.get(f"/api/games/{game}/sheet.yaml").text
    answers = [
        client.post("/api/games/import", content=text.encode(), headers={"content-type": "application/yaml"}),
        client.post("/api/games/import", json={"sheet": text}),
        client.post("/api/games/import", json=original["sheet"]),
    ]
    ids = {game}
    for answer in answers:
        copy = _imported(client, answer)
        assert copy["id"] not in ids
        ids.add(copy["id"])
        assert score_part(copy) == score_part(original)
        assert copy["sheet"] == original["sheet"]
    assert len(client.get("/api/games").json()) == 4


def test_a_bad_sheet_is_not_imported(client: TestClient) -> None:
    """A sheet `skullking score` refuses is refused with its message
    (400), and no game is made."""
    sheet = (
        "players: [Emma, Nico, Pat]\nrounds:\n- bids: {Emma: 3, Nico: 0, Pat: 0}\n  won: {Emma: 1, Nico: 0, Pat: 0}\n"
    )
    answer = client.post("/api/games/import", content=sheet.encode(), headers={"content-type": "application/yaml"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "round 1: Emma's bid 3 is out of range 0..1"
    broken = client.post("/api/games/import", json={"sheet": "players: [Emma, Nico\n"})
    assert broken.status_code == 400
    assert broken.json()["error"].startswith("sheet.yaml:")
    assert client.get("/api/games").json() == []


# --------------------------------------------------------------------------- house rules


def test_a_house_rule_scores_its_rounds(client: TestClient) -> None:
    """A game under a house rule (the 2021 edition with a made bid
    paying 25 per bid) scores its rounds by the house rule, not by the base edition."""
    house = new_game(client, rules=RICH_MADE)
    plain = new_game(client, edition="skullking-2021")
    black = rnd({"Emma": 2, "Nico": 0, "Pat": 0}, {"Emma": 2, "Nico": 0, "Pat": 0}, bonuses={"Emma": ["black-14"]})
    for game in (house, plain):
        put(client, game, 1, ROUND_1)
        put(client, game, 2, black)
    ruled, based = game_of(client, house), game_of(client, plain)
    assert ruled["house_rule"] is True
    assert ruled["edition"] == "club"
    assert [r["points"]["Emma"] for r in ruled["rounds"]] == [25, 50 + 20]
    assert [r["points"]["Emma"] for r in based["rounds"]] == [20, 40 + 20]
    assert ruled["totals"] == {"Emma": 95, "Nico": 30, "Pat": 30}


def test_a_house_rule_game_gives_its_rule_file_and_a_sheet_scored_by_it(client: TestClient, tmp_path: Path) -> None:
    """GET /api/games/{id}/rules.yaml returns the rule's text; the
    exported sheet scored with `--edition` that file (and with the file saved beside it
    under the name the sheet gives) has the game's totals; a bundled game has no rule
    file (404)."""
    game = new_game(client, rules=RICH_MADE)
    put(client, game, 1, ROUND_1)
    put(client, game, 2, ROUND_2)
    record = game_of(client, game)
    rules = client.get(f"/api/games/{game}/rules.yaml")
    assert rules.status_code == 200
    assert rules.text == RICH_MADE
    assert rules.headers["content-type"].startswith("application/yaml")
    assert 'filename="club.yaml"' in rules.headers["content-disposition"]
    (tmp_path / "rules.yaml").write_text(rules.text, encoding="utf-8")
    sheet = exported(client, game, tmp_path / "elsewhere")
    assert score_sheet_file(sheet, "--edition", str(tmp_path / "rules.yaml")) == score_part(record)
    assert "edition: club.yaml" in sheet.read_text(encoding="utf-8")
    (sheet.parent / "club.yaml").write_text(rules.text, encoding="utf-8")
    assert score_sheet_file(sheet) == score_part(record)
    assert client.get(f"/api/games/{new_game(client)}/rules.yaml").status_code == 404


def _replayed(client: TestClient, game: str, folder: Path, *options: str) -> tuple[str, dict[str, Any]]:
    """GET /api/games/{id}/record.skr saved into ``folder``: its text, and what
    `skullking replay --format json [OPTIONS]` makes of the saved file."""
    answer = client.get(f"/api/games/{game}/record.skr")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    assert f'filename="skullking-{game}.skr"' in answer.headers["content-disposition"]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.skr"
    path.write_text(answer.text, encoding="utf-8")
    code, out = cli("replay", "--format", "json", *options, str(path))
    assert code == 0, out
    replayed: dict[str, Any] = json.loads(out)
    return answer.text, replayed


def test_the_exported_record_replays_to_the_games_totals(client: TestClient, tmp_path: Path) -> None:
    """GET /api/games/{id}/record.skr is a game record that `skullking replay` scores, from
    the saved file, to the game's record: each round with its results (tricks won, the
    black 14's bonus, Rascal's wager, Harry's bid change, a Loot alliance), and the round
    being played with its bids and no 'end'."""
    game = new_game(client, edition="skullking-2021")
    put(client, game, 1, ROUND_1)
    claims = rnd(
        {"Emma": 2, "Nico": 0, "Pat": 0},
        {"Emma": 1, "Nico": 0, "Pat": 1},
        bonuses={"Pat": ["black-14"]},
        loot=[["Nico", "Pat"]],
        wagers={"Pat": 10},
        harry={"Emma": -1},
    )
    assert put(client, game, 2, claims).status_code == 200
    assert put(client, game, 3, {"bids": {"Emma": 1, "Nico": 1, "Pat": 1}, "in_progress": True}).status_code == 200
    text, replayed = _replayed(client, game, tmp_path)
    assert replayed == score_part(game_of(client, game))
    assert replayed["in_progress"] == {"round": 3, "cards": 3, "bids": {"Emma": 1, "Nico": 1, "Pat": 1}}
    assert "  bonus Pat black-14\n  alliance Nico Pat\n" in text
    assert "  decide Pat rascal wager 10\n  decide Emma harry change_bid -1\n" in text
    assert text.rstrip().endswith("bid Pat 1")
    assert client.get("/api/games/nope/record.skr").status_code == 404


def test_a_game_entered_with_its_whole_play_and_free_points_exports_its_tricks(
    client: TestClient, simulated: dict[str, Any], tmp_path: Path
) -> None:
    """A game whose rounds were entered with their whole play (`skullking simulate --seed
    2`: every trick, wagers, bid changes), one with free points beside its play, exports
    a record with every trick and the points, which replays to the game's totals."""
    sheet = simulated["sheet"]
    game = new_game(
        client, sheet["players"], edition=sheet["edition"], scoring=sheet["scoring"], schedule=sheet["schedule"]
    )
    for number, data in enumerate(sheet["rounds"][:4], 1):
        more = {"extra": {sheet["players"][0]: -20}} if number == 4 else {}
        assert put(client, game, number, {**data, **more}).status_code == 200
    text, replayed = _replayed(client, game, tmp_path)
    assert replayed == score_part(game_of(client, game))
    assert text.count("  trick ") == 1 + 2 + 3 + 4 and text.count("\nend\n") == 4
    assert f"  extra {sheet['players'][0]} -20\nend\n" in text


def test_a_house_rule_games_record_carries_its_rule_and_replays_alone(client: TestClient, tmp_path: Path) -> None:
    """A house-rule game's record carries the rule inline, each YAML line after '| ', and
    replays to the game's totals with no file beside it (a made bid paying 25 per bid:
    the house rule's points, not the 2021 rulebook's)."""
    game = new_game(client, rules=RICH_MADE)
    put(client, game, 1, ROUND_1)
    put(client, game, 2, ROUND_2)
    text, replayed = _replayed(client, game, tmp_path / "alone")
    assert all(f"| {line}".rstrip() in text.splitlines() for line in RICH_MADE.splitlines())
    assert sorted(p.name for p in (tmp_path / "alone").iterdir()) == ["game.skr"]
    assert replayed == score_part(game_of(client, game))
    assert replayed["totals"]["Emma"] == 25 + (-10)


def test_a_house_rule_adjustment_scores_the_pads_rounds(client: TestClient) -> None:
    """The pad scores a round as a sheet is, adjustments included: under a rule doubling
    the schedule's last round, the one round of 'past-your-bedtime' scores twice the
    2021 rulebook's points (a made bid of 1: 20; a made zero: 10 per card)."""
    game = new_game(client, rules=DOUBLE_LAST, schedule="past-your-bedtime")
    answer = put(client, game, 1, ROUND_1)
    assert answer.status_code == 200, answer.text
    record = game_of(client, game)
    assert record["rounds"][0]["points"] == {"Emma": 40, "Nico": 20, "Pat": 20}
    assert record["totals"] == {"Emma": 40, "Nico": 20, "Pat": 20}


def test_a_house_rule_sheet_imports_with_its_rule(client: TestClient) -> None:
    """A house-rule game's sheet imports with JSON {"sheet", "rules"}
    to a game with the same totals under the same rule; without the rule it is refused."""
    game = new_game(client, rules=RICH_MADE)
    put(client, game, 1, ROUND_1)
    text = client.get(f"/api/games/{game}/sheet.yaml").text
    copy = _imported(client, client.post("/api/games/import", json={"sheet": text, "rules": RICH_MADE}))
    assert score_part(copy) == score_part(game_of(client, game))
    assert copy["house_rule"] is True
    assert client.get(f"/api/games/{copy['id']}/rules.yaml").text == RICH_MADE
    alone = client.post("/api/games/import", json={"sheet": text})
    assert alone.status_code == 400
    assert "club.yaml" in alone.json()["error"]


# --------------------------------------------------------------------------- the round form


def test_the_form_of_a_2021_game(client: TestClient) -> None:
    """GET /api/games/{id}/form lists the edition's bonuses, the rounds
    with their cards and bid ranges, 2 destroying cards (Kraken, White Whale of the
    advanced cards), Loot, Rascal's wagers and Harry's bid change."""
    game = new_game(client, edition="skullking-2021")
    form = client.get(f"/api/games/{game}/form").json()
    edition = skullking.load_edition("skullking-2021")
    assert [(b["id"], b["points"]) for b in form["bonuses"]] == [(b.id, b.points) for b in edition.bonuses]
    assert form["bonuses"][1]["names"] == {"en": "black 14", "de": "schwarz 14", "ja": "黒 14"}
    # the deal passes left and the player after the dealer leads: round n is dealt by
    # player n - 1 and led by player n (the 2021 rulebook)
    rounds = [
        {"number": n, "cards": n, "bids": [0, n], "dealer": (n - 2) % 3, "leader": (n - 1) % 3} for n in range(1, 11)
    ]
    assert form["rounds"] == rounds
    assert form["destroying"] == 2
    assert form["loot"] is True
    assert form["wagers"]["values"] == [0, 10, 20]
    assert form["bid_change"]["values"] == [-1, 0, 1]
    assert form["players"] == PLAYERS
    assert form["modules"] == ["advanced", "base"]
    codes = [c["code"] for c in form["cards"]]
    assert {"KRAKEN", "WHALE", "LOOT", "SK", "TIG:PIR", "TIG:E", "B14", "G1"} <= set(codes)


def test_the_form_of_an_original_game_and_of_a_short_schedule(client: TestClient) -> None:
    """The original edition has no Loot, no destroying card, no wager
    and no bid change; a schedule's rounds are its own (five rounds of 5)."""
    old = client.get(f"/api/games/{new_game(client, edition='skullking-original')}/form").json()
    assert (old["loot"], old["destroying"], old["wagers"], old["bid_change"]) == (False, 0, None, None)
    assert [b["id"] for b in old["bonuses"]] == [b.id for b in skullking.load_edition("skullking-original").bonuses]
    assert "KRAKEN" not in [c["code"] for c in old["cards"]]
    short = client.get(f"/api/games/{new_game(client, schedule='swift-n-salty')}/form").json()
    assert short["rounds"] == [
        {"number": n, "cards": 5, "bids": [0, 5], "dealer": (n - 2) % 3, "leader": (n - 1) % 3} for n in range(1, 6)
    ]
    assert short["schedule"]["id"] == "swift-n-salty"


def test_the_form_of_a_house_rule_over_the_game_so_far(client: TestClient) -> None:
    """Under a table's house rule the winner of a round deals the next (the player
    after the dealer leads, as in the 2021 rulebook): the form names round 2's dealer
    and leader once round 1 is in, and no dealer or leader for the rounds after, which
    are not played yet. A rule over who won the last trick knows none after a round
    given by its tricks won."""
    deals = "extends: skullking-2021\nid: deals\nplay: {dealer: previous_top_scorer}\n"
    game = new_game(client, rules=deals)
    first = client.get(f"/api/games/{game}/form").json()["rounds"]
    assert [(r["dealer"], r["leader"]) for r in first[:2]] == [(2, 0), (None, None)]
    assert put(client, game, 1, ROUND_1).status_code == 200  # Emma 20, Nico 10, Pat 10
    after = client.get(f"/api/games/{game}/form").json()["rounds"]
    assert [(r["dealer"], r["leader"]) for r in after[:3]] == [(2, 0), (0, 1), (None, None)]
    assert after[1]["bids"] == [0, 2]
    trick = "extends: skullking-2021\nid: trick\nplay: {first_leader: previous_last_winner}\n"
    other = new_game(client, rules=trick)
    assert put(client, other, 1, ROUND_1).status_code == 200
    rounds = client.get(f"/api/games/{other}/form").json()["rounds"]
    assert [(r["dealer"], r["leader"]) for r in rounds[:2]] == [(2, 0), (0, None)]


def test_the_form_spans_each_players_own_bid_range(client: TestClient) -> None:
    """A house rule: the player in last place may not bid 0, the leader bids at most one
    less than the cards dealt. Before round 1 is in the form gives round 2 the range of
    a game's start (everybody level, so first: 0 to 1); once round 1 is in (Emma 20,
    Nico and Pat 10), from Emma's 0 to the trailing players' 2; a bid out of a player's
    own range is refused with the sheet's message."""
    limits = (
        "extends: skullking-2021\nid: limits\nbidding:\n  min: if last == 1 then 1 else 0\n"
        "  max: if rank == 1 and round > 1 then cards - 1 else cards\n"
    )
    game = new_game(client, rules=limits)
    assert client.get(f"/api/games/{game}/form").json()["rounds"][1]["bids"] == [0, 1]
    assert put(client, game, 1, ROUND_1).status_code == 200
    assert client.get(f"/api/games/{game}/form").json()["rounds"][1]["bids"] == [0, 2]
    answer = put(client, game, 2, ROUND_2)  # Emma bids 2 of 2 while leading; Nico bids 0 while last
    assert answer.status_code == 400
    assert "round 2: Emma's bid 2 is out of range 0..1" in answer.text
    assert "round 2: Nico's bid 0 is out of range 1..2" in answer.text


def test_a_house_rule_over_the_whole_game_scores_the_pads_rounds(client: TestClient) -> None:
    """A house rule: a missed bid that makes three missed bids in a row costs 30 more.
    Pat misses in rounds 1 to 3 (-10 each): 30 more in round 3; Nico misses rounds 1
    and 3 but makes his zero in round 2: nothing more."""
    rule = (
        "extends: skullking-2021\nid: runs\nscoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        three: {when: won != bid and past_run(won != bid) >= 2, points: points - 30}\n"
    )
    game = new_game(client, rules=rule)
    rounds = [
        rnd({"Emma": 0, "Nico": 0, "Pat": 1}, {"Emma": 0, "Nico": 1, "Pat": 0}),
        rnd({"Emma": 0, "Nico": 0, "Pat": 1}, {"Emma": 0, "Nico": 0, "Pat": 2}),
        rnd({"Emma": 1, "Nico": 1, "Pat": 1}, {"Emma": 1, "Nico": 2, "Pat": 0}),
    ]
    for number, played in enumerate(rounds, start=1):
        assert put(client, game, number, played).status_code == 200
    record = game_of(client, game)
    assert [r["points"]["Pat"] for r in record["rounds"]] == [-10, -10, -10 - 30]
    assert [r["points"]["Nico"] for r in record["rounds"]] == [-10, 20, -10]


def test_the_form_without_the_advanced_cards(client: TestClient) -> None:
    """A 2021 game without the advanced module has no Loot and no
    destroyed tricks."""
    game = new_game(client, edition="skullking-2021", modules=["base"])
    form = client.get(f"/api/games/{game}/form").json()
    assert (form["loot"], form["destroying"], form["modules"]) == (False, 0, ["base"])


# --------------------------------------------------------------------------- the trick checker


TRICKS = [
    (["Y12", "B3", "WHALE", "KRAKEN"], None, None, None),
    (["Y1", "KRAKEN", "Y12", "B3"], None, None, None),
    (["Y1", "KRAKEN", "Y12", "B3"], 2, 4, None),
    (["PIR", "SK", "MER"], 1, 4, None),
    (["Y10", "Y6", "G14", "B2"], 3, None, None),
    (["TIG:PIR", "SK", "MER"], None, None, None),
    (["LOOT", "Y3", "Y5"], None, 3, None),
    (["y14", "緑7", "sk"], None, None, None),
    (["MER", "R13", "E"], 2, 5, "skullking-original"),
    (["Y14", "B1"], None, None, "bga"),
    (["Y14", "B1"], None, None, "skullking-2024"),
]


@pytest.mark.parametrize(("cards", "leader", "players", "edition"), TRICKS)
def test_the_trick_checker_is_skullking_trick(
    client: TestClient, cards: list[str], leader: int | None, players: int | None, edition: str | None
) -> None:
    """GET /api/trick?edition=&cards=&leader=&players= is the `skullking trick --format
    json` record (a Kraken trick, the Kraken and the White Whale, leader and player
    counts, names in lower case and Japanese, other editions), with when the bonus is
    paid: with the bid made, as every bundled edition's scoring says."""
    where = {} if edition is None else {"edition": edition}
    answer = trick_api(client, cards, leader, players, **where)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {**trick_cli(cards, leader, players, edition), **PAID_WITH_THE_BID}


def test_the_trick_checker_says_when_a_house_rules_scoring_pays_the_bonus(client: TestClient, tmp_path: Path) -> None:
    """Under a house rule whose every case adds the capture bonuses, the page is told
    they are paid whatever the bid, in the words `skullking trick` prints; the 2021
    rulebook's scoring pays them with the bid made only."""
    rules = (
        "extends: skullking-2021\nid: bonus-always\nscoring:\n  schemes:\n    classic:\n      cases:\n"
        "        zero-missed: {points: -10 * cards + bonus}\n        missed: {points: -10 * abs(bid - won) + bonus}\n"
    )
    cards = ["PIR", "SK", "MER"]
    answer = trick_api(client, cards, 1, 4, game=new_game(client, rules=rules))
    assert answer.status_code == 200, answer.text
    assert (answer.json()["bonus"], answer.json()["bonus_paid"]) == (40, "whatever the bid")
    house = tmp_path / "bonus-always.yaml"
    house.write_text(rules, encoding="utf-8")
    code, out = cli("trick", "--edition", str(house), *cards, "--leader", "1", "--players", "4")
    assert code == 0 and "Bonus whatever the bid: 40 (skull-king-by-mermaid)." in out
    plain = trick_api(client, cards, 1, 4, game=new_game(client))
    assert plain.json()["bonus_paid"] == "if the bid holds"


#: A house rule of two decks shuffled together (Rosie's choice of leader left out: a
#: sheet records one choice per player and round).
TWO_DECKS = "extends: skullking-2021\nid: two-decks\ndeck: {copies: 2}\nabilities: {choose-leader: null}\n"


def test_the_trick_checker_takes_two_copies_of_a_card(client: TestClient) -> None:
    """A house rule of two decks: the form's cards say how many copies the deck has
    (each numbered card 2, the escapes 10, each named pirate 2; one of each under the
    2021 edition), and the trick checker answers a trick of two yellow 7s at the game's
    table by the position of the winning copy, the first played (Nico's, leading),
    as the page names the card at that position."""
    game = new_game(client, rules=TWO_DECKS)
    form = client.get(f"/api/games/{game}/form").json()
    copies = {c["code"]: c["copies"] for c in form["cards"]}
    assert (copies["Y7"], copies["E"], copies["HARRY"], copies["TIG:PIR"]) == (2, 10, 2, 2)
    assert form["destroying"] == 4  # two Krakens and two White Whales
    plain = client.get(f"/api/games/{new_game(client)}/form").json()
    assert {c["copies"] for c in plain["cards"] if c["code"] in ("Y7", "HARRY", "SK")} == {1}
    answer = trick_api(client, ["Y7", "Y3", "Y7"], 1, 3, game=game)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["winner"], answer.json()["winning_card"]) == (1, 0)
    refused = trick_api(client, ["Y7", "Y7", "Y7"], 0, 3, game=game)
    assert refused.status_code == 400
    assert refused.json()["error"] == "'Y7' 3 times in one trick: the deck has 2 Y7"


@pytest.mark.parametrize(
    ("cards", "leader", "players"),
    [(["Y3", "FOO"], None, None), (["Y3", "Y4"], 5, 4), (["Y3", "Y3"], None, None), (["Y3", "Y4", "Y5"], None, 2)],
    ids=["unknown-card", "leader", "twice", "too-many"],
)
def test_a_bad_trick_gets_tricks_message(
    client: TestClient, cards: list[str], leader: int | None, players: int | None
) -> None:
    """A trick the command refuses -> 400 with its message."""
    answer = trick_api(client, cards, leader, players)
    assert answer.status_code == 400
    assert answer.json()["error"] == trick_cli(cards, leader, players, None)["error"]
    assert client.get("/api/trick", params={"cards": ""}).status_code == 400
    assert client.get("/api/trick", params={"cards": "Y3", "leader": "x"}).status_code == 400


def test_the_trick_checker_plays_under_a_games_rules(client: TestClient) -> None:
    """With game=ID instead of edition the trick plays under that game's edition:
    the original edition has no Kraken; a house rule's Kraken leader (our-table: left of
    the Kraken's player) is the one `skullking trick --edition FILE` gives."""
    old = new_game(client, edition="skullking-original")
    refused = trick_api(client, ["KRAKEN", "Y3"], None, None, game=old)
    assert refused.status_code == 400
    assert refused.json()["error"] == trick_cli(["KRAKEN", "Y3"], None, None, "skullking-original")["error"]
    mermaid = trick_api(client, ["MER", "R13", "SK"], 1, 4, game=old).json()
    assert mermaid == {**trick_cli(["MER", "R13", "SK"], 1, 4, "skullking-original"), **PAID_WITH_THE_BID}
    rule_file = ROOT / "examples" / "house-rules" / "our-table.yaml"
    ours = new_game(client, rules=rule_file.read_text(encoding="utf-8"))
    kraken = ["Y1", "KRAKEN", "Y12", "B3"]
    answer = trick_api(client, kraken, None, None, game=ours).json()
    assert answer == {**trick_cli(kraken, None, None, str(rule_file)), **PAID_WITH_THE_BID}
    assert answer["next_leader"] == 2
    assert trick_api(client, kraken, None, None, edition="skullking-2021").json()["next_leader"] == 3
    rich = new_game(client, rules=RICH_MADE)
    assert trick_api(client, ["Y3", "B14"], None, None, game=rich).json()["bonuses"] == ["black-14"]


def test_the_trick_checker_plays_at_a_games_table_with_the_ghost_hand(client: TestClient, tmp_path: Path) -> None:
    """Under a two-player game of the 2021 edition, with ``players`` the table's three
    seats (Ann, Bo and Graybeard, last), a trick is played at that table as `skullking
    score` replays a sheet's: Graybeard's Tigress is an escape (the 2021 rulebook and the
    official FAQ), so led by him it loses to Ann's yellow; written as a pirate it is
    refused with the message `score` gives; the seats of the cards follow the table's
    play order (he plays second when a player leads), as the game's form lists them."""
    ident = new_game(client, ["Ann", "Bo"], edition="skullking-2021")
    orders = client.get(f"/api/games/{ident}/form").json()["orders"]
    assert orders == [[0, 2, 1], [1, 2, 0], [2, 0, 1]]
    led = trick_api(client, ["TIG", "Y5", "Y3"], 2, 3, game=ident)
    assert led.status_code == 200, led.text
    record = led.json()
    assert (record["winner"], record["next_leader"], record["seats"], record["winning_card"]) == (0, 0, [2, 0, 1], 1)
    assert record["rule"] == "led-suit"
    # Without the table the same cards make Graybeard's Tigress a pirate that wins.
    plain = trick_api(client, ["TIG:PIR", "Y5", "Y3"], 2, None, edition="skullking-2021").json()
    assert plain["winner"] == 2
    refused = trick_api(client, ["TIG:PIR", "Y5", "Y3"], 2, 3, game=ident)
    assert refused.status_code == 400
    assert refused.json()["error"] == "Graybeard plays TIG as escape (TIG:E)"
    sheet = tmp_path / "graybeard.yaml"  # he wins trick 1 (Y9), then leads trick 2
    sheet.write_text(
        "players: [Ann, Bo]\nrounds:\n  - bids: {Ann: 0, Bo: 0}\n    won: {Ann: 0, Bo: 0}\n"
        "  - bids: {Ann: 1, Bo: 0}\n    leader: Ann\n    tricks: [[Y6, Y9, Y2], [TIG:PIR, Y5, Y3]]\n",
        encoding="utf-8",
    )
    code, said = cli("score", str(sheet))
    assert code != 0 and "Graybeard plays TIG as escape (TIG:E)" in said
    # A player leads: Graybeard plays second, the other player last.
    second = trick_api(client, ["Y5", "Y9", "Y3"], 1, 3, game=ident).json()
    assert (second["seats"], second["winner"], second["next_leader"]) == ([1, 2, 0], 2, 2)
    assert trick_api(client, ["Y5"], 3, 3, game=ident).json()["error"].startswith("'leader' must be a seat from 0 to 2")


def test_the_trick_checker_at_a_table_without_the_ghost_is_skullking_trick(client: TestClient) -> None:
    """Played at a game's table of three players, a trick is `skullking trick`'s record,
    with the seat of each card and the winning card's position added."""
    ident = new_game(client)
    cards = ["Y3", "SK", "MER"]
    record = trick_api(client, cards, 1, 3, game=ident).json()
    assert {key: record[key] for key in trick_cli(cards, 1, 3, None)} == trick_cli(cards, 1, 3, None)
    assert (record["seats"], record["winning_card"]) == ([1, 2, 0], 2)


def test_a_round_previewed_is_scored_as_saving_it_would_and_nothing_is_stored(client: TestClient) -> None:
    """POST /api/games/{id}/rounds/{n}/preview answers the score record with round n as
    sent (the next round or one entered, replaced), as PUT would, but stores nothing; a
    round PUT would refuse is refused alike (asked with ?problems=inline, as the page
    does while a round is typed, with the same body and 200, no rounds scored); a round
    after the next is a conflict."""
    ident = new_game(client)
    assert put(client, ident, 1, ROUND_1).status_code == 200
    before = game_of(client, ident)
    other = {"bids": dict.fromkeys(PLAYERS, 0), "won": {"Emma": 1, "Nico": 0, "Pat": 0}}
    preview = client.post(f"/api/games/{ident}/rounds/1/preview", json=other)
    assert preview.status_code == 200, preview.text
    assert game_of(client, ident) == before  # nothing stored
    saved = put(client, ident, 1, other).json()
    assert preview.json()["rounds"] == saved["rounds"] and preview.json()["totals"] == saved["totals"]
    refused = client.post(f"/api/games/{ident}/rounds/1/preview", json={**other, "won": {"Emma": 5}})
    assert (
        refused.status_code == 400
        and refused.json()["problems"] == put(client, ident, 1, {**other, "won": {"Emma": 5}}).json()["problems"]
    )
    inline = client.post(f"/api/games/{ident}/rounds/1/preview?problems=inline", json={**other, "won": {"Emma": 5}})
    assert inline.status_code == 200 and inline.json() == refused.json() and "rounds" not in inline.json()
    assert client.post(f"/api/games/{ident}/rounds/3/preview", json=other).status_code == 409


def test_games_of_the_same_players_get_titles_of_their_own(client: TestClient, simulated: dict[str, Any]) -> None:
    """A game's title is made from its players' names; a second game of the same table
    is numbered (2), a third (3), an imported sheet likewise; a title given is kept."""
    titles = [game_of(client, new_game(client))["title"] for _ in range(3)]
    assert titles == ["Emma, Nico, Pat", "Emma, Nico, Pat (2)", "Emma, Nico, Pat (3)"]
    assert game_of(client, new_game(client, title="Emma, Nico, Pat"))["title"] == "Emma, Nico, Pat"
    sheet = simulated["sheet"]
    names = ", ".join(sheet["players"])
    first, second = (client.post("/api/games/import", json=sheet).json()["id"] for _ in range(2))
    assert (game_of(client, first)["title"], game_of(client, second)["title"]) == (names, f"{names} (2)")


def test_a_game_is_renamed_with_patch(client: TestClient) -> None:
    """PATCH /api/games/{id} {"title"} renames the game: 200 with its record, a new
    version; If-Match as for a round (409 when it changed since); a title of 1 to 80
    characters, nothing else in the body (400); an unknown game: 404."""
    ident = new_game(client)
    version = game_of(client, ident)["version"]
    answer = client.patch(
        f"/api/games/{ident}", json={"title": "  Friday night  "}, headers={"if-match": f'"{version}"'}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["title"] == "Friday night" and answer.json()["version"] == version + 1
    assert client.get("/api/games").json()[0]["title"] == "Friday night"
    stale = client.patch(f"/api/games/{ident}", json={"title": "Late"}, headers={"if-match": f'"{version}"'})
    assert stale.status_code == 409 and game_of(client, ident)["title"] == "Friday night"
    for body in ({"title": ""}, {"title": "x" * 81}, {"title": 3}, {"title": "a", "players": []}, ["a"]):
        assert client.patch(f"/api/games/{ident}", json=body).status_code == 400, body
    assert client.patch("/api/games/nope", json={"title": "a"}).status_code == 404


def test_a_rematch_is_a_new_game_of_the_same_table_and_rules(client: TestClient) -> None:
    """POST /api/games/{id}/rematch: 201 with a new game of the same players in the same
    seats under the same rules (a house rule, its schedule and scoring too), no round
    entered, its title numbered; an unknown game: 404."""
    ident = new_game(client, rules=RICH_MADE)
    assert put(client, ident, 1, ROUND_1).status_code == 200
    answer = client.post(f"/api/games/{ident}/rematch", json={})
    assert answer.status_code == 201, answer.text
    fresh = game_of(client, answer.json()["id"])
    old = game_of(client, ident)
    assert (fresh["players"], fresh["edition"], fresh["house_rule"]) == (old["players"], "club", True)
    assert fresh["rounds"] == [] and fresh["title"] == old["title"] + " (2)"
    assert client.get(f"/api/games/{fresh['id']}/rules.yaml").text == client.get(f"/api/games/{ident}/rules.yaml").text
    assert client.post("/api/games/nope/rematch", json={}).status_code == 404


def test_the_pad_is_installable_with_a_manifest_icons_and_a_service_worker(client: TestClient) -> None:
    """Every page links a web app manifest (its name, start URL, a standalone display and
    icons, each served) and an icon; the service worker is served at the root, as
    JavaScript, checked again on every visit."""
    page = client.get("/").text
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert (data["start_url"], data["display"]) == ("/", "standalone")
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache" and "caches.match" in worker.text


def test_the_service_worker_keeps_every_module_the_page_imports(client: TestClient) -> None:
    """The page's script is ES modules importing one another from pad.js: the service
    worker's list of modules to keep is exactly those pad.js reaches through its imports
    (a module left out would be missing offline), and each is served as JavaScript
    (a module needs a JavaScript content type) from the pad itself."""
    worker = client.get("/sw.js").text
    listed = re.search(r"const MODULES = \[(.*?)\];", worker, re.S)
    assert listed
    kept = set(re.findall(r'"([\w/.-]+\.js)"', listed[1]))
    reached: set[str] = set()
    waiting = ["pad.js"]
    while waiting:
        module = waiting.pop()
        if module in reached:
            continue
        reached.add(module)
        answer = client.get(f"/static/{module}")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/javascript"), module
        base = module.rpartition("/")[0]
        for source in re.findall(r'^import \{[^}]*\} from "([^"]+)";', answer.text, re.M):
            parts = [*base.split("/"), *source.split("/")] if base else source.split("/")
            path: list[str] = []
            for part in parts:
                if part == "..":
                    path.pop()
                elif part not in ("", "."):
                    path.append(part)
            waiting.append("/".join(path))
    assert kept == reached
    assert len(reached) > 20 and {"pad.js", "merge.js", "game/page.js"} <= reached


def test_the_diff_report_is_worked_out_once_a_pair(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """GET /api/diff: the comparison of two bundled editions, `skullking diff A B
    --format json`'s record with the page's sample (the 2024 rulebook leaves the Loot
    out of two-player games: 'LOOT' tricks only the 2021 edition can have), worked out
    once while the pad runs (they cannot change meanwhile): asked again, the same
    report comes back without comparing the editions again; another pair is its own."""

    made: list[tuple[str, str]] = []
    real = comparing.diff_json

    def counted(a: Any, b: Any) -> str:
        made.append((a.id, b.id))
        return real(a, b)

    monkeypatch.setattr(comparing, "diff_json", counted)
    query = {"a": "skullking-2021", "b": "skullking-2024"}
    first, second = (client.get("/api/diff", params=query) for _ in range(2))
    assert first.status_code == second.status_code == 200
    assert first.headers["content-type"] == "application/json"
    a, b = skullking.load_edition("skullking-2021"), skullking.load_edition("skullking-2024")
    assert first.json() == second.json() == json.loads(json.dumps(compare(a, b, sample=500, seed=2021, depth=3)))
    assert first.json()["tricks"]["only_a"] > 0 and "LOOT" in first.json()["tricks"]["only_a_examples"][0]["cards"]
    assert made == [("skullking-2021", "skullking-2024")]
    assert client.get("/api/diff", params={"a": "skullking-2024", "b": "skullking-2021"}).status_code == 200
    assert made[-1] == ("skullking-2024", "skullking-2021") and len(made) == 2
    assert client.get("/api/diff", params={"a": "skullking-2021", "b": "nope"}).status_code == 404
    assert client.get("/api/diff", params={"a": "skullking-2021"}).status_code == 400


def test_the_diff_page_answers_with_the_rule_values_and_leaves_the_play_to_the_api(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison page answers at once with the rule values that differ, each with
    what it is (the schema's words) and its value under A and B: the 2024 rulebook
    leaves the Loot out of two-player games (its module 'loot', from 3 players); the
    tricks and rounds played both ways are not worked out for it (the page's script
    fetches them from /api/diff)."""

    made: list[tuple[str, str]] = []

    def counted(a: Any, b: Any) -> str:
        made.append((a.id, b.id))
        return "{}"

    monkeypatch.setattr(comparing, "diff_json", counted)
    page = client.get("/diff", params={"a": "skullking-2021", "b": "skullking-2024"})
    assert page.status_code == 200 and made == []
    assert "<pre" not in page.text and 'id="diff-played"' in page.text
    row = re.search(
        r'<li class="diff-row">\s*<p class="diff-what">([^<]*)</p>\s*<p class="meta"><code>deck\.cards\[loot\]'
        r"\.module</code></p>\s*<dl class=\"diff-sides\">\s*<dt>A</dt><dd>(.*?)</dd>\s*<dt>B</dt><dd>(.*?)</dd>",
        page.text,
        re.S,
    )
    assert row is not None
    assert row[1] == "The module the card belongs to (default &#39;base&#39;)."
    assert (row[2].strip(), row[3].strip()) == ("advanced", "loot")
    minimum = re.search(
        r"<code>modules\[loot\]\.min_players</code></p>\s*<dl[^>]*>\s*<dt>A</dt><dd>(.*?)</dd>\s*<dt>B</dt><dd>(.*?)</dd>",
        page.text,
        re.S,
    )
    assert minimum is not None and "not in this edition" in minimum[1] and minimum[2].strip() == "3"


def _made_reports(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The pairs whose compare report is made from now on, each made as a short JSON
    text that names its pair and how many were made before it (so that a report read
    back tells itself from one made again)."""

    made: list[tuple[str, str]] = []

    def made_now(a: Any, b: Any) -> str:
        made.append((a.id, b.id))
        return json.dumps({"a": a.id, "b": b.id, "made": f"made {len(made)}"})

    monkeypatch.setattr(comparing, "diff_json", made_now)
    return made


def test_a_diff_report_is_kept_in_the_database_for_the_next_start(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compare page's report is kept in the pad's database: the pad started again on
    it shows the same report without making it again. A kept report changed in the file
    (edited, damaged) is not shown but made again and kept in its place, and a report that
    other code (another version of the pad or the engine) made is never read back."""

    made = _made_reports(monkeypatch)
    query = {"a": "skullking-2021", "b": "skullking-2024"}
    first = TestClient(create_app(db)).get("/api/diff", params=query)
    assert first.status_code == 200 and "made 1" in first.text
    again = TestClient(create_app(db)).get("/api/diff", params=query)
    assert again.text == first.text and len(made) == 1
    import sqlite3

    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE reports SET text = replace(text, 'made 1', 'made 9')")
    repaired = TestClient(create_app(db)).get("/api/diff", params=query)
    assert "made 2" in repaired.text and "made 9" not in repaired.text and len(made) == 2
    assert "made 2" in TestClient(create_app(db)).get("/api/diff", params=query).text and len(made) == 2
    monkeypatch.setattr(comparing, "code_fingerprint", lambda: "other code")
    assert "made 3" in TestClient(create_app(db)).get("/api/diff", params=query).text


def test_the_pad_works_diff_reports_out_ahead_while_no_request_comes(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the pad has had no request for a while, it works out the compare report of
    every ordered pair of bundled editions ahead, one at a time (a first page of a pair
    then answers at once); while a request is being answered it makes none. Started
    again, it reads them all back from its database, busy or not, and makes none."""
    import itertools
    import time

    from skullking.tools.pad.app import Pad
    from skullking.tools.pad.games import Editions
    from skullking.tools.pad.store import Store

    made = _made_reports(monkeypatch)
    pairs = list(itertools.permutations([e["id"] for e in Editions().bundled()], 2))
    pad = Pad(Store(db))
    pad.activity.busy = 1
    stop = threading.Event()

    def here(a: Any, b: Any) -> str:  # (made in this process: no worker)
        return comparing.diff_json(a, b)

    worker = threading.Thread(target=pad.warm, args=(stop, 0.01), kwargs={"make": here})
    worker.start()
    try:
        time.sleep(0.5)
        assert made == []
        pad.activity.busy = 0
        worker.join(120)
    finally:
        stop.set()
        worker.join()
    assert made == pairs and len(pairs) == 30
    assert json.loads(pad.reports.report("bga", "legendary-2018")) == {
        "a": "bga",
        "b": "legendary-2018",
        "made": "made 1",
    }
    restarted = Pad(Store(db))
    restarted.activity.busy = 1
    restarted.warm(threading.Event(), 3600, make=here)
    assert (
        len(made) == 30
        and json.loads(restarted.reports.report("skullking-original", "skullking-2024"))["made"] == "made 30"
    )


def test_reports_worked_out_ahead_are_made_in_a_worker_process_as_the_page_makes_them(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reports worked out ahead are made in a worker process (the pad's own thread
    only waits, so that its answers meanwhile do not wait for the comparison): the same
    text as the page makes, kept for the next start; a worker that read other edition
    files than the pad's (changed since the pad loaded them) has its report dropped."""
    from skullking.tools.pad.app import Pad
    from skullking.tools.pad.store import Store

    pair = ("skullking-2024", "skullking-2021")
    pad = Pad(Store(db))
    first, second = pad.editions.get(pair[0]), pad.editions.get(pair[1])
    page = comparing.diff_json(first, second)
    monkeypatch.setattr(comparing, "diff_json", lambda a, b: "made in the pad's own process")
    pad.warm(threading.Event(), 0, pairs=[pair])
    assert pad.reports.report(*pair) == page  # (the worker imports the real one)
    assert Store(db).report(pad.reports.key(first, second)) == page
    other = Pad(Store(db))
    monkeypatch.setattr(warming, "edition_digest", lambda edition: f"{edition.id} as changed")
    other.warm(threading.Event(), 0, pairs=[("bga", "legendary-2018")])
    assert other.reports.report("bga", "legendary-2018") == "made in the pad's own process"


def test_serve_starts_working_the_diff_reports_out_and_stops_with_the_pad(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The application ``skullking serve`` runs (``warm``) works the reports out from its
    start, and stops doing so when it stops, even while it waits for a quiet moment; by
    default an application makes a report only when its page is asked for."""
    import time

    made = _made_reports(monkeypatch)
    monkeypatch.setattr(warming, "IDLE_SECONDS", 0.01)
    warm = pad_app.Pad.warm  # (made in this process: no worker)
    monkeypatch.setattr(pad_app.Pad, "warm", lambda pad, stop: warm(pad, stop, make=comparing.diff_json))
    with TestClient(create_app(db)) as client:
        time.sleep(0.5)
        assert made == [] and client.get("/api/editions").status_code == 200
    with TestClient(create_app(db, warm=True)):
        deadline = time.monotonic() + 120
        while len(made) < 30 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert len(made) == 30
    monkeypatch.setattr(warming, "IDLE_SECONDS", 3600)
    with TestClient(create_app(tmp_path / "other.db", warm=True)):
        time.sleep(0.5)
        (worker,) = [t for t in threading.enumerate() if t.name == "compare reports"]
    worker.join(60)
    assert not worker.is_alive() and len(made) == 30


# --------------------------------------------------------------------------- whole games and restarts


def test_a_whole_simulated_game(client: TestClient, simulated: dict[str, Any], tmp_path: Path) -> None:
    """A complete 10-round game (`skullking simulate --seed 2`, every
    trick, wagers and bid changes), entered round by round, ends with complete true, no
    missing round, and the totals and winners of the simulation and of `skullking score`
    of both the simulated and the exported sheet."""
    sheet = simulated["sheet"]
    assert len(sheet["rounds"]) == 10
    assert any("wagers" in r for r in sheet["rounds"])
    game = new_game(
        client, sheet["players"], edition=sheet["edition"], scoring=sheet["scoring"], schedule=sheet["schedule"]
    )
    for number, data in enumerate(sheet["rounds"], 1):
        answer = put(client, game, number, data, version=number)
        assert answer.status_code == 200, answer.text
        assert answer.json()["complete"] is (number == 10)
    record = answer.json()
    assert record["missing_rounds"] == []
    assert record["totals"] == simulated["totals"]
    assert record["winners"] == simulated["winners"]
    (tmp_path / "simulated.json").write_text(json.dumps(sheet), encoding="utf-8")
    assert score_sheet_file(tmp_path / "simulated.json") == score_part(record)
    assert score_sheet_file(exported(client, game, tmp_path / "export")) == score_part(record)
    assert game_of(client, game)["sheet"]["rounds"] == sheet["rounds"]


def test_a_tied_game_goes_on_with_the_tied_players(client: TestClient) -> None:
    """Ties as the edition settles them: a 2021 game ending tied for
    first is complete with tie_break extra_round; a round 11 of the tied players is
    entered and decides the winner."""
    game = new_game(client)
    for number in range(1, 11):
        put(client, game, number, rnd(dict.fromkeys(PLAYERS, 0), {"Emma": 0, "Nico": 0, "Pat": number}))
    tied = game_of(client, game)
    assert (tied["complete"], tied["winners"], tied.get("tie_break")) == (True, ["Emma", "Nico"], "extra_round")
    extra = {"players": ["Emma", "Nico"], "cards": 10, "bids": {"Emma": 3, "Nico": 2}, "won": {"Emma": 3, "Nico": 7}}
    answer = put(client, game, 11, extra)
    assert answer.status_code == 200, answer.text
    assert answer.json()["winners"] == ["Emma"]
    assert "tie_break" not in answer.json()


def test_a_restarted_server_sees_every_round(client: TestClient, db: Path) -> None:
    """A second app on the same database file (a server restart) sees
    every game and round, at the same version."""
    game = new_game(client)
    other = new_game(client, rules=RICH_MADE)
    for number, data in enumerate([ROUND_1, ROUND_2], 1):
        put(client, game, number, data)
        put(client, other, number, data)
    before = [game_of(client, g) for g in (game, other)]
    listed = client.get("/api/games").json()
    restarted = TestClient(create_app(db))
    assert [game_of(restarted, g) for g in (game, other)] == before
    assert restarted.get("/api/games").json() == listed
    assert restarted.get(f"/api/games/{other}/rules.yaml").text == RICH_MADE
    third = rnd(dict.fromkeys(PLAYERS, 1), dict.fromkeys(PLAYERS, 1))
    assert put(restarted, game, 3, third, version=before[0]["version"] - 1).status_code == 409
    assert put(restarted, game, 3, third, version=before[0]["version"]).status_code == 200
    assert game_of(TestClient(create_app(db)), game)["sheet"]["rounds"] == [ROUND_1, ROUND_2, third]


# --------------------------------------------------------------------------- limits and refusals


def test_a_full_disk_leaves_no_temporary_file(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills while the pad keeps an edition's compiled form for the next
    start (the cache): the games are still made and scored (the cache only saves time),
    and no half-written `.tmp` file stays in the cache folder."""
    import errno
    import os

    cache = tmp_path / "cache"
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(cache))
    opened = os.fdopen
    refused: list[int] = []

    def full_disk(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = opened(fd, mode, *args, **kwargs)
        if "w" in mode:  # (a file being written: the disk is full)

            def write(text: str) -> int:
                refused.append(fd)
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr(handle, "write", write)
        return handle

    monkeypatch.setattr(os, "fdopen", full_disk)
    client = TestClient(create_app(db))
    games: list[dict[str, Any]] = [{"edition": "skullking-2021"}, {"edition": "bga"}, {"rules": RICH_MADE}]
    for choices in games:
        game = new_game(client, **choices)
        assert put(client, game, 1, ROUND_1).status_code == 200
    assert refused, "the cache wrote nothing: the test would prove nothing"
    assert cache.is_dir()
    assert [p.name for p in cache.rglob("*") if p.suffix == ".tmp" or p.name.startswith("tmp")] == []


def _writes(client: TestClient, game: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every kind of write: method, path and a body that would be accepted."""
    yield "POST", "/api/games", {"players": PLAYERS}
    yield "PUT", f"/api/games/{game}/rounds/2", ROUND_2
    yield "DELETE", f"/api/games/{game}/rounds/2", {}
    yield "POST", "/api/games/import", {"players": PLAYERS, "rounds": [ROUND_1]}
    yield "POST", "/api/rules", {"rules": RICH_MADE}
    yield "DELETE", f"/api/games/{game}", {}


def test_a_body_over_a_megabyte_is_refused(client: TestClient) -> None:
    """A request body over 1,000,000 bytes -> 413, whether its length
    is declared or it comes in chunks; nothing stored; exactly 1,000,000 bytes is read."""
    game = new_game(client)
    big = b'{"players": ["Emma", "Nico", "Pat"], "rules": "' + b"#" * 1_000_000 + b'"}'
    json_type = {"content-type": "application/json"}
    assert client.post("/api/games", content=big, headers=json_type).status_code == 413
    assert client.put(f"/api/games/{game}/rounds/1", content=big, headers=json_type).status_code == 413
    yaml_type = {"content-type": "application/yaml"}
    assert client.post("/api/games/import", content=b"#" * 1_000_001, headers=yaml_type).status_code == 413

    def chunks() -> Iterator[bytes]:
        for _ in range(11):
            yield b" " * 100_000

    chunked = client.post("/api/games/import", content=chunks(), headers=yaml_type)
    assert chunked.status_code == 413
    assert chunked.json()["error"] == "the request is larger than 1,000,000 bytes"
    assert [g["id"] for g in client.get("/api/games").json()] == [game]
    exact = b'{"players": ["Emma", "Nico", "Pat"]}'
    exact += b" " * (1_000_000 - len(exact))
    assert client.post("/api/games", content=exact, headers=json_type).status_code == 201


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_another_content_type_is_refused(client: TestClient, kind: str | None) -> None:
    """POST and PUT with another content type than JSON (or YAML for
    an import) -> 415 (what a cross-site form can send), nothing stored."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    before = game_of(client, game)
    headers = {} if kind is None else {"content-type": kind}
    for method, path, body in _writes(client, game):
        if method == "DELETE":
            continue
        answer = client.request(method, path, content=json.dumps(body).encode(), headers=headers)
        assert answer.status_code == 415, (method, path)
        assert "send application/json" in answer.json()["error"]
    assert game_of(client, game) == before
    assert len(client.get("/api/games").json()) == 1
    form = client.post("/api/games", data={"players": "Emma"})
    assert form.status_code == 415


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"origin": "http://testserver", "sec-fetch-site": "cross-site"},
    ],
    ids=["origin", "cross-site", "same-site", "null-origin", "lookalike", "fetch-site-wins"],
)
def test_a_write_from_another_site_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    """A write (create, round, undo, import, rule check, delete) with
    `Origin: http://evil.example` or `Sec-Fetch-Site: cross-site` -> 403 and nothing
    stored; reads from another site are answered."""
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    before = game_of(client, game)
    for method, path, body in _writes(client, game):
        answer = client.request(method, path, json=body or None, headers=headers)
        assert answer.status_code == 403, (method, path)
        assert answer.json()["error"].startswith("refused: a change sent from")
    assert game_of(client, game) == before
    assert len(client.get("/api/games").json()) == 1
    assert client.get(f"/api/games/{game}", headers=headers).status_code == 200


def test_a_write_from_the_same_origin_is_accepted(client: TestClient) -> None:
    """The pad's own pages send `Origin: http://testserver` and
    `Sec-Fetch-Site: same-origin`: every write is accepted."""
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    game = new_game(client)
    put(client, game, 1, ROUND_1)
    for method, path, body in _writes(client, game):
        answer = client.request(method, path, json=body or None, headers=own)
        assert answer.status_code in (200, 201, 204), (method, path, answer.text)
    assert (
        client.post("/api/games", json={"players": PLAYERS}, headers={"origin": "http://testserver"}).status_code == 201
    )
    assert client.post("/api/games", json={"players": PLAYERS}, headers={"sec-fetch-site": "none"}).status_code == 201


def test_a_loopback_server_answers_only_loopback_names(db: Path) -> None:
    """A server on 127.0.0.1 answers only the loopback names (a page
    of another site cannot reach it under a name of its own)."""
    app = create_app(db, hosts=Hosts(reachable_names("127.0.0.1", ["127.0.0.1"])))
    assert TestClient(app, base_url="http://127.0.0.1").get("/api/editions").status_code == 200
    assert TestClient(app, base_url="http://localhost").get("/api/editions").status_code == 200
    assert TestClient(app, base_url="http://[::1]").get("/api/editions").status_code == 200
    assert TestClient(app, base_url="http://evil.example").get("/api/editions").status_code == 400


def _asked(app: Any, arrived_on: str, host: str) -> tuple[TestClient, dict[str, str]]:
    """A client whose connections arrive on the address ``arrived_on`` (the server's end
    of the connection) and the headers of a page of ``host``: its Host and Origin."""
    shown = f"[{arrived_on}]" if ":" in arrived_on else arrived_on
    client = TestClient(app, base_url=f"http://{shown}:8000")
    return client, {"host": f"{host}:8000", "origin": f"http://{host}:8000", "sec-fetch-site": "same-origin"}


def _answers_as(app: Any, arrived_on: str, host: str) -> bool:
    """Whether the pad answers a page of ``host`` (a read and a write), or refuses both
    with 400 and stores nothing; raise on anything else."""
    client, headers = _asked(app, arrived_on, host)
    before = len(TestClient(app).get("/api/games").json())
    read = client.get("/api/games", headers=headers)
    write = client.post("/api/games", json={"players": PLAYERS}, headers=headers)
    if read.status_code == 400:
        assert write.status_code == 400, write.text
        assert read.json()["error"].startswith("refused: this score pad is not served as")
        assert f"--allow-host {host}" in read.json()["error"]
        assert len(TestClient(app).get("/api/games").json()) == before
        return False
    assert (read.status_code, write.status_code) == (200, 201), (read.text, write.text)
    return True


@pytest.mark.parametrize("bind", ["0.0.0.0", "::", "127.0.0.2"])
def test_a_rebound_name_is_refused_whatever_the_host(db: Path, bind: str) -> None:
    """DNS rebinding: a page of evil.example that points its name at the pad sends
    `Host: evil.example` (and an Origin that matches it). Refused (400, nothing read or
    stored) whatever --host says; the address a connection arrived on, the loopback names
    (for a server that listens there), the machine's host name (for one that listens on
    every address) and --allow-host names are answered."""
    app = create_app(db, hosts=Hosts(reachable_names(bind, [bind], ["pad.example.org", "[2001:db8::7]"])))
    everywhere = bind in ("0.0.0.0", "::")
    arrived_on = "192.0.2.10" if bind == "0.0.0.0" else "2001:db8::10" if bind == "::" else bind
    assert not _answers_as(app, arrived_on, "evil.example")
    assert not _answers_as(app, arrived_on, "evil.example.")
    assert not _answers_as(app, arrived_on, "pad.example.org.evil.example")
    assert not _answers_as(app, arrived_on, "198.51.100.1")  # an address the connection did not arrive on
    shown = f"[{arrived_on}]" if ":" in arrived_on else arrived_on
    assert _answers_as(app, arrived_on, shown)
    assert _answers_as(app, arrived_on, "pad.example.org")
    assert _answers_as(app, arrived_on, "PAD.example.org.")
    assert _answers_as(app, arrived_on, "[2001:db8::7]")
    assert _answers_as(app, "127.0.0.1", "localhost")
    assert _answers_as(app, "::1", "[::1]")
    machine = socket.gethostname().lower()
    if everywhere and machine != "localhost":
        assert _answers_as(app, arrived_on, machine)
        assert _answers_as(app, arrived_on, machine.split(".")[0] + ".local")


def test_a_numeric_host_answers_its_address_not_any_name(db: Path) -> None:
    """`--host 2130706433` is 127.0.0.1 spelled as a number: the server listens there
    and answers 127.0.0.1 and localhost (a browser writes the address as 127.0.0.1),
    not another site's name."""
    sockets = listen("2130706433", 0, backlog=1)
    try:
        bound = [str(sock.getsockname()[0]) for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()
    assert bound == ["127.0.0.1"]
    app = create_app(db, hosts=Hosts(reachable_names("2130706433", bound)))
    assert not _answers_as(app, "127.0.0.1", "evil.example")
    assert _answers_as(app, "127.0.0.1", "127.0.0.1")
    assert _answers_as(app, "127.0.0.1", "localhost")


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """Pages, API answers (also errors), static files and unknown
    paths carry a Content-Security-Policy loading nothing from outside (no inline
    script), nosniff and no framing."""
    game = new_game(client)
    answers = [
        client.get("/"),
        client.get(f"/games/{game}"),
        client.get("/games/nope"),
        client.get("/api/games"),
        client.get(f"/api/games/{game}"),
        client.get(f"/api/games/{game}/sheet.yaml"),
        client.get("/api/games/nope"),
        client.get("/static/pad.js"),
        client.get("/nope"),
        put(client, game, 3, ROUND_1),
        client.post("/api/games", json={"players": ["Emma"]}),
    ]
    for answer in answers:
        policy = answer.headers[CSP]
        assert "default-src 'self'" in policy
        assert "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"


# --------------------------------------------------------------------------- names as text


def test_a_name_is_shown_as_text(client: TestClient) -> None:
    """A player named `<script>alert(1)</script>` is stored as given
    and shown escaped in the pages GET / and GET /games/{id} (its title holds the names;
    the page's script writes the rest as text); the raw tag never appears."""
    name = "<script>alert(1)</script>"
    game = new_game(client, [name, "Nico", "Pat"])
    assert game_of(client, game)["players"] == [name, "Nico", "Pat"]
    assert client.get("/api/games").json()[0]["players"][0] == name
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    for path in ("/", f"/games/{game}"):
        page = client.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "<script>alert" not in page.text
        assert escaped in page.text
    missing = client.get("/games/<script>alert(1)</script>")
    assert missing.status_code == 404
    assert "<script>alert" not in missing.text


def test_a_house_rules_title_and_description_are_shown_as_text(client: TestClient) -> None:
    """A house rule's title and description are its author's text: on the edition page a
    Markdown image or raw HTML in them is shown as the text typed (no `<img>` that loads
    from another site and tells it the page was read, no tag); the pad's own Markdown
    (the headings, the lists) is still rendered."""
    image = "![seen](http://evil.example/pixel.png)"
    rules = (
        f"id: club\nextends: skullking-2021\ntitle: 'Club {image}'\n"
        f"description: 'Ours <img src=\"http://evil.example/a.png\"> <script>alert(1)</script> {image}'\n"
    )
    game = new_game(client, rules=rules)
    page = client.get(f"/games/{game}/edition")
    assert page.status_code == 200, page.text
    assert "<img" not in page.text
    assert "<script>alert" not in page.text
    assert 'src="http://evil.example' not in page.text
    assert "![seen](http://evil.example/pixel.png)" in page.text
    assert "&lt;img src=&quot;http://evil.example/a.png&quot;&gt;" in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert "<h1>Club ![seen](http://evil.example/pixel.png)</h1>" in page.text
    assert "<li>" in page.text


def test_a_house_rules_links_to_other_sites_are_shown_as_text_with_their_address(client: TestClient) -> None:
    """A link in a house rule's description leads nowhere from the edition page when it
    leaves the pad: its words are shown, then its address in brackets (a link's words can
    name one site and lead to another), an address written as its own words once; a link
    to a page of the pad or a place in the page stays a link."""
    description = (
        "See [the club's page](https://bank.example/login), <https://club.example/rules>,"
        " [mail us](mailto:club@club.example), [odd](//evil.example/x),"
        " [the games](/) and [the scoring](#scoring)."
    )
    rules = f"id: club\nextends: skullking-2021\ndescription: {json.dumps(description)}\n"
    game = new_game(client, rules=rules)
    page = client.get(f"/games/{game}/edition").text
    rules_part = page.split('<article class="rules">')[1].split("</article>")[0]
    said = (
        "See the club's page (https://bank.example/login), https://club.example/rules,"
        " mail us (mailto:club@club.example), odd (//evil.example/x),"
        ' <a href="/">the games</a> and <a href="#scoring">the scoring</a>.'
    )
    assert said in rules_part
    assert re.findall(r'<a href="([^"]*)"', rules_part) == ["/", "#scoring"]


# --------------------------------------------------------------------------- bugs found by these tests, fixed


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/games", '{"players": ["Emma", "Nico", "Pat"], "title": "\\ud800"}'),
        ("POST", "/api/games", '{"players": ["Emma", "Nico", "Pat"], "edition": "\\ud800"}'),
        ("POST", "/api/games", '{"players": ["Emma", "Nico", "Pat"], "schedule": "\\ud800"}'),
        ("PUT", "/api/games/{game}/rounds/1", '{"bids": {"\\ud800": 1}, "won": {}}'),
        ("POST", "/api/games/import", '{"players": ["Emma", "Nico", "Pat"], "edition": "\\ud800"}'),
    ],
    ids=["title", "edition", "schedule", "round", "import"],
)
def test_a_lone_surrogate_is_a_bad_request(lenient: TestClient, method: str, path: str, body: str) -> None:
    """Malformed input is answered 400, never a server error."""
    game = new_game(lenient)
    answer = lenient.request(
        method, path.format(game=game), content=body.encode(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400


def test_a_sheet_that_is_not_utf8_is_not_imported(client: TestClient, tmp_path: Path) -> None:
    """Import takes the sheets `skullking score` reads; a Latin-1 sheet
    is refused by score ("not UTF-8 text"), so the pad must not store it with a changed name."""
    sheet = "players: [Ann, Béa, Cy]\nrounds: []\n".encode("latin-1")
    (tmp_path / "sheet.yaml").write_bytes(sheet)
    code, said = cli("score", str(tmp_path / "sheet.yaml"))
    assert code == 2
    assert "not UTF-8" in said
    answer = client.post("/api/games/import", content=sheet, headers={"content-type": "application/yaml"})
    assert answer.status_code == 400


def test_the_trick_checker_takes_card_names_with_spaces(client: TestClient) -> None:
    """Cards are written as their code or their name (README); the API
    is the `skullking trick --format json` record for the same cards."""
    cards = ["green 7", "skull king", "white whale"]
    answer = trick_api(client, cards, None, None)
    assert answer.status_code == 200
    assert answer.json() == {**trick_cli(cards, None, None, None), **PAID_WITH_THE_BID}


def test_a_refused_write_carries_the_security_headers(client: TestClient) -> None:
    """The security headers are on every answer (app.py: SameOrigin
    "add[s] the security headers to every answer"), also the 403 to another site."""
    answer = client.post("/api/games", json={"players": PLAYERS}, headers={"origin": "http://evil.example"})
    assert answer.status_code == 403
    assert CSP in answer.headers
    assert answer.headers.get("x-content-type-options") == "nosniff"


def test_the_trick_checker_of_a_game_says_who_a_destroyed_trick_counts_for(client: TestClient) -> None:
    """A house rule (the Kraken's trick counts for who would have won it,
    examples/house-rules/kraken-trick-counts.yaml): the game's trick checker gives
    ``counts_for`` as a seat of the game's table beside the null winner. Pat (seat 2)
    leads Y10, Emma's KRAKEN, Nico's B2: Nico's black 2 would have won, so the trick
    counts for Nico (seat 1), who leads next, as the 2021 rulebook has it."""
    rules = (Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "kraken-trick-counts.yaml").read_text(
        encoding="utf-8"
    )
    game = new_game(client, rules=rules)
    answer = trick_api(client, ["Y10", "KRAKEN", "B2"], 2, 3, game=game)
    assert answer.status_code == 200, answer.text
    got = answer.json()
    assert (got["winner"], got["counts_for"], got["next_leader"], got["bonus"]) == (None, 1, 1, 0)
    assert got["seats"] == [2, 0, 1]


def test_the_form_counts_only_the_tricks_that_may_count_for_nobody(client: TestClient) -> None:
    """The round form's ``destroying`` is how many tricks a round may lose. Under the
    Kraken house rule (its trick counts for who would have won it, and nobody would have
    where no other card could) both the Kraken and the White Whale may still leave a
    trick to nobody: 2, as under the 2021 rulebook. A house rule that counts both for
    their players loses none: 0, and the last player's tricks won can be filled in."""
    example = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "kraken-trick-counts.yaml"
    kraken = new_game(client, rules=example.read_text(encoding="utf-8"))
    assert client.get(f"/api/games/{kraken}/form").json()["destroying"] == 2
    always = (
        "extends: skullking-2021\nid: always\neffects:\n  list:\n"
        "    kraken: {counts_for: [effect_player]}\n    white-whale: {counts_for: [effect_player]}\n"
    )
    game = new_game(client, rules=always)
    assert client.get(f"/api/games/{game}/form").json()["destroying"] == 0


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_draft_with_a_number_json_has_not_is_refused(client: TestClient, number: str) -> None:
    """A draft holding NaN, Infinity or a number too large for a float (1e400, read as
    infinity) is refused when read (400), so that reading the draft back never fails:
    the game's draft stays empty."""
    game = new_game(client)
    body = '{"round": 1, "data": {"bids": {"Emma": ' + number + "}}}"
    answer = client.put(f"/api/games/{game}/draft", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
    assert client.get(f"/api/games/{game}/draft").json() == {"round": None, "data": None, "stamp": 0}


@pytest.mark.parametrize("digit", ["\u00b2", "\u0663"])
def test_numbers_are_ascii_digits_only(client: TestClient, digit: str) -> None:
    """A superscript two or an Arabic-Indic three is no round number (404), no game
    version in If-Match (400) and no seat (400): never a 500, never read as a number."""
    game = new_game(client)
    assert client.put(f"/api/games/{game}/rounds/{digit}", json=ROUND_1).status_code == 404
    answer = client.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers={b"if-match": f'"{digit}"'.encode()})
    assert answer.status_code == 400
    assert client.get("/api/trick", params={"cards": "Y3", "leader": digit}).status_code == 400
    assert len(game_of(client, game)["rounds"]) == 0
