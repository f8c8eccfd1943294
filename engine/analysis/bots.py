"""Players for simulations: bots that bid, load, play and decide in a :class:`~skullking.play.round.Round`.

A bot sees only what its seat may see (a :class:`~skullking.play.views.SeatView`: its
hand, the bids it may see, the cards played and by whom, the decisions announced, the
cards it has not seen, the voids shown, and the edition) and answers one question at a
time from the legal options the round offers::

    >>> import random, skullking
    >>> from skullking.play.round import Round
    >>> from skullking.analysis.bots import make_bots, play_round
    >>> ed = skullking.load_edition("skullking-2021")
    >>> round_ = Round(ed, ["Ann", "Bo", "Cy"], number=5, seed=3)
    >>> play_round(round_, make_bots(["heuristic", "random", "random"], round_.players, seed=1))
    >>> round_.phase.value, sum(round_.won.values()) <= 5
    ('over', True)

``random`` makes every choice at random among the legal ones (what
:func:`~skullking.play.randomplay.play_randomly` does). ``heuristic`` knows no card by name: it
reasons through the edition only. Each card's strength is measured once per edition
and table size by resolving random tricks (at a random place in the trick, and at each
place); a bid is the one with the highest expected points under the round's scoring
scheme, given the distribution of tricks its hand's strengths imply (in a round of one
card, its card's strength at its place in the trick; scaled by the room the bids it
sees leave it, where players bid in turn). In play it reads its place in the trick and
what each player still needs: needing tricks, it leads its weakest card with a chance
of holding, and following it wins with the weakest card likely to hold against the
hands still to play (the weakest that wins, when none plays after it); once its bid is
made it leads its weakest card and ducks with its strongest losing card. A new bot is
a class with the four methods of :class:`Bot`: added to :data:`BOTS`, or named from
outside the package as ``module:Class`` (or ``path/to/file.py:Class``), which
:func:`bot_maker` imports and checks.

The bot protocol (what :func:`play_round` asks of every bot, the bundled ones and one
from outside alike): a bot is made as ``Class(rng)``, with a :class:`random.Random` of its
own, seeded from the run's seed, the game and the seat (a bot draws every random
choice from it, so that a seed plays the same games); each of its four methods is
given the seat's :class:`~skullking.play.views.SeatView` (the seat's view, kept up to
date as the round goes on: read it, never change it) and the question's legal
``options``, and returns one of them (``decide``: one of ``decision.options``, or for
an exchange ``decision.number`` cards of them). A bot from outside that answers
something else, or raises, stops the run with one error naming the bot.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from skullking.core.errors import FormulaError, GameError, shorten
from skullking.core.suggest import did_you_mean, unknown
from skullking.model.records import CHOOSE_LEADER, EXCHANGE
from skullking.play.randomplay import RandomChoices
from skullking.play.views import SeatView
from skullking.scoring.schemes import scorer

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.model.rules import Rules
    from skullking.play.round import Decision, Round

__all__ = [
    "BOTS",
    "QUESTIONS",
    "STRENGTH_SAMPLES",
    "WITH_OPTIONS",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SeatView",
    "bot_maker",
    "make_bots",
    "outside_bot",
    "play_round",
    "strengths",
]


class Bot(Protocol):
    """A player of rounds: each method answers one question with one of ``options``,
    from the seat's view (the bot protocol: see the module's description)."""

    def bid(self, view: SeatView, options: Sequence[int]) -> int: ...

    def load(self, view: SeatView, options: Sequence[str]) -> str: ...

    def play(self, view: SeatView, options: Sequence[Play]) -> Play: ...

    def decide(self, view: SeatView, decision: Decision) -> Any: ...


class RandomBot:
    """Every choice at random among the legal ones, drawn from ``rng`` as
    :func:`~skullking.play.randomplay.play_randomly` draws its moves
    (:class:`~skullking.play.randomplay.RandomChoices`)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._choices = RandomChoices(rng)

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        return self._choices.bid(view.seat, options)

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        return self._choices.load(view.seat, options)

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        return self._choices.play(view.seat, options)

    def decide(self, view: SeatView, decision: Decision) -> Any:
        return self._choices.decide(decision)


# --------------------------------------------------------------------------- strengths

#: Random tricks resolved per card to measure its strength.
STRENGTH_SAMPLES = 200


@functools.lru_cache(maxsize=64)
def strengths(edition: Rules, modules: frozenset[str], seats: int) -> Mapping[str, float]:
    """How often each play (by code, declared plays included) wins a trick of ``seats``
    cards whose other cards are drawn at random from the deck, at a random place in the
    trick: the edition's precedence and effects measured, no card named. Every card
    meets the same random tricks (a higher card of a suit never measures weaker than a
    lower one by chance); a trick that holds the card itself does not count for it.
    Seeded, so the same for every run."""
    tricks, codes = _random_tricks(edition, modules, seats)
    return {code: _wins(edition, play, tricks, None) for code, play in codes.items()}


@functools.lru_cache(maxsize=64)
def _place_strengths(edition: Rules, modules: frozenset[str], seats: int) -> tuple[Mapping[str, float], ...]:
    """:func:`strengths` at each place in the trick (0: the lead): how often each play
    wins the same random tricks played at that place. (A lead sets the suit that the
    others must follow: a number led wins more often than the same number played
    later.)"""
    tricks, codes = _random_tricks(edition, modules, seats)
    return tuple({code: _wins(edition, play, tricks, place) for code, play in codes.items()} for place in range(seats))


@functools.lru_cache(maxsize=64)
def _random_tricks(
    edition: Rules, modules: frozenset[str], seats: int
) -> tuple[list[tuple[list[Play], int]], dict[str, Play]]:
    """The random tricks that :func:`strengths` measures plays with (the other cards of
    each, and a random place for the play measured), and the plays measured by code."""
    # seeded by the table only: two editions with the same deck draw the same tricks, so
    # a rule change alone moves the strengths (compare plays both on the same footing)
    rng = random.Random(f"strengths:{seats}")
    deck = [edition.plays[card.code] for card in edition.deck(modules)]
    tricks = []
    for _ in range(STRENGTH_SAMPLES):
        others = [_undeclared_pick(edition, p, rng) for p in rng.sample(deck, seats - 1)]
        tricks.append((others, rng.randrange(seats)))
    codes: dict[str, Play] = {}
    for play in deck:
        for option in declarations_of(edition, play):
            codes.setdefault(option.code, option)
    return tricks, codes


def _wins(edition: Rules, play: Play, tricks: Sequence[tuple[list[Play], int]], place: int | None) -> float:
    """How often ``play`` wins ``tricks`` (:func:`_random_tricks`), played at ``place``
    in each (``None``: at each trick's own random place)."""
    wins = counted = 0
    for others, drawn in tricks:
        if any(p.card is play.card for p in others):
            continue
        counted += 1
        at = drawn if place is None else place
        result = edition.resolve_trick([*others[:at], play, *others[at:]])
        wins += result.counts_for == at  # (a trick that counts for the player is one won)
    return wins / counted if counted else 0.0


def declarations_of(edition: Rules, play: Play) -> list[Play]:
    """The plays a card may be played as (each declaration of a card declared when played)."""
    if not play.undeclared:
        return [play]
    kind = edition.kind(play.card.kind or "")
    return [edition.plays[f"{play.card.code}:{d.code}"] for d in kind.declarations]


def _undeclared_pick(edition: Rules, play: Play, rng: random.Random) -> Play:
    options = declarations_of(edition, play)
    return options[0] if len(options) == 1 else rng.choice(options)


# --------------------------------------------------------------------------- heuristic


def _trick_distribution(chances: Sequence[float]) -> list[float]:
    """P(exactly k tricks) for k = 0..n when each card wins with its own chance."""
    dist = [1.0]
    for chance in chances:
        p = min(max(chance, 0.0), 1.0)
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


class HeuristicBot:
    """Bids what its hand's strengths make most profitable under the scoring scheme, then
    plays to make that bid, reading its place in the trick and what the others still
    need. Knows no card by name (see the module's description). It keeps nothing
    between questions (one bot may answer for every seat, as the search's playouts
    have it) and draws nothing at random: its answers are the same for the same view."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # -- helpers ----------------------------------------------------------

    @staticmethod
    def _strength(view: SeatView) -> Mapping[str, float]:
        return strengths(view.edition, view.modules, len(view.seats))

    def _chances(self, view: SeatView, hand: Sequence[Play]) -> list[float]:
        best = _best_chances(view.edition, view.modules, len(view.seats))
        return [best[play.code] if play.code in best else _best_chance(view, play) for play in hand]

    def _expected(self, view: SeatView, dist: Sequence[float], bid: int, load: str | None = None) -> float:
        """The points ``bid`` (and ``load``) may expect from a hand taking ``won`` tricks
        with probability ``dist[won]``, under the round's scheme."""
        table = (view.cards, view.number, len(view.players), view.rounds)
        row = _scheme_row(view.edition, view.scheme.id, table, (bid, load), len(dist) - 1)
        return sum(q * row[won] for won, q in enumerate(dist) if q > 1e-9)

    def _bid_chances(self, view: SeatView) -> list[float]:
        """Each card's chance of winning a trick, as a bid weighs the hand: its strength
        (:func:`strengths`), but in a round of one card its chance at its place in the
        trick (:func:`_place_strengths`: a number led sets the suit and wins more often
        than the same number played last); all scaled by the room the bids it sees leave
        it (:func:`_room`)."""
        hand = view.hand
        chances = self._chances(view, hand)
        if len(hand) == 1 and not view.trick and view.seat in (order := view.trick_order):
            at = _place_strengths(view.edition, view.modules, len(view.seats))[order.index(view.seat)]
            chances = [max(at.get(p.code, 0.0) for p in declarations_of(view.edition, hand[0]))]
        room = _room(view, sum(chances))
        return [min(c * room, 1.0) for c in chances] if room != 1.0 else chances

    # -- the questions ----------------------------------------------------

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        dist = _trick_distribution(self._bid_chances(view))
        mean = _mean(dist)  # (the same for every bid: worked out once)
        return max(options, key=lambda b: (self._expected(view, dist, b), -abs(b - mean)))

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        dist = _trick_distribution(self._bid_chances(view))
        bid = view.bids.get(view.seat, 0)
        return max(options, key=lambda load: self._expected(view, dist, bid, load))

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        if len(options) == 1:
            return options[0]
        table = self._strength(view)
        strength: Callable[[Play], float] = lambda p: table.get(p.code, 0.0)  # noqa: E731
        trick = view.trick
        needs = view.needs()
        if not trick:  # leading
            if needs <= 0:
                return min(options, key=strength)  # lose the lead with the weakest card
            lead = _place_strengths(view.edition, view.modules, len(view.seats))[0]
            if needs >= view.tricks_left():  # every trick left is needed
                return max(options, key=lambda p: lead.get(p.code, 0.0))
            return _lead(options, table, lead, _threat(view))
        winners, losers = _winners_and_losers(view, options)
        after = view.to_play_after()
        if needs > 0:
            if not winners:
                return min(options, key=strength)  # cannot win it: throw the weakest
            if after == 0:
                return min(winners, key=strength)  # nobody after can take it: win cheaply
            threat = _threat(view)
            likely = [w for w in winners if strength(w) ** threat >= HOLDS]
            if likely:
                return min(likely, key=strength)
            best = max(winners, key=strength)
            # no winner likely to hold: the strongest when every trick left is needed,
            # else the weakest card (saving the winners for a trick they may hold)
            return best if needs >= view.tricks_left() else min(options, key=strength)
        if losers:
            return max(losers, key=strength)  # duck, shedding the strongest card that loses
        # every card wins as the trick stands: the one likeliest to be beaten, or, with
        # nobody after to beat it, the strongest (the trick is taken anyway)
        return min(options, key=strength) if after > 0 else max(options, key=strength)

    def decide(self, view: SeatView, decision: Decision) -> Any:
        needs = view.needs()
        if decision.kind == EXCHANGE:
            table = self._strength(view)
            hand = list(decision.options)

            def value(play: Any) -> float:
                best = max(table.get(p.code, 0.0) for p in declarations_of(view.edition, play))
                return best if needs > 0 else -best

            return sorted(hand, key=value)[: decision.number]
        if decision.kind == CHOOSE_LEADER:
            me = view.seat if view.seat in decision.options else None
            others = [o for o in decision.options if o != view.seat]
            if needs > 0 and me is not None:
                return me
            return others[0] if others else decision.options[0]
        values = [v for v in decision.options if isinstance(v, int)]
        if not values:
            return decision.options[0]
        left = view.hand
        expected = view.won.get(view.seat, 0) + sum(self._chances(view, left))
        if decision.kind == "change_bid":
            bid = view.bids.get(view.seat, 0)
            return min(values, key=lambda v: (abs(bid + v - expected), abs(v)))
        # a wager: stake the most when the bid looks safe, nothing when it does not
        dist = _trick_distribution(self._chances(view, left))
        bid = view.bids.get(view.seat, 0)
        made = sum(q for k, q in enumerate(dist) if view.won.get(view.seat, 0) + k == bid)
        return max(values) if made > 0.5 else min(values)


def _winners_and_losers(view: SeatView, options: Sequence[Play]) -> tuple[list[Play], list[Play]]:
    """The ``options`` that would win the trick in progress as it stands (it would count
    for the seat), and those that would not, each in the order given."""
    trick, seats = view.trick, len(view.seats)
    place = len(trick)
    winners: list[Play] = []
    losers: list[Play] = []
    for option in options:
        result = view.edition.resolve_trick([*trick, option], 0, seats)
        (winners if result.counts_for == place else losers).append(option)
    return winners, losers


#: The chance of holding the trick (against the hands still to play, see :func:`_threat`)
#: that a winning card needs for the heuristic, following, to play it for a trick it
#: needs (the weakest such card).
HOLDS = 0.5
#: The chance of holding a trick as a lead that makes a card worth leading for a hand
#: that needs tricks (weaker cards are kept to duck with).
CHANCE = 0.1


def _threat(view: SeatView) -> float:
    """How much the hands still to play in the trick (every other hand, for a lead)
    threaten a card that wins it now, as a power of its strength (which is measured
    against a whole trick of random cards: ``strength ** threat`` is its chance of
    holding): each hand counts for one whole random card while its player still needs
    tricks (or has no bid: a ghost hand), for half of one once its bid is made (it
    ducks, but may be made to win)."""
    order = view.trick_order
    bids, won = view.bids, view.won
    weight = 0.0
    for seat in order[order.index(view.seat) + 1 :]:
        weight += 1.0 if seat not in bids or bids[seat] > won.get(seat, 0) else 0.5
    return weight / max(len(view.seats) - 1, 1)


def _lead(options: Sequence[Play], strength: Mapping[str, float], lead: Mapping[str, float], threat: float) -> Play:
    """The lead of a hand that needs tricks but not every one left: its weakest card
    with a chance of holding (at least :data:`CHANCE`, its strength as a lead to the
    power ``threat``, see :func:`_threat`), else its weakest. Strong cards are saved:
    they win more surely when the hand follows, seeing the trick; the hopeless ones are
    kept to duck with once the bid is made."""
    chance = [p for p in options if lead.get(p.code, 0.0) ** threat >= CHANCE]
    return min(chance or options, key=lambda p: strength.get(p.code, 0.0))


def _room(view: SeatView, mean: float) -> float:
    """How much the bids the seat sees make it expect of its hand, as a factor on the
    ``mean`` tricks its cards' chances add up to: the tricks of the round less those
    the others claim (their bids seen, and for each other bid not seen yet its share
    of the tricks the hand leaves), halfway between that room and ``mean``, as a
    share of ``mean``, from one half to one and a half. 1 when it sees no bid."""
    seen = [b for p, b in view.bids.items() if p != view.seat]
    if not seen or mean <= 0:
        return 1.0
    others = len(view.players) - 1
    unseen = others - len(seen)
    claimed = sum(seen) + unseen * max(view.cards - mean, 0.0) / max(others, 1)
    room = view.cards - claimed
    return min(max((mean + room) / 2 / mean, 0.5), 1.5)


def _best_chance(view: SeatView, play: Play) -> float:
    """How often ``play`` wins a trick at the view's table (:func:`strengths`); a card
    declared when played counts as its best declaration."""
    table = strengths(view.edition, view.modules, len(view.seats))
    return max(table.get(p.code, 0.0) for p in declarations_of(view.edition, play))


@functools.lru_cache(maxsize=64)
def _best_chances(edition: Rules, modules: frozenset[str], seats: int) -> Mapping[str, float]:
    """:func:`_best_chance` of every card of the deck, by code, worked out once per
    edition and table (a hand's chances are looked up, not worked out card by card)."""
    table = strengths(edition, modules, seats)
    out: dict[str, float] = {}
    for card in edition.deck(modules):
        play = edition.plays[card.code]
        out[play.code] = max(table.get(p.code, 0.0) for p in declarations_of(edition, play))
    return out


def _mean(dist: Sequence[float]) -> float:
    return sum(k * q for k, q in enumerate(dist))


@functools.lru_cache(maxsize=4096)
def _scheme_row(
    edition: Rules, scheme_id: str, table: tuple[int, int, int, int], choice: tuple[int, str | None], most: int
) -> tuple[float, ...]:
    """The points of ``choice`` (a bid, and a load or ``None``) for each number of
    tricks won, 0 to ``most`` (:func:`_scheme_points` of each): one look-up a bid where
    the expected points would make one a bid and a number of tricks."""
    bid, load = choice
    return tuple(_scheme_points(edition, scheme_id, table, (bid, won), load) for won in range(most + 1))


@functools.lru_cache(maxsize=4096)
def _scheme_points(
    edition: Rules,
    scheme_id: str,
    table: tuple[int, int, int, int],
    result: tuple[int, int],
    load: str | None,
) -> float:
    """A round's points for ``result`` (bid, won) under the edition's scheme
    ``scheme_id`` (``table``: cards, round number, players, rounds in the schedule),
    with no bonus: the edition's own formulas, as a sheet would score them, everybody at
    the table given the same result. (Kept by the scheme's id: a scheme hashes all its
    formulas.)"""
    cards, number, count, rounds = table
    bid, won = result
    names = [f"p{i}" for i in range(count)]
    try:
        score = scorer(edition, edition.scheme(scheme_id)).points(
            number=number,
            cards=cards,
            players=names,
            bids=dict.fromkeys(names, bid),
            won=dict.fromkeys(names, won),
            captured=[],
            alliances=[],
            wagers={},
            loads=dict.fromkeys(names, load) if load is not None else {},
            rounds=rounds,
            played=dict.fromkeys(names, ()),
        )
    except (FormulaError, KeyError):  # a formula this shortcut cannot evaluate: no preference
        return 0.0
    return float(score.points[names[0]])


def _pimc(rng: random.Random) -> Bot:
    # (a cycle: skullking.analysis.search imports this module)
    from skullking.analysis.search import PimcBot

    return PimcBot(rng)


def _pimc_with(options: str) -> Callable[[random.Random], Bot]:
    # (a cycle: skullking.analysis.search imports this module)
    from skullking.analysis.search import parse

    return parse(options)


#: The bots by name: each is made with its own seeded random generator. ``pimc`` is
#: the search bot of :mod:`skullking.analysis.search`.
BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "pimc": _pimc}

#: The bots that take options after their name and a colon (``pimc:50``): name -> the
#: maker of the bot from the options' text (raising ValueError on bad options).
WITH_OPTIONS: dict[str, Callable[[str], Callable[[random.Random], Bot]]] = {"pimc": _pimc_with}


def bot_maker(kind: str) -> Callable[[random.Random], Bot]:
    """The maker of the bot ``kind`` names: a name of :data:`BOTS`, a name of
    :data:`WITH_OPTIONS` with its options after a colon (``pimc:50``), or a bot from
    outside the package, ``module:Class`` (:func:`outside_bot`). Raises
    :class:`~skullking.core.errors.GameError` naming what is wrong."""

    name, colon, options = kind.partition(":")
    if not colon:
        if kind not in BOTS:
            raise GameError(unknown("bot", kind, list(BOTS)) + " (or module:Class, a bot from outside)")
        return BOTS[kind]
    if name not in WITH_OPTIONS:
        if name in BOTS:
            raise GameError(f"the {name} bot takes no options ('{kind}')")
        return outside_bot(kind)
    try:
        return WITH_OPTIONS[name](options)
    except ValueError as error:
        raise GameError(str(error)) from None


#: The methods every bot has (the questions of :class:`Bot`).
QUESTIONS = ("bid", "load", "play", "decide")


@functools.lru_cache(maxsize=32)
def outside_bot(kind: str) -> Callable[[random.Random], Bot]:
    """The maker of the bot from outside the package that ``kind`` names:
    ``module:Class`` (a module Python imports: installed, or on ``PYTHONPATH``) or
    ``path/to/file.py:Class``, a class that follows the bot protocol (the module's
    description): made as ``Class(rng)``, with the methods ``bid``, ``load``, ``play``
    and ``decide``. Its bots are checked as they play: an answer that is not one of the
    options, or an exception, is a :class:`~skullking.core.errors.GameError` naming the
    bot. Raises :class:`~skullking.core.errors.GameError` when the module cannot be
    imported, has no such class, or the class does not follow the protocol. (Each
    module is imported once a process.)"""
    where, _, name = kind.rpartition(":")  # (rpartition: a Windows path has a colon)
    if not where or not name:
        raise GameError(f"bot '{shorten(kind)}': a bot from outside is written module:Class")
    module = _import(kind, where)
    found = getattr(module, name, None)
    if found is None:
        classes = [n for n, v in vars(module).items() if inspect.isclass(v) and not n.startswith("_")]
        raise GameError(
            f"bot '{shorten(kind)}': {shorten(where)} has no '{shorten(name)}'{did_you_mean(name, classes)}"
        )
    missing = [q for q in QUESTIONS if not callable(getattr(found, q, None))]
    if not inspect.isclass(found) or missing:
        lacks = f"it has no {_listed(missing)} method" if inspect.isclass(found) else "it is not a class"
        raise GameError(
            f"bot '{shorten(kind)}' does not follow the bot protocol: {lacks} (a bot is a class made as "
            "Class(rng), with the methods bid, load, play and decide)"
        )
    try:
        inspect.signature(found).bind(random.Random(0))
    except TypeError:
        raise GameError(
            f"bot '{shorten(kind)}' does not follow the bot protocol: it is not made as {shorten(name)}(rng), "
            "with its random generator alone"
        ) from None
    except ValueError:  # (a class whose signature Python cannot tell: it is tried as it plays)
        pass

    cls: Any = found

    def make(rng: random.Random) -> Bot:
        try:
            bot = cls(rng)
        except Exception as error:  # (the bot's own code: its failure is the bot's, not this program's)
            raise GameError(f"bot '{shorten(kind)}' failed to start: {_failure(error)}") from None
        return _Checked(kind, bot)

    return make


def _import(kind: str, where: str) -> Any:
    """The module ``where`` names (a module's name or a ``.py`` file's path)."""
    try:
        if where.endswith(".py"):
            name = f"skullking_outside_bot_{hashlib.sha256(where.encode()).hexdigest()[:16]}"
            if name in sys.modules:
                return sys.modules[name]
            spec = importlib.util.spec_from_file_location(name, where)
            if spec is None or spec.loader is None:
                raise GameError(f"bot '{shorten(kind)}': {shorten(where)} is not a Python file")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[name]
                raise
            return module
        return importlib.import_module(where)
    except GameError:
        raise
    except FileNotFoundError:
        raise GameError(f"bot '{shorten(kind)}': no file {shorten(where)}") from None
    except ModuleNotFoundError as error:
        if error.name is not None and (where == error.name or where.startswith(error.name + ".")):
            raise GameError(
                f"bot '{shorten(kind)}': no module '{shorten(where)}'{did_you_mean(where, list(BOTS))} (a bot from "
                "outside is module:Class, the module installed or on PYTHONPATH, or path/to/file.py:Class)"
            ) from None
        raise GameError(f"bot '{shorten(kind)}': {shorten(where)} failed to import: {_failure(error)}") from None
    except Exception as error:  # (the module's own code)
        raise GameError(f"bot '{shorten(kind)}': {shorten(where)} failed to import: {_failure(error)}") from None


def _failure(error: BaseException) -> str:
    """An exception in one line: its type and message."""
    return shorten(" ".join(f"{type(error).__name__}: {error}".split()), 200)


class _Checked:
    """A bot from outside, each answer checked: one that is not among the options, or an
    exception, is a :class:`~skullking.core.errors.GameError` naming the bot (a
    decision's answer is checked by the round, as every answer is)."""

    def __init__(self, kind: str, bot: Any) -> None:
        self.kind = kind
        self.bot = bot

    def _ask(self, question: str, view: SeatView, options: Any) -> Any:
        try:
            return getattr(self.bot, question)(view, options)
        except Exception as error:  # (the bot's own code)
            raise GameError(
                f"bot '{shorten(self.kind)}' ({view.seat}) failed at its {question}: {_failure(error)}"
            ) from None

    def _picked(self, question: str, view: SeatView, options: Sequence[Any]) -> Any:
        answer = self._ask(question, view, options)
        if answer not in options or isinstance(answer, bool):
            raise GameError(
                f"bot '{shorten(self.kind)}' ({view.seat}) answered its {question} with {shorten(repr(answer))}, "
                f"not one of the options {shorten(repr(list(options)))}"
            )
        return answer

    def bid(self, view: SeatView, options: Sequence[int]) -> int:
        return int(self._picked("bid", view, options))

    def load(self, view: SeatView, options: Sequence[str]) -> str:
        return str(self._picked("load", view, options))

    def play(self, view: SeatView, options: Sequence[Play]) -> Play:
        answer: Play = self._picked("play", view, options)
        return answer

    def decide(self, view: SeatView, decision: Decision) -> Any:
        return self._ask("decide", view, decision)


def make_bots(kinds: Sequence[str], players: Sequence[str], *, seed: int | str = 0) -> dict[str, Bot]:
    """One bot per player, ``kinds[i]`` for ``players[i]`` (cycled when shorter; each a
    name :func:`bot_maker` knows), each with its own random generator seeded from
    ``seed`` and its seat."""
    out: dict[str, Bot] = {}
    for i, player in enumerate(players):
        kind = kinds[i % len(kinds)]
        out[player] = bot_maker(kind)(random.Random(f"{seed}:{i}:{kind}"))
    return out


class _Table:
    """The bots of a table as the :class:`~skullking.play.round.Chooser` a round is
    played out with: each question asked of the player's bot, with its seat's view."""

    def __init__(self, round_: Round, bots: Mapping[str, Bot]) -> None:
        self.bots = bots
        self.views = {p: SeatView(round_, p) for p in round_.players}

    def bid(self, player: str, options: Sequence[int]) -> int:
        return self.bots[player].bid(self.views[player], options)

    def load(self, player: str, options: Sequence[str]) -> str:
        return self.bots[player].load(self.views[player], options)

    def play(self, player: str, options: Sequence[Play]) -> Play:
        return self.bots[player].play(self.views[player], options)

    def decide(self, decision: Decision) -> Any:
        return self.bots[decision.player].decide(self.views[decision.player], decision)


def play_round(round_: Round, bots: Mapping[str, Bot]) -> None:
    """Play every move left in ``round_``, each asked of its player's bot among the
    legal ones (:meth:`~skullking.play.round.Round.play_out`)."""
    round_.play_out(_Table(round_, bots))


def _listed(names: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
