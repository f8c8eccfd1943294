"""The checks of an edition's rounds a JSON Schema cannot express (see
:mod:`skullking.loading.checks`): the scoring schemes and their loads, who leads and how bids
are made, the schedules."""

from __future__ import annotations

from typing import Any

from skullking.core.errors import FormulaError
from skullking.loading.checkbase import _VARIABLE, CheckerBase
from skullking.model.records import (
    CASE_NAMES,
    EXTRA_ROUND_NAMES,
    HAND_LIMIT_NAMES,
    ROUND_NAMES,
    SEAT_NAMES,
)


class RoundChecks(CheckerBase):
    """The rounds' checks (a part of :class:`~skullking.loading.checks.Checker`)."""

    def _scoring(self) -> None:
        from skullking.model.records import case_names, made_names, played_names

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
            first: dict[str, int] = {}
            for k, load in enumerate(loads):
                if load in first:
                    # One name, one value in the cases: a second entry would be a second
                    # name the formulas cannot tell apart.
                    there, here = self.at(*path, "loads", first[load]), self.at(*path, "loads", k)
                    at = f"column {there.column}" if there.line == here.line else f"line {there.line}"
                    self.error(f"load '{load}' is listed twice (first at {at})", *path, "loads", k)
                    continue
                first[load] = k
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
        from skullking.model.records import bid_rule_names

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
        from skullking.language.notation import normalize

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
        ghost = d.get("ghost")
        largest = max(max(v["rounds"]) for v in schedule["variants"])
        blame = self._blame(("players", "max"), ("schedule", "hand_limit"), ("schedule", "variants"), ("deck",))
        for players in range(d["players"]["min"], d["players"]["max"] + 1):
            # the ghost hand of small games is dealt like a player's, and the hand limit
            # counts it (as a round deals it)
            hands = players + (1 if ghost is not None and ghost["players"] == players else 0)
            try:
                hand = largest if limit is None else min(largest, limit.evaluate({"players": hands}))
            except FormulaError as exc:
                self.error(str(exc), "schedule", "hand_limit")
                break
            if hand < 1:
                self.error(
                    f"hand_limit gives {hand} cards for {hands} players; every hand needs one",
                    "schedule",
                    "hand_limit",
                )
                break
            size = deck_size(d, players)
            if hands * hand > size:
                table = f"{players} players and the ghost hand" if hands > players else f"{players} players"
                self.error(
                    f"the deck is too small: {table} x {hand} cards = {hands * hand} cards, "
                    f"but the deck without optional modules has {size}; lower 'hand_limit' or players.max",
                    *blame,
                )
                break


def deck_size(data: dict[str, Any], players: int) -> int:
    """The cards of the smallest deck a game of ``players`` can use (an edition's plain
    data): its suits and cards of the modules that cannot be left out and are used at
    that player count."""
    used = {m["id"] for m in data["modules"] if not m.get("optional", False) and m.get("min_players", 1) <= players}
    deck = data["deck"]
    size = sum(s["ranks"]["to"] - s["ranks"]["from"] + 1 for s in deck["suits"] if s.get("module", "base") in used)
    return int(size + sum(c.get("count", 1) for c in deck.get("cards", []) if c.get("module", "base") in used))
