"""The score pad shared with the phones at the table (``skullking serve --lan``): on a
pad served beyond this machine a change needs a key (the game's secret, or the pad's),
a phone without one watches; the links that carry the keys and their QR codes; the
secrets as the database keeps them; and what a watching phone asks every few seconds.
"""

from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

pytest.importorskip("segno", reason="the score pad needs the 'web' extra")

import segno
from starlette.testclient import TestClient

from skullking.tools.pad.app import create_app
from skullking.tools.pad.sharing import Sharing, network_addresses
from skullking.tools.pad.store import SECRET_BYTES, WHOLE_PAD, Store

PLAYERS = ["Emma", "Nico", "Pat"]
ROUND_1 = {"bids": {"Emma": 1, "Nico": 0, "Pat": 0}, "won": {"Emma": 1, "Nico": 0, "Pat": 0}}
ROUND_2 = {"bids": {"Emma": 2, "Nico": 0, "Pat": 1}, "won": {"Emma": 1, "Nico": 0, "Pat": 1}}
#: Where the phones reach the pad in these tests (a documentation address).
ADDRESS = "http://192.0.2.20:8000"
PATIENCE = 15.0


def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "pad.db"


@pytest.fixture
def shared(db: Path) -> TestClient:
    """The pad as ``serve --lan`` makes it: changes need a key."""
    return TestClient(create_app(db, sharing=Sharing(shared=True, address=ADDRESS)))


@pytest.fixture
def pad_key(db: Path, shared: TestClient) -> str:
    return Store(db).secret(WHOLE_PAD)


@pytest.fixture
def game(shared: TestClient, pad_key: str) -> str:
    answer = shared.post("/api/games", json={"players": PLAYERS}, headers=bearer(pad_key))
    assert answer.status_code == 201, answer.text
    ident: str = answer.json()["id"]
    return ident


@pytest.fixture
def game_key(db: Path, game: str) -> str:
    return Store(db).secret(game)


def _refused(answer: Any) -> None:
    assert answer.status_code == 403, answer.text
    assert answer.json()["watch_only"] is True
    assert "can only watch" in answer.json()["error"]


# --------------------------------------------------------------------------- who may change what


def test_on_this_machine_only_no_change_needs_a_key(db: Path) -> None:
    """Served on loopback (the default), every change is taken without a key, and the
    pad says it is not shared."""
    client = TestClient(create_app(db))
    answer = client.post("/api/games", json={"players": PLAYERS})
    assert answer.status_code == 201
    ident = answer.json()["id"]
    assert client.put(f"/api/games/{ident}/rounds/1", json=ROUND_1).status_code == 200
    share = client.get(f"/api/games/{ident}/share").json()
    assert share == {"shared": False, "writable": True, "url": None, "watch_url": None, "qr": None, "certificate": None}


def test_a_phone_without_a_key_watches_and_changes_nothing(shared: TestClient, game: str, db: Path) -> None:
    """Without a key every read is answered (the games, a game, its form, sheet, record, rules
    page, a trick, a preview, a house rule checked, statistics) and every change is
    refused with 403 and the reason, leaving the game as it was."""
    for path in (
        "/api/games",
        f"/api/games/{game}",
        f"/api/games/{game}/form",
        f"/api/games/{game}/sheet.yaml",
        f"/api/games/{game}/record.skr",
    ):
        assert shared.get(path).status_code == 200, path
    assert shared.get("/api/stats").status_code == 200
    assert shared.get(f"/games/{game}").status_code == 200
    assert shared.get("/api/trick", params={"cards": "Y10,Y6"}).status_code == 200
    assert shared.post(f"/api/games/{game}/rounds/1/preview", json=ROUND_1).status_code == 200
    assert shared.post("/api/rules", json={"rules": "extends: skullking-2021\nid: x\n"}).status_code == 200

    _refused(shared.post("/api/games", json={"players": PLAYERS}))
    _refused(shared.post("/api/games/import", json={"players": PLAYERS, "rounds": []}))
    _refused(shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1))
    _refused(shared.patch(f"/api/games/{game}", json={"title": "Mine now"}))
    _refused(shared.post(f"/api/games/{game}/rematch", json={}))
    _refused(shared.delete(f"/api/games/{game}"))
    _refused(shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers=bearer("not-the-key")))
    stored = Store(db).game(game)
    assert (stored.rounds, stored.title, stored.version) == ([], "Emma, Nico, Pat", 1)


def test_a_games_key_opens_that_game_only(shared: TestClient, game: str, game_key: str, pad_key: str) -> None:
    """A game's secret enters, undoes and renames its rounds, but starts no game and
    opens no other game; the pad's secret opens every game."""
    other = shared.post("/api/games", json={"players": ["Ann", "Bo"]}, headers=bearer(pad_key)).json()["id"]
    assert shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers=bearer(game_key)).status_code == 200
    assert shared.put(f"/api/games/{game}/rounds/2", json=ROUND_2, headers=bearer(game_key)).status_code == 200
    assert shared.delete(f"/api/games/{game}/rounds/2", headers=bearer(game_key)).status_code == 200
    assert shared.patch(f"/api/games/{game}", json={"title": "Friday"}, headers=bearer(game_key)).status_code == 200
    _refused(shared.post("/api/games", json={"players": PLAYERS}, headers=bearer(game_key)))
    _refused(shared.patch(f"/api/games/{other}", json={"title": "Taken"}, headers=bearer(game_key)))
    assert shared.patch(f"/api/games/{other}", json={"title": "Ours"}, headers=bearer(pad_key)).status_code == 200
    assert shared.get(f"/api/games/{game}").json()["title"] == "Friday"
    assert shared.get(f"/api/games/{other}").json()["title"] == "Ours"


def test_a_rematch_hands_the_new_games_key_to_a_phone_that_held_the_old_ones(
    shared: TestClient, game: str, game_key: str
) -> None:
    """The phone that keeps a game's score starts the rematch with the game's key, and
    is given the new game's key, which opens the new game."""
    answer = shared.post(f"/api/games/{game}/rematch", json={}, headers=bearer(game_key))
    assert answer.status_code == 201
    new, key = answer.json()["id"], answer.json()["key"]
    assert key != game_key
    assert shared.put(f"/api/games/{new}/rounds/1", json=ROUND_1, headers=bearer(key)).status_code == 200
    _refused(shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers=bearer(key)))


# --------------------------------------------------------------------------- links and QR codes


def _qr_text(data_uri: str) -> str:
    """The SVG picture of a ``data:`` address."""
    assert data_uri.startswith("data:image/svg+xml")
    return unquote(data_uri.split(",", 1)[1])


def test_the_share_link_carries_the_key_only_to_a_phone_that_has_it(
    shared: TestClient, game: str, game_key: str, pad_key: str
) -> None:
    """A game's share link is the pad's network address and the game's page; with the
    game's (or the pad's) key it carries the game's key after ``#key=``, without one it
    is the watching link. Its QR code is an SVG picture drawn by segno of that link."""
    watching = shared.get(f"/api/games/{game}/share").json()
    assert watching["shared"] is True and watching["writable"] is False
    assert watching["url"] == watching["watch_url"] == f"{ADDRESS}/games/{game}"
    assert game_key not in str(watching)

    for key in (game_key, pad_key):
        keeper = shared.get(f"/api/games/{game}/share", headers=bearer(key)).json()
        assert keeper["writable"] is True
        assert keeper["url"] == f"{ADDRESS}/games/{game}#key={game_key}"
        picture = _qr_text(keeper["qr"])
        assert picture.startswith("<svg") or picture.startswith("<?xml")
        # the code is the one segno draws of the link (a phone's camera reads segno's codes)
        assert picture == _qr_text(segno.make(keeper["url"], error="m").svg_data_uri(scale=4, border=2))

    whole = shared.get("/api/share", headers=bearer(pad_key)).json()
    assert whole["url"] == f"{ADDRESS}/#key={pad_key}"
    assert shared.get("/api/share", headers=bearer(game_key)).json()["url"] == f"{ADDRESS}/"
    assert shared.get("/api/games/nosuchgame/share").status_code == 404


def test_an_answer_that_holds_a_key_is_kept_by_no_cache(
    shared: TestClient, game: str, game_key: str, pad_key: str
) -> None:
    """The share links with a key and a rematch's answer (the new game's key) are marked
    ``Cache-Control: no-store``, so that neither the browser nor the pad's service worker
    keeps a copy a phone could not forget; the watching link, which holds no key, may be
    kept (a watching phone opens the game offline as it last saw it)."""
    for url, key in ((f"/api/games/{game}/share", game_key), ("/api/share", pad_key)):
        holding = shared.get(url, headers=bearer(key))
        assert "#key=" in holding.json()["url"] and holding.headers["cache-control"] == "no-store", url
        assert "cache-control" not in shared.get(url).headers, url
    rematch = shared.post(f"/api/games/{game}/rematch", json={}, headers=bearer(game_key))
    assert rematch.json()["key"] and rematch.headers["cache-control"] == "no-store"


def test_secrets_are_128_random_bits_kept_across_restarts_and_go_with_their_game(db: Path) -> None:
    """Each game and the pad have their own secret of 128 random bits (22 characters
    of URL-safe base64), the same after the pad starts again; a secret edited into an
    unusable shape is replaced; deleting a game deletes its secret."""
    store = Store(db)
    a = store.create(edition="skullking-2021", title="a", players=PLAYERS)
    b = store.create(edition="skullking-2021", title="b", players=PLAYERS)
    secrets = {store.secret(a), store.secret(b), store.secret(WHOLE_PAD)}
    assert len(secrets) == 3
    assert SECRET_BYTES * 8 >= 128
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", s) for s in secrets)
    again = Store(db)
    assert {again.secret(a), again.secret(b), again.secret(WHOLE_PAD)} == secrets

    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE secrets SET secret = 'x' WHERE owner = ?", (a,))
    replaced = again.secret(a)
    assert replaced not in secrets and re.fullmatch(r"[A-Za-z0-9_-]{22}", replaced)

    again.delete_game(b)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT COUNT(*) FROM secrets WHERE owner = ?", (b,)).fetchone() == (0,)


def test_a_watching_phone_is_told_304_until_the_game_changes(shared: TestClient, game: str, game_key: str) -> None:
    """``If-None-Match`` naming the game's version is answered 304 with no body; once
    a round is saved, the new record (and version)."""
    same = shared.get(f"/api/games/{game}", headers={"if-none-match": '"1"'})
    assert same.status_code == 304 and same.content == b"" and same.headers["etag"] == '"1"'
    # (a weak tag, or one of a list, names it too; another version does not)
    assert shared.get(f"/api/games/{game}", headers={"if-none-match": 'W/"7", W/"1"'}).status_code == 304
    assert shared.get(f"/api/games/{game}", headers={"if-none-match": '"7"'}).status_code == 200
    shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers=bearer(game_key))
    changed = shared.get(f"/api/games/{game}", headers={"if-none-match": '"1"'})
    assert changed.status_code == 200 and changed.json()["version"] == 2
    assert len(changed.json()["rounds"]) == 1


# --------------------------------------------------------------------------- addresses


def test_network_addresses_leave_loopback_out_and_put_private_ipv4_first() -> None:
    """A server bound to named addresses is reached at those that are not loopback,
    private IPv4 addresses first; one bound to every address is reached at the
    machine's own addresses, never at 0.0.0.0 or loopback."""
    assert network_addresses(["127.0.0.1", "::1"]) == []
    assert network_addresses(["2001:db8::5", "203.0.113.7", "192.168.1.20"])[0] == "192.168.1.20"
    for found in network_addresses(["0.0.0.0"]):
        assert found not in ("0.0.0.0", "127.0.0.1")


# --------------------------------------------------------------------------- the command


def _modules(picture: str) -> list[list[bool]]:
    """The QR code drawn by the terminal back into its rows of modules (True: dark).
    Each character holds two rows: full block both light, space both dark, upper half
    block the upper light, lower half block the lower light (light on a dark screen)."""
    halves = {"█": (False, False), " ": (True, True), "▀": (False, True), "▄": (True, False)}
    rows: list[list[bool]] = []
    for line in picture.splitlines():
        pairs = [halves[c] for c in line]
        rows.append([upper for upper, _ in pairs])
        rows.append([lower for _, lower in pairs])
    return rows


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], list[str]]]:
    command = [sys.executable, "-m", "skullking", "serve", "--lan", "--port", "0", "--db", str(tmp_path / "pad.db")]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + PATIENCE
    while not (lines and "#key=" in lines[-1]):
        line = process.stdout.readline().decode()
        assert line and time.monotonic() < deadline, "serve --lan printed no link"
        lines.append(line.rstrip("\n"))
    try:
        yield process, lines
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


def test_serve_lan_prints_the_link_with_the_pads_key_and_its_qr_code(
    lan_server: tuple[subprocess.Popen[bytes], list[str]],
) -> None:
    """`skullking serve --lan` listens beyond this machine and says where, then prints
    the pad's link with its key, as text and as a QR code that holds that link; the key
    is the one a change needs."""
    import http.client

    process, lines = lan_server
    assert lines[0].startswith("Skull King score pad on http://"), lines[0]
    link = lines[-1]
    match = re.fullmatch(r"http://(\S+):(\d+)/#key=([A-Za-z0-9_-]{22})", link)
    assert match, link
    port, key = int(match[2]), match[3]
    start = next(i for i, line in enumerate(lines) if line.startswith("Phones at the table"))
    drawn = _modules("\n".join(lines[start + 1 : -1]))
    expected = [list(row) for row in segno.make(link, error="m").matrix_iter(border=2)]
    assert [[bool(m) for m in row] for row in drawn[: len(expected)]] == [[bool(m) for m in r] for r in expected]

    def post(headers: dict[str, str]) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
        try:
            body = '{"players": ["Ann", "Bo"]}'
            connection.request("POST", "/api/games", body, {"content-type": "application/json", **headers})
            return connection.getresponse().status
        finally:
            connection.close()

    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            assert post({}) == 403
            break
        except ConnectionRefusedError:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert post(bearer(key)) == 201
    assert process.poll() is None


def test_serve_lan_with_a_loopback_host_is_refused_in_one_line(tmp_path: Path) -> None:
    """`--lan` serves the local network: with `--host 127.0.0.1` it says why it cannot, exit 2."""
    command = [sys.executable, "-m", "skullking", "serve", "--lan", "--host", "127.0.0.1", "--port", "0"]
    result = subprocess.run([*command, "--db", str(tmp_path / "pad.db")], capture_output=True, timeout=60, check=False)
    assert result.returncode == 2
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("skullking: error: --lan serves the local network")


# --------------------------------------------------------------------------- the round being typed


def test_the_round_being_typed_is_kept_for_the_other_phones_until_it_is_saved(
    shared: TestClient, game: str, game_key: str, db: Path
) -> None:
    """What one phone types into the round being entered is kept by the pad (a draft,
    not scored) and read by the others, with 304 while it is unchanged; saving the round
    ends it, and so does undoing a round; a draft of another round than the one being
    entered is refused (409), one that is not a round's fields is 400, one from a phone
    without the game's key 403; one the database cannot give back is no draft."""
    typed = {"bids": {"Emma": 1, "Nico": 0}, "won": {}}
    assert shared.get(f"/api/games/{game}/draft").json() == {"round": None, "data": None, "stamp": 0}
    _refused(shared.put(f"/api/games/{game}/draft", json={"round": 1, "data": typed}))
    answer = shared.put(f"/api/games/{game}/draft", json={"round": 1, "data": typed}, headers=bearer(game_key))
    assert answer.status_code == 200
    stamp = answer.json()["stamp"]
    assert shared.get(f"/api/games/{game}/draft").json() == {"round": 1, "data": typed, "stamp": stamp}
    same = shared.get(f"/api/games/{game}/draft", headers={"if-none-match": f'"{stamp}"'})
    assert same.status_code == 304 and same.content == b""
    more = {**typed, "won": {"Emma": 1}}
    later = shared.put(f"/api/games/{game}/draft", json={"round": 1, "data": more}, headers=bearer(game_key))
    assert later.json()["stamp"] > stamp
    assert shared.get(f"/api/games/{game}").json()["version"] == 1  # (a draft is not a change of the game)

    for wrong, status in (({"round": 3, "data": typed}, 409), ({"round": 1, "data": [1]}, 400), ({"round": 1}, 400)):
        assert shared.put(f"/api/games/{game}/draft", json=wrong, headers=bearer(game_key)).status_code == status

    assert shared.put(f"/api/games/{game}/rounds/1", json=ROUND_1, headers=bearer(game_key)).status_code == 200
    assert shared.get(f"/api/games/{game}/draft").json()["round"] is None
    shared.put(f"/api/games/{game}/draft", json={"round": 2, "data": typed}, headers=bearer(game_key))
    assert shared.delete(f"/api/games/{game}/rounds/1", headers=bearer(game_key)).status_code == 200
    assert shared.get(f"/api/games/{game}/draft").json()["round"] is None

    shared.put(f"/api/games/{game}/draft", json={"round": 1, "data": typed}, headers=bearer(game_key))
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE drafts SET data = '{not json' WHERE game = ?", (game,))
    assert shared.get(f"/api/games/{game}/draft").json()["round"] is None


def test_bids_saved_keep_the_round_open_for_its_draft(shared: TestClient, game: str, game_key: str) -> None:
    """With the bids saved (the round in progress), the tricks won typed next are the
    draft of that same round."""
    going = {"bids": ROUND_1["bids"], "in_progress": True}
    assert shared.put(f"/api/games/{game}/rounds/1", json=going, headers=bearer(game_key)).status_code == 200
    typed = {"bids": ROUND_1["bids"], "won": {"Emma": 1}}
    assert (
        shared.put(f"/api/games/{game}/draft", json={"round": 1, "data": typed}, headers=bearer(game_key)).status_code
        == 200
    )
    assert shared.get(f"/api/games/{game}/draft").json()["data"] == typed


def test_a_draft_typed_before_a_save_is_refused_and_never_stands_before_it(
    shared: TestClient, game: str, game_key: str
) -> None:
    """A draft names the game version it was typed on (If-Match): once the bids are
    saved, a draft of the same round typed before the save (a phone sends what is typed
    a moment after the last tap) is refused with 409, and the round as saved is all the
    other phones see; a draft typed on the saved round is kept."""
    typed = {"bids": {"Emma": 1, "Nico": 0}, "won": {}}
    first = shared.put(
        f"/api/games/{game}/draft", json={"round": 1, "data": typed}, headers={**bearer(game_key), "if-match": '"1"'}
    )
    assert first.status_code == 200
    going = {"bids": ROUND_1["bids"], "in_progress": True}
    saved = shared.put(f"/api/games/{game}/rounds/1", json=going, headers={**bearer(game_key), "if-match": '"1"'})
    assert saved.status_code == 200 and saved.json()["version"] == 2
    late = shared.put(
        f"/api/games/{game}/draft", json={"round": 1, "data": typed}, headers={**bearer(game_key), "if-match": '"1"'}
    )
    assert late.status_code == 409
    assert "changed elsewhere" in late.json()["error"]
    assert shared.get(f"/api/games/{game}/draft").json()["round"] is None
    on_top = {"bids": ROUND_1["bids"], "won": {"Emma": 1}}
    kept = shared.put(
        f"/api/games/{game}/draft", json={"round": 1, "data": on_top}, headers={**bearer(game_key), "if-match": '"2"'}
    )
    assert kept.status_code == 200
    assert shared.get(f"/api/games/{game}/draft").json()["data"] == on_top
