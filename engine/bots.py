"""Kept for code written against the engine's first layout, which imported the bots from
``skullking.bots``: they live in :mod:`skullking.analysis.bots`. New code imports from
there (or from :mod:`skullking`).
"""

from skullking.analysis.bots import (
    BOTS,
    STRENGTH_SAMPLES,
    Bot,
    HeuristicBot,
    RandomBot,
    SeatView,
    make_bots,
    play_round,
    strengths,
)

__all__ = [
    "BOTS",
    "STRENGTH_SAMPLES",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SeatView",
    "make_bots",
    "play_round",
    "strengths",
]
