"""A hand-written random game of Skull King 2021: the whole-game benchmark's baseline.

``benchmarks/bench_games.py`` times whole random games played through ``skullking``'s
``Game`` and ``play_randomly`` against :func:`play_game`, a plain loop written directly
for the rules of ``editions/skullking-2021.yaml`` at a table of four, the way one would
without a rules engine:

* each round deals ``number`` cards (rounds 1 to 10) from the shuffled 74-card deck;
  the player after the dealer leads the first trick (``players[number - 1]``);
* every player bids at random from 0 to the cards dealt;
* each player in turn plays a random legal card: a numbered card must follow the led
  suit when the hand holds it, special cards may always be played; the led suit is
  that of the first numbered card, unless a character (pirate, Skull King, mermaid,
  Kraken, White Whale) was played before it (escapes and Loot pass the lead on); the
  Tigress is declared pirate or escape at random;
* each trick is resolved by ``handwritten.resolve`` (``benchmarks/handwritten.py``),
  and the named pirates' abilities are used at random when their card wins a trick:
  Rosie D'Laney picks the next leader, Bendt the Bandit draws two undealt cards and
  discards two, Rascal of Roatan wagers 0, 10 or 20, Harry the Giant changes his bid
  by -1, 0 or +1 (even after the last trick; the others not after it), Juanita Jade
  looks at the undealt cards (nothing to do);
* each round is scored with the 2021 formulas written out: a zero bid made scores 10
  per card dealt, missed -10 per card; a bid made 20 per trick; a bid missed -10 per
  trick off; a bid made (zero included) adds the capture bonuses, Rascal's wager and 20
  per Loot alliance whose two allies both made their bids; a bid missed loses the wager.

No tie-break round: a game is the schedule's ten rounds (the benchmark plays the
engine's games the same way). ``record`` (a list) receives every round as a score
sheet's round with its whole play, which is how a test checks this loop against the
engine: ``skullking score`` must accept every card and give the same points.
"""

from __future__ import annotations

import random
from typing import Any

import handwritten  # benchmarks/ is the script's folder, first on sys.path
from handwritten import ESCAPE, LOOT, NUMBER, Card, resolve

PLAYERS = ("P1", "P2", "P3", "P4")
ROUNDS = 10
#: The Tigress as dealt: declared when played (a kind of its own, never a numbered card).
TIGRESS = Card("TIG", -1)
DECLARED = (handwritten.CARDS["TIG:PIR"], handwritten.CARDS["TIG:E"])
SPECIALS = {"E": 5, "TIG": 1, "SK": 1, "MER": 2, "KRAKEN": 1, "WHALE": 1, "LOOT": 2}
NAMED = ("ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY")  # the five pirates
PASSING = (ESCAPE, LOOT)  # kinds that leave the led suit to the next card
WAGERS = (0, 10, 20)
ALLIANCE = 20


def deck() -> list[Card]:
    """The 74 cards: 4 suits x 1-14, 5 escapes, the 5 named pirates, the Tigress, the
    Skull King, 2 mermaids, Kraken, White Whale, 2 Loot."""
    cards = [handwritten.CARDS[f"{suit}{rank}"] for suit in "GYPB" for rank in range(1, 15)]
    cards += [handwritten.CARDS[code] for code in NAMED]
    for code, count in SPECIALS.items():
        cards += [TIGRESS if code == "TIG" else handwritten.CARDS[code]] * count
    return cards


DECK = deck()


def play_round(rng: random.Random, number: int, cards: int, record: list[dict[str, Any]] | None = None) -> list[int]:
    """Deal, bid, play and score round ``number`` of ``cards`` cards at a table of four;
    the points per seat."""
    players = len(PLAYERS)
    dealt = DECK[:]
    rng.shuffle(dealt)
    hands = [dealt[i * cards : (i + 1) * cards] for i in range(players)]
    undealt = dealt[players * cards :]
    bids = [rng.randint(0, cards) for _ in range(players)]
    first_bids = bids[:]
    won = [0] * players
    bonus = [0] * players
    wager = [0] * players
    alliances: list[tuple[int, int]] = []
    leader = first_leader = (number - 1) % players
    tricks: list[list[str]] = []
    changes: dict[str, int] = {}
    chosen: dict[str, str] = {}
    for trick_number in range(1, cards + 1):
        trick: list[Card] = []
        led = -2  # not known yet; -1: no suit to follow
        for i in range(players):
            hand = hands[(leader + i) % players]
            if led >= 0 and any(c.suit == led for c in hand):
                card = rng.choice([c for c in hand if c.suit < 0 or c.suit == led])
            else:
                card = rng.choice(hand)
            hand.remove(card)
            if card is TIGRESS:
                card = rng.choice(DECLARED)
            if led == -2:
                if card.kind == NUMBER:
                    led = card.suit
                elif card.kind not in PASSING:
                    led = -1
            trick.append(card)
        winner, next_leader, points, allies = resolve(trick, leader, players)
        if record is not None:
            tricks.append([c.code for c in trick])
        if winner is not None:
            won[winner] += 1
            bonus[winner] += points
            alliances.extend(allies)
            code = trick[(winner - leader) % players].code
            if code in NAMED:
                before_last = trick_number < cards
                if code == "ROSIE" and before_last:
                    next_leader = rng.randrange(players)
                    chosen[PLAYERS[winner]] = PLAYERS[next_leader]
                elif code == "BENDT" and before_last:
                    drawn, undealt = undealt[:2], undealt[2:]
                    hand = hands[winner]
                    hand += drawn
                    for card in rng.sample(hand, len(drawn)):
                        hand.remove(card)
                elif code == "RASCAL" and before_last:
                    wager[winner] = rng.choice(WAGERS)
                elif code == "HARRY":
                    change = rng.choice([v for v in (-1, 0, 1) if 0 <= bids[winner] + v <= cards])
                    bids[winner] += change
                    changes[PLAYERS[winner]] = change
        leader = next_leader
    scores = score_round(cards, bids=bids, won=won, bonus=bonus, alliances=alliances, wager=wager)
    if record is not None:
        sheet_round: dict[str, Any] = {
            "cards": cards,
            "leader": PLAYERS[first_leader],
            "bids": dict(zip(PLAYERS, first_bids, strict=True)),
            "tricks": tricks,
        }
        wagers = {PLAYERS[p]: w for p, w in enumerate(wager) if w}
        choices: dict[str, dict[str, Any]] = {"harry": changes, "wagers": wagers, "rosie": chosen}
        sheet_round.update((key, made) for key, made in choices.items() if made)
        record.append(sheet_round)
    return scores


def score_round(
    cards: int,
    *,
    bids: list[int],
    won: list[int],
    bonus: list[int],
    alliances: list[tuple[int, int]],
    wager: list[int],
) -> list[int]:
    """Points per seat of a round of ``cards`` cards under the 2021 scoring: the bids
    (after Harry's change), tricks won, capture bonuses and wagers per seat, and the
    Loot alliances formed as (Loot's seat, winner's seat)."""
    made = [w == b for w, b in zip(won, bids, strict=True)]
    ally = [0] * len(bids)
    for loot, winner in alliances:
        if made[loot] and made[winner]:
            ally[loot] += ALLIANCE
            ally[winner] += ALLIANCE
    scores = []
    for p, bid in enumerate(bids):
        if made[p]:
            scores.append((10 * cards if bid == 0 else 20 * bid) + bonus[p] + ally[p] + wager[p])
        elif bid == 0:
            scores.append(-10 * cards - wager[p])
        else:
            scores.append(-10 * abs(won[p] - bid) - wager[p])
    return scores


def play_game(rng: random.Random, record: list[dict[str, Any]] | None = None) -> list[int]:
    """A whole random game of ten rounds (1 to 10 cards) at a table of four: the totals
    per seat."""
    totals = [0] * len(PLAYERS)
    for number in range(1, ROUNDS + 1):
        for seat, points in enumerate(play_round(rng, number, number, record)):
            totals[seat] += points
    return totals
