"""The deal of a round: the modules in play, the deck, the hands (given, or drawn at
random, one card at a time) and the undealt pile. :class:`Dealing` is a part of
:class:`~skullking.play.round.Round` (its methods run on the round; see
:mod:`skullking.play.state`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping

from skullking.core.errors import GameError, NotationError
from skullking.core.limits import shown
from skullking.core.suggest import unknown
from skullking.model.cards import Play
from skullking.play.randomplay import draw, shuffle
from skullking.play.state import RoundState


class Dealing(RoundState):
    """The deal of a :class:`~skullking.play.round.Round` (a part of it: see the module's
    description)."""

    def _modules(self, modules: Iterable[str] | None) -> frozenset[str]:
        count = len(self.players)
        if modules is None:
            chosen: frozenset[str] = self._lookups.value(
                ("modules", count), lambda: frozenset(self.edition.modules_for(count))
            )
            return chosen
        default = self.edition.modules_for(count)
        chosen = frozenset(modules)
        by_id = {m.id: m for m in self.edition.modules}
        for chosen_id in chosen:
            if chosen_id not in by_id:
                raise GameError(unknown("module", chosen_id, by_id))
            if by_id[chosen_id].min_players > count:
                raise GameError(f"module '{chosen_id}' is only used from {by_id[chosen_id].min_players} players")
        for module in self.edition.modules:
            if not module.optional and module.id in default and module.id not in chosen:
                raise GameError(f"module '{module.id}' cannot be left out")
        return chosen

    def _deal(
        self,
        hands: Mapping[str, str | Iterable[str | Play]] | None,
        undealt: str | Iterable[str | Play] | None,
        seed: int | None,
        rng: random.Random | None = None,
    ) -> None:
        deck = self._kit.deck  # the deck in play as plays (read here; a deal draws from a copy)
        size = self.cards * len(self.seats)
        if size > len(deck):
            raise GameError(
                f"{shown(self.cards)} cards for {len(self.seats)} hands, but the deck in play has {len(deck)}"
            )
        shuffler = random.Random(seed) if rng is None else rng
        if hands is None:
            self._draw(shuffler)
            rest = self.undealt
        else:
            unknown = [name for name in hands if name not in self.seats]
            if unknown:
                raise GameError(f"a hand for '{unknown[0]}', who is not at the table ({', '.join(self.seats)})")
            missing = [name for name in self.seats if name not in hands]
            if missing:
                raise GameError(f"no hand for {', '.join(missing)}")
            self.hands = {name: self._cards(hands[name], f"{name}'s hand") for name in self.seats}
            for name, hand in self.hands.items():
                if len(hand) != self.cards:
                    raise GameError(f"{name}'s hand has {len(hand)} cards, but {self.cards} are dealt")
            left = Counter(p.card for p in deck)
            for name, hand in self.hands.items():
                for play in hand:
                    if left[play.card] == 0:
                        raise GameError(f"{name}'s hand: '{play.card.code}' is not in the deck in play, or dealt twice")
                    left[play.card] -= 1
            rest = []
            for play in deck:
                if left[play.card] > 0:
                    left[play.card] -= 1
                    rest.append(play)
            shuffle(shuffler, rest)
        if undealt is not None:
            given = self._cards(undealt, "the undealt cards")
            if Counter(p.card for p in given) != Counter(p.card for p in rest):
                raise GameError("the undealt cards must be exactly the cards of the deck in play that were not dealt")
            rest = given
        self.undealt: list[Play] = rest

    def _draw(self, rng: random.Random) -> None:
        """Deal hands drawn at random from the deck in play (large enough: checked when
        the round was first set up) with ``rng``, then as many cards as the exchanges of
        the deck's cards can draw in the round, on top of the undealt pile; beneath them
        the rest of the deck, in deck order (never drawn: its order tells nothing)."""
        deck = list(self._kit.deck)
        slices = self._slices
        size = slices[-1][1].stop
        drawn = draw(rng, deck, size + self._kit.reserve)
        hands = self.hands = {}
        for name, place in slices:  # (a loop: cheaper than dict() over a zip)
            hands[name] = drawn[place]
        self.undealt = drawn[size:] + deck

    def _cards(self, cards: str | Iterable[str | Play], what: str) -> list[Play]:
        """Cards given as one text (``"Y7 SK"``) or a list of cards, each text or a play."""
        try:
            if not isinstance(cards, str) and not isinstance(cards, Iterable):
                raise NotationError(f"{cards!r} is not a list of cards")
            plays = list(self.edition.parse_cards(cards if isinstance(cards, str) else list(cards)))
        except NotationError as exc:
            raise GameError(f"{what}: {exc}") from None
        # A card is dealt as a card: its declaration is made when it is played.
        return [self.edition.plays[p.card.code] for p in plays]
