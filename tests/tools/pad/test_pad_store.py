"""The score pad's parts below HTTP: the SQLite store, the round form's names,
the exported sheet, and `skullking serve`'s refusals."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking.tools.cli import main
from skullking.tools.pad.games import Editions, bonus_labels, form, sheet_yaml
from skullking.tools.pad.store import Conflict, NotFound, StaleWrite, Store

ROUND = {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}


def _accept(game: Any, rounds: list[dict[str, Any]]) -> None:
    """A check that lets every round in."""


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "pad.sqlite3")


def test_the_database_is_in_wal_mode(store: Store) -> None:
    """SQLite in WAL mode (readers do not wait for a writer)."""
    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_rounds_are_entered_in_turn_and_replaced_in_place(store: Store) -> None:
    """A round is the next one or replaces one entered; a gap is refused."""
    ident = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo"])
    assert store.put_round(ident, 1, ROUND, seen=None, check=_accept) == 2
    with pytest.raises(Conflict, match="the next is round 2"):
        store.put_round(ident, 3, ROUND, seen=None, check=_accept)
    changed = {"bids": {"Ann": 0, "Bo": 1}, "won": {"Ann": 0, "Bo": 1}}
    store.put_round(ident, 1, changed, seen=2, check=_accept)
    assert store.game(ident).rounds == [changed]


def test_a_stale_version_is_refused_and_nothing_is_stored(store: Store) -> None:
    """Two tabs never overwrite each other: the second writer, who
    read version 1, is refused once the first has written."""
    ident = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo"])
    store.put_round(ident, 1, ROUND, seen=1, check=_accept)
    with pytest.raises(StaleWrite, match="reload"):
        store.put_round(ident, 1, {"bids": {}, "won": {}}, seen=1, check=_accept)
    game = store.game(ident)
    assert game.rounds == [ROUND]
    assert game.version == 2


def test_a_refused_check_stores_nothing(store: Store) -> None:
    """A bad round is not stored (the check runs inside the transaction)."""
    ident = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo"])

    def refuse(game: Any, rounds: list[dict[str, Any]]) -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        store.put_round(ident, 1, ROUND, seen=None, check=refuse)
    assert store.game(ident).rounds == []
    assert store.game(ident).version == 1


def test_undo_removes_only_the_last_round(store: Store) -> None:
    """DELETE removes the last round; another round is refused."""
    ident = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo"], rounds=[ROUND, ROUND])
    with pytest.raises(Conflict, match="only the last round, round 2"):
        store.delete_round(ident, 1, seen=None)
    store.delete_round(ident, 2, seen=None)
    store.delete_round(ident, 1, seen=None)
    with pytest.raises(Conflict, match="no round"):
        store.delete_round(ident, 1, seen=None)
    with pytest.raises(NotFound):
        store.game("nope")


def test_games_list_newest_change_first(store: Store) -> None:
    """GET /api/games lists the games newest first."""
    old = store.create(edition="skullking-2021", title="old", players=["Ann", "Bo"])
    new = store.create(edition="bga", title="new", players=["Ann", "Bo"])
    assert [g["id"] for g in store.games()] == [new, old]
    store.put_round(old, 1, ROUND, seen=None, check=_accept)
    assert [g["id"] for g in store.games()] == [old, new]
    assert store.games()[0]["rounds"] == 1


def test_bonuses_are_named_in_each_language() -> None:
    """Bonuses by name in English, German and Japanese, from the
    edition's own card names (skullking-2021's deck names)."""
    labels = {b["id"]: b["names"] for b in bonus_labels(skullking.load_edition("skullking-2021"))}
    assert labels["black-14"] == {"en": "black 14", "de": "schwarz 14", "ja": "黒 14"}
    assert labels["mermaid-by-pirate"]["de"] == "Meerjungfrau (Pirat)"
    assert labels["skull-king-by-mermaid"]["en"] == "skull king (mermaid)"


def test_the_form_follows_the_edition_and_the_modules(store: Store) -> None:
    """Loot, wagers, bid changes and destroyed tricks appear where the
    edition has them (the 2021 edition's advanced cards: Kraken and White Whale destroy;
    the original has none of them)."""
    editions = Editions()
    ident = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo", "Cy"])
    modern = form(editions.get("skullking-2021"), store.game(ident))
    assert (modern["loot"], modern["destroying"], modern["wagers"]["values"]) == (True, 2, [0, 10, 20])
    assert [r["cards"] for r in modern["rounds"]] == list(range(1, 11))
    assert "TIG:PIR" in [c["code"] for c in modern["cards"]]
    base = store.create(edition="skullking-2021", title="t", players=["Ann", "Bo", "Cy"], modules=["base"])
    plain = form(editions.get("skullking-2021"), store.game(base))
    assert (plain["loot"], plain["destroying"]) == (False, 0)
    assert "KRAKEN" not in [c["code"] for c in plain["cards"]]
    old = store.create(edition="skullking-original", title="t", players=["Ann", "Bo", "Cy"])
    original = form(editions.get("skullking-original"), store.game(old))
    assert (original["loot"], original["wagers"], original["bid_change"]) == (False, None, None)


def test_a_house_rule_sheet_names_its_rule_file(store: Store, tmp_path: Path) -> None:
    """The exported sheet of a house-rule game names the rule file to
    save beside it, and `skullking score` reads the pair."""
    rules = "id: club\nextends: skullking-2021\nbidding:\n  max: cards - 1\n"
    ident = store.create(edition="club", title="t", players=["Ann", "Bo"], rules=rules, rounds=[])
    store.put_round(ident, 1, {"bids": {"Ann": 0, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}, seen=None, check=_accept)
    (tmp_path / "club.yaml").write_text(rules, encoding="utf-8")
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_yaml(store.game(ident)), encoding="utf-8")
    assert "edition: club.yaml" in sheet.read_text(encoding="utf-8")
    out = io.StringIO()
    assert main(["score", str(sheet)], out=out, err=io.StringIO()) == 0
    assert "Winner so far: Bo" in out.getvalue()


def test_a_pasted_house_rule_never_reads_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`extends` in a pasted rule names only bundled editions; a file
    beside the server's working directory is not read (the answer does not depend on it)."""
    from skullking.tools.pad.games import RulesError

    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.yaml").write_text("id: base\ntitle: x\n", encoding="utf-8")
    answers = []
    for name in ("base.yaml", "missing.yaml", "/etc/passwd", "../base.yaml"):
        with pytest.raises(RulesError) as caught:
            Editions().get("", f"id: club\nextends: {name}\n")
        answers.append(caught.value.record())
    assert {(a["line"], a["column"]) for a in answers} == {(2, 10)}
    assert all("only a bundled edition can be extended here" in a["error"] for a in answers)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "70000"], "--port 70000: a port is 0 to 65535"),
        (["serve", "--db", "."], "--db .: a folder, not a database file"),
    ],
)
def test_serve_refuses_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`skullking serve`'s bad options are one line, exit 2."""
    err = io.StringIO()
    assert main(argv, out=io.StringIO(), err=err) == 2
    assert message in err.getvalue()


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    """--db naming a file that is not SQLite is one line, exit 2."""
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database " * 100, encoding="utf-8")
    err = io.StringIO()
    assert main(["serve", "--db", str(junk)], out=io.StringIO(), err=err) == 2
    assert "cannot open the database" in err.getvalue()


def test_a_player_cannot_take_the_ghost_hands_name(tmp_path: Path) -> None:
    """With the 2021 rulebook's two-player variant: in a game where
    Graybeard plays the extra hand, no player may be called Graybeard (the trick checker
    seats him); with three players the name is free."""
    from starlette.testclient import TestClient

    from skullking.tools.pad.app import create_app

    client = TestClient(create_app(tmp_path / "pad.db"))
    two = client.post("/api/games", json={"edition": "skullking-2021", "players": ["graybeard", "Bo"]})
    assert two.status_code == 400
    assert "'Graybeard' plays the extra hand in 2-player games" in two.json()["error"]
    three = client.post("/api/games", json={"edition": "skullking-2021", "players": ["Graybeard", "Bo", "Cy"]})
    assert three.status_code == 201
    form = client.get(f"/api/games/{three.json()['id']}/form").json()
    assert form["ghost"] is None


def test_a_locked_database_is_answered_503_while_still_locked(tmp_path: Path) -> None:
    """Another program holds the database's write lock: changes sent at once (a new game,
    a round) are answered 503 "try again" with Retry-After after the store's wait
    (BUSY_SECONDS), while the lock is still held (it is let go only after three times
    that: a pad that waited longer would have stored them); reads are answered meanwhile;
    once it is let go the change is stored."""
    import threading
    import time

    from starlette.testclient import TestClient

    from skullking.tools.pad.app import create_app
    from skullking.tools.pad.store import BUSY_SECONDS

    db = tmp_path / "pad.db"
    client = TestClient(create_app(db))
    game = client.post("/api/games", json={"players": ["Ann", "Bo"]}).json()["id"]
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    answers: dict[str, Any] = {}

    def send(name: str, method: str, path: str, body: Any) -> None:
        answers[name] = client.request(method, path, json=body)

    writers = [
        threading.Thread(target=send, args=("create", "POST", "/api/games", {"players": ["Cy", "Di"]})),
        threading.Thread(target=send, args=("round", "PUT", f"/api/games/{game}/rounds/1", ROUND)),
    ]
    try:
        for writer in writers:
            writer.start()
        assert client.get(f"/api/games/{game}").status_code == 200
        let_go = time.monotonic() + BUSY_SECONDS * 3
        for writer in writers:
            writer.join(max(let_go - time.monotonic(), 0))
        still_waiting = [writer.is_alive() for writer in writers]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        for writer in writers:
            writer.join()
    assert still_waiting == [False, False]
    for name in ("create", "round"):
        assert answers[name].status_code == 503, answers[name].text
        assert answers[name].headers["retry-after"] == "2"
        assert "database is locked" in answers[name].json()["error"]
    assert len(client.get("/api/games").json()) == 1
    assert client.put(f"/api/games/{game}/rounds/1", json=ROUND).status_code == 200


# ---------------------------------------------------------------------- kept reports


def test_a_kept_report_is_read_back_under_its_key_alone(store: Store) -> None:
    """A text kept under a key comes back under that key, from another store on the same
    file too (the pad started again); another key finds nothing."""
    assert store.keep_report("k1", "code", "A = a: one\nB = b: two\n")
    assert Store(store.path).report("k1") == "A = a: one\nB = b: two\n"
    assert store.report("k2") is None


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("text", "A = a: one\nB = b: three\n"),  # edited by hand: the checksum no longer matches
        ("text", b"A = a: one\n"),  # a value of another type
        ("text", 7),
        ("digest", 0),
        ("text", "A = a: one\nB = b: two"),  # cut short
    ],
)
def test_a_kept_report_changed_in_the_file_is_not_read_back(store: Store, column: str, value: object) -> None:
    """Anything read from the file is input: a report whose text or checksum is not as it
    was kept is not given back (the pad makes it again), and never raises."""
    store.keep_report("k1", "code", "A = a: one\nB = b: two\n")
    with sqlite3.connect(store.path) as db:
        db.execute(f"UPDATE reports SET {column} = ? WHERE key = 'k1'", (value,))
    assert store.report("k1") is None


def test_a_kept_report_that_is_not_utf8_is_not_read_back(store: Store) -> None:
    """A text whose bytes in the file are not UTF-8 (a damaged page) reads as none kept."""
    store.keep_report("k1", "code", "A = a: one\n")
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE reports SET text = CAST(x'ff41' AS TEXT) WHERE key = 'k1'")
    assert store.report("k1") is None


def test_reports_of_other_code_and_past_the_limit_go(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping a report drops the ones other code made (never read again: their keys name
    that code) and, past MAX_REPORTS, the oldest."""
    from skullking.tools.pad import store as store_module

    store.keep_report("old", "code-before", "before")
    store.keep_report("k0", "code", "report 0")
    assert (store.report("old"), store.report("k0")) == (None, "report 0")
    monkeypatch.setattr(store_module, "MAX_REPORTS", 3)
    for n in range(1, 5):
        store.keep_report(f"k{n}", "code", f"report {n}")
    assert [store.report(f"k{n}") for n in range(5)] == [None, None, "report 2", "report 3", "report 4"]


def test_a_report_the_database_cannot_take_is_only_not_kept(store: Store) -> None:
    """A text SQLite cannot store (here, not encodable as UTF-8) is not kept, and keeping
    it does not raise: the report is made again the next time."""
    assert not store.keep_report("k1", "code", "A = \udc80\n")
    assert store.report("k1") is None
