"""The play of a round's tricks: the legal plays of a hand, a play checked and placed,
the ghost hand's turns, each trick seated, resolved, tallied and what its winning card
grants. :class:`TrickPlay` is a part of :class:`~skullking.play.round.Round` (its methods run
on the round; see :mod:`skullking.play.state`)."""

from __future__ import annotations

from skullking.core.errors import GameError, NotationError
from skullking.model.cards import Play
from skullking.model.records import PLAYING, Trick
from skullking.play.state import RoundState
from skullking.rounds.seating import ghost_play, next_seat, opener, seat_order
from skullking.tricks.interpreter import legal_plays as trick_legal_plays


class TrickPlay(RoundState):
    """The play of a :class:`~skullking.play.round.Round`'s tricks (a part of it: see the
    module's description)."""

    def legal_plays(self, player: str | None = None) -> tuple[Play, ...]:
        """The plays ``player`` (default: whoever is to play) may make now, each card
        that is declared when played once per declaration (``TIG:PIR``, ``TIG:E``)."""
        if self.phase is not PLAYING:
            return ()
        mover = self.to_play
        if player is not None and player != mover:
            self._player(player)
            return ()
        assert mover is not None
        return self._plays_of(mover)

    def _plays_of(self, mover: str) -> tuple[Play, ...]:
        """The legal plays of ``mover``, whose turn it is (see :meth:`legal_plays`)."""
        return tuple(self._options(self._legal(self.hands[mover])))

    def _options(self, legal: list[Play]) -> list[Play]:
        """``legal`` cards of a hand as the plays they make, in hand order: each card once,
        a card declared when played once per declaration."""
        declarations = self._lookups.declarations
        if not declarations or declarations.keys().isdisjoint(legal):
            return list(dict.fromkeys(legal))  # each play once, in order
        out: list[Play] = []
        for play in legal:
            declared = declarations.get(play)
            if declared is not None:
                out.extend(declared)
            elif play not in out:
                out.append(play)
        return out

    def _legal(self, hand: list[Play]) -> list[Play]:
        """The cards of ``hand`` that may follow the trick so far (the round keeps its
        hands and trick sound, so the edition's input checks are not needed)."""
        return trick_legal_plays(self.edition._resolver, hand, self._trick)

    def play(self, player: str, card: str | Play) -> None:
        """``player`` plays ``card`` (text such as ``"Y7"`` or ``"TIG:PIR"``, or a play)."""
        if player != self.ghost_name:
            self._player(player)
        if self.phase is not PLAYING:
            raise GameError(self._not_now())
        mover = self.to_play
        if player != mover:
            raise GameError(f"it is {mover}'s turn, not {player}'s")
        try:
            play = self.edition.play_of(card)
        except NotationError as exc:
            raise GameError(str(exc)) from None
        hand = self.hands[player]
        held = next((p for p in hand if p.card == play.card), None)
        if held is None:
            raise GameError(f"{player} does not hold {play.card.code} (hand: {' '.join(map(str, hand))})")
        if play.undeclared:
            kind = self.edition.kind(play.card.kind or "")
            options = ", ".join(f"{play.card.code}:{d.code}" for d in kind.declarations)
            raise GameError(f"{play.card.code} is declared when played: play one of {options}")
        ghost = player == self.ghost_name  # the ghost never has to follow suit
        if not ghost and all(p.card != play.card for p in self._legal(hand)):
            suit = self.edition.led_suit(self._trick)
            follow = " ".join(p.code for p in hand if p.card.suit == suit)
            raise GameError(f"{player} must follow {suit} ({follow})")
        self._place(hand, held, play)

    def _play_legal(self, player: str, play: Play) -> None:
        """``player``, whose turn it is, plays ``play``, one of :meth:`legal_plays`: what
        :meth:`play` does once its checks pass."""
        hand = self.hands[player]
        self._place(hand, self._lookups.held[play], play)

    def _place(self, hand: list[Play], held: Play, play: Play) -> None:
        """Play ``play``, known legal, from ``hand`` (where its card is ``held``), and
        go on: the trick finished when full, the ghost's turns."""
        hand.remove(held)
        trick = self._trick
        trick.append(play)
        if len(trick) == len(self.seats):
            self._finish_trick()
        if self.ghost is not None:
            self._ghost_turns()

    @property
    def ghost_name(self) -> str | None:
        return self.ghost.name if self.ghost else None

    def _ghost_turns(self) -> None:
        """The ghost turns over the top card of its pile whenever its turn comes."""
        ghost = self.ghost
        while ghost is not None and self.to_play == ghost.name:
            top = self.hands[ghost.name][0]
            self.play(ghost.name, ghost_play(self.edition, top, ghost))

    def _seat(self, leader: int, previous: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """Seat the next trick: its leader's seat, and who led the trick before (where the
        ghost hand's place depends on it). ``_order`` holds the seats in play order,
        ``_names`` their names; both are returned."""
        seating = self._seatings.get((leader, previous) if self.ghost is not None else leader)
        if seating is None:
            order = tuple(seat_order(leader, previous, len(self.players), self.ghost))
            seating = (order, tuple(self.seats[s] for s in order))
            self._seatings[(leader, previous) if self.ghost is not None else leader] = seating
        self._order, self._names = seating
        return seating

    def _finish_trick(self) -> None:
        plays = tuple(self._trick)
        order, names = self._order, self._names
        ghost = self.ghost
        result = self.edition._compiled.resolve_dealt(plays, len(plays))
        number = len(self.tricks) + 1
        winner = names[result.winner] if result.winner is not None else None
        count = len(self.players)
        following = next_seat(order, result.next_leader, count, ghost)
        self._previous, self._leader = opener(order, count, ghost), following
        self.tricks.append(Trick(number, names, plays, result, winner, self.seats[following]))
        if winner is not None:
            self._tally(winner, names, result)
        self._trick = []
        self._seat(following, self._previous)
        card = result.winning_card
        if card is not None and winner is not None and self._abilities:
            specs = self._kit.grants.get(plays[card])
            if specs and (ghost is None or winner != ghost.name):
                self._grant(winner, specs, number)
        if self._pending or number >= self.cards:  # else play goes on: the phase stays
            self._advance()
