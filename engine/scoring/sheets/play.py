"""Score sheets: a round given as its whole play, replayed trick by trick."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from skullking.core.errors import IllegalTrickError, NotationError, SkullKingError
from skullking.core.suggest import unknown
from skullking.model.records import (
    Ability,
    AbilityKind,
    Ghost,
)
from skullking.reading.located import Node
from skullking.rounds.bidding import first_leader
from skullking.rounds.context import GameSoFar
from skullking.rounds.lookups import lookups
from skullking.rounds.seating import ghost_card, grants, seated, table_trick, tally
from skullking.tricks.interpreter import legal_plays

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.rounds.rules import GameRules
    from skullking.scoring.sheets.reader import ValueReader


class Replayed(NamedTuple):
    """What a round's whole play gave, per player of the round (not the ghost)."""

    #: Tricks won, as the scoring counts them: a trick nobody won that counts for a
    #: player (an effect's ``counts_for``) among them.
    won: dict[str, int]
    #: The capture bonus ids of those tricks.
    captures: dict[str, list[str]]
    #: The alliances formed: (Loot's player, trick winner).
    alliances: list[tuple[str, str]]
    #: The tricks won with a card: (trick number from 1, the winning play).
    wins: dict[str, list[tuple[int, Play]]]
    #: Each player's cards played, in play order (as declared).
    played: dict[str, list[Play]]
    #: Who leads on after the round's last trick, as the rules for a trick's winner and
    #: for a trick nobody wins have it (no ability's choice); ``None`` for the ghost hand.
    last_leader: str | None
    #: Who played each trick's cards, in play order (the ghost hand by his name).
    seats: tuple[tuple[str, ...], ...] = ()


class PlayReplay:
    """Replays a round given as its whole play (``tricks``): every card parsed and placed,
    the tricks resolved in seat order, copies and following suit checked; the problems
    go to the sheet's :class:`~skullking.scoring.sheets.reader.ValueReader`."""

    def __init__(self, edition: GameRules, values: ValueReader) -> None:
        self.edition = edition
        self.values = values

    def replay(
        self,
        node: Node,
        players: list[str],
        cards: int,
        modules: set[str],
        number: int,
        *,
        ghost: Ghost | None,
        chosen: list[tuple[Ability, dict[str, str]]],
        rounds: int,
        so_far: GameSoFar | None = None,
    ) -> Replayed | None:
        """The results of the round at ``node`` (``cards`` tricks of ``players``, and of
        ``ghost`` where it plays; ``chosen``: the leaders each leader-choosing ability
        named), or ``None`` after the first problem (the tricks after it would be read
        against a wrong play). ``so_far``: the game before the round, for a first
        leader that follows it (raises :class:`~skullking.core.errors.ContextError`
        where that is not known)."""
        count = len(players)
        size = count + (1 if ghost else 0)
        leader_node = node.value.get("leader")
        if leader_node is None:  # by default the deal passes left; left of the dealer leads
            leader = first_leader(self.edition, number=number, players=count, rounds=rounds, so_far=so_far)
        elif leader_node.value in players:
            leader = players.index(leader_node.value)
        else:
            self.values.error(leader_node, unknown("player", str(leader_node.plain()), players, where="'leader'"))
            return None
        tricks_node = node.value["tricks"]
        if not isinstance(tricks_node.value, list):
            self.values.error(tricks_node, "'tricks' must be a list of tricks, each a list of cards")
            return None
        if len(tricks_node.value) != cards:
            self.values.error(tricks_node, f"{len(tricks_node.value)} tricks, but {cards} cards were dealt")
            return None
        parsed: list[list[tuple[Play, Node]]] = []
        table = lookups(self.edition)
        known, module_of = table.texts, table.module  # a card's text parsed once an edition
        for k, trick in enumerate(tricks_node.value, start=1):
            items = trick.value if isinstance(trick.value, list) else None
            if items is None or len(items) != size:
                who = f"one per player and one for {ghost.name}" if ghost else "one per player"
                self.values.error(trick, f"trick {k} must list {size} cards, {who}")
                return None
            row = []
            for position, item in enumerate(items, start=1):
                if isinstance(item.value, dict | list):  # str() of them would show the tree's nodes
                    shape = "a mapping" if isinstance(item.value, dict) else "a list"
                    self.values.error(item, f"trick {k}, card {position}: a card is written as text, not as {shape}")
                    return None
                text = str(item.value)
                play = known.get(text)
                if play is None:
                    try:
                        found = self.edition.parse_cards(text)
                    except NotationError as exc:
                        self.values.error(item, f"trick {k}, card {position}: {exc}")
                        return None
                    if len(found) != 1:
                        self.values.error(item, f"trick {k}, card {position}: {text!r} is not one card")
                        return None
                    play = table.parsed(text, found[0])
                if module_of[play] not in modules:
                    self.values.error(item, f"trick {k}: '{play.code}' is not in play (module '{module_of[play]}')")
                    return None
                row.append((play, item))
            parsed.append(row)
        if not self._copies(parsed):
            return None
        names = [*players, ghost.name] if ghost else players
        known_seatings = table.seatings(tuple(names), ghost)
        seat, previous = leader, leader
        order: list[tuple[int, ...]] = []
        sat: list[tuple[str, ...]] = []  # who played each trick, in play order
        won = dict.fromkeys(players, 0)
        captured: list[tuple[str, tuple[str, ...]]] = []
        alliances: list[tuple[str, str]] = []
        wins: dict[str, list[tuple[int, Play]]] = {p: [] for p in players}
        exchanged: dict[int, int] = {}  # seat -> the last trick after which it exchanged cards
        played: dict[str, list[Play]] = {p: [] for p in players}
        for k, row in enumerate(parsed, start=1):
            sitting = seated(known_seatings, seat, previous, names, ghost)
            seats = sitting.order
            for position, (play, _) in enumerate(row):
                if seats[position] < count:
                    played[players[seats[position]]].append(play)
            at = sitting.ghost_at
            if ghost and at is not None:  # the ghost's declared cards are played as its rules say (said at his card)
                declared = self._ghost_card(row[at], ghost, k)
                if declared is None:
                    return None
                row[at] = (declared, row[at][1])
            order.append(seats)
            sat.append(sitting.names)
            try:
                at_table = table_trick(self.edition, [p for p, _ in row], sitting)
            except SkullKingError as exc:
                self.values.error(row[0][1], f"trick {k}: {exc}")
                return None
            result, following = at_table.result, at_table.next_seat
            ruled = following  # (who leads on by the rules alone, before an ability's choice)
            tally(won, captured, alliances, sitting.names, result)
            if result.winner is not None and seats[result.winner] < count:
                winner = players[seats[result.winner]]
                play = row[result.winner][0]
                wins[winner].append((k, play))
                for chooser, picks in chosen:  # (each card grants one: see checks)
                    if winner in picks and grants(chooser, play, k, cards, modules):
                        following = players.index(picks[winner])
                exchange = (a for a in self.edition.abilities if a.kind is AbilityKind.EXCHANGE)
                if any(grants(a, play, k, cards, modules) for a in exchange):
                    exchanged[seats[result.winner]] = k  # (a later exchange may draw what is played later)
            previous, seat = sitting.opened, following
        if not self._follows(parsed, order, names, count, exchanged):
            return None
        last = players[ruled] if ruled < count else None
        captures: dict[str, list[str]] = {p: [] for p in players}
        for player, bonuses in captured:
            captures[player].extend(bonuses)
        return Replayed(won, captures, alliances, wins, played, last, tuple(sat))

    def _ghost_card(self, entry: tuple[Play, Node], ghost: Ghost, k: int) -> Play | None:
        play, item = entry
        try:
            return ghost_card(self.edition, play, ghost)
        except IllegalTrickError as exc:
            self.values.error(item, f"trick {k}: {exc}")
            return None

    def _follows(
        self,
        parsed: list[list[tuple[Play, Node]]],
        order: list[tuple[int, ...]],
        names: list[str],
        live: int,
        exchanged: dict[int, int],
    ) -> bool:
        """Everybody followed suit with the hand their own later plays show (a ghost,
        seat ``live``, need not). A player who exchanged cards after trick k (Bendt the
        Bandit; the last such trick, when several cards exchange) may have held other
        cards until then: their tricks up to k go unchecked.
        (The plays are parsed and their copies checked by now: the follow-suit rule
        applies to them as they are.)"""
        resolver = self.edition.interpreter
        hands: list[list[Play]] = [[] for _ in names]
        for seats, row in zip(order, parsed, strict=True):
            for seat, (play, _) in zip(seats, row, strict=True):
                hands[seat].append(play)
        for k, (seats, row) in enumerate(zip(order, parsed, strict=True), start=1):
            trick_so_far: list[Play] = []
            for seat, (play, item) in zip(seats, row, strict=True):
                hand = hands[seat][k - 1 :]
                checked = seat < live and k > exchanged.get(seat, 0)
                if checked and play not in legal_plays(resolver, hand, trick_so_far):
                    suit = self.edition.led_suit(trick_so_far)
                    self.values.error(
                        item,
                        f"trick {k}: {names[seat]} played {play.code} but holds {suit} "
                        f"({', '.join(p.code for p in hand if p.card.suit == suit)}) and must follow suit",
                    )
                    return False
                trick_so_far.append(play)
        return True

    def _copies(self, parsed: list[list[tuple[Play, Node]]]) -> bool:
        """No card is played more often in the round than the deck has it; the error
        points at the copy too many."""
        edition = self.edition
        pools: Counter[int] = Counter()
        named: dict[str, list[int]] = {}  # a named card -> the tricks it was played in
        for k, row in enumerate(parsed, start=1):
            for play, item in row:
                pools[play.pool] += 1
                limit = edition.pool_limits[play.pool]
                if play.card.individual is not None:
                    code = play.card.code
                    tricks = named.setdefault(code, [])
                    most = edition.named_limits.get(code, 1)
                    if len(tricks) >= most:
                        if most == 1:
                            self.values.error(item, f"trick {k}: '{code}' was already played in trick {tricks[0]}")
                        else:
                            self.values.error(
                                item,
                                f"trick {k}: '{code}' is played {len(tricks) + 1} times in the round, "
                                f"but the deck has {most} copies",
                            )
                        return False
                    tricks.append(k)
                if pools[play.pool] > limit:
                    what = "copy" if limit == 1 else "copies"
                    self.values.error(
                        item,
                        f"trick {k}: '{play.code}' is played {pools[play.pool]} times in the round, "
                        f"but the deck has {limit} {what}",
                    )
                    return False
        return True
