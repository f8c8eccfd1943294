"""The commands about one trick: ``trick`` resolves it (who wins, why, the bonus, who
leads next; ``--batch``: one a line, :mod:`~skullking.tools.batch`), ``legal`` lists
the cards of a hand that may be played on it."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from skullking.core.words import counted
from skullking.tools.batch import trick_batch, trick_json
from skullking.tools.common import NO_CARDS, PROG, UsageError, in_round, named_edition, text_lines, write_json

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import TrickResult


def trick_text(edition: Edition, cards: Sequence[Any], result: TrickResult) -> str:
    """``trick``'s text: who wins and why (the deciding rule's description), who a trick
    nobody wins counts for (an effect's ``counts_for``), the bonus and when the
    edition's default scheme pays it (``Bonus if the bid holds``, as its cases say:
    :func:`~skullking.scoring.paid.when_paid`), alliances and the next leader, a line
    each."""
    from skullking.scoring.paid import when_paid  # (for the text alone: trick's JSON and legal start without it)

    lines = []
    if result.winner is None:
        lines.append(f"Nobody wins the trick: {result.reason} [{result.rule}].")
        if result.counts_for is not None:
            lines.append(f"The trick counts for seat {result.counts_for} as a trick won.")
    else:
        card = cards[result.winning_card or 0]
        lines.append(f"Seat {result.winner} wins with {card}: {result.reason} [{result.rule}].")
    if result.bonus:
        ids = ", ".join(result.bonuses)
        lines.append(f"Bonus {when_paid(edition.scheme(), 'bonus').words()}: {result.bonus} ({ids}).")
    lines.extend(f"Alliance: seat {a} (alliance card) with seat {b}." for a, b in result.alliances)
    lines.append(f"Seat {result.next_leader} leads the next trick.")
    return text_lines(lines)


def cmd_trick(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    if args.batch is not None:
        if args.cards:
            raise UsageError("give cards or --batch, not both")
        for option, value in (("--leader", args.leader), ("--players", args.players), ("--round", args.round)):
            if value is not None:
                raise UsageError(
                    f"{option} does not go with --batch: each line gives its own 'leader', 'players' and 'round'"
                )
        return trick_batch(edition, args.batch, out)
    if not args.cards:
        raise UsageError(f"{NO_CARDS} (e.g. skullking trick Y10 Y6 G14 B2)")
    cards = edition.parse_cards(args.cards)
    if args.players is None and len(cards) < edition.min_players:
        table = max(edition.min_players, min(4, edition.max_players))
        example = " ".join([PROG, "trick", *map(str, cards), "--players", str(table)])
        raise UsageError(
            f"{counted(len(cards), 'card')} and no --players: without it the table is as large as the trick, and "
            f"this edition is for {edition.min_players} to {edition.max_players} players; give the table's size "
            f"with --players (e.g. {example})"
        )
    edition = in_round(edition, args.round, args.players or len(cards))
    result = edition.resolve_trick(edition.parse_cards(list(cards)), leader=args.leader or 0, players=args.players)
    if args.format == "json":
        write_json(out, trick_json(result))
    else:
        out.write(trick_text(edition, cards, result))
    return 0


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    edition = named_edition(args.edition, args)
    edition = in_round(edition, args.round, args.players or max(len(args.cards), edition.min_players))
    legal = edition.legal_plays(args.hand, edition.parse_cards(args.cards), players=args.players)
    codes = [str(p) for p in legal]
    if args.format == "json":
        write_json(out, {"legal": codes})
    else:
        suit = edition.led_suit(args.cards)
        led = f"led suit: {suit}" if suit else "no led suit: any card may be played"
        out.write(f"Legal: {' '.join(codes)} ({led})\n")
    return 0
