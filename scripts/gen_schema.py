"""Writes rules/edition.schema.json. The schema is data; this script only keeps the
JSON readable to maintain (comments, shared pieces). Run it after editing, and commit
both: the test suite checks that the JSON on disk is what this script writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from skullking.core.limits import MAX_COPIES, MAX_HAND, MAX_LITERAL, MAX_PLAYERS, MAX_RANK, MAX_ROUNDS

ID = "^[a-z0-9][a-z0-9_-]*$"
RESERVED_OF = ["trump", "led_suit", "numbered", "any"]


def ident(what: str) -> dict[str, Any]:
    return {
        "type": "string",
        "pattern": ID,
        "description": f"{what} (lower case letters, digits, '-' and '_').",
    }


def expression(what: str) -> dict[str, Any]:
    return {
        "type": ["string", "integer", "boolean"],
        "minimum": -MAX_LITERAL,
        "maximum": MAX_LITERAL,
        "description": (
            f"{what} An expression of the rule language (rules/expr.lark): integers, "
            "+ - * // %, comparisons, and/or/not, 'if C then A else B', abs/min/max, "
            "and the names this place offers."
        ),
    }


def round_value(kind: str, what: str) -> dict[str, Any]:
    """A rule's value that may change with the round: written as is, or as a formula of
    the round's names."""
    out: dict[str, Any] = {
        "type": [kind, "string"],
        "description": (
            f"{what} A formula reads the round's names: 'round', 'cards' (dealt to each player), "
            "'players', 'rounds', 'last_round'."
        ),
    }
    if kind == "integer":
        out.update(minimum=-MAX_LITERAL, maximum=MAX_LITERAL)
    return out


def obj(description: str, properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "description": description,
        "additionalProperties": False,
        "properties": properties,
    }
    if required:
        out["required"] = required
    return out


def array(description: str, items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "description": description, "items": items, **extra}


def sheet_choice(description: str, key: str, values: str) -> dict[str, Any]:
    """A per-player choice score sheets record (a wager, a bid change)."""
    return obj(
        description,
        {
            "sheet_key": {"type": "string", "description": f"The round key of score sheets, e.g. '{key}'."},
            "card": {
                "type": "string",
                "description": "The card (a card or named individual id) a player must have won a trick "
                "with to make the choice; checked when a sheet gives the whole play.",
            },
            "after_last_trick": {
                "type": "boolean",
                "description": "Whether winning the round's last trick with that card still grants the "
                "choice (default true; the 2021 rules let only Harry's bid change be used after the last trick).",
            },
            "module": {
                "type": "string",
                "description": "The module that brings the choice (e.g. an expansion's pirate powers): used only "
                "when that module is in play (default: always).",
            },
            "timing": {
                "enum": ["immediate", "end_of_round"],
                "description": "When the choice is made in play: 'immediate' (right after the trick that "
                "grants it, before the next trick) or 'end_of_round' (after the round's last trick). A round "
                "played through skullking.Round asks for it then; sheets record the result either way "
                "(default immediate, as the 2021 rulebook and the official FAQ say; the French rulebook has it after "
                "the last trick).",
            },
            "values": array(values, {"type": "integer", "minimum": -MAX_LITERAL, "maximum": MAX_LITERAL}, minItems=1),
        },
        ["sheet_key", "values"],
    )


NAMES = {
    "type": "object",
    "description": (
        "Names by which players write this thing, per language code (en, de, ja, ...). "
        "Matching ignores case, and treats '-', '_' and spaces alike."
    ),
    "propertyNames": {"pattern": "^[a-z]{2,3}(-[A-Za-z]{2,4})?$"},
    "additionalProperties": {
        "type": "array",
        "items": {"type": "string", "minLength": 1},
        "description": "The names in that language.",
    },
}

DESCRIPTIONS = {
    "type": "object",
    "description": (
        "The description in other languages, per language code (de, ja, ...): shown to players who read that "
        "language (the score pad's pages), 'description' to the others."
    ),
    "propertyNames": {"pattern": "^[a-z]{2,3}(-[A-Za-z]{2,4})?$"},
    "additionalProperties": {"type": "string", "minLength": 1, "description": "The description in that language."},
}

CODE = {
    "type": "string",
    "pattern": "^[A-Za-z][A-Za-z_-]*$",
    "description": (
        "The short code that writes this card, e.g. 'SK' (letters; no digits, so that suit codes can take a rank)."
    ),
}

PATTERN = obj(
    "A card pattern: a card matches when it satisfies every field given.",
    {
        "roles": array(
            "Roles the card plays in the trick (after declarations and effects).", {"type": "string"}, minItems=1
        ),
        "suits": array("Suit ids of numbered cards.", {"type": "string"}, minItems=1),
        "ranks": array("Ranks of numbered cards.", {"type": "integer", "minimum": 0, "maximum": MAX_RANK}, minItems=1),
        "cards": array(
            "Special card ids, whatever role they play in the trick (e.g. a card that always counts).",
            {"type": "string"},
            minItems=1,
        ),
        "printed_roles": array(
            "Roles the card can take at all (any declaration), whatever it was declared as.",
            {"type": "string"},
            minItems=1,
        ),
        "played": {
            "enum": ["before_winner", "after_winner", "winning_card"],
            "description": "Only cards played before (or after) the winning card, or only the winning card itself "
            "(winning_card: a bonus for winning a trick with a card, e.g. 'captured: {ranks: [1], played: "
            "winning_card}' pays once when a 1 wins).",
        },
    },
)

RULE = obj(
    "One precedence rule: if its condition holds and a card matches 'winner', that card wins.",
    {
        "id": ident("The rule's id, named in results as the reason a trick was won"),
        "description": {"type": "string", "description": "What the rule says, shown to players."},
        "descriptions": DESCRIPTIONS,
        "when": expression(
            "Optional condition on the trick. Names: every role id (how many cards play that role), "
            "'numbered', 'trump' (numbered and trump cards in the trick) and 'cards' (the cards in the "
            "trick); and the round's: 'round', 'players', 'rounds', 'last_round' (e.g. 'round >= 6')."
        ),
        "winner": obj(
            "Which card wins when the rule applies.",
            {
                "pick": {
                    "enum": ["first", "last", "highest", "lowest"],
                    "description": ("first/last in play order, or highest/lowest rank (equal ranks: see 'ties')."),
                },
                "of": {
                    "type": "string",
                    "description": (
                        "Among which cards: a role id, a suit id, or 'trump' (numbered cards of trump suits), "
                        "'led_suit' (numbered cards of the led suit), 'numbered' (all numbered cards, suits "
                        "ignored), 'any' (every card)."
                    ),
                },
                "ties": {
                    "enum": ["first_played", "last_played"],
                    "description": (
                        "For pick highest/lowest: which of several cards of the same rank wins (two 7s of "
                        "different suits under a card that strips suits, or copies of a card, unless "
                        "deck.identical says otherwise). Default first_played."
                    ),
                },
                "identical": {
                    "enum": ["first_played", "last_played"],
                    "description": (
                        "Of identical copies of the card this rule picks (a deck with copies), which wins: "
                        "the one played first or last. Default: the deck's 'identical'."
                    ),
                },
            },
            ["pick", "of"],
        ),
    },
    ["id", "winner"],
)

NEXT_LEADER = array(
    "Who leads the next trick when this trick has no winner: strategies tried in order, the first that "
    "names a seat decides (the trick's leader when none does).",
    {
        "enum": [
            "would_have_won_without_effects",
            "would_have_won_without_card",
            "effect_player",
            "left_of_effect_player",
            "trick_leader",
        ],
        "description": (
            "would_have_won_without_effects: the winner had no trick-altering card been played; "
            "would_have_won_without_card: the winner had only the effect's own card not been played; "
            "effect_player: who played the effect's card; left_of_effect_player: the next seat after them; "
            "trick_leader: who led this trick."
        ),
    },
    minItems=1,
)

COUNTS_FOR = array(
    "destroy_trick, neutralize: who a trick the effect leaves without a winner counts for, as a trick "
    "won in the scoring: strategies tried in order, the first that names a seat decides; 'nobody' (the "
    "default) ends the list: the trick counts for nobody. It never changes who leads next ('next_leader') "
    "or who wins the trick; a trick counted so forms no alliance and grants no ability (those need a "
    "winning card), and pays its capture bonuses only as 'bonuses' says.",
    {
        "enum": [
            "nobody",
            "would_have_won_without_effects",
            "would_have_won_without_card",
            "effect_player",
            "left_of_effect_player",
            "trick_leader",
        ],
        "description": (
            "nobody: the trick counts for nobody; would_have_won_without_effects: for the winner had no "
            "trick-altering card been played; would_have_won_without_card: for the winner had only the "
            "effect's own card not been played; effect_player: for who played the effect's card; "
            "left_of_effect_player: for the next seat after them; trick_leader: for who led this trick."
        ),
    },
    minItems=1,
)

EFFECT = obj(
    "A card effect. 'destroy_trick' and 'neutralize' alter the whole trick (only one takes effect per "
    "trick, see when_several); 'alliance' binds the card's player to the trick's winner.",
    {
        "id": ident("The effect's id, named by cards' 'effect'"),
        "kind": {"enum": ["destroy_trick", "neutralize", "alliance"], "description": "What the effect does."},
        "description": {"type": "string", "description": "What the effect does, shown to players."},
        "descriptions": DESCRIPTIONS,
        "next_leader": NEXT_LEADER,
        "counts_for": COUNTS_FOR,
        "bonuses": {
            "enum": ["paid", "not_paid"],
            "description": (
                "destroy_trick, neutralize, with 'counts_for': whether a trick the effect leaves without a "
                "winner pays its capture bonuses to whoever it counts for, as if the card that player "
                "played had won it ('paid'), or pays none ('not_paid', the default)."
            ),
        },
        "becomes": {
            "type": "string",
            "description": "neutralize (required there, and taken by no other kind): one of the edition's "
            "roles, which every special card plays in the trick (but the effect's own card and the roles in "
            "'spares'), for the effect's precedence and the bonuses that name roles; the suit a card led sets "
            "stays as printed.",
        },
        "spares": array(
            "neutralize: roles whose cards keep them (e.g. escapes that stay escapes).", {"type": "string"}
        ),
        "precedence": array("neutralize: the precedence list that decides the trick instead of the main one.", RULE),
        "cancels_alliances": {
            "type": "boolean",
            "description": "neutralize: whether the effect cancels the alliances of the trick it decides (a "
            "Loot played in a White Whale's trick that has a winner). true: the Loot's player and the winner "
            "do not become allies and earn nothing for it (the Whale 'destroys every special card's effect', "
            "says an English rules guide); false (the default): they become allies as in any other won trick "
            "(a German score keeper's article removes the alliance only for the Kraken).",
        },
        "points": round_value(
            "integer",
            "alliance: points each ally earns (when, see 'pays'): a number, or a formula of the round, e.g. "
            "'10 * cards' or 'if last_round == 1 then 40 else 20'.",
        ),
        "pays": {
            "enum": ["both_made", "own_made", "always"],
            "description": (
                "alliance: when an ally earns the points: 'both_made' (only when both allies made their bid, "
                "as the scheme's 'made' says; the default), 'own_made' (each ally who made their own bid), "
                "'always'."
            ),
        },
    },
    ["id", "kind"],
)


def copies_of(description: str) -> dict[str, Any]:
    """A number of copies: a whole number, or a formula of the round's names worked out
    for each round's deck."""
    return {
        "type": ["integer", "string"],
        "minimum": 1,
        "maximum": MAX_COPIES,
        "description": (
            f"{description} Or a formula of the round's names, worked out for each round's deck: 'round', "
            "'cards' (dealt to each player), 'players', 'rounds', 'last_round'; e.g. 'if players >= 9 then 2 "
            f"else 1'. Between 1 and {MAX_COPIES} in every round."
        ),
    }


CARD = obj(
    "A special (unnumbered) card.",
    {
        "id": ident("The card's id"),
        "code": CODE,
        "count": copies_of(
            "How many copies one deck has, its named individuals among them (times deck.copies). Default 1."
        ),
        "module": {"type": "string", "description": "The module the card belongs to (default 'base')."},
        "role": {"type": "string", "description": "The role the card plays (omit when it is declared on play)."},
        "declare": array(
            "The choices the player declares when playing the card (written CODE:CHOICE), "
            "e.g. Tigress as pirate or escape.",
            obj(
                "One declarable choice.",
                {
                    "role": {"type": "string", "description": "The role the card plays when so declared."},
                    "code": CODE,
                    "names": NAMES,
                },
                ["role", "code"],
            ),
            minItems=2,
        ),
        "effect": {"type": "string", "description": "The id of the card's effect (see effects.list)."},
        "names": NAMES,
        "description": {"type": "string", "description": "What the card is, shown to players."},
        "descriptions": DESCRIPTIONS,
        "individuals": array(
            "Named individual cards among the copies (e.g. the five named pirates); each is one copy.",
            obj(
                "One named individual card.",
                {
                    "id": ident("The individual's id"),
                    "code": CODE,
                    "names": NAMES,
                    "description": {"type": "string", "description": "Shown to players."},
                    "descriptions": DESCRIPTIONS,
                    "copies": copies_of(
                        "How many copies of this named card one deck has, counted in the card's 'count' (times "
                        "deck.copies). Default 1."
                    ),
                },
                ["id", "code"],
            ),
        ),
    },
    ["id", "code"],
)

SUIT = obj(
    "A suit of numbered cards.",
    {
        "id": ident("The suit's id"),
        "code": CODE,
        "trump": round_value(
            "boolean",
            "Whether the suit is trump (beats the other suits): true or false (the default), or a condition "
            "on the round, e.g. 'round % 2 == 0' (trump in the even rounds only).",
        ),
        "module": {"type": "string", "description": "The module the suit belongs to (default 'base')."},
        "ranks": obj(
            "The ranks of the suit: one card of each rank from 'from' to 'to'.",
            {
                "from": {"type": "integer", "minimum": 0, "maximum": MAX_RANK, "description": "The lowest rank."},
                "to": {"type": "integer", "minimum": 0, "maximum": MAX_RANK, "description": "The highest rank."},
            },
            ["from", "to"],
        ),
        "names": NAMES,
        "copies": copies_of(
            "How many copies of each numbered card of the suit one deck has (times deck.copies): two for "
            "two Y7s. Default 1."
        ),
    },
    ["id", "code", "ranks"],
)

#: The names about the game so far, as schema descriptions say them.
GAME_SEATS = (
    " About the game so far, each a seat of the round's table (ties go to the earliest seat): "
    "previous_last_winner (who won the previous round's last trick, or after a last trick nobody won, "
    "whom the edition has lead next; 'round - 1' in round 1 and when that is the ghost hand), "
    "previous_top_scorer (who scored most in the previous round; the last seat in round 1), first_place "
    "and last_place (the standings before the round; seat 0 in round 1, everybody being level)."
)
GAME_PLAYER = (
    " About the game so far, for the player: total (points before the round), rank (1 = leading; tied "
    "players share a rank), last (1 for the players with the lowest total, else 0; 0 for everybody while all "
    "are level, as in round 1), deals (1 for the player dealing the round), previous_points, previous_bid "
    "(after any bid change) and previous_won (the previous round's; 0 in round 1); and the aggregates over "
    "the earlier rounds past_count(condition), past_run(condition) (the most recent rounds in a row), "
    "past_every(condition), past_sum(x), past_highest(x), past_lowest(x), whose argument reads each earlier "
    "round's round, cards, bid, won, made, points and bonus (0, and true for past_every, in round 1)."
)
#: What the played_ names count, said where the formulas that may use them are described.
PLAYED = (
    "played_ROLE (the player's cards played this round in that role as printed or declared: under the 2021 "
    "edition played_escape counts the escapes, the Loot and a Tigress declared as an escape; what an effect "
    "makes a card in the trick does not change it), played_card_CARD (the player's cards of that special "
    "card or named individual played this round, whatever they were declared as: played_card_escape counts "
    "the escape cards alone, played_card_pirate every pirate card, the named ones too, played_card_harry "
    "Harry); both need the whole play on score sheets"
)

SCHEME = obj(
    "A scoring scheme: the first case whose 'when' holds gives a player's points for the round, and the "
    "adjustments then change them.",
    {
        "id": ident("The scheme's id, chosen by a score sheet's 'scoring'"),
        "title": {"type": "string", "description": "The scheme's name, shown to players."},
        "made": expression(
            "When a player counts as having made their bid (gates alliances; the cases read it as made). "
            "Names: bid, won, cards, round, players, rounds, last_round, total_bids, played_ROLE, "
            "played_card_CARD, and the aggregates over every player." + GAME_PLAYER
        ),
        "loads": array(
            "Choices each player makes per round under this scheme (Rascal's cannon loads), the first the "
            "default; in the cases each load's id is 1 when the player chose it, else 0.",
            {"type": "string"},
            minItems=1,
        ),
        "load_names": {
            "type": "object",
            "description": (
                "Other names of the loads that sheets and players may write, per load and language "
                "(the open-hand load is Grapeshot in the 2021 rulebook, Buckshot in an English rendering of the "
                "French rules, Chevrotine in the French rulebook)."
            ),
            "propertyNames": {"pattern": ID},
            "additionalProperties": NAMES,
        },
        "otherwise": {
            "enum": ["required", "zero"],
            "description": (
                "What a result that no case covers scores: 'required' (the default) means the last case must "
                "have no 'when', so every result is covered (checked when the file loads); 'zero': it "
                "scores 0."
            ),
        },
        "cases": array(
            "The cases, tried in order (the first whose 'when' holds gives the points); the last has no "
            "'when' unless 'otherwise' says.",
            obj(
                "One case.",
                {
                    "id": ident(
                        "The case's id, so that an overlay can change this case (or add one before or "
                        "after it) without restating the others, e.g. 'zero-made'"
                    ),
                    "when": expression(
                        "Condition. Names: bid (after any bid change), won, made (1 when the bid counts as "
                        "made: the scheme's 'made'), cards, round, players, bonus, alliance, wager, the scheme's "
                        "loads; rounds (in the schedule), last_round (1 in the "
                        f"schedule's last round, else 0), total_bids (every bid of the round added up), {PLAYED}; "
                        "and the aggregates sum(x), count(condition), highest(x), lowest(x) over every player of "
                        "the round." + GAME_PLAYER
                    ),
                    "points": expression("Points. Same names as 'when'."),
                },
                ["id", "points"],
            ),
            minItems=1,
        ),
        "adjustments": array(
            "Changes to a player's points applied after the case that gave them, whichever it was (and to the "
            "0 of a result no case covers, under 'otherwise: zero'), in order, each to the points the one "
            "before left: one line doubles the last round or taxes the escapes played under every case. "
            "Points a score sheet gives as 'extra' are added after them.",
            obj(
                "One adjustment: where 'when' holds (always, without it), the points become 'points'.",
                {
                    "id": ident(
                        "The adjustment's id, so that an overlay can change or remove it (null), or add one "
                        "before or after it, e.g. 'double-last-round'"
                    ),
                    "when": expression(
                        "Condition. Names: those of the cases' 'when', and points (the points so far: the "
                        "case's, as the adjustments before this one left them), e.g. 'last_round == 1'."
                    ),
                    "points": expression(
                        "The new points. Same names as 'when', e.g. 'points * 2' or 'points - 5 * played_card_escape'."
                    ),
                },
                ["id", "points"],
            ),
        ),
    },
    ["id", "made", "cases"],
)

SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://skullking-rules.invalid/edition.schema.json",
    "title": "Skull King edition",
    "description": (
        "A Skull King edition or house rule as data: its deck, how tricks are led and won, card "
        "effects, bonuses, scoring and round schedule. A file with 'extends' states only what it "
        "changes on top of its base."
    ),
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "id": ident("The edition's id, used with --edition"),
        "title": {"type": "string", "description": "The edition's name, saying which printing or house rule it is."},
        "description": {"type": "string", "description": "A longer description for players."},
        "descriptions": DESCRIPTIONS,
        "sources": array(
            "Where the rules come from, named in words (e.g. 'the 2021 rulebook', 'the official FAQ').",
            {"type": "string"},
        ),
        "extends": {
            "type": ["string", "null"],
            "description": "The base edition (a bundled id or a path relative to this file) this file changes.",
        },
        "players": obj(
            "How many players may play.",
            {
                "min": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS, "description": "The fewest players."},
                "max": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS, "description": "The most players."},
            },
            ["min", "max"],
        ),
        "modules": array(
            "Groups of cards a game may leave out (every card names its module).",
            obj(
                "One module.",
                {
                    "id": ident("The module's id"),
                    "title": {"type": "string", "description": "Shown to players."},
                    "optional": {"type": "boolean", "description": "Whether a game may leave it out (default false)."},
                    "min_players": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_PLAYERS,
                        "description": "The module is only used from this many players on (default: always).",
                    },
                },
                ["id"],
            ),
            minItems=1,
        ),
        "roles": array(
            "The roles cards play; precedence rules and bonuses are written in roles.",
            obj(
                "One role.",
                {
                    "id": ident("The role's id (not trump, led_suit, numbered or any)"),
                    "lead": {
                        "enum": ["pass", "no_suit"],
                        "description": (
                            "As the first card of a trick: 'pass' lets the next card set the suit, "
                            "'no_suit' leaves the trick without a suit."
                        ),
                    },
                    "description": {"type": "string", "description": "Shown to players."},
                    "descriptions": DESCRIPTIONS,
                },
                ["id", "lead"],
            ),
        ),
        "lead": obj(
            "How the led suit is found.",
            {
                "character_after_pass": {
                    "enum": ["no_suit", "pass"],
                    "description": (
                        "After the suit choice was passed on (escape-type lead), a card whose role leads "
                        "'no_suit': leaves the trick without a suit ('no_suit') or passes on ('pass', the first "
                        "numbered card sets the suit)."
                    ),
                }
            },
        ),
        "deck": obj(
            "The cards.",
            {
                "suits": array("The suits of numbered cards.", SUIT, minItems=1),
                "cards": array("The special cards.", CARD),
                "copies": copies_of(
                    "How many times the whole deck is shuffled together: every card, numbered, special and "
                    "named, that many times over (2 for a big table). Default 1."
                ),
                "identical": {
                    "enum": ["first_played", "last_played"],
                    "description": (
                        "Which of two identical cards (copies of one card, played alike) wins when a precedence "
                        "rule picks that card: the one played first or the one played last. Default: as the rule "
                        "reads the trick: the first played for pick first, highest and lowest (unless its 'ties' "
                        "says last_played), the last played for pick last."
                    ),
                },
            },
            ["suits"],
        ),
        "precedence": array(
            "The winner precedence: rules tried in order, the first that finds a card decides.", RULE, minItems=1
        ),
        "effects": obj(
            "Card effects and how trick-altering effects combine.",
            {
                "when_several": {
                    "enum": ["last_played", "first_played"],
                    "description": "Several trick-altering cards in one trick: which one takes effect.",
                },
                "cancelled_role": {
                    "type": "string",
                    "description": "The role a trick-altering card plays when another one takes effect instead.",
                },
                "list": array("The effects.", EFFECT),
            },
        ),
        "bonuses": array(
            "Capture bonuses of a trick's winner, paid as the scoring's cases say (the name 'bonus' in their "
            "points: the 2021 rulebook's add it to a made bid only).",
            obj(
                "One bonus: 'points' per card of the won trick matching 'captured', "
                "when the winning card matches 'winner'.",
                {
                    "id": ident("The bonus id, written in score sheets"),
                    "points": round_value(
                        "integer",
                        "Points per matching captured card: a number, or a formula of the round, e.g. "
                        "'round' (worth the round's number) or 'if round > 5 then 30 else 20'.",
                    ),
                    "winner": PATTERN,
                    "captured": {
                        "description": (
                            "The cards that pay: a pattern, or a list of patterns "
                            "(a card counts once if it matches any)."
                        ),
                        "oneOf": [PATTERN, array("Patterns, any of which counts.", PATTERN, minItems=1)],
                    },
                    "exclude_winner": {
                        "type": "boolean",
                        "description": "Whether the winning card itself is left out of 'captured' (default false).",
                    },
                    "description": {"type": "string", "description": "Shown to players."},
                    "descriptions": DESCRIPTIONS,
                },
                ["id", "points", "captured"],
            ),
        ),
        "scoring": obj(
            "How rounds are scored.",
            {
                "default": {"type": "string", "description": "The scheme used when a sheet chooses none."},
                "wagers": sheet_choice(
                    "Stakes a score sheet may record per player and round (Rascal of Roatan's wager): won "
                    "when the bid is made, lost otherwise, as the cases say with the name 'wager'.",
                    "wagers",
                    "The stakes allowed.",
                ),
                "bid_changes": sheet_choice(
                    "Changes a score sheet may record to a player's bid after bidding (Harry the Giant's "
                    "ability); the cases see the changed bid.",
                    "harry",
                    "The changes allowed, e.g. [-1, 0, 1].",
                ),
                "extra_round_cards": expression(
                    "With ties: extra_round, the cards each tied player is dealt in a tie-break round (the "
                    "rulebooks do not say; default: as many as the schedule's last round). Names: last_cards "
                    "(the cards of the schedule's last round), players (the tied players)."
                ),
                "extra_round_dealer": expression(
                    "With ties: extra_round, the seat (0 = the first tied player in seat order, counted modulo "
                    "the tied players) that deals a tie-break round (the sources do not say; default: as "
                    "play.dealer says for it, round being the schedule's rounds + 1, 'round - 2' unless set). "
                    "Names: as play.dealer's, of the tie-break round's table: round, players (the tied "
                    "players), rounds." + GAME_SEATS
                ),
                "extra_round_leader": expression(
                    "With ties: extra_round, the seat (0 = the first tied player in seat order, counted modulo "
                    "the tied players) that leads a tie-break round's first trick (the sources do not say; "
                    "default: 'dealer + 1' where extra_round_dealer is set, else as play.first_leader says for "
                    "it, 'round - 1' unless set). Names: as play.first_leader's: round, players (the tied "
                    "players), rounds, dealer (the seat dealing the tie-break round)." + GAME_SEATS
                ),
                "ties": {
                    "enum": ["shared", "extra_round"],
                    "description": (
                        "A tie for first after the last round: 'shared' (co-winners) or 'extra_round' "
                        "(the tied players play another round; the score says so). A tie-break round is played "
                        "by the tied players alone under the rules for their number (the ghost hand, the modules "
                        "used at that count; see extra_round_cards, extra_round_dealer, extra_round_leader): any "
                        "2 to players.max players may tie, and validate warns (tie-break-unplayable) of a count "
                        "below players.min or that the deck cannot deal."
                    ),
                },
                "tie_breaker": expression(
                    "A formula about each player that breaks a tie for first once the schedule's rounds are "
                    "scored: of the players tied for first, those with its highest value win; players still "
                    "level share the first place or play another round, as 'ties' says. E.g. "
                    "'past_count(made == 1)' (the most bids made wins). Names: players, rounds, and each "
                    "player's total, rank, last, previous_points, previous_bid, previous_won, the past_ "
                    "aggregates over every round of the game, and the aggregates over the table."
                ),
                "tie_break_winner": {
                    "enum": ["tied_players", "all_players"],
                    "description": (
                        "With ties: extra_round, who is ranked after a tie-break round: 'tied_players' "
                        "(the default: only the players who were tied for first; those still tied play "
                        "another round) or 'all_players' (every player's total, so a player who was not "
                        "tied can come first)."
                    ),
                },
                "schemes": array("The scoring schemes.", SCHEME, minItems=1),
            },
            ["default", "schemes"],
        ),
        "abilities": array(
            "Powers a player gains by winning a trick with a card (the named pirates' abilities), "
            "besides the wagers and bid changes under 'scoring'. Each is used right after the trick that "
            "grants it; a ghost hand never uses one.",
            obj(
                "One ability.",
                {
                    "id": ident("The ability's id"),
                    "card": {
                        "type": "string",
                        "description": "The card (a card or named individual id) a trick must be won with.",
                    },
                    "kind": {
                        "enum": ["choose_leader", "exchange", "look_undealt"],
                        "description": (
                            "'choose_leader': the winner names any player, themself included, to lead the "
                            "next trick; 'exchange': the winner draws 'count' cards from the undealt deck, "
                            "then discards as many from their hand; 'look_undealt': the winner sees the "
                            "cards not dealt this round."
                        ),
                    },
                    "count": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_HAND,
                        "description": "For 'exchange': the cards drawn and then discarded (fewer when the "
                        "undealt deck runs short).",
                    },
                    "sheet_key": {
                        "type": "string",
                        "description": "For 'choose_leader': the round key of score sheets that records the "
                        "choice, e.g. 'rosie: {Emma: Nico}', so that a sheet giving the whole play seats the "
                        "next trick right (default: the card's id).",
                    },
                    "after_last_trick": {
                        "type": "boolean",
                        "description": "Whether winning the round's last trick with the card still grants "
                        "the ability (default false).",
                    },
                    "module": {
                        "type": "string",
                        "description": "The module that brings the ability: used only when that module is in "
                        "play (default: always).",
                    },
                    "description": {"type": "string", "description": "Shown to players."},
                    "descriptions": DESCRIPTIONS,
                    "source": {"type": "string", "description": "Where the rule comes from, named in words."},
                },
                ["id", "card", "kind"],
            ),
        ),
        "ghost": obj(
            "A dealt but unplayed-by-anyone hand that joins small games (the two-player variant's Graybeard, "
            "in the 2021 rulebook): it plays in every trick, never bids or scores, and never has to follow suit.",
            {
                "name": {"type": "string", "description": "How sheets and messages call it, e.g. 'Graybeard'."},
                "players": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_PLAYERS,
                    "description": "The number of players it joins.",
                },
                "position": {
                    "type": "integer",
                    "minimum": 2,
                    "maximum": MAX_PLAYERS + 1,
                    "description": "Where it plays in a trick a player leads (2: always second).",
                },
                "declares": {
                    "type": "string",
                    "description": "The role its cards that are declared when played take (e.g. the Tigress: escape).",
                },
                "wins_lead": {
                    "enum": ["ghost", "trick_leader"],
                    "description": (
                        "Who leads after it wins a trick: the ghost itself (then the player who led the trick it "
                        "won plays next), or the player who led that trick."
                    ),
                },
                "leads_again": {
                    "enum": ["keep_order", "seat_order"],
                    "description": (
                        "When the ghost leads a trick after leading and winning the one before (the rulebooks "
                        "do not say): 'keep_order' (the default), the player who played after him before plays "
                        "after him again; 'seat_order', the first player listed does."
                    ),
                },
                "destroyed_lead": {
                    "enum": ["as_if_won", "ghost", "trick_leader"],
                    "description": (
                        "Who leads when nobody wins a trick and the edition's rules name the ghost to lead next, "
                        "as after the Kraken's trick he would have won (the sources do not say): 'as_if_won' (the "
                        "default), as after a trick he wins ('wins_lead'); 'ghost', he leads; 'trick_leader', the "
                        "player who led that trick leads."
                    ),
                },
                "description": {"type": "string", "description": "Shown to players."},
                "descriptions": DESCRIPTIONS,
            },
            ["name", "players", "position", "declares", "wins_lead"],
        ),
        "play": obj(
            "How play goes, where no card decides it.",
            {
                "dealer": expression(
                    "The seat (0 = the first player listed, counted modulo the players) that deals round "
                    "'round'. Default 'round - 2': the deal passes left, the last seat dealing round 1. Names: "
                    "round, players, rounds." + GAME_SEATS + " E.g. 'previous_top_scorer': the winner of a "
                    "round deals the next."
                ),
                "first_leader": expression(
                    "The seat (0 = the first player listed, counted modulo the players) that leads the first "
                    "trick of round 'round'. Default 'round - 1': the deal passes left and the player after "
                    "the dealer leads ('dealer + 1' where 'dealer' is set). Names: round, players, rounds, "
                    "dealer (the seat dealing the round)." + GAME_SEATS + " E.g. 'previous_last_winner': who "
                    "won the last trick leads on."
                ),
                "no_winner_leads": {
                    "enum": ["trick_leader", "left_of_trick_leader", "last_player"],
                    "description": (
                        "Who leads after a trick that nobody wins when no 'next_leader' strategy of its effect "
                        "names a seat, or when no precedence rule finds a winner: the trick's leader (the "
                        "default), the seat after them, or who played the trick's last card."
                    ),
                },
                "follow_suit": {
                    "enum": ["must", "may"],
                    "description": (
                        "'must' (the default): a numbered card must follow the led suit when the hand holds "
                        "that suit (special cards may always be played); 'may': any card may be played."
                    ),
                },
            },
        ),
        "bidding": obj(
            "How bids are made: the range of a bid, the order, and rules over the bids of a round. "
            "A round played move by move refuses a bid that breaks a rule; a score sheet that breaks one is "
            "an error naming the rule.",
            {
                "min": expression(
                    "The lowest bid (default 0), for each player. Names: cards, round, players, rounds, "
                    "last_round, and the aggregates over every player." + GAME_PLAYER
                ),
                "max": expression("The highest bid (default cards). Same names as 'min'."),
                "order": {
                    "enum": ["simultaneous", "in_turn"],
                    "description": (
                        "'simultaneous' (the default; the rulebooks' fist reveal: everybody at once, in any "
                        "order) or 'in_turn' (one after another in seat order, from 'first_bidder')."
                    ),
                },
                "first_bidder": expression(
                    "With order: in_turn, the seat that bids first (default: the round's first leader). Names: "
                    "leader (the seat leading the first trick), dealer (the seat dealing the round), round, "
                    "players, rounds." + GAME_SEATS
                ),
                "rules": array(
                    "Rules every round's bids must keep, checked for every player: a rule that looks only at "
                    "the player's own bid is checked as the bid is made, one that looks at the others "
                    "(total_bids, an aggregate) once every bid is in (the last bid then breaks it).",
                    obj(
                        "One bidding rule.",
                        {
                            "id": ident("The rule's id, named when a bid breaks it"),
                            "require": expression(
                                "What must hold (a truth value). Names: bid (the player's), total_bids, cards, "
                                "round, players, rounds, last_round; with order: in_turn also position (0 for "
                                "the first bidder) and bids_before (the bids made before this one, added "
                                "up); and the aggregates sum(bid), count(bid == 0), highest(bid), lowest(bid) "
                                "over every player." + GAME_PLAYER
                            ),
                            "description": {
                                "type": "string",
                                "description": "What the rule says, shown when a bid breaks it.",
                            },
                            "descriptions": DESCRIPTIONS,
                        },
                        ["id", "require"],
                    ),
                ),
            },
        ),
        "schedule": obj(
            "How many cards each round deals.",
            {
                "default": {"type": "string", "description": "The variant used when a sheet chooses none."},
                "hand_limit": expression("The largest hand for a game. Names: players."),
                "variants": array(
                    "Named round schedules.",
                    obj(
                        "One schedule.",
                        {
                            "id": ident("The schedule's id"),
                            "title": {"type": "string", "description": "Shown to players."},
                            "rounds": array(
                                "Cards dealt in each round, in order.",
                                {"type": "integer", "minimum": 1, "maximum": MAX_HAND},
                                minItems=1,
                                maxItems=MAX_ROUNDS,
                            ),
                            "source": {"type": "string", "description": "Which source this reading follows."},
                        },
                        ["id", "rounds"],
                    ),
                    minItems=1,
                ),
            },
            ["default", "variants"],
        ),
    },
    "required": ["id", "title", "players", "modules", "roles", "deck", "precedence", "bonuses", "scoring", "schedule"],
}


#: In an overlay, every item of a list keyed by id may say where it goes.
PLACE = {
    "before": {
        "type": "string",
        "description": "Overlays only: put this item (new or from the base) before the item with this id.",
    },
    "after": {
        "type": "string",
        "description": "Overlays only: put this item (new or from the base) after the item with this id.",
    },
}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """An overlay may write null for anything: it removes the base's value."""
    return {"description": schema.get("description", ""), "anyOf": [schema, {"type": "null"}]}


def _keyed(schema: dict[str, Any]) -> bool:
    items = schema.get("items")
    return schema.get("type") == "array" and isinstance(items, dict) and "id" in items.get("properties", {})


def relax(schema: Any) -> Any:
    """The overlay form of a schema: nothing required (the base has it), any value may be
    null, and a list of items with ids may also be written as a mapping id -> item."""
    if not isinstance(schema, dict):
        return schema
    if _keyed(schema):
        item = relax(schema["items"])
        item["properties"] = {**item["properties"], **PLACE}
        return {
            "description": schema["description"],
            "anyOf": [
                {"type": "array", "items": item},
                {
                    "type": "object",
                    "description": "The items by id (an overlay's shorthand); null removes the item.",
                    "additionalProperties": {"anyOf": [item, {"type": "null"}]},
                },
            ],
        }
    out = {k: v for k, v in schema.items() if k != "required"}
    if "properties" in out:
        out["properties"] = {k: _nullable(relax(v)) for k, v in out["properties"].items()}
    for key in ("items", "additionalProperties"):
        if isinstance(out.get(key), dict):
            out[key] = relax(out[key])
    for key in ("anyOf", "oneOf"):
        if key in out:
            out[key] = [relax(branch) for branch in out[key]]
    return out


def document() -> dict[str, Any]:
    """The schema: a complete edition, or (with 'extends') an overlay that states only
    what it changes. The loader validates every file once merged onto its base, against
    the complete form; the overlay form is what editors check an overlay file with."""
    head = {k: SCHEMA[k] for k in ("$schema", "$id", "title", "description")}
    full = {k: v for k, v in SCHEMA.items() if k not in head}
    overlay = relax(full)
    overlay["required"] = ["extends", "id"]
    overlay["properties"]["extends"] = {
        "type": "string",
        "description": SCHEMA["properties"]["extends"]["description"],
    }
    return {
        **head,
        "type": "object",
        "if": {"required": ["extends"], "properties": {"extends": {"type": "string"}}},
        "then": overlay,
        "else": full,
    }


def render() -> str:
    return json.dumps(document(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "rules" / "edition.schema.json"
    if "--check" in sys.argv:
        sys.exit(0 if target.read_text(encoding="utf-8") == render() else 1)
    target.write_text(render(), encoding="utf-8")
