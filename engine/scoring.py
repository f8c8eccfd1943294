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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bidding import bid_range, bidding_order, broken_rules, first_leader
from .errors import FormulaError, NotationError, Problem, SheetError, SkullKingError
from .limits import MAX_DIGITS, MAX_EXTRA, MAX_ROUNDS
from .located import Location, Node, decode, parse_yaml
from .model import (
    ROUND_KEYS,
    Ability,
    AbilityKind,
    AlliancePays,
    Bonus,
    Effect,
    EffectKind,
    Ghost,
    Pattern,
    Scheme,
    SheetChoice,
)
from .suggest import did_you_mean, unknown

if TYPE_CHECKING:
    from .cards import Play
    from .edition import Edition

SHEET_KEYS = ("edition", "players", "rounds", "scoring", "schedule", "modules")


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScore:
    """One scored round: cards dealt, and per player bid, tricks won and points."""

    number: int
    cards: int
    bids: Mapping[str, int]
    won: Mapping[str, int]
    points: Mapping[str, int]


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


class _Sheet:
    """Checks and scores one sheet, collecting located problems."""

    def __init__(self, edition: Edition, root: Node) -> None:
        self.edition = edition
        self.root = root
        self.problems: list[Problem] = []
        self.prefix = ""

    def error(self, node: Node | Location, message: str) -> None:
        loc = node.loc if isinstance(node, Node) else node
        self.problems.append(loc.problem(self.prefix + message))

    def _int(self, node: Node, what: str, low: int, high: int | None = None) -> int | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what} must be a whole number, got {node.plain()!r}")
            return None
        if value < low or (high is not None and value > high):
            upper = f"..{high}" if high is not None else " or more"
            shown = value if abs(value) < 10**MAX_DIGITS else "(a number too large)"
            self.error(node, f"{what} {shown} is out of range {low}{upper}")
            return None
        return value

    def _mapping(self, parent: Node, key: str, required: bool) -> dict[str, Node] | None:
        node = parent.value.get(key)
        if node is None:
            if required:
                self.error(parent, f"'{key}' is missing")
            return None
        if not isinstance(node.value, dict):
            self.error(node, f"'{key}' must be a mapping of player to value")
            return None
        table: dict[str, Node] = node.value
        return table

    def _per_player(self, parent: Node, key: str, players: Sequence[str], required: bool) -> dict[str, Node]:
        table = self._mapping(parent, key, required)
        if table is None:
            return {}
        out: dict[str, Node] = {}
        for name, node in table.items():
            if name not in players:
                self.error(
                    parent.value[key].key_loc.get(name, node.loc), unknown("player", name, players, where=f"'{key}'")
                )
            else:
                out[name] = node
        if required:
            missing = [p for p in players if p not in table]
            if missing:
                self.error(parent.value[key], f"'{key}' lacks {', '.join(missing)}")
        return out

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

    def _max_captures(self, modules: set[str]) -> dict[str, int]:
        """Bonus id -> the most times it can be paid in one round: the cards in play that
        can match one of its patterns in some role they may take."""
        deck = self.edition.deck(modules)
        out: dict[str, int] = {}
        for bonus in self.edition.bonuses:
            pools = set().union(*(self._pools(p, modules) for p in bonus.captured))
            out[bonus.id] = sum(1 for card in deck if card.pool in pools)
        return out

    def _bonuses(
        self, node: Node, players: list[str], won: Mapping[str, int | None], modules: set[str]
    ) -> dict[str, list[str]]:
        known = {b.id for b in self.edition.bonuses}
        before = len(self.problems)
        table = self._per_player(node, "bonuses", players, False)
        captures: dict[str, list[str]] = {}
        counted: Counter[str] = Counter()
        first_node: dict[str, Node] = {}
        for player, ids in table.items():
            if not isinstance(ids.value, list):
                self.error(ids, f"bonuses of {player} must be a list of bonus ids")
                continue
            captures[player] = []
            for item in ids.value:
                if not isinstance(item.value, str) or item.value not in known:
                    self.error(item, unknown("bonus id", str(item.plain()), known))
                    continue
                captures[player].append(item.value)
                counted[item.value] += 1
                first_node.setdefault(item.value, item)
            tricks = won.get(player)
            if captures[player] and tricks == 0:
                self.error(ids, f"{player} won no trick, so captured no bonus")
            elif tricks is not None and len(captures[player]) > tricks * len(players):
                self.error(
                    ids,
                    f"{len(captures[player])} bonus captures for {player}, but {tricks} won trick"
                    f"{'s' if tricks != 1 else ''} of {len(players)} cards hold at most {tricks * len(players)} cards",
                )
        limits = self._max_captures(modules)
        over = [b for b, count in counted.items() if count > limits[b]]
        for bonus_id in over:
            self.error(
                first_node[bonus_id],
                f"bonus '{bonus_id}' {counted[bonus_id]} times, but the cards in play allow at most {limits[bonus_id]}",
            )
        if not over:
            self._shared_cards(counted, first_node, modules)
        if not over and len(self.problems) == before:
            self._winning_cards(captures, table, won, modules)
        return captures

    def _winning_cards(
        self, captures: dict[str, list[str]], table: dict[str, Node], won: Mapping[str, int | None], modules: set[str]
    ) -> None:
        """Bonuses paid for a trick won with some card (the Skull King's +30 per pirate)
        need that winning card: two players cannot both have won with the one Skull King.
        Each player's bonuses with a winner pattern need a winning card from each
        pattern's cards (one card serves patterns that share it); the cards in play must
        give every player their own (a matching of players' needs to cards, each copy
        of a card one winner). Counted from the bonus patterns and the deck in play."""
        bonuses = {b.id: b for b in self.edition.bonuses}
        copies = Counter(card.pool for card in self.edition.deck(modules))
        needs: list[tuple[str, frozenset[str], list[str]]] = []  # (player, cards that serve, bonus ids)
        for player, ids in captures.items():
            groups: list[tuple[set[str], list[str]]] = []
            for bonus_id in dict.fromkeys(ids):
                winner = bonuses[bonus_id].winner
                if winner is None:
                    continue
                pools, merged = set(self._pools(winner, modules)), [bonus_id]
                for group in [g for g in groups if g[0] & pools]:  # a card shared may serve both
                    groups.remove(group)
                    pools |= group[0]
                    merged = group[1] + merged
                groups.append((pools, merged))
            needs += [(player, frozenset(pools), merged) for pools, merged in groups]
            tricks = won.get(player)
            if tricks is not None and len(groups) > tricks:
                kinds = "; ".join(
                    f"{', '.join(repr(b) for b in ids)} by {' or '.join(sorted(pools))}" for pools, ids in groups
                )
                self.error(
                    table[player],
                    f"{player}'s bonuses need {len(groups)} tricks won with different cards ({kinds}), "
                    f"but {player} won {tricks}",
                )
                return
        cards = [(pool, k) for pool in sorted(copies) for k in range(copies[pool])]
        holder: dict[tuple[str, int], int] = {}

        def assign(need: int, seen: set[tuple[str, int]]) -> bool:
            for card in cards:
                if card[0] in needs[need][1] and card not in seen:
                    seen.add(card)
                    if card not in holder or assign(holder[card], seen):
                        holder[card] = need
                        return True
            return False

        for index, (player, serving, ids) in enumerate(needs):
            if assign(index, set()):
                continue
            rivals = [p for p in captures if p != player and any(q == p and other & serving for q, other, _ in needs)]
            available = sum(copies[pool] for pool in serving)
            claims = ", ".join(repr(b) for b in ids)
            self.error(
                table[player],
                f"{player}'s {claims} needs a trick won with {' or '.join(sorted(serving))}, but "
                f"{', '.join(rivals) or player}'s bonuses need such a winning card too, and the cards in play "
                f"hold {available} (each wins one trick)",
            )
            return

    def _shared_cards(self, counted: Counter[str], first_node: dict[str, Node], modules: set[str]) -> None:
        """Bonuses that need the same one-of-a-kind cards: the Skull King cannot both win a
        trick with pirates and be taken by a mermaid in one round. Counted for patterns
        that only one kind of card can match: each capture takes a card, and a bonus with
        a winner pattern needs one winning card."""
        bonuses = {b.id: b for b in self.edition.bonuses}
        need: Counter[str] = Counter()
        winners: set[str] = set()
        for bonus_id, count in counted.items():
            bonus = bonuses[bonus_id]
            captured = set().union(*(self._pools(p, modules) for p in bonus.captured))
            if len(captured) == 1:
                need[next(iter(captured))] += count
            if bonus.winner is not None:
                pools = self._pools(bonus.winner, modules)
                if len(pools) == 1:
                    winners |= pools
        need.update(winners)
        limits = self.edition.pool_limits
        for pool, count in need.items():
            limit = limits[self.edition.kind_pool(pool)] if self.edition.kind_pool(pool) >= 0 else 1
            if count > limit:
                claims = [b for b in counted if pool in self._pools_any(bonuses[b], modules)]
                self.error(
                    first_node[claims[0]],
                    f"bonuses {', '.join(repr(b) for b in claims)} need {count} {pool} cards, but the deck has {limit}",
                )

    def _pools(self, pattern: Pattern, modules: set[str]) -> set[str]:
        """The kinds of card (special card ids, or 'suit:rank') that can match ``pattern``."""
        edition = self.edition
        taken_on = {edition.cancelled_role} | {e.becomes for e in edition.effects}
        found = set()
        for card in edition.deck(modules):
            printed = edition.plays[card.code].printed
            roles = (printed | taken_on) - {None} if card.suit is None else frozenset()
            if (
                (pattern.roles is None or bool(pattern.roles & roles))
                and (pattern.suits is None or card.suit in pattern.suits)
                and (pattern.ranks is None or card.rank in pattern.ranks)
                and (pattern.cards is None or card.kind in pattern.cards)
                and (pattern.printed_roles is None or bool(pattern.printed_roles & printed))
            ):
                found.add(card.pool)
        return found

    def _pools_any(self, bonus: Bonus, modules: set[str]) -> set[str]:
        out = set().union(*(self._pools(p, modules) for p in bonus.captured))
        return out | (self._pools(bonus.winner, modules) if bonus.winner is not None else set())

    def _loot(
        self, node: Node, players: list[str], won: Mapping[str, int | None], modules: set[str]
    ) -> list[tuple[str, str]]:
        loot = node.value.get("loot")
        if loot is None:
            return []
        if not isinstance(loot.value, list):
            self.error(loot, "'loot' must be a list of [Loot player, trick winner] pairs")
            return []
        limit = sum(
            k.copies
            for k in self.edition.kinds
            if k.module in modules
            and any(e.id == k.effect and e.kind.value == "alliance" for e in self.edition.effects)
        )
        if len(loot.value) > limit:
            self.error(
                loot,
                f"{len(loot.value)} alliance{'s' if len(loot.value) != 1 else ''}, but the cards in play "
                f"hold {limit} alliance card{'s' if limit != 1 else ''}",
            )
        pairs = []
        for pair in loot.value:
            names = [p.value for p in pair.value] if isinstance(pair.value, list) else None
            if names is None or len(names) != 2:
                self.error(pair, "each alliance is a pair [Loot player, trick winner]")
                continue
            bad = [item for item in pair.value if item.value not in players]
            if bad:
                self.error(bad[0], unknown("player", str(bad[0].plain()), players, where="'loot'"))
                continue
            if names[0] == names[1]:
                self.error(pair, f"{names[0]} cannot ally with themself: winning your own Loot forms no alliance")
                continue
            if won.get(names[1]) == 0:
                self.error(pair, f"{names[1]} won no trick, so took no Loot")
                continue
            pairs.append((names[0], names[1]))
        return pairs

    def _ghost(self, players: list[str]) -> Ghost | None:
        ghost = self.edition.ghost
        return ghost if ghost is not None and ghost.players == len(players) else None

    def _play(
        self,
        node: Node,
        players: list[str],
        cards: int,
        modules: set[str],
        number: int,
        *,
        chosen: dict[str, str],
        chooser: Ability | None,
        rounds: int,
    ) -> (
        tuple[
            dict[str, int],
            dict[str, list[str]],
            list[tuple[str, str]],
            dict[str, list[tuple[int, Play]]],
            dict[str, Counter[str]],
        ]
        | None
    ):
        count = len(players)
        ghost = self._ghost(players)
        size = count + (1 if ghost else 0)
        leader_node = node.value.get("leader")
        if leader_node is None:  # by default the deal passes left; left of the dealer leads
            leader = first_leader(self.edition, number=number, players=count, rounds=rounds)
        elif leader_node.value in players:
            leader = players.index(leader_node.value)
        else:
            self.error(leader_node, unknown("player", str(leader_node.plain()), players, where="'leader'"))
            return None
        tricks_node = node.value["tricks"]
        if not isinstance(tricks_node.value, list):
            self.error(tricks_node, "'tricks' must be a list of tricks, each a list of cards")
            return None
        if len(tricks_node.value) != cards:
            self.error(tricks_node, f"{len(tricks_node.value)} tricks, but {cards} cards were dealt")
            return None
        parsed: list[list[tuple[Play, Node]]] = []
        for k, trick in enumerate(tricks_node.value, start=1):
            items = trick.value if isinstance(trick.value, list) else None
            if items is None or len(items) != size:
                who = f"one per player and one for {ghost.name}" if ghost else "one per player"
                self.error(trick, f"trick {k} must list {size} cards, {who}")
                return None
            row = []
            for position, item in enumerate(items, start=1):
                if isinstance(item.value, dict | list):  # str() of them would show the tree's nodes
                    shape = "a mapping" if isinstance(item.value, dict) else "a list"
                    self.error(item, f"trick {k}, card {position}: a card is written as text, not as {shape}")
                    return None
                text = str(item.value)
                try:
                    found = self.edition.parse_cards(text)
                except NotationError as exc:
                    self.error(item, f"trick {k}, card {position}: {exc}")
                    return None
                if len(found) != 1:
                    self.error(item, f"trick {k}, card {position}: {text!r} is not one card")
                    return None
                play = found[0]
                if self._module_of(play) not in modules:
                    self.error(item, f"trick {k}: '{play.code}' is not in play (module '{self._module_of(play)}')")
                    return None
                row.append((play, item))
            parsed.append(row)
        if not self._copies(parsed):
            return None
        names = [*players, ghost.name] if ghost else players
        seat, previous = leader, leader
        order: list[list[int]] = []
        won = dict.fromkeys(players, 0)
        captures: dict[str, list[str]] = {p: [] for p in players}
        alliances: list[tuple[str, str]] = []
        wins: dict[str, list[tuple[int, Play]]] = {p: [] for p in players}
        exchanged: dict[int, int] = {}  # seat -> the trick after which it exchanged cards
        played: dict[str, Counter[str]] = {p: Counter() for p in players}
        for k, row in enumerate(parsed, start=1):
            seats = seat_order(seat, previous, count, ghost)
            for position, (play, _) in enumerate(row):
                if seats[position] < count and play.role is not None:
                    played[players[seats[position]]][play.role] += 1
            if ghost:  # the ghost's declared cards are played as its rules say
                at = seats.index(count)
                declared = self._ghost_card(row[at], ghost, k)
                if declared is None:
                    return None
                row[at] = (declared, row[at][1])
            order.append(seats)
            try:
                result = self.edition.resolve_trick([p for p, _ in row], leader=0, players=size)
            except SkullKingError as exc:
                self.error(row[0][1], f"trick {k}: {exc}")
                return None
            if result.winner is not None and seats[result.winner] < count:
                name = players[seats[result.winner]]
                won[name] += 1
                wins[name].append((k, row[result.winner][0]))
                captures[name].extend(result.bonuses)
                alliances.extend((players[seats[a]], name) for a, _ in result.alliances if seats[a] < count)
            following = next_seat(seats, result.next_leader, count, ghost)
            if result.winner is not None and seats[result.winner] < count:
                winner = players[seats[result.winner]]
                play = row[result.winner][0]
                if winner in chosen and chooser is not None and grants(chooser, play, k, cards, modules):
                    following = players.index(chosen[winner])
                exchange = (a for a in self.edition.abilities if a.kind is AbilityKind.EXCHANGE)
                if any(grants(a, play, k, cards, modules) for a in exchange):
                    exchanged.setdefault(seats[result.winner], k)
            previous, seat = opener(seats, count, ghost), following
        if not self._follows(parsed, order, names, count, exchanged):
            return None
        return won, captures, alliances, wins, played

    def _ghost_card(self, entry: tuple[Play, Node], ghost: Ghost, k: int) -> Play | None:
        play, item = entry
        wanted = ghost_play(self.edition, play, ghost)
        if play.undeclared or play is wanted:
            return wanted
        self.error(item, f"trick {k}: {ghost.name} plays {play.card.code} as {ghost.declares} ({wanted.code})")
        return None

    def _follows(
        self,
        parsed: list[list[tuple[Play, Node]]],
        order: list[list[int]],
        names: list[str],
        live: int,
        exchanged: dict[int, int],
    ) -> bool:
        """Everybody followed suit with the hand their own later plays show (a ghost,
        seat ``live``, need not). A player who exchanged cards after trick k (Bendt the
        Bandit) may have held other cards until then: their tricks up to k go unchecked."""
        hands: list[list[Play]] = [[] for _ in names]
        for seats, row in zip(order, parsed, strict=True):
            for seat, (play, _) in zip(seats, row, strict=True):
                hands[seat].append(play)
        for k, (seats, row) in enumerate(zip(order, parsed, strict=True), start=1):
            trick_so_far: list[Play] = []
            for seat, (play, item) in zip(seats, row, strict=True):
                hand = hands[seat][k - 1 :]
                checked = seat < live and k > exchanged.get(seat, 0)
                if checked and play not in self.edition.legal_plays(hand, trick_so_far):
                    suit = self.edition.led_suit(trick_so_far)
                    self.error(
                        item,
                        f"trick {k}: {names[seat]} played {play.code} but holds {suit} "
                        f"({', '.join(p.code for p in hand if p.card.suit == suit)}) and must follow suit",
                    )
                    return False
                trick_so_far.append(play)
        return True

    def _copies(self, parsed: list[list[tuple[Play, Node]]]) -> bool:
        """No card is played more often in the round than the deck has it; the error
        points at the copy too many."""
        edition = self.edition
        pools: Counter[int] = Counter()
        named: dict[str, int] = {}
        for k, row in enumerate(parsed, start=1):
            for play, item in row:
                pools[play.pool] += 1
                limit = edition.pool_limits[play.pool]
                if play.card.individual is not None:
                    if play.card.code in named:
                        earlier = named[play.card.code]
                        self.error(item, f"trick {k}: '{play.card.code}' was already played in trick {earlier}")
                        return False
                    named[play.card.code] = k
                if pools[play.pool] > limit:
                    what = "copy" if limit == 1 else "copies"
                    self.error(
                        item,
                        f"trick {k}: '{play.code}' is played {pools[play.pool]} times in the round, "
                        f"but the deck has {limit} {what}",
                    )
                    return False
        return True

    def _module_of(self, play: Play) -> str:
        if play.card.suit is not None:
            return next(s.module for s in self.edition.suits if s.id == play.card.suit)
        return self.edition.kind(play.card.kind or "").module


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


def standings(players: Sequence[str], rounds: Sequence[RoundScore]) -> tuple[dict[str, int], tuple[str, ...]]:
    """Totals per player over ``rounds`` (a player sitting out a tie-break round scores
    nothing in it), and the players with the highest total, in seat order."""
    totals = {p: sum(r.points.get(p, 0) for r in rounds) for p in players}
    best = max(totals.values()) if totals else 0
    return totals, tuple(p for p in players if totals[p] == best) if rounds else ()


def leader_ability(edition: Edition) -> Ability | None:
    """The edition's leader-choosing ability (Rosie D'Laney's), if any."""
    return next((a for a in edition.abilities if a.kind is AbilityKind.CHOOSE_LEADER), None)


def grants(choice: SheetChoice | Ability, play: Play, trick: int, tricks: int, modules: Set[str]) -> bool:
    """Whether winning trick ``trick`` of ``tricks`` with ``play`` grants ``choice`` (an
    ability, a wager, a bid change): the play is its card, its module is in play, and
    the round's last trick counts where the edition says so (digest 2.8, 5 #8)."""
    if choice.card is None or choice.card not in (play.card.kind, play.card.individual):
        return False
    if choice.module is not None and choice.module not in modules:
        return False
    return choice.after_last_trick or trick < tricks


def next_seat(seats: Sequence[int], next_leader: int, count: int, ghost: Ghost | None) -> int:
    """The seat that leads after a trick played by ``seats`` (in play order) whose
    result names position ``next_leader``: a ghost (seat ``count``) that won hands the
    lead back to the trick's leader where the edition says so (digest 5 #5)."""
    following = seats[next_leader]
    if ghost is not None and following == count and ghost.wins_lead == "trick_leader":
        return seats[0]
    return following


def opener(seats: Sequence[int], count: int, ghost: Ghost | None) -> int:
    """Who opened a trick played by ``seats``, as the next trick's order needs it: its
    leader, or when the ghost (seat ``count``) led it, the player who played after him
    (so that if he leads again the order is kept), or seat ``count`` when the edition
    says ``leads_again: seat_order`` (then seat 0 plays after him)."""
    if ghost is not None and seats[0] == count and ghost.leads_again == "keep_order":
        return seats[1]
    return seats[0]


def seat_order(leader: int, previous: int, count: int, ghost: Ghost | None) -> list[int]:
    """Seats in play order for a trick led by seat ``leader``. Players sit in order;
    a ghost (seat ``count``) plays at its position, or first when it leads, the player
    who led the trick it won (``previous``) playing next."""
    if ghost is None:
        return [(leader + i) % count for i in range(count)]
    if leader == count:
        return [count, *((previous + i) % count for i in range(count))]
    live = [(leader + i) % count for i in range(count)]
    live.insert(ghost.position - 1, count)
    return live


def ghost_play(edition: Edition, play: Play, ghost: Ghost) -> Play:
    """``play`` as the ghost plays it: a card declared when played takes the ghost's
    declaration (Graybeard's Tigress is an escape)."""
    kind = edition.kind(play.card.kind) if play.card.kind else None
    if kind is None or not kind.declarations:
        return play
    choice = next((d for d in kind.declarations if d.role == ghost.declares), None)
    if choice is None:
        return play
    return edition.plays[f"{play.card.code}:{choice.code}"]


def round_points(
    edition: Edition,
    *,
    number: int,
    cards: int,
    scheme: Scheme,
    players: list[str],
    bids: dict[str, int],
    won: dict[str, int],
    captures: dict[str, list[str]],
    alliances: list[tuple[str, str]],
    extra: dict[str, int],
    wagers: dict[str, int],
    loads: dict[str, str],
    rounds: int = 0,
    played: Mapping[str, Mapping[str, int]] | None = None,
) -> RoundScore:
    """Points for one round from its results: per player the bid (after any change), the
    tricks won, the capture bonus ids, the alliances formed, extra points, the wager and
    the load; the first case of ``scheme`` that holds gives each player's points (a
    result no case covers scores 0 where the scheme says ``otherwise: zero``).

    The formulas also see the game: ``rounds`` in the schedule, ``last_round`` (1 in the
    schedule's last round), ``total_bids``, and per player ``played_<role>`` from
    ``played`` (player -> role id -> cards played in that role; needed only by schemes
    that use those names, see :func:`played_names_used`), and aggregate over the table."""
    from .build import played_names
    from .model import played_name

    points_of = {b.id: b.points for b in edition.bonuses}
    total_bids = sum(bids.values())
    counted = played_names([r.id for r in edition.roles])
    table: list[dict[str, int]] = []
    for p in players:
        env = {
            "bid": bids[p],
            "won": won[p],
            "cards": cards,
            "round": number,
            "players": len(players),
            "rounds": rounds,
            "last_round": int(number == rounds),
            "total_bids": total_bids,
        }
        env.update(dict.fromkeys(counted, 0))
        for role, count in (played or {}).get(p, {}).items():
            name = played_name(role)
            if name is not None:
                env[name] = count
        table.append(env)
    made = {p: bool(scheme.made.evaluate_for(table, i)) for i, p in enumerate(players)}
    alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
    points: dict[str, int] = {}
    for i, p in enumerate(players):
        env = table[i]
        env["bonus"] = sum(points_of[b] for b in captures.get(p, []))
        share = alliance.points if alliance is not None else 0
        env["alliance"] = sum(share for a, b in alliances if p in (a, b) and _pays(alliance, p, a, b, made))
        env["wager"] = wagers.get(p, 0)
        for load in scheme.loads:
            env[load] = int(loads.get(p) == load)
    for i, p in enumerate(players):
        case = next((c for c in scheme.cases if c.when is None or c.when.evaluate_for(table, i)), None)
        points[p] = (0 if case is None else int(case.points.evaluate_for(table, i))) + extra.get(p, 0)
    return RoundScore(number=number, cards=cards, bids=bids, won=won, points=points)


def _pays(alliance: Effect | None, player: str, loot: str, winner: str, made: Mapping[str, bool]) -> bool:
    """Whether ``player``, ally in the alliance (``loot``, ``winner``), earns its points."""
    if alliance is None:
        return False
    if alliance.pays is AlliancePays.ALWAYS:
        return True
    if alliance.pays is AlliancePays.OWN_MADE:
        return made[player]
    return made[loot] and made[winner]


def played_names_used(scheme: Scheme) -> list[str]:
    """The ``played_<role>`` names the scheme's formulas use (they need the whole play)."""
    used: set[str] = set(scheme.made.variables)
    for case in scheme.cases:
        used |= case.points.variables | (case.when.variables if case.when is not None else set())
    return sorted(n for n in used if n.startswith("played_"))


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
