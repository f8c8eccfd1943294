"""Scoring game sheets: bids and results per round, or the whole play, into points.

A sheet names its players and lists its rounds. Each round gives the bids and either
the results (``won``, and optionally ``bonuses``, ``loot``) or the whole play
(``leader`` and ``tricks``), from which the results are computed by the trick
resolver. Points come from the edition's scoring scheme::

    players: [Emma, Nico, Pat, Lea]
    rounds:
      - cards: 6
        bids: {Emma: 1, Nico: 2, Pat: 2, Lea: 1}
        won:  {Emma: 1, Nico: 2, Pat: 1, Lea: 1}
        loot: [[Emma, Nico]]

Every problem of a sheet is collected and raised at once as a
:class:`~skullking.errors.SheetError`, each located at its file, line and column
and prefixed with the round (``sheet.yaml:7:14: round 2: bid 7 for Emma is out of
range 0..6``).

This module reads the sheet and its rounds; :mod:`skullking.sheetbonus` checks the
bonuses and alliances a round claims, :mod:`skullking.sheetplay` replays a round given
as its whole play, and :mod:`skullking.rounds` works out a round's points (shared with
:mod:`skullking.game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bidding import bid_range, bidding_order, broken_rules, first_leader
from .errors import FormulaError, Problem, SheetError
from .limits import MAX_EXTRA, MAX_ROUNDS
from .located import Location, Node, decode, parse_yaml
from .model import (
    ROUND_KEYS,
    Ability,
    Ghost,
    Scheme,
    SheetChoice,
)
from .rounds import RoundScore, leader_ability, played_names_used, round_points, standings
from .sheetbonus import BonusClaims
from .sheetplay import PlayReplay
from .suggest import did_you_mean, unknown

if TYPE_CHECKING:
    from .cards import Play
    from .edition import Edition

SHEET_KEYS = ("edition", "players", "rounds", "scoring", "schedule", "modules")


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetScore:
    """A scored sheet: every round, the totals, and the player(s) with the highest total."""

    edition: str
    players: tuple[str, ...]
    rounds: tuple[RoundScore, ...]
    totals: Mapping[str, int]
    winners: tuple[str, ...]
    tie_break: str | None = None
    #: The schedule's rounds the sheet does not have yet (a game still going on).
    missing_rounds: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the sheet has every round of its schedule."""
        return not self.missing_rounds

    def as_json(self) -> dict[str, Any]:
        """The ``skullking score --format json`` record (each round also gives the bids,
        after any bid change, and the tricks won); ``tie_break`` ("extra_round")
        appears only when the game ended in a tie that the edition breaks with another
        round of the tied players; ``complete`` says whether every round of the
        schedule is on the sheet, and ``missing_rounds`` lists those that are not."""
        record: dict[str, Any] = {
            "edition": self.edition,
            "players": list(self.players),
            "rounds": [
                {"cards": r.cards, "points": dict(r.points), "bids": dict(r.bids), "won": dict(r.won)}
                for r in self.rounds
            ],
            "totals": dict(self.totals),
            "winners": list(self.winners),
            "complete": self.complete,
            "missing_rounds": list(self.missing_rounds),
        }
        if self.tie_break is not None:
            record["tie_break"] = self.tie_break
        return record


def _from_plain(value: Any, file: str) -> Node:
    """Wrap plain data (no positions known) as a located tree."""
    loc = Location(file, 0, 0)
    if isinstance(value, Mapping):
        # every key placed too (nowhere), as a parsed file's are: checks look keys up
        items = {str(k): _from_plain(v, file) for k, v in value.items()}
        return Node(items, loc, key_loc=dict.fromkeys(items, loc))
    if isinstance(value, list | tuple):
        return Node([_from_plain(v, file) for v in value], loc)
    return Node(value, loc)


def read_sheet(text: str | bytes, file: str) -> Node:
    """Parse a YAML or JSON sheet (text, or bytes of UTF-8) into a located tree; raise
    :class:`SheetError`."""
    if isinstance(text, bytes):
        decoded = decode(text, file)
        if isinstance(decoded, Problem):
            raise SheetError([decoded])
        text = decoded
    node, problems = parse_yaml(text, file)
    if problems or node is None:
        raise SheetError(problems or [Problem(file=file, line=1, column=1, message="the sheet is empty")])
    return node


class _Sheet(PlayReplay, BonusClaims):
    """Checks and scores one sheet, collecting located problems."""

    def run(self, *, scoring: str | None = None, schedule: str | None = None, check_edition: bool = True) -> SheetScore:
        root = self.root
        if not isinstance(root.value, dict):
            self.error(root, "a sheet must be a mapping with 'players' and 'rounds'")
            raise SheetError(self.problems)
        named = root.value.get("edition")
        if check_edition and named is not None and named.value != self.edition.id:
            from .resources import bundled_edition_files

            if isinstance(named.value, str) and named.value in bundled_edition_files():
                self.error(named, f"the sheet is for edition '{named.value}', not '{self.edition.id}'")
        for key in root.value:
            if key not in SHEET_KEYS:
                self.error(
                    root.key_loc.get(key, root.loc),
                    f"unknown key '{key}'{did_you_mean(key, SHEET_KEYS)} (allowed: {', '.join(SHEET_KEYS)})",
                )
        players = self._players()
        scheme = self._scheme(scoring)
        known_schedules = [s.id for s in self.edition.schedules]
        if schedule is not None and schedule not in known_schedules:
            self.error(root, unknown("schedule", schedule, known_schedules))
            schedule = None
        elif schedule is None:
            schedule = self._choice("schedule", known_schedules, self.edition.default_schedule)
        modules = self._modules(len(players) if players is not None else self.edition.max_players)
        rounds_node = root.value.get("rounds")
        rounds: list[RoundScore] = []
        if rounds_node is None:
            self.error(root, "'rounds' is missing")
        elif not isinstance(rounds_node.value, list):
            self.error(rounds_node, "'rounds' must be a list of rounds")
        elif len(rounds_node.value) > MAX_ROUNDS:
            self.error(rounds_node.value[MAX_ROUNDS], f"more than {MAX_ROUNDS} rounds: the most a sheet may hold")
        elif players is not None and scheme is not None and schedule is not None:
            length = len(self.edition.schedule(schedule).rounds)
            given = rounds_node.value
            skipped = self._skipped_round(given, players, schedule)
            for number, node in enumerate(given if skipped is None else given[: skipped - 1], start=1):
                self.prefix = f"round {number}: "
                table = self._table(node, players, rounds, number, length)
                scored = None
                if table is not None:
                    # A tie-break round of fewer players follows the rules for its own
                    # count: modules used only from more players stay out.
                    used = set(self.edition.modules_for(len(table)))
                    in_play = modules if table is players else modules & used
                    try:
                        scored = self._round(
                            number=number, node=node, players=table, scheme=scheme, schedule=schedule, modules=in_play
                        )
                    except FormulaError as exc:  # an edition's formula fails on this round's values
                        self.error(node, str(exc))
                if scored is not None:
                    rounds.append(scored)
            self.prefix = ""
        if self.problems or players is None:
            raise SheetError(self.problems)
        assert schedule is not None
        length = len(self.edition.schedule(schedule).rounds)
        finished = len(rounds) >= length
        totals, winners = standings(players, rounds)
        tie_break = "extra_round" if finished and len(winners) > 1 and self.edition.ties == "extra_round" else None
        return SheetScore(
            edition=self.edition.id,
            players=tuple(players),
            rounds=tuple(rounds),
            totals=totals,
            winners=winners,
            tie_break=tie_break,
            missing_rounds=tuple(range(len(rounds) + 1, length + 1)),
        )

    def _skipped_round(self, rounds: list[Node], players: list[str], schedule: str) -> int | None:
        """The round missing in the middle of a sheet, reported here once (else every
        later round would be checked against the wrong number of cards): after rounds
        that fit their places in the schedule, the first round whose cards do not fit
        its place but fit the next one, when every later round (at least one) fits the
        place after its own too. Unless that round gives its cards (or its tricks), a
        later round must not fit its own place either: one round that won more tricks
        than it dealt is a mistake in that round, not a missing one."""
        hands = len(players) + (1 if self._ghost(players) else 0)
        regular = [n for n in rounds if not (isinstance(n.value, dict) and "players" in n.value)]
        length = len(self.edition.schedule(schedule).rounds)
        if not regular or len(regular) >= length:
            return None

        def dealt(number: int) -> int:
            return self.edition.cards_dealt(number, hands, schedule) or 0

        evidence = [_cards_evidence(n) for n in regular]
        fits = [[_fits(e, dealt(k)) for k in (number, number + 1)] for number, e in enumerate(evidence, start=1)]
        first = next((k for k, (here, _) in enumerate(fits) if not here), None)
        if first is None or first == 0 or first == len(fits) - 1 or not all(later for _, later in fits[first:]):
            return None
        exact, _ = evidence[first]
        if exact is None and all(here for here, _ in fits[first + 1 :]):
            return None
        number = first + 1
        shown = exact if exact is not None else dealt(number + 1)
        self.error(
            regular[first],
            f"round {number} seems to be missing: the sheet's round {number} has {shown} cards, as round "
            f"{number + 1} of the '{schedule}' schedule deals, and the rounds after it follow the schedule from "
            f"round {number + 2} on; add round {number}",
        )
        return number

    def _table(
        self, node: Node, players: list[str], rounds: list[RoundScore], number: int, length: int
    ) -> list[str] | None:
        """Who plays the round: everybody, or in a tie-break round after the schedule's
        last round (``players: [Ann, Bo]``) exactly the players tied for first."""
        given = node.value.get("players") if isinstance(node.value, dict) else None
        if given is None and number > length:
            return self._beyond(node, players, length)
        if given is None:
            return players
        names = [item.value for item in given.value] if isinstance(given.value, list) else None
        if self.edition.ties != "extra_round":
            self.error(
                given, f"edition '{self.edition.id}' breaks no tie with another round: every round is everybody's"
            )
            return None
        if number <= length:
            self.error(given, f"only a tie-break round after the schedule's {length} rounds names its players")
            return None
        if len(rounds) != number - 1:
            return None  # an earlier round has problems: the standings are unknown
        _, tied = standings(players, rounds)
        if len(tied) < 2 or names != list(tied):
            self.error(
                given,
                f"a tie-break round is played by the players tied for first, in seat order: "
                f"{', '.join(tied) if len(tied) > 1 else 'nobody is tied'}",
            )
            return None
        return list(tied)

    def _beyond(self, node: Node, players: list[str], length: int) -> list[str] | None:
        """A round after the schedule's last that names no players: an extra round of
        everybody where the edition breaks ties with another round, else none."""
        if self.edition.ties == "extra_round":
            return players
        self.error(
            node,
            f"the schedule has {length} rounds, and edition '{self.edition.id}' plays no extra round "
            "(a tie for first is shared)",
        )
        return None

    def _players(self) -> list[str] | None:
        node = self.root.value.get("players")
        if node is None:
            self.error(self.root, "'players' is missing")
            return None
        if not isinstance(node.value, list) or not all(isinstance(p.value, str) and p.value for p in node.value):
            self.error(node, "'players' must be a list of names")
            return None
        names = [p.value for p in node.value]
        for i, p in enumerate(node.value):
            if p.value in names[:i]:
                self.error(p, f"player '{p.value}' is listed twice")
        low, high = self.edition.min_players, self.edition.max_players
        if not low <= len(names) <= high:
            # rounds dealt to a table the edition has no rules for are not checked further
            self.error(node, f"{len(names)} players: edition '{self.edition.id}' is for {low} to {high} players")
            return None
        return names

    def _choice(self, key: str, known: list[str], default: str) -> str | None:
        node = self.root.value.get(key)
        if node is None:
            return default
        what = "scoring scheme" if key == "scoring" else key
        if not isinstance(node.value, str):  # a list or mapping is not quoted back: it may be huge
            self.error(node, f"'{key}' must name a {what} ({', '.join(known)})")
            return None
        if node.value not in known:
            self.error(node, unknown(what, node.value, known))
            return None
        return str(node.value)

    def _scheme(self, override: str | None) -> Scheme | None:
        known = [s.id for s in self.edition.schemes]
        chosen = override or self._choice("scoring", known, self.edition.default_scheme)
        if chosen is None:
            return None
        if chosen not in known:
            self.error(self.root, unknown("scoring scheme", chosen, known))
            return None
        return self.edition.scheme(chosen)

    def _modules(self, players: int) -> set[str]:
        """The modules in play: the sheet's, else every module used at this player
        count (``modules[].min_players``)."""
        every = [m.id for m in self.edition.modules]
        default = set(self.edition.modules_for(players))
        node = self.root.value.get("modules")
        if node is None:
            return default
        if not isinstance(node.value, list):
            self.error(node, "'modules' must be a list of module ids")
            return default
        chosen = set()
        by_id = {m.id: m for m in self.edition.modules}
        for item in node.value:
            if item.value not in every:
                self.error(item, unknown("module", str(item.plain()), every))
            elif by_id[item.value].min_players > players:
                needed = by_id[item.value].min_players
                self.error(item, f"module '{item.value}' is only used from {needed} players, not {players}")
            else:
                chosen.add(item.value)
        for module in self.edition.modules:
            if not module.optional and module.id not in chosen and module.id in default:
                self.error(node, f"module '{module.id}' cannot be left out")
        return chosen

    # ------------------------------------------------------------------ one round

    def _round(
        self, *, number: int, node: Node, players: list[str], scheme: Scheme, schedule: str, modules: set[str]
    ) -> RoundScore | None:
        if not isinstance(node.value, dict):
            self.error(node, "a round must be a mapping with 'bids' and 'won' or 'tricks'")
            return None
        before = len(self.problems)
        choices = (self.edition.wagers, self.edition.bid_changes)
        allowed = (*ROUND_KEYS, *(choice.sheet_key for choice in choices if choice))
        chooser = leader_ability(self.edition)
        allowed = (*allowed, chooser.sheet_key) if chooser is not None and chooser.sheet_key else allowed
        allowed = (*allowed, "loads") if scheme.loads else allowed
        for key in node.value:
            if key not in allowed:
                self.error(
                    node.key_loc.get(key, node.loc),
                    f"unknown key '{key}'{did_you_mean(key, allowed)} (allowed: {', '.join(allowed)})",
                )
        hands = len(players) + (1 if self._ghost(players) else 0)
        cards = self._cards(number, node, hands, schedule, modules)
        if cards is None:
            return None
        rounds = len(self.edition.schedule(schedule).rounds)
        low, high = bid_range(self.edition, cards=cards, number=number, players=len(players), rounds=rounds)
        bid_nodes = self._per_player(node, "bids", players, True)
        bids = {p: self._int(n, f"{p}'s bid", low, high) for p, n in bid_nodes.items()}
        self._bidding_rules(node, players, bids, bid_nodes, cards=cards, number=number, rounds=rounds)
        has_tricks, has_won = "tricks" in node.value, "won" in node.value
        if has_tricks == has_won:
            self.error(
                node,
                "give either 'won' (tricks won per player) or 'tricks' (the whole play), not both"
                if has_tricks
                else "give 'won' (tricks won per player) or 'tricks' (the whole play)",
            )
            return None
        if has_tricks:
            for key in ("bonuses", "loot"):
                if key in node.value:
                    self.error(node.key_loc[key], f"'{key}' is computed from 'tricks'; do not give both")
            chosen = self._chosen_leaders(node, players, chooser)
            outcome = self._play(node, players, cards, modules, number, chosen=chosen, chooser=chooser, rounds=rounds)
            if outcome is None:
                return None
            won, captures, alliances, wins, played = outcome
        else:
            for key in ("leader", chooser.sheet_key if chooser is not None else None):
                if key is not None and key in node.value:
                    self.error(
                        node.key_loc[key], f"'{key}' seats a trick: it goes with 'tricks' (the whole play), not 'won'"
                    )
            counts = {
                p: self._int(n, f"{p}'s tricks won", 0, cards)
                for p, n in self._per_player(node, "won", players, True).items()
            }
            captures = self._bonuses(node, players, counts, modules)
            alliances = self._loot(node, players, counts, modules)
            won = {p: v for p, v in counts.items() if v is not None}
            needs_play = played_names_used(scheme)
            if needs_play:
                self.error(
                    node,
                    f"scoring '{scheme.id}' counts the cards each player played ({', '.join(needs_play)}): "
                    "give the whole play ('tricks') instead of 'won'",
                )
            played = None
            if len(won) == len(players):
                self._sum_check(node.value["won"], won, cards, modules, ghost=self._ghost(players))
        extra = {
            p: self._int(n, f"{p}'s extra points", -MAX_EXTRA, MAX_EXTRA)
            for p, n in self._per_player(node, "extra", players, False).items()
        }
        wagers = self._choices(node, players, self.edition.wagers, "wager")
        changes = self._choices(node, players, self.edition.bid_changes, "bid change")
        for choice in (self.edition.wagers, self.edition.bid_changes, chooser):
            self._in_play(node, choice, modules)
        if has_tricks:  # the play shows who won with which card
            earned: list[tuple[SheetChoice | Ability | None, Mapping[str, object]]] = [
                (self.edition.wagers, wagers),
                (self.edition.bid_changes, changes),
                (chooser, chosen),
            ]
            for choice, made in earned:
                if choice is not None and choice.card is not None and choice.sheet_key is not None:
                    self._earned(node, choice, made, wins, cards)
        for p, change in changes.items():
            bid = bids.get(p)
            if bid is not None and not low <= bid + change <= high:
                key = self.edition.bid_changes.sheet_key if self.edition.bid_changes else ""
                self.error(node.value[key].value[p], f"{p}'s bid {bid} changed by {change} leaves {low}..{high}")
        loads = self._loads(node, players, scheme)
        if len(self.problems) > before:
            return None
        return round_points(
            self.edition,
            number=number,
            cards=cards,
            scheme=scheme,
            players=players,
            bids={p: b + changes.get(p, 0) for p, b in bids.items() if b is not None},
            won=won,
            captures=captures,
            alliances=alliances,
            extra={p: x for p, x in extra.items() if x is not None},
            wagers=wagers,
            loads=loads,
            rounds=rounds,
            played=played,
        )

    def _bidding_rules(
        self,
        node: Node,
        players: list[str],
        bids: Mapping[str, int | None],
        bid_nodes: Mapping[str, Node],
        *,
        cards: int,
        number: int,
        rounds: int,
    ) -> None:
        """The bids keep the edition's bidding rules (checked once every bid is sound)."""
        if not self.edition.bidding.rules or any(bids.get(p) is None for p in players):
            return
        leader_node = node.value.get("leader")
        if leader_node is not None and leader_node.value in players:
            leader = players.index(leader_node.value)
        else:
            leader = first_leader(self.edition, number=number, players=len(players), rounds=rounds)
        made = {p: b for p, b in bids.items() if b is not None}
        order = bidding_order(self.edition, players, leader=leader, number=number, rounds=rounds)
        for broken in broken_rules(self.edition, made, order, cards=cards, number=number, rounds=rounds):
            where = bid_nodes[broken.player] if broken.player is not None else node.value["bids"]
            self.error(where, broken.message(made))

    def _earned(
        self,
        node: Node,
        choice: SheetChoice | Ability,
        made: Mapping[str, object],
        wins: dict[str, list[tuple[int, Play]]],
        tricks: int,
    ) -> None:
        """A choice tied to a card needs a trick its player won with that card (not the
        round's last one, when the edition says so)."""
        card, key = choice.card, choice.sheet_key
        assert key is not None
        for player, value in made.items():
            if not value:
                continue  # nothing chosen
            where = node.value[key].value[player]
            with_card = [k for k, play in wins[player] if card in (play.card.kind, play.card.individual)]
            usable = with_card if choice.after_last_trick else [k for k in with_card if k < tricks]
            if not with_card:
                self.error(where, f"{player}'s {key} needs a trick won with {card}; {player} won none")
            elif not usable:
                self.error(
                    where,
                    f"{player} won only the last trick with {card}, whose ability cannot be used after "
                    f"the round's last trick",
                )

    def _in_play(self, node: Node, choice: SheetChoice | Ability | None, modules: set[str]) -> None:
        """A choice that comes with a module (an expansion's pirate powers) needs it in play."""
        if choice is None or choice.module is None or choice.module in modules or choice.sheet_key is None:
            return
        if choice.sheet_key in node.value:
            self.error(
                node.key_loc.get(choice.sheet_key, node.loc),
                f"'{choice.sheet_key}' comes with module '{choice.module}', which is not in play",
            )

    def _chosen_leaders(self, node: Node, players: list[str], ability: Ability | None) -> dict[str, str]:
        """Who each player who won a trick with the leader-choosing card named to lead
        the next trick (``rosie: {Emma: Nico}``)."""
        if ability is None or ability.sheet_key is None:
            return {}
        out: dict[str, str] = {}
        for p, n in self._per_player(node, ability.sheet_key, players, False).items():
            if n.value not in players:
                self.error(n, f"{p}'s {ability.sheet_key}: {unknown('player', str(n.plain()), players)}")
            else:
                out[p] = n.value
        return out

    def _choices(self, node: Node, players: list[str], choice: SheetChoice | None, what: str) -> dict[str, int]:
        """A per-player choice among the edition's values (wagers, bid changes)."""
        if choice is None:
            return {}
        key, values = choice.sheet_key, choice.values
        out: dict[str, int] = {}
        for p, n in self._per_player(node, key, players, False).items():
            if n.value not in values or isinstance(n.value, bool):
                allowed = ", ".join(str(v) for v in values)
                self.error(n, f"{p}'s {what} {n.plain()!r} is not one of {allowed}")
            else:
                out[p] = n.value
        return out

    def _loads(self, node: Node, players: list[str], scheme: Scheme) -> dict[str, str]:
        """Each player's load under a scheme with loads (the first is the default)."""
        if not scheme.loads:
            return {}
        chosen = dict.fromkeys(players, scheme.loads[0])
        for p, n in self._per_player(node, "loads", players, False).items():
            load = scheme.load_id(n.value) if isinstance(n.value, str) else None
            if load is None:
                self.error(n, f"{p}'s load {n.plain()!r} is not one of {', '.join(scheme.loads)}")
            else:
                chosen[p] = load
        return chosen

    def _cards(self, number: int, node: Node, count: int, schedule: str, modules: set[str]) -> int | None:
        given = node.value.get("cards")
        if given is None:
            cards = self.edition.cards_dealt(number, count, schedule)
            if cards is None:
                rounds = len(self.edition.schedule(schedule).rounds)
                self.error(node, f"the '{schedule}' schedule has {rounds} rounds; give 'cards' for an extra round")
            return cards
        most = len(self.edition.deck(modules)) // count
        if self.edition.hand_limit is not None:
            most = min(most, int(self.edition.hand_limit.evaluate({"players": count})))
        return self._int(given, "cards", 1, most)

    def _sum_check(
        self, where: Node, won: dict[str, int], cards: int, modules: set[str], *, ghost: Ghost | None = None
    ) -> None:
        total = sum(won.values())
        lost = cards if ghost else self.edition.destroying_cards(modules)  # a ghost may win any trick
        if total > cards:
            self.error(where, f"{total} tricks won in all, but only {cards} were played")
        elif total < cards - lost:
            allowed = (
                f"at most {lost} trick{'s' if lost != 1 else ''} may be lost to trick-destroying cards"
                if lost
                else "no card in play can destroy a trick"
            )
            self.error(where, f"{total} tricks won in all, but {cards} were played ({allowed})")


def _cards_evidence(node: Node) -> tuple[int | None, int]:
    """What a round says about its cards dealt: exactly (its ``cards``, or how many
    ``tricks`` it lists), and at least (its highest bid, its tricks won in all)."""
    if not isinstance(node.value, dict):
        return None, 0
    exact = None
    given, tricks = node.value.get("cards"), node.value.get("tricks")
    if given is not None and isinstance(given.value, int) and not isinstance(given.value, bool):
        exact = given.value
    elif tricks is not None and isinstance(tricks.value, list):
        exact = len(tricks.value)

    def numbers(key: str) -> list[int]:
        table = node.value.get(key)
        if table is None or not isinstance(table.value, dict):
            return []
        return [n.value for n in table.value.values() if isinstance(n.value, int) and not isinstance(n.value, bool)]

    return exact, max([*numbers("bids"), sum(numbers("won"))])


def _fits(evidence: tuple[int | None, int], cards: int) -> bool:
    exact, at_least = evidence
    return (exact is None or exact == cards) and at_least <= cards


def score_sheet(
    edition: Edition,
    sheet: Any,
    *,
    file: str = "<sheet>",
    scoring: str | None = None,
    schedule: str | None = None,
    check_edition: bool = True,
) -> SheetScore:
    """Score ``sheet`` (a located tree, YAML/JSON text, or plain mapping) under ``edition``.

    A sheet's ``edition`` names the edition it was played under: with
    ``check_edition`` a bundled id other than ``edition.id`` is an error (the command
    line's ``--edition`` turns the check off). ``scoring`` and ``schedule`` choose a
    scheme and a round schedule over the sheet's own choice. Raises
    :class:`~skullking.errors.SheetError` listing every problem, in file order.

    >>> import skullking
    >>> ed = skullking.load_edition("skullking-2021")
    >>> score = ed.score_sheet({"players": ["Ann", "Bo"], "rounds": [
    ...     {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}}]})
    >>> dict(score.totals), score.winners
    ({'Ann': 20, 'Bo': 10}, ('Ann',))
    """
    if isinstance(sheet, Node):
        root = sheet
    elif isinstance(sheet, str):
        root = read_sheet(sheet, file)
    else:
        root = _from_plain(sheet, file)
    return _Sheet(edition, root).run(scoring=scoring, schedule=schedule, check_edition=check_edition)
