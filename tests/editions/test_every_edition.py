"""Every bundled edition and every example overlay validates and is
exercised through the command line (trick, legal, score, explain, diff)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clihelp import run, run_json

import skullking
from skullking.edition import Edition

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "editions").glob("*.yaml")) + sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))


def _codes(edition: Edition, count: int) -> list[str]:
    """``count`` cards of the edition that make a legal trick: its two highest-ranked
    suits' tops and a special card of each role that needs no declaration."""
    specials = [k.code for k in edition.kinds if not k.declarations and k.effect is None]
    numbered = [f"{s.code}{s.ranks[-1]}" for s in edition.suits]
    return (numbered + specials)[:count]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_edition_through_the_command_line(path: Path, tmp_path: Path) -> None:
    """validate (no problem at all), trick (in round 1), legal, score, explain and diff
    (against the 2021 edition, pairs only) all run on the file and say consistent
    things."""
    edition = skullking.load_edition(path)
    assert run("validate", str(path))[0] == 0
    assert run_json("validate", str(path)) == []
    cards = _codes(edition, edition.min_players + 1)
    seats = str(edition.min_players + 1)  # (a deck may have fewer such cards than a table has seats)
    # (a file whose rules change with the round resolves a trick in a round: round 1's)
    rules = edition.at_round(1, edition.min_players + 1)
    trick = run_json("trick", "--edition", str(path), "--players", seats, "--round", "1", *cards)
    assert trick == rules.resolve_trick(cards, players=edition.min_players + 1).as_json()
    legal = run_json("legal", "--edition", str(path), "--hand", ",".join(cards[1:]), cards[0])
    assert legal["legal"] and set(legal["legal"]) <= set(cards[1:])
    players = [f"P{i}" for i in range(edition.min_players + 1)]
    sheet = {
        "players": players,
        "rounds": [{"bids": dict.fromkeys(players, 0), "won": {p: int(i == 0) for i, p in enumerate(players)}}],
    }
    sheet_file = tmp_path / "sheet.json"
    sheet_file.write_text(json.dumps(sheet), encoding="utf-8")
    score = run_json("score", "--edition", str(path), str(sheet_file))
    assert score["totals"] == dict(edition.score_sheet(sheet).totals)
    code, markdown, _ = run("explain", "--edition", str(path))
    assert code == 0 and markdown.startswith(f"# {edition.title}")
    report = run_json("diff", "skullking-2021", str(path), "--depth", "2", "--sample", "20")
    base = skullking.load_edition("skullking-2021")
    shared_tables = edition.min_players <= base.max_players  # (tricks are compared at both's tables)
    assert report["b"] == edition.id and (report["tricks"]["checked"] > 0) == shared_tables
