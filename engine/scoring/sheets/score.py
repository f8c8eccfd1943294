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
:class:`~skullking.core.errors.SheetError`, each located at its file, line and column
and prefixed with the round (``sheet.yaml:7:14: round 2: bid 7 for Emma is out of
range 0..6``).

The sheet reader is made of parts, each an object with its own responsibility, each
reporting into the sheet's one
:class:`~skullking.scoring.sheets.reader.ValueReader` (which reads located values and
collects the problems). This module reads the sheet itself: its edition, players,
scheme, schedule and modules, and hands each round in turn to a
:class:`~skullking.scoring.sheets.round.RoundReader`, which checks the round's keys,
cards, bids and the choices made, and asks a
:class:`~skullking.scoring.sheets.play.PlayReplay` to replay a round given as its whole
play or a :class:`~skullking.scoring.sheets.bonus.BonusClaims` to check the bonuses and
alliances a round claims; the round's points come from its scheme's
:class:`~skullking.scoring.schemes.Scorer`, which scores rounds played move by move
(:mod:`skullking.play.round`) too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skullking.core.errors import (
    ContextError,
    FormulaError,
    Problem,
    SheetError,
    SkullKingError,
    has_controls,
    shorten,
    unicode_escapes,
)
from skullking.core.limits import MAX_FILE_BYTES, MAX_ROUNDS, MAX_SHEET_VALUES
from skullking.core.resources import bundled_edition_files
from skullking.core.suggest import did_you_mean, unknown
from skullking.core.words import counted, were
from skullking.model.records import (
    Scheme,
)
from skullking.reading.bounded import yaml_limits
from skullking.reading.located import Loader, Location, Node, decode, parse_yaml
from skullking.rounds.context import GameSoFar, GameSoFarBuilder
from skullking.scoring.schemes import RoundScore, reads_the_game, standings
from skullking.scoring.sheets.play import Replayed
from skullking.scoring.sheets.reader import ValueReader
from skullking.scoring.sheets.round import InProgress, ReadRound, RoundReader, SheetRound

if TYPE_CHECKING:
    from skullking.rounds.rules import GameRules

#: The characters that break a line (of a game record, of a file read on any system):
#: a player's name holds none.
LINE_BREAKS = frozenset("\n\r")

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
    #: The sheet's last round while it is played: its bids only, nothing scored yet.
    in_progress: InProgress | None = None
    #: Where the edition's formulas read the game so far (see
    #: :mod:`skullking.rounds.context`): what each round of the sheet saw of it, and
    #: last what the round after the scored ones sees (the round in progress, or the
    #: next to play); else ``()``.
    so_far: tuple[GameSoFar, ...] = ()
    #: Each scored round's whole play as replayed (who played each card, who won with
    #: which), for a round given with ``tricks``; ``None`` for one given with ``won``.
    plays: tuple[Replayed | None, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the sheet has every round of its schedule."""
        return not self.missing_rounds

    def as_json(self) -> dict[str, Any]:
        """The ``skullking score --format json`` record (each round also gives the bids,
        after any bid change, and the tricks won); ``tie_break`` ("extra_round")
        appears only when the game ended in a tie that the edition breaks with another
        round of the tied players; ``complete`` says whether every round of the
        schedule is on the sheet, and ``missing_rounds`` lists those that are not;
        ``in_progress`` appears only for a sheet whose last round is being played
        (``{"round", "cards", "bids"}``: it is among the missing rounds)."""
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
        if self.in_progress is not None:
            going = self.in_progress
            record["in_progress"] = {"round": going.number, "cards": going.cards, "bids": dict(going.bids)}
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
    node, problems = parse_yaml(text, file, values=MAX_SHEET_VALUES)
    if problems or node is None:
        raise SheetError(problems or [Problem(file=file, line=1, column=1, message="the sheet is empty")])
    return node


def sheet_text(sheet: Mapping[str, Any], head: str = "") -> str:
    """``sheet`` as the YAML ``simulate`` writes (after the comment lines ``head``);
    :class:`SkullKingError` when :func:`read_sheet` would refuse it, so that no sheet is
    written that ``skullking score`` cannot read: larger than a sheet may be
    (:data:`~skullking.core.limits.MAX_FILE_BYTES`, which only long card codes reach), or
    past another limit of a sheet's values."""
    import yaml

    body = yaml.dump(sheet, Dumper=_dumper(), sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)
    text = head + unicode_escapes(body)  # (each such character is in a double-quoted text)
    size = len(text.encode("utf-8"))
    over = None if size > MAX_FILE_BYTES else yaml_limits(Loader, text, "", values=MAX_SHEET_VALUES)
    if size > MAX_FILE_BYTES or over is not None:
        why = over.message if over is not None else f"{size:,} bytes, more than the {MAX_FILE_BYTES:,} a sheet may have"
        raise SkullKingError(
            f"the game's score sheet would not be read back by 'skullking score': {why}; "
            "it is not written (fewer rounds or players make a smaller sheet)"
        )
    return text


#: The characters YAML reads as a line break that PyYAML writes as they are, in a
#: quoted text that reads back with a space for them: a text holding one is written
#: in double quotes, where they are escapes (``\\N``, ``\\L``, ``\\P``).
_YAML_BREAKS = frozenset("\x85\u2028\u2029")


@functools.cache
def _dumper() -> Any:
    """The YAML dumper of sheets: PyYAML's safe dumper, every text written so that it
    reads back the same and shows no character a terminal would obey or that reorders
    text: a name holding a line break YAML knows, or a control or bidirectional
    character, is written in double quotes, where each is an escape (those PyYAML
    writes as they are, the bidirectional ones, by :func:`sheet_text`)."""
    import yaml

    class SheetDumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        style = '"' if _YAML_BREAKS.intersection(value) or has_controls(value) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    SheetDumper.add_representer(str, text)
    return SheetDumper


class _Sheet:
    """Checks and scores one sheet, collecting located problems: the sheet's own keys
    here, each round by a :class:`~skullking.scoring.sheets.round.RoundReader`, every
    problem into one :class:`~skullking.scoring.sheets.reader.ValueReader`."""

    def __init__(self, edition: GameRules, root: Node) -> None:
        self.edition = edition
        self.root = root
        self.values = ValueReader()
        self.round_reader = RoundReader(edition, self.values)
        #: The readers of the rules of each round, where they change with the round.
        self._readers: dict[tuple[tuple[str, int], ...], RoundReader] = {}

    def _reader(self, at: SheetRound) -> RoundReader:
        """The reader of the round ``at``: of the rules of that round where the edition's
        rules change with the round (:meth:`Edition.at_round
        <skullking.edition.Edition.at_round>`; the cards a round gives, else the
        schedule's)."""
        edition = self.edition
        if not edition.round_reads:
            return self.round_reader
        given = at.node.value.get("cards") if isinstance(at.node.value, dict) else None
        cards = given.value if given is not None and type(given.value) is int and given.value >= 1 else None
        rules = edition.at_round(at.number, len(at.players), cards=cards, schedule=at.schedule, so_far=at.so_far)
        key = tuple(sorted((rules.bound or {}).items()))
        reader = self._readers.get(key)
        if reader is None:
            reader = self._readers[key] = RoundReader(rules, self.values)
        return reader

    def run(self, *, scoring: str | None = None, schedule: str | None = None, check_edition: bool = True) -> SheetScore:
        root, values = self.root, self.values
        if not isinstance(root.value, dict):
            values.error(root, "a sheet must be a mapping with 'players' and 'rounds'")
            raise SheetError(values.problems)
        named = root.value.get("edition")
        if (
            check_edition
            and named is not None
            and named.value != self.edition.id
            and isinstance(named.value, str)
            and named.value in bundled_edition_files()
        ):
            values.error(named, f"the sheet is for edition '{named.value}', not '{self.edition.id}'")
        for key in root.value:
            if key not in SHEET_KEYS:
                values.error(
                    root.key_loc.get(key, root.loc),
                    f"unknown key '{key}'{did_you_mean(key, SHEET_KEYS)} (allowed: {', '.join(SHEET_KEYS)})",
                )
        players = self._players()
        scheme = self._scheme(scoring)
        known_schedules = [s.id for s in self.edition.schedules]
        if schedule is not None and schedule not in known_schedules:
            values.error(root, unknown("schedule", schedule, known_schedules))
            schedule = None
        elif schedule is None:
            schedule = self._choice("schedule", known_schedules, self.edition.default_schedule)
        modules = self._modules(len(players) if players is not None else self.edition.max_players)
        rounds_node = root.value.get("rounds")
        rounds: list[RoundScore] = []
        plays: list[Replayed | None] = []
        going: InProgress | None = None  # the last round, while it is played
        game: _Context | None = None
        if rounds_node is None:
            values.error(root, "'rounds' is missing")
        elif not isinstance(rounds_node.value, list):
            values.error(rounds_node, "'rounds' must be a list of rounds")
        elif len(rounds_node.value) > MAX_ROUNDS:
            values.error(rounds_node.value[MAX_ROUNDS], f"more than {MAX_ROUNDS} rounds: the most a sheet may hold")
        elif players is not None and scheme is not None and schedule is not None:
            length = len(self.edition.schedule(schedule).rounds)
            given = rounds_node.value
            skipped = self._skipped_round(given, players, schedule)
            kept = given if skipped is None else given[: skipped - 1]
            game = _Context(self.edition, scheme, players)
            for number, node in enumerate(kept, start=1):
                values.prefix = f"round {number}: "
                table = self._table(node, players, rounds, number, length)
                read = None
                last = number == len(kept) and skipped is None
                so_far = game.before(table or players, number)
                try:
                    if table is not None:
                        # A tie-break round of fewer players follows the rules for its own
                        # count: modules used only from more players stay out.
                        used = set(self.edition.modules_for(len(table)))
                        in_play = modules if table is players else modules & used
                        at = SheetRound(number, node, table, scheme, schedule, in_play, so_far)
                        reader = self._reader(at)
                        if last and isinstance(node.value, dict) and "in_progress" in node.value:
                            going = reader.in_progress(at)
                        else:
                            read = reader.score(at)
                except FormulaError as exc:  # an edition's formula fails on this round's values
                    values.error(node, str(exc))
                except ContextError as exc:  # a formula reads what the rounds before do not say
                    if not exc.reported or not values.problems:  # (else an earlier round's problem says it)
                        values.error(node, str(exc))
                if read is not None:
                    rounds.append(read.score)
                    plays.append(read.play)
                game.add(read, going is not None)
            values.prefix = ""
        if values.problems or players is None:
            raise SheetError(values.problems)
        assert schedule is not None
        length = len(self.edition.schedule(schedule).rounds)
        finished = len(rounds) >= length and going is None
        totals, winners = self._standings(players, rounds, length)
        tie_break = "extra_round" if finished and len(winners) > 1 and self.edition.ties == "extra_round" else None
        return SheetScore(
            edition=self.edition.id,
            players=tuple(players),
            rounds=tuple(rounds),
            totals=totals,
            winners=winners,
            tie_break=tie_break,
            missing_rounds=tuple(range(len(rounds) + 1, max(length, len(rounds) + (going is not None)) + 1)),
            in_progress=going,
            so_far=() if game is None else game.seen(going is None),
            plays=tuple(plays),
        )

    def _standings(
        self, players: list[str], rounds: list[RoundScore], length: int
    ) -> tuple[dict[str, int], tuple[str, ...]]:
        """The totals after ``rounds`` and the players first, ties broken as the edition
        breaks them (:func:`~skullking.scoring.schemes.standings`)."""
        return standings(
            players,
            rounds,
            length=length,
            tie_break=self.edition.tie_break_winner,
            tie_breaker=self.edition.tie_breaker,
        )

    def _skipped_round(self, rounds: list[Node], players: list[str], schedule: str) -> int | None:
        """The round missing in the middle of a sheet, reported here once (else every
        later round would be checked against the wrong number of cards): after rounds
        that fit their places in the schedule, the first round whose cards do not fit
        its place but fit the next one, when every later round (at least one) fits the
        place after its own too. Unless that round gives its cards (or its tricks), a
        later round must not fit its own place either: one round that won more tricks
        than it dealt is a mistake in that round, not a missing one."""
        hands = self.edition.hands(len(players))
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
        cards = dealt(number)
        won = sum(_numbers(regular[first], "won"))
        if exact is not None:
            found = f"round {number} has {counted(exact, 'card')}, but the '{schedule}' schedule deals {cards}"
        elif won > cards:
            found = f"round {number}: {counted(won, 'trick')} won in all, but only {cards} {were(cards)} played"
        else:
            bid = max(_numbers(regular[first], "bids"))
            dealt_now = f"{counted(cards, 'card')} {were(cards, 'is', 'are')} dealt"
            found = f"round {number}: a bid of {bid}, but only {dealt_now}"
        self.values.error(
            regular[first],
            f"{found}; or round {number} is missing: this round and the ones after it fit the schedule's rounds "
            f"from {number + 1} on (then add round {number})",
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
            self.values.error(
                given, f"edition '{self.edition.id}' breaks no tie with another round: every round is everybody's"
            )
            return None
        if number <= length:
            self.values.error(
                given, f"only a tie-break round after the schedule's {counted(length, 'round')} names its players"
            )
            return None
        if len(rounds) != number - 1:
            return None  # an earlier round has problems: the standings are unknown
        _, tied = self._standings(players, rounds, length)
        if len(tied) < 2 or names != list(tied):
            self.values.error(
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
        self.values.error(
            node,
            f"the schedule has {counted(length, 'round')}, and edition '{self.edition.id}' plays no extra round "
            "(a tie for first is shared)",
        )
        return None

    def _players(self) -> list[str] | None:
        node = self.root.value.get("players")
        if node is None:
            self.values.error(self.root, "'players' is missing")
            return None
        if not isinstance(node.value, list) or not all(isinstance(p.value, str) and p.value for p in node.value):
            self.values.error(node, "'players' must be a list of names")
            return None
        names = [p.value for p in node.value]
        for i, p in enumerate(node.value):
            if p.value in names[:i]:
                self.values.error(p, f"player '{p.value}' is listed twice")
        broken = [p for p in node.value if LINE_BREAKS.intersection(p.value)]
        for p in broken:  # (as the score pad refuses it)
            self.values.error(p, f"player '{shorten(p.value)}': a name is one line, with no line break in it")
        if broken:  # (a game record, one event a line, could not name the player)
            return None
        low, high = self.edition.min_players, self.edition.max_players
        if not low <= len(names) <= high:
            # rounds dealt to a table the edition has no rules for are not checked further
            self.values.error(
                node, f"{counted(len(names), 'player')}: edition '{self.edition.id}' is for {low} to {high} players"
            )
            return None
        return names

    def _choice(self, key: str, known: list[str], default: str) -> str | None:
        node = self.root.value.get(key)
        if node is None:
            return default
        what = "scoring scheme" if key == "scoring" else key
        if not isinstance(node.value, str):  # a list or mapping is not quoted back: it may be huge
            self.values.error(node, f"'{key}' must name a {what} ({', '.join(known)})")
            return None
        if node.value not in known:
            self.values.error(node, unknown(what, node.value, known))
            return None
        return str(node.value)

    def _scheme(self, override: str | None) -> Scheme | None:
        known = [s.id for s in self.edition.schemes]
        chosen = override or self._choice("scoring", known, self.edition.default_scheme)
        if chosen is None:
            return None
        if chosen not in known:
            self.values.error(self.root, unknown("scoring scheme", chosen, known))
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
            self.values.error(node, "'modules' must be a list of module ids")
            return default
        chosen = set()
        by_id = {m.id: m for m in self.edition.modules}
        for item in node.value:
            if item.value not in every:
                self.values.error(item, unknown("module", str(item.plain()), every))
            elif by_id[item.value].min_players > players:
                needed = by_id[item.value].min_players
                self.values.error(item, f"module '{item.value}' is only used from {needed} players, not {players}")
            else:
                chosen.add(item.value)
        for module in self.edition.modules:
            if not module.optional and module.id not in chosen and module.id in default:
                self.values.error(node, f"module '{module.id}' cannot be left out")
        return chosen


class _Context:
    """The game so far as a sheet's rounds go by (:class:`~skullking.rounds.context.GameSoFarBuilder`),
    for an edition whose formulas read it (see :mod:`skullking.rounds.context`); for
    any other, nothing is kept and every round is given ``None``."""

    def __init__(self, edition: GameRules, scheme: Scheme, players: list[str]) -> None:
        self.follows = reads_the_game(edition, scheme)
        self.players = players
        self._game = GameSoFarBuilder(players)
        self._seen: list[GameSoFar] = []

    def before(self, table: list[str], number: int) -> GameSoFar | None:
        """What round ``number``, played by ``table``, sees of the rounds before it."""
        if not self.follows:
            return None
        so_far = self._game.before(table, number)
        self._seen.append(so_far)
        return so_far

    def add(self, read: ReadRound | None, in_progress: bool) -> None:
        """Round after round: what the sheet's round gave (``None``: it has problems)."""
        if read is None:
            if not in_progress:  # (what the rounds after it see is not known)
                self._game.lose("an earlier round has problems")
            return
        self._game.add(read.score, last_leader=read.last_leader, last_missing=read.last_missing)

    def seen(self, and_next: bool) -> tuple[GameSoFar, ...]:
        """What each round saw, and with ``and_next`` what the next round will see."""
        if not self.follows:
            return ()
        if and_next:
            self.before(self.players, len(self._seen) + 1)
        return tuple(self._seen)


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
    return exact, max([*_numbers(node, "bids"), sum(_numbers(node, "won"))])


def _numbers(node: Node, key: str) -> list[int]:
    """The whole numbers of a round's table ``key`` (``bids``, ``won``), whatever else it holds."""
    table = node.value.get(key) if isinstance(node.value, dict) else None
    if table is None or not isinstance(table.value, dict):
        return []
    return [n.value for n in table.value.values() if isinstance(n.value, int) and not isinstance(n.value, bool)]


def _fits(evidence: tuple[int | None, int], cards: int) -> bool:
    exact, at_least = evidence
    return (exact is None or exact == cards) and at_least <= cards


def score_sheet(
    edition: GameRules,
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
    :class:`~skullking.core.errors.SheetError` listing every problem, in file order.

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
