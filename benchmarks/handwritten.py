"""A hand-written Skull King 2021 trick resolver: the speed benchmark's baseline.

It implements exactly the rules of ``editions/skullking-2021.yaml`` (the 2021 rulebook
with the official FAQ's rulings), written directly in Python the way one would
without a rules engine:

* Kraken and White Whale in one trick: the one played second takes effect, the other
  counts as an escape.
* Kraken: nobody wins, no bonus, no alliance; the next leader is the player who would
  have won had neither beast been played (the trick leader if only beasts were played).
* White Whale: every special card is an escape, the highest number wins whatever its
  suit (ties: the card played first); only 14s pay; Loot alliances still form. No
  numbered card: nobody wins and the White Whale's player leads.
* Otherwise: Skull King with a mermaid -> first mermaid; Skull King; first pirate
  (Tigress declared pirate included); first mermaid; highest black; highest of the led
  suit; only escape-type cards -> the first card.
* Bonus: each green/yellow/purple 14 +10, black 14 +20; a winning pirate +20 per
  mermaid; a winning Skull King +30 per pirate; a winning mermaid +40 for the Skull King.
* Loot: an alliance (loot seat, winner seat) for each Loot not played by the winner.

The led suit only matters when no character is in the trick, and then it is the suit
of the first numbered card, so the usual one-pass "best numbered card" loop is exact.
Seats are 0-based: the i-th card is played by seat ``(leader + i) % players``.
``resolve`` does not validate its input (duplicate cards, too many cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# Card kinds.
NUMBER = 0
ESCAPE = 1  # escapes and the Tigress declared escape
LOOT = 2  # an escape that forms an alliance
PIRATE = 3  # pirates and the Tigress declared pirate
SKULL_KING = 4
MERMAID = 5
KRAKEN = 6
WHALE = 7

SUITS = {"G": 0, "Y": 1, "P": 2, "B": 3}
BLACK = SUITS["B"]

Alliance = tuple[int, int]
Result = tuple[int | None, int, int, tuple[Alliance, ...]]


@dataclass(frozen=True, slots=True)
class Card:
    """A card as played. ``suit``/``rank`` are -1/0 for special cards; ``points`` is
    what the card itself pays to whoever wins it (the 14s)."""

    code: str
    kind: int
    suit: int = -1
    rank: int = 0
    points: int = 0


def _deck_codes() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for letter, suit in SUITS.items():
        for rank in range(1, 15):
            points = (20 if suit == BLACK else 10) if rank == 14 else 0
            code = f"{letter}{rank}"
            cards[code] = Card(code, NUMBER, suit, rank, points)
    specials = {
        "E": ESCAPE,
        "TIG:E": ESCAPE,
        "LOOT": LOOT,
        "PIR": PIRATE,
        "TIG:PIR": PIRATE,
        "ROSIE": PIRATE,
        "BENDT": PIRATE,
        "RASCAL": PIRATE,
        "JUANITA": PIRATE,
        "HARRY": PIRATE,
        "SK": SKULL_KING,
        "MER": MERMAID,
        "KRAKEN": KRAKEN,
        "WHALE": WHALE,
    }
    for code, kind in specials.items():
        cards[code] = Card(code, kind)
    return cards


CARDS = _deck_codes()


def parse(code: str) -> Card:
    """The card written ``code`` (``Y10``, ``TIG:PIR``, ``WHALE``...)."""
    card = CARDS.get(code.strip().upper())
    if card is None:
        if code.strip().upper() == "TIG":
            raise ValueError("the Tigress must be declared when played: TIG:PIR or TIG:E")
        raise ValueError(f"unknown card code {code!r}")
    return card


def parse_cards(codes: Iterable[str]) -> list[Card]:
    return [parse(code) for code in codes]


def winning_index(cards: Sequence[Card]) -> int:
    """The position of the winning card of a trick without Kraken or White Whale."""
    skull_king = pirate = mermaid = best = -1
    for i, card in enumerate(cards):
        kind = card.kind
        if kind == NUMBER:
            if best < 0:
                best = i
            else:
                top = cards[best]
                if (card.suit == top.suit and card.rank > top.rank) or (card.suit == BLACK and top.suit != BLACK):
                    best = i
        elif kind == PIRATE:
            if pirate < 0:
                pirate = i
        elif kind == MERMAID:
            if mermaid < 0:
                mermaid = i
        elif kind == SKULL_KING:
            skull_king = i
    if skull_king >= 0:
        return mermaid if mermaid >= 0 else skull_king
    if pirate >= 0:
        return pirate
    if mermaid >= 0:
        return mermaid
    if best >= 0:
        return best
    return 0  # only escape-type cards: the first card played wins


def _alliances(cards: Sequence[Card], win: int, leader: int, players: int) -> tuple[Alliance, ...]:
    winner = (leader + win) % players
    return tuple(((leader + i) % players, winner) for i, card in enumerate(cards) if card.kind == LOOT and i != win)


def resolve(cards: Sequence[Card], leader: int, players: int) -> Result:
    """``(winner, next_leader, bonus, alliances)`` of a trick; ``winner`` is ``None``
    when the Kraken (or a White Whale without numbered cards) leaves it unwon."""
    kraken = whale = -1
    loot = False
    for i, card in enumerate(cards):
        kind = card.kind
        if kind == KRAKEN:
            kraken = i
        elif kind == WHALE:
            whale = i
        elif kind == LOOT:
            loot = True

    if kraken > whale:  # the Kraken takes effect (played alone or after the Whale)
        kept = [i for i, card in enumerate(cards) if card.kind not in (KRAKEN, WHALE)]
        if not kept:
            return None, leader, 0, ()
        win = kept[winning_index([cards[i] for i in kept])]
        return None, (leader + win) % players, 0, ()

    if whale >= 0:  # the White Whale takes effect: only numbers count
        win = -1
        for i, card in enumerate(cards):
            if card.kind == NUMBER and (win < 0 or card.rank > cards[win].rank):
                win = i
        if win < 0:
            return None, (leader + whale) % players, 0, ()
        bonus = 0
        for card in cards:
            bonus += card.points
        winner = (leader + win) % players
        return winner, winner, bonus, _alliances(cards, win, leader, players) if loot else ()

    win = winning_index(cards)
    winning_kind = cards[win].kind
    bonus = 0
    for card in cards:
        bonus += card.points
        kind = card.kind
        if winning_kind == PIRATE:
            if kind == MERMAID:
                bonus += 20
        elif winning_kind == SKULL_KING:
            if kind == PIRATE:
                bonus += 30
        elif winning_kind == MERMAID and kind == SKULL_KING:
            bonus += 40
    winner = (leader + win) % players
    return winner, winner, bonus, _alliances(cards, win, leader, players) if loot else ()
