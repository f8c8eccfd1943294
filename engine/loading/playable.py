"""Rounds a game under an edition could not play, found from the edition's rules before
any game: a round where no bid can be made (the bid range is empty, or the bidding rules
refuse every set of bids, or the bids made so far can leave the next bidder none), a
tie-break round the deck cannot deal, and a bid change that finds no value to make.

Every round of every schedule at every player count is looked at (the tie-break round
after each schedule too, for every number of tied players). What every round suffers is
an error (no game under the edition could be played: :func:`errors`, checked when the
edition loads); what some rounds suffer is a warning naming them (:func:`warnings`,
which ``skullking validate`` reports). The bidding rules are tried bid by bid, every
bid of the range at each turn: for rules that see the other bids only through their
total, every total the bids so far can make (up to :data:`MAX_SUM_CHECKS` checks);
otherwise every set of bids (up to :data:`MAX_BID_CHECKS` checks of the rules in all,
the rounds with the fewest sets of bids first). A round past that is claimed neither way.
Rules that read the game so far (the standings, the previous round: see
:mod:`skullking.rounds.context`) are left out of the look, which knows no game: a dead
end the other rules reach is one with them too, as more rules only refuse more bids.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import FormulaError, Problem
from skullking.loading.checkrounds import short_deal
from skullking.rounds.bidding import Broken, bid_range, broken_rules, range_read, round_values
from skullking.rounds.context import reads

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import BidRule
    from skullking.reading.located import Node

#: The most checks of the bidding rules (one player's bid, or a whole table of bids)
#: one edition's analysis makes (about 30 us each at 8 players).
MAX_BID_CHECKS = 5_000
#: The most checks of one bid against rules that see only the bids' total (a bidder's
#: bid after a sum of bids before it; about 2 us each) one edition's analysis makes.
MAX_SUM_CHECKS = 300_000


class Spot(NamedTuple):
    """A round some game under an edition plays: round ``number`` of ``schedule`` (of
    ``rounds`` rounds) at a table of ``players`` dealt ``cards`` each; ``tie_break``
    for the round the tied players play after the schedule."""

    schedule: str
    number: int
    players: int
    cards: int
    rounds: int
    tie_break: bool = False


class Finding(NamedTuple):
    """What cannot be played: the warning's ``code``, the ``paths`` of the rule in the
    edition's tree (the first the tree holds names it), the ``spots`` it hits, an
    example (``message``, with ``{where}`` to fill), and whether it hits every round a
    game may play (``everywhere``)."""

    code: str
    paths: tuple[tuple[str | int, ...], ...]
    spots: tuple[Spot, ...]
    message: str
    everywhere: bool = False


def spots(edition: Edition) -> list[Spot]:
    """Every round of every schedule at every player count, as dealt."""
    out = []
    for schedule in edition.schedules:
        length = len(schedule.rounds)
        for players in range(edition.min_players, edition.max_players + 1):
            hands = edition.hands(players)
            for number in range(1, length + 1):
                cards = edition.cards_dealt(number, hands, schedule.id)
                assert cards is not None
                out.append(Spot(schedule.id, number, players, cards, length))
    return out


# --------------------------------------------------------------------- bidding


class _Bids:
    """The bidding of rounds under ``edition``'s rules, tried bid by bid."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.rules = rules = _rules(edition)
        #: Whether some rule looks at the bid alone (checked as each bid is made).
        self.own = any(not rule.needs_all for rule in rules)
        #: Whether the bids' order matters to the rules (bidding in turn): else a set of
        #: bids is tried once whatever its order.
        self.ordered = edition.bidding.order == "in_turn"
        used = frozenset().union(*(rule.require.variables for rule in rules))
        self.names = tuple(n for n in ("cards", "round", "players", "rounds", "last_round") if n in used)
        #: Whether the rules over every bid see only their total (the same for every
        #: player, as in ``total_bids != cards``), and no rule counts over the table:
        #: then the bids so far matter only by their sum, and every sum is tried.
        self.by_total = not any(rule.require.uses_table for rule in rules) and all(
            rule.require.variables.isdisjoint(("bid", "position", "bids_before")) for rule in rules if rule.needs_all
        )
        self.checks = 0
        self.sums = 0
        self._known: dict[tuple[int, ...], tuple[str, tuple[int, ...], frozenset[str]] | None] = {}

    def _broken(self, bids: dict[str, int], order: list[str], spot: Spot, only: str) -> list[Broken]:
        self.checks += 1
        return broken_rules(
            self.edition,
            bids,
            order,
            cards=spot.cards,
            number=spot.number,
            rounds=spot.rounds,
            only=only,
            rules=self.rules,
        )

    def dead_end(self, spot: Spot, low: int, high: int) -> tuple[str, tuple[int, ...], frozenset[str]] | None:
        """Where the bids of ``spot`` can get stuck: ``("none", bids, rules)`` when no set
        of bids keeps the rules, ``("stuck", bids, rules)`` when the bids made so far
        (``bids``, in bidding order) can leave the next bidder none, ``("unknown", (),
        ...)`` past the checks allowed; ``None`` when every turn has a bid (or a rule
        cannot be worked out: the round then says so itself). ``rules``: the ids of the
        rules refusing that bidder's every bid."""
        values = round_values(spot.cards, spot.number, spot.players, spot.rounds)
        key = (spot.players, low, high, *(values[n] for n in self.names))
        if key in self._known:
            return self._known[key]
        try:
            found = self._totals(spot, low, high, values) if self.by_total else self._search(spot, low, high)
        except FormulaError:
            found = None
        if found is not None and found[0] == "unknown":
            return found  # (not kept: another spot may come with checks to spare)
        self._known[key] = found
        return found

    def _totals(
        self, spot: Spot, low: int, high: int, values: dict[str, int]
    ) -> tuple[str, tuple[int, ...], frozenset[str]] | None:
        """:meth:`dead_end` for rules over every bid that see only the total: every sum
        of the bids so far, bidder by bidder (each with the first bids found to give it)."""
        rules = self.rules
        last = spot.players - 1
        reached: dict[int, tuple[int, ...]] = {0: ()}
        stuck: tuple[tuple[int, ...], frozenset[str]] | None = None
        complete = False
        for position in range(spot.players):
            following: dict[int, tuple[int, ...]] = {}
            for before, bids in reached.items():
                if self.sums > MAX_SUM_CHECKS:
                    return ("unknown", (), frozenset())
                refusing: set[str] = set()
                options = []
                for bid in range(low, high + 1):
                    self.sums += 1
                    row = dict(values, bid=bid, position=position, bids_before=before, total_bids=before + bid)
                    broken = [
                        r.id for r in rules if (position == last or not r.needs_all) and not r.require.evaluate(row)
                    ]
                    if broken:
                        refusing.update(broken)
                    else:
                        options.append(bid)
                if not options:
                    stuck = stuck or (bids, frozenset(refusing))
                elif position == last:
                    complete = True
                for bid in options:
                    following.setdefault(before + bid, (*bids, bid))
            reached = following
        if stuck is None:
            return None
        return ("stuck" if complete else "none", *stuck)

    def _search(self, spot: Spot, low: int, high: int) -> tuple[str, tuple[int, ...], frozenset[str]] | None:
        order = [f"P{i}" for i in range(spot.players)]
        last = spot.players - 1
        stuck: list[tuple[tuple[int, ...], frozenset[str]]] = []
        complete = False

        def legal(bids: tuple[int, ...]) -> list[int] | None:
            """The bids the next bidder may make after ``bids`` (``None`` when there is
            none: the dead end is kept in ``stuck``); ``complete`` once the last bidder
            has one."""
            nonlocal complete
            at = len(bids)
            if at < last and not self.own:
                return list(range(low, high + 1))
            made = dict(zip(order, bids, strict=False))
            player = order[at]
            out: list[int] = []
            refusing: set[str] = set()
            for bid in range(low, high + 1):
                broken = self._broken({**made, player: bid}, order, spot, player)
                if broken:
                    refusing.update(b.rule.id for b in broken)
                else:
                    out.append(bid)
            if not out:
                stuck.append((bids, frozenset(refusing)))
                return None
            complete = complete or at == last
            return out

        def visit(bids: tuple[int, ...]) -> bool:
            """Try every way on from ``bids``; False once the checks run out."""
            if self.checks > MAX_BID_CHECKS:
                return False
            options = legal(bids)
            if options is None or len(bids) == last:
                return True
            for bid in options:
                # without an order, each set of bids once: in rising order
                if (self.ordered or not bids or bid >= bids[-1]) and not visit((*bids, bid)):
                    return False
                if stuck and complete:
                    return True  # both answers are in: stuck, and not always
            return True

        # First everybody bidding alike, the highest and the lowest bid first: where a
        # rule over the total or a count is likeliest to leave the last bidder nothing.
        middle = range(low + 1, high)
        for bid in (high, low, *middle) if high > low else (low,):
            bids: tuple[int, ...] = ()
            while self.checks <= MAX_BID_CHECKS:
                options = legal(bids)
                if options is None or len(bids) == last or bid not in options:
                    break
                bids = (*bids, bid)
            if stuck:
                break
        finished = bool(stuck and complete) or visit(())
        if stuck:
            bids, refusing = stuck[0]
            return ("none" if finished and not complete else "stuck", bids, refusing)
        return None if finished else ("unknown", (), frozenset())


def _range(edition: Edition, spot: Spot) -> tuple[int, int] | FormulaError:
    try:
        return bid_range(edition, cards=spot.cards, number=spot.number, players=spot.players, rounds=spot.rounds)
    except FormulaError as exc:
        return exc


def _bidding(edition: Edition, rounds: Iterable[Spot], *, stop: bool) -> Iterator[Finding]:
    """The rounds of ``rounds`` where bidding cannot go on; with ``stop``, only what
    hits every round (a first round that can be bid ends the look). Where the limits
    of a bid read the players' names about the game so far, only a game's first round
    is looked at (its values are a game's start; none where they read who deals)."""
    rounds = list(rounds)
    own = range_read(edition)
    if own:  # each player's range follows the game: known for sure only at its start
        rounds = [] if "deals" in own else [spot for spot in rounds if spot.number == 1 and not spot.tie_break]
    empty: list[tuple[Spot, int, int]] = []
    failed: dict[str, list[Spot]] = {}  # the formula's message -> the rounds
    ranges: dict[Spot, tuple[int, int]] = {}
    rules = _rules(edition)
    for spot in rounds:
        found = _range(edition, spot)
        if isinstance(found, FormulaError):
            failed.setdefault(str(found), []).append(spot)
        elif found[0] > found[1]:
            empty.append((spot, *found))
        else:
            ranges[spot] = found
            if stop and not rules:
                return  # a round with bids to make: not every round is lost
    if stop and failed:
        return
    blame = (("bidding", "min"), ("bidding", "max"), ("bidding",))
    if empty:
        spot, low, high = empty[0]
        yield Finding(
            "no-legal-bid",
            blame,
            tuple(spot for spot, _, _ in empty),
            f"no bid can be made in {{where}}: bidding.min is above bidding.max there (e.g. {low} above {high} "
            f"with {_cards(spot.cards)})",
            everywhere=len(empty) == len(rounds),
        )
    for message, hit in failed.items():
        yield Finding("no-legal-bid", blame, tuple(hit), f"the bid range cannot be worked out in {{where}}: {message}")
    if not rules:
        return
    bids = _Bids(edition)
    found_in: dict[str, list[Spot]] = {"none": [], "stuck": []}
    examples: dict[str, tuple[Spot, tuple[int, ...], frozenset[str]]] = {}
    untried = False
    # the rounds with the fewest sets of bids first: where a dead end is likeliest found
    for spot, (low, high) in sorted(ranges.items(), key=lambda item: (item[1][1] - item[1][0], item[0].players)):
        end = bids.dead_end(spot, low, high)
        if stop and (end is None or end[0] != "none"):
            return  # a round whose bids can all be made: not every round is lost
        if end is None:
            continue
        kind, made, refusing = end
        if kind == "unknown":
            untried = True
            continue
        found_in[kind].append(spot)
        examples.setdefault(kind, (spot, made, refusing))
    lost = len(found_in["none"]) + len(empty)
    order = {spot: k for k, spot in enumerate(rounds)}
    index = {rule.id: k for k, rule in enumerate(edition.bidding.rules)}
    for kind, hit in found_in.items():
        if not hit:
            continue
        spot, made, refusing = examples[kind]
        named = ", ".join(f"'{r}'" for r in sorted(refusing, key=index.__getitem__))
        if kind == "none":
            message = f"no set of bids keeps the bidding rules in {{where}} ({named} refusing each)"
        else:
            message = (
                f"the bids made so far can leave a player no bid that keeps the bidding rules in {{where}} (e.g. "
                f"after bids {', '.join(map(str, made))} with {_cards(spot.cards)} and {spot.players} players, "
                f"bidder {len(made) + 1} has none: {named})"
            )
        if untried:
            message += f"; rounds past {MAX_BID_CHECKS:,} checks of the rules were not tried"
        yield Finding(
            "no-legal-bid",
            (("bidding", "rules", min((index[r] for r in refusing), default=0)),),
            tuple(sorted(hit, key=order.__getitem__)),
            message,
            everywhere=kind == "none" and lost == len(rounds),
        )


def _rules(edition: Edition) -> tuple[BidRule, ...]:
    """The bidding rules the look tries: those that do not read the game so far."""
    return tuple(rule for rule in edition.bidding.rules if not reads(rule.require))


def _cards(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


# --------------------------------------------------------------------- tie breaks


def tie_breaks(edition: Edition) -> list[Spot]:
    """The tie-break rounds a game may play: after each schedule, for every number of
    tied players (their cards left at 0: see :func:`_tie_break_deals`)."""
    if edition.ties != "extra_round":
        return []
    return [
        Spot(schedule.id, len(schedule.rounds) + 1, tied, 0, len(schedule.rounds), tie_break=True)
        for schedule in edition.schedules
        for tied in range(2, edition.max_players + 1)
    ]


def tie_break_rounds(edition: Edition, data: dict[str, Any]) -> list[Spot]:
    """The tie-break rounds the deck can deal, with their cards (``data``: the edition's
    file, merged)."""
    return _tie_break_deals(edition, data)[0]


def _tie_break_deals(edition: Edition, data: dict[str, Any]) -> tuple[list[Spot], list[Finding]]:
    """The tie-break rounds that can be dealt (with their cards), and what keeps the
    others from it; ``data`` is the edition's file, merged (for the size of its deck)."""
    out: list[Spot] = []
    problems: dict[str, tuple[str, list[Spot]]] = {}  # the kind of problem -> an example, the rounds

    def lost(kind: str, why: str, spot: Spot) -> None:
        problems.setdefault(kind, (why, []))[1].append(spot)

    for spot in tie_breaks(edition):
        tied = spot.players
        if tied < edition.min_players:
            lost("players", f"the edition is for {edition.min_players} to {edition.max_players} players", spot)
            continue
        hands = edition.hands(tied)
        last = edition.cards_dealt(spot.rounds, hands, spot.schedule) or 1
        try:
            cards = int(edition.extra_round_cards.evaluate({"last_cards": last, "players": tied}))
        except FormulaError as exc:
            lost("formula", str(exc), spot)
            continue
        if cards < 1:
            lost("cards", f"scoring.extra_round_cards gives {cards} cards (e.g. for {tied} players)", spot)
            continue
        round_ = {"round": spot.number, "cards": cards, "players": tied, "rounds": spot.rounds, "last_round": 0}
        short = short_deal(data, tied, hands, cards, each=_cards(cards), at=round_)
        if short is not None:
            lost("deck", f"e.g. {short}", spot)
            continue
        out.append(spot._replace(cards=cards))
    paths = (("scoring", "extra_round_cards"), ("scoring", "ties"))
    findings = [
        Finding("tie-break-unplayable", paths, tuple(hit), f"{{where}} cannot be dealt: {why}")
        for why, hit in problems.values()
    ]
    return out, findings


# --------------------------------------------------------------------- bid changes


def _bid_changes(edition: Edition, rounds: Iterable[Spot]) -> Iterator[Finding]:
    """Rounds where a bid change (Harry the Giant's) finds no value keeping some bid
    within the range: winning with its card then changes nothing."""
    change = edition.bid_changes
    if change is None or change.card is None:
        return
    hit: list[Spot] = []
    example: tuple[int, int, list[int]] | None = None
    for spot in rounds:
        found = _range(edition, spot)
        if isinstance(found, FormulaError):
            continue
        low, high = found
        lost = [b for b in range(low, high + 1) if not any(low <= b + v <= high for v in change.values)]
        if lost:
            hit.append(spot)
            example = example or (low, high, lost)
    if example is None:
        return
    low, high, lost = example
    values = ", ".join(f"{v:+d}" for v in change.values)
    yield Finding(
        "bid-change-impossible",
        (("scoring", "bid_changes", "values"),),
        tuple(hit),
        f"no bid change of {values} keeps every bid within the range in {{where}} (e.g. a bid of "
        f"{' or '.join(map(str, lost[:3]))} when bids run from {low} to {high}): winning with {change.card} then "
        "changes nothing",
    )


# --------------------------------------------------------------------- entry points


def errors(edition: Edition) -> list[Finding]:
    """What no round of any game under ``edition`` could play: a bid range empty in every
    round, or bidding rules that no set of bids keeps in any round (cheap for an edition
    where some round can be bid: the look ends there)."""
    return [f for f in _bidding(edition, spots(edition), stop=True) if f.everywhere]


def warnings(edition: Edition, data: dict[str, Any]) -> list[Finding]:
    """What some rounds of the games under ``edition`` could not play (see the module's
    description); ``data`` is the edition's file, merged."""
    rounds = spots(edition)
    dealt, found = _tie_break_deals(edition, data)
    return [*_bidding(edition, [*rounds, *dealt], stop=False), *found, *_bid_changes(edition, rounds)]


def located(edition: Edition, root: Node, finding: Finding, severity: str = "warning") -> Problem:
    """``finding`` as a problem at the node of ``root`` (the edition's merged tree) that
    set its rule: the first of its paths the tree holds (its section, when the edition
    leaves the rule to its default)."""
    paths = [path for path in finding.paths if root.at(path) is not None]
    loc = root.locate(paths[0] if paths else finding.paths[0])
    every = [*spots(edition), *tie_breaks(edition)]
    message = finding.message.replace("{where}", where(edition, finding.spots, every))
    code = finding.code if severity == "warning" else ""
    return Problem(file=loc.file, line=loc.line, column=loc.column, message=message, severity=severity, code=code)


def where(edition: Edition, hit: Iterable[Spot], every: Iterable[Spot]) -> str:
    """The rounds ``hit`` (of ``every`` round a game may play) in words, at most three
    phrases: ``round 1 of 'standard'; rounds 9-10 of 'broadside-barrage' with 8
    players; the tie-break round after any schedule (2 players tied)``."""
    hit = set(hit)
    every = list(every)
    counts = range(edition.min_players, edition.max_players + 1)
    # the player counts alike (the same rounds hit), each group in words
    rounds_hit: dict[int, frozenset[tuple[str, int]]] = {
        n: frozenset((s.schedule, s.number) for s in hit if s.players == n and not s.tie_break) for n in counts
    }
    groups: dict[frozenset[tuple[str, int]], list[int]] = {}
    for n, rounds in rounds_hit.items():
        if rounds:
            groups.setdefault(rounds, []).append(n)
    every_round = frozenset((s.schedule, s.number) for s in every if not s.tie_break)
    parts: list[str] = []
    for rounds, players in groups.items():
        who = "" if len(players) == len(counts) else f" with {_players(players)}"
        if rounds == every_round:
            parts.append(f"every round{who}")
            continue
        for schedule in edition.schedules:
            numbers = sorted(number for s, number in rounds if s == schedule.id)
            if len(numbers) == len(schedule.rounds):
                parts.append(f"every round of '{schedule.id}'{who}")
            elif numbers:
                parts.append(f"round{'s' if len(numbers) > 1 else ''} {_spans(numbers)} of '{schedule.id}'{who}")
    after: dict[frozenset[int], list[str]] = {}
    for schedule in edition.schedules:
        tied = frozenset(s.players for s in hit if s.tie_break and s.schedule == schedule.id)
        if tied:
            after.setdefault(tied, []).append(schedule.id)
    for tied, schedules in after.items():
        if len(schedules) == len(edition.schedules):
            named = "any schedule"
        else:
            named = ", ".join(f"'{s}'" for s in schedules[:3])
            named += f" and {len(schedules) - 3} more" if len(schedules) > 3 else ""
        parts.append(f"the tie-break round after {named} ({_players(tied)} tied)")
    more = f"; and {len(parts) - 3} more" if len(parts) > 3 else ""
    return "; ".join(parts[:3]) + more


def _spans(numbers: Iterable[int]) -> str:
    """``1, 2, 3, 5`` as ``1-3, 5``."""
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and spans[-1][1] == n - 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def _players(players: Iterable[int]) -> str:
    counts = sorted(players)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{_spans(counts)} player{'s' if counts != [1] else ''}"
