"""The checks of an edition a JSON Schema cannot express: ids, references between
items, codes and names, formulas (parsed and name- and type-checked), abilities,
scoring, schedules, bidding and the sizes of :mod:`skullking.limits`. Every problem is
located at the node that caused it, in the file that set it (the overlay where an
overlay changed it)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .errors import ExpressionError, FormulaError, Problem, shorten
from .located import Location, Node, position_in_scalar
from .model import (
    CASE_NAMES,
    EXTRA_ROUND_NAMES,
    HAND_LIMIT_NAMES,
    RESERVED_OF,
    ROUND_KEYS,
    ROUND_NAMES,
    SEAT_NAMES,
    TRICK_NAMES,
)
from .suggest import unknown

_VARIABLE = re.compile(r"^[a-z_][a-z0-9_]*$")


#: Abilities that the round's last trick cannot grant, and why (nothing would use them).
_NOTHING_AFTER_LAST_TRICK = {
    "choose_leader": "there is no next trick to lead",
    "exchange": "no trick is left to play the drawn cards in",
}


class Checker:
    """The checks a JSON Schema cannot express; every method adds to ``problems``."""

    def __init__(self, root: Node, sources: dict[str, str] | None = None, top: str = "") -> None:
        self.root = root
        self.data: dict[str, Any] = root.plain()
        self.problems: list[Problem] = []
        self.sources = sources or {}
        self.top = top  # the file being checked: where an overlay's problems belong

    def at(self, *path: str | int) -> Location:
        return self.root.locate(path)

    def error(self, message: str, *path: str | int) -> None:
        self.problems.append(self.at(*path).problem(message))

    def ids(self, path: tuple[str | int, ...], items: list[dict[str, Any]], what: str) -> set[str]:
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            ident = item["id"]
            if ident in seen:
                first = self.at(*path, seen[ident], "id")
                self.error(f"duplicate {what} id '{ident}' (first at line {first.line})", *path, index, "id")
            else:
                seen[ident] = index
        return set(seen)

    def known(self, value: str, known: Iterable[str], what: str, *path: str | int) -> bool:
        known = sorted(known)
        if value in known:
            return True
        self.error(unknown(what, value, known), *path)
        return False

    def expression(self, source: Any, names: Iterable[str], want: str, *path: str | int) -> Any:
        from .expr import compile_expression
        from .limits import MAX_EXPRESSION_CHARS

        text = str(source).lower() if isinstance(source, bool) else str(source)
        if len(text) > MAX_EXPRESSION_CHARS:
            self.error(
                f"the formula is {len(text):,} characters long: the most a formula may have is "
                f"{MAX_EXPRESSION_CHARS:,}",
                *path,
            )
            return None
        try:
            return compile_expression(text, tuple(names), want)  # type: ignore[arg-type]
        except ExpressionError as exc:
            node = self.root.at(path)
            loc = self.at(*path)
            if node is not None and not isinstance(node.value, dict | list):
                loc = position_in_scalar(node, exc.column, self.sources.get(node.loc.file))
            self.problems.append(loc.problem(f"{exc} in '{shorten(text, 200)}'"))
            return None

    def _limits(self) -> bool:
        """The sizes of :mod:`skullking.limits`: players, ranks, deck and rounds. Returns
        whether the edition stays within them (past them nothing more is checked: the
        other checks would do the work the limits are there to spare)."""
        from .limits import MAX_DECK_CARDS, MAX_PLAYERS, MAX_RANKS, MAX_ROUNDS

        d = self.data
        before = len(self.problems)
        if d["players"]["max"] > MAX_PLAYERS:
            most = d["players"]["max"]
            self.error(f"players.max is {most:,}: the most an edition may allow is {MAX_PLAYERS}", "players", "max")
        cards, crossed = 0, False
        for index, suit in enumerate(d["deck"]["suits"]):
            ranks = suit["ranks"]["to"] - suit["ranks"]["from"] + 1
            if ranks > MAX_RANKS:
                message = f"suit '{suit['id']}' has {ranks:,} ranks: the most a suit may have is {MAX_RANKS}"
                self.error(message, "deck", "suits", index, "ranks")
            else:
                cards += max(ranks, 0)
                if cards > MAX_DECK_CARDS and not crossed:  # blamed on the suit that crosses the limit
                    crossed = True
                    self.error(
                        f"the deck holds more than {MAX_DECK_CARDS:,} cards, the most a deck may hold",
                        "deck",
                        "suits",
                        index,
                    )
        for index, card in enumerate([] if crossed else d["deck"].get("cards", [])):
            cards += card.get("count", 1)
            if cards > MAX_DECK_CARDS:  # blamed on the card that crosses the limit
                where = ("deck", "cards", index, "count") if "count" in card else ("deck", "cards", index)
                self.error(f"the deck holds more than {MAX_DECK_CARDS:,} cards, the most a deck may hold", *where)
                break
        else:
            if cards > MAX_DECK_CARDS and not crossed:
                message = f"the deck holds {cards:,} cards: the most a deck may hold is {MAX_DECK_CARDS:,}"
                self.error(message, "deck", "suits")
        for index, variant in enumerate(d["schedule"]["variants"]):
            if len(variant["rounds"]) > MAX_ROUNDS:
                self.error(
                    f"schedule '{variant['id']}' has {len(variant['rounds'])} rounds: the most a schedule may have "
                    f"is {MAX_ROUNDS}",
                    *("schedule", "variants", index, "rounds", MAX_ROUNDS),
                )
        return len(self.problems) == before

    def run(self) -> None:
        d = self.data
        if not self._limits():
            return
        modules = self.ids(("modules",), d["modules"], "module")
        roles = self.ids(("roles",), d["roles"], "role")
        for index, role in enumerate(d["roles"]):
            if role["id"] in RESERVED_OF or not _VARIABLE.match(role["id"]) or role["id"] in TRICK_NAMES:
                self.error(
                    f"role id '{role['id']}' cannot be used: role ids are names in conditions, so they "
                    "take letters, digits and '_' only and must not be one of "
                    + ", ".join(sorted(RESERVED_OF | set(TRICK_NAMES))),
                    "roles",
                    index,
                    "id",
                )
        suits = self.ids(("deck", "suits"), d["deck"]["suits"], "suit")
        cards = self.ids(("deck", "cards"), d["deck"].get("cards", []), "card")
        effects_section = d.get("effects", {})
        effects = self.ids(("effects", "list"), effects_section.get("list", []), "effect")
        for index, suit in enumerate(d["deck"]["suits"]):
            if suit["id"] in RESERVED_OF or suit["id"] in roles:
                self.error(f"suit id '{suit['id']}' is also a role id or a reserved word", "deck", "suits", index, "id")
            if suit["ranks"]["from"] > suit["ranks"]["to"]:
                self.error("'from' is above 'to'", "deck", "suits", index, "ranks")
            self.known(suit.get("module", "base"), modules, "module", "deck", "suits", index, "module")
        self._codes_and_names()
        alliance_effects = {e["id"] for e in effects_section.get("list", []) if e["kind"] == "alliance"}
        for index, card in enumerate(d["deck"].get("cards", [])):
            path = ("deck", "cards", index)
            self.known(card.get("module", "base"), modules, "module", *path, "module")
            if ("role" in card) == ("declare" in card):
                self.error(
                    f"card '{card['id']}' needs exactly one of 'role' (fixed) and 'declare' (chosen when played)", *path
                )
            if "role" in card:
                self.known(card["role"], roles, "role", *path, "role")
            for j, choice in enumerate(card.get("declare", [])):
                self.known(choice["role"], roles, "role", *path, "declare", j, "role")
            if "effect" in card:
                self.known(card["effect"], effects, "effect", *path, "effect")
            individuals = card.get("individuals", [])
            self.ids((*path, "individuals"), individuals, "individual")
            if len(individuals) > card.get("count", 1):
                self.error(
                    f"{len(individuals)} named individuals but only {card.get('count', 1)} copies", *path, "individuals"
                )
            if (
                "effect" in card
                and card["effect"] in effects
                and card["effect"] not in alliance_effects
                and "declare" in card
            ):
                self.error("a trick-altering card cannot be declared", *path, "declare")
        if "cancelled_role" in effects_section:
            self.known(effects_section["cancelled_role"], roles, "role", "effects", "cancelled_role")
        self._rules(("precedence",), d["precedence"], roles, suits)
        for index, effect in enumerate(effects_section.get("list", [])):
            self._effect(index, effect, roles, suits)
        self._when_several(alliance_effects)
        self._bonuses(roles, suits, cards)
        self._scoring()
        self._schedule(count_deck=not self.problems)  # the count needs sound suits, cards, modules
        card_ids = cards | {i["id"] for c in d["deck"].get("cards", []) for i in c.get("individuals", [])}
        for key in ("wagers", "bid_changes"):
            choice = d["scoring"].get(key)
            if choice is not None and "card" in choice:
                self.known(choice["card"], card_ids, "card", "scoring", key, "card")
            if choice is not None and "module" in choice:
                self.known(choice["module"], modules, "module", "scoring", key, "module")
        self._abilities(card_ids, modules)
        self._play_and_bidding()
        if "ghost" in d:
            self.known(d["ghost"]["declares"], roles, "role", "ghost", "declares")
            low, high = d["players"]["min"], d["players"]["max"]
            if low <= high and not low <= d["ghost"]["players"] <= high:
                self.error(
                    f"ghost.players ({d['ghost']['players']}) is not a player count of this edition ({low}-{high})",
                    *self._blame(("ghost", "players"), ("players", "min"), ("players", "max")),
                )
            if d["ghost"]["position"] > d["ghost"]["players"] + 1:
                self.error("ghost.position is after the last player of the trick", "ghost", "position")
        if d["players"]["min"] > d["players"]["max"]:
            self.error("players: 'min' is above 'max'", "players")

    def _codes_and_names(self) -> None:
        """Codes and names must each say one card: the same word for two cards is an error
        (one card may repeat a word across languages); numbers are for ranks."""
        from .notation import name_words

        d = self.data
        seen: dict[tuple[str, ...], tuple[str, tuple[str | int, ...]]] = {}

        def claim(
            key: str,
            owner: str,
            path: tuple[str | int, ...],
            what: str,
            *,
            table: dict[tuple[str, ...], tuple[str, tuple[str | int, ...]]] = seen,
            special: bool = True,
        ) -> None:
            words = name_words(key)
            if not words:
                self.error(f"{what} '{key}' has no word in it", *path)
                return
            if special and words[-1].isdigit():
                self.error(f"{what} '{key}' ends in a number, which reads as a rank; name the card in words", *path)
                return
            if words in table and table[words][0] != owner:
                first_owner, first_path = table[words]
                here, here_owner, there, there_owner = path, owner, first_path, first_owner
                if self.at(*first_path).file == self.top and self.at(*path).file != self.top:
                    here, here_owner, there, there_owner = first_path, first_owner, path, owner
                node = self.root.at(here)
                text = node.value if node is not None else key
                other = self.at(*there)
                self.error(
                    f"'{text}' would name both {here_owner} and {there_owner} ({other.file}:{other.line}); "
                    "a code or name must say one card",
                    *here,
                )
                return
            table.setdefault(words, (owner, path))

        def claim_all(node: dict[str, Any], owner: str, path: tuple[str | int, ...], special: bool = True) -> None:
            claim(node["code"], owner, (*path, "code"), "code", special=special)
            for lang, words in node.get("names", {}).items():
                for k, word in enumerate(words):
                    claim(word, owner, (*path, "names", lang, k), "name", special=special)

        for i, suit in enumerate(d["deck"]["suits"]):
            claim_all(suit, f"suit '{suit['id']}'", ("deck", "suits", i), special=False)
        for i, card in enumerate(d["deck"].get("cards", [])):
            claim_all(card, f"card '{card['id']}'", ("deck", "cards", i))
            for j, ind in enumerate(card.get("individuals", [])):
                claim_all(ind, f"card '{card['id']}' ({ind['id']})", ("deck", "cards", i, "individuals", j))
            choices: dict[tuple[str, ...], tuple[str, tuple[str | int, ...]]] = {}
            for j, choice in enumerate(card.get("declare", [])):
                claim(
                    choice["code"],
                    f"the {choice['role']} declaration",
                    ("deck", "cards", i, "declare", j, "code"),
                    "declaration code",
                    table=choices,
                )

    def _rules(
        self, path: tuple[str | int, ...], rules: list[dict[str, Any]], roles: set[str], suits: set[str]
    ) -> None:
        self.ids(path, rules, "rule")
        for index, rule in enumerate(rules):
            of = rule["winner"]["of"]
            if of not in roles and of not in suits and of not in RESERVED_OF:
                known = sorted(roles | suits | RESERVED_OF)
                self.error(unknown("card group", of, known, where="winner.of"), *path, index, "winner", "of")
            if "when" in rule:
                self.expression(rule["when"], (*sorted(roles), *TRICK_NAMES), "truth value", *path, index, "when")
            if "ties" in rule["winner"] and rule["winner"]["pick"] not in ("highest", "lowest"):
                self.error(
                    f"'ties' applies to pick highest or lowest; pick {rule['winner']['pick']} never ties",
                    *path,
                    index,
                    "winner",
                    "ties",
                )

    def _when_several(self, alliances: set[str]) -> None:
        """``when_several`` and ``cancelled_role`` say what happens when one trick holds
        several trick-altering cards: in a deck with fewer than two they would be ignored."""
        d = self.data
        altering = sum(
            c.get("count", 1) for c in d["deck"].get("cards", []) if "effect" in c and c["effect"] not in alliances
        )
        if altering >= 2:
            return
        for key in ("when_several", "cancelled_role"):
            # Only where the checked file sets it: a base's value left without use by an
            # overlay's other change is not the overlay's key ignored.
            if key in d.get("effects", {}) and self.at("effects", key).file == self.top:
                self.error(
                    f"'{key}' applies when a trick can hold several trick-altering cards; this deck has "
                    f"{altering}, so it would change nothing",
                    "effects",
                    key,
                )

    def _effect(self, index: int, effect: dict[str, Any], roles: set[str], suits: set[str]) -> None:
        path = ("effects", "list", index)
        kind = effect["kind"]
        allowed = {
            "destroy_trick": {"next_leader"},
            "neutralize": {"next_leader", "becomes", "precedence", "cancels_alliances", "spares"},
            "alliance": {"points", "pays"},
        }[kind]
        for key in ("next_leader", "becomes", "precedence", "cancels_alliances", "points", "spares", "pays"):
            if key in effect and key not in allowed:
                where = self.root.locate_key(path, key)
                message = f"'{key}' does not apply to a {kind} effect"
                if where.file != self.top and self.at(*path, "kind").file == self.top:
                    # The checked file changed the kind: say so there, naming the old key.
                    message += f" ('{key}' is set at {where.file}:{where.line}; remove it with '{key}: null')"
                    where = self.at(*path, "kind")
                self.problems.append(where.problem(message))
        required = {"neutralize": ("becomes", "precedence"), "alliance": ("points",)}.get(kind, ())
        for key in required:
            if key not in effect:
                self.error(f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} effect needs '{key}'", *path)
        if "becomes" in effect:
            self.known(effect["becomes"], roles, "role", *path, "becomes")
        for k, spared in enumerate(effect.get("spares", [])):
            self.known(spared, roles, "role", *path, "spares", k)
        if "precedence" in effect:
            self._rules((*path, "precedence"), effect["precedence"], roles, suits)

    def _pattern(
        self, pattern: dict[str, Any], path: tuple[str | int, ...], roles: set[str], suits: set[str], cards: set[str]
    ) -> None:
        for key, known, what in (
            ("roles", roles, "role"),
            ("printed_roles", roles, "role"),
            ("suits", suits, "suit"),
            ("cards", cards, "card"),
        ):
            for k, value in enumerate(pattern.get(key, [])):
                self.known(value, known, what, *path, key, k)

    def _bonuses(self, roles: set[str], suits: set[str], cards: set[str]) -> None:
        self.ids(("bonuses",), self.data["bonuses"], "bonus")
        for index, bonus in enumerate(self.data["bonuses"]):
            if "winner" in bonus:
                self._pattern(bonus["winner"], ("bonuses", index, "winner"), roles, suits, cards)
                if "played" in bonus["winner"]:
                    self.error(
                        "'played' applies to captured cards, not to the winning card",
                        "bonuses",
                        index,
                        "winner",
                        "played",
                    )
            captured = bonus["captured"]
            if isinstance(captured, dict):
                self._pattern(captured, ("bonuses", index, "captured"), roles, suits, cards)
            else:
                for k, pattern in enumerate(captured):
                    self._pattern(pattern, ("bonuses", index, "captured", k), roles, suits, cards)

    def _abilities(self, card_ids: set[str], modules: set[str]) -> None:
        """Abilities name a card of the deck, an exchange says how many cards, and every
        round key a sheet may use (wagers, bid changes, leader choices) is distinct."""
        d = self.data
        abilities = d.get("abilities", [])
        self.ids(("abilities",), abilities, "ability")
        keys: dict[str, tuple[str | int, ...]] = {}
        for key in ("wagers", "bid_changes"):
            if key in d["scoring"]:
                keys.setdefault(d["scoring"][key]["sheet_key"], ("scoring", key, "sheet_key"))
        for index, ability in enumerate(abilities):
            path: tuple[str | int, ...] = ("abilities", index)
            self.known(ability["card"], card_ids, "card", *path, "card")
            if "module" in ability:
                self.known(ability["module"], modules, "module", *path, "module")
            exchange = ability["kind"] == "exchange"
            if ability.get("after_last_trick", False) and ability["kind"] in _NOTHING_AFTER_LAST_TRICK:
                self.error(
                    f"'after_last_trick' cannot apply to an ability of kind '{ability['kind']}': "
                    f"after the round's last trick {_NOTHING_AFTER_LAST_TRICK[ability['kind']]}",
                    *path,
                    "after_last_trick",
                )
            if exchange and "count" not in ability:
                self.error("an 'exchange' ability needs 'count' (the cards drawn and discarded)", *path)
            elif not exchange and "count" in ability:
                self.error(f"'count' is only for 'exchange' abilities, not '{ability['kind']}'", *path, "count")
            if "sheet_key" not in ability:
                continue
            if ability["kind"] != "choose_leader":
                self.error(
                    f"'sheet_key' is only for 'choose_leader' abilities, not '{ability['kind']}'", *path, "sheet_key"
                )
            elif ability["sheet_key"] in keys:
                self.error(f"sheet key '{ability['sheet_key']}' is used twice", *path, "sheet_key")
            else:
                keys[ability["sheet_key"]] = (*path, "sheet_key")
        for key, path in keys.items():
            if key in (*ROUND_KEYS, "loads"):
                self.error(f"sheet key '{key}' is a round key of every sheet ({', '.join(ROUND_KEYS)}, loads)", *path)

    def _scoring(self) -> None:
        from .build import case_names, made_names, played_names

        scoring = self.data["scoring"]
        schemes = self.ids(("scoring", "schemes"), scoring["schemes"], "scheme")
        self.known(scoring["default"], schemes, "scoring scheme", "scoring", "default")
        played = played_names([r["id"] for r in self.data["roles"]])
        if "extra_round_cards" in scoring:
            self.expression(scoring["extra_round_cards"], EXTRA_ROUND_NAMES, "number", "scoring", "extra_round_cards")
            if scoring.get("ties", "shared") != "extra_round":
                self.error(
                    "'extra_round_cards' needs 'ties: extra_round' (shared first places play no extra round)",
                    *self._blame(("scoring", "extra_round_cards"), ("scoring", "ties")),
                )
        for index, scheme in enumerate(scoring["schemes"]):
            path = ("scoring", "schemes", index)
            self.expression(scheme["made"], made_names(played), "truth value", *path, "made")
            loads = scheme.get("loads", [])
            taken = (*CASE_NAMES, *played)
            for k, load in enumerate(loads):
                if not _VARIABLE.match(load) or load in taken:
                    self.error(
                        f"load '{load}' cannot be used: loads are names in the cases, so they take letters, "
                        f"digits and '_' only and must not be one of {', '.join(taken)}",
                        *path,
                        "loads",
                        k,
                    )
            self._load_names(path, scheme, loads)
            names = case_names(played, scheme)
            cases = scheme["cases"]
            self.ids((*path, "cases"), cases, "case")
            for k, case in enumerate(cases):
                if "when" in case:
                    self.expression(case["when"], names, "truth value", *path, "cases", k, "when")
                self.expression(case["points"], names, "number", *path, "cases", k, "points")
            for k, case in enumerate(cases[:-1]):
                if "when" not in case:
                    for later in range(k + 1, len(cases)):
                        self.problems.append(
                            self.at(*path, "cases", later).problem(
                                f"case '{cases[later]['id']}' can never apply: case '{case['id']}' before it has "
                                "no 'when' (put it before, with 'before:')",
                                severity="warning",
                            )
                        )
                    break
            if "otherwise" in scheme and "when" not in cases[-1] and self.at(*path, "otherwise").file == self.top:
                self.error(
                    "'otherwise' applies to results no case covers, but the last case has no 'when' and "
                    "covers every result",
                    *path,
                    "otherwise",
                )
            if "when" in cases[-1] and scheme.get("otherwise", "required") == "required":
                last = (*path, "cases", len(cases) - 1)
                self.error(
                    "the last case must have no 'when', so that every result gets points (or say 'otherwise: zero')",
                    *self._blame(last, (*path, "cases"), (*path, "otherwise")),
                )

    def _play_and_bidding(self) -> None:
        """Seat formulas, the range of a bid and the bidding rules."""
        from .build import bid_rule_names

        play = self.data.get("play", {})
        if "first_leader" in play:
            names = tuple(n for n in SEAT_NAMES if n != "leader")
            self.expression(play["first_leader"], names, "number", "play", "first_leader")
        bidding = self.data.get("bidding", {})
        for key in ("min", "max"):
            if key in bidding:
                self.expression(bidding[key], ROUND_NAMES, "number", "bidding", key)
        order = bidding.get("order", "simultaneous")
        if "first_bidder" in bidding:
            if order != "in_turn":
                self.error(
                    "'first_bidder' needs 'order: in_turn' (simultaneous bids have no first)", "bidding", "first_bidder"
                )
            else:
                self.expression(bidding["first_bidder"], SEAT_NAMES, "number", "bidding", "first_bidder")
        rules = bidding.get("rules", [])
        self.ids(("bidding", "rules"), rules, "bidding rule")
        for k, rule in enumerate(rules):
            self.expression(rule["require"], bid_rule_names(order), "truth value", "bidding", "rules", k, "require")

    def _load_names(self, path: tuple[str | int, ...], scheme: dict[str, Any], loads: list[str]) -> None:
        """Other names belong to loads of the scheme, and each names one load only."""
        from .notation import normalize

        named: dict[tuple[str, ...], str] = {normalize(load): load for load in loads}
        for load, languages in scheme.get("load_names", {}).items():
            if not self.known(load, loads, "load", *path, "load_names", load):
                continue
            for language, names in languages.items():
                for k, name in enumerate(names):
                    other = named.setdefault(normalize(name), load)
                    if other != load:
                        self.error(
                            f"the name '{name}' is already a name of load '{other}'",
                            *path,
                            "load_names",
                            load,
                            language,
                            k,
                        )

    def _schedule(self, *, count_deck: bool) -> None:
        d = self.data
        schedule = d["schedule"]
        variants = self.ids(("schedule", "variants"), schedule["variants"], "schedule")
        self.known(schedule["default"], variants, "schedule", "schedule", "default")
        limit = None
        if "hand_limit" in schedule:
            limit = self.expression(schedule["hand_limit"], HAND_LIMIT_NAMES, "number", "schedule", "hand_limit")
            if limit is None:
                return
        if not count_deck:
            return
        required = {m["id"] for m in d["modules"] if not m.get("optional", False)}
        size = sum(
            s["ranks"]["to"] - s["ranks"]["from"] + 1 for s in d["deck"]["suits"] if s.get("module", "base") in required
        )
        size += sum(c.get("count", 1) for c in d["deck"].get("cards", []) if c.get("module", "base") in required)
        largest = max(max(v["rounds"]) for v in schedule["variants"])
        blame = self._blame(("players", "max"), ("schedule", "hand_limit"), ("schedule", "variants"), ("deck",))
        for players in range(d["players"]["min"], d["players"]["max"] + 1):
            try:
                hand = largest if limit is None else min(largest, limit.evaluate({"players": players}))
            except FormulaError as exc:
                self.error(str(exc), "schedule", "hand_limit")
                break
            if hand < 1:
                self.error(
                    f"hand_limit gives {hand} cards for {players} players; every hand needs one",
                    "schedule",
                    "hand_limit",
                )
                break
            if players * hand > size:
                self.error(
                    f"the deck is too small: {players} players x {hand} cards = {players * hand} cards, "
                    f"but the deck without optional modules has {size}; lower 'hand_limit' or players.max",
                    *blame,
                )
                break

    def _blame(self, *candidates: tuple[str | int, ...]) -> tuple[str | int, ...]:
        """Of the nodes that together cause a problem, the first set by the checked file."""
        for path in candidates:
            if self.at(*path).file == self.top:
                return path
        return candidates[0]
