"""What rounds look up again and again, worked out once per edition and kept with it.

A :class:`~skullking.play.round.Round` needs, every round, the deck in play as plays, and
after every trick what the winning card grants and how the next trick is seated; each
of its moves needs the declarations of a card declared when played; a score sheet
giving the whole play needs each card's text parsed. These depend on the edition (and
the modules in play) only, so they are derived on first use and kept here, with the
values of the edition's round formulas and the set-ups of rounds (see
:class:`~skullking.play.round.Round`), weakly keyed by the edition: an edition that goes
away takes its lookups along. Nothing here is a rule of its own: every value is what the
edition's fields give. What grows with use (formula values, set-ups, seatings, texts) is
bounded, started afresh past ``_KEPT`` entries.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.model.records import AbilityKind
from skullking.rounds.seating import Seating, grants

if TYPE_CHECKING:
    from collections.abc import Set

    from skullking.model.cards import Play
    from skullking.model.rules import Rules

#: Decision kinds besides the ability kinds: the wager and bid change a sheet records.
WAGER = "wager"
CHANGE_BID = "change_bid"


class GrantSpec(NamedTuple):
    """What winning a trick with a card grants (an ability, a wager, a bid change):
    the decision kind, the granting card's id, how many cards an exchange draws,
    whether the round's last trick grants it too, and whether it waits for the end
    of the round."""

    kind: str
    card: str
    cards: int
    after_last_trick: bool
    later: bool


class ModuleLookups:
    """Lookups for one set of modules in play."""

    __slots__ = ("deck", "grants", "reserve", "special", "twice", "undeclared")

    def __init__(self, edition: Rules, modules: frozenset[str]) -> None:
        plays = edition.plays
        #: The deck in play as plays (cards declared when played stay undeclared).
        self.deck: tuple[Play, ...] = tuple(plays[card.code] for card in edition.deck(modules))
        #: The plays the deck holds more than once (a hand may hold two of them, one
        #: play) and those declared when played (a Tigress: a play per declaration),
        #: and both (``special``): a hand without any of them plays its legal cards as
        #: they stand (see Round._holds_repeats).
        self.twice = frozenset(p for p, n in Counter(self.deck).items() if n > 1)
        self.undeclared = frozenset(p for p in self.deck if p.undeclared)
        self.special = self.twice | self.undeclared
        #: Play -> what winning a trick with it grants, in the edition's order (the
        #: abilities, then the wager, then the bid change); plays granting nothing are
        #: left out.
        self.grants: dict[Play, tuple[GrantSpec, ...]] = {}
        for play in plays.values():
            specs = _specs(edition, play, modules)
            if specs:
                self.grants[play] = specs
        #: The most undealt cards a round can draw: what the exchanges of the deck's
        #: cards draw, every copy counted (a card wins one trick a round). A deal puts
        #: that many cards at random on top of the undealt pile (see Round._draw).
        self.reserve = sum(
            spec.cards for play in self.deck for spec in self.grants.get(play, ()) if spec.kind == AbilityKind.EXCHANGE
        )


def _specs(edition: Rules, play: Play, modules: Set[str]) -> tuple[GrantSpec, ...]:
    """What ``play`` may grant, whatever the trick (``grants`` with a trick before the
    last, the last trick's exception kept in ``after_last_trick``)."""
    out: list[GrantSpec] = []
    for ability in edition.abilities:
        if grants(ability, play, 1, 2, modules):
            out.append(GrantSpec(ability.kind.value, ability.card, ability.cards, ability.after_last_trick, False))
    for kind, choice in ((WAGER, edition.wagers), (CHANGE_BID, edition.bid_changes)):
        if choice is None or choice.card is None or not grants(choice, play, 1, 2, modules):
            continue
        out.append(GrantSpec(kind, choice.card, 0, choice.after_last_trick, choice.timing == "end_of_round"))
    return tuple(out)


class Lookups:
    """An edition's lookups: per play, the plays a card held in a hand is played as
    (its declarations, or itself), the card as a hand holds it and the module it comes
    with; per module set, :class:`ModuleLookups`; and the values of the edition's round
    formulas (cards dealt, first leader, bid range) for the round values met, see
    :meth:`value`."""

    __slots__ = (
        "_modules",
        "_seatings",
        "_values",
        "declarations",
        "held",
        "module",
        "setups",
        "texts",
    )

    def __init__(self, edition: Rules) -> None:
        plays = edition.plays
        #: An undeclared play (a Tigress in hand) -> its declarations as plays, in the
        #: edition's order.
        self.declarations: dict[Play, tuple[Play, ...]] = {}
        #: Any play -> the play a hand holds for its card (undeclared).
        self.held: dict[Play, Play] = {}
        #: Any play -> the module its card comes with.
        self.module: dict[Play, str] = {}
        suit_modules = {s.id: s.module for s in edition.suits}
        #: Card texts met (a score sheet's, in any notation) -> the one play each names.
        self.texts: dict[str, Play] = {}
        for play in plays.values():
            card = play.card
            numbered = card.suit is not None
            self.module[play] = suit_modules[card.suit or ""] if numbered else edition.kind(card.kind or "").module
            self.held[play] = plays[play.card.code]
            if play.undeclared:
                kind = edition.kind(play.card.kind or "")
                self.declarations[play] = tuple(plays[f"{play.card.code}:{d.code}"] for d in kind.declarations)
        self._modules: dict[frozenset[str], ModuleLookups] = {}
        self._values: dict[Hashable, Any] = {}
        #: A round's arguments (but the deal's) -> what it worked out from them, see
        #: :class:`skullking.play.round.Round`.
        self.setups: dict[Hashable, dict[str, Any]] = {}
        self._seatings: dict[tuple[tuple[str, ...], bool], dict[Hashable, Seating]] = {}

    def seatings(self, seats: tuple[str, ...], ghost: object) -> dict[Hashable, Seating]:
        """The seatings met at a table of ``seats`` (the ghost's, if any, last), filled by
        :func:`skullking.rounds.seating.seated` as rounds played here and score sheets'
        replays seat their tricks: a trick's leader (with the ghost, the pair
        leader, previous leader) -> the seats in play order and their names."""
        key = (seats, ghost is not None)
        found = self._seatings.get(key)
        if found is None:
            if len(self._seatings) >= _KEPT:
                self._seatings.clear()
            found = self._seatings[key] = {}
        return found

    def parsed(self, text: str, play: Play) -> Play:
        """Keep that ``text`` names ``play`` (the edition's parse of it, one card)."""
        if len(self.texts) >= _KEPT:
            self.texts.clear()
        self.texts[text] = play
        return play

    def keep_setup(self, key: Hashable, setup: dict[str, Any]) -> None:
        if len(self.setups) >= _KEPT:
            self.setups.clear()
        self.setups[key] = setup

    def value(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, kept under ``key`` for the next call: for values of the
        edition's formulas, which are pure (``key`` holds what they are computed from).
        A computation that raises keeps nothing."""
        values = self._values
        if key in values:
            return values[key]
        value = compute()
        if len(values) >= _KEPT:
            values.clear()
        values[key] = value
        return value

    def modules(self, edition: Rules, modules: frozenset[str]) -> ModuleLookups:
        found = self._modules.get(modules)
        if found is None:
            found = self._modules[modules] = ModuleLookups(edition, modules)
        return found


#: Formula values kept per edition before starting afresh.
_KEPT = 10_000

_LOOKUPS: weakref.WeakKeyDictionary[Rules, Lookups] = weakref.WeakKeyDictionary()


def lookups(edition: Rules) -> Lookups:
    """The lookups of ``edition``, derived on first use."""
    found = _LOOKUPS.get(edition)
    if found is None:
        found = _LOOKUPS[edition] = Lookups(edition)
    return found
