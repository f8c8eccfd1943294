"""Writes rules/sheet.schema.json, the JSON Schema of score sheets (what `skullking
score` reads), from the sheet keys the scorer knows and the bundled editions.

    python scripts/gen_sheet_schema.py          # write the schema
    python scripts/gen_sheet_schema.py --check  # exit 1 if the file on disk is stale

A sheet that names a bundled edition is checked against that edition's names (its
schemes, schedules, modules, bonus ids and the round keys its abilities add, such as
`wagers`, `harry`, `rosie`, `loads`); any other sheet may use any further round key,
since its edition (a house rule file, or --edition) may define its own. `skullking
score` checks everything in either case. Run this script after changing a bundled
edition's names or the scorer's keys, and commit both: a test checks they agree.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import skullking
from skullking.core.limits import MAX_EXTRA, MAX_HAND, MAX_PLAYERS
from skullking.core.resources import bundled_edition_files
from skullking.edition import Edition
from skullking.model.records import ROUND_KEYS
from skullking.rounds.seating import leader_abilities
from skullking.scoring.sheets.score import SHEET_KEYS

TARGET = Path(__file__).resolve().parent.parent / "rules" / "sheet.schema.json"

PLAYER = {"type": "string", "minLength": 1, "description": "A player's name, as listed in 'players'."}
PLAYERS = {
    "type": "array",
    "items": PLAYER,
    "minItems": 1,
    "maxItems": MAX_PLAYERS,
    "uniqueItems": True,
    "description": "The players' names in seat order.",
}


def per_player(description: str, value: dict[str, Any]) -> dict[str, Any]:
    """A mapping from player name to a value."""
    return {"type": "object", "description": description, "additionalProperties": value}


def whole(description: str, minimum: int | None = None, maximum: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer", "description": description}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out


#: The keys of the sheet itself (the scorer's ``SHEET_KEYS``).
SHEET_PROPERTIES: dict[str, dict[str, Any]] = {
    "edition": {
        "type": "string",
        "description": "The edition: a bundled id (see 'skullking editions') or an edition file, relative to "
        "this sheet (default skullking-2021; 'skullking score --edition' wins).",
    },
    "players": PLAYERS,
    "scoring": {
        "type": "string",
        "description": "The scoring scheme, e.g. 'classic' or 'rascal' (default: the edition's).",
    },
    "schedule": {
        "type": "string",
        "description": "The round schedule, e.g. 'standard' or 'whirlpool-twice' (default: the edition's).",
    },
    "modules": {
        "type": "array",
        "items": {"type": "string", "description": "A module id of the edition."},
        "uniqueItems": True,
        "description": "The modules in play (default: every module used at this player count).",
    },
    "rounds": {"type": "array", "description": "The rounds in order.", "items": {"$ref": "#/definitions/round"}},
}

#: The keys every round may have (the scorer's ``ROUND_KEYS``).
ROUND_PROPERTIES: dict[str, dict[str, Any]] = {
    "cards": whole("Cards dealt to each player this round (default: the schedule's count).", 1, MAX_HAND),
    "bids": per_player("Each player's bid.", whole("The bid.", 0, MAX_HAND)),
    "won": per_player(
        "Tricks won per player (give 'won', or 'tricks' for the whole play).", whole("Tricks won.", 0, MAX_HAND)
    ),
    "bonuses": per_player(
        "The capture bonuses each player earned, by bonus id; repeat an id per capture, and claim a card "
        "that several bonuses pay for under each (the black 14 a Skull King takes: its own bonus and a "
        "house rule's). Only with 'won'.",
        {"type": "array", "items": {"type": "string", "description": "A bonus id."}},
    ),
    "loot": {
        "type": "array",
        "description": "Alliances formed by a Loot card: [Loot player, trick winner] pairs. Only with 'won'.",
        "items": {
            "type": "array",
            "description": "[Loot player, trick winner].",
            "items": PLAYER,
            "minItems": 2,
            "maxItems": 2,
        },
    },
    "extra": per_player("Free points outside the rules, per player.", whole("Points.", -MAX_EXTRA, MAX_EXTRA)),
    "leader": {
        "type": "string",
        "description": "With 'tricks': who leads the first trick (default: as the edition's play.first_leader "
        "says, worked out from the rounds before where it reads them; round n is led by player n-1 in the "
        "bundled editions).",
    },
    "tricks": {
        "type": "array",
        "description": "The whole play: each trick's cards in play order from its leader. The engine "
        "resolves them and works out tricks won, bonuses and alliances.",
        "items": {
            "type": "array",
            "description": "One trick: one card per player (and the ghost's, in two-player games).",
            "items": {"type": "string", "description": "A card, by code or name: 'Y10', 'SK', 'TIG:PIR'."},
        },
    },
    "players": {
        **PLAYERS,
        "description": "Only in a tie-break round after the schedule's last round: the players tied for "
        "first, in seat order.",
    },
    "in_progress": {
        "const": True,
        "description": "Only in the sheet's last round, while it is played: the bids are made, nothing else "
        "is given yet ('won', 'tricks', bonuses, choices), and the round scores nothing.",
    },
}

#: Round keys an edition adds: a per-player choice each (a wager, a bid change, a
#: chosen leader, a cannon load). Bundled editions call them as below.
CHOICE_KEYS: dict[str, dict[str, Any]] = {
    "wagers": per_player("Rascal of Roatan's wager per player (e.g. 0, 10 or 20).", whole("The stake.")),
    "harry": per_player("Harry the Giant's change to a player's bid (-1, 0 or +1).", whole("The change.")),
    "rosie": per_player(
        "With 'tricks': whom the winner with Rosie D'Laney chose to lead the next trick.",
        {"type": "string", "description": "The player chosen to lead."},
    ),
    "loads": per_player(
        "Under a scheme with cannon loads (Rascal's scoring): each player's load, e.g. 'cannonball' "
        "(default: the first load, grapeshot).",
        {"type": "string", "description": "A load's id or name."},
    ),
}

OTHER_CHOICE = per_player(
    "A per-player choice the sheet's edition defines (its 'wagers' or 'bid_changes' sheet_key, or a "
    "'choose_leader' ability's sheet_key); 'skullking score' checks it against the edition.",
    {"type": ["integer", "string"], "description": "The player's choice."},
)


def _round_keys(edition: Edition) -> list[str]:
    """The round keys a sheet of this edition may use."""
    added = [
        *(c.sheet_key for c in (edition.wagers, edition.bid_changes) if c is not None),
        *(chooser.sheet_key for chooser in leader_abilities(edition) if chooser.sheet_key),
        *(["loads"] if any(s.loads for s in edition.schemes) else []),
    ]
    return [*ROUND_KEYS, *added]


def _for_edition(edition: Edition) -> dict[str, Any]:
    """What a sheet naming this bundled edition may say."""
    unknown = [k for k in _round_keys(edition) if k not in ROUND_PROPERTIES and k not in CHOICE_KEYS]
    if unknown:
        raise SystemExit(f"{edition.id}: no description for the sheet round key {unknown[0]!r}: add it to CHOICE_KEYS")
    names = {
        "scoring": [s.id for s in edition.schemes],
        "schedule": [s.id for s in edition.schedules],
    }
    return {
        "if": {"required": ["edition"], "properties": {"edition": {"const": edition.id}}},
        "then": {
            "properties": {
                **{key: {"enum": ids} for key, ids in names.items()},
                "modules": {"items": {"enum": [m.id for m in edition.modules]}},
                "players": {"minItems": edition.min_players, "maxItems": edition.max_players},
                "rounds": {
                    "items": {
                        "propertyNames": {"enum": _round_keys(edition)},
                        "properties": {
                            "bonuses": {"additionalProperties": {"items": {"enum": [b.id for b in edition.bonuses]}}}
                        },
                    }
                },
            }
        },
    }


def document() -> dict[str, Any]:
    for what, keys, described in (
        ("sheet", SHEET_KEYS, SHEET_PROPERTIES),
        ("round", ROUND_KEYS, ROUND_PROPERTIES),
    ):
        if set(keys) != set(described):
            missing = sorted(set(keys) ^ set(described))
            raise SystemExit(f"the scorer's {what} keys and this script's differ: {', '.join(missing)}")
    editions = [skullking.load_edition(ident) for ident in bundled_edition_files()]
    round_schema = {
        "type": "object",
        "description": "One round: the bids, and either the tricks won ('won') or the whole play ('tricks'); "
        "or, while the last round is played, its bids alone ('in_progress').",
        "properties": {**ROUND_PROPERTIES, **CHOICE_KEYS},
        "additionalProperties": OTHER_CHOICE,
        "required": ["bids"],
        "oneOf": [
            {"required": ["won"], "not": {"required": ["in_progress"]}},
            {"required": ["tricks"], "not": {"required": ["in_progress"]}},
            {"required": ["in_progress"], "not": {"anyOf": [{"required": ["won"]}, {"required": ["tricks"]}]}},
        ],
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://skullking-rules.invalid/sheet.schema.json",
        "title": "Skull King score sheet",
        "description": "A game's score sheet, as 'skullking score' reads it (YAML or JSON): the players, then "
        "per round the bids and the tricks won or the whole play. A sheet naming a bundled edition is "
        "checked against that edition's schemes, schedules, modules, bonus ids and round keys.",
        "type": "object",
        "properties": SHEET_PROPERTIES,
        "additionalProperties": False,
        "required": ["players", "rounds"],
        "allOf": [_for_edition(edition) for edition in editions],
        "definitions": {"round": round_schema},
    }


def render() -> str:
    return json.dumps(document(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    if "--check" in sys.argv:
        sys.exit(0 if TARGET.read_text(encoding="utf-8") == render() else 1)
    TARGET.write_text(render(), encoding="utf-8")
