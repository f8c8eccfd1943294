"""A whole game: the rounds of a schedule in turn, tie-break rounds where the edition
plays them, and the game as a score sheet (:class:`Game`; each round is a
:class:`~skullking.play.round.Round`). :meth:`Game.from_record` loads a game through the
replay of its record (:mod:`skullking.play.replay`), which plays it through a
:class:`Game`: that module is imported when a record is loaded, not here."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skullking.core.errors import GameError
from skullking.core.limits import MAX_ROUNDS, MAX_TIE_BREAKS
from skullking.core.words import counted
from skullking.model.records import OVER
from skullking.play.round import Round
from skullking.rounds.context import GameSoFar, GameSoFarBuilder
from skullking.scoring.schemes import reads_the_game, standings
from skullking.scoring.sheets.score import SheetScore, score_sheet

if TYPE_CHECKING:
    from skullking.language.record import GameRecord
    from skullking.model.cards import Play
    from skullking.rounds.rules import GameRules


class Game:
    """A whole game of ``edition``: the rounds of a schedule in turn, each a
    :class:`Round` (by default round n is dealt by ``players[n - 2]`` and led by the
    player after the dealer, ``players[n - 1]``, cyclically, as on score sheets). Each
    round is given the game before it (:class:`~skullking.rounds.context.GameSoFar`)
    where the edition's formulas read it: the previous round's results, the standings.
    ``seed`` makes every deal reproducible: the rounds are dealt one after the other
    from one generator seeded from it.

    >>> import random, skullking
    >>> from skullking.play.game import Game
    >>> from skullking.play.round import play_randomly
    >>> game = Game(skullking.load_edition("skullking-2021"), ["Ann", "Bo", "Cy"], schedule="past-your-bedtime", seed=1)
    >>> play_randomly(game.next_round(), random.Random(1))
    >>> game.over, len(game.as_sheet()["rounds"]), sorted(game.score().totals)
    (True, 1, ['Ann', 'Bo', 'Cy'])
    """

    def __init__(
        self,
        edition: GameRules,
        players: Sequence[str],
        *,
        schedule: str | None = None,
        scheme: str | None = None,
        seed: int | None = None,
        modules: Iterable[str] | None = None,
        abilities: bool = True,
    ) -> None:
        self.edition = edition
        self.players = tuple(players)
        try:
            self.schedule = edition.schedule(schedule).id
            self.scheme = edition.scheme(scheme).id
        except KeyError as exc:
            raise GameError(str(exc.args[0])) from None
        self.modules = None if modules is None else tuple(modules)
        self.abilities = abilities
        self.rounds: list[Round] = []
        self._length = len(edition.schedule(self.schedule).rounds)
        #: Whether the edition's formulas read the game so far (each round is then given it).
        self._follows = reads_the_game(edition, edition.scheme(self.scheme))
        # Every round is dealt from this one generator, in turn. Its seed is derived
        # from ``seed`` (a text seed: hashed by random's own SHA-512), so that a player
        # who draws moves from random.Random(seed) draws nothing the deals drew.
        self._deals = random.Random(None if seed is None else f"deals:{seed}")

    @property
    def length(self) -> int:
        """The number of rounds the schedule plays."""
        return self._length

    @property
    def tied(self) -> tuple[str, ...]:
        """After the schedule's last round, the players tied for first when the edition
        breaks ties with another round of them (``ties: extra_round``, as the 2024 printing of the rulebook does);
        else ``()``."""
        done = [r for r in self.rounds if r.phase is OVER]
        if len(done) < self.length or len(done) < len(self.rounds) or self.edition.ties != "extra_round":
            return ()
        _, first = standings(
            self.players,
            [r.score() for r in done],
            length=self.length,
            tie_break=self.edition.tie_break_winner,
            tie_breaker=self.edition.tie_breaker,
        )
        return first if len(first) > 1 else ()

    @property
    def over(self) -> bool:
        """Whether the game has ended: the schedule played, and no tie left to break."""
        finished = len(self.rounds) >= self.length and self.rounds[-1].phase is OVER
        return finished and not self.tied

    def next_round(
        self,
        *,
        cards: int | None = None,
        hands: Mapping[str, str | Iterable[str | Play]] | None = None,
        undealt: str | Iterable[str | Play] | None = None,
    ) -> Round:
        """Deal the next round (given ``hands``, else drawn from the game's seed).

        After the schedule, a tie for first that the edition breaks with another round
        gets one: the tied players only, under the rules for their number (two bring
        in the ghost hand where the edition has one), dealt ``cards`` each - by default
        as many as the schedule's last round (the 2024 printing of the rulebook does not
        say how many)."""
        if self.rounds and self.rounds[-1].phase is not OVER:
            raise GameError(f"round {len(self.rounds)} is not over")
        players = self.players
        modules = self.modules
        if len(self.rounds) >= self.length:
            players = self.tied
            if not players:
                raise GameError(f"the game is over: the '{self.schedule}' schedule has {counted(self.length, 'round')}")
            used = self.edition.modules_for(len(players))
            modules = None if self.modules is None else tuple(m for m in self.modules if m in used)
            if cards is None:
                cards = self.edition.tie_break_cards(len(players), self.schedule)
        round_ = Round(
            self.edition,
            players,
            so_far=self.so_far(players) if self._follows else None,
            number=len(self.rounds) + 1,
            cards=cards,
            schedule=self.schedule,
            scheme=self.scheme,
            hands=hands,
            undealt=undealt,
            rng=self._deals,
            modules=modules,
            abilities=self.abilities,
        )
        self.rounds.append(round_)
        return round_

    def play_out(
        self, play: Callable[[Round], object], *, rounds: int | None = None, tie_breaks: int = MAX_TIE_BREAKS
    ) -> bool:
        """Play the game on to its end: deal each round left (:meth:`next_round`) and
        hand it to ``play``, which makes its moves (for example
        ``lambda r: play_randomly(r, rng)``), until the game is :attr:`over`. A tie the
        edition breaks with more rounds gets up to ``tie_breaks`` of them (by default
        :data:`~skullking.core.limits.MAX_TIE_BREAKS`: a house rule could make every
        round score alike, and the tie would never end), never past
        :data:`~skullking.core.limits.MAX_ROUNDS` rounds in all (the most a score sheet
        holds, so that the game's sheet is read back). ``rounds``: play the game only
        up to its first ``rounds`` rounds of the schedule, and no tie break.

        Returns whether the game is over; ``False`` where it stopped at a bound (a tie
        still standing after the tie-break rounds allowed, or ``rounds`` reached first).
        The round in play, if any, is played first."""
        end = self.length if rounds is None else rounds
        if self.rounds and self.rounds[-1].phase is not OVER:
            play(self.rounds[-1])
        while len(self.rounds) < end:
            play(self.next_round())
        if rounds is not None:
            return self.over
        breaks = len(self.rounds) - self.length
        while self.tied:
            if breaks >= tie_breaks or len(self.rounds) >= MAX_ROUNDS:
                return False
            play(self.next_round())  # the tied players play another round
            breaks += 1
        return True

    def so_far(self, players: Sequence[str] | None = None) -> GameSoFar:
        """The game so far as the next round, played by ``players`` (default everybody),
        sees it: every finished round's points, and who leads on after the last one's
        last trick."""
        game = GameSoFarBuilder(self.players)
        for r in self.rounds:
            if r.phase is OVER:
                game.add(r.score(), last_leader=r.tricks[-1].next_leader)
        return game.before(players)

    def as_sheet(self) -> dict[str, Any]:
        """The game so far as a score sheet giving the whole play of every finished round
        (what ``skullking score`` reads)."""
        sheet: dict[str, Any] = {
            "edition": self.edition.id,
            "players": list(self.players),
            "scoring": self.scheme,
            "schedule": self.schedule,
        }
        if self.modules is not None:
            sheet["modules"] = list(self.modules)
        rounds = []
        for r in self.rounds:
            if r.phase is OVER:
                record = r.as_sheet_round()
                if r.players != self.players:  # a tie-break round
                    record = {"players": list(r.players), **record}
                rounds.append(record)
        sheet["rounds"] = rounds
        return sheet

    @classmethod
    def from_record(
        cls,
        edition: GameRules,
        record: GameRecord,
        *,
        upto: int | None = None,
        file: str = "<record>",
        seed: int | None = None,
    ) -> Game:
        """The game ``record`` gives (one game of a record read by
        :func:`~skullking.language.record.parse_record`), played under ``edition`` move by
        move: after every move of the record, or after its first ``upto`` moves (each
        bid, load, trick and decision is a move; the deal is none, and the round of the
        next move is dealt, as a table has it before that move). A round the record
        stops in (no ``end``) or ``upto`` stops in is in play, ``game.rounds[-1]``: its
        further moves (:meth:`Round.bid`, :meth:`Round.play`, :meth:`Round.decide`,
        :meth:`Round.play_out`) and the rounds after it (:meth:`next_round`) go on as in
        a game played from the start. It is how python-chess sets a board to any move
        of a game read from PGN. A record that carries its house rule inline is loaded
        under it: ``Game.from_record(inline_edition(record), record)``
        (:func:`skullking.loading.inline.inline_edition`, as ``skullking replay`` reads it).

        The record is checked move by move as ``skullking replay`` checks it (the very
        same walk, :mod:`skullking.play.replay`): a move the rules refuse, a header the
        edition does not match, or a round without its whole deal raise a
        :class:`~skullking.core.errors.RecordError` located at its line and column in
        ``file``; ``upto`` outside 0 to the record's moves raises :class:`ValueError`.
        Rounds dealt after the load (:meth:`next_round`, including those the record
        holds after ``upto``) are drawn from a generator seeded from ``seed`` (of no
        seed without it), or given (``hands=``). A game recorded during a trick loads
        with that trick in play, its cards so far played."""
        # (a cycle: skullking.play.replay imports this module)
        from skullking.play.replay import load_game

        game = load_game(edition, record, upto=upto, file=file)
        if seed is not None:  # (the deals after the load, as a game of that seed deals)
            game._deals = random.Random(f"deals:{seed}")
        return game

    def as_record(self) -> GameRecord:
        """The game so far as a game record (:mod:`skullking.language.record`): the
        edition and the fingerprint of its rules, the players, the schedule and scheme,
        and every round begun, move by move (:meth:`Round.as_record`)."""
        # (the record language brings lark: kept off simulate's and ladder's start-up)
        from skullking.language.record import GameRecord, Tag

        tags = [
            Tag(name="Edition", values=(self.edition.id,), line=0, column=0),
            Tag(name="Rules", values=(self.edition.fingerprint(),), line=0, column=0),
            Tag(name="Players", values=self.players, line=0, column=0),
            Tag(name="Schedule", values=(self.schedule,), line=0, column=0),
            Tag(name="Scoring", values=(self.scheme,), line=0, column=0),
        ]
        if self.modules is not None:
            tags.append(Tag(name="Modules", values=self.modules, line=0, column=0))
        if not self.abilities:
            tags.append(Tag(name="Abilities", values=("off",), line=0, column=0))
        return GameRecord(tags=tuple(tags), rounds=tuple(r.as_record() for r in self.rounds), line=0, column=0)

    def score(self) -> SheetScore:
        """The finished rounds scored as their sheet is (totals, winners, tie break)."""
        return score_sheet(self.edition, self.as_sheet(), file="<game>", check_edition=False)
