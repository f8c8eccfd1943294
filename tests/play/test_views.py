"""A player's view of a round, copies of a round, and rounds dealt again from a view.

The rules checked: a player sees their own hand and every card played, never another
hand, the undealt pile (but what Juanita Jade let them look at: "look at the cards not
dealt this round", the 2021 rulebook) or another player's discards (Bendt the Bandit's
are face down); bids are revealed together ("Yo-ho-ho", the 2021 rulebook), and so are
Rascal's cannon loads; a player who does not follow the led suit where the edition says
players must has none of it (the 2021 rulebook's following suit). The ghost hand of
two-player games is a face-down pile (the 2021 rulebook).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import skullking
from skullking import Round
from skullking.analysis.bots import RandomBot, play_round
from skullking.core.errors import GameError, NotationError
from skullking.model.cards import Card, Play
from skullking.model.records import EXCHANGE
from skullking.play.views import SeatView, from_view, sample, samples

EDITIONS = [ident for ident, _ in skullking.bundled_editions()]


def _step(round_: Round, rng: random.Random) -> None:
    """One legal move at random, through the checked public methods."""
    pending = round_.pending
    if pending is not None:
        if pending.kind == EXCHANGE:
            round_.decide(pending.player, rng.sample(list(pending.options), pending.number))
        else:
            round_.decide(pending.player, rng.choice(pending.options))
    elif round_.to_bid:
        player = rng.choice(round_.to_bid)
        round_.bid(player, rng.choice(round_.legal_bids(player)))
    elif round_.to_load:
        round_.load(round_.to_load[0], rng.choice(round_.scheme.loads))
    else:
        mover = round_.to_play
        assert mover is not None
        round_.play(mover, rng.choice(round_.legal_plays()))


def _random_rounds(edition_id: str, count: int, seed: int) -> list[Round]:
    """``count`` rounds of the edition stopped at a random move (any phase), random
    table sizes and cards dealt, moves at random."""
    edition = skullking.load_edition(edition_id)
    rng = random.Random(f"{edition_id}:{seed}")
    out = []
    for _ in range(count):
        players = [f"P{i}" for i in range(rng.randint(max(2, edition.min_players), min(6, edition.max_players)))]
        seats = len(players) + (edition.ghost_at(len(players)) is not None)
        cards = rng.randint(1, min(10, len(edition.deck()) // seats))
        round_ = Round(edition, players, cards=cards, seed=rng.randrange(10**9))
        stop = rng.randrange(cards * seats + len(players) + 2)
        for _ in range(stop):
            if round_.phase.value == "over":
                break
            _step(round_, rng)
        out.append(round_)
    return out


def _where(round_: Round, seat: str) -> Counter[str]:
    """The cards whose place ``seat`` cannot know, worked out from the whole round: the
    other hands, the undealt pile and the other players' discards."""
    out: Counter[str] = Counter()
    for name, hand in round_.hands.items():
        if name != seat:
            out.update(p.code for p in hand)
    for name, thrown in round_.discarded.items():
        if name != seat:
            out.update(p.code for p in thrown)
    out.update(p.code for p in round_.undealt)
    return out


class Spy(RandomBot):
    """A random bot that checks, at every question, that its view holds nothing its
    seat may not know."""

    def __init__(self, rng: random.Random, round_: Round, checks: list[str]) -> None:
        super().__init__(rng)
        self.round = round_
        self.checks = checks

    def check(self, view: SeatView) -> None:
        round_, seat = self.round, view.seat
        self.checks.append(seat)
        assert view.hand == tuple(round_.hands[seat])
        if round_.phase.value == "bidding":
            if round_.edition.bidding.order == "in_turn":
                before = round_.bidding_order[: round_.bidding_order.index(seat)]
                assert set(view.bids) <= set(before)
            else:  # bids are revealed together: none but its own before all are in
                assert set(view.bids) <= {seat}
        if round_.phase.value == "loading":
            assert set(view.loads) <= {seat}
        # every card the view places is its own, played, or one it looked at
        for announced in view.decisions:
            if announced.kind == EXCHANGE and announced.player != seat:
                assert announced.answer is None
        unseen = Counter({p.code: n for p, n in view.unseen().items()})
        hidden = _where(round_, seat)
        assert not unseen - hidden  # nothing counted unseen that it holds or saw played
        looked = Counter(p.code for p in view.seen)
        assert not hidden - unseen - looked  # it knows no hidden card but those it looked at
        assert view.hand_sizes == {name: len(hand) for name, hand in round_.hands.items()}
        suits = {s.id: s.slot for s in round_.edition.suits}
        for player, void in view.voids().items():  # a void shown is true of the hand now
            assert all(p.suit_index not in {suits[s] for s in void} for p in round_.hands[player])
        # a round dealt again from the view holds no bid or load the view does not show
        dealt = sample(view, self.rng)
        assert dealt.bids == view.bids and dealt.loads == view.loads

    def bid(self, view: SeatView, options: Any) -> int:
        self.check(view)
        return super().bid(view, options)

    def load(self, view: SeatView, options: Any) -> str:
        self.check(view)
        return super().load(view, options)

    def play(self, view: SeatView, options: Any) -> Play:
        self.check(view)
        return super().play(view, options)

    def decide(self, view: SeatView, decision: Any) -> Any:
        self.check(view)
        return super().decide(view, decision)


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_no_view_holds_what_its_seat_may_not_know(edition_id: str) -> None:
    """Over random rounds of every bundled edition played out by bots, no bot's view
    ever shows a bid made at the same time as its own before every bid is in (bids are
    revealed together, the 2021 rulebook), a load before every load is chosen, another
    player's discards, or a card of another hand or of the undealt pile (but those it
    looked at): its unseen cards are exactly the others' hands, discards and the pile,
    less what it looked at; its voids are true; the hand sizes are the hands'. A round
    dealt again from the view (sample) holds no bid or load the view does not show."""
    edition = skullking.load_edition(edition_id)
    rng = random.Random(edition_id)
    checks: list[str] = []
    for _ in range(60):
        players = [f"P{i}" for i in range(rng.randint(max(2, edition.min_players), min(6, edition.max_players)))]
        seats = len(players) + (edition.ghost_at(len(players)) is not None)
        cards = rng.randint(1, min(10, len(edition.deck()) // seats))
        scheme = rng.choice([s.id for s in edition.schemes])
        round_ = Round(edition, players, cards=cards, seed=rng.randrange(10**9), scheme=scheme)
        play_round(round_, {p: Spy(random.Random(rng.random()), round_, checks) for p in players})
        assert round_.phase.value == "over"
    assert len(checks) > 500


def _scenario(scheme: str | None = None) -> Round:
    """Three players, three cards each (skullking-2021), the undealt pile topped by Y9
    and Y10. Trick 1: A leads Y7, B (no yellow) plays P4, C Y1: A wins. Trick 2: A
    leads G3, B plays Bendt the Bandit, C G8: B wins and draws Y9 and Y10."""
    edition = skullking.load_edition("skullking-2021")
    hands = {"A": ["Y7", "G3", "G4"], "B": ["P4", "BENDT", "P5"], "C": ["Y1", "G8", "G9"]}
    dealt = {code for hand in hands.values() for code in hand}
    rest = [p.code for p in edition.deck() if p.code not in dealt | {"Y9", "Y10"}]
    undealt = ["Y9", "Y10", *rest]
    return Round(edition, ["A", "B", "C"], cards=3, hands=hands, undealt=undealt, leader="A", scheme=scheme)


def test_a_hand_worked_view_of_bids_voids_and_an_exchange() -> None:
    """The scenario above, worked out by hand from the 2021 rulebook: the bids are
    revealed together; B, who played P4 on a yellow lead, has shown no yellow (players
    must follow suit); once B draws two cards with Bendt the Bandit, that void no
    longer holds (the cards drawn may be yellow), the draw is announced but not its
    cards, and B's discards are seen by B only."""
    round_ = _scenario()
    view_a, view_b = SeatView(round_, "A"), SeatView(round_, "B")
    round_.bid("A", 2)
    round_.bid("B", 1)
    assert view_a.bids == {"A": 2} and view_b.bids == {"B": 1}
    assert SeatView(round_, "C").bids == {}
    round_.bid("C", 0)
    assert view_a.bids == {"A": 2, "B": 1, "C": 0}
    for player, card in (("A", "Y7"), ("B", "P4"), ("C", "Y1")):
        round_.play(player, card)
    assert view_a.voids() == {"B": frozenset({"yellow"})}
    assert view_b.voids() == {}  # C followed yellow; A led
    assert [(s, p.code) for s, p in view_a.played] == [("A", "Y7"), ("B", "P4"), ("C", "Y1")]
    assert view_a.won == {"A": 1, "B": 0, "C": 0}
    deck = len(round_.edition.deck())  # the 74 cards of the 2021 rulebook
    assert sum(view_a.unseen().values()) == deck - 2 - 3  # A's hand (G3 G4) and the trick
    for dealt in (sample(view_a, random.Random(seed)) for seed in range(40)):
        assert not any(p.card.suit == "yellow" for p in dealt.hands["B"])
    round_.play("A", "G3")
    round_.play("B", "BENDT")
    assert view_a.trick_players == ("A", "B") and [p.code for p in view_a.trick] == ["G3", "BENDT"]
    round_.play("C", "G8")
    assert view_a.pending is not None and view_a.pending[:5] == ("B", EXCHANGE, "bendt", 2, 2)
    assert view_a.hand_sizes == {"A": 1, "B": 3, "C": 1}
    assert view_a.voids() == {}  # B drew two cards: yellow may be back
    y9, y10 = round_.edition.plays["Y9"], round_.edition.plays["Y10"]
    assert sorted(p.code for p in view_b.hand) == ["P5", "Y10", "Y9"]
    round_.decide("B", [round_.edition.plays["P5"], y9])
    assert view_a.decisions[-1].answer is None
    assert [p.code for p in view_b.decisions[-1].answer] == ["P5", "Y9"]
    assert [p.code for p in view_b.discarded] == ["P5", "Y9"] and view_a.discarded == ()
    assert sum(view_a.unseen().values()) == deck - 1 - 6  # A's G4 and two tricks
    yellow = 0
    for seed in range(60):
        dealt = sample(view_a, random.Random(seed))
        assert len(dealt.hands["B"]) == 1 and len(dealt.discarded["B"]) == 2
        yellow += dealt.hands["B"][0].card.suit == "yellow"
        again = _replayed(dealt)
        assert [p.code for p in again.hands["B"]] == [p.code for p in dealt.hands["B"]]
    assert yellow > 0  # the void before the draw does not bind the card drawn
    assert y10 in SeatView(round_, "B").hand


def test_a_round_set_up_from_a_view_and_hands_given() -> None:
    """from_view places the unseen cards as given: the real hands give the real round
    back (as the seat sees it, and hand for hand); a hand of the wrong size, a card
    the seat holds, or a yellow card for B after B showed no yellow (the scenario
    above, players must follow suit: the 2021 rulebook) is refused, saying why."""
    round_ = _scenario()
    for player, bid in (("A", 2), ("B", 1), ("C", 0)):
        round_.bid(player, bid)
    for player, card in (("A", "Y7"), ("B", "P4"), ("C", "Y1")):
        round_.play(player, card)
    view = SeatView(round_, "A")
    real = {"B": round_.hands["B"], "C": round_.hands["C"]}
    again = from_view(view, real, random.Random(1), undealt=round_.undealt)
    assert SeatView(again, "A").information() == view.information()
    assert again.hands == round_.hands and again.undealt == round_.undealt
    assert {n: Counter(h) for n, h in again.dealt.items()} == {n: Counter(h) for n, h in round_.dealt.items()}
    with pytest.raises(GameError, match="B's hand has 1 cards, but A sees 2"):
        from_view(view, {"B": ["G1"], "C": ["G2", "G5"]}, random.Random(1))
    with pytest.raises(GameError, match="G3: not among the cards A has not seen"):
        from_view(view, {"B": ["G3", "G1"], "C": ["G2", "G5"]}, random.Random(1))
    with pytest.raises(GameError, match="B has shown no card of the suit of Y9"):
        from_view(view, {"B": ["Y9", "G1"], "C": ["G2", "G5"]}, random.Random(1))
    with pytest.raises(GameError, match="no hand for C"):
        from_view(view, {"B": ["G2", "G1"]}, random.Random(1))
    dealt = from_view(view, {"B": ["G2", "G1"], "C": ["Y9", "Y10"]}, random.Random(1))
    assert [p.code for p in dealt.hands["C"]] == ["Y9", "Y10"]
    assert sorted(p.code for p in dealt.dealt["B"]) == ["G1", "G2", "P4"]
    assert _replayed(dealt).hands == dealt.hands


def test_loads_are_revealed_together() -> None:
    """Under Rascal's scoring (the 2021 rulebook) the cannon loads are chosen after
    the bids and revealed together: a player sees only their own until all are in."""
    round_ = _scenario("rascal")
    for player in round_.players:
        round_.bid(player, 1)
    round_.load("A", "grapeshot")
    assert SeatView(round_, "A").loads == {"A": "grapeshot"} and SeatView(round_, "B").loads == {}
    round_.load("B", "cannonball")
    round_.load("C", "grapeshot")
    assert SeatView(round_, "C").loads == {"A": "grapeshot", "B": "cannonball", "C": "grapeshot"}


def test_samples_spread_the_unseen_cards_at_random() -> None:
    """With nothing seen but its own hand, a seat's samples give each unseen card to
    each other hand about as often as that hand's share of the unseen cards (8 of the
    66 a seat of three players with eight cards does not see: about 12 %)."""
    edition = skullking.load_edition("skullking-2021")
    round_ = Round(edition, ["A", "B", "C"], cards=8, seed=9)
    sk = edition.plays["SK"]
    view = SeatView(round_, "A" if sk not in round_.hands["A"] else "B")
    other = next(p for p in round_.players if p != view.seat)
    held = sum(sk in dealt.hands[other] for dealt in samples(view, random.Random(4), 2000))
    assert 0.09 < held / 2000 < 0.15


def _pile_at_start(round_: Round) -> list[Play]:
    """The undealt pile as dealt: the cards every exchange drew, in order, on top."""
    drawn: list[Play] = []
    decisions = [d for d, _, _ in round_.decisions]
    if round_.pending is not None:
        decisions.append(round_.pending)
    for decision in decisions:
        if decision.kind == EXCHANGE:
            drawn += decision.options[len(decision.options) - decision.number :]
    return drawn + list(round_.undealt)


def _replayed(dealt: Round) -> Round:
    """``dealt``'s round played again from its hands as dealt, every move through the
    checked public methods (each refuses an illegal one)."""
    played = [(s, p) for t in dealt.tricks for s, p in zip(t.players, t.plays, strict=True)]
    played += list(zip(SeatView(dealt, dealt.players[0]).trick_players, dealt.trick, strict=True))
    again = Round(
        dealt.edition,
        dealt.players,
        cards=dealt.cards,
        leader=dealt.first_leader,
        hands={name: list(hand) for name, hand in dealt.dealt.items()},
        undealt=_pile_at_start(dealt),
        scheme=dealt.scheme.id,
        modules=dealt.modules,
    )
    for player in dealt.bidding_order:
        if player in dealt.first_bids:
            again.bid(player, dealt.first_bids[player])
    for player, load in dealt.loads.items():
        again.load(player, load)
    decisions = iter(dealt.decisions)
    plays = iter((s, p) for s, p in played if s != dealt.ghost_name)
    while True:
        if again.pending is not None:
            step = next(decisions, None)
            if step is None:
                break
            decision, answer, _ = step
            again.decide(decision.player, answer)
        else:
            move = next(plays, None)
            if move is None:
                break
            again.play(*move)
    return again


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_every_sample_fits_every_observation(edition_id: str) -> None:
    """A round dealt again from a seat's view (sample) is one the seat cannot tell
    from the real one (and from_view takes the real places of the unseen cards back):
    its view gives the same information, its own hand and every
    card played are where they were, every other hand and pile has its size, and the
    round dealt again replays from its hands as dealt through the checked moves: every
    card played was legal from the hand it came from (following suit, the 2021
    rulebook), every exchange drew from the pile and discarded from the hand."""
    rng = random.Random(7)
    sampled = ghosts = 0
    for round_ in _random_rounds(edition_id, 40, 1):
        for seat in round_.players:
            view = SeatView(round_, seat)
            # the real places of the unseen cards always fit what the seat has seen
            truth = from_view(
                view,
                {n: h for n, h in round_.hands.items() if n != seat},
                rng,
                discards={n: d for n, d in round_.discarded.items() if n != seat},
                undealt=round_.undealt,
            )
            assert {n: Counter(h) for n, h in truth.hands.items()} == {n: Counter(h) for n, h in round_.hands.items()}
            assert truth.undealt == round_.undealt
            if round_.ghost_name is not None:  # the ghost's pile in its order
                assert truth.hands[round_.ghost_name] == round_.hands[round_.ghost_name]
            assert SeatView(truth, seat).information() == view.information()
            for _ in range(3):
                dealt = sample(view, rng)
                assert SeatView(dealt, seat).information() == view.information()
                assert dealt.hands[seat] == round_.hands[seat]
                again = _replayed(dealt)
                assert {n: Counter(h) for n, h in again.hands.items()} == {
                    n: Counter(h) for n, h in dealt.hands.items()
                }
                assert again.seen == dealt.seen
                assert again.phase is dealt.phase
                codes = [[p.code for p in t.plays] for t in again.tricks], [p.code for p in again.trick]
                assert codes == ([[p.code for p in t.plays] for t in dealt.tricks], [p.code for p in dealt.trick])
                sampled += 1
                ghosts += dealt.ghost is not None and bool(dealt.tricks)
    assert sampled > 100
    assert ghosts > 0 or skullking.load_edition(edition_id).ghost is None  # the ghost's pile played again


def test_samples_respect_exchanges_and_looks() -> None:
    """Under the 2021 rulebook's Bendt the Bandit (draw 2, discard 2) and Juanita Jade
    (look at the undealt cards): samples of rounds where they were used fit every
    observation, the pile a seat looked at stays as it saw it (less what was drawn
    since), another player's discards are dealt again, and the real places of the
    unseen cards fit (from_view takes them)."""
    edition = skullking.load_edition("skullking-2021")
    rng = random.Random(3)
    exchanged = looked = 0
    for seed in range(400):
        round_ = Round(edition, ["A", "B", "C"], cards=9, seed=seed)
        moves = random.Random(seed)
        while round_.phase.value != "over" and not (round_.decisions and moves.random() < 0.3):
            _step(round_, moves)
        if not round_.decisions and not round_.seen:
            continue
        for seat in round_.players:
            view = SeatView(round_, seat)
            dealt = sample(view, rng)
            assert SeatView(dealt, seat).information() == view.information()
            _replayed(dealt)
            truth = from_view(
                view,
                {n: h for n, h in round_.hands.items() if n != seat},
                rng,
                discards={n: d for n, d in round_.discarded.items() if n != seat},
                undealt=round_.undealt,
            )
            assert SeatView(truth, seat).information() == view.information()
            if seat in round_.seen:
                looked += 1
                assert Counter(dealt.undealt) == Counter(round_.undealt)
            exchanged += any(d.kind == EXCHANGE and d.player != seat for d, _, _ in round_.decisions)
    assert exchanged > 5 and looked > 2


def test_a_weight_keeps_samples_in_proportion() -> None:
    """sample's weight keeps a candidate with the chance it gives: a weight of 0 for
    every round where B holds the Skull King leaves only rounds where B does not."""
    edition = skullking.load_edition("skullking-2021")
    round_ = Round(edition, ["A", "B", "C"], cards=8, seed=5)
    view = SeatView(round_, "A")
    sk = edition.plays["SK"]
    for seed in range(30):
        dealt = sample(view, random.Random(seed), weight=lambda r: 0.0 if sk in r.hands["B"] else 1.0)
        assert sk not in dealt.hands["B"]
    with pytest.raises(GameError, match="from 0 to 1"):
        sample(view, random.Random(0), weight=lambda r: 2.0)


# ----------------------------------------------------------------------------- copies


def _state(round_: Round) -> tuple[Any, ...]:
    return (
        round_.phase,
        {n: [p.code for p in h] for n, h in round_.hands.items()},
        [p.code for p in round_.undealt],
        round_.first_bids,
        round_.bids,
        round_.loads,
        [(t.players, [p.code for p in t.plays], t.winner) for t in round_.tricks],
        [p.code for p in round_.trick],
        round_.won,
        round_.pending,
        [(d, a) for d, a, _ in round_.decisions],
        round_.seen,
        round_.discarded,
        round_.to_play,
        round_.legal_plays(),
        round_.as_record(),
    )


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_copies_are_equal_and_independent(edition_id: str) -> None:
    """Round.copy gives a round equal to the original, move for move: played out by
    the same bots it ends where the original ends, and playing it changes nothing in
    the original."""
    for round_ in _random_rounds(edition_id, 25, 2):
        before = _state(round_)
        copied = round_.copy()
        assert _state(copied) == before
        bots = {p: RandomBot(random.Random(1)) for p in round_.players}
        play_round(copied, bots)
        assert _state(round_) == before  # the original is untouched
        again = {p: RandomBot(random.Random(1)) for p in round_.players}
        play_round(round_, again)
        assert _state(round_) == _state(copied)
        if round_.phase.value == "over":
            assert round_.score() == copied.score()


def test_a_copy_shares_no_container_a_move_changes() -> None:
    """Every list, dict and set a round holds is the copy's own, but the seatings its
    table has worked out (a cache of pure values every round of the table shares): a
    container added to the round's state later is copied or this test says so."""
    for round_ in _random_rounds("skullking-2021", 10, 3):
        copied = round_.copy()
        shared = {
            name
            for name, value in round_.__dict__.items()
            if isinstance(value, (list, dict, set)) and copied.__dict__[name] is value
        }
        assert shared == {"_seatings"}


# ----------------------------------------------------------------------------- other loads


def test_a_bot_may_answer_with_cards_of_its_own_load_of_the_edition() -> None:
    """A bot that loads the edition itself answers with its own plays: the round takes
    each as the same card of its edition (the 2021 rulebook's cards are the same
    cards), whole rounds to the end."""
    edition = skullking.load_edition("skullking-2021")
    own = skullking.load_edition("skullking-2021")

    class OwnLoad(RandomBot):
        def play(self, view: SeatView, options: Any) -> Play:
            return own.play_of(super().play(view, options).code)

        def decide(self, view: SeatView, decision: Any) -> Any:
            answer = super().decide(view, decision)
            return [own.play_of(p.code) for p in answer] if decision.kind == EXCHANGE else answer

    for seed in range(20):
        round_ = Round(edition, ["A", "B", "C"], cards=8, seed=seed)
        play_round(round_, {p: OwnLoad(random.Random(seed)) for p in round_.players})
        assert round_.phase.value == "over"
    assert own.resolve_trick([edition.plays["Y7"], own.plays["B3"]]).winner == 1  # black is trump


def test_a_card_the_edition_does_not_have_is_refused() -> None:
    """A play of another edition is refused, naming the card and the edition, when the
    edition has no card of that code (the original edition's red suit, R1, which the
    2021 rulebook does not have) or its card of that code is another card (a yellow 7
    that is green)."""
    edition = skullking.load_edition("skullking-2021")
    original = skullking.load_edition("skullking-original")
    other = Play(code="Y7", card=Card(code="Y7", suit="green", rank=7))
    for foreign in (original.plays["R1"], other):
        round_ = Round(edition, ["A", "B", "C"], cards=1, seed=1)
        for player in round_.players:
            round_.bid(player, 0)
        with pytest.raises(GameError, match=f"'{foreign.code}' is not a card of edition 'skullking-2021'"):
            round_.play(round_.to_play or "", foreign)
        with pytest.raises(NotationError, match=f"'{foreign.code}' is not a card of edition 'skullking-2021'"):
            edition.resolve_trick([foreign, edition.plays["B3"]])


def test_the_trick_order_is_the_first_leaders_while_bidding_then_each_tricks_from_its_winner() -> None:
    """The first leader leads the first trick and play goes round the table;
    the winner of a trick leads the next (the 2021 rulebook): a seat's view gives who
    plays the trick in progress in that order, the first trick's while the players bid,
    the next trick's once one is won."""
    edition = skullking.load_edition("skullking-2021")
    hands = {"A": "Y3 G1", "B": "Y5 G2", "C": "Y9 G4"}
    round_ = Round(edition, ["A", "B", "C"], number=2, hands=hands, leader="B")
    view = SeatView(round_, "A")
    assert view.trick_order == ("B", "C", "A")
    for player in ("A", "B", "C"):
        round_.bid(player, 1)
    for player, card in (("B", "Y5"), ("C", "Y9")):
        round_.play(player, card)
    assert view.trick_order == ("B", "C", "A") and view.trick_players == ("B", "C")
    round_.play("A", "Y3")  # C's yellow 9 is the highest yellow: C leads the next trick
    assert view.trick_order == ("C", "A", "B") and not view.trick_players
