"""The search bot (Perfect Information Monte Carlo): legal answers to every question of
every bundled edition, a decision that depends on what its seat may know only, the
same game for the same seed, its budget as a ``--bots`` name, and play that beats
random bots.

Budgets are tiny here (two to four deals a question) so that the file runs in
seconds; the strength against the heuristic is measured by benchmarks/bench_pimc.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from clihelp import run, run_json

import skullking
from skullking import Round
from skullking.analysis.bots import SeatView, bot_maker, make_bots, play_round
from skullking.analysis.search import PimcBot
from skullking.core.errors import GameError
from skullking.model.cards import Play
from skullking.play.game import Game
from skullking.play.round import Decision
from skullking.play.views import from_view

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = [ident for ident, _ in skullking.bundled_editions()]


class Asked:
    """A bot that notes every question it is asked and answers as ``bot`` does."""

    def __init__(self, bot: PimcBot, kinds: Counter[str]) -> None:
        self.bot = bot
        self.kinds = kinds

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        self.kinds["bid"] += 1
        return self.bot.bid(view, options)

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        self.kinds["load"] += 1
        return self.bot.load(view, options)

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        declared = any(":" in p.code for p in options)
        self.kinds["declaration" if declared else "play"] += 1
        return self.bot.play(view, options)

    def decide(self, view: SeatView, decision: Decision) -> Any:
        self.kinds[decision.kind] += 1
        return self.bot.decide(view, decision)


@pytest.mark.parametrize("source", EDITIONS)
def test_the_search_bot_answers_every_question_legally(source: str) -> None:
    """Every bundled edition: rounds with the search bot in every seat, two to eight
    players (the edition's range), the two-player ghost included, and the Rascal
    scoring's loads where the edition has it: every bid, load, play and decision is
    one the round engine takes (it refuses any other with a GameError), and each round
    ends scored."""
    edition = skullking.load_edition(source)
    kinds: Counter[str] = Counter()
    rng = random.Random(source)
    schemes = [s.id for s in edition.schemes]
    for count in range(edition.min_players, edition.max_players + 1):
        players = [f"P{i}" for i in range(count)]
        scheme = schemes[count % len(schemes)]
        number = rng.choice([1, 2, 4] if count > 4 else [3, 4, 5])
        round_ = Round(edition, players, number=number, seed=count, scheme=scheme)
        bots = {p: Asked(PimcBot(random.Random(f"{count}:{p}"), samples=2), kinds) for p in players}
        play_round(round_, bots)
        assert round_.phase.value == "over"
        assert sum(round_.won.values()) <= round_.cards
        assert set(round_.score().points) == set(players)
    assert kinds["bid"] >= sum(range(edition.min_players, edition.max_players + 1))
    assert kinds["play"] > 0


@pytest.mark.parametrize(
    ("rule", "count", "number"),
    [("harry-after-last-trick", 4, 8), ("changing-rounds", 3, 6), ("big-table", 9, 3), ("our-table", 2, 5)],
)
def test_the_search_bot_plays_house_rules(rule: str, count: int, number: int) -> None:
    """House rules (the examples): Harry's change asked after the last trick, rules that
    change with the round, a table of nine with two decks, a table's own rules with
    the ghost hand: a round with the search bot in every seat, every move one the round
    engine takes, the round ended and scored."""
    edition = skullking.load_edition(str(ROOT / "examples" / "house-rules" / f"{rule}.yaml"), allow_paths=True)
    players = [f"P{i}" for i in range(count)]
    round_ = Round(edition, players, number=number, seed=number)
    play_round(round_, {p: PimcBot(random.Random(p), samples=2) for p in players})
    assert round_.phase.value == "over"
    assert set(round_.score().points) == set(players)


def test_the_search_bot_bids_in_turn(tmp_path: Path) -> None:
    """A house rule: players bid in turn (``bidding: {order: in_turn}``), each seeing
    the bids made before its own; the search bot in every seat bids and plays a round
    the round engine takes to its end, every later bidder seeing the earlier bids."""
    path = tmp_path / "in-turn.yaml"
    path.write_text("extends: skullking-2021\nid: in-turn\nbidding: {order: in_turn}\n", encoding="utf-8")
    edition = skullking.load_edition(str(path), allow_paths=True)
    players = ["A", "B", "C", "D"]
    round_ = Round(edition, players, number=4, seed=2)
    seen: list[int] = []

    class Counting(PimcBot):
        def bid(self, view: SeatView, options: Sequence[int]) -> int:
            seen.append(len(view.bids))
            return super().bid(view, options)

    play_round(round_, {p: Counting(random.Random(p), samples=2) for p in players})
    assert round_.phase.value == "over"
    assert seen == [0, 1, 2, 3]


def test_the_search_bot_answers_the_abilities_and_loads() -> None:
    """The 2021 rulebook's abilities and its Rascal scoring asked of the search bot
    (Rosie's leader, Bendt's exchange, Harry's bid change, Rascal's wager, the
    Tigress declared as pirate or escape, the cannon loads) in a whole game: each
    question is asked of it and its answer taken by the round engine."""
    edition = skullking.load_edition("skullking-2021")
    kinds: Counter[str] = Counter()
    players = ["A", "B", "C", "D"]
    game = Game(edition, players, seed=3, scheme="rascal")
    bots = {p: Asked(PimcBot(random.Random(p), samples=2), kinds) for p in players}
    for _ in range(game.length):
        play_round(game.next_round(), bots)
    assert kinds["load"] == 4 * 10
    for kind in ("choose_leader", "exchange", "change_bid", "wager", "declaration"):
        assert kinds[kind] > 0, kind


def test_the_same_seed_plays_the_same_game() -> None:
    """The search bot with a number of deals is deterministic: the same seed gives the
    same bids, plays and decisions, move for move (a game of the 2021 edition, two
    search bots against two heuristic ones)."""
    edition = skullking.load_edition("skullking-2021")
    players = ["A", "B", "C", "D"]

    def record() -> Any:
        game = Game(edition, players, seed=5)
        bots = make_bots(["pimc:3", "heuristic"], players, seed=11)
        for _ in range(6):
            play_round(game.next_round(), bots)
        return game.as_record()

    assert record() == record()


def _answer(round_: Round, seat: str, seed: int) -> Any:
    """The search bot's answer for ``seat`` to the question the round asks of it now."""
    bot = PimcBot(random.Random(seed), samples=4)
    view = SeatView(round_, seat)
    if round_.phase.value == "bidding":
        return bot.bid(view, round_.legal_bids(seat))
    return bot.play(view, round_.legal_plays(seat)).code


def _position(round_: Round, cards: int) -> None:
    """Heuristic bots bid, then play ``cards`` cards (answering any decision), or until
    the round is over."""
    bots = make_bots(["heuristic"], round_.players)
    for player in round_.to_bid:
        round_.bid(player, bots[player].bid(SeatView(round_, player), round_.legal_bids(player)))
    while round_.phase.value != "over" and sum(len(t.plays) for t in round_.tricks) + len(round_.trick) < cards:
        decision = round_.pending
        if decision is not None:
            round_.decide(decision.player, bots[decision.player].decide(SeatView(round_, decision.player), decision))
            continue
        mover = round_.to_play
        assert mover is not None
        round_.play(mover, bots[mover].play(SeatView(round_, mover), round_.legal_plays(mover)))


def _twin(round_: Round, seat: str, rng: random.Random) -> Round | None:
    """The round with every other hand dealt again from the same cards (``from_view``):
    one ``seat`` cannot tell from it, or ``None`` when no such deal is found."""
    view = SeatView(round_, seat)
    hands = {name: len(hand) for name, hand in round_.hands.items() if name != seat}
    hidden = [p for name in hands for p in round_.hands[name]]
    for _ in range(50):
        rng.shuffle(hidden)
        dealt, at = {}, 0
        for name, size in hands.items():
            dealt[name], at = hidden[at : at + size], at + size
        try:
            twin = from_view(view, dealt, rng)
        except GameError:  # a void this deal breaks: deal again
            continue
        if twin.hands != round_.hands:
            return twin
    return None


def test_the_search_bot_decides_from_what_its_seat_knows() -> None:
    """The search bot sees only its seat's view and deals of it: two rounds its seat
    cannot tell apart (the same hand and history, the other hands dealt again from the
    same cards with ``from_view``) get the same answer from it with the same seed, for
    the first bid and for plays after 5 and 11 cards (2021 edition, four players)."""
    edition = skullking.load_edition("skullking-2021")
    players = ["A", "B", "C", "D"]
    checked = 0
    for seed in range(4):
        for cards in (-1, 5, 11):
            round_ = Round(edition, players, number=6, seed=seed)
            if cards >= 0:
                _position(round_, cards)
            if round_.pending is not None or round_.discarded or round_.phase.value not in ("bidding", "playing"):
                continue  # (a position after an exchange would need the discards dealt again too)
            seat = round_.to_bid[0] if round_.phase.value == "bidding" else round_.to_play
            assert seat is not None
            twin = _twin(round_, seat, random.Random(seed))
            assert twin is not None
            assert SeatView(twin, seat).information() == SeatView(round_, seat).information()
            assert _answer(twin, seat, seed) == _answer(round_, seat, seed)
            checked += 1
    assert checked >= 10


def test_the_search_bot_beats_random_bots_on_the_same_deals() -> None:
    """The search bot's point (a weak but real check of its strength): on the same
    deals of the 2021 edition (24 rounds of 3 to 8 cards, four players, the seat going
    round the table), the seat played by the
    search bot (four deals a question) against three random bots scores more than a
    random bot in the same seat, by at least 20 points a round on average, and makes
    at least half its bids."""
    edition = skullking.load_edition("skullking-2021")
    players = ["A", "B", "C", "D"]
    diff = made = rounds = 0
    deals = (3, 4, 5, 6, 7, 8, 3, 5) * 3
    for i, number in enumerate(deals):
        seat = players[i % 4]
        points = {}
        for kind in ("pimc:4", "random"):
            round_ = Round(edition, players, number=number, seed=100 + i)
            bots = make_bots(["random"], players, seed=i)
            bots[seat] = bot_maker(kind)(random.Random(i))
            play_round(round_, bots)
            points[kind] = round_.score().points[seat]
            if kind != "random":
                rounds += 1
                made += round_.bids[seat] == round_.won[seat]
        diff += points["pimc:4"] - points["random"]
    assert diff / len(deals) >= 20
    assert made / rounds >= 0.5


def test_a_time_budget_answers_within_a_few_deals() -> None:
    """``milliseconds``: as many deals as the time allows, at least one: with a budget
    far too short for a second deal the bot still answers legally."""
    edition = skullking.load_edition("skullking-2021")
    round_ = Round(edition, ["A", "B", "C"], number=5, seed=1)
    play_round(round_, {p: PimcBot(random.Random(1), samples=50, milliseconds=0.001) for p in round_.players})
    assert round_.phase.value == "over"


def test_the_budget_is_given_after_the_name() -> None:
    """``pimc:50`` searches 50 deals a question, ``pimc:30ms`` as many as 30 ms allow,
    ``pimc:20:30ms`` both; ``pimc`` alone 20 deals."""
    rng = random.Random(0)
    cases = {"pimc": (20, None), "pimc:50": (50, None), "pimc:30ms": (500, 30.0), "pimc:20:30ms": (20, 30.0)}
    for spec, (deals, ms) in cases.items():
        bot = bot_maker(spec)(rng)
        assert isinstance(bot, PimcBot)
        assert (bot.samples, bot.milliseconds) == (deals, ms), spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("pimc:0", "give the deals a question"),
        ("pimc:many", "give the deals a question"),
        ("pimc:5:6", "give the deals a question"),
        ("pimc:-3ms", "give the deals a question"),
        ("heuristic:3", "the heuristic bot takes no options"),
        ("pimx:3", "did you mean 'pimc'"),
    ],
)
def test_a_bad_budget_is_refused_saying_how_to_write_one(spec: str, message: str) -> None:
    """A budget that is not a number of deals or of milliseconds, or options given to a
    bot without any, is refused with one message saying how to write it."""
    with pytest.raises(GameError, match=message):
        bot_maker(spec)


def test_simulate_and_compare_take_the_search_bot_with_its_budget() -> None:
    """``--bots pimc:2,heuristic`` seats the search bot (two deals a question; one in
    the runs of whole games) with heuristic bots in ``simulate`` (one game as a sheet, and statistics by bot, the
    same for the same seed on one core or two) and in ``compare``."""
    code, sheet, err = run("simulate", "--seed", "4", "--players", "3", "--rounds", "2", "--bots", "pimc:2,heuristic")
    assert (code, err) == (0, "")
    assert "bots (pimc:2,heuristic)" in sheet
    argv = ("simulate", "--games", "2", "--seed", "4", "--players", "3", "--bots", "pimc:1,heuristic", "-q")
    one = run_json(*argv, "--jobs", "1")
    # the bots repeated to fill the table: pimc:1, heuristic, pimc:1
    assert [(b["bot"], b["seats"]) for b in one["by_bot"]] == [("pimc:1", 2), ("heuristic", 1)]
    assert run_json(*argv, "--jobs", "2") == one
    both = run_json("compare", "skullking-2021", "bga", "--games", "1", "--seed", "4", "--bots", "pimc:1,heuristic")
    assert both["games"] == 1


@pytest.mark.parametrize("bots", ["pimc:fast", "heuristic:2"])
def test_a_bad_search_budget_on_the_command_line_is_one_line(bots: str) -> None:
    """A bad ``--bots`` budget is refused before any game: one line, exit 2."""
    code, _, err = run("simulate", "--games", "5", "--bots", bots)
    assert code == 2
    assert err.count("\n") == 1
    assert "--bots" in err
