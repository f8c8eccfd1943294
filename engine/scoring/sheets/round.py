"""One round of a score sheet read and scored: its keys, the cards dealt, the bids (and
the edition's bidding rules), the results given (``won``, with the ``bonuses`` and
``loot`` that :mod:`skullking.scoring.sheets.bonus` checks) or the whole play
(``tricks``, replayed by :mod:`skullking.scoring.sheets.play`), and the choices the
abilities made (wagers, bid changes, leaders chosen, loads), each checked against the
edition; then its points, by the scheme's
:meth:`~skullking.scoring.schemes.Scorer.points`. :class:`RoundReader` is the part of
:mod:`skullking.scoring.sheets.score`'s sheet reader that reads a round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from skullking.core.limits import MAX_EXTRA
from skullking.core.suggest import did_you_mean, unknown
from skullking.core.words import counted, were
from skullking.model.records import ROUND_KEYS, Ability, Ghost, Scheme, SheetChoice
from skullking.reading.located import Node
from skullking.rounds.bidding import (
    bid_range,
    bid_ranges,
    bidding_order,
    broken_rules,
    first_leader,
    range_read,
    ranges_game,
    rules_game,
)
from skullking.rounds.context import GameSoFar
from skullking.rounds.lookups import lookups
from skullking.rounds.seating import leader_abilities
from skullking.scoring.schemes import RoundScore, played_names_used, scorer
from skullking.scoring.sheets.bonus import BonusClaims
from skullking.scoring.sheets.play import PlayReplay, Replayed

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.rounds.rules import GameRules
    from skullking.scoring.sheets.reader import ValueReader


#: The keys of a round in progress: what is known once the bids are made.
_IN_PROGRESS_KEYS = ("in_progress", "bids", "cards", "players", "loads")


class InProgress(NamedTuple):
    """A sheet's last round while it is being played (``in_progress: true``): its
    number, the cards dealt and the bids made; it scores nothing yet."""

    number: int
    cards: int
    bids: dict[str, int]


class SheetRound(NamedTuple):
    """A sheet's round to read: its ``number`` and ``node``, who plays it (``players``:
    everybody, or a tie-break round's tied players), the ``scheme`` and ``schedule`` it
    is scored under, the ``modules`` in play, and the game before it (``so_far``, for an
    edition whose formulas read it; else ``None``)."""

    number: int
    node: Node
    players: list[str]
    scheme: Scheme
    schedule: str
    modules: set[str]
    so_far: GameSoFar | None = None


class ReadRound(NamedTuple):
    """A sheet's round scored, and what the next round needs of it about its play."""

    score: RoundScore
    #: Who leads on after its last trick (``None``: the ghost hand, or not known).
    last_leader: str | None
    #: Why ``last_leader`` is not known (the round gives no whole play), or "".
    last_missing: str
    #: The whole play replayed, for a round given with ``tricks``; else ``None``.
    play: Replayed | None = None


class RoundReader:
    """Reads and scores the rounds of one sheet (see the module's description): its own
    checks of a round's keys, cards, bids and choices, the whole play replayed by a
    :class:`~skullking.scoring.sheets.play.PlayReplay` and the claimed bonuses and
    alliances checked by a :class:`~skullking.scoring.sheets.bonus.BonusClaims`; every
    problem goes to the sheet's :class:`~skullking.scoring.sheets.reader.ValueReader`."""

    def __init__(self, edition: GameRules, values: ValueReader) -> None:
        self.edition = edition
        self.values = values
        self.whole_play = PlayReplay(edition, values)
        self.claims = BonusClaims(edition, values)

    def score(self, at: SheetRound) -> ReadRound | None:
        """The round ``at`` scored (after the game so far, for formulas that read it; see
        :mod:`skullking.rounds.context`); ``None`` when it has problems (each noted).
        Raises :class:`~skullking.core.errors.FormulaError` when a formula of the edition
        fails on the round's values, and :class:`~skullking.core.errors.ContextError`
        when one reads the game so far where it is not known."""
        number, node, players, scheme, schedule, modules, so_far = at
        values, edition = self.values, self.edition
        if not isinstance(node.value, dict):
            values.error(node, "a round must be a mapping with 'bids' and 'won' or 'tricks'")
            return None
        before = len(values.problems)
        if "in_progress" in node.value:  # (the last round's is read by in_progress)
            values.error(node.key_loc["in_progress"], "only the sheet's last round may be in progress")
            return None
        opened = self._bids(at)
        if opened is None:
            return None
        cards, bids, ranges = opened
        choosers = leader_abilities(edition)
        ghost = edition.ghost_at(len(players))
        rounds = len(edition.schedule(schedule).rounds)
        has_tricks, has_won = "tricks" in node.value, "won" in node.value
        if has_tricks == has_won:
            values.error(
                node,
                "give either 'won' (tricks won per player) or 'tricks' (the whole play), not both"
                if has_tricks
                else "give 'won' (tricks won per player) or 'tricks' (the whole play)",
            )
            return None
        if has_tricks:
            for key in ("bonuses", "loot"):
                if key in node.value:
                    values.error(node.key_loc[key], f"'{key}' is computed from 'tricks'; do not give both")
            chosen = [(chooser, self._chosen_leaders(node, players, chooser)) for chooser in choosers]
            outcome = self.whole_play.replay(
                node, players, cards, modules, number, ghost=ghost, chosen=chosen, rounds=rounds, so_far=so_far
            )
            if outcome is None:
                return None
            won, captures, alliances, wins, played, last_leader, _ = outcome
            whole: Replayed | None = outcome
            last_missing = ""
        else:
            for seating in ("leader", *(chooser.sheet_key for chooser in choosers)):
                if seating is not None and seating in node.value:
                    values.error(
                        node.key_loc[seating],
                        f"'{seating}' seats a trick: it goes with 'tricks' (the whole play), not 'won'",
                    )
            counts = {
                p: values.whole_number(n, f"{p}'s tricks won", 0, cards)
                for p, n in values.per_player(node, "won", players, required=True).items()
            }
            captures = self.claims.bonuses(node, players, counts, modules)
            alliances = self.claims.loot(node, players, counts, modules)
            won = {p: v for p, v in counts.items() if v is not None}
            needs_play = played_names_used(scheme)
            if needs_play:
                values.error(
                    node,
                    f"scoring '{scheme.id}' counts the cards each player played ({', '.join(needs_play)}): "
                    "give the whole play ('tricks') instead of 'won'",
                )
            played = None
            whole = None
            last_leader = None
            last_missing = f"round {number} gives the tricks won ('won'), not its whole play ('tricks')"
            if len(won) == len(players):
                self._sum_check(node.value["won"], won, cards, modules, ghost=ghost)
        extra = {
            p: values.whole_number(n, f"{p}'s extra points", -MAX_EXTRA, MAX_EXTRA)
            for p, n in values.per_player(node, "extra", players, required=False).items()
        }
        wagers = self._choices(node, players, edition.wagers, "wager")
        changes = self._choices(node, players, edition.bid_changes, "bid change")
        for choice in (edition.wagers, edition.bid_changes, *choosers):
            self._in_play(node, choice, modules)
        if has_tricks:  # the play shows who won with which card
            earned: list[tuple[SheetChoice | Ability | None, Mapping[str, object]]] = [
                (edition.wagers, wagers),
                (edition.bid_changes, changes),
                *chosen,
            ]
            for choice, made in earned:
                if choice is not None and choice.card is not None and choice.sheet_key is not None:
                    self._earned(node, choice, made, wins, cards)
        for p, change in changes.items():
            bid = bids.get(p)
            low, high = ranges[p]
            if bid is not None and not low <= bid + change <= high:
                key = edition.bid_changes.sheet_key if edition.bid_changes else ""
                values.error(node.value[key].value[p], f"{p}'s bid {bid} changed by {change} leaves {low}..{high}")
        loads = self._loads(node, players, scheme)
        if len(values.problems) > before:
            return None
        scoring = scorer(edition, scheme)
        game = scoring.game(edition, so_far=so_far, players=players, number=number, rounds=rounds)
        points = scoring.points(
            number=number,
            cards=cards,
            players=players,
            bids={p: b + changes.get(p, 0) for p, b in bids.items() if b is not None},
            won=won,
            captured=captures.items(),
            alliances=alliances,
            wagers=wagers,
            loads=loads,
            rounds=rounds,
            extra={p: x for p, x in extra.items() if x is not None},
            played=played,
            game=game,
        )
        return ReadRound(points, last_leader, last_missing, whole)

    def in_progress(self, at: SheetRound) -> InProgress | None:
        """The round ``at`` as a round in progress (``in_progress: true``: the bids made,
        the round not played out yet), its bids checked as a played round's are (the
        range, the bidding rules); ``None`` when it has problems (each noted)."""
        number, node, scheme = at.number, at.node, at.scheme
        values = self.values
        before = len(values.problems)
        if node.value["in_progress"].value is not True:
            values.error(node.value["in_progress"], "'in_progress' is true or left out")
        for key in node.value:
            if key not in _IN_PROGRESS_KEYS and key in self._keys(scheme):  # (an unknown key is said by _bids)
                values.error(
                    node.key_loc[key],
                    f"'{key}' is given once the round is played: a round in progress has its bids only",
                )
        opened = self._bids(at)
        if opened is None or len(values.problems) > before:
            return None
        cards, bids, _ = opened
        return InProgress(number, cards, {p: b for p, b in bids.items() if b is not None})

    def _bids(self, at: SheetRound) -> tuple[int, dict[str, int | None], dict[str, tuple[int, int]]] | None:
        """What every round gives and is checked for first: its keys (each one the sheet
        knows), the cards dealt, and the bids (in range, keeping the bidding rules; a bid
        with a problem is ``None``); ``None`` when the cards dealt cannot be told."""
        number, node, players, scheme, schedule, modules, so_far = at
        values, edition = self.values, self.edition
        allowed = self._keys(scheme)
        for key in node.value:
            if key not in allowed:
                values.error(
                    node.key_loc.get(key, node.loc),
                    f"unknown key '{key}'{did_you_mean(key, allowed)} (allowed: {', '.join(allowed)})",
                )
        cards = self._cards(number, node, len(players), schedule, modules)
        if cards is None:
            return None
        rounds = len(edition.schedule(schedule).rounds)
        if range_read(edition):  # (each player's own range: the limits read the game so far)
            game = ranges_game(edition, so_far=so_far, players=players, number=number, rounds=rounds)
            ranges = bid_ranges(edition, cards=cards, number=number, players=players, rounds=rounds, game=game)
        else:  # (kept with the edition under the key a Round keeps it under: the same for every round alike)
            count = len(players)
            shared = lookups(edition).value(
                ("bid_range", cards, number, count, rounds),
                lambda: bid_range(edition, cards=cards, number=number, players=count, rounds=rounds),
            )
            ranges = dict.fromkeys(players, shared)
        bid_nodes = values.per_player(node, "bids", players, required=True)
        bids = {p: values.whole_number(n, f"{p}'s bid", *ranges[p]) for p, n in bid_nodes.items()}
        self._bidding_rules(node, players, bids, bid_nodes, cards=cards, number=number, rounds=rounds, so_far=so_far)
        return cards, bids, ranges

    def _keys(self, scheme: Scheme) -> tuple[str, ...]:
        """The keys a round of the sheet may have: every sheet's, the edition's choices
        (wagers, bid changes, leaders chosen) and, under a scheme with loads, ``loads``."""
        edition = self.edition
        choices = (edition.wagers, edition.bid_changes)
        allowed = (*ROUND_KEYS, *(choice.sheet_key for choice in choices if choice))
        choosers = leader_abilities(edition)
        allowed = (*allowed, *(chooser.sheet_key for chooser in choosers if chooser.sheet_key))
        return (*allowed, "loads") if scheme.loads else allowed

    def _bidding_rules(
        self,
        node: Node,
        players: list[str],
        bids: Mapping[str, int | None],
        bid_nodes: Mapping[str, Node],
        *,
        cards: int,
        number: int,
        rounds: int,
        so_far: GameSoFar | None,
    ) -> None:
        """The bids keep the edition's bidding rules (checked once every bid is sound)."""
        edition = self.edition
        if not edition.bidding.rules or any(bids.get(p) is None for p in players):
            return
        leader_node = node.value.get("leader")
        if leader_node is not None and leader_node.value in players:
            leader = players.index(leader_node.value)
        elif edition.bidding.order == "in_turn":  # (the order matters only then)
            leader = first_leader(edition, number=number, players=len(players), rounds=rounds, so_far=so_far)
        else:
            leader = 0
        made = {p: b for p, b in bids.items() if b is not None}
        order = bidding_order(edition, players, leader=leader, number=number, rounds=rounds, so_far=so_far)
        game = rules_game(edition, so_far=so_far, players=players, number=number, rounds=rounds)
        for broken in broken_rules(edition, made, order, cards=cards, number=number, rounds=rounds, game=game):
            where = bid_nodes[broken.player] if broken.player is not None else node.value["bids"]
            self.values.error(where, broken.message(made))

    def _earned(
        self,
        node: Node,
        choice: SheetChoice | Ability,
        made: Mapping[str, object],
        wins: dict[str, list[tuple[int, Play]]],
        tricks: int,
    ) -> None:
        """A choice tied to a card needs a trick its player won with that card (not the
        round's last one, when the edition says so)."""
        card, key = choice.card, choice.sheet_key
        assert key is not None
        for player, value in made.items():
            if not value:
                continue  # nothing chosen
            where = node.value[key].value[player]
            with_card = [k for k, play in wins[player] if card in (play.card.kind, play.card.individual)]
            usable = with_card if choice.after_last_trick else [k for k in with_card if k < tricks]
            if not with_card:
                self.values.error(where, f"{player}'s {key} needs a trick won with {card}; {player} won none")
            elif not usable:
                self.values.error(
                    where,
                    f"{player} won only the last trick with {card}, whose ability cannot be used after "
                    f"the round's last trick",
                )

    def _in_play(self, node: Node, choice: SheetChoice | Ability | None, modules: set[str]) -> None:
        """A choice that comes with a module (an expansion's pirate powers) needs it in play."""
        if choice is None or choice.module is None or choice.module in modules or choice.sheet_key is None:
            return
        if choice.sheet_key in node.value:
            self.values.error(
                node.key_loc.get(choice.sheet_key, node.loc),
                f"'{choice.sheet_key}' comes with module '{choice.module}', which is not in play",
            )

    def _chosen_leaders(self, node: Node, players: list[str], ability: Ability) -> dict[str, str]:
        """Who each player who won a trick with the leader-choosing card named to lead
        the next trick (``rosie: {Emma: Nico}``)."""
        if ability.sheet_key is None:
            return {}
        out: dict[str, str] = {}
        for p, n in self.values.per_player(node, ability.sheet_key, players, required=False).items():
            if n.value not in players:
                self.values.error(n, f"{p}'s {ability.sheet_key}: {unknown('player', str(n.plain()), players)}")
            else:
                out[p] = n.value
        return out

    def _choices(self, node: Node, players: list[str], choice: SheetChoice | None, what: str) -> dict[str, int]:
        """A per-player choice among the edition's values (wagers, bid changes)."""
        if choice is None:
            return {}
        key, values = choice.sheet_key, choice.values
        out: dict[str, int] = {}
        for p, n in self.values.per_player(node, key, players, required=False).items():
            if n.value not in values or isinstance(n.value, bool):
                allowed = ", ".join(str(v) for v in values)
                self.values.error(n, f"{p}'s {what} {n.plain()!r} is not one of {allowed}")
            else:
                out[p] = n.value
        return out

    def _loads(self, node: Node, players: list[str], scheme: Scheme) -> dict[str, str]:
        """Each player's load under a scheme with loads (the first is the default)."""
        if not scheme.loads:
            return {}
        chosen = dict.fromkeys(players, scheme.loads[0])
        for p, n in self.values.per_player(node, "loads", players, required=False).items():
            load = scheme.load_id(n.value) if isinstance(n.value, str) else None
            if load is None:
                self.values.error(n, f"{p}'s load {n.plain()!r} is not one of {', '.join(scheme.loads)}")
            else:
                chosen[p] = load
        return chosen

    def _cards(self, number: int, node: Node, players: int, schedule: str, modules: set[str]) -> int | None:
        """The cards dealt each in round ``number`` of ``players``: as given, else the
        schedule's, and in a tie-break round past it the edition's
        ``scoring.extra_round_cards`` (where the edition breaks ties with another round)."""
        given = node.value.get("cards")
        count = self.edition.hands(players)
        if given is None:
            cards = self.edition.cards_dealt(number, count, schedule)
            if cards is None and self.edition.ties == "extra_round":
                return self.edition.tie_break_cards(players, schedule)
            if cards is None:
                rounds = len(self.edition.schedule(schedule).rounds)
                self.values.error(
                    node, f"the '{schedule}' schedule has {counted(rounds, 'round')}; give 'cards' for an extra round"
                )
            return cards
        most = len(self.edition.deck(modules)) // count
        if self.edition.hand_limit is not None:
            most = min(most, int(self.edition.hand_limit.evaluate({"players": count})))
        return self.values.whole_number(given, "cards", 1, most)

    def _sum_check(
        self, where: Node, won: dict[str, int], cards: int, modules: set[str], *, ghost: Ghost | None = None
    ) -> None:
        total = sum(won.values())
        lost = cards if ghost else self.edition.destroying_cards(modules)  # a ghost may win any trick
        if total > cards:
            self.values.error(where, f"{counted(total, 'trick')} won in all, but only {cards} {were(cards)} played")
        elif total < cards - lost:
            allowed = (
                f"at most {lost} trick{'s' if lost != 1 else ''} may be lost to trick-destroying cards"
                if lost
                else "no card in play can leave a trick that counts for nobody"
                if any(e.counts_for for e in self.edition.effects)
                else "no card in play can destroy a trick"
            )
            self.values.error(
                where, f"{counted(total, 'trick')} won in all, but {cards} {were(cards)} played ({allowed})"
            )
