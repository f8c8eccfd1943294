"""The decisions the pirates' abilities ask for, as a round plays them: what winning a
trick with a card grants (an ability, Rascal's wager, Harry's bid change), used at once
or kept for the round's end (``timing``, ``after_last_trick``), the :class:`Decision`
it waits for, and the answer carried out. :class:`Decisions` is a part of
:class:`~skullking.play.round.Round` (its methods run on the round; the round's module holds
the rules of play)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import GameError
from skullking.core.limits import shown
from skullking.model.cards import Play
from skullking.model.records import CHOOSE_LEADER, EXCHANGE, LOOK_UNDEALT, SheetChoice
from skullking.play.state import RoundState
from skullking.rounds.lookups import WAGER, GrantSpec

if TYPE_CHECKING:
    pass


class Decision(NamedTuple):
    """A choice an ability asks of ``player``, granted by winning trick ``trick`` with
    ``card``. ``kind`` is an ability kind (``choose_leader``, ``exchange``) or ``wager``
    / ``change_bid``; ``options`` are the allowed answers (players, values, or for an
    exchange the hand to discard ``number`` cards from)."""

    player: str
    kind: str
    card: str
    trick: int
    options: tuple[Any, ...]
    number: int = 1


#: Makes a Decision without the call of its generated __new__ (simulations make many).
_new = tuple.__new__


class _Grant(NamedTuple):
    """An ability granted, waiting for its time."""

    kind: str
    card: str
    trick: int
    player: str
    cards: int = 0


class Decisions(RoundState):
    """The abilities' decisions of a :class:`~skullking.play.round.Round` (a part of it: see
    the module's description)."""

    def decide(self, player: str, choice: Any) -> None:
        """Answer the pending decision: a player's name (choose a leader), a value (a
        wager, a bid change), or for an exchange the cards to discard."""
        decision = self.pending
        if decision is None:
            raise GameError("no decision is pending")
        if player != decision.player:
            raise GameError(f"{decision.player} decides now ({decision.kind} for {decision.card}), not {player}")
        if decision.kind == EXCHANGE:
            choice = self._discards(decision, choice)
        elif choice not in decision.options or isinstance(choice, bool):
            allowed = ", ".join(map(str, decision.options))
            raise GameError(f"{player}'s {decision.kind} {shown(choice)} is not one of {allowed}")
        self._decided(decision, choice)

    def _decided(self, decision: Decision, choice: Any) -> None:
        """Carry out the answer to the pending ``decision``, known to be allowed (for an
        exchange, the plays to discard as the hand holds them)."""
        player, kind = decision.player, decision.kind
        if kind == EXCHANGE:
            hand = self.hands[player]
            for play in choice:
                hand.remove(play)
            self.discarded[player] = (*self.discarded.get(player, ()), *choice)
        elif kind == CHOOSE_LEADER:
            self.leader_choices[player] = choice
            self._leaders_chosen.setdefault(decision.card, {})[player] = choice
            self._leader = self.seats.index(choice)
            self._seat(self._leader, self._previous)
        elif kind == WAGER:
            self.wagers[player] = choice
        else:
            self.changes[player] = choice
        self._pending.pop(0)
        self._next_decision()
        self._advance()
        if self.ghost is not None:
            self._ghost_turns()

    def _discards(self, decision: Decision, choice: Any) -> list[Play]:
        """The cards an exchange's answer discards, as the hand holds them; raises for
        an answer that is not ``decision.number`` cards of the hand."""
        picked = self._cards([choice] if isinstance(choice, Play) else choice, "the discards")
        hand = self.hands[decision.player]
        if len(picked) != decision.number:
            raise GameError(f"{decision.player} discards {decision.number} cards, not {len(picked)}")
        left = Counter(p.card for p in hand)
        left.subtract(p.card for p in picked)
        if any(n < 0 for n in left.values()):
            raise GameError(f"{decision.player} can only discard cards of the hand ({' '.join(map(str, hand))})")
        return picked

    def _grant(self, player: str, specs: tuple[GrantSpec, ...], trick: int) -> None:
        """What winning trick ``trick`` with a card grants (``specs``, the edition's
        order: abilities, wager, bid change): used now, or kept for the end of the
        round; the round's last trick grants only what the edition says."""
        for kind, card, cards, after_last_trick, later in specs:
            if after_last_trick or trick < self.cards:
                if later:
                    self._later.append(_Grant(kind, card, trick, player, cards))
                else:
                    self._use(kind, card, trick, player, cards)

    def _use(self, kind: str, card: str, trick: int, player: str, cards: int) -> None:
        """Carry out a grant (a :class:`_Grant`'s fields), or queue the decision it asks for."""
        if kind == EXCHANGE and self._pending:
            # An exchange offers the hand as it will be: it draws once the decisions
            # before it are answered (a second exchange, after the first's discards).
            self._pending.append(_Grant(kind, card, trick, player, cards))
            return
        decision = self._decision(kind, card, trick, player, cards)
        if decision is not None:
            self._pending.append(decision)

    def _next_decision(self) -> None:
        """Turn the grants waiting at the head of the queue into their decisions (or
        carry them out), so that ``pending`` is a decision or nothing."""
        pending = self._pending
        while pending and type(pending[0]) is _Grant:
            decision = self._decision(*pending[0])
            if decision is None:
                pending.pop(0)
            else:
                pending[0] = decision

    def _decision(self, kind: str, card: str, trick: int, player: str, cards: int) -> Decision | None:
        """Carry out a grant that asks nothing, or the decision it asks for; ``None`` when
        there is nothing to decide: an exchange with no card left to draw, a bid change
        none of whose values keeps the bid within the round's range (the ability then
        does nothing: a decision with no options would wait for ever)."""
        if kind == LOOK_UNDEALT:
            self.seen[player] = tuple(self.undealt)
            return None
        if kind == EXCHANGE:
            drawn, self.undealt = self.undealt[:cards], self.undealt[cards:]
            if not drawn:
                return None  # nothing left to draw: nothing to discard either
            hand = self.hands[player]
            hand.extend(drawn)
            return _new(Decision, (player, kind, card, trick, tuple(hand), len(drawn)))
        options: tuple[Any, ...]
        if kind == CHOOSE_LEADER:
            options = self.players
        elif kind == WAGER:
            options = self._values(self.edition.wagers)
        else:
            bid = self._bids[player]
            low, high = self.bid_range
            options = tuple([v for v in self._values(self.edition.bid_changes) if low <= bid + v <= high])
        return _new(Decision, (player, kind, card, trick, options, 1)) if options else None

    @staticmethod
    def _values(choice: SheetChoice | None) -> tuple[int, ...]:
        return choice.values if choice is not None else ()
