"""The fast paths give what the plain paths give.

A round deals only the cards it can use, resolves its tricks without the checks a trick
from outside needs and tallies each trick as it ends; scoring runs the scheme written
out as Python functions; a whole-play score sheet parses each card text once; ``trick
--batch`` answers a line before it reads the next. Each is checked here against what it
replaces. No timing here.
"""

from __future__ import annotations

import io
import json
import pickle
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import skullking
from skullking.core.errors import FormulaError
from skullking.core.limits import MAX_VALUE
from skullking.edition import Edition
from skullking.model.records import AbilityKind
from skullking.play.game import Game
from skullking.play.round import Phase, Round, draw, play_randomly
from skullking.scoring.schemes import Scorer, scorer
from skullking.tools.batch import trick_batch

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
EDITIONS = [ident for ident, _ in skullking.bundled_editions()] + [str(p) for p in sorted(EXAMPLES.glob("*.yaml"))]


def test_a_round_already_begun_is_played_to_its_end() -> None:
    """play_randomly takes a round over at any point (a trick half played, a decision
    waiting): the moves made before it stand, and the round it finishes is one of legal
    moves only (its sheet, every trick replayed and checked on its own, scores as the
    round does)."""
    edition = skullking.load_edition("skullking-2021")
    taken_over = set()
    for seed in range(30):
        r = Round(edition, ["A", "B", "C", "D"], number=8, seed=seed)
        begin = random.Random(seed)
        for player in r.players:
            r.bid(player, begin.randint(0, 8))
        made = []
        for _ in range(begin.randrange(12)):  # some plays and decisions by hand
            pending = r.pending
            if pending is not None and pending.kind == AbilityKind.EXCHANGE:
                r.decide(pending.player, begin.sample(pending.options, pending.number))
            elif pending is not None:
                r.decide(pending.player, begin.choice(pending.options))
            elif r.phase is Phase.PLAYING:
                mover = r.to_play
                assert mover is not None
                play = begin.choice(r.legal_plays())
                r.play(mover, play)
                made.append(play.code)
        taken_over.add("decision" if r.pending is not None else "trick" if r.trick else "between tricks")
        play_randomly(r, random.Random(seed))
        assert r.phase is Phase.OVER
        record = r.as_sheet_round()
        assert [code for trick in record["tricks"] for code in trick][: len(made)] == made
        sheet = {"players": list(r.players), "rounds": [record]}
        assert edition.score_sheet(sheet).rounds[0].points == r.score().points
    assert {"trick", "between tricks"} <= taken_over


def test_a_draw_is_as_fair_as_a_shuffle() -> None:
    """Each card is as likely in each drawn position (6,000 draws of 2 cards from 6; a
    chi-square statistic over the 30 ordered pairs well under its 0.1 % critical value,
    about 58 for 29 degrees of freedom)."""
    rng = random.Random(1)
    counts: dict[tuple[int, int], int] = {}
    for _ in range(6000):
        first, second = draw(rng, list(range(6)), 2)
        counts[first, second] = counts.get((first, second), 0) + 1
    assert len(counts) == 30
    assert sum((n - 200) ** 2 / 200 for n in counts.values()) < 58


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_round_deals_the_hands_and_what_an_exchange_can_draw(edition: str) -> None:
    """A dealt round draws at random the hands and, on top of the undealt pile, as many
    cards as the exchanges of the deck's cards can draw in a round (every copy counted):
    what the edition's exchange abilities say."""
    ed = skullking.load_edition(edition)
    players = [f"P{i}" for i in range(ed.max_players)]
    r = Round(ed, players, number=1, seed=4)
    exchanges = {a.card: a.cards for a in ed.abilities if a.kind is AbilityKind.EXCHANGE}
    draws = sum(
        count
        for play in r._kit.deck
        for card, count in exchanges.items()
        if card in (play.card.kind, play.card.individual) and play in r._kit.grants
    )
    assert r._kit.reserve == draws
    deck = list(r._kit.deck)
    drawn = draw(random.Random(4), deck, r.cards * len(r.seats) + draws)
    # the hands, then the cards an exchange can draw, then the rest in deck order
    assert [p for hand in r.hands.values() for p in hand] + r.undealt == drawn + deck


@pytest.mark.parametrize("source", EDITIONS, ids=[Path(e).stem for e in EDITIONS])
def test_tricks_of_a_round_resolve_as_any_trick(source: str) -> None:
    """A round resolves its tricks without the checks a trick from outside needs
    (CompiledTricks.resolve_dealt, its pattern's plan found first); each trick of 40
    random games at every table size has the result the checked resolver and the
    interpreted rules give."""
    edition = skullking.load_edition(source, allow_paths=True)
    for count in range(edition.min_players, edition.max_players + 1):
        players = [f"P{i}" for i in range(count)]
        for seed in range(40 // (edition.max_players - edition.min_players + 1) + 1):
            game, rng = Game(edition, players, seed=seed), random.Random(seed)
            while not game.over:
                round_ = game.next_round()
                play_randomly(round_, rng)
                # (the rules of the round: a house rule's may change with the round)
                rules = edition.at_round(round_.number, len(round_.players), cards=round_.cards)
                for trick in round_.tricks:
                    plays, seats = trick.plays, len(trick.plays)
                    assert trick.result == rules.resolve_trick(plays, 0, seats), plays
                    assert trick.result == rules.interpret_trick(plays, 0, seats), plays


@pytest.mark.parametrize("source", EDITIONS, ids=[Path(e).stem for e in EDITIONS])
def test_what_a_round_tallies_is_what_its_tricks_say(source: str) -> None:
    """A round tallies each trick as it ends (tricks won, captures, alliances); at the
    end of random games of every edition and table size (the ghost's tricks counted
    for nobody; a trick nobody won for whom its effect counts it, as the example house
    rule of the Kraken has it), Round.results() is what its finished tricks say, read
    afresh."""
    edition = skullking.load_edition(source, allow_paths=True)
    for count in range(edition.min_players, edition.max_players + 1):
        players = [f"P{i}" for i in range(count)]
        game, rng = Game(edition, players, seed=count), random.Random(count)
        while not game.over:
            round_ = game.next_round()
            play_randomly(round_, rng)
            won = dict.fromkeys(round_.players, 0)
            captures: dict[str, list[str]] = {p: [] for p in round_.players}
            alliances = []
            for trick in round_.tricks:
                if trick.counts_for in won:  # (its winner, or whom a trick nobody won counts for)
                    won[trick.counts_for] += 1
                    captures[trick.counts_for] += trick.result.bonuses
                    alliances += [
                        (trick.players[ally], trick.counts_for)
                        for ally, _ in trick.result.alliances
                        if trick.players[ally] in won
                    ]
            assert round_.results() == (won, captures, alliances)


def test_a_game_deals_from_a_generator_of_its_own() -> None:
    """A Game deals its rounds one after the other from one generator derived from its
    seed, not random.Random(seed) itself: a player drawing moves from random.Random(seed)
    (as simulate and the benchmark do) draws nothing the deals drew. A round is dealt
    from a seed or from a generator, not both."""
    edition = skullking.load_edition("skullking-2021")
    players = ["A", "B", "C", "D"]
    game, again = Game(edition, players, seed=5), Game(edition, players, seed=5)
    first, second = game.next_round(), again.next_round()
    assert first.hands == second.hands  # the seed's
    dealt = 4 + first._kit.reserve  # the hands, and the top of the undealt pile
    drawn = draw(random.Random(5), list(first._kit.deck), dealt)
    assert [drawn[i : i + 1] for i in range(4)] != list(first.hands.values())
    same = random.Random("deals:5")
    drawn = draw(same, list(first._kit.deck), dealt)
    assert [drawn[i : i + 1] for i in range(4)] == list(first.hands.values())
    play_randomly(first, random.Random(1))
    second = game.next_round()  # dealt on from the same generator
    drawn = draw(same, list(first._kit.deck), 8 + first._kit.reserve)
    assert [drawn[i * 2 : (i + 1) * 2] for i in range(4)] == list(second.hands.values())
    with pytest.raises(skullking.GameError, match="a seed or a generator"):
        Round(edition, players, seed=1, rng=random.Random(1))


# ---------------------------------------------------------------------- scoring


def _divides_by_zero(folder: Path) -> Edition:
    """The 2021 edition with a made bid worth 60 // (bid - 1): a bid of 1 made cannot
    be scored."""
    text = (Path(__file__).resolve().parents[2] / "editions" / "skullking-2021.yaml").read_text(encoding="utf-8")
    text = text.replace("points: 20 * bid + bonus + alliance + wager", "points: 60 // (bid - 1) + bonus")
    assert "60 // (bid - 1)" in text
    (folder / "divide.yaml").write_text(text, encoding="utf-8")
    return skullking.load_edition(folder / "divide.yaml")


def test_a_scheme_written_out_fails_as_its_formula(tmp_path: Path) -> None:
    """A scheme scored by the Python functions written from it gives its formulas'
    points, and a formula that fails for these values (a division by zero) fails every
    time with the formula's own message."""
    edition = _divides_by_zero(tmp_path)

    def sheet(bid: int) -> dict[str, Any]:
        played = {"cards": 5, "bids": {"A": bid, "B": 0}, "won": {"A": bid, "B": 0}}
        return {"players": ["A", "B"], "schedule": "swift-n-salty", "rounds": [played]}

    for _ in range(2):
        assert edition.score_sheet(sheet(2)).totals == {"A": 60, "B": 50}
        assert edition.score_sheet(sheet(3)).totals == {"A": 30, "B": 50}
        with pytest.raises(skullking.SkullKingError, match="divides by zero"):
            edition.score_sheet(sheet(1))
    with pytest.raises(FormulaError):
        edition.scheme().cases[2].points.evaluate({"bid": 1})


@pytest.mark.parametrize("source", EDITIONS)
def test_a_scheme_written_out_scores_as_its_formulas(source: str) -> None:
    """Every scheme of every bundled edition and example house rule that is scored by
    the Python functions written from it (scoring.schemes.Scorer) gives, on 300 random
    rounds (bids, tricks, bonuses, alliances, wagers, loads and extra points at random),
    the points its formulas give when evaluated one by one; and the capture bonuses
    given trick by trick, in any order (as a round played here tallies them), score as
    the same bonuses given per player (as a sheet gives them). A house rule whose
    rules change with the round is scored in the rules of its round 2."""
    edition = skullking.load_edition(source)
    _written_out_scores_as_plain(edition.at_round(2, edition.min_players), random.Random(source))


def test_adjustments_written_out_score_as_their_formulas(tmp_path: Path) -> None:
    """A scheme's adjustments are written out with its cases (scoring.schemes.Scorer):
    on 300 random rounds of each scheme, doubling the last round, halving a loss and
    adding the wager again give the points the formulas give one by one, each
    adjustment seeing the points the one before left."""
    adjustments = (
        "      adjustments:\n"
        "        double-last: {when: last_round == 1, points: points * 2}\n"
        "        halve-losses: {when: points < 0, points: points // 2}\n"
        "        wager-again: {points: points + wager}\n"
    )
    body = "scoring:\n  schemes:\n" + "".join(f"    {s}:\n{adjustments}" for s in ("classic", "rascal"))
    (tmp_path / "adjusted.yaml").write_text(f"extends: skullking-2021\nid: adjusted\n{body}", encoding="utf-8")
    edition = skullking.load_edition(tmp_path / "adjusted.yaml")
    assert all(len(s.adjustments) == 3 and scorer(edition, s).fast is not None for s in edition.schemes)
    _written_out_scores_as_plain(edition, random.Random(3))


def _written_out_scores_as_plain(edition: Edition, rng: random.Random) -> None:
    """Each scheme of ``edition`` scored on 300 random rounds by its written-out functions
    gives what its formulas one by one give (with the capture bonuses per player, and
    trick by trick in any order)."""
    players = ["A", "B", "C", "D", "E"][: max(edition.min_players, 3)]
    bonus_ids = [b.id for b in edition.bonuses]
    fast = 0
    for scheme in edition.schemes:
        written, plain = scorer(edition, scheme), Scorer(edition, scheme)
        plain.fast = None  # formulas evaluated one by one
        fast += written.fast is not None
        for _ in range(300):
            cards = rng.randint(1, 10)
            bids = {p: rng.randint(0, cards) for p in players}
            won = {p: rng.choice([bids[p], rng.randint(0, cards)]) for p in players}
            captures = {p: rng.sample(bonus_ids, min(len(bonus_ids), rng.randint(0, 2))) for p in players}
            arguments: dict[str, Any] = {
                "number": rng.randint(1, 10),
                "cards": cards,
                "players": players,
                "bids": bids,
                "won": won,
                "captured": list(captures.items()),
                "alliances": [tuple(rng.sample(players, 2)) for _ in range(rng.randint(0, 2))],
                "extra": {p: rng.choice([0, 5]) for p in players},
                "wagers": {p: rng.choice([0, 10, 20]) for p in players},
                "loads": {p: rng.choice(scheme.loads) for p in players} if scheme.loads else {},
                "rounds": 10,
            }
            assert written.points(**arguments) == plain.points(**arguments), (scheme.id, arguments)
            by_trick = [(p, [b]) for p, ids in captures.items() for b in ids]
            rng.shuffle(by_trick)
            tallied = {**arguments, "captured": by_trick}
            want = plain.points(**arguments)
            assert written.points(**tallied) == want and plain.points(**tallied) == want, (scheme.id, arguments)
    assert fast, "no scheme of the edition is written out"


def _huge_case(folder: Path) -> tuple[Edition, str]:
    """The 2021 edition with a made bid worth a number beyond the limits, and that formula."""
    text = (Path(__file__).resolve().parents[2] / "editions" / "skullking-2021.yaml").read_text(encoding="utf-8")
    formula = "bid * 1000000 * 1000000 * 1000000"
    text = text.replace("points: 20 * bid + bonus + alliance + wager", f"points: {formula}")
    assert formula in text
    (folder / "big.yaml").write_text(text, encoding="utf-8")
    return skullking.load_edition(folder / "big.yaml"), formula


def _huge_adjustment(folder: Path) -> tuple[Edition, str]:
    """The 2021 edition with an adjustment taking the points beyond the limits and the
    next one bringing them back (times a million, then divided), and the first formula."""
    formula = "points * 1000000 * 1000000 * 1000000"
    body = (
        "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
        f"        huge: {{points: {formula}}}\n"
        "        back: {points: points // (1000000 * 1000000 * 1000000)}\n"
    )
    (folder / "huge.yaml").write_text(f"extends: skullking-2021\nid: huge\n{body}", encoding="utf-8")
    return skullking.load_edition(folder / "huge.yaml"), formula


@pytest.mark.parametrize("make", [_huge_case, _huge_adjustment], ids=["case", "adjustment"])
def test_points_beyond_the_limits_fail_as_the_formula_does(
    make: Callable[[Path], tuple[Edition, str]], tmp_path: Path
) -> None:
    """A scheme's written-out functions give up on a value beyond the limits
    (limits.MAX_VALUE), a case's or an adjustment's (even one the next adjustment brings
    back), and the formulas one by one then report it as theirs: a sheet and a round
    played move by move both fail with the formula's message."""
    edition, formula = make(tmp_path)
    assert scorer(edition, edition.scheme()).fast is not None
    message = re.escape(f"the formula '{formula}' gives a number beyond {MAX_VALUE:,}")
    played = {"cards": 5, "bids": {"A": 1, "B": 0}, "won": {"A": 1, "B": 0}}
    sheet = {"players": ["A", "B"], "schedule": "swift-n-salty", "rounds": [played]}
    with pytest.raises(skullking.SkullKingError, match=message):
        edition.score_sheet(sheet)
    r = Round(edition, ["A", "B", "C"], cards=1, hands={"A": ["Y7"], "B": ["Y3"], "C": ["Y2"]})
    for player, bid in (("A", 1), ("B", 0), ("C", 0)):
        r.bid(player, bid)
    for player, card in (("A", "Y7"), ("B", "Y3"), ("C", "Y2")):
        r.play(player, card)
    with pytest.raises(skullking.SkullKingError, match=message):
        r.score()


def test_a_made_formula_that_fails_fails_without_alliances(tmp_path: Path) -> None:
    """Whether a bid is made is asked of the made formula in every round, even one
    without alliances (where only alliances use it), when that formula can fail: its
    division by zero is reported as the formula's own, as the formulas one by one do."""
    text = (Path(__file__).resolve().parents[2] / "editions" / "skullking-2021.yaml").read_text(encoding="utf-8")
    text = text.replace("made: won == bid", "made: won == bid + 0 // (bid - 1)", 1)
    (tmp_path / "made.yaml").write_text(text, encoding="utf-8")
    edition = skullking.load_edition(tmp_path / "made.yaml")

    def sheet(bid: int) -> dict[str, Any]:
        played = {"cards": 5, "bids": {"A": bid, "B": 0}, "won": {"A": bid, "B": 0}}
        return {"players": ["A", "B"], "schedule": "swift-n-salty", "rounds": [played]}

    assert edition.score_sheet(sheet(2)).totals == {"A": 40, "B": 50}
    with pytest.raises(skullking.SkullKingError, match="divides by zero"):
        edition.score_sheet(sheet(1))
    r = Round(edition, ["A", "B", "C"], cards=1, hands={"A": ["Y7"], "B": ["Y3"], "C": ["Y2"]})
    for player, bid in (("A", 1), ("B", 0), ("C", 0)):
        r.bid(player, bid)
    for player, card in (("A", "Y7"), ("B", "Y3"), ("C", "Y2")):
        r.play(player, card)
    with pytest.raises(skullking.SkullKingError, match="divides by zero"):
        r.score()


# ---------------------------------------------------------------------- sheets


def test_a_whole_play_sheet_parses_each_card_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring a sheet giving the whole play parses each card text once (the edition
    keeps what it parsed: a second sheet parses none of the same texts again)."""
    edition: Edition = pickle.loads(pickle.dumps(skullking.load_edition("skullking-2021")))  # nothing kept yet
    game = Game(edition, ["A", "B", "C", "D"], seed=7)
    rng = random.Random(7)
    for _ in range(game.length):
        play_randomly(game.next_round(), rng)
    sheet = game.as_sheet()
    parsed: list[str] = []
    parse_cards = Edition.parse_cards

    def counting(self: Edition, cards: Any) -> Any:
        if self is edition and isinstance(cards, str):
            parsed.append(cards)
        return parse_cards(self, cards)

    monkeypatch.setattr(Edition, "parse_cards", counting)
    score = edition.score_sheet(sheet, check_edition=False)
    texts = [code for r in sheet["rounds"] for trick in r["tricks"] for code in trick]
    assert len(texts) == 220 and sorted(parsed) == sorted(set(texts))
    parsed.clear()
    assert edition.score_sheet(sheet, check_edition=False) == score and parsed == []


# ---------------------------------------------------------------------- trick --batch


class _Lines(io.RawIOBase):
    """Standard input that makes its lines as they are read, counting them."""

    def __init__(self, lines: Iterator[bytes]) -> None:
        self.lines, self.read_lines, self.pending = lines, 0, b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.pending:
            self.pending = next(self.lines, b"")
            self.read_lines += bool(self.pending)
        size = min(len(buffer), len(self.pending))
        buffer[:size], self.pending = self.pending[:size], self.pending[size:]
        return size


def test_batch_answers_each_line_before_reading_far_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """``trick --batch`` streams: it answers line n having read at most a buffer's worth
    beyond it, so 20,000 lines (or a million) take the memory of a few."""
    count = 20_000
    deck = ["Y1", "Y2", "G14", "B3", "SK", "MER", "PIR", "E", "TIG:PIR", "KRAKEN", "WHALE", "LOOT"]
    rng = random.Random(1)
    raw = _Lines(json.dumps({"cards": rng.sample(deck, 4)}).encode() + b"\n" for _ in range(count))
    stdin = io.TextIOWrapper(io.BufferedReader(raw, buffer_size=4096))
    monkeypatch.setattr(sys, "stdin", stdin)
    ahead: list[int] = []

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            ahead.append(raw.read_lines - len(ahead) - 1)  # lines read beyond the one answered
            return len(text)

    assert trick_batch(skullking.load_edition("skullking-2021"), "-", Out()) in (0, 2)
    assert len(ahead) == count and max(ahead) <= 4096 // 40  # a buffer of ~45-byte lines


def test_what_an_edition_keeps_goes_with_it() -> None:
    """The lookups, round set-ups and scorers kept for an edition do not keep it alive."""
    import gc
    import weakref

    edition: Edition = pickle.loads(pickle.dumps(skullking.load_edition("skullking-2021")))
    game = Game(edition, ["A", "B", "C"], seed=3)
    rng = random.Random(3)
    for _ in range(3):
        play_randomly(game.next_round(), rng)
    edition.score_sheet(game.as_sheet(), check_edition=False)
    gone = weakref.ref(edition)
    del edition, game
    gc.collect()
    assert gone() is None


def test_a_round_of_players_given_as_an_iterator_is_set_up_alike() -> None:
    edition = skullking.load_edition("skullking-2021")
    for _ in range(2):  # set up, then from what was kept
        r = Round(edition, iter(["A", "B", "C"]), number=2, seed=5)  # type: ignore[arg-type]  # (read once)
        assert r.players == ("A", "B", "C") and len(r.hands["C"]) == 2
