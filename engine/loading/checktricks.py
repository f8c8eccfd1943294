"""The checks of an edition's trick rules a JSON Schema cannot express
(:class:`TrickRules`, a part of :class:`~skullking.loading.checks.Checker`): the
precedence rules, the trick-altering effects and the patterns they match, the bonuses
and the pirates' abilities."""

from __future__ import annotations

from typing import Any

from skullking.core.suggest import unknown
from skullking.loading.build import sheet_key
from skullking.loading.checkfile import CheckedFile
from skullking.model.records import (
    NOBODY,
    RESERVED_OF,
    ROUND_KEYS,
    RULE_VALUE_NAMES,
    TRICK_NAMES,
    TRICK_ROUND_NAMES,
    card_copies,
    individual_copies,
)

#: Abilities that the round's last trick cannot grant, and why (nothing would use them).
_NOTHING_AFTER_LAST_TRICK = {
    "choose_leader": "there is no next trick to lead",
    "exchange": "no trick is left to play the drawn cards in",
}


class TrickRules:
    """The checks of the trick rules of ``file``; each adds its problems to ``file``.
    The ids they refer to (roles, suits, cards, modules) are given by the caller, which
    has checked them."""

    def __init__(self, file: CheckedFile) -> None:
        self.file = file

    def precedence(
        self, path: tuple[str | int, ...], rules: list[dict[str, Any]], roles: set[str], suits: set[str]
    ) -> None:
        """The precedence rules ``rules`` at ``path`` (the edition's, or an effect's)."""
        self.file.ids(path, rules, "rule")
        for index, rule in enumerate(rules):
            of = rule["winner"]["of"]
            if of not in roles and of not in suits and of not in RESERVED_OF:
                known = sorted(roles | suits | RESERVED_OF)
                self.file.error(unknown("card group", of, known, where="winner.of"), *path, index, "winner", "of")
            if "when" in rule:
                names = (*sorted(roles), *TRICK_NAMES, *TRICK_ROUND_NAMES)
                self.file.expression(rule["when"], names, "truth value", *path, index, "when")
            if "ties" in rule["winner"] and rule["winner"]["pick"] not in ("highest", "lowest"):
                self.file.error(
                    f"'ties' applies to pick highest or lowest; pick {rule['winner']['pick']} never ties",
                    *path,
                    index,
                    "winner",
                    "ties",
                )

    def when_several(self, alliances: set[str]) -> None:
        """``when_several`` and ``cancelled_role`` say what happens when one trick holds
        several trick-altering cards: in a deck with fewer than two they would be ignored."""
        d = self.file.data
        altering = max(
            sum(card_copies(deck, c) for c in deck.get("cards", []) if "effect" in c and c["effect"] not in alliances)
            for _, deck in self.file.decks
        )
        if altering >= 2:  # (in some deck a round deals)
            return
        for key in ("when_several", "cancelled_role"):
            # Only where the checked file sets it: a base's value left without use by an
            # overlay's other change is not the overlay's key ignored.
            if key in d.get("effects", {}) and self.file.sets("effects", key):
                self.file.error(
                    f"'{key}' applies when a trick can hold several trick-altering cards; this deck has "
                    f"{altering}, so it would change nothing",
                    "effects",
                    key,
                )

    def effects(self, roles: set[str], suits: set[str]) -> None:
        """The trick-altering effects: the keys each kind takes, and what they name."""
        for index, effect in enumerate(self.file.data.get("effects", {}).get("list", [])):
            self._effect(index, effect, roles, suits)

    def _effect(self, index: int, effect: dict[str, Any], roles: set[str], suits: set[str]) -> None:
        path = ("effects", "list", index)
        kind = effect["kind"]
        allowed = {
            "destroy_trick": {"next_leader", "counts_for", "bonuses"},
            "neutralize": {
                "next_leader",
                "counts_for",
                "bonuses",
                "becomes",
                "precedence",
                "cancels_alliances",
                "spares",
            },
            "alliance": {"points", "pays"},
        }[kind]
        keys = ("next_leader", "counts_for", "bonuses", "becomes", "precedence", "cancels_alliances", "points")
        for key in (*keys, "spares", "pays"):
            if key in effect and key not in allowed:
                where = self.file.root.locate_key(path, key)
                message = f"'{key}' does not apply to {'an' if kind[0] in 'aeiou' else 'a'} {kind} effect"
                if where.file != self.file.top and self.file.sets(*path, "kind"):
                    # The checked file changed the kind: say so there, naming the old key.
                    message += f" ('{key}' is set at {where.file}:{where.line}; remove it with '{key}: null')"
                    where = self.file.at(*path, "kind")
                self.file.add(where.problem(message))
        required = {"neutralize": ("becomes", "precedence"), "alliance": ("points",)}.get(kind, ())
        for key in required:
            if key not in effect:
                self.file.error(f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} effect needs '{key}'", *path)
        if "becomes" in effect:
            self.file.known(effect["becomes"], roles, "role", *path, "becomes")
        for k, spared in enumerate(effect.get("spares", [])):
            self.file.known(spared, roles, "role", *path, "spares", k)
        if "precedence" in effect:
            self.precedence((*path, "precedence"), effect["precedence"], roles, suits)
        if "counts_for" in allowed:
            self._counts_for(path, effect)

    def _counts_for(self, path: tuple[str | int, ...], effect: dict[str, Any]) -> None:
        """An effect's ``counts_for``: nothing after ``nobody`` (it would never be
        tried), and ``bonuses`` only where the trick can count for somebody."""
        strategies = effect.get("counts_for", [])
        if NOBODY in strategies[:-1]:
            at = strategies.index(NOBODY)
            self.file.error(
                f"'{strategies[at + 1]}' comes after 'nobody' and is never tried: a trick that counts for "
                "nobody counts for nobody else",
                *path,
                "counts_for",
                at + 1,
            )
        names_somebody = bool(strategies) and strategies[0] != NOBODY
        if "bonuses" in effect and not names_somebody:
            # (an overlay that changed 'counts_for' is told at its change)
            where = self.file.blame((*path, "bonuses"), (*path, "counts_for")) if strategies else (*path, "bonuses")
            said = "counts for nobody" if strategies else "counts for nobody (the default)"
            self.file.error(
                f"'bonuses' says whether a trick the effect leaves without a winner pays its bonuses to "
                f"whoever it counts for, but this effect's trick {said}: give 'counts_for' "
                "(e.g. 'counts_for: [would_have_won_without_effects]') or remove 'bonuses'",
                *where,
            )

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
                self.file.known(value, known, what, *path, key, k)

    def bonuses(self, roles: set[str], suits: set[str], cards: set[str]) -> None:
        self.file.ids(("bonuses",), self.file.data["bonuses"], "bonus")
        for index, bonus in enumerate(self.file.data["bonuses"]):
            if "winner" in bonus:
                self._pattern(bonus["winner"], ("bonuses", index, "winner"), roles, suits, cards)
                if "played" in bonus["winner"]:
                    self.file.error(
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

    def values(self) -> None:
        """The values of the rules that may be formulas of the round's names (a suit's
        ``trump``, a bonus's and an effect's ``points``): each formula compiles over
        those names."""
        d = self.file.data
        suits = d["deck"]["suits"]
        found: list[tuple[Any, str, tuple[str | int, ...]]] = [
            (s.get("trump"), "truth value", ("deck", "suits", i, "trump")) for i, s in enumerate(suits)
        ]
        found += [(b.get("points"), "number", ("bonuses", i, "points")) for i, b in enumerate(d["bonuses"])]
        effects = d.get("effects", {}).get("list", [])
        found += [(e.get("points"), "number", ("effects", "list", i, "points")) for i, e in enumerate(effects)]
        for value, want, path in found:
            if isinstance(value, str):
                self.file.expression(value, RULE_VALUE_NAMES, want, *path)

    def abilities(self, named: dict[str, set[tuple[str, str | None]]], modules: set[str]) -> None:
        """Abilities name a card of the deck (``named``: each id that names cards, a card's
        or a named individual's, with the cards it names as (card id, individual id or
        ``None`` for a copy without a name)), an exchange says how many cards, and every round key a
        sheet may use (wagers, bid changes, leader choices) is distinct. A card grants
        one ability of each kind but exchanges (two are used one after the other); a
        leader-choosing ability is written on sheets (under its sheet key, by default its
        card's id), so it needs a card the deck holds once (a sheet records one choice per
        player and round)."""
        d = self.file.data
        abilities = d.get("abilities", [])
        self.file.ids(("abilities",), abilities, "ability")
        card_ids = set(named)
        # a card's id -> its most copies in a deck a round deals, and the keys that set them
        copies: dict[str, tuple[int, tuple[tuple[str | int, ...], ...]]] = {}
        for _, deck in self.file.decks:
            for i, c in enumerate(deck.get("cards", [])):
                held = max(card_copies(deck, c), copies.get(c["id"], (0, ()))[0])
                copies[c["id"]] = held, (("deck", "cards", i, "count"), ("deck", "copies"))
                for j, ind in enumerate(c.get("individuals", [])):
                    set_by = (("deck", "cards", i, "individuals", j, "copies"), ("deck", "copies"))
                    copies[ind["id"]] = max(individual_copies(deck, ind), copies.get(ind["id"], (0, ()))[0]), set_by
        granted: dict[tuple[str, tuple[str, str | None]], int] = {}  # (kind, card) -> the first ability
        for index, ability in enumerate(abilities):
            kind, plays = ability["kind"], named.get(ability["card"], set())
            if kind == "choose_leader":
                held, by = copies.get(ability["card"], (1, ()))
                if held > 1:
                    self.file.error(
                        f"a 'choose_leader' ability needs a card the deck holds once, but it has {held} "
                        f"'{ability['card']}' (a score sheet records one leader chosen per player and round: "
                        f"'abilities: {{{ability['id']}: null}}' leaves the ability out)",
                        *self.file.blame(("abilities", index, "card"), *by),
                    )
            if kind == "exchange":
                continue
            for play in sorted(plays, key=str):
                first = granted.setdefault((kind, play), index)
                if first != index:
                    there = self.file.at("abilities", first)
                    self.file.error(
                        f"ability '{ability['id']}' is a second '{kind}' ability of card '{play[1] or play[0]}' "
                        f"(after '{abilities[first]['id']}' at {there.file}:{there.line}): a card grants one "
                        "ability of each kind but 'exchange'",
                        "abilities",
                        index,
                        "card",
                    )
                    break
        keys: dict[str, tuple[str | int, ...]] = {}
        for key in ("wagers", "bid_changes"):
            if key in d["scoring"]:
                keys.setdefault(d["scoring"][key]["sheet_key"], ("scoring", key, "sheet_key"))
        for index, ability in enumerate(abilities):
            path: tuple[str | int, ...] = ("abilities", index)
            self.file.known(ability["card"], card_ids, "card", *path, "card")
            if "module" in ability:
                self.file.known(ability["module"], modules, "module", *path, "module")
            exchange = ability["kind"] == "exchange"
            if ability.get("after_last_trick", False) and ability["kind"] in _NOTHING_AFTER_LAST_TRICK:
                self.file.error(
                    f"'after_last_trick' cannot apply to an ability of kind '{ability['kind']}': "
                    f"after the round's last trick {_NOTHING_AFTER_LAST_TRICK[ability['kind']]}",
                    *path,
                    "after_last_trick",
                )
            if exchange and "count" not in ability:
                self.file.error("an 'exchange' ability needs 'count' (the cards drawn and discarded)", *path)
            elif not exchange and "count" in ability:
                self.file.error(f"'count' is only for 'exchange' abilities, not '{ability['kind']}'", *path, "count")
            if "sheet_key" in ability and ability["kind"] != "choose_leader":
                self.file.error(
                    f"'sheet_key' is only for 'choose_leader' abilities, not '{ability['kind']}'", *path, "sheet_key"
                )
                continue
            recorded = sheet_key(ability)
            if recorded is None:
                continue
            given = "sheet_key" in ability
            where = (*path, "sheet_key") if given else path
            if recorded in keys:
                default = "" if given else " (the card's id: the ability gives no 'sheet_key')"
                self.file.error(f"sheet key '{recorded}'{default} is used twice", *where)
            else:
                keys[recorded] = where
        for recorded, where in keys.items():
            if recorded in (*ROUND_KEYS, "loads"):
                listed = ", ".join(ROUND_KEYS)
                self.file.error(f"sheet key '{recorded}' is a round key of every sheet ({listed}, loads)", *where)
