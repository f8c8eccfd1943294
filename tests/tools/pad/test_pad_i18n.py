"""The score pad in English, German and Japanese: the reader's language (chosen, else
the browser's), the pages and the script's messages from the gettext catalogues, the
language switch, and catalogues that keep up with the messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from repo_scripts import load_script

pytest.importorskip("babel", reason="the score pad needs the 'web' extra")

from starlette.testclient import TestClient

from skullking.tools.pad.app import create_app
from skullking.tools.pad.i18n import LANGUAGES, chosen, script_messages, translations


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "pad.db"))


@pytest.mark.parametrize(
    ("cookie", "accept", "lang"),
    [
        (None, "de-AT,de;q=0.9,en;q=0.8", "de"),
        (None, "fr-FR, ja;q=0.5, de;q=0.3", "ja"),  # the first the pad has, by quality
        (None, "en-GB;q=0.4, ja;q=0.9", "ja"),
        (None, "fr, es", "en"),
        (None, "de;q=0, ja;q=0", "en"),  # (q=0: not wanted)
        (None, None, "en"),
        ("ja", "de", "ja"),  # a language chosen wins over the browser's
        ("xx", "de", "de"),  # (a cookie the pad did not write is not a choice)
    ],
)
def test_the_readers_language_is_the_chosen_one_else_the_browsers(cookie: str | None, accept: str, lang: str) -> None:
    assert chosen(cookie, accept) == lang


def test_the_catalogues_translate_every_message_into_german_and_japanese() -> None:
    """Every message of the templates and the script is in the catalogues of both
    languages, translated, its placeholders kept (what scripts/pad_messages.py --check
    says)."""
    assert load_script("pad_messages").problems() == []


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_a_page_speaks_the_browsers_language(client: TestClient, lang: str) -> None:
    """With ``Accept-Language`` naming German or Japanese, the games page is in that
    language: its ``lang``, its headings and buttons as the catalogue translates them."""
    page = client.get("/", headers={"accept-language": f"{lang};q=0.9"}).text
    assert f'<html lang="{lang}">' in page
    words = translations(lang)
    for message in ("New game", "Start the game", "Import a score sheet", "Compare editions"):
        assert words.gettext(message) != message
        assert words.gettext(message) in page
        assert f">{message}<" not in page
    assert client.get("/").text.count('<html lang="en">') == 1


def test_the_script_gets_its_messages_in_the_page(client: TestClient) -> None:
    """The page carries the script's messages of its language as JSON (a message of the
    templates only is not in it), and none in English."""
    page = client.get("/stats", headers={"accept-language": "ja"}).text
    found = re.search(r'<script type="application/json" id="messages">(.*?)</script>', page, re.S)
    assert found
    messages = json.loads(found[1])
    assert messages == script_messages("ja") and len(messages) > 50
    bid = "Enter {player}'s bid."
    assert messages[bid] == translations("ja").gettext(bid) != bid
    assert "Start the game" not in messages  # (a template's message)
    english = re.search(r'id="messages">(.*?)</script>', client.get("/stats").text, re.S)
    assert english and json.loads(english[1]) == {}


def test_the_language_switch_keeps_the_choice_and_goes_back(client: TestClient) -> None:
    """`/language?to=ja&back=PAGE` keeps Japanese in a cookie and goes back to the page;
    a `back` that leaves the pad goes to the games page instead."""
    answer = client.get("/language", params={"to": "ja", "back": "/stats"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/stats"
    assert "skullking-lang=ja" in answer.headers["set-cookie"]
    page = client.get("/stats", headers={"accept-language": "de"}).text
    assert '<html lang="ja">' in page and translations("ja").gettext("Statistics") in page
    for away in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        answer = client.get("/language", params={"to": "de", "back": away}, follow_redirects=False)
        assert answer.headers["location"] == "/", away
    assert set(LANGUAGES) == {"en", "de", "ja"}


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_a_games_page_links_its_record_beside_its_sheet(client: TestClient, lang: str) -> None:
    """The game page offers the game record to save, beside the score sheet, in the
    reader's language."""
    game = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"]}).json()["id"]
    page = client.get(f"/games/{game}", headers={"accept-language": lang}).text
    words = translations(lang)
    sheet = f'<a href="/api/games/{game}/sheet.yaml" download>{words.gettext("Save the score sheet")}</a>'
    record = f'<a href="/api/games/{game}/record.skr" download>{words.gettext("Save the game record")}</a>'
    assert sheet in page and record in page
    assert page.index(record) - page.index(sheet) < len(sheet) + 10
