"""Replaying a game record (:mod:`skullking.language.record`) move by move under its edition.

A record whose every round gives the whole deal is replayed through a :class:`Game`:
each hand dealt as written, each bid, load, card and decision made by the round in
turn, so that every rule the round keeps (whose turn it is, which cards are legal,
which bids the bidding rules allow, what a decision may answer) is the round's own;
the first move the round refuses is reported at the event's line and column. A record
without the deal (or with cards nobody saw, ``?``) is scored as a score sheet with its
whole play is (:mod:`skullking.scoring.sheets`): every trick replayed, its cards'
copies and following suit checked as far as the tricks show them. A round that gives
its results (``won`` and the claims a score sheet's round may make) instead of its
tricks, and a last round being played (no ``end``) without its deal, are read the same
way, as the sheet's rounds that give ``won`` and ``in_progress`` are. Either way the
scores are the sheet's (:class:`~skullking.scoring.sheets.score.SheetScore`), as
``skullking score`` gives them.

The walk through a :class:`Game` is also how a game is loaded from its record to be
continued (:func:`load_game`, which
:meth:`Game.from_record <skullking.play.game.Game.from_record>` calls): the same code
checks a record and loads it, stopping, if asked, before any move. A game's last
round may stop before its ``end``: with its deal, it is left in play.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from skullking.core.errors import GameError, NotationError, Problem, RecordError, SheetError, SkullKingError, shorten
from skullking.core.resources import earlier_fingerprints
from skullking.core.words import counted
from skullking.language.record import (
    Alliance,
    Bid,
    Bonus,
    Deal,
    Decide,
    Extra,
    GameRecord,
    Load,
    RoundRecord,
    TrickPlayed,
    Undealt,
    Won,
)
from skullking.model.records import CHOOSE_LEADER, EXCHANGE, OVER
from skullking.play.game import Game
from skullking.reading.located import Location, Node
from skullking.rounds.lookups import CHANGE_BID, WAGER
from skullking.rounds.seating import leader_abilities
from skullking.scoring.sheets.score import score_sheet

if TYPE_CHECKING:
    from skullking.play.round import Round
    from skullking.rounds.rules import GameRules
    from skullking.scoring.sheets.score import SheetScore


class _Failed(Exception):
    """The first problem of a replay (the moves after it would be read against a
    wrong game)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class _Stop(Exception):
    """The walk has made the moves it was asked to make."""


#: The events that are moves (counted by ``upto``); a deal sets a round up.
MOVES = (Bid, Load, TrickPlayed, Decide)


def moves(game: GameRecord) -> int:
    """How many moves (bids, loads, tricks and decisions) ``game`` records."""
    return sum(isinstance(e, MOVES) for r in game.rounds for e in r.events)


class _Replay:
    def __init__(self, edition: GameRules, game: GameRecord, file: str, upto: int | None = None) -> None:
        self.edition = edition
        self.game = game
        self.file = file
        #: The moves left to make before the walk stops (``None``: every one).
        self.left = upto

    def fail(self, at: Any, message: str) -> _Failed:
        return _Failed(Problem(file=self.file, line=at.line, column=at.column, message=message))

    def header(self) -> tuple[str, ...]:
        """The players, once the header is checked against the edition."""
        game, edition = self.game, self.edition
        found = game.tag("Rules")
        fingerprint = edition.fingerprint()
        known = {fingerprint, *(old for old, now in earlier_fingerprints().items() if now == fingerprint)}
        if found is not None and game.rules not in known:
            raise self.fail(
                found,
                f"the record was played under other rules than edition '{edition.id}' has now "
                f"(its Rules {shorten(game.rules or '', 100)!r}, the edition's {fingerprint!r})",
            )
        found = game.tag("Abilities")
        if found is not None and found.values not in (("on",), ("off",)):
            raise self.fail(found, '[Abilities] is "on" (the default) or "off"')
        if not game.players:
            raise self.fail(game.tag("Players") or game, 'the header names no players: [Players "Ann" "Bo" ...]')
        return game.players

    def tag_named(self, message: str, default: Any) -> Any:
        """The header's tag whose value ``message`` quotes (a schedule, scheme or module
        the edition does not have), else ``default``."""
        for name in ("Schedule", "Scoring", "Modules"):
            found = self.game.tag(name)
            if found is not None and any(f"'{value}'" in message for value in found.values):
                return found
        return default

    def options(self, game: GameRecord) -> dict[str, Any]:
        return {"schedule": game.schedule, "scheme": game.scoring, "modules": game.modules, "abilities": game.abilities}

    # ------------------------------------------------------------------ with the deal

    def walk(self) -> Game:
        """The game the record gives, played through a :class:`Game` move by move up to
        the end of the record, or (``left``) to just before a move: the round of that
        move dealt, and the moves before it made."""
        players = self.header()
        first = self.game.tag("Players") or self.game
        missing = next((r for r in self.game.rounds if not has_deal(r)), None)
        if missing is not None:
            raise self.fail(missing, f"round {missing.number} does not give the whole deal, so it cannot be played")
        try:
            game = Game(self.edition, players, **self.options(self.game))
        except GameError as exc:
            raise self.fail(self.tag_named(str(exc), first), str(exc)) from None
        try:
            for played in self.game.rounds:
                self.round(game, played)
        except _Stop:
            pass
        return game

    def resume(self, game: Game, made: int) -> Game:
        """``game``, loaded from the record after its first ``made`` moves
        (:func:`load_game`), played on with the record's moves after them: the round in
        play from its next move, the rounds after it dealt and played as recorded."""
        self.header()
        before = 0
        for played in self.game.rounds:
            if played.number < len(game.rounds):  # played out before the load
                before += sum(isinstance(e, MOVES) for e in played.events)
            elif played.number == len(game.rounds):
                self.round(game, played, resumed=made - before)
            else:
                self.round(game, played)
        return game

    def round(self, game: Game, played: RoundRecord, *, resumed: int | None = None) -> None:
        """Deal round ``played`` and make its moves; ``resumed``: the round is dealt
        already (``game.rounds[-1]``) and its first ``resumed`` moves made."""
        if played.number != len(game.rounds) + (0 if resumed is not None else 1):
            raise self.fail(played, f"round {played.number} comes where round {len(game.rounds) + 1} is played")
        events = list(played.events)
        deals = [e for e in itertools.takewhile(lambda e: isinstance(e, Deal), events) if isinstance(e, Deal)]
        del events[: len(deals)]
        pile = events[0] if events and isinstance(events[0], Undealt) else None
        if pile is not None:
            del events[0]
        stray = next((e for e in events if isinstance(e, Deal | Undealt)), None)
        if stray is not None:
            raise self.fail(stray, "the deal and the undealt cards come before the round's first bid")
        hands: dict[str, list[str]] = {}
        for deal in deals:
            if deal.player in hands:
                raise self.fail(deal, f"{deal.player}'s hand is dealt twice")
            hands[deal.player] = [c for c in deal.cards if c is not None]
        if resumed is not None:
            current = game.rounds[-1]
        else:
            current = self.deal(game, played, hands, deals)
            if pile is not None:
                self.pile(current, pile)
        if current.cards != played.cards:
            raise self.fail(
                played, f"round {played.number} deals {counted(current.cards, 'card')} to each hand, not {played.cards}"
            )
        if played.leader is not None and played.leader != current.first_leader:
            raise self.fail(played, f"{current.first_leader} leads round {played.number}, not {played.leader}")
        for k, event in enumerate(events):
            if resumed and isinstance(event, MOVES):  # (made before the game was loaded)
                resumed -= 1
                continue
            if self.left is not None and isinstance(event, MOVES):
                if self.left == 0:
                    raise _Stop
                self.left -= 1
            try:
                # (the last trick of a round in play may be in play too)
                self.event(current, event, in_play=not played.ended and k == len(events) - 1)
            except (GameError, NotationError) as exc:
                raise self.fail(event, str(exc)) from None
        if not played.ended:  # the game's last round, still in play
            return
        try:
            current.score()
        except GameError as exc:
            raise self.fail(_End(played), f"round {played.number} ends too early: {exc}") from None

    def deal(self, game: Game, played: RoundRecord, hands: dict[str, list[str]], deals: list[Deal]) -> Round:
        """The round ``played`` dealt ``hands``; a deal the game refuses is said at its line."""
        try:
            return game.next_round(hands=hands)
        except GameError as exc:
            text = str(exc)
            blamed = next((d for d in deals if text.startswith((f"{d.player}'s", f"a hand for '{d.player}'"))), None)
            raise self.fail(blamed or self.tag_named(text, played), text) from None

    def pile(self, current: Round, pile: Undealt) -> None:
        """Put the cards ``pile`` lists on top of the round's undealt cards, in its order
        (where an exchange draws from)."""
        rest = list(current.undealt)
        top = []
        for text in pile.cards:
            if text is None:  # (a card nobody saw makes a record without the deal: see has_deal)
                continue
            try:
                card = self.edition.play_of(text).card
            except NotationError as exc:
                raise self.fail(pile, str(exc)) from None
            found = next((p for p in rest if p.card == card), None)
            if found is None:
                raise self.fail(pile, f"'{text}' is not among the cards left undealt, or is listed twice")
            rest.remove(found)
            top.append(found)
        current.undealt[:] = top + rest

    def event(self, current: Round, event: Any, *, in_play: bool = False) -> None:
        if isinstance(event, Bid):
            current.bid(event.player, event.bid)
        elif isinstance(event, Load):
            current.load(event.player, event.load)
        elif isinstance(event, TrickPlayed):
            self.trick(current, event, in_play=in_play)
        elif isinstance(event, Decide):
            self.decide(current, event)

    def trick(self, current: Round, event: TrickPlayed, *, in_play: bool = False) -> None:
        """Play trick ``event``, whole (``in_play``: as far as it went, the last event of a
        record that stops in its round)."""
        done = len(current.tricks)
        if current.phase is not OVER and event.number != done + 1:
            raise self.fail(event, f"trick {event.number} comes where trick {done + 1} is played")
        ghost = current.ghost_name

        def so_far() -> tuple[Any, ...]:
            return current.trick if len(current.tricks) == done else current.tricks[done].plays

        for k, played in enumerate(event.plays):
            if k >= len(current.seats):
                raise self.fail(played, f"trick {event.number} has {len(current.seats)} cards, one a hand")
            cards = so_far()
            if played.player == ghost and ghost is not None:
                card = self.edition.play_of(played.card).card
                if len(cards) <= k:
                    raise self.fail(played, f"it is {current.to_play}'s turn, not {ghost}'s")
                if cards[k].card != card:
                    raise self.fail(played, f"{ghost} turns over {cards[k].code}, not {played.card}")
                continue
            if len(cards) > k:  # the ghost hand played here, and the record leaves it out
                raise self.fail(played, f"{ghost} turns over {cards[k].code} before {played.player}'s card")
            try:
                current.play(played.player, played.card)
            except (GameError, NotationError) as exc:
                raise self.fail(played, str(exc)) from None
        if len(current.tricks) == done and not in_play:
            raise self.fail(event, f"trick {event.number} is not finished: {current.to_play} is to play")

    def decide(self, current: Round, event: Decide) -> None:
        pending = current.pending
        if pending is not None and (pending.kind, pending.card) != (event.kind, event.card):
            raise self.fail(
                event,
                f"{pending.player}'s decision now is {pending.kind} for {pending.card}, "
                f"not {event.kind} for {event.card}",
            )
        answer: Any = list(event.values)
        if event.kind != EXCHANGE:
            if len(event.values) != 1:
                raise self.fail(event, f"{event.kind} takes one answer, not {len(event.values)}")
            answer = event.values[0]
            if pending is not None and pending.options and isinstance(pending.options[0], int):
                try:
                    answer = int(answer)
                except ValueError:
                    raise self.fail(event, f"{event.player}'s {event.kind} {answer!r} is not a whole number") from None
        current.decide(event.player, answer)

    # ------------------------------------------------------------------ without the deal

    def as_sheet(self) -> tuple[SheetScore, dict[str, Any]]:
        """Score the record as the score sheet of its whole play."""
        players = self.header()
        game = self.game
        root: dict[str, Node] = {"players": self.node([self.node(p, game.tag("Players")) for p in players], game)}
        for key, value in (("scoring", game.scoring), ("schedule", game.schedule)):
            if value is not None:
                root[key] = self.node(value, game.tag(key.title()))
        if game.modules is not None:
            root["modules"] = self.node([self.node(m, game.tag("Modules")) for m in game.modules], game.tag("Modules"))
        root["rounds"] = self.node([self.sheet_round(r) for r in game.rounds], game)
        sheet = self.node(root, game)
        try:
            return score_sheet(self.edition, sheet, file=self.file, check_edition=False), sheet.plain()
        except SheetError as exc:
            raise RecordError(exc.problems) from None

    def node(self, value: Any, at: Any) -> Node:
        loc = Location(self.file, at.line, at.column)
        return Node(value, loc, key_loc=dict.fromkeys(value, loc) if isinstance(value, dict) else {})

    def per_player(self, events: list[Any], what: str, value: Any) -> Node:
        """A sheet's mapping of player to ``value(event)``, each at its event; a player
        given twice is a problem at the second."""
        out = self.node({}, events[0])
        for event in events:
            if event.player in out.value:
                raise self.fail(event, f"{event.player}'s {what} is given twice")
            out.value[event.player] = self.node(value(event), event)
            out.key_loc[event.player] = Location(self.file, event.line, event.column)
        return out

    def results(self, played: RoundRecord, out: dict[str, Node]) -> None:
        """The results a round gives instead of its tricks, as a sheet's round with
        ``won`` gives them: tricks won, bonuses, alliances."""
        tricks = next((e for e in played.events if isinstance(e, TrickPlayed | Deal | Undealt)), None)
        if tricks is not None:
            raise self.fail(
                played.results[0],
                f"round {played.number} gives its results and its "
                + ("tricks" if isinstance(tricks, TrickPlayed) else "deal")
                + ": a round gives its whole play (its deal and tricks) or its results, not both",
            )
        won = [e for e in played.events if isinstance(e, Won)]
        out["won"] = self.per_player(won, "tricks won", lambda e: e.tricks) if won else self.node({}, played)
        bonuses = [e for e in played.events if isinstance(e, Bonus)]
        if bonuses:
            entry = self.node({}, bonuses[0])
            for bonus in bonuses:
                if bonus.player not in entry.value:
                    entry.value[bonus.player] = self.node([], bonus)
                    entry.key_loc[bonus.player] = Location(self.file, bonus.line, bonus.column)
                entry.value[bonus.player].value.append(self.node(bonus.bonus, bonus))
            out["bonuses"] = entry
        alliances = [e for e in played.events if isinstance(e, Alliance)]
        if alliances:
            pairs = [self.node([self.node(a.player, a), self.node(a.winner, a)], a) for a in alliances]
            out["loot"] = self.node(pairs, alliances[0])

    def sheet_round(self, played: RoundRecord) -> Node:
        out: dict[str, Node] = {"cards": self.node(played.cards, played)}
        if not played.ended:
            stray = next((e for e in played.events if not isinstance(e, Bid | Load | Deal | Undealt)), None)
            if stray is not None:
                raise self.fail(
                    stray,
                    f"round {played.number} has no 'end', so it is being played: it gives its bids "
                    "(and loads) only; write 'end' after the round's last event",
                )
            if not any(isinstance(e, Bid) for e in played.events):
                message = f"round {played.number} has no 'end' (a round being played gives its bids at least)"
                raise self.fail(_End(played), message)
            out["in_progress"] = self.node(True, played)
        if played.leader is not None:
            out["leader"] = self.node(played.leader, played)
        bids = {e.player: self.node(e.bid, e) for e in played.events if isinstance(e, Bid)}
        table = [p for p in self.game.players if p in bids]
        if bids and len(table) < len(self.game.players):  # a tie-break round, of the tied players
            out["players"] = self.node([self.node(p, played) for p in table], played)
        out["bids"] = self.node(bids, played)
        loads = {e.player: self.node(e.load, e) for e in played.events if isinstance(e, Load)}
        if loads:
            out["loads"] = self.node(loads, played)
        tricks = [e for e in played.events if isinstance(e, TrickPlayed)]
        if played.results:
            self.results(played, out)
        elif played.ended:
            out["tricks"] = self.node(
                [self.node([self.node(p.card, p) for p in t.plays], t) for t in tricks], tricks[0] if tricks else played
            )
        extra = [e for e in played.events if isinstance(e, Extra)]
        if extra:
            out["extra"] = self.per_player(extra, "extra points", lambda e: e.points)
        made = ((WAGER, self.edition.wagers), (CHANGE_BID, self.edition.bid_changes))
        keys = {kind: choice.sheet_key for kind, choice in made if choice is not None}
        leaders = {a.card: a.sheet_key for a in leader_abilities(self.edition) if a.sheet_key}
        for event in played.events:
            if not isinstance(event, Decide) or event.kind == EXCHANGE or not event.values:
                continue
            key = leaders.get(event.card) if event.kind == CHOOSE_LEADER else keys.get(event.kind)
            if key is None:
                raise RecordError([Problem(self.file, event.line, event.column, f"no {event.kind} for {event.card}")])
            value: Any = event.values[0]
            if event.kind != "choose_leader":
                try:
                    value = int(value)
                except ValueError:
                    raise RecordError(
                        [Problem(self.file, event.line, event.column, f"{event.kind} {value!r} is not a whole number")]
                    ) from None
            entry = out.setdefault(key, self.node({}, event))
            entry.value[event.player] = self.node(value, event)
            entry.key_loc[event.player] = Location(self.file, event.line, event.column)
        round_node = self.node(out, played)
        round_node.key_loc.update((key, node.loc) for key, node in out.items())  # (a key is where its events are)
        return round_node


class _End:
    """Where a round's ``end`` stands."""

    def __init__(self, played: RoundRecord) -> None:
        self.line, self.column = played.end_line, played.end_column


def has_deal(played: GameRecord | RoundRecord) -> bool:
    """Whether every round of a game (or a round) gives its whole deal, every card seen,
    and is played out as a game of the engine plays it: its tricks, not its results,
    and no points outside the rules."""
    if isinstance(played, GameRecord):
        return all(has_deal(r) for r in played.rounds)
    return (
        bool(played.deals)
        and not played.results
        and not any(isinstance(e, Extra) for e in played.events)
        and all(None not in e.cards for e in played.events if isinstance(e, Deal | Undealt))
    )


def replay_game(edition: GameRules, game: GameRecord, *, file: str = "<record>") -> SheetScore:
    """Replay ``game`` under ``edition`` and score it; raise
    :class:`~skullking.core.errors.RecordError` with the first problem, at the event
    that has it (a sheet's problems, for a record without the deal: all of them)."""
    return replay_record(edition, game, file=file)[0]


def replay_record(edition: GameRules, game: GameRecord, *, file: str = "<record>") -> tuple[SheetScore, dict[str, Any]]:
    """Replay ``game`` under ``edition`` (as :func:`replay_game` does): its scores, and
    its score sheet giving the whole play of every round (as ``skullking score`` reads
    it; the ``edition`` as the record names it)."""
    replay = _Replay(edition, game, file)
    with _located(game, file):
        if has_deal(game):
            played = replay.walk()
            score, sheet = played.score(), played.as_sheet()
        else:
            score, sheet = replay.as_sheet()
    return score, {"edition": game.edition or edition.id, **{k: v for k, v in sheet.items() if k != "edition"}}


def load_game(edition: GameRules, game: GameRecord, *, upto: int | None = None, file: str = "<record>") -> Game:
    """The :class:`Game` that ``game`` records, played under ``edition`` up to the end of
    the record, or with ``upto`` up to just before move ``upto + 1`` (:func:`moves`
    counts them: every bid, load, trick and decision; the deal is no move); see
    :meth:`Game.from_record`, which calls it. The walk is the one :func:`replay_record`
    checks a record with, so it raises the same :class:`~skullking.core.errors.RecordError`
    for the first move the rules refuse, and for a round without the whole deal."""
    if upto is not None and not 0 <= upto <= moves(game):
        raise ValueError(f"upto {upto}: the record holds {moves(game)} moves (from 0 to {moves(game)})")
    with _located(game, file):
        return _Replay(edition, game, file, upto).walk()
    raise AssertionError  # pragma: no cover (the context manager re-raises)


def resume_game(edition: GameRules, game: Game, record: GameRecord, *, made: int, file: str = "<record>") -> Game:
    """``game``, loaded from ``record`` after its first ``made`` moves
    (:func:`load_game` with ``upto=made``, and nothing played since), played on to the
    record's end with the record's own moves, checked as :func:`replay_record` checks
    them: the game the record gives, reached from any move."""
    if made == moves(record):
        return game
    with _located(record, file):
        return _Replay(edition, record, file).resume(game, made)
    raise AssertionError  # pragma: no cover (the context manager re-raises)


@contextlib.contextmanager
def _located(game: GameRecord, file: str) -> Iterator[None]:
    """Each problem of a replay as a :class:`~skullking.core.errors.RecordError`."""
    try:
        yield
    except _Failed as exc:
        raise RecordError([exc.problem]) from None
    except RecordError:
        raise
    except SkullKingError as exc:  # (a round set up wrong: said at the game's header)
        at = game.tag("Players") or game
        raise RecordError([Problem(file, at.line, at.column, str(exc))]) from None
