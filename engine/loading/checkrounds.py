"""The checks of an edition's rounds a JSON Schema cannot express (:class:`RoundRules`,
a part of :class:`~skullking.loading.checks.Checker`): the scoring schemes and their
loads, who leads and how bids are made, the schedules; and whether the smallest deck of
a game can deal a round (:func:`short_deal`, which :mod:`skullking.loading.playable` asks
of the tie-break rounds too)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from skullking.core.errors import ExpressionError, FormulaError
from skullking.language.expr import HIDDEN, SEAT_SCOPE, Expression, compile_expression
from skullking.language.notation import normalize
from skullking.loading.checkfile import FORMULA_NAME, CheckedFile
from skullking.model.records import (
    BID_RANGE_NAMES,
    CASE_NAMES,
    EXTRA_ROUND_NAMES,
    HAND_LIMIT_NAMES,
    POINTS,
    TIE_BREAKER_NAMES,
    adjustment_names,
    bid_rule_names,
    card_copies,
    card_ids,
    case_names,
    deck_at,
    deck_formulas,
    default,
    ghost_plays,
    made_names,
    played_card_name,
    played_name,
    played_names,
    seat_names,
    suit_cards,
)

#: What a case or ``made`` that reads ``points`` is told.
_ADJUSTMENTS_ONLY = {
    POINTS: "it is the points of the case that applied, which only the scheme's adjustments read",
}
#: Why a seat formula reads a player's name only inside a seat aggregate.
_EACH_PLAYERS = {
    name: "it is each player's: a seat formula reads it inside seat_of_highest(...) or seat_of_lowest(...), "
    f"e.g. seat_of_highest({name})"
    for name in SEAT_SCOPE
    if name not in HIDDEN
}


class RoundRules:
    """The checks of the rounds of ``file``; each adds its problems to ``file``."""

    def __init__(self, file: CheckedFile) -> None:
        self.file = file

    def scoring(self) -> None:
        """The scoring schemes: their loads and the names of these, their cases,
        adjustments and formulas."""
        scoring = self.file.data["scoring"]
        schemes = self.file.ids(("scoring", "schemes"), scoring["schemes"], "scheme")
        self.file.known(scoring["default"], schemes, "scoring scheme", "scoring", "default")
        self._played_names()
        played = played_names(
            [r["id"] for r in self.file.data["roles"]], card_ids(self.file.data["deck"].get("cards", []))
        )
        if "extra_round_cards" in scoring:
            self.file.expression(
                scoring["extra_round_cards"], EXTRA_ROUND_NAMES, "number", "scoring", "extra_round_cards"
            )
            if scoring.get("ties", "shared") != "extra_round":
                self.file.error(
                    "'extra_round_cards' needs 'ties: extra_round' (shared first places play no extra round)",
                    *self.file.blame(("scoring", "extra_round_cards"), ("scoring", "ties")),
                )
        for key, seat in (("extra_round_dealer", "dealer"), ("extra_round_leader", "first_leader")):
            if key not in scoring:
                continue
            self.file.expression(scoring[key], seat_names(seat), "number", "scoring", key, elsewhere=_EACH_PLAYERS)
            if scoring.get("ties", "shared") != "extra_round":
                self.file.error(
                    f"'{key}' needs 'ties: extra_round' (shared first places play no extra round)",
                    *self.file.blame(("scoring", key), ("scoring", "ties")),
                )
        if "tie_breaker" in scoring:
            self.file.expression(scoring["tie_breaker"], TIE_BREAKER_NAMES, "number", "scoring", "tie_breaker")
        # Only where this file says who wins a tie break: an overlay that shares first
        # places on a base that breaks ties by another round leaves the base's value moot.
        sets = "tie_break_winner" in scoring and self.file.sets("scoring", "tie_break_winner")
        if sets and scoring.get("ties", "shared") != "extra_round":
            self.file.error(
                "'tie_break_winner' needs 'ties: extra_round' (shared first places play no tie-break round)",
                "scoring",
                "tie_break_winner",
            )
        for index, scheme in enumerate(scoring["schemes"]):
            path = ("scoring", "schemes", index)
            self.file.expression(
                scheme["made"], made_names(played), "truth value", *path, "made", elsewhere=_ADJUSTMENTS_ONLY
            )
            loads = scheme.get("loads", [])
            taken = (*CASE_NAMES, POINTS, *played)
            first: dict[str, int] = {}
            for k, load in enumerate(loads):
                if load in first:
                    # One name, one value in the cases: a second entry would be a second
                    # name the formulas cannot tell apart.
                    there, here = self.file.at(*path, "loads", first[load]), self.file.at(*path, "loads", k)
                    at = f"column {there.column}" if there.line == here.line else f"line {there.line}"
                    self.file.error(f"load '{load}' is listed twice (first at {at})", *path, "loads", k)
                    continue
                first[load] = k
                if not FORMULA_NAME.match(load) or load in taken:
                    self.file.error(
                        f"load '{load}' cannot be used: loads are names in the cases, so they take letters, "
                        f"digits and '_' only and must not be one of {', '.join(taken)}",
                        *path,
                        "loads",
                        k,
                    )
            self._load_names(path, scheme, loads)
            names = case_names(played, scheme)
            cases = scheme["cases"]
            self.file.ids((*path, "cases"), cases, "case")
            for k, case in enumerate(cases):
                step: tuple[str | int, ...] = (*path, "cases", k)
                if "when" in case:
                    self.file.expression(case["when"], names, "truth value", *step, "when", elsewhere=_ADJUSTMENTS_ONLY)
                self.file.expression(case["points"], names, "number", *step, "points", elsewhere=_ADJUSTMENTS_ONLY)
            adjustments = scheme.get("adjustments", [])
            self.file.ids((*path, "adjustments"), adjustments, "adjustment")
            adjusted = adjustment_names(played, scheme)
            for k, adjustment in enumerate(adjustments):
                step = (*path, "adjustments", k)
                if "when" in adjustment:
                    self.file.expression(adjustment["when"], adjusted, "truth value", *step, "when")
                self.file.expression(adjustment["points"], adjusted, "number", *step, "points")
            for k, case in enumerate(cases[:-1]):
                if "when" not in case:
                    for later in range(k + 1, len(cases)):
                        self.file.add(
                            self.file.at(*path, "cases", later).problem(
                                f"case '{cases[later]['id']}' can never apply: case '{case['id']}' before it has "
                                "no 'when' (put it before, with 'before:')",
                                severity="warning",
                            )
                        )
                    break
            if "otherwise" in scheme and "when" not in cases[-1] and self.file.sets(*path, "otherwise"):
                self.file.error(
                    "'otherwise' applies to results no case covers, but the last case has no 'when' and "
                    "covers every result",
                    *path,
                    "otherwise",
                )
            if "when" in cases[-1] and scheme.get("otherwise", "required") == "required":
                last = (*path, "cases", len(cases) - 1)
                self.file.error(
                    "the last case must have no 'when', so that every result gets points (or say 'otherwise: zero')",
                    *self.file.blame(last, (*path, "cases"), (*path, "otherwise")),
                )

    def _played_names(self) -> None:
        """A role's ``played_<role>`` name and a card's ``played_card_<card>`` name must
        differ (a role ``card_loot`` beside a card ``loot``): one name, one count."""
        roles = {played_name(role["id"]): k for k, role in enumerate(self.file.data["roles"])}
        for i, card in enumerate(self.file.data["deck"].get("cards", [])):
            named: list[tuple[str, tuple[str | int, ...]]] = [(card["id"], ("deck", "cards", i, "id"))]
            named += [
                (ind["id"], ("deck", "cards", i, "individuals", j, "id"))
                for j, ind in enumerate(card.get("individuals", []))
            ]
            for ident, where in named:
                name = played_card_name(ident)
                if name is not None and name in roles:
                    role = ("roles", roles[name], "id")
                    self.file.error(
                        f"formula name '{name}' would count two things: the cards played in role "
                        f"'{self.file.data['roles'][roles[name]]['id']}' and the cards of card '{ident}'; "
                        "give the role another id",
                        *self.file.blame(role, where),
                    )

    def cards_named(self, cards: set[str], modules: set[str]) -> None:
        """The card and module the wagers and the bid changes name (``cards``: the ids
        that name a card, a named individual's too)."""
        for key in ("wagers", "bid_changes"):
            choice = self.file.data["scoring"].get(key)
            if choice is not None and "card" in choice:
                self.file.known(choice["card"], cards, "card", "scoring", key, "card")
            if choice is not None and "module" in choice:
                self.file.known(choice["module"], modules, "module", "scoring", key, "module")

    def play_and_bidding(self) -> None:
        """Seat formulas, the range of a bid and the bidding rules."""
        play = self.file.data.get("play", {})
        for key in ("dealer", "first_leader"):
            if key in play:
                self.file.expression(play[key], seat_names(key), "number", "play", key, elsewhere=_EACH_PLAYERS)
        bidding = self.file.data.get("bidding", {})
        for key in ("min", "max"):
            if key in bidding:
                self.file.expression(bidding[key], BID_RANGE_NAMES, "number", "bidding", key)
        order = bidding.get("order", "simultaneous")
        if "first_bidder" in bidding:
            if order != "in_turn":
                self.file.error(
                    "'first_bidder' needs 'order: in_turn' (simultaneous bids have no first)", "bidding", "first_bidder"
                )
            else:
                self.file.expression(
                    bidding["first_bidder"],
                    seat_names("first_bidder"),
                    "number",
                    "bidding",
                    "first_bidder",
                    elsewhere=_EACH_PLAYERS,
                )
        rules = bidding.get("rules", [])
        self.file.ids(("bidding", "rules"), rules, "bidding rule")
        for k, rule in enumerate(rules):
            self.file.expression(
                rule["require"], bid_rule_names(order), "truth value", "bidding", "rules", k, "require"
            )

    def _load_names(self, path: tuple[str | int, ...], scheme: dict[str, Any], loads: list[str]) -> None:
        """Other names belong to loads of the scheme, and each names one load only."""
        named: dict[tuple[str, ...], str] = {normalize(load): load for load in loads}
        for load, languages in scheme.get("load_names", {}).items():
            if not self.file.known(load, loads, "load", *path, "load_names", load):
                continue
            for language, names in languages.items():
                for k, name in enumerate(names):
                    other = named.setdefault(normalize(name), load)
                    if other != load:
                        self.file.error(
                            f"the name '{name}' is already a name of load '{other}'",
                            *path,
                            "load_names",
                            load,
                            language,
                            k,
                        )

    def schedule(self, *, count_deck: bool) -> None:
        """The schedules and the hand limit; with ``count_deck`` (the deck's suits, cards and
        modules being sound), whether the deck deals the largest round (as the hand limit
        caps it) at every player count."""
        d = self.file.data
        schedule = d["schedule"]
        variants = self.file.ids(("schedule", "variants"), schedule["variants"], "schedule")
        self.file.known(schedule["default"], variants, "schedule", "schedule", "default")
        limit = None
        if "hand_limit" in schedule:
            limit = self.file.expression(schedule["hand_limit"], HAND_LIMIT_NAMES, "number", "schedule", "hand_limit")
            if limit is None:
                return
        if not count_deck:
            return
        ghost = d.get("ghost")
        counted = bool(deck_formulas(d["deck"]))
        largest = max(max(v["rounds"]) for v in schedule["variants"])
        blame = self.file.blame(("players", "max"), ("schedule", "hand_limit"), ("schedule", "variants"), ("deck",))
        for players in range(d["players"]["min"], d["players"]["max"] + 1):
            # the ghost hand of small games is dealt like a player's, and the hand limit
            # counts it (as a round deals it)
            hands = players + ghost_plays(None if ghost is None else ghost["players"], players)
            try:
                hand = largest if limit is None else min(largest, limit.evaluate({"players": hands}))
            except FormulaError as exc:
                self.file.error(str(exc), "schedule", "hand_limit")
                break
            if hand < 1:
                self.file.error(
                    f"hand_limit gives {hand} cards for {hands} players; every hand needs one",
                    "schedule",
                    "hand_limit",
                )
                break
            short = None if counted else short_deal(d, players, hands, hand, each=f"{hand} cards")
            if short is not None:
                self.file.error(f"the deck is too small: {short}; lower 'hand_limit' or players.max", *blame)
                break
        else:
            if counted:  # a deck a formula of the round: each round's deck deals it
                self._each_round_dealt(blame)

    def _each_round_dealt(self, blame: tuple[str | int, ...]) -> None:
        """Whether each round a schedule deals is dealt by its own deck (where the deck's
        counts are formulas of the round); else the error, naming the round."""
        d = self.file.data
        ghost = d.get("ghost")
        for values, where, tie_break in deals(d):
            if tie_break:  # (a tie-break round the deck cannot deal: the analysis warns)
                continue
            players, cards = values["players"], values["cards"]
            hands = players + ghost_plays(None if ghost is None else ghost["players"], players)
            short = short_deal(d, players, hands, cards, each=f"{cards} cards", at=values)
            if short is not None:
                self.file.error(f"the deck is too small {where}: {short}", *blame)
                break


def deck_size(data: dict[str, Any], players: int, at: dict[str, int] | None = None) -> int:
    """The cards of the smallest deck a game of ``players`` can use (an edition's plain
    data): its suits and cards of the modules that cannot be left out and are used at
    that player count; where the deck's counts are formulas of the round, the deck of
    the round whose names have the values ``at`` (by default the file's own numbers)."""
    used = {m["id"] for m in data["modules"] if not m.get("optional", False) and m.get("min_players", 1) <= players}
    deck = data["deck"] if at is None else deck_at(data["deck"], at)
    size = sum(suit_cards(deck, s) for s in deck["suits"] if s.get("module", "base") in used)
    return int(size + sum(card_copies(deck, c) for c in deck.get("cards", []) if c.get("module", "base") in used))


def short_deal(
    data: dict[str, Any], players: int, hands: int, cards: int, *, each: str, at: dict[str, int] | None = None
) -> str | None:
    """Why the smallest deck of a game of ``players`` (:func:`deck_size`, in the round
    whose names have the values ``at``) cannot deal ``cards`` to each of ``hands`` hands
    (the players', and the ghost's where it plays), ``each`` saying those cards in
    words: ``5 players x 10 cards = 50 cards, but the deck without optional modules has
    46``; ``None`` when it can."""
    size = deck_size(data, players, at)
    if hands * cards <= size:
        return None
    table = f"{players} players and the ghost hand" if hands > players else f"{players} players"
    return f"{table} x {each} = {hands * cards} cards, but the deck without optional modules has {size}"


def deals(d: dict[str, Any]) -> Iterator[tuple[dict[str, int], str, bool]]:
    """The values of the round's names in every round an edition file's schedules deal
    at every player count (the cards as the hand limit caps them), and in the tie-break
    round after each where ties are played off, each with the round in words and
    whether it is a tie-break round (what a count of the deck written as a formula is
    checked over). A hand limit or a
    tie-break round's cards that cannot be worked out is left to its own check."""

    def formula(source: Any, names: tuple[str, ...]) -> Expression | None:
        try:
            return compile_expression(str(source), names, "number")
        except ExpressionError:
            return None

    schedule, ghost = d["schedule"], d.get("ghost")
    limit = formula(schedule["hand_limit"], HAND_LIMIT_NAMES) if "hand_limit" in schedule else None
    extra = None
    if d["scoring"].get("ties", default("scoring", "ties")) == "extra_round":
        written = d["scoring"].get("extra_round_cards", default("scoring", "extra_round_cards"))
        extra = formula(written, EXTRA_ROUND_NAMES)

    def dealt(cards: int, players: int) -> int:
        hands = players + ghost_plays(None if ghost is None else ghost["players"], players)
        try:
            return cards if limit is None else min(cards, int(limit.evaluate({"players": hands})))
        except FormulaError:
            return cards

    for variant in schedule["variants"]:
        rounds = len(variant["rounds"])
        for players in range(d["players"]["min"], d["players"]["max"] + 1):
            for number, cards in enumerate(variant["rounds"], start=1):
                values = {"round": number, "cards": dealt(cards, players), "players": players}
                values.update(rounds=rounds, last_round=int(number == rounds))
                yield values, f"in round {number} of schedule '{variant['id']}' with {players} players", False
        for tied in range(2, d["players"]["max"] + 1):
            if extra is None:
                break
            try:
                cards = int(extra.evaluate({"last_cards": dealt(variant["rounds"][-1], tied), "players": tied}))
            except FormulaError:
                continue
            values = {"round": rounds + 1, "cards": cards, "players": tied, "rounds": rounds, "last_round": 0}
            yield values, f"in the tie-break round after schedule '{variant['id']}' with {tied} players", True
