"""The checks of an edition a JSON Schema cannot express: ids, references between
items, codes and names, formulas (parsed and name- and type-checked), abilities,
scoring, schedules, bidding and the sizes of :mod:`skullking.core.limits`. Every problem is
located at the node that caused it, in the file that set it (the overlay where an
overlay changed it).

:class:`Checker` runs them all, in the order their problems are reported. It checks
the edition as a whole itself (the sizes, the ids, the deck's suits and cards, their
codes and names, the ghost hand) and has two parts for the rest: :class:`TrickRules`
(:mod:`skullking.loading.checktricks`: precedence, effects, bonuses, abilities) and
:class:`RoundRules` (:mod:`skullking.loading.checkrounds`: scoring, schedules, who
leads and bids). All three add to one :class:`CheckedFile`
(:mod:`skullking.loading.checkfile`): the file's tree and the problems found in it."""

from __future__ import annotations

from typing import Any

from skullking.core.errors import FormulaError, Problem
from skullking.core.limits import MAX_COPIES, MAX_DECK_CARDS, MAX_PLAYERS, MAX_RANKS, MAX_ROUNDS
from skullking.language.notation import name_words
from skullking.loading.checkfile import FORMULA_NAME, CheckedFile
from skullking.loading.checkrounds import RoundRules, deals
from skullking.loading.checktricks import TrickRules
from skullking.loading.schema import describe
from skullking.model.records import (
    DECK_NAMES,
    RESERVED_OF,
    TRICK_NAMES,
    TRICK_ROUND_NAMES,
    card_copies,
    deck_at,
    deck_formulas,
    suit_cards,
)
from skullking.reading.located import Node

#: Words a role id cannot be: the other names of a precedence condition.
_TRICK_WORDS = frozenset((*TRICK_NAMES, *TRICK_ROUND_NAMES))


class Checker:
    """The checks a JSON Schema cannot express of the edition whose merged tree is
    ``root`` (``top``: the file being checked, ``sources``: the text of each file read);
    :meth:`run` them, then read ``problems``."""

    def __init__(self, root: Node, sources: dict[str, str] | None = None, top: str = "") -> None:
        self.file = CheckedFile(root, sources, top)
        self.tricks = TrickRules(self.file)
        self.rounds = RoundRules(self.file)

    @property
    def problems(self) -> list[Problem]:
        """The problems found, in the order found."""
        return self.file.problems

    def run(self) -> None:
        """Every check, in the order their problems are reported; past the sizes of the
        limits, none (see :meth:`_limits`)."""
        file, d = self.file, self.file.data
        if not self._limits():
            return
        modules = file.ids(("modules",), d["modules"], "module")
        roles = file.ids(("roles",), d["roles"], "role")
        self._role_names()
        suits = file.ids(("deck", "suits"), d["deck"]["suits"], "suit")
        cards = file.ids(("deck", "cards"), d["deck"].get("cards", []), "card")
        effects_section = d.get("effects", {})
        effects = file.ids(("effects", "list"), effects_section.get("list", []), "effect")
        self._suits(modules, roles)
        self._codes_and_names()
        alliances = {e["id"] for e in effects_section.get("list", []) if e["kind"] == "alliance"}
        self._cards(modules, roles, effects, alliances)
        if "cancelled_role" in effects_section:
            file.known(effects_section["cancelled_role"], roles, "role", "effects", "cancelled_role")
        self.tricks.precedence(("precedence",), d["precedence"], roles, suits)
        self.tricks.effects(roles, suits)
        self.tricks.when_several(alliances)
        self.tricks.bonuses(roles, suits, cards)
        self.tricks.values()
        self.rounds.scoring()
        self.rounds.schedule(count_deck=not file.problems)  # the count needs sound suits, cards, modules
        named = self._card_ids()
        self.rounds.cards_named(set(named), modules)
        self.tricks.abilities(named, modules)
        self.rounds.play_and_bidding()
        if "ghost" in d:
            self._ghost(roles)
        if d["players"]["min"] > d["players"]["max"]:
            file.error("players: 'min' is above 'max'", "players")

    def _limits(self) -> bool:
        """The sizes of :mod:`skullking.core.limits`: players, ranks, deck and rounds. Returns
        whether the edition stays within them (past them nothing more is checked: the
        other checks would do the work the limits are there to spare)."""
        d = self.file.data
        before = len(self.file.problems)
        if d["players"]["max"] > MAX_PLAYERS:
            most = d["players"]["max"]
            self.file.error(
                f"players.max is {most:,}: the most an edition may allow is {MAX_PLAYERS}", "players", "max"
            )

        for index, suit in enumerate(d["deck"]["suits"]):
            ranks = suit["ranks"]["to"] - suit["ranks"]["from"] + 1
            if ranks > MAX_RANKS:
                message = f"suit '{suit['id']}' has {ranks:,} ranks: the most a suit may have is {MAX_RANKS}"
                self.file.error(message, "deck", "suits", index, "ranks")
        for index, variant in enumerate(d["schedule"]["variants"]):
            if len(variant["rounds"]) > MAX_ROUNDS:
                self.file.error(
                    f"schedule '{variant['id']}' has {len(variant['rounds'])} rounds: the most a schedule may have "
                    f"is {MAX_ROUNDS}",
                    *("schedule", "variants", index, "rounds", MAX_ROUNDS),
                )
        if len(self.file.problems) != before:
            return False
        decks = self._decks()
        if decks is None:
            return False
        self.file.decks = decks
        for where, deck in decks:
            if not self._deck_size(deck, where):
                break
        return len(self.file.problems) == before

    def _decks(self) -> list[tuple[str, dict[str, Any]]] | None:
        """The decks the rounds of a game deal, each distinct one once, with where it is
        dealt in words (empty when every count of the deck is a number: one deck); ``None``
        after an error in a count written as a formula (it does not compile, or gives
        no whole number from 1 to the most copies in some round)."""
        d = self.file.data
        written = deck_formulas(d["deck"])
        if not written:
            return [("", d["deck"])]
        compiled = [(path, self.file.expression(text, DECK_NAMES, "number", *path)) for path, text in written]
        if any(formula is None for _, formula in compiled):
            return None
        reads = sorted(set().union(*(formula.variables for _, formula in compiled)))
        found: dict[tuple[Any, ...], tuple[str, dict[str, Any]]] = {}
        wrong: set[tuple[str | int, ...]] = set()
        for values, where, _ in deals(d):
            key = tuple(values[name] for name in reads)
            if key in found:
                continue
            for path, formula in compiled:
                try:
                    value = formula.evaluate(values)
                except FormulaError as exc:
                    value, why = None, f"cannot be worked out {where}: {exc}"
                else:
                    why = f"is {value} {where}: a deck holds each card 1 to {MAX_COPIES} times"
                if (value is None or not 1 <= value <= MAX_COPIES) and path not in wrong:
                    wrong.add(path)
                    self.file.error(f"{describe(self.file.root, path)} {why}", *path)
            if not wrong:
                found[key] = (where, deck_at(d["deck"], values))
        return None if wrong else list(found.values())

    def _deck_size(self, deck: dict[str, Any], where: str) -> bool:
        """Whether ``deck`` (dealt ``where``) holds at most the cards a deck may hold;
        else the error, blamed on the suit or card that crosses the limit."""
        dealt = f" {where}" if where else ""
        cards = 0
        for index, suit in enumerate(deck["suits"]):
            cards += suit_cards(deck, suit)
            if cards > MAX_DECK_CARDS:  # (or on deck.copies, where the checked file sets it and not the suit)
                self.file.error(
                    f"the deck holds more than {MAX_DECK_CARDS:,} cards{dealt}, the most a deck may hold",
                    *self.file.blame(("deck", "suits", index), ("deck", "copies")),
                )
                return False
        for index, card in enumerate(deck.get("cards", [])):
            cards += card_copies(deck, card)
            if cards > MAX_DECK_CARDS:  # blamed on the card that crosses the limit
                own: tuple[str | int, ...] = (
                    ("deck", "cards", index, "count") if "count" in card else ("deck", "cards", index)
                )
                where_ = self.file.blame(own, ("deck", "copies"))
                self.file.error(
                    f"the deck holds more than {MAX_DECK_CARDS:,} cards{dealt}, the most a deck may hold", *where_
                )
                return False
        return True

    def _role_names(self) -> None:
        """Role ids are names in conditions."""
        for index, role in enumerate(self.file.data["roles"]):
            if role["id"] in RESERVED_OF or not FORMULA_NAME.match(role["id"]) or role["id"] in _TRICK_WORDS:
                self.file.error(
                    f"role id '{role['id']}' cannot be used: role ids are names in conditions, so they "
                    "take letters, digits and '_' only and must not be one of "
                    + ", ".join(sorted(RESERVED_OF | _TRICK_WORDS)),
                    "roles",
                    index,
                    "id",
                )

    def _suits(self, modules: set[str], roles: set[str]) -> None:
        for index, suit in enumerate(self.file.data["deck"]["suits"]):
            if suit["id"] in RESERVED_OF or suit["id"] in roles:
                self.file.error(
                    f"suit id '{suit['id']}' is also a role id or a reserved word", "deck", "suits", index, "id"
                )
            if suit["ranks"]["from"] > suit["ranks"]["to"]:
                self.file.error("'from' is above 'to'", "deck", "suits", index, "ranks")
            self.file.known(suit.get("module", "base"), modules, "module", "deck", "suits", index, "module")

    def _cards(self, modules: set[str], roles: set[str], effects: set[str], alliances: set[str]) -> None:
        """The deck's special cards: what they name, their role or declarations, their
        named individuals."""
        for index, card in enumerate(self.file.data["deck"].get("cards", [])):
            path = ("deck", "cards", index)
            self.file.known(card.get("module", "base"), modules, "module", *path, "module")
            if ("role" in card) == ("declare" in card):
                self.file.error(
                    f"card '{card['id']}' needs exactly one of 'role' (fixed) and 'declare' (chosen when played)", *path
                )
            if "role" in card:
                self.file.known(card["role"], roles, "role", *path, "role")
            for j, choice in enumerate(card.get("declare", [])):
                self.file.known(choice["role"], roles, "role", *path, "declare", j, "role")
            if "effect" in card:
                self.file.known(card["effect"], effects, "effect", *path, "effect")
            individuals = card.get("individuals", [])
            self.file.ids((*path, "individuals"), individuals, "individual")
            for where, deck in self.file.decks:  # (the card's copies in each deck a round deals)
                dealt = deck["cards"][index]
                named = sum(individual.get("copies", 1) for individual in dealt.get("individuals", []))
                if named > dealt.get("count", 1):
                    cards = f" ({named} cards)" if named > len(individuals) else ""
                    what = f"{len(individuals)} named individuals{cards}"
                    there = f" {where}" if where else ""
                    self.file.error(f"{what} but only {dealt.get('count', 1)} copies{there}", *path, "individuals")
                    break
            if "effect" in card and card["effect"] in effects and card["effect"] not in alliances and "declare" in card:
                self.file.error("a trick-altering card cannot be declared", *path, "declare")

    def _ghost(self, roles: set[str]) -> None:
        """The ghost hand: what it declares, the player count it plays at, its seat and name."""
        d, file = self.file.data, self.file
        file.known(d["ghost"]["declares"], roles, "role", "ghost", "declares")
        low, high = d["players"]["min"], d["players"]["max"]
        if low <= high and not low <= d["ghost"]["players"] <= high:
            file.error(
                f"ghost.players ({d['ghost']['players']}) is not a player count of this edition ({low}-{high})",
                *file.blame(("ghost", "players"), ("players", "min"), ("players", "max")),
            )
        elif low <= high and d["ghost"]["players"] == high:
            # Tricks are sized by the players an edition allows: the ghost's extra
            # card would make a trick larger than any the edition can resolve.
            file.error(
                f"ghost.players ({high}) is players.max: the ghost hand makes tricks of {high + 1} cards, "
                f"but a trick holds at most players.max cards; raise players.max to {high + 1}",
                *file.blame(("ghost", "players"), ("players", "max")),
            )
        if d["ghost"]["position"] > d["ghost"]["players"] + 1:
            file.error("ghost.position is after the last player of the trick", "ghost", "position")
        defaults = [f"P{n}" for n in range(1, d["ghost"]["players"] + 1)]
        if d["ghost"]["name"] in defaults:
            # The tools call the players of a game without names P1, P2, ...: the
            # ghost hand of those games would sit at the table twice.
            file.error(
                f"ghost.name '{d['ghost']['name']}' is the name a player of a {d['ghost']['players']}-player "
                f"game gets when none is given ({', '.join(defaults)}); give the ghost hand another name",
                *file.blame(("ghost", "name"), ("ghost", "players")),
            )

    def _card_ids(self) -> dict[str, set[tuple[str, str | None]]]:
        """The ids that name cards (a card's, a named individual's: what abilities, wagers
        and bid changes name), each with the cards it names as (card id, individual id
        or ``None`` for a copy without a name). An id of both a card and an individual,
        or of two individuals, is an error: it would name two cards."""
        out: dict[str, set[tuple[str, str | None]]] = {}
        where: dict[str, tuple[str | int, ...]] = {}
        for i, card in enumerate(self.file.data["deck"].get("cards", [])):
            individuals = card.get("individuals", [])
            plays: set[tuple[str, str | None]] = {(card["id"], ind["id"]) for ind in individuals}
            for _, deck in self.file.decks:  # (a copy without a name in some deck a round deals)
                dealt = deck["cards"][i]
                if dealt.get("count", 1) > sum(ind.get("copies", 1) for ind in dealt.get("individuals", [])):
                    plays.add((card["id"], None))
            out.setdefault(card["id"], plays)
            where.setdefault(card["id"], ("deck", "cards", i, "id"))
        for i, card in enumerate(self.file.data["deck"].get("cards", [])):
            for j, ind in enumerate(card.get("individuals", [])):
                path: tuple[str | int, ...] = ("deck", "cards", i, "individuals", j, "id")
                ident = ind["id"]
                if ident in where and where[ident] != path:
                    here, there = path, where[ident]
                    if self.file.sets(*there) and not self.file.sets(*here):
                        here, there = there, here  # said where the checked file set it
                    first = self.file.at(*there)
                    self.file.error(
                        f"id '{ident}' is also the id of the card at {first.file}:{first.line}: abilities, "
                        "wagers and bid changes name a card by its id, so every card and named individual "
                        "needs an id of its own",
                        *here,
                    )
                    continue
                out[ident] = {(card["id"], ident)}
                where[ident] = path
        return out

    def _codes_and_names(self) -> None:
        """Codes and names must each say one card: the same word for two cards is an error
        (one card may repeat a word across languages); numbers are for ranks."""
        d = self.file.data
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
                self.file.error(f"{what} '{key}' has no word in it", *path)
                return
            if special and words[-1].isdigit():
                self.file.error(
                    f"{what} '{key}' ends in a number, which reads as a rank; name the card in words", *path
                )
                return
            if words in table and table[words][0] != owner:
                first_owner, first_path = table[words]
                here, here_owner, there, there_owner = path, owner, first_path, first_owner
                if self.file.sets(*first_path) and not self.file.sets(*path):
                    here, here_owner, there, there_owner = first_path, first_owner, path, owner
                node = self.file.root.at(here)
                text = node.value if node is not None else key
                other = self.file.at(*there)
                self.file.error(
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
